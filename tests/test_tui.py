"""The Textual table: whole games driven by keys and clicks, dialogs, and snapshots.

Bots are seeded local random players (``LocalRandomBot``) so that the games, and so the
snapshots, do not change when the real bots improve. Every check of what is on screen is
compared with the engine: the human seat's view, the legal moves, a replay of the same
choices without the interface.
"""

from __future__ import annotations

import multiprocessing
import time
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from textual.containers import VerticalScroll
from textual.pilot import Pilot
from textual.widgets import (
    Button,
    Checkbox,
    Input,
    Label,
    OptionList,
    Select,
    SelectionList,
    Static,
)

from cuttle import Game, load_house_rules, new_game, read_record
from cuttle.bots import make_bot
from cuttle.engine.cards import CARD_NAMES
from cuttle.engine.moves import move_text
from cuttle.engine.rules import get_rules
from cuttle.table import Table
from cuttle.tui import AppOptions, CuttleApp
from cuttle.tui import choices as ch
from cuttle.tui.model import result_text
from cuttle.tui.options import coerce_options, resolve
from cuttle.tui.screens.dialogs import ChoiceDialog, ConfirmDialog, DiscardDialog, GameOverDialog
from cuttle.tui.screens.setup import SetupScreen, parse_seed
from cuttle.tui.screens.table import DIALOG_PHASES, HINT_THINKING, TableScreen
from cuttle.tui.session import Session, load_bot, numbered_path
from cuttle.tui.widgets.cards import (
    HIDDEN,
    CardItem,
    CardRow,
    chip_lines,
    face_lines,
    fan_lines,
    label,
    row_lines,
)
from cuttle.tui.widgets.table import HandView, MoveLog, MovesPanel, SeatPanel
from tuiutil import (
    SIZE,
    SMALL,
    in_tmp_dir,  # noqa: F401 (an autouse fixture: each test in its own folder)
    local_bot,
    screen_text,
)

FIRST_MOVE = ("1", "enter")
"""Keys that play the first legal move on the table (Enter alone never plays)."""


def make_app(session: Session | None = None, **options: Any) -> CuttleApp:
    """An app that deals at once, with bots answering without delay."""
    opts = AppOptions(skip_setup=True, bot_delay=0, hint_seconds=0.05, **options)
    return CuttleApp(opts, bot_factory=local_bot, session=session)


def played(game: Game, seat: int = 0) -> list[str]:
    """The moves ``seat`` made, as text."""
    return [move_text(m) for s, m in game.history if s == seat]


def marked(t: TableScreen) -> list[str]:
    """The table cards highlighted as targets."""
    rows = t.query(".field-row").results(CardRow)
    return [it.card for r in rows for it in r.items if it.state == "target"]


def table(app: CuttleApp) -> TableScreen:
    """The app's table screen."""
    t = app.table
    assert t is not None
    return t


async def settle(pilot: Pilot[Any]) -> None:
    """Wait until the bots are done and the human (or the end of the game) is asked."""
    app = pilot.app
    assert isinstance(app, CuttleApp)
    for _ in range(400):
        await pilot.pause()
        t = app.table
        if t is None:
            continue
        if t.bot_worker is not None:
            await app.workers.wait_for_complete()
            continue
        if getattr(t, "bot_waiting", False):  # a bot move waits for the bot pause
            await pilot.pause(0.05)
            continue
        screen = app.screen
        if isinstance(screen, (GameOverDialog, ConfirmDialog)):
            return
        s = t.session
        if s.human_to_act:
            in_dialog = str(s.view()["phase"]) in DIALOG_PHASES
            if (screen is not t) == in_dialog:
                return
    raise AssertionError("the table did not come to rest")


def human_policy(game: Game) -> str:
    """The choice the key presses of :func:`play_out` make: counter if possible, else the
    first legal move."""
    legal = game.legal_moves()
    counters = [m for m in legal if m.startswith("counter")]
    if game.phase == "counter" and counters:
        return counters[0]
    return legal[0]


def replay(rules: str, seed: int, seat: int = 0, **kw: Any) -> Game:
    """The same game played without the interface, by the same policy and bots."""
    r = get_rules(rules, **kw)
    bots = {s: "random" for s in range(r.players) if s != seat}
    session = Session(r, seat, bots, seed=seed, bot_factory=local_bot)
    while not session.game.is_over:
        play_one(session)
    return session.game


def play_one(session: Session) -> None:
    """Play the next decision without the interface: the human's by :func:`human_policy`,
    a bot's by asking it."""
    if session.human_to_act:
        session.play_human(human_policy(session.game))
    else:
        request = session.bot_request()
        assert request is not None
        session.play_bot(request, session.ask_bot(request))


@pytest.mark.parametrize(("rules", "players", "seed"), [("team", None, 4), ("multiplayer", 5, 9)])
def test_each_new_log_line_says_what_a_replay_of_the_whole_game_says(
    rules: str, players: int | None, seed: int
) -> None:
    # the table's log adds each move's words from the positions kept around it (not by
    # narrating the whole game again after every move); they must be the replay's words
    r = get_rules(rules, players=players)
    bots = {s: "random" for s in range(r.players) if s != 1}
    session = Session(r, 1, bots, seed=seed, bot_factory=local_bot)
    g = session.game
    added: list[tuple[int | None, str]] = []
    while not g.is_over:
        play_one(session)
        newest = session.log_entries(len(added))
        assert len(newest) == 1
        added += newest
    assert added == session.log_entries()
    assert len(added) == len(g.history) > 20
    assert session.log_entries(len(added) - 3) == added[-3:]  # several at once: the replay


def check_table(app: CuttleApp) -> None:
    """What the table shows agrees with the human seat's view, and hides what it hides."""
    t = table(app)
    s = t.session
    view = s.view()
    g = s.game
    hand = t.query_one("#hand", HandView)
    assert list(hand.hand) == view["hands"][s.seat]
    assert hand.cards == tuple(CARD_NAMES[c] for c in sorted(g.hands[s.seat]))
    panel = t.query_one("#moves", MovesPanel)
    assert panel.moves == g.legal_moves()
    text = screen_text(app)
    for other in range(s.n):
        if other == s.seat:
            continue
        seen = set(view["hands"][other])
        for c in g.hands[other]:
            name = CARD_NAMES[c]
            if name not in seen:
                assert label(name) not in text, f"hidden {name} of p{other} is on screen"
    for panel_ in t.query(".opponent").results(SeatPanel):
        assert panel_.data is not None
        assert panel_.data.hand == tuple(view["hands"][panel_.data.seat])


