"""Search latency (p50/p95, warm) on the seeds and on seeds + ICML 2024, per retriever mode.

    .venv/bin/python bench/search.py [--rounds 5] [--data-dir /tmp/rag-bench] [--also retrieval.fusion=rrf]
    .venv/bin/python bench/search.py --queries bench/qa/retrieval_dev/queries.jsonl bench/qa/retrieval_dev2/queries.jsonl --multi

Ingests each corpus once into its own data directory (a no-op when already there), warms the
models with one pass over the queries, then times `PaperRetriever.search` end to end (query
embedding, Chroma query, BM25, fusion, floor). `--also KEY=VALUE` adds rows for the hybrid retriever
under those settings, timed in the same rounds (e.g. the previous defaults beside the new ones).
`--queries` times the questions of benchmark query files (queries.jsonl) instead of the built-in
ones; `--multi` keeps only those marked `"multi": true` (questions asking for several papers).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.common import CORPORA, bench_settings, machine, percentile, print_table  # noqa: E402
from rag.evaluation import open_eval_retriever  # noqa: E402
from rag.retrieval import MODES, parse_filters  # noqa: E402
from rag.service import RagService  # noqa: E402

QUERIES = [
    "How can protein language model embeddings help molecular dynamics?",
    "sleep stage classification with misaligned modalities",
    "nowcasting severe storms from radar",
    "initialising spiking networks without batch normalization",
    "do Hebbian plasticity rules identify from neural activity",
    "predicting Hamiltonian matrices for electronic structure",
    "scaling laws for weather forecasting models",
    "theory of mind for AI assistants",
    "gene regulatory network inference with single-cell foundation models",
    "fine-tuning interatomic potentials on small DFT datasets",
    "why do language models degrade in long generations",
    "LoRA catastrophic forgetting",
    "Bayesian optimization guided by large language models",
    "free energy difference estimation",
    "attention as functional maps for operator learning",
    "causal effect estimation with limited randomized trials",
    "latent space weather data compression",
    "equivariant CNNs for pseudo-Euclidean groups",
    "geospatial reasoning vision-language models",
    "MEG pretraining for brain to text decoding",
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--data-dir", default="/tmp/rag-bench-search")
    parser.add_argument("--also", action="append", metavar="KEY=VALUE", help="retrieval setting for extra hybrid rows")
    parser.add_argument("--queries", nargs="+", metavar="FILE", help="time these queries.jsonl files' questions instead")
    parser.add_argument("--multi", action="store_true", help="with --queries: only the questions marked multi")
    args = parser.parse_args()
    queries = read_queries(args.queries, args.multi) if args.queries else QUERIES
    extra = {k: yaml.safe_load(str(v)) for k, v in parse_filters(args.also).items()}
    rows = []
    for name, paths in CORPORA.items():
        settings = bench_settings(Path(args.data_dir) / name)
        retriever = open_eval_retriever(RagService(settings), paths)
        retriever.settings = settings.retrieval
        papers, chunks = len({m["paper_id"] for m in retriever.bm25.metadatas}), len(retriever.bm25.chunk_ids)
        variants = [(mode, mode, settings.retrieval) for mode in MODES]
        if extra:
            label = "hybrid " + ",".join(f"{k}={v}" for k, v in extra.items())
            variants.append((label, "hybrid", settings.retrieval.model_copy(update={k.removeprefix("retrieval."): v for k, v in extra.items()})))
        latencies: dict[str, list[float]] = {label: [] for label, _, _ in variants}
        for round_ in range(args.rounds + 1):  # round 0 warms the models and caches
            for query in queries:
                for label, mode, variant in variants:
                    retriever.settings = variant
                    start = time.perf_counter()
                    retriever.search(query, mode=mode)
                    if round_:
                        latencies[label].append((time.perf_counter() - start) * 1000)
        for label, values in latencies.items():
            rows.append([name, papers, chunks, label, len(values), percentile(values, 50), percentile(values, 95)])
    print(f"{len(queries)} queries x {args.rounds} rounds, warm; {machine()}\n")
    print_table(["corpus", "papers", "chunks", "retriever", "queries", "p50 ms", "p95 ms"], rows)


def read_queries(paths: list[str], multi: bool) -> list[str]:
    """The question texts of benchmark query files (one JSON record a line: `_id`, `text`, `multi`),
    only those marked `"multi": true` when `multi`."""
    records = [json.loads(line) for path in paths for line in Path(path).read_text(encoding="utf-8").splitlines() if line.strip()]
    return [r["text"] for r in records if r.get("multi") or not multi]


if __name__ == "__main__":
    main()
