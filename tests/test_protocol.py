"""The engine protocol with real processes: the JavaScript example through the arena,
programs that fail (illegal answer, too slow, exit mid-game, silent), and what reaches a
program (never a card its seat may not see, over whole games of two and three seats)."""

from __future__ import annotations

import io
import json
import shlex
import shutil
import sys
from pathlib import Path

import pytest

from cuttle.arena.cli import arena_main
from cuttle.arena.match import play_game
from cuttle.bots import make_bot
from cuttle.bots.external import BotForfeit, ExternalBot
from cuttle.engine.cards import CARD_NAMES
from cuttle.engine.game import Game, new_game
from cuttle.engine.history import apply_event, cards_in, parse_event
from cuttle.engine.observer import Observer
from cuttle.engine.records import parse_record
from cuttle.engine.rules import get_rules
from cuttle.table import Seat, Table

ROOT = Path(__file__).resolve().parents[1]
PROTO = Path(__file__).parent / "data" / "proto_bot.py"
JS = ROOT / "examples" / "greedy_bot.js"
CARDS = frozenset(CARD_NAMES)


def proto(mode: str, *extra: str) -> str:
    """The command line of the test program in ``mode``."""
    return shlex.join([sys.executable, str(PROTO), mode, *extra])


def run_arena(tmp_path: Path, bots: str, *more: str) -> tuple[int, str, list[str]]:
    """Run ``cuttle arena`` here; return its exit code, its stderr and its records."""
    err = io.StringIO()
    out_dir = tmp_path / "run"
    code = arena_main(
        [
            "--bots",
            bots,
            "--jobs",
            "1",
            "--quiet",
            "--bootstrap",
            "0",
            "--out",
            str(out_dir),
            *list(more),
        ],
        stdout=io.StringIO(),
        stderr=err,
    )
    records = [p.read_text(encoding="utf-8") for p in sorted((out_dir / "games").glob("*"))]
    return code, err.getvalue(), records


def seats_of(record: str, name: str) -> list[int]:
    """The seats the bot called ``name`` played in a record."""
    players = parse_record(record)[0]["Players"].split()
    return [s for s, p in enumerate(players) if p == name.replace(" ", "_")]


# ---------------------------------------------------------------------- whole matches


def test_the_javascript_example_plays_an_arena_match_against_greedy(tmp_path: Path) -> None:
    node = shutil.which("node")
    assert node is not None, "the JavaScript example needs node"
    spec = f"ext:node {JS}"
    code, err, records = run_arena(tmp_path, f"{spec},greedy", "--games", "4", "--seed", "5")
    assert code == 0, err
    assert len(records) == 4
    for record in records:
        headers, _ = parse_record(record)
        assert "Forfeit" not in headers
        table = Table.from_record(record)  # every move replayed and checked again
        assert table.is_over
        assert table.outcome is not None and table.outcome.termination != "resign"
        (seat,) = seats_of(record, spec)
        assert sum(1 for e in table.history if getattr(e, "seat", -1) == seat) > 3


@pytest.mark.parametrize(
    ("mode", "budget", "reason"),
    [
        ("illegal", "", "answered 'fly away', which is not one of its legal moves"),
        ("slow", "300ms:", "did not answer with a move in time"),
        ("crash", "", "exited with code 3 (boom: out of ideas)"),
    ],
)
def test_a_failing_program_loses_with_its_reason_and_the_arena_goes_on(
    tmp_path: Path, mode: str, budget: str, reason: str
) -> None:
    spec = f"ext:{budget}{proto(mode)}"
    # seed 6: greedy needs more than the crashing program's three moves to win either game
    code, err, records = run_arena(tmp_path, f"{spec},greedy", "--games", "2", "--seed", "6")
    assert code == 0, err
    assert len(records) == 2  # both games played to their end
    for record in records:
        headers, moves = parse_record(record)
        (seat,) = seats_of(record, spec)
        assert headers["Termination"] == "resign"
        assert headers["Forfeit"] == f"p{seat} {spec}: {reason}"
        assert str(seat) not in headers["Result"].replace("p", "").split()
        assert moves[-1][1:] == (seat, "resign")
    assert err.count("forfeit by") == 2
    if mode == "crash":  # it played its three moves first: a loss mid-game
        assert all(len(parse_record(r)[1]) > 3 for r in records)


