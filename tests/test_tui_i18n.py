"""The terminal in six languages: the Textual table, ``--plain`` mode and the ``cuttle``
command speak the language of ``--lang``, else ``CUTTLE_LANG``, else the locale.

The expected words are written here by hand (the French and German of the catalogs), never
read back from the catalogs; English words must not show where another language is spoken.
"""

from __future__ import annotations

import argparse
import io
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from cuttle import i18n
from cuttle.cli.common import Streams
from cuttle.cli.main import main
from cuttle.tui import AppOptions, CuttleApp
from cuttle.tui.screens.dialogs import ConfirmDialog
from cuttle.tui.session import LocalRandomBot

SMALL = (80, 24)
"""The smallest terminal the table is laid out for."""

ENGLISH_ON_THE_TABLE = [
    "Your hand", "Moves", "Log", "Deck", "Scrap", "Turn", "Your decision", "Waiting for",
    "Last:", "Hint", "Save", "Resign", "Rematch", "Dialog", "Filter", "Clear", "Quit",
    "phase main", "not your decision", "filter", "number", "hand", "you", "Yes", "No",
    "Resign this game", "palette",
]  # fmt: skip
"""Words of the English table that a French reader must not meet (whole words)."""


@pytest.fixture(autouse=True)
def in_tmp_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Each test in its own folder (records go to ./records), with no language chosen by
    the environment unless the test sets one."""
    monkeypatch.chdir(tmp_path)
    for name in ("CUTTLE_LANG", "LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        monkeypatch.delenv(name, raising=False)
    return tmp_path


def local_bot(spec: str, seed: int | None) -> LocalRandomBot:
    """A seeded random bot (the games do not change when the real bots do)."""
    return LocalRandomBot(seed, name=spec)


def screen_text(app: CuttleApp) -> str:
    """The characters on the current screen."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


def english_words(text: str) -> list[str]:
    """The words of :data:`ENGLISH_ON_THE_TABLE` in ``text``."""
    return [w for w in ENGLISH_ON_THE_TABLE if re.search(rf"(?<!\w){re.escape(w)}(?!\w)", text)]


async def play_two_moves(pilot: Pilot[Any]) -> None:
    """Play the first legal move twice (the bot answers at once)."""
    app = pilot.app
    for _ in range(2):
        await pilot.press("1", "enter")
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()


async def test_the_table_in_french_at_80x24() -> None:
    opts = AppOptions(skip_setup=True, bot_delay=0, seed=4, rules="standard")
    with i18n.use("fr"):
        app = CuttleApp(opts, bot_factory=local_bot)
        async with app.run_test(size=SMALL) as pilot:
            await play_two_moves(pilot)
            text = screen_text(app)
            assert english_words(text) == []
            for french in ("Ta main", "Pioche", "Défausse", "Coups", "Journal", "tu es p0"):
                assert french in text
            # every key of the footer fits the 80 columns, the last one included
            assert "q Quitter" in text.splitlines()[-1]
            await pilot.press("r")
            await pilot.pause()
            assert isinstance(app.screen, ConfirmDialog)
            text = screen_text(app)
            assert "Abandonner cette partie ?" in text and "Oui" in text and "Non" in text
            assert english_words(text) == []
    assert i18n.current() == "en"  # the language was the block's only


async def test_the_setup_screen_in_french() -> None:
    opts = AppOptions(seed=4, bots=["random"], bot_delay=0)
    with i18n.use("fr"):
        app = CuttleApp(opts, bot_factory=local_bot)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            text = screen_text(app)
    assert "Préparer une partie de Cuttle" in text
    assert "Ta place" in text and "Commencer" in text and "p0 (commence)" in text
    # the rule set's description, an engine text, in French too
    assert "limite de main 8" in text
    assert "hand limit" not in text and "Start" not in text


def test_the_table_in_french_snapshot(snap_compare: Any) -> None:
    async def run_before(pilot: Pilot[Any]) -> None:
        pilot.app._disable_notifications = True
        await play_two_moves(pilot)

    with i18n.use("fr"):
        app = CuttleApp(
            AppOptions(skip_setup=True, bot_delay=0, seed=4, rules="standard"),
            bot_factory=local_bot,
        )
        assert snap_compare(app, terminal_size=SMALL, run_before=run_before)


