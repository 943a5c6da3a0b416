"""Instant pages in a real browser: what the book fixes comes from the page's precomputed answers,
with no Python fetched; going off the book starts Python (ARCHITECTURE.md, "When Python starts").

Uses the guarded tab (tests/browser_support.py: no request may leave 127.0.0.1, no JavaScript error).
"""

from __future__ import annotations

import re

import pytest
from browser_support import Guard, click_instantly
from conftest import BuiltSite

from build_scripts import precompute

pytestmark = pytest.mark.browser


def python_fetched(guard: Guard) -> list[str]:
    return [u for u in guard.requests if "/pyodide/" in u]


def test_case_page_steps_the_books_line_and_a_what_if_without_python(
    page: tuple[object, Guard], built_site: BuiltSite
) -> None:
    from playwright.sync_api import expect

    tab, guard = page
    tab.goto(built_site.base + "cases/i/")  # type: ignore[attr-defined]
    player = tab.locator(".case-player")  # type: ignore[attr-defined]
    expect(player.locator(".et-board")).to_be_visible()
    announce = player.locator(".cp-announce")
    nxt = player.get_by_role("button", name="Next", exact=True)
    for text in ["B plays the knave of diamonds.", "C plays the 7 of diamonds.", "D plays the 10 of clubs."]:
        nxt.click()
        expect(announce).to_have_text(text)
    # the best cards of the position, from the page's data
    expect(player.locator(".et-n button.et-best").first).to_be_visible()
    # a first-level "what if": A over-trumps with the right bower (the book's remark), a variation on the table
    player.get_by_role("button", name=re.compile(r"^play the knave of clubs instead")).click()
    expect(player.locator(".cp-varinfo")).to_contain_text("Variation from card 4")
    player.get_by_role("button", name="Last", exact=True).click()
    expect(player.locator(".cp-announce")).to_contain_text("A–C are euchred: B–D take 3 tricks")
    # a card the laws forbid: the engine's precomputed refusal, with its law
    tab.goto(built_site.base + "cases/i/#play=1")  # type: ignore[attr-defined]
    player = tab.locator(".case-player")  # type: ignore[attr-defined]
    player.get_by_role("button", name=re.compile(r"^queen of spades: not a legal card")).click()
    expect(player.locator(".cp-illegal-why")).to_contain_text("(law 62)")
    # hovering and focusing the cards (all precomputed) does not start Python either
    for card in player.locator("button.et-play").all():
        card.hover()
        card.focus()
    stats = tab.evaluate("({engine: euchreEngine.stats(), answers: euchreAnswers.stats()})")  # type: ignore[attr-defined]
    assert stats["engine"]["workers"] == 0 and stats["engine"]["starts"] == 0, stats
    assert stats["answers"]["live"] == 0 and stats["answers"]["precomputed"] >= 6, stats
    assert not python_fetched(guard), python_fetched(guard)
    assert not [u for u in guard.requests if u.endswith(".wasm")]


def test_the_browser_builds_the_same_keys_as_the_build(page: tuple[object, Guard], built_site: BuiltSite) -> None:
    tab, _ = page
    tab.goto(built_site.base + "cases/ii/")  # type: ignore[attr-defined]
    tab.wait_for_function("() => window.euchreAnswers && euchreAnswers.stats().keys > 0")  # type: ignore[attr-defined]
    for name, kwargs in [
        (precompute.LINE, {"step": 3, "cards": ["JC"], "case_id": "I"}),
        (precompute.SANDBOX_ACT, {"law": 52, "events": ["A: deal", "é ♣"], "event": "BD: choose call-suit H"}),
        (precompute.CHECK_ANSWER, {"exercise": {"kind": "counters", "points": 3, "id": "c3"}, "answer": ["1", "3"]}),
    ]:
        assert tab.evaluate("([n, k]) => euchreAnswers.key(n, k)", [name, kwargs]) == precompute.key(name, kwargs)  # type: ignore[attr-defined]


