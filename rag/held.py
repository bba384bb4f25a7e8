"""Whether a paper's text holds a word or a phrase of a question: by stem, close variant or acronym.

The answer's near-miss rules (`rag.compose.unheld_phrases`, the measure of a figure question) ask
whether the closest paper speaks of each thing a question hinges on. A stem is held when the text
has it or a close variant of it: both share all but the last letter of the shorter one, five
letters at least ("equivari" of "equivariant" and "equivariance"), never a bare five-letter opening
("control" is not "contribution", "transport" is not "transition"); a noun holds its adjective in
"-ular" and back ("cell" and "cellular"). Accents are folded first ("Schrödinger" is "schrodinger",
not "schr" and "dinger"), and a dash outside ASCII parts words ("cells—including"). A run of words is held by an acronym the
text writes whose letters open those words in order ("SOPs" for "synaptic operations").
"""

from __future__ import annotations

import re
import unicodedata

from rag.text import tokenize

# Written acronyms: two capitals or more, small letters between allowed, a plural "s" after ("SOPs", "CSCNNs", "GenMD").
_ACRONYM = re.compile(r"(?<![\w-])[A-Z][A-Za-z]*[A-Z][A-Za-z]*(?![\w-])")


def fold_accents(text: str) -> str:
    """`text` with accented letters written plain ("Schrödinger" -> "Schrodinger"); a dash, space or
    other mark outside ASCII parts words as a space does ("cells—including" is two words, "1B–13B"
    two figures)."""
    return "".join(_folded(char) for char in unicodedata.normalize("NFKD", text))


def _folded(char: str) -> str:
    """`char` as `fold_accents` writes it: ASCII as is; an accent, a curly apostrophe (as before:
    "model’s" is "models") or any other letter dropped; a dash, space or other mark a space."""
    if char.isascii():
        return char
    return " " if unicodedata.category(char)[0] in "PZS" and char not in "’‘" else ""


def stems_of(text: str) -> set[str]:
    """The stems (`rag.text.tokenize`) of `text`, accents folded."""
    return set(tokenize(fold_accents(text)))


def holds_stem(stems: set[str], stem: str) -> bool:
    """True when `stem` or a close variant of it is among `stems` (see the module docstring)."""
    if stem in stems or (len(stem) >= 4 and f"{stem}ular" in stems) or (len(stem) >= 8 and stem.endswith("ular") and stem[:-4] in stems):
        return True  # "cells" and "cellular": a noun (four letters or more: "pop" is no "popular") and its adjective in "-ular"
    if len(stem) < 5:
        return False
    for other in stems:
        if other[:5] != stem[:5]:
            continue
        shared = next((i for i, (a, b) in enumerate(zip(other, stem)) if a != b), min(len(other), len(stem)))
        if shared >= min(len(other), len(stem)) - 1:
            return True
    return False


def writes_in_a_row(words: list[str], text: str) -> bool:
    """True when `text` writes `words` one after another, each with any ending, separated by spaces or
    hyphens, case aside ("graph neural network" in "Graph Neural Networks", "graph-neural networks")."""
    pattern = r"[\s-]+".join(rf"\b{re.escape(word)}\w*" for word in words)
    return bool(words) and re.search(pattern, text, re.IGNORECASE) is not None


def acronyms(text: str) -> set[str]:
    """The acronyms `text` writes, lower-cased, a plural "s" left off ("7.04M SOPs" -> {"sop"})."""
    found = set()
    for match in _ACRONYM.finditer(text):
        word = match.group(0)
        found.add((word[:-1] if word.endswith("s") and word[-2:-1].isupper() else word).lower())
    return found


def abbreviated(words: list[str], written: set[str]) -> bool:
    """True when one of the `written` acronyms (`acronyms`) spells a run of two or more `words`
    ending with the last one, each word giving the opening letters of its part ("sop" spells
    "synaptic operations": "s" + "op")."""
    words = [w.lower() for word in words for w in word.split("-") if w]
    return any(_spells(acronym, words[start:]) for acronym in written for start in range(max(0, len(words) - 1)))


def _spells(letters: str, words: list[str]) -> bool:
    """True when `letters` split into non-empty openings of each of `words`, in order."""
    if not words:
        return not letters
    return any(words[0].startswith(letters[:k]) and _spells(letters[k:], words[1:]) for k in range(1, len(letters) + 1))
