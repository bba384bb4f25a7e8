"""The cues of the tenth grounding pass (issue 7, verify11): each cue named, opposite modifiers
paired crosswise, an antonym about the claim's own object, a number at one end of a range, a claim
given to another sentence's subject; and three excuses: what the abstract says is lacking, what it
says is limited, a modal in a modifier slot.

Pure functions on text.
"""

from __future__ import annotations

from rag.cues import CUE_NAMES, contradiction, contradiction_cue, misattributed

CODING = ("During the transition, the network shifts from population coding that extracts features from low-contrast or "
          "noisy inputs by recruiting more neurons, to sparse coding at high contrast, utilizing considerably fewer neurons.")
STREAMS = ("We present TriForces, a model-agnostic three-stream framework that separates composition and structure "
           "information, combined with self-supervised learning to preserve transferable representations.")
SCALING = ("Across nine models (1B–13B parameters), FI trajectories reveal non-monotonic scaling behavior: instruction-tuned "
           "models below 3B exhibit faster collapse than base models, with this trend reversing at 7B.")
WEATHER = ("Across a range of models, we find that Aurora exhibits the strongest data-scaling behavior. GraphCast "
           "demonstrates the highest parameter efficiency, yet suffers from limited hardware utilization.")
FUSION = ("However, these approaches predominantly operate at a topological or architectural level and lack a principled "
          "formulation grounded in neural communication dynamics.")
FUSION_ABSTRACT = FUSION + " In this paper, we formulate multi-modal fusion through the lens of neural communication dynamics."
GENMD = "While these methods enable efficient sampling, their transferability across molecular systems is often limited."


def test_each_contradiction_names_the_cue_that_found_it() -> None:
    found = contradiction_cue("The model degrades accuracy.", "The model improves accuracy.")
    assert found is not None and found[0] in CUE_NAMES and found[0] == "antonym_clash"
    assert found[1:] == ("degrades", "improves")
    assert contradiction_cue("The model improves accuracy.", "The model improves accuracy.") is None
    assert len(set(CUE_NAMES)) == len(CUE_NAMES)


def test_opposite_modifiers_paired_the_other_way_round_contradict() -> None:
    claim = "At low contrast the network uses sparse coding with few neurons, while at high contrast it recruits more neurons."
    assert contradiction(claim, CODING, CODING).startswith("contradicts the source")
    kept = "At low contrast the network recruits more neurons, while at high contrast it uses fewer neurons."
    assert contradiction(kept, CODING, CODING) == ""


def test_an_antonym_about_the_claims_object_contradicts_where_the_passage_uses_both_sides() -> None:
    claim = "TriForces merges composition and structure information into one stream."
    assert contradiction(claim, STREAMS, STREAMS) == "contradicts the source: 'merges' vs 'separates'"
    # the passage's "combined with self-supervised learning" is about another object
    kept = "TriForces keeps composition and structure information in separate streams and uses self-supervised learning."
    assert contradiction(kept, STREAMS, STREAMS) == ""


def test_a_number_at_one_end_of_a_range_can_be_a_swapped_detail() -> None:
    assert contradiction("The trend of faster collapse reverses at 13B.", SCALING, SCALING).startswith("contradicts the source")
    assert contradiction("The trend of faster collapse reverses at 7B.", SCALING, SCALING) == ""


def test_a_claim_given_to_a_name_the_sentence_opens_with_is_misattributed() -> None:
    assert misattributed("Aurora suffers from limited hardware utilization.", WEATHER, WEATHER) == \
        "the source says this of 'graphcast', not of 'aurora'"
    assert misattributed("GraphCast suffers from limited hardware utilization.", WEATHER, WEATHER) == ""


def test_denying_what_the_abstract_says_is_lacking_is_no_contradiction() -> None:
    claim = "Current fusion methods work at a topological level, without a principled formulation in communication dynamics."
    other = "In this paper, we formulate multi-modal fusion through the lens of neural communication dynamics."
    assert contradiction(claim, other, FUSION_ABSTRACT) == ""
    # without the "lack" in the abstract, the denial contradicts the other sentence
    assert contradiction(claim, other, other).startswith("contradicts the source")


def test_a_thing_said_to_be_limited_agrees_with_a_claim_that_it_does_not_work_well() -> None:
    claim = "Generative MD methods sample efficiently, but they often do not transfer well across molecular systems."
    assert contradiction(claim, GENMD, GENMD) == ""
    assert contradiction(claim, GENMD.replace("is often limited", "is excellent"), GENMD).startswith("contradicts")


def test_a_modal_in_the_slot_before_a_verb_is_no_swapped_detail() -> None:
    passage = "Combining the ingredients of the Polymeal would reduce cardiovascular disease events by 76%."
    assert contradiction("Polymeal nutrition reduces cardiovascular disease events.", passage, passage) == ""


def test_the_same_amount_in_another_unit_of_time_contradicts() -> None:
    passage = "Most methods pre-train with only a few seconds of context, while speech unfolds over minutes."
    assert contradiction("Most methods pre-train with a few hours of context.", passage, passage) == \
        "contradicts the source: 'few hours' vs 'few seconds'"
    assert contradiction("Most methods pre-train with a few seconds of context.", passage, passage) == ""
