"""The 100k-chunk benchmark: ingest throughput, search latency, memory, re-ingest and a server under load.

    nice -n 5 .venv/bin/python bench/scale.py --data-dir /work/data/scale/bench throughput [--papers 1000] [--rounds 3]
    nice -n 5 .venv/bin/python bench/scale.py --data-dir DIR build [--chunks 100000] [--import-vectors EVAL_DATA_DIR]
    nice -n 5 .venv/bin/python bench/scale.py --data-dir DIR measure [--queries 200]

throughput: raw SentenceTransformer.encode at fp32 and bf16, and a full ingest at bf16 (embedded and
server store), of the first N ICML 2024 papers, in one process; with --rounds R the bf16 encode and the
ingests are repeated R times (fp32 once), each ingest's overhead taken against its own round's encode,
and medians reported.

build: a store of at least --chunks chunks. The real part is every paper of SciFact (5,183), ICML 2024
(2,634) and the paperlists files (~5,100) in ../shared/data, embedded for real at bf16 (vectors cached
under DIR/vectors.npz; --import-vectors takes the vectors of an existing data dir, e.g. the SciFact
eval collection, where the chunk text matches). The SYNTHETIC remainder: papers titled
"Synthetic paper N" whose abstract is 6-16 real sentences drawn at random (seeded) from different
real papers; the vector of each of their chunks is NOT computed by the model but derived: the
normalised mean of the first-chunk vectors of the papers its sentences came from, plus Gaussian
noise (sigma 0.01 per dimension), renormalised. Everything is written by the product's own
`rag.ingest.ingest` (streamed reading, chunking, Chroma batches, BM25 update); only the embedder is
replaced, by `CachedEmbedder`, which serves vectors from that cache. The server store is a copy of
the embedded one served by `chroma run`.

measure: in fresh processes, for the embedded store and the server: cold open (first query after
start), hybrid search p50/p95 warm (SciFact's test queries, embedding.threads 1), peak RSS of the
query process; re-ingest after 100 abstracts
changed (real bf16 embedding) against the time to embed those 100; then 16 concurrent searchers
against the server while an ingest writes 1,000 more synthetic papers to it. Prints tables.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib
import json
import random
import resource
import shutil
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from statistics import median
from typing import Any, Callable

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.common import REPO_ROOT, SHARED_DATA, machine, percentile, print_table  # noqa: E402
from rag.corpus import Paper, iter_corpus, read_file  # noqa: E402
from rag.embeddings import SentenceTransformerEmbedding, build_embedding  # noqa: E402
from rag.ingest import embedding_text, ingest, plan_chunks  # noqa: E402
from rag.settings import Settings, load_settings  # noqa: E402
from rag.store import WRITE_BATCH, ChunkStore, drop_collection, open_store  # noqa: E402
from rag.text import split_sentences  # noqa: E402

ICML = SHARED_DATA / "icml2024_abstracts" / "ICML 2024 Events.json"
SCIFACT = SHARED_DATA / "beir_scifact" / "corpus.jsonl"
PAPERLISTS = SHARED_DATA / "paperlists_papercopilot"
QUERIES = SHARED_DATA / "beir_scifact" / "queries.jsonl"
COLLECTION = "scale"
SEED = 1234
NOISE = 0.01
QUERY_THREADS = 1  # embedding.threads of the query processes (one short text per query; see default.yaml)


# -- settings, vectors ------------------------------------------------------------------------------
def settings_for(data_dir: Path, port: int | None = None, precision: str = "bf16", threads: int = 0) -> Settings:
    """Default settings over `data_dir` (collection 'scale'), embedded or a server on `port`."""
    overrides: dict[str, Any] = {"data_dir": str(data_dir), "store.collection": COLLECTION, "embedding.precision": precision,
                                 "embedding.threads": threads}
    if port:
        overrides.update({"store.mode": "http", "store.port": port})
    return load_settings(overrides=overrides, environ={})


def key(text: str) -> str:
    return hashlib.sha1(text.encode()).hexdigest()[:20]


class VectorCache:
    """Vectors by hash of the embedded text, saved as DIR/vectors.npz."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.vectors: dict[str, np.ndarray] = {}
        if path.exists():
            with np.load(path) as data:
                self.vectors = dict(zip(data["keys"].tolist(), data["vectors"]))

    def save(self) -> None:
        keys = list(self.vectors)
        tmp = self.path.with_suffix(".tmp.npz")
        np.savez(tmp, keys=np.array(keys), vectors=np.stack([self.vectors[k] for k in keys]).astype(np.float32))
        tmp.rename(self.path)


