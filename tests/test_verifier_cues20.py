"""The twentieth grounding pass (issue 7, verify20): numbers, scope and hedges, read on claims_dev18.

False claims now caught: a figure of the passage given another unit of the same quantity (percentage
points for percent, percent for a factor, seconds for minutes, GB for TB, "G" for "M"); a peak ("up
to 2.5x") made typical ("2.5x on average"); "30 times slower" against "a 30-fold speedup"; a
quantity that "climbs" against one that is reduced; "A comes out ahead of B" against "B is more
data-efficient than A"; "whatever the sample size" where the source
gives one; a finding settled ("it is proven", "establishes") that its sentence only suggests.
True claims now kept: "less than half a terabyte" bounds an amount and compares no two sides; a
method that "gets by with less data than" another is the more data-efficient one; an acronym for
the passage's words ("PDEs"); "regular meshes and irregular ones alike"; "tops 92 percent
accuracy" for 92.38%; numbers worked out or written another way ("more than 500-fold" for 120.5 TB
to 0.22 TB, "fifty-thousand-step", "8B parameters" for "Qwen3-8B", "sub-3B" for "below 3B", a count
closed by its own list in parentheses); a factor verb ("halves") needs the source to state the factor.
The guards keep the claims of the same shapes that state the passage's figure as it is.

Pure functions on text (rag.cues, rag.text, rag.verifier).
"""

from __future__ import annotations

import pytest

from rag.cues import contradiction_cue
from rag.text import missing_terms
from rag.verifier import unstated_absolute, unstated_certainty

ERROR = "On the new benchmark, RainNet reduces MAE by 8.1% and improves CSI by 21.5%."
CONTEXT = "NeuroXL is pre-trained with 2.5 minutes of MEG context per sample, 5-100x longer than prior work."
ARCHIVE = "The compressed archive reduces the original 120.5 TB of data to 0.22 TB."
COMPRESSION = " Experiments demonstrate its superior compression performance."
SPEEDUP = "DiffSolve matches classical solvers on unseen systems while achieving an approximately 30-fold speedup in inference."
PRUNED = "The pruned ResNet-34 model requires only 5.2M SOPs for inference to achieve 91.47% accuracy on the benchmark."
SCALING = "For WeatherNet, increasing the training dataset by 10x reduces validation loss by up to 2.5x."
PRETRAIN = "Pretraining on reanalysis data reduces WeatherNet's validation loss by 2.5x."
EFFICIENT = "We find that coarse-grained samplers are substantially more data-efficient than Boltzmann Emulators."
TOOLS = "Using tools from partial differential equations and graph theory, we characterize regimes of forgetting."
MESHES = "Our results show that MeshNet outperforms prior solvers across both regular and irregular meshes."
SAMPLES = "On the small split, TriNet reduces energy MAE by 40% at 20K samples only."
LATEX = "On the small split, TriNet reduces energy MAE by 60\\% at 20K samples only."
SUGGEST = "Our results suggest that the grid code can be viewed as a spectral embedding of the graph Laplacian."
PROVE = "We prove that the grid code is a spectral embedding of the graph Laplacian."


# (claim, passage, the cue that must find it, or None where the claim must be kept); the passage is
# also the whole abstract
CASES = [
    # false claims now caught: a figure in another unit of the same quantity
    ("RainNet's MAE is 8.1 percentage points lower than before on the new benchmark.", ERROR, "figure_unit_swap"),
    ("Per sample, NeuroXL sees two and a half seconds of MEG context.", CONTEXT, "figure_unit_swap"),
    ("NeuroXL's context is 5-100% longer than that of prior work.", CONTEXT, "figure_unit_swap"),
    ("The archive shrinks from 120.5 GB to 0.22 GB once compressed.", ARCHIVE, "figure_unit_swap"),
    ("DiffSolve achieves an approximately 30% speedup in inference.", SPEEDUP, "figure_unit_swap"),
    ("The pruned ResNet-34 needs 5.2G SOPs for inference.", PRUNED, "figure_unit_swap"),
    # a peak made typical; a direction turned through a number
    ("For WeatherNet, ten times more data reduces validation loss by 2.5x on average.", SCALING, "peak_as_typical"),
    ("Ten times the data consistently cuts WeatherNet's validation loss 2.5-fold.", SCALING, "peak_as_typical"),
    ("DiffSolve is about 30 times slower at inference than classical solvers.", SPEEDUP, "antonym_clash"),
    ("On data efficiency, Boltzmann Emulators come out well ahead of coarse-grained samplers.", EFFICIENT,
     "reversed_comparison"),
    ("TriNet lowers energy MAE by 60 percentage points at 20K samples.", LATEX, "figure_unit_swap"),
    ("Pretraining makes WeatherNet's validation loss climb by 2.5x.", PRETRAIN, "antonym_clash"),
    # true claims now kept
    ("The archive fits into less than half a terabyte once compressed.", ARCHIVE + COMPRESSION, None),
    ("Coarse-grained samplers get by with far less data than Boltzmann Emulators.", EFFICIENT, None),
    ("Using tools from PDEs and graph theory, the authors characterize regimes of forgetting.", TOOLS, None),
    ("On regular meshes and irregular ones alike, MeshNet beats prior solvers.", MESHES, None),
    ("The pruned ResNet-34 tops 91 percent accuracy on the benchmark.", PRUNED, None),
    ("Each NeuroXL sample spans about five minutes of MEG context.", CONTEXT, "count_clash"),
    # guards: the figure in its own unit, written another way; a peak kept a peak; slower data use
    ("Per sample, NeuroXL sees two and a half minutes of MEG context.", CONTEXT, None),
    ("DiffSolve runs inference roughly thirty times faster than before.", SPEEDUP, None),
    ("The pruned ResNet-34 needs only 5.2 million SOPs for inference.", PRUNED, None),
    ("For WeatherNet, ten times more data brings validation loss down by as much as 2.5-fold.", SCALING, None),
    ("Coarse-grained samplers are less data-efficient than Boltzmann Emulators.", EFFICIENT, "modifier_clash"),
    ("On data efficiency, coarse-grained samplers come out well ahead of Boltzmann Emulators.", EFFICIENT, None),
    ("TriNet lowers energy MAE by 60 percent at 20K samples.", LATEX, None),
    ("Boltzmann Emulators use more data than coarse-grained samplers.", EFFICIENT, None),
    ("Using tools from ODEs and graph theory, the authors characterize regimes of forgetting.", TOOLS, "phrase_swap"),
    ("On regular meshes, MeshNet trails prior solvers.", MESHES, "direction_clash"),
    ("MeshNet beats prior solvers on regular meshes but not on irregular ones.", MESHES, "modifier_clash"),
]


