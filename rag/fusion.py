"""Fusion of the dense and BM25 paper rankings into one score per paper.

Each retriever gives an ordered mapping paper id -> raw score (cosine for dense, BM25 for lexical),
best first. `rrf` keeps only the ranks; `minmax` and `zscore` keep the score gaps by normalising
each retriever's scores over its own candidate list before the weighted sum. A paper one retriever
did not propose gets that retriever's lowest normalised score (it ranked below every candidate);
when a retriever's candidates all score the same (often a single candidate: the one paper holding
a rare query word), they carry no gap to keep, only the fact that they were proposed: they get 1
and papers it did not propose 0.
"""

from __future__ import annotations

import math
import statistics
from typing import Mapping

FUSIONS = ("rrf", "minmax", "zscore")
WEIGHT_RANGE = (0.2, 0.8)  # a confidence-adjusted dense weight stays inside this: neither retriever is ever ignored


def normalise(scores: Mapping[str, float], method: str) -> dict[str, float]:
    """Scores rescaled per `method`: `minmax` to [0, 1], `zscore` to mean 0 / unit deviation.

    Degenerate lists (one score, or all scores equal) carry no gap to keep: min-max gives every
    paper 1.0 and z-score gives every paper 0.0.
    """
    if not scores:
        return {}
    values = list(scores.values())
    if method == "minmax":
        low, high = min(values), max(values)
        if high - low <= 1e-12:
            return {key: 1.0 for key in scores}
        return {key: (value - low) / (high - low) for key, value in scores.items()}
    if method == "zscore":
        mean = statistics.fmean(values)
        spread = statistics.pstdev(values)
        if spread <= 1e-12:
            return {key: 0.0 for key in scores}
        return {key: (value - mean) / spread for key, value in scores.items()}
    raise ValueError(f"unknown normalisation '{method}'")


def fuse(
    rankings: Mapping[str, Mapping[str, float]],
    weights: Mapping[str, float],
    method: str = "minmax",
    rrf_k: int = 20,
) -> dict[str, float]:
    """Fused score per paper from named rankings (name -> {paper id: raw score}, best first).

    `weights` gives each ranking's weight (names without a weight count 0). With `rrf`, a paper
    earns weight / (rrf_k + rank), scaled so a paper first in every ranking scores 1.0. With
    `minmax`/`zscore`, it earns weight * normalised score; a paper absent from a ranking gets that
    ranking's lowest normalised score. Scores lie in [0, 1] (z-score sums pass through a logistic).
    """
    if method not in FUSIONS:
        raise ValueError(f"unknown fusion '{method}'; choose one of {', '.join(FUSIONS)}")
    used = {name: ranking for name, ranking in rankings.items() if weights.get(name, 0.0) > 0 and ranking}
    papers: dict[str, float] = {}
    for ranking in used.values():
        for paper_id in ranking:
            papers.setdefault(paper_id, 0.0)
    if method == "rrf":
        best = sum(weights[name] for name in used) / (rrf_k + 1) or 1.0
        for name, ranking in used.items():
            for rank, paper_id in enumerate(ranking, start=1):
                papers[paper_id] += weights[name] / (rrf_k + rank) / best
        return papers
    for name, ranking in used.items():
        normalised = normalise(ranking, method)
        floor = min(normalised.values())
        if floor == max(normalised.values()):  # degenerate: proposed or not is all it says
            normalised, floor = dict.fromkeys(normalised, 1.0), 0.0
        for paper_id in papers:
            papers[paper_id] += weights[name] * normalised.get(paper_id, floor)
    if method == "zscore":  # squash to (0, 1) like the other fusions; the order is unchanged
        return {paper_id: 1.0 / (1.0 + math.exp(-score)) for paper_id, score in papers.items()}
    return papers


def confident_dense_weight(
    base: float,
    top_cosine: float,
    top_bm25_share: float,
    cosine_centre: float,
    cosine_slope: float,
    bm25_centre: float,
    bm25_slope: float,
) -> float:
    """The dense weight for one query: `base`, raised by `cosine_slope` x how far the best dense
    cosine lies above `cosine_centre` (the embedding found a close match) and lowered by
    `bm25_slope` x how far the best BM25 score per query word, as a share of the largest IDF, lies
    above `bm25_centre` (rare query words matched exactly), kept within WEIGHT_RANGE. Slopes of 0
    give `base` unchanged (then it is not clipped)."""
    if not cosine_slope and not bm25_slope:
        return base
    weight = base + cosine_slope * (top_cosine - cosine_centre) - bm25_slope * (top_bm25_share - bm25_centre)
    return min(max(weight, WEIGHT_RANGE[0]), WEIGHT_RANGE[1])
