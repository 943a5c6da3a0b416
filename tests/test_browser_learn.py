"""The Learn pages in a real browser (Debian's Chromium driven by Playwright), the engine running in the page.

A reader answers an exercise wrongly and then rightly (the engine, under Pyodide, checks both); the
progress is still there after a reload and on the lessons' index, and the reset clears it; and at the
play table of lesson 10 (docs/javascripts/learn-table.mjs on the reader's table, table.mjs) a whole
deal against the engine is played by click and another by keyboard, at 1280 and at 360 px: the
reader's cards in seat C, each trick's fourth card drawn and held until the reader goes on, the
deal's result and the score held until he deals again, the log in order, no horizontal scroll; a
stored record from before loads, a tampered one is dropped with a message. In a guarded tab
(tests/browser_support.py), every request to another host is aborted and fails the test.

These tests need the Pyodide runtime in the built site (``site/pyodide/pyodide.mjs``, added by the
build from ``node_modules/pyodide``: ``make node-deps``); without it they are skipped, saying so.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

import pytest
from browser_support import click_instantly, guarded_tab
from conftest import BuiltSite

pytestmark = pytest.mark.browser

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
    yield from _tab(browser, 1280)


def _tab(browser: object, width: int, stored: str | None = None, scheme: str = "light") -> Iterator[object]:
    """A fresh guarded tab ``width`` px wide (tests/browser_support.py); ``stored``: the play table's
    record in localStorage on arrival."""
    with guarded_tab(browser, {"width": width, "height": 900}, scheme) as page:
        if stored is not None:  # before the page's scripts, on the first arrival only (not after a reload)
            page.add_init_script(  # type: ignore[attr-defined]
                "if (!sessionStorage.getItem('stored')) { sessionStorage.setItem('stored', '1'); "
                f"localStorage.setItem('euchre-table-v1', {json.dumps(stored)}); }}"
            )
        page.set_default_timeout(ENGINE_TIMEOUT)  # a whole deal's waits: longer than the guarded tab's
        yield page


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


# ------------------------------------------------------------------ the play table (lesson 10)

# A rubber stored by the earlier table (the same record: seed, seat, strength, actions): seed 3 at the
# easy strength, where in the first deal B leads, the reader (C) must follow suit twice with cards he
# may not play, and A plays each trick's fourth card.
SEED_3 = '{"seed": 3, "seat": "C", "strength": "easy", "actions": []}'
T = "#euchre-table"


def _phase(page: object) -> str:
    from playwright.sync_api import expect

    table = page.locator(T)  # type: ignore[attr-defined]
    ready = re.compile(r"seated-not|your-turn|held|over")
    expect(table).to_have_attribute("data-phase", ready, timeout=ENGINE_TIMEOUT)
    if table.get_attribute("data-phase") == "seated-not":  # the reader sits down: Python starts now
        table.locator(".table-sit").click()
        expect(table).to_have_attribute("data-phase", re.compile(r"your-turn|held|over"), timeout=ENGINE_TIMEOUT)
    return table.get_attribute("data-phase") or ""


def _actions(page: object) -> int:
    return int(page.evaluate("JSON.parse(localStorage.getItem('euchre-table-v1')).actions.length"))  # type: ignore[attr-defined]


def _no_horizontal_scroll(page: object, width: int) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= width  # type: ignore[attr-defined]


def _check_held_trick(page: object, number: int) -> None:
    """A completed trick stays on the table, its fourth card drawn and its winner marked."""
    table = page.locator(T)  # type: ignore[attr-defined]
    trick = table.locator(".et-trick")
    assert trick.locator(".et-card").count() == 4, f"trick {number}: four cards on the table"
    assert trick.locator(".et-played.et-wins").count() == 1
    assert re.search(rf"(You take|[ABD] takes) trick {number}\.", table.locator(".table-status").text_content() or "")
    page.wait_for_timeout(STEP_WAIT)  # type: ignore[attr-defined]
    assert table.get_attribute("data-phase") == "held", "the trick is held until the reader goes on"
    assert trick.locator(".et-card").count() == 4


STEP_WAIT = 900  # ms: longer than the engine's pause between two of its cards (350 ms)


def _check_seats(page: object) -> None:
    """The reader's cards are in seat C (the bottom); A, B and D show card backs."""
    table = page.locator(T)  # type: ignore[attr-defined]
    assert table.locator(".et-seat.et-s").get_attribute("data-seat") == "C"
    assert table.locator(".et-seat.et-s .et-back").count() == 0
    assert table.locator(".et-seat.et-n").get_attribute("data-seat") == "A"
    assert table.locator(".et-seat.et-n .et-back, .et-seat.et-e .et-back, .et-seat.et-w .et-back").count() >= 3
    assert table.locator(".et-board .et-card:not(.et-back)").count() >= 1


