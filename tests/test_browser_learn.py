"""The Learn pages in a real browser (Debian's Chromium driven by Playwright), the engine running in the page.

A reader answers an exercise wrongly and then rightly (the engine, under Pyodide, checks both); the
progress is still there after a reload and on the lessons' index, and the reset clears it; and a whole
deal against the engine is played at the table of lesson 10 with the keyboard alone. Like the smoke
tests, every request to another host is aborted and fails the test.

These tests need the Pyodide runtime in the built site (``site/pyodide/pyodide.mjs``, added by the
build from ``node_modules/pyodide``: ``make node-deps``); without it they are skipped, saying so.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from urllib.parse import urlsplit

import pytest
import test_browser_smoke as smoke
from conftest import BuiltSite

pytestmark = pytest.mark.browser

browser = smoke.browser  # the smoke tests' Chromium (Debian's, the same launch flags)
ENGINE_TIMEOUT = 180_000  # ms: the first answer waits for Python to start in the page


@pytest.fixture(scope="module")
def learn_site(built_site: BuiltSite) -> BuiltSite:
    if not (built_site.dir / "pyodide" / "pyodide.mjs").exists():
        pytest.skip(
            "the built site has no pyodide/pyodide.mjs: the Pyodide runtime is not installed "
            "(make node-deps), so the engine cannot run in the browser"
        )
    return built_site


@pytest.fixture()
def tab(browser: object, learn_site: BuiltSite) -> Iterator[object]:
    """A fresh browser context (empty localStorage); fails on JavaScript errors or outside requests."""
    outside: list[str] = []
    errors: list[str] = []

    def route(r: object) -> None:
        url = r.request.url  # type: ignore[attr-defined]
        if url.startswith(("data:", "blob:")) or urlsplit(url).hostname == "127.0.0.1":
            r.continue_()  # type: ignore[attr-defined]
        else:
            outside.append(url)
            r.abort()  # type: ignore[attr-defined]

    context = browser.new_context(viewport={"width": 1280, "height": 900}, service_workers="block")  # type: ignore[attr-defined]
    context.route("**/*", route)
    page = context.new_page()
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.set_default_timeout(ENGINE_TIMEOUT)
    try:
        yield page
        assert not outside, f"requests to other hosts: {outside}"
        assert not errors, f"JavaScript errors: {errors}"
    finally:
        context.close()


def test_an_exercise_answered_wrongly_then_rightly_and_the_progress_kept(tab: object, learn_site: BuiltSite) -> None:
    from playwright.sync_api import expect

    page = tab
    page.goto(learn_site.base + "learn/the-pack/")  # type: ignore[attr-defined]
    ex = page.locator("#ex-pack-left-hearts")  # type: ignore[attr-defined]
    expect(ex.locator("button.choice")).to_have_count(4)
    ex.locator('button.choice[data-value="JH"]').click()  # the right bower, not the left
    feedback = ex.locator(".exercise-feedback")
    expect(feedback).to_have_class(re.compile(r"\bis-wrong\b"), timeout=ENGINE_TIMEOUT)
    expect(feedback).to_contain_text("Not right")
    expect(feedback).to_contain_text("Try again")  # the first miss: a hint (tests/test_browser_learn_hints.py) ...
    expect(feedback).not_to_contain_text("knave of diamonds")  # ... not the answer
    expect(ex.locator(".exercise-mark")).to_contain_text("try again")
    ex.locator('button.choice[data-value="JD"]').click()
    expect(feedback).to_have_class(re.compile(r"\bis-right\b"))
    expect(feedback).to_contain_text("knave of diamonds")
    expect(ex.locator(".exercise-mark")).to_contain_text("done")
    expect(ex.locator(".exercise-mark")).not_to_contain_text("first time")
    # a second exercise, right the first time
    ex2 = page.locator("#ex-pack-count")  # type: ignore[attr-defined]
    ex2.locator('button.choice[data-value="9"]').click()
    expect(ex2.locator(".exercise-feedback")).to_have_class(re.compile(r"\bis-right\b"))
    expect(ex2.locator(".exercise-mark")).to_contain_text("right first time")

    page.reload()  # type: ignore[attr-defined]
    expect(page.locator("#ex-pack-left-hearts .exercise-mark")).to_contain_text("done")  # type: ignore[attr-defined]
    expect(page.locator("#ex-pack-count .exercise-mark")).to_contain_text("right first time")  # type: ignore[attr-defined]
    progress = page.locator(".learn-progress")  # type: ignore[attr-defined]
    expect(progress).to_contain_text(re.compile(r"2 of \d+ exercises done, 1 right the first time"))

    page.goto(learn_site.base + "learn/")  # type: ignore[attr-defined]
    count = page.locator('.learn-count[data-lesson="the-pack"]')  # type: ignore[attr-defined]
    expect(count).to_contain_text(re.compile(r"^2 of \d+"))
    overview = page.locator("#learn-overview")  # type: ignore[attr-defined]
    expect(overview).to_contain_text("1 right the first time")
    overview.get_by_role("button", name="Reset all progress").click()
    expect(count).to_contain_text(re.compile(r"^0 of \d+"))


def test_a_whole_deal_against_the_engine_by_keyboard(tab: object, learn_site: BuiltSite) -> None:
    from playwright.sync_api import expect

    page = tab
    page.goto(learn_site.base + "learn/play/")  # type: ignore[attr-defined]
    table = page.locator("#euchre-table")  # type: ignore[attr-defined]
    expect(table).to_have_attribute("data-phase", re.compile(r"your-turn|engine|over"), timeout=ENGINE_TIMEOUT)
    page.select_option("#euchre-table .table-strength", "easy")  # type: ignore[attr-defined]
    expect(table).to_have_attribute("data-phase", re.compile(r"your-turn|over"), timeout=ENGINE_TIMEOUT)
    # a new rubber at the easy strength, started from the keyboard
    page.focus("#euchre-table .table-new")  # type: ignore[attr-defined]
    page.keyboard.press("Enter")  # type: ignore[attr-defined]
    expect(table.locator(".table-facts")).to_contain_text("Deal 1:")
    status = table.locator(".table-status")
    assert status.get_attribute("role") == "status"
    moves = 0
    for _ in range(400):
        if "Last deal:" in (table.locator(".table-last").text_content() or ""):
            break
        expect(table).to_have_attribute("data-phase", re.compile(r"your-turn|over"), timeout=ENGINE_TIMEOUT)
        if "Last deal:" in (table.locator(".table-last").text_content() or ""):
            break
        focused_in_table = page.evaluate(  # type: ignore[attr-defined]
            "document.getElementById('euchre-table').contains(document.activeElement)"
        )
        assert focused_in_table, "the focus should be on what the reader may do"
        in_hand = page.evaluate("document.activeElement.classList.contains('table-card')")  # type: ignore[attr-defined]
        if in_hand:
            page.keyboard.press("ArrowRight")  # type: ignore[attr-defined]
            page.keyboard.press("ArrowLeft")  # type: ignore[attr-defined]
        label = page.evaluate("document.activeElement.getAttribute('aria-label') || document.activeElement.textContent")  # type: ignore[attr-defined]
        before = len(page.evaluate("JSON.parse(localStorage.getItem('euchre-table-v1')).actions"))  # type: ignore[attr-defined]
        page.keyboard.press("Enter")  # type: ignore[attr-defined]
        page.wait_for_function(  # type: ignore[attr-defined]
            f"JSON.parse(localStorage.getItem('euchre-table-v1')).actions.length > {before}"
        )
        moves += 1
        assert label
    else:
        pytest.fail("the deal did not end")
    expect(table.locator(".table-last")).to_contain_text(re.compile(r"Last deal: .+"))
    assert moves >= 1
    log = table.locator(".table-log li")
    texts = [log.nth(i).text_content() or "" for i in range(log.count())]
    assert any(re.search(r"(take|takes) the trick", t) for t in texts) or any("All pass" in t for t in texts)
    assert status.text_content()
    expect(table.locator(".table-facts")).to_contain_text("Deal 2:")
    # the log reads in order: the first line is the first deal's
    assert texts[0].startswith("Deal 1:"), texts[:3]
    # the end of the deal stays on the table (its result, its last trick and winner) until the reader deals again
    again = table.get_by_role("button", name="Deal the next hand")
    expect(again).to_be_visible()
    expect(status).to_contain_text("Deal 1 is over")
    expect(table.locator(".table-seat.wins .card")).to_have_count(1)
    expect(table.locator(".table-hand")).to_be_hidden()
    again.press("Enter")
    expect(again).to_be_hidden()
    expect(table.locator(".table-hand")).to_be_visible()
