"""Fault suite for ingest: real `rag ingest` processes killed with SIGKILL at named stages, and two at once.

The kills use the fault-injection hook in rag/faults.py (PAPER_RAG_FAULT_*), on the embedded store and
on a real `chroma run` server, with 24 papers made from the seed abstracts. After each kill every paper must be stored exactly once, in its old or
its new version, for every reader (inventory, chunks, stats, BM25, dense and BM25 search, get_paper),
and the next ingest must converge to the new version with no leftovers.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path

import pytest

from conftest import REPO_ROOT, SEEDS, cli_env, make_settings, run_module_cli
from rag.corpus import read_corpus
from rag.service import RagService
from rag.versions import VERSION_KEY

N_PAPERS = 24
BATCH = "20"  # chunks per write/delete batch: the first holds a whole paper (~8 chunks each), and mid-write and mid-delete are reachable
REVISION = "A revised edition adds a zebrafrog ablation."


def _write_corpus(path: Path, revised: bool, ids: range = range(N_PAPERS)) -> Path:
    """N_PAPERS papers made from the seed abstracts; the revised corpus changes every abstract (titles stay)."""
    seeds = read_corpus([SEEDS])
    records = []
    for i in ids:
        text = f"{seeds[i % len(seeds)].text} Variant {i}."
        records.append({"id": f"F{i:02d}", "title": f"Fault paper {i}", "abstract": f"{text} {REVISION}" if revised else text})
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(records), encoding="utf-8")
    return path


def _hashes(path: Path) -> dict[str, str]:
    return {p.paper_id: p.content_hash for p in read_corpus([path])}


@pytest.fixture(scope="module")
def corpora(tmp_path_factory) -> tuple[Path, Path]:
    folder = tmp_path_factory.mktemp("fault-corpora")
    return _write_corpus(folder / "v1" / "papers.json", False), _write_corpus(folder / "v2" / "papers.json", True)


@pytest.fixture(scope="module")
def embedded_v1(tmp_path_factory, corpora) -> Path:
    """An embedded data dir holding version 1 of the papers (copy it before changing it)."""
    data = tmp_path_factory.mktemp("fault-v1") / "data"
    RagService(make_settings(data)).ingest([corpora[0]], progress=False)
    return data


def _store(settings):
    return RagService(settings).store


def _kill_at(stage: str, corpus: Path, data: Path, env: dict[str, str] | None = None) -> None:
    result = run_module_cli(
        "ingest", str(corpus), "--json", "--data-dir", str(data),
        env={"PAPER_RAG_FAULT_AFTER": stage, "PAPER_RAG_FAULT_BATCH": BATCH, **(env or {})},
    )
    assert result.returncode == -9, result.stderr[-2000:]
    assert f"fault injection: killing the process at {stage}" in result.stderr and not result.stdout


def _check_each_paper_once(settings, old: dict[str, str], new: dict[str, str]) -> int:
    """Assert every reader sees each paper exactly once, old or new; return how many are new."""
    store = _store(settings)
    inventory = store.inventory()
    assert set(inventory.papers) == set(old)
    current = {pid: version.content_hash for pid, version in inventory.papers.items()}
    assert all(current[pid] in (old[pid], new[pid]) for pid in old)
    chunks = list(store.iter_chunks())
    versions = defaultdict(set)
    for chunk in chunks:
        versions[chunk.metadata["paper_id"]].add((chunk.metadata[VERSION_KEY], chunk.metadata["content_hash"]))
    assert {pid: len(v) for pid, v in versions.items()} == {pid: 1 for pid in old}
    assert store.paper_hashes() == current
    assert all(store.get_paper(pid).metadata["content_hash"] == current[pid] for pid in old)
    stats = RagService(settings).stats()
    assert (stats["papers"], stats["chunks"]) == (N_PAPERS, len(chunks))
    retriever = RagService(settings).retriever
    assert sorted(retriever.bm25.chunk_ids) == sorted(c.chunk_id for c in chunks)
    for mode in ("dense", "bm25"):
        hits = retriever.search(f"zebrafrog ablation {chunks[0].text[:200]}", top_k=N_PAPERS, mode=mode, floor=False)
        assert hits and len({h.paper_id for h in hits}) == len(hits)
        assert all(h.chunk_metadata["content_hash"] == current[h.paper_id] for h in hits)
    return sum(current[pid] == new[pid] for pid in old)


def _converges(settings, corpus: Path, revised: int, new: dict[str, str]) -> None:
    report = RagService(settings).ingest([corpus], progress=False, wait=False)  # a lock left by the kill would raise here
    assert (report.updated, report.unchanged, report.papers) == (N_PAPERS - revised, revised, N_PAPERS)
    store = _store(settings)
    inventory = store.inventory()
    assert inventory.leftovers == [] and store.count() == report.chunks
    assert {pid: v.content_hash for pid, v in inventory.papers.items()} == new


EXPECTED_NEW = {"after-embed": (0, 0), "mid-write": (1, N_PAPERS - 1), "after-write": (N_PAPERS, N_PAPERS),
                "mid-delete": (N_PAPERS, N_PAPERS), "after-delete": (N_PAPERS, N_PAPERS)}


@pytest.mark.parametrize("stage", list(EXPECTED_NEW))
def test_a_killed_update_of_the_embedded_store_loses_nothing(stage, corpora, embedded_v1, tmp_path):
    data = tmp_path / "data"
    shutil.copytree(embedded_v1, data)
    old, new = _hashes(corpora[0]), _hashes(corpora[1])
    _kill_at(stage, corpora[1], data)
    settings = make_settings(data)
    revised = _check_each_paper_once(settings, old, new)
    low, high = EXPECTED_NEW[stage]
    assert low <= revised <= high
    _converges(settings, corpora[1], revised, new)


@pytest.mark.server
@pytest.mark.parametrize("stage", ["after-embed", "mid-write", "mid-delete"])
def test_a_killed_update_of_a_server_store_loses_nothing(stage, corpora, chroma_server, tmp_path):
    host, port = chroma_server
    collection = f"faults-{stage}"
    overrides = {"store.mode": "http", "store.host": host, "store.port": port, "store.collection": collection}
    settings = make_settings(tmp_path / "data", **overrides)
    RagService(settings).ingest([corpora[0]], progress=False)
    old, new = _hashes(corpora[0]), _hashes(corpora[1])
    env = {"RAG_STORE__MODE": "http", "RAG_STORE__HOST": host, "RAG_STORE__PORT": str(port), "RAG_STORE__COLLECTION": collection}
    _kill_at(stage, corpora[1], tmp_path / "data", env)
    revised = _check_each_paper_once(settings, old, new)
    low, high = EXPECTED_NEW[stage]
    assert low <= revised <= high
    _converges(settings, corpora[1], revised, new)


def _wait_for(path: Path, text: str, process: subprocess.Popen, timeout: float = 120) -> str:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        content = path.read_text() if path.exists() else ""
        if text in content:
            return content
        if process.poll() is not None:
            pytest.fail(f"process exited with {process.returncode} before printing {text!r}: {content[-2000:]}")
        time.sleep(0.2)
    pytest.fail(f"no {text!r} within {timeout:.0f} s")


def _start_ingest(corpus: Path, data: Path, log: Path, env: dict[str, str] | None = None) -> subprocess.Popen:
    with open(log, "w") as err:
        return subprocess.Popen(
            [sys.executable, "-m", "rag.cli", "ingest", str(corpus), "--json", "--data-dir", str(data)],
            stdout=subprocess.PIPE, stderr=err, text=True, env=cli_env(env), cwd=REPO_ROOT,
        )


def test_concurrent_ingests_take_turns_and_readers_never_wait(tmp_path):
    """A holds the lock; B with --no-wait fails at once naming A; C waits, then both reports match the store."""
    data = tmp_path / "data"
    settings = make_settings(data)
    first_half = _write_corpus(tmp_path / "a" / "papers.json", False, range(0, 12))
    RagService(settings).ingest([first_half], progress=False)
    second_half = _write_corpus(tmp_path / "b" / "papers.json", False, range(12, 24))
    first_revised = _write_corpus(tmp_path / "c" / "papers.json", True, range(0, 12))
    release = tmp_path / "release"

    holder = _start_ingest(second_half, data, tmp_path / "a.log", {"PAPER_RAG_FAULT_PAUSE": f"after-lock:{release}"})
    try:
        _wait_for(tmp_path / "a.log", "fault injection: pausing at after-lock", holder)
        waiter = _start_ingest(first_revised, data, tmp_path / "c.log")
        refused = run_module_cli("ingest", str(second_half), "--no-wait", "--json", "--data-dir", str(data))
        assert refused.returncode == 1 and not refused.stdout
        assert refused.stderr.strip() == (
            f"error: another ingest is running on {data} (pid {holder.pid}); wait for it to finish or drop --no-wait"
        )
        _wait_for(tmp_path / "c.log", f"waiting for another ingest on {data} (pid {holder.pid}) ...", waiter)
        hits = RagService(settings).retriever.search("Fault paper variant", mode="bm25", floor=False)  # readers take no lock
        assert hits and all(h.paper_id < "F12" for h in hits)
    finally:
        release.touch()
    first_out, _ = holder.communicate(timeout=300)
    second_out, _ = waiter.communicate(timeout=300)
    assert holder.returncode == 0 and waiter.returncode == 0, (tmp_path / "c.log").read_text()[-2000:]
    first, second = json.loads(first_out), json.loads(second_out)
    assert (first["added"], first["papers"]) == (12, 24)
    assert (second["updated"], second["unchanged"], second["papers"]) == (12, 0, 24)
    stats = RagService(settings).stats()
    assert stats["papers"] == 24 and stats["chunks"] == second["chunks"]
