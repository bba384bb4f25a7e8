"""Ingestion into a real embedded Chroma: idempotence, updates, pruning, refusals that lose nothing."""

from __future__ import annotations

import json
import shutil

import pytest

from conftest import SEEDS, make_settings, run_module_cli
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
    assert report.as_dict() == {"added": 0, "updated": 0, "unchanged": 38, "removed": 0, "papers": 38, "chunks": before, "long_records": [], "vectors_reused": 0}
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


def test_changing_only_an_abstract_updates_that_paper(tmp_path):
    """Titles are separate fields here, so only the abstract's text can tell the two versions apart."""
    corpus = tmp_path / "papers.json"
    records = [{"id": f"P{i}", "title": f"Paper {i}", "abstract": f"Study {i} of sparse attention in long documents."} for i in range(3)]
    corpus.write_text(json.dumps(records), encoding="utf-8")
    settings = make_settings(tmp_path / "data")
    RagService(settings).ingest([corpus], progress=False)
    records[1]["abstract"] = "Study 1 of dense retrieval for question answering."
    corpus.write_text(json.dumps(records), encoding="utf-8")
    report = RagService(settings).ingest([corpus], progress=False)
    assert (report.added, report.updated, report.unchanged, report.papers) == (0, 1, 2, 3)
    assert "dense retrieval" in _store(settings).get_paper("P1").metadata["abstract"]


def test_another_model_name_with_the_same_dimension_is_refused(seeded_copy):
    settings = make_settings(seeded_copy)
    with pytest.raises(RagError, match="holds vectors from 'all-MiniLM-L6-v2' \\(dim 384\\), not 'other-minilm' \\(dim 384\\)"):
        open_store(settings, "other-minilm", 384)


def test_the_same_model_name_with_another_dimension_is_refused(seeded_copy):
    settings = make_settings(seeded_copy)
    with pytest.raises(RagError, match="not 'all-MiniLM-L6-v2' \\(dim 768\\); re-index"):
        open_store(settings, "all-MiniLM-L6-v2", 768)
    assert _store(settings).count() > 0


def test_reindex_through_the_cli_embeds_every_paper_again(seeded_copy):
    before = {c.chunk_id for c in _store(make_settings(seeded_copy)).iter_chunks(documents=False)}
    result = run_module_cli("ingest", str(SEEDS), "--reindex", "--json", "--data-dir", str(seeded_copy))
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert (report["added"], report["updated"], report["unchanged"], report["papers"]) == (38, 0, 0, 38)
    assert "embedding" in result.stderr and "of 38 papers" in result.stderr  # really embedded again
    after = {c.chunk_id for c in _store(make_settings(seeded_copy)).iter_chunks(documents=False)}
    assert report["chunks"] == len(after) == len(before)

    def version_free(ids: set[str]) -> set[tuple[str, str]]:
        return {(cid.rsplit("::", 2)[0], cid.rsplit("::", 2)[2]) for cid in ids}

    def versions(ids: set[str]) -> set[int]:
        return {int(cid.rsplit("::", 2)[1][1:]) for cid in ids}

    # The same chunks, written under a version above every earlier one (so a killed reindex is detectable).
    assert version_free(after) == version_free(before) and min(versions(after)) > max(versions(before))


def test_a_store_chunked_at_another_size_is_noted_once_with_the_way_to_rechunk(tmp_path, capsys):
    service = RagService(make_settings(tmp_path, chunking={"max_tokens": 48, "overlap_sentences": 1}))
    service.ingest([SEEDS], progress=False)
    assert service.stats()["chunk_tokens"] == 48
    capsys.readouterr()
    resized = RagService(make_settings(tmp_path, chunking={"max_tokens": 64, "overlap_sentences": 1}))
    assert resized.stats()["chunk_tokens"] == 48 and resized.stats()["papers"] == 38  # opened twice, noted once
    note = capsys.readouterr().err.strip().splitlines()
    assert len(note) == 1 and "chunked at 48 word pieces" in note[0] and "rag ingest --reindex" in note[0]
    resized.ingest([SEEDS], reindex=True, progress=False)
    assert resized.stats()["chunk_tokens"] == 64


def test_a_word_only_removed_papers_used_is_no_longer_held(seeded_copy, tmp_path):
    """`holds_term` (the answer's unfamiliar-words rule asks it) reads which words the stored papers
    use; the BM25 vocabulary only grows, so a word whose every paper was pruned must not count."""
    from rag.text import tokenize

    extra = tmp_path / "extra"
    extra.mkdir()
    late = extra / "late.jsonl"
    late.write_text('{"id": "Z1", "title": "Zorblatt pruning", "abstract": "We prune attention heads with Zorblatt."}\n'
                    '{"id": "Z2", "title": "Plain pruning", "abstract": "We prune attention heads by magnitude."}\n',
                    encoding="utf-8")
    settings = make_settings(seeded_copy)
    RagService(settings).ingest([SEEDS, extra], progress=False)
    term = tokenize("Zorblatt")[0]
    assert RagService(settings).retriever.holds_term(term)
    late.write_text('{"id": "Z2", "title": "Plain pruning", "abstract": "We prune attention heads by magnitude."}\n',
                    encoding="utf-8")
    assert RagService(settings).ingest([SEEDS, extra], prune=True, progress=False).removed == 1
    retriever = RagService(settings).retriever
    assert term in retriever.bm25.counts.term_id  # still in the vocabulary
    assert not retriever.holds_term(term) and retriever.holds_term(tokenize("magnitude")[0])