def test_instant_navigation_to_the_next_case_is_live_without_python(
    page: tuple[object, Guard], built_site: BuiltSite
) -> None:
    from playwright.sync_api import expect

    tab, guard = page
    tab.goto(built_site.base + "cases/i/")  # type: ignore[attr-defined]
    expect(tab.locator(".case-player .et-board")).to_be_visible()  # type: ignore[attr-defined]
    tab.evaluate("euchrePage.loadTheme()")  # type: ignore[attr-defined]  # the theme's script runs once the reader touches the page (theme.js)
    tab.evaluate("window.__samePage = true")  # type: ignore[attr-defined]
    click_instantly(tab, tab.locator(".md-nav__link", has_text=re.compile(r"^\s*Case II\s*$")).first)  # type: ignore[attr-defined]
    tab.wait_for_url(re.compile(r"/repo/cases/ii/$"))  # type: ignore[attr-defined]
    player = tab.locator('.case-player[data-case="II"]')  # type: ignore[attr-defined]
    expect(player.locator(".et-board")).to_be_visible()
    assert tab.evaluate("window.__samePage") is True, "instant navigation reloaded the page"  # type: ignore[attr-defined]
    player.get_by_role("button", name="Next", exact=True).click()
    expect(player.locator(".cp-announce")).to_contain_text("B plays the")
    assert not python_fetched(guard)


def test_a_link_to_a_law_of_the_same_page_keeps_the_sandbox_as_the_reader_left_it(
    page: tuple[object, Guard], built_site: BuiltSite
) -> None:
    """Material's instant navigation fetches the page it is on afresh at the first address change it
    sees (a tap on a link to a law of the same page) and swaps the content. The sandbox the reader was
    using is not started over: it takes the place of its fresh copy as he left it (engine.mjs,
    keepOrDispose)."""
    from playwright.sync_api import expect

    tab, _ = page
    tab.goto(built_site.base + "laws/entry-and-re-entry/#law-16")  # type: ignore[attr-defined]
    tab.evaluate("euchrePage.loadTheme()")  # type: ignore[attr-defined]
    box = tab.locator('.table-example[data-law="17"]')  # type: ignore[attr-defined]
    box.get_by_role("button", name="Try it in the sandbox").click()
    expect(box.locator(".ts-table").first).to_be_visible()
    said = box.locator(".sandbox-cue").inner_text()
    tab.evaluate(  # type: ignore[attr-defined]
        """() => {
        window.__samePage = true;
        document.querySelector(".md-content").__before = true;   // gone once the theme swaps the content
        const a = document.createElement("a");
        a.href = "#law-18";
        a.id = "to-law-18";
        a.textContent = "law 18";
        document.querySelector(".md-content article").append(a);
    }"""
    )
    click_instantly(tab, tab.locator("#to-law-18"))  # type: ignore[attr-defined]
    tab.wait_for_url(re.compile(r"#law-18$"))  # type: ignore[attr-defined]
    tab.wait_for_function("() => !document.querySelector('.md-content').__before")  # type: ignore[attr-defined]  # the page fetched again
    assert tab.evaluate("window.__samePage") is True  # type: ignore[attr-defined]
    expect(box.locator(".ts-table").first).to_be_visible()  # still started: not the fresh copy's start button alone
    expect(box.locator(".sandbox-cue")).to_have_text(said)
    expect(box.get_by_role("button", name="Start again")).to_have_count(1)
    assert tab.locator('.table-example[data-law="17"] .sandbox').count() == 1  # type: ignore[attr-defined]  # one shell, not two


def test_pressing_a_link_prefetches_its_page_at_once(page: tuple[object, Guard], built_site: BuiltSite) -> None:
    """A press on a link to another page (pointer down, touch, Enter) asks the browser to prefetch that
    page at once, before the click (answers.mjs, onPress); not a link to this page, another host, a
    new window, a download, or a right button; each page once."""
    from playwright.sync_api import expect

    tab, _ = page
    tab.goto(built_site.base + "cases/i/")  # type: ignore[attr-defined]
    expect(tab.locator(".case-player .et-board")).to_be_visible()  # type: ignore[attr-defined]
    hints = tab.evaluate(  # type: ignore[attr-defined]
        """() => {
        const hints = () => [...document.head.querySelectorAll('link[rel=prefetch]')].map(l => l.href);
        const press = (href, type, extra) => {
          const a = document.createElement('a');
          a.href = href;
          Object.assign(a, extra || {});
          a.textContent = 'x';
          document.querySelector('.md-content').append(a);
          const before = hints().length;
          if (type === 'keydown') a.dispatchEvent(new KeyboardEvent('keydown', {key: 'Enter', bubbles: true}));
          else if (type === 'touchstart') a.dispatchEvent(new Event('touchstart', {bubbles: true}));
          else a.dispatchEvent(new PointerEvent('pointerdown', {button: (extra && extra.right) ? 2 : 0, bubbles: true}));
          a.remove();
          return hints().length > before ? hints()[hints().length - 1] : null;
        };
        return {
          down: press('../ii/', 'pointerdown'),
          again: press('../ii/#the-play', 'pointerdown'),
          touch: press('../iii/', 'touchstart'),
          enter: press('../iv/', 'keydown'),
          here: press('./#the-play', 'pointerdown'),
          outside: press('https://example.org/', 'pointerdown'),
          window: press('../v/', 'pointerdown', {target: '_blank'}),
          right: press('../vi/', 'pointerdown', {right: true}),
          file: press('../../pyodide/pyodide-lock.json', 'pointerdown'),
        };
    }"""
    )
    assert hints["down"] == built_site.base + "cases/ii/"
    assert hints["again"] is None  # the same page: already asked for
    assert hints["touch"] == built_site.base + "cases/iii/"
    assert hints["enter"] == built_site.base + "cases/iv/"
    assert all(hints[k] is None for k in ("here", "outside", "window", "right", "file")), hints


