"""House rules everywhere: a house rule set with its own name runs through the arena, the
line game against ``medium`` and ``hard``, and a house set that keeps a preset's name is
searched under its own rules (the bug: "unknown rule set 'myhouse'" on the bot's turn)."""

from __future__ import annotations

import io
import json
import random
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from cuttle import Game, RuleSet, card, get_rules, load_house_rules, read_record
from cuttle.arena.cli import arena_main, hint_main
from cuttle.bots.greedy import GreedyBot
from cuttle.bots.search import make_sampler
from cuttle.bots.world import WorldSampler
from cuttle.cli.common import Streams
from cuttle.cli.main import main
from cuttle.cli.play import PlayOptions, run_plain
from cuttle.table import Table
from helpers_positions import position

DATA = Path(__file__).parent / "data"
HOUSE = DATA / "myhouse.toml"
SHORT = DATA / "standard-short.toml"


def _random_player(seed: int) -> Callable[[str], str]:
    """A player who picks a random move by its number (and confirms nothing)."""
    rng = random.Random(seed)

    def ask(prompt: str) -> str:
        m = re.match(r"Your move \[1-(\d+)", prompt)
        return str(rng.randint(1, int(m.group(1)))) if m else "n"

    return ask


def _seats_using_house_effects(text: str, house: RuleSet) -> set[int]:
    """The seats that played a card as the house file's effect (a one-off or a
    permanent whose effect differs from the base rule set's)."""
    base = get_rules("cuttlecards")
    seats = set()
    for m in re.finditer(r"^p(\d): (?:oneoff|royal) (\w\w)", text, re.M):
        c = card(m.group(2))
        if house.effect_of(c) is not None and house.effect_of(c) != base.effect_of(c):
            seats.add(int(m.group(1)))
    return seats


def test_the_house_file_has_its_own_name_and_effects() -> None:
    house = load_house_rules(HOUSE)
    assert house.name == "myhouse"
    assert house.oneoffs[4] == "draw-two" and house.oneoffs[8] == "scrap-royal"
    invented = {"take-chosen", "scrap-point", "skip-next", "look-at-hand", "revive-and-play"}
    keys = {e.key for e in (house.effect_of(c) for c in range(52)) if e is not None}
    assert invented | {"shield-group"} <= keys
    with pytest.raises(ValueError, match="unknown rule set"):
        get_rules("myhouse")  # so nothing may look it up by name


def test_house_rules_through_the_arena(tmp_path: Path) -> None:
    out_dir = tmp_path / "run"
    argv = ["--bots", "medium,hard", "--house", str(HOUSE), "--games", "2"]
    argv += ["--jobs", "1", "--seed", "3", "--quiet", "--out", str(out_dir)]
    out, err = io.StringIO(), io.StringIO()
    assert arena_main(argv, out, err) == 0, err.getvalue()
    records = sorted((out_dir / "games").glob("*"))
    assert len(records) == 2
    house = load_house_rules(HOUSE)
    for path in records:
        text = path.read_text(encoding="utf-8")
        assert '[Rules "myhouse"]' in text
        assert read_record(text, house).is_over


@pytest.mark.parametrize(("opponent", "seed"), [("medium", 9), ("ismcts:200it", 11)])
def test_house_rules_through_the_line_game(tmp_path: Path, opponent: str, seed: int) -> None:
    """Seeds chosen so that both seats use a house effect during the game."""
    house = load_house_rules(HOUSE)
    record = tmp_path / "game.cuttle"
    said: list[str] = []
    options = PlayOptions(rules=house, seed=seed, record=str(record), opponent=opponent)
    assert run_plain(options, _random_player(7), said.append) == 0
    assert "Cuttle: myhouse" in said[0]
    text = record.read_text(encoding="utf-8")
    assert '[Rules "myhouse"]' in text and f'[Players "human {opponent}"]' in text
    game = read_record(text, house)
    assert game.is_over and game.rules == house
    # the house effects came up for both seats: cards whose effect the house file gave
    assert {0, 1} <= _seats_using_house_effects(text, house)


