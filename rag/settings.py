"""The one typed settings object: YAML defaults, a profile on top, then environment variables.

`load_settings()` is the only way settings are made; everything downstream takes the resulting
`Settings` as an argument instead of reading files or the environment itself.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Literal, Mapping

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from rag.errors import RagError

REPO_ROOT = Path(__file__).resolve().parent.parent
CONFIG_DIR = REPO_ROOT / "config"
ENV_PREFIX = "RAG_"
PROFILE_ENV = "RAG_PROFILE"


class _Section(BaseModel):
    model_config = ConfigDict(extra="forbid", validate_assignment=True)


class CorpusSettings(_Section):
    default_paths: list[str] = ["seeds"]


class StoreSettings(_Section):
    mode: Literal["embedded", "http"] = "embedded"
    collection: str = Field("papers", min_length=3, max_length=63, pattern=r"^[A-Za-z0-9][A-Za-z0-9._-]*[A-Za-z0-9]$")
    host: str = "127.0.0.1"
    port: int = Field(8000, ge=1, le=65535)
    ssl: bool = False
    token_env: str = "CHROMA_AUTH_TOKEN"


class EmbeddingSettings(_Section):
    model: str = "all-MiniLM-L6-v2"
    batch_size: int = Field(64, ge=1)
    device: Literal["cpu", "cuda", "mps", "auto"] = "cpu"


class ChunkingSettings(_Section):
    max_tokens: int = Field(256, ge=16)
    overlap_sentences: int = Field(1, ge=0)


class RetrievalSettings(_Section):
    top_k: int = Field(5, ge=1)
    candidates: int = Field(100, ge=1)
    mode: Literal["hybrid", "dense", "bm25"] = "hybrid"
    rrf_k: int = Field(20, ge=1)
    dense_weight: float = Field(0.6, ge=0.0, le=1.0)
    min_similarity: float = Field(0.3, ge=-1.0, le=1.0)
    min_bm25_per_term: float = Field(1.0, ge=0.0)


class LLMSettings(_Section):
    provider: Literal["llama-cpp", "openai-like", "ollama", "extractive"] = "llama-cpp"
    model: str = ""
    model_path: str = ""
    api_base: str = "http://127.0.0.1:8080/v1"
    api_key_env: str = "OPENAI_API_KEY"
    temperature: float = Field(0.0, ge=0.0, le=2.0)
    max_tokens: int = Field(96, ge=1)
    context_window: int = Field(2048, ge=256)
    timeout_s: float = Field(60.0, gt=0)
    threads: int = Field(0, ge=0)
    seed: int = 0


class AnswerSettings(_Section):
    top_k: int = Field(3, ge=1)
    sentences_per_source: int = Field(3, ge=1)
    max_question_chars: int = Field(4000, ge=10)
    min_relevance: float = Field(0.45, ge=-1.0)
    lexical_weight: float = Field(0.25, ge=0.0)
    extractive_sentences: int = Field(2, ge=1)
    extractive_ratio: float = Field(0.85, ge=0.0, le=1.0)
    history_turns: int = Field(6, ge=0)


class GroundingSettings(_Section):
    min_similarity: float = Field(0.5, ge=-1.0, le=1.0)
    min_overlap: float = Field(0.7, ge=0.0, le=1.0)
    unsupported: Literal["remove", "mark"] = "remove"
    verifier: Literal["auto", "rules", "model", "llm"] = "auto"
    passages: int = Field(3, ge=1)
    verifier_threshold: float = Field(0.5, ge=0.0, le=1.0)
    min_similarity_floor: float = Field(0.2, ge=-1.0, le=1.0)


class JudgeSettings(_Section):
    provider: Literal["openai-like", "ollama"] = "ollama"
    model: str = "bespoke-minicheck"
    api_base: str = "http://127.0.0.1:11434"
    api_key_env: str = "JUDGE_API_KEY"
    timeout_s: float = Field(60.0, gt=0)


class Settings(_Section):
    data_dir: Path = Path("data")
    corpus: CorpusSettings = CorpusSettings()
    store: StoreSettings = StoreSettings()
    embedding: EmbeddingSettings = EmbeddingSettings()
    chunking: ChunkingSettings = ChunkingSettings()
    retrieval: RetrievalSettings = RetrievalSettings()
    llm: LLMSettings = LLMSettings()
    answer: AnswerSettings = AnswerSettings()
    grounding: GroundingSettings = GroundingSettings()
    judge: JudgeSettings = JudgeSettings()
    profile: str = "default"

    def resolve_path(self, path: str | Path) -> Path:
        """Return `path` as an absolute path, taking relative paths from the repository root."""
        path = Path(path).expanduser()
        return path if path.is_absolute() else REPO_ROOT / path

    @property
    def data_path(self) -> Path:
        """Absolute data directory (embedded store, BM25 indexes, eval caches)."""
        return self.resolve_path(self.data_dir)


def available_profiles(config_dir: Path = CONFIG_DIR) -> list[str]:
    """Names of the profiles in `config_dir` (file stems), `default` first."""
    names = sorted(p.stem for p in config_dir.glob("*.yaml") if p.stem != "default")
    return ["default", *names]


def load_settings(
    profile: str | None = None,
    overrides: Mapping[str, Any] | None = None,
    environ: Mapping[str, str] | None = None,
    config_dir: Path = CONFIG_DIR,
) -> Settings:
    """Build the settings: default.yaml, then the profile, then RAG_* variables, then `overrides`.

    `overrides` maps dotted keys (e.g. ``{"data_dir": "/tmp/x", "retrieval.top_k": 3}``) and wins
    over everything. Raises RagError naming the key for unknown keys and bad values.
    """
    environ = os.environ if environ is None else environ
    profile = profile or environ.get(PROFILE_ENV) or "default"
    merged = _read_yaml(config_dir / "default.yaml")
    if profile != "default":
        profile_file = config_dir / f"{profile}.yaml"
        if not profile_file.is_file():
            raise RagError(
                f"unknown profile '{profile}': no {profile_file}; choose one of "
                f"{', '.join(available_profiles(config_dir))}"
            )
        _merge(merged, _read_yaml(profile_file), source=profile_file.name)
    for name, raw in sorted(environ.items()):
        if name.startswith(ENV_PREFIX) and name != PROFILE_ENV:
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
        raise RagError(f"bad setting '{key}': {err['msg']} (check config/*.yaml and RAG_* variables)") from None


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
            raise RagError(f"unknown setting '{dotted}' (from {source}); see config/default.yaml for the keys")
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