class CachedEmbedder(SentenceTransformerEmbedding):
    """BENCH ONLY: the real embedder, except that `encode_array` serves vectors from a VectorCache
    (and embeds, for real, any text not in it). Lets synthetic chunks carry derived vectors."""

    def __init__(self, real: SentenceTransformerEmbedding, cache: VectorCache) -> None:
        super().__init__(real._model, model_name=real.model_name, batch_size=real.embed_batch_size, precision=real.precision)
        self._cache = cache

    def encode_array(self, texts: list[str], show_progress: bool = False) -> np.ndarray:
        keys = [key(t) for t in texts]
        missing = [t for t, k in zip(texts, keys) if k not in self._cache.vectors]
        if missing:
            for text, vector in zip(missing, super().encode_array(missing)):
                self._cache.vectors[key(text)] = vector
        return np.stack([self._cache.vectors[k] for k in keys]) if texts else np.zeros((0, self.dimension), np.float32)


def opener(settings: Settings, embedder: SentenceTransformerEmbedding):
    def open_(reset: bool):
        if reset:
            drop_collection(settings)
        return open_store(settings, embedder.model_name, embedder.dimension)
    return open_


def rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def load_line() -> str:
    return "load " + Path("/proc/loadavg").read_text().split()[0]


# -- chroma server ---------------------------------------------------------------------------------
class ChromaServer:
    """`chroma run --path PATH --port N` for the duration of a `with` block."""

    def __init__(self, path: Path) -> None:
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            self.path, self.port = path, sock.getsockname()[1]

    def __enter__(self) -> "ChromaServer":
        chroma = str(Path(sys.executable).with_name("chroma"))
        self.process = subprocess.Popen([chroma, "run", "--path", str(self.path), "--host", "127.0.0.1", "--port", str(self.port)],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and self.process.poll() is None:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                return self
            except OSError:
                time.sleep(0.3)
        raise SystemExit(f"chroma run did not start on port {self.port}")

    def __exit__(self, *exc: Any) -> None:
        self.process.terminate()
        self.process.wait(timeout=60)


# -- throughput --------------------------------------------------------------------------------------
def throughput(args: argparse.Namespace) -> None:
    papers = read_file(ICML)[: args.papers]
    sample = args.data_dir / "sample" / "icml2024_sample.json"
    sample.parent.mkdir(parents=True, exist_ok=True)
    sample.write_text(json.dumps([{"id": p.paper_id, "title": p.title, "abstract": p.text} for p in papers]))
    fp32 = build_embedding(settings_for(args.data_dir, precision="fp32").embedding)
    bf16 = build_embedding(settings_for(args.data_dir, precision="bf16").embedding)
    texts = [embedding_text(p.title, c.text) for p, c in plan_chunks(papers, bf16, settings_for(args.data_dir))]
    fp32.encode_array(texts[:64]), bf16.encode_array(texts[:64])  # warm both
    for module in ("chromadb",):  # one-off imports, like the model load,
        importlib.import_module(module)                             # are not part of either timing

    cache = VectorCache(args.data_dir / "vectors.npz")
    timed: dict[str, list[float]] = {}  # step -> seconds, one per round
    overheads: dict[str, list[float]] = {}  # ingest step -> its overhead over the same round's bf16 raw encode
    if not args.quick:
        timed["raw encode fp32"] = [_timed("raw encode fp32", lambda: fp32.encode_array(texts))]
    for round_number in range(args.rounds):
        if args.rounds > 1:
            print(f"round {round_number + 1} of {args.rounds}", file=sys.stderr, flush=True)
        vectors: list[np.ndarray] = []
        raw = _timed("raw encode bf16", lambda: vectors.append(bf16.encode_array(texts)))
        timed.setdefault("raw encode bf16", []).append(raw)
        if round_number == 0:
            cache.vectors.update((key(text), vector) for text, vector in zip(texts, vectors[0]))  # bf16: reused by build
            cache.save()
            timed["vector index only (embedded)"] = [index_only(vectors[0], args.data_dir / "index-only")]
        for mode in ("embedded",) if args.quick else ("embedded", "server"):
            name = f"ingest bf16 ({mode})"
            timed.setdefault(name, []).append(_ingest_fresh(args.data_dir / f"throughput-{mode}-{round_number + 1}", mode, sample, bf16))
            print(f"{name}: {timed[name][-1]:.1f} s ({load_line()})", file=sys.stderr, flush=True)
            overheads.setdefault(name, []).append(timed[name][-1] / raw - 1)
    same = median(timed["raw encode bf16"])
    base = median(timed.get("raw encode fp32", timed["raw encode bf16"]))
    print(f"\n{len(papers)} ICML 2024 papers, {len(texts)} chunks; {args.rounds} round(s), medians; {machine()}; {load_line()}\n")
    rows = []
    for name, runs in timed.items():
        seconds = median(runs)
        overhead = ("" if name.startswith("raw") else f"{seconds / same * 100:.0f}% of it" if name.startswith("vector index")
                    else " / ".join(f"{o * 100:+.0f}%" for o in overheads[name]) + (f" (median {median(overheads[name]) * 100:+.0f}%)" if len(runs) > 1 else ""))
        rows.append([name, seconds, len(papers) / seconds, f"{base / seconds:.2f}x", overhead])
    print_table(["step", "seconds", "papers/s", "speed vs fp32 raw", "overhead vs bf16 raw (each round)"], rows)


def _timed(name: str, work: Callable[[], Any]) -> float:
    """Seconds `work` takes, reported on stderr with the load."""
    start = time.perf_counter()
    work()
    seconds = time.perf_counter() - start
    print(f"{name}: {seconds:.1f} s ({load_line()})", file=sys.stderr, flush=True)
    return seconds


def _ingest_fresh(data: Path, mode: str, sample: Path, embedder: SentenceTransformerEmbedding) -> float:
    """Seconds to ingest `sample` into a fresh store under `data` (a folder this process has not opened:
    Chroma keeps one client per path): embedded, or a `chroma run` server (started before the clock starts)."""
    shutil.rmtree(data, ignore_errors=True)
    with ChromaServer(data / "chroma-server") if mode == "server" else _nothing() as server:
        settings = settings_for(data, port=server.port if server else None)
        start = time.perf_counter()
        ingest(settings, opener(settings, embedder), embedder, [sample], progress=False)
        return time.perf_counter() - start


def index_only(vectors: np.ndarray, folder: Path) -> float:
    """Seconds to write `vectors` alone (ids, no text or metadata) into a fresh embedded Chroma collection
    in batches as ingest writes: the floor that Chroma's vector index sets under any ingest."""
    import chromadb

    shutil.rmtree(folder, ignore_errors=True)
    collection = chromadb.PersistentClient(path=str(folder)).create_collection("index-only", metadata={"hnsw:space": "cosine"})
    start = time.perf_counter()
    for first in range(0, len(vectors), WRITE_BATCH):
        last = min(first + WRITE_BATCH, len(vectors))
        collection.add(ids=[str(i) for i in range(first, last)], embeddings=vectors[first:last])
    return time.perf_counter() - start


class _nothing:
    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: Any) -> None:
        return None


