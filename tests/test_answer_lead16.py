"""Found by using the chat on the seeds (stop 27): a paper's own limitations asked by its name, which
its abstract does not grant (the problems of earlier work it opens with are none of its own), and a
bare "how many layers?" after a question about one paper."""

from __future__ import annotations

import pytest

from rag.intent import Intent, classify


@pytest.mark.parametrize("question", ["What are the limitations of MEG-XL?", "What are SpikeInit's weaknesses?",
                                      "Drawbacks of StormInsight?"])
def test_a_papers_own_limitations_are_not_the_problems_it_takes_on(extractive, question):
    answer = extractive.ask(question)
    assert not answer.refused
    assert "does not state its limitations [1]" in answer.answer, answer.answer


def test_limitations_of_a_technique_the_paper_discusses_are_quoted(extractive):
    answer = extractive.ask("What are the limitations of batch normalization in spiking networks?")
    assert "unsuitable for variable-length tasks" in answer.answer, answer.answer


@pytest.mark.parametrize("question,intent", [
    ("What are the limitations of MEG-XL?", Intent("cause", "limitations")),
    ("What limitation does SpikeInit address?", Intent("cause", "problem")),  # the problem it takes on
    ("Why does removing BN make deep SNNs fail?", Intent("cause", "")),
])
def test_limitations_are_told_from_the_problem_addressed(question, intent):
    assert classify(question) == intent


def test_a_bare_measure_follows_the_paper_just_discussed(extractive):
    history = [{"role": "user", "content": "Which paper trains very deep spiking networks without normalization?"},
               {"role": "assistant", "content": extractive.ask("Which paper trains very deep spiking networks without normalization?").answer}]
    answer = extractive.ask("how many layers?", history=history)
    assert "1000-layer" in answer.answer and not answer.refused, answer.answer
