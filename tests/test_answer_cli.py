"""`rag ask`, `rag eval answers` through the installed command, with the extractive profile."""

from __future__ import annotations

import json

from conftest import run_cli


def test_ask_json_contract(seeded_dir):
    done = run_cli("ask", "By how much does StormInsight reduce MAE?", "--json", "--profile", "extractive", "--data-dir", str(seeded_dir))
    assert done.returncode == 0, done.stderr
    payload = json.loads(done.stdout)
    assert payload["refused"] is False and payload["backend"] == "extractive"
    assert payload["citations"][0]["paper_id"] == "000_711129f47277f084#4" and "12.4%" in payload["answer"]


def test_ask_prints_a_not_stated_answer_without_an_empty_quote(seeded_dir):
    done = run_cli("ask", "who wrote gear", "--profile", "extractive", "--data-dir", str(seeded_dir))
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("The GEAR abstract does not name its authors [1].")
    assert "[1] " in done.stdout and "\u201c\u201d" not in done.stdout and "(chars 0-0)" not in done.stdout


def test_ask_empty_question_is_one_line_error(seeded_dir):
    done = run_cli("ask", "  ", "--profile", "extractive", "--data-dir", str(seeded_dir))
    assert done.returncode == 1
    assert done.stderr.strip().splitlines() == ['error: empty question; ask something, e.g. rag ask "what does PLaTITO improve?"']


def test_ask_unreachable_server_names_url_and_lists_sources(seeded_dir):
    env = {"RAG_LLM__PROVIDER": "openai-like", "RAG_LLM__MODEL": "m", "RAG_LLM__API_BASE": "http://127.0.0.1:9/v1"}
    done = run_cli("ask", "What is SpikeInit?", "--data-dir", str(seeded_dir), env=env)
    assert done.returncode == 1
    assert "error: openai-like:m at http://127.0.0.1:9/v1 failed" in done.stderr
    assert "SpikeInit" in done.stdout


def test_eval_answers_scores_a_qa_file(seeded_dir, tmp_path):
    qa = tmp_path / "qa.jsonl"
    qa.write_text(
        json.dumps({"id": "a", "question": "By how much does StormInsight reduce MAE?", "gold_papers": ["000_711129f47277f084#4"], "answer_contains": ["12.4%"]}) + "\n"
        + json.dumps({"id": "b", "question": "What is a good recipe for sourdough bread?", "gold_papers": [], "answer_contains": []}) + "\n"
        # The seeds' heading names ICML 2026: a number from the paper's record, not an unsupported one.
        + json.dumps({"id": "c", "question": "where was gear published", "gold_papers": ["003_cb611f67ebca296c#3"],
                      "answer_contains": ["does not state", "its record gives ICML 2026"]}) + "\n"
    )
    done = run_cli("eval", "answers", "--qa", str(qa), "--json", "--profile", "extractive", "--data-dir", str(seeded_dir))
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    summary = result["summary"]
    assert summary["answer_contains"] == 1.0 and summary["cites_expected_paper"] == 1.0 and summary["correct_refusals"] == 1.0
    assert summary["unsupported_numbers_shown"] == 0
    assert [i["id"] for i in result["items"]] == ["a", "b", "c"] and result["items"][1]["refused"] is True


def _run_in_terminal(*args: str) -> str:
    """Run the installed `rag` with stdout and stderr on a pseudo-terminal, as a user's shell does; all it printed."""
    import os
    import pty
    import subprocess

    from conftest import RAG_BIN, REPO_ROOT

    master, slave = pty.openpty()
    env = {k: v for k, v in os.environ.items() if not k.startswith("RAG_")}
    process = subprocess.Popen([RAG_BIN, *args], stdout=slave, stderr=slave, stdin=subprocess.DEVNULL, env=env, cwd=REPO_ROOT)
    os.close(slave)
    output = b""
    while True:
        try:
            data = os.read(master, 4096)
        except OSError:  # the child closed the terminal
            break
        if not data:
            break
        output += data
    os.close(master)
    assert process.wait(timeout=300) == 0, output
    return output.decode()


def test_ask_in_a_terminal_shows_the_answer_once(seeded_dir):
    shown = _run_in_terminal("ask", "By how much does StormInsight reduce MAE?", "--profile", "extractive", "--data-dir", str(seeded_dir))
    answer_lines = [line for line in shown.splitlines() if "12.4%" in line and not line.startswith("    ")]  # not the quote
    assert len(answer_lines) == 1, shown
    assert "checked> every sentence is supported by its source" in shown and "[1] StormInsight" in shown
