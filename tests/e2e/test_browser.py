"""End-to-end: real chromium pages against a real server, frames checked for hidden cards."""

from __future__ import annotations

import random
import re
from typing import Any

from playwright.sync_api import Browser, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from webutil import (
    ServerProc,
    check_no_hidden,
    check_words,
    fast,
    module_fixtures,
    my_turn_or_over,
    no_horizontal_overflow,
    shot,
    watch_frames,
)

from cuttle import new_game
from cuttle.engine.cards import CARD_NAMES
from cuttle.engine.rules import PRESETS

site_fixture, browser_fixture = module_fixtures()


def click_a_move(page: Page, prefer: tuple[str, ...] = ("Points", "Scuttle")) -> None:
    """Play one move by clicking: the deck, a hand card then its action, or a listed move."""
    if prefer[0] == "Draw" and page.locator("#deck.playable").count():
        page.click("#deck")
        return
    hand = page.locator(".seat.mine .hand .card.playable")
    if hand.count() and page.locator("#discard-button").count() == 0:
        hand.first.click()
        cands = page.locator("#actions button.cand")
        for word in prefer:
            found = cands.filter(has_text=word)
            if found.count():
                found.first.click()
                return
        page.locator("#actions button", has_text="Cancel").click()
    details = page.locator("#all-moves")
    if not details.evaluate("d => d.open"):
        details.locator("summary").click()
    moves = page.locator(".all-list button")
    for word in prefer:
        found = moves.filter(has_text=word)
        if found.count():
            found.first.click()
            return
    moves.first.click()


def game_id(page: Page) -> str:
    """The game id of the table page."""
    return str(page.url.rstrip("/").split("/g/")[1].split("/")[0])


def test_sign_up_play_a_bot_to_the_end_and_replay(site: ServerProc, browser: Browser) -> None:
    ctx = fast(browser.new_context(viewport={"width": 1280, "height": 860}))
    page = ctx.new_page()
    frames = watch_frames(page)
    page.goto(site.url + "/signup")
    page.fill("input[name=username]", "carla")
    page.fill("input[name=password]", "a good password")
    page.click("main button[type=submit]")
    expect(page.locator("#whoami")).to_have_text("carla")
    page.wait_for_selector("#create-seats .seat-row")
    page.select_option("#quick-level", "random")
    page.click("#quick-play")
    page.wait_for_url("**/g/*")
    gid = game_id(page)
    taken = False
    for _ in range(400):
        if my_turn_or_over(page):
            break
        if not taken and page.locator(".seat .points .card").count() >= 2:
            shot(page, "table.png")
            taken = True
        before = page.locator("#log li").count()
        click_a_move(page)
        page.wait_for_function(
            f"() => document.querySelectorAll('#log li').length > {before} "
            "|| document.getElementById('error').textContent"
        )
    else:
        raise AssertionError("the game did not end")
    expect(page.locator("#status-line")).to_contain_text("Game over")
    if not taken:
        shot(page, "table.png")
    assert check_no_hidden(site, gid, frames, 0) > 2
    assert check_words(site, gid, frames, 0) > 2
    # Replay every move.
    page.click("#link-replay")
    page.wait_for_selector("#rp-pos")
    expect(page.locator("#rp-pos")).to_contain_text("0 /")
    expect(page.locator("#rp-pos")).not_to_have_text("0 / 0")  # the moves have loaded
    total = int(page.locator("#rp-pos").inner_text().split("/")[1])
    page.keyboard.press("ArrowRight")
    expect(page.locator("#rp-pos")).to_have_text(f"1 / {total}")
    for _ in range(min(total, 12) - 1):
        page.click("#rp-next")
    shot(page, "replay.png")
    page.keyboard.press("End")
    expect(page.locator("#rp-pos")).to_have_text(f"{total} / {total}")
    assert page.locator("#board .card.back").count() == 0  # all cards shown
    # The profile lists the game.
    page.goto(site.url + "/me")
    row = page.locator(f"#games tr[data-game='{gid}']")
    expect(row.locator(f"a[href='/g/{gid}/replay']")).to_be_visible()
    expect(row).to_contain_text(re.compile(r"\b(Won|Lost|Draw)\b"))
    ctx.close()


