"""Double-elimination brackets of first-to-two matches, with seeding, byes and a reset.

``N`` players (2 or more) are seeded into a winners' bracket of ``S`` slots, ``S`` the
smallest power of two ≥ ``N``, in the standard order (1 v S, then the winners of 1 v S
and S/2 v S/2+1 meet, and so on); seeds above ``N`` are byes, so the top seeds get them.
A loss drops a player into the losers' bracket, a second loss puts them out. The
winners' champion meets the losers' champion in the grand final (``GF``); if the
losers' champion wins it, the bracket resets and the same two play once more (``GF2``).

Matches are named ``W<round>-<n>`` (winners' bracket), ``L<round>-<n>`` (losers') and
``GF``/``GF2``. Losers' round 1 pairs the losers of winners' round 1; each even losers'
round ``2(j-1)`` meets the losers of winners' round ``j`` (in reverse order when ``j`` is
even, to put off rematches); each odd losers' round after the first pairs the previous
round's winners. A match with a bye on one side is won by the other side without
playing; with byes on both sides it passes a bye on.

Places: the champion is 1st and the grand final's loser 2nd; players out in the same
losers' round share the place just below everyone who lasted longer (standard
competition ranking: two players out in the same round of 8 are both 5th). The state is
the seeded players and the results; :meth:`Bracket.to_json` and
:meth:`Bracket.from_json` store it.

>>> b = Bracket(["ann", "bob"])
>>> b = b.report("ann", "bob").report("bob", "ann").report("ann", "bob")
>>> b.champion, b.places()
('ann', {'ann': 1, 'bob': 2})
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any, Literal

from cuttle.i18n import N_

FORMAT = "double-elimination"
"""The ``format`` value of a stored bracket."""


class Bye(Enum):
    """The empty side of a match when a bracket has fewer players than slots."""

    BYE = "bye"


BYE = Bye.BYE
"""The bye marker."""

Slot = str | Bye | None
"""What sits on one side of a match: a player, a bye, or None while not yet known."""


@dataclass(frozen=True, slots=True)
class Source:
    """Where a side of a match comes from: a seed, or a match's winner or loser."""

    kind: Literal["seed", "winner", "loser"]
    seed: int = 0
    match: str = ""


@dataclass(frozen=True, slots=True)
class MatchSpec:
    """One match of the bracket: its name, part (``W``, ``L``, ``GF``), round, sides."""

    id: str
    part: Literal["W", "L", "GF"]
    round: int
    sides: tuple[Source, Source]


@dataclass(frozen=True, slots=True)
class Result:
    """A reported match: its winner and, optionally, the games as (winner's, loser's)."""

    winner: str
    score: tuple[int, int] | None = None


@dataclass(frozen=True, slots=True)
class MatchState:
    """A match as it stands: its two sides, winner and loser once decided, its status.

    ``status`` is ``waiting`` (a side is not known yet), ``ready`` (to be played),
    ``done`` (reported), ``bye`` (decided by a bye) or ``unneeded`` (the reset when the
    winners' champion won the grand final).
    """

    spec: MatchSpec
    sides: tuple[Slot, Slot]
    winner: Slot
    loser: Slot
    status: str
    score: tuple[int, int] | None = None


def seed_order(size: int) -> list[int]:
    """The seeds of a power-of-two bracket, top to bottom: 8 gives 1 8 4 5 2 7 3 6."""
    if size < 1 or size & (size - 1):
        raise ValueError(f"a bracket's size is a power of two, not {size}")
    order = [1]
    while len(order) < size:
        n = 2 * len(order) + 1
        order = [x for s in order for x in (s, n - s)]
    return order


