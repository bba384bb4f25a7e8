"""The cues of the ninth grounding pass (issue 7, verify10): details swapped in an aligned slot,
a property moved to another name, evidence against a finding, numbers with thousands separators.

Pure functions on text: a detail swapped for another in the modifier slot of the same head word
names both sides; a paraphrase that puts a synonym verb, adverb or qualifier in the same slot
passes.
"""

from __future__ import annotations

import pytest

from rag.cues import contradiction, misattributed
from rag.text import missing_terms
from rag.vocab import has_verb_forms

HEBB_ABSTRACT = (
    "We show that near stationarity, L2 weight decay generically drives the learning-signal component of many update "
    "rules to align with a Hebbian direction, with alignment increasing monotonically with decay strength. This "
    "Hebbian-like signature is not specific to SGD and can arise even for non-learning or random update rules long "
    "before learning has ceased.")
HEBB = ("We further show that stochastic noise in the learning signal can induce anti-Hebbian alignment, yielding a simple "
        "tradeoff with weight decay and a phase boundary in regression settings.")
ROSETTA = "We introduce Agent Rosetta, operating Rosetta, the leading physics-based heteropolymer design software."
GRN = "The standard reconstruction-based pre-training objectives often fail to explicitly capture latent regulatory signals."
MINDZERO = "We found that model-based methods improve accuracy but are slow, costly, and limited by backbone capacity."


@pytest.mark.parametrize("claim,passage,cue", [
    ("The tradeoff between noise and weight decay yields a phase boundary in classification settings.", HEBB,
     "'classification settings' vs 'regression settings'"),
    ("Rosetta is the leading data-driven heteropolymer design software.", ROSETTA,
     "'data-driven heteropolymer' vs 'physics-based heteropolymer'"),
    ("Standard contrastive pre-training objectives often fail to capture latent regulatory signals.", GRN,
     "'contrastive pre-training' vs 'reconstruction-based pre-training'"),
])
def test_a_detail_swapped_in_the_slot_of_the_same_head_word_is_named(claim: str, passage: str, cue: str) -> None:
    abstract = f"{HEBB_ABSTRACT} {passage}" if passage == HEBB else passage
    assert contradiction(claim, passage, abstract) == f"contradicts the source: {cue}"


@pytest.mark.parametrize("claim,passage", [
    # a verb in the slot: "raise" (the general vocabulary inflects it) for "improve"
    ("Model-based methods raise accuracy, but they are slow and costly.", MINDZERO),
    # a qualifier in the slot: "scarce" for "limited"
    ("It avoids relying on scarce task-specific annotations.",
     "Rather than relying on limited task-specific annotations, it uses proxy rewards."),
    # a graded compound on the passage's side: "ordinary" against "high-dimensional"
    ("Costly sampling limits ordinary molecular dynamics.",
     "Conventional MD is limited by the high cost over high-dimensional molecular distributions."),
    # an adverb is no head: "right generally" against "outputs generally"
    ("An LLM predicting whether its own answers are right generally does no better than an unrelated LLM.",
     "An LLM attempting to predict the correctness of its own outputs generally performs no better than an unrelated LLM."),
])
def test_a_synonym_in_the_slot_is_no_swap(claim: str, passage: str) -> None:
    assert contradiction(claim, passage, passage) == ""


def test_verbs_are_told_from_naming_words_by_the_bundled_vocabulary() -> None:
    assert all(has_verb_forms(w) for w in ("raise", "produce", "reaches", "improve"))
    assert not any(has_verb_forms(w) for w in ("classification", "contrastive", "regression", "retrieval"))


def test_evidence_against_a_finding_contradicts_evidence_for_it() -> None:
    passage = "Experiments on synthetic datasets support our theoretical findings."
    assert contradiction("Experiments on synthetic datasets contradict the theoretical findings.", passage, passage) \
        == "contradicts the source: 'contradict' vs 'support'"


def test_a_claim_opening_with_a_name_the_abstract_writes_is_about_that_name() -> None:
    abstract = ("Across a range of models, we find that Aurora exhibits the strongest data-scaling behavior. GraphCast "
                "demonstrates the highest parameter efficiency, yet suffers from limited hardware utilization.")
    claim = "Aurora has the highest parameter efficiency but suffers from limited hardware utilization."
    assert misattributed(claim, abstract, abstract) == "the source says this of 'graphcast', not of 'aurora'"
    assert misattributed("GraphCast has the highest parameter efficiency.", abstract, abstract) == ""


def test_a_number_with_a_thousands_separator_is_one_number() -> None:
    passage = "We demonstrate scalability by training an ultra-deep, 1000-layer SNN without normalization."
    claim = "SpikeInit made it possible to train a 1,000-layer SNN without any normalization."
    assert contradiction(claim, passage, passage) == ""
    assert missing_terms(claim, f"SpikeInit. {passage}") == []
