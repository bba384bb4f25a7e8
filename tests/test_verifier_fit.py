"""bench/verifier_fit.py: the logistic combination of the rules verifier's signals, and its features.

Real parts: the seeded store's sources, the bundled embedder and the real GroundingChecker.
"""

from __future__ import annotations

import numpy as np
import pytest

from bench.claims import paper_hits
from bench.verifier_features import FEATURES
from bench.verifier_fit import LogisticModel, Recorder, fit_logistic, judged, rates, record
from rag.grounding import GroundingChecker
from rag.sources import prepare_sources

SPIKE = "000_711129f47277f084#5"


@pytest.fixture(scope="module")
def spike(seeded_settings, seeded_retriever):
    hits = paper_hits(seeded_retriever)
    recorder = Recorder(seeded_settings.grounding)
    checker = GroundingChecker(seeded_settings.grounding, seeded_retriever.embedder, recorder)
    return checker, recorder, prepare_sources([hits[SPIKE]], "", seeded_retriever.embedder, seeded_retriever.store)


def test_fit_logistic_finds_the_separating_direction() -> None:
    rng = np.random.default_rng(0)
    x = rng.normal(size=(200, 2))
    y = (x[:, 0] > 0).astype(float)
    coef, _ = fit_logistic(x, y, np.ones(200), l2=1.0)
    assert coef[0] > 1.0 and abs(coef[1]) < 0.5 * coef[0]
    model = LogisticModel(x, y, np.ones(200), 1.0)
    assert ((model.probability(x) >= 0.5) == (y == 1)).mean() > 0.95


def test_features_record_the_rules_verdict_and_the_cue_that_fired(spike) -> None:
    checker, recorder, sources = spike
    kept = record(checker, recorder, "SpikeInit lets deep SNNs train stably without normalization.", sources)
    assert kept["rules_kept"] and set(kept["features"]) == set(FEATURES) and kept["features"]["cue"] == 0.0
    caught = record(checker, recorder, "Deep SNNs with SpikeInit cannot be trained stably without normalization.", sources)
    assert not caught["rules_kept"] and caught["features"]["cue"] == 1.0
    assert sum(v for k, v in caught["features"].items() if k.startswith("cue_")) == 1.0
    # a name the abstract lacks fails before any verifier: no features
    assert record(checker, recorder, "SpikeInit trains a 1000-layer SNN on ImageNet.", sources)["features"] is None


def test_rates_count_a_names_rule_failure_as_not_kept() -> None:
    rows = [{"supported": True, "kind": "paraphrase", "rules_kept": True, "features": None},
            {"supported": False, "kind": "negation", "rules_kept": True, "features": None}]
    assert judged(None, rows) == [True, True]
    model = LogisticModel(np.array([[0.0] * len(FEATURES), [1.0] * len(FEATURES)]), np.array([0.0, 1.0]), np.ones(2), 1.0)
    assert judged(model, rows) == [False, False]
    assert rates(rows, [True, False]) == {"kept": 1.0, "caught": 1.0, "balanced": 1.0, "negation": 1.0, "paraphrase": 1.0}
