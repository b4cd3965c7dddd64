"""``cuttle league`` driven as a user would: the real command and its main()."""

from __future__ import annotations

import io
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from cuttle import new_game
from cuttle.cli.main import main
from cuttle.engine.records import write_record
from cuttle.league.cli import league_main

RESULTS = """\
date,player1,player2,winner
2026-01-05,ann,bob,ann
2026-01-06,cat,bob,cat
2026-01-07,ann,bob,bob
2026-01-12,bob,cat,bob
2026-01-13,ann,dan,dan
2026-05-13,ann,dan,dan
"""
# Week 1: ann 1 win, cat 1 win (tied 1st: 5 each), bob 0 wins (1); ann v bob again: not
# counted for points. Week 2: bob 5, dan 5, cat 1, ann 1. The May match is outside.
EXPECTED = [
    {"player": "bob", "points": 6, "wins": 2, "weeks": {"1": 1, "2": 5}},
    {"player": "cat", "points": 6, "wins": 1, "weeks": {"1": 5, "2": 1}},
    {"player": "ann", "points": 6, "wins": 1, "weeks": {"1": 5, "2": 1}},
    {"player": "dan", "points": 5, "wins": 1, "weeks": {"2": 5}},
]


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = league_main(list(argv), out, err)
    return code, out.getvalue(), err.getvalue()


@pytest.fixture
def results(tmp_path: Path) -> Path:
    path = tmp_path / "results.csv"
    path.write_text(RESULTS)
    return path


def test_standings_json_through_the_real_command(results: Path) -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "cuttle.cli.main", "league", "standings", str(results),
         "--season-start", "2026-01-05", "--json"],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout) == EXPECTED
    assert "1 match(es) outside" in proc.stderr


def test_standings_through_cuttle_main(results: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["league", "standings", str(results), "--season-start", "2026-01-05"])
    text = capsys.readouterr().out
    assert code == 0
    lines = text.splitlines()
    assert lines[0].startswith("Season 2026-01-05 to 2026-04-05")
    assert [line.split()[1] for line in lines[2:]] == ["bob", "cat", "ann", "dan"]


def test_a_later_season_start_and_a_time_zone(results: Path) -> None:
    # 2026-01-12 starts the season: only week-2 matches and later count; in Pacific time
    # the dates are local midnights, so nothing moves
    code, out, _ = run("standings", str(results), "--season-start", "2026-01-12",
                       "--tz", "America/Los_Angeles", "--json")  # fmt: skip
    assert code == 0
    assert {r["player"]: r["points"] for r in json.loads(out)} == {
        "bob": 5, "dan": 5, "ann": 1, "cat": 1,
    }  # fmt: skip


def test_standings_csv_export(results: Path, tmp_path: Path) -> None:
    target = tmp_path / "standings.csv"
    code, out, _ = run("standings", str(results), "--season-start", "2026-01-05", "--csv",
                       "--out", str(target))  # fmt: skip
    assert code == 0 and out == ""
    rows = target.read_text().splitlines()
    assert rows[0].startswith("place,player,points,wins,rating,provisional,week1,week2")
    assert rows[1].startswith("1,bob,6,2,")


def test_weekly_json(results: Path) -> None:
    code, out, _ = run("weekly", str(results), "--season-start", "2026-01-05", "--week", "1",
                       "--json")  # fmt: skip
    assert code == 0
    week = json.loads(out)["1"]
    assert {r["player"]: (r["wins"], r["place"], r["points"]) for r in week} == {
        "ann": (1, 1, 5), "cat": (1, 1, 5), "bob": (0, None, 1),
    }  # fmt: skip


def record(seed: int, players: str, loser_seat: int, day: str) -> str:
    """A real game record that seat ``loser_seat`` resigns after a few random moves."""
    game = new_game("standard", seed=seed)
    rng = random.Random(seed)
    for _ in range(4):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    if not game.is_over:
        game.resign(loser_seat)
    return write_record(game, {"Players": players, "Date": day})


def test_standings_from_game_records(tmp_path: Path) -> None:
    games = tmp_path / "games"
    games.mkdir()
    texts = [
        record(1, "ann bob", 1, "2026-01-05"),  # bob resigns: ann 1-0
        record(2, "bob ann", 0, "2026-01-05"),  # seats swapped, bob resigns: ann 2-0
        record(3, "cat dan", 0, "2026-01-06"),  # dan 1-0, and no second game: undecided
    ]
    for i, text in enumerate(texts):
        (games / f"g{i}.cuttle").write_text(text)
    code, out, err = run("standings", str(games), "--season-start", "2026-01-05", "--json")
    assert code == 0
    assert json.loads(out) == [
        {"player": "ann", "points": 5, "wins": 1, "weeks": {"1": 5}},
        {"player": "bob", "points": 1, "wins": 0, "weeks": {"1": 1}},
    ]
    assert "cat v dan is undecided (0-1)" in err


def test_a_broken_game_record_is_refused(tmp_path: Path) -> None:
    text = record(1, "ann bob", 1, "2026-01-05")
    path = tmp_path / "g.cuttle"
    path.write_text(text.replace("p0: ", "p0: scuttle ", 1))  # an illegal move
    code, _, err = run("standings", str(path), "--season-start", "2026-01-05")
    assert code == 2 and "g.cuttle" in err and "Traceback" not in err


