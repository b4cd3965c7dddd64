"""``cuttle arena --cluster``: the games as Ray tasks give the same games as a local run.

Ray is started here (``--cluster local``, two CPUs); the ``cluster`` extra (``make setup``
installs it) provides it.
"""

from __future__ import annotations

import io
import json
import shutil
from pathlib import Path
from typing import Any

from cuttle.arena.cli import arena_main

TIMINGS = ("seconds", "search_seconds")


def _arena(argv: list[str]) -> tuple[int, str]:
    err = io.StringIO()
    code = arena_main([*argv, "--bootstrap", "5", "--quiet"], stdout=io.StringIO(), stderr=err)
    return code, err.getvalue()


def _games(out: Path) -> dict[int, dict[str, Any]]:
    """Each game's result line without its timings, by game index."""
    games = {}
    for line in (out / "results.jsonl").read_text().splitlines():
        row = json.loads(line)
        games[row["index"]] = {k: v for k, v in row.items() if k not in TIMINGS}
    return games


def _records(out: Path) -> dict[str, str]:
    return {p.name: p.read_text() for p in sorted((out / "games").iterdir())}


def _pairs(out: Path) -> list[tuple[str, str, int, int, int]]:
    summary = json.loads((out / "summary.json").read_text())
    return [(p["bot"], p["opponent"], p["wins"], p["losses"], p["draws"]) for p in summary["pairs"]]


def test_cluster_local_plays_the_same_games_and_resumes(tmp_path: Path) -> None:
    argv = ["--bots", "random,greedy,pimc:3it", "--games", "2", "--seed", "7"]
    here, ray, cut = tmp_path / "here", tmp_path / "ray", tmp_path / "cut"
    assert _arena([*argv, "--jobs", "1", "--out", str(here)])[0] == 0
    code, err = _arena([*argv, "--jobs", "2", "--cluster", "local", "--out", str(ray)])
    assert code == 0, err
    assert "on Ray at local" in err
    assert len(_games(here)) == 6
    assert _games(ray) == _games(here)  # the same games, seat by seat and move by move
    assert _records(ray) == _records(here)
    assert _pairs(ray) == _pairs(here)
    summary = json.loads((ray / "summary.json").read_text())
    assert summary["cluster"] == "local" and summary["games_played"] == 6
    # A run cut short after 4 games resumes on Ray and ends as the whole run did.
    shutil.copytree(here, cut)
    lines = (cut / "results.jsonl").read_text().splitlines()
    (cut / "results.jsonl").write_text("\n".join(lines[:4]) + "\n")
    for name in ("summary.json", "summary.md"):
        (cut / name).unlink()
    for line in lines[4:]:
        (cut / "games" / f"game-{json.loads(line)['index'] + 1:05d}.cuttle").unlink()
    code, err = _arena([*argv, "--jobs", "2", "--cluster", "local", "--out", str(cut), "--resume"])
    assert code == 0, err
    assert "4 games already played, 2 to go" in err
    assert _games(cut) == _games(here) and _records(cut) == _records(here)
    assert _pairs(cut) == _pairs(here)


def test_cluster_without_a_reachable_ray_is_a_clear_error(tmp_path: Path) -> None:
    argv = ["--bots", "random,greedy", "--games", "2", "--out", str(tmp_path / "x")]
    code, err = _arena([*argv, "--cluster", "bogus://127.0.0.1:9"])
    assert code == 2 and "could not start or reach Ray at bogus://" in err, err
    assert "Traceback" not in err
