"""The HTTP API of a real `rag serve` on a free loopback port, through the official `openai` client,
`gradio_client`, and plain HTTP: answers, streaming, follow-ups, refusals, errors, auth."""

from __future__ import annotations

import base64
import json
import os
import shutil
import subprocess
import threading
from pathlib import Path

import httpx
import openai
import pytest

from conftest import RAG_BIN, REPO_ROOT, free_port, wait_for_port

SPIKEINIT = "000_711129f47277f084#5"
STORM = "000_711129f47277f084#4"
DEPTH_QUESTION = "How deep was the SNN trained with SpikeInit without normalization?"


def _serve(data_dir: Path, log: Path, *args: str, env: dict[str, str] | None = None) -> tuple[subprocess.Popen, int]:
    port = free_port()
    full_env = {k: v for k, v in os.environ.items() if not k.startswith(("RAG_", "PAPER_RAG_"))}
    full_env.update(env or {})
    process = subprocess.Popen(
        [RAG_BIN, "serve", "--port", str(port), "--data-dir", str(data_dir), *args],
        stdout=log.open("w"), stderr=subprocess.STDOUT, env=full_env, cwd=REPO_ROOT,
    )
    wait_for_port(port, process, timeout=240)
    return process, port


def _stop(process: subprocess.Popen) -> None:
    process.terminate()
    process.wait(timeout=30)


@pytest.fixture(scope="module")
def server(seeded_dir, tmp_path_factory):
    """`rag serve --profile extractive` over a copy of the seeded store; a broken profile sits in
    $RAG_CONFIG_DIR (an openai-like server on a closed port). Yields (base URL, log file)."""
    root = tmp_path_factory.mktemp("api")
    shutil.copytree(seeded_dir, root / "data")
    profiles = root / "profiles"
    profiles.mkdir()
    (profiles / "broken.yaml").write_text(
        f"llm:\n  provider: openai-like\n  model: gone\n  api_base: http://127.0.0.1:{free_port()}/v1\n  timeout_s: 5\n"
    )
    log = root / "serve.log"
    process, port = _serve(root / "data", log, "--profile", "extractive", env={"RAG_CONFIG_DIR": str(profiles)})
    try:
        yield f"http://127.0.0.1:{port}", log
    finally:
        _stop(process)


@pytest.fixture(scope="module")
def client(server):
    return openai.OpenAI(base_url=f"{server[0]}/v1", api_key="unused-on-loopback", max_retries=0, timeout=120)


def test_models_are_the_profiles(client):
    names = [m.id for m in client.models.list()]
    assert names[0] == "default" and {"extractive", "broken", "openai"} <= set(names)


@pytest.mark.parametrize("model", ["extractive", "default"])
def test_an_answer_keeps_its_markers_and_carries_citations(client, model):
    reply = client.chat.completions.create(model=model, messages=[{"role": "user", "content": DEPTH_QUESTION}])
    text = reply.choices[0].message.content
    citations = reply.model_extra["citations"]
    assert "[1]" in text and citations and citations[0]["n"] == 1
    assert citations[0]["paper_id"] == SPIKEINIT and citations[0]["supported"] is True
    assert set(citations[0]) == {"n", "paper_id", "title", "source", "quote", "start", "end", "supported"}
    assert reply.model == model and reply.model_extra["paper_rag"]["backend"].startswith("extractive" if model == "extractive" else "llama-cpp")
    if model == "extractive":
        assert "1000-layer" in text


@pytest.mark.parametrize("model", ["extractive", "default"])
def test_a_streamed_answer_is_the_checked_answer(client, model):
    messages = [{"role": "user", "content": DEPTH_QUESTION}]
    chunks = list(client.chat.completions.create(model=model, messages=messages, stream=True))
    streamed = "".join(c.choices[0].delta.content or "" for c in chunks)
    assert len(chunks) > 2 and chunks[-1].choices[0].finish_reason == "stop"
    last = chunks[-1].model_extra
    assert streamed == last["paper_rag"]["answer"] and last["citations"][0]["paper_id"] == SPIKEINIT
    assert all(c.model_extra.get("citations") is None for c in chunks[:-1])


def test_a_follow_up_uses_the_conversation(client):
    first = client.chat.completions.create(model="extractive", messages=[{"role": "user", "content": "By how much does StormInsight reduce MAE?"}])
    messages = [
        {"role": "user", "content": "By how much does StormInsight reduce MAE?"},
        {"role": "assistant", "content": first.choices[0].message.content},
        {"role": "user", "content": "Which dataset did it use?"},
    ]
    reply = client.chat.completions.create(model="extractive", messages=messages)
    assert "StormInsight" in reply.model_extra["paper_rag"]["standalone_question"]
    assert [c["paper_id"] for c in reply.model_extra["citations"]][0] == STORM


