"""Reading a question for retrieval: its content words for BM25, and whether it asks for several papers.

Questions carry framing words ("Which papers study ...", "Is there work on ...") that say nothing
about the topic but, being rare in abstracts, get a high BM25 weight. `content_query` drops them.
`papers_requested` spots questions that ask for a list of papers, which deserve more sources.
"""

from __future__ import annotations

import re

# Words that frame a question about the literature rather than name its topic (lower case).
_FRAMING = frozenset(
    """paper papers article articles work works publication publications study studies studied research
    researcher researchers author authors approach approaches propose proposes proposed present presents
    presented introduce introduces describe describes discuss discusses address addresses tell explain
    find list show shows give gives look looks exist existing there any anything someone something
    kind kinds way ways""".split()
)
_WORD = re.compile(r"[\w'-]+|[^\w\s]")
# "which/what papers ...", "list (the) papers ...", "papers that/which/on/about ...", "any work on ...".
_PLURAL = r"(?:papers|articles|works|studies|publications)"
_LIST_QUESTION = re.compile(
    rf"\b(?:which|what|list|name|find|show|give|recommend|are\s+there|other|several|some|all)\b[^.?!]{{0,40}}\b{_PLURAL}\b"
    rf"|\b{_PLURAL}\s+(?:that|which|about|on|using|use|study|studying|propose|proposing|tackle|address)\b",
    re.IGNORECASE,
)


def content_query(question: str) -> str:
    """`question` without its framing words ("Which papers study X?" -> "X?"); unchanged if nothing is left."""
    kept = [w for w in _WORD.findall(question) if w.lower() not in _FRAMING]
    words = [w for w in kept if re.match(r"\w", w)]
    return " ".join(kept) if words else question


def papers_requested(question: str) -> bool:
    """True when `question` asks for several papers ("Which papers use X?", "List works on Y")."""
    return bool(_LIST_QUESTION.search(question))


def answer_top_k(question: str, top_k: int, max_papers: int) -> int:
    """Sources to retrieve for `question`: `max_papers` when it asks for several papers, else `top_k`."""
    return max(top_k, max_papers) if papers_requested(question) else top_k
