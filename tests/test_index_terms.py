"""BM25's terms for scientific names (rag.text.index_terms), and stores indexed before them."""

from __future__ import annotations

import json

import pytest

from conftest import make_settings
from rag import bm25_index
from rag.ingest import bm25_dir
from rag.service import RagService
from rag.text import index_terms, tokenize


@pytest.mark.parametrize("written,asked", [("LLaMA2", "Llama 2"), ("Oct4", "OCT3/4"), ("GPT4o", "GPT-4o"),
                                           ("p62/SQSTM1", "SQSTM-1"), ("ResNet50", "ResNet-50")])
def test_a_name_mixing_letters_and_digits_meets_its_other_spellings(written, asked):
    assert set(index_terms(written)) & set(index_terms(asked)) - {"1", "2", "3", "4"}
    assert not set(tokenize(written)) & set(tokenize(asked)) - {"1", "2", "3", "4"}  # the stems alone never met


def test_agent_nouns_keep_their_ending_and_other_words_their_stem():
    assert index_terms("transformers transformer optimizers") == ["transformer", "transformer", "optimizer"]
    assert index_terms("transform transformation optimization") == tokenize("transform transformation optimization")
    assert index_terms("layers cancer receptors user") == tokenize("layers cancer receptors user")
    for plain in ("spiking neural networks without batch normalization", "Alzheimer's disease in 10-fold cross-validation"):
        assert index_terms(plain) == tokenize(plain)


def test_a_bm25_index_saved_before_these_terms_is_rebuilt_at_the_next_open(tmp_path, monkeypatch):
    corpus = tmp_path / "papers.jsonl"
    corpus.write_text(
        '{"id": "L1", "title": "Instruction tuning LLaMA2 for tables", "abstract": "We tune LLaMA2 on table '
        'question answering and report exact match."}\n'
        '{"id": "V1", "title": "Vision transformers for crops", "abstract": "Transformers classify crop '
        'diseases from leaf images."}\n'
        '{"id": "T1", "title": "Transformation of soil data", "abstract": "We transform soil measurements '
        'with a learned map."}\n',
        encoding="utf-8",
    )
    settings = make_settings(tmp_path / "data")
    with monkeypatch.context() as old_code:  # the index as the code before index_terms wrote it
        old_code.setattr(bm25_index, "index_terms", tokenize)
        old_code.setattr(bm25_index, "INDEX_FORMAT", "title+chunk/counts+deltas/3")
        RagService(settings).ingest([corpus], progress=False)
    manifest = bm25_dir(settings, "papers") / "manifest.json"
    assert json.loads(manifest.read_text())["format"] == "title+chunk/counts+deltas/3"

    retriever = RagService(settings).retriever
    assert json.loads(manifest.read_text())["format"] == bm25_index.INDEX_FORMAT
    assert retriever.holds_term("llama") and retriever.holds_term("transformer")
    assert [h.paper_id for h in retriever.search("Llama 2 table answering", mode="bm25", floor=False)][:1] == ["L1"]
    assert [h.paper_id for h in retriever.search("transformer", mode="bm25", floor=False)] == ["V1"]
