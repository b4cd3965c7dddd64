"""The rating pools and the rating keys that name a rule set with its variants."""

from __future__ import annotations

from collections.abc import Sequence

from cuttle.engine.rules import PRESETS, VARIANTS
from cuttle.i18n import N_

from ..errors import ServiceError

PEOPLE, BOTS, MULTI = "people", "bots", "multi"
"""The rating pools: people's matches, games against bots, games of 3-5 seats or teams."""


def rules_key(rules: str, variants: Sequence[str] = ()) -> str:
    """The rating key of a rule set with variants: ``standard`` or ``standard+v1+v2``."""
    return "+".join([rules, *sorted(variants)])


def split_key(key: str) -> tuple[str, list[str]]:
    """The preset and variants of a rating key."""
    name, *variants = key.split("+")
    return name, variants


def check_key(key: object, players: int | None = 2) -> str:
    """A rating key naming a preset (and known variants) for ``players`` seats, else 400."""
    if not isinstance(key, str) or len(key) > 64:
        raise ServiceError(N_("rules must be a rule set's name"))
    name, variants = split_key(key)
    if name not in PRESETS or any(v not in VARIANTS for v in variants):
        raise ServiceError(
            N_("unknown rule set {rules}; known: {known}"),
            rules=repr(key[:40]),
            known=", ".join(PRESETS),
        )
    rs = PRESETS[name]
    if players is not None and not rs.min_players <= players <= rs.max_players:
        raise ServiceError(N_("{name} is not a game for {players}"), name=name, players=players)
    return rules_key(name, variants)
