"""Cited answers: rewrite a follow-up, retrieve, generate (or extract), check every sentence, cite.

`Answerer.stream` yields the model's raw text pieces as they come, then one final checked
`Answer`. Nothing relevant retrieved means a plain refusal naming the closest papers, without
calling the model. A model failure gives an Answer whose `error` is one line and whose `sources`
still hold what was retrieved.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, Iterator

from rag.bm25_index import tokenize
from rag.conversation import names_in, standalone_question
from rag.errors import RagError
from rag.extractive import extractive_sentences
from rag.grounding import GroundingChecker, SentenceCheck, split_answer
from rag.llm import LLMError, build_chat_model
from rag.prompting import build_messages
from rag.retrieval import PaperHit, PaperRetriever, open_retriever
from rag.settings import Settings
from rag.sources import Source, prepare_sources
from rag.verifier import build_verifier

UNSUPPORTED_MARK = "[unsupported]"


@dataclass
class Citation:
    """Source [n] of an answer: its paper, the quote that supports the answer, and its offsets."""

    n: int
    paper_id: str
    title: str
    source: str
    quote: str
    start: int
    end: int
    supported: bool

    def as_dict(self) -> dict[str, Any]:
        """The citation in the shape of `rag ask --json` citations."""
        return {
            "n": self.n, "paper_id": self.paper_id, "title": self.title, "source": self.source,
            "quote": self.quote, "start": self.start, "end": self.end, "supported": self.supported,
        }


@dataclass
class Answer:
    """A checked answer with its citations, everything retrieved, and what the check removed."""

    question: str
    answer: str
    refused: bool
    citations: list[Citation]
    backend: str
    timings_ms: dict[str, int]
    sources: list[PaperHit]
    removed_sentences: list[str]
    error: str | None = None
    standalone_question: str = ""
    fallback: bool = False
    checks: list[SentenceCheck] = field(default_factory=list, repr=False)

    def as_dict(self) -> dict[str, Any]:
        """The `rag ask --json` shape, plus removed_sentences, error, fallback and sources."""
        return {
            "question": self.question,
            "answer": self.answer,
            "refused": self.refused,
            "citations": [c.as_dict() for c in self.citations],
            "backend": self.backend,
            "timings_ms": dict(self.timings_ms),
            "standalone_question": self.standalone_question,
            "removed_sentences": list(self.removed_sentences),
            "fallback": self.fallback,
            "error": self.error,
            "sources": [h.as_dict() for h in self.sources],
        }


class Answerer:
    """Answers questions over the store with the configured backend; safe to share between threads."""

    def __init__(self, settings: Settings, retriever: PaperRetriever | None = None) -> None:
        self.settings = settings
        self.retriever = retriever or open_retriever(settings)
        self.model = build_chat_model(settings.llm)
        self.backend = self.model.label if self.model else "extractive"
        self.checker = GroundingChecker(settings.grounding, self.retriever.embedder, build_verifier(settings))

    def ask(self, question: str, history: list[dict] | None = None, top_k: int | None = None) -> Answer:
        """The final checked answer (the last item of `stream`)."""
        final = None
        for item in self.stream(question, history, top_k):
            final = item
        assert isinstance(final, Answer)
        return final

    def stream(self, question: str, history: list[dict] | None = None, top_k: int | None = None) -> Iterator[str | Answer]:
        """Yields raw token strings as generated, then exactly one final checked Answer as the last item.

        Raises RagError (one line) for bad input: an empty or over-long question, top_k below 1.
        """
        question = self._validate(question, top_k)
        clock = _Clock()
        standalone = standalone_question(question, history, self.settings.answer.history_turns)
        # The answer's own relevance rule replaces retrieval's floor (see _relevant).
        hits = self.retriever.search(standalone, top_k=top_k or self.settings.answer.top_k, floor=False)
        relevant = [h for h in hits if self._relevant(h, standalone)]
        if not relevant:
            clock.lap("retrieve")
            yield self._refusal(question, standalone, hits, clock)
            return
        sources = prepare_sources(relevant, standalone, self.retriever.embedder, self.retriever.store)
        clock.lap("retrieve")

        raw_pieces: list[str] = []
        error = None
        try:
            for piece in self._generate(standalone, sources):
                clock.mark_first()
                raw_pieces.append(piece)
                yield piece
        except LLMError as exc:
            error = str(exc)
        clock.lap("generate")
        if error:
            yield Answer(question, "", False, [], self.backend, clock.timings(), relevant, [], error, standalone)
            return
        answer = self._checked(question, standalone, "".join(raw_pieces), sources)
        clock.lap("verify")
        answer.timings_ms = clock.timings()
        yield answer

    def _relevant(self, hit: PaperHit, question: str) -> bool:
        """The question names the paper's title, or dense cosine plus answer.lexical_weight times
        the BM25 score per query term reaches answer.min_relevance."""
        title = hit.title.lower()
        if any(len(name) > 2 and name.lower() in title for name in names_in(question)):
            return True
        terms = max(1, len(set(tokenize(question))))
        dense = hit.dense_similarity if hit.dense_similarity is not None else 0.0
        relevance = dense + self.settings.answer.lexical_weight * (hit.bm25_score or 0.0) / terms
        return relevance >= self.settings.answer.min_relevance

    def _validate(self, question: Any, top_k: int | None) -> str:
        if not isinstance(question, str) or not question.strip():
            raise RagError('empty question; ask something, e.g. rag ask "what does PLaTITO improve?"')
        question = " ".join(question.split())
        limit = self.settings.answer.max_question_chars
        if len(question) > limit:
            raise RagError(f"question is {len(question)} characters long; the limit is {limit} (answer.max_question_chars)")
        if top_k is not None and top_k < 1:
            raise RagError("top_k must be at least 1")
        return question

    def _generate(self, question: str, sources: list[Source]) -> Iterator[str]:
        if self.model is None:
            yield " ".join(self._extractive(sources))
            return
        messages = build_messages(question, sources, self.settings.answer.sentences_per_source)
        yield from self.model.stream(messages)

    def _extractive(self, sources: list[Source]) -> list[str]:
        return extractive_sentences(sources, self.settings.answer.extractive_sentences, self.settings.answer.extractive_ratio)

    def _checked(self, question: str, standalone: str, raw: str, sources: list[Source]) -> Answer:
        """The answer after the grounding check; the extractive answer when no sentence survives."""
        sentences = self._extractive(sources) if self.model is None else split_answer(raw)
        checks = self.checker.check(sentences, sources)
        removed = [c.text for c in checks if not c.supported]
        fallback = not any(c.supported for c in checks)
        if fallback:
            checks = self.checker.check(self._extractive(sources), sources)
            if not any(c.supported for c in checks):
                return self._refusal(question, standalone, [s.hit for s in sources], _Clock())
        mark = self.settings.grounding.unsupported == "mark" and not fallback
        shown = [c for c in checks if c.supported or mark]
        text = " ".join(c.text if c.supported else f"{UNSUPPORTED_MARK} {c.text}" for c in shown)
        citations = _citations(shown, {s.n: s for s in sources})
        return Answer(question, text, False, citations, self.backend, {}, [s.hit for s in sources],
                      removed, None, standalone, fallback, checks)

    def _refusal(self, question: str, standalone: str, closest: list[PaperHit], clock: "_Clock") -> Answer:
        text = "No paper in the collection answers this question."
        if closest:
            names = "; ".join(f"{h.title} [{h.paper_id}]" for h in closest[:3])
            text += f" The closest papers are: {names}."
        return Answer(question, text, True, [], self.backend, clock.timings(), closest, [], None, standalone)


def build_answerer(settings: Settings) -> Answerer:
    """An Answerer over the configured store and backend (the model loads on first use)."""
    return Answerer(settings)


def _citations(checks: list[SentenceCheck], by_n: dict[int, Source]) -> list[Citation]:
    """One citation per cited source, in order of first mention, quoting its best supporting passage."""
    best: dict[int, tuple[Any, bool]] = {}
    for check in checks:
        for support in check.support:
            held = best.get(support.n)
            supported = check.supported or (held is not None and held[1])
            if held is None or (check.supported, support.similarity) > (held[1], held[0].similarity):
                best[support.n] = (support, supported)
            else:
                best[support.n] = (held[0], supported)
    citations = []
    for n, (support, supported) in best.items():
        hit = by_n[n].hit
        citations.append(Citation(n, hit.paper_id, hit.title, hit.source, support.quote, support.start, support.end, supported))
    return citations


class _Clock:
    """Milliseconds per stage since construction, plus the time to the first streamed token."""

    def __init__(self) -> None:
        self.start = self.last = time.perf_counter()
        self.laps: dict[str, int] = {"retrieve": 0, "generate": 0, "verify": 0}
        self.first_token: int | None = None

    def lap(self, name: str) -> None:
        now = time.perf_counter()
        self.laps[name] = round((now - self.last) * 1000)
        self.last = now

    def mark_first(self) -> None:
        if self.first_token is None:
            self.first_token = round((time.perf_counter() - self.start) * 1000)

    def timings(self) -> dict[str, int]:
        total = round((time.perf_counter() - self.start) * 1000)
        extra = {"first_token": self.first_token} if self.first_token is not None else {}
        return {**self.laps, "total": total, **extra}
