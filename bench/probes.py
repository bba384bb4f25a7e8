"""Reliability probes: bad inputs and failing parts, each run through the real `rag` CLI code, with
the one line the user gets. Prints a Markdown table (probe, exit code, message) for docs/BENCHMARKS.md.

    PYTHONPATH=$PWD python bench/probes.py [--huge]

`--huge` also ingests a generated ~1 MB abstract and asks about it, reporting the sentences embedded
for the answer and its time (slow: it embeds ~1,000 chunks once).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import random
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rag import cli  # noqa: E402

SEEDS = ROOT / "seeds"
QUESTION = "How do protein language models help molecular dynamics?"


def run(argv: list[str], env: dict[str, str] | None = None) -> tuple[int, str]:
    """`rag ARGV` in this process; returns the exit code and the last non-empty stderr line."""
    import os

    saved = {k: os.environ.get(k) for k in (env or {})}
    os.environ.update(env or {})
    err = io.StringIO()
    try:
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
            code = cli.main(argv)
    finally:
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v
    lines = [line for line in err.getvalue().splitlines() if line.strip()]
    assert not any("Traceback" in line for line in lines), err.getvalue()
    return code, lines[-1] if lines else ""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def scripted(reply) -> ThreadingHTTPServer:
    """A loopback HTTP server standing in for a broken or refusing OpenAI-compatible server."""

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:  # noqa: N802
            self.rfile.read(int(self.headers.get("content-length") or 0))
            status, body = reply()
            try:
                self.send_response(status)
                self.send_header("content-type", "application/json")
                self.send_header("content-length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
            except OSError:
                pass

        def log_message(self, *args) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def llm_env(url: str) -> dict[str, str]:
    return {"RAG_LLM__PROVIDER": "openai-like", "RAG_LLM__API_BASE": url, "RAG_LLM__MODEL": "probe", "RAG_LLM__TIMEOUT_S": "2"}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--huge", action="store_true", help="also probe a ~1 MB abstract (slow)")
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="rag-probes-"))
    seeded, empty = str(work / "seeded"), str(work / "empty")
    run(["ingest", str(SEEDS), "--data-dir", seeded])
    rows: list[tuple[str, int, str]] = []

    def probe(name: str, argv: list[str], env: dict[str, str] | None = None) -> None:
        code, line = run(argv, env)
        rows.append((name, code, line))

    probe("search, never-ingested store", ["search", "diffusion", "--data-dir", empty])
    probe("ask, never-ingested store", ["ask", "what is diffusion?", "--profile", "extractive", "--data-dir", empty])
    probe("empty question", ["ask", "  ", "--profile", "extractive", "--data-dir", seeded])
    probe("question over 4,000 characters", ["ask", "why " * 1001, "--profile", "extractive", "--data-dir", seeded])
    probe("-k 0", ["search", "diffusion", "-k", "0", "--data-dir", seeded])
    probe("bad filter", ["search", "diffusion", "--filter", "year", "--data-dir", seeded])
    probe("filter no paper matches (venue=x): not an error", ["search", "diffusion", "--filter", "venue=x", "--data-dir", seeded])
    probe("unknown profile", ["search", "diffusion", "--profile", "nope", "--data-dir", seeded])
    probe("profile name with a path", ["search", "diffusion", "--profile", "../etc/passwd", "--data-dir", seeded])
    probe("missing corpus path", ["ingest", str(work / "missing.jsonl"), "--data-dir", str(work / "x")])
    bad = work / "bad.jsonl"
    bad.write_text('{"id": "1", "title": "t", "abstract": "a"}\n{not json\n')
    probe("corpus line not JSON", ["ingest", str(bad), "--data-dir", str(work / "x")])

    port = free_port()
    http = {"RAG_STORE__MODE": "http", "RAG_STORE__PORT": str(port)}
    probe("Chroma server down", ["search", "diffusion", "--data-dir", str(work / "http")], http)
    chroma = str(Path(sys.executable).with_name("chroma"))
    server = subprocess.Popen([chroma, "run", "--path", str(work / "chroma"), "--host", "127.0.0.1", "--port", str(port)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(300):
            with socket.socket() as sock:
                if sock.connect_ex(("127.0.0.1", port)) == 0:
                    break
            time.sleep(0.2)
        from rag.service import open_service

        service = open_service(None, {"data_dir": str(work / "http"), "store.mode": "http", "store.port": port})
        service.ingest([SEEDS / "003_cb611f67ebca296c.txt"], progress=False)
        service.search("protein")
    finally:
        server.kill()
        server.wait(timeout=30)
    try:
        service.search("molecular dynamics")
        rows.append(("Chroma server killed mid-use (same service)", 0, "(no error)"))
    except Exception as exc:  # noqa: BLE001 - the probe records what the user would see
        rows.append(("Chroma server killed mid-use (same service)", 1, f"{type(exc).__name__}: {exc}"))

    cases = [
        ("LLM server: 200, body not JSON", lambda: (200, b"this is {not json")),
        ("LLM server: 401", lambda: (401, b'{"error": {"message": "bad key"}}')),
        ("LLM server: 404", lambda: (404, b'{"error": {"message": "no such model"}}')),
        ("LLM server: slower than llm.timeout_s", lambda: (time.sleep(4), (200, b"{}"))[1]),
    ]
    for name, reply in cases:
        llm = scripted(reply)
        probe(name, ["ask", QUESTION, "--data-dir", seeded], llm_env(f"http://127.0.0.1:{llm.server_port}/v1"))
        llm.shutdown()
    probe("LLM server not running", ["ask", QUESTION, "--data-dir", seeded], llm_env(f"http://127.0.0.1:{free_port()}/v1"))

    print("| probe | exit | what the user sees (one line) |")
    print("|---|---|---|")
    for name, code, line in rows:
        shown = line.replace(str(work), "$TMP").replace("|", "\\|")
        print(f"| {name} | {code} | `{shown}` |")
    print(f"\n{len(rows)} probes, {sum(1 for r in rows if r[1] != 0)} refused with one line, 0 tracebacks")
    if args.huge:
        huge(work)
    shutil.rmtree(work, ignore_errors=True)


def huge(work: Path) -> None:
    """Ingest a generated ~1 MB abstract and ask about it: sentences embedded and seconds per answer."""
    from rag.service import open_service

    rng = random.Random(0)
    words = ["protein", "folding", "energy", "landscape", "sampling", "model", "diffusion", "kinetics",
             "structure", "ensemble", "simulation", "accuracy", "training", "data", "graph", "network"]
    sentences = []
    while sum(len(s) + 1 for s in sentences) < 1_000_000:
        sentences.append(" ".join(rng.choice(words) for _ in range(rng.randint(8, 20))).capitalize() + ".")
    corpus = work / "huge.jsonl"
    corpus.write_text(json.dumps({"id": "huge-1", "title": "A 1 MB record", "abstract": " ".join(sentences)}) + "\n")
    service = open_service("extractive", {"data_dir": str(work / "huge")})
    service.ingest([SEEDS, corpus], progress=False)
    question = sentences[0].rstrip(".") + "?"
    for attempt in range(3):
        before, start = service.embedder.encoded, time.perf_counter()
        answer = service.ask(question)
        print(f"1 MB abstract, answer {attempt + 1}: {time.perf_counter() - start:.1f} s, "
              f"{service.embedder.encoded - before} texts embedded, cited {[c.paper_id for c in answer.citations]}")


if __name__ == "__main__":
    main()
