"""Retrieval evaluation on a BEIR-layout dataset: nDCG@10, Recall@1/10/100 and MRR@10.

The corpus goes into its own collection, named by corpus hash and embedding model, so a second run
re-embeds nothing. Every test query is run through the configured hybrid retriever and, in the same
run, through BM25 alone and dense alone, with the relevance floor off (rankings must be complete).
`misses` lists the judged papers the hybrid ranking leaves below its cut, with what each retriever
made of them, to tell a question no fusion can repair from one a retriever already answers.
"""

from __future__ import annotations

import csv
import hashlib
import json
import math
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tqdm import tqdm

from rag.errors import RagError
from rag.query import content_query
from rag.retrieval import MODES, PaperRetriever
from rag.service import RagService
from rag.text import index_terms

DEPTH = 100


def evaluate_retrieval(
    service: RagService,
    dataset: str | Path | None = None,
    split: str = "test",
    corpus: list[str | Path] | None = None,
    queries: str | Path | None = None,
    qrels: str | Path | None = None,
    rerank: str | None = None,
    with_misses: bool = False,
) -> dict[str, Any]:
    """Score every retriever mode on a benchmark; returns the `rag eval retrieval --json` dict.

    The benchmark is a BEIR folder `dataset` (corpus.jsonl, queries.jsonl, qrels/<split>.tsv), or
    its parts given one by one: `corpus` files (any corpus format), `queries`, `qrels`; a given part
    wins over the folder's. Queries marked `"multi": true` and the others are also scored apart
(`multi_paper`, `single_paper`). `rerank`
    (a cross-encoder path; default retrieval.rerank_model) adds a row re-ranking the hybrid ranking.
    `with_misses` adds `misses` (see `misses`).
    """
    bench = load_benchmark(dataset, split, corpus, queries, qrels)
    retriever = open_eval_retriever(service, bench.corpus)
    settings = service.settings
    query_ids = sorted(bench.qrels)
    vectors = retriever.embedder.encode([bench.queries[q] for q in query_ids])
    runs: dict[str, dict[str, list[str]]] = {mode: {} for mode in MODES}
    hybrid_hits = {}
    for qid, vector in tqdm(list(zip(query_ids, vectors)), desc="queries", unit="q", file=sys.stderr):
        for mode in MODES:
            hits = retriever.search(bench.queries[qid], top_k=DEPTH, mode=mode, floor=False, query_vector=vector)
            runs[mode][qid] = [h.paper_id for h in hits]
            if mode == "hybrid":
                hybrid_hits[qid] = hits
    rerank = rerank if rerank is not None else settings.retrieval.rerank_model
    if rerank:
        from rag.rerank import CrossEncoderReranker

        reranker = CrossEncoderReranker(rerank, depth=settings.retrieval.rerank_depth, weight=settings.retrieval.rerank_weight)
        runs["hybrid+rerank"] = {
            qid: [h.paper_id for h in reranker.process(bench.queries[qid], hits)]
            for qid, hits in tqdm(hybrid_hits.items(), desc="re-rank", unit="q", file=sys.stderr)
        }
    result: dict[str, Any] = {
        "dataset": bench.name,
        "queries": len(query_ids),
        "retrievers": {mode: score_run(run, bench.qrels) for mode, run in runs.items()},
    }
    multi = {q: bench.qrels[q] for q in query_ids if q in bench.multi}
    if multi:
        single = {q: bench.qrels[q] for q in query_ids if q not in bench.multi}
        for key, subset in (("single_paper", single), ("multi_paper", multi)):
            result[key] = {"queries": len(subset), "retrievers": {mode: score_run(run, subset) for mode, run in runs.items()}}
    if with_misses:
        result["misses"] = misses(retriever, bench, runs)
    return result


def misses(retriever: PaperRetriever, bench: "Benchmark", runs: dict[str, dict[str, list[str]]]) -> list[dict[str, Any]]:
    """Each judged-relevant paper that the hybrid ranking leaves below its cut (first place for a
    question asking for one paper, the top 10 for one marked multi), in query order, as a dict:
    query_id, multi, gold (how many papers the question's judgments hold), paper_id, ranks (its rank
    in each run of `runs`, 1-based; None outside the run's 100), and terms_held / terms: how many of
    the question's content words (BM25's terms for it) the whole paper (title + abstract) holds."""
    papers = retriever.paper_bm25
    index = {paper_id: i for i, paper_id in enumerate(papers.paper_ids)}
    found: list[dict[str, Any]] = []
    for qid in sorted(bench.qrels):
        gold = [doc for doc, grade in bench.qrels[qid].items() if grade > 0]
        cut = 10 if qid in bench.multi else 1
        positions = {mode: {paper_id: rank for rank, paper_id in enumerate(run.get(qid, []), start=1)} for mode, run in runs.items()}
        missed = [doc for doc in gold if positions["hybrid"].get(doc, cut + 1) > cut]
        if not missed:
            continue
        terms = dict.fromkeys(index_terms(content_query(bench.queries[qid])), 1.0)
        held = papers.match(terms)[1]
        for doc in missed:
            found.append({
                "query_id": qid, "multi": qid in bench.multi, "gold": len(gold), "paper_id": doc,
                "ranks": {mode: ranks.get(doc) for mode, ranks in positions.items()},
                "terms_held": int(held[index[doc]]) if doc in index else 0, "terms": len(terms),
            })
    return found


