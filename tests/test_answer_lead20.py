"""Found by using the chat on the seeds (stop 31): a name written in a question calls a paper only
when the paper writes it whole ("MEG", the modality, is no call of MEG-XL; "APT" is no call of a paper
on "adaptation"; "ACE" no call of one on function "spaces"); a model family ("graph neural networks")
is held only as those words in a row or its acronym; "transformers" is not "transforms"."""

from __future__ import annotations

import pytest

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
