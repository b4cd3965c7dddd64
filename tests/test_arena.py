"""The arena: statistics from their formulas, the schedule, the command and hints."""

from __future__ import annotations

import io
import json
import math
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from cuttle import new_game
from cuttle.arena.cli import arena_main, hint_main
from cuttle.arena.report import elo_range, summarize, text_table
from cuttle.arena.runner import GameResult, Progress, schedule, seat_patterns
from cuttle.arena.stats import (
    bootstrap_ratings,
    bradley_terry,
    elo_from_score,
    elo_interval,
    rating_intervals,
    wilson,
)
from cuttle.engine.records import read_record

# ---------------------------------------------------------------- statistics


def test_wilson_matches_the_formula_worked_by_hand() -> None:
    # 8 of 10, z = 1.96: centre (0.8 + 0.19208) / 1.38416 = 0.716752,
    # half-width 1.96 / 1.38416 * sqrt(0.016 + 0.009604) = 0.226584
    lo, hi = wilson(8, 10)
    assert lo == pytest.approx(0.4902, abs=1e-4)
    assert hi == pytest.approx(0.9433, abs=1e-4)
    lo, hi = wilson(0, 10)
    assert lo == 0.0
    assert hi == pytest.approx(0.2775, abs=1e-4)
    lo, hi = wilson(10, 10)
    assert (lo, hi) == (pytest.approx(1 - 0.2775, abs=1e-4), 1.0)
    assert wilson(0, 0) == (0.0, 1.0)


def test_wilson_narrows_with_more_games_and_contains_the_rate() -> None:
    widths = []
    for n in (10, 100, 1000):
        lo, hi = wilson(0.7 * n, n)
        assert lo < 0.7 < hi
        widths.append(hi - lo)
    assert widths[0] > widths[1] > widths[2]


def test_elo_from_a_known_win_rate() -> None:
    assert elo_from_score(0.5) == 0.0
    assert elo_from_score(0.75) == pytest.approx(400 * math.log10(3))
    assert elo_from_score(0.25) == pytest.approx(-400 * math.log10(3))
    assert elo_from_score(10 / 11) == pytest.approx(400.0)
    # a perfect score is clipped half a game from the edge
    assert elo_from_score(1.0, n=10) == pytest.approx(400 * math.log10(0.95 / 0.05))
    e, lo, hi = elo_interval(30, 40)
    assert e == pytest.approx(400 * math.log10(3))
    assert lo < e < hi


def test_bradley_terry_recovers_pairwise_elo() -> None:
    games = [(0, 1, 1.0)] * 30 + [(0, 1, 0.0)] * 10
    r = bradley_terry(2, games, prior=0.0)
    assert r[0] == 0.0
    assert r[0] - r[1] == pytest.approx(400 * math.log10(3), abs=0.5)
    chain = [(0, 1, 1.0)] * 30 + [(0, 1, 0.0)] * 10 + [(1, 2, 1.0)] * 30 + [(1, 2, 0.0)] * 10
    r = bradley_terry(3, chain, prior=0.0)
    assert r[0] - r[2] == pytest.approx(800 * math.log10(3), abs=1.0)
    # the prior keeps a perfect score finite
    assert math.isfinite(bradley_terry(2, [(0, 1, 1.0)] * 5)[1])


def test_the_elo_interval_of_a_sweep_is_open_on_the_far_side() -> None:
    # 20-0: Wilson's lower bound 0.8389 is +287 Elo; the upper bound 1.0 has no Elo
    e, lo, hi = elo_interval(20, 20)
    assert lo == pytest.approx(elo_from_score(wilson(20, 20)[0]))
    assert lo == pytest.approx(286.6, abs=0.1)
    assert hi == math.inf and lo < e
    e, lo, hi = elo_interval(0, 20)
    assert lo == -math.inf and hi == pytest.approx(-286.6, abs=0.1) and e < hi
    assert elo_range(lo, hi) == "< -287"
    assert elo_range(286.6, None) == "> +287"
    assert elo_range(-12.0, 40.0) == "-12 to +40"


