"""`rag eval answers`: answer every question of a JSONL QA set and score the answers.

A line is {"id", "question", "gold_papers": [paper ids], "answer_contains": [words]}; empty
gold_papers means the corpus cannot answer it and only a refusal is right. An optional "history"
(the user's earlier questions, in order) makes the item a follow-up: each earlier question is asked
first, its answer kept in the conversation as a chat keeps it, and only the last answer is scored. One warm-up question
(not scored) loads the model first, so timings are warm.
"""

from __future__ import annotations

import json
import statistics
import sys
from pathlib import Path
from typing import Any

from tqdm import tqdm

from rag.answer import CLOSEST_PAPERS, Answer
from rag.bibliography import record_text
from rag.errors import RagError
from rag.grounding import cited_numbers, split_answer, strip_markers
from rag.metadata import abstract_from
from rag.text import missing_terms
from rag.service import RagService


def read_qa(path: str | Path) -> list[dict[str, Any]]:
    """The QA items of a JSONL file; RagError naming the line for a malformed one."""
    items = []
    try:
        lines = Path(path).read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        raise RagError(f"cannot read QA file {path}: {exc.strerror}") from None
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            item = json.loads(line)
            assert isinstance(item["id"], str) and isinstance(item["question"], str)
            item.setdefault("gold_papers", [])
            item.setdefault("answer_contains", [])
            item.setdefault("history", [])
            assert isinstance(item["history"], list) and all(isinstance(t, str) for t in item["history"])
        except (ValueError, KeyError, TypeError, AssertionError):
            raise RagError(f"{path}:{number}: expected {{\"id\", \"question\", \"gold_papers\", \"answer_contains\"}} (\"history\": a list of earlier questions)") from None
        items.append(item)
    if not items:
        raise RagError(f"QA file {path} holds no questions")
    return items


def evaluate_answers(service: RagService, qa_path: str | Path) -> dict[str, Any]:
    """Answer each question with the service's store and profile; the `rag eval answers --json` dict."""
    qa = read_qa(qa_path)
    backend = service.answerer().backend
    service.ask(qa[0]["question"])  # warm-up (model load is not a per-question cost); fails at once on an empty store
    answers = []
    for item in tqdm(qa, desc=f"answers ({backend})", unit="q", file=sys.stderr):
        answers.append(answer_in_conversation(service, item["question"], item["history"]))
    abstracts = _abstract_lookup(service)
    return {
        "summary": summarize(qa, answers, abstracts, backend),
        "items": [{"id": item["id"], **answer.as_dict()} for item, answer in zip(qa, answers)],
    }


def answer_in_conversation(service: RagService, question: str, earlier: list[str]) -> Answer:
    """The answer to `question` asked after the user's `earlier` questions, each answered in turn and
    kept in the history (user and assistant messages) as `rag chat` keeps it."""
    history: list[dict[str, str]] = []
    for turn in earlier:
        answer = service.ask(turn, history=history)
        history += [{"role": "user", "content": turn}, {"role": "assistant", "content": answer.answer}]
    return service.ask(question, history=history)


def summarize(qa: list[dict[str, Any]], answers: list[Answer], abstracts: Any, backend: str) -> dict[str, Any]:
    """The scores of `answers` against `qa` (same order). `abstracts(paper_id)` gives a paper's abstract."""
    answerable = [(q, a) for q, a in zip(qa, answers) if q["gold_papers"]]
    unanswerable = [(q, a) for q, a in zip(qa, answers) if not q["gold_papers"]]
    cited = [(q, [c.paper_id for c in a.citations if c.supported]) for q, a in answerable]
    all_cites = [pid in q["gold_papers"] for q, pids in cited for pid in pids]
    generated = sum(len(a.checks) for a in answers if not a.fallback) + sum(len(a.removed_sentences) for a in answers if a.fallback)
    removed = sum(len(a.removed_sentences) for a in answers)
    first = [a.timings_ms["first_token"] for a in answers if "first_token" in a.timings_ms]
    totals = [a.timings_ms["total"] for a in answers]
    return {
        "backend": backend,
        "questions": len(qa),
        "answerable": len(answerable),
        "unanswerable": len(unanswerable),
        "answer_contains": _share(all(w.lower() in _answered(a).lower() for w in q["answer_contains"]) for q, a in answerable),
        "cites_expected_paper": _share(any(pid in q["gold_papers"] for pid in pids) for q, pids in cited),
        "citation_precision": _share(all_cites),
        "correct_refusals": _share(a.refused for _, a in unanswerable),
        "false_refusals": _share(a.refused for _, a in answerable),
        "sentences_generated": generated,
        "sentences_removed": removed,
        "fallback_answers": sum(a.fallback for a in answers),
        "unsupported_numbers_shown": sum(_unsupported_numbers(a, abstracts) for a in answers),
        "errors": sum(a.error is not None for a in answers),
        "first_token_ms_p50": round(statistics.median(first)) if first else None,
        "total_ms_p50": round(statistics.median(totals)),
        "total_ms_max": max(totals),
    }


def _answered(answer: Answer) -> str:
    """What `answer` tells: its text, less the papers a refusal names as closest (a title there,
    "Functional Attention", answers nothing)."""
    return answer.answer.split(CLOSEST_PAPERS)[0] if answer.refused else answer.answer


def _unsupported_numbers(answer: Answer, abstracts: Any) -> int:
    """Numbers shown as findings in `answer` that its cited papers' abstracts (and records) do not contain."""
    if answer.refused or answer.error:
        return 0
    by_n = {c.n: c.paper_id for c in answer.citations}
    count = 0
    for sentence in split_answer(answer.answer):
        if sentence.startswith("[unsupported]"):
            continue
        text = " ".join(abstracts(by_n[n]) for n in cited_numbers(sentence) if n in by_n)
        count += sum(term[0].isdigit() for term in missing_terms(strip_markers(sentence), text))  # numbers and 20K-style quantities
    return count


def _abstract_lookup(service: RagService) -> Any:
    """`abstract(paper_id)`: what an answer may state about the paper, its abstract and the facts
    of its record that answers give (`rag.bibliography.record_text`: authors, venue, year)."""
    cache: dict[str, str] = {}

    def abstract(paper_id: str) -> str:
        if paper_id not in cache:
            paper = service.store.get_paper(paper_id)
            cache[paper_id] = f"{abstract_from(paper.metadata, paper.text)} {record_text(paper.metadata)}" if paper else ""
        return cache[paper_id]

    return abstract


def _share(flags: Any) -> float | None:
    flags = list(flags)
    return round(sum(flags) / len(flags), 4) if flags else None
