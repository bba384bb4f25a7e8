"""seeds_dev24 (a fourth representative sample of seed questions): a count is read in the items named
after the counted noun ("signals such as A, B, and C", "cells—including grid, place, and
head-direction cells", "challenges remain, including (1) ... (2) ...") and in two named items before it
("the QH9 and MD17 datasets"); "how many kinds of X" counts X; a colon parts a count from the next
noun ("three key factors: model size" counts no models); "2D" counts dimensions; "what does PVS mean /
refer to" asks for an acronym's long form; the shortcomings of other work ("what limits conventional
MD, according to X?", "... compared with X?") are not asked of the paper's own limitations; "what
problems with X does Y address" and "what makes X costly" ask a cause; "what data" is answered by data
named by its kind ("natural images"); and "which five model families" is told silent when the abstract
writes the count only ("across 5 model families"), naming none."""

from __future__ import annotations

import pytest

from rag.intent import classify

PLATITO = "000_711129f47277f084#1"


@pytest.mark.parametrize("text,listed", [
    ("we study additional conditioning signals such as structural embeddings, temperature, and other embeddings",
     {"condit": {3}, "signal": {3}}),
    ("a diverse repertoire of spatial tuning cells\u2014including grid, place, and head-direction cells\u2014a theory",
     {"tune": {3}, "cell": {3}}),
    ("several key challenges remain, including (1) online inference; (2) efficient reasoning; and (3) no labels.",
     {"challeng": {3}, "remain": {3}}),
    ("Extensive experiments on the large QH9 and MD17 datasets demonstrate", {"dataset": {2}}),
    ("steady and time-dependent partial differential equations", {}),  # no named items: a pair of modifiers
    ("a behaviour like a random walk", {}),  # one item is no list
])
def test_items_after_a_noun_or_a_named_pair_before_it_count_the_noun(text, listed):
    from rag.text import items_after

    assert items_after(text) == listed


def test_a_colon_parts_a_count_from_the_noun_after_it():
    from rag.compose import _counts

    assert not _counts("the relationship between loss and three key factors: model size, dataset size", "models")
    assert _counts("the relationship between loss and three key factors: model size, dataset size", "factors")


def test_items_named_after_the_noun_answer_how_many(extractive):
    answer = extractive.ask("How many further conditioning signals were studied for PLaTITO?")
    assert "temperature" in answer.answer and "structural embeddings" in answer.answer, answer.answer
    assert {c.paper_id for c in answer.citations} == {PLATITO}


def test_a_named_pair_before_the_noun_answers_how_many(extractive):
    answer = extractive.ask("How many datasets were used to test QHNetV2?")
    assert "QH9" in answer.answer and "MD17" in answer.answer, answer.answer


@pytest.mark.parametrize("question,noun,phrase", [
    ("How many kinds of energy resources does the APT paper mention?", "resources", "energy resources"),
    ("How many different types of spatial tuning cells are there?", "cells", "spatial tuning cells"),
    ("How many model families were evaluated?", "families", "model families"),  # as before
])
def test_kinds_of_a_thing_are_counted_by_the_thing(question, noun, phrase):
    intent = classify(question)
    assert (intent.kind, intent.noun, intent.phrase) == ("quantity", noun, phrase)


def test_kinds_of_a_thing_listed_answer_how_many(extractive):
    answer = extractive.ask("How many kinds of energy resources does the Earth's subsurface provide, per APT?")
    assert "hydrocarbons" in answer.answer and "geothermal" in answer.answer, answer.answer


@pytest.mark.parametrize("question,acronym", [
    ("What does PVS mean in the WLA paper?", "PVS"),
    ("What does the abbreviation PINNs refer to?", "PINNs"),
    ("What does the acronym scFM denote?", "scFM"),
    ("What does ACE stand for?", "ACE"),  # as before
])
def test_what_an_acronym_means_asks_for_its_long_form(question, acronym):
    assert classify(question) == classify(f"What does {acronym} stand for?")


@pytest.mark.parametrize("question", [
    "What does the learned evidence mean for sleep staging?",  # no acronym: not asked to spell it out
    "What does it mean for training to be stable?",
])
def test_what_a_phrase_means_is_no_acronym_question(question):
    assert classify(question).kind != "expansion"


