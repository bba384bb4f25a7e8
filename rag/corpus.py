"""Corpus readers: seed text files and JSON / JSONL / CSV paper lists, turned into `Paper` records.

Readers only parse; they never touch the store. Any file that cannot be read raises a one-line
RagError naming the file and the problem, before anything is written anywhere.
"""

from __future__ import annotations

import csv
import hashlib
import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Iterator

from rag.errors import RagError
from rag.titles import derive_title

SEED_SUFFIXES = {".txt", ".md"}
RECORD_SUFFIXES = {".json", ".jsonl", ".csv"}
TITLE_FIELDS = ("title", "name")
TEXT_FIELDS = ("abstract", "text")
ID_FIELDS = ("id", "_id", "paper_id", "virtualsite_url")
AUTHOR_FIELDS = ("authors", "author", "speakers/authors")
TYPE_FIELD = "type"
PAPER_TYPES = {"poster", "paper", "oral", "spotlight"}
_VENUE_YEAR = re.compile(r"\b([A-Za-z]+)[ _-]?((?:19|20)\d\d)\b")


@dataclass(frozen=True)
class Paper:
    """One abstract with what citations need: a stable id, a display title, and where it came from."""

    paper_id: str
    title: str
    text: str
    source: str
    authors: str = ""
    metadata: dict[str, str | int | float | bool] = field(default_factory=dict)
    source_path: str = ""  # absolute path of the file it was read from (not part of the hash)

    @property
    def content_hash(self) -> str:
        """Hash of everything stored for this paper; a change means its chunks must be replaced."""
        payload = json.dumps(
            [self.title, self.text, self.source, self.authors, sorted(self.metadata.items())],
            ensure_ascii=False,
        )
        return hashlib.sha256(payload.encode("utf-8")).hexdigest()[:16]


def read_corpus(paths: Iterable[str | Path]) -> list[Paper]:
    """Read every supported file under `paths` (files or folders) into papers, in a stable order.

    Raises RagError for a missing path, a folder with no corpus files, an unreadable file, or two
    papers sharing an id.
    """
    papers: list[Paper] = []
    for file in _corpus_files(paths):
        papers.extend(read_file(file))
    seen: dict[str, str] = {}
    for paper in papers:
        if paper.paper_id in seen:
            where = "twice in that file" if seen[paper.paper_id] == paper.source else f"also in {seen[paper.paper_id]}"
            raise RagError(f"{paper.source}: paper id '{paper.paper_id}' appears {where}; ids must be unique across the corpus")
        seen[paper.paper_id] = paper.source
    return papers


def read_file(path: Path) -> list[Paper]:
    """Read one corpus file, choosing the reader by suffix."""
    suffix = path.suffix.lower()
    if suffix in SEED_SUFFIXES:
        return read_seed_file(path)
    if suffix == ".json":
        return _papers_from_records(path, _load_json_array(path))
    if suffix == ".jsonl":
        return _papers_from_records(path, _load_jsonl(path))
    if suffix == ".csv":
        return _papers_from_records(path, _load_csv(path))
    raise RagError(f"{path}: unsupported file type '{suffix}'; use .txt seeds, .json, .jsonl or .csv")


def read_seed_file(path: Path) -> list[Paper]:
    """Read a seed file: a one-line heading, then one abstract per blank-line-separated paragraph.

    Paper ids are `<file stem>#<1-based ordinal>`; titles are derived from each abstract.
    """
    text = _read_text(path)
    heading, _, body = text.partition("\n")
    paragraphs = [" ".join(p.split()) for p in re.split(r"\n\s*\n", body) if p.strip()]
    if not paragraphs:
        raise RagError(f"{path}: no abstracts found; expected a heading line, then paragraphs separated by blank lines")
    metadata = _venue_year(heading) or _venue_year(path.stem)
    return [
        Paper(
            paper_id=f"{path.stem}#{ordinal}",
            title=derive_title(abstract),
            text=abstract,
            source=path.name,
            metadata=dict(metadata),
            source_path=str(path.resolve()),
        )
        for ordinal, abstract in enumerate(paragraphs, start=1)
    ]


def _corpus_files(paths: Iterable[str | Path]) -> Iterator[Path]:
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            files = sorted(
                p for p in path.rglob("*")
                if p.is_file() and p.suffix.lower() in SEED_SUFFIXES | RECORD_SUFFIXES
                and not p.name.startswith(".") and p.name.upper() not in {"README.MD", "SOURCE.MD"}
            )
            if not files:
                raise RagError(f"{path}: no corpus files (.txt, .json, .jsonl, .csv) in this folder")
            yield from files
        elif path.is_file():
            yield path
        else:
            raise RagError(f"{path}: no such file or folder; check the path")


def _read_text(path: Path) -> str:
    try:
        text = path.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError as exc:
        raise RagError(f"{path}: not UTF-8 text (byte {exc.start}); re-save the file as UTF-8") from None
    except OSError as exc:
        raise RagError(f"{path}: cannot read ({exc.strerror})") from None
    if not text.strip():
        raise RagError(f"{path}: the file is empty")
    return text


