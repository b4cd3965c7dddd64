"""Who is at the table, and claiming a win from opponents who left.

A person's seat is *away* while no websocket of that seat is open (from the moment its
last one closed, or from the moment the server loaded the game). Every watcher is told
each change (``{"t": "presence", "away": [null, 12.5], "claim_after": 60}``: seconds each
seat has been away, ``null`` for a seat that is present or a bot). Once every opponent
of a player has been away ``claim_after`` seconds or more, that player may send
``{"t": "claim"}``: the game ends as a win for the player's side, stored as the resignation
of an absent opponent, with the termination ``abandoned``. A claim needs a game of two
sides (two players, or two teams): in a three-player game one absent opponent's
resignation would also make the third player a winner.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from cuttle.engine.game import Game

from . import protocol as P
from .clock import ABANDON_TERMINATION

if TYPE_CHECKING:
    from .service import Conn, GameService, LiveGame


def refresh_away(live: LiveGame, now: float | None = None) -> bool:
    """Bring ``live.away`` up to date with its open sockets; return whether it changed."""
    now = time.time() if now is None else now
    here = {c.seat for c in live.conns if c.seat is not None}
    changed = False
    for seat, info in enumerate(live.seats):
        person = info.bot is None and info.user_id is not None
        if person and seat not in here:
            if seat not in live.away:
                live.away[seat] = now
                changed = True
        elif seat in live.away:
            del live.away[seat]
            changed = True
    return changed


def away_seconds(live: LiveGame, now: float | None = None) -> list[float | None]:
    """Seconds each seat has been away (``None``: present, a bot or an empty seat)."""
    now = time.time() if now is None else now
    return [round(now - live.away[s], 1) if s in live.away else None for s in range(live.players)]


def presence_message(live: LiveGame, claim_after: float) -> dict[str, Any]:
    """The ``presence`` message (also merged into every ``state``)."""
    return {"t": "presence", "away": away_seconds(live), "claim_after": claim_after}


def two_sides(game: Game, seat: int) -> bool:
    """Whether ``seat``'s opponents all face exactly ``seat``'s side (two players or two
    teams), so that one opponent's resignation makes ``seat``'s side the winners."""
    mine = set(range(game.n)) - set(game.opponents(seat))
    return all(set(game.opponents(o)) == mine for o in game.opponents(seat))


async def changed(service: GameService, live: LiveGame, force: bool = False) -> None:
    """Tell every watcher of ``live`` who is away, if that changed (or ``force``)."""
    if (refresh_away(live) or force) and live.status == "playing":
        await service._to_all(live, presence_message(live, service.claim_after))


async def on_attach(service: GameService, live: LiveGame, conn: Conn) -> None:
    """A socket opened: tell everyone if a seat came back, else tell the newcomer."""
    if live.status != "playing":
        return
    if refresh_away(live):
        await service._to_all(live, presence_message(live, service.claim_after))
    else:
        await conn.send(presence_message(live, service.claim_after))


async def claim(service: GameService, live: LiveGame, seat: int | None, conn: Conn) -> bool:
    """``seat`` claims the win from opponents away ``service.claim_after`` seconds or
    more; the game ends with the termination ``abandoned``. Errors go to ``conn``."""
    async with live.lock:
        if seat is None or live.status != "playing" or live.table.is_over:
            await conn.send(P.error_message("you cannot claim a win here"))
            return False
        game = live.table.game
        if not two_sides(game, seat):
            await conn.send(P.error_message("a win can be claimed only in a game of two sides"))
            return False
        refresh_away(live)
        now = time.time()
        opponents = game.opponents(seat)
        for o in opponents:
            since = live.away.get(o)
            if since is None:
                await conn.send(P.error_message(f"p{o} is at the table: no win to claim"))
                return False
            wait = service.claim_after - (now - since)
            if wait > 0:
                await conn.send(
                    P.error_message(f"p{o} has been away {now - since:.0f} s; wait {wait:.0f} s")
                )
                return False
        table = live.table.copy()
        event = table.resign(opponents[0])
        table.game.termination = ABANDON_TERMINATION
        if not await service._store(live, table, event, None):
            await conn.send(P.error_message("could not store the claim; try again"))
            return False
        await service._broadcast(live, event.line(), live.n)
        return True
