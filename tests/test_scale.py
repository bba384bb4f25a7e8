"""Mechanisms that let ingest scale, on small real data: precision choice, streamed readers with bounded
memory, Chroma writes within the client's batch limit, batched chunking identical to per-sentence
chunking, and the incremental BM25 update equal to a full rebuild. (Speeds are in bench/scale.py.)"""

from __future__ import annotations

import csv
import json
import tracemalloc
from pathlib import Path

import numpy as np
import pytest

from conftest import SEEDS, make_settings, shared_data
from rag import bm25_index, corpus
from rag.bm25_index import load_or_build
from rag.chunking import chunk_text
from rag.corpus import iter_file, read_corpus, read_file
from rag.embeddings import build_embedding, cpu_flags_of, resolve_precision
from rag.errors import RagError
from rag.ingest import bm25_dir, embedding_text, plan_chunks
from rag.service import RagService
from rag.store import max_batch_size
from rag.versions import summary_of_current


# -- precision ------------------------------------------------------------------------------------
@pytest.mark.parametrize("asked,device,flags,cuda_bf16,expected", [
    ("auto", "cpu", {"avx2", "amx_bf16"}, None, "bf16"),
    ("auto", "cpu", {"avx512f", "avx512_bf16"}, None, "bf16"),
    ("auto", "cpu", {"avx2", "avx512f"}, None, "fp32"),  # no native bf16: autocast would be slower
    ("auto", "cuda", set(), True, "bf16"),
    ("auto", "cuda", set(), False, "fp16"),
    ("auto", "mps", {"amx_bf16"}, None, "fp32"),
    ("fp32", "cpu", {"amx_bf16"}, None, "fp32"),
    ("bf16", "cpu", set(), None, "bf16"),  # asked for explicitly: taken even where it is slow
])
def test_precision_choice(asked, device, flags, cuda_bf16, expected):
    assert resolve_precision(asked, device, cpu_flags=flags, cuda_bf16=cuda_bf16) == expected


def test_cpu_flags_are_read_from_cpuinfo(tmp_path):
    info = tmp_path / "cpuinfo"
    info.write_text("processor\t: 0\nflags\t\t: fpu sse avx512_bf16 amx_tile\nbogomips\t: 4000\n")
    assert {"avx512_bf16", "amx_tile", "fpu"} <= cpu_flags_of(info)
    assert cpu_flags_of(tmp_path / "missing") == set()


def test_bf16_vectors_are_float32_and_close_to_fp32(tmp_path):
    settings = make_settings(tmp_path)
    fp32 = build_embedding(settings.embedding.model_copy(update={"precision": "fp32"}))
    bf16 = build_embedding(settings.embedding.model_copy(update={"precision": "bf16"}))
    assert (fp32.precision, bf16.precision) == ("fp32", "bf16")
    texts = [paper.text for paper in read_corpus([SEEDS])[:12]]
    a, b = fp32.encode_array(texts), bf16.encode_array(texts)
    assert a.dtype == b.dtype == np.float32 and a.shape == b.shape
    cosines = (a * b).sum(axis=1) / np.linalg.norm(a, axis=1) / np.linalg.norm(b, axis=1)
    assert cosines.min() > 0.999 and not np.array_equal(a, b)  # really computed in another precision
    assert isinstance(bf16.encode(texts[:1])[0][0], float)


# -- streamed readers -----------------------------------------------------------------------------
def _records(n: int) -> list[dict]:
    filler = "Words about graphs, proteins and \"quoted ] brackets [\" in text. " * 30
    return [{"id": f"R{i}", "title": f"Paper {i}", "abstract": f"Abstract {i}. {filler}"} for i in range(n)]


def _write(path: Path, records: list[dict]) -> Path:
    if path.suffix == ".jsonl":
        path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    elif path.suffix == ".json":
        path.write_text(json.dumps(records, indent=1), encoding="utf-8")
    else:
        with path.open("w", newline="", encoding="utf-8") as handle:
            writer = csv.DictWriter(handle, fieldnames=list(records[0]))
            writer.writeheader()
            writer.writerows(records)
    return path


@pytest.mark.parametrize("suffix", [".jsonl", ".json", ".csv"])
def test_record_files_stream_with_bounded_memory(tmp_path, suffix):
    records = _records(6000)
    path = _write(tmp_path / f"big{suffix}", records)
    size = path.stat().st_size
    assert size > 12_000_000
    tracemalloc.start()
    try:
        count = 0
        for paper in iter_file(path):
            count += 1
            assert paper.paper_id == f"R{count - 1}"
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert count == len(records)
    assert peak < size / 4, f"peak {peak:,} bytes while streaming a {size:,}-byte file"


