"""Does the passage a claim rests on say what the claim says? Verifiers chosen by `grounding.verifier`.

Every verifier judges one claim (an answer sentence without its [n] markers) against the cited
sources' candidate passages: single sentences and adjacent sentence pairs, closest first by
embedding cosine. The grounding check has already made sure every number and name of the claim
occurs in a cited abstract; verifiers look at meaning.

- `rules`: contradiction cues against the best passage (a negated statement where the passage
  affirms it or the reverse, an antonym such as improves/degrades), plus the word-overlap and
  similarity thresholds of the grounding settings.
- `model`: the cross-encoder trained by `rag train verifier` (rag/verifier_model.py), over the
  contradiction cues as a floor.
- `llm`: a judge model over an OpenAI-compatible or Ollama endpoint (rag/judge.py), over the
  same floor.
- `auto`: `model` when its trained weights exist under <data_dir>/models/verifier, else `rules`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Protocol

import numpy as np
import Stemmer

from rag.text import tokenize
from rag.settings import Settings
from rag.sources import Source

_STEMMER = Stemmer.Stemmer("english")
NEGATIONS = {"not", "never", "cannot", "neither", "nor", "unable", "hardly", "rarely"}
_FAIL = {"fail", "fails", "failed", "failing"}  # a negation only in "fail(s) to ..."
_SKIP_AFTER_NEGATION = {
    "a", "an", "the", "to", "be", "been", "being", "is", "are", "do", "does", "did", "only", "always",
    "necessarily", "significantly", "substantially", "yet", "any", "have", "has", "had", "by", "it",
    "they", "this", "that", "more", "as", "so", "very", "also", "even", "much", "need", "needs",
}
# Groups of words with opposite meaning: a claim word from one side against a passage word from the other.
ANTONYMS: list[tuple[set[str], set[str]]] = [
    ({"improve", "improves", "improved", "improving", "improvement", "improvements"},
     {"degrade", "degrades", "degraded", "degrading", "worsen", "worsens", "worsened", "hurt", "hurts", "harms", "harm"}),
    ({"increase", "increases", "increased", "increasing", "raise", "raises", "raised", "grows", "rises"},
     {"decrease", "decreases", "decreased", "decreasing", "reduce", "reduces", "reduced", "reducing", "lowers", "lowered",
      "shrinks", "down", "cuts", "drops", "falls"}),
    ({"higher", "larger", "greater", "bigger", "wider"}, {"lower", "smaller", "fewer", "narrower"}),
    ({"outperform", "outperforms", "outperformed", "outperforming", "surpass", "surpasses", "beats", "exceeds"},
     {"underperform", "underperforms", "underperformed", "trails", "lags"}),
    ({"better", "best", "superior"}, {"worse", "worst", "inferior"}),
    ({"faster", "quicker", "accelerates", "accelerate", "speeds"}, {"slower", "slows", "slow", "decelerates"}),
    ({"stable", "stably", "stabilizes", "stabilize"}, {"unstable", "unstably", "destabilizes", "destabilize"}),
    ({"efficient", "efficiency"}, {"inefficient", "inefficiency"}),
    ({"accurate", "accurately"}, {"inaccurate", "inaccurately"}),
    ({"success", "successful", "successfully", "succeeds"}, {"failure", "fails", "unsuccessful"}),
    ({"strongest", "strong", "stronger"}, {"weakest", "weak", "weaker"}),
    ({"cheap", "cheaper", "inexpensive", "low-cost"}, {"expensive", "costly", "pricier"}),
    ({"requires", "require", "required", "relies", "depends", "needs"}, {"without", "eliminates", "eliminating", "free", "normalization-free"}),
    ({"sufficient", "enough"}, {"insufficient"}),
    ({"sparse"}, {"dense"}),
    ({"above"}, {"below"}),
]


# Absolute words a claim may only use when its source does: "only", "all", "every", "always",
# "guarantees", "proves", "clearly". Each group counts as present when any of its words is.
ABSOLUTES: list[set[str]] = [
    {"only", "solely", "alone", "purely", "exclusively"},
    {"all", "every", "universally"},
    {"always", "invariably"},
    {"guarantee", "guarantees", "guaranteed", "prove", "proves", "proved", "proven"},
    {"clearly", "vastly", "dramatically"},
]


@dataclass
class Passage:
    """One sentence or two adjacent sentences of source `n`: abstract[start:end], with cosine `similarity` to the claim."""

    n: int
    start: int
    end: int
    text: str
    similarity: float


@dataclass
class Verdict:
    """Is the claim supported? `reason` says why not; `score` is the verifier's probability when it has one."""

    supported: bool
    reason: str = ""
    score: float | None = None