# -- build -------------------------------------------------------------------------------------------
SOURCES = {"scifact": [SCIFACT], "icml": [ICML], "paperlists": sorted(PAPERLISTS.glob("*.json")),
           "seeds": sorted((REPO_ROOT / "seeds").glob("*.txt"))}  # seeds: a smoke test of the script only


def real_paths(sources: str) -> list[Path]:
    return [path for name in sources.split(",") for path in SOURCES[name]]


def build(args: argparse.Namespace) -> None:
    corpus = args.data_dir / "corpus"
    corpus.mkdir(parents=True, exist_ok=True)
    for path in real_paths(args.sources):  # copies, so that `measure` can change abstracts without touching shared data
        if not (corpus / path.name).exists():
            shutil.copy(path, corpus / path.name)
    settings = settings_for(args.data_dir / "embedded")
    real = build_embedding(settings.embedding)
    cache = VectorCache(args.data_dir / "vectors.npz")
    if args.import_vectors:
        imported = import_vectors(args.import_vectors, cache)
        print(f"imported {imported} vectors from {args.import_vectors}", file=sys.stderr)
    papers = list(iter_corpus([corpus / p.name for p in real_paths(args.sources)]))
    planned = plan_chunks(papers, real, settings)
    print(f"real part: {len(papers)} papers, {len(planned)} chunks", file=sys.stderr, flush=True)
    texts = [embedding_text(p.title, c.text) for p, c in planned]
    missing = [t for t in texts if key(t) not in cache.vectors]
    print(f"embedding {len(missing)} real chunks not cached yet (bf16)", file=sys.stderr, flush=True)
    for start in range(0, len(missing), 1024):
        step = missing[start:start + 1024]
        for text, vector in zip(step, real.encode_array(step)):
            cache.vectors[key(text)] = vector
        cache.save()
        print(f"  {start + len(step)}/{len(missing)} ({load_line()})", file=sys.stderr, flush=True)
    first_vector = {}
    for paper, chunk in planned:
        if chunk.index == 0:
            first_vector[paper.paper_id] = cache.vectors[key(embedding_text(paper.title, chunk.text))]
    needed = max(0, args.chunks - len(planned))
    synthetic, extra = make_synthetic(papers, first_vector, real, settings, cache, needed)
    cache.save()
    write_records(corpus / "synthetic.jsonl", synthetic)
    write_records(args.data_dir / "extra" / "synthetic_extra.jsonl", extra)
    embedder = CachedEmbedder(real, cache)
    start = time.perf_counter()
    report = ingest(settings, opener(settings, embedder), embedder, [corpus], progress=True)
    seconds = time.perf_counter() - start
    print(f"built the embedded store: {report.papers} papers, {report.chunks} chunks in {seconds:.0f} s", file=sys.stderr)
    server = args.data_dir / "server"
    shutil.rmtree(server, ignore_errors=True)
    shutil.copytree(args.data_dir / "embedded" / "chroma", server / "chroma-server")
    shutil.copytree(args.data_dir / "embedded" / "bm25", server / "bm25")
    summary = {"papers": report.papers, "chunks": report.chunks, "real_papers": len(papers), "real_chunks": len(planned),
               "synthetic_papers": len(synthetic), "build_seconds": seconds, "disk": disk_sizes(args.data_dir / "embedded")}
    (args.data_dir / "build.json").write_text(json.dumps(summary, indent=1))
    print(json.dumps(summary, indent=1))


