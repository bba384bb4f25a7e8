"""Questions over a real conference paper list (COLM 2025, as exported by paperlists): bibliographic
ones answered from the paper's record (rag.bibliography: the export names each paper's authors, and
its file name the venue and year, though no abstract does), answers that lead with a long title,
and titles written with LaTeX."""

from __future__ import annotations

import json

import pytest

from conftest import answerer_for, make_settings, shared_data
from rag.bibliography import MAX_NAMES, record_fact, record_text
from rag.intent import classify
from rag.service import RagService
from rag.titles import calls_by_name, display_title, readable_markup


def test_the_record_gives_authors_year_venue_and_institutions():
    record = {"authors": "Ann Lee; Bo Chen; Cy Diaz", "Year": 2025, "venue": "COLM",
              "aff": "MIT;MIT+CMU;;Oxford"}
    assert record_fact("authors", record) == "the authors as Ann Lee, Bo Chen and Cy Diaz"
    assert record_fact("date", record) == "the year 2025 (COLM)"
    assert record_fact("venue", record) == "COLM 2025"
    assert record_fact("affiliation", record) == "the institutions as MIT, CMU and Oxford"
    assert record_fact("authors", {"authors": "Ann Lee"}) == "the authors as Ann Lee"
    assert "2025" in record_text(record) and "Cy Diaz" in record_text(record)


def test_a_record_without_the_field_gives_nothing():
    assert record_fact("authors", {"authors": ""}) is None
    assert record_fact("venue", {"year": 2025}) is None
    assert record_fact("date", {"title": "X"}) is None


def test_a_long_author_list_is_cut_with_a_count():
    names = "; ".join(f"Author {i}" for i in range(MAX_NAMES + 3))
    assert record_fact("authors", {"authors": names}).endswith(f"Author {MAX_NAMES - 1} and 3 others")


@pytest.mark.parametrize("question,bibliographic", [
    ("list the authors of BEARCUBS", True),
    ("authors of bearcubs?", True),
    ("what are the names of the authors of BEARCUBS", True),
    ("who are the authors of gear", True),
    ("How do the authors of AgentRewardBench evaluate LLM judges?", False),
    ("what did the authors of gear find", False),
])
def test_authors_of_asks_for_authors_only_when_the_question_asks_who(question, bibliographic):
    assert (classify(question).kind == "bibliographic") == bibliographic


def _records(name: str, count: int, also: str) -> list[dict]:
    """The first `count` records of a real paper list, and those whose title contains `also`."""
    records = json.loads(shared_data(f"paperlists_papercopilot/{name}").read_text())
    return records[:count] + [r for r in records[count:] if also in r["title"]]


@pytest.fixture(scope="module")
def colm(tmp_path_factory):
    """An extractive answerer over 41 papers of the real COLM 2025 paper list (the first 40 and
    AgentRewardBench) and 20-odd of AISTATS 2025 (the first 15 and those on conformal prediction),
    saved under their own file names, so that the venue and year come from them as for any export."""
    root = tmp_path_factory.mktemp("colm")
    corpus = [root / "colm2025.json", root / "aistats2025.json"]
    corpus[0].write_text(json.dumps(_records("colm2025.json", 40, "AgentRewardBench")))
    corpus[1].write_text(json.dumps(_records("aistats2025.json", 15, "onformal")))
    settings = make_settings(root / "data")
    service = RagService(settings)
    service.ingest([str(path) for path in corpus])
    extractive = settings.model_copy(update={"llm": settings.llm.model_copy(update={"provider": "extractive"})})
    return answerer_for(extractive, service.retriever)


@pytest.mark.parametrize("question,fact", [
    ("Who wrote BEARCUBS?", "does not name its authors; its record gives the authors as Yixiao Song, Katherine Thai"),
    ("where was BEARCUBS published?", "does not state where it was published; its record gives COLM 2025 [1]."),
    ("when was bearcubs published", "does not state when it was published; its record gives the year 2025 (COLM) [1]."),
])
def test_a_bibliographic_question_is_answered_from_the_papers_record(colm, question, fact):
    answer = colm.ask(question)
    assert not answer.refused and fact in answer.answer
    assert [c.title for c in answer.citations] == ["BEARCUBS: A benchmark for computer-using web agents"]


def test_a_question_about_what_the_authors_did_is_answered_from_the_abstract(colm):
    answer = colm.ask("How do the authors of BEARCUBS evaluate web agents?")
    assert not answer.refused and "“" in answer.answer and "authors" not in answer.answer.split("“")[0]


def test_what_is_a_named_paper_gets_the_sentence_introducing_it(colm):
    answer = colm.ask("What is BEARCUBS?")
    assert "we introduce BEARCUBS" in answer.answer