def _play_deal(page: object, width: int, by: str) -> dict[str, int]:
    """The first deal of seed 3 played to its end by click or by keyboard; what was seen, counted."""
    table = page.locator(T)  # type: ignore[attr-defined]
    seen = {"cards": 0, "tricks": 0, "refused": 0, "making": 0, "last": 0}
    if by == "keyboard":
        page.focus(T + " .et-board")  # type: ignore[attr-defined]
    for _ in range(200):
        phase = _phase(page)
        if phase == "held" and table.locator(".table-deal-again").count():
            return seen
        assert phase != "over"
        if by == "keyboard":
            assert page.evaluate(f"document.querySelector('{T}').contains(document.activeElement)"), (  # type: ignore[attr-defined]
                "the focus stays on the table"
            )
        before = _actions(page)
        if phase == "held":
            seen["tricks"] += 1
            _check_held_trick(page, seen["tricks"])
            _no_horizontal_scroll(page, width)
            if by == "keyboard":
                page.keyboard.press("n")  # type: ignore[attr-defined]
            elif seen["tricks"] % 2:
                table.locator(".et-trick").click()  # a click anywhere on the table goes on
            else:
                table.get_by_role("button", name="Next trick").click()
            page.wait_for_function(f"() => document.querySelector('{T}').getAttribute('data-phase') !== 'held'")  # type: ignore[attr-defined]
            continue
        cards = table.locator(".et-seat.et-s button[data-card]")
        if cards.count():
            _check_seats(page)
            assert "orders up" in (
                table.locator(".et-seat.et-e .et-name").text_content() or ""
            )  # B's word, at B's seat
            legal = table.locator(".et-seat.et-s button[data-card]:not(.et-illegal)")
            illegal = table.locator(".et-seat.et-s button.et-illegal")
            if illegal.count() and not seen["refused"]:
                name = illegal.first.locator(".visually-hidden").text_content() or ""  # its accessible name
                assert "may not be played now" in name and "law 62" in name
                if by == "keyboard":
                    index = [c.get_attribute("data-card") for c in cards.all()].index(
                        illegal.first.get_attribute("data-card")
                    )
                    page.keyboard.press(str(index + 1))  # type: ignore[attr-defined]
                else:
                    illegal.first.click()
                expect_text(table.locator(".table-status"), r"You may not play the .+ follow suit.+\(law 62\)")
                assert _actions(page) == before, "a refused card changes nothing"
                seen["refused"] += 1
            if seen["tricks"] >= 1 and by == "keyboard" and not seen["last"]:
                page.keyboard.press("l")  # type: ignore[attr-defined]
                expect_text(table.locator(".et-centre"), r"The last trick")
                assert table.locator(".et-trick .et-card").count() == 4
                page.keyboard.press("l")  # type: ignore[attr-defined]
                seen["last"] += 1
            if by == "keyboard":
                index = [c.get_attribute("data-card") for c in cards.all()].index(
                    legal.first.get_attribute("data-card")
                )
                page.keyboard.press(str(index + 1))  # type: ignore[attr-defined]
            else:
                legal.first.click()
            seen["cards"] += 1
        else:
            choice = table.locator(".table-actions .table-action").first
            seen["making"] += 1
            if by == "keyboard":
                focused = page.evaluate("document.activeElement.className")  # type: ignore[attr-defined]
                assert "table-action" in focused, "the focus is on the reader's first choice in the making"
                page.keyboard.press("Enter")  # type: ignore[attr-defined]
            else:
                choice.click()
        page.wait_for_function(  # type: ignore[attr-defined]
            f"() => JSON.parse(localStorage.getItem('euchre-table-v1')).actions.length > {before}"
        )
    pytest.fail("the deal did not end")


