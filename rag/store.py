"""The chunk store: one Chroma collection (embedded or over HTTP), read and written through Chroma's own API.

The collection records the embedding model and dimension it was built with; opening it with any
other model is refused. It also records the chunk size it was created for; opening a store of
chunks made at another size prints a one-line note (per collection and process) with the way to
re-chunk, since ranking and the relevance floors depend on it. Chunks carry their paper's id, title,
source, content hash and character offsets as metadata (rag.metadata); the first chunk of each paper
also carries the whole abstract.

Chunks are written as plain records (id, vector, metadata): no LlamaIndex node JSON rides along,
which kept 3.9x the metadata per chunk and cost a JSON parse per search result. Only a paper's
first chunk stores the paper's fields, and no chunk stores its text: every read completes a chunk
from its paper's first chunk (the fields, and `abstract[start:end]` for the text), so readers see
whole chunks. Stores written whole (every field and the text on each chunk, or through LlamaIndex's
ChromaVectorStore, whose fields are stripped) read the same. A paper may be
stored in more than one version for a while (see rag.versions); every read here shows only the
current version of each paper.
"""

from __future__ import annotations

import logging
import os
import sys
from dataclasses import dataclass
from typing import Any, Callable, Collection, Iterator

from rag.boundary import component
from rag.errors import RagError
from rag.metadata import abstract_from, completed_metadata, public_metadata, stored_metadata
from rag.settings import Settings
from rag.text import first_line
from rag.versions import VERSION_KEY, Inventory, chunk_id, take_inventory

SPACE = "cosine"
META_MODEL = "embedding_model"
META_DIM = "embedding_dim"
META_CHUNK_TOKENS = "chunk_tokens"
_NOTED_CHUNKING: set[tuple[str, str]] = set()  # (store, collection) pairs whose chunk-size note was printed
WRITE_BATCH = 1000


@dataclass(frozen=True)
class StoredChunk:
    """One stored chunk: its id, text and metadata (paper_id, title, source, chunk, start, end, ...)."""

    chunk_id: str
    text: str
    metadata: dict[str, Any]