def _structure(n: int) -> list[MatchSpec]:
    """Every match of a double-elimination bracket for ``n`` players, dependencies first."""
    size = 1
    while size < n:
        size *= 2
    k = size.bit_length() - 1
    specs: list[MatchSpec] = []
    seeds = seed_order(size)
    for i in range(size // 2):
        sides = (Source("seed", seed=seeds[2 * i]), Source("seed", seed=seeds[2 * i + 1]))
        specs.append(MatchSpec(f"W1-{i + 1}", "W", 1, sides))
    for r in range(2, k + 1):
        for i in range(size >> r):
            sides = (
                Source("winner", match=f"W{r - 1}-{2 * i + 1}"),
                Source("winner", match=f"W{r - 1}-{2 * i + 2}"),
            )
            specs.append(MatchSpec(f"W{r}-{i + 1}", "W", r, sides))
    for r in range(1, 2 * k - 1):
        if r == 1:
            count = size // 4
            for i in range(count):
                sides = (
                    Source("loser", match=f"W1-{2 * i + 1}"),
                    Source("loser", match=f"W1-{2 * i + 2}"),
                )
                specs.append(MatchSpec(f"L1-{i + 1}", "L", 1, sides))
        elif r % 2 == 0:
            j = r // 2 + 1
            count = size >> j
            for i in range(count):
                drop = count - i if j % 2 == 0 else i + 1
                sides = (
                    Source("winner", match=f"L{r - 1}-{i + 1}"),
                    Source("loser", match=f"W{j}-{drop}"),
                )
                specs.append(MatchSpec(f"L{r}-{i + 1}", "L", r, sides))
        else:
            count = size >> ((r + 3) // 2)
            for i in range(count):
                sides = (
                    Source("winner", match=f"L{r - 1}-{2 * i + 1}"),
                    Source("winner", match=f"L{r - 1}-{2 * i + 2}"),
                )
                specs.append(MatchSpec(f"L{r}-{i + 1}", "L", r, sides))
    top = Source("winner", match=f"W{k}-1")
    bottom = Source("winner", match=f"L{2 * k - 2}-1") if k > 1 else Source("loser", match="W1-1")
    specs.append(MatchSpec("GF", "GF", 1, (top, bottom)))
    specs.append(MatchSpec("GF2", "GF", 2, (top, bottom)))
    return specs


class BracketError(ValueError):
    """A result that does not fit the bracket, or a stored bracket that cannot be read.

    ``str(error)`` is English; ``message`` (marked ``N_`` for the site's catalog) and its
    ``params`` let the site say it in a reader's language."""

    def __init__(self, message: str, **params: object) -> None:
        """Keep the English ``message`` and the values of its ``str.format`` fields."""
        super().__init__(message.format(**params) if params else message)
        self.message = message
        self.params = params


class Bracket:
    """A double-elimination bracket: seeded players and the results reported so far.

    A ``Bracket`` does not change: :meth:`report` returns a new one.
    """

    def __init__(self, players: Sequence[str], results: Mapping[str, Result] | None = None) -> None:
        """Seed ``players`` (best first) and replay ``results`` (match id → result)."""
        names = [str(p).strip() for p in players]
        if len(names) < 2:
            raise BracketError(N_("a bracket needs at least two players"))
        if any(not p for p in names):
            raise BracketError(N_("every player needs a name"))
        dupes = sorted({p for p in names if names.count(p) > 1})
        if dupes:
            raise BracketError(N_("players listed twice: {players}"), players=", ".join(dupes))
        self.players: tuple[str, ...] = tuple(names)
        self.specs: tuple[MatchSpec, ...] = tuple(_structure(len(names)))
        self._by_id = {s.id: s for s in self.specs}
        self.results: dict[str, Result] = {}
        self._states: dict[str, MatchState] = {}
        given = dict(results or {})
        unknown = sorted(set(given) - set(self._by_id))
        if unknown:
            raise BracketError(N_("no such match: {match}"), match=", ".join(unknown))
        for spec in self.specs:
            self._states[spec.id] = self._settle(spec, given.get(spec.id))
        leftover = sorted(set(given) - set(self.results))
        if leftover:
            raise BracketError(
                N_("results for matches not ready to play: {matches}"), matches=", ".join(leftover)
            )

    # ------------------------------------------------------------------ building

    def _side(self, src: Source) -> Slot:
        if src.kind == "seed":
            return self.players[src.seed - 1] if src.seed <= len(self.players) else BYE
        state = self._states[src.match]
        return state.winner if src.kind == "winner" else state.loser

    def _settle(self, spec: MatchSpec, result: Result | None) -> MatchState:
        a, b = (self._side(s) for s in spec.sides)
        if spec.id == "GF2":
            gf = self._states["GF"]
            if gf.status == "done" and gf.winner == gf.sides[0]:
                return MatchState(spec, (a, b), None, None, "unneeded")
            if gf.status != "done":
                return MatchState(spec, (a, b), None, None, "waiting")
        if a is None or b is None:
            return MatchState(spec, (a, b), None, None, "waiting")
        if a is BYE or b is BYE:
            winner = b if a is BYE else a
            return MatchState(spec, (a, b), winner, BYE, "bye")
        if result is None:
            return MatchState(spec, (a, b), None, None, "ready")
        if result.winner not in (a, b):
            raise BracketError(
                N_("{match} is {a} v {b}: {winner} is not in it"),
                match=spec.id,
                a=a,
                b=b,
                winner=repr(result.winner),
            )
        if result.score is not None:
            w, lo = result.score
            if not (w > lo >= 0):
                raise BracketError(
                    N_("{match}: the winner's games must exceed the loser's"), match=spec.id
                )
        self.results[spec.id] = result
        loser = b if result.winner == a else a
        return MatchState(spec, (a, b), result.winner, loser, "done", result.score)

    # ------------------------------------------------------------------ reading

    def match(self, match_id: str) -> MatchState:
        """The state of the match named ``match_id``."""
        if match_id not in self._states:
            raise BracketError(N_("no such match: {match}"), match=match_id)
        return self._states[match_id]

    def matches(self) -> list[MatchState]:
        """Every match, winners' bracket first, then the losers', then the finals."""
        return [self._states[s.id] for s in self.specs]

    def ready(self) -> list[MatchState]:
        """The matches that can be played now."""
        return [m for m in self.matches() if m.status == "ready"]

    @property
    def champion(self) -> str | None:
        """The bracket's winner once it is decided, else None."""
        gf, reset = self._states["GF"], self._states["GF2"]
        if reset.status == "done":
            return str(reset.winner)
        if gf.status == "done" and reset.status == "unneeded":
            return str(gf.winner)
        return None

    @property
    def finished(self) -> bool:
        """Whether the champion is known."""
        return self.champion is not None

    def places(self) -> dict[str, int]:
        """Final places known so far: ``{player: place}``, ties sharing a place.

        Players out in losers' round ``r`` get their place once every match of rounds
        ``1..r`` is decided; the finalists once the champion is known.
        """
        out: dict[str, int] = {}
        alive = len(self.players)
        rounds = sorted({s.round for s in self.specs if s.part == "L"})
        for r in rounds:
            states = [m for m in self.matches() if m.spec.part == "L" and m.spec.round == r]
            if any(m.status not in ("done", "bye") for m in states):
                return out
            out_now = [str(m.loser) for m in states if m.status == "done"]
            for p in out_now:
                out[p] = alive - len(out_now) + 1
            alive -= len(out_now)
        champion = self.champion
        if champion is not None:
            final = (
                self._states["GF2"] if self._states["GF2"].status == "done" else self._states["GF"]
            )
            out[champion] = 1
            out[str(final.loser)] = 2
        return out

    # ------------------------------------------------------------------ reporting

    def report(self, winner: str, loser: str, score: tuple[int, int] | None = None) -> Bracket:
        """The bracket after ``winner`` beat ``loser`` in the ready match between them."""
        for m in self.ready():
            if set(m.sides) == {winner, loser}:
                return self.report_match(m.spec.id, winner, score)
        raise BracketError(f"no match between {winner} and {loser} is ready to play")

    def report_match(
        self, match_id: str, winner: str, score: tuple[int, int] | None = None
    ) -> Bracket:
        """The bracket after ``winner`` won the ready match ``match_id``."""
        state = self.match(match_id)
        if state.status != "ready":
            raise BracketError(
                N_("{match} is not ready to play (it is {state})"),
                match=match_id,
                state=state.status,
            )
        return Bracket(self.players, {**self.results, match_id: Result(winner, score)})

    # ------------------------------------------------------------------ storing

    def to_json(self) -> dict[str, Any]:
        """The bracket as JSON data: players and results, plus every match and the places.

        Only ``format``, ``players`` and ``results`` are read back; the rest is for show.
        """

        def side(s: Slot) -> str | None:
            return "(bye)" if s is BYE else s

        return {
            "format": FORMAT,
            "players": list(self.players),
            "results": {
                mid: {"winner": r.winner, **({"score": list(r.score)} if r.score else {})}
                for mid, r in self.results.items()
            },
            "matches": [
                {
                    "id": m.spec.id,
                    "part": m.spec.part,
                    "round": m.spec.round,
                    "sides": [side(s) for s in m.sides],
                    "status": m.status,
                    "winner": side(m.winner),
                }
                for m in self.matches()
            ],
            "champion": self.champion,
            "places": self.places(),
        }

    def dumps(self) -> str:
        """The bracket as JSON text (indented)."""
        return json.dumps(self.to_json(), indent=2) + "\n"

    @classmethod
    def from_json(cls, data: Any) -> Bracket:
        """Rebuild a bracket from :meth:`to_json`'s data; ``BracketError`` if it is not one."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise BracketError(f'not a stored bracket (no "format": "{FORMAT}")')
        players = data.get("players")
        if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
            raise BracketError('"players" must be a list of names')
        raw = data.get("results", {})
        if not isinstance(raw, dict):
            raise BracketError('"results" must map match ids to results')
        results: dict[str, Result] = {}
        for mid, r in raw.items():
            if not isinstance(r, dict) or not isinstance(r.get("winner"), str):
                raise BracketError(f"result of {mid}: needs a winner")
            score = r.get("score")
            if score is not None:
                if not (
                    isinstance(score, list)
                    and len(score) == 2
                    and all(isinstance(x, int) for x in score)
                ):
                    raise BracketError(f"result of {mid}: score must be two whole numbers")
                results[mid] = Result(r["winner"], (score[0], score[1]))
            else:
                results[mid] = Result(r["winner"])
        return cls(players, results)

    @classmethod
    def loads(cls, text: str) -> Bracket:
        """Read a bracket from JSON text."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise BracketError(f"not JSON: {exc}") from None
        return cls.from_json(data)

    def __eq__(self, other: object) -> bool:
        """Brackets are equal when they have the same seeded players and results."""
        if not isinstance(other, Bracket):
            return NotImplemented
        return self.players == other.players and self.results == other.results

    def __hash__(self) -> int:
        """Hash of the players and the results."""
        return hash((self.players, tuple(sorted(self.results.items()))))

    def __repr__(self) -> str:
        """``Bracket([...], {...})``."""
        return f"Bracket({list(self.players)!r}, {self.results!r})"

    def render(self) -> str:
        """The bracket as text: every match by part and round, then places."""
        lines: list[str] = []
        titles = {"W": "Winners' round", "L": "Losers' round", "GF": "Grand final"}
        current = None
        for m in self.matches():
            if m.status == "unneeded":
                continue
            head = (m.spec.part, m.spec.round)
            if head != current:
                current = head
                if m.spec.part == "GF":
                    lines.append("Grand final" if m.spec.round == 1 else "Grand final reset")
                else:
                    lines.append(f"{titles[m.spec.part]} {m.spec.round}")
            a, b = ("(bye)" if s is BYE else s or "?" for s in m.sides)
            line = f"  {m.spec.id:<6} {a} v {b}"
            if m.status == "done":
                line += f"  -> {m.winner}"
                if m.score:
                    line += f" {m.score[0]}-{m.score[1]}"
            elif m.status == "ready":
                line += "  (to play)"
            lines.append(line)
        places = self.places()
        if places:
            lines.append("Places")
            for p, place in sorted(places.items(), key=lambda x: (x[1], x[0])):
                lines.append(f"  {place}. {p}")
        return "\n".join(lines) + "\n"


CHAMPIONSHIP_POINTS = (21, 14, 10, 7, 5, 3, 2, 1)
"""Season championship points for places 1-8 (seed 001); later places score 0."""


def championship_points(
    places: Mapping[str, int], table: Sequence[int] = CHAMPIONSHIP_POINTS
) -> dict[str, float]:
    """Points by place; players tied on a place share the points of the places they span.

    Two players tied for 5th span 5th and 6th and get (5 + 3) / 2 = 4 each.
    """
    groups: dict[int, list[str]] = {}
    for player, place in places.items():
        groups.setdefault(place, []).append(player)
    out: dict[str, float] = {}
    for place, players in groups.items():
        spanned = [
            table[i] if i < len(table) else 0 for i in range(place - 1, place - 1 + len(players))
        ]
        share = sum(spanned) / len(players)
        for p in players:
            out[p] = share
    return out


def play_out(bracket: Bracket, results: Iterable[tuple[str, str]]) -> Bracket:
    """Report ``(winner, loser)`` match results in order; each must fit a ready match."""
    for winner, loser in results:
        bracket = bracket.report(winner, loser)
    return bracket
