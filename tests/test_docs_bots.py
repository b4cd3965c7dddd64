"""docs/bots.md's first example is true: saved as a script and run with the project's
Python, it plays, with no ``if __name__ == "__main__":`` guard, although its search bot
spreads its work over worker processes (they used to import the script again and stop
with "start a new process before bootstrapping")."""

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


def run_script(folder: Path, code: str) -> subprocess.CompletedProcess[str]:
    """Save ``code`` as a script in ``folder`` and run it with the project's Python."""
    script = folder / "example.py"
    script.write_text(code, encoding="utf-8")
    return subprocess.run(
        [sys.executable, str(script)],
        cwd=folder,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_the_first_example_runs_as_a_script_without_a_main_guard(tmp_path: Path) -> None:
    code = first_python_block(BOTS_MD.read_text(encoding="utf-8"))
    assert "__main__" not in code
    done = run_script(
        tmp_path,
        code + "print('moves played:', len(table.history))\n",
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert "bootstrapping" not in done.stderr
    assert "Traceback" not in done.stderr
    played = int(done.stdout.rsplit(":", 1)[1])
    assert played >= 2  # the expert's move, then at least the medium bot's answer


def test_a_script_searching_on_two_processes_at_its_top_level_needs_no_guard(
    tmp_path: Path,
) -> None:
    """Two worker processes whatever the machine's cores: the pool really starts, and the
    script's top level runs once (a worker that imported it again would print twice)."""
    code = (
        "from cuttle import get_rules\n"
        "from cuttle.bots import make_bot, parallel\n"
        "from cuttle.table import Seat, Table\n"
        "print('top level ran')\n"
        "table = Table(get_rules('standard'), [Seat('a'), Seat('b')], seed=3)\n"
        "bot = make_bot('ismcts:0.3s', seed=1, workers=2)\n"
        "move = bot.choose(table.view(table.to_act))\n"
        "print('pool started:', parallel._pool is not None)\n"
        "print('move:', move in table.legal(table.to_act))\n"
    )
    done = run_script(tmp_path, code)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "bootstrapping" not in done.stderr
    assert done.stdout.splitlines() == ["top level ran", "pool started: True", "move: True"]


def test_the_level_table_names_the_levels_the_registry_plays() -> None:
    """The table of levels in docs/bots.md gives each level's spec as ``make_bot``
    builds it (it once still named the first ladder's budgets)."""
    from cuttle.bots.registry import LADDER

    rows = re.findall(
        r"^\| (\d) \| `(\w+)` \| `([^`]+)` \|", BOTS_MD.read_text(encoding="utf-8"), re.M
    )
    assert [(int(n), name, spec) for n, name, spec in rows] == [
        (i + 1, name, spec) for i, (name, spec, _plays) in enumerate(LADDER)
    ]
