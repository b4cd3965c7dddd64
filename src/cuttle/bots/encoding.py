"""Action and observation encoding shared by every research interface.

One fixed action space serves every rule set (2 to 5 seats, teams, jokers, variants):

* A move ``Move(verb, card, target, seat, cards)`` (see :mod:`cuttle.engine.moves`)
  maps to one index through a table of *blocks*. A block is a verb plus the values its
  card, target and seat fields may take; the index is the block's offset plus the
  position of ``(card, target, seat)`` in that product. Seats are written *relative to
  the seat that acts* (``(seat - actor) % players``), so the same index means the same
  thing from every chair.
* A ``discard`` of several cards is chosen one card at a time, in ascending card order
  (:class:`DiscardChooser`): ``discard-card c`` adds ``c`` to the cards chosen so far,
  and the move is made as soon as the chosen cards are exactly one legal discard.
  ``discard-done`` exists for discards of varying size (none in the current rule sets).
  Each discard therefore is a unique sequence of indices and the space stays small.

The observation is one flat ``float32`` vector built from what the seat's
:class:`~cuttle.engine.observer.Observer` shows only (``game.view(seat)``, the engine's
per-seat view with ``"??"`` for hidden cards, or the same as card indexes), seats rotated
so that the observer comes first; it is that observer's tensor form. :data:`OBS_LAYOUT`
lists its pieces; ``docs/research.md`` tables both layouts.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any, NamedTuple, cast

import numpy as np

from ..engine.cards import CARD_NAMES, KING, POINT_VALUE, QUEEN, RANK_OF, RANKS
from ..engine.moves import (
    COUNTER,
    DISCARD,
    DRAW,
    GLASSES,
    JACK,
    ONEOFF,
    PASS,
    POINTS,
    RESOLVE,
    ROYAL,
    SCRAP,
    SCUTTLE,
    TAKE,
    VERBS,
    Move,
    seated,
)
from ..engine.observer import Observer
from ..engine.rules import PRESETS, RuleSet
from ..engine.seatview import SeatPosition

if TYPE_CHECKING:
    from ..engine.core import Core

try:  # the optional compiled accelerator (setup.py); this module is its reference
    from . import _fastenc
except ImportError:  # pragma: no cover - an install without a C compiler
    _fastenc = None  # type: ignore[assignment]

MAX_SEATS = 5
"""The most seats any rule set has (multiplayer with five)."""
N_CARDS = 54
"""Card indexes 0..53: the 52 ordinary cards and the jokers X1, X2."""


class EncodingError(ValueError):
    """A move, index or view that the encoding cannot represent."""


# --------------------------------------------------------------------------- actions

_ALL = tuple(range(N_CARDS))
_POINT_CARDS = tuple(c for c in range(52) if RANK_OF[c] <= 9)
_JACKS = tuple(c for c in range(52) if RANKS[RANK_OF[c]] == "J")
_JOKERS = (52, 53)
_ROYALS = tuple(c for c in range(52) if RANK_OF[c] in (QUEEN, KING))
_NONE = (-1,)
_SEATS = tuple(range(MAX_SEATS))
_SEAT_OR_NONE = (-1, *range(MAX_SEATS))

DISCARD_CARD = -2
"""Pseudo-verb of the block that picks one card of a discard."""
DISCARD_DONE = -3
"""Pseudo-verb of the index that ends a discard early (only for variable-size discards)."""


@dataclass(frozen=True)
class Block:
    """A verb and the values its ``card``, ``target`` and (relative) ``seat`` may take."""

    name: str
    verb: int
    cards: tuple[int, ...]
    targets: tuple[int, ...]
    seats: tuple[int, ...]
    offset: int = 0

    @property
    def size(self) -> int:
        """Number of indices the block holds."""
        return len(self.cards) * len(self.targets) * len(self.seats)


_BLOCK_SPECS: tuple[tuple[str, int, tuple[int, ...], tuple[int, ...], tuple[int, ...]], ...] = (
    ("draw", DRAW, _NONE, _NONE, _NONE),
    ("pass", PASS, _NONE, _NONE, _NONE),
    ("resolve", RESOLVE, _NONE, _NONE, _NONE),
    ("discard-done", DISCARD_DONE, _NONE, _NONE, _NONE),
    ("discard-card", DISCARD_CARD, _ALL, _NONE, _NONE),
    ("points", POINTS, _ALL, _NONE, _NONE),
    ("glasses", GLASSES, _ALL, _NONE, _NONE),
    ("counter", COUNTER, _ALL, _NONE, _NONE),
    ("take", TAKE, _ALL, _NONE, _NONE),
    ("scrap", SCRAP, _ALL, _NONE, _NONE),
    ("royal", ROYAL, _ALL, _NONE, _NONE),
    ("oneoff", ONEOFF, _ALL, _NONE, _NONE),
    ("oneoff-seat", ONEOFF, _ALL, _NONE, _SEATS),
    ("oneoff-target", ONEOFF, _ALL, _ALL, _NONE),
    ("scuttle", SCUTTLE, _POINT_CARDS, _POINT_CARDS, _NONE),
    ("jack", JACK, _JACKS, _POINT_CARDS, _SEAT_OR_NONE),
    ("royal-target", ROYAL, _JOKERS, _ROYALS, _SEAT_OR_NONE),
)


def _build_blocks() -> tuple[Block, ...]:
    out = []
    offset = 0
    for name, verb, cs, ts, ss in _BLOCK_SPECS:
        b = Block(name, verb, cs, ts, ss, offset)
        out.append(b)
        offset += b.size
    return tuple(out)


BLOCKS: tuple[Block, ...] = _build_blocks()
"""The action layout, in index order."""
NUM_ACTIONS: int = BLOCKS[-1].offset + BLOCKS[-1].size
"""Size of the discrete action space (the same for every rule set)."""

_Key = tuple[int, int, int, int]
_DECODE: list[_Key] = []
_ENCODE: dict[_Key, int] = {}
_BLOCK_OF: list[Block] = []
for _b in BLOCKS:
    for _c in _b.cards:
        for _t in _b.targets:
            for _s in _b.seats:
                _k = (_b.verb, _c, _t, _s)
                if _k in _ENCODE:  # pragma: no cover - a layout error
                    raise AssertionError(f"the action layout repeats {_k}")
                _ENCODE[_k] = len(_DECODE)
                _DECODE.append(_k)
                _BLOCK_OF.append(_b)
assert len(_DECODE) == NUM_ACTIONS
DISCARD_DONE_INDEX = _ENCODE[(DISCARD_DONE, -1, -1, -1)]
_DISCARD_BASE = _ENCODE[(DISCARD_CARD, 0, -1, -1)]

# ------------------------------------------------------------------ compiled accelerator

_COMPILED: bool = _fastenc is not None and os.environ.get("CUTTLE_PURE_PYTHON", "") in ("", "0")


def compiled_available() -> bool:
    """Whether the compiled accelerator (``cuttle.bots._fastenc``) is built."""
    return _fastenc is not None


def compiled_active() -> bool:
    """Whether observations and legal maps are written by the compiled accelerator now
    (it is, when built, unless ``CUTTLE_PURE_PYTHON=1`` or :func:`use_compiled`)."""
    return _COMPILED


def use_compiled(enabled: bool) -> bool:
    """Turn the compiled accelerator on or off (off: the pure-Python reference path);
    return the previous setting. Turning it on raises if it is not built."""
    global _COMPILED
    if enabled and _fastenc is None:
        raise RuntimeError("the compiled accelerator cuttle.bots._fastenc is not built")
    before, _COMPILED = _COMPILED, bool(enabled)
    return before


_KEYS: Any = None


def _action_keys() -> Any:
    """The compiled move -> index map (a dense int16 table of :data:`_ENCODE`)."""
    global _KEYS
    if _KEYS is None:
        assert _fastenc is not None
        n_verbs, n_cards, n_seats = 16, N_CARDS + 1, MAX_SEATS + 1
        table = np.full((n_verbs, n_cards, n_cards, n_seats), -1, dtype=np.int16)
        for (verb, c, t, rel), i in _ENCODE.items():
            if verb >= 0:
                table[verb, c + 1, t + 1, rel + 1] = i
        _KEYS = _fastenc.ActionKeys(table.reshape(-1), DISCARD, NUM_ACTIONS, _DISCARD_BASE)
        _KEYS.make = partial(np.zeros, NUM_ACTIONS, np.int8)
    return _KEYS


if _fastenc is not None:
    _action_keys()  # built once, at import (a few milliseconds)


def compiled_action_keys() -> Any:
    """The compiled move -> index map when the accelerator is active, else None: its
    ``legal_map(legal, actor, players, mask)`` is :func:`legal_indices` with no discard
    card chosen yet (None where one needs the Python path), ``legal_map_new(legal,
    actor, players)`` gives that with a new ``int8`` mask (or None), and
    ``legal_map_obs_new(legal, writer, game, seat)`` that and the observation vector."""
    return (_KEYS or _action_keys()) if _COMPILED else None


def encode_move(move: Move, actor: int, players: int) -> int:
    """Return the index of a non-discard move made by seat ``actor`` of ``players``.

    Raises :class:`EncodingError` for a discard (use :func:`encode_discard`), an unknown
    verb or a field value outside the layout.
    """
    verb, c, target, seat, _cards = move
    if verb == DISCARD:
        raise EncodingError("a discard is a sequence of indices: use encode_discard()")
    rel = (seat - actor) % players if seat >= 0 else -1
    idx = _ENCODE.get((verb, c, target, rel))
    if idx is None:
        name = VERBS[verb] if 0 <= verb < len(VERBS) else f"verb {verb}"
        raise EncodingError(
            f"move ({name}, card {c}, target {target}, seat {seat}) has no place in the "
            f"action layout; extend BLOCKS in cuttle.bots.encoding"
        )
    return idx


def encode_discard(cards: Iterable[int]) -> list[int]:
    """Return the indices that choose the discard of ``cards`` (ascending card order)."""
    return [_DISCARD_BASE + c for c in sorted(cards)]


def decode_action(index: int, actor: int, players: int) -> Move:
    """Return the move of a non-discard ``index`` played by ``actor``.

    A ``discard-card`` index decodes to ``Move(DISCARD, cards=(card,))`` and
    ``discard-done`` to ``Move(DISCARD)``: one step of a discard, which
    :class:`DiscardChooser` turns into the move.
    """
    if not 0 <= index < NUM_ACTIONS:
        raise EncodingError(f"action {index} is outside 0..{NUM_ACTIONS - 1}")
    verb, c, target, rel = _DECODE[index]
    if verb == DISCARD_CARD:
        return Move(DISCARD, cards=(c,))
    if verb == DISCARD_DONE:
        return Move(DISCARD)
    return seated(verb, c, target)[(actor + rel) % players if rel >= 0 else -1]


def action_name(index: int) -> str:
    """Return a readable, seat-free name of ``index`` (``"jack JC 7H +2"``)."""
    if not 0 <= index < NUM_ACTIONS:
        raise EncodingError(f"action {index} is outside 0..{NUM_ACTIONS - 1}")
    verb, c, target, rel = _DECODE[index]
    parts = [_BLOCK_OF[index].name.split("-")[0] if verb >= 0 else _BLOCK_OF[index].name]
    if c >= 0:
        parts.append(CARD_NAMES[c])
    if target >= 0:
        parts.append(CARD_NAMES[target])
    if rel >= 0:
        parts.append(f"+{rel}")
    return " ".join(parts)


class DiscardChooser:
    """The state of a discard made one card at a time.

    Built from the legal moves of the seat to act and the cards chosen so far; it
    gives the indices allowed next and tells when the chosen cards make a move.
    """

    __slots__ = ("chosen", "options")

    def __init__(self, options: Sequence[tuple[int, ...]], chosen: tuple[int, ...] = ()) -> None:
        """``options``: the card tuples of the legal discards; ``chosen``: cards so far."""
        self.options = [tuple(sorted(cs)) for cs in options]
        self.chosen = chosen

    def _matching(self) -> list[tuple[int, ...]]:
        k = len(self.chosen)
        return [cs for cs in self.options if cs[:k] == self.chosen]

    def allowed(self) -> list[int]:
        """Indices allowed now: next cards (ascending) and ``discard-done`` if it applies."""
        k = len(self.chosen)
        found = self._matching()
        nxt = sorted({cs[k] for cs in found if len(cs) > k})
        out = [_DISCARD_BASE + c for c in nxt]
        if self.chosen and self.chosen in found and nxt:
            out.insert(0, DISCARD_DONE_INDEX)
        return out

    def choose(self, index: int) -> tuple[int, ...] | None:
        """Take one step; return the discard's cards once they make a move, else ``None``.

        Raises :class:`EncodingError` if ``index`` is not allowed.
        """
        if index not in self.allowed():
            raise EncodingError(f"action {index} ({action_name(index)}) is not allowed now")
        if index == DISCARD_DONE_INDEX:
            return self.chosen
        self.chosen = (*self.chosen, index - _DISCARD_BASE)
        found = self._matching()
        longer = any(len(cs) > len(self.chosen) for cs in found)
        if self.chosen in found and not longer:
            return self.chosen
        return None


_MOVE_TABLES: dict[tuple[int, int], dict[Move, int]] = {}


def _move_table(actor: int, players: int) -> dict[Move, int]:
    """The memo of :func:`encode_move` for one actor and table size (filled as moves
    come up: a few thousand entries at most, as the action space is fixed)."""
    table = _MOVE_TABLES.get((actor, players))
    if table is None:
        table = _MOVE_TABLES[(actor, players)] = {}
    return table


def legal_indices(
    legal: Sequence[Move],
    actor: int,
    players: int,
    chosen: tuple[int, ...] = (),
    mask: np.ndarray | None = None,
) -> dict[int, Move | None]:
    """Map each legal index to its move (``None`` for a step inside a discard).

    ``legal`` is ``game.legal_actions()``; ``chosen`` the discard cards chosen so far.
    ``mask``, a zeroed one-byte vector of :data:`NUM_ACTIONS` entries (``int8`` or
    ``bool``), gets a 1 at each legal index.
    """
    if _COMPILED and not chosen and type(legal) is list:
        fast: dict[int, Move | None] | None = (_KEYS or _action_keys()).legal_map(
            legal, actor, players, mask
        )
        if fast is not None:
            return fast
        if mask is not None:
            mask.fill(0)  # a discard or an unusual move: the Python path below
    out = _legal_indices(legal, actor, players, chosen)
    if mask is not None:
        w = mask.data.cast("B")  # single entries: cheaper than numpy indexing
        for i in out:
            w[i] = 1
        w.release()
    return out


def _legal_indices(
    legal: Sequence[Move], actor: int, players: int, chosen: tuple[int, ...]
) -> dict[int, Move | None]:
    out: dict[int, Move | None] = {}
    discards: list[tuple[int, ...]] = []
    table = _move_table(actor, players)
    for m in legal:
        if m.verb == DISCARD:
            discards.append(m.cards)
        elif not chosen:
            i = table.get(m)
            if i is None:
                i = table[m] = encode_move(m, actor, players)
            out[i] = m
    if discards:
        chooser = DiscardChooser(discards, chosen)
        for i in chooser.allowed():
            out[i] = None
    return out


# --------------------------------------------------------------------------- observation

KNOWN_PHASES = ("main", "counter", "take", "discard", "seven", "hand-limit", "answer", "over")
"""Phases with a slot of their own; any other phase sets the ``other`` slot."""
PENDING_KINDS = ("oneoff", "scuttle", "royal", "answer")
"""Kinds of pending card with a slot of their own (others set ``other``)."""
RULE_NAMES = tuple(PRESETS)
"""Preset names with a slot of their own (house rules with another name: ``other``)."""

# (name, number of entries, upper bound of each entry)
_PIECES: tuple[tuple[str, int, float], ...] = (
    ("hand", N_CARDS, 1),
    *((f"hand_known_{r}", N_CARDS, 1) for r in range(1, MAX_SEATS)),
    *((f"points_{r}", N_CARDS, 1) for r in range(MAX_SEATS)),
    *((f"faces_{r}", N_CARDS, 1) for r in range(MAX_SEATS)),
    *((f"glasses_{r}", N_CARDS, 1) for r in range(MAX_SEATS)),
    *((f"covers_{r}", N_CARDS, 1) for r in range(MAX_SEATS)),
    ("top_covers", N_CARDS, 1),
    ("stolen", N_CARDS, 1),
    ("scrap", N_CARDS, 1),
    ("deck_known", N_CARDS, 1),
    ("revealed", N_CARDS, 1),
    ("frozen", N_CARDS, 1),
    ("pending_card", N_CARDS, 1),
    ("pending_target", N_CARDS, 1),
    ("pending_counters", N_CARDS, 1),
    ("discard_chosen", N_CARDS, 1),
    ("hand_count", MAX_SEATS, N_CARDS),
    ("score", MAX_SEATS, 220),
    ("goal", MAX_SEATS, 255),
    ("kings", MAX_SEATS, 4),
    ("queens", MAX_SEATS, 4),
    ("skips", MAX_SEATS, 255),
    ("deck_count", 1, N_CARDS),
    ("scrap_count", 1, N_CARDS),
    ("passes", 1, 255),
    ("moves_used", 1, 1),
    ("phase", len(KNOWN_PHASES) + 1, 1),
    ("turn", MAX_SEATS, 1),
    ("to_act", MAX_SEATS, 1),
    ("pending_by", MAX_SEATS, 1),
    ("pending_kind", len(PENDING_KINDS) + 1, 1),
    ("pending_victim", MAX_SEATS, 1),
    ("seats", MAX_SEATS, 1),
    ("partners", MAX_SEATS, 1),
    ("winners", MAX_SEATS, 1),
    ("rules", len(RULE_NAMES) + 1, 1),
)


def _layout() -> dict[str, tuple[int, int]]:
    out = {}
    at = 0
    for name, size, _hi in _PIECES:
        out[name] = (at, size)
        at += size
    return out


OBS_LAYOUT: dict[str, tuple[int, int]] = _layout()
"""Each piece of the observation vector: ``name -> (offset, length)``."""
OBS_SIZE: int = sum(size for _n, size, _h in _PIECES)
"""Length of the observation vector."""
OBS_HIGH: np.ndarray = np.concatenate(
    [np.full(size, hi, dtype=np.float32) for _n, size, hi in _PIECES]
)
"""Upper bound of each observation entry (the lower bound is 0)."""

_CARD = {name: i for i, name in enumerate(CARD_NAMES)}
_O = {name: off for name, (off, _size) in OBS_LAYOUT.items()}
_PHASE_SLOT = {p: i for i, p in enumerate(KNOWN_PHASES)}
_KIND_SLOT = {k: i for i, k in enumerate(PENDING_KINDS)}
_RULE_SLOT = {r: i for i, r in enumerate(RULE_NAMES)}


def _offsets(prefix: str, first: int = 0) -> tuple[int, ...]:
    return tuple(_O[f"{prefix}_{r}"] for r in range(first, MAX_SEATS))


_HAND_OFF = (_O["hand"], *_offsets("hand_known", 1))
_POINTS_OFF = _offsets("points")
_FACES_OFF = _offsets("faces")
_GLASSES_OFF = _offsets("glasses")
_COVERS_OFF = _offsets("covers")
_HIDDEN = "??"


def encode_view(
    view: Mapping[str, Any],
    rules: RuleSet,
    chosen: Sequence[int] = (),
    out: np.ndarray | None = None,
) -> np.ndarray:
    """Return the observation vector of one seat's ``view`` (``game.view(seat)``).

    ``chosen`` are the cards of a discard picked so far. Only the view is read, so no
    card hidden from the seat can reach the vector. ``out`` may be a buffer to fill.
    """
    seat = view["seat"]
    hands = view["hands"]
    n = len(hands)
    if out is None:
        vec = np.zeros(OBS_SIZE, dtype=np.float32)
    else:
        vec = out
        vec.fill(0.0)
    card = _CARD
    o = _O
    ones: list[int] = []
    idx: list[int] = []
    val: list[float] = []
    hc = o["hand_count"]
    for h in range(n):
        hand = hands[h]
        r = (h - seat) % n
        k = len(hand)
        idx.append(hc + r)
        val.append(k)
        if k and hand.count(_HIDDEN) != k:
            base = _HAND_OFF[r]
            ones += [base + card[x] for x in hand if x != _HIDDEN]
    stolen, top = o["stolen"], o["top_covers"]
    for v, fld in enumerate(view["fields"]):
        r = (v - seat) % n
        score = kings = queens = 0
        pts, faces, glasses = fld["points"], fld["faces"], fld["glasses"]
        if pts:
            pb, cb = _POINTS_OFF[r], _COVERS_OFF[r]
            for e in pts:
                if type(e) is str:
                    c = card[e]
                    ones.append(pb + c)
                else:
                    c = card[e["card"]]
                    ones.append(pb + c)
                    if e["owner"] != v:
                        ones.append(stolen + c)
                    covers = [card[j["card"]] for j in e.get("jacks") or ()]
                    if covers:
                        ones += [cb + j for j in covers]
                        ones.append(top + covers[-1])
                score += POINT_VALUE[c]
        if faces:
            fb, cb = _FACES_OFF[r], _COVERS_OFF[r]
            for e in faces:
                if type(e) is str:
                    c = card[e]
                    ones.append(fb + c)
                else:
                    c = card[e["card"]]
                    ones.append(fb + c)
                    if e["owner"] != v:
                        ones.append(stolen + c)
                    covers = [card[j["card"]] for j in e.get("jokers") or ()]
                    if covers:
                        ones += [cb + j for j in covers]
                        ones.append(top + covers[-1])
                rank = RANK_OF[c]
                if rank == KING:
                    kings += 1
                elif rank == QUEEN:
                    queens += 1
        if glasses:
            gb = _GLASSES_OFF[r]
            ones += [gb + card[x] for x in glasses]
        goal = rules.goal(kings)
        idx += (o["score"] + r, o["goal"] + r, o["kings"] + r, o["queens"] + r)
        val += (score, goal if goal < 255 else 255, min(kings, 4), min(queens, 4))
    scrap = view["scrap"]
    if scrap:
        b = o["scrap"]
        ones += [b + card[x] for x in scrap]
    deck = view["deck"]
    if deck and deck.count(_HIDDEN) != len(deck):
        b = o["deck_known"]
        ones += [b + card[x] for x in deck if x != _HIDDEN]
    if view["revealed"]:
        b = o["revealed"]
        ones += [b + card[x] for x in view["revealed"]]
    if view["frozen"]:
        b = o["frozen"]
        ones += [b + card[x] for x in view["frozen"]]
    if chosen:
        b = o["discard_chosen"]
        ones += [b + c for c in chosen]
    passes = view["passes"]
    idx += (o["deck_count"], o["scrap_count"], o["passes"], o["moves_used"])
    val += (
        len(deck),
        len(scrap),
        passes if passes < 255 else 255,
        min(1.0, view.get("moves", 0) / rules.move_cap),
    )
    skips = view.get("skips")
    if skips:
        for s, k in enumerate(skips):
            idx.append(o["skips"] + (s - seat) % n)
            val.append(k if k < 255 else 255)
    ones.append(o["phase"] + _PHASE_SLOT.get(view["phase"], len(KNOWN_PHASES)))
    ones.append(o["turn"] + (view["turn"] - seat) % n)
    ones.append(o["to_act"] + (view["to_act"] - seat) % n)
    p = view["pending"]
    if p is not None:
        ones.append(o["pending_card"] + card[p["card"]])
        if p["target"] is not None:
            ones.append(o["pending_target"] + card[p["target"]])
        if p["counters"]:
            b = o["pending_counters"]
            ones += [b + card[x] for x in p["counters"]]
        ones.append(o["pending_by"] + (p["by"] - seat) % n)
        ones.append(o["pending_kind"] + _KIND_SLOT.get(p.get("kind", "oneoff"), 4))
        if p.get("victim", -1) >= 0:
            ones.append(o["pending_victim"] + (p["victim"] - seat) % n)
    b = o["seats"]
    ones += range(b, b + n)
    b = o["partners"]
    ones += [b + (t - seat) % n for t in rules.team_of(seat)]
    w = view["winner"]
    if w is not None and w != "draw":
        b = o["winners"]
        ones += [b + (t - seat) % n for t in ([w] if isinstance(w, int) else w)]
    ones.append(o["rules"] + _RULE_SLOT.get(rules.name, len(RULE_NAMES)))
    vec.put(ones, 1.0)
    vec.put(idx, val)
    return vec


class SeatEncoder:
    """The observation vector of :func:`encode_view`, built fast from a
    :class:`~cuttle.engine.seatview.SeatPosition`: the seat's position as its
    :class:`~cuttle.engine.observer.Observer` gives it (:meth:`observer`), whose tensor
    form this encoder writes. The encoder never decides what a seat may see.

    One encoder serves one rule set: the parts that never change for a seat (its
    table size, partners, rule set) lie in a template per seat, and only the nonzero
    entries of the rest are written. The vector equals ``encode_view(game.view(seat),
    rules, chosen)`` entry for entry (``tests/envs/test_envs_fastobs.py``).
    """

    __slots__ = ("_c", "_cap", "_goal", "_observers", "_rel", "_rules", "_templates")

    def __init__(self, rules: RuleSet) -> None:
        """Precompute the per-seat templates and offsets of ``rules``."""
        n = rules.players
        if n > MAX_SEATS:
            raise EncodingError(f"the observation holds {MAX_SEATS} seats at most, not {n}")
        self._rules = rules
        self._cap = rules.move_cap
        self._goal = tuple(min(rules.goal(k), 255) for k in range(5))
        rule_slot = _O["rules"] + _RULE_SLOT.get(rules.name, len(RULE_NAMES))
        templates = []
        rel = []
        for seat in range(n):
            t = np.zeros(OBS_SIZE, dtype=np.float32)
            t[_O["seats"] : _O["seats"] + n] = 1.0
            for mate in rules.team_of(seat):
                t[_O["partners"] + (mate - seat) % n] = 1.0
            t[rule_slot] = 1.0
            t[_O["goal"] : _O["goal"] + n] = self._goal[0]
            templates.append(t)
            rel.append(tuple(_seat_offsets((v - seat) % n) for v in range(n)))
        self._templates = tuple(templates)
        self._rel = tuple(rel)
        self._observers = tuple(Observer(rules, seat, layout=self) for seat in range(n))
        self._c: Any = None
        if _fastenc is not None:
            self._c = _fastenc.ObsWriter(
                n, self._cap, self._goal, [t.tobytes() for t in templates], rel, _O,
                POINT_VALUE, RANK_OF, KING, QUEEN, _PHASE_SLOT, len(KNOWN_PHASES),
                _KIND_SLOT, len(PENDING_KINDS),
            )  # fmt: skip
            self._c.make = partial(np.empty, OBS_SIZE, np.float32)

    def encode_game(
        self, game: Core, seat: int, chosen: Sequence[int] = (), out: np.ndarray | None = None
    ) -> np.ndarray:
        """``encode(observer(seat).position(game), chosen, out)``, the tensor form of the
        seat's observer: written straight from the game by the compiled accelerator when
        it is active, else exactly that.

        The compiled writer reads what :func:`~cuttle.engine.seatview.seat_position`
        (the observer's position) lets ``seat`` see and nothing else (byte-equal
        vectors: ``tests/envs/test_envs_compiled.py``).
        """
        c = self._c
        if c is not None and _COMPILED:
            vec = np.empty(OBS_SIZE, dtype=np.float32) if out is None else out
            c.encode(game, seat, chosen, vec)
            return vec
        return self.encode(self._observers[seat].position(game), chosen, out)

    def encode_world(
        self, game: Core, seat: int, chosen: Sequence[int] = (), out: np.ndarray | None = None
    ) -> np.ndarray:
        """The vector of ``seat`` as if it had seen every other hand: the whole world,
        the deck's order aside, in the layout of :meth:`encode_game` (every other hand's
        cards in its ``hand_known`` block).

        For a search that holds a whole (sampled) world, never for a seat at a real
        table: it shows cards the seat may not see. ``game`` is left as it was.
        """
        known = game.known
        bit = 1 << seat
        for h, hand in enumerate(game.hands):
            if h != seat:
                game.show_cards(h, hand, bit)
        try:
            return self.encode_game(game, seat, chosen, out)
        finally:
            game.known = known  # never changed in place: the old one is as it was

    @property
    def rules(self) -> RuleSet:
        """The rule set this encoder serves."""
        return self._rules

    def observer(self, seat: int) -> Observer:
        """The engine's observer of ``seat`` whose tensor form is this encoder's vector
        (its JSON and string forms show the same cards)."""
        return self._observers[seat]

    @property
    def writer(self) -> Any:
        """The compiled writer when the accelerator is active, else None: its
        ``encode(game, seat, chosen, out)`` fills ``out`` (a float32 vector of
        :data:`OBS_SIZE`) as :meth:`encode_game` does and returns it;
        ``encode_new(game, seat, chosen)`` writes into a vector that nobody holds
        (one kept for reuse once every caller has let go of it, or a new one)."""
        return self._c if _COMPILED else None

    def encode(
        self, pos: SeatPosition, chosen: Sequence[int] = (), out: np.ndarray | None = None
    ) -> np.ndarray:
        """Return the observation vector of ``pos`` (``chosen``: discard cards so far).

        A new vector unless ``out`` is given (then it is overwritten and returned).
        """
        (seat, _n, hands, sizes, points, faces_of, glasses_of, scrap, deck_size, deck_top,
         revealed, frozen, p, passes, moves, skips, phase, turn, to_act, winners) = pos  # fmt: skip
        tpl = self._templates[seat]
        if out is None:
            vec = tpl.copy()
        else:
            vec = out
            np.copyto(vec, tpl)
        # single entries through a memoryview: several times cheaper than numpy indexing
        w = cast("memoryview[float]", vec.data)
        rel = self._rel[seat]
        stolen, top = _O_STOLEN, _O_TOP
        for v, (_r, hb, pb, fb, gb, cb, hc, sc, gl, kg, qn, _sk) in enumerate(rel):
            for c in hands[v]:
                w[hb + c] = 1.0
            w[hc] = sizes[v]
            pts = points[v]
            if pts:
                score = 0
                for c, owner, covers in pts:
                    w[pb + c] = 1.0
                    if owner != v:
                        w[stolen + c] = 1.0
                    if covers:
                        for j, _to in covers:
                            w[cb + j] = 1.0
                        w[top + covers[-1].card] = 1.0
                    score += POINT_VALUE[c]
                w[sc] = score
            faces = faces_of[v]
            if faces:
                kings = queens = 0
                for c, owner, covers in faces:
                    w[fb + c] = 1.0
                    if owner != v:
                        w[stolen + c] = 1.0
                    if covers:
                        for j, _to in covers:
                            w[cb + j] = 1.0
                        w[top + covers[-1].card] = 1.0
                    rank = RANK_OF[c]
                    if rank == KING:
                        kings += 1
                    elif rank == QUEEN:
                        queens += 1
                if kings:
                    k = kings if kings < 4 else 4
                    w[kg] = k
                    w[gl] = self._goal[k]
                if queens:
                    w[qn] = queens if queens < 4 else 4
            for c in glasses_of[v]:
                w[gb + c] = 1.0
        if scrap:
            for c in scrap:
                w[_O_SCRAP + c] = 1.0
            w[_O_SCRAP_COUNT] = len(scrap)
        for c in deck_top:
            w[_O_DECK_KNOWN + c] = 1.0
        w[_O_DECK_COUNT] = deck_size
        for c in revealed:
            w[_O_REVEALED + c] = 1.0
        for c in frozen:
            w[_O_FROZEN + c] = 1.0
        for c in chosen:
            w[_O_CHOSEN + c] = 1.0
        if passes:
            w[_O_PASSES] = passes if passes < 255 else 255
        if moves:
            used = moves / self._cap
            w[_O_MOVES] = used if used < 1.0 else 1.0
        for v, k in enumerate(skips):
            if k:
                w[rel[v].skips] = k if k < 255 else 255
        w[_O_PHASE + _PHASE_SLOT.get(phase, len(KNOWN_PHASES))] = 1.0
        w[_O_TURN + rel[turn].r] = 1.0
        w[_O_TO_ACT + rel[to_act].r] = 1.0
        if p is not None:
            w[_O_PENDING_CARD + p.card] = 1.0
            if p.target >= 0:
                w[_O_PENDING_TARGET + p.target] = 1.0
            for c in p.counters:
                w[_O_PENDING_COUNTERS + c] = 1.0
            w[_O_PENDING_BY + rel[p.by].r] = 1.0
            w[_O_PENDING_KIND + _KIND_SLOT.get(p.kind, len(PENDING_KINDS))] = 1.0
            if p.victim >= 0:
                w[_O_PENDING_VICTIM + rel[p.victim].r] = 1.0
        if winners:
            for t in winners:
                w[_O_WINNERS + rel[t].r] = 1.0
        w.release()
        return vec


class _SeatOffsets(NamedTuple):
    """Where the pieces of one seat, ``r`` places after the observer, lie."""

    r: int
    hand: int
    points: int
    faces: int
    glasses: int
    covers: int
    hand_count: int
    score: int
    goal: int
    kings: int
    queens: int
    skips: int


def _seat_offsets(r: int) -> _SeatOffsets:
    return _SeatOffsets(
        r,
        _HAND_OFF[r],
        _POINTS_OFF[r],
        _FACES_OFF[r],
        _GLASSES_OFF[r],
        _COVERS_OFF[r],
        _O["hand_count"] + r,
        _O["score"] + r,
        _O["goal"] + r,
        _O["kings"] + r,
        _O["queens"] + r,
        _O["skips"] + r,
    )


_O_STOLEN = _O["stolen"]
_O_TOP = _O["top_covers"]
_O_SCRAP = _O["scrap"]
_O_SCRAP_COUNT = _O["scrap_count"]
_O_DECK_KNOWN = _O["deck_known"]
_O_DECK_COUNT = _O["deck_count"]
_O_REVEALED = _O["revealed"]
_O_FROZEN = _O["frozen"]
_O_CHOSEN = _O["discard_chosen"]
_O_PASSES = _O["passes"]
_O_MOVES = _O["moves_used"]
_O_PHASE = _O["phase"]
_O_TURN = _O["turn"]
_O_TO_ACT = _O["to_act"]
_O_PENDING_CARD = _O["pending_card"]
_O_PENDING_TARGET = _O["pending_target"]
_O_PENDING_COUNTERS = _O["pending_counters"]
_O_PENDING_BY = _O["pending_by"]
_O_PENDING_KIND = _O["pending_kind"]
_O_PENDING_VICTIM = _O["pending_victim"]
_O_WINNERS = _O["winners"]


def observation_string(view: Mapping[str, Any], chosen: Sequence[int] = ()) -> str:
    """Return a compact one-line text of ``view`` (and the discard chosen so far)."""
    parts = [
        f"p{view['seat']} turn p{view['turn']} {view['phase']} to_act p{view['to_act']}",
    ]
    for h, hand in enumerate(view["hands"]):
        parts.append(f"hand{h}[{' '.join(hand)}]")
    for v, fld in enumerate(view["fields"]):
        items = []
        for key in ("points", "faces", "glasses"):
            for e in fld[key]:
                if isinstance(e, str):
                    items.append(e)
                else:
                    covers = e.get("jacks") or e.get("jokers") or []
                    tail = "".join(f"<{c['card']}>p{c['to']}" for c in covers)
                    items.append(f"{e['card']}(p{e['owner']}){tail}")
        parts.append(f"field{v}[{' '.join(items)}]")
    deck = view["deck"]
    known = [x for x in deck if x != "??"]
    parts.append(f"deck{len(deck)}[{' '.join(known)}]")
    parts.append(f"scrap[{' '.join(view['scrap'])}]")
    if view["revealed"]:
        parts.append(f"revealed[{' '.join(view['revealed'])}]")
    if view["frozen"]:
        parts.append(f"frozen[{' '.join(view['frozen'])}]")
    p = view["pending"]
    if p is not None:
        parts.append(
            f"pending[{p['card']} by p{p['by']} target {p['target']} "
            f"{p.get('kind', 'oneoff')} counters {' '.join(p['counters'])}]"
        )
    if view["passes"]:
        parts.append(f"passes{view['passes']}")
    if view.get("skips"):
        parts.append(f"skips{view['skips']}")
    if view["winner"] is not None:
        parts.append(f"winner {view['winner']}")
    if chosen:
        parts.append(f"chosen[{' '.join(CARD_NAMES[c] for c in chosen)}]")
    parts.append(f"moves{view.get('moves', 0)}")
    return " ".join(parts)


def visible_cards(view: Mapping[str, Any]) -> set[int]:
    """Every card the view shows by name (for leak tests)."""
    names: list[str] = []
    for hand in view["hands"]:
        names.extend(hand)
    for fld in view["fields"]:
        for key in ("points", "faces"):
            for e in fld[key]:
                if isinstance(e, str):
                    names.append(e)
                else:
                    names.append(e["card"])
                    names.extend(c["card"] for c in e.get("jacks") or e.get("jokers") or [])
        names.extend(fld["glasses"])
    names.extend(view["scrap"])
    names.extend(view["deck"])
    names.extend(view["revealed"])
    names.extend(view["frozen"])
    p = view["pending"]
    if p is not None:
        names.append(p["card"])
        if p["target"] is not None:
            names.append(p["target"])
        names.extend(p["counters"])
    return {_CARD[x] for x in names if x != "??"}


def card_planes(vec: np.ndarray) -> set[int]:
    """Every card index set in any card plane of an observation vector."""
    planes = vec[: OBS_LAYOUT["hand_count"][0]].reshape(-1, N_CARDS)
    return {int(c) for c in np.flatnonzero(planes.any(axis=0))}
