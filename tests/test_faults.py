"""Fault suite: what a user sees when a part fails or the input is pathological.

Each test reproduces one failure with real parts (an empty store, a real `chroma run` server
killed mid-use, a scripted loopback server standing in for a broken LLM server, a generated
~1 MB abstract, junk sent to a running `rag serve`) and checks that it ends in one line naming the
component and the fix: no traceback, no silent success.
"""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import REPO_ROOT, SEEDS, cli_env, free_port, make_settings, wait_for_port
from rag import cli
from rag.errors import ComponentError
from rag.service import RagService


def _run(capsys, *argv: str) -> tuple[int, str, str]:
    """`rag ARGV` in this process (this checkout's code); returns (exit code, stdout, stderr)."""
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def _one_line(err: str) -> str:
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1, err
    assert "Traceback" not in err
    return lines[0]


# -- empty store ------------------------------------------------------------------------------
def test_search_and_ask_on_an_empty_store_say_how_to_fill_it(tmp_path, capsys, monkeypatch):
    monkeypatch.delenv("RAG_PROFILE", raising=False)
    for argv in (["search", "diffusion"], ["ask", "what is diffusion?", "--profile", "extractive"]):
        code, out, err = _run(capsys, *argv, "--data-dir", str(tmp_path / "empty"))
        line = _one_line(err)
        assert code == 1 and out == ""
        assert "holds no papers" in line and "rag ingest" in line, line


def test_the_api_answers_409_on_an_empty_store(tmp_path):
    from fastapi.testclient import TestClient

    from rag.api import build_api
    from rag.auth import api_guard

    service = RagService(make_settings(tmp_path / "empty", **{"llm.provider": "extractive"}))
    client = TestClient(build_api(service, api_guard("127.0.0.1", "PAPER_RAG_TEST_NO_TOKEN"), 1_000_000))
    for path, body in (("/v1/search", {"query": "diffusion"}), ("/v1/ask", {"question": "what is diffusion?"}),
                       ("/v1/chat/completions", {"model": "default", "messages": [{"role": "user", "content": "what is diffusion?"}]})):
        response = client.post(path, json=body)
        assert response.status_code == 409, (path, response.text)
        message = response.json()["error"]
        message = message["message"] if isinstance(message, dict) else message
        assert "holds no papers" in message and "rag ingest" in message


def test_the_page_says_the_store_is_empty(tmp_path):
    import gradio as gr

    from ui.app import _Handlers

    service = RagService(make_settings(tmp_path / "empty", **{"llm.provider": "extractive"}))
    with pytest.raises(gr.Error, match="holds no papers.*rag ingest"):
        _Handlers(service).ask("what is diffusion?")


