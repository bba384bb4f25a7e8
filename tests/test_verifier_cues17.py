"""The seventeenth grounding pass (issue 7, verify17): direction, degree and detail, read on claims_dev15.

True claims now kept: a comparison said from its other side, its sides and its direction both turned
round ("B needs more data than A" for "A is more data-efficient than B", "base models collapse more
slowly than instruction-tuned ones" for "instruction-tuned models collapse faster than base models"),
and "close to zero" for "near-zero".
False claims now caught: a comparison of the same two sides in the other direction ("width matters
less than depth" against "favor width over depth", "fall behind" and "is outperformed by" against
"superior to"), a degree graded down ("slightly" against "substantially"), a word spoken ill of where
the passage speaks well of it ("extrapolates poorly" against "robust extrapolation", "hurt the
transfer" against "transfer better", "less sample-efficient" against "improved sample efficiency"),
"enlarge" against "diminish", and two things that trade places around the same words ("a receiver
influences the behavior of senders" against "a sender influences the behavior of receivers").
The guards keep the true claims and real contradictions of the same shapes.

Pure functions on text (rag.cues).
"""

from __future__ import annotations

import pytest

from rag.cues import contradiction

EFFICIENT = "We find that sparse adapters are substantially more data-efficient than dense adapters."
FASTER = "Below 1B, distilled models exhibit faster collapse than base models, with this trend reversing at 7B."
COST = "Simulators offer a significantly lower evaluation cost compared to lab experiments."
WIDTH = "Vision models consistently favor increased width over depth."
SUPERIOR = "Pruned networks achieve superior performance compared to their dense counterparts under identical settings."
ROBUST = "The solver shows strong stability and robust extrapolation with high data efficiency."
TRANSFER = "We find that encoders pre-trained on longer clips learn features that transfer better to captioning."
EFFICIENCY = "We show that the learned potential enables improved sample efficiency in maze tasks."
SIGNIFICANT = "Our method significantly outperforms constant-temperature baselines on protein docking."
SHRINK = "While larger backbones raise accuracy, this comes at a cost of diminishing their energy-saving benefits."
ZERO = "The integrator achieves near-zero energy drift and correct momentum conservation."


@pytest.mark.parametrize("claim, passage", [
    # a comparison from its other side: both sides and the direction turned round
    ("Dense adapters are substantially hungrier for training data than sparse adapters.", EFFICIENT),
    ("Below 1B, base models collapse more slowly than distilled ones.", FASTER),
    ("Lab experiments cost far more to evaluate than simulators do.", COST),
    ("For vision models, depth matters less than width.", WIDTH),
    ("Dense counterparts fall behind the pruned networks under identical settings.", SUPERIOR),
    # "close to zero" states what "near-zero" does
    ("Energy drift of the integrator stays close to zero.", ZERO),
])
def test_restated_from_the_other_side_is_kept(claim: str, passage: str) -> None:
    assert contradiction(claim, passage) == ""


@pytest.mark.parametrize("claim, passage", [
    # the same two sides, the other direction
    ("For vision models, width matters less than depth.", WIDTH),
    ("Pruned networks fall behind their dense counterparts under identical settings.", SUPERIOR),
    ("Pruned networks are outperformed by their dense counterparts under identical settings.", SUPERIOR),
    # the sides turned round but not the direction: what a verb of spending takes is a cost
    ("Dense adapters need substantially less training data than sparse adapters.", EFFICIENT),
    # a degree graded down
    ("Our method only marginally outperforms constant-temperature baselines on protein docking.", SIGNIFICANT),
    ("The gains over constant-temperature baselines on protein docking are slight.", SIGNIFICANT),
    # spoken ill of where the passage speaks well of it, next to the same word
    ("The solver extrapolates poorly.", ROBUST),
    ("Pre-training on longer clips does hurt the transfer to captioning.", TRANSFER),
    ("The learned potential makes maze tasks less sample-efficient.", EFFICIENCY),
    # "enlarge" against "diminish"
    ("Larger backbones enlarge their energy-saving benefits.", SHRINK),
    # two changed details are no mirror of a condition and its outcome
    ("Simulations are costly because of homogeneous media and low resolution needs.",
     "Simulations are costly because of heterogeneous media and high resolution needs."),
    # a cost the claim names in words not read: the comparison swapped is still caught
    ("Below 1B, base models fall apart faster than distilled ones.", FASTER),
    # one pair of opposites read by two cues is no mirror: "larger" against "smaller" students
    ("Pruning yields significantly larger students.", "Pruning yields significantly smaller students while keeping accuracy."),
])
def test_direction_degree_and_valence_are_caught(claim: str, passage: str) -> None:
    assert contradiction(claim, passage).startswith("contradicts the source")


@pytest.mark.parametrize("claim, passage", [
    # guards: the same words the same way round
    ("Sparse adapters need substantially less training data than dense adapters.", EFFICIENT),
    ("Vision models prefer going wide to going deep.", WIDTH),
    ("Pruned networks beat their dense counterparts under identical settings.", SUPERIOR),
    ("Dense counterparts are outperformed by pruned networks under identical settings.", SUPERIOR),
    ("Our method clearly outperforms constant-temperature baselines on protein docking.", SIGNIFICANT),
    ("The solver extrapolates robustly and is highly data-efficient.", ROBUST),
    ("Encoders pre-trained on short clips transfer worse to captioning than those pre-trained on long ones.", TRANSFER),
    ("Larger backbones erode their energy-saving benefits.", SHRINK),
    # what a verb of saving takes is no cost
    ("On edge devices, spiking networks save notably more energy than dense networks.",
     "Spiking networks offer a notable energy-saving advantage compared to dense networks on edge devices."),
])
def test_guards_same_direction_is_kept(claim: str, passage: str) -> None:
    assert contradiction(claim, passage) == ""


@pytest.mark.parametrize("claim, passage, caught", [
    ("A listener shapes the optimal behavior of speakers.", "We study how a speaker shapes the optimal behavior of listeners.", True),
    ("A speaker shapes the optimal behavior of listeners.", "We study how a speaker shapes the optimal behavior of listeners.", False),
])
def test_two_things_that_trade_places_around_the_same_words(claim: str, passage: str, caught: bool) -> None:
    assert bool(contradiction(claim, passage)) is caught


def test_restated_comparison_keeps_the_other_catches() -> None:
    # the sides turned round and the direction kept: still the swapped comparison
    assert contradiction("Dense adapters are substantially more data-efficient than sparse adapters.", EFFICIENT)
