"""Questions a researcher asks in a conversation, found by using the chat on the seeds (stop 25):
summaries of one paper, comparisons of several, list lines that say what each paper does, and
figure questions on a dimension ("how far ahead") the abstract states no figure for."""

from __future__ import annotations

import re

import pytest

from conftest import answerer_for
from rag.intent import Intent, classify
from rag.query import papers_requested

LORA = "003_cb611f67ebca296c#7"
SPIKEINIT = "000_711129f47277f084#5"
STORM = "000_711129f47277f084#4"
AURORA = "000_711129f47277f084#9"


@pytest.fixture(scope="module")
def answerer(seeded_settings, seeded_retriever):
    settings = seeded_settings.model_copy(update={"llm": seeded_settings.llm.model_copy(update={"provider": "extractive"})})
    return answerer_for(settings, seeded_retriever)


@pytest.mark.parametrize("question", ["Summarize the paper on LoRA.", "What is the LoRA paper about?", "tl;dr of SpikeInit",
                                      "Give me an overview of MeshFT"])
def test_a_summary_request_is_its_own_intent(question):
    assert classify(question).kind == "summary"


@pytest.mark.parametrize("question", ["Compare the two spiking network papers.", "Summarize the papers on weather forecasting"])
def test_comparing_or_summing_up_several_papers_lists_them(question):
    assert papers_requested(question)


def test_a_summary_says_what_the_paper_did_and_found(answerer):
    answer = answerer.ask("Summarize the paper on LoRA.")
    assert {c.paper_id for c in answer.citations} == {LORA}
    assert answer.answer.startswith("“We study forgetting through a tractable")
    assert "We show that one phase transition appears" in answer.answer
    assert "time-to-deviation" not in answer.answer  # the closest sentence to "LoRA" is not the summary


def test_a_summary_of_a_paper_no_abstract_is_about_is_refused(answerer):
    assert answerer.ask("Summarize the paper on quantum gravity").refused


def test_comparing_the_spiking_papers_gives_a_line_on_each(answerer):
    answer = answerer.ask("Compare the two spiking network papers.")
    lines = answer.answer.splitlines()
    assert len(lines) >= 2 and all(line.startswith("- ") for line in lines)
    assert SPIKEINIT in {c.paper_id for c in answer.citations}


def test_a_list_line_says_what_the_paper_does_not_how_its_field_stands(answerer):
    answer = answerer.ask("What papers are about weather?")
    assert AURORA in {c.paper_id for c in answer.citations}
    assert "Data-driven models are revolutionizing weather forecasting." not in answer.answer


def test_how_far_ahead_needs_a_horizon_not_any_figure(answerer):
    answer = answerer.ask("How far ahead does StormInsight forecast?")
    assert not answer.refused and answer.citations[0].paper_id == STORM
    assert re.fullmatch(r"The StormInsight abstract does not state this figure \[1\]\.", answer.answer)
    deep = answerer.ask("How deep a network can SpikeInit train without normalization?")
    assert "1000-layer" in deep.answer


GEAR = "003_cb611f67ebca296c#3"


@pytest.mark.parametrize("question", ["What are the main findings of the LoRA paper?", "What did the authors of SpikeInit find?"])
def test_a_question_for_findings_asks_for_findings(question):
    assert (classify(question).kind, classify(question).noun) == ("summary", "findings")


def test_a_question_for_results_asks_for_the_evaluation_then_the_findings():
    # stop 28: results are how the paper was evaluated ("Experimental results demonstrate ..."), whose
    # answer falls back on its findings when the abstract reports no evaluation
    assert classify("What are GEAR's results?") == classify("what are its key results?") == Intent("summary", "evaluation")


def test_results_are_the_findings_after_what_the_paper_did(answerer):
    answer = answerer.ask("What are GEAR's results?")
    assert {c.paper_id for c in answer.citations} == {GEAR} and "14.4%" in answer.answer
    assert "Ricci curvature" not in answer.answer  # what GEAR is, not what it found
    found = answerer.ask("What did the authors of SpikeInit find?")
    assert "1000-layer" in found.answer
    assert "unsuitable for variable-length tasks" not in found.answer  # "reduced batch size" is the problem, no result


