# Two commands set everything up on a fresh machine:
#   make run    create .venv, install, ingest seeds/ if needed, start the app
#   make test   create .venv with test extras, run the test suite
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
# Extra pip options, e.g. PIP_OPTS="--extra-index-url https://download.pytorch.org/whl/cpu"
# on machines where PyPI's torch would be a CUDA build.
PIP_OPTS ?=

.PHONY: install run test search clean

$(BIN)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install $(PIP_OPTS) -e ".[test]"
	touch $@

install: $(BIN)/.installed

run: install
	$(BIN)/rag ingest
	$(BIN)/rag search "How can protein language model embeddings help molecular dynamics?"

test: install
	$(BIN)/pytest

clean:
	rm -rf $(VENV) data
