"""Rule-set configurations for the research-interface tests (every preset, some variants
and a house rule set), with short move caps so that games stay bounded."""

from __future__ import annotations

import dataclasses

from cuttle import RuleSet, get_rules, house_rules

PRESETS: tuple[tuple[str, int | None], ...] = (
    ("classic", None),
    ("standard", None),
    ("cuttlecards", None),
    ("cutthroat", None),
    ("team", None),
    ("multiplayer", 2),
    ("multiplayer", 3),
    ("multiplayer", 4),
    ("multiplayer", 5),
)
"""Every published rule set, multiplayer at each seat count."""

PRESET_IDS = [f"{r}-{p}" if p else r for r, p in PRESETS]

VARIANTS: tuple[tuple[str, tuple[str, ...], int | None], ...] = (
    ("classic", ("eight-oneoff", "joker-swap", "nine-to-deck", "random-four"), None),
    ("cuttlecards", ("eight-oneoff", "nine-freeze", "ten-blocks-scuttle"), None),
    ("standard", ("joker-swap", "ten-blocks-scuttle", "queens-guard-queens"), None),
    ("team", ("nine-freeze", "queens-guard-queens", "random-four"), None),
    ("multiplayer", ("eight-oneoff", "nine-to-deck", "random-four"), 4),
)

HOUSE = house_rules(
    {
        "base": "cutthroat",
        "name": "house-cutthroat",
        "oneoffs": {"6": None, "3": "draw-two", "8": "scrap-glasses"},
        "goals": [12, 9, 5, 0, 0],
        "glasses_public": True,
    }
)


def capped(rules: RuleSet, cap: int = 150) -> RuleSet:
    """``rules`` with a shorter move cap."""
    return dataclasses.replace(rules, move_cap=cap)


def all_rules(cap: int = 150) -> list[RuleSet]:
    """Every configuration above, capped."""
    out = [get_rules(r, (), p) for r, p in PRESETS]
    out += [get_rules(r, v, p) for r, v, p in VARIANTS]
    out.append(HOUSE)
    return [capped(r, cap) for r in out]
