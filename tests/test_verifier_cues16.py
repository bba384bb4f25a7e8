"""The sixteenth grounding pass (issue 7, verify16): what a strong model's summary of one abstract gets
wrong, read on claims_dev14.

False claims now caught: a comparison with its sides the other way round ("Model-based methods beat
MindZero" against "MindZero outperforms model-based methods"), a comparison in a compound merit ("more
data-efficient than" read as a comparison), a bound from the other side ("at least 3.2-fold" against
"up to 3.2x"), "fully" where the source never says it, a claim given to the paper's own method that
the source says of "these methods" or "recent" work, the subject after an opening "By V-ing ...,", a
name given a component's verb by "X is what V-s", and what "A are X rather than Y" sets aside when the
source states it, and "supersede" against "do not replace".
True claims now kept: "3.2-fold" holds no number 2, "between forgetting and not forgetting" denies
neither, "Without X, Y fails" says X is needed, and "without constraints" agrees with an abstract that
writes "unconstrained sequences".
The guards keep the true claims and real contradictions of the same shapes.

Pure functions on text (rag.cues, rag.text.missing_terms, rag.verifier.unstated_absolute).
"""

from __future__ import annotations

import pytest

from rag.cues import contradiction, misattributed
from rag.text import missing_terms
from rag.verifier import unstated_absolute

MINDZERO = ("In contrast, MindZero enhances MLLMs' intrinsic ToM ability and significantly outperforms model-based methods "
            "in both accuracy and efficiency.")
SPIKEINIT = ("Extensive experiments demonstrate that deep SNNs with SpikeInit can be trained stably without normalization "
             "and achieve superior performance compared to their normalized counterparts under identical settings.")
POPULATION = ("We demonstrate that by directly learning the population mechanics, our method forecasts unseen marginals "
              "without a reference process, and outperforms gradient flow and flow matching methods across experiments.")
TITO = "We find that coarse-grained TITO models are substantially more data-efficient than Boltzmann Emulators."
LAPLACE = "We first demonstrate that diverse spatial codes emerge naturally as spectral decompositions of the Laplace operator."
HEBBIAN = ("These mechanisms do not replace standard Hebbian theory; they can coexist with genuine Hebbian plasticity "
           "and complicate the interpretation of synaptic measurements.")
AURORA = "Increasing the training dataset by 10x reduces the validation loss of Aurora by up to 3.2x."
LORA = "Low-Rank Adaptation (LoRA) is the dominant fine-tuning method, yet it suffers from catastrophic forgetting."
ROSETTA = ("Critically, prompt engineering alone often fails to generate Rosetta actions, demonstrating that environment "
           "design is essential.")
SPECTRA = "The framework predicts scientific spectra under hard physical constraints."
SPECTRA_ABSTRACT = ("Existing methods often treat them as unconstrained sequences and therefore fail to enforce the physical "
                    "structure. " + SPECTRA)

# (claim, passage): contradictions main's cues miss
CONTRADICTIONS = [
    ("Model-based methods beat MindZero on accuracy, though they are slower.", MINDZERO),
    ("Under identical settings, normalized SNNs still outperform their SpikeInit counterparts.", SPIKEINIT),
    ("Gradient flow and flow matching methods outperform the proposed method on real experiments.", POPULATION),
    ("In data efficiency, coarse-grained TITO models lag well behind Boltzmann Emulators.", TITO),
    ("Aurora's validation loss drops at least 3.2-fold for each tenfold increase in data.", AURORA),
    # what "rather than" sets aside comes after the verb of being: the codes are said not to emerge
    ("The spatial codes are hand-designed rather than emerging from the Laplace operator.", LAPLACE),
    # "supersede" is on the side of "replace", against "coexist"
    ("These emergent mechanisms supersede standard Hebbian theory.", HEBBIAN),
    ("The authors present these mechanisms as a replacement for standard Hebbian theory.", HEBBIAN),
]
# (claim, passage): the same shapes, true
AGREEMENTS = [
    ("MindZero beats model-based methods on accuracy and efficiency.", MINDZERO),
    ("Deep SNNs trained with SpikeInit and no normalization outperform their normalized counterparts.", SPIKEINIT),
    ("The proposed method outperforms gradient flow and flow matching methods.", POPULATION),
    ("Coarse-grained TITO models need much less data than Boltzmann Emulators.", TITO),
    ("Aurora's validation loss falls by as much as 3.2-fold with ten times the data.", AURORA),
    ("The spatial codes emerge from the Laplace operator rather than being hand-designed.", LAPLACE),
    ("These emergent mechanisms can coexist with genuine Hebbian plasticity.", HEBBIAN),
]


