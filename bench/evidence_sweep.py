"""Measures extra paper and query evidence on top of the shipped hybrid retrieval, over exact scores.

    .venv/bin/python bench/evidence_sweep.py --dataset ../shared/data/beir_scifact --split train --data-dir DIR
    .venv/bin/python bench/evidence_sweep.py --corpus seeds "../shared/data/icml2024_abstracts/ICML 2024 Events.json" \\
        --queries bench/qa/retrieval_dev/queries.jsonl --qrels bench/qa/retrieval_dev/qrels/dev.tsv --split dev --data-dir DIR

The baseline row is the shipped retrieval, rebuilt in numpy from the sweep cache of
bench/retrieval_sweep.py (same DIR): whole-paper BM25 from rag.paper_index over the content-word
query, the best chunk's cosine, z-score fusion at the confidence-adjusted dense weight, with the
k1/b, centres and slopes of config/default.yaml. Each other row changes one thing:
- dense paper evidence: best chunk + lambda x cosine to the paper's mean chunk vector;
- dense Rocchio: the query vector moved towards the mean of its top-k dense chunks;
- the dense query mixed with the embedding of its content words (rag.query);
- RM3 on the whole-paper BM25 (rag.prf, fed back from the top chunks, as `retrieval.prf_docs`);
- titles embedded on their own, as a third ranking;
- fused scores smoothed over the top-N papers' nearest neighbours (cluster hypothesis);
- query words down-weighted by how many of BM25's top candidates contain them.
Prints nDCG@10, recalls and the dev subsets per row. Choose on train splits and dev sets only.
"""

from __future__ import annotations

import argparse
import itertools
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import retrieval_sweep as sweep  # noqa: E402
from bench.common import bench_settings, print_table, retrieval_benchmark_parser  # noqa: E402
from rag.evaluation import load_benchmark, open_eval_retriever  # noqa: E402
from rag.fusion import confident_dense_weight  # noqa: E402
from rag.paper_index import PaperBM25  # noqa: E402
from rag.prf import rm3_weights  # noqa: E402
from rag.query import content_query, papers_requested  # noqa: E402
from rag.service import RagService  # noqa: E402
from rag.text import index_terms  # noqa: E402


class Setup:
    """The sweep data plus the shipped settings' dense and whole-paper BM25 matrices (queries x papers)."""

    def __init__(self, args: argparse.Namespace) -> None:
        self.data = sweep.load(args)
        settings = bench_settings(args.data_dir)
        self.s = settings.retrieval
        bench = load_benchmark(args.dataset, args.split, args.corpus, args.queries, args.qrels)
        self.name = bench.name
        self.retriever = open_eval_retriever(RagService(settings), bench.corpus)
        self.chunks = self.retriever.bm25
        self.papers = PaperBM25(self.chunks, self.s.bm25_paper_k1, self.s.bm25_paper_b)
        column = {p: i for i, p in enumerate(self.data["papers"])}
        self.order = np.array([column[p] for p in self.papers.paper_ids])
        self.words = [content_query(q) for q in self.data["queries"]]
        self.terms = np.array([max(1, len(set(index_terms(w)))) for w in self.words])
        self.n = len(self.data["papers"])
        self.dense = self.dense_from(self.data["query_vectors"])
        self.bm25 = self.paper_scores([dict.fromkeys(index_terms(w), 1.0) for w in self.words])

    def dense_from(self, query_vectors: np.ndarray) -> np.ndarray:
        """Best-chunk cosine per paper for these (normalised) query vectors."""
        return sweep.to_papers(query_vectors @ self.data["chunk_vectors"].T, self.data["chunk_paper"], self.n, 0.0)

    def paper_means(self) -> np.ndarray:
        """Each paper's mean chunk vector, normalised."""
        vectors = self.data["chunk_vectors"]
        means = np.zeros((self.n, vectors.shape[1]))
        np.add.at(means, self.data["chunk_paper"], vectors)
        return _unit(means)

    def paper_scores(self, weights: list[dict[str, float]]) -> np.ndarray:
        """Whole-paper BM25 per query from term weights, in the sweep's paper order."""
        out = np.zeros((len(weights), self.n), dtype=np.float32)
        for i, w in enumerate(weights):
            out[i, self.order] = self.papers.scores(w)
        return out

    def hybrid(self, dense: np.ndarray, bm25: np.ndarray, third: tuple[np.ndarray, float] | None = None) -> np.ndarray:
        """z-score fusion at the shipped confidence-adjusted dense weight; `third` = (ranking, share of
        the dense weight it takes)."""
        s = self.s
        share = bm25.max(axis=1) / self.terms / self.papers.max_idf
        weight = np.array([confident_dense_weight(s.dense_weight, c, b, s.confidence_cosine_centre, s.confidence_cosine_slope,
                                                  s.confidence_bm25_centre, s.confidence_bm25_slope)
                           for c, b in zip(dense.max(axis=1), share)])
        rankings = [sweep.normalise(dense, "zscore"), sweep.normalise(_lexical(bm25), "zscore")]
        if third is None:
            return sweep.fuse(rankings, [weight, 1 - weight])
        matrix, part = third
        return sweep.fuse(rankings + [sweep.normalise(matrix, "zscore")], [weight * (1 - part), 1 - weight, weight * part])


