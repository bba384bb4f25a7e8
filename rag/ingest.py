"""Ingestion: corpus files → chunks → embeddings → Chroma, then the BM25 index rebuilt to match.

Idempotent by content hash: unchanged papers are skipped, changed ones have their chunks replaced,
and nothing is written until every file has been read and every new chunk embedded, so a bad file
or an interrupted run leaves the store as it was.
"""

from __future__ import annotations

import sys
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Callable, Iterable

from rag.bm25_index import rebuild
from rag.chunking import Chunk, chunk_text
from rag.corpus import Paper, read_corpus
from rag.metadata import chunk_metadata
from rag.embeddings import SentenceTransformerEmbedding
from rag.settings import Settings
from rag.store import ChunkStore

PROGRESS_MIN_CHUNKS = 64


@dataclass
class IngestReport:
    """What an ingest run did, in the shape of `rag ingest --json`."""

    added: int = 0
    updated: int = 0
    unchanged: int = 0
    removed: int = 0
    papers: int = 0
    chunks: int = 0

    def as_dict(self) -> dict[str, int]:
        """The report as a plain dict (the CLI's JSON contract)."""
        return asdict(self)


def bm25_dir(settings: Settings, collection: str) -> Path:
    """Folder of the BM25 index that mirrors `collection`."""
    return settings.data_path / "bm25" / collection


def ingest(
    settings: Settings,
    open_store: Callable[[bool], ChunkStore],
    embedder: SentenceTransformerEmbedding,
    paths: Iterable[str | Path],
    prune: bool = False,
    reindex: bool = False,
    progress: bool = True,
) -> IngestReport:
    """Bring the store in line with the papers in `paths`; see the module docstring for guarantees.

    `open_store(reset)` gives the store, emptied first when `reset` is true; it is called once,
    after every file has been read. `prune` also removes stored papers that came from `paths` but
    are no longer there; `reindex` empties the store first (needed after changing the embedding model).
    """
    paths = [Path(p).resolve() for p in paths]
    papers = read_corpus(paths)
    store = open_store(reindex)
    stored = store.paper_hashes()
    source_paths = store_sources(store)

    report = IngestReport()
    fresh: list[Paper] = []
    for paper in papers:
        if paper.paper_id not in stored:
            report.added += 1
            fresh.append(paper)
        elif stored[paper.paper_id] != paper.content_hash:
            report.updated += 1
            fresh.append(paper)
        else:
            report.unchanged += 1
    stale = [p.paper_id for p in fresh if p.paper_id in stored]
    if prune:
        current = {p.paper_id for p in papers}
        gone = [
            pid for pid, source in source_paths.items()
            if pid not in current and any(_is_within(source, root) for root in paths)
        ]
        report.removed = len(gone)
        stale.extend(gone)

    nodes = _embed_papers(fresh, embedder, settings, progress)
    if stale:
        store.delete_papers(stale)
    if nodes:
        _log(progress, f"writing {len(nodes)} chunks to {store.location}")
        store.add(nodes)
    index = rebuild(store, bm25_dir(settings, store.name)) if (stale or nodes) else None
    report.chunks = len(index.chunk_ids) if index else store.count()
    report.papers = len(stored) + report.added - report.removed
    return report


def store_sources(store: ChunkStore) -> dict[str, str]:
    """Absolute source file of every stored paper, by paper id."""
    return {
        chunk.metadata["paper_id"]: chunk.metadata.get("source_path", "")
        for chunk in store.iter_chunks(where={"chunk": 0}, documents=False)
    }


def embedding_text(title: str, text: str) -> str:
    """What is embedded and BM25-indexed for a chunk: its paper's title, then the chunk."""
    return f"{title}\n{text}" if title else text


def plan_chunks(papers: list[Paper], embedder: SentenceTransformerEmbedding, settings: Settings) -> list[tuple[Paper, Chunk]]:
    """Every chunk of `papers`, sized so that title + chunk fits the embedding model's window."""
    planned: list[tuple[Paper, Chunk]] = []
    for paper in papers:
        budget = max(16, min(settings.chunking.max_tokens, embedder.window) - embedder.count_tokens(paper.title) - 1)
        for chunk in chunk_text(paper.text, embedder.count_tokens, budget, settings.chunking.overlap_sentences):
            planned.append((paper, chunk))
    return planned


def _embed_papers(
    papers: list[Paper], embedder: SentenceTransformerEmbedding, settings: Settings, progress: bool
) -> list:
    from llama_index.core.schema import NodeRelationship, RelatedNodeInfo, TextNode

    planned = plan_chunks(papers, embedder, settings)
    if not planned:
        return []
    _log(progress, f"embedding {len(planned)} chunks of {len(papers)} papers with {embedder.model_name}")
    vectors = embedder.encode(
        [embedding_text(paper.title, chunk.text) for paper, chunk in planned],
        show_progress=progress and len(planned) >= PROGRESS_MIN_CHUNKS,
    )
    counts: dict[str, int] = {}
    for paper, _ in planned:
        counts[paper.paper_id] = counts.get(paper.paper_id, 0) + 1
    nodes = []
    for (paper, chunk), vector in zip(planned, vectors):
        metadata = chunk_metadata(paper, chunk.index, counts[paper.paper_id], chunk.start, chunk.end)
        nodes.append(
            TextNode(
                id_=f"{paper.paper_id}::{chunk.index}",
                text=chunk.text,
                metadata=metadata,
                embedding=vector,
                excluded_embed_metadata_keys=list(metadata),
                excluded_llm_metadata_keys=list(metadata),
                relationships={NodeRelationship.SOURCE: RelatedNodeInfo(node_id=paper.paper_id)},
            )
        )
    return nodes


def _is_within(path: str, root: Path) -> bool:
    if not path:
        return False
    candidate = Path(path)
    return candidate == root or root in candidate.parents


def _log(enabled: bool, message: str) -> None:
    if enabled:
        print(message, file=sys.stderr, flush=True)
