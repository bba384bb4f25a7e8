"""Found by using the chat over real ICML 2017-2019 records (stop 26): "show me more" after a list,
"which of them ..." about the listed papers, abstracts their source cut off mid-sentence, and a
paper that only mentions a method in its own voice ("We observe a similar trend with batch
normalization") taken for the one that introduced it."""

from __future__ import annotations

import json
import re

import pytest

from conftest import answerer_for, make_settings, shared_data
from rag.conversation import asks_for_more, earlier_answers, standalone_question
from rag.text import cut_off, split_sentences

_META = ("Model-Agnostic Meta-Learning for Fast Adaptation of Deep Networks",
         "Been There, Done That: Meta-Learning with Episodic Recall",
         "Bilevel Programming for Hyperparameter Optimization and Meta-Learning",
         "Gradient-Based Meta-Learning with Learned Layerwise Metric and Subspace",  # its source cut it off: "... is the"
         "Meta-Learning by Adjusting Priors Based on Extended PAC-Bayes Theory",
         "Fast Context Adaptation via Meta-Learning", "Hierarchically Structured Meta-learning",
         "Meta-Learning Neural Bloom Filters", "Online Meta-Learning", "Provable Guarantees for Gradient-Based Meta-Learning",
         "Taming MAML: Efficient unbiased meta-reinforcement learning")
_BATCH_NORM = ("A Quantitative Analysis of the Effect of Batch Normalization on Gradient Descent",
               "The Effect of Network Width on Stochastic Gradient Descent and Generalization: an Empirical Study")
_CUT = "Our primary contribution is the"
_EFFICIENTNET = "EfficientNet: Rethinking Model Scaling for Convolutional Neural Networks"
_BENGIO_COURVILLE = ("A Closer Look at Memorization in Deep Networks", "Mutual Information Neural Estimation")


@pytest.fixture(scope="module")
def icml(tmp_path_factory):
    """An extractive answerer over eleven real ICML 2017-2019 meta-learning records, two on batch
    normalization that did not introduce it, EfficientNet, and the first five records of each year."""
    root = tmp_path_factory.mktemp("icml-more")
    wanted = {*_META, *_BATCH_NORM, _EFFICIENTNET, *_BENGIO_COURVILLE}
    names = [f"icml{year}.json" for year in (2017, 2018, 2019)]
    for name in names:
        records = json.loads(shared_data(f"paperlists_papercopilot/{name}").read_text())
        (root / name).write_text(json.dumps(records[:5] + [r for r in records[5:] if r["title"] in wanted]))
    from rag.service import RagService

    settings = make_settings(root / "data")
    service = RagService(settings)
    service.ingest([str(root / name) for name in names], progress=False)
    extractive = settings.model_copy(update={"llm": settings.llm.model_copy(update={"provider": "extractive"})})
    return answerer_for(extractive, service.retriever)


def _turns(*pairs: tuple[str, str]) -> list[dict]:
    return [m for question, answer in pairs for m in ({"role": "user", "content": question}, {"role": "assistant", "content": answer})]


@pytest.mark.parametrize("question", ["show me more", "Any others?", "what else?", "More papers like these, please",
                                      "are there any more?", "Can you give me more examples?", "anything else?"])
def test_a_request_for_more_is_read_as_one(question):
    assert asks_for_more(question)


@pytest.mark.parametrize("question", ["more on graph networks", "what else does it do?", "what other datasets?",
                                      "tell me more about it", "which papers use more data?"])
def test_a_question_with_its_own_topic_is_no_request_for_more(question):
    assert not asks_for_more(question)


def test_a_request_for_more_asks_the_previous_question_again_however_often():
    history = _turns(("Which papers are about meta-learning?", "- A: “x” [1]"), ("show me more", "- B: “y” [1]"))
    assert standalone_question("any others?", history, 6) == "Which papers are about meta-learning?"
    assert earlier_answers(history) == ["- A: “x” [1]", "- B: “y” [1]"]
    assert earlier_answers(history + _turns(("What is MAML?", "z [1]"))) == ["z [1]"]  # a new question starts afresh


@pytest.mark.parametrize("follow_up, standalone", [
    ("which of them uses reinforcement learning?", "which of the meta-learning papers uses reinforcement learning?"),
    ("which one of these is the fastest?", "which one of the meta-learning papers is the fastest?"),
    ("what do they evaluate on?", "what do the meta-learning papers evaluate on?"),
])
def test_them_after_a_list_question_is_the_listed_papers(follow_up, standalone):
    history = _turns(("Which papers are about meta-learning?", "- A: “x” [1]"))
    assert standalone_question(follow_up, history, 6) == standalone


