"""The twenty-fourth grounding pass (issue 7, verify24): a fourth representative sample read blind (claims_dev22).

False claims now caught: "matters little" or "of minor importance" against "essential"; "depends on X"
against "robust to varying X"; another property of the same thing ("the rank of the perturbation"
against "the norm of the perturbation"); one thing where the passage has several ("just one region"
against "across regions"); "X become more frequent" against "a reduction in X"; "gives up X" against
achieving X; "the same way as" against "differ from"; "straightforward" against "challenging";
"generalize well" against "negligible generalization"; "depend on X" against "without X"; "keeps the
edge over those initialized with X" where the passage says X does better; "costlier" with no "than"
against "reducing costs"; "X is beyond what Y can V" against Y doing it; "unnecessary" or "obsolete"
where the abstract never says a need is eliminated.
True claims now kept: "sensible" for "reasonable" (one kind of fitness); "clearly" where the abstract
says "significant"; "no X before Y" for "Y is the first X".
The guards keep claims of the same shapes that say what their passage says, or catch what they did.

Pure functions on text (rag.cues, rag.verifier).
"""

from __future__ import annotations

import pytest

from rag.cues import contradiction_cue
from rag.verifier import unstated_absolute

TOOLING = "Critically, the study shows that the choice of simulator interface is essential for coupling agents to solvers."
MESHES = "The decoder stays accurate and robust to varying mesh resolutions across all test sets."
TRANSITION = "We show that the collapse appears with respect to the norm of the update, and the rest with the width of the layer."
SURVEY = "To support the evaluation, we release a new corpus that pairs sensor logs and field reports across regions."
SPIKES = "We also observe a reduction in synaptic events and better accuracy with delays in the recurrent layers."
SYMMETRY = ("We propose an efficient network, called RotNet, that achieves global SO(3) equivariance without the costly "
            "SO(3) Clebsch–Gordan tensor products.")
SCALING = "We also find that image models show scaling trends that differ fundamentally from those of text models."
BENCHMARK = "The benchmark tests predictions on unseen genes and is inherently challenging for traditional methods."
DOCKING = ("Learned scoring functions are limited by small training sets tied to one target, resulting in negligible "
           "generalization.")
TRAINING = ("Experiments show that deep networks with the new scheme train stably without normalization and achieve "
            "superior accuracy compared to their normalized counterparts.")
STORAGE = "Forecasts can be run in a compact latent space rather than the full grid, thus reducing storage and compute costs."
DEPENDENCE = "This gap stems not from a need for the layer but from the lack of reasonable initialization schemes."
GAINS = "We report significant accuracy gains over existing baseline models on every task pair."
PRIORITY = "Notably, the solver is the first architecture that learns directly from adaptive mesh simulations."
TRIALS = "Active sampling improves sample efficiency over random sampling under limited trial budgets."
LABELS = "The reward comes from a planner, which eliminates the need for explicit state annotations."
MESHING = "The solver outperforms strong baselines on both regular and irregular meshes."


# (claim, passage, the cue that must find it, or None where the claim must be kept); the passage is
# also the whole abstract
CASES = [
    # false claims now caught
    ("The simulator interface turns out to matter little for coupling agents to solvers.", TOOLING, "antonym_clash"),
    ("The simulator interface is of minor importance when agents are coupled to solvers.", TOOLING, "antonym_clash"),
    ("The decoder's accuracy depends on the mesh resolution.", MESHES, "invariance_clash"),
    ("The collapse depends on the rank of the update.", TRANSITION, "property_swap"),
    ("The corpus covers just one region, pairing sensor logs with field reports.", SURVEY, "one_against_many"),
    ("Synaptic events become more frequent once delays are added to the recurrent layers.", SPIKES, "amount_clash"),
    ("RotNet gives up global SO(3) equivariance to save compute.", SYMMETRY, "polarity_clash"),
    # (verify27: "SO(3)" is read as a name, so "without the costly SO(3) Clebsch-Gordan tensor products" denies the
    # products themselves and the polarity cue finds it first)
    ("RotNet's off-diagonal updates depend on SO(3) Clebsch-Gordan tensor products.", SYMMETRY, "polarity_clash"),
    ("Image models scale the same way text models do.", SCALING, "antonym_clash"),
    ("Traditional methods find the benchmark straightforward.", BENCHMARK, "antonym_clash"),
    ("Learned scoring functions already generalize well across targets.", DOCKING, "valence_clash"),
    ("Normalized networks keep the edge over those initialized with the new scheme.", TRAINING, "reversed_comparison"),
    ("Running forecasts in the latent space makes them costlier in storage and compute.", STORAGE, "antonym_clash"),
    ("Irregular meshes are beyond what the solver can model.", MESHING, "polarity_clash"),
    # true claims now kept
    ("The gap comes from the absence of sensible initialization schemes, not from any need for the layer.", DEPENDENCE, None),
    ("No architecture before the solver learned directly from adaptive mesh simulations.", PRIORITY, None),
    # guards: the same shapes, read as before
    ("The simulator interface is essential for coupling agents to solvers.", TOOLING, None),
    ("The decoder gives robust extrapolation as the mesh changes.", MESHES, None),
    ("The collapse depends on the norm of the update.", TRANSITION, None),
    ("One of the reports comes from each region.", SURVEY, None),
    ("Synaptic events become less frequent once delays are added to the recurrent layers.", SPIKES, None),
    ("Scaling RotNet up gives up to a threefold gain in its SO(3) equivariance.", SYMMETRY, None),
    ("Running forecasts on the full grid is costlier than in the latent space.", STORAGE, None),
    ("Irregular meshes are within what the solver can model.", MESHING, None),
]


@pytest.mark.parametrize("claim, passage, cue", CASES)
def test_claim_against_passage(claim: str, passage: str, cue: str | None) -> None:
    found = contradiction_cue(claim, passage, passage)
    assert (found and found[0]) == cue, found


def test_clearly_is_stated_by_significant() -> None:
    assert unstated_absolute("The method clearly outperforms existing baseline models.", [GAINS]) == ""
    assert unstated_absolute("The method dramatically outperforms existing baseline models.", [GAINS])  # guard


def test_a_thing_made_unnecessary_needs_a_need_eliminated() -> None:
    assert unstated_absolute("Active sampling makes randomized trials unnecessary.", [TRIALS])
    assert unstated_absolute("With active sampling, randomized trials are no longer needed.", [TRIALS])
    assert unstated_absolute("Explicit state annotations become unnecessary with the planner's reward.", [LABELS]) == ""
