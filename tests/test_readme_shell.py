"""README.md's shell examples are true: every ``cuttle`` line of its ```sh blocks runs.

The lines run in order in one temporary folder (so ``cuttle new ... > p.json`` makes the
file the next lines read), through ``bash`` with the installed ``cuttle`` command first
on ``PATH``, and each must exit 0. Lines that start a server or an interactive game are
listed in :data:`HELP_ONLY` with the reason; they run with ``--help`` instead, which
still checks their options.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[1] / "README.md"
BIN = Path(sys.executable).parent

HELP_ONLY: dict[str, str] = {
    ".venv/bin/cuttle play": "an interactive game: it waits for moves from the keyboard",
    ".venv/bin/cuttle play --rules cutthroat --opponent hard": "an interactive game",
    ".venv/bin/cuttle play --rules multiplayer --players 4": "an interactive game",
    ".venv/bin/cuttle play --plain": "an interactive game (line mode reads standard input)",
    "cuttle serve --port 8000 --data ./data": "starts the web server, which runs until stopped",
    "cuttle serve --workers 4": "starts web workers; needs PostgreSQL and Redis",
    "cuttle bot-worker": "serves bot turns from Redis until stopped",
}
"""README command lines (comments stripped) run with ``--help``, and why."""


def sh_blocks(text: str) -> list[str]:
    """The contents of the ```sh fenced blocks of a Markdown text."""
    return re.findall(r"^```sh\n(.*?)^```", text, flags=re.MULTILINE | re.DOTALL)


def cuttle_lines(text: str) -> list[str]:
    """Every ``cuttle`` command line of the ```sh blocks, in order, comments stripped."""
    lines = []
    for block in sh_blocks(text):
        for raw in block.splitlines():
            line = re.sub(r"\s+#.*$", "", raw).strip()
            if re.match(r"^(\.venv/bin/)?cuttle(\s|$)", line):
                lines.append(line)
    return lines


def test_the_readme_has_shell_examples() -> None:
    lines = cuttle_lines(README.read_text(encoding="utf-8"))
    assert len(lines) >= 10
    assert any(line.startswith("cuttle apply ") for line in lines)


def test_every_help_only_line_is_still_in_the_readme() -> None:
    lines = cuttle_lines(README.read_text(encoding="utf-8"))
    assert set(HELP_ONLY) <= set(lines), set(HELP_ONLY) - set(lines)


def test_cuttle_lines_reads_blocks_and_strips_comments() -> None:
    text = "x\n```sh\ncuttle rules   # the rules\nmake play\n```\n```python\ncuttle x\n```\n"
    assert cuttle_lines(text) == ["cuttle rules"]


def test_every_readme_shell_example_runs(tmp_path: Path) -> None:
    assert (BIN / "cuttle").exists(), "the cuttle command is not installed (make setup)"
    env = {**os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}"}
    for line in cuttle_lines(README.read_text(encoding="utf-8")):
        command = re.sub(r"^\.venv/bin/cuttle", "cuttle", line)
        if line in HELP_ONLY:
            command += " --help"
        done = subprocess.run(
            ["bash", "-c", f"set -o pipefail; {command}"],
            cwd=tmp_path,
            env=env,
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            timeout=120,
        )
        if done.returncode != 0:
            pytest.fail(
                f"README example failed (exit {done.returncode}): {line}\n{done.stderr[-2000:]}"
            )
        assert "Traceback" not in done.stderr, (line, done.stderr)
