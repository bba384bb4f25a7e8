"""Training examples for the cross-encoder verifier, made offline (no network, no dev claims).

Two kinds, each split by paper/claim into train and held-out parts:
- SciFact train claims (claims_train.csv) against their evidence abstract's closest passage:
  SUPPORT is supported; CONTRADICT and claims with no evidence in the cited abstract are not.
- FactCC-style rule-made claims from corpus abstracts (the seeds and a sample of ICML 2024): a
  sentence, lightly reworded or shortened, is supported by its own passage; the same sentence
  negated, with a number or a name of that abstract changed, with an antonym, with the order of
  "A over B" swapped, or a sentence of another abstract, is not.
"""

from __future__ import annotations

import csv
import hashlib
import json
import random
import re
import sys
from dataclasses import dataclass
from pathlib import Path

from rag.settings import PACKAGED_SEEDS, Settings
from rag.text import split_sentences, tokenize
from rag.cues import ANTONYMS

# Training data read from a source checkout's ../shared/data (SciFact claims, ICML 2024 abstracts).
SHARED_DATA = Path(__file__).resolve().parents[2] / "shared" / "data"
SCIFACT = SHARED_DATA / "beir_scifact"
ICML = SHARED_DATA / "icml2024_abstracts" / "ICML 2024 Events.json"
HELDOUT_SHARE = 0.2
ICML_SAMPLE = 300

_REWORDS = [
    ("we propose", "the authors propose"), ("we introduce", "the paper introduces"), ("we present", "the paper presents"),
    ("we show", "the authors show"), ("we find", "the authors find"), ("we demonstrate", "the work demonstrates"),
    ("demonstrate", "show"), ("propose", "introduce"), ("significantly", "substantially"), ("utilize", "use"),
    ("utilizing", "using"), ("enables", "allows"), ("novel", "new"), ("method", "approach"), ("achieves", "attains"),
    ("leverages", "uses"), ("in this work, ", ""), ("in this paper, ", ""), ("however, ", ""), ("furthermore, ", ""),
    ("moreover, ", ""), ("notably, ", ""), ("extensive experiments", "experiments"), ("consistently ", ""),
]
_NEGATABLE = re.compile(r"\b(is|are|can|does|do|was|were|has|have|will|could|should)\b")
_VERBS = {v + ("es" if v.endswith(("ch", "sh")) else "s"): v for v in (
    "improve", "outperform", "achieve", "reduce", "enable", "require", "learn", "preserve", "capture", "match",
    "support", "increase", "eliminate", "yield", "provide", "generalize", "scale", "converge", "exhibit")}
_VERB = re.compile(r"\b(" + "|".join(_VERBS) + r")\b")
_NUMBER = re.compile(r"(?<![A-Za-z\d.])\d+(?:\.\d+)?")
_NAME = re.compile(r"\b(?:[A-Z][a-z]*[A-Z0-9][A-Za-z0-9\-]*|[A-Z]{2,}[a-z]?)\b")
_OVER = re.compile(r"\b(\w+) over (\w+)\b")
# Overclaims: a hedged or bounded statement made absolute.
_OVERCLAIMS = [
    (r"\bcan\b", "always"), (r"\bon par with\b", "clearly better than"), (r"\bcompetitive with\b", "far better than"),
    (r"\bcomparable to\b", "much better than"), (r"\bmay\b", "always"), (r"\boften\b", "always"), (r"\bsome\b", "all"),
    (r"\bimproves?\b", "guarantees gains in"), (r"\breduces?\b", "eliminates"), (r"\bmitigates?\b", "eliminates"),
    (r"\bsuggests?\b", "proves"), (r"\bmost\b", "all"), (r"\bseveral\b", "all"), (r"\bmultiple\b", "all"),
]
_COMPARES = re.compile(r"\b(outperforms?|surpass(?:es)?|beats?|than|over|compared (?:to|with)|versus|vs\.?)\b")


@dataclass
class Example:
    """One training pair: does `passage` support `claim`? `origin` says where it came from."""

    passage: str
    claim: str
    label: int
    origin: str


