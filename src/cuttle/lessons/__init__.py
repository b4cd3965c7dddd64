"""Short interactive lessons for new players (points, scuttle, one-offs, counters,
royals, jacks, sevens): each step a standard-rules position, an instruction, the move(s)
the lesson expects and the cards to highlight. Pure data and engine checks: no server."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from ..engine.cards import card, card_name, full_deck
from ..engine.game import Game
from ..engine.moves import Move
from ..i18n import N_


@dataclass(frozen=True)
class Step:
    """One step: p0's hand, both fields (points, faces) and p1's hand; ``setup`` moves
    played from there to reach the position; ``expected`` moves; texts to show."""

    hand: tuple[str, ...]
    theirs: tuple[str, ...]
    instruction: str
    expected: tuple[str, ...]
    explanation: str
    why_not: str
    my_points: tuple[str, ...] = ()
    their_points: tuple[str, ...] = ()
    my_faces: tuple[str, ...] = ()
    their_faces: tuple[str, ...] = ()
    setup: tuple[str, ...] = ()
    to_act: int = 0

    def game(self) -> Game:
        """The step's position as a game (deck: every other card, in a fixed order)."""
        used = [*self.hand, *self.theirs, *self.my_points, *self.their_points,
                *self.my_faces, *self.their_faces]  # fmt: skip
        taken = {card(c) for c in used}
        deck = [c for c in full_deck(0) if c not in taken]
        pos: dict[str, Any] = {
            "rules": "standard", "variants": [], "turn": self.to_act, "phase": "main",
            "to_act": self.to_act, "hands": [list(self.hand), list(self.theirs)],
            "fields": [
                {"points": list(self.my_points), "faces": list(self.my_faces), "glasses": []},
                {"points": list(self.their_points), "faces": list(self.their_faces), "glasses": []},
            ],
            "scrap": [], "deck": [card_name(c) for c in deck], "frozen": [], "passes": 0,
            "pending": None, "revealed": [], "winner": None,
        }  # fmt: skip
        g = Game.from_json(pos)
        for m in self.setup:
            g.play(m)
        return g

    def highlights(self) -> list[str]:
        """The cards the learner should click (those named by the expected moves)."""
        out: list[str] = []
        for m in self.expected:
            for w in m.split()[1:]:
                if w not in out and not w.startswith("p"):
                    out.append(w)
        return out

    def is_expected(self, move: str) -> bool:
        """Whether ``move`` is one of the expected moves (any spelling)."""
        return Move.parse(move) in {Move.parse(m) for m in self.expected}


@dataclass(frozen=True)
class Lesson:
    """A lesson: its slug, title, summary and steps."""

    slug: str
    title: str
    summary: str
    steps: tuple[Step, ...]


