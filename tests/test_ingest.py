"""Ingestion into a real embedded Chroma: idempotence, updates, pruning, refusals that lose nothing."""

from __future__ import annotations

import shutil

import pytest

from conftest import SEEDS, make_settings
from rag.bm25_index import load_or_build
from rag.errors import RagError
from rag.ingest import bm25_dir
from rag.service import RagService
from rag.store import open_store


def _store(settings):
    return RagService(settings).store


def _copy_seeds(tmp_path):
    folder = tmp_path / "corpus"
    shutil.copytree(SEEDS, folder)
    return folder


def test_reingesting_the_same_files_adds_nothing(seeded_copy):
    settings = make_settings(seeded_copy)
    before = _store(settings).count()
    report = RagService(settings).ingest([SEEDS], progress=False)
    assert report.as_dict() == {"added": 0, "updated": 0, "unchanged": 38, "removed": 0, "papers": 38, "chunks": before}
    assert _store(settings).count() == before


def test_a_changed_abstract_replaces_its_chunks_and_bm25_follows(tmp_path):
    corpus = _copy_seeds(tmp_path)
    settings = make_settings(tmp_path / "data")
    RagService(settings).ingest([corpus], progress=False)
    seed = corpus / "000_711129f47277f084.txt"
    text = seed.read_text(encoding="utf-8")
    seed.write_text(text.replace("Our approach, PLaTITO,", "Our approach, ZEBRAFROG,"), encoding="utf-8")
    report = RagService(settings).ingest([corpus], progress=False)
    assert (report.added, report.updated, report.unchanged) == (0, 1, 37)
    store = _store(settings)
    texts = [c.text for c in store.iter_chunks(where={"paper_id": "000_711129f47277f084#1"})]
    assert any("ZEBRAFROG" in t for t in texts) and not any("PLaTITO," in t for t in texts)
    assert len({c.chunk_id for c in store.iter_chunks()}) == store.count()  # never duplicated
    index = load_or_build(store, bm25_dir(settings, store.name))
    assert index.scores("zebrafrog").max() > 0 and sorted(index.chunk_ids) == sorted(c.chunk_id for c in store.iter_chunks())


def test_prune_removes_papers_their_source_no_longer_has(tmp_path):
    corpus = _copy_seeds(tmp_path)
    settings = make_settings(tmp_path / "data")
    RagService(settings).ingest([corpus], progress=False)
    seed = corpus / "003_cb611f67ebca296c.txt"
    heading, _, body = seed.read_text(encoding="utf-8").partition("\n")
    paragraphs = [p for p in body.split("\n\n") if p.strip()]
    seed.write_text(heading + "\n\n" + "\n\n".join(paragraphs[:17]) + "\n", encoding="utf-8")
    kept = RagService(settings).ingest([corpus], progress=False)
    assert kept.removed == 0 and kept.papers == 38  # without --prune nothing is removed
    pruned = RagService(settings).ingest([corpus], prune=True, progress=False)
    assert pruned.removed == 2 and pruned.papers == 36
    assert set(_store(settings).paper_hashes()) >= {"003_cb611f67ebca296c#17"}
    assert "003_cb611f67ebca296c#18" not in _store(settings).paper_hashes()


def test_a_bad_file_touches_nothing_already_stored(seeded_copy, tmp_path):
    settings = make_settings(seeded_copy)
    before = _store(settings).paper_hashes()
    broken = tmp_path / "broken.json"
    broken.write_text('[{"title": "x", "abstract": "y"', encoding="utf-8")
    with pytest.raises(RagError, match="broken.json: malformed JSON"):
        RagService(settings).ingest([SEEDS, broken], prune=True, progress=False)
    assert _store(settings).paper_hashes() == before


def test_another_embedding_model_is_refused_with_the_way_to_reindex(seeded_copy):
    settings = make_settings(seeded_copy)
    with pytest.raises(RagError, match="holds vectors from 'all-MiniLM-L6-v2' .*rag ingest --reindex"):
        open_store(settings, "other-model", 768)
    assert _store(settings).count() > 0  # refusing did not touch the collection


def test_reindex_rebuilds_the_collection(seeded_copy):
    settings = make_settings(seeded_copy)
    report = RagService(settings).ingest([SEEDS], reindex=True, progress=False)
    assert (report.added, report.unchanged, report.papers) == (38, 0, 38)
