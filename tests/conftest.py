"""Shared fixtures: real settings over temporary data directories, and the seeds ingested once."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from rag.service import RagService
from rag.settings import Settings, load_settings

REPO_ROOT = Path(__file__).resolve().parent.parent
if str(REPO_ROOT) not in sys.path:  # tests reuse bench/ helpers (e.g. bench.claims' scripted server)
    sys.path.insert(1, str(REPO_ROOT))
SEEDS = REPO_ROOT / "seeds"
SHARED_DATA = REPO_ROOT.parent / "shared" / "data"
RAG_BIN = str(Path(sys.executable).with_name("rag"))


def shared_data(relative: str) -> Path:
    """A path under ../shared/data; skips the calling test, with the reason, when it is not there."""
    path = SHARED_DATA / relative
    if not path.exists():
        pytest.skip(f"shared data not available: {path} (the real datasets live in ../shared/data)")
    return path


def run_module_cli(*args: str, env: dict[str, str] | None = None, timeout: float = 300) -> subprocess.CompletedProcess:
    """Run this checkout's CLI (`python -m rag.cli`, not the installed `rag`); returns the finished process."""
    return subprocess.run(
        [sys.executable, "-m", "rag.cli", *args], capture_output=True, text=True,
        env=cli_env(env), timeout=timeout, cwd=REPO_ROOT,
    )


def cli_env(extra: dict[str, str] | None = None) -> dict[str, str]:
    """The environment for a CLI subprocess: no RAG_* or fault variables of the caller, this checkout first on the path."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("RAG_", "PAPER_RAG_FAULT"))}
    env["PYTHONPATH"] = os.pathsep.join([str(REPO_ROOT), env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    env.update(extra or {})
    return env


def make_settings(data_dir: Path, **overrides) -> Settings:
    """Settings of the default profile over `data_dir`, ignoring the caller's RAG_* variables."""
    return load_settings(overrides={"data_dir": str(data_dir), **overrides}, environ={})


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_for_port(port: int, process: subprocess.Popen, timeout: float = 60.0) -> None:
    """Block until something accepts connections on 127.0.0.1:`port`, or fail the test."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            pytest.fail(f"server exited early with code {process.returncode}")
        with socket.socket() as sock:
            if sock.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.2)
    pytest.fail(f"nothing listened on port {port} within {timeout:.0f} s")


def run_cli(*args: str, env: dict[str, str] | None = None, timeout: float = 300) -> subprocess.CompletedProcess:
    """Run the installed `rag` command; returns the finished process with text output."""
    full_env = {k: v for k, v in os.environ.items() if not k.startswith("RAG_")}
    full_env.update(env or {})
    return subprocess.run([RAG_BIN, *args], capture_output=True, text=True, env=full_env, timeout=timeout, cwd=REPO_ROOT)


@pytest.fixture(scope="session")
def seeded_dir(tmp_path_factory) -> Path:
    """A data directory holding the 38 seed abstracts, ingested once for the whole session."""
    data_dir = tmp_path_factory.mktemp("seeded")
    RagService(make_settings(data_dir)).ingest([SEEDS], progress=False)
    return data_dir


@pytest.fixture(scope="session")
def seeded_settings(seeded_dir) -> Settings:
    """Default settings over the session's seeded data directory (treat as read-only)."""
    return make_settings(seeded_dir)


@pytest.fixture
def seeded_copy(seeded_dir, tmp_path) -> Path:
    """A private copy of the seeded data directory, for tests that change the store."""
    target = tmp_path / "data"
    shutil.copytree(seeded_dir, target)
    return target