def test_rating_intervals_after_a_sweep_have_width() -> None:
    sweep = [(0, 1, 0.0)] * 20  # bot 1 beats bot 0 twenty times
    boot = bootstrap_ratings(2, sweep, samples=50)
    assert boot[1][0] == boot[1][1]  # every resample is the same sweep: zero width
    for samples in (50, 0):
        ref, (lo, hi) = rating_intervals(2, sweep, samples=samples)
        assert ref == (0.0, 0.0)
        assert lo == pytest.approx(286.6, abs=0.1) and hi == math.inf
    # without a sweep the interval holds the bootstrap and the Wilson intervals
    mixed = [(0, 1, 1.0)] * 12 + [(0, 1, 0.0)] * 8
    (lo, hi) = rating_intervals(2, mixed, samples=50)[1]
    _, wlo, whi = elo_interval(8, 20)
    assert lo <= wlo < whi <= hi and math.isfinite(lo) and math.isfinite(hi)
    with pytest.raises(ValueError, match="samples"):
        bootstrap_ratings(2, sweep, samples=0)


def test_a_sweep_is_reported_with_an_open_interval() -> None:
    def game(index: int) -> GameResult:
        return GameResult(
            index=index, pair=(0, 1), seat_bots=(0, 1) if index % 2 else (1, 0),
            winners=(1,) if index % 2 else (0,), termination="points", moves=10,
            decisions=(5, 5), seconds=(0.01, 0.01), iterations=(0, 0),
            search_seconds=(0.0, 0.0), record="",
        )  # fmt: skip

    results = [game(i) for i in range(20)]  # bot 1 (greedy) wins every game
    meta = {"rules": "standard", "players": 2, "wall_seconds": 1.0}
    for bootstrap in (200, 0):
        summary = summarize(["random", "greedy"], results, meta, bootstrap=bootstrap)
        greedy = summary["bots"][1]
        assert greedy["elo95"][1] is None  # open: JSON has no infinity
        assert greedy["elo95"][0] == pytest.approx(286.6, abs=0.1)
        json.dumps(summary, allow_nan=False)
        text = text_table(summary)
        assert "> +287" in text and "+763 to +763" not in text
        assert "reference" in text


# ---------------------------------------------------------------- schedule


def test_two_seats_swap_on_every_deck() -> None:
    tasks = schedule(3, 2, 4, seed=7)
    assert len(tasks) == 3 * 4
    for i in range(0, len(tasks), 2):
        a, b = tasks[i], tasks[i + 1]
        assert a.deck_seed == b.deck_seed
        assert a.seat_bots == tuple(reversed(b.seat_bots))
    assert {t.pair for t in tasks} == {(0, 1), (0, 2), (1, 2)}


@pytest.mark.parametrize("players", [3, 4, 5])
def test_more_seats_rotate_so_each_bot_sits_everywhere_equally(players: int) -> None:
    pats = seat_patterns(players)
    assert len(set(pats)) == len(pats)
    for seat in range(players):
        assert sum(p[seat] for p in pats) * 2 == len(pats)
    if players == 4:  # team: each bot is one whole team
        assert set(pats) == {(0, 1, 0, 1), (1, 0, 1, 0)}


def test_games_are_rounded_up_to_whole_groups() -> None:
    assert len(schedule(2, 3, 7, seed=1)) == 12  # groups of 6 seatings
    assert len(schedule(2, 2, 5, seed=1)) == 6


def test_shared_and_drawn_games_score_half() -> None:
    def result(winners: tuple[int, ...]) -> GameResult:
        return GameResult(0, (0, 1), (0, 1, 0), winners, "x", 1, (), (), (), (), "")

    assert result((1,)).score(1) == 1.0
    assert result((1,)).score(0) == 0.0
    assert result(()).score(0) == 0.5
    assert result((0, 1)).score(0) == 0.5  # seats of both bots share the win
    assert result((0, 2)).score(0) == 1.0  # both seats are bot 0


def test_progress_bar_reaches_the_end() -> None:
    out = io.StringIO()
    bar = Progress(5, out)
    for i in range(1, 6):
        bar.update(i)
    assert "5/5 games" in out.getvalue()


def test_eta_weighs_the_games_left_by_their_pairs_thinking_time() -> None:
    """Four games: two of a quick pair (1 s of thinking each), two of a slow one (9 s).
    After both quick games and one slow one, 11 s of work took 11 s of wall time; one
    slow game is left, so 9 s remain (a count of games would say 11 / 3 = 3.7 s)."""
    bar = Progress(4, io.StringIO(), pending=["quick", "slow", "quick", "slow"])
    for kind, work in (("quick", 1.0), ("slow", 9.0), ("quick", 1.0)):
        bar.add(kind, work)
    assert bar.eta(3, elapsed=11.0) == pytest.approx(9.0)
    bar.add("slow", 9.0)
    assert bar.eta(4, elapsed=20.0) == 0.0


