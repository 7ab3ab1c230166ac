# `make run` and `make test` do all their own set-up in .venv on a fresh machine.
# Debian's CPython is built with PGO and LTO and runs the engine about twice as fast as a
# source build without them, so the venv uses it when it is there.
PYTHON ?= $(shell for p in /usr/bin/python3.11 /usr/bin/python3 python3; do \
	  $$p -c 'import sys, venv, ensurepip; assert sys.version_info >= (3, 11)' 2>/dev/null && echo $$p && break; done)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
PORT ?= 8000
# Debian packages the tests drive: Chromium for the browser tests, PostgreSQL for the several-process store.
# Add a package here by name.
SYSTEM_PACKAGES := chromium postgresql

.PHONY: run test lint typecheck system-packages bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV) || (rm -rf $(VENV) && $(PYTHON) -m venv $(VENV)) || (rm -rf $(VENV) && python3 -m venv $(VENV))
	$(BIN)/python -m pip install -q -e '.[all,test]'
	$(BIN)/python -m klaverjas.solver.warm  # compile the solver into numba's cache once, not at the first game
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/klaverjas serve --port $(PORT)

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks tools examples

typecheck: $(STAMP)
	$(BIN)/mypy src/klaverjas/core
	$(BIN)/mypy src/klaverjas/solver src/klaverjas/bots src/klaverjas/env src/klaverjas/web src/klaverjas/cli
	$(BIN)/mypy tests benchmarks examples

# Installs them as root with apt-get; otherwise the tests that need them fail and say how to install them.
system-packages:
	tools/ensure-system-packages $(SYSTEM_PACKAGES)

test: lint typecheck system-packages
	$(BIN)/pytest

# The API reference from the docstrings, as HTML in build/api/ (git-ignored); pdoc comes from the docs extra.
# Each module by name: pdoc leaves out the submodules a package's __all__ does not list.
API_MODULES = klaverjas klaverjas.core klaverjas.solver klaverjas.bots \
	$(subst /,.,$(patsubst src/%.py,%,$(wildcard src/klaverjas/core/[a-z]*.py src/klaverjas/solver/[a-z]*.py \
	  src/klaverjas/bots/[a-z]*.py)))
.PHONY: docs
docs: $(STAMP)
	$(BIN)/python -c 'import pdoc' 2>/dev/null || $(BIN)/python -m pip install -q -e '.[docs]'
	$(BIN)/pdoc --docformat restructuredtext --output-directory build/api $(API_MODULES)
	@echo "API reference: build/api/index.html"

# The README's pictures: the table (phone and desktop, mid-deal and at the deal's end), the keeper, a lesson.
.PHONY: screenshots
screenshots: $(STAMP)
	$(BIN)/python tools/screenshots.py

bench: $(STAMP)
	$(BIN)/python benchmarks/playouts.py --deals 20000 --rules amsterdam

clean:
	rm -rf $(VENV) build src/*.egg-info