def test_streamed_json_array_equals_whole_file_parsing(tmp_path, monkeypatch):
    monkeypatch.setattr(corpus, "READ_CHUNK", 97)  # elements and escapes cut across every read
    records = _records(40) + [{"id": "X", "title": "Odd \\\"esc\\\" ] [ {}", "abstract": "Ünïcode ✓ and \\u escapes \u2028 ok.", "n": 1.5e3}]
    path = _write(tmp_path / "odd.json", records)
    papers = read_file(path)
    assert [(p.paper_id, p.title, p.text) for p in papers] == [
        (r["id"], " ".join(r["title"].split()), " ".join(r["abstract"].split())) for r in records
    ]
    assert papers[-1].metadata["n"] == 1.5e3


@pytest.mark.parametrize("content,message", [
    ('[{"abstract": "a"},\n {"abstract": "b"}\n {"abstract": "c"}]', "malformed JSON at line 3"),
    ('[{"abstract": "a"},\n {"abstract": "b"', "malformed JSON at line 2"),
    ('[{"abstract": "a"}, 5]', "every record must be an object"),
])
def test_a_broken_streamed_array_is_one_line_error(tmp_path, monkeypatch, content, message):
    monkeypatch.setattr(corpus, "READ_CHUNK", 8)
    path = tmp_path / "broken.json"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(RagError) as info:
        read_file(path)
    assert message in str(info.value) and "broken.json" in str(info.value) and "\n" not in str(info.value)


# -- batched chunking is the per-sentence chunking --------------------------------------------------
def test_batched_chunking_equals_per_sentence_chunking_on_seeds_and_icml(tmp_path):
    settings = make_settings(tmp_path)
    embedder = build_embedding(settings.embedding)
    icml = read_file(shared_data("icml2024_abstracts") / "ICML 2024 Events.json")
    papers = read_corpus([SEEDS]) + icml[::10]
    long = papers[0].text + " " + ("word " * 400).strip() + ". " + papers[1].text  # a sentence over the window
    papers.append(corpus.Paper("long", "A long one", long, "x.json"))
    planned = plan_chunks(papers, embedder, settings)
    expected = []
    for paper in papers:  # the algorithm before batching: one tokenizer call per sentence
        window = max(16, embedder.window - embedder.count_tokens(paper.title) - 1)
        budget = min(window, max(16, settings.chunking.max_tokens - embedder.count_tokens(paper.title) - 1))
        expected += [(paper.paper_id, c) for c in chunk_text(paper.text, embedder.count_tokens, budget,
                                                             settings.chunking.overlap_sentences, window=window)]
    assert [(p.paper_id, c) for p, c in planned] == expected
    assert len(expected) > len(papers)  # some papers really are cut in several chunks


def test_batched_token_counts_are_whole_after_the_encoder_truncated_its_inputs(tmp_path):
    embedder = build_embedding(make_settings(tmp_path).embedding)
    long = ("word " * 400).strip()  # over the model's 256-piece window
    embedder.encode_array([long])  # the encoder's own tokenizer call truncates at the window
    texts = [long, "Spiking networks without normalization.", "", long + " and more"]
    assert embedder.count_tokens_many(texts) == [embedder.count_tokens(t) for t in texts]
    assert embedder.count_tokens_many(texts)[0] > embedder.window


