"""Answer → page rendering: citation links, highlighted quotes, the sources panel, session history."""

from __future__ import annotations

import re
import socket

import pytest

from conftest import SEEDS, free_port, run_cli
from rag.answer import Answer, Citation
from rag.corpus import read_corpus
from rag.errors import RagError
from rag.retrieval import PaperHit
from rag.service import open_service
from ui import views
from rag.auth import PASSWORD_ENV, USER_ENV, credentials
from ui.session import Session, Turn

PAPERS = {paper.paper_id: paper for paper in read_corpus([SEEDS])}
PLATITO = PAPERS["000_711129f47277f084#1"]
CARD = PAPERS["003_cb611f67ebca296c#15"]
SLEEP = PAPERS["000_711129f47277f084#3"]


def hit(paper, score: float = 0.5) -> PaperHit:
    return PaperHit(paper.paper_id, paper.title, paper.source, paper.text[:200], {"chunk": 0}, score=score)


def cite(n: int, paper, sentence: str, supported: bool = True, shift: int = 0) -> Citation:
    start = paper.text.index(sentence)
    return Citation(n=n, paper_id=paper.paper_id, title=paper.title, source=paper.source, quote=sentence,
                    start=start + shift, end=start + shift + len(sentence), supported=supported)


PLM = "incorporating protein language model (pLM) embeddings further improves out-of-distribution generalization"
SOTA = "Our approach, PLaTITO, achieves state-of-the-art performance on equilibrium sampling benchmarks"
CARD_SPEED = "CARD matches the accuracy of classical computational methods on unseen systems"


def answer(**changes) -> Answer:
    fields = dict(
        question="How do pLM embeddings help molecular dynamics?",
        answer="pLM embeddings improve out-of-distribution generalization [1]. A radix decomposition <b>speeds</b> up [2].",
        refused=False,
        citations=[cite(1, PLATITO, PLM), cite(2, CARD, CARD_SPEED)],
        backend="extractive",
        timings_ms={"retrieve": 41, "generate": 0, "verify": 7, "total": 50},
        sources=[hit(PLATITO, 0.91), hit(CARD, 0.77), hit(SLEEP, 0.12)],
        removed_sentences=[],
    )
    fields.update(changes)
    return Answer(**fields)


ABSTRACTS = {p.paper_id: p.text for p in (PLATITO, CARD, SLEEP)}


def test_markers_with_a_citation_become_links_to_their_turn():
    html = views.render_answer(answer(), turn=3)
    links = re.findall(r'<a class="cite" href="([^"]+)" title="([^"]+)">\[(\d)\]</a>', html)
    assert links == [("#cite-3-1", "PLaTITO", "1"), ("#cite-3-2", "CARD", "2")]
    assert "&lt;b&gt;speeds&lt;/b&gt;" in html and "<b>" not in html


def test_markers_without_a_citation_stay_plain_text():
    html = views.link_markers("Claim [1] and [7].", turn=0, titles={1: 'A "quoted" <title>'})
    assert '[7].' in html and "#cite-0-7" not in html
    assert 'title="A &quot;quoted&quot; &lt;title&gt;"' in html


@pytest.mark.parametrize("href,expected", [("#cite-2-5", (2, 5)), ("#cite-x-1", None), ("#source-1-1", None), ("", None)])
def test_citation_links_parse_back_to_turn_and_number(href, expected):
    assert views.parse_cite_href(href) == expected
    if expected:
        assert views.cite_href(*expected) == href


def test_timings_name_backend_and_each_step_with_check_for_verify():
    html = views.render_answer(answer(timings_ms={"retrieve": 41, "first_token": 300, "generate": 900, "verify": 7, "total": 960}), 0)
    assert "extractive · retrieve 41 ms · first token 300 ms · generate 900 ms · check 7 ms · total 960 ms" in html


def test_refusal_is_labelled_and_has_no_links():
    html = views.render_answer(answer(refused=True, answer="The papers do not cover cookies.", citations=[]), 0)
    assert '<span class="refusal">' in html and "do not cover cookies" in html and "a class=\"cite\"" not in html


def test_llm_failure_shows_its_message_instead_of_an_answer():
    html = views.render_answer(answer(answer="", citations=[], error="llama-cpp at /m.gguf failed: timed out"), 0)
    assert '<span class="error">⚠ llama-cpp at /m.gguf failed: timed out</span>' in html
    assert "Sources" in html


def test_removed_sentences_are_counted_in_the_answer():
    html = views.render_answer(answer(removed_sentences=["Made up.", "Also made up."]), 0)
    assert "2 unsupported sentences removed" in html


def test_streaming_text_is_escaped_with_a_cursor():
    assert views.render_streaming("a <i>b") == 'a &lt;i&gt;b<span class="streaming"> ▌</span>'


def test_spans_trust_good_offsets_and_relocate_stale_ones():
    good, stale = cite(1, PLATITO, PLM), cite(2, PLATITO, SOTA, shift=5)
    spans, missing = views.locate_spans(PLATITO.text, [good, stale])
    assert missing == []
    assert [(s.n, PLATITO.text[s.start:s.end]) for s in spans] == [(1, PLM), (2, SOTA)]


def test_quote_absent_from_the_abstract_is_reported_not_highlighted():
    ghost = Citation(n=1, paper_id=PLATITO.paper_id, title=PLATITO.title, source=PLATITO.source,
                     quote="not in the abstract", start=0, end=19, supported=False)
    spans, missing = views.locate_spans(PLATITO.text, [ghost])
    assert spans == [] and missing == [ghost]


def test_a_not_stated_citation_marks_nothing_and_is_not_reported_missing():
    """"The X abstract does not name a dataset [1]." cites the paper without a quote."""
    unquoted = Citation(n=1, paper_id=PLATITO.paper_id, title=PLATITO.title, source=PLATITO.source,
                        quote="", start=0, end=0, supported=True)
    assert views.locate_spans(PLATITO.text, [unquoted]) == ([], [])


