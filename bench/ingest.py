"""Ingest throughput beside the raw SentenceTransformer.encode throughput on the same texts.

    .venv/bin/python bench/ingest.py [--corpus seeds+icml2024] [--rounds 3]

Each round encodes the exact chunk texts an ingest embeds (the floor), then runs a full `ingest()`
(read, chunk, embed, write to Chroma, build BM25) into a fresh data directory. Prints medians.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.common import CORPORA, bench_settings, machine, median, print_table  # noqa: E402
from rag.corpus import read_corpus  # noqa: E402
from rag.embeddings import build_embedding  # noqa: E402
from rag.ingest import embedding_text, plan_chunks  # noqa: E402
from rag.service import RagService  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", choices=sorted(CORPORA), default="seeds+icml2024")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as scratch:
        settings = bench_settings(Path(scratch) / "warmup")
        embedder = build_embedding(settings.embedding)
        papers = read_corpus(CORPORA[args.corpus])
        texts = [embedding_text(p.title, c.text) for p, c in plan_chunks(papers, embedder, settings)]
        embedder.encode(texts[:64])  # warm the model
        raw, full = [], []
        for round_no in range(args.rounds):
            start = time.perf_counter()
            embedder.encode(texts)
            raw.append(time.perf_counter() - start)
            start = time.perf_counter()
            RagService(bench_settings(Path(scratch) / f"round{round_no}")).ingest(CORPORA[args.corpus], progress=False)
            full.append(time.perf_counter() - start)
            print(f"round {round_no + 1}: encode {raw[-1]:.1f} s, ingest {full[-1]:.1f} s", file=sys.stderr)

    n = len(papers)
    print(f"corpus {args.corpus}: {n} papers, {len(texts)} chunks; {args.rounds} rounds, medians; {machine()}\n")
    print_table(
        ["step", "seconds", "papers/s", "chunks/s", "vs raw encode"],
        [
            ["raw SentenceTransformer.encode", median(raw), n / median(raw), len(texts) / median(raw), "1.00"],
            ["rag ingest (read+chunk+embed+write+BM25)", median(full), n / median(full), len(texts) / median(full),
             f"{median(full) / median(raw):.2f}"],
        ],
    )


if __name__ == "__main__":
    main()
