"""Who is at the table: which seats have a socket open, here or on another worker.

A person's seat is *away* while no websocket of that seat is open (from the moment its
last one closed, or from the moment the server loaded the game). Every watcher is told
each change (``{"t": "presence", "away": [null, 12.5], "claim_after": 60}``: seconds each
seat has been away, ``null`` for a seat that is present or a bot). Once every opponent
of a player has been away ``claim_after`` seconds or more, that player may send
``{"t": "claim"}``: the game ends as a win for the player's side, stored as the resignation
of an absent opponent, with the termination ``abandoned``. A claim needs a game of two
sides (two players, or two teams): in a three-player game one absent opponent's
resignation would also make the third player a winner.

With several web workers a seat is present if a socket of it is open on *any* worker:
each worker tells the others (``{"k": "here", "g": game, "seats": [...]}`` on the bus)
which seats have sockets on it whenever that changes, when another worker loads the game
and asks (``"here?"``), and every :data:`HEARTBEAT` seconds; a worker's word lapses after
:data:`REMOTE_TTL` seconds without news (the worker died), and the seat is away from then.
"""

from __future__ import annotations

import time
from typing import Any

from cuttle.engine.game import Game

from .live import LiveGame

HEARTBEAT = 10.0
"""Seconds between a worker's repeated word on the seats at its sockets."""
REMOTE_TTL = 3 * HEARTBEAT + 2.0
"""Seconds another worker's word holds without news (then its seats count as away)."""


def local_seats(live: LiveGame) -> frozenset[int]:
    """The seats with a socket open on this worker."""
    return frozenset(c.seat for c in live.conns if c.seat is not None)


def seats_here(live: LiveGame) -> set[int]:
    """The seats with a socket open on this worker or, by their fresh word, another."""
    here = set(local_seats(live))
    cutoff = time.monotonic() - REMOTE_TTL
    for worker, (seats, heard) in list(live.presence.remote.items()):
        if heard < cutoff:
            del live.presence.remote[worker]
        else:
            here |= seats
    return here


def refresh_away(live: LiveGame, now: float | None = None) -> bool:
    """Bring ``live.presence.away`` up to date with the open sockets (on every worker); return
    whether it changed."""
    now = time.time() if now is None else now
    here = seats_here(live)
    changed = False
    for seat, info in enumerate(live.seats):
        person = info.bot is None and info.user_id is not None
        if person and seat not in here:
            if seat not in live.presence.away:
                live.presence.away[seat] = now
                changed = True
        elif seat in live.presence.away:
            del live.presence.away[seat]
            changed = True
    return changed


def away_seconds(live: LiveGame, now: float | None = None) -> list[float | None]:
    """Seconds each seat has been away (``None``: present, a bot or an empty seat)."""
    now = time.time() if now is None else now
    return [
        round(now - live.presence.away[s], 1) if s in live.presence.away else None
        for s in range(live.players)
    ]


def presence_message(live: LiveGame, claim_after: float) -> dict[str, Any]:
    """The ``presence`` message (also merged into every ``state``)."""
    return {"t": "presence", "away": away_seconds(live), "claim_after": claim_after}


def two_sides(game: Game, seat: int) -> bool:
    """Whether ``seat``'s opponents all face exactly ``seat``'s side (two players or two
    teams), so that one opponent's resignation makes ``seat``'s side the winners."""
    mine = set(range(game.n)) - set(game.opponents(seat))
    return all(set(game.opponents(o)) == mine for o in game.opponents(seat))
