"""The grounding verifiers: contradiction rules, the `auto`/`model`/`llm` choices, and the answer path.

Checks run against the real embedder and real seed abstracts. The scripted OpenAI-compatible
server (bench/claims.py) stands in for a strong hosted model, which cannot be reached here; the
llm judge is exercised against a real `python -m llama_cpp.server` serving the bundled SmolLM2.
"""

from __future__ import annotations

import pytest

from bench.claims import PinnedRetriever, ScriptedServer, paper_hits, scripted_settings
from rag.answer import Answerer
from rag.backends import build_backend
from rag.errors import RagError
from rag.grounding import GroundingChecker
from rag.judge import LLMJudgeVerifier, parse_answer
from rag.sources import prepare_sources
from rag.verifier import RulesVerifier, build_verifier, contradiction, unstated_absolute
from rag.verifier_model import CrossEncoderVerifier, model_dir
from conftest import make_settings

STORM = "000_711129f47277f084#4"
SPIKE = "000_711129f47277f084#5"
FATIGUE = "000_711129f47277f084#15"


@pytest.fixture(scope="module")
def sources(seeded_retriever):
    hits = paper_hits(seeded_retriever)
    return prepare_sources([hits[STORM], hits[SPIKE], hits[FATIGUE]], "", seeded_retriever.embedder, seeded_retriever.store)


@pytest.fixture(scope="module")
def rules_checker(seeded_settings, seeded_retriever):
    settings = seeded_settings.model_copy(update={"grounding": seeded_settings.grounding.model_copy(update={"verifier": "rules"})})
    return GroundingChecker(settings.grounding, seeded_retriever.embedder, build_verifier(settings))


def _check(checker, sources, sentence):
    return checker.check([sentence], sources)[0]


@pytest.mark.parametrize("claim,abstract,flagged", [
    ("The method beats every baseline.", "The method beats strong baselines on three benchmarks.", "'every'"),
    ("It only works on regular grids.", "It handles regular and irregular grids.", "'only'"),
    ("The bound guarantees convergence.", "We derive a bound on the regret.", "'guarantees'"),
    ("It performs all updates in local frames.", "All updates are performed in local frames.", ""),
    ("It needs only 20K samples.", "With just 20K samples, which is only a fraction ...", ""),
    ("The method works alone.", "The method needs no help; used solely ...", ""),
])
def test_absolute_words_the_source_never_uses_are_overclaims(claim, abstract, flagged):
    reason = unstated_absolute(claim, [abstract])
    assert (flagged in reason) if flagged else reason == ""


@pytest.mark.parametrize("claim,passage,cue", [
    ("SpikeInit does not improve stability.", "SpikeInit improves stability.", "'not improve' vs 'improves'"),
    ("BN is a universal solution.", "However, BN is not a universal solution.", "'universal' vs 'not a universal'"),
    ("FI onset slows down under longer contexts.", "FI onset accelerates under longer contexts.", "'slows' vs 'accelerates'"),
    ("The loss increases with more data.", "The loss decreases with more data.", "'increases' vs 'decreases'"),
    ("Deep SNNs still require normalization.", "Deep SNNs train stably without normalization.", "'require' vs 'without'"),
])
def test_contradiction_cues_name_both_sides(claim, passage, cue):
    assert contradiction(claim, passage) == f"contradicts the source: {cue}"


@pytest.mark.parametrize("claim,passage", [
    ("SpikeInit lets deep SNNs train stably with no batch normalization.", "Deep SNNs with SpikeInit can be trained stably without normalization."),
    ("The loss goes down as the data grows.", "The loss decreases with more data."),
    ("Removing BN usually makes training fail to converge.", "Removing BN typically causes the training to fail to converge."),
])
def test_agreeing_paraphrases_are_not_contradictions(claim, passage):
    assert contradiction(claim, passage) == ""


@pytest.mark.parametrize("sentence,why", [
    ("StormInsight does not condition on the ambient environment [1].", "contradicts the source"),          # negation
    ("Deep SNNs trained with SpikeInit still require normalization to converge [2].", "contradicts the source"),  # antonym
    ("FI onset slows down under longer contexts [3].", "contradicts the source"),                           # antonym
    ("On StormBench, StormInsight reduces MAE by 21.4% [1].", "'21.4' is not in the cited source"),          # changed number
    ("StormInsight is evaluated on OMat24 [1].", "'omat24' is not in the cited source"),                    # changed dataset
])
def test_rules_catch_negations_antonyms_and_changed_details(rules_checker, sources, sentence, why):
    check = _check(rules_checker, sources, sentence)
    assert not check.supported and why in check.reason, check.reason


def test_rules_keep_true_sentences_and_catch_unstated_ones(rules_checker, sources):
    assert _check(rules_checker, sources, "On StormBench, StormInsight reduces MAE by 12.4% and improves the mCSI by 34.0% [1].").supported
    assert _check(rules_checker, sources, "SpikeInit lets deep SNNs be trained stably without normalization [2].").supported
    unstated = _check(rules_checker, sources, "StormInsight was deployed by national weather services for aviation safety [1].")
    assert not unstated.supported and unstated.reason


