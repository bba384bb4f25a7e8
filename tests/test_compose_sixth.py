"""Rules that generalise to unseen questions (issue 7, part 1, seeds_dev6): off-corpus topics whose
technical word no paper uses ("dropout"), "who invented X", code availability, ratios ("how many
times faster"), size superlatives, vague counts ("a few seconds"), reason cues ("considering ..."),
comparisons written with "against", "how many X" where the abstract names X but counts none,
"where was X published", a yes/no question on what other work does, list markers that state no figure, durations, a measured
phrase the abstract names without a figure ("batch size"), measures written with digits ("F1"),
and the abstract's own terms that are no language model's name ("Bayesian persuasion (BP)")."""

from __future__ import annotations

import pytest

from rag.intent import classify
from rag.query import plain_question
from rag.relevance import unfamiliar_words


@pytest.mark.parametrize("question,kind,noun", [
    ("who invented backpropagation", "bibliographic", "authors"),
    ("who proposed SpikeInit?", "bibliographic", "authors"),
    ("is Geo-R1 open source?", "code", ""),
    ("where can I get the ConfSleepNet code", "code", ""),
    ("roughly how many times faster is CARD than classical methods", "quantity", ""),
    ("what was the largest model in the fatigue study", "quantity", ""),
    ("what problems come with weather data in pixel space", "cause", ""),
    ("MindZero versus model-based methods: accuracy or efficiency?", "check", ""),
    ("where was GEAR published?", "bibliographic", "venue"),
    ("what survives the reduction of the chemical reaction networks", "general", ""),  # a verb's object, no measure
])
def test_intent_of_unseen_phrasings(question, kind, noun):
    intent = classify(question)
    assert (intent.kind, intent.noun) == (kind, noun)


@pytest.mark.parametrize("question,unfamiliar", [
    ("how does dropout regularize neural networks", ["dropout"]),
    ("how does quantization-aware training work for llms", ["quantization"]),
    ("which paper synthesizes speech from eeg recordings", ["eeg"]),
    ("what is the correlation between FI and repetition", []),  # an everyday word, though no seed uses it
    ("with noisy images, how does the SSN model encode features", []),  # the store writes the plural "SSNs"
    ("sleep staging with misaligned modalities", []),  # "aligned" is in a seed
])
def test_unfamiliar_words_are_technical_words_no_paper_uses(seeded_retriever, question, unfamiliar):
    assert unfamiliar_words(plain_question(question), seeded_retriever.holds_term, seeded_retriever.embedder.knows_word) == unfamiliar


@pytest.mark.parametrize("question,fact", [
    ("how many times faster than classical methods is CARD's inference", "40-fold"),
    ("how many seconds of context did earlier brain pre-training methods use", "a few seconds"),
    ("why does ConfSleepNet use hybrid category structures", "varying modalities"),
    ("which unsupervised models is the lateral connection network compared against", "ICA"),
    ("what challenges does weather data in pixel space present", "smooth outputs"),
    ("is Geo-R1 open source?", "github.com/miniHuiHui/Geo-R1"),
    ("for which architectures does TriForces release pretrained variants", "MLIP architectures"),
    ("MindZero versus model-based methods: accuracy or efficiency?", "accuracy and efficiency"),
    ("does StormInsight only extrapolate 2D radar reflectivity, as existing systems do?", "three-dimensional"),  # the own sentence answers
])
def test_the_answer_holds_the_asked_fact(extractive, question, fact):
    answer = extractive.ask(question)
    assert not answer.refused and fact in answer.answer


@pytest.mark.parametrize("question,expected", [
    ("what batch size is SpikeInit trained with", "The SpikeInit abstract does not state this figure [1]."),
    ("what accuracy does MindZero get in the household domain", "The MindZero abstract does not state this figure [1]."),
    ("how long does CARD take to train", "The CARD abstract does not state this figure [1]."),
    ("what F1 score does AFR-Net reach", "The AFR-Net abstract does not state this figure [1]."),
    ("how many regions does StormBench span", "The StormInsight abstract does not state this figure [1]."),  # "across regions", no count
    ("where was GEAR published?", "The GEAR abstract does not state where it was published; its record gives ICML 2026 [1]."),
])
def test_a_silent_abstract_says_so(extractive, question, expected):
    answer = extractive.ask(question)
    assert answer.answer == expected and not answer.refused


def test_the_abstracts_own_terms_are_no_language_model(extractive):
    # The paper called by the name answers show it by ("Information design"): a paper only described is
    # refused instead (tests/test_compose_thirteenth.py).
    answer = extractive.ask("which LLM plays the receiver in the information design paper's verbalized Bayesian persuasion game")
    assert "abstract does not name a" in answer.answer and not answer.refused


@pytest.mark.parametrize("question", [
    "how does dropout prevent overfitting in neural networks",
    "who invented the backpropagation algorithm",
    "how does quantization-aware training work for llms",
])
def test_off_corpus_questions_are_refused(extractive, question):
    answer = extractive.ask(question)
    assert answer.refused and answer.citations == []
