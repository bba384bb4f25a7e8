"""The fifteenth grounding pass (issue 7, verify15): true claims the checks dropped on claims_dev13.

"keeps X from collapsing" says what "prevents collapse" says; "physics" (a noun in "-ics") is no
denial of "non-physical"; an acronym the claim writes in the plural ("PDEs", "HMMs") or opening a
compound ("LLM-derived") is present when the source writes the words it stands for; "3D" is present
where the source writes "three-dimensional"; the digit 1 of "14.4%" does not make "into one
framework" a count; "any" is what "arbitrary" says, and "a first step toward" claims no priority.
And opposite words: "a single X" against "multiple X", "a poor trade-off" against "a favorable
trade-off", "rare" against "ubiquitous".
The guards keep the real contradictions, missing names and overclaims of the same shapes.

Pure functions on text (rag.cues.contradiction, rag.text.missing_terms, rag.verifier.unstated_absolute).
"""

from __future__ import annotations

import pytest

from rag.cues import contradiction
from rag.text import missing_terms
from rag.verifier import unstated_absolute

PASSAGE_ACE = "On flexible-pose scaffold decoration, ACE prevents collapse and significantly outperforms constant-exponent baselines."
PASSAGE_MESH = ("By eliminating non-physical degrees of freedom and learning only metric-dependent structure, MeshFT "
                "provides a principled inductive bias for stable, faithful, and data-efficient learning-based physical simulation.")

# (claim, passage): true paraphrases the cues read as contradictions on main
PARAPHRASES = [
    ("ACE keeps the composition of the three experts from collapsing.", PASSAGE_ACE),
    ("On scaffold decoration, ACE stops the composed density from collapsing.", PASSAGE_ACE),
    ("GEAR merges several models into a single transfer learning framework.",
     "We integrate multiple models into a unified transfer learning framework."),
    ("The Pressure-Variable Unified Module maps several pressure-variable subsets into one representation.",
     "Existing studies are limited to a single pressure-variable subset (PVS)."),
    ("A single LLM is trained to predict the confidences of many other LLMs.",
     "We train an LLM to predict the confidences of many other LLMs."),
    ("MeshFT separates the topological structure of physics on a mesh from its metric structure, fixing the former and "
     "learning only the latter, which yields near-zero energy drift and good data efficiency.", PASSAGE_MESH),
]
# (claim, passage): the same shapes, contradicting
CONTRADICTIONS = [
    ("ACE lets the composition of the three experts collapse.", PASSAGE_ACE),
    ("ACE keeps the baselines from collapsing.", "ACE makes the baselines collapse on scaffold decoration."),
    ("The learned degrees of freedom are physical.", "The learned degrees of freedom are non-physical."),
    # opposite words: one against many, poor against favorable, rare against ubiquitous
    ("TriForces is tied to a single MLIP architecture.",
     "We release pretrained TriForces variants across multiple MLIP architectures with code."),
    ("LoRA is an unpopular fine-tuning method with a poor compute-performance trade-off.",
     "LoRA is the dominant parameter-efficient fine-tuning method due to its favorable compute-performance trade-off."),
    ("Lateral connections are rare in cortical circuits.", "Lateral connections (LCs) are ubiquitous in the cortical circuits."),
]


@pytest.mark.parametrize("claim,passage", PARAPHRASES)
def test_a_paraphrase_is_no_contradiction(claim, passage):
    assert contradiction(claim, passage) == ""


@pytest.mark.parametrize("claim,passage", CONTRADICTIONS)
def test_the_same_shapes_still_contradict(claim, passage):
    assert contradiction(claim, passage).startswith("contradicts the source")


# (claim, source): names and numbers the source writes another way
WRITTEN_OTHERWISE = [
    ("Numerical experiments on steady and time-dependent PDEs back the method.",
     "Numerical experiments on steady and time-dependent partial differential equations demonstrate it."),
    ("CRNs have been shown to implement HMMs.",
     "Chemical reaction networks (CRNs) have been shown to realize hidden Markov models and factor graphs."),
    ("StormInsight reconstructs the 3D evolution of convective systems.",
     "StormInsight enables coherent reconstruction of the three-dimensional evolution of convective systems."),
    ("The authors study temperature and LLM-derived embeddings as conditioning signals.",
     "We study conditioning signals such as temperature and large-language-model-derived embeddings."),
    ("GEAR merges several models into one framework and gains at least 14.4% with random splits.",
     "GEAR integrates multiple models into a unified framework, with improvements of at least 14.4% under random splits."),
]
# (claim, source, the term still missing)
STILL_MISSING = [
    ("The method is trained as GANs are.", "We train the method with physics data.", "gans"),
    ("The model reconstructs the 4D evolution of storms.", "The model reconstructs the three-dimensional evolution.", "4d"),
    ("The model runs on 1 GPU and reaches 14.4%.", "The model reaches 14.4% on the benchmark.", "1"),
]


@pytest.mark.parametrize("claim,source", WRITTEN_OTHERWISE)
def test_a_term_written_otherwise_is_present(claim, source):
    assert missing_terms(claim, source) == []


@pytest.mark.parametrize("claim,source,term", STILL_MISSING)
def test_a_term_the_source_never_writes_stays_missing(claim, source, term):
    assert term in missing_terms(claim, source)


def test_any_is_what_arbitrary_says():
    source = ["We introduce C-CSCNNs, which incorporate equivariance to arbitrary pseudo-Euclidean groups."]
    assert unstated_absolute("The conditional version is equivariant to any pseudo-Euclidean group.", source) == ""
    assert unstated_absolute("The conditional version works for any PDE.", ["It works for many PDEs."]).startswith("'any'")


def test_a_first_step_claims_no_priority():
    source = ["Our work provides a foundational step toward large-scale normalization-free SNNs."]
    assert unstated_absolute("The work is a first step toward large normalization-free SNNs.", source) == ""
    assert unstated_absolute("The work is the first normalization-free SNN.", source).startswith("'first'")
