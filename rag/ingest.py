"""Ingestion: corpus files → chunks → embeddings → Chroma, then the BM25 index updated to match.

Idempotent by content hash: unchanged papers are skipped, changed ones have their chunks replaced.
The corpus is streamed twice: a first pass reads and checks every file (keeping only ids and
hashes), so a bad file leaves the store as it was; the second pass chunks, embeds and writes the
new and changed papers in steps of PAPERS_PER_STEP, so memory stays bounded whatever the corpus
size. Replacement is crash-safe: a changed paper's new version is written under new chunk ids
before its old version is deleted, and readers only ever see one complete version of each paper
(rag.versions), so a run killed at any point leaves every paper in its old or its new version; the
next run deletes the leftovers. The BM25 index is updated with the change alone (rag.bm25_index);
after a crash its fingerprint no longer matches and it is rebuilt. One ingest runs at a time per
store (rag.lock).
"""

from __future__ import annotations

import sys
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator

from rag.bm25_index import fingerprint_of, rebuild, saved_chunks, update
from rag.chunking import Chunk, chunk_text, sentences
from rag.corpus import Paper, iter_corpus
from rag.embeddings import SentenceTransformerEmbedding
from rag.faults import fault_batch, fault_point
from rag.lock import ingest_lock
from rag.metadata import chunk_metadata
from rag.settings import Settings
from rag.store import ChunkStore, StoredChunk
from rag.versions import VERSION_KEY, Inventory, chunk_id, inventory_of_current

PROGRESS_MIN_PAPERS = 32
PAPERS_PER_STEP = 1024  # papers chunked, embedded and written together: bounds ingest's memory


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
    hashes, long_records = _scan(paths, settings.corpus.warn_chars)
    with ingest_lock(settings, settings.store.collection, wait=wait):
        fault_point("after-lock")
        store = open_store(reindex)
        store.write_batch = fault_batch(store.write_batch)
        inventory = _inventory(store, bm25_dir(settings, store.name), prune)
        before = _fingerprint(inventory)
        if inventory.leftovers:
            _log(progress, f"removing {len(inventory.leftovers)} leftover chunks of an interrupted ingest")
            store.delete_chunks(inventory.leftovers)
        report, fresh, stale = _plan(hashes, inventory, paths, prune)
        added = write_papers(_stream(paths, fresh), store, embedder, settings, inventory.max_version + 1,
                             progress=progress, total=len(fresh))
        if added:
            fault_point("after-write")
        old_ids = [cid for pid in stale for cid in inventory.papers[pid].chunk_ids]
        if old_ids:
            store.delete_chunks(old_ids, after_batch=lambda number: fault_point("mid-delete") if number == 0 else None)
            fault_point("after-delete")
        if inventory.leftovers or old_ids or added:
            index_dir = bm25_dir(settings, store.name)
            if update(index_dir, before, old_ids, added) is None:
                _log(progress, f"rebuilding the BM25 index at {index_dir} from the collection")
                rebuild(store, index_dir)
    report.long_records = long_records
    dropped = set(stale)
    kept = {pid: v for pid, v in inventory.papers.items() if pid not in dropped}
    report.papers = len(set(kept) | {c.metadata["paper_id"] for c in added})
    report.chunks = sum(len(v.chunk_ids) for v in kept.values()) + len(added)
    return report


def write_papers(
    papers: Iterable[Paper], store: ChunkStore, embedder: SentenceTransformerEmbedding, settings: Settings,
    version: int, progress: bool = False, total: int | None = None,
) -> list[StoredChunk]:
    """Chunk, embed and write `papers` as version `version`, PAPERS_PER_STEP papers at a time; the chunks written.

    Only this step's papers, chunks and vectors are held at once (the returned chunks carry no
    vectors). A progress bar on stderr shows papers, rate and time left when `progress` is set.
    """
    from tqdm import tqdm

    written: list[StoredChunk] = []
    if total:
        _log(progress, f"embedding the chunks of {total} papers with {embedder.model_name} ({embedder.precision}) "
                       f"into {store.location}")
    bar = tqdm(total=total, unit="paper", desc="embedding",
               file=sys.stderr, disable=not progress or (total or 0) < PROGRESS_MIN_PAPERS, dynamic_ncols=True)
    embedded_once = False
    with bar:
        for step in _batches(papers, PAPERS_PER_STEP):
            planned = plan_chunks(step, embedder, settings)
            vectors = embedder.encode_array([embedding_text(paper.title, chunk.text) for paper, chunk in planned])
            if not embedded_once:
                fault_point("after-embed")
                embedded_once = True
            nodes = _nodes(planned, vectors, version)
            first_write = not written
            store.add(nodes, after_batch=lambda number: fault_point("mid-write") if number == 0 and first_write else None)
            written.extend(StoredChunk(node.node_id, node.text, node.metadata) for node in nodes)
            bar.update(len(step))
            bar.set_postfix(chunks=len(written), refresh=False)
    if not embedded_once:
        fault_point("after-embed")
    return written


