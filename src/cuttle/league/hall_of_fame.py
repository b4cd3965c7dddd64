"""The public record of past seasons and World Championships (seed 001), shipped as data.

The record lives in ``data/hall_of_fame.json`` exactly as the source gives it: names as
spelled there, and oddities kept with a note rather than corrected.

>>> hof = load_hall_of_fame()
>>> hof.event("world-iii").champions
('Avi',)
>>> hof.titles()["aleph_one"]
3
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from importlib import resources
from typing import Any


@dataclass(frozen=True, slots=True)
class Placing:
    """A place as the source lists it and the player(s) on it (several when tied)."""

    place: int
    players: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Event:
    """A season championship (``kind`` ``season``) or a World Championship (``world``)."""

    id: str
    name: str
    kind: str
    suit: str | None
    year: int | None
    start: str | None
    end: str | None
    date: str | None
    format: str
    competitors: int
    places: tuple[Placing, ...]
    notes: tuple[str, ...]

    @property
    def champions(self) -> tuple[str, ...]:
        """The player(s) listed first."""
        return self.places[0].players if self.places else ()


@dataclass(frozen=True, slots=True)
class HallOfFame:
    """Every recorded event, newest first, with the record's source."""

    source: str
    events: tuple[Event, ...]

    def event(self, event_id: str) -> Event:
        """The event with ``event_id`` (e.g. ``clubs-2024``); ``KeyError`` if none."""
        for e in self.events:
            if e.id == event_id:
                return e
        raise KeyError(event_id)

    def titles(self, kind: str | None = None) -> Counter[str]:
        """Championships won by each player (of one ``kind`` if given)."""
        return Counter(
            p for e in self.events if kind is None or e.kind == kind for p in e.champions
        )

    def to_json(self) -> dict[str, Any]:
        """The record as JSON data (the shipped file's shape)."""
        return {
            "source": self.source,
            "events": [
                {
                    "id": e.id,
                    "name": e.name,
                    "kind": e.kind,
                    "suit": e.suit,
                    "year": e.year,
                    "start": e.start,
                    "end": e.end,
                    "date": e.date,
                    "format": e.format,
                    "competitors": e.competitors,
                    "places": [{"place": p.place, "players": list(p.players)} for p in e.places],
                    "notes": list(e.notes),
                }
                for e in self.events
            ],
        }


def _event(d: dict[str, Any]) -> Event:
    return Event(
        id=d["id"],
        name=d["name"],
        kind=d["kind"],
        suit=d.get("suit"),
        year=d.get("year"),
        start=d.get("start"),
        end=d.get("end"),
        date=d.get("date"),
        format=d["format"],
        competitors=d["competitors"],
        places=tuple(Placing(p["place"], tuple(p["players"])) for p in d["places"]),
        notes=tuple(d.get("notes", ())),
    )


def load_hall_of_fame() -> HallOfFame:
    """Read the shipped record."""
    text = resources.files("cuttle.league").joinpath("data/hall_of_fame.json").read_text("utf-8")
    data = json.loads(text)
    return HallOfFame(data["source"], tuple(_event(e) for e in data["events"]))
