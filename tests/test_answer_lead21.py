"""Found on the seeds_dev sets (stop 32): the thing a question asks for as the subject of its verb
("what optimizer trained ...", "which company supplied ...") or as an owner ("which animal's
recordings ...") is what the abstract must name; a count asked with a possessive ("how many
participants' recordings") counts the participants."""

from __future__ import annotations

import pytest

from rag.intent import Intent, classify


@pytest.mark.parametrize("question,phrase", [
    ("What optimizer trained the normalization-free 1000-layer spiking network?", "optimizer"),
    ("Which company supplied the industrial data for the active sampling study?", "company"),
    ("Which animal's synaptic recordings did the weight-decay study analyse?", "animal"),
    ("Which GPU trained the Hamiltonian predictor?", "GPU"),
])
def test_the_subject_of_the_verb_is_what_is_asked(question, phrase):
    assert classify(question) == Intent("general", "", phrase)


@pytest.mark.parametrize("question", [
    "which of them reports an accuracy on CIFAR-10?",  # a pick among papers, no thing asked for
    "Which spiking paper trains the deeper network, SpikeInit or UniSparse?",
])
def test_a_pick_among_papers_asks_for_no_thing(question):
    assert classify(question).phrase == ""


def test_a_count_asked_with_a_possessive_counts_its_owner():
    assert classify("How many participants' recordings went into the pre-training study?") == \
        Intent("quantity", "participants", "participants")


@pytest.mark.parametrize("question", [
    "What optimizer trained the normalization-free 1000-layer spiking network?",
    "What optimiser trained the long-context MEG model?",
    "How many participants' recordings went into the brain-to-text pre-training study?",
    "Which company supplied the industrial data for the active RCT sampling study?",
])
def test_a_detail_no_abstract_gives_of_a_paper_only_described_is_refused(extractive, question):
    # Before, a sentence of the described paper was quoted ("training an ultra-deep, 1000-layer SNN",
    # "2.5 minutes of MEG context"): no abstract names an optimizer, a company or a participant count.
    answer = extractive.ask(question)
    assert answer.refused, answer.answer


def test_a_category_head_of_the_asked_thing_need_not_be_written(extractive):
    # "which compilation scheme": the abstract says "Napp--Adams-compiled CRNs", never "scheme"
    answer = extractive.ask("which compilation scheme produced the chemical reaction networks that get reduced")
    assert "Napp" in answer.answer, answer.answer


@pytest.mark.parametrize("question", [
    "When does LoRA forget?", "so when does it trust the LLM over a real experiment?",
    "Under what conditions does the collapse happen?", "In which regimes do the models forget?",
    "What can cause marginal path collapse?", "What conditions make fatigue start earlier?",
    "With respect to what do the phase transitions appear?", "Describe when LABO spends its budget on real experiments.",
])
def test_a_question_for_the_conditions_of_something_is_read_as_such(question):
    assert classify(question) == Intent("general", "condition")


@pytest.mark.parametrize("question", ["When was the LoRA paper published?", "How does LoRA forget?"])
def test_a_date_or_a_manner_is_no_condition(question):
    assert classify(question).noun != "condition"


def test_a_silence_on_a_condition_says_when():
    assert Intent("general", "condition").missing_phrase() == "does not say when"


@pytest.mark.parametrize("question,expected", [
    ("When can Marginal Path Collapse arise?", "mismatched noise schedules"),
    ("Describe when LABO spends its budget on real experiments.", "high uncertainty"),
])
def test_the_sentence_stating_the_condition_answers(extractive, question, expected):
    # Before, the sentence defining the collapse, or LABO's result "under identical experimental budgets", came first.
    answer = extractive.ask(question)
    assert expected in answer.answer.split("”")[0], answer.answer


@pytest.mark.parametrize("question", ["what are the two phases of confsleepnet", "ConfSleepNet's two phases?"])
def test_the_sentence_saying_what_the_whole_consists_of_names_every_part(extractive, question):
    # "In the first phase, it learns ..." tells one phase; "The framework consists of multi-view
    # evidence extraction and conflict-aware aggregation." names both.
    answer = extractive.ask(question)
    assert "multi-view evidence extraction and conflict-aware aggregation" in answer.answer, answer.answer


