"""JSON nested past Python's recursion limit given to ``cuttle``: one clear line on
stderr and exit code 2, never a traceback (in-process and as a real subprocess)."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest

from cuttle.cli.common import Streams
from cuttle.cli.main import main

CUTTLE = Path(sys.executable).parent / "cuttle"
DEEP = "[" * 100_000 + "]" * 100_000
"""A JSON value nested 100,000 deep (the parser's recursion limit is about 1,000)."""


def _run(argv: list[str], stdin: str = "") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(argv, Streams(io.StringIO(stdin), out, err))
    return code, out.getvalue(), err.getvalue()


@pytest.mark.parametrize(
    "argv",
    [["moves", "{pos}"], ["apply", "{pos}", "draw"], ["moves", "-"], ["apply", "-", "draw"]],
)
def test_a_deeply_nested_position_is_one_line_and_exit_2(tmp_path: Path, argv: list[str]) -> None:
    """``moves`` and ``apply`` on a file or standard input nested 100,000 deep."""
    pos = tmp_path / "deep.json"
    pos.write_text(DEEP)
    code, out, err = _run([a.format(pos=pos) for a in argv], stdin=DEEP)
    assert code == 2
    assert out == ""
    assert "Traceback" not in err
    assert len(err.strip().splitlines()) == 1
    assert "nested too deeply" in err


def test_a_deeply_nested_house_file_is_refused(tmp_path: Path) -> None:
    """``--house`` naming a JSON file nested 100,000 deep."""
    house = tmp_path / "house.json"
    house.write_text('{"rules": ' + DEEP + "}")
    code, out, err = _run(["moves", "--house", str(house), "-"], stdin="{}")
    assert (code, out) == (2, "")
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_the_installed_command_prints_no_traceback(tmp_path: Path) -> None:
    """The real ``cuttle`` process on a deeply nested position."""
    pos = tmp_path / "deep.json"
    pos.write_text(DEEP)
    done = subprocess.run(
        [str(CUTTLE), "apply", str(pos), "draw"], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 2
    assert done.stdout == ""
    assert "Traceback" not in done.stderr
    assert done.stderr.startswith("cuttle apply: ")
