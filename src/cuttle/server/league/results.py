"""What the league does when a game ends: the game service's game-over hook.

- a ranked game between two people belongs to a first-to-two match (created with its
  first game by a challenge, the queue or a bracket, or at the end of a ranked game made
  in the lobby); the hook records the game (win, draw, resignation or abandonment) and
  either starts the next game with the seats swapped or ends the match, rates it
  (Glicko-2, one result a match, pool ``people``) and reports it to its bracket;
- a ranked game of 3-5 seats or teams is rated alone with openskill (pool ``multi``);
- a two-seat game between a person and a bot is rated in the bot pool (``bots``).

The hook only reads the live game (a :class:`FinishedGame` copy, taken on the loop
under the game's lock); what the league adds to it (the match score, the next game, the
match it now belongs to) it returns as :class:`~cuttle.server.game.spec.GameOverNews`,
which the game service applies before the game's last event goes out. On SQLite all of
it runs at once on the loop. On a server database the match step runs in a worker
thread (the hook returns an awaitable of the news), and a game against a bot or of 3-5
seats is rated in a worker thread after the game's end is announced, one rating at a
time per worker.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.orm import Session, sessionmaker

from cuttle.league.match import Ending, GameResult, Match

from ..game.live import LiveGame
from ..game.spec import GameOverNews
from ..models import GameRow, User
from ..offload import Offload
from .brackets import Championships
from .keys import PEOPLE, rules_key
from .matches import Matches
from .models import LeagueBracket, LeagueMatch
from .ratings import Ratings
from .settings import Clock, stamp

log = logging.getLogger("cuttle.server")


@dataclass(frozen=True)
class FinishedGame:
    """What the league reads of a finished game."""

    id: str
    rules: str
    variants: tuple[str, ...]
    ranked: bool
    match_id: int | None
    seats: tuple[tuple[int | None, str | None], ...]
    """Each seat's user id and bot level."""
    winners: tuple[int, ...]
    termination: str | None
    teams: tuple[tuple[int, ...], ...]

    @classmethod
    def of(cls, live: LiveGame) -> FinishedGame:
        """Copy what the league needs of ``live`` (read only)."""
        outcome = live.table.outcome
        return cls(
            id=live.id,
            rules=live.setup.rules,
            variants=tuple(live.setup.variants),
            ranked=live.setup.ranked,
            match_id=live.match.match_id,
            seats=tuple((s.user_id, s.bot) for s in live.seats),
            winners=tuple(outcome.winners) if outcome else (),
            termination=live.table.game.termination,
            teams=tuple(tuple(t) for t in live.table.rules.teams),
        )

    @property
    def players(self) -> int:
        """The number of seats."""
        return len(self.seats)

    @property
    def key(self) -> str:
        """The rating key of its rule set."""
        return rules_key(self.rules, self.variants)


