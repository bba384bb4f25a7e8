"""The stored-chunk metadata contract: what each chunk carries, what users may filter on, what is reserved.

Every chunk carries its paper's own metadata fields (venue, year, ... from the corpus record) plus
the reserved fields below. The first chunk (`chunk == 0`) of each paper also carries the whole
abstract, so "a paper's abstract" is always one metadata read away.

In the store, only the first chunk keeps the paper's fields; every other chunk stores just its own
bookkeeping (CHUNK_FIELDS), and no chunk stores its text, which is `abstract[start:end]` of its
paper's first chunk. Readers complete each chunk from its first chunk (`completed_metadata`,
`rag.store`). Chroma's cost of a write grows with each metadata row and with its full-text index of
documents: at one sentence per chunk, writing the paper's fields and the text on every chunk took
as long as a sixth of the embedding.
"""

from __future__ import annotations

from typing import Any, Mapping

# Written by ingest on every chunk, and meaningful to users as filters.
PAPER_FIELDS = ("paper_id", "title", "source", "authors")
# Written by ingest for the tool's own bookkeeping; never offered as filters.
VERSION_FIELD = "store_version"  # which write of the paper a chunk belongs to (rag.versions)
INTERNAL_FIELDS = ("abstract", "content_hash", "chunk", "n_chunks", "start", "end", "source_path", VERSION_FIELD)
RESERVED_FIELDS = frozenset(PAPER_FIELDS + INTERNAL_FIELDS)
# What every chunk stores itself: enough to tell which version of which paper it belongs to and
# whether that version is complete (rag.versions), and where its text lies in the abstract.
CHUNK_FIELDS = ("paper_id", "content_hash", "chunk", "n_chunks", "start", "end", VERSION_FIELD)
# Added by LlamaIndex's vector store, stripped on read.
_LLAMA_FIELDS = frozenset({"document_id", "doc_id", "ref_doc_id"})


def chunk_metadata(
    paper: Any, index: int, n_chunks: int, start: int, end: int
) -> dict[str, Any]:
    """The metadata stored with chunk `index` of `paper` (a `rag.corpus.Paper`), spanning
    abstract[start:end]; chunk 0 also carries the whole abstract."""
    metadata: dict[str, Any] = {
        **paper.metadata,
        "paper_id": paper.paper_id,
        "title": paper.title,
        "source": paper.source,
        "source_path": paper.source_path,
        "authors": paper.authors,
        "content_hash": paper.content_hash,
        "chunk": index,
        "n_chunks": n_chunks,
        "start": start,
        "end": end,
    }
    if index == 0:
        metadata["abstract"] = paper.text
    return metadata


def stored_metadata(metadata: Mapping[str, Any]) -> dict[str, Any]:
    """What the store keeps of a chunk's `metadata`: all of it for a paper's first chunk, else the
    CHUNK_FIELDS alone (the rest is the first chunk's, see `completed_metadata`)."""
    if metadata.get("chunk", 0) == 0:
        return dict(metadata)
    return {key: metadata[key] for key in CHUNK_FIELDS if key in metadata}


def completed_metadata(stored: Mapping[str, Any], first: Mapping[str, Any]) -> dict[str, Any]:
    """A chunk's whole metadata from what the store kept of it (`stored`) and its paper's first
    chunk's metadata (`first`): the same fields as the first chunk's, but the chunk's own
    CHUNK_FIELDS, and no abstract unless it is the first chunk. A chunk stored whole (the first
    chunk, or any chunk of an older store) comes back unchanged."""
    if stored.get("chunk", 0) == 0:
        return dict(stored)
    return {**{key: value for key, value in first.items() if key != "abstract"}, **stored}


def public_metadata(metadata: Mapping[str, Any] | None) -> dict[str, Any]:
    """Stored metadata without the vector store's own bookkeeping fields."""
    return {k: v for k, v in (metadata or {}).items() if not k.startswith("_") and k not in _LLAMA_FIELDS}


def is_reserved(key: str) -> bool:
    """True for names a corpus record's own field must not take (readers rename it `meta_<key>`)."""
    return key in RESERVED_FIELDS or key in _LLAMA_FIELDS or key.startswith("_")


def filterable(key: str) -> bool:
    """True for fields a user may filter on: the paper fields and the corpus record's own fields."""
    return key not in INTERNAL_FIELDS and not key.startswith("_") and key not in _LLAMA_FIELDS


def abstract_from(metadata: Mapping[str, Any], text: str) -> str:
    """A paper's whole abstract from a chunk's metadata, or `text` when that chunk does not carry it."""
    return metadata.get("abstract") or text


def hit_abstract(hit: Any, text: str) -> str:
    """A retrieved paper's whole abstract: the one its retriever found (`hit.abstract`), else from its
    chunk's metadata, else `text`."""
    return getattr(hit, "abstract", None) or abstract_from(hit.chunk_metadata, text)
