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
    papers = store.inventory().papers.values()
    sources = Counter(version.first.get("source", "") for version in papers)
    return {
        "papers": sum(sources.values()),
        "chunks": sum(len(version.chunk_ids) for version in papers),
        "embedding_model": embedder.model_name,
        "embedding_dim": embedder.dimension,
        "store_mode": settings.store.mode,
        "store": store.location,
        "collection": store.name,
        "profile": settings.profile,
        "sources": dict(sorted(sources.items())),
    }
