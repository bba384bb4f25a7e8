"""The LLM backends for real: llama-cpp in-process with the bundled GGUF, openai-like against a real
llama_cpp.server subprocess, and each backend's one-line failure messages."""

from __future__ import annotations

import pytest

from conftest import free_port, make_settings
from conftest import answerer_for
from rag.backends import BACKENDS, LLMError, build_backend, bundled_gguf_path
from rag.errors import RagError
from rag.settings import load_settings

MESSAGES = [{"role": "user", "content": "Name one colour."}]


def _llm(**updates):
    return load_settings(environ={}).llm.model_copy(update={"max_tokens": 8, **updates})


def build_chat_model(llm):
    """The backend for these LLM settings over otherwise default settings."""
    settings = load_settings(environ={})
    return build_backend(settings.model_copy(update={"llm": llm}))


def test_bundled_model_is_found_without_any_path_in_config():
    settings = load_settings(environ={})
    assert settings.llm.provider == "llama-cpp" and settings.llm.model_path == ""
    assert bundled_gguf_path().is_file()
    assert build_backend(settings).label == "llama-cpp:SmolLM2-135M-Instruct"


def test_llama_cpp_in_process_streams_text_and_loads_once():
    model = build_chat_model(_llm())
    pieces = list(model.stream(MESSAGES))
    assert pieces and all(isinstance(p, str) for p in pieces)
    assert "".join(pieces).strip()
    first = model.load()
    list(model.stream(MESSAGES))
    assert model.load() is first


def test_openai_like_streams_from_a_real_llama_cpp_server(llama_server):
    model = build_chat_model(_llm(provider="openai-like", api_base=llama_server, model="smollm2"))
    assert model.label == "openai-like:smollm2"
    text = "".join(model.stream(MESSAGES))
    assert text.strip()


def test_openai_like_answerer_gives_checked_answer(llama_server, seeded_settings, seeded_retriever):
    settings = seeded_settings.model_copy(update={"llm": _llm(provider="openai-like", api_base=llama_server, model="smollm2", max_tokens=48)})
    answer = answerer_for(settings, seeded_retriever).ask("How deep was the SNN trained with SpikeInit?")
    assert answer.error is None and not answer.refused
    assert answer.backend == "openai-like:smollm2"
    assert answer.citations and all(c.supported for c in answer.citations)


def test_unreachable_server_gives_one_line_error_and_keeps_sources(seeded_settings, seeded_retriever):
    url = f"http://127.0.0.1:{free_port()}/v1"
    settings = seeded_settings.model_copy(update={"llm": _llm(provider="openai-like", api_base=url, model="m", timeout_s=5)})
    answer = answerer_for(settings, seeded_retriever).ask("How deep was the SNN trained with SpikeInit?")
    assert answer.error is not None and "\n" not in answer.error
    assert answer.error.startswith(f"openai-like:m at {url} failed")
    assert answer.sources and answer.sources[0].title == "SpikeInit"
    assert answer.answer == "" and answer.citations == []


def test_ollama_closed_port_error_names_backend_and_url():
    # An Ollama server cannot run here, so only the native client's failure path is exercised.
    url = f"http://127.0.0.1:{free_port()}"
    model = build_chat_model(_llm(provider="ollama", api_base=url, model="llama3.2", timeout_s=5))
    with pytest.raises(LLMError) as err:
        list(model.stream(MESSAGES))
    message = str(err.value)
    assert message.startswith(f"ollama:llama3.2 at {url} failed") and "\n" not in message


def test_bad_model_path_is_a_one_line_error_naming_the_path(tmp_path):
    missing = tmp_path / "nope.gguf"
    model = build_chat_model(_llm(model_path=str(missing)))
    with pytest.raises(LLMError) as err:
        list(model.stream(MESSAGES))
    assert str(missing) in str(err.value) and "llama-cpp" in str(err.value) and "\n" not in str(err.value)


def test_unknown_provider_is_refused_with_the_available_ones():
    with pytest.raises(RagError) as err:
        build_chat_model(_llm(provider="olama"))
    assert str(err.value) == f"unknown llm.provider 'olama'; available: {', '.join(sorted(BACKENDS))}"
    assert {"llama-cpp", "openai-like", "ollama", "extractive"} <= set(BACKENDS)


def test_server_backends_need_a_model_name():
    with pytest.raises(RagError, match="llm.model is empty"):
        build_chat_model(_llm(provider="openai-like", model=""))


@pytest.mark.parametrize("profile,provider", [("openai", "openai-like"), ("vllm", "openai-like"), ("ollama", "ollama"), ("extractive", "extractive")])
def test_profiles_switch_backend_without_code(profile, provider, tmp_path):
    assert load_settings(profile=profile, environ={}).llm.provider == provider
    via_env = load_settings(environ={"RAG_PROFILE": profile, "RAG_LLM__TEMPERATURE": "0.5"})
    assert via_env.llm.provider == provider and via_env.llm.temperature == 0.5
    assert make_settings(tmp_path, **{"llm.provider": "extractive"}).llm.provider == "extractive"


def test_api_keys_are_named_not_stored():
    settings = load_settings(profile="openai", environ={})
    assert settings.llm.api_key_env == "OPENAI_API_KEY"
    with pytest.raises(RagError, match="unknown setting 'llm.api_key'"):
        load_settings(environ={"RAG_LLM__API_KEY": "sk-123"})


SECRET = "sk-paper-rag-test-9f8e7d6c5b4a"


@pytest.mark.parametrize("case, reply, reason", [
    ("timeout", "sleep", "timed out"),
    ("401", (401, "application/json", b'{"error": {"message": "Incorrect API key provided: sk-paper-rag-test-9f8e7d6c5b4a", "type": "invalid_request_error", "code": "invalid_api_key"}}'), "rejected the API key"),
    ("404", (404, "application/json", b'{"error": {"message": "The model `nope` does not exist", "type": "invalid_request_error", "code": "model_not_found"}}'), "not found"),
    ("not json", (200, "application/json", b"this is {not json"), "no text"),
])
def test_openai_like_failures_are_one_line_naming_backend_and_url_never_the_key(case, reply, reason, scripted_llm, monkeypatch):
    """A scripted loopback server stands in for a hosted model that is slow, refuses the key, lacks
    the model, or answers 200 with a body that is not a completion (401 echoes the key, as OpenAI does)."""
    import time

    def answer(body):
        if reply == "sleep":
            time.sleep(3)
            return 200, "application/json", b"{}"
        return reply

    server = scripted_llm(answer)
    monkeypatch.setenv("PAPER_RAG_TEST_KEY", SECRET)
    backend = build_chat_model(_llm(provider="openai-like", model="nope", api_base=server.url, timeout_s=1,
                                    api_key_env="PAPER_RAG_TEST_KEY"))
    with pytest.raises(LLMError) as caught:
        list(backend.stream(MESSAGES))
    message = str(caught.value)
    assert server.requests and server.requests[0]["authorization"] == f"Bearer {SECRET}"  # the key was sent ...
    assert SECRET not in message and SECRET not in repr(caught.value)  # ... and never shown
    assert "\n" not in message and message.startswith(f"openai-like:nope at {server.url} failed:"), message
    assert reason in message, message