async def play_out(
    pilot: Pilot[Any],
    on_table: Callable[[CuttleApp], None] | None = None,
    stop: Callable[[CuttleApp], bool] | None = None,
) -> list[str]:
    """Play the human's decisions with keys until the game ends (or ``stop`` holds when
    the human is asked); return the dialogs seen."""
    app = pilot.app
    assert isinstance(app, CuttleApp)
    seen: list[str] = []
    for _ in range(600):
        await settle(pilot)
        screen = app.screen
        if isinstance(screen, GameOverDialog) or (stop is not None and stop(app)):
            return seen
        if isinstance(screen, TableScreen):
            if on_table is not None:
                on_table(app)
            await pilot.press(*FIRST_MOVE)
        elif isinstance(screen, DiscardDialog):
            seen.append(screen.id or "discard")
            for k in range(screen.need if len(screen.legal) > 1 else 0):
                await pilot.press(str(k + 1))
            await pilot.press("enter")
        elif isinstance(screen, ChoiceDialog):
            seen.append(screen.id or "choice")
            await pilot.press("enter")
        else:  # pragma: no cover - a screen this test does not expect
            raise AssertionError(f"unexpected screen {screen!r}")
    raise AssertionError("the game did not end")


def position(
    hands: list[list[str]],
    fields: list[dict[str, Any]],
    *,
    deck_top: list[str] = (),  # type: ignore[assignment]
    rules: str = "standard",
    scrap: list[str] = (),  # type: ignore[assignment]
    frozen: list[str] = (),  # type: ignore[assignment]
) -> Game:
    """A position with these hands and fields; the other cards make up the deck."""
    used = {c for hand in hands for c in hand} | {*deck_top, *scrap}
    for f in fields:
        for key in ("points", "faces", "glasses"):
            for e in f.get(key, []):
                used.add(e if isinstance(e, str) else e["card"])
                for cover in e.get("jacks", []) if isinstance(e, dict) else []:
                    used.add(cover["card"])
    rest = [c for c in CARD_NAMES[:52] if c not in used]
    obj = {
        "rules": rules,
        "variants": [],
        "turn": 0,
        "phase": "main",
        "to_act": 0,
        "hands": hands,
        "fields": [{"points": [], "faces": [], "glasses": [], **f} for f in fields],
        "scrap": list(scrap),
        "deck": [*deck_top, *rest],
        "frozen": list(frozen),
        "passes": 0,
        "pending": None,
        "revealed": [],
        "winner": None,
    }
    return Game.from_json(obj)


def session_at(game: Game, seat: int = 0, **kw: Any) -> Session:
    """A session continuing ``game`` with local random bots."""
    bots = {s: "random" for s in range(game.n) if s != seat}
    kw.setdefault("bot_factory", local_bot)
    return Session(game.rules, seat, bots, seed=5, game=game, **kw)


class ScriptBot:
    """A bot that plays the first legal move starting with one of ``prefer`` (in that
    order), else the first legal move."""

    def __init__(self, *prefer: str) -> None:
        """Prefer moves starting with ``prefer``."""
        self.name = "script"
        self.prefer = prefer

    def choose(self, view: Any) -> str:
        """The preferred legal move."""
        for start in self.prefer:
            for m in view.legal:
                if m.startswith(start):
                    return str(m)
        return str(view.legal[0])


def status_text(t: TableScreen) -> str:
    """The status panel's text."""
    return str(t.query_one("#status", Static).render())


# ---------------------------------------------------------------------- whole games


async def test_standard_game_to_the_end_by_keys() -> None:
    expected = replay("standard", 11)
    app = make_app(rules="standard", seed=11)
    checks = []
    async with app.run_test(size=SIZE) as pilot:
        await play_out(pilot, lambda a: (check_table(a), checks.append(1)))
        s = table(app).session
        assert s.game.history == expected.history
        assert s.is_over and expected.is_over
        over = app.screen
        assert isinstance(over, GameOverDialog)
        assert over.result == result_text(expected.view(0), 0)
        assert ("You win" in over.result) == (0 in (expected.winners or ()))
        # the game over table shows every hand, as the final view does
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        text = screen_text(app)
        for c in expected.hands[1]:
            assert label(CARD_NAMES[c]) in text
    assert len(checks) >= 5


async def test_cutthroat_three_seats_to_the_end() -> None:
    expected = replay("cutthroat", 2)
    app = make_app(rules="cutthroat", seed=2)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        t = table(app)
        panels = list(t.query(".opponent").results(SeatPanel))
        assert [p.data.seat for p in panels if p.data] == [1, 2]
        assert "cutthroat" in str(t.sub_title)
        seen = await play_out(pilot, check_table)
        assert t.session.game.history == expected.history
        assert "discard-dialog" in seen  # the hand limit of 7 asked for a discard
        assert isinstance(app.screen, GameOverDialog)
        assert app.screen.result == result_text(expected.view(0), 0)


async def counter_then_discard(pilot: Pilot[Any]) -> None:
    """Seed 38: the human counters a one-off with a two, then discards for a four."""
    app = pilot.app
    assert isinstance(app, CuttleApp)
    for _ in range(100):  # up to the counter dialog
        await settle(pilot)
        if isinstance(app.screen, ChoiceDialog):
            break
        await pilot.press(*FIRST_MOVE)
    dialog = app.screen
    assert isinstance(dialog, ChoiceDialog) and dialog.id == "counter-dialog"
    g = table(app).session.game
    counters = [m for m in g.legal_moves() if m.startswith("counter")]
    assert counters and [m for _, m in dialog.choices] == [*counters, "resolve"]
    text = screen_text(app)
    assert "Counter with" in text and "Resolve" in text
    assert label(g.view(0)["pending"]["card"]) in text
    await pilot.press("enter")  # the first choice: counter with the two
    await settle(pilot)
    assert played(g)[-1] == counters[0]
    for _ in range(100):  # on to the discard dialog
        if isinstance(app.screen, DiscardDialog):
            break
        await pilot.press(*FIRST_MOVE)
        await settle(pilot)
    dialog = app.screen
    assert isinstance(dialog, DiscardDialog)
    hand = g.view(0)["hands"][0]
    assert dialog.hand == hand and dialog.need == 2
    await pilot.press("enter")  # nothing chosen yet: nothing happens
    await pilot.pause()
    assert app.screen is dialog
    await pilot.press("space", "right", "space")
    assert dialog.chosen == hand[:2]
    await pilot.press("right", "space")  # a third card is refused
    assert dialog.chosen == hand[:2]
    await pilot.press("1", "3")  # un-choose the first card, then choose the third
    assert dialog.chosen == [hand[1], hand[2]]
    await pilot.pause()


async def test_counter_and_discard_dialogs() -> None:
    app = make_app(rules="standard", seed=38)
    async with app.run_test(size=SIZE) as pilot:
        await counter_then_discard(pilot)
        g = table(app).session.game
        hand = g.view(0)["hands"][0]
        before = len(g.history)
        await pilot.press("enter")
        await settle(pilot)
        assert g.history[before][0] == 0
        assert move_text(g.history[before][1]) == f"discard {hand[1]} {hand[2]}"
        await play_out(pilot)  # and on to the end of the game
        assert g.is_over and isinstance(app.screen, GameOverDialog)
        assert app.screen.result == result_text(g.view(0), 0)


