"""Chunking with the real embedding tokenizer: offsets, windows, sentence boundaries."""

from __future__ import annotations

import pytest

from conftest import SEEDS
from rag.chunking import chunk_text, split_sentences
from rag.corpus import read_corpus
from rag.embeddings import build_embedding
from rag.settings import load_settings


@pytest.fixture(scope="module")
def embedder():
    return build_embedding(load_settings(environ={}).embedding)


def test_sentences_ignore_abbreviations_and_decimals():
    text = "We use e.g. LoRA adapters, i.e. low-rank ones. Accuracy rose by 3.5 points. Smith et al. agree!"
    spans = split_sentences(text)
    assert [text[s:e] for s, e in spans] == [
        "We use e.g. LoRA adapters, i.e. low-rank ones.",
        "Accuracy rose by 3.5 points.",
        "Smith et al. agree!",
    ]


def test_every_seed_chunk_fits_the_model_window_and_points_at_its_exact_words(embedder):
    window = embedder.window
    for paper in read_corpus([SEEDS]):
        chunks = chunk_text(paper.text, embedder.count_tokens, window, overlap_sentences=1)
        assert chunks[0].start == 0 and chunks[-1].end == len(paper.text)
        for chunk in chunks:
            assert paper.text[chunk.start:chunk.end] == chunk.text
            assert embedder.count_tokens(chunk.text) <= window
        for before, after in zip(chunks, chunks[1:]):
            assert after.start < before.end  # one sentence of overlap
            assert after.start > before.start


def test_small_windows_split_on_sentence_boundaries(embedder):
    text = read_corpus([SEEDS])[0].text
    spans = split_sentences(text)
    starts, ends = {s for s, _ in spans}, {e for _, e in spans}
    chunks = chunk_text(text, embedder.count_tokens, 80, overlap_sentences=0)
    assert len(chunks) > 3
    assert all(c.start in starts and c.end in ends for c in chunks)
    assert [c.start for c in chunks[1:]] == [next(s for s in sorted(starts) if s > c.end - 1) for c in chunks[:-1]]


def test_a_sentence_longer_than_the_window_is_cut_at_words(embedder):
    text = " ".join(f"word{i}" for i in range(400)) + "."
    chunks = chunk_text(text, embedder.count_tokens, 50, overlap_sentences=0)
    assert len(chunks) > 5
    assert all(embedder.count_tokens(c.text) <= 50 for c in chunks)
    assert all(text[c.start:c.end] == c.text and not c.text.startswith(" ") for c in chunks)


def test_a_sentence_longer_than_small_chunks_stays_whole_up_to_the_window(embedder):
    text = read_corpus([SEEDS])[0].text
    spans = split_sentences(text)
    longest = max(embedder.count_tokens(text[s:e]) for s, e in spans)
    small = longest - 5
    chunks = chunk_text(text, embedder.count_tokens, small, overlap_sentences=0, window=embedder.window)
    starts, ends = {s for s, _ in spans}, {e for _, e in spans}
    assert all(c.start in starts and c.end in ends for c in chunks)  # no sentence is cut
    assert max(embedder.count_tokens(c.text) for c in chunks) == longest
    assert all(embedder.count_tokens(c.text) <= small for c in chunks if (c.start, c.end) not in spans)
    cut = chunk_text(text, embedder.count_tokens, small, overlap_sentences=0)  # no window: cut at max_tokens
    assert max(embedder.count_tokens(c.text) for c in cut) <= small
