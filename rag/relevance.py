"""One relevance policy: is a retrieved paper close enough to a query to be shown or answered from?

A paper's evidence is its best chunk's dense cosine to the query and its BM25 score per distinct
query term. `retrieval_floor` is the lenient instance `rag search` uses (either signal alone is
enough); `answer_policy` is the stricter instance answers use (a weighted sum of both must reach
`answer.min_relevance`, unless the question names the paper's title).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rag.settings import Settings
from rag.text import names_in, tokenize

_NEVER = float("inf")


@dataclass(frozen=True)
class RelevancePolicy:
    """Thresholds over (dense cosine, BM25 per query term); a paper passes when any rule holds."""

    min_dense: float = _NEVER
    min_lexical: float = _NEVER
    min_combined: float = _NEVER
    lexical_weight: float = 0.0
    title_names: bool = False

    def admits(self, hit: Any, query: str) -> bool:
        """True when `hit` (a PaperHit) is relevant enough to `query` under this policy."""
        if self.title_names:
            title = hit.title.lower()
            if any(len(name) > 2 and name.lower() in title for name in names_in(query)):
                return True
        dense, bm25 = hit.dense_similarity, hit.bm25_score
        lexical = (bm25 or 0.0) / max(1, len(set(tokenize(query))))
        return (
            (dense is not None and dense >= self.min_dense)
            or (bm25 is not None and lexical >= self.min_lexical)
            or (dense or 0.0) + self.lexical_weight * lexical >= self.min_combined
        )


def retrieval_floor(settings: Settings) -> RelevancePolicy:
    """The floor of `rag search`: cosine >= retrieval.min_similarity or BM25/term >= retrieval.min_bm25_per_term."""
    return RelevancePolicy(min_dense=settings.retrieval.min_similarity, min_lexical=settings.retrieval.min_bm25_per_term)


def answer_policy(settings: Settings) -> RelevancePolicy:
    """The stricter rule for answering: cosine + answer.lexical_weight * BM25/term >= answer.min_relevance,
    or the question names the paper's title."""
    return RelevancePolicy(
        min_combined=settings.answer.min_relevance, lexical_weight=settings.answer.lexical_weight, title_names=True
    )
