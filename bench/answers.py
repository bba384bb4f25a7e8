"""Answer quality and speed of every backend that can run here, side by side, in one run.

For each backend it runs `rag eval answers --qa FILE --json` on the current store and prints one
markdown table: answer contains the expected words, cites an expected paper, citation precision,
correct refusals, sentences removed by the grounding check, time to first token, total time.
Backends: extractive, llama-cpp (bundled SmolLM2, in-process) and openai-like (the same GGUF behind a
`python -m llama_cpp.server` started here on a free loopback port). Ollama and hosted APIs cannot
run on this machine.

    .venv/bin/python bench/answers.py [--qa bench/qa/seeds_dev.jsonl] [--data-dir DIR]
        [--backends extractive,llama-cpp,openai-like] [--save results.json]
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RAG = str(Path(sys.executable).with_name("rag"))
BACKENDS = ("extractive", "llama-cpp", "openai-like")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--qa", default=str(ROOT / "bench" / "qa" / "seeds_dev.jsonl"))
    parser.add_argument("--data-dir", help="data directory with the ingested store (default: settings)")
    parser.add_argument("--backends", default=",".join(BACKENDS))
    parser.add_argument("--save", help="also write every backend's full JSON result here")
    args = parser.parse_args()
    results = {}
    for backend in args.backends.split(","):
        print(f"== {backend}", file=sys.stderr)
        results[backend] = run_backend(backend, args.qa, args.data_dir)
    if args.save:
        Path(args.save).write_text(json.dumps(results, indent=2, ensure_ascii=False), encoding="utf-8")
    print(table({name: r["summary"] for name, r in results.items()}))
    return 0


def run_backend(backend: str, qa: str, data_dir: str | None) -> dict:
    """`rag eval answers --json` for one backend; starts and stops a llama_cpp.server for openai-like."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("RAG_")}
    server = None
    if backend == "extractive":
        env["RAG_PROFILE"] = "extractive"
    elif backend == "openai-like":
        server, url = _start_server()
        env.update({"RAG_LLM__PROVIDER": "openai-like", "RAG_LLM__API_BASE": url, "RAG_LLM__MODEL": "SmolLM2-135M-Instruct"})
    command = [RAG, "eval", "answers", "--qa", qa, "--json"] + (["--data-dir", data_dir] if data_dir else [])
    try:
        done = subprocess.run(command, env=env, cwd=ROOT, stdout=subprocess.PIPE, text=True)
    finally:
        if server:
            server.terminate()
            server.wait(timeout=30)
    if done.returncode != 0:
        raise SystemExit(f"{backend}: rag eval answers failed with code {done.returncode}")
    return json.loads(done.stdout)


def _start_server() -> tuple[subprocess.Popen, str]:
    sys.path.insert(0, str(ROOT))
    from rag.backends import bundled_gguf_path

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    process = subprocess.Popen(
        [sys.executable, "-m", "llama_cpp.server", "--model", str(bundled_gguf_path()), "--model_alias",
         "SmolLM2-135M-Instruct", "--host", "127.0.0.1", "--port", str(port), "--n_ctx", "2048"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        with socket.socket() as sock:
            if sock.connect_ex(("127.0.0.1", port)) == 0:
                return process, f"http://127.0.0.1:{port}/v1"
        time.sleep(0.2)
    process.terminate()
    raise SystemExit("llama_cpp.server did not start within 60 s")


ROWS = [
    ("answer contains expected words", "answer_contains", "pct"),
    ("cites an expected paper", "cites_expected_paper", "pct"),
    ("citation precision", "citation_precision", "pct"),
    ("correct refusals", "correct_refusals", "pct"),
    ("false refusals", "false_refusals", "pct"),
    ("sentences generated", "sentences_generated", "int"),
    ("sentences removed by the check", "sentences_removed", "int"),
    ("answers replaced by the extractive fallback", "fallback_answers", "int"),
    ("unsupported numbers shown", "unsupported_numbers_shown", "int"),
    ("LLM errors", "errors", "int"),
    ("time to first token, median (ms)", "first_token_ms_p50", "int"),
    ("total time, median (ms)", "total_ms_p50", "int"),
    ("total time, max (ms)", "total_ms_max", "int"),
]


def table(summaries: dict[str, dict]) -> str:
    """A markdown table: one row per metric, one column per backend."""
    names = list(summaries)
    lines = ["| metric | " + " | ".join(summaries[n]["backend"] for n in names) + " |", "|---|" + "---:|" * len(names)]
    for label, key, kind in ROWS:
        cells = []
        for name in names:
            value = summaries[name].get(key)
            cells.append("n/a" if value is None else f"{value:.1%}" if kind == "pct" else str(value))
        lines.append(f"| {label} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
