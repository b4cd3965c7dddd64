"""The one-off effect primitives, one object each, registered by key.

Design note: how to add an effect
---------------------------------
An effect primitive is ONE object that owns everything about it. To add one:

1. Write a module here, ``effects/my_effect.py``, with a subclass of
   :class:`cuttle.engine.effect.Effect` (or of :class:`.common.TargetedEffect` when the
   one-off names a card on the table) and one instance of it at module level. Set:

   - ``key`` (the name used in rule sets and house-rules files, ``"my-effect"``) and
     ``description`` (one line for people);
   - ``targeted = True`` if the move names a target card (TargetedEffect sets it), and
     ``phases`` (the decision phases it may open: ``TAKE_PHASE``, ``DISCARD_PHASE``,
     ``SEVEN_PHASE`` from :mod:`cuttle.engine.table`) so that positions can be checked.

   Then implement what differs from the defaults (no target, no decision, always
   playable, no score):

   - ``plays(g, s, c, out)``: append the legal ``oneoff`` moves of card ``c`` by
     seat ``s`` (``Move(ONEOFF, c, target, seat)``; ``CARD_MOVES[ONEOFF][c]`` and
     ``AIMED_MOVES[ONEOFF][c][target]`` hold the common ones, made once).
     TargetedEffect: implement ``targets(g, s) -> [(seat, card), ...]`` instead, plus
     ``target_problem``;
   - ``resolve(g, p) -> bool``: carry out the uncountered one-off ``p`` (a
     :class:`~cuttle.engine.table.Pending`). Return False when done: the core scraps
     the card and ends the turn. To ask for a decision, set ``g.phase`` and
     ``g.to_act`` and return True; the card stays pending;
   - for a decision: ``decision_moves(g, s, p)`` (the legal moves of that phase),
     ``decide(g, s, move, p)`` (apply one; when finished, ``g.scrap.append(p.card)``
     and ``g.end_turn()``), ``pending_problem(g, p, hidden)`` (position checks) and
     ``decision_reason(g, move, p)`` (why a decision move is illegal);
   - ``illegal_reason(g, move)``: the reason shown when the one-off is not legal;
   - ``words(move)``: a verb phrase for the move log (``"scraps every point card"``);
   - ``intent(w, p)`` and ``outcome(w, p)``: the sentences of the move log for each
     reader in the reader's language, built with ``w``, a
     :class:`~cuttle.engine.narration.Narration` (people, cards named only where the
     reader sees them): what the one-off is played to do (``"to scrap every point
     card"``) and what it did when it resolved. Each is a message of the ``narration``
     catalog (``w.say(N_("to scrap {target}"), target=w.target(p))``); run ``python -m
     cuttle.i18n messages narration`` and translate the new messages in the five
     ``narration.po`` files (docs/translating.md). Without them the log tells the
     effect from ``words`` and ``description`` (mark ``description`` with ``N_``);
   - ``score(g, s, move)``: the bots' rough gain for seat ``s``'s side (0 if unsure).

   Effects reach the table only through :class:`cuttle.engine.core.Core`: its fields
   (``hands``, ``points``, ``faces``, ``glasses``, ``scrap``, ``deck``, ``rules`` ...)
   and its public helpers (``protected``, ``royal_targets``, ``remove_target``,
   ``to_hand``, ``draw_cards``, ``discard``, ``end_turn``, ``seeded_rng`` ...). Any
   randomness must come from ``g.seeded_rng(...)`` so that records replay. Rule-set
   switches the effect needs are new :class:`~cuttle.engine.rules.RuleSet` fields
   (frozen, hashable values), read as ``g.rules.field``.

2. Register it: import the instance below and add it to ``_ALL``. Registration makes
   its key valid in ``RuleSet.oneoffs`` and house-rules files and adds its description
   to ``rules.EFFECTS``. A rule set maps cards to effects; ``rules.effect_of(card)``
   returns the object (computed once per rule set).

3. Test it (tests/test_effects.py shows the registry checks; write rules tests with
   tests/helpers_positions.py).

Nothing else changes: move generation, resolution, illegal-move reasons, position
checks and the bots' scores all dispatch through the effect object.
"""

from __future__ import annotations

from typing import Final

from ..effect import REGISTRY, Effect, effect_for, register
from .common import TargetedEffect

# House effects (seed 004's "suggestions for advanced play"); docs/rules.md section 5.
from .discard_chosen import DISCARD_CHOSEN
from .discard_one_draw_three import DISCARD_ONE_DRAW_THREE
from .discard_two import DISCARD_TWO
from .draw_two import DRAW_TWO
from .look_at_hand import LOOK_AT_HAND
from .permanent import OPEN_HANDS, POINTS_AGAINST, SHIELD_GROUP
from .return_card import RETURN_CARD
from .return_point import RETURN_POINT
from .reveal_and_play import REVEAL_AND_PLAY
from .revive_and_play import REVIVE_AND_PLAY
from .scrap_glasses import SCRAP_GLASSES
from .scrap_point import SCRAP_POINT
from .scrap_points import SCRAP_POINTS
from .scrap_royal import SCRAP_ROYAL
from .scrap_royals import SCRAP_ROYALS
from .skip_chosen import SKIP_CHOSEN
from .skip_next import SKIP_NEXT
from .steal_permanent import STEAL_PERMANENT
from .swap_hands import SWAP_HANDS
from .take_chosen import TAKE_CHOSEN
from .take_from_scrap import TAKE_FROM_SCRAP

_ALL: Final[tuple[Effect, ...]] = (
    SCRAP_POINTS,
    SCRAP_ROYAL,
    TAKE_FROM_SCRAP,
    DISCARD_TWO,
    DRAW_TWO,
    DISCARD_ONE_DRAW_THREE,
    SCRAP_ROYALS,
    REVEAL_AND_PLAY,
    RETURN_CARD,
    SCRAP_GLASSES,
    SWAP_HANDS,
    SKIP_NEXT,
    SKIP_CHOSEN,
    SCRAP_POINT,
    RETURN_POINT,
    LOOK_AT_HAND,
    DISCARD_CHOSEN,
    TAKE_CHOSEN,
    REVIVE_AND_PLAY,
    STEAL_PERMANENT,
    SHIELD_GROUP,
    OPEN_HANDS,
    POINTS_AGAINST,
)
HOUSE_EFFECTS: Final[tuple[Effect, ...]] = _ALL[11:]
"""The effects only house rules use (seed 004's library), in the order docs/rules.md
lists them."""
for _effect in _ALL:
    register(_effect)

EFFECTS_BY_KEY: Final = REGISTRY
"""Effect key -> the registered effect object."""

__all__ = [
    "EFFECTS_BY_KEY", "HOUSE_EFFECTS", "Effect", "TargetedEffect", "effect_for", "register",
]  # fmt: skip
