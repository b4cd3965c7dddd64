"""The rules for people (issues 26 and 27): ``/rules`` in the reader's language, a page per
rule set, the engine reference at ``/rules/reference``.

In process, on a real SQLite file: the app's own routes through a TestClient.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from cuttle.server.app import create_app
from cuttle.server.settings import Settings
from cuttle.server.web.howto import HOWTO_DIR, parse

SECTIONS = [
    "goal",
    "setup",
    "turn",
    "cards",
    "counters",
    "hand-limit",
    "end",
    "rulesets",
    "classic",
    "standard",
    "cuttlecards",
    "cutthroat",
    "team",
    "multiplayer",
]
"""Every section of the how-to document, in order, the same in every language."""
LANGS = ("en", "de", "es", "fr", "it", "uk")


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    """A client of a fresh site."""
    app = create_app(Settings.from_env(tmp_path_factory.mktemp("howto") / "data"))
    with TestClient(app) as c:
        yield c


def get(client: TestClient, path: str, lang: str | None = None, cookie: str | None = None) -> str:
    """The page at ``path`` asked for in ``lang`` (Accept-Language) and/or a ``lang`` cookie."""
    client.cookies.clear()
    if cookie:
        client.cookies.set("lang", cookie)
    headers = {"Accept-Language": lang} if lang else {}
    r = client.get(path, headers=headers)
    assert r.status_code == 200, r.text[:300]
    return str(r.text)


def section_ids(html: str) -> list[str]:
    """The ids of the document's ``h2``/``h3`` headings, in order (not the contents' own)."""
    return [i for i in re.findall(r'<h[23] id="([^"]+)"', html) if i != "toc-title"]


def test_the_english_rules_are_for_players_not_the_engine_spec(client: TestClient) -> None:
    html = get(client, "/rules", "en")
    assert '<h1 id="top">How to play Cuttle</h1>' in html
    assert section_ids(html) == SECTIONS
    for heading in ("Your turn", "The cards", "Counters: the twos", "The hand limit"):
        assert f">{heading}</h2>" in html
    # the contents link to every rule set's anchor
    for name in ("classic", "standard", "cuttlecards", "cutthroat", "team", "multiplayer"):
        assert f'<a href="#{name}">' in html
    # cards are drawn as cards: 9♥ in a red chip, the ten as a small face reading 10♥
    assert '<span class="card chip red">9♥</span>' in html
    assert '<span class="card chip">8♠</span>' in html
    assert '<span class="card small red"><span class="pip">10♥</span></span>' in html
    assert '<span class="card small joker"><span class="pip">★</span></span>' in html
    assert "[[" not in html
    # the goals with kings, as spec/rules.md's table gives them
    row = re.search(r"<td>cutthroat</td>(.*?)</tr>", html, re.S)
    assert row is not None
    assert re.findall(r"<td>(\d+)</td>", row.group(1)) == ["14", "9", "5", "0", "0"]
    # none of the engine's internals: phases, seats, rulings, sources
    article = html[html.index("<article") : html.index("</article>")]
    for internal in ("to_act", "phase", "`p0`", " p0", "Ruling", "seed 00", "oneoff 4H"):
        assert internal not in article, internal
    assert '<a href="/rules/reference">The complete reference for developers' in html


def test_the_rules_speak_german_and_ukrainian_to_those_who_ask(client: TestClient) -> None:
    de = get(client, "/rules", "de-DE,de;q=0.9,en;q=0.5")
    assert '<article class="howto" lang="de">' in de
    assert '<h1 id="top">So spielt man Cuttle</h1>' in de
    for phrase in ("Das Handlimit", "Kontern: die Zweien", "<strong>Bube</strong>", "Versenken"):
        assert phrase in de, phrase
    assert "How to play Cuttle" not in de and "The hand limit" not in de

    uk = get(client, "/rules", "uk")
    assert '<article class="howto" lang="uk">' in uk
    assert '<h1 id="top">Як грати в Cuttle</h1>' in uk
    for phrase in ("Ліміт карт у руці", "<strong>Валет</strong>", "Повний довідник"):
        assert phrase in uk, phrase
    # a chosen language (the menu's cookie) wins over the browser's
    fr = get(client, "/rules", "de", cookie="fr")
    assert '<h1 id="top">Comment jouer à Cuttle</h1>' in fr
    # a language we do not speak gets English
    assert "How to play Cuttle" in get(client, "/rules", "pt-BR")


@pytest.mark.parametrize("lang", LANGS)
def test_every_language_has_the_same_sections_cards_and_links(
    client: TestClient, lang: str
) -> None:
    html = get(client, "/rules", lang)
    assert f'lang="{lang}"' in html
    assert section_ids(html) == SECTIONS
    english = (HOWTO_DIR / "en.md").read_text(encoding="utf-8")
    text = (HOWTO_DIR / f"{lang}.md").read_text(encoding="utf-8")
    cards = re.compile(r"\[\[[^\]]+\]\]")
    links = re.compile(r"\]\((/rules#[a-z-]+)\)")
    assert cards.findall(text) == cards.findall(english)  # the same cards, in order
    assert links.findall(text) == links.findall(english)
    assert "[[" not in html
    words = len(re.sub(r"[#*>|\[\]{}()-]", " ", text).split())
    assert 1500 <= words <= 3000, words


def test_a_rule_set_has_its_own_page_in_the_readers_language(client: TestClient) -> None:
    en = get(client, "/rules/cutthroat", "en")
    assert '<h1 id="cutthroat">Cutthroat: three players</h1>' in en
    assert "Hand limit 7" in en and "joker" in en
    assert '<a href="/rules#cutthroat">' in en
    assert "The goal" not in en  # only its own section
    de = get(client, "/rules/team", "de")
    assert '<h1 id="team">Team: zwei gegen zwei</h1>' in de
    assert "Viermal Passen hintereinander" in de


def test_the_engine_reference_moved_to_its_own_page(client: TestClient) -> None:
    html = get(client, "/rules/reference", "de")
    assert '<article class="rules-page howto reference" lang="en">' in html
    assert "<h1>Rules reference</h1>" in html
    assert "The rule sets at a glance" in html and "Rulings" in html
    assert html.count("<table") >= 2
    assert '<a href="/rules" lang="de">← So spielt man</a>' in html


@pytest.mark.parametrize("path", ["/rules/nonsense", "/rules/goal", "/rules/" + "x" * 300])
def test_an_unknown_rule_set_is_a_404(client: TestClient, path: str) -> None:
    r = client.get(path, headers={"Accept": "application/json"})
    assert r.status_code == 404
    assert "no rule set" in r.text and "cutthroat" in r.text


def test_a_document_without_its_words_or_ids_is_refused(tmp_path: Path) -> None:
    good = (HOWTO_DIR / "en.md").read_text(encoding="utf-8")
    with pytest.raises(ValueError, match="header lacks contents"):
        parse("xx", good.replace("contents: Contents\n", ""))
    with pytest.raises(ValueError, match="a heading without an id: '## The goal'"):
        parse("xx", good.replace("## The goal {#goal}", "## The goal"))
