"""Rules from the blind set seeds_dev14 (issue 7, part 1): a question that is only a topic ("X for
Y?") asks for a paper on it; "<topic> papers?" asks for a list; a terse noun phrase ending on a kind
of thing ("QHNetV2 benchmarks?") asks for that thing; a "why" question presuming a restriction or a
large effect the abstract denies is answered with the denying sentence; "a planner" names no planner."""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np
import pytest

from rag.compose import lone_unheld_words
from rag.intent import bare_topic, classify
from rag.premise import premise_corrections
from rag.query import papers_requested, plain_question
from rag.sources import Source


@pytest.mark.parametrize("question", [
    "Spiking transformers for keyword spotting?",
    "Equivariant message passing for crystal property prediction, please.",
    "Latent diffusion that compresses satellite video?",
])
def test_a_noun_phrase_is_a_bare_topic(question):
    assert bare_topic(question)


@pytest.mark.parametrize("question", [
    "MindZero's test domains?",  # an attribute of a named thing
    "Quick number: the correlation between FI and repetition.",
    "under a fixed compute budget, more data or a bigger model?",  # alternatives
    "and force mae for triforces?",  # a follow-up
    "Only SGD produces the signature, right?",
    "What does ACE generalize?",
    "Tell me about contrastive learning.",
])
def test_questions_are_no_bare_topics(question):
    assert not bare_topic(question)


@pytest.mark.parametrize("question", [
    "Spiking transformers for keyword spotting?",  # the spiking papers: no keyword spotting
    "Latent autoencoders for ocean biogeochemistry?",  # WLA: weather data
    "Mean-field forgetting analysis of adapters in speech models?",  # the LoRA paper: Transformers in general
])
def test_a_bare_topic_no_paper_holds_is_refused(extractive, question):
    answer = extractive.ask(question)
    assert answer.refused and answer.citations == []


def test_a_bare_topic_a_paper_holds_is_answered(extractive):
    answer = extractive.ask("Normalization-free initialization for deep spiking networks?")
    assert not answer.refused and "SpikeInit" in answer.answer


@pytest.mark.parametrize("question", [
    "Graph learning papers?", "Chemistry abstracts in here?", "Optimization and control papers, list them.",
])
def test_a_topic_and_papers_is_a_list_question(question):
    assert papers_requested(question)


@pytest.mark.parametrize("question", ["The GEAR paper?", "Results of the SpikeInit paper?"])
def test_one_paper_is_no_list(question):
    assert not papers_requested(question)


@pytest.mark.parametrize("question,noun,phrase", [
    ("MeshFT-Net datasets?", "datasets", "datasets"),
    ("LABO search tasks: which?", "tasks", "search tasks"),
    ("MindZero's underlying MLLM?", "MLLM", "underlying MLLM"),
])
def test_a_terse_noun_phrase_asks_for_a_thing(question, noun, phrase):
    intent = classify(plain_question(question))
    assert (intent.kind, intent.noun, intent.phrase) == ("entity", noun, phrase)


@pytest.mark.parametrize("question", [
    "Clifford-steerable networks on meshes for ocean data?",  # a topic: the noun follows a preposition
    "Autoencoder that compresses reanalysis data?",
])
def test_a_topic_ending_on_a_kind_of_thing_is_no_entity_question(question):
    assert classify(plain_question(question)).kind != "entity"


@pytest.mark.parametrize("question,start", [
    ("MEG-XL datasets?", "The MEG-XL abstract does not name a dataset"),
    ("LABO's underlying LLM?", "The LABO abstract does not name an LLM"),
])
def test_a_terse_question_for_a_thing_the_named_abstract_lacks_is_said_silent(extractive, question, start):
    answer = extractive.ask(question)
    assert not answer.refused and answer.answer.startswith(start)


def test_a_terse_question_for_a_thing_the_abstract_names_is_answered(extractive):
    answer = extractive.ask("TriForces benchmarks?")
    assert not answer.refused and "MatBench" in answer.answer


def _source(abstract: str) -> Source:
    """A source over `abstract`, its sentences split at ". "."""
    spans, start = [], 0
    for part in abstract.split(". "):
        spans.append((start, start + len(part)))
        start += len(part) + 2
    return Source(1, SimpleNamespace(title=""), abstract, spans, np.zeros((0, 4), dtype=np.float32), np.zeros(len(spans)))