class Verifier(Protocol):
    """Judges one claim against its candidate passages (closest first) and the whole cited sources."""

    name: str

    def verify(self, claim: str, passages: list[Passage], sources: list[Source]) -> Verdict:
        """The verdict for `claim`."""


def candidate_passages(source: Source, vector: np.ndarray, k: int) -> list[Passage]:
    """The `k` sentences or adjacent sentence pairs of `source` closest to `vector`, closest first."""
    singles = source.vectors @ vector
    scored = [(float(s), i, i) for i, s in enumerate(singles)]
    if len(source.spans) > 1:
        pairs = source.vectors[:-1] + source.vectors[1:]
        pairs = pairs / np.linalg.norm(pairs, axis=1, keepdims=True)
        # Only true neighbours pair up: a source narrowed to some of its sentences has gaps.
        adjacent = [not source.abstract[a[1]:b[0]].strip() for a, b in zip(source.spans, source.spans[1:])]
        scored += [(float(s), i, i + 1) for i, s in enumerate(pairs @ vector) if adjacent[i]]
    scored.sort(key=lambda t: (-t[0], t[2] - t[1]))
    out = []
    for sim, first, last in scored[:k]:
        start, end = source.spans[first][0], source.spans[last][1]
        out.append(Passage(source.n, start, end, source.abstract[start:end], sim))
    return out


def contradiction(claim: str, passage: str) -> str:
    """A reason when `claim` contradicts `passage` by polarity or an antonym, else "".

    Polarity: a word the claim negates ("does not improve") that the passage states without a
    negation, or a word the passage negates that the claim states plainly. Antonym: a claim word
    whose opposite occurs in the passage while the word itself does not.
    """
    claim_words, passage_words = _words(claim), _words(passage)
    claim_neg, claim_plain = _polarity(claim_words)
    passage_neg, passage_plain = _polarity(passage_words)
    for stem, cue in claim_neg.items():
        if stem in passage_plain and stem not in passage_neg:
            return f"contradicts the source: '{cue}' vs '{passage_plain[stem]}'"
    for stem, cue in passage_neg.items():
        if stem in claim_plain and stem not in claim_neg:
            return f"contradicts the source: '{claim_plain[stem]}' vs '{cue}'"
    claim_set, passage_set = set(claim_words), set(passage_words)
    for left, right in ANTONYMS:
        for side, other in ((left, right), (right, left)):
            said = claim_set & side
            opposite = passage_set & other
            if said and opposite and not (passage_set & side) and not (claim_set & other):
                return f"contradicts the source: '{sorted(said)[0]}' vs '{sorted(opposite)[0]}'"
    return ""


