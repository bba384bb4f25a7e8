"""Search latency (p50/p95, warm) on the seeds and on seeds + ICML 2024, per retriever mode.

    .venv/bin/python bench/search.py [--rounds 5] [--data-dir /tmp/rag-bench]

Ingests each corpus once into its own data directory (a no-op when already there), warms the
models with one pass over the queries, then times `PaperRetriever.search` end to end (query
embedding, Chroma query, BM25, fusion, floor).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.common import CORPORA, bench_settings, machine, percentile, print_table  # noqa: E402
from rag.retrieval import MODES  # noqa: E402
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
    args = parser.parse_args()
    rows = []
    for name, paths in CORPORA.items():
        settings = bench_settings(Path(args.data_dir) / name)
        service = RagService(settings)
        report = service.ingest(paths, progress=True)
        retriever = service.retriever
        for query in QUERIES:
            for mode in MODES:
                retriever.search(query, mode=mode)
        for mode in MODES:
            latencies = []
            for _ in range(args.rounds):
                for query in QUERIES:
                    start = time.perf_counter()
                    retriever.search(query, mode=mode)
                    latencies.append((time.perf_counter() - start) * 1000)
            rows.append([name, report.papers, report.chunks, mode, len(latencies),
                         percentile(latencies, 50), percentile(latencies, 95)])
    print(f"{len(QUERIES)} queries x {args.rounds} rounds, warm; {machine()}\n")
    print_table(["corpus", "papers", "chunks", "retriever", "queries", "p50 ms", "p95 ms"], rows)


if __name__ == "__main__":
    main()
