"""The service: the one way into the tool for the CLI, the chat page, the HTTP API and evaluation.

A `RagService` owns the components of one configuration: the embedding model, the Chroma
collection, the BM25 index that mirrors it, the retriever over both, and one answerer per profile.
Components are built on first use and shared by every caller; an ingest through the service
refreshes them, and so does a change made by another process (an ingest from another terminal,
a `--reindex`), noticed before a search at most every `store.refresh_seconds`. A profile whose
store, embedding, chunking or retrieval settings differ from the service's own gets components
of its own, built the same way.
"""

from __future__ import annotations

import json
import sys
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any, Iterable, Mapping

from rag.answer import Answer, Answerer, AnswerStream
from rag.backends import build_backend
from rag.bm25_index import load_or_build, manifest_stamp
from rag.embeddings import SentenceTransformerEmbedding, build_embedding
from rag.errors import EmptyStoreError, RagError
from rag.examples import example_questions
from rag.ingest import IngestReport, bm25_dir, ingest
from rag.lock import ingest_running
from rag.postprocess import build_postprocessors
from rag.retrieval import PaperHit, PaperRetriever
from rag.settings import Settings, available_profiles, load_settings
from rag.store import ChunkStore, drop_collection, open_store

# Sections that decide which store and retriever a profile reads; profiles equal on these share them.
_COMPONENT_KEYS = ("data_dir", "store", "embedding", "chunking", "retrieval")


