# One entry point for people and CI. Every target can be run again safely.
#   make run    set everything up, index the sample corpus, open the desktop window on it
#   make demo   the same on the command line: index, then answer QUESTION in the terminal
#   make serve  the same data as a plant server on loopback (consoles: --server http://127.0.0.1:8750),
#               with its vectors in a Chroma server and its model in llama.cpp's llama-server
#   make test   set everything up, check the code (ruff, mypy), run the whole test suite
#   make lint   the code checks alone: ruff (pyproject [tool.ruff]) and mypy on operator_assistant/
#   make test-fast  the quick tier while editing: no real-model integration, no crash trials (about two minutes)
#   make bundle set everything up, build the installable application folder in dist/

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# Re-install when pyproject.toml changes.
STAMP := $(VENV)/.installed-$(shell sha256sum pyproject.toml | cut -c1-16)
SAMPLE_DATA := .data/sample
QUESTION ?= What is the discharge pressure alarm threshold on the B-series boosters?
# The sample data dir's admin passphrase, for this demo only: `make run` and `make demo` change
# the corpus as a scripted admin job would, so they pass the passphrase in the environment
# (set on first use; the window's Unlock admin asks for the same). Real data dirs get their
# own passphrase from an admin.
SAMPLE_ADMIN_PASSPHRASE ?= sample-admin

.PHONY: setup models llama-server sample run demo serve lint test test-fast bundle clean

setup: $(STAMP) models llama-server

# llama.cpp's CPU instructions, as packaging/llama_server.py CPU_OPTIONS (why: there): not -march=native.
LLAMA_CPU_OPTIONS := -DGGML_NATIVE=OFF -DGGML_AVX=ON -DGGML_AVX2=ON -DGGML_FMA=ON -DGGML_F16C=ON -DGGML_BMI2=ON -DGGML_AVX512=OFF -DGGML_AMX_TILE=OFF -DGGML_AMX_INT8=OFF -DGGML_AMX_BF16=OFF
LLAMA_CPP_PYTHON := $(shell grep -o 'llama-cpp-python\[server\]==[0-9.]*' pyproject.toml)

$(STAMP): pyproject.toml Makefile
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "Python 3.11 or newer is needed (set PYTHON=...)")'
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	# built from source with the options above; --no-cache-dir: a wheel cached from a native build is never reused
	CMAKE_ARGS='$(LLAMA_CPU_OPTIONS)' $(BIN)/python -m pip install --quiet --no-cache-dir --force-reinstall --no-deps '$(LLAMA_CPP_PYTHON)'
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	rm -f $(VENV)/.installed-*
	touch $@

models: $(STAMP)
	$(BIN)/operator-assistant models fetch

# llama.cpp's model server for `serve --model-server`, built from the llama.cpp sources inside the pinned
# llama-cpp-python's source archive (sha256 in packaging/llama_server.py); several minutes on two cores
LLAMA_SERVER := $(BIN)/llama-server
llama-server: $(LLAMA_SERVER)
$(LLAMA_SERVER): packaging/llama_server.py | $(STAMP)
	$(BIN)/python packaging/llama_server.py --out $@

sample: setup
	OPERATOR_ASSISTANT_ADMIN_PASSPHRASE='$(SAMPLE_ADMIN_PASSPHRASE)' $(BIN)/operator-assistant --data-dir $(SAMPLE_DATA) ingest corpus/documents
	OPERATOR_ASSISTANT_ADMIN_PASSPHRASE='$(SAMPLE_ADMIN_PASSPHRASE)' $(BIN)/operator-assistant --data-dir $(SAMPLE_DATA) calibrate corpus/golden.jsonl

run: sample
	$(BIN)/operator-assistant --data-dir $(SAMPLE_DATA)

demo: sample
	$(BIN)/operator-assistant --data-dir $(SAMPLE_DATA) ask "$(QUESTION)"

# The plant server on the sample data, loopback only, vectors in a Chroma server (README, Plant server).
serve: sample
	$(BIN)/operator-assistant --data-dir $(SAMPLE_DATA) serve --chroma --model-server

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/mypy

# The checks run first, so CI (.ci/run -> make test) fails on a ruff or mypy error.
test: setup lint
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest

# FAST_WORKERS: pytest-xdist processes (one per core on the 2-core workstation)
FAST_WORKERS ?= 2
test-fast: setup
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest -n $(FAST_WORKERS) -m "not integration and not slow"

bundle: setup
	$(BIN)/python packaging/build.py

clean:
	rm -rf $(VENV) .data .pytest_cache .mypy_cache .ruff_cache build dist
