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
_WORD = re.compile(r"[A-Za-z][A-Za-z0-9]*")
# A word as a name is written, hyphens and digits kept ("MEG-XL", "geor1"), for names typed apart or run together.
_TOKEN = re.compile(r"[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*")


def corrected(question: str, names: Collection[str], holds_term: Callable[[str], bool], knows_word: Callable[[str], bool]) -> str:
    """`question` with each slip put right: a word of at least MIN_LETTERS letters that the store
    does not hold (`holds_term(word)` is False) becomes the one question word a single edit away,
    when it is no everyday word either (`knows_word`: "these" stays), or else the one of `names`
    (lower-cased coined names of stored titles, MIN_NAME_LETTERS letters or more) a single edit
    away; it stays as typed when there is none or more than one. A name typed in two words or
    without its hyphen ("spike init", "megxl") is first written as the name (`_run_together`)."""
    question = _run_together(question, names)

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


def _run_together(question: str, names: Collection[str]) -> str:
    """`question` with one word, or two words apart by spaces, that spell one of `names` once their
    hyphens are dropped ("spike init", "megxl", "meshftnet") written as that name ("spikeinit",
    "meg-xl", "meshft-net"); names of fewer than MIN_LETTERS letters are left alone."""
    squashed = {name.replace("-", ""): name for name in names if len(name.replace("-", "")) >= MIN_LETTERS}
    tokens = list(_TOKEN.finditer(question))
    pieces, done, i = [], 0, 0
    while i < len(tokens):
        for span in (2, 1):
            group = tokens[i:i + span]
            if len(group) < span or (span == 2 and not question[group[0].end():group[1].start()].isspace()):
                continue
            typed = question[group[0].start():group[-1].end()]
            name = squashed.get("".join(t.group(0) for t in group).lower().replace("-", ""))
            if name and name != typed.lower():
                pieces.append(question[done:group[0].start()] + name)
                done, i = group[-1].end(), i + span
                break
        else:
            i += 1
    return "".join(pieces) + question[done:]


def _one_edit(word: str) -> set[str]:
    """Every string one edit from `word`: a letter dropped, two neighbours swapped, one changed or added."""
    splits = [(word[:i], word[i:]) for i in range(len(word) + 1)]
    dropped = {a + b[1:] for a, b in splits if b}
    swapped = {a + b[1] + b[0] + b[2:] for a, b in splits if len(b) > 1}
    changed = {a + c + b[1:] for a, b in splits if b for c in _LETTERS}
    added = {a + c + b for a, b in splits for c in _LETTERS}
    return (dropped | swapped | changed | added) - {word}
