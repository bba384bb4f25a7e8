""""What is NAME?" asks what a paper's named thing is: the sentence where its abstract first writes the
name (abstracts define a name where they introduce it) answers, not a later sentence that only uses it."""

from __future__ import annotations

import pytest


def test_what_is_a_name_is_answered_where_the_abstract_introduces_it(extractive):
    answer = extractive.ask("What is ACE?")
    assert "Adaptive Path Correction with Exponents (ACE), which generalizes" in answer.answer, answer.answer
    assert answer.citations and answer.citations[0].quote.startswith("To address this, we provide"), answer.answer


@pytest.mark.parametrize("question, expected", [
    ("What is ConfSleepNet?", "we propose ConfSleepNet, a conflict-aware evidential framework"),   # intro sentence already best
    ("What are C-CSCNNs?", "We introduce Conditional Clifford-Steerable CNNs (C-CSCNNs)"),
])
def test_an_introducing_sentence_stays_the_answer(extractive, question, expected):
    assert expected in extractive.ask(question).answer


def test_a_question_asking_more_than_what_the_name_is_keeps_its_own_answer(extractive):
    answer = extractive.ask("What is ACE's effect on compositional image generation?")
    assert "attribute success rates" in answer.answer, answer.answer
    assert "Path Existence Criterion" not in answer.answer, answer.answer
