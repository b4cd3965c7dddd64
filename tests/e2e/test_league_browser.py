"""The league's pages in a real chromium: the leaderboard, a bracket updating live while a
match finishes (and the ranked table's banner), a profile's rating chart, on a desktop
and a phone-sized screen. Screenshots go to ``CUTTLE_SCREENSHOTS`` (``make screenshots``:
docs/screenshots) or a temporary folder."""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Iterator
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, expect, sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "server"))
from leagueutil import START, League, at, league_server, register
from srvutil import ServerProc

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"]
SHOTS = Path(os.environ.get("CUTTLE_SCREENSHOTS") or tempfile.mkdtemp(prefix="cuttle-shots-"))
PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProc]:
    """A league server with a fake clock."""
    proc = league_server(tmp_path_factory.mktemp("e2e-league") / "data").start()
    yield proc
    proc.stop()


@pytest.fixture(scope="module")
def league(site: ServerProc) -> League:
    """Four players, two weeks of matches, then the season's end."""
    boss = register(site.url, "boss")
    lg = League(site, boss, {n: register(site.url, n) for n in ("ann", "bob", "cat", "dan")})
    schedule = [
        (1, "ann", "bob", ["ann", "bob", "ann"]),
        (1, "cat", "dan", ["cat", "cat"]),
        (1, "ann", "cat", ["draw", "ann", "ann"]),
        (2, "bob", "dan", ["bob", "bob"]),
        (2, "ann", "dan", ["ann", "ann"]),
        (3, "bob", "cat", ["cat", "bob", "bob"]),
        (4, "ann", "bob", ["bob", "ann", "ann"]),
    ]
    for i, (week, a, b, plan) in enumerate(schedule):
        lg.set_clock(at(START + timedelta(days=7 * (week - 1) + 2), i))
        lg.play(lg.challenge(a, b), plan)
    lg.set_clock(at(START + timedelta(days=30)))
    return lg


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """Headless chromium (scripts/install-browser.sh)."""
    if not Path(CHROMIUM).exists():
        raise RuntimeError("chromium is missing: run scripts/install-browser.sh")
    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        yield b
        b.close()


def test_leaderboard_on_a_desktop_and_a_phone(
    site: ServerProc, league: League, browser: Browser
) -> None:
    expected = league.get("/api/league/standings?season=0")["standings"]
    for name, viewport in (("league-leaderboard", {"width": 1200, "height": 800}), ("", PHONE)):
        ctx = browser.new_context(viewport=viewport)
        page = ctx.new_page()
        page.goto(site.url + "/league")
        rows = page.locator("#board tbody tr")
        expect(rows).to_have_count(len(expected))
        for i, s in enumerate(expected):
            cells = rows.nth(i).locator("td")
            expect(cells.nth(1)).to_have_text(s["player"])
            expect(cells.nth(2)).to_have_text(str(s["points"]))
            for week, pts in s["weeks"].items():
                expect(cells.nth(4 + int(week))).to_have_text(str(pts))
        if name:
            page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)
        else:  # on a phone the page does not overflow: the table scrolls in its box
            width = page.evaluate("document.documentElement.scrollWidth")
            assert width <= PHONE["width"] + 1
            page.screenshot(path=str(SHOTS / "league-leaderboard-phone.png"), full_page=True)
        page.click("text=All-time ratings")
        expect(page.locator("#board tbody tr")).to_have_count(4)
        ctx.close()


def test_bracket_updates_live_while_a_match_finishes(
    site: ServerProc, league: League, browser: Browser
) -> None:
    league.set_clock(at(START + timedelta(days=92)))
    r = league.admin.post("/api/league/brackets", {"kind": "season", "season": 0, "publish": True})
    assert r.status_code == 201, r.text
    bracket: dict[str, Any] = r.json()
    ready = [m for m in bracket["state"]["matches"] if m["status"] == "ready"]
    assert [m["id"] for m in ready] == ["W1-1", "W1-2"]
    ctx = browser.new_context(viewport=PHONE)
    page = ctx.new_page()
    page.goto(site.url + f"/league/brackets/{bracket['id']}")
    expect(page.locator("#m-W1-1")).to_have_attribute("data-status", "ready")
    tctx = browser.new_context(viewport=PHONE)
    tctx.add_init_script("localStorage.setItem('cuttle.pace', '0')")  # moves shown at once
    table = tctx.new_page()
    m = ready[0]
    a, b = m["sides"]
    table.clock.install()
    table.goto(site.url + f"/g/{m['game']}")
    expect(table.locator("#league-banner")).to_contain_text("Ranked match, first to two")
    # The page's timers stand still from here: the next game must come with the end
    # itself, not with the banner's 3 s poll.
    table.clock.pause_at(datetime.now() + timedelta(seconds=1))
    league.end_game(m["game"], a)  # the first game: the table offers the next one
    expect(table.locator("#next-game")).to_be_visible(timeout=10_000)
    table.clock.resume()
    table.click("#next-game")
    expect(table.locator("#league-banner")).to_contain_text(f"{a} 1 – 0 {b}")
    second = league.get(f"/api/league/matches/{m['league_match']}")["game"]
    league.end_game(second, a)
    # the bracket page redraws without a reload: W1-1 done, its winner in bold
    expect(page.locator("#m-W1-1")).to_have_attribute("data-status", "done", timeout=10_000)
    expect(page.locator("#m-W1-1 .bside.won")).to_contain_text(a)
    expect(page.locator("#m-W1-1 .bscore").first).to_have_text("2")
    page.screenshot(path=str(SHOTS / "league-bracket.png"), full_page=True)
    # On a desktop every round is in view, the grand final too: nothing hides to the right.
    page.set_viewport_size({"width": 1280, "height": 800})
    final = page.locator("#m-GF").bounding_box()
    assert final and final["x"] + final["width"] <= 1280, final
    hidden = page.locator(".bracket").evaluate("b => b.scrollWidth - b.clientWidth")
    assert hidden <= 0, f"{hidden}px of the bracket scroll out of view"

    # A later round's match is joined to the round before it by a line (the losers'
    # first round is not: it follows no round of its own part).
    def line(match: str) -> list[str]:
        got: list[str] = page.locator(f"#m-{match}").evaluate(
            "m => { const s = getComputedStyle(m, '::before');"
            " return [s.content, s.borderTopWidth]; }"
        )
        return got

    assert line("W2-1") == ['""', "2px"] and line("GF2") == ['""', "2px"]
    assert line("L1-1")[0] == "none" and line("W1-1")[0] == "none"
    page.screenshot(path=str(SHOTS / "league-bracket-desktop.png"), full_page=True)
    ctx.close()
    tctx.close()


def test_profile_shows_the_rating_chart(site: ServerProc, league: League, browser: Browser) -> None:
    ctx = browser.new_context(viewport={"width": 1000, "height": 900})
    page = ctx.new_page()
    page.goto(site.url + "/u/ann")
    img = page.locator("img.rating-chart").first
    expect(img).to_be_visible()
    assert img.evaluate("i => i.complete && i.naturalWidth > 0")
    expect(page.locator("#ratings")).to_contain_text("standard")
    expect(page.locator("#recent-matches li").first).to_be_visible()
    expect(page.locator("#record")).to_contain_text("standard")
    svg = league.admin.http.get("/league/players/ann/rating.svg").text
    matches = [m for m in league.get("/api/league/players/ann")["matches"] if m["status"] == "over"]
    assert svg.count('class="rating-point"') == len(matches)
    page.locator("#league-profile").screenshot(path=str(SHOTS / "league-profile.png"))
    ctx.close()
