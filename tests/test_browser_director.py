"""The director's guide ("Ask the director", build_scripts/director_guide.py) in a real browser, at 1280
and 360 px, by click and by keyboard; axe in light and dark; and every page of the site at 360 px
without horizontal overflow."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest
import test_browser_smoke as smoke
from conftest import BuiltSite
from test_browser_smoke import Guard
from test_browser_widgets import AXE, run_axe

from euchre_core.laws.lawbook import LAWBOOK

pytestmark = pytest.mark.browser
browser = smoke.browser
page = smoke.page


@pytest.fixture(params=[(1280, 900), (360, 740)], ids=["desktop", "phone"])
def tab(request: pytest.FixtureRequest, browser: object) -> object:
    width, height = request.param
    context = browser.new_context(viewport={"width": width, "height": height})  # type: ignore[attr-defined]
    guard = Guard()
    context.route("**/*", guard.route)
    t = context.new_page()
    t.on("pageerror", lambda e: guard.errors.append(str(e)))
    request.addfinalizer(context.close)
    t.width = width  # type: ignore[attr-defined]
    t.guard = guard  # type: ignore[attr-defined]
    return t


def test_law_52_a_lead_out_of_turn_by_click(tab: object, built_site: BuiltSite) -> None:
    from playwright.sync_api import expect

    tab.goto(built_site.base + "director/")  # type: ignore[attr-defined]
    guide = tab.locator(".director-guide")  # type: ignore[attr-defined]
    guide.locator("summary", has_text="Someone led or played out of turn").click()          # tap 1
    law = guide.locator("#law-52, #law-52-out-of-turn").locator("visible=true").first
    law.locator("summary").click()                                                           # tap 2
    ruling = law.locator(".dg-ruling")
    expect(ruling).to_be_visible()
    expect(ruling).to_contain_text("C led the 7 of diamonds out of turn")
    expect(ruling).to_contain_text("B and D (the adversaries) choose one of")
    expect(ruling.locator("li")).to_contain_text(["Call the 7 of diamonds", "Call a suit from him or his partner",
                                                  "Exact no penalty"])
    expect(ruling).not_to_contain_text("call-suit")                      # no raw ids
    assert tab.evaluate("document.documentElement.scrollWidth") <= tab.width  # type: ignore[attr-defined]
    law.get_by_role("button", name="Try it in the sandbox").click()                          # tap 3: the live example
    expect(law.locator(".sandbox-election")).to_contain_text("B and D choose", timeout=90_000)
    law.get_by_role("link", name=re.compile(r"^Law 52 in full")).click()
    tab.wait_for_url(re.compile(r"/laws/cards-liable-to-be-called/#law-52$"))  # type: ignore[attr-defined]
    assert not tab.guard.outside and not tab.guard.errors  # type: ignore[attr-defined]


def test_a_revoke_by_keyboard_and_a_short_link(tab: object, built_site: BuiltSite) -> None:
    from playwright.sync_api import expect

    tab.goto(built_site.base + "director/")  # type: ignore[attr-defined]
    guide = tab.locator(".director-guide")  # type: ignore[attr-defined]
    group = guide.locator("#what-revoke")
    group.locator("summary").first.focus()
    tab.keyboard.press("Enter")  # type: ignore[attr-defined]
    expect(group).to_have_attribute("open", "")
    tab.keyboard.press("Tab")  # type: ignore[attr-defined]
    focused = tab.evaluate("document.activeElement.closest('details').id")  # type: ignore[attr-defined]
    assert focused.startswith("law-"), focused
    tab.keyboard.press("Enter")  # type: ignore[attr-defined]
    expect(guide.locator(f"#{focused} .dg-text")).to_be_visible()
    # the short link to a ruling opens its folds
    tab.goto(built_site.base + "director/#law-62")  # type: ignore[attr-defined]
    expect(guide.locator("#law-62 .dg-ruling").first).to_be_visible()
    expect(guide.locator("#law-62 .dg-ruling").first).to_contain_text("law 62")


def test_every_enforced_law_in_three_taps_or_fewer(page: tuple[object, Guard], built_site: BuiltSite) -> None:
    tab, _ = page
    tab.goto(built_site.base + "director/")  # type: ignore[attr-defined]
    depth = tab.evaluate(  # type: ignore[attr-defined]
        """() => Object.fromEntries([...document.querySelectorAll('.director-guide details.dg-law')].map(d => {
             let n = 0; for (let e = d; e; e = e.parentElement) if (e.tagName === 'DETAILS') n++;
             return [d.id.replace(/^law-(\\d+).*$/, '$1'), n]; }))"""
    )
    enforced = sorted(n for n, e in LAWBOOK.items() if e.status == "enforced")
    missing = [n for n in enforced if str(n) not in depth]
    assert not missing, f"enforced laws not in the guide: {missing}"
    assert all(depth[str(n)] <= 3 for n in enforced), {n: depth[str(n)] for n in enforced if depth[str(n)] > 3}


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_on_the_directors_guide_and_learn(browser: object, built_site: BuiltSite, scheme: str) -> None:
    assert AXE.is_file(), "make node-deps (npm ci) installs axe-core"
    context = browser.new_context(viewport={"width": 1280, "height": 900}, color_scheme=scheme)  # type: ignore[attr-defined]
    try:
        tab = context.new_page()
        tab.goto(built_site.base + "director/#law-52")
        assert run_axe(tab) == []
        tab.goto(built_site.base + "learn/the-pack/")
        assert run_axe(tab) == []
    finally:
        context.close()


def test_every_page_fits_360_px(browser: object, built_site: BuiltSite) -> None:
    """Walk every page of the sitemap at 360 px: nothing wider than the screen."""
    sitemap = (built_site.dir / "sitemap.xml").read_text(encoding="utf-8")
    ns = {"s": "http://www.sitemaps.org/schemas/sitemap/0.9"}
    locs = ET.fromstring(sitemap).findall(".//s:loc", ns)
    paths = [re.sub(r"^https?://[^/]+/[^/]+/", "", loc.text or "") for loc in locs]
    assert len(paths) > 50, paths
    context = browser.new_context(viewport={"width": 360, "height": 740})  # type: ignore[attr-defined]
    context.route(re.compile(r".*/pyodide/.*"), lambda route: route.abort())   # the layout, not the engine
    wide = {}
    try:
        tab = context.new_page()
        for path in paths:
            tab.goto(built_site.base + path, wait_until="load")
            width = tab.evaluate("document.documentElement.scrollWidth")
            if width > 360:
                wide[path] = width
    finally:
        context.close()
    assert not wide, f"pages wider than 360 px: {wide}"


def test_search_52_ranks_law_52_first(page: tuple[object, Guard], built_site: BuiltSite) -> None:
    """The coverage page ("The laws in the engine") is excluded from search; the laws are boosted."""
    from playwright.sync_api import expect

    tab, _ = page
    tab.goto(built_site.base)  # type: ignore[attr-defined]
    box = tab.locator("input.md-search__input")  # type: ignore[attr-defined]
    box.click()
    box.press_sequentially("52", delay=20)
    results = tab.locator(".md-search-result__item a")  # type: ignore[attr-defined]
    expect(results.first).to_be_visible(timeout=15000)
    hrefs = [results.nth(i).get_attribute("href") or "" for i in range(results.count())]
    assert "/laws/cards-liable-to-be-called/" in hrefs[0], hrefs[:5]
    assert not any("/engine-laws/" in h for h in hrefs), hrefs
