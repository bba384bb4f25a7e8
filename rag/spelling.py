"""Typing slips in a question, put right against what the store holds ("summarize the spikeint
paper" -> "spikeinit", "whcih papers use radar" -> "which").

Deterministic and cheap: only a word that no paper holds and that is no everyday word is looked at,
and it is replaced only when exactly one word of the store (or one question word) is a single edit
away (a letter added, dropped, changed, or two neighbours swapped). A word two edits away from
everything, such as a coined name the store lacks, stays as typed, so a question about a paper that
is not there is still declined.
"""

from __future__ import annotations

import re
from typing import Callable

from rag.text import tokenize

# Words that frame a question, which a slip must not turn into an unknown term.
QUESTION_WORDS = ("which", "what", "where", "when", "paper", "papers", "does", "about", "there", "their", "compare",
                  "summarize", "results", "dataset", "datasets", "method", "model", "models")
MIN_LETTERS = 5  # shorter words have too many neighbours one edit away
_LETTERS = "abcdefghijklmnopqrstuvwxyz"
_WORD = re.compile(r"[A-Za-z]+")


def corrected(question: str, holds_term: Callable[[str], bool], knows_word: Callable[[str], bool]) -> str:
    """`question` with each slip put right: a word of at least MIN_LETTERS letters that the store
    does not hold (`holds_term(stem)`), that is no everyday word (`knows_word`) and not written as a
    name is ("Kaiming": a capital, then lower case; such a word may still be a question word,
    "Whcih") becomes the one question word or store word a single edit away, when there is exactly one (a store word held as
    typed, "spikeinit", before one held only by its stem, "spikeing"); else it stays."""
    def fix(match: re.Match) -> str:
        word = match.group(0)
        lower = word.lower()
        if len(lower) < MIN_LETTERS or knows_word(lower) or all(holds_term(stem) for stem in tokenize(lower) or [lower]):
            return word
        near = _one_edit(lower)
        framing = sorted(near & set(QUESTION_WORDS))
        if framing:
            return (framing[0].capitalize() if word[0].isupper() else framing[0]) if len(framing) == 1 else word
        if word[0].isupper() and word[1:].islower():  # "Kaiming", "Levine": a person's or place's name as written
            return word
        held = {candidate for candidate in near if (stems := tokenize(candidate)) and all(holds_term(s) for s in stems)}
        whole = {candidate for candidate in held if tokenize(candidate) == [candidate]}  # "spikeinit", not "spikeing"
        for found in (whole, held):
            if found:
                return found.pop() if len(found) == 1 else word
        return word
    return _WORD.sub(fix, question)


def _one_edit(word: str) -> set[str]:
    """Every string one edit from `word`: a letter dropped, two neighbours swapped, one changed or added."""
    splits = [(word[:i], word[i:]) for i in range(len(word) + 1)]
    dropped = {a + b[1:] for a, b in splits if b}
    swapped = {a + b[1] + b[0] + b[2:] for a, b in splits if len(b) > 1}
    changed = {a + c + b[1:] for a, b in splits if b for c in _LETTERS}
    added = {a + c + b for a, b in splits for c in _LETTERS}
    return (dropped | swapped | changed | added) - {word}
