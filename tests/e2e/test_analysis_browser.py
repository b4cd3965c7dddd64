"""End-to-end: the engine review on the replay page (issue 28) in real chromium.

A game against the random bot is played to the end over the API (random moves: marks are
all but certain), then a browser asks for the analysis on the replay page and waits for
the graph, the marks in the move list, the accuracy table and the best move on the board.
Screenshots at 1280x800 and 390x844: ``analysis-desktop.png``, ``analysis-best.png`` (the
best move on the board) and ``analysis-phone.png``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect
from webutil import ServerProc, module_fixtures, no_horizontal_overflow, shot

_, browser_fixture = module_fixtures()

MARK_SYMBOLS = {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProc]:
    """A server whose analyses search 30 iterations a ply (a game in a second or two)."""
    proc = ServerProc(
        tmp_path_factory.mktemp("e2e-analysis") / "data",
        env={"CUTTLE_ANALYSIS_BUDGET": "30"},
    ).start()
    yield proc
    proc.stop()


@pytest.fixture(scope="module")
def game(site: ServerProc) -> str:
    """A finished game of random moves against the random bot."""
    from srvutil import Client, play_against_bot  # on the path webutil makes

    gid, sock = play_against_bot(Client(site.url), seed=1)
    sock.close()
    return gid


def open_replay(page: Page, site: ServerProc, gid: str) -> None:
    page.goto(f"{site.url}/g/{gid}/replay")
    expect(page.locator("#rp-pos")).not_to_have_text("0 / 0")


def test_ask_for_the_analysis_and_see_graph_marks_and_best_move(
    site: ServerProc, browser: Browser, game: str
) -> None:
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    page = ctx.new_page()
    open_replay(page, site, game)
    ask = page.locator("#an-request")
    expect(ask).to_be_visible()
    expect(ask).to_have_text("Request analysis")
    ask.click()
    expect(page.locator("#an-graph svg")).to_be_visible(timeout=60_000)
    expect(ask).to_be_hidden()
    review = page.request.get(f"{site.url}/api/games/{game}/analysis").json()["review"]
    marked = [p for p in review["plies"] if p["mark"]]
    assert marked, "a game of random moves has marked moves"
    # Every marked move is marked in the list, with its symbol; the others are not.
    log = page.locator("#log li")
    assert log.count() == len(review["plies"])
    expect(page.locator("#log li[data-mark]")).to_have_count(len(marked))
    for p in marked[:5]:
        item = log.nth(p["ply"] - 1)
        expect(item).to_have_attribute("data-mark", p["mark"])
        expect(item.locator("button .an-sym")).to_have_text(MARK_SYMBOLS[p["mark"]])
    # One dot on the graph per marked move; the accuracy of both players; the legend.
    expect(page.locator("#an-graph circle")).to_have_count(len(marked))
    rows = page.locator("#an-accuracy tr[data-seat]")
    expect(rows).to_have_count(2)
    for seat, acc in enumerate(review["accuracy"]):
        expect(rows.nth(seat).locator(".an-acc")).to_have_text(f"{acc:.1f}%")
    expect(page.locator("#an-legend")).to_contain_text("Blunder")
    # Choosing a marked move tells the best move; the button shows it on the board.
    worst = max(marked, key=lambda p: p["loss"])
    log.nth(worst["ply"] - 1).locator("button").click()
    expect(page.locator("#rp-pos")).to_have_text(re.compile(rf"^{worst['ply']} / "))
    best = page.locator("#an-best")
    expect(best).to_be_visible()
    expect(best).to_contain_text(f"Best was {worst['best']}")
    shot(page, "analysis-desktop.png")
    page.click("#an-best-show")
    expect(page.locator("#an-caption")).to_contain_text(worst["best"])
    shot(page, "analysis-best.png", full_page=False)
    cards = re.findall(r"\b(?:[A2-9TJQK][CDHS]|X[12])\b", worst["best"])
    if cards or worst["best"].startswith("draw"):
        assert page.locator("#board .an-best-card").count() >= 1
    page.click("#an-best-show")  # back to the move played
    expect(page.locator("#an-caption")).to_have_count(0)
    # The graph moves the replay: a click near its right end goes to the last positions.
    # (the locator clicks once the graph is in view and stands still: a raw mouse click at a
    # box measured earlier can land where the graph was before the board's caption went away)
    graph = page.locator("#an-graph svg")
    box = graph.bounding_box()
    assert box is not None
    graph.click(position={"x": box["width"] - 1, "y": box["height"] / 2})
    total = len(review["plies"])
    # a pixel from the end is the last position or the one before: a long game puts its
    # moves under two pixels apart on the graph
    expect(page.locator("#rp-pos")).to_have_text(re.compile(rf"^({total - 1}|{total}) / {total}$"))
    ctx.close()


def test_the_review_on_a_phone_in_german(site: ServerProc, browser: Browser, game: str) -> None:
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, locale="de-DE")
    page = ctx.new_page()
    r = page.request.get(f"{site.url}/api/session")
    csrf = r.json()["csrf"]
    page.request.post(  # asked already (the first test, or here): the page shows it at once
        f"{site.url}/api/games/{game}/analysis", headers={"x-csrf-token": csrf}, data={}
    )
    open_replay(page, site, game)
    expect(page.locator("#an-graph svg")).to_be_visible(timeout=60_000)
    # The panel speaks the reader's language (the review catalog, translated by hand).
    expect(page.locator("#an-title")).to_have_text("Computeranalyse")
    expect(page.locator("#an-legend")).to_contain_text("Patzer")
    marked = page.locator("#log li[data-mark]")
    marked.first.locator("button").click()
    expect(page.locator("#an-best")).to_be_visible()
    no_horizontal_overflow(page)
    page.locator("#analysis").scroll_into_view_if_needed()
    shot(page, "analysis-phone.png")
    ctx.close()