# ---------------------------------------------------------------------- the mouse and keys


async def test_select_a_card_then_click_its_target() -> None:
    game = position(
        [["9S", "JC", "5H"], ["2C", "3D", "4C", "6C", "8C"]],
        [{}, {"points": ["7H"]}],
    )
    at = session_at(game)
    game = at.game  # the session's table plays on its own copy of the position
    app = make_app(session=at)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        t = table(app)
        hand = t.query_one("#hand", HandView)
        await pilot.click(hand, offset=hand.offset_of(hand.cards.index("9S")))
        await pilot.pause()
        assert t.selected == "9S"
        panel = t.query_one("#moves", MovesPanel)
        shown = [panel.moves[i] for i in panel.shown]
        assert shown == [m for m in game.legal_moves() if ch.parts(m).card == "9S"]
        assert marked(t) == ["7H"]
        row = next(r for r in t.query(".field-row").results(CardRow) if "7H" in r.cards)
        # the nine may scuttle 7H or return it: both are listed
        await pilot.click(row, offset=row.offset_of(row.cards.index("7H")))
        await pilot.pause()
        assert [panel.moves[i] for i in panel.shown] == ["scuttle 9S 7H", "oneoff 9S 7H"]
        assert played(game) == []
        await pilot.press("down", "enter")
        await settle(pilot)
        assert played(game) == ["oneoff 9S 7H"]


async def test_hand_keys_filter_and_numbers() -> None:
    game = position([["9S", "JC", "5H"], ["2C", "3D", "4C", "6C", "8C"]], [{}, {"points": ["7H"]}])
    at = session_at(game)
    game = at.game  # the session's table plays on its own copy of the position
    app = make_app(session=at)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        t = table(app)
        legal = game.legal_moves()
        # a card that cannot be played is refused (nothing changes)
        t.select_card("KD")
        assert t.selected is None
        # on the hand, → moves the cursor to JC and Enter selects it
        hand = t.query_one("#hand", HandView)
        hand.focus()
        await pilot.press(*["right"] * hand.cards.index("JC"), "enter")
        await pilot.pause()
        assert t.selected == "JC"
        assert marked(t) == ["7H"]
        await pilot.press("escape")
        await pilot.pause()
        assert t.selected is None
        # typing filters the list; a number plays that move
        await pilot.press("slash", *"points")
        await pilot.pause()
        panel = t.query_one("#moves", MovesPanel)
        assert [panel.moves[i] for i in panel.shown] == [m for m in legal if "points" in m]
        box = t.query_one("#move-filter", Input)
        box.value = ""
        await pilot.press("escape")
        number = legal.index("points 5H") + 1
        await pilot.press(*str(number), "enter")
        await settle(pilot)
        assert played(game) == ["points 5H"]
        # an illegal move typed in notation is refused with a message, nothing changes
        before = len(game.history)
        t.play_move("points KD")
        assert len(game.history) == before


async def test_seven_dialog_shows_the_revealed_cards() -> None:
    game = position(
        [["7C", "KD"], ["3D", "4S", "6C", "8C", "9C", "TC"]],
        [{}, {}],
        deck_top=["5H", "6D"],
    )
    at = session_at(game)
    game = at.game  # the session's table plays on its own copy of the position
    app = make_app(session=at)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table(app).play_move("oneoff 7C")
        await settle(pilot)
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog) and dialog.id == "seven-dialog"
        assert dialog.cards == ["5H", "6D"]
        assert [m for _, m in dialog.choices] == game.legal_moves()
        text = screen_text(app)
        assert "5♥" in text and "6♦" in text
        await pilot.press("escape")  # closed: the move list still offers the moves
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        await pilot.press("o")  # opens it again
        await pilot.pause()
        assert isinstance(app.screen, ChoiceDialog)
        await pilot.press("1")
        await settle(pilot)
        assert played(game) == ["oneoff 7C", dialog.choices[0][1]]
        assert "5H" in dialog.choices[0][1]


async def test_take_from_the_scrap_with_a_three() -> None:
    game = position(
        [["3C", "KD"], ["4S", "6C", "8C", "9C", "TC"]],
        [{}, {}],
        rules="classic",
        scrap=["QH", "5D"],
    )
    at = session_at(game)
    game = at.game  # the session's table plays on its own copy of the position
    app = make_app(session=at)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table(app).play_move("oneoff 3C")
        await settle(pilot)
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog) and dialog.id == "take-dialog"
        assert sorted(dialog.cards) == ["5D", "QH"]
        await pilot.press("2")
        await settle(pilot)
        took = dialog.choices[1][1]
        assert played(game) == ["oneoff 3C", took] and took.startswith("take ")
        assert took.split()[1] in table(app).query_one("#hand", HandView).cards


async def test_hint_lists_the_moves_with_chances() -> None:
    game = position([["9S", "5H"], ["2C", "3D", "4C", "6C", "8C"]], [{}, {"points": ["7H"]}])
    at = session_at(game)
    game = at.game  # the session's table plays on its own copy of the position
    app = make_app(session=at)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("h")
        for _ in range(100):
            await app.workers.wait_for_complete()
            await pilot.pause()
            if isinstance(app.screen, ChoiceDialog):
                break
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog) and dialog.id == "hint-dialog"
        assert sorted(m for _, m in dialog.choices) == sorted(game.legal_moves())
        assert all("%" in text.plain for text, _ in dialog.choices)
        await pilot.press("escape")
        await pilot.pause()
        assert len(game.history) == 0


def test_a_hint_being_searched_shows_on_your_own_turn() -> None:
    """The status says a hint is being searched while it is your decision (before, the
    line showed only on others' turns, so a hint gave no sign of life for a second)."""
    from cuttle.tui.model import status_lines

    view = new_game(get_rules("standard"), seed=1).view(0)
    you = int(view["to_act"])
    lines = [t.plain for t in status_lines(view, rules=None, names=["a", "b"], you=you)]
    assert not any("hint" in line for line in lines)
    lines = [
        t.plain
        for t in status_lines(view, rules=None, names=["a", "b"], you=you, thinking=HINT_THINKING)
    ]
    assert lines[-1] == HINT_THINKING and lines[-2].startswith("Your decision")


async def test_escape_cancels_a_hint_still_thinking(monkeypatch: pytest.MonkeyPatch) -> None:
    """Esc while the hint searches cancels it: its answer never opens a dialog over what
    the player does next, and a hint asked again still comes. (The real search, held
    until the test lets it go, so that Esc surely comes first.)"""
    import threading

    import cuttle.bots

    real = cuttle.bots.analyse
    go = threading.Event()

    def held(*args: Any, **kwargs: Any) -> Any:
        assert go.wait(30)
        return real(*args, **kwargs)

    monkeypatch.setattr(cuttle.bots, "analyse", held)
    game = position([["9S", "5H"], ["2C", "3D", "4C", "6C", "8C"]], [{}, {"points": ["7H"]}])
    app = make_app(session=session_at(game))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("h")
        assert table(app).thinking == HINT_THINKING
        await pilot.press("escape")
        assert table(app).thinking is None
        go.set()
        await app.workers.wait_for_complete()
        for _ in range(10):
            await pilot.pause(0.02)
        assert not isinstance(app.screen, ChoiceDialog)
        await pilot.press("h")  # asked again: this one is shown
        for _ in range(100):
            await app.workers.wait_for_complete()
            await pilot.pause()
            if isinstance(app.screen, ChoiceDialog):
                break
        assert isinstance(app.screen, ChoiceDialog) and app.screen.id == "hint-dialog"


