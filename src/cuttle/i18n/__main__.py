"""``python -m cuttle.i18n messages|compile|check [DOMAIN ...]``: keep the catalogs.

``messages`` and ``check`` take domains (default: all of them); see ``catalogs``."""

from __future__ import annotations

import sys

from . import DOMAINS
from .catalogs import compile_all, problems, update_messages


def main(argv: list[str]) -> int:
    """Run one command; return the exit status."""
    command = argv[0] if argv else ""
    domains = tuple(argv[1:]) or DOMAINS
    unknown = [d for d in domains if d not in DOMAINS]
    if unknown:
        print(f"unknown domain {unknown[0]!r}: choose from {', '.join(DOMAINS)}", file=sys.stderr)
        return 2
    if command == "messages":
        update_messages(domains)
        return 0
    if command == "compile":
        print(f"compiled {compile_all()} catalogs")
        return 0
    if command == "check":
        found = problems(domains)
        for line in found:
            print(line)
        return 1 if found else 0
    print("usage: python -m cuttle.i18n messages|compile|check [DOMAIN ...]", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