def test_an_acronym_meaning_is_answered_by_the_sentence_defining_it(extractive):
    answer = extractive.ask("What does PVS mean in the Weather Latent Autoencoder paper?")
    assert "pressure-variable subset" in answer.answer, answer.answer


def test_limits_of_conventional_methods_are_answered_from_the_abstract(extractive):
    answer = extractive.ask("What holds back conventional molecular dynamics, according to PLaTITO?")
    assert "high computational cost" in answer.answer, answer.answer
    assert "does not state its limitations" not in answer.answer


def test_drawbacks_of_the_side_set_against_the_paper_are_answered(extractive):
    answer = extractive.ask("What are the drawbacks of model-based methods compared with MindZero?")
    assert "slow" in answer.answer, answer.answer


@pytest.mark.parametrize("question,others", [
    ("What limits conventional molecular dynamics, according to PLaTITO?", True),
    ("What are the drawbacks of model-based methods compared with MindZero?", True),
    ("What are the limitations of MindZero?", False),
    ("What are MindZero's weaknesses compared with model-based methods?", False),
])
def test_limits_of_others_are_told_from_the_papers_own(question, others):
    from rag.compose import _limits_of_others

    assert _limits_of_others(question, "mindzero") is others


def test_the_papers_own_limitations_are_still_told_silent(extractive):
    answer = extractive.ask("What are the limitations of MEG-XL?")
    assert "does not state its limitations" in answer.answer, answer.answer


def test_2d_counts_dimensions():
    from rag.compose import _counts

    assert _counts("existing systems predominantly extrapolate 2D radar reflectivity", "dimensions")
    assert not _counts("existing systems predominantly extrapolate 2D radar reflectivity", "layers")


def test_a_count_of_dimensions_is_answered_by_nd(extractive):
    answer = extractive.ask("With how many dimensions of radar reflectivity do existing nowcasting systems work?")
    assert "2D radar reflectivity" in answer.answer, answer.answer


@pytest.mark.parametrize("question,kind,noun", [
    ("What problems with pixel-space data does WLA address?", "cause", "problem"),
    ("What issues in sleep staging does ConfSleepNet resolve?", "cause", "problem"),
    ("What problem does WLA address?", "cause", "problem"),  # as before
    ("What makes classical free energy methods so expensive?", "cause", ""),
    ("What makes running real experiments slow?", "cause", ""),
])
def test_problems_of_a_thing_addressed_and_what_makes_it_costly_ask_a_cause(question, kind, noun):
    intent = classify(question)
    assert (intent.kind, intent.noun) == (kind, noun)


def test_the_problems_a_paper_addresses_with_a_qualifier_are_the_problem_sentence(extractive):
    answer = extractive.ask("Which problems with weather data in pixel space does WLA tackle?")
    assert "smooth outputs" in answer.answer, answer.answer


def test_what_makes_a_method_costly_is_answered_by_the_reason(extractive):
    answer = extractive.ask("What makes classical free energy calculations so expensive, according to CARD?")
    assert "extensive molecular dynamics simulations" in answer.answer, answer.answer


@pytest.mark.parametrize("question,words", [
    ("Which visual data did the lateral connection study train its networks on?", "natural images"),
    ("What raw data does the geospatial domain of Geo-R1 have plenty of?", "geospatial imagery"),
])
def test_what_data_is_answered_by_data_named_by_its_kind(extractive, question, words):
    answer = extractive.ask(question)
    assert words in answer.answer, answer.answer
    assert "does not name the data" not in answer.answer


def test_a_count_the_abstract_only_writes_as_a_count_names_nothing(extractive):
    # "across 5 model families and the MMLU, ... datasets": the abstract never says which five
    answer = extractive.ask("Which five model families were the GCMs tested across?")
    assert "does not name" in answer.answer, answer.answer
    assert "5 model families" not in answer.answer


@pytest.mark.parametrize("question,words", [
    ("Which two methods do the GRN benchmark authors propose?", "Virtual Value Perturbation"),  # named after a comma
    ("Which three key factors does the weather scaling study examine?", "model size"),  # named after a colon
    ("Which two datasets was QHNetV2 tested on?", "MD17"),  # named before the noun
])
def test_a_count_followed_by_its_items_still_answers_which(extractive, question, words):
    answer = extractive.ask(question)
    assert words in answer.answer, answer.answer
