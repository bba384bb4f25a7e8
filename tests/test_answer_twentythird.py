"""seeds_dev23 (a third representative sample of seed questions): a count is read in a number joined
to the counted noun by a hyphen ("a three-stream framework") and in a list of the counted things
("the MMLU, TriviaQA, and Spider datasets", "principles (locality, ..., and energy balance)"); a
sentence naming the counted thing beside another thing's count ("radar,
satellite, and station ... two components") does not count it; "quicker" asks for a speed; "in
numbers" says how to put the answer; "the parameter count of X" asks for parameters; and a compared
side's head is its noun, not a participle after it ("models working in latent space"); "these
algorithms" in the best sentence for "which algorithms" brings the sentence before it, which names them;
and "objects" is a category word ("what geometric objects": "hyperspheres")."""

from __future__ import annotations

import pytest

from rag.intent import asked_thing, classify, without_answer_form

GCM = "000_711129f47277f084#2"


@pytest.mark.parametrize("sentence,noun,counted", [
    ("we present TriForces, a model-agnostic three-stream framework that separates", "streams", True),
    ("We evaluate our model on 23 molecular task pairs and demonstrate gains", "pairs", True),
    ("a multi-scale framework that integrates observations through two components", "stations", False),
    ("reasoning across a wide range of downstream tasks (25+).", "tasks", True),
    ("Across nine models (1B–13B parameters), FI trajectories exhibit", "models", True),
])
def test_a_number_counts_the_noun_it_stands_by(sentence, noun, counted):
    from rag.compose import _counts

    assert _counts(sentence, noun) is counted


@pytest.mark.parametrize("text,listed", [
    ("on the MMLU, TriviaQA, and Spider datasets, as well as", {"dataset": {3}}),
    ("Imposing minimal physical principles (locality, permutation equivariance, orientation covariance, and energy balance),",
     {"principl": {4}}),
    ("integrates observations—including radar, satellite, and station—with reanalysis fields", {}),  # "and" is no item
])
def test_a_list_counts_the_noun_it_stands_before_or_the_noun_before_its_parentheses(text, listed):
    from rag.text import listed_nouns

    assert listed_nouns(text) == listed


def test_a_hyphened_count_answers_how_many(extractive):
    answer = extractive.ask("Into how many streams does TriForces split its input?")
    assert "three-stream" in answer.answer, answer.answer


def test_a_list_of_the_counted_things_answers_how_many(extractive):
    answer = extractive.ask("How many datasets were the correctness models tested on?")
    assert "Spider" in answer.answer and not answer.refused, answer.answer
    assert {c.paper_id for c in answer.citations} == {GCM}


def test_a_list_in_parentheses_after_the_noun_answers_how_many(extractive):
    answer = extractive.ask("How many minimal principles does MeshFT-Net rest on?")
    assert "locality" in answer.answer, answer.answer


def test_another_things_count_is_no_answer_to_how_many(extractive):
    # the sentence naming satellites and stations counts components
    answer = extractive.ask("How many satellite stations feed StormInsight?")
    assert "does not state this figure" in answer.answer, answer.answer
    assert "two components" not in answer.answer


def test_quicker_asks_for_a_speed(extractive):
    answer = extractive.ask("How much quicker is GEAR than its baselines?")  # 14.4% is a gain, not a speed
    assert "does not state this figure" in answer.answer, answer.answer


def test_the_parameter_count_of_a_paper_asks_for_parameters(extractive):
    assert asked_thing("What is the parameter count of the MEG-XL model?") == "parameter"
    answer = extractive.ask("What is the parameter count of the StormInsight model?")
    assert "does not state this figure" in answer.answer, answer.answer


@pytest.mark.parametrize("question,plain", [
    ("What firing rate, in numbers, do SpikeInit's networks keep?", "What firing rate do SpikeInit's networks keep?"),
    ("How fast is CARD, in figures?", "How fast is CARD?"),
    ("Explain LABO in simple terms, please.", "Explain LABO, please."),  # no comma before the form: as before
])
def test_in_numbers_says_how_to_put_the_answer(question, plain):
    assert without_answer_form(question) == plain


def test_a_measure_asked_in_numbers_is_still_the_measure():
    intent = classify(without_answer_form("What firing rate, in numbers, do SpikeInit's networks keep?"))
    assert (intent.kind, intent.phrase) == ("quantity", "firing rate")


def test_a_compared_side_is_headed_by_its_noun_not_a_participle(extractive):
    answer = extractive.ask("How do forecasting models running in WLA's latent space compare with pixel-space ones?")
    assert "pixel space" in answer.answer and "does not say" not in answer.answer, answer.answer


@pytest.mark.parametrize("sentence,pointed_back", [
    ("However, encoding these algorithms typically requires prohibitively large reaction networks.", True),
    ("Such inference algorithms are costly.", True),
    ("We compare these algorithms with other algorithms.", False),  # named outright once: no pointing back
])
def test_an_asked_noun_written_only_as_these_x_points_back(sentence, pointed_back):
    from rag.compose import _points_back_at

    assert _points_back_at(sentence, classify("Which algorithms do they use?")) is pointed_back


def test_which_algorithms_gets_the_sentence_these_algorithms_refers_to(extractive):
    answer = extractive.ask("Which algorithms can CRNs implement with their dynamics?")
    assert "belief propagation" in answer.answer, answer.answer


def test_objects_is_a_category_word(extractive):
    answer = extractive.ask("Into which geometric objects does InfoGlobe embed cells?")  # "hyperspheres"
    assert "hyperspheres" in answer.answer, answer.answer