def test_eta_of_a_pair_not_seen_yet_is_the_mean_game_and_resumed_games_do_not_count() -> None:
    """Two games were played before a resume; this session's one game of 'a' took 2 s of
    thinking in 4 s of wall time (two jobs or not: work per wall second is what counts);
    the 'b' game left, never seen, is taken as a mean game: 2 s of work, 4 s of wall."""
    bar = Progress(5, io.StringIO(), already=2, pending=["a", "b", "a"])
    bar.add("a", 2.0)
    assert bar.eta(3, elapsed=4.0) == pytest.approx(8.0)  # one 'a' and one 'b' left
    plain = Progress(4, io.StringIO())  # no thinking times: a count of games
    assert plain.eta(2, elapsed=10.0) == pytest.approx(10.0)


# ---------------------------------------------------------------- cuttle arena


def test_arena_plays_saves_and_summarizes(tmp_path: Path) -> None:
    out, err = io.StringIO(), io.StringIO()
    code = arena_main(
        ["--bots", "random,greedy", "--games", "6", "--jobs", "1", "--seed", "5",
         "--out", str(tmp_path), "--bootstrap", "20"],
        stdout=out,
        stderr=err,
    )  # fmt: skip
    assert code == 0, err.getvalue()
    summary = json.loads((tmp_path / "summary.json").read_text())
    records = sorted((tmp_path / "games").iterdir())
    assert len(records) == summary["games_played"] == 6
    wins = {"random": 0, "greedy": 0}
    for path in records:
        text = path.read_text()
        game = read_record(text)
        assert game.is_over
        names = next(line for line in text.splitlines() if line.startswith("[Players"))
        seats = names.split('"')[1].split()
        assert sorted(seats) == ["greedy", "random"]
        for s in game.winners or ():
            wins[seats[s]] += 1
    pair = summary["pairs"][0]
    assert (pair["bot"], pair["opponent"]) == ("random", "greedy")
    assert pair["wins"] == wins["random"] and pair["losses"] == wins["greedy"]
    lo, hi = pair["wilson95"]
    assert lo <= pair["score"] <= hi
    cross = summary["crosstable"]
    assert cross["random"]["greedy"]["score"] + cross["greedy"]["random"]["score"] == 1.0
    md = (tmp_path / "summary.md").read_text()
    assert "| random | greedy | 6 |" in md
    assert "greedy" in out.getvalue()
    assert "6/6 games" in err.getvalue()


def test_arena_without_bootstrap(tmp_path: Path) -> None:
    out, err = io.StringIO(), io.StringIO()
    code = arena_main(
        ["--bots", "random,greedy", "--games", "4", "--jobs", "1", "--quiet",
         "--out", str(tmp_path), "--bootstrap", "0"],
        stdout=out,
        stderr=err,
    )  # fmt: skip
    assert code == 0, err.getvalue()
    assert "Traceback" not in err.getvalue()
    summary = json.loads((tmp_path / "summary.json").read_text())
    assert summary["bootstrap"] == 0
    assert "(no bootstrap)" in (tmp_path / "summary.md").read_text()
    assert summary["bots"][1]["elo95"] != [None, None]


def test_arena_time_per_move_sets_search_budgets(tmp_path: Path) -> None:
    code = arena_main(
        ["--bots", "greedy,pimc", "--games", "2", "--jobs", "1", "--quiet",
         "--time-per-move", "20ms", "--out", str(tmp_path), "--bootstrap", "5"],
        stdout=io.StringIO(),
        stderr=io.StringIO(),
    )  # fmt: skip
    assert code == 0
    summary = json.loads((tmp_path / "summary.json").read_text())
    assert [b["bot"] for b in summary["bots"]] == ["greedy", "pimc:0.02s"]


def test_every_searching_bot_gets_the_time_per_move() -> None:
    from cuttle.arena.cli import _with_time
    from cuttle.bots.registry import SEARCH_KINDS

    assert set(SEARCH_KINDS) >= {"pimc", "ismcts", "ismcts-neural", "ismcts-policy"}
    for kind in SEARCH_KINDS:
        assert _with_time(kind, 0.2) == f"{kind}:0.2s"
    assert _with_time("hard", 0.2) == "hard:0.2s"
    assert _with_time("ismcts-policy:50it", 0.2) == "ismcts-policy:50it"
    assert _with_time("greedy", 0.2) == "greedy" and _with_time("neural", 0.2) == "neural"


