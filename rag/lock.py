"""One ingest at a time per store: an advisory lock file held with fcntl.flock for the whole write.

Embedded stores lock their data dir (`DATA_DIR/ingest.lock`). Server stores lock a file under the
local data dir named after host, port and collection, which serialises ingests started from this
machine only: a Chroma server shared by several machines cannot be locked with a local file. The
OS releases the lock when its holder exits, even on kill -9, so a crash never leaves a stale lock.
Readers (search, ask, the chat page) take no lock.
"""

from __future__ import annotations

import fcntl
import os
import re
import sys
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from rag.errors import RagError
from rag.settings import Settings


def lock_path(settings: Settings, collection: str) -> Path:
    """The lock file that serialises ingests into `collection` of the configured store."""
    store = settings.store
    if store.mode != "http":
        return settings.data_path / "ingest.lock"
    name = re.sub(r"[^A-Za-z0-9._-]", "_", f"{store.host}_{store.port}_{collection}")
    return settings.data_path / "locks" / f"ingest-{name}.lock"


@contextmanager
def ingest_lock(settings: Settings, collection: str, wait: bool = True) -> Iterator[None]:
    """Hold the ingest lock of `collection` for the `with` body.

    When another process holds it: with `wait`, print one line to stderr and block until it is
    free; without, raise RagError naming the holder's pid at once.
    """
    path = lock_path(settings, collection)
    path.parent.mkdir(parents=True, exist_ok=True)
    where = settings.data_path if settings.store.mode != "http" else f"{settings.store.host}:{settings.store.port}/{collection}"
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = _holder(path)
            if not wait:
                raise RagError(
                    f"another ingest is running on {where} (pid {holder}); wait for it to finish or drop --no-wait"
                ) from None
            print(f"waiting for another ingest on {where} (pid {holder}) ...", file=sys.stderr, flush=True)
            fcntl.flock(fd, fcntl.LOCK_EX)
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
        yield
    finally:
        os.close(fd)


def ingest_running(settings: Settings, collection: str) -> bool:
    """True while some process (this one included) holds the ingest lock of `collection`."""
    path = lock_path(settings, collection)
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return False  # no ingest has ever run here
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
        return False
    except BlockingIOError:
        return True
    finally:
        os.close(fd)  # closing drops the shared lock taken above


def _holder(path: Path) -> str:
    try:
        return path.read_text().strip() or "unknown"
    except OSError:
        return "unknown"
