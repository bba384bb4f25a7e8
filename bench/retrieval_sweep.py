"""Chooses the retrieval settings: sweeps BM25, paper scoring, dense PRF and fusion over exact scores.

    .venv/bin/python bench/retrieval_sweep.py --dataset ../shared/data/beir_scifact --split train --data-dir DIR
    .venv/bin/python bench/retrieval_sweep.py --corpus seeds "../shared/data/icml2024_abstracts/ICML 2024 Events.json" \\
        --queries bench/qa/retrieval_dev/queries.jsonl --qrels bench/qa/retrieval_dev/qrels/dev.tsv --split dev --data-dir DIR

Reads the evaluation collection once (chunk vectors, texts, titles; cached in
DIR/sweep-<name>.npz), then scores every query against every paper in numpy: BM25 over chunks or
over whole abstracts with several k1/b and tokenisations, paper scores from the best chunk plus a
share of the others, dense Rocchio feedback, and z-score / min-max / RRF fusion with fixed,
idf-dependent, grid-learned or per-query confidence-adjusted weights (`--stage confidence`). Prints nDCG@10 (and the dev subsets) per variant. Choose on
train splits and dev sets only.
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.common import bench_settings, print_table, retrieval_benchmark_parser  # noqa: E402
from rag.bm25_index import indexed_texts  # noqa: E402
from rag.evaluation import load_benchmark, open_eval_retriever, score_run  # noqa: E402
from rag.query import content_query  # noqa: E402
from rag.service import RagService  # noqa: E402
from rag.text import index_terms  # noqa: E402

CANDIDATES = 100  # papers each retriever proposes to the fusion


def load(args: argparse.Namespace) -> dict:
    """Chunk vectors, paper of each chunk, BM25 texts, abstracts and query vectors (cached on disk)."""
    bench = load_benchmark(args.dataset, args.split, args.corpus, args.queries, args.qrels)
    cache = Path(args.data_dir) / f"sweep-{bench.name}-{args.split}.npz"
    ids = sorted(bench.qrels)
    if cache.is_file():
        data = dict(np.load(cache, allow_pickle=True))
    else:
        retriever = open_eval_retriever(RagService(bench_settings(args.data_dir)), bench.corpus)
        bm25 = retriever.bm25
        vectors = {}
        for chunk in _embeddings(retriever.store.collection, bm25.chunk_ids):
            vectors.update(chunk)
        papers = sorted({m["paper_id"] for m in bm25.metadatas})
        index = {p: i for i, p in enumerate(papers)}
        abstracts = {m["paper_id"]: m["abstract"] for m in bm25.metadatas if "abstract" in m}
        titles = {m["paper_id"]: m.get("title", "") for m in bm25.metadatas}
        data = {
            "chunk_vectors": np.array([vectors[c] for c in bm25.chunk_ids], dtype=np.float32),
            "chunk_paper": np.array([index[m["paper_id"]] for m in bm25.metadatas]),
            "chunk_texts": np.array(indexed_texts(bm25.texts, bm25.metadatas), dtype=object),
            "chunk_raw": np.array(bm25.texts, dtype=object),
            "papers": np.array(papers, dtype=object),
            "paper_texts": np.array(
                [_paper_text(titles[p], abstracts.get(p, "")) for p in papers], dtype=object
            ),
            "query_vectors": np.array(retriever.embedder.encode([bench.queries[q] for q in ids]), dtype=np.float32),
            "content_vectors": np.array(
                retriever.embedder.encode([content_query(bench.queries[q]) for q in ids]), dtype=np.float32
            ),
        }
        np.savez(cache, **data)
    data["ids"] = ids
    data["queries"] = [bench.queries[q] for q in ids]
    data["qrels"] = bench.qrels
    data["multi"] = bench.multi
    return data


def _paper_text(title: str, abstract: str) -> str:
    title = title.rstrip("…").strip()
    return abstract if not title or title in abstract else f"{title}. {abstract}"


def _embeddings(collection, chunk_ids: list[str]):
    for start in range(0, len(chunk_ids), 1000):
        page = collection.get(ids=chunk_ids[start:start + 1000], include=["embeddings"])
        yield dict(zip(page["ids"], page["embeddings"]))


def bm25_scores(texts, queries, tokenizer, k1: float, b: float, method: str) -> np.ndarray:
    """queries x texts BM25 matrix."""
    import bm25s

    model = bm25s.BM25(k1=k1, b=b, method=method)
    model.index([tokenizer(t) or [""] for t in texts], show_progress=False)
    out = np.zeros((len(queries), len(texts)), dtype=np.float32)
    for i, query in enumerate(queries):
        terms = [t for t in tokenizer(query) if t in model.vocab_dict]
        if terms:
            out[i] = model.get_scores(terms)
    return out


def to_papers(chunk_scores: np.ndarray, chunk_paper: np.ndarray, n_papers: int, rest: float) -> np.ndarray:
    """queries x papers: best chunk score plus `rest` x the sum of the paper's other chunk scores."""
    best = np.full((chunk_scores.shape[0], n_papers), -np.inf, dtype=np.float32)
    total = np.zeros((chunk_scores.shape[0], n_papers), dtype=np.float32)
    for c in range(chunk_scores.shape[1]):
        p = chunk_paper[c]
        np.maximum(best[:, p], chunk_scores[:, c], out=best[:, p])
        total[:, p] += chunk_scores[:, c]
    return best + rest * (total - best)


