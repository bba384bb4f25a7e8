"""The HTTP API: an OpenAI-compatible chat endpoint and the CLI's own JSON, both over `RagService`.

Routes (served by `rag serve` beside the chat page, on the same port):
- `GET /healthz`, `GET /v1/stats`;
- `GET /v1/models`: every profile, as a model;
- `POST /v1/chat/completions`: OpenAI's chat completions, streaming (SSE) or not. `model` picks
  the profile, earlier messages serve follow-ups, the answer keeps its [n] markers, and the
  citations come in an extra `citations` field (in the last chunk when streaming). Only checked
  text is ever sent: a stream carries the checked answer once the grounding check has passed it.
- `POST /v1/search` and `POST /v1/ask`: the `rag search --json` and `rag ask --json` shapes.

Every failure is one line: OpenAI's error shape on the OpenAI routes, `{"error": "..."}` on ours,
with the right status. A model failure still returns the retrieved sources. Request bodies are
bounded by `api.max_body_bytes`; each rejected request is logged as one line.
"""

from __future__ import annotations

import json
import logging
import time
import uuid
from typing import Any, Iterator, Literal

from fastapi import APIRouter, FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, StreamingResponse
from pydantic import BaseModel, ConfigDict, Field, ValidationError
from starlette.concurrency import run_in_threadpool
from starlette.middleware.base import BaseHTTPMiddleware

from rag.answer import Answer
from rag.auth import ApiGuard
from rag.errors import ComponentError, EmptyStoreError, RagError
from rag.service import RagService
from rag.text import first_line

log = logging.getLogger("paper_rag.api")
OPENAI_PREFIXES = ("/v1/chat/", "/v1/models")
API_PREFIXES = ("/healthz", "/v1/")  # the gate guards these; the page mounted beside keeps its own login
STREAM_WORDS = 4  # words of checked text per streamed chunk


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid")


class SearchRequest(_Body):
    query: str
    k: int | None = Field(None, ge=1, le=100)
    filters: dict[str, str | int | float | bool] = {}
    mode: Literal["hybrid", "dense", "bm25"] | None = None


class AskRequest(_Body):
    question: str
    k: int | None = Field(None, ge=1, le=20)
    profile: str | None = None
    history: list[dict[str, Any]] = []


class ChatMessage(BaseModel):
    model_config = ConfigDict(extra="allow")
    role: Literal["system", "user", "assistant", "tool", "developer"]
    content: str | list[dict[str, Any]] | None = None


class ChatRequest(BaseModel):
    # OpenAI clients send many optional fields (temperature, top_p, user, ...); they are accepted
    # and ignored, since the profile decides how answers are written.
    model_config = ConfigDict(extra="allow")
    model: str
    messages: list[ChatMessage] = Field(min_length=1)
    stream: bool = False


class ApiError(Exception):
    """A request the API refuses: HTTP `status`, one-line `message`, OpenAI `kind`/`code`/`param`."""

    def __init__(self, status: int, message: str, kind: str = "invalid_request_error",
                 code: str | None = None, param: str | None = None) -> None:
        super().__init__(message)
        self.status, self.message, self.kind, self.code, self.param = status, message, kind, code, param


def build_api(service: RagService, guard: ApiGuard, max_body_bytes: int) -> FastAPI:
    """The API as a FastAPI app (mount it, or serve it alone); `guard` decides who may call it."""
    app = FastAPI(title="paper-rag API", docs_url=None, redoc_url=None, openapi_url=None)
    app.add_middleware(_Gate, guard=guard, max_body_bytes=max_body_bytes)
    app.include_router(_routes(service))
    app.add_exception_handler(ApiError, _api_error)
    app.add_exception_handler(RequestValidationError, _validation_error)
    app.add_exception_handler(RagError, _rag_error)
    return app


