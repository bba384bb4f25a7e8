"""Hybrid retrieval over the seeds: right papers first, nothing for off-topic queries, filters."""

from __future__ import annotations

import pytest

from conftest import SEEDS, make_settings
from rag.errors import RagError
from rag.ingest import bm25_dir
from rag.service import RagService


@pytest.fixture(scope="module")
def retriever(seeded_settings):
    return RagService(seeded_settings).retriever


@pytest.mark.parametrize(
    "query,paper_id",
    [
        ("protein language model embeddings improve transferable molecular dynamics", "000_711129f47277f084#1"),
        ("sleep staging when EEG and EOG modalities are misaligned", "000_711129f47277f084#3"),
        ("why does fine-tuning with low-rank adapters forget earlier skills", "003_cb611f67ebca296c#7"),
        ("ConfSleepNet", "000_711129f47277f084#3"),
        ("budgeted randomized experiments combined with biased observational logs", "003_cb611f67ebca296c#1"),
    ],
)
def test_the_paper_that_answers_comes_first(retriever, query, paper_id):
    hits = retriever.search(query)
    assert hits and hits[0].paper_id == paper_id
    assert [h.rank for h in hits] == list(range(1, len(hits) + 1))
    assert len({h.paper_id for h in hits}) == len(hits)  # one entry per paper


@pytest.mark.parametrize("query", ["best pizza dough recipe in Naples", "how do I replace my car's brake pads", "who won the 1998 football world cup"])
def test_nothing_relevant_returns_nothing(retriever, query):
    assert retriever.search(query) == []


def test_each_mode_finds_the_paper_and_hybrid_scores_are_normalised(retriever):
    query = "spiking neural networks without batch normalization initialization"
    for mode in ("dense", "bm25", "hybrid"):
        hits = retriever.search(query, mode=mode, top_k=3)
        assert "000_711129f47277f084#5" in [h.paper_id for h in hits], mode
    hybrid = retriever.search(query, top_k=3)
    assert all(0 < h.score <= 1 for h in hybrid)
    assert hybrid[0].text in retriever.store.get_paper(hybrid[0].paper_id).metadata["abstract"]


def test_filters_keep_only_matching_metadata(retriever):
    hits = retriever.search("spiking neural networks", filters={"source": "003_cb611f67ebca296c.txt"}, top_k=10)
    assert hits and all(h.source == "003_cb611f67ebca296c.txt" for h in hits)
    assert retriever.search("spiking neural networks", filters={"year": 2025}) == []
    with pytest.raises(RagError, match="unknown filter field 'colour'"):
        retriever.search("spiking", filters={"colour": "red"})
    with pytest.raises(RagError, match=r"unknown filter field 'sorce' \(did you mean 'source'\?\); this corpus has: "):
        retriever.search("spiking", filters={"sorce": "003_cb611f67ebca296c.txt"})


def test_empty_query_is_refused(retriever):
    with pytest.raises(RagError, match="empty query"):
        retriever.search("   ")


def test_bm25_index_survives_restarts_and_follows_changes(tmp_path):
    settings = make_settings(tmp_path / "data")
    RagService(settings).ingest([SEEDS / "000_711129f47277f084.txt"], progress=False)
    manifest = bm25_dir(settings, "papers") / "manifest.json"
    saved = manifest.stat().st_mtime_ns
    reopened = RagService(settings).retriever  # a new process would do the same: load, check, no rebuild
    assert manifest.stat().st_mtime_ns == saved
    assert len(reopened.bm25.chunk_ids) == reopened.store.count()
    RagService(settings).ingest([SEEDS], progress=False)
    after = RagService(settings).retriever
    assert len(after.bm25.chunk_ids) == after.store.count() > len(reopened.bm25.chunk_ids)
    assert after.search("Clifford-steerable CNN equivariance pseudo-Euclidean", mode="bm25")[0].paper_id == "003_cb611f67ebca296c#13"


def test_filters_accept_fields_only_some_sources_have(seeded_copy, tmp_path):
    extra = tmp_path / "workshop.jsonl"
    extra.write_text(
        '{"id": "W1", "title": "Sparse spiking transformers", "abstract": "We train spiking neural networks '
        'with sparse attention for event cameras.", "track": "workshop"}\n',
        encoding="utf-8",
    )
    settings = make_settings(seeded_copy)
    RagService(settings).ingest([extra], progress=False)
    retriever = RagService(settings).retriever
    hits = retriever.search("spiking neural networks", filters={"track": "workshop"})
    assert [h.paper_id for h in hits] == ["W1"]


