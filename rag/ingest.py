"""Ingestion: corpus files → chunks → embeddings → Chroma, then the BM25 index rebuilt to match.

Idempotent by content hash: unchanged papers are skipped, changed ones have their chunks replaced,
and nothing is written until every file has been read and every new chunk embedded, so a bad file
leaves the store as it was. Replacement is crash-safe: a changed paper's new version is written
under new chunk ids before its old version is deleted, and readers only ever see one complete
version of each paper (rag.versions), so a run killed at any point leaves every paper in its old or
its new version; the next run deletes the leftovers. One ingest runs at a time per store (rag.lock).
"""

from __future__ import annotations

import sys
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable

from rag.bm25_index import rebuild
from rag.chunking import Chunk, chunk_text
from rag.corpus import Paper, read_corpus
from rag.embeddings import SentenceTransformerEmbedding
from rag.faults import fault_batch, fault_point
from rag.lock import ingest_lock
from rag.metadata import chunk_metadata
from rag.settings import Settings
from rag.store import ChunkStore
from rag.versions import VERSION_KEY, Inventory, chunk_id

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
    # Records far longer than an abstract (corpus.warn_chars): {"paper_id", "path", "chars"}; still stored.
    long_records: list[dict[str, Any]] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
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
    wait: bool = True,
) -> IngestReport:
    """Bring the store in line with the papers in `paths`; see the module docstring for guarantees.

    `open_store(reset)` gives the store, emptied first when `reset` is true; it is called once,
    after every file has been read, under the store's ingest lock. `prune` also removes stored
    papers that came from `paths` but are no longer there; `reindex` empties the store first
    (needed after changing the embedding model). `wait=False` raises
    RagError at once when another ingest holds this store's lock, instead of waiting for it.
    """
    paths = [Path(p).resolve() for p in paths]
    papers = read_corpus(paths)
    long_records = _long_records(papers, settings.corpus.warn_chars)
    with ingest_lock(settings, settings.store.collection, wait=wait):
        fault_point("after-lock")
        store = open_store(reindex)
        store.write_batch = fault_batch(store.write_batch)
        inventory = store.inventory()
        if inventory.leftovers:
            _log(progress, f"removing {len(inventory.leftovers)} leftover chunks of an interrupted ingest")
            store.delete_chunks(inventory.leftovers)
        report, fresh, stale = _plan(papers, inventory, paths, prune)
        nodes = _embed_papers(fresh, embedder, settings, progress, version=inventory.max_version + 1)
        fault_point("after-embed")
        if nodes:
            _log(progress, f"writing {len(nodes)} chunks to {store.location}")
            store.add(nodes, after_batch=lambda number: fault_point("mid-write") if number == 0 else None)
            fault_point("after-write")
        old_ids = [cid for pid in stale for cid in inventory.papers[pid].chunk_ids]
        if old_ids:
            store.delete_chunks(old_ids, after_batch=lambda number: fault_point("mid-delete") if number == 0 else None)
            fault_point("after-delete")
        changed = bool(inventory.leftovers or old_ids or nodes)
        index = rebuild(store, bm25_dir(settings, store.name)) if changed else None
    report.long_records = long_records
    if index is None:
        report.chunks = sum(len(v.chunk_ids) for v in inventory.papers.values())
        report.papers = len(inventory.papers)
    else:
        report.chunks = len(index.chunk_ids)
        report.papers = len({m["paper_id"] for m in index.metadatas})
    return report


def _plan(
    papers: list[Paper], inventory: Inventory, paths: list[Path], prune: bool
) -> tuple[IngestReport, list[Paper], list[str]]:
    """Count what changes; return the report so far, the papers to embed and the stored papers to delete."""
    stored = {pid: version.content_hash for pid, version in inventory.papers.items()}
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
            pid for pid, version in inventory.papers.items()
            if pid not in current and any(_is_within(version.first.get("source_path", ""), root) for root in paths)
        ]
        report.removed = len(gone)
        stale.extend(gone)
    return report, fresh, stale


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
    papers: list[Paper], embedder: SentenceTransformerEmbedding, settings: Settings, progress: bool, version: int
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
        metadata = {**chunk_metadata(paper, chunk.index, counts[paper.paper_id], chunk.start, chunk.end), VERSION_KEY: version}
        nodes.append(
            TextNode(
                id_=chunk_id(paper.paper_id, version, chunk.index),
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


def _long_records(papers: list[Paper], limit: int) -> list[dict[str, Any]]:
    """Records longer than `limit` characters, each warned about on stderr in one line (they are kept)."""
    found = []
    for paper in papers:
        if len(paper.text) > limit:
            found.append({"paper_id": paper.paper_id, "path": paper.source_path, "chars": len(paper.text)})
            print(f"warning: {paper.source_path}: record '{paper.paper_id}' is {len(paper.text):,} characters long, "
                  f"far above an abstract (corpus.warn_chars = {limit:,}); stored and searchable, "
                  f"but check that the file holds abstracts", file=sys.stderr, flush=True)
    return found


def _log(enabled: bool, message: str) -> None:
    if enabled:
        print(message, file=sys.stderr, flush=True)
