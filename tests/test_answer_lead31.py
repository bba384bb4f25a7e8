""""Which papers ..." questions over "A or B": a side after "or" may open with an article ("KL divergence
or the Fisher-Rao metric"), and is then a whole noun phrase that shares no head with the word before
"or" ("an optimizer or a game solver" is not "optimizer solver")."""

from __future__ import annotations

from rag.relevance import holds_either_side

INFORMATION_MEASURES = "Which papers use information measures such as KL divergence or the Fisher-Rao metric?"


def test_a_side_after_or_the_is_read(extractive):
    answer = extractive.ask(INFORMATION_MEASURES)
    cited = {c.title for c in answer.citations}
    assert {"InfoGlobe", "Trajectory Inference"} <= cited, answer.answer
    assert "Kullback–Leibler divergence (KL)" in answer.answer and "Fisher-Rao metric" in answer.answer, answer.answer


def test_either_side_holds_after_an_article():
    assert holds_either_side(INFORMATION_MEASURES, "We show that the Fisher-Rao metric on coarse manifolds is isometric.")
    assert not holds_either_side(INFORMATION_MEASURES, "We show that the metric on coarse manifolds is isometric.")


def test_a_side_opening_with_an_article_shares_no_head():
    question = "Which papers pair large language models with an optimizer or a game solver?"
    assert holds_either_side(question, "We pair an LLM with a game solver that finds equilibria.")
    assert not holds_either_side(question, "The optimizer solver loop is unrolled.")   # "optimizer solver" is not a side