class ChunkStore:
    """Read and write access to one collection of chunks, tied to one embedding model."""

    def __init__(self, client: Any, collection: Any, settings: Settings) -> None:
        self.client = client
        self.collection = collection
        self.settings = settings
        self.write_batch = min(WRITE_BATCH, max_batch_size(client))

    @property
    def name(self) -> str:
        """The collection's name."""
        return self.collection.name

    @property
    def chunk_tokens(self) -> int | None:
        """The chunking.max_tokens this collection was created for; None when it predates the record."""
        return (self.collection.metadata or {}).get(META_CHUNK_TOKENS)

    @property
    def location(self) -> str:
        """Where the collection lives, for messages: a folder or a URL."""
        return _describe(self.settings)

    def guard(self) -> Any:
        """Context for one call into Chroma: a failure becomes one line naming this store and the fix."""
        return component(f"the Chroma store at {self.location}", _hint(self.settings))

    def count(self) -> int:
        """Number of chunks stored, leftovers of interrupted ingests included (see `inventory`)."""
        with self.guard():
            return self.collection.count()

    def inventory(self) -> Inventory:
        """The current version of every stored paper, and the leftover chunks no reader should see."""
        return take_inventory((c.chunk_id, c.metadata) for c in self._scan(None, documents=False))

    def inventory_if_holding(self, listed: Inventory) -> Inventory | None:
        """`listed`, an inventory of current chunks kept beside the store (the BM25 manifest, see
        rag.bm25_index.saved_inventory), when the collection holds exactly those chunks, else None.

        Two cheap probes stand for comparing every id, sound because every write follows ingest's
        protocol (rag.versions): each run writes under a version above every version already listed,
        and only deletes chunks it has listed. So a collection that differs from the list (the
        leftovers of a run killed after writing, or a run killed mid-delete) either holds a chunk of a
        higher version than the list's highest, or holds another number of chunks.
        """
        with self.guard():
            if self.collection.count() != listed.chunk_count:
                return None
            newer = self.collection.get(where={VERSION_KEY: {"$gt": listed.max_version}}, include=[], limit=1)["ids"]
        return None if newer else listed

    def paper_hashes(self) -> dict[str, str]:
        """Content hash of every stored paper (its current version), by paper id."""
        return {pid: version.content_hash for pid, version in self.inventory().papers.items()}

    def iter_chunks(self, where: dict[str, Any] | None = None, documents: bool = True) -> Iterator[StoredChunk]:
        """Every chunk of the current version of each paper (optionally filtered by the metadata each
        chunk stores itself, see rag.metadata), never two versions of one; with `documents`, whole
        (text and the paper's fields), else with the metadata the store holds for it."""
        if where is None:
            chunks = list(self._scan(None, documents))
            current = take_inventory((c.chunk_id, c.metadata) for c in chunks).current_ids()
        else:
            current = self.inventory().current_ids()
            chunks = list(self._scan(where, documents))
        if documents:
            chunks = self._completed(chunks)
        return (chunk for chunk in chunks if chunk.chunk_id in current)

    def current_ids(self, paper_id: str) -> set[str]:
        """Ids of the chunks of the current version of one paper (empty when it is not stored)."""
        with self.guard():
            page = self.collection.get(where={"paper_id": paper_id}, include=["metadatas"])
        return take_inventory(zip(page["ids"], map(public_metadata, page["metadatas"]))).current_ids()

    def _scan(self, where: dict[str, Any] | None, documents: bool) -> Iterator[StoredChunk]:
        """Every stored chunk, all versions, as stored (see `_completed`), in pages so large stores
        stay cheap in memory.

        Equal strings in the chunks' metadata are one object: a paper's fields (title, authors, its
        corpus record's own fields) repeat on each of its chunks, and the BM25 index keeps every
        chunk's metadata in memory (at 100k chunks of conference records: 356 MB -> 109 MB)."""
        include = ["metadatas", "documents"] if documents else ["metadatas"]
        strings: dict[str, str] = {}
        offset = 0
        while True:
            with self.guard():
                page = self.collection.get(where=where, include=include, limit=WRITE_BATCH * 5, offset=offset)
            ids = page["ids"]
            if not ids:
                return
            docs = page.get("documents") or [""] * len(ids)
            for cid, text, metadata in zip(ids, docs, page["metadatas"]):
                yield StoredChunk(cid, text or "", _shared_strings(public_metadata(metadata), strings))
            offset += len(ids)

    def add(self, chunks: list[StoredChunk], vectors: Any, after_batch: Callable[[int], None] | None = None) -> None:
        """Write `chunks` (whole, with texts equal to `abstract[start:end]`) with their `vectors` (one row
        each, same order) in batches of `write_batch`, calling `after_batch(i)` after each batch. The
        store keeps what rag.metadata.stored_metadata says, and no text."""
        for number, start in enumerate(range(0, len(chunks), self.write_batch)):
            batch = chunks[start:start + self.write_batch]
            with self.guard():
                self.collection.add(ids=[c.chunk_id for c in batch], embeddings=vectors[start:start + len(batch)],
                                    metadatas=[stored_metadata(c.metadata) for c in batch])
            if after_batch:
                after_batch(number)

    def nearest(self, vector: Any, k: int, search_depth: int,
                paper_ids: Collection[str] | None = None) -> list[tuple[str, float]]:
        """Ids of the `k` stored chunks closest to `vector` (all versions; only chunks of `paper_ids`,
        if given), closest first, each with its cosine similarity.

        Chroma's HNSW index searches only as wide as the results asked for (its ef_search, 100, or
        more when more results are asked for), so the `k` = 100 it returns when asked for 100 are not
        all among the true 100 nearest; `search_depth` results are asked for and the best `k` kept
        (400 returns 99.5% of the exact 100 nearest on SciFact's 43,717 chunks, 100 returns 94%:
        bench/dense_depth.py)."""
        if paper_ids is not None and not paper_ids:
            return []
        where = None if paper_ids is None else {"paper_id": {"$in": sorted(paper_ids)}}
        with self.guard():
            result = self.collection.query(query_embeddings=[vector], n_results=max(k, search_depth),
                                           where=where, include=["distances"])
        # In cosine space Chroma's distance is 1 - cosine.
        return [(cid, 1.0 - distance) for cid, distance in zip(result["ids"][0][:k], result["distances"][0][:k])]

    def delete_chunks(self, chunk_ids: list[str], after_batch: Callable[[int], None] | None = None) -> None:
        """Remove the given chunks in batches of `write_batch`, calling `after_batch(i)` after each."""
        for number, start in enumerate(range(0, len(chunk_ids), self.write_batch)):
            with self.guard():
                self.collection.delete(ids=chunk_ids[start:start + self.write_batch])
            if after_batch:
                after_batch(number)

    def chunks(self, chunk_ids: list[str]) -> list[StoredChunk]:
        """The stored chunks among `chunk_ids` (any version), whole; ids not stored are left out."""
        return self._completed([chunk for chunk, _ in self._rows(chunk_ids, ["metadatas", "documents"])])

    def vectors(self, chunk_ids: list[str]) -> list[tuple[StoredChunk, Any]]:
        """The stored chunks among `chunk_ids`, whole, each with its vector (a float32 array); ids not
        stored are left out."""
        import numpy as np

        rows = list(self._rows(chunk_ids, ["metadatas", "documents", "embeddings"]))
        return [(chunk, np.asarray(vector, dtype=np.float32))
                for chunk, (_, vector) in zip(self._completed([chunk for chunk, _ in rows]), rows)]

    def embeddings(self, chunk_ids: list[str]) -> dict[str, Any]:
        """The vector (a float32 array) of each stored chunk among `chunk_ids`, by chunk id; ids not
        stored are left out. Reads the vectors only, not texts or metadata."""
        import numpy as np

        found: dict[str, Any] = {}
        for start in range(0, len(chunk_ids), self.write_batch):
            with self.guard():
                page = self.collection.get(ids=chunk_ids[start:start + self.write_batch], include=["embeddings"])
            found.update((cid, np.asarray(vector, dtype=np.float32)) for cid, vector in zip(page["ids"], page["embeddings"]))
        return found

    def _rows(self, chunk_ids: list[str], include: list[str]) -> Iterator[tuple[StoredChunk, Any]]:
        """Each stored chunk among `chunk_ids`, as stored, with its vector when `include` asks for
        embeddings (else None)."""
        for start in range(0, len(chunk_ids), self.write_batch):
            with self.guard():
                page = self.collection.get(ids=chunk_ids[start:start + self.write_batch], include=include)
            empty = [None] * len(page["ids"])
            vectors = page["embeddings"] if "embeddings" in include else empty
            for cid, doc, meta, vector in zip(page["ids"], page.get("documents") or empty, page["metadatas"], vectors):
                yield StoredChunk(cid, doc or "", public_metadata(meta)), vector

    def _completed(self, chunks: list[StoredChunk]) -> list[StoredChunk]:
        """`chunks` whole: each one stored without its text gets its paper's fields and its text
        (`abstract[start:end]`) from its paper's first chunk of the same version, read from the store
        when it is not among `chunks`. A chunk whose first chunk is gone (the leftover of an
        interrupted ingest, which no reader shows) stays as stored."""
        firsts = {_paper_version(c.metadata): c.metadata for c in chunks if c.metadata.get("chunk", 0) == 0}
        wanted = {_paper_version(c.metadata) for c in chunks if not c.text} - set(firsts)
        for first, _ in self._rows(sorted(chunk_id(paper_id, version, 0) for paper_id, version in wanted), ["metadatas"]):
            firsts[_paper_version(first.metadata)] = first.metadata
        return [chunk if chunk.text else _completed_chunk(chunk, firsts.get(_paper_version(chunk.metadata)))
                for chunk in chunks]

    def get_paper(self, paper_id: str) -> StoredChunk | None:
        """The first chunk of a paper's current version, whose metadata holds the whole abstract; None if absent."""
        with self.guard():
            page = self.collection.get(where={"paper_id": paper_id}, include=["metadatas", "documents"])
        rows = [StoredChunk(cid, doc or "", public_metadata(meta)) for cid, doc, meta in zip(page["ids"], page["documents"], page["metadatas"])]
        current = take_inventory((c.chunk_id, c.metadata) for c in rows).current_ids()
        first = [c for c in rows if c.chunk_id in current and c.metadata.get("chunk") == 0]
        return self._completed(first[:1])[0] if first else None

    def abstract(self, paper_id: str) -> str:
        """The whole abstract of a stored paper; "" when the paper is not stored."""
        paper = self.get_paper(paper_id)
        return abstract_from(paper.metadata, paper.text) if paper else ""