def expect_text(locator: object, pattern: str) -> None:
    from playwright.sync_api import expect

    expect(locator).to_contain_text(re.compile(pattern))


@pytest.mark.parametrize("width", [1280, 360])
@pytest.mark.parametrize("by", ["click", "keyboard"])
def test_a_whole_deal_at_the_play_table(browser: object, learn_site: BuiltSite, by: str, width: int) -> None:
    from playwright.sync_api import expect

    for page in _tab(browser, width, stored=SEED_3):
        page.goto(learn_site.base + "learn/play/")  # type: ignore[attr-defined]
        table = page.locator(T)  # type: ignore[attr-defined]
        _phase(page)
        log = table.locator(".table-log li")
        expect(log.first).to_contain_text("Your table, as you left it: deal 1")  # the stored record, loaded
        expect(table.locator(".table-facts")).to_contain_text("Deal 1: A deals.")
        _no_horizontal_scroll(page, width)
        seen = _play_deal(page, width, by)
        assert seen["cards"] == 5 and seen["tricks"] == 4 and seen["refused"] == 1 and seen["making"] == 0, seen
        if by == "keyboard":
            assert seen["last"] == 1
        # the fifth trick and the deal's result stay until the reader deals again
        status = table.locator(".table-status")
        expect(status).to_contain_text("Deal 1 is over: B D are euchred (2 tricks): A C score 2 (Law 2).")
        bar = table.locator(".et-bar-text")
        expect(bar).to_contain_text("Deal 1 is over")
        expect(bar).to_contain_text("tricks A C 3, B D 2")
        expect(bar).to_contain_text("game A C 2, B D 0")
        assert table.locator(".et-trick .et-card").count() == 4 and table.locator(".et-trick .et-wins").count() == 1
        _no_horizontal_scroll(page, width)
        page.wait_for_timeout(STEP_WAIT * 2)  # type: ignore[attr-defined]
        expect(status).to_contain_text("Deal 1 is over")
        # the log in order: the stored table first, the making, each card, each trick, the result, the next deal
        texts = [t.strip() for t in log.all_text_contents()]
        assert texts[0].startswith("Your table, as you left it")
        assert texts[1:4] == ["B orders up.", "D lets it stand.", "A discards."], texts[:4]
        trick_lines = [i for i, t in enumerate(texts) if re.search(r"(You take|takes) the trick", t)]
        assert len(trick_lines) == 5 and trick_lines == sorted(trick_lines)
        end = texts.index("B D are euchred (2 tricks): A C score 2 (Law 2).")
        assert end > trick_lines[-1], texts[end:]
        # issue 26: while the table says the deal is over, the log does not show the next deal's turn-up
        assert not any(t.startswith("B deals;") for t in texts[end:]), texts[end:]
        again = table.get_by_role("button", name="Deal the next hand")
        expect(again).to_have_class(re.compile(r"\bmd-button--primary\b"))  # issue 26: the one thing to do, set out
        if by == "keyboard":
            expect(again).to_be_focused()
            page.keyboard.press("Enter")  # type: ignore[attr-defined]
        else:
            again.click()
        expect(again).to_have_count(0)
        expect(log.last).to_contain_text("B deals;")  # said when the reader deals on
        expect(table.locator(".table-facts")).to_contain_text("Deal 2: B deals.")
        expect(table.locator(".table-last")).to_contain_text("Last deal: B D are euchred")
        expect(status).not_to_contain_text("is over")
        # deal 2: the reader (eldest) speaks first; his choices are buttons in plain words, his hand in his seat
        assert _phase(page) == "your-turn"
        choices = table.locator(".table-actions .table-action")
        assert "Pass" in choices.all_text_contents() and "Order up" in choices.all_text_contents()
        expect(choices.first).to_be_in_viewport()  # issue 26: on a phone too, the bid buttons in view
        _check_seats(page)
        assert (
            table.locator(".et-seat.et-s .et-card").count() == 5 and table.locator(".et-seat.et-s button").count() == 0
        )
        expect(table.locator(".et-centre")).to_contain_text("Turn-up")
        expect(table.locator(".et-centre .et-card")).to_have_attribute("aria-label", "8 of diamonds")
        before = _actions(page)
        if by == "keyboard":
            expect(choices.first).to_be_focused()
            page.keyboard.press("p")  # type: ignore[attr-defined]
        else:
            table.get_by_role("button", name="Pass", exact=True).click()
        page.wait_for_function(f"() => JSON.parse(localStorage.getItem('euchre-table-v1')).actions.length > {before}")  # type: ignore[attr-defined]
        expect(table.locator(".et-seat.et-s .et-name")).to_contain_text("passes")  # what he said, at his seat
        assert "You (C) pass." in log.all_text_contents()
        _no_horizontal_scroll(page, width)
        # a new rubber at any time (the engine may be thinking): a fresh record at the same strength, a fresh log
        table.get_by_role("button", name="New rubber").click()
        page.wait_for_function("() => JSON.parse(localStorage.getItem('euchre-table-v1')).seed !== 3")  # type: ignore[attr-defined]
        expect(log.first).to_contain_text("A new rubber. Deal 1:")
        expect(table.locator(".table-facts")).to_contain_text("Deal 1:")
        assert json.loads(page.evaluate("localStorage.getItem('euchre-table-v1')"))["strength"] == "easy"  # type: ignore[attr-defined]
        _phase(page)


