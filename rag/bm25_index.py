"""BM25 over the same chunks as the Chroma collection, saved beside the store, updated incrementally.

Each chunk is indexed with its paper's title in front when the corpus gave one (a title derived
from the abstract adds nothing and is left out). The saved index holds each chunk's term counts
(not its scores), so an ingest that adds or replaces k papers tokenizes only their chunks and
drops the replaced ones (`update`); IDF and average length are computed at query time from counts
kept in memory. Scores are those of bm25s' default (Lucene) BM25 with k1 = 1.5, b = 0.75.

On disk: a base (`counts.npz` with its chunk ids, `vocab.json`) and a list of deltas, one small file
per ingest (the chunk ids it dropped, the term counts of the chunks it added), so a change costs
writing the change, not the whole index; loading applies the deltas to the base, and once the deltas
hold more than COMPACT_SHARE of the base's rows an update folds them into a new base.
`manifest.json` names the current chunk ids, content hashes, deltas and a fingerprint of the ids
(and hashes) covered, and sums them up per paper (`papers`: version, content hash, chunk count) so
an ingest takes its inventory without parsing every id. On load, a fingerprint that does not match
the collection triggers a rebuild from the collection itself (never from the corpus files), and
`update` applies a change only to an index whose fingerprint matches the collection before that
change, so BM25 and Chroma can never disagree, crash or not: the manifest is replaced last, atomically.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable

import numpy as np

from rag.boundary import component
from rag.store import ChunkStore, StoredChunk
from rag.text import index_terms
from rag.versions import VERSION_KEY, Inventory, inventory_of_summary, summary_of_current

REBUILD_FIX = "rebuild it with `rag ingest --reindex`"
K1, B = 1.5, 0.75

INDEX_FORMAT = "title+chunk/counts+deltas/index-terms/4"
"""Changes whenever what gets indexed or saved changes (4: the terms of `rag.text.index_terms`), so saved
indexes of an older format are rebuilt from the collection at their next open or ingest."""
COMPACT_SHARE = 0.1  # deltas holding more rows (dropped + added) than this share of the base are folded in


class TermCounts:
    """Per-chunk term counts, a sparse matrix chunk x term, with a vocabulary that only grows."""

    def __init__(self, vocab: list[str] | None = None, matrix: Any = None) -> None:
        self.vocab: list[str] = vocab if vocab is not None else []
        self.term_id: dict[str, int] = {t: i for i, t in enumerate(self.vocab)}
        self.matrix = matrix if matrix is not None else _csr([], [], [0], 0, 0)

    def rows_of(self, documents: list[list[str]]) -> Any:
        """Count matrix of tokenized `documents` (one row each), adding their new terms to the vocabulary."""
        indptr, terms, tfs = [0], [], []
        for tokens in documents:
            row: dict[int, int] = {}
            for token in tokens:
                tid = self.term_id.get(token)
                if tid is None:
                    tid = self.term_id[token] = len(self.vocab)
                    self.vocab.append(token)
                row[tid] = row.get(tid, 0) + 1
            terms.extend(row)
            tfs.extend(row.values())
            indptr.append(len(terms))
        return _csr(tfs, terms, indptr, len(documents), len(self.vocab))

    def ids_of(self, terms: list[str]) -> list[int]:
        """The term id of each of `terms`, adding the new ones to the vocabulary."""
        for term in terms:
            if term not in self.term_id:
                self.term_id[term] = len(self.vocab)
                self.vocab.append(term)
        return [self.term_id[term] for term in terms]

    def widened(self, matrix: Any) -> Any:
        """`matrix` with as many columns as the vocabulary now has."""
        return _csr(matrix.data, matrix.indices, matrix.indptr, matrix.shape[0], len(self.vocab))


@dataclass
class BM25Index:
    """BM25 over chunk ids with their metadata, kept in memory for scoring."""

    chunk_ids: list[str]
    texts: list[str]
    metadatas: list[dict[str, Any]]
    fingerprint: str
    counts: TermCounts

    def __post_init__(self) -> None:
        matrix = self.counts.widened(self.counts.matrix)
        lengths = np.asarray(matrix.sum(axis=1), dtype=np.float32).ravel()
        self._norm = (K1 * (1 - B + B * lengths / lengths.mean())).astype(np.float32) if len(lengths) else lengths
        self._by_term = matrix.tocsc()
        df = np.diff(self._by_term.indptr).astype(np.float32)
        n = len(self.chunk_ids)
        self._idf = np.log(1 + (n - df + 0.5) / (df + 0.5)).astype(np.float32)
        self.counts.matrix = None  # scoring reads the by-term copy only

    def scores(self, query: str) -> np.ndarray:
        """BM25 score of every chunk for `query` (zeros when no query term is in the index)."""
        with component("the BM25 index", REBUILD_FIX):
            return self._sum((t, 1.0) for t in index_terms(query))

    def holds(self, term: str) -> bool:
        """True when some indexed chunk holds `term` (a term from `rag.text.index_terms`). The vocabulary
        only grows, so a term whose every chunk was removed is still in it, and is not held."""
        tid = self.counts.term_id.get(term)
        starts = self._by_term.indptr
        return tid is not None and tid + 1 < len(starts) and bool(starts[tid + 1] > starts[tid])

    @property
    def empty(self) -> bool:
        """True when the index covers no chunk (the store holds no papers)."""
        return not self.chunk_ids

    @property
    def chunk_terms(self) -> Any:
        """The chunk x term counts as a scipy CSC matrix (column = `counts.term_id`); read, never modify."""
        return self._by_term

    @property
    def max_idf(self) -> float:
        """The largest IDF a term can have here (a word in one chunk): about the most one term can score."""
        n = len(self.chunk_ids)
        return math.log(1 + (n - 0.5) / 1.5) if n else 1.0

    def weighted_scores(self, weights: dict[str, float]) -> np.ndarray:
        """Sum over terms of weight x that term's BM25 score, for every chunk (terms not indexed count 0)."""
        return self._sum(weights.items())

    def _sum(self, terms: Iterable[tuple[str, float]]) -> np.ndarray:
        """Sum of weight x BM25 score over (term, weight) pairs; a term listed twice counts twice."""
        total = np.zeros(len(self.chunk_ids), dtype=np.float32)
        for term, weight in terms:
            tid = self.counts.term_id.get(term)
            if not weight or tid is None or not self.chunk_ids:
                continue
            start, end = self._by_term.indptr[tid], self._by_term.indptr[tid + 1]
            docs, tf = self._by_term.indices[start:end], self._by_term.data[start:end]
            total[docs] += weight * self._idf[tid] * tf / (tf + self._norm[docs])
        return total

    @staticmethod
    def query_terms(query: str) -> int:
        """Number of distinct index terms in `query`, for normalising scores."""
        return len(set(index_terms(query)))


