"""A learned combination of the rules verifier's signals, measured leave-one-set-out beside the rules.

Each claim of the dev claim sets (about the 38 seeds) and each labelled SciFact train pair (claim
against its evidence abstract) is checked as "<claim> [1]" by the real GroundingChecker; where the
claim passes the names and numbers rule, the verifier's features (rag/verifier_features.py) are
recorded (bench/verifier_features.py). A logistic regression (numpy, L2-penalised) is then fitted
on them. Leave-one-set-out: for each dev set, fit on every other set (and SciFact train) and read
the held-out set, so the figure estimates claims the fit never saw; SciFact train is read the same
way (fit on the dev sets only). The fit on everything is reported with its weights.

    .venv/bin/python bench/verifier_fit.py --data-dir DIR [--sets claims_dev,...] [--evaluate claims_dev10] [--cache FILE] [--json]

It was measured in docs/BENCHMARKS.md ("Grounding, tenth pass") and not adopted: it does not beat
the rules on unseen claims.

Claims sets named in `--evaluate` (e.g. the blind claims_dev10) are read with the final fit only,
never fitted on.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.claims import paper_hits  # noqa: E402
from bench.verifier_features import FEATURES, claim_features  # noqa: E402
from rag.grounding import GroundingChecker  # noqa: E402
from rag.retrieval import PaperHit  # noqa: E402
from rag.service import RagService  # noqa: E402
from rag.settings import GroundingSettings, load_settings  # noqa: E402
from rag.sources import Source, prepare_sources  # noqa: E402
from rag.verifier import Passage, RulesVerifier, Verdict  # noqa: E402
from rag.verifier_data import scifact_pairs  # noqa: E402

REPO_ROOT = Path(__file__).resolve().parent.parent
DEV_SETS = ["claims_dev", "claims_dev2", "claims_dev3", "claims_dev4", "claims_dev5", "claims_dev6", "claims_dev7",
            "claims_dev8", "claims_dev9"]
SCIFACT = "scifact_train"
L2 = 3.0
# The share of the training sets' true claims (past the names rule) the threshold keeps: the rules
# keep about this many, and the fit must not buy catches with kept claims.
KEEP = 0.97


def fit_logistic(x: np.ndarray, y: np.ndarray, weight: np.ndarray, l2: float, steps: int = 50) -> tuple[np.ndarray, float]:
    """(coefficients, intercept) of an L2-penalised logistic regression of `y` (0/1) on the rows of
    `x`, each row counting `weight`; fitted by Newton's method (the intercept is not penalised)."""
    n, d = x.shape
    design = np.hstack([x, np.ones((n, 1))])
    beta = np.zeros(d + 1)
    penalty = np.full(d + 1, l2)
    penalty[-1] = 0.0
    for _ in range(steps):
        p = 1.0 / (1.0 + np.exp(-np.clip(design @ beta, -30, 30)))
        gradient = design.T @ (weight * (p - y)) + penalty * beta
        hessian = (design * (weight * p * (1 - p))[:, None]).T @ design + np.diag(penalty) + 1e-9 * np.eye(d + 1)
        step = np.linalg.solve(hessian, gradient)
        beta -= step
        if np.max(np.abs(step)) < 1e-8:
            break
    return beta[:-1], float(beta[-1])


class LogisticModel:
    """Raw feature rows -> probability that the claim is supported (features standardised by the
    training rows' mean and spread); `threshold` decides."""

    def __init__(self, x: np.ndarray, y: np.ndarray, weight: np.ndarray, l2: float) -> None:
        self.mean = x.mean(axis=0)
        self.scale = x.std(axis=0)
        self.scale[self.scale < 1e-6] = 1.0
        self.coef, self.intercept = fit_logistic((x - self.mean) / self.scale, y, weight, l2)
        self.threshold = 0.5

    def probability(self, rows: np.ndarray) -> np.ndarray:
        """P(supported) for each row of raw feature values (columns in `FEATURES` order)."""
        return 1.0 / (1.0 + np.exp(-np.clip(((rows - self.mean) / self.scale) @ self.coef + self.intercept, -30, 30)))