# -- a Chroma server that dies ------------------------------------------------------------------
def test_a_chroma_server_killed_mid_use_is_one_line_naming_it(tmp_path, capsys, monkeypatch):
    """A real `chroma run` server: ingest and search over it, kill it, search again (in the same
    service, as a long-running page would, and from the CLI)."""
    port = free_port()
    chroma = str(Path(sys.executable).with_name("chroma"))
    server = subprocess.Popen([chroma, "run", "--path", str(tmp_path / "chroma"), "--host", "127.0.0.1", "--port", str(port)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_for_port(port, server)
        overrides = {"store.mode": "http", "store.port": port}
        service = RagService(make_settings(tmp_path / "data", **overrides))
        service.ingest([SEEDS / "003_cb611f67ebca296c.txt"], progress=False)
        service.search("protein structure")  # works while the server is up
        assert service.stats()["papers"] > 0
    finally:
        server.kill()
        server.wait(timeout=30)
    with pytest.raises(ComponentError) as caught:
        service.search("molecular dynamics")
    message = str(caught.value)
    assert f"127.0.0.1:{port}" in message and "chroma run" in message and "\n" not in message

    for name, value in overrides.items():
        monkeypatch.setenv(f"RAG_{name.upper().replace('.', '__')}", str(value))
    code, _, err = _run(capsys, "search", "molecular dynamics", "--data-dir", str(tmp_path / "data"))
    assert code == 1 and f"127.0.0.1:{port}" in _one_line(err)


# -- errors that are bugs --------------------------------------------------------------------
def test_an_internal_error_is_one_line_unless_debug(seeded_dir, capsys, monkeypatch):
    def broken(self):
        raise TypeError("planted bug")

    monkeypatch.setattr(RagService, "stats", broken)
    code, _, err = _run(capsys, "stats", "--data-dir", str(seeded_dir))
    assert code == 1
    assert _one_line(err) == "error: internal error (TypeError): planted bug; rerun with --debug for the traceback"
    with pytest.raises(TypeError, match="planted bug"):
        cli.main(["stats", "--data-dir", str(seeded_dir), "--debug"])


# -- a broken LLM reply ------------------------------------------------------------------------
def test_a_200_reply_that_is_not_json_is_a_model_failure(seeded_dir, capsys, monkeypatch, scripted_llm):
    """The scripted loopback server stands in for a broken OpenAI-compatible server: status 200,
    body not JSON. Before, this passed as success with a silent extractive fallback."""
    broken = scripted_llm(lambda body: (200, "application/json", b"this is {not json"))
    monkeypatch.setenv("RAG_LLM__PROVIDER", "openai-like")
    monkeypatch.setenv("RAG_LLM__API_BASE", broken.url)
    monkeypatch.setenv("RAG_LLM__MODEL", "broken")
    code, out, err = _run(capsys, "ask", "How do protein language models help molecular dynamics?",
                          "--data-dir", str(seeded_dir), "--json")
    payload = json.loads(out)
    assert code == 1 and broken.requests
    assert payload["error"] and "openai-like" in payload["error"] and broken.url in payload["error"]
    assert payload["sources"] and not payload["fallback"]
    assert err.strip() == f"error: {payload['error']}"


# -- an oversized record -------------------------------------------------------------------------
def _long_abstract(chars: int, seed: int = 0) -> str:
    rng = random.Random(seed)
    words = ["protein", "folding", "energy", "landscape", "sampling", "model", "diffusion", "kinetics",
             "structure", "ensemble", "simulation", "accuracy", "training", "data", "graph", "network"]
    sentences = []
    while sum(len(s) + 1 for s in sentences) < chars:
        sentences.append(" ".join(rng.choice(words) for _ in range(rng.randint(8, 20))).capitalize() + ".")
    return " ".join(sentences)


def test_a_1mb_abstract_is_answered_with_bounded_work(seeded_retriever):
    """prepare_sources on a generated ~1 MB abstract embeds at most answer.max_source_sentences of
    it (counted on the real embedder), quotes stay exact, and an extractive answer comes back."""
    from rag.compose import compose
    from rag.grounding import GroundingChecker
    from rag.retrieval import PaperHit
    from rag.sources import prepare_sources
    from rag.intent import classify
    from rag.text import split_sentences

    abstract = _long_abstract(1_000_000)
    assert len(split_sentences(abstract)) > 5000
    hit = PaperHit(paper_id="huge", title="Huge", source="test", text=abstract[:500],
                   chunk_metadata={"paper_id": "huge", "abstract": abstract})
    embedder = seeded_retriever.embedder
    limit = make_settings(REPO_ROOT).answer.max_source_sentences
    before = embedder.encoded
    sources = prepare_sources([hit], "protein folding kinetics", embedder, seeded_retriever.store, max_sentences=limit)
    assert embedder.encoded - before == 1 + limit
    source = sources[0]
    assert len(source.spans) == limit
    assert all(source.sentence(i) == abstract[s:e] for i, (s, e) in enumerate(source.spans))
    question = "protein folding kinetics"
    sentences = [st.text for st in compose(question, classify(question), sources)]
    checks = GroundingChecker(make_settings(REPO_ROOT).grounding, embedder).check(sentences, sources)
    assert any(c.supported for c in checks)
    for check in checks:
        for support in check.support:
            assert abstract[support.start:support.end] == support.quote


def test_ingest_warns_about_a_record_far_above_an_abstract_and_keeps_it(tmp_path, capsys):
    record = {"id": "long-1", "title": "A very long record", "abstract": _long_abstract(30_000)}
    corpus = tmp_path / "long.jsonl"
    corpus.write_text(json.dumps(record) + "\n")
    service = RagService(make_settings(tmp_path / "data", **{"llm.provider": "extractive"}))
    report = service.ingest([corpus], progress=False)
    warnings = [line for line in capsys.readouterr().err.splitlines() if line.startswith("warning:")]
    assert len(warnings) == 1 and str(corpus) in warnings[0] and "long-1" in warnings[0] and "30," in warnings[0]
    assert report.long_records == [{"paper_id": "long-1", "path": str(corpus), "chars": len(record["abstract"])}]
    assert [h.paper_id for h in service.search("protein folding kinetics")] == ["long-1"]

    before = service.embedder.encoded
    # a question its own words answer, asking for no figure (the abstract states none, and a figure
    # question about a paper it does not name is refused: rag.compose)
    asked = next(s for s in record["abstract"].split(".") if "accuracy" not in s)
    answer = service.ask(asked + "?")
    assert answer.citations and answer.error is None
    embedded = service.embedder.encoded - before
    limit = service.settings.answer.max_source_sentences
    # the question (twice: retrieval and sources), at most `limit` sentences, then the answer's checks
    assert embedded <= 2 + limit + 2 * service.settings.answer.extractive_sentences, embedded


# -- junk sent to the page's API ---------------------------------------------------------------
def test_junk_calls_to_the_page_log_one_line_each_without_tracebacks(seeded_dir, tmp_path):
    import shutil
    import urllib.error
    import urllib.request

    data = tmp_path / "data"
    shutil.copytree(seeded_dir, data)
    log = tmp_path / "serve.log"
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "rag.cli", "serve", "--profile", "extractive", "--port", str(port), "--data-dir", str(data)],
        stdout=log.open("w"), stderr=subprocess.STDOUT, env=cli_env(), cwd=REPO_ROOT,
    )
    try:
        wait_for_port(port, process, timeout=240)
        base = f"http://127.0.0.1:{port}/gradio_api"

        def post(path: str, payload: bytes) -> str:
            request = urllib.request.Request(base + path, data=payload, headers={"content-type": "application/json"})
            try:
                with urllib.request.urlopen(request, timeout=60) as response:
                    return response.read().decode()
            except urllib.error.HTTPError as exc:
                return exc.read().decode()

        junk = json.dumps({"data": [1, 2, 3, 4, 5, {"x": 1}]}).encode()
        event = json.loads(post("/call/ask", junk))["event_id"]
        with urllib.request.urlopen(f"{base}/call/ask/{event}", timeout=60) as response:
            assert "event: error" in response.read().decode()
        post("/call/send", junk)
        post("/run/ask", junk)
        post("/call/no_such_endpoint", junk)
        post("/call/ask", b"junk{{")
    finally:
        process.terminate()
        process.wait(timeout=30)
    text = log.read_text()
    assert "Traceback" not in text, text[-3000:]
    rejected = [line for line in text.splitlines() if "rejected" in line or "no_such_endpoint" in line]
    assert len(rejected) >= 3, text[-3000:]
    assert all(len(line) < 400 for line in rejected)
    assert re.search(r"page call ask rejected: internal error \(TypeError\)|page call ask rejected: .*", text)
