"""seeds_dev18 (a second researcher's conversation): earlier papers called by position or chosen
among, follow-ups writing a field acronym, and a paper's silence said whether it was named or described."""

from __future__ import annotations

import pytest

from rag.conversation import is_follow_up, standalone_question


def _turns(*questions: str) -> list[dict]:
    """A history of user questions, each answered with text naming no paper."""
    return [message for q in questions for message in ({"role": "user", "content": q}, {"role": "assistant", "content": "..."})]


@pytest.mark.parametrize("history,question,standalone", [
    (["What is CARD?", "What is MeshFT-Net?"], "how much faster is the first one at inference?", "how much faster is CARD at inference?"),
    (["What is SpikeInit?", "What is UniSparse?"], "how many layers did the former manage to train?",
     "how many layers did SpikeInit manage to train?"),
    (["What is SpikeInit?", "What is UniSparse?"], "what accuracy does the latter reach on CIFAR-10?",
     "what accuracy does UniSparse reach on CIFAR-10?"),
    (["What is ACE?", "What is InfoGlobe?", "What is LABO?"], "and the third: what kind of bound does it prove?",
     "LABO: what kind of bound does LABO prove?"),
    (["What is GEAR?", "What is QHNetV2?"], "which species do the first one's data come from?", "which species do GEAR's data come from?"),
    # "the other one": the paper asked about before the current one
    (["What is MEG-XL?", "What is ConfSleepNet?"], "does the other one decode words?", "does MEG-XL decode words?"),
    # "and the other one?" asks the previous question of the other paper
    (["What is MindZero?", "What is Geo-R1?", "Does MindZero need mental state annotations?"], "and the other one?",
     "Does Geo-R1 need mental state annotations?"),
])
def test_an_earlier_paper_called_by_its_position(history, question, standalone):
    assert standalone_question(question, _turns(*history), 6) == standalone


def test_which_of_the_two_chooses_among_the_earlier_papers():
    history = _turns("What is TriForces?", "What about QHNetV2?")
    assert standalone_question("which of the two releases code in the AIRS library?", history, 6) \
        == "which of TriForces and QHNetV2 releases code in the AIRS library?"
    # a choice among three, or between papers not both called by a name, is left to retrieval
    three = _turns("What is APT?", "What is GEAR?", "What is CARD?")
    assert standalone_question("which of those three targets CO2 sequestration?", three, 6) == "which of those three targets CO2 sequestration?"
    described = _turns("What is MeshFT-Net?", "What is the functional attention paper?")
    assert standalone_question("which of the two has a project page?", described, 6) == "which of the two has a project page?"


def test_positions_need_two_earlier_papers_and_lists_keep_their_reading():
    # one paper before: "the first one" points at nothing
    assert standalone_question("what does the first one conserve?", _turns("What is MeshFT-Net?"), 6) == "what does the first one conserve?"
    # after a question for papers, "which of them" means the listed papers, as before
    assert standalone_question("which of them use radar?", _turns("What is CARD?", "Which papers study weather?"), 6) \
        == "which of the weather papers use radar?"
    # "the first phase" is no paper
    assert standalone_question("what happens in the first phase?", _turns("What is CARD?", "What is ConfSleepNet?"), 6) \
        == "what happens in the first phase?"


def test_a_field_acronym_does_not_stop_a_follow_up():
    assert is_follow_up("which base VLM does it start from?")
    assert standalone_question("which base VLM does it start from?", _turns("What is Geo-R1?"), 6) == "which base VLM does Geo-R1 start from?"
    assert standalone_question("what GPU did they train it on?", _turns("What is WLA?"), 6) == "what GPU did WLA train it on?"
    # a name of its own still makes a question stand alone
    assert not is_follow_up("Does MindZero use it?")


def test_a_continuation_naming_a_paper_and_asking_of_it():
    history = _turns("What is MindZero?", "What is Agent Rosetta?")
    assert standalone_question("and MindZero, after training, what does its inference look like?", history, 6) \
        == "MindZero, after training, what does MindZero's inference look like?"
    # a pronoun beside a name that is the thing asked about still means the earlier subject
    assert standalone_question("and how much does it improve mCSI?", _turns("What is StormInsight?"), 6) \
        == "how much does StormInsight improve mCSI?"


def _asked_after(answerer, question: str, *earlier: str):
    history: list[dict] = []
    for turn in earlier:
        history += [{"role": "user", "content": turn}, {"role": "assistant", "content": answerer.ask(turn, history=history).answer}]
    return answerer.ask(question, history=history)


def test_a_papers_silence_is_said_whether_it_was_named_or_described(extractive):
    # Issue 7's own example: after "Which paper ...?" found the paper, its silence on the follow-up is
    # said of it ("The SpikeInit abstract does not name a dataset"), not refused.
    described = _asked_after(extractive, "how much GPU memory does it save?", "Which paper predicts Hamiltonian matrices?")
    assert not described.refused and "does not" in described.answer, described.answer
    named = _asked_after(extractive, "which base VLM does it start from?", "What is Geo-R1?")
    assert not named.refused and "does not" in named.answer and named.citations[0].paper_id == "003_cb611f67ebca296c#8", named.answer


def test_the_first_of_two_papers_is_answered(extractive):
    answer = _asked_after(extractive, "how much faster is the first one at inference?", "What is CARD?", "What is MeshFT-Net?")
    assert "40-fold" in answer.answer and answer.citations[0].paper_id == "003_cb611f67ebca296c#15", answer.answer
