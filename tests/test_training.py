"""`rag train reranker` and `rag train embedder`: training queries from judgments (rag.training_queries),
and real (tiny) training runs whose folders the re-ranker and the store load."""

import json
import math
import random
from pathlib import Path

import pytest

from conftest import SEEDS, run_module_cli
from rag.errors import RagError
from rag.training_queries import dataset_groups
from rag.rerank import CrossEncoderReranker
from rag.retrieval import PaperHit


def _beir(folder: Path) -> Path:
    docs = [{"_id": f"d{i}", "title": f"doc {i}", "text": f"topic{i} words about subject {i} and more"} for i in range(8)]
    (folder / "qrels").mkdir(parents=True)
    (folder / "corpus.jsonl").write_text("".join(json.dumps(d) + "\n" for d in docs))
    (folder / "queries.jsonl").write_text("".join(json.dumps({"_id": f"q{i}", "text": f"what about topic{i}"}) + "\n" for i in range(6)))
    (folder / "qrels" / "train.tsv").write_text("query-id\tcorpus-id\tscore\n" + "".join(f"q{i}\td{i}\t1\n" for i in range(6)))
    return folder


def test_dataset_groups_hold_out_every_nth_query_and_use_hard_negatives(tmp_path):
    groups, held = dataset_groups(_beir(tmp_path), negatives=2, rng=random.Random(0), hold_out=2)
    assert held == {"q0": {"d0"}, "q2": {"d2"}, "q4": {"d4"}}
    assert sorted(g.query for g in groups) == ["what about topic1", "what about topic3", "what about topic5"]
    for group in groups:
        n = group.query[-1]
        assert group.passages[0] == f"doc {n}. topic{n} words about subject {n} and more"
        assert len(group.passages) == 3 and group.passages[0] not in group.passages[1:]


def test_dataset_groups_name_a_folder_that_is_not_a_beir_dataset(tmp_path):
    with pytest.raises(RagError, match="BEIR folder"):
        dataset_groups(tmp_path, negatives=2, rng=random.Random(0), hold_out=0)


def test_train_reranker_saves_a_model_the_reranker_loads(tmp_path):
    out = tmp_path / "reranker"
    done = run_module_cli("train", "reranker", "--data-dir", str(tmp_path / "data"), "--dataset", str(_beir(tmp_path / "beir")),
                          "--hold-out", "3", "--minutes", "2", "--out", str(out), "--json")
    assert done.returncode == 0, done.stderr
    card = json.loads(done.stdout)
    assert card["groups"] == 4 and card["steps"] == 1 and card["held_out_queries"] == 2 and (out / "reranker.json").is_file()
    assert (out / "held_out_qrels.tsv").read_text().splitlines()[1:] == ["q0\td0\t1", "q3\td3\t1"]
    hits = [PaperHit(paper_id=f"p{i}", title=f"p{i}", source="test", text=text, chunk_metadata={})
            for i, text in enumerate(["spiking networks on chips", "weather radar nowcasting"])]
    scores = CrossEncoderReranker(out, depth=2).scores("spiking networks", hits)
    assert len(scores) == 2 and all(math.isfinite(s) for s in scores) and scores[0] != scores[1]


def test_train_reranker_without_a_dataset_names_the_missing_argument(tmp_path):
    done = run_module_cli("train", "reranker", "--data-dir", str(tmp_path))
    assert done.returncode != 0 and "--dataset" in done.stderr and "Traceback" not in done.stderr


def test_train_embedder_on_a_folder_that_is_not_a_dataset_is_a_one_line_error(tmp_path):
    done = run_module_cli("train", "embedder", "--data-dir", str(tmp_path), "--dataset", str(tmp_path))
    assert done.returncode != 0 and "BEIR folder" in done.stderr and len(done.stderr.strip().splitlines()) == 1