def _arena(argv: list[str]) -> tuple[int, str]:
    err = io.StringIO()
    code = arena_main([*argv, "--bootstrap", "5"], stdout=io.StringIO(), stderr=err)
    return code, err.getvalue()


def _pairs(out: Path) -> list[tuple[str, str, int, int, int]]:
    summary = json.loads((out / "summary.json").read_text())
    return [(p["bot"], p["opponent"], p["wins"], p["losses"], p["draws"]) for p in summary["pairs"]]


def test_a_resumed_run_plays_only_the_missing_games_and_ends_as_a_whole_one(
    tmp_path: Path,
) -> None:
    argv = ["--bots", "random,greedy,pimc:3it", "--games", "4", "--jobs", "1", "--seed", "9"]
    whole, cut = tmp_path / "whole", tmp_path / "cut"
    assert _arena([*argv, "--out", str(whole)])[0] == 0
    # The same run, stopped after 7 of 12 games, the 8th line cut short by a crash.
    shutil.copytree(whole, cut)
    lines = (cut / "results.jsonl").read_text().splitlines()
    (cut / "results.jsonl").write_text("\n".join(lines[:7]) + "\n" + lines[7][:25])
    for name in ("summary.json", "summary.md"):
        (cut / name).unlink()
    unplayed = [json.loads(line)["index"] for line in lines[7:]]
    for i in unplayed:
        (cut / "games" / f"game-{i + 1:05d}.cuttle").unlink()

    code, err = _arena([*argv, "--out", str(cut), "--resume"])
    assert code == 0, err
    assert "7 games already played, 5 to go" in err
    assert _pairs(cut) == _pairs(whole)
    for path in sorted((whole / "games").iterdir()):
        assert (cut / "games" / path.name).read_text() == path.read_text()
    summary = json.loads((cut / "summary.json").read_text())
    assert "--resume" not in summary["command"]
    assert summary["games_played"] == 12


def test_an_arena_directory_is_never_overwritten_or_mixed(tmp_path: Path) -> None:
    argv = ["--bots", "random,greedy", "--games", "2", "--jobs", "1", "--out", str(tmp_path)]
    assert _arena(argv)[0] == 0
    before = (tmp_path / "results.jsonl").read_text()
    code, err = _arena(argv)
    assert code == 2 and "already holds arena games" in err and "--resume" in err
    code, err = _arena([*argv[:3], "4", *argv[4:], "--resume"])
    assert code == 2 and "different run" in err and "games_per_pair" in err
    assert (tmp_path / "results.jsonl").read_text() == before
    code, err = _arena([*argv[:-1], str(tmp_path / "empty"), "--resume"])
    assert code == 2 and "no arena run to resume" in err
    older = tmp_path / "older"  # a run saved before results.jsonl existed
    older.mkdir()
    (older / "summary.json").write_text("{}")
    code, err = _arena([*argv[:-1], str(older)])
    assert code == 2 and "finished arena run" in err
    assert (older / "summary.json").read_text() == "{}"