# ---------------------------------------------------------------------- records, rematch, resign


async def test_save_record_and_rematch_with_seats_swapped(tmp_path: Path) -> None:
    record = tmp_path / "games" / "mine.cuttle"
    app = make_app(rules="standard", seed=2, record=str(record))
    async with app.run_test(size=SIZE) as pilot:
        await play_out(pilot)
        first = table(app).session
        # the record was written at the end because a path was given, and reads back
        assert record.exists()
        again = read_record(record.read_text(encoding="utf-8"))
        assert again.history == first.game.history
        await pilot.press("n")  # rematch
        await settle(pilot)
        second = table(app).session
        assert second is not first and second.number == 2 and second.seat == 1
        assert "you are p1" in str(table(app).sub_title)
        assert table(app).query_one("#hand", HandView).cards == tuple(second.view()["hands"][1])
        await pilot.press("s")
        await pilot.pause()
        assert numbered_path(record, 2).exists()


async def test_resign_ends_the_game_and_quit_codes() -> None:
    app = make_app(rules="standard", seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("n")  # not resigning: nothing changes
        await pilot.pause()
        assert not table(app).session.is_over
        await pilot.press("r", "y")
        await settle(pilot)
        g = table(app).session.game
        assert g.is_over and g.termination == "resign" and g.winners == (1,)
        assert isinstance(app.screen, GameOverDialog)
        assert app.screen.result.startswith("You lose")
        await pilot.press("q")
        await pilot.pause()
    assert app.return_code == 0

    app = make_app(rules="standard", seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press(*FIRST_MOVE)
        await settle(pilot)
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("y")
        await pilot.pause()
    assert app.return_code == 1


# ---------------------------------------------------------------------- setup


async def test_setup_screen_deals_the_chosen_game() -> None:
    app = CuttleApp(AppOptions(bot_delay=0), bot_factory=local_bot)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        setup.query_one("#rules", Select).value = "cutthroat"
        await pilot.pause()
        await pilot.pause()
        bots = list(setup.query(".bot-select").results(Select))
        assert [b.id for b in bots] == ["bot-1", "bot-2"]
        bots[1].value = "medium"
        setup.query_one("#seat", Select).value = 1
        await pilot.pause()
        await pilot.pause()
        assert [b.id for b in setup.query(".bot-select").results(Select)] == ["bot-0", "bot-2"]
        # a two-player variant is refused with a message, and nothing starts
        setup.query_one("#variants", SelectionList).select("joker-swap")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is setup
        message = str(setup.query_one("#setup-error", Static).render())
        assert "joker-swap" in message and "two players" in message
        setup.query_one("#variants", SelectionList).deselect_all()
        setup.query_one("#seed", Input).value = "7"
        await pilot.press("ctrl+s")
        await settle(pilot)
        s = table(app).session
        assert s.rules.name == "cutthroat" and s.seat == 1 and s.seed == 7
        assert s.bot_specs == {0: "random", 2: "medium"}
        assert s.game.start_deck == new_game("cutthroat", seed=7).start_deck


async def test_setup_starts_from_the_options_it_is_given() -> None:
    rules = get_rules("multiplayer", ["random-four"], 4)
    opts = AppOptions(rules=rules, seat=2, bots=["easy", "medium", "hard"], seed=8)
    app = CuttleApp(opts, bot_factory=local_bot)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        assert setup.query_one("#rules", Select).value == "multiplayer"
        assert setup.query_one("#players", Select).value == 4
        assert setup.query_one("#seat", Select).value == 2
        bots = [(b.id, b.value) for b in setup.query(".bot-select").results(Select)]
        assert bots == [("bot-0", "easy"), ("bot-1", "medium"), ("bot-3", "hard")]
        assert setup.query_one("#variants", SelectionList).selected == ["random-four"]
        assert setup.query_one("#seed", Input).value == "8"
        await pilot.press("escape")  # leave without playing
        await pilot.pause()
    assert app.return_code == 0 and app.table is None


class FailingBot:
    """A bot whose search breaks."""

    name = "broken"

    def choose(self, view: Any) -> str:
        """Fail."""
        raise RuntimeError("out of cheese")


async def test_bots_play_one_by_one_and_a_failing_bot_plays_at_random() -> None:
    # (a long pause: starting the app on a loaded machine may take a second)
    opts = AppOptions(rules="standard", seed=6, seat=1, skip_setup=True, bot_delay=2.5)
    app = CuttleApp(opts, bot_factory=lambda spec, seed: FailingBot())
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.pause()
        t = table(app)
        assert t.session.moves_played == 0  # the bot waits for its delay
        assert "thinking" in screen_text(app)
        await settle(pilot)
        g = t.session.game
        assert g.moves_played >= 1 and g.history[0][0] == 0
        assert any("out of cheese" in n.message for n in app._notifications)
        assert "broken (p0) " in screen_text(app)  # the log names the bot and its move


async def test_bad_command_line_options_open_the_setup_with_the_reason() -> None:
    app = make_app(rules="standard", seat=4)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        message = str(app.screen.query_one("#setup-error", Static).render())
        assert "seat 4" in message


# ---------------------------------------------------------------------- house rules and real bots

HOUSE_FILE = Path(__file__).parent / "data" / "myhouse.toml"
"""cuttlecards with fives that draw two and nines that scrap a royal, named "myhouse"."""


def bot_moves(session: Session) -> int:
    """Moves the bots have made so far."""
    return sum(1 for e in session.table.history if getattr(e, "seat", None) != session.seat)


def failures(app: CuttleApp) -> list[str]:
    """Notifications that a bot failed and was replaced by a random move."""
    return [n.message for n in app._notifications if "failed" in n.message]


async def test_house_rules_game_against_medium_to_the_end(tmp_path: Path) -> None:
    house = load_house_rules(HOUSE_FILE)
    opts = AppOptions(
        rules=house, seed=21, bots=["medium"], skip_setup=True, bot_delay=0, record=None
    )
    app = CuttleApp(opts)  # the real bots of cuttle.bots
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await play_out(pilot)
        s = table(app).session
        assert s.is_over and s.rules == house and s.rules.oneoffs[4] == "draw-two"
        assert "myhouse" in str(table(app).sub_title)
        assert bot_moves(s) >= 5 and failures(app) == []
        bot = s.bots[1]  # medium: the greedy bot guarded against threats it can see
        assert type(bot).__name__ == "GuardedBot"
        assert type(getattr(bot, "inner", None)).__name__ == "GreedyBot"
        record = s.record_text()
        again = Table.from_record(record, rules=house)
        assert again.history == s.table.history and again.is_over


async def test_house_rules_game_against_the_expert_searching_with_two_worker_processes() -> None:
    house = load_house_rules(HOUSE_FILE)
    made: list[Any] = []

    def two_workers(spec: str, seed: int | None) -> Any:
        made.append(make_bot(spec, seed, workers=2))
        return made[-1]

    opts = AppOptions(rules=house, seed=8, bots=["expert"], skip_setup=True, bot_delay=0)
    app = CuttleApp(opts, bot_factory=two_workers)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        # Textual owns stdio here: the search's worker processes must start all the same
        await play_out(pilot, stop=lambda a: bot_moves(table(a).session) >= 10)
        s = table(app).session
        assert bot_moves(s) >= 10 or s.is_over
        assert failures(app) == []  # no move was a random stand-in for a failed search
    (bot,) = made
    assert bot.workers == 2 and bot.total_iterations > 0
    assert [p for p in multiprocessing.active_children() if p.is_alive()]


async def test_practice_table_shows_every_hand() -> None:
    app = make_app(rules="standard", seed=3, practice=True)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        s = table(app).session
        assert s.practice and s.table.practice
        theirs = s.view()["hands"][1]
        assert theirs and HIDDEN not in theirs
        panel = next(iter(table(app).query(".opponent").results(SeatPanel)))
        assert panel.data is not None and tuple(theirs) == panel.data.hand
        assert "[Practice " in s.record_text()
        assert s.rematch().practice
    assert coerce_options(SimpleNamespace(practice=True, opponent="easy")).practice


# ---------------------------------------------------------------------- pieces


def test_options_from_the_line_mode_and_their_checks() -> None:
    plain = SimpleNamespace(rules=get_rules("cutthroat"), seat=2, seed=9, opponent="easy")
    opts = coerce_options(plain)
    rules, bots = resolve(opts)
    assert rules.name == "cutthroat" and bots == {0: "easy", 1: "easy"}
    opts = coerce_options({"rules": "team", "bots": "random,medium,hard"})
    assert resolve(opts)[1] == {1: "random", 2: "medium", 3: "hard"}
    with pytest.raises(ValueError, match="2 bots named for 3 other seats"):
        resolve(coerce_options({"rules": "team", "bots": ["a", "b"]}))
    with pytest.raises(ValueError, match="unknown rule set"):
        resolve(AppOptions(rules="poker"))
    with pytest.raises(ValueError, match="seat 2"):
        resolve(AppOptions(seat=2))
    assert parse_seed("12") == 12 and parse_seed(" x ") == "x" and parse_seed("") is None


def test_bots_come_from_cuttle_bots_and_are_asked_with_the_seat_view_only() -> None:
    bot = load_bot("random", 3)
    assert bot.name == "random"
    s = Session(get_rules("standard"), 1, {0: "random"}, seed=4)
    request = s.bot_request()
    assert request is not None and request.seat == 0
    assert request.view.seat == 0 and request.view.rules is s.rules
    assert request.view.position == s.game.view(0)
    assert request.view.position["hands"][1] == [HIDDEN] * len(s.game.hands[1])
    choice = s.ask_bot(request)
    assert choice in request.legal
    assert s.play_bot(request, choice) is not None
    assert s.play_bot(request, choice) is None  # a stale answer is ignored
    assert s.rematch().seat == 0 and s.rematch().bot_specs == {1: "random"}


def test_choices_read_move_texts() -> None:
    legal = ["draw", "points 9S", "scuttle 9S 7H", "jack JC 7H p0", "jack JC 7H p2"]
    assert ch.playable_cards(legal) == {"9S", "JC"}
    assert ch.targets(legal, "9S") == {"7H"}
    assert ch.moves_onto(legal, "JC", ("7H",)) == legal[3:]
    assert ch.moves_onto(legal, "JC", ("8H",)) == []
    discards = ["discard 3C 4D", "discard 3C 9S", "discard 4D 9S"]
    assert ch.discard_size(discards) == 2
    assert ch.discard_move(discards, ["9S", "3C"]) == "discard 3C 9S"
    assert ch.discard_move(discards, ["9S"]) is None


def test_cards_are_drawn_with_rank_suit_and_colour() -> None:
    ten = face_lines("TH")
    assert len(ten) == 5 and {len(line.plain) for line in ten} == {7}
    assert "10" in ten[1].plain and "♥" in ten[2].plain
    assert any("red" in str(span.style) for span in ten[1].spans)
    spade = face_lines("QS")
    assert not any("red" in str(span.style) for line in spade for span in line.spans)
    back = face_lines(HIDDEN)
    assert "░" in back[2].plain and not any(ch_.isalnum() for ch_ in back[2].plain)
    jacked = chip_lines("7D", ["JC", "JH"])
    assert [line.plain.strip("│ ") for line in jacked[1:4]] == ["7♦", "+J♣", "+J♥"]
    row = row_lines([CardItem("7D", ("JC",)), CardItem("KS", (), "target")], "chip")
    assert len(row) == 4 and row[1].plain == "│ 7♦ │ ┃ K♠ ┃"
    assert row[3].plain.endswith("      ")  # the shorter card is padded below
    wrapped = CardRow("chip")
    wrapped.show([CardItem(c) for c in ("AC", "2C", "3C", "4C", "5C")], per_line=2)
    assert [wrapped.index_at(wrapped.offset_of(i).x, wrapped.offset_of(i).y) for i in range(5)] == [
        0,
        1,
        2,
        3,
        4,
    ]
    assert wrapped.index_at(6, 1) is None  # the gap between two cards
    assert wrapped.index_at(9, 7) is None  # no card right of the fifth
    fan = fan_lines(["??", "??", "5C"])
    assert "5♣" in fan[1].plain and fan[1].plain.count("░") == 6


# ---------------------------------------------------------------------- snapshots


def quiet(
    run_before: Callable[[Pilot[Any]], Any] | None = None,
) -> Callable[[Pilot[Any]], Any]:
    """``run_before`` without notifications, whose toasts come and go with time.

    (``run_test`` turns them off the same way; the snapshot plugin runs the app without it.)
    """

    async def run(pilot: Pilot[Any]) -> None:
        pilot.app._disable_notifications = True
        if run_before is not None:
            await run_before(pilot)
        await pilot.pause()

    return run


def test_snapshot_setup(snap_compare: Any) -> None:
    app = CuttleApp(AppOptions(seed=42, bots=["medium"]), bot_factory=local_bot)
    assert snap_compare(app, terminal_size=SIZE, run_before=quiet())


def test_snapshot_table_mid_game(snap_compare: Any) -> None:
    async def run_before(pilot: Pilot[Any]) -> None:
        for _ in range(6):
            await settle(pilot)
            await pilot.press(*FIRST_MOVE)
        await settle(pilot)

    app = make_app(rules="standard", seed=11)
    assert snap_compare(app, terminal_size=SIZE, run_before=quiet(run_before))


def test_snapshot_discard_dialog(snap_compare: Any) -> None:
    app = make_app(rules="standard", seed=38)
    assert snap_compare(app, terminal_size=SIZE, run_before=quiet(counter_then_discard))


def test_snapshot_game_over(snap_compare: Any) -> None:
    app = make_app(rules="standard", seed=2, record="game.cuttle")  # a fixed name on screen
    assert snap_compare(app, terminal_size=SIZE, run_before=quiet(play_out))


TEAM_ANSWER = {
    "rules": "team",
    "variants": [],
    "turn": 3,
    "phase": "answer",
    "to_act": 0,
    "hands": [
        ["2C", "8D", "9D", "X2"],
        ["2S", "4C", "JD", "JH", "QC", "KS"],
        ["2D", "9S", "JC", "QS"],
        ["AC", "4H", "TH", "QH"],
    ],
    "fields": [
        {"points": [], "faces": [], "glasses": []},
        {"points": [], "faces": [], "glasses": []},
        {"points": [], "faces": [], "glasses": []},
        {
            "points": [{"card": "6C", "owner": 2, "jacks": [{"card": "JS", "to": 3}]}],
            "faces": [],
            "glasses": [],
        },
    ],
    "scrap": ["AD"],
    "deck": [
        "3S",
        "AS",
        "5D",
        "4S",
        "3H",
        "6D",
        "7S",
        "8C",
        "KH",
        "6S",
        "TC",
        "QD",
        "3D",
        "9H",
        "KD",
        "2H",
        "TS",
        "5H",
        "3C",
        "X1",
        "4D",
        "TD",
        "6H",
        "8H",
        "5S",
        "7D",
        "8S",
        "9C",
        "5C",
        "AH",
        "7H",
        "KC",
        "7C",
    ],
    "frozen": [],
    "passes": 0,
    "pending": {"card": "JS", "by": 3, "target": None, "counters": [], "kind": "royal"},
    "revealed": [],
    "winner": None,
}
"""Team game: p3's jack has just taken p2's six; p0 (p2's partner) holds a nine."""


async def test_team_nine_answer_dialog_answers_out_of_turn() -> None:
    game = Game.from_json(TEAM_ANSWER)
    at = session_at(game)
    game = at.game  # the session's table plays on its own copy of the position
    app = make_app(session=at)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog) and dialog.id == "answer-dialog"
        assert [m for _, m in dialog.choices] == game.legal_moves()
        assert "JS" in str(dialog.body) or "J♠" in screen_text(app)
        pick = [m for _, m in dialog.choices].index("oneoff 9D JS") + 1
        await pilot.press(str(pick))
        await settle(pilot)
        seat, first = game.history[0]
        assert (seat, move_text(first)) == (0, "oneoff 9D JS")
        assert "9D" not in game.view(0)["hands"][0]
        await play_out(pilot)
        assert game.is_over
    # The nine spent no turn: once its chain settled, p0 still had the next turn.
    again = Game.from_json(TEAM_ANSWER)
    for _seat, m in game.history:
        again.play(move_text(m))
        if again.phase == "main":
            break
    assert again.phase == "main" and again.to_act == 0


# ---------------------------------------------------------------------- a new player's table


async def test_a_finished_game_is_saved_and_a_mid_game_save_is_updated(tmp_path: Path) -> None:
    app = make_app(rules="standard", seed=2)  # no --record: the default records folder
    async with app.run_test(size=SIZE) as pilot:
        await play_out(pilot)
        s = table(app).session
        (saved,) = (tmp_path / "records").glob("*.cuttle")
        assert read_record(saved.read_text(encoding="utf-8")).history == s.game.history
        over = app.screen
        assert isinstance(over, GameOverDialog)
        assert str(saved.name) in str(over.query_one("#save-message", Static).render())

    app = make_app(rules="standard", seed=3, record="mine.cuttle")
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(3):
            await settle(pilot)
            await pilot.press(*FIRST_MOVE)
        await settle(pilot)
        await pilot.press("s")  # saved mid-game ...
        await pilot.pause()
        record = tmp_path / "mine.cuttle"
        early = read_record(record.read_text(encoding="utf-8"))
        await play_out(pilot)
        s = table(app).session
        # ... and the same file holds the whole game at the end
        final = read_record(record.read_text(encoding="utf-8"))
        assert len(early.history) < len(final.history) == len(s.game.history)
        assert final.history == s.game.history and final.is_over
        assert list(tmp_path.glob("*.cuttle")) == [record]


def many_moves() -> Game:
    """Seventeen legal moves for p0 (draw first)."""
    return position(
        [["5H", "KD", "9S", "JC", "7C", "6D", "4H"], ["2C", "3D", "4C", "6C", "8C"]],
        [{"points": ["AD", "3S"]}, {"points": ["7H", "9H"]}],
    )


async def test_two_digit_move_numbers_in_the_move_list() -> None:
    at = session_at(many_moves())
    game = at.game
    legal = game.legal_moves()
    assert len(legal) > 10
    app = make_app(session=at)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        t = table(app)
        await pilot.press("1", "0")  # typed quickly: the first key moves the focus
        await pilot.pause()
        assert t.query_one("#move-filter", Input).value == "10"
        await pilot.press("enter")
        await settle(pilot)
        assert played(game) == [legal[9]]


async def test_two_digit_choices_in_a_dialog_and_every_card_shown() -> None:
    scrap = ["QH", "5D", "AH", "AS", "2D", "2H", "4D", "4H", "5S", "6D", "7S"]
    game = position(
        [["3C", "KD"], ["4S", "6C", "8C", "9C", "TC"]], [{}, {}], rules="classic", scrap=scrap
    )
    at = session_at(game)
    game = at.game
    app = make_app(session=at)
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        table(app).play_move("oneoff 3C")
        await settle(pilot)
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog) and dialog.id == "take-dialog"
        assert len(dialog.choices) == 11
        # every card of the scrap is on screen, at 80×24 too (the row wraps)
        row = dialog.query_one("#dialog-cards", CardRow)
        assert row.per_line is not None and row.per_line < 11
        text = screen_text(app)
        assert all(label(c) in text for c in scrap)
        # the two keys count as one number when the second comes within the type-ahead
        # time of the first; a loaded machine can take longer than that between a
        # pilot's two presses, and the wait itself is test_one_digit_..._waits_for_the_next's
        dialog.typed.timeout = 60.0
        await pilot.press("1", "1")  # choice 11, not choice 1
        await settle(pilot)
        assert played(game) == ["oneoff 3C", dialog.choices[10][1]]