def test_a_lesson_exercise_is_checked_without_python(page: tuple[object, Guard], built_site: BuiltSite) -> None:
    from playwright.sync_api import expect

    tab, guard = page
    tab.goto(built_site.base + "learn/the-pack/")  # type: ignore[attr-defined]
    exercise = tab.locator(".exercise[data-mode=one]").first  # type: ignore[attr-defined]
    exercise.locator("button.choice").first.click()
    expect(exercise.locator(".exercise-feedback")).to_contain_text(re.compile(r"^[✓✗] (Right|Not right)\."))
    tab.wait_for_timeout(300)  # type: ignore[attr-defined]
    assert not python_fetched(guard)


def test_an_off_book_action_starts_python(page: tuple[object, Guard], built_site: BuiltSite) -> None:
    from playwright.sync_api import expect

    tab, guard = page
    tab.goto(built_site.base + "laws/cards-liable-to-be-called/#law-52")  # type: ignore[attr-defined]
    box = tab.locator('.penalty-sandbox[data-law="52"]')  # type: ignore[attr-defined]
    # the ready scenario and its options: precomputed
    box.get_by_role("button", name="Try it in the sandbox").click()
    expect(box.locator(".sandbox-election")).to_contain_text("choose")
    box.get_by_role("button", name=re.compile("^Call the 7 of diamonds")).click()
    expect(box.locator(".sandbox-table")).to_contain_text("must play the 7 of diamonds")
    assert not python_fetched(guard)
    # the reader's own deal is off the book: Python starts and answers
    box.get_by_role("button", name="Your own deal").click()
    expect(box.locator(".sandbox-table")).to_contain_text("turn-up")
    assert tab.evaluate("euchreEngine.stats().starts") == 1  # type: ignore[attr-defined]
    # the runtime's big files come compressed (engine-worker.mjs inflates them)
    assert any(u.endswith("/repo/pyodide/pyodide.asm.wasm.gz") for u in guard.requests)
    assert any(u.endswith("/repo/pyodide/pyodide.asm.mjs.gz") for u in guard.requests)
    assert not any(u.endswith(("/repo/pyodide/pyodide.asm.wasm", "/pyodide.asm.mjs")) for u in guard.requests)


def test_the_console_imports_the_rest_of_the_standard_library_on_demand(
    page: tuple[object, Guard], built_site: BuiltSite
) -> None:
    from playwright.sync_api import expect

    tab, guard = page
    shipped = (built_site.dir / "pyodide" / "python_stdlib_rest.zip").is_file()
    tab.goto(built_site.base + "engine/")  # type: ignore[attr-defined]
    console = tab.locator(".engine-console").first  # type: ignore[attr-defined]
    code = console.get_by_label(re.compile("^Python"))
    code.fill("from euchre_core.app.web import case_step\ncase_step('I', 3)['book_card']")
    console.get_by_role("button", name="Run").click()
    expect(console.locator(".ec-output")).to_have_text("'8S'\n")
    # the engine's own modules never needed the rest of the standard library
    assert not [u for u in guard.requests if u.endswith("python_stdlib_rest.zip")]
    code.fill(
        "import statistics, difflib\nprint(statistics.mean([1, 2, 6]))\n"
        "difflib.SequenceMatcher(None, 'ab', 'ac').ratio()"
    )
    console.get_by_role("button", name="Run").click()
    expect(console.locator(".ec-output")).to_have_text("3\n0.5\n")
    assert any(u.endswith("python_stdlib_rest.zip") for u in guard.requests) == shipped
    code.fill("import no_such_module")
    console.get_by_role("button", name="Run").click()
    expect(console.locator(".ec-error")).to_contain_text("ModuleNotFoundError")