def load_or_build(store: ChunkStore, index_dir: Path) -> BM25Index:
    """The BM25 index for `store`, loaded from `index_dir` when still in step, else rebuilt and saved."""
    chunks = _read_collection(store)
    fingerprint = fingerprint_of((c.chunk_id, c.metadata) for c in chunks)
    saved = _load(index_dir, fingerprint)
    if saved is not None and saved[0] == [c.chunk_id for c in chunks]:
        return _index(chunks, fingerprint, saved[1])
    return _build_and_save(chunks, fingerprint, index_dir)


def rebuild(store: ChunkStore, index_dir: Path) -> BM25Index:
    """Rebuild the index from the collection's current chunks and save it."""
    chunks = _read_collection(store)
    return _build_and_save(chunks, fingerprint_of((c.chunk_id, c.metadata) for c in chunks), index_dir)


def update(index_dir: Path, before: str, removed: Iterable[str], added: list[StoredChunk]) -> str | None:
    """Apply one ingest's change to the saved index: drop the `removed` chunk ids, add the `added` chunks.

    Only `added` is tokenized, and only the change is written (one delta file and the manifest),
    unless the deltas have grown past COMPACT_SHARE of the base, when all is folded into a new base.
    Applies only when the saved index's fingerprint is `before` (the collection's fingerprint before
    the change) and returns the new fingerprint; returns None, changing nothing, when it does not
    match, so the caller rebuilds from the collection instead.
    """
    manifest = _manifest(index_dir)
    if manifest is None or manifest["fingerprint"] != before:
        if before != fingerprint_of([]):
            return None
        _build_and_save([], before, index_dir)  # an empty collection needs no saved index: start one
        manifest = _manifest(index_dir)
    gone = (set(removed) | {c.chunk_id for c in added}) & set(manifest["chunk_ids"])
    current = {cid: h for cid, h in zip(manifest["chunk_ids"], manifest["content_hashes"]) if cid not in gone}
    current.update((c.chunk_id, str(c.metadata.get("content_hash", ""))) for c in added)
    ids = sorted(current)
    hashes = [current[cid] for cid in ids]
    fingerprint = fingerprint_of((cid, {"content_hash": h}) for cid, h in zip(ids, hashes))
    delta = _delta(sorted(gone), added)
    summary = _updated_summary(manifest, ids, hashes, gone, added)
    delta_rows = manifest["delta_rows"] + len(gone) + len(added)
    if delta_rows > COMPACT_SHARE * max(1, manifest["base_rows"]):
        try:
            counts = _counts(index_dir, {**manifest, "chunk_ids": ids}, extra=delta)
        except (OSError, ValueError, KeyError):  # damaged files: the caller rebuilds from the collection
            return None
        _save(index_dir, fingerprint, ids, counts, hashes, summary)
        return fingerprint
    deltas = manifest["deltas"] + [f"delta-{len(manifest['deltas']) + 1:05d}.npz"]
    with component(f"saving the BM25 index at {index_dir}", "check the free space and permissions of the data dir"):
        _write_npz(index_dir / deltas[-1], **delta)
        _write_manifest(index_dir, {**manifest, "fingerprint": fingerprint, "chunk_ids": ids, "content_hashes": hashes,
                                    "papers": summary,
                                    "deltas": deltas, "delta_rows": delta_rows})
    return fingerprint