def _ctrl_c_heard() -> None:
    """In the arena's process, before it starts: Ctrl-C works as at a terminal, even when
    the suite itself runs in the background (where a shell starts it with SIGINT ignored,
    which a child would inherit)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_ctrl_c_keeps_the_finished_games_and_resume_finishes_the_run(tmp_path: Path) -> None:
    argv = ["--bots", "greedy,ismcts:600it", "--games", "8", "--jobs", "1", "--quiet",
            "--bootstrap", "5", "--out", str(tmp_path)]  # fmt: skip
    cmd = [sys.executable, "-m", "cuttle.arena", *argv]
    proc = subprocess.Popen(
        cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, preexec_fn=_ctrl_c_heard
    )
    results = tmp_path / "results.jsonl"
    deadline = time.monotonic() + 60
    while not (results.exists() and results.read_text().count("\n") >= 1):
        assert proc.poll() is None and time.monotonic() < deadline
        time.sleep(0.02)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    kept = results.read_text().count("\n")
    assert 1 <= kept < 8
    assert f"interrupted; {kept} of 8 games are saved" in err
    assert "summary-partial.md" in err
    assert not (tmp_path / "summary.json").exists()  # the run is not finished
    assert len(list((tmp_path / "games").iterdir())) == kept
    partial = json.loads((tmp_path / "summary-partial.json").read_text())
    assert partial["games_played"] == kept and partial["games_planned"] == 8
    assert partial["interrupted"] is True
    assert "| greedy" in (tmp_path / "summary-partial.md").read_text()

    done = subprocess.run([*cmd, "--resume"], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert f"{kept} games already played, {8 - kept} to go" in done.stderr
    summary = json.loads((tmp_path / "summary.json").read_text())
    assert summary["games_played"] == 8
    assert len(list((tmp_path / "games").iterdir())) == 8
    assert not (tmp_path / "summary-partial.json").exists()  # the run is whole now


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--bots", "random"], "at least two bots"),
        (["--bots", "random,wizard"], "unknown bot"),
        (["--bots", "random,greedy", "--rules", "poker"], "poker"),
        (["--bots", "random,greedy", "--games", "0"], "--games"),
        (["--bots", "random,greedy", "--bootstrap", "-1"], "--bootstrap"),
        (["--bots", "random,greedy", "--time-per-move", "soon"], "bad time"),
        (["--frobnicate"], "unrecognized"),
    ],
)
def test_arena_refuses_bad_input(tmp_path: Path, argv: list[str], words: str) -> None:
    err = io.StringIO()
    code = arena_main([*argv, "--out", str(tmp_path / "x")], stdout=io.StringIO(), stderr=err)
    assert code == 2
    assert words in err.getvalue()
    assert not (tmp_path / "x").exists()


# ---------------------------------------------------------------- cuttle hint


def _winning_position() -> dict:  # type: ignore[type-arg]
    """p0 has 15 points and holds a seven of hearts: 'points 7H' wins at once."""
    game = new_game("standard", seed=1)
    pos = game.to_json()
    pool = [c for c in ["7H", "9C", "6D"] if c]
    for hand in pos["hands"]:
        for c in pool:
            if c in hand:
                hand.remove(c)
    deck = [c for c in pos["deck"] if c not in pool]
    pos["hands"][0] = [*pos["hands"][0][:3], "7H"]
    moved = [c for c in game.to_json()["hands"][0] if c not in pos["hands"][0] + pool]
    deck = moved + deck
    pos["deck"] = deck
    pos["fields"][0]["points"] = ["9C", "6D"]
    return pos


def _hint(argv: list[str], stdin: str = "") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = hint_main(argv, stdin=io.StringIO(stdin), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


def test_hint_finds_the_winning_move(tmp_path: Path) -> None:
    path = tmp_path / "pos.json"
    path.write_text(json.dumps(_winning_position()))
    code, out, err = _hint([str(path), "--iterations", "400", "--seed", "1", "--json"])
    assert code == 0, err
    data = json.loads(out)
    assert data["seat"] == 0
    assert data["moves"][0]["move"] == "points 7H"
    assert data["moves"][0]["win"] == 1.0
    code, out, _ = _hint([str(path), "--iterations", "400", "--top", "2", "--seed", "1"])
    assert code == 0
    lines = out.splitlines()
    assert len(lines) == 3 and "points 7H" in lines[1] and "100.0%" in lines[1]


def test_hint_sees_only_the_acting_seats_view() -> None:
    """A full position and that seat's view of it give the very same hint."""
    game = new_game("standard", seed=6)
    full = json.dumps(game.to_json())
    view = json.dumps(game.view(0))
    args = ["-", "--iterations", "300", "--seed", "2", "--json"]
    a = _hint(args, full)
    b = _hint(args, view)
    assert a[0] == b[0] == 0
    assert json.loads(a[1])["moves"] == json.loads(b[1])["moves"]


@pytest.mark.parametrize(
    ("argv", "stdin", "words"),
    [
        (["-"], "not json", "not JSON"),
        (["-", "--seat", "p1"], None, "not p1's decision (p0 is to act)"),
        (["-", "--seat", "1"], None, "not p1's decision (p0 is to act)"),
        (["-", "--seat", "7"], None, "seats 0 to 1"),
        (["-", "--top", "0"], None, "--top 0"),
        (["-", "--top", "-2"], None, "--top -2"),
        (["-", "--seat", "north"], None, "bad seat"),
        (["-", "--time", "forever"], None, "bad time"),
        (["/no/such/file.json"], "", "cannot read"),
        (["-"], '{"rules": "standard"}', "to_act"),
    ],
)
def test_hint_refuses_bad_input(argv: list[str], stdin: str | None, words: str) -> None:
    if stdin is None:
        stdin = json.dumps(new_game("standard", seed=3).to_json())
    code, out, err = _hint(argv, stdin)
    assert code == 2
    assert words in err
    assert out == ""


