"""The bot ladder (issue 28): eight levels, each of which takes a win and stops the
opponent's, ``medium`` answering the reported 20-of-21 position, the level names, and
the measured ratings in ``ladder.json``.

The threat positions give the bot glasses (an eight on its field) so the opponent's hand
is known and the defending moves can be reasoned out by hand; the medium position keeps
the hand hidden, as it was in play.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from cuttle import Game
from cuttle.arena.ladder import ANCHOR_RATING, fit
from cuttle.bots import make_bot
from cuttle.bots.base import SeatView
from cuttle.bots.greedy import GreedyBot
from cuttle.bots.ladder import LADDER_FILE, ladder_ratings, rating_of
from cuttle.bots.registry import (
    LADDER,
    LEVEL_NAMES,
    LEVEL_SPECS,
    LEVELS,
    level_name,
    level_number,
    normal_spec,
)
from cuttle.bots.threats import GuardedBot, assess
from helpers_positions import game

# The expert gets a small budget here (its own is 20,000 iterations a move); the threat
# check in front of it is the same as every level's.
LEVEL_UNDER_TEST = [*LEVEL_NAMES[:7], "expert:200it"]


def _glasses_position(mine: list[str], theirs: list[str], **fields: list[str]) -> Game:
    """Seat 0 to move with ``mine``, glasses on its field; seat 1 holds ``theirs``."""
    return game(
        hands=[mine, theirs],
        fields=[
            {"glasses": ["8C"], "points": fields.get("my_points", [])},
            {"points": fields.get("their_points", []), "faces": fields.get("their_faces", [])},
        ],
    )


def _choose(spec: str, g: Game, seed: int = 1) -> str:
    return make_bot(spec, seed, workers=1).choose(SeatView.of(g, 0))


def _opponent_can_win_at_once(g: Game, move: str) -> bool:
    """After ``move`` (any counter window passed), whether seat 1 has a winning move."""
    g = g.copy()
    g.play(move)
    while g.winners is None and g.phase != "main":
        legal = g.legal_moves()
        g.play("resolve" if "resolve" in legal else legal[0])
    assert g.winners is None and g.to_act == 1
    for reply in g.legal_moves():
        c = g.copy()
        c.play(reply)
        if c.winners == (1,):
            return True
    return False


# ------------------------------------------------------------------ threats, per level

# Seat 1 has 18 points (nines) and holds 5S and 4C: either one reaches 21. Seat 0's ten
# scuttles a nine (9 left; 9 + 5 < 21); its three and six stop nothing.
SCUTTLE = {"mine": ["TC", "3D", "6D"], "theirs": ["5S", "4C"], "their_points": ["9H", "9D"]}
SCUTTLE_DEFENCES = {"scuttle TC 9H", "scuttle TC 9D"}

# Seat 1 has a king (goal 14) and 9 points, and holds 6H: 15 wins. Only a two on the king
# stops it (goal 21 again; 9 + 6 < 21); nothing of seat 0's can scuttle the nine.
KING = {
    "mine": ["2C", "3H", "5D"],
    "theirs": ["6H", "3S"],
    "their_points": ["9S"],
    "their_faces": ["KD"],
}
KING_DEFENCES = {"oneoff 2C KD"}

# Seat 1 has 19 points and holds 3S and 5C: either wins. A four makes it discard both
# (no two to counter with); seat 0's three and six cannot scuttle a nine or a ten.
FOUR = {"mine": ["4D", "3C", "6S"], "theirs": ["3S", "5C"], "their_points": ["TS", "9H"]}
FOUR_DEFENCES = {"oneoff 4D"}


@pytest.mark.parametrize("spec", LEVEL_UNDER_TEST)
@pytest.mark.parametrize(
    ("setup", "defences"),
    [(SCUTTLE, SCUTTLE_DEFENCES), (KING, KING_DEFENCES), (FOUR, FOUR_DEFENCES)],
    ids=["scuttle", "two-on-king", "four"],
)
def test_every_level_stops_a_win_next_turn(
    spec: str, setup: dict[str, list[str]], defences: set[str]
) -> None:
    g = _glasses_position(
        setup["mine"],
        setup["theirs"],
        their_points=setup["their_points"],
        their_faces=setup.get("their_faces", []),
    )
    move = _choose(spec, g)
    assert move in defences, f"{spec} played {move!r}"
    assert not _opponent_can_win_at_once(g, move)


@pytest.mark.parametrize("spec", LEVEL_UNDER_TEST)
def test_every_level_takes_a_win(spec: str) -> None:
    """Seat 0 has 18 points: 3H or 5C as points, or the king (goal 14), wins at once."""
    g = _glasses_position(["3H", "5C", "KD", "7S"], ["2D", "9C"], my_points=["9S", "9D"])
    move = _choose(spec, g)
    assert move in {"points 3H", "points 5C", "royal KD"}
    g.play(move)
    assert g.winners == (0,)


def test_the_threat_check_sees_only_what_the_seat_sees() -> None:
    """Without glasses the two and the six in seat 1's hand are hidden: the check must
    still call every move but the ace dangerous (seat 1 is at 20 with cards in hand)."""
    g = game(
        hands=[["AH", "4C", "4D"], ["3S", "8D", "6C"]],
        fields=[{"points": ["9S"]}, {"points": ["TS", "TH"]}],
    )
    found = assess(SeatView.of(g, 0), random.Random(3), worlds=8)
    assert found.wins == []
    assert found.danger["draw"] == 1.0
    assert found.danger["points AH"] == 1.0
    assert found.danger["oneoff AH"] < 0.75  # only a two to counter it keeps the threat
    assert found.safe_moves() == ["oneoff AH"]


# ------------------------------------------------------------------ medium, as reported

# The reported position: the player (seat 1) at 20 of 21 points, medium (seat 0) at 16
# holding an ace and two fours, the player's four cards hidden from it. A four leaves
# the player two cards; only the ace's one-off (every point card scrapped) stops it.
REPORTED = {
    "hands": [["AH", "4C", "4D"], ["7D", "9S", "9C", "KS"]],
    "fields": [{"points": ["3C", "5H", "8H"]}, {"points": ["TS", "TH"]}],
}


def test_the_old_medium_drew_in_the_reported_position() -> None:
    """The position is the reported kind: the old greedy (hand and table weighed alike)
    draws there for all three seeds."""
    view = SeatView.of(game(**REPORTED), 0)
    assert [GreedyBot(s, material=1.0).choose(view) for s in (1, 2, 3)] == ["draw"] * 3


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_medium_answers_the_reported_position(seed: int) -> None:
    g = game(**REPORTED)
    move = make_bot("medium", seed).choose(SeatView.of(g, 0))
    assert move == "oneoff AH"
    assert not _opponent_can_win_at_once(g, move)


# ------------------------------------------------------------------ names and specs


def test_the_ladder_has_eight_levels_with_four_named() -> None:
    assert len(LADDER) == 8 == len(LEVEL_NAMES)
    assert [LEVEL_NAMES.index(n) + 1 for n in ("easy", "medium", "hard", "expert")] == [
        3,
        4,
        7,
        8,
    ]
    assert set(LEVELS) == set(LEVEL_NAMES) == set(LEVEL_SPECS)
    assert LEVEL_SPECS["level1"] == "random"
    assert LEVEL_SPECS["medium"] == "greedy"
    assert all(LEVEL_SPECS[n].endswith("it") for n in LEVEL_NAMES[4:])  # iterations


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("4", "medium"),
        ("level4", "medium"),
        ("L7", "hard"),
        (" Level8 ", "expert"),
        ("easy", "easy"),
        ("level2", "level2"),
        ("random", None),
        ("greedy", None),
    ],
)
def test_level_names_and_numbers(text: str, name: str | None) -> None:
    assert level_name(text) == name
    if name is not None:
        bot = make_bot(text, 5, workers=1)
        assert isinstance(bot, GuardedBot)
        assert bot.name == name
        assert level_number(text) == LEVEL_NAMES.index(name) + 1


@pytest.mark.parametrize("text", ["9", "level0", "l12"])
def test_a_level_off_the_ladder_is_refused(text: str) -> None:
    with pytest.raises(ValueError, match="levels are 1 to 8"):
        make_bot(text)


def test_level_specs_normalise_and_take_a_budget() -> None:
    assert normal_spec("L5") == "level5"
    assert normal_spec("7:500it") == "hard:500it"
    bot = make_bot("hard:500it", 1, workers=1)
    assert bot.name == "hard:500it"
    assert bot.inner.params.iterations == 500  # type: ignore[attr-defined]
    assert make_bot("greedy:30%", 1).noise == pytest.approx(0.3)  # type: ignore[attr-defined]
    assert not isinstance(make_bot("greedy", 1), GuardedBot)  # the bare kinds stay raw
    with pytest.raises(ValueError, match="0% to 100%"):
        make_bot("greedy:150%")


# ------------------------------------------------------------------ measured ratings


def test_ladder_json_matches_the_levels() -> None:
    data = json.loads(LADDER_FILE.read_text(encoding="utf-8"))
    rows = data["levels"]
    assert [r["name"] for r in rows] == list(LEVEL_NAMES)
    assert [r["level"] for r in rows] == list(range(1, 9))
    assert [r["spec"] for r in rows] == [LEVEL_SPECS[n] for n in LEVEL_NAMES]
    anchor = next(r for r in rows if r["name"] == data["anchor"])
    assert anchor["rating"] == ANCHOR_RATING == 1500
    ratings = [r["rating"] for r in rows]
    assert ratings == sorted(ratings), "a level rated below the one under it"
    for r in rows:
        assert r["low"] <= r["rating"] <= r["high"]
        assert r["games"] >= 20
    pairs = {tuple(p["levels"]) for p in data["pairs"]}
    for n in range(1, 8):
        assert (n, n + 1) in pairs
    for n in range(1, 7):
        assert (n, n + 2) in pairs
    assert ladder_ratings()["medium"].rating == 1500
    assert rating_of("4") == ladder_ratings()["medium"]
    assert rating_of("hard:2s") is None and rating_of("greedy") is None


def test_the_fit_recovers_a_known_gap() -> None:
    """Three wins in four between adjacent players is 191 Elo (400·log10 3)."""
    games = [("a", "b", 1.0)] * 300 + [("a", "b", 0.0)] * 100
    games += [("b", "c", 1.0)] * 300 + [("b", "c", 0.0)] * 100
    r = fit(["a", "b", "c"], games, prior=0)
    assert r["a"] - r["b"] == pytest.approx(190.8, abs=0.5)
    assert r["b"] - r["c"] == pytest.approx(190.8, abs=0.5)


def test_the_fit_reads_run_directories(tmp_path: Path) -> None:
    from cuttle.arena.ladder import read_games

    run = tmp_path / "run"
    run.mkdir()
    (run / "run.json").write_text(json.dumps({"plan": {"bots": ["medium", "hard", "pimc"]}}))
    lines = [
        {"seat_bots": [0, 1], "winners": [1]},
        {"seat_bots": [1, 0], "winners": [0]},
        {"seat_bots": [0, 2], "winners": [0]},  # pimc is no level: left out
        {"seat_bots": [1, 0], "winners": []},
    ]
    (run / "results.jsonl").write_text("\n".join(json.dumps(x) for x in lines) + "\n")
    games, _ = read_games(run)
    assert games == [("medium", "hard", 0.0), ("hard", "medium", 1.0), ("hard", "medium", 0.5)]
    with pytest.raises(ValueError, match="no arena run"):
        read_games(tmp_path)


def test_a_guarded_random_level_asks_for_the_position() -> None:
    """The inner ``random`` bot reads only the legal moves, but the check needs the
    position: the Gymnasium environment must not leave it out for ``level1``."""
    bot = make_bot("level1", 1)
    assert bot.reads_position is True  # type: ignore[attr-defined]
    assert bot.reads_history is True  # type: ignore[attr-defined]


def test_where_people_pick_a_bot_they_see_its_rating() -> None:
    """The lobby's options carry every level's rating; the terminal setup labels a
    level with it and leaves other bots as they are."""
    import asyncio

    from cuttle.server.web.api import options
    from cuttle.tui.screens.setup import bot_label

    data = asyncio.run(options())
    assert data["levels"] == ["random", *LEVEL_NAMES]
    assert set(data["ratings"]) == set(LEVEL_NAMES)
    assert data["ratings"]["medium"] == {"level": 4, "rating": 1500, "low": 1500, "high": 1500}
    assert bot_label("medium") == "medium (1500)"
    assert bot_label("greedy") == "greedy"
    assert bot_label("hard") == f"hard ({ladder_ratings()['hard'].rating})"
