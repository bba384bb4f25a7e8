"""The prompt: numbered sources (display title and their sentences closest to the question), then the question.

Kept short for small models: few sources, a few sentences each, one instruction per line, and an
example of the citation format.
"""

from __future__ import annotations

from rag.sources import Source

SYSTEM = (
    "You answer questions about research papers using only the numbered sources.\n"
    "Write one to three short sentences.\n"
    "End every sentence with the number of the source it comes from, like [1].\n"
    "Copy numbers and names exactly as the source writes them.\n"
    "If the sources do not answer the question, say so."
)


def build_messages(question: str, sources: list[Source], sentences_per_source: int) -> list[dict[str, str]]:
    """Chat messages asking `question` over `sources`; source n is shown as "[n] Title: text"."""
    blocks = [f"[{s.n}] {s.hit.title}: {s.prompt_text(sentences_per_source)}" for s in sources]
    user = "Sources:\n" + "\n\n".join(blocks) + f"\n\nQuestion: {question}\nAnswer with citations like [1]:"
    return [{"role": "system", "content": SYSTEM}, {"role": "user", "content": user}]
