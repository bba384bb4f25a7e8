"""The twenty-seventh grounding pass (issue 7, verify27): a seventh representative sample read blind (claims_dev25).

False claims now caught: a claim that ranks its subject ahead of or behind what the passage puts it
level with ("lags behind strong baselines" against "performs on par with strong baselines", "beats a
random judge" against "performs no better than a random judge"), or level with what the passage puts
it ahead of ("stays as accurate as X" against "improves accuracy over X"); a claim that undoes what
the passage keeps intact ("violates the conservation laws" against "while respecting the
conservation laws", "changes the fixed points" against "preserving the fixed points"); one item of a
pair swapped where the new item is written "a loss of lexical diversity" (an article, an "of");
"consistently" at the end of its clause against "inconsistent assessments"; "across the board" as a
claim about every case; a group of another number before the same word ("SO(3) local frames" against
"SO(2) local frames"); a kind given to a noun the passage glosses in brackets ("weather metadata"
against "metadata (geolocation information)"); a term swapped before the same words ("a recurrent
module to resolve" against "a global attention mechanism to resolve").
True claims now kept: a count the claim's own list restates ("three corpora, A, B and C") needs no
support of its own; a group written with its dimension ("SO(2)") is a name, not a number;
"inside" reads "within"; "none of" denies what follows; "computing without multiplications" names the item
"multiplication-free computation"; "leaves the signals uncaptured" says what "fail to capture" says
of standard objectives, and a compound of the source ("reconstruction-based") is named by its part.
The guards keep claims of the same shapes that say what their passage says.

Pure functions on text (rag.cues, rag.verifier).
"""

from __future__ import annotations

import pytest

from rag.cues import contradiction_cue, misattributed
from rag.verifier import listed_counts, unstated_absolute

PARITY = "Across ten forecasting tasks, our model improves on standard CNNs and performs on par with strong baselines."
JUDGE = "We find that a model grading its own answers performs no better than a random judge grading the same answers."
SAMPLING = "Experiments show that guided sampling can improve accuracy over uniform sampling under small budgets."
SPEED = "SolverNet matches the accuracy of classical solvers on unseen meshes while achieving a 30-fold speedup."
PHYSICS = "The decoder predicts spectra while respecting the underlying conservation laws."
FIXED_POINTS = "Pruning the network yields far smaller graphs while preserving the fixed points on surviving nodes."
SIGNALS = "The index aggregates decay in attention to the prompt, representational drift, and entropy miscalibration."
METRICS = "We show that current metrics often give inconsistent assessments, whereas our score enables a coherent comparison."
FRAMES = ("Motivated by the link between the off-diagonal blocks of the matrix and the SO(2) local frame, we propose a "
          "fast network, called FrameNetV2, that achieves global SO(3) equivariance without the costly SO(3) tensor products.")
FRAMES_ABSTRACT = FRAMES + (" This is achieved by performing all feature updates within SO(2) local frames, thereby "
                            "eliminating the need of SO(3) tensor products. Operations on SO(2) local frames offer a "
                            "promising direction.")
UPDATES = "FrameNet performs all feature updates and message passing within SO(2) local frames."
CHIPS = "Such networks are valued for their energy efficiency, multiplication-free computation, and sparse processing."
OBJECTIVES = "The main reason is that the standard reconstruction-based pre-training objectives often fail to capture regulatory signals."
OBJECTIVES_ABSTRACT = "Cell foundation models (CFMs) encode transcriptomes. " + OBJECTIVES
REWARDS = "The model is trained with proxy rewards based on cross-view alignment with metadata (geolocation information)."
APT = ("APT fuses a graph-based encoder to extract local heterogeneous features with a global attention mechanism to "
       "resolve long-range physical effects.")
PRODUCTS = "FrameNet attains global equivariance, thereby eliminating the need of costly tensor products."
SPECIALISTS = "The model reaches strong zero-shot transfer, even surpassing fully supervised specialists on certain benchmarks."
EXPERIMENTS = ("LABO uses cheap LLM evaluations to explore the search space broadly, and costly real experiments only "
               "for regions with high uncertainty.")

