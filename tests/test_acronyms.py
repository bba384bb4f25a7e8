"""One reader of the acronyms a text defines (rag.text): initials first, then Schwartz and Hearst's
long form for acronyms whose letters are not the words' initials; the coined-name reader of titles
keeps to initials, so that a paper's own bracketed name stays its name."""

import pytest

from rag.text import defined_acronyms, initialisms, missing_terms
from rag.titles import derive_title


@pytest.mark.parametrize("text, acronym, long_form", [
    ("Assistants need Theory of Mind (ToM) to infer goals.", "tom", "theory of mind"),
    ("Models are tuned by reinforcement learning from human feedback (RLHF).", "rlhf", "reinforcement learning from human feedback"),
    ("We propose Adaptive Path Correction with Exponents (ACE), a sampler.", "ace", "adaptive path correction with exponents"),
    ("We study X-ray absorption near-edge structure (XANES) spectra.", "xanes", "x-ray absorption near-edge structure"),
])
def test_an_acronym_whose_letters_are_not_the_initials_takes_the_fewest_words_holding_them(text, acronym, long_form):
    assert defined_acronyms(text)[acronym] == long_form
    assert acronym not in initialisms(text)


def test_initials_come_first_and_plurals_give_their_singular():
    defined = defined_acronyms("Lateral connections (LCs) and reactive oxygen species (ROS) matter.")
    assert defined["lcs"] == defined["lc"] == "lateral connections"
    assert defined["ros"] == "reactive oxygen species"
    assert defined == initialisms("Lateral connections (LCs) and reactive oxygen species (ROS) matter.")


@pytest.mark.parametrize("text", [
    "We write the estimator in closed form (see Appendix).",      # a bracketed word is no acronym
    "This holds for all inputs (non) of the kind.",               # no capital
    "A graph neural network (Z) is used.",                        # one letter
    "The training data we used (DLM) were public.",               # the letters are not in the words before
])
def test_brackets_that_define_nothing_give_nothing(text):
    assert defined_acronyms(text) == {}


def test_a_claim_that_defines_an_acronym_is_grounded_by_a_passage_writing_only_the_long_form():
    claim = "Assistants need Theory of Mind (ToM) to infer what a user wants."
    passage = "Effective real-world assistance requires theory of mind to infer what a user wants."
    assert missing_terms(claim, passage) == []
    # the long form must be there: a passage without it still misses the acronym
    assert "tom" in missing_terms(claim, "Effective real-world assistance requires planning.")


def test_a_papers_own_bracketed_name_spelled_by_letters_in_order_stays_its_title():
    """ACE is a coined name, not a phrase's initials: derive_title keeps it (initials alone say "a term")."""
    abstract = ("Inference-time steering adapts pretrained samplers. Adaptive Path Correction with Exponents "
                "(ACE) corrects the path. ACE improves sample quality, and ACE is fast.")
    assert derive_title(abstract) == "ACE"
