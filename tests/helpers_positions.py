"""Hand-written test positions for the rules tests.

:func:`position` builds a notation.md position dict from only the parts a test cares
about and puts every card it does not mention into the deck (below the cards named in
``deck``), or into the scrap, so that all 52 (or 53, 54) cards are accounted for.
:func:`game` reads such a position with :meth:`Game.from_json`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import pytest

from cuttle import Game, IllegalMoveError
from cuttle.engine.cards import CARD_NAMES, card
from cuttle.engine.rules import RuleSet, get_rules

Field = Mapping[str, Any]


def _names(value: Any) -> Iterable[str]:
    """Every card name inside a field entry (strings, stacks with jacks or jokers)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, Mapping):
        for key, inner in value.items():
            if key in ("card", "points", "faces", "glasses", "jacks", "jokers"):
                yield from _names(inner)
    elif isinstance(value, list | tuple):
        for inner in value:
            yield from _names(inner)


def position(
    rules: str = "standard",
    *,
    hands: Sequence[Sequence[str]],
    fields: Sequence[Field] | None = None,
    variants: Sequence[str] = (),
    scrap: Sequence[str] = (),
    deck: Sequence[str] = (),
    rest: str = "deck",
    turn: int = 0,
    phase: str = "main",
    to_act: int | None = None,
    frozen: Sequence[str] = (),
    passes: int = 0,
    pending: Mapping[str, Any] | None = None,
    revealed: Sequence[str] = (),
    winner: Any = None,
    house: RuleSet | None = None,
    **extra: Any,
) -> dict[str, Any]:
    """Return a full position dict; cards not named go to ``rest`` (``"deck"`` bottom,
    ``"scrap"`` bottom, or ``"none"`` to leave the count to the caller)."""
    n = len(hands)
    rs = house if house is not None else get_rules(rules, variants, n)
    flds = [dict(f) for f in fields] if fields is not None else []
    flds += [{} for _ in range(n - len(flds))]
    for f in flds:
        f.setdefault("points", [])
        f.setdefault("faces", [])
        f.setdefault("glasses", [])
    named: list[str] = []
    for h in hands:
        named.extend(h)
    named.extend(_names(flds))
    named.extend(scrap)
    named.extend(deck)
    named.extend(revealed)
    if pending is not None:
        if pending.get("kind") != "royal":
            named.append(pending["card"])
        named.extend(pending.get("counters", []))
    used = {card(x) for x in named}
    assert len(used) == len(named), f"a card is named twice: {sorted(named)}"
    left = [CARD_NAMES[c] for c in range(rs.card_count) if c not in used]
    deck_out = list(deck)
    scrap_out = list(scrap)
    if rest == "deck":
        deck_out += left
    elif rest == "scrap":
        scrap_out = left + scrap_out
    else:
        assert rest == "none", rest
    pos: dict[str, Any] = {
        "rules": rs.name,
        "variants": sorted(variants),
        "turn": turn,
        "phase": phase,
        "to_act": turn if to_act is None else to_act,
        "hands": [list(h) for h in hands],
        "fields": flds,
        "scrap": scrap_out,
        "deck": deck_out,
        "frozen": list(frozen),
        "passes": passes,
        "pending": dict(pending) if pending is not None else None,
        "revealed": list(revealed),
        "winner": winner,
    }
    pos.update(extra)
    return pos


def game(rules: str = "standard", **kwargs: Any) -> Game:
    """Build a position with :func:`position` and read it into a game."""
    house = kwargs.get("house")
    return Game.from_json(position(rules, **kwargs), house)


def play(g: Game, *moves: str) -> Game:
    """Play ``moves`` in order (each by the seat to act); return the game."""
    for m in moves:
        g.play(m)
    return g


def refuse(g: Game, move: str, *fragments: str) -> str:
    """Assert ``move`` is refused with a message holding every fragment (case-insensitive)
    and that the game is exactly as before; return the message."""
    before = g.to_json()
    n_hist = len(g.history)
    with pytest.raises(IllegalMoveError) as info:
        g.play(move)
    msg = str(info.value)
    for frag in fragments:
        assert frag.lower() in msg.lower(), f"{move!r}: {frag!r} not in {msg!r}"
    assert g.to_json() == before, f"refused {move!r} changed the game"
    assert len(g.history) == n_hist
    return msg


def legal(g: Game) -> set[str]:
    """The legal moves of the seat to act, as a set of texts."""
    return set(g.legal_moves())


def hand(g: Game, seat: int) -> set[str]:
    """The cards in ``seat``'s hand, as a set of names."""
    return {CARD_NAMES[c] for c in g.hands[seat]}


def points(g: Game, seat: int) -> set[str]:
    """The point cards on ``seat``'s field."""
    return {CARD_NAMES[st[0]] for st in g.points[seat]}


def faces(g: Game, seat: int) -> set[str]:
    """The kings and queens on ``seat``'s field."""
    return {CARD_NAMES[st[0]] for st in g.faces[seat]}


def scrap(g: Game) -> set[str]:
    """The cards in the scrap."""
    return {CARD_NAMES[c] for c in g.scrap}


def deck_top(g: Game, k: int = 1) -> list[str]:
    """The top ``k`` cards of the deck, top first."""
    return [CARD_NAMES[c] for c in reversed(g.deck[-k:])] if k else []


def jacks_on(g: Game, base: str) -> list[tuple[str, int]]:
    """The covers (jacks or jokers) on ``base``, bottom to top, with their ``to``."""
    c = card(base)
    for v in range(g.n):
        for st in (*g.points[v], *g.faces[v]):
            if st[0] == c:
                return [(CARD_NAMES[j], to) for j, to in st[2]]
    raise AssertionError(f"{base} is not on the table")


def controller(g: Game, base: str) -> int:
    """The seat whose field holds point card or royal ``base``."""
    c = card(base)
    for v in range(g.n):
        for st in (*g.points[v], *g.faces[v]):
            if st[0] == c:
                return v
        if c in g.glasses[v]:
            return v
    raise AssertionError(f"{base} is not on the table")


def sum_cards(total: int, avoid: Iterable[str] = ()) -> list[str]:
    """Distinct point cards (tens down to aces, clubs first) adding up to ``total``."""
    taken = {card(x) for x in avoid}
    out: list[str] = []
    left = total
    for rank in range(9, -1, -1):
        for suit in range(4):
            c = rank * 4 + suit
            if c in taken:
                continue
            if rank + 1 <= left:
                out.append(CARD_NAMES[c])
                taken.add(c)
                left -= rank + 1
    assert left == 0, f"cannot make {total}"
    return out
