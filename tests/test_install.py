"""A plain (non-editable) `pip install .` into a fresh venv: `rag ingest` and `rag ask` from another directory."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import sysconfig
from pathlib import Path

from conftest import REPO_ROOT


def test_a_plain_install_runs_from_any_directory(tmp_path):
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / "bin" / "python"
    site = Path(subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                               capture_output=True, text=True, check=True).stdout.strip())
    # The dependencies come from the test venv (installing torch & co. again would take minutes);
    # the project itself is built and installed as a wheel into the fresh venv.
    (site / "test-deps.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("RAG_", "PYTHON"))}
    installed = subprocess.run(
        [str(python), "-m", "pip", "install", "--quiet", "--no-deps", "--no-build-isolation", "--no-index", str(REPO_ROOT)],
        capture_output=True, text=True, env=env, cwd=tmp_path,
    )
    assert installed.returncode == 0, installed.stderr[-2000:]

    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    rag = str(venv / "bin" / "rag")

    def run(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run([rag, *args], capture_output=True, text=True, env=env, cwd=elsewhere, timeout=600)

    where = subprocess.run([str(python), "-c", "import rag; print(rag.__file__)"], capture_output=True, text=True, env=env, cwd=elsewhere)
    assert where.stdout.startswith(str(site))  # the installed copy, not the repository
    config = json.loads(run("config", "--json").stdout)
    assert config["config_dirs"][-1].startswith(str(site)) and "extractive" in config["profiles"]
    ingested = run("ingest", "--json")
    assert ingested.returncode == 0, ingested.stderr
    assert json.loads(ingested.stdout)["papers"] == 38  # the packaged seeds, into ./data
    assert (elsewhere / "data" / "chroma").is_dir()
    asked = run("ask", "By how much does StormInsight reduce MAE?", "--profile", "extractive", "--json")
    assert asked.returncode == 0, asked.stderr
    answer = json.loads(asked.stdout)
    assert "12.4%" in answer["answer"] and answer["citations"][0]["paper_id"] == "000_711129f47277f084#4"
    assert "serve" in run("--help").stdout
