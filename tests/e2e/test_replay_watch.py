"""End-to-end (issue 26): replays (the goals of each moment, "(you)" only on one's own
seat, autoplay and its speed, any seat's side with every hand open), watching (the list
of games in progress, a game of bots started from it, the TV that follows the strongest
game and moves on when it ends, never a hidden card) and the themes (light and dark,
the four-colour deck, the card backs; axe-core finds nothing in either theme)."""

from __future__ import annotations

import json
import re
import time
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Page, expect
from webutil import (
    DESKTOP,
    PHONE,
    ServerProc,
    api_post,
    apply_line,
    check_no_hidden,
    fast,
    full_game,
    module_fixtures,
    no_horizontal_overflow,
    shot,
    violations,
)

site_fixture, browser_fixture = module_fixtures()


def small_targets(page: Page) -> list[str]:
    """Every visible link, button, field and menu on ``page`` smaller than 44 × 44 px."""
    found: list[str] = page.evaluate(
        """() => [...document.querySelectorAll('a, button, select, input, summary')]
        .filter((e) => e.checkVisibility() && !e.closest('.sr, .skip'))
        .map((e) => [e, e.getBoundingClientRect()])
        .filter(([, r]) => r.width < 44 || r.height < 44)
        .map(([e, r]) => `${e.tagName}#${e.id || e.textContent.trim().slice(0, 24)} `
            + `${Math.round(r.width)}x${Math.round(r.height)}`)"""
    )
    return found


def finished_exhibition(page: Page, site: ServerProc, levels: list[str]) -> str:
    """A game of bots at ``levels`` started from ``page``'s session and played to its end;
    its id."""
    gid = str(api_post(page, "/api/watch/exhibitions", {"levels": levels})["id"])
    deadline = time.monotonic() + 40
    while site.query("select status from games where id=?", gid)[0][0] != "over":
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.2)
    return gid


def resign_by_socket(page: Page, gid: str) -> None:
    """Resign ``page``'s seat of ``gid`` over the game's websocket."""
    page.evaluate(
        """(gid) => new Promise((done) => {
            const ws = new WebSocket(`ws://${location.host}/ws/games/${gid}`);
            ws.onmessage = (e) => {
                const m = JSON.parse(e.data);
                if (m.t === 'state') ws.send(JSON.stringify({t: 'resign', id: 'r1'}));
                if (m.t === 'event') { ws.close(); done(m.line); }
            };
        })""",
        gid,
    )


def scores_by_engine(site: ServerProc, gid: str) -> list[list[tuple[int, int]]]:
    """Each position's ``(score, goal)`` per seat, replayed here with the engine from the
    stored deck and moves."""
    g, moves = full_game(site, gid)
    out = [[(g.score(s), g.goal(s)) for s in range(g.n)]]
    for seat, text in moves:
        apply_line(g, seat, text)
        out.append([(g.score(s), g.goal(s)) for s in range(g.n)])
    return out


def position(page: Page) -> int:
    """The replay's position number ("12 / 40" -> 12)."""
    return int(page.locator("#rp-pos").inner_text().split("/")[0])


# --------------------------------------------------------------------- replays


