# make run: the server on embedded SQLite; make test: lint, types and every test.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run test lint typecheck pytest scenarios bench play clean

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip 2>&1 | grep -v "is ignored" || true
	$(PY) -m pip install -q -e ".[test]" 2>&1 | grep -v "is ignored" || true
	$(PY) -c "import doublesix, starlette, pytest, hypothesis"
	touch $(STAMP)

run: $(STAMP)
	$(VENV)/bin/doublesix serve --host $(HOST) --port $(PORT)

play: $(STAMP)
	$(VENV)/bin/doublesix play

test: $(STAMP) lint typecheck pytest

lint: $(STAMP)
	$(VENV)/bin/ruff check src tests bench

typecheck: $(STAMP)
	$(VENV)/bin/mypy

pytest: $(STAMP)
	$(PY) -m pytest

scenarios: $(STAMP)
	$(PYTHON) ../shared/scenarios/check.py --cmd "$(VENV)/bin/doublesix replay" ../shared/scenarios \
		../shared/scenarios/kozel tests/scenarios

bench: $(STAMP)
	$(VENV)/bin/doublesix bench --preset draw --players 2 --seconds 10 --json

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