def test_cuttle_play_plain_house_medium_through_main(tmp_path: Path) -> None:
    record = tmp_path / "game.cuttle"
    argv = ["play", "--plain", "--house", str(HOUSE), "--opponent", "medium"]
    argv += ["--seed", "2", "--record", str(record)]
    out, err = io.StringIO(), io.StringIO()
    code = main(argv, Streams(io.StringIO("1\n" * 3000), out, err))
    assert code == 0, err.getvalue()
    assert "Traceback" not in err.getvalue() and "unknown rule set" not in out.getvalue()
    assert read_record(record.read_text(encoding="utf-8"), load_house_rules(HOUSE)).is_over


def test_cuttle_play_plain_house_against_the_real_hard_level(tmp_path: Path) -> None:
    """The real ``hard`` level (ISMCTS, 0.5 s a move, several processes) plays a few
    moves of a house game; the person then resigns."""
    record = tmp_path / "game.cuttle"
    argv = ["play", "--plain", "--house", str(HOUSE), "--opponent", "hard", "--name", "human"]
    argv += ["--seed", "4", "--record", str(record)]
    script = "1\n1\n1\nresign\ny\n"
    out, err = io.StringIO(), io.StringIO()
    code = main(argv, Streams(io.StringIO(script), out, err))
    assert code == 0, err.getvalue()
    text = record.read_text(encoding="utf-8")
    assert '[Players "human hard"]' in text and '[Termination "resign"]' in text
    assert "[p1: " in out.getvalue() and "  hard " in out.getvalue()  # the bot's moves, told
    assert read_record(text, load_house_rules(HOUSE)).is_over


# ---------------------------------------------------------------- a preset's name kept


def _nine_to_win(rules_file: Path | None) -> Table:
    """p0 holds a nine and may play it for points; under the short house goals (9) that
    wins at once, under the preset's (21) it does not."""
    rules = load_house_rules(rules_file) if rules_file else get_rules("standard")
    pos = position(hands=[["9C", "3D"], ["5D", "4H"]], house=rules)
    return Table.from_events(rules, Game.from_json(pos, rules), ())


def test_a_house_set_with_a_preset_name_is_searched_under_its_own_rules() -> None:
    house = _nine_to_win(SHORT)
    assert house.rules.name == "standard" and house.rules.goals[0] == 9
    view = house.view(0)
    assert view.position["rules"] == "standard"  # the name alone would say 21 points
    for sampler in (WorldSampler(view, random.Random(1)), make_sampler(view, random.Random(1), 1)):
        world = sampler.sample()
        assert world.rules == house.rules and world.rules.goals[0] == 9
        world.play("points 9C")
        assert world.is_over and world.outcome is not None and world.outcome.winners == (0,)
    best, score = GreedyBot(seed=1).scores(view)[0]
    assert best == "points 9C" and score == pytest.approx(1.0)
    # the same position under the preset: nine points win nothing
    _, preset_score = GreedyBot(seed=1).scores(_nine_to_win(None).view(0))[0]
    assert preset_score < 0.9


def test_cuttle_hint_searches_a_house_position(tmp_path: Path) -> None:
    house = load_house_rules(HOUSE)
    table = Table(house, seed=9)
    path = tmp_path / "view.json"
    path.write_text(json.dumps(table.view(0).position), encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    argv = [str(path), "--house", str(HOUSE), "--iterations", "60", "--seed", "1", "--json"]
    assert hint_main(argv, stdout=out, stderr=err) == 0, err.getvalue()
    moves = {row["move"] for row in json.loads(out.getvalue())["moves"]}
    assert moves == set(table.legal(0))
    # without the file the name alone cannot be found, and the hint says so
    err = io.StringIO()
    assert hint_main([str(path), "--iterations", "60"], stdout=io.StringIO(), stderr=err) == 2
    assert "myhouse" in err.getvalue()
