"""A game's rows: reading a live game back from the database, and the writes of a move.

The database is the truth. :meth:`GameStore.read` rebuilds a :class:`LiveGame` with
:meth:`Table.from_events <cuttle.table.Table.from_events>` from the shuffled deck and
the stored events (each stored move is one numbered event), checking every move; the
rule set is a preset with variants or a house rule set stored as JSON. Writes of moves
join other tables' moves in one group commit (:class:`~cuttle.server.writer.GroupWriter`).
"""

from __future__ import annotations

import json
import logging
from collections.abc import Sequence
from typing import Any, cast

from sqlalchemy import Connection, Engine, Row, bindparam, func, insert, select, update
from sqlalchemy import Table as SqlTable

from cuttle.engine.history import Event, parse_event
from cuttle.i18n import N_
from cuttle.table import Seat, Table

from ..errors import ServiceError
from ..models import GameRow, MoveRow, SeatRow
from ..offload import Offload
from ..writer import GroupWriter, Statement
from . import clockwork as clocks
from .chat import read_logs_on
from .live import GameSetup, LiveGame, MatchInfo, Offers, SeatInfo
from .presence import refresh_away
from .spec import rules_of

log = logging.getLogger("cuttle.server")

AnyRow = Row[*tuple[Any, ...]]
"""A Core row of any columns."""

Facts = tuple[Any, ...]
"""What a short read tells of a game: moves, status, draw offers, rematch asks, rematch."""


def seats_to_text(seats: set[int]) -> str | None:
    """The stored form of a set of seats (pending draw offers, rematch asks): ``"0 2"``,
    ``None`` when empty."""
    return " ".join(str(s) for s in sorted(seats)) or None


def seats_from_text(text: str | None, players: int) -> set[int]:
    """The seats stored as ``text`` by :func:`seats_to_text` (seats past ``players`` dropped)."""
    return {int(w) for w in (text or "").split() if w.isdigit() and int(w) < players}


def stored_event(seat: int, text: str) -> Event:
    """The event of one stored move row (seat -1 holds an agreed draw)."""
    return parse_event(text if seat < 0 else f"p{seat}: {text}")


def stored_text(event: Event) -> tuple[int, str]:
    """The ``(seat, text)`` a move row stores for ``event`` (seat -1: an agreed draw)."""
    seat = getattr(event, "seat", -1)
    line = event.line()
    return seat, line if seat < 0 else line.split(": ", 1)[1]


def mine(live: LiveGame) -> Facts:
    """What this copy holds of the facts :meth:`GameStore.facts` reads."""
    return (
        live.n,
        live.status,
        seats_to_text(live.offers.draw),
        seats_to_text(live.offers.rematch_asked),
        live.offers.rematch_id,
    )


def seat_facts(seats: Sequence[SeatInfo] | Sequence[AnyRow]) -> tuple[tuple[Any, ...], ...]:
    """Who sits in each seat (``SeatInfo`` or seat rows), for comparing."""
    return tuple((s.user_id, s.bot, s.name) for s in seats)


