"""The twenty-fifth grounding pass (issue 7, verify25): a fifth representative sample read blind (claims_dev23).

False claims now caught: a finding said to hold "even" under the condition the passage excepts ("but not
when X is removed"); "less well" against "better"; a size said of a clause's subject ("the circuits
needed to compile them are usually small") against the size the passage gives that noun; "dispensable"
where no need is said eliminated.
True claims now kept: a denial that the passage shares ("needs no spatial gradients" for "avoids
spatial gradient computations", "no tool lets operators spot" for "operators lack tools to spot",
"which recurrent models avoid" for "avoiding quadratic dependence"); "hidden" for "latent"; "only a few
minutes" (a small amount, no absolute); a claim that names the thing a prior-work word qualifies
("standard masked-reconstruction objectives") says it of that thing, not of prior methods.
The guards keep claims of the same shapes that say what their passage says, or catch what they did.

Pure functions on text (rag.cues, rag.verifier).
"""

from __future__ import annotations

import pytest

from rag.cues import contradiction_cue, misattributed
from rag.verifier import unstated_absolute

ROBUSTNESS = "The network is more robust than sparse models on noisy inputs, but not when its feedback loops are removed."
TRANSFER = "Encoders trained on longer clips learn features that transfer better to speech recognition."
CIRCUITS = "However, compiling these programs usually requires prohibitively large circuits."
SPECTRAL = "Working in the frequency domain avoids spatial gradient computations and reduces memory use."
MONITORING = "Despite the prevalence of these faults, operators lack monitoring tools to spot them in real time."
SCALING = "Recurrent models scale well to long inputs by avoiding quadratic dependence on sequence length."
SNAPSHOTS = "The method recovers latent dynamical processes from snapshot data."
DELAYS = "In alerting, even minutes of delay can lead to severe harm."
LOOP = "Using cheap surrogate evaluations, the loop reserves costly lab experiments for uncertain regions."
OBJECTIVES = ("Foundation models such as GeneFM are expected to help, yet their results remain poor. The primary reason "
              "is that the standard masked-reconstruction training objectives often fail to capture regulatory signals.")


# (claim, passage, the cue that must find it, or None where the claim must be kept); the passage is
# also the whole abstract
CASES = [
    # false claims now caught
    ("Even with its feedback loops disabled, the network stays more robust than sparse models on noisy inputs.",
     ROBUSTNESS, "exception_denied"),
    ("Encoders trained on longer clips learn features that transfer less well to speech recognition.", TRANSFER,
     "antonym_clash"),
    ("The circuits needed to compile these programs are usually small.", CIRCUITS, "modifier_clash"),
    ("Circuits that compile these programs are typically compact.", CIRCUITS, "modifier_clash"),
    # true claims now kept
    ("The solver needs no spatial gradients and less memory, because it computes in the frequency domain.", SPECTRAL, None),
    ("No current tool lets operators spot these faults in real time.", MONITORING, None),
    ("Attention depends quadratically on sequence length, which recurrent models avoid.", SCALING, None),
    ("The method recovers hidden dynamics from snapshot data.", SNAPSHOTS, None),
    # guards: the same shapes, read as before
    ("The network stays more robust than sparse models on noisy inputs.", ROBUSTNESS, None),
    ("Encoders trained on longer clips learn features that transfer better to speech recognition.", TRANSFER, None),
    ("The circuits needed to compile these programs are usually large.", CIRCUITS, None),
    ("The solver computes spatial gradients in the frequency domain.", SPECTRAL, "polarity_clash"),
]


@pytest.mark.parametrize("claim, passage, cue", CASES)
def test_claim_against_passage(claim: str, passage: str, cue: str | None) -> None:
    found = contradiction_cue(claim, passage, passage)
    assert (found and found[0]) == cue, found


def test_only_a_few_is_a_small_amount() -> None:
    assert unstated_absolute("In alerting, a delay of only a few minutes can lead to severe harm.", [DELAYS]) == ""
    assert unstated_absolute("In alerting, only minutes of delay lead to severe harm.", [DELAYS])  # guard


def test_dispensable_needs_a_need_eliminated() -> None:
    assert unstated_absolute("With the surrogate loop, lab experiments become dispensable.", [LOOP])


def test_a_claim_naming_what_a_prior_work_word_qualifies_is_not_misattributed() -> None:
    passage = OBJECTIVES.split(". ")[1]
    said = "GeneFM falls short because masked-reconstruction training objectives often miss regulatory signals."
    assert misattributed(said, passage, OBJECTIVES) == ""
    assert misattributed("GeneFM often fails to capture regulatory signals.", passage, OBJECTIVES)  # guards
    credited = "Masked-reconstruction training objectives are credited with capturing the regulatory signals GeneFM encodes."
    assert misattributed(credited, passage, OBJECTIVES)
