"""Rule sets as data: one frozen :class:`RuleSet` per preset, variant toggles and house rules.

Every difference between the published rule sets lives in the fields of
:class:`RuleSet`; the engine's code reads these fields and never tests a rule set's
name. :func:`get_rules` builds a rule set from a preset name, a player count and
variant toggles; :func:`load_house_rules` builds one from a JSON or TOML file.
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any, Final, NamedTuple

from .cards import (
    ACE,
    CARD_NAMES,
    EIGHT,
    FIVE,
    FOUR,
    JOKER_1,
    JOKER_2,
    JOKER_RANK,
    NINE,
    RANK_OF,
    RANKS,
    SEVEN,
    SIX,
    THREE,
    TWO,
    card,
)
from .effect import DESCRIPTIONS, REGISTRY, Effect, effect_for
from .errors import CuttleError, InvalidRulesError
from .frozen import FrozenMap, rebuilt_by_constructor

# Effect primitives a one-off may have (the library house rules choose from).
SCRAP_POINTS = "scrap-points"
SCRAP_ROYAL = "scrap-royal"
TAKE_FROM_SCRAP = "take-from-scrap"
DISCARD_TWO = "discard-two"
DRAW_TWO = "draw-two"
DISCARD_ONE_DRAW_THREE = "discard-one-draw-three"
SCRAP_ROYALS = "scrap-royals"
REVEAL_AND_PLAY = "reveal-and-play"
RETURN_CARD = "return-card"
SCRAP_GLASSES = "scrap-glasses"
SWAP_HANDS = "swap-hands"

EFFECTS: dict[str, str] = DESCRIPTIONS
"""The library of one-off effect primitives, with a one-line description each.

