"""``discard-two`` (the four): the victim or victims discard two cards."""

from __future__ import annotations

from typing import Final

from ...i18n import N_
from ..core import Core
from ..effect import Effect
from ..moves import CARD_MOVES, ONEOFF, Move, discards, seated
from ..narration import Narration
from ..reasons import must_discard, say
from ..table import DISCARD_PHASE, Pending


def next_victim(g: Core, p: Pending, after: int) -> int:
    """The next seat a four makes discard after ``after`` (``four_victims`` all), or -1."""
    if g.rules.four_victims != "all" or g.n == 2:
        return -1
    opps = g.opponents(p.by)
    v = (after + 1) % g.n
    while v != p.by:
        if g.hands[v] and v in opps and not g.group_shielded(v):
            return v
        v = (v + 1) % g.n
    return -1


def first_victim(g: Core, p: Pending) -> int:
    """The first seat that discards when the four resolves, or -1 (nobody holds a card)."""
    if p.victim >= 0:
        return p.victim if g.hands[p.victim] else -1
    if g.rules.four_victims == "all" and g.n > 2:
        return next_victim(g, p, p.by)  # a group attack: shielded fields are skipped
    for v in g.opponents(p.by):
        if g.hands[v]:
            return v
    return -1


class DiscardTwo(Effect):
    """The victim discards two cards of their choice (all they hold if fewer), in phase
    ``discard``. ``four_victims``: the opponent, a named one (``oneoff 4H p2``), or every
    other seat in turn. Under ``four_random`` the cards are drawn at random from the
    game's seeded stream as the four resolves: no decision, no extra ply (ruling 15)."""

    key = "discard-two"
    description = N_("the victim(s) discard two cards")
    phases: tuple[str, ...] = (DISCARD_PHASE,)

    def plays(self, g: Core, s: int, c: int, out: list[Move]) -> None:
        """Playable while a victim holds a card; with chosen victims, one move each."""
        group = g.rules.four_victims == "all" and g.n > 2
        victims = [v for v in g.opponents(s) if g.hands[v] and not (group and g.group_shielded(v))]
        if g.rules.four_victims == "all" or g.n == 2:
            if victims:
                out.append(CARD_MOVES[ONEOFF][c])
        else:
            row = seated(ONEOFF, c)
            for v in victims:
                out.append(row[v])

    def resolve(self, g: Core, p: Pending) -> bool:
        """Open phase ``discard`` for the first victim, or discard at random for all."""
        v = first_victim(g, p)
        if g.rules.four_random:
            while v >= 0:
                hand = sorted(g.hands[v])
                pick = g.seeded_rng(tuple(hand)).sample(hand, min(2, len(hand)))
                g.discard(v, sorted(pick))
                v = next_victim(g, p, v)
            return False
        if v < 0:
            return False
        g.phase = DISCARD_PHASE
        g.to_act = v
        return True

    def decision_moves(self, g: Core, s: int, p: Pending) -> list[Move]:
        """Every choice of two cards (or of the whole hand if smaller)."""
        hand = sorted(g.hands[s])
        k = min(2, len(hand))
        return discards(hand, k)

    def decide(self, g: Core, s: int, m: Move, p: Pending) -> None:
        """Discard; the next victim follows, or the four goes to the scrap."""
        g.discard(s, m.cards)
        nxt = next_victim(g, p, s)
        if nxt >= 0:
            g.to_act = nxt
            return
        g.scrap.append(p.card)
        g.end_turn()

    def pending_problem(self, g: Core, p: Pending, hidden: list[int]) -> str | None:
        """A victim of the four acts, holding a card."""
        v = g.to_act
        if v not in g.opponents(p.by):
            return f"p{v} is not a victim of p{p.by}'s four"
        if not g.hands[v] and not hidden[v]:
            return f"p{v} has nothing to discard"
        return None

    def illegal_reason(self, g: Core, move: Move) -> str | None:
        """No victim holds a card."""
        return say(N_("A four needs an opponent with at least one card in hand"))

    def decision_reason(self, g: Core, move: Move, p: Pending) -> str | None:
        """The wrong number of cards."""
        want = min(2, len(g.hands[g.to_act]))
        return must_discard(want)

    def words(self, move: Move) -> str:
        """``makes p2 discard two cards``."""
        who = f"p{move.seat}" if move.seat >= 0 else "the opponent"
        return f"makes {who} discard two cards"

    def intent(self, w: Narration, p: Pending) -> str:
        """``to make Bob discard two cards`` (the victim, or every opponent)."""
        if p.victim >= 0:
            return w.by(
                p.victim,
                N_("to make you discard two cards"),
                N_("to make {actor} discard two cards"),
            )
        if w.before.rules.four_victims == "all" and w.before.n > 2:
            return w.say(N_("to make every opponent discard two cards"))
        victims = w.before.opponents(p.by)
        if len(victims) == 1:
            return w.by(
                victims[0],
                N_("to make you discard two cards"),
                N_("to make {actor} discard two cards"),
            )
        return w.say(N_("to make {players} discard two cards"), players=w.group(victims))

    def outcome(self, w: Narration, p: Pending) -> str:
        """``Bob must discard two cards`` (the first victim); under ``four_random``
        ``Bob discards the 3♣ and 7♦ at random`` for each victim (the cards go to the
        scrap face up); or that nobody can."""
        if w.after.phase == DISCARD_PHASE:
            return w.must_discard(w.after.to_act)
        told = []
        for v in range(w.before.n):
            kept = set(w.after.hands[v])
            lost = [c for c in w.before.hands[v] if c not in kept]
            if v != p.by and lost:
                told.append(
                    w.by(
                        v,
                        N_("you discard {cards} at random"),
                        N_("{actor} discards {cards} at random"),
                        cards=w.cards(lost),
                    )
                )
        return w.join(told) if told else w.say(N_("nobody has a card to discard"))

    def score(self, g: Core, s: int, move: Move) -> float:
        """Two cards gone from a hand."""
        return 3.0


DISCARD_TWO: Final = DiscardTwo()
