"""The `extractive` backend: no model; the abstract sentences closest to the question, quoted and cited."""

from __future__ import annotations

from typing import Iterator

from rag.backends.base import AnswerBackend
from rag.extractive import extractive_sentences
from rag.sources import Source


class ExtractiveBackend(AnswerBackend):
    """Deterministic answers: the same sources always give the same quoted sentences."""

    provider = "extractive"

    def write(self, question: str, sources: list[Source]) -> Iterator[str]:
        yield " ".join(self.sentences("", sources))

    def sentences(self, raw: str, sources: list[Source]) -> list[str]:
        answer = self.settings.answer
        return extractive_sentences(sources, answer.extractive_sentences, answer.extractive_ratio)
