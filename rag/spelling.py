"""Typing slips in a question, put right ("summarize the spikeint paper" -> "spikeinit", "whcih
papers use radar" -> "which").

Deterministic and cheap, and narrow on purpose, since a word the store lacks is more often a real
term of another field ("federated", "auctions") than a slip, and such a question must still be
declined: only a question word, or a coined name of a stored title ("SpikeInit", "PLaTITO"), is put
in place of a word, and only when it is the one such word a single edit away (a letter added,
dropped or changed, or two neighbours swapped). Names of fewer than MIN_NAME_LETTERS letters are
never the target: short acronyms are often one edit apart and different things (LoRA, DoRA, QLoRA).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection

# Words that frame a question, which a slip must not turn into an unknown term.
QUESTION_WORDS = frozenset(("which", "what", "where", "when", "paper", "papers", "does", "about", "compare", "summarize"))
MIN_LETTERS = 5  # a shorter word has too many neighbours one edit away
MIN_NAME_LETTERS = 6
_LETTERS = "abcdefghijklmnopqrstuvwxyz"
_WORD = re.compile(r"[A-Za-z]+")


def corrected(question: str, names: Collection[str], holds_term: Callable[[str], bool], knows_word: Callable[[str], bool]) -> str:
    """`question` with each slip put right: a word of at least MIN_LETTERS letters that the store
    does not hold (`holds_term(word)` is False) becomes the one question word a single edit away,
    when it is no everyday word either (`knows_word`: "these" stays), or else the one of `names`
    (lower-cased coined names of stored titles, MIN_NAME_LETTERS letters or more) a single edit
    away; it stays as typed when there is none or more than one."""
    def fix(match: re.Match) -> str:
        word = match.group(0)
        lower = word.lower()
        if len(lower) < MIN_LETTERS or lower in QUESTION_WORDS or lower in names or holds_term(lower):
            return word
        near = _one_edit(lower)
        framing = [] if knows_word(lower) else sorted(near & QUESTION_WORDS)
        if len(framing) == 1:
            return framing[0].capitalize() if word[0].isupper() else framing[0]
        named = sorted(n for n in near & set(names) if len(n) >= MIN_NAME_LETTERS) if not framing else []
        return named[0] if len(named) == 1 else word
    return _WORD.sub(fix, question)


def _one_edit(word: str) -> set[str]:
    """Every string one edit from `word`: a letter dropped, two neighbours swapped, one changed or added."""
    splits = [(word[:i], word[i:]) for i in range(len(word) + 1)]
    dropped = {a + b[1:] for a, b in splits if b}
    swapped = {a + b[1] + b[0] + b[2:] for a, b in splits if len(b) > 1}
    changed = {a + c + b[1:] for a, b in splits if b for c in _LETTERS}
    added = {a + c + b for a, b in splits for c in _LETTERS}
    return (dropped | swapped | changed | added) - {word}
