"""Game records: writing, reading back, and reporting every problem of a bad record."""

from __future__ import annotations

import json
import random

import pytest

import cuttle
from cuttle import (
    CuttleError,
    Game,
    RecordError,
    house_rules,
    new_game,
    parse_record,
    read_record,
    write_record,
)
from cuttle.engine.cards import CARD_NAMES
from cuttle.engine.moves import DRAW
from cuttle.engine.records import read_records

CONFIGS: list[tuple[str, tuple[str, ...], int | None]] = [
    ("classic", (), None),
    ("standard", (), None),
    ("cuttlecards", (), None),
    ("cutthroat", (), None),
    ("team", (), None),
    ("multiplayer", (), 2),
    ("multiplayer", (), 3),
    ("multiplayer", (), 4),
    ("multiplayer", (), 5),
    ("classic", ("random-four",), None),
    ("classic", ("eight-oneoff",), None),
    ("classic", ("nine-freeze",), None),
    ("standard", ("nine-to-deck",), None),
    ("classic", ("ten-blocks-scuttle",), None),
    ("classic", ("queens-guard-queens",), None),
    ("standard", ("joker-swap",), None),
    ("cuttlecards", ("eight-oneoff", "ten-blocks-scuttle", "joker-swap"), None),
    ("cutthroat", ("random-four", "nine-to-deck"), None),
    ("team", ("eight-oneoff", "random-four"), None),
    ("multiplayer", ("random-four",), 4),
]


def random_play(game: Game, seed: int, limit: int | None = None) -> Game:
    """Play random legal moves (at most ``limit``) until the game ends."""
    rng = random.Random(seed)
    played = 0
    while not game.is_over and (limit is None or played < limit):
        game.apply(rng.choice(game.legal_actions()))
        played += 1
    return game


def line_no(text: str, start: str, nth: int = 0) -> int:
    """1-based number of the ``nth`` line of ``text`` starting with ``start``."""
    hits = [i for i, line in enumerate(text.splitlines(), 1) if line.startswith(start)]
    return hits[nth]


def replace_line(text: str, number: int, new: str) -> str:
    lines = text.splitlines()
    lines[number - 1] = new
    return "\n".join(lines) + "\n"


def problem_lines(exc: RecordError) -> list[int]:
    return [line for line, _ in exc.problems]


def finished(seed: int = 1, rules: str = "standard") -> Game:
    return random_play(new_game(rules, seed=seed), seed)


def same_game(a: Game, b: Game) -> None:
    assert a.to_json() == b.to_json()
    assert a.history == b.history
    assert a.outcome == b.outcome
    assert a.legal_moves() == b.legal_moves()


# ---------------------------------------------------------------------- round trips


@pytest.mark.parametrize(
    ("rules", "variants", "players"), CONFIGS, ids=lambda x: str(x) if x else "-"
)
def test_random_games_round_trip(
    rules: str, variants: tuple[str, ...], players: int | None
) -> None:
    for seed in range(4):
        game = random_play(new_game(rules, variants, players, seed=seed), seed)
        assert game.is_over
        text = write_record(game)
        back = read_record(text)
        same_game(back, game)
        headers, moves = parse_record(text)
        assert headers["Rules"] == rules
        assert headers["Variants"].split() == sorted(variants)
        assert headers["Deck"].split() == [CARD_NAMES[c] for c in game.start_deck or []]
        assert len(headers["Players"].split()) == game.n
        outcome = game.outcome
        assert outcome is not None
        assert headers["Result"] == outcome.result()
        assert headers["Termination"] == outcome.termination
        assert len(moves) == len(game.history)
        for (number, seat, move), (hseat, _) in zip(moves, game.history, strict=True):
            assert seat == hseat
            assert text.splitlines()[number - 1] == f"p{seat}: {move}"


def test_record_text_layout() -> None:
    game = finished(3)
    text = write_record(game, {"Event": "club night", "Players": "ann bob"})
    head, _, body = text.partition("\n\n")
    assert all(line.startswith("[") and line.endswith('"]') for line in head.splitlines())
    assert '[Event "club night"]' in head.splitlines()
    assert '[Players "ann bob"]' in head.splitlines()
    assert text.endswith("\n")
    assert len(body.splitlines()) == len(game.history)
    first_seat, first_move = game.history[0]
    assert body.splitlines()[0] == f"p{first_seat}: {cuttle.move_text(first_move)}"
    headers, _ = parse_record(text)
    assert headers["Event"] == "club night"
    assert headers["Players"] == "ann bob"


