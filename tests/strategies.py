"""Shared helpers for the engine's property tests: rule-set configurations, random play,
card accounting, independent tracking of who knows which card, and illegal-move
candidates.

Nothing here trusts the engine's own bookkeeping of hidden information: the
:class:`Knowledge` tracker follows every card from move to move and decides by itself
which seat may know what.
"""

from __future__ import annotations

import copy
import json
import random
from collections import Counter
from dataclasses import dataclass
from typing import Any

from hypothesis import strategies as st

from cuttle import Game, house_rules, new_game
from cuttle.engine.cards import CARD_NAMES
from cuttle.engine.moves import DISCARD, TAKE, VERBS, Move, move_text

# ---------------------------------------------------------------------- configurations


@dataclass(frozen=True)
class Config:
    """A rule set to play: preset name, variants and seat count, or house rules (given
    as JSON text in ``house``; ``rules`` then only names the configuration)."""

    rules: str
    variants: tuple[str, ...] = ()
    players: int | None = None
    house: str = ""

    def new(self, seed: int) -> Game:
        """Deal a new game of this configuration from ``seed``."""
        if self.house:
            return new_game(house_rules(json.loads(self.house)), seed=seed)
        return new_game(self.rules, self.variants, self.players, seed=seed)

    @property
    def id(self) -> str:
        """A short name for test ids."""
        parts = [self.rules]
        if self.players is not None:
            parts.append(str(self.players))
        parts.extend(self.variants)
        return "-".join(parts)


PRESET_CONFIGS: tuple[Config, ...] = (
    Config("classic"),
    Config("standard"),
    Config("cuttlecards"),
    Config("cutthroat"),
    Config("team"),
    Config("multiplayer", players=2),
    Config("multiplayer", players=3),
    Config("multiplayer", players=4),
    Config("multiplayer", players=5),
)
"""Every published rule set, multiplayer at each seat count."""

VARIANT_NAMES: tuple[str, ...] = (
    "random-four",
    "eight-oneoff",
    "nine-freeze",
    "nine-to-deck",
    "ten-blocks-scuttle",
    "queens-guard-queens",
    "joker-swap",
)

VARIANT_CONFIGS: tuple[Config, ...] = (
    *(Config(base, (v,)) for base in ("classic", "standard", "cuttlecards") for v in VARIANT_NAMES),
    *(Config("multiplayer", (v,), 2) for v in VARIANT_NAMES),
    Config("classic", ("eight-oneoff", "joker-swap", "nine-to-deck", "random-four")),
    Config("standard", ("joker-swap", "ten-blocks-scuttle")),
    Config("cuttlecards", ("eight-oneoff", "nine-freeze", "ten-blocks-scuttle")),
    Config("classic", ("nine-freeze", "queens-guard-queens", "ten-blocks-scuttle")),
    Config(
        "standard",
        ("eight-oneoff", "joker-swap", "nine-to-deck", "queens-guard-queens", "random-four"),
    ),
    Config("multiplayer", ("joker-swap", "random-four", "ten-blocks-scuttle"), 2),
    Config("cutthroat", ("eight-oneoff", "nine-to-deck", "random-four")),
    Config("team", ("nine-freeze", "queens-guard-queens", "random-four")),
    Config("multiplayer", ("eight-oneoff", "nine-to-deck", "random-four"), 4),
)
"""Each variant alone on every two-player set, and some combinations (the variants that
are not limited to two seats also on the bigger tables)."""

HOUSE_CONFIGS: tuple[Config, ...] = (
    Config(
        "house-standard",
        house=json.dumps(
            {
                "base": "standard",
                "name": "house-standard",
                "jokers": 1,
                "oneoffs": {"X": "swap-hands", "8": "scrap-glasses", "5": "discard-one-draw-three"},
                "move_cap": 300,
                "hand_limit": 7,
            }
        ),
    ),
    Config(
        "house-cutthroat",
        house=json.dumps(
            {
                "base": "cutthroat",
                "name": "house-cutthroat",
                "oneoffs": {"6": None, "3": "draw-two"},
                "goals": [12, 9, 5, 0, 0],
                "glasses_public": True,
            }
        ),
    ),
)
"""House rule sets (effects reassigned, other limits), which positions name but the
engine cannot rebuild from the name alone."""

