"""Training queries for the models `rag train` fine-tunes (the re-ranker, the embedding model), offline.

A `Group` is one judged query with its relevant passage first and hard negatives after it (the
query's best BM25 passages that are not relevant), read from a BEIR-style dataset (`queries.jsonl`,
`corpus.jsonl`, `qrels/train.tsv`; only the train split is read), every `hold_out`-th query kept
out so that settings can be chosen on it; or made from papers alone, without judgments
(`corpus_groups`, for `rag train embedder --corpus`): a title asks for a passage of its abstract, or
one sentence asks for a neighbouring passage headed by the title (the inverse cloze task). Passages
are chunk-sized, as the store embeds them (title, newline, about two sentences). Self-supervised
pairs with whole abstracts and BM25 hard negatives made both models worse on ML questions
(docs/BENCHMARKS.md, "Trained retrieval models"); "Retrieval quality 11" measures the chunk-sized ones.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable

from rag.errors import RagError
from rag.text import split_sentences, tokenize

PAIR_KINDS = ("title", "ict")


@dataclass(frozen=True)
class Group:
    """One training query, its relevant passage first, then its hard negatives."""

    query: str
    passages: tuple[str, ...]


def dataset_groups(dataset: Path, negatives: int, rng: random.Random, hold_out: int) -> tuple[list[Group], dict[str, set[str]]]:
    """A group per judged (train query, relevant document) pair of a BEIR-style dataset, and the
    judgments of the queries held out (every `hold_out`-th in id order; none when 0). The folder is
    read as `rag eval retrieval` reads it (rag.evaluation.load_benchmark, split "train")."""
    from rag.corpus import read_corpus
    from rag.evaluation import load_benchmark

    bench = load_benchmark(dataset, split="train")
    corpus = {p.paper_id: f"{p.title}. {p.text}" if p.title else p.text for p in read_corpus(bench.corpus)}
    qrels = {qid: relevant for qid, judged in bench.qrels.items()
             if (relevant := {doc for doc, grade in judged.items() if grade > 0 and doc in corpus})}
    held = {qid: docs for n, (qid, docs) in enumerate(sorted(qrels.items())) if hold_out and n % hold_out == 0}
    ids = list(corpus)
    row_of = {doc: row for row, doc in enumerate(ids)}
    negatives_of = _HardNegatives([corpus[i] for i in ids])
    groups = []
    for qid, relevant in sorted(qrels.items()):
        if qid in held:
            continue
        hard = negatives_of(bench.queries[qid], {row_of[d] for d in relevant}, negatives, rng)
        groups += [Group(bench.queries[qid], (corpus[d], *(corpus[ids[i]] for i in hard))) for d in sorted(relevant)]
    return groups, held


def corpus_groups(papers: Iterable[Any], kinds: Iterable[str], negatives: int, rng: random.Random) -> list[Group]:
    """Self-supervised groups from papers (objects with `title` and `text`) whose abstract has at least
    three sentences, one group per paper and kind: "title" (a title of three words or more -> two
    consecutive sentences of its abstract, drawn at random) and "ict" (one sentence drawn at random ->
    the title, a newline and the two sentences after it, or before it at the end). Hard negatives, when
    `negatives` > 0, are the first passages (title + two sentences) of the papers BM25 ranks best for the
    query. RagError when no paper qualifies."""
    kinds = tuple(kinds)
    passages, queries = [], []
    for paper in papers:
        spans = split_sentences(paper.text)
        if len(spans) < 3:
            continue
        row = len(passages)
        sentences = [paper.text[a:b] for a, b in spans]
        head = f"{paper.title}\n" if paper.title else ""
        passages.append(head + " ".join(sentences[:2]))
        if "title" in kinds and paper.title and len(tokenize(paper.title)) >= 3:
            first = rng.randrange(len(sentences) - 1)
            queries.append((paper.title, row, " ".join(sentences[first:first + 2])))
        if "ict" in kinds:
            pick = rng.randrange(len(sentences))
            window = sentences[pick + 1:pick + 3] if pick + 2 < len(sentences) else sentences[pick - 2:pick]
            queries.append((sentences[pick], row, head + " ".join(window)))
    if not passages:
        raise RagError("the training corpus has no abstract of three sentences or more; give paper files with abstracts")
    negatives_of = _HardNegatives(passages) if negatives > 0 else None
    return [Group(query, (positive, *(passages[i] for i in (negatives_of(query, {row}, negatives, rng) if negatives_of else []))))
            for query, row, positive in queries]


class _HardNegatives:
    """The best BM25 documents for a query, other than the relevant ones, topped up at random."""

    def __init__(self, documents: list[str]) -> None:
        import bm25s

        self.count = len(documents)
        self.index = bm25s.BM25()
        self.index.index([tokenize(d) or [""] for d in documents], show_progress=False)

    def __call__(self, query: str, relevant: set[int], negatives: int, rng: random.Random) -> list[int]:
        terms = [t for t in tokenize(query) if t in self.index.vocab_dict]
        ranked = [int(i) for i in self.index.get_scores(terms).argsort()[::-1][: negatives + len(relevant) + 4]] if terms else []
        hard = [i for i in ranked if i not in relevant][:negatives]
        while len(hard) < min(negatives, self.count - len(relevant)):
            pick = rng.randrange(self.count)
            if pick not in relevant and pick not in hard:
                hard.append(pick)
        return hard


def write_qrels(path: Path, qrels: dict[str, set[str]]) -> None:
    """Write judgments as a BEIR qrels TSV (query-id, corpus-id, score 1), the held-out queries of a run."""
    path.write_text("query-id\tcorpus-id\tscore\n" + "".join(
        f"{q}\t{d}\t1\n" for q, docs in sorted(qrels.items()) for d in sorted(docs)), encoding="utf-8")
