"""Pure rendering: an answer from `rag.answer` becomes the HTML the chat page shows.

Nothing here does I/O or imports Gradio. Every piece of corpus or model text is HTML-escaped
before it is placed in markup. Citation markers `[n]` become links `#cite-TURN-N`; the page's
script turns a click on one into a request for that turn's sources panel with card N active.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from typing import Any, Iterable, Mapping

MARKER = re.compile(r"\[(\d+)\]")
CITE_LINK = re.compile(r"^#cite-(\d+)-(\d+)$")
TIMING_LABELS = (("retrieve", "retrieve"), ("first_token", "first token"), ("generate", "generate"), ("verify", "check"), ("total", "total"))


@dataclass(frozen=True)
class Span:
    """Where citation `n`'s quote sits in an abstract: [start, end) character offsets."""

    n: int
    start: int
    end: int


def cite_href(turn: int, n: int) -> str:
    """The link target of citation `n` in conversation turn `turn` (0-based)."""
    return f"#cite-{turn}-{n}"


def parse_cite_href(href: str) -> tuple[int, int] | None:
    """(turn, n) from a link made by `cite_href`, or None for anything else."""
    match = CITE_LINK.match(href or "")
    return (int(match.group(1)), int(match.group(2))) if match else None


def link_markers(text: str, turn: int, titles: Mapping[int, str]) -> str:
    """`text` escaped, with each `[n]` whose n is in `titles` turned into a citation link.

    Markers without a matching citation stay plain text, so a link always leads somewhere.
    """

    def replace(match: re.Match[str]) -> str:
        n = int(match.group(1))
        if n not in titles:
            return match.group(0)
        title = html.escape(titles[n], quote=True)
        return f'<a class="cite" href="{cite_href(turn, n)}" title="{title}">[{n}]</a>'

    return MARKER.sub(replace, html.escape(text, quote=False))


def render_question(question: str) -> str:
    """The user's message as shown in the chat: escaped, never interpreted as HTML."""
    return html.escape(question, quote=False)


def render_streaming(raw: str) -> str:
    """The assistant message while tokens arrive: the raw text so far, escaped, with a cursor."""
    return f'{html.escape(raw, quote=False)}<span class="streaming"> ▌</span>'


def render_timings(timings_ms: Mapping[str, int], backend: str) -> str:
    """One line naming the backend and each known step's time, e.g. `retrieve 12 ms · check 3 ms`."""
    parts = [f"{label} {int(timings_ms[key])} ms" for key, label in TIMING_LABELS if key in timings_ms]
    return f'<span class="timings">{html.escape(" · ".join([backend, *parts]))}</span>'


FALLBACK_NOTE = "No generated sentence passed the check; showing quoted sentences instead."


def render_answer(answer: Any, turn: int) -> str:
    """The finished assistant message: the checked answer with clickable markers, then timings.

    A refusal is labelled as such; an LLM failure shows its one-line message instead of an answer.
    """
    footer = render_timings(answer.timings_ms, answer.backend)
    if answer.error:
        body = f'<span class="error">⚠ {html.escape(answer.error)}</span> The retrieved papers are listed under Sources.'
    elif answer.refused:
        body = f'<span class="refusal">No answer from the papers:</span> {html.escape(answer.answer, quote=False)}'
    else:
        titles = {c.n: c.title for c in answer.citations}
        body = link_markers(answer.answer, turn, titles)
    removed = len(answer.removed_sentences)
    if removed and not answer.error:
        body += f'\n\n<span class="removed-note">{removed} unsupported sentence{"s" if removed > 1 else ""} removed (see Sources).</span>'
    if answer.fallback and not answer.error and not answer.refused:
        body += f'\n\n<span class="fallback-note">{FALLBACK_NOTE}</span>'
    return f"{body}\n\n{footer}"


def render_error(message: str) -> str:
    """An assistant message for a failure that produced no answer at all."""
    return f'<span class="error">⚠ {html.escape(message)}</span>'


def locate_spans(abstract: str, citations: Iterable[Any]) -> tuple[list[Span], list[Any]]:
    """Place each citation's quote in `abstract`: (spans sorted by start, citations not found).

    The citation's own offsets are trusted when they hold its quote; otherwise the quote's first
    occurrence is used. Overlapping spans are kept apart by dropping the later one's overlap. A
    citation without a quote (an answer saying the abstract does not state something) marks nothing
    and is not missing.
    """
    spans: list[Span] = []
    missing = []
    for citation in citations:
        if not citation.quote:
            continue
        start, end = citation.start, citation.end
        if not (0 <= start < end <= len(abstract) and abstract[start:end] == citation.quote):
            start = abstract.find(citation.quote) if citation.quote else -1
            end = start + len(citation.quote)
        if start < 0:
            missing.append(citation)
        else:
            spans.append(Span(citation.n, start, end))
    spans.sort(key=lambda s: (s.start, s.n))
    kept: list[Span] = []
    for span in spans:
        start = max(span.start, kept[-1].end) if kept else span.start
        if start < span.end:
            kept.append(Span(span.n, start, span.end))
    return kept, missing


