"""Papers by institution, from the affiliations a paper list records ("aff": "Stanford University;
Google Brain+MIT"): "which papers from Stanford study X?", "what is DeepMind working on?".

An institution is named in a question after "from", "at" or "by" (or as "what is X working on"), in
capitals, by the distinctive words of its recorded name ("Stanford", "Google Brain", "DeepMind",
"CSAIL"; never "University" or "Research" alone), or by the initials of a name of three words or
more ("MIT" for "Massachusetts Institute of Technology").
"""

from __future__ import annotations

import re
from typing import Any, Iterable, Mapping

from rag.bibliography import affiliations_of

# Words of institution names that name no institution on their own.
_GENERIC = frozenset(
    """university universities institute institution technology college school department dept center centre
    research lab labs laboratory laboratories group inc ltd llc corp corporation company co ai science sciences
    engineering computer computing national state of the and for in at de la le du und fur für on data""".split()
)
# "from Stanford", "at Google Brain", "by MIT CSAIL", "what is DeepMind working on": the capitalised run named.
_NAMED = re.compile(
    r"\b(?:from|at|by)\s+(?:the\s+)?(?P<a>[A-Z][\w&.'-]*(?:,?\s+(?:of\s+)?[A-Z][\w&.'-]*){0,4})"
    r"|\b[Ww]hat\s+(?:is|are|has|have)\s+(?P<b>[A-Z][\w&.'-]*(?:\s+[A-Z][\w&.'-]*){0,3})\s+(?:been\s+)?work(?:ing|ed)?\s+on\b")


class AffiliationIndex:
    """Each recorded institution's papers, by the distinctive words of its name and by its initials."""

    def __init__(self, papers: Iterable[Mapping[str, Any]]) -> None:
        self.places: dict[frozenset[str], set[str]] = {}  # an institution's distinctive words -> its papers
        self.initials: dict[str, set[str]] = {}  # "mit" -> the papers of "Massachusetts Institute of Technology"
        for paper in papers:
            for place in affiliations_of(paper):
                paper_id = str(paper["paper_id"])
                words = _words(place)
                distinctive = frozenset(w for w in words if w not in _GENERIC and len(w) >= 2)
                if distinctive:
                    self.places.setdefault(distinctive, set()).add(paper_id)
                initials = "".join(w[0] for w in words if w not in ("of", "the", "and", "for"))
                if len(words) >= 3 and len(initials) >= 3:
                    self.initials.setdefault(initials, set()).add(paper_id)

    def find(self, question: str) -> tuple[list[str], list[str]]:
        """(the institutions `question` names, as written there, and the ids of their papers);
        ([], []) when it names none the records hold."""
        names, papers = [], set()
        for match in _NAMED.finditer(question):
            written = match.group("a") or match.group("b")
            # "University of California, Berkeley" is one name; "Stanford, Google" two
            whole = self._papers(written)
            parts = [(written, whole)] if whole else [(part.strip(), self._papers(part)) for part in written.split(",")]
            for name, held in parts:
                if held:
                    names.append(name)
                    papers |= held
        return names, sorted(papers)

    def _papers(self, written: str) -> set[str]:
        """The papers of every recorded institution whose name holds each distinctive word of
        `written` ("Berkeley" and "University of California, Berkeley"; "Google DeepMind" is not
        "DeepMind, London"), or whose initials `written` is ("MIT")."""
        wanted = {w for w in _words(written) if w not in _GENERIC and len(w) >= 2}
        if not wanted:
            return set()
        held = set().union(*(ids for words, ids in self.places.items() if wanted <= words))
        return held | (self.initials.get(next(iter(wanted)), set()) if len(wanted) == 1 else set())


def _words(name: str) -> list[str]:
    """A name's words, lower-cased, without punctuation ("DeepMind, London, UK" -> deepmind, london, uk)."""
    return re.findall(r"[^\W_][\w&'-]*", name.casefold())
