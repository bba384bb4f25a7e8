"""The `openai-like` backend: any OpenAI-compatible server (OpenAI, vLLM, llama.cpp server, LM Studio,
Ollama's /v1), through LlamaIndex `OpenAILike`. The key is read from the variable named by
`llm.api_key_env`; local servers get a placeholder when it is unset."""

from __future__ import annotations

import os
from typing import Any

from rag.backends.base import ChatBackend

PLACEHOLDER_KEY = "not-needed"


class OpenAILikeBackend(ChatBackend):
    """Chat completions over HTTP; requests run concurrently."""

    provider = "openai-like"

    def _build(self) -> Any:
        from llama_index.llms.openai_like import OpenAILike

        settings = self.llm_settings
        return OpenAILike(
            model=settings.model,
            api_base=settings.api_base,
            api_key=os.environ.get(settings.api_key_env) or PLACEHOLDER_KEY,
            is_chat_model=True,
            context_window=settings.context_window,
            max_tokens=settings.max_tokens,
            temperature=settings.temperature,
            timeout=settings.timeout_s,
            max_retries=0,
        )
