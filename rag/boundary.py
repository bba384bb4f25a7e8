"""The boundary between this tool and the libraries it calls: library exceptions become one line.

Every call into Chroma, bm25s and sentence-transformers goes through `component(...)`, so a
failure there (a server killed mid-request, a corrupt index, a broken model) reaches the CLI, the
page and the API as a `ComponentError` naming the component, the reason and the fix, never as a
library traceback. RagErrors raised inside pass through unchanged.
"""

from __future__ import annotations

from contextlib import contextmanager
from typing import Iterator

from rag.errors import ComponentError, RagError
from rag.text import first_line


@contextmanager
def component(name: str, fix: str) -> Iterator[None]:
    """Run the body; any non-RagError exception becomes `ComponentError("<name> failed: <reason>; <fix>")`."""
    try:
        yield
    except RagError:
        raise
    except Exception as exc:  # libraries raise their own connection, decoding and shape errors
        raise ComponentError(f"{name} failed: {_reason(exc)}; {fix}") from None


def _reason(exc: BaseException) -> str:
    """A short reason: connection failures say so plainly, anything else gives its first line."""
    name = type(exc).__name__
    if "Connect" in name or isinstance(exc, ConnectionError):
        return f"cannot connect ({first_line(exc, 120)})"
    return f"{first_line(exc, 200)} ({name})"