async def test_one_digit_of_a_long_list_waits_for_the_next() -> None:
    game = position(
        [["3C", "KD"], ["4S", "6C", "8C", "9C", "TC"]],
        [{}, {}],
        rules="classic",
        scrap=["QH", "5D", "AH", "AS", "2D", "2H", "4D", "4H", "5S", "6D", "7S"],
    )
    at = session_at(game)
    game = at.game
    app = make_app(session=at)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table(app).play_move("oneoff 3C")
        await settle(pilot)
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog)
        await pilot.press("1")
        await pilot.pause()
        assert app.screen is dialog  # 1 may start 10 or 11: it waits ...
        await pilot.pause(dialog.typed.timeout + 0.3)
        await settle(pilot)
        assert played(game) == ["oneoff 3C", dialog.choices[0][1]]  # ... then picks 1


async def test_focus_starts_on_the_hand_and_enter_alone_never_plays() -> None:
    at = session_at(many_moves())
    game = at.game
    app = make_app(session=at)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        t = table(app)
        hand = t.query_one("#hand", HandView)
        assert app.focused is hand
        options = t.query_one("#move-list", OptionList)
        assert options.highlighted is None  # no move waits for Enter
        await pilot.press("enter", "enter", "enter")
        await pilot.pause()
        assert played(game) == []
        assert t.selected == hand.cards[0]  # Enter selected the first card (and again)
        await pilot.press("escape", "right", "right", "enter")
        await pilot.pause()
        assert t.selected == hand.cards[2] and app.focused is hand
        first = next(m for m in game.legal_moves() if ch.parts(m).card == hand.cards[2])
        await pilot.press("down")  # ↓ goes to the moves of the selected card
        await pilot.pause()
        assert app.focused is options and options.highlighted == 0
        await pilot.press("enter")  # Enter on a highlighted move of the list plays it
        await settle(pilot)
        assert played(game) == [first]


