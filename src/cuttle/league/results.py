"""Finished ranked matches, and reading them from a CSV file or from game records.

A results CSV has the header ``date,player1,player2,winner`` (and optionally ``rules``),
one finished match a line; the date is ISO (``2026-01-05`` or ``2026-01-05T20:30``, with
or without an offset). A date without a time, or a time without an offset, is the
league's local time. :func:`matches_from_records` groups game records (``*.cuttle``) into
first-to-two matches.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, datetime, time, tzinfo

from cuttle.engine.errors import CuttleError
from cuttle.engine.records import parse_record, read_record

from .match import Match

REQUIRED_COLUMNS = ("date", "player1", "player2", "winner")
"""The columns a results CSV must have."""


@dataclass(frozen=True, slots=True)
class MatchRecord:
    """A finished ranked match: when it ended (time-zone aware), its players and winner."""

    when: datetime
    player1: str
    player2: str
    winner: str
    rules: str = "standard"

    def __post_init__(self) -> None:
        """Check the players differ, the winner is one of them and the time is aware."""
        if not self.player1 or not self.player2:
            raise ValueError("a match needs two named players")
        if self.player1 == self.player2:
            raise ValueError(f"{self.player1!r} cannot play a match against themself")
        if self.winner not in (self.player1, self.player2):
            raise ValueError(
                f"the winner {self.winner!r} is neither {self.player1!r} nor {self.player2!r}"
            )
        if self.when.tzinfo is None:
            raise ValueError("a match's time must carry a time zone")

    @property
    def loser(self) -> str:
        """The player who lost the match."""
        return self.player2 if self.winner == self.player1 else self.player1

    @property
    def pair(self) -> frozenset[str]:
        """The two players, in no order."""
        return frozenset((self.player1, self.player2))


class ResultsError(ValueError):
    """A results file that cannot be read, with the line at fault."""


def parse_when(text: str, tz: tzinfo) -> datetime:
    """An ISO date or date-time as an aware time; local (``tz``) when it has no offset."""
    text = text.strip()
    try:
        if "T" in text or " " in text:
            moment = datetime.fromisoformat(text)
        else:
            moment = datetime.combine(date.fromisoformat(text), time())
    except ValueError:
        raise ValueError(f"bad date {text!r}: write an ISO date such as 2026-01-05") from None
    return moment.replace(tzinfo=tz) if moment.tzinfo is None else moment


def read_results_csv(text: str, tz: tzinfo, source: str = "results") -> list[MatchRecord]:
    """Read a results CSV (header ``date,player1,player2,winner[,rules]``).

    Raises :class:`ResultsError` naming the file and line of the first problem.
    """
    reader = csv.DictReader(io.StringIO(text))
    header = [h.strip() for h in reader.fieldnames or []]
    missing = [c for c in REQUIRED_COLUMNS if c not in header]
    if missing:
        raise ResultsError(
            f"{source}: the header must be {','.join(REQUIRED_COLUMNS)} "
            f"(missing {', '.join(missing)})"
        )
    reader.fieldnames = header
    out: list[MatchRecord] = []
    for row in reader:
        line = reader.line_num
        values = {k: (v or "").strip() for k, v in row.items() if k is not None}
        if not any(values.values()):
            continue
        try:
            out.append(
                MatchRecord(
                    when=parse_when(values["date"], tz),
                    player1=values["player1"],
                    player2=values["player2"],
                    winner=values["winner"],
                    rules=values.get("rules") or "standard",
                )
            )
        except ValueError as exc:
            raise ResultsError(f"{source} line {line}: {exc}") from None
    return out


def matches_from_records(
    texts: Iterable[tuple[str, str]], tz: tzinfo
) -> tuple[list[MatchRecord], list[str]]:
    """Group game records into first-to-two matches; return them and notes on the rest.

    ``texts`` are ``(name, record text)`` pairs in playing order. Every record is replayed
    and checked (:class:`ResultsError` if one is broken). A record counts when it has two
    players named in ``Players``, a ``Date`` and a finished game: won by a seat, or drawn.
    Consecutive games between the same two players form one match until one of them has
    two wins (a resignation is a win for the other seat). An unfinished record (``*``) is
    left out with a note, as is a match still undecided when the records run out.
    """
    notes: list[str] = []
    done: list[MatchRecord] = []
    open_matches: dict[frozenset[str], tuple[Match, datetime, str]] = {}
    for name, text in texts:
        try:
            headers, _ = parse_record(text)
            outcome = read_record(text).outcome
        except CuttleError as exc:
            raise ResultsError(f"{name}: {exc}") from None
        players = headers.get("Players", "").split()
        winners = " ".join(f"p{s}" for s in outcome.winners) if outcome else "*"
        result = winners or "draw"
        if len(players) != 2 or players[0] == players[1]:
            notes.append(f"{name}: not a game between two named players; left out")
            continue
        if result == "*":
            notes.append(f"{name}: the game is unfinished; left out")
            continue
        if "Date" not in headers:
            notes.append(f"{name}: no Date header; left out")
            continue
        when = parse_when(headers["Date"], tz)
        rules = headers.get("Rules", "standard")
        key = frozenset(players)
        match, _, _ = open_matches.get(key, (Match(players[0], players[1]), when, rules))
        if result == "draw":
            match = match.draw()
        elif result in ("p0", "p1"):
            match = match.win(players[int(result[1])])
        else:
            notes.append(f"{name}: the result {result!r} names no single winner; left out")
            continue
        if match.winner is not None:
            done.append(MatchRecord(when, match.first, match.second, match.winner, rules))
            open_matches.pop(key, None)
        else:
            open_matches[key] = (match, when, rules)
    for match, _, _ in open_matches.values():
        notes.append(
            f"the match {match.first} v {match.second} is undecided "
            f"({match.score(match.first)}-{match.score(match.second)}); left out"
        )
    return done, notes
