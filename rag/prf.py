"""Pseudo-relevance feedback: expand a query with what its top-ranked results hold.

`rm3_weights` (BM25, RM3) expands a query with the words of its top-ranked chunks. `rocchio` moves a
query's embedding towards the vectors of its top-ranked papers (the retriever uses it for questions
asking for several papers: more papers like the best ones).

The RM3-expanded query keeps the original terms at weight `original_weight` each and spreads the rest
of the query's mass (1 - original_weight per original term) over the `n_terms` words most typical
of the feedback chunks, each chunk counted in proportion to its first-pass BM25 score. The
expanded query has the same total weight as the original, so its scores stay on a comparable scale.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Sequence

import numpy as np


def rm3_weights(
    query_terms: list[str],
    feedback: list[tuple[list[str], float]],
    n_terms: int = 10,
    original_weight: float = 0.7,
) -> dict[str, float]:
    """Term -> weight of the expanded query; `feedback` is (chunk tokens, first-pass score) pairs.

    With no usable feedback (no chunks, all scores 0) the original terms come back at weight 1.
    """
    original = list(dict.fromkeys(query_terms))
    total = sum(max(score, 0.0) for _, score in feedback)
    if not original or total <= 0 or n_terms < 1:
        return {term: 1.0 for term in original}
    model: Counter[str] = Counter()
    for tokens, score in feedback:
        if tokens and score > 0:
            share = score / total / len(tokens)
            for term, count in Counter(tokens).items():
                if not term.isdigit():
                    model[term] += share * count
    top = model.most_common(n_terms)
    mass = sum(weight for _, weight in top)
    weights = {term: original_weight for term in original}
    if mass <= 0:
        return {term: 1.0 for term in original}
    spread = (1.0 - original_weight) * len(original)
    for term, weight in top:
        weights[term] = weights.get(term, 0.0) + spread * weight / mass
    return weights


def rocchio(query_vector: Any, feedback_vectors: Sequence[Any], weight: float) -> np.ndarray:
    """The query vector moved towards its feedback (Rocchio): the unit query plus `weight` x the mean of
    the unit `feedback_vectors`, scaled to unit length. With no feedback, or weight 0, the unit query."""
    query = np.asarray(query_vector, dtype=np.float64)
    query = query / max(float(np.linalg.norm(query)), 1e-12)
    if not len(feedback_vectors) or weight <= 0:
        return query
    feedback = np.asarray(feedback_vectors, dtype=np.float64)
    feedback = feedback / np.maximum(np.linalg.norm(feedback, axis=1, keepdims=True), 1e-12)
    moved = query + weight * feedback.mean(axis=0)
    return moved / max(float(np.linalg.norm(moved)), 1e-12)