class Recorder:
    """The rules verifier, noting the features of the claim it last judged."""

    name = "rules"

    def __init__(self, settings: GroundingSettings) -> None:
        self.settings = settings
        self.rules = RulesVerifier(settings)
        self.last: dict[str, float] | None = None

    def verify(self, claim: str, passages: list[Passage], sources: list[Source]) -> Verdict:
        """The rules' verdict; the claim's features go to `last`."""
        self.last = claim_features(claim, passages, sources, self.settings)
        return Verdict(bool(self.last["rules_kept"]))


def record(checker: GroundingChecker, recorder: Recorder, claim: str, sources: list[Source]) -> dict[str, Any]:
    """One claim's row: the rules' verdict and the features (None when the names rule failed it first)."""
    recorder.last = None
    verdict = checker.check([f"{claim} [1]"], sources)[0]
    return {"rules_kept": verdict.supported, "features": recorder.last}


def claim_rows(settings: Any, names: list[str]) -> list[dict[str, Any]]:
    """Rows of the dev claim sets `names` (bench/qa/NAME.jsonl) and, for "scifact_train", SciFact train pairs."""
    service = RagService(settings)
    service.ingest([REPO_ROOT / "seeds"], progress=False)
    embedder = service.retriever.embedder
    recorder = Recorder(settings.grounding)
    checker = GroundingChecker(settings.grounding, embedder, recorder)
    rows: list[dict[str, Any]] = []
    hits = paper_hits(service.retriever)
    by_paper: dict[str, list[Source]] = {}
    for name in names:
        if name == SCIFACT:
            for i, (claim, abstract, label) in enumerate(scifact_pairs("train")):
                if label == "NEI":
                    continue
                hit = PaperHit(f"scifact-{i}", "evidence", "scifact", abstract, {"abstract": abstract})
                sources = prepare_sources([hit], claim, embedder, None)  # type: ignore[arg-type]
                rows.append({"set": name, "id": f"sf-{i}", "supported": label == "SUPPORT", "kind": label.lower(),
                             **record(checker, recorder, claim, sources)})
            continue
        path = REPO_ROOT / "bench" / "qa" / f"{name}.jsonl"
        for line in path.read_text(encoding="utf-8").splitlines():
            if not line.strip():
                continue
            c = json.loads(line)
            if c["paper_id"] not in by_paper:
                by_paper[c["paper_id"]] = prepare_sources([hits[c["paper_id"]]], "", embedder, service.retriever.store)
            rows.append({"set": name, "id": c["id"], "supported": c["label"] == "supported", "kind": c["kind"],
                         **record(checker, recorder, c["claim"], by_paper[c["paper_id"]])})
    return rows


def train(rows: list[dict[str, Any]]) -> LogisticModel:
    """The model fitted on `rows` that passed the names rule: each set weighs the same, and within a
    set the supported and unsupported claims weigh the same; the threshold keeps `KEEP` of the
    supported dev claims."""
    usable = [r for r in rows if r["features"] is not None]
    x = np.array([[r["features"][f] for f in FEATURES] for r in usable])
    y = np.array([float(r["supported"]) for r in usable])
    weight = np.ones(len(usable))
    for name in {r["set"] for r in usable}:
        for label in (True, False):
            mine = [i for i, r in enumerate(usable) if r["set"] == name and r["supported"] == label]
            weight[mine] = 0.5 / max(1, len(mine))
    weight *= len(usable) / weight.sum()
    model = LogisticModel(x, y, weight, L2)
    dev = [i for i, r in enumerate(usable) if r["supported"] and r["set"] != SCIFACT]
    if dev:
        p = np.sort(model.probability(x[dev]))
        model.threshold = float(min(0.5, p[int((1 - KEEP) * len(p))]))
    return model