def test_two_browsers_play_and_a_guest_joins_by_invite(site: ServerProc, browser: Browser) -> None:
    ca = fast(browser.new_context(viewport={"width": 1100, "height": 800}))
    cb = fast(browser.new_context(viewport={"width": 390, "height": 844}))  # a phone
    a, b = ca.new_page(), cb.new_page()
    fa, fb = watch_frames(a), watch_frames(b)
    a.goto(site.url + "/")
    a.wait_for_selector("#create-seats .seat-row")
    a.select_option("#create-seats .seat-row >> nth=1 >> select", "person")
    a.click("#create-game")
    a.wait_for_url("**/g/*")
    invite = a.locator("#invite").input_value()
    gid = game_id(a)
    b.goto(invite)
    b.click("#join-button")
    b.wait_for_selector(".seat.mine")
    pages = {0: a, 1: b}
    for i in range(8):
        a.wait_for_function("() => document.querySelector('.seat.acting')")
        acting = int(a.locator(".seat.acting").first.get_attribute("data-seat") or 0)
        page = pages[acting]
        assert not my_turn_or_over(page)
        before = page.locator("#log li").count()
        click_a_move(page, prefer=("Points",) if i % 3 == 1 else ("Draw", "Points"))
        for p in pages.values():
            p.wait_for_function(f"() => document.querySelectorAll('#log li').length > {before}")
    shot(b, "table-phone.png")
    a.once("dialog", lambda d: d.accept())
    a.click("#btn-resign")
    for p in pages.values():
        expect(p.locator("#status-line")).to_contain_text("Game over")
    assert check_no_hidden(site, gid, fa, 0) > 5
    assert check_no_hidden(site, gid, fb, 1) > 5
    assert check_words(site, gid, fa, 0) > 5
    assert check_words(site, gid, fb, 1) > 5
    ca.close()
    cb.close()


# Multi-seat games, every move of the person made by clicking (or by keyboard).

SEAT_RE = re.compile(r"^p(\d)$")
# Ranks by how little harm they do to the person's opening, the least harmful first:
# these cannot take a point card away, make a seat discard or counter; then twos, kings
# and jokers (a counter, a lower goal); then the rest.
TIERS = ("35678Q", "2KX")


def stacked_deck(rules: str, mine: list[str], seed: int) -> list[str]:
    """A whole deck for ``rules`` that deals ``mine`` to seat 0.

    The other cards are shuffled with ``seed`` and then ordered by :data:`TIERS`, so
    the other hands and the top of the deck hold the least harmful ones: the person's
    scripted opening moves that name a seat stay legal whatever the random bots do
    (checked in 3,000 random games of the engine for the openings used here).
    """
    rs = PRESETS[rules]
    names = [c for c in CARD_NAMES if (rs.jokers or c[0] != "X") and c not in mine]
    random.Random(seed).shuffle(names)
    names.sort(key=lambda c: next((i for i, t in enumerate(TIERS) if c[0] in t), len(TIERS)))
    dealt = (rs.players - 1) * rs.deal  # to the other seats
    hands = [list(mine)] + [names[k * rs.deal : (k + 1) * rs.deal] for k in range(rs.players - 1)]
    deck = [hands[s][i] for i in range(rs.deal) for s in range(rs.players)] + names[dealt:]
    assert len(set(deck)) == len(deck) == len(names) + len(mine)
    assert sorted(new_game(rules, deck=deck).view(0)["hands"][0]) == sorted(mine)
    return deck


