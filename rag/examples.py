"""The example questions the chat page offers: ones that this store's papers answer.

Configured ones (`corpus.example_questions`) come first; with none configured, a store holding the
shipped seed abstracts gets questions about them, and any other store gets questions naming its own
papers by the short name before a title's colon ("What is BEARCUBS?").
"""

from __future__ import annotations

import hashlib
from typing import Any, Iterable, Mapping

from rag.settings import PACKAGED_SEEDS
from rag.text import names_in
from rag.titles import title_head

SEED_EXAMPLES = [
    "How do protein language models help molecular dynamics?",
    "How can spiking networks be trained without batch norm?",
    "How do machine learning models improve weather nowcasting?",
    "How can LLMs produce calibrated confidence estimates?",
]
# Question forms for a named paper, used in turn.
_FORMS = ("What is {}?", "What problem does {} address?")


def example_questions(papers: Iterable[Mapping[str, Any]], configured: list[str], count: int = 4) -> list[str]:
    """Up to `count` example questions for a store whose papers' fields (title, source, paper_id)
    are `papers`: the `configured` ones when given, the seed questions when the store holds a seed
    file, else questions naming papers of the store (spread over it, the same on every start);
    empty when no paper has such a name."""
    if configured:
        return list(configured)
    papers = list(papers)
    seed_files = {path.name for path in PACKAGED_SEEDS.glob("*.txt")}
    if any(paper.get("source") in seed_files for paper in papers):
        return SEED_EXAMPLES[:count]
    names = {}
    for paper in sorted(papers, key=lambda p: hashlib.sha256(str(p.get("paper_id", "")).encode()).hexdigest()):
        head = title_head(str(paper.get("title", "")))
        if head and names_in(head) == [head] and head.lower() not in names:  # one coined word: "BEARCUBS", "M-Prometheus"
            names[head.lower()] = head
    return [_FORMS[i % len(_FORMS)].format(name) for i, name in enumerate(list(names.values())[:count])]