def _load_json_array(path: Path) -> list[Any]:
    try:
        data = json.loads(_read_text(path))
    except json.JSONDecodeError as exc:
        raise RagError(f"{path}: malformed JSON at line {exc.lineno}, column {exc.colno}: {exc.msg}") from None
    if isinstance(data, dict):
        lists = [v for v in data.values() if isinstance(v, list)]
        if len(lists) != 1:
            raise RagError(f"{path}: expected a JSON array of paper records (or an object holding one)")
        data = lists[0]
    if not isinstance(data, list):
        raise RagError(f"{path}: expected a JSON array of paper records")
    return data


def _load_jsonl(path: Path) -> list[Any]:
    records = []
    for lineno, line in enumerate(_read_text(path).splitlines(), start=1):
        if line.strip():
            try:
                records.append(json.loads(line))
            except json.JSONDecodeError as exc:
                raise RagError(f"{path}: malformed JSON on line {lineno}: {exc.msg}") from None
    return records


def _load_csv(path: Path) -> list[Any]:
    text = _read_text(path)
    try:
        return list(csv.DictReader(text.splitlines()))
    except csv.Error as exc:
        raise RagError(f"{path}: malformed CSV: {exc}") from None


def _papers_from_records(path: Path, records: list[Any]) -> list[Paper]:
    if not records:
        raise RagError(f"{path}: the file holds no records")
    if not all(isinstance(r, dict) for r in records):
        raise RagError(f"{path}: every record must be an object with a title and an abstract")
    fields = {key for record in records for key in record}
    text_field = _first_present(TEXT_FIELDS, fields)
    if text_field is None:
        raise RagError(
            f"{path}: no text field; each record needs one of {', '.join(TEXT_FIELDS)} "
            f"(found: {', '.join(sorted(fields)[:8])})"
        )
    title_field = _first_present(TITLE_FIELDS, fields)
    id_field = _first_present(ID_FIELDS, fields)
    author_field = _first_present(AUTHOR_FIELDS, fields)
    file_tags = _venue_year(path.stem)
    # Event exports (e.g. ICML's virtual site) mix papers with talks and workshops: keep papers.
    types = {str(r.get(TYPE_FIELD, "")).lower() for r in records}
    keep_types = PAPER_TYPES & types
    papers = []
    for record in records:
        if keep_types and str(record.get(TYPE_FIELD, "")).lower() not in keep_types:
            continue
        text = " ".join(str(record.get(text_field) or "").split())
        if not text:
            continue
        title = " ".join(str(record.get(title_field) or "").split()) if title_field else ""
        raw_id = str(record.get(id_field) or "").strip() if id_field else ""
        paper_id = raw_id or "sha-" + hashlib.sha256(f"{title}\n{text}".encode()).hexdigest()[:16]
        skip = {text_field, title_field, id_field, author_field}
        metadata = {**file_tags, **_scalar_metadata(record, skip)}
        papers.append(
            Paper(
                paper_id=paper_id,
                title=title or derive_title(text),
                text=text,
                source=path.name,
                authors=_authors(record.get(author_field)) if author_field else "",
                metadata=metadata,
                source_path=str(path.resolve()),
            )
        )
    if not papers:
        raise RagError(f"{path}: no record has a non-empty '{text_field}'")
    return papers


def _first_present(candidates: tuple[str, ...], fields: set[str]) -> str | None:
    return next((name for name in candidates if name in fields), None)


def _authors(value: Any) -> str:
    if isinstance(value, list):
        names = [str(v.get("name", v)) if isinstance(v, dict) else str(v) for v in value]
    else:
        names = re.split(r"\s*[;,]\s*", str(value or ""))
    return "; ".join(n.strip() for n in names if n and n.strip())


def _scalar_metadata(record: dict[str, Any], skip: set[str | None]) -> dict[str, str | int | float | bool]:
    kept: dict[str, str | int | float | bool] = {}
    for key, value in record.items():
        if key in skip or value is None or value == "" or key.startswith("_"):
            continue
        if isinstance(value, (str, int, float, bool)):
            kept[_metadata_key(key)] = value
    return kept


def _metadata_key(key: str) -> str:
    """Metadata keys must not collide with the fields the store itself writes."""
    return f"meta_{key}" if key in RESERVED_METADATA_KEYS else key


def _venue_year(text: str) -> dict[str, str | int]:
    match = _VENUE_YEAR.search(text)
    return {"venue": match.group(1).upper(), "year": int(match.group(2))} if match else {}


RESERVED_METADATA_KEYS = {
    "paper_id", "title", "source", "authors", "content_hash", "chunk", "n_chunks", "start", "end",
    "abstract", "source_path", "store_version", "document_id", "doc_id", "ref_doc_id", "_node_content", "_node_type",
}