def create_stacked_game(page: Page, site: ServerProc, rules: str, mine: list[str]) -> str:
    """Create a ``rules`` game (person in seat 0, random bots elsewhere) and stack its deck.

    The game is created through the API from the page's session; the server keeps a new
    game only in the database until someone opens it, so the test writes the deck it
    wants there (the database is the truth) before the table is opened.
    """
    rs = PRESETS[rules]
    seats = [{"kind": "human"}] + [{"kind": "bot", "level": "random"}] * (rs.players - 1)
    gid = str(
        page.evaluate(
            """async (body) => {
                const csrf = document.querySelector('meta[name="csrf"]').content;
                const r = await fetch('/api/games', {method: 'POST', body: JSON.stringify(body),
                    headers: {'X-CSRF-Token': csrf, 'content-type': 'application/json'}});
                return (await r.json()).id;
            }""",
            {"rules": rules, "players": rs.players, "seats": seats, "my_seat": 0},
        )
    )
    deck = stacked_deck(rules, mine, seed=len(rules))
    with site.db() as db:
        db.execute("update games set deck = ? where id = ?", (" ".join(deck), gid))
    page.goto(f"{site.url}/g/{gid}")
    page.wait_for_selector(".seat.mine .hand .card")
    hand = page.locator(".seat.mine .hand .card").evaluate_all("ns => ns.map(n => n.dataset.card)")
    assert sorted(hand) == sorted(mine), "the table was not dealt the stacked deck"
    return gid


def parse_move(move: str) -> tuple[str, list[str], list[int]]:
    """A move's verb, cards and named seats."""
    words = move.split()
    seats = [int(m.group(1)) for w in words[1:] if (m := SEAT_RE.match(w))]
    return words[0], [w for w in words[1:] if not SEAT_RE.match(w)], seats


def legal_on_page(page: Page) -> list[str]:
    """The legal moves the table lists (the "All legal moves" buttons)."""
    return list(
        page.locator("#all-moves .all-list button").evaluate_all(
            "bs => bs.map(b => b.dataset.move)"
        )
    )


def press(page: Page, selector: str, keyboard: bool) -> None:
    """Activate ``selector``: a mouse click, or Tab until it has the focus, then Enter."""
    if not keyboard:
        page.click(selector)
        return
    for _ in range(300):
        if page.evaluate("s => document.activeElement?.matches(s) ?? false", selector):
            page.keyboard.press("Enter")
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {selector}")


def highlighted(page: Page, selector: str, attr: str) -> set[str]:
    """The ``attr`` data attribute of every element matching ``selector``."""
    return set(page.locator(selector).evaluate_all(f"ns => ns.map(n => n.dataset.{attr})"))


def click_move(page: Page, move: str, legal: list[str], keyboard: bool = False) -> None:
    """Play ``move`` with the board: deck, hand card, highlighted card, highlighted seat.

    Checks on the way that exactly the cards and seats the legal moves allow are
    highlighted. Listed buttons are used only where the board leaves a choice (the
    verb for a card, ``resolve``, ``pass``, the discard button).
    """
    verb, cards, seats = parse_move(move)
    if verb == "draw":
        press(page, "#deck.playable", keyboard)
        return
    if verb == "discard":
        if len(cards) == 1:  # a single card goes at once
            press(page, f'.seat.mine .hand .card.playable[data-card="{cards[0]}"]', keyboard)
            return
        for c in cards:
            press(page, f'.seat.mine .hand .card.playable[data-card="{c}"]', keyboard)
        press(page, "#discard-button:enabled", keyboard)
        return
    if not cards:
        press(page, f'#actions button.primary[data-move="{move}"]', keyboard)
        return
    press(page, f'#board .card.playable[data-card="{cards[0]}"]', keyboard)
    if keyboard:  # the redrawn table keeps the focus on the selected card
        assert page.evaluate("() => document.activeElement.dataset.card") == cards[0]
    cands = [c for c in map(parse_move, legal) if c[0] != "discard" and c[1][:1] == cards[:1]]
    assert highlighted(page, "#board .card.target", "card") == {
        c[1][1] for c in cands if len(c[1]) > 1
    }
    if len(cards) > 1:
        press(page, f'#board .card.target[data-card="{cards[1]}"]', keyboard)
        cands = [c for c in cands if len(c[1]) > 1 and c[1][1] == cards[1]]
        if len(cands) == 1:
            return
    want_seats = {str(c[2][0]) for c in cands if c[2] and len(c[1]) == len(cards[:2])}
    assert highlighted(page, ".seat.target", "seat") == want_seats
    if seats:
        target = f'.seat.target[data-seat="{seats[0]}"]'
        if keyboard:
            press(page, target + " .seat-target", True)
        elif page.locator(target + ".mine").count():  # own hand cards fill that seat
            page.click(target + " .seat-target")
        else:  # the seat's field, away from its cards (a card there may be a target)
            spot = _bare_spot(page, target + " .field")
            if spot is not None:
                page.locator(target + " .field").click(position=spot)
            else:  # cards cover the whole field (a phone): the seat's own button
                page.click(target + " .seat-target")
        cands = [c for c in cands if c[2] and c[2][0] == seats[0]]
        if len(cands) == 1:
            return
    press(page, f'#actions button.cand[data-move="{move}"]', keyboard)


