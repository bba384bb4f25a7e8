"""Corpus readers: seed text files and JSON / JSONL / CSV paper lists, turned into `Paper` records.

Record files are streamed (JSONL line by line, CSV row by row, a top-level JSON array element by
element), so a file far larger than memory can be ingested; only a JSON object wrapping the array
is read whole.

Readers only parse; they never touch the store. Any file that cannot be read raises a one-line
RagError naming the file and the problem, before anything is written anywhere.
"""

from __future__ import annotations

import csv
import hashlib
import json
import re
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, TextIO

from rag.errors import RagError
from rag.metadata import is_reserved
from rag.titles import derive_title

SEED_SUFFIXES = {".txt", ".md"}
RECORD_SUFFIXES = {".json", ".jsonl", ".csv", ".tsv"}
TITLE_FIELDS = ("title", "name")
TEXT_FIELDS = ("abstract", "text", "summary")  # field names match in any case ("Abstract")
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
    return list(iter_corpus(paths))


def iter_corpus(paths: Iterable[str | Path]) -> Iterator[Paper]:
    """The papers of `read_corpus`, yielded one at a time: memory stays bounded by one record (plus the
    set of ids seen) for JSONL, CSV and top-level JSON arrays. Raises the same errors, as they are met."""
    seen: dict[str, str] = {}
    for file in _corpus_files(paths):
        for paper in iter_file(file):
            if paper.paper_id in seen:
                where = "twice in that file" if seen[paper.paper_id] == paper.source else f"also in {seen[paper.paper_id]}"
                raise RagError(f"{paper.source}: paper id '{paper.paper_id}' appears {where}; ids must be unique across the corpus")
            seen[paper.paper_id] = paper.source
            yield paper


def read_file(path: Path) -> list[Paper]:
    """Read one corpus file, choosing the reader by suffix."""
    return list(iter_file(path))


def iter_file(path: Path) -> Iterator[Paper]:
    """The papers of one corpus file, one at a time (seed files are small and read whole)."""
    suffix = path.suffix.lower()
    if suffix in SEED_SUFFIXES:
        return iter(read_seed_file(path))
    if suffix == ".json":
        return _papers_from_records(path, lambda: _iter_json(path))
    if suffix == ".jsonl":
        return _papers_from_records(path, lambda: _iter_jsonl(path))
    if suffix in (".csv", ".tsv"):
        return _papers_from_records(path, lambda: _iter_csv(path, "\t" if suffix == ".tsv" else ","))
    raise RagError(f"{path}: unsupported file type '{suffix}'; use .txt seeds, .json, .jsonl, .csv or .tsv")


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
                raise RagError(f"{path}: no corpus files (.txt, .json, .jsonl, .csv, .tsv) in this folder")
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


READ_CHUNK = 1 << 18  # characters read at a time by the streaming JSON reader (its memory is a few times this)


@contextmanager
def _open_text(path: Path) -> Iterator[TextIO]:
    """`path` opened as UTF-8 text; decoding and OS errors become one-line RagErrors naming the file."""
    try:
        with path.open(encoding="utf-8-sig", newline="") as handle:
            yield handle
    except UnicodeDecodeError as exc:
        raise RagError(f"{path}: not UTF-8 text (byte {exc.start} of a read block); re-save the file as UTF-8") from None
    except OSError as exc:
        raise RagError(f"{path}: cannot read ({exc.strerror})") from None


def _iter_json(path: Path) -> Iterator[Any]:
    """Records of a .json file: a top-level array is parsed one element at a time; an object holding
    one array is read whole (the array's key is only known once the object is parsed)."""
    with _open_text(path) as handle:
        head = handle.read(READ_CHUNK)
        if not head.strip():
            raise RagError(f"{path}: the file is empty")
        if head.lstrip().startswith("["):
            yield from _iter_json_array(path, handle, head)
            return
        text = head + handle.read()
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RagError(f"{path}: malformed JSON at line {exc.lineno}, column {exc.colno}: {exc.msg}") from None
    if isinstance(data, dict):
        lists = [v for v in data.values() if isinstance(v, list)]
        if len(lists) != 1:
            raise RagError(f"{path}: expected a JSON array of paper records (or an object holding one)")
        data = lists[0]
    if not isinstance(data, list):
        raise RagError(f"{path}: expected a JSON array of paper records")
    yield from data


