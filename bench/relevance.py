"""Calibrates answer.min_relevance: answerable questions' papers vs unanswerable questions' best papers.

    .venv/bin/python bench/relevance.py --data-dir DIR --qa bench/qa/seeds_dev.jsonl bench/qa/seeds_dev2.jsonl ...

DIR must hold the seeds (`rag ingest --data-dir DIR`). For each QA question, the answer's relevance
(rag.relevance.answer_policy: cosine + answer.lexical_weight x whole-paper BM25 per query word) of
its best gold paper among the top 8 hits, or, for an unanswerable question, of its most relevant hit.
Questions that another rule decides (the question names the paper, or holds its topic as a phrase)
are left out. Prints the lowest answerable and highest unanswerable scores, and the errors of each
threshold; bibliographic, versioned-name and comparison questions are refused by later rules
(rag.compose), so an unanswerable one above the threshold is not always a wrong answer.
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.common import bench_settings, print_table  # noqa: E402
from rag.answer_eval import read_qa  # noqa: E402
from rag.query import content_query, plain_question  # noqa: E402
from rag.relevance import answer_policy  # noqa: E402
from rag.service import RagService  # noqa: E402
from rag.text import index_terms  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data-dir", required=True)
    parser.add_argument("--qa", nargs="+", required=True)
    args = parser.parse_args()
    settings = bench_settings(args.data_dir)
    retriever = RagService(settings).retriever
    policy = answer_policy(settings)
    by_rule = dataclasses.replace(policy, min_combined=float("inf"))
    answerable, unanswerable = [], []
    for path in args.qa:
        for item in read_qa(path):
            asked = plain_question(item["question"])
            hits = retriever.search(asked, top_k=8, floor=False)
            terms = max(1, len(set(index_terms(content_query(asked)))))

            def relevance(hit):
                lexical = hit.paper_bm25 if hit.paper_bm25 is not None else hit.bm25_score or 0.0
                return (hit.dense_similarity or 0.0) + policy.lexical_weight * lexical / terms
            gold = [h for h in hits if h.paper_id in item["gold_papers"]]
            if item["gold_papers"] and not any(by_rule.admits(h, asked) for h in gold):
                answerable.append((max(map(relevance, gold), default=0.0), item["id"]))
            elif not item["gold_papers"]:
                scores = [relevance(h) for h in hits if not by_rule.admits(h, asked)]
                unanswerable.append((max(scores, default=0.0), item["id"]))
    answerable.sort()
    unanswerable.sort(reverse=True)
    print("lowest answerable:", ", ".join(f"{i} {s:.3f}" for s, i in answerable[:8]))
    print("highest unanswerable:", ", ".join(f"{i} {s:.3f}" for s, i in unanswerable[:8]))
    rows = []
    for hundredths in range(44, 62):
        threshold = hundredths / 100
        missed = sum(s < threshold for s, _ in answerable)
        passed = sum(s >= threshold for s, _ in unanswerable)
        rows.append([threshold, missed, passed, missed + passed])
    print(f"\n{len(answerable)} answerable, {len(unanswerable)} unanswerable questions "
          f"(current answer.min_relevance {settings.answer.min_relevance})\n")
    print_table(["threshold", "answerable below", "unanswerable at or above", "sum"], rows)


if __name__ == "__main__":
    main()
