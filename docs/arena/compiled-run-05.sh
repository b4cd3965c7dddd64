#!/bin/sh
# The compiled search against the pure-Python search at 0.5 s a move (docs/strength.md,
# "The compiled search"): the same two sides as compiled-run.sh, five times the time.
# ISMCTS with 0.5 s a move on each side, the first in the arena's own process (the
# compiled engine and search), the second through the engine protocol in a process
# started with CUTTLE_PURE_PYTHON=1. 300 games on 150 decks, each deck played both ways
# round; about 45 minutes on two cores. Run from the repository root after `make setup`;
# pass --resume to finish an interrupted run.
set -e
.venv/bin/python -m cuttle.arena --rules standard --search-workers 1 --quiet --jobs 2 \
    --bots "ismcts:0.5s,ext:30s:env CUTTLE_PURE_PYTHON=1 .venv/bin/cuttle engine --bot ismcts:0.5s" \
    --games 300 --seed 2705 --out docs/arena/compiled-run-05 "$@"
