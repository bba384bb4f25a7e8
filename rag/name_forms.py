"""Ways of writing one name: separators, Greek letters, a name split over two words.

Scientific writing spells a name several ways: "A-769662" and "A769662", "anti-CTLA-4" and
"anti-CTLA4", "Ly6C" and "Ly-6C", "NIH 3T3" and "NIH3T3", "NF-kB" and "NF-κB", "av-Beta3" and
"αvβ3". A name's squeezed form (lower case, Greek letters as their Latin initial, hyphens and
slashes dropped) is the same for all of them; letters and digits are never changed, so "SO(2)"
never reads as "SO(3)" nor "Qwen3-8B" as "Qwen3-7B". Pure functions over strings; this module
imports nothing from the project.
"""

from __future__ import annotations

import re
from functools import lru_cache

# Greek letters, written or spelled, as the Latin letter they are usually typed as (κ is k in "NF-kB").
_GREEK = dict(zip("αβγδεζηθικλμνξοπρστυφχψω", "abgdezeqiklmnxoprstufcyo"))
_GREEK_NAMES = {"alpha": "a", "beta": "b", "gamma": "g", "delta": "d", "epsilon": "e", "kappa": "k", "lambda": "l"}
# A spelled Greek letter as a whole part of a name: "av-Beta3", "TNF-alpha", "beta-catenin".
_SPELLED = re.compile(r"(?:(?<=^)|(?<=[-/]))(" + "|".join(_GREEK_NAMES) + r")(?=\d|[-/]|$)")
# The pieces of a text that may hold a name: runs of letters, digits, Greek letters, hyphens and slashes.
_PIECE = re.compile(r"[0-9A-Za-z\u0370-\u03ff](?:[0-9A-Za-z\u0370-\u03ff\-/\u2010-\u2013]*[0-9A-Za-z\u0370-\u03ff])?")


@lru_cache(maxsize=65536)
def squeezed(name: str) -> str:
    """`name` in one spelling: lower case, spelled or written Greek letters as their Latin
    initial, without hyphens, dashes or slashes ("av-Beta3" and "αvβ3" are both "avb3"; cached:
    the grounding check squeezes the same words many times)."""
    lower = _SPELLED.sub(lambda m: _GREEK_NAMES[m.group(1)], name.lower())
    return re.sub(r"[-/\u2010-\u2013]", "", "".join(_GREEK.get(c, c) for c in lower))


def written_forms(text: str) -> set[str]:
    """The squeezed forms of every piece of `text`, and of every two adjacent pieces joined (the
    "NIH 3T3" of a text matches a name written "NIH3T3")."""
    pieces = [squeezed(p) for p in _PIECE.findall(text)]
    return set(pieces) | {a + b for a, b in zip(pieces, pieces[1:]) if any(c.isdigit() for c in a + b)}


def written_alike(term: str, claim: str, forms: set[str]) -> bool:
    """Whether the name `term` of `claim` (lower-cased, as rag.text.key_terms gives it) is in
    `forms` (a text's `written_forms`) however either writes it: squeezed, without a plural "s",
    or joined with the word next to it in the claim ("NIH3T3" matches a claim's "NIH 3T3")."""
    wanted = squeezed(term)
    if not wanted or wanted.isdigit():
        return False
    if wanted in forms or (wanted.endswith("s") and len(wanted) > 3 and wanted[:-1] in forms):
        return True
    pieces = [squeezed(p) for p in _PIECE.findall(claim)]
    for i, piece in enumerate(pieces):
        if piece != wanted:
            continue
        joined = [pieces[i - 1] + piece] if i > 0 else []
        joined += [piece + pieces[i + 1]] if i + 1 < len(pieces) else []
        if any(j in forms for j in joined):
            return True
    return False


def respelled(claim: str, text: str) -> str:
    """`claim` with each name that `text` writes another way (squeezed alike, rag.name_forms)
    written as `text` writes it, one word or two joined ("A-769662" becomes "A769662", "NIH 3T3"
    becomes "NIH3T3"), so that word shares and cues read one spelling.
    Only names with a letter and a digit or a capital past the first letter are respelled, and only
    into a spelling without Greek letters (word tokens split at them)."""
    spelling: dict[str, str] = {}
    for piece in _PIECE.findall(text):
        if not any(c in _GREEK for c in piece.lower()):
            spelling.setdefault(squeezed(piece), piece)
    pieces = list(_PIECE.finditer(claim))
    out, last, i = [], 0, 0
    while i < len(pieces):
        here = pieces[i]
        pair = pieces[i + 1] if i + 1 < len(pieces) and claim[here.end():pieces[i + 1].start()] == " " else None
        joined = spelling.get(squeezed(here.group(0) + pair.group(0))) if pair and _namelike(here.group(0) + pair.group(0)) else None
        if joined and any(c.isdigit() for c in joined):
            out += [claim[last:here.start()], joined]
            last, i = pair.end(), i + 2  # type: ignore[union-attr]
            continue
        own = spelling.get(squeezed(here.group(0)))
        if own and own != here.group(0) and _namelike(here.group(0)) and own.lower() != here.group(0).lower():
            out += [claim[last:here.start()], own]
            last = here.end()
        i += 1
    return "".join(out) + claim[last:]


def _namelike(word: str) -> bool:
    """Whether `word` is written like a name: a letter, and a digit or a capital past its first letter."""
    return any(c.isalpha() for c in word) and (any(c.isdigit() for c in word) or any(c.isupper() for c in word[1:]))