# -- Chroma writes within the client's limit ------------------------------------------------------
def test_writes_and_deletes_stay_within_the_clients_max_batch_size(tmp_path, monkeypatch):
    import chromadb.api.client
    from chromadb.api.models.Collection import Collection

    monkeypatch.setattr(chromadb.api.client.Client, "get_max_batch_size", lambda self: 7)
    sizes: dict[str, list[int]] = {"add": [], "delete": []}
    real_add, real_delete = Collection.add, Collection.delete

    def add(self, *args, **kwargs):
        sizes["add"].append(len(kwargs["ids"]))
        return real_add(self, *args, **kwargs)

    def delete(self, *args, **kwargs):
        sizes["delete"].append(len(kwargs["ids"]))
        return real_delete(self, *args, **kwargs)

    monkeypatch.setattr(Collection, "add", add)
    monkeypatch.setattr(Collection, "delete", delete)
    service = RagService(make_settings(tmp_path))
    first = service.ingest([SEEDS], progress=False)
    assert service.store.write_batch == 7 and max(sizes["add"]) <= 7 and sum(sizes["add"]) == first.chunks
    changed = tmp_path / "changed.json"
    totals = []
    for revision in ("", " Revised."):
        changed.write_text(json.dumps([{"id": f"C{i}", "title": f"T{i}", "abstract": p.text + revision}
                                       for i, p in enumerate(read_corpus([SEEDS]))]), encoding="utf-8")
        totals.append(service.ingest([changed], progress=False).chunks)
    old_versions = totals[0] - first.chunks  # the chunks of C*'s first version, replaced by the second
    assert max(sizes["delete"]) <= 7 and sum(sizes["delete"]) == old_versions
    assert service.stats()["papers"] == 2 * first.papers and service.store.inventory().leftovers == []


def test_the_write_batch_respects_a_real_clients_limit(seeded_settings):
    store = RagService(seeded_settings).store
    assert 1 <= store.write_batch <= max_batch_size(store.client) == store.client.get_max_batch_size()


# -- incremental BM25 -------------------------------------------------------------------------------
def _corpus(path: Path, papers, ids, revised=()) -> Path:
    rows = [{"id": f"P{i}", "title": f"Paper {i} on {papers[i].title}",
             "abstract": papers[i].text + (" A revision adds zebrafrog results." if i in revised else "")} for i in ids]
    path.write_text(json.dumps(rows), encoding="utf-8")
    return path


def _ingested(tmp_path: Path, n: int):
    """(settings, service, corpus file, seed papers) after ingesting the first `n` seeds as papers P0..P{n-1}."""
    seeds = read_corpus([SEEDS])
    settings = make_settings(tmp_path / "data")
    service = RagService(settings)
    folder = tmp_path / "corpus"
    folder.mkdir()
    path = folder / "papers.json"
    service.ingest([_corpus(path, seeds, range(n))], progress=False)
    return settings, service, path, seeds


@pytest.mark.parametrize("compact_share", [0.0, 100.0], ids=["folded-into-the-base", "kept-as-deltas"])
def test_incremental_bm25_equals_a_full_rebuild(tmp_path, monkeypatch, compact_share):
    settings, service, path, seeds = _ingested(tmp_path, 30)
    monkeypatch.setattr(bm25_index, "COMPACT_SHARE", compact_share)

    def no_rebuild(*args, **kwargs):
        raise AssertionError("the BM25 index was rebuilt instead of updated")

    monkeypatch.setattr("rag.ingest.rebuild", no_rebuild)
    # 5 papers changed, 8 added, 4 removed (prune): the update touches only those.
    report = service.ingest([_corpus(path, seeds, range(4, 38), revised={5, 9, 12, 20, 33})],
                            prune=True, progress=False)
    assert (report.added, report.updated, report.removed) == (8, 4, 4)
    last = service.ingest([_corpus(path, seeds, range(4, 38), revised={5, 9, 12, 20, 33, 36})], progress=False)
    monkeypatch.undo()
    index_dir = bm25_dir(settings, service.store.name)
    manifest = json.loads((index_dir / "manifest.json").read_text())
    assert len(manifest["deltas"]) == (2 if compact_share else 0) == len(list(index_dir.glob("delta-*.npz")))
    incremental = load_or_build(service.store, index_dir)
    assert manifest["fingerprint"] == incremental.fingerprint  # the saved update matched the collection
    assert json.loads((index_dir / "manifest.json").read_text()) == manifest  # loaded as saved, not rebuilt
    rebuilt = bm25_index.rebuild(service.store, tmp_path / "rebuilt")
    assert incremental.chunk_ids == rebuilt.chunk_ids and incremental.fingerprint == rebuilt.fingerprint
    assert len(incremental.chunk_ids) == last.chunks and not any(c.startswith("P0::") for c in incremental.chunk_ids)
    for query in ["zebrafrog results", "language model reasoning", "graph neural network pooling", "paper 37"]:
        assert np.allclose(incremental.scores(query), rebuilt.scores(query), atol=1e-5)
    scores = incremental.scores("zebrafrog")
    matched = {incremental.metadatas[i]["paper_id"] for i in np.flatnonzero(scores > 0)}
    assert matched == {"P5", "P9", "P12", "P20", "P33", "P36"}
    # The manifest's per-paper summary, changed entry by entry, is the one summed up from its chunk ids.
    assert manifest["papers"] == summary_of_current(manifest["chunk_ids"], manifest["content_hashes"])
    assert len(manifest["papers"]) == last.papers


