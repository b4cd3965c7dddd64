"""A random four told at the table every front end reads (``Table.sentences``: the
Textual table's log, the site's move list, ``cuttle play --plain``): each reader learns
who discarded which cards, never that "nobody has a card to discard" while cards went
to the scrap."""

from __future__ import annotations

from cuttle.engine.cards import CARD_NAMES
from cuttle.engine.narration import short_name
from cuttle.engine.rules import get_rules
from cuttle.table import Seat, Table

NAMES = ["ann", "bob", "cat", "dan"]


def four_table() -> tuple[Table, str]:
    """A four-seat random-four table where p0 can open with a four as a one-off."""
    rules = get_rules("multiplayer", ["random-four"], 4)
    for seed in range(200):
        table = Table(rules, [Seat(n) for n in NAMES], seed=seed)
        fours = [m for m in table.legal(table.to_act) if m.startswith("oneoff 4")]
        if fours:
            return table, fours[0]
    raise AssertionError("no deal of 200 gives the first seat a four to play")


def test_every_reader_is_told_who_discarded_which_cards() -> None:
    table, four = four_table()
    opener = table.to_act
    hands_before = {s: list(table.game.hands[s]) for s in range(table.n) if s != opener}
    table.play(opener, four)
    while table.phase == "counter":  # nobody counters
        table.play(table.to_act, "resolve")
    scrapped = set(table.game.scrap)
    lost = {s: [c for c in hand if c in scrapped] for s, hand in hands_before.items()}
    victims = [s for s, cards in lost.items() if cards]
    assert victims, "the four made nobody discard"
    for reader in [None, *range(table.n)]:
        told = table.sentences(reader, NAMES)[-1]
        assert "nobody" not in told, told
        for s in victims:
            who = "you discard" if s == reader else f"{NAMES[s]} discards"
            assert who in told, (reader, told)
            for c in lost[s]:  # face up in the scrap: named for every reader
                assert short_name(c) in told, (reader, CARD_NAMES[c], told)
