"""Running a tournament: its pairings become first-to-two matches, their results come
back, and the next round (Swiss) or the next ready bracket matches (double
elimination) start.

- A match of two people is a **league match** (:meth:`~cuttle.server.league.matches.
  Matches.start`): ranked games, the seats swapped each game, rated as every league
  match, its result recorded by the league's game-over hook. This module's hook runs
  after the league's and reads the league match's score and winner.
- A match with one of the site's bots is played here the same way (first to two game
  wins, a draw counting for nobody, the seats swapped every game,
  :class:`cuttle.league.match.Match`), in casual games, since ratings are for people;
  the bots play their games on their own.
- A **bye** (Swiss) is a won match without games; a bracket's byes are the bracket's.

Every change runs in one transaction with the tournament's row locked for update, so
that two results arriving together (two workers, or a result and an organiser's
forfeit) do not lose each other. The functions here are blocking (run them through
the game service's offload); each returns the ids of the new games in which a bot
sits, which the caller reads in so that the bots start playing.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.orm import Session

from cuttle.league import Bracket
from cuttle.league.match import Ending, GameResult, Match
from cuttle.league.swiss import Played, pair_round, rounds_needed

from ..game.spec import GameSpec, SeatSpec, insert_game
from ..league.keys import PEOPLE, split_key
from ..league.matches import Matches
from ..league.models import LeagueMatch, LeagueRating
from ..models import User
from .models import EntrantRow, PairingRow, TournamentRow

SWISS, ELIMINATION = "swiss", "double-elimination"
"""The two formats."""
DECIDED = ("over", "bye", "forfeit")
"""The statuses of a decided pairing."""


@dataclass(frozen=True)
class GameEnd:
    """What the hook read of a finished game: its id, its league match (ranked), and,
    for a casual game, how it ended (``ending``) and the seat it names (``seat``: the
    winner of a win, the loser of a resignation; ``None`` for a draw)."""

    game: str
    match_id: int | None
    ending: Ending
    seat: int | None


def entrants_of(db: Session, tid: int) -> list[EntrantRow]:
    """A tournament's entrants in seed order."""
    return list(
        db.scalars(
            select(EntrantRow)
            .where(EntrantRow.tournament_id == tid)
            .order_by(EntrantRow.seed, EntrantRow.id)
        )
    )


def pairings_of(db: Session, tid: int) -> list[PairingRow]:
    """A tournament's pairings, round by round."""
    return list(
        db.scalars(
            select(PairingRow)
            .where(PairingRow.tournament_id == tid)
            .order_by(PairingRow.round, PairingRow.id)
        )
    )


def swiss_results(rows: list[PairingRow]) -> list[Played]:
    """The decided pairings as the Swiss module reads them."""
    return [
        Played(p.first, p.second, p.winner)
        for p in rows
        if p.status in DECIDED and p.winner is not None
    ]


