"""Calibrates the relevance floor: best dense cosine and best whole-paper BM25-per-term, on- vs off-topic.

    .venv/bin/python bench/floor.py [--data-dir /tmp/rag-bench-floor] [--corpus seeds seeds+icml2024] [--embedding-model DIR]

The floor (retrieval.min_similarity, retrieval.min_bm25_per_term) must sit above every off-topic
row and below the on-topic rows; the tables show the margins on each corpus. BM25 scores grow
with the corpus (IDF), so the BM25 floor is checked on the larger corpus too.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.common import CORPORA, bench_settings, print_table  # noqa: E402
from rag.evaluation import open_eval_retriever  # noqa: E402
from rag.query import content_query  # noqa: E402
from rag.service import RagService  # noqa: E402
from rag.text import index_terms  # noqa: E402

ON_TOPIC = [
    "spiking neural networks without batch normalization initialization",
    "protein language model embeddings for molecular dynamics",
    "sleep stage classification",
    "weather forecasting scaling laws",
    "LoRA forgetting",
    "theory of mind agents",
    "gene regulatory network inference with foundation models",
    "what dataset did they use for the hamiltonian prediction",
    "How do LLMs estimate their own confidence?",
    "Which papers use spiking networks?",
    "What is PLaTITO?",
    "MEG pretraining for brain to text",
    "free energy estimation",
    "Bayesian optimization with language models",
    "mesh based continuum physics",
]
ON_TOPIC_ICML = [  # about papers only in ICML 2024: asked of seeds+icml2024 only
    "converting transformers into spiking networks",
    "text-to-image models mixing up attributes of different objects",
    "defending chat models against jailbreaks by repetition",
    "private mean estimation in the shuffle model",
    "Which papers design antibodies?",
    "LoRA+",
]
OFF_TOPIC = [
    "best pizza dough recipe in Naples",
    "how do I replace my car's brake pads",
    "who won the 1998 football world cup",
    "what is the capital of France",
    "tell me a joke about cats",
    "stock market prediction tips for 2027",
    "how to train my dog to sit",
    "What is the meaning of life?",
    "recommend a good movie",
    "how tall is mount everest",
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data-dir", default="/tmp/rag-bench-floor")
    parser.add_argument("--corpus", nargs="+", choices=list(CORPORA), default=list(CORPORA))
    parser.add_argument("--embedding-model", help="a model name or folder instead of the bundled one (e.g. from `rag train embedder`)")
    args = parser.parse_args()
    for name in args.corpus:
        settings = bench_settings(Path(args.data_dir) / name, args.embedding_model)
        retriever = open_eval_retriever(RagService(settings), CORPORA[name])
        retriever.settings = settings.retrieval
        rows = []
        groups = [("on", ON_TOPIC + (ON_TOPIC_ICML if "icml" in name else [])), ("off", OFF_TOPIC)]
        for label, queries in groups:
            for query in queries:
                dense = retriever.search(query, mode="dense", floor=False, top_k=1)
                lexical = retriever.search(query, mode="bm25", floor=False, top_k=1)
                terms = set(index_terms(content_query(query)))
                per_term = (lexical[0].paper_bm25 or 0.0) / max(1, len(terms)) if lexical else 0.0
                share = per_term / retriever.paper_bm25.max_idf
                coverage = (lexical[0].paper_terms or 0) / max(1, len(terms)) if lexical else 0.0
                kept = bool(retriever.search(query))
                rows.append([label, query, dense[0].dense_similarity if dense else 0.0, per_term, share, coverage, "yes" if kept else "no"])
        floor = settings.retrieval
        print(f"\n## {name}: floor cosine >= {floor.min_similarity} or (BM25/term >= {floor.min_bm25_per_term} "
              f"and >= {floor.min_bm25_idf_share} x largest IDF {retriever.paper_bm25.max_idf:.2f} "
              f"and term coverage >= {floor.min_bm25_coverage})\n")
        print_table(["topic", "query", "best cosine", "best paper BM25/term", "share of largest IDF", "its coverage", "returned"], rows)
        wrong = [r for r in rows if (r[0] == "on") != (r[6] == "yes")]
        off = [r for r in rows if r[0] == "off"]
        print(f"\n{len(wrong)} of {len(rows)} queries on the wrong side of the floor; off-topic maxima: "
              f"cosine {max(r[2] for r in off):.3f}, BM25/term {max(r[3] for r in off):.3f} ({max(r[4] for r in off):.2f} of largest IDF)")


if __name__ == "__main__":
    main()
