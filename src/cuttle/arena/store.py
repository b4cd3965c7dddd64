"""An arena run's directory while it runs: every game saved as it finishes, so a long
run that is interrupted (Ctrl-C, a reboot, a killed process) keeps its finished games
and can be resumed.

Layout of ``DIR``:

- ``run.json`` — what the run plays (bots, rules, seats, games per pair, seed), the
  command that started it and the wall-clock seconds spent so far;
- ``results.jsonl`` — one line per finished game (outcome, timings, search counts),
  appended and flushed to disk when the game ends;
- ``games/game-NNNNN.cuttle`` — the game's record, written at the same moment.

A resumed run must ask for the same games as the one that started the directory;
:meth:`RunStore.open` refuses anything else, so two different runs never mix in one
summary.
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict
from pathlib import Path
from typing import Any

from .runner import GameResult

PLAN_FILE = "run.json"
RESULTS_FILE = "results.jsonl"


class RunDirError(ValueError):
    """The output directory cannot be used for this run (a different run is there, or
    there is nothing to resume)."""


def _result_from_json(data: dict[str, Any]) -> GameResult:
    fields: dict[str, Any] = {k: tuple(v) if isinstance(v, list) else v for k, v in data.items()}
    return GameResult(**fields, record="")


def _result_line(result: GameResult) -> str:
    return json.dumps({k: v for k, v in asdict(result).items() if k != "record"})


class RunStore:
    """The directory of one arena run: finished games in, finished games out."""

    def __init__(self, out_dir: Path, plan: dict[str, Any], command: str, wall_before: float):
        """Use :meth:`open`; this takes an already checked directory."""
        self.out_dir = out_dir
        self.plan = plan
        self.command = command
        self.wall_before = wall_before
        self.games_dir = out_dir / "games"

    @classmethod
    def open(cls, out_dir: Path, plan: dict[str, Any], command: str, resume: bool) -> RunStore:
        """Start a run in ``out_dir`` or, with ``resume``, continue the one there.

        Raises :class:`RunDirError` if ``resume`` is asked and ``out_dir`` holds no run
        or a run of other games, or if ``resume`` is not asked and ``out_dir`` already
        holds finished games (which a fresh start would throw away)."""
        plan_path = out_dir / PLAN_FILE
        if resume:
            if not plan_path.exists():
                raise RunDirError(f"{out_dir} holds no arena run to resume (no {PLAN_FILE})")
            saved = json.loads(plan_path.read_text(encoding="utf-8"))
            if saved.get("plan") != plan:
                diff = sorted(k for k in plan if saved.get("plan", {}).get(k) != plan[k])
                raise RunDirError(
                    f"{out_dir} holds a different run (it differs in: {', '.join(diff)}); "
                    "resume it with its own command, or choose another --out"
                )
            store = cls(out_dir, plan, str(saved["command"]), float(saved["wall_seconds"]))
            store._drop_torn_lines()
            return store
        if (out_dir / RESULTS_FILE).exists():
            raise RunDirError(
                f"{out_dir} already holds arena games; add --resume to finish that run, "
                "or choose another --out"
            )
        if (out_dir / "summary.json").exists():
            raise RunDirError(f"{out_dir} already holds a finished arena run; choose another --out")
        store = cls(out_dir, plan, command, 0.0)
        store.games_dir.mkdir(parents=True, exist_ok=True)
        (out_dir / RESULTS_FILE).write_text("", encoding="utf-8")
        store.save_wall(0.0)
        return store

    def record_path(self, index: int) -> Path:
        """Where the record of the game at schedule ``index`` is saved."""
        return self.games_dir / f"game-{index + 1:05d}.cuttle"

    def finished(self) -> dict[int, GameResult]:
        """The games already finished here, by schedule index (a line cut short by a
        crash is ignored: that game is simply played again)."""
        out: dict[int, GameResult] = {}
        path = self.out_dir / RESULTS_FILE
        for line in path.read_text(encoding="utf-8").splitlines():
            try:
                result = _result_from_json(json.loads(line))
            except (ValueError, TypeError, AttributeError):
                continue
            record = self.record_path(result.index)
            if record.exists():
                result.record = record.read_text(encoding="utf-8")
                out[result.index] = result
        return out

    def _drop_torn_lines(self) -> None:
        """Rewrite the results without lines a crash cut short, so that new lines start
        on a line of their own."""
        kept = [_result_line(r) for r in sorted(self.finished().values(), key=lambda r: r.index)]
        tmp = self.out_dir / (RESULTS_FILE + ".tmp")
        tmp.write_text("".join(line + "\n" for line in kept), encoding="utf-8")
        tmp.replace(self.out_dir / RESULTS_FILE)

    def add(self, result: GameResult) -> None:
        """Save one finished game: its record, then its line (flushed to disk)."""
        self.record_path(result.index).write_text(result.record, encoding="utf-8")
        with (self.out_dir / RESULTS_FILE).open("a", encoding="utf-8") as f:
            f.write(_result_line(result) + "\n")
            f.flush()
            os.fsync(f.fileno())

    def save_wall(self, session_seconds: float) -> None:
        """Record the wall-clock time spent: earlier sessions plus this one."""
        data = {
            "plan": self.plan,
            "command": self.command,
            "wall_seconds": self.wall_before + session_seconds,
        }
        tmp = self.out_dir / (PLAN_FILE + ".tmp")
        tmp.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
        tmp.replace(self.out_dir / PLAN_FILE)
