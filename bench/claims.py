"""Keep/catch rates of the grounding check on hand-written claims, through the real answer pipeline.

Each claim of bench/qa/claims_dev.jsonl (true paraphrases, numbers and summaries; false negations,
changed details, overclaims and claims of another paper, all written by hand about the 38 seed
abstracts) is "written" by a scripted OpenAI-compatible HTTP server on 127.0.0.1 that stands in
for a strong hosted model: it answers every chat request with the claim cited as [1]. The answer
goes through the real `openai-like` backend (streaming over HTTP) and the real `Answerer`
(prompt, generation, grounding check). The claim's paper is forced to be source [1]: the
Answerer's retriever is pinned to that paper's stored hit, and `answer.min_relevance` is lowered
so that the pinned paper is always answered from. A claim counts as kept when the final answer
removed nothing.

    .venv/bin/python bench/claims.py [--data-dir DIR] [--verifiers rules,model] [--claims FILE] [--json]

Claim sets: bench/qa/claims_dev.jsonl to claims_dev26.jsonl (each written blind, then developed on), claims_check.jsonl
(held out: run it once, to report).

The seeds are ingested into DIR first (nothing is re-embedded when they are already there); the
`model` verifier needs `rag train verifier --data-dir DIR` first.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rag.answer import Answerer  # noqa: E402
from rag.backends import build_backend  # noqa: E402
from rag.retrieval import PaperHit, PaperRetriever  # noqa: E402
from rag.service import RagService  # noqa: E402
from rag.settings import Settings, load_settings  # noqa: E402

REPO_ROOT = Path(__file__).resolve().parent.parent

CLAIMS = REPO_ROOT / "bench" / "qa" / "claims_dev.jsonl"
SUPPORTED_KINDS = ["paraphrase", "number", "summary"]
UNSUPPORTED_KINDS = ["negation", "changed_detail", "overclaim", "other_paper"]
_CLAIM_ID = re.compile(r"claim ([\w.-]+)")


class ScriptedServer:
    """An OpenAI-compatible chat server on 127.0.0.1 that replies with pre-set text.

    A stand-in for a strong hosted model (which cannot be reached here): the reply for a request is
    `replies[key]`, where the last user message contains "claim KEY"; otherwise `default`.
    Supports streaming (server-sent events) and plain responses on /v1/chat/completions.
    """

    def __init__(self, replies: dict[str, str], default: str = "No source answers this.") -> None:
        self.replies = replies
        self.default = default
        self.requests: list[dict[str, Any]] = []
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        """The base URL to configure as llm.api_base (ends in /v1)."""
        return f"http://127.0.0.1:{self._server.server_address[1]}/v1"

    def __enter__(self) -> "ScriptedServer":
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._server.shutdown()
        self._server.server_close()

    def reply_for(self, body: dict[str, Any]) -> str:
        """The scripted reply for one chat request body."""
        users = [m.get("content", "") for m in body.get("messages", []) if m.get("role") == "user"]
        found = _CLAIM_ID.search(users[-1] if users else "")
        return self.replies.get(found.group(1), self.default) if found else self.default

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: object) -> None:
                return None

            def do_GET(self) -> None:
                self._json({"object": "list", "data": [{"id": "scripted", "object": "model"}]})

            def do_POST(self) -> None:
                body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))) or b"{}")
                outer.requests.append(body)
                text = outer.reply_for(body)
                base = {"id": "chatcmpl-scripted", "created": int(time.time()), "model": body.get("model", "scripted")}
                if not body.get("stream"):
                    self._json({**base, "object": "chat.completion", "choices": [
                        {"index": 0, "message": {"role": "assistant", "content": text}, "finish_reason": "stop"}],
                        "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2}})
                    return
                self.send_response(200)
                self.send_header("Content-Type", "text/event-stream")
                self.end_headers()
                pieces = re.findall(r"\S+\s*", text)
                for i, piece in enumerate(pieces + [""]):
                    delta = {"role": "assistant", "content": piece} if piece else {}
                    chunk = {**base, "object": "chat.completion.chunk", "choices": [
                        {"index": 0, "delta": delta, "finish_reason": None if piece else "stop"}]}
                    self.wfile.write(f"data: {json.dumps(chunk)}\n\n".encode())
                self.wfile.write(b"data: [DONE]\n\n")

            def _json(self, payload: dict[str, Any]) -> None:
                data = json.dumps(payload).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

        return Handler


class PinnedRetriever:
    """The real retriever, except that `search` returns the one pinned paper (source [1])."""

    def __init__(self, retriever: PaperRetriever) -> None:
        self.retriever = retriever
        self.embedder = retriever.embedder
        self.store = retriever.store
        self.pinned: PaperHit | None = None

    def search(self, query: str, top_k: int | None = None, **kwargs: Any) -> list[PaperHit]:
        """The pinned paper's hit, ranked first."""
        assert self.pinned is not None
        return [self.pinned]

    def holds_term(self, term: str) -> bool:
        """Whether some stored paper holds `term` (the real retriever's answer)."""
        return self.retriever.holds_term(term)

    def scope(self, named: dict[str, str]) -> dict[str, str]:
        """The filters a named scope states (the real retriever's answer; `search` ignores them)."""
        return self.retriever.scope(named)

    def named_scope(self, question: str) -> dict[str, str]:
        """The stored venue or year values the question names (the real retriever's answer)."""
        return self.retriever.named_scope(question)

    def papers(self) -> list[dict[str, Any]]:
        """The real store's papers."""
        return self.retriever.papers()

    def abbreviated(self, query: str) -> list[str]:
        """No paper besides the pinned one: a claim's acronym never brings in another source."""
        return []

    def authored(self, question: str) -> tuple[list[str], list[str]]:
        """No author scope: the pinned paper is the claim's only source."""
        return [], []

    def affiliated(self, question: str) -> tuple[list[str], list[str]]:
        """No institution scope: the pinned paper is the claim's only source."""
        return [], []


