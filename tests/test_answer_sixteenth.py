"""Questions a researcher asks to compare and check (seeds_dev16): a yes/no question or comparison
naming a paper and something its abstract never writes ("Is PLaTITO faster than AlphaFold?") is told
that the abstract does not mention it, not refused; a name written by another paper the question
calls by name is no such thing (the question compares two papers); a range asked for ("what
parameter range ...") is a pair of figures, not a measure the abstract must name; "per cent" is
"percent"; a named paper compared with something its abstract never writes is silent on it, where
a question naming no paper is refused."""

from __future__ import annotations

import pytest

from rag.intent import Intent, classify
from rag.query import plain_question


@pytest.mark.parametrize("question,name,paper", [
    ("Is PLaTITO faster than AlphaFold?", "AlphaFold", "PLaTITO"),
    ("Is InfoGlobe better than UMAP?", "UMAP", "InfoGlobe"),
    ("Does APT run on GPUs or CPUs?", "GPUs", "APT"),
])
def test_a_check_on_a_name_the_named_abstract_never_writes_says_so(extractive, question, name, paper):
    answer = extractive.ask(question)
    assert not answer.refused, answer.answer
    assert answer.answer == f"The {paper} abstract does not mention {name} [1].", answer.answer


@pytest.mark.parametrize("question", [
    "Does TriForces need DFT labels?",  # DFT is written: the answer quotes "without needing DFT labels"
    "Can Agent Rosetta handle non-canonical residues?",
])
def test_a_check_on_a_name_the_abstract_writes_is_answered_from_it(extractive, question):
    answer = extractive.ask(question)
    assert not answer.refused and "does not mention" not in answer.answer, answer.answer


def test_a_name_of_the_other_paper_compared_is_no_unheld_name(extractive):
    answer = extractive.ask("Of MindZero and Geo-R1, which is rewarded through metadata?")
    assert "does not mention" not in answer.answer, answer.answer  # it was "The Geo-R1 abstract does not mention MindZero"
    assert "metadata" in answer.answer


def test_a_figure_of_the_other_paper_compared_is_quoted_not_called_unmentioned(extractive):
    answer = extractive.ask("Which reports the bigger MAE reduction, TriForces on OMat24 or StormInsight on StormBench?")
    assert "does not mention" not in answer.answer, answer.answer  # it was "... does not mention StormInsight"
    assert "57" in answer.answer


def test_a_name_no_compared_paper_writes_is_still_unmentioned(extractive):
    answer = extractive.ask("How does MEG-XL use EEG recordings?")
    assert answer.answer == "The MEG-XL abstract does not mention EEG [1].", answer.answer


@pytest.mark.parametrize("question", [
    "What parameter range do the nine fatigue-index models span?",
    "What range of sequence lengths does the spiking regressor handle?",
])
def test_a_range_asked_for_is_a_figure_not_a_named_measure(question):
    assert classify(question) == Intent("quantity")


def test_what_is_counted_still_names_the_measure():
    assert classify("How many model families were GCMs evaluated on?").noun == "families"


def test_a_range_of_sizes_is_answered_with_the_stated_range(extractive):
    answer = extractive.ask("What parameter range do the nine fatigue-index models span?")
    assert "1B" in answer.answer and "13B" in answer.answer, answer.answer  # it was "does not state this figure"


def test_per_cent_is_written_percent():
    assert plain_question("Is it accurate to 92.4 per cent on CIFAR-10?") == "Is it accurate to 92.4 percent on CIFAR-10?"


def test_a_figure_restated_in_per_cent_is_checked_against_the_stated_one(extractive):
    answer = extractive.ask("Is the sparsified ResNet-18 accurate to 92.4 per cent on CIFAR-10?")
    assert not answer.refused and "92.38" in answer.answer, answer.answer  # "per cent" was read as a phrase no abstract holds


def test_a_named_paper_compared_with_what_its_abstract_never_names_is_silent_not_refused(extractive):
    answer = extractive.ask("Is ConfSleepNet faster than single-view sleep staging models?")
    assert answer.answer == "The ConfSleepNet abstract does not say [1].", answer.answer


def test_a_comparison_naming_no_paper_with_a_side_in_no_abstract_is_refused(extractive):
    answer = extractive.ask("Is the evidential sleep staging network faster than single-view sleep staging models?")
    assert answer.refused, answer.answer


def test_a_comparison_that_only_writes_a_model_an_abstract_names_is_still_refused(extractive):
    answer = extractive.ask("how does pangu-weather compare with graphcast")
    assert answer.refused, answer.answer  # GraphCast is a model the scaling study writes, not the paper's name