def _routes(service: RagService) -> APIRouter:
    router = APIRouter()

    @router.get("/healthz")
    def healthz() -> dict[str, Any]:
        return {"status": "ok", "profile": service.settings.profile}

    @router.get("/v1/stats")
    def stats() -> dict[str, Any]:
        return service.stats()

    @router.post("/v1/search")
    async def search(request: Request) -> dict[str, Any]:
        body = await _parse(request, SearchRequest)

        def run() -> dict[str, Any]:
            hits = service.search(body.query, top_k=body.k, filters=body.filters, mode=body.mode)
            return {"query": body.query, "results": [h.as_dict() for h in hits]}

        return await run_in_threadpool(run)

    @router.post("/v1/ask")
    async def ask(request: Request) -> JSONResponse:
        body = await _parse(request, AskRequest)
        profile = _profile(service, body.profile, "profile")
        answer = await run_in_threadpool(_answerer_ask, service, body.question, body.history, body.k, profile)
        return JSONResponse(answer.as_dict(), status_code=502 if answer.error else 200)

    @router.get("/v1/models")
    def models() -> dict[str, Any]:
        return {"object": "list", "data": [_model_card(name) for name in service.profiles()]}

    @router.post("/v1/chat/completions")
    async def chat(request: Request) -> Any:
        body = await _parse(request, ChatRequest)
        profile = _profile(service, body.model, "model")
        question, history = _split_conversation(body.messages)
        if body.stream:
            stream = await run_in_threadpool(_stream_of, service, question, history, profile)
            return StreamingResponse(_sse(stream, profile), media_type="text/event-stream")
        answer = await run_in_threadpool(_answerer_ask, service, question, history, None, profile)
        if answer.error:
            return _model_failure(answer)
        return _completion(answer, profile)

    return router


async def _parse(request: Request, model: type[BaseModel]) -> Any:
    """The JSON body as `model`, whatever Content-Type the client sent (curl -d sends a form type)."""
    raw = await request.body()
    try:
        return model.model_validate_json(raw or b"{}")
    except ValidationError as exc:
        raise RequestValidationError(exc.errors()) from None


def _profile(service: RagService, name: str | None, param: str) -> str:
    """`name` when it is a known profile (None means the service's own), else a 404 naming the choices."""
    if name is None:
        return service.settings.profile
    if name not in service.profiles():
        raise ApiError(404, f"unknown {param} '{name}'; choose one of {', '.join(service.profiles())} (GET /v1/models)",
                       code="model_not_found", param=param)
    return name


def _answerer_ask(service: RagService, question: str, history: list[dict[str, Any]], k: int | None, profile: str) -> Answer:
    return _stream_of(service, question, history, profile, k).answer


def _stream_of(service: RagService, question: str, history: list[dict[str, Any]], profile: str, k: int | None = None) -> Any:
    """The answer stream; a bad question or a profile that cannot start is a 400/503 before anything is sent."""
    try:
        service.answerer(profile)
    except RagError as exc:
        raise ApiError(503, f"profile '{profile}' cannot start: {exc}", kind="server_error", code="backend_unavailable") from None
    try:
        return service.stream(question, history=history, top_k=k, profile=profile)
    except (EmptyStoreError, ComponentError):
        raise  # 409 / 503 by _rag_error
    except RagError as exc:
        raise ApiError(400, str(exc), param="messages") from None


def _split_conversation(messages: list[ChatMessage]) -> tuple[str, list[dict[str, Any]]]:
    """(the last user message's text, the earlier messages) of an OpenAI conversation."""
    last = messages[-1]
    if last.role != "user":
        raise ApiError(400, "the last message must come from the user; it holds the question", param="messages")
    history = [{"role": m.role, "content": _text(m.content)} for m in messages[:-1] if m.role in ("user", "assistant")]
    return _text(last.content), history


def _text(content: str | list[dict[str, Any]] | None) -> str:
    if isinstance(content, list):
        return " ".join(str(part.get("text", "")) for part in content if part.get("type") == "text")
    return content or ""


def _model_card(profile: str) -> dict[str, Any]:
    return {"id": profile, "object": "model", "created": 0, "owned_by": "paper-rag"}


def _completion(answer: Answer, profile: str) -> dict[str, Any]:
    """A chat.completion object for a checked answer, with its citations and the full `rag ask` JSON."""
    return {
        "id": f"chatcmpl-{uuid.uuid4().hex}",
        "object": "chat.completion",
        "created": int(time.time()),
        "model": profile,
        "choices": [{"index": 0, "message": {"role": "assistant", "content": answer.answer}, "finish_reason": "stop"}],
        "usage": {"prompt_tokens": 0, "completion_tokens": 0, "total_tokens": 0},
        "citations": [c.as_dict() for c in answer.citations],
        "paper_rag": answer.as_dict(),
    }


