"""seeds_dev17 (a researcher's conversation): follow-up items scored after their earlier turns,
and the answer rules found on that set."""

from __future__ import annotations

import json

import pytest

from conftest import run_cli
from rag.answer_eval import read_qa
from rag.errors import RagError


def test_eval_answers_asks_a_follow_up_after_its_history(seeded_dir, tmp_path):
    qa = tmp_path / "qa.jsonl"
    item = {"id": "fu", "question": "where is its code?", "gold_papers": ["000_711129f47277f084#3"], "answer_contains": ["By4te"]}
    qa.write_text(json.dumps({**item, "history": ["What does ConfSleepNet do?"]}) + "\n"
                  + json.dumps({**item, "id": "alone"}) + "\n")
    done = run_cli("eval", "answers", "--qa", str(qa), "--json", "--profile", "extractive", "--data-dir", str(seeded_dir))
    assert done.returncode == 0, done.stderr
    first, alone = json.loads(done.stdout)["items"]
    assert "By4te" in first["answer"] and first["citations"][0]["paper_id"] == "000_711129f47277f084#3"
    assert "By4te" not in alone["answer"]  # the same words asked with no conversation before them


def test_read_qa_names_a_malformed_history(tmp_path):
    qa = tmp_path / "qa.jsonl"
    qa.write_text(json.dumps({"id": "x", "question": "and its code?", "history": "What is GEAR?"}) + "\n")
    with pytest.raises(RagError, match=r"qa.jsonl:1: expected .*\"history\": a list of earlier questions"):
        read_qa(qa)


_CARD, _MINDZERO, _MEGXL, _TRIFORCES = ("003_cb611f67ebca296c#15", "000_711129f47277f084#11",
                                        "000_711129f47277f084#19", "000_711129f47277f084#14")


@pytest.mark.parametrize("question,papers,facts", [
    # "CARD" was dropped by the relevance policy: the question's coined names (MindZero) are the other paper's
    ("Is CARD or MindZero faster at inference, by their own abstracts?", {_CARD, _MINDZERO}, ["single-pass", "CARD"]),
    ("Which needs less training data, MEG-XL for word decoding or TriForces on OMat24?", {_MEGXL, _TRIFORCES}, ["1hr", "20K"]),
    # "compare A with B" where each side is a paper's measure: the measure of each, not a summary of each
    ("Which has released code, GEAR or ConfSleepNet?", {"003_cb611f67ebca296c#3", "000_711129f47277f084#3"},
     ["By4te", "The GEAR abstract does not link its code"]),
])
def test_two_papers_called_by_name_each_answer_for_themselves(extractive, question, papers, facts):
    answer = extractive.ask(question)
    assert not answer.refused, answer.answer
    assert {c.paper_id for c in answer.citations} == papers, answer.answer
    assert all(fact in answer.answer for fact in facts), answer.answer


def test_a_question_calling_one_paper_keeps_one_paper(extractive):
    answer = extractive.ask("How much faster is CARD at inference?")
    assert {c.paper_id for c in answer.citations} == {_CARD} and "40-fold" in answer.answer, answer.answer


@pytest.mark.parametrize("question,paper", [
    # the side compared ends before its relative clause: "baselines", not "against", is its head
    ("Is MindZero less efficient than the model-based baselines it is tested against?", _MINDZERO),
    # "the conditional variant" stands for a thing the question names elsewhere, as "the standard ones" does
    ("Are plain CSCNNs more accurate than the conditional variant on PDE forecasting?", "003_cb611f67ebca296c#13"),
])
def test_a_compared_side_the_abstract_holds_is_answered_not_silent(extractive, question, paper):
    answer = extractive.ask(question)
    assert not answer.refused and "does not say" not in answer.answer, answer.answer
    assert answer.citations[0].paper_id == paper
