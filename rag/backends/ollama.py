"""The `ollama` backend: the native Ollama API (LlamaIndex `Ollama`) at llm.api_base."""

from __future__ import annotations

from typing import Any

from rag.backends.base import ChatBackend


class OllamaBackend(ChatBackend):
    """Chat over Ollama's own API; requests run concurrently."""

    provider = "ollama"

    def _build(self) -> Any:
        from llama_index.llms.ollama import Ollama

        settings = self.llm_settings
        return Ollama(
            model=settings.model,
            base_url=settings.api_base,
            temperature=settings.temperature,
            context_window=settings.context_window,
            request_timeout=settings.timeout_s,
            additional_kwargs={"num_predict": settings.max_tokens},
        )
