"""Text utilities shared by every stage: sentences, word tokens, names and numbers.

Pure functions over strings; this module imports nothing else from the project but
rag.name_forms (pure as well), so any stage may use it without pulling in another.
"""

from __future__ import annotations

import re
from decimal import Decimal
from functools import lru_cache
from typing import Any

from rag.name_forms import written_alike, written_forms

# A sentence ends at . ! ? followed by space and an upper-case letter, digit, quote or bracket,
# unless the period belongs to a common abbreviation or a single initial.
_SENTENCE_END = re.compile(r"(?<=[.!?])[\"'”’)\]]*\s+(?=[A-Z0-9\"“(\[$\\])")
_ABBREVIATIONS = re.compile(
    r"(?:\b(?:e\.g|i\.e|et al|etc|vs|cf|Fig|Eq|Sec|Tab|No|Dr|Mr|Ms|approx|resp|incl|w\.r\.t)\.|\b[A-Z]\.)$",
    re.IGNORECASE,
)
_TOKEN = re.compile(r"[a-z0-9]+(?:[-'][a-z0-9]+)*")
STOPWORDS = frozenset(
    """a about above after again against all am an and any are as at be because been before being below
    between both but by can could did do does doing down during each few for from further had has have
    having he her here hers herself him himself his how i if in into is it its itself just me more most my
    myself no nor not now of off on once only or other our ours ourselves out over own same she should so
    some such than that the their theirs them themselves then there these they this those through to too
    under until up very was we were what when where which while who whom why will with you your yours
    yourself yourselves also however thus via""".split()
)
_NAME = re.compile(r"\b[A-Za-z][A-Za-z0-9]*(?:[-.][A-Za-z0-9]+)*\b")
_NUMBER = re.compile(r"(?<![A-Za-z\d.])\d+(?:[.,]\d+)*")
_NUMBER_ONE = re.compile(r"(?<![A-Za-z\d.])1(?!\d|[.,]\d)")  # the digit 1 alone: not the 1 of "14.4" or "1.5"
# "1,000-layer", "3.2-fold": no word "000-layer" or "2-fold" inside the number
_WORD = re.compile(r"(?<![A-Za-z0-9])(?:(?<!\d[,.])|(?=[A-Za-z]))[A-Za-z0-9][A-Za-z0-9\-']*")
NUMBER_WORDS = {
    w: str(i) for i, w in enumerate(
        "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
        "fifteen sixteen seventeen eighteen nineteen twenty".split()
    )
}
_SCALES = {"hundred": 100, "thousand": 1000, "million": 1000000, "billion": 1000000000}
NUMBER_WORDS.update({w: str(n) for w, n in _SCALES.items()})
NUMBER_WORDS.update({w: str(n) for n, w in zip(range(30, 100, 10), "thirty forty fifty sixty seventy eighty ninety".split())})
NUMBER_WORDS.update({f"{w}fold": n for w, n in list(NUMBER_WORDS.items())})  # "tenfold" is 10
# Words in a source that state a count without a digit ("the second phase" has at least two).
COUNT_WORDS = {w: str(i) for i, w in enumerate("first second third fourth fifth sixth seventh eighth ninth tenth".split(), 1)}
COUNT_WORDS.update({"both": "2", "pair": "2", "twice": "2", "dual": "2", "thrice": "3", "dozen": "12", "decade": "10"})
# Verbs that multiply or divide by a factor: "halves the demand" states a factor of two.
# ("a double descent", "a triple product" are no verbs: the bare form counts only for "halve")
FACTOR_VERBS = {w: n for n, stem in (("2", "halv"), ("2", "doubl"), ("3", "tripl"), ("4", "quadrupl"))
                for w in (f"{stem}es", f"{stem}ed", f"{stem}ing")} | {"halve": "2"}
COUNT_WORDS.update(FACTOR_VERBS)
COUNT_WORDS.update({"half": "2", "halves": "2", "double": "2"})


def split_sentences(text: str) -> list[tuple[int, int]]:
    """Character spans of the sentences of `text`, in order, covering all non-space characters."""
    spans = []
    start = 0
    for match in _SENTENCE_END.finditer(text):
        abbreviation = _ABBREVIATIONS.search(text[start:match.start()])
        if abbreviation and not _ends_after_initial(abbreviation.group(0), text[match.end():]):
            continue
        spans.append((start, match.start()))
        start = match.end()
    if text[start:].strip():
        spans.append((start, len(text.rstrip())))
    return [(s, e) for s, e in spans if text[s:e].strip()]


def _ends_after_initial(abbreviation: str, rest: str) -> bool:
    """True when a single capital's period ends a sentence all the same: the next word is a function
    word ("... groups A and B. This motivates ..."), where a name would follow an initial ("J. Smith")."""
    following = rest.split(None, 1)
    return len(abbreviation) == 2 and bool(following) and following[0].lower() in STOPWORDS


def cut_off(sentence: str) -> bool:
    """True when `sentence` stops mid-way, as an abstract truncated by its source does ("Our primary
    contribution is the"): its last word is a function word with no punctuation after it."""
    words = sentence.split()
    return bool(words) and words[-1].lower() in STOPWORDS  # "the." or "of)" is no function word


