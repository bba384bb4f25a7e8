"""Re-ranking retrieved papers with a cross-encoder that reads the query and each paper together.

A post-processor: `process(query, hits)` re-scores the first `depth` hits (title plus best chunk)
and puts them in the cross-encoder's order, ahead of the hits it did not read. Off by default:
`retrieval.rerank_model` names a local sentence-transformers CrossEncoder folder (none ships).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rag.errors import RagError
from rag.retrieval import PaperHit


class CrossEncoderReranker:
    """Re-orders the top `depth` hits of a query by a sentence-transformers CrossEncoder's score."""

    def __init__(self, model_path: str | Path, depth: int = 20, max_length: int = 256, batch_size: int = 32) -> None:
        path = Path(model_path).expanduser()
        if not (path / "config.json").is_file():
            raise RagError(
                f"re-ranker model '{model_path}' not found (no config.json there); set retrieval.rerank_model "
                "to a local CrossEncoder folder, e.g. one saved by bench/train_reranker.py"
            )
        if depth < 1:
            raise RagError("re-rank depth must be at least 1 (retrieval.rerank_depth)")
        self.path = path
        self.depth = depth
        self.batch_size = batch_size
        self.model = _load(path, max_length)

    def process(self, query: str, hits: list[PaperHit]) -> list[PaperHit]:
        """`hits` with the first `depth` re-ordered by cross-encoder score (stored in `score`), ranks renumbered."""
        head, tail = hits[: self.depth], hits[self.depth :]
        if not head:
            return list(hits)
        scores = self.model.predict(
            [(query, _passage(hit)) for hit in head], batch_size=self.batch_size, show_progress_bar=False
        )
        for hit, score in zip(head, scores):
            hit.score = float(score)
        reordered = sorted(head, key=lambda h: -h.score) + tail
        for rank, hit in enumerate(reordered, start=1):
            hit.rank = rank
        return reordered


def _passage(hit: PaperHit) -> str:
    title = hit.title.rstrip("…").strip()
    return f"{title}. {hit.text}" if title and title not in hit.text else hit.text


def _load(path: Path, max_length: int) -> Any:
    from sentence_transformers import CrossEncoder

    try:
        return CrossEncoder(str(path), max_length=max_length, device="cpu")
    except (OSError, ValueError) as exc:
        raise RagError(f"re-ranker model '{path}' cannot be loaded: {str(exc).splitlines()[0]}") from None