Filled as :mod:`cuttle.engine.effects` registers each primitive (importing
:mod:`cuttle.engine` does it); each primitive's behaviour lives in its own module there.
"""

JOKER_ONEOFF = 13
"""Key of the joker in :attr:`RuleSet.oneoffs` (its rank index)."""

VARIANTS: dict[str, str] = {
    "random-four": "a four's victim discards two cards at random",
    "eight-oneoff": "an 8 may be played as a one-off that scraps a glasses 8",
    "nine-freeze": "a nine returns the card to its controller's hand, frozen for a turn",
    "nine-to-deck": "a nine puts the card on top of the deck instead, nothing frozen",
    "ten-blocks-scuttle": "a 10 from hand, out of turn, cancels a scuttle",
    "queens-guard-queens": "two or more queens protect each other",
    "joker-swap": "one joker; as a one-off both players swap hands",
}
"""The seven variant toggles, with a one-line description each."""


PERMANENT_FLAGS: Final = ("opens_hands", "shields_group", "counts_against")
"""The effect attributes a permanent on the table may switch on for the whole game."""


class SeatTables(NamedTuple):
    """What a rule set fixes for every game it plays (:meth:`RuleSet.seat_tables`)."""

    opponents: tuple[tuple[int, ...], ...]
    """Seat -> the seats playing against it."""
    teams: tuple[tuple[int, ...], ...]
    """Seat -> the seats winning with it (itself included)."""
    flags: frozenset[str]
    """The :data:`PERMANENT_FLAGS` some card of the rule set may bring to the table."""


@dataclass(frozen=True)
class RuleSet:
    """Everything that differs between rule sets, as data.

    Build one with :func:`get_rules` (presets and variants) or
    :func:`load_house_rules`; the fields are documented in ``docs/rules.md``.
    """

    name: str
    """Preset name written in positions and records (``"standard"``, ...)."""
    players: int
    """Number of seats."""
    min_players: int
    max_players: int
    description: str
    variants: tuple[str, ...] = ()
    teams: tuple[tuple[int, ...], ...] = ()
    """Partnerships (empty: every seat plays for itself)."""
    deal: int = 5
    dealer_extra: bool = True
    """The dealer (the last seat) is dealt one card more."""
    jokers: int = 0
    hand_limit: int = 0
    """0 for no limit."""
    limit_blocks_draw: bool = False
    """At the limit, ``draw`` is illegal and draws stop at the limit (standard)."""
    limit_discard: bool = False
    """Discard down to the limit at the end of one's own turn (cuttlecards)."""
    goals: tuple[int, int, int, int, int] = (21, 14, 10, 7, 5)
    """Goal with 0, 1, 2, 3, 4 (or more) kings."""
    oneoffs: Mapping[int, str] = field(default_factory=FrozenMap)
    """Rank index (13 for a joker) to one-off effect primitive (a :class:`FrozenMap`;
    a plain mapping given here is frozen)."""
    card_oneoffs: Mapping[int, str] = field(default_factory=FrozenMap)
    """Card index to effect primitive, overriding :attr:`oneoffs` for that card (house
    keys by colour or suit, resolved most specific first); ``""`` takes the card's
    rank effect away."""
    seven_reveals: int = 1
    """How many cards a seven reveals."""
    seven_forced_jack: bool = False
    """A revealed jack with no target may go onto one's own point card (classic Q&A 6)."""
    nine_targets_points: bool = False
    """A nine may target opponents' cards of any kind (not only permanents)."""
    nine_opponents_only: bool = False
    nine_freezes: bool = False
    nine_to_deck: bool = False
    nine_returns_to_owner: bool = False
    """A nine returns its target to the seat that played it, not its controller
    (multiplayer, spec ruling 17)."""
    two_targets_own: bool = True
    """A two played on one's own turn may target one's own cards (classic, multiplayer;
    spec ruling 16); otherwise only another seat's."""
    three_takes_threes: bool = True
    four_victims: str = "opponent"
    """``"opponent"`` (the only one), ``"chosen"`` (a named opponent) or ``"all"``."""
    four_random: bool = False
    queens_guard_queens: bool = False
    glasses_public: bool = False
    """Glasses open the other hands to every player (multiplayer)."""
    open_hands_on_empty_deck: bool = False
    counter_spends_turn: bool = False
    reshuffle_scrap: bool = False
    """An exhausted deck is replaced by the shuffled scrap."""
    jacks_any_seat: bool = False
    """Jacks (and jokers) move a card from any seat to any other seat (team)."""
    nine_answers_royals: bool = False
    """Opponents may answer a royal with an out-of-turn nine (team)."""
    ten_blocks_scuttle: bool = False
    move_cap: int = 1000
    remove: tuple[str, ...] = ()
    """Cards set aside face up before the deal (seed 004's large-table advice): each
    entry is a card (``"AS"``: that card) or a rank (``"A"``: the first card of that
    rank from the top of the shuffled deck). Card entries are taken first."""
    big_table: int = 0
    """From this many seats on (0: never), :func:`get_rules` sets :attr:`remove` to
    :attr:`big_table_remove`."""
    big_table_remove: tuple[str, ...] = ()
    """What a big table removes (multiplayer: one ace and one six)."""
    _card_effects: tuple[Effect | None, ...] | None = field(
        default=None, init=False, repr=False, compare=False
    )
    """Per-card effects, set on each instance once the effects are registered."""
    _tables: SeatTables | None = field(default=None, init=False, repr=False, compare=False)
    """Each seat's opponents and team, and the permanent flags, set on first use."""

    def __post_init__(self) -> None:
        # Set here, not by the field's default: a mypyc-compiled dataclass leaves a
        # field that is not an argument of __init__ unset.
        object.__setattr__(self, "_card_effects", None)
        object.__setattr__(self, "_tables", None)
        if not isinstance(self.oneoffs, FrozenMap):
            object.__setattr__(self, "oneoffs", FrozenMap(self.oneoffs))
        if not isinstance(self.card_oneoffs, FrozenMap):
            object.__setattr__(self, "card_oneoffs", FrozenMap(self.card_oneoffs))
        for name in ("variants", "goals"):
            value = getattr(self, name)
            if not isinstance(value, tuple):
                object.__setattr__(self, name, tuple(value))
        if not isinstance(self.teams, tuple) or any(not isinstance(t, tuple) for t in self.teams):
            object.__setattr__(self, "teams", tuple(tuple(t) for t in self.teams))
        if REGISTRY:  # the presets are built before the effects register: theirs come later
            self.card_effects()

    def __reduce__(self) -> tuple[type[Any], tuple[Any, ...]]:
        """Pickle through the constructor (see :func:`rebuilt_by_constructor`)."""
        return rebuilt_by_constructor(self)

    def card_effects(self) -> tuple[Effect | None, ...]:
        """The effect object of every card index (0-53), computed once per rule set."""
        table = self._card_effects
        if table is None:
            keys = [self.card_oneoffs.get(c, self.oneoffs.get(RANK_OF[c])) for c in range(54)]
            table = tuple(effect_for(k) if k else None for k in keys)
            object.__setattr__(self, "_card_effects", table)
        return table

    def seat_tables(self) -> SeatTables:
        """Each seat's opponents, each seat's team (:meth:`team_of`) and the permanent
        flags some card may bring to the table (``opens_hands``, ``shields_group``,
        ``counts_against``): worked out once per rule set, read by every new game."""
        tables = self._tables
        if tables is None:
            n = self.players
            teams = tuple(self.team_of(s) for s in range(n))
            opponents = tuple(tuple(v for v in range(n) if v not in teams[s]) for s in range(n))
            flags = set()
            for effect in self.card_effects():
                if effect is not None:
                    for flag in PERMANENT_FLAGS:
                        if getattr(effect, flag):
                            flags.add(flag)
            tables = SeatTables(opponents, teams, frozenset(flags))
            object.__setattr__(self, "_tables", tables)
        return tables

    def effect_of(self, card_index: int) -> Effect | None:
        """The one-off effect of card ``card_index`` (jokers are 52, 53), or None."""
        table = self._card_effects
        if table is None:
            table = self.card_effects()
        return table[card_index]

    @property
    def card_count(self) -> int:
        """Number of cards in play: 52 plus jokers."""
        return 52 + self.jokers

    @property
    def in_play(self) -> int:
        """Number of cards dealt from: :attr:`card_count` less the removed cards."""
        return self.card_count - len(self.remove)

    @property
    def pass_limit(self) -> int:
        """Consecutive passes that end the game in a draw (spec ruling 9)."""
        return 3 if self.players == 2 else self.players

    def team_of(self, seat: int) -> tuple[int, ...]:
        """Return the seats that win together with ``seat`` (just itself without teams)."""
        for team in self.teams:
            if seat in team:
                return team
        return (seat,)

    def goal(self, kings: int) -> int:
        """Return the points needed with ``kings`` kings (four or more: the last goal).

        Each goal is read at a constant index: compiled, :attr:`goals` is five unboxed
        integers, and an index the compiler cannot see would box all five into a new
        tuple at every call (this runs for every seat after every move)."""
        goals = self.goals
        if kings <= 0:
            return goals[0]
        if kings == 1:
            return goals[1]
        if kings == 2:
            return goals[2]
        if kings == 3:
            return goals[3]
        return goals[4]

    def hand_size(self, seat: int) -> int:
        """Return how many cards ``seat`` is dealt."""
        extra = self.dealer_extra and seat == self.players - 1
        return self.deal + (1 if extra else 0)


