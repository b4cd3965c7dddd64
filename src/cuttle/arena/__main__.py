"""``python -m cuttle.arena ARGS``: the same as ``cuttle arena ARGS``."""

import sys

from .cli import arena_main

if __name__ == "__main__":
    sys.exit(arena_main(sys.argv[1:]))