class Results:
    """Records finished games in matches and ratings; see the module's text."""

    def __init__(
        self,
        sessions: sessionmaker[Session],
        offload: Offload,
        clock: Clock,
        ratings: Ratings,
        matches: Matches,
        championships: Championships,
    ) -> None:
        """Write through ``sessions`` (in ``offload``'s worker threads when threaded)."""
        self.sessions = sessions
        self.offload = offload
        self.clock = clock
        self.ratings = ratings
        self.matches = matches
        self.championships = championships
        self.abandoning: dict[str, int] = {}
        """Games being claimed, and the seat that abandoned each (its loss is ``abandoned``)."""
        self._rating = asyncio.Lock()
        """Held while a deferred rating or a match step is written: one at a time."""
        self._tasks: set[asyncio.Task[None]] = set()

    def pending(self) -> set[asyncio.Task[None]]:
        """The deferred ratings not yet written (a server database's; the app's shutdown
        waits for them)."""
        return set(self._tasks)

    def game_over(self, live: LiveGame) -> GameOverNews | Awaitable[GameOverNews | None] | None:
        """The game-over hook: record ``live``'s end for the league and return what the
        league adds to the game (a ranked match's step: its score, its next game or its
        result), or an awaitable of it where the step is written in a worker thread."""
        game = FinishedGame.of(live)
        now = self.clock.now()
        if game.players == 2 and not game.ranked:
            bots = [bot for _, bot in game.seats if bot]
            if len(bots) == 1 and any(user for user, _ in game.seats):
                subjects = [f"bot:{bot}" if bot else f"u:{user}" for user, bot in game.seats]
                self._rate_later(
                    self.ratings.rate_bot_game, subjects, game.key, game.winners, now, game.id
                )
            return None
        if not game.ranked:
            return None
        if game.players == 2:
            ending, seat = self._ending(game)
            if not self.offload.threaded:
                return self.match_step(game, ending, seat, now)
            return self._match_step_off_loop(game, ending, seat, now)
        subjects = [f"u:{user}" for user, _ in game.seats]
        teams = [list(t) for t in game.teams]
        self._rate_later(
            self.ratings.rate_multi, subjects, teams, game.key, game.winners, now, game.id
        )
        return None

    def _rate_later(self, rate: Callable[..., None], *args: Any) -> None:
        """``rate(*args)``: at once on SQLite; on a server database in a worker thread once
        the loop is free (after the game's end is announced), one at a time per worker."""
        if not self.offload.threaded:
            rate(*args)
            return
        task = asyncio.get_running_loop().create_task(self._rate_off_loop(rate, *args))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _rate_off_loop(self, rate: Callable[..., None], *args: Any) -> None:
        try:
            async with self._rating:
                await self.offload(rate, *args)
        except Exception:
            log.exception("rating a finished game failed (%s)", args[-1])

    def _ending(self, game: FinishedGame) -> tuple[Ending, int | None]:
        """How a two-seat game ended, and whose win or loss it was."""
        abandoned = self.abandoning.pop(game.id, None)
        if not game.winners:
            return Ending.DRAW, None
        loser = 1 - game.winners[0]
        if abandoned is not None:
            return Ending.ABANDONED, abandoned
        if game.termination == "resign":
            return Ending.RESIGN, loser
        return Ending.WIN, game.winners[0]

    async def _match_step_off_loop(
        self, game: FinishedGame, ending: Ending, seat: int | None, now: datetime
    ) -> GameOverNews | None:
        try:
            async with self._rating:  # it rates, as the deferred ratings do
                return await self.offload(self.match_step, game, ending, seat, now)
        except Exception:
            log.exception("the match step of game %s failed", game.id)
            return None

    def match_step(
        self, game: FinishedGame, ending: Ending, seat: int | None, now: datetime
    ) -> GameOverNews:
        """Record ``game``'s end (``ending``; ``seat``: whose win or loss it was) in its
        match, starting the match if the game was made in the lobby; what the game's meta
        shows of it (any thread: the game's lock is held meanwhile)."""
        with self.sessions.begin() as db:
            m = db.get(LeagueMatch, game.match_id) if game.match_id else None
            if m is not None and m.bracket_id is not None:
                # The bracket first (as an organiser's action locks it): its report must
                # not be lost.
                db.get(LeagueBracket, m.bracket_id, with_for_update=True)
            if m is None:  # a ranked game made in the lobby starts its match
                m = self._lobby_match(db, game, now)
            if m.status == "playing" and m.current_game == game.id:
                self._record(db, m, game, ending, seat, now)
                db.flush()
            return GameOverNews(league=self.matches.to_json(db, m), match_id=m.id)

    def _lobby_match(self, db: Session, game: FinishedGame, now: datetime) -> LeagueMatch:
        """The match a ranked game made in the lobby starts (its first game)."""
        u0, u1 = (user for user, _ in game.seats)
        assert u0 is not None and u1 is not None
        m = LeagueMatch(
            rules=game.key,
            player1_id=u0,
            player2_id=u1,
            status="playing",
            score1=0,
            score2=0,
            games="[]",
            current_game=game.id,
            created_at=stamp(now),
        )
        db.add(m)
        db.flush()
        db.execute(update(GameRow).where(GameRow.id == game.id).values(match_id=m.id))
        return m

    def _record(
        self,
        db: Session,
        m: LeagueMatch,
        game: FinishedGame,
        ending: Ending,
        seat: int | None,
        now: datetime,
    ) -> None:
        """Add ``game`` to match ``m``: end and rate the match (and report it to its
        bracket) once someone has won it, else start its next game, the seats swapped."""
        users = {
            u.id: u
            for u in db.scalars(select(User).where(User.id.in_([m.player1_id, m.player2_id])))
        }
        p1, p2 = users[m.player1_id].display, users[m.player2_id].display
        seat_names = [users[u].display if u in users else "" for u, _ in game.seats]
        games = json.loads(m.games)
        match = Match(p1, p2, tuple(GameResult(Ending(g["ending"]), g["player"]) for g in games))
        player = seat_names[seat] if seat is not None else None
        match = match.record(GameResult(ending, player))
        games.append({"game": game.id, "ending": ending.value, "player": player})
        m.games = json.dumps(games)
        m.score1, m.score2 = match.score(p1), match.score(p2)
        if match.winner is None:
            s0, s1 = match.seats()
            by_name = {p1: users[m.player1_id], p2: users[m.player2_id]}
            m.current_game = self.matches.create_game(db, m.rules, [by_name[s0], by_name[s1]], m.id)
            return
        m.status = "over"
        m.winner_id = m.player1_id if match.winner == p1 else m.player2_id
        m.finished_at = stamp(now)
        m.current_game = None
        loser_id = m.player2_id if m.winner_id == m.player1_id else m.player1_id
        self.ratings.rate_pair(
            db, PEOPLE, m.rules, f"u:{m.winner_id}", f"u:{loser_id}", now, m.id, None
        )
        if m.bracket_id is not None:
            self.championships.report(db, m, match.winner, (m.score1, m.score2))
