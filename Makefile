# make run: the server on embedded SQLite (installs the [server] extra only);
# make test: ruff, mypy and every test (installs the [test] extra: the test tools);
# make check: the same without the browser, the services and the slow tests, in a minute:
# every step at once, pytest on two workers per core (both run the browser client's node tests, tsc and
# ESLint: `make js`).
# pipefail: a failed pip fails the recipe even though its output goes through grep below
SHELL := /bin/bash
.SHELLFLAGS := -o pipefail -ec
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
# one stamp per extra, so that `make run` never pulls in the test tools
CORE := $(VENV)/.core
SERVER := $(VENV)/.server
TESTS := $(VENV)/.test
HOST ?= 127.0.0.1
PORT ?= 8000
# a storage URL for `make run DB=…` (default: the server's own, sqlite:///data/doublesix.db)
DB ?=
# the shared material (rules, seeds, scenarios) beside the clone; optional, see README
SHARED ?= ../shared

# this machine kind's package mirror warns "Location … is ignored" for every package: noise
PIP_QUIET := 2>&1 | { grep -v "is ignored: it is neither a file nor a directory" || true; }

.PHONY: run test check check-pytest lint typecheck js js-test js-types js-lint pytest scenarios \
	bench play clean

# the venv's own setuptools too: Python 3.11's bundled one (65) cannot read pyproject's
# `license = "MIT"`, so an offline `pip install -e . --no-build-isolation` would fail
$(PY):
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade "setuptools>=77" $(PIP_QUIET)

$(CORE): pyproject.toml | $(PY)
	$(PY) -m pip install -q -e . $(PIP_QUIET)
	touch $@

$(SERVER): pyproject.toml | $(PY)
	$(PY) -m pip install -q -e ".[server]" $(PIP_QUIET)
	touch $@

$(TESTS): pyproject.toml | $(PY)
	$(PY) -m pip install -q -e ".[test]" $(PIP_QUIET)
	touch $@

# the name older notes use for "everything installed"
$(VENV)/.installed: $(TESTS)
	touch $@

# for a terminal: make passes SIGTERM / Ctrl+C on and waits for the server's graceful stop
# (which exits 0), but then ends by that signal itself; a service runs `doublesix serve`
# directly (README, "Exit status and systemd")
run: $(SERVER)
	$(VENV)/bin/doublesix serve --host $(HOST) --port $(PORT) $(if $(DB),--db "$(DB)")

play: $(CORE)
	$(VENV)/bin/doublesix play

test: lint typecheck js pytest

# the one-minute loop: ruff, mypy, the client's checks and the tests that need neither a
# browser, nor PostgreSQL / Redis, nor minutes (markers: pyproject.toml, tests/conftest.py); the
# properties and the bots' game loops run a tenth of their examples (hypothesis profile "fast").
# The steps run side by side (-j), each one's output printed whole when it ends (--output-sync),
# and pytest spreads the files over two workers per core (pytest-xdist: a whole file to a worker, so a
# file's module fixtures are built once). `make test` runs everything, one step at a time.
check: $(TESTS) $(NODE_TOOLS)
	$(MAKE) --no-print-directory -j 6 --output-sync=target check-pytest lint typecheck js-test \
	  js-types js-lint

# two workers per core: most of these tests wait on a socket, a timer or a child process
# rather than compute (53 s against 71 s with one per core, here on two cores)
CHECK_WORKERS ?= $(shell echo $$(( $$(nproc) * 2 )))

check-pytest: $(TESTS)
	$(PY) -m pytest -m "not browser and not services and not slow" --hypothesis-profile=fast \
	  -n $(CHECK_WORKERS) --dist loadfile

lint: $(TESTS)
	$(VENV)/bin/ruff check src tests bench

typecheck: $(TESTS)
	$(VENV)/bin/mypy

# The browser client (src/doublesix/server/static/js, served as it is: no build): node's test
# runner over its DOM-free modules (tests/js), TypeScript over its JSDoc types, ESLint's
# recommended rules. The three tools come from the npm registry at the versions
# package-lock.json pins, into node_modules/ (development only, never served).
NODE_TOOLS := node_modules/.package-lock.json

$(NODE_TOOLS): package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

# tsc (jsconfig*.json: incremental) and ESLint (--cache) keep what they learnt of unchanged
# files in node_modules/.cache, so a second run checks only what changed.
js: js-test js-types js-lint

js-test: $(NODE_TOOLS)
	node --test tests/js/*.test.js

js-types: $(NODE_TOOLS)
	node_modules/.bin/tsc --noEmit -p jsconfig.json
	node_modules/.bin/tsc --noEmit -p jsconfig.dom-free.json

js-lint: $(NODE_TOOLS)
	node_modules/.bin/eslint --cache --cache-location node_modules/.cache/eslint/ \
	  src/doublesix/server/static/js tests/js eslint.config.js

# Three runs, so that CI stays near a quarter of an hour on two cores: the quick tests and the
# browser tests each on two workers (a whole file to a worker; a browser test mostly waits for
# the page, and every worker has its own server and browser), and between them, one at a time,
# the tests that time a server under load, kill or restart processes, or share one PostgreSQL
# and Redis (markers: tests/conftest.py). Every run runs, even after one failed; make fails if
# any did. PYTEST_WORKERS=0 runs every test in this process, one after another.
PYTEST_WORKERS ?= 2
PYTEST_SPREAD := $(if $(filter 0,$(PYTEST_WORKERS)),,-n $(PYTEST_WORKERS) --dist loadfile)
# the first run's tests mostly wait (sockets, timers, child processes): two workers per core,
# as make check (64 s against 90 s with one per core, here on two idle cores); the browser run
# stays at one per core, where each worker's Chromium computes
QUICK_SPREAD := $(if $(filter 0,$(PYTEST_WORKERS)),,-n $(CHECK_WORKERS) --dist loadfile)

pytest: $(TESTS)
	@failed=""; \
	echo "pytest 1/3: the tests that need neither a browser, nor a service, nor minutes"; \
	$(PY) -m pytest -m "not browser and not services and not slow" $(QUICK_SPREAD) \
	  || failed="$$failed 1"; \
	echo "pytest 2/3: PostgreSQL and Redis, timed campaigns, killed and restarted servers"; \
	$(PY) -m pytest -m "(services or slow) and not browser" || failed="$$failed 2"; \
	echo "pytest 3/3: the browser client in Chromium"; \
	$(PY) -m pytest -m "browser" $(PYTEST_SPREAD) || failed="$$failed 3"; \
	if [ -n "$$failed" ]; then echo "pytest failed in run(s):$$failed (see each run's summary above)"; exit 1; fi

# ours by our own judge; the shared ones by the shared check.py when they are beside the clone
scenarios: $(CORE)
	$(PY) -m tests.scenario_judge tests/scenarios
	@if [ -f "$(SHARED)/scenarios/check.py" ]; then \
	  echo "$(PY) $(SHARED)/scenarios/check.py $(SHARED)/scenarios $(SHARED)/scenarios/kozel"; \
	  $(PY) "$(SHARED)/scenarios/check.py" --cmd "$(VENV)/bin/doublesix replay" \
	    "$(SHARED)/scenarios" "$(SHARED)/scenarios/kozel"; \
	else \
	  echo "$(SHARED)/scenarios/ is not here: the shared scenarios were not run (see README)"; \
	fi

bench: $(CORE)
	$(VENV)/bin/doublesix bench --preset draw --players 2 --seconds 10 --json

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache node_modules
