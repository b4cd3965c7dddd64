"""Positions as JSON (notation.md): writing, per-seat views, reading with validation,
and dealing a full position consistent with one seat's view, for any
:class:`~cuttle.engine.core.Core` class (the public wrappers returning a
:class:`~cuttle.engine.game.Game` are in :mod:`cuttle.engine.position`).

Extra keys this engine writes beyond notation.md (only when not at their default) are
documented in ``docs/notation.md``: ``moves``, ``termination``, ``skips``, ``known``,
``deck_known``, ``removed``, inside ``pending``, ``kind``, ``victim``, ``counter_seats`` and
``seven``, and on a jack or joker ``by`` (the seat that played it, when not its ``to``).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, TypeVar

from .cards import (
    CARD_NAMES,
    EIGHT,
    JACK,
    JOKER_RANK,
    KING,
    QUEEN,
    RANK_OF,
    TWO,
    card,
    is_point_card,
)
from .core import Core
from .errors import CuttleError, InvalidPositionError
from .reachable import check_ending, check_hands
from .rules import RuleSet, get_rules, removal_fits
from .table import (
    DECISION_PHASES,
    KIND_ANSWER,
    KIND_ONEOFF,
    KIND_ROYAL,
    KIND_SCUTTLE,
    OVER,
    PHASES,
    Cover,
    Pending,
    Phase,
    Stack,
    Termination,
)

C = TypeVar("C", bound=Core)
_TERMINATIONS = tuple(Termination)

HIDDEN = "??"
KEYS = (
    "rules", "variants", "turn", "phase", "to_act", "hands", "fields", "scrap", "deck",
    "frozen", "passes", "pending", "revealed", "winner",
)  # fmt: skip
_KINDS = ("oneoff", "scuttle", "royal", "answer")


def _cover_json(c: int, to: int, played_by: Mapping[int, int]) -> dict[str, Any]:
    out: dict[str, Any] = {"card": CARD_NAMES[c], "to": to}
    by = played_by.get(c, to)
    if by != to:
        out["by"] = by
    return out


def _stack_json(st: Stack, seat: int, cover_key: str, played_by: Mapping[int, int]) -> Any:
    base, owner, covers = st
    if not covers and owner == seat:
        return CARD_NAMES[base]
    return {
        "card": CARD_NAMES[base],
        "owner": owner,
        cover_key: [_cover_json(c, to, played_by) for c, to in covers],
    }


def _winner_json(g: Core) -> Any:
    if g.winners is None:
        return None
    if not g.winners:
        return "draw"
    if len(g.winners) == 1:
        return g.winners[0]
    return list(g.winners)


def _visible(g: Core, viewer: int | None, holder: int) -> bool:
    if viewer is not None:
        return g.can_see_hand(viewer, holder)
    if g.winners is not None:
        return True
    rules = g.rules
    if g.hands_open():
        return True
    if rules.open_hands_on_empty_deck and not g.deck and not g.revealed:
        return True
    return rules.glasses_public and any(g.glasses[v] for v in range(g.n) if v != holder)


def to_json(g: Core, viewer: int | None = -1) -> dict[str, Any]:
    """Return the position as a JSON-ready dict.

    ``viewer=-1`` (the default) gives the full position; a seat number gives what that
    seat may see; ``None`` gives the public (spectator) view. Hidden cards are ``"??"``.
    """
    full = viewer == -1
    n = g.n
    hands: list[list[str]] = []
    for h in range(n):
        hand = sorted(g.hands[h])
        if full or _visible(g, viewer, h):
            hands.append([CARD_NAMES[c] for c in hand])
        else:
            bit = (1 << viewer) if viewer is not None else -1
            if viewer is None:
                every = (1 << n) - 1
                shown = [c for c in hand if g.known.get(c, 0) == every]
            else:
                shown = [c for c in hand if g.known.get(c, 0) & bit]
            hands.append([CARD_NAMES[c] for c in shown] + [HIDDEN] * (len(hand) - len(shown)))
    deck_top_first = list(reversed(g.deck))
    if full:
        deck = [CARD_NAMES[c] for c in deck_top_first]
    else:
        k = min(g.deck_known, len(deck_top_first))
        deck = [CARD_NAMES[c] for c in deck_top_first[:k]] + [HIDDEN] * (len(deck_top_first) - k)
    fields = [
        {
            "points": [_stack_json(st, v, "jacks", g.played_by) for st in sorted(g.points[v])],
            "faces": [_stack_json(st, v, "jokers", g.played_by) for st in sorted(g.faces[v])],
            "glasses": [CARD_NAMES[c] for c in sorted(g.glasses[v])],
        }
        for v in range(n)
    ]
    pending: dict[str, Any] | None = None
    p = g.pending
    if p is not None:
        pending = {
            "card": CARD_NAMES[p.card],
            "by": p.by,
            "target": CARD_NAMES[p.target] if p.target >= 0 else None,
            "counters": [CARD_NAMES[c] for c in p.counters],
        }
        if p.kind != KIND_ONEOFF:
            pending["kind"] = p.kind
        if p.victim >= 0:
            pending["victim"] = p.victim
        if n > 2 and p.counter_seats:
            pending["counter_seats"] = list(p.counter_seats)
        if p.seven >= 0:
            pending["seven"] = CARD_NAMES[p.seven]
    out: dict[str, Any] = {
        "rules": g.rules.name,
        "variants": list(g.rules.variants),
        "turn": g.turn,
        "phase": g.phase,
        "to_act": g.to_act,
        "hands": hands,
        "fields": fields,
        "scrap": [CARD_NAMES[c] for c in g.scrap],
        "deck": deck,
        "frozen": [CARD_NAMES[c] for c in sorted(g.frozen)],
        "passes": g.passes,
        "pending": pending,
        "revealed": [CARD_NAMES[c] for c in g.revealed],
        "winner": _winner_json(g),
    }
    if g.removed:
        out["removed"] = [CARD_NAMES[c] for c in g.removed]
    if g.moves_played:
        out["moves"] = g.moves_played
    if g.termination is not None:
        out["termination"] = g.termination
    if any(g.skips):
        out["skips"] = list(g.skips)
    if full:
        known = {}
        for h in range(n):
            for c in sorted(g.hands[h]):
                others = g.known.get(c, 1 << h) & ~(1 << h)
                if others:
                    known[CARD_NAMES[c]] = [v for v in range(n) if others >> v & 1]
        if known:
            out["known"] = known
        if g.deck_known:
            out["deck_known"] = g.deck_known
    elif viewer is not None:
        out["seat"] = viewer
    return out


# ---------------------------------------------------------------------- reading


class _Reader:
    """Collects the cards of a position with where each was found."""

    def __init__(self, hidden_ok: bool) -> None:
        self.where: dict[int, str] = {}
        self.hidden = 0
        self.hidden_ok = hidden_ok

    def one(self, value: Any, where: str) -> int:
        if value == HIDDEN and self.hidden_ok:
            self.hidden += 1
            return -1
        if not isinstance(value, str):
            raise InvalidPositionError(f"{where}: expected a card name, got {value!r}")
        try:
            c = card(value)
        except CuttleError:
            raise InvalidPositionError(f"{where}: {value!r} is not a card") from None
        if c in self.where:
            raise InvalidPositionError(
                f"{CARD_NAMES[c]} appears twice ({self.where[c]} and {where})"
            )
        self.where[c] = where
        return c

    def many(self, values: Any, where: str) -> list[int]:
        if not isinstance(values, list):
            raise InvalidPositionError(f"{where}: expected a list of cards")
        return [self.one(v, where) for v in values]


def _seat(value: Any, n: int, where: str, allow_none: bool = False) -> int:
    if value is None and allow_none:
        return -1
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < n:
        raise InvalidPositionError(f"{where}: {value!r} is not a seat (0 to {n - 1})")
    return value


def _read_stack(
    entry: Any,
    seat: int,
    n: int,
    rd: _Reader,
    where: str,
    cover_key: str,
    played_by: dict[int, int],
) -> Stack:
    if isinstance(entry, str):
        return Stack(rd.one(entry, where), seat)
    if not isinstance(entry, Mapping):
        raise InvalidPositionError(f"{where}: expected a card or an object")
    base = rd.one(entry.get("card"), where)
    owner = _seat(entry.get("owner"), n, f"{where} owner")
    raw = entry.get(cover_key, [])
    if not isinstance(raw, list):
        raise InvalidPositionError(f"{where}: '{cover_key}' must be a list")
    covers: list[Cover] = []
    for i, cov in enumerate(raw):
        if not isinstance(cov, Mapping):
            raise InvalidPositionError(f"{where}: each of '{cover_key}' is {{card, to}}")
        c = rd.one(cov.get("card"), f"{where} {cover_key}")
        to = _seat(cov.get("to"), n, f"{where} {cover_key}[{i}] to")
        if cov.get("by") is not None:
            by = _seat(cov.get("by"), n, f"{where} {cover_key}[{i}] by")
            if by != to:
                played_by[c] = by
        covers.append(Cover(c, to))
    if covers and covers[-1].to != seat:
        raise InvalidPositionError(
            f"{where}: the top of {CARD_NAMES[base]}'s stack gives it to p{covers[-1].to}, "
            f"but it lies on p{seat}'s field"
        )
    if not covers and owner != seat:
        raise InvalidPositionError(
            f"{where}: {CARD_NAMES[base]} belongs to p{owner} but lies on p{seat}'s field "
            "with nothing on it"
        )
    return Stack(base, owner, tuple(covers))


def from_json(
    obj: Mapping[str, Any], rules: RuleSet | None, cls: type[C], *, hidden_ok: bool = False
) -> C:
    """Read and validate a position; return the game (of class ``cls``) it describes.

    Raises :class:`InvalidPositionError` naming the first problem found (a card twice,
    missing cards, a jack on nothing, a seat out of range, ...). ``rules`` overrides the
    rule set named in the position (for house rules). ``hidden_ok`` accepts ``"??"``
    cards (used when dealing from a view).
    """
    if not isinstance(obj, Mapping):
        raise InvalidPositionError("a position must be a JSON object")
    missing = [k for k in KEYS if k not in obj]
    if missing:
        raise InvalidPositionError(f"position lacks {', '.join(missing)}")
    hands_raw = obj["hands"]
    if not isinstance(hands_raw, list) or not hands_raw:
        raise InvalidPositionError("'hands' must be a list with one hand per seat")
    n = len(hands_raw)
    variants = obj["variants"]
    if not isinstance(variants, list) or not all(isinstance(v, str) for v in variants):
        raise InvalidPositionError("'variants' must be a list of names")
    try:
        rs = rules if rules is not None else get_rules(str(obj["rules"]), variants, n)
    except CuttleError as exc:
        raise InvalidPositionError(str(exc)) from None
    if rs.players != n:
        raise InvalidPositionError(f"{rs.name} here has {rs.players} seats, the position {n}")
    g = cls(rs)
    rd = _Reader(hidden_ok)
    played_by: dict[int, int] = {}
    hidden_hands: list[int] = []
    for h, hand in enumerate(hands_raw):
        cs = rd.many(hand, f"p{h}'s hand")
        g.hands[h] = [c for c in cs if c >= 0]
        hidden_hands.append(len(cs) - len(g.hands[h]))
    fields = obj["fields"]
    if not isinstance(fields, list) or len(fields) != n:
        raise InvalidPositionError(f"'fields' must list {n} fields")
    for v, fld in enumerate(fields):
        if not isinstance(fld, Mapping):
            raise InvalidPositionError(f"p{v}'s field must be an object")
        for key in ("points", "faces", "glasses"):
            if not isinstance(fld.get(key, []), list):
                raise InvalidPositionError(f"p{v}'s {key} must be a list")
        for e in fld.get("points", []):
            st = _read_stack(e, v, n, rd, f"p{v}'s points", "jacks", played_by)
            if st.card < 0 or not is_point_card(st.card):
                raise InvalidPositionError(
                    f"p{v}'s points: {CARD_NAMES[st.card] if st.card >= 0 else '??'} "
                    "is not a point card (ace to ten)"
                )
            for j, _ in st.covers:
                if RANK_OF[j] != JACK:
                    raise InvalidPositionError(f"p{v}'s points: {CARD_NAMES[j]} is not a jack")
            g.points[v].append(st)
        for e in fld.get("faces", []):
            st = _read_stack(e, v, n, rd, f"p{v}'s faces", "jokers", played_by)
            if st.card < 0 or not (
                RANK_OF[st.card] in (KING, QUEEN) or _house_kind(rs, st.card) == "permanent"
            ):
                raise InvalidPositionError(
                    f"p{v}'s faces: only kings, queens and house permanents lie there"
                )
            for j, _ in st.covers:
                if RANK_OF[j] != JOKER_RANK and _house_kind(rs, j) != "royal":
                    raise InvalidPositionError(
                        f"p{v}'s faces: {CARD_NAMES[j]} is not a joker "
                        "(or a house card that moves permanents)"
                    )
            g.faces[v].append(st)
        for c in rd.many(fld.get("glasses", []), f"p{v}'s glasses"):
            if RANK_OF[c] != EIGHT:
                raise InvalidPositionError(f"p{v}'s glasses: {CARD_NAMES[c]} is not an eight")
            g.set_glasses(v, [*g.glasses[v], c])
    g.played_by = played_by
    g.scrap = rd.many(obj["scrap"], "the scrap")
    deck = rd.many(obj["deck"], "the deck")
    hidden_deck = sum(1 for c in deck if c < 0)
    g.deck = list(reversed(deck))
    g.revealed = rd.many(obj["revealed"], "revealed")
    g.removed = rd.many(obj.get("removed", []), "removed")
    if -1 in g.scrap or -1 in g.revealed or -1 in g.removed:
        raise InvalidPositionError("only hands and the deck may hold hidden cards")
    if not removal_fits(g.removed, rs.remove):
        want = " ".join(rs.remove) or "nothing"
        raise InvalidPositionError(
            f"'removed' must hold the cards {rs.name} sets aside ({want}), "
            f"not {' '.join(CARD_NAMES[c] for c in g.removed) or 'nothing'}"
        )
    pend = obj["pending"]
    if pend is not None:
        if not isinstance(pend, Mapping):
            raise InvalidPositionError("'pending' must be null or an object")
        kind = pend.get("kind", KIND_ONEOFF)
        if kind not in _KINDS:
            raise InvalidPositionError(f"pending kind {kind!r} unknown")
        if kind == KIND_ROYAL:
            # the royal waiting for answers already lies on the table
            pc = _table_card(pend.get("card"), rd, "pending royal")
        else:
            pc = rd.one(pend.get("card"), "pending")
        by = _seat(pend.get("by"), n, "pending by")
        target = -1
        if pend.get("target") is not None:
            target = _card_name(pend["target"], "pending target")
            if target not in rd.where:
                raise InvalidPositionError(f"pending target {pend['target']!r} is not on the table")
        victim = _seat(pend.get("victim"), n, "pending victim", allow_none=True)
        seven = -1
        if pend.get("seven") is not None:
            seven = _card_name(pend["seven"], "pending seven")
            if seven not in g.scrap:
                raise InvalidPositionError(
                    f"pending seven {pend['seven']!r}: the seven that revealed the one-off "
                    "lies in the scrap"
                )
        p = Pending(pc, by, target, kind, victim, seven)
        p.counters = rd.many(pend.get("counters", []), "pending counters")
        for c in p.counters:
            if RANK_OF[c] != TWO and kind != "scuttle":
                raise InvalidPositionError(f"pending counters: {CARD_NAMES[c]} is not a two")
        seats = pend.get("counter_seats")
        if seats is None:
            seats = [(by + 1 + i) % 2 if n == 2 else -1 for i in range(len(p.counters))]
            if n > 2 and p.counters:
                raise InvalidPositionError("pending needs 'counter_seats' with 3 or more seats")
        if not isinstance(seats, list) or len(seats) != len(p.counters):
            raise InvalidPositionError("pending 'counter_seats' must match 'counters'")
        p.counter_seats = [_seat(x, n, "pending counter_seats") for x in seats]
        g.pending = p
    total = len(rd.where) + rd.hidden
    if total != rs.card_count:
        absent = [CARD_NAMES[c] for c in range(rs.card_count) if c not in rd.where]
        extra = f"; missing {' '.join(absent[:10])}" if absent and not rd.hidden else ""
        raise InvalidPositionError(
            f"the position holds {total} cards; {rs.name} plays with {rs.card_count}{extra}"
        )
    bad = [c for c in rd.where if c >= rs.card_count]
    if bad:
        raise InvalidPositionError(f"{CARD_NAMES[bad[0]]} is not in a {rs.name} deck")
    phase = obj["phase"]
    if phase not in PHASES:
        raise InvalidPositionError(f"unknown phase {phase!r}; phases: {', '.join(PHASES)}")
    g.phase = Phase(phase)
    g.turn = _seat(obj["turn"], n, "turn")
    g.to_act = _seat(obj["to_act"], n, "to_act")
    frozen = obj["frozen"]
    if not isinstance(frozen, list):
        raise InvalidPositionError("'frozen' must be a list")
    for name in frozen:
        c = _card_name(name, "frozen")
        if not any(c in h for h in g.hands):
            raise InvalidPositionError(f"frozen card {name!r} is not in a hand")
        g.freeze(c)
    passes = obj["passes"]
    if not isinstance(passes, int) or passes < 0:
        raise InvalidPositionError("'passes' must be a whole number")
    g.passes = passes
    g.moves_played = _count(obj.get("moves", 0), "moves")
    skips = obj.get("skips", [0] * n)
    if not isinstance(skips, list) or len(skips) != n:
        raise InvalidPositionError("'skips' must list one number per seat")
    g.skips = [_count(x, "skips") for x in skips]
    g.deck_known = min(_count(obj.get("deck_known", 0), "deck_known"), len(g.deck))
    known = obj.get("known", {})
    if not isinstance(known, Mapping):
        raise InvalidPositionError("'known' must map cards to seats")
    holders = {c: h for h, hand in enumerate(g.hands) for c in hand}
    shown: dict[int, int] = {}
    for name, seats in known.items():
        c = _card_name(name, "known")
        if c not in holders:
            raise InvalidPositionError(f"known card {name} is not in a hand")
        if not isinstance(seats, list):
            raise InvalidPositionError(f"known card {name}: expected a list of seats")
        mask = shown.get(c, 1 << holders[c])
        for x in seats:
            mask |= 1 << _seat(x, n, "known")
        shown[c] = mask
    g.known = {c: m for c, m in shown.items() if m != 1 << holders[c]}
    _read_winner(g, obj)
    _check_phase(g, hidden_hands, hidden_deck)
    check_ending(g)  # could the position arise in play? (see engine/reachable.py)
    check_hands(g, hidden_hands)
    g.start_position = to_json(g) if not rd.hidden else None
    return g


def _card_name(value: Any, where: str) -> int:
    """Read one card name, or raise :class:`InvalidPositionError` saying where."""
    if not isinstance(value, str):
        raise InvalidPositionError(f"{where}: expected a card name, got {value!r}")
    try:
        return card(value)
    except CuttleError:
        raise InvalidPositionError(f"{where}: {value!r} is not a card") from None


def _table_card(value: Any, rd: _Reader, where: str) -> int:
    """Read a card that must already have been read on a field."""
    c = _card_name(value, where)
    place = rd.where.get(c, "")
    if not place.endswith(("points jacks", "faces", "faces jokers")):
        raise InvalidPositionError(f"{where}: {CARD_NAMES[c]} is not a royal on the table")
    return c


def _count(value: Any, where: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise InvalidPositionError(f"'{where}' must be a whole number")
    return value


def _read_winner(g: Core, obj: Mapping[str, Any]) -> None:
    w = obj["winner"]
    if w is None:
        if g.phase == OVER:
            raise InvalidPositionError("phase 'over' needs a winner (or 'draw')")
        return
    if w == "draw":
        g.winners = ()
    elif isinstance(w, int) and not isinstance(w, bool):
        g.winners = (_seat(w, g.n, "winner"),)
    elif isinstance(w, list):
        g.winners = tuple(sorted(_seat(x, g.n, "winner") for x in w))
    else:
        raise InvalidPositionError(f"winner {w!r} must be null, a seat, a list or 'draw'")
    g.phase = OVER
    term = obj.get("termination", Termination.DRAW if not g.winners else Termination.POINTS)
    if term not in _TERMINATIONS:
        raise InvalidPositionError(
            f"unknown termination {term!r}; terminations: {', '.join(_TERMINATIONS)}"
        )
    g.termination = Termination(term)


def _check_phase(g: Core, hidden_hands: list[int], hidden_deck: int) -> None:
    """Refuse positions whose phase and table disagree."""
    phase: str = g.phase  # compared with the phases' texts below
    if phase == OVER:
        return
    if g.passes >= g.rules.pass_limit:
        raise InvalidPositionError(
            f"{g.passes} passes in a row would already have drawn the game "
            f"({g.rules.pass_limit} end it)"
        )
    for seat in range(g.n):
        if g.score(seat) >= g.goal(seat):
            raise InvalidPositionError(
                f"p{seat} has {g.score(seat)} points against a goal of {g.goal(seat)}: "
                "the game is over, so 'winner' cannot be null"
            )
    needs_pending = phase in ("counter", "answer", *DECISION_PHASES)
    if needs_pending and g.pending is None:
        raise InvalidPositionError(f"phase {phase!r} needs a pending card")
    if phase == "main" and g.pending is not None:
        raise InvalidPositionError("phase 'main' cannot have a pending card")
    if phase != "main" and g.pending is not None:
        _check_pending(g, g.pending)
    if (phase == "seven") != bool(g.revealed):
        raise InvalidPositionError("revealed cards belong to phase 'seven' only")
    if phase == "main" and g.to_act != g.turn:
        raise InvalidPositionError("in phase 'main' the seat to act is the seat whose turn it is")
    if phase in ("counter", "answer"):
        p = g.pending
        assert p is not None
        last = p.last if phase == "counter" else p.by
        if g.to_act not in g.responders(last):
            raise InvalidPositionError(f"p{g.to_act} may not answer p{last}'s card")
    if phase == "hand-limit":
        size = len(g.hands[g.to_act]) + hidden_hands[g.to_act]
        if not 0 < g.rules.hand_limit < size:
            raise InvalidPositionError("phase 'hand-limit' needs a hand over the limit")
    if phase in DECISION_PHASES:
        p = g.pending
        assert p is not None
        effect = g.rules.effect_of(p.card)
        assert effect is not None
        problem = effect.pending_problem(g, p, hidden_hands)
        if problem:
            raise InvalidPositionError(problem)


_PHASE_KINDS = {
    "counter": (KIND_ONEOFF, KIND_ANSWER, KIND_SCUTTLE),
    "take": (KIND_ONEOFF,),
    "discard": (KIND_ONEOFF,),
    "seven": (KIND_ONEOFF,),
    "pick": (KIND_ONEOFF,),
    "answer": (KIND_ROYAL,),
}


def _house_kind(rules: RuleSet, c: int) -> str:
    """How card ``c`` is played by its effect in ``rules`` (``""`` without one)."""
    effect = rules.effect_of(c)
    return effect.kind if effect is not None else ""


def _check_pending(g: Core, p: Pending) -> None:
    """Refuse a pending card that its phase, its rules or the table cannot explain."""
    name = CARD_NAMES[p.card]
    phase = g.phase
    if p.kind not in _PHASE_KINDS.get(phase, ()):
        raise InvalidPositionError(f"phase {phase!r} cannot have a pending card of kind {p.kind!r}")
    effect = g.rules.effect_of(p.card)
    if p.kind in (KIND_ONEOFF, KIND_ANSWER):
        if effect is None or effect.kind != "oneoff":
            raise InvalidPositionError(f"pending {name} is not a one-off in {g.rules.name}")
        key = effect.key
        if phase in DECISION_PHASES and phase not in effect.phases:
            raise InvalidPositionError(f"pending {name} ({key}) cannot lead to phase {phase!r}")
        targeted = effect.targeted
        if targeted and p.target < 0:
            raise InvalidPositionError(f"pending {name} ({key}) needs a target")
        if not targeted and p.target >= 0:
            raise InvalidPositionError(f"pending {name} ({key}) takes no target")
        if targeted:
            try:
                g.locate(p.target)
            except AssertionError:
                raise InvalidPositionError(
                    f"pending target {CARD_NAMES[p.target]} is not a card a one-off can reach "
                    "(the top card of a stack, a royal or glasses on the table)"
                ) from None
    elif p.kind == KIND_SCUTTLE:
        if not is_point_card(p.card) or p.target < 0:
            raise InvalidPositionError("a pending scuttle needs a point card and a target")
        try:
            g.find_point(p.target)
        except AssertionError:
            raise InvalidPositionError(
                f"pending scuttle target {CARD_NAMES[p.target]} is not a point card on the table"
            ) from None


# ---------------------------------------------------------------------- sampling


def deal_from_view(
    view: Mapping[str, Any], rng: random.Random, rules: RuleSet | None, cls: type[C]
) -> C:
    """Deal a full position consistent with ``view``: every ``"??"`` becomes one of the
    cards the viewer has not seen, uniformly at random.

    The cards a seat knows (its hand, hands open to it, cards it saw go into a hand,
    known deck tops) are all written in its view, so the result agrees with everything
    that seat knows. ``rules`` gives the rule set when the view's name does not (house
    rules); by default it is read from the view.
    """
    if rules is None:
        rules = get_rules(str(view["rules"]), view["variants"], len(view["hands"]))
    n_cards = rules.card_count
    seen: set[str] = set()

    def collect(x: Any) -> None:
        if isinstance(x, str):
            if x != HIDDEN:
                seen.add(x)
        elif isinstance(x, Mapping):
            for k, val in x.items():
                if k not in ("owner", "to", "by", "kind", "victim"):
                    collect(val)
        elif isinstance(x, list):
            for val in x:
                collect(val)

    for key in ("hands", "fields", "scrap", "deck", "pending", "revealed", "removed"):
        collect(view.get(key, []))
    unseen = [CARD_NAMES[c] for c in range(n_cards) if CARD_NAMES[c] not in seen]
    rng.shuffle(unseen)
    it = iter(unseen)

    def fill(cards: Sequence[str]) -> list[str]:
        return [next(it) if x == HIDDEN else x for x in cards]

    full = dict(view)
    seat = full.pop("seat", None)
    full["hands"] = [fill(h) for h in view["hands"]]
    full["deck"] = fill(view["deck"])
    # What the viewer knows stays known in the dealt position, so that its view of the
    # deal is the view it was dealt from: cards it saw go into other hands, and the deck's
    # known top cards.
    known: dict[str, list[int]] = {}
    if isinstance(seat, int):
        for h, hand in enumerate(view["hands"]):
            if h != seat:
                known.update((x, [seat]) for x in hand if x != HIDDEN)
    if known:
        full["known"] = known
    tops = 0
    for x in view["deck"]:
        if x == HIDDEN:
            break
        tops += 1
    if tops:
        full["deck_known"] = tops
    return from_json(full, rules, cls)
