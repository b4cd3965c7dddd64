"""docs/bots.md's first example is true: saved as a script and run with the project's
Python, it plays (the search bots start worker processes, which import the script again,
so the example must be safe to import)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

BOTS_MD = Path(__file__).resolve().parents[1] / "docs" / "bots.md"


def first_python_block(text: str) -> str:
    """The contents of the first ```python fenced block of a Markdown text."""
    blocks = re.findall(r"^```python\n(.*?)^```", text, flags=re.MULTILINE | re.DOTALL)
    assert blocks, "docs/bots.md has no python example"
    return str(blocks[0])


def test_the_first_example_runs_as_a_script(tmp_path: Path) -> None:
    script = tmp_path / "example.py"
    code = first_python_block(BOTS_MD.read_text(encoding="utf-8"))
    last = code.rstrip().splitlines()[-1]
    indent = last[: len(last) - len(last.lstrip())]  # inside the example's guard, if any
    script.write_text(code + f"{indent}print('moves played:', len(table.history))\n")
    done = subprocess.run(
        [sys.executable, str(script)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert "bootstrapping" not in done.stderr
    assert "Traceback" not in done.stderr
    played = int(done.stdout.rsplit(":", 1)[1])
    assert played >= 2  # the hard bot's move, then at least the medium bot's answer
