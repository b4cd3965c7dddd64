#!/bin/sh
# The compiled expert against the pure-Python expert at equal time per move
# (docs/strength.md, "The compiled search"): ISMCTS with 0.1 s a move on each side, the
# first in the arena's own process (the compiled engine and search), the second through
# the engine protocol in a process started with CUTTLE_PURE_PYTHON=1 (the same source,
# uncompiled). 300 games on 150 decks, each deck played both ways round. Run from the
# repository root after `make setup`; pass --resume to finish an interrupted run.
set -e
.venv/bin/python -m cuttle.arena --rules standard --search-workers 1 --quiet --jobs 2 \
    --bots "ismcts:0.1s,ext:30s:env CUTTLE_PURE_PYTHON=1 .venv/bin/cuttle engine --bot ismcts:0.1s" \
    --games 300 --seed 2511 --out docs/arena/compiled-run "$@"
