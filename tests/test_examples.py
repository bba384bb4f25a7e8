"""The chat page's example questions fit the store: the seed questions over the seeds, questions
naming the store's own papers over any other corpus, and configured ones over both."""

from __future__ import annotations

import json

from conftest import shared_data
from rag.examples import SEED_EXAMPLES, example_questions


def _colm_papers():
    records = json.loads(shared_data("paperlists_papercopilot/colm2025.json").read_text())
    return [{"paper_id": r["id"], "title": r["title"], "source": "colm2025.json"} for r in records]


def test_a_store_holding_the_seeds_offers_the_seed_questions(seeded_retriever):
    assert example_questions(seeded_retriever.papers(), []) == SEED_EXAMPLES


def test_another_corpus_gets_questions_naming_its_own_papers():
    papers = _colm_papers()
    questions = example_questions(papers, [])
    assert len(questions) == 4 and questions == example_questions(list(reversed(papers)), [])  # the same on every start
    heads = {p["title"].split(":")[0] for p in papers}
    for question in questions:
        name = question.removeprefix("What is ").removeprefix("What problem does ").split("?")[0].removesuffix(" address")
        assert name in heads


def test_configured_questions_win_and_a_store_without_names_offers_none():
    assert example_questions(_colm_papers(), ["Which papers study web agents?"]) == ["Which papers study web agents?"]
    assert example_questions([{"paper_id": "a", "title": "A study of things", "source": "x.csv"}], []) == []
