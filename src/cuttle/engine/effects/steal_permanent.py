"""``steal-permanent`` (house rules, seed 004): "place on top of a permanent card to
transfer ownership" — a jack for permanents."""

from __future__ import annotations

from typing import Final

from ...i18n import N_
from ..cards import CARD_NAMES, JOKER_RANK, KING, QUEEN, RANK_OF, describe
from ..core import Core
from ..effect import Effect
from ..moves import AIMED_MOVES, ONEOFF, ROYAL, Move, seated
from ..reasons import Card, protected, say


class StealPermanent(Effect):
    """``royal 5H KS``: the card lies on an opponent's king, queen or house permanent
    and moves it to the player's field, as a joker does (covers stack; the top one
    decides control; a two or nine on the top cover sends the stack back). With
    ``jacks_any_seat`` (team) it names the receiving seat: ``royal 5H KS p2``. Queens
    shield as for a jack. Glasses and jacks are not taken (as jokers, spec ruling 6)."""

    key = "steal-permanent"
    description = N_("a royal: lies on a target permanent and moves it to you")
    kind = "royal"

    def plays(self, g: Core, s: int, c: int, out: list[Move]) -> None:
        """One ``royal`` per reachable permanent (none for a joker the core already
        plays as a thief)."""
        if RANK_OF[c] == JOKER_RANK and g.rules.jokers == 2:
            return
        any_seat = g.rules.jacks_any_seat
        seats = range(g.n) if any_seat else g.opponents(s)
        for v in seats:
            for st in g.faces[v]:
                if g.protected(v, st.card, s):
                    continue
                if any_seat:
                    row = seated(ROYAL, c, st.card)
                    out.extend(row[to] for to in range(g.n) if to != v)
                else:
                    out.append(AIMED_MOVES[ROYAL][c][st.card])

    def illegal_reason(self, g: Core, move: Move) -> str | None:
        """No target, not a permanent of an opponent, or shielded."""
        name = CARD_NAMES[move.card]
        t = move.target
        if move.verb == ONEOFF:
            return say(
                N_("The {card} moves a permanent here: 'royal {name} KH'"),
                card=Card(move.card),
                name=name,
            )
        if t < 0:
            return say(N_("Name the permanent it takes: 'royal {name} KH'"), name=name)
        owner = g.holder_of(t)
        if owner is None or g.place_of(t) != "face":
            return say(
                N_("The {card} is not a king, queen or house permanent on the table"),
                card=Card(t),
            )
        if g.protected(owner, t, g.to_act):
            return protected(t, owner)
        return say(N_("It takes an opponent's permanent, not {seat}'s"), seat=f"p{owner}")

    def words(self, move: Move) -> str:
        """``takes the King of Spades``."""
        return f"takes the {describe(move.target)}"

    def score(self, g: Core, s: int, move: Move) -> float:
        """A king or queen changes sides; a house permanent by its own worth."""
        t = move.target
        r = RANK_OF[t]
        if r == KING:
            return 10.0
        if r == QUEEN:
            return 7.0
        effect = g.rules.effect_of(t)
        return 1.0 + effect.score(g, s, Move(ROYAL, t)) if effect is not None else 2.0


STEAL_PERMANENT: Final = StealPermanent()
