# Every target sets itself up on a fresh machine: a virtual environment in .venv with
# the package and its test tools (and, once the browser game lands, Debian's chromium).
VENV ?= .venv
PYTHON ?= python3
STAMP := $(VENV)/.installed-$(shell cat pyproject.toml scripts/*.sh 2>/dev/null | cksum | cut -d' ' -f1)

.PHONY: setup play test lint typecheck bench clean

setup: $(STAMP)

$(STAMP): pyproject.toml
	test -x $(VENV)/bin/python || $(PYTHON) -m venv $(VENV)
	$(VENV)/bin/python -m pip install -q --upgrade pip
	$(VENV)/bin/python -m pip install -q -e ".[dev]"
	rm -f $(VENV)/.installed-*
	touch $@

play: setup
	$(VENV)/bin/cuttle play

lint: setup
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

typecheck: setup
	$(VENV)/bin/mypy

test: lint typecheck
	$(VENV)/bin/pytest -q

bench: setup
	$(VENV)/bin/python bench/engine.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis
