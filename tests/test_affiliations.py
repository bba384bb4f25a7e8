"""Papers by institution, from a paper list's recorded affiliations (real NeurIPS 2018 records):
"which papers from Stanford ...", "what is MIT working on?", "how many papers are from DeepMind?"."""

from __future__ import annotations

import json
import re

import pytest

from conftest import answerer_for, make_settings, shared_data
from rag.affiliations import AffiliationIndex


def _records() -> list[dict]:
    """The first 40 NeurIPS 2018 records, and every later one with a DeepMind, Stanford or MIT affiliation, up to 60."""
    records = json.loads(shared_data("paperlists_papercopilot/nips2018.json").read_text())
    wanted = [r for r in records[40:] if re.search(r"DeepMind|Stanford|\bMIT\b|Massachusetts Institute", r.get("aff") or "")]
    return records[:40] + wanted[:60]


def _holding(records: list[dict], pattern: str) -> set[str]:
    return {r["title"] for r in records if re.search(pattern, r.get("aff") or "")}


@pytest.fixture(scope="module")
def nips(tmp_path_factory):
    """An extractive answerer over those records, and the records."""
    root = tmp_path_factory.mktemp("affiliations")
    records = _records()
    (root / "nips2018.json").write_text(json.dumps(records))
    from rag.service import RagService

    settings = make_settings(root / "data")
    service = RagService(settings)
    service.ingest([str(root / "nips2018.json")], progress=False)
    extractive = settings.model_copy(update={"llm": settings.llm.model_copy(update={"provider": "extractive"})})
    return answerer_for(extractive, service.retriever), records


def test_an_institution_is_found_by_its_distinctive_words_or_initials():
    index = AffiliationIndex([
        {"paper_id": "a", "aff": "Stanford University; Google Brain"},
        {"paper_id": "b", "aff": "Massachusetts Institute of Technology+DeepMind, London, UK"},
        {"paper_id": "c", "aff": "University of California, Berkeley; MIT CSAIL"},
        {"paper_id": "d", "aff": "University of California, Los Angeles"},
    ])
    assert index.find("which papers from Stanford study GANs?") == (["Stanford"], ["a"])
    assert index.find("What is MIT working on?") == (["MIT"], ["b", "c"])
    assert index.find("papers from DeepMind") == (["DeepMind"], ["b"])
    assert index.find("papers from UC Berkeley") == ([], [])  # no record writes "UC"
    assert index.find("papers from Stanford, DeepMind")[1] == ["a", "b"]  # two names, not one
    assert index.find("papers at the University of California, Berkeley")[1] == ["c"]  # not Los Angeles
    assert index.find("papers from University") == ([], [])  # a generic word names no institution
    assert index.find("which papers use data from ImageNet?") == ([], [])
    assert index.find("papers from google brain") == ([], [])  # an institution is named in capitals


def test_which_papers_from_an_institution_are_only_its_papers(nips):
    answerer, records = nips
    answer = answerer.ask("Which papers from DeepMind study reinforcement learning?")
    cited = {c.title for c in answer.citations}
    assert cited and cited <= _holding(records, r"DeepMind")


def test_what_an_institution_works_on_lists_its_papers(nips):
    answerer, records = nips
    answer = answerer.ask("What is MIT working on?")
    cited = {c.title for c in answer.citations}
    assert len(cited) >= 2 and cited <= _holding(records, r"\bMIT\b|Massachusetts Institute of Technology")


def test_how_many_papers_are_from_an_institution_counts_them(nips):
    answerer, records = nips
    stanford = len(_holding(records, r"Stanford"))
    assert answerer.ask("How many papers are from Stanford?").answer.startswith(f"The collection holds {stanford} papers from Stanford;")
