"""The move narration in six languages (engine/words.py, engine/lang/): sentences written
by hand in German and French for every verb and every classic effect, read by the mover,
the other seat and a spectator; in every language no English left and no placeholder
unfilled, every house effect told, and no card named that its reader may not see."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cuttle import Game, house_rules, new_game
from cuttle.engine.cards import CARD_NAMES
from cuttle.engine.codec import to_json
from cuttle.engine.effects import HOUSE_EFFECTS
from cuttle.engine.lang import GRAMMARS, grammar
from cuttle.engine.narration import seen_cards
from cuttle.engine.words import describe, describe_history
from cuttle.i18n import LANGUAGES, use
from helpers_positions import game
from strategies import PRESET_CONFIGS, Config, configs, seeds

NAMES = ("Alice", "Bob", "Carol", "Dave", "Eve")
OTHERS = ("de", "es", "fr", "it", "uk")


def told(g: Game, move: str, lang: str, readers: tuple[int | None, ...] = ()) -> list[str]:
    """Play ``move`` on ``g``; its sentence in ``lang`` for the mover, the next seat and a
    spectator (or for ``readers``)."""
    before = g.copy()
    seat = g.to_act
    g.play(move)
    m = g.history[-1][1]
    who = readers or (seat, (seat + 1) % g.n, None)
    return [describe(before, g, seat, m, v, NAMES, lang=lang) for v in who]


def stolen_seven() -> dict[str, Any]:
    """Alice's 7♦ under Bob's J♣."""
    return {"card": "7D", "owner": 0, "jacks": [{"card": "JC", "to": 1}]}


# Each scene: (a fresh game, the moves played first, the move told, the readers or () for
# mover/next/spectator) and the sentences in German and French, written by hand.
SCENES: dict[str, tuple[Any, tuple[str, ...], str, tuple[int | None, ...]]] = {
    "draw": (lambda: game("standard", hands=[["7H"], ["8S"]], deck=["7D"]), (), "draw", ()),
    "points": (lambda: game("standard", hands=[["8H"], ["KH"]]), (), "points 8H", ()),
    "royal": (lambda: game("standard", hands=[["3C"], ["KH"]], turn=1), (), "royal KH", ()),
    "glasses": (lambda: game("standard", hands=[["8D"], ["KH"]]), (), "glasses 8D", ()),
    "scuttle": (
        lambda: game("standard", hands=[["3H"], ["9C"]], fields=[{"points": ["7D"]}, {}], turn=1),
        (), "scuttle 9C 7D", (),
    ),
    "jack": (
        lambda: game("standard", hands=[["JC"], ["3S"]], fields=[{}, {"points": ["7D"]}]),
        (), "jack JC 7D", (),
    ),
    "pass": (
        lambda: game("standard", hands=[["KH"], ["KS"]], fields=[{}, {}], rest="scrap", passes=2),
        (), "pass", (0, 1),
    ),
    "win": (
        lambda: game("standard", hands=[["3H"], ["KS"]], fields=[{"points": ["TS", "8S"]}, {}]),
        (), "points 3H", (0, 1),
    ),
    "hand limit": (
        lambda: game(
            "cuttlecards",
            hands=[["2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C"], ["KS"]],
            deck=["TD"],
        ),
        ("draw",), "discard 3C", (0, 1),
    ),
    "ace": (
        lambda: game(
            "standard", hands=[["AC"], ["3S"]], fields=[{"points": ["3H"]}, {"points": ["7D"]}]
        ),
        (), "oneoff AC", (0, 1),
    ),
    "ace resolves": (
        lambda: game(
            "standard", hands=[["AC"], ["3S"]], fields=[{"points": ["3H"]}, {"points": ["7D"]}]
        ),
        ("oneoff AC",), "resolve", (1, 0),
    ),
    "counter": (
        lambda: game("standard", hands=[["AC"], ["2S"]], fields=[{"points": ["3H"]}, {}]),
        ("oneoff AC",), "counter 2S", (),
    ),
    "countered": (
        lambda: game("standard", hands=[["AC"], ["2S"]], fields=[{"points": ["3H"]}, {}]),
        ("oneoff AC", "counter 2S"), "resolve", (0, 1),
    ),
    "counter skips a turn": (
        lambda: game("multiplayer", hands=[["AC"], ["3D"], ["2S"]], fields=[{"points": ["3H"]}]),
        ("oneoff AC", "resolve"), "counter 2S", (2, 0),
    ),
    "two": (
        lambda: game("standard", hands=[["2H"], ["3S"]], fields=[{}, {"faces": ["QS"]}]),
        (), "oneoff 2H QS", (),
    ),
    "two resolves": (
        lambda: game("standard", hands=[["2H"], ["3S"]], fields=[{}, {"faces": ["QS"]}]),
        ("oneoff 2H QS",), "resolve", (1, None),
    ),
    "two on a jack": (
        lambda: game("standard", hands=[["2H"], ["3S"]], fields=[{}, {"points": [stolen_seven()]}]),
        ("oneoff 2H JC",), "resolve", (0, 1),
    ),
    "three": (
        lambda: game("standard", hands=[["3C"], ["4S"]], scrap=["5H"], deck=["6H"]),
        (), "oneoff 3C", (0,),
    ),
    "three resolves": (
        lambda: game("standard", hands=[["3C"], ["4S"]], scrap=["5H"], deck=["6H"]),
        ("oneoff 3C",), "resolve", (0, 1),
    ),
    "take": (
        lambda: game("standard", hands=[["3C"], ["4S"]], scrap=["5H"], deck=["6H"]),
        ("oneoff 3C", "resolve"), "take 5H", (0, 1),
    ),
    "four": (
        lambda: game("classic", hands=[["4C"], ["3C", "4D", "KS"]]),
        (), "oneoff 4C", (0, 1),
    ),
    "four resolves": (
        lambda: game("classic", hands=[["4C"], ["3C", "4D", "KS"]]),
        ("oneoff 4C",), "resolve", (1, 0),
    ),
    "discard": (
        lambda: game("classic", hands=[["4C"], ["3C", "4D", "KS"]]),
        ("oneoff 4C", "resolve"), "discard 3C 4D", (1, 0),
    ),
    "discard, the next must": (
        lambda: game("multiplayer", hands=[["4C"], ["3C", "4D"], ["5C", "6D", "KS"]]),
        ("oneoff 4C", "resolve", "resolve"), "discard 3C 4D", (2,),
    ),
    "five": (
        lambda: game("standard", hands=[["5C"], ["3S"]], deck=["7D", "8C"]),
        (), "oneoff 5C", (0,),
    ),
    "five resolves": (
        lambda: game("standard", hands=[["5C"], ["3S"]], deck=["7D", "8C"]),
        ("oneoff 5C",), "resolve", (0, 1),
    ),
    "cuttlecards five": (
        lambda: game("cuttlecards", hands=[["5C", "3C"], ["3S"]], deck=["6D", "7D", "8C"]),
        (), "oneoff 5C", (0,),
    ),
    "cuttlecards five resolves": (
        lambda: game("cuttlecards", hands=[["5C", "3C"], ["3S"]], deck=["6D", "7D", "8C"]),
        ("oneoff 5C",), "resolve", (0,),
    ),
    "cuttlecards five draws": (
        lambda: game("cuttlecards", hands=[["5C", "3C"], ["3S"]], deck=["6D", "7D", "8C"]),
        ("oneoff 5C", "resolve"), "discard 3C", (0, 1),
    ),
    "six": (
        lambda: game(
            "standard",
            hands=[["6C"], ["3S"]],
            fields=[{}, {"points": [stolen_seven()], "faces": ["KH"], "glasses": ["8D"]}],
        ),
        (), "oneoff 6C", (0,),
    ),
    "six resolves": (
        lambda: game(
            "standard",
            hands=[["6C"], ["3S"]],
            fields=[{}, {"points": [stolen_seven()], "faces": ["KH"], "glasses": ["8D"]}],
        ),
        ("oneoff 6C",), "resolve", (0, 1),
    ),
    "seven": (
        lambda: game("standard", hands=[["7S"], ["3S"]], deck=["5C", "7D"]),
        (), "oneoff 7S", (0,),
    ),
    "seven resolves": (
        lambda: game("standard", hands=[["7S"], ["3S"]], deck=["5C", "7D"]),
        ("oneoff 7S",), "resolve", (0, None),
    ),
    "seven's leftover": (
        lambda: game("standard", hands=[["7S"], ["3S"]], deck=["5C", "7D"]),
        ("oneoff 7S", "resolve"), "points 7D", (0, 1),
    ),
    "seven scraps": (
        lambda: game("standard", hands=[["7S"], ["3S"]], deck=["JC", "JD"]),
        ("oneoff 7S", "resolve"), "scrap JC", (0, 1),
    ),
    "nine": (
        lambda: game("standard", hands=[["9C"], ["3S"]], fields=[{}, {"faces": ["KH"]}]),
        (), "oneoff 9C KH", (),
    ),
    "nine resolves": (
        lambda: game("standard", hands=[["9C"], ["3S"]], fields=[{}, {"faces": ["KH"]}]),
        ("oneoff 9C KH",), "resolve", (1, 0),
    ),
    "eight one-off": (
        lambda: game(
            "classic", variants=["eight-oneoff"], hands=[["8C"], ["3S"]],
            fields=[{}, {"glasses": ["8D"]}],
        ),
        (), "oneoff 8C 8D", (1,),
    ),
    "eight resolves": (
        lambda: game(
            "classic", variants=["eight-oneoff"], hands=[["8C"], ["3S"]],
            fields=[{}, {"glasses": ["8D"]}],
        ),
        ("oneoff 8C 8D",), "resolve", (0,),
    ),
    "joker": (
        lambda: game("classic", variants=["joker-swap"], hands=[["X1", "3C"], ["3S"]]),
        (), "oneoff X1", (0, 1),
    ),
    "joker resolves": (
        lambda: game("classic", variants=["joker-swap"], hands=[["X1", "3C"], ["3S"]]),
        ("oneoff X1",), "resolve", (0, None),
    ),
    "to scuttle": (
        lambda: game(
            "classic", variants=["ten-blocks-scuttle"], hands=[["9C"], ["TH"]],
            fields=[{}, {"points": ["7D"]}],
        ),
        (), "scuttle 9C 7D", (1,),
    ),
    "blocked scuttle": (
        lambda: game(
            "classic", variants=["ten-blocks-scuttle"], hands=[["9C"], ["TH"]],
            fields=[{}, {"points": ["7D"]}],
        ),
        ("scuttle 9C 7D",), "counter TH", (1, 0),
    ),
    "team jack": (
        lambda: game(
            "team", hands=[["JC"], ["3S"], ["4S"], ["5S"]], fields=[{}, {"points": ["7D"]}]
        ),
        (), "jack JC 7D p2", (0, 2),
    ),
    "stands": (
        lambda: game(
            "team", hands=[["JC"], ["3S"], ["4S"], ["5S"]], fields=[{}, {"points": ["7D"]}]
        ),
        ("jack JC 7D p2",), "resolve", (1, 0),
    ),
    "team win": (
        lambda: game(
            "team", hands=[["3H"], ["3S"], ["4S"], ["5S"]], fields=[{"points": ["TS", "8S"]}]
        ),
        (), "points 3H", (2, 1),
    ),
}  # fmt: skip

GERMAN: dict[str, list[str]] = {
    "draw": ["Du ziehst die 7♦.", "Alice zieht eine Karte.", "Alice zieht eine Karte."],
    "points": [
        "Du spielst die Herz-Acht für Punkte.",
        "Alice spielt die Herz-Acht für Punkte.",
        "Alice spielt die Herz-Acht für Punkte.",
    ],
    "royal": [
        "Du spielst den Herz-König.",
        "Bob spielt den Herz-König.",
        "Bob spielt den Herz-König.",
    ],
    "glasses": [
        "Du spielst die Karo-Acht als Brille.",
        "Alice spielt die Karo-Acht als Brille.",
        "Alice spielt die Karo-Acht als Brille.",
    ],
    "scuttle": [
        "Du versenkst Alices 7♦ mit der Kreuz-Neun.",
        "Bob versenkt deine 7♦ mit der Kreuz-Neun.",
        "Bob versenkt Alices 7♦ mit der Kreuz-Neun.",
    ],
    "jack": [
        "Du spielst den Kreuz-Buben auf Bobs 7♦ und nimmst die Karte.",
        "Alice spielt den Kreuz-Buben auf deine 7♦ und nimmt die Karte.",
        "Alice spielt den Kreuz-Buben auf Bobs 7♦ und nimmt die Karte.",
    ],
    "pass": [
        "Du passt. Die Partie endet unentschieden: Es wurde zu oft hintereinander gepasst.",
        "Alice passt. Die Partie endet unentschieden: Es wurde zu oft hintereinander gepasst.",
    ],
    "win": [
        "Du spielst die Herz-Drei für Punkte. Du gewinnst.",
        "Alice spielt die Herz-Drei für Punkte. Alice gewinnt.",
    ],
    "hand limit": [
        "Du legst die 3♣ ab, um das Handkartenlimit einzuhalten.",
        "Alice legt die 3♣ ab, um das Handkartenlimit einzuhalten.",
    ],
    "ace": [
        "Du spielst das Kreuz-Ass als Einmaleffekt, um alle Punktkarten zu zerstören.",
        "Alice spielt das Kreuz-Ass als Einmaleffekt, um alle Punktkarten zu zerstören.",
    ],
    "ace resolves": [
        "Du lässt die Karte wirken: Das A♣ zerstört alle Punktkarten (die 3♥ und die 7♦).",
        "Bob lässt die Karte wirken: Das A♣ zerstört alle Punktkarten (die 3♥ und die 7♦).",
    ],
    "counter": [
        "Du konterst mit der Pik-Zwei.",
        "Bob kontert mit der Pik-Zwei.",
        "Bob kontert mit der Pik-Zwei.",
    ],
    "countered": [
        "Du lässt die Karte wirken: Das A♣ wird gekontert.",
        "Alice lässt die Karte wirken: Das A♣ wird gekontert.",
    ],
    "counter skips a turn": [
        "Du konterst mit der Pik-Zwei und verzichtest auf deinen nächsten Zug.",
        "Carol kontert mit der Pik-Zwei und verzichtet auf den nächsten Zug.",
    ],
    "two": [
        "Du spielst die Herz-Zwei als Einmaleffekt, um Bobs Q♠ zu zerstören.",
        "Alice spielt die Herz-Zwei als Einmaleffekt, um deine Q♠ zu zerstören.",
        "Alice spielt die Herz-Zwei als Einmaleffekt, um Bobs Q♠ zu zerstören.",
    ],
    "two resolves": [
        "Du lässt die Karte wirken: Die 2♥ zerstört deine Q♠.",
        "Bob lässt die Karte wirken: Die 2♥ zerstört Bobs Q♠.",
    ],
    "two on a jack": [
        "Bob lässt die Karte wirken: Die 2♥ zerstört Bobs J♣, und die 7♦ geht an dich zurück.",
        "Du lässt die Karte wirken: Die 2♥ zerstört deinen J♣, und die 7♦ geht an Alice zurück.",
    ],
    "three": [
        "Du spielst die Kreuz-Drei als Einmaleffekt, um eine Karte vom Ablagestapel zu nehmen."
    ],
    "three resolves": [
        "Bob lässt die Karte wirken: Du darfst eine Karte vom Ablagestapel nehmen.",
        "Du lässt die Karte wirken: Alice darf eine Karte vom Ablagestapel nehmen.",
    ],
    "take": ["Du nimmst die 5♥ vom Ablagestapel.", "Alice nimmt die 5♥ vom Ablagestapel."],
    "four": [
        "Du spielst die Kreuz-Vier als Einmaleffekt, damit Bob zwei Karten ablegt.",
        "Alice spielt die Kreuz-Vier als Einmaleffekt, damit du zwei Karten ablegst.",
    ],
    "four resolves": [
        "Du lässt die Karte wirken: Du musst zwei Karten ablegen.",
        "Bob lässt die Karte wirken: Bob muss zwei Karten ablegen.",
    ],
    "discard": ["Du legst die 3♣ und die 4♦ ab.", "Bob legt die 3♣ und die 4♦ ab."],
    "discard, the next must": [
        "Bob legt die 3♣ und die 4♦ ab; als Nächstes musst du zwei Karten ablegen."
    ],
    "five": ["Du spielst die Kreuz-Fünf als Einmaleffekt, um zwei Karten zu ziehen."],
    "five resolves": [
        "Bob lässt die Karte wirken: Du ziehst die 7♦ und die 8♣.",
        "Du lässt die Karte wirken: Alice zieht zwei Karten.",
    ],
    "cuttlecards five": [
        "Du spielst die Kreuz-Fünf als Einmaleffekt, um eine Karte abzulegen und drei zu ziehen."
    ],
    "cuttlecards five resolves": [
        "Bob lässt die Karte wirken: Du musst eine Karte ablegen und dann drei ziehen."
    ],
    "cuttlecards five draws": [
        "Du legst die 3♣ ab und ziehst die 6♦, die 7♦ und die 8♣.",
        "Alice legt die 3♣ ab und zieht drei Karten.",
    ],
    "six": [
        "Du spielst die Kreuz-Sechs als Einmaleffekt, um alle Bilder und Brillen zu zerstören."
    ],
    "six resolves": [
        "Bob lässt die Karte wirken: Die 6♣ zerstört alle Bilder und Brillen "
        "(die 8♦, den J♣ und den K♥); die 7♦ geht an dich zurück.",
        "Du lässt die Karte wirken: Die 6♣ zerstört alle Bilder und Brillen "
        "(die 8♦, den J♣ und den K♥); die 7♦ geht an Alice zurück.",
    ],
    "seven": [
        "Du spielst die Pik-Sieben als Einmaleffekt, um die obersten Karten des Stapels "
        "aufzudecken und eine davon zu spielen."
    ],
    "seven resolves": [
        "Bob lässt die Karte wirken: Du deckst die 5♣ und die 7♦ auf.",
        "Bob lässt die Karte wirken: Alice deckt die 5♣ und die 7♦ auf.",
    ],
    "seven's leftover": [
        "Du spielst die Karo-Sieben für Punkte. Die 5♣ kommt wieder oben auf den Stapel.",
        "Alice spielt die Karo-Sieben für Punkte. Die 5♣ kommt wieder oben auf den Stapel.",
    ],
    "seven scraps": [
        "Du kannst den J♣ nicht spielen und legst die Karte ab. "
        "Der J♦ kommt wieder oben auf den Stapel.",
        "Alice kann den J♣ nicht spielen und legt die Karte ab. "
        "Der J♦ kommt wieder oben auf den Stapel.",
    ],
    "nine": [
        "Du spielst die Kreuz-Neun als Einmaleffekt, um Bobs K♥ auf Bobs Hand zurückzuschicken.",
        "Alice spielt die Kreuz-Neun als Einmaleffekt, um deinen K♥ auf deine Hand "
        "zurückzuschicken.",
        "Alice spielt die Kreuz-Neun als Einmaleffekt, um Bobs K♥ auf Bobs Hand zurückzuschicken.",
    ],
    "nine resolves": [
        "Du lässt die Karte wirken: Der K♥ geht zurück auf deine Hand und ist eine Runde lang "
        "gesperrt.",
        "Bob lässt die Karte wirken: Der K♥ geht zurück auf Bobs Hand und ist eine Runde lang "
        "gesperrt.",
    ],
    "eight one-off": ["Alice spielt die Kreuz-Acht als Einmaleffekt, um deine 8♦ zu zerstören."],
    "eight resolves": ["Bob lässt die Karte wirken: Die 8♣ zerstört Bobs 8♦."],
    "joker": [
        "Du spielst den Joker 1 als Einmaleffekt, um mit Bob die Hände zu tauschen.",
        "Alice spielt den Joker 1 als Einmaleffekt, um mit dir die Hände zu tauschen.",
    ],
    "joker resolves": [
        "Bob lässt die Karte wirken: Du und Bob tauscht die Hände.",
        "Bob lässt die Karte wirken: Alice und Bob tauschen die Hände.",
    ],
    "to scuttle": ["Alice spielt die Kreuz-Neun, um deine 7♦ zu versenken."],
    "blocked scuttle": [
        "Du blockst das Versenken mit der Herz-Zehn, und die 9♣ kommt auf den Ablagestapel.",
        "Bob blockt das Versenken mit der Herz-Zehn, und die 9♣ kommt auf den Ablagestapel.",
    ],
    "team jack": [
        "Du spielst den Kreuz-Buben auf Bobs 7♦, und Carol bekommt die Karte.",
        "Alice spielt den Kreuz-Buben auf Bobs 7♦, und du bekommst die Karte.",
    ],
    "stands": ["Du lässt den J♣ liegen.", "Bob lässt den J♣ liegen."],
    "team win": [
        "Alice spielt die Herz-Drei für Punkte. Du und Alice gewinnt.",
        "Alice spielt die Herz-Drei für Punkte. Alice und Carol gewinnen.",
    ],
}

FRENCH: dict[str, list[str]] = {
    "draw": ["Tu pioches le 7♦.", "Alice pioche une carte.", "Alice pioche une carte."],
    "points": [
        "Tu joues le huit de cœur pour marquer des points.",
        "Alice joue le huit de cœur pour marquer des points.",
        "Alice joue le huit de cœur pour marquer des points.",
    ],
    "royal": ["Tu joues le roi de cœur.", "Bob joue le roi de cœur.", "Bob joue le roi de cœur."],
    "glasses": [
        "Tu poses le huit de carreau comme lunettes.",
        "Alice pose le huit de carreau comme lunettes.",
        "Alice pose le huit de carreau comme lunettes.",
    ],
    "scuttle": [
        "Tu sabordes le 7♦ d'Alice avec le neuf de trèfle.",
        "Bob saborde ton 7♦ avec le neuf de trèfle.",
        "Bob saborde le 7♦ d'Alice avec le neuf de trèfle.",
    ],
    "jack": [
        "Tu joues le valet de trèfle sur le 7♦ de Bob et t'en empares.",
        "Alice joue le valet de trèfle sur ton 7♦ et s'en empare.",
        "Alice joue le valet de trèfle sur le 7♦ de Bob et s'en empare.",
    ],
    "pass": [
        "Tu passes. La partie est nulle : trop de passes d'affilée.",
        "Alice passe. La partie est nulle : trop de passes d'affilée.",
    ],
    "win": [
        "Tu joues le trois de cœur pour marquer des points. Tu gagnes.",
        "Alice joue le trois de cœur pour marquer des points. Alice gagne.",
    ],
    "hand limit": [
        "Tu défausses le 3♣ pour respecter la limite de main.",
        "Alice défausse le 3♣ pour respecter la limite de main.",
    ],
    "ace": [
        "Tu joues l'as de trèfle comme effet ponctuel pour détruire toutes les cartes de points.",
        "Alice joue l'as de trèfle comme effet ponctuel pour détruire toutes les cartes de points.",
    ],
    "ace resolves": [
        "Tu laisses l'effet se résoudre : l'A♣ détruit toutes les cartes de points "
        "(le 3♥ et le 7♦).",
        "Bob laisse l'effet se résoudre : l'A♣ détruit toutes les cartes de points "
        "(le 3♥ et le 7♦).",
    ],
    "counter": [
        "Tu contres avec le deux de pique.",
        "Bob contre avec le deux de pique.",
        "Bob contre avec le deux de pique.",
    ],
    "countered": [
        "Tu laisses l'effet se résoudre : l'effet de l'A♣ est annulé.",
        "Alice laisse l'effet se résoudre : l'effet de l'A♣ est annulé.",
    ],
    "counter skips a turn": [
        "Tu contres avec le deux de pique et renonces à ton prochain tour.",
        "Carol contre avec le deux de pique et renonce à son prochain tour.",
    ],
    "two": [
        "Tu joues le deux de cœur comme effet ponctuel pour détruire la Q♠ de Bob.",
        "Alice joue le deux de cœur comme effet ponctuel pour détruire ta Q♠.",
        "Alice joue le deux de cœur comme effet ponctuel pour détruire la Q♠ de Bob.",
    ],
    "two resolves": [
        "Tu laisses l'effet se résoudre : le 2♥ détruit ta Q♠.",
        "Bob laisse l'effet se résoudre : le 2♥ détruit la Q♠ de Bob.",
    ],
    "two on a jack": [
        "Bob laisse l'effet se résoudre : le 2♥ détruit le J♣ de Bob, et le 7♦ te revient.",
        "Tu laisses l'effet se résoudre : le 2♥ détruit ton J♣, et le 7♦ revient à Alice.",
    ],
    "three": [
        "Tu joues le trois de trèfle comme effet ponctuel pour prendre une carte dans la défausse."
    ],
    "three resolves": [
        "Bob laisse l'effet se résoudre : tu peux prendre une carte dans la défausse.",
        "Tu laisses l'effet se résoudre : Alice peut prendre une carte dans la défausse.",
    ],
    "take": ["Tu prends le 5♥ dans la défausse.", "Alice prend le 5♥ dans la défausse."],
    "four": [
        "Tu joues le quatre de trèfle comme effet ponctuel pour faire défausser deux cartes à Bob.",
        "Alice joue le quatre de trèfle comme effet ponctuel pour te faire défausser deux cartes.",
    ],
    "four resolves": [
        "Tu laisses l'effet se résoudre : tu dois défausser deux cartes.",
        "Bob laisse l'effet se résoudre : Bob doit défausser deux cartes.",
    ],
    "discard": ["Tu défausses le 3♣ et le 4♦.", "Bob défausse le 3♣ et le 4♦."],
    "discard, the next must": [
        "Bob défausse le 3♣ et le 4♦ ; tu dois ensuite défausser deux cartes."
    ],
    "five": ["Tu joues le cinq de trèfle comme effet ponctuel pour piocher deux cartes."],
    "five resolves": [
        "Bob laisse l'effet se résoudre : tu pioches le 7♦ et le 8♣.",
        "Tu laisses l'effet se résoudre : Alice pioche deux cartes.",
    ],
    "cuttlecards five": [
        "Tu joues le cinq de trèfle comme effet ponctuel pour défausser une carte "
        "et en piocher trois."
    ],
    "cuttlecards five resolves": [
        "Bob laisse l'effet se résoudre : tu dois défausser une carte, puis en piocher trois."
    ],
    "cuttlecards five draws": [
        "Tu défausses le 3♣ et pioches le 6♦, le 7♦ et le 8♣.",
        "Alice défausse le 3♣ et pioche trois cartes.",
    ],
    "six": [
        "Tu joues le six de trèfle comme effet ponctuel pour détruire toutes les figures "
        "et lunettes."
    ],
    "six resolves": [
        "Bob laisse l'effet se résoudre : le 6♣ détruit toutes les figures et lunettes "
        "(le 8♦, le J♣ et le K♥) ; le 7♦ te revient.",
        "Tu laisses l'effet se résoudre : le 6♣ détruit toutes les figures et lunettes "
        "(le 8♦, le J♣ et le K♥) ; le 7♦ revient à Alice.",
    ],
    "seven": [
        "Tu joues le sept de pique comme effet ponctuel pour révéler le dessus de la pioche "
        "et jouer une des cartes révélées."
    ],
    "seven resolves": [
        "Bob laisse l'effet se résoudre : tu révèles le 5♣ et le 7♦.",
        "Bob laisse l'effet se résoudre : Alice révèle le 5♣ et le 7♦.",
    ],
    "seven's leftover": [
        "Tu joues le sept de carreau pour marquer des points. Le 5♣ retourne sur la pioche.",
        "Alice joue le sept de carreau pour marquer des points. Le 5♣ retourne sur la pioche.",
    ],
    "seven scraps": [
        "Tu ne peux pas jouer le J♣, qui part à la défausse. Le J♦ retourne sur la pioche.",
        "Alice ne peut pas jouer le J♣, qui part à la défausse. Le J♦ retourne sur la pioche.",
    ],
    "nine": [
        "Tu joues le neuf de trèfle comme effet ponctuel pour renvoyer le K♥ de Bob "
        "dans la main de Bob.",
        "Alice joue le neuf de trèfle comme effet ponctuel pour renvoyer ton K♥ dans ta main.",
        "Alice joue le neuf de trèfle comme effet ponctuel pour renvoyer le K♥ de Bob "
        "dans la main de Bob.",
    ],
    "nine resolves": [
        "Tu laisses l'effet se résoudre : le K♥ retourne dans ta main, injouable pendant un tour.",
        "Bob laisse l'effet se résoudre : le K♥ retourne dans la main de Bob, "
        "injouable pendant un tour.",
    ],
    "eight one-off": ["Alice joue le huit de trèfle comme effet ponctuel pour détruire ton 8♦."],
    "eight resolves": ["Bob laisse l'effet se résoudre : le 8♣ détruit le 8♦ de Bob."],
    "joker": [
        "Tu joues le joker 1 comme effet ponctuel pour un échange de mains avec Bob.",
        "Alice joue le joker 1 comme effet ponctuel pour un échange de mains avec toi.",
    ],
    "joker resolves": [
        "Bob laisse l'effet se résoudre : Bob et toi échangez vos mains.",
        "Bob laisse l'effet se résoudre : Alice et Bob échangent leurs mains.",
    ],
    "to scuttle": ["Alice joue le neuf de trèfle pour saborder ton 7♦."],
    "blocked scuttle": [
        "Tu bloques le sabordage avec le dix de cœur : le 9♣ part à la défausse.",
        "Bob bloque le sabordage avec le dix de cœur : le 9♣ part à la défausse.",
    ],
    "team jack": [
        "Tu joues le valet de trèfle sur le 7♦ de Bob, qui passe à Carol.",
        "Alice joue le valet de trèfle sur le 7♦ de Bob, qui te revient.",
    ],
    "stands": ["Tu laisses le J♣ en jeu.", "Bob laisse le J♣ en jeu."],
    "team win": [
        "Alice joue le trois de cœur pour marquer des points. Alice et toi gagnez.",
        "Alice joue le trois de cœur pour marquer des points. Alice et Carol gagnent.",
    ],
}


def scene_sentences(name: str, lang: str) -> list[str]:
    """The sentences of scene ``name`` in ``lang``, for its readers."""
    start, before, move, readers = SCENES[name]
    g = start()
    for m in before:
        g.play(m)
    out = told(g, move, lang, readers)
    return out[: len(GERMAN[name])]


@pytest.mark.parametrize("name", sorted(SCENES))
def test_german_sentences_read_as_written_by_hand(name: str) -> None:
    assert scene_sentences(name, "de") == GERMAN[name]


@pytest.mark.parametrize("name", sorted(SCENES))
def test_french_sentences_read_as_written_by_hand(name: str) -> None:
    assert scene_sentences(name, "fr") == FRENCH[name]


def test_the_scenes_cover_every_verb_and_classic_effect() -> None:
    """Draw, points, scuttle, royal, glasses, jack, one-off, counter, resolve, discard,
    take, scrap, pass, resign (below), endings, leftovers, hand limit, skipped turns;
    the eleven classic effects (ace to joker) from play to resolution."""
    assert set(GERMAN) == set(FRENCH) == set(SCENES)
    moves = {SCENES[n][2].split()[0] for n in SCENES}
    assert {"draw", "points", "scuttle", "royal", "glasses", "jack", "oneoff", "counter"} <= moves
    assert {"resolve", "discard", "take", "scrap", "pass"} <= moves
    played = {SCENES[n][2].split()[1][0] for n in SCENES if SCENES[n][2].startswith("oneoff")}
    assert played == {"A", "2", "3", "4", "5", "6", "7", "8", "9", "X"}


def test_resign_and_agreed_draw_in_german_and_french() -> None:
    g = game("standard", hands=[["3H"], ["KS"]])
    before = g.copy()
    g.resign(0)
    m = g.history[-1][1]
    de = [describe(before, g, 0, m, v, NAMES, lang="de") for v in (0, 1, None)]
    assert de == [
        "Du gibst auf. Bob gewinnt.",
        "Alice gibt auf. Du gewinnst.",
        "Alice gibt auf. Bob gewinnt.",
    ]
    fr = [describe(before, g, 0, m, v, NAMES, lang="fr") for v in (0, 1, None)]
    assert fr == [
        "Tu abandonnes. Bob gagne.",
        "Alice abandonne. Tu gagnes.",
        "Alice abandonne. Bob gagne.",
    ]
    g = game("standard", hands=[["3H"], ["KS"]])
    before = g.copy()
    g.agree_draw()
    m = g.history[-1][1]
    assert (
        describe(before, g, -1, m, None, lang="de")
        == "Die Spieler einigen sich auf ein Unentschieden."
    )
    assert describe(before, g, -1, m, 0, lang="fr") == "Les joueurs conviennent d'une partie nulle."


def test_lang_none_is_the_current_language() -> None:
    g = game("standard", hands=[["7H"], ["8S"]], deck=["7D"])
    after = g.copy()
    after.play("draw")
    with use("de"):
        assert describe(g, after, 0, "draw", 0, NAMES) == "Du ziehst die 7♦."
        assert describe(g, after, 0, "draw", 0, NAMES, lang="en") == "You draw the 7♦."
    assert describe(g, after, 0, "draw", 0, NAMES) == "You draw the 7♦."
    with use("it"):
        assert describe_history(after, 1, NAMES) == ["Alice pesca una carta."]
    assert describe_history(after, 1, NAMES, lang="uk") == ["Alice бере карту."]


# ---------------------------------------------------------------------- every language

ENGLISH_WORDS = re.compile(
    r"\b(the|The|You|you|your|their|own|plays?|draws?|cards?|scraps?|discards?|resolve|lets"
    r"|takes?|with|and|that|to|of|from|must|may|wins?|turn|deck|glasses|permanent|one-off"
    r"|effect|counters?|returns?|goes|back|top|nobody|none)\b"
)
"""English words none of the other five languages uses (names and symbols aside)."""


def check_translated(text: str, lang: str) -> None:
    """A sentence in ``lang``: no English word left, every placeholder filled."""
    assert text and text[0].isupper() and text.endswith("."), (lang, text)
    assert not ENGLISH_WORDS.search(text), (lang, text)
    assert "{" not in text and "}" not in text and "<Word" not in text, (lang, text)


def _mention_finder(lang: str) -> tuple[re.Pattern[str], dict[str, int]]:
    by_form = {form: c for c in range(54) for form in grammar(lang).card_names(c)}
    alternatives = "|".join(re.escape(f) for f in sorted(by_form, key=len, reverse=True))
    return re.compile(rf"(?<![\w'-])(?:{alternatives})(?![\w-])"), by_form


FINDERS = {lang: _mention_finder(lang) for lang in LANGUAGES}


def mentions(text: str, lang: str) -> set[int]:
    """The cards ``text`` (in ``lang``) names."""
    pattern, by_form = FINDERS[lang]
    return {by_form[m] for m in pattern.findall(text)}


def test_the_mention_finder_reads_each_language() -> None:
    assert mentions("Bob топить вашу 2♠ вісімкою пік.", "uk") == {
        CARD_NAMES.index("2S"),
        CARD_NAMES.index("8S"),
    }
    assert mentions("Du ziehst den Pik-König und das Kreuz-Ass.", "de") == {
        CARD_NAMES.index("KS"),
        CARD_NAMES.index("AC"),
    }
    assert mentions("l'effet du sept de carreau", "fr") == {CARD_NAMES.index("7D")}


def tell_everything(config: Config, seed: int, length: int) -> int:
    """Play a random game; every move's sentence for every reader in every language:
    translated, and naming no card the reader may not see."""
    g = config.new(seed)
    rng = random.Random(seed)
    readers: list[int | None] = [None, *range(g.n)]
    told_moves = 0
    while not g.is_over and told_moves < length:
        m = rng.choice(g.legal_actions())
        seat = g.to_act
        before = g.copy()
        g.apply(m)
        written = {c for c in (m.card, m.target, *m.cards) if c >= 0}
        for v in readers:
            seen = (seen_cards(to_json(before, v)), seen_cards(to_json(g, v)))
            allowed = seen[0] | seen[1] | written
            for lang in LANGUAGES:
                text = describe(before, g, seat, m, v, NAMES, seen, lang=lang)
                if lang != "en":
                    check_translated(text, lang)
                hidden = mentions(text, lang) - allowed
                assert not hidden, (config.id, lang, v, text, hidden)
        told_moves += 1
    return told_moves


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(config=configs, seed=seeds, length=st.integers(min_value=1, max_value=60))
def test_no_language_names_a_card_its_reader_may_not_see(
    config: Config, seed: int, length: int
) -> None:
    tell_everything(config, seed, length)


@pytest.mark.parametrize("config", PRESET_CONFIGS[:5], ids=lambda c: c.id)
def test_whole_games_are_told_in_every_language(config: Config) -> None:
    assert tell_everything(config, 5, 400) > 10


def house_game(key: str) -> Game:
    """Three seats; Alice holds the 5♥ with house effect ``key`` and cards to aim at lie
    on the table and in the scrap."""
    rules = house_rules({"base": "multiplayer", "players": 3, "name": "h", "effects": {"5H": key}})
    return game(
        "multiplayer",
        house=rules,
        hands=[["5H", "3C"], ["3S", "4S"], ["4D", "6D"]],
        fields=[{}, {"points": ["7D"], "faces": ["KS"]}, {"points": ["8C"]}],
        scrap=["2C"],
    )


@pytest.mark.parametrize("key", [e.key for e in HOUSE_EFFECTS])
def test_every_house_effect_is_told_in_every_language(key: str) -> None:
    """Each legal play of the house card, then what follows (counters, resolution,
    decisions): every sentence translated for every reader."""
    start = house_game(key)
    five = CARD_NAMES.index("5H")
    plays = [m for m in start.legal_actions() if m.card == five]
    assert plays, key
    rng = random.Random(key)
    for first in plays:
        g = start.copy()
        for step in range(6):
            m = first if step == 0 else rng.choice(g.legal_actions())
            seat = g.to_act
            before = g.copy()
            g.apply(m)
            for v in (None, 0, 1, 2):
                for lang in OTHERS:
                    check_translated(describe(before, g, seat, m, v, NAMES, lang=lang), lang)
            if g.is_over:
                break


def test_every_grammar_is_registered_and_tells_a_draw() -> None:
    assert set(GRAMMARS) == set(LANGUAGES)
    g = new_game("standard", seed=3)
    after = g.copy()
    after.play("draw")
    said = {lang: describe(g, after, 0, "draw", 1, NAMES, lang=lang) for lang in LANGUAGES}
    assert said == {
        "en": "Alice draws a card.",
        "de": "Alice zieht eine Karte.",
        "es": "Alice roba una carta.",
        "fr": "Alice pioche une carte.",
        "it": "Alice pesca una carta.",
        "uk": "Alice бере карту.",
    }


def test_every_format_spec_in_the_catalogs_is_one_the_grammar_knows() -> None:
    """A translation may only ask its grammar for forms it has (a typo such as
    ``{card:akk}`` would silently give the plain form)."""
    from babel.messages.pofile import read_po

    from cuttle.i18n import LOCALE_DIR

    for lang in OTHERS:
        with (LOCALE_DIR / lang / "LC_MESSAGES" / "narration.po").open("rb") as f:
            catalog = read_po(f, locale=lang)
        used = {
            spec
            for message in catalog
            if message.id and isinstance(message.string, str)
            for spec in re.findall(r"\{\w+:(\w+)\}", message.string)
        }
        assert used, lang
        assert used <= set(grammar(lang).specs), (lang, used - set(grammar(lang).specs))
