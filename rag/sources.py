"""Numbered sources for an answer: each retrieved paper's abstract, split into sentences and embedded.

Sentence spans are character offsets into the whole abstract, so every quote taken from a source
can be cited with exact offsets. Each sentence is scored against the question (embedding cosine
plus a share of shared content words); prompts and extractive answers take the best sentences.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from rag.embeddings import SentenceTransformerEmbedding
from rag.metadata import hit_abstract
from rag.retrieval import PaperHit
from rag.store import ChunkStore
from rag.text import cut_off, shared_share, split_sentences, tokenize

LEXICAL_WEIGHT = 0.3


@dataclass
class Source:
    """Paper number `n` of an answer with its abstract's sentences, their vectors and question scores."""

    n: int
    hit: PaperHit
    abstract: str
    spans: list[tuple[int, int]]
    vectors: np.ndarray
    scores: np.ndarray

    def sentence(self, i: int) -> str:
        """Text of sentence `i` (exactly abstract[start:end])."""
        start, end = self.spans[i]
        return self.abstract[start:end]

    def best_sentences(self, k: int) -> list[int]:
        """Indexes of the `k` sentences closest to the question, in abstract order."""
        order = np.argsort(-self.scores, kind="stable")[:k]
        return sorted(int(i) for i in order)

    def prompt_text(self, k: int) -> str:
        """The `k` best sentences joined, as the text the model sees for this source."""
        return " ".join(self.sentence(i) for i in self.best_sentences(k))


def abstract_of(hit: PaperHit, store: ChunkStore) -> str:
    """The whole abstract of a hit's paper (as retrieved or in its metadata, else from the paper's first chunk)."""
    return hit_abstract(hit, "") or store.abstract(hit.paper_id) or hit.text


def prepare_sources(
    hits: list[PaperHit], question: str, embedder: SentenceTransformerEmbedding, store: ChunkStore,
    max_sentences: int | None = None,
) -> list[Source]:
    """Sources numbered from 1 in hit order, with sentence vectors and question scores (one encode call).

    With `max_sentences`, a source keeps (and embeds) at most that many of its sentences: those
    sharing the most words with the question, earliest first on ties, in abstract order. So the
    work per question is bounded however long an abstract is; spans stay offsets into the whole
    abstract, so quotes are exact.
    """
    terms = set(tokenize(question))
    abstracts = [abstract_of(hit, store) for hit in hits]
    spans = [_narrowed(text, _whole_sentences(text), terms, max_sentences) for text in abstracts]
    texts = [question] + [text[s:e] for text, paper_spans in zip(abstracts, spans) for s, e in paper_spans]
    vectors = np.asarray(embedder.encode(texts), dtype=np.float32)
    query, vectors = vectors[0], vectors[1:]
    sources, offset = [], 0
    for n, (hit, text, paper_spans) in enumerate(zip(hits, abstracts, spans), start=1):
        block = vectors[offset:offset + len(paper_spans)]
        offset += len(paper_spans)
        lexical = np.array([shared_share(terms, text[s:e]) for s, e in paper_spans], dtype=np.float32)
        sources.append(Source(n, hit, text, paper_spans, block, block @ query + LEXICAL_WEIGHT * lexical))
    return sources


def _whole_sentences(text: str) -> list[tuple[int, int]]:
    """The spans of `text`'s sentences, less a last one cut off mid-way when there are others (a
    source's truncated abstract: "... Our primary contribution is the"), so it is never quoted."""
    spans = split_sentences(text) or [(0, len(text))]
    return spans[:-1] if len(spans) > 1 and cut_off(text[spans[-1][0]:spans[-1][1]]) else spans


def _narrowed(text: str, spans: list[tuple[int, int]], terms: set[str], limit: int | None) -> list[tuple[int, int]]:
    """At most `limit` of `spans`: the ones sharing the most question words (earliest on ties), in order."""
    if limit is None or len(spans) <= limit:
        return spans
    ranked = sorted(range(len(spans)), key=lambda i: (-shared_share(terms, text[spans[i][0]:spans[i][1]]), i))
    return [spans[i] for i in sorted(ranked[:limit])]