def _bare_spot(page: Page, selector: str) -> dict[str, float] | None:
    """A point of ``selector``'s box (relative to it) where no card lies, or None."""
    spot: dict[str, float] | None = page.evaluate(
        """s => {
            const el = document.querySelector(s);
            const r = el.getBoundingClientRect();
            for (let y = 2; y < r.height - 1; y += 6) {
                for (let x = 2; x < r.width - 1; x += 6) {
                    const hit = document.elementFromPoint(r.left + x, r.top + y);
                    if (hit && el.contains(hit) && !hit.closest(".card, button")) return { x, y };
                }
            }
            return null;
        }""",
        selector,
    )
    return spot


def play_to_the_end(
    page: Page,
    opening: list[str],
    rng: random.Random,
    keyboard_first: bool,
    on_turn: Any = None,
) -> list[tuple[str, bool]]:
    """Play the person's moves by the board until the game is over.

    ``opening`` lists move prefixes played first, in order, when the person is in the
    main phase; afterwards a move naming a seat is preferred, then points or scuttles.
    Seat-naming moves alternate between keyboard and mouse, starting with the keyboard
    when ``keyboard_first``. Returns each seat-naming move with whether it was keyed.
    """
    me = int(page.locator(".seat.mine").get_attribute("data-seat") or 0)
    todo = list(opening)
    seat_moves: list[tuple[str, bool]] = []
    lost: list[str] = []
    for _ in range(400):
        if my_turn_or_over(page, timeout=30000):
            return seat_moves
        if on_turn:
            on_turn(page)
        legal = legal_on_page(page)
        assert legal
        named = [m for m in legal if parse_move(m)[2]]
        phase_main = "to play" in page.locator("#status-line").inner_text()
        script = [m for m in legal if todo and phase_main and m.startswith(todo[0])]
        if script:
            move = script[0]
            todo.pop(0)
        elif named:
            move = rng.choice(named)
        else:
            scoring = [m for m in legal if m.split()[0] in ("points", "scuttle")]
            move = rng.choice(scoring if scoring and rng.random() < 0.6 else legal)
        keyboard = False
        if parse_move(move)[2]:
            keyboard = (len(seat_moves) % 2 == 0) == keyboard_first
            seat_moves.append((move, keyboard))
        before = page.locator("#log li").count()
        click_move(page, move, legal, keyboard)
        if not _moved(page, before, 15000):
            # A loaded machine once lost one gesture here (the run's only failure, not
            # seen again in dozens of runs): say what the table showed, then do what a
            # player would and play it again, once.
            lost.append(f"{move}: {page.locator('#prompt').inner_text()!r}")
            if my_turn_or_over(page, timeout=5000) or move not in legal_on_page(page):
                raise AssertionError(f"the move was lost and the turn has passed: {lost}")
            click_move(page, move, legal, keyboard)
            assert _moved(page, before, 30000), f"the move was lost twice: {lost}"
        assert not page.locator("#error").inner_text(), page.locator("#error").inner_text()
        expect(page.locator("#log li").nth(before)).to_have_attribute("data-line", f"p{me}: {move}")
    raise AssertionError("the game did not end")


