"""Found by using the chat on the seeds (stop 31): a name written in a question calls a paper only
when the paper writes it whole ("MEG", the modality, is no call of MEG-XL; "APT" is no call of a paper
on "adaptation"; "ACE" no call of one on function "spaces")."""

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