def import_vectors(data_dir: Path, cache: VectorCache) -> int:
    """Vectors of every collection of an embedded data dir, keyed by title + chunk text (each chunk
    read whole through rag.store, which completes chunks stored without their text)."""
    import chromadb

    client = chromadb.PersistentClient(path=str(data_dir / "chroma"))
    count = 0
    for collection in client.list_collections():
        collection = client.get_collection(collection.name if hasattr(collection, "name") else collection)
        store = ChunkStore(client, collection, settings_for(data_dir))
        ids: list[str] = []
        while page := collection.get(include=[], limit=WRITE_BATCH * 2, offset=len(ids))["ids"]:
            ids.extend(page)
        for chunk, vector in store.vectors(ids):
            cache.vectors[key(embedding_text(str(chunk.metadata.get("title") or ""), chunk.text))] = vector
            count += 1
    return count


def make_synthetic(papers: list[Paper], first_vector: dict[str, np.ndarray], embedder: SentenceTransformerEmbedding,
                   settings: Settings, cache: VectorCache, needed: int) -> tuple[list[dict], list[dict]]:
    """Synthetic papers of real sentences until `needed` chunks, plus 1,000 more for the load test."""
    rng = random.Random(SEED)
    noise = np.random.default_rng(SEED)
    pool = [(p.paper_id, p.text[a:b]) for p in papers for a, b in split_sentences(p.text)]
    made: list[dict] = []
    extra: list[dict] = []
    chunks = 0
    number = 0
    while chunks < needed or len(extra) < 1000:
        batch = []
        for _ in range(256):
            picks = [pool[rng.randrange(len(pool))] for _ in range(rng.randint(6, 16))]
            number += 1
            batch.append((Paper(f"synthetic-{number}", f"Synthetic paper {number}", " ".join(s for _, s in picks), "synthetic.jsonl"),
                          [pid for pid, _ in picks]))
        planned = plan_chunks([p for p, _ in batch], embedder, settings)
        sources = {p.paper_id: ids for p, ids in batch}
        for paper, chunk in planned:
            mean = np.mean([first_vector[pid] for pid in sources[paper.paper_id]], axis=0)
            vector = mean / np.linalg.norm(mean) + noise.normal(0, NOISE, mean.shape)
            cache.vectors[key(embedding_text(paper.title, chunk.text))] = (vector / np.linalg.norm(vector)).astype(np.float32)
        for paper, _ in batch:
            record = {"id": paper.paper_id, "title": paper.title, "abstract": paper.text}
            if chunks < needed:
                made.append(record)
            else:
                extra.append(record)
        chunks += len(planned) if chunks < needed else 0
    return made, extra[:1000]


