"""The `rag` command line: ingest, search, stats, eval, serve. Output contracts are documented in README.md.

Every failure the user can fix prints one line, `error: ...`, and exits 1; no tracebacks.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, Callable

from rag.errors import RagError
from rag.settings import Settings, load_settings


def main(argv: list[str] | None = None) -> int:
    """Run the CLI with `argv` (default: sys.argv[1:]); returns the process exit code."""
    parser = _parser()
    args = parser.parse_args(argv)
    if not getattr(args, "handler", None):
        parser.print_help()
        return 2
    try:
        settings = load_settings(profile=args.profile, overrides={"data_dir": args.data_dir})
        return args.handler(args, settings)
    except RagError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("interrupted; nothing was written for the unfinished step", file=sys.stderr)
        return 130


def _parser() -> argparse.ArgumentParser:
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--profile", help="config profile from config/ (default: RAG_PROFILE or 'default')")
    common.add_argument("--data-dir", help="where the embedded store and indexes live (default: RAG_DATA_DIR or data/)")
    common.add_argument("--json", action="store_true", help="print machine-readable JSON")

    parser = argparse.ArgumentParser(prog="rag", description="Cited search over ML paper abstracts.")
    commands = parser.add_subparsers(title="commands", metavar="COMMAND")

    ingest = commands.add_parser("ingest", parents=[common], help="read corpus files into the store")
    ingest.add_argument("paths", nargs="*", metavar="PATH", help="files or folders (default: corpus.default_paths, i.e. seeds/)")
    ingest.add_argument("--prune", action="store_true", help="remove stored papers that are no longer in PATHs")
    ingest.add_argument("--reindex", action="store_true", help="drop the collection and embed everything again")
    ingest.set_defaults(handler=_ingest)

    search = commands.add_parser("search", parents=[common], help="find the papers that match a query")
    search.add_argument("query", help="natural-language query")
    search.add_argument("-k", "--top-k", type=int, help="number of papers (default: retrieval.top_k)")
    search.add_argument("--mode", choices=["hybrid", "dense", "bm25"], help="retriever (default: retrieval.mode)")
    search.add_argument("--filter", action="append", metavar="KEY=VALUE", help="keep papers whose metadata matches, e.g. year=2024 (repeatable)")
    search.set_defaults(handler=_search)

    stats = commands.add_parser("stats", parents=[common], help="what the store holds")
    stats.set_defaults(handler=_stats)

    serve = commands.add_parser("serve", parents=[common], help="run the chat page (ingests the seeds into an empty store)")
    serve.add_argument("--host", default="127.0.0.1", help="interface to bind (default: 127.0.0.1; any other needs PAPER_RAG_USER and PAPER_RAG_PASSWORD)")
    serve.add_argument("--port", type=int, default=7860, help="TCP port (default: 7860)")
    serve.set_defaults(handler=_serve)

    evaluate = commands.add_parser("eval", parents=[common], help="measure retrieval quality")
    kinds = evaluate.add_subparsers(title="what to evaluate", metavar="KIND")
    retrieval = kinds.add_parser("retrieval", parents=[common], help="BEIR-layout dataset: nDCG@10, recall, MRR")
    retrieval.add_argument("--dataset", required=True, help="folder with corpus.jsonl, queries.jsonl, qrels/test.tsv")
    retrieval.add_argument("--split", default="test", help="qrels split to score (default: test)")
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
    verifier.add_argument("--epochs", type=float, default=1.0, help="passes over the training examples (default: 1)")
    verifier.add_argument("--max-examples", type=int, help="train on at most this many examples (a quick run)")
    verifier.set_defaults(handler=_train_verifier)

    chat = commands.add_parser("chat", parents=[common], help="a terminal conversation with streamed, checked answers")
    chat.add_argument("-k", "--top-k", type=int, help="papers given to the model (default: answer.top_k)")
    chat.set_defaults(handler=_chat)
    return parser


def _ingest(args: argparse.Namespace, settings: Settings) -> int:
    from rag.ingest import ingest

    paths = args.paths or [str(settings.resolve_path(p)) for p in settings.corpus.default_paths]
    report = ingest(settings, paths, prune=args.prune, reindex=args.reindex, progress=True)
    _emit(args, report.as_dict(), _format_ingest)
    return 0


def _search(args: argparse.Namespace, settings: Settings) -> int:
    from rag.retrieval import open_retriever, parse_filters

    if args.top_k is not None and args.top_k < 1:
        raise RagError("-k must be at least 1")
    retriever = open_retriever(settings)
    hits = retriever.search(args.query, top_k=args.top_k, filters=parse_filters(args.filter), mode=args.mode)
    _emit(args, {"query": args.query, "results": [h.as_dict() for h in hits]}, _format_search)
    return 0


def _stats(args: argparse.Namespace, settings: Settings) -> int:
    from rag.stats import collect_stats

    _emit(args, collect_stats(settings), _format_stats)
    return 0


def _eval_retrieval(args: argparse.Namespace, settings: Settings) -> int:
    from rag.evaluation import evaluate_retrieval

    _emit(args, evaluate_retrieval(settings, args.dataset, split=args.split), _format_eval)
    return 0


def _serve(args: argparse.Namespace, settings: Settings) -> int:
    from ui.serve import serve  # the CLI is the outermost layer: the one place that may reach ui/

    if not 1 <= args.port <= 65535:
        raise RagError(f"--port must be between 1 and 65535, not {args.port}")
    serve(settings, host=args.host, port=args.port, overrides={"data_dir": args.data_dir})
    return 0


def _ask(args: argparse.Namespace, settings: Settings) -> int:
    from rag.answer import Answer, build_answerer

    answerer = build_answerer(settings)
    answer = None
    for item in answerer.stream(args.question, top_k=args.top_k):
        if isinstance(item, Answer):
            answer = item
        elif not args.json:
            print(item, end="", file=sys.stderr, flush=True)
    assert answer is not None
    if not args.json and not answer.refused and answer.error is None:
        print("\n", file=sys.stderr)
    _emit(args, answer.as_dict(), _format_answer)
    if answer.error:
        print(f"error: {answer.error}", file=sys.stderr)
        return 1
    return 0


def _chat(args: argparse.Namespace, settings: Settings) -> int:
    from rag.chat import run_chat

    return run_chat(settings, top_k=args.top_k)


def _train_verifier(args: argparse.Namespace, settings: Settings) -> int:
    from rag.verifier_model import train_verifier

    report = train_verifier(settings, epochs=args.epochs, max_examples=args.max_examples)
    _emit(args, report.as_dict(), lambda r: (
        f"trained the verifier on {r['examples']} examples in {r['seconds']} s; saved to {r['folder']}\n"
        f"held out: {json.dumps(r['heldout'])}; best threshold there {r['threshold']}"))
    return 0


def _eval_answers(args: argparse.Namespace, settings: Settings) -> int:
    from rag.answer_eval import evaluate_answers

    _emit(args, evaluate_answers(settings, args.qa), _format_answer_eval)
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


def _format_answer(payload: dict[str, Any]) -> str:
    lines = [payload["answer"] or "(no answer)"]
    if payload["removed_sentences"]:
        lines.append(f"({len(payload['removed_sentences'])} unsupported sentence(s) removed"
                     + (", extractive answer shown)" if payload["fallback"] else ")"))
    lines.extend(
        f"[{c['n']}] {c['title']}  [{c['paper_id']}]{'' if c['supported'] else '  (unsupported)'}\n"
        f"    \u201c{c['quote']}\u201d  (chars {c['start']}-{c['end']})"
        for c in payload["citations"]
    )
    if payload["error"]:
        lines.append("retrieved sources:")
        lines.extend(f"  {s['rank']}. {s['title']}  [{s['paper_id']}]" for s in payload["sources"])
    t = payload["timings_ms"]
    lines.append(f"-- {payload['backend']}, {t['total']} ms (retrieve {t['retrieve']}, generate {t['generate']}, verify {t['verify']})")
    return "\n".join(lines)


def _format_answer_eval(result: dict[str, Any]) -> str:
    return "\n".join(f"{key:>28}: {value}" for key, value in result["summary"].items())


def _format_stats(stats: dict[str, Any]) -> str:
    lines = [f"{key:>16}: {value}" for key, value in stats.items() if key != "sources"]
    lines.append(f"{'sources':>16}:")
    lines.extend(f"{'':>18}{name}: {count} papers" for name, count in stats["sources"].items())
    return "\n".join(lines)


def _format_eval(result: dict[str, Any]) -> str:
    header = f"{result['dataset']}: {result['queries']} queries\n{'retriever':<10} {'nDCG@10':>8} {'R@10':>8} {'R@100':>8} {'MRR@10':>8}"
    rows = [
        f"{name:<10} {m['ndcg@10']:>8.4f} {m['recall@10']:>8.4f} {m['recall@100']:>8.4f} {m['mrr@10']:>8.4f}"
        for name, m in result["retrievers"].items()
    ]
    return "\n".join([header, *rows])


if __name__ == "__main__":
    sys.exit(main())