def test_findings_of_a_paper_no_abstract_is_about_are_refused(answerer):
    assert answerer.ask("What are the key results of the paper on quantum gravity?").refused


def test_a_title_head_of_three_words_calls_the_paper_in_any_case():
    from rag.titles import calls_by_name

    title = "Kernel Normalized Cut: a Theoretical Revisit"
    abstract = "In this paper, we study the theoretical properties of clustering based on the kernel normalized cut."
    assert calls_by_name("who wrote kernel normalized cut?", title, abstract)
    assert not calls_by_name("who wrote normalized cut?", title, abstract)  # part of the head is no name


def test_it_after_an_answer_saying_a_paper_is_silent_is_that_paper(answerer):
    history = [{"role": "user", "content": "which dataset does the paper on initializing spiking networks use?"},
               {"role": "assistant", "content": "The SpikeInit abstract does not name a dataset [1]."}]
    answer = answerer.ask("how deep a network does it train?", history=history)
    assert answer.standalone_question == "how deep a network does SpikeInit train?"
    assert "1000-layer" in answer.answer


_ENAS = "Efficient Neural Architecture Search via Parameters Sharing"
_SAME_INITIALS = ("Efficient Neural Audio Synthesis", "Efficient Nonmyopic Active Search")
_WGAN = "Wasserstein Generative Adversarial Networks"
_TWO_STEP = "A Two-Step Computation of the Exact GAN Wasserstein Distance"
_ADAM = "Dissecting Adam: The Sign, Magnitude and Variance of Stochastic Gradients"
_MAML = "Model-Agnostic Meta-Learning for Fast Adaptation of Deep Networks"


@pytest.fixture(scope="module")
def icml(tmp_path_factory):
    """An extractive answerer over a dozen real ICML 2017 and 2018 records, with three titles whose
    initials are all ENAS and two on Wasserstein GANs."""
    import json

    from conftest import make_settings, shared_data
    from rag.service import RagService

    root = tmp_path_factory.mktemp("icml")
    wanted = (_ENAS, *_SAME_INITIALS, _WGAN, _TWO_STEP, _ADAM, _MAML)
    for name in ("icml2017.json", "icml2018.json"):
        records = json.loads(shared_data(f"paperlists_papercopilot/{name}").read_text())
        (root / name).write_text(json.dumps(records[:6] + [r for r in records[6:] if r["title"] in wanted]))
    settings = make_settings(root / "data")
    service = RagService(settings)
    service.ingest([str(root / "icml2017.json"), str(root / "icml2018.json")], progress=False)
    extractive = settings.model_copy(update={"llm": settings.llm.model_copy(update={"provider": "extractive"})})
    return answerer_for(extractive, service.retriever)


def test_an_acronym_is_the_paper_whose_abstract_writes_it_among_titles_sharing_its_initials(icml):
    assert {paper["title"] for paper in icml.retriever.papers()} >= {_ENAS, *_SAME_INITIALS}
    answer = icml.ask("Which paper introduces ENAS?")
    assert not answer.refused
    assert {c.title for c in answer.citations} == {_ENAS}


def test_a_question_writing_a_title_calls_that_paper_and_a_field_acronym_calls_none():
    from rag.titles import calls_by_name

    wgan = "We introduce a new algorithm named WGAN, an alternative to traditional GAN training."
    assert calls_by_name("Who proposed the Wasserstein GAN?", _WGAN, wgan)
    assert not calls_by_name("Who proposed the Wasserstein GAN?", _TWO_STEP, "In this paper, we propose a two-step method.")
    assert not calls_by_name("which papers improve GAN training", _WGAN, wgan)