def test_hint_takes_the_seat_as_play_and_replay_do() -> None:
    game = new_game("standard", seed=3)
    game.play("draw")  # p1 is to act
    args = ["-", "--iterations", "100", "--seed", "1", "--json"]
    plain = _hint(args, json.dumps(game.to_json()))
    for seat in ("1", "p1", "P1"):
        code, out, err = _hint([*args, "--seat", seat], json.dumps(game.to_json()))
        assert code == 0, err
        assert json.loads(out)["seat"] == 1
        assert json.loads(out)["moves"] == json.loads(plain[1])["moves"]
    # p1's own view (hidden cards) works too
    code, out, err = _hint([*args, "--seat", "1"], json.dumps(game.view(1)))
    assert code == 0, err


def test_hint_top_shows_that_many_moves() -> None:
    stdin = json.dumps(new_game("standard", seed=3).to_json())
    code, out, _ = _hint(["-", "--iterations", "100", "--seed", "1", "--top", "1"], stdin)
    assert code == 0
    assert len(out.splitlines()) == 2


def test_hint_refuses_a_view_hiding_the_acting_hand() -> None:
    game = new_game("standard", seed=3)
    code, _, err = _hint(["-"], json.dumps(game.view(1)))
    assert code == 2
    assert "p0" in err


@pytest.mark.parametrize(("rules", "games"), [("cutthroat", 6), ("team", 2)])
def test_arena_runs_tables_of_more_seats(tmp_path: Path, rules: str, games: int) -> None:
    code = arena_main(
        ["--bots", "random,greedy", "--rules", rules, "--games", str(games), "--jobs", "1",
         "--quiet", "--out", str(tmp_path), "--bootstrap", "5"],
        stdout=io.StringIO(),
        stderr=io.StringIO(),
    )  # fmt: skip
    assert code == 0
    summary = json.loads((tmp_path / "summary.json").read_text())
    assert summary["players"] == (3 if rules == "cutthroat" else 4)
    assert summary["games_played"] == games
    for path in (tmp_path / "games").iterdir():
        seats = next(x for x in path.read_text().splitlines() if x.startswith("[Players"))
        names = seats.split('"')[1].split()
        assert len(names) == summary["players"] and set(names) == {"random", "greedy"}


def test_ctrl_c_stops_the_worker_processes_at_once_and_saves_their_games(
    tmp_path: Path,
) -> None:
    """Ctrl-C in a terminal reaches the arena and its workers: the run stops without a
    traceback, no worker begins another game, every finished game is saved, and
    ``--resume`` plays exactly the rest."""
    out, log = tmp_path / "run", tmp_path / "started.log"
    argv = ["--bots", "random,arena_log_bot:LogBot", "--games", "12", "--jobs", "2",
            "--quiet", "--bootstrap", "5", "--out", str(out)]  # fmt: skip
    cmd = [sys.executable, "-m", "cuttle.arena", *argv]
    here = str(Path(__file__).resolve().parent)
    env = {**os.environ, "ARENA_LOG": str(log)}
    env["PYTHONPATH"] = os.pathsep.join(p for p in (here, env.get("PYTHONPATH")) if p)
    proc = subprocess.Popen(
        cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
        start_new_session=True, preexec_fn=_ctrl_c_heard,
    )  # fmt: skip
    results = out / "results.jsonl"
    deadline = time.monotonic() + 120
    while not (results.exists() and results.read_text().count("\n") >= 1):
        assert proc.poll() is None and time.monotonic() < deadline
        time.sleep(0.02)
    os.killpg(proc.pid, signal.SIGINT)  # what Ctrl-C does: the whole process group
    interrupted = time.monotonic()
    _, err = proc.communicate(timeout=120)
    assert time.monotonic() - interrupted < 10  # it waited up to two minutes for workers
    assert proc.returncode == 130, err
    assert "Traceback" not in err
    kept = results.read_text().count("\n")
    started = log.read_text().count("\n")
    assert f"interrupted; {kept} of 12 games are saved" in err
    assert json.loads((out / "summary-partial.json").read_text())["games_played"] == kept
    assert len(list((out / "games").iterdir())) == kept
    # every game begun is saved, or was cut short in one of the two workers
    assert kept <= started <= kept + 2 < 12

    done = subprocess.run([*cmd, "--resume"], capture_output=True, text=True, env=env, timeout=300)
    assert done.returncode == 0, done.stderr
    assert f"{kept} games already played, {12 - kept} to go" in done.stderr
    assert json.loads((out / "summary.json").read_text())["games_played"] == 12
