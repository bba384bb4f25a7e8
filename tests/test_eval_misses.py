"""`rag eval retrieval --misses`: the judged papers hybrid ranks below its cut, with every retriever's rank."""

from __future__ import annotations

from rag.cli import _format_eval
from rag.evaluation import Benchmark, misses
from rag.query import content_query
from rag.retrieval import MODES
from rag.service import RagService
from rag.text import index_terms

PLATITO = "000_711129f47277f084#1"
SLEEP = "000_711129f47277f084#3"
QUESTION = "protein language model embeddings improve transferable molecular dynamics"


def test_papers_below_the_cut_are_listed_with_each_retrievers_rank(seeded_settings):
    retriever = RagService(seeded_settings).retriever
    queries = {"found": QUESTION, "wrong": QUESTION, "list": "Which papers study neural networks?"}
    runs = {mode: {qid: [h.paper_id for h in retriever.search(q, top_k=100, mode=mode, floor=False)] for qid, q in queries.items()}
            for mode in MODES}
    every = [paper["paper_id"] for paper in retriever.papers()]
    qrels = {"found": {PLATITO: 1}, "wrong": {SLEEP: 1, PLATITO: 0}, "list": dict.fromkeys(every, 1)}
    found = misses(retriever, Benchmark("t", [], queries, qrels, {"list"}), runs)

    assert not [m for m in found if m["query_id"] == "found"]  # first place is the cut of a one-paper question
    (wrong,) = [m for m in found if m["query_id"] == "wrong"]  # a grade of 0 is not a gold paper
    assert wrong["paper_id"] == SLEEP and wrong["gold"] == 1 and not wrong["multi"]
    for mode in MODES:
        ranking = runs[mode]["wrong"]
        assert wrong["ranks"][mode] == (ranking.index(SLEEP) + 1 if SLEEP in ranking else None)
    assert wrong["ranks"]["hybrid"] > 1
    assert wrong["terms"] == len(set(index_terms(content_query(QUESTION)))) and 0 <= wrong["terms_held"] < wrong["terms"]
    listed = [m for m in found if m["query_id"] == "list"]
    assert len(listed) == len(every) - 10 and all(m["multi"] and m["gold"] == len(every) for m in listed)  # the top 10 is a list's cut
    assert {m["paper_id"] for m in listed} == set(every) - set(runs["hybrid"]["list"][:10])

    text = _format_eval({"dataset": "t", "queries": 3, "retrievers": {}, "misses": found})
    assert f"judged papers hybrid ranks below its cut: {len(found)}" in text
    row = next(line for line in text.splitlines() if line.startswith("wrong "))
    assert SLEEP in row and f"{wrong['terms_held']}/{wrong['terms']}" in row