async def test_the_footer_shows_every_table_key() -> None:
    app = make_app(rules="standard", seed=11)
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        footer = screen_text(app).splitlines()[-1]
        for key in ("h Hint", "s Save", "r Resign", "o Dialog", "/ Filter", "esc Clear", "q Quit"):
            assert key in footer


async def test_keys_work_after_the_game_over_dialog_when_the_filter_played_last() -> None:
    app = make_app(rules="standard", seed=2)
    async with app.run_test(size=SIZE) as pilot:
        await play_out(pilot)  # every move typed as its number in the filter
        assert isinstance(app.screen, GameOverDialog)
        await pilot.press("l")  # look at the table
        await pilot.pause()
        t = table(app)
        assert not isinstance(app.focused, Input)
        await pilot.press("n")  # a rematch, not an "n" in the filter
        await settle(pilot)
        assert table(app).session.number == 2
        assert t.query_one("#move-filter", Input).value == ""


async def test_small_terminal_shows_the_newest_moves_and_enough_of_the_list() -> None:
    app = make_app(rules="standard", seed=11)
    async with app.run_test(size=SMALL) as pilot:
        for _ in range(6):
            await settle(pilot)
            await pilot.press(*FIRST_MOVE)
        await settle(pilot)
        t = table(app)
        s = t.session
        text = screen_text(app)
        log = t.query_one("#log", MoveLog)
        assert log.scroll_y == log.max_scroll_y > 0  # scrolled to the newest move
        newest = f"{len(s.history()):>3}. "
        assert newest in text
        options = t.query_one("#move-list", OptionList)
        assert options.size.height >= 5
        shown = [f"{i:>2}. " for i in range(1, 6)]
        assert all(line in text for line in shown)


