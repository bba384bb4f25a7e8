"""Fine-tunes the embedding model offline (`rag train embedder`): the bi-encoder itself, from the
configured embedding model (by default the bundled all-MiniLM-L6-v2).

It learns from rag.training_queries groups (judged queries, or pairs made from papers alone) with the in-batch contrastive loss of sentence-transformers'
MultipleNegativesRankingLoss: each query should be closer (cosine x 20) to its relevant passage than
to every other passage of the batch, the other queries' relevant passages and all hard negatives
included. The folder it writes (by default <data_dir>/models/embedder) is a sentence-transformers
model that `embedding.model` takes; a store embedded with another model must then be rebuilt
(`rag ingest --reindex`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Sequence

from rag.errors import RagError
from rag.finetune import run_loop, start_run, write_card
from rag.settings import Settings
from rag.training_queries import Group

CARD = "embedder.json"
SCALE = 20.0  # cosine similarities x 20 before the softmax, as in MultipleNegativesRankingLoss


def model_dir(settings: Settings) -> Path:
    """Where `rag train embedder` saves by default: <data_dir>/models/embedder."""
    return settings.data_path / "models" / "embedder"


def train_embedder(
    settings: Settings, groups: list[Group], folder: Path, held_out: dict[str, set[str]] | None = None,
    epochs: float = 1.0, minutes: float = 30.0, max_length: int = 256, batch_size: int = 16,
    negatives: int = 1, lr: float = 3e-5, seed: int = 0, progress: bool = True,
) -> dict[str, Any]:
    """Fine-tune the embedding model on `groups` (the first `negatives` hard negatives of each) and
    save it in `folder` (overwriting), stopping after `epochs` passes or `minutes`; returns the card.

    rag.finetune's loop: warm-up over 10% of the steps, then linear decay; bf16 autocast where the CPU has it.
    """
    import torch
    from sentence_transformers import SentenceTransformer

    from rag.verifier_model import cpu_autocast

    groups, base = start_run(settings, groups, seed)
    try:
        model = SentenceTransformer(base, device="cpu")
    except (OSError, ValueError) as exc:
        raise RagError(f"cannot load the embedding model {base} to train: {str(exc).splitlines()[0]}") from None
    model.max_seq_length = max_length
    model.train()

    def embed(texts: list[str]) -> Any:
        with cpu_autocast():
            vectors = model(model.preprocess(texts))["sentence_embedding"].float()
        return torch.nn.functional.normalize(vectors, dim=-1)

    def batch_loss(batch: Sequence[Group]) -> Any:
        queries = embed([g.query for g in batch])
        passages = embed([g.passages[0] for g in batch] + [p for g in batch for p in g.passages[1:1 + negatives]])
        return torch.nn.functional.cross_entropy(SCALE * queries @ passages.T, torch.arange(len(batch)))

    run = run_loop(groups, batch_size, epochs, minutes, [{"params": list(model.parameters()), "lr": lr}],
                   batch_loss, "embedding model", progress, warmup_share=0.1)
    model.eval()
    folder.mkdir(parents=True, exist_ok=True)
    model.save(str(folder))
    return write_card(folder, CARD, base, groups, run, held_out or {}, negatives=negatives,
                      max_length=max_length, batch_size=batch_size, lr=lr)
