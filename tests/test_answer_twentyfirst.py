"""seeds_dev21 (a representative sample of seed questions): words placing the topic in the store
("in the collection") are no topic an abstract must hold; "what depth did X reach" asks for a figure
as "how deep" does; and a dash outside ASCII parts an abstract's words ("cells—including"), so that
the words on either side of it are held."""

from __future__ import annotations

import pytest

from rag.held import fold_accents, stems_of
from rag.intent import classify
from rag.text import tokenize

SPIKEINIT = "000_711129f47277f084#5"
LAPLACIAN = "003_cb611f67ebca296c#19"


@pytest.mark.parametrize("question,plain", [
    ("Which papers in the collection study spiking networks?", "Which papers study spiking networks?"),
    ("Any work in this corpus on weather forecasting?", "Any work on weather forecasting?"),
    ("What does the database hold on optimal transport?", "What does the database hold on optimal transport?"),  # no place phrase
])
def test_the_words_placing_a_topic_in_the_store_are_left_out(question, plain):
    from rag.query import without_collection

    assert without_collection(question) == plain


def test_a_list_question_placing_its_topic_in_the_store_is_answered(extractive):
    answer = extractive.ask("Which works in the corpus train spiking neural networks?")  # refused on main 9866627
    assert not answer.refused, answer.answer
    assert SPIKEINIT in {c.paper_id for c in answer.citations}


@pytest.mark.parametrize("question", [
    "What depth did the UniSparse networks reach?",
    "What network depth does the sparsified ResNet have?",
    "What maximum depth can SpikeInit train to?",
])
def test_a_depth_asked_by_its_noun_is_a_figure_question(question):
    assert classify(question).kind == "quantity"
    assert classify(question).phrase == ""  # no thing the abstract must write as "depth"


def test_a_depth_asked_by_its_noun_gets_the_figure_stated_with_layers(extractive):
    answer = extractive.ask("What depth did the spiking networks trained with SpikeInit reach?")
    assert "1000-layer" in answer.answer, answer.answer


def test_a_depth_asked_of_an_abstract_stating_none_is_its_silence(extractive):
    answer = extractive.ask("What depth did the MEG-XL model reach?")
    assert "does not" in answer.answer and "“" not in answer.answer, answer.answer


@pytest.mark.parametrize("text,words", [
    ("tuning cells—including grid cells", {"cell", "includ"}),  # em dash
    ("models (1B–13B parameters)", {"1b", "13b"}),  # en dash between figures
    ("Schrödinger bridges", {"schroding"}),  # an accent is still folded, not a break
])
def test_a_dash_outside_ascii_parts_words(text, words):
    assert words <= stems_of(text)
    assert "cellsinclud" not in set(tokenize(fold_accents(text)))


def test_a_curly_apostrophe_still_joins_a_possessive():
    assert fold_accents("the model’s answers") == "the models answers"


def test_a_question_on_words_written_before_an_em_dash_is_answered(extractive):
    # "head-direction cells—a normative theory": "cells" is written only before a dash
    answer = extractive.ask("How do place and head-direction cells arise in the Unified Laplacian Framework?")
    assert not answer.refused, answer.answer
    assert {c.paper_id for c in answer.citations} == {LAPLACIAN}
