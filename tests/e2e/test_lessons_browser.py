"""End-to-end: the lessons (issue 26) played by clicking what pulses, at 1280×800 and at
390×844: the points and scuttle lessons completed (every lesson on the desktop), a wrong
move explained, the index ticks finished lessons, axe-core finds nothing and every phone
tap target is 44 px or more."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect
from webutil import (
    DESKTOP,
    PHONE,
    ServerProc,
    fast,
    module_fixtures,
    shot,
    small_targets,
    violations,
)

site_fixture, browser_fixture = module_fixtures()


def play_step(page: Page) -> None:
    """Click the pulsing hand card, then the pulsing target (a card, else an action)."""
    page.locator("#board .hand .card.learn-pulse, #board .revealed .card.learn-pulse").first.click()
    aimed = page.locator("#board .field .card.learn-pulse")
    if aimed.count():
        aimed.first.click()
    else:
        page.locator("#learn-actions button.learn-pulse").first.click()
    expect(page.locator("#learn-result")).to_have_class("learn-result good")


def finish(page: Page, site: ServerProc, slug: str, steps: int, tag: str) -> None:
    """Play every step of lesson ``slug`` by its highlights."""
    page.goto(f"{site.url}/learn/{slug}")
    for n in range(steps):
        expect(page.locator("#learn-step")).to_contain_text(f"{n + 1}")
        play_step(page)
        if n == 0:
            shot(page, f"learn-{slug}-{tag}.png", full_page=False)
        if n + 1 < steps:
            page.click("#learn-next")
    expect(page.locator("#learn-next")).to_have_attribute("href", "/learn")


@pytest.mark.parametrize(("viewport", "tag"), [(DESKTOP, "desktop"), (PHONE, "phone")])
def test_points_and_scuttle_lessons_by_clicking_the_highlights(
    site: ServerProc, browser: Browser, viewport: dict[str, int], tag: str
) -> None:
    ctx = fast(browser.new_context(viewport=viewport))
    page = ctx.new_page()
    finish(page, site, "points", 2, tag)
    finish(page, site, "scuttle", 2, tag)
    page.goto(site.url + "/learn")
    expect(page.locator('[data-lesson="points"] .tick')).to_have_text("✓")
    expect(page.locator('[data-lesson="scuttle"] .tick')).to_have_text("✓")
    expect(page.locator('[data-lesson="jacks"] .tick')).to_have_text("")
    if tag == "desktop":  # every other lesson too, by its highlights alone
        for slug in ("one-offs", "counters", "royals", "jacks", "sevens"):
            finish(page, site, slug, 2, tag)
        page.goto(site.url + "/learn")
        expect(page.locator(".learn-index li.done")).to_have_count(7)
    shot(page, f"learn-index-{tag}.png")
    assert violations(page) == []
    if tag == "phone":
        assert small_targets(page) == []
    ctx.close()


def test_a_legal_but_different_move_is_explained(site: ServerProc, browser: Browser) -> None:
    ctx = fast(browser.new_context(viewport=PHONE))
    page = ctx.new_page()
    page.goto(site.url + "/learn/scuttle")
    page.locator('#board .hand .card[data-card="8D"]').click()
    page.locator('#learn-actions button[data-move="points 8D"]').click()
    result = page.locator("#learn-result")
    expect(result).to_have_class("learn-result bad")
    expect(result).to_contain_text("use your 8♦ on their 6♠")
    expect(page.locator("#learn-next")).to_have_count(0)
    shot(page, "learn-wrong-phone.png", full_page=False)
    assert violations(page) == []
    assert small_targets(page) == []
    ctx.close()
