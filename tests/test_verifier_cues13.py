"""The twelfth grounding pass (issue 7, verify13): a prefixed word reads as the negation of a plain
one only in the same role. A word of another kind ("non-infertile" against "infertility",
"instability" against "stabilizes"), "anti" before a noun ("anti-obesity drugs" for a claim
about treating obesity), a prefixed word the passage uses elsewhere than its plain word, and a
compound the passage writes without its hyphen ("proinflammatory") deny nothing; the same word
with and without its prefix, in the same place, still clashes.

Pure functions on text (rag.cues.contradiction).
"""

from __future__ import annotations

import pytest

from rag.cues import contradiction


@pytest.mark.parametrize("claim, passage", [
    # another kind of word: an adjective against a noun, a verb against a noun
    ("A low ovarian reserve does not indicate infertility in a non-infertile population.",
     "Ovarian reserve was measured in women with no history of infertility and was not associated with it."),
    ("Pyridostatin stabilizes the G-quadruplex in telomeres.",
     "Pyridostatin stabilizes G-quadruplex structures in telomeres, which leads to genomic instability."),
    ("The deamination can inactivate the viral genome.",
     "The deamination of cytidine reduces the activity of the viral genome."),
    ("Nonhypertensive adults aged 55 have a high lifetime risk of hypertension.",
     "Among normotensive adults aged 55, the lifetime risk of hypertension was 90 percent."),
    # "anti" before a noun: a purpose, against the noun
    ("Medications to treat obesity have unwanted side effects.",
     "Approved anti-obesity drugs reduce weight but have unwanted side effects."),
    ("Nonsteroidal drugs have potential anticancer uses.",
     "Nonsteroidal drugs may have potential uses against cancer."),
    # the passage uses both words; its prefixed one sits elsewhere than the claim's plain one
    ("Embryonic stem cells can give rise to differentiated progeny of all three germ layers.",
     "Embryonic stem cells remain undifferentiated in culture while keeping the potential to differentiate into "
     "all three germ layers. Differentiated cardiomyocytes and neurons were evaluated."),
    # the claim's compound is the passage's, written without its hyphen
    ("The minor allele downregulates pro-inflammatory cytokines.",
     "The minor allele reduces production of proinflammatory cytokines and increases production of "
     "anti-inflammatory cytokines."),
])
def test_a_prefixed_word_in_another_role_is_no_contradiction(claim, passage):
    assert contradiction(claim, passage) == ""


@pytest.mark.parametrize("claim, passage", [
    ("Ambulatory monitoring is inaccurate at diagnosing hypertension.",
     "Ambulatory monitoring is more accurate than clinic measurements at diagnosing hypertension."),
    ("Ca2+ cycling is a UCP1-dependent thermogenic mechanism.",
     "Here we report a UCP1-independent thermogenic mechanism that involves Ca2+ cycling."),
    ("The allele increases anti-inflammatory cytokines.",
     "The allele increases inflammatory cytokines."),
    ("The model predicts canonical amino acids.",
     "The model predicts non-canonical amino acids."),
    ("Stem cells remain differentiated in culture.",
     "Stem cells remain undifferentiated in culture, and differentiated neurons were evaluated."),
    ("The allele increases pro-inflammatory cytokines.",
     "The allele increases anti-inflammatory cytokines."),
])
def test_the_same_word_with_and_without_its_prefix_still_clashes(claim, passage):
    assert contradiction(claim, passage).startswith("contradicts the source")
