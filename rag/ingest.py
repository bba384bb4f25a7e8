"""Ingestion: corpus files → chunks → embeddings → Chroma, then the BM25 index updated to match.

Idempotent by content hash: unchanged papers are skipped, changed ones have their chunks replaced
(a changed paper's chunks whose text did not change keep their stored vectors, not re-embedded).
A first pass reads and checks every file, so a bad file leaves the store as it was; a second pass
chunks, embeds and writes the new and changed papers in steps of PAPERS_PER_STEP. A corpus of up
to KEEP_CHARS of text is kept from the first pass; a larger one is streamed twice, keeping only
ids and hashes, so memory stays bounded whatever the corpus size. Replacement is crash-safe: a
changed paper's new version is written under new chunk ids before its old version is deleted, and
readers only ever see one complete version of each paper (rag.versions), so a run killed at any
point leaves every paper in its old or its new version; the next run deletes the leftovers. The
BM25 index is updated with the change alone (rag.bm25_index); after a crash its fingerprint no
longer matches and it is rebuilt. One ingest runs at a time per store (rag.lock).
"""

from __future__ import annotations

import gc
import sys
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator

from rag.bm25_index import fingerprint_of, rebuild, saved_inventory, update
from rag.chunking import Chunk, chunk_text, sentences
from rag.corpus import Paper, iter_corpus
from rag.embeddings import SentenceTransformerEmbedding
from rag.faults import fault_batch, fault_point
from rag.lock import ingest_lock
from rag.metadata import chunk_metadata
from rag.settings import Settings
from rag.store import ChunkStore, StoredChunk
from rag.versions import VERSION_KEY, Inventory, chunk_id

PROGRESS_MIN_PAPERS = 32
PAPERS_PER_STEP = 1024  # papers chunked, embedded and written together: bounds ingest's memory
KEEP_CHARS = 50_000_000  # a corpus up to this much text is kept from the first pass, not read twice


@dataclass
class IngestReport:
    """What an ingest run did, in the shape of `rag ingest --json`."""

    added: int = 0
    updated: int = 0
    unchanged: int = 0
    removed: int = 0
    papers: int = 0
    chunks: int = 0
    # Chunks of changed papers whose text was unchanged: their stored vectors were kept, not re-embedded.
    vectors_reused: int = 0
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
    hashes, long_records, kept_papers = _scan(paths, settings.corpus.warn_chars)
    with ingest_lock(settings, settings.store.collection, wait=wait), _collector_off_the_heap():
        fault_point("after-lock")
        store = open_store(reindex)
        store.write_batch = fault_batch(store.write_batch)
        inventory = _inventory(store, bm25_dir(settings, store.name), prune)
        before = inventory.fingerprint or _fingerprint(inventory)
        if inventory.leftovers:
            _log(progress, f"removing {len(inventory.leftovers)} leftover chunks of an interrupted ingest")
            store.delete_chunks(inventory.leftovers)
        report, fresh, stale = _plan(hashes, inventory, paths, prune)
        reuse = VectorReuse(store, inventory, set(stale))
        added = write_papers(_stream(paths, fresh, kept_papers), store, embedder, settings, inventory.max_version + 1,
                             progress=progress, total=len(fresh), reuse=reuse)
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
    report.vectors_reused = reuse.reused
    # Every paper written is new or one of the stale ones just deleted (a changed paper is both).
    report.papers = len(inventory.papers) - len(stale) + len({c.metadata["paper_id"] for c in added})
    report.chunks = inventory.chunk_count - len(old_ids) + len(added)
    return report