def test_a_changed_paper_keeps_the_vectors_of_its_unchanged_chunks(tmp_path):
    """An abstract with one sentence appended: its earlier chunks keep their text, so their stored
    vectors are kept, not embedded again; an abstract edited everywhere is embedded whole."""
    seeds = read_corpus([SEEDS])
    settings = make_settings(tmp_path / "data", chunking={"max_tokens": 48, "overlap_sentences": 0})
    service = RagService(settings)
    long_ones = [i for i, paper in enumerate(seeds) if paper.text.count(". ") >= 6][:2]
    path = _corpus(tmp_path / "papers.json", seeds, long_ones)
    service.ingest([path], progress=False)
    before = {c.chunk_id: (c.text, vector) for c, vector in service.store.vectors(sorted(service.store.inventory().current_ids()))}
    appended, rewritten = long_ones
    rows = json.loads(path.read_text())
    rows[0]["abstract"] += " A revision adds zebrafrog results."
    rows[1]["abstract"] = "Revised: " + rows[1]["abstract"].replace(". ", ". In short, ")
    path.write_text(json.dumps(rows), encoding="utf-8")
    encoded = service.embedder.encoded
    report = service.ingest([path], progress=False)
    after = dict(((c.chunk_id, (c.text, vector)) for c, vector in service.store.vectors(sorted(service.store.inventory().current_ids()))))
    old_by_text = {text: vector for text, vector in before.values()}
    kept = [cid for cid, (text, vector) in after.items() if text in old_by_text]
    assert report.updated == 2 and report.vectors_reused == len(kept) >= 2
    assert all(cid.startswith(f"P{appended}::") for cid in kept)  # none of the rewritten paper's
    assert all(np.allclose(after[cid][1], old_by_text[after[cid][0]], atol=1e-6) for cid in kept)
    changed = [cid for cid in after if cid not in kept]
    assert service.embedder.encoded - encoded == len(changed)  # the kept ones were not embedded again
    fresh = service.embedder.encode_array([embedding_text(f"Paper {i} on {seeds[i].title}", after[cid][0])
                                           for cid in changed for i in [int(cid.split("::")[0][1:])]])
    assert np.allclose(np.stack([after[cid][1] for cid in changed]), fresh, atol=2e-2)
    # Two papers are too few for the lexical floor (whole-paper IDFs stay low), so read the ranking.
    assert service.retriever.search("zebrafrog results", mode="bm25", floor=False)[0].paper_id == f"P{appended}"


def test_the_corpus_is_read_once_when_it_fits_in_memory_and_twice_when_not(tmp_path, monkeypatch):
    from rag import ingest as ingest_module

    settings, service, path, seeds = _ingested(tmp_path, 6)
    reads = []
    real = ingest_module.iter_corpus
    monkeypatch.setattr(ingest_module, "iter_corpus", lambda paths: reads.append(paths) or real(paths))
    first = service.ingest([_corpus(path, seeds, range(8), revised={2})], progress=False)
    assert len(reads) == 1 and (first.added, first.updated) == (2, 1)
    monkeypatch.setattr(ingest_module, "KEEP_CHARS", 0)
    second = service.ingest([_corpus(path, seeds, range(10), revised={2, 3})], progress=False)
    assert len(reads) == 3 and (second.added, second.updated, second.unchanged) == (2, 1, 7)
    assert service.stats()["papers"] == 10


def test_a_reindex_killed_before_the_bm25_update_is_not_taken_from_the_manifest(tmp_path, monkeypatch):
    """--reindex empties the collection and writes every paper again; killed before the BM25 update,
    it leaves as many chunks as the manifest lists. The new chunks' versions lie above the
    manifest's highest, so the next ingest sees the difference and reads every chunk."""
    settings, service, path, seeds = _ingested(tmp_path, 12)
    service.ingest([_corpus(path, seeds, range(12), revised={3})], progress=False)  # P3 is now version 2
    index_dir = bm25_dir(settings, service.store.name)

    def killed(*args, **kwargs):
        raise KeyboardInterrupt("killed before the BM25 update")

    monkeypatch.setattr("rag.ingest.update", killed)
    with pytest.raises(KeyboardInterrupt):
        service.ingest([path], reindex=True, progress=False)
    monkeypatch.undo()
    assert service.store.count() == bm25_index.saved_inventory(index_dir).chunk_count
    assert service.store.inventory_if_holding(bm25_index.saved_inventory(index_dir)) is None
    report = service.ingest([path], progress=False)
    assert (report.added, report.updated, report.unchanged) == (0, 0, 12)
    index = load_or_build(service.store, index_dir)
    assert index.fingerprint == bm25_index.rebuild(service.store, tmp_path / "rebuilt").fingerprint
    assert service.store.inventory_if_holding(bm25_index.saved_inventory(index_dir)) is not None