class RagService:
    """Everything one configuration can do: ingest, search, stats, answers. Thread-safe.

    `overrides` are dotted settings (e.g. from the command line) applied to every profile this
    service loads for `answerer(profile)`.
    """

    def __init__(self, settings: Settings, overrides: Mapping[str, Any] | None = None) -> None:
        self.settings = settings
        self.overrides = dict(overrides or {})
        self._lock = threading.RLock()
        self._store: ChunkStore | None = None
        self._retriever: PaperRetriever | None = None
        self._answerers: dict[str, Answerer] = {}
        self._peers: dict[str, RagService] = {}
        self._loaded_stamp: tuple[Any, ...] | None = None  # the store's stamp when the retriever was built
        self._checked_at = 0.0  # time.monotonic() of the last check for changes by other processes

    # -- components --------------------------------------------------------------------------
    @property
    def embedder(self) -> SentenceTransformerEmbedding:
        """The configured embedding model (loaded once per process)."""
        return build_embedding(self.settings.embedding)

    @property
    def store(self) -> ChunkStore:
        """The configured collection, opened on first use; RagError when unreachable or built with another model."""
        with self._lock:
            if self._store is None:
                self._store = self._open(reset=False)
            return self._store

    @property
    def retriever(self) -> PaperRetriever:
        """The hybrid retriever over the store and its BM25 index (loaded, or rebuilt if out of step)."""
        with self._lock:
            if self._retriever is None:
                store = self.store
                bm25 = load_or_build(store, bm25_dir(self.settings, store.name))
                stages = build_postprocessors(self.settings, self.embedder)
                self._retriever = PaperRetriever(self.settings, store, self.embedder, bm25, stages)
                self._loaded_stamp = self._stamp(store)
                self._checked_at = time.monotonic()
            return self._retriever

    def collection(self, name: str) -> "RagService":
        """A service over another collection of the same store (e.g. an evaluation corpus)."""
        return RagService(self.settings.model_copy(update={"store": self.settings.store.model_copy(update={"collection": name})}))

    # -- operations --------------------------------------------------------------------------
    def ingest(self, paths: Iterable[str | Path] | None = None, prune: bool = False, reindex: bool = False,
               progress: bool = True, wait: bool = True) -> IngestReport:
        """Read `paths` (default: the configured corpus) into the store; see `rag.ingest.ingest`."""
        chosen = list(paths) if paths is not None else self.settings.corpus_paths()
        with self._lock:
            report = ingest(self.settings, self._reopen, self.embedder, chosen, prune=prune, reindex=reindex,
                            progress=progress, wait=wait)
            self._retriever = None  # the BM25 index and filter fields changed
            return report

    def search(self, query: str, top_k: int | None = None, filters: Mapping[str, Any] | None = None,
               mode: str | None = None) -> list[PaperHit]:
        """The best papers for `query` above the relevance floor, best first (see PaperRetriever.search)."""
        if top_k is not None and top_k < 1:
            raise RagError("top_k must be at least 1")
        return self._filled(self._current()).search(query, top_k=top_k, filters=filters, mode=mode)

    def stats(self) -> dict[str, Any]:
        """Counts and configuration of the collection, in the shape of `rag stats --json`."""
        store, embedder = self.store, self.embedder
        papers = store.inventory().papers.values()  # current versions only (rag.versions)
        sources = Counter(version.first.get("source", "") for version in papers)
        return {
            "papers": sum(sources.values()),
            "chunks": sum(len(version.chunk_ids) for version in papers),
            "embedding_model": embedder.model_name,
            "embedding_dim": embedder.dimension,
            "chunk_tokens": store.chunk_tokens,
            "store_mode": self.settings.store.mode,
            "store": store.location,
            "collection": store.name,
            "profile": self.settings.profile,
            "sources": dict(sorted(sources.items())),
        }

    def ensure_corpus(self, progress: bool = True) -> dict[str, Any]:
        """The store's stats, after ingesting the configured corpus (the seeds) if the store is empty."""
        stats = self.stats()
        if stats["papers"] == 0:
            if progress:
                paths = ", ".join(str(p) for p in self.settings.corpus_paths())
                print(f"the store is empty; ingesting {paths}", file=sys.stderr, flush=True)
            self.ingest(progress=progress)
            stats = self.stats()
        return stats

    def abstract(self, paper_id: str) -> str:
        """The whole abstract of a stored paper ("" when it is not stored)."""
        return self.store.abstract(paper_id)

    def example_questions(self) -> list[str]:
        """Questions to offer on the chat page that this store's papers answer (`rag.examples`)."""
        return example_questions(self.retriever.papers(), self.settings.corpus.example_questions)

    def profiles(self) -> list[str]:
        """The profiles callers may choose, `default` first."""
        return available_profiles()

    def answerer(self, profile: str | None = None) -> Answerer:
        """The answerer of `profile` (default: this service's own), built on first use and shared.

        Raises RagError when the profile is unknown or its store or backend cannot be opened.
        """
        name = profile or self.settings.profile
        with self._lock:
            if name not in self._answerers:
                settings = self.settings if name == self.settings.profile else load_settings(profile=name, overrides=self.overrides)
                owner = self._owner_of(settings)
                self._answerers[name] = Answerer(settings, owner.retriever, build_backend(settings))
            return self._answerers[name]

    def start(self, profile: str | None = None) -> Answerer:
        """The answerer of `profile` with its model loaded and tried on one token, so that a backend
        which cannot answer (no model file, server down) fails here with its RagError, not on a
        user's question. A profile that fails is not kept."""
        name = profile or self.settings.profile
        answerer = self.answerer(name)
        try:
            answerer.writer.warm_up()
        except RagError:
            with self._lock:
                self._answerers.pop(name, None)
            raise
        return answerer

    def stream(self, question: str, history: list[dict] | None = None, top_k: int | None = None,
               profile: str | None = None) -> AnswerStream:
        """The answer to `question` as it is written (see `Answerer.stream`)."""
        answerer = self.answerer(profile)
        answerer.retriever = self._filled(self._owner_of(answerer.settings)._current())
        return answerer.stream(question, history=history, top_k=top_k)

    def ask(self, question: str, history: list[dict] | None = None, top_k: int | None = None,
            profile: str | None = None) -> Answer:
        """The final checked answer to `question`."""
        return self.stream(question, history, top_k, profile).answer

    # -- internals -----------------------------------------------------------------------------
    def _current(self) -> PaperRetriever:
        """The retriever, rebuilt first when the store changed behind this process's back since it was
        built (checked at most every `store.refresh_seconds`, never while an ingest is running)."""
        retriever = self.retriever
        every = self.settings.store.refresh_seconds
        if not every or time.monotonic() - self._checked_at < every:
            return retriever
        with self._lock:
            if self._retriever is not retriever or time.monotonic() - self._checked_at < every:
                return self.retriever  # another thread checked or rebuilt meanwhile
            self._checked_at = time.monotonic()
            if ingest_running(self.settings, retriever.store.name):
                return retriever  # half-written: look again once it is done
            try:
                stamp = self._stamp(retriever.store)
            except RagError:
                stamp = None  # the collection is gone: dropped and re-created by a `--reindex`
            if stamp == self._loaded_stamp:
                return retriever
            self._store, self._retriever = self._open(reset=False, fresh=True), None
            return self.retriever

    def _stamp(self, store: ChunkStore) -> tuple[Any, ...]:
        """What changes when another process writes the store: its BM25 index file (same machine) and
        its chunk count (any machine). Raises RagError when the collection is gone."""
        return manifest_stamp(bm25_dir(self.settings, store.name)), store.count()

    def _filled(self, retriever: PaperRetriever) -> PaperRetriever:
        """`retriever`, after checking that its store holds papers; EmptyStoreError (one line) when not."""
        if retriever.bm25.empty and retriever.store.count() == 0:
            store = retriever.store
            raise EmptyStoreError(
                f"the store at {store.location} (collection '{store.name}') holds no papers yet; fill it with "
                f"`rag ingest` (the seed abstracts) or `rag ingest PATH`"
            )
        return retriever

    def _open(self, reset: bool, fresh: bool = False) -> ChunkStore:
        embedder = self.embedder
        if reset:
            drop_collection(self.settings)
        return open_store(self.settings, embedder.model_name, embedder.dimension, fresh=fresh)

    def _reopen(self, reset: bool) -> ChunkStore:
        """The store for an ingest: the open one, or opened now; emptied first when `reset` (the cached handle follows)."""
        if reset or self._store is None:
            self._store = self._open(reset)
        return self._store

    def _owner_of(self, settings: Settings) -> "RagService":
        """This service when `settings` read the same store the same way, else a peer service for them."""
        key = _component_key(settings)
        if key == _component_key(self.settings):
            return self
        if key not in self._peers:
            self._peers[key] = RagService(settings)
        return self._peers[key]


def _component_key(settings: Settings) -> str:
    dumped = settings.model_dump(mode="json")
    return json.dumps({k: dumped[k] for k in _COMPONENT_KEYS}, sort_keys=True)


def open_service(profile: str | None = None, overrides: Mapping[str, Any] | None = None) -> RagService:
    """A service for `profile` (default: RAG_PROFILE or 'default') with dotted `overrides` applied."""
    return RagService(load_settings(profile=profile, overrides=overrides), overrides)
