"""The league's settings (read from the environment) and its clock.

League times (when a match ended, rating periods, seasons) come from :class:`Clock`,
the real time or a fake one that tests set (``CUTTLE_FAKE_NOW``); they are stored as
seconds since the epoch (:func:`stamp`, :func:`moment_of`).
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from cuttle.i18n import N_
from cuttle.league.queue import DEFAULT_BAND, Band

from ..errors import ServiceError


def parse_day(text: str) -> date:
    """An ISO date; ``ValueError`` naming the setting otherwise."""
    try:
        return date.fromisoformat(text.strip())
    except ValueError:
        raise ValueError(f"CUTTLE_LEAGUE_START: not an ISO date: {text!r}") from None


def parse_moment(text: str) -> datetime:
    """An ISO date-time (UTC when it has no offset)."""
    moment = datetime.fromisoformat(text.strip().replace("Z", "+00:00"))
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


@dataclass(frozen=True)
class LeagueSettings:
    """The league's settings, read from the environment by :meth:`from_env`."""

    start: date = date(2026, 1, 5)
    """The first day of the first Clubs season (``CUTTLE_LEAGUE_START``; a Monday)."""
    tz: str = "UTC"
    """The league's time zone (``CUTTLE_LEAGUE_TZ``, a ``zoneinfo`` name)."""
    fake_now: datetime | None = None
    """A fake clock's first time (``CUTTLE_FAKE_NOW``, for tests); ``None``: the real clock."""
    admins: tuple[str, ...] = ()
    """Usernames that organise the league (``CUTTLE_ADMINS``, ``cuttle serve --admin``)."""
    abandon_seconds: float = 120.0
    """How long an absent opponent's ranked game must stand still before it can be claimed."""
    band: Band = field(default=DEFAULT_BAND)
    """The ranked queue's rating band."""

    @classmethod
    def from_env(cls, admins: Sequence[str] = ()) -> LeagueSettings:
        """Read ``CUTTLE_LEAGUE_START``, ``CUTTLE_LEAGUE_TZ``, ``CUTTLE_FAKE_NOW``,
        ``CUTTLE_ADMINS`` (comma-separated) and ``CUTTLE_ABANDON_SECONDS``; ``admins`` adds
        names. A bad value raises ``ValueError`` saying which."""
        env = os.environ
        start = parse_day(env["CUTTLE_LEAGUE_START"]) if env.get("CUTTLE_LEAGUE_START") else None
        tz = env.get("CUTTLE_LEAGUE_TZ") or "UTC"
        try:
            ZoneInfo(tz)
        except (ZoneInfoNotFoundError, ValueError):
            raise ValueError(f"CUTTLE_LEAGUE_TZ: unknown time zone {tz!r}") from None
        fake = None
        if env.get("CUTTLE_FAKE_NOW"):
            try:
                fake = parse_moment(env["CUTTLE_FAKE_NOW"])
            except ValueError:
                raise ValueError("CUTTLE_FAKE_NOW: not an ISO date-time") from None
        names = [n.strip() for n in (env.get("CUTTLE_ADMINS") or "").split(",") if n.strip()]
        try:
            abandon = float(env.get("CUTTLE_ABANDON_SECONDS") or 120.0)
        except ValueError:
            raise ValueError("CUTTLE_ABANDON_SECONDS: not a number of seconds") from None
        return cls(
            start=start or cls.start,
            tz=tz,
            fake_now=fake,
            admins=tuple(dict.fromkeys([*names, *admins])),
            abandon_seconds=abandon,
        )


class Clock:
    """The league's "now": the real time, or a fake one that an organiser moves (tests)."""

    def __init__(self, fake: datetime | None = None) -> None:
        """A real clock, or a fake one starting at ``fake``."""
        self._fake = fake

    @property
    def fake(self) -> bool:
        """Whether the clock is fake (and may be set)."""
        return self._fake is not None

    def now(self) -> datetime:
        """The current league time (aware, UTC)."""
        return self._fake if self._fake is not None else datetime.now(UTC)

    def set(self, moment: datetime) -> None:
        """Move a fake clock to ``moment``; a real clock refuses."""
        if self._fake is None:
            raise ServiceError(N_("the league clock is real: it cannot be set"), 404)
        self._fake = moment.astimezone(UTC)


def stamp(moment: datetime) -> float:
    """A league time as stored (seconds since the epoch)."""
    return moment.timestamp()


def moment_of(stamp_: float) -> datetime:
    """A stored league time as an aware datetime."""
    return datetime.fromtimestamp(stamp_, UTC)