def test_a_figure_of_a_named_measure_comes_from_a_sentence_on_it(extractive):
    # "What pruning ratio": UniSparse names a weight pruning method but no ratio; its "7.04M SOPs" is
    # another figure. The paper is only described, so the question is refused.
    answer = extractive.ask("What pruning ratio does the energy-constrained SNN sparsification reach?")
    assert answer.refused, answer.answer


def _answer(text: str, refused: bool):
    from rag.answer import Answer
    return Answer(question="q", answer=text, refused=refused, citations=[], backend="extractive",
                  timings_ms={"total": 1, "first_token": 1}, sources=[], removed_sentences=[])


def test_a_title_among_the_closest_papers_of_a_refusal_answers_nothing():
    from rag.answer_eval import summarize
    qa = [{"id": "a", "question": "Attention papers?", "gold_papers": ["p#1"], "answer_contains": ["Functional Attention"]},
          {"id": "b", "question": "Is PLaTITO harmed?", "gold_papers": ["p#2"], "answer_contains": ["improves"]}]
    answers = [_answer("No paper in the collection answers this question. The closest papers are: Functional Attention [p#1].", True),
               _answer("No paper in the collection supports what this question takes for granted. The abstract of "
                       "PLaTITO [p#2] states otherwise: “It improves generalization.”", True)]
    scores = summarize(qa, answers, lambda pid: "", "extractive")
    assert scores["answer_contains"] == 0.5  # the contrary passage quoted counts; a closest paper's title does not


@pytest.mark.parametrize("question", [
    "How does the spiking resonate-and-fire state space model stack up against transformers?",
    "is the spiking harmonic state space model better than transformers",
])
def test_the_sentence_comparing_with_the_other_side_is_quoted(extractive, question):
    # Before, the sentence introducing the model (whose words the question uses to describe it) and
    # another finding ("improved performance with heterogeneity") were quoted, not the comparison.
    answer = extractive.ask(question)
    assert "outperforms transformers" in answer.answer, answer.answer


def test_a_question_weighing_two_things_sets_no_side_against_the_paper():
    from rag.compose import _OTHER_SIDE
    assert _OTHER_SIDE.search("how does labo balance llm predictions against real experiments") is None
    assert _OTHER_SIDE.search("Population coding versus sparse coding in the network: when is each used?") is None
    assert _OTHER_SIDE.search("How much faster than DFT is DeepSciReasoner?").group("other") == "DFT"


def test_an_amount_with_its_unit_is_no_name():
    from rag.compose import _new_names
    sentence = "MEG-XL matches supervised performance with a fraction of the data (e.g. 1hr vs 50hrs)."
    assert _new_names(sentence, set(), "meg-xl") == set()


def test_a_comparison_that_only_says_the_question_again_names_nothing(extractive):
    # "outperforms brain foundation models" restates "which brain foundation models ...": no name is given.
    answer = extractive.ask("Which brain foundation models does MEG-XL outperform, by name?")
    assert "does not name" in answer.answer and [c.title for c in answer.citations] == ["MEG-XL"], answer.answer


def test_a_comparison_naming_its_baselines_answers(extractive):
    answer = extractive.ask("What baselines does ACE outperform?")
    assert "constant-exponent baselines" in answer.answer, answer.answer


@pytest.mark.parametrize("term", ["2.5", "191k", "50hrs"])
def test_a_figure_is_no_name(term):
    from rag.compose import _new_names
    assert term not in _new_names(f"We train on {term} of data.", set(), "")


def test_a_measure_acronym_names_no_model():
    from rag.titles import is_generic_term
    assert is_generic_term("AUROC") and is_generic_term("rmse")


def test_an_abstract_naming_no_dataset_is_silent_on_it(extractive):
    # Before, "23 molecular task pairs ... at least 14.4%" was quoted: "14.4" read as a name.
    answer = extractive.ask("Which molecular datasets did GEAR's task pairs come from?")
    assert "does not name a dataset" in answer.answer, answer.answer


def test_what_sizes_asks_for_a_figure():
    assert classify("what sizes of language models were tested in the cognitive fatigue study").kind == "quantity"