_CLASSIC_ONEOFFS = {
    ACE: SCRAP_POINTS, TWO: SCRAP_ROYAL, THREE: TAKE_FROM_SCRAP, FOUR: DISCARD_TWO,
    FIVE: DRAW_TWO, SIX: SCRAP_ROYALS, SEVEN: REVEAL_AND_PLAY, NINE: RETURN_CARD,
}  # fmt: skip
_CC_ONEOFFS = {**_CLASSIC_ONEOFFS, FIVE: DISCARD_ONE_DRAW_THREE}

_CLASSIC = RuleSet(
    name="classic",
    players=2,
    min_players=2,
    max_players=2,
    description="The classic two-player rules: 21 points, no hand limit, seven draws one.",
    oneoffs=_CLASSIC_ONEOFFS,
    seven_forced_jack=True,
)
_STANDARD = replace(
    _CLASSIC,
    name="standard",
    description="cuttle.cards Standard: hand limit 8, seven reveals two, nines freeze.",
    hand_limit=8,
    limit_blocks_draw=True,
    goals=(21, 14, 10, 5, 0),
    seven_reveals=2,
    seven_forced_jack=False,
    nine_targets_points=True,
    nine_opponents_only=True,
    nine_freezes=True,
    three_takes_threes=False,
    queens_guard_queens=True,
    two_targets_own=False,
)
_CUTTLECARDS = replace(
    _STANDARD,
    name="cuttlecards",
    description="What cuttle.cards plays today: discard to 8 at turn end, five discards "
    "one and draws three, an empty deck opens both hands.",
    limit_blocks_draw=False,
    limit_discard=True,
    oneoffs=_CC_ONEOFFS,
    open_hands_on_empty_deck=True,
)
_CUTTHROAT = replace(
    _CUTTLECARDS,
    name="cutthroat",
    players=3,
    min_players=3,
    max_players=3,
    description="Three players, 14 points, two jokers that steal royals, hand limit 7.",
    dealer_extra=False,
    jokers=2,
    hand_limit=7,
    goals=(14, 9, 5, 0, 0),
    four_victims="chosen",
    open_hands_on_empty_deck=False,
)
_TEAM = replace(
    _CUTTLECARDS,
    name="team",
    players=4,
    min_players=4,
    max_players=4,
    description="Two against two (p0+p2 v p1+p3); jacks and jokers move cards to any seat.",
    teams=((0, 2), (1, 3)),
    dealer_extra=False,
    jokers=2,
    hand_limit=7,
    four_victims="chosen",
    jacks_any_seat=True,
    nine_answers_royals=True,
)
_MULTIPLAYER = replace(
    _CLASSIC,
    name="multiplayer",
    players=2,
    min_players=2,
    max_players=8,
    description="Cuttle Multiplayer v1.2 for 2-8: hand limit 7, fours hit everyone, "
    "glasses open every hand, the scrap reshuffles; from 6 seats an ace and a six are "
    "set aside.",
    hand_limit=7,
    limit_discard=True,
    four_victims="all",
    glasses_public=True,
    counter_spends_turn=True,
    reshuffle_scrap=True,
    nine_returns_to_owner=True,
    big_table=6,
    big_table_remove=("A", "6"),
)

