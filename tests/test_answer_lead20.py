"""Found by using the chat on the seeds (stop 31): a name written in a question calls a paper only
when the paper writes it whole ("MEG", the modality, is no call of MEG-XL; "APT" is no call of a paper
on "adaptation"; "ACE" no call of one on function "spaces"); a model family ("graph neural networks")
is held only as those words in a row or its acronym; "transformers" is not "transforms"."""

from __future__ import annotations

import pytest

from rag.intent import Intent, classify
from rag.titles import calls_by_name

NEURAL_OPERATOR = ("Learning mappings between infinite-dimensional function spaces",
                   "Learning mappings between infinite-dimensional function spaces is central to operator learning.")


@pytest.mark.parametrize("question,title,abstract", [
    ("What is ACE?", *NEURAL_OPERATOR),  # "ace" inside "spaces"
    ("How many parameters does APT have?", "Low-Rank Adaptation", "Low-Rank Adaptation fine-tunes large models cheaply."),
    ("Why does longer MEG context hurt word decoding?", "MEG-XL",
     "We present MEG-XL, a model pre-trained with 2.5 minutes of MEG context per sample."),
])
def test_a_name_inside_a_longer_word_or_an_acronym_heading_a_hyphenated_name_calls_no_paper(question, title, abstract):
    assert not calls_by_name(question, title, abstract)


@pytest.mark.parametrize("question,title,abstract", [
    ("What physical principles does MeshFT impose?", "MeshFT-Net", "We propose MeshFT-Net, a mesh-based field transformer."),
    ("What is the GCM paper?", "GCMs", "We train generative classifier models (GCMs) on many tasks."),
    ("How does MEG-XL decode words?", "MEG-XL", "We present MEG-XL, a model pre-trained with 2.5 minutes of MEG context."),
])
def test_a_name_written_whole_its_plural_or_the_head_of_a_hyphenated_name_calls_the_paper(question, title, abstract):
    assert calls_by_name(question, title, abstract)


@pytest.mark.parametrize("question", ["Does any paper use graph neural networks?", "Is there a paper on graph neural networks?"])
def test_a_model_family_no_abstract_names_is_refused_though_its_words_are_scattered(extractive, question):
    # The chemical reaction network paper writes "factor graphs" and "reaction networks": no graph neural network.
    answer = extractive.ask(question)
    assert answer.refused, answer.answer


def test_a_list_of_papers_mentioning_a_model_family_holds_it_as_written(extractive):
    # "transformers" is held by "Transformers", "transformer-based" and "Adaptive Physics Transformer",
    # not by WLA's "transforms weather data" (the stemmer makes both "transform"); "mention" is no topic word.
    answer = extractive.ask("Which papers mention transformers?")
    cited = {c.title for c in answer.citations}
    assert {"APT", "Functional Attention", "Low-Rank Adaptation"} <= cited, cited
    assert "WLA" not in cited


@pytest.mark.parametrize("question", [
    "What's new in DeepSciReasoner?", "What is novel about DeepSciReasoner?", "What is the novelty of LABO?",
    "What does LABO contribute?", "What are the contributions of LABO?", "What is the key idea of InfoGlobe?",
    "What is the main idea behind LABO?",
])
def test_what_is_new_in_a_paper_asks_for_its_contribution(question):
    assert classify(question) == Intent("summary", "contribution")


@pytest.mark.parametrize("question", ["What is the contribution of the gating mechanism to accuracy?",
                                      "How much does the gate contribute to the gain?"])
def test_what_a_part_contributes_is_no_question_on_the_paper_s_contribution(question):
    assert classify(question).noun != "contribution"


def test_what_is_new_quotes_what_the_authors_did_and_how(extractive):
    # was: the evaluation sentence ("We evaluate DeepSciReasoner on eDOS, ...") and the closing one
    answer = extractive.ask("What's new in DeepSciReasoner?")
    assert "we introduce" in answer.answer and "The framework combines structure-aware spectrum decoding" in answer.answer, answer.answer
    assert "We evaluate DeepSciReasoner" not in answer.answer


def test_the_main_result_singular_asks_for_findings():
    assert classify("What is the main result of LABO?") == Intent("summary", "findings")


def test_a_sentence_on_what_standard_methods_lack_is_followed_by_the_paper_s_contribution(extractive):
    # "... the global structure is not sufficiently preserved ... in standard dimension reduction regimes"
    # restates the problem; the answer adds how InfoGlobe does it ("... while preserving information geometry").
    answer = extractive.ask("How does InfoGlobe preserve global structure?")
    assert "we propose InfoGlobe" in answer.answer, answer.answer


def test_an_acronym_topic_is_held_in_the_singular_the_plural_or_spelled_out(extractive):
    # "PDEs": Functional Attention writes "PDEs", C-CSCNNs "PDE forecasting tasks", Modified SINNs
    # "partial differential equations"; before, only the first was listed ("deal with" was a topic word
    # before that, and the question was refused).
    answer = extractive.ask("What papers here deal with PDEs?")
    cited = {c.title for c in answer.citations}
    assert {"Functional Attention", "C-CSCNNs", "Modified SINNs"} <= cited, cited
