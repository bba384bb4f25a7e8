"""seeds_dev19 (questions typed into a chat box): names typed apart or run together, terse follow-ups
with no pronoun, positions typed as numerals, and a follow-up to a paper the user only described
resolved to the paper the previous answer quoted, its silence said of it."""

from __future__ import annotations

import pytest

from rag.conversation import standalone_question
from rag.spelling import corrected

SPIKEINIT = "000_711129f47277f084#5"
APT = "003_cb611f67ebca296c#10"


def _turns(*questions: str) -> list[dict]:
    """A history of user questions, each answered with text naming no paper."""
    return [message for q in questions for message in ({"role": "user", "content": q}, {"role": "assistant", "content": "..."})]


def _asked_after(answerer, question: str, *earlier: str):
    history: list[dict] = []
    for turn in earlier:
        history += [{"role": "user", "content": turn}, {"role": "assistant", "content": answerer.ask(turn, history=history).answer}]
    return answerer.ask(question, history=history)


@pytest.mark.parametrize("typed,meant", [
    ("spike init how deep", "spikeinit how deep"),  # a coined name typed as two words
    ("the info globe and mind zero papers", "the infoglobe and mindzero papers"),
    ("megxl context per sample", "meg-xl context per sample"),  # typed without its hyphen
    ("meshftnet energy drift", "meshft-net energy drift"),
    ("qhnet2 datasets", "qhnetv2 datasets"),  # one edit from a name with a digit
    ("MEG-XL context", "MEG-XL context"),  # written as the name: left alone
    ("ace wla", "ace wla"),  # two names side by side are no third one
    ("deep spiking nets", "deep spiking nets"),  # everyday words that join into no name
])
def test_a_name_typed_apart_or_run_together_is_written_as_the_name(extractive, typed, meant):
    held = extractive.retriever.holds_term
    assert corrected(typed, extractive._title_names(), held, extractive.retriever.embedder.knows_word) == meant


@pytest.mark.parametrize("history,question,standalone", [
    (["meg xl"], "context in tokens", "context in tokens of meg xl?"),
    (["What is WLA?"], "latent dim", "latent dim of WLA?"),
    (["What is WLA?"], "what's the batch size?", "what's the batch size of WLA?"),
    # a name typed in lower case is a new subject, so positions count it
    (["card", "wla"], "1st one speedup", "card speedup"),
    (["uni sparse", "spike init"], "2nd one depth", "spike init depth"),
    # a name that calls no stored paper is no topic of its own
    (["What is the Fatigue Index?"], "what AUROC does it get?", "what AUROC does Fatigue Index get?"),
])
def test_a_terse_follow_up_is_asked_of_the_paper_on_hand(extractive, history, question, standalone):
    assert standalone_question(question, _turns(*history), 6, None, extractive._calls_paper) == standalone


@pytest.mark.parametrize("history,question", [
    (["storminsight"], "any paper on earthquake prediction"),  # looks for a paper
    (["What is CARD?"], "which papers use diffusion models"),  # asks for papers
    (["triforces"], "what is the qhnetv2 speedup"),  # calls another stored paper
    (["What is LABO?"], "gpt4o zero shot score"),  # writes a name of its own
    (["What is MindZero?"], "how does self-supervised reinforcement learning reward mental state hypotheses"),  # long
])
def test_a_question_with_a_topic_of_its_own_stays_as_asked(extractive, history, question):
    assert standalone_question(question, _turns(*history), 6, None, extractive._calls_paper) == question


def test_without_the_store_or_history_nothing_changes():
    # no `calls_paper` (how `rag.compose` asks the second part of a question): terse questions are left alone
    assert standalone_question("latent dim", _turns("What is WLA?"), 6) == "latent dim"
    assert standalone_question("1st one speedup", [], 6) == "1st one speedup"


def test_they_after_a_described_paper_is_that_paper_and_its_silence_is_said(extractive):
    # "they" names the one paper the answer to "Which paper ...?" quoted, not the description's words
    answer = _asked_after(extractive, "which optimizer did they train with?", "Which paper proposes an initialization for deep SNNs?")
    assert not answer.refused and "does not" in answer.answer and "SpikeInit" in answer.standalone_question, answer.answer
    assert {c.paper_id for c in answer.citations} == {SPIKEINIT}


def test_a_terse_follow_up_to_a_described_paper_is_answered_of_it(extractive):
    answer = _asked_after(extractive, "how many GPUs were used?", "Which paper handles subsurface simulations?")
    assert not answer.refused and "does not" in answer.answer, answer.answer
    assert {c.paper_id for c in answer.citations} == {APT}


@pytest.mark.parametrize("history,question,standalone", [
    (["What is QHNetV2?"], "what about equiformer", "equiformer"),
    (["What is SpikeInit?"], "vs tdbn", "tdbn"),
    (["What is WLA?"], "and pangu weather", "pangu weather"),
    # a thing stored papers write, or a question about the paper on hand, is still asked of it
    (["What is CARD?"], "what about inference speed?", "inference speed of CARD?"),
    (["What is GEAR?"], "and on scaffold splits, by how much?", "on scaffold splits, by how much of GEAR?"),
])
def test_a_thing_no_stored_paper_writes_brought_in_by_a_follow_up_is_asked_alone(extractive, history, question, standalone):
    writes = extractive._writes
    assert standalone_question(question, _turns(*history), 6, None, extractive._calls_paper, writes) == standalone


def test_a_method_of_no_stored_paper_after_a_paper_is_refused(extractive):
    assert _asked_after(extractive, "what about equiformer", "What is QHNetV2?").refused


def test_a_terse_question_after_a_refusal_has_no_paper_on_hand(extractive):
    refused = [{"role": "user", "content": "functional attn"},
               {"role": "assistant", "content": "No paper in the collection answers this question. The closest papers are: ..."}]
    assert standalone_question("project page", refused, 6, None, extractive._calls_paper) == "project page"
    answered = [{"role": "user", "content": "functional attn"}, {"role": "assistant", "content": "..."}]
    assert standalone_question("project page", answered, 6, None, extractive._calls_paper) == "project page of functional attn?"


def test_a_terse_question_is_not_asked_of_a_clipped_opening_clause(extractive):
    history = [{"role": "user", "content": "weather scaling laws"}, {"role": "assistant", "content": "“...” [1]"}]
    title = "Data-driven models are revolutionizing weather forecasting"
    assert standalone_question("graphcast", history, 6, lambda answer: title, extractive._calls_paper) == "graphcast of weather scaling laws?"
    # a coined name is what it is asked of
    assert standalone_question("graphcast", history, 6, lambda answer: "WLA", extractive._calls_paper) == "graphcast of WLA?"


def test_a_short_question_calling_a_paper_of_its_own_is_no_terse_follow_up(extractive):
    history = _turns("What is InfoGlobe?", "What is the functional KL paper?")
    # the second turn is a new paper, so "the first one" is still InfoGlobe
    assert standalone_question("which species do the first one's data come from?", history, 6, None, extractive._calls_paper) \
        == "which species do InfoGlobe's data come from?"
