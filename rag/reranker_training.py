"""Fine-tunes the re-ranker offline (`rag train reranker`): a cross-encoder from the bundled MiniLM.

Each training group is one query with its relevant passage and `negatives` hard negatives (the
query's best BM25 passages that are not relevant); the loss is softmax cross-entropy over the group.
Queries come from either or both of:
- a BEIR-style dataset with judgments (`queries.jsonl`, `corpus.jsonl`, `qrels/train.tsv`; only the
  train split is read), every `hold_out`-th query kept out and its judgments saved beside the model
  (`held_out_qrels.tsv`) to choose `retrieval.rerank_weight` on;
- papers of a corpus, self-supervised: a paper's title asks for its abstract, and one sentence of the
  abstract asks for the rest (the inverse cloze task), so a user can adapt the re-ranker to a field
  without judged questions.
The folder it writes (by default <data_dir>/models/reranker) is what `retrieval.rerank_model` takes.
"""

from __future__ import annotations

import csv
import json
import math
import random
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable

from rag.errors import RagError
from rag.settings import Settings
from rag.text import split_sentences, tokenize

CARD = "reranker.json"


@dataclass(frozen=True)
class Group:
    """One training query, its relevant passage first, then its hard negatives."""

    query: str
    passages: tuple[str, ...]


def model_dir(settings: Settings) -> Path:
    """Where `rag train reranker` saves by default: <data_dir>/models/reranker."""
    return settings.data_path / "models" / "reranker"


def dataset_groups(dataset: Path, negatives: int, rng: random.Random, hold_out: int) -> tuple[list[Group], dict[str, set[str]]]:
    """A group per judged (train query, relevant document) pair of a BEIR-style dataset, and the
    judgments of the queries held out (every `hold_out`-th in id order; none when 0)."""
    try:
        corpus = {str(d["_id"]): f"{d.get('title', '')}. {d['text']}".lstrip(". ") for d in _jsonl(dataset / "corpus.jsonl")}
        queries = {str(q["_id"]): q["text"] for q in _jsonl(dataset / "queries.jsonl")}
        rows = list(csv.reader((dataset / "qrels" / "train.tsv").read_text(encoding="utf-8").splitlines()[1:], delimiter="\t"))
    except (OSError, KeyError, ValueError) as exc:
        raise RagError(f"cannot read the training dataset {dataset}: {exc}; give a BEIR folder with corpus.jsonl, "
                       "queries.jsonl and qrels/train.tsv") from None
    qrels: dict[str, set[str]] = {}
    for row in rows:
        if len(row) >= 3 and row[2].strip().isdigit() and int(row[2]) > 0 and row[1] in corpus and row[0] in queries:
            qrels.setdefault(row[0], set()).add(row[1])
    held = {qid: docs for n, (qid, docs) in enumerate(sorted(qrels.items())) if hold_out and n % hold_out == 0}
    ids = list(corpus)
    negatives_of = _HardNegatives([corpus[i] for i in ids])
    groups = []
    for qid, relevant in sorted(qrels.items()):
        if qid in held:
            continue
        relevant_rows = {ids.index(d) for d in relevant}
        hard = negatives_of(queries[qid], relevant_rows, negatives, rng)
        groups += [Group(queries[qid], (corpus[d], *(corpus[ids[i]] for i in hard))) for d in sorted(relevant)]
    return groups, held


def corpus_groups(papers: Iterable[Any], negatives: int, rng: random.Random) -> list[Group]:
    """Self-supervised groups from papers (objects with `title` and `text`): title -> abstract when
    there is a title, and one random sentence -> the rest of the abstract."""
    documents, queries = [], []
    for paper in papers:
        spans = split_sentences(paper.text)
        if len(spans) < 3:
            continue
        row = len(documents)
        documents.append(paper.text)
        if paper.title and len(tokenize(paper.title)) >= 3:
            queries.append((paper.title, row, paper.text))
        start, end = spans[rng.randrange(len(spans))]
        rest = (paper.text[:start] + paper.text[end:]).strip()
        title = f"{paper.title}. " if paper.title else ""
        queries.append((paper.text[start:end], row, title + rest))
    if not documents:
        raise RagError("the training corpus has no abstract of three sentences or more; give paper files with abstracts")
    negatives_of = _HardNegatives(documents)
    return [Group(query, (positive, *(documents[i] for i in negatives_of(query, {row}, negatives, rng))))
            for query, row, positive in queries]


