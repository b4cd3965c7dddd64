"""One way to create a game: a validated :class:`GameSpec` and :func:`insert_game`.

Every path that makes a game (the lobby's create, a rematch, a league match's games, a
championship's matches, a series' rounds) says what it wants as a :class:`GameSpec`;
:func:`insert_game` deals the table and writes the game row and its seat rows with Core
inserts in the caller's transaction, and returns a :class:`NewGame` holding what it
stored, so the caller can hold the live game without reading it back.

:class:`GameOverNews` is what a game-over hook (the league, series) adds to a finished
game: the hook returns it and the game service applies it to its live game.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, cast

from sqlalchemy import Connection, insert
from sqlalchemy import Table as SqlTable

from cuttle.engine.cards import CARD_NAMES
from cuttle.engine.rules import PRESETS, VARIANTS, RuleSet, get_rules, house_rules
from cuttle.i18n import N_
from cuttle.table import Table

from ..bots import BOT_LEVELS
from ..errors import ServiceError
from ..models import GameRow, SeatRow

_GAMES = cast(SqlTable, GameRow.__table__)
_SEATS = cast(SqlTable, SeatRow.__table__)

MAX_RULES_CHARS = 32
"""The longest stored rule-set name (``games.rules``)."""
MAX_NAME_CHARS = 40
"""The longest name shown in a seat (``seats.name``)."""
MAX_ID_CHARS = 16
"""The longest game id (``games.id``, ``games.rematch_of``)."""
MAX_TIME_CONTROL_CHARS = 16
"""The longest stored time control (``games.time_control``)."""


def rules_of(
    rules: str,
    variants: tuple[str, ...] | list[str],
    players: int | None,
    house: Mapping[str, Any] | None,
) -> RuleSet:
    """The rule set object of a stored game: the house rule set (checked by
    :func:`~cuttle.engine.rules.house_rules`) or the preset ``rules``, with ``variants`` and
    ``players``. Raises :class:`~cuttle.engine.errors.InvalidRulesError`."""
    base: str | RuleSet = house_rules(house) if house is not None else rules
    return get_rules(base, list(variants), players)


def preset_name(rules: object) -> str:
    """``rules`` when it names a preset rule set, else a :class:`ServiceError` (400) that
    lists the known ones."""
    if not isinstance(rules, str) or rules not in PRESETS:
        raise ServiceError(
            N_("unknown rule set {rules}; known: {known}"),
            rules=repr(str(rules)[:40]),
            known=", ".join(PRESETS),
        )
    return rules


def house_text(house: Mapping[str, Any]) -> str:
    """A house rule set's JSON object as stored (``games.house_rules``): keys sorted, no
    spaces."""
    return json.dumps(house, sort_keys=True, separators=(",", ":"))


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True)
class SeatSpec:
    """Who sits in a seat of a new game: a user, a bot level, or nobody yet (both
    ``None``; ``name`` then empty). ``name`` is what the table shows."""

    user_id: int | None
    bot: str | None
    name: str

    def __post_init__(self) -> None:
        """Refuse a seat that is two things at once or names a bot level that is none."""
        if self.user_id is not None and not _is_int(self.user_id):
            raise ValueError(f"a seat's user_id must be a whole number, not {self.user_id!r}")
        if self.bot is not None and self.bot not in BOT_LEVELS:
            raise ValueError(
                f"a seat's bot level must be one of {', '.join(BOT_LEVELS)}, not {self.bot!r}"
            )
        if self.user_id is not None and self.bot is not None:
            raise ValueError("a seat holds a user or a bot, not both")
        if not isinstance(self.name, str) or len(self.name) > MAX_NAME_CHARS:
            raise ValueError(f"a seat's name must be text of at most {MAX_NAME_CHARS} characters")
        if self.user_id is None and self.bot is None and self.name:
            raise ValueError("an empty seat has no name")

    @property
    def taken(self) -> bool:
        """Whether someone (a user or a bot) sits here."""
        return self.user_id is not None or self.bot is not None


@dataclass(frozen=True)
class GameSpec:
    """What a new game is, checked when made (a :class:`ValueError` says what is wrong).

    ``rules`` is the stored rule-set name (a preset, or a house set's own name with its
    JSON object in ``house``); ``variants`` are stored in the order given (callers give
    them sorted); ``seats`` has one :class:`SeatSpec` per player. The game starts
    ``playing`` when every seat is taken, else it is ``open``. ``start_clock`` stores the
    creation time as the clock's start (``games.clock_start``; a rematch does).
    """

    rules: str
    players: int
    seats: tuple[SeatSpec, ...]
    variants: tuple[str, ...] = ()
    private: bool = False
    house: Mapping[str, Any] | None = None
    practice: bool = False
    time_control: str | None = None
    ranked: bool = False
    match_id: int | None = None
    rematch_of: str | None = None
    created_by: int | None = None
    start_clock: bool = False
    rule_set: RuleSet = field(init=False, repr=False, compare=False)
    """The rule set the spec names (built when checked)."""

    def __post_init__(self) -> None:
        """Check every field and build the rule set; a :class:`ValueError` names the first
        problem."""
        if not isinstance(self.rules, str) or not 0 < len(self.rules) <= MAX_RULES_CHARS:
            raise ValueError(f"rules must be a name of 1 to {MAX_RULES_CHARS} characters")
        if not _is_int(self.players):
            raise ValueError(f"players must be a whole number, not {self.players!r}")
        if not isinstance(self.variants, tuple) or not all(
            isinstance(v, str) and v in VARIANTS for v in self.variants
        ):
            raise ValueError(f"variants must be a tuple of known variants: {', '.join(VARIANTS)}")
        if not isinstance(self.seats, tuple) or not all(
            isinstance(s, SeatSpec) for s in self.seats
        ):
            raise ValueError("seats must be a tuple of SeatSpec")
        if len(self.seats) != self.players:
            raise ValueError(
                f"{self.players} players need {self.players} seats, not {len(self.seats)}"
            )
        for name in ("private", "practice", "ranked", "start_clock"):
            if not isinstance(getattr(self, name), bool):
                raise ValueError(f"{name} must be True or False")
        if self.house is not None and not isinstance(self.house, Mapping):
            raise ValueError("house must be a JSON object of house rules or None")
        if self.time_control is not None and (
            not isinstance(self.time_control, str)
            or not 0 < len(self.time_control) <= MAX_TIME_CONTROL_CHARS
        ):
            raise ValueError(
                f"time_control must be text of 1 to {MAX_TIME_CONTROL_CHARS} characters or None"
            )
        if self.time_control is not None and any(s.bot for s in self.seats):
            raise ValueError("clocks are for games between people: no bot seats")
        if self.match_id is not None and not _is_int(self.match_id):
            raise ValueError(f"match_id must be a whole number or None, not {self.match_id!r}")
        if self.match_id is not None and not self.ranked:
            raise ValueError("a league match's game is ranked")
        if self.ranked and (
            self.house is not None or self.practice or any(s.bot for s in self.seats)
        ):
            raise ValueError("a ranked game has a preset rule set, no practice and no bot seats")
        if self.rematch_of is not None and (
            not isinstance(self.rematch_of, str) or not 0 < len(self.rematch_of) <= MAX_ID_CHARS
        ):
            raise ValueError(f"rematch_of must be a game id of 1 to {MAX_ID_CHARS} characters")
        if self.created_by is not None and not _is_int(self.created_by):
            raise ValueError(f"created_by must be a user id or None, not {self.created_by!r}")
        try:
            house_json = house_text(self.house) if self.house is not None else None
        except (TypeError, ValueError) as e:
            raise ValueError(f"house is not a JSON object: {e}") from None
        try:
            rs = rules_of(self.rules, self.variants, self.players, self.house)
        except ValueError as e:  # InvalidRulesError is one
            raise ValueError(f"no such rule set: {e}") from None
        if house_json is None and self.rules not in PRESETS:
            raise ValueError(f"unknown rule set {self.rules!r}; known: {', '.join(PRESETS)}")
        if house_json is not None and rs.name != self.rules:
            raise ValueError(f"a house game's rules are its rule set's name {rs.name!r}")
        object.__setattr__(self, "rule_set", rs)

    @property
    def status(self) -> str:
        """``playing`` when every seat is taken, else ``open``."""
        return "playing" if all(s.taken for s in self.seats) else "open"

    def house_json(self) -> str | None:
        """The house rule set as stored (``None`` for a preset)."""
        return house_text(self.house) if self.house is not None else None


@dataclass(frozen=True)
class NewGame:
    """A game :func:`insert_game` stored: its id, the dealt deck (card names, top first),
    its status, and the game row's and seat rows' columns as stored."""

    id: str
    deck: tuple[str, ...]
    status: str
    columns: Mapping[str, Any]
    seats: tuple[Mapping[str, Any], ...]


@dataclass(frozen=True)
class GameOverNews:
    """What a game-over hook adds to a finished game; the game service applies it.

    ``league`` is what the game's meta shows as ``league`` (the match score, the next
    game); ``match_id`` the league match the game now belongs to. ``None``: unchanged.
    """

    league: dict[str, Any] | None = None
    match_id: int | None = None


def insert_game(db: Connection, spec: GameSpec, now: float, seed: int | None = None) -> NewGame:
    """Deal ``spec``'s table (shuffled with ``seed``, a random 64-bit one by default) and
    insert its game row (created and updated ``now``) and seat rows in ``db``'s
    transaction; return what was stored. The id is ``secrets.token_urlsafe(6)``."""
    table = Table(
        spec.rule_set,
        seed=secrets.randbits(64) if seed is None else seed,
        practice=spec.practice,
    )
    assert table.game.start_deck is not None
    deck = tuple(CARD_NAMES[c] for c in table.game.start_deck)
    gid = secrets.token_urlsafe(6)
    status = spec.status
    columns: dict[str, Any] = {
        "id": gid,
        "rules": spec.rules,
        "variants": " ".join(spec.variants),
        "players": spec.players,
        "deck": " ".join(deck),
        "status": status,
        "private": spec.private,
        "house_rules": spec.house_json(),
        "practice": spec.practice,
        "time_control": spec.time_control,
        "clock_start": now if spec.start_clock else None,
        "ranked": spec.ranked,
        "match_id": spec.match_id,
        "rematch_of": spec.rematch_of,
        "created_by": spec.created_by,
        "created_at": now,
        "updated_at": now,
    }
    seats = tuple(
        MappingProxyType(
            {"game_id": gid, "seat": i, "user_id": s.user_id, "bot": s.bot, "name": s.name}
        )
        for i, s in enumerate(spec.seats)
    )
    db.execute(insert(_GAMES), columns)
    db.execute(insert(_SEATS), [dict(s) for s in seats])
    return NewGame(gid, deck, status, MappingProxyType(columns), seats)