def test_filters_match_values_however_the_corpus_typed_them(seeded_copy, tmp_path):
    """A CSV stores every field as text: `--filter year=2022` (parsed as a number) still finds "2022",
    "Workshop" finds "workshop", and "year" finds an export's "Year" column."""
    extra = tmp_path / "papers.csv"
    extra.write_text('id,title,abstract,year,track\nC1,Spiking sparse transformers,"We train spiking neural networks '
                     'with sparse attention for event cameras.",2022,workshop\n', encoding="utf-8")
    export = tmp_path / "export.csv"
    export.write_text('Title,Abstract,Year\nSpiking optical flow,"Spiking neural networks estimate optical flow '
                      'from event cameras.",2021\n', encoding="utf-8")
    settings = make_settings(seeded_copy)
    RagService(settings).ingest([extra, export], progress=False)
    retriever = RagService(settings).retriever
    for filters in ({"year": 2022}, {"year": "2022"}, {"track": "Workshop"}, {"YEAR": 2022}):
        assert [h.paper_id for h in retriever.search("spiking neural networks", filters=filters)] == ["C1"], filters
    assert retriever.search("spiking neural networks", filters={"year": 2023}) == []
    assert [h.title for h in retriever.search("spiking neural networks event cameras", filters={"year": 2021})] == ["Spiking optical flow"]


def test_rm3_feedback_searches_through_the_retriever(seeded_settings):
    """retrieval.prf_docs > 0 runs the expanded BM25 query end to end (off by default)."""
    settings = seeded_settings.model_copy(update={"retrieval": seeded_settings.retrieval.model_copy(update={"prf_docs": 3})})
    hits = RagService(settings).retriever.search("nowcasting storms from radar reflectivity", mode="bm25")
    assert hits and hits[0].paper_id == "000_711129f47277f084#4"


def test_rocchio_moves_a_query_towards_its_feedback():
    import numpy as np

    from rag.prf import rocchio

    query, feedback = np.array([3.0, 0.0, 0.0]), [np.array([0.0, 2.0, 0.0]), np.array([0.0, 0.0, 5.0])]
    assert rocchio(query, [], 0.3) == pytest.approx([1.0, 0.0, 0.0])
    assert rocchio(query, feedback, 0.0) == pytest.approx([1.0, 0.0, 0.0])
    # unit query + 1.0 x the mean of the unit feedback vectors = (1, 0.5, 0.5), then unit length
    assert rocchio(query, feedback, 1.0) == pytest.approx(np.array([1.0, 0.5, 0.5]) / np.linalg.norm([1.0, 0.5, 0.5]))


def test_a_list_question_searches_again_from_its_best_papers_and_keeps_its_own_cosines(seeded_settings):
    """A question asking for several papers gets one round of dense feedback from the fused top
    papers (`retrieval.list_feedback_*`): its ranking changes, yet every hit keeps the question's own
    cosine (none for a paper only the feedback found), so the floor still judges the question and an
    off-topic list question still returns nothing. A single-paper question is searched as before."""
    retriever = RagService(seeded_settings).retriever
    shipped = retriever.settings
    assert shipped.list_feedback_weight > 0
    question, single = "Which papers design proteins?", "protein language model embeddings improve transferable molecular dynamics"
    own = {paper_id: hit.dense_similarity for paper_id, hit in retriever._dense(question, None).items()}
    with_feedback = retriever.search(question, top_k=12, floor=False)
    assert all(hit.dense_similarity == own.get(hit.paper_id) for hit in with_feedback)
    assert all(retriever.bm25.texts[retriever._position[hit.chunk_id]] == hit.text for hit in with_feedback)
    single_hits = [h.paper_id for h in retriever.search(single, top_k=12, floor=False)]
    retriever.settings = shipped.model_copy(update={"list_feedback_weight": 0.0})
    without = retriever.search(question, top_k=12, floor=False)
    assert [h.paper_id for h in retriever.search(single, top_k=12, floor=False)] == single_hits
    retriever.settings = shipped
    assert [h.paper_id for h in with_feedback] != [h.paper_id for h in without]
    assert {h.paper_id for h in with_feedback[:3]} == {h.paper_id for h in without[:3]}
    assert retriever.search("Which papers give the best pizza dough recipes?") == []


