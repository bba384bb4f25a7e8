"""The extractive backend exactly, refusals, input errors and the Answer shape, over the real seeded store."""

from __future__ import annotations

import pytest

from conftest import answerer_for
from rag.errors import RagError

STORM = "000_711129f47277f084#4"


@pytest.fixture(scope="module")
def answerer(seeded_settings, seeded_retriever):
    settings = seeded_settings.model_copy(update={"llm": seeded_settings.llm.model_copy(update={"provider": "extractive"})})
    return answerer_for(settings, seeded_retriever)


def test_extractive_answer_is_the_quoted_best_sentence(answerer):
    answer = answerer.ask("By how much does StormInsight reduce MAE?")
    sentence = "On this benchmark, StormInsight consistently achieves the best performance, reducing MAE by 12.4% and improving the mCSI by 34.0%."
    assert answer.answer == f"“{sentence}” [1]"
    assert answer.backend == "extractive" and not answer.refused and answer.error is None
    [citation] = answer.citations
    assert (citation.n, citation.paper_id, citation.title, citation.supported) == (1, STORM, "StormInsight", True)
    abstract = answerer.retriever.store.get_paper(STORM).metadata["abstract"]
    assert citation.quote == sentence == abstract[citation.start:citation.end]
    assert answerer.ask("By how much does StormInsight reduce MAE?").answer == answer.answer  # deterministic


def test_stream_yields_text_then_one_final_answer(answerer):
    stream = answerer.stream("How deep was the SNN trained with SpikeInit without normalization?")
    pieces = list(stream)
    final = stream.answer
    assert pieces and all(isinstance(p, str) for p in pieces)
    assert "1000-layer" in "".join(pieces) and "1000-layer" in final.answer
    assert set(final.timings_ms) >= {"retrieve", "generate", "verify", "total", "first_token"}


@pytest.mark.parametrize("question", ["What is a good recipe for sourdough bread?", "Who won the 2018 FIFA World Cup?"])
def test_off_topic_questions_are_declined_naming_closest_papers(answerer, question):
    answer = answerer.ask(question)
    assert answer.refused and answer.citations == []
    assert answer.answer.startswith("No paper in the collection answers this question.")
    assert answer.sources and answer.sources[0].paper_id in answer.answer
    assert answer.timings_ms["generate"] == 0


@pytest.mark.parametrize("question,message", [
    ("", "empty question"),
    ("   \n ", "empty question"),
    ("x" * 20_000, "20000 characters long; the limit is 4000"),
])
def test_bad_questions_raise_one_line_errors(answerer, question, message):
    with pytest.raises(RagError) as err:
        answerer.ask(question)
    assert message in str(err.value) and "\n" not in str(err.value)


def test_top_k_below_one_is_refused(answerer):
    with pytest.raises(RagError, match="top_k must be at least 1"):
        answerer.ask("What is SpikeInit?", top_k=0)


def test_as_dict_has_the_cli_contract(answerer):
    payload = answerer.ask("Which datasets were GCMs evaluated on?").as_dict()
    assert {"question", "answer", "refused", "citations", "backend", "timings_ms"} <= set(payload)
    assert set(payload["citations"][0]) == {"n", "paper_id", "title", "source", "quote", "start", "end", "supported"}
    assert set(payload["timings_ms"]) >= {"retrieve", "generate", "verify", "total"}
    assert "[1]" in payload["answer"] and payload["citations"][0]["paper_id"] == "000_711129f47277f084#2"


def test_follow_up_retrieves_the_paper_of_the_earlier_question(answerer):
    history = [
        {"role": "user", "content": "What does PLaTITO improve?"},
        {"role": "assistant", "content": "It improves out-of-distribution generalization [1]."},
    ]
    answer = answerer.ask("what dataset did it use?", history=history)
    assert answer.standalone_question == "what dataset did PLaTITO use?"
    assert answer.sources[0].paper_id == "000_711129f47277f084#1"


SUPPORTED = "On this benchmark, StormInsight consistently achieves the best performance, reducing MAE by 12.4% and improving the mCSI by 34.0%."
STORM_QUESTION = "By how much does StormInsight reduce MAE?"