GAMES = cast(SqlTable, GameRow.__table__)
SEATS = cast(SqlTable, SeatRow.__table__)
MOVES = cast(SqlTable, MoveRow.__table__)
READ_GAME = select(GAMES).where(GAMES.c.id == bindparam("gid"))
"""A game's row (Core, built once: :meth:`GameStore.read`)."""
READ_SEATS = (
    select(SEATS.c.user_id, SEATS.c.bot, SEATS.c.name)
    .where(SEATS.c.game_id == bindparam("gid"))
    .order_by(SEATS.c.seat)
)
"""Who sits in each of a game's seats, in seat order."""
READ_MOVES = (
    select(
        MOVES.c.ply,
        MOVES.c.seat,
        MOVES.c.text,
        MOVES.c.client_id,
        MOVES.c.created_at,
        MOVES.c.clocks,
    )
    .where(MOVES.c.game_id == bindparam("gid"))
    .order_by(MOVES.c.ply)
)
"""A game's stored moves, in order."""
INSERT_MOVE = insert(MOVES)
_PLIES = (
    select(func.coalesce(func.max(MOVES.c.ply), 0))
    .where(MOVES.c.game_id == GAMES.c.id)
    .scalar_subquery()
)
_FACTS = select(
    GAMES.c.id,
    _PLIES,
    GAMES.c.status,
    GAMES.c.draw_offers,
    GAMES.c.rematch_asks,
    GAMES.c.rematch_id,
)
READ_FACTS = _FACTS.where(GAMES.c.id.in_(bindparam("ids", expanding=True)))
"""The facts (:data:`Facts`, after the id) of the games ``ids``. Statements are built once
here: building one, and working out its cache key, costs more CPU than running it."""
READ_FACTS_SEATS = (
    _FACTS.add_columns(SEATS.c.user_id, SEATS.c.bot, SEATS.c.name)
    .join_from(GAMES, SEATS, SEATS.c.game_id == GAMES.c.id)
    .where(GAMES.c.id == bindparam("gid"))
    .order_by(SEATS.c.seat)
)
"""The facts of game ``gid`` on each of its seat rows, in seat order (one round trip)."""
TAKE_SEAT = (
    update(SEATS)
    .where(SEATS.c.game_id == bindparam("gid"), SEATS.c.seat == bindparam("seat_no"))
    .values(user_id=bindparam("who"), name=bindparam("called"))
)
"""Seat user ``who`` named ``called`` in seat ``seat_no`` of game ``gid``."""
START_GAME = (
    update(GAMES)
    .where(GAMES.c.id == bindparam("gid"))
    .values(status="playing", updated_at=bindparam("now"), clock_start=bindparam("now"))
)
"""Game ``gid`` starts at ``now``."""
END_GAME = (
    update(GAMES)
    .where(GAMES.c.id == bindparam("gid"))
    .values(
        status="over",
        updated_at=bindparam("now"),
        result=bindparam("outcome"),
        termination=bindparam("how"),
    )
)
"""Game ``gid`` ended at ``now`` with ``outcome`` (its result text), ``how`` it ended."""
SET_SEATS = {
    column: update(GAMES).where(GAMES.c.id == bindparam("gid")).values({column: bindparam("seats")})
    for column in ("draw_offers", "rematch_asks")
}
"""By column (``draw_offers``, ``rematch_asks``): store game ``gid``'s ``seats`` text."""


def build(
    row: GameRow | AnyRow,
    seat_rows: Sequence[SeatRow] | Sequence[AnyRow],
    move_rows: Sequence[MoveRow] | Sequence[AnyRow],
    chat: dict[str, list[dict[str, Any]]],
) -> LiveGame:
    """The live game of ``row``, its seats, moves and recent ``chat`` (each channel's
    messages), checking every move (any thread). The rows are ORM objects or Core rows
    alike: only their columns are read, by name."""
    variants = tuple(row.variants.split())
    house = json.loads(row.house_rules) if row.house_rules else None
    practice = bool(row.practice)
    seats = [SeatInfo(s.user_id, s.bot, s.name) for s in seat_rows]
    setup = GameSetup(
        rules=row.rules,
        variants=variants,
        players=row.players,
        deck=tuple(row.deck.split()),
        private=bool(row.private),
        house=house,
        practice=practice,
        ranked=bool(row.ranked),
        time_control=row.time_control or None,
    )
    table = Table.from_events(
        rules_of(row.rules, variants, row.players, house),
        list(setup.deck),
        [stored_event(m.seat, m.text) for m in move_rows],
        [Seat(f"p{i}", s.bot) for i, s in enumerate(seats)],  # names: see ``seats``
        practice,
    )
    live = LiveGame(
        id=row.id,
        setup=setup,
        status=row.status,
        seats=seats,
        table=table,
        offers=Offers(
            seats_from_text(row.draw_offers, row.players),
            seats_from_text(row.rematch_asks, row.players),
            row.rematch_id,
        ),
        match=MatchInfo(row.match_id),
        chat=chat,
    )
    for m in move_rows:
        if m.client_id:
            live.client_ids[(m.seat, m.client_id)] = m.ply
    clocks.restore_termination(table, row.termination)
    if setup.time_control and row.status != "open":
        control = clocks.parse_time_control(setup.time_control)
        last = move_rows[-1] if move_rows else None
        live.timing.clock = clocks.Clock(
            control,
            clocks.remaining_from_text(last.clocks if last else None, row.players, control),
            None if table.is_over else table.to_act,
            last.created_at if last else (row.clock_start or row.updated_at),
        )
    refresh_away(live)
    return live


