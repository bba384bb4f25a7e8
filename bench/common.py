"""Helpers shared by the benchmark scripts: corpora, settings over a bench data dir, tables."""

from __future__ import annotations

import argparse
import platform
import statistics
from pathlib import Path

from rag.settings import Settings, load_settings

REPO_ROOT = Path(__file__).resolve().parent.parent
SHARED_DATA = REPO_ROOT.parent / "shared" / "data"
CORPORA = {
    "seeds": [REPO_ROOT / "seeds"],
    "seeds+icml2024": [REPO_ROOT / "seeds", SHARED_DATA / "icml2024_abstracts" / "ICML 2024 Events.json"],
}


def bench_settings(data_dir: str | Path, embedding_model: str | None = None) -> Settings:
    """Default-profile settings over `data_dir`, ignoring RAG_* variables so runs are comparable;
    `embedding_model` replaces the bundled model (a bench's --embedding-model flag)."""
    overrides = {"data_dir": str(data_dir), **({"embedding.model": embedding_model} if embedding_model else {})}
    return load_settings(overrides=overrides, environ={})


def percentile(values: list[float], q: float) -> float:
    """The q-th percentile (0-100) of `values`, by linear interpolation."""
    ordered = sorted(values)
    if len(ordered) == 1:
        return ordered[0]
    position = (len(ordered) - 1) * q / 100
    low = int(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def median(values: list[float]) -> float:
    """The median of `values`."""
    return statistics.median(values)


def machine() -> str:
    """One line describing the machine, for the tables' captions."""
    import os

    return f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}"


def print_table(headers: list[str], rows: list[list[object]]) -> None:
    """Print a GitHub-markdown table."""
    print("| " + " | ".join(headers) + " |")
    print("|" + "|".join("---" for _ in headers) + "|")
    for row in rows:
        print("| " + " | ".join(f"{v:.2f}" if isinstance(v, float) else str(v) for v in row) + " |")


def retrieval_benchmark_parser(description: str) -> argparse.ArgumentParser:
    """A parser with the options that name a retrieval benchmark: a BEIR --dataset and --split, or an
    explicit --corpus with --queries and --qrels, and the --data-dir holding its eval collection."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--dataset")
    parser.add_argument("--split", default="train")
    parser.add_argument("--corpus", nargs="+")
    parser.add_argument("--queries")
    parser.add_argument("--qrels")
    parser.add_argument("--data-dir", required=True)
    return parser
