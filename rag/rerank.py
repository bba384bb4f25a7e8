"""Re-ranking retrieved papers with a cross-encoder that reads the query and each paper together.

A post-processor: `process(query, hits)` re-scores the first `depth` hits (title plus best chunk)
and re-orders them, ahead of the hits it did not read, by a weighted sum of the cross-encoder's
score and the retrieval score, each standardised over those hits (`weight` 1.0: the cross-encoder
alone). Off by default: `retrieval.rerank_model` names a local sentence-transformers CrossEncoder
folder (none ships).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rag.errors import RagError
from rag.retrieval import PaperHit


class CrossEncoderReranker:
    """Re-orders the top `depth` hits of a query by a sentence-transformers CrossEncoder's score,
    blended with the retrieval score by `weight`."""

    def __init__(
        self, model_path: str | Path, depth: int = 20, weight: float = 1.0, max_length: int = 256, batch_size: int = 32
    ) -> None:
        path = Path(model_path).expanduser()
        if not (path / "config.json").is_file():
            raise RagError(
                f"re-ranker model '{model_path}' not found (no config.json there); set retrieval.rerank_model "
                "to a local CrossEncoder folder, e.g. one saved by `rag train reranker`"
            )
        if depth < 1:
            raise RagError("re-rank depth must be at least 1 (retrieval.rerank_depth)")
        if not 0.0 <= weight <= 1.0:
            raise RagError(f"re-rank weight {weight} is outside 0-1 (retrieval.rerank_weight)")
        self.path = path
        self.depth = depth
        self.weight = weight
        self.batch_size = batch_size
        self.model = _load(path, max_length)

    def process(self, query: str, hits: list[PaperHit]) -> list[PaperHit]:
        """`hits` with the first `depth` re-ordered by the blended score (stored in `score`), ranks renumbered."""
        head, tail = hits[: self.depth], hits[self.depth :]
        if not head:
            return list(hits)
        blended = blend([h.score for h in head], self.scores(query, head), self.weight)
        for hit, score in zip(head, blended):
            hit.score = score
        reordered = sorted(head, key=lambda h: -h.score) + tail
        for rank, hit in enumerate(reordered, start=1):
            hit.rank = rank
        return reordered

    def scores(self, query: str, hits: list[PaperHit]) -> list[float]:
        """The cross-encoder's score of each of `hits` for `query` (higher: more relevant)."""
        predicted = self.model.predict(
            [(query, _passage(hit)) for hit in hits], batch_size=self.batch_size, show_progress_bar=False
        )
        return [float(score) for score in predicted]


def blend(retrieval: list[float], cross: list[float], weight: float) -> list[float]:
    """`weight` x the standardised cross-encoder scores + (1 - weight) x the standardised retrieval
    scores (each z-scored over the list, so neither scale matters); weight 1 keeps the cross-encoder's order."""
    def standard(values: list[float]) -> list[float]:
        mean = sum(values) / len(values)
        spread = (sum((v - mean) ** 2 for v in values) / len(values)) ** 0.5 or 1.0
        return [(v - mean) / spread for v in values]

    if weight >= 1.0:
        return list(cross)
    return [weight * c + (1 - weight) * r for c, r in zip(standard(cross), standard(retrieval))]


def _passage(hit: PaperHit) -> str:
    title = hit.title.rstrip("…").strip()
    return f"{title}. {hit.text}" if title and title not in hit.text else hit.text


def _load(path: Path, max_length: int) -> Any:
    from sentence_transformers import CrossEncoder

    try:
        return CrossEncoder(str(path), max_length=max_length, device="cpu")
    except (OSError, ValueError) as exc:
        raise RagError(f"re-ranker model '{path}' cannot be loaded: {str(exc).splitlines()[0]}") from None
