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
