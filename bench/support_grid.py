"""How the rules verifier's graded support was chosen: rates over a grid of weights and thresholds.

For every claim of the dev claim sets (bench/qa/claims_dev*.jsonl, cited to their seed paper) and
every SUPPORT/CONTRADICT pair of a SciFact split, computes once what the rules verifier reads: the
names/numbers rule, the contradiction floor (rag/verifier.py contradiction_floor) and the three
support signals (closest-passage cosine, share of the claim's words in the abstract and in its
aligned passage). Then, for each grid point (floors, weights, `min_support`), the keep/catch rates
per set and their mean balanced accuracy, best first, plus the configured point. SmolLM2's two
vocabulary fabrications (tests/test_grounding.py) must fail at every point listed.

    .venv/bin/python bench/support_grid.py [--data-dir DIR] [--split train] [--top 15]

Choose on the dev sets and SciFact train; report SciFact validation once (bench/scifact_claims.py).
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.claims import paper_hits  # noqa: E402
from rag.retrieval import PaperHit  # noqa: E402
from rag.service import RagService  # noqa: E402
from rag.settings import load_settings  # noqa: E402
from rag.sources import prepare_sources  # noqa: E402
from rag.text import missing_terms  # noqa: E402
from rag.verifier import aligned_passage, candidate_passages, contradiction_floor, support_signals  # noqa: E402
from rag.verifier_data import scifact_pairs  # noqa: E402

REPO_ROOT = Path(__file__).resolve().parent.parent
DEV_SETS = ["claims_dev", "claims_dev2", "claims_dev3"]
FABRICATIONS = [  # SmolLM2's sentences of tests/test_grounding.py, cited to the 1st and 2nd hit
    "The protein language model (pLM) is a generative model that can learn to generate a wide range of protein sequences from a large dataset.",
    "This model is capable of learning from a wide range of protein sequences and is capable of learning from a wide range of protein sequences.",
]


def signals(claim: str, sources: list, embedder, k: int) -> tuple[bool, tuple[float, float, float]]:
    """(fails before grading: names/numbers rule or contradiction floor, the three support signals)."""
    vector = np.asarray(embedder.encode([claim]), dtype=np.float32)[0]
    passages = sorted((p for s in sources for p in candidate_passages(s, vector, k)), key=lambda p: -p.similarity)[:k]
    aligned = aligned_passage(claim, sources)
    hard = bool(missing_terms(claim, " ".join(s.abstract for s in sources))) or bool(contradiction_floor(claim, passages, sources, aligned))
    return hard, support_signals(claim, passages, sources, aligned)


def collect(settings, split: str) -> tuple[dict[str, list[tuple[bool, bool, tuple]]], list[tuple]]:
    """Per set: (is supported, fails before grading, signals) for each claim; and the fabrications' signals."""
    service = RagService(settings)
    service.ingest([REPO_ROOT / "seeds"], progress=False)
    retriever, k = service.retriever, settings.grounding.passages
    embedder, hits, cache = retriever.embedder, paper_hits(retriever), {}

    def sources_of(hit: PaperHit) -> list:
        if hit.paper_id not in cache:
            cache[hit.paper_id] = prepare_sources([hit], "", embedder, retriever.store)
        return cache[hit.paper_id]

    rows: dict[str, list] = {}
    for name in DEV_SETS:
        for line in (REPO_ROOT / "bench" / "qa" / f"{name}.jsonl").read_text(encoding="utf-8").splitlines():
            claim = json.loads(line)
            rows.setdefault(name, []).append((claim["label"] == "supported", *signals(claim["claim"], sources_of(hits[claim["paper_id"]]), embedder, k)))
        print(f"{name}: {len(rows[name])} claims", file=sys.stderr)
    for i, (claim, abstract, label) in enumerate(scifact_pairs(split)):
        if label != "NEI":
            hit = PaperHit(f"scifact-{split}-{i}", "evidence", "scifact", abstract, {"abstract": abstract})
            rows.setdefault(f"scifact_{split}", []).append((label == "SUPPORT", *signals(claim, sources_of(hit), embedder, k)))
    question = "How do protein language models help molecular dynamics?"
    found = prepare_sources(retriever.search(question, top_k=3), question, embedder, retriever.store)
    fabrications = [signals(text, [found[n]], embedder, k)[1] for n, text in enumerate(FABRICATIONS)]
    return rows, fabrications


def rates(rows: list, point: tuple) -> tuple[float, float]:
    """(supported kept, unsupported caught) at grid point (floor sim, floor overlap, floor passage, w_sim, w_overlap, w_passage, min_support)."""
    kept = [supported_at(hard, sig, point) for _, hard, sig in rows]
    labels = [label for label, _, _ in rows]
    return float(np.mean([k for k, y in zip(kept, labels) if y])), float(np.mean([not k for k, y in zip(kept, labels) if not y]))


def supported_at(hard: bool, sig: tuple[float, float, float], point: tuple) -> bool:
    """The rules verifier's verdict at a grid point, given the claim's pre-grading failure and signals."""
    fs, fo, fp, ws, wo, wp, t = point
    sim, overlap, local = sig
    return not hard and sim >= fs and overlap >= fo and local >= fp and ws * sim + wo * overlap + wp * local >= t


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data-dir", default="/tmp/paper-rag-bench-claims")
    parser.add_argument("--split", default="train")
    parser.add_argument("--top", type=int, default=15)
    args = parser.parse_args()
    settings = load_settings(overrides={"data_dir": args.data_dir}, environ={})
    rows, fabrications = collect(settings, args.split)
    g = settings.grounding
    configured = (g.min_similarity, g.min_overlap, g.min_passage_overlap, g.weight_similarity, g.weight_overlap,
                  g.weight_passage_overlap, g.min_support)
    old = (0.4, 0.6, 0.4, 0.0, 0.0, 0.0, 0.0)  # the hard floors before the graded support
    weights = [(0.6, 0.2, 0.2), (0.8, 0.0, 0.2), (0.5, 0.25, 0.25), (0.4, 0.3, 0.3), (0.6, 0.1, 0.3), (0.6, 0.3, 0.1)]
    grid = [(0.2, fo, fp, *w, round(float(t), 2)) for fo, fp, w, t in itertools.product(
        [0.0, 0.3, 0.4, 0.5, 0.6], [0.2, 0.3, 0.4], weights, np.arange(0.4, 0.76, 0.02))]
    scored = []
    for point in dict.fromkeys(grid + [configured, old]):
        if any(supported_at(False, f, point) for f in fabrications):
            continue
        per_set = {name: rates(r, point) for name, r in rows.items()}
        scored.append((float(np.mean([(a + b) / 2 for a, b in per_set.values()])), point, per_set))
    scored.sort(key=lambda s: -s[0])
    names = list(rows)
    print("| floors (cosine, overlap, passage) | weights (cosine, overlap, passage) | min_support | mean balanced | "
          + " | ".join(f"{n} kept / caught" for n in names) + " |")
    print("|---|---|---|---|" + "---|" * len(names))
    for mean, point, per_set in scored[:args.top] + [s for s in scored[args.top:] if s[1] in (configured, old)]:
        label = " (configured)" if point == configured else " (hard floors only)" if point == old else ""
        print(f"| {point[0]}, {point[1]}, {point[2]} | {point[3]}, {point[4]}, {point[5]} | {point[6]}{label} | {mean:.3f} | "
              + " | ".join(f"{per_set[n][0]:.1%} / {per_set[n][1]:.1%}" for n in names) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
