"""Can learned weights choose the answering sentence better than compose's hand-set ones? And why do
the answerable questions of the dev QA sets miss their fact?

For every single-turn answerable question of the named QA sets, the real extractive pipeline answers
it while each call of `rag.compose._scores` is recorded: per sentence of the scored paper, its
retrieval score, its focus (`_focus`) and, for each hand-set bonus or penalty of `_scores`, whether it
applied (the score with that constant set to 0, subtracted from the full score, over the constant),
and whether `_answering` deems it eligible. A sentence is right when it holds every `answer_contains`
phrase.

Then (1) each miss is put down to one cause: refused; a silence answered; the gold paper never
scored; no single sentence holds the fact; the fact's sentence not eligible; eligible but not chosen.
(2) On the questions with a choice to make (a gold paper scored, two or more eligible sentences, some
but not all right), a softmax over the eligible sentences is fitted on the --train sets (L-BFGS,
L2 toward the hand weights at the temperature that fits them best) and the top-1 / top-2 choice
compared with the hand weights on the --test sets, with one weight vector for all questions and
one per intent kind.

    .venv/bin/python bench/sentence_choice.py --data-dir DIR [--records FILE] [--train SET ...] [--test SET ...]

--records caches what was recorded (JSON lines): an existing file is read instead of answering.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np
from scipy.optimize import minimize, minimize_scalar

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import rag.compose as compose  # noqa: E402
from bench.common import REPO_ROOT, print_table  # noqa: E402
from rag.service import RagService  # noqa: E402
from rag.settings import load_settings  # noqa: E402

CONSTANTS = ["ASKED_BONUS", "PARTS_BONUS", "MADE_OF_BONUS", "EXCLUDED_PENALTY", "PHRASE_BONUS", "NUMBER_BONUS", "UNIT_BONUS",
             "NAME_BONUS", "ACTS_ON_BONUS", "NOUN_BONUS", "TITLE_BONUS", "FINDING_BONUS", "BACKGROUND_PENALTY", "REASON_BONUS",
             "CONDITION_BONUS", "CONTRIBUTION_BONUS", "OTHER_SIDE_BONUS"]
FEATURES = ["retrieval", "focus", *CONSTANTS]
CLOSEST = "The closest papers are:"
L2 = 0.01


def record(service: RagService, qa: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each question answered, with every `_scores` call's per-sentence features (see the module docstring)."""
    calls: list[dict[str, Any]] = []
    scores = compose._scores

    def recorded(source: Any, intent: Any, question: str) -> np.ndarray:
        full = scores(source, intent, question)
        features = {"retrieval": list(map(float, source.scores)), "focus": list(map(float, compose._focus(source, question)))}
        for name in CONSTANTS:
            value = getattr(compose, name)
            setattr(compose, name, 0.0)
            try:
                features[name] = list(map(float, (full - scores(source, intent, question)) / value))
            finally:
                setattr(compose, name, value)
        calls.append({"paper": source.hit.paper_id, "kind": intent.kind, "full": list(map(float, full)), "features": features,
                      "eligible": list(map(bool, compose._answering(source, intent, question))),
                      "sentences": [source.sentence(i) for i in range(len(source.spans))]})
        return full

    compose._scores = recorded
    out = []
    try:
        for n, q in enumerate(qa, start=1):
            calls.clear()
            answer = service.ask(q["question"])
            out.append({**q, "answer": answer.answer, "refused": answer.refused, "calls": list(calls)})
            print(f"\r  answered {n}/{len(qa)}", end="", file=sys.stderr, flush=True)
    finally:
        compose._scores = scores
    print(file=sys.stderr)
    return out


def _holds(text: str, want: list[str]) -> bool:
    return all(w.lower() in text.lower() for w in want)


def _gold_call(item: dict[str, Any]) -> dict[str, Any] | None:
    """The first recorded scoring of one of `item`'s gold papers, None when none was scored."""
    return next((c for c in item["calls"] if c["paper"] in item["gold_papers"]), None)


def cause(item: dict[str, Any]) -> str:
    """Why `item` misses its fact ("right" when it does not)."""
    if _holds(item["answer"].split(CLOSEST)[0], item["answer_contains"]):
        return "right"
    if item["refused"]:
        return "refused"
    if any("does not" in w for w in item["answer_contains"]):
        return "silence answered"
    call = _gold_call(item)
    if call is None:
        return "gold paper never scored"
    right = [_holds(s, item["answer_contains"]) for s in call["sentences"]]
    if not any(right):
        return "no single sentence holds the fact"
    return "eligible, not chosen" if any(r and e for r, e in zip(right, call["eligible"])) else "fact's sentence not eligible"


def choices(items: list[dict[str, Any]]) -> list[tuple[str, str, np.ndarray, np.ndarray, np.ndarray]]:
    """(set, intent kind, features of the eligible sentences, which are right, hand scores) of each
    question with a choice to make."""
    out = []
    for item in items:
        call = _gold_call(item)
        if call is None or any("does not" in w for w in item["answer_contains"]):
            continue
        eligible = np.array(call["eligible"], dtype=bool)
        right = np.array([_holds(s, item["answer_contains"]) for s in call["sentences"]])[eligible]
        if eligible.sum() >= 2 and right.any() and not right.all():
            features = np.array([call["features"][f] for f in FEATURES]).T[eligible]
            out.append((item["set"], call["kind"], features, right, np.array(call["full"])[eligible]))
    return out


