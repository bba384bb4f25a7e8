"""seeds_dev20 (compound and described questions): a named paper's abstract silent on the thing asked
for when no question word takes it as object ("what is the latent dimension of WLA?", "what learning
rate schedule did SpikeInit use?"), a follow-up pointing back at a thing of the earlier answer ("in
those runs"), and a terse follow-up naming a kind of thing ("datasets?") asked of the paper on hand."""

from __future__ import annotations

import pytest

from rag.conversation import is_follow_up, standalone_question
from rag.intent import asked_thing, compound_parts
from test_answer_nineteenth import SPIKEINIT, _asked_after  # a question asked after earlier turns, each answered

@pytest.mark.parametrize("question,thing", [
    ("what is the latent dimension of WLA?", "latent dimension"),
    ("what's the batch size of MEG-XL?", "batch size"),
    ("what is ConfSleepNet's Cohen's kappa?", "Cohen's kappa"),  # the owner named, then what it has
    ("What learning rate schedule did SpikeInit use?", "learning rate schedule"),  # three words before the auxiliary
    # what a paper is or does, a kind, a participle or a choice: no thing the abstract must write
    ("what is the main idea of WLA?", ""),
    ("what is the role of the gate in LABO?", ""),
    ("What is MindZero rewarded for during training?", ""),
    ("what kinds of residues does it handle where ML fails?", ""),
    ("which of the two is tested in household domains?", ""),
    ("What is WLA?", ""),
])
def test_the_thing_a_question_asks_for_without_a_question_words_object(question, thing):
    assert asked_thing(question) == thing


# the papers asked about by name below
WLA = "003_cb611f67ebca296c#2"
CONFSLEEPNET = "000_711129f47277f084#3"
MEGXL = "000_711129f47277f084#19"


def test_the_silence_names_the_thing_asked_for(extractive):
    assert extractive.ask("what is the latent dimension of WLA?").answer == "The WLA abstract does not give the latent dimension [1]."
    assert "does not give the Cohen's kappa" in extractive.ask("what is ConfSleepNet's Cohen's kappa?").answer


@pytest.mark.parametrize("question,paper", [
    ("what is the latent dimension of WLA?", WLA),
    ("what is ConfSleepNet's Cohen's kappa?", CONFSLEEPNET),
    ("What learning rate schedule did SpikeInit use?", SPIKEINIT),
    ("what's the batch size of MEG-XL?", MEGXL),
])
def test_a_named_paper_silent_on_the_thing_asked_for_says_so(extractive, question, paper):
    answer = extractive.ask(question)
    assert not answer.refused and "abstract does not" in answer.answer and "“" not in answer.answer, answer.answer
    assert {c.paper_id for c in answer.citations} == {paper}


def test_a_figure_whose_measure_the_abstract_writes_otherwise_is_still_given(extractive):
    # "size" is no word the WLA abstract writes, yet "244.34 TB" is the size asked for
    answer = extractive.ask("What was the size of the original ERA5 data before the latent compression?")
    assert "244.34 TB" in answer.answer, answer.answer


@pytest.mark.parametrize("question,leans", [
    ("How big were the mini-batches in those runs?", True),
    ("Where did the molecular data for those pairs come from?", True),
    ("Which regions does that benchmark cover?", True),
    ("what data were those experiments run on?", True),
    # "that" as a conjunction, or a request for papers, points back at nothing
    ("Is there a paper that uses radar for nowcasting?", False),
    ("Which papers study those methods?", False),
    ("What spatial resolution does the latent space have?", False),
])
def test_a_thing_pointed_back_at_makes_a_follow_up(question, leans):
    assert is_follow_up(question) is leans


def test_a_terse_follow_up_naming_a_kind_of_thing_is_asked_as_the_papers(extractive):
    history = [{"role": "user", "content": "What is SpikeInit?"}, {"role": "assistant", "content": "..."}]
    asked = standalone_question("datasets?", history, 6, None, extractive._calls_paper, extractive._writes)
    assert asked == "SpikeInit's datasets?"
    answer = _asked_after(extractive, "datasets?", "Which paper trains deep SNNs without normalization?")
    assert not answer.refused and "does not name a dataset" in answer.answer, answer.answer
    assert {c.paper_id for c in answer.citations} == {SPIKEINIT}


def test_a_follow_up_pointing_back_at_the_quoted_papers_runs_is_asked_of_it(extractive):
    answer = _asked_after(extractive, "How big were the mini-batches in those runs?",
                          "Which paper gets spiking networks to train without batch norm, and how deep did they go?")
    assert "SpikeInit" in answer.standalone_question, answer.standalone_question
    assert {c.paper_id for c in answer.citations} == {SPIKEINIT}


@pytest.mark.parametrize("question,parts", [
    ("Which paper trains very deep spiking networks without normalization, and to what depth exactly?",
     ("Which paper trains very deep spiking networks without normalization?", "to what depth exactly?")),
    ("Which paper trains deep SNNs, and how deep?", None),  # a bare detail: one question (test_answer_lead16)
    ("Which paper predicts Hamiltonian matrices with SO(2) operations, and on which datasets was it tested?",
     ("Which paper predicts Hamiltonian matrices with SO(2) operations?", "on which datasets was it tested?")),
    ("Is there a paper that adds protein language model embeddings to MD surrogates? What do they improve?",
     ("Is there a paper that adds protein language model embeddings to MD surrogates?", "What do they improve?")),
    # no question for a paper first, or a description holding "and how": one question
    ("What does UniSparse constrain, and how much energy is saved?", None),  # a named paper: only with a pronoun
    ("How does LABO balance LLM predictions and experiments? What does it gain?", None),
    ("Which paper explains why and how LoRA forgets?", None),
])
def test_a_detail_asked_after_a_question_for_one_paper_is_asked_of_it(question, parts):
    assert compound_parts(question) == parts


def test_a_compound_question_whose_detail_the_found_paper_lacks_gives_the_paper_then_its_silence(extractive):
    answer = extractive.ask("Which paper trains spiking networks without normalization, and on what image datasets?")
    assert not answer.refused and "SpikeInit" in answer.answer and "abstract does not name a dataset" in answer.answer, answer.answer
    assert {c.paper_id for c in answer.citations} == {SPIKEINIT}


def test_a_detail_asked_in_a_second_sentence_is_answered_from_the_paper_found(extractive):
    answer = extractive.ask("Is there a paper where LLMs play both sender and receiver in Bayesian persuasion? "
                            "In which dialogue scenarios was it tested?")
    assert "recommendation letters" in answer.answer, answer.answer
