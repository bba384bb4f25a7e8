"""Answers that answer the question: intent rules, evidence chosen for what is asked, "not stated"
answers, no filler from unrelated papers, no repeats, and the terminal's diff of a checked answer."""

from __future__ import annotations

import pytest

from rag.answer import Answer
from rag.backends.base import _without_echo
from rag.chat import changes
from rag.compose import _counts, compose
from rag.intent import Intent, classify
from rag.sources import prepare_sources
from rag.grounding import SentenceCheck, split_answer, strip_markers

SPIKEINIT = "000_711129f47277f084#5"
PLATITO = "000_711129f47277f084#1"


@pytest.mark.parametrize("question,kind,noun", [
    ("How deep was the SNN trained with SpikeInit?", "quantity", ""),
    ("By how much does StormInsight reduce MAE?", "quantity", ""),
    ("What AUROC does the Fatigue Index reach?", "quantity", "AUROC"),
    ("What dataset did SpikeInit use?", "entity", "dataset"),
    ("Which benchmarks is QHNetV2 evaluated on?", "entity", "benchmarks"),
    ("Which paper classifies sleep stages from disagreeing sensors?", "paper", ""),
    ("Is there a paper on thunderstorm nowcasting?", "paper", ""),
    ("Which papers study spiking neural networks?", "papers", ""),
    ("How does PLaTITO use protein language models?", "method", ""),
    ("What failure mode does ACE address?", "general", ""),
])
def test_intent_rules(question, kind, noun):
    intent = classify(question)
    assert (intent.kind, intent.noun) == (kind, noun)


def _sources(retriever, question, k=3):
    hits = retriever.search(question, top_k=k, floor=False)
    return prepare_sources(hits, question, retriever.embedder, retriever.store)


def test_a_quantity_question_gets_the_sentence_with_the_number(seeded_retriever):
    question = "How deep was the SNN trained with SpikeInit?"
    [statement] = compose(question, classify(question), _sources(seeded_retriever, question))
    assert "1000-layer" in statement.text and statement.text.endswith("[1]") and not statement.silent


@pytest.mark.parametrize("question,contribution", [
    # The sentence closest to these questions restates the problem; the answer must say what the paper did.
    ("Which paper gives a normative theory of spatial tuning cells and navigation?", "Unified Laplacian Framework"),
    ("How can one detect during generation that a language model is degrading?", "Fatigue Index"),
])
def test_a_which_paper_or_how_question_gets_the_papers_contribution(seeded_retriever, question, contribution):
    statements = compose(question, classify(question), _sources(seeded_retriever, question))
    assert any(contribution in st.text for st in statements)
    assert len(statements) <= 2 and {st.n for st in statements} == {1}


def test_a_sentence_that_already_introduces_the_method_gets_no_second_contribution(seeded_retriever):
    question = "Which paper introduces conditional Clifford-steerable CNNs?"
    statements = compose(question, classify(question), _sources(seeded_retriever, question), max_sentences=1)
    assert len(statements) == 1 and "We introduce Conditional Clifford-Steerable CNNs" in statements[0].text


def test_an_abstract_that_does_not_state_the_fact_says_so(extractive):
    answer = extractive.ask("What dataset did SpikeInit use?")
    assert answer.answer == "The SpikeInit abstract does not name a dataset [1]."
    [citation] = answer.citations
    assert citation.paper_id == SPIKEINIT and citation.supported and citation.quote == ""


def test_a_follow_up_on_the_missing_fact_does_not_repeat_the_earlier_sentence(extractive):
    first = extractive.ask("Which paper trains very deep spiking networks without normalization, and how deep?")
    history = [{"role": "user", "content": "Which paper trains very deep spiking networks without normalization, and how deep?"},
               {"role": "assistant", "content": first.answer}]
    follow = extractive.ask("What dataset did it use?", history=history)
    assert "1000-layer" in first.answer and first.citations[0].paper_id == SPIKEINIT
    assert follow.answer == "The SpikeInit abstract does not name a dataset [1]."


def test_no_sentences_from_papers_that_do_not_bear_on_the_question(extractive):
    answer = extractive.ask("How does PLaTITO use protein language models?")
    assert {c.paper_id for c in answer.citations} == {PLATITO}
    assert "language model" in answer.answer and "emulating reasoning" not in answer.answer


def test_which_papers_gets_one_cited_line_per_paper(extractive):
    answer = extractive.ask("Which papers study spiking neural networks?")
    lines = answer.answer.split("\n")
    assert len(lines) == len(answer.citations) >= 2
    assert all(line.startswith("- ") and line.endswith(f"[{c.n}]") for line, c in zip(lines, answer.citations))


@pytest.mark.parametrize("question", [
    "How deep was the SNN trained with SpikeInit?", "Which papers are about weather forecasting or weather data?",
    "How does PLaTITO use protein language models?", "By how much does StormInsight reduce MAE?",
])
def test_no_answer_repeats_a_sentence(extractive, question):
    sentences = [" ".join(strip_markers(s).split()) for s in split_answer(extractive.ask(question).answer)]
    assert len(sentences) == len(set(sentences))