def test_a_quote_led_by_a_long_title_is_checked_as_the_quote(colm):
    # The title's words ("Evaluating Automatic Evaluations of Web Agent Trajectories") once drew the
    # check to another sentence, which lacks "no single", and the quote failed as a contradiction.
    answer = colm.ask("how many LLM judges were evaluated in AgentRewardBench")
    assert not answer.refused and "we evaluate 12 LLM judges" in answer.answer
    assert answer.citations[0].quote.startswith("Using our benchmark, we evaluate 12 LLM judges")


@pytest.mark.parametrize("question", [
    "how many LLM judges were evaluated in JudgeArena",  # a benchmark no paper of the list names
    "what accuracy does WebPilot reach on BEARCUBS",  # BEARCUBS reports other agents' accuracy
])
def test_a_coined_name_no_paper_holds_is_refused(colm, question):
    assert colm.ask(question).refused


def test_a_question_naming_a_venue_is_answered_from_that_venue_only(colm):
    assert colm.retriever.scope(colm.retriever.named_scope("which aistats papers are about conformal prediction")) == {"venue": "AISTATS"}
    assert colm.retriever.scope(colm.retriever.named_scope("which papers are about conformal prediction in 2025")) == {}  # one year: no scope
    answer = colm.ask("which aistats papers are about conformal prediction?")
    assert not answer.refused and len(answer.citations) >= 2
    assert {c.source for c in answer.citations} == {"aistats2025.json"}
    assert colm.ask("which COLM papers are about conformal prediction?").refused
    # A year of the store in the question is no figure the abstracts must state (one year: no scope).
    with_year = colm.ask("which 2025 papers are about conformal prediction?")
    assert not with_year.refused and {c.source for c in with_year.citations} == {"aistats2025.json"}


def test_a_venue_counts_only_where_a_question_names_one(tmp_path):
    # A file named papers2023.json gives the venue "PAPERS": "which papers ..." must not take it.
    (tmp_path / "papers2023.json").write_text(json.dumps(_records("colm2025.json", 3, "AgentRewardBench")))
    (tmp_path / "aistats2025.json").write_text(json.dumps(_records("aistats2025.json", 3, "Strategic Conformal")))
    service = RagService(make_settings(tmp_path / "data"))
    service.ingest([str(tmp_path / "papers2023.json"), str(tmp_path / "aistats2025.json")], progress=False)
    retriever = service.retriever
    assert retriever.named_scope("which papers study conformal prediction") == {}
    assert retriever.scope(retriever.named_scope("conformal prediction papers at AISTATS")) == {"venue": "AISTATS"}
    assert retriever.scope(retriever.named_scope("which aistats 2025 papers study conformal prediction")) == {"venue": "AISTATS", "year": "2025"}


@pytest.mark.parametrize("stored,shown", [
    (r"$\bf{\Phi}_\textrm{Flow}$: Differentiable Simulations for PyTorch, TensorFlow and Jax",
     "ΦFlow: Differentiable Simulations for PyTorch, TensorFlow and Jax"),
    (r"E$^2$GAN: Efficient Training of Efficient GANs", "E²GAN: Efficient Training of Efficient GANs"),
    (r"Coresets for Multiple $\ell_p$ Regression", "Coresets for Multiple ℓp Regression"),
    (r"Improved Trade-offs in $L_2$ Mean Estimation", "Improved Trade-offs in L₂ Mean Estimation"),
    (r"${\rm E}(3)$-Equivariant Actor-Critic Methods", "E(3)-Equivariant Actor-Critic Methods"),
    (r"QuIP\#: Even Better LLM Quantization", "QuIP#: Even Better LLM Quantization"),
    ("BEARCUBS: A benchmark for computer-using web agents", "BEARCUBS: A benchmark for computer-using web agents"),
])
def test_a_title_with_latex_is_shown_as_text(stored, shown):
    assert readable_markup(stored) == shown
    assert display_title(stored, "An abstract about something else entirely.") == shown


def test_a_name_written_with_latex_is_called_without_it():
    abstract = "We propose an efficient training method for GANs that distils diffusion models."
    assert calls_by_name("what is E2GAN", r"E$^2$GAN: Efficient Training of Efficient GANs", abstract)
    assert not calls_by_name("what is E3GAN", r"E$^2$GAN: Efficient Training of Efficient GANs", abstract)


def test_compare_a_and_b_quotes_the_sentence_naming_b(tmp_path):
    # GaLore's best sentences for this question report its memory savings; the answer must also
    # quote the one comparing it with LoRA, not a second figure.
    events = json.loads(shared_data("icml2024_abstracts/ICML 2024 Events.json").read_text())
    records = [r for r in events if r.get("name", "").startswith("GaLore")] + events[:5]
    (tmp_path / "icml2024.json").write_text(json.dumps(records))
    settings = make_settings(tmp_path / "data")
    service = RagService(settings)
    service.ingest([str(tmp_path / "icml2024.json")], progress=False)
    extractive = settings.model_copy(update={"llm": settings.llm.model_copy(update={"provider": "extractive"})})
    answer = answerer_for(extractive, service.retriever).ask("Compare GaLore and LoRA")
    assert not answer.refused and "such as LoRA" in answer.answer
