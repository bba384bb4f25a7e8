"""The chat page's latency and concurrency, measured through a real browser (Debian's Chromium).

1. Start: `make run` (already installed) until the page is up (the backend is loaded before the
   server listens) and until it has shown its first checked answer, once on an empty data
   directory (the seeds get ingested) and once on an ingested one.
2. First token, warm: Enter pressed → first streamed text visible, with the embedded default
   (median of several questions after one warm-up question).
3. Concurrency: eight browser tabs ask eight different questions at once; each must show its own
   question's sources with the expected paper cited.

    .venv/bin/python bench/ui.py [--profile default] [--repeats 3]

Prints a markdown table (recorded in docs/BENCHMARKS.md).
"""

from __future__ import annotations

import argparse
import os
import platform
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from playwright.sync_api import Page, expect, sync_playwright

REPO = Path(__file__).resolve().parent.parent
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run",
]
# Question → the paper an answer to it must cite.
QUESTIONS = {
    "How do protein language models help molecular dynamics?": "000_711129f47277f084#1",
    "How can spiking networks be trained without batch norm?": "000_711129f47277f084#5",
    "How do machine learning models improve weather nowcasting?": "000_711129f47277f084#4",
    "How can LLMs produce calibrated confidence estimates?": "000_711129f47277f084#2",
    "How is sleep stage classification done with multi-view data?": "000_711129f47277f084#3",
    "How can Hamiltonian matrices be predicted for electronic structure calculations?": "000_711129f47277f084#8",
    "How can free energy differences be estimated with a generative model?": "003_cb611f67ebca296c#15",
    "How does MEG-XL decode brain signals into text?": "000_711129f47277f084#19",
}
FIRST_TEXT_JS = """(before) => {
  const bots = document.querySelectorAll("[data-testid='bot']");
  return bots.length > before && bots[bots.length - 1].textContent.replace('▌', '').trim().length > 0;
}"""
ANSWER_WAIT_MS = 600_000


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--profile", default="default", help="profile measured (default: the embedded default)")
    parser.add_argument("--repeats", type=int, default=3, help="warm first-token measurements (default 3)")
    args = parser.parse_args()
    rows = []
    with sync_playwright() as playwright, tempfile.TemporaryDirectory() as tmp:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        data_dir = Path(tmp) / "data"
        for label in ("empty store (ingests the seeds)", "seeds already ingested"):
            with make_run(args.profile, data_dir) as (url, started):
                page = browser.new_page()
                wait_until_up(page, url)
                ready = time.perf_counter() - started
                ask(page, next(iter(QUESTIONS)))
                answered = time.perf_counter() - started
                rows.append((f"`make run` → page up, backend loaded; {label}", f"{ready:.1f} s"))
                rows.append((f"`make run` → first answer shown in full; {label}", f"{answered:.1f} s"))
                if label.startswith("seeds"):
                    rows.extend(first_token_rows(page, args.repeats))
                    page.close()
                    rows.append(concurrency_row(browser, url))
                else:
                    page.close()
        browser.close()
    print_report(args.profile, rows)
    return 0


@contextmanager
def make_run(profile: str, data_dir: Path) -> Iterator[tuple[str, float]]:
    """`make run` on a free port; yields (url, start time) and stops the whole process group.

    `-o .venv/bin/.installed` tells make the install is done, as on a machine already set up."""
    port = _free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith("RAG_")}
    env["SERVE_OPTS"] = f"--port {port} --profile {profile} --data-dir {data_dir}"
    started = time.perf_counter()
    process = subprocess.Popen(["make", "-s", "-o", ".venv/bin/.installed", "run"], cwd=REPO, env=env, start_new_session=True,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        yield f"http://127.0.0.1:{port}", started
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=60)


def wait_until_up(page: Page, url: str) -> None:
    deadline = time.monotonic() + 600
    while time.monotonic() < deadline:
        try:
            page.goto(url, timeout=5000)
            expect(page.locator("#question textarea")).to_be_visible(timeout=30_000)
            return
        except Exception:  # connection refused until the server listens
            time.sleep(0.2)
    raise SystemExit(f"the page at {url} did not come up within 600 s")