def normalise(scores: np.ndarray, method: str, depth: int = CANDIDATES) -> np.ndarray:
    """Per row: normalised scores of the top `depth` papers, the rest at the row's lowest normalised
    score; NaN marks papers outside the candidates."""
    out = np.full(scores.shape, np.nan, dtype=np.float64)
    for i, row in enumerate(scores):
        top = _top(row, depth)
        top = top[row[top] > -np.inf]
        values = row[top].astype(np.float64)
        if method == "zscore":
            spread = values.std()
            norm = (values - values.mean()) / spread if spread > 1e-12 else np.zeros_like(values)
        elif method == "minmax":
            spread = values.max() - values.min()
            norm = (values - values.min()) / spread if spread > 1e-12 else np.ones_like(values)
        else:  # rrf: 1/(20 + rank)
            order = np.argsort(-values)
            norm = np.empty_like(values)
            norm[order] = 1.0 / (20 + np.arange(1, len(values) + 1))
            norm *= 21
        out[i, top] = norm
    return out


def _top(row: np.ndarray, depth: int) -> np.ndarray:
    depth = min(depth, len(row))
    top = np.argpartition(-row, depth - 1)[:depth]
    return top[np.argsort(-row[top], kind="stable")]


def fuse(normed: list[np.ndarray], weights: list) -> np.ndarray:
    """Weighted sum of normalised rankings (weights: floats, or per-query arrays); -inf outside every list."""
    total = np.zeros(normed[0].shape)
    present = np.zeros(normed[0].shape, dtype=bool)
    for matrix, weight in zip(normed, weights):
        floor = np.nanmin(np.where(np.isnan(matrix), np.inf, matrix), axis=1, keepdims=True)
        floor = np.where(np.isinf(floor), 0.0, floor)
        w = np.asarray(weight, dtype=np.float64).reshape(-1, 1) if np.ndim(weight) else weight
        total += w * np.where(np.isnan(matrix), floor, matrix)
        present |= ~np.isnan(matrix)
    return np.where(present, total, -np.inf)


def metrics(scores: np.ndarray, data: dict) -> dict:
    """score_run over the top 100 of each row, plus dev subsets."""
    papers = data["papers"]
    run = {}
    for qid, row in zip(data["ids"], scores):
        top = _top(row, 100)
        run[qid] = [papers[p] for p in top if row[p] > -np.inf]
    result = score_run(run, data["qrels"])
    if data["multi"]:
        single = {q: j for q, j in data["qrels"].items() if q not in data["multi"]}
        multi = {q: data["qrels"][q] for q in data["multi"] if q in data["qrels"]}
        s, m = score_run(run, single), score_run(run, multi)
        result.update({"single ndcg": s["ndcg@10"], "single r@1": s["recall@1"], "multi r@10": m["recall@10"]})
    return result


def idf_share(queries: list[str], texts) -> np.ndarray:
    """Per query: the largest IDF among its terms over `texts`, as a share of the largest possible IDF."""
    df: dict[str, int] = {}
    for text in texts:
        for term in set(index_terms(text)):
            df[term] = df.get(term, 0) + 1
    n = len(texts)
    top = np.log(1 + (n - 0.5) / 1.5)
    out = []
    for query in queries:
        idfs = [np.log(1 + (n - df[t] + 0.5) / (df[t] + 0.5)) for t in set(index_terms(query)) if t in df]
        out.append(max(idfs) / top if idfs else 0.0)
    return np.array(out)


