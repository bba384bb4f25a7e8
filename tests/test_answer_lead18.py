"""Found by using the chat on the seeds (stop 29): a detail asked of every paper of a list ("what
datasets do the weather papers use?"), a one-word topic ("which papers use diffusion models?"), and
a "how" question about a paper named by its field whose closest sentence only sets the scene."""

from __future__ import annotations

import re

import pytest

from rag.intent import Intent, listed_detail
from rag.relevance import _holds_topic


@pytest.mark.parametrize("question,detail", [
    ("What datasets do the weather papers use?", Intent("entity", "datasets", "datasets")),
    ("Which benchmarks are used by the LLM agent papers?", Intent("entity", "benchmarks", "benchmarks")),
    ("what kind of data do the single-cell papers study?", Intent("entity", "data", "data", of_kind=True)),
    ("What hardware do SNN papers target?", Intent("general", "", "hardware")),
])
def test_a_detail_asked_of_each_paper_of_a_list_is_read_as_asked_of_one(question, detail):
    assert listed_detail(question) == detail


@pytest.mark.parametrize("question", [
    "Which papers use diffusion models?", "What neuroscience papers are there?", "What are the papers on weather?",
    "Which of the papers use reinforcement learning?", "what do the weather papers find?", "What dataset does SpikeInit use?",
])
def test_a_plain_list_or_a_question_for_one_paper_asks_no_listed_detail(question):
    assert listed_detail(question) is None


def _lines(answer) -> list[str]:
    return answer.answer.splitlines()


def test_each_listed_paper_gives_the_detail_asked_or_says_it_does_not(extractive):
    answer = extractive.ask("What benchmarks do the LLM agent papers use?")
    lines = _lines(answer)
    gcms = next(line for line in lines if line.startswith("- GCMs:"))
    assert "MMLU, TriviaQA, and Spider" in gcms, answer.answer
    assert "- The LABO abstract does not name a benchmark [" in answer.answer, answer.answer
    assert not any("we propose" in line.lower() for line in lines)  # what each paper does is not what was asked
    cited = [int(n) for line in lines for n in re.findall(r"\[(\d+)\]", line)]
    assert cited == sorted(cited), answer.answer  # the lines keep the list's order, silences in their place


def test_a_detail_with_no_kind_of_its_own_is_the_sentence_writing_it(extractive):
    answer = extractive.ask("What hardware do spiking network papers target?")
    assert "neuromorphic hardware" in answer.answer, answer.answer
    assert "does not say which hardware [" in answer.answer, answer.answer


def test_a_one_word_topic_is_held_anywhere_in_the_abstract():
    assert _holds_topic("Which papers use diffusion models?", "adapts pretrained diffusion and flow models")
    assert not _holds_topic("Which papers use diffusion models?", "adapts pretrained flow models")
    assert not _holds_topic("Diffusion models for audio generation?", "adapts pretrained diffusion and flow models")


def test_a_list_on_a_one_word_topic_names_the_paper_writing_it(extractive):
    answer = extractive.ask("Which papers use diffusion models?")
    assert not answer.refused, answer.answer
    assert answer.answer.startswith("- ACE:"), answer.answer
    assert extractive.ask("Diffusion models for audio generation?").refused  # the condition no paper holds


def test_how_a_paper_named_by_its_field_works_adds_the_sentence_introducing_it(extractive):
    answer = extractive.ask("How does the Theory of Mind paper infer mental states?")
    assert "self-supervised reinforcement learning framework" in answer.answer, answer.answer


def test_how_many_and_superlatives_are_no_topic_words():
    assert _holds_topic("How many papers are about weather?", "rapidly evolving weather hazards")
    assert _holds_topic("Which paper has the largest speedup?", "an approximately 40-fold speedup in inference")


def test_a_count_of_papers_on_a_topic_lists_each_paper_it_counts(extractive):
    answer = extractive.ask("How many papers are about weather?")
    assert answer.answer.startswith("3 of the collection's"), answer.answer
    assert len([line for line in _lines(answer) if line.startswith("- ")]) == 3, answer.answer


def test_which_paper_has_the_most_of_a_measure_is_the_paper_stating_it(extractive):
    answer = extractive.ask("Which paper has the largest speedup?")
    assert "40-fold speedup" in answer.answer, answer.answer


@pytest.mark.parametrize("question,fact", [
    ("what failure mode of inference-time steering do the ace authors describe", "Marginal Path Collapse"),  # the contribution joins
    ("correlation between the fatigue index and repetition", "0.94"),  # a runner-up holding the detail keeps its place
])
def test_a_detail_question_on_a_scene_setting_best_sentence_keeps_the_sentence_holding_it(extractive, question, fact):
    assert fact in extractive.ask(question).answer