@dataclass
class Benchmark:
    """Queries, graded judgments and the corpus files they are judged against."""

    name: str
    corpus: list[Path]
    queries: dict[str, str]
    qrels: dict[str, dict[str, int]]
    multi: set[str]


def load_benchmark(
    dataset: str | Path | None,
    split: str = "test",
    corpus: list[str | Path] | None = None,
    queries: str | Path | None = None,
    qrels: str | Path | None = None,
) -> Benchmark:
    """Read a benchmark from a BEIR folder and/or explicit parts; RagError names what is missing."""
    root = Path(dataset) if dataset else None
    if root is None and not (corpus and queries and qrels):
        raise RagError("give --dataset FOLDER, or all of --corpus PATH..., --queries FILE and --qrels FILE")
    corpus_paths = [Path(p) for p in corpus] if corpus else [root / "corpus.jsonl"]
    for path in corpus_paths:
        if not path.exists():
            raise RagError(f"{path}: no such file; --dataset must be a BEIR folder with corpus.jsonl, or pass --corpus")
    query_texts, multi = _read_queries(Path(queries) if queries else root / "queries.jsonl")
    judged = _read_qrels(Path(qrels) if qrels else root / "qrels" / f"{split}.tsv")
    missing = [q for q in judged if q not in query_texts]
    if missing:
        raise RagError(f"qrels name {len(missing)} queries absent from the queries file (e.g. {missing[0]})")
    name = root.name if root else Path(queries).parent.name
    return Benchmark(name, corpus_paths, query_texts, judged, multi)


def open_eval_retriever(service: RagService, corpus: list[Path]) -> PaperRetriever:
    """A retriever over `corpus` in its own collection (named by content and model), with the settings
    `rag search` uses: scores measure the product as configured, and recall@100 counts what its
    candidate pool (retrieval.candidates) can return."""
    collection = _collection_name(corpus, service.settings.embedding.model)
    evaluation = service.collection(collection)
    report = evaluation.ingest(corpus, progress=True)
    print(f"eval collection '{collection}': {report.papers} papers, {report.chunks} chunks", file=sys.stderr)
    return evaluation.retriever


def score_run(run: dict[str, list[str]], qrels: dict[str, dict[str, int]]) -> dict[str, float]:
    """Mean nDCG@10, Recall@1, Recall@10, Recall@100 and MRR@10 of ranked paper ids against graded judgments."""
    totals = {"ndcg@10": 0.0, "recall@1": 0.0, "recall@10": 0.0, "recall@100": 0.0, "mrr@10": 0.0}
    for qid, judged in qrels.items():
        ranking = run.get(qid, [])
        relevant = {doc for doc, grade in judged.items() if grade > 0}
        gains = [judged.get(doc, 0) for doc in ranking[:10]]
        dcg = sum((2**g - 1) / math.log2(i + 2) for i, g in enumerate(gains))
        ideal = sorted((g for g in judged.values() if g > 0), reverse=True)[:10]
        idcg = sum((2**g - 1) / math.log2(i + 2) for i, g in enumerate(ideal))
        totals["ndcg@10"] += dcg / idcg if idcg else 0.0
        totals["recall@1"] += len(relevant & set(ranking[:1])) / len(relevant) if relevant else 0.0
        totals["recall@10"] += len(relevant & set(ranking[:10])) / len(relevant) if relevant else 0.0
        totals["recall@100"] += len(relevant & set(ranking[:100])) / len(relevant) if relevant else 0.0
        first = next((i for i, doc in enumerate(ranking[:10]) if doc in relevant), None)
        totals["mrr@10"] += 1.0 / (first + 1) if first is not None else 0.0
    return {name: round(total / max(1, len(qrels)), 4) for name, total in totals.items()}


def _collection_name(corpus: list[Path], model: str) -> str:
    digest = hashlib.sha256()
    for path in sorted(_files(corpus)):
        with path.open("rb") as handle:
            for block in iter(lambda: handle.read(1 << 20), b""):
                digest.update(block)
    slug = re.sub(r"[^A-Za-z0-9]+", "-", model.split("/")[-1]).strip("-").lower()[:30]
    if Path(model).expanduser().is_dir():  # a local model folder: two folders of one name must not share vectors
        slug = f"{hashlib.sha256(str(Path(model).expanduser().resolve()).encode()).hexdigest()[:8]}-{slug}"[:30]
    return f"eval-{digest.hexdigest()[:12]}-{slug}"


def _files(paths: list[Path]) -> list[Path]:
    return [f for p in paths for f in ([p] if p.is_file() else sorted(x for x in p.rglob("*") if x.is_file()))]


def _read_queries(path: Path) -> tuple[dict[str, str], set[str]]:
    queries, multi = {}, set()
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        raise RagError(f"{path}: cannot read ({exc.strerror}); --dataset needs queries.jsonl") from None
    for lineno, line in enumerate(lines, start=1):
        if line.strip():
            try:
                record = json.loads(line)
                queries[str(record["_id"])] = record["text"]
                if record.get("multi"):
                    multi.add(str(record["_id"]))
            except (ValueError, KeyError):
                raise RagError(f"{path}: line {lineno} is not a {{\"_id\", \"text\"}} query") from None
    return queries, multi


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