def judged(model: LogisticModel | None, rows: list[dict[str, Any]]) -> list[bool]:
    """Kept or not, per row: the rules' verdict when `model` is None, else the model's (a claim the
    names rule failed stays failed)."""
    if model is None:
        return [r["rules_kept"] for r in rows]
    out = []
    for r in rows:
        if r["features"] is None:
            out.append(False)
            continue
        p = model.probability(np.array([[r["features"][f] for f in FEATURES]]))[0]
        out.append(bool(p >= model.threshold))
    return out


def rates(rows: list[dict[str, Any]], kept: list[bool]) -> dict[str, float]:
    """Supported kept, unsupported caught, their mean, and the rate per kind."""
    sup = [k for r, k in zip(rows, kept) if r["supported"]]
    uns = [k for r, k in zip(rows, kept) if not r["supported"]]
    out = {"kept": sum(sup) / max(1, len(sup)), "caught": 1 - sum(uns) / max(1, len(uns))}
    out["balanced"] = (out["kept"] + out["caught"]) / 2
    for kind in sorted({r["kind"] for r in rows}):
        mine = [(r, k) for r, k in zip(rows, kept) if r["kind"] == kind]
        out[kind] = sum(k == r["supported"] for r, k in mine) / len(mine)
    return {k: round(v, 4) for k, v in out.items()}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data-dir", default="/tmp/paper-rag-bench-claims")
    parser.add_argument("--sets", default=",".join(DEV_SETS + [SCIFACT]))
    parser.add_argument("--evaluate", default="", help="claim sets read with the final fit only (comma-separated)")
    parser.add_argument("--cache", help="a JSON file of computed rows: read when it exists, else written")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    settings = load_settings(overrides={"data_dir": args.data_dir}, environ={})
    names = [n for n in args.sets.split(",") if n]
    extra = [n for n in args.evaluate.split(",") if n]
    unknown = [n for n in names + extra if n != SCIFACT and not (REPO_ROOT / "bench" / "qa" / f"{n}.jsonl").is_file()]
    if unknown:
        raise SystemExit(f"error: no claim set bench/qa/{unknown[0]}.jsonl")
    cache = Path(args.cache) if args.cache else None
    if cache and cache.is_file():
        rows = json.loads(cache.read_text(encoding="utf-8"))
        if any(r["features"] is not None and set(r["features"]) != set(FEATURES) for r in rows):
            raise SystemExit(f"error: {cache} holds other features than this code computes; delete it")
        missing = [n for n in names + extra if n not in {r["set"] for r in rows}]
        rows += claim_rows(settings, missing) if missing else []
    else:
        rows = claim_rows(settings, names + extra)
    if cache:
        cache.write_text(json.dumps(rows), encoding="utf-8")
    fit_rows = [r for r in rows if r["set"] in names]
    report: dict[str, Any] = {"leave_one_set_out": {}, "final_fit": {}}
    for held in names:
        train_rows = [r for r in fit_rows if r["set"] != held and not (held == SCIFACT and r["set"] == SCIFACT)]
        test = [r for r in rows if r["set"] == held]
        model = train(train_rows)
        report["leave_one_set_out"][held] = {"rules": rates(test, judged(None, test)), "learned": rates(test, judged(model, test))}
    model = train(fit_rows)
    for name in extra:
        test = [r for r in rows if r["set"] == name]
        report["final_fit"][name] = {"rules": rates(test, judged(None, test)), "learned": rates(test, judged(model, test))}
    report["fitted_on"] = {"sets": names, "rows": sum(r["features"] is not None for r in fit_rows), "l2": L2, "keep": KEEP}
    report["weights"] = dict(zip(FEATURES, [round(float(c), 3) for c in model.coef]))
    report["threshold"] = round(model.threshold, 4)
    if args.json:
        print(json.dumps(report, indent=2))
        return 0
    print("| set | verifier | kept | caught | balanced |")
    print("|---|---|---|---|---|")
    for part in ("leave_one_set_out", "final_fit"):
        for name, pair in report[part].items():
            for verifier, r in pair.items():
                print(f"| {name} ({part.replace('_', ' ')}) | {verifier} | {r['kept']:.1%} | {r['caught']:.1%} | {r['balanced']:.3f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
