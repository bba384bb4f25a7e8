"""Follow-up questions rewritten into standalone ones (pure functions)."""

from __future__ import annotations

from rag.conversation import is_follow_up, names_in, standalone_question

HISTORY = [
    {"role": "user", "content": "What does PLaTITO improve?"},
    {"role": "assistant", "content": "Out-of-distribution generalization [1]."},
]


def test_pronoun_is_replaced_by_the_earlier_subject():
    assert standalone_question("what dataset did it use?", HISTORY, 6) == "what dataset did PLaTITO use?"
    assert standalone_question("and its code?", HISTORY, 6) == "PLaTITO's code?"


def test_what_about_asks_the_earlier_question_of_a_new_subject():
    assert standalone_question("what about MEG-XL?", HISTORY, 6) == "What does MEG-XL improve?"


def test_standalone_questions_are_unchanged():
    assert standalone_question("How deep was the SNN trained with SpikeInit?", HISTORY, 6) == "How deep was the SNN trained with SpikeInit?"
    assert standalone_question("what dataset did it use?", [], 6) == "what dataset did it use?"
    assert not is_follow_up("Which paper proposes a model that uses radar?")


def test_gradio_content_parts_and_chains_are_followed():
    history = [{"role": "user", "content": [{"type": "text", "text": "Tell me about QHNetV2"}]},
               {"role": "assistant", "content": "..."},
               {"role": "user", "content": "which datasets did it use?"}]
    assert standalone_question("how fast is it?", history, 6) == "how fast is QHNetV2?"
    assert names_in("Compare QM9, MD17 and the Transformer") == ["QM9", "MD17"]
