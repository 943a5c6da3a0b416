# Euchre Laws. On a fresh machine: `make serve` (preview the site) and `make test` (every test).
# Everything runs from a project venv (.venv, or VENV=...) made from the locks in requirements/ (with hashes).

PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
CHROMIUM ?= /usr/bin/chromium
# build_scripts (hooks, the Markdown extension) and euchre_core import from the repository root.
# NO_MKDOCS_2_WARNING=1 silences Material's end-of-life banner, deliberately (ARCHITECTURE.md, "Other renderers").
RUN := PYTHONPATH=. NO_MKDOCS_2_WARNING=1

.PHONY: all venv venv-dev engine-test lock node-deps node-serve-deps build serve sims preview test lint dist chromium clean

all: build

# The Python dependencies: the groups of pyproject.toml ([dependency-groups]: site, test, dev), each locked
# with its hashes in requirements/GROUP.txt (`make lock`), pip itself in requirements/pip.txt. `make venv`
# installs the site group (what build and serve need), `make venv-dev` everything (test adds the suite's
# tools, dev the habits'); pip refuses any file whose hash is not in the lock (--require-hashes).
SITE_STAMP := $(VENV)/.installed-site
DEV_STAMP := $(VENV)/.installed-dev
PIP_INSTALL = $(BIN)/python -m pip install --quiet --require-hashes --no-deps --only-binary :all:
# --no-deps installs only what the lock lists: pip check then fails if a lock misses a requirement
# (tests/test_locks.py checks the locks against pyproject.toml's pins)
PIP_CHECK = $(BIN)/python -m pip check

venv: $(SITE_STAMP)

venv-dev: $(DEV_STAMP)

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(SITE_STAMP): requirements/pip.txt requirements/site.txt | $(BIN)/python
	$(PIP_INSTALL) -r requirements/pip.txt
	$(PIP_INSTALL) -r requirements/site.txt
	$(PIP_CHECK)
	touch $@

$(DEV_STAMP): requirements/pip.txt requirements/dev.txt | $(BIN)/python
	$(PIP_INSTALL) -r requirements/pip.txt
	$(PIP_INSTALL) -r requirements/dev.txt
	$(PIP_CHECK)
	touch $@ $(SITE_STAMP)

# The engine alone on any Python it supports (3.10+), as CI's matrix runs it: its tests (tests/engine_tests.txt)
# and doctests, with only pytest and hypothesis installed, e.g. `make engine-test PYTHON=python3.10 VENV=/tmp/v310`.
ENGINE_STAMP := $(VENV)/.installed-engine-test

$(ENGINE_STAMP): requirements/pip.txt requirements/engine-test.txt | $(BIN)/python
	$(PIP_INSTALL) -r requirements/pip.txt
	$(PIP_INSTALL) -r requirements/engine-test.txt
	$(PIP_CHECK)
	touch $@

engine-test: $(ENGINE_STAMP)
	$(RUN) $(BIN)/python -m pytest -p no:cacheprovider -m "not slow" euchre_core $$(grep -v '^#' tests/engine_tests.txt)

# The locks again from pyproject.toml's groups (after editing a pin; Dependabot edits both): uv, from the
# dev group, resolves for every platform and Python >= 3.11 (the tools' floor; the engine itself needs 3.10).
UV_COMPILE = $(BIN)/uv pip compile --quiet --universal --generate-hashes --custom-compile-command "make lock"
lock: venv-dev
	for group in site test dev pip; do \
	  $(UV_COMPILE) --python-version 3.11 --group $$group -o requirements/$$group.txt || exit 1; \
	done
	$(UV_COMPILE) --python-version 3.10 --group engine-test -o requirements/engine-test.txt

# The JavaScript dependencies (package.json, pinned in package-lock.json): the Pyodide runtime that the
# build copies into site/pyodide/, workbox-window (bundled into the built offline.mjs), the build's bundlers, axe-core for the accessibility test, Biome (lint). `npm ci` runs again only
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

# What `make serve` needs of them: the Pyodide runtime alone (the package's "dependencies"; about 14 MB, not the
# build's bundlers, Lighthouse and the linters, 300 MB): `npm ci --omit=dev`, unless everything is installed already.
NODE_SERVE_STAMP := node_modules/.installed-serve

node-serve-deps: $(NODE_SERVE_STAMP)

$(NODE_SERVE_STAMP): package-lock.json package.json
	@if [ -f $(NODE_STAMP) ] && [ $(NODE_STAMP) -nt package-lock.json ] && [ $(NODE_STAMP) -nt package.json ]; then \
	  touch $(NODE_SERVE_STAMP); \
	else \
	  command -v npm >/dev/null 2>&1 || { \
	    if [ "$$(id -u)" = 0 ]; then apt-get update && apt-get install -y npm; \
	    elif command -v sudo >/dev/null 2>&1; then sudo apt-get update && sudo apt-get install -y npm; \
	    else echo "make: npm is missing; install Debian's npm package (as root)" >&2; exit 1; fi; }; \
	  npm ci --omit=dev --no-audit --no-fund && touch $(NODE_SERVE_STAMP); \
	fi

# The generator writes the docs tree (build/docs: build_scripts/generate.py), MkDocs renders it.
build: venv node-deps
	$(RUN) $(BIN)/python -m build_scripts.generate --out build/docs
	$(RUN) EUCHRE_GENERATED=1 $(BIN)/mkdocs build --strict --site-dir site

# The generator's watcher (content/, docs/, overrides/, euchre_core/, build_scripts/) beside
# `mkdocs serve --dirty` on its tree (build/serve-docs): build_scripts/serve.py.
serve: venv node-serve-deps
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
test: venv-dev node-deps chromium lint
	$(RUN) $(BIN)/python -m pytest

# The habits the tests also hold us to: lint, formatting and types (strict for the engine), and Biome's lint
# of the JavaScript (biome.jsonc); run by `make test`.
lint: venv-dev node-deps
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	node_modules/.bin/biome lint --error-on-warnings

# The engine for Python programmers: sdist and wheel in dist/ (the release workflow publishes them).
dist: venv
	rm -rf dist
	SOURCE_DATE_EPOCH=315532800 $(BIN)/python -m build --no-isolation --outdir dist .

clean:
	rm -rf site dist build .cache .pytest_cache .ruff_cache .mypy_cache
