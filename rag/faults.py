"""Fault-injection hooks for the crash tests (tests/test_faults_ingest.py); inert unless asked for.

Nothing here is a setting. Two environment variables, both outside the RAG_ settings namespace, are
read only by the stages that call `fault_point`:

- `PAPER_RAG_FAULT_AFTER=<stage>` kills the process with SIGKILL (no cleanup, like a power cut)
  when ingest reaches `<stage>`: after-lock, after-embed, mid-write (after the first write batch),
  after-write (new versions stored, old ones not yet deleted), mid-delete (after the first delete
  batch), after-delete (before the BM25 rebuild).
- `PAPER_RAG_FAULT_PAUSE=<stage>:<file>` waits there until `<file>` exists (at most 5 minutes), so a
  test can hold the ingest lock for as long as it needs.
- `PAPER_RAG_FAULT_BATCH=<n>` writes and deletes in batches of n chunks, so mid-write is reachable.
"""

from __future__ import annotations

import os
import signal
import sys
import time

STAGES = ("after-lock", "after-embed", "mid-write", "after-write", "mid-delete", "after-delete")


def fault_point(stage: str) -> None:
    """Kill or pause the process here when the fault variables name `stage`; otherwise do nothing."""
    assert stage in STAGES, stage
    if os.environ.get("PAPER_RAG_FAULT_AFTER") == stage:
        print(f"fault injection: killing the process at {stage}", file=sys.stderr, flush=True)
        os.kill(os.getpid(), signal.SIGKILL)
    name, _, release = os.environ.get("PAPER_RAG_FAULT_PAUSE", "").partition(":")
    if name == stage and release:
        print(f"fault injection: pausing at {stage} until {release} exists", file=sys.stderr, flush=True)
        deadline = time.monotonic() + 300
        while not os.path.exists(release) and time.monotonic() < deadline:
            time.sleep(0.1)


def fault_batch(default: int) -> int:
    """The write batch size: `PAPER_RAG_FAULT_BATCH` when set (tests only), else `default`."""
    value = os.environ.get("PAPER_RAG_FAULT_BATCH", "")
    return int(value) if value.isdigit() and int(value) > 0 else default
