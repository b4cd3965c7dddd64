"""The site in the reader's language (issue 27): which language a request gets, the
language menu, the pages and the server's messages in German, Babel's dates and numbers.

In process, on a real SQLite file: the app's own routes, sessions and database.
"""

from __future__ import annotations

import html
import re
import sqlite3
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from cuttle.engine.rules import PRESETS, VARIANTS
from cuttle.i18n import LOCALE_DIR, translations, use
from cuttle.i18n.catalogs import read
from cuttle.league import Bracket, BracketError
from cuttle.server.app import create_app
from cuttle.server.errors import ServiceError
from cuttle.server.settings import Settings
from cuttle.server.web.pages import templates
from cuttle.server.web.rule_words import RULE_SETS, VARIANT_LINES

DE = {"Accept-Language": "de-DE,de;q=0.9,en;q=0.5"}

ROUTES = [
    "/",
    "/signin",
    "/signup",
    "/me",
    "/league",
    "/league?view=week",
    "/league?view=alltime",
    "/league/seasons",
    "/league/seasons/0",
    "/league/brackets",
    "/league/bots",
    "/league/hall-of-fame",
    "/series/new",
    "/bots/ladder",
]
"""Pages every reader can open (a game's table is added by the test)."""

ENGLISH = [
    "Skip to content",
    "Sign in",
    "Sign up",
    "Profile",
    "Create a game",
    "Quick play against a bot",
    "Open games",
    "No games yet",
    "Leaderboard",
    "Hall of fame",
    "Championships",
    "Rule set",
    "Start a long-term series",
    "Join the game",
    "Offer draw",
    "Resign",
    "Moves",
    "Username",
    "Password",
    "Sign out",
    "Find a ranked opponent",
    "Challenge to a match",
    "Download record",
]
"""Words of the site's own pages that a German reader must not meet."""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[TestClient, Path]]:
    """The app on a fresh SQLite database, and that database's file."""
    data = tmp_path_factory.mktemp("i18n") / "data"
    app = create_app(Settings.from_env(data))
    with TestClient(app) as client:
        yield client, data / "cuttle.db"


def fresh(site: tuple[TestClient, Path]) -> TestClient:
    """A new visitor of the module's app (its own cookie jar)."""
    return TestClient(site[0].app)


def lang_of(page: str) -> str:
    """The ``<html lang>`` of a page."""
    found = re.search(r'<html lang="([a-z]+)"', page)
    assert found, page[:200]
    return found.group(1)


def csrf_of(page: str) -> str:
    """The CSRF token a page carries."""
    found = re.search(r'<meta name="csrf" content="([^"]+)"', page)
    assert found
    return found.group(1)


def visible_text(page: str) -> str:
    """What a reader sees: the page without its scripts (the embedded catalog holds the
    English sources as keys) and tags, entities decoded."""
    page = re.sub(r"<script\b.*?</script>", " ", page, flags=re.S)
    page = re.sub(r"<[^>]+>", " ", page)
    return html.unescape(page)


def test_accept_language_picks_the_page_language(site: tuple[TestClient, Path]) -> None:
    client = fresh(site)
    assert lang_of(client.get("/").text) == "en"  # no header: English
    page = client.get("/", headers={"Accept-Language": "uk-UA,uk;q=0.9,en;q=0.8"}).text
    assert lang_of(page) == "uk"
    assert "Створити гру" in page and "Create a game" not in page
    fr = client.get("/", headers={"Accept-Language": "pt-BR, fr;q=0.4"}).text
    assert lang_of(fr) == "fr" and "Créer une partie" in fr
    assert lang_of(client.get("/", headers={"Accept-Language": "pt-BR"}).text) == "en"
    for path in ("/", "/api/options"):  # a shared cache keeps one answer per language
        assert "Accept-Language" in client.get(path).headers["vary"], path


def test_the_menu_lists_six_languages_each_named_in_itself(
    site: tuple[TestClient, Path],
) -> None:
    page = fresh(site).get("/", headers=DE).text
    menu = page[page.index('id="language-menu"') : page.index("</details>")]
    names = re.findall(r'name="lang" value="([a-z]+)"[^>]*>([^<]+)</button>', menu)
    assert names == [
        ("en", "English"),
        ("de", "Deutsch"),
        ("es", "Español"),
        ("fr", "Français"),
        ("it", "Italiano"),
        ("uk", "Українська"),
    ]
    assert 'value="de" lang="de" class="link" aria-current="true"' in menu