@pytest.mark.parametrize("claim, passage, cue", CASES)
def test_each_claim_gets_its_verdict(claim: str, passage: str, cue: str | None) -> None:
    found = contradiction_cue(claim, passage, passage)
    assert (found[0] if found else None) == cue


def test_a_settled_finding_that_its_sentence_only_suggests_is_an_overclaim() -> None:
    assert unstated_certainty("It is proven that the grid code is a spectral embedding of the graph Laplacian.", SUGGEST) != ""
    assert unstated_certainty("The authors establish that the grid code is a spectral embedding of the Laplacian.", SUGGEST) != ""
    # guards: a hedged restatement; a sentence that proves it; a settling word denied
    assert unstated_certainty("The results suggest the grid code can be seen as a spectral embedding of the Laplacian.", SUGGEST) == ""
    assert unstated_certainty("It is proven that the grid code is a spectral embedding of the graph Laplacian.", PROVE) == ""
    assert unstated_certainty("It is not proven that the grid code is a spectral embedding of the graph Laplacian.", SUGGEST) == ""


def test_whatever_is_absolute() -> None:
    assert unstated_absolute("Whatever the sample size, TriNet reduces energy MAE by 40%.", [SAMPLES]) != ""
    # guard: the source's own absolute word
    assert unstated_absolute("Whatever the sample size, TriNet reduces energy MAE.", [SAMPLES + " It helps at every size."]) == ""


def test_figures_written_another_way_or_worked_out_are_in_the_source() -> None:
    assert missing_terms("It models fifty-thousand-step sequences.", "It models sequences of up to 50k steps.") == []
    assert missing_terms("The model has 8B parameters.", "We build on Qwen3-8B as the backbone.") == []
    assert missing_terms("Compression shrinks the archive more than 500-fold.", ARCHIVE) == []
    assert missing_terms("Compression cuts the archive's size by more than 99 percent.", ARCHIVE) == []
    assert missing_terms("Four spectrum types are tested (eDOS, phDOS, XANES, Raman).",
                         "We evaluate on eDOS, phonon DOS (phDOS), XANES, and Raman spectra.") == []
    assert missing_terms("Instruction-tuned models in the sub-3B range collapse faster.",
                         "Instruction-tuned models below 3B exhibit faster collapse than base models.") == []
    assert missing_terms("The method halves the error.", "The method reduces the error by half.") == []
    assert missing_terms("With 20K samples, TriNet more than halves the energy MAE.", LATEX) == []
    # guards: a factor the source never states; "doubles as" multiplies nothing; another bound figure
    assert missing_terms("Sparse coding halves the metabolic demand.", "Sparse coding lowers the metabolic demand.") == ["2"]
    assert missing_terms("With 20K samples, TriNet triples the energy MAE.", LATEX) == ["3"]
    assert missing_terms("Its BN scale doubles as the threshold.", "Its BN scale serves as the threshold.") == []
    assert missing_terms("Models in the sub-5B range collapse faster.", "Models below 3B exhibit faster collapse.") != []
    # guards: a ratio the figures do not give, a magnitude of another size, a list of another length
    assert "700" in missing_terms("Compression shrinks the archive more than 700-fold.", ARCHIVE)
    assert missing_terms("The model has 14B parameters.", "We build on Qwen3-8B as the backbone.") != []
    assert missing_terms("Five spectrum types are tested (eDOS, phDOS, XANES, Raman).",
                         "We evaluate on eDOS, phonon DOS (phDOS), XANES, and Raman spectra.") == ["5"]
