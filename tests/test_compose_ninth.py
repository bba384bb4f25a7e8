"""Rules from the blind set seeds_dev9 (issue 7, parts 1 and 3): a question looking for a paper, or
asking how something works, is not answered from a paper that holds none of the words of one of its
topic phrases ("speech recognition", "chip placement") unless the phrase is close in meaning to one of its sentences
("forecasting thunderstorms" for a nowcasting abstract); questions are read in American spelling,
single-paper ones too ("normalisation-free"); "what model is X based on" asks for a model's name,
and a name that only restates the question's words ("GCM" for "generalized correctness models") is
no such name; "was the X framework tested" points at the paper and is no evidence for a sentence; a
question for "which steering method" is answered when the abstract names the steering, not the word
"method". The tables also hold seeds_dev10's near misses (a kind of model by one word, "diffusion
models"; a run of words naming another setting, "satellite imagery") and the conditions in the
user's words that are answered ("when the signals from different sensors disagree")."""

from __future__ import annotations

import pytest

from rag.intent import classify
from rag.query import american_spelling, plain_question, topic_phrases


@pytest.mark.parametrize("question", [
    "which paper studies catastrophic forgetting in reinforcement learning agents",  # the LoRA forgetting paper holds no RL
    "which paper applies reinforcement learning to chip placement",
    "papers on batch normalization in vision transformers",  # the SNN papers hold batch normalization only
    "which paper studies forgetting of vision transformers in continual learning with replay buffers",
    # seeds_dev10: one telling word before a head noun, which the nearest abstract lacks
    "which paper predicts electronic structure with diffusion models",  # QHNetV2 uses no diffusion
    "which paper classifies sleep stages with reinforcement learning",  # ConfSleepNet uses no RL
    # seeds_dev10: a run of words naming another setting, in a question whose other words the paper holds
    "how do modified sinns handle boundary layer singularities",
    "how do conditional clifford-steerable cnns handle satellite imagery",
    "how does mindzero handle robotic grasping",
    # seeds_dev10: the closest paper (LoRA) lacks "protein language models"; a paper ranked below it
    # that holds them (PLaTITO, Agent Rosetta) is no answer to a question for one paper
    "which paper uses lora to fine-tune protein language models",
    # seeds_dev10: a figure for a setting the closest paper does not hold, the paper not named
    "how much does ricci curvature alignment improve accuracy for image segmentation",  # GEAR: molecular tasks
    "what speedup does radix-based autoregressive modelling give for crystal structure prediction",  # CARD
    # seeds_dev10: a yes/no question on a topic the closest paper lacks wholly, the paper not named
    "does label smoothing make lora forget less",
    "does gradient clipping make lora forget less",
])
def test_paper_and_method_questions_with_a_phrase_no_abstract_holds_are_refused(extractive, question):
    answer = extractive.ask(question)
    assert answer.refused and answer.citations == []


@pytest.mark.parametrize("question,fact", [
    # "forecasting thunderstorms" is in no word of the StormInsight abstract, but close to its nowcasting sentences
    ("Is there a paper on forecasting thunderstorms a few minutes ahead from radar and satellite data?", "StormInsight"),
    ("Which papers solve PDEs with neural networks?", "SINNs"),  # "PDEs" is held by "partial differential equations"
    ("which paper trains very deep spiking networks without normalisation", "SpikeInit"),
    # a category head ("method", "quantity") the abstract never writes: it names the thing itself
    ("which steering method does ace generalize", "Feynman"),
    ("what geometric quantity does gear align between models", "Ricci curvature"),
    # a condition clause in the user's words ("conflicts" among modalities) names no other setting
    ("Which work classifies sleep phases when the signals from different sensors disagree?", "ConfSleepNet"),
    ("how does LABO decide whether to trust the llm or run a real experiment", "gating mechanism"),  # "whether" opens a clause
])
def test_questions_whose_phrases_the_paper_holds_or_paraphrases_are_answered(extractive, question, fact):
    answer = extractive.ask(question)
    assert not answer.refused and fact in answer.answer


def test_an_unheld_phrase_drops_only_the_papers_missing_it_and_renumbers(extractive):
    answer = extractive.ask("which papers use spiking neural networks for energy-efficient inference")
    assert not answer.refused
    assert sorted({c.n for c in answer.citations}) == list(range(1, len({c.n for c in answer.citations}) + 1))


@pytest.mark.parametrize("question,phrases", [
    ("which paper uses spiking neural networks for speech recognition on neuromorphic chips",
     [["spiking", "neural", "networks"], ["speech", "recognition"], ["neuromorphic", "chips"]]),
    ("Which papers put large language models inside agents or optimization loops for science?",
     [["put", "large", "language"], ["science"]]),  # alternatives beside "or" are left out
    ("which papers work on weather data or forecasting", []),
])
def test_topic_phrases(question, phrases):
    assert topic_phrases(question) == phrases


@pytest.mark.parametrize("british,american", [
    ("how many layers did the deepest normalisation-free spiking network have",
     "how many layers did the deepest normalization-free spiking network have"),
    ("which steering method does ace generalise", "which steering method does ace generalize"),
    ("what toy model is used to analyse forgetting", "what toy model is used to analyze forgetting"),
    ("modelling labelled data with optimised utilisation", "modeling labeled data with optimized utilization"),
    ("scaling behaviour", "scaling behavior"),
    # no "-ize" verb: left as written
    ("supervised promising noise precise raise comprise", "supervised promising noise precise raise comprise"),
])
def test_american_spelling(british, american):
    assert american_spelling(british) == american


def test_plain_question_is_in_american_spelling():
    assert plain_question("what's the rl optimisation") == "what is the reinforcement learning optimization"


def test_a_british_single_paper_question_finds_its_paper(extractive):
    answer = extractive.ask("how many layers did the deepest normalisation-free spiking network have")
    assert not answer.refused and "1000-layer" in answer.answer


@pytest.mark.parametrize("question,kind", [
    ("what model are the generalized correctness models based on", "entity"),
    ("which model is geo-r1 built on?", "entity"),
    ("which model predicts hamiltonian matrices", "paper"),
])
def test_what_model_is_x_based_on_asks_for_a_model(question, kind):
    assert classify(question).kind == kind


def test_a_name_restating_the_question_is_no_model_name(extractive):
    answer = extractive.ask("what model are the generalised correctness models based on")
    assert not answer.refused and "Qwen3-8B" in answer.answer


def test_the_framework_a_question_points_at_is_no_evidence(extractive):
    answer = extractive.ask("in which dialogue settings was the verbalized bayesian persuasion framework tested")
    assert not answer.refused and "recommendation letters" in answer.answer


def test_a_head_the_abstract_never_mentions_is_still_silent(extractive):
    answer = extractive.ask("what gpu was meg-xl trained on")
    assert "does not" in answer.answer and not answer.refused
