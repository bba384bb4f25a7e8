"""The chat page: a Gradio Blocks layout whose handlers call `rag` and render with `ui.views`.

Each browser tab owns a `Session` in gr.State; answers come from the shared `RagService`.
Handlers never raise a traceback into Gradio: every failure becomes a one-line notice, chat message
or gr.Error (ui.guard), logged in one line.
"""

from __future__ import annotations

from typing import Any, Iterator, Mapping

import gradio as gr

from rag.errors import RagError
from rag.service import RagService
from ui import views
from ui.guard import guarded, report
from ui.session import Session, Turn

CHAT_CONCURRENCY = 8
# Delegated click handler: a citation link anywhere on the page asks the server for that turn's
# sources with the cited card active; after each re-render the active card is scrolled into view.
CITE_JS = """
window.__ragCiteTrigger = trigger;
if (!window.__ragCiteBridge) {
  window.__ragCiteBridge = true;
  document.addEventListener('click', (event) => {
    const link = event.target.closest ? event.target.closest('a.cite') : null;
    if (!link) return;
    event.preventDefault();
    event.stopPropagation();
    window.__ragCiteTrigger('click', {href: link.getAttribute('href')});
  }, true);
}
if (typeof watch === 'function') {
  watch('value', () => {
    const card = element.querySelector('.source.active');
    if (card) card.scrollIntoView({block: 'nearest'});
  });
}
"""

def build_app(service: RagService, profile: str, corpus: Mapping[str, Any]) -> gr.Blocks:
    """The chat page over `service`, starting on `profile`, with the corpus summary `corpus`
    (the shape of `rag stats --json`). Its queue serves CHAT_CONCURRENCY questions at once."""
    with gr.Blocks(title="Paper Q&A") as app:
        session = gr.State(Session(profile=profile))
        gr.Markdown(f"## Paper Q&A\nCited answers from ML paper abstracts · {views.render_corpus(corpus)}", elem_id="header")
        with gr.Row(equal_height=False):
            with gr.Column(scale=3, min_width=320):
                chat = gr.Chatbot(
                    label="Chat", elem_id="chat", height=520, layout="bubble", feedback_options=None,
                    buttons=["copy"], placeholder="Ask about the papers, or pick an example below.",
                )
                notice = gr.Markdown("", elem_id="notice")
                with gr.Row():
                    question = gr.Textbox(
                        show_label=False, placeholder="Ask a question (Enter sends)", lines=1, max_lines=4,
                        scale=5, min_width=200, elem_id="question", autofocus=True,
                    )
                    send = gr.Button("Send", variant="primary", scale=1, min_width=80, elem_id="send")
                    clear = gr.Button("Clear chat", scale=1, min_width=80, elem_id="clear")
                examples = service.example_questions()
                if examples:
                    gr.Examples(examples=[[q] for q in examples], inputs=[question], label="Example questions")
                with gr.Accordion("Settings", open=True, elem_id="settings"):
                    backend = gr.Dropdown(
                        service.profiles(), value=profile, label="Profile / backend (config/*.yaml)", elem_id="profile",
                    )
                    top_k = gr.Slider(1, 10, value=service.answerer(profile).settings.answer.top_k, step=1,
                                      label="Papers per answer (top-k)", elem_id="top-k")
                    show_scores = gr.Checkbox(False, label="Show retrieval scores", elem_id="show-scores")
            with gr.Column(scale=2, min_width=300):
                sources = gr.HTML(views.render_sources(None, 0, {}), js_on_load=CITE_JS, elem_id="sources", padding=True)

        handler = _Handlers(service)
        # One event for Enter and the button, so a tab never runs two questions at once.
        gr.on([question.submit, send.click], handler.send, inputs=[question, session, top_k, show_scores],
              outputs=[question, chat, sources, notice, session], concurrency_limit=CHAT_CONCURRENCY)
        for clearing in (clear.click, chat.clear):  # the button and the chat's own trash icon
            clearing(handler.clear, inputs=[session], outputs=[chat, sources, notice, session])
        backend.input(handler.switch, inputs=[backend, session], outputs=[backend, notice, session])
        show_scores.change(handler.rerender, inputs=[session, show_scores], outputs=[sources])
        sources.click(handler.cite, inputs=[session, show_scores], outputs=[sources, session])
        gr.api(handler.ask, api_name="ask", api_description="A cited, checked answer in the `rag ask --json` shape.")
    app.queue(default_concurrency_limit=CHAT_CONCURRENCY)
    return app


