"""A running service notices what another process did to its store (rag.service RagService._current):
papers ingested from another terminal become searchable and answerable, a `--reindex` does not break
it, and nothing is reloaded while an ingest still holds the lock or when checks are off."""

import json
import subprocess
import sys

import pytest

from conftest import REPO_ROOT, SEEDS, cli_env, make_settings
from rag.lock import ingest_lock, ingest_running
from rag.service import RagService

COINED = "Zorblatt quantum gardening"


@pytest.fixture
def new_paper(tmp_path):
    path = tmp_path / "new.json"
    path.write_text(json.dumps([{
        "title": "Zorblatt: quantum gardening for sparse transformers",
        "authors": "A. Person",
        "abstract": "We introduce Zorblatt, a method that prunes transformer attention heads by simulating "
                    "quantum gardening. Zorblatt removes 40% of the heads with no loss on GLUE.",
    }]))
    return path


def ingest_elsewhere(data_dir, *args, env=None):
    """`rag ingest ARGS` in another process, as from another terminal."""
    done = subprocess.run([sys.executable, "-m", "rag.cli", "ingest", *map(str, args), "--data-dir", str(data_dir)],
                          env=cli_env(env), cwd=REPO_ROOT, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr


def titles(service, mode):
    return [hit.title for hit in service.search(COINED, mode=mode)]


def test_papers_ingested_by_another_process_become_searchable_and_answerable(seeded_copy, new_paper):
    service = RagService(make_settings(seeded_copy, **{"store.refresh_seconds": 1e-6, "llm.provider": "extractive"}))
    assert not any("Zorblatt" in t for t in titles(service, "bm25"))
    service.ask("How do spiking networks train without normalization?")  # the answerer exists, on the old index
    ingest_elsewhere(seeded_copy, new_paper)
    for mode in ("bm25", "dense", "hybrid"):  # dense too: the embedded vector index is read from disk again
        assert titles(service, mode)[0].startswith("Zorblatt"), mode
    answer = service.ask("What does Zorblatt prune?")
    assert any(source.title.startswith("Zorblatt") for source in answer.sources)


def test_with_checks_off_the_service_keeps_its_index_until_restarted(seeded_copy, new_paper):
    service = RagService(make_settings(seeded_copy, **{"store.refresh_seconds": 0}))
    assert not titles(service, "bm25")
    ingest_elsewhere(seeded_copy, new_paper)
    assert not titles(service, "bm25")
    assert titles(RagService(make_settings(seeded_copy)), "bm25")[0].startswith("Zorblatt")


def test_a_reindex_by_another_process_does_not_break_a_running_service(seeded_copy):
    service = RagService(make_settings(seeded_copy, **{"store.refresh_seconds": 1e-6}))
    before = [hit.paper_id for hit in service.search("spiking neural networks without batch normalization")]
    ingest_elsewhere(seeded_copy, "--reindex")  # drops the collection and creates it anew
    after = [hit.paper_id for hit in service.search("spiking neural networks without batch normalization")]
    assert after and after[0] == before[0]


def test_nothing_is_reloaded_while_an_ingest_holds_the_lock(seeded_copy, new_paper):
    settings = make_settings(seeded_copy, **{"store.refresh_seconds": 1e-6})
    service = RagService(settings)
    assert not titles(service, "bm25")
    ingest_elsewhere(seeded_copy, new_paper)
    with ingest_lock(settings, settings.store.collection):
        assert ingest_running(settings, settings.store.collection)
        assert not titles(service, "bm25")  # a half-written store is not read
    assert not ingest_running(settings, settings.store.collection)
    assert titles(service, "bm25")[0].startswith("Zorblatt")


def test_a_server_store_written_from_another_host_is_picked_up(chroma_server, tmp_path, new_paper):
    host, port = chroma_server
    where = {"store.mode": "http", "store.host": host, "store.port": port, "store.collection": "refresh-test"}
    service = RagService(make_settings(tmp_path / "here", **where, **{"store.refresh_seconds": 1e-6}))
    service.ingest([SEEDS], progress=False)
    assert not titles(service, "bm25")
    elsewhere = {f"RAG_STORE__{key.split('.')[1].upper()}": str(value) for key, value in where.items()}
    ingest_elsewhere(tmp_path / "there", new_paper, env=elsewhere)  # its own data dir: its own BM25 index
    for mode in ("bm25", "hybrid"):
        assert titles(service, mode)[0].startswith("Zorblatt"), mode