def write_papers(
    papers: Iterable[Paper], store: ChunkStore, embedder: SentenceTransformerEmbedding, settings: Settings,
    version: int, progress: bool = False, total: int | None = None, reuse: VectorReuse | None = None,
) -> list[StoredChunk]:
    """Chunk, embed and write `papers` as version `version`, PAPERS_PER_STEP papers at a time; the chunks written.

    Only this step's papers, chunks and vectors are held at once (the returned chunks carry no
    vectors). With `reuse`, a chunk whose embedded text is unchanged since its paper's stored
    version keeps its stored vector instead of being embedded again. A progress bar on stderr shows papers, rate
    and time left when `progress` is set.
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
            texts = [embedding_text(paper.title, chunk.text) for paper, chunk in planned]
            vectors = reuse.embed(step, texts, embedder) if reuse else embedder.encode_array(texts)
            if not embedded_once:
                fault_point("after-embed")
                embedded_once = True
            chunks = _records(planned, version)
            first_write = not written
            store.add(chunks, vectors,
                      after_batch=lambda number: fault_point("mid-write") if number == 0 and first_write else None)
            written.extend(chunks)
            bar.update(len(step))
            bar.set_postfix(chunks=len(written), refresh=False)
    if not embedded_once:
        fault_point("after-embed")
    return written


class VectorReuse:
    """Embeds the chunks of changed papers, keeping the stored vector of every chunk whose embedded
    text is unchanged since the paper's stored version (same text, same model: the same vector)."""

    def __init__(self, store: ChunkStore, inventory: Inventory, changed: set[str]) -> None:
        self.store, self.inventory, self.changed = store, inventory, changed
        self.reused = 0  # vectors kept so far

    def embed(self, papers: list[Paper], texts: list[str], embedder: SentenceTransformerEmbedding) -> Any:
        """Vectors of `texts` (the embedded texts of `papers`' chunks): stored ones where the same text
        was stored for one of these papers, the others encoded by `embedder`."""
        import numpy as np

        ids = [cid for paper in papers if paper.paper_id in self.changed
               for cid in self.inventory.papers[paper.paper_id].chunk_ids]
        stored = {embedding_text(str(chunk.metadata.get("title") or ""), chunk.text): vector
                  for chunk, vector in (self.store.vectors(ids) if ids else [])}
        todo = [i for i, text in enumerate(texts) if text not in stored]
        if len(todo) == len(texts):
            return embedder.encode_array(texts)
        vectors = np.empty((len(texts), embedder.dimension), dtype=np.float32)
        if todo:
            vectors[todo] = embedder.encode_array([texts[i] for i in todo])
        for i, text in enumerate(texts):
            if text in stored:
                vectors[i] = stored[text]
        self.reused += len(texts) - len(todo)
        return vectors


@contextmanager
def _collector_off_the_heap() -> Iterator[None]:
    """Keep Python's cycle collector off every object that exists when the ingest starts (gc.freeze),
    until it ends. In a warm service (models, the loaded BM25 index: millions of objects) a full
    collection triggered by the ingest's own objects otherwise rescans them all, 0.3 s at a time."""
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


def _scan(paths: list[Path], warn_chars: int) -> tuple[dict[str, str], list[dict[str, Any]], dict[str, Paper] | None]:
    """First pass over the corpus: every paper's content hash by id (in corpus order), the long
    records, and the papers themselves by id when their text adds up to at most KEEP_CHARS (else None)."""
    hashes: dict[str, str] = {}
    long_records: list[dict[str, Any]] = []
    kept: dict[str, Paper] | None = {}
    kept_chars = 0
    for paper in iter_corpus(paths):
        hashes[paper.paper_id] = paper.content_hash
        long_records.extend(_long_records([paper], warn_chars))
        kept_chars += len(paper.text)
        if kept is not None and kept_chars <= KEEP_CHARS:
            kept[paper.paper_id] = paper
        else:
            kept = None
    return hashes, long_records, kept


def _stream(paths: list[Path], wanted: set[str], kept: dict[str, Paper] | None) -> Iterator[Paper]:
    """Second pass: the papers of `paths` whose ids are in `wanted`, in corpus order; from `kept`
    when the first pass kept them, else read again one at a time."""
    if kept is not None:
        return (paper for paper_id, paper in kept.items() if paper_id in wanted)
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
    listed = saved_inventory(index_dir)
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
    stored = inventory.papers
    report = IngestReport()
    fresh: set[str] = set()
    for paper_id, content_hash in hashes.items():
        if paper_id not in stored:
            report.added += 1
            fresh.add(paper_id)
        elif stored[paper_id].content_hash != content_hash:
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
        window = max(16, embedder.window - title_size - 1)
        budget = min(window, max(16, settings.chunking.max_tokens - title_size - 1))
        sentence_sizes = [next(sizes) for _ in own]
        for chunk in chunk_text(paper.text, embedder.count_tokens, budget, settings.chunking.overlap_sentences,
                                sentence_sizes, window=window, spans=own):
            planned.append((paper, chunk))
    return planned


def _records(planned: list[tuple[Paper, Chunk]], version: int) -> list[StoredChunk]:
    """The planned chunks as records of version `version`: their ids, texts and metadata."""
    counts: dict[str, int] = {}
    for paper, _ in planned:
        counts[paper.paper_id] = counts.get(paper.paper_id, 0) + 1
    return [
        StoredChunk(chunk_id(paper.paper_id, version, chunk.index), chunk.text,
                    {**chunk_metadata(paper, chunk.index, counts[paper.paper_id], chunk.start, chunk.end), VERSION_KEY: version})
        for paper, chunk in planned
    ]


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
