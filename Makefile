# Two commands on a fresh machine:  `make run` (print a kit, serve the tracker)
# and `make test` (the whole test suite, as CI runs it).
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
SEED   ?= 7
PAPER  ?= a4

.PHONY: install run kit serve test lint clean

$(BIN)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $@

install: $(BIN)/.installed

kit: install
	$(BIN)/pnp kit galaxy-express --seed $(SEED) --paper $(PAPER)

serve: install
	$(BIN)/flask --app webscore run

run: kit serve

test: install
	bash .ci/test

lint: install
	$(BIN)/ruff check pnp webscore tests bench
	$(BIN)/mypy

clean:
	rm -rf $(VENV) output/*.pdf .pytest_cache .mypy_cache
