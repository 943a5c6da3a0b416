"""The theme's script on demand (docs/javascripts/theme.js, issues 25 and 36): a page is read without
it, and nothing the reader does before it runs is lost.

A law page loads without Material's script, and the search index is not fetched before the page's
load; the search button and the colour toggle are there all the same. Search is the site's own
(docs/javascripts/search.js): a tap on the search button opens it with the field focused and the words
typed find the law, without the theme's script; the index was built ahead, in idle time after the load,
by the site's search worker, and the theme's script, once it comes, fetches no index and adds no search
of its own. The keys are the theme's (Enter opens the best result, the arrows move, Escape closes, "/"
opens), an index that cannot be fetched is said so, and a search's words are marked on the page it
opens (?h=). The colour toggle is the site's own (docs/javascripts/colour.js): one tap changes the
colours without the theme's script, the choice is kept, and Enter on it switches too. Touches load the
theme's script only once the reader pauses. A phone set to dark shows the dark page before any touch.
After instant navigation our scripts run on the new page (window.euchrePage.onPage).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from urllib.parse import quote, urlsplit

import pytest
from browser_support import click_instantly, guarded_tab
from conftest import BuiltSite

pytestmark = pytest.mark.browser
LAW_PAGE = "laws/cards-played-in-error/"


TOGGLE = "form[data-euchre-palette] label"


def _phone(browser: object, scheme: str = "light", after_load: str = "Infinity") -> Iterator[tuple[object, list[str]]]:
    """A fresh guarded 360 px touch phone (tests/browser_support.py); yields the tab and the site
    paths it requested (the page's and its workers'), "(load)" marking when the page's load came.
    ``after_load``: when, untouched, the theme's script comes after the load (theme.js's
    EUCHRE_THEME_AFTER_LOAD, ms; by default only on a touch, so that a slow runner sees no race)."""
    requests: list[str] = []
    with guarded_tab(browser, color_scheme=scheme, phone=True) as tab:
        tab.add_init_script(f"window.EUCHRE_THEME_AFTER_LOAD = {after_load};")  # type: ignore[attr-defined]
        tab.context.on("request", lambda r: requests.append(urlsplit(r.url).path))  # type: ignore[attr-defined]
        tab.on("load", lambda: requests.append("(load)"))  # type: ignore[attr-defined]
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
        # the index only after the page's load (built ahead in idle time, by the worker)
        loaded = requests.index("(load)")
        assert not any(p.endswith("search_index.json") for p in requests[:loaded]), requests
        # the controls are there before the script: search, and the colour toggle's one button
        expect(tab.locator("label.md-header__button[for='__search']")).to_be_visible()  # type: ignore[attr-defined]
        expect(tab.locator(TOGGLE).locator("visible=true")).to_have_count(1)  # type: ignore[attr-defined]


def test_a_tap_on_search_opens_it_and_finds_the_law(browser: object, built_site: BuiltSite) -> None:
    from playwright.sync_api import expect

    for tab, requests in _phone(browser):
        tab.goto(built_site.base + LAW_PAGE)  # type: ignore[attr-defined]
        # a tap straight away, perhaps before the index is built ahead: it is built now, once
        tab.locator("label.md-header__button[for='__search']").tap()  # type: ignore[attr-defined]
        box = tab.locator("input.md-search__input")  # type: ignore[attr-defined]
        expect(box).to_be_focused()
        tab.keyboard.type("revoke")  # type: ignore[attr-defined]
        expect(tab.locator('.md-search-result__item a[href*="/director/?s=revoke&"]').first).to_be_attached()  # type: ignore[attr-defined]
        expect(tab.locator(".md-search-result__meta")).to_have_text(re.compile(r"^\d+ matching documents$"))  # type: ignore[attr-defined]
        # the site's own search: the theme's script is not needed for it
        assert tab.evaluate("euchrePage.theme()") == "waiting"  # type: ignore[attr-defined]
        assert not _theme_requested(requests)
        assert len(_search_workers(tab)) == 1, _search_workers(tab)


def test_untouched_the_themes_script_comes_in_idle_time_after_the_load(browser: object, built_site: BuiltSite) -> None:
    for tab, requests in _phone(browser, after_load="300"):
        tab.goto(built_site.base + LAW_PAGE)  # type: ignore[attr-defined]
        tab.wait_for_function("() => euchrePage.theme() === 'ready'")  # type: ignore[attr-defined]
        loaded = requests.index("(load)")
        assert not any(_theme_requested([p]) for p in requests[:loaded]), "not in the page's load"
        assert _theme_requested(requests)


def _search_workers(tab: object) -> list[str]:
    return [w.url for w in tab.workers if "search" in w.url]  # type: ignore[attr-defined]


def test_the_index_is_built_ahead_and_the_theme_adds_no_search(browser: object, built_site: BuiltSite) -> None:
    from playwright.sync_api import expect

    for tab, requests in _phone(browser):
        tab.goto(built_site.base + LAW_PAGE)  # type: ignore[attr-defined]
        # in idle time after the load: the site's worker, which fetches the index itself
        tab.wait_for_function(
            "() => performance.getEntriesByType('resource').some(e => e.name.includes('search-worker.js'))"
        )  # type: ignore[attr-defined]
        for _ in range(200):  # the worker's own fetch of the index (not in the page's resource timing)
            if any(p.endswith("search_index.json") for p in requests):
                break
            tab.wait_for_timeout(50)  # type: ignore[attr-defined]
        assert any(p.endswith("search_index.json") for p in requests), requests
        assert len(_search_workers(tab)) == 1, _search_workers(tab)
        # the theme's script, once it comes, has no search to mount: no index fetched, no worker of its own
        tab.evaluate("euchrePage.loadTheme()")  # type: ignore[attr-defined]
        tab.wait_for_function("() => euchrePage.theme() === 'ready'")  # type: ignore[attr-defined]
        tab.wait_for_timeout(300)  # type: ignore[attr-defined]
        index = urlsplit(built_site.base + "search/search_index.json").path
        assert [p for p in requests if p.endswith("search_index.json")] == [index], requests
        assert len(_search_workers(tab)) == 1, _search_workers(tab)
        tab.locator("label.md-header__button[for='__search']").tap()  # type: ignore[attr-defined]
        tab.keyboard.type("renege")  # type: ignore[attr-defined]
        links = tab.locator(".md-search-result__item a.md-search-result__link")  # type: ignore[attr-defined]
        expect(links.first).to_have_attribute("href", re.compile(r"/director/\?s=revoke&h=renege$"))
        hrefs = links.evaluate_all("links => links.map(a => a.getAttribute('href'))")
        assert len(hrefs) == len(set(hrefs)), "each result once: one search renders the list"


def test_the_keys_are_the_themes(browser: object, built_site: BuiltSite) -> None:
    from playwright.sync_api import expect

    with guarded_tab(browser) as tab:
        tab.goto(built_site.base + LAW_PAGE)
        tab.keyboard.press("/")
        box = tab.locator("input.md-search__input")
        expect(box).to_be_focused()
        assert tab.evaluate("document.getElementById('__search').checked")
        tab.keyboard.type("misdeal")
        first = tab.locator(".md-search-result__item a.md-search-result__link").first
        expect(first).to_be_attached()
        # the arrows move from the box to the results and back
        tab.keyboard.press("ArrowDown")
        expect(first).to_be_focused()
        tab.keyboard.press("ArrowUp")
        expect(box).to_be_focused()
        # Escape closes search; "s" opens it again with the words selected
        tab.keyboard.press("Escape")
        tab.wait_for_function("() => !document.getElementById('__search').checked")
        expect(box).not_to_be_focused()
        tab.keyboard.press("s")
        expect(box).to_be_focused()
        assert tab.evaluate("[document.activeElement.selectionStart, document.activeElement.selectionEnd]") == [0, 7]
        # Enter opens the best result
        best = tab.evaluate(
            """() => [...document.querySelectorAll('a.md-search-result__link')]
                 .sort((a, b) => b.firstElementChild.dataset.mdScore - a.firstElementChild.dataset.mdScore)[0].href"""
        )
        tab.keyboard.press("Enter")
        tab.wait_for_url(best)


def test_an_index_that_cannot_be_fetched_is_said_so(browser: object, built_site: BuiltSite) -> None:
    from playwright.sync_api import expect

    for tab, _ in _phone(browser):
        tab.context.route("**/search_index.json", lambda route: route.abort())  # type: ignore[attr-defined]
        tab.goto(built_site.base + LAW_PAGE)  # type: ignore[attr-defined]
        tab.locator("label.md-header__button[for='__search']").tap()  # type: ignore[attr-defined]
        tab.keyboard.type("revoke")  # type: ignore[attr-defined]
        meta = tab.locator(".md-search-result__meta")  # type: ignore[attr-defined]
        expect(meta).to_contain_text("could not be fetched")
        # once the index is there again, opening search again builds it
        tab.context.unroute("**/search_index.json")  # type: ignore[attr-defined]
        tab.keyboard.press("Escape")  # type: ignore[attr-defined]
        tab.locator("label.md-header__button[for='__search']").tap()  # type: ignore[attr-defined]
        tab.keyboard.type(" ")  # type: ignore[attr-defined]
        expect(tab.locator('.md-search-result__item a[href*="/director/?s=revoke&"]').first).to_be_attached()  # type: ignore[attr-defined]


def test_one_tap_on_the_colour_toggle_changes_the_colours(browser: object, built_site: BuiltSite) -> None:
    from playwright.sync_api import expect

    for tab, _ in _phone(browser):
        tab.goto(built_site.base + LAW_PAGE)  # type: ignore[attr-defined]
        body = tab.locator("body")  # type: ignore[attr-defined]
        expect(body).to_have_attribute("data-md-color-scheme", "default")
        # what the theme's state was when the colours changed
        tab.evaluate(  # type: ignore[attr-defined]
            """() => new MutationObserver((_, o) => { window.__themeAtChange = euchrePage.theme(); o.disconnect(); })
                 .observe(document.body, { attributes: true, attributeFilter: ["data-md-color-scheme"] })"""
        )
        tab.locator(TOGGLE).locator("visible=true").tap()  # type: ignore[attr-defined]
        expect(body).to_have_attribute("data-md-color-scheme", "slate")
        # without the theme's script: the site's own toggle (colour.js); the theme comes once the reader pauses
        assert tab.evaluate("window.__themeAtChange") == "waiting"  # type: ignore[attr-defined]
        # the other button shows now, with its own name
        shown = tab.locator(TOGGLE).locator("visible=true")  # type: ignore[attr-defined]
        expect(shown).to_have_count(1)
        expect(shown).to_have_attribute("title", "Switch to light mode")
        # transitions are back once the colours are painted
        expect(body).not_to_have_attribute("data-md-color-switching", "")
        # Enter on the toggle switches back, as in the theme
        tab.focus("#__palette_1")  # type: ignore[attr-defined]
        tab.keyboard.press("Enter")  # type: ignore[attr-defined]
        expect(body).to_have_attribute("data-md-color-scheme", "default")
        tab.locator(TOGGLE).locator("visible=true").tap()  # type: ignore[attr-defined]
        expect(body).to_have_attribute("data-md-color-scheme", "slate")
        # the theme's script, once it comes, leaves the colours as they are
        tab.evaluate("euchrePage.loadTheme()")  # type: ignore[attr-defined]
        expect(body).to_have_attribute("data-md-color-scheme", "slate")
        expect(tab.locator(TOGGLE).locator("visible=true")).to_have_attribute("title", "Switch to light mode")  # type: ignore[attr-defined]
        # and the choice is kept on the next page
        tab.goto(built_site.base + "cases/i/")  # type: ignore[attr-defined]
        expect(tab.locator("body")).to_have_attribute("data-md-color-scheme", "slate")  # type: ignore[attr-defined]
        expect(tab.locator(TOGGLE).locator("visible=true")).to_have_attribute("title", "Switch to light mode")  # type: ignore[attr-defined]


def test_a_dark_phone_shows_the_dark_page_before_any_touch(browser: object, built_site: BuiltSite) -> None:
    from playwright.sync_api import expect

    for tab, requests in _phone(browser, scheme="dark"):
        tab.goto(built_site.base + LAW_PAGE)  # type: ignore[attr-defined]
        expect(tab.locator("body")).to_have_attribute("data-md-color-scheme", "slate")  # type: ignore[attr-defined]
        expect(tab.locator(TOGGLE).locator("visible=true")).to_have_attribute("title", "Switch to light mode")  # type: ignore[attr-defined]
        assert not _theme_requested(requests)


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
        # the theme's fetch of the page gone back to, done: on a busy runner a jump made while it was still
        # under way was once overtaken by it (the address stayed the home page's)
        tab.wait_for_load_state("networkidle")  # type: ignore[attr-defined]
        # the home page's own box (it names the sections' pages): the page left may have a box of its own,
        # still shown while the theme fetches the home page again
        expect(tab.locator("form.law-jump[data-sections]")).to_have_attribute("data-bound", "1")  # type: ignore[attr-defined]
        assert tab.evaluate("window.__samePage === true")  # type: ignore[attr-defined]
        jump = tab.locator("form.law-jump[data-sections] input")  # type: ignore[attr-defined]
        jump.fill("52")
        jump.press("Enter")
        tab.wait_for_url(re.compile(r"#law-52$"))  # type: ignore[attr-defined]
        expect(tab.locator("#law-52")).to_be_in_viewport()  # type: ignore[attr-defined]


def test_a_searchs_words_are_marked_on_the_page_it_opens(browser: object, built_site: BuiltSite) -> None:
    from playwright.sync_api import expect

    for tab, requests in _phone(browser):
        tab.goto(built_site.base + "laws/the-revoke/?law=62&h=renege revoke")  # type: ignore[attr-defined]
        marks = tab.locator(".md-content mark[data-md-highlight]")  # type: ignore[attr-defined]
        expect(marks.first).to_be_attached()
        words = {w.lower() for w in marks.all_text_contents()}
        assert words <= {"renege", "revoke"} and "revoke" in words, words
        # without the theme's script, and the text around the marks unchanged
        assert not _theme_requested(requests)
        block = "p, h1, h2, h3, li, td"
        text = marks.first.evaluate(f"m => m.closest('{block}').textContent")
        tab.goto(built_site.base + "laws/the-revoke/?law=62")  # type: ignore[attr-defined]
        expect(tab.locator("#law-62")).to_be_attached()  # type: ignore[attr-defined]
        expect(tab.locator(".md-content mark[data-md-highlight]")).to_have_count(0)  # type: ignore[attr-defined]
        same = f"t => [...document.querySelectorAll('.md-content :is({block})')].some(e => e.textContent === t)"
        assert tab.evaluate(same, text), text  # type: ignore[attr-defined]


def test_the_offline_copys_first_download_waits_for_the_first_quiet_moment(
    browser: object, built_site: BuiltSite
) -> None:
    """The service worker's first install (every page and file, 5.6 MB) is not in the way of the reader's
    first tap: it starts at the page's first quiet moment (euchrePage.whenQuiet), with the theme's script."""
    with guarded_tab(browser, phone=True, service_workers="allow") as tab:
        tab.add_init_script("window.EUCHRE_THEME_AFTER_LOAD = Infinity;")  # untouched, no quiet moment
        tab.goto(built_site.base + LAW_PAGE)
        tab.wait_for_load_state("load")
        tab.wait_for_timeout(1500)
        registered = "() => navigator.serviceWorker.getRegistrations().then(r => r.length)"
        assert tab.evaluate(registered) == 0
        assert tab.evaluate("euchreOffline.state().book") == "none"
        # a touch, then the reader's pause: the book is saved, and the theme's script comes
        tab.locator("h1").first.tap()
        tab.wait_for_function("() => navigator.serviceWorker.controller !== null")
        assert tab.evaluate(registered) == 1
        assert tab.evaluate("euchrePage.theme()") == "ready"


def test_a_tampered_highlight_is_harmless(browser: object, built_site: BuiltSite) -> None:
    """?h= is the reader's words, not a pattern: regular-expression signs are searched as letters, and an
    address stuffed with words marks at most 20 of them (tests/browser_support.py's guard fails on any
    error of the page's)."""
    from playwright.sync_api import expect

    with guarded_tab(browser, phone=True) as tab:
        tab.goto(built_site.base + "laws/the-revoke/?h=" + quote("re.oke (a+)+$ .* \\ | revoke"))
        marks = tab.locator(".md-content mark[data-md-highlight]")
        expect(marks.first).to_be_attached()
        marked = {m.lower() for m in marks.all_text_contents()}
        assert "revoke" in marked and marked <= {"revoke", "(a"}, marked
        stuffed = " ".join(f"w{i}" for i in range(500)) + " " + "x" * 5000 + " lead"
        tab.goto(built_site.base + "laws/the-revoke/?h=" + quote(stuffed))
        expect(tab.locator("#law-62")).to_be_attached()
        marked = tab.locator(".md-content mark[data-md-highlight]").all_text_contents()
        assert not any(m.lower() == "lead" for m in marked), "only the first 20 words"