def test_a_prompt_echo_is_not_shown(seeded_retriever):
    question = "How deep was the SNN trained with SpikeInit?"
    sources = _sources(seeded_retriever, question)
    def shown(raw):
        return split_answer(_without_echo(raw, sources))

    assert shown("[1] SpikeInit: The SNN had 1000 layers.") == ["The SNN had 1000 layers. [1]"]
    assert shown("SpikeInit: trains SNNs.") == ["trains SNNs. [1]"]
    assert shown("The SNN had 1000 layers [1].") == ["The SNN had 1000 layers [1]."]
    # SmolLM2's own variant: a marker with a colon, then the layout; the first sentence keeps its citation
    assert shown("[1]: [1] SpikeInit: Deep SNNs relied on BN. It trained 1000 layers [1].") == [
        "Deep SNNs relied on BN. [1]", "It trained 1000 layers [1]."]
    assert shown("[1]: Deep SNNs relied on BN.") == ["Deep SNNs relied on BN. [1]"]


def _answer(shown, removed=(), fallback=False):
    checks = [SentenceCheck(text, [1], True) for text in shown]
    return Answer(question="q", answer=" ".join(shown), refused=False, citations=[], backend="b", timings_ms={}, sources=[],
                  removed_sentences=[r[0] for r in removed], removed=[{"text": t, "reason": why} for t, why in removed],
                  fallback=fallback, checks=checks)


def test_the_terminal_shows_only_what_the_check_changed():
    same = "SpikeInit trains a 1000-layer SNN [1]."
    assert changes(same, _answer([same])) == ["checked> every sentence is supported by its source"]
    quoted = "“We train an ultra-deep, 1000-layer SNN without normalization.” [1]"  # split apart at “.”” by split_answer
    assert changes(quoted, _answer([quoted])) == ["checked> every sentence is supported by its source"]
    raw = "SpikeInit trains a 1000-layer SNN [1]. It uses ImageNet [1]."
    shown = ["SpikeInit trains a 1000-layer SNN [1].", "“We train an ultra-deep, 1000-layer SNN.” [1]"]
    lines = changes(raw, _answer(shown, removed=[("It uses ImageNet [1].", "'imagenet' is not in the cited source")]))
    assert lines == ["checked>", "- removed ('imagenet' is not in the cited source): It uses ImageNet [1].",
                     "+ “We train an ultra-deep, 1000-layer SNN.” [1]"]


@pytest.mark.parametrize("question,kind,noun,phrase", [
    ("Across how many downstream tasks does Geo-R1 generalize?", "quantity", "tasks", "downstream tasks"),
    ("How much context per sample is MEG-XL pre-trained with?", "quantity", "context", "context"),
    # the counted noun ends the question, or a comma follows it
    ("SpikeInit: how many layers?", "quantity", "layers", "layers"),
    ("Aurora, how many model families, and which ones?", "quantity", "families", "model families"),
    ("By what factor does more data cut Aurora's validation loss?", "quantity", "", ""),
    ("What dialogue scenarios were used to test the persuasion framework?", "entity", "scenarios", "dialogue scenarios"),
    ("What failure mode does ACE address?", "general", "", "failure mode"),
    ("Does TriForces require DFT labels?", "check", "", "DFT labels"),
    ("Is there a paper on thunderstorm nowcasting?", "paper", "", ""),
])
def test_intent_phrases(question, kind, noun, phrase):
    assert classify(question) == Intent(kind, noun, phrase)


def test_a_count_stands_next_to_the_counted_noun():
    assert _counts("Across nine models (1B–13B parameters), FI trajectories exhibit dynamics.", "models")
    assert _counts("reasoning across a wide range of downstream tasks (25+).", "tasks")
    assert not _counts("a model-agnostic diagnostic that aggregates these three signals under explicit axioms", "models")


def _answer_of(retriever, question):
    return " ".join(st.text for st in compose(question, classify(question), _sources(retriever, question)))


def test_how_many_quotes_the_sentence_counting_what_is_asked(seeded_retriever):
    # The sentence closest to the question introduces the Fatigue Index and counts "three signals".
    text = _answer_of(seeded_retriever, "How many language models was the Fatigue Index tested on?")
    assert "nine models" in text and "three signals" not in text


def test_a_question_naming_the_paper_gets_the_sentence_on_what_it_asks(seeded_retriever):
    # Words rare in the abstract ("real experiments") single out the answer; the sentence
    # introducing LABO is not added, since the question already names it.
    text = _answer_of(seeded_retriever, "How does LABO keep the number of real experiments low?")
    assert "high uncertainty" in text and "we propose" not in text


@pytest.mark.parametrize("question,fact", [
    ("What dialogue scenarios were used to test the verbalized Bayesian persuasion framework?", "recommendation letters"),
    ("What PDE tasks are the conditional Clifford-steerable CNNs evaluated on?", "fluid dynamics"),
    ("What failure mode does ACE address in inference-time steering?", "Marginal Path Collapse"),
])
def test_an_entity_or_what_question_gets_the_sentence_holding_the_asked_phrase(seeded_retriever, question, fact):
    assert fact in _answer_of(seeded_retriever, question)


@pytest.mark.parametrize("question,finding", [
    # "However, we find ..." reports the paper's finding; it is not scene-setting background.
    ("Can an LLM judge the correctness of its own answers better than a different LLM can?", "no better than an unrelated LLM"),
    ("Does MindZero need annotated mental states for training?", "eliminates the need for explicit mental state annotations"),
])
def test_a_yes_no_question_gets_the_papers_finding(seeded_retriever, question, finding):
    assert finding in _answer_of(seeded_retriever, question)
