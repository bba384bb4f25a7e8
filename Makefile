# Two commands set everything up on a fresh machine:
#   make run    create .venv, install, start the chat page (ingests seeds/ into an empty store)
#   make test   create .venv with test extras, run the test suite
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
# Extra pip options, e.g. PIP_OPTS="--extra-index-url https://download.pytorch.org/whl/cpu"
# on machines where PyPI's torch would be a CUDA build.
PIP_OPTS ?=
# llama-cpp-python compiles from source; a native build crashes on some CPUs, this portable one does not.
CMAKE_ARGS ?= -DGGML_NATIVE=OFF -DGGML_AVX2=ON -DGGML_FMA=ON -DGGML_F16C=ON
export CMAKE_ARGS
# Options for `rag serve`, e.g. SERVE_OPTS="--port 8080 --profile extractive".
SERVE_OPTS ?=

.PHONY: install run test clean

$(BIN)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install $(PIP_OPTS) -e ".[test]"
	touch $@

install: $(BIN)/.installed

run: install
	$(BIN)/rag serve $(SERVE_OPTS)

test: install
	$(BIN)/pytest

clean:
	rm -rf $(VENV) data