def _moved(page: Page, before: int, timeout: float) -> bool:
    """Whether, within ``timeout`` ms, the log grew past ``before`` lines or an error showed."""
    try:
        page.wait_for_function(
            f"() => document.querySelectorAll('#log li').length > {before} "
            "|| document.getElementById('error').textContent",
            timeout=timeout,
        )
    except PlaywrightTimeoutError:
        return False
    return True


def assert_over(site: ServerProc, page: Page, gid: str) -> None:
    """The table says the game is over and the database agrees, every move listed."""
    expect(page.locator("#status-line")).to_contain_text("Game over")
    with site.db() as db:
        status, result = db.execute(
            "select status, result from games where id = ?", (gid,)
        ).fetchone()
        stored = db.execute("select count(*) from moves where game_id = ?", (gid,)).fetchone()[0]
    assert status == "over" and result
    expect(page.locator("#log li")).to_have_count(stored)
    # Every hand is shown at the end (an empty deck is drawn as a faded back).
    assert page.locator("#board .card.back:not(.empty)").count() == 0


def test_cutthroat_three_seats_played_by_clicking(site: ServerProc, browser: Browser) -> None:
    ctx = fast(browser.new_context(viewport={"width": 1280, "height": 900}))
    page = ctx.new_page()
    frames = watch_frames(page)
    page.goto(site.url + "/")
    gid = create_stacked_game(page, site, "cutthroat", ["4C", "4D", "9H", "5D", "8S"])
    assert page.locator(".seat").count() == 3
    seat_moves = play_to_the_end(
        page, ["oneoff 4C", "oneoff 4D"], random.Random(3), keyboard_first=True
    )
    assert_over(site, page, gid)
    # Both fours named their victim by the seat: the first by keyboard, the second by mouse.
    assert [m.split()[1] for m, _ in seat_moves[:2]] == ["4C", "4D"]
    assert [k for _, k in seat_moves[:2]] == [True, False]
    assert check_no_hidden(site, gid, frames, 0) > 5
    assert check_words(site, gid, frames, 0) > 5
    ctx.close()


def test_team_four_seats_on_a_phone_played_by_clicking(site: ServerProc, browser: Browser) -> None:
    ctx = fast(browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True))
    page = ctx.new_page()
    frames = watch_frames(page)
    page.goto(site.url + "/")
    gid = create_stacked_game(page, site, "team", ["9H", "JS", "4C", "5D", "8S"])
    assert page.locator(".seat").count() == 4
    expect(page.locator(".seat[data-seat='2'] .seat-name")).to_contain_text("(partner)")
    taken: list[bool] = []

    def on_turn(p: Page) -> None:
        no_horizontal_overflow(p)
        seats = {m[-1] for m in legal_on_page(p) if m.startswith("jack JS 9H p")}
        if not taken and seats:
            # Select the jack and its target: the seats it may go to light up.
            p.click('#board .card.playable[data-card="JS"]')
            p.click('#board .card.target[data-card="9H"]')
            assert highlighted(p, ".seat.target", "seat") == seats
            expect(p.locator("#prompt")).to_contain_text("click the seat")
            no_horizontal_overflow(p)
            shot(p, "table-team.png")
            taken.append(True)
            p.keyboard.press("Escape")
            expect(p.locator(".seat.target")).to_have_count(0)

    seat_moves = play_to_the_end(
        page,
        ["points 9H", "oneoff 4C", "jack JS 9H p2"],
        random.Random(4),
        keyboard_first=False,
        on_turn=on_turn,
    )
    assert taken
    assert_over(site, page, gid)
    no_horizontal_overflow(page)
    # The four named its victim by a click on that seat's field; the jack was keyed.
    assert seat_moves[0][0].startswith("oneoff 4C p") and not seat_moves[0][1]
    assert seat_moves[1] == ("jack JS 9H p2", True)
    assert check_no_hidden(site, gid, frames, 0) > 10
    assert check_words(site, gid, frames, 0) > 10
    ctx.close()