@pytest.mark.parametrize("claim,passage", CONTRADICTIONS)
def test_a_reversed_comparison_or_bound_contradicts(claim, passage):
    assert contradiction(claim, passage) != ""


@pytest.mark.parametrize("claim,passage", AGREEMENTS)
def test_the_same_comparison_or_bound_agrees(claim, passage):
    assert contradiction(claim, passage) == ""


def test_a_decimal_ratio_holds_no_second_number():
    assert missing_terms("Aurora's validation loss falls up to 3.2-fold.", AURORA) == []
    assert missing_terms("Aurora's validation loss falls up to 4.2-fold.", AURORA) == ["4.2"]


def test_fully_goes_beyond_a_source_that_never_says_it():
    claim = "The approach fully solves universal GRN inference."
    assert "fully" in unstated_absolute(claim, ["We establish a new paradigm for universal GRN inference."])
    assert unstated_absolute(claim, ["Our approach fully solves universal GRN inference."]) == ""


# (claim, passage, context): true claims main's polarity cue reads as denials
KEPT = [
    ("The authors find phase transitions between forgetting and not forgetting for LoRA.", LORA, ""),
    ("Without a well-designed environment, prompting alone often fails to yield Rosetta actions.", ROSETTA, ""),
    ("Treating spectra as sequences without constraints is why prior predictors miss the physical structure.",
     SPECTRA, SPECTRA_ABSTRACT),
]
# the same shapes, denying what the passage states
DENIED = [
    ("LoRA does not suffer from catastrophic forgetting.", LORA, ""),
    ("The agent designs proteins without environment design, and prompting suffices.", ROSETTA, ""),
    ("The framework predicts spectra without physical constraints.", SPECTRA, SPECTRA_ABSTRACT),
]


@pytest.mark.parametrize("claim,passage,context", KEPT)
def test_both_sides_a_condition_or_a_prefixed_form_deny_nothing(claim, passage, context):
    assert contradiction(claim, passage, context) == ""


@pytest.mark.parametrize("claim,passage,context", DENIED)
def test_a_plain_denial_still_contradicts(claim, passage, context):
    assert contradiction(claim, passage, context) != ""


FIELDS = ("Although transformer-based operators are popular, they often rely on token-wise attention. These methods "
          "treat continuous fields as discrete tokens and usually ignore the global functional structure. We introduce "
          "Functional Attention, which reinterprets attention as a functional correspondence between adaptive bases.")
SNN = ("While recent SNNs achieve superior performance using larger and deeper backbones, this comes at a cost of "
       "diminishing their energy-saving benefits. In this paper, we propose UniSparse, a unified sparsification framework.")
ACE = ("To address this, we provide (i) a sharp sufficient Path Existence Criterion that characterizes when the composed "
       "intermediate densities are well-defined, and (ii) Adaptive Path Correction with Exponents (ACE), which "
       "generalizes Feynman-Kac steering to support time-varying exponents.")
WLA = ("By decoupling weather reconstruction from downstream tasks, WLA improves the accuracy and sharpness of weather "
       "task model results. The incorporated Pressure-Variable Unified Module transforms multiple PVS into a unified "
       "representation.")


# (claim, passage, whether the passage says it of something else): the first of each pair is given
# what the source says of other work or of another subject, the second is the guard
CHALLENGES = ("Despite recent advances, several key challenges remain, including the lack of ground-truth mental state "
              "annotations in real-world domains. We introduce MindZero, a self-supervised reinforcement learning framework.")
ATTRIBUTIONS = [
    # "recent" after a preposition is no other work's subject
    ("MindZero removes the need for explicit mental-state annotations.", CHALLENGES, False),
    ("Functional Attention treats continuous fields as discrete tokens with token-wise attention.", FIELDS, True),
    ("Functional Attention reinterprets attention as a functional correspondence between adaptive bases.", FIELDS, False),
    ("UniSparse draws its energy savings from larger and deeper backbones.", SNN, True),
    ("Recent SNNs reach superior performance with larger and deeper backbones, at a cost in energy savings.", SNN, False),
    ("The Pressure-Variable Unified Module is what decouples weather reconstruction from downstream tasks.", WLA, True),
    ("WLA decouples weather reconstruction from downstream tasks, improving accuracy and sharpness.", WLA, False),
    ("The Path Existence Criterion is what generalizes Feynman-Kac steering to time-varying exponents.", ACE, True),
    ("Adaptive Path Correction with Exponents is what generalizes Feynman-Kac steering to time-varying exponents.", ACE, False),
]


@pytest.mark.parametrize("claim,passage,elsewhere", ATTRIBUTIONS)
def test_what_the_source_says_of_other_work_or_another_subject_is_misattributed(claim, passage, elsewhere):
    assert bool(misattributed(claim, passage, passage)) is elsewhere