def test_a_delta_written_without_its_manifest_leaves_the_index_rebuilt_not_wrong(tmp_path, monkeypatch):
    """A crash between writing a delta and replacing the manifest: the next load sees the old
    fingerprint, which no longer matches the collection, and rebuilds."""
    settings, service, path, seeds = _ingested(tmp_path, 30)
    monkeypatch.setattr(bm25_index, "COMPACT_SHARE", 100.0)
    index_dir = bm25_dir(settings, service.store.name)

    def crash(*args, **kwargs):
        raise KeyboardInterrupt("killed before the manifest was replaced")

    monkeypatch.setattr(bm25_index, "_write_manifest", crash)
    with pytest.raises(KeyboardInterrupt):
        service.ingest([_corpus(path, seeds, range(30), revised={7})], progress=False)
    monkeypatch.undo()
    assert list(index_dir.glob("delta-*.npz"))  # the orphan delta is there, the manifest is the old one
    index = RagService(settings).retriever.bm25
    rebuilt = bm25_index.rebuild(service.store, tmp_path / "rebuilt")
    assert index.chunk_ids == rebuilt.chunk_ids and index.fingerprint == rebuilt.fingerprint
    assert {index.metadatas[i]["paper_id"] for i in np.flatnonzero(index.scores("zebrafrog") > 0)} == {"P7"}


def test_an_index_out_of_step_is_rebuilt_not_updated(tmp_path):
    seeds = read_corpus([SEEDS])
    settings = make_settings(tmp_path / "data")
    service = RagService(settings)
    service.ingest([_corpus(tmp_path / "a.json", seeds, range(10))], progress=False)
    index_dir = bm25_dir(settings, service.store.name)
    manifest = json.loads((index_dir / "manifest.json").read_text())
    manifest["fingerprint"] = "stale"
    (index_dir / "manifest.json").write_text(json.dumps(manifest))
    assert bm25_index.update(index_dir, "not-the-saved-one", [], []) is None
    service.ingest([_corpus(tmp_path / "a.json", seeds, range(12))], progress=False)
    index = load_or_build(service.store, index_dir)
    assert len({m["paper_id"] for m in index.metadatas}) == 12
    assert json.loads((index_dir / "manifest.json").read_text())["fingerprint"] == index.fingerprint


def test_a_change_reads_the_inventory_from_the_bm25_manifest_not_every_chunk(tmp_path, monkeypatch):
    from rag.store import ChunkStore

    settings, service, path, seeds = _ingested(tmp_path, 20)
    full = service.store.inventory()
    index_dir = bm25_dir(settings, service.store.name)
    quick = service.store.inventory_if_holding(bm25_index.saved_inventory(index_dir))
    assert quick is not None and quick.leftovers == [] and quick.max_version == full.max_version
    assert {p: (v.version, v.content_hash, sorted(v.chunk_ids)) for p, v in quick.papers.items()} == \
        {p: (v.version, v.content_hash, sorted(v.chunk_ids)) for p, v in full.papers.items()}

    def no_full_read(self):
        raise AssertionError("the ingest read every chunk's metadata")

    monkeypatch.setattr(ChunkStore, "inventory", no_full_read)
    report = service.ingest([_corpus(path, seeds, range(22), revised={3})], progress=False)
    assert (report.added, report.updated, report.unchanged) == (2, 1, 19)
    monkeypatch.undo()
    assert len(service.store.inventory().papers) == 22 and not service.store.inventory().leftovers
    # A collection that holds other chunks than the manifest lists (a crash between the Chroma write
    # and the BM25 update) is not taken from the manifest.
    service.store.collection.delete(ids=[sorted(service.store.inventory().papers["P0"].chunk_ids)[0]])
    assert service.store.inventory_if_holding(bm25_index.saved_inventory(index_dir)) is None
