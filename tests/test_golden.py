"""Golden positions and records for every rule set, counted by hand (perft-style).

Each file ``tests/golden/<rule set>.json`` holds positions whose legal moves were
enumerated by hand from ``spec/rules.md`` (every move is written out in the file, with
the reasoning in ``why``), lines of play with what must follow each move, small perft
counts, and short records with their known results. Nothing here is produced by the
engine under test: the tests only read positions, list legal moves as text, play moves
and read the outcome through the public API.

Fixture format (one JSON object per file):

* ``cases``: ``position`` (a notation.md position; keys left out take their defaults,
  and every card it does not name goes to ``rest`` — the bottom of the deck, in rank
  then suit order, unless ``rest`` says ``"scrap"`` or ``"hand N"``), or ``deal``
  (``players`` and ``deck_top``: the deck before the deal, the rest following in rank
  then suit order); then ``legal`` (the exact moves of the seat to act), ``count``
  (their number), optional ``perft`` (``{"depth": nodes}``), ``expect`` (checks on the
  position) and ``line`` (moves to play, each with its own checks).
* ``records``: ``deck_top``, ``players``, ``moves`` (record lines) and the known
  ``result`` and ``termination``.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest

from cuttle import Game, new_game, read_record

GOLDEN = Path(__file__).parent / "golden"
RULE_SETS = ("classic", "standard", "cuttlecards", "cutthroat", "team", "multiplayer")
RANKS = "A23456789TJQK"
SUITS = "CDHS"
JOKERS = ("X1", "X2")
DEFAULTS: dict[str, Any] = {
    "variants": [],
    "turn": 0,
    "phase": "main",
    "frozen": [],
    "passes": 0,
    "pending": None,
    "revealed": [],
    "winner": None,
}


def _load(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((GOLDEN / f"{name}.json").read_text(encoding="utf-8"))
    assert data["rules"] == name
    return data


def all_cards(jokers: int) -> list[str]:
    """Every card of a deck in rank then suit order, jokers last."""
    return [r + s for r in RANKS for s in SUITS] + list(JOKERS[:jokers])


def _names(value: Any) -> Iterator[str]:
    """Every card named inside a position part (strings, stacks, lists)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, Mapping):
        for key in ("card", "points", "faces", "glasses", "jacks", "jokers", "counters"):
            if key in value:
                yield from _names(value[key])
    elif isinstance(value, list):
        for inner in value:
            yield from _names(inner)


def expand(compact: Mapping[str, Any], rules: str, jokers: int) -> dict[str, Any]:
    """Complete a hand-written position: defaults for left-out keys, and every card not
    named placed where ``rest`` says, in rank then suit order."""
    pos = {k: v for k, v in compact.items() if k != "rest"}
    pos["rules"] = rules
    for key, value in DEFAULTS.items():
        pos.setdefault(key, value)
    pos.setdefault("to_act", pos["turn"])
    n = len(pos["hands"])
    fields = [dict(f) for f in pos.get("fields", [])]
    fields += [{} for _ in range(n - len(fields))]
    for f in fields:
        for key in ("points", "faces", "glasses"):
            f.setdefault(key, [])
    pos["fields"] = fields
    pos.setdefault("scrap", [])
    pos.setdefault("deck", [])
    named = [
        *_names(pos["hands"]),
        *_names(fields),
        *pos["scrap"],
        *pos["deck"],
        *pos["revealed"],
        *pos.get("removed", []),
    ]
    if pos["pending"] is not None:
        named += list(_names(pos["pending"]))
    assert len(set(named)) == len(named), f"a card is named twice: {sorted(named)}"
    left = [c for c in all_cards(jokers) if c not in set(named)]
    rest = str(compact.get("rest", "deck"))
    if rest == "deck":
        pos["deck"] = [*pos["deck"], *left]
    elif rest == "scrap":
        pos["scrap"] = [*left, *pos["scrap"]]
    else:
        verb, seat = rest.split()
        assert verb == "hand", rest
        pos["hands"][int(seat)] = [*pos["hands"][int(seat)], *left]
    return pos


def full_deck(deck_top: Sequence[str], jokers: int) -> list[str]:
    """The whole deck before the deal: ``deck_top`` then the rest in rank then suit order."""
    return [*deck_top, *(c for c in all_cards(jokers) if c not in set(deck_top))]


def _point_cards(entries: Sequence[Any]) -> list[str]:
    return sorted(e if isinstance(e, str) else e["card"] for e in entries)