def fingerprint_of(chunks: Iterable[tuple[str, dict[str, Any]]]) -> str:
    """Fingerprint of a set of current chunks, given as (chunk id, metadata) pairs in chunk-id order."""
    digest = hashlib.sha256(INDEX_FORMAT.encode())
    digest.update("".join(f"{chunk_id}:{metadata.get('content_hash', '')}\n" for chunk_id, metadata in chunks).encode())
    return digest.hexdigest()[:20]


def indexed_texts(texts: list[str], metadatas: list[dict[str, Any]]) -> list[str]:
    """What BM25 indexes for each chunk: the paper's own title (when not derived from it) and the chunk."""
    abstracts = {m.get("paper_id"): m["abstract"] for m in metadatas if "abstract" in m}
    out = []
    for text, metadata in zip(texts, metadatas):
        title = str(metadata.get("title") or "").rstrip("…").strip()
        derived = not title or title in abstracts.get(metadata.get("paper_id"), text)
        out.append(text if derived else f"{title}. {text}")
    return out


def _read_collection(store: ChunkStore) -> list[StoredChunk]:
    return sorted(store.iter_chunks(), key=lambda c: c.chunk_id)


def _index(chunks: list[StoredChunk], fingerprint: str, counts: TermCounts) -> BM25Index:
    return BM25Index([c.chunk_id for c in chunks], [c.text for c in chunks], [c.metadata for c in chunks],
                     fingerprint, counts)


def _csr(data: Any, indices: Any, indptr: Any, rows: int, columns: int) -> Any:
    from scipy.sparse import csr_matrix

    return csr_matrix((np.asarray(data, dtype=np.float32), np.asarray(indices, dtype=np.int32),
                       np.asarray(indptr, dtype=np.int64)), shape=(rows, max(1, columns)))


def _build_and_save(chunks: list[StoredChunk], fingerprint: str, index_dir: Path) -> BM25Index:
    with component(f"building the BM25 index at {index_dir}", "check the free space and permissions of the data dir"):
        counts = TermCounts()
        texts = indexed_texts([c.text for c in chunks], [c.metadata for c in chunks])
        counts.matrix = counts.rows_of([index_terms(text) or [""] for text in texts])
        ids, hashes = [c.chunk_id for c in chunks], [str(c.metadata.get("content_hash", "")) for c in chunks]
        _save(index_dir, fingerprint, ids, counts, hashes, summary_of_current(ids, hashes))
    return _index(chunks, fingerprint, counts)