def test_unfinished_game_round_trip() -> None:
    for rules in ("standard", "cutthroat", "team"):
        game = random_play(new_game(rules, seed=11), 11, limit=6)
        assert not game.is_over
        text = write_record(game)
        headers, _ = parse_record(text)
        assert headers["Result"] == "*"
        assert headers["Termination"] == "*"
        back = read_record(text)
        same_game(back, game)
        assert back.to_act == game.to_act
        # the replayed game plays on exactly like the original
        random_play(back, 5)
        random_play(game, 5)
        same_game(back, game)


def test_game_without_moves_round_trips() -> None:
    game = new_game("classic", seed=2)
    back = read_record(write_record(game))
    same_game(back, game)
    assert back.moves_played == 0


def test_resignation_from_any_seat() -> None:
    game = random_play(new_game("standard", seed=4), 4, limit=9)
    resigner = 1 - game.to_act
    game.resign(resigner)
    text = write_record(game)
    assert text.splitlines()[-1] == f"p{resigner}: resign"
    back = read_record(text)
    same_game(back, game)
    assert back.outcome == cuttle.Outcome((game.to_act,), "resign")


def test_team_resignation_names_the_other_team() -> None:
    game = random_play(new_game("team", seed=8), 8, limit=12)
    game.resign(2)
    headers, _ = parse_record(write_record(game))
    assert headers["Result"] == "p1 p3"
    assert headers["Termination"] == "resign"
    assert read_record(write_record(game)).winners == (1, 3)


def test_agreed_draw() -> None:
    game = random_play(new_game("cuttlecards", seed=6), 6, limit=10)
    game.agree_draw()
    text = write_record(game)
    assert text.splitlines()[-1] == "draw agreed"
    headers, moves = parse_record(text)
    assert headers["Result"] == "draw"
    assert headers["Termination"] == "agreed"
    assert moves[-1][1:] == (None, "draw agreed")
    back = read_record(text)
    same_game(back, game)


def test_record_from_a_position() -> None:
    played = random_play(new_game("cutthroat", seed=9), 9, limit=25)
    start = Game.from_json(played.to_json())
    game = random_play(start.copy(), 3)
    assert game.start_deck is None and game.start_position is not None
    text = write_record(game)
    headers, moves = parse_record(text)
    assert "Deck" not in headers
    assert json.loads(headers["Position"]) == played.to_json()
    assert len(moves) == game.moves_played - played.moves_played
    back = read_record(text)
    same_game(back, game)


def test_unfinished_record_from_a_position() -> None:
    start = Game.from_json(random_play(new_game("team", seed=3), 3, limit=20).to_json())
    game = random_play(start, 1, limit=6)
    back = read_record(write_record(game))
    same_game(back, game)


def test_house_rules_record_needs_its_rule_set() -> None:
    rules = house_rules({"base": "classic", "name": "fast-fives", "goals": [15, 10, 7, 5, 3]})
    game = random_play(new_game(rules, seed=5), 5)
    text = write_record(game)
    same_game(read_record(text, rules), game)
    with pytest.raises(RecordError) as info:
        read_record(text)
    assert problem_lines(info.value) == [line_no(text, "[Rules")]
    assert "fast-fives" in str(info.value)


def test_comments_blank_lines_and_line_endings_are_tolerated() -> None:
    game = finished(12)
    lines = write_record(game).splitlines()
    body_at = lines.index("")
    noisy = [
        "# a game from the club",
        *lines[:body_at],
        "",
        "   # the moves",
        *(f"{line}  # move {i}" for i, line in enumerate(lines[body_at + 1 :])),
        "",
    ]
    noisy.insert(body_at + 5, "")
    text = "\r\n".join(noisy)
    same_game(read_record(text), game)
    same_game(read_record("\ufeff" + write_record(game)), game)