def test_these_outside_of_them_is_no_reference():
    history = _turns(("Which papers are about meta-learning?", "- A: “x” [1]"))
    assert standalone_question("are these results good?", history, 6) == "are these results good?"


def test_show_me_more_lists_the_papers_the_first_answer_left_out(icml):
    first = icml.ask("Which papers are about meta-learning?")
    shown = {c.title for c in first.citations}
    assert len(shown) == 8
    history = _turns((first.question, first.answer))
    more = icml.ask("show me more", history=history)
    assert more.standalone_question == "Which papers are about meta-learning?"
    titles = {c.title for c in more.citations}
    assert titles and not titles & shown
    assert titles & (set(_META) - shown)  # meta-learning papers the first eight left out
    rest = icml.ask("any others?", history=history + _turns(("show me more", more.answer)))
    assert not {c.title for c in rest.citations} & (shown | titles)
    assert rest.citations or rest.answer.startswith("No other paper in the collection")


def test_any_others_after_a_one_paper_answer_is_not_that_paper(icml):
    first = icml.ask("Which paper introduced MAML?")
    assert [c.title for c in first.citations] == [_META[0]]
    other = icml.ask("any others?", history=_turns((first.question, first.answer)))
    assert _META[0] not in {c.title for c in other.citations}


def test_a_sentence_cut_off_by_the_source_is_never_quoted(icml):
    answer = icml.ask("Which papers are about meta-learning?")
    assert _META[3] in {c.title for c in answer.citations}
    assert _CUT not in answer.answer
    assert all(not cut_off(c.quote) for c in answer.citations)


@pytest.mark.parametrize("text, cut", [(_CUT, True), ("Over the last few years, the phenomenon of", True),
                                       ("We train deep networks", False), ("It is the best.", False), ("As in (Smith et al.)", False)])
def test_a_sentence_ending_on_a_function_word_is_cut_off(text, cut):
    assert cut_off(text) is cut


def test_a_paper_mentioning_a_method_in_its_own_voice_did_not_introduce_it(icml):
    answer = icml.ask("Which paper proposed batch normalization?")
    assert answer.refused
    assert icml.ask("Which paper introduced MAML?").citations[0].title == _META[0]


def test_how_many_papers_on_a_topic_counts_them_from_the_index(icml):
    answer = icml.ask("How many papers are about meta-learning?")
    match = re.match(r"^(\d+) of the collection's (\d+) papers have the word “meta-learning” \(in some form\) in their title or abstract; the closest:\n- ",
                     answer.answer)
    assert match, answer.answer
    held, total = int(match.group(1)), int(match.group(2))
    assert total == len(icml.retriever.papers())
    titled = sum("meta-learning" in p["title"].lower() for p in icml.retriever.papers())
    assert titled <= held < total
    assert len(answer.citations) >= 2
    nothing = icml.ask("How many papers are about quantum gravity?")
    assert nothing.refused or nothing.answer.startswith("0 of the collection's")


def test_a_count_within_a_year_counts_that_years_papers(icml):
    answer = icml.ask("How many 2019 papers are about meta-learning?")
    of_2019 = sum(str(p.get("year")) == "2019" for p in icml.retriever.papers())
    assert re.match(rf"^\d+ of the {of_2019} 2019 papers have the word “meta-learning”", answer.answer), answer.answer


def test_a_long_title_without_a_short_name_still_names_its_list_line(icml):
    answer = icml.ask("Which papers study batch normalization?")
    assert f"- {_BATCH_NORM[1]}: “" in answer.answer  # 15 words, 13 of them before its colon
    assert all(line.startswith("- ") and ": “" in line for line in answer.answer.splitlines())


def test_a_capital_letter_ending_a_sentence_is_no_initial():
    text = "PCA has higher error on population A than on B. This motivates our study. We thank J. Smith for data."
    assert [text[s:e] for s, e in split_sentences(text)] == [
        "PCA has higher error on population A than on B.", "This motivates our study.", "We thank J. Smith for data."]


@pytest.mark.parametrize("acronym", ["RLHF", "SFT", "MoE", "ViT", "ICL"])
def test_an_acronym_of_a_method_family_names_no_paper(acronym):
    from rag.titles import is_generic_term

    assert is_generic_term(acronym)  # no paper's title abbreviates to it (DPO and PPO may: their papers' titles do)