@cache
def lessons() -> tuple[Lesson, ...]:
    """The seven lessons, in the order a newcomer should take them."""
    return (
        Lesson(
            "points",
            N_("Points"),
            N_("Number cards score their value; reach 21 to win."),
            (
                Step(
                    ("7H", "3C", "KD"),
                    ("4S", "9D"),
                    N_("Click your 7♥, then click your field to score it."),
                    ("points 7H",),
                    N_("Your 7♥ now lies on your field: 7 points."),
                    N_("That works too, but this step is about scoring: play the 7♥ for points."),
                ),
                Step(
                    ("9C", "2D", "5H"),
                    ("4S", "9D"),
                    N_("You have 12 points. Play your 9♣ for points to reach 21 and win."),
                    ("points 9C",),
                    N_("12 + 9 = 21: you win the game."),
                    N_("Only the 9♣ brings you to 21 this turn."),
                    my_points=("7H", "5S"),
                ),
            ),
        ),
        Lesson(
            "scuttle",
            N_("Scuttle"),
            N_("Destroy an opponent's point card with a higher one."),
            (
                Step(
                    ("8D", "2C", "4H"),
                    ("5S", "9D"),
                    N_("Click your 8♦, then click their 6♠ to scuttle it."),
                    ("scuttle 8D 6S",),
                    N_("Both cards go to the scrap: their 6 points are gone."),
                    N_("This step is about scuttling: use your 8♦ on their 6♠."),
                    their_points=("6S", "TH"),
                ),
                Step(
                    ("9S", "3D", "4C"),
                    ("5S", "2D"),
                    N_("Click your 9♠, then their 9♥: the same rank with a higher suit scuttles."),
                    ("scuttle 9S 9H",),
                    N_("Suits rank ♣ < ♦ < ♥ < ♠, so your 9♠ beats their 9♥."),
                    N_("This step is about scuttling: use your 9♠ on their 9♥."),
                    their_points=("9H", "TH"),
                ),
            ),
        ),
        Lesson(
            "one-offs",
            N_("One-offs"),
            N_("Play a card for its effect, then it goes to the scrap."),
            (
                Step(
                    ("AC", "3D", "8H"),
                    ("5S", "9D"),
                    N_("Play your A♣ as a one-off: every point card is scrapped."),
                    ("oneoff AC",),
                    N_("The ace scrapped all point cards, theirs and yours."),
                    N_("Their 18 points are the danger: play the ace as a one-off."),
                    my_points=("2H",),
                    their_points=("9S", "9H"),
                ),
                Step(
                    ("5C", "3D", "8H"),
                    ("5S", "9D"),
                    N_("Play your 5♣ as a one-off to draw two cards."),
                    ("oneoff 5C",),
                    N_("A five draws two cards from the deck."),
                    N_("This step is about the five: play it as a one-off."),
                ),
            ),
        ),
        Lesson(
            "counters",
            N_("Counters"),
            N_("A two cancels an opponent's one-off."),
            (
                Step(
                    ("2C", "3D", "8H"),
                    ("AS", "9D", "4C"),
                    N_("They played an ace to scrap your points. Counter it with your 2♣."),
                    ("counter 2C",),
                    N_("Your two cancels their ace: your points stay."),
                    N_("Letting it resolve loses your 18 points: counter with the 2♣."),
                    my_points=("9S", "9H"),
                    setup=("oneoff AS",),
                    to_act=1,
                ),
                Step(
                    ("2C", "2H", "8H"),
                    ("AS", "2D", "4C"),
                    N_("They countered your two with their own. Counter again with your 2♥."),
                    ("counter 2H",),
                    N_("Three twos: the last one wins, so their ace is cancelled."),
                    N_("If it resolves, their ace scraps your 18 points: counter with the 2♥."),
                    my_points=("9S", "9H"),
                    setup=("oneoff AS", "counter 2C", "counter 2D"),
                    to_act=1,
                ),
            ),
        ),
        Lesson(
            "royals",
            N_("Royals"),
            N_("Kings lower your goal; queens protect your other cards."),
            (
                Step(
                    ("KC", "3D", "8H"),
                    ("5S", "9D"),
                    N_("Play your K♣ as a royal: your goal drops from 21 to 14."),
                    ("royal KC",),
                    N_("With a king your goal is 14 points."),
                    N_("This step is about the king: play it as a royal."),
                ),
                Step(
                    ("QD", "3D", "8H"),
                    ("5S", "9D"),
                    N_("Play your Q♦ as a royal to protect your other cards."),
                    ("royal QD",),
                    N_("Your queen shields your other cards from targeted effects."),
                    N_("This step is about the queen: play it as a royal."),
                    my_points=("9S",),
                ),
            ),
        ),
        Lesson(
            "jacks",
            N_("Jacks"),
            N_("A jack steals an opponent's point card."),
            (
                Step(
                    ("JD", "3D", "8H"),
                    ("5S", "9D"),
                    N_("Click your J♦, then their 10♠ to steal it."),
                    ("jack JD TS",),
                    N_("Their 10♠ is now yours: 10 points moved to your side."),
                    N_("Steal the biggest card: put your J♦ on their 10♠."),
                    their_points=("TS", "3H"),
                ),
                Step(
                    ("JC", "3D", "8H"),
                    ("5S", "9D"),
                    N_("You have 13 points. Put your J♣ on their 8♣: 13 + 8 = 21 wins."),
                    ("jack JC 8C",),
                    N_("Their 8♣ is yours: 21 points, you win."),
                    N_("Only stealing their 8♣ brings you to 21 this turn."),
                    my_points=("9S", "4H"),
                    their_points=("8C", "3H"),
                ),
            ),
        ),
        Lesson(
            "sevens",
            N_("Sevens"),
            N_("A seven reveals the top of the deck; you play a revealed card at once."),
            (
                Step(
                    ("7C", "3D", "8H"),
                    ("5S", "9D"),
                    N_("Play your 7♣ as a one-off to reveal the top of the deck."),
                    ("oneoff 7C",),
                    N_("Now you must play the revealed card: choose how."),
                    N_("This step is about the seven: play it as a one-off."),
                ),
                Step(
                    ("7C", "3D", "8H"),
                    ("5S", "9D"),
                    N_("Your seven showed A♣ and A♦. Play an ace as a one-off to scrap their 10♠."),
                    ("oneoff AC", "oneoff AD"),
                    N_("The revealed ace scrapped every point card: their 10♠ is gone."),
                    N_("An ace played for points scores 1; as a one-off it scraps their 10♠."),
                    their_points=("TS",),
                    setup=("oneoff 7C", "resolve"),
                ),
            ),
        ),
    )


def lesson(slug: str) -> Lesson | None:
    """The lesson called ``slug``, or None."""
    return next((x for x in lessons() if x.slug == slug), None)
