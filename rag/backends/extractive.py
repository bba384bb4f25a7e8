"""The `extractive` backend: no model; the composed answer (rag.compose) is the whole answer."""

from __future__ import annotations

from typing import Iterator

from rag.backends.base import AnswerBackend
from rag.compose import Statement, plan_text
from rag.sources import Source


class ExtractiveBackend(AnswerBackend):
    """Deterministic answers: quoted, cited abstract sentences chosen for what the question asks."""

    provider = "extractive"

    def write(self, question: str, sources: list[Source], plan: list[Statement]) -> Iterator[str]:
        yield plan_text(plan)

    def sentences(self, raw: str, sources: list[Source]) -> list[str]:
        return []  # it writes nothing beyond the composed answer
