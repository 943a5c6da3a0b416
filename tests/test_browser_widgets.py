"""The engine's widgets in a real browser: the case player, "what if", the console, under Pyodide.

The site is built once per session (``built_site``, tests/conftest.py) and served under /repo/; every
request goes through the guarded tab's ``Guard`` (tests/browser_support.py) (anything for a host other than 127.0.0.1 fails the
test, JavaScript errors too), including the requests of the engine's Web Worker.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from browser_support import Guard, click_instantly, guarded_tab
from conftest import REPO_ROOT, BuiltSite

from euchre_core.formats.cases import replay_case

pytestmark = pytest.mark.browser

SEATS = "ABCD"
AXE = REPO_ROOT / "node_modules" / "axe-core" / "axe.min.js"


def live_player(tab: object, url: str) -> object:
    """Open a case page and wait until its player shows the first position (from the page's
    precomputed answers: Python does not start on arrival)."""
    from playwright.sync_api import expect

    tab.goto(url)  # type: ignore[attr-defined]
    player = tab.locator(".case-player")  # type: ignore[attr-defined]
    expect(player.locator(".et-seat .et-card").first).to_be_visible()
    return player


def test_case_i_played_to_the_end_shows_the_books_winners_and_result(
    page: tuple[object, Guard], built_site: BuiltSite
) -> None:
    from playwright.sync_api import expect

    tab, guard = page
    player = live_player(tab, built_site.base + "cases/i/")
    announce = player.locator(".cp-announce")
    expect(announce).to_have_attribute("role", "status")
    book = replay_case("I").deal
    nxt = player.get_by_role("button", name="Next", exact=True)
    step = 0
    for number, trick in enumerate(book.tricks, 1):
        for seat, card in trick.cards:
            nxt.click()
            step += 1
            expect(announce).to_contain_text(f"{SEATS[seat]} plays the {card.long_name()}.")
        expect(announce).to_contain_text(f"{SEATS[trick.winner]} wins trick {number} with the")
        expect(player.locator(".et-played.et-wins .et-card")).to_have_count(1)
        # the player's position is "#play=N": it cannot clash with the "Trick N" headings (#trick-N)
        assert tab.url.endswith(f"#play={step}")  # type: ignore[attr-defined]
    expect(player.locator(".cp-result")).to_contain_text("A–C make their point: they take 4 tricks")
    expect(nxt).to_have_attribute("aria-disabled", "true")
    # the keys: Home back to the start, End to the end, arrows card by card
    player.locator(".et-board").focus()
    player.locator(".et-board").press("Home")
    expect(announce).to_have_text("Before the first card: B leads.")
    player.locator(".et-board").press("ArrowRight")
    expect(announce).to_have_text("B plays the knave of diamonds.")
    assert tab.url.endswith("#play=1")  # type: ignore[attr-defined]
    player.locator(".et-board").press("End")
    expect(player.locator(".cp-result")).to_be_visible()
    player.get_by_role("button", name="First", exact=True).click()
    player.get_by_role("button", name="Next trick", exact=True).click()
    expect(announce).to_contain_text("D wins trick 1")
    player.get_by_role("button", name="Last", exact=True).click()
    player.get_by_role("button", name="Previous", exact=True).click()
    expect(announce).to_contain_text("C plays the 10 of diamonds")  # trick 5: A, B, then C's card
    # the static tables are still there, untouched
    expect(tab.locator("table.trick-table td.trick-winner")).to_have_count(5)  # type: ignore[attr-defined]
    # the book's line is precomputed: no Python was fetched (tests/test_browser_instant.py)
    assert not any("/repo/pyodide/" in u for u in guard.requests)


def test_a_deep_link_opens_the_position(page: tuple[object, Guard], built_site: BuiltSite) -> None:
    from playwright.sync_api import expect

    tab, _ = page
    book = replay_case("V").deal
    end_of_trick_2 = len(book.tricks[0].cards) + len(book.tricks[1].cards)
    player = live_player(tab, built_site.base + f"cases/v/#play={end_of_trick_2}")
    expect(player.locator(".et-bar")).to_contain_text("Trick 2")
    winner = SEATS[book.tricks[1].winner]
    expect(player.locator(".et-played.et-wins")).to_contain_text(winner)
    expect(player.locator(".et-played .et-card")).to_have_count(len(book.tricks[1].cards))
    assert tab.url.endswith(f"#play={end_of_trick_2}")  # type: ignore[attr-defined]
    # the heading's own fragment scrolls to the heading and leaves the player alone
    player = live_player(tab, built_site.base + "cases/i/#trick-2")
    expect(player.locator(".cp-where")).to_contain_text("Before the first card")
    player = live_player(tab, built_site.base + "cases/i/#play=9")
    expect(player.locator(".cp-where")).to_contain_text("Card 9 of 20")


def test_instant_navigation_reuses_the_running_engine(page: tuple[object, Guard], built_site: BuiltSite) -> None:
    from playwright.sync_api import expect

    tab, _ = page
    live_player(tab, built_site.base + "cases/i/")
    tab.evaluate("euchreEngine.ready().then(() => true)")  # type: ignore[attr-defined]  # Python up, off the book
    assert tab.evaluate("euchreEngine.stats().starts") == 1  # type: ignore[attr-defined]
    tab.evaluate("euchrePage.loadTheme()")  # type: ignore[attr-defined]  # the theme's script runs once the reader touches the page (theme.js)
    tab.evaluate("window.__samePage = true")  # type: ignore[attr-defined]
    click_instantly(tab, tab.locator(".md-nav__link", has_text=re.compile(r"^\s*Case II\s*$")).first)  # type: ignore[attr-defined]
    tab.wait_for_url(re.compile(r"/repo/cases/ii/$"))  # type: ignore[attr-defined]
    expect(tab.locator("h1")).to_contain_text("Case II")  # type: ignore[attr-defined]
    player = tab.locator('.case-player[data-case="II"]')  # type: ignore[attr-defined]
    expect(player.locator(".et-seat .et-card").first).to_be_visible()
    assert tab.evaluate("window.__samePage") is True, "instant navigation reloaded the page"  # type: ignore[attr-defined]
    stats = tab.evaluate("euchreEngine.stats()")  # type: ignore[attr-defined]
    assert stats["starts"] == 1 and stats["workers"] == 1, stats
    player.get_by_role("button", name="Next", exact=True).click()
    expect(player.locator(".cp-announce")).to_contain_text("B plays the")


def test_console_runs_a_snippet_and_shows_an_engine_error(page: tuple[object, Guard], built_site: BuiltSite) -> None:
    from playwright.sync_api import expect

    tab, _ = page
    tab.goto(built_site.base + "engine/")  # type: ignore[attr-defined]
    console = tab.locator(".engine-console").first  # type: ignore[attr-defined]
    code = console.get_by_label(re.compile("^Python"))
    expect(code).to_be_visible()
    code.fill('from euchre_core.formats.cases import replay_case\nprint(replay_case("I").deal.tricks_won_by_side())')
    console.get_by_role("button", name="Run").click()
    expect(console.locator(".ec-output")).to_have_text("(4, 1)\n")
    code.fill('Card.parse("XX")')
    code.press("Control+Enter")
    expect(console.locator(".ec-error")).to_contain_text("not a card: 'XX'")
    expect(console.locator(".ec-error")).not_to_contain_text("Traceback")
    console.get_by_role("button", name="Reset").click()
    expect(code).to_have_value(re.compile(r"^from euchre_core import"))
    # a snippet that never ends: Stop restarts the engine, and it works again
    code.fill("while True:\n    pass")
    console.get_by_role("button", name="Run").click()
    console.get_by_role("button", name="Stop").click()
    expect(console.locator(".ec-error")).to_contain_text("Stopped")
    code.fill("1 + 1")
    console.get_by_role("button", name="Run").click()
    expect(console.locator(".ec-output")).to_have_text("2\n")
    # Stop restarted the console's own Python; the widgets' engine was never started (issue 37)
    assert tab.evaluate("euchreConsole.stats().starts") == 2  # type: ignore[attr-defined]
    assert tab.evaluate("euchreEngine.stats().workers") == 0  # type: ignore[attr-defined]


def test_law_page_console_asks_the_director(page: tuple[object, Guard], built_site: BuiltSite) -> None:
    from playwright.sync_api import expect

    tab, _ = page
    tab.goto(built_site.base + "laws/cards-liable-to-be-called/#law-52")  # type: ignore[attr-defined]
    box = tab.locator("details.engine-console-box").first  # type: ignore[attr-defined]
    box.locator("summary").click()
    box.get_by_role("button", name="Run").click()
    expect(box.locator(".ec-output")).to_contain_text("lead out of turn - laws [52, 53]")
    expect(box.locator(".ec-output")).to_contain_text("BD may choose 'call-card'")


@pytest.mark.parametrize("width", [1280, 360])
def test_starting_the_engine_moves_no_widget_under_the_readers_finger(
    browser: object, built_site: BuiltSite, width: int
) -> None:
    """The first press on a widget starts the engine for the page, and every widget's status line says
    so. A status line that appeared then (or wrapped) moved every widget below it between the press and
    the release, so the press was lost: a console's Run, pressed first, did nothing (CI, stop 30)."""
    with guarded_tab(browser, {"width": width, "height": 740}, is_mobile=width < 600) as tab:
        guard = tab.guard
        tab.goto(built_site.base + "laws/cards-liable-to-be-called/")
        box = tab.locator("details.engine-console-box").first
        box.locator("summary").click()
        run = box.get_by_role("button", name="Run")
        run.wait_for()
        where = "e => e.getBoundingClientRect().top + window.scrollY"
        # the page's other widgets mount one task each (engine.mjs): wait until the page stands still
        before, settled = run.evaluate(where), 0
        for _ in range(80):
            tab.wait_for_timeout(250)
            now = run.evaluate(where)
            settled = settled + 1 if now == before else 0
            before = now
            if settled >= 4:
                break
        tab.evaluate("() => window.euchreEngine.ready()")
        tab.wait_for_function(
            "() => [...document.querySelectorAll('.engine-status')].some(e => e.dataset.phase !== 'idle')"
        )
        loading = run.evaluate(where)
        tab.wait_for_function("() => window.euchreEngine.status().phase === 'ready'")
        ready = run.evaluate(where)
        assert before == loading == ready, (before, loading, ready)
        assert not guard.outside


