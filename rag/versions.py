"""Paper versions in the store: which stored chunks are current, so no reader sees two versions of a paper.

Every write of a paper is a new version: chunks with ids `{paper_id}::v{version}::{chunk}` that carry
`content_hash`, `n_chunks` and `store_version` (an integer one above the highest already stored, so it
grows with every ingest run). Ingest writes a paper's new version before it deletes the old one, so a
run killed at any point can leave two versions of a paper, or a partial one, behind. Every reader
applies one rule: a paper's current version is its complete version (all `n_chunks` chunks present)
with the highest `store_version`; every other chunk is a leftover, invisible to readers and deleted by
the next ingest. Chunks written before versions existed (ids `{paper_id}::{chunk}`) count as version 0.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, Iterator, Mapping

from rag.metadata import VERSION_FIELD as VERSION_KEY


def chunk_id(paper_id: str, version: int, chunk: int) -> str:
    """The stored id of chunk `chunk` of version `version` of a paper."""
    return f"{paper_id}::v{version}::{chunk}"


@dataclass
class PaperVersion:
    """One stored version of a paper: its chunk ids, content hash and first chunk's metadata."""

    paper_id: str
    content_hash: str
    version: int
    n_chunks: int
    chunk_ids: list[str] = field(default_factory=list)
    chunks_seen: set[int] = field(default_factory=set)
    first: dict[str, Any] = field(default_factory=dict)

    @property
    def complete(self) -> bool:
        """True when every one of the version's chunks is stored."""
        return self.chunks_seen == set(range(self.n_chunks))


@dataclass
class Inventory:
    """What a collection holds: the current version of each paper, the leftover chunk ids, the top version."""

    papers: Mapping[str, PaperVersion]
    leftovers: list[str]
    max_version: int
    chunk_count: int  # chunks of the current versions
    fingerprint: str = ""  # their BM25 fingerprint (rag.bm25_index.fingerprint_of) when known, else ""

    def current_ids(self) -> set[str]:
        """Ids of every chunk of every current version."""
        return {cid for version in self.papers.values() for cid in version.chunk_ids}


def take_inventory(rows: Iterable[tuple[str, dict[str, Any]]]) -> Inventory:
    """Sort stored chunks, given as (chunk id, metadata) pairs, into current versions and leftovers."""
    versions: dict[tuple[str, int, str], PaperVersion] = {}
    max_version = 0
    for cid, metadata in rows:
        version = int(metadata.get(VERSION_KEY, 0) or 0)
        max_version = max(max_version, version)
        key = (metadata["paper_id"], version, metadata.get("content_hash", ""))
        entry = versions.get(key)
        if entry is None:
            entry = versions[key] = PaperVersion(key[0], key[2], version, int(metadata.get("n_chunks", 1) or 1))
        entry.chunk_ids.append(cid)
        index = int(metadata.get("chunk", 0))
        entry.chunks_seen.add(index)
        if index == 0:
            entry.first = metadata
    current: dict[str, PaperVersion] = {}
    for entry in versions.values():
        if not entry.complete:
            continue
        best = current.get(entry.paper_id)
        if best is None or (entry.version, entry.content_hash) > (best.version, best.content_hash):
            current[entry.paper_id] = entry
    keep = {id(v) for v in current.values()}
    leftovers = [cid for entry in versions.values() if id(entry) not in keep for cid in entry.chunk_ids]
    return Inventory(current, leftovers, max_version, sum(len(v.chunk_ids) for v in current.values()))


def summary_of_current(chunk_ids: Iterable[str], content_hashes: Iterable[str]) -> dict[str, list[Any]] | None:
    """{paper_id: [version, content_hash, n_chunks]} of a list of current chunks (ids in the `chunk_id`
    form, with their content hashes), or None when the list is not one: an id in another form, a
    paper in two versions, or a paper whose chunk numbers are not 0..n-1."""
    papers: dict[str, list[Any]] = {}
    seen: dict[str, int] = {}
    for cid, content_hash in zip(chunk_ids, content_hashes):
        parts = cid.rsplit("::", 2)
        if len(parts) != 3 or not parts[1].startswith("v") or not parts[1][1:].isdigit() or not parts[2].isdigit():
            return None
        paper_id, version, chunk = parts[0], int(parts[1][1:]), int(parts[2])
        entry = papers.setdefault(paper_id, [version, content_hash, 0])
        if (entry[0], entry[1]) != (version, content_hash):
            return None
        entry[2] += 1
        seen[paper_id] = seen.get(paper_id, 0) + chunk
    # Ids are unique, so a paper's chunk numbers are n distinct integers >= 0: they are 0..n-1 exactly
    # when they add up to n(n-1)/2, the least such n can add up to.
    if any(seen[pid] != n * (n - 1) // 2 for pid, (_, _, n) in papers.items()):
        return None
    return papers


class _SummaryPapers(Mapping[str, PaperVersion]):
    """The papers of a summary (see summary_of_current) as PaperVersions, each built when asked for,
    so a large store's summary costs nothing until a paper of it is looked at."""

    def __init__(self, summary: dict[str, list[Any]]) -> None:
        self._summary = summary

    def __getitem__(self, paper_id: str) -> PaperVersion:
        version, content_hash, n_chunks = self._summary[paper_id]
        return PaperVersion(paper_id, content_hash, version, n_chunks,
                            [chunk_id(paper_id, version, i) for i in range(n_chunks)], set(range(n_chunks)))

    def __contains__(self, paper_id: object) -> bool:
        return paper_id in self._summary

    def __iter__(self) -> Iterator[str]:
        return iter(self._summary)

    def __len__(self) -> int:
        return len(self._summary)


def inventory_of_summary(summary: dict[str, list[Any]], fingerprint: str = "") -> Inventory:
    """The inventory of a collection known to hold exactly the current chunks of `summary`
    ({paper_id: [version, content_hash, n_chunks]}, see summary_of_current), with their BM25
    `fingerprint` when known.

    For a summary kept beside the store (the BM25 manifest) that the caller has checked against the
    collection: it spares reading every chunk's metadata. Versions carry no first-chunk metadata.
    """
    max_version = max((entry[0] for entry in summary.values()), default=0)
    chunk_count = sum(entry[2] for entry in summary.values())
    return Inventory(_SummaryPapers(summary), [], max_version, chunk_count, fingerprint)