def test_overlapping_quotes_become_disjoint_marks():
    first = cite(1, PLATITO, "protein language model (pLM) embeddings")
    second = cite(2, PLATITO, "(pLM) embeddings further improves")
    spans, _ = views.locate_spans(PLATITO.text, [first, second])
    assert spans[0].end == spans[1].start and PLATITO.text[spans[1].start:spans[1].end] == " further improves"


def test_highlight_escapes_text_and_marks_exact_quote():
    spans = [views.Span(1, 4, 9)]
    assert views.highlight("a < bcdef > g", spans) == 'a &lt; <mark class="quote" data-n="1">bcdef</mark> &gt; g'


def test_sources_panel_shows_cited_papers_with_quotes_then_the_rest_collapsed():
    html = views.render_sources(answer(removed_sentences=["Unsupported claim."]), turn=0, abstracts=ABSTRACTS, active=2)
    cards = re.findall(r'<article class="([^"]+)" id="source-0-(\d)" data-paper-id="([^"]+)">', html)
    assert cards == [("source", "1", PLATITO.paper_id), ("source active", "2", CARD.paper_id)]
    assert re.findall(r'<mark class="quote" data-n="(\d)">([^<]+)</mark>', html) == [("1", PLM), ("2", CARD_SPEED)]
    assert "000_711129f47277f084.txt" in html and "<strong class=\"title\">CARD</strong>" in html
    uncited = re.search(r'<details class="uncited"><summary>Retrieved but not cited \(1\)</summary>(.*?)</details>', html)
    assert uncited and SLEEP.paper_id in uncited.group(1)
    assert '<details class="removed"><summary>Removed by the grounding check (1)</summary><ul><li>Unsupported claim.</li>' in html
    assert "score" not in html


def test_scores_appear_only_on_request():
    html = views.render_sources(answer(), 0, ABSTRACTS, show_scores=True)
    assert "score 0.910" in html and "score 0.120" in html


def test_unsupported_citation_is_flagged_and_missing_abstract_falls_back_to_the_chunk():
    shaky = answer(citations=[cite(1, PLATITO, PLATITO.text[:40], supported=False)])
    html = views.render_sources(shaky, 0, abstracts={})
    assert "Not confirmed by the grounding check: [1]" in html
    assert f'<mark class="quote" data-n="1">{PLATITO.text[:40]}</mark>' in html


def test_no_answer_yet_shows_a_hint():
    assert "Ask a question" in views.render_sources(None, 0, {})


def test_chat_alternates_questions_and_rendered_answers_or_errors():
    turns = [Turn("What is <PLaTITO>?", answer(), ABSTRACTS), Turn("And then?", error="llama-cpp failed: timed out")]
    messages = views.render_chat(turns)
    assert [m["role"] for m in messages] == ["user", "assistant", "user", "assistant"]
    assert messages[0]["content"] == "What is &lt;PLaTITO&gt;?"
    assert "#cite-0-1" in messages[1]["content"] and "⚠ llama-cpp failed: timed out" in messages[3]["content"]


def test_session_history_for_follow_ups_holds_questions_and_answer_texts():
    session = Session(profile="extractive", turns=[Turn("Q1", answer(answer="A1 [1]")), Turn("Q2", error="down")])
    assert session.conversation() == [
        {"role": "user", "content": "Q1"}, {"role": "assistant", "content": "A1 [1]"}, {"role": "user", "content": "Q2"},
    ]
    session.clear()
    assert session.turns == [] and session.profile == "extractive"


def test_corpus_line_counts_papers_and_sources():
    line = views.render_corpus({"papers": 38, "chunks": 55, "sources": {"a.txt": 19, "b.txt": 19}})
    assert line == "**38 papers** in 55 chunks from `a.txt` (19), `b.txt` (19)"


@pytest.mark.parametrize("host", ["127.0.0.1", "localhost", "::1"])
def test_loopback_needs_no_login(host):
    assert credentials(host, environ={}) is None


def test_other_interfaces_need_a_user_and_password():
    with pytest.raises(RagError, match=f"set {USER_ENV} and {PASSWORD_ENV}"):
        credentials("0.0.0.0", environ={USER_ENV: "ann"})
    assert credentials("0.0.0.0", environ={USER_ENV: "ann", PASSWORD_ENV: "s3cret"}) == ("ann", "s3cret")


def test_serve_refuses_another_interface_without_a_login(tmp_path):
    result = run_cli("serve", "--host", "0.0.0.0", "--data-dir", str(tmp_path), env={USER_ENV: "", PASSWORD_ENV: ""})
    assert result.returncode == 1
    assert result.stderr.strip().startswith(f"error: serving on 0.0.0.0 exposes the chat beyond this machine; set {USER_ENV}")
    assert len(result.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize("profile,reason", [("nope", "unknown profile 'nope'"), ("server", "cannot reach the Chroma store")])
def test_a_backend_that_cannot_start_says_why_and_is_not_kept(tmp_path, profile, reason):
    service = open_service("extractive", overrides={"data_dir": str(tmp_path), "store.port": free_port()})
    with pytest.raises(RagError, match=reason):
        service.start(profile)
    assert profile not in service._answerers
    assert service.start("extractive").backend == "extractive"  # the current profile still answers


def test_serve_refuses_a_taken_port_at_once(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = run_cli("serve", "--port", str(port), "--data-dir", str(tmp_path))
    assert result.returncode == 1
    assert result.stderr.strip() == f"error: cannot listen on 127.0.0.1:{port} (port in use, or not an address of this machine); pick another --port or --host"
