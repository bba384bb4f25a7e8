"""Found on the seeds_dev sets (stop 33): words typed clipped ("param count", "batch norm", "latent
dim"), counts asked without a question word ("GPU count behind X", "number of downstream tasks"),
"weather-related works", and a compared thing whose two words no abstract writes together
("layer normalization")."""

from __future__ import annotations

import pytest

from rag.intent import Intent, classify
from rag.query import plain_question, topic_words


@pytest.mark.parametrize("typed,spelled", [
    ("wla param count", "wla parameter count"),
    ("latent dim", "latent dimension"),
    ("unisparse cifar10 acc", "unisparse cifar10 accuracy"),
    ("Params of WLA?", "Parameters of WLA?"),
    ("paper training deep snns w/o batch norm", "paper training deep spiking neural networks without batch normalization"),
    ("difference between batch norm and layer-norms?", "difference between batch normalization and layer normalizations?"),
    ("bn role", "batch normalization role"),
    ("Weather-related works in this collection", "Weather works in this collection"),
])
def test_clipped_words_are_spelled_out(typed, spelled):
    assert plain_question(typed) == spelled


@pytest.mark.parametrize("typed", [
    "what role does BN play?",  # in capitals the abstract's own acronym ("Batch Normalization (BN)")
    "besides the perturbation norm, what does the phase transition depend on",  # a norm, no layer
    "How do model-based methods compare?",  # "-based" names a kind of method
])
def test_words_that_are_no_clipping_stay(typed):
    assert plain_question(typed) == typed


def test_a_suffix_saying_what_a_work_is_about_is_no_topic_word():
    assert topic_words("RL-based papers?") == ["RL"]


@pytest.mark.parametrize("question,noun,phrase", [
    ("wla parameter count", "parameters", "parameters"),
    ("GPU count behind the composition-structure-split MLIP pre-training", "GPUs", "GPUs"),
    ("geo-r1: number of downstream tasks", "tasks", "downstream tasks"),
    ("count of molecular task pairs in the gear evaluation", "pairs", "molecular task pairs"),
    ("number of datasets used to benchmark the harmonic resonate-and-fire SSM", "datasets", "datasets"),
])
def test_a_terse_count_is_a_count(question, noun, phrase):
    assert classify(question) == Intent("quantity", noun, phrase)


@pytest.mark.parametrize("question", [
    "info globe rna count model",  # counts named as a topic
    "single cell dimension reduction on spheres",  # dimension reduction is a method, no measure
])
def test_counts_and_reductions_named_as_a_topic_ask_for_no_figure(question):
    assert classify(question).kind != "quantity"


@pytest.mark.parametrize("question,expected", [
    ("wla param count", "does not"),  # before: refused ("param" is no word of the abstract)
    ("Subject count behind MEG-XL pre-training?", "does not"),  # before: a sentence on subjects, no count
    ("GCM evaluation: number of distinct LLM families covered?", "5 model families"),  # "LLM" held as written, "distinct" untelling
    ("unisparse cifar10 acc", "92.38"),
])
def test_terse_figure_questions_are_answered_or_silent(extractive, question, expected):
    answer = extractive.ask(question)
    assert not answer.refused and expected in answer.answer, answer.answer


def test_a_paper_asked_for_with_batch_norm_is_found(extractive):
    # before: refused ("norm" is no word of the abstract, which writes "Batch Normalization")
    answer = extractive.ask("Which paper trains deep SNNs without batch norm?")
    assert not answer.refused and "SpikeInit" in answer.answer, answer.answer


def test_a_list_of_weather_related_works_holds_each_weather_paper(extractive):
    # before: StormInsight (convective storms, never "weather-related") was left out
    answer = extractive.ask("Weather-related works in this collection")
    assert {"WLA", "StormInsight"} <= {c.title.split(":")[0] for c in answer.citations}, answer.answer


def test_a_compared_thing_whose_words_no_abstract_writes_together_is_refused(extractive):
    # SpikeInit writes "Batch Normalization" and "1000-layer ... without normalization", never layer normalization
    answer = extractive.ask("difference between batch norm and layer norm?")
    assert answer.refused, answer.answer


def test_a_compared_thing_written_with_other_endings_is_held(extractive):
    answer = extractive.ask("Population coding versus sparse coding in the E-I lateral connection network: when is each used?")
    assert not answer.refused, answer.answer


def test_an_acronym_based_topic_is_the_acronym():
    assert plain_question("RL-based papers?") == "RL papers?"
    assert plain_question("model-based methods") == "model-based methods"


def test_a_field_acronym_in_capitals_is_evidence_for_a_list_line(extractive):
    # before: "RL" counted as a paper's name, no evidence, and the lines quoted sentences without RL
    answer = extractive.ask("RL papers?")
    assert answer.answer.count("reinforcement learning") >= 2, answer.answer


@pytest.mark.parametrize("question", [
    "Which two forecasting models stand out in the weather scaling-law analysis?",
    "which weather forecasting models are compared in the scaling-law analysis",
])
def test_several_things_asked_for_are_each_named(extractive, question):
    # before: only Aurora's sentence; GraphCast's scores lower but names the second model
    answer = extractive.ask(question)
    assert "Aurora" in answer.answer and "GraphCast" in answer.answer, answer.answer
