"""The catalogs: every message in every language, none empty, placeholders kept, the
extraction current; languages chosen from headers, flags and the environment."""

from __future__ import annotations

import pytest

from cuttle import i18n
from cuttle.i18n import catalogs


def test_every_catalog_is_complete_and_current() -> None:
    found = catalogs.problems()
    assert found == [], "\n".join(found[:40]) + f"\n... {len(found)} problems in all"


def test_the_check_catches_a_lost_placeholder_and_an_empty_message() -> None:
    from babel.messages.catalog import Message

    lost = Message("{who} draws {card}", "{who} zieht")
    assert any("loses ['card']" in p for p in catalogs._message_problems("de/x", lost))
    empty = Message("Your turn", "")
    assert any("no translation" in p for p in catalogs._message_problems("de/x", empty))
    invented = Message("Your turn", "{name}, du bist dran")
    assert any("invents ['name']" in p for p in catalogs._message_problems("de/x", invented))
    spec = Message("{who} scuttles {card}", "{who} sticht {card:acc}")
    assert catalogs._message_problems("de/x", spec) == []
    plural = Message(("one card", "{n} cards"), ("eine Karte", "{n} Karten"))
    assert catalogs._message_problems("de/x", plural) == []


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        ("de-DE,de;q=0.9,en;q=0.8", "de"),
        ("en;q=0.5, uk;q=0.9", "uk"),
        ("pt-BR,pt;q=0.9", "en"),
        ("it;q=0, es;q=0.2", "es"),
        ("fr-CA", "fr"),
        ("q=;;,,,", "en"),
        ("", "en"),
    ],
)
def test_accept_language_picks_the_best_language_we_speak(header: str, expected: str) -> None:
    assert i18n.negotiate(header) == expected


def test_the_terminal_language_comes_from_the_flag_then_the_environment() -> None:
    assert i18n.from_environment("de", {"CUTTLE_LANG": "fr"}) == "de"
    assert i18n.from_environment(None, {"CUTTLE_LANG": "fr", "LANG": "de_DE.UTF-8"}) == "fr"
    assert i18n.from_environment(None, {"LANG": "uk_UA.UTF-8"}) == "uk"
    assert i18n.from_environment(None, {"LC_ALL": "C", "LANG": "de_DE"}) == "en"
    assert i18n.from_environment(None, {}) == "en"
    with pytest.raises(ValueError, match=r"unknown language 'xx'.*de"):
        i18n.from_environment("xx", {})


def test_use_sets_the_language_for_a_block_only() -> None:
    assert i18n.current() == "en"
    with i18n.use("de-AT") as lang:
        assert lang == "de"
        assert i18n.current() == "de"
    assert i18n.current() == "en"