@pytest.fixture(scope="session")
def chroma_server(tmp_path_factory):
    """A real Chroma server (`chroma run`) on a free loopback port; yields (host, port)."""
    port = free_port()
    path = tmp_path_factory.mktemp("chroma-server")
    chroma = str(Path(sys.executable).with_name("chroma"))
    process = subprocess.Popen(
        [chroma, "run", "--path", str(path), "--host", "127.0.0.1", "--port", str(port)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    try:
        wait_for_port(port, process)
        yield "127.0.0.1", port
    finally:
        process.terminate()
        process.wait(timeout=30)


def answerer_for(settings: Settings, retriever):
    """An answerer with `settings`' backend over an existing retriever (no second store or model load)."""
    from rag.answer import Answerer
    from rag.backends import build_backend

    return Answerer(settings, retriever, build_backend(settings))


@pytest.fixture(scope="session")
def seeded_retriever(seeded_settings):
    """One retriever over the seeded store, shared by the answer tests (read-only)."""
    return RagService(seeded_settings).retriever


@pytest.fixture(scope="session")
def extractive_answerer(seeded_settings, seeded_retriever):
    """An extractive-backend answerer over the shared seeded retriever (deterministic, no model)."""
    settings = seeded_settings.model_copy(update={"llm": seeded_settings.llm.model_copy(update={"provider": "extractive"})})
    return answerer_for(settings, seeded_retriever)


@pytest.fixture(scope="session")
def extractive(extractive_answerer):
    """The extractive answerer, under the short name the answer-composition tests use."""
    return extractive_answerer


@pytest.fixture(scope="session")
def llama_server():
    """A real `python -m llama_cpp.server` serving the bundled SmolLM2 GGUF on a free loopback port.

    Yields the OpenAI-compatible base URL, e.g. http://127.0.0.1:PORT/v1.
    """
    from rag.backends import bundled_gguf_path

    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "llama_cpp.server", "--model", str(bundled_gguf_path()),
         "--model_alias", "smollm2", "--host", "127.0.0.1", "--port", str(port), "--n_ctx", "2048"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    try:
        wait_for_port(port, process)
        yield f"http://127.0.0.1:{port}/v1"
    finally:
        process.terminate()
        process.wait(timeout=30)


class ScriptedLLM:
    """A scripted OpenAI-compatible endpoint on 127.0.0.1 (stdlib http.server).

    It stands in for what cannot run here: a broken server (200 with a body that is not JSON), a
    hosted model that answers with chosen text, or one that is slow or refuses the key. `reply`
    gets the request's JSON body (None when unreadable) and returns (status, content type, body);
    `requests` records each request's Authorization header and body.
    """

    def __init__(self, reply) -> None:
        import http.server
        import threading

        scripted = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 (http.server's naming)
                import json

                raw = self.rfile.read(int(self.headers.get("content-length") or 0))
                try:
                    body = json.loads(raw)
                except ValueError:
                    body = None
                scripted.requests.append({"authorization": self.headers.get("authorization", ""), "body": body})
                status, content_type, data = reply(body)
                try:
                    self.send_response(status)
                    self.send_header("content-type", content_type)
                    self.send_header("content-length", str(len(data)))
                    self.end_headers()
                    self.wfile.write(data)
                except OSError:  # the client gave up (a timeout test)
                    pass

            def log_message(self, *args) -> None:
                pass

        self.requests: list[dict] = []
        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.server.server_port}/v1"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self) -> None:
        """Stop serving and free the port."""
        self.server.shutdown()
        self.server.server_close()


def sse_completion(text: str) -> tuple[int, str, bytes]:
    """A 200 streamed chat completion (OpenAI's server-sent-event chunks) whose whole reply is `text`."""
    import json

    def event(delta: dict, finish: str | None) -> str:
        payload = {"id": "scripted", "object": "chat.completion.chunk", "created": 0, "model": "scripted",
                   "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}
        return f"data: {json.dumps(payload)}\n\n"

    body = event({"role": "assistant", "content": text}, None) + event({}, "stop") + "data: [DONE]\n\n"
    return 200, "text/event-stream", body.encode()


@pytest.fixture
def scripted_llm():
    """Start ScriptedLLM servers: call with a reply function; all are closed after the test."""
    started: list[ScriptedLLM] = []

    def start(reply) -> ScriptedLLM:
        server = ScriptedLLM(reply)
        started.append(server)
        return server

    yield start
    for server in started:
        server.close()
