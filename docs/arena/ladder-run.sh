#!/bin/sh
# The ladder's arena runs (docs/strength.md, "The ladder"): eight overlapping
# round-robins, so that every adjacent and every two-apart pair of levels is played,
# then the fit that writes src/cuttle/bots/data/ladder.json. Run from the repository
# root; pass --resume to finish interrupted runs (their finished games are kept).
set -e
A="nice -n 10 .venv/bin/python -m cuttle.arena --rules standard --jobs 1 --search-workers 1 --quiet"
$A --bots level1,easy,medium,level4,level5 --games 60 --seed 2801 --out docs/arena/ladder-low "$@"
$A --bots level4,hard --games 40 --seed 2804 --out docs/arena/ladder-bridge "$@"
$A --bots medium,level5,hard,level7 --games 30 --seed 2802 --out docs/arena/ladder-mid "$@"
$A --bots level5,level7 --games 12 --seed 2805 --out docs/arena/ladder-57 "$@"
$A --bots hard,level7,expert --games 8 --seed 2803 --out docs/arena/ladder-top "$@"
$A --bots hard,level7,expert --games 8 --seed 2806 --out docs/arena/ladder-top2 "$@"
$A --bots hard,level7,expert --games 8 --seed 2807 --out docs/arena/ladder-top3 "$@"
$A --bots hard,level7,expert --games 8 --seed 2808 --out docs/arena/ladder-top4 "$@"
.venv/bin/python -m cuttle.arena.ladder docs/arena/ladder-low docs/arena/ladder-bridge \
    docs/arena/ladder-mid docs/arena/ladder-57 docs/arena/ladder-top docs/arena/ladder-top2 \
    docs/arena/ladder-top3 docs/arena/ladder-top4 --out src/cuttle/bots/data/ladder.json
