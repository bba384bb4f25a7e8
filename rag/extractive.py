"""The extractive answer: the abstract sentences closest to the question, quoted and cited. No model.

Deterministic: the same sources always give the same answer. It is also the fallback when no
generated sentence survives the grounding check.
"""

from __future__ import annotations

from rag.sources import Source


def extractive_sentences(sources: list[Source], count: int, ratio: float) -> list[str]:
    """Up to `count` quoted sentences, best first, each scoring at least `ratio` of the best one.

    Each is written as `“sentence” [n]` with n the number of the source it is quoted from.
    """
    candidates = sorted(
        ((float(src.scores[i]), src.n, i) for src in sources for i in range(len(src.spans))),
        key=lambda c: (-c[0], c[1], c[2]),
    )
    if not candidates:
        return []
    best = candidates[0][0]
    by_n = {src.n: src for src in sources}
    chosen = candidates[:1] + [c for c in candidates[1:count] if c[0] >= ratio * best]
    return [f"“{by_n[n].sentence(i)}” [{n}]" for _, n, i in chosen]
