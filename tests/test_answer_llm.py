"""End to end with the embedded default (llama-cpp, bundled SmolLM2): whatever the tiny model writes,
only checked sentences are shown, each citation quotes its abstract, and tokens stream first."""

from __future__ import annotations

import pytest

from conftest import answerer_for
from rag.grounding import cited_numbers, split_answer, strip_markers
from rag.text import missing_terms


@pytest.fixture(scope="module")
def answerer(seeded_settings, seeded_retriever):
    llm = seeded_settings.llm.model_copy(update={"max_tokens": 48})
    return answerer_for(seeded_settings.model_copy(update={"llm": llm}), seeded_retriever)


def test_streamed_tokens_then_checked_answer(answerer):
    stream = answerer.stream("How much does TriForces reduce energy MAE on OMat24?")
    pieces = list(stream)
    final = stream.answer
    assert len(pieces) > 1 and "".join(pieces).strip()
    assert final.backend == "llama-cpp:SmolLM2-135M-Instruct" and final.error is None
    assert "first_token" in final.timings_ms
    # Whatever the model wrote, a shown answer is never empty: checked sentences, or the cited
    # extractive fallback, and every shown sentence cites a supported source.
    assert final.answer.strip() and final.citations and all(c.supported for c in final.citations)


@pytest.mark.parametrize("question", [
    "How deep was the SNN trained with SpikeInit without normalization?",
    "Which papers study spiking neural networks?",
])
def test_every_shown_sentence_is_cited_and_its_numbers_are_in_the_source(answerer, question):
    answer = answerer.ask(question)
    assert not answer.refused and answer.citations
    store = answerer.retriever.store
    by_n = {c.n: c for c in answer.citations}
    for sentence in split_answer(answer.answer):
        cited = [n for n in cited_numbers(sentence) if n in by_n]
        assert cited, sentence
        text = " ".join(store.get_paper(by_n[n].paper_id).metadata["abstract"] for n in cited)
        assert missing_terms(strip_markers(sentence), text) == []
    for c in answer.citations:
        assert store.get_paper(c.paper_id).metadata["abstract"][c.start:c.end] == c.quote


def test_refusal_does_not_call_the_model(seeded_settings, seeded_retriever, tmp_path):
    # A model that cannot load would fail the answer if it were called.
    llm = seeded_settings.llm.model_copy(update={"model_path": str(tmp_path / "absent.gguf")})
    answerer = answerer_for(seeded_settings.model_copy(update={"llm": llm}), seeded_retriever)
    calls = []
    write = answerer.writer.write

    def counted_write(question, sources, plan):  # the real backend, with its calls counted
        calls.append(question)
        yield from write(question, sources, plan)

    answerer.writer.write = counted_write
    answer = answerer.ask("What is a good recipe for sourdough bread?")
    assert answer.refused and answer.error is None and calls == []
    broken = answerer.ask("How deep was the SNN trained with SpikeInit?")
    assert len(calls) == 1
    assert broken.error and str(tmp_path / "absent.gguf") in broken.error and broken.sources


def test_an_abstract_silent_on_the_asked_fact_does_not_call_the_model(seeded_settings, seeded_retriever, tmp_path):
    # The answer to "what dataset did SpikeInit use?" is that its abstract names none, whatever a model
    # would write beside it (no generated sentence is shown with it): a model that cannot load shows
    # it was never called, and the answer is the same as the extractive one.
    llm = seeded_settings.llm.model_copy(update={"model_path": str(tmp_path / "absent.gguf")})
    answerer = answerer_for(seeded_settings.model_copy(update={"llm": llm}), seeded_retriever)
    answer = answerer.ask("What dataset does SpikeInit use?")
    assert answer.error is None and not answer.refused and not answer.fallback
    assert answer.answer == "The SpikeInit abstract does not name a dataset [1]."
    stream = answerer.stream("What dataset does SpikeInit use?")
    assert list(stream) == [answer.answer] and stream.answer.answer == answer.answer  # streamed as composed