def _save(index_dir: Path, fingerprint: str, chunk_ids: list[str], counts: TermCounts, hashes: list[str],
          summary: dict[str, list[Any]] | None) -> None:
    """Write the index as a new base with no deltas to a fresh folder, then swap it in: a crash
    leaves the old index, the new one, or none. `summary` is the chunks' per-paper summary
    (rag.versions.summary_of_current)."""
    with component(f"saving the BM25 index at {index_dir}", "check the free space and permissions of the data dir"):
        tmp_dir = index_dir.with_name(index_dir.name + ".tmp")
        shutil.rmtree(tmp_dir, ignore_errors=True)
        tmp_dir.mkdir(parents=True)
        matrix = counts.matrix
        np.savez(tmp_dir / "counts.npz", indptr=matrix.indptr, terms=matrix.indices, tfs=matrix.data.astype(np.int32),
                 chunk_ids=np.asarray(chunk_ids, dtype=str))
        (tmp_dir / "vocab.json").write_text(json.dumps(counts.vocab))
        _write_manifest(tmp_dir, {"format": INDEX_FORMAT, "fingerprint": fingerprint, "chunk_ids": chunk_ids,
                                  "content_hashes": hashes, "papers": summary,
                                  "deltas": [], "delta_rows": 0, "base_rows": len(chunk_ids)})
        old_dir = index_dir.with_name(index_dir.name + ".old")
        shutil.rmtree(old_dir, ignore_errors=True)
        if index_dir.exists():
            index_dir.rename(old_dir)
        tmp_dir.rename(index_dir)
        shutil.rmtree(old_dir, ignore_errors=True)


def saved_inventory(index_dir: Path) -> Inventory | None:
    """The inventory of the current chunks the saved index covers, with its fingerprint (see
    rag.versions.inventory_of_summary), or None when there is no readable index of this format or
    its ids are not all current versioned ids. Reads the manifest's per-paper summary, one entry per
    paper, instead of parsing every chunk id when the manifest has one."""
    manifest = _manifest(index_dir)
    if manifest is None:
        return None
    summary = manifest.get("papers") or summary_of_current(manifest["chunk_ids"], manifest["content_hashes"])
    return None if summary is None else inventory_of_summary(summary, manifest["fingerprint"])


def _load(index_dir: Path, fingerprint: str) -> tuple[list[str], TermCounts, list[str]] | None:
    """(chunk ids, term counts, content hashes) of the saved index when its fingerprint is `fingerprint`, else None."""
    manifest = _manifest(index_dir)
    if manifest is None or manifest["fingerprint"] != fingerprint:
        return None
    try:
        counts = _counts(index_dir, manifest)
    except (OSError, ValueError, KeyError):  # missing or damaged files: rebuilt from the collection
        return None
    return manifest["chunk_ids"], counts, manifest["content_hashes"]


def manifest_stamp(index_dir: Path) -> tuple[int, int, int] | None:
    """A stamp that changes whenever the saved index changes (its manifest is replaced, never edited);
    None when there is none."""
    try:
        status = (index_dir / "manifest.json").stat()
    except OSError:
        return None
    return status.st_ino, status.st_mtime_ns, status.st_size


def _manifest(index_dir: Path) -> dict[str, Any] | None:
    """The saved manifest when readable and of this format, else None."""
    try:
        manifest = json.loads((index_dir / "manifest.json").read_text())
    except (OSError, ValueError):
        return None
    keys = {"fingerprint", "chunk_ids", "content_hashes", "deltas", "delta_rows", "base_rows"}
    if not isinstance(manifest, dict) or manifest.get("format") != INDEX_FORMAT or not keys <= set(manifest):
        return None
    return manifest