def unstated_absolute(claim: str, abstracts: list[str]) -> str:
    """A reason when `claim` uses an absolute word ("only", "every", "guarantees", ...) that none of
    the cited abstracts uses, nor any word of its group; else "". Overclaims are often just that."""
    said = set(_words(claim))
    source = set(_words(" ".join(abstracts)))
    for group in ABSOLUTES:
        hit = said & group
        if hit and not source & group:
            return f"'{sorted(hit)[0]}' goes beyond the cited source, which never says it"
    return ""


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9][a-z0-9\-']*|[,;:]", text.lower().replace("n't", " not"))


def _stem(word: str) -> str:
    return _STEMMER.stemWord(word)


def _polarity(words: list[str]) -> tuple[dict[str, str], dict[str, str]]:
    """(stems negated -> the negated phrase, stems stated plainly -> the word) of a word list.

    A negation governs the first content word after it, skipping auxiliaries and fillers.
    """
    negated: dict[str, str] = {}
    plain: dict[str, str] = {}
    skip_until = -1
    for i, word in enumerate(words):
        if word == ",":
            skip_until = i
            continue
        if word in NEGATIONS or (word in _FAIL and i + 1 < len(words) and words[i + 1] == "to"):
            j = i + 1
            while j < len(words) and (words[j] in _SKIP_AFTER_NEGATION or words[j] in NEGATIONS) and words[j] != ",":
                j += 1
            if j < len(words) and j - i <= 4 and words[j] != ",":
                negated.setdefault(_stem(words[j]), " ".join(words[i:j + 1]))
                skip_until = j
            continue
        if i > skip_until and word not in _SKIP_AFTER_NEGATION and len(word) > 3 and word not in _FAIL:
            plain.setdefault(_stem(word), word)
    return negated, plain


class RulesVerifier:
    """Offline rules: contradiction cues against the best passage, then overlap and similarity floors."""

    name = "rules"

    def __init__(self, min_overlap: float, min_similarity: float) -> None:
        self.min_overlap = min_overlap
        self.min_similarity = min_similarity

    def verify(self, claim: str, passages: list[Passage], sources: list[Source]) -> Verdict:
        """Fails on a contradiction with the best passage, too few shared words, or too low similarity."""
        floor = contradiction_floor(claim, passages, sources)
        if floor:
            return floor
        words = set(tokenize(claim))
        abstracts = set(tokenize(" ".join(s.abstract for s in sources)))
        overlap = len(words & abstracts) / len(words) if words else 0.0
        if overlap < self.min_overlap:
            return Verdict(False, f"only {overlap:.0%} of its words are in the cited source")
        if passages[0].similarity < self.min_similarity:
            return Verdict(False, f"closest cited passage has similarity {passages[0].similarity:.2f}")
        return Verdict(True)


def contradiction_floor(claim: str, passages: list[Passage], sources: list[Source]) -> Verdict | None:
    """A failing verdict when the claim contradicts its best passage or uses an absolute word its
    sources never use (the floor of every verifier)."""
    reason = contradiction(claim, passages[0].text) if passages else ""
    reason = reason or unstated_absolute(claim, [s.abstract for s in sources])
    return Verdict(False, reason) if reason else None


def model_floor(claim: str, passages: list[Passage], sources: list[Source], min_similarity: float) -> Verdict | None:
    """The failing verdict a model-based verifier (cross-encoder, LLM judge) gives before asking its
    model: a contradiction of the best passage, an absolute word the sources never use, or no
    passage reaching `min_similarity`."""
    floor = contradiction_floor(claim, passages, sources)
    if floor:
        return floor
    if not passages or passages[0].similarity < min_similarity:
        return Verdict(False, f"closest cited passage has similarity {passages[0].similarity if passages else 0:.2f}")
    return None


def build_verifier(settings: Settings) -> Verifier:
    """The verifier `grounding.verifier` names (auto: the trained model when cached, else rules)."""
    grounding = settings.grounding
    rules = RulesVerifier(grounding.min_overlap, grounding.min_similarity)
    choice = grounding.verifier
    if choice == "rules":
        return rules
    if choice == "llm":
        from rag.judge import LLMJudgeVerifier

        return LLMJudgeVerifier(settings, grounding.min_similarity_floor, rules)
    from rag.verifier_model import CrossEncoderVerifier, model_dir

    folder = model_dir(settings)
    if choice == "model" or CrossEncoderVerifier.available(folder):
        return CrossEncoderVerifier.load(folder, grounding.verifier_threshold, grounding.min_similarity_floor)
    return rules
