"""Questions over real ICLR 2018 and NeurIPS 2018 paper lists (paperlists exports, saved under their
own file names): a paper called "the Glow paper" or "the paper on mixup", a venue asked by its
other name (NeurIPS for a list named nips2018.json), the status a list records for each paper
(Poster, Oral, Reject), asked of one paper or used to narrow a "which papers" question, questions
about the collection itself, and "what problem does X address" (the example questions the chat
page offers over such a list)."""

from __future__ import annotations

import re
import json

import pytest

from conftest import answerer_for, make_settings, shared_data
from rag.bibliography import collection_summary, record_fact
from rag.intent import classify
from rag.service import RagService
from rag.titles import abbreviates_title, calls_by_name

_ICLR = ("mixup:", "Spectral Normalization for Generative", "Spectrally-Normalized Margin Bounds",
         "Synthesizing Robust Adversarial Examples", "Adversarial Examples for Natural Language")
_NIPS = ("Glow:", "Neural Ordinary Differential Equations", "GPyTorch:", "PacGAN:", "Model-Agnostic")
# MAML's own paper (ICML 2017), and papers whose abstracts write "MAML" for its method (ICML 2019).
_MAML = "Model-Agnostic Meta-Learning for Fast Adaptation of Deep Networks"
_ICML = ("Taming MAML", "Online Meta-Learning")


def _records(name: str, count: int, titles: tuple[str, ...]) -> list[dict]:
    """The first `count` records of a real paper list and those whose title contains one of `titles`."""
    records = json.loads(shared_data(f"paperlists_papercopilot/{name}").read_text())
    return records[:count] + [r for r in records[count:] if any(t in r["title"] for t in titles)]


def _corpus() -> dict[str, list[dict]]:
    """The records of each file the fixture writes, by file name: 30-odd of ICLR 2018 (every decision:
    Poster, Oral, Reject, ...), 20-odd of NeurIPS 2018, a dozen each of ICML 2017 and 2019."""
    return {"iclr2018.json": _records("iclr2018.json", 25, _ICLR), "nips2018.json": _records("nips2018.json", 15, _NIPS),
            "icml2017.json": _records("icml2017.json", 10, (_MAML,)), "icml2019.json": _records("icml2019.json", 10, _ICML)}


@pytest.fixture(scope="module")
def lists(tmp_path_factory):
    """An extractive answerer over `_corpus()`, from files named as the exports are."""
    root = tmp_path_factory.mktemp("lists")
    for name, records in _corpus().items():
        (root / name).write_text(json.dumps(records))
    settings = make_settings(root / "data")
    service = RagService(settings)
    service.ingest([str(root / name) for name in _corpus()], progress=False)
    extractive = settings.model_copy(update={"llm": settings.llm.model_copy(update={"provider": "extractive"})})
    return answerer_for(extractive, service.retriever)


_GLOW = "Glow: Generative Flow with Invertible 1x1 Convolutions"
_SN = "Spectral Normalization for Generative Adversarial Networks"
_PAC = "A PAC-Bayesian Approach to Spectrally-Normalized Margin Bounds for Neural Networks"
_MIXUP = "mixup: Beyond Empirical Risk Minimization"


@pytest.mark.parametrize("question,title,called", [
    ("What datasets does the Glow paper evaluate on?", _GLOW, True),
    ("what datasets does Glow evaluate on", _GLOW, True),
    ("How deep was the deepest network in the spectral normalization paper?", _SN, True),
    ("How deep was the deepest network in the spectral normalization paper?", _PAC, False),  # "spectrally" further on
    ("Was the paper on mixup accepted?", _MIXUP, True),
    ("what does the same paper say about mixup", _MIXUP, False),
    ("what does the generative paper say", _GLOW, False),  # one word names a paper only as its whole short name
])
def test_the_x_paper_calls_the_paper_whose_title_begins_with_x(question, title, called):
    assert calls_by_name(question, title, "An abstract that names nothing.") == called


@pytest.mark.parametrize("question", [
    "Was the paper on mixup accepted at ICLR 2018?", "what is the status of Glow?",
    "was the glow paper an oral?", "Was Synthesizing Robust Adversarial Examples rejected?",
])
def test_whether_a_paper_was_accepted_is_a_bibliographic_question(question):
    intent = classify(question)
    assert (intent.kind, intent.noun) == ("bibliographic", "status")
    assert intent.missing_phrase() == "does not state whether it was accepted"


def test_the_record_gives_the_status_with_its_venue():
    assert record_fact("status", {"status": "Reject", "venue": "ICLR", "year": 2018}) == "the status Reject at ICLR 2018"
    assert record_fact("status", {"decision": "Accept (Oral)"}) == "the status Accept (Oral)"
    assert record_fact("status", {"venue": "ICLR"}) is None


