"""A tournament as the pages and the API show it: entrants, rounds of pairings with their
scores and games in play, the Swiss standings (points, Buchholz) or the bracket with its
places, and a ``version`` that changes with every result (the pages poll it).

Nothing here is hidden from anyone: a tournament, its pairings and scores are public,
and a game in play is linked, never shown (its table shows each reader only what their
seat may see).
"""

from __future__ import annotations

import json
import time
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from cuttle.league.swiss import standings

from ..league.models import LeagueMatch
from ..models import User
from .models import EntrantRow, PairingRow, TournamentRow
from .play import ELIMINATION, entrants_of, pairings_of, swiss_results


def _iso(at: float | None) -> str | None:
    return datetime.fromtimestamp(at, UTC).isoformat() if at is not None else None


def pairing_json(row: PairingRow, league: dict[int, LeagueMatch]) -> dict[str, Any]:
    """One pairing: players, status, winner, score (game wins), the game in play."""
    game = row.current_game
    score1, score2 = row.score1, row.score2
    lm = league.get(row.league_match_id or -1)
    if lm is not None:
        score1, score2 = lm.score1, lm.score2
        if row.status == "playing":
            game = lm.current_game
    return {
        "id": row.id,
        "round": row.round,
        "slot": row.slot,
        "first": row.first,
        "second": row.second,
        "status": row.status,
        "winner": row.winner,
        "score": [score1, score2],
        "game": game,
        "league_match": row.league_match_id,
    }


def _bracket(state: dict[str, Any], pairings: list[dict[str, Any]]) -> dict[str, Any]:
    """The bracket's state with each played match's pairing: score by name, game, id."""
    by_slot = {p["slot"]: p for p in pairings}
    for entry in state["matches"]:
        p = by_slot.get(entry["id"])
        if p is None:
            continue
        entry["pairing"] = p["id"]
        entry["game"] = p["game"] if p["status"] == "playing" else None
        entry["league_match"] = p["league_match"]
        entry["forfeit"] = p["status"] == "forfeit"
        entry["score"] = {p["first"]: p["score"][0], p["second"]: p["score"][1]}
    return state


def tournament_json(
    db: Session, t: TournamentRow, viewer: User | None, admin: bool = False
) -> dict[str, Any]:
    """Tournament ``t`` whole, as ``viewer`` sees it (``you``: joined, organiser)."""
    entrants: list[EntrantRow] = entrants_of(db, t.id)
    rows = pairings_of(db, t.id)
    ids = [r.league_match_id for r in rows if r.league_match_id is not None]
    league = (
        {m.id: m for m in db.scalars(select(LeagueMatch).where(LeagueMatch.id.in_(ids)))}
        if ids
        else {}
    )
    pairings = [pairing_json(r, league) for r in rows]
    organiser = db.get(User, t.organiser_id)
    rounds: dict[int, list[dict[str, Any]]] = {}
    for p in pairings:
        rounds.setdefault(p["round"], []).append(p)
    out: dict[str, Any] = {
        "id": t.id,
        "name": t.name,
        "format": t.format,
        "rules": t.rules,
        "rounds": t.rounds,
        "round": t.round,
        "status": t.status,
        "starts_at": _iso(t.starts_at),
        "due": t.status == "open" and t.starts_at <= time.time(),
        "organiser": organiser.display if organiser else None,
        "entrants": [
            {"name": e.name, "seed": e.seed, "bot": e.bot, "person": e.user_id is not None}
            for e in entrants
        ],
        "pairings": [{"round": n, "matches": ms} for n, ms in sorted(rounds.items())],
        "url": f"/tournaments/{t.id}",
        "version": f"{t.updated_at:.6f}",
        "you": {
            "joined": viewer is not None and any(e.user_id == viewer.id for e in entrants),
            "organiser": viewer is not None and (viewer.id == t.organiser_id or admin),
            "can_join": viewer is not None and not viewer.guest and t.status == "open",
        },
    }
    names = [e.name for e in entrants]
    if t.format == ELIMINATION:
        state = json.loads(t.state) if t.state else None
        out["bracket"] = _bracket(state, pairings) if state else None
        out["places"] = state.get("places", {}) if state else {}
        out["winner"] = state.get("champion") if state else None
        out["standings"] = []
    else:
        table = standings(names, swiss_results(rows)) if len(names) >= 1 and rows else []
        out["standings"] = [
            {
                "place": s.place,
                "player": s.player,
                "points": s.points,
                "buchholz": s.buchholz,
                "wins": s.wins,
                "losses": s.losses,
                "byes": s.byes,
            }
            for s in table
        ]
        out["winner"] = table[0].player if t.status == "finished" and table else None
    return out


def listing_json(db: Session, viewer: User | None) -> list[dict[str, Any]]:
    """Tournaments open or running (by start time), then the last ten finished (newest
    first), each as a brief: name, format, rules, status, start, number of entrants,
    whether ``viewer`` joined and may join."""
    live = db.scalars(
        select(TournamentRow)
        .where(TournamentRow.status != "finished")
        .order_by(TournamentRow.starts_at, TournamentRow.id)
        .limit(50)
    ).all()
    done = db.scalars(
        select(TournamentRow)
        .where(TournamentRow.status == "finished")
        .order_by(TournamentRow.updated_at.desc())
        .limit(10)
    ).all()
    rows = [*live, *done]
    ids = [t.id for t in rows]
    counts: dict[int, int] = {}
    mine: set[int] = set()
    if ids:
        counts = {
            tid: n
            for tid, n in db.execute(
                select(EntrantRow.tournament_id, func.count())
                .where(EntrantRow.tournament_id.in_(ids))
                .group_by(EntrantRow.tournament_id)
            )
        }
        if viewer is not None:
            mine = set(
                db.scalars(
                    select(EntrantRow.tournament_id).where(
                        EntrantRow.tournament_id.in_(ids), EntrantRow.user_id == viewer.id
                    )
                )
            )
    registered = viewer is not None and not viewer.guest
    return [
        {
            "id": t.id,
            "name": t.name,
            "format": t.format,
            "rules": t.rules,
            "status": t.status,
            "starts_at": _iso(t.starts_at),
            "entrants": counts.get(t.id, 0),
            "joined": t.id in mine,
            "can_join": t.status == "open" and registered and t.id not in mine,
            "url": f"/tournaments/{t.id}",
        }
        for t in rows
    ]
