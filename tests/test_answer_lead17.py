"""Found by using the chat on the seeds (stop 28): how a paper was evaluated and what its results are,
whether its code is out, and requests worded around the reader ("which paper would help me with X",
"summarize the papers on X") that were refused because their framing words are in no abstract."""

from __future__ import annotations

import pytest

from rag.intent import Intent, classify
from rag.query import content_query, topic_words


@pytest.mark.parametrize("question", [
    "How is QHNetV2 evaluated?", "How was the Hamiltonian prediction paper tested?", "How do they validate GCMs?",
    "What experiments does MeshFT run?", "What are the results of UniSparse?", "What are UniSparse's experimental results?",
])
def test_evaluation_questions_ask_how_it_was_tested(question):
    assert classify(question) == Intent("summary", "evaluation")


@pytest.mark.parametrize("question", [
    "Which datasets was QHNetV2 tested on?",  # names of datasets: an entity
    "How many datasets were Harmonic Resonate-and-Fire layers evaluated on?",  # a count
    "What did the UniSparse authors find?",  # findings, theoretical ones included
])
def test_names_counts_and_findings_are_no_evaluation_question(question):
    assert classify(question).noun != "evaluation"


def test_how_a_paper_is_evaluated_quotes_its_experiments_not_its_method(extractive):
    answer = extractive.ask("How is QHNetV2 evaluated?")
    assert "QH9 and MD17 datasets" in answer.answer, answer.answer
    assert "Clebsch" not in answer.answer  # the method sentence the question used to get
    assert "promising direction" not in answer.answer  # "SO(2)" is no figure following the experiments


def test_the_experiments_of_a_paper_are_its_evaluation_sentence_not_a_silence(extractive):
    answer = extractive.ask("What experiments does MeshFT run?")
    assert not answer.refused
    assert "does not" not in answer.answer  # it was "does not say which experiments"
    assert "analytic and realistic datasets" in answer.answer, answer.answer


def test_results_are_the_experimental_results_with_their_figures(extractive):
    answer = extractive.ask("What are the results of UniSparse?")
    assert "state-of-the-art trade-off" in answer.answer and "92.38" in answer.answer, answer.answer
    assert "affine parameters" not in answer.answer  # a finding on batch normalization, no result


@pytest.mark.parametrize("question,intent", [
    ("Is the code for MeshFT released?", "code"), ("Is there code for QHNetV2?", "code"),
    ("Did the SpikeInit authors release their code?", "code"), ("Is the implementation of CARD public?", "code"),
    ("Which papers study code generation?", "papers"),
])
def test_code_release_questions(question, intent):
    assert classify(question).kind == intent


def test_code_not_linked_is_said_and_code_linked_is_quoted(extractive):
    silent = extractive.ask("Is the code for MeshFT released?")
    assert silent.answer == "The MeshFT-Net abstract does not link its code [1].", silent.answer
    linked = extractive.ask("Is there code for QHNetV2?")
    assert "github.com/divelab/AIRS" in linked.answer, linked.answer


@pytest.mark.parametrize("question,words", [
    ("Which paper would help me with catastrophic forgetting?", ["catastrophic", "forgetting"]),
    ("Summarize the papers on single-cell data.", ["single-cell", "data"]),
    ("I need an overview of spiking networks, please", ["spiking", "networks"]),
    ("recommend a laptop for deep learning", ["recommend", "laptop", "deep", "learning"]),  # a request for a thing, no paper
])
def test_the_readers_own_words_are_no_topic(question, words):
    assert topic_words(content_query(question)) == words


def test_a_paper_that_would_help_with_a_problem_is_the_paper_on_it(extractive):
    answer = extractive.ask("Which paper would help me with catastrophic forgetting?")
    assert not answer.refused and "catastrophic forgetting" in answer.answer, answer.answer


def test_summarize_the_papers_on_a_topic_lists_them(extractive):
    answer = extractive.ask("Summarize the papers on single-cell data.")
    assert not answer.refused
    assert "GRN" in answer.answer and "InfoGlobe" in answer.answer and answer.answer.count("\n- ") == 2, answer.answer


def test_how_a_named_paper_works_quotes_the_sentence_introducing_it(extractive):
    # "work" in "how does MindZero work?" is no topic word: the question asks about the paper alone
    answer = extractive.ask("How does MindZero work?")
    assert "self-supervised reinforcement learning framework" in answer.answer, answer.answer


def test_the_paper_a_how_question_points_at_is_no_evidence_for_a_sentence():
    from rag.compose import _LOCATOR
    assert _LOCATOR.sub(" ", "How does the Theory of Mind paper infer mental states?").split() == ["How", "infer", "mental", "states?"]


def test_a_list_line_quotes_what_the_paper_does_not_the_work_it_improves_on(extractive):
    answer = extractive.ask("Which papers study weather?")
    wla = next(line for line in answer.answer.splitlines() if line.startswith("- WLA:"))
    assert "we propose a novel Weather Latent Autoencoder" in wla, wla
    assert "existing studies" not in answer.answer  # "However, existing studies often rely on ...": other work


@pytest.mark.parametrize("question,answer", [
    ("How does MEG-XL use EEG recordings?", "The MEG-XL abstract does not mention EEG [1]."),  # it records MEG
    ("What accuracy does UniSparse get on ImageNet?", "The UniSparse abstract does not mention ImageNet [1]."),  # CIFAR-10 only
    ("How does MeshFT handle CFD meshes?", "The MeshFT-Net abstract does not mention CFD [1]."),
])
def test_a_named_paper_silent_on_another_name_asked_about_says_so(extractive, question, answer):
    assert extractive.ask(question).answer == answer


@pytest.mark.parametrize("question,held", [
    ("What accuracy does UniSparse get on CIFAR-10?", "92.38"),  # the name the abstract writes
    ("How do SNNs in UniSparse use BN?", "UniSparse"),  # "BN": the initials of words it writes ("batch normalization")
    ("How does QHNetV2 compare to QHNet?", "QHNetV2"),  # the start of a name it writes
])
def test_names_the_abstract_holds_otherwise_are_answered(extractive, question, held):
    answer = extractive.ask(question)
    assert not answer.refused and "does not mention" not in answer.answer and held in answer.answer, answer.answer


@pytest.mark.parametrize("question,several", [
    ("Which paper studies LoRA forgetting?", False), ("Which paper works on weather?", False),
    ("Which method works best?", False), ("Which papers study LoRA?", True), ("What works study SNNs?", True),
    ("Which studies use radar?", True),
])
def test_studies_and_works_after_a_singular_noun_are_its_verb(question, several):
    from rag.query import papers_requested
    assert papers_requested(question) is several


def test_a_request_for_a_thing_no_paper_is_about_is_still_refused(extractive):
    assert extractive.ask("recommend a laptop for deep learning").refused
