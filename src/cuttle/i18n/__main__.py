"""``python -m cuttle.i18n messages|compile|check``: keep the catalogs (see ``catalogs``)."""

from __future__ import annotations

import sys

from .catalogs import compile_all, problems, update_messages


def main(argv: list[str]) -> int:
    """Run one command; return the exit status."""
    command = argv[0] if argv else ""
    if command == "messages":
        update_messages()
        return 0
    if command == "compile":
        print(f"compiled {compile_all()} catalogs")
        return 0
    if command == "check":
        found = problems()
        for line in found:
            print(line)
        return 1 if found else 0
    print("usage: python -m cuttle.i18n messages|compile|check", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
