"""The extractive answer: the abstract sentences closest to the question, quoted and cited. No model.

Deterministic: the same sources always give the same answer. It is also the fallback when no
generated sentence survives the grounding check.
"""

from __future__ import annotations

from rag.sources import Source


def extractive_sentences(sources: list[Source], count: int, ratio: float) -> list[str]:
    """Up to `count` quoted sentences: the top-ranked source's best sentence first, then the best
    remaining ones that score at least `ratio` of the best sentence overall.

    Each is written as `“sentence” [n]` with n the number of the source it is quoted from. The
    answer leads with source [1] because retrieval ranked that paper first on more evidence (dense
    and BM25 over the whole abstract) than a single sentence's similarity to the question carries.
    """
    candidates = sorted(
        ((float(src.scores[i]), src.n, i) for src in sources for i in range(len(src.spans))),
        key=lambda c: (-c[0], c[1], c[2]),
    )
    if not candidates:
        return []
    best = candidates[0][0]
    top_n = min(c[1] for c in candidates)
    lead = next(c for c in candidates if c[1] == top_n)
    rest = [c for c in candidates if c != lead and c[0] >= ratio * best][: count - 1]
    by_n = {src.n: src for src in sources}
    return [f"“{by_n[n].sentence(i)}” [{n}]" for _, n, i in [lead, *rest]]