def test_the_store_reads_chunk_vectors_alone(retriever):
    import numpy as np

    ids = sorted(retriever.bm25.chunk_ids)[:5]
    vectors = retriever.store.embeddings([*ids, "no-such-chunk"])
    whole = {chunk.chunk_id: vector for chunk, vector in retriever.store.vectors(ids)}
    assert sorted(vectors) == ids
    assert all(np.array_equal(vectors[c], whole[c]) for c in ids)


def _chunk_index(papers: dict[str, tuple[str, str]], max_tokens: int):
    """A real chunk index over {paper id: (title, abstract)}: chunked as ingest does (one sentence of
    overlap; words counted as tokens, so a small window makes several chunks), titles in BM25."""
    from rag.bm25_index import BM25Index, TermCounts, indexed_texts
    from rag.chunking import chunk_text
    from rag.text import tokenize

    texts, metadatas = [], []
    for paper_id, (title, abstract) in papers.items():
        chunks = chunk_text(abstract, lambda t: len(t.split()), max_tokens)
        for chunk in chunks:
            metadata = {"paper_id": paper_id, "title": title, "chunk": chunk.index, "start": chunk.start, "end": chunk.end}
            if chunk.index == 0:
                metadata["abstract"] = abstract
            texts.append(chunk.text)
            metadatas.append(metadata)
    counts = TermCounts()
    counts.matrix = counts.rows_of([tokenize(t) for t in indexed_texts(texts, metadatas)])
    return BM25Index([f"c{i}" for i in range(len(texts))], texts, metadatas, "f", counts)


PAPERS = {
    "split": ("Plasticity rules from spikes", "We infer plasticity rules in cortex. Recordings of spikes are noisy. "
              "Identifiability of the learning rule follows from recorded spikes. Results hold on benchmarks."),
    "short": ("Plasticity", "Plasticity rules matter for learning."),
    "other": ("Storm nowcasting", "Weather forecasting with transformers. Radar volumes help. Storms move fast."),
    "derived": ("", "Transformers forecast weather from radar. Plasticity is not studied here. Spikes neither."),
}


@pytest.mark.parametrize("query", ["identifiability of plasticity rules from spikes", "weather radar", "plasticity plasticity"])
def test_whole_paper_bm25_from_chunk_counts_equals_bm25_over_title_and_whole_abstract(query):
    """Summing a paper's chunk counts, less the title repeated in each chunk and the shared overlap
    sentences, gives exactly the BM25 of title + abstract as one document (bm25s, Lucene)."""
    import bm25s
    import numpy as np

    from rag.paper_index import PaperBM25
    from rag.text import tokenize

    chunks = _chunk_index(PAPERS, max_tokens=12)
    assert max(m["chunk"] for m in chunks.metadatas) >= 2  # several overlapping chunks per paper
    papers = PaperBM25(chunks, k1=0.9, b=0.75)
    # a title found inside its abstract ("Plasticity") was derived from it and is not indexed
    documents = [f"{t}. {a}" if t and t not in a else a for t, a in (PAPERS[p] for p in papers.paper_ids)]
    reference = bm25s.BM25(k1=0.9, b=0.75, method="lucene")
    reference.index([tokenize(d) for d in documents], show_progress=False)
    terms = list(dict.fromkeys(t for t in tokenize(query) if t in reference.vocab_dict))
    derived = papers.scores(dict.fromkeys(tokenize(query), 1.0))
    assert derived.max() > 0
    assert derived == pytest.approx(np.asarray(reference.get_scores(terms)), rel=1e-5, abs=1e-6)


def test_best_chunk_is_the_highest_scoring_chunk_of_each_paper():
    from rag.paper_index import PaperBM25

    chunks = _chunk_index(PAPERS, max_tokens=12)
    papers = PaperBM25(chunks, k1=0.9, b=0.75)
    scores = chunks.scores("recorded spikes")
    best, position = papers.best_chunks(scores)
    for paper, (score, chunk) in enumerate(zip(best, position)):
        mine = [i for i, m in enumerate(chunks.metadatas) if m["paper_id"] == papers.paper_ids[paper]]
        assert chunk in mine and score == max(scores[i] for i in mine)


@pytest.mark.parametrize("share", [0.0, 0.5, 1.0])
def test_every_mix_of_paper_and_chunk_bm25_finds_the_paper_and_shows_its_best_chunk(seeded_settings, share):
    settings = seeded_settings.model_copy(
        update={"retrieval": seeded_settings.retrieval.model_copy(update={"bm25_paper_share": share})}
    )
    retriever = RagService(settings).retriever
    hits = retriever.search("spiking neural networks without batch normalization initialization", mode="bm25")
    assert hits[0].paper_id == "000_711129f47277f084#5"
    assert hits[0].bm25_text in retriever.store.abstract(hits[0].paper_id)
    assert hits[0].bm25_score > 0


