"""Chooses how a cross-encoder re-ranks: nDCG@10 of hybrid re-ranked at several depths and weights.

    .venv/bin/python bench/rerank_sweep.py --model DIR/reranker --dataset ../shared/data/beir_scifact \\
        --qrels DIR/reranker/held_out_qrels.tsv --data-dir DIR

Runs the hybrid retriever once per query (floor off, like `rag eval retrieval`), has the
cross-encoder score each query's top `max(--depths)` hits once, then blends the two scores
(rag.rerank.blend) for every depth x weight and prints a table. Weight 0 is hybrid alone, 1 the
cross-encoder alone. Choose on claims the model was not trained on (`rag train reranker --dataset`
holds every 10th SciFact train claim out and saves their judgments beside the model), never on test.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.common import bench_settings, print_table, retrieval_benchmark_parser  # noqa: E402
from rag.errors import RagError  # noqa: E402
from rag.evaluation import DEPTH, load_benchmark, open_eval_retriever, score_run  # noqa: E402
from rag.rerank import CrossEncoderReranker, blend  # noqa: E402
from rag.service import RagService  # noqa: E402


def main() -> None:
    parser = retrieval_benchmark_parser(__doc__.splitlines()[0])
    parser.add_argument("--model", required=True, help="the cross-encoder folder")
    parser.add_argument("--depths", default="10,20,30")
    parser.add_argument("--weights", default="0,0.2,0.3,0.4,0.5,0.6,0.7,0.8,1")
    args = parser.parse_args()
    from tqdm import tqdm

    depths = [int(d) for d in args.depths.split(",")]
    weights = [float(w) for w in args.weights.split(",")]
    try:
        reranker = CrossEncoderReranker(args.model, depth=max(depths))
        bench = load_benchmark(args.dataset, args.split, args.corpus, args.queries, args.qrels)
        retriever = open_eval_retriever(RagService(bench_settings(args.data_dir)), bench.corpus)
    except RagError as exc:
        raise SystemExit(f"error: {exc}") from None
    scored = {}
    for qid in tqdm(sorted(bench.qrels), desc="queries", unit="q", file=sys.stderr):
        hits = retriever.search(bench.queries[qid], top_k=DEPTH, mode="hybrid", floor=False)
        head = hits[: max(depths)]
        scored[qid] = (hits, [h.score for h in head], reranker.scores(bench.queries[qid], head))
    rows = []
    for depth in depths:
        row: list[object] = [depth]
        for weight in weights:
            run = {}
            for qid, (hits, retrieval, cross) in scored.items():
                mixed = blend(retrieval[:depth], cross[:depth], weight)
                order = sorted(range(len(mixed)), key=lambda i: -mixed[i])
                run[qid] = [hits[i].paper_id for i in order] + [h.paper_id for h in hits[depth:]]
            row.append(f"{score_run(run, bench.qrels)['ndcg@10']:.4f}")
        rows.append(row)
    print(f"nDCG@10 on {len(scored)} queries of {bench.name}; weight = the cross-encoder's share")
    print_table(["depth"] + [f"w={w:g}" for w in weights], rows)


if __name__ == "__main__":
    main()