def highlight(abstract: str, spans: list[Span]) -> str:
    """`abstract` escaped, each span wrapped in `<mark class="quote" data-n=N>` (spans sorted, disjoint)."""
    out, position = [], 0
    for span in spans:
        out.append(html.escape(abstract[position:span.start], quote=False))
        out.append(f'<mark class="quote" data-n="{span.n}">{html.escape(abstract[span.start:span.end], quote=False)}</mark>')
        position = span.end
    out.append(html.escape(abstract[position:], quote=False))
    return "".join(out)


def render_sources(
    answer: Any | None,
    turn: int,
    abstracts: Mapping[str, str],
    active: int | None = None,
    show_scores: bool = False,
) -> str:
    """The sources panel for one answer.

    Cited papers first, in citation order, each a card with display title, paper id, source file
    and its abstract (from `abstracts`, else the retrieved chunk) with the quotes highlighted; the
    card holding citation `active` is marked active. Then papers retrieved but not cited, and the
    sentences the grounding check removed, each in a collapsed section.
    """
    if answer is None:
        return '<div class="sources empty"><p>Ask a question: the papers behind the answer appear here.</p></div>'
    hits = {hit.paper_id: hit for hit in answer.sources}
    cited: dict[str, list[Any]] = {}
    for citation in sorted(answer.citations, key=lambda c: c.n):
        cited.setdefault(citation.paper_id, []).append(citation)
    parts = [f'<div class="sources" data-turn="{turn}">', f'<h3>Sources <small>for “{html.escape(answer.question)}”</small></h3>']
    for paper_id, citations in cited.items():
        hit = hits.get(paper_id)
        abstract = abstracts.get(paper_id) or (hit.text if hit else "")
        parts.append(_source_card(paper_id, citations, hit, abstract, turn, active, show_scores))
    if not cited:
        parts.append('<p class="no-citations">This answer cites no paper.</p>')
    uncited = [hit for hit in answer.sources if hit.paper_id not in cited]
    if uncited:
        items = "".join(f"<li>{_paper_line(hit.display_title, hit.paper_id, hit.source, hit.score if show_scores else None)}</li>" for hit in uncited)
        parts.append(f'<details class="uncited"><summary>Retrieved but not cited ({len(uncited)})</summary><ul>{items}</ul></details>')
    if answer.removed_sentences:
        reasons = {r["text"]: r["reason"] for r in getattr(answer, "removed", [])}
        items = "".join(
            f'<li>{html.escape(s)}'
            + (f' <span class="reason">({html.escape(reasons[s])})</span>' if reasons.get(s) else "")
            + "</li>"
            for s in answer.removed_sentences
        )
        parts.append(
            f'<details class="removed"><summary>Removed by the grounding check ({len(answer.removed_sentences)})</summary>'
            f"<ul>{items}</ul></details>"
        )
    parts.append("</div>")
    return "".join(parts)


def _source_card(
    paper_id: str, citations: list[Any], hit: Any | None, abstract: str, turn: int, active: int | None, show_scores: bool
) -> str:
    first = citations[0]
    numbers = [c.n for c in citations]
    spans, missing = locate_spans(abstract, citations)
    classes = "source active" if active in numbers else "source"
    badges = " ".join(f'<span class="num">[{n}]</span>' for n in numbers)
    unsupported = [c.n for c in citations if not c.supported]
    notes = ""
    if unsupported:
        notes += f'<p class="unsupported">Not confirmed by the grounding check: {", ".join(f"[{n}]" for n in unsupported)}</p>'
    for citation in missing:
        notes += f'<p class="unlocated">[{citation.n}] quote not found in this abstract: “{html.escape(citation.quote)}”</p>'
    return (
        f'<article class="{classes}" id="source-{turn}-{numbers[0]}" data-paper-id="{html.escape(paper_id, quote=True)}">'
        f"<header>{badges} {_paper_line(first.title, paper_id, first.source, hit.score if (hit and show_scores) else None)}</header>"
        f'<p class="abstract">{highlight(abstract, spans)}</p>{notes}</article>'
    )


def _paper_line(title: str, paper_id: str, source: str, score: float | None) -> str:
    score_html = f' · <span class="score">score {score:.3f}</span>' if score is not None else ""
    return (
        f'<strong class="title">{html.escape(title or paper_id)}</strong>'
        f'<span class="meta"><code class="paper-id">{html.escape(paper_id)}</code> · '
        f'<span class="source-file">{html.escape(source)}</span>{score_html}</span>'
    )


def render_corpus(stats: Mapping[str, Any]) -> str:
    """One markdown line: how many papers and chunks the store holds, and from which sources."""
    sources = ", ".join(f"`{name}` ({count})" for name, count in stats.get("sources", {}).items())
    return f"**{stats['papers']} papers** in {stats['chunks']} chunks from {sources or 'no source yet'}"


def render_chat(turns: Iterable[Any]) -> list[dict[str, str]]:
    """Chatbot messages ({"role", "content"}) for finished turns: each question, then its answer or error."""
    messages = []
    for number, turn in enumerate(turns):
        messages.append({"role": "user", "content": render_question(turn.question)})
        content = render_answer(turn.answer, number) if turn.answer is not None else render_error(turn.error or "no answer")
        messages.append({"role": "assistant", "content": content})
    return messages