def test_a_paper_called_by_the_start_of_its_title_is_answered_not_refused(lists):
    glow = lists.ask("What datasets does the Glow paper evaluate on?")
    assert not glow.refused and glow.answer == "The Glow abstract does not name a dataset [1]."
    depth = lists.ask("How many layers did the deepest network in the spectral normalization paper have?")
    assert not depth.refused and depth.sources[0].title == _SN
    assert depth.answer.startswith(f"The abstract of {_SN} does not state")


def test_a_venue_asked_by_its_other_name_is_found(lists):
    retriever = lists.retriever
    assert retriever.scope(retriever.named_scope("which NeurIPS 2018 papers study neural ODEs")) == {"venue": "NIPS", "year": "2018"}
    answer = lists.ask("Which NeurIPS 2018 papers study neural ordinary differential equations?")
    assert not answer.refused
    assert answer.citations[0].title == "Neural Ordinary Differential Equations"
    assert {c.source for c in answer.citations} == {"nips2018.json"}


def test_whether_a_paper_was_accepted_comes_from_its_record(lists):
    answer = lists.ask("Was the paper on mixup accepted at ICLR 2018?")
    assert answer.answer == ("The mixup abstract does not state whether it was accepted; "
                             "its record gives the status Poster at ICLR 2018 [1].")
    rejected = lists.ask("Was Synthesizing Robust Adversarial Examples rejected?")
    assert "its record gives the status Reject at ICLR 2018 [1]" in rejected.answer


def test_a_status_on_papers_narrows_a_list_to_that_status(lists):
    retriever = lists.retriever
    assert retriever.named_scope("which rejected papers study adversarial examples").get("status") == "Reject"
    assert retriever.named_scope("which papers were rejected at ICLR").get("status") == "Reject"
    assert "status" not in retriever.named_scope("was mixup rejected")  # one paper's status is asked, not a scope
    answer = lists.ask("Which papers were rejected at ICLR 2018 that study adversarial examples?")
    assert not answer.refused
    titles = {c.title for c in answer.citations}
    assert "Synthesizing Robust Adversarial Examples" in titles
    records = {r["title"]: r["status"] for r in _corpus()["iclr2018.json"]}
    assert {records[t] for t in titles} == {"Reject"}


@pytest.mark.parametrize("question,collection", [
    ("How many papers are in the collection?", True), ("how many papers are there", True),
    ("what conferences does the collection cover?", True), ("What is in the corpus?", True),
    ("how many papers study reinforcement learning?", False), ("how many layers are there", False),
])
def test_a_question_about_the_collection_itself_is_told_apart(question, collection):
    assert (classify(question).kind == "collection") == collection


def test_the_collection_answers_how_many_papers_it_holds(lists):
    answer = lists.ask("How many papers are in the collection?")
    assert not answer.refused and answer.citations == []
    counts = {name: len(records) for name, records in _corpus().items()}
    assert answer.answer.startswith(f"The collection holds {sum(counts.values())} papers: ")  # then the largest group first
    for name, label in (("iclr2018.json", "ICLR 2018"), ("nips2018.json", "NIPS 2018"), ("icml2017.json", "ICML 2017"),
                        ("icml2019.json", "ICML 2019")):
        assert f" {counts[name]} from {label}" in answer.answer
    assert collection_summary([{"venue": "ICML", "year": 2026}] * 38) == "The collection holds 38 papers, all from ICML 2026."
    assert collection_summary([{"source": "mine.csv"}]) == "The collection holds 1 paper, all from mine.csv."


def test_footnote_marks_are_no_part_of_an_institution():
    assert record_fact("affiliation", {"aff": "OpenAI*†;OpenAI"}) == "the institutions as OpenAI"


@pytest.mark.parametrize("question,problem", [
    ("What problem does GPyTorch address?", True), ("which challenge does mixup tackle", True),
    ("what limitations of prior work does Glow overcome?", True), ("why does mixup work?", False),
])
def test_a_question_for_the_problem_a_paper_addresses_is_told_apart(question, problem):
    intent = classify(question)
    assert intent.kind == "cause" and (intent.noun == "problem") == problem


@pytest.mark.parametrize("question,problem", [
    # The problem, stated before the paper says what it does; not a result ("In experiments we show ...").
    ("What problem does GPyTorch address?", "have yet to fully capitalize on developments in computing hardware"),
    ("What problem does PacGAN address?", "a major shortcoming of GANs"),
])
def test_what_problem_a_paper_addresses_is_answered_by_the_problem_it_states(lists, question, problem):
    answer = lists.ask(question)
    assert not answer.refused and problem in answer.answer.split("” [1]")[0]


