"""Rules from the blind set seeds_dev13 (issue 7, part 1): terse requests for a paper ("research on
...?", "X: any paper?") are paper questions; a paper only described, not named, is not told silent
but refused; a quoted title no paper writes is refused; "how many X verb ..." measures X; comparisons
and causes asked in other words ("stack up against", "what holds X back")."""

from __future__ import annotations

import pytest

from rag.intent import classify
from rag.query import plain_question
from rag.titles import quoted_titles, writes_quoted


@pytest.mark.parametrize("typed,plain", [
    ("Graph transformers for crystals: any paper?", "Anything on Graph transformers for crystals?"),
    ("Spiking networks for lip reading, anything?", "Anything on Spiking networks for lip reading?"),
    ("Potentials for polymers: is there a paper on that?", "Anything on Potentials for polymers?"),
    ("Diffusion for audio; any work here?", "Anything on Diffusion for audio?"),
])
def test_a_topic_followed_by_a_request_is_put_as_the_request(typed, plain):
    assert plain_question(typed) == plain


@pytest.mark.parametrize("typed", [
    "What does MindZero do, is there any code?",  # a question, then another: no topic before a request
    "MEG-XL, what context length?",
    "Any papers on weather?",
])
def test_other_questions_are_not_rewritten(typed):
    assert plain_question(typed) == typed


@pytest.mark.parametrize("question", [
    "Looking for work on sparse coding in audio.",
    "Searching for a model of place cells",
    "Research on lateral connections in auditory cortex?",
    "Paper on Ricci curvature for graph rewiring?",
    "Work showing that weight decay causes overfitting?",
    "Find me the uplift modeling paper that uses bandits.",  # several words before "paper"
    "Anything on Latent autoencoders for satellite video?",
])
def test_terse_requests_are_paper_questions(question):
    assert classify(question).kind in ("paper", "papers")


@pytest.mark.parametrize("question", [
    "Research on lateral connections in auditory cortex models?",  # the lateral-connections paper: vision
    "Ricci curvature for graph rewiring: any paper?",  # GEAR: transfer learning
    "Looking for work on tracking hurricanes from satellite imagery.",  # StormInsight: convective nowcasting
])
def test_terse_near_misses_are_refused(extractive, question):
    answer = extractive.ask(question)
    assert answer.refused and answer.citations == []


def test_a_terse_request_on_a_held_topic_is_answered(extractive):
    answer = extractive.ask("Latent autoencoders for compressing weather data: any paper?")
    assert not answer.refused and "WLA" in answer.answer


@pytest.mark.parametrize("question", [
    "Which LLM instantiates the receiver in the verbalized mediator game?",  # Bayesian persuasion, not named
    "How many subjects were recorded for the long-context brain-to-text model?",  # MEG-XL, not named
])
def test_a_described_paper_silent_on_the_fact_is_refused(extractive, question):
    answer = extractive.ask(question)
    assert answer.refused and "does not" not in answer.answer


@pytest.mark.parametrize("question,name", [
    ("Which LLM does LABO use?", "LABO"),
    ("How many subjects were recorded for MEG-XL?", "MEG-XL"),
])
def test_a_named_paper_silent_on_the_fact_is_said_silent(extractive, question, name):
    answer = extractive.ask(question)
    assert not answer.refused and answer.answer.startswith(f"The {name} abstract does not")


@pytest.mark.parametrize("question,quoted", [
    ("Explain the 'Attention Is All You Need' paper.", ["Attention Is All You Need"]),
    ("Summarize “Deep Residual Learning for Image Recognition”", ["Deep Residual Learning for Image Recognition"]),
    ("What does 'cognitive map' mean here?", []),  # two words: a term, not a title
    ("Is MindZero's 'self-knowledge' real?", []),
])
def test_quoted_titles(question, quoted):
    assert quoted_titles(question) == quoted


def test_a_quoted_phrase_is_written_case_and_punctuation_aside():
    assert writes_quoted("A spectral embedding of the Laplacian", "", "viewed as a spectral embedding of the Laplacian, providing")
    assert not writes_quoted("Attention Is All You Need", "Functional Attention", "reinterprets attention as a correspondence")


def test_a_quoted_title_no_paper_writes_is_refused(extractive):
    answer = extractive.ask("Explain the attention mechanism of 'Attention Is All You Need'.")
    assert answer.refused and answer.citations == []


def test_a_quoted_phrase_the_abstract_writes_is_answered(extractive):
    answer = extractive.ask("Why is the cognitive map called 'a spectral embedding of the Laplacian'?")
    assert not answer.refused


@pytest.mark.parametrize("question,phrase", [
    ("How many terabytes remain after compression?", "terabytes"),
    ("How many signals go into the fatigue index?", "signals"),
    ("How many model families were used?", "model families"),
    ("How many brain regions does AFR-Net model?", "brain regions"),
    ("How much more context does MEG-XL see?", "more context"),
])
def test_how_many_measures_the_noun_phrase(question, phrase):
    assert classify(question).phrase == phrase


@pytest.mark.parametrize("question,kind,noun", [
    ("How does the spiking SSM stack up against transformers?", "check", ""),
    ("Against flow matching, how does the population model perform?", "check", ""),
    ("What do the authors benchmark Modified SINNs against?", "check", ""),
    ("What holds single-cell foundation models back on GRN inference?", "cause", ""),
    ("What's the base VLM behind Geo-R1?", "entity", "VLM"),
    ("Which MLLM does MindZero start from?", "entity", "MLLM"),
])
def test_questions_asked_in_other_words(question, kind, noun):
    intent = classify(plain_question(question))
    assert (intent.kind, intent.noun) == (kind, noun)


@pytest.mark.parametrize("question,fact", [
    ("What holds single-cell foundation models back on GRN inference?", "reconstruction-based pre-training"),
    ("What's the base VLM behind Geo-R1?", "does not name a VLM"),
])
def test_answers_to_questions_asked_in_other_words(extractive, question, fact):
    assert fact in extractive.ask(question).answer


@pytest.mark.parametrize("question,start", [
    ("How many neurons does the lateral connection network have?", "The cited paper's abstract does not"),  # the name shown
    ("How many regions does StormBench cover?", "The StormInsight abstract does not"),  # a coined name the abstract writes
])
def test_a_paper_called_by_a_name_answers_show_is_said_silent(extractive, question, start):
    answer = extractive.ask(question)
    assert not answer.refused and answer.answer.startswith(start)


def test_a_figure_is_no_coined_name():
    from rag.titles import mentions_name
    assert mentions_name("how is stormbench built", "we build a new benchmark StormBench")
    assert not mentions_name("the 1000-layer network", "training an ultra-deep, 1000-layer SNN")


@pytest.mark.parametrize("question", [
    "What is the MindZero model rewarded for during training?",  # the named model is the subject
    "What are the GEAR datasets like?",
])
def test_a_named_thing_after_is_the_is_no_entity_question(question):
    assert classify(question).kind != "entity"
