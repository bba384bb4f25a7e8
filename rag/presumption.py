"""The claim a "why" question takes for granted, and whether any admitted abstract supports it.

"Why does longer MEG context hurt the transfer to word decoding?" presumes that longer MEG context
hurts the transfer to word decoding. `presumed_claim` writes that claim out with a small general
rewriter of the question's shape:
- "why does/do/did X V Y" -> "X does/do/did V Y" (the emphatic form keeps the verb as asked);
- "why can't/doesn't/... X V Y" -> "X cannot/does not/... V Y";
- "why is/are/was/were X P" -> "X is/are/was/were P", the predicate P starting at the first
  word that opens one: a comparative, a participle ("limited", "unaffected"), a negation, or a
  word of `_PREDICATE_WORDS` ("absent", "unreliable");
- "how come X ..." -> "X ..."; "what makes X V Y" -> "X V Y" (the verb left as asked).
The subject X ends before the first word that has verb forms in the bundled vocabulary
(`rag.vocab.has_verb_forms`), follows no article or preposition, and is followed by a word that
opens a verb's complement (an article, a particle, a preposition, a comparative ...).

`fallen_premise` checks the claim with the answer's own grounding check (rag/grounding.py)
against each admitted source, as a sentence citing it would be checked: the premise falls when
no source supports it and one states it turned round (that passage is kept, so the refusal can
quote it), or none holds its content (see the function).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rag.cues import contradiction_cue
from rag.grounding import GroundingChecker, SentenceCheck
from rag.sources import Source
from rag.text import STOPWORDS, tokenize, variant_share
from rag.verifier import aligned_passage
from rag.vocab import has_verb_forms

_WHY_AUX = re.compile(r"^\s*why\s+(?P<aux>does|do|did|can|could|would|will|should|must|might|may)(?P<neg>n?['’]t|\s+not)?\s+(?P<rest>.+)$",
                      re.IGNORECASE)
_WHY_COPULA = re.compile(r"^\s*why\s+(?P<aux>is|are|was|were)(?P<neg>n?['’]t|\s+not)?\s+(?P<rest>.+)$", re.IGNORECASE)
_HOW_COME = re.compile(r"^\s*how\s+come\s+(?P<rest>.+)$", re.IGNORECASE)
_WHAT_MAKES = re.compile(r"^\s*what\s+(?:makes|made|causes|caused)\s+(?P<rest>.+)$", re.IGNORECASE)
_CANT = {"can": "cannot", "might": "might not", "may": "may not", "could": "could not", "would": "would not", "will": "will not", "should": "should not",
         "must": "must not", "does": "does not", "do": "do not", "did": "did not"}
# Words a verb cannot follow (the subject's article or preposition comes before a noun, not a verb).
_NOT_BEFORE_VERB = {"a", "an", "the", "of", "with", "for", "in", "on", "to", "from", "by", "its", "their", "his", "her",
                    "this", "that", "these", "those", "and", "or", "at", "as", "into", "over", "under", "between", "more",
                    "less", "most", "least", "very"}
# Words that open a verb's complement: "reduce its bill", "break down on", "use more energy", "know when".
_AFTER_VERB = {"a", "an", "the", "its", "their", "his", "her", "this", "that", "these", "those", "it", "them", "up", "down",
               "out", "off", "away", "back", "on", "in", "to", "from", "with", "without", "at", "by", "for", "into", "over",
               "under", "across", "more", "less", "fewer", "better", "worse", "faster", "slower", "sooner", "later",
               "when", "what", "why", "how", "whether", "if", "so", "too", "very", "much", "only", "all", "any", "no",
               "not", "twice", "about", "around", "than", "as", "own", "such", "some", "many", "most", "each", "every",
               "both", "either", "neither"}
# Words that open a predicate after "is/are" ("why is X absent from Y", "why are X unreliable").
_PREDICATE_WORDS = {"so", "not", "never", "more", "less", "better", "worse", "absent", "able", "unable", "reliant",
                    "unreliable", "reliable", "essential", "hard", "difficult", "easy", "problematic", "expensive",
                    "cheap", "slow", "fast", "unsuitable", "suitable", "bad", "good", "poor", "necessary", "needed",
                    "unstable", "stable", "robust", "efficient", "inefficient", "insufficient", "sufficient",
                    "impossible", "possible", "important", "useful", "useless", "superior", "inferior", "incapable",
                    "capable", "prone", "immune", "sensitive", "insensitive", "vulnerable", "effective",
                    "ineffective", "accurate", "inaccurate", "biased", "invariant", "free", "independent",
                    "dependent", "specific", "agnostic", "the", "a", "an", "still", "always", "often", "only"}
_COMPARATIVE = re.compile(r"^(?:[a-z]{3,}er|more|less|fewer|better|worse)$")
_PARTICIPLE = re.compile(r"^[a-z]{2,}(?:ed|en)$")
# Words that are no verb after "does": adverbs before it ("still need"), an -s form ("models"), nouns by their ending.
_NO_VERB = re.compile(r"^(?:still|also|only|even|often|always|never|really|actually|just|typically|generally|usually|\w+ly"
                      r"|\w+(?<!s)(?<!u)(?<!i)s|\w+(?:tion|ment|ness|ity|ance|ence|ism))$")
# Words after a verb that open its complement besides `_AFTER_VERB`: a comparative, an adverb, a name.
_OPENS = re.compile(r"^(?:[a-z]{3,}er|[a-z]+ly|behind|short|[A-Z]\w*[A-Z0-9]\w*|[A-Z]{2,}\w*)$")


@dataclass(frozen=True)
class Presumption:
    """The claim a question presumes (`claim`, a declarative sentence without a final stop)."""

    claim: str


def presumed_claim(question: str) -> Presumption | None:
    """The claim a "why / how come / what makes ..." question takes for granted, written out as a
    sentence (see the module docstring); None for a question of another shape or one too short
    to state a claim ("why?", "why is that?")."""
    text = " ".join(question.strip().rstrip("?!. ").split())
    claim = ""
    aux = _WHY_AUX.match(text)
    copula = _WHY_COPULA.match(text)
    if aux:
        verb = _CANT[aux.group("aux").lower()] if aux.group("neg") else aux.group("aux").lower()
        claim = _with_verb(aux.group("rest"), verb)
    elif copula:
        claim = _with_copula(copula.group("rest"), copula.group("aux").lower() + (" not" if copula.group("neg") else ""))
    else:
        plain = _HOW_COME.match(text) or _WHAT_MAKES.match(text)
        if plain and len(plain.group("rest").split()) >= 3:
            claim = plain.group("rest")
    if len(claim.split()) < 3:
        return None
    return Presumption(claim[:1].upper() + claim[1:])


def _with_verb(rest: str, verb: str) -> str:
    """`rest` ("X V Y") with `verb` ("does", "cannot") put before its verb; "" when no verb is found."""
    words = rest.split()
    at = _verb_at(words)
    return " ".join([*words[:at], verb, *words[at:]]) if at else ""


def _verb_at(words: list[str]) -> int:
    """The index of the verb after the subject in `words` (0 when none is found): the first word
    with verb forms, neither an "-ing" or "-s" form nor an adverb or a noun by its ending, that
    follows no article or preposition and is followed by a word opening a complement; else the
    first such word at all."""
    candidates = [i for i in range(1, len(words))
                  if words[i].isalpha() and words[i].islower() and not words[i].endswith("ing") and words[i] not in STOPWORDS
                  and not _NO_VERB.match(words[i]) and words[i - 1].lower() not in _NOT_BEFORE_VERB and has_verb_forms(words[i])]
    opening = [i for i in candidates if i + 1 < len(words) and (words[i + 1].lower().strip(",") in _AFTER_VERB or _OPENS.match(words[i + 1]))]
    return (opening or candidates or [0])[0]


def _with_copula(rest: str, copula: str) -> str:
    """`rest` ("X P") with `copula` ("is", "are not") put before its predicate P; "" when none opens."""
    words = rest.split()
    for i in range(1, len(words)):
        word = words[i].lower()
        if word in _PREDICATE_WORDS or _COMPARATIVE.match(word) or (_PARTICIPLE.match(word) and words[i - 1].lower() not in _NOT_BEFORE_VERB):
            return " ".join([*words[:i], copula, *words[i:]])
    return ""


# The share of a presumed claim's content words (morphological variants counted) below which an
# abstract does not hold what the claim is about. Chosen on premise_dev and the why-questions of
# the seeds_dev sets (docs/BENCHMARKS.md, "Premise check").
MIN_PREMISE_HELD = 0.5


# The contradiction cues (rag/cues.py) that read a direction turned round: an antonym ("reduce"
# against "increased"), a modifier of the same word ("less efficient" against "more efficient"), a
# comparison or preference swapped or reversed, opposites taken crosswise, a covariation reversed,
# ill spoken of what the passage speaks well of ("hurt the transfer" against "transfer better"). The other
# cues (a negation, a prefix, a swapped slot) misread true premises written out of a question
# ("why do X perform poorly": "X do perform poorly"), and do not count here.
_DIRECTION_CUES = frozenset({"antonym_clash", "modifier_clash", "comparison_swap", "crossed_opposites", "direction_clash",
                             "covariation_clash", "preference_swap", "direction_reversed", "valence_clash"})


@dataclass(frozen=True)
class FallenPremise:
    """A presumed claim no admitted source supports. `contrary`: the passage of `source` that states
    it turned round ("longer contexts ... transfer better" for "longer context hurts the transfer"),
    when one does; None when no source holds the claim at all."""

    source: Source | None = None
    contrary: str = ""


def fallen_premise(presumption: Presumption, sources: list[Source], checker: GroundingChecker) -> FallenPremise | None:
    """A `FallenPremise` when no source supports the claim `presumption` states (the grounding check,
    as for an answer sentence citing the source) and either one of them states its direction turned
    round (`_DIRECTION_CUES` against its aligned or closest passage), which it carries, or none holds
    it: each lacks a name or number it writes, or holds under MIN_PREMISE_HELD of its content words.
    None when the premise stands (or there are no sources)."""
    if not sources:
        return None
    claim = presumption.claim
    checks = checker.check([f"{claim} [{source.n}]" for source in sources], sources)
    if any(c.supported for c in checks):
        return None
    for check, source in zip(checks, sources):
        contrary = _turned_round(claim, check, source)
        if contrary:
            return FallenPremise(source, contrary)
    words = set(tokenize(claim))
    unheld = all(c.reason.endswith("is not in the cited source") or variant_share(words, source.abstract) < MIN_PREMISE_HELD
                 for c, source in zip(checks, sources))
    return FallenPremise() if unheld else None


def _turned_round(claim: str, check: SentenceCheck, source: Source) -> str:
    """The passage of the source (aligned with `claim` by words, or the closest by meaning: the
    check's support) that a direction cue finds contradicting `claim`, as the verifier's floor
    reads them; "" when none does."""
    aligned = aligned_passage(claim, [source])
    passages = ([aligned.text] if aligned else []) + [support.quote for support in check.support[:1]]
    return next((text for text in passages
                 if (cue := contradiction_cue(claim, text, source.abstract)) is not None and cue[0] in _DIRECTION_CUES), "")
