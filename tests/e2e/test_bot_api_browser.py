"""The Bot API against a person in a real chromium: the Python example
(``examples/bot_api_bot.py``) listens on the site, the person finds it in the lobby's
list of bots online, challenges it, and plays the game by clicking to the end."""

from __future__ import annotations

import random
import re
import subprocess
import sys
from pathlib import Path

import httpx
from playwright.sync_api import Browser, expect
from test_browser import assert_over, play_to_the_end
from webutil import ServerProc, check_no_hidden, fast, module_fixtures, watch_frames

site_fixture, browser_fixture = module_fixtures()
EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "bot_api_bot.py"


def _bot_token(site: ServerProc) -> str:
    """Sign up an owner and make bot account ``webbot``; its token."""
    http = httpx.Client(base_url=site.url, timeout=10)
    csrf = http.get("/api/session").json()["csrf"]
    r = http.post(
        "/api/signup",
        json={"username": "webowner", "password": "a long enough password"},
        headers={"X-CSRF-Token": csrf},
    )
    assert r.status_code == 200, r.text
    r = http.post(
        "/api/bots",
        json={"name": "webbot", "about": "the Python example"},
        headers={"X-CSRF-Token": r.json()["csrf"]},
    )
    assert r.status_code == 201, r.text
    token: str = r.json()["token"]
    return token


def test_a_person_challenges_the_example_from_the_lobby(site: ServerProc, browser: Browser) -> None:
    """Lobby → Challenge → the example accepts → the table; the person plays by
    clicking, the example by the Bot API, to the end; the person's page never learns a
    card of the bot's hand it may not see."""
    token = _bot_token(site)
    proc = subprocess.Popen(
        [sys.executable, str(EXAMPLE), "--url", site.url, "--token", token, "--games", "1"]
    )
    try:
        ctx = fast(browser.new_context(viewport={"width": 1280, "height": 900}))
        page = ctx.new_page()
        frames = watch_frames(page)
        page.goto(site.url + "/")
        row = page.locator('#bots-online tr[data-bot="webbot"]')
        expect(row).to_contain_text("BOT webbot", timeout=20_000)
        expect(row).to_contain_text("the Python example")
        row.get_by_role("button", name="Challenge BOT webbot").click()
        expect(page).to_have_url(re.compile(r"/g/[A-Za-z0-9_-]+$"), timeout=20_000)
        gid = page.url.rsplit("/", 1)[1]
        expect(page.locator(".seat:not(.mine)")).to_contain_text("BOT webbot")
        play_to_the_end(page, [], random.Random(29), keyboard_first=False)
        assert_over(site, page, gid)
        assert proc.wait(30) == 0  # the example saw the game finish and stopped
        assert check_no_hidden(site, gid, frames, 0) >= 2
        seats = [
            name
            for (name,) in site.query("select name from seats where game_id=? order by seat", gid)
        ]
        assert seats[1] == "BOT webbot"
        ctx.close()
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.wait()