def rocchio(data: dict, first: np.ndarray, docs: int, beta: float) -> np.ndarray:
    """Dense chunk scores of each query vector moved towards the mean best-chunk vector of its top `docs` papers."""
    vectors = data["chunk_vectors"]
    chunk_scores = data["query_vectors"] @ vectors.T
    out_vectors = []
    for i, row in enumerate(first):
        top = _top(row, docs)
        chosen = []
        for p in top:
            chunks = np.flatnonzero(data["chunk_paper"] == p)
            chosen.append(vectors[chunks[np.argmax(chunk_scores[i, chunks])]])
        q = data["query_vectors"][i] + beta * np.mean(chosen, axis=0)
        out_vectors.append(q / np.linalg.norm(q))
    return np.array(out_vectors) @ vectors.T


def fusion_stage(data, dense, bm25, paper_bm25, dense_chunks, queries, report) -> None:
    """Fusions of dense with BM25 (chunk and/or paper-level), fixed, idf-dependent and Rocchio."""
    n_papers = len(data["papers"])
    zd, zb = normalise(dense, "zscore"), normalise(bm25, "zscore")
    for method in ("zscore", "minmax", "rrf"):
        nd, nb = (zd, zb) if method == "zscore" else (normalise(dense, method), normalise(bm25, method))
        for w in (0.4, 0.5, 0.6):
            report(f"fuse {method} dense={w} (chunk bm25)", fuse([nd, nb], [w, 1 - w]))
    if paper_bm25 is not None:
        zp = normalise(paper_bm25, "zscore")
        for w in (0.4, 0.5, 0.6):
            report(f"fuse zscore dense={w} (paper bm25)", fuse([zd, zp], [w, 1 - w]))
        for w, share in itertools.product((0.4, 0.5), (0.25, 0.5, 0.75)):
            report(f"fuse zscore dense={w} bm25 chunk/paper {1-share:.2f}/{share:.2f}",
                   fuse([zd, zb, zp], [w, (1 - w) * (1 - share), (1 - w) * share]))
    share = idf_share(queries, data["paper_texts"])
    centre = float(np.median(share))
    print(f"idf share: median {centre:.3f}, p10 {np.percentile(share, 10):.3f}, p90 {np.percentile(share, 90):.3f}")
    for gamma in (0.5, 1.0, 2.0):
        w = np.clip(0.5 - gamma * (share - centre), 0.2, 0.8)
        report(f"fuse zscore dense=0.5-{gamma}x(idf share-{centre:.2f})", fuse([zd, zb], [w, 1 - w]))
    first = fuse([zd, zb], [0.5, 0.5])
    for docs, beta in itertools.product((3, 5, 10), (0.3, 0.6, 1.0)):
        moved = to_papers(rocchio(data, first, docs, beta), data["chunk_paper"], n_papers, 0.0)
        report(f"rocchio(hybrid top {docs}, beta {beta}) dense", moved)
        report(f"fuse zscore 0.5 rocchio(hybrid top {docs}, beta {beta}) + bm25", fuse([normalise(moved, "zscore"), zb], [0.5, 0.5]))


def confidence_stage(data, dense, queries, report) -> None:
    """Whole-paper BM25 (k1 0.9, b 0.75, each query word once, as rag.paper_index scores it) fused
    with dense at a dense weight adjusted per query by rag.fusion.confident_dense_weight, over a
    grid of slopes; the centres are this split's medians (the defaults are SciFact train's)."""
    import bm25s

    from rag.fusion import confident_dense_weight

    model = bm25s.BM25(k1=0.9, b=0.75, method="lucene")
    model.index([index_terms(t) or [""] for t in data["paper_texts"]], show_progress=False)
    papers = np.zeros((len(queries), len(data["papers"])), dtype=np.float32)
    terms = np.ones(len(queries))
    for i, query in enumerate(queries):
        words = list(dict.fromkeys(index_terms(query)))
        terms[i] = max(1, len(words))
        known = [w for w in words if w in model.vocab_dict]
        if known:
            papers[i] = model.get_scores(known)
    lexical = np.where(papers > 0, papers, -np.inf)
    report("bm25 whole paper k1=0.9 b=0.75 (default)", lexical)
    n = len(data["papers"])
    top_cosine, top_share = dense.max(axis=1), papers.max(axis=1) / terms / np.log(1 + (n - 0.5) / 1.5)
    centres = float(np.median(top_cosine)), float(np.median(top_share))
    print(f"medians: best cosine {centres[0]:.3f}, best BM25 share {centres[1]:.3f}")
    zd, zb = normalise(dense, "zscore"), normalise(lexical, "zscore")
    for cosine_slope, bm25_slope in itertools.product((0.0, 1.0, 2.0), (0.0, 1.0, 2.0, 3.0)):
        weight = np.array([confident_dense_weight(0.5, c, b, centres[0], cosine_slope, centres[1], bm25_slope)
                           for c, b in zip(top_cosine, top_share)])
        report(f"fuse zscore whole-paper bm25, dense 0.5 + {cosine_slope} x cosine - {bm25_slope} x bm25 share",
               fuse([zd, zb], [weight, 1 - weight]))