def top_k(weights: np.ndarray | None, chosen: list[Any], k: int = 1) -> int:
    """How many of `chosen` have a right sentence among their k best eligible ones (by the hand scores
    when `weights` is None)."""
    return sum(bool(right[np.argsort(-(hand if weights is None else x @ weights), kind="stable")[:k]].any()) for _, _, x, right, hand in chosen)


def _share(right: int, of: int) -> str:
    return f"{right / of:.3f} ({right})" if of else "-"


def _loss(weights: np.ndarray, chosen: list[Any], prior: np.ndarray, l2: float) -> tuple[float, np.ndarray]:
    """Mean -log P(a right sentence) under a softmax of the scores, plus l2 * |weights - prior|^2; and its gradient."""
    total, grad = 0.0, np.zeros_like(weights)
    for _, _, x, right, _ in chosen:
        s = x @ weights
        p = np.exp(s - s.max())
        p /= p.sum()
        mass = p[right].sum() + 1e-12
        total -= np.log(mass)
        grad -= x.T @ (p * right / mass - p)
    return total / len(chosen) + l2 * ((weights - prior) ** 2).sum(), grad / len(chosen) + 2 * l2 * (weights - prior)


def fit(chosen: list[Any], prior: np.ndarray) -> np.ndarray:
    """The weights that fit `chosen` best, pulled toward `prior`."""
    return minimize(lambda w: _loss(w, chosen, prior, L2), prior.copy(), jac=True, method="L-BFGS-B").x


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data-dir", required=True, help="a data dir holding the ingested seeds")
    parser.add_argument("--records", help="JSON lines of recorded answers: read when it exists, else written")
    parser.add_argument("--train", nargs="+", default=["seeds_dev"] + [f"seeds_dev{n}" for n in range(2, 21)])
    parser.add_argument("--test", nargs="+", default=["seeds_dev21", "seeds_dev22", "seeds_dev23"])
    args = parser.parse_args()
    missing = [name for name in args.test + args.train if not (REPO_ROOT / "bench" / "qa" / f"{name}.jsonl").exists()]
    if missing:
        parser.error(f"no QA set {', '.join(missing)} in bench/qa; name sets as their files are named, e.g. seeds_dev21")
    cache = Path(args.records) if args.records else None
    if cache and cache.exists():
        items = [json.loads(line) for line in cache.read_text().splitlines() if line.strip()]
    else:
        service = RagService(load_settings(profile="extractive", overrides={"data_dir": args.data_dir}, environ={}))
        qa = [{**json.loads(line), "set": name} for name in args.test + args.train
              for line in (REPO_ROOT / "bench" / "qa" / f"{name}.jsonl").read_text().splitlines() if line.strip()]
        items = record(service, [q for q in qa if q.get("gold_papers") and not q.get("history")])
        if cache:
            cache.write_text("".join(json.dumps(i) + "\n" for i in items))
    tested = [i for i in items if i["set"] in args.test]
    counts = Counter(cause(i) for i in tested)
    print(f"Why answerable single-turn questions of {', '.join(args.test)} miss ({len(tested)} questions):")
    print_table(["cause", "questions"], [[c, n] for c, n in counts.most_common()])
    train = [c for c in choices(items) if c[0] in args.train]
    test = [c for c in choices(items) if c[0] in args.test]
    hand = np.array([1.0, compose.FOCUS_WEIGHT, *(getattr(compose, name) for name in CONSTANTS)])
    prior = minimize_scalar(lambda t: _loss(t * hand, train, hand, 0.0)[0], bounds=(0.1, 100), method="bounded").x * hand
    learned = fit(train, prior)
    per_kind = {k: fit([c for c in train if c[1] == k], prior) for k in {c[1] for c in train} if sum(c[1] == k for c in train) >= 15}
    rows = []
    for label, weights_of in (("hand-set", lambda c: None), ("learned, one for all", lambda c: learned),
                              ("learned, per intent kind (15+ train questions)", lambda c: per_kind.get(c[1]))):
        rows.append([label, len(train), _share(sum(top_k(weights_of(c), [c]) for c in train), len(train)), len(test),
                     _share(sum(top_k(weights_of(c), [c]) for c in test), len(test)), _share(sum(top_k(weights_of(c), [c], 2) for c in test), len(test))])
    print(f"\nSentence choice on questions with a choice to make (train: {len(args.train)} sets, test: {', '.join(args.test)}):")
    print_table(["weights", "train questions", "train top-1", "test questions", "test top-1", "test top-2"], rows)
    print("\nLearned weights over the hand-set ones (one for all):")
    temperature = prior[0] / hand[0]
    print_table(["feature", "hand", "learned / temperature"], [[f, float(h), float(w / temperature)] for f, h, w in zip(FEATURES, hand, learned)])


if __name__ == "__main__":
    main()
