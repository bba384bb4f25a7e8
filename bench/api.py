"""The HTTP API under 16 concurrent clients: searches and answers mixed, each checked for correctness.

Starts `rag serve` on a free loopback port over a data directory holding the seeds, then runs
CLIENTS threads at once. Each client walks its own slice of the answerable dev questions
(bench/qa/seeds_dev.jsonl), alternating `POST /v1/search` (correct when a gold paper is in the
results) and `POST /v1/chat/completions` (correct when the answer is for the question it sent and
cites a gold paper). Prints one markdown table per profile: requests, errors, correct, p50/p95.

    .venv/bin/python bench/api.py [--profiles extractive,default] [--clients 16] [--rounds 2]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.common import CORPORA, bench_settings, machine, percentile, print_table  # noqa: E402
from rag.service import RagService  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
RAG = str(Path(sys.executable).with_name("rag"))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--profiles", default="extractive,default")
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--rounds", type=int, default=2, help="questions each client asks (and searches)")
    parser.add_argument("--qa", default=str(ROOT / "bench" / "qa" / "seeds_dev.jsonl"))
    args = parser.parse_args()
    questions = [q for q in map(json.loads, Path(args.qa).read_text().splitlines()) if q["gold_papers"]]
    rows = []
    with tempfile.TemporaryDirectory() as scratch:
        data = Path(scratch) / "data"
        RagService(bench_settings(data)).ingest(CORPORA["seeds"], progress=False)
        for profile in args.profiles.split(","):
            url, process = _start(data, profile)
            try:
                _warm(url, profile, questions[0]["question"])
                results = _run(url, profile, questions, args.clients, args.rounds)
            finally:
                process.terminate()
                process.wait(timeout=30)
            for kind in ("search", "answer"):
                mine = [r for r in results if r[0] == kind]
                latencies = [r[3] for r in mine]
                rows.append([profile, kind, len(mine), sum(r[1] for r in mine), sum(r[2] for r in mine),
                             round(percentile(latencies, 50)), round(percentile(latencies, 95))])
    print(f"{args.clients} concurrent clients x {args.rounds} rounds (search + answer each); {machine()}\n")
    print_table(["profile", "request", "count", "errors", "correct", "p50 ms", "p95 ms"], rows)
    return 0


def _start(data: Path, profile: str) -> tuple[str, subprocess.Popen]:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    env = {k: v for k, v in os.environ.items() if not k.startswith("RAG_")}
    process = subprocess.Popen([RAG, "serve", "--profile", profile, "--port", str(port), "--data-dir", str(data)],
                               env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"{url}/healthz", timeout=2).status_code == 200:
                return url, process
        except httpx.HTTPError:
            time.sleep(0.5)
    process.terminate()
    raise SystemExit(f"rag serve --profile {profile} did not come up")


def _warm(url: str, profile: str, question: str) -> None:
    httpx.post(f"{url}/v1/chat/completions", json={"model": profile, "messages": [{"role": "user", "content": question}]}, timeout=300)


def _run(url: str, profile: str, questions: list[dict], clients: int, rounds: int) -> list[tuple[str, bool, bool, float]]:
    """(kind, error, correct, ms) for every request of every client."""
    results: list[tuple[str, bool, bool, float]] = []
    lock = threading.Lock()
    start_line = threading.Barrier(clients)

    def client(index: int) -> None:
        mine = [questions[(index * rounds + i) % len(questions)] for i in range(rounds)]
        with httpx.Client(base_url=url, timeout=600) as http:
            start_line.wait()
            for item in mine:
                for kind in ("search", "answer"):
                    began = time.perf_counter()
                    error, correct = _request(http, kind, profile, item)
                    with lock:
                        results.append((kind, error, correct, (time.perf_counter() - began) * 1000))

    threads = [threading.Thread(target=client, args=(i,)) for i in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


def _request(http: httpx.Client, kind: str, profile: str, item: dict) -> tuple[bool, bool]:
    """(error, correct) of one request for `item`."""
    gold = set(item["gold_papers"])
    try:
        if kind == "search":
            response = http.post("/v1/search", json={"query": item["question"], "k": 5})
            ok = response.status_code == 200
            return not ok, ok and bool(gold & {r["paper_id"] for r in response.json()["results"]})
        response = http.post("/v1/chat/completions", json={"model": profile, "messages": [{"role": "user", "content": item["question"]}]})
        ok = response.status_code == 200
        if not ok:
            return True, False
        payload = response.json()
        own = payload["paper_rag"]["question"] == " ".join(item["question"].split())
        return False, own and bool(gold & {c["paper_id"] for c in payload["citations"]})
    except httpx.HTTPError:
        return True, False


if __name__ == "__main__":
    sys.exit(main())
