"""The twenty-first grounding pass (issue 7, verify21): a representative sample read blind (claims_dev19).

False claims now caught: "improves A but worsens B" where the passage improves B (an antonym said of
the claim's own object, though the claim uses both sides); a comparison whose sides are swapped
against the abstract's sentence that compares them, though another sentence is the closest passage;
a kind-naming compound with its first part swapped ("ML-based software" for "physics-based
software", "ligand-conditioned experts" for "protein-conditioned experts"); "learning X is not
possible" against "X can be learned"; "B gets by on less than A" where A is the more data-efficient;
"savings grow" against "diminishing savings".
True claims now kept: a count that opens its clause and is closed by the clause's own list ("Three
techniques reinforce it (A, B, C)", "Three kinds of guarantee are given: A, B and C", "A and B are the
two additions"); a figure after a colon that spells out the piece before it ("X shows the strongest
scaling: ... by up to 3.2x"); "matrix multiplications are gone" for "eliminating matrix
multiplications"; "an unrelated LLM given the same task" for "an unrelated LLM attempting the same
task" (a participle describes a comparison's target, it names nothing).
The guards keep claims of the same shapes that say what their passage says.

Pure functions on text (rag.cues, rag.text).
"""

from __future__ import annotations

import pytest

from rag.cues import contradiction_cue
from rag.text import missing_terms

FORCES = "On the small split, TriNet reduces energy MAE by 40% at 20K samples and improves force MAE across sample sizes."
SOLVERS = ("Classical solvers suffer from the curse of dimensionality. We introduce SpecNet, which adds basis embeddings to "
           "enhance accuracy in high-dimensional problems and enable accurate approximation of unknown coefficients. "
           "Experiments show that SpecNet achieves superior accuracy compared to PINNs on high-dimensional problems.")
SOFTWARE = "We pair an LLM agent with Forge, the leading physics-based molecule design software, unlike prior ML methods."
EXPERTS = "On scaffold decoration, a task composed of de-novo, conformer, and protein-conditioned experts, our method prevents collapse."
LEARNED = "Furthermore, we show that these grid representations can be learned directly from raw visual inputs."
EFFICIENT = "We find that coarse-grained samplers are substantially more data-efficient than Boltzmann Emulators."
SAVINGS = "While recent SNNs use larger and deeper backbones, this comes at a cost of diminishing their energy-saving benefits."
SCALING = "We relate validation loss to three factors: model size, dataset size, and compute budget. Across a range of models, we find that StormNet exhibits the strongest data-scaling behavior: increasing the dataset by 10x reduces validation loss by up to 2.5x."
SELF = "An LLM predicting its own correctness performs no better than an unrelated LLM attempting the same task."
MULTIPLY = "LongSSM outperforms transformers on average while eliminating matrix multiplications."


# (claim, passage, the cue that must find it, or None where the claim must be kept); the passage is
# also the whole abstract
CASES = [
    # false claims now caught
    ("TriNet improves energy MAE but worsens force MAE across sample sizes.", FORCES, "antonym_clash"),
    ("Forge is the leading ML-based software for designing molecules.", SOFTWARE, "kind_compound_swap"),
    ("Ligand-conditioned, conformer and de-novo experts make up the scaffold decoration task.", EXPERTS,
     "kind_compound_swap"),
    ("Learning the grid representations from raw visual inputs is not possible.", LEARNED, "polarity_clash"),
    ("Boltzmann Emulators get by on substantially less than coarse-grained samplers.", EFFICIENT, "comparison_swap"),
    ("SNN energy savings grow as backbones get larger and deeper.", SAVINGS, "antonym_clash"),
    # true claims now kept
    ("Growing StormNet's dataset tenfold brings its validation loss down by a factor of up to 2.5.", SCALING, None),
    ("Matrix multiplications are gone in LongSSM, yet on average it still beats transformers.", MULTIPLY, None),
    ("A model judging its own correctness does no better than an unrelated LLM given that same task.", SELF, None),
    # guards: the same shapes, said as the passage says them
    ("TriNet lowers energy MAE and improves force MAE across sample sizes.", FORCES, None),
    ("Forge is the leading physics-based software for designing molecules.", SOFTWARE, None),
    ("Protein-conditioned, conformer and de-novo experts make up the scaffold decoration task.", EXPERTS, None),
    ("Learning the grid representations from raw visual inputs is possible.", LEARNED, None),
    ("Coarse-grained samplers get by on substantially less data than Boltzmann Emulators.", EFFICIENT, None),
    ("SNN energy savings diminish as backbones get larger and deeper.", SAVINGS, None),
    ("Matrix multiplications remain in LongSSM.", MULTIPLY, "polarity_clash"),
    ("A model judging its own correctness does no better than a human expert given that same task.", SELF, "target_clash"),
]


@pytest.mark.parametrize("claim, passage, cue", CASES)
def test_each_claim_gets_its_verdict(claim: str, passage: str, cue: str | None) -> None:
    found = contradiction_cue(claim, passage, passage)
    assert (found[0] if found else None) == cue


def test_a_comparison_is_read_against_the_sentence_of_the_abstract_that_compares_its_sides() -> None:
    closest = SOLVERS.split(". ")[1] + "."  # the passage closest in words, which compares nothing
    found = contradiction_cue("On high-dimensional problems, PINNs are more accurate than SpecNet.", closest, SOLVERS)
    assert found is not None and found[0] == "reversed_comparison"
    # guard: the comparison as the abstract makes it
    assert contradiction_cue("On high-dimensional problems, SpecNet is more accurate than PINNs.", closest, SOLVERS) is None


TECHNIQUES = ("The algorithm is reinforced with techniques including verbalized commitment assumptions, verbalized "
              "obedience constraints, and information obfuscation.")
BOUNDS = "We establish finite-sample deviation bounds, asymptotic normality via martingale CLTs, and minimax lower bounds."
ADDITIONS = "We introduce SpecNet, which integrates coefficient decay scaling and basis embeddings to enhance accuracy."


def test_a_count_closed_by_its_clause_list_is_in_the_source() -> None:
    assert missing_terms("Three techniques reinforce the equilibrium-finding algorithm (verbalized commitment "
                         "assumptions, verbalized obedience constraints, information obfuscation).", TECHNIQUES) == []
    assert missing_terms("Three kinds of guarantee are given: finite-sample deviation bounds, asymptotic normality "
                         "via martingale CLTs, and minimax lower bounds.", BOUNDS) == []
    assert missing_terms("Coefficient decay scaling and basis embeddings are the two additions of SpecNet.", ADDITIONS) == []
    # guards: a list of another length; an item the source never names; a count that opens no list
    assert missing_terms("Four kinds of guarantee are given: finite-sample deviation bounds, asymptotic normality "
                         "via martingale CLTs, and minimax lower bounds.", BOUNDS) == ["4"]
    assert missing_terms("Three kinds of guarantee are given: finite-sample deviation bounds, regret bounds, and "
                         "minimax lower bounds.", BOUNDS) == ["3"]
    assert missing_terms("Coefficient decay scaling and basis embeddings are the three additions of SpecNet.", ADDITIONS) == ["3"]