def test_opening_the_play_table_starts_no_python_until_the_reader_sits_down(
    browser: object, learn_site: BuiltSite
) -> None:
    """Issue 16: a page is never a reason to start Python; sitting down (or resuming) is."""
    from playwright.sync_api import expect

    fetched: list[str] = []
    for page in _tab(browser, 1280, stored=SEED_3):
        page.on("request", lambda r: fetched.append(r.url) if "/pyodide/" in r.url else None)  # type: ignore[attr-defined]
        page.goto(learn_site.base + "learn/play/")  # type: ignore[attr-defined]
        table = page.locator(T)  # type: ignore[attr-defined]
        sit = table.get_by_role("button", name="Resume your rubber")
        expect(sit).to_be_visible()
        page.wait_for_timeout(800)  # type: ignore[attr-defined]
        assert fetched == []
        assert page.evaluate("euchreEngine.stats().starts") == 0  # type: ignore[attr-defined]
        # issue 36: while the reader waits, the status line says what is happening, with progress. Each text
        # the line is given (its added text nodes: a text replaced before the observer's turn is kept), and the
        # download slowed to a phone's pace (about 2 MB/s), so that its progress is there to be shown: on a
        # runner the 7 MB come from the local server in a moment
        page.evaluate(  # type: ignore[attr-defined]
            "() => { const s = document.querySelector('.table-status'); window.__seen = [];"
            " new MutationObserver(rs => rs.forEach(r => r.addedNodes.forEach(n => window.__seen.push(n.textContent))))"
            ".observe(s, {childList: true, subtree: true}); }"
        )
        cdp = page.context.new_cdp_session(page)  # type: ignore[attr-defined]
        cdp.send("Network.enable")
        cdp.send(
            "Network.emulateNetworkConditions",
            {"offline": False, "latency": 20, "downloadThroughput": 2_000_000, "uploadThroughput": -1},
        )
        sit.click()
        expect(table).to_have_attribute("data-phase", re.compile(r"your-turn|held|over"), timeout=ENGINE_TIMEOUT)
        expect(table.locator(".table-log li").first).to_contain_text("Your table, as you left it: deal 1")
        assert any(u.endswith("pyodide.asm.wasm.gz") for u in fetched)
        seen = page.evaluate("window.__seen")  # type: ignore[attr-defined]
        progress = re.compile(r"Fetching the rules engine \(once per visit\): [\d.]+ of [\d.]+ MB")
        assert any(progress.search(t) for t in seen), seen
        assert any("almost ready" in t for t in seen), seen
        assert not any("few seconds" in t for t in seen), seen


