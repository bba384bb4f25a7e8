"""The eleventh grounding pass (issue 7, verify12): names written another way (separators, Greek
letters, a name split over two words), restated numbers (a vague amount, "two dozen", "a decade",
a count proved by a list in parentheses), and the cues for changed details: two numbers given each
other's place, a count against a listed one, a slot detail borrowed from elsewhere in the abstract
(unless the abstract defines one as the other), scene-setting phrases that tie no number, degree
adjectives that name no kind, and three antonym groups.

Pure functions on text, and the grounding check on a hand-written abstract.
"""

from __future__ import annotations

import pytest

from rag.cues import contradiction
from rag.grounding import GroundingChecker
from rag.name_forms import respelled, squeezed, written_alike, written_forms
from rag.retrieval import PaperHit
from rag.sources import prepare_sources
from rag.text import missing_terms

# A made-up abstract in the biomedical manner: names spelled as such abstracts spell them.
BIOMED = ("Monocytes fall into subsets that differ in Ly-6C expression. Newly released Ly-6C(high) monocytes "
          "showed a higher inflammatory capacity than Ly-6C(low) monocytes in NIH3T3 co-culture. Treatment with "
          "anti-CTLA4 and the drug A769662 raised NF-κB activity through αvβ3 integrin signalling.")


@pytest.mark.parametrize("claim", [
    "Ly6C high monocytes are more inflammatory.",            # a hyphen dropped
    "The effect was seen in NIH 3T3 cells.",                  # a name split over two words; its 3 needs no other mention
    "Anti-CTLA-4 treatment raised the activity.",             # a hyphen added, and the digit inside the name
    "A-769662 raised the activity.",
    "NF-kB activity rose.",                                   # a Greek letter typed as its Latin initial
    "Binding to av-Beta3 integrin mattered.",                 # a Greek letter spelled out
])
def test_a_name_written_another_way_is_in_the_source(claim: str) -> None:
    assert missing_terms(claim, BIOMED) == []


@pytest.mark.parametrize("claim, missing", [
    ("Ly7C high monocytes are more inflammatory.", "ly7c"),    # another digit is another name
    ("Anti-CTLA-5 treatment raised the activity.", "anti-ctla-5"),
    ("The effect was seen in NIH 3T4 cells.", "3t4"),
    ("NF-kC activity rose.", "nf-kc"),
])
def test_a_name_with_another_letter_or_digit_is_still_missing(claim: str, missing: str) -> None:
    assert missing in missing_terms(claim, BIOMED)


def test_other_names_and_numbers_stay_as_strict_as_before() -> None:
    assert missing_terms("GCMs based on Qwen3-7B are evaluated.", "GCMs based on Qwen3-8B are evaluated.") == ["7", "qwen3-7b"]
    assert missing_terms("A continuous SO(3) tensor product.", "A continuous SO(2) tensor product.") == ["3"]
    # a number outside the name is checked however the name is written
    assert missing_terms("Anti-CTLA-4 was given 4 times.", "anti-CTLA4 was given twice.") == ["4"]


def test_squeezed_forms_and_respelling() -> None:
    assert squeezed("av-Beta3") == squeezed("αvβ3") == "avb3"
    assert squeezed("NF-kB") == squeezed("NF-κB")
    forms = written_forms(BIOMED)
    assert written_alike("3t3", "in NIH 3T3 cells", forms) and not written_alike("3t4", "in NIH 3T4 cells", forms)
    assert respelled("C2 works with A-769662 in NIH 3T3 cells.", BIOMED) == "C2 works with A769662 in NIH3T3 cells."
    # numbers alone are never respelled ("16 to 24" stays, though the source writes "2-4" elsewhere)
    assert respelled("aged 16 to 24", "aged 16-24 years, 2·2-4·3%") == "aged 16 to 24"
    # nor into a spelling with Greek letters, which word tokens split
    assert respelled("binding to av-Beta3", BIOMED) == "binding to av-Beta3"


def test_restated_numbers_count_as_stated() -> None:
    assert missing_terms("Stable activity over several hundred hours.", "stable after more than 500 hours") == []
    assert missing_terms("Reasoning across more than two dozen tasks.", "across downstream tasks (25+).") == []
    assert missing_terms("Over the past ten years, flows were used.", "In the last decade, flows were used.") == []
    principles = "Imposing minimal physical principles (locality, permutation equivariance, orientation covariance, and energy balance), we prove"
    assert missing_terms("The framework imposes four minimal physical principles.", principles) == []
    assert missing_terms("The framework imposes three minimal physical principles.", principles) == ["3"]
    assert missing_terms("Reasoning across more than three dozen tasks.", "across downstream tasks (25+).") == ["36"]