class Runner:
    """Starts a tournament's matches and takes their results; see the module's text."""

    def __init__(self, matches: Matches) -> None:
        """Start the matches of two people with the league's ``matches``."""
        self.matches = matches

    # ------------------------------------------------------------------ starting

    def begin(self, db: Session, t: TournamentRow, now: float) -> list[str]:
        """Start ``t`` (locked, ``open``, two entrants or more): seed the entrants by
        their league rating under its rule set (then by joining order), fix the Swiss
        rounds, and start the first round or the bracket."""
        entrants = entrants_of(db, t.id)
        ratings = self._ratings(db, t.rules, [e.user_id for e in entrants if e.user_id])
        order = sorted(entrants, key=lambda e: (-ratings.get(e.user_id or 0, 1500.0), e.seed, e.id))
        for i, e in enumerate(order, start=1):
            e.seed = i
        names = [e.name for e in order]
        t.status = "running"
        t.updated_at = now
        if t.format == SWISS:
            n = len(names)
            most = n if n % 2 else n - 1  # no rematch forced, one bye each at most
            t.rounds = max(1, min(t.rounds or rounds_needed(n), most))
            return self._next_swiss_round(db, t, names, [], now)
        bracket = Bracket(names)
        t.state = json.dumps(bracket.to_json())
        return self._advance_bracket(db, t, bracket, now)

    def _ratings(self, db: Session, key: str, ids: list[int]) -> dict[int, float]:
        """The league ratings (pool ``people``, rating key ``key``) of users ``ids``."""
        if not ids:
            return {}
        subjects = {f"u:{i}": i for i in ids}
        rows = db.scalars(
            select(LeagueRating).where(
                LeagueRating.pool == PEOPLE,
                LeagueRating.rules == key,
                LeagueRating.subject.in_(list(subjects)),
            )
        )
        return {subjects[r.subject]: r.rating for r in rows}

    def _next_swiss_round(
        self, db: Session, t: TournamentRow, names: list[str], done: list[Played], now: float
    ) -> list[str]:
        t.round += 1
        started: list[str] = []
        for board, p in enumerate(pair_round(names, done), start=1):
            slot = "bye" if p.second is None else str(board)
            gid = self._start(db, t, t.round, slot, p.first, p.second, now)
            if gid:
                started.append(gid)
        return started

    def _advance_bracket(
        self, db: Session, t: TournamentRow, bracket: Bracket, now: float
    ) -> list[str]:
        """Start a match for every ready bracket match without one; finish ``t`` with
        its champion."""
        if bracket.finished:
            self._finish(t, now)
            return []
        have = {
            p.slot for p in db.scalars(select(PairingRow).where(PairingRow.tournament_id == t.id))
        }
        started: list[str] = []
        for st in bracket.ready():
            if st.spec.id in have:
                continue
            first, second = (str(s) for s in st.sides)
            t.round = max(t.round, st.spec.round)
            gid = self._start(db, t, st.spec.round, st.spec.id, first, second, now)
            if gid:
                started.append(gid)
        return started

    def _start(
        self,
        db: Session,
        t: TournamentRow,
        rnd: int,
        slot: str,
        first: str,
        second: str | None,
        now: float,
    ) -> str | None:
        """Store one pairing and start its match; the new game's id if a bot sits in it."""
        row = PairingRow(
            tournament_id=t.id,
            round=rnd,
            slot=slot,
            first=first,
            second=second,
            status="playing",
            games="[]",
            created_at=now,
        )
        db.add(row)
        if second is None:
            row.status, row.winner, row.finished_at = "bye", first, now
            return None
        by_name = {e.name: e for e in entrants_of(db, t.id)}
        a, b = by_name[first], by_name[second]
        if a.user_id is not None and b.user_id is not None:
            ua, ub = db.get(User, a.user_id), db.get(User, b.user_id)
            assert ua is not None and ub is not None
            lm = self.matches.start(db, ua, ub, t.rules)
            row.league_match_id = lm.id
            return None
        row.current_game = self._bot_game(db, t, [a, b])
        return row.current_game

    def _bot_game(self, db: Session, t: TournamentRow, seats: list[EntrantRow]) -> str:
        """A casual game of a match with a bot, ``seats`` seated in order, playing at once."""
        name, variants = split_key(t.rules)
        spec = GameSpec(
            rules=name,
            players=2,
            seats=tuple(SeatSpec(e.user_id, e.bot, e.name) for e in seats),
            variants=tuple(sorted(variants)),
            created_by=t.organiser_id,
        )
        return insert_game(db.connection(), spec, time.time()).id

    # ------------------------------------------------------------------ results

    def game_ended(self, db: Session, end: GameEnd, now: float) -> list[str]:
        """Take a finished game into its tournament match, if it is one: its score, its
        next game (a match with a bot), its result and what follows from it."""
        row = None
        if end.match_id is not None:
            row = db.scalar(
                select(PairingRow).where(
                    PairingRow.league_match_id == end.match_id, PairingRow.status == "playing"
                )
            )
        if row is None:
            row = db.scalar(
                select(PairingRow).where(
                    PairingRow.current_game == end.game, PairingRow.status == "playing"
                )
            )
        if row is None:
            return []
        t = db.get(TournamentRow, row.tournament_id, with_for_update=True)
        db.refresh(row)
        if t is None or row.status != "playing" or t.status != "running":
            return []
        t.updated_at = now  # the score changed: the pages redraw
        if row.league_match_id is not None:
            lm = db.get(LeagueMatch, row.league_match_id)
            if lm is None:
                return []
            row.score1, row.score2 = lm.score1, lm.score2
            if lm.status != "over":
                return []
            winner = row.first if lm.winner_id == lm.player1_id else row.second
            assert winner is not None
            return self.decide(db, t, row, winner, "over", now)
        return self._bot_match_game(db, t, row, end, now)

    def _bot_match_game(
        self, db: Session, t: TournamentRow, row: PairingRow, end: GameEnd, now: float
    ) -> list[str]:
        """Record a game of a match with a bot; start its next game or decide it."""
        if row.current_game != end.game or row.second is None:
            return []
        games = json.loads(row.games)
        match = Match(
            row.first,
            row.second,
            tuple(GameResult(Ending(g["ending"]), g["player"]) for g in games),
        )
        seats = match.seats()
        player = seats[end.seat] if end.seat is not None else None
        match = match.record(GameResult(end.ending, player))
        games.append({"game": end.game, "ending": end.ending.value, "player": player})
        row.games = json.dumps(games)
        row.score1, row.score2 = match.score(row.first), match.score(row.second)
        if match.winner is None:
            by_name = {e.name: e for e in entrants_of(db, t.id)}
            row.current_game = self._bot_game(db, t, [by_name[s] for s in match.seats()])
            return [row.current_game]
        row.current_game = None
        return self.decide(db, t, row, match.winner, "over", now)

    def decide(
        self, db: Session, t: TournamentRow, row: PairingRow, winner: str, status: str, now: float
    ) -> list[str]:
        """Pairing ``row`` of ``t`` (locked) is won by ``winner`` (``status`` ``over`` or
        ``forfeit``): record it and start what follows."""
        row.status, row.winner, row.finished_at = status, winner, now
        row.current_game = None
        t.updated_at = now
        db.flush()
        if t.format == ELIMINATION:
            assert t.state is not None
            score = (
                None
                if status == "forfeit"
                else (max(row.score1, row.score2), min(row.score1, row.score2))
            )
            if score is not None and score[0] <= score[1]:
                score = None
            bracket = Bracket.from_json(json.loads(t.state)).report_match(row.slot, winner, score)
            t.state = json.dumps(bracket.to_json())
            return self._advance_bracket(db, t, bracket, now)
        rows = pairings_of(db, t.id)
        if any(p.round == t.round and p.status not in DECIDED for p in rows):
            return []
        if t.round >= (t.rounds or 0):
            self._finish(t, now)
            return []
        names = [e.name for e in entrants_of(db, t.id)]
        return self._next_swiss_round(db, t, names, swiss_results(rows), now)

    def _finish(self, t: TournamentRow, now: float) -> None:
        t.status = "finished"
        t.updated_at = now