@pytest.mark.parametrize("model", ["extractive", "default"])
def test_an_off_topic_question_is_a_normal_refusal(client, model):
    reply = client.chat.completions.create(model=model, messages=[{"role": "user", "content": "What is a good recipe for sourdough bread?"}])
    assert reply.choices[0].finish_reason == "stop"
    assert reply.choices[0].message.content.startswith("No paper in the collection answers this question.")
    assert reply.model_extra["citations"] == [] and reply.model_extra["paper_rag"]["refused"] is True


def test_a_bad_model_name_is_a_clean_openai_error(client):
    with pytest.raises(openai.NotFoundError) as err:
        client.chat.completions.create(model="gpt-9", messages=[{"role": "user", "content": DEPTH_QUESTION}])
    body = err.value.body
    assert body["code"] == "model_not_found" and body["param"] == "model"
    assert body["message"].startswith("unknown model 'gpt-9'; choose one of default, ") and "\n" not in body["message"]


def test_a_model_failure_returns_the_sources_and_one_line(client, server):
    with pytest.raises(openai.APIStatusError) as err:
        client.chat.completions.create(model="broken", messages=[{"role": "user", "content": DEPTH_QUESTION}])
    assert err.value.status_code == 502
    payload = err.value.response.json()
    assert payload["error"]["code"] == "model_error" and "openai-like:gone at http://127.0.0.1:" in payload["error"]["message"]
    assert payload["sources"][0]["paper_id"] == SPIKEINIT
    ask = httpx.post(f"{server[0]}/v1/ask", json={"question": DEPTH_QUESTION, "profile": "broken"}, timeout=60)
    assert ask.status_code == 502 and ask.json()["error"].startswith("openai-like:gone") and ask.json()["sources"]
    assert "Traceback" not in server[1].read_text()


def test_own_routes_match_the_cli_contracts(server, seeded_dir):
    from conftest import run_cli

    url = server[0]
    searched = httpx.post(f"{url}/v1/search", json={"query": "nowcasting storms from radar", "k": 2}, timeout=60).json()
    cli = json.loads(run_cli("search", "nowcasting storms from radar", "-k", "2", "--json", "--data-dir", str(seeded_dir)).stdout)
    assert searched == cli
    asked = httpx.post(f"{url}/v1/ask", json={"question": "By how much does StormInsight reduce MAE?"}, timeout=60)
    assert asked.status_code == 200
    assert set(asked.json()) >= {"question", "answer", "refused", "citations", "backend", "timings_ms", "error", "sources"}
    assert asked.json()["citations"][0]["paper_id"] == STORM and "12.4%" in asked.json()["answer"]
    stats = httpx.get(f"{url}/v1/stats", timeout=60).json()
    assert stats["papers"] == 38 and stats["profile"] == "extractive"
    assert httpx.get(f"{url}/healthz", timeout=60).json()["status"] == "ok"


@pytest.mark.parametrize("path,body,status,needle", [
    ("/v1/search", b'{"query": "spiking', 400, "the request body is not valid JSON"),
    ("/v1/search", b'{"query": "spiking", "kk": 2}', 400, "bad field 'kk'"),
    ("/v1/search", b'{"query": "spiking", "k": 0}', 400, "bad field 'k'"),
    ("/v1/search", b'{"query": "spiking", "filters": {"colour": "red"}}', 400, "unknown filter field 'colour'"),
    ("/v1/ask", b'{"question": ""}', 400, "empty question"),
    ("/v1/ask", json.dumps({"question": "x" * 5000}).encode(), 400, "the limit is 4000"),
    ("/v1/ask", b'{"question": "' + b"x" * 70_000 + b'"}', 413, "the limit is 65536"),
    ("/v1/chat/completions", b'{"model": "extractive", "messages": []}', 400, "bad field 'messages'"),
    ("/v1/chat/completions", b'{"model": "extractive", "messages": [{"role": "assistant", "content": "hi"}]}', 400, "the last message must come from the user"),
])
def test_bad_requests_get_one_line_and_the_right_status(server, path, body, status, needle):
    response = httpx.post(f"{server[0]}{path}", content=body, headers={"content-type": "application/json"}, timeout=60)
    assert response.status_code == status
    payload = response.json()["error"]
    message = payload["message"] if isinstance(payload, dict) else payload
    assert needle in message and "\n" not in message
    assert "Traceback" not in server[1].read_text()


