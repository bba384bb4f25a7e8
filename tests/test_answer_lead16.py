"""Found by using the chat on the seeds (stop 27): a paper's own limitations asked by its name, which
its abstract does not grant (the problems of earlier work it opens with are none of its own), and a
bare "how many layers?" after a question about one paper."""

from __future__ import annotations

import pytest

from rag.intent import Intent, classify


@pytest.mark.parametrize("question", ["What are the limitations of MEG-XL?", "What are SpikeInit's weaknesses?",
                                      "Drawbacks of StormInsight?"])
def test_a_papers_own_limitations_are_not_the_problems_it_takes_on(extractive, question):
    answer = extractive.ask(question)
    assert not answer.refused
    assert "does not state its limitations [1]" in answer.answer, answer.answer


def test_limitations_of_a_technique_the_paper_discusses_are_quoted(extractive):
    answer = extractive.ask("What are the limitations of batch normalization in spiking networks?")
    assert "unsuitable for variable-length tasks" in answer.answer, answer.answer


@pytest.mark.parametrize("question,intent", [
    ("What are the limitations of MEG-XL?", Intent("cause", "limitations")),
    ("What limitation does SpikeInit address?", Intent("cause", "problem")),  # the problem it takes on
    ("Why does removing BN make deep SNNs fail?", Intent("cause", "")),
])
def test_limitations_are_told_from_the_problem_addressed(question, intent):
    assert classify(question) == intent


def test_a_bare_measure_follows_the_paper_just_discussed(extractive):
    history = [{"role": "user", "content": "Which paper trains very deep spiking networks without normalization?"},
               {"role": "assistant", "content": extractive.ask("Which paper trains very deep spiking networks without normalization?").answer}]
    answer = extractive.ask("how many layers?", history=history)
    assert "1000-layer" in answer.answer and not answer.refused, answer.answer


def _after(extractive, first, follow_up):
    history = [{"role": "user", "content": first}, {"role": "assistant", "content": extractive.ask(first).answer}]
    return extractive.ask(follow_up, history=history)


def test_the_extreme_over_a_list_quotes_each_paper_stating_that_figure(extractive):
    answer = _after(extractive, "Which papers study spiking neural networks?", "which of them is the deepest?")
    assert not answer.refused
    assert answer.answer.startswith("- SpikeInit:") and "1000-layer" in answer.answer, answer.answer
    assert "17 diverse datasets" not in answer.answer  # "layers across 17 datasets" states no depth
    assert answer.answer.count("\n- ") == 0  # the other listed papers state no depth


def test_which_one_after_a_list_asks_of_the_listed_papers():
    from rag.conversation import standalone_question
    history = [{"role": "user", "content": "Which papers study spiking neural networks?"}, {"role": "assistant", "content": "- UniSparse ..."}]
    assert standalone_question("which one is the deepest?", history, 6) == "which of the spiking neural networks papers is the deepest?"


@pytest.mark.parametrize("question,words", [("which of them is the deepest?", ["deep", "depth", "layer"]),
                                            ("Which one is the MOST accurate?", ["accurate", "accuracy"]),
                                            ("which papers study depth?", [])])
def test_a_superlative_names_the_words_of_its_measure(question, words):
    from rag.intent import extreme_measure
    assert extreme_measure(question) == words


@pytest.mark.parametrize("question,rest", [("Summarize StormInsight in one sentence.", "Summarize StormInsight."),
                                           ("What is LoRA, in a nutshell?", "What is LoRA?"),
                                           ("Explain SpikeInit like I'm five", "Explain SpikeInit"),
                                           ("Which papers study language models in plain English corpora?",
                                            "Which papers study language models in plain English corpora?")])
def test_the_form_asked_of_the_answer_is_no_topic(question, rest):
    from rag.intent import without_answer_form
    assert without_answer_form(question) == rest


def test_a_summary_asked_in_one_sentence_is_answered(extractive):
    answer = extractive.ask("Summarize StormInsight in one sentence.")
    assert not answer.refused and "StormInsight" in answer.answer, answer.answer


def test_a_question_for_a_paper_then_about_it_is_answered_in_turn(extractive):
    answer = extractive.ask("Which paper trains very deep spiking networks without normalization, and what dataset did it use?")
    assert "SpikeInit" in answer.answer and answer.answer.endswith("The SpikeInit abstract does not name a dataset [1]."), answer.answer
    answer = extractive.ask("Which paper forecasts thunderstorms, and how much does it improve mCSI?")
    assert "34.0%" in answer.answer and "StormInsight" in answer.answer, answer.answer


@pytest.mark.parametrize("question,parts", [
    ("Which paper trains deep SNNs, and what dataset did it use?", ("Which paper trains deep SNNs?", "what dataset did it use?")),
    ("Which paper trains deep SNNs, and how deep?", None),  # one question
    ("where do earlier fusion methods operate, and what do they lack", None),  # no paper asked for first
])
def test_a_compound_question_is_split_only_after_a_question_for_a_paper(question, parts):
    from rag.intent import compound_parts
    assert compound_parts(question) == parts


@pytest.mark.parametrize("question", ["What's the difference between UniSparse and SpikeInit?", "How do UniSparse and SpikeInit differ?"])
def test_a_difference_between_two_named_papers_quotes_both(extractive, question):
    answer = extractive.ask(question)
    assert "UniSparse" in answer.answer and "SpikeInit" in answer.answer and {c.n for c in answer.citations} == {1, 2}, answer.answer


def test_the_readers_own_plans_are_no_topic(extractive):
    assert "MEG-XL" in extractive.ask("Which paper should I read first on brain decoding?").answer
    assert extractive.ask("Which paper should I read first on quantum error correction?").refused


def test_does_x_work_with_y_asks_whether_it_works(extractive):
    assert classify("Does SpikeInit work with transformers?") == Intent("check", "", "transformers")
    assert classify("Recent work on spiking networks?").kind == "paper"  # a request for a work still
    answer = extractive.ask("Does SpikeInit work with transformers?")
    assert answer.answer == "The SpikeInit abstract does not mention transformers [1].", answer.answer


def test_is_a_better_than_b_shows_each_named_paper(extractive):
    answer = extractive.ask("Is UniSparse better than SpikeInit?")
    assert "UniSparse" in answer.answer and "SpikeInit" in answer.answer and len({c.n for c in answer.citations}) == 2, answer.answer