def test_how_many_papers_of_a_venue_year_or_status_are_held(lists):
    corpus = _corpus()
    total = sum(map(len, corpus.values()))
    rejected = sum(r["status"] == "Reject" for r in corpus["iclr2018.json"])
    assert lists.ask("how many rejected papers are there?").answer == (
        f"{rejected} of the collection's {total} papers have status Reject, all from ICLR 2018.")
    assert lists.ask("How many papers are from NeurIPS?").answer == (
        f"{len(corpus['nips2018.json'])} of the collection's {total} papers have venue NIPS, all from NIPS 2018.")
    # A topic is no part of the collection's records: that question is answered from the abstracts,
    # counting the papers that write its words, then listing the closest.
    topical = lists.ask("how many papers are from reinforcement learning?").answer
    assert re.match(rf"\d+ of the collection's {total} papers have the words “reinforcement” and “learning”", topical), topical
    assert "have venue" not in topical and "\n- " in topical


def test_an_acronym_of_a_title_finds_the_paper_whose_abstract_never_writes_it(lists):
    # The MAML paper's abstract never says "MAML"; two other papers' abstracts do.
    assert calls_by_name("How does MAML adapt to new tasks?", _MAML, "")
    assert not calls_by_name("How does MAML adapt to new tasks?", "Bayesian Model-Agnostic Meta-Learning", "")
    answer = lists.ask("How does MAML adapt to new tasks?")
    assert not answer.refused
    assert answer.citations[0].title == _MAML


@pytest.mark.parametrize("name,title,abbreviates", [
    ("MAML", _MAML, True), ("TRPO", "Trust Region Policy Optimization", True),
    ("PPO", "Proximal Policy Optimization Algorithms", True),
    ("SAM", "Sharpness-Aware Minimization for Efficiently Improving Generalization", True),
    ("SAM", "Sparse Attention Mechanisms Improve Long-Context Retrieval", False),  # "SAM" would end on a verb
    ("MAM", _MAML, False),  # an acronym ends where a word ends
    ("LLM", "Large Language Models for Code", False),  # a field acronym names no paper
])
def test_an_acronym_names_a_title_only_where_a_name_could_end(name, title, abbreviates):
    assert abbreviates_title(name, title) == abbreviates


@pytest.mark.parametrize("question", ["list all papers", "which papers are there?", "What papers do you have?"])
def test_a_list_of_papers_naming_no_topic_is_answered_from_the_records(lists, question):
    total = sum(map(len, _corpus().values()))
    assert lists.ask(question).answer.startswith(f"The collection holds {total} papers: ")


def test_a_list_of_a_status_naming_no_topic_counts_that_status(lists):
    corpus = _corpus()
    total = sum(map(len, corpus.values()))
    orals = sum(r["status"] == "Oral" for records in corpus.values() for r in records)
    assert lists.ask("which oral papers are there?").answer.startswith(f"{orals} of the collection's {total} papers have status Oral")
    assert collection_summary([{"venue": "ICML", "year": 2026}] * 3, {"year": "2026"}) == (
        "All 3 papers of the collection have year 2026, all from ICML 2026.")


def test_how_many_papers_on_a_topic_lists_them(lists):
    assert classify("how many papers are about spiking neural networks?").kind == "papers"
    assert classify("how many user studies does the paper run?").kind != "papers"
    answer = lists.ask("How many papers are about adversarial examples?")
    head, _, listed = answer.answer.partition("\n")
    assert re.match(r"\d+ of the collection's \d+ papers have the words “adversarial” and “examples”", head), head
    assert not answer.refused and listed.startswith("- ") and len(answer.citations) >= 2


def _authors_of(record: dict) -> list[str]:
    return [name.strip() for name in record.get("author", "").split(";")]


def test_an_author_named_in_a_question_scopes_it_to_their_papers(lists):
    records = [r for records in _corpus().values() for r in records]
    kingma = {r["title"] for r in records if "Diederik P. Kingma" in _authors_of(r)}
    assert lists.retriever.authored("What did diederik kingma propose?")[0] == ["diederik kingma"]  # as written
    assert lists.retriever.authored("What does the Glow paper propose?") == ([], [])
    answer = lists.ask("What did Diederik Kingma propose?")  # no topic: the author's papers, each by its contribution
    assert not answer.refused and {c.title for c in answer.citations} == kingma
    assert "Glow: Generative Flow with Invertible 1x1 Convolutions" in kingma
    assert "we propose Glow" in answer.answer


def test_an_author_and_a_topic_answer_from_that_authors_papers_on_it(lists):
    # Yoshua Bengio wrote four of these papers: two on word or sentence representations, two not.
    answer = lists.ask("Which papers by Yoshua Bengio study word embeddings?")
    assert not answer.refused
    titles = {c.title for c in answer.citations}
    assert "Learning to Compute Word Embeddings On the Fly" in titles
    records = {r["title"]: r for records in _corpus().values() for r in records}
    assert all("Yoshua Bengio" in _authors_of(records[t]) for t in titles)
    # Two authors named: the papers both wrote.
    both = lists.retriever.authored("papers by Chelsea Finn and Pieter Abbeel")
    assert both[0] == ["Chelsea Finn", "Pieter Abbeel"] and len(both[1]) == 1
