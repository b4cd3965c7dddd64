# Every target sets itself up on a fresh machine: a virtual environment in .venv with the
# package, its test tools, Playwright, the scale-out extras (redis, limits), Ray and the
# training extra on PyTorch's CPU-only build (the registry serves torch==2.13.0+cpu);
# `make test` also installs Debian's chromium, postgresql, redis-server and nginx (the
# PostgreSQL, Redis and nginx tests start throwaway servers of their own).
VENV ?= .venv
PYTHON ?= python3
# The compiled parts (setup.py) are built in place by the editable install: the engine's
# hot modules (mypyc, from the same typed source; about a minute) and the research
# encoder's accelerator (Cython, src/cuttle/bots/_fastenc.pyx and the vector
# environment's stepper it includes, _fastenc_stepper.pxi). A change to any of their
# sources reinstalls. COMPILE_ENGINE=0 leaves the engine as plain Python (a machine
# without a C compiler gets that anyway); CUTTLE_PURE_PYTHON=1 runs the plain source of
# a compiled install.
COMPILE_ENGINE ?= 1
ACCEL := setup.py src/cuttle/bots/_fastenc.pyx src/cuttle/bots/_fastenc_stepper.pxi
ifeq ($(COMPILE_ENGINE),1)
ACCEL += $(wildcard src/cuttle/engine/*.py src/cuttle/engine/effects/*.py)
ACCEL += $(addprefix src/cuttle/bots/,belief.py evaluate.py policy.py search.py world.py)
endif
STAMP := $(VENV)/.installed-$(shell echo $(COMPILE_ENGINE) | cat - pyproject.toml Makefile $(ACCEL) | cksum | cut -d' ' -f1)
# Run a second time on the plain source (CUTTLE_PURE_PYTHON=1) where the compiled engine
# is built: the engine, house rules, search and environment tests.
PURE_TESTS := tests/test_rules_*.py tests/test_properties.py tests/test_effects.py tests/test_records.py tests/test_golden.py tests/test_explain.py tests/test_house_effects.py tests/test_house_properties.py tests/test_bots.py tests/test_search_minimax.py tests/test_world_value.py tests/test_fast_paths.py tests/envs
TORCH ?= torch==2.13.0+cpu
# The suite runs on this many pytest-xdist workers, each test file kept on one worker
# (its module fixtures, servers and browsers started once): 2 on the project's 2-core
# machine halves the wall time (22 -> 13 minutes; 17.7 in 2026-11 with the suite grown).
# 3 were tried (2026-11-29): 18.9 minutes, the CPUs already busy, and timing tests
# strained. TEST_WORKERS=0 runs in one process.
# The tests marked serial (they time a real server: clocks, prompt answers under load)
# run afterwards, alone, one at a time (tests/conftest.py).
TEST_WORKERS ?= 2
PYTEST_PARALLEL = $(VENV)/bin/pytest -q -n $(TEST_WORKERS) --dist loadfile

.PHONY: messages catalogs site setup browser postgres scaleout serve play test test-fast lint typecheck bench screenshots clean

setup: $(STAMP)

$(STAMP): pyproject.toml Makefile $(ACCEL)
	test -x $(VENV)/bin/python || $(PYTHON) -m venv $(VENV)
	$(VENV)/bin/python -m pip install -q --upgrade pip
	CUTTLE_COMPILE_ENGINE=$(COMPILE_ENGINE) $(VENV)/bin/python -m pip install -q "$(TORCH)" -e ".[dev,e2e,research,scale,cluster,train]"
	$(VENV)/bin/python -m cuttle.i18n compile
	rm -f $(VENV)/.installed-*
	touch $@

browser:
	sh scripts/install-browser.sh

postgres:
	sh scripts/install-postgres.sh

scaleout:
	sh scripts/install-scaleout.sh

# The light start: the package and what the site and the terminal table need (FastAPI,
# SQLAlchemy, Textual...), no test tools, PyTorch, Ray or research extras; the bots the site
# offers play without them. Where `make setup` has already installed everything, nothing
# more is installed.
SITE_STAMP := $(VENV)/.site-$(shell echo $(COMPILE_ENGINE) | cat - pyproject.toml Makefile $(ACCEL) | cksum | cut -d' ' -f1)

site: $(SITE_STAMP)

$(SITE_STAMP): pyproject.toml Makefile $(ACCEL)
	test -x $(VENV)/bin/python || $(PYTHON) -m venv $(VENV)
	test -f $(STAMP) || $(VENV)/bin/python -m pip install -q --upgrade pip
	test -f $(STAMP) || CUTTLE_COMPILE_ENGINE=$(COMPILE_ENGINE) $(VENV)/bin/python -m pip install -q -e .
	$(VENV)/bin/python -m cuttle.i18n compile
	rm -f $(VENV)/.site-*
	touch $@

serve: site
	$(VENV)/bin/cuttle serve

play: site
	$(VENV)/bin/cuttle play

lint: setup
	$(VENV)/bin/ruff check src tests bench
	$(VENV)/bin/ruff format --check src tests bench
	$(VENV)/bin/lint-imports

typecheck: setup
	$(VENV)/bin/mypy

test: setup browser postgres scaleout lint typecheck
	$(PYTEST_PARALLEL) -m "not serial" --durations=30
	$(VENV)/bin/pytest -q -m serial --durations=10
	if $(VENV)/bin/python -c "import sys, cuttle.accel as a; sys.exit(not a.engine_compiled())"; \
	then CUTTLE_PURE_PYTHON=1 $(PYTEST_PARALLEL) -m "not slow" $(PURE_TESTS); fi

# The quick loop: every test but those marked slow (tests/conftest.py: browser, PostgreSQL,
# Redis, nginx and cluster tests, long sweeps and strength runs); no system packages needed.
test-fast: setup
	$(PYTEST_PARALLEL) -m "not slow and not serial"
	$(VENV)/bin/pytest -q -m "serial and not slow"

# Translations (docs/translating.md): extract every message and merge it into each
# language's catalog; compile the catalogs (setup does it too; .mo files are not kept).
messages: setup
	$(VENV)/bin/python -m cuttle.i18n messages

catalogs: setup
	$(VENV)/bin/python -m cuttle.i18n compile

bench: setup
	$(VENV)/bin/python bench/engine.py

# Refresh docs/screenshots/ from the browser tests (a plain test run keeps them elsewhere).
screenshots: setup browser
	CUTTLE_SCREENSHOTS=docs/screenshots $(VENV)/bin/pytest -q tests/e2e

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis
