"""The one typed settings object: packaged defaults, a profile on top, then environment variables.

`load_settings()` is the only way settings are made; everything downstream takes the resulting
`Settings` as an argument instead of reading files or the environment itself.

Every setting and its default is written once, with its comment, in `default.yaml` of the
`rag.config` package (the repository's `config/` folder, shipped inside the wheel). The models
below only give each key its type and bounds. Profiles are looked up by name in `$RAG_CONFIG_DIR`,
then the user's config folder (`$XDG_CONFIG_HOME/paper-rag`, else `~/.config/paper-rag`), then
the packaged profiles.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any, Literal, Mapping, Sequence

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from rag.errors import RagError

ENV_PREFIX = "RAG_"
PROFILE_ENV = "RAG_PROFILE"
CONFIG_DIR_ENV = "RAG_CONFIG_DIR"


def _packaged(name: str) -> Path:
    """A data folder: rag/<name> inside an installed wheel (package `rag.<name>`), else the
    repository's own `<name>/` beside rag/ in a source checkout (editable install, PYTHONPATH)."""
    package = Path(__file__).resolve().parent
    installed = package / name
    return installed if installed.is_dir() else package.parent / name


PACKAGED_CONFIG = _packaged("config")
PACKAGED_SEEDS = _packaged("seeds")
_PROFILE_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$")


class _Section(BaseModel):
    model_config = ConfigDict(extra="forbid", validate_assignment=True)


class CorpusSettings(_Section):
    default_paths: list[str]
    warn_chars: int = Field(ge=1)
    example_questions: list[str]


class StoreSettings(_Section):
    mode: Literal["embedded", "http"]
    collection: str = Field(min_length=3, max_length=63, pattern=r"^[A-Za-z0-9][A-Za-z0-9._-]*[A-Za-z0-9]$")
    host: str
    port: int = Field(ge=1, le=65535)
    ssl: bool
    token_env: str
    refresh_seconds: float = Field(ge=0)


class EmbeddingSettings(_Section):
    model: str
    batch_size: int = Field(ge=1)
    device: Literal["cpu", "cuda", "mps", "auto"]
    precision: Literal["auto", "fp32", "bf16"]
    threads: int = Field(ge=0)


class ChunkingSettings(_Section):
    max_tokens: int = Field(ge=16)
    overlap_sentences: int = Field(ge=0)


class RetrievalSettings(_Section):
    top_k: int = Field(ge=1)
    candidates: int = Field(ge=1)
    dense_search_depth: int = Field(ge=1)
    mode: Literal["hybrid", "dense", "bm25"]
    fusion: Literal["rrf", "minmax", "zscore"]
    rrf_k: int = Field(ge=1)
    dense_weight: float = Field(ge=0.0, le=1.0)
    confidence_cosine_centre: float = Field(ge=-1.0, le=1.0)
    confidence_cosine_slope: float = Field(ge=0.0)
    confidence_bm25_centre: float = Field(ge=0.0)
    confidence_bm25_slope: float = Field(ge=0.0)
    bm25_paper_share: float = Field(ge=0.0, le=1.0)
    bm25_paper_k1: float = Field(gt=0.0)
    bm25_paper_b: float = Field(ge=0.0, le=1.0)
    min_similarity: float = Field(ge=-1.0, le=1.0)
    min_bm25_per_term: float = Field(ge=0.0)
    min_bm25_idf_share: float = Field(ge=0.0, le=1.0)
    min_bm25_coverage: float = Field(ge=0.0, le=1.0)
    prf_docs: int = Field(ge=0)
    prf_terms: int = Field(ge=1)
    prf_weight: float = Field(ge=0.0, le=1.0)
    list_feedback_papers: int = Field(ge=1)
    list_feedback_weight: float = Field(ge=0.0)
    rerank_model: str
    rerank_depth: int = Field(ge=1)
    rerank_weight: float = Field(ge=0.0, le=1.0)
    postprocessors: list[str]