class _HardNegatives:
    """The best BM25 documents for a query, other than the relevant ones, topped up at random."""

    def __init__(self, documents: list[str]) -> None:
        import bm25s

        self.count = len(documents)
        self.index = bm25s.BM25()
        self.index.index([tokenize(d) or [""] for d in documents], show_progress=False)

    def __call__(self, query: str, relevant: set[int], negatives: int, rng: random.Random) -> list[int]:
        terms = [t for t in tokenize(query) if t in self.index.vocab_dict]
        ranked = [int(i) for i in self.index.get_scores(terms).argsort()[::-1][: negatives + len(relevant) + 4]] if terms else []
        hard = [i for i in ranked if i not in relevant][:negatives]
        while len(hard) < min(negatives, self.count - len(relevant)):
            pick = rng.randrange(self.count)
            if pick not in relevant and pick not in hard:
                hard.append(pick)
        return hard


def train_reranker(
    settings: Settings, groups: list[Group], folder: Path, held_out: dict[str, set[str]] | None = None,
    epochs: float = 1.0, minutes: float = 30.0, max_length: int = 192, groups_per_step: int = 4,
    lr: float = 5e-5, head_lr: float = 1e-3, seed: int = 0, progress: bool = True,
) -> dict[str, Any]:
    """Fine-tune a cross-encoder from the embedding model's weights on `groups` and save it in
    `folder` (overwriting), stopping after `epochs` passes or `minutes`; returns the run's card.

    The new scoring head learns at `head_lr` (it starts random), the encoder at `lr`; linear warm-up
    over 5% of the steps, then linear decay. Runs under bf16 autocast where the CPU has it.
    """
    import torch

    from rag.embeddings import resolve_model_path
    from rag.verifier_model import cpu_autocast, load_classifier

    if not groups:
        raise RagError("no training queries; give --dataset (a BEIR folder with qrels/train.tsv) or --corpus (paper files)")
    started = time.perf_counter()
    torch.manual_seed(seed)
    random.Random(seed).shuffle(groups)
    base = resolve_model_path(settings.embedding.model)
    model, tokenizer = load_classifier(base)
    model.train()
    head = [p for name, p in model.named_parameters() if name.startswith(("classifier", "bert.pooler"))]
    body = [p for name, p in model.named_parameters() if not name.startswith(("classifier", "bert.pooler"))]
    optimizer = torch.optim.AdamW([{"params": body, "lr": lr}, {"params": head, "lr": head_lr}], weight_decay=0.01)
    per_epoch = math.ceil(len(groups) / groups_per_step)
    steps = max(1, int(per_epoch * epochs))
    warmup = max(1.0, 0.05 * steps)
    schedule = torch.optim.lr_scheduler.LambdaLR(optimizer, lambda s: min(1.0, (s + 1) / warmup) * max(0.0, 1 - s / steps))
    seen, running = 0, 0.0
    for step in range(steps):
        first = (step % per_epoch) * groups_per_step
        batch = groups[first:first + groups_per_step]
        width = min(len(g.passages) for g in batch)
        pairs = [(g.query, passage) for g in batch for passage in g.passages[:width]]
        encoded = tokenizer([q for q, _ in pairs], [p for _, p in pairs], truncation="only_second",
                            max_length=max_length, padding=True, return_tensors="pt")
        with cpu_autocast():
            logits = model(**encoded).logits.float().view(len(batch), width)
        loss = torch.nn.functional.cross_entropy(logits, torch.zeros(len(batch), dtype=torch.long))
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        optimizer.step()
        schedule.step()
        optimizer.zero_grad()
        seen += len(batch)
        running = loss.item() if step == 0 else 0.95 * running + 0.05 * loss.item()
        elapsed = time.perf_counter() - started
        if progress and (step % 10 == 0 or step == steps - 1):
            eta = elapsed / (step + 1) * (steps - step - 1)
            print(f"\rtraining re-ranker: step {step + 1}/{steps}, loss {running:.3f} (chance {math.log(width):.3f}), "
                  f"{elapsed:.0f} s, ETA {eta:.0f} s ", end="", file=sys.stderr, flush=True)
        if elapsed > minutes * 60:
            if progress:
                print(f"\nstopping at the {minutes:g}-minute budget", end="", file=sys.stderr)
            break
    if progress:
        print(file=sys.stderr)
    folder.mkdir(parents=True, exist_ok=True)
    model.save_pretrained(str(folder))
    tokenizer.save_pretrained(str(folder))
    held_out = held_out or {}
    if held_out:
        (folder / "held_out_qrels.tsv").write_text(
            "query-id\tcorpus-id\tscore\n" + "".join(f"{q}\t{d}\t1\n" for q, docs in sorted(held_out.items()) for d in sorted(docs)),
            encoding="utf-8")
    card = {"folder": str(folder), "base": str(base), "groups": len(groups), "epochs": round(seen / len(groups), 2),
            "steps": step + 1, "loss": round(running, 4), "negatives": len(groups[0].passages) - 1,
            "max_length": max_length, "held_out_queries": len(held_out), "seconds": round(time.perf_counter() - started, 1)}
    (folder / CARD).write_text(json.dumps(card, indent=2), encoding="utf-8")
    return card


def _jsonl(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