@pytest.mark.parametrize(
    "stored, why",
    [
        ('{"seed": 3, "seat": "C", "strength": "easy", "actions": ["play 7C"]}', r"could not be read \(.+\)"),
        ("{not json", "could not be read"),
    ],
)
def test_a_tampered_table_record_gives_a_fresh_table(
    browser: object, learn_site: BuiltSite, stored: str, why: str
) -> None:
    from playwright.sync_api import expect

    for page in _tab(browser, 360, stored=stored):
        page.goto(learn_site.base + "learn/play/")  # type: ignore[attr-defined]
        table = page.locator(T)  # type: ignore[attr-defined]
        _phase(page)
        expect(table.locator(".table-notice")).to_contain_text(
            re.compile("Your saved table " + why + ": a new rubber is dealt")
        )
        expect(table.locator(".table-log li").first).to_contain_text("A new rubber. Deal 1:")
        record = json.loads(page.evaluate("localStorage.getItem('euchre-table-v1')"))  # type: ignore[attr-defined]
        assert set(record) == {"seed", "seat", "strength", "actions"} and record["seat"] == "C"
        _no_horizontal_scroll(page, 360)


def test_the_play_table_after_instant_navigation(browser: object, learn_site: BuiltSite) -> None:
    """Reached through Material's instant navigation (no page load), the table is mounted once, and
    again once after leaving and coming back; its game goes on from the stored record."""
    from playwright.sync_api import expect

    for page in _tab(browser, 1280, stored=SEED_3):
        page.goto(learn_site.base + "learn/coups/")  # type: ignore[attr-defined]
        nav = page.locator("nav.md-nav--primary")  # type: ignore[attr-defined]
        page.evaluate("euchrePage.loadTheme()")  # type: ignore[attr-defined]  # the theme's script runs once the reader touches the page (theme.js)
        page.evaluate("window.__samePage = true")  # type: ignore[attr-defined]
        click_instantly(page, nav.get_by_role("link", name=re.compile(r"Play a rubber against the engine")).first)
        table = page.locator(T)  # type: ignore[attr-defined]
        _phase(page)
        assert page.evaluate("window.__samePage === true"), "instant navigation, not a page load"  # type: ignore[attr-defined]
        expect(table.locator(".et-board")).to_have_count(1)
        expect(table.locator(".table-log li").first).to_contain_text("Your table, as you left it: deal 1")
        click_instantly(page, nav.get_by_role("link", name=re.compile(r"The coups")).first)
        expect(page.locator(T)).to_have_count(0)  # type: ignore[attr-defined]
        click_instantly(page, nav.get_by_role("link", name=re.compile(r"Play a rubber against the engine")).first)
        _phase(page)
        assert page.evaluate("window.__samePage === true")  # type: ignore[attr-defined]
        expect(table.locator(".et-board")).to_have_count(1)
        expect(table.locator(".table-controls")).to_have_count(1)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_play_table_mid_trick_has_no_serious_accessibility_violation(
    browser: object, learn_site: BuiltSite, scheme: str
) -> None:
    """axe-core (serious and critical) on the play table at the reader's turn in trick 2 of seed 3:
    B's 9 of clubs on the table, the reader's 7 of diamonds refused (Law 62)."""
    from test_browser_director import run_axe

    for page in _tab(browser, 1280, stored=SEED_3, scheme=scheme):
        page.goto(learn_site.base + "learn/play/")  # type: ignore[attr-defined]
        table = page.locator(T)  # type: ignore[attr-defined]
        for _ in range(40):
            phase = _phase(page)
            if phase == "your-turn" and table.locator(".et-trick .et-card").count() == 1 and _actions(page) >= 8:
                break
            before = _actions(page)
            if phase == "held":
                table.get_by_role("button", name="Next trick").click()
                continue
            table.locator(".et-seat.et-s button[data-card]:not(.et-illegal)").first.click()
            page.wait_for_function(
                f"() => JSON.parse(localStorage.getItem('euchre-table-v1')).actions.length > {before}"
            )  # type: ignore[attr-defined]
        assert table.locator(".et-seat.et-s button.et-illegal").count() == 1
        assert page.evaluate("matchMedia('(prefers-color-scheme: dark)').matches") == (scheme == "dark")  # type: ignore[attr-defined]
        assert run_axe(page) == []
