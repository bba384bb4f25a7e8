"""Corpus readers on the real seed files, the shared conference exports, and broken files."""

from __future__ import annotations

import json

import pytest

from conftest import SEEDS, shared_data
from rag.corpus import read_corpus, read_file
from rag.errors import RagError

ICML_2024 = "icml2024_abstracts/ICML 2024 Events.json"
PAPERLISTS = "paperlists_papercopilot"
SCIFACT = "beir_scifact/corpus.jsonl"


def test_seed_ids_follow_the_file_stem_and_ordinal_contract():
    papers = read_corpus([SEEDS])
    assert len(papers) == 38
    first = papers[0]
    assert first.paper_id == "000_711129f47277f084#1"
    assert first.text.startswith("Molecular dynamics (MD) is a central computational tool")
    assert papers[18].paper_id == "000_711129f47277f084#19"
    assert papers[19].paper_id == "003_cb611f67ebca296c#1"
    assert {p.source for p in papers} == {"000_711129f47277f084.txt", "003_cb611f67ebca296c.txt"}


def test_seed_titles_name_the_method_or_clip_the_first_clause():
    titles = {p.paper_id: p.title for p in read_corpus([SEEDS])}
    assert titles["000_711129f47277f084#1"] == "PLaTITO"
    assert titles["000_711129f47277f084#3"] == "ConfSleepNet"
    assert titles["003_cb611f67ebca296c#13"] == "C-CSCNNs"
    assert all(0 < len(t.split()) <= 10 for t in titles.values())
    clipped = titles["003_cb611f67ebca296c#19"]
    assert clipped.startswith("Navigation in complex environments") and clipped.endswith("…")


def test_seed_heading_gives_venue_and_year():
    paper = read_corpus([SEEDS])[0]
    assert paper.metadata == {"venue": "ICML", "year": 2026}


def test_icml_2024_events_export_keeps_only_posters():
    papers = read_file(shared_data(ICML_2024))
    assert len(papers) == 2634
    paper = papers[0]
    assert "/virtual/2024/poster/" in paper.paper_id
    assert paper.title and paper.authors and len(paper.text) > 200
    assert paper.metadata["year"] == 2024 and paper.metadata["type"] == "Poster"


@pytest.mark.parametrize("name,expected", [("icml2017.json", 434), ("colm2024.json", 299), ("aistats2025.json", 583)])
def test_paperlists_files_read_every_paper_with_an_abstract(name, expected):
    papers = read_file(shared_data(PAPERLISTS) / name)
    assert len(papers) == expected
    assert all(p.title and p.text for p in papers)
    assert ";" in papers[0].authors or papers[0].authors


def test_beir_corpus_uses_underscore_id_and_title():
    papers = read_file(shared_data(SCIFACT))
    assert len(papers) == 5183
    assert papers[0].paper_id == "4983"
    assert papers[0].title.startswith("Microstructural development of human newborn")


def test_csv_and_jsonl_records_detect_common_field_names(tmp_path):
    csv_file = tmp_path / "list.csv"
    csv_file.write_text("paper_id,name,text,author,track\nP1,A Title,Some abstract text.,Ann;Bob,main\n", encoding="utf-8")
    jsonl_file = tmp_path / "list.jsonl"
    jsonl_file.write_text(json.dumps({"title": "No id here", "abstract": "Body text."}) + "\n", encoding="utf-8")
    (p1,) = read_file(csv_file)
    assert (p1.paper_id, p1.title, p1.authors, p1.metadata) == ("P1", "A Title", "Ann; Bob", {"track": "main"})
    (p2,) = read_file(jsonl_file)
    assert p2.paper_id.startswith("sha-") and len(p2.paper_id) == 20
    assert read_file(jsonl_file)[0].paper_id == p2.paper_id  # content hash ids are stable