PRESETS: dict[str, RuleSet] = {
    r.name: r for r in (_CLASSIC, _STANDARD, _CUTTLECARDS, _CUTTHROAT, _TEAM, _MULTIPLAYER)
}
"""The six published rule sets by name."""

_TWO_PLAYER_ONLY = frozenset({"joker-swap", "ten-blocks-scuttle"})


def _apply_variant(rules: RuleSet, variant: str) -> RuleSet:
    if variant == "random-four":
        return replace(rules, four_random=True)
    if variant == "eight-oneoff":
        return replace(rules, oneoffs={**rules.oneoffs, EIGHT: SCRAP_GLASSES})
    if variant == "nine-freeze":
        return replace(rules, nine_freezes=True, nine_opponents_only=True, nine_to_deck=False)
    if variant == "nine-to-deck":
        return replace(rules, nine_to_deck=True, nine_freezes=False)
    if variant == "ten-blocks-scuttle":
        return replace(rules, ten_blocks_scuttle=True)
    if variant == "queens-guard-queens":
        return replace(rules, queens_guard_queens=True)
    if variant == "joker-swap":
        return replace(rules, jokers=1, oneoffs={**rules.oneoffs, JOKER_ONEOFF: SWAP_HANDS})
    raise InvalidRulesError(f"unknown variant {variant!r}; known: {', '.join(VARIANTS)}")


def get_rules(
    name: str | RuleSet = "standard",
    variants: Iterable[str] = (),
    players: int | None = None,
) -> RuleSet:
    """Return the rule set ``name`` with ``variants`` switched on, for ``players`` seats.

    Raises :class:`InvalidRulesError` naming what is wrong (unknown name or variant,
    a player count the rule set does not allow, a variant with the wrong seat count).
    """
    if isinstance(name, RuleSet):
        if players is None and not name.variants and variants in ((), []):
            return name  # a rule set as it is: new_game asks this at every deal
        base = name
    else:
        key = str(name).strip().lower()
        if key not in PRESETS:
            raise InvalidRulesError(f"unknown rule set {name!r}; known: {', '.join(PRESETS)}")
        base = PRESETS[key]
    wanted = sorted(set(variants))
    if players is not None:
        if not base.min_players <= players <= base.max_players:
            span = (
                str(base.min_players)
                if base.min_players == base.max_players
                else f"{base.min_players} to {base.max_players}"
            )
            raise InvalidRulesError(f"{base.name} is played by {span} players, not {players}")
        if players != base.players:
            base = replace(base, players=players)
        if base.big_table and players >= base.big_table and base.remove != base.big_table_remove:
            base = replace(base, remove=base.big_table_remove)
    rules = base
    for variant in wanted:
        if variant in rules.variants:
            continue
        if variant in _TWO_PLAYER_ONLY and rules.players != 2:
            raise InvalidRulesError(f"variant {variant!r} is for two players only")
        if variant == "joker-swap" and base.jokers:
            raise InvalidRulesError("variant 'joker-swap' needs a rule set without jokers")
        rules = _apply_variant(rules, variant)
    if "nine-freeze" in wanted and "nine-to-deck" in wanted:
        raise InvalidRulesError("variants 'nine-freeze' and 'nine-to-deck' exclude each other")
    named = tuple(sorted(set(rules.variants) | set(wanted)))
    # an unchanged rule set is returned as it is (no copy: new_game calls this per game)
    return rules if named == rules.variants else replace(rules, variants=named)