def test_several_records_in_one_file() -> None:
    games = [finished(s, r) for s, r in ((1, "classic"), (2, "team"), (3, "cutthroat"))]
    games.append(new_game("standard", seed=4))  # no moves at all
    text = "\n".join(write_record(g) for g in games)
    read = list(read_records(text))
    assert len(read) == len(games)
    for back, game in zip(read, games, strict=True):
        same_game(back, game)


def test_bad_record_among_several_names_its_line_in_the_file() -> None:
    first, second = write_record(finished(1)), write_record(finished(2))
    offset = len(first.splitlines()) + 1
    bad_at = line_no(second, "p0:", 1)
    text = first + "\n" + replace_line(second, bad_at, "p0: glasses QS")
    it = read_records(text)
    next(it)
    with pytest.raises(RecordError) as info:
        next(it)
    assert problem_lines(info.value) == [offset + bad_at]


# ---------------------------------------------------------------------- bad records


def test_wrong_seat_prefix() -> None:
    text = write_record(finished(5))
    at = line_no(text, "p1:")
    bad = replace_line(text, at, text.splitlines()[at - 1].replace("p1:", "p0:"))
    with pytest.raises(RecordError) as info:
        read_record(bad)
    assert problem_lines(info.value) == [at]
    assert "p1 is to act" in str(info.value)


def test_illegal_move_stops_the_replay_at_its_line() -> None:
    game = finished(7)
    text = write_record(game)
    # the third draw: a card of the other seat's hand cannot be played
    k = [i for i, (_, m) in enumerate(game.history) if m[0] == DRAW][2]
    before = new_game(game.rules, deck=game.start_deck)
    for _, m in game.history[:k]:
        before.apply(m)
    seat = before.to_act
    foreign = CARD_NAMES[before.hands[1 - seat][0]]
    at = line_no(text, "p", k)
    bad = replace_line(text, at, f"p{seat}: points {foreign}")
    # a later line is broken too; it is never reached
    bad = replace_line(bad, len(bad.splitlines()), "p0: scuttle X1 X2")
    with pytest.raises(RecordError) as info:
        read_record(bad)
    assert problem_lines(info.value) == [at]
    assert f"points {foreign}" in str(info.value)


def test_unreadable_move_and_garbage_line() -> None:
    text = write_record(finished(8))
    at = line_no(text, "p0:", 2)
    bad = replace_line(text, at, "p0: fly KS")
    with pytest.raises(RecordError) as info:
        read_record(bad)
    assert problem_lines(info.value) == [at]
    assert "fly" in str(info.value)
    bad = replace_line(text, at, "whatever this is")
    with pytest.raises(RecordError) as info:
        parse_record(bad)
    assert problem_lines(info.value) == [at]


@pytest.mark.parametrize(
    ("key", "value", "words"),
    [
        ("Rules", "chess", "chess"),
        ("Variants", "nine-freeze flying-kings", "flying-kings"),
        ("Termination", "boredom", "boredom"),
        ("Result", "p0 wins", "p0 wins"),
        ("Players", "ann bob cid", "3"),
    ],
)
def test_unknown_header_values(key: str, value: str, words: str) -> None:
    text = write_record(finished(2))
    at = line_no(text, f"[{key} ")
    bad = replace_line(text, at, f'[{key} "{value}"]')
    with pytest.raises(RecordError) as info:
        read_record(bad)
    assert problem_lines(info.value) == [at]
    assert words in str(info.value)


def test_bad_decks() -> None:
    game = finished(4)
    text = write_record(game)
    at = line_no(text, "[Deck")
    names = [CARD_NAMES[c] for c in game.start_deck or []]
    for deck, words in (
        (names[:-1], names[-1]),  # a card missing
        ([*names[:-1], names[0]], names[-1]),  # a card twice, one missing
        (["ZZ", *names[1:]], "ZZ"),  # not a card
        ([*names, "X1"], "X1"),  # a joker in a game without jokers
    ):
        bad = replace_line(text, at, f'[Deck "{" ".join(deck)}"]')
        with pytest.raises(RecordError) as info:
            read_record(bad)
        assert problem_lines(info.value) == [at]
        assert words in str(info.value)