def tokenize(text: str) -> list[str]:
    """Lower-cased, stop-word-free, stemmed word tokens of `text` (hyphenated words kept whole and split)."""
    return _stemmer().stemWords(_words(text))


def index_terms(text: str) -> list[str]:
    """The terms BM25 indexes and searches for `text`: `tokenize`'s stems, read the way scientific
    names are written. A word mixing letters and digits also gives its letter runs (two letters or
    more) and digit runs, so "LLaMA2" meets "Llama 2", "Oct4" meets "OCT3/4" and "ResNet50" meets
    "ResNet-50"; a word of letters alone gives what `tokenize` gives."""
    return _stemmer().stemWords(_words(text, runs=True))


def _words(text: str, runs: bool = False) -> list[str]:
    """The lower-cased words of `text` that are no stop words, a hyphenated word followed by its
    parts; with `runs`, a word or part mixing letters and digits followed by its letter runs of
    two or more and its digit runs ("gpt4o" then "gpt", "4")."""
    words = []
    for word in _TOKEN.findall(text.lower()):
        if word in STOPWORDS:
            continue
        words.append(word)
        parts = [part for part in word.split("-") if part and part not in STOPWORDS] if "-" in word else []
        words.extend(parts)
        for piece in (parts or [word]) if runs and not word.isalpha() else ():
            pieces = _RUN.findall(piece)
            if any(p.isdigit() for p in pieces) and any(p.isalpha() for p in pieces):
                words.extend(p for p in pieces if p.isdigit() or (len(p) >= 2 and p not in STOPWORDS))
    return words


_RUN = re.compile(r"[a-z]+|[0-9]+")


def shared_share(terms: set[str], text: str) -> float:
    """Share of `terms` (tokens from `tokenize`) that occur among the tokens of `text`."""
    return len(terms & set(tokenize(text))) / len(terms) if terms else 0.0


def variant_share(terms: set[str], text: str) -> float:
    """Share of `terms` (tokens from `tokenize`) that occur among the tokens of `text`, counting a
    morphological variant as present: a token of five letters or more whose first five letters
    start a token of `text` ("generalization" for "generalize", "efficiently" for "efficiency")."""
    tokens = set(tokenize(text))
    heads = {t[:5] for t in tokens if len(t) >= 5}
    found = [t for t in terms if t in tokens or (len(t) >= 5 and t[:5] in heads)]
    return len(found) / len(terms) if terms else 0.0


def names_in(text: str) -> list[str]:
    """Names a text mentions: words with an inner capital or a digit, or acronyms (e.g. PLaTITO, QM9)."""
    names = []
    for word in _NAME.findall(text):
        if (any(c.isupper() for c in word[1:]) or any(c.isdigit() for c in word)) and word not in names:
            names.append(word)
    return names


def key_terms(claim: str) -> set[str]:
    """Numbers and names a claim states (a word with an inner capital or a digit, an acronym, or a
    capitalised word inside the sentence), lower-cased; number words become digits ("two" is 2,
    "one thousand" is 1000, "tenfold" is 10), "50k" is 50000, and a number with a unit of ratio
    or magnitude ("40x", "3.2×") is that number; a number word opening a compound counts ("two-stream"
    is 2)."""
    claim = _expand_thousands(spelled_compounds(claim))
    terms = {_normalise_number(m) for m in _NUMBER.findall(claim)}
    words = _WORD.findall(claim.replace("*", ""))
    for i, word in enumerate(words):
        stem = word.strip("-'").removesuffix("'s")
        if not stem or all(p.isdigit() or _RATIO.fullmatch(p) for p in stem.split("-")):
            continue
        lower = stem.lower()
        scale = _SCALES.get(words[i + 1].lower()) if i + 1 < len(words) else None
        if lower in NUMBER_WORDS and scale and lower not in _SCALES:  # "one thousand" is 1000
            terms.add(str(int(NUMBER_WORDS[lower]) * scale))
        elif lower in _SCALES and i > 0 and words[i - 1].lower() in NUMBER_WORDS:
            continue
        elif lower in NUMBER_WORDS:
            terms.add(NUMBER_WORDS[lower])
        elif lower in FACTOR_VERBS and (i + 1 == len(words) or words[i + 1].lower() != "as"):
            terms.add(FACTOR_VERBS[lower])  # "halves the demand" states 2; "doubles as a threshold" nothing
        elif "-" in lower and (head := lower.split("-")[0]) in NUMBER_WORDS and head != "one":
            # "two-stream" counts two; "fifty-thousand-step" fifty thousand
            scale_word = _SCALES.get(lower.split("-")[1]) if head not in _SCALES else None
            terms.add(str(int(NUMBER_WORDS[head]) * scale_word) if scale_word else NUMBER_WORDS[head])
        elif any(c.isdigit() for c in stem) or any(c.isupper() for c in stem[1:]) or (i > 0 and stem[0].isupper()):
            terms.add(lower)
    return terms


