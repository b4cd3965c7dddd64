"""Moves in words (engine/words.py): exact sentences for each verb and each one-off effect
from the mover's, the victim's and a spectator's side, and a property test that no
sentence ever names a card its reader may not see."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cuttle import Game, new_game, write_record
from cuttle.engine.cards import CARD_NAMES, card
from cuttle.engine.effects import EFFECTS_BY_KEY, HOUSE_EFFECTS
from cuttle.engine.moves import DRAW, ONEOFF, Move, make, move_text
from cuttle.engine.rules import EFFECTS, SCRAP_POINTS
from cuttle.engine.words import (
    _EFFECT_WORDS,
    _effect_phrase,
    _Words,
    card_mentions,
    describe,
    describe_history,
    full_name,
    short_name,
)
from helpers_positions import game
from strategies import PRESET_CONFIGS, Config, Knowledge, configs, seeds

NAMES = ("Alice", "Bob", "Carol", "Dave", "Eve")
SPECTATOR = "spectator"


def said(g: Game, move: str) -> dict[Any, str]:
    """Play ``move`` on ``g`` and return its sentence for every seat and a spectator
    (key ``"spectator"``), the seats keyed by name."""
    before = g.copy()
    seat = g.to_act
    g.play(move)
    m = g.history[-1][1]
    out: dict[Any, str] = {SPECTATOR: describe(before, g, seat, m, None, NAMES)}
    for v in range(g.n):
        out[NAMES[v]] = describe(before, g, seat, m, v, NAMES)
    return out


def lines(g: Game, *moves: str) -> dict[Any, str]:
    """Play ``moves``; return the sentences of the last one."""
    for m in moves[:-1]:
        g.play(m)
    return said(g, moves[-1])


# ---------------------------------------------------------------------- card names


def test_card_names_read_back() -> None:
    for c in range(54):
        assert card_mentions(short_name(c)) == [c]
        assert card_mentions(f"the {full_name(c)}.") == [c]
    assert short_name(card("TC")) == "10♣"
    assert full_name(card("8H")) == "Eight of Hearts"
    assert card_mentions("Alice plays the Ten of Spades on Bob's 10♦ and Joker 2") == [
        card("TS"),
        card("TD"),
        card("X2"),
    ]
    assert card_mentions("Alice draws a card. p0 wins.") == []


# ---------------------------------------------------------------------- plain verbs


def test_draw_names_the_card_only_to_the_drawer() -> None:
    g = game("standard", hands=[["7H"], ["8S"]], deck=["7D"])
    s = said(g, "draw")
    assert s["Alice"] == "You draw the 7♦."
    assert s["Bob"] == "Alice draws a card."
    assert s[SPECTATOR] == "Alice draws a card."


def test_draw_names_the_card_to_a_seat_with_glasses_only() -> None:
    g = game(
        "cutthroat",
        hands=[["7H"], ["8S"], ["9S"]],
        fields=[{}, {"glasses": ["8C"]}],
        deck=["7D"],
    )
    s = said(g, "draw")
    assert s["Bob"] == "Alice draws the 7♦."
    assert s["Carol"] == s[SPECTATOR] == "Alice draws a card."


def test_two_player_glasses_make_a_draw_public() -> None:
    # with two seats, a card both seats know is public: the spectator's view shows it
    g = game("standard", hands=[["7H"], ["8S"]], fields=[{}, {"glasses": ["8C"]}], deck=["7D"])
    s = said(g, "draw")
    assert s["Bob"] == s[SPECTATOR] == "Alice draws the 7♦."


def test_multiplayer_glasses_show_a_draw_to_everyone() -> None:
    g = game("multiplayer", hands=[["7H"], ["8S"], ["9S"]], fields=[{}, {"glasses": ["8C"]}])
    s = said(g, "draw")  # Bob's glasses open Alice's hand to everyone
    assert s["Alice"].startswith("You draw the ")
    assert s["Bob"] == s["Carol"] == s[SPECTATOR] == s["Alice"].replace("You draw", "Alice draws")
    s = said(g, "draw")  # but not Bob's own hand
    assert s["Bob"].startswith("You draw the ")
    assert s["Alice"] == s["Carol"] == s[SPECTATOR] == "Bob draws a card."


def test_points_royal_glasses() -> None:
    g = game("standard", hands=[["8H", "QS", "8D"], ["KH"]])
    s = said(g, "points 8H")
    assert s["Alice"] == "You play the Eight of Hearts for points."
    assert s["Bob"] == s[SPECTATOR] == "Alice plays the Eight of Hearts for points."
    s = said(g, "royal KH")
    assert s["Bob"] == "You play the King of Hearts."
    assert s["Alice"] == "Bob plays the King of Hearts."
    s = said(g, "royal QS")
    assert s[SPECTATOR] == "Alice plays the Queen of Spades."
    g.play("draw")
    s = said(g, "glasses 8D")
    assert s["Alice"] == "You play the Eight of Diamonds as glasses."
    assert s["Bob"] == "Alice plays the Eight of Diamonds as glasses."


def test_scuttle() -> None:
    g = game("standard", hands=[["3H"], ["9C"]], fields=[{"points": ["7D"]}, {}], turn=1)
    s = said(g, "scuttle 9C 7D")
    assert s["Bob"] == "You scuttle Alice's 7♦ with the Nine of Clubs."
    assert s["Alice"] == "Bob scuttles your 7♦ with the Nine of Clubs."
    assert s[SPECTATOR] == "Bob scuttles Alice's 7♦ with the Nine of Clubs."


def test_jack_takes_a_point_card() -> None:
    g = game("standard", hands=[["JC"], ["3S"]], fields=[{}, {"points": ["7D"]}])
    s = said(g, "jack JC 7D")
    assert s["Alice"] == "You play the Jack of Clubs on Bob's 7♦ and take it."
    assert s["Bob"] == "Alice plays the Jack of Clubs on your 7♦ and takes it."
    assert s[SPECTATOR] == "Alice plays the Jack of Clubs on Bob's 7♦ and takes it."


def test_team_jack_gives_a_card_to_a_partner() -> None:
    g = game("team", hands=[["JC"], ["3S"], ["4S"], ["5S"]], fields=[{}, {"points": ["7D"]}])
    s = said(g, "jack JC 7D p2")
    assert s["Alice"] == "You play the Jack of Clubs on Bob's 7♦ and give it to Carol."
    assert s["Carol"] == "Alice plays the Jack of Clubs on Bob's 7♦ and gives it to you."
    s = said(g, "resolve")
    assert s["Bob"] == "You let the J♣ stand."
    assert s["Alice"] == "Bob lets the J♣ stand."


def test_joker_steals_a_royal() -> None:
    g = game("cutthroat", hands=[["X1"], ["3S"], ["4S"]], fields=[{}, {"faces": ["KH"]}])
    s = said(g, "royal X1 KH")
    assert s["Alice"] == "You play Joker 1 on Bob's K♥ and take it."
    assert s["Bob"] == "Alice plays Joker 1 on your K♥ and takes it."
    assert s["Carol"] == s[SPECTATOR] == "Alice plays Joker 1 on Bob's K♥ and takes it."


def test_pass_and_a_draw_by_passes() -> None:
    g = game("standard", hands=[["KH"], ["KS"]], fields=[{}, {}], rest="scrap", passes=2)
    s = said(g, "pass")
    assert s["Alice"] == "You pass. The game is drawn: too many passes in a row."
    assert s["Bob"] == "Alice passes. The game is drawn: too many passes in a row."


def test_a_winning_move_says_who_wins() -> None:
    g = game("standard", hands=[["3H"], ["KS"]], fields=[{"points": ["TS", "8S"]}, {}])
    s = said(g, "points 3H")
    assert s["Alice"] == "You play the Three of Hearts for points. You win."
    assert s["Bob"] == "Alice plays the Three of Hearts for points. Alice wins."


def test_team_win_names_both_partners() -> None:
    g = game(
        "team",
        hands=[["3H"], ["3S"], ["4S"], ["5S"]],
        fields=[{"points": ["TS", "8S"]}],
    )
    s = said(g, "points 3H")
    assert s["Carol"] == "Alice plays the Three of Hearts for points. You and Alice win."
    assert s["Bob"] == "Alice plays the Three of Hearts for points. Alice and Carol win."


def test_resign_and_agreed_draw() -> None:
    g = game("standard", hands=[["3H"], ["KS"]])
    before = g.copy()
    g.resign(0)
    m = g.history[-1][1]
    assert describe(before, g, 0, m, 0, NAMES) == "You resign. Bob wins."
    assert describe(before, g, 0, m, 1, NAMES) == "Alice resigns. You win."
    assert describe(before, g, 0, "resign", None, NAMES) == "Alice resigns. Bob wins."
    g = game("standard", hands=[["3H"], ["KS"]])
    before = g.copy()
    g.agree_draw()
    for v in (None, 0, 1):
        assert describe(before, g, -1, g.history[-1][1], v) == "The players agree to a draw."
    assert describe(before, g, -1, "draw agreed", None) == "The players agree to a draw."


def test_hand_limit_discard() -> None:
    hand = ["2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C"]
    g = game("cuttlecards", hands=[hand, ["KS"]], deck=["TD"])
    s = lines(g, "draw", "discard 3C")
    assert s["Alice"] == "You discard the 3♣ down to the hand limit."
    assert s["Bob"] == "Alice discards the 3♣ down to the hand limit."


# ---------------------------------------------------------------------- one-offs


def test_ace_from_play_to_resolution() -> None:
    g = game(
        "standard",
        hands=[["AC"], ["2C"]],
        fields=[{"points": ["3H"]}, {"points": ["7D", "9C"]}],
    )
    s = said(g, "oneoff AC")
    assert s["Alice"] == "You play the Ace of Clubs as a one-off to scrap every point card."
    assert s["Bob"] == "Alice plays the Ace of Clubs as a one-off to scrap every point card."
    s = said(g, "resolve")
    assert s["Bob"] == "You let it resolve: the A♣ scraps every point card (the 3♥, 7♦ and 9♣)."
    assert s["Alice"] == "Bob lets it resolve: the A♣ scraps every point card (the 3♥, 7♦ and 9♣)."


def test_counter_and_a_countered_one_off() -> None:
    g = game("standard", hands=[["AC"], ["2S"]], fields=[{"points": ["3H"]}, {}])
    g.play("oneoff AC")
    s = said(g, "counter 2S")
    assert s["Bob"] == "You counter with the Two of Spades."
    assert s["Alice"] == s[SPECTATOR] == "Bob counters with the Two of Spades."
    s = said(g, "resolve")
    assert s["Alice"] == "You let it resolve: the A♣ is countered."
    assert s["Bob"] == "Alice lets it resolve: the A♣ is countered."


def test_multiplayer_counter_costs_a_turn_and_each_seat_is_asked() -> None:
    g = game("multiplayer", hands=[["AC"], ["3D"], ["2S"]], fields=[{"points": ["3H"]}])
    g.play("oneoff AC")
    s = said(g, "resolve")
    # Nothing resolved yet (Carol is asked next): Bob's pass is not told as a resolution,
    # which read as if Carol's counter came after the one-off had taken effect.
    assert s["Bob"] == "You do not counter."
    assert s["Alice"] == "Bob does not counter."
    s = said(g, "counter 2S")
    assert s["Carol"] == "You counter with the Two of Spades and give up your next turn."
    assert s["Alice"] == "Carol counters with the Two of Spades and gives up their next turn."


def test_two_scraps_a_royal() -> None:
    g = game("standard", hands=[["2H"], ["3S"]], fields=[{}, {"faces": ["QS"]}])
    s = said(g, "oneoff 2H QS")
    assert s["Alice"] == "You play the Two of Hearts as a one-off to scrap Bob's Q♠."
    assert s["Bob"] == "Alice plays the Two of Hearts as a one-off to scrap your Q♠."
    s = said(g, "resolve")
    assert s["Bob"] == "You let it resolve: the 2♥ scraps your Q♠."
    assert s[SPECTATOR] == "Bob lets it resolve: the 2♥ scraps Bob's Q♠."


def test_two_on_a_jack_gives_the_point_card_back() -> None:
    stolen = {"card": "7D", "owner": 0, "jacks": [{"card": "JC", "to": 1}]}
    g = game("standard", hands=[["2H"], ["3S"]], fields=[{}, {"points": [stolen]}])
    g.play("oneoff 2H JC")
    s = said(g, "resolve")
    assert s["Alice"] == "Bob lets it resolve: the 2♥ scraps Bob's J♣, and the 7♦ goes back to you."
    assert s["Bob"] == "You let it resolve: the 2♥ scraps your J♣, and the 7♦ goes back to Alice."


def test_three_takes_from_the_scrap() -> None:
    g = game("standard", hands=[["3C"], ["4S"]], scrap=["5H"], deck=["6H"])
    g.play("oneoff 3C")
    s = said(g, "resolve")
    assert s["Alice"] == "Bob lets it resolve: you may take a card from the scrap."
    assert s["Bob"] == "You let it resolve: Alice may take a card from the scrap."
    s = said(g, "take 5H")
    assert s["Alice"] == "You take the 5♥ from the scrap."
    assert s["Bob"] == s[SPECTATOR] == "Alice takes the 5♥ from the scrap."


def test_four_makes_the_victim_discard() -> None:
    g = game("classic", hands=[["4C"], ["3C", "4D", "KS"]])
    s = said(g, "oneoff 4C")
    assert s["Alice"] == "You play the Four of Clubs as a one-off to make Bob discard two cards."
    assert s["Bob"] == "Alice plays the Four of Clubs as a one-off to make you discard two cards."
    s = said(g, "resolve")
    assert s["Bob"] == "You let it resolve: you must discard two cards."
    assert s["Alice"] == "Bob lets it resolve: Bob must discard two cards."
    s = said(g, "discard 3C 4D")
    assert s["Alice"] == s[SPECTATOR] == "Bob discards the 3♣ and 4♦."
    assert s["Bob"] == "You discard the 3♣ and 4♦."


def test_multiplayer_four_goes_round_the_table() -> None:
    g = game("multiplayer", hands=[["4C"], ["3C", "4D"], ["5C", "6D", "KS"]])
    g.play("oneoff 4C")
    g.play("resolve")
    g.play("resolve")
    s = said(g, "discard 3C 4D")
    assert s["Carol"] == "Bob discards the 3♣ and 4♦; you must discard two cards next."
    assert s["Alice"] == "Bob discards the 3♣ and 4♦; Carol must discard two cards next."


def test_cutthroat_four_names_its_victim() -> None:
    g = game("cutthroat", hands=[["4C"], ["3C", "4D"], ["5C", "6D"]])
    s = said(g, "oneoff 4C p2")
    assert s["Carol"] == "Alice plays the Four of Clubs as a one-off to make you discard two cards."
    assert s["Bob"] == "Alice plays the Four of Clubs as a one-off to make Carol discard two cards."


def test_five_draws_two_seen_only_by_the_drawer() -> None:
    g = game("standard", hands=[["5C"], ["3S"]], deck=["7D", "8C"])
    s = lines(g, "oneoff 5C", "resolve")
    assert s["Alice"] == "Bob lets it resolve: you draw the 7♦ and 8♣."
    assert s["Bob"] == "You let it resolve: Alice draws two cards."
    assert s[SPECTATOR] == "Bob lets it resolve: Alice draws two cards."


def test_cuttlecards_five_discards_then_draws_three() -> None:
    g = game("cuttlecards", hands=[["5C", "3C"], ["3S"]], deck=["6D", "7D", "8C"])
    s = lines(g, "oneoff 5C", "resolve")
    assert s["Alice"] == "Bob lets it resolve: you must discard a card, then draw three."
    s = said(g, "discard 3C")
    assert s["Alice"] == "You discard the 3♣ and draw the 6♦, 7♦ and 8♣."
    assert s["Bob"] == s[SPECTATOR] == "Alice discards the 3♣ and draws three cards."


def test_six_scraps_every_royal_and_returns_stolen_points() -> None:
    stolen = {"card": "7D", "owner": 0, "jacks": [{"card": "JC", "to": 1}]}
    g = game(
        "standard",
        hands=[["6C"], ["3S"]],
        fields=[{}, {"points": [stolen], "faces": ["KH"], "glasses": ["8D"]}],
    )
    s = lines(g, "oneoff 6C", "resolve")
    tail = "the 6♣ scraps every royal and glasses (the 8♦, J♣ and K♥); the 7♦ goes back to"
    assert s["Alice"] == f"Bob lets it resolve: {tail} you."
    assert s["Bob"] == f"You let it resolve: {tail} Alice."


def test_seven_reveals_then_plays_and_puts_the_other_back() -> None:
    g = game("standard", hands=[["7S"], ["3S"]], deck=["5C", "7D"])
    s = lines(g, "oneoff 7S", "resolve")
    assert s["Alice"] == "Bob lets it resolve: you reveal the 5♣ and 7♦."
    assert s[SPECTATOR] == "Bob lets it resolve: Alice reveals the 5♣ and 7♦."
    s = said(g, "points 7D")
    expected = "plays the Seven of Diamonds for points. The 5♣ goes back on top of the deck."
    assert s["Bob"] == s[SPECTATOR] == f"Alice {expected}"


def test_seven_with_nothing_playable_scraps() -> None:
    g = game("standard", hands=[["7S"], ["3S"]], deck=["JC", "JD"])
    s = lines(g, "oneoff 7S", "resolve", "scrap JC")
    assert s["Alice"] == "You cannot play the J♣ and scrap it. The J♦ goes back on top of the deck."
    assert (
        s["Bob"] == "Alice cannot play the J♣ and scraps it. The J♦ goes back on top of the deck."
    )


def test_nine_returns_and_freezes() -> None:
    g = game("standard", hands=[["9C"], ["3S"]], fields=[{}, {"faces": ["KH"]}])
    s = said(g, "oneoff 9C KH")
    assert s["Bob"] == (
        "Alice plays the Nine of Clubs as a one-off to return your K♥ to your hand."
    )
    assert s["Alice"] == (
        "You play the Nine of Clubs as a one-off to return Bob's K♥ to Bob's hand."
    )
    s = said(g, "resolve")
    assert s["Bob"] == "You let it resolve: the K♥ returns to your hand, frozen for a turn."
    assert s["Alice"] == "Bob lets it resolve: the K♥ returns to Bob's hand, frozen for a turn."


def test_nine_to_deck() -> None:
    g = game(
        "classic", variants=["nine-to-deck"], hands=[["9C"], ["3S"]], fields=[{}, {"faces": ["KH"]}]
    )
    s = said(g, "oneoff 9C KH")
    assert s["Bob"] == (
        "Alice plays the Nine of Clubs as a one-off to return your K♥ to the top of the deck."
    )
    s = said(g, "resolve")
    assert s[SPECTATOR] == "Bob lets it resolve: the K♥ goes on top of the deck."
    s = said(g, "draw")  # Bob draws the king everyone saw go on top
    assert s[SPECTATOR] == "Bob draws the K♥."


def test_eight_one_off_scraps_glasses() -> None:
    g = game(
        "classic",
        variants=["eight-oneoff"],
        hands=[["8C"], ["3S"]],
        fields=[{}, {"glasses": ["8D"]}],
    )
    s = said(g, "oneoff 8C 8D")
    assert s["Bob"] == "Alice plays the Eight of Clubs as a one-off to scrap your 8♦."
    s = said(g, "resolve")
    assert s["Alice"] == "Bob lets it resolve: the 8♣ scraps Bob's 8♦."


def test_joker_swaps_hands() -> None:
    g = game("classic", variants=["joker-swap"], hands=[["X1", "3C"], ["3S"]])
    s = said(g, "oneoff X1")
    assert s["Alice"] == "You play Joker 1 as a one-off to swap hands with Bob."
    assert s["Bob"] == "Alice plays Joker 1 as a one-off to swap hands with you."
    s = said(g, "resolve")
    assert s["Alice"] == "Bob lets it resolve: you and Bob swap hands."
    assert s["Bob"] == "You let it resolve: you and Alice swap hands."
    assert s[SPECTATOR] == "Bob lets it resolve: Alice and Bob swap hands."


def test_ten_blocks_a_scuttle() -> None:
    def start() -> Game:
        return game(
            "classic",
            variants=["ten-blocks-scuttle"],
            hands=[["9C"], ["TH"]],
            fields=[{}, {"points": ["7D"]}],
        )

    g = start()
    s = said(g, "scuttle 9C 7D")
    assert s["Bob"] == "Alice plays the Nine of Clubs to scuttle your 7♦."
    s = said(g, "counter TH")
    assert s["Bob"] == "You block the scuttle with the Ten of Hearts: the 9♣ goes to the scrap."
    g = start()
    s = lines(g, "scuttle 9C 7D", "resolve")
    assert s["Alice"] == "Bob lets it resolve: the 9♣ scuttles Bob's 7♦."
    assert s["Bob"] == "You let it resolve: the 9♣ scuttles your 7♦."


def test_team_nine_answers_a_royal() -> None:
    g = game("team", hands=[["KH"], ["9C"], ["4S"], ["5S"]])
    g.play("royal KH")
    s = said(g, "oneoff 9C KH")
    assert s["Alice"] == "Bob answers with the Nine of Clubs to return your K♥ to your hand."
    g.play("resolve")  # Carol, then Alice, are asked to counter the nine
    s = said(g, "resolve")
    assert s["Alice"] == "You let it resolve: the K♥ returns to your hand."
    assert s["Bob"] == "Alice lets it resolve: the K♥ returns to Alice's hand."


def test_unknown_effects_fall_back_to_their_description(monkeypatch: pytest.MonkeyPatch) -> None:
    g = game("standard", hands=[["AC"], ["3S"]])
    after = g.copy()
    after.play("oneoff AC")
    w = _Words(g, after, 0, after.history[-1][1], 1, list(NAMES[:2]))
    p = after.pending
    assert p is not None
    assert _effect_phrase("made-up", "intent", w, p) == "(made-up)"
    assert _effect_phrase(None, "outcome", w, p) == "the A♣ takes effect (no effect)"
    # an effect with no words of its own here is told by its effect object's words
    monkeypatch.delitem(_EFFECT_WORDS, SCRAP_POINTS)
    assert _effect_phrase(SCRAP_POINTS, "intent", w, p) == "that scraps every point card"
    text = describe(g, after, 0, "oneoff AC", 1, NAMES)
    assert text == "Alice plays the Ace of Clubs as a one-off that scraps every point card."


def test_every_effect_has_words() -> None:
    """The preset effects have hand-written words here; every effect in the library
    (house effects included) has words of its own."""
    assert set(_EFFECT_WORDS) <= set(EFFECTS)
    assert set(_EFFECT_WORDS) == set(EFFECTS) - {e.key for e in HOUSE_EFFECTS}
    for key in EFFECTS:
        assert EFFECTS_BY_KEY[key].words(Move(ONEOFF, 0, 1, 1))


# ---------------------------------------------------------------------- entry points


def test_text_and_tuple_moves_agree_and_bad_viewers_are_refused() -> None:
    g = game("standard", hands=[["7H"], ["8S"]], deck=["7D"])
    after = g.copy()
    after.play("draw")
    assert describe(g, after, 0, "draw", 0) == describe(g, after, 0, make(DRAW), 0)
    assert describe(g, after, 0, "draw", 0) == "You draw the 7♦."
    assert describe(g, after, 0, "draw", 1) == "p0 draws a card."
    assert describe(g, after, 0, "draw", 1, ["Ann"]) == "Ann draws a card."
    with pytest.raises(ValueError, match="viewer"):
        describe(g, after, 0, "draw", 2)


def test_describe_history_replays_a_game_and_a_record() -> None:
    g = new_game("classic", seed=7)
    rng = random.Random(7)
    for _ in range(30):
        if g.is_over:
            break
        g.apply(rng.choice(g.legal_actions()))
    if not g.is_over:
        g.resign(1)
    for viewer in (None, 0, 1):
        told = describe_history(g, viewer, NAMES)
        assert len(told) == len(g.history)
        assert told == describe_history(write_record(g), viewer, NAMES)
    start = Game.from_json(new_game("classic", seed=3).to_json())
    start.play("draw")
    assert describe_history(start, None) == ["p0 draws a card."]


# ---------------------------------------------------------------------- properties


def visible_cards(view: Any) -> set[int]:
    """Every card named in a view."""
    out: set[int] = set()
    if isinstance(view, str):
        if view in CARD_NAMES:
            out.add(card(view))
    elif isinstance(view, dict):
        for key, value in view.items():
            if key not in ("rules", "variants", "phase", "termination"):
                out |= visible_cards(value)
    elif isinstance(view, list):
        for value in view:
            out |= visible_cards(value)
    return out


def move_cards(m: Move) -> set[int]:
    """The cards written in a move's text."""
    return {c for c in (m.card, m.target, *m.cards) if c >= 0}