def _paper_version(metadata: dict[str, Any]) -> tuple[str, int]:
    """The (paper id, store version) a chunk belongs to."""
    return metadata["paper_id"], int(metadata.get(VERSION_KEY, 0) or 0)


def _completed_chunk(chunk: StoredChunk, first: dict[str, Any] | None) -> StoredChunk:
    """`chunk`, stored without its text, completed from its paper's first chunk's metadata `first`."""
    if first is None:
        return chunk
    metadata = completed_metadata(chunk.metadata, first)
    text = str(first.get("abstract") or "")[int(metadata.get("start", 0)):int(metadata.get("end", 0))]
    return StoredChunk(chunk.chunk_id, text, metadata)


def _shared_strings(metadata: dict[str, Any], strings: dict[str, str]) -> dict[str, Any]:
    """`metadata` with each string key and value replaced by the equal string first met in `strings`
    (which it extends), so that repeated strings are held once."""
    return {strings.setdefault(key, key): strings.setdefault(value, value) if isinstance(value, str) else value
            for key, value in metadata.items()}


def max_batch_size(client: Any) -> int:
    """The most records `client` accepts in one add or delete (Chroma's own limit; embedded SQLite and
    a server may differ); WRITE_BATCH when the client does not say."""
    try:
        return max(1, int(client.get_max_batch_size()))
    except Exception:  # older clients lack the call; a server that cannot tell is written to in WRITE_BATCH
        return WRITE_BATCH


