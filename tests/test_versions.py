"""The one-version rule every reader applies to what a crashed ingest can leave behind (rag.versions)."""

from __future__ import annotations

from rag.versions import VERSION_KEY, chunk_id, inventory_of_summary, summary_of_current, take_inventory


def _rows(paper_id: str, version: int, content_hash: str, n_chunks: int, chunks: range | None = None):
    return [
        (chunk_id(paper_id, version, i), {"paper_id": paper_id, "content_hash": content_hash, "n_chunks": n_chunks, "chunk": i, VERSION_KEY: version})
        for i in (chunks if chunks is not None else range(n_chunks))
    ]


def test_a_partly_written_new_version_is_hidden_behind_the_complete_old_one():
    rows = _rows("P", 1, "old", 2) + _rows("P", 2, "new", 3, range(2))
    inventory = take_inventory(rows)
    assert inventory.papers["P"].content_hash == "old" and inventory.max_version == 2
    assert sorted(inventory.leftovers) == ["P::v2::0", "P::v2::1"]
    assert inventory.current_ids() == {"P::v1::0", "P::v1::1"}


def test_a_complete_new_version_wins_and_a_partly_deleted_old_one_is_a_leftover():
    both = take_inventory(_rows("P", 1, "old", 2) + _rows("P", 2, "new", 1))
    assert both.papers["P"].content_hash == "new" and sorted(both.leftovers) == ["P::v1::0", "P::v1::1"]
    half_deleted = take_inventory(_rows("P", 1, "old", 2, range(1, 2)) + _rows("P", 2, "new", 1))
    assert half_deleted.papers["P"].content_hash == "new" and half_deleted.leftovers == ["P::v1::1"]


def test_chunks_from_before_versions_count_as_version_zero():
    legacy = [("P::0", {"paper_id": "P", "content_hash": "h", "n_chunks": 1, "chunk": 0})]
    inventory = take_inventory(legacy + _rows("Q", 3, "q", 1))
    assert inventory.papers["P"].version == 0 and inventory.papers["P"].first["content_hash"] == "h"
    assert set(inventory.papers) == {"P", "Q"} and not inventory.leftovers and inventory.max_version == 3
    updated = take_inventory(legacy + _rows("P", 4, "h2", 1))
    assert updated.papers["P"].content_hash == "h2" and updated.leftovers == ["P::0"]


def test_a_summary_of_current_chunks_gives_the_inventory_a_full_read_would():
    rows = _rows("P", 3, "p", 3) + _rows("Q", 5, "q", 1)
    summary = summary_of_current([cid for cid, _ in rows], [m["content_hash"] for _, m in rows])
    assert summary == {"P": [3, "p", 3], "Q": [5, "q", 1]}
    quick, full = inventory_of_summary(summary, "fp"), take_inventory(rows)
    assert (quick.max_version, quick.chunk_count, quick.fingerprint, quick.leftovers) == (5, 4, "fp", [])
    assert (full.max_version, full.chunk_count) == (5, 4)
    assert "P" in quick.papers and "R" not in quick.papers and len(quick.papers) == 2
    for pid in ("P", "Q"):
        a, b = quick.papers[pid], full.papers[pid]
        assert (a.version, a.content_hash, a.n_chunks, sorted(a.chunk_ids), a.complete) == \
            (b.version, b.content_hash, b.n_chunks, sorted(b.chunk_ids), True)


def test_a_list_that_is_not_of_current_chunks_has_no_summary():
    assert summary_of_current(["P::0"], ["h"]) is None  # written before versions
    assert summary_of_current(["P::v1::0", "P::v2::0"], ["h", "h"]) is None  # two versions of one paper
    assert summary_of_current(["P::v1::0", "P::v1::0"], ["h", "g"]) is None  # two hashes of one version
    assert summary_of_current(["P::v1::0", "P::v1::2"], ["h", "h"]) is None  # chunk 1 missing
    assert summary_of_current(["P::v1::1", "P::v1::0"], ["h", "h"]) == {"P": [1, "h", 2]}