def _counts(index_dir: Path, manifest: dict[str, Any], extra: dict[str, Any] | None = None) -> TermCounts:
    """The base's term counts with the manifest's deltas (and `extra`, one more delta) applied, rows in
    the manifest's chunk-id order; ValueError when the files do not add up to the manifest's chunks."""
    from scipy.sparse import vstack

    vocab = json.loads((index_dir / "vocab.json").read_text())
    with np.load(index_dir / "counts.npz") as arrays:
        ids = arrays["chunk_ids"].tolist()
        counts = TermCounts(vocab, _csr(arrays["tfs"], arrays["terms"], arrays["indptr"], len(ids), len(vocab)))
    deltas = [_read_npz(index_dir / name) for name in manifest["deltas"]] + ([extra] if extra else [])
    for delta in deltas:
        dropped = set(delta["dropped"].tolist())
        keep = [i for i, cid in enumerate(ids) if cid not in dropped]
        term_ids = np.asarray(counts.ids_of(delta["terms"].tolist()), dtype=np.int32)
        rows = _csr(delta["tfs"], term_ids[delta["term_rows"]], delta["indptr"], len(delta["added"]), len(counts.vocab))
        counts.matrix = vstack([counts.widened(counts.matrix)[keep], rows], format="csr")
        ids = [ids[i] for i in keep] + delta["added"].tolist()
    position = {cid: i for i, cid in enumerate(ids)}
    if len(position) != len(ids) or sorted(position) != manifest["chunk_ids"]:
        raise ValueError("the saved BM25 files do not match their manifest")
    counts.matrix = counts.widened(counts.matrix)[[position[cid] for cid in manifest["chunk_ids"]]]
    return counts


def _updated_summary(manifest: dict[str, Any], ids: list[str], hashes: list[str], gone: set[str],
                     added: list[StoredChunk]) -> dict[str, list[Any]] | None:
    """The manifest's per-paper summary after dropping the `gone` chunks and adding `added`: changed
    entry by entry when the old summary exists and ingest's whole-paper changes keep it whole, else
    summed up again from `ids` and `hashes`."""
    summary = manifest.get("papers")
    if summary is None:
        return summary_of_current(ids, hashes)
    summary = dict(summary)
    for cid in gone:
        paper_id, version, _ = cid.rsplit("::", 2)
        if paper_id in summary and f"v{summary[paper_id][0]}" == version:
            del summary[paper_id]
    for chunk in added:
        meta = chunk.metadata
        summary[meta["paper_id"]] = [int(meta[VERSION_KEY]), str(meta.get("content_hash", "")), int(meta["n_chunks"])]
    if sum(entry[2] for entry in summary.values()) != len(ids):  # a paper changed in part: not ingest's way
        return summary_of_current(ids, hashes)
    return summary


def _delta(dropped: list[str], added: list[StoredChunk]) -> dict[str, Any]:
    """One change as arrays: the dropped chunk ids, and the added chunks' ids and term counts over their own terms."""
    local = TermCounts()
    texts = indexed_texts([c.text for c in added], [c.metadata for c in added])
    rows = local.rows_of([index_terms(text) or [""] for text in texts])
    return {"dropped": np.asarray(dropped, dtype=str), "added": np.asarray([c.chunk_id for c in added], dtype=str),
            "terms": np.asarray(local.vocab, dtype=str), "indptr": rows.indptr, "term_rows": rows.indices,
            "tfs": rows.data.astype(np.int32)}


def _write_npz(path: Path, **arrays: Any) -> None:
    """Write arrays to `path` through a temporary file, so a crash never leaves half a file under that name."""
    tmp = path.with_name(path.name + ".tmp.npz")
    np.savez(tmp, **arrays)
    os.replace(tmp, path)


def _read_npz(path: Path) -> dict[str, Any]:
    with np.load(path) as arrays:
        return {name: arrays[name] for name in arrays.files}


def _write_manifest(folder: Path, manifest: dict[str, Any]) -> None:
    """Replace `folder`/manifest.json atomically (the manifest is what makes a change current)."""
    tmp = folder / "manifest.json.tmp"
    tmp.write_text(json.dumps(manifest))
    os.replace(tmp, folder / "manifest.json")
