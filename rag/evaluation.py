"""Retrieval evaluation on a BEIR-layout dataset: nDCG@10, Recall@10, Recall@100 and MRR@10.

The corpus goes into its own collection, named by corpus hash and embedding model, so a second run
re-embeds nothing. Every test query is run through the configured hybrid retriever and, in the same
run, through BM25 alone and dense alone, with the relevance floor off (rankings must be complete).
"""

from __future__ import annotations

import csv
import hashlib
import json
import math
import re
import sys
from pathlib import Path
from typing import Any

from tqdm import tqdm

from rag.errors import RagError
from rag.retrieval import MODES
from rag.service import RagService

DEPTH = 100


def evaluate_retrieval(service: RagService, dataset: str | Path, split: str = "test") -> dict[str, Any]:
    """Score every retriever mode on `dataset`'s `split`; returns the `rag eval retrieval --json` dict."""
    root = Path(dataset)
    corpus = root / "corpus.jsonl"
    queries = _read_queries(root / "queries.jsonl")
    qrels = _read_qrels(root / "qrels" / f"{split}.tsv")
    missing = [q for q in qrels if q not in queries]
    if missing:
        raise RagError(f"{root}: qrels name {len(missing)} queries absent from queries.jsonl (e.g. {missing[0]})")

    collection = _collection_name(corpus, service.settings.embedding.model)
    evaluation = service.collection(collection)
    report = evaluation.ingest([corpus], progress=True)
    print(f"eval collection '{collection}': {report.papers} papers, {report.chunks} chunks", file=sys.stderr)
    retriever = evaluation.retriever
    retriever.settings = retriever.settings.model_copy(update={"candidates": max(retriever.settings.candidates, 2 * DEPTH)})

    query_ids = sorted(qrels)
    vectors = retriever.embedder.encode([queries[q] for q in query_ids])
    runs: dict[str, dict[str, list[str]]] = {mode: {} for mode in MODES}
    for qid, vector in tqdm(list(zip(query_ids, vectors)), desc="queries", unit="q", file=sys.stderr):
        for mode in MODES:
            hits = retriever.search(queries[qid], top_k=DEPTH, mode=mode, floor=False, query_vector=vector)
            runs[mode][qid] = [h.paper_id for h in hits]
    return {
        "dataset": root.name,
        "queries": len(query_ids),
        "retrievers": {mode: score_run(runs[mode], qrels) for mode in MODES},
    }


def score_run(run: dict[str, list[str]], qrels: dict[str, dict[str, int]]) -> dict[str, float]:
    """Mean nDCG@10, Recall@10, Recall@100 and MRR@10 of ranked paper ids against graded judgments."""
    totals = {"ndcg@10": 0.0, "recall@10": 0.0, "recall@100": 0.0, "mrr@10": 0.0}
    for qid, judged in qrels.items():
        ranking = run.get(qid, [])
        relevant = {doc for doc, grade in judged.items() if grade > 0}
        gains = [judged.get(doc, 0) for doc in ranking[:10]]
        dcg = sum((2**g - 1) / math.log2(i + 2) for i, g in enumerate(gains))
        ideal = sorted((g for g in judged.values() if g > 0), reverse=True)[:10]
        idcg = sum((2**g - 1) / math.log2(i + 2) for i, g in enumerate(ideal))
        totals["ndcg@10"] += dcg / idcg if idcg else 0.0
        totals["recall@10"] += len(relevant & set(ranking[:10])) / len(relevant) if relevant else 0.0
        totals["recall@100"] += len(relevant & set(ranking[:100])) / len(relevant) if relevant else 0.0
        first = next((i for i, doc in enumerate(ranking[:10]) if doc in relevant), None)
        totals["mrr@10"] += 1.0 / (first + 1) if first is not None else 0.0
    return {name: round(total / max(1, len(qrels)), 4) for name, total in totals.items()}


def _collection_name(corpus: Path, model: str) -> str:
    if not corpus.is_file():
        raise RagError(f"{corpus}: no such file; --dataset must be a BEIR folder with corpus.jsonl")
    digest = hashlib.sha256()
    with corpus.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    slug = re.sub(r"[^A-Za-z0-9]+", "-", model.split("/")[-1]).strip("-").lower()[:30]
    return f"eval-{digest.hexdigest()[:12]}-{slug}"


def _read_queries(path: Path) -> dict[str, str]:
    queries = {}
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        raise RagError(f"{path}: cannot read ({exc.strerror}); --dataset needs queries.jsonl") from None
    for lineno, line in enumerate(lines, start=1):
        if line.strip():
            try:
                record = json.loads(line)
                queries[str(record["_id"])] = record["text"]
            except (ValueError, KeyError):
                raise RagError(f"{path}: line {lineno} is not a {{\"_id\", \"text\"}} query") from None
    return queries


def _read_qrels(path: Path) -> dict[str, dict[str, int]]:
    qrels: dict[str, dict[str, int]] = {}
    try:
        rows = list(csv.reader(path.read_text(encoding="utf-8").splitlines(), delimiter="\t"))
    except OSError as exc:
        raise RagError(f"{path}: cannot read ({exc.strerror}); --dataset needs qrels/<split>.tsv") from None
    for row in rows:
        if len(row) < 3 or not row[2].strip().lstrip("-").isdigit():
            continue  # header line ("query-id corpus-id score") or blank
        qrels.setdefault(row[0], {})[row[1]] = int(row[2])
    if not qrels:
        raise RagError(f"{path}: no judgments found; expected query-id, corpus-id, score columns")
    return qrels