def test_bracket_from_new_to_champion(tmp_path: Path) -> None:
    path = tmp_path / "champs.json"
    code, out, _ = run("bracket", "new", "a", "b", "c", "d", "--out", str(path))
    assert code == 0 and "W1-1" in out
    assert run("bracket", "report", str(path), "a", "d", "--score", "2-1")[0] == 0
    finals = tmp_path / "finals.csv"
    finals.write_text(
        "date,player1,player2,winner\n"
        "2026-04-10,b,c,b\n2026-04-10,a,b,a\n2026-04-10,d,c,d\n2026-04-10,d,b,b\n"
        "2026-04-11,a,b,b\n"
    )
    code, out, _ = run("bracket", "advance", str(path), str(finals))
    assert code == 0 and "GF2" in out
    code, out, _ = run("bracket", "report", str(path), "a", "b")
    assert out == "champion: a\n"
    code, out, _ = run("bracket", "show", str(path), "--json")
    data = json.loads(out)
    assert data["champion"] == "a"
    assert data["places"] == {"a": 1, "b": 2, "d": 3, "c": 4}
    assert data["points"] == {"a": 21, "b": 14, "d": 10, "c": 7}


def test_bracket_seeded_from_standings(results: Path, tmp_path: Path) -> None:
    path = tmp_path / "b.json"
    code, _, _ = run("bracket", "new", "--standings", str(results), "--season-start",
                     "2026-01-05", "--size", "3", "--out", str(path))  # fmt: skip
    assert code == 0
    assert json.loads(path.read_text())["players"] == ["bob", "cat", "ann"]


def test_series_hall_of_fame_and_calendar(tmp_path: Path) -> None:
    rounds = tmp_path / "rounds.csv"
    rounds.write_text("ann,bob,cat\n21,7,3\n4,21*,9\n")
    code, out, _ = run("series", str(rounds), "--target", "30")
    assert code == 0 and "-21*" in out
    code, out, _ = run("hall-of-fame", "--json")
    assert code == 0 and len(json.loads(out)["events"]) == 12
    code, out, _ = run("calendar", "2026-05-20", "--league-start", "2026-01-05")
    assert out.startswith("2026-05-20: Diamonds 2026, week 7 of 13")


BAD_CSV = [
    ("date,player,opponent,winner\n2026-01-05,a,b,a\n", "header"),
    ("date,player1,player2,winner\n05/01/2026,a,b,a\n", "line 2: bad date"),
    ("date,player1,player2,winner\n2026-01-05,a,b,c\n", "line 2: the winner 'c'"),
    ("date,player1,player2,winner\n2026-01-05,a,a,a\n", "themself"),
]


@pytest.mark.parametrize(("text", "message"), BAD_CSV)
def test_bad_results_get_one_message_and_code_2(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "bad.csv"
    path.write_text(text)
    code, out, err = run("standings", str(path), "--season-start", "2026-01-05")
    assert code == 2 and out == ""
    assert message in err and len(err.strip().splitlines()) == 1
    assert "Traceback" not in err


@pytest.mark.parametrize(
    "argv",
    [
        ["standings", "missing.csv", "--season-start", "2026-01-05"],
        ["standings", "x.csv"],
        ["standings", "x.csv", "--season-start", "2026-02-30"],
        ["standings", "x.csv", "--season-start", "2026-01-05", "--tz", "Mars/Olympus"],
        ["weekly", "x.csv", "--season-start", "2026-01-05", "--week", "14"],
        ["bracket", "new", "solo"],
        ["bracket", "show", "missing.json"],
        ["calendar", "2025-01-01", "--league-start", "2026-01-05"],
        ["nonsense"],
    ],
)
def test_bad_arguments_get_code_2(tmp_path: Path, argv: list[str]) -> None:
    (tmp_path / "x.csv").write_text(RESULTS)
    argv = [str(tmp_path / a) if a.endswith((".csv", ".json")) else a for a in argv]
    code, _, err = run(*argv)
    assert code == 2
    assert err.startswith("cuttle league") and "Traceback" not in err


@pytest.mark.parametrize(
    "argv", [["--help"], ["standings", "--help"], ["bracket", "new", "--help"]]
)
def test_help(argv: list[str]) -> None:
    code, out, err = run(*argv)
    assert code == 0 and out.startswith("usage: cuttle league") and err == ""
    if argv == ["--help"]:
        assert "examples:" in out and "--season-start 2026-01-05 --json" in out


def test_a_broken_bracket_file(tmp_path: Path) -> None:
    path = tmp_path / "b.json"
    path.write_text('{"format": "double-elimination", "players": ["a"]}')
    code, _, err = run("bracket", "show", str(path))
    assert code == 2 and "two players" in err


@pytest.mark.parametrize("score", ["5-3", "1-0", "3-1", "2-2", "1-2", "0-2"])
def test_bracket_report_refuses_a_score_no_first_to_two_match_ends_with(
    tmp_path: Path, score: str
) -> None:
    path = tmp_path / "champs.json"
    assert run("bracket", "new", "a", "b", "c", "d", "--out", str(path))[0] == 0
    before = path.read_text()
    code, _, err = run("bracket", "report", str(path), "a", "d", "--score", score)
    assert code == 2 and "impossible score" in err and "Traceback" not in err
    assert path.read_text() == before
    assert run("bracket", "report", str(path), "a", "d", "--score", "2-0")[0] == 0
    assert json.loads(path.read_text())["results"]["W1-1"]["score"] == [2, 0]


def test_bracket_report_turns_a_losers_first_score_into_a_suggestion(tmp_path: Path) -> None:
    path = tmp_path / "champs.json"
    assert run("bracket", "new", "a", "b", "c", "d", "--out", str(path))[0] == 0
    code, _, err = run("bracket", "report", str(path), "a", "d", "--score", "1-2")
    assert code == 2 and "did you mean 2-1?" in err
    code, _, err = run("bracket", "report", str(path), "a", "d", "--score", "5-3")
    assert code == 2 and "did you mean" not in err