def _scripted_answerer(seeded_settings, seeded_retriever, scripted_llm, reply: str, **grounding):
    """An openai-like answerer whose model is a scripted loopback server (it stands in for a model
    that writes exactly `reply`, which a small local model cannot be made to do)."""
    from conftest import sse_completion

    server = scripted_llm(lambda body: sse_completion(reply))
    settings = seeded_settings.model_copy(update={
        "llm": seeded_settings.llm.model_copy(update={"provider": "openai-like", "model": "scripted", "api_base": server.url}),
        "grounding": seeded_settings.grounding.model_copy(update=grounding),
    })
    return answerer_for(settings, seeded_retriever)


def test_mark_mode_shows_a_failing_sentence_marked_unsupported(seeded_settings, seeded_retriever, scripted_llm):
    reply = f"{SUPPORTED} [1] Bananas ripen faster on the moon than in Brazil [1]."
    answerer = _scripted_answerer(seeded_settings, seeded_retriever, scripted_llm, reply, unsupported="mark")
    answer = answerer.ask(STORM_QUESTION)
    assert not answer.fallback and answer.error is None
    assert SUPPORTED in answer.answer  # the quoted evidence (the generated copy of it is not repeated)
    assert answer.answer.count(SUPPORTED) == 1
    assert "[unsupported] Bananas ripen faster on the moon than in Brazil [1]." in answer.answer
    removed = _scripted_answerer(seeded_settings, seeded_retriever, scripted_llm, reply, unsupported="remove").ask(STORM_QUESTION)
    assert "Bananas" not in removed.answer and "[unsupported]" not in removed.answer
    assert removed.removed_sentences == ["Bananas ripen faster on the moon than in Brazil [1]."]


def test_a_true_sentence_that_does_not_bear_on_the_question_is_not_shown(seeded_settings, seeded_retriever, scripted_llm):
    # Both are true of the StormInsight abstract, neither says by how much MAE drops; the second
    # talks about the answer itself (an echo of the prompt's layout).
    scene = "Nowcasting forms the first line of defense against rapidly evolving weather hazards."
    reply = f"{scene} [1] This answer is derived from the StormInsight abstract [1]."
    answer = _scripted_answerer(seeded_settings, seeded_retriever, scripted_llm, reply).ask(STORM_QUESTION)
    assert not answer.refused and answer.error is None
    assert "Nowcasting" not in answer.answer and "This answer" not in answer.answer
    assert SUPPORTED in answer.answer


def test_a_reply_whose_sentences_all_fail_falls_back_to_quoted_sentences(seeded_settings, seeded_retriever, scripted_llm):
    reply = "Bananas ripen faster on the moon than in Brazil [1]. Penguins invented the steam engine [2]."
    answer = _scripted_answerer(seeded_settings, seeded_retriever, scripted_llm, reply).ask(STORM_QUESTION)
    assert answer.fallback and answer.error is None and not answer.refused
    assert answer.answer.startswith(f"“{SUPPORTED}” [1]")
    assert len(answer.removed_sentences) == 2
    assert answer.as_dict()["fallback"] is True

    from rag.cli import _format_answer
    from ui.views import FALLBACK_NOTE, render_answer

    assert "extractive fallback" in _format_answer(answer.as_dict())
    assert FALLBACK_NOTE in render_answer(answer, 0)


def test_a_which_papers_question_lists_past_a_smaller_top_k(extractive):
    # The page always passes its slider's top-k; a list question still gets answer.max_papers sources.
    answer = extractive.ask("which papers study spiking neural networks?", top_k=2)
    assert not answer.refused and len(answer.citations) > 2


def test_a_follow_up_about_it_asks_about_the_paper_the_last_answer_quoted(answerer):
    first = answerer.ask("Which paper uses radar data?")
    assert first.citations and first.citations[0].paper_id == STORM
    history = [{"role": "user", "content": "Which paper uses radar data?"}, {"role": "assistant", "content": first.answer}]
    answer = answerer.ask("How far ahead does it forecast?", history=history)
    assert answer.standalone_question == "How far ahead does StormInsight forecast?"
    assert answer.sources[0].paper_id == STORM
    # an answer quoting nothing word for word names no paper: the question's own words stay the subject
    made_up = [history[0], {"role": "assistant", "content": "“Radar is used by a model that nobody wrote about here.” [1]"}]
    assert "StormInsight" not in answerer.ask("How far ahead does it forecast?", history=made_up).standalone_question