ALL_CONFIGS: tuple[Config, ...] = PRESET_CONFIGS + VARIANT_CONFIGS + HOUSE_CONFIGS

configs = st.sampled_from(ALL_CONFIGS)
"""Hypothesis strategy drawing a rule-set configuration."""

seeds = st.integers(min_value=0, max_value=2**32 - 1)
"""Hypothesis strategy drawing a deal's seed."""


# ---------------------------------------------------------------------- random play


def play_random(g: Game, rng: random.Random, moves: int) -> Game:
    """Apply up to ``moves`` random legal moves to ``g`` (fewer if it ends); return it."""
    for _ in range(moves):
        if g.is_over:
            break
        g.apply(rng.choice(g.legal_actions()))
    return g


# ---------------------------------------------------------------------- card accounting

Where = tuple[str, int]
"""Where a card is: (``hand``/``point``/``jack``/``face``/``joker``/``glasses``/
``scrap``/``deck``/``pending``/``counter``/``revealed``/``removed``, seat or -1)."""

PUBLIC_PLACES = frozenset(
    {
        "point", "jack", "face", "joker", "glasses", "scrap", "pending", "counter", "revealed",
        "removed",
    }
)  # fmt: skip


def card_places(g: Game) -> list[tuple[int, Where]]:
    """Every card of the game with its place, read straight from the game's lists
    (a card listed twice appears twice)."""
    out: list[tuple[int, Where]] = []
    for h in range(g.n):
        out.extend((c, ("hand", h)) for c in g.hands[h])
        for base, _owner, covers in g.points[h]:
            out.append((base, ("point", h)))
            out.extend((j, ("jack", h)) for j, _ in covers)
        for base, _owner, covers in g.faces[h]:
            out.append((base, ("face", h)))
            out.extend((j, ("joker", h)) for j, _ in covers)
        out.extend((c, ("glasses", h)) for c in g.glasses[h])
    out.extend((c, ("scrap", -1)) for c in g.scrap)
    out.extend((c, ("deck", -1)) for c in g.deck)
    out.extend((c, ("revealed", -1)) for c in g.revealed)
    out.extend((c, ("removed", -1)) for c in g.removed)
    p = g.pending
    if p is not None:
        if p.kind == "royal":
            # a royal waiting for answers (team) lies on the table already
            on_table = [c for c, w in out if w[0] in ("jack", "face", "joker")]
            assert p.card in on_table, f"pending royal {CARD_NAMES[p.card]} is not on the table"
        else:
            out.append((p.card, ("pending", -1)))
        out.extend((c, ("counter", -1)) for c in p.counters)
    return out


def check_cards(g: Game) -> dict[int, Where]:
    """Assert every card of the rule set is in the game exactly once; return the places."""
    places = card_places(g)
    counts = Counter(c for c, _ in places)
    expected = set(range(g.rules.card_count))
    twice = sorted(CARD_NAMES[c] for c, k in counts.items() if k > 1)
    missing = sorted(CARD_NAMES[c] for c in expected - counts.keys())
    extra = sorted(CARD_NAMES[c] for c in counts.keys() - expected)
    assert not twice and not missing and not extra, (
        f"card accounting: twice {twice}, missing {missing}, foreign {extra}"
    )
    return dict(places)


# ---------------------------------------------------------------------- knowledge


