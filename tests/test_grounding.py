"""The grounding check on hand-written right and wrong sentences about real seed abstracts."""

from __future__ import annotations

import pytest

from rag.grounding import GroundingChecker, cited_numbers, split_answer, strip_markers
from rag.sources import prepare_sources

STORM = "000_711129f47277f084#4"
SPIKE = "000_711129f47277f084#5"


@pytest.fixture(scope="module")
def sources(seeded_retriever):
    hits = {h.paper_id: h for h in seeded_retriever.search("StormInsight nowcasting radar SpikeInit spiking initialization", top_k=10)}
    return prepare_sources([hits[STORM], hits[SPIKE]], "StormInsight", seeded_retriever.embedder, seeded_retriever.store)


@pytest.fixture(scope="module")
def checker(seeded_settings, seeded_retriever):
    return GroundingChecker(seeded_settings.grounding, seeded_retriever.embedder)


def _verdict(checker, sources, sentence):
    return checker.check([sentence], sources)[0]


def test_true_sentences_pass_and_quote_the_abstract(checker, sources):
    check = _verdict(checker, sources, "StormInsight reduces MAE by 12.4% and improves the mCSI by 34.0% [1].")
    assert check.supported, check.reason
    best = check.support[0]
    assert best.n == 1 and "12.4%" in best.quote
    assert sources[0].abstract[best.start:best.end] == best.quote


def test_paraphrase_passes(checker, sources):
    check = _verdict(checker, sources, "SpikeInit lets deep spiking neural networks train stably without normalization [2].")
    assert check.supported, check.reason


@pytest.mark.parametrize("sentence,why", [
    ("StormInsight reduces MAE by 21.4% on StormBench [1].", "'21.4'"),                      # wrong number
    ("StormInsight trained an ultra-deep 1000-layer model [1].", "'1000'"),             # number from another paper
    ("StormInsight is built on GraphCast to predict radar echoes [1].", "'graphcast'"),      # wrong method name
    ("SpikeInit initializes weights with QHNetV2 layers [2].", "'qhnetv2'"),                  # wrong method name
])
def test_wrong_numbers_and_names_are_caught(checker, sources, sentence, why):
    check = _verdict(checker, sources, sentence)
    assert not check.supported and why in check.reason


@pytest.fixture(scope="module")
def platito_sources(seeded_retriever):
    question = "How do protein language models help molecular dynamics?"
    hits = seeded_retriever.search(question, top_k=3)
    assert hits[0].paper_id == "000_711129f47277f084#1"
    return prepare_sources(hits, question, seeded_retriever.embedder, seeded_retriever.store)


@pytest.mark.parametrize("sentence", [
    # Written by SmolLM2 for that question (seen in the chat page): the abstracts' words, not their claims.
    "The protein language model (pLM) is a generative model that can learn to generate a wide range of protein sequences from a large dataset. [1]",
    "This model is capable of learning from a wide range of protein sequences and is capable of learning from a wide range of protein sequences. [2]",
])
def test_fabrications_in_the_sources_vocabulary_are_caught(checker, platito_sources, sentence):
    check = _verdict(checker, platito_sources, sentence)
    # caught by a word-share floor: the whole abstract's (min_overlap) or the aligned passage's (min_passage_overlap)
    assert not check.supported and "of its words" in check.reason


def test_sentence_from_another_paper_is_caught(checker, sources):
    other = "We find that coarse-grained TITO models are substantially more data-efficient than Boltzmann Emulators [1]."
    assert not _verdict(checker, sources, other).supported
    # the same kind of sentence cited to the wrong one of the two sources
    swapped = "By modeling the response curve and gradient of spiking layers, the weights stay stable [1]."
    assert not _verdict(checker, sources, swapped).supported
    assert _verdict(checker, sources, swapped.replace("[1]", "[2]")).supported


def test_uncited_and_unknown_citations_are_caught(checker, sources):
    assert _verdict(checker, sources, "StormInsight reduces MAE by 12.4%.").reason == "cites no source"
    assert _verdict(checker, sources, "StormInsight reduces MAE by 12.4% [7].").reason == "cites unknown source [7]"


def test_split_answer_keeps_markers_with_their_sentence():
    text = "StormInsight reduces MAE. [1] SpikeInit trains 1000-layer SNNs [2]. It needs no BN [2][1]."
    sentences = split_answer(text)
    assert sentences == ["StormInsight reduces MAE. [1]", "SpikeInit trains 1000-layer SNNs [2].", "It needs no BN [2][1]."]
    assert [cited_numbers(s) for s in sentences] == [[1], [2], [2, 1]]
    assert strip_markers(sentences[1]) == "SpikeInit trains 1000-layer SNNs."
    assert split_answer("[2] SpikeInit: It trains deep SNNs. It needs no BN [2].") == ["SpikeInit: It trains deep SNNs. [2]", "It needs no BN [2]."]


def test_an_answer_may_name_the_paper_by_its_title(checker, sources):
    """A corpus's title is part of the paper's record: "Title: “quote” [1]" is grounded even where the
    title's capitalised words are not in the abstract; a name in neither still fails."""
    from dataclasses import replace

    storm = sources[0]
    titled = replace(storm, hit=replace(storm.hit, title="Nowcasting Convective Storms Under Physical Constraints"))
    quote = next(storm.sentence(i) for i in range(len(storm.spans)) if "12.4%" in storm.sentence(i))
    check = _verdict(checker, [titled], f"Nowcasting Convective Storms Under Physical Constraints: “{quote}” [1]")
    assert check.supported, check.reason
    check = _verdict(checker, [titled], f"StormCaster: “{quote}” [1]")
    assert not check.supported and "'stormcaster'" in check.reason


def test_a_citation_closing_a_run_of_sentences_covers_each_of_them():
    assert split_answer("Adding information helps TITO. With pLM embeddings PLaTITO is state of the art [1].") == [
        "Adding information helps TITO. [1]", "With pLM embeddings PLaTITO is state of the art [1]."]
    assert split_answer("A holds. B holds [1][2]. C holds.") == ["A holds. [1] [2]", "B holds [1][2].", "C holds."]
    # a line break ends the run: the line before keeps no citation
    assert split_answer("Here is what the papers say.\nB holds [1].") == ["Here is what the papers say.", "B holds [1]."]