class _Handlers:
    """Event handlers; each takes the tab's Session and returns it changed in place."""

    def __init__(self, service: RagService) -> None:
        self.service = service

    @guarded
    def send(self, question: str, session: Session, top_k: float, show_scores: bool) -> Iterator[tuple]:
        """Stream the answer to `question`: raw tokens first, then the checked answer and its sources."""
        turn_no = len(session.turns)
        history = views.render_chat(session.turns)
        pending = [*history, {"role": "user", "content": views.render_question(question)}]
        yield "", [*pending, {"role": "assistant", "content": views.render_streaming("")}], gr.skip(), "", session
        raw = ""
        try:
            stream = self.service.stream(question, history=session.conversation(), top_k=int(top_k), profile=session.profile)
            for piece in stream:
                raw += piece
                yield gr.skip(), [*pending, {"role": "assistant", "content": views.render_streaming(raw)}], gr.skip(), gr.skip(), gr.skip()
            answer = stream.answer
            turn = Turn(question, answer, {hit.paper_id: self.service.abstract(hit.paper_id) for hit in answer.sources})
        except RagError as exc:
            if not raw:  # refused before answering (empty or over-long question, ...): nothing to keep
                yield question, history, gr.skip(), f"⚠ {exc}", session
                return
            turn = Turn(question, error=str(exc))
        except Exception as exc:  # a bug must not take the page down; the log has one line (--debug: the traceback)
            turn = Turn(question, error=f"{report('page call send', exc)}; see the server log")
        session.turns.append(turn)
        session.shown_turn, session.active = turn_no, None
        yield gr.skip(), views.render_chat(session.turns), self._sources(session, show_scores), "", session

    @guarded
    def ask(self, question: str, profile: str = "", top_k: int = 0) -> dict:
        """The page's named API endpoint (`/ask`): the answer to `question` as `rag ask --json` gives it.

        An empty `profile` means the page's starting one; `top_k` 0 means the profile's answer.top_k.
        """
        try:
            answer = self.service.ask(question, top_k=top_k or None, profile=profile or None)
        except RagError as exc:
            raise gr.Error(str(exc), print_exception=False) from None
        return answer.as_dict()

    @guarded
    def clear(self, session: Session) -> tuple:
        """Empty the chat and the sources panel."""
        session.clear()
        return [], views.render_sources(None, 0, {}), "", session

    @guarded
    def switch(self, profile: str, session: Session) -> tuple:
        """Use `profile` from the next message on; if it cannot start, say why and keep the current one."""
        try:
            answerer = self.service.start(profile)
        except Exception as exc:  # a RagError says why; anything else is a bug, logged in one line
            if not isinstance(exc, RagError):
                report("page call switch", exc)
            return session.profile, f"⚠ Cannot switch to '{profile}': {_first_line(exc)}. Still using '{session.profile}'.", session
        session.profile = profile
        return profile, f"Backend '{profile}' ({answerer.backend}) answers your next message.", session

    @guarded
    def rerender(self, session: Session, show_scores: bool) -> str:
        """The sources panel as currently shown, re-rendered (e.g. with scores toggled)."""
        return self._sources(session, show_scores)

    @guarded
    def cite(self, session: Session, show_scores: bool, event: gr.EventData) -> tuple:
        """Show the sources of the clicked citation's turn with its paper's card active."""
        target = views.parse_cite_href(getattr(event, "href", "") or "")
        if target is None or not 0 <= target[0] < len(session.turns):
            return gr.skip(), session
        session.shown_turn, session.active = target
        return self._sources(session, show_scores), session

    @staticmethod
    def _sources(session: Session, show_scores: bool) -> str:
        if session.shown_turn is None or session.shown_turn >= len(session.turns):
            return views.render_sources(None, 0, {})
        turn = session.turns[session.shown_turn]
        return views.render_sources(turn.answer, session.shown_turn, turn.abstracts, session.active, show_scores)


def _first_line(exc: BaseException) -> str:
    return (str(exc).strip().splitlines() or [type(exc).__name__])[0][:200]
