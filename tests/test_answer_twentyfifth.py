"""seeds_dev25 (a fifth representative sample of seed questions): a count the abstract gives only as a
list is answered by the list ("how many fields": "in physics, chemistry, and biology"; "how many
domains": "in gridworld and household domains"; "how many steps make up X": "X consists of A and B"),
while a list holding the counted thing as one item, or a list of other things where the abstract writes
the counted noun, still counts nothing; a question on what other work does ("what do existing methods
assume, unlike X?") is answered by the sentence on that work; a paper called by the long form of its
acronym ("the Generalized Correctness Model") is told silent like one called by its name; and
"acronym", "abbreviation" and "stand for" frame a question rather than search for a paper."""

from __future__ import annotations

import pytest

PLATITO = "000_711129f47277f084#1"


@pytest.mark.parametrize("sentence,lists", [
    ("MD is a central tool in physics, chemistry, and biology.", True),  # a series of three
    ("We provide (i) a sharp criterion, and (ii) an adaptive correction.", True),  # list markers
    ("It improves performance on MatBench and QM9 over baselines.", True),  # two named things
    ("The framework consists of evidence extraction and aggregation.", True),  # what a whole consists of
    ("It separates composition and structure information.", False),  # a pair of modifiers is no list
    ("It relies on a planner such as a search.", False),  # one item
    ("A model pre-trained per sample, far longer than what prior work has used, and equivalent to 191k tokens.", False),  # clauses
])
def test_a_sentence_lists_things(sentence, lists):
    from rag.compose import _enumerates

    assert _enumerates(sentence) is lists


def test_a_series_answers_how_many_when_the_abstract_never_writes_the_noun(extractive):
    answer = extractive.ask("How many scientific fields is molecular dynamics central to, per the PLaTITO paper?")
    assert "physics" in answer.answer and "biology" in answer.answer, answer.answer
    assert {c.paper_id for c in answer.citations} == {PLATITO}


def test_items_right_before_the_noun_answer_how_many(extractive):
    answer = extractive.ask("Across how many domains was MindZero evaluated?")
    assert "gridworld" in answer.answer and "household" in answer.answer, answer.answer


def test_what_a_whole_consists_of_answers_how_many_steps(extractive):
    answer = extractive.ask("How many steps make up the ConfSleepNet framework?")
    assert "multi-view evidence extraction" in answer.answer and "conflict-aware aggregation" in answer.answer, answer.answer


@pytest.mark.parametrize("question", [
    "How many radar stations feed StormInsight?",  # "radar, satellite, and station": the noun is one item
    "How many protein systems does PLaTITO's out-of-distribution benchmark hold?",  # "physics, chemistry, and biology" counts no systems
    "How many sleep stages can ConfSleepNet tell apart?",  # classes, no parts of the framework it "consists of"
])
def test_a_list_not_counting_the_noun_answers_nothing(extractive, question):
    answer = extractive.ask(question)
    assert "does not state" in answer.answer, answer.answer


@pytest.mark.parametrize("question,asks", [
    ("What do earlier sleep staging methods assume, unlike ConfSleepNet?", True),
    ("How do existing approaches use LLMs in Bayesian optimization?", True),
    ("Which prior game-theoretic and learning methods are discussed?", True),
    ("How does LABO compare with its baselines?", False),
    ("How do C-CSCNNs fix the kernel basis of standard CSCNNs?", False),  # a standard model, no other work's method
])
def test_a_question_asks_what_other_work_does(question, asks):
    from rag.compose import _ASKS_OTHER_WORK

    assert bool(_ASKS_OTHER_WORK.search(question)) is asks


def test_what_existing_methods_assume_is_answered_by_the_sentence_on_them(extractive):
    answer = extractive.ask("What do existing sleep staging methods take for granted about modalities, compared with ConfSleepNet?")
    assert "well-aligned" in answer.answer, answer.answer


def test_how_existing_approaches_work_is_answered_by_the_sentence_on_them(extractive):
    answer = extractive.ask("What do earlier methods do with LLMs in Bayesian optimization, compared with LABO?")
    assert "embed LLMs directly" in answer.answer, answer.answer


def test_a_paper_called_by_its_long_form_is_told_silent(extractive):
    answer = extractive.ask("What expected calibration error is reported for the Generalized Correctness Model?")
    assert "does not" in answer.answer and not answer.refused, answer.answer


def test_acronym_framing_is_no_search_term():
    from rag.query import content_query

    words = content_query("What does the acronym TITO stand for?").lower().split()
    assert "acronym" not in words and "stand" not in words and "tito" in words


def test_an_abbreviation_framed_so_finds_its_paper(extractive):
    answer = extractive.ask("The acronym GEAR stands for what?")
    assert "Geometric Embedding Alignment" in answer.answer, answer.answer