# --- cards set aside before the deal ----------------------------------------------

_REMOVE_RANKS = {
    **{r: r for r in RANKS}, "1": "A", "10": "T", "X": "X", "JOKER": "X",
}  # fmt: skip


def removal_entry(text: str) -> str:
    """Return the canonical form of one :attr:`RuleSet.remove` entry: a rank letter
    (``A 2 … 9 T J Q K``, or ``X`` for a joker) or a card name (``AS``, ``X1``).

    Raises :class:`InvalidRulesError` for anything else.
    """
    if not isinstance(text, str):
        raise InvalidRulesError(f"{text!r} is neither a rank nor a card")
    key = text.strip().upper()
    if key in _REMOVE_RANKS:
        return _REMOVE_RANKS[key]
    try:
        return CARD_NAMES[card(key)]
    except CuttleError:
        raise InvalidRulesError(
            f"{text!r} is neither a rank (A, 2-9, T, J, Q, K, X) nor a card (AS, X1)"
        ) from None


def _rank_index(entry: str) -> int:
    return JOKER_RANK if entry == "X" else RANKS.index(entry)


def set_aside(deck: Sequence[int], remove: Sequence[str]) -> list[int]:
    """Return the cards ``remove`` takes out of ``deck`` (top first), in entry order:
    a card entry takes that card, then each rank entry the first card of its rank from
    the top that is not already taken."""
    taken: list[int] = []
    for entry in remove:
        if len(entry) > 1:
            taken.append(card(entry))
    chosen = set(taken)
    for entry in remove:
        if len(entry) == 1:
            r = _rank_index(entry)
            for c in deck:
                if RANK_OF[c] == r and c not in chosen:
                    taken.append(c)
                    chosen.add(c)
                    break
    return taken


def removal_fits(removed: Iterable[int], remove: Sequence[str]) -> bool:
    """Whether the set-aside cards ``removed`` are what ``remove`` asks for (card
    entries exactly, and one card of each rank entry's rank)."""
    rest = list(removed)
    for entry in remove:
        if len(entry) > 1:
            c = card(entry)
            if c not in rest:
                return False
            rest.remove(c)
    ranks = sorted(_rank_index(e) for e in remove if len(e) == 1)
    return sorted(RANK_OF[c] for c in rest) == ranks


def _removal_problems(rules: RuleSet) -> list[str]:
    """What makes ``rules.remove`` impossible to carry out."""
    problems: list[str] = []
    per_rank: dict[int, int] = {}
    cards_named = [e for e in rules.remove if len(e) > 1]
    if len(set(cards_named)) != len(cards_named):
        problems.append("'remove' names a card twice")
    for entry in rules.remove:
        r = _rank_index(entry) if len(entry) == 1 else RANK_OF[card(entry)]
        per_rank[r] = per_rank.get(r, 0) + 1
    for entry in cards_named:
        if card(entry) >= rules.card_count:
            problems.append(f"'remove': {entry} is not in a deck with {rules.jokers} joker(s)")
    for r, k in per_rank.items():
        have = rules.jokers if r == JOKER_RANK else 4
        if k > have:
            problems.append(
                f"'remove' takes {k} cards of rank {RANKS[r] if r < 13 else 'X'}, "
                f"the deck has {have}"
            )
    return problems


# --- house rules -----------------------------------------------------------------

_HOUSE_FIELDS = {
    f.name
    for f in fields(RuleSet)
    if f.init
    and f.name
    not in {
        "name",
        "variants",
        "oneoffs",
        "teams",
        "min_players",
        "max_players",
        "remove",
        "big_table",
        "big_table_remove",
    }
}
_RANK_KEYS = {
    "A": ACE, "1": ACE, "2": TWO, "3": THREE, "4": FOUR, "5": FIVE, "6": SIX,
    "7": SEVEN, "8": EIGHT, "9": NINE, "T": 9, "10": 9, "JOKER": JOKER_ONEOFF, "X": JOKER_ONEOFF,
}  # fmt: skip


