"""The answer-backend registry: `llm.provider` names one small class behind one interface.

Adding a backend is one module with an `AnswerBackend` subclass and one line in `BACKENDS`.
"""

from __future__ import annotations

from rag.backends.base import AnswerBackend, ChatBackend, LLMError
from rag.backends.extractive import ExtractiveBackend
from rag.backends.llama_cpp import LlamaCppBackend, bundled_gguf_path
from rag.backends.ollama import OllamaBackend
from rag.backends.openai_like import OpenAILikeBackend
from rag.errors import RagError
from rag.settings import Settings

BACKENDS: dict[str, type[AnswerBackend]] = {
    cls.provider: cls for cls in (LlamaCppBackend, OpenAILikeBackend, OllamaBackend, ExtractiveBackend)
}
_NEEDS_MODEL_NAME = (OpenAILikeBackend, OllamaBackend)


def build_backend(settings: Settings) -> AnswerBackend:
    """The backend `settings.llm.provider` names (not yet loaded).

    Raises RagError listing the available providers for an unknown one, and for a server backend
    without `llm.model`.
    """
    provider = settings.llm.provider
    cls = BACKENDS.get(provider)
    if cls is None:
        raise RagError(f"unknown llm.provider '{provider}'; available: {', '.join(sorted(BACKENDS))}")
    if issubclass(cls, _NEEDS_MODEL_NAME) and not settings.llm.model:
        raise RagError(f"llm.model is empty; {provider} needs the model name the server serves")
    return cls(settings)


__all__ = ["AnswerBackend", "BACKENDS", "ChatBackend", "LLMError", "build_backend", "bundled_gguf_path"]