def paper_hits(retriever: PaperRetriever) -> dict[str, PaperHit]:
    """A hit for every stored paper, built from its first chunk."""
    hits = {}
    for chunk in retriever.store.iter_chunks(where={"chunk": 0}):
        m = chunk.metadata
        hits[m["paper_id"]] = PaperHit(m["paper_id"], m.get("title", ""), m.get("source", ""), chunk.text, m, rank=1)
    return hits


def scripted_settings(settings: Settings, api_base: str, verifier: str) -> Settings:
    """`settings` answering through the openai-like backend at `api_base`, with `verifier` checking."""
    return settings.model_copy(update={
        "llm": settings.llm.model_copy(update={"provider": "openai-like", "model": "scripted", "api_base": api_base}),
        "answer": settings.answer.model_copy(update={"min_relevance": -1.0, "top_k": 1}),
        "grounding": settings.grounding.model_copy(update={"verifier": verifier}),
    })


def run(settings: Settings, claims: list[dict[str, Any]], verifiers: list[str]) -> dict[str, Any]:
    """Per verifier: each claim's verdict (kept or not, and why) through the scripted server."""
    retriever = RagService(settings).retriever
    hits = paper_hits(retriever)
    pinned = PinnedRetriever(retriever)
    results: dict[str, Any] = {}
    # The question carries a letters-only key to the server: an id with digits ("d3-001") would read
    # as a versioned name the paper lacks, and the answer would be refused before any check.
    keys = {claim["id"]: _letters(number) for number, claim in enumerate(claims)}
    with ScriptedServer({keys[c["id"]]: f"{c['claim']} [1]" for c in claims}) as server:
        for name in verifiers:
            scripted = scripted_settings(settings, server.url, name)
            answerer = Answerer(scripted, pinned, build_backend(scripted))  # type: ignore[arg-type]
            rows = []
            started = time.perf_counter()
            for claim in claims:
                pinned.pinned = hits[claim["paper_id"]]
                answer = answerer.ask(f"What does the paper say? (claim {keys[claim['id']]})")
                if answer.error:
                    raise SystemExit(f"error: {answer.error}")
                kept = not answer.removed_sentences and not answer.fallback and not answer.refused
                reason = "" if kept else answerer.checker.check([f"{claim['claim']} [1]"], _sources(answerer, pinned))[0].reason
                rows.append({**claim, "kept": kept, "reason": reason})
            results[name] = {"verifier": type(answerer.checker.verifier).__name__, "claims": rows,
                             "seconds": round(time.perf_counter() - started, 1)}
    return results


