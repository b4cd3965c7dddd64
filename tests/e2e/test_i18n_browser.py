"""End-to-end: the lobby and a whole game against a bot in German, Ukrainian and French
(the browser's language: Accept-Language), at a desktop's and a phone's size, with no
English word of the table on the page and no hidden card in what the page was sent.

Screenshots of the lobby and the table in each language are written as
``i18n-lobby-<lang>.png`` and ``i18n-table-<lang>.png`` (``CUTTLE_SCREENSHOTS``: see
``webutil.SHOTS``).
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect
from webutil import (
    DESKTOP,
    PHONE,
    ServerProc,
    check_no_hidden,
    check_words,
    fast,
    module_fixtures,
    shot,
    watch_frames,
)

site_fixture, browser_fixture = module_fixtures()


ENGLISH = [
    r"Draw a card", r"Your move", r"Game over", r"You won", r"You lost", r"Resolve",
    r"Scuttle", r"Points \(", r"your field", r"no cards on the table", r"Random bot",
    r"plays", r"draws", r"resigns", r"Sound on", r"Sound off", r"Rematch", r"Resign",
    r"Offer draw", r"Say something", r"Send", r"deck \d", r"scrap \d",
    r"points(?! [A2-9TJQK][CDHS])",  # notation ("points 7H") stays English
    r"All legal moves", r"Waiting", r"Copy link", r"to move", r"your turn",
    r"their turn", r"countered", r"One-off", r"the table", r"hidden card",
    r"of (?:Hearts|Spades|Clubs|Diamonds)", r"Moves", r"Replay", r"Record",
    r"Type a move", r"Pace", r"Discard", r"Glasses", r"Cancel", r"you", r"with the",
    r"Connecting", r"Quick play", r"Open games", r"Join", r"players?\)",
    r"a person", r"bot: ", r"ranked", r"casual", r"No open games", r"field",
    r"hand", r"Watching", r"by resignation", r"on points",
]  # fmt: skip
"""Words and phrases the table and the lobby say in English (none may show in another
language; card short forms such as 7♦ and players' names are the same in every one)."""

SAME_WORDS = {"fr": {r"Points \(", r"points(?! [A2-9TJQK][CDHS])"}}
"""English phrases that are also the language's own words ("points" in French)."""


def english_pattern(lang: str) -> re.Pattern[str]:
    """The phrases of :data:`ENGLISH` a page in ``lang`` may not show, as one pattern."""
    kept = [p for p in ENGLISH if p not in SAME_WORDS.get(lang, set())]
    return re.compile(r"\b(?:" + "|".join(kept) + r")\b")


TEXT_JS = """() => {
  const main = document.querySelector("main");
  const parts = [main.innerText];
  for (const el of main.querySelectorAll("[aria-label], [placeholder], [title]")) {
    for (const a of ["aria-label", "placeholder", "title"]) {
      if (el.getAttribute(a)) parts.push(el.getAttribute(a));
    }
  }
  return parts.join("\\n");
}"""
"""Everything the page says in its main part: the visible text and what a screen reader
or a tooltip reads (aria-label, placeholder, title)."""


def said(page: Page) -> str:
    """The text of the page's main part (see :data:`TEXT_JS`)."""
    return str(page.evaluate(TEXT_JS))


def english_in(text: str, name: str, lang: str) -> list[str]:
    """The lines of ``text`` holding an English phrase (the player's own ``name`` left
    out), each with the phrase."""
    english = english_pattern(lang)
    lines = text.replace(name, "").splitlines()
    return sorted({f"{m.group(0)!r} in {line!r}" for line in lines for m in english.finditer(line)})


def over(page: Page) -> bool:
    """Whether the table says the game is over (its rematch button shows)."""
    return bool(page.evaluate("() => !document.getElementById('btn-rematch').hidden"))


def wait_for_turn(page: Page) -> None:
    """Wait until the page offers moves or the game is over."""
    page.wait_for_function(
        "() => document.querySelector('#all-moves') || "
        "!document.getElementById('btn-rematch').hidden",
        timeout=15000,
    )


def play_one(page: Page) -> None:
    """Play one listed move (points or a scuttle where there is one), by its notation."""
    details = page.locator("#all-moves")
    if not details.evaluate("d => d.open"):
        details.locator("summary").click()
    for verb in ("points", "scuttle", "draw", ""):
        found = page.locator(f'.all-list button[data-move^="{verb}"]')
        if found.count():
            before = page.locator("#log li").count()
            found.first.click()
            page.wait_for_function(
                f"() => document.querySelectorAll('#log li').length > {before} "
                "|| document.getElementById('error').textContent"
            )
            return


@pytest.mark.parametrize(
    ("lang", "locale", "size", "other"),
    [
        ("de", "de-DE", DESKTOP, PHONE),
        ("uk", "uk-UA", PHONE, DESKTOP),
        ("fr", "fr-FR", DESKTOP, PHONE),
    ],
)
def test_a_game_in_another_language_shows_no_english(
    site: ServerProc,
    browser: Browser,
    lang: str,
    locale: str,
    size: dict[str, int],
    other: dict[str, int],
) -> None:
    ctx = fast(browser.new_context(viewport=size, locale=locale))  # type: ignore[arg-type]
    page = ctx.new_page()
    page.on("dialog", lambda d: d.accept())  # "Resign this game?"
    frames = watch_frames(page)
    page.goto(site.url + "/")
    expect(page.locator("html")).to_have_attribute("lang", lang)
    page.wait_for_selector("#create-seats .seat-row")
    page.wait_for_selector("#open-games tbody tr")
    name = str(page.evaluate("async () => (await (await fetch('/api/session')).json()).user.name"))
    seen = [said(page)]
    shot(page, f"i18n-lobby-{lang}.png", full_page=False)
    page.select_option("#quick-level", "random")
    page.click("#quick-play")
    page.wait_for_url("**/g/*")
    gid = page.url.rstrip("/").split("/g/")[1].split("/")[0]
    shot_at, taken = (3 if lang == "uk" else 5), False
    for k in range(12):
        wait_for_turn(page)
        seen.append(said(page))
        if over(page):
            break
        if k == shot_at:
            shot(page, f"i18n-table-{lang}.png", full_page=False)
            taken = True
        play_one(page)
    if not taken:  # a short game: the table as it ended
        shot(page, f"i18n-table-{lang}.png", full_page=False)
    if not over(page):
        page.click("#btn-resign")
    expect(page.locator("#btn-rematch")).to_be_visible()
    seen.append(said(page))
    page.set_viewport_size(other)  # type: ignore[arg-type]
    page.wait_for_timeout(100)
    seen.append(said(page))
    # The replay tells the moves and how the game ended in the same language.
    page.click("#link-replay")
    page.wait_for_selector("#log li button")
    page.keyboard.press("End")
    for part in ("#status-line", "#log", "#board"):
        seen.append(page.locator(part).inner_text())
    found = english_in("\n".join(seen), name, lang)
    assert not found, f"English on the {lang} table: {found}"
    assert page.locator("#log li").count() >= 2
    assert check_no_hidden(site, gid, frames, 0) > 2
    assert check_words(site, gid, frames, 0) > 2
    ctx.close()