def may_see(know: Knowledge, viewer: int | None, n_cards: int) -> set[int]:
    """Cards ``viewer`` may see now, by the test's own knowledge tracker."""
    return {c for c in range(n_cards) if know.may_see(viewer, c)}


def check_game(config: Config, seed: int, max_moves: int) -> int:
    """Play a random game; check every sentence of every move for every reader."""
    g = config.new(seed)
    rng = random.Random(seed)
    know = Knowledge(g)
    readers: list[int | None] = [None, *range(g.n)]
    count = g.rules.card_count
    moves = 0
    while not g.is_over and moves < max_moves:
        m = rng.choice(g.legal_actions())
        seat = g.to_act
        before = g.copy()
        seen_before = {v: may_see(know, v, count) for v in readers}
        views_before = {v: visible_cards(before.view(v)) for v in readers}
        g.apply(m)
        know.after(g, m)
        for v in readers:
            text = describe(before, g, seat, m, v, NAMES)
            assert text and text[0].isupper() and text.endswith("."), (move_text(m), text)
            named = set(card_mentions(text))
            allowed_views = views_before[v] | visible_cards(g.view(v)) | move_cards(m)
            allowed_known = seen_before[v] | may_see(know, v, count) | move_cards(m)
            assert named <= allowed_views, (config.id, move_text(m), v, text)
            assert named <= allowed_known, (config.id, move_text(m), v, text)
            if m.verb == DRAW and v == seat:
                drawn = set(g.hands[seat]) - set(before.hands[seat])
                assert drawn <= named, text  # the drawer is told what it drew
        moves += 1
    if rng.random() < 0.2 and not g.is_over:
        before = g.copy()
        g.resign(g.to_act)
        for v in readers:
            assert "resign" in describe(before, g, g.history[-1][0], g.history[-1][1], v)
    return moves


@pytest.mark.parametrize("config", PRESET_CONFIGS, ids=lambda c: c.id)
def test_every_preset_sentence_is_safe(config: Config) -> None:
    assert check_game(config, 11, 120) > 0


FAST = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FAST
@given(config=configs, seed=seeds, length=st.integers(min_value=1, max_value=90))
def test_every_sentence_names_only_cards_its_reader_may_see(
    config: Config, seed: int, length: int
) -> None:
    check_game(config, seed, length)
