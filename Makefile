# Two commands: `make run` sets up and starts the app; `make test` sets up and runs every test.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
PORT ?= 8000
DB ?= companion.db
# The suite's parallel workers: most of a test's time is spent waiting on sockets, servers and
# browsers, so more workers than this machine's 2 cores still shortens the run.
WORKERS ?= 4

.PHONY: run test lint bench chromium webkit postgres clean

$(BIN)/python:
	$(PY) -m venv $(VENV)

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/companion serve --host 0.0.0.0 --port $(PORT) --db $(DB) --qr

chromium:
	@if [ ! -x /usr/bin/chromium ]; then \
	  echo "Installing Debian's chromium for the browser tests"; \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq chromium fonts-dejavu-core >/dev/null; \
	fi

# WebKit (Safari's engine) for tests/test_webkit*.py: WebKitWebDriver and its MiniBrowser, under Xvfb.
webkit:
	@if ! command -v WebKitWebDriver >/dev/null || ! command -v Xvfb >/dev/null; then \
	  echo "Installing Debian's webkit2gtk-driver and xvfb for the WebKit tests"; \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq webkit2gtk-driver xvfb fonts-dejavu-core >/dev/null; \
	fi

# The tests start a throwaway PostgreSQL cluster of their own (companion/pgcluster.py) and stop it.
postgres:
	@if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 && ! command -v initdb >/dev/null; then \
	  echo "Installing Debian's postgresql for the multi-process tests"; \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq postgresql >/dev/null; \
	fi

test: $(STAMP) chromium webkit postgres
	$(BIN)/ruff check .
	$(BIN)/pytest -n $(WORKERS) --dist loadfile

lint: $(STAMP)
	$(BIN)/ruff check .

# First the cheap measure the machine's load hardly moves (server CPU per roll and per dawn, a row
# appended to bench/history.csv), then the figures beside their targets (issue 27).
bench: $(STAMP) chromium postgres
	$(BIN)/python bench/cpu.py
	COMPANION_CREATES_PER_HOUR=100000 $(BIN)/python bench/fanout.py  # it creates more tables than 30 an hour
	$(BIN)/python bench/firstload.py
	$(BIN)/python bench/clue.py
	$(BIN)/python bench/clue.py --load --server-only  # another table rolling, a second process spinning
	$(BIN)/python bench/multiprocess.py  # starts its own throwaway PostgreSQL cluster

clean:
	rm -rf $(VENV) *.egg-info
