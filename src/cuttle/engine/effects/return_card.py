"""``return-card`` (the nine): return a target card to a hand, or to the deck."""

from __future__ import annotations

from typing import Final

from ...i18n import N_
from ..cards import describe
from ..core import Core
from ..moves import Move
from ..narration import Narration, base_under, controller, hand_of
from ..reasons import say
from ..table import KIND_ANSWER, Pending
from .common import TargetedEffect


class ReturnCard(TargetedEffect):
    """Return a permanent (or, where the set allows, any card) to a hand.

    Rule-set fields: ``nine_opponents_only``, ``nine_targets_points`` (then a point card
    under jacks is a target too, spec ruling 3), ``nine_freezes``, ``nine_to_deck`` and
    ``nine_returns_to_owner`` (spec ruling 17). A card with this effect may answer a
    royal in team (spec ruling 7).
    """

    key = "return-card"
    description = N_("return a target card to a hand (or the deck)")
    answers_royals = True
    worth_factor = 0.8

    def targets(self, g: Core, s: int) -> list[tuple[int, int]]:
        """Royals, glasses, top covers and (``nine_targets_points``) point cards, even
        under jacks, of the seats the set allows, not shielded from ``s``."""
        rules = g.rules
        seats = g.opponents(s) if rules.nine_opponents_only else range(g.n)
        found: list[tuple[int, int]] = []
        for v in seats:
            cands = g.royal_targets(v)
            if rules.nine_targets_points:
                cands.extend(st.card for st in g.points[v])
            for t in cands:
                if not g.protected(v, t, s):
                    found.append((v, t))
        return found

    def reaches_under(self, g: Core, place: str) -> bool:
        """A point card under jacks, where nines target point cards (spec ruling 3)."""
        return place == "point" and g.rules.nine_targets_points

    def target_problem(self, g: Core, s: int, t: int, owner: int | None, place: str) -> str | None:
        """One's own card where only opponents' count, or a point card where none do."""
        rules = g.rules
        if rules.nine_opponents_only and owner not in g.opponents(s):
            return say(N_("A nine may only target an opponent's card here"))
        if place == "point" and not rules.nine_targets_points:
            return say(
                N_("A nine in {rules} returns royals, glasses and jacks, not point cards"),
                rules=rules.name,
            )
        return None

    def resolve(self, g: Core, p: Pending) -> bool:
        """Lift the target (its jacks go to the scrap) and put it in a hand, or on top of
        the deck; every seat sees where it went."""
        rules = g.rules
        t = p.target
        owner = g.owner_of(t) if rules.nine_returns_to_owner else -1
        v, leftovers = g.remove_target(t)
        g.scrap.extend(leftovers)
        if rules.nine_to_deck:
            g.deck.append(t)
            g.deck_known += 1
        else:
            g.to_hand(owner if owner >= 0 else v, t, True)
            if rules.nine_freezes and p.kind != KIND_ANSWER:
                g.freeze(t)
        return False

    def words(self, move: Move) -> str:
        """``returns the King of Hearts``."""
        return f"returns the {describe(move.target)}"

    def intent(self, w: Narration, p: Pending) -> str:
        """``to return Bob's K♥ to his hand`` (``to the top of the deck``)."""
        if w.before.rules.nine_to_deck:
            return w.say(N_("to return {target} to the top of the deck"), target=w.target(p))
        return w.say(
            N_("to return {target} to {hand}"),
            target=w.target(p),
            hand=w.hand(controller(w.before, p.target)),
        )

    def outcome(self, w: Narration, p: Pending) -> str:
        """``the K♥ returns to Bob's hand, frozen for a turn`` (or goes on the deck)."""
        t = p.target
        base = base_under(w.before, t)
        holder = hand_of(w.after, t)
        if holder < 0:
            said = w.say(N_("{card} goes on top of the deck"), card=w.card(t))
        elif t in w.after.frozen:
            said = w.say(
                N_("{card} returns to {hand}, frozen for a turn"),
                card=w.card(t),
                hand=w.hand(holder),
            )
        else:
            said = w.say(N_("{card} returns to {hand}"), card=w.card(t), hand=w.hand(holder))
        return said + w.goes_back(base)


RETURN_CARD: Final = ReturnCard()
