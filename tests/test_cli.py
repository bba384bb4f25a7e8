"""The `rag` command as scripts use it: JSON contracts, exit codes, one-line errors."""

from __future__ import annotations

import json

import pytest

from conftest import run_cli, shared_data


def test_ingest_search_stats_json_contracts(tmp_path):
    data = str(tmp_path / "data")
    ingested = run_cli("ingest", "--json", "--data-dir", data)
    assert ingested.returncode == 0, ingested.stderr
    report = json.loads(ingested.stdout)
    assert {k: report[k] for k in ("added", "updated", "unchanged", "removed", "papers")} == {
        "added": 38, "updated": 0, "unchanged": 0, "removed": 0, "papers": 38,
    }
    searched = run_cli("search", "multi-view sleep staging with misaligned modalities", "-k", "2", "--json", "--data-dir", data)
    payload = json.loads(searched.stdout)
    assert payload["query"].startswith("multi-view sleep staging")
    first = payload["results"][0]
    assert set(first) == {"rank", "paper_id", "title", "source", "score", "text"}
    assert (first["rank"], first["paper_id"], first["title"]) == (1, "000_711129f47277f084#3", "ConfSleepNet")
    stats = json.loads(run_cli("stats", "--json", "--data-dir", data).stdout)
    assert (stats["papers"], stats["embedding_model"], stats["store_mode"]) == (38, "all-MiniLM-L6-v2", "embedded")
    assert stats["sources"] == {"000_711129f47277f084.txt": 19, "003_cb611f67ebca296c.txt": 19}
    assert stats["chunks"] == report["chunks"] >= 38  # what ingest reported is what the store holds


@pytest.mark.parametrize(
    "args,needle",
    [
        (["ingest", "/nonexistent/corpus"], "error: /nonexistent/corpus: no such file or folder"),
        (["search", "x", "--profile", "nope"], "error: unknown profile 'nope'"),
        (["search", "x", "--filter", "year"], "error: bad filter 'year'"),
    ],
)
def test_errors_are_one_line_without_traceback(tmp_path, args, needle):
    result = run_cli(*args, "--data-dir", str(tmp_path))
    assert result.returncode == 1
    assert result.stderr.strip().startswith(needle) and len(result.stderr.strip().splitlines()) == 1


def test_environment_variables_override_config(tmp_path):
    result = run_cli("ingest", "--json", env={"RAG_DATA_DIR": str(tmp_path), "RAG_STORE__MODE": "cloud"})
    assert result.returncode == 1 and "bad setting 'store.mode'" in result.stderr
    shown = json.loads(run_cli("config", "--json", env={"RAG_DATA_DIR": str(tmp_path), "RAG_RETRIEVAL__TOP_K": "9"}).stdout)
    assert shown["settings"]["data_dir"] == str(tmp_path) and shown["settings"]["retrieval"]["top_k"] == 9
    flagged = json.loads(run_cli("config", "--json", "--data-dir", str(tmp_path / "flag"), env={"RAG_DATA_DIR": str(tmp_path)}).stdout)
    assert flagged["settings"]["data_dir"] == str(tmp_path / "flag")  # flags win over the environment


def test_eval_retrieval_reports_every_retriever_on_a_beir_slice(tmp_path):
    """A 100-document slice of SciFact with its judged queries, in BEIR layout."""
    source = shared_data("beir_scifact")
    qrels = [line.split("\t") for line in (source / "qrels" / "test.tsv").read_text().splitlines()[1:16]]
    wanted = {doc for _, doc, _ in qrels}
    corpus = [line for line in (source / "corpus.jsonl").read_text().splitlines() if json.loads(line)["_id"] in wanted]
    corpus += [line for line in (source / "corpus.jsonl").read_text().splitlines()[:100] if line not in corpus]
    dataset = tmp_path / "slice"
    (dataset / "qrels").mkdir(parents=True)
    (dataset / "corpus.jsonl").write_text("\n".join(corpus) + "\n")
    (dataset / "queries.jsonl").write_text((source / "queries.jsonl").read_text())
    (dataset / "qrels" / "test.tsv").write_text("query-id\tcorpus-id\tscore\n" + "\n".join("\t".join(r) for r in qrels) + "\n")

    result = run_cli("eval", "retrieval", "--dataset", str(dataset), "--json", "--data-dir", str(tmp_path / "data"))
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["dataset"] == "slice" and report["queries"] == len({q for q, _, _ in qrels})
    assert set(report["retrievers"]) == {"hybrid", "bm25", "dense"}
    for metrics in report["retrievers"].values():
        assert set(metrics) == {"ndcg@10", "recall@1", "recall@10", "recall@100", "mrr@10"}
        assert 0.5 < metrics["recall@100"] <= 1.0 and 0 < metrics["ndcg@10"] <= metrics["recall@100"] + 1e-9
    cached = run_cli("eval", "retrieval", "--dataset", str(dataset), "--data-dir", str(tmp_path / "data"))
    assert "embedding" not in cached.stderr  # the second run re-embeds nothing
    assert "hybrid" in cached.stdout and "nDCG@10" in cached.stdout


def test_chat_cites_papers_and_answers_a_follow_up_about_the_same_paper(seeded_dir):
    """`rag chat` (its loop, run_chat, with this checkout's code): a question, a follow-up, then EOF."""
    import io
    import re

    from rag.chat import run_chat
    from rag.service import open_service

    service = open_service("extractive", {"data_dir": str(seeded_dir)})
    stdin = io.StringIO("What does PLaTITO improve?\nwhat dataset did it use?\n")
    stdout = io.StringIO()
    assert run_chat(service, stdin=stdin, stdout=stdout) == 0
    text = stdout.getvalue()
    turns = text.split("you> ")[1:]
    assert len(turns) == 3 and turns[2] == ""  # two answers, then the prompt that met EOF
    plato = "000_711129f47277f084#1"
    for turn in turns[:2]:
        cited = re.findall(r"\[(\d+)\] (.+?) \[([^\]]+)\]", turn)
        assert cited, turn
        assert plato in [paper_id for _, _, paper_id in cited], turn
    assert "error:" not in text


def test_chat_cites_a_not_stated_answer_without_an_empty_quote(seeded_dir):
    import io

    from rag.chat import run_chat
    from rag.service import open_service

    service = open_service("extractive", {"data_dir": str(seeded_dir)})
    stdout = io.StringIO()
    run_chat(service, stdin=io.StringIO("How deep is the SNN trained with SpikeInit?\nwhat dataset did it use?\n"), stdout=stdout)
    follow_up = stdout.getvalue().split("you> ")[2]
    assert "does not name a dataset [1]" in follow_up
    assert "  [1] SpikeInit [000_711129f47277f084#5]\n" in follow_up and "\u201c\u201d" not in follow_up
    # The answer streams as the model's line, once, and the check has nothing to add.
    assert follow_up.startswith("model> The SpikeInit abstract does not name a dataset [1].\nchecked> every sentence is supported")


def test_eval_retrieval_needs_a_dataset_or_all_parts(tmp_path):
    result = run_cli("eval", "retrieval", "--queries", "bench/qa/retrieval_dev/queries.jsonl", "--data-dir", str(tmp_path))
    assert result.returncode == 1 and "--corpus" in result.stderr and "Traceback" not in result.stderr