def _letters(number: int) -> str:
    """A key of letters only for `number` (0 -> "qa", 25 -> "qz", 26 -> "qba", ...)."""
    digits = ""
    while True:
        number, rest = divmod(number, 26)
        digits = chr(ord("a") + rest) + digits
        if not number:
            return "q" + digits.rjust(2, "a")


def _sources(answerer: Answerer, pinned: PinnedRetriever):
    from rag.sources import prepare_sources

    return prepare_sources([pinned.pinned], "", answerer.retriever.embedder, answerer.retriever.store)


def summarise(rows: list[dict[str, Any]]) -> dict[str, float]:
    """Keep rate per supported kind, catch rate per unsupported kind, and the two totals."""
    out: dict[str, float] = {}
    for kind in SUPPORTED_KINDS + UNSUPPORTED_KINDS:
        mine = [r for r in rows if r["kind"] == kind]
        if mine:
            good = sum(r["kept"] == (kind in SUPPORTED_KINDS) for r in mine)
            out[kind] = good / len(mine)
    sup = [r for r in rows if r["label"] == "supported"]
    uns = [r for r in rows if r["label"] == "unsupported"]
    out["supported kept"] = sum(r["kept"] for r in sup) / len(sup)
    out["unsupported caught"] = sum(not r["kept"] for r in uns) / len(uns)
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data-dir", default="/tmp/paper-rag-bench-claims")
    parser.add_argument("--claims", default=str(CLAIMS))
    parser.add_argument("--verifiers", default="rules,model")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--show-misses", action="store_true", help="print every wrong verdict with its reason")
    args = parser.parse_args()
    settings = load_settings(overrides={"data_dir": args.data_dir}, environ={})
    RagService(settings).ingest([REPO_ROOT / "seeds"], progress=False)
    claims = [json.loads(line) for line in Path(args.claims).read_text(encoding="utf-8").splitlines() if line.strip()]
    results = run(settings, claims, args.verifiers.split(","))
    if args.json:
        print(json.dumps(results, indent=2, ensure_ascii=False))
        return 0
    kinds = SUPPORTED_KINDS + UNSUPPORTED_KINDS
    counts = {k: sum(c["kind"] == k for c in claims) for k in kinds}
    print(f"{len(claims)} claims from {args.claims}")
    print("| verifier | supported kept | unsupported caught | " + " | ".join(
        f"{k} ({'kept' if k in SUPPORTED_KINDS else 'caught'}, n={counts[k]})" for k in kinds) + " | seconds |")
    print("|---|---|---|" + "---|" * len(kinds) + "---|")
    for name, result in results.items():
        s = summarise(result["claims"])
        cells = [f"{s[k]:.1%}" for k in ["supported kept", "unsupported caught"] + kinds]
        print(f"| {name} | " + " | ".join(cells) + f" | {result['seconds']} |")
    if args.show_misses:
        for name, result in results.items():
            for r in result["claims"]:
                if r["kept"] != (r["label"] == "supported"):
                    print(f"{name} {r['id']} {r['kind']}: {r['claim']}  -> {r['reason'] or 'kept'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