def test_the_pages_named_endpoint_answers_with_citations(server):
    from gradio_client import Client

    result = Client(server[0] + "/", verbose=False).predict("By how much does StormInsight reduce MAE?", "extractive", 0, api_name="/ask")
    assert result["citations"][0]["paper_id"] == STORM and "12.4%" in result["answer"]


def test_search_is_not_blocked_by_the_in_process_model(server):
    # The llama-cpp model answers one question at a time; searches take no part in that lock.
    finished = []
    asking = threading.Thread(target=lambda: finished.append(("ask", httpx.post(
        f"{server[0]}/v1/ask", json={"question": DEPTH_QUESTION, "profile": "default"}, timeout=120).status_code)))
    asking.start()
    searches = [httpx.post(f"{server[0]}/v1/search", json={"query": "spiking"}, timeout=60).status_code for _ in range(3)]
    finished.append(("search", searches))
    asking.join()
    assert finished[0] == ("search", [200, 200, 200]) and finished[1] == ("ask", 200)


def test_every_api_route_needs_credentials_off_loopback(seeded_copy, tmp_path):
    env = {"PAPER_RAG_USER": "ann", "PAPER_RAG_PASSWORD": "s3cret", "PAPER_RAG_API_TOKEN": "tok-123"}
    process, port = _serve(seeded_copy, tmp_path / "serve.log", "--host", "0.0.0.0", "--profile", "extractive", env=env)
    url = f"http://127.0.0.1:{port}"
    basic = "Basic " + base64.b64encode(b"ann:s3cret").decode()
    routes = [("GET", "/healthz", None), ("GET", "/v1/models", None), ("GET", "/v1/stats", None),
              ("POST", "/v1/search", {"query": "spiking"}), ("POST", "/v1/ask", {"question": DEPTH_QUESTION}),
              ("POST", "/v1/chat/completions", {"model": "extractive", "messages": [{"role": "user", "content": DEPTH_QUESTION}]})]
    try:
        for method, path, body in routes:
            for headers in ({}, {"authorization": "Basic " + base64.b64encode(b"ann:wrong").decode()}, {"authorization": "Bearer nope"}):
                refused = httpx.request(method, url + path, json=body, headers=headers, timeout=60)
                assert refused.status_code == 401, (path, headers)
            for good in (basic, "Bearer tok-123"):
                assert httpx.request(method, url + path, json=body, headers={"authorization": good}, timeout=60).status_code == 200, path
        assert openai.OpenAI(base_url=f"{url}/v1", api_key="tok-123").models.list().data[0].id == "default"
    finally:
        _stop(process)


def test_off_loopback_the_page_needs_a_login_and_its_api_routes_refuse_without_it(seeded_dir, tmp_path):
    """`rag serve --host 0.0.0.0` with PAPER_RAG_USER/PASSWORD (this checkout's code): / shows a login
    form, Gradio's API routes and /v1 refuse a request without the login, /v1 takes it with Basic auth."""
    import sys

    from conftest import cli_env

    shutil.copytree(seeded_dir, tmp_path / "data")
    port = free_port()
    log = tmp_path / "serve.log"
    process = subprocess.Popen(
        [sys.executable, "-m", "rag.cli", "serve", "--host", "0.0.0.0", "--port", str(port), "--profile", "extractive",
         "--data-dir", str(tmp_path / "data")],
        stdout=log.open("w"), stderr=subprocess.STDOUT, cwd=REPO_ROOT,
        env=cli_env({"PAPER_RAG_USER": "ada", "PAPER_RAG_PASSWORD": "s3cret-pass"}),
    )
    try:
        wait_for_port(port, process, timeout=240)
        base = f"http://127.0.0.1:{port}"
        page = httpx.get(base + "/", timeout=30, follow_redirects=True)
        # The page is served as the login form: its embedded config says so and holds no component.
        assert page.status_code == 200 and '"auth_required":true' in page.text.replace(" ", "").lower()
        assert "Paper Q&A" not in page.text  # the chat itself is not served before the login
        refused = [
            httpx.get(base + "/config", timeout=30),
            httpx.get(base + "/gradio_api/info", timeout=30),
            httpx.post(base + "/gradio_api/call/ask", json={"data": ["What does PLaTITO improve?", "", 0]}, timeout=30),
            httpx.post(base + "/v1/search", json={"query": "PLaTITO"}, timeout=30),
        ]
        assert all(r.status_code in (401, 403) for r in refused), [(r.request.url.path, r.status_code) for r in refused]
        allowed = httpx.post(base + "/v1/search", json={"query": "PLaTITO"}, auth=("ada", "s3cret-pass"), timeout=60)
        assert allowed.status_code == 200 and allowed.json()["results"]
    finally:
        process.terminate()
        process.wait(timeout=30)