def run_cli(argv: list[str], stdin: str = "") -> tuple[int, str, str]:
    """Run ``cuttle`` in this process with ``stdin``; return the code, stdout and stderr."""
    out, err = io.StringIO(), io.StringIO()
    code = main(argv, Streams(io.StringIO(stdin), out, err))
    return code, out.getvalue(), err.getvalue()


def test_plain_play_in_german() -> None:
    code, out, _err = run_cli(
        ["play", "--plain", "--lang", "de", "--seed", "3", "--opponent", "random"],
        "draw\n99\nquit\nn\n",
    )
    assert code == 1
    assert "Cuttle: standard, 2 Spieler. Du bist p0. Tippe 'help' für Hilfe." in out
    assert "Stapel: 41 Karten · Ablage: 0 Karten" in out
    assert "Dein Zug [1-9 oder help]:" in out
    assert "Es gibt keinen Zug 99: wähle 1 bis " in out
    assert "Du hast die Partie verlassen." in out and "Nicht gespeichert." in out
    assert "[p0: draw]" in out  # the notation stays English
    assert "You draw" not in out and "Your move" not in out and "Deck:" not in out
    assert i18n.current() == "en"


def test_cuttle_lang_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CUTTLE_LANG", "uk")
    code, out, _err = run_cli(["play", "--plain", "--seed", "3"], "quit\n")
    assert code == 1
    assert "Ви — p0" in out and "Колода: 41 карта" in out
    # --lang wins over the environment
    code, out, _err = run_cli(["play", "--plain", "--seed", "3", "--lang", "it"], "quit\n")
    assert "Sei p0" in out and "Ви — p0" not in out


def test_the_locale_chooses_when_nothing_else_does(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANG", "es_ES.UTF-8")
    code, out, _err = run_cli(["rules"])
    assert code == 0
    assert out.startswith("Reglamentos:")
    assert "Las reglas clásicas para dos" in out


@pytest.mark.parametrize("argv", [["play", "--lang", "xx"], ["--lang", "xx", "rules"]])
def test_an_unknown_language_is_refused_clearly(argv: list[str]) -> None:
    code, out, err = run_cli(argv)
    assert code == 2 and out == ""
    assert err.startswith("cuttle: --lang xx: unknown language; choose one of ")
    for named in ("en (English)", "de (Deutsch)", "fr (Français)", "uk (Українська)"):
        assert named in err


def test_lang_without_a_code_is_refused() -> None:
    code, _out, err = run_cli(["play", "--plain", "--lang"])
    assert code == 2 and "--lang needs a language" in err


def test_a_real_cuttle_process_speaks_german_given_a_global_lang() -> None:
    cuttle = Path(sys.executable).with_name("cuttle")
    env = {k: v for k, v in os.environ.items() if k not in ("CUTTLE_LANG", "LANG", "LC_ALL")}
    proc = subprocess.run(
        [str(cuttle), "--lang", "de", "play", "--plain", "--seed", "5", "--opponent", "random"],
        input="resign\nj\n", capture_output=True, text=True, env=env, timeout=60,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    assert "Diese Partie aufgeben? [j/N]" in proc.stdout
    assert "Partie vorbei: p1 gewinnt (Aufgabe)." in proc.stdout
    assert "Aufzeichnung gespeichert in records/" in proc.stdout


def test_help_and_usage_errors_in_the_chosen_language() -> None:
    code, out, _err = run_cli(["--lang", "de", "--help"])
    assert code == 0
    assert "Cuttle, das Kampf-Kartenspiel: Partien spielen" in out
    assert "Optionen:" in out and "diese Hilfe zeigen und beenden" in out
    assert "eine Partie im Terminal gegen Bots spielen" in out  # the play command's line
    code, _out, err = run_cli(["play", "--lang", "fr", "--seat", "x"])
    assert code == 2
    assert "cuttle play : erreur : argument --seat : valeur int invalide : 'x'" in err
    # argparse speaks English again once the command is over
    assert argparse.ArgumentParser(prog="p").format_usage() == "usage: p [-h]\n"
