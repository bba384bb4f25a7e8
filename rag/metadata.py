"""The stored-chunk metadata contract: what each chunk carries, what users may filter on, what is reserved.

Every chunk stores its paper's own metadata fields (venue, year, ... from the corpus record) plus
the reserved fields below. The first chunk (`chunk == 0`) of each paper also stores the whole
abstract, so "a paper's abstract" is always one metadata read away.
"""

from __future__ import annotations

from typing import Any, Mapping

# Written by ingest on every chunk, and meaningful to users as filters.
PAPER_FIELDS = ("paper_id", "title", "source", "authors")
# Written by ingest for the tool's own bookkeeping; never offered as filters.
VERSION_FIELD = "store_version"  # which write of the paper a chunk belongs to (rag.versions)
INTERNAL_FIELDS = ("abstract", "content_hash", "chunk", "n_chunks", "start", "end", "source_path", VERSION_FIELD)
RESERVED_FIELDS = frozenset(PAPER_FIELDS + INTERNAL_FIELDS)
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
