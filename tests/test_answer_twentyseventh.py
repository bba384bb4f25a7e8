"""seeds_dev27 (a seventh representative sample of seed questions): a sentence restating the whole
question fills its slot whatever kind word the question gives that slot ("which disciplines ...");
"which one" asks for no kind of thing; a sentence raising a question still states what it names
(a goal, a level, the question itself); a subject question ending on a paper's name ("which optimizer
trained QHNetV2?") asks for that thing; "besides X" lets a sentence listing X with "(and/or Y"
answer; a word after a preposition that names no setting (an acronym written in the plural, a
pro-form, a verb taking an object) makes no near miss; and a list line leads with the sentence
holding the topic when its own sentence lacks it."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize("question,fact", [
    ("Which disciplines is molecular dynamics a central tool in, according to PLaTITO?", "physics, chemistry, and biology"),
    ("Which sciences does Hamiltonian matrix prediction play an important role in, per QHNetV2?", "materials science"),
])
def test_a_sentence_restating_the_question_fills_an_unwritten_kind(extractive, question, fact):
    answer = extractive.ask(question)
    assert fact in answer.answer and "does not" not in answer.answer, answer.answer


def test_a_frame_of_one_word_is_no_restatement(extractive):
    answer = extractive.ask("Which accelerator was MEG-XL pre-trained on?")
    assert answer.answer.startswith("The MEG-XL abstract does not"), answer.answer


def test_which_one_asks_for_no_kind_of_thing(extractive):
    answer = extractive.ask("Of Aurora and GraphCast, which one shows the strongest data-scaling behavior?")
    assert "Aurora exhibits the strongest data-scaling behavior" in answer.answer, answer.answer


@pytest.mark.parametrize("question,fact", [
    ("Which long-standing goal opens the chemical reaction network reduction abstract?", "adaptive behaviors at the cellular level"),
    ("Which question does the Hebbian weight decay abstract pose about synaptic updates?", "identifiability question"),
])
def test_a_sentence_raising_a_question_still_states_what_it_names(extractive, question, fact):
    answer = extractive.ask(question)
    assert fact in answer.answer, answer.answer


def test_a_how_question_is_still_not_answered_by_the_question_raised():
    from rag.compose import _stating_while_raising
    from rag.intent import Intent

    class _Source:
        spans = [(0, 1)]

        @staticmethod
        def sentence(i: int) -> str:
            return "It is a goal that raises the question of how computation can be implemented in cells."

    assert _stating_while_raising(_Source, Intent("entity", "cells", "cells")).tolist() == [True]
    assert _stating_while_raising(_Source, Intent("method")).tolist() == [False]


@pytest.mark.parametrize("question,phrase", [
    ("Which optimizer trained QHNetV2?", "optimizer"),
    ("What GPU trained MEG-XL?", "GPU"),
    ("Which company supplied the data?", "company supplied the data"),
])
def test_a_subject_question_ending_on_a_name_asks_for_its_subject(question, phrase):
    from rag.intent import classify

    assert classify(question).phrase == phrase


def test_a_subject_question_on_a_thing_never_written_is_told_silent(extractive):
    answer = extractive.ask("Which scheduler trained SpikeInit?")
    assert answer.answer.startswith("The SpikeInit abstract does not"), answer.answer


@pytest.mark.parametrize("sentence,paired", [
    ("experts trained with mismatched noise schedules (and/or negative exponents / partial supports)", True),
    ("trained with mismatched noise schedules or with partial supports", True),
    ("trained with mismatched noise schedules.", False),
])
def test_a_thing_set_aside_listed_with_and_or_pairs_with_another(sentence, paired):
    from rag.compose import _pairs_with_another
    from rag.text import tokenize

    assert _pairs_with_another(sentence, set(tokenize("noise schedules"))) is paired


def test_besides_answers_from_a_sentence_listing_the_thing_set_aside_with_or(extractive):
    answer = extractive.ask("Besides sparse grids, which technique keeps spectral methods feasible in middle dimensions?")
    assert "hyperbolic cross" in answer.answer, answer.answer


@pytest.mark.parametrize("question", [
    "Besides mismatched noise schedules, what else can cause the collapse?",
    "Apart from the noise schedule, what could trigger the failure?",
])
def test_what_else_can_cause_asks_for_a_condition(question):
    from rag.intent import classify

    assert classify(question).noun == "condition"


@pytest.mark.parametrize("question,fact", [
    ("Does sparse coding at high contrast use fewer neurons than population coding in the SSN?", "fewer neurons"),  # "SSNs"
    ("Is a structured environment needed for getting an LLM to operate Rosetta?", "Rosetta"),
    ("Are the reduced chemical reaction networks smaller when compared with the originals?", "smaller CRNs"),
])
def test_a_word_after_a_preposition_naming_no_setting_is_no_near_miss(extractive, question, fact):
    answer = extractive.ask(question)
    assert not answer.refused and fact in answer.answer, answer.answer


def test_a_compared_side_opening_on_a_measure_is_its_thing(extractive):
    answer = extractive.ask("How does MEG-XL's pre-training context compare with the amount of context of prior work?")
    assert "5-300×" in answer.answer, answer.answer


def test_a_list_line_leads_with_the_sentence_holding_the_topic(extractive):
    answer = extractive.ask("Which papers look at language models that degrade over long generations?")
    line = next(line for line in answer.answer.splitlines() if line.startswith("- Fatigue Index:"))
    assert "frequently degrade during long-horizon generation" in line and "We introduce the Fatigue Index" in line, line