def _name_part(word: str, claim: str) -> str:
    """The name in a lower-cased term of `claim`: "HIV-positive" and "NF-kB-dependent" name HIV and
    NF-kB (trailing parts written in lower case describe it), "2mg" is the number 2 with a unit."""
    written = re.search(r"(?<![A-Za-z0-9])" + re.escape(word), claim, re.IGNORECASE)
    form = written.group(0) if written else word
    unit = re.fullmatch(r"(\d+(?:\.\d+)?)[a-z]{1,3}", form)
    if unit:
        return unit.group(1)
    parts = form.split("-")
    while len(parts) > 1 and parts[-1].isalpha() and parts[-1].islower():
        parts.pop()
    return "-".join(parts).lower()


def missing_terms(claim: str, text: str) -> list[str]:
    """The key terms of `claim` that do not occur in `text` (numbers and names, case-insensitive).

    Numbers count as present when `text` writes them in digits, in words ("two"), or as a count
    ("the second phase", "both", "one ... the other"); the word "one" alone is not checked ("from one system to
    another"), the digit 1 is, and a vague amount ("several hundred hours") states no number. Other ways of
    writing a present term count as present: an acronym the claim defines itself, "break-induced DNA
    replication (BIR)", when its long form is in `text` or all of its words are; a hyphenated compound,
    "iPSC-derived", when each of its parts is; a name written with other separators, Greek letters or
    split over two words (rag.name_forms: "anti-CTLA-4" for "anti-CTLA4", "NF-kB" for "NF-κB", "NIH
    3T3" for "NIH3T3"), and then the digits inside it ("4", "3") need no other mention.
    """
    # a name written with LaTeX markup ("S$H^2$RFSSM", "\\textbf{APT}") is the name without it
    lowered = f"{text.lower()}\n{_without_markup(text).lower()}"
    forms = written_forms(lowered)
    text = spelled_compounds(_MIDDLE_DOT.sub(".", text))  # "11·9 million" is 11.9 million
    # LaTeX commands are not words: "$d\\leq3$" states 3
    present = {_normalise_number(m) for m in _NUMBER.findall(_expand_thousands(re.sub(r"\\[A-Za-z]+", " ", text)))}
    present.update(NUMBER_WORDS[w] for w in re.findall(r"[a-z]+", lowered) if w in NUMBER_WORDS)
    present.update(COUNT_WORDS[w] for w in re.findall(r"[a-z]+", lowered) if w in COUNT_WORDS)
    if re.search(r"\bone\b[^.;]*\bthe other\b", lowered):
        present.add("2")  # "one phase transition ..., and the other ..." states two
    # "Qwen3-8B" names a model of 8 billion parameters: the claim may say "8B parameters"
    present.update(_scaled(m.group(1), _SCALES["million" if m.group(2) == "M" else "billion"]) for m in _NAMED_MAGNITUDE.finditer(text))
    present.update(_own_list_counts(claim, text))
    present.update(_derived_numbers(claim, text))
    present.update(_factors_in_percent(claim, text))
    present.update(_anaphoric_counts(claim))
    present.update(_listed_counts(claim, text))
    present.update(_rounded_numbers(claim, present))
    present.update(_bounded_numbers(claim, present))
    defined = defined_acronyms(claim)

    def occurs(term: str) -> bool:
        if _is_number(term):
            return term in present
        # a plural name is present when its singular is ("Correctness Models", "GCMs")
        forms = [term] + ([term[:-1]] if term.endswith("s") and len(term) > 3 else [])
        return any(re.search(r"(?<![a-z0-9])" + re.escape(f), lowered) for f in forms)

    missing = []
    for term in sorted(key_terms(claim)):
        if occurs(term) or (term in defined and (defined[term] in lowered or variant_share(set(tokenize(defined[term])), text) == 1.0)):
            continue
        if term == "1" and not _NUMBER_ONE.search(claim):
            continue  # the word "one" ("from one system to another", "into one framework") counts nothing here
        parts = [p for p in term.split("-") if p]
        if len(parts) > 1 and all(occurs(p) for p in parts):
            continue
        if _BOUND_PREFIX.match(term) and occurs(_BOUND_PREFIX.sub("", term)):
            continue  # "sub-3B models" are the source's models "below 3B"
        name = _name_part(term, claim)
        if (name != term and occurs(name)) or (not _is_number(term) and any(written_alike(t, claim, forms) for t in {term, name})):
            continue
        if initials_written(name, claim, text) or _dimensions_written(term, lowered):
            continue
        missing.append(term)
    return _only_stated_numbers(missing, claim)


def initials_written(term: str, claim: str, text: str) -> bool:
    """Whether `term` is an acronym the claim writes in capitals ("BN", "PEFT", or plural: "PDEs",
    "HMMs"; "LLM" of "LLM-derived") whose letters are the initials of consecutive words of `text`,
    hyphenated parts counted as words ("batch normalization", "parameter-efficient fine-tuning",
    "partial differential equations", "large-language-model-derived"); function words never count,
    and an "and" between two of the words is passed over ("RF" of "resonate-and-fire")."""
    if term.endswith("s") and re.search(r"(?<![A-Za-z0-9])" + re.escape(term[:-1].upper()) + r"s(?![A-Za-z0-9])", claim):
        term = term[:-1]
    if not re.search(r"(?<![A-Za-z0-9])" + re.escape(term.upper()) + r"s?(?![A-Za-z0-9])", claim) or not re.fullmatch(r"[a-z]{2,6}", term):
        return False
    pieces = [w for i, w in enumerate(re.findall(r"[a-z]+", text.lower())) if w != "and" or i == 0]
    n = len(term)
    return any(all(len(w) > 2 and w not in STOPWORDS for w in pieces[i:i + n])
               and "".join(w[0] for w in pieces[i:i + n]) == term for i in range(len(pieces) - n + 1))


