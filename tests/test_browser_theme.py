"""The theme's script on demand (docs/javascripts/theme.js, issue 25): a page is read without it, and
nothing the reader does before it runs is lost.

A law page loads without Material's script or the search index; the search button and the colour
toggle are there all the same. The first touch loads the script: a tap on the search button opens
search with the field focused, and the words typed find the law; one tap on the colour toggle
changes the colours; "/" opens search. A phone set to dark shows the dark page before any touch.
After instant navigation our scripts run on the new page (window.euchrePage.onPage). A search's
highlighting (?h=) loads the script at once.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from urllib.parse import urlsplit

import pytest
from browser_support import click_instantly, guarded_tab
from conftest import BuiltSite

pytestmark = pytest.mark.browser
LAW_PAGE = "laws/cards-played-in-error/"


def _phone(browser: object, scheme: str = "light") -> Iterator[tuple[object, list[str]]]:
    """A fresh guarded 360 px touch phone (tests/browser_support.py); yields the tab and the site
    paths it requested."""
    requests: list[str] = []
    with guarded_tab(browser, color_scheme=scheme, phone=True) as tab:
        tab.on("request", lambda r: requests.append(urlsplit(r.url).path))
        yield tab, requests


def _theme_requested(requests: list[str]) -> bool:
    return any(re.search(r"/assets/javascripts/bundle\.[0-9a-f]+\.min\.js$", p) for p in requests)


def test_a_page_is_read_without_the_themes_script(browser: object, built_site: BuiltSite) -> None:
    from playwright.sync_api import expect

    for tab, requests in _phone(browser):
        tab.goto(built_site.base + LAW_PAGE)  # type: ignore[attr-defined]
        expect(tab.locator("h1")).to_contain_text("Cards played in Error")  # type: ignore[attr-defined]
        tab.wait_for_load_state("networkidle")  # type: ignore[attr-defined]
        assert tab.evaluate("euchrePage.theme()") == "waiting"  # type: ignore[attr-defined]
        assert not _theme_requested(requests), requests
        assert not any(p.endswith("search_index.json") for p in requests), requests
        # the controls are there before the script: search, and the colour toggle's one button
        expect(tab.locator("label.md-header__button[for='__search']")).to_be_visible()  # type: ignore[attr-defined]
        expect(tab.locator("form[data-md-component='palette'] label").locator("visible=true")).to_have_count(1)  # type: ignore[attr-defined]


def test_a_tap_on_search_opens_it_and_finds_the_law(browser: object, built_site: BuiltSite) -> None:
    from playwright.sync_api import expect

    for tab, requests in _phone(browser):
        tab.goto(built_site.base + LAW_PAGE)  # type: ignore[attr-defined]
        tab.locator("label.md-header__button[for='__search']").tap()  # type: ignore[attr-defined]
        box = tab.locator("input.md-search__input")  # type: ignore[attr-defined]
        expect(box).to_be_focused()
        tab.keyboard.type("revoke")  # type: ignore[attr-defined]
        expect(tab.locator('.md-search-result__item a[href*="/director/?s=revoke&"]').first).to_be_attached()  # type: ignore[attr-defined]
        assert tab.evaluate("euchrePage.theme()") == "ready"  # type: ignore[attr-defined]
        assert _theme_requested(requests)


def test_one_tap_on_the_colour_toggle_changes_the_colours(browser: object, built_site: BuiltSite) -> None:
    from playwright.sync_api import expect

    for tab, _ in _phone(browser):
        tab.goto(built_site.base + LAW_PAGE)  # type: ignore[attr-defined]
        body = tab.locator("body")  # type: ignore[attr-defined]
        expect(body).to_have_attribute("data-md-color-scheme", "default")
        tab.locator("form[data-md-component='palette'] label").locator("visible=true").tap()  # type: ignore[attr-defined]
        expect(body).to_have_attribute("data-md-color-scheme", "slate")
        # the theme shows the other button now, as the page did before its script came
        expect(tab.locator("form[data-md-component='palette'] label").locator("visible=true")).to_have_count(1)  # type: ignore[attr-defined]
        # and the choice is kept on the next page
        tab.goto(built_site.base + "cases/i/")  # type: ignore[attr-defined]
        expect(tab.locator("body")).to_have_attribute("data-md-color-scheme", "slate")  # type: ignore[attr-defined]


def test_a_dark_phone_shows_the_dark_page_before_any_touch(browser: object, built_site: BuiltSite) -> None:
    from playwright.sync_api import expect

    for tab, requests in _phone(browser, scheme="dark"):
        tab.goto(built_site.base + LAW_PAGE)  # type: ignore[attr-defined]
        expect(tab.locator("body")).to_have_attribute("data-md-color-scheme", "slate")  # type: ignore[attr-defined]
        assert not _theme_requested(requests)


def test_the_search_key_opens_search(browser: object, built_site: BuiltSite) -> None:
    from playwright.sync_api import expect

    with guarded_tab(browser) as tab:
        tab.goto(built_site.base + LAW_PAGE)
        tab.keyboard.press("/")
        expect(tab.locator("input.md-search__input")).to_be_focused()


def test_after_instant_navigation_our_scripts_run_on_the_new_page(browser: object, built_site: BuiltSite) -> None:
    from playwright.sync_api import expect

    for tab, _ in _phone(browser):
        tab.goto(built_site.base + LAW_PAGE)  # type: ignore[attr-defined]
        tab.evaluate("euchrePage.loadTheme()")  # type: ignore[attr-defined]
        tab.evaluate("window.__samePage = true")  # type: ignore[attr-defined]
        click_instantly(tab, tab.locator("a.md-footer__link--prev, a.md-footer__link--next").first)  # type: ignore[attr-defined]
        tab.wait_for_url(lambda url: LAW_PAGE not in url)  # type: ignore[attr-defined]
        assert tab.evaluate("window.__samePage === true"), "instant navigation, not a page load"  # type: ignore[attr-defined]
        tab.goto(built_site.base)  # type: ignore[attr-defined]  # the home page's jump box, after a second instant move
        tab.evaluate("euchrePage.loadTheme()")  # type: ignore[attr-defined]
        tab.evaluate("window.__samePage = true")  # type: ignore[attr-defined]
        click_instantly(tab, tab.locator(".md-footer__link--next"))  # type: ignore[attr-defined]
        tab.wait_for_url(lambda url: url.rstrip("/") != built_site.base.rstrip("/"))  # type: ignore[attr-defined]
        tab.go_back()  # type: ignore[attr-defined]
        # the home page's own box (it names the sections' pages): the page left may have a box of its own,
        # still shown while the theme fetches the home page again
        expect(tab.locator("form.law-jump[data-sections]")).to_have_attribute("data-bound", "1")  # type: ignore[attr-defined]
        assert tab.evaluate("window.__samePage === true")  # type: ignore[attr-defined]
        jump = tab.locator("form.law-jump[data-sections] input")  # type: ignore[attr-defined]
        jump.fill("52")
        jump.press("Enter")
        tab.wait_for_url(re.compile(r"#law-52$"))  # type: ignore[attr-defined]
        expect(tab.locator("#law-52")).to_be_in_viewport()  # type: ignore[attr-defined]


def test_a_searchs_highlighting_loads_the_script_at_once(browser: object, built_site: BuiltSite) -> None:
    for tab, requests in _phone(browser):
        tab.goto(built_site.base + LAW_PAGE + "?h=revoke")  # type: ignore[attr-defined]
        tab.wait_for_function("() => euchrePage.theme() === 'ready'")  # type: ignore[attr-defined]
        assert _theme_requested(requests)
