"""The chat page in a real browser: `rag serve` subprocesses driven by Playwright through Debian's Chromium.

One server per profile (extractive, then the embedded default) over one temporary data directory
that the first server fills with the seeds on start. Screenshots go to test-artifacts/ui/.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect, sync_playwright

from conftest import RAG_BIN, REPO_ROOT, free_port, wait_for_port

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run",
]
ARTIFACTS = REPO_ROOT / "test-artifacts" / "ui"
EXAMPLE = "How do protein language models help molecular dynamics?"
PLATITO = "000_711129f47277f084#1"
FOLLOW_UP = "Which benchmarks does it reach state of the art on?"
OFF_TOPIC = "What is a good recipe for chocolate chip cookies?"
ANSWER_WAIT_MS = 240_000
# The profile each server starts on, and the backend label answers carry after switching to the other.
PROFILES = {"extractive": ("default", "llama-cpp:"), "default": ("extractive", "extractive")}

pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists(), reason="needs Debian's Chromium at /usr/bin/chromium (`apt-get install -y chromium`; .ci/run installs it)"
)


@pytest.fixture(scope="module")
def data_dir(tmp_path_factory) -> Path:
    """An empty data directory: the first server ingests the seeds into it on start."""
    return tmp_path_factory.mktemp("ui-data")


@pytest.fixture(scope="module", params=list(PROFILES))
def server(request, data_dir):
    """A `rag serve` subprocess for one profile on a free port; yields (profile, url)."""
    profile, port = request.param, free_port()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    env = {k: v for k, v in os.environ.items() if not k.startswith("RAG_")}
    with open(ARTIFACTS / f"serve-{profile}.log", "w") as log:
        process = subprocess.Popen(
            [RAG_BIN, "serve", "--profile", profile, "--port", str(port), "--data-dir", str(data_dir)],
            stdout=log, stderr=subprocess.STDOUT, env=env, cwd=REPO_ROOT,
        )
        try:
            wait_for_port(port, process, timeout=400)
            yield profile, f"http://127.0.0.1:{port}"
        finally:
            process.terminate()
            process.wait(timeout=30)


@pytest.fixture(scope="module")
def browser():
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser, server) -> Page:
    """A fresh tab (its own chat session) on the server's page."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    tab = context.new_page()
    tab.goto(server[1])
    expect(tab.locator("#header")).to_contain_text("38 papers", timeout=60_000)
    yield tab
    context.close()


def ask(page: Page, question: str | None = None) -> None:
    """Send `question` (or what the textbox holds) with Enter and wait for the checked answer."""
    before = page.locator("[data-testid='bot'] .timings").count()
    box = page.locator("#question textarea")
    if question is not None:
        box.fill(question)
    box.press("Enter")
    expect(page.locator("[data-testid='bot'] .timings")).to_have_count(before + 1, timeout=ANSWER_WAIT_MS)


def choose_profile(page: Page, name: str) -> None:
    """Pick `name` in the profile dropdown, as a user would."""
    page.locator("#profile input").click()
    page.get_by_role("option", name=name, exact=True).click()


def last_answer(page: Page):
    return page.locator("[data-testid='bot']").last


def test_conversation_with_citations_follow_up_and_backend_switch(page, server):
    profile, _ = server
    other, other_label = PROFILES[profile]

    page.get_by_text(EXAMPLE).first.click()
    expect(page.locator("#question textarea")).to_have_value(EXAMPLE)
    ask(page)
    answer = last_answer(page)
    links = answer.locator("a.cite")
    expect(links.first).to_be_visible()
    page.screenshot(path=ARTIFACTS / f"{profile}-answer.png", full_page=True)

    # Clicking a marker shows that citation's paper, active, with its quote highlighted.
    target = links.first
    title = target.get_attribute("title")
    target.click()
    active = page.locator("#sources .source.active")
    expect(active).to_have_count(1)
    expect(active.locator(".title")).to_have_text(title)
    quote = active.locator("mark.quote")
    expect(quote.first).to_be_visible()
    assert quote.first.inner_text().strip() in active.locator(".abstract").inner_text()
    expect(page.locator(f"#sources .source[data-paper-id='{PLATITO}']")).to_have_count(1)
    page.screenshot(path=ARTIFACTS / f"{profile}-citation.png", full_page=True)

    # A follow-up that only makes sense with the conversation (alone it is refused) finds the same paper.
    ask(page, FOLLOW_UP)
    expect(last_answer(page).locator("a.cite").first).to_be_visible()
    expect(page.locator(f"#sources .source[data-paper-id='{PLATITO}']")).to_have_count(1)
    expect(page.locator("[data-testid='user']")).to_have_count(2)

    # The other backend answers the next message; an off-topic question is refused.
    choose_profile(page, other)
    expect(page.locator("#notice")).to_contain_text(f"Backend '{other}'", timeout=120_000)
    ask(page, OFF_TOPIC)
    expect(last_answer(page).locator(".refusal")).to_be_visible()
    expect(last_answer(page).locator(".timings")).to_contain_text(other_label)
    page.screenshot(path=ARTIFACTS / f"{profile}-refusal.png", full_page=True)


@pytest.mark.parametrize("server", ["extractive"], indirect=True)  # backend-independent: checked on the fast one
def test_errors_show_in_the_page_and_it_stays_usable(page, server):
    box = page.locator("#question textarea")
    box.press("Enter")
    expect(page.locator("#notice")).to_contain_text("empty question")
    box.fill("why " * 1001)
    box.press("Enter")
    expect(page.locator("#notice")).to_contain_text("the limit is 4000")
    expect(box).not_to_have_value("")  # kept, so it can be shortened
    expect(page.locator("[data-testid='user']")).to_have_count(0)

    # A backend that cannot start (its Chroma server is not running) says why; the old one stays.
    choose_profile(page, "server")
    expect(page.locator("#notice")).to_contain_text("Cannot switch to 'server'", timeout=60_000)
    expect(page.locator("#notice")).to_contain_text("Still using 'extractive'")
    expect(page.locator("#profile input")).to_have_value("extractive")
    # An LLM server that is down is caught the same way (nothing listens on the profile's port).
    choose_profile(page, "llamacpp-server")
    expect(page.locator("#notice")).to_contain_text("Cannot switch to 'llamacpp-server'", timeout=60_000)
    expect(page.locator("#notice")).to_contain_text("failed")
    ask(page, EXAMPLE)
    expect(last_answer(page).locator(".timings")).to_contain_text("extractive")

    page.get_by_role("button", name="Clear chat").click()
    expect(page.locator("[data-testid='bot']")).to_have_count(0)
    expect(page.locator("#sources")).to_contain_text("Ask a question")


@pytest.mark.parametrize("server", ["extractive"], indirect=True)
def test_narrow_window_by_keyboard(page, server):
    """Phone width, keyboard only: Enter sends, Enter on a marker brings its source card into view."""
    page.set_viewport_size({"width": 390, "height": 844})
    ask(page, EXAMPLE)
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 1
    last_answer(page).locator("a.cite").first.focus()
    page.keyboard.press("Enter")
    expect(page.locator("#sources .source.active")).to_be_in_viewport()
    page.screenshot(path=ARTIFACTS / "narrow.png", full_page=True)
