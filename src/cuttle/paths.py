"""Where records are saved: a neutral module the line game and the Textual table share.

Both ``cuttle.cli.play`` and ``cuttle.tui`` name record files the same way; keeping the
helpers here lets each import them without importing the other (the CLI starts the
Textual table, so the table must not import the CLI).
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path


def default_record_path(directory: str | Path) -> Path:
    """A new file name ``<directory>/<date-time>.cuttle`` that does not exist yet."""
    folder = Path(directory)
    stamp = dt.datetime.now().strftime("%Y%m%d-%H%M%S")
    path = folder / f"{stamp}.cuttle"
    k = 2
    while path.exists():
        path = folder / f"{stamp}-{k}.cuttle"
        k += 1
    return path


def numbered_path(path: Path, number: int) -> Path:
    """``path`` for game ``number`` of a sitting: ``game.cuttle``, ``game-2.cuttle``, ..."""
    if number <= 1:
        return path
    return path.with_name(f"{path.stem}-{number}{path.suffix}")