class GameStore:
    """The game tier's database: reads games, and writes moves and small changes."""

    def __init__(self, engine: Engine, offload: Offload | None = None) -> None:
        """Use ``engine``; blocking calls on the request path go through ``offload``
        (default: worker threads on every database but SQLite)."""
        self.engine = engine
        self.writer = GroupWriter(engine)
        self.offload = offload or Offload.for_engine(engine)
        self.reads = (
            engine
            if engine.dialect.name == "sqlite"
            else engine.execution_options(isolation_level="AUTOCOMMIT")
        )
        """The engine for reads: on a server database without a transaction around them
        (no ``BEGIN`` and ``ROLLBACK`` round trips; at PostgreSQL's read committed level
        each statement saw a snapshot of its own anyway). SQLite reads as before."""

    def read(self, gid: str) -> LiveGame:
        """Rebuild game ``gid`` from the database, checking every stored move (any
        thread: it touches no game held in memory). Raises :class:`ServiceError` (404)."""
        if not isinstance(gid, str) or len(gid) > 16 or "\x00" in gid:  # NUL: PostgreSQL refuses
            raise ServiceError(N_("no such game"), 404)
        with self.reads.connect() as db:  # Core rows: no ORM session or objects to set up
            row = db.execute(READ_GAME, {"gid": gid}).first()
            if row is None:
                raise ServiceError(N_("no such game"), 404)
            seat_rows = db.execute(READ_SEATS, {"gid": gid}).all()
            move_rows = db.execute(READ_MOVES, {"gid": gid}).all()
            chat = read_logs_on(db, gid)
        return build(row, seat_rows, move_rows, chat)

    def event_statements(
        self,
        live: LiveGame,
        table: Table,
        event: Event,
        cid: str | None,
        clock: clocks.Clock | None,
        now: float,
    ) -> list[Statement]:
        """The writes that store ``event``, the newest of ``table`` (a changed copy of
        ``live.table``), as event ``len(table.history)``: its move row, the game's end
        if it ends it, and the end of pending draw offers."""
        seat, text = stored_text(event)
        statements: list[Statement] = [
            (
                INSERT_MOVE,
                {
                    "game_id": live.id,
                    "ply": len(table.history),
                    "seat": seat,
                    "text": text,
                    "client_id": cid,
                    "created_at": now,
                    "clocks": clock.text() if clock else None,
                },
            )
        ]
        game = table.game
        if game.is_over:
            outcome = game.outcome
            values = {
                "gid": live.id,
                "now": now,
                "outcome": outcome.result() if outcome else None,
                "how": game.termination,
            }
            statements.append((END_GAME, values))
        if live.offers.draw:  # a move ends pending draw offers, in the same transaction
            statements.append((SET_SEATS["draw_offers"], {"gid": live.id, "seats": None}))
        return statements

    async def store_seats(self, gid: str, column: str, seats: set[int]) -> None:
        """Store ``seats`` as game ``gid``'s ``column`` (``draw_offers`` or
        ``rematch_asks``); durable when this returns."""
        await self.writer.write([(SET_SEATS[column], {"gid": gid, "seats": seats_to_text(seats)})])

    def store_join(self, gid: str, seat: int, info: SeatInfo, full: bool, now: float) -> None:
        """Seat ``info`` in ``seat`` of ``gid``; with ``full``, the game starts ``now``."""
        with self.engine.begin() as db:  # Core updates: no ORM session to set up
            db.execute(
                TAKE_SEAT, {"gid": gid, "seat_no": seat, "who": info.user_id, "called": info.name}
            )
            if full:
                db.execute(START_GAME, {"gid": gid, "now": now})

    def facts(self, ids: list[str]) -> dict[str, Facts]:
        """What the database holds of games ``ids``: the number of moves, the status, the
        draw offers, the rematch asks and the rematch (any thread)."""
        with self.reads.connect() as db:
            return facts_on(db, ids)

    def facts_of(self, gid: str) -> Facts | None:
        """The facts of :meth:`facts` of game ``gid`` and its seats (``None``: no such
        game), on one connection (any thread)."""
        with self.reads.connect() as db:
            rows = db.execute(READ_FACTS_SEATS, {"gid": gid}).all()
        if not rows:
            return None
        return (*tuple(rows[0][1:6]), seat_facts(rows))

    def close(self) -> None:
        """Release the move writer and the offload threads."""
        self.writer.close()
        self.offload.close()


def facts_on(db: Connection, ids: list[str]) -> dict[str, Facts]:
    """:meth:`GameStore.facts` on the connection ``db``."""
    found: dict[str, Facts] = {}
    for i in range(0, len(ids), 500):
        rows = db.execute(READ_FACTS, {"ids": ids[i : i + 500]}).all()
        found.update({r[0]: tuple(r[1:]) for r in rows})
    return found
