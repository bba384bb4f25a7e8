"""One relevance policy: is a retrieved paper close enough to a query to be shown or answered from?

A paper's evidence is its best chunk's dense cosine to the query and its whole paper's BM25 score
per distinct query term (title + abstract as one document, rag.paper_index; the best chunk's score
where a hit lacks it). `retrieval_floor` is the lenient instance `rag search` uses (either signal alone is
enough); `answer_policy` is the stricter instance answers use (a weighted sum of both must reach
`answer.min_relevance`, unless the question names the paper's title or the name its abstract gives
its contribution, in any case, or a coined name the abstract mentions ("graphcast"), or the abstract
holds the question's whole topic as one phrase); `named_first` puts the papers a question names
first. A question naming a versioned thing ("ResNet-50", "GPT-4", "LoRA+") is not answered from a
paper that never mentions it. A question whose topic holds a technical word no paper of the store
uses ("dropout", "quantization", "EEG": `unfamiliar_words`) is answered only from a paper close in
meaning alone: shared everyday words ("neural networks") must not lift an off-corpus topic over
the threshold.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Callable

from rag.held import holds_stem, writes_in_a_row
from rag.intent import classify, without_superlatives
from rag.metadata import hit_abstract
from rag.query import FIELD_ACRONYMS, content_query, topic_words
from rag.settings import Settings
from rag.text import index_terms, names_in, tokenize
from rag.titles import calls_by_name, mentions_name

_NEVER = float("inf")
VARIANT_MIN_LETTERS = 6  # a one-word topic's stem this long is also held by a close variant of it


@dataclass(frozen=True)
class RelevancePolicy:
    """Thresholds over (dense cosine, BM25 per query term); a paper passes when any rule holds."""

    min_dense: float = _NEVER
    min_lexical: float = _NEVER
    min_idf_share: float = 0.0
    min_coverage: float = 0.0
    min_combined: float = _NEVER
    lexical_weight: float = 0.0
    title_names: bool = False
    topic_phrase: bool = False

    def admits(self, hit: Any, query: str, max_idf: float = 0.0, unfamiliar: bool = False) -> bool:
        """True when `hit` (a PaperHit) is relevant enough to `query` under this policy.

        `unfamiliar` (the query's topic holds a technical word the store never uses, see
        `unfamiliar_words`) drops the lexical part of the combined rule: the paper's cosine alone
        must reach `min_combined`; the name and phrase rules still hold.

        The lexical route needs a whole-paper BM25 score per content word of at least `min_lexical`
        and of `min_idf_share` times the corpus's largest paper-level IDF (`max_idf`, which grows
        with the corpus), and the paper must hold `min_coverage` of the query's content words (one
        rare word of an off-topic question scores high on a large corpus).
        """
        if self.title_names or self.topic_phrase:
            abstract = hit_abstract(hit, f"{hit.text} {getattr(hit, 'bm25_text', None) or ''}")
            if _misses_coined_name(query, f"{hit.title} {abstract}"):
                return False
            if self.title_names and (calls_by_name(query, hit.title, abstract) or mentions_name(query, abstract)):
                return True
            if self.topic_phrase and _holds_topic(query, f"{hit.title} {abstract}"):
                return True
        terms = set(index_terms(content_query(query)))
        dense = hit.dense_similarity
        bm25 = hit.paper_bm25 if getattr(hit, "paper_bm25", None) is not None else hit.bm25_score
        lexical = (bm25 or 0.0) / max(1, len(terms))
        return (
            (dense is not None and dense >= self.min_dense)
            or (bm25 is not None and self._lexical(hit, lexical, terms, max_idf))
            or (dense or 0.0) + (0.0 if unfamiliar else self.lexical_weight * lexical) >= self.min_combined
        )

    def _lexical(self, hit: Any, per_term: float, terms: set[str], max_idf: float) -> bool:
        if per_term < self.min_lexical or per_term < self.min_idf_share * max_idf:
            return False
        held = getattr(hit, "paper_terms", None)
        if held is None:
            held = len(terms & set(index_terms(f"{hit.title} {getattr(hit, 'bm25_text', None) or hit.text}")))
        return held >= self.min_coverage * len(terms)


def named_first(hits: list[Any], query: str) -> list[Any]:
    """`hits` with the papers the query calls by their own name (`rag.titles.calls_by_name`) first, in order."""
    named = [h for h in hits if calls_by_name(query, h.title, hit_abstract(h, h.text))]
    return named + [h for h in hits if h not in named]


def unfamiliar_words(query: str, in_store: Callable[[str], bool], everyday: Callable[[str], bool]) -> list[str]:
    """The query's topic words (letters only, three or more; hyphenated ones by part) that no paper
    of the store holds (`in_store(term)` is False for the BM25 terms, `rag.text.index_terms`, of
    each of its forms) and that are no everyday word (`everyday(word)` is
    False for each of its plain forms, e.g. the embedding model's tokenizer splits it into pieces:
    "dropout", "quantization", "eeg", "alphafold"). Everyday words a paraphrase may bring in ("beat",
    "wrong", "correlation", "anticipate": "anticipated" is one piece) are never unfamiliar."""
    words = {part for word in topic_words(content_query(query)) for part in word.lower().split("-")}
    return sorted(w for w in words if len(w) >= 3 and w.isalpha()
                  and not any(in_store(term) for form in _related_forms(w) for term in index_terms(form))
                  and not any(map(everyday, [*_plain_forms(w), _past_tense(w)])))


def _past_tense(word: str) -> str:
    """`word` + "-ed" ("anticipate" -> "anticipated"): a verb the tokenizer splits in its base form may
    be one piece in its past tense, an everyday word all the same."""
    return f"{word}d" if word.endswith("e") else f"{word}ed"


def _plain_forms(word: str) -> list[str]:
    """`word` and its forms without a plural or verb ending ("tokens" -> "token", "quantized" -> "quantize")."""
    forms = [word]
    for ending, replacement in (("ies", "y"), ("es", ""), ("s", ""), ("ing", ""), ("ing", "e"), ("ed", ""), ("ed", "e"), ("d", "")):
        if word.endswith(ending) and len(word) - len(ending) >= 3:
            forms.append(word[: -len(ending)] + replacement)
    return forms


_PREFIXES = ("mis", "un", "non", "dis", "re", "pre", "de", "anti", "multi", "sub", "super", "over", "under", "self", "co")


def _related_forms(word: str) -> list[str]:
    """`word`, its plural (an acronym's plural stems apart: "ssns") and the word a prefix derives it
    from ("misaligned" -> "aligned"), as a store may write them."""
    return [word, f"{word}s", *(word[len(p):] for p in _PREFIXES if word.startswith(p) and len(word) - len(p) >= 4)]


_HOW_MANY = re.compile(r"\bhow\s+many\b", re.IGNORECASE)
# A noun naming what does a thing ("transformers", "encoder", "optimizers"): the stemmer makes it its
# verb ("transform"), which names another topic. Group 1: the noun without a plural "s".
_AGENT_NOUN = re.compile(r"^([a-z]{4,}(?:er|or))s?$", re.IGNORECASE)


# A one-word topic that is an acronym, plural or not ("PDEs", "LLM", "SNNs").
_ACRONYM_TOPIC = re.compile(r"^[A-Z]{2,}s?$")


def _holds_acronym(acronym: str, text: str) -> bool:
    """True when `text` writes `acronym` in the singular or the plural ("PDE" or "PDEs"), or the words
    of a field acronym in a row ("partial differential equation(s)", `rag.query.FIELD_ACRONYMS`)."""
    singular = acronym[:-1] if acronym.endswith("s") else acronym
    if re.search(rf"(?<![\w-]){re.escape(singular)}s?(?![\w-])", text):
        return True
    return writes_in_a_row(FIELD_ACRONYMS.get(singular.lower(), "").replace("-", " ").split(), text)


# Nouns a topic ends on that say only what kind of work is done on it ("materials science problems").
_KIND_OF_WORK = frozenset("problem problems task tasks application applications setting settings question questions challenge challenges".split())


def _holds_topic(query: str, text: str) -> bool:
    """True when `text` holds the query's topic words (`rag.query.topic_words`) as one phrase: all of
    them within a window one word longer than the topic, in any order; a topic of one word, anywhere. A
    last word saying only what kind of work it is ("problems", "tasks") need not be held. A "which papers"
    question's topic "A or B" is held by a paper holding either side (`_alternatives`)."""
    asked = without_superlatives(_HOW_MANY.sub(" ", query))  # "how many papers are about weather?" asks of "weather"
    return _holds_words(topic_words(content_query(asked)), text) or holds_either_side(asked, text)


def holds_either_side(query: str, text: str) -> bool:
    """True when `query` asks for papers on "A or B" ("which papers study forgetting or degradation
    ...", `_alternatives`) and `text` holds one side as a phrase: a paper on either is one asked for."""
    return any(_holds_words(list(side), text) and (len(side) > 1 or _written_twice(side[0], text)) for side in _asked_sides(query))


@lru_cache(maxsize=256)
def _asked_sides(query: str) -> tuple[tuple[str, ...], ...]:
    """The sides of a "which papers ... A or B" query (`_alternatives`), none for other questions;
    read once per query, however many papers are checked against it."""
    if classify(query).kind != "papers":
        return ()
    return tuple(tuple(side) for side in _alternatives(content_query(query), query))


def _written_twice(word: str, text: str) -> bool:
    """True when `text` writes `word` (its stem) twice or more: a topic of it, not a passing mention
    ("forecasting" in "PDE forecasting tasks")."""
    stems = tokenize(word)
    return bool(stems) and tokenize(text).count(stems[0]) >= 2


def _alternatives(content: str, question: str) -> list[list[str]]:
    """The two sides of a topic's "A or B" (`content`, the content query of `question`), each the run of topic words
    next to "or", a lone word before it sharing the head after it: "satellite or geospatial observations" ->
    ["satellite", "observations"], ["geospatial", "observations"];
    "forgetting or degradation in language models" -> ["forgetting"], ["degradation"]. Empty when the
    topic joins no two such runs, or for verbs right after the question word ("which papers learn or align ...")."""
    topic = set(topic_words(content))
    words = re.findall(r"[\w'’-]+", content)
    sides = []
    for k, word in enumerate(words):
        if word.lower() != "or":
            continue
        left = list(itertools.takewhile(lambda w: w in topic, reversed(words[:k])))[::-1]
        if left and re.search(rf"\b(?:papers|works|abstracts|studies|articles)\s+{re.escape(left[0])}\b", question, re.IGNORECASE):
            continue  # "which papers learn or align ...": the verb the question opens with, no topic
        after = _past_article(words[k + 1:])
        right = list(itertools.takewhile(lambda w: w in topic, after))
        if len(left) == 1 and len(right) > 1 and len(after) == len(words) - k - 1:
            left += right[-1:]  # "data or supervision scarcity": data scarcity; not "an optimizer or a game solver"
        if left and right:
            sides += [left, right]
    return sides


# An article opening the side after "or" ("KL divergence or the Fisher-Rao metric").
_ARTICLES = frozenset({"a", "an", "the"})


def _past_article(after_or: list[str]) -> list[str]:
    """The words after "or" from the first of its side, past an opening article: "the Fisher-Rao
    metric" is the side "Fisher-Rao metric", as "Fisher-Rao metrics" would be. A side opening with an
    article is a whole noun phrase, sharing no head with the word before "or"."""
    return after_or[1:] if after_or and after_or[0].lower() in _ARTICLES else after_or


def _holds_words(written: list[str], text: str) -> bool:
    """True when `text` holds the topic words `written` as one phrase (see `_holds_topic`)."""
    if len(written) > 1 and written[-1].lower() in _KIND_OF_WORK:
        written = written[:-1]  # "materials science problems": a paper on materials science
    topic = list(dict.fromkeys(tokenize(" ".join(written))))
    if not topic:
        return False
    agent = _AGENT_NOUN.match(written[0]) if len(written) == 1 else None
    if agent:  # "transformers" is held as written, not by "transforms"
        return re.search(rf"\b{re.escape(agent.group(1))}", text, re.IGNORECASE) is not None
    if len(written) == 1 and _ACRONYM_TOPIC.match(written[0]):  # "PDEs": "PDE forecasting", "partial differential equations"
        return _holds_acronym(written[0], text)
    words = tokenize(text)
    if len(topic) == 1:  # "which papers use diffusion models?": "models" names no topic, the one word is it
        # "molecules" in "molecular dynamics"; a short stem only as written ("graphs" is not "GraphCast")
        return topic[0] in words or (len(topic[0]) >= VARIANT_MIN_LETTERS and holds_stem(set(words), topic[0]))
    width = len(topic) + 1
    return any(set(topic) <= set(words[i:i + width]) for i in range(max(1, len(words) - width + 1)))


# Measures written with a digit ("F1", "top-1", "R2") name no versioned thing.
_METRIC = re.compile(r"^(?:f\d|top-?\d+|r\d|l\d|bleu-?\d|rouge-?\w)$", re.IGNORECASE)


def _misses_coined_name(query: str, text: str) -> bool:
    """True when the query names coined things and `text` holds none of them (hyphens and case
    aside: "cifar10" is "CIFAR-10"): versioned names (letters with digits: "ResNet-50", "GPT-4"; a
    name with a "+" suffix: "LoRA+") and capitalised names with a capital after a small letter
    ("JudgeArena", "WebPilot"). A measure ("F1 score", "top-1 accuracy", "mAP") is no such thing."""
    def flat(s: str) -> str:
        return re.sub(r"[\s_\-$^{}]", "", s.lower())  # "E$^2$GAN" is "e2gan"
    plus = re.findall(r"(?<![\w+])[A-Za-z][\w-]*\+(?![\w+])", query)  # "LoRA+" is not LoRA
    coined = [flat(n) for n in names_in(query) if f"{n}+" not in plus
              and ((any(c.isdigit() for c in n) and any(c.isalpha() for c in n) and not _METRIC.match(n))
                   or re.fullmatch(r"[A-Z][\w-]*[a-z][A-Z][\w-]*", n))]
    coined += [flat(n) for n in plus]
    return bool(coined) and not any(v in flat(text) for v in coined)


def retrieval_floor(settings: Settings) -> RelevancePolicy:
    """The floor of `rag search`: cosine >= retrieval.min_similarity, or a strong, covering BM25 match
    (retrieval.min_bm25_per_term, min_bm25_idf_share, min_bm25_coverage)."""
    retrieval = settings.retrieval
    return RelevancePolicy(
        min_dense=retrieval.min_similarity, min_lexical=retrieval.min_bm25_per_term,
        min_idf_share=retrieval.min_bm25_idf_share, min_coverage=retrieval.min_bm25_coverage,
    )


def answer_policy(settings: Settings) -> RelevancePolicy:
    """The stricter rule for answering: cosine + answer.lexical_weight * whole-paper BM25/term >= answer.min_relevance,
    or the question names the paper's title, introduced name or a coined name it mentions, or the
    abstract holds its topic as a phrase; never a paper missing a versioned name the question gives."""
    return RelevancePolicy(
        min_combined=settings.answer.min_relevance, lexical_weight=settings.answer.lexical_weight, title_names=True,
        topic_phrase=True,
    )
