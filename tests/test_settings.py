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
    (tmp_path / "typo.yaml").write_text("retreival:\n  top_k: 3\n")
    with pytest.raises(RagError, match="unknown setting 'retreival.top_k'"):
        load_settings(profile="typo", environ={}, dirs=[tmp_path])


@pytest.mark.parametrize("name", ["../../outside/x", "/etc/passwd", "a/b", "..", "x\\y"])
def test_profile_names_are_names_not_paths(name, tmp_path):
    (tmp_path / "x.yaml").write_text("retrieval:\n  top_k: 3\n")
    with pytest.raises(RagError, match="bad profile name") as err:
        load_settings(profile=name, environ={})
    assert "\n" not in str(err.value)


def test_profiles_come_from_rag_config_dir_then_user_dir_then_the_package(tmp_path):
    mine, user = tmp_path / "mine", tmp_path / "xdg" / "paper-rag"
    mine.mkdir()
    user.mkdir(parents=True)
    (mine / "lab.yaml").write_text("retrieval:\n  top_k: 11\n")
    (user / "lab.yaml").write_text("retrieval:\n  top_k: 12\n")
    (user / "laptop.yaml").write_text("answer:\n  top_k: 2\n")
    env = {"RAG_CONFIG_DIR": str(mine), "XDG_CONFIG_HOME": str(tmp_path / "xdg")}
    assert load_settings(profile="lab", environ=env).retrieval.top_k == 11
    assert load_settings(profile="laptop", environ=env).answer.top_k == 2
    assert load_settings(profile="extractive", environ=env).llm.provider == "extractive"  # packaged
    assert load_settings(profile="lab", environ={"XDG_CONFIG_HOME": str(tmp_path / "xdg")}).retrieval.top_k == 12


def test_defaults_are_written_once_in_default_yaml():
    # Every field is required in the models: a key missing from default.yaml would fail here, and
    # no default can hide in the code.
    from rag.settings import Settings

    def required(model):
        for name, field in model.model_fields.items():
            assert field.is_required(), f"{model.__name__}.{name} has a default in code"
            annotation = field.annotation
            if isinstance(annotation, type) and hasattr(annotation, "model_fields"):
                required(annotation)

    required(Settings)
    assert load_settings(environ={}).corpus_paths()[0].joinpath("000_711129f47277f084.txt").is_file()