def test_a_guest_choice_is_a_cookie_that_beats_the_header(
    site: tuple[TestClient, Path],
) -> None:
    client = fresh(site)
    page = client.get("/league", headers=DE).text
    sent = client.post(
        "/language",
        data={"lang": "it", "csrf": csrf_of(page), "next": "/league?view=week"},
        follow_redirects=False,
    )
    assert sent.status_code == 303
    assert sent.headers["location"] == "/league?view=week"  # back to the page
    assert client.cookies.get("lang") == "it"
    again = client.get("/league?view=week", headers=DE).text
    assert lang_of(again) == "it" and "Classifica" in again
    guest = client.get("/api/session").json()["user"]["name"]
    with sqlite3.connect(site[1]) as db:  # a guest's choice is not stored on the row
        row = db.execute("SELECT language FROM users WHERE username IS NULL").fetchall()
    assert row and all(r[0] is None for r in row), guest


def test_the_choice_is_kept_on_the_account_and_beats_the_header(
    site: tuple[TestClient, Path],
) -> None:
    client = fresh(site)
    csrf = client.get("/api/session").json()["csrf"]
    made = client.post(
        "/api/signup",
        json={"username": "sprachfan", "password": "long enough pw"},
        headers={"X-CSRF-Token": csrf},
    )
    assert made.status_code == 200, made.text
    csrf = client.get("/api/session").json()["csrf"]
    saved = client.post("/language", json={"lang": "fr"}, headers={"X-CSRF-Token": csrf})
    assert saved.status_code == 200 and saved.json() == {"lang": "fr", "saved": "account"}
    with sqlite3.connect(site[1]) as db:
        stored = db.execute("SELECT language FROM users WHERE username = 'sprachfan'").fetchone()
    assert stored == ("fr",)
    client.cookies.delete("lang")  # only the account remembers it now
    page = client.get("/me", headers=DE).text
    assert lang_of(page) == "fr" and "Parties" in page and "Spiele" not in page


@pytest.mark.parametrize(
    "body",
    [{"lang": "xx"}, {"lang": "DE-de"}, {"lang": 5}, {}, {"lang": "de\x00"}],
    ids=["unknown", "not-a-code", "number", "missing", "nul"],
)
def test_a_language_we_do_not_speak_is_a_400_that_says_which_we_do(
    site: tuple[TestClient, Path], body: dict[str, object]
) -> None:
    client = fresh(site)
    csrf = client.get("/api/session").json()["csrf"]
    got = client.post("/language", json=body, headers={"X-CSRF-Token": csrf})
    assert got.status_code == 400
    assert got.json()["error"].endswith("choose one of en, de, es, fr, it, uk.")
    assert "lang" not in got.cookies


def test_the_menu_returns_only_to_this_site(site: tuple[TestClient, Path]) -> None:
    client = fresh(site)
    csrf = csrf_of(client.get("/").text)
    for target in ("https://evil.example/x", "//evil.example/x", "javascript:alert(1)"):
        sent = client.post(
            "/language",
            data={"lang": "es", "csrf": csrf, "next": target},
            follow_redirects=False,
        )
        assert sent.status_code == 303 and sent.headers["location"] == "/", target


def site_sentences() -> list[str]:
    """The site catalog's English sources of two words or more that German says
    otherwise (with no fields and no markup): none may show on a German page."""
    german = translations("de", "site")
    out = []
    for message in read(LOCALE_DIR / "site.pot"):
        text = message.id if isinstance(message.id, str) else ""
        if len(text.split()) < 2 or "{" in text or "<" in text or message.context:
            continue
        if german.gettext(text) != text:
            out.append(text)
    return out


