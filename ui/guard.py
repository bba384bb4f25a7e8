"""One line per rejected request in the server log: the page's handlers and the ASGI server.

A malformed call to the page's API (wrong arguments to a named endpoint, junk in a raw POST) must
not write a Python traceback to the log. `guarded` wraps each page handler so any failure reaches
Gradio as a one-line `gr.Error` that Gradio does not print, logged once as one line;
`quiet_server_errors` does the same for exceptions the ASGI server itself logs (e.g. an unknown
endpoint name). `rag serve --debug` turns tracebacks back on (`set_debug`).
"""

from __future__ import annotations

import functools
import inspect
import logging
import traceback
from typing import Any, Callable

import gradio as gr

from rag.errors import RagError
from rag.text import first_line

log = logging.getLogger("paper_rag.page")
_debug = False


def set_debug(debug: bool) -> None:
    """Log full tracebacks of rejected requests (True, for `rag serve --debug`) or one line each."""
    global _debug
    _debug = debug


def describe(exc: BaseException) -> str:
    """The one line shown and logged for a failure: a RagError's own message, else `internal error (Type): ...`."""
    if isinstance(exc, gr.Error):
        return first_line(Exception(exc.message))
    if isinstance(exc, RagError):
        return first_line(exc)
    return f"internal error ({type(exc).__name__}): {first_line(exc)}"


def report(where: str, exc: BaseException) -> str:
    """Log `exc` as one line (with its traceback under --debug); returns that line."""
    message = describe(exc)
    log.warning("%s rejected: %s", where, message)
    if _debug:
        traceback.print_exception(exc)
    return message


def guarded(handler: Callable[..., Any]) -> Callable[..., Any]:
    """`handler` (a function or generator function), with any failure turned into a one-line gr.Error
    that Gradio shows but does not print; the failure is logged once by `report`."""
    where = f"page call {handler.__name__}"
    if inspect.isgeneratorfunction(handler):
        @functools.wraps(handler)
        def stream(*args: Any, **kwargs: Any) -> Any:
            try:
                yield from handler(*args, **kwargs)
            except Exception as exc:
                raise gr.Error(report(where, exc), print_exception=False) from None
        return stream

    @functools.wraps(handler)
    def call(*args: Any, **kwargs: Any) -> Any:
        try:
            return handler(*args, **kwargs)
        except Exception as exc:
            raise gr.Error(report(where, exc), print_exception=False) from None
    return call


class _OneLine(logging.Filter):
    """Rewrites a log record carrying an exception into one line (type and first line of the message)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.exc_info and record.exc_info[1] is not None and not _debug:
            exc = record.exc_info[1]
            record.msg, record.args = f"{record.getMessage()}: {describe(exc)}", ()
            record.exc_info, record.exc_text = None, None
        return True


def quiet_server_errors() -> None:
    """Make the ASGI server (uvicorn) log a request that raised as one line, unless debugging."""
    for name in ("uvicorn.error", "uvicorn.asgi"):
        logger = logging.getLogger(name)
        if not any(isinstance(f, _OneLine) for f in logger.filters):
            logger.addFilter(_OneLine())
