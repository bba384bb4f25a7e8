"""Rules from the blind set seeds_dev12 (issue 7, part 1): a paper asked for in other words than
"which paper" ("find me the study that ...", "point me to research on ...", "anything on ...?",
"who proposes ...") is a question for one paper, so the near-miss checks apply to it."""

from __future__ import annotations

import pytest

from rag.intent import classify


@pytest.mark.parametrize("question", [
    "Find me the study that trains spiking networks for lip reading",
    "Show me a paper on graph transformers",
    "Point me to research on equivariant networks for robotics",
    "Point me to the work that compresses climate data",
    "I'm looking for the paper that prunes LLMs",
    "I am searching for something on optimal transport",
    "I'd like the study about molecular dynamics",
    "Tell me about the work that predicts spectra",
    "Anything on federated learning?",
    "Any papers using diffusion models for audio?",
    "Is there work here on Bayesian optimization?",
    "Is there research on sleep staging?",
    "Who proposes an initialization for spiking networks?",
    "Who trained a model on MEG recordings?",
])
def test_a_paper_asked_for_in_other_words_is_a_paper_question(question):
    assert classify(question).kind in ("paper", "papers")


@pytest.mark.parametrize("question", [
    "Who introduced dropout?",  # who wrote a work: its record, not a paper to find
    "Who are the authors of MEG-XL?",
    "Tell me the base LLM the correctness models are built on",  # a thing the paper names
    "Give me the MAE reduction of StormInsight",
])
def test_other_requests_are_no_paper_questions(question):
    assert classify(question).kind not in ("paper", "papers")


@pytest.mark.parametrize("question", [
    "Find me the study that uses protein language model embeddings to design antibodies",  # PLaTITO: MD, not antibodies
    "Point me to work on sparse coding for speech enhancement",  # the lateral-connections paper: vision
    "Anything here on gradient flows for image generation?",  # population dynamics
    "Who proposes conflict-aware fusion of camera and lidar?",  # ConfSleepNet: sleep staging
])
def test_near_misses_asked_in_other_words_are_refused(extractive, question):
    answer = extractive.ask(question)
    assert answer.refused and answer.citations == []


@pytest.mark.parametrize("question,fact", [
    ("Find me the paper that trains a 1000-layer spiking network without normalization", "SpikeInit"),
    ("Point me to research on conflict-aware sleep staging", "ConfSleepNet"),
    ("Anything on weather forecasting with latent autoencoders?", "WLA"),
])
def test_papers_asked_for_in_other_words_are_answered(extractive, question, fact):
    answer = extractive.ask(question)
    assert not answer.refused and fact in answer.answer


# A "why" question whose premise the abstract denies is answered with the denying sentence.
_CORRECTING = "Our estimator runs without needing simulation labels and is architecture-agnostic."


@pytest.mark.parametrize("question,sentence,corrects", [
    ("why does the estimator require simulation labels?", _CORRECTING, True),
    ("why does the estimator depend on labels from simulations?", _CORRECTING, True),
    ("why is the estimator tied to one specific architecture?", _CORRECTING, True),  # "architecture-agnostic"
    ("why does the estimator require GPUs?", _CORRECTING, False),  # the abstract denies something else
    ("why is the agent slower than planning methods?", "The agent outperforms planning methods in speed.", True),
    ("why is the agent slower than planning methods?", "Planning methods are slow and costly.", False),
    ("why do the models benefit more from depth than from width?", "The models favor width over depth.", True),
    ("why do the models benefit more from depth than from width?", "The models favor depth over width.", False),
    ("why cannot the index predict repetition?", "The index predicts degradation and repetition.", True),
    ("why cannot the index predict repetition?", "The index does not predict repetition.", False),
    ("why does removing the norm break training?", _CORRECTING, False),  # no premise of these shapes
])
def test_premise_corrections(question, sentence, corrects):
    from rag.premise import premise_corrections
    from tests.test_compose_eleventh import _source
    source = _source(sentence)
    source.spans.append((0, len(sentence)))
    assert bool(premise_corrections(question, source)) is corrects


@pytest.mark.parametrize("question,fact", [
    ("why does triforces need dft labels for matbench?", "without needing DFT labels"),
    ("why is mindzero less accurate than model-based methods?", "outperforms model-based methods"),
    ("why does card rely on alchemical pathways?", "without relying on alchemical pathways"),
])
def test_a_corrected_premise_is_answered_with_the_correction(extractive, question, fact):
    answer = extractive.ask(question)
    assert not answer.refused and fact in answer.answer


def test_the_setting_is_what_follows_the_last_preposition():
    from rag.query import setting_phrase
    assert setting_phrase("Anything on graph networks for traffic forecasting?") == "traffic forecasting"
    assert setting_phrase("Point me to research on spiking networks for speech recognition.") == "speech recognition"
    assert setting_phrase("how does it work") == ""


@pytest.mark.parametrize("setting,abstract,foreign", [
    ("traffic forecasting", "Data-driven models are revolutionizing weather forecasting.", True),  # half unheld
    ("underground reservoir simulation", "Full physics simulations of the subsurface reservoir are expensive.", False),
    ("synaptic operations", "The model requires only 7.04M SOPs.", False),  # held as an acronym
])
def test_a_setting_is_foreign_when_half_its_words_are_unheld(setting, abstract, foreign):
    from rag.answer import _foreign
    from tests.test_compose_eleventh import _source
    assert _foreign(setting, _source(abstract)) is foreign


@pytest.mark.parametrize("question", [
    "Find the study where language model agents haggle over prices with each other",  # "where" describes the study
    "Anything on graph neural networks for traffic forecasting?",
    "Point me to research on spiking neural networks for keyword spotting.",
])
def test_a_foreign_setting_of_a_paper_request_is_refused(extractive, question):
    answer = extractive.ask(question)
    assert answer.refused and answer.citations == []


def test_a_setting_with_one_unheld_word_of_three_is_answered(extractive):
    answer = extractive.ask("Is there a neural model for underground reservoir simulation that handles adaptive meshes?")
    assert not answer.refused and "APT" in answer.answer


@pytest.mark.parametrize("sentence,noun,question,restates", [
    ("Empirical results across diverse scientific tasks show gains.", "task", "which scientific tasks was it tested on", True),
    ("We evaluate on nine benchmarks.", "benchmark", "which nine benchmarks were used", True),
    ("On scaffold decoration, a drug design task, it wins.", "task", "what drug design task is it tested on", False),
    ("We test on tasks such as docking and folding.", "task", "which tasks was it tested on", False),
    ("Using tools from partial differential equations, we study it.", "tool", "what mathematical tools are used", False),
    ("We evaluate on forecasting tasks.", "task", "which tasks was it tested on", False),  # "forecasting" says which
])
def test_a_mention_that_only_restates_the_asked_kind(sentence, noun, question, restates):
    from rag.compose import _restates_kind
    assert _restates_kind(sentence, noun, question) is restates


def test_which_kind_restated_only_is_said_not_named(extractive):
    answer = extractive.ask("which scientific tasks does the llm-accelerated bayesian optimization paper report results on")
    assert not answer.refused and "does not name" in answer.answer
