"""How often the grounding check catches wrong sentences, and how often it keeps right ones.

Builds sentences from the stored abstracts (run `rag ingest` first) and cites each to one paper:
- true: a sentence of that paper's abstract, whole or cut to its first two thirds;
- wrong number: a sentence of that paper with one number changed;
- wrong name: a sentence naming the paper's method with another paper's method name swapped in;
- other paper: a sentence of a different abstract, cited to this paper;
- negated: a sentence of that paper with "not" inserted (meaning flipped, words unchanged).
Prints caught/kept rates for the configured thresholds and a small grid around them.

    .venv/bin/python bench/grounding.py [--data-dir DIR] [--json]
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rag.grounding import GroundingChecker  # noqa: E402
from rag.retrieval import PaperHit  # noqa: E402
from rag.service import RagService  # noqa: E402
from rag.settings import load_settings  # noqa: E402
from rag.sources import prepare_sources  # noqa: E402

NUMBER = re.compile(r"(?<![A-Za-z\d.])\d+(?:\.\d+)?")


def build_cases(papers: list[PaperHit], sources: dict[str, object], seed: int = 0) -> list[tuple[str, str, str]]:
    """(kind, paper_id, claim) cases; claims carry no marker (each is cited as [1] to paper_id)."""
    rng = random.Random(seed)
    names = [p.title for p in papers if " " not in p.title and len(p.title) > 2]
    cases = []
    for paper in papers:
        src = sources[paper.paper_id]
        sentences = [src.sentence(i) for i in range(len(src.spans))]
        for sentence in sentences:
            cases.append(("true", paper.paper_id, sentence))
            words = sentence.split()
            if len(words) > 12:
                cases.append(("true", paper.paper_id, " ".join(words[: len(words) * 2 // 3]) + "."))
            match = NUMBER.search(sentence)
            if match:
                wrong = str(int(float(match.group(0)) * 2 + 3)) if "." not in match.group(0) else f"{float(match.group(0)) + 1.7:g}"
                cases.append(("wrong number", paper.paper_id, sentence[: match.start()] + wrong + sentence[match.end():]))
            if paper.title in sentence and paper.title in names:
                other = rng.choice([n for n in names if n != paper.title])
                cases.append(("wrong name", paper.paper_id, sentence.replace(paper.title, other)))
            verb = re.search(r"\b(is|are|can|does|do)\b", sentence)
            if verb:
                cases.append(("negated", paper.paper_id, sentence[: verb.end()] + " not" + sentence[verb.end():]))
        other_paper = rng.choice([p for p in papers if p.paper_id != paper.paper_id])
        other_src = sources[other_paper.paper_id]
        for i in rng.sample(range(len(other_src.spans)), k=min(3, len(other_src.spans))):
            cases.append(("other paper", paper.paper_id, other_src.sentence(i)))
    return cases


class CachedEncoder:
    """The embedding model's `encode`, remembering every text it has seen (the grid re-checks the same claims)."""

    def __init__(self, embedder) -> None:
        self.embedder = embedder
        self.cache: dict[str, list[float]] = {}

    def encode(self, texts: list[str]) -> list[list[float]]:
        todo = [t for t in dict.fromkeys(texts) if t not in self.cache]
        if todo:
            self.cache.update(zip(todo, self.embedder.encode(todo)))
        return [self.cache[t] for t in texts]


def score(checker: GroundingChecker, cases: list[tuple[str, str, str]], sources: dict) -> dict[str, dict[str, float]]:
    """Share of each kind that the check passes (keep rate for true, miss rate for the rest)."""
    by_kind: dict[str, list[bool]] = {}
    for kind, paper_id, claim in cases:
        src = sources[paper_id]
        src.n = 1
        passed = checker.check([f"{claim} [1]"], [src])[0].supported
        by_kind.setdefault(kind, []).append(passed)
    return {k: {"cases": len(v), "passed": round(sum(v) / len(v), 4)} for k, v in by_kind.items()}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data-dir")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    settings = load_settings(overrides={"data_dir": args.data_dir})
    retriever = RagService(settings).retriever
    papers = []
    for chunk in retriever.store.iter_chunks(where={"chunk": 0}):
        m = chunk.metadata
        papers.append(PaperHit(m["paper_id"], m.get("title", ""), m.get("source", ""), chunk.text, m))
    papers.sort(key=lambda p: p.paper_id)
    built = prepare_sources(papers, "", retriever.embedder, retriever.store)
    sources = {s.hit.paper_id: s for s in built}
    cases = build_cases(papers, sources)
    encoder = CachedEncoder(retriever.embedder)
    encoder.encode([claim for _, _, claim in cases])
    base = settings.grounding
    grid = [(base.min_similarity, base.min_overlap)] + [
        (sim, ov) for sim in (0.0, 0.5, 0.6, 0.7) for ov in (0.0, 0.5, 0.7) if (sim, ov) != (base.min_similarity, base.min_overlap)
    ]
    results = []
    for sim, overlap in grid:
        checker = GroundingChecker(base.model_copy(update={"min_similarity": sim, "min_overlap": overlap}), encoder)
        results.append({"min_similarity": sim, "min_overlap": overlap, "kinds": score(checker, cases, sources)})
    if args.json:
        print(json.dumps(results, indent=2))
        return 0
    kinds = ["true", "wrong number", "wrong name", "other paper", "negated"]
    print("| min_similarity | min_overlap | " + " | ".join(f"{k} ({'kept' if k == 'true' else 'caught'})" for k in kinds) + " |")
    print("|---|---|" + "---|" * len(kinds))
    for row in results:
        cells = []
        for kind in kinds:
            stats = row["kinds"].get(kind, {"passed": float("nan"), "cases": 0})
            rate = stats["passed"] if kind == "true" else 1 - stats["passed"]
            cells.append(f"{rate:.1%} of {stats['cases']}")
        print(f"| {row['min_similarity']} | {row['min_overlap']} | " + " | ".join(cells) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
