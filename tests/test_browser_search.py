"""Issue 23 in a real browser (Debian's Chromium): search answers a player's own words.

The queries (``tests/search_queries.py``) are written from the book and from how players talk, each
with the laws that answer it; the law that must come first is among the first three results shown
(a law's heading, or a situation of the director's guide that the law rules). A law or a situation
tapped in the results opens at it, in view, on a phone as on a desktop. ``benchmarks/bench_search.py``
prints every query's rank (before and after, for two builds).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from browser_support import guarded_tab
from conftest import BuiltSite
from search_queries import QUERIES, rank, search, situation_laws

pytestmark = pytest.mark.browser

NARROW = {"width": 360, "height": 740}
WIDE = {"width": 1280, "height": 800}


@pytest.fixture()
def tab(browser: object) -> Iterator[object]:
    """A guarded tab (tests/browser_support.py) at 1280 x 800."""
    with guarded_tab(browser, WIDE) as page:
        yield page


def test_players_words_find_the_law_in_the_top_three(tab: object, built_site: BuiltSite) -> None:
    assert len(QUERIES) >= 25
    laws = situation_laws()
    tab.goto(built_site.base)  # type: ignore[attr-defined]
    search(tab, "euchre", laws)  # the index is fetched and built once
    missed = {}
    for query, expected in QUERIES:
        results = search(tab, query, laws)
        r = rank(results, expected[0])
        if r is None or r > 3:
            missed[query] = (expected[0], r, [n for _, n in results[:5]])
    assert missed == {}, f"queries whose first law is not in the top 3 (law, rank, top 5): {missed}"


def test_no_api_reference_among_the_results(tab: object, built_site: BuiltSite) -> None:
    laws = situation_laws()
    tab.goto(built_site.base)  # type: ignore[attr-defined]
    for query in ("dealer exposed a card", "revoke", "Director"):
        results = search(tab, query, laws)
        assert not [h for h, _ in results if "/api/" in h], query


@pytest.mark.parametrize("viewport", [NARROW, WIDE], ids=["360", "1280"])
def test_a_law_tapped_in_the_results_opens_in_view(
    browser: object, built_site: BuiltSite, viewport: dict[str, int]
) -> None:
    """Tapping "Law 62" in the results lands on law 62, in the viewport and marked (on a phone, Material
    restores the scroll it locked while the search was open: the law is brought back into view)."""
    from playwright.sync_api import expect

    with guarded_tab(browser, viewport, has_touch=viewport is NARROW) as tab:
        tab.goto(built_site.base)
        search(tab, "renege", situation_laws())
        link = tab.locator('.md-search-result__item a[href$="#law-62"]:visible').first  # as the reader sees it
        link.scroll_into_view_if_needed()
        link.tap() if viewport is NARROW else link.click()
        expect(tab).to_have_url(re.compile(r"/laws/the-revoke/.*#law-62$"))
        law = tab.locator("#law-62")
        expect(law).to_have_class(re.compile(r"\blaw-target\b"))
        tab.wait_for_timeout(600)  # after Material has restored its scroll
        expect(law).to_be_in_viewport()
        top = tab.evaluate("document.getElementById('law-62').getBoundingClientRect().top")
        assert 0 <= top < viewport["height"] / 2


def test_a_situation_tapped_in_the_results_opens_expanded(browser: object, built_site: BuiltSite) -> None:
    from playwright.sync_api import expect

    with guarded_tab(browser, NARROW, has_touch=True) as tab:
        tab.goto(built_site.base)
        search(tab, "lead out of turn", situation_laws())
        link = tab.locator('.md-search-result__item a[href$="#s-lead-out-of-turn"]:visible').first
        link.scroll_into_view_if_needed()
        link.click()
        case = tab.locator('[id="a=lead-out-of-turn"]')
        expect(case).to_have_attribute("open", "")
        expect(case.locator(".dg-answer")).to_be_visible()
        tab.wait_for_timeout(600)
        expect(case.locator("> summary")).to_be_in_viewport()