def test_a_program_that_fails_in_a_three_seat_game_loses_and_the_others_win(
    tmp_path: Path,
) -> None:
    spec = f"ext:{proto('crash')}"
    code, err, records = run_arena(
        tmp_path, f"{spec},random", "--rules", "cutthroat", "--games", "6"
    )
    assert code == 0, err
    assert len(records) == 6  # every seating of the pair, each game finished
    for record in records:
        headers, _ = parse_record(record)
        failed = int(headers["Forfeit"].split()[0][1:])
        assert failed in seats_of(record, spec)
        assert headers["Result"].split() == [f"p{s}" for s in range(3) if s != failed]


def test_a_program_that_never_finishes_the_handshake_forfeits() -> None:
    game = new_game("standard", seed=2)
    bot = ExternalBot([sys.executable, str(PROTO), "mute"], handshake_seconds=0.3)
    table = Table(get_rules("standard"), seed=2)
    with pytest.raises(BotForfeit) as caught:
        bot.choose(table.view(game.to_act))
    assert caught.value.reason == "did not answer the handshake in time"
    with pytest.raises(BotForfeit, match="already failed"):
        bot.choose(table.view(game.to_act))
    bot.close()


def test_a_second_answer_to_one_go_is_ignored_not_taken_for_the_next_move(
    tmp_path: Path,
) -> None:
    spec = f"ext:{proto('double')}"
    code, err, records = run_arena(tmp_path, f"{spec},random", "--games", "2")
    assert code == 0, err
    for record in records:
        headers, _ = parse_record(record)
        assert "Forfeit" not in headers and headers["Termination"] != "resign"


def test_the_arenas_time_per_move_is_a_programs_time(tmp_path: Path) -> None:
    command = proto("slow")
    code, err, records = run_arena(
        tmp_path, f"ext:{command},greedy", "--games", "2", "--time-per-move", "200ms"
    )
    assert code == 0, err
    for record in records:
        headers, _ = parse_record(record)
        (seat,) = seats_of(record, f"ext:0.2s:{command}")
        assert headers["Forfeit"] == (
            f"p{seat} ext:0.2s:{command}: did not answer with a move in time"
        )


def test_a_line_past_the_limit_loses(tmp_path: Path) -> None:
    script = tmp_path / "flood.py"
    script.write_text(
        "import sys\n"
        "print('cuttleok', flush=True)\n"
        "for line in sys.stdin:\n"
        "    if line.startswith('go'):\n"
        "        sys.stdout.write('x' * (3 << 20)); sys.stdout.flush()\n",
        encoding="utf-8",
    )
    table = Table(get_rules("standard"), seed=1)
    bot = ExternalBot([sys.executable, str(script)], seconds=5.0)
    with pytest.raises(BotForfeit, match="sent a line longer than 1024 KiB"):
        bot.choose(table.view(table.to_act))
    bot.close()


def test_a_command_that_names_no_program_is_refused_before_any_game(tmp_path: Path) -> None:
    code, err, records = run_arena(tmp_path, "ext:./no-such-bot --fast,greedy")
    assert code == 2
    assert "no program './no-such-bot'" in err
    assert records == []


# ---------------------------------------------------------------------- what is sent


def visible(g: Game, seat: int) -> set[str]:
    """Cards ``seat`` may know in the full game ``g``, worked out here (as
    tests/server/srvutil.py's ``visible_cards`` does for the server)."""
    names: set[int] = set()
    for v in range(g.n):
        for stacks in (g.points[v], g.faces[v]):
            for card, _owner, covers in stacks:
                names.add(card)
                names.update(c for c, _to in covers)
        names.update(g.glasses[v])
    names.update(g.scrap)
    names.update(g.revealed)
    if g.pending is not None:
        names.add(g.pending.card)
        names.update(g.pending.counters)
        if g.pending.target >= 0:
            names.add(g.pending.target)
    for h in range(g.n):
        if g.can_see_hand(seat, h):
            names.update(g.hands[h])
        else:
            names.update(c for c in g.hands[h] if g.known.get(c, 0) >> seat & 1)
    if g.winners is not None:
        names.update(g.deck)
    elif g.deck_known:
        names.update(g.deck[-g.deck_known :])
    return {CARD_NAMES[c] for c in names}


def words(text: str) -> set[str]:
    """The card names among the words of a message."""
    return {w for w in text.replace('"', " ").replace(",", " ").split() if w in CARDS}


def check_transcript(lines: list[str], table: Table, seat: int) -> int:
    """Replay what the program at ``seat`` was sent beside the real game; fail on any
    card it could not see then. Returns the number of messages checked."""
    assert table.game.start_deck is not None
    g = new_game(table.rules, deck=table.game.start_deck)
    observer = Observer(table.rules, seat)
    for line in lines:
        keyword, _, rest = line.partition(" ")
        if keyword == "event":
            before = visible(g, seat)
            apply_event(g, parse_event(rest))
            leaked = words(rest) - (before | visible(g, seat))
        elif keyword == "view":
            leaked = set(cards_in(json.loads(rest))) - visible(g, seat)
        elif keyword == "legal":
            assert json.loads(rest) == (g.legal_moves() if g.to_act == seat else [])
            leaked = words(rest) - visible(g, seat)
        elif keyword == "seat":
            assert rest == str(seat)
            continue
        elif keyword in ("cuttle", "newgame", "rules", "seed", "go", "gameover", "quit"):
            leaked = set() if keyword == "rules" else words(rest)
        else:
            raise AssertionError(f"an unexpected message: {line!r}")
        assert not leaked, f"p{seat} was sent {leaked} in {line[:80]!r}"
        if keyword == "view":  # and it is the seat's view of the game as it stands
            assert json.loads(rest) == observer.json(g)
    assert g.moves_played == table.moves_played and g.is_over
    return len(lines)


@pytest.mark.parametrize(("rules", "games"), [("standard", 4), ("cutthroat", 3)])
def test_a_program_is_never_sent_a_card_its_seat_may_not_see(
    tmp_path: Path, rules: str, games: int
) -> None:
    checked = 0
    for index in range(games):
        rule_set = get_rules(rules)
        seat = index % rule_set.players
        log = tmp_path / f"sent-{index}.txt"
        bots = [
            ExternalBot([sys.executable, str(PROTO), "random", str(log)], seed=index)
            if s == seat
            else make_bot("random", seed=100 * index + s)
            for s in range(rule_set.players)
        ]
        table = Table(rule_set, [Seat(f"p{s}") for s in range(rule_set.players)], seed=index)
        played = play_game(table, bots)
        assert played.forfeits == []
        lines = log.read_text(encoding="utf-8").splitlines()
        assert lines[-2].startswith("gameover ") and lines[-1] == "quit"
        assert any(line.startswith("go movetime ") for line in lines)
        checked += check_transcript(lines, table, seat)
    assert checked > 100


def test_the_transcript_check_catches_a_hidden_card() -> None:
    table = Table(get_rules("standard"), seed=4)
    table.play(table.to_act, "draw")
    lines = ["newgame", "seat 1", "event p0: draw", "view " + json.dumps(table.game.to_json())]
    with pytest.raises(AssertionError, match="p1 was sent"):
        check_transcript(lines, table, 1)
    seen = ["newgame", "seat 1", "event p0: draw", "view " + json.dumps(table.position(1))]
    with pytest.raises(AssertionError, match="is_over"):  # a clean view, an unfinished game
        check_transcript(seen, table, 1)
