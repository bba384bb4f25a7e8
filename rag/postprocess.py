"""The post-processor registry: stages that reorder fused candidates before the floor and the top-k cut.

`retrieval.postprocessors` lists stage names, applied in order; none by default. Each registered
factory takes the settings and the embedding model and returns an object with
`process(query, hits) -> hits` (`rag.retrieval.PostProcessor`).
"""

from __future__ import annotations

from typing import Any, Callable

from rag.errors import RagError
from rag.retrieval import PostProcessor
from rag.settings import Settings

Factory = Callable[[Settings, Any], PostProcessor]


def _cross_encoder(settings: Settings, embedder: Any) -> PostProcessor:
    from rag.rerank import CrossEncoderReranker

    if not settings.retrieval.rerank_model:
        raise RagError("the cross-encoder post-processor needs retrieval.rerank_model (a local CrossEncoder folder)")
    return CrossEncoderReranker(
        settings.retrieval.rerank_model, depth=settings.retrieval.rerank_depth, weight=settings.retrieval.rerank_weight
    )


POSTPROCESSORS: dict[str, Factory] = {"cross-encoder": _cross_encoder}


def build_postprocessors(settings: Settings, embedder: Any) -> list[PostProcessor]:
    """The stages named by `retrieval.postprocessors`, built in order.

    Raises RagError naming the unknown stage and listing the registered ones.
    """
    stages = []
    for name in settings.retrieval.postprocessors:
        factory = POSTPROCESSORS.get(name)
        if factory is None:
            known = ", ".join(sorted(POSTPROCESSORS)) or "none registered"
            raise RagError(f"unknown retrieval.postprocessors entry '{name}'; available: {known}")
        stages.append(factory(settings, embedder))
    return stages
