"""Fine-tunes the re-ranker offline (`rag train reranker`): a cross-encoder from the bundled MiniLM.

It learns from rag.training_queries groups (judged train queries) with softmax
cross-entropy over each group: the relevant passage should score above the hard negatives. The
folder it writes (by default <data_dir>/models/reranker) is what `retrieval.rerank_model` takes.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Sequence

from rag.finetune import run_loop, start_run, write_card
from rag.settings import Settings
from rag.training_queries import Group

CARD = "reranker.json"


def model_dir(settings: Settings) -> Path:
    """Where `rag train reranker` saves by default: <data_dir>/models/reranker."""
    return settings.data_path / "models" / "reranker"


def train_reranker(
    settings: Settings, groups: list[Group], folder: Path, held_out: dict[str, set[str]] | None = None,
    epochs: float = 1.0, minutes: float = 30.0, max_length: int = 192, groups_per_step: int = 4,
    negatives: int = 3, lr: float = 5e-5, head_lr: float = 1e-3, seed: int = 0, progress: bool = True,
) -> dict[str, Any]:
    """Fine-tune a cross-encoder from the embedding model's weights on `groups` (the first `negatives`
    hard negatives of each) and save it in `folder` (overwriting), stopping after `epochs` passes or
    `minutes`; returns the run's card.

    The new scoring head learns at `head_lr` (it starts random), the encoder at `lr` (rag.finetune's
    loop: warm-up over 5% of the steps, then linear decay). Runs under bf16 autocast where the CPU has it.
    """
    import torch

    from rag.verifier_model import cpu_autocast, load_classifier

    groups, base = start_run(settings, groups, seed)
    model, tokenizer = load_classifier(base)
    model.train()
    head = [p for name, p in model.named_parameters() if name.startswith(("classifier", "bert.pooler"))]
    body = [p for name, p in model.named_parameters() if not name.startswith(("classifier", "bert.pooler"))]

    def batch_loss(batch: Sequence[Group]) -> Any:
        width = min(1 + negatives, *(len(g.passages) for g in batch))
        pairs = [(g.query, passage) for g in batch for passage in g.passages[:width]]
        encoded = tokenizer([q for q, _ in pairs], [p for _, p in pairs], truncation="only_second",
                            max_length=max_length, padding=True, return_tensors="pt")
        with cpu_autocast():
            logits = model(**encoded).logits.float().view(len(batch), width)
        return torch.nn.functional.cross_entropy(logits, torch.zeros(len(batch), dtype=torch.long))

    run = run_loop(groups, groups_per_step, epochs, minutes, [{"params": body, "lr": lr}, {"params": head, "lr": head_lr}],
                   batch_loss, "re-ranker", progress)
    folder.mkdir(parents=True, exist_ok=True)
    model.save_pretrained(str(folder))
    tokenizer.save_pretrained(str(folder))
    return write_card(folder, CARD, base, groups, run, held_out or {}, negatives=negatives, max_length=max_length)
