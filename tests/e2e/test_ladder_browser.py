"""End-to-end: the lobby's bot choice shows each ladder level's measured rating
(``src/cuttle/bots/data/ladder.json``, docs/strength.md "The ladder")."""

from __future__ import annotations

from playwright.sync_api import Browser, expect
from webutil import ServerProc, fast, module_fixtures

from cuttle.bots.ladder import ladder_ratings

site_fixture, browser_fixture = module_fixtures()


def test_the_quick_play_choice_lists_the_levels_with_their_ratings(
    site: ServerProc, browser: Browser
) -> None:
    ctx = fast(browser.new_context(viewport={"width": 1280, "height": 860}))
    page = ctx.new_page()
    page.goto(site.url + "/")
    select = page.locator("#quick-level")
    expect(select.locator("option[value=medium]")).to_have_text("medium (1500)")
    hard = ladder_ratings()["hard"].rating
    expect(select.locator("option[value=hard]")).to_have_text(f"hard ({hard})")
    expect(select.locator("option[value=level5]")).to_have_text(
        f"level 5 ({ladder_ratings()['level5'].rating})"
    )
    expect(select.locator("option[value=random]")).to_have_text("random")  # no rating
    values = select.locator("option").evaluate_all("os => os.map((o) => o.value)")
    assert values == ["random", "level1", "level2", "easy", "medium", "level5", "level6",
                      "hard", "expert"]  # fmt: skip
    ctx.close()
