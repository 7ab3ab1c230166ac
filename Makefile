# `make run` and `make test` do all their own set-up in .venv on a fresh machine.
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint typecheck bench clean

$(STAMP): pyproject.toml
	python3 -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[test]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/klaverjas demo --seed 1

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks

typecheck: $(STAMP)
	$(BIN)/mypy src/klaverjas/core

test: lint typecheck
	$(BIN)/pytest

bench: $(STAMP)
	$(BIN)/python benchmarks/playouts.py --deals 20000 --rules amsterdam

clean:
	rm -rf $(VENV) build src/*.egg-info
