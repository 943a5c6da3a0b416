"""No developer's words on a reader's page (issue 26): every page of the built site, as Chromium shows it
(the widgets mounted, folded notes closed), is searched for file names, seeds, errata ids, module paths
and the engine's start-up jargon. The API reference (api/) and the engine's pages (engine/,
engine-laws/: the laws in the engine, with the tests that check each) are for programmers and are
left out.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from browser_support import DESKTOP, PHONE, guarded_tab
from conftest import BuiltSite

pytestmark = pytest.mark.browser

PROGRAMMERS = ("api/", "engine/", "engine-laws/")
PATTERNS = {
    "a file name": re.compile(r"\b[\w/-]+\.(?:py|json|mjs)\b"),
    "a test's path": re.compile(r"\btests/"),
    "a seed": re.compile(r"\bseed \d+", re.I),
    "an erratum's id": re.compile(r"\blaw-\d+-[a-z]"),
    "a module path": re.compile(r"\beuchre_core\."),
    "a source's number": re.compile(r"\[Source: 0"),
    "the engine's jargon": re.compile(r"Python starts|Loading Python"),
    # the transcriptions' numbers: explained on the errata page, in words on a case's note (reviewer R8)
    "a transcription's number": re.compile(r"(?<![\d,.])\b00[0-3]\b"),
}
NUMBERED_SOURCES = ("errata/",)  # the historian's page that lists the transcriptions by number


def reader_pages(site: Path) -> list[str]:
    """Every page of the site (its folder, relative to the site), the programmers' pages left out."""
    pages = []
    for index in sorted(site.rglob("index.html")):
        rel = index.parent.relative_to(site).as_posix()
        rel = "" if rel == "." else rel + "/"
        if not rel.startswith(PROGRAMMERS):
            pages.append(rel)
    return pages


def offences(text: str, page: str = "") -> list[str]:
    """Each pattern found in ``text`` (the text of ``page``), with a little of its context."""
    found = []
    for what, pattern in PATTERNS.items():
        if what == "a transcription's number" and page.startswith(NUMBERED_SOURCES):
            continue
        for m in pattern.finditer(text):
            around = text[max(0, m.start() - 40) : m.end() + 40].replace("\n", " ")
            found.append(f"{what} {m.group(0)!r} in “…{around}…”")
    return found


def test_offences_are_found() -> None:
    assert offences("[Source: 001] (seed 002), law-43-adversaries, tests/test_x.py") != []
    assert offences("“Fourth Trick,” in 000") != [] and offences("in 000", "errata/") == []
    assert offences("1,000 layouts, 3.000 s") == []
    assert offences("Law 43: adversaries; the engine's double-dummy solver; 3.4 of 6.0 MB") == []


def test_no_developer_words_on_any_reader_page(browser: object, built_site: BuiltSite) -> None:
    pages = reader_pages(built_site.dir)
    assert len(pages) > 60, pages
    problems: list[str] = []
    with guarded_tab(browser) as tab:
        for rel in pages:
            tab.goto(built_site.base + rel, wait_until="networkidle")
            # every block laid out, also those a reader has not scrolled to yet (content-visibility: euchre.css)
            # (a constructed sheet: the page's Content-Security-Policy refuses an inline <style>)
            tab.evaluate(
                "() => { const s = new CSSStyleSheet(); s.replaceSync('* { content-visibility: visible !important; }');"
                " document.adoptedStyleSheets = [...document.adoptedStyleSheets, s]; }"
            )
            text = tab.inner_text("article")
            problems += [f"{rel or 'home'}: {o}" for o in offences(text, rel)]
    assert not problems, "developer's words on reader pages:\n" + "\n".join(problems)


def test_terms_are_read_by_a_tap_or_a_click(browser: object, built_site: BuiltSite) -> None:
    """Issue 36: the laws' index and the terms page say "tap or click" (never "point at" or "hover", nor
    "click" alone), and it is so: on a phone a tap, at a desk a click or Enter, shows a term's
    definition in the text (the title's tooltip needs a pointer resting on it); a second one hides it."""
    from playwright.sync_api import expect

    for touch in (False, True):
        viewport = PHONE if touch else DESKTOP
        with guarded_tab(browser, viewport, has_touch=touch, is_mobile=touch) as tab:
            for page in ("laws/", "terms/"):
                tab.goto(built_site.base + page)
                text = tab.inner_text("article")
                assert "tap or click" in text, (page, text[:600])
                assert not re.search(r"point at|hover|(?<!tap or )\bclick", text, re.I), (page, text[:600])
            tab.goto(built_site.base + "laws/playing-alone/")
            term = tab.locator("article abbr").first  # its title is taken off while its definition shows
            word = term.inner_text()
            definition = tab.locator("article .term-def")
            if touch:
                term.tap()
            else:
                term.click()
            expect(definition).to_have_count(1)
            expect(definition).to_be_visible()
            assert tab.evaluate("d => d.previousElementSibling.textContent", definition.element_handle()) == word
            expect(term).to_have_attribute("aria-expanded", "true")
            if touch:
                term.tap()
            else:
                term.press("Enter")
            expect(definition).to_have_count(0)
            expect(term).to_have_attribute("aria-expanded", "false")


def test_the_engines_tables_in_hoyles_text_are_marked_and_fit_a_phone(browser: object, built_site: BuiltSite) -> None:
    """Issue 26: the engine's test of a hint, inside Hoyle's text, is marked as the editor's and is not
    clipped at 360 px (caption and every column readable without scrolling sideways)."""
    from playwright.sync_api import expect

    with guarded_tab(browser, PHONE) as tab:
        tab.goto(built_site.base + "codes/hoyle/")
        sims = tab.locator(".hint-sim")
        assert sims.count() > 5
        expect(sims.first.locator(".hint-sim-label.ed")).to_contain_text("not the book’s text")
        clipped = sims.evaluate_all(
            "els => els.filter(e => [...e.querySelectorAll('*')].filter(c => !c.closest('thead, .visually-hidden'))"
            " .some(c => c.scrollWidth > c.clientWidth + 1"
            " || c.getBoundingClientRect().right > innerWidth + .5)).length"
        )
        assert clipped == 0
        expect(sims.first.locator("td[data-label='Points']").first).to_be_visible()