def write_records(path: Path, records: list[dict]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(r) + "\n" for r in records))


def disk_sizes(data_dir: Path) -> dict[str, int]:
    def size(folder: Path) -> int:
        return sum(f.stat().st_size for f in folder.rglob("*") if f.is_file())
    return {"chroma_bytes": size(data_dir / "chroma"), "bm25_bytes": size(data_dir / "bm25")}


# -- measure -----------------------------------------------------------------------------------------
def queries(limit: int) -> list[str]:
    rows = [json.loads(line) for line in QUERIES.read_text().splitlines() if line.strip()]
    return [row["text"] for row in rows][:limit]


def child_query(args: argparse.Namespace) -> None:
    """One fresh query process: cold first query, then warm p50/p95, and its peak RSS (JSON on stdout)."""
    from rag.service import RagService

    start = time.perf_counter()
    service = RagService(settings_for(args.data_dir, port=args.port, threads=QUERY_THREADS))
    asked = queries(args.queries)
    service.search(asked[0], mode="hybrid")
    cold = time.perf_counter() - start
    latencies = []
    for query in asked[1:]:
        start = time.perf_counter()
        service.search(query, mode="hybrid")
        latencies.append((time.perf_counter() - start) * 1000)
    print(json.dumps({"cold_s": cold, "p50_ms": percentile(latencies, 50), "p95_ms": percentile(latencies, 95),
                      "n": len(latencies), "rss_mb": rss_mb(), "chunks": len(service.retriever.bm25.chunk_ids)}))