def test_a_method_familys_acronym_typed_in_lower_case_is_spelled_out():
    from rag.query import plain_question

    assert "direct preference optimization" in plain_question("how does dpo work?")
    assert "reinforcement learning from human feedback" in plain_question("papers on rlhf")


@pytest.mark.parametrize("question", ["What are the main approaches to LLM unlearning?", "what are methods for graph sparsification?"])
def test_the_approaches_to_a_problem_are_answered_by_a_list_of_papers(question):
    from rag.query import papers_requested

    assert papers_requested(question)


def test_tell_me_about_is_no_part_of_the_subject():
    history = _turns(("Tell me about diffusion models for protein design", "X: “y” [1]"))
    assert standalone_question("which datasets do they use?", history, 6) == "which datasets do diffusion models protein design use?"


@pytest.mark.parametrize("question", ["Who works on meta-learning?", "who has worked on optimal transport", "Which researchers study fairness?",
                                      "who wrote about graph neural networks?"])
def test_who_works_on_a_topic_asks_for_its_papers_and_their_authors(question):
    from rag.intent import Intent, classify

    assert classify(question) == Intent("papers", "authors")


def test_who_works_on_a_topic_names_each_papers_authors_from_its_record(icml):
    answer = icml.ask("Who works on meta-learning?")
    assert not answer.refused and len(answer.citations) >= 3
    assert f"- {_META[0]} (Chelsea Finn, Pieter Abbeel and Sergey Levine): “" in answer.answer
    assert all(re.match(r"- .+ \(.+\): “", line) for line in answer.answer.splitlines())
    assert "(Chelsea Finn" not in icml.ask("Which papers are about meta-learning?").answer  # only when asked who


@pytest.mark.parametrize("question", ["what results does it report?", "What results are reported for GEAR?", "what does GEAR achieve?"])
def test_asking_what_a_paper_reports_or_achieves_asks_for_its_findings(question):
    from rag.intent import Intent, classify

    assert classify(question) == Intent("summary", "findings")


def test_a_yes_no_question_on_something_the_named_papers_abstract_never_mentions_says_so(icml):
    answer = icml.ask("Does MAML need second derivatives?")
    assert answer.answer == f"The abstract of {_META[0]} does not mention second derivatives [1]."
    assert [c.title for c in answer.citations] == [_META[0]]
    held = icml.ask("Does MAML work for reinforcement learning?")  # its abstract speaks of reinforcement learning
    assert "does not mention" not in held.answer and held.citations[0].title == _META[0]


def test_the_problem_a_paper_solves_is_the_setting_it_opens_with_when_it_states_no_problem(icml):
    answer = icml.ask("What problem does the EfficientNet paper solve?")
    assert answer.answer.startswith(f"{_EFFICIENTNET}: “Convolutional Neural Networks (ConvNets) are commonly developed at a fixed resource budget")


def test_a_list_request_word_is_no_part_of_the_subject():
    history = _turns(("List papers on normalizing flows", "- A: “x” [1]"))
    assert standalone_question("which of them use invertible convolutions?", history, 6) == \
        "which of the normalizing flows papers use invertible convolutions?"


_DPO_TITLES = ("On Discrete Prompt Optimization for Diffusion Models", "Is DPO Superior to PPO for LLM Alignment? A Comprehensive Study",
               "Towards Efficient Exact Optimization of Language Model Alignment")


@pytest.fixture(scope="module")
def icml2024(tmp_path_factory):
    """An extractive answerer over real ICML 2024 records: a title whose initials are DPO ("On Discrete
    Prompt Optimization ..."), two abstracts writing DPO for direct preference optimization, and the
    first ten records of the list."""
    root = tmp_path_factory.mktemp("icml2024-dpo")
    records = json.loads(shared_data("icml2024_abstracts/ICML 2024 Events.json").read_text())
    (root / "ICML 2024 Events.json").write_text(json.dumps(records[:10] + [r for r in records[10:] if r.get("name") in _DPO_TITLES]))
    from rag.service import RagService

    settings = make_settings(root / "data")
    service = RagService(settings)
    service.ingest([str(root / "ICML 2024 Events.json")], progress=False)
    extractive = settings.model_copy(update={"llm": settings.llm.model_copy(update={"provider": "extractive"})})
    return answerer_for(extractive, service.retriever)


