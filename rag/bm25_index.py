"""BM25 over the same chunks as the Chroma collection, saved beside the store.

Each chunk is indexed with its paper's title in front when the corpus gave one (a title derived
from the abstract adds nothing and is left out). The index is rebuilt from the collection itself (never from the corpus files) after every change,
and saved with a fingerprint of the chunk ids it covers; on load, a fingerprint that no longer
matches the collection triggers a rebuild, so BM25 and Chroma can never disagree.
"""

from __future__ import annotations

import hashlib
import json
import math
import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from rag.boundary import component
from rag.store import ChunkStore
from rag.text import tokenize

REBUILD_FIX = "rebuild it with `rag ingest --reindex`"

@dataclass
class BM25Index:
    """A BM25 model over chunk ids with their metadata, kept in memory for scoring."""

    model: Any
    chunk_ids: list[str]
    texts: list[str]
    metadatas: list[dict[str, Any]]
    fingerprint: str

    def scores(self, query: str) -> np.ndarray:
        """BM25 score of every chunk for `query` (zeros when no query term is in the index)."""
        if not self.chunk_ids:  # an empty index has no vocabulary at all
            return np.zeros(0, dtype=np.float32)
        with component("the BM25 index", REBUILD_FIX):
            terms = [t for t in tokenize(query) if t in self.model.vocab_dict]
            if not terms:
                return np.zeros(len(self.chunk_ids), dtype=np.float32)
            return np.asarray(self.model.get_scores(terms), dtype=np.float32)

    @property
    def empty(self) -> bool:
        """True when the index covers no chunk (the store holds no papers)."""
        return not self.chunk_ids

    @property
    def max_idf(self) -> float:
        """The largest IDF a term can have here (a word in one chunk): about the most one term can score."""
        n = len(self.chunk_ids)
        return math.log(1 + (n - 0.5) / 1.5) if n else 1.0

    def weighted_scores(self, weights: dict[str, float]) -> np.ndarray:
        """Sum over terms of weight x that term's BM25 score, for every chunk (terms not indexed count 0)."""
        total = np.zeros(len(self.chunk_ids), dtype=np.float32)
        for term, weight in weights.items():
            if weight and term in self.model.vocab_dict and self.chunk_ids:
                total += weight * np.asarray(self.model.get_scores([term]), dtype=np.float32)
        return total

    @staticmethod
    def query_terms(query: str) -> int:
        """Number of distinct index terms in `query`, for normalising scores."""
        return len(set(tokenize(query)))


def load_or_build(store: ChunkStore, index_dir: Path) -> BM25Index:
    """The BM25 index for `store`, loaded from `index_dir` when still in step, else rebuilt and saved."""
    chunk_ids, texts, metadatas = _read_collection(store)
    fingerprint = _fingerprint(chunk_ids, metadatas)
    saved = _load(index_dir, fingerprint)
    if saved is not None:
        model, saved_ids = saved
        return BM25Index(model, saved_ids, texts, metadatas, fingerprint)
    return _build_and_save(chunk_ids, texts, metadatas, fingerprint, index_dir)


def rebuild(store: ChunkStore, index_dir: Path) -> BM25Index:
    """Rebuild the index from the collection's current chunks and save it."""
    chunk_ids, texts, metadatas = _read_collection(store)
    return _build_and_save(chunk_ids, texts, metadatas, _fingerprint(chunk_ids, metadatas), index_dir)


def _read_collection(store: ChunkStore) -> tuple[list[str], list[str], list[dict[str, Any]]]:
    chunks = sorted(store.iter_chunks(), key=lambda c: c.chunk_id)
    return [c.chunk_id for c in chunks], [c.text for c in chunks], [c.metadata for c in chunks]


INDEX_FORMAT = "title+chunk/1"
"""Changes whenever what gets indexed changes, so saved indexes of an older format are rebuilt."""


def indexed_texts(texts: list[str], metadatas: list[dict[str, Any]]) -> list[str]:
    """What BM25 indexes for each chunk: the paper's own title (when not derived from it) and the chunk."""
    abstracts = {m.get("paper_id"): m["abstract"] for m in metadatas if "abstract" in m}
    out = []
    for text, metadata in zip(texts, metadatas):
        title = str(metadata.get("title") or "").rstrip("…").strip()
        derived = not title or title in abstracts.get(metadata.get("paper_id"), text)
        out.append(text if derived else f"{title}. {text}")
    return out


def _fingerprint(chunk_ids: list[str], metadatas: list[dict[str, Any]]) -> str:
    digest = hashlib.sha256(INDEX_FORMAT.encode())
    for chunk_id, metadata in zip(chunk_ids, metadatas):
        digest.update(f"{chunk_id}:{metadata.get('content_hash', '')}\n".encode())
    return digest.hexdigest()[:20]


def _build_and_save(
    chunk_ids: list[str], texts: list[str], metadatas: list[dict[str, Any]], fingerprint: str, index_dir: Path
) -> BM25Index:
    import bm25s

    with component(f"building the BM25 index at {index_dir}", "check the free space and permissions of the data dir"):
        model = bm25s.BM25()
        if chunk_ids:
            documents = indexed_texts(texts, metadatas)
            model.index([tokenize(text) or [""] for text in documents], show_progress=len(texts) > 5000)
        tmp_dir = index_dir.with_name(index_dir.name + ".tmp")
        shutil.rmtree(tmp_dir, ignore_errors=True)
        tmp_dir.mkdir(parents=True)
        if chunk_ids:
            model.save(str(tmp_dir / "bm25"))
        (tmp_dir / "manifest.json").write_text(json.dumps({"fingerprint": fingerprint, "chunk_ids": chunk_ids}))
        shutil.rmtree(index_dir, ignore_errors=True)
        tmp_dir.rename(index_dir)
    return BM25Index(model, chunk_ids, texts, metadatas, fingerprint)


def _load(index_dir: Path, fingerprint: str) -> tuple[Any, list[str]] | None:
    import bm25s

    manifest_file = index_dir / "manifest.json"
    try:
        manifest = json.loads(manifest_file.read_text())
    except (OSError, ValueError):
        return None
    if manifest.get("fingerprint") != fingerprint:
        return None
    if not manifest["chunk_ids"]:
        return bm25s.BM25(), []
    try:
        return bm25s.BM25.load(str(index_dir / "bm25")), manifest["chunk_ids"]
    except Exception:  # a damaged saved index is rebuilt from the collection
        return None