def test_a_coined_name_moves_the_fusion_towards_bm25(seeded_settings):
    """'ConfSleepNet' is one rare word the embedding does not know: its BM25 match is far above the
    usual share of the largest IDF, so the query's dense weight drops below the fixed 0.5."""
    retriever = RagService(seeded_settings).retriever
    dense = retriever._dense("ConfSleepNet", None, None)
    lexical = retriever._bm25("ConfSleepNet", None)
    assert retriever._dense_weight(dense, lexical, 1) < retriever.settings.dense_weight == 0.5
    fixed = retriever.settings.model_copy(update={"confidence_cosine_slope": 0.0, "confidence_bm25_slope": 0.0})
    retriever.settings = fixed
    assert retriever._dense_weight(dense, lexical, 1) == 0.5


def test_dense_candidates_are_the_exact_nearest_chunks_read_from_the_chunk_index(retriever):
    """The dense side asks the vector index for `dense_search_depth` chunks and keeps the best
    `candidates`: here they are the exact nearest chunks by cosine over every stored vector, and each
    paper's hit shows its nearest chunk's text from the in-memory index."""
    import numpy as np

    query = "spiking neural networks without batch normalization initialization"
    vector = retriever.embedder.encode([query])[0]
    stored = retriever.store.vectors(sorted(retriever.bm25.chunk_ids))
    exact = sorted(((float(np.dot(v, vector)), c.chunk_id) for c, v in stored), key=lambda x: (-x[0], x[1]))[:10]
    nearest = retriever.store.nearest(vector, 10, retriever.settings.dense_search_depth)
    assert [cid for cid, _ in nearest] == [cid for _, cid in exact]
    assert [cosine for _, cosine in nearest] == pytest.approx([cosine for cosine, _ in exact], abs=1e-4)
    hits = retriever._dense(query, None, vector)
    first = next(iter(hits.values()))
    assert first.text == retriever.bm25.texts[retriever._position[nearest[0][0]]]
    assert first.dense_similarity == pytest.approx(nearest[0][1])


def test_dense_search_applies_every_filter(retriever):
    source = "003_cb611f67ebca296c.txt"
    paper = "003_cb611f67ebca296c#7"
    title = next(m["title"] for m in retriever.bm25.metadatas if m["paper_id"] == paper)
    one = retriever.search("spiking neural networks", filters={"source": source}, mode="dense", top_k=50, floor=False)
    assert len(one) > 1 and all(h.source == source for h in one)
    both = retriever.search("spiking neural networks", filters={"source": source, "title": title}, mode="dense", floor=False)
    assert [h.paper_id for h in both] == [paper]


def test_a_paper_written_after_the_retriever_opened_is_found_by_its_dense_search(seeded_copy, tmp_path):
    """Chunks the in-memory index does not hold yet are read from the store (text and metadata)."""
    extra = tmp_path / "late.jsonl"
    extra.write_text('{"id": "L1", "title": "Zorblatt: quantum gardening for sparse transformers", "abstract": '
                     '"We introduce Zorblatt, a method that prunes transformer attention heads by simulating quantum '
                     'gardening. Zorblatt removes 40% of the heads with no loss on GLUE."}\n', encoding="utf-8")
    settings = make_settings(seeded_copy)
    retriever = RagService(settings).retriever
    RagService(settings).ingest([extra], progress=False)
    assert not any(m["paper_id"] == "L1" for m in retriever.bm25.metadatas)  # not in its in-memory index
    hits = retriever.search("pruning transformer attention heads by quantum gardening", mode="dense", floor=False)
    assert hits[0].paper_id == "L1" and "Zorblatt" in hits[0].text


