"""The bot accounts' ladder: their own ratings, never mixed with people's.

Every finished two-seat game of a preset rule set (no house rules, no practice) in which
a bot account sits is one rated result, Glicko-2 as lichess rates
(:class:`cuttle.league.glicko2.RatingBook`), in the order the games ended; the opponent
may be another bot account, a person or a built-in bot (each its own subject in this
pool only). The ladder lists the bot accounts. It is worked out from the stored games
each time it is asked for (a blocking read: run it through the app's offload), so it
needs no table of its own and always agrees with the games.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session, sessionmaker

from cuttle.league.glicko2 import RatingBook

from ..models import GameRow, SeatRow, User

PROVISIONAL = 110.0
"""A rating whose deviation is above this is provisional (shown with a ``?``, as lichess)."""


def _subject(seat: SeatRow) -> str:
    """Who played a seat, as the pool names them."""
    return f"u:{seat.user_id}" if seat.user_id is not None else f"bot:{seat.bot}"


def ladder(sessions: sessionmaker[Session], rules: str) -> list[dict[str, Any]]:
    """The bot accounts rated under preset ``rules``, best first: name, rating,
    deviation, provisional, games, wins, losses and draws."""
    with sessions() as db:
        bots = {u.id: u for u in db.scalars(select(User).where(User.is_bot.is_(True))).all()}
        if not bots:
            return []
        games = db.scalars(
            select(GameRow)
            .where(
                GameRow.status == "over",
                GameRow.players == 2,
                GameRow.rules == rules,
                GameRow.house_rules.is_(None),
                GameRow.practice.is_(False),
                GameRow.id.in_(select(SeatRow.game_id).where(SeatRow.user_id.in_(sorted(bots)))),
            )
            .order_by(GameRow.updated_at, GameRow.id)
        ).all()
        seats: dict[str, list[SeatRow]] = {}
        if games:
            for s in db.scalars(
                select(SeatRow)
                .where(SeatRow.game_id.in_([g.id for g in games]))
                .order_by(SeatRow.seat)
            ).all():
                seats.setdefault(s.game_id, []).append(s)
        names = {i: u.username or "" for i, u in bots.items()}
    book = RatingBook()
    record: dict[str, list[int]] = {}
    for g in games:
        pair = seats.get(g.id, [])
        if len(pair) != 2 or g.result not in ("p0", "p1", "draw"):
            continue  # a game that never started or an unknown result: not rated
        a, b = _subject(pair[0]), _subject(pair[1])
        when = datetime.fromtimestamp(g.updated_at, UTC)
        if g.result == "draw":
            book.rate(a, b, rules, when, draw=True)
            for who in (a, b):
                record.setdefault(who, [0, 0, 0])[2] += 1
            continue
        winner, loser = (a, b) if g.result == "p0" else (b, a)
        book.rate(winner, loser, rules, when)
        record.setdefault(winner, [0, 0, 0])[0] += 1
        record.setdefault(loser, [0, 0, 0])[1] += 1
    rows: list[dict[str, Any]] = []
    for bot_id, name in names.items():
        wins, losses, draws = record.get(f"u:{bot_id}", [0, 0, 0])
        if wins + losses + draws == 0:
            continue
        r = book.get(f"u:{bot_id}", rules)
        rows.append(
            {
                "name": name,
                "display": f"BOT {name}",
                "rating": round(r.rating),
                "deviation": round(r.deviation),
                "provisional": r.deviation > PROVISIONAL,
                "games": wins + losses + draws,
                "wins": wins,
                "losses": losses,
                "draws": draws,
            }
        )
    rows.sort(key=lambda row: (-row["rating"], row["name"]))
    return rows