# (claim, passage, the cue that must find it, or None where the claim must be kept); the passage is
# also the whole abstract
CASES = [
    # false claims now caught: ranked against what the passage puts level, or level against a ranking
    ("On forecasting, the model lags behind strong baselines.", PARITY, "level_clash"),
    ("A model grading its own answers beats a random judge at that task.", JUDGE, "level_clash"),
    ("Uniform sampling stays as accurate as guided sampling under small budgets.", SAMPLING, "level_clash"),
    # undoing what the passage keeps intact, said of the same thing
    ("The decoder's predictions violate the conservation laws to gain accuracy.", PHYSICS, "intact_clash"),
    ("Pruning the network changes the fixed points on the surviving nodes.", FIXED_POINTS, "intact_clash"),
    # one item of a pair swapped, the new item opened by an article and joined by "of"
    ("The index aggregates attention decay, representational drift and a loss of lexical diversity.", SIGNALS,
     "list_swap"),
    # an adverb ending its clause is about the words before it
    ("Current metrics are found to assess the methods consistently.", METRICS, "antonym_clash"),
    # a group of another number before the same word, where the abstract never puts it there
    ("FrameNet performs all feature updates within SO(3) local frames.", UPDATES, "group_swap"),
    # a kind given to a noun the passage glosses in brackets as another
    ("The rewards come from aligning views with weather metadata.", REWARDS, "glossed_swap"),
    # a term swapped before the same words
    ("APT combines a graph-based encoder with a recurrent module to resolve long-range physical effects.", APT,
     "term_before_swap"),
    # true claims now kept
    ("FrameNet carries out every feature update and all message passing inside SO(2) local frames.", UPDATES, None),
    ("Such networks are valued for energy efficiency, computing without multiplications and sparse processing.", CHIPS,
     None),
    # guards: the same shapes, read as before or as the passage says
    ("The model performs on par with strong baselines on forecasting.", PARITY, None),
    ("The model improves on standard CNNs on forecasting.", PARITY, None),
    ("A model grading its own answers does no better than a random judge.", JUDGE, None),
    ("Guided sampling is more accurate than uniform sampling under small budgets.", SAMPLING, None),
    # a claim that is faster than its target while matching it in accuracy compares two things
    ("SolverNet runs about 30 times faster than classical solvers while matching their accuracy.", SPEED, None),
    ("The decoder's predictions respect the conservation laws.", PHYSICS, None),
    ("Pruning keeps the fixed points on the surviving nodes unchanged while shrinking the graphs.", FIXED_POINTS, None),
    ("The index aggregates attention decay, representational drift and entropy miscalibration.", SIGNALS, None),
    ("FrameNet performs all feature updates within SO(2) local frames.", UPDATES, None),
    ("The rewards come from aligning views with geolocation metadata.", REWARDS, None),
    ("APT combines a graph-based encoder with a global attention mechanism to resolve long-range physical effects.", APT,
     None),
    # "none of" denies what follows, as "without" does
    ("FrameNet keeps global equivariance with none of the costly tensor products.", PRODUCTS, None),
    ("Current metrics often assess the methods inconsistently.", METRICS, None),
    # a group name with its number still compares as a name, and a denial of it is still read
]


@pytest.mark.parametrize("claim, passage, cue", CASES)
def test_claim_against_passage(claim: str, passage: str, cue: str | None) -> None:
    found = contradiction_cue(claim, passage, passage)
    assert (found and found[0]) == cue, found


def test_a_group_written_with_its_dimension_is_a_name() -> None:
    # "SO(2)" ties no number 2 to the method's name, which the abstract writes once
    claim = "The link between the matrix's off-diagonal blocks and the SO(2) local frame is what motivates FrameNetV2."
    assert contradiction_cue(claim, FRAMES, FRAMES_ABSTRACT) is None
    # guard: a denial of the group's equivariance is still read
    found = contradiction_cue("FrameNetV2 gives up global SO(3) equivariance in exchange for speed.", FRAMES, FRAMES_ABSTRACT)
    assert found and found[0] == "polarity_clash"


def test_a_count_restated_by_its_own_list_needs_no_support() -> None:
    assert listed_counts("The evaluation spans 3 corpora, News, Law and Code, and 5 model families.") == {"3"}
    assert listed_counts("The evaluation covers 4 kinds of spectra: A, B, C and D.") == {"4"}
    # guards: a list of another length, a clause after the count, no list at all
    assert listed_counts("The evaluation covers 4 kinds of spectra: A, B and C.") == set()
    assert listed_counts("We use 3 corpora, and the model beats A and B.") == set()
    assert listed_counts("Across 9 models the index predicts failures.") == set()


def test_leaving_a_thing_undone_says_what_failing_to_do_it_says() -> None:
    # the claim names what "standard" qualifies (a part of its compound) and says it fails, in other words
    claim = "Pre-training CFMs by reconstruction often leaves regulatory signals uncaptured."
    assert misattributed(claim, OBJECTIVES, OBJECTIVES_ABSTRACT) == ""
    # guard: the same claim without the failure is said of the standard objectives
    assert misattributed("Pre-training CFMs by reconstruction often captures regulatory signals.", OBJECTIVES,
                         OBJECTIVES_ABSTRACT)


def test_across_the_board_claims_every_case() -> None:
    assert unstated_absolute("Across the board, the model beats fully supervised specialists.", [SPECIALISTS])
    # guard: the source's own hedge is no absolute
    assert unstated_absolute("The model surpasses fully supervised specialists on some benchmarks.", [SPECIALISTS]) == ""


def test_a_denied_modifier_says_the_other_side() -> None:
    passage = "The method outperforms grid methods on problems with incomplete spectral information."
    assert contradiction_cue("The method outperforms grid methods on problems lacking full spectral information.",
                             passage, passage) is None
    # guard: the modifier affirmed is still the other side
    assert contradiction_cue("The method outperforms grid methods on problems with full spectral information.",
                             passage, passage)


def test_costly_experiments_where_uncertainty_is_low_still_caught() -> None:
    # guard of an older reading the new cues sit beside
    assert contradiction_cue("LABO spends costly real experiments on broad exploration and cheap LLM evaluations on "
                             "uncertain regions.", EXPERIMENTS, EXPERIMENTS)
