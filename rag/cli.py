"""The `rag` command line: a thin adapter over `rag.service.RagService`. Output contracts are in README.md.

Every failure the user can fix prints one line, `error: ...`, and exits 1; no tracebacks. Commands
that live in other packages (`rag serve`, from ui/) are plugged in through the
`paper_rag.commands` entry-point group, so this module never imports them.
"""

from __future__ import annotations

import argparse
import json
import sys
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any, Callable

import yaml

from rag.errors import RagError
from rag.service import RagService
from rag.settings import config_dirs, load_settings
from rag.text import first_line
from rag.training_queries import PAIR_KINDS

COMMAND_PLUGINS = "paper_rag.commands"


def main(argv: list[str] | None = None) -> int:
    """Run the CLI with `argv` (default: sys.argv[1:]); returns the process exit code."""
    parser = _parser()
    args = parser.parse_args(argv)
    if not getattr(args, "handler", None):
        parser.print_help()
        return 2
    try:
        overrides = {"data_dir": args.data_dir}
        settings = load_settings(profile=args.profile, overrides=overrides)
        return args.handler(args, RagService(settings, overrides))
    except RagError as exc:
        if args.debug:
            raise
        print(f"error: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("interrupted; nothing was written for the unfinished step", file=sys.stderr)
        return 130
    except Exception as exc:  # a bug, not bad input: one line unless --debug asks for the traceback
        if args.debug:
            raise
        print(f"error: {internal_error(exc)}; rerun with --debug for the traceback", file=sys.stderr)
        return 1


def internal_error(exc: BaseException) -> str:
    """One line for an unexpected exception: `internal error (TypeName): first line of its message`."""
    return f"internal error ({type(exc).__name__}): {first_line(exc)}"


def _parser() -> argparse.ArgumentParser:
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--profile", help="config profile from config/ (default: RAG_PROFILE or 'default')")
    common.add_argument("--data-dir", help="where the embedded store and indexes live (default: RAG_DATA_DIR or data/)")
    common.add_argument("--json", action="store_true", help="print machine-readable JSON")
    common.add_argument("--debug", action="store_true", help="on failure, print the full traceback instead of one line")

    parser = argparse.ArgumentParser(prog="rag", description="Cited search over ML paper abstracts.")
    commands = parser.add_subparsers(title="commands", metavar="COMMAND")

    ingest = commands.add_parser("ingest", parents=[common], help="read corpus files into the store")
    ingest.add_argument("paths", nargs="*", metavar="PATH", help="files or folders (default: corpus.default_paths, i.e. seeds/)")
    ingest.add_argument("--prune", action="store_true", help="remove stored papers that are no longer in PATHs")
    ingest.add_argument("--reindex", action="store_true", help="drop the collection and embed everything again")
    ingest.add_argument("--no-wait", action="store_true", help="fail at once if another ingest is writing to this store, instead of waiting")
    ingest.set_defaults(handler=_ingest)

    search = commands.add_parser("search", parents=[common], help="find the papers that match a query")
    search.add_argument("query", help="natural-language query")
    search.add_argument("-k", "--top-k", type=int, help="number of papers (default: retrieval.top_k)")
    search.add_argument("--mode", choices=["hybrid", "dense", "bm25"], help="retriever (default: retrieval.mode)")
    search.add_argument("--filter", action="append", metavar="KEY=VALUE", help="keep papers whose metadata matches, e.g. year=2024 (repeatable)")
    search.set_defaults(handler=_search)

    stats = commands.add_parser("stats", parents=[common], help="what the store holds")
    stats.set_defaults(handler=_stats)

    config = commands.add_parser("config", parents=[common], help="print the settings in force and where profiles are found")
    config.set_defaults(handler=_config)

    evaluate = commands.add_parser("eval", parents=[common], help="measure retrieval quality")
    kinds = evaluate.add_subparsers(title="what to evaluate", metavar="KIND")
    retrieval = kinds.add_parser("retrieval", parents=[common], help="BEIR-layout dataset: nDCG@10, recall, MRR")
    retrieval.add_argument("--dataset", help="folder with corpus.jsonl, queries.jsonl, qrels/<split>.tsv")
    retrieval.add_argument("--split", default="test", help="qrels split to score (default: test)")
    retrieval.add_argument("--corpus", nargs="+", metavar="PATH", help="corpus files/folders instead of the dataset's corpus.jsonl")
    retrieval.add_argument("--queries", help="queries JSONL (_id, text, optional multi) instead of the dataset's")
    retrieval.add_argument("--qrels", help="judgments TSV (query-id, corpus-id, score) instead of the dataset's")
    retrieval.add_argument("--rerank", metavar="PATH", help="also score hybrid re-ranked by this cross-encoder (default: retrieval.rerank_model)")
    retrieval.add_argument("--misses", action="store_true",
                           help="also list each judged paper hybrid ranks below its cut (1, or 10 for multi questions), with every retriever's rank of it")
    retrieval.set_defaults(handler=_eval_retrieval)
    answers = kinds.add_parser("answers", parents=[common], help="answer a JSONL QA set and score the answers")
    answers.add_argument("--qa", required=True, help="JSONL: id, question, gold_papers, answer_contains")
    answers.set_defaults(handler=_eval_answers)

    ask = commands.add_parser("ask", parents=[common], help="answer a question with cited, checked sources")
    ask.add_argument("question", help="natural-language question")
    ask.add_argument("-k", "--top-k", type=int, help="papers given to the model (default: answer.top_k)")
    ask.set_defaults(handler=_ask)

    train = commands.add_parser("train", parents=[common], help="train a model the tool uses")
    models = train.add_subparsers(title="what to train", metavar="MODEL")
    verifier = models.add_parser("verifier", parents=[common], help="the grounding cross-encoder (offline; SciFact train + corpus corruptions)")
    verifier.add_argument("--epochs", type=float, default=2.0, help="passes over the training examples (default: 2)")
    verifier.add_argument("--max-examples", type=int, help="train on at most this many examples (a quick run)")
    verifier.set_defaults(handler=_train_verifier)
    reranker = models.add_parser("reranker", parents=[common], help="the retrieval cross-encoder (offline, from judged train queries)")
    _training_arguments(reranker, "reranker", epochs=1.0, negatives=3)
    reranker.set_defaults(handler=_train_retrieval_model, model_kind="reranker")
    embedder = models.add_parser("embedder", parents=[common], help="the embedding model itself (offline; judged train queries and/or your own papers)")
    _training_arguments(embedder, "embedder", epochs=2.0, negatives=1, dataset_required=False)
    embedder.add_argument("--corpus", nargs="+", metavar="PATH", default=[],
                          help="paper files or folders to learn from without judgments (self-supervised pairs, see --pairs)")
    embedder.add_argument("--pairs", nargs="+", choices=PAIR_KINDS, default=list(PAIR_KINDS),
                          help="--corpus pairs: title -> two sentences of its abstract, and/or ict: one sentence -> "
                               "the title and the next two (default: both)")
    embedder.add_argument("--lr", type=float, default=3e-5, help="peak learning rate (default: %(default)s)")
    embedder.add_argument("--batch-size", type=int, default=16,
                          help="queries per step; each is also scored against the others' passages (default: %(default)s)")
    embedder.set_defaults(handler=_train_retrieval_model, model_kind="embedder")

    chat = commands.add_parser("chat", parents=[common], help="a terminal conversation with streamed, checked answers")
    chat.add_argument("-k", "--top-k", type=int, help="papers given to the model (default: answer.top_k)")
    chat.set_defaults(handler=_chat)

    # By name, so that one command seen through two installs (say, a venv over another) loads once.
    for plugin in {ep.name: ep for ep in entry_points(group=COMMAND_PLUGINS)}.values():
        plugin.load()(commands, common)
    return parser


def _ingest(args: argparse.Namespace, service: RagService) -> int:
    report = service.ingest(args.paths or None, prune=args.prune, reindex=args.reindex, progress=True,
                            wait=not args.no_wait)
    _emit(args, report.as_dict(), _format_ingest)
    return 0


def _search(args: argparse.Namespace, service: RagService) -> int:
    from rag.retrieval import parse_filters

    if args.top_k is not None and args.top_k < 1:
        raise RagError("-k must be at least 1")
    hits = service.search(args.query, top_k=args.top_k, filters=parse_filters(args.filter), mode=args.mode)
    _emit(args, {"query": args.query, "results": [h.as_dict() for h in hits]}, _format_search)
    return 0


def _stats(args: argparse.Namespace, service: RagService) -> int:
    _emit(args, service.stats(), _format_stats)
    return 0


def _config(args: argparse.Namespace, service: RagService) -> int:
    payload = {
        "profile": service.settings.profile,
        "profiles": service.profiles(),
        "config_dirs": [str(d) for d in config_dirs()],
        "settings": service.settings.model_dump(mode="json", exclude={"profile"}),
    }
    _emit(args, payload, _format_config)
    return 0


def _eval_retrieval(args: argparse.Namespace, service: RagService) -> int:
    from rag.evaluation import evaluate_retrieval

    result = evaluate_retrieval(
        service, args.dataset, split=args.split, corpus=args.corpus, queries=args.queries, qrels=args.qrels, rerank=args.rerank,
        with_misses=args.misses,
    )
    _emit(args, result, _format_eval)
    return 0


def _ask(args: argparse.Namespace, service: RagService) -> int:
    if args.top_k is not None and args.top_k < 1:
        raise RagError("-k must be at least 1")
    # In a terminal the answer streams where it is read, followed by only what the check changed
    # (rag.chat.changes); else the stream goes to stderr and stdout gets the checked answer alone.
    from rag.chat import changes

    live = not args.json and sys.stdout.isatty()
    stream = service.stream(args.question, top_k=args.top_k)
    raw = ""
    for piece in stream:
        raw += piece
        if not args.json:
            print(piece, end="", file=sys.stdout if live else sys.stderr, flush=True)
    answer = stream.answer
    if live:
        print()
        if answer.error is None and not answer.refused:
            print("\n".join(changes(raw, answer)))
        print(_format_answer(answer.as_dict(), with_text=not raw.strip()))
    else:
        if not args.json and not answer.refused and answer.error is None:
            print("\n", file=sys.stderr)
        _emit(args, answer.as_dict(), _format_answer)
    if answer.error:
        print(f"error: {answer.error}", file=sys.stderr)
        return 1
    return 0


def _chat(args: argparse.Namespace, service: RagService) -> int:
    from rag.chat import run_chat

    if args.top_k is not None and args.top_k < 1:
        raise RagError("-k must be at least 1")
    return run_chat(service, top_k=args.top_k)


def _training_arguments(parser: argparse.ArgumentParser, folder: str, epochs: float, negatives: int,
                        dataset_required: bool = True) -> None:
    parser.add_argument("--dataset", metavar="DIR", required=dataset_required,
                        help="a BEIR folder with judged train queries: corpus.jsonl, queries.jsonl, qrels/train.tsv")
    parser.add_argument("--out", metavar="DIR", help=f"where to save the model (default: <data_dir>/models/{folder})")
    parser.add_argument("--epochs", type=float, default=epochs, help=f"passes over the training queries (default: {epochs:g})")
    parser.add_argument("--minutes", type=float, default=30.0, help="stop after this many minutes (default: 30)")
    parser.add_argument("--max-groups", type=int, help="train on at most this many queries, drawn at random (a quick run)")
    parser.add_argument("--negatives", type=int, default=negatives,
                        help="hard negatives per query (default: %(default)s)")
    parser.add_argument("--hold-out", type=int, default=10,
                        help="keep every Nth dataset query out of training and save its judgments beside the model (0: none)")


def _training_groups(args: argparse.Namespace) -> tuple[list[Any], dict[str, set[str]]]:
    """The training queries of --dataset and/or --corpus, and the judgments of the dataset's held out."""
    import random

    from rag.corpus import iter_corpus
    from rag.training_queries import corpus_groups, dataset_groups

    corpus = getattr(args, "corpus", [])
    least = 0 if args.model_kind == "embedder" else 1  # the embedder also learns from the batch's other passages
    if args.negatives < least or args.epochs <= 0 or args.minutes <= 0 or (args.max_groups is not None and args.max_groups < 1) \
            or getattr(args, "batch_size", 2) < 2:
        raise RagError(f"--negatives must be at least {least}, --max-groups at least 1, --batch-size at least 2, "
                       "--epochs and --minutes above 0")
    if not args.dataset and not corpus:
        raise RagError("nothing to train on; give --dataset DIR (judged queries) and/or --corpus PATH... (paper files)")
    rng = random.Random(0)
    groups, held = dataset_groups(Path(args.dataset), args.negatives, rng, max(0, args.hold_out)) if args.dataset else ([], {})
    if corpus:
        groups += corpus_groups(iter_corpus(corpus), args.pairs, args.negatives, rng)
    if args.max_groups:
        groups = rng.sample(groups, min(args.max_groups, len(groups)))
    return groups, held


def _train_retrieval_model(args: argparse.Namespace, service: RagService) -> int:
    from rag import embedder_training, reranker_training

    if args.model_kind == "reranker":
        module, name, usage = reranker_training, "the re-ranker", (
            "turn it on with RAG_RETRIEVAL__RERANK_MODEL={folder} and "
            "RAG_RETRIEVAL__POSTPROCESSORS='[\"cross-encoder\"]' (or the same keys in a profile)")
        train = module.train_reranker
    else:
        module, name, usage = embedder_training, "the embedding model", (
            "use it with RAG_EMBEDDING__MODEL={folder} (or embedding.model in a profile), "
            "then `rag ingest --reindex` to re-embed the store")
        train = module.train_embedder
    folder = Path(args.out).expanduser() if args.out else module.model_dir(service.settings)
    try:  # before training, so that a bad --out does not cost a run
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise RagError(f"cannot create the model folder {folder} ({exc.strerror}); give a writable --out") from None
    groups, held = _training_groups(args)
    extra = {"lr": args.lr, "batch_size": args.batch_size} if args.model_kind == "embedder" else {}
    card = train(service.settings, groups, folder, held_out=held, epochs=args.epochs, minutes=args.minutes,
                 negatives=args.negatives, **extra)
    _emit(args, card, lambda c: (
        f"trained {name} on {c['groups']} queries ({c['epochs']} epochs, loss {c['loss']}) in {c['seconds']} s; "
        f"saved to {c['folder']}\n" + usage.format(folder=c["folder"])))
    return 0


def _train_verifier(args: argparse.Namespace, service: RagService) -> int:
    from rag.verifier_model import train_verifier

    report = train_verifier(service.settings, epochs=args.epochs, max_examples=args.max_examples)
    _emit(args, report.as_dict(), lambda r: (
        f"trained the verifier on {r['examples']} examples in {r['seconds']} s; saved to {r['folder']}\n"
        f"held out: {json.dumps(r['heldout'])}; best threshold there {r['threshold']}"))
    return 0


def _eval_answers(args: argparse.Namespace, service: RagService) -> int:
    from rag.answer_eval import evaluate_answers

    _emit(args, evaluate_answers(service, args.qa), _format_answer_eval)
    return 0


def _emit(args: argparse.Namespace, payload: dict[str, Any], formatter: Callable[[dict[str, Any]], str]) -> None:
    print(json.dumps(payload, ensure_ascii=False, indent=2) if args.json else formatter(payload))


def _format_ingest(report: dict[str, Any]) -> str:
    return (
        f"added {report['added']}, updated {report['updated']}, unchanged {report['unchanged']}, "
        f"removed {report['removed']}; the store now holds {report['papers']} papers in {report['chunks']} chunks"
    )


def _format_search(payload: dict[str, Any]) -> str:
    if not payload["results"]:
        return f"No relevant papers for: {payload['query']}"
    lines = []
    for hit in payload["results"]:
        lines.append(f"{hit['rank']:>2}. {hit['title']}  [{hit['paper_id']}]  score {hit['score']:.3f}  ({hit['source']})")
        snippet = hit["text"] if len(hit["text"]) <= 300 else hit["text"][:297] + "..."
        lines.append(f"    {snippet}")
    return "\n".join(lines)


def _format_answer(payload: dict[str, Any], with_text: bool = True) -> str:
    lines = [payload["answer"] or "(no answer)"] if with_text else []
    if payload["fallback"]:
        lines.append("(extractive fallback: no generated sentence passed the check; showing quoted sentences instead)")
    if payload["removed_sentences"]:
        lines.append(f"({len(payload['removed_sentences'])} unsupported sentence(s) removed"
                     + (", extractive answer shown)" if payload["fallback"] else ")"))
    for c in payload["citations"]:  # a "does not state" answer cites its paper without a quote
        lines.append(f"[{c['n']}] {c['title']}  [{c['paper_id']}]{'' if c['supported'] else '  (unsupported)'}")
        if c["quote"]:
            lines.append(f"    \u201c{c['quote']}\u201d  (chars {c['start']}-{c['end']})")
    if payload["error"]:
        lines.append("retrieved sources:")
        lines.extend(f"  {s['rank']}. {s['title']}  [{s['paper_id']}]" for s in payload["sources"])
    t = payload["timings_ms"]
    lines.append(f"-- {payload['backend']}, {t['total']} ms (retrieve {t['retrieve']}, generate {t['generate']}, verify {t['verify']})")
    return "\n".join(lines)


def _format_answer_eval(result: dict[str, Any]) -> str:
    return "\n".join(f"{key:>28}: {value}" for key, value in result["summary"].items())


def _format_stats(stats: dict[str, Any]) -> str:
    shown = {**stats, "chunk_tokens": stats.get("chunk_tokens") or "not recorded (an older store)"}
    lines = [f"{key:>16}: {value}" for key, value in shown.items() if key != "sources"]
    lines.append(f"{'sources':>16}:")
    lines.extend(f"{'':>18}{name}: {count} papers" for name, count in stats["sources"].items())
    return "\n".join(lines)


def _format_config(payload: dict[str, Any]) -> str:
    head = [f"# profile: {payload['profile']} (available: {', '.join(payload['profiles'])})",
            f"# profiles are looked up in: {', '.join(payload['config_dirs'])}"]
    return "\n".join(head) + "\n" + yaml.safe_dump(payload["settings"], sort_keys=False).rstrip()


def _format_eval(result: dict[str, Any]) -> str:
    lines = [f"{result['dataset']}: {result['queries']} queries", *_eval_rows(result["retrievers"])]
    for key in ("single_paper", "multi_paper"):
        if key in result:
            lines += [f"\n{key.replace('_', '-')} questions: {result[key]['queries']}", *_eval_rows(result[key]["retrievers"])]
    if "misses" in result:
        lines += [f"\njudged papers hybrid ranks below its cut: {len(result['misses'])}",
                  f"{'query':<28} {'gold':>4} {'hybrid':>6} {'dense':>6} {'bm25':>6} {'words':>6}  paper"]
        for miss in result["misses"]:
            ranks = [str(miss["ranks"].get(mode) or "-") for mode in ("hybrid", "dense", "bm25")]
            words = f"{miss['terms_held']}/{miss['terms']}"
            lines.append(f"{miss['query_id']:<28} {miss['gold']:>4} {ranks[0]:>6} {ranks[1]:>6} {ranks[2]:>6} {words:>6}  {miss['paper_id']}")
    return "\n".join(lines)


def _eval_rows(retrievers: dict[str, dict[str, float]]) -> list[str]:
    header = f"{'retriever':<14} {'nDCG@10':>8} {'R@1':>8} {'R@10':>8} {'R@100':>8} {'MRR@10':>8}"
    return [header] + [
        f"{name:<14} {m['ndcg@10']:>8.4f} {m['recall@1']:>8.4f} {m['recall@10']:>8.4f} {m['recall@100']:>8.4f} {m['mrr@10']:>8.4f}"
        for name, m in retrievers.items()
    ]


if __name__ == "__main__":
    sys.exit(main())
