"""`rag chat`: a terminal conversation. Tokens stream as they are written; the checked answer follows."""

from __future__ import annotations

import sys
from typing import TextIO

from rag.answer import Answer, Answerer
from rag.errors import RagError
from rag.service import RagService


def run_chat(service: RagService, top_k: int | None = None, stdin: TextIO = sys.stdin, stdout: TextIO = sys.stdout) -> int:
    """Converse until EOF or "exit"; follow-ups use the history. Returns the exit code (0)."""
    answerer = service.answerer()
    history: list[dict[str, str]] = []
    print(f"rag chat ({answerer.backend}); empty line or 'exit' quits", file=stdout)
    while True:
        print("you> ", end="", file=stdout, flush=True)
        line = stdin.readline()
        question = line.strip()
        if not line or not question or question.lower() in ("exit", "quit"):
            return 0
        try:
            answer = _turn(answerer, question, history, top_k, stdout)
        except RagError as exc:
            print(f"error: {exc}", file=stdout)
            continue
        history += [{"role": "user", "content": question}, {"role": "assistant", "content": answer.answer}]


def _turn(answerer: Answerer, question: str, history: list[dict[str, str]], top_k: int | None, stdout: TextIO) -> Answer:
    """Stream one answer's raw tokens, then print the checked answer and its citations."""
    print("model> ", end="", file=stdout, flush=True)
    stream = answerer.stream(question, history=history, top_k=top_k)
    for piece in stream:
        print(piece, end="", file=stdout, flush=True)
    answer = stream.answer
    if answer.error:
        print(f"\nerror: {answer.error}", file=stdout)
        return answer
    print(f"\nchecked> {answer.answer}", file=stdout)
    if answer.removed_sentences:
        print(f"  ({len(answer.removed_sentences)} unsupported sentence(s) removed)", file=stdout)
    for c in answer.citations:
        print(f"  [{c.n}] {c.title} [{c.paper_id}]: \u201c{c.quote}\u201d", file=stdout)
    return answer
