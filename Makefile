# The two commands a newcomer needs: `make run` and `make test`. Both install what they need.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test quick check bench clean postgres

$(STAMP): requirements.txt requirements-dev.txt
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -r requirements-dev.txt
	touch $(STAMP)

## Start the bot: with DISCORD_TOKEN it connects to Discord; without, the local table.
run: $(STAMP)
	$(BIN)/python bot.py

## The tests run on two pytest-xdist workers (tests/conftest.py says what shares a worker), with
## Python's own traceback style: pytest 9 crashes (INTERNALERROR) on a frame without a line
## number, which a timeout's signal can leave. The 15 slowest tests are listed at the end.
PYTEST := $(BIN)/python -m pytest -q -n 2 --dist loadgroup --tb=native --durations=15

## Every check: lint, format, types, import layers, all tests (slow ones included).
test: check
	$(PYTEST)

## Start this machine's PostgreSQL server if it is down. The tests run every store, session and
## league test on SQLite and on PostgreSQL (a throw-away database they make and drop); without a
## server the PostgreSQL half skips, except under CI=true (.ci/run), where it fails.
postgres:
	.ci/postgres

## The quick loop while working: checks and the tests not marked slow.
quick: check
	$(PYTEST) -m "not slow"

check: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/lint-imports

bench: $(STAMP)
	for f in bench/*.py; do $(BIN)/python $$f || exit 1; done

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache
