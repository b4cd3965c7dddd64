"""The Textual table explains itself: the ``?`` help, the command palette's table
actions, one-offs described where they are offered, and the review of a finished game
step by step (after the game and from ``cuttle replay --tui``).

Bots are seeded local random players.
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

from textual.containers import VerticalScroll
from textual.widgets import OptionList, Static

from cuttle import load_house_rules, new_game, read_record
from cuttle.engine.cards import CARD_NAMES
from cuttle.engine.rules import EFFECTS, get_rules
from cuttle.tui import AppOptions, CuttleApp
from cuttle.tui.screens.dialogs import GameOverDialog
from cuttle.tui.screens.help import HelpScreen
from cuttle.tui.screens.replay import ReplayApp, ReplayScreen, game_table
from cuttle.tui.screens.table import TableScreen
from cuttle.tui.session import Session
from tuiutil import (
    SIZE,
    SMALL,
    in_tmp_dir,  # noqa: F401 (an autouse fixture: each test in its own folder)
    local_bot,
    screen_text,
    settle,
)

HOUSE = Path(__file__).resolve().parents[1] / "docs/house/sheet-library.toml"


def make_app(session: Session | None = None, **options: Any) -> CuttleApp:
    """An app that deals at once, with bots answering at once."""
    opts = AppOptions(skip_setup=True, bot_delay=0, **options)
    return CuttleApp(opts, bot_factory=local_bot, session=session)


async def test_question_mark_opens_the_help_and_it_scrolls_at_80x24() -> None:
    app = make_app(rules="standard", seed=2)
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        text = screen_text(app)
        assert "Help" in text and "Keys" in text
        assert "filter the moves by words, ranks (9) or suits (♥ or h)" in text
        body = app.screen.query_one("#help-text", VerticalScroll)
        assert body.max_scroll_y > 0  # more than fits 80×24: it scrolls
        await pilot.press("pagedown", "end")
        await pilot.pause()
        assert body.scroll_y == body.max_scroll_y
        assert "How to play" in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)


async def test_the_command_palette_lists_and_runs_the_table_actions() -> None:
    app = make_app(rules="standard", seed=2)
    async with app.run_test(size=SIZE) as pilot:
        t = await settle(pilot)
        assert "draw" in t.session.legal()
        deck = len(t.session.game.deck)
        await pilot.press("ctrl+p")
        await pilot.pause(0.3)
        listed = screen_text(app)
        for action in ("Draw a card", "Hint", "Resign", "Help", "Go to the log"):
            assert action in listed
        await pilot.press(*"draw a card")
        await pilot.pause(0.5)
        await pilot.press("enter")
        t = await settle(pilot)
        first = t.session.game.history[0]
        assert first[0] == 0 and str(first[1]) == "draw"  # p0 drew from the palette
        assert len(t.session.game.deck) < deck
        await pilot.press("ctrl+p")
        await pilot.pause(0.3)
        await pilot.press(*"help")
        await pilot.pause(0.5)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)


async def test_house_one_offs_are_described_in_the_move_list() -> None:
    rules = load_house_rules(HOUSE)
    house = {CARD_NAMES[i]: EFFECTS[key] for i, key in rules.card_oneoffs.items()}
    assert house["5S"] == EFFECTS["skip-chosen"]
    session = Session(rules, 0, {s: "random" for s in range(1, 4)}, seed=1, bot_factory=local_bot)
    offered = [m for m in session.legal() if m.startswith("oneoff 5S")]
    assert offered  # seed 1 deals p0 the 5♠, a house card
    app = make_app(session=session)
    async with app.run_test(size=SIZE) as pilot:
        t = await settle(pilot)
        options = t.query_one("#move-list", OptionList)
        lines = [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]
        fives = [line for line in lines if "oneoff 5♠" in line]
        assert len(fives) == len(offered)
        assert all(line.endswith(f" — {EFFECTS['skip-chosen']}") for line in fives)


async def test_a_finished_game_is_reviewed_move_by_move() -> None:
    app = make_app(rules="standard", seed=2)
    async with app.run_test(size=SMALL) as pilot:
        t = await settle(pilot)
        for _ in range(2):
            await pilot.press("1", "enter")
            t = await settle(pilot)
        assert not t.session.is_over and t.session.moves_played >= 4
        await pilot.press("r", "y")
        await settle(pilot)
        await pilot.pause()
        assert isinstance(app.screen, GameOverDialog)
        told = t.session.table.sentences(0)
        last = len(told)
        await pilot.press("v")
        await pilot.pause()
        review = app.screen
        assert isinstance(review, ReplayScreen)
        where = review.query_one("#replay-where", Static)
        assert str(where.render()).startswith(f"Move {last} of {last}:")
        await pilot.press("left")
        await pilot.pause()
        assert str(where.render()) == f"Move {last - 1} of {last}: {told[last - 2]}"
        await pilot.press("home")
        await pilot.pause()
        assert str(where.render()) == f"The deal (move 0 of {last})."
        dealt = new_game(t.session.rules, deck=t.session.game.start_deck)
        deal = review.frames[0].view
        assert sorted(deal["hands"][0]) == sorted(CARD_NAMES[c] for c in dealt.hands[0])
        assert set(deal["hands"][1]) == {"??"}  # theirs stays hidden
        text = screen_text(app)
        assert "p0 · you  0/21 points" in text
        await pilot.press("right", "right")
        await pilot.pause()
        assert str(where.render()) == f"Move 2 of {last}: {told[1]}"
        await pilot.press("end")
        await pilot.pause()
        assert review.at == last
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        await pilot.press("v")  # again from the table, once the game is over
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)


async def test_a_record_is_stepped_through_as_a_seat_saw_it() -> None:
    app = make_app(rules="standard", seed=4, record="game.cuttle")
    async with app.run_test(size=SIZE) as pilot:
        t = await settle(pilot)
        for _ in range(2):
            await pilot.press("1", "enter")
            t = await settle(pilot)
        assert not t.session.is_over
        await pilot.press("r", "y")
        await settle(pilot)
    text = Path("game.cuttle").read_text(encoding="utf-8")
    game = read_record(text)
    table = game_table(game, ["ann", "bob"])
    replay = ReplayApp(table, viewer=1, names=["ann", "bob"])
    async with replay.run_test(size=SMALL) as pilot:
        await pilot.pause()
        screen = replay.screen
        assert isinstance(screen, ReplayScreen)
        assert len(screen.frames) == len(game.history) + 1
        await pilot.press("home")
        await pilot.pause()
        text_now = screen_text(replay)
        assert "p0 · ann" in text_now and "p1 · bob" in text_now
        assert set(screen.frames[0].view["hands"][0]) == {"??"}  # bob never saw ann's hand
        await pilot.press("q")
        await pilot.pause()
    assert replay.return_code in (0, None)


async def test_the_review_of_eight_seats_shows_every_score_at_80x24() -> None:
    app = make_app(rules="multiplayer", players=8, seed=3)
    async with app.run_test(size=SMALL) as pilot:
        t = await settle(pilot)
        await pilot.press("r", "y")
        await settle(pilot)
        await pilot.pause()
        await pilot.press("v")
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        game = t.session.game
        for where in ("end", "home"):
            await pilot.press(where)
            await pilot.pause()
            lines = screen_text(app).splitlines()
            for seat in range(8):  # each seat's heading and score at that moment
                score = game.score(seat) if where == "end" else 0
                heading = [line for line in lines if f"p{seat} · " in line]
                assert len(heading) == 1
                assert f"{score}/{game.goal(seat)} points" in heading[0]


async def test_the_filter_takes_a_suit_as_a_letter_or_a_name() -> None:
    app = make_app(rules="standard", seed=2)
    async with app.run_test(size=SIZE) as pilot:
        t = await settle(pilot)
        legal = t.session.legal()
        hearts = [m for m in legal if any(w.endswith("H") and len(w) == 2 for w in m.split())]
        spades = [m for m in legal if any(w.endswith("S") and len(w) == 2 for w in m.split())]
        assert hearts and spades  # seed 2 deals both
        moves = t.query_one("#move-list", OptionList)

        def shown() -> list[str]:
            return [
                t.session.legal()[int(str(moves.get_option_at_index(i).id)[5:])]
                for i in range(moves.option_count)
            ]

        await pilot.press("slash", "h")  # h: hearts (no move word holds an h anyway)
        await pilot.pause()
        assert shown() == hearts
        await pilot.press("backspace", *"spades")  # the name of a suit
        await pilot.pause()
        assert shown() == spades
        await pilot.press(*["backspace"] * 6, "s")  # s alone: spades, not "points"
        await pilot.pause()
        assert shown() == spades


def test_cuttle_replay_offers_the_review_and_checks_its_seat_first() -> None:
    from cuttle.cli.common import Streams
    from cuttle.cli.main import main

    out, err = io.StringIO(), io.StringIO()
    assert main(["replay", "--help"], Streams(io.StringIO(""), out, err)) == 0
    assert "--tui" in out.getvalue()
    session = Session(get_rules("standard"), 0, {1: "random"}, seed=3, bot_factory=local_bot)
    session.resign()
    record = session.save()
    out, err = io.StringIO(), io.StringIO()
    code = main(["replay", str(record), "--tui", "--seat", "5"], Streams(io.StringIO(""), out, err))
    assert code != 0  # refused before any screen opens
    assert "--seat 5: the game has seats 0 to 1" in err.getvalue()