def _lexical(bm25: np.ndarray) -> np.ndarray:
    return np.where(bm25 > 0, bm25, -np.inf)


def _unit(vectors: np.ndarray) -> np.ndarray:
    return vectors / np.linalg.norm(vectors, axis=-1, keepdims=True)


def dense_rows(x: Setup, report) -> None:
    """Paper mean vectors, dense Rocchio and the content-word query on the dense side."""
    data, vectors = x.data, x.data["chunk_vectors"]
    centroid = data["query_vectors"] @ x.paper_means().T.astype(np.float32)
    for lam in (0.25, 0.5, 1.0):
        dense = (x.dense + lam * centroid) / (1 + lam)
        report(f"dense: best chunk + {lam} x paper mean vector", dense, x.hybrid(dense, x.bm25))
    chunk_scores = data["query_vectors"] @ vectors.T
    for k, beta in itertools.product((3, 5, 10), (0.25, 0.5, 1.0)):
        top = np.argsort(-chunk_scores, axis=1)[:, :k]
        dense = x.dense_from(_unit(data["query_vectors"] + beta * vectors[top].mean(axis=1)))
        report(f"dense Rocchio: query + {beta} x mean of top {k} dense chunks", dense, x.hybrid(dense, x.bm25))
    for a in (0.5, 1.0):
        dense = x.dense_from(_unit(data["query_vectors"] + a * data["content_vectors"]))
        report(f"dense query + {a} x its content words' vector", dense, x.hybrid(dense, x.bm25))


def rm3_rows(x: Setup, report) -> None:
    """RM3 on the whole-paper BM25, fed back from the top chunks of the chunk BM25."""
    tokens = [index_terms(t) for t in x.chunks.texts]
    first = [x.chunks.scores(w) for w in x.words]
    for docs, terms, keep in itertools.product((3, 5, 10), (10, 20), (0.5, 0.7, 0.85)):
        weights = []
        for words, scores in zip(x.words, first):
            top = np.argpartition(-scores, docs - 1)[:docs] if scores.max() > 0 else []
            weights.append(rm3_weights(index_terms(words), [(tokens[p], float(scores[p])) for p in top], terms, keep))
        bm25 = x.paper_scores(weights)
        report(f"RM3 whole-paper BM25: {docs} chunks, {terms} terms, original weight {keep}", _lexical(bm25), x.hybrid(x.dense, bm25))


def title_rows(x: Setup, args: argparse.Namespace, report) -> None:
    """Titles embedded on their own (cached in DIR), as a third ranking taking a share of the dense weight."""
    cache = Path(args.data_dir) / f"sweep-titles-{x.name}-{args.split}.npy"
    if cache.is_file():
        titles = np.load(cache)
    else:
        names = {m["paper_id"]: m.get("title", "") for m in x.chunks.metadatas}
        titles = np.array(x.retriever.embedder.encode([names[p] for p in x.data["papers"]]), dtype=np.float32)
        np.save(cache, titles)
    title = x.data["query_vectors"] @ titles.T
    for part in (0.1, 0.25, 0.5):
        report(f"title vectors, {part} of the dense weight", title, x.hybrid(x.dense, x.bm25, (title, part)))