class LLMSettings(_Section):
    provider: str = Field(min_length=1)
    model: str
    model_path: str
    api_base: str
    api_key_env: str
    temperature: float = Field(ge=0.0, le=2.0)
    max_tokens: int = Field(ge=1)
    context_window: int = Field(ge=256)
    timeout_s: float = Field(gt=0)
    threads: int = Field(ge=0)
    seed: int


class AnswerSettings(_Section):
    top_k: int = Field(ge=1)
    max_papers: int = Field(ge=1)
    sentences_per_source: int = Field(ge=1)
    max_question_chars: int = Field(ge=10)
    min_relevance: float = Field(ge=-1.0)
    lexical_weight: float = Field(ge=0.0)
    min_phrase_similarity: float = Field(ge=-1.0, le=1.0)
    min_word_similarity: float = Field(ge=-1.0, le=1.0)
    extractive_sentences: int = Field(ge=1)
    extractive_ratio: float = Field(ge=0.0, le=1.0)
    history_turns: int = Field(ge=0)
    max_source_sentences: int = Field(ge=1)


class GroundingSettings(_Section):
    min_similarity: float = Field(ge=-1.0, le=1.0)
    min_overlap: float = Field(ge=0.0, le=1.0)
    min_passage_overlap: float = Field(ge=0.0, le=1.0)
    weight_similarity: float
    weight_overlap: float
    weight_passage_overlap: float
    min_support: float
    unsupported: Literal["remove", "mark"]
    verifier: Literal["auto", "rules", "model", "llm"]
    passages: int = Field(ge=1)
    verifier_threshold: float = Field(ge=0.0, le=1.0)
    min_similarity_floor: float = Field(ge=-1.0, le=1.0)


class JudgeSettings(_Section):
    provider: Literal["openai-like", "ollama"]
    model: str
    api_base: str
    api_key_env: str
    timeout_s: float = Field(gt=0)


class ApiSettings(_Section):
    token_env: str
    max_body_bytes: int = Field(ge=1024)


class Settings(_Section):
    data_dir: Path
    corpus: CorpusSettings
    store: StoreSettings
    embedding: EmbeddingSettings
    chunking: ChunkingSettings
    retrieval: RetrievalSettings
    llm: LLMSettings
    answer: AnswerSettings
    grounding: GroundingSettings
    api: ApiSettings
    judge: JudgeSettings
    profile: str

    @property
    def data_path(self) -> Path:
        """Absolute data directory (embedded store, BM25 indexes, eval caches); a relative
        data_dir is taken from the current directory."""
        return Path(self.data_dir).expanduser().resolve()

    def corpus_paths(self) -> list[Path]:
        """What `rag ingest` reads when given no path: corpus.default_paths, or the seed abstracts
        shipped with the package when that list is empty."""
        if not self.corpus.default_paths:
            return [PACKAGED_SEEDS]
        return [Path(p).expanduser().resolve() for p in self.corpus.default_paths]


def config_dirs(environ: Mapping[str, str] | None = None) -> list[Path]:
    """Folders searched for profiles, first match wins: $RAG_CONFIG_DIR, the user's config folder,
    then the packaged profiles."""
    environ = os.environ if environ is None else environ
    dirs = [Path(environ[CONFIG_DIR_ENV]).expanduser()] if environ.get(CONFIG_DIR_ENV) else []
    user_root = Path(environ.get("XDG_CONFIG_HOME") or Path.home() / ".config").expanduser()
    dirs.append(user_root / "paper-rag")
    dirs.append(PACKAGED_CONFIG)
    return dirs


def available_profiles(dirs: Sequence[Path] | None = None) -> list[str]:
    """Names of the profiles found in `dirs` (default: `config_dirs()`), `default` first."""
    names = {p.stem for d in (config_dirs() if dirs is None else dirs) for p in d.glob("*.yaml")}
    return ["default", *sorted(n for n in names if n != "default" and _PROFILE_NAME.match(n))]