def _dimensions_written(term: str, text: str) -> bool:
    """Whether `term` is a count of dimensions ("3d", "2d") that the lower-cased `text` writes out
    ("three-dimensional", "3-dimensional")."""
    found = re.fullmatch(r"(\d)d", term)
    if not found:
        return False
    spelled = [w for w, n in NUMBER_WORDS.items() if n == found.group(1) and w.isalpha() and not w.endswith("fold")]
    return bool(re.search(r"\b(?:" + "|".join([found.group(1), *spelled]) + r")[-\s]dimensional\b", text))


# A prefix that bounds a figure: "sub-3B", "sub-second", "near-1000".
_BOUND_PREFIX = re.compile(r"^(?:sub|super|near|over|under)-(?=\d)")
# A scale word after a vague amount states no number: "several hundred hours", "a few thousand cells".
_VAGUE_SCALE = re.compile(r"\b(?:several|a few|few|many|some)\s+(?:hundred|thousand|million|billion)\b", re.IGNORECASE)
_MIDDLE_DOT = re.compile(r"(?<=\d)\u00b7(?=\d)")


def _only_stated_numbers(missing: list[str], claim: str) -> list[str]:
    """`missing` without the numbers `claim` writes only inside names found present ("4" of
    "anti-CTLA-4", "3" of "NIH 3T3") or only as a vague amount ("several hundred")."""
    numbers = [t for t in missing if _is_number(t)]
    if not numbers:
        return missing
    found = {t for t in key_terms(claim) if not _is_number(t)} - set(missing)
    rest = _VAGUE_SCALE.sub(" ", claim)
    rest = _WORD.sub(lambda m: " " if m.group(0).strip("-'").removesuffix("'s").lower() in found
                     and any(c.isdigit() for c in m.group(0)) else m.group(0), rest)
    stated = key_terms(rest)
    return [t for t in missing if not _is_number(t) or t in stated]


def _own_list_counts(claim: str, text: str) -> set[str]:
    """Counts a claim proves by its own enumeration of what `text` names: "four kinds of spectra:
    eDOS, phDOS, XANES and Raman" (or "four kinds of spectra, eDOS, ..., and Raman, and ...")
    counts four items when each item's words are all in `text` (a list holding an item of its own,
    "three phases: extraction, conflict detection and aggregation", proves no count), or whatever
    its items say when the count is of the claim's own points ("on two fronts, needing less data and
    generalizing better"). The list follows a colon or a comma within four words of the count, and
    ends at its "and"/"or" item."""
    counts = _subject_list_counts(claim, text)
    for separator in re.finditer(r"[:,(]", claim):
        items = _enumeration(claim[separator.end():])
        if len(items) < 2:
            continue
        # "four spectrum families are tested (eDOS, phDOS, XANES, Raman)": a list in parentheses
        # may close the clause that counts it
        before = re.findall(r"[\w.]+", claim[:separator.start()])[-5 if separator.group(0) == "(" else -4:]
        stated = _all_stated(items, text)
        if separator.group(0) != "," and stated:
            # "Three techniques reinforce the algorithm (A, B, C)", "Three kinds of guarantee are
            # given: A, B and C": a count that opens the clause is counted by the list that closes it
            opening = re.findall(r"[\w.]+", re.split(r"[;:]", claim[:separator.start()])[-1])[:1]
            counts |= {NUMBER_WORDS.get(w.lower(), w) for w in opening if NUMBER_WORDS.get(w.lower(), w) == str(len(items))}
        for i, word in enumerate(before):
            count = NUMBER_WORDS.get(word.lower(), word)
            # "helps on two fronts, needing less data and generalizing better": a count of the claim's
            # own points, whatever words they take
            own = i + 1 < len(before) and before[i + 1].lower() in _OWN_POINTS
            if count.isdigit() and int(count) == len(items) and (stated or own):
                counts.add(count)
    return counts


def _all_stated(items: list[str], text: str) -> bool:
    """Whether every word of every item of a claim's list is in `text` (or a variant of it)."""
    return all(variant_share(set(tokenize(item)), text) == 1.0 for item in items)


# A list that opens a clause and the count that names it after the verb: "Coefficient decay
# scaling and basis embeddings are the two additions", "A, B and C were the three datasets".
_SUBJECT_LIST = re.compile(r"(?:^|[;:]\s*)([^;:]+?)\s+(?:are|were)\s+(?:the|its|their)\s+(\w+)\b")


def _subject_list_counts(claim: str, text: str) -> set[str]:
    """Counts a claim states of the list that is its clause's subject ("X and Y are the two
    additions"), when the count is that list's length and every item's words are in `text`."""
    counts = set()
    for subject, number in _SUBJECT_LIST.findall(claim):
        items = _enumeration(subject)
        count = NUMBER_WORDS.get(number.lower(), number)
        if len(items) >= 2 and count == str(len(items)) and _all_stated(items, text):
            counts.add(count)
    return counts


