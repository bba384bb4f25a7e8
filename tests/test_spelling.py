"""Typing slips put right against question words and the stored titles' names (rag.spelling), over the real seeded store."""

from __future__ import annotations

import pytest

from conftest import answerer_for
from rag.spelling import corrected

SPIKEINIT = "000_711129f47277f084#5"


@pytest.fixture(scope="module")
def answerer(seeded_settings, seeded_retriever):
    settings = seeded_settings.model_copy(update={"llm": seeded_settings.llm.model_copy(update={"provider": "extractive"})})
    return answerer_for(settings, seeded_retriever)


@pytest.mark.parametrize("typed,meant", [
    ("summarize the spikeint paper", "summarize the spikeinit paper"),  # a letter dropped from a coined name
    ("whcih papers use radar", "which papers use radar"),  # two letters swapped in a question word
    ("Whcih papers use radar", "Which papers use radar"),
    ("which papers study federated learning", "which papers study federated learning"),  # a real term, not a slip
    ("which paper tunes qlora", "which paper tunes qlora"),  # short acronyms one edit apart are other things
    ("Are any of these papers about lightning?", "Are any of these papers about lightning?"),  # an everyday word
    ("Which paper proposes SpikeNet?", "Which paper proposes SpikeNet?"),  # two edits from SpikeInit: not a slip
    ("what does PLaTITO improve", "what does PLaTITO improve"),  # held as typed
    ("which papers by Kaiming He", "which papers by Kaiming He"),  # a person's name, though "aiming" is one edit away
])
def test_a_slip_one_edit_from_one_question_word_or_title_name_is_put_right(answerer, typed, meant):
    held = answerer.retriever.holds_term
    assert corrected(typed, answerer._title_names(), held, answerer.retriever.embedder.knows_word) == meant


def test_a_misspelled_name_finds_its_paper(answerer):
    answer = answerer.ask("summarize the spikeint paper")
    assert not answer.refused and {c.paper_id for c in answer.citations} == {SPIKEINIT}
    assert answer.standalone_question == "summarize the spikeinit paper"
