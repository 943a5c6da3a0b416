# Euchre Laws. On a fresh machine: `make serve` (preview the site) and `make test` (every test).
# Everything runs from a project venv (.venv) made from requirements-dev.txt.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
CHROMIUM ?= /usr/bin/chromium
# build_scripts (hooks, the Markdown extension) and euchre_core import from the repository root.
RUN := PYTHONPATH=. NO_MKDOCS_2_WARNING=1

.PHONY: all venv node-deps build serve sims preview test lint dist chromium clean

all: build

venv: $(STAMP)

$(STAMP): requirements-dev.txt
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -r requirements-dev.txt
	touch $(STAMP)

# The JavaScript dependencies (package.json, pinned in package-lock.json): the Pyodide runtime that the
# build copies into site/pyodide/, and axe-core for the accessibility test. `npm ci` runs again only
# when the lock file changes (the stamp is in node_modules/, which npm ci replaces).
NODE_STAMP := node_modules/.installed

node-deps: $(NODE_STAMP)

$(NODE_STAMP): package-lock.json package.json
	@command -v npm >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ]; then apt-get update && apt-get install -y npm; \
	  elif command -v sudo >/dev/null 2>&1; then sudo apt-get update && sudo apt-get install -y npm; \
	  else echo "make: npm is missing; install Debian's npm package (as root)" >&2; exit 1; fi; }
	npm ci --no-audit --no-fund
	touch $(NODE_STAMP)

# The generator writes the docs tree (build/docs: build_scripts/generate.py), MkDocs renders it.
build: venv node-deps
	$(RUN) $(BIN)/python -m build_scripts.generate --out build/docs
	$(RUN) EUCHRE_GENERATED=1 $(BIN)/mkdocs build --strict --site-dir site

# The generator's watcher (content/, docs/, overrides/, euchre_core/, build_scripts/) beside
# `mkdocs serve --dirty` on its tree (build/serve-docs): build_scripts/serve.py.
serve: venv node-deps
	$(RUN) $(BIN)/python -m build_scripts.serve --dev-addr 127.0.0.1:8000

# The hint simulations (a few minutes): the build and serve only read their committed cache.
sims: venv
	$(RUN) $(BIN)/python -m build_scripts.hint_sims

# The built site, served at the URL it was built for (SITE_URL, by default http://127.0.0.1:8000/):
# Material's instant navigation only works there (build_scripts/preview.py).
preview: build
	$(RUN) $(BIN)/python -m build_scripts.preview site

# The browser tests drive Debian's Chromium (Playwright never downloads a browser here).
chromium:
	@if [ ! -x $(CHROMIUM) ]; then \
	  if [ "$$(id -u)" = 0 ]; then apt-get update && apt-get install -y chromium; \
	  elif command -v sudo >/dev/null 2>&1; then sudo apt-get update && sudo apt-get install -y chromium; \
	  else echo "make: $(CHROMIUM) is missing; install Debian's chromium package (as root)" >&2; exit 1; fi; \
	fi

# Everything: the habits first (lint, formatting, types), then every test (engine, content, build, browser).
test: venv node-deps chromium lint
	$(RUN) $(BIN)/python -m pytest

# The habits the tests also hold us to: lint, formatting and types (strict for the engine); run by `make test`.
lint: venv
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

# The engine for Python programmers: sdist and wheel in dist/ (the release workflow publishes them).
dist: venv
	rm -rf dist
	SOURCE_DATE_EPOCH=315532800 $(BIN)/python -m build --no-isolation --outdir dist .

clean:
	rm -rf site dist build .cache .pytest_cache .ruff_cache .mypy_cache
