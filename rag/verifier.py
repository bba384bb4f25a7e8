"""Does the passage a claim rests on say what the claim says? Verifiers chosen by `grounding.verifier`.

Every verifier judges one claim (an answer sentence without its [n] markers) against the cited
sources' candidate passages: single sentences and adjacent sentence pairs, closest first by
embedding cosine. The grounding check has already made sure every number and name of the claim
occurs in a cited abstract; verifiers look at meaning.

- `rules`: contradiction cues against the best passage (a negated statement where the passage
  affirms it or the reverse, an antonym such as improves/degrades, a changed count) reject; else
  a graded support score (embedding cosine and word shares, weighted by the grounding settings)
  decides.
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

from rag.cues import NEGATIONS, NOUN_NEGATIONS, PHRASE_NEGATIONS, claim_stems, content_stems, contradiction, misattributed, stem, words
from rag.settings import GroundingSettings, Settings
from rag.text import numbers_as_digits, shared_share, split_sentences, tokenize, unify_dashes, variant_share
from rag.sources import Source

# Absolute words a claim may only use when its source does: "only", "all", "every", "always",
# "guarantees", "proves", "clearly", "the first", "ever", "state of the art". Each group counts as
# present when any of its words is.
ABSOLUTES: list[set[str]] = [
    {"only", "solely", "alone", "purely", "exclusively"},
    {"all", "every", "universally", "any", "whatever", "whichever"},  # "whatever the sample size"
    {"always", "invariably"},
    {"guarantee", "guarantees", "guaranteed", "prove", "proves", "proved", "proven"},
    {"clearly", "vastly", "dramatically"},
    {"perfectly", "perfect", "exactly", "exact", "flawlessly", "flawless"},
    {"fully", "completely", "entirely"},  # "fully solves GRN inference", "fully calibrated"
    {"first", "first-ever", "earliest", "pioneering"},  # a claim of priority
    {"ever"},
    {"whatsoever"},  # "with no patient data whatsoever": none at all, where a source gives a small amount
    {"state-of-the-art", "sota"},
    {"human-level", "superhuman", "human-like"},  # a claim of matching people
    {"necessary-and-sufficient", "if-and-only-if", "iff"},  # a claim of equivalence, where a source may give one direction
    {"unnecessary", "obsolete", "superfluous", "unneeded", "dispensable"},  # a thing done away with: "makes randomized trials unnecessary"
]
# A claim whose content words are nearly all in its aligned passage (and in the abstract) is that
# passage's content reworded or cut short ("It mitigates batch effects naturally, with no explicit
# alignment" from a long list sentence, whose cosine the other items dilute): once no cue contradicts
# it, graded support does not drop it. No false claim of claims_dev..dev8 nor SciFact train was
# caught by graded support alone at this share.
WHOLE_PASSAGE = 0.9
# Words of a source that state what an absolute word claims, in weaker words ("significantly
# outperforms" says what "clearly outperforms" says).
_STATED_BY = {"clearly": {"significantly", "substantially", "considerably", "markedly", "significant", "substantial",
                          "considerable", "marked"},  # "clearly outperforms" for "significant performance gains"
              "any": {"arbitrary"}}  # "any pseudo-Euclidean group" is "arbitrary pseudo-Euclidean groups"
# "eliminates the need for annotations" makes them unnecessary, as "obviates" does.
_STATED_BY.update({w: {"eliminates", "eliminate", "eliminating", "eliminated", "obviates", "obviate", "obviating", "needless"}
                   for w in ("unnecessary", "obsolete", "superfluous", "unneeded", "dispensable")})
# Words that name a model: a "model-agnostic" framework works with any model, architecture or backbone.
_MODEL_WORDS = {"model", "models", "architecture", "architectures", "backbone", "backbones", "network", "networks"}
_PHRASES = {"state of the art": "state-of-the-art", "necessary and sufficient": "necessary-and-sufficient",
            "if and only if": "if-and-only-if", "no longer needed": "unneeded", "no longer necessary": "unnecessary",
            "no longer required": "unneeded",
            "across the board": "universally"}  # "across the board, X beats Y" says it of every case
# Matching people is a claim of human level: "a Theory of Mind on par with humans", "infers mental
# states as well as people do" ("human experts", a named group a source may match, are not these).
_PHRASES.update({f"{verb} {people}": "human-level" for verb in ("on par with", "as well as", "matches", "match", "matching",
                                                                 "rivals", "equals") for people in ("humans", "people")})
# A possessive after "for all" makes it concessive ("For all its favorable trade-off, LoRA suffers
# from forgetting" says "despite"), not a claim about every case.
_POSSESSIVES = {"its", "their", "his", "her", "our", "your"}


# Words of small amount: "only" before them (or before "a" and them) limits a claim instead of making it absolute.
_SMALL = {"limited", "few", "little", "slight", "slightly", "modest", "modestly", "marginal", "marginally",
          "partial", "partially", "small", "minor"}


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


def unstated_absolute(claim: str, abstracts: list[str]) -> str:
    """A reason when `claim` uses an absolute word ("only", "every", "guarantees", "necessary and
    sufficient", ...) that none of the cited abstracts uses, nor any word of its group nor a weaker
    word that states it ("significantly" for "clearly"); else "". Overclaims are often just that."""
    tokens = words(_joined_phrases(claim))
    aside = _set_aside(tokens) | _negated_positions(tokens)
    # "at all" and "only limited/a few" hedge rather than overclaim, ", all verbalized," sums up a
    # list the claim gives; "any" after a negation
    # ("without any labels", "never ... on any benchmark", "free of any normalization") claims nothing absolute, nor does what
    # "rather than" sets aside ("rather than by architecture alone")
    said = {w for i, w in enumerate(tokens) if (i not in aside or w == "whatsoever")  # it follows its negation by nature
            and not (w == "all" and (tokens[i - 1:i] in (["at"], [","]) or _gathers_list(tokens, i)
                                     or (tokens[i - 1:i] == ["for"] and tokens[i + 1:i + 2] != [] and tokens[i + 1] in _POSSESSIVES)))
            and not (w == "only" and _small_amount(tokens[i + 1:i + 3]))
            and not (w == "any" and (set(tokens[:i]) & (NEGATIONS | NOUN_NEGATIONS)
                                     or any(tuple(tokens[max(0, i - len(p)):i]) == p for p in PHRASE_NEGATIONS)))
            and not (w == "first" and tokens[i + 1:i + 2] in (["step"], ["steps"]))  # "a first step toward" begins, it claims no priority
            and not (w == "every" and _each_its_own(tokens[i + 1:i + 2], abstracts))}
    # a word the sources use only under a negation ("cannot fully explain", "without fully
    # leveraging") is not theirs to lend: "fully explains" still goes beyond them
    written = words(_joined_phrases(" ".join(abstracts)))
    denied = _negated_positions(written)
    source = {w for i, w in enumerate(written) if i not in denied}
    for group in ABSOLUTES:
        hit = {w for w in said & group if not _STATED_BY.get(w, set()) & source
               and not (w == "any" and _agnostic_of(tokens, source))}
        long_words = tuple(w for w in group if len(w) >= 5)  # "standalone" says "alone"
        if hit and not source & group and not any(w.endswith(long_words) for w in source):
            return f"'{sorted(hit)[0]}' goes beyond the cited source, which never says it"
    return ""


def _negated_positions(tokens: list[str]) -> set[int]:
    """Positions of the words right after a negation, one word between at most ("cannot fully",
    "not always", "without fully", "is not necessarily"): an absolute word there is denied, not claimed."""
    negations = NEGATIONS | {"without", "no"}
    return {i for i in range(len(tokens)) if set(tokens[max(0, i - 2):i]) & negations}


def _small_amount(after: list[str]) -> bool:
    """Whether the words after an "only" name a small amount ("only limited", "only a few minutes",
    "only a handful"): the "only" stresses how little, it claims nothing absolute."""
    if after[:1] == ["a"]:
        after = after[1:]
    return bool(after) and after[0] in _SMALL | {"handful", "fraction"}


def _each_its_own(noun: list[str], abstracts: list[str]) -> bool:
    """Whether the sources write an "X-specific" compound of the noun after a claim's "every"
    ("every view's opinion" for "view-specific opinions"): a thing of each X's own is said of every X."""
    kinds = {stem(w.removesuffix("-specific")) for w in words(" ".join(abstracts)) if w.endswith("-specific")}
    return bool(noun) and stem(noun[0].removesuffix("'s")) in kinds


def _agnostic_of(tokens: list[str], source: set[str]) -> bool:
    """Whether every "any" of a claim is followed, within three words, by what an "X-agnostic" word
    of the source is agnostic of: "any mesh" for "mesh-agnostic", "any MLIP architecture" for
    "model-agnostic" (a model's other names count), not "any interatomic potential"."""
    kinds = {w.removesuffix("-agnostic") for w in source if w.endswith("-agnostic")}
    kinds |= _MODEL_WORDS if kinds & _MODEL_WORDS else set()
    return bool(kinds) and all({stem(t) for t in tokens[i + 1:i + 4]} & {stem(k) for k in kinds}
                               for i, w in enumerate(tokens) if w == "any")


# Words that state a finding as settled, and words that leave it open: a claim that settles what
# its passage leaves open ("the authors establish a phase transition" for "regimes suggesting a
# phase transition") overclaims.
_SETTLED = {"prove", "proves", "proved", "proven", "establish", "establishes", "established", "confirm", "confirms",
            "confirmed", "settle", "settles", "settled", "solved", "definitively", "conclusively", "undoubtedly",
            "certainly"}
_OPEN = {"suggest", "suggests", "suggested", "suggesting", "may", "might", "could", "hypothesize", "hypothesizes",
         "hypothesise", "hypothesises", "hint", "hints", "hinting", "indicate", "indicates", "indicating", "possibly",
         "potentially", "plausibly", "seem", "seems", "appear", "appears", "perhaps", "speculate", "conjecture"}


def unstated_certainty(claim: str, passage: str) -> str:
    """A reason when `claim` settles ("proves", "establishes", "confirms", "is solved") what the
    sentence of `passage` carrying most of its content words only leaves open ("suggests", "may",
    "hypothesize", "hint"), and neither the claim hedges nor that sentence settles anything
    itself; else ""."""
    said = set(words(claim))
    settled = sorted(said & _SETTLED)
    if not settled or said & _OPEN or said & NEGATIONS:
        return ""
    wanted = claim_stems(claim)
    best, shared = _carrying_sentence(wanted, passage)
    theirs = set(words(best))
    hedged = sorted(theirs & _OPEN)
    if hedged and not theirs & _SETTLED and shared >= 0.5 * len(wanted):
        return f"'{settled[0]}' is more certain than the cited source, which says '{hedged[0]}'"
    return ""


_PREPOSITIONS = {"on", "in", "across", "for", "of", "over", "to", "at", "with", "by", "from", "under", "among", "than",
                 "and", "or", "is", "are", "be", "nearly", "almost", "not"}
_DETERMINERS = {"the", "of", "these", "those", "its", "their", "our", "such", "other", "possible"}


def _gathers_list(tokens: list[str], i: int) -> bool:
    """Whether the "all" at tokens[i] sums up the list before it ("longer contexts, middle-positioned
    evidence and reduced precision all make ... sooner", "classical and quantum mechanics, and
    gradient flows too, are all special cases"): it follows a noun, or a verb of being right after
    one, not a preposition, an "and" comes within the eight words before it, and no noun phrase
    nor "that" follows it ("are all that matters" says "only")."""
    j = i - 1 if tokens[i - 1:i] and tokens[i - 1] in _BEING and i > 1 and tokens[i - 2] not in _PREPOSITIONS else i
    before = tokens[max(0, j - 8):j]
    if j < i and before[-1:] == [","]:
        before = before[:-1]  # "..., and gradient flows too, are all"
    return bool(before) and before[-1] not in _PREPOSITIONS and before[-1] not in {",", ";", ":"} \
        and "and" in before[:-1] and ";" not in before and tokens[i + 1:i + 2] != [] and tokens[i + 1] not in _DETERMINERS | {"that"}


_BEING = {"is", "are", "was", "were", "be"}


def _set_aside(tokens: list[str]) -> set[int]:
    """Positions of the words that "rather than" or "instead of" sets aside: to the first comma
    after a sentence-opening one ("Rather than fusing them by architecture alone, ..."), else to the
    next comma, semicolon or colon."""
    out: set[int] = set()
    for i in range(len(tokens) - 1):
        if tokens[i:i + 2] in (["rather", "than"], ["instead", "of"]):
            end = next((k for k in range(i + 2, len(tokens)) if tokens[k] in {",", ";", ":"}), len(tokens))
            out.update(range(i + 2, end))
    return out


# "X is the first Y ...": what a claim of priority is about, past its generic noun.
_PRIORITY = re.compile(r"\b(?:is|was|are|were|as|be|being)\s+the\s+first\b([^,;.]*)")
_GENERIC_FIRSTS = {"model", "method", "architectur", "approach", "framework", "network", "work", "studi", "system",
                   "time", "algorithm", "paper", "techniqu", "one", "attempt", "tool"}


def unstated_priority(claim: str, abstracts: list[str]) -> str:
    """A reason when `claim` says its subject "is the first" something that no sentence of the
    cited abstracts claims first: "APT is the first neural operator for subsurface simulation"
    against "APT is the first architecture that learns directly from HR-adaptive mesh refinement
    simulations" (the claim's words after "first", past generic nouns, must all be in a sentence
    of the abstract that says "first", in any of their forms: "the first extension of X" for "extends
    X ... for the first time"); else ""."""
    found = _PRIORITY.search(claim.lower())
    if not found:
        return ""
    wanted = _stem_heads(content_stems(found.group(1)) - _GENERIC_FIRSTS)
    firsts = [text[a:b] for text in abstracts for a, b in split_sentences(text) if "first" in words(text[a:b])]
    if not wanted or not firsts or any(wanted <= _stem_heads(content_stems(f)) for f in firsts):
        return ""
    return f"'the first{found.group(1).rstrip()}' goes beyond the cited source, which claims priority for something else"


def _stem_heads(stems: set[str]) -> set[str]:
    """The first five letters of each stem: the forms of one word share them ("extens", "extend")."""
    return {w[:5] for w in stems}


_ASKING = {"whether", "ask", "asks", "asked", "question", "questions", "if", "wonder", "wonders"}


def only_asked(claim: str, passage: str) -> str:
    """A reason when the sentence of `passage` that carries most of the claim's content words (and
    most of them) is a question: "observing Hebbian structure uniquely implies Hebbian
    computation" asserts what "does observing ... uniquely imply ...?" only asks. A claim that
    says it is asked ("whether", "asks") is left alone; else ""."""
    wanted = claim_stems(claim)
    if not wanted or set(words(claim)) & _ASKING:
        return ""
    best, shared = _carrying_sentence(wanted, passage)
    if best.strip().endswith("?") and shared >= 0.6 * len(wanted):
        return "the source only asks this, it does not state it"
    return ""


def _carrying_sentence(wanted: set[str], passage: str) -> tuple[str, int]:
    """(the first sentence of `passage` holding most of the stems `wanted`, how many it holds)."""
    best, shared = "", 0
    for a, b in split_sentences(passage) or [(0, len(passage))]:
        common = len(wanted & content_stems(passage[a:b]))
        if common > shared:
            best, shared = passage[a:b], common
    return best, shared


def _joined_phrases(text: str) -> str:
    """`text` lower-cased, with the absolute phrases of `_PHRASES` written as one word."""
    text = text.lower()
    for phrase, word in _PHRASES.items():
        text = text.replace(phrase, word)
    return text


class RulesVerifier:
    """Offline rules: contradiction cues (rag/cues.py) against the best passages reject a claim;
    otherwise its support is graded. Three evidence signals, each also a hard floor: the embedding
    cosine of the closest passage (`min_similarity`), the share of the claim's content words in the
    cited abstracts (`min_overlap`, morphological variants counted) and their share in the passage
    the claim aligns with (`min_passage_overlap`). Their weighted sum (`weight_similarity`,
    `weight_overlap`, `weight_passage_overlap`) must reach `min_support`, so that a paraphrase with
    few shared words but close in meaning to a passage passes, and a sentence in the abstract's
    words that no passage states (low cosine) does not; a claim with `WHOLE_PASSAGE` of its words
    in its aligned passage needs no graded support."""

    name = "rules"

    def __init__(self, settings: GroundingSettings) -> None:
        self.settings = settings

    def verify(self, claim: str, passages: list[Passage], sources: list[Source]) -> Verdict:
        """Fails on a contradiction, an unstated absolute word, a signal below its floor, or too
        little graded support; `score` is the graded support."""
        aligned = aligned_passage(claim, sources)
        floor = contradiction_floor(claim, passages, sources, aligned)
        if floor:
            return floor
        s = self.settings
        similarity, overlap, local = support_signals(claim, passages, sources, aligned)
        score = s.weight_similarity * similarity + s.weight_overlap * overlap + s.weight_passage_overlap * local
        if overlap < s.min_overlap:
            return Verdict(False, f"only {overlap:.0%} of its words are in the cited source", score)
        if local < s.min_passage_overlap:
            return Verdict(False, f"no passage of the cited source carries its content (best {local:.0%} of its words)", score)
        if similarity < s.min_similarity:
            return Verdict(False, f"closest cited passage has similarity {similarity:.2f}", score)
        if score < s.min_support and min(overlap, local) < WHOLE_PASSAGE:
            return Verdict(False, f"too little support ({score:.2f}): similarity {similarity:.2f}, {overlap:.0%} of its "
                                  f"words in the cited source, {local:.0%} in its best passage", score)
        return Verdict(True, score=score)


def support_signals(claim: str, passages: list[Passage], sources: list[Source], aligned: Passage | None) -> tuple[float, float, float]:
    """(cosine of the closest passage, share of the claim's content words in the cited abstracts
    with morphological variants counted, their share in the `aligned` passage): what the rules
    verifier grades support from. A number counts however it is written ("twenty-three", 23), and a
    compound however its dash is ("Feynman–Kac", "Feynman-Kac")."""
    def written(text: str) -> str:
        return numbers_as_digits(unify_dashes(text))

    words = set(tokenize(written(claim))) - listed_counts(written(claim))
    overlap = variant_share(words, written(" ".join(src.abstract for src in sources)))
    local = shared_share(words, written(aligned.text)) if aligned else 0.0
    return passages[0].similarity, overlap, local



# A count, up to eight words naming what is counted, then the list that counts them: "3 datasets,
# MMLU, TriviaQA and Spider", "4 kinds of spectra: eDOS, phDOS, XANES and Raman".
_COUNT_THEN_LIST = re.compile(r"\b(\d{1,2})((?:\s+[\w-]+){1,8}?)\s*(?:,|:|\(|namely\b|\u2014|\u2013)\s*([^.;:()]+)")


def listed_counts(claim: str) -> set[str]:
    """The counts of `claim` (digits, as `numbers_as_digits` writes them) that the list right after
    them restates item by item ("3 datasets, MMLU, TriviaQA and Spider": three items): the claim
    says the number itself, so it needs no support of its own. Items are up to four words each,
    the list ends with the item after its "and" or "or"."""
    out = set()
    for found in _COUNT_THEN_LIST.finditer(claim):
        items: list[str] = []
        for part in found.group(3).split(","):
            last = re.split(r"\s+(?:and|or)\s+", " " + part.strip())
            items += [p.strip() for p in last if p.strip()]
            if len(last) > 1:
                break
        else:
            continue  # no "and" closes it: a clause, not a list
        if len(items) == int(found.group(1)) and all(len(item.split()) <= 4 for item in items):
            out.add(found.group(1))
    return out


def aligned_passage(claim: str, sources: list[Source]) -> Passage | None:
    """The sentence or adjacent sentence pair of the cited sources that carries most of the claim's
    content words, each weighted by how rare it is among its abstract's sentences (a method's name
    or topic word that every sentence repeats counts little); a pair must carry more than its
    better half; between passages that carry as much, the one naming the claim's names wins. Its
    `similarity` is 0: it is chosen by words, not by embedding."""
    wanted = claim_stems(claim)
    named = content_stems(claim) - wanted  # the claim's names break ties between passages, nothing more
    best: tuple[float, Passage] | None = None
    for source in sources:
        stems = [content_stems(source.sentence(i)) for i in range(len(source.spans))]
        weight = {w: 1.0 / max(1, sum(w in s for s in stems)) for w in wanted}
        weight.update({w: 0.01 / max(1, sum(w in s for s in stems)) for w in named})
        singles = [sum(weight[w] for w in (wanted | named) & s) for s in stems]
        spans = [(i, i) for i in range(len(stems))] + [
            (i, i + 1) for i in range(len(stems) - 1) if not source.abstract[source.spans[i][1]:source.spans[i + 1][0]].strip()]
        for first, last in spans:
            score = singles[first] if first == last else sum(weight[w] for w in (wanted | named) & (stems[first] | stems[last])) - 0.25
            if score > 0 and (best is None or score > best[0] + 1e-9):
                start, end = source.spans[first][0], source.spans[last][1]
                best = (score, Passage(source.n, start, end, source.abstract[start:end], 0.0))
    return best[1] if best else None


def contradiction_floor(claim: str, passages: list[Passage], sources: list[Source], aligned: Passage | None) -> Verdict | None:
    """A failing verdict when the claim contradicts `aligned` (its `aligned_passage`) or its closest
    passage, or uses an absolute word its sources never use (the floor of every verifier)."""
    reason = ""
    for passage in ([aligned] if aligned else []) + passages[:1]:
        abstract = next((s.abstract for s in sources if s.n == passage.n), "")
        reason = reason or contradiction(claim, passage.text, abstract) or misattributed(claim, passage.text, abstract)
    if aligned:
        reason = reason or only_asked(claim, aligned.text) or unstated_certainty(claim, aligned.text)
    reason = reason or unstated_absolute(claim, [s.abstract for s in sources])
    reason = reason or unstated_priority(claim, [s.abstract for s in sources])
    return Verdict(False, reason) if reason else None


def model_floor(claim: str, passages: list[Passage], sources: list[Source], min_similarity: float) -> Verdict | None:
    """The failing verdict a model-based verifier (cross-encoder, LLM judge) gives before asking its
    model: a contradiction of the best passage, an absolute word the sources never use, or no
    passage reaching `min_similarity`."""
    floor = contradiction_floor(claim, passages, sources, aligned_passage(claim, sources))
    if floor:
        return floor
    if not passages or passages[0].similarity < min_similarity:
        return Verdict(False, f"closest cited passage has similarity {passages[0].similarity if passages else 0:.2f}")
    return None


def build_verifier(settings: Settings) -> Verifier:
    """The verifier `grounding.verifier` names (auto: the trained model when cached, else rules)."""
    grounding = settings.grounding
    rules = RulesVerifier(grounding)
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