def smoothing_rows(x: Setup, base: np.ndarray, report) -> None:
    """Fused scores plus alpha x the mean fused score of each paper's k most similar papers among the top N
    (similarity: cosine of the papers' mean chunk vectors)."""
    means = x.paper_means()
    for depth, alpha, k in itertools.product((20, 50), (0.1, 0.25, 0.5), (3, 5)):
        out = base.copy()
        for i, row in enumerate(base):
            top = sweep._top(row, depth)
            sim = means[top] @ means[top].T
            np.fill_diagonal(sim, -1.0)
            near = np.argsort(-sim, axis=1)[:, :k]
            bonus = (row[top][near] * np.clip(np.take_along_axis(sim, near, axis=1), 0, None)).mean(axis=1)
            out[i, top] = row[top] + alpha * bonus + 10.0  # the smoothed top N stays above the rest
        report(f"smoothing over the top {depth}: + {alpha} x mean of {k} nearest", None, out)


def local_idf_rows(x: Setup, base: np.ndarray, report) -> None:
    """Each query word's whole-paper BM25 weighted by max(floor, 1 - f^(1/gamma)), f = share of BM25's top
    `depth` papers containing it (a word every candidate has does not tell them apart); also applied to
    list questions only, the rest keeping `base`."""
    per_word = []
    for words in x.words:
        terms = list(dict.fromkeys(index_terms(words))) or [""]
        per_word.append(x.paper_scores([{t: 1.0} for t in terms]))
    for depth, gamma, floor in itertools.product((20, 100), (0.5, 1.0, 2.0), (0.25, 0.5)):
        bm25 = np.zeros_like(x.bm25)
        for i, matrix in enumerate(per_word):
            share = (matrix[:, sweep._top(x.bm25[i], depth)] > 0).mean(axis=1)
            bm25[i] = (np.maximum(floor, 1 - share ** (1 / gamma))[:, None] * matrix).sum(axis=0)
        fused = x.hybrid(x.dense, bm25)
        report(f"candidate-local word weights: top {depth}, gamma {gamma}, floor {floor}", _lexical(bm25), fused)
        listing = np.array([papers_requested(q) for q in x.data["queries"]])
        if listing.any() and not listing.all():
            report(f"the same (top {depth}, gamma {gamma}, floor {floor}) for list questions only (rag.query.papers_requested)", None,
                   np.where(listing[:, None], fused, base))


def main() -> None:
    parser = retrieval_benchmark_parser(__doc__.splitlines()[0])
    parser.add_argument("--stage", default="all", help="dense, rm3, titles, smoothing, local or all")
    args = parser.parse_args()
    x = Setup(args)
    rows: list[list] = []
    subsets = ("single ndcg", "single r@1", "multi r@10") if x.data["multi"] else ()

    def report(label: str, alone: np.ndarray | None, fused: np.ndarray | None) -> None:
        for name, scores in (("alone", alone), ("hybrid", fused)):
            if scores is not None:
                m = sweep.metrics(scores, x.data)
                rows.append([f"{label} ({name})"] + [f"{m[k]:.4f}" for k in ("ndcg@10", "recall@1", "recall@10", "recall@100", *subsets)])
                print(rows[-1], flush=True)

    base = x.hybrid(x.dense, x.bm25)
    report("shipped: dense best chunk", x.dense, None)
    report("shipped: whole-paper BM25", _lexical(x.bm25), None)
    report("shipped", None, base)
    stages = {
        "dense": lambda: dense_rows(x, report),
        "rm3": lambda: rm3_rows(x, report),
        "titles": lambda: title_rows(x, args, report),
        "smoothing": lambda: smoothing_rows(x, base, report),
        "local": lambda: local_idf_rows(x, base, report),
    }
    for name, run in stages.items():
        if args.stage in (name, "all"):
            run()
    print_table(["variant", "nDCG@10", "R@1", "R@10", "R@100"] + (["single nDCG", "single R@1", "multi R@10"] if subsets else []), rows)


if __name__ == "__main__":
    main()