def load_settings(
    profile: str | None = None,
    overrides: Mapping[str, Any] | None = None,
    environ: Mapping[str, str] | None = None,
    dirs: Sequence[Path] | None = None,
) -> Settings:
    """Build the settings: packaged default.yaml, then the profile, then RAG_* variables, then `overrides`.

    `overrides` maps dotted keys (e.g. ``{"data_dir": "/tmp/x", "retrieval.top_k": 3}``) and wins
    over everything. `dirs` are the folders searched for the profile (default: `config_dirs()`).
    Raises RagError naming the key for unknown keys and bad values, and naming the profile for an
    unknown or malformed profile name.
    """
    environ = os.environ if environ is None else environ
    dirs = config_dirs(environ) if dirs is None else list(dirs)
    profile = profile or environ.get(PROFILE_ENV) or "default"
    if not _PROFILE_NAME.match(profile):
        raise RagError(
            f"bad profile name '{profile}': a profile is a name like 'extractive' (letters, digits, '.', '_', '-'), "
            f"not a path; put NAME.yaml in ${CONFIG_DIR_ENV} or ~/.config/paper-rag"
        )
    merged = _read_yaml(PACKAGED_CONFIG / "default.yaml")
    if profile != "default":
        profile_file = next((d / f"{profile}.yaml" for d in dirs if (d / f"{profile}.yaml").is_file()), None)
        if profile_file is None:
            raise RagError(
                f"unknown profile '{profile}'; choose one of {', '.join(available_profiles(dirs))} "
                f"(or add {profile}.yaml to ${CONFIG_DIR_ENV} or ~/.config/paper-rag)"
            )
        _merge(merged, _read_yaml(profile_file), source=str(profile_file))
    for name, raw in sorted(environ.items()):
        if name.startswith(ENV_PREFIX) and name not in (PROFILE_ENV, CONFIG_DIR_ENV):
            key = name[len(ENV_PREFIX):].lower().replace("__", ".")
            _set_dotted(merged, key, _parse_scalar(raw), source=name)
    for key, value in (overrides or {}).items():
        if value is not None:
            _set_dotted(merged, key, value, source="command line")
    merged["profile"] = profile
    try:
        return Settings.model_validate(merged)
    except ValidationError as exc:
        err = exc.errors()[0]
        key = ".".join(str(p) for p in err["loc"])
        raise RagError(f"bad setting '{key}': {err['msg']} (check the profile's YAML and RAG_* variables)") from None


def _read_yaml(path: Path) -> dict[str, Any]:
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    except (OSError, yaml.YAMLError) as exc:
        raise RagError(f"cannot read config {path}: {exc}".splitlines()[0]) from None
    if not isinstance(data, dict):
        raise RagError(f"config {path} must be a mapping of settings")
    return data


def _merge(root: dict[str, Any], extra: dict[str, Any], source: str, prefix: str = "") -> None:
    """Overlay `extra` (nested, from a profile file) onto `root`, key by checked key."""
    for key, value in extra.items():
        dotted = f"{prefix}{key}"
        if isinstance(value, dict):
            _merge(root, value, source, prefix=f"{dotted}.")
        else:
            _set_dotted(root, dotted, value, source)


def _set_dotted(target: dict[str, Any], dotted: str, value: Any, source: str) -> None:
    """Set `a.b.c` in nested dicts, refusing keys that Settings does not define."""
    model: type[BaseModel] = Settings
    parts = dotted.split(".")
    node = target
    for depth, part in enumerate(parts):
        fields = model.model_fields
        if part not in fields or part == "profile":
            raise RagError(f"unknown setting '{dotted}' (from {source}); see default.yaml (`rag config`) for the keys")
        if depth == len(parts) - 1:
            node[part] = value
            return
        annotation = fields[part].annotation
        if not (isinstance(annotation, type) and issubclass(annotation, BaseModel)):
            raise RagError(f"unknown setting '{dotted}' (from {source}); '{part}' has no sub-keys")
        model = annotation
        node = node.setdefault(part, {})


def _parse_scalar(raw: str) -> Any:
    try:
        return yaml.safe_load(raw)
    except yaml.YAMLError:
        return raw
