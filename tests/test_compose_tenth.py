"""Rules from the blind set seeds_dev10 (issue 7, parts 1 and 3): near misses that keep a seed's
vocabulary but ask about another setting. The question's topic phrases keep the head noun the light
words cut off ("diffusion" + "models"), so that a phrase naming a kind of model or method by one
telling word counts (`rag.compose.unheld_phrases`); the refusal and answer cases are in the tables
of test_compose_ninth; `test_unheld_phrases` reads the phrases against one small abstract."""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np
import pytest

from rag.compose import unheld_phrases
from rag.query import headed_phrases, setting_phrase, topic_phrases
from rag.sources import Source


@pytest.mark.parametrize("question,phrases", [
    ("which paper predicts hamiltonian matrices with diffusion models",
     [(["predicts", "hamiltonian", "matrices"], ""), (["diffusion"], "models")]),
    ("which paper prunes large language models", [(["prunes", "large", "language"], "models")]),
    ("how does labo decide whether to trust the llm", [(["labo", "decide"], ""), (["trust"], ""), (["llm"], "")]),
])
def test_headed_phrases(question, phrases):
    assert headed_phrases(question) == phrases
    assert topic_phrases(question) == [phrase for phrase, _ in phrases]


def _source(abstract: str) -> Source:
    return Source(1, SimpleNamespace(title=""), abstract, [], np.zeros((0, 4), dtype=np.float32), np.zeros(0))


_SNN = "Spiking neural networks offer sparse event-based processing for signal classification on small devices."


@pytest.mark.parametrize("question,unheld", [
    ("which paper trains spiking networks with diffusion models", ["diffusion models"]),  # a kind of model by one word
    ("which paper trains spiking networks with reinforcement learning", ["reinforcement learning"]),
    ("how do spiking networks segment medical images", ["segment medical images"]),  # a run in a held phrase
    ("which paper trains spiking networks on event-camera gesture data", ["camera gesture"]),  # "event" is held
    ("how do spiking networks classify signals when signal sensors disagree", []),  # a condition in the user's words
    ("which paper uses spiking neural networks for signal classification", []),
])
def test_unheld_phrases(question, unheld):
    assert unheld_phrases(question, _source(_SNN)) == unheld


def test_unheld_phrases_without_runs_keep_only_wholly_unheld_phrases():
    assert unheld_phrases("how do spiking networks segment medical images", _source(_SNN), runs=False) == []
    assert unheld_phrases("does label smoothing make spiking networks robust", _source(_SNN), runs=False) == ["label smoothing"]


@pytest.mark.parametrize("question,setting", [
    ("how much does curvature matching improve transfer learning for image classification", "image classification"),
    ("what accuracy does the sparse spiking resnet-18 reach on cifar-10?", "cifar-10"),
    ("how many layers does spikeinit train", ""),
])
def test_setting_phrase(question, setting):
    assert setting_phrase(question) == setting