# Nouns that count the points of the claim itself, not things of the source: "on two fronts", "in
# two parts", "in three respects".
_OWN_POINTS = {"fronts", "parts", "respects", "ways", "aspects", "counts", "points", "sides"}


# "addresses all three", "a phase boundary between the two", "tell the two apart": a count with no
# noun after it points back at what the claim itself has just named, and says no number of the source.
_ANAPHORIC_COUNT = re.compile(r"\b(?:all|the|these|those|each of the)\s+(two|three|four|five|six|seven|eight|nine|ten)\b"
                              r"(?=\s*(?:[.,;:)]|$)|\s+(?:of them|are|is|were|was|in|on|at|by|with|together|combined|alike"
                              r"|apart|differ|interact|coexist)\b)")


def _anaphoric_counts(claim: str) -> set[str]:
    """The counts of `claim` that point back at things it names itself ("WLA addresses all three",
    "a boundary between the two", "to tell the two apart"), as digits."""
    return {NUMBER_WORDS[w] for w in _ANAPHORIC_COUNT.findall(claim.lower())}


def _enumeration(text: str) -> list[str]:
    """The items of the list that opens `text` ("eDOS, phDOS, XANES and Raman, and ..." gives four),
    up to the item that "and"/"or" introduces, or to the end of the clause."""
    items: list[str] = []
    for piece in re.split(r"[.;)]", text)[0].split(","):
        last = re.split(r"\s+(?:and|or)\s+|^\s*(?:and|or)\s+", piece.strip(), maxsplit=1)
        items += [i.strip() for i in last if i.strip()]
        if len(last) > 1:
            return items
    return items


_SOURCE_LIST = re.compile(r"((?:[\w.\-]+,\s+){2,}(?:and\s+|or\s+)?(?!(?:and|or)\b)[\w.\-]+)\s+([a-z]+)")  # "and" is no item
# A noun followed by its items in parentheses: "principles (locality, permutation equivariance, and energy balance)".
_PAREN_LIST = re.compile(r"([a-z]+)\s*\(([^()]*,[^()]*)\)")


def listed_nouns(text: str) -> dict[str, set[int]]:
    """Stem of each noun `text` counts by a list -> the lengths of those lists: one-word items before
    the noun ("the MMLU, TriviaQA, and Spider datasets": "dataset" -> {3}) or items in parentheses
    right after it ("principles (locality, ..., and energy balance)": "principl" -> {4})."""
    listed: dict[str, set[int]] = {}
    for items, noun in _SOURCE_LIST.findall(text):
        _count_of(listed, noun, len(re.split(r",\s*", items)))
    for noun, items in _PAREN_LIST.findall(text):
        _count_of(listed, noun, len(_enumeration(items)))
    return listed


def _count_of(listed: dict[str, set[int]], noun: str, count: int) -> None:
    """Record in `listed` that `noun` (by its stem) is counted `count` by a list."""
    listed.setdefault(_stemmer().stemWord(noun.lower()), set()).add(count)


# A noun whose items follow it, after "such as", "including", "like" or "namely", a word ("remain") and
# a comma or dash between: "signals such as A, B, and C", "cells—including grid, place, and head-direction
# cells", "challenges remain, including (1) ...; (2) ...".
_ITEMS_AFTER = re.compile(r"\b([a-z]+)(?:\s+([a-z]+))?\s*[,:\u2014\u2013]?\s*(?:such\s+as|including|like|namely)\s+(.+)", re.IGNORECASE)
# Two named items (a capital or a digit in each) before their noun: "the QH9 and MD17 datasets".
_NAMED_PAIR = re.compile(r"(?<![\w.\-])[\w.\-]*[A-Z0-9][\w.\-]*\s+and\s+[\w.\-]*[A-Z0-9][\w.\-]*\s+([a-z]+)\b")


def items_after(text: str) -> dict[str, set[int]]:
    """Stem of each noun `text` counts by naming its items after it ("energy resources like
    hydrocarbons, geothermal, and minerals": "resourc" -> {3}; "(1) ... (2) ... (3)" items count
    by their markers), or by two named items before it ("the QH9 and MD17 datasets": "dataset" -> {2});
    a list of fewer than two items counts nothing."""
    listed: dict[str, set[int]] = {}
    for first, second, items in _ITEMS_AFTER.findall(text):
        markers = re.findall(r"\(\s*\d{1,2}\s*\)", items)
        count = len(markers) if len(markers) > 1 else len(_enumeration(items))
        for noun in (first, second) if count > 1 else ():  # "conditioning signals such as": either word may be the noun
            if noun:
                _count_of(listed, noun, count)
    for noun in _NAMED_PAIR.findall(text):
        _count_of(listed, noun, 2)
    return listed


