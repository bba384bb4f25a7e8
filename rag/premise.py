"""The sentences of an abstract that correct the premise of a "why" question.

"Why does TriForces require DFT labels?" presumes what its abstract denies ("without needing DFT
labels"): the answer is that sentence, not a reason given for something untrue. Four shapes:
- a dependence ("need", "require", "rely on", "depend on", "tied to", "limited to", "specific to"):
  a sentence writing a word of its object soon after a negation ("without", "rather than",
  "instead of", "no", "not", "eliminates the need for"), or as the first part of "X-agnostic",
  "X-free" or "X-independent" ("model-agnostic" for "tied to one specific model architecture");
- an inferiority ("slower and less accurate than model-based methods"): a sentence saying the
  paper beats them ("outperforms model-based methods");
- a preference ("benefit more from depth than from width"): a sentence preferring the other
  ("width over depth");
- an inability ("why can't X predict repetition"): a sentence holding the verb and its object
  with no negation in it;
- a restriction ("limited to regular grids", "restricted to a single MLIP backbone"): a sentence
  writing a word of its object soon after a word of range ("both regular and irregular grids",
  "across multiple MLIP architectures");
- a magnitude ("suffer large energy drift"): a sentence writing the thing after a word saying it is
  small ("near-zero energy drift").
"""

from __future__ import annotations

import re

from rag.held import fold_accents, holds_stem, stems_of
from rag.sources import Source
from rag.text import tokenize

_DEPENDS = re.compile(
    r"\b(?:needs?|requires?|rel(?:y|ies)\s+(?:on|upon)|depends?\s+(?:on|upon)|(?:tied|limited|restricted|specific|confined)\s+to)"
    r"\s+(?P<object>[^?.;,]+)", re.IGNORECASE)
_INFERIOR = re.compile(
    r"\b(?:slower|worse|weaker|poorer|inferior|underperforms?|less\s+[\w-]+|lower\s+[\w-]+)\b[^?.;]*?\bthan\s+(?P<other>[^?.;,]+)",
    re.IGNORECASE)
_PREFERS = re.compile(r"\bmore\s+(?:\w+\s+){0,2}?from\s+(?P<a>[\w-]+)\s+than\s+(?:from\s+)?(?P<b>[\w-]+)", re.IGNORECASE)
_UNABLE = re.compile(r"\b(?:cannot|can\s+not|does\s+not|do\s+not|did\s+not|fails?\s+to|unable\s+to)\s+(?P<rest>[^?.;,]+)",
                     re.IGNORECASE)
# A negation whose next few words name what is denied ("without needing DFT labels").
_NEGATION = re.compile(
    r"\b(?:without|rather\s+than|instead\s+of|not|no|never|eliminat\w*\s+the\s+need\s+(?:for|of)|free\s+of|independent\s+of)\b",
    re.IGNORECASE)
# "model-agnostic", "normalization-free": no dependence on the first part.
_FREE_OF = re.compile(r"\b(?P<part>[\w]+)-(?:agnostic|free|independent)\b", re.IGNORECASE)
_RESTRICTED = re.compile(r"\b(?:(?:limited|restricted|confined|specific)\s+to|only\s+(?:works?|applies|apply)\s+(?:with|to|on))"
                         r"\s+(?P<object>[^?.;,]+)", re.IGNORECASE)
# Words of range: the object is one of several the paper covers.
_RANGE = re.compile(r"\b(?:both|multiple|various|several|many|diverse|different|arbitrary|any|across)\b", re.IGNORECASE)
_LARGE = re.compile(r"\b(?:suffers?|shows?|has|have|exhibits?|incurs?|causes?|produces?)\s+(?:from\s+)?(?:an?\s+)?"
                    r"(?:large|high|significant|severe|substantial|strong|big|heavy|considerable)\s+(?P<thing>[^?.;,]+)", re.IGNORECASE)
