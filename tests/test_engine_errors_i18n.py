"""The engine's refusals in the reader's language: illegal moves, unreadable moves and bad
card names told in German and French (cards with their articles and cases), English
unchanged, and a German player reading them through the ``cuttle`` command."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from cuttle import Game, IllegalMoveError, InvalidMoveError
from cuttle.cli.common import Streams
from cuttle.cli.main import main
from cuttle.engine.errors import CuttleError
from cuttle.i18n import use
from cuttle.tui import AppOptions, CuttleApp
from cuttle.tui.session import LocalRandomBot
from helpers_positions import game, play

CUTTLE = Path(sys.executable).parent / "cuttle"


def main_table() -> Game:
    """p0 to move holding 7C KH JC 9C 2C 3C 8D 4C; p1 has the 7H on points under a
    Queen of Spades, p0 the 3D."""
    return game(
        hands=[["7C", "KH", "JC", "4C", "9C", "2C", "3C", "8D"], ["5D", "2D"]],
        fields=[{"points": ["3D"]}, {"points": ["7H"], "faces": ["QS"]}],
        scrap=["3H"],
    )


def counter_window() -> Game:
    """p0 played the Ace of Clubs one-off and holds a Queen; p1 must answer it."""
    g = game(hands=[["AC", "2S"], ["2C", "5D"]], fields=[{"points": ["9C"], "faces": ["QH"]}, {}])
    play(g, "oneoff AC")
    return g


def scuttle_table() -> Game:
    """No queen anywhere: p0 holds the 6C, p1 has the 9H on points."""
    return game(hands=[["6C", "5S"], ["4D"]], fields=[{}, {"points": ["9H"]}])


def refusal(make: Callable[[], Game], move: str, lang: str) -> str:
    """The message ``move`` is refused with in a fresh position, in ``lang``."""
    g = make()
    before = g.to_json()
    with use(lang), pytest.raises(CuttleError) as info:
        g.play(move)
    assert g.to_json() == before  # a refusal changes nothing
    return str(info.value)


CASES = [
    # (position, move, English, German, French)
    (
        main_table,
        "points 7H",
        "You do not hold the Seven of Hearts",
        "Du hast die Herz-Sieben nicht auf der Hand",
        "Tu n'as pas le sept de cœur en main",
    ),
    (
        counter_window,
        "counter 5D",
        "Only a two can counter",
        "Nur eine Zwei kann kontern",
        "Seul un deux peut contrer",
    ),
    (
        main_table,
        "jack JC 7H",
        "You cannot use a Jack while your opponent has a Queen",
        "Du kannst keinen Buben einsetzen, solange dein Gegner eine Dame hat",
        "Tu ne peux pas utiliser de valet tant que ton adversaire a une dame",
    ),
    (
        scuttle_table,
        "scuttle 6C 9H",
        "The Six of Clubs cannot scuttle the Nine of Hearts: it must be higher, "
        "or equal with a higher suit",
        "Die Kreuz-Sechs kann die Herz-Neun nicht versenken: Die Karte muss höher sein "
        "oder gleich hoch mit höherer Farbe",
        "Le six de trèfle ne peut pas saborder le neuf de cœur : il faut une carte plus haute, "
        "ou de même valeur avec une couleur plus forte",
    ),
    (
        main_table,
        "points 7Z",
        "'points 7Z': '7Z' is not a card (expected e.g. 7H, TH, 10H, QS, X1)",
        "'points 7Z': '7Z' ist keine Karte (erwartet z. B. 7H, TH, 10H, QS, X1)",
        "'points 7Z': '7Z' n'est pas une carte (attendu p. ex. 7H, TH, 10H, QS, X1)",
    ),
    (
        main_table,
        "fly KH",
        "unknown move 'fly'; moves start with one of: draw, pass, points, scuttle, royal, "
        "glasses, jack, oneoff, counter, resolve, take, discard, scrap, resign",
        "unbekannter Zug 'fly'; Züge beginnen mit einem von: draw, pass, points, scuttle, "
        "royal, glasses, jack, oneoff, counter, resolve, take, discard, scrap, resign",
        "coup inconnu 'fly' ; un coup commence par l'un de : draw, pass, points, scuttle, "
        "royal, glasses, jack, oneoff, counter, resolve, take, discard, scrap, resign",
    ),
    (
        main_table,
        "oneoff 9C 7H",
        "The Seven of Hearts is protected by p1's Queen",
        "Die Herz-Sieben ist durch die Dame von p1 geschützt",
        "La dame de p1 protège le sept de cœur",
    ),
    (
        main_table,
        "points KH",
        "The King of Hearts cannot be played for points (only ace to ten)",
        "Der Herz-König kann nicht für Punkte gespielt werden (nur Ass bis Zehn)",
        "Le roi de cœur ne se joue pas pour des points (seulement de l'as au dix)",
    ),
    (
        counter_window,
        "draw",
        "'draw' is not possible now: p1 must answer the pending card: 'counter' with a two "
        "or 'resolve'",
        "'draw' ist jetzt nicht möglich: p1 muss auf die offene Karte antworten: mit einer "
        "Zwei 'counter' oder 'resolve'",
        "'draw' n'est pas possible maintenant : p1 doit répondre à la carte en attente : "
        "'counter' avec un deux ou 'resolve'",
    ),
]


@pytest.mark.parametrize(("make", "move", "english", "german", "french"), CASES)
def test_refusals_in_english_german_and_french(
    make: Callable[[], Game], move: str, english: str, german: str, french: str
) -> None:
    assert refusal(make, move, "en") == english
    assert refusal(make, move, "de") == german
    assert refusal(make, move, "fr") == french


def test_the_exception_types_stay_the_same_in_every_language() -> None:
    for lang in ("en", "de", "uk"):
        with use(lang):
            with pytest.raises(IllegalMoveError):
                main_table().play("points 7H")
            with pytest.raises(InvalidMoveError):
                main_table().play("fly KH")


def test_card_cases_in_ukrainian_and_a_plural_discard() -> None:
    # Ukrainian puts the card in the genitive after "немає" (there is no).
    assert refusal(main_table, "points 7H", "uk") == "У вас у руці немає сімки черв"
    nine = ["AC", "2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C"]  # one over the limit of 8
    hand_limit = game(hands=[nine, ["5D"]], phase="hand-limit")
    with use("de"), pytest.raises(IllegalMoveError) as info:
        hand_limit.play("discard AC 2C")
    assert str(info.value) == "Du musst genau 1 Karte ablegen"
    with use("en"), pytest.raises(IllegalMoveError) as info:
        hand_limit.play("discard AC 2C")
    assert str(info.value) == "You must discard exactly 1 card(s)"


def test_german_player_reads_the_refusal_through_the_cuttle_command(tmp_path: Path) -> None:
    start = tmp_path / "start.json"
    start.write_text(json.dumps(main_table().to_json()))
    done = subprocess.run(
        [str(CUTTLE), "--lang", "de", "apply", str(start), "points 7H"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2 and done.stdout == ""
    assert "Du hast die Herz-Sieben nicht auf der Hand" in done.stderr
    assert "Seven of Hearts" not in done.stderr
    unreadable = subprocess.run(
        [str(CUTTLE), "--lang", "de", "apply", str(start), "points 7Z"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert "'7Z' ist keine Karte (erwartet z. B. 7H, TH, 10H, QS, X1)" in unreadable.stderr


def test_plain_play_tells_a_german_player_why_a_move_is_refused() -> None:
    out, err = io.StringIO(), io.StringIO()
    answers = io.StringIO("fly away\npoints 7Z\nquit\nn\n")
    argv = ["play", "--plain", "--lang", "de", "--seed", "3", "--opponent", "random"]
    assert main(argv, Streams(answers, out, err)) == 1  # left the game
    text = out.getvalue()
    assert "Nicht möglich: unbekannter Zug 'fly'; Züge beginnen mit einem von: draw," in text
    assert "Nicht möglich: 'points 7Z': '7Z' ist keine Karte (erwartet z. B. 7H," in text
    assert "unknown move" not in text and "is not a card" not in text


async def test_the_textual_table_tells_a_german_player_why_a_typed_move_is_refused() -> None:
    opts = AppOptions(skip_setup=True, bot_delay=0, seed=4, rules="standard")
    with use("de"):
        app = CuttleApp(opts, bot_factory=lambda spec, seed: LocalRandomBot(seed, name=spec))
        async with app.run_test(size=(100, 30), notifications=True) as pilot:
            await pilot.pause()
            table = app.table
            assert table is not None
            table.play_move("fly KH")
            table.play_move("points 7Z")
            await pilot.pause()
            told = [n.message for n in app._notifications]
    assert any(m.startswith("Nicht möglich: unbekannter Zug 'fly'; ") for m in told), told
    assert (
        "Nicht möglich: 'points 7Z': '7Z' ist keine Karte (erwartet z. B. 7H, TH, 10H, QS, X1)"
        in told
    )