def test_auto_without_a_trained_model_falls_back_to_rules(tmp_path):
    settings = make_settings(tmp_path)
    assert settings.grounding.verifier == "auto"
    assert not CrossEncoderVerifier.available(model_dir(settings))
    assert isinstance(build_verifier(settings), RulesVerifier)
    forced = make_settings(tmp_path, **{"grounding.verifier": "model"})
    with pytest.raises(RagError, match="rag train verifier"):
        build_verifier(forced)


def test_scripted_strong_model_through_openai_like_backend(seeded_settings, seeded_retriever):
    """The real openai-like backend over HTTP, the real Answerer and check; the paper pinned as [1]."""
    hits = paper_hits(seeded_retriever)
    pinned = PinnedRetriever(seeded_retriever)
    pinned.pinned = hits[STORM]
    replies = {
        "t": "StormInsight fuses radar, satellite and station data with reanalysis fields [1]. On StormBench it reduces MAE by 12.4% [1].",
        "f": "StormInsight reduces MAE by 12.4% [1]. StormInsight does not condition on the ambient environment [1].",
    }
    with ScriptedServer(replies) as server:
        answerer = _answerer(scripted_settings(seeded_settings, server.url, "rules"), pinned)
        kept = answerer.ask("What does StormInsight do? (claim t)")
        caught = answerer.ask("What does StormInsight do? (claim f)")
        assert len(server.requests) == 2 and server.requests[0]["stream"] is True
    assert kept.backend == "openai-like:scripted" and kept.error is None
    assert kept.removed_sentences == [] and "12.4%" in kept.answer
    assert caught.removed_sentences == ["StormInsight does not condition on the ambient environment [1]."]
    assert "contradicts the source" in caught.checks[1].reason and caught.checks[0].supported


def test_parse_answer():
    assert parse_answer(" Yes.") is True and parse_answer("No, it does not") is False and parse_answer("Maybe") is None


def test_llm_judge_plumbing_against_a_real_llama_cpp_server(seeded_settings, llama_server, sources):
    """SmolLM2 is a poor judge; this checks the request/response path and that the offline floor still applies."""
    settings = make_settings(
        seeded_settings.data_dir,
        **{"grounding.verifier": "llm", "judge.provider": "openai-like", "judge.model": "smollm2", "judge.api_base": llama_server},
    )
    verifier = build_verifier(settings)
    assert isinstance(verifier, LLMJudgeVerifier)
    reply = verifier.ask("StormInsight reduces MAE by 12.4%.", sources[0].abstract)
    assert isinstance(reply, str) and reply.strip()
    from rag.embeddings import build_embedding

    checker = GroundingChecker(settings.grounding, build_embedding(settings.embedding), verifier)
    wrong_number, negated, true = checker.check([
        "StormInsight reduces MAE by 21.4% [1].",
        "StormInsight does not condition on the ambient environment [1].",
        "StormInsight reduces MAE by 12.4% on StormBench [1].",
    ], sources)
    assert not wrong_number.supported and "'21.4' is not in the cited source" in wrong_number.reason
    assert not negated.supported and "contradicts the source" in negated.reason
    assert true.supported or true.reason.startswith("judge llama-cpp") or true.reason.startswith("judge openai-like:smollm2")


def test_llm_judge_unreachable_falls_back_to_rules(seeded_settings, sources, seeded_retriever):
    settings = make_settings(
        seeded_settings.data_dir,
        **{"grounding.verifier": "llm", "judge.provider": "openai-like", "judge.model": "x",
           "judge.api_base": "http://127.0.0.1:9/v1", "judge.timeout_s": 2},
    )
    checker = GroundingChecker(settings.grounding, seeded_retriever.embedder, build_verifier(settings))
    true, unstated = checker.check([
        "On StormBench, StormInsight reduces MAE by 12.4% and improves the mCSI by 34.0% [1].",
        "StormInsight was deployed by national weather services for aviation safety [1].",
    ], sources)
    assert true.supported
    assert not unstated.supported and "judge unavailable" in unstated.reason


def _answerer(settings, retriever):
    return Answerer(settings, retriever, build_backend(settings))


@pytest.mark.parametrize("claim,abstract,missing", [
    # An acronym the sentence defines itself is not a new name when its long form is in the source.
    ("Crosstalk between dendritic cells (DCs) matters.", "Crosstalk between dendritic cells matters.", []),
    ("It is mediated by reactive oxygen species (ROS).", "mediated by reactive oxygen species", []),
    ("Spiking Neural Networks (SNNs) train deep.", "spiking neural networks train deep", []),
    # ... but an acronym whose long form is absent, or a changed part of a compound, still counts.
    ("It is mediated by reactive nitrogen species (RNS).", "mediated by reactive oxygen species", ["rns"]),
    ("APOE4 in iPSC-derived neurons.", "APOE4 in neurons derived from iPSC.", []),
    ("SpikeInit trains a 2000-layer SNN.", "SpikeInit trains a 1000-layer SNN.", ["2000", "2000-layer"]),
])
def test_names_rule_reads_defined_acronyms_and_compounds(claim, abstract, missing):
    from rag.text import missing_terms

    assert missing_terms(claim, abstract) == missing
