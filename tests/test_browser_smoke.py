"""The built site in a real browser (Debian's Chromium driven by Playwright), served under /repo/.

Every tab is a guarded one (tests/browser_support.py, the fixtures of tests/conftest.py): anything
not for 127.0.0.1 is recorded and aborted, and each test ends by asserting that there was none, and
no JavaScript error. Chromium also gets a host-resolver rule that maps every other host to nothing,
so no request can leave the machine.
"""

from __future__ import annotations

import re

import pytest
from browser_support import Guard
from conftest import BuiltSite

from euchre_core.formats.cases import replay_case

pytestmark = pytest.mark.browser

SEATS = "ABCD"


def test_law_52_by_its_anchor_and_the_jump_box(page: tuple[object, Guard], built_site: BuiltSite) -> None:
    from playwright.sync_api import expect

    tab, guard = page
    tab.goto(built_site.base + "laws/")  # type: ignore[attr-defined]
    tab.fill("#law-jump-input", "52")  # type: ignore[attr-defined]
    tab.press("#law-jump-input", "Enter")  # type: ignore[attr-defined]
    tab.wait_for_url(re.compile(r"/repo/laws/[a-z-]+/#law-52$"))  # type: ignore[attr-defined]
    heading = tab.locator("#law-52")  # type: ignore[attr-defined]
    expect(heading).to_have_text(re.compile(r"^Law 52"))
    expect(heading).to_be_in_viewport()
    # the same page opened directly at the anchor
    url = tab.url  # type: ignore[attr-defined]
    tab.goto(built_site.base + "index.html")  # type: ignore[attr-defined]
    tab.goto(url)  # type: ignore[attr-defined]
    expect(tab.locator("#law-52")).to_be_in_viewport()  # type: ignore[attr-defined]
    # the theme's script comes once the reader has reached for the page and paused (theme.js)
    tab.mouse.move(40, 300)  # type: ignore[attr-defined]
    tab.wait_for_function("() => euchrePage.theme() === 'ready'")  # type: ignore[attr-defined]
    expect(tab.locator("#law-52")).to_be_in_viewport()  # type: ignore[attr-defined]
    assert any(u.endswith("/repo/assets/javascripts/bundle." + u.rsplit("bundle.", 1)[-1]) for u in guard.requests)


def test_case_i_shows_the_winners(page: tuple[object, Guard], built_site: BuiltSite) -> None:
    from playwright.sync_api import expect

    tab, _ = page
    tab.goto(built_site.base + "cases/i/")  # type: ignore[attr-defined]
    expect(tab.locator("h1")).to_contain_text("Case I")  # type: ignore[attr-defined]
    winners = tab.locator("table.trick-table td.trick-winner")  # type: ignore[attr-defined]
    engine = [SEATS[t.winner] for t in replay_case("I").deal.tricks]
    expect(winners).to_have_count(len(engine))
    for index, seat in enumerate(engine):
        winners.nth(index).scroll_into_view_if_needed()  # as the reader reaches it (laid out on the way)
        expect(winners.nth(index)).to_be_visible()
        expect(winners.nth(index)).to_have_text(re.compile(rf"^\s*{seat}"), use_inner_text=True)  # as drawn
    expect(tab.locator(".deal-a .deal-cards")).to_be_visible()  # type: ignore[attr-defined]
    expect(tab.locator('.deal-a [aria-label="knave of clubs"]')).to_have_text("J♣")  # type: ignore[attr-defined]


def test_search_finds_laws(page: tuple[object, Guard], built_site: BuiltSite) -> None:
    from playwright.sync_api import expect

    tab, guard = page
    tab.goto(built_site.base)  # type: ignore[attr-defined]
    box = tab.locator("input.md-search__input")  # type: ignore[attr-defined]
    box.click()
    box.press_sequentially("revoke", delay=20)
    results = tab.locator(".md-search-result__item a")  # type: ignore[attr-defined]
    expect(results.first).to_be_visible()
    # the list is drawn again as each letter's results arrive: wait for a law among them, not a count
    law = tab.locator('.md-search-result__item a[href*="/repo/director/?s=revoke&"]')  # type: ignore[attr-defined]
    expect(law.first).to_be_attached()
    assert any("search/search_index.json" in u for u in guard.requests)
    box.fill("")
    box.press_sequentially("law 52", delay=20)
    expect(tab.locator('.md-search-result__item a[href*="?law=52&"]').first).to_be_attached()  # type: ignore[attr-defined]
