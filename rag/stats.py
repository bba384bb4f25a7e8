"""What the store holds: papers, chunks, sources, embedding model and store mode."""

from __future__ import annotations

from collections import Counter
from typing import Any

from rag.embeddings import build_embedding
from rag.settings import Settings
from rag.store import open_store


def collect_stats(settings: Settings) -> dict[str, Any]:
    """Counts and configuration of the configured collection, in the shape of `rag stats --json`."""
    embedder = build_embedding(settings.embedding)
    store = open_store(settings, embedder.model_name, embedder.dimension)
    sources = Counter(chunk.metadata.get("source", "") for chunk in store.iter_chunks(where={"chunk": 0}, documents=False))
    return {
        "papers": sum(sources.values()),
        "chunks": store.count(),
        "embedding_model": embedder.model_name,
        "embedding_dim": embedder.dimension,
        "store_mode": settings.store.mode,
        "store": store.location,
        "collection": store.name,
        "profile": settings.profile,
        "sources": dict(sorted(sources.items())),
    }
