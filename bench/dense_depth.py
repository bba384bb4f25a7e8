"""Measures the dense search's depth and paper evidence: exact nearest chunks, pooling, candidate pools.

    .venv/bin/python bench/dense_depth.py --dataset ../shared/data/beir_scifact --split train --data-dir DIR
    .venv/bin/python bench/dense_depth.py --corpus seeds "../shared/data/icml2024_abstracts/ICML 2024 Events.json" \\
        --queries bench/qa/retrieval_dev/queries.jsonl --qrels bench/qa/retrieval_dev/qrels/dev.tsv --split dev --data-dir DIR

Per query, once (cached in DIR/dense-depth-<name>-<split>.pkl): the nearest chunks Chroma returns
when asked for 100 results and for 400 (rag.store.ChunkStore.nearest), the exact nearest 400 by
brute force over every stored vector, and the shipped BM25 candidates (PaperRetriever._bm25, 200
deep). Then, without searching again, every row ranks papers with the retriever's own fusion
(PaperRetriever._fuse: z-scores at the confidence-adjusted dense weight) and changes one thing:
- which nearest chunks the dense side reads (asked for 100, as before `retrieval.dense_search_depth`;
  asked for 400 and the best 100 kept, the default; the exact 100);
- how a paper's dense score pools its candidate chunks (best; best + beta x second best;
  log-sum-exp at temperature T);
- how deep each side's candidate pool is (dense chunks x BM25 papers).
Also prints how many of the exact 100 nearest chunks Chroma returns per number of results asked.
Choose on train splits and dev sets only.
"""

from __future__ import annotations

import argparse
import math
import pickle
import sys
from pathlib import Path
from typing import Callable

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.common import bench_settings, print_table, retrieval_benchmark_parser  # noqa: E402
from rag.evaluation import load_benchmark, open_eval_retriever, score_run  # noqa: E402
from rag.query import content_query  # noqa: E402
from rag.retrieval import PaperHit, PaperRetriever  # noqa: E402
from rag.service import RagService  # noqa: E402
from rag.text import index_terms  # noqa: E402

ASKED = (100, 150, 200, 300, 400)  # results asked of Chroma in the exactness table
DEEPEST = 400  # chunks kept per query
BM25_DEPTH = 200  # BM25 papers kept per query

Chunks = list[tuple[str, float]]  # (paper id, cosine) of chunks, nearest first


def collect(args: argparse.Namespace, retriever: PaperRetriever, bench) -> dict:
    """Per query: the chunk lists (asked 100, asked 400, exact), BM25 candidates and query-word count."""
    cache = Path(args.data_dir) / f"dense-depth-{bench.name}-{args.split}.pkl"
    if cache.is_file():
        return pickle.loads(cache.read_bytes())
    ids = sorted(bench.qrels)
    vectors = retriever.embedder.encode_array([bench.queries[q] for q in ids])
    chunk_ids = retriever.bm25.chunk_ids
    stored = dict((c.chunk_id, v) for c, v in retriever.store.vectors(chunk_ids))
    matrix = np.stack([stored[c] for c in chunk_ids])
    paper_of = {c: m["paper_id"] for c, m in zip(chunk_ids, retriever.bm25.metadatas)}
    deep = retriever.settings.model_copy(update={"candidates": BM25_DEPTH})
    shipped, retriever.settings = retriever.settings, deep
    out = {"ids": ids, "queries": {}}
    for qid, vector in zip(ids, vectors):
        cosines = matrix @ vector
        exact = np.argsort(-cosines, kind="stable")[:DEEPEST]
        asked = {n: retriever.store.nearest(vector.tolist(), n, n) for n in ASKED}
        words = content_query(bench.queries[qid])
        out["queries"][qid] = {
            "asked": {n: [(paper_of[c], cos) for c, cos in found] for n, found in asked.items()},
            "exact": [(paper_of[chunk_ids[i]], float(cosines[i])) for i in exact],
            "exact_ids": [chunk_ids[i] for i in exact[:100]],
            "asked_ids": {n: [c for c, _ in found[:100]] for n, found in asked.items()},
            "bm25": [(p, h.lexical_score) for p, h in retriever._bm25(words, None).items()],
            "terms": len(set(index_terms(words))),
        }
    retriever.settings = shipped
    cache.write_bytes(pickle.dumps(out))
    return out


def best(chunks: Chunks) -> dict[str, float]:
    """Each paper's best chunk cosine, nearest paper first."""
    papers: dict[str, float] = {}
    for paper, cosine in chunks:
        papers.setdefault(paper, cosine)
    return papers


def pooled(pool: Callable[[list[float]], float]) -> Callable[[Chunks], dict[str, float]]:
    """Paper scores from all of a paper's candidate chunks by `pool` (cosines best first), best paper first."""

    def score(chunks: Chunks) -> dict[str, float]:
        per: dict[str, list[float]] = {}
        for paper, cosine in chunks:
            per.setdefault(paper, []).append(cosine)
        return dict(sorted(((p, pool(c)) for p, c in per.items()), key=lambda x: -x[1]))

    return score


