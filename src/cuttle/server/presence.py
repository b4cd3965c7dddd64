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

With several web workers a seat is present if a socket of it is open on *any* worker:
each worker tells the others (``{"k": "here", "g": game, "seats": [...]}`` on the bus)
which seats have sockets on it whenever that changes, when another worker loads the game
and asks (``"here?"``), and every :data:`HEARTBEAT` seconds; a worker's word lapses after
:data:`REMOTE_TTL` seconds without news (the worker died), and the seat is away from then.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from cuttle.engine.game import Game

from . import protocol as P
from .clock import ABANDON_TERMINATION

if TYPE_CHECKING:
    from .service import Conn, GameService, LiveGame


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
    for worker, (seats, heard) in list(live.remote_here.items()):
        if heard < cutoff:
            del live.remote_here[worker]
        else:
            here |= seats
    return here


def refresh_away(live: LiveGame, now: float | None = None) -> bool:
    """Bring ``live.away`` up to date with the open sockets (on every worker); return
    whether it changed."""
    now = time.time() if now is None else now
    here = seats_here(live)
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


async def tell_watchers(service: GameService, live: LiveGame) -> None:
    """Send this worker's watchers of ``live`` who is away. Each worker tells its own
    watchers from what it knows (the seats' word travels as ``here`` news), so the
    message itself is never passed to other workers."""
    await service._to_all(live, presence_message(live, service.claim_after), publish=False)


async def changed(service: GameService, live: LiveGame, force: bool = False) -> None:
    """Tell every watcher of ``live`` who is away, if that changed (or ``force``)."""
    if (refresh_away(live) or force) and live.status == "playing":
        await tell_watchers(service, live)


async def announce(service: GameService, live: LiveGame, force: bool = False) -> None:
    """Tell the other workers which seats of ``live`` have sockets here, if that changed
    since the last word (or ``force``)."""
    if not service.bus.clustered:
        return
    seats = local_seats(live)
    if seats == live.announced_seats and not force:
        return
    live.announced_seats = seats
    live.announced_at = time.monotonic()
    await service.bus.publish({"k": "here", "g": live.id, "seats": sorted(seats)})


async def on_start(service: GameService, live: LiveGame) -> None:
    """``live`` has just started (a join filled it, here or on another worker): tell the
    other workers the seats at sockets here. Sockets that opened while the game was open
    said nothing (:func:`on_attach`), so without this word another worker would count
    those seats away, and let their opponents claim a win from people at the table."""
    if live.status == "playing":
        await announce(service, live)


async def on_news(service: GameService, live: LiveGame, msg: dict[str, Any]) -> None:
    """Another worker's word on ``live``: the seats at its sockets (``here``), or a
    question (``here?``) from a worker that has just loaded the game."""
    if msg.get("k") == "here?":
        if local_seats(live):
            await announce(service, live, force=True)
        return
    worker, seats = msg.get("w"), msg.get("seats")
    if not isinstance(worker, str) or not isinstance(seats, list):
        return
    valid = frozenset(s for s in seats if isinstance(s, int) and 0 <= s < live.players)
    if valid:
        live.remote_here[worker] = (valid, time.monotonic())
    else:
        live.remote_here.pop(worker, None)
    await changed(service, live)


async def heartbeat(service: GameService) -> None:
    """Repeat this worker's word on the games it holds seats of, and tell watchers of
    seats whose other worker fell silent."""
    now = time.monotonic()
    for live in list(service.live.values()):
        if live.status != "playing":
            continue
        if (live.announced_seats or local_seats(live)) and now - live.announced_at >= HEARTBEAT:
            await announce(service, live, force=True)
        await changed(service, live)


async def on_detach(service: GameService, live: LiveGame) -> None:
    """A socket closed: tell the other workers and the watchers if a seat left."""
    await announce(service, live)
    await changed(service, live, True)


async def on_attach(service: GameService, live: LiveGame, conn: Conn) -> None:
    """A socket opened: tell the other workers and everyone if a seat came back, else
    tell the newcomer."""
    if live.status != "playing":
        return
    await announce(service, live)
    if refresh_away(live):
        await tell_watchers(service, live)
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
