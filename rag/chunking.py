"""Sentence-aware chunking that fits the embedding model's window and keeps character offsets.

Each chunk is a run of whole sentences whose word-piece count fits `max_tokens`; a sentence longer
than that stays whole in a chunk of its own, and is cut at word boundaries only where it is longer
than `window` (the most the embedding model reads). `text[start:end]` of the abstract is exactly the
chunk's text, so a citation can point at the exact words.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable, Sequence

from rag.text import split_sentences

@dataclass(frozen=True)
class Chunk:
    """A piece of one abstract: `text == abstract[start:end]`; `index` counts from 0."""

    index: int
    text: str
    start: int
    end: int


def chunk_text(
    text: str,
    count_tokens: Callable[[str], int],
    max_tokens: int,
    overlap_sentences: int = 1,
    sentence_sizes: Sequence[int] | None = None,
    window: int | None = None,
    spans: Sequence[tuple[int, int]] | None = None,
) -> list[Chunk]:
    """Split `text` into chunks of whole sentences, each at most `max_tokens` word pieces.

    A single sentence longer than `max_tokens` is a chunk of its own, cut at word boundaries into
    pieces of at most `window` word pieces only where it exceeds `window` (None: `max_tokens`), so
    small chunks never split a sentence the model could read whole. Consecutive chunks share `overlap_sentences` sentences so that no statement loses its context.
    `sentence_sizes`, when given, are `count_tokens` of each of `sentences(text)`, counted ahead (e.g.
    in one batched tokenizer call for many papers); `spans`, when given, are `sentences(text)`, split
    ahead. The chunks are the same either way.
    """
    if spans is None:
        spans = sentences(text)
    if sentence_sizes is None:
        sentence_sizes = [count_tokens(text[start:end]) for start, end in spans]
    longest = max(max_tokens, window or 0)
    pieces: list[tuple[int, int]] = []
    sizes: list[int] = []
    for (start, end), size in zip(spans, sentence_sizes, strict=True):
        if size > longest:
            for span in _split_long(text, start, end, count_tokens, longest):
                pieces.append(span)
                sizes.append(count_tokens(text[span[0]:span[1]]))
        else:
            pieces.append((start, end))
            sizes.append(size)
    # Word pieces of whole sentences add up, so a chunk's size is the sum of its sentences' sizes.
    chunks: list[Chunk] = []
    first = 0
    while first < len(pieces):
        last, total = first, sizes[first]
        while last + 1 < len(pieces) and total + sizes[last + 1] <= max_tokens:
            last += 1
            total += sizes[last]
        start, end = pieces[first][0], pieces[last][1]
        chunks.append(Chunk(index=len(chunks), text=text[start:end], start=start, end=end))
        if last + 1 >= len(pieces):
            break
        first = max(first + 1, last + 1 - overlap_sentences)
    return chunks


def sentences(text: str) -> list[tuple[int, int]]:
    """The sentence spans `chunk_text` builds chunks from (rag.text.split_sentences)."""
    return split_sentences(text)


def _split_long(
    text: str, start: int, end: int, count_tokens: Callable[[str], int], max_tokens: int
) -> list[tuple[int, int]]:
    """Cut one over-long sentence into word-boundary spans that each fit the window."""
    words = [(m.start() + start, m.end() + start) for m in re.finditer(r"\S+", text[start:end])]
    spans = []
    first = 0
    while first < len(words):
        last = first
        while last + 1 < len(words) and count_tokens(text[words[first][0]:words[last + 1][1]]) <= max_tokens:
            last += 1
        spans.append((words[first][0], words[last][1]))
        first = last + 1
    return spans
