"""The puzzle page in chromium: a puzzle drawn as its solver sees it, the moves as
buttons, the solution judged and the rating shown; on a desktop and on a phone."""

from __future__ import annotations

from playwright.sync_api import Browser, expect
from webutil import ServerProc, module_fixtures, no_horizontal_overflow, shot

from cuttle.puzzles.model import by_id

site, browser = module_fixtures()

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


def test_solve_a_puzzle_and_miss_one(site: ServerProc, browser: Browser) -> None:
    for size, tag in ((DESKTOP, "desktop"), (PHONE, "phone")):
        ctx = browser.new_context(viewport=size)
        page = ctx.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e, sink=errors: sink.append(str(e)))
        page.goto(site.url + "/puzzles")
        page.wait_for_selector("#pz-moves button")
        pid = page.evaluate("() => fetch('/api/puzzles').then(() => null)")
        assert pid is None
        # Which puzzle is shown: the buttons carry the legal moves; find it by its moves.
        moves = page.locator("#pz-moves button").evaluate_all("bs => bs.map(b => b.dataset.move)")
        recent = page.locator("#pz-recent li").all_inner_texts()
        assert recent, "the last moves are told"
        candidates = [p for p in by_id().values() if sorted(p.view().legal) == sorted(moves)]
        assert candidates
        solution = candidates[0].solution
        shot(page, f"puzzle-{tag}.png")
        no_horizontal_overflow(page)
        page.locator(f'#pz-moves button[data-move="{solution}"]').click()
        expect(page.locator("#pz-result .good")).to_contain_text("Solved!")
        expect(page.locator("#pz-streak")).to_have_text("1")
        shot(page, f"puzzle-solved-{tag}.png")
        # The next one, answered wrongly: the solution is shown.
        page.click("#pz-next")
        page.wait_for_function(
            "() => document.querySelectorAll('#pz-moves button:not([disabled])').length > 0"
        )
        moves = page.locator("#pz-moves button").evaluate_all("bs => bs.map(b => b.dataset.move)")
        found = [p for p in by_id().values() if sorted(p.view().legal) == sorted(moves)]
        wrong = next(m for m in moves if all(m != p.solution for p in found))
        page.locator(f'#pz-moves button[data-move="{wrong}"]').click()
        expect(page.locator("#pz-result .bad")).to_contain_text("the solution was")
        expect(page.locator("#pz-streak")).to_have_text("0")
        expect(page.locator("#pz-result .why")).to_contain_text("no other move keeps more than")
        shot(page, f"puzzle-answered-{tag}.png")
        # A three-seat puzzle fits too (its opponents one line each on a phone).
        page.select_option("#pz-rules", "cutthroat")
        page.click("#pz-next")
        page.wait_for_function(
            "() => document.querySelectorAll('#board .seat').length === 3"
            " && document.querySelectorAll('#pz-moves button:not([disabled])').length > 0"
        )
        shot(page, f"puzzle-cutthroat-{tag}.png")
        no_horizontal_overflow(page)
        assert errors == []
        ctx.close()