def _sse(stream: Any, profile: str) -> Iterator[str]:
    """Server-sent events of an answer: the role at once, keep-alives while the model writes, then
    the checked answer in pieces, a last chunk with the citations, and [DONE]."""
    ident, created = f"chatcmpl-{uuid.uuid4().hex}", int(time.time())

    def chunk(delta: dict[str, Any], finish: str | None = None, **extra: Any) -> str:
        payload = {"id": ident, "object": "chat.completion.chunk", "created": created, "model": profile,
                   "choices": [{"index": 0, "delta": delta, "finish_reason": finish}], **extra}
        return f"data: {json.dumps(payload, ensure_ascii=False)}\n\n"

    yield chunk({"role": "assistant", "content": ""})
    try:
        for _ in stream:
            yield ": writing\n\n"  # an SSE comment: the connection is alive, nothing unchecked is shown
        answer = stream.answer
    except Exception as exc:  # headers are sent: the failure becomes the stream's last event, in one line
        message = str(exc) if isinstance(exc, RagError) else f"internal error ({type(exc).__name__}): {first_line(exc)}"
        log.warning("answer stream failed: %s", message)
        yield f"data: {json.dumps({'error': {'message': message, 'type': 'server_error', 'code': 'stream_error'}})}\n\n"
        yield "data: [DONE]\n\n"
        return
    if answer.error:
        log.warning("model failure: %s", answer.error)
        error = {"message": answer.error, "type": "server_error", "code": "model_error"}
        yield f"data: {json.dumps({'error': error, 'sources': [h.as_dict() for h in answer.sources]})}\n\n"
        yield "data: [DONE]\n\n"
        return
    words = answer.answer.split(" ")
    for start in range(0, len(words), STREAM_WORDS):
        piece = " ".join(words[start:start + STREAM_WORDS])
        yield chunk({"content": piece if start == 0 else " " + piece})
    yield chunk({}, "stop", citations=[c.as_dict() for c in answer.citations], paper_rag=answer.as_dict())
    yield "data: [DONE]\n\n"


def _model_failure(answer: Answer) -> JSONResponse:
    log.warning("model failure: %s", answer.error)
    error = {"message": answer.error, "type": "server_error", "param": None, "code": "model_error"}
    return JSONResponse({"error": error, "sources": [h.as_dict() for h in answer.sources]}, status_code=502)


def _error_response(request: Request, status: int, message: str, kind: str = "invalid_request_error",
                    code: str | None = None, param: str | None = None) -> JSONResponse:
    """One-line error in the shape the route's clients expect, logged as one line."""
    log.warning("%s %s -> %d: %s", request.method, request.url.path, status, message)
    if request.url.path.startswith(OPENAI_PREFIXES):
        return JSONResponse({"error": {"message": message, "type": kind, "param": param, "code": code}}, status_code=status)
    return JSONResponse({"error": message}, status_code=status)


async def _api_error(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, ApiError)
    return _error_response(request, exc.status, exc.message, exc.kind, exc.code, exc.param)


async def _rag_error(request: Request, exc: Exception) -> JSONResponse:
    # An empty store is a conflict with the request (409); a failing component is the server's (503).
    status = 409 if isinstance(exc, EmptyStoreError) else 503 if isinstance(exc, ComponentError) else 400
    kind = "server_error" if status == 503 else "invalid_request_error"
    return _error_response(request, status, str(exc), kind)


async def _validation_error(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, RequestValidationError)
    error = exc.errors()[0]
    where = ".".join(str(p) for p in error.get("loc", ()) if p != "body") or "body"
    if error.get("type") == "json_invalid":
        message = "the request body is not valid JSON"
    else:
        message = f"bad field '{where}': {first_line(Exception(error.get('msg', 'invalid')), 200)}"
    return _error_response(request, 400, message, param=where)


class _Gate(BaseHTTPMiddleware):
    """Refuses, before any route runs, a request without credentials (401) or with too large a body (413)."""

    def __init__(self, app: Any, guard: ApiGuard, max_body_bytes: int) -> None:
        super().__init__(app)
        self.guard = guard
        self.max_body_bytes = max_body_bytes

    async def dispatch(self, request: Request, call_next: Any) -> Any:
        if not request.url.path.startswith(API_PREFIXES):
            return await call_next(request)
        if not self.guard.allows(request.headers.get("authorization")):
            response = _error_response(request, 401, "credentials required: HTTP Basic with the page's login, or a bearer token",
                                       kind="authentication_error", code="invalid_api_key")
            response.headers["WWW-Authenticate"] = 'Basic realm="paper-rag", Bearer'
            return response
        length = request.headers.get("content-length")
        if length and length.isdigit() and int(length) > self.max_body_bytes:
            return _error_response(request, 413, f"request body is {length} bytes; the limit is {self.max_body_bytes} (api.max_body_bytes)")
        if request.method == "POST":
            body = await request.body()
            if len(body) > self.max_body_bytes:
                return _error_response(request, 413, f"request body is over {self.max_body_bytes} bytes (api.max_body_bytes)")
        return await call_next(request)
