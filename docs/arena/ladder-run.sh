#!/bin/sh
# The ladder's arena run (docs/strength.md, "The ladder"): one round-robin of all eight
# levels, 24 games a pair (672 games), then the fit that writes
# src/cuttle/bots/data/ladder.json. Run from the repository root; --jobs defaults to every
# core (the published run used 16); pass --resume to finish an interrupted run (its
# finished games are kept). Every budget is in iterations, so the result does not depend
# on the machine's speed.
set -e
.venv/bin/python -m cuttle.arena --rules standard --search-workers 1 --quiet \
    --bots level1,level2,easy,medium,level5,level6,hard,expert --games 48 --seed 2904 \
    --out docs/arena/ladder-run "$@"
.venv/bin/python -m cuttle.arena.ladder docs/arena/ladder-run --out src/cuttle/bots/data/ladder.json