def _scan(paths: list[Path], warn_chars: int) -> tuple[dict[str, str], list[dict[str, Any]]]:
    """First pass over the corpus: every paper's content hash by id (in corpus order) and the long records."""
    hashes: dict[str, str] = {}
    long_records: list[dict[str, Any]] = []
    for paper in iter_corpus(paths):
        hashes[paper.paper_id] = paper.content_hash
        long_records.extend(_long_records([paper], warn_chars))
    return hashes, long_records


def _stream(paths: list[Path], wanted: set[str]) -> Iterator[Paper]:
    """Second pass: the papers of `paths` whose ids are in `wanted`, read again one at a time."""
    return (paper for paper in iter_corpus(paths) if paper.paper_id in wanted)


def _batches(items: Iterable[Any], size: int) -> Iterator[list[Any]]:
    batch: list[Any] = []
    for item in items:
        batch.append(item)
        if len(batch) == size:
            yield batch
            batch = []
    if batch:
        yield batch


def _inventory(store: ChunkStore, index_dir: Path, prune: bool) -> Inventory:
    """The store's inventory: from the BM25 manifest when the collection holds exactly the chunks it
    lists (two cheap probes, see ChunkStore.inventory_if_holding), so a small change to a large store
    stays cheap; else by reading every chunk's metadata. `prune` needs each paper's source path,
    which only the full read gives.

    Its `max_version` is never below the manifest's highest version, so the next run writes above
    every version the manifest lists (even into a collection emptied by `--reindex`): what keeps
    that probe sound after a run is killed before it updates the manifest.
    """
    saved = saved_chunks(index_dir)
    listed = inventory_of_current(*saved) if saved else None
    quick = store.inventory_if_holding(listed) if listed is not None and not prune else None
    if quick is not None:
        return quick
    inventory = store.inventory()
    inventory.max_version = max(inventory.max_version, listed.max_version if listed else 0)
    return inventory


def _fingerprint(inventory: Inventory) -> str:
    """The BM25 fingerprint of the collection's current chunks (rag.bm25_index.fingerprint_of)."""
    rows = [(cid, v.content_hash) for v in inventory.papers.values() for cid in v.chunk_ids]
    return fingerprint_of((cid, {"content_hash": h}) for cid, h in sorted(rows))


def _plan(
    hashes: dict[str, str], inventory: Inventory, paths: list[Path], prune: bool
) -> tuple[IngestReport, set[str], list[str]]:
    """Count what changes; return the report so far, the ids of papers to embed and of stored papers to delete."""
    stored = {pid: version.content_hash for pid, version in inventory.papers.items()}
    report = IngestReport()
    fresh: set[str] = set()
    for paper_id, content_hash in hashes.items():
        if paper_id not in stored:
            report.added += 1
            fresh.add(paper_id)
        elif stored[paper_id] != content_hash:
            report.updated += 1
            fresh.add(paper_id)
        else:
            report.unchanged += 1
    stale = [pid for pid in hashes if pid in fresh and pid in stored]
    if prune:
        current = set(hashes)
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
    """Every chunk of `papers`, sized so that title + chunk fits the embedding model's window.

    Titles and sentences of all `papers` are measured in one batched tokenizer call; the chunks are
    exactly those of measuring each sentence on its own.
    """
    spans = [sentences(paper.text) for paper in papers]
    pieces = [paper.title for paper in papers] + [paper.text[a:b] for paper, own in zip(papers, spans) for a, b in own]
    sizes = iter(embedder.count_tokens_many(pieces))
    title_sizes = [next(sizes) for _ in papers]
    planned: list[tuple[Paper, Chunk]] = []
    for paper, own, title_size in zip(papers, spans, title_sizes):
        budget = max(16, min(settings.chunking.max_tokens, embedder.window) - title_size - 1)
        sentence_sizes = [next(sizes) for _ in own]
        for chunk in chunk_text(paper.text, embedder.count_tokens, budget, settings.chunking.overlap_sentences, sentence_sizes):
            planned.append((paper, chunk))
    return planned


def _nodes(planned: list[tuple[Paper, Chunk]], vectors: Any, version: int) -> list[Any]:
    """LlamaIndex nodes of the planned chunks with their vectors, ids and metadata of version `version`."""
    from llama_index.core.schema import NodeRelationship, RelatedNodeInfo, TextNode

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
                embedding=vector.tolist(),
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