def test_who_proposed_a_method_named_by_its_title_gives_that_papers_authors(icml):
    answer = icml.ask("Who proposed the Wasserstein GAN?")
    assert [c.title for c in answer.citations] == [_WGAN]
    assert "Martin Arjovsky" in answer.answer


@pytest.mark.parametrize("question", ["Which papers cite mixup?", "how many citations does Glow have", "which paper is the most cited?",
                                      "What is the most popular topic at ICLR 2018?", "what is trending in RL?"])
def test_citations_and_popularity_are_out_of_scope(question):
    assert classify(question).kind == "out_of_scope"


@pytest.mark.parametrize("question", ["papers on citation recommendation", "which papers study popular music"])
def test_topics_near_those_words_stay_questions(question):
    assert classify(question).kind != "out_of_scope"


def test_a_comparison_of_two_named_papers_says_what_each_did(answerer):
    answer = answerer.ask("Compare SpikeInit and UniSparse")
    assert {c.paper_id for c in answer.citations} == {SPIKEINIT, "003_cb611f67ebca296c#4"}
    assert "proposing SpikeInit" in answer.answer and "we propose UniSparse" in answer.answer


def test_comparing_two_papers_of_a_list_by_their_titles(icml):
    answer = icml.ask("Compare the Wasserstein GAN and ENAS")
    assert {c.title for c in answer.citations} == {_WGAN, _ENAS}


def test_a_label_before_a_titles_colon_names_no_paper():
    from rag.titles import calls_by_name

    position = "Position: Insights from Survey Methodology can Improve Training Data"
    assert not calls_by_name("Summarize the paper on position coupling", position, "Whether future AI models are fair ...")
    assert calls_by_name("Was the paper on mixup accepted?", "mixup: Beyond Empirical Risk Minimization", "We propose mixup.")


def test_results_asked_bare_after_a_paper_are_its_findings(answerer):
    assert (classify("results of SpikeInit?").kind, classify("results of SpikeInit?").noun) == ("summary", "findings")
    history = [{"role": "user", "content": "Which paper trains very deep spiking networks without normalization?"},
               {"role": "assistant", "content": answerer.ask("Which paper trains very deep spiking networks without normalization?").answer}]
    answer = answerer.ask("results?", history=history)
    assert answer.standalone_question == "results of SpikeInit?"
    assert "1000-layer" in answer.answer and "Extensive experiments demonstrate" in answer.answer


@pytest.mark.parametrize("question,thing", [
    ("Which paper introduced the Adam optimizer?", "Adam optimizer"), ("Which paper introduces ENAS?", "ENAS"),
    ("which paper proposes a model that uses radar?", ""),  # a description, not a name
])
def test_the_thing_a_paper_is_asked_to_have_introduced(question, thing):
    from rag.intent import introduced_thing

    assert introduced_thing(question) == thing


def test_which_paper_introduced_x_is_the_paper_that_did_not_one_mentioning_it(icml, answerer):
    assert icml.ask("Which paper introduced the Adam optimizer?").refused  # "The ADAM optimizer is exceedingly popular"
    assert [c.title for c in icml.ask("Which paper introduced MAML?").citations] == [_MAML]  # its abstract never says MAML
    assert [c.title for c in icml.ask("Which paper proposed the Wasserstein GAN?").citations] == [_WGAN]
    assert answerer.ask("Which paper introduces StormBench?").citations[0].paper_id == STORM  # "we build ... StormBench"


def test_a_silent_answer_names_its_paper_unless_the_paper_has_no_name():
    from rag.compose import silent_about

    assert silent_about("The SpikeInit abstract does not name a dataset [1].") == "SpikeInit"
    assert silent_about("The abstract of Kernel Normalized Cut: a Theoretical Revisit does not name its authors [1].") \
        == "Kernel Normalized Cut: a Theoretical Revisit"
    assert silent_about("The cited paper's abstract does not name a dataset [1].") is None  # no name to carry over
    assert silent_about("“We introduce StormInsight ...” [1]") is None