def child_reingest(args: argparse.Namespace) -> None:
    """Change 100 abstracts of the ICML copy, re-ingest the given paths for real (bf16), and time the
    raw embedding of those 100 papers' chunks in the same warm process (JSON on stdout).

    The process is warmed as a serving one is: the encoder has embedded 200 other papers' chunks
    (so the kernels for every padded length are compiled) and, unless `--cold-store`, the store has
    answered a search. The raw embedding is timed before and after the ingest; the ratio uses the
    faster of the two, the stricter choice.
    """
    from rag.service import RagService

    settings = settings_for(args.data_dir, port=args.port)
    service = RagService(settings)
    embedder = service.embedder
    path = Path(args.changed)
    records = json.loads(path.read_text())
    kept = [r for r in records if str(r.get("type", "")).lower() in {"poster", "oral", "spotlight", "paper"} and r.get("abstract")]
    others = [p for p in read_file(path) if "Revised " not in p.text][-200:]
    embedder.encode_array([embedding_text(p.title, c.text) for p, c in plan_chunks(others, embedder, settings)])
    if not args.cold_store:
        service.search("warm up the store", mode="hybrid")
    for record in kept[args.offset:args.offset + 100]:
        record["abstract"] = EDITS[args.edit](record["abstract"], args.tag)
    path.write_text(json.dumps(records))
    changed = [p for p in read_file(path) if f"Revised {args.tag}:" in p.text]
    texts = [embedding_text(p.title, c.text) for p, c in plan_chunks(changed, embedder, settings)]
    embed_times = [timed(lambda: embedder.encode_array(texts))]
    start = time.perf_counter()
    report = service.ingest(args.paths, progress=False)
    seconds = time.perf_counter() - start
    embed_times.append(timed(lambda: embedder.encode_array(texts)))
    print(json.dumps({"ingest_s": seconds, "embed_100_s": min(embed_times), "embed_before_after_s": embed_times,
                      "updated": report.updated, "chunks": len(texts), "total_chunks": report.chunks,
                      "edit": args.edit, "vectors_reused": report.vectors_reused,
                      "warm_store": not args.cold_store, "rss_mb": rss_mb()}))


# How child-reingest changes an abstract; every edit leaves the mark "Revised TAG:" to find the papers by.
EDITS: dict[str, Callable[[str, str], str]] = {
    "append": lambda text, tag: text + f" Revised {tag}: we add an ablation on synthetic data.",
    "every-chunk": lambda text, tag: f"Revised {tag}: " + text.replace(". ", ". In short, "),
}


def timed(work: Callable[[], object]) -> float:
    """Seconds `work()` takes."""
    start = time.perf_counter()
    work()
    return time.perf_counter() - start


def child_write(args: argparse.Namespace) -> None:
    """The writer of the load test: ingest the extra synthetic papers (cached vectors) into the server."""
    settings = settings_for(args.data_dir, port=args.port)
    embedder = CachedEmbedder(build_embedding(settings.embedding), VectorCache(Path(args.cache)))
    start = time.perf_counter()
    report = ingest(settings, opener(settings, embedder), embedder, [Path(args.extra)], progress=False)
    print(json.dumps({"write_s": time.perf_counter() - start, "added": report.added, "chunks": report.chunks, "rss_mb": rss_mb()}))


