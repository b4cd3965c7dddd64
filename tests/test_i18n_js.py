"""The browser's translation functions (``static/i18n.js``), run under node: plural rules
read by the small parser, placeholders, contexts and the English fallback.

Each case loads i18n.js in a fresh node process with a fake page holding the catalog
exactly as base.html embeds it (``cuttle.i18n.catalog_json``) and prints what the
globals ``_``, ``_n`` and ``_p`` return. The expected strings are the words a reader of
each language should see, written here by hand.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from cuttle.i18n import catalog_json

I18N_JS = Path(__file__).resolve().parent.parent / "src" / "cuttle" / "web" / "static" / "i18n.js"

HARNESS = """
const [script, catalogText, callsText] = process.argv.slice(1);
globalThis.document = {
  getElementById: (id) =>
    id === "i18n-catalog" && catalogText !== "" ? { textContent: catalogText } : null,
};
require(script);
const out = JSON.parse(callsText).map(([fn, args]) => globalThis[fn](...args));
out.push(typeof globalThis.pwned);
process.stdout.write(JSON.stringify(out));
"""


def run_js(catalog: Any, calls: list[tuple[str, list[Any]]]) -> list[Any]:
    """What each ``(function, arguments)`` call returns on a page embedding ``catalog``
    (a dict as JSON, a raw string as it is, ``None``: no catalog element); the last item
    says whether a global ``pwned`` was created."""
    node = shutil.which("node")
    assert node is not None, "the browser's i18n tests need node"
    text = "" if catalog is None else catalog if isinstance(catalog, str) else json.dumps(catalog)
    done = subprocess.run(
        [node, "-e", HARNESS, str(I18N_JS), text, json.dumps(calls)],
        capture_output=True,
        text=True,
        timeout=30,
        check=True,
    )
    result: list[Any] = json.loads(done.stdout)
    return result


DECK = ("deck, {n} card", "deck, {n} cards")


def test_ukrainian_plural_forms_follow_the_three_way_rule() -> None:
    counts = [1, 2, 4, 5, 11, 12, 21, 22, 25, 111]
    got = run_js(catalog_json("uk"), [("_n", [*DECK, n]) for n in counts])
    assert got[:-1] == [
        "колода, 1 карта",
        "колода, 2 карти",
        "колода, 4 карти",
        "колода, 5 карт",
        "колода, 11 карт",
        "колода, 12 карт",
        "колода, 21 карта",
        "колода, 22 карти",
        "колода, 25 карт",
        "колода, 111 карт",
    ]


def test_french_counts_zero_as_singular_and_german_does_not() -> None:
    fr = run_js(catalog_json("fr"), [("_n", [*DECK, 0]), ("_n", [*DECK, 1]), ("_n", [*DECK, 2])])
    de = run_js(catalog_json("de"), [("_n", [*DECK, 0]), ("_n", [*DECK, 1]), ("_n", [*DECK, 2])])
    assert fr[:-1] == ["pioche, 0 carte", "pioche, 1 carte", "pioche, 2 cartes"]
    assert de[:-1] == ["Stapel, 0 Karten", "Stapel, 1 Karte", "Stapel, 2 Karten"]


def test_placeholders_are_filled_by_name_and_braces_can_be_escaped() -> None:
    got = run_js(
        catalog_json("de"),
        [
            ("_", ["{names} and {last}", {"names": "Ann, Bob", "last": "Cy"}]),
            ("_", ["Discard {cards}", {"cards": "7♦ 2♣"}]),
            ("_", ["Not in any catalog: {who} has {{braces}} and {missing}", {"who": "Ann"}]),
            ("_", ["{card:acc} spec", {"card": "7♦"}]),
        ],
    )
    assert got[:-1] == [
        "Ann, Bob und Cy",
        "7♦ 2♣ abwerfen",
        "Not in any catalog: Ann has {braces} and {missing}",
        "7♦ spec",
    ]


def test_contexts_tell_the_same_words_apart() -> None:
    got = run_js(
        catalog_json("it"),
        [("_p", ["bot name", "Easy bot"]), ("_p", ["bot level", "easy"]), ("_", ["Easy bot"])],
    )
    assert got[:-1] == ["Bot facile", "facile", "Easy bot"]


@pytest.mark.parametrize("catalog", [None, "{not json", {"lang": "de", "messages": None}])
def test_a_missing_or_broken_catalog_speaks_english(catalog: Any) -> None:
    got = run_js(
        catalog,
        [
            ("_", ["Resolve"]),
            ("_n", [*DECK, 1]),
            ("_n", [*DECK, 3]),
            ("_p", ["bot name", "Easy bot"]),
        ],
    )
    assert got[:-1] == ["Resolve", "deck, 1 card", "deck, 3 cards", "Easy bot"]


@pytest.mark.parametrize(
    "plural",
    [
        "(globalThis.pwned = 1, 0)",
        "n; globalThis.pwned = 1",
        "constructor.constructor('globalThis.pwned = 1')()",
        "(n != 1",
        "n ? 1",
    ],
)
def test_a_plural_expression_is_parsed_never_run(plural: str) -> None:
    catalog = {"lang": "xx", "plural": plural, "messages": {DECK[0]: ["ONE {n}", "MANY {n}"]}}
    got = run_js(catalog, [("_n", [*DECK, 1]), ("_n", [*DECK, 7])])
    # Refused: English's rule picks the form, and nothing ran.
    assert got == ["ONE 1", "MANY 7", "undefined"]


def test_every_c_operator_of_the_known_rules_parses() -> None:
    # A rule with three forms that uses ! - + * / % < <= > >= == != && || ?: and parentheses.
    # && binds tighter than || (n = 3 would fall to the last form otherwise), / truncates.
    rule = (
        "!(n >= 0) ? 2 : (n * 2 / 2 - 0 + 0) % 10 == 1 && n != 11 ? 0"
        " : n > 99 && n <= 200 || n < 5 || n / 4 == 4 ? 1 : 2"
    )
    catalog = {"lang": "xx", "plural": rule, "messages": {DECK[0]: ["A{n}", "B{n}", "C{n}"]}}
    got = run_js(catalog, [("_n", [*DECK, n]) for n in (1, 11, 3, 7, 150, 201, 21, 17, 20)])
    assert got[:-1] == ["A1", "C11", "B3", "C7", "B150", "A201", "A21", "B17", "C20"]
