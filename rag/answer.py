"""Cited answers: rewrite a follow-up, retrieve, write (with the configured backend), check every sentence, cite.

`Answerer.stream` returns an `AnswerStream`: iterate it for the backend's raw text pieces as they
come, then read `.answer` for the final checked `Answer`. Nothing relevant retrieved means a plain
refusal naming the closest papers, without calling the model. A model failure gives an Answer
whose `error` is one line and whose `sources` still hold what was retrieved.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, field, replace
from typing import Any, Iterator, NamedTuple

import numpy as np

from rag.backends import AnswerBackend, LLMError
from rag.bibliography import collection_summary
from rag.conversation import asks_for_more, earlier_answers, standalone_question
from rag.errors import RagError
from rag.compose import (Statement, bears_on, compose, introduces, lone_unheld_words, misses_measure, named_apart, not_mentioned, plainest_name, plan_text, silent_about,
                          unheld_names, unheld_phrases, unheld_words)
from rag.grounding import GroundingChecker, SentenceCheck, Support, strip_markers
from rag.intent import (Intent, bare_topic, classify, compound_parts, described_topic, introduced_thing, leading_measure, summary_topic,
                        without_answer_form, without_superlatives)
from rag.metadata import hit_abstract
from rag.numbered import other_numbered
from rag.premise import premise_corrections
from rag.presumption import FallenPremise, fallen_premise, presumed_claim
from rag.relevance import answer_policy, holds_either_side, named_first, unfamiliar_words
from rag.retrieval import VENUE_ALIASES, PaperHit, PaperRetriever
from rag.query import (FIELD_ACRONYMS, answer_top_k, content_query, counted_topic, counts_papers, list_variants, papers_requested,
                       plain_question, setting_phrase, without_collection)
from rag.settings import Settings
from rag.sources import Source, prepare_sources
from rag.spelling import corrected
from rag.text import defined_acronyms, names_in, tokenize
from rag.titles import calls_by_name, quoted_titles, writes_quoted
from rag.verifier import build_verifier

UNSUPPORTED_MARK = "[unsupported]"
# How many retrieved papers are searched for one the question calls by name, beyond the top k.
NAMED_POOL = 10
WORD_VECTORS_HELD = 20_000  # words whose vectors an Answerer keeps for `_foreign_word` (~30 MB at 384 dimensions)

# What a refusal says before naming the papers closest to the question (no answer of theirs).
CLOSEST_PAPERS = "The closest papers are:"


@dataclass(kw_only=True)
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


@dataclass(kw_only=True)
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
    removed: list[dict[str, str]] = field(default_factory=list)
    checks: list[SentenceCheck] = field(default_factory=list, repr=False)

    def as_dict(self) -> dict[str, Any]:
        """The `rag ask --json` shape, plus removed_sentences (and `removed`, each with the check's reason),
        error, fallback and sources."""
        return {
            "question": self.question,
            "answer": self.answer,
            "refused": self.refused,
            "citations": [c.as_dict() for c in self.citations],
            "backend": self.backend,
            "timings_ms": dict(self.timings_ms),
            "standalone_question": self.standalone_question,
            "removed_sentences": list(self.removed_sentences),
            "removed": [dict(r) for r in self.removed],
            "fallback": self.fallback,
            "error": self.error,
            "sources": [h.as_dict() for h in self.sources],
        }


class AnswerStream:
    """One answer in the making: iterate for raw text pieces, then read `answer` for the checked Answer.

    Reading `answer` before the pieces are exhausted consumes the rest of them first.
    """

    def __init__(self, events: Iterator[str | Answer]) -> None:
        self._events = events
        self._answer: Answer | None = None

    def __iter__(self) -> Iterator[str]:
        for event in self._events:
            if isinstance(event, Answer):
                self._answer = event
            else:
                yield event

    @property
    def answer(self) -> Answer:
        """The final checked answer."""
        if self._answer is None:
            for _ in self:
                pass
        assert self._answer is not None, "an answer stream ends with its Answer"
        return self._answer


class Answerer:
    """Answers questions over one retriever with one backend; safe to share between threads."""

    def __init__(self, settings: Settings, retriever: PaperRetriever, backend: AnswerBackend) -> None:
        self.settings = settings
        self.retriever = retriever
        self.writer = backend
        self.backend = backend.label
        self.policy = answer_policy(settings)
        self.checker = GroundingChecker(settings.grounding, retriever.embedder, build_verifier(settings))
        self._names: tuple[PaperRetriever, set[str]] | None = None  # the stored titles' coined names, for typing slips
        self._word_vectors: dict[str, np.ndarray] = {}  # single words' vectors, by word (`_vectors_of`)

    def ask(self, question: str, history: list[dict] | None = None, top_k: int | None = None) -> Answer:
        """The final checked answer (see `stream`)."""
        return self.stream(question, history, top_k).answer

    def stream(self, question: str, history: list[dict] | None = None, top_k: int | None = None) -> AnswerStream:
        """The answer to `question` as a stream of raw text pieces ending in a checked Answer.

        Raises RagError (one line) at once for bad input: an empty or over-long question, top_k below 1.
        """
        question = self._validate(question, top_k)
        return AnswerStream(self._events(question, history, top_k))

    def _events(self, question: str, history: list[dict] | None, top_k: int | None) -> Iterator[str | Answer]:
        clock = _Clock()
        standalone = self._corrected(standalone_question(question, history, self.settings.answer.history_turns, self._paper_quoted,
                                                         self._calls_paper if history else None, self._writes if history else None))
        asked = plain_question(standalone)  # the words abstracts use: "what's" spelled out, "rl" expanded
        named = self.retriever.named_scope(asked)
        if _about_the_collection(_unscoped(asked, named)):  # "how many papers are from 2018?": the store answers
            clock.lap("retrieve")
            yield Answer(question=question, answer=collection_summary(self.retriever.papers(), named), refused=False,
                         citations=[], backend=self.backend, timings_ms=clock.timings(), sources=[], removed_sentences=[],
                         standalone_question=standalone)
            return
        # The answer's own relevance policy replaces retrieval's floor.
        # A "which papers ..." question widens any top_k (the page's slider too) to answer.max_papers.
        top_k = answer_top_k(asked, top_k or self.settings.answer.top_k, self.settings.answer.max_papers)
        scope = self.retriever.scope(named)  # "which aistats papers ...": only that venue's papers
        asked = _unscoped(asked, named)  # "2024" is then no figure the abstracts must state
        asked = without_answer_form(asked)  # "in one sentence" is no topic the abstracts must hold
        asked, scope, by = self._people_scope(asked, scope)
        listing = bool(by) and _names_no_topic(asked)
        if listing:
            top_k = self.settings.answer.max_papers
        # "show me more" / "any others?": the previous question again, less the papers its answer gave.
        given = _quoted_papers(earlier_answers(history)) if asks_for_more(question) and standalone != question else None
        hits, relevant = self._candidates(asked, standalone, scope, top_k + (given.count if given else 0), listing)
        if given is not None:
            hits, relevant = _not_given(hits, given), _not_given(relevant, given)[:top_k]
        if any(not any(writes_quoted(quoted, h.title, hit_abstract(h, h.text)) for h in relevant) for quoted in quoted_titles(asked)):
            relevant = []  # "explain the 'Attention Is All You Need' paper": a quoted title no paper retrieved writes
        if not relevant:
            clock.lap("retrieve")
            yield self._refusal(question, standalone, hits, clock, other=given is not None)
            return
        sources = prepare_sources(relevant, asked, self.retriever.embedder, self.retriever.store,
                                  max_sentences=self.settings.answer.max_source_sentences)
        intent = Intent("papers") if listing else classify(asked)
        if intent.kind == "general" and sources and bare_topic(asked) and not calls_by_name(asked, sources[0].hit.title, sources[0].abstract):
            intent = Intent("paper")  # "spiking state space model for event-camera object detection?": a paper on it is asked for
        sources, silence = self._fitting(intent, asked, sources, listing)
        answer_settings = self.settings.answer
        plan = silence or compose(asked, intent, sources, answer_settings.extractive_sentences, answer_settings.extractive_ratio)
        clock.lap("retrieve")
        if not plan:  # the sources hold none of what is asked (rag.compose): refuse without the model
            yield self._refusal(question, standalone, relevant, clock, other=given is not None)
            return
        # "why does widening a weather model cut its compute bill?": no abstract says it does
        fallen = None if silence else self._fallen_premise(asked, sources)
        if fallen:
            yield self._refusal(question, standalone, relevant, clock, other=given is not None, fallen=fallen)
            return

        # "how many papers are about X": the index counts the papers writing X's words; the list follows.
        count_line = self._count_line(counted_topic(asked), scope, named, by, given is not None) \
            if intent.kind == "papers" and counts_papers(asked) else ""
        if count_line:
            yield count_line + "\n"
        raw_pieces: list[str] = []
        # An abstract silent on what is asked (or a record answering it) is the whole answer, whatever
        # a model would add (`_checked` shows no generated sentence beside it): no model is called, and
        # the composed answer streams as the extractive backend's would.
        silent = any(st.silent for st in plan)
        pieces = iter([plan_text(plan)]) if silent else self.writer.write(standalone, sources, plan)
        try:
            for piece in pieces:
                clock.mark_first()
                raw_pieces.append(piece)
                yield piece
        except LLMError as exc:
            clock.lap("generate")
            yield Answer(question=question, answer="", refused=False, citations=[], backend=self.backend,
                         timings_ms=clock.timings(), sources=relevant, removed_sentences=[], error=str(exc),
                         standalone_question=standalone)
            return
        clock.lap("generate")
        answer = self._checked(question, standalone, "" if silent else "".join(raw_pieces), sources, plan)
        if count_line and not answer.refused:
            answer.answer = f"{count_line}\n{answer.answer}"
        clock.lap("verify")
        answer.timings_ms = clock.timings()
        yield answer

    def _people_scope(self, asked: str, scope: dict[str, Any]) -> tuple[str, dict[str, Any], str]:
        """`asked` without the author or institution names it writes, `scope` narrowed to their
        papers, and how a count names them (" by Sergey Levine", " from Stanford"; "" for none):
        "which papers did Sergey Levine write?", "papers from Stanford"."""
        authors, authored = self.retriever.authored(asked)
        places, placed = ([], []) if authors else self.retriever.affiliated(asked)
        if not (authors or places):
            return asked, scope, ""
        scope = {**scope, "paper_id": (authored if authors else placed) or ["(none)"]}
        by = f" by {' and '.join(authors)}" if authors else f" from {' and '.join(places)}"
        return _without_names(asked, authors or places), scope, by

    def _fitting(self, intent: Intent, asked: str, sources: list[Source], listing: bool) -> tuple[list[Source], list[Statement]]:
        """The sources (renumbered) that may answer `asked` given its intent, none for a near miss,
        and the statement that answers alone when a named paper's abstract never mentions what a
        yes/no question asks about ("does MAML need second derivatives") or another name the question
        writes ("how does MEG-XL use EEG recordings?")."""
        silence: list[Statement] = []
        # "how does MEG-XL use EEG recordings?", "what accuracy does UniSparse get on ImageNet?": the named
        # paper's abstract never writes the other name asked about, so it cannot tell. A figure question's
        # own measure ("InfoGlobe's MAE?") is no such name: its abstract "does not state this figure".
        # So is a yes/no question or comparison ("Is PLaTITO faster than AlphaFold?"). A name written by
        # another paper the question calls by name is no such name: the question compares two papers
        # ("TriForces on OMat24 or StormInsight on StormBench: which cuts MAE more?").
        # "What is UniSparse's ImageNet accuracy?": a name qualifying the measure it ends on is asked about too
        asked_about = (setting_phrase(asked) or _before_last_word(asked)) if intent.kind == "quantity" else asked
        if intent.kind in ("quantity", "method", "general", "cause", "check") and sources and asked_about \
                and calls_by_name(asked, sources[0].hit.title, sources[0].abstract):
            others = [s for s in sources[1:] if calls_by_name(asked, s.hit.title, s.abstract)]
            unheld = [name for name in unheld_names(asked_about, sources[0]) if all(unheld_names(name, s) for s in others)]
            if unheld:
                return sources, [not_mentioned(sources[0], plainest_name(unheld))]
        thing = introduced_thing(asked) if intent.kind == "paper" else ""
        if thing:  # "which paper introduced the Adam optimizer": the paper that did, not one that only mentions it
            sources = [replace(source, n=n) for n, source in enumerate((s for s in sources if introduces(s, thing)), start=1)]
        elif intent.kind in ("paper", "papers", "method", "summary") and not listing:
            # "summarize", "results": no topic; "Which paper X, and what dataset did it use?": X is the topic
            # "which paper has the largest speedup?": the superlative is no word of its topic
            topic = summary_topic(asked) if intent.kind == "summary" else without_superlatives((compound_parts(asked) or (asked,))[0])
            # a question for one paper, or for one paper's summary ("summarize the paper on quantum
            # gravity"), ends on its topic: an unheld word heading it is a near miss
            kept = self._on_topic(sources, topic, final_head=intent.kind in ("paper", "summary"))
            if intent.kind == "papers":  # "transformers or attention for ...": a paper on one side lacks the other's words
                on_topic = {k.hit.paper_id for k in kept}
                kept = [replace(source, n=n) for n, source in enumerate((s for s in sources if s.hit.paper_id in on_topic
                                                                       or holds_either_side(topic, f"{s.hit.title} {s.abstract}")), start=1)]
            if intent.kind == "paper":  # "steering of audio diffusion models": one foreign word in a held phrase
                # "which paper applies topological data analysis to fMRI connectivity?": a name the paper never writes
                kept = [source for source in kept if not self._foreign_word(topic, source) and not unheld_names(topic, source)]
            # A question for one paper whose closest paper lacks a phrase of its topic is a near miss:
            # the papers ranked below it are further still ("prunes the weights of large language models").
            sources = kept if intent.kind == "papers" or not kept or kept[0].hit is sources[0].hit else []
            setting = re.split(r"\s(?:that|which|who|where)\s", setting_phrase(topic))[0] if intent.kind == "paper" else ""
            if sources and setting and _foreign(setting, sources[0]) and not self._near(setting, sources[0]):
                # "anything on graph networks for traffic forecasting": half the setting it ends on is
                # words the closest paper lacks ("traffic"), and no sentence of it is close to the setting.
                sources = []
        elif intent.kind == "quantity" and sources and not calls_by_name(asked, sources[0].hit.title, sources[0].abstract):
            # A figure of a measure the closest paper never mentions ("how many GPUs", "Batch size of X"), or for a setting
            # it does not hold ("... for image classification"), that the question does not tie to it
            # by name is a near miss.
            if misses_measure(intent, asked, sources[0]) or misses_measure(leading_measure(asked), asked, sources[0]):
                sources = []
            elif setting_phrase(asked):
                sources = sources if self._on_topic(sources[:1], setting_phrase(asked)) else []
        elif intent.kind == "check" and sources and not calls_by_name(asked, sources[0].hit.title, sources[0].abstract):
            # "does weight decay make lora forget more": a yes/no question on a topic the closest paper
            # lacks wholly ("weight decay"), the paper not named, is a near miss.
            sources = sources if self._on_topic(sources[:1], asked, runs=False) else []
        elif intent.kind == "check" and intent.phrase and sources and _foreign(intent.phrase, sources[0], wholly=True) \
                and not self._near(intent.phrase, sources[0]):
            # "does MAML need second derivatives": the named paper's abstract never speaks of them.
            silence = [not_mentioned(sources[0], intent.phrase)]
        if sources and not silence and intent.kind != "papers" and not listing and self._beside(intent, asked, sources[0]):
            sources = []
        return sources, silence

    def _beside(self, intent: Intent, asked: str, source: Source) -> bool:
        """True when `asked`, not calling `source` by name, is about something beside it: a numbered
        name the paper writes with another number ("L1 weight decay" to an abstract on "L2 weight
        decay", `rag.numbered`), or a paper described before a colon and a question
        (`rag.intent.described_topic`) holding a phrase the paper lacks, in words and in meaning
        (`_on_topic`, as for a request for a paper: "Indirect metadata rewards for medical image
        reasoning in VLMs: what is shown?"). The lone-foreign-word check of paper requests is not
        applied: a description may be a list of attributes ("Highest parameter efficiency, yet
        poor hardware utilisation: which weather model is meant?"), whose words it misreads."""
        if calls_by_name(asked, source.hit.title, source.abstract):
            return False
        if other_numbered(asked, f"{source.hit.title} {source.abstract}"):
            return True
        described = described_topic(asked) if intent.kind != "paper" else ""
        return bool(described) and not self._on_topic([source], described, final_head=True)

    def _candidates(self, asked: str, standalone: str, scope: dict[str, Any], top_k: int,
                    listing: bool) -> tuple[list[PaperHit], list[PaperHit]]:
        """The papers retrieved for `asked` within `scope`, and those the answer policy admits, the
        papers the question names first: one it calls by name among the first NAMED_POOL retrieved
        joins them ("who proposed the Wasserstein GAN"), and so does a paper whose title it abbreviates
        ("how does MAML adapt": its abstract never says "MAML"), and another reading of a list
        question adds its own ("scaling behaviour" finds "scaling behavior"). An author's list
        (`listing`) admits every paper retrieved."""
        pool = self.retriever.search(asked, top_k=max(top_k, NAMED_POOL), floor=False, filters=scope)
        hits = pool[:top_k] + [h for h in pool[top_k:] if calls_by_name(asked, h.title, hit_abstract(h, h.text))]
        for hit in reversed(self._abbreviated(asked)):
            hits = [hit] + [h for h in hits if h.paper_id != hit.paper_id]
        relevant = hits if listing else named_first(self._admitted(hits, asked), asked)
        for variant in list_variants(standalone):
            seen = {h.paper_id for h in relevant}
            relevant += [h for h in self._admitted(self.retriever.search(variant, top_k=top_k, floor=False, filters=scope), variant)
                         if h.paper_id not in seen][: max(0, top_k - len(relevant))]
        return hits, relevant

    def _on_topic(self, sources: list[Source], question: str, runs: bool = True, final_head: bool = False) -> list[Source]:
        """The sources (renumbered from 1) that hold each phrase of a question looking for papers or
        asking how something works ("how does X do Y"), in words (`rag.compose.unheld_phrases`) or close in meaning: a phrase none of whose words the
        abstract holds must reach answer.min_phrase_similarity in cosine to one of its sentences.
        So "which paper uses spiking networks for speech recognition" is not answered from a paper
        on spiking networks alone, while "forecasting thunderstorms" finds the nowcasting paper.
        A figure question passes only the setting it ends on (`rag.query.setting_phrase`); `runs=False`
        (a yes/no question) counts only phrases none of whose words the abstract holds; `final_head` (a
        question for one paper) counts the word it ends on too."""
        floor = self.settings.answer.min_phrase_similarity
        question = without_collection(question)  # "in the collection" is where to look, no topic
        unheld = [unheld_phrases(question, source, runs, final_head) for source in sources]
        phrases = sorted({phrase for own in unheld for phrase in own})  # each phrase encoded once
        vectors = dict(zip(phrases, self.retriever.embedder.encode_array(phrases))) if phrases else {}
        kept = []
        for source, own in zip(sources, unheld):
            if own and len(source.vectors):
                closeness = np.stack([vectors[phrase] for phrase in own]) @ source.vectors.T
                if closeness.max(axis=1).min() < floor:
                    continue
            kept.append(source)
        return [replace(source, n=n) for n, source in enumerate(kept, start=1)]

    def _count_line(self, topic: str, scope: dict[str, Any], named: dict[str, str], by: str, more: bool) -> str:
        """The count a "how many papers ..." question asks for, within its scope, from the index:
        "230 of the collection's 2,003 papers have the words “reinforcement” and “learning” (in some
        form) in their title or abstract; the closest:", "The collection holds 12 papers by Sergey
        Levine; among them:" (`by`: " by Sergey Levine", " from Stanford"). A count of words, not a
        reading of each paper. `more` (a request for more after it) lists "the next closest" / "more of them"."""
        # a field acronym counts with its words: "LLM" or "large language model"
        spelled = [(w, FIELD_ACRONYMS.get(w.lower())) for w in topic.split()]
        held, within = self.retriever.count_holding([(w, words) if words else w for w, words in spelled], scope)
        kind = " ".join([*named.values(), "papers"])
        if not topic:
            return f"The collection holds {within:,} {kind}{by}; {'more of them' if more else 'among them'}:"
        words = [f"“{w}”" + (f" (or “{long}”)" if long else "") for w, long in spelled]
        said = f"the word {words[0]}" if len(words) == 1 else f"the words {', '.join(words[:-1])} and {words[-1]}"
        group = f"the {within:,} {kind}{by}" if named or by else f"the collection's {within:,} papers"
        verb = "has" if held == 1 else "have"
        return f"{held:,} of {group} {verb} {said} (in some form) in their title or abstract; the {'next ' if more else ''}closest:"

    def _title_names(self) -> set[str]:
        """The coined names of the stored titles, lower-cased ("spikeinit", "platito"), read once per
        retriever (a refreshed store comes with a new one)."""
        if self._names is None or self._names[0] is not self.retriever:
            self._names = (self.retriever, {name.lower() for paper in self.retriever.papers()
                                            for name in names_in(str(paper.get("title", "")))})
        return self._names[1]

    def _abbreviated(self, asked: str) -> list[PaperHit]:
        """The papers whose title `asked` abbreviates ("MAML"), as hits; when some of them write the
        acronym in their abstract ("Efficient Neural Architecture Search (ENAS)"), only those, since
        titles sharing the initials ("Efficient Nonmyopic Active Search") are then another thing. When
        none does, and the abstracts using the acronym most spell it out in words a title lacks
        ("direct preference optimization (DPO)" for "On Discrete Prompt Optimization ..."), that title
        is another thing too; "model-agnostic meta-learning (MAML)" keeps the MAML paper."""
        found = [h for paper_id in self.retriever.abbreviated(asked)
                 for h in self.retriever.search(asked, top_k=1, floor=False, filters={"paper_id": paper_id})]
        names = [n for n in names_in(asked) if n.isupper()]
        writing = [h for h in found if any(re.search(rf"(?<!\w){re.escape(n)}(?!\w)", hit_abstract(h, h.text)) for n in names)]
        if writing or not found:
            return writing
        # "Is RLHF better than DPO?": abstracts that spell DPO out otherwise ("direct preference
        # optimization (DPO)") mean another thing than "On Discrete Prompt Optimization ...".
        meanings = {meaning for n in names for h in self.retriever.search(n, top_k=5, floor=False, mode="bm25")
                    for acronym, meaning in defined_acronyms(hit_abstract(h, h.text)).items() if acronym == n.lower()}
        return [h for h in found if not meanings or any(set(tokenize(m)) <= set(tokenize(h.title)) for m in meanings)]

    def _writes(self, word: str) -> bool:
        """True when some stored paper writes each index term of `word` (a stop word has none)."""
        return all(map(self.retriever.holds_term, tokenize(word)))

    def _corrected(self, question: str) -> str:
        """`question` with its typing slips put right (`rag.spelling.corrected`: "spike init" is SpikeInit)."""
        return corrected(question, self._title_names(), lambda word: self._writes(word) if tokenize(word) else self.retriever.holds_term(word),
                         self.retriever.embedder.knows_word)

    def _calls_paper(self, text: str) -> bool:
        """True when `text` (a name, or a short question) calls one of its closest stored papers by
        its own name, slips put right (`rag.titles.calls_by_name`): "GEAR", "megxl", "wla", not "BN",
        "ImageNet", "AUROC" or "latent dim"."""
        text = self._corrected(text)
        return any(calls_by_name(text, h.title, hit_abstract(h, h.text)) for h in self.retriever.search(text, top_k=3, floor=False))

    def _paper_quoted(self, answer: str) -> str | None:
        """The one paper `answer` (an earlier turn's shown text) is about, when every citation is [1]:
        the display title of the paper its longest quotation is found in word for word, or the name
        it gives the paper it says is silent ("The SpikeInit abstract does not name a dataset [1].").
        None else."""
        if set(re.findall(r"\[(\d+)\]", answer)) != {"1"}:
            return None
        quotes = re.findall(r"“([^”]{20,})”", answer)
        if not quotes:
            return silent_about(answer)
        quote = max(quotes, key=len)
        hits = self.retriever.search(quote, top_k=1, floor=False)
        if hits and " ".join(quote.split()) in " ".join(hit_abstract(hits[0], hits[0].text).split()):
            return hits[0].display_title
        return None

    def _foreign_word(self, question: str, source: Source) -> bool:
        """True when a word of the question standing alone unheld in a phrase the source otherwise
        holds (`rag.compose.lone_unheld_words`) is also far in meaning from every word of the source's
        title and abstract: below answer.min_word_similarity in cosine ("audio" to a steering abstract
        on images: 0.53 to "noise"; "brain" to "neural": 0.75, a paraphrase)."""
        lone = lone_unheld_words(question, source)
        if not lone:
            return False
        vocabulary = sorted({w.lower() for w in re.findall(r"[A-Za-z][\w-]{2,}", f"{source.hit.title} {source.abstract}")})
        closeness = self._vectors_of(lone) @ self._vectors_of(vocabulary).T
        return float(closeness.max(axis=1).min()) < self.settings.answer.min_word_similarity

    def _vectors_of(self, words: list[str]) -> np.ndarray:
        """The embedding of each of `words` (one row each), encoding only those not met before: an
        abstract's vocabulary is read again by every question that lands on it. Keeps at most
        WORD_VECTORS_HELD words, then starts afresh."""
        held = self._word_vectors
        missing = sorted(set(words) - held.keys())
        fresh = dict(zip(missing, self.retriever.embedder.encode_array(missing))) if missing else {}
        if len(held) + len(fresh) > WORD_VECTORS_HELD:
            self._word_vectors = {}
        self._word_vectors.update(fresh)
        return np.stack([fresh[w] if w in fresh else held[w] for w in words])

    def _near(self, phrase: str, source: Source) -> bool:
        """True when one of the source's sentences reaches answer.min_phrase_similarity in cosine to `phrase`."""
        if not len(source.vectors):
            return True
        vector = self.retriever.embedder.encode_array([phrase])[0]
        return float((source.vectors @ vector).max()) >= self.settings.answer.min_phrase_similarity

    def _admitted(self, hits: list[PaperHit], query: str) -> list[PaperHit]:
        """The hits the answer policy admits for `query` (see rag.relevance)."""
        unfamiliar = bool(unfamiliar_words(query, self.retriever.holds_term, self.retriever.embedder.knows_word))
        called = [hits[i] for i in named_apart(query, [(h.title, hit_abstract(h, h.text)) for h in hits])]
        return [h for h in hits if self.policy.admits(h, _asked_of_one(query, h, called), unfamiliar=unfamiliar)]

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

    def _checked(self, question: str, standalone: str, raw: str, sources: list[Source], plan: list[Statement]) -> Answer:
        """The shown answer: the backend's checked sentences that add to the composed answer and bear on
        the question (`rag.compose.bears_on`), then the composed answer itself (see rag.compose).
        Unsupported generated sentences are removed (or, with grounding.unsupported: mark, shown
        marked); when none is kept, `fallback` says the composed answer stands alone."""
        generated = self.checker.check(self.writer.sentences(raw, sources), sources)
        removed = [c for c in generated if not c.supported]
        silent = any(st.silent for st in plan)
        quoted = [st.text for st in plan if not st.silent]
        allowed = {st.n for st in plan}
        mark = self.settings.grounding.unsupported == "mark"
        by_n = {s.n: s for s in sources}
        asked = plain_question(standalone)
        kept = [] if silent else [
            c for c in generated
            if set(c.cited) <= allowed and not _repeats(c.text, quoted)
            and ((c.supported and all(bears_on(strip_markers(c.text), asked, by_n[n]) for n in c.cited)) or (mark and not c.supported))
        ]
        checked_quotes = iter(self.checker.check(quoted, sources))
        planned = [_silence(st, sources) if st.silent else next(checked_quotes) for st in plan]  # in the plan's order
        removed += [c for c in planned if not c.supported]
        shown = _unique([*kept, *(c for c in planned if c.supported)])
        if not shown:
            return self._refusal(question, standalone, [s.hit for s in sources], _Clock())
        joiner = "\n" if any(st.text.startswith("- ") for st in plan) else " "
        text = joiner.join(c.text if c.supported else f"{UNSUPPORTED_MARK} {c.text}" for c in shown)
        return Answer(question=question, answer=text, refused=False, citations=_citations(shown, {s.n: s for s in sources}),
                      backend=self.backend, timings_ms={}, sources=[s.hit for s in sources],
                      removed_sentences=[c.text for c in removed], removed=[{"text": c.text, "reason": c.reason} for c in removed],
                      standalone_question=standalone, fallback=bool(generated) and not any(c.supported for c in generated),
                      checks=[*generated, *planned])

    def _fallen_premise(self, asked: str, sources: list[Source]) -> FallenPremise | None:
        """The fallen premise when `asked`, a "why ..." question naming no paper, takes for granted a
        claim no admitted source holds (`rag.presumption`); None else, and when the closest abstract
        corrects the premise itself ("why does X require DFT labels": "without needing DFT labels",
        `rag.premise`), which the answer then quotes."""
        presumed = presumed_claim(asked)
        if presumed is None or not sources or calls_by_name(asked, sources[0].hit.title, sources[0].abstract) \
                or premise_corrections(asked, sources[0]):
            return None
        return fallen_premise(presumed, sources, self.checker)

    def _refusal(self, question: str, standalone: str, closest: list[PaperHit], clock: "_Clock", other: bool = False,
                 fallen: FallenPremise | None = None) -> Answer:
        """The refusal naming the closest papers; `fallen`: the question took for granted a claim no
        abstract holds, which is said first, followed by the passage that states it turned round when
        one does ("The abstract of MEG-XL [id] states otherwise: “...”"; a refusal cites nothing, so the paper is named
        by its id as the closest papers are). (The claim itself, written out by rule, can read badly
        ("The E-I does network stay robust ..."), so it is not quoted.)"""
        again = "other " if other else ""
        text = (f"No {again}paper in the collection supports what this question takes for granted." if fallen
                else f"No {again}paper in the collection answers this question.")
        if fallen and fallen.source:
            hit = fallen.source.hit
            text += f" The abstract of {hit.display_title} [{hit.paper_id}] states otherwise: “{' '.join(fallen.contrary.split())}”"
        elif closest:
            names = "; ".join(f"{h.display_title} [{h.paper_id}]" for h in closest[:3])
            text += f" {CLOSEST_PAPERS} {names}."
        return Answer(question=question, answer=text, refused=True, citations=[], backend=self.backend,
                      timings_ms=clock.timings(), sources=closest, removed_sentences=[], standalone_question=standalone)


# Words of a question listing papers that name no topic ("which papers were published ...", "list all papers",
# "what did X write / propose").
_LISTING_WORDS = set(tokenize("many working together jointly coauthored co-authored collaborated published appeared presented list papers accepted show give included have held "
                              "contains collection available indexed stored wrote write written authored propose "
                              "proposed work works"))


def _asked_of_one(query: str, hit: PaperHit, called: list[PaperHit]) -> str:
    """`query` as it bears on `hit`, one of two papers or more it calls by name (`called`): without the
    names only the others write ("Which needs less data, MEG-XL or TriForces on OMat24?" is no
    question on a coined name MEG-XL's abstract lacks)."""
    if hit not in called or len(called) < 2:
        return query
    own = f"{hit.title} {hit_abstract(hit, hit.text)}".lower()
    others = " ".join(f"{h.title} {hit_abstract(h, h.text)}" for h in called if h is not hit).lower()
    return _without_names(query, [name for name in names_in(query) if name.lower() in others and name.lower() not in own])


def _before_last_word(question: str) -> str:
    """The word before the one `question` ends on ("What is X's ImageNet accuracy?" -> "ImageNet"): what
    qualifies a figure question's measure; the measure itself ("InfoGlobe's MAE?") is no other name asked about."""
    words = question.strip(" ?.!").split()
    return words[-2] if len(words) >= 2 else ""


def _without_names(question: str, names: list[str]) -> str:
    """`question` without the names given (authors, institutions, papers), and the "by", "of", "from" or "at" before them."""
    for name in names:
        question = re.sub(rf"(?i)(?:\b(?:by|of|from|at)\s+(?:the\s+)?)?{re.escape(name)}(?:'s)?", " ", question)
    return " ".join(question.split())


class _Given(NamedTuple):
    """What an earlier answer showed of its papers: the titles its lines open with ("- Title: “...”"),
    its quotations (20 characters or more, whitespace normalised) and how many sources it cited."""

    titles: set[str]
    quotes: list[str]
    count: int


def _quoted_papers(answers: list[str]) -> _Given:
    """The papers earlier answers' texts gave (`_Given`)."""
    answer = "\n".join(answers)
    titles = {m.strip() for m in re.findall(r"^-?\s*([^“\n]+?):\s*“", answer, re.MULTILINE)}
    quotes = [" ".join(q.split()) for q in re.findall(r"“([^”]{20,})”", answer)]
    return _Given(titles, quotes, sum(len(set(re.findall(r"\[(\d+)\]", text))) for text in answers))


def _not_given(hits: list[PaperHit], given: _Given) -> list[PaperHit]:
    """`hits` less the papers an earlier answer gave: by their title, or by a quotation their abstract holds."""
    def shown(hit: PaperHit) -> bool:
        text = " ".join(hit_abstract(hit, hit.text).split())
        return hit.display_title in given.titles or any(q in text for q in given.quotes)
    return [h for h in hits if not shown(h)]


def _foreign(setting: str, source: Source, wholly: bool = False) -> bool:
    """True when at least half the telling words of `setting` (all of them, `wholly`) are words the
    source does not hold (`rag.compose.unheld_words`): "traffic forecasting", not "underground
    reservoir simulation"."""
    missing = unheld_words(setting, source)
    words = len([w for w in setting.split() if tokenize(w)])
    return bool(missing) and (len(missing) >= words if wholly else 2 * len(missing) >= words)


def _about_the_collection(question: str) -> bool:
    """True when `question`, its scope's words taken out, asks about the collection itself: "how many
    papers are there?" (`rag.intent`'s "collection"), or a list of papers that names no topic ("which
    papers were published in 2026?", "list all papers"), which only the records answer."""
    if classify(question).kind == "collection":
        return True
    return papers_requested(question) and _names_no_topic(question)


def _names_no_topic(question: str) -> bool:
    """True when `question`'s content words are only words of listing papers (`_LISTING_WORDS`)."""
    return not set(tokenize(content_query(question))) - _LISTING_WORDS


def _unscoped(question: str, scope: dict[str, str]) -> str:
    """`question` without the words naming its scope's values ("which 2024 papers ..." -> "which papers ...";
    "NeurIPS" too for the venue NIPS, "rejected" for the status Reject)."""
    for value in scope.values():
        for name in (value, VENUE_ALIASES.get(value.lower(), value)):
            question = re.sub(rf"(?i)\b{re.escape(name)}(?:ed|d|n|s)?\b", " ", question)
    return " ".join(question.split())


def _repeats(sentence: str, quotes: list[str], share: float = 0.8) -> bool:
    """True when most of a generated sentence's content words are already in one of the quotes."""
    words = set(tokenize(strip_markers(sentence)))
    return not words or any(len(words & set(tokenize(q))) >= share * len(words) for q in quotes)


def _silence(statement: Statement, sources: list[Source]) -> SentenceCheck:
    """The check of a composed "the abstract does not state it" sentence, or of a whole abstract
    quoted: true by construction (the latter cites the whole abstract as its passage)."""
    source = next(s for s in sources if s.n == statement.n)
    text = source.abstract.strip() if statement.whole else ""
    start = source.abstract.find(text) if text else 0
    return SentenceCheck(statement.text, [statement.n], True, "", [Support(source.n, start, start + len(text), text, 1.0)])


def _unique(checks: list[SentenceCheck]) -> list[SentenceCheck]:
    """`checks` without repeats of a sentence already shown (same words, markers aside)."""
    seen: set[str] = set()
    kept = []
    for check in checks:
        key = " ".join(strip_markers(check.text).lower().split()).strip("“”\"' .")
        if key not in seen:
            seen.add(key)
            kept.append(check)
    return kept


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
        citations.append(Citation(n=n, paper_id=hit.paper_id, title=hit.display_title, source=hit.source, quote=support.quote,
                                  start=support.start, end=support.end, supported=supported))
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
