"""A paper is called by its name spelled out even where the abstract introduces it without a cue
("we provide (i) ... and (ii) Adaptive Path Correction with Exponents (ACE)"): the long form of the
paper's name, read by Schwartz and Hearst's rule (the fewest last words before the bracket whose
letters hold the acronym's in order, the first letter opening the first word), so that a figure its
abstract never gives is told as a silence of that paper, not refused."""

from __future__ import annotations

import pytest

from rag.text import spelled_out
from rag.titles import calls_by_name, own_names


@pytest.mark.parametrize("acronym,before,long_form", [
    ("ACE", "and (ii) Adaptive Path Correction with Exponents ", "Adaptive Path Correction with Exponents"),
    ("APT", "we propose the Adaptive Physics Transformer ", "Adaptive Physics Transformer"),
    ("AFR-Net", "propose the Adaptive Flow Routing Network ", "Adaptive Flow Routing Network"),
    ("KNC", "a method we call kernel normalized cut ", "kernel normalized cut"),
])
def test_the_fewest_last_words_holding_the_letters_in_order_spell_an_acronym_out(acronym, before, long_form):
    assert spelled_out(acronym, before) == long_form


@pytest.mark.parametrize("acronym,before", [
    ("ACE", "a cheap estimate of the energy "),    # a long form opens on no article
    ("GEAR", "geometric embedding alignment via curvature matching in transfer learning "),  # more than twice the letters in words
    ("ACE", "Acetylcholinesterase "),              # one word is no long form
])
def test_words_not_spelling_the_acronym_give_no_long_form(acronym, before):
    assert spelled_out(acronym, before) == ""


ABSTRACT = ("Composing diffusion experts can fail. To address this, we provide (i) a sharp criterion and (ii) "
            "Adaptive Path Correction with Exponents (ACE), which generalizes steering. ACE prevents collapse.")


def test_a_title_acronym_spelled_out_in_the_abstract_calls_the_paper():
    assert "adaptive path correction with exponents" in own_names("ACE", ABSTRACT)
    assert calls_by_name("how fast is adaptive path correction with exponents?", "ACE", ABSTRACT)
    assert not calls_by_name("how fast is adaptive path correction?", "ACE", ABSTRACT)


def test_a_figure_the_named_paper_never_gives_is_its_silence_when_the_name_is_spelled_out(extractive):
    answer = extractive.ask("How many sampling steps does Adaptive Path Correction with Exponents take?")
    assert not answer.refused
    assert answer.answer.startswith("The ACE abstract does not")
    assert answer.answer.rstrip(".").endswith("[1]")


def test_a_plural_name_meets_its_singular_long_form():
    abstract = "Calibration is hard. We train a Generalized Correctness Model (GCM) on correctness histories."
    assert "generalized correctness model" in own_names("GCMs", abstract)
    assert calls_by_name("what F1 does the generalized correctness model reach?", "GCMs", abstract)