def test_a_broken_runtime_leaves_the_page_and_says_why(page: tuple[object, Guard], built_site: BuiltSite) -> None:
    from playwright.sync_api import expect

    tab, _ = page
    tab.route("**/*.wasm", lambda route: route.abort())  # type: ignore[attr-defined]
    tab.route("**/*.wasm.gz", lambda route: route.abort())  # type: ignore[attr-defined]
    tab.goto(built_site.base + "cases/i/")  # type: ignore[attr-defined]
    # the book's line is precomputed: the table is live without Python; going off the book starts it
    expect(tab.locator(".case-player .et-board")).to_be_visible()  # type: ignore[attr-defined]
    tab.evaluate("euchreEngine.ready().catch(() => {})")  # type: ignore[attr-defined]
    status = tab.locator(".case-player .engine-status")  # type: ignore[attr-defined]
    expect(status).to_have_attribute("data-phase", "error")
    expect(status).to_contain_text("The engine is not available")
    expect(status).to_contain_text("Python could not start")
    expect(status.get_by_role("button", name="Try again")).to_be_visible()
    winners = tab.locator("table.trick-table td.trick-winner")  # type: ignore[attr-defined]
    expect(winners).to_have_count(5)
    expect(tab.locator(".deal-a .deal-cards")).to_be_visible()  # type: ignore[attr-defined]