@pytest.mark.parametrize("registered", [False, True], ids=["guest", "registered"])
def test_every_page_in_german_says_no_english(
    site: tuple[TestClient, Path], registered: bool
) -> None:
    client = fresh(site)
    csrf = client.get("/api/session").json()["csrf"]
    if registered:  # the league's forms in the lobby, the sign-out button
        made = client.post(
            "/api/signup",
            json={"username": "lesend", "password": "long enough pw"},
            headers={"X-CSRF-Token": csrf},
        )
        assert made.status_code == 200, made.text
        csrf = client.get("/api/session").json()["csrf"]
    made = client.post(
        "/api/games",
        json={"seats": [{"kind": "human"}, {"kind": "human"}]},
        headers={"X-CSRF-Token": csrf},
    )
    assert made.status_code == 201, made.text
    sentences = site_sentences()
    assert len(sentences) > 150  # the catalog is read
    gid = made.json()["id"]
    for route in [*ROUTES, f"/g/{gid}", f"/g/{gid}/replay"]:
        page = client.get(route, headers=DE)
        assert page.status_code == 200, route
        assert lang_of(page.text) == "de", route
        seen = visible_text(page.text)
        spoken = [w for w in ENGLISH if re.search(rf"\b{re.escape(w)}\b", seen)]
        assert spoken == [], f"{route}: {spoken}"
        left = [s for s in sentences if s in seen]
        assert left == [], f"{route}: {left}"
        if registered and route == "/":  # the parts only a registered player sees
            assert "Abmelden" in seen and "Gegner für ein Ranglistenspiel finden" in seen


def test_a_service_error_in_the_language_asked_for_and_english_for_programs(
    site: tuple[TestClient, Path],
) -> None:
    client = fresh(site)
    csrf = {"X-CSRF-Token": client.get("/api/session").json()["csrf"]}
    bad = {"rules": "nonsense", "seats": [{"kind": "human"}, {"kind": "human"}]}
    german = client.post("/api/games", json=bad, headers={**csrf, **DE})
    assert german.status_code == 400
    assert german.json()["error"].startswith("unbekanntes Regelwerk 'nonsense'; bekannt: ")
    assert german.json()["error_en"].startswith("unknown rule set 'nonsense'; known: ")
    plain = client.post("/api/games", json=bad, headers=csrf)  # asked for no language
    assert plain.status_code == 400
    assert set(plain.json()) == {"error"}
    assert plain.json()["error"].startswith("unknown rule set 'nonsense'; known: classic, standard")


def test_an_error_page_in_german(site: tuple[TestClient, Path]) -> None:
    page = fresh(site).get("/u/nobody-here", headers={**DE, "Accept": "text/html"})
    assert page.status_code == 404
    assert "<html lang=de>" in page.text
    assert "kein solcher Spieler" in page.text and "Zurück zur Lobby" in page.text
    nowhere = fresh(site).get("/no/such/page", headers={**DE, "Accept": "text/html"})
    assert nowhere.status_code == 404 and "<p>Nicht gefunden</p>" in nowhere.text


def test_a_sign_in_form_error_in_the_readers_language(site: tuple[TestClient, Path]) -> None:
    client = fresh(site)
    csrf = csrf_of(client.get("/signin").text)
    sent = client.post(
        "/signin",
        data={"username": "nosuchuser", "password": "whatever1", "csrf": csrf},
        headers={"Accept-Language": "es"},
    )
    assert sent.status_code == 400
    assert "nombre de usuario o contraseña incorrectos" in sent.text


def test_dates_and_numbers_by_babel_in_german(site: tuple[TestClient, Path]) -> None:
    moment = datetime(2026, 3, 5, 14, 7, tzinfo=UTC).timestamp()
    with use("de"):
        said = templates.env.from_string(
            "{{ n|number }} · {{ t|datetime('short') }} · {{ d|date }} · {{ x|percent }}"
        ).render(n=1234567.5, t=moment, d="2026-03-05", x=0.25)
    assert said == "1.234.567,5 · 05.03.26, 14:07 · 05.03.2026 · 25\u00a0%"  # a no-break space
    with use("en"):
        said = templates.env.from_string("{{ n|number }}").render(n=1234567.5)
    assert said == "1,234,567.5"
    client = fresh(site)  # a game on the profile: its date as German writes it
    csrf = client.get("/api/session").json()["csrf"]
    made = client.post(
        "/api/games",
        json={"seats": [{"kind": "human"}, {"kind": "human"}]},
        headers={"X-CSRF-Token": csrf},
    )
    gid = made.json()["id"]
    page = client.get("/me", headers=DE).text
    row = page[page.index(f'<tr data-game="{gid}">') :]
    row = row[: row.index("</tr>")]
    assert datetime.now(UTC).strftime("%d.%m.%y") in row
    assert "Wartet auf Spieler" in row


