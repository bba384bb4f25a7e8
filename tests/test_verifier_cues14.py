"""The thirteenth grounding pass (issue 7, verify14): paraphrases the cues misread as contradictions.
"Leaving out X" and "rules out X" deny X as "without X" does; a verb before "nothing" is negated
("rules that learn nothing" for "non-learning rules"); a claim naming both sides ("forgetting and
not forgetting") agrees with a passage naming both ("forgetting and non-forgetting"); the words
that bound an amount ("at least 8.3%") tie a number to no detail; where both texts say a comparison
holds ("on MatBench and QM9") is no side of it; an acronym the claim writes in capitals ("BN",
"PEFT") is present when the source writes the words it stands for. And two changed details: a
suspended hyphen takes its compound's last part ("geometry-, mesh-, and physics-agnostic"), so that
"mesh-specific" reads against "mesh-agnostic"; articles do not break the words that open a modifier
slot ("taking the phonon density of states" against "taking electronic density of states"), and an
"-ing" word right before the noun fills the passage's slot ("batch normalization layers" against
"spiking layers"). The
guards keep the real contradictions of the same shapes, and the true claims of the new ones.

Pure functions on text (rag.cues.contradiction, rag.text.missing_terms).
"""

from __future__ import annotations

import pytest

from rag.cues import contradiction
from rag.text import missing_terms


# (claim, passage): true paraphrases the cues misread before this pass
PARAPHRASES = [
    # a verb of leaving out denies its object, as "without" does
    ("The authors trained a 1000-layer network while leaving out normalization entirely.",
     "We demonstrate scalability by training a 1000-layer network without normalization."),
    ("Minimizing free energy rules out capturing properties such as periodic behaviour.",
     "Since gradient flows minimize free energy, they fail to capture properties such as periodicity."),
    # "nothing" negates the verb before it
    ("Even update rules that learn nothing can produce the signature.",
     "The signature can arise even for non-learning or random update rules."),
    # both sides named on both sides
    ("There are transitions between forgetting and not forgetting in the model.",
     "We find transitions between forgetting and non-forgetting behavior in the model."),
    # a bound ("at least") is no detail of a number
    ("Under random splits the model gains at least 14.4% over baselines; under scaffold splits, at least 8.3%.",
     "The model achieves improvements of at least 14.4% under random splits and 8.3% under scaffold splits."),
    # where the comparison holds is no side of it
    ("No DFT labels are needed for the model to beat the baselines on QM9 and MatBench.",
     "The model improves performance on MatBench and QM9 over baselines without needing DFT labels."),
]
# (claim, passage): the same shapes, contradicting
CONTRADICTIONS = [
    ("The authors trained a 1000-layer network with normalization.",
     "We demonstrate scalability by training a 1000-layer network without normalization."),
    ("The analysis rules out any effect of the dataset size.",
     "The analysis shows an effect of the dataset size on the loss."),
    ("Pre-training contributes nothing to the accuracy of the decoder.",
     "Pre-training contributes to the accuracy of the decoder."),
    ("Even update rules that learn can produce the signature.",
     "The signature can arise only for non-learning update rules."),
    ("The model is not forgetting its earlier tasks.",
     "The model shows catastrophic forgetting of its earlier tasks."),
    ("The model achieves improvements of at least 8.3% under random splits and 14.4% under scaffold splits.",
     "The model achieves improvements of at least 14.4% under random splits and 8.3% under scaffold splits."),
    ("The baselines improve performance on QM9 over the model.",
     "The model improves performance on QM9 over the baselines."),
]


@pytest.mark.parametrize("claim, passage", PARAPHRASES)
def test_a_paraphrase_is_no_contradiction(claim, passage):
    assert contradiction(claim, passage) == ""


@pytest.mark.parametrize("claim, passage", CONTRADICTIONS)
def test_the_same_shapes_still_contradict(claim, passage):
    assert contradiction(claim, passage) != ""


@pytest.mark.parametrize("claim, passage, abstract", [
    ("APT is a geometry-agnostic but mesh-specific neural operator.",
     "We propose APT, a geometry-, mesh-, and physics-agnostic neural operator.", ""),
    ("The model takes the phonon density of states as the prototypical example.",
     "Taking electronic density of states (eDOS) as the prototypical example, we introduce the model.",
     "Taking electronic density of states (eDOS) as the prototypical example, we introduce the model. We "
     "evaluate it on eDOS and phonon density of states."),
    # an "-ing" word naming the kind right before the noun
    ("The method models the response curve of the batch normalization layers.",
     "By modeling the response curve of spiking layers, the method initializes the weights.",
     "By modeling the response curve of spiking layers, the method initializes the weights. It removes batch "
     "normalization."),
])
def test_a_changed_detail_is_caught(claim, passage, abstract):
    assert contradiction(claim, passage, abstract or passage) != ""


@pytest.mark.parametrize("claim, passage", [
    ("APT is a mesh-agnostic neural operator.",
     "We propose APT, a geometry-, mesh-, and physics-agnostic neural operator."),
    ("The terms of second order and third order are kept.",
     "The second- and third-order terms are kept."),
    ("The method models the response curve of the spiking neuron layers.",
     "By modeling the response curve of spiking layers, the method initializes the weights."),
    ("Confidence estimation is a model-agnostic skill.",
     "Confidence estimation is a cross-model skill rather than a model-specific skill."),
])
def test_the_new_readings_keep_true_claims(claim, passage):
    assert contradiction(claim, passage, passage) == ""


def test_an_acronym_is_present_when_the_source_writes_its_words():
    source = ("The affine parameters in batch normalization serve as thresholds. Low-Rank Adaptation (LoRA) is the "
              "dominant parameter-efficient fine-tuning method.")
    assert missing_terms("The threshold is the affine parameter of the BN layer.", source) == []
    assert missing_terms("LoRA is the go-to PEFT method.", source) == []


@pytest.mark.parametrize("claim", [
    "LoRA is the go-to GAN method.",  # no words of the source spell it
    "The affine parameters of the LN layer serve as thresholds.",  # "layer normalization" is not written
])
def test_an_acronym_the_source_never_spells_stays_missing(claim):
    source = ("The affine parameters in batch normalization serve as thresholds. Low-Rank Adaptation (LoRA) is the "
              "dominant parameter-efficient fine-tuning method.")
    assert missing_terms(claim, source) != []