def build_examples(settings: Settings, seed: int = 0, max_examples: int | None = None,
                   progress: bool = True) -> tuple[list[Example], list[Example]]:
    """(train, held-out) examples from SciFact train claims and corpus corruptions, shuffled."""
    rng = random.Random(seed)
    abstracts = _corpus_abstracts(settings, rng)
    if progress:
        print(f"verifier data: {len(abstracts)} corpus abstracts, SciFact train claims", file=sys.stderr)
    examples = _scifact_examples() + _corruption_examples(abstracts, rng)
    train = [e for e in examples if not _heldout(e)]
    heldout = [e for e in examples if _heldout(e)]
    rng.shuffle(train)
    if max_examples:
        train = train[:max_examples]
        heldout = heldout[: max(8, max_examples // 4)]
    if progress:
        pos = sum(e.label for e in train)
        print(f"verifier data: {len(train)} train examples ({pos} supported), {len(heldout)} held out", file=sys.stderr)
    return train, heldout


def _heldout(example: Example) -> bool:
    key = example.origin.split(":", 1)[1] if ":" in example.origin else example.claim
    digest = int(hashlib.sha1(key.encode("utf-8")).hexdigest()[:8], 16)
    return digest / 0xFFFFFFFF < HELDOUT_SHARE


def scifact_pairs(split: str = "train") -> list[tuple[str, str, str]]:
    """(claim, evidence abstract, label) for each SciFact claim-document pair of `split`.

    label is SUPPORT, CONTRADICT, or NEI (a cited document with no evidence for the claim).
    """
    path = SCIFACT / "scifact_hf_csv" / f"claims_{split}.csv"
    corpus = _scifact_corpus()
    seen: set[tuple[str, str]] = set()
    pairs = []
    with path.open(encoding="utf-8") as handle:
        for row in csv.DictReader(handle):
            label = row["evidence_label"] or "NEI"
            doc = row["evidence_doc_id"] or (re.findall(r"\d+", row["cited_doc_ids"]) or [""])[0]
            key = (row["id"], doc)
            if doc in corpus and key not in seen:
                seen.add(key)
                pairs.append((row["claim"], corpus[doc], label))
    return pairs


def _scifact_corpus() -> dict[str, str]:
    with (SCIFACT / "corpus.jsonl").open(encoding="utf-8") as handle:
        return {r["_id"]: r["text"] for r in map(json.loads, handle)}


def best_passages(claims: list[str], abstracts: list[str]) -> list[str]:
    """For each claim, the sentence or adjacent sentence pair of its abstract sharing most of its words.

    Lexical, so that making training data needs no embedding pass; at check time the verifier
    reads several embedding-ranked passages and keeps the best score.
    """
    out = []
    for claim, text in zip(claims, abstracts):
        words = set(tokenize(claim)) or {""}
        sentences = [text[s:e] for s, e in (split_sentences(text) or [(0, len(text))])]
        candidates = sentences + [f"{a} {b}" for a, b in zip(sentences, sentences[1:])]
        out.append(max(candidates, key=lambda c: (len(words & set(tokenize(c))) / len(words), -len(c))))
    return out


def _scifact_examples() -> list[Example]:
    """SciFact train claims against their best passage, plus each SUPPORT claim negated (not supported).

    SciFact's own CONTRADICT claims were mostly written as negations of supported ones, so the
    negated SUPPORT claims add examples of exactly that kind; they share their claim's held-out side.
    """
    pairs = scifact_pairs("train")
    passages = best_passages([c for c, _, _ in pairs], [a for _, a, _ in pairs])
    examples = []
    for (claim, _, label), passage in zip(pairs, passages):
        examples.append(Example(passage, claim, int(label == "SUPPORT"), f"scifact:{claim}"))
        negated = _negate(claim) if label == "SUPPORT" else None
        if negated:
            examples.append(Example(passage, negated, 0, f"scifact:{claim}"))
    return examples


def _negate(sentence: str) -> str | None:
    """`sentence` with its first auxiliary or common verb negated, or None when it has neither."""
    if _NEGATABLE.search(sentence):
        return _NEGATABLE.sub(lambda m: m.group(1) + " not", sentence, count=1)
    if _VERB.search(sentence):
        return _VERB.sub(lambda m: "does not " + _VERBS[m.group(1)], sentence, count=1)
    return None


def _corpus_abstracts(settings: Settings, rng: random.Random) -> list[tuple[str, str]]:
    """(paper id, abstract) of the seeds and a fixed sample of ICML 2024 posters."""
    from rag.corpus import read_corpus

    papers = read_corpus([PACKAGED_SEEDS])
    if ICML.is_file():
        icml = [p for p in read_corpus([ICML]) if len(p.text) > 300]
        papers += rng.sample(icml, min(ICML_SAMPLE, len(icml)))
    return [(p.paper_id, p.text) for p in papers]


def _corruption_examples(abstracts: list[tuple[str, str]], rng: random.Random) -> list[Example]:
    """Supported rewordings and unsupported corruptions of corpus sentences (about one of each per sentence)."""
    examples: list[Example] = []
    sentences_of = {pid: [text[s:e] for s, e in split_sentences(text)] for pid, text in abstracts}
    names_of = {pid: sorted(set(_NAME.findall(text))) for pid, text in abstracts}
    other_claims: list[tuple[str, str, str]] = []  # (paper id, borrowed sentence, its abstract)
    for pid, text in abstracts:
        sentences = [s for s in sentences_of[pid] if len(s.split()) >= 8]
        for i, sentence in enumerate(sentences):
            passage = sentence if rng.random() < 0.6 or i + 1 >= len(sentences) else f"{sentence} {sentences[i + 1]}"
            origin = f"corpus:{pid}"
            examples.append(Example(passage, _reword(sentence, rng), 1, origin))
            wrong = _corrupt(sentence, names_of[pid], rng)
            if wrong:
                examples.append(Example(passage, wrong, 0, origin))
        donor = rng.choice(abstracts)
        if donor[0] != pid and sentences_of[donor[0]]:
            other_claims.append((pid, rng.choice(sentences_of[donor[0]]), text))
    passages = best_passages([c for _, c, _ in other_claims], [t for _, _, t in other_claims])
    examples += [Example(p, claim, 0, f"corpus:{pid}") for (pid, claim, _), p in zip(other_claims, passages)]
    return examples


def _reword(sentence: str, rng: random.Random) -> str:
    """The sentence with some stock phrases reworded and, sometimes, a trailing clause dropped."""
    out = sentence
    for old, new in _REWORDS:
        if old in out.lower() and rng.random() < 0.7:
            out = re.sub(re.escape(old), new, out, count=1, flags=re.IGNORECASE)
    if rng.random() < 0.4 and ", " in out[len(out) // 2:]:
        out = out[: out.rindex(", ")] + "."
    return out[:1].upper() + out[1:]


def _corrupt(sentence: str, names: list[str], rng: random.Random) -> str | None:
    """One rule-made unsupported variant of `sentence`, or None when no rule applies."""
    options = []
    if _NEGATABLE.search(sentence) or _VERB.search(sentence):
        options.append(_negate)
    if re.search(r"\bnot\b", sentence):
        options.append(lambda s: re.sub(r"\s+not\b", "", s, count=1))
    if _NUMBER.search(sentence):
        options.append(_swap_number(rng))
    present = [n for n in names if n in sentence]
    if present and len(names) > 1:
        options.append(lambda s: s.replace(present[0], rng.choice([n for n in names if n != present[0]]), 1))
    words = set(re.findall(r"[a-z\-]+", sentence.lower()))
    for left, right in ANTONYMS:
        for side, other in ((left, right), (right, left)):
            hit = sorted(words & side)
            if hit:
                options.append(lambda s, w=hit[0], o=sorted(other)[0]: re.sub(rf"\b{re.escape(w)}\b", o, s, count=1, flags=re.IGNORECASE))
    if _OVER.search(sentence):
        options.append(lambda s: _OVER.sub(lambda m: f"{m.group(2)} over {m.group(1)}", s, count=1))
    compared = [n for n in names if n in sentence]
    if len(compared) >= 2 and _COMPARES.search(sentence):
        a, b = compared[:2]
        options.append(lambda s: s.replace(a, "\0").replace(b, a).replace("\0", b))
    for pattern, absolute in _OVERCLAIMS:
        if re.search(pattern, sentence):
            options.append(lambda s, p=pattern, a=absolute: re.sub(p, a, s, count=1))
            break
    if not options:
        return None
    wrong = rng.choice(options)(sentence)
    return wrong if wrong != sentence else None


def _swap_number(rng: random.Random):
    def swap(sentence: str) -> str:
        match = _NUMBER.search(sentence)
        value = match.group(0)
        new = f"{float(value) * rng.choice([0.5, 1.5, 2, 3]):.{len(value.split('.')[1]) if '.' in value else 0}f}"
        if new == value:
            new = str(int(float(value)) + 7)
        return sentence[: match.start()] + new + sentence[match.end():]
    return swap


def scifact_split_exists(split: str) -> bool:
    """True when SciFact's `split` claims file is on this machine."""
    return (SCIFACT / "scifact_hf_csv" / f"claims_{split}.csv").is_file()

