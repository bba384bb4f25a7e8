"""seeds_dev28 (an eighth representative sample of seed questions): a "what NOUN" question whose verb
takes an indirect "how much ..." asks for the noun, not an amount; a size asked relative to another
thing is answered in words by an abstract stating no figure; a held acronym hyphened to held words
("DFT-labelled") is no other name the abstract lacks; and a copular yes/no question ("Is X a universal
solution?") is settled by the sentence writing its predicate in a row."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize("question", [
    "What component of LABO decides how much to trust LLM predictions versus experiments?",
    "Which part of ConfSleepNet determines how much each view counts in the joint decision?",
    "What mechanism in the SSN controls how many neurons are active?",
])
def test_an_indirect_how_much_taken_by_the_verb_asks_no_amount(question):
    from rag.intent import classify

    assert classify(question).kind != "quantity"


@pytest.mark.parametrize("question", [
    "How much faster is CARD than classical methods?",
    "By how much does StormInsight reduce MAE?",
    "What does the Fatigue Index predict, and across how many models was it tested?",
])
def test_a_how_much_question_still_asks_an_amount(question):
    from rag.intent import classify, without_indirect_how

    assert without_indirect_how(question) == question and classify(question).kind == "quantity"


def test_the_noun_of_an_indirect_how_much_question_is_answered(extractive):
    answer = extractive.ask("Which part of LABO determines how much weight LLM predictions get against actual experiments?")
    assert "gating mechanism" in answer.answer and "does not state" not in answer.answer, answer.answer


def test_a_relative_size_is_answered_in_words_without_a_figure(extractive):
    answer = extractive.ask("How big are the reduced chemical reaction networks relative to the Napp--Adams-compiled ones?")
    assert "significantly smaller CRNs" in answer.answer and "does not state" not in answer.answer, answer.answer


def test_a_relative_size_is_still_answered_by_the_figures_stated(extractive):
    answer = extractive.ask("How large is the ERA5-Latent full PVS compared with the original ERA5 data?")
    assert "0.43 TB" in answer.answer, answer.answer


def test_a_held_acronym_hyphened_to_held_words_is_no_missing_name(extractive):
    answer = extractive.ask("Does TriForces need DFT-labelled structures to improve on QM9?")
    assert "without needing DFT labels" in answer.answer and "does not mention" not in answer.answer, answer.answer


def test_a_held_acronym_hyphened_to_a_held_verb_is_no_missing_name(extractive):
    answer = extractive.ask("Do the GCMs rely on LLM-generated answers from many other models?")
    assert not answer.refused and "does not mention" not in answer.answer, answer.answer


def test_an_unheld_acronym_hyphened_to_a_word_is_still_missing(extractive):
    answer = extractive.ask("Does TriForces rely on GPT-labelled structures to improve on QM9?")
    assert "does not mention GPT-label" in answer.answer, answer.answer  # the answer spells it "GPT-labeled"


@pytest.mark.parametrize("question,predicate", [
    ("Is batch normalization a universal solution for spiking networks, per SpikeInit?", ["universal", "solution"]),
    ("Is llm confidence estimation a model-specific skill?", ["model-specific", "skill"]),
    ("Is there a paper on federated learning across hospitals?", []),
    ("Is an LLM better at judging its own answers than an unrelated LLM?", []),
    ("Is asymptotic normality among the guarantees established for active experimentation?", []),
])
def test_a_copular_question_names_its_predicate(question, predicate):
    from rag.intent import copular_predicate

    assert copular_predicate(question) == predicate


def test_a_copular_question_is_settled_by_the_sentence_writing_its_predicate(extractive):
    answer = extractive.ask("Is BN a universal solution for training deep SNNs, according to SpikeInit?")
    assert "not a universal solution" in answer.answer, answer.answer


@pytest.mark.parametrize("question,phrase", [
    ("Which techniques reinforce the equilibrium-finding algorithm for verbalized Bayesian persuasion?", "techniques"),
    ("What signals drive the Fatigue Index?", "signals"),
    ("What goes into the Fatigue Index?", ""),
    ("what component decides between the LLM and the lab?", ""),
])
def test_a_plural_subject_with_a_base_form_verb_is_the_thing_asked(question, phrase):
    from rag.intent import classify

    assert classify(question).phrase == phrase


def test_the_plural_subject_asked_is_answered_from_the_sentence_naming_it(extractive):
    answer = extractive.ask("Which techniques strengthen the equilibrium-finding algorithm for verbalized Bayesian persuasion?")
    assert "verbalized obedience constraints" in answer.answer, answer.answer


@pytest.mark.parametrize("question,degree", [
    ("How much faster than QHNet is QHNetV2?", True),
    ("How much more context does MEG-XL see?", True),
    ("By how much does StormInsight reduce MAE?", True),
    ("How much GPU compute did the GCMs take to train?", False),
    ("How much memory does InfoGlobe need?", False),
])
def test_how_much_asks_a_degree_or_an_amount(question, degree):
    from rag.compose import _asks_a_degree

    assert _asks_a_degree(question) is degree


def test_an_amount_of_a_thing_the_abstract_never_names_is_told_silent(extractive):
    answer = extractive.ask("How much GPU compute did the Generalized Correctness Model need for training?")
    assert answer.answer.startswith("The GCMs abstract does not state"), answer.answer


def test_a_degree_asked_with_how_much_is_still_answered(extractive):
    answer = extractive.ask("How much faster at inference is CARD than classical computational methods?")
    assert "40-fold" in answer.answer, answer.answer


@pytest.mark.parametrize("question,kind", [
    ("Which model scales best with more data in the weather scaling-law analysis?", "entity"),
    ("Which model scales better with more data in the weather scaling study, Aurora or GraphCast?", "paper"),
    ("Which model families were included in that study?", "paper"),
    ("Which model scales best with more data for weather forecasting?", "paper"),
])
def test_which_model_in_a_located_paper_asks_for_a_model_within_it(question, kind):
    from rag.intent import classify

    assert classify(question).kind == kind


def test_a_model_within_a_located_paper_is_named(extractive):
    answer = extractive.ask("Which model benefits most from more training data in the weather scaling-law analysis?")
    assert "Aurora" in answer.answer, answer.answer


def test_an_amount_whose_head_the_abstract_holds_is_still_answered(extractive):
    answer = extractive.ask("How much annotated data does MEG-XL need to match supervised word decoding?")
    assert "1hr vs 50hrs" in answer.answer, answer.answer