def plain_tokens(text: str) -> list[str]:
    """Words without stemming (as written, lower case, stop words dropped)."""
    from rag.text import STOPWORDS, _TOKEN

    return [w for w in _TOKEN.findall(text.lower()) if w not in STOPWORDS]


def main() -> None:
    parser = retrieval_benchmark_parser(__doc__.splitlines()[0])
    parser.add_argument("--stage", default="all", help="bm25, paper, dense, fusion, confidence or all")
    args = parser.parse_args()
    data = load(args)
    n_papers = len(data["papers"])
    bm25_queries = [content_query(q) for q in data["queries"]]
    rows: list[list] = []

    def report(label: str, scores: np.ndarray) -> dict:
        m = metrics(scores, data)
        extra = [m[k] for k in ("single ndcg", "single r@1", "multi r@10") if k in m]
        rows.append([label] + [f"{v:.4f}" for v in (m["ndcg@10"], m["recall@1"], m["recall@10"], m["recall@100"], *extra)])
        print(rows[-1], flush=True)
        return m

    dense_chunks = data["query_vectors"] @ data["chunk_vectors"].T
    dense = to_papers(dense_chunks, data["chunk_paper"], n_papers, 0.0)
    report("dense max", dense)
    report("dense max, content-word query", to_papers(data["content_vectors"] @ data["chunk_vectors"].T, data["chunk_paper"], n_papers, 0.0))
    for rest in (0.1, 0.3):
        report(f"dense max + {rest} x rest", to_papers(dense_chunks, data["chunk_paper"], n_papers, rest))

    base = bm25_scores(data["chunk_texts"], bm25_queries, index_terms, 1.5, 0.75, "lucene")
    bm25 = to_papers(base, data["chunk_paper"], n_papers, 0.0)
    report("bm25 chunk max (current)", bm25)
    if args.stage in ("bm25", "all"):
        for k1, b in itertools.product((0.9, 1.2, 1.5, 2.0), (0.4, 0.75, 0.9)):
            s = bm25_scores(data["chunk_texts"], bm25_queries, index_terms, k1, b, "lucene")
            report(f"bm25 chunk k1={k1} b={b}", to_papers(s, data["chunk_paper"], n_papers, 0.0))
        s = bm25_scores(data["chunk_texts"], bm25_queries, plain_tokens, 1.5, 0.75, "lucene")
        report("bm25 chunk unstemmed", to_papers(s, data["chunk_paper"], n_papers, 0.0))
    paper_bm25 = {}
    if args.stage in ("paper", "bm25", "all"):
        for rest in (0.1, 0.3, 0.5):
            report(f"bm25 chunk max + {rest} x rest", to_papers(base, data["chunk_paper"], n_papers, rest))
        for k1, b in itertools.product((0.9, 1.2, 1.5), (0.5, 0.75, 0.9)):
            paper_bm25[(k1, b)] = bm25_scores(data["paper_texts"], bm25_queries, index_terms, k1, b, "lucene")
            report(f"bm25 paper doc k1={k1} b={b}", paper_bm25[(k1, b)])
    if args.stage in ("dense", "fusion", "all"):
        fusion_stage(data, dense, bm25, paper_bm25.get((1.2, 0.75)), dense_chunks, bm25_queries, report)
    if args.stage in ("confidence", "all"):
        confidence_stage(data, dense, bm25_queries, report)
    print_table(["variant", "nDCG@10", "R@1", "R@10", "R@100"] + (["single nDCG", "single R@1", "multi R@10"] if data["multi"] else []), rows)
    json.dump(rows, open(Path(args.data_dir) / f"sweep-rows-{args.split}-{args.stage}.json", "w"))


if __name__ == "__main__":
    main()
