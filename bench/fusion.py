"""Chooses the fusion: sweeps method x dense weight over cached per-query candidates, prints nDCG@10.

    .venv/bin/python bench/fusion.py --dataset ../shared/data/beir_scifact --split train --data-dir DIR
    .venv/bin/python bench/fusion.py --corpus seeds "../shared/data/icml2024_abstracts/ICML 2024 Events.json" \\
        --queries bench/qa/retrieval_dev/queries.jsonl --qrels bench/qa/retrieval_dev/qrels/dev.tsv --data-dir DIR

Each query runs once through the dense and the BM25 retriever (raw question and its content words,
rag.query.content_query; BM25 also with RM3 feedback, rag.prf); the candidate scores are cached in DIR/fusion-cache-<name>.json, so the
sweep itself re-runs no retriever. Choose on train splits and dev sets only.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.common import bench_settings, print_table, retrieval_benchmark_parser  # noqa: E402
from rag.evaluation import load_benchmark, open_eval_retriever, score_run  # noqa: E402
from rag.fusion import fuse  # noqa: E402
from rag.query import content_query  # noqa: E402
from rag.service import RagService  # noqa: E402

WEIGHTS = [0.0, 0.3, 0.4, 0.5, 0.6, 0.7, 1.0]
PRF = [(3, 0.7), (5, 0.7), (10, 0.7), (5, 0.5)]  # (feedback chunks, original-term weight) for RM3


def candidates(args: argparse.Namespace) -> tuple[dict, dict]:
    """Per query: {variant: {paper id: raw score}} for dense/bm25 x raw/content, cached on disk."""
    bench = load_benchmark(args.dataset, args.split, args.corpus, args.queries, args.qrels)
    cache = Path(args.data_dir) / f"fusion-cache-{bench.name}-{args.split}.json"
    if cache.is_file():
        return json.loads(cache.read_text()), bench.qrels
    retriever = open_eval_retriever(RagService(bench_settings(args.data_dir)), bench.corpus)
    ids = sorted(bench.qrels)
    texts = {"raw": [bench.queries[q] for q in ids], "content": [content_query(bench.queries[q]) for q in ids]}
    vectors = {name: retriever.embedder.encode(t) for name, t in texts.items()}
    base = retriever.settings
    out = {}
    for i, qid in enumerate(ids):
        entry = {}
        for name in texts:
            retriever.settings = base.model_copy(update={"prf_docs": 0})
            dense = retriever._dense(texts[name][i], None, vectors[name][i])
            entry[f"dense-{name}"] = {p: h.dense_similarity for p, h in dense.items()}
            lexical = retriever._bm25(texts[name][i], None)
            entry[f"bm25-{name}"] = {p: h.lexical_score for p, h in lexical.items()}
        for docs, weight in PRF:
            retriever.settings = base.model_copy(update={"prf_docs": docs, "prf_weight": weight})
            lexical = retriever._bm25(texts["content"][i], None)
            entry[f"bm25-content-rm3-{docs}-{weight}"] = {p: h.lexical_score for p, h in lexical.items()}
        out[qid] = entry
    cache.write_text(json.dumps(out))
    return out, bench.qrels


def main() -> None:
    parser = retrieval_benchmark_parser(__doc__.splitlines()[0])
    args = parser.parse_args()
    cands, qrels = candidates(args)
    multi = set()
    if args.queries:
        multi = {json.loads(l)["_id"] for l in Path(args.queries).read_text().splitlines() if l.strip() and json.loads(l).get("multi")}
    rows = []
    variants = [k.removeprefix("bm25-") for k in next(iter(cands.values())) if k.startswith("bm25-")]
    for dense_q in ("raw", "content"):
        for bm25_q in variants:
            for method in ("rrf", "minmax", "zscore"):
                if (dense_q == "content" or "rm3" in bm25_q) and method == "rrf":
                    continue
                for weight in WEIGHTS:
                    if method != "minmax" and weight in (0.0, 1.0):
                        continue
                    run = {}
                    for qid, entry in cands.items():
                        rankings = {"dense": entry[f"dense-{dense_q}"], "bm25": entry[f"bm25-{bm25_q}"]}
                        scores = fuse(rankings, {"dense": weight, "bm25": 1 - weight}, method)
                        run[qid] = sorted(scores, key=lambda p: (-scores[p], p))[:100]
                    m = score_run(run, qrels)
                    row = [dense_q, bm25_q, method, weight] + [f"{m[k]:.4f}" for k in ("ndcg@10", "recall@1", "recall@10", "recall@100")]
                    if multi:
                        single = score_run(run, {q: j for q, j in qrels.items() if q not in multi})
                        row += [f"{single['ndcg@10']:.4f}", f"{single['recall@1']:.4f}"]
                        row.append(f"{score_run(run, {q: qrels[q] for q in multi})['recall@10']:.4f}")
                    rows.append(row)
    headers = ["dense query", "bm25 query", "fusion", "dense weight", "nDCG@10", "R@1", "R@10", "R@100"]
    print_table(headers + (["single nDCG@10", "single R@1", "multi R@10"] if multi else []), rows)


if __name__ == "__main__":
    main()
