"""Answers to bibliographic questions (who wrote a paper, when and where it appeared) from the
paper's record: the corpus fields stored beside its abstract.

An abstract never names its own authors, year or venue, but an export of a conference's paper list
usually does (`author`, `year`, `venue`, or the venue and year `rag.corpus` reads from a file name
such as `colm2025.json`). When the record holds the asked field, the answer gives it; otherwise the
answer says the abstract does not (rag.compose).
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any, Iterable, Mapping

# Record fields that hold each bibliographic fact, in order of preference (names compared case-folded).
_FIELDS = {
    "date": ("year", "publication_year", "date", "publication_date", "pub_date", "published"),
    "venue": ("venue", "conference", "journal", "booktitle", "proceedings"),
    "affiliation": ("affiliations", "affiliation", "institutions", "institution", "aff"),
    "status": ("status", "decision"),
}
# Names listed in full up to this many; beyond it, the first ones and a count of the rest.
MAX_NAMES = 12


def record_fact(noun: str, metadata: Mapping[str, Any]) -> str | None:
    """The asked fact ("authors", "date", "venue", "affiliation" or "status") as the object of "its
    record gives ..." ("the authors as Ann Lee and Bo Chen", "the year 2025", "COLM 2025", "the
    status Poster at ICLR 2018"), from a paper's stored metadata; None when the record does not hold it."""
    if noun == "authors":
        authors = authors_of(metadata)
        return f"the authors as {authors}" if authors else None
    if noun == "affiliation":
        places = affiliations_of(metadata)
        return f"the institutions as {_listed(places)}" if places else None
    year = _field(metadata, "date")
    venue = _field(metadata, "venue")
    status = _field(metadata, "status")
    if noun == "status" and status:
        return f"the status {status}{f' at {_venue_year(metadata)}' if venue else ''}"
    if noun == "venue" and venue:
        return _venue_year(metadata)
    if noun == "date" and year:
        return f"the year {year}{f' ({venue})' if venue else ''}"
    return None


def record_text(metadata: Mapping[str, Any]) -> str:
    """Every fact `record_fact` may give from `metadata`, as one text (for checking an answer's
    numbers and names against the record as well as the abstract)."""
    facts = (record_fact(noun, metadata) for noun in ("authors", "affiliation", "venue", "date", "status"))
    return " ".join(fact for fact in facts if fact)


def _field(metadata: Mapping[str, Any], noun: str) -> str:
    """The first non-empty record field holding `noun`'s fact, as text ("" when none does)."""
    by_name = {str(key).lower(): value for key, value in metadata.items()}
    for name in _FIELDS[noun]:
        value = by_name.get(name)
        if value not in (None, "") and not isinstance(value, bool):
            return " ".join(str(value).split())
    return ""


def _venue_year(metadata: Mapping[str, Any]) -> str:
    """The record's venue with its year ("ICLR 2018"; the venue alone when it holds the year), "" without a venue."""
    venue, year = _field(metadata, "venue"), _field(metadata, "date")
    return f"{venue}{f' {year}' if year and year not in venue else ''}" if venue else ""


def affiliations_of(metadata: Mapping[str, Any]) -> list[str]:
    """The distinct institutions a paper's record names ("Stanford University; Google Brain+MIT"), in order."""
    return _names(_field(metadata, "affiliation"))


def authors_of(metadata: Mapping[str, Any], limit: int = MAX_NAMES) -> str:
    """The paper's authors, the first `limit` named ("Ann Lee, Bo Chen and 3 others"); "" when its record has none."""
    names = _names(metadata.get("authors"))
    return _listed(names, limit) if names else ""


def _names(value: Any) -> list[str]:
    """The distinct names in a stored list ("Ann Lee; Bo Chen", "MIT;MIT+CMU"), in order."""
    names = [" ".join(name.split()).rstrip("*†‡§¶∗ ") for name in re.split(r"[;+]", str(value or ""))]  # "OpenAI*†" is OpenAI
    return list(dict.fromkeys(name for name in names if name))


def _listed(names: list[str], limit: int = MAX_NAMES) -> str:
    """"A", "A and B", "A, B and C", or the first `limit` and "N others"."""
    if len(names) > limit:
        return f"{', '.join(names[:limit])} and {len(names) - limit} other{'s' if len(names) - limit > 1 else ''}"
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def collection_summary(papers: Iterable[Mapping[str, Any]], scope: Mapping[str, str] | None = None) -> str:
    """What a store holds, for "how many papers are there?": "The collection holds 2,003 papers: 1,008
    from NIPS 2018 and 995 from ICLR 2018." ("..., all from ICML 2026." for one group). With a
    `scope` (field -> value, as `PaperRetriever.named_scope` reads "how many papers are from 2018?"):
    "621 of the collection's 1,828 papers have year 2018, all from ICML 2018." ("All 38 papers of the
    collection have year 2026, ..." when every paper does). Papers are counted by
    their record's venue and year, or by the file they came from when it names no venue."""
    papers = list(papers)
    scope = dict(scope or {})
    matching = [p for p in papers if all(str(p.get(f, "")).lower() == str(v).lower() for f, v in scope.items())]
    groups: Counter[str] = Counter()
    for paper in matching:
        groups[_venue_year(paper) or str(paper.get("source") or "other files")] += 1
    if not papers:
        return "The collection holds no papers yet; add some with rag ingest."
    plural = "s" if len(papers) != 1 else ""
    if scope:
        named = " and ".join(f"{field} {value}" for field, value in scope.items())
        held = (f"All {len(papers):,} paper{plural} of the collection {'has' if len(papers) == 1 else 'have'} {named}" if len(matching) == len(papers)
                else f"{len(matching):,} of the collection's {len(papers):,} paper{plural} {'has' if len(matching) == 1 else 'have'} {named}")
    else:
        held = f"The collection holds {len(papers):,} paper{plural}"
    if not groups:
        return f"{held}."
    if len(groups) == 1:
        return f"{held}, all from {next(iter(groups))}."
    parts = [f"{count:,} from {name}" for name, count in sorted(groups.items(), key=lambda item: (-item[1], item[0]))]
    return f"{held}: {', '.join(parts[:-1])} and {parts[-1]}."
