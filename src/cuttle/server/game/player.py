"""Moves and resignations: check a seat's action, then commit it through the round."""

from __future__ import annotations

from cuttle.engine.errors import CuttleError
from cuttle.i18n import N_

from . import protocol as P
from .clocks import Clocks
from .fanout import Conn, Message
from .live import LiveGame
from .round import Round


class Player:
    """Plays the moves and resignations sent for the games of ``rnd``."""

    def __init__(self, rnd: Round, clocks: Clocks) -> None:
        """Commit through ``rnd``; a late move flags through ``clocks``."""
        self.round = rnd
        self.clocks = clocks

    async def submit(
        self,
        live: LiveGame,
        seat: int | None,
        text: str,
        cid: str | None = None,
        expected_n: int | None = None,
        conn: Conn | None = None,
    ) -> bool:
        """Play ``text`` for ``seat``: check it, commit it (stored, acknowledged to
        ``conn``, told to every watcher). Returns whether the move was played. Errors go
        to ``conn`` only; nothing changes."""

        def reply(msg: Message) -> None:
            if conn is not None:
                conn.deliver(msg)

        async with live.lock:
            if seat is None:
                reply(P.refusal(N_("spectators cannot move"), cid))
                return False
            if cid is not None and (seat, cid) in live.client_ids:
                reply(P.ack_message(cid, live.client_ids[(seat, cid)]))
                return False
            if live.status != "playing":
                msg = N_("the game is over") if live.status == "over" else N_("waiting for players")
                reply(P.refusal(msg, cid, live.n))
                return False
            if expected_n is not None and expected_n != live.n:
                reply(
                    P.refusal(
                        N_("stale move: the game is at event {now}, you sent {sent}"),
                        cid,
                        live.n,
                        now=live.n,
                        sent=expected_n,
                    )
                )
                if conn is not None:
                    self.round.sync(live, conn, expected_n)
                return False
            if live.table.to_act != seat:
                reply(
                    P.refusal(
                        N_("not your turn: {seat} is to act"),
                        cid,
                        live.n,
                        seat=f"p{live.table.to_act}",
                    )
                )
                return False
            if await self.clocks.flag_if_expired(live):
                reply(P.refusal(N_("your time is up"), cid, live.n))
                return False
            try:
                stored = await self.round.change(live, lambda t: t.play(seat, text), cid, conn)
            except CuttleError as e:
                reply(P.error_message(str(e), cid, live.n))
                return False
            if not stored:
                reply(P.refusal(N_("could not store the move; try again"), cid))
            return stored

    async def resign(
        self, live: LiveGame, seat: int | None, conn: Conn | None = None, cid: str | None = None
    ) -> bool:
        """Resign for ``seat`` (any time while playing)."""
        async with live.lock:
            if seat is None or live.status != "playing":
                if conn:
                    conn.deliver(P.refusal(N_("you cannot resign here"), cid))
                return False
            try:
                stored = await self.round.change(live, lambda t: t.resign(seat), cid, conn)
            except CuttleError as e:
                if conn:
                    conn.deliver(P.error_message(str(e), cid))
                return False
            if not stored and conn:
                conn.deliver(P.refusal(N_("could not store; try again"), cid))
            return stored
