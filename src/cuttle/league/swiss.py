"""Swiss-system pairing and standings for tournaments of first-to-two matches.

The standard Swiss rules, for matches that always have a winner:

- A match won scores **1 point**, a match lost 0, and a **bye** 1 (the player sits the
  round out and is counted as a winner).
- Players are ranked by points, then by the **Buchholz** score (the sum of the points
  of every opponent met, a bye counting as no opponent), then by their seed (the order
  they were entered in, best first).
- Each round pairs players within their **score group** (players on the same points):
  the top half of a group against its bottom half in order (1 v 1 + n/2, ...), as the
  Dutch system does. A player who cannot be paired inside the group (an odd group, or
  only opponents already met) floats down to the next group.
- **No rematches**: two players meet at most once while a pairing of the round without
  a rematch exists; only when none exists (a small field and many rounds) is a rematch
  allowed, and then as few of them as the search finds.
- With an odd number of players, the **bye** goes to the lowest-ranked player who has
  not had one yet (and for whom the others can still be paired without a rematch);
  nobody has two byes while someone has none.

The pairing is a depth-first search in ranking order: the first unpaired player tries
opponents from the most fitting to the least, and the search backs up when the rest
cannot be paired, so it finds a pairing without rematches whenever there is one.

>>> pair_round(["ann", "bob", "cy", "dee"], [])
[Pairing(first='ann', second='cy'), Pairing(first='bob', second='dee')]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from cuttle.i18n import N_

BYE_POINTS = 1
"""Points a bye is worth (as a match won)."""
WIN_POINTS = 1
"""Points a match won is worth."""


class SwissError(ValueError):
    """Players or results that do not make a Swiss tournament.

    ``str(error)`` is English; ``message`` (marked ``N_`` for the site's catalog) and
    ``params`` let the site say it in a reader's language."""

    def __init__(self, message: str, **params: object) -> None:
        """Keep the English ``message`` and the values of its ``str.format`` fields."""
        super().__init__(message.format(**params) if params else message)
        self.message = message
        self.params = params


@dataclass(frozen=True, slots=True)
class Pairing:
    """One pairing of a round: ``first`` against ``second``, or a bye when ``second`` is
    ``None``. ``first`` is the higher-ranked player of the two."""

    first: str
    second: str | None = None

    @property
    def is_bye(self) -> bool:
        """Whether this is a bye."""
        return self.second is None


@dataclass(frozen=True, slots=True)
class Played:
    """A decided pairing of an earlier round: its players and its winner (a bye's winner
    is ``first``)."""

    first: str
    second: str | None
    winner: str

    def __post_init__(self) -> None:
        """Refuse a winner who did not play, or a player against themself."""
        if self.second is not None and self.first == self.second:
            raise SwissError(N_("{player} cannot play against themself"), player=self.first)
        if self.winner not in (self.first, self.second):
            raise SwissError(
                N_("{winner} did not play {first} v {second}"),
                winner=self.winner,
                first=self.first,
                second=self.second or "bye",
            )


@dataclass(frozen=True, slots=True)
class SwissStanding:
    """A player's line of the standings."""

    place: int
    player: str
    points: int
    buchholz: int
    wins: int
    losses: int
    byes: int
    opponents: tuple[str, ...]


def _check_players(players: Sequence[str]) -> list[str]:
    names = [str(p) for p in players]
    if any(not p for p in names):
        raise SwissError(N_("every player needs a name"))
    dupes = sorted({p for p in names if names.count(p) > 1})
    if dupes:
        raise SwissError(N_("players listed twice: {players}"), players=", ".join(dupes))
    return names


def _points(players: Sequence[str], played: Iterable[Played]) -> dict[str, int]:
    points = dict.fromkeys(players, 0)
    for p in played:
        if p.winner in points:
            points[p.winner] += BYE_POINTS if p.second is None else WIN_POINTS
    return points


def standings(players: Sequence[str], played: Iterable[Played]) -> list[SwissStanding]:
    """The standings after ``played``: points, then Buchholz, then seed (``players`` is
    in seed order, best first). Players sharing points, Buchholz and nothing else still
    get distinct places by seed, so that every place is one player's."""
    names = _check_players(players)
    games = list(played)
    points = _points(names, games)
    opponents: dict[str, list[str]] = {p: [] for p in names}
    wins = dict.fromkeys(names, 0)
    losses = dict.fromkeys(names, 0)
    byes = dict.fromkeys(names, 0)
    for g in games:
        if g.first not in opponents or (g.second is not None and g.second not in opponents):
            raise SwissError(N_("a result names a player who is not entered"))
        if g.second is None:
            byes[g.first] += 1
            continue
        opponents[g.first].append(g.second)
        opponents[g.second].append(g.first)
        loser = g.second if g.winner == g.first else g.first
        wins[g.winner] += 1
        losses[loser] += 1
    buchholz = {p: sum(points[o] for o in opponents[p]) for p in names}
    seed = {p: i for i, p in enumerate(names)}
    order = sorted(names, key=lambda p: (-points[p], -buchholz[p], seed[p]))
    return [
        SwissStanding(
            place=i + 1,
            player=p,
            points=points[p],
            buchholz=buchholz[p],
            wins=wins[p],
            losses=losses[p],
            byes=byes[p],
            opponents=tuple(opponents[p]),
        )
        for i, p in enumerate(order)
    ]


def _preferences(player: str, pool: Sequence[str], points: dict[str, int]) -> list[str]:
    """``pool`` (unpaired, in ranking order, ``player`` first) ordered as ``player``'s
    opponents from the most fitting: its own score group first, the Dutch partner (as
    far down the group as half its size) before the others, then the groups below, the
    nearest first."""
    mine = points[player]
    group = [q for q in pool if points[q] == mine]
    half = len(group) // 2
    ideal = min(half, len(group) - 1)

    def key(q: str) -> tuple[int, int, int]:
        if points[q] == mine:
            pos = group.index(q)
            return (0, abs(pos - ideal), pos)
        return (1, abs(points[q] - mine), pool.index(q))

    return sorted((q for q in pool if q != player), key=key)


def _pair(
    pool: list[str],
    points: dict[str, int],
    met: set[frozenset[str]],
    failed: set[frozenset[str]] | None = None,
) -> list[tuple[str, str]] | None:
    """Pair everyone in ``pool`` (even, in ranking order) without a pair in ``met``;
    ``None`` when that cannot be done. ``failed`` remembers the pools that cannot be."""
    if not pool:
        return []
    failed = set() if failed is None else failed
    key = frozenset(pool)
    if key in failed:
        return None
    if any(all(frozenset((p, q)) in met for q in pool if q != p) for p in pool):
        failed.add(key)  # someone has met everyone left
        return None
    first = pool[0]
    for q in _preferences(first, pool, points):
        if frozenset((first, q)) in met:
            continue
        tail = _pair([p for p in pool[1:] if p != q], points, met, failed)
        if tail is not None:
            return [(first, q), *tail]
    failed.add(key)
    return None


def _fewest_rematches(
    pool: list[str], points: dict[str, int], met: set[frozenset[str]]
) -> list[tuple[str, str]]:
    """A pairing of ``pool`` when every pairing has a rematch: in ranking order, each
    player takes the most fitting opponent not met yet if any is left, else the most
    fitting one."""
    pairs: list[tuple[str, str]] = []
    left = list(pool)
    while left:
        first = left[0]
        prefs = _preferences(first, left, points)
        fresh = [q for q in prefs if frozenset((first, q)) not in met]
        q = (fresh or prefs)[0]
        pairs.append((first, q))
        left = [p for p in left if p not in (first, q)]
    return pairs


def pair_round(players: Sequence[str], played: Iterable[Played]) -> list[Pairing]:
    """The pairings of the next round for ``players`` (seed order, best first) after
    ``played`` (every decided pairing so far); the bye, if any, comes last. See the
    module's text for the rules."""
    names = _check_players(players)
    if len(names) < 2:
        raise SwissError(N_("a Swiss round needs at least two players"))
    games = list(played)
    points = _points(names, games)
    met = {frozenset((g.first, g.second)) for g in games if g.second is not None}
    had_bye = {g.first for g in games if g.second is None}
    ranking = [s.player for s in standings(names, games)]
    candidates: list[str | None] = [None]
    if len(ranking) % 2:
        lowest_first = list(reversed(ranking))
        without = [p for p in lowest_first if p not in had_bye]
        candidates = list(without or lowest_first)
    for rematches in (False, True):
        for bye in candidates:
            pool = [p for p in ranking if p != bye]
            pairs = _fewest_rematches(pool, points, met) if rematches else _pair(pool, points, met)
            if pairs is None:
                continue
            out = [Pairing(a, b) for a, b in pairs]
            if bye is not None:
                out.append(Pairing(bye))
            return out
    raise AssertionError("a pairing with rematches always exists")  # pragma: no cover


def rounds_needed(players: int) -> int:
    """The usual number of Swiss rounds for ``players``: enough for one player alone to
    win every match (the base-2 logarithm, rounded up), at least one."""
    n = max(players, 2)
    return max(1, (n - 1).bit_length())
