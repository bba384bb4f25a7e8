"""The premise check (rag/presumption.py): the claim a "why" question takes for granted, written out,
and the refusal of questions whose premise no abstract holds (seeds_dev15's "fp-*" items, premise_dev)."""

from __future__ import annotations

import pytest

from rag.presumption import presumed_claim


@pytest.mark.parametrize("question,claim", [
    ("Why does widening a weather forecasting model reduce its compute bill?",
     "Widening a weather forecasting model does reduce its compute bill"),
    ("Why does longer MEG context hurt the transfer to word decoding?", "Longer MEG context does hurt the transfer to word decoding"),
    ("Why do graph neural operators break down on irregular meshes?", "Graph neural operators do break down on irregular meshes"),
    ("Why does adding more attention heads make LLMs fatigue sooner?", "Adding more attention heads does make LLMs fatigue sooner"),
    ("Why does TriForces require DFT labels to improve on MatBench?", "TriForces does require DFT labels to improve on MatBench"),
    ("Why does SpikeInit still need batch normalization for very deep SNNs?",
     "SpikeInit still does need batch normalization for very deep SNNs"),
    ("Why can't the Fatigue Index predict repetition?", "The Fatigue Index cannot predict repetition"),
    ("Why is Bayesian optimisation with LLMs less sample-efficient than random search?",
     "Bayesian optimisation with LLMs is less sample-efficient than random search"),
    ("Why is the Fatigue Index tied to one specific model architecture?", "The Fatigue Index is tied to one specific model architecture"),
    ("Why are place cells absent from Laplacian spectral codes?", "Place cells are absent from Laplacian spectral codes"),
    ("How come UniSparse increases the firing rate of spiking neurons?", "UniSparse increases the firing rate of spiking neurons"),
    ("What makes Fatigue Index onset accelerate?", "Fatigue Index onset accelerate"),
])
def test_a_why_question_is_written_out_as_the_claim_it_presumes(question, claim):
    presumed = presumed_claim(question)
    assert presumed is not None and presumed.claim == claim


@pytest.mark.parametrize("question", [
    "What does PLaTITO improve?", "How does MEG-XL decode words?", "Why?", "Why is that?", "Which papers study LoRA?",
    "Does TriForces need DFT labels?",
])
def test_questions_of_other_shapes_presume_no_claim(question):
    assert presumed_claim(question) is None


def test_a_premise_no_abstract_holds_is_refused_and_said(extractive):
    answer = extractive.ask("Why does raising the temperature make spiking networks converge faster?")
    assert answer.refused and answer.citations == []
    assert answer.answer.startswith("No paper in the collection supports what this question takes for granted."), answer.answer
    assert "The closest papers are:" in answer.answer


@pytest.mark.parametrize("question,said", [
    ("Why does widening a weather forecasting model reduce its compute bill?",  # "increasing ... compute"
     "supports what this question takes for granted."),
    ("Why does fatigue onset slow down under longer contexts?", "supports what this question takes for granted."),  # "accelerates"
    ("Why does pre-training on longer contexts hurt the transfer to word decoding?",  # "transfer better"
     "supports what this question takes for granted."),
])
def test_a_premise_an_abstract_turns_round_is_refused(extractive, question, said):
    answer = extractive.ask(question)
    assert answer.refused and said in answer.answer, answer.answer


def test_a_premise_turned_round_is_refused_with_the_passage_that_states_otherwise(extractive):
    # "MEG" (the modality) does not call MEG-XL by name, so the premise is checked, and falls:
    # the abstract says longer contexts transfer *better*; the refusal quotes that, naming the paper.
    answer = extractive.ask("Why does longer MEG context hurt the transfer to word decoding?")
    assert answer.refused and answer.citations == []
    assert "supports what this question takes for granted." in answer.answer, answer.answer
    assert "The abstract of MEG-XL [" in answer.answer and "transfer better to word decoding.”" in answer.answer, answer.answer
    assert "The closest papers are:" not in answer.answer


@pytest.mark.parametrize("question,fact", [
    ("Why do single-cell foundation models perform poorly on gene regulatory network inference?", "reconstruction-based"),
    # a negation cue misreads this true premise ("fail to converge ... removed" against "removing BN ... fail to converge")
    ("Why do deep spiking networks fail to converge when batch normalization is removed?", "fail to converge"),
    ("Why does TriForces require DFT labels to improve on MatBench?", "without needing DFT labels"),  # a named premise its abstract corrects
    ("Why do gradient flows fall short for population dynamics?", "periodicity"),
])
def test_premises_the_abstracts_hold_or_correct_are_answered(extractive, question, fact):
    answer = extractive.ask(question)
    assert not answer.refused and fact in answer.answer, answer.answer