def test_exports_with_capitalised_headers_and_tab_separated_files_are_read(tmp_path):
    """Spreadsheet and database exports write "Title", "Abstract", "Authors"; some export TSV."""
    csv_file = tmp_path / "export.csv"
    csv_file.write_text('Title,Abstract,Authors,Year\n"Deep nets","We study deep nets.","Ann; Bob",2023\n', encoding="utf-8")
    (paper,) = read_file(csv_file)
    assert (paper.title, paper.text, paper.authors, paper.metadata) == ("Deep nets", "We study deep nets.", "Ann; Bob", {"Year": "2023"})
    tsv_file = tmp_path / "arxiv.tsv"
    tsv_file.write_text("id\ttitle\tsummary\nA1\tTabs, not commas\tAn abstract, with commas, in a TSV.\n", encoding="utf-8")
    (paper,) = read_file(tsv_file)
    assert (paper.paper_id, paper.title, paper.text) == ("A1", "Tabs, not commas", "An abstract, with commas, in a TSV.")
    both = tmp_path / "both.jsonl"  # the exact field name wins over another case of it
    both.write_text(json.dumps({"Abstract": "Upper.", "abstract": "Lower.", "title": "T"}) + "\n", encoding="utf-8")
    assert read_file(both)[0].text == "Lower."


@pytest.mark.parametrize(
    "name,content,message",
    [
        ("empty.json", b"", "the file is empty"),
        ("broken.json", b'[{"title": "x", "abstract": ', "malformed JSON at line 1"),
        ("latin1.jsonl", '{"abstract": "caf\u00e9"}'.encode("latin-1"), "not UTF-8"),
        ("notext.json", b'[{"title": "only a title"}]', "no text field"),
        ("broken.jsonl", b'{"abstract": "ok"}\n{nope}\n', "malformed JSON on line 2"),
        ("paper.pdf", b"%PDF", "unsupported file type"),
    ],
)
def test_unreadable_files_get_one_line_errors_naming_file_and_problem(tmp_path, name, content, message):
    path = tmp_path / name
    path.write_bytes(content)
    with pytest.raises(RagError) as info:
        read_corpus([path])
    text = str(info.value)
    assert name in text and message in text and "\n" not in text


def test_missing_path_is_named(tmp_path):
    with pytest.raises(RagError, match="no such file or folder"):
        read_corpus([tmp_path / "nowhere"])


def test_markdown_seed_files_read_like_txt_seeds_and_folders_pick_them_up(tmp_path):
    folder = tmp_path / "notes"
    folder.mkdir()
    (folder / "icml_2024_picks.md").write_text(
        "# ICML 2024 picks\n\nWe study sparse attention for long documents.\n\nA second abstract on graph pooling.\n",
        encoding="utf-8",
    )
    (folder / "README.md").write_text("# not a corpus file\n\nignored paragraph\n", encoding="utf-8")
    papers = read_corpus([folder])
    assert [p.paper_id for p in papers] == ["icml_2024_picks#1", "icml_2024_picks#2"]
    assert papers[1].text == "A second abstract on graph pooling."
    assert papers[0].source == "icml_2024_picks.md" and papers[0].metadata == {"venue": "ICML", "year": 2024}


def test_a_json_object_holding_one_array_reads_its_records(tmp_path):
    path = tmp_path / "export.json"
    records = [{"id": "A1", "title": "First", "abstract": "Alpha text."}, {"id": "A2", "title": "Second", "abstract": "Beta text."}]
    path.write_text(json.dumps({"count": 2, "results": records}), encoding="utf-8")
    papers = read_file(path)
    assert [(p.paper_id, p.title, p.text) for p in papers] == [("A1", "First", "Alpha text."), ("A2", "Second", "Beta text.")]
    ambiguous = tmp_path / "two.json"
    ambiguous.write_text(json.dumps({"a": records, "b": records}), encoding="utf-8")
    with pytest.raises(RagError, match="two.json: expected a JSON array of paper records \\(or an object holding one\\)"):
        read_file(ambiguous)