def test_train_embedder_saves_a_model_that_a_store_can_be_built_with(tmp_path):
    out = tmp_path / "embedder"
    done = run_module_cli("train", "embedder", "--data-dir", str(tmp_path / "data"), "--dataset", str(_beir(tmp_path / "beir")),
                          "--minutes", "2", "--out", str(out), "--json")
    assert done.returncode == 0, done.stderr
    card = json.loads(done.stdout)
    assert card["groups"] == 5 and card["steps"] == 2 and card["negatives"] == 1 and (out / "embedder.json").is_file()
    env = {"RAG_EMBEDDING__MODEL": str(out)}
    assert run_module_cli("ingest", str(SEEDS), "--data-dir", str(tmp_path / "data"), env=env).returncode == 0
    found = run_module_cli("search", "spiking neural networks without batch normalization", "--data-dir",
                           str(tmp_path / "data"), "--json", env=env)
    assert found.returncode == 0, found.stderr
    assert json.loads(found.stdout)["results"][0]["title"] == "SpikeInit"


def test_eval_caches_of_two_trained_models_in_folders_of_one_name_are_kept_apart(tmp_path):
    from rag.evaluation import _collection_name

    first, second = tmp_path / "a" / "model", tmp_path / "b" / "model"
    first.mkdir(parents=True)
    second.mkdir(parents=True)
    assert _collection_name([SEEDS], str(first)) != _collection_name([SEEDS], str(second))
    assert _collection_name([SEEDS], "all-MiniLM-L6-v2").endswith("-all-minilm-l6-v2")


def test_train_reranker_with_an_unwritable_out_fails_before_training(tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    done = run_module_cli("train", "reranker", "--data-dir", str(tmp_path / "data"), "--dataset", str(_beir(tmp_path / "beir")),
                          "--out", str(blocker / "model"))
    assert done.returncode != 0 and "writable --out" in done.stderr and len(done.stderr.strip().splitlines()) == 1
    assert "training" not in done.stderr and blocker.read_text() == "not a folder"


def _papers_file(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    papers = [{"id": f"p{i}", "title": f"Method {i} for topic{i} learning",
               "abstract": f"We study topic{i} in depth. Our method {i} improves topic{i} results. "
                           f"Experiments on topic{i} benchmarks confirm it. Code for topic{i} is released."} for i in range(6)]
    papers.append({"id": "short", "title": "Too short to pair", "abstract": "One sentence. Two sentences."})
    path = folder / "papers.jsonl"
    path.write_text("".join(json.dumps(p) + "\n" for p in papers))
    return path


def test_corpus_groups_pair_titles_and_sentences_with_chunk_sized_passages_of_their_own_paper(tmp_path):
    from rag.corpus import read_corpus
    from rag.training_queries import corpus_groups

    papers = read_corpus([_papers_file(tmp_path)])
    titles = corpus_groups(papers, ["title"], negatives=0, rng=random.Random(0))
    assert [g.query for g in titles] == [f"Method {i} for topic{i} learning" for i in range(6)]
    for i, group in enumerate(titles):  # two sentences of its own abstract, no title, no negatives
        assert len(group.passages) == 1 and group.passages[0].count(f"topic{i}") == 2 and "Method" not in group.passages[0]
    ict = corpus_groups(papers, ["ict"], negatives=2, rng=random.Random(0))
    assert len(ict) == 6
    for i, group in enumerate(ict):
        own, *hard = group.passages
        assert own.startswith(f"Method {i} for topic{i} learning\n") and group.query not in own
        assert len(hard) == 2 and all(not h.startswith(f"Method {i} ") for h in hard)
    with pytest.raises(RagError, match="three sentences"):
        corpus_groups(papers[-1:], ["title", "ict"], negatives=0, rng=random.Random(0))


def test_train_embedder_from_papers_alone_saves_a_model(tmp_path):
    out = tmp_path / "embedder"
    done = run_module_cli("train", "embedder", "--data-dir", str(tmp_path / "data"), "--corpus", str(_papers_file(tmp_path / "papers")),
                          "--pairs", "title", "ict", "--negatives", "0", "--batch-size", "4", "--lr", "1e-5",
                          "--minutes", "2", "--out", str(out), "--json")
    assert done.returncode == 0, done.stderr
    card = json.loads(done.stdout)
    assert card["groups"] == 12 and card["steps"] == 6 and card["negatives"] == 0 and card["lr"] == 1e-5
    assert card["batch_size"] == 4 and (out / "config.json").is_file()


def test_train_embedder_with_nothing_to_learn_from_is_a_one_line_error(tmp_path):
    done = run_module_cli("train", "embedder", "--data-dir", str(tmp_path))
    assert done.returncode != 0 and "--corpus" in done.stderr and len(done.stderr.strip().splitlines()) == 1