@pytest.mark.parametrize("question,abstract,corrected", [
    ("Why is the solver limited to structured meshes?",
     "We propose a solver. It handles both structured and unstructured meshes with one model", [1]),
    ("Why is the method restricted to a single GNN backbone?",
     "We propose a method. We release variants across multiple GNN architectures", [1]),
    ("Why does the simulator suffer large energy drift?",
     "We propose a simulator. It keeps near-zero energy drift over long rollouts", [1]),
    ("Why does the simulator suffer large energy drift?",
     "We propose a simulator. Its energy drift grows with the time step", []),  # no word saying it is small
    ("Why is the solver limited to structured meshes?",
     "We propose a solver. It is fast across many benchmarks", []),  # the range word names no mesh
])
def test_restrictions_and_magnitudes_the_abstract_denies(question, abstract, corrected):
    assert premise_corrections(question, _source(abstract)) == corrected


@pytest.mark.parametrize("question,start", [
    ("InfoGlobe's MAE?", "The InfoGlobe abstract does not state this figure"),
    ("MeshFT-Net's rollout MSE?", "The MeshFT-Net abstract does not state this figure"),
])
def test_an_error_measure_asks_for_a_figure(extractive, question, start):
    assert classify(question).kind == "quantity"
    answer = extractive.ask(question)
    assert not answer.refused and answer.answer.startswith(start)


@pytest.mark.parametrize("question", ["Speed: CARD or classical methods?", "Accuracy in high dimensions: PINNs or Modified SINNs?"])
def test_alternatives_in_a_noun_phrase_compare(question):
    assert classify(question).kind == "check"


def test_alternatives_are_answered_with_the_comparing_sentence(extractive):
    answer = extractive.ask("Accuracy in high dimensions: PINNs or Modified SINNs?")
    assert not answer.refused and "superior accuracy compared to PINNs" in answer.answer


@pytest.mark.parametrize("question,fact", [
    ("Why does the mesh simulator MeshFT-Net show large energy drift?", "near-zero energy drift"),
    ("Why is the Adaptive Physics Transformer limited to regular grids?", "both regular and irregular grids"),
])
def test_a_denied_restriction_or_magnitude_is_answered_with_the_denial(extractive, question, fact):
    answer = extractive.ask(question)
    assert not answer.refused and fact in answer.answer


_STEERING = "Inference-time steering adapts pretrained diffusion models to image generation without retraining."


def _titled(abstract: str) -> Source:
    """`_source` with a hit that has a title, as `lone_unheld_words` reads it."""
    return Source(1, SimpleNamespace(title="Steering"), abstract, [], np.zeros((0, 4), dtype=np.float32), np.zeros(0))


@pytest.mark.parametrize("question,lone", [
    ("which paper studies inference-time steering of audio diffusion models", ["audio"]),
    ("which paper studies inference-time steering for image generation", []),  # every word held
    ("which paper studies protein folding", []),  # two unheld words: a phrase of its own (`unheld_phrases`)
    ("which paper studies image generation when the audio steering drifts", []),  # a condition clause
    ("which paper studies image generation steering ahead", []),  # a word ending its phrase qualifies none
    ("which paper handles image generation", []),  # a verb
    ("which paper studies one image generation", []),  # a number word
])
def test_lone_unheld_words(question, lone):
    assert lone_unheld_words(question, _titled(_STEERING)) == lone


@pytest.mark.parametrize("question", [
    "Any work on lateral excitatory-inhibitory connections in gustatory coding models?",
    "Which paper proposes normalization-free initialization for quantum spiking networks?",
])
def test_one_foreign_word_far_from_the_abstract_is_a_near_miss(extractive, question):
    answer = extractive.ask(question)
    assert answer.refused and answer.citations == []


@pytest.mark.parametrize("question,name", [
    ("Which paper fuses brain connectivity through communication dynamics?", "AFR-Net"),  # "brain" ~ "neural"
    ("Which paper uses an adaptive physics transformer for underground reservoir simulation?", "APT"),
])
def test_a_paraphrased_word_is_no_near_miss(extractive, question, name):
    answer = extractive.ask(question)
    assert not answer.refused and answer.citations[0].title == name
