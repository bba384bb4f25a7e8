"""One answer backend per config profile, built on first use and shared by every chat session."""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import Any, Mapping

from rag.answer import Answerer, build_answerer
from rag.embeddings import build_embedding
from rag.llm import backend_label
from rag.settings import Settings, available_profiles, load_settings
from rag.sources import abstract_of
from rag.store import ChunkStore, open_store


@dataclass
class Backend:
    """A ready answerer for one profile, with the store its sources come from."""

    profile: str
    settings: Settings
    answerer: Answerer
    store: ChunkStore

    @property
    def label(self) -> str:
        """The backend's name as its answers carry it, e.g. "extractive" or "llama-cpp:SmolLM2-135M-Instruct"."""
        return backend_label(self.settings.llm)

    def warm_up(self) -> None:
        """Load the model and have it write one token, so that a backend which cannot answer (no
        model file, server down) fails here with its RagError rather than on a user's question."""
        if self.answerer.model is not None:
            pieces = self.answerer.model.stream([{"role": "user", "content": "Say OK."}])
            try:
                next(pieces, None)
            finally:
                pieces.close()

    def abstracts(self, answer: Any) -> dict[str, str]:
        """The whole abstract of every paper an answer retrieved, by paper id."""
        return {hit.paper_id: abstract_of(hit, self.store) for hit in answer.sources}


@dataclass
class BackendRegistry:
    """Builds and caches one Backend per profile; a profile that fails is not cached.

    `overrides` are the command line's dotted settings (e.g. data_dir) applied to every profile.
    """

    overrides: Mapping[str, Any] = field(default_factory=dict)
    _backends: dict[str, Backend] = field(default_factory=dict)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def profiles(self) -> list[str]:
        """The profiles a user may pick: every config/*.yaml, `default` first."""
        return available_profiles()

    def get(self, profile: str) -> Backend:
        """The backend of `profile`, built and its model loaded on first use; raises RagError when
        it cannot start (bad profile, unreachable store, model that does not load)."""
        backend = self._backends.get(profile)
        if backend is not None:
            return backend
        with self._lock:
            if profile not in self._backends:
                self._backends[profile] = _build(profile, self.overrides)
            return self._backends[profile]


def _build(profile: str, overrides: Mapping[str, Any]) -> Backend:
    settings = load_settings(profile=profile, overrides=overrides)
    embedder = build_embedding(settings.embedding)
    store = open_store(settings, embedder.model_name, embedder.dimension)
    backend = Backend(profile, settings, build_answerer(settings), store)
    backend.warm_up()
    return backend
