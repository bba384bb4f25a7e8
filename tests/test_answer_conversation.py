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


RADAR_HISTORY = [
    {"role": "user", "content": "Which paper uses radar data?"},
    {"role": "assistant", "content": "“StormInsight integrates multi-source observations—including radar, satellite, and station.” [1]"},
]


def test_one_thing_after_an_answer_quoting_one_paper_is_that_paper():
    def quoted(answer: str) -> str | None:
        return "StormInsight" if "StormInsight" in answer else None

    asked = standalone_question("How far ahead does it forecast?", RADAR_HISTORY, 6, quoted)
    assert asked == "How far ahead does StormInsight forecast?"
    assert standalone_question("who wrote this paper?", RADAR_HISTORY, 6, quoted) == "who wrote StormInsight?"
    # without a way to tell the quoted paper, the subject is still the question's own words
    assert standalone_question("How far ahead does it forecast?", RADAR_HISTORY, 6) == "How far ahead does radar data forecast?"


def test_the_earlier_questions_named_subject_wins_over_the_quoted_paper():
    history = [{"role": "user", "content": "What is MeshFT?"}, {"role": "assistant", "content": "“...” [1]"}]
    assert standalone_question("who wrote it?", history, 6, lambda answer: "Some Other Paper") == "who wrote MeshFT?"


def test_plural_references_keep_the_question_subject():
    history = [{"role": "user", "content": "Which papers study weather?"}, {"role": "assistant", "content": "- “a” [1]\n- “b” [2]"}]
    asked = standalone_question("which of them use radar?", history, 6, lambda answer: "StormInsight")
    assert "StormInsight" not in asked and "weather" in asked


def test_a_field_acronym_is_no_subject_name():
    history = [{"role": "user", "content": "What is the paper on neural ODEs about?"},
               {"role": "assistant", "content": "“We introduce a new family of deep neural network models.” [1]"}]
    quoted = standalone_question("who wrote it?", history, 6, lambda answer: "Neural Ordinary Differential Equations")
    assert quoted == "who wrote Neural Ordinary Differential Equations?"
    assert standalone_question("who wrote it?", history[:1], 6) == "who wrote neural ODEs?"  # the topic, not the acronym alone


def test_a_bare_question_asks_about_the_earlier_subject():
    assert standalone_question("what dataset?", HISTORY, 6) == "what dataset of PLaTITO?"
    assert standalone_question("how deep?", RADAR_HISTORY, 6, lambda answer: "StormInsight") == "how deep of StormInsight?"
    assert standalone_question("spiking networks?", HISTORY, 6) == "spiking networks?"  # a topic of its own
    assert standalone_question("which papers use radar?", HISTORY, 6) == "which papers use radar?"


def test_a_bare_measure_asks_about_the_earlier_subject():
    assert standalone_question("how many layers?", HISTORY, 6) == "how many layers of PLaTITO?"
    assert standalone_question("What architecture?", HISTORY, 6) == "What architecture of PLaTITO?"
    assert standalone_question("how many layers?", [], 6) == "how many layers?"  # nothing came before
    assert standalone_question("How many layers does MEG-XL use?", HISTORY, 6) == "How many layers does MEG-XL use?"