class Knowledge:
    """Who may know what, followed move by move independently of the engine.

    ``hand[c]`` is the set of seats that may know card ``c`` is in the hand holding it;
    ``deck_top`` the cards in the deck whose place everyone knows (put there face up
    by a nine-to-deck, or a seven's unchosen card).
    """

    def __init__(self, g: Game) -> None:
        """Start tracking at ``g`` (a fresh deal: each seat knows only its own hand)."""
        self.n = g.n
        self.everyone = frozenset(range(g.n))
        self.places = check_cards(g)
        self.hand: dict[int, set[int]] = {
            c: {w[1]} for c, w in self.places.items() if w[0] == "hand"
        }
        self.deck_top: set[int] = set()
        self._open_hands(g)

    def _open_hands(self, g: Game) -> None:
        for h in range(g.n):
            for v in range(g.n):
                if v != h and g.can_see_hand(v, h):
                    for c in g.hands[h]:
                        self.hand[c].add(v)

    def after(self, g: Game, move: Move) -> None:
        """Update after ``move`` was applied to reach ``g``."""
        new = check_cards(g)
        hand: dict[int, set[int]] = {}
        deck_top: set[int] = set()
        for c, (kind, seat) in new.items():
            before = self.places[c]
            if kind == "hand":
                if before[0] == "hand":
                    hand[c] = self.hand[c] | {seat}
                elif before[0] == "deck":
                    hand[c] = set(self.everyone) if c in self.deck_top else {seat}
                elif before[0] == "scrap" and move[0] != TAKE:
                    hand[c] = {seat}  # reshuffled into the deck and drawn unseen
                else:
                    hand[c] = set(self.everyone)
            elif kind == "deck":
                if before[0] == "deck":
                    if c in self.deck_top:
                        deck_top.add(c)
                elif before[0] in PUBLIC_PLACES and before[0] != "scrap":
                    deck_top.add(c)
        self.places = new
        self.hand = hand
        self.deck_top = deck_top
        self._open_hands(g)

    def may_see(self, viewer: int | None, c: int) -> bool:
        """Whether ``viewer`` (``None``: a spectator) may see card ``c`` where it lies."""
        kind = self.places[c][0]
        if kind == "hand":
            seats = self.hand[c]
            return seats == self.everyone if viewer is None else viewer in seats
        if kind == "deck":
            return c in self.deck_top
        return True


# ---------------------------------------------------------------------- illegal moves

GARBAGE = (
    "",
    "   ",
    "draw 7H",
    "pass pass",
    "points",
    "points ZZ",
    "points 7H 8H",
    "scuttle 7H",
    "jack JC",
    "oneoff",
    "discard",
    "discard 7H 7H",
    "take",
    "counter",
    "resolve 2C",
    "resign",
    "p0",
    "7H",
    "hello world",
    "points 1H",
    "points 11H",
    "royal KH KS KD",
    "oneoff 4H p9",
    "jack JC 7H p",
    "points X3",
    "draw agreed",
)


def illegal_candidates(g: Game, legal: list[Move], rng: random.Random, k: int) -> list[str]:
    """About ``k`` move texts made by mutating legal moves (other cards, other targets,
    other verbs, other seats, other discards) plus a few garbage strings.

    Some may happen to be legal; the caller sorts them out."""
    out: list[str] = []
    n_cards = 54
    for _ in range(k):
        verb, c, target, seat, cs = rng.choice(legal)
        r = rng.randrange(6)
        if r == 0:
            c = rng.randrange(n_cards)
        elif r == 1:
            target = rng.randrange(-1, n_cards)
        elif r == 2:
            verb = rng.randrange(len(VERBS))
            if c < 0:
                c = rng.randrange(n_cards)
        elif r == 3:
            seat = rng.randrange(-1, 10)
        elif r == 4:
            verb = DISCARD
            cs = tuple(sorted(rng.sample(range(n_cards), rng.randint(1, 3))))
        else:
            c, target = target, c
        try:
            out.append(move_text((verb, c, target, seat, cs)))
        except (IndexError, KeyError):  # pragma: no cover - move_text of odd tuples
            continue
    out.extend(rng.sample(GARBAGE, 2))
    return out


# ---------------------------------------------------------------------- bad positions

ODD_VALUES: tuple[Any, ...] = (
    None, -1, 0, 1, 7, True, 1.5, "", "??", "7H", "XX", "draw", [], {}, ["7H"], [None],
    {"card": "7H"},
)  # fmt: skip


def mutate_json(obj: Any, rng: random.Random) -> Any:
    """Damage one random place of a JSON object in place (delete a key, repeat a list
    item, or put an odd value there) and return it."""
    path: list[Any] = []
    cur = obj
    while isinstance(cur, dict | list) and cur and (not path or rng.random() < 0.75):
        key: Any = rng.choice(list(cur)) if isinstance(cur, dict) else rng.randrange(len(cur))
        path.append(key)
        cur = cur[key]
    parent = obj
    for key in path[:-1]:
        parent = parent[key]
    last = path[-1]
    r = rng.random()
    if r < 0.2 and isinstance(parent, dict):
        del parent[last]
    elif r < 0.35 and isinstance(parent, list):
        parent.append(copy.deepcopy(parent[last]))
    else:
        parent[last] = rng.choice(ODD_VALUES)
    return obj