async def test_setup_opens_at_the_top_on_a_small_terminal_with_start_in_sight() -> None:
    app = CuttleApp(AppOptions(seed=42, bots=["medium"]), bot_factory=local_bot)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        await pilot.pause()
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        text = screen_text(app)
        assert "Set up a game of Cuttle" in text and "Rule set" in text
        assert setup.query_one("#setup-form", VerticalScroll).scroll_y == 0
        start = setup.query_one("#start", Button)
        assert app.focused is start and "Start" in text
        await pilot.press("enter")
        await settle(pilot)
        assert table(app).session.seed == 42


async def test_practice_round_from_the_setup_screen() -> None:
    app = CuttleApp(AppOptions(seed=5, bot_delay=0), bot_factory=local_bot)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        box = setup.query_one("#practice", Checkbox)
        assert not box.value
        box.value = True
        setup.query_one("#bot-pause", Select).value = 0.0
        await pilot.press("ctrl+s")
        await settle(pilot)
        s = table(app).session
        assert s.practice and HIDDEN not in s.view()["hands"][1]
        assert app.options.bot_delay == 0 or s.practice


async def test_the_card_that_moved_last_is_marked() -> None:
    game = position([["5H", "KD"], ["7D", "3C", "4C", "6C", "8C"]], [{}, {"points": ["9H"]}])
    at = session_at(game, bot_factory=lambda spec, seed: ScriptBot("points 7D", "draw"))
    app = make_app(session=at)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        t = table(app)
        assert not [
            it for r in t.query(CardRow).results(CardRow) for it in r.items if it.state == "last"
        ]
        t.play_move("draw")
        await settle(pilot)
        assert t.session.history()[-1] == "p1: points 7D"

        def lasts() -> list[str]:
            rows = t.query(".field-row").results(CardRow)
            return [it.card for r in rows for it in r.items if it.state == "last"]

        assert lasts() == ["7D"]  # the bot's card, where it now lies
        assert t.query_one("#hand", HandView).last is None
        t.play_move("points 5H")
        await settle(pilot)
        assert t.session.history()[-2:] == ["p0: points 5H", "p1: draw"]
        assert lasts() == []  # a draw moves no card anyone sees


async def test_bot_moves_are_shown_one_at_a_time_with_a_pause() -> None:
    game = position([["5H", "KD"], ["AC", "3C", "4C", "6C", "8C"]], [{"points": ["9H"]}, {}])
    at = session_at(game, bot_factory=lambda spec, seed: ScriptBot("oneoff AC"))
    opts = AppOptions(skip_setup=True, bot_delay=0.6)
    app = CuttleApp(opts, session=at)
    s = at
    times: list[tuple[str, float, str]] = []

    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        t = table(app)
        human, bot = s.play_human, s.play_bot

        def play_human(text: str) -> str:
            times.append((text, time.monotonic(), status_text(t)))
            return human(text)

        def play_bot(request: Any, choice: str) -> str | None:
            times.append((choice, time.monotonic(), status_text(t)))
            return bot(request, choice)

        s.play_human = play_human  # type: ignore[method-assign]
        s.play_bot = play_bot  # type: ignore[method-assign]
        t.play_move("draw")
        await settle(pilot)
        moves = [m for m, _, _ in times]
        assert moves == ["draw", "oneoff AC", "resolve"]  # your resolve was automatic
        (_, drew, _), (_, oneoff, _), (_, resolved, shown) = times
        assert oneoff - drew >= 0.55  # the bot's move waited for the pause ...
        assert resolved - oneoff >= 0.55  # ... and so did your automatic answer,
        assert "A♣" in shown and "Last" in shown  # while the status told the bot's move