def second(beta: float) -> Callable[[list[float]], float]:
    """Best + beta x second-best chunk cosine (0 when the paper has one candidate chunk)."""
    return lambda cosines: cosines[0] + beta * (cosines[1] if len(cosines) > 1 else 0.0)


def log_sum_exp(temperature: float) -> Callable[[list[float]], float]:
    """T x log(sum exp(cosine / T)): the best chunk, raised by every other close one."""
    return lambda cosines: cosines[0] + temperature * math.log(sum(math.exp((c - cosines[0]) / temperature) for c in cosines))


def ranking(retriever: PaperRetriever, dense: dict[str, float], lexical: list[tuple[str, float]], terms: int) -> list[str]:
    """The hybrid ranking PaperRetriever._fuse makes of these candidates (paper ids, best first)."""

    def hit(paper: str, **evidence: float) -> PaperHit:
        return PaperHit(paper_id=paper, title="", source="", text="", chunk_metadata={}, **evidence)

    dense_hits = {p: hit(p, dense_similarity=c) for p, c in dense.items()}
    lexical_hits = {p: hit(p, lexical_score=s) for p, s in lexical}
    return [h.paper_id for h in retriever._fuse(dense_hits, lexical_hits, "hybrid", terms)][:100]


def main() -> None:
    args = retrieval_benchmark_parser(__doc__.splitlines()[0]).parse_args()
    bench = load_benchmark(args.dataset, args.split, args.corpus, args.queries, args.qrels)
    retriever = open_eval_retriever(RagService(bench_settings(args.data_dir)), bench.corpus)
    data = collect(args, retriever, bench)
    queries = data["queries"]

    found = [[n, f"{np.mean([len(set(q['asked_ids'][n]) & set(q['exact_ids'])) / 100 for q in queries.values()]):.4f}",
              f"{min(len(set(q['asked_ids'][n]) & set(q['exact_ids'])) / 100 for q in queries.values()):.2f}"] for n in ASKED]
    print_table(["results asked", "share of the exact 100 nearest chunks, mean", "worst query"], found)

    subsets = {"all": bench.qrels}
    if bench.multi:
        subsets["single"] = {q: j for q, j in bench.qrels.items() if q not in bench.multi}
        subsets["multi"] = {q: j for q, j in bench.qrels.items() if q in bench.multi}
    rows = []

    def report(label: str, run: dict[str, list[str]]) -> None:
        scores = {name: score_run(run, judged) for name, judged in subsets.items()}
        row = [label] + [f"{scores['all'][k]:.4f}" for k in ("ndcg@10", "recall@1", "recall@10", "recall@100")]
        if bench.multi:
            row += [f"{scores['single']['recall@1']:.4f}", f"{scores['multi']['recall@10']:.4f}"]
        rows.append(row)
        print(" | ".join(row), flush=True)

    def hybrid(dense_of: Callable[[dict], dict[str, float]], bm25_depth: int = 100) -> dict[str, list[str]]:
        return {q: ranking(retriever, dense_of(e), e["bm25"][:bm25_depth], e["terms"]) for q, e in queries.items()}

    lists = {"asked 100 (before)": lambda e: e["asked"][100][:100], "asked 400, best 100 (default)": lambda e: e["asked"][DEEPEST][:100],
             "exact 100 (brute force)": lambda e: e["exact"][:100]}
    for label, chunks_of in lists.items():
        report(f"hybrid, {label}", hybrid(lambda e: best(chunks_of(e))))
        report(f"dense alone, {label}", {q: list(best(chunks_of(e))) for q, e in queries.items()})
    report("bm25 alone", {q: [p for p, _ in e["bm25"][:100]] for q, e in queries.items()})
    default = lists["asked 400, best 100 (default)"]
    for beta in (0.1, 0.25, 0.5):
        report(f"hybrid, paper = best + {beta} x second chunk", hybrid(lambda e: pooled(second(beta))(default(e))))
    for temperature in (0.01, 0.02, 0.05):
        report(f"hybrid, paper = log-sum-exp of its chunks, T {temperature}", hybrid(lambda e: pooled(log_sum_exp(temperature))(default(e))))
    for depth, bm25_depth in ((100, 200), (150, 100), (150, 150), (200, 100), (200, 200)):
        report(f"hybrid, pools: dense {depth} chunks, BM25 {bm25_depth} papers",
               hybrid(lambda e: best(e["asked"][DEEPEST][:depth]), bm25_depth))
    headers = ["variant", "nDCG@10", "R@1", "R@10", "R@100"] + (["single R@1", "multi R@10"] if bench.multi else [])
    print_table(headers, rows)


if __name__ == "__main__":
    main()
