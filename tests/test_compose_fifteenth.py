"""Rules from the blind set seeds_dev15 (issue 7, part 1), where papers are described, not named: a
name that differs from the paper's only in its number ("L1 weight decay", the abstract "L2") is
about something beside the paper; a paper described before a colon and a question is checked as a
request for it would be; a compound question ("Which paper X, and how Y?") is checked on its request."""

from __future__ import annotations

import pytest

from rag.intent import described_topic, leading_measure
from rag.numbered import other_numbered


@pytest.mark.parametrize("question, text, other", [
    ("Which paper shows L1 weight decay makes updates Hebbian?", "L2 weight decay drives the update", ["L1"]),
    ("Accuracy on CIFAR-100?", "92.38% accuracy on the CIFAR-10 dataset", ["CIFAR-100"]),
    ("A sparsified ResNet50 model?", "The sparsified ResNet-18 model", ["ResNet50"]),
])
def test_a_name_written_with_another_number_is_found(question, text, other):
    assert other_numbered(question, text) == other


@pytest.mark.parametrize("question, text", [
    ("Which paper uses L2 weight decay?", "L2 weight decay drives the update"),  # the same name
    ("GCMs on Qwen3-8B?", "GCMs based on Qwen3-8B across 5 model families"),
    ("Results on QH9?", "experiments on the large QH9 and MD17 datasets"),
    ("Which paper uses ImageNet-1k?", "experiments on CIFAR-10"),  # letters the text never writes
    ("A 1000-layer network?", "an ultra-deep, 1000-layer SNN"),  # a number first is no such name
])
def test_a_name_the_text_writes_or_lacks_wholly_is_no_other_number(question, text):
    assert other_numbered(question, text) == []


@pytest.mark.parametrize("question, topic", [
    ("Indirect geolocation rewards for radiology report reasoning: what is found?",
     "Indirect geolocation rewards for radiology report reasoning"),
    ("The storm nowcasting framework with a convective decoder: how much does MAE drop?",
     "The storm nowcasting framework with a convective decoder"),
])
def test_a_paper_described_before_a_question(question, topic):
    assert described_topic(question) == topic


@pytest.mark.parametrize("question", [
    "SpikeInit: which quantities does it initialise?",  # a name, no description
    "High-dimensional accuracy: Modified SINNs or PINNs?",  # no question after the colon
    "Quick number: how deep was the SNN?",  # two words
    "Which paper uses radar for nowcasting?",  # no colon
    "What is the MAE drop of StormInsight: by how much?",  # a question before the colon
])
def test_questions_describing_no_paper_before_a_colon(question):
    assert described_topic(question) == ""


@pytest.mark.parametrize("question, noun, phrase", [
    ("Batch size of the storm nowcasting framework", "size", "Batch size"),
    ("Learning rate used for the Ricci-curvature transfer model?", "rate", "Learning rate"),
    ("Dropout rate in the sleep-staging network", "rate", "Dropout rate"),
])
def test_a_figure_question_opening_on_its_measure(question, noun, phrase):
    intent = leading_measure(question)
    assert (intent.kind, intent.noun, intent.phrase) == ("quantity", noun, phrase)


@pytest.mark.parametrize("question, phrase", [
    ("Depth record for SpikeInit?", ""),  # no measure word
    ("What batch size does UniSparse use?", ""),  # a question word: `classify` reads its measure
    ("Speed-up over classical methods for the radix model?", ""),  # an effect, not a setting's measure
    ("top-1 on cifar10 for the pruned spiking resnet18?", ""),
    ("max sequence length the spiking kernel regressor can model", "sequence length"),  # a bound is no word of the measure
    ("longest dependency range the spiking regressor models, in steps", "dependency range"),
    ("Spikes of the harmonic SSM at low rates", ""),  # a measure later than three words in
])
def test_the_leading_measure_is_read_only_at_the_opening(question, phrase):
    assert leading_measure(question).phrase == phrase


@pytest.mark.parametrize("question", [
    "Which work finds that L1 weight decay aligns synaptic updates with a Hebbian direction?",  # the abstract: L2
    "L1 weight decay pushing learning signals towards Hebbian alignment near stationarity?",
    "Indirect geolocation rewards for radiology report reasoning: what is found?",  # a described near miss
    "Batch size of the storm nowcasting framework with a convective decoder",  # a measure never mentioned
    "Learning rate used for the Ricci-curvature transfer model?",
])
def test_near_misses_of_described_papers_are_refused(extractive, question):
    answer = extractive.ask(question)
    assert answer.refused and answer.citations == []


@pytest.mark.parametrize("question, fact", [
    ("Which work finds that L2 weight decay aligns synaptic updates with a Hebbian direction?", "L2 weight decay"),
    ("Indirect geolocation rewards for geospatial reasoning in VLMs: what is found?", "Geo-R1"),
    # a description listing attributes is no near miss of its words ("weak" is in no abstract)
    ("Highest parameter efficiency, yet weak hardware utilisation: which weather model is meant?", "GraphCast"),
    # a compound question is checked on its request ("Which paper offers ...?"), not on "pair"
    ("Which paper offers a unified sparsification framework for spiking nets, and which two methods does it pair?", "UniSparse"),
    ("Sequence length handled by the kernel-based spiking regressor, at most?", "50k"),  # a measure the paper holds
])
def test_described_papers_the_corpus_holds_are_answered(extractive, question, fact):
    answer = extractive.ask(question)
    assert not answer.refused and fact in answer.answer