def _listed_counts(claim: str, text: str) -> set[str]:
    """Counts of a claim ("three datasets") that `text` proves by a list of one-word items of that
    many before the same noun ("the MMLU, TriviaQA, and Spider datasets"), or by a list in
    parentheses right after it ("four principles" for "principles (locality, permutation
    equivariance, orientation covariance, and energy balance)"): the count is tied to the noun,
    so a list of three elsewhere proves no "three" of something else."""
    listed = listed_nouns(text)
    counts = set()
    tokens = [t.strip(".") for t in re.findall(r"[\w.\-]+", spelled_compounds(claim).lower())]
    for i, number in enumerate(tokens):
        count = NUMBER_WORDS.get(number, number)
        nouns = {_stemmer().stemWord(noun) for noun in tokens[i + 1:i + 4]}  # "three datasets", "four minimal physical principles"
        if count.isdigit() and any(int(count) in listed.get(noun, set()) for noun in nouns):
            counts.add(count)
    return counts


# Words that hedge a number: "about twelve percent" states 12.4%, "roughly forty times" 38x.
_ROUNDED = re.compile(r"\b(?:about|approximately|roughly|around|nearly|almost|some|~)\s*(\d+(?:\.\d+)?)\b")


def _rounded_numbers(claim: str, present: set[str]) -> set[str]:
    """Numbers a claim hedges ("about 12", "roughly forty") that a number of `present` rounds to:
    to the unit, or to the tens or hundreds when the hedged number ends in zeros ("roughly 40"
    for 38, not "about 13" for 12.4)."""
    out = set()
    for written in _ROUNDED.findall(numbers_as_digits(claim.lower())):
        value = float(written)
        zeros = len(written) - len(written.rstrip("0")) if "." not in written else 0
        digits = -zeros if zeros else (len(written.split(".")[1]) if "." in written else 0)
        if any(_is_number(p) and round(float(p), digits) == value for p in present):
            out.add(_normalise_number(written))
    return out


# Words that bound a number from below ("more than 244 TB" for 244.34 TB) or above ("under 50" for 47).
_BOUNDED = re.compile(r"\b(more than|greater than|over|above|exceeding|exceeds|tops|at least|no less than|upwards of|"
                      r"in excess of|less than|fewer than|under|below)\s+(\d+(?:\.\d+)?)\b")
_LOWER_BOUNDS = {"more than", "greater than", "over", "above", "exceeding", "exceeds", "tops", "at least", "no less than",
                 "upwards of", "in excess of"}


def _bounded_numbers(claim: str, present: set[str]) -> set[str]:
    """Numbers a claim gives as a bound that a number of `present` meets and lies within a tenth
    of: "more than 244" for 244.34, "at least 14" for 14.4, "under 50" for 47; not "more than 50"
    for 25 nor "more than 20" for 244. ("Up to" and "at most" are left to exact numbers: "up to
    five dimensions" is no bound the source's 4 meets when it says 3.)"""
    out = set()
    for bound, written in _BOUNDED.findall(numbers_as_digits(claim.lower())):
        value = float(written)
        values = [float(p) for p in present if _is_number(p)]
        if bound in _LOWER_BOUNDS:
            met = any(value <= v <= 1.1 * value and (v > value or bound in {"at least", "no less than"}) for v in values)
        else:
            met = any(0.9 * value <= v < value for v in values)
        if met:
            out.add(_normalise_number(written))
    return out


# A ratio or a change in percent that a claim works out from two figures of one source sentence
# ("more than 500-fold" or "a cut of more than 99 percent" for "reduces 244.34 TB to 0.43 TB"):
# the number, then its unit; the words before it that bound or round it.
_DERIVED = re.compile(r"(?:\b(more than|over|above|at least|upwards of|in excess of|less than|under|below|about|"
                      r"approximately|roughly|around|nearly|almost|some)\s+)?(\d+(?:\.\d+)?)\s*(-?fold|x|×|times|%|percent)"
                      r"(?![a-z0-9])")


def _derived_numbers(claim: str, text: str) -> set[str]:
    """The ratios ("568-fold", "more than 500x") and percent changes ("a cut of more than 99
    percent", "about 40% faster") of `claim` that two figures of one sentence of `text` give: the
    larger over the smaller for a ratio, the change from one to the other in percent. A bare
    number must round to it, a bounded one lie on its side of it within a fifth, a rounded one
    within a twentieth."""
    out: set[str] = set()
    wanted = _DERIVED.findall(numbers_as_digits(claim.lower()))
    if not wanted:
        return out
    ratios: set[float] = set()
    changes: set[float] = set()
    for a, b in split_sentences(text):
        figures = {float(_normalise_number(n)) for n in _NUMBER.findall(_expand_thousands(text[a:b]))}
        for big in figures:
            for small in figures:
                if big > small > 0:
                    ratios.add(big / small)
                    changes.update({100 * (1 - small / big), 100 * (big / small - 1)})
    for bound, written, unit in wanted:
        value = float(written)
        candidates = changes if unit in {"%", "percent"} else ratios
        if bound in {"more than", "over", "above", "at least", "upwards of", "in excess of"}:
            met = any(value <= v <= 1.2 * value for v in candidates)
        elif bound in {"less than", "under", "below"}:
            met = any(0.8 * value <= v < value for v in candidates)
        elif bound:
            met = any(abs(v - value) <= 0.05 * value for v in candidates)
        else:
            digits = len(written.split(".")[1]) if "." in written else 0
            met = any(round(v, digits) == value for v in candidates)
        if met:
            out.add(_normalise_number(written))
    return out


