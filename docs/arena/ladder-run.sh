#!/bin/sh
# The ladder's arena runs (docs/strength.md, "The ladder"): three round-robins that
# overlap, so every adjacent and every two-apart pair of levels is played. Run from the
# repository root; add --resume to each line to finish an interrupted run.
set -e
A="nice -n 10 .venv/bin/python -m cuttle.arena --rules standard --jobs 1 --search-workers 1 --quiet"
$A --bots level1,level2,easy,medium,level5 --games 60 --seed 2801 --out docs/arena/ladder-low "$@"
$A --bots medium,level5,hard,level7 --games 30 --seed 2802 --out docs/arena/ladder-mid "$@"
$A --bots hard,level7,expert --games 12 --seed 2803 --out docs/arena/ladder-top "$@"
