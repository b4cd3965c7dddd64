"""What a table needs before the first deal: :class:`AppOptions` and how to check it.

:func:`coerce_options` accepts an :class:`AppOptions`, a mapping, or any object with the
same attribute names (the line-mode ``PlayOptions`` of ``cuttle play`` works too: its
``rules`` may be a :class:`~cuttle.engine.rules.RuleSet` and its ``opponent`` one bot spec
for every other seat). :func:`resolve` turns the options into a rule set and one bot spec
per opponent seat, or raises :class:`ValueError` with a message a person can act on.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any

from cuttle.engine.errors import CuttleError
from cuttle.engine.rules import RuleSet, get_rules

from .lang import T, _

BOT_CHOICES: tuple[str, ...] = (
    "random",
    "level1",
    "level2",
    "easy",
    "medium",
    "level5",
    "level6",
    "hard",
    "expert",
    "greedy",
    "pimc",
    "ismcts",
)
"""Bot specs the setup screen offers: ``random``, the ladder's eight levels weakest
first (:data:`cuttle.bots.registry.LADDER`), then bot kinds."""


@dataclass
class AppOptions:
    """Everything the Textual table needs to deal a game and seat the bots."""

    rules: str | RuleSet = "standard"
    """A preset name (``"standard"``, ``"cutthroat"``, ...) or a ready :class:`RuleSet`."""
    variants: tuple[str, ...] = ()
    """Variant toggles (ignored when ``rules`` is already a :class:`RuleSet`)."""
    players: int | None = None
    """Seat count where the rule set allows a choice (multiplayer: 2 to 5)."""
    seat: int = 0
    """The human's seat."""
    seed: int | str | None = None
    """Shuffle seed; the same seed deals the same game and seeds the bots alike."""
    bots: list[str] = field(default_factory=lambda: ["random"])
    """Bot specs for the other seats in seat order; one spec is used for every seat."""
    record: str | None = None
    """Where ``s`` saves the record (default: a new file in :attr:`records_dir`)."""
    records_dir: str = "records"
    """Folder for records saved without an explicit :attr:`record` path."""
    practice: bool = False
    """A practice round: every hand face up for everyone (seed 004)."""
    skip_setup: bool = False
    """Start dealing at once (the command line gave the options) instead of the setup."""
    bot_delay: float = 0.6
    """Seconds between two bot moves, so each can be seen (0 in tests)."""
    hint_seconds: float = 1.0
    """Search time of a hint (key ``h``)."""
    auto_resolve: bool = True
    """Answer ``resolve`` for the human when it is their only legal answer."""
    name: str = "human"
    """The human's name in the game's records."""


def coerce_options(obj: object | None) -> AppOptions:
    """Return ``obj`` as :class:`AppOptions` (see the module doc for what is accepted)."""
    if obj is None:
        return AppOptions()
    if isinstance(obj, AppOptions):
        return obj
    names = {f.name for f in fields(AppOptions)}
    if isinstance(obj, Mapping):
        raw: dict[str, Any] = dict(obj)
    else:
        raw = {k: getattr(obj, k) for k in [*names, "opponent"] if hasattr(obj, k)}
    values = {k: v for k, v in raw.items() if k in names and v is not None}
    if "bots" not in values and isinstance(raw.get("opponent"), str):
        values["bots"] = [raw["opponent"]]
    if isinstance(values.get("bots"), str):
        values["bots"] = [s for s in str(values["bots"]).split(",") if s.strip()]
    if "variants" in values:
        values["variants"] = tuple(values["variants"])
    return AppOptions(**values)


def resolve(options: AppOptions) -> tuple[RuleSet, dict[int, str]]:
    """Return the rule set and the bot spec of every opponent seat of ``options``.

    Raises :class:`ValueError` with a clear message for an unknown rule set, a bad
    variant or player count, a seat out of range, or a wrong number of bot specs.
    """
    try:
        if isinstance(options.rules, RuleSet):
            rules = options.rules
        else:
            rules = get_rules(options.rules, list(options.variants), options.players)
    except CuttleError as exc:
        raise ValueError(str(exc)) from exc
    n = rules.players
    if not isinstance(options.seat, int) or not 0 <= options.seat < n:
        raise ValueError(
            _("seat {seat}: {rules} here has seats p0 to p{last}").format(
                seat=options.seat, rules=rules.name, last=n - 1
            )
        )
    others = [s for s in range(n) if s != options.seat]
    specs = [str(s).strip() for s in options.bots if str(s).strip()]
    if not specs:
        raise ValueError(_("name a bot for the other seats, e.g. 'random' or 'medium'"))
    if len(specs) == 1:
        specs = specs * len(others)
    if len(specs) != len(others):
        raise ValueError(
            T.ngettext(
                "{bots} bots named for {n} other seat: give one bot for every other seat, "
                "or a single bot for all of them",
                "{bots} bots named for {n} other seats: give one bot for every other seat, "
                "or a single bot for all of them",
                len(others),
            ).format(bots=len(specs), n=len(others))
        )
    return rules, dict(zip(others, specs, strict=True))
