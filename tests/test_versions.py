"""The one-version rule every reader applies to what a crashed ingest can leave behind (rag.versions)."""

from __future__ import annotations

from rag.versions import VERSION_KEY, chunk_id, take_inventory


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