_PERCENT = re.compile(r"(\d+(?:\.\d+)?)\s*(?:\\?%|percent\b)")
_FACTOR_VERB = re.compile(r"\b(more than |over |nearly |almost |roughly |about )?(" + "|".join(FACTOR_VERBS) + r")\b")


def _factors_in_percent(claim: str, text: str) -> set[str]:
    """The factors of the claim's factor verbs that a percent of `text` states: "more than halves
    the error" for "reduces the error by 57%" (a cut of 50% or more), "roughly doubles" for "by
    98%" (a rise within five points of 100%)."""
    percents = [float(p) for p in _PERCENT.findall(text)]
    out = set()
    for bound, verb in _FACTOR_VERB.findall(claim.lower()):
        factor = int(FACTOR_VERBS[verb])
        change = 100 * (1 - 1 / factor) if verb.startswith("halv") else 100 * (factor - 1)
        top = 100 if verb.startswith("halv") else float("inf")
        if any((change <= p <= top) if bound.strip() in {"more than", "over"} else abs(p - change) <= 5 for p in percents):
            out.add(str(factor))
    return out


# A long form and the acronym it defines in brackets: "reactive oxygen species (ROS)".
_DEFINITION = re.compile(r"((?:[A-Za-z][\w-]*\s+){1,8})\(([A-Za-z][A-Za-z0-9-]{1,11})\)")


def defined_acronyms(claim: str) -> dict[str, str]:
    """Acronyms a text defines in parentheses after their long form, lower-cased, a plural's singular
    too: the `initialisms`, and each other acronym of two capitals or more whose long form
    `spelled_out` reads ("Theory of Mind (ToM)", "reinforcement learning from human feedback (RLHF)",
    "Adaptive Path Correction with Exponents (ACE)")."""
    defined = initialisms(claim)
    for written, acronym, before in _definitions(claim):
        long_form = sum(c.isupper() for c in acronym) >= 2 and spelled_out(acronym, before)
        if long_form:
            defined.setdefault(written.lower(), long_form.lower())
            defined.setdefault(acronym.lower(), long_form.lower())
    return defined


def initialisms(claim: str) -> dict[str, str]:
    """Acronyms a text defines in parentheses after the words they are the initials of, lower-cased, a
    plural's singular too: "reactive oxygen species (ROS)" gives {"ros": "reactive oxygen species"},
    and each part of a hyphenated word may give a letter ("LLM-Accelerated Bayesian Optimization
    (LABO)"). Such an acronym abbreviates a phrase; coined names are rarely written so."""
    defined = {}
    for written, acronym, before in _definitions(claim):
        long_form = _initials_of(acronym, before.split())
        if long_form:
            defined[written.lower()] = defined[acronym.lower()] = long_form.lower()
    return defined


def _definitions(text: str) -> list[tuple[str, str, str]]:
    """Each bracketed acronym of `text` after words: as written, singular ("DCs" is "DC"), and the up
    to eight words before it."""
    found = []
    for match in _DEFINITION.finditer(text):
        written = acronym = match.group(2)
        if acronym.endswith("s") and acronym[:-1].isupper():  # a plural: "dendritic cells (DCs)"
            acronym = acronym[:-1]
        found.append((written, acronym, match.group(1)))
    return found


def _initials_of(acronym: str, words: list[str]) -> str:
    """The most last `words` whose initials, of whole words or of each hyphenated part, are the
    acronym's capitals (its first letter when it has none); "" when no run of them is."""
    letters = [c.lower() for c in acronym if c.isalpha() and c.isupper()] or [acronym[0].lower()]
    for start in range(len(words)):
        for initials in ([w[0] for w in words[start:]], [p[0] for w in words[start:] for p in w.split("-") if p]):
            if [c.lower() for c in initials] == letters:
                return " ".join(words[start:])
    return ""


def spelled_out(acronym: str, before: str) -> str:
    """The long form of `acronym` that the words `before` its bracket end on, "" when they do not spell
    it out: the fewest last words, two at least, whose letters hold the acronym's letters in order, its
    first letter opening the first word, which is no stop word (Schwartz and Hearst's rule): "Adaptive
    Path Correction with Exponents" for ACE, "Adaptive Physics Transformer" for APT. Only the
    acronym's letters and digits count ("C-CSCNNs" needs "ccscnns")."""
    letters = re.sub(r"[^a-z0-9]", "", acronym.lower())
    words = re.split(r"\s+", before.strip())
    if len(letters) < 2 or not words[0]:
        return ""
    for first in range(len(words) - 2, max(-1, len(words) - 2 * len(letters) - 1), -1):
        text = " ".join(words[first:]).lower()
        if text[0] == letters[0] and words[first].lower() not in STOPWORDS and _letters_in_order(letters[1:], text[1:]):
            return " ".join(words[first:])
    return ""


def _letters_in_order(letters: str, text: str) -> bool:
    """True when `letters` occur in `text` in that order (not necessarily side by side)."""
    rest = iter(text)
    return all(letter in rest for letter in letters)


def first_line(exc: BaseException, limit: int = 300) -> str:
    """The first line of an exception's message (or its type name), cut to `limit` characters."""
    return (str(exc).strip().splitlines() or [type(exc).__name__])[0][:limit]


