"""The training loop shared by the models `rag train` fine-tunes on CPU: batches of groups, AdamW with
linear warm-up and decay, gradient clipping, a progress line with loss and ETA, a time budget."""

from __future__ import annotations

import json
import math
import random
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Sequence

from rag.errors import RagError
from rag.settings import Settings
from rag.training_queries import Group, write_qrels


def start_run(settings: Settings, groups: Sequence[Group], seed: int) -> tuple[list[Group], str]:
    """Seed torch, and return `groups` shuffled by `seed` (a new list) with the path of the configured
    embedding model the run starts from; RagError when there is nothing to train on."""
    import torch

    from rag.embeddings import resolve_model_path

    if not groups:
        raise RagError("no training queries; give --dataset, a BEIR folder whose qrels/train.tsv judges some queries"
                       " (or, for the embedder, --corpus with paper files)")
    torch.manual_seed(seed)
    shuffled = list(groups)
    random.Random(seed).shuffle(shuffled)
    return shuffled, resolve_model_path(settings.embedding.model)


@dataclass
class LoopResult:
    """What a run did: optimizer steps, groups seen (with repeats), the smoothed last loss, seconds."""

    steps: int
    seen: int
    loss: float
    seconds: float


def run_loop(
    groups: Sequence[Group], batch_size: int, epochs: float, minutes: float, param_groups: list[dict[str, Any]],
    batch_loss: Callable[[Sequence[Group]], Any], label: str, progress: bool = True, warmup_share: float = 0.05,
) -> LoopResult:
    """Minimise `batch_loss(batch)` (a scalar torch tensor) over `groups` in order, `batch_size` at a
    time, for `epochs` passes or until `minutes` have gone by, whichever comes first."""
    import torch

    started = time.perf_counter()
    optimizer = torch.optim.AdamW(param_groups, weight_decay=0.01)
    per_epoch = math.ceil(len(groups) / batch_size)
    steps = max(1, int(per_epoch * epochs))
    warmup = max(1.0, warmup_share * steps)
    schedule = torch.optim.lr_scheduler.LambdaLR(optimizer, lambda s: min(1.0, (s + 1) / warmup) * max(0.0, 1 - s / steps))
    parameters = [p for group in param_groups for p in group["params"]]
    seen, running, step = 0, 0.0, 0
    for step in range(steps):
        first = (step % per_epoch) * batch_size
        batch = groups[first:first + batch_size]
        loss = batch_loss(batch)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(parameters, 1.0)
        optimizer.step()
        schedule.step()
        optimizer.zero_grad()
        seen += len(batch)
        running = loss.item() if step == 0 else 0.95 * running + 0.05 * loss.item()
        elapsed = time.perf_counter() - started
        if progress and (step % 10 == 0 or step == steps - 1):
            eta = elapsed / (step + 1) * (steps - step - 1)
            print(f"\rtraining {label}: step {step + 1}/{steps}, loss {running:.3f}, {elapsed:.0f} s, ETA {eta:.0f} s ",
                  end="", file=sys.stderr, flush=True)
        if elapsed > minutes * 60:
            if progress:
                print(f"\nstopping at the {minutes:g}-minute budget", end="", file=sys.stderr)
            break
    if progress:
        print(file=sys.stderr)
    return LoopResult(step + 1, seen, running, time.perf_counter() - started)


def write_card(folder: Path, name: str, base: str, groups: Sequence[Group], run: LoopResult,
               held_out: dict[str, set[str]], **details: Any) -> dict[str, Any]:
    """Record a finished run in `folder`: the card `name` (JSON, also returned) and, when queries were
    held out, their judgments as held_out_qrels.tsv."""
    if held_out:
        write_qrels(folder / "held_out_qrels.tsv", held_out)
    card = {"folder": str(folder), "base": str(base), "groups": len(groups), "epochs": round(run.seen / len(groups), 2),
            "steps": run.steps, "loss": round(run.loss, 4), "negatives": len(groups[0].passages) - 1,
            **details, "held_out_queries": len(held_out), "seconds": round(run.seconds, 1)}
    (folder / name).write_text(json.dumps(card, indent=2), encoding="utf-8")
    return card
