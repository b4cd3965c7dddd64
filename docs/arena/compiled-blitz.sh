#!/bin/sh
# The compiled expert against the pure-Python expert at short, equal times per move
# (docs/strength.md, "The compiled search ... at short times"): the `expert` level (its
# threat check, then ISMCTS) with a time budget of $1 a move on each side (for example
# 2ms), the first in the arena's own process (the compiled engine and search), the second
# through the engine protocol in a process started with CUTTLE_PURE_PYTHON=1 (the same
# source, uncompiled). 300 games of `standard` on 150 decks (--seed 2705, the decks of
# compiled-run-05.sh), each deck played both ways round. Run from the repository root
# after `make setup`; the records go to docs/arena/compiled-blitz-$1. Further arguments
# go to the arena (--jobs 2 on an idle 2-core machine; --resume to finish a cut run).
set -e
budget="$1"
shift
.venv/bin/python -m cuttle.arena --rules standard --search-workers 1 --quiet \
    --bots "expert:$budget,ext:30s:env CUTTLE_PURE_PYTHON=1 .venv/bin/cuttle engine --bot expert:$budget" \
    --games 300 --seed 2705 --out "docs/arena/compiled-blitz-$budget" "$@"
