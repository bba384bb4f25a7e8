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


def test_words_of_letters_alone_keep_their_stems():
    for plain in ("spiking neural networks without batch normalization", "Alzheimer's disease in 10-fold cross-validation",
                  "transformers transform optimizers"):
        assert index_terms(plain) == tokenize(plain)


def test_a_bm25_index_saved_before_these_terms_is_rebuilt_at_the_next_open(tmp_path, monkeypatch):
    corpus = tmp_path / "papers.jsonl"
    corpus.write_text(
        '{"id": "L1", "title": "Instruction tuning LLaMA2 for tables", "abstract": "We tune LLaMA2 on table '
        'question answering and report exact match."}\n'
        '{"id": "V1", "title": "Vision transformers for crops", "abstract": "Transformers classify crop '
        'diseases from leaf images."}\n',
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
    assert retriever.holds_term("llama")
    assert [h.paper_id for h in retriever.search("Llama 2", mode="bm25", floor=False)] == ["L1"]  # the old index: none