_KIND = {int: "a whole number", bool: "true or false", str: "a string"}
_COLOURS = {"RED": (1, 2), "BLACK": (0, 3)}
"""Suits of each colour: diamonds and hearts are red, clubs and spades black."""


def _effect_key(key: Any) -> tuple[int, int, tuple[int, ...]]:
    """Read one key of an effects table: (specificity, rank, cards it covers).

    Specificity 0 is a rank (``"5"``, ``"T"``, ``"joker"``), 1 a rank and colour
    (``"5-red"``), 2 one card (``"5H"``, ``"X1"``). Raises ``ValueError`` with the reason.
    """
    text = str(key).strip().upper()
    royal = "is not a rank that can have an effect (jacks, queens and kings keep their roles)"
    if text in ("J", "Q", "K"):
        raise ValueError(royal)
    if text in _RANK_KEYS:
        r = _RANK_KEYS[text]
        cards = (JOKER_1, JOKER_2) if r == JOKER_ONEOFF else tuple(r * 4 + u for u in range(4))
        return 0, r, cards
    if "-" in text:
        rank_text, _, colour = text.partition("-")
        r = _RANK_KEYS.get(rank_text, -1)
        if r < 0 or r == JOKER_ONEOFF or colour not in _COLOURS:
            raise ValueError("is not a key: a colour key is a rank and red or black, as '5-red'")
        return 1, r, tuple(r * 4 + u for u in _COLOURS[colour])
    try:
        c = card(text)
    except CuttleError:
        raise ValueError(
            "is not a key: keys are a rank ('5'), a rank and colour ('5-red'), a card ('5H') "
            "or 'joker'"
        ) from None
    r = RANK_OF[c]
    if r not in _RANK_KEYS.values():
        raise ValueError(royal)
    return 2, r, (c,)


def _effect_table(
    rules: RuleSet, table: list[tuple[str, Any, Any]], problems: list[str]
) -> tuple[dict[int, str], dict[int, str]]:
    """Resolve the entries of ``oneoffs``/``effects`` tables into per-rank and per-card
    effect maps (the most specific key wins: card > colour > rank)."""
    oneoffs = dict(rules.oneoffs)
    by_card: dict[int, tuple[int, str]] = {c: (2, e) for c, e in rules.card_oneoffs.items()}
    for where, key, effect in table:
        try:
            level, rank, cards = _effect_key(key)
        except ValueError as exc:
            problems.append(f"{where}: {key!r} {exc}")
            continue
        if effect is None or effect == "none":
            name = ""
        elif not isinstance(effect, str) or effect not in EFFECTS:
            problems.append(
                f"{where}: unknown effect {effect!r} for {key}; known: {', '.join(EFFECTS)}"
            )
            continue
        else:
            name = effect
        if level == 0:
            if name:
                oneoffs[rank] = name
            else:
                oneoffs.pop(rank, None)
            continue
        for c in cards:
            if by_card.get(c, (-1, ""))[0] <= level:
                by_card[c] = (level, name)
    card_map: dict[int, str] = {}
    for c, (_, name) in by_card.items():
        if name != oneoffs.get(RANK_OF[c], ""):
            card_map[c] = name
    return oneoffs, card_map


