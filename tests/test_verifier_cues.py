"""The contradiction cues and numbers rule added by the seventh grounding pass (issue 7, verify8).

Pure functions on text: each polarity, detail or not-stated case names both sides when it fires,
and the agreeing twin of each case raises nothing.
"""

from __future__ import annotations

import pytest

from rag.cues import contradiction, misattributed
from rag.text import missing_terms

ALONE = "Modified SINNs achieve superior accuracy compared to PINNs on high-dimensional problems."
PINNS = ("Numerical experiments demonstrate that Modified SINNs outperform sparse grid spectral methods on "
         "middle-dimensional problems and achieve superior accuracy compared to PINNs on high-dimensional problems.")


@pytest.mark.parametrize("claim,passage,cue", [
    # polarity: leaving a thing out of account denies what the passage conditions on
    ("StormInsight ignores the ambient environment.",
     "StormInsight reconstructs convective systems while explicitly conditioning on the ambient environment.",
     "'ignores the ambient environment' vs 'environment'"),
    # antonyms: a sufficient condition is not a necessary one; easy against challenging; mirror against differ
    ("The criterion is a sharp necessary condition.", "We provide a sharp sufficient criterion.", "'necessary' vs 'sufficient'"),
    ("The benchmark is easy for traditional methods.", "The benchmark is inherently challenging for traditional methods.",
     "'easy' vs 'challenging'"),
    ("Weather models mirror the scaling of language models.",
     "Weather models show scaling behaviors that differ fundamentally from those of language models.", "'mirror' vs 'differ'"),
    # direction against one target, read anywhere in the passage
    ("Modified SINNs are less accurate than PINNs.", ALONE, "'worse than pinn' vs 'better than pinn'"),
    ("Modified SINNs trail sparse grid methods.", PINNS, "'worse than grid spars' vs 'better than grid spars'"),
    # kinds before the same noun: a singular noun or adjective in -s, two-word kinds, a verb-shaped
    # word where the word before the phrase is the passage's too
    ("The analysis gives an instantaneous regret bound.", "We provide an analysis with a cumulative regret bound.",
     "'instantaneous regret' vs 'cumulative regret'"),
    ("They integrate decay scaling and wavelet embeddings.", "They integrate decay scaling and basis embeddings.",
     "'wavelet embeddings' vs 'basis embeddings'"),
    ("The method recovers the Markov chain structure.", "By recovering the factor graph structure, we reduce networks.",
     "'markov chain structure' vs 'factor graph structure'"),
    ("The policy is derived from the heat kernel potential.", "We derive a policy based on the Green's function potential.",
     "'heat kernel potential' vs 'green's function potential'"),
    ("Agent Rosetta is evaluated with canonical nucleotides and non-canonical residues.",
     "We evaluate Agent Rosetta on design with canonical amino acids, matching experts, and with non-canonical residues.",
     "'with canonical nucleotides' vs 'with canonical amino acids'"),
    ("It is validated on fluid dynamics and magnetohydrodynamics.",
     "We validate on tasks including fluid dynamics and relativistic electrodynamics, where it wins.",
     "'dynamics and magnetohydrodynamics' vs 'dynamics and relativistic electrodynamics'"),
    # covariation: opposite ways where the passage has the same way
    ("Alignment decreases monotonically as the decay strength grows.",
     "Weight decay drives updates to align, with alignment increasing monotonically with decay strength.",
     "'falls with decay strength' vs 'rises with decay strength'"),
    ("It is evaluated in gridworld and driving domains.", "We evaluate it in gridworld and household domains.",
     "'driving domains' vs 'household domains'"),
])
def test_seventh_pass_cues_name_both_sides(claim, passage, cue):
    assert contradiction(claim, passage, passage) == f"contradicts the source: {cue}"


@pytest.mark.parametrize("claim,passage", [
    ("Modified SINNs are more accurate than PINNs on high-dimensional problems.", ALONE),
    ("Modified SINNs need less memory than PINNs.", ALONE),
    ("The benchmark relies on the zero-shot abilities of scFMs.", "It relies on the zero-shot capabilities of scFMs."),
    ("Weight decay aligns updates more strongly as the decay grows.", "Alignment increases with decay strength."),
    ("The alignment grows monotonically as the decay gets stronger.", "Alignment increasing monotonically with decay strength."),
    ("It lowers MAE by 12.4% and raises the mCSI.", "It reduces MAE by 12.4% and improving the mCSI."),
    ("Deregulation of HAND2 is a crucial step in carcinogenesis.", "HAND2 is an early and crucial molecular alteration in carcinogenesis."),
    ("StormInsight takes the ambient environment into account.",
     "StormInsight reconstructs convective systems while explicitly conditioning on the ambient environment."),
    ("Existing methods ignore the global structure.", "These methods usually ignore the global functional structure."),
    ("Indirect rewards are enough to induce geospatial reasoning.", "Indirect rewards are sufficient to induce reasoning."),
    ("They integrate decay scaling and basis embeddings.", "They integrate coefficient decay scaling and basis embeddings."),
    ("The model learns a compact latent space.", "WLA learns a compact latent space from pixel data."),
])
def test_seventh_pass_agreeing_claims_raise_nothing(claim, passage):
    assert contradiction(claim, passage, passage) == ""


STORM = "On this benchmark, StormInsight reduces MAE by 12.4% and improves the mCSI by 34.0%."
GCM = "We evaluate GCMs across 5 model families and the MMLU, TriviaQA, and Spider datasets."


@pytest.mark.parametrize("claim,abstract,missing", [
    # a hedged number is stated by a number that rounds to it
    ("It lowers the MAE by about twelve percent.", STORM, []),
    ("It raises the mCSI by roughly 30 percent.", STORM, []),
    ("It lowers the MAE by about thirteen percent.", STORM, ["13"]),
    ("It lowers the MAE by 12 percent.", STORM, ["12"]),
    # a count the source proves by a list of that many before the same noun
    ("They are tested on five model families and three datasets.", GCM, []),
    ("They are tested on four datasets.", GCM, ["4"]),
    ("They are tested on three model families.", GCM, ["3"]),
])
def test_numbers_rule_reads_hedged_numbers_and_listed_counts(claim, abstract, missing):
    assert missing_terms(claim, abstract) == missing


STORM_PARTS = ("StormInsight integrates observations through two components: (i) Storm Evolution Encoder that explicitly "
               "disentangles convective system state from thermodynamic coupling; (ii) Convective System Decoder that "
               "predicts future echos by aggregating cross-layer interactions.")


@pytest.mark.parametrize("claim,reason", [
    # a role the passage gives to another component it names beside the claim's
    ("The Convective System Decoder disentangles the convective system state.",
     "the source says this of 'evolution encoder', not of 'convective system decoder'"),
    ("The Convective System Decoder predicts future echos from cross-layer interactions.", ""),
    ("The Storm Evolution Encoder disentangles the convective system state.", ""),
])
def test_a_role_given_to_another_named_component_is_misattributed(claim, reason):
    assert misattributed(claim, STORM_PARTS, STORM_PARTS) == reason
