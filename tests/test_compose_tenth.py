"""Rules from the blind set seeds_dev10 (issue 7, parts 1 and 3): near misses that keep a seed's
vocabulary but ask about another setting. The question's topic phrases keep the head noun the light
words cut off ("diffusion" + "models"), so that a phrase naming a kind of model or method by one
telling word counts (`rag.compose.unheld_phrases`); the refusal and answer cases are in the tables
of test_compose_ninth."""

from __future__ import annotations

import pytest

from rag.query import headed_phrases, topic_phrases


@pytest.mark.parametrize("question,phrases", [
    ("which paper predicts hamiltonian matrices with diffusion models",
     [(["predicts", "hamiltonian", "matrices"], ""), (["diffusion"], "models")]),
    ("which paper prunes large language models", [(["prunes", "large", "language"], "models")]),
    ("how does labo decide whether to trust the llm", [(["labo", "decide"], ""), (["trust"], ""), (["llm"], "")]),
])
def test_headed_phrases(question, phrases):
    assert headed_phrases(question) == phrases
    assert topic_phrases(question) == [phrase for phrase, _ in phrases]