async def test_frozen_cards_and_glasses_are_marked() -> None:
    game = position(
        [["9S", "5H", "KD"], ["2C", "3D", "4C", "6C"]],
        [{"glasses": ["8D"]}, {"glasses": ["8C"], "points": ["7H"]}],
        frozen=["5H"],
    )
    at = session_at(game)
    app = make_app(session=at)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        t = table(app)
        hand = t.query_one("#hand", HandView)
        await pilot.press("right")  # the cursor off the frozen five
        await pilot.pause()
        five = next(it for it in hand.items if it.card == "5H")
        assert five.mark == "❄" and five.state == "frozen"
        assert all(it.mark == "" for it in hand.items if it.card != "5H")
        title = str(t.query_one("#hand-title", Label).render())
        assert "frozen 5♥" in title and "seen by p1 (glasses)" in title
        theirs = next(iter(t.query(".opponent").results(SeatPanel)))
        assert "your glasses show it" in str(theirs.query_one(".hand-label", Label).render())
        assert "glasses: see you" in str(theirs.query_one(".glasses-label", Label).render())
        mine = t.query_one("#my-seat", SeatPanel)
        assert "glasses: see p1" in str(mine.query_one(".glasses-label", Label).render())
        text = screen_text(app)
        assert "❄" in text and "seen by p1 (glasses)" in text


def test_snapshot_table_small_terminal(snap_compare: Any) -> None:
    async def run_before(pilot: Pilot[Any]) -> None:
        for _ in range(6):
            await settle(pilot)
            await pilot.press(*FIRST_MOVE)
        await settle(pilot)

    app = make_app(rules="standard", seed=11)
    assert snap_compare(app, terminal_size=SMALL, run_before=quiet(run_before))


def test_snapshot_setup_small_terminal(snap_compare: Any) -> None:
    app = CuttleApp(AppOptions(seed=42, bots=["medium"]), bot_factory=local_bot)
    assert snap_compare(app, terminal_size=SMALL, run_before=quiet())


# ---------------------------------------------------------------------- every seat in sight


def scores_in_sight(app: CuttleApp) -> list[int]:
    """The seats whose heading (name and score toward the goal, from the game itself) is
    not on screen."""
    t = table(app)
    g = t.session.game
    text = screen_text(app)
    missing = []
    for seat in range(g.n):
        name = "you" if seat == t.session.seat else "random"
        heading = f"p{seat} · {name}  {g.score(seat)}/{g.goal(seat)} points"
        if heading not in text:
            missing.append(seat)
    return missing


@pytest.mark.parametrize("size", [SMALL, SIZE], ids=["80x24", "120x40"])
@pytest.mark.parametrize("players", [2, 3, 4, 8])
async def test_every_seat_score_is_on_screen(size: tuple[int, int], players: int) -> None:
    app = make_app(rules="multiplayer", players=players, seed=3)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        assert scores_in_sight(app) == []
        for _ in range(12):  # some moves later, with points on the table
            await play_out(pilot, stop=lambda a: table(a).session.moves_played > 0)
            if table(app).session.is_over:
                break
            await pilot.press(*FIRST_MOVE)
            await settle(pilot)
            if isinstance(app.screen, TableScreen):
                assert scores_in_sight(app) == []
        assert any(table(app).session.game.score(s) for s in range(players))


async def test_ctrl_q_asks_before_leaving_a_game_in_progress() -> None:
    app = make_app(rules="standard", seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press(*FIRST_MOVE)
        await settle(pilot)
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)  # the question q asks
        await pilot.press("n")
        await pilot.pause()
        assert app.screen is table(app) and not table(app).session.is_over
        await pilot.press("ctrl+q")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
    assert app.return_code == 1


async def test_the_players_name_is_in_the_record_and_after_a_rematch(tmp_path: Path) -> None:
    record = tmp_path / "mine.cuttle"
    app = make_app(rules="standard", seed=2, record=str(record), name="ann")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("s")
        await pilot.pause()
        assert '[Players "ann random"]' in record.read_text(encoding="utf-8")
        await pilot.press("r", "y")
        await settle(pilot)
        await pilot.press("n")  # a rematch: you sit at p1 now
        await settle(pilot)
        await pilot.press("s")
        await pilot.pause()
    second = numbered_path(record, 2).read_text(encoding="utf-8")
    assert '[Players "random ann"]' in second


async def test_the_slash_filter_reads_ranks_and_drawn_suits() -> None:
    game = position(
        [["9S", "9C", "5H", "TC"], ["2C", "3D", "4C", "6C", "8C"]],
        [{}, {"points": ["7H", "9D"]}],
    )
    at = session_at(game)
    game = at.game
    app = make_app(session=at)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        t = table(app)
        legal = game.legal_moves()
        panel = t.query_one("#moves", MovesPanel)
        box = t.query_one("#move-filter", Input)

        def shown() -> list[str]:
            return [panel.moves[i] for i in panel.shown]

        nines = [m for m in legal if any(w[0] == "9" and len(w) == 2 for w in m.split()[1:])]
        assert nines and len(nines) < len(legal)  # after /, "9" is the rank, not move 9
        await pilot.press("slash", "9")
        await pilot.pause()
        assert shown() == nines
        box.value = "♣"  # suits as the cards draw them
        await pilot.pause()
        assert shown() == [m for m in legal if any(w[1:] == "C" for w in m.split()[1:])]
        box.value = "10♣"
        await pilot.pause()
        assert shown() == [m for m in legal if m.split()[1:2] == ["TC"]]
        box.value = "scuttle 9 ♦"  # scuttles with a nine or of the 9♦
        await pilot.pause()
        wanted = [m for m in nines if m.startswith("scuttle") and "D" in m]
        assert shown() == wanted
        await pilot.press("enter")  # plays the first one shown
        await settle(pilot)
        assert played(game)[:1] == wanted[:1]


async def test_the_cards_set_aside_at_a_six_seat_table_are_shown() -> None:
    rules = get_rules("multiplayer", players=6)
    removed = new_game(rules, seed=4).removed
    assert sorted(CARD_NAMES[c][0] for c in removed) == ["6", "A"]  # seed 004's advice
    app = make_app(rules="multiplayer", players=6, seed=4)
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        text = screen_text(app)
        assert "Set aside: " + " ".join(label(CARD_NAMES[c]) for c in removed) in text


def test_a_house_card_one_off_waiting_is_described_by_its_own_effect() -> None:
    from cuttle.engine.rules import EFFECTS
    from cuttle.tui.model import pending_text

    rules = load_house_rules(Path(__file__).resolve().parents[1] / "docs/house/sheet-library.toml")
    for index, key in rules.card_oneoffs.items():
        name = CARD_NAMES[index]
        told = pending_text({"kind": "oneoff", "card": name, "by": 1}, rules).plain
        assert told.endswith(f"by p1: {EFFECTS[key]}"), told
