"""Rules that make answers generalise to unseen phrasings (issue 7, part 1, seeds_dev4): who wrote a
work or when it appeared, comparisons with something no paper holds, names typed in lower case or
spelled out, acronyms read as their long forms, the verdict of a yes/no question, a model's own
name, and figures for terse "size range of ..." questions."""

from __future__ import annotations

import pytest

from rag.corpus import read_corpus
from rag.intent import Intent, classify
from rag.titles import calls_by_name, derive_title, own_names

SEEDS = "seeds"
APT = "003_cb611f67ebca296c#10"
CARD = "003_cb611f67ebca296c#15"
UNISPARSE = "003_cb611f67ebca296c#4"


@pytest.mark.parametrize("question,kind,noun", [
    ("who wrote the MEG-XL paper", "bibliographic", "authors"),
    ("In which year was GraphCast published?", "bibliographic", "date"),
    ("which venue did the LABO paper appear at", "bibliographic", "venue"),
    ("what university are the InfoGlobe authors from", "bibliographic", "affiliation"),
    ("how does APT compare with other neural operators", "check", ""),
    ("what role does the gating mechanism play in LABO", "method", ""),
    ("what exactly does CARD decompose", "method", ""),
    ("model size range in the cognitive fatigue study", "quantity", ""),
    ("name the datasets QHNetV2 was tested on", "entity", "datasets"),
    ("which multimodal large language model does MindZero train", "entity", "model"),
])
def test_generalising_intent_rules(question, kind, noun):
    intent = classify(question)
    assert (intent.kind, intent.noun) == (kind, noun)


def test_how_to_say_a_model_or_the_authors_are_not_named():
    assert Intent("entity", "llm").missing_phrase() == "does not name an LLM"
    assert Intent("entity", "architecture").missing_phrase() == "does not name an architecture"
    assert Intent("bibliographic", "authors").missing_phrase() == "does not name its authors"


def test_a_paper_is_called_by_its_name_in_any_case_but_a_plain_word_needs_capitals():
    papers = {p.paper_id: p for p in read_corpus([SEEDS])}
    apt, card = papers[APT].text, papers[CARD].text
    assert "adaptive physics transformer" in own_names(derive_title(apt), apt)  # "$\textbf{Adaptive Physics Transformer}$ (APT)"
    assert calls_by_name("how many layers does the adaptive physics transformer have", derive_title(apt), apt)
    assert calls_by_name("what does CARD decompose", derive_title(card), card)
    # "card" in lower case is an ordinary word: "credit card" does not name CARD.
    assert not calls_by_name("fraud detection for credit card payments", derive_title(card), card)


@pytest.mark.parametrize("question", [
    "who wrote GraphCast?",  # a model a seed mentions, not a seed's own paper
    "In which year was the Aurora model published?",
    "what is the difference between dropout and weight decay?",  # no abstract mentions dropout
])
def test_questions_no_abstract_answers_are_refused(extractive, question):
    answer = extractive.ask(question)
    assert answer.refused and answer.citations == []


@pytest.mark.parametrize("question,expected", [
    ("who are the authors of UniSparse?", "The UniSparse abstract does not name its authors [1]."),
    ("which vision-language model is Geo-R1 trained from", "The Geo-R1 abstract does not name a model [1]."),
])
def test_a_named_paper_silent_on_the_asked_fact_says_so(extractive, question, expected):
    answer = extractive.ask(question)
    assert answer.answer == expected and not answer.refused


def test_a_long_form_typed_in_lower_case_answers_from_that_paper(extractive):
    answer = extractive.ask("how many parameters does the adaptive physics transformer have")
    assert answer.answer == "The APT abstract does not state this figure [1]."
    assert [c.paper_id for c in answer.citations] == [APT]


@pytest.mark.parametrize("question,fact", [
    # "synaptic operations" are never named ("SOPs"): the figure about the ResNet-18 the question names answers.
    ("how many synaptic operations does unisparse's resnet-18 use", "7.04M"),
    ("model size range in the cognitive fatigue study", "13B"),  # a figure, not "these three signals"
    ("besides eDOS, which spectra does DeepSciReasoner predict", "XANES"),  # what else, not the eDOS sentence
    ("is the E-I network with lateral connections robust to degraded inputs", "not when LCs are ablated"),  # LCs
    ("do LLMs know better than other LLMs whether their own answers are right", "no better"),  # the verdict
    ("why might weight updates look Hebbian without Hebbian plasticity", "weight decay"),  # not the question sentence
])
def test_the_answer_holds_the_asked_fact(extractive, question, fact):
    answer = extractive.ask(question)
    assert not answer.refused and fact in answer.answer
    assert "?" not in answer.answer
