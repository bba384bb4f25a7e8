"""The answer-backend interface: what writes an answer's raw text from numbered sources.

`AnswerBackend.write` streams raw text pieces; `sentences` turns the finished text into the
sentences the grounding check judges. `ChatBackend` is the shared base of every LLM backend: it
builds the LlamaIndex LLM lazily (once), streams chat completions, and turns any client failure
into an `LLMError` whose message is one line naming the backend and its URL or path.
"""

from __future__ import annotations

import re
import threading
from abc import ABC, abstractmethod
from contextlib import nullcontext
from typing import TYPE_CHECKING, Any, ClassVar, Iterator

from rag.errors import RagError
from rag.grounding import split_answer
from rag.prompting import build_messages
from rag.settings import Settings
from rag.sources import Source

if TYPE_CHECKING:
    from rag.compose import Statement


class LLMError(RagError):
    """The model failed; the message is one line naming the backend and its URL or path."""


class AnswerBackend(ABC):
    """Writes answers over numbered sources. Subclasses set `provider` and are registered by it."""

    provider: ClassVar[str]

    def __init__(self, settings: Settings) -> None:
        self.settings = settings

    @property
    def label(self) -> str:
        """The name answers carry, e.g. "extractive" or "llama-cpp:SmolLM2-135M-Instruct"."""
        return self.provider

    @property
    def location(self) -> str:
        """Where the model lives, for messages: a URL, a file path, or "" when there is none."""
        return ""

    def warm_up(self) -> None:
        """Get ready to answer at once, failing here (with a RagError) if the backend cannot answer."""

    @abstractmethod
    def write(self, question: str, sources: list[Source], plan: list[Statement]) -> Iterator[str]:
        """Yield the raw answer text, piece by piece, citing sources as [n]; raises LLMError on failure.

        `plan` is the composed answer (rag.compose) that the shown answer will hold in any case.
        """

    def sentences(self, raw: str, sources: list[Source]) -> list[str]:
        """The generated sentences of a finished raw answer to check and maybe show, with their [n] markers."""
        return split_answer(_without_echo(raw, sources))


class ChatBackend(AnswerBackend):
    """An LLM backend: a LlamaIndex LLM built on first use and streamed for a chat prompt."""

    # In-process models are not re-entrant: such backends run one generation at a time.
    serialize: ClassVar[bool] = False

    def __init__(self, settings: Settings) -> None:
        super().__init__(settings)
        self.llm_settings = settings.llm
        self._llm: Any = None
        self._build_lock = threading.Lock()
        self._run_lock = threading.Lock() if self.serialize else None

    @property
    def label(self) -> str:
        return f"{self.provider}:{self.model_name}"

    @property
    def model_name(self) -> str:
        """The model's name as answers show it."""
        return self.llm_settings.model

    @property
    def location(self) -> str:
        return self.llm_settings.api_base

    @abstractmethod
    def _build(self) -> Any:
        """The LlamaIndex LLM for these settings (may raise any client exception)."""

    def load(self) -> Any:
        """The underlying LlamaIndex LLM, built on first call; raises LLMError when it cannot be."""
        with self._build_lock:
            if self._llm is None:
                try:
                    self._llm = self._build()
                except LLMError:
                    raise
                except Exception as exc:  # constructors raise many types for a bad model or URL
                    raise self.error(exc) from None
            return self._llm

    def warm_up(self) -> None:
        """Load the model and have it write one token, so a backend that cannot answer fails now."""
        pieces = self.stream([{"role": "user", "content": "Say OK."}])
        try:
            next(pieces, None)
        finally:
            pieces.close()

    def write(self, question: str, sources: list[Source], plan: list[Statement]) -> Iterator[str]:
        messages = build_messages(question, sources, self.settings.answer.sentences_per_source)
        yield from self.stream(messages)

    def stream(self, messages: list[dict[str, str]]) -> Iterator[str]:
        """Yield the reply's text pieces for chat `messages` as the model writes them; raises LLMError."""
        from llama_index.core.llms import ChatMessage

        llm = self.load()
        chat = [ChatMessage(role=m["role"], content=m["content"]) for m in messages]
        with self._run_lock or nullcontext():
            wrote = False
            try:
                for piece in llm.stream_chat(chat):
                    if piece.delta:
                        wrote = True
                        yield piece.delta
            except Exception as exc:  # clients raise their own connection/timeout/auth types
                raise self.error(exc) from None
            if not wrote:  # e.g. a 200 whose body is not a completion: a failure, not an empty answer
                raise LLMError(f"{self.label} at {self.location} failed: {EMPTY_REPLY}")

    def error(self, exc: BaseException) -> LLMError:
        """An LLMError for `exc`: one line with the backend, its URL or path, and the reason."""
        return LLMError(f"{self.label} at {self.location} failed: {_reason(exc)}")


def _without_echo(raw: str, sources: list[Source]) -> str:
    """`raw` without an opening echo of the prompt's source layout ("[1] SpikeInit: ...", "SpikeInit: ...",
    "[1]: [1] SpikeInit: ..."): the echoed title and colons go, the source markers lead the text so
    that `split_answer` puts them at the end of the first sentence."""
    text = raw.lstrip()
    lead = _LEADING_LAYOUT.match(text)
    markers = _MARKER_TOKEN.findall(lead.group(0))
    body = text[lead.end():]
    for source in sources:
        title = source.hit.title
        echo = next((e for e in (f"[{source.n}] {title}:", f"{title}:") if title and body.startswith(e)), None)
        if echo:
            markers.append(f"[{source.n}]")
            body = body[len(echo):].lstrip()
            break
    if not markers:
        return raw
    return " ".join(dict.fromkeys(markers)) + " " + body


_LEADING_LAYOUT = re.compile(r"(?:\[\d+\]\s*:?\s*)*")  # "[1]: ", "[1] [2] " opening an answer
_MARKER_TOKEN = re.compile(r"\[\d+\]")


EMPTY_REPLY = "the reply held no text (an empty or unreadable completion; check llm.api_base and llm.model)"


def _reason(exc: BaseException) -> str:
    """A short, key-free reason for a client exception."""
    name = type(exc).__name__
    if isinstance(exc, ValueError) and "JSON" in name:
        return "the reply is not valid JSON (is llm.api_base an OpenAI-compatible server?)"
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