def run_child(*argv: str) -> dict:
    done = subprocess.run([sys.executable, __file__, *argv], capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"child {argv} failed:\n{done.stderr[-3000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def measure(args: argparse.Namespace) -> None:
    root = args.data_dir
    build_info = json.loads((root / "build.json").read_text())
    saved = root / "measure.json"
    results: dict[str, dict] = json.loads(saved.read_text()) if saved.exists() and args.modes != "embedded,server" else {}
    for mode in args.modes.split(","):
        data = root / ("embedded" if mode == "embedded" else "server")
        corpus = root / f"corpus-{mode}"  # each store's own copy, so each sees only its own changes
        if not corpus.exists():
            shutil.copytree(root / "corpus", corpus)
        corpus_icml = corpus / ICML.name
        with ChromaServer(data / "chroma-server") if mode == "server" else _nothing() as server:
            port = [] if server is None else ["--port", str(server.port)]
            results[f"query {mode}"] = run_child("--data-dir", str(data), "child-query", "--queries", str(args.queries), *port)
            print(f"query {mode}: {results[f'query {mode}']} ({load_line()})", file=sys.stderr, flush=True)
            if server is not None:
                results["load"] = load_test(data, server.port, root, args.queries)
                print(f"load: {results['load']} ({load_line()})", file=sys.stderr, flush=True)
            (root / "measure.json").write_text(json.dumps(results, indent=1))
            for scope, paths, edit, offset in (("ICML file", [str(corpus_icml)], "append", 0),
                                               ("ICML file every-chunk", [str(corpus_icml)], "every-chunk", 200),
                                               ("whole corpus", [str(corpus)], "append", 100)):
                key = f"reingest {mode} {scope}"
                results[key] = run_child(
                    "--data-dir", str(data), "child-reingest", "--changed", str(corpus_icml), "--offset", str(offset),
                    "--tag", f"{mode}-{scope.replace(' ', '-')}", "--edit", edit, *port, "--paths", *paths)
                print(f"{key}: {results[key]} ({load_line()})", file=sys.stderr, flush=True)
                (root / "measure.json").write_text(json.dumps(results, indent=1))
    report_tables(build_info, results)


def load_test(data: Path, port: int, root: Path, n_queries: int) -> dict:
    """16 searcher threads against the server while a child process ingests 1,000 synthetic papers."""
    from rag.service import RagService

    service = RagService(settings_for(data, port=port, threads=QUERY_THREADS))
    asked = queries(n_queries)
    service.search(asked[0])
    before = service.stats()
    writer = subprocess.Popen([sys.executable, __file__, "--data-dir", str(data), "child-write", "--port", str(port),
                               "--cache", str(root / "vectors.npz"), "--extra", str(root / "extra" / "synthetic_extra.jsonl")],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    latencies: list[float] = []
    errors: list[str] = []
    duplicates = 0
    lock = threading.Lock()

    def searcher(worker: int) -> None:
        nonlocal duplicates
        i = worker
        while writer.poll() is None or i < worker + 16:
            query = asked[i % len(asked)]
            start = time.perf_counter()
            try:
                hits = service.search(query)
            except Exception as exc:  # counted, the test goes on
                with lock:
                    errors.append(f"{type(exc).__name__}: {exc}"[:200])
            else:
                with lock:
                    latencies.append((time.perf_counter() - start) * 1000)
                    duplicates += len(hits) - len({h.paper_id for h in hits})
            i += 16

    threads = [threading.Thread(target=searcher, args=(w,)) for w in range(16)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    out, err = writer.communicate()
    if writer.returncode != 0:
        raise SystemExit(f"writer failed:\n{err[-3000:]}")
    written = json.loads(out.strip().splitlines()[-1])
    after = RagService(settings_for(data, port=port))
    inventory = after.store.inventory()
    stored_once = after.store.count() == sum(len(v.chunk_ids) for v in inventory.papers.values())
    return {"searches": len(latencies), "errors": len(errors), "error_samples": errors[:3], "duplicate_hits": duplicates,
            "p50_ms": percentile(latencies, 50), "p95_ms": percentile(latencies, 95), "writer": written,
            "papers_before": before["papers"], "papers_after": after.stats()["papers"],
            "leftovers": len(inventory.leftovers), "every_chunk_current_once": stored_once}


def report_tables(build_info: dict, results: dict) -> None:
    print(f"\nstore: {build_info['chunks']:,} chunks of {build_info['papers']:,} papers "
          f"({build_info['real_chunks']:,} real chunks of {build_info['real_papers']:,} real papers, "
          f"{build_info['synthetic_papers']:,} synthetic papers); {machine()}; {load_line()}\n")
    rows = []
    for mode in ("embedded", "server"):
        q = results[f"query {mode}"]
        rows.append([mode, q["cold_s"], q["p50_ms"], q["p95_ms"], q["n"], q["rss_mb"]])
    print_table(["store", "cold open + first query (s)", "hybrid p50 (ms)", "hybrid p95 (ms)", "queries", "query process peak RSS (MB)"], rows)
    print()
    rows = []
    for name, r in results.items():
        if name.startswith("reingest"):
            rows.append([name.removeprefix("reingest "), r["updated"], r["chunks"], r.get("vectors_reused", 0), r["ingest_s"],
                         r["embed_100_s"], f"{r['ingest_s'] / r['embed_100_s']:.2f}x", r["rss_mb"]])
    print_table(["re-ingest (100 abstracts changed)", "updated", "their chunks", "vectors kept", "ingest (s)",
                 "embed all their chunks alone (s)", "ratio", "ingest peak RSS (MB)"], rows)
    if "load" in results:
        load = results["load"]
        print()
        print_table(["16 searchers vs server during an ingest", "searches", "errors", "duplicate hits", "p50 (ms)", "p95 (ms)",
                     "papers before -> after", "leftovers"],
                    [["", load["searches"], load["errors"], load["duplicate_hits"], load["p50_ms"], load["p95_ms"],
                      f"{load['papers_before']} -> {load['papers_after']}", load["leftovers"]]])
    disk = build_info["disk"]
    print(f"\non disk: Chroma {disk['chroma_bytes'] / 1e6:.0f} MB, BM25 {disk['bm25_bytes'] / 1e6:.0f} MB "
          f"for {build_info['chunks']:,} chunks; build (cached vectors) {build_info['build_seconds']:.0f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data-dir", type=Path, required=True)
    commands = parser.add_subparsers(dest="command", required=True)
    t = commands.add_parser("throughput")
    t.add_argument("--papers", type=int, default=1000)
    t.add_argument("--quick", action="store_true", help="only bf16 raw encode against an embedded ingest")
    t.add_argument("--rounds", type=int, default=1, choices=range(1, 11), metavar="1-10",
                   help="repeat the bf16 raw encode and the ingests, report medians")
    b = commands.add_parser("build")
    b.add_argument("--chunks", type=int, default=100_000)
    b.add_argument("--import-vectors", type=Path)
    b.add_argument("--sources", default="scifact,icml,paperlists", help="real corpora, comma-separated: " + ",".join(SOURCES))
    m = commands.add_parser("measure")
    m.add_argument("--queries", type=int, default=200)
    m.add_argument("--modes", default="embedded,server", help="stores to measure now (others: from DIR/measure.json)")
    q = commands.add_parser("child-query")
    q.add_argument("--queries", type=int, default=200)
    q.add_argument("--port", type=int)
    r = commands.add_parser("child-reingest")
    r.add_argument("--changed", required=True)
    r.add_argument("--offset", type=int, default=0)
    r.add_argument("--tag", required=True)
    r.add_argument("--port", type=int)
    r.add_argument("--paths", nargs="+", required=True)
    r.add_argument("--edit", choices=sorted(EDITS), default="append",
                   help="append: one sentence added at the end (the earlier chunks keep their text and vectors); "
                        "every-chunk: every sentence edited, so no chunk keeps its text")
    r.add_argument("--cold-store", action="store_true", help="do not search before the ingest (a fresh CLI process)")
    w = commands.add_parser("child-write")
    w.add_argument("--port", type=int, required=True)
    w.add_argument("--cache", required=True)
    w.add_argument("--extra", required=True)
    args = parser.parse_args()
    args.data_dir = args.data_dir.resolve()
    args.data_dir.mkdir(parents=True, exist_ok=True)
    {"throughput": throughput, "build": build, "measure": measure, "child-query": child_query,
     "child-reingest": child_reingest, "child-write": child_write}[args.command](args)


if __name__ == "__main__":
    main()
