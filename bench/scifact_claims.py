"""The grounding check on SciFact claims against their evidence abstracts (biomedical, written by experts).

Each SciFact claim is checked as an answer sentence "<claim> [1]" whose source [1] is its evidence
abstract. SUPPORT claims should be kept, CONTRADICT claims caught; claims whose cited abstract
has no evidence (NEI) are shown for information. Balanced accuracy = mean of the two rates.
The verifier is trained on the train split (`rag train verifier`); report the validation split
(SciFact's dev set), which training never reads.

    .venv/bin/python bench/scifact_claims.py [--data-dir DIR] [--split validation] [--verifiers rules,model] [--json]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rag.embeddings import build_embedding  # noqa: E402
from rag.grounding import GroundingChecker  # noqa: E402
from rag.retrieval import PaperHit  # noqa: E402
from rag.settings import load_settings  # noqa: E402
from rag.sources import prepare_sources  # noqa: E402
from rag.verifier import build_verifier  # noqa: E402
from rag.verifier_data import scifact_pairs  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data-dir", default="/tmp/paper-rag-bench-claims")
    parser.add_argument("--split", default="validation")
    parser.add_argument("--verifiers", default="rules,model")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    settings = load_settings(overrides={"data_dir": args.data_dir}, environ={})
    embedder = build_embedding(settings.embedding)
    pairs = scifact_pairs(args.split)
    sources = [
        prepare_sources([PaperHit(f"scifact-{i}", "evidence", "scifact", abstract, {"abstract": abstract})], claim, embedder, None)  # type: ignore[arg-type]
        for i, (claim, abstract, _) in enumerate(pairs)
    ]
    results = {}
    for name in args.verifiers.split(","):
        configured = settings.model_copy(update={"grounding": settings.grounding.model_copy(update={"verifier": name})})
        checker = GroundingChecker(configured.grounding, embedder, build_verifier(configured))
        started = time.perf_counter()
        verdicts = [checker.check([f"{claim} [1]"], src)[0] for (claim, _, _), src in zip(pairs, sources)]
        by_label: dict[str, list[bool]] = {}
        hard = 0
        for (_, _, label), verdict in zip(pairs, verdicts):
            by_label.setdefault(label, []).append(verdict.supported)
            hard += "is not in the cited source" in verdict.reason
        kept = sum(by_label["SUPPORT"]) / len(by_label["SUPPORT"])
        caught = 1 - sum(by_label["CONTRADICT"]) / len(by_label["CONTRADICT"])
        nei = 1 - sum(by_label.get("NEI", [])) / max(1, len(by_label.get("NEI", [])))
        results[name] = {
            "support_kept": round(kept, 4), "contradict_caught": round(caught, 4),
            "balanced_accuracy": round((kept + caught) / 2, 4), "nei_caught": round(nei, 4),
            "failed_by_names_numbers_rule": hard, "counts": {k: len(v) for k, v in by_label.items()},
            "seconds": round(time.perf_counter() - started, 1),
        }
    if args.json:
        print(json.dumps(results, indent=2))
        return 0
    counts = next(iter(results.values()))["counts"]
    print(f"SciFact {args.split}: {counts.get('SUPPORT', 0)} SUPPORT, {counts.get('CONTRADICT', 0)} CONTRADICT, {counts.get('NEI', 0)} NEI claim-abstract pairs")
    print("| verifier | SUPPORT kept | CONTRADICT caught | balanced accuracy | NEI caught | failed by the names/numbers rule | seconds |")
    print("|---|---|---|---|---|---|---|")
    for name, r in results.items():
        print(f"| {name} | {r['support_kept']:.1%} | {r['contradict_caught']:.1%} | {r['balanced_accuracy']:.3f} | "
              f"{r['nei_caught']:.1%} | {r['failed_by_names_numbers_rule']} | {r['seconds']} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
