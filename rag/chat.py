"""`rag chat`: a terminal conversation. Tokens stream as they are written; then only what the check changed.

The streamed text is not printed a second time: after it come the sentences the check removed
(with the reason) and the ones the shown answer adds (the quoted evidence), then the citations.
"""

from __future__ import annotations

import sys
from typing import TextIO

from rag.answer import Answer, Answerer
from rag.errors import RagError
from rag.grounding import split_answer, strip_markers
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
    raw = ""
    for piece in stream:
        raw += piece
        print(piece, end="", file=stdout, flush=True)
    answer = stream.answer
    if answer.error:
        print(f"\nerror: {answer.error}", file=stdout)
        return answer
    print("", file=stdout)
    for line in changes(raw, answer):
        print(line, file=stdout)
    for c in answer.citations:  # a "does not state" answer cites its paper without a quote
        quote = f": \u201c{c.quote}\u201d" if c.quote else ""
        print(f"  [{c.n}] {c.title} [{c.paper_id}]{quote}", file=stdout)
    return answer


def changes(raw: str, answer: Answer) -> list[str]:
    """What the checked answer changed in the streamed `raw` text, one line each: `- removed (reason): ...`
    and `+ added: ...`; a single `checked: ...` line when nothing changed."""
    streamed = _plain(raw)  # a shown sentence anywhere in the stream was seen, however the stream splits
    lines = [f"- removed ({r['reason']}): {r['text']}" for r in answer.removed]
    shown = [c.text for c in answer.checks if c.supported and c.text in answer.answer] or split_answer(answer.answer)
    lines += [f"+ {s}" for s in shown if _plain(s) not in streamed]
    if answer.fallback:
        lines.insert(0, "checked> no generated sentence passed the check; quoted sentences instead:")
    elif lines:
        lines.insert(0, "checked>")
    return lines or ["checked> every sentence is supported by its source"]


def _plain(sentence: str) -> str:
    return " ".join(strip_markers(sentence).lower().split())