def test_an_acronym_the_store_spells_out_otherwise_is_no_title_with_those_initials(icml2024):
    assert {p["title"] for p in icml2024.retriever.papers()} >= set(_DPO_TITLES)
    assert icml2024.retriever.abbreviated("how does DPO work?")  # the title's initials are DPO ...
    answer = icml2024.ask("how does DPO work?")
    # ... but the abstracts writing DPO spell it "direct preference optimization"
    assert _DPO_TITLES[0] not in {c.title for c in answer.citations}
    assert {c.title for c in answer.citations} & set(_DPO_TITLES[1:])


@pytest.mark.parametrize("follow_up", ["how many are there?", "How many?", "how many of them?"])
def test_how_many_after_a_question_for_papers_counts_those_papers(follow_up):
    history = _turns(("Which papers use the Atari benchmark?", "- A: “x” [1]"))
    assert standalone_question(follow_up, history, 6) == "How many papers use the Atari benchmark?"
    history = _turns(("papers about GANs", "- A: “x” [1]"))
    assert standalone_question(follow_up, history, 6) == "How many papers are about GANs?"


def test_how_many_after_a_list_answers_with_the_count(icml):
    first = icml.ask("Which papers are about meta-learning?")
    answer = icml.ask("how many are there?", history=_turns((first.question, first.answer)))
    assert re.match(r"\d+ of the collection's \d+ papers have the word “meta-learning”.*; the closest:\n", answer.answer), answer.answer
    more = icml.ask("show me more", history=_turns((first.question, first.answer), ("how many are there?", answer.answer)))
    assert re.match(r"\d+ of the collection's \d+ papers have the word “meta-learning”.*; the next closest:\n", more.answer), more.answer


@pytest.mark.parametrize("question", ["Give me the abstract of the Glow paper", "show me the full abstract of mixup",
                                      "what does the abstract of Glow say?", "can I see the abstract for SpikeInit?"])
def test_a_request_for_a_papers_abstract_is_its_own_intent(question):
    from rag.intent import classify

    assert classify(question).kind == "abstract"


def test_the_abstract_of_a_named_paper_is_given_whole_and_cited(icml):
    answer = icml.ask("Show me the abstract of Online Meta-Learning")
    record = next(p for p in icml.retriever.papers() if p["title"] == "Online Meta-Learning")
    abstract = record["abstract"].strip()
    assert answer.answer == f"Online Meta-Learning: “{abstract}” [1]"
    assert [(c.title, c.quote) for c in answer.citations] == [("Online Meta-Learning", abstract)]
    assert icml.ask("give me the abstract of the paper on quantum gravity").refused


def test_the_abstract_of_a_seed_named_by_its_coined_name(extractive):
    answer = extractive.ask("give me the abstract of SpikeInit")
    assert answer.answer.startswith("SpikeInit: “The training of deep Spiking Neural Networks") and answer.answer.endswith("” [1]")


@pytest.mark.parametrize("previous, follow_up, standalone", [
    ("Show me papers on Bayesian deep learning from 2018", "and from 2019?", "Show me papers on Bayesian deep learning from 2019"),
    ("Which papers from Stanford study reinforcement learning?", "what about from Berkeley?",
     "Which papers from Berkeley study reinforcement learning?"),
    ("Which papers study GANs?", "and from 2019?", "Which papers study GANs from 2019?"),
])
def test_and_from_another_year_or_place_asks_the_previous_question_there(previous, follow_up, standalone):
    assert standalone_question(follow_up, _turns((previous, "- A: “x” [1]")), 6) == standalone


def test_accepted_as_orals_names_the_oral_status(icml):
    assert icml.retriever.named_scope("Which papers from Berkeley were accepted as orals?") == {"status": "Oral"}


def test_papers_two_authors_wrote_together_are_listed(icml):
    answer = icml.ask("Which papers did Yoshua Bengio and Aaron Courville write together?")
    assert not answer.refused
    assert {c.title for c in answer.citations} == set(_BENGIO_COURVILLE)


def test_a_count_reads_a_field_acronym_with_its_words(icml):
    acronym_only = icml.retriever.count_holding(["RL"])[0]
    either = icml.retriever.count_holding([("RL", "reinforcement learning")])[0]
    assert either > acronym_only
    line = icml._count_line("RL", {}, {}, "", False)  # the line a count question opens with
    assert re.match(rf"{either} of the collection's \d+ papers (?:has|have) the word “RL” \(or “reinforcement learning”\)", line), line


def test_its_abstract_after_a_question_on_one_paper_is_that_papers_abstract(extractive):
    first = extractive.ask("What is SpikeInit?")
    answer = extractive.ask("give me its abstract", history=_turns((first.question, first.answer)))
    assert answer.answer.startswith("SpikeInit: “The training of deep Spiking Neural Networks")
