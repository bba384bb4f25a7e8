"""The grounding check: is each sentence of an answer supported by the sources it cites?

A sentence is supported when all of these hold:
- it cites at least one of the numbered sources, as [n];
- every number it states, and every name (a word with an inner capital or a digit, an acronym, or
  a capitalised word inside the sentence), occurs in a cited paper's title or abstract;
- the verifier chosen by `grounding.verifier` (rag/verifier.py) finds it supported by the cited
  passages: sentences or adjacent sentence pairs of the cited abstracts, closest first by
  embedding cosine. The rules verifier asks for no contradiction with the best passage and enough
  graded support: a weighted sum of the cosine to the best passage and the shares of its content
  words in the cited abstracts and in its aligned passage (`grounding.weight_*`, `min_support`);
  the trained cross-encoder or an LLM judge replace the graded support.
The best passage is the citation's quote, with its offsets.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import numpy as np

from rag.bibliography import authors_of
from rag.embeddings import SentenceTransformerEmbedding
from rag.settings import GroundingSettings
from rag.sources import Source
from rag.name_forms import respelled
from rag.text import missing_terms, split_sentences, tokenize
from rag.titles import introduced_name, readable_markup
from rag.verifier import RulesVerifier, Verifier, candidate_passages

MARKER = re.compile(r"\[(\d+(?:\s*[,;]\s*\d+)*)\]")
_LEADING_MARKERS = re.compile(r"^((?:\s*\[\d+(?:\s*[,;]\s*\d+)*\])+)[\s.,;:]*")


@dataclass
class Support:
    """The passage of source `n` that best matches a sentence: abstract[start:end], cosine `similarity`."""

    n: int
    start: int
    end: int
    quote: str
    similarity: float


@dataclass
class SentenceCheck:
    """The verdict on one answer sentence: `text` keeps its [n] markers; `reason` says why it failed."""

    text: str
    cited: list[int]
    supported: bool
    reason: str = ""
    support: list[Support] = field(default_factory=list)


def split_answer(text: str) -> list[str]:
    """Sentences of an answer, each keeping the [n] markers that follow it (". [1]" or " [1].").

    Markers that open the answer ("[1] PLaTITO: ...", the prompt's own layout) move to the end of
    the first sentence. A sentence without markers takes those of the next sentence of its line
    that has some: a citation that closes a run of sentences ("A. B [1].") covers each of them,
    and each is then checked against that source; a line break ends the run.
    """
    sentences: list[str] = []
    breaks: list[bool] = []  # whether a line break comes before each sentence
    last = 0
    for start, end in split_sentences(text):
        piece = text[start:end].strip()
        lead = _LEADING_MARKERS.match(piece)
        if lead:  # "[1]" opening a piece belongs to the sentence before it, or else at its own end
            markers, piece = lead.group(1).strip(), piece[lead.end():].strip()
            if sentences:
                sentences[-1] = f"{sentences[-1]} {markers}"
            elif piece:
                piece = f"{piece} {markers}"
        if piece:
            sentences.append(piece)
            breaks.append("\n" in text[last:start])
        last = end
    return _carry_markers(sentences, breaks)


def _carry_markers(sentences: list[str], breaks: list[bool]) -> list[str]:
    """`sentences` where each one without [n] markers ends with those of the next marked sentence
    on its line (`breaks[i]`: a line break comes before sentence i)."""
    out = list(sentences)
    carried = ""
    for i in range(len(out) - 1, -1, -1):
        if i + 1 < len(out) and breaks[i + 1]:
            carried = ""
        found = MARKER.findall(out[i])
        if found:
            carried = " ".join(f"[{group}]" for group in found)
        elif carried:
            out[i] = f"{out[i]} {carried}"
    return out


def cited_numbers(sentence: str) -> list[int]:
    """The source numbers a sentence cites, in order of first mention."""
    found: list[int] = []
    for group in MARKER.findall(sentence):
        for part in re.split(r"[,;]", group):
            n = int(part)
            if n not in found:
                found.append(n)
    return found


def strip_markers(sentence: str) -> str:
    """The sentence without its [n] markers and with spaces tidied."""
    return " ".join(MARKER.sub(" ", sentence).split()).replace(" .", ".").replace(" ,", ",")


class GroundingChecker:
    """Checks answer sentences against numbered sources with one embedding model and thresholds."""

    def __init__(
        self, settings: GroundingSettings, embedder: SentenceTransformerEmbedding, verifier: Verifier | None = None
    ) -> None:
        """`verifier` judges meaning (default: the offline rules with these settings' thresholds)."""
        self.settings = settings
        self.embedder = embedder
        self.verifier = verifier or RulesVerifier(settings)

    def check(self, sentences: list[str], sources: list[Source]) -> list[SentenceCheck]:
        """A verdict for every sentence, in order (one encode call for all of them)."""
        by_n = {s.n: s for s in sources}
        claims = [strip_markers(s) for s in sentences]
        # "Name: “quote”": the quote alone is what the passages must support; the name's words would
        # pull the closest passage astray (the names check still reads the whole sentence).
        quotes = [_quoted_after_name(c, [by_n[n] for n in cited_numbers(s) if n in by_n]) for s, c in zip(sentences, claims)]
        vectors = np.asarray(self.embedder.encode(quotes), dtype=np.float32) if quotes else np.zeros((0, 1))
        return [self._check_one(s, c, q, v, by_n) for s, c, q, v in zip(sentences, claims, quotes, vectors)]

    def _check_one(self, sentence: str, claim: str, quote: str, vector: np.ndarray, by_n: dict[int, Source]) -> SentenceCheck:
        cited = cited_numbers(sentence)
        known = [by_n[n] for n in cited if n in by_n]
        if not known:
            reason = "cites no source" if not cited else f"cites unknown source [{cited[0]}]"
            return SentenceCheck(sentence, cited, False, reason)
        support = sorted((_best_passage(src, vector) for src in known), key=lambda s: -s.similarity)
        words = set(tokenize(claim))
        if not words:
            return SentenceCheck(sentence, cited, False, "states nothing checkable", support)
        # A paper's title and authors are part of its record: an answer may name the paper by it
        # ("APT: “...” [2]"), as written or with its LaTeX read as text ("ΦFlow"), and its authors.
        records = " ".join(f"{_titles(src)}.\n{src.abstract}" for src in known)
        missing = missing_terms(claim, records)
        if missing:
            return SentenceCheck(sentence, cited, False, f"'{missing[0]}' is not in the cited source", support)
        if _quotes_verbatim(quote, known):
            return SentenceCheck(sentence, cited, True, "", support)  # the cited abstract's own words, as written
        k = self.settings.passages
        passages = sorted((p for src in known for p in candidate_passages(src, vector, k)), key=lambda p: -p.similarity)[:k]
        # names as the source writes them ("A-769662" as "A769662"), so that shares and cues read one spelling
        verdict = self.verifier.verify(respelled(quote, records), passages, known)
        return SentenceCheck(sentence, cited, verdict.supported, verdict.reason, support)


def _quotes_verbatim(quote: str, sources: list[Source]) -> bool:
    """True when `quote` (its quotation marks aside) is a whole sentence or more written word for word in
    a cited abstract: an extractive quote, which no cue may read as contradicting its own source."""
    text = " ".join(quote.strip().strip("“”\"").split())
    return len(text.split()) >= 4 and any(text in " ".join(src.abstract.split()) for src in sources)


_NAMED_QUOTE = re.compile(r"^(?P<name>[^“”]{1,200}?):\s*“(?P<quote>[^“”]+)”\s*\.?$")


def _quoted_after_name(claim: str, sources: list[Source]) -> str:
    """The quote of a claim of the form `Name: “quote”`, when every word of Name is in a cited
    paper's title or the name its abstract introduces (answers lead with the paper's name); else
    the claim unchanged."""
    match = _NAMED_QUOTE.match(claim)
    if not match:
        return claim
    name = set(tokenize(match.group("name")))
    named = any(name <= set(tokenize(f"{_titles(src)} {introduced_name(src.abstract)}")) for src in sources)
    return match.group("quote") if name and named else claim


def _titles(source: Source) -> str:
    """The paper's title as stored, and with its LaTeX read as text when that differs, then the
    authors its record names (a list line of "who works on X" names them: "Title (Ann Lee): ...")."""
    readable = readable_markup(source.hit.title)
    titles = source.hit.title if readable == source.hit.title else f"{source.hit.title}. {readable}"
    authors = authors_of(source.hit.chunk_metadata)
    return f"{titles}. {authors}" if authors else titles


def _best_passage(source: Source, vector: np.ndarray) -> Support:
    """The sentence or adjacent sentence pair of `source` closest to `vector`."""
    best = candidate_passages(source, vector, 1)[0]
    return Support(source.n, best.start, best.end, best.text, best.similarity)

