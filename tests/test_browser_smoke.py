"""The built site in a real browser (Debian's Chromium driven by Playwright), served under /repo/.

Every request the browser makes is routed through a handler: anything not for 127.0.0.1 is
recorded and aborted, and each test ends by asserting that there was none. Chromium also gets a
host-resolver rule that maps every other host to nothing, so no request can leave the machine.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from conftest import BuiltSite

from euchre_core.formats.cases import replay_case

pytestmark = pytest.mark.browser

CHROMIUM = Path(os.environ.get("CHROMIUM", "/usr/bin/chromium"))
ARGS = [
    "--no-sandbox",
    "--disable-background-networking",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-component-update",
    "--disable-sync",
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
]
SEATS = "ABCD"


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    if not CHROMIUM.exists():
        pytest.fail(f"{CHROMIUM} is missing: `make test` installs Debian's chromium (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        launched = p.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=ARGS)
        try:
            yield launched
        finally:
            launched.close()


class Guard:
    """Records every request, and every request for another host (which it aborts)."""

    def __init__(self) -> None:
        self.requests: list[str] = []
        self.outside: list[str] = []
        self.errors: list[str] = []

    def route(self, route: object) -> None:
        url = route.request.url  # type: ignore[attr-defined]
        host = urlsplit(url).hostname
        if url.startswith(("data:", "blob:")) or host == "127.0.0.1":
            route.continue_()  # type: ignore[attr-defined]
        else:
            self.outside.append(url)
            route.abort()  # type: ignore[attr-defined]


@pytest.fixture()
def page(browser: object, built_site: BuiltSite) -> Iterator[tuple[object, Guard]]:
    guard = Guard()
    context = browser.new_context(viewport={"width": 1280, "height": 900}, service_workers="block")  # type: ignore[attr-defined]
    context.route("**/*", guard.route)
    context.on("request", lambda request: guard.requests.append(request.url))
    tab = context.new_page()
    tab.on("pageerror", lambda error: guard.errors.append(str(error)))
    tab.on("worker", lambda worker: None)
    try:
        yield tab, guard
        outside = [
            u
            for u in guard.requests
            if urlsplit(u).hostname not in ("127.0.0.1", None) and not u.startswith(("data:", "blob:"))
        ]
        assert not guard.outside and not outside, f"requests to other hosts: {guard.outside + outside}"
        assert not guard.errors, f"JavaScript errors: {guard.errors}"
    finally:
        context.close()


@pytest.fixture(params=[(1280, 900), (360, 740)], ids=["desktop", "phone"])
def tab(request: pytest.FixtureRequest, browser: object, built_site: BuiltSite) -> object:
    """A fresh tab at a desktop's and at a phone's width (each test that asks for it runs at both);
    ``tab.width`` is the width, ``tab.guard`` the :class:`Guard` of its requests and errors."""
    width, height = request.param
    context = browser.new_context(viewport={"width": width, "height": height}, service_workers="block")  # type: ignore[attr-defined]
    guard = Guard()
    context.route("**/*", guard.route)
    t = context.new_page()
    t.on("pageerror", lambda e: guard.errors.append(str(e)))
    request.addfinalizer(context.close)
    t.width = width  # type: ignore[attr-defined]
    t.guard = guard  # type: ignore[attr-defined]
    return t


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
    expect(results.first).to_be_visible(timeout=15000)
    # the list is drawn again as each letter's results arrive: wait for a law among them, not a count
    law = tab.locator('.md-search-result__item a[href*="/repo/laws/"][href*="#law-"]')  # type: ignore[attr-defined]
    expect(law.first).to_be_attached(timeout=15000)
    assert any("search/search_index.json" in u for u in guard.requests)
    box.fill("")
    box.press_sequentially("law 52", delay=20)
    expect(tab.locator('.md-search-result__item a[href$="#law-52"]').first).to_be_attached(timeout=15000)  # type: ignore[attr-defined]
