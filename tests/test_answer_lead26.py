"""Found on seeds_dev21's and seeds_dev22's answerable questions that were refused (stop 36, lead26): a
"how many" question asks a figure even when it names a paper's results; a question word inside the
question asks for the noun after it, which may be no measure ("which kinds of models"); words that
announce examples ("for instance"), a verb of telling apart ("at telling whether"), an adjective of
novelty before a generic head ("new systems") and a multiple ("tenfold") name no topic the abstract
must write."""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np
import pytest

from rag.compose import _asked_verb, _authors_do, _states_number, unheld_phrases
from rag.intent import classify
from rag.query import headed_phrases
from rag.sources import Source


def _source(abstract: str) -> Source:
    return Source(1, SimpleNamespace(title=""), abstract, [], np.zeros((0, 4), dtype=np.float32), np.zeros(0))


@pytest.mark.parametrize("question", [
    "On how many datasets were the experimental results of the method collected?",
    "How many key findings does the spiking paper report?",
])
def test_how_many_asks_a_figure_even_of_results(question):
    assert classify(question).kind == "quantity"


@pytest.mark.parametrize("question", [
    # before: "quantity" for the measure word ("reduction", "error") anywhere in a question not opening with a question word
    "Graph reduction methods preserve which kinds of structure, per the coarsening abstract?",
    "Into what form does the error decomposition split the loss?",
])
def test_a_question_word_asking_for_no_measure_asks_no_figure(question):
    assert classify(question).kind != "quantity"


def test_a_question_word_asking_for_a_measure_still_asks_a_figure():
    assert classify("At which size does the accuracy gap between the two model families close?").kind == "quantity"


def test_words_announcing_examples_are_no_topic():
    phrases = [" ".join(phrase) for phrase, _ in headed_phrases("Which papers use LLMs as a component, for instance as a planner?")]
    assert not any("instance" in phrase for phrase in phrases), phrases
    phrases = [" ".join(phrase) for phrase, _ in headed_phrases("Which papers use LLMs as a component, for example as a planner?")]
    assert not any("example" in phrase for phrase in phrases), phrases


def test_a_verb_of_telling_apart_is_no_topic():
    phrases = [" ".join(phrase) for phrase, _ in headed_phrases("Is a small model good at telling whether an answer is right?")]
    assert not any("telling" in phrase for phrase in phrases), phrases


ABSTRACT = ("We evaluate the sampler on unseen molecular systems and find that increasing the training set by 10x "
            "reduces the error by half.")


@pytest.mark.parametrize("question", [
    "How accurate is the sampler on new systems?",
    "How much does the error drop with a tenfold larger dataset?",
])
def test_novelty_and_multiples_name_no_kind_the_abstract_must_write(question):
    assert unheld_phrases(question, _source(ABSTRACT)) == []


def test_a_novel_thing_of_a_telling_kind_is_still_asked():
    # "new optimizer": the optimizer is a kind of thing the abstract never writes
    assert unheld_phrases("Which paper proposes a new optimizer?", _source(ABSTRACT)) != []


@pytest.mark.parametrize("sentence", [
    "The reservoir stores $CO_2$ for centuries.",
    "We propose S$H^2$Net, a resonate-and-fire model.",
    "The state $x_{t+1}$ follows from the previous state.",
])
def test_a_letters_sub_or_superscript_states_no_figure(sentence):
    # before: the 2 of "$CO_2$" answered "how many parameters does it have"
    assert not _states_number(sentence, set())


@pytest.mark.parametrize("sentence", ["The error falls to $10^{-3}$.", "It stores 2 GB of $CO_2$ data."])
def test_a_figure_beside_notation_is_still_stated(sentence):
    assert _states_number(sentence, set())


@pytest.mark.parametrize("verb", ["evaluate", "assess", "investigate", "explore", "examine", "analyze"])
def test_a_research_verb_is_no_topic_word(verb):
    # before: "evaluate neural models" was a kind of model the abstract must write
    phrases = [" ".join(phrase) for phrase, _ in headed_phrases(f"Which works {verb} graph models on traffic data?")]
    assert not any(verb in phrase for phrase in phrases), phrases


@pytest.mark.parametrize("sentence, does", [
    ("We establish finite-sample bounds and a matching lower bound.", True),
    ("We then formally establish convergence.", True),
    ("Prior work establishes no such bound.", False),  # not the authors
    ("We propose a sampler that is fast.", False),  # another act
])
def test_the_sentence_where_the_authors_do_the_asked_act(sentence, does):
    verbs = _asked_verb("What guarantees does the sampler paper establish?", "", set())
    assert _authors_do(sentence, verbs) is does