def test_wrong_result_and_termination() -> None:
    game = finished(6)
    assert game.outcome is not None
    text = write_record(game)
    other = "p1" if game.outcome.result() != "p1" else "p0"
    at = line_no(text, "[Result")
    with pytest.raises(RecordError) as info:
        read_record(replace_line(text, at, f'[Result "{other}"]'))
    assert problem_lines(info.value) == [at]
    with pytest.raises(RecordError) as info:
        read_record(replace_line(text, at, '[Result "*"]'))
    assert problem_lines(info.value) == [at]
    term_at = line_no(text, "[Termination")
    with pytest.raises(RecordError) as info:
        read_record(replace_line(text, term_at, '[Termination "resign"]'))
    assert problem_lines(info.value) == [term_at]
    # a finished game's record cut short: the Result no longer fits
    cut = "\n".join(text.splitlines()[:-1]) + "\n"
    with pytest.raises(RecordError) as info:
        read_record(cut)
    assert problem_lines(info.value) == [at, term_at]


def test_header_problems_are_reported_together_with_a_bad_move() -> None:
    text = write_record(finished(9))
    term_at = line_no(text, "[Termination")
    move_at = line_no(text, "p1:")
    bad = replace_line(text, term_at, '[Termination "sulking"]')
    bad = replace_line(bad, move_at, "p1: royal QQ")
    with pytest.raises(RecordError) as info:
        read_record(bad)
    assert problem_lines(info.value) == [term_at, move_at]


def test_missing_and_repeated_headers() -> None:
    text = write_record(finished(10))
    lines = text.splitlines()
    no_deck = "\n".join(line for line in lines if not line.startswith("[Deck"))
    with pytest.raises(RecordError) as info:
        read_record(no_deck)
    assert "Deck" in str(info.value)
    assert problem_lines(info.value) == [1]
    no_players = "\n".join(line for line in lines if not line.startswith("[Players"))
    with pytest.raises(RecordError) as info:
        read_record(no_players)
    assert "Players" in str(info.value)
    twice = text.replace('[Rules "standard"]', '[Rules "standard"]\n[Rules "standard"]', 1)
    with pytest.raises(RecordError) as info:
        read_record(twice)
    assert problem_lines(info.value) == [2]
    broken = replace_line(text, 1, "[Rules standard]")
    with pytest.raises(RecordError) as info:
        parse_record(broken)
    assert problem_lines(info.value) == [1]


def test_moves_after_the_end() -> None:
    game = finished(11)
    text = write_record(game) + "p0: draw\n"
    with pytest.raises(RecordError) as info:
        read_record(text)
    assert problem_lines(info.value) == [len(text.splitlines())]
    assert "over" in str(info.value)


def test_bad_position_header() -> None:
    game = random_play(Game.from_json(new_game("classic", seed=1).to_json()), 2)
    text = write_record(game)
    at = line_no(text, "[Position")
    with pytest.raises(RecordError) as info:
        read_record(replace_line(text, at, '[Position "{not json"]'))
    assert problem_lines(info.value) == [at]
    position = game.start_position
    assert position is not None
    broken = dict(position, scrap=["AC"])  # AC now twice, or a card too many
    with pytest.raises(RecordError) as info:
        read_record(replace_line(text, at, f'[Position "{json.dumps(broken)}"]'))
    assert problem_lines(info.value) == [at]
    both = text.replace("[Position", f'[Deck "{" ".join(CARD_NAMES[:52])}"]\n[Position', 1)
    with pytest.raises(RecordError) as info:
        read_record(both)
    assert "not both" in str(info.value)


def test_record_errors_are_cuttle_errors() -> None:
    with pytest.raises(CuttleError):
        read_record("")
    with pytest.raises(ValueError):
        read_record("p0: draw\n")


def test_write_record_refuses_bad_headers() -> None:
    game = finished(1)
    with pytest.raises(ValueError, match="Players"):
        write_record(game, {"Players": "only-one"})
    with pytest.raises(ValueError, match="one line"):
        write_record(game, {"Event": "two\nlines"})
    with pytest.raises(ValueError, match="Result"):
        write_record(game, {"Result": "p0"})
    with pytest.raises(ValueError):
        write_record(game, {"bad key": "x"})