_SMALL = re.compile(r"\b(?:near-zero|close\s+to\s+zero|zero|negligible|minimal|little|low|small|no)\b", re.IGNORECASE)
_BEATS = re.compile(r"\b(?:outperform(?:s|ed|ing)?|surpass(?:es|ed|ing)?|beats?|better\s+than|superior\s+to)\b", re.IGNORECASE)
_ANY_NEGATION = re.compile(r"\b(?:not|no|never|cannot|fails?|unable|lacks?|without|unsuitable|insufficient)\b|n't\b", re.IGNORECASE)
# Where an object phrase ends: a preposition other than "of", or a clause.
_OBJECT_END = re.compile(r"\s+(?:for|to|on|in|at|by|with|from|when|while|than|because|so|and\s+(?:why|how))\s.*$", re.IGNORECASE)
# Words saying how much, not what ("large amounts of", "one specific", "still").
_AMOUNTS = stems_of("large amounts amount lots much many more one single specific particular still always very")
WINDOW = 6


def premise_corrections(question: str, source: Source) -> list[int]:
    """The indexes of the source's sentences that correct the premise of `question` (see the module
    docstring); empty when the question states none of these shapes or no sentence corrects it."""
    found = []
    for i in range(len(source.spans)):
        sentence = source.sentence(i)
        if _corrects(question, sentence):
            found.append(i)
    return found


def _corrects(question: str, sentence: str) -> bool:
    """True when `sentence` denies what `question` presumes, in one of the module's four shapes."""
    depends = _DEPENDS.search(question)
    if depends:
        wanted = _object_stems(depends.group("object"))
        if any(_names(sentence[m.end():], wanted) for m in _NEGATION.finditer(sentence)):
            return True
        if any(holds_stem(wanted | _all_stems(depends.group("object")), stem)
               for m in _FREE_OF.finditer(sentence) for stem in stems_of(m.group("part"))):
            return True
    restricted = _RESTRICTED.search(question)
    if restricted and any(_names(sentence[m.end():], _object_stems(restricted.group("object"))) for m in _RANGE.finditer(sentence)):
        return True
    large = _LARGE.search(question)
    if large:
        thing = _object_stems(large.group("thing"))
        if any(thing and all(holds_stem(stems_of(" ".join(sentence[m.end():].split()[:len(thing) + 1])), stem) for stem in thing)
               for m in _SMALL.finditer(sentence)):
            return True
    inferior = _INFERIOR.search(question)
    if inferior and any(_names(sentence[m.end():], _object_stems(inferior.group("other"))) for m in _BEATS.finditer(sentence)):
        return True
    prefers = _PREFERS.search(question)
    if prefers:
        less, more = stems_of(prefers.group("b")), stems_of(prefers.group("a"))
        for m in re.finditer(r"\b([\w-]+)\s+(?:over|rather\s+than|instead\s+of)\s+(?:\w+\s+)?([\w-]+)", sentence, re.IGNORECASE):
            if _any_held(stems_of(m.group(1)), less) and _any_held(stems_of(m.group(2)), more):
                return True
    unable = _UNABLE.search(question)
    if unable and not _ANY_NEGATION.search(sentence):
        wanted = set([s for s in tokenize(fold_accents(unable.group("rest"))) if s not in _AMOUNTS][-2:])  # "X predict repetition": the verb and its object
        held = stems_of(sentence)
        return bool(wanted) and all(holds_stem(held, stem) for stem in wanted)
    return False


def _object_stems(phrase: str) -> set[str]:
    """The stems of an object phrase up to its first preposition or clause, amounts left out
    ("large amounts of hand-labelled annotations for X" gives "hand-labelled", "annotations")."""
    return stems_of(_OBJECT_END.sub("", " " + phrase)) - _AMOUNTS


def _all_stems(phrase: str) -> set[str]:
    return stems_of(_OBJECT_END.sub("", " " + phrase))


def _names(text: str, wanted: set[str]) -> bool:
    """True when one of the first WINDOW words of `text` holds a stem of `wanted`."""
    return bool(wanted) and _any_held(stems_of(" ".join(text.split()[:WINDOW])), wanted)


def _any_held(held: set[str], wanted: set[str]) -> bool:
    return any(holds_stem(held, stem) for stem in wanted)