@pytest.mark.parametrize("blocked", ["**/*.wasm.gz", "**/*.asm.mjs.gz"])
def test_a_compressed_copy_that_cannot_be_fetched_falls_back_to_the_plain_file(
    page: tuple[object, Guard], built_site: BuiltSite, blocked: str
) -> None:
    """The runtime's gzip copies are an optimisation: without them Python starts from the plain files."""
    from playwright.sync_api import expect

    tab, guard = page
    tab.route(blocked, lambda route: route.abort())  # type: ignore[attr-defined]
    tab.goto(built_site.base + "cases/i/")  # type: ignore[attr-defined]
    expect(tab.locator(".case-player .et-board")).to_be_visible()  # type: ignore[attr-defined]
    tab.evaluate("euchreEngine.ready().catch(() => {})")  # type: ignore[attr-defined]
    status = tab.locator(".case-player .engine-status")  # type: ignore[attr-defined]
    expect(status).to_have_attribute("data-phase", "ready")
    plain = blocked.replace("**/*", "").removesuffix(".gz")
    assert any(u.endswith(plain) for u in guard.requests), plain


def run_axe(tab: object) -> list[dict[str, object]]:
    """axe-core (from node_modules) on the page: the serious and critical violations."""
    # evaluated, not added as an inline script: the page's Content-Security-Policy refuses those
    tab.evaluate(AXE.read_text(encoding="utf-8"))  # type: ignore[attr-defined]
    result = tab.evaluate(  # type: ignore[attr-defined]
        "async () => (await axe.run(document, {resultTypes: ['violations']})).violations"
        ".map(v => ({id: v.id, impact: v.impact, help: v.help,"
        " nodes: v.nodes.map(n => n.target.join(' ')).slice(0, 5)}))"
    )
    return [v for v in result if v["impact"] in ("serious", "critical")]


