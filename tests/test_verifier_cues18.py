"""The eighteenth grounding pass (issue 7, verify18): what a strong model writes when it answers a
user's question about one paper, read on claims_dev16.

True claims now kept: a claim that names both a word and its prefixed negation ("with canonical ...
and with non-canonical residues"), or a passage that joins them by "and"/"or" ("between forgetting
and non-forgetting behavior", against "regimes that forget and regimes that do not"), denies neither; "skips", "bypasses", "sidesteps" leave a thing out as
"avoids" does; a negated adverb of manner ("performs far from satisfactorily at inferring networks")
denies the manner, not its object; a phrase after "A and B" holds for A too ("off-diagonal updates
and message passing within SO(2) frames"); absolute words that "rather than" sets aside, and an
"all" after a verb of being that sums up a list ("A, B and C are all special cases"), claim nothing
absolute; a count with no noun after it ("all three", "between the two") points back at what the
claim itself names and states no number of the source.
False claims now caught: a comparison with a generic target ("existing methods") the other way round
from the passage's, about the same subject; "keeps X" against "replaces X"; "hard to interpret"
against "interpretable"; "climbs well above zero" against "near-zero".
The guards keep the real contradictions and the true claims of the same shapes.

Pure functions on text (rag.cues, rag.verifier).
"""

from __future__ import annotations

import pytest

from rag.cues import contradiction, contradiction_cue
from rag.text import missing_terms
from rag.verifier import unstated_absolute

PHASES = "Using tools from control theory, we characterize a phase transition between forgetting and non-forgetting behavior."
ROSETTA = "Learned design methods achieve strong results, but these are largely restricted to natural nucleotides."
SPECTRAL = "Wavelet networks operate directly in the frequency domain to avoid spatial derivative computations."
FAR = ("Gene regulatory network inference is essential for understanding cells. However, their performance "
       "remains far from satisfactory.")
OPERATIONS = ("This is achieved by performing all off-diagonal feature updates and message passing within SO(2) local "
              "frames, thereby eliminating the need of SO(3) tensor products.")
EXISTING = "Empirical results demonstrate that GateBO consistently outperforms existing methods under identical budgets."
REPLACES = "Inspired by spectral graph theory, our layer replaces softmax affinities with structured linear operators."
INTERPRETABLE = "We propose FlowNet, a physics-informed model enabling interpretable discovery of critical pathways."
ZERO = "The integrator achieves near-zero energy drift and correct momentum conservation."
MECHANICS = ["We show that these mechanics encompass classical mechanics, quantum mechanics, and gradient flows."]


@pytest.mark.parametrize("claim, passage", [
    # a side naming both a word and its prefixed negation denies neither
    ("The authors find a phase transition between regimes that forget and regimes that do not.", PHASES),
    ("With natural nucleotides it matches specialized models, and with non-natural nucleotides it gets comparable results.",
     ROSETTA),
    # going round a thing says what "avoids" it says
    ("Working in the frequency domain, wavelet networks skip spatial derivative computation.", SPECTRAL),
    ("Wavelet networks bypass spatial derivative computations by working in the frequency domain.", SPECTRAL),
    # a negated adverb of manner leaves its object stated
    ("Foundation models still perform far from satisfactorily at inferring gene regulatory networks.", FAR),
    # what follows "A and B" holds for A too
    ("The model performs its off-diagonal updates in SO(2).", OPERATIONS),
])
def test_true_answers_are_kept(claim: str, passage: str) -> None:
    assert contradiction(claim, passage) == ""


@pytest.mark.parametrize("claim, passage, cue", [
    # a generic target, the same subject, the other direction
    ("Under the same budget, GateBO does worse than existing methods.", EXISTING, "direction_reversed"),
    ("GateBO falls behind existing methods under identical budgets.", EXISTING, "direction_reversed"),
    # keeping what the passage replaces
    ("The layer keeps softmax affinities but adds a regularizer.", REPLACES, "antonym_clash"),
    ("The layer retains the softmax affinities of standard attention.", REPLACES, "antonym_clash"),
    # hard to do what the passage makes possible
    ("The authors find FlowNet's pathways hard to interpret.", INTERPRETABLE, "ease_clash"),
    # away from zero where the passage says near zero
    ("The integrator's energy drift climbs well above zero on long rollouts.", ZERO, "polarity_clash"),
])
def test_false_answers_are_caught(claim: str, passage: str, cue: str) -> None:
    found = contradiction_cue(claim, passage)
    assert found is not None and found[0] == cue


@pytest.mark.parametrize("claim, passage", [
    # guards: the same words with no contradiction
    ("GateBO consistently beats existing methods under identical budgets.", EXISTING),
    ("Other methods do worse than GateBO under identical budgets.", EXISTING),
    ("The layer replaces softmax affinities with structured linear operators.", REPLACES),
    ("The layer keeps the structured linear operators compact.", REPLACES),
    ("FlowNet's pathways are easy to interpret.", INTERPRETABLE),
    ("The integrator keeps its energy drift close to zero.", ZERO),
])
def test_guards_keep_what_agrees(claim: str, passage: str) -> None:
    assert contradiction(claim, passage) == ""


@pytest.mark.parametrize("claim, passage", [
    # guards: a real denial of one side, a real swap of the number
    ("The authors find that the model never forgets, in any regime.", PHASES),
    ("The model performs off-diagonal feature updates within SO(3) local frames.", OPERATIONS),
])
def test_guards_still_catch(claim: str, passage: str) -> None:
    assert contradiction(claim, passage) != ""


def test_absolute_words_set_aside_or_summing_up_a_list_claim_nothing() -> None:
    assert unstated_absolute("Rather than fusing them by architecture alone, the model routes information.", MECHANICS) == ""
    assert unstated_absolute("Classical and quantum mechanics, and gradient flows too, are all special cases of it.",
                             MECHANICS) == ""
    # guards: an absolute the claim asserts, and "are all that" ("only")
    assert unstated_absolute("The method alone explains the dynamics.", MECHANICS) != ""
    assert unstated_absolute("Model size, data size and compute are all that matter.", MECHANICS) != ""
    assert unstated_absolute("These mechanics are all one needs.", MECHANICS) != ""


PIXELS = "Pixel-space data brings smooth outputs, a single variable subset, and high storage costs; latent space fixes them."


def test_a_count_that_points_back_at_the_claims_own_list_states_no_number() -> None:
    assert missing_terms("Pixel-space data brings smooth outputs, one subset and heavy storage, and the latent "
                         "space addresses all three.", PIXELS) == []
    assert missing_terms("Noise and decay pull updates apart, with a phase boundary between the two.", PIXELS) == []
    # guards: a count of a noun is a number of the source
    assert missing_terms("The latent space beats all three baselines.", PIXELS) == ["3"]
    assert missing_terms("The latent space is tested on the three datasets.", PIXELS) == ["3"]