def test_a_spectators_replay_shows_each_moments_goals_and_no_you(
    site: ServerProc, browser: Browser
) -> None:
    ctx = browser.new_context(viewport=DESKTOP)
    page = ctx.new_page()
    page.goto(site.url + "/")
    for _ in range(3):  # a game where a king lowered a goal, if one of three has one
        gid = finished_exhibition(page, site, ["random", "random"])
        expected = scores_by_engine(site, gid)
        goals = [[goal for _, goal in seats] for seats in expected]
        changed = [k for k, g in enumerate(goals) if g != goals[0]]
        if changed:
            break
    page.goto(f"{site.url}/g/{gid}/replay")
    page.wait_for_selector("#board .seat")
    last = len(expected) - 1
    moments = {0, last // 2, last}
    if changed:  # just before and at the first king: the goal of each moment
        moments |= {changed[0] - 1, changed[0]}
    for k in sorted(moments):
        if k == 0:
            page.click("#rp-first")
        elif k == last:
            page.click("#rp-last")
        else:
            page.locator("#log li button").nth(k - 1).click()
        expect(page.locator("#rp-pos")).to_have_text(f"{k} / {last}")
        for seat, (score, goal) in enumerate(expected[k]):
            expect(page.locator(f'.seat[data-seat="{seat}"] .score')).to_have_text(
                f"{score} / {goal} points"
            )
    # Nobody watching sat at this table: no seat is "(you)".
    expect(page.locator(".seat-name", has_text="(you)")).to_have_count(0)
    expect(page.locator(".seat.mine")).to_have_count(0)
    ctx.close()


def test_a_replay_plays_itself_at_the_chosen_speed(site: ServerProc, browser: Browser) -> None:
    ctx = browser.new_context(viewport=DESKTOP)
    page = ctx.new_page()
    page.goto(site.url + "/")
    gid = finished_exhibition(page, site, ["random", "level1"])
    page.goto(f"{site.url}/g/{gid}/replay")
    page.wait_for_selector("#board .seat")
    assert position(page) == 0
    expect(page.locator("#rp-speed option")).to_have_text(["0.5×", "1×", "2×", "4×"])
    expect(page.locator("#rp-speed")).to_have_value("1")
    assert violations(page) == []  # the light theme
    page.select_option("#rp-speed", "4")
    page.click("#rp-play")
    expect(page.locator("#rp-play")).to_have_attribute("aria-label", "Pause")
    started = time.monotonic()
    expect(page.locator("#rp-pos")).to_have_text(re.compile(r"^[3-9]\d* / "), timeout=5000)
    took = time.monotonic() - started
    # At 4× a move every 375 ms: three moves take about 1.1 s, not the 4.5 s of 1×.
    assert took < 3.0, f"three moves took {took:.1f}s at 4×"
    page.click("#rp-play")
    expect(page.locator("#rp-play")).to_have_attribute("aria-label", "Play")
    paused_at = position(page)
    page.wait_for_timeout(900)
    assert position(page) == paused_at, "the replay went on after the pause"
    # The speed is remembered; the space bar plays and pauses too.
    page.reload()
    page.wait_for_selector("#board .seat")
    expect(page.locator("#rp-speed")).to_have_value("4")
    page.keyboard.press("Space")
    expect(page.locator("#rp-play")).to_have_attribute("data-playing", "true")
    page.keyboard.press("End")
    expect(page.locator("#rp-play")).to_have_attribute("data-playing", "false")
    # On a phone: the controls are 44 px targets and the page no wider than the screen.
    page.set_viewport_size(PHONE)
    assert small_targets(page) == []
    no_horizontal_overflow(page)
    shot(page, "replay-phone.png", full_page=False)
    ctx.close()


def test_a_finished_game_is_seen_from_any_side_with_every_hand_open(
    site: ServerProc, browser: Browser
) -> None:
    ctx = fast(browser.new_context(viewport=DESKTOP))
    page = ctx.new_page()
    page.goto(site.url + "/")
    gid = str(api_post(page, "/api/quickplay", {"level": "random"})["id"])
    resign_by_socket(page, gid)
    page.goto(f"{site.url}/g/{gid}/replay")
    page.wait_for_selector("#board .seat")
    # From the viewer's own side first: seat 0 at the bottom, "(you)".
    expect(page.locator("#rp-side")).to_have_value("0")
    expect(page.locator("#board > .seat")).to_have_attribute("data-seat", "0")
    expect(page.locator('.seat[data-seat="0"] .seat-name')).to_have_text(re.compile(r"\(you\)$"))
    page.select_option("#rp-side", "1")
    expect(page.locator("#board > .seat")).to_have_attribute("data-seat", "1")
    expect(page.locator("#board > .seat .seat-name")).to_have_text("Random bot")
    # "(you)" stays on the viewer's own seat, now at the top.
    expect(page.locator('.opponents .seat[data-seat="0"] .seat-name')).to_have_text(
        re.compile(r"\(you\)$")
    )
    # Every hand open: both hands' cards are drawn with their faces.
    for seat in (0, 1):
        hand = page.locator(f'.seat[data-seat="{seat}"] .hand .card')
        assert hand.count() >= 5
        expect(page.locator(f'.seat[data-seat="{seat}"] .hand .card.back')).to_have_count(0)
    shot(page, "replay-other-side.png", full_page=False)
    ctx.close()


def test_a_game_in_play_has_no_replay_and_its_spectators_see_no_hand(
    site: ServerProc, browser: Browser
) -> None:
    player = fast(browser.new_context(viewport=DESKTOP))
    watcher = fast(browser.new_context(viewport=DESKTOP))
    a, w = player.new_page(), watcher.new_page()
    a.goto(site.url + "/")
    gid = str(api_post(a, "/api/quickplay", {"level": "hard"})["id"])
    w.goto(f"{site.url}/g/{gid}/replay")
    expect(w.locator("#status-line")).to_have_text("the replay opens when the game is over")
    expect(w.locator("#board .card")).to_have_count(0)
    expect(w.locator("#analysis")).to_be_hidden()
    expect(w.locator("#rp-controls")).to_be_hidden()
    assert violations(w) == []
    w.goto(f"{site.url}/g/{gid}")
    w.wait_for_selector('.seat[data-seat="1"] .hand .card')
    for seat in (0, 1):
        hand = w.locator(f'.seat[data-seat="{seat}"] .hand .card')
        assert hand.count() >= 5
        expect(w.locator(f'.seat[data-seat="{seat}"] .hand .card[data-card]')).to_have_count(0)
    resign_by_socket(a, gid)
    player.close()
    watcher.close()


# --------------------------------------------------------------------- watching


def test_the_watch_list_starts_a_game_of_bots(site: ServerProc, browser: Browser) -> None:
    ctx = fast(browser.new_context(viewport=DESKTOP))
    other = fast(browser.new_context(viewport=DESKTOP))
    page, p2 = ctx.new_page(), other.new_page()
    p2.goto(site.url + "/")
    in_play = str(api_post(p2, "/api/quickplay", {"level": "medium"})["id"])
    page.goto(site.url + "/watch")
    row = page.locator(f'#watch-games tr[data-game="{in_play}"]')
    expect(row).to_contain_text("Medium bot")
    expect(row.locator("td").nth(1)).to_have_text("standard")
    expect(row.locator("td").nth(2)).to_have_text("0")
    expect(row.locator("a")).to_have_attribute("href", f"/g/{in_play}")
    shot(page, "watch-list.png", full_page=False)
    assert violations(page) == []
    # On a phone: a block a game, its Watch button on screen, every target 44 px.
    page.set_viewport_size(PHONE)
    box = row.locator("a").bounding_box()
    assert box and box["x"] + box["width"] <= PHONE["width"] and box["height"] >= 44, box
    assert small_targets(page) == []
    no_horizontal_overflow(page)
    shot(page, "watch-list-phone.png", full_page=False)
    page.set_viewport_size(DESKTOP)
    # A game started after the page opened appears at its next refresh.
    later = str(api_post(p2, "/api/quickplay", {"level": "easy"})["id"])
    expect(page.locator(f'#watch-games tr[data-game="{later}"]')).to_be_visible(timeout=8000)
    # Two bots, picked here, play each other; the page opens their table to watch.
    page.select_option("#exhibit-level1", "level1")
    page.select_option("#exhibit-level2", "easy")
    page.click("#exhibit-start")
    page.wait_for_url(re.compile(r"/g/[\w-]+$"))
    gid = page.url.rsplit("/", 1)[1]
    assert site.query("select bot from seats where game_id=? order by seat", gid) == [
        ("level1",),
        ("easy",),
    ]
    # Watched as a spectator: the two bots by name, nobody's seat "(you)".
    expect(page.locator('.seat[data-seat="0"] .seat-name')).to_have_text("Level 1 bot")
    expect(page.locator('.seat[data-seat="1"] .seat-name')).to_have_text("Easy bot")
    expect(page.locator(".seat .seat-name", has_text="(you)")).to_have_count(0)
    resign_by_socket(p2, in_play)
    resign_by_socket(p2, later)
    ctx.close()
    other.close()


def tv_game(page: Page) -> str:
    """The id of the game the TV shows."""
    return str(page.locator("#tv-root").get_attribute("data-game") or "")


def test_the_tv_shows_the_strongest_game_then_the_next(site: ServerProc, browser: Browser) -> None:
    people = [fast(browser.new_context(viewport=DESKTOP)) for _ in range(2)]
    strong_page, weak_page = people[0].new_page(), people[1].new_page()
    for p in (strong_page, weak_page):
        p.goto(site.url + "/")
    strong = str(api_post(strong_page, "/api/quickplay", {"level": "expert"})["id"])
    weak = str(api_post(weak_page, "/api/quickplay", {"level": "level1"})["id"])
    frames: list[dict[str, Any]] = []
    tv_ctx = browser.new_context(viewport=PHONE, color_scheme="dark")
    tv = tv_ctx.new_page()
    tv.on(
        "websocket",
        lambda ws: ws.on("framereceived", lambda data: frames.append({"raw": data, "url": ws.url})),
    )
    tv.goto(site.url + "/tv")
    expect(tv.locator("#tv-root")).to_have_attribute("data-game", strong)
    expect(tv.locator("#tv-title")).to_contain_text("Expert bot")
    expect(tv.locator("#status-line")).to_contain_text("is to play")
    # A spectator's view: both hands face down.
    expect(tv.locator("#board .hand .card.back")).to_have_count(11)
    expect(tv.locator("#board .hand .card[data-card]")).to_have_count(0)
    no_horizontal_overflow(tv)
    assert small_targets(tv) == []
    shot(tv, "tv-dark-phone.png", full_page=False)
    assert violations(tv) == []  # the dark theme (the system's)
    tv.set_viewport_size(DESKTOP)
    shot(tv, "tv-dark-desktop.png", full_page=False)
    # The game ends: its result stays on screen, then the TV moves to the next game.
    resign_by_socket(strong_page, strong)
    expect(tv.locator("#status-line")).to_contain_text("Game over", timeout=8000)
    expect(tv.locator("#tv-root")).to_have_attribute("data-ended", strong)
    expect(tv.locator("#tv-next")).to_contain_text(re.compile(r"The next game in \d seconds?…"))
    shot(tv, "tv-dark-game-over.png", full_page=False)
    expect(tv.locator("#tv-root")).to_have_attribute("data-game", weak, timeout=15000)
    expect(tv.locator("#tv-title")).to_contain_text("Level 1 bot")
    # What the TV was sent of each game: nothing a spectator may not see.
    for gid in (strong, weak):
        sent = [json.loads(f["raw"]) for f in frames if f["url"].endswith(f"/{gid}")]
        assert check_no_hidden(site, gid, sent, None) >= 1, gid
    resign_by_socket(weak_page, weak)
    for c in (*people, tv_ctx):
        c.close()


# --------------------------------------------------------------------- themes


def colour_of(page: Page, selector: str, prop: str = "color") -> str:
    """The computed ``prop`` of the first element matching ``selector``."""
    return str(
        page.evaluate(
            "([s, p]) => getComputedStyle(document.querySelector(s))[p]", [selector, prop]
        )
    )


def choose(page: Page, name: str, value: str) -> None:
    """Pick ``value`` of the theme menu's group ``name``."""
    if page.locator("#theme-details[open]").count() == 0:
        page.click("#theme-details summary")
    page.check(f"#theme-{name}-{value}")


def test_themes_decks_and_backs(site: ServerProc, browser: Browser) -> None:
    # The system's dark preference is the default.
    dark_ctx: BrowserContext = browser.new_context(viewport=DESKTOP, color_scheme="dark")
    page = dark_ctx.new_page()
    page.goto(site.url + "/")
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    assert colour_of(page, "body", "backgroundColor") == "rgb(21, 24, 28)"
    assert violations(page) == []
    shot(page, "theme-dark-lobby.png", full_page=False)
    for other in ("/rules", "/rules/standard", "/league"):  # pages with their own panels
        page.goto(site.url + other)
        assert violations(page) == [], other
    page.goto(site.url + "/")
    # A choice wins over the system's and is remembered.
    choose(page, "theme", "light")
    expect(page.locator("html")).to_have_attribute("data-theme", "light")
    page.reload()
    expect(page.locator("html")).to_have_attribute("data-theme", "light")
    assert colour_of(page, "body", "backgroundColor") == "rgb(243, 241, 234)"
    choose(page, "theme", "dark")
    # A finished game's replay: the four-colour deck and a blue back, in the dark theme.
    gid = finished_exhibition(page, site, ["random", "random"])
    page.goto(f"{site.url}/g/{gid}/replay")
    page.wait_for_selector("#board .card[data-card]")
    assert violations(page) == []
    choose(page, "deck", "four")
    expect(page.locator("html")).to_have_attribute("data-deck", "four")
    suits = {"S": "rgb(27, 27, 27)", "H": "rgb(192, 25, 44)"}
    suits |= {"D": "rgb(29, 78, 216)", "C": "rgb(20, 115, 58)"}
    page.evaluate("() => document.querySelector('#theme-details').open = false")
    found = 0
    for suit, rgb in suits.items():
        sel = f'#board .card[data-card$="{suit}"]:not(.chip)'
        if page.locator(sel).count():
            assert colour_of(page, sel) == rgb, suit
            found += 1
    assert found >= 2, "too few suits on the board to compare"
    shot(page, "theme-dark-replay-four-colours.png", full_page=False)
    # The table of a game in play: the backs of the bot's hand, blue, then green.
    table_gid = str(api_post(page, "/api/quickplay", {"level": "random"})["id"])
    page.goto(f"{site.url}/g/{table_gid}")
    page.wait_for_selector(".opponents .card.back")
    assert "rgb(139, 30, 63)" in colour_of(page, ".opponents .card.back", "backgroundImage")
    choose(page, "back", "blue")
    assert "rgb(30, 58, 138)" in colour_of(page, ".opponents .card.back", "backgroundImage")
    page.evaluate("() => document.querySelector('#theme-details').open = false")
    assert violations(page) == []
    shot(page, "theme-dark-table-blue-backs.png", full_page=False)
    choose(page, "back", "green")
    assert "rgb(20, 83, 45)" in colour_of(page, ".opponents .card.back", "backgroundImage")
    page.evaluate("() => document.querySelector('#theme-details').open = false")
    resign_by_socket(page, table_gid)
    # On a phone, in the light theme: the menu's summary is a 44 px target.
    phone = dark_ctx.new_page()
    phone.set_viewport_size(PHONE)
    phone.goto(site.url + "/watch")
    choose(phone, "theme", "light")
    box = phone.locator("#theme-details summary").bounding_box()
    assert box and box["height"] >= 44 and box["width"] >= 44, box
    shot(phone, "theme-light-menu-phone.png", full_page=False)
    phone.evaluate("() => document.querySelector('#theme-details').open = false")
    assert violations(phone) == []
    dark_ctx.close()