def ask(page: Page, question: str) -> None:
    """Type `question`, press Enter, wait for the checked answer."""
    done = page.locator("[data-testid='bot'] .timings")
    before = done.count()
    page.locator("#question textarea").fill(question)
    page.locator("#question textarea").press("Enter")
    expect(done).to_have_count(before + 1, timeout=ANSWER_WAIT_MS)


def first_token_rows(page: Page, repeats: int) -> list[tuple[str, str]]:
    """Enter → first streamed text in the page, and the answer layer's own first_token, warm."""
    seen, server = [], []
    for question in list(QUESTIONS)[1:1 + repeats]:
        box = page.locator("#question textarea")
        box.fill(question)
        bots = page.locator("[data-testid='bot']").count()
        started = time.perf_counter()
        box.press("Enter")
        page.wait_for_function(FIRST_TEXT_JS, arg=bots, polling="raf", timeout=ANSWER_WAIT_MS)
        seen.append(time.perf_counter() - started)
        expect(page.locator("[data-testid='bot'] .timings")).to_have_count(bots + 1, timeout=ANSWER_WAIT_MS)
        footer = page.locator("[data-testid='bot'] .timings").last.inner_text()
        server.append(_ms(footer, "first token"))
    return [
        (f"Enter → first streamed token in the page, warm (median of {len(seen)})", f"{statistics.median(seen):.2f} s"),
        ("… of which the answer layer's own first_token (median)", f"{statistics.median(server) / 1000:.2f} s"),
    ]


def concurrency_row(browser, url: str) -> tuple[str, str]:
    """Eight tabs press Enter together; count tabs whose panel shows their own question and paper."""
    pages = [browser.new_page() for _ in QUESTIONS]
    for page in pages:
        page.goto(url)
        expect(page.locator("#question textarea")).to_be_visible(timeout=60_000)
    for page, question in zip(pages, QUESTIONS):
        page.locator("#question textarea").fill(question)
    started = time.perf_counter()
    for page in pages:
        page.locator("#question textarea").press("Enter")
    correct = 0
    for page, (question, paper_id) in zip(pages, QUESTIONS.items()):
        expect(page.locator("[data-testid='bot'] .timings")).to_have_count(1, timeout=ANSWER_WAIT_MS)
        header = page.locator("#sources h3").inner_text()
        cited = page.locator(f"#sources .source[data-paper-id='{paper_id}']").count()
        own = question in header and page.locator("[data-testid='user']").inner_text().strip() == question
        correct += bool(own and cited)
        if not (own and cited):
            answer = page.locator("[data-testid='bot']").last.inner_text()[:300].replace("\n", " ")
            print(f"tab failed ({'sources of another question' if not own else f'{paper_id} not cited'}): "
                  f"{question!r} -> {answer!r}", file=sys.stderr)
    elapsed = time.perf_counter() - started
    for page in pages:
        page.close()
    return (f"{len(pages)} tabs asking at once: own question and expected paper cited", f"{correct}/{len(pages)} in {elapsed:.1f} s")


def print_report(profile: str, rows: list[tuple[str, str]]) -> None:
    cpu = next((line.split(":", 1)[1].strip() for line in Path("/proc/cpuinfo").read_text().splitlines()
                if line.startswith("model name")), platform.processor())
    load = os.getloadavg()[0]
    print(f"profile `{profile}` · {os.cpu_count()} CPU cores ({cpu}), load average {load:.1f} at the end · "
          f"{platform.system()} · Python {platform.python_version()}\n")
    print("| measure | result |\n|---|---|")
    for name, value in rows:
        print(f"| {name} | {value} |")


def _ms(footer: str, label: str) -> float:
    for part in footer.split("·"):
        part = part.strip()
        if part.startswith(label):
            return float(part[len(label):].strip().removesuffix("ms"))
    return float("nan")


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


if __name__ == "__main__":
    sys.exit(main())
