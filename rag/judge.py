"""The `llm` verifier: a judge model asked whether the cited passage supports each sentence.

The judge is configured by the `judge` settings section, separately from the answer model, and is
reached through the same backends (rag/backends/): any OpenAI-compatible server or Ollama, e.g.
bespoke-minicheck served by Ollama. The offline floor (contradiction cues, a similarity floor)
runs first; when the judge cannot be reached, the offline rules decide and the reason says so.
"""

from __future__ import annotations

from rag.errors import RagError
from rag.backends import LLMError, build_backend
from rag.settings import Settings
from rag.sources import Source
from rag.verifier import Passage, RulesVerifier, Verdict, model_floor

PROMPT = "Document: {document}\nClaim: {claim}\nAnswer Yes or No."


def judge_prompt(claim: str, passage: str) -> list[dict[str, str]]:
    """The chat messages asking the judge about one (claim, passage) pair."""
    return [{"role": "user", "content": PROMPT.format(document=passage, claim=claim)}]


def parse_answer(text: str) -> bool | None:
    """True for a reply that starts with yes, False for no, None for anything else."""
    head = text.strip().lstrip("*\"' ").lower()
    if head.startswith("yes"):
        return True
    if head.startswith("no"):
        return False
    return None


class LLMJudgeVerifier:
    """Asks the judge model about the best passage, after the offline floor."""

    name = "llm"

    def __init__(self, settings: Settings, min_similarity: float, rules: RulesVerifier | None = None) -> None:
        judge = settings.judge
        if not judge.model:
            raise RagError("judge.model is empty; grounding.verifier llm needs the judge model's name")
        llm = settings.llm.model_copy(update={
            "provider": judge.provider, "model": judge.model, "api_base": judge.api_base,
            "api_key_env": judge.api_key_env, "timeout_s": judge.timeout_s, "temperature": 0.0, "max_tokens": 4,
        })
        self.model = build_backend(settings.model_copy(update={"llm": llm}))
        self.min_similarity = min_similarity
        self.rules = rules

    def ask(self, claim: str, passage: str) -> str:
        """The judge's raw reply for one pair; raises LLMError when the judge fails."""
        return "".join(self.model.stream(judge_prompt(claim, passage)))

    def verify(self, claim: str, passages: list[Passage], sources: list[Source]) -> Verdict:
        """Supported when the floor passes and the judge answers Yes for the best passage."""
        floor = model_floor(claim, passages, sources, self.min_similarity)
        if floor:
            return floor
        try:
            reply = self.ask(claim, passages[0].text)
        except LLMError as exc:
            if self.rules is None:
                raise
            verdict = self.rules.verify(claim, passages, sources)
            return verdict if verdict.supported else Verdict(False, f"{verdict.reason} (judge unavailable: {exc})")
        said = parse_answer(reply)
        if said is True:
            return Verdict(True)
        shown = " ".join(reply.split())[:40] or "(empty)"
        return Verdict(False, f"judge {self.model.label}: not supported by the cited passage (replied '{shown}')")