@pytest.fixture()
def axe_path() -> Iterator[Path]:
    if not AXE.is_file():
        pytest.fail(f"{AXE} is missing: `make node-deps` (npm ci) installs axe-core")
    yield AXE


def test_a_variations_first_screen_says_it_left_the_books_line(browser: object, built_site: BuiltSite) -> None:
    """Issue 36: on a phone, with the table at the top of the screen, a variation says that it is off the
    book's line (its panel with "Back to the book's line" is further down); the book's line does not."""
    from playwright.sync_api import expect

    with guarded_tab(browser, phone=True) as tab:
        player = live_player(tab, built_site.base + "cases/i/#play=3")
        bar = player.locator(".et-bar")
        expect(bar).not_to_contain_text("Off the book")
        player.get_by_role("button", name=re.compile(r"^play the knave of clubs")).tap()
        expect(player.locator(".cp-varinfo")).to_be_attached()
        expect(bar).to_contain_text("Off the book’s line: a variation from card 4")
        player.get_by_role("button", name="Next", exact=True).tap()  # a step within it: still said
        expect(bar).to_contain_text("Off the book’s line")
        player.locator(".et-board").evaluate("e => { e.scrollIntoView({block: 'start'}); window.scrollBy(0, -60); }")
        label = player.locator(".cp-off-book").bounding_box()
        assert label is not None and label["y"] >= 0 and label["y"] + label["height"] <= 740, label
        player.get_by_role("button", name="Back to the book’s line").tap()
        expect(bar).not_to_contain_text("Off the book")


def test_accessibility_of_a_law_page_and_a_live_case_page(
    page: tuple[object, Guard], built_site: BuiltSite, axe_path: Path
) -> None:
    from playwright.sync_api import expect

    tab, _ = page
    tab.goto(built_site.base + "laws/cards-liable-to-be-called/")  # type: ignore[attr-defined]
    box = tab.locator("details.engine-console-box").first  # type: ignore[attr-defined]
    box.locator("summary").click()
    box.get_by_role("button", name="Run").click()
    expect(box.locator(".ec-output")).to_be_visible()
    assert run_axe(tab) == []
    player = live_player(tab, built_site.base + "cases/i/#play=3")
    player.get_by_role("button", name=re.compile(r"^play the knave of clubs")).click()
    expect(player.locator(".cp-varinfo")).to_be_visible()
    assert run_axe(tab) == []


def test_the_player_fits_a_phone(browser: object, built_site: BuiltSite) -> None:
    from playwright.sync_api import expect

    with guarded_tab(browser, phone=True, service_workers="allow") as tab:
        guard = tab.guard
        player = live_player(tab, built_site.base + "cases/i/")
        box = player.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 360, box
        inside = player.evaluate(
            "e => [...e.querySelectorAll('*')].filter(c => c.getBoundingClientRect().right > 360.5).length"
        )
        assert inside == 0, "the player is wider than the screen"
        assert player.evaluate("e => e.scrollWidth <= e.clientWidth")
        player.get_by_role("button", name="Next", exact=True).tap()
        expect(player.locator(".cp-announce")).to_contain_text("B plays the knave of diamonds")
        # issue 26 (the reviewer's R9): with the table at the top of the screen, what the card did is said
        # on the first screen, under the step buttons, before the options
        player.locator(".et-board").evaluate("e => { e.scrollIntoView({block: 'start'}); window.scrollBy(0, -60); }")
        announce = player.locator(".cp-announce").bounding_box()
        options = player.locator(".cp-options").bounding_box()
        assert announce is not None and options is not None
        assert announce["y"] + announce["height"] <= 740 and announce["y"] < options["y"], (announce, options)
        assert not guard.outside
