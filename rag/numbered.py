"""Names that differ from a paper's only in their number: "L1 weight decay" against an abstract on
"L2 weight decay", "CIFAR-100" against "CIFAR-10", "ResNet-50" against "ResNet-18".

Such a question asks about something next to the paper, not about it: a retriever finds the paper
(the letters and the other words match), and every word-overlap check passes, since a number is no
word. A name here is letters then a number, a hyphen between allowed ("L1", "ResNet-50", "GPT-4");
it differs from the paper's when the paper's title and abstract never write it but write the same
letters with another number.
"""

from __future__ import annotations

import re

_NUMBERED = re.compile(r"(?<![\w.-])([A-Za-z]+)-?(\d+)(?![\w.])")


def numbered_names(text: str) -> set[tuple[str, str]]:
    """The (letters, number) of each numbered name in `text`, letters lower-cased: "L2" gives ("l", "2")."""
    return {(letters.lower(), number) for letters, number in _NUMBERED.findall(text)}


def other_numbered(question: str, text: str) -> list[str]:
    """The numbered names of `question`, as it writes them ("L1", "CIFAR-100"), that `text` never
    writes while it writes their letters with another number ("L2", "CIFAR-10"); [] when there is none."""
    held = numbered_names(text)
    return [match.group(0) for match in _NUMBERED.finditer(question)
            if (key := (match.group(1).lower(), match.group(2))) not in held and any(letters == key[0] for letters, _ in held)]