def open_store(
    settings: Settings, model_name: str, dimension: int, collection: str | None = None, fresh: bool = False
) -> ChunkStore:
    """Open (creating if needed) the configured collection for `model_name` vectors of `dimension`.

    `fresh` reads an embedded store from disk again instead of through the client this process
    already holds (whose vector index does not see another process's writes). Raises RagError when
    the store cannot be reached or the collection was built with another model.
    """
    name = collection or settings.store.collection
    client = _client(settings, fresh)
    try:
        chroma_collection = client.get_or_create_collection(
            name=name, metadata={META_MODEL: model_name, META_DIM: dimension, "hnsw:space": SPACE,
                                 META_CHUNK_TOKENS: settings.chunking.max_tokens}
        )
    except Exception as exc:
        raise RagError(f"cannot open collection '{name}' at {_describe(settings)}: {first_line(exc)}") from None
    recorded = chroma_collection.metadata or {}
    if recorded.get(META_MODEL) != model_name or recorded.get(META_DIM) != dimension:
        raise RagError(
            f"collection '{name}' holds vectors from '{recorded.get(META_MODEL)}' "
            f"(dim {recorded.get(META_DIM)}), not '{model_name}' (dim {dimension}); re-index with "
            f"`rag ingest --reindex`, or pick another store.collection / --data-dir"
        )
    store = ChunkStore(client, chroma_collection, settings)
    _note_chunking(store)
    return store


def _note_chunking(store: ChunkStore) -> None:
    """Print once (to stderr) that a non-empty collection's chunks were made at another size than
    chunking.max_tokens (or before sizes were recorded), and how to re-chunk it."""
    recorded, wanted = store.chunk_tokens, store.settings.chunking.max_tokens
    key = (store.location, store.name)
    if recorded == wanted or key in _NOTED_CHUNKING or store.count() == 0:
        return
    _NOTED_CHUNKING.add(key)
    made = f"at {recorded} word pieces" if recorded is not None else "before chunk sizes were recorded (the default was 256 word pieces until December 2026)"
    print(f"note: collection '{store.name}' was chunked {made}; chunking.max_tokens is {wanted}, which only "
          f"papers ingested from now on get; run `rag ingest --reindex` to re-chunk it (ranking and the "
          f"relevance floors depend on the chunk size)", file=sys.stderr, flush=True)


def drop_collection(settings: Settings, collection: str | None = None) -> bool:
    """Delete the configured collection if it exists; True if something was deleted."""
    name = collection or settings.store.collection
    client = _client(settings)
    try:
        client.delete_collection(name)
    except Exception:  # Chroma raises NotFoundError/ValueError depending on version
        return False
    return True


def _client(settings: Settings, fresh: bool = False) -> Any:
    os.environ.setdefault("ANONYMIZED_TELEMETRY", "False")
    logging.getLogger("chromadb").setLevel(logging.ERROR)
    import chromadb
    from chromadb.config import Settings as ChromaSettings

    chroma_settings = ChromaSettings(anonymized_telemetry=False, allow_reset=False)
    store = settings.store
    try:
        if store.mode == "http":
            token = os.environ.get(store.token_env, "")
            headers = {"Authorization": f"Bearer {token}"} if token else None
            client = chromadb.HttpClient(
                host=store.host, port=store.port, ssl=store.ssl, headers=headers, settings=chroma_settings
            )
            client.heartbeat()
            return client
        path = settings.data_path / "chroma"
        path.mkdir(parents=True, exist_ok=True)
        if fresh:  # chromadb shares one client per folder in a process; forget it so this one loads anew
            from chromadb.api.shared_system_client import SharedSystemClient

            SharedSystemClient.clear_system_cache()
        return chromadb.PersistentClient(path=str(path), settings=chroma_settings)
    except Exception as exc:
        raise RagError(f"cannot reach the Chroma store at {_describe(settings)}: {first_line(exc)}; {_hint(settings)}") from None


def _hint(settings: Settings) -> str:
    if settings.store.mode == "http":
        return "start it with `chroma run --path DIR --port N` or fix store.host/store.port"
    return "check --data-dir"


def _describe(settings: Settings) -> str:
    store = settings.store
    if store.mode == "http":
        return f"{'https' if store.ssl else 'http'}://{store.host}:{store.port}"
    return str(settings.data_path / "chroma")