def _iter_json_array(path: Path, handle: TextIO, buffer: str) -> Iterator[Any]:
    """Elements of the JSON array that `buffer` starts (the rest of it still in `handle`), one at a time."""
    decoder = json.JSONDecoder()
    pos = buffer.index("[") + 1
    lines_before = 0  # newlines in the text already dropped from the buffer, for error positions
    eof = False
    expect_value = True
    while True:
        while pos < len(buffer) and buffer[pos] in " \t\r\n":
            pos += 1
        if pos >= len(buffer) - 64 and not eof:  # keep a margin so that a token is never cut in two
            lines_before += buffer.count("\n", 0, pos)
            more = handle.read(READ_CHUNK)
            eof = not more
            buffer, pos = buffer[pos:] + more, 0
            continue
        if pos >= len(buffer):
            _malformed(path, buffer, pos, lines_before, "the array is not closed")
        char = buffer[pos]
        if char == "]":
            return
        if not expect_value:
            if char != ",":
                _malformed(path, buffer, pos, lines_before, "expected ',' or ']'")
            pos, expect_value = pos + 1, True
            continue
        try:
            value, end = decoder.raw_decode(buffer, pos)
            complete = end < len(buffer) or eof
        except json.JSONDecodeError as exc:
            if eof:
                _malformed(path, buffer, exc.pos, lines_before, exc.msg)
            complete = False
        if not complete:  # the element runs past the buffer: drop what is parsed, read on, parse it again
            lines_before += buffer.count("\n", 0, pos)
            more = handle.read(READ_CHUNK)
            eof = not more
            buffer, pos = buffer[pos:] + more, 0
            continue
        yield value
        pos, expect_value = end, False


def _malformed(path: Path, buffer: str, pos: int, lines_before: int, message: str) -> None:
    line = lines_before + buffer.count("\n", 0, pos) + 1
    column = pos - buffer.rfind("\n", 0, pos)
    raise RagError(f"{path}: malformed JSON at line {line}, column {column}: {message}")


def _iter_jsonl(path: Path) -> Iterator[Any]:
    """Records of a .jsonl file, parsed line by line."""
    empty = True
    with _open_text(path) as handle:
        for lineno, line in enumerate(handle, start=1):
            if line.strip():
                empty = False
                try:
                    yield json.loads(line)
                except json.JSONDecodeError as exc:
                    raise RagError(f"{path}: malformed JSON on line {lineno}: {exc.msg}") from None
    if empty:
        raise RagError(f"{path}: the file is empty")


def _iter_csv(path: Path, delimiter: str = ",") -> Iterator[Any]:
    """Records of a .csv (or, with a tab `delimiter`, .tsv) file, header row first, read row by row."""
    with _open_text(path) as handle:
        try:
            reader = csv.DictReader(handle, delimiter=delimiter)
            if reader.fieldnames is None:
                raise RagError(f"{path}: the file is empty")
            yield from reader
        except csv.Error as exc:
            raise RagError(f"{path}: malformed CSV: {exc}") from None


def _papers_from_records(path: Path, records: Callable[[], Iterator[Any]]) -> Iterator[Paper]:
    """Papers of a record file. `records()` streams the file; it is read twice: once for the fields
    and record types (which decide the text, title and id fields), once to make the papers."""
    fields: set[str] = set()
    types: set[str] = set()
    count = 0
    for record in records():
        if not isinstance(record, dict):
            raise RagError(f"{path}: every record must be an object with a title and an abstract")
        fields.update(record)
        types.add(str(record.get(TYPE_FIELD, "")).lower())
        count += 1
    if not count:
        raise RagError(f"{path}: the file holds no records")
    text_field = _first_present(TEXT_FIELDS, fields)
    if text_field is None:
        raise RagError(
            f"{path}: no text field; each record needs one of {', '.join(TEXT_FIELDS)} "
            f"(found: {', '.join(sorted(fields)[:8])})"
        )
    return _make_papers(path, records(), text_field, fields, types)


def _make_papers(path: Path, records: Iterator[dict[str, Any]], text_field: str, fields: set[str],
                 types: set[str]) -> Iterator[Paper]:
    title_field = _first_present(TITLE_FIELDS, fields)
    id_field = _first_present(ID_FIELDS, fields)
    author_field = _first_present(AUTHOR_FIELDS, fields)
    file_tags = _venue_year(path.stem)
    # Event exports (e.g. ICML's virtual site) mix papers with talks and workshops: keep papers.
    keep_types = PAPER_TYPES & types
    made = 0
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
        made += 1
        yield Paper(
            paper_id=paper_id,
            title=title or derive_title(text),
            text=text,
            source=path.name,
            authors=_authors(record.get(author_field)) if author_field else "",
            metadata=metadata,
            source_path=str(path.resolve()),
        )
    if not made:
        raise RagError(f"{path}: no record has a non-empty '{text_field}'")


def _first_present(candidates: tuple[str, ...], fields: set[str]) -> str | None:
    """The record field named by the first of `candidates` present, in any case ("Abstract" for "abstract")."""
    by_name: dict[str, str] = {}
    for present in sorted(fields, key=lambda f: (f not in candidates, f)):  # the exact name wins over other cases
        by_name.setdefault(present.strip().lower(), present)
    return next((by_name[name] for name in candidates if name in by_name), None)


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
    return f"meta_{key}" if is_reserved(key) else key


def _venue_year(text: str) -> dict[str, str | int]:
    match = _VENUE_YEAR.search(text)
    return {"venue": match.group(1).upper(), "year": int(match.group(2))} if match else {}
