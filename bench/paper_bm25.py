"""What whole-paper BM25 (rag/paper_index.py) costs: its build at the first search, its memory, its query time.

    .venv/bin/python bench/paper_bm25.py --dataset ../shared/data/beir_scifact --split train --data-dir DIR
    .venv/bin/python bench/paper_bm25.py --corpus seeds "../shared/data/icml2024_abstracts/ICML 2024 Events.json" \\
        --queries bench/qa/retrieval_dev/queries.jsonl --qrels bench/qa/retrieval_dev/qrels/dev.tsv --split dev --data-dir DIR

Opens the benchmark's eval collection, then derives the whole-paper index from the chunk index
`--repeats` times (median of CPU time, which the other jobs of a shared machine disturb less than wall time; the first build of a process also loads the stemmer, so it is shown
apart) beside what tokenising every title + abstract alone would take (the cost of building it
from the texts), counts the bytes it adds beside the chunk index, and times scoring the benchmark's
queries over whole papers against scoring them over chunks. Prints one table row per measure.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.common import bench_settings, machine, print_table, retrieval_benchmark_parser  # noqa: E402
from rag.bm25_index import indexed_texts  # noqa: E402
from rag.evaluation import load_benchmark, open_eval_retriever  # noqa: E402
from rag.paper_index import PaperBM25  # noqa: E402
from rag.query import content_query  # noqa: E402
from rag.service import RagService  # noqa: E402
from rag.text import index_terms  # noqa: E402


def _nbytes(*arrays) -> int:
    return sum(a.nbytes for a in arrays)


def main() -> None:
    parser = retrieval_benchmark_parser(__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    bench = load_benchmark(args.dataset, args.split, args.corpus, args.queries, args.qrels)
    settings = bench_settings(args.data_dir)
    chunks = open_eval_retriever(RagService(settings), bench.corpus).bm25
    k1, b = settings.retrieval.bm25_paper_k1, settings.retrieval.bm25_paper_b
    times = []
    for _ in range(args.repeats + 1):
        start = time.process_time()
        papers = PaperBM25(chunks, k1, b)
        times.append(time.process_time() - start)
    start = time.process_time()
    firsts = [m for m in chunks.metadatas if "abstract" in m]
    for text in indexed_texts([m["abstract"] for m in firsts], firsts):
        index_terms(text)
    retokenise = time.process_time() - start
    matrix, repeats = chunks.chunk_terms, papers._repeats
    added = _nbytes(repeats.data, repeats.indices, repeats.indptr, papers.chunk_paper, papers._norm)
    queries = [content_query(q) for q in bench.queries.values()]
    timed = {}
    for name, score in (("chunks", chunks.scores), ("whole papers", lambda q: papers.scores(dict.fromkeys(index_terms(q), 1.0)))):
        start = time.process_time()
        for query in queries:
            score(query)
        timed[name] = (time.process_time() - start) * 1000 / len(queries)
    print(f"{bench.name} ({args.split}): {len(papers.paper_ids)} papers, {len(chunks.chunk_ids)} chunks; {machine()}\n")
    print_table(["measure", "value"], [
        ["first build in this process (CPU s)", round(times[0], 3)],
        [f"build, median of {args.repeats} (CPU s)", round(statistics.median(times[1:]), 3)],
        ["tokenising every title + abstract instead (CPU s)", round(retokenise, 3)],
        ["chunk index counts in memory (MB)", round(_nbytes(matrix.data, matrix.indices, matrix.indptr) / 1e6, 2)],
        ["added by whole-paper BM25 (MB)", round(added / 1e6, 2)],
        ["repeated (title, overlap) counts, non-zeros", repeats.nnz],
        ["chunk index non-zeros", matrix.nnz],
        [f"BM25 over chunks, CPU ms per query ({len(queries)} queries)", round(timed["chunks"], 3)],
        ["BM25 over whole papers, CPU ms per query", round(timed["whole papers"], 3)],
    ])


if __name__ == "__main__":
    main()
