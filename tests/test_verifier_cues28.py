"""The twenty-eighth grounding pass (issue 7, verify28): an eighth representative sample read blind (claims_dev26).

False claims now caught: a claim that a thing is enough to do what the passage says it fails to
do ("prompting alone is enough to produce solver actions" against "prompting alone often fails to
generate solver actions"); a claim that loses what the passage preserves ("lose the fixed points"
against "preserving the fixed points"); a claim that sets aside ("instead of") what the passage
states, where the claim also names the thing both speak of ("learns the interconnection from data
instead of fixing it by mesh topology"); "whatsoever" as a claim of none at all.
True claims now kept: "no theory links X to Y" for "a theory linking X to Y remains elusive";
"cannot quantify X" for "are limited in quantifying X"; "by dropping X" for "by eliminating X"; "the
grid is regular or irregular" names both sides; "data" and "datasets" traded between two clauses
are one noun; "the first extension of X" for "extends X ... for the first time".
The guards keep claims of the same shapes that say what their passage says, or still catch them.

Pure functions on text (rag.cues, rag.verifier).
"""

from __future__ import annotations

import pytest

from rag.cues import contradiction_cue
from rag.verifier import unstated_absolute, unstated_priority

PROMPTING = "Critically, prompting alone often fails to generate valid solver actions, so the environment matters."
FIXED_POINTS = "Pruning the network yields far smaller graphs while preserving the fixed points on surviving nodes."
MESH = ("The conservative interconnection is fixed uniquely by mesh topology, whereas metric effects enter only "
        "through constitutive relations.")
STORAGE = "The compressed set reduces the original 244.34 TB of data to 0.43 TB."
ELUSIVE = "A normative theory linking these static codes to the dynamic process of navigation remains elusive."
ROUTING = "Consequently, they are limited in quantifying how information is routed between neural regions."
DEGREES = "By eliminating non-physical degrees of freedom, the framework gives stable and faithful simulation."
GRIDS = "APT outperforms state-of-the-art architectures in subsurface tasks across both regular and irregular grids."
DATA = ("Potentials achieve excellent accuracy when trained on large DFT data. They must often be adapted using small "
        "and expensive task-specific datasets.")
FIRST = "This work proposes a verbalized framework, which extends classic persuasion games to human dialogues for the first time."
DECODING = "Fine-tuned on word decoding, the model matches supervised performance with a fraction of the data (1hr vs 50hrs)."

# (claim, passage, the cue that must find it, or None where the claim must be kept); the passage is
# also the whole abstract
CASES = [
    # false claims now caught: enough against fails, in either order
    ("Prompting by itself is enough to produce valid solver actions.", PROMPTING, "sufficiency_clash"),
    # losing what the passage preserves, said of the same thing
    ("The pruned graphs lose the fixed points on the surviving nodes.", FIXED_POINTS, "intact_clash"),
    # setting aside what the passage states, where the claim also names the thing both speak of
    ("The model learns the conservative interconnection from data instead of fixing it by mesh topology.", MESH,
     "set_aside_stated"),
    # true claims now kept
    ("No normative theory ties these static codes to the dynamic process of navigation.", ELUSIVE, None),
    ("They cannot quantify how information is routed between neural regions.", ROUTING, None),
    ("By dropping non-physical degrees of freedom, the framework gives stable and faithful simulation.", DEGREES, None),
    ("Whether the grid is regular or irregular, APT outperforms state-of-the-art architectures in subsurface tasks.",
     GRIDS, None),
    ("Potentials reach excellent accuracy when trained on large DFT datasets but must be adapted with small, "
     "expensive task-specific data.", DATA, None),
    # guards: the same shapes, read as the passage says them or still caught
    ("Prompting alone often fails to produce valid solver actions.", PROMPTING, None),
    ("Pruning keeps the fixed points on the surviving nodes.", FIXED_POINTS, None),
    ("A theory linking these static codes to the dynamic process of navigation is provided.", ELUSIVE, None),
    ("They quantify precisely how information is routed between neural regions.", ROUTING, "polarity_clash"),
    ("APT outperforms state-of-the-art architectures in subsurface tasks on regular and irregular grids.", GRIDS, None),
    ("The conservative interconnection is fixed by mesh topology instead of being learned from data.", MESH, None),
    # two amounts are a change, not a choice
    ("The compressed set takes 0.43 TB instead of the original 244.34 TB.", STORAGE, None),
]


@pytest.mark.parametrize("claim, passage, cue", CASES)
def test_claim_against_passage(claim: str, passage: str, cue: str | None) -> None:
    found = contradiction_cue(claim, passage, passage)
    assert (found and found[0]) == cue, found


def test_the_first_of_a_thing_in_another_form_of_its_words() -> None:
    # "extension" for "extends ... for the first time": the priority the source claims, in other forms
    assert unstated_priority("This is the first extension of classic persuasion games to human dialogue.", [FIRST]) == ""
    # guard: a priority for something the source never claims first
    assert unstated_priority("This is the first extension of classic persuasion games to video.", [FIRST])


def test_whatsoever_claims_none_at_all() -> None:
    assert unstated_absolute("The model matches supervised decoding with no data whatsoever.", [DECODING])
    # guard: the same claim without it says what the source says in other words
    assert unstated_absolute("The model matches supervised decoding with a fraction of the data.", [DECODING]) == ""
