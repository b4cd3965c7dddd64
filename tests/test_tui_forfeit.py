"""An outside program that fails at the Textual table loses, as in the arena.

The program speaks the engine protocol (docs/protocol.md); one that answers an illegal
move forfeits: its seat resigns with the reason shown, instead of playing on at random.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from cuttle.tui.app import CuttleApp
from cuttle.tui.options import AppOptions

PROTO_BOT = Path(__file__).parent / "data" / "proto_bot.py"


@pytest.mark.asyncio
async def test_an_outside_program_that_answers_illegally_forfeits(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    spec = f"ext:{sys.executable} {PROTO_BOT} illegal"
    app = CuttleApp(AppOptions(skip_setup=True, bot_delay=0, seat=1, seed=4, bots=[spec]))
    async with app.run_test(size=(100, 30)) as pilot:
        for _ in range(200):  # the program moves first (p0), answers illegally and loses
            await pilot.pause(0.05)
            if app.session is not None and app.session.is_over:
                break
        session = app.session
        assert session is not None and session.is_over
        game = session.table.game
        assert game.termination == "resign"
        outcome = game.outcome
        assert outcome is not None and outcome.winners == (1,)
        assert [str(move) for _seat, move in game.history] == ["resign"]  # no random move