def check(g: Game, expect: Mapping[str, Any], where: str) -> None:
    """Check the position of ``g`` against the hand-made expectations ``expect``."""
    pos = g.to_json()
    if "legal" in expect:
        legal = sorted(g.legal_moves())
        assert len(set(expect["legal"])) == len(expect["legal"]), f"{where}: a move twice"
        assert legal == sorted(expect["legal"]), (
            f"{where}: engine lists {legal}, counted by hand {sorted(expect['legal'])}"
        )
        if "count" in expect:
            assert len(legal) == expect["count"] == len(expect["legal"]), where
    for key in ("to_act", "turn", "phase", "passes"):
        if key in expect:
            assert pos[key] == expect[key], f"{where}: {key} {pos[key]!r}"
    for seat, cards in expect.get("hands", {}).items():
        assert sorted(pos["hands"][int(seat)]) == sorted(cards), f"{where}: p{seat}'s hand"
    for seat, cards in expect.get("points", {}).items():
        got = _point_cards(pos["fields"][int(seat)]["points"])
        assert got == sorted(cards), f"{where}: p{seat}'s points {got}"
    for seat, cards in expect.get("faces", {}).items():
        got = _point_cards(pos["fields"][int(seat)]["faces"])
        assert got == sorted(cards), f"{where}: p{seat}'s faces {got}"
    for seat, cards in expect.get("glasses", {}).items():
        assert sorted(pos["fields"][int(seat)]["glasses"]) == sorted(cards), where
    if "scrap" in expect:
        assert sorted(pos["scrap"]) == sorted(expect["scrap"]), f"{where}: scrap"
    if "deck_top" in expect:
        top = expect["deck_top"]
        assert pos["deck"][: len(top)] == top, f"{where}: deck top {pos['deck'][:3]}"
    if "frozen" in expect:
        assert sorted(pos["frozen"]) == sorted(expect["frozen"]), f"{where}: frozen"
    if "revealed" in expect:
        assert pos["revealed"] == expect["revealed"], f"{where}: revealed"
    if "removed" in expect:
        assert sorted(pos.get("removed", [])) == sorted(expect["removed"]), where
    for seat, size in expect.get("hand_sizes", {}).items():
        assert len(pos["hands"][int(seat)]) == size, f"{where}: p{seat}'s hand size"
    if "deck_size" in expect:
        assert len(pos["deck"]) == expect["deck_size"], f"{where}: deck size"
    if "scrap_size" in expect:
        assert len(pos["scrap"]) == expect["scrap_size"], f"{where}: scrap size"
    for seen in expect.get("sees", []):
        hand = g.view(seen["viewer"])["hands"][seen["holder"]]
        assert sorted(hand) == sorted(seen["hand"]), f"{where}: p{seen['viewer']} sees {hand}"
    if "outcome" in expect:
        out = g.outcome
        if expect["outcome"] is None:
            assert out is None, f"{where}: the game ended ({out})"
        else:
            assert out is not None, f"{where}: the game is not over"
            assert out.result() == expect["outcome"]["result"], f"{where}: {out}"
            assert out.termination == expect["outcome"]["termination"], f"{where}: {out}"


def perft(g: Game, depth: int) -> int:
    """Count the move sequences of length ``depth`` (a finished game ends a sequence)."""
    if depth == 0 or g.outcome is not None:
        return 1
    total = 0
    for move in g.legal_moves():
        child = Game.from_json(g.to_json())
        child.play(move)
        total += perft(child, depth - 1)
    return total


def start(case: Mapping[str, Any], rules: str, jokers: int) -> Game:
    """The game a case starts from: a dealt deck or a hand-written position."""
    if "deal" in case:
        deal = case["deal"]
        return new_game(rules, players=deal["players"], deck=full_deck(deal["deck_top"], jokers))
    return Game.from_json(expand(case["position"], rules, jokers))


def _cases() -> Iterator[Any]:
    for name in RULE_SETS:
        data = _load(name)
        for case in data["cases"]:
            yield pytest.param(name, data.get("jokers", 0), case, id=f"{name}-{case['name']}")


def _records() -> Iterator[Any]:
    for name in RULE_SETS:
        data = _load(name)
        for rec in data["records"]:
            yield pytest.param(name, data.get("jokers", 0), rec, id=f"{name}-{rec['name']}")


@pytest.mark.parametrize(("rules", "jokers", "case"), list(_cases()))
def test_golden_position(rules: str, jokers: int, case: Mapping[str, Any]) -> None:
    """The engine's legal moves, perft counts and lines match the hand count."""
    g = start(case, rules, jokers)
    check(g, case, "start")
    for depth, nodes in case.get("perft", {}).items():
        assert perft(g, int(depth)) == nodes, f"perft({depth})"
    for i, step in enumerate(case.get("line", [])):
        g.play(step["play"])
        check(g, step, f"after move {i + 1} ({step['play']})")


@pytest.mark.parametrize(("rules", "jokers", "rec"), list(_records()))
def test_golden_record(rules: str, jokers: int, rec: Mapping[str, Any]) -> None:
    """A short record replays, through the record reader and move by move, to its
    known result, and the game ends exactly on its last line."""
    deck = full_deck(rec["deck_top"], jokers)
    players = rec["players"]
    headers = {
        "Rules": rules,
        "Variants": "",
        "Deck": " ".join(deck),
        "Players": " ".join(f"p{s}" for s in range(players)),
        "Result": rec["result"],
        "Termination": rec["termination"],
    }
    text = "".join(f'[{k} "{v}"]\n' for k, v in headers.items()) + "\n"
    text += "".join(f"{line}\n" for line in rec["moves"])
    replayed = read_record(text)
    assert replayed.outcome is not None
    assert (replayed.outcome.result(), replayed.outcome.termination) == (
        rec["result"],
        rec["termination"],
    )
    g = new_game(rules, players=players, deck=deck)
    for i, line in enumerate(rec["moves"]):
        assert g.outcome is None, f"the game ended before line {i + 1}"
        seat, move = line.split(": ", 1)
        if move == "resign":
            g.resign(int(seat[1:]))
            continue
        assert g.to_act == int(seat[1:]), f"line {i + 1}: p{g.to_act} is to act"
        g.play(move)
    assert g.outcome is not None
    assert g.outcome.result() == rec["result"]
    assert g.outcome.termination == rec["termination"]


@pytest.mark.parametrize("rules", RULE_SETS)
def test_every_rule_set_has_its_golden_file(rules: str) -> None:
    """Each rule set has at least six hand-counted positions and a record."""
    data = _load(rules)
    assert len(data["cases"]) >= 6
    assert data["records"]
    for case in data["cases"]:
        assert case["count"] == len(case["legal"]), case["name"]
