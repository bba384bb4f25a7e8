"""What a question asks for: a quantity, a named thing (dataset, model, ...), a method, a cause or
limitation ("why ...", "what's wrong with ..."), a paper, a list of papers, a yes/no answer or
comparison ("check").

Rules over the question's wording, deterministic and instant. The answer stage uses the intent to
choose evidence (a sentence with a number for "how deep", one naming a dataset for "which
dataset") and to say plainly when the cited abstract does not state the asked fact.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from rag.query import papers_requested

Kind = Literal["quantity", "entity", "method", "cause", "paper", "papers", "check", "general"]

_QUANTITY = re.compile(
    r"\b(?:how\s+(?:many|much|deep|large|big|long|fast|far|often|wide|small|high|low|accurate|quickly)"
    r"|by\s+(?:how\s+much|what\s+(?:factor|margin|percentage))|to\s+what\s+(?:size|extent|degree)"
    r"|what\s+(?:\w+\s+){0,2}?(?:percentage|fraction|proportion|number|speed-?up|accuracy|error|size|rate|score|ratio|factor|"
    r"improvement|gain|reduction|increase|decrease|drop)"
    r"|what\s+\w+\s+does\s+.+\s+(?:reach|achieve|attain|obtain|score)"
    r"|(?:reach|achieve|attain|obtain)\s+what)\b",
    re.IGNORECASE,
)
# "which/what dataset(s)", "what two methods", "which kinds of spectra", "which model showed ...",
# and with a modifier or two: "what real data", "which weather model", "what PDE tasks".
_ENTITY = re.compile(
    r"\b(?:which|what)\s+(?:(?:two|three|four|kinds?\s+of|types?\s+of|sorts?\s+of)\s+)?(?P<mods>(?:(?!does\b|do\b|did\b|is\b|are\b|was\b|were\b)[\w-]+\s+){0,2}?)"
    r"(?P<noun>datasets?|benchmarks?|corpora|corpus|models?|architectures?|software|tools?|tasks?|languages?|"
    r"metrics?|methods|baselines?|spectra|divergences?|distributions?|rewards?|losses|loss|data|modalities|domains?|"
    r"algorithms?|libraries|library|simulators?|systems?|llms?|scenarios?|settings?|environments?|applications?)\b",
    re.IGNORECASE,
)
_PAPER = re.compile(
    r"^\s*(?:which|what)\s+(?:paper|work|article|study|method|approach|model|framework)\b"
    r"|^\s*(?:is|are)\s+there\s+(?:a|an|any)\b|\bwhich\s+(?:paper|work|study)\b",
    re.IGNORECASE,
)
# The thing a quantity question measures: "how many <tasks>", "how much <context>", "what <accuracy>".
_WHAT_PHRASE = r"\b(?:what|which)\s+(?P<what>(?:[\w-]+\s+)?[\w-]+)\s+(?:does|do|did|is|are|was|were)\b"
_MEASURED = re.compile(
    r"\bhow\s+(?:many|much)\s+(?P<words>(?:(?!(?:is|are|was|were|does|do|did|has|have|had|can|could|of|in|on|for|to|per|with|at|by|the|a|an)\b)[\w-]+\s+){0,3})"
    r"|" + _WHAT_PHRASE,
    re.IGNORECASE,
)
_ASKED = re.compile(_WHAT_PHRASE, re.IGNORECASE)
# Words that say "a number" rather than what is counted ("by what factor", "what percentage").
_GENERIC_MEASURES = {"factor", "number", "percentage", "fraction", "proportion", "margin", "extent", "degree", "amount", "ratio"}
# A yes/no question or a comparison: "does X need labels?", "do A beat B?", "should models be wider or deeper?"
_CHECK = re.compile(
    r"^\s*(?:does|do|did|is|are|was|were|can|could|should|will|would|has|have|compare)\b|\bversus\b", re.IGNORECASE)
# "does X need Y", "can X handle Y": Y is what the answer must speak to.
_CHECKED = re.compile(
    r"^\s*(?:does|do|did|can|could|will|would)\s+.+?\s+(?:need|require|use|rely\s+on|work\s+with|beat|outperform|"
    r"support|handle|have|come\s+with|avoid|remove|eliminate|improve)\s+(?P<what>[^?]+)",
    re.IGNORECASE,
)
# A cause or a limitation: "why do gradient flows fall short", "what is wrong with standard CSCNNs".
_CAUSE = re.compile(
    r"^\s*why\b|\bwhat\s+is\s+(?:wrong|the\s+problem|the\s+issue)\s+with\b|\bfalls?\s+short\b"
    r"|\b(?:bad|poor|worse)\s+at\b|\blimitations?\s+of\b",
    re.IGNORECASE,
)
_METHOD = re.compile(r"^\s*(?:how|why)\b|\bwhat\s+does\s+.+\s+(?:use|add|do|combine|rely|introduce)\b", re.IGNORECASE)
# Nouns that name what is asked, for "The X abstract does not name a dataset".
_ASKED_NOUN = {
    "data": "the data", "corpus": "a corpus", "corpora": "a corpus", "software": "the software",
    "spectra": "the spectra", "losses": "a loss", "modalities": "the modalities", "libraries": "a library",
}


@dataclass(frozen=True)
class Intent:
    """The kind of answer a question wants, and the noun it asks about: for an entity question the
    kind of thing ("dataset"), for a quantity question what is counted or measured ("tasks", "AUROC";
    "" when the question names none, as in "how deep"); `phrase` is that noun with the words
    qualifying it in the question ("dialogue scenarios", "downstream tasks"); for a yes/no question
    the thing it asks about ("does TriForces require DFT labels" gives "DFT labels")."""

    kind: Kind
    noun: str = ""
    phrase: str = ""

    def missing_phrase(self) -> str:
        """How to say that an abstract is silent on what is asked, e.g. "does not name a dataset"."""
        if self.kind == "quantity":
            return "does not state this figure"
        if self.kind == "entity" and self.noun:
            noun = self.noun.lower()
            thing = _ASKED_NOUN.get(noun) or f"a {noun.rstrip('s') if noun.endswith('s') and not noun.endswith('ss') else noun}"
            return f"does not name {thing}"
        if self.kind == "general" and self.phrase:
            return f"does not say which {self.phrase.lower()}"
        return "does not say"


def classify(question: str) -> Intent:
    """The intent of `question` (see the module docstring); "general" when no rule fires."""
    if papers_requested(question):
        return Intent("papers")
    if _QUANTITY.search(question):
        return Intent("quantity", *_measured(question))
    entity = _ENTITY.search(question)
    if entity and not _PAPER.search(question):
        return Intent("entity", entity.group("noun"), f"{entity.group('mods')}{entity.group('noun')}")
    if _PAPER.search(question):
        return Intent("paper")
    if _CAUSE.search(question):
        return Intent("cause")
    if _METHOD.search(question):
        return Intent("method")
    if _CHECK.search(question):
        checked = _CHECKED.search(question)
        return Intent("check", "", checked.group("what").strip() if checked else "")
    asked = _ASKED.search(question)  # "what failure mode does ACE address": the phrase is "failure mode"
    return Intent("general", "", asked.group("what") if asked else "")


def _measured(question: str) -> tuple[str, str]:
    """The head noun a quantity question counts or measures and its phrase ("how many downstream
    tasks" gives "tasks", "downstream tasks"); empty for "by what factor" and the like."""
    match = _MEASURED.search(question)
    words = (match.group("words") or match.group("what") or "").split() if match else []
    if not words or words[-1].lower() in _GENERIC_MEASURES:
        return "", ""
    return words[-1], " ".join(words)
