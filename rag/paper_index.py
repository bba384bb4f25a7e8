"""BM25 over whole papers (title + whole abstract as one document), derived from the chunk index.

Chunk-level BM25 misses a query whose words are spread over two chunks of one abstract, and its
length normalisation favours short tail chunks. `PaperBM25` scores each paper as one document
without tokenising the abstracts again: a paper's count of a term is the sum of its chunks' counts
in the chunk index (`BM25Index.chunk_terms`), less what chunking repeats. Each chunk was indexed
with its paper's title in front (rag.bm25_index.indexed_texts), so the title is counted once per
chunk instead of once, and consecutive chunks share `chunking.overlap_sentences` sentences, counted
twice. Only those repeats are tokenised (the titles of multi-chunk papers and the shared sentences,
about a fifth of the text), once per index version; the counts of the query's terms are summed per
paper at query time, so memory grows by the repeats' counts only, not by a second index.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from rag.bm25_index import BM25Index, indexed_texts
from rag.text import index_terms


class PaperBM25:
    """Paper-level BM25 scores of one chunk index, and the map from its chunks to their papers."""

    def __init__(self, chunks: BM25Index, k1: float, b: float) -> None:
        self.k1, self.b = k1, b
        self.chunks = chunks
        index: dict[str, int] = {}
        self.chunk_paper = np.array([index.setdefault(m["paper_id"], len(index)) for m in chunks.metadatas], dtype=np.int64)
        self.paper_ids = list(index)
        # Chunks grouped by paper (every paper has at least one): a per-paper maximum is one reduceat.
        self._by_paper = np.argsort(self.chunk_paper, kind="stable")
        self._paper_starts = np.searchsorted(self.chunk_paper[self._by_paper], np.arange(len(self.paper_ids)))
        self._by_term = chunks.chunk_terms
        chunk_lengths = np.bincount(self._by_term.indices, weights=self._by_term.data, minlength=len(chunks.chunk_ids))
        self._repeats = _repeated_counts(chunks, self.chunk_paper, len(self.paper_ids))
        repeated = np.asarray(self._repeats.sum(axis=0)).ravel() if self.paper_ids else np.zeros(0)
        lengths = np.bincount(self.chunk_paper, weights=chunk_lengths, minlength=len(self.paper_ids)) - repeated
        mean = lengths.mean() if len(lengths) else 1.0
        self._norm = k1 * (1 - b + b * lengths / max(mean, 1e-9))

    def scores(self, weights: dict[str, float]) -> np.ndarray:
        """Per paper (in `paper_ids` order), the sum over terms of weight x the term's BM25 score on
        the whole paper (Lucene BM25, as bm25s); terms not in the index count 0."""
        return self.match(weights)[0]

    def match(self, weights: dict[str, float]) -> tuple[np.ndarray, np.ndarray]:
        """Per paper (in `paper_ids` order): `scores(weights)`, and how many of the weighted terms its
        title or abstract holds, from one pass over the terms."""
        total = np.zeros(len(self.paper_ids), dtype=np.float64)
        held = np.zeros(len(self.paper_ids), dtype=np.int64)
        n = len(self.paper_ids)
        for term, weight in weights.items():
            if not weight:
                continue
            papers, tf = self._term(term)
            if not len(papers):
                continue
            held[papers] += 1
            idf = np.log(1 + (n - len(papers) + 0.5) / (len(papers) + 0.5))
            total[papers] += weight * idf * tf / (tf + self._norm[papers])
        return total, held

    def _term(self, term: str) -> tuple[np.ndarray, np.ndarray]:
        """The papers holding `term` and its count in each (chunk counts less chunking's repeats)."""
        tid = self.chunks.counts.term_id.get(term)
        if tid is None or not self.paper_ids:
            return np.zeros(0, dtype=np.int64), np.zeros(0)
        start, end = self._by_term.indptr[tid], self._by_term.indptr[tid + 1]
        rows, counts = self._by_term.indices[start:end], self._by_term.data[start:end]
        tf = np.bincount(self.chunk_paper[rows], weights=counts, minlength=len(self.paper_ids))
        start, end = self._repeats.indptr[tid], self._repeats.indptr[tid + 1]
        np.subtract.at(tf, self._repeats.indices[start:end], self._repeats.data[start:end])
        papers = np.flatnonzero(tf > 0.5)
        return papers, tf[papers]

    @property
    def max_idf(self) -> float:
        """The largest IDF a word can have over these papers (a word in one paper)."""
        n = len(self.paper_ids)
        return float(np.log(1 + (n - 0.5) / 1.5)) if n else 1.0

    def best_chunks(self, chunk_scores: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Per paper: its best chunk's score and that chunk's position (ties: the last such chunk)."""
        if not self.paper_ids:
            return np.zeros(0), np.zeros(0, dtype=np.int64)
        best = np.maximum.reduceat(np.asarray(chunk_scores, dtype=np.float64)[self._by_paper], self._paper_starts)
        position = np.full(len(self.paper_ids), -1, dtype=np.int64)
        is_best = chunk_scores >= best[self.chunk_paper]
        position[self.chunk_paper[is_best]] = np.flatnonzero(is_best)
        return best, position


def _repeated_counts(chunks: BM25Index, chunk_paper: np.ndarray, n_papers: int) -> Any:
    """Term x paper counts (scipy CSR, one row per term) that summing a paper's chunks counts more than once:
    the indexed title of every chunk after the first, and the text each chunk shares with the one
    before it (`text == abstract[start:end]`, so the shared part is text[:previous end - start])."""
    from scipy.sparse import csr_matrix

    by_paper: dict[int, list[int]] = {}
    for position, paper in enumerate(chunk_paper.tolist()):
        by_paper.setdefault(paper, []).append(position)
    several = {paper: sorted(positions, key=lambda p: chunks.metadatas[p].get("chunk", 0))
               for paper, positions in by_paper.items() if len(positions) > 1}
    firsts = [chunks.metadatas[positions[0]] for positions in several.values()]
    titles = indexed_texts([""] * len(firsts), firsts)  # what a chunk indexed besides its text: "Title. " or ""
    term_id = chunks.counts.term_id
    rows, terms = [], []
    for (paper, positions), title in zip(several.items(), titles):
        repeated = [title] * (len(positions) - 1)
        for before, after in zip(positions, positions[1:]):
            end, start = chunks.metadatas[before].get("end"), chunks.metadatas[after].get("start")
            if end is not None and start is not None and end > start:
                repeated.append(chunks.texts[after][: end - start])
        ids = [tid for tid in map(term_id.get, index_terms(" ".join(repeated))) if tid is not None]
        terms += ids
        rows += [paper] * len(ids)
    shape = (max(1, len(chunks.counts.vocab)), n_papers)
    return csr_matrix((np.ones(len(terms), dtype=np.float32), (terms, rows)), shape=shape)
