"""The house's structural rules that no linter states: the site's modules stay small."""

from __future__ import annotations

from pathlib import Path

import cuttle.server

MAX_SERVER_LINES = 500
"""The most lines a module of the site may have (issue 24: one job per module)."""


def test_no_server_module_is_over_500_lines() -> None:
    root = Path(cuttle.server.__file__).parent
    sizes = {
        str(path.relative_to(root)): len(path.read_text(encoding="utf-8").splitlines())
        for path in root.rglob("*.py")
    }
    assert len(sizes) > 40  # the whole site was found
    too_long = {name: n for name, n in sizes.items() if n > MAX_SERVER_LINES}
    assert too_long == {}, f"split these modules: {too_long}"