def house_rules(spec: Mapping[str, Any]) -> RuleSet:
    """Build a rule set from a house-rules mapping (already parsed JSON or TOML).

    Keys: ``base`` (a preset, required), ``name``, ``description``, ``variants``,
    ``players``, ``effects`` (or its older name ``oneoffs``: a rank ``"5"``, rank and
    colour ``"5-red"``, card ``"5H"`` or ``"joker"`` to an effect primitive, or ``null``
    to take one away; the most specific key wins), ``remove`` and any
    :class:`RuleSet` field to override. Every problem is reported in one
    :class:`InvalidRulesError`.
    """
    if not isinstance(spec, Mapping):
        raise InvalidRulesError("house rules must be a table/object")
    problems: list[str] = []
    base_name = spec.get("base")
    if not isinstance(base_name, str) or base_name not in PRESETS:
        raise InvalidRulesError(f"'base' must be one of: {', '.join(PRESETS)}")
    players = spec.get("players")
    if players is not None and not isinstance(players, int):
        problems.append("'players' must be a whole number")
        players = None
    variants = spec.get("variants", [])
    if not isinstance(variants, list) or not all(isinstance(v, str) for v in variants):
        problems.append("'variants' must be a list of variant names")
        variants = []
    try:
        rules = get_rules(base_name, variants, players)
    except InvalidRulesError as exc:
        problems.append(str(exc))
        rules = PRESETS[base_name]
    changes: dict[str, Any] = {}
    table: list[tuple[str, Any, Any]] = []
    for key, value in spec.items():
        if key in {"base", "players", "variants"}:
            continue
        if key == "name":
            if not isinstance(value, str) or not value.strip():
                problems.append("'name' must be a non-empty string")
            else:
                changes["name"] = value.strip()
        elif key in ("oneoffs", "effects"):
            if not isinstance(value, Mapping):
                problems.append(f"'{key}' must map ranks or cards to effects")
                continue
            table.extend((key, k, v) for k, v in value.items())
        elif key == "remove":
            if not isinstance(value, list):
                problems.append('\'remove\' must be a list of ranks or cards, e.g. ["A", "6"]')
                continue
            entries: list[str] = []
            for item in value:
                try:
                    entries.append(removal_entry(item))
                except InvalidRulesError as exc:
                    problems.append(f"'remove': {exc}")
            changes["remove"] = tuple(entries)
        elif key == "goals":
            if (
                not isinstance(value, list)
                or len(value) != 5
                or not all(isinstance(g, int) and g >= 0 for g in value)
            ):
                problems.append("'goals' must be a list of five whole numbers (0 to 4 kings)")
            else:
                changes["goals"] = tuple(value)
        elif key in _HOUSE_FIELDS:
            current = getattr(rules, key)
            if type(value) is not type(current):
                kind = _KIND.get(type(current), type(current).__name__)
                problems.append(f"{key!r} must be {kind}, not {value!r}")
            else:
                changes[key] = value
        else:
            problems.append(f"unknown key {key!r}")
    if table:
        changes["oneoffs"], changes["card_oneoffs"] = _effect_table(rules, table, problems)
    result = replace(rules, **changes)
    if result.four_victims not in {"opponent", "chosen", "all"}:
        problems.append("'four_victims' must be 'opponent', 'chosen' or 'all'")
    if result.hand_limit < 0:
        problems.append("'hand_limit' must be 0 (none) or more")
    if result.deal < 1:
        problems.append("'deal' must be 1 or more")
    if result.seven_reveals not in {1, 2}:
        problems.append("'seven_reveals' must be 1 or 2")
    if result.move_cap < 1:
        problems.append("'move_cap' must be 1 or more")
    if result.jokers not in {0, 1, 2}:
        problems.append("'jokers' must be 0, 1 or 2")
    else:
        problems.extend(_removal_problems(result))
        dealt = sum(result.hand_size(s) for s in range(result.players))
        if dealt + (0 if result.dealer_extra else 1) > result.in_play:
            problems.append(
                f"not enough cards to deal {result.deal} to each of {result.players} players"
                + (f" with {len(result.remove)} set aside" if result.remove else "")
            )
    effects = set(result.oneoffs.values()) | set(result.card_oneoffs.values())
    if SWAP_HANDS in effects and result.players != 2:
        problems.append(f"oneoffs: {SWAP_HANDS!r} needs exactly two players")
    jokers_keyed = JOKER_ONEOFF in result.oneoffs or JOKER_1 in result.card_oneoffs
    if jokers_keyed and not result.jokers:
        problems.append("oneoffs: a joker effect needs 'jokers' set to 1 or 2")
    elif JOKER_2 in result.card_oneoffs and result.jokers < 2:
        problems.append("oneoffs: an effect for X2 needs 'jokers' set to 2")
    if problems:
        raise InvalidRulesError("bad house rules: " + "; ".join(problems))
    return result


def load_house_rules(path: str | Path) -> RuleSet:
    """Read a house-rules file (``.json`` or ``.toml``) and build its rule set."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as exc:
        raise InvalidRulesError(f"cannot read {p}: {exc.strerror}") from None
    try:
        data = tomllib.loads(text) if p.suffix.lower() == ".toml" else json.loads(text)
    except (tomllib.TOMLDecodeError, json.JSONDecodeError) as exc:
        raise InvalidRulesError(f"{p}: not valid {p.suffix.lstrip('.') or 'JSON'}: {exc}") from None
    return house_rules(data)
