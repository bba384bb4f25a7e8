"""The twenty-second grounding pass (issue 7, verify22): a second representative sample read blind (claims_dev20).

False claims now caught: "keeps using X" and "still uses X" against a passage that does without X (a
verb of dependence); "diverges from" or "deviates from" what the passage says a thing matches; "a single
other model" against "many other models"; a modifier said after a verb of being ("where uncertainty is
low") against the same noun with the opposite modifier ("regions with high uncertainty"); a comparison
turned round where the passage calls the method "our method" and the claim writes its hyphenated name
("Standard GSNs outperform C-GSNs"); "trades X for Y" against "while maintaining X"; "behaves much
like X" against "differ fundamentally from X".
True claims now kept: "between 4 and 200 times" for the abstract's "4-200x"; "lacking adequate
metrics" for "inadequate metrics"; a placeholder noun after the passage's modifier ("a metric part"
of "its metric structure"); two things named together in both ("fuse EEG and MRI features" where the
passage fuses the features of "EEG and MRI"): no clauses to cross; "works with any architecture" where
the abstract calls the framework "model-agnostic".
The guards keep claims of the same shapes that say what their passage says.

Pure functions on text (rag.cues, rag.verifier).
"""

from __future__ import annotations

import pytest

from rag.cues import contradiction_cue
from rag.verifier import unstated_absolute

FRAMES = ("Motivated by the link between off-diagonal blocks and SO(2) local frames, we propose FrameNet, which "
          "achieves global SO(3) equivariance without the costly SO(3) Clebsch-Gordan tensor products.")
ESTIMATE = "On a benchmark suite, the estimated divergence closely matches the analytic value."
HISTORY = "We train one LLM to predict the confidences of many other LLMs."
BUDGET = "The method reserves costly real experiments only for regions with high uncertainty."
STEER = ("We introduce Conditional Graph-Steerable Networks (C-GSNs), which improve standard GSNs. We validate on "
         "PDE forecasting tasks, including fluid dynamics, where our method consistently outperforms standard GSNs.")
SPECTRA = "SpecReasoner substantially improves prediction accuracy while maintaining physical consistency."
CONTEXT = ("We propose LongNet, a model pre-trained with 3 minutes of context per sample, 4-200x longer than prior "
           "work, and equivalent to 90k tokens.")
METRICS = "Due to inadequate metrics, the global structure is not sufficiently preserved in standard dimension reduction."
MESH = "We present a framework that cleanly separates the physics' topological structure from its metric structure."
SCALING = "We uncover scaling behaviors that differ fundamentally from those observed in language models."
FUSION = "Recent work explores the coupling between EEG and MRI, attempting to fuse their features at the voxel level."


# (claim, passage, the cue that must find it, or None where the claim must be kept); the passage is
# also the whole abstract
CASES = [
    # false claims now caught
    ("For its off-diagonal blocks, FrameNet keeps using SO(3) Clebsch-Gordan products in every feature update.", FRAMES,
     "antonym_clash"),
    ("FrameNet still uses SO(3) Clebsch-Gordan products.", FRAMES, "antonym_clash"),
    ("The estimated divergence deviates markedly from the analytic value.", ESTIMATE, "antonym_clash"),
    ("One LLM is trained to predict the confidences of a single other LLM.", HISTORY, "modifier_clash"),
    ("The method spends its costly experiments where uncertainty is low.", BUDGET, "modifier_clash"),
    ("Standard GSNs outperform C-GSNs on fluid dynamics forecasting.", STEER, "reversed_comparison"),
    ("SpecReasoner trades physical consistency for accuracy.", SPECTRA, "antonym_clash"),
    ("In how they scale, weather models behave much like language models.", SCALING, "antonym_clash"),
    # true claims now kept
    ("LongNet's context is between 4 and 200 times longer than in prior work.", CONTEXT, None),
    ("Lacking adequate metrics, standard dimension reduction does not preserve the global structure well.", METRICS, None),
    ("The framework splits the physics into a topological part and a metric part.", MESH, None),
    ("Recent work tries to fuse EEG and MRI features at the voxel level by exploring how the two are coupled.", FUSION, None),
    # guards: the same shapes, said as the passage says them
    ("FrameNet keeps SO(3) equivariance while skipping the SO(3) Clebsch-Gordan products.", FRAMES, None),
    ("The estimated divergence agrees closely with the analytic value.", ESTIMATE, None),
    ("One LLM is trained to predict the confidences of numerous other LLMs.", HISTORY, None),
    ("The method spends its costly experiments where uncertainty is high.", BUDGET, None),
    ("C-GSNs outperform standard GSNs on fluid dynamics forecasting.", STEER, None),
    ("SpecReasoner gains accuracy and preserves physical consistency.", SPECTRA, None),
    ("In how they scale, weather models behave unlike language models.", SCALING, None),
]


@pytest.mark.parametrize("claim, passage, cue", CASES)
def test_each_claim_gets_its_verdict(claim: str, passage: str, cue: str | None) -> None:
    found = contradiction_cue(claim, passage, passage)
    assert (found[0] if found else None) == cue


def test_a_model_agnostic_framework_is_said_to_work_with_any_model() -> None:
    claim = "TriNet works with any MLIP architecture."
    assert unstated_absolute(claim, ["TriNet is a model-agnostic framework for MLIPs."]) == ""
    # guards: a source that never says it works with any; "any" of another thing than a model
    assert unstated_absolute(claim, ["TriNet is a framework for MLIPs."]) != ""
    assert unstated_absolute("TriNet makes DFT data unnecessary for training any interatomic potential.",
                             ["TriNet is a model-agnostic framework for machine learning interatomic potentials."]) != ""