WEATHER = ("Across a range of models, we find that Aurora exhibits the strongest data-scaling behavior: increasing the "
           "training dataset by 10× reduces validation loss by up to 3.2×.")
GCM = ("We evaluate GCMs based on Qwen3-8B across 5 model families and the MMLU, TriviaQA, and Spider datasets, as well "
       "as on a downstream selective prediction task.")
OMAT = ("On OMat24, in limited-data training regime, TriForces reduces energy MAE by 57% at 20K samples only and "
        "improves force MAE across sample sizes.")
SPECTRA = ("Taking electronic density of states (eDOS) as the prototypical example, we introduce DeepSciReasoner. We "
           "evaluate DeepSciReasoner on eDOS, phonon density of states (phDOS), and Raman spectra.")
MTDNA = ("Mitochondrial DNA (mtDNA) activates inflammation. We hypothesized that circulating cell-free mtDNA levels "
         "would be associated with mortality.")


def test_two_numbers_given_each_others_place_contradict() -> None:
    claim = "For Aurora, increasing the training dataset by 3.2x reduces validation loss by up to 10x."
    assert contradiction(claim, WEATHER, WEATHER) == "contradicts the source: 'dataset 3.2' vs 'dataset 10'"
    assert contradiction("For Aurora, increasing the training dataset by 10x reduces validation loss by up to 3.2x.",
                         WEATHER, WEATHER) == ""


def test_a_count_against_a_listed_one_contradicts() -> None:
    assert contradiction("GCMs based on Qwen3-8B are evaluated across 5 datasets.", GCM, GCM) == \
        "contradicts the source: '5 dataset' vs '3 dataset'"
    assert contradiction("GCMs are evaluated on three datasets across five model families.", GCM, GCM) == ""


def test_a_slot_detail_borrowed_from_elsewhere_in_the_abstract_contradicts() -> None:
    passage = SPECTRA.split(". ")[0] + "."
    claim = "Taking phonon density of states as the prototypical example, the authors introduce DeepSciReasoner."
    assert contradiction(claim, passage, SPECTRA) == "contradicts the source: 'phonon density' vs 'electronic density'"
    # an abbreviation the abstract defines is the same thing in other words
    sentence = MTDNA.split(". ")[1]
    assert contradiction("Elevated cell-free mitochondrial DNA levels are associated with mortality.", sentence, MTDNA) == ""


def test_phrases_that_set_the_scene_tie_no_number_to_a_detail() -> None:
    assert contradiction("On OMat24 with just 20K training samples, TriForces cuts energy MAE by more than half.", OMAT, OMAT) == ""
    # the detail moved between the sentence's own pieces is still caught
    assert contradiction("On OMat24, TriForces reduces force MAE by 57% at 20K samples.", OMAT, OMAT).startswith("contradicts")


def test_a_degree_adjective_names_no_kind() -> None:
    passage = "MD is a central computational tool. However, MD is limited by the high computational cost of independent samples."
    assert contradiction("MD is constrained by the steep computational expense of producing independent samples.", passage, passage) == ""


@pytest.mark.parametrize("claim, passage, words", [
    ("Simulations are expensive because of geological homogeneity.",
     "Simulations are expensive due to geological heterogeneity.", ("homogeneity", "heterogeneity")),
    ("Reduced numerical precision delays the onset of fatigue.",
     "Fatigue onset accelerates under reduced numerical precision.", ("delays", "accelerates")),
    ("Larger backbones increase their energy-saving benefits.",
     "Larger backbones come at a cost of diminishing their energy-saving benefits.", ("increase", "diminishing")),
])
def test_new_antonyms(claim: str, passage: str, words: tuple[str, str]) -> None:
    assert contradiction(claim, passage, passage) == f"contradicts the source: '{words[0]}' vs '{words[1]}'"


def test_the_grounding_check_keeps_a_claim_whose_names_the_source_spells_otherwise(seeded_settings, seeded_retriever) -> None:
    hit = PaperHit("made-up", "Monocyte subsets", "test", BIOMED, {"abstract": BIOMED})
    sources = prepare_sources([hit], "", seeded_retriever.embedder, None)
    checker = GroundingChecker(seeded_settings.grounding, seeded_retriever.embedder)
    kept = checker.check(["Ly6C high monocytes showed a higher inflammatory capacity than Ly6C low monocytes [1]."], sources)[0]
    assert kept.supported, kept.reason
    wrong = checker.check(["Ly7C high monocytes showed a higher inflammatory capacity than Ly7C low monocytes [1]."], sources)[0]
    assert not wrong.supported and wrong.reason == "'ly7c' is not in the cited source"