def test_the_lobby_options_describe_rules_in_the_readers_language(
    site: tuple[TestClient, Path],
) -> None:
    for name, rules in PRESETS.items():  # the site's copies are the engine's words
        assert RULE_SETS[name] == rules.description, name
    assert dict(VARIANTS) == VARIANT_LINES
    client = fresh(site)
    english = client.get("/api/options").json()
    assert english["rules"]["classic"]["description"] == PRESETS["classic"].description
    assert english["variants"] == dict(VARIANTS)
    german = client.get("/api/options", headers=DE).json()
    assert german["rules"]["cutthroat"]["description"] == (
        "Drei Spieler, 14 Punkte, zwei Joker, die Bildkarten stehlen, Handlimit 7."
    )
    assert german["variants"]["queens-guard-queens"] == "zwei oder mehr Damen schützen einander"
    assert german["rules"]["classic"]["max_players"] == english["rules"]["classic"]["max_players"]


def test_a_bot_opponent_is_named_as_the_table_names_it(site: tuple[TestClient, Path]) -> None:
    client = fresh(site)
    csrf = client.get("/api/session").json()["csrf"]
    made = client.post(
        "/api/games",
        json={"seats": [{"kind": "human"}, {"kind": "bot", "level": "easy"}]},
        headers={"X-CSRF-Token": csrf},
    )
    assert made.status_code == 201, made.text
    gid = made.json()["id"]
    for headers, bot in ((DE, "Leichter Bot"), ({}, "Easy bot")):
        page = client.get("/me", headers=headers).text
        row = page[page.index(f'<tr data-game="{gid}">') :]
        assert f"<td>{bot}</td>" in row[: row.index("</tr>")], headers


def test_a_code_is_said_as_a_word_and_never_trusted_as_markup() -> None:
    page = templates.env.from_string("{{ a|word }} · {{ b|word }} · {{ _('{x} resigned', x=c) }}")
    with use("de"):
        said = page.render(a="people", b="<i>x</i>", c="<script>")
    assert said == "Menschen · &lt;i&gt;x&lt;/i&gt; · &lt;script&gt; resigned"


def test_the_series_form_names_bots_as_the_table_does(site: tuple[TestClient, Path]) -> None:
    page = fresh(site).get("/series/new", headers=DE).text
    assert '<option value="bot:easy" selected>Leichter Bot</option>' in page
    english = fresh(site).get("/series/new").text
    assert '<option value="bot:easy" selected>Easy bot</option>' in english


def test_a_bracket_error_reaches_an_organiser_in_their_language() -> None:
    with pytest.raises(BracketError) as caught:
        Bracket(["ann", "bob", "ann"])
    error = ServiceError(caught.value.message, 400, **caught.value.params)
    assert str(error) == "players listed twice: ann"  # logs and programs: English
    with use("de"):
        assert error.text() == "doppelt genannte Spieler: ann"
    with use("uk"):
        assert error.text() == "гравці, вказані двічі: ann"


def test_a_guest_who_signs_up_keeps_the_chosen_language_on_the_account(
    site: tuple[TestClient, Path],
) -> None:
    client = fresh(site)
    csrf = csrf_of(client.get("/signup").text)
    client.post("/language", data={"lang": "uk", "csrf": csrf}, follow_redirects=False)
    sent = client.post(
        "/signup",
        data={"username": "mova_uk", "password": "long enough pw", "csrf": csrf},
        follow_redirects=False,
    )
    assert sent.status_code == 303, sent.text
    with sqlite3.connect(site[1]) as db:
        stored = db.execute("SELECT language FROM users WHERE username = 'mova_uk'").fetchone()
    assert stored == ("uk",)
    client.cookies.delete("lang")
    assert lang_of(client.get("/", headers=DE).text) == "uk"