_THOUSANDS = re.compile(r"(?<![A-Za-z\d.])(\d+(?:\.\d+)?)[kK](?![A-Za-z\d])")
# "7.04M SOPs", "1B–13B parameters": a magnitude letter after a number that no hyphen ties to a
# name ("Qwen3-8B" names a model and stays as written; "1B-13B" is a range).
# "Qwen3-8B": a magnitude a hyphen ties to a name, read as a number only where a claim's own figure may meet it.
_NAMED_MAGNITUDE = re.compile(r"(?<=[A-Za-z\d]-)(\d+(?:\.\d+)?)([MB])(?![A-Za-z\d])")
_MAGNITUDE = re.compile(r"(?:(?<![A-Za-z\d.\-])|(?<=\d[MB]-))(\d+(?:\.\d+)?)([MB])(?![A-Za-z\d])")
# "191 thousand tokens", "7.04 million SOPs": a number in digits times a scale word.
_DIGIT_SCALE = re.compile(r"(?<![A-Za-z\d.])(\d+(?:\.\d+)?)\s+(thousand|million|billion)\b", re.IGNORECASE)
# A number with a unit of ratio or magnitude: "40x", "3.2×", "10-fold" (the number is what counts).
_RATIO = re.compile(r"\d+(?:[.,]\d+)*(?:x|×|-?fold|k)", re.IGNORECASE)


def _expand_thousands(text: str) -> str:
    """`text` with "50k" written as 50000 (so that "50,000" and "50k" state the same number), and
    likewise "7.04M" and "7.04 million" as 7040000, "13B" and "13 billion" as 13000000000."""
    text = _DIGIT_SCALE.sub(lambda m: _scaled(m.group(1), _SCALES[m.group(2).lower()]), text)
    text = _MAGNITUDE.sub(lambda m: _scaled(m.group(1), _SCALES["million" if m.group(2) == "M" else "billion"]), text)
    return _THOUSANDS.sub(lambda m: _scaled(m.group(1), 1000), text)


def _scaled(number: str, scale: int) -> str:
    """`number` (digits) times `scale`, written in plain digits: "7.04" by a million is "7040000"."""
    return _normalise_number(format(Decimal(number) * scale, "f"))


def _is_number(term: str) -> bool:
    return bool(re.fullmatch(r"\d+(?:\.\d+)*", term))


def _normalise_number(text: str) -> str:
    """One spelling per value: "50,000" is 50000, "34.0" is 34, "12.40" is 12.4."""
    number = text.replace(",", "")
    return number.rstrip("0").rstrip(".") if "." in number else number


_UNITS = "one two three four five six seven eight nine".split()
_TENS = "twenty thirty forty fifty sixty seventy eighty ninety".split()
_HALF = re.compile(r"\b(" + "|".join(_UNITS + ["ten"]) + r") and a half\b", re.IGNORECASE)
_COMPOUND = re.compile(r"\b(" + "|".join(_TENS) + r")-(" + "|".join(_UNITS) + r")\b", re.IGNORECASE)


_DOZENS = re.compile(r"\b(" + "|".join(_UNITS + ["ten"]) + r"|\d+) dozen\b", re.IGNORECASE)


def spelled_compounds(text: str) -> str:
    """`text` with the number words that take more than one word written in digits: "two and a
    half" is 2.5, "twenty-three" is 23, "two dozen" is 24 (single number words are read where
    they are counted)."""
    text = _DOZENS.sub(lambda m: str(12 * int(NUMBER_WORDS.get(m.group(1).lower(), m.group(1)))), text)
    text = _HALF.sub(lambda m: f"{NUMBER_WORDS[m.group(1).lower()]}.5", text)
    return _COMPOUND.sub(lambda m: str(int(NUMBER_WORDS[m.group(1).lower()]) + int(NUMBER_WORDS[m.group(2).lower()])), text)


def numbers_as_digits(text: str) -> str:
    """`text` with its number words in digits ("five model families" is "5 model families",
    "twenty-three" is 23), so that word shares count a number however it is written; "one" stays
    ("from one system to another")."""
    def digits(match: re.Match[str]) -> str:
        word = match.group(0)
        return word if word.lower() == "one" else NUMBER_WORDS.get(word.lower(), word)

    return re.sub(r"(?<![\w-])[A-Za-z]+(?![\w-])", digits, _expand_thousands(spelled_compounds(text)))


# Hyphens, en dashes and LaTeX's "--" join words; an em dash ("cells\u2014a") or "---" sets text apart.
_DASHES = re.compile(r"(?<=[A-Za-z0-9])(?:[\u2010-\u2013\u2212]|--)(?=[A-Za-z0-9])")


def unify_dashes(text: str) -> str:
    """`text` with the dashes that join two words written as one hyphen: "Feynman–Kac" and
    "Napp--Adams" read as the "Feynman-Kac" and "Napp-Adams" a claim writes."""
    return _DASHES.sub("-", text)


def _without_markup(text: str) -> str:
    """`text` without LaTeX commands, math delimiters and braces: "S$H^2$RFSSM" reads SH2RFSSM."""
    return re.sub(r"[$^_{}]", "", re.sub(r"\\[A-Za-z]+", "", text))


@lru_cache(maxsize=1)
def _stemmer() -> Any:
    import Stemmer

    return Stemmer.Stemmer("english")
