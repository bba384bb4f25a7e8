"""Score fusion, its normalisation edge cases, and reading questions for retrieval (rag.fusion, rag.query)."""

import pytest

from rag.fusion import fuse, normalise
from rag.query import answer_top_k, content_query, papers_requested


def test_minmax_keeps_score_gaps_that_rrf_discards():
    dense = {"a": 0.80, "b": 0.79, "c": 0.30}
    bm25 = {"c": 30.0, "b": 29.0, "a": 1.0}
    weights = {"dense": 0.5, "bm25": 0.5}
    by_score = fuse({"dense": dense, "bm25": bm25}, weights, "minmax")
    # b is a near-top match for both retrievers; a and c each win one retriever by a wide margin.
    assert max(by_score, key=by_score.get) == "b"
    by_rank = fuse({"dense": dense, "bm25": bm25}, weights, "rrf")
    assert by_rank["a"] == pytest.approx(by_rank["c"])  # ranks 1 and 3 either way: a tie


def test_paper_missing_from_one_ranking_gets_its_lowest_score():
    scores = fuse({"dense": {"a": 0.9, "b": 0.5}, "bm25": {"b": 10.0, "c": 4.0}}, {"dense": 0.5, "bm25": 0.5}, "minmax")
    assert scores == pytest.approx({"a": 0.5, "b": 0.5, "c": 0.0})


def test_zero_weight_drops_a_retriever_and_single_mode_keeps_its_order():
    scores = fuse({"dense": {"a": 0.9}, "bm25": {"b": 3.0, "c": 1.0}}, {"dense": 0.0, "bm25": 1.0}, "zscore")
    assert set(scores) == {"b", "c"} and scores["b"] > scores["c"]


def test_rrf_best_possible_paper_scores_one():
    scores = fuse({"dense": {"a": 0.9, "b": 0.1}, "bm25": {"a": 5.0}}, {"dense": 0.6, "bm25": 0.4}, "rrf", rrf_k=20)
    assert scores["a"] == pytest.approx(1.0) and scores["b"] < 1.0


@pytest.mark.parametrize("method, expected", [("minmax", 1.0), ("zscore", 0.0)])
def test_degenerate_lists_normalise_without_dividing_by_zero(method, expected):
    assert normalise({"a": 2.5}, method) == {"a": expected}
    assert normalise({"a": 0.4, "b": 0.4, "c": 0.4}, method) == {"a": expected, "b": expected, "c": expected}
    assert normalise({}, method) == {}


@pytest.mark.parametrize("method", ["minmax", "zscore"])
def test_a_lone_candidate_ranks_above_the_papers_its_retriever_did_not_propose(method):
    # Only "b" holds the query's rare word: BM25 proposes it alone, and it must gain over "c".
    dense = {"a": 0.50, "c": 0.45, "b": 0.44, "d": 0.20}
    scores = fuse({"dense": dense, "bm25": {"b": 7.0}}, {"dense": 0.5, "bm25": 0.5}, method)
    assert max(scores, key=scores.get) == "b"
    assert scores["b"] > scores["a"] > scores["c"] > scores["d"]


def test_normalise_ranges():
    assert normalise({"a": 3.0, "b": 1.0, "c": 2.0}, "minmax") == {"a": 1.0, "b": 0.0, "c": 0.5}
    z = normalise({"a": 3.0, "b": 1.0}, "zscore")
    assert z == pytest.approx({"a": 1.0, "b": -1.0})


def test_unknown_fusion_is_refused():
    with pytest.raises(ValueError, match="unknown fusion"):
        fuse({"dense": {"a": 1.0}}, {"dense": 1.0}, "borda")


@pytest.mark.parametrize("question", [
    "Which papers use spiking neural networks?",
    "What papers study weather forecasting?",
    "list works on protein design",
    "Are there any papers about LoRA forgetting?",
    "papers that estimate free energy",
    "Which other studies apply diffusion models to proteins?",
])
def test_questions_asking_for_several_papers(question):
    assert papers_requested(question)
    assert answer_top_k(question, top_k=3, max_papers=8) == 8


@pytest.mark.parametrize("question", [
    "What is PLaTITO?",
    "How deep was the SNN trained with SpikeInit?",
    "Which dataset did the paper on Hamiltonian prediction use?",
    "How does the proposed method work?",
    "What does this paper propose for sleep staging?",
])
def test_questions_about_one_paper(question):
    assert not papers_requested(question)
    assert answer_top_k(question, top_k=3, max_papers=8) == 3


def test_content_query_drops_framing_words_only():
    assert content_query("Which papers study spiking neural networks?") == "Which spiking neural networks ?"
    assert content_query("papers") == "papers"  # nothing left: keep the question as it was


def test_rm3_expansion_keeps_the_query_mass_and_adds_feedback_words():
    from rag.prf import rm3_weights

    weights = rm3_weights(["storm", "radar"], [(["storm", "nowcast", "nowcast", "radar"], 3.0), (["nowcast", "rain"], 1.0)],
                          n_terms=4, original_weight=0.7)
    assert sum(weights.values()) == pytest.approx(2.0)
    assert weights["nowcast"] > weights["rain"] > 0 and weights["storm"] > 0.7
    assert rm3_weights(["storm"], [], n_terms=3) == {"storm": 1.0}
    assert rm3_weights(["storm"], [(["x"], 0.0)], n_terms=3) == {"storm": 1.0}


def test_zscore_fusion_scores_lie_between_zero_and_one_in_order():
    scores = fuse({"dense": {"a": 0.9, "b": 0.5, "c": 0.1}, "bm25": {"a": 9.0, "c": 1.0}}, {"dense": 0.5, "bm25": 0.5}, "zscore")
    assert all(0 < v < 1 for v in scores.values()) and scores["a"] > scores["b"] > scores["c"]


def test_confident_dense_weight_follows_each_retrievers_best_match_and_stays_in_range():
    from rag.fusion import WEIGHT_RANGE, confident_dense_weight

    centres = dict(cosine_centre=0.65, cosine_slope=1.0, bm25_centre=0.21, bm25_slope=2.0)
    assert confident_dense_weight(0.5, 0.65, 0.21, **centres) == pytest.approx(0.5)
    # a close embedding match raises the dense weight; a rare exact word match lowers it
    assert confident_dense_weight(0.5, 0.80, 0.21, **centres) == pytest.approx(0.65)
    assert confident_dense_weight(0.5, 0.65, 0.31, **centres) == pytest.approx(0.3)
    assert confident_dense_weight(0.5, 1.0, 0.0, **centres) == WEIGHT_RANGE[1]
    assert confident_dense_weight(0.5, 0.0, 1.0, **centres) == WEIGHT_RANGE[0]
    # both slopes 0: the fixed weight, even outside the range
    assert confident_dense_weight(0.9, 1.0, 0.0, 0.65, 0.0, 0.21, 0.0) == 0.9
