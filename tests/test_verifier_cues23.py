"""The twenty-third grounding pass (issue 7, verify23): a third representative sample read blind (claims_dev21).

False claims now caught: a list that names the passage's items in another order but swaps one for a
thing the abstract never names; more of a thing where the passage says there is less of it ("fire
more spikes" against "a reduction in spiking operations", "the network spikes more"); "quantify X"
against "are limited in quantifying X"; "changes with the resolution" against "resolution-invariant";
"good enough" against "far from satisfactory"; "experts are outdone by X" where the passage says X
matches them; "less transferable" against "transfer better".
True claims now kept: "at the cost of X" where the passage says "at a cost of diminishing X";
"insufficiently preserved" for "not sufficiently preserved"; "curvature
matching", the name of an act, beside "beats"; "sometimes beats" where the passage says "on certain
benchmarks"; "every X's Y" where the abstract writes "X-specific Y"; "RF" for "Resonate-and Fire";
"tell the two apart" states no count.
The guards keep claims of the same shapes that say what their passage says, or catch what they did.

Pure functions on text (rag.cues, rag.text, rag.verifier).
"""

from __future__ import annotations

import pytest

from rag.cues import contradiction_cue, misattributed
from rag.text import missing_terms
from rag.verifier import unstated_absolute

TECHNIQUES = ("The solver is reinforced with techniques including verbalized commitment assumptions, verbalized "
              "obedience constraints, and information obfuscation.")
ACQUISITION = ("We develop an acquisition function targeting uplift uncertainty, domain discrepancy, and overlap "
               "deficits to select the most informative units.")
SPIKING = "We also observe a reduction in spiking operations with heterogeneity in the resonate layers."
ROUTING = "Consequently, they are limited in quantifying how information is routed between regions."
OPERATOR = "This yields a compact, generalizable, resolution-invariant representation of the input."
FOUNDATION = "However, we observe that their performance on network inference remains far from satisfactory."
DESIGN = "The agent designs proteins with canonical amino acids, matching specialized models and human experts."
BACKBONES = ("While recent networks achieve superior performance using larger backbones, this comes at a cost of "
             "diminishing their energy-saving benefits.")
CONTEXTS = "We find that models pre-trained with longer contexts learn representations that transfer better to decoding."
METRICS = "Due to inadequate metrics, the global structure is not sufficiently preserved in standard reduction regimes."
CURVATURE = ("By aligning the curvature of latent spaces, we construct an architecture, namely Geometric Alignment via "
             "curvature matching in transfer learning (GALT), which ensures a comprehensive geometric representation.")
TRANSFER = ("Indirect rewards achieve extraordinary zero-shot transfer on out-of-distribution benchmarks, even "
            "surpassing fully supervised specialists on certain benchmarks.")
CONTRAST = ("The network shifts from population coding that extracts features from low-contrast inputs by recruiting "
            "more neurons, to sparse coding at high contrast, using fewer neurons. This reduction in the number of "
            "active neurons saves energy.")
MATCHES = "The agent matches specialized models on design with canonical amino acids."
CONSISTENT = "The method consistently improves accuracy on every task."


# (claim, passage, the cue that must find it, or None where the claim must be kept); the passage is
# also the whole abstract
CASES = [
    # false claims now caught
    ("Reward shaping, verbalized commitment assumptions and verbalized obedience constraints reinforce the solver.",
     TECHNIQUES, "list_swap"),
    ("Treatment cost, uplift uncertainty and domain discrepancy are what the acquisition function targets.",
     ACQUISITION, "list_swap"),
    ("Adding heterogeneity to the resonate layers makes them fire more spikes.", SPIKING, "amount_clash"),
    ("With heterogeneity in its resonate layers, the network spikes more.", SPIKING, "amount_clash"),
    ("Prior methods quantify precisely how information is routed between regions.", ROUTING, "polarity_clash"),
    ("The representation changes with the resolution of the input.", OPERATOR, "invariance_clash"),
    ("Their results on network inference are already good enough.", FOUNDATION, "polarity_clash"),
    ("Human experts are outdone by the agent on each protein design task.", DESIGN, "parity_clash"),
    ("Longer pre-training contexts make the representations less transferable to decoding.", CONTEXTS, "valence_clash"),
    # true claims now kept
    ("Bigger backbones buy performance at the cost of their energy savings.", BACKBONES, None),
    ("Inadequate metrics leave the global structure insufficiently preserved by standard reduction.", METRICS, None),
    ("GALT aligns latent spaces through curvature matching and beats benchmark models.", CURVATURE, None),
    ("The rewards give zero-shot transfer that sometimes beats fully supervised specialists.", TRANSFER, None),
    # guards: the same shapes, read as before
    ("Information obfuscation, verbalized commitment assumptions and verbalized obedience constraints reinforce "
     "the solver.", TECHNIQUES, None),
    ("For low-contrast inputs the network recruits more neurons.", CONTRAST, None),
    ("The authors make changes to the resolution of the input.", OPERATOR, None),
    ("Prior methods struggle to quantify how information is routed between regions.", ROUTING, None),
    ("The agent beats specialized models on design with canonical amino acids.", MATCHES, "parity_clash"),
    ("The method sometimes improves accuracy.", CONSISTENT, "degree_clash"),
    ("Longer pre-training contexts make the representations more transferable to decoding.", CONTEXTS, None),
]


@pytest.mark.parametrize("claim, passage, cue", CASES)
def test_claim_against_passage(claim: str, passage: str, cue: str | None) -> None:
    found = contradiction_cue(claim, passage, passage)
    assert (found and found[0]) == cue, found


def test_every_x_of_an_x_specific_thing_is_stated() -> None:
    abstract = "View-specific opinions, including prediction results and uncertainty, are constructed from the learned evidence."
    assert unstated_absolute("Every view's opinion is built from the evidence learned for that view.", [abstract]) == ""
    assert unstated_absolute("Every modality is fused perfectly.", [abstract])  # guard: no "modality-specific" thing


def test_an_acronym_of_words_joined_by_and_names_them() -> None:
    abstract = ("We propose RFSSM, a resonate state space model. Overall, we evaluate Harmonic Resonate-and Fire layers "
                "across 17 diverse datasets.")
    claim = "Seventeen diverse datasets are used to evaluate the harmonic RF layers."
    assert misattributed(claim, abstract, abstract) == ""


def test_the_two_pointing_back_states_no_count() -> None:
    abstract = "Weight decay and noise can produce Hebbian signatures, which experiments should distinguish from Hebbian computation."
    claim = "Weight decay and noise can produce Hebbian signatures, so experiments should tell the two apart."
    assert "2" not in missing_terms(claim, abstract.lower())
    assert "2" in missing_terms("Two experiments should tell the signatures apart.", abstract.lower())  # guard: a count
