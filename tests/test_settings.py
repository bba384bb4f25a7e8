"""Configuration: defaults, profiles, environment overrides, and refusals that name the key."""

from __future__ import annotations

import pytest

from rag.errors import RagError
from rag.settings import available_profiles, load_settings


def test_defaults_come_from_default_yaml():
    settings = load_settings(environ={})
    assert settings.store.mode == "embedded"
    assert settings.embedding.model == "all-MiniLM-L6-v2"
    assert settings.retrieval.top_k == 5
    assert settings.data_path.name == "data"


def test_profile_then_environment_then_overrides():
    settings = load_settings(profile="server", environ={"RAG_STORE__PORT": "9001", "RAG_RETRIEVAL__TOP_K": "7"})
    assert settings.store.mode == "http" and settings.store.port == 9001 and settings.retrieval.top_k == 7
    env = {"RAG_PROFILE": "server", "RAG_DATA_DIR": "/tmp/elsewhere"}
    settings = load_settings(environ=env, overrides={"data_dir": "/tmp/flag"})
    assert settings.profile == "server" and str(settings.data_path) == "/tmp/flag"


@pytest.mark.parametrize(
    "environ,needle",
    [
        ({"RAG_RETRIEVAL__TOPK": "3"}, "unknown setting 'retrieval.topk'"),
        ({"RAG_STORE__MODE": "cloud"}, "bad setting 'store.mode'"),
        ({"RAG_RETRIEVAL__TOP_K": "0"}, "bad setting 'retrieval.top_k'"),
        ({"RAG_DATA_DIR__X": "1"}, "unknown setting 'data_dir.x'"),
    ],
)
def test_unknown_keys_and_bad_values_are_refused_by_name(environ, needle):
    with pytest.raises(RagError, match=needle.replace("(", r"\(")):
        load_settings(environ=environ)


def test_unknown_profile_lists_the_available_ones():
    with pytest.raises(RagError, match="unknown profile 'nope'.*default"):
        load_settings(profile="nope", environ={})
    assert "server" in available_profiles()


def test_profile_files_are_checked_too(tmp_path):
    (tmp_path / "default.yaml").write_text("retrieval:\n  top_k: 3\n")
    (tmp_path / "typo.yaml").write_text("retreival:\n  top_k: 3\n")
    with pytest.raises(RagError, match="unknown setting 'retreival.top_k'"):
        load_settings(profile="typo", environ={}, config_dir=tmp_path)