def test_chunks_are_plain_records_and_stores_written_through_llamaindex_read_the_same(seeded_copy):
    """Chunks are written as plain Chroma records (no LlamaIndex node JSON riding along in the
    metadata). A store written by earlier versions through LlamaIndex's ChromaVectorStore carries
    `_node_content`, `_node_type`, `doc_id`, `document_id` and `ref_doc_id` on every chunk: it must
    search and show metadata exactly as before, those fields never surfacing."""
    settings = make_settings(seeded_copy)
    store = RagService(settings).retriever.store
    page = store.collection.get(include=["metadatas", "embeddings", "documents"])
    assert not any(key.startswith("_") or key.endswith("doc_id") or key == "document_id"
                   for metadata in page["metadatas"] for key in metadata)
    legacy = [{**metadata, "_node_content": '{"id_": "x", "metadata": {}}', "_node_type": "TextNode",
               "doc_id": metadata["paper_id"], "document_id": metadata["paper_id"], "ref_doc_id": metadata["paper_id"]}
              for metadata in page["metadatas"]]
    store.collection.update(ids=page["ids"], metadatas=legacy)
    query = "spiking neural networks without batch normalization initialization"
    for mode in ("dense", "hybrid"):
        hits = RagService(settings).retriever.search(query, mode=mode, top_k=3)
        assert hits[0].paper_id == "000_711129f47277f084#5", mode
        assert not any(key.startswith("_") or key in ("doc_id", "document_id", "ref_doc_id")
                       for hit in hits for key in hit.chunk_metadata), mode
    assert "_node_content" not in RagService(settings).retriever.store.get_paper("000_711129f47277f084#5").metadata


def _whole_chunks(store, chunk_ids):
    """{chunk id: (text, metadata)} as the store's readers give them."""
    return {c.chunk_id: (c.text, c.metadata) for c in store.chunks(chunk_ids)}


def test_only_a_papers_first_chunk_stores_its_fields_and_no_chunk_stores_its_text(seeded_copy):
    """The store keeps a paper's fields on its first chunk and, on every other chunk, only the
    chunk's own bookkeeping; no chunk stores its text. Every reader (by id, with vectors, the whole
    collection, a paper's first chunk) still sees whole chunks: the text `abstract[start:end]` and the
    paper's fields, exactly what ingest indexed in memory."""
    from rag.metadata import CHUNK_FIELDS

    settings = make_settings(seeded_copy)
    retriever = RagService(settings).retriever
    store = retriever.store
    page = store.collection.get(include=["metadatas", "documents"])
    assert not any(page["documents"])
    later = [m for m in page["metadatas"] if m["chunk"] > 0]
    assert later and all(set(m) <= set(CHUNK_FIELDS) for m in later)
    assert all("title" in m and "abstract" in m for m in page["metadatas"] if m["chunk"] == 0)

    indexed = {cid: (text, metadata) for cid, text, metadata
               in zip(retriever.bm25.chunk_ids, retriever.bm25.texts, retriever.bm25.metadatas)}
    some_later = sorted(cid for cid, (_, m) in indexed.items() if m["chunk"] > 0)[:25]
    assert _whole_chunks(store, some_later) == {cid: indexed[cid] for cid in some_later}
    assert {c.chunk_id: (c.text, c.metadata) for c, _ in store.vectors(some_later)} == {cid: indexed[cid] for cid in some_later}
    assert {c.chunk_id: (c.text, c.metadata) for c in store.iter_chunks()} == indexed
    paper = indexed[some_later[0]][1]["paper_id"]
    first = store.get_paper(paper)
    assert first.metadata["chunk"] == 0 and first.text and first.text in first.metadata["abstract"]


def test_stores_written_whole_read_the_same(seeded_copy):
    """A store written by earlier versions keeps the text and every field on each chunk: it reads,
    and searches, exactly like one that keeps them on the first chunk only."""
    settings = make_settings(seeded_copy)
    retriever = RagService(settings).retriever
    store = retriever.store
    query = "spiking neural networks without batch normalization initialization"
    before = [(h.paper_id, h.text, h.chunk_metadata) for h in retriever.search(query, top_k=5)]
    ids = sorted(retriever.bm25.chunk_ids)
    whole = _whole_chunks(store, ids)
    vectors = {c.chunk_id: v for c, v in store.vectors(ids)}
    store.collection.update(ids=ids, embeddings=[vectors[cid] for cid in ids],
                            documents=[whole[cid][0] for cid in ids], metadatas=[whole[cid][1] for cid in ids])
    page = store.collection.get(ids=ids[:50], include=["documents"])
    assert all(page["documents"])
    assert _whole_chunks(store, ids) == whole
    reopened = RagService(settings).retriever
    assert [(h.paper_id, h.text, h.chunk_metadata) for h in reopened.search(query, top_k=5)] == before
    assert reopened.search(query, mode="dense", filters={"source": before[0][2]["source"]}, top_k=1)[0].paper_id == before[0][0]
