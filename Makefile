# Two commands on a fresh machine:  `make run` (print a kit, serve the tracker to the phones
# on this network) and `make test` (the whole test suite, as CI runs it).
# `make run HOST=127.0.0.1 PORT=8000`, `make run URL=https://tracker.example` (behind a proxy),
# `make test VENV=/tmp/venv` (any virtualenv path).
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
SEED   ?= 7
PAPER  ?= a4
HOST   ?= 0.0.0.0
PORT   ?= 5000
URL    ?=
GAME   ?= galaxy-express

.PHONY: install install-dev run kit serve test lint clean

# Running needs the runtime dependencies and gunicorn only; the test toolchain is separate.
$(BIN)/.installed-run: pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[serve]'
	touch $@

$(BIN)/.installed-dev: pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $@ $(BIN)/.installed-run

install: $(BIN)/.installed-run

install-dev: $(BIN)/.installed-dev

SERVE_ARGS = --host $(HOST) --port $(PORT) $(if $(URL),--url $(URL))

kit: install
	$(BIN)/pnp kit $(GAME) --seed $(SEED) --paper $(PAPER) \
	  --tracker-url "$$($(BIN)/python -m webscore.serve $(SERVE_ARGS) --print-url)"

serve: install
	$(BIN)/python -m webscore.serve $(SERVE_ARGS)

run: install
	$(BIN)/python -m webscore.serve $(SERVE_ARGS) --kit $(GAME) --seed $(SEED) --paper $(PAPER)

test: install-dev
	VENV=$(VENV) bash .ci/test

lint: install-dev
	$(BIN)/ruff check pnp webscore tests bench
	$(BIN)/mypy

clean:
	rm -rf $(VENV) output/*.pdf .pytest_cache .mypy_cache
