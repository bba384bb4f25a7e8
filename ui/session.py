"""Per-browser-session chat state: the turns so far, the chosen profile and what the sources panel shows."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class Turn:
    """One question and its outcome: a checked Answer (with its papers' abstracts) or an error line."""

    question: str
    answer: Any | None = None
    abstracts: dict[str, str] = field(default_factory=dict)
    error: str | None = None


@dataclass
class Session:
    """Everything one browser tab owns; Gradio keeps a private copy per tab."""

    profile: str
    turns: list[Turn] = field(default_factory=list)
    shown_turn: int | None = None
    active: int | None = None

    def conversation(self) -> list[dict[str, str]]:
        """Earlier messages for the answer layer: each question and the text of its answer."""
        messages = []
        for turn in self.turns:
            messages.append({"role": "user", "content": turn.question})
            if turn.answer is not None and turn.answer.answer:
                messages.append({"role": "assistant", "content": turn.answer.answer})
        return messages

    def clear(self) -> None:
        """Forget the conversation (the profile stays)."""
        self.turns.clear()
        self.shown_turn = self.active = None
