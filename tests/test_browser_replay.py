"""Replay a game (docs/replay.md, egn-replay.mjs) in Chromium: every valid record of the EGN corpus opens
and steps to its end on the reader's table; the invalid ones show the engine's error naming the deal, the
trick and the law; a branch is played and left; a link carries the record and the position; the export
downloads EGN with the branch as an alternative line. Everything runs in the page (no other host)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import test_browser_smoke as smoke
import test_browser_widgets as widgets
from conftest import EGN_DIR, INVALID_EGN, BuiltSite
from test_browser_smoke import Guard
from test_browser_widgets import BOOT, run_axe

pytestmark = [pytest.mark.browser, pytest.mark.slow]
browser = smoke.browser
page = smoke.page
axe_path = widgets.axe_path

INVALID = set(INVALID_EGN)
FILES = sorted(p.name for p in EGN_DIR.glob("*.egn")) if EGN_DIR.is_dir() else []


def _open_page(tab: object, built_site: BuiltSite) -> None:
    tab.goto(built_site.base + "replay/")  # type: ignore[attr-defined]


def _paste(tab: object, text: str) -> None:
    if tab.locator(".er-paste").get_attribute("open") is None:  # type: ignore[attr-defined]
        tab.locator(".er-paste summary").click()  # type: ignore[attr-defined]
    tab.fill("#er-text", text)  # type: ignore[attr-defined]
    tab.locator(".er-open-text").click()  # type: ignore[attr-defined]


@pytest.mark.skipif(not FILES, reason="the EGN corpus is not present")
def test_every_record_of_the_corpus_opens_and_steps_to_its_end_or_shows_its_error(
    page: tuple[object, Guard], built_site: BuiltSite
) -> None:
    from playwright.sync_api import expect

    tab, _ = page
    _open_page(tab, built_site)
    status = tab.locator(".er-status")  # type: ignore[attr-defined]
    for i, name in enumerate(FILES):
        path = EGN_DIR / name
        if i % 2:  # half by the file picker, half pasted
            tab.locator(".er-file input").set_input_files(str(path))  # type: ignore[attr-defined]
        else:
            _paste(tab, path.read_text(encoding="utf-8"))
        if name in INVALID:
            expect(status).to_have_text(re.compile(r"^This record cannot be replayed: deal \d+"), timeout=BOOT)
            continue
        expect(status).to_have_text(re.compile(r"checked by the engine"), timeout=BOOT)
        deals = json.loads(path.read_text(encoding="utf-8"))["deals"]
        options = tab.locator(".er-deal option")  # type: ignore[attr-defined]
        expect(options).to_have_count(len(deals))
        for d in range(len(deals)):
            tab.locator(".er-deal").select_option(str(d))  # type: ignore[attr-defined]
            expect(tab.locator(".er-pos")).to_have_text(re.compile(r"^Step 0 of \d+$"))  # type: ignore[attr-defined]
            tab.locator('[data-act="last"]').click()  # type: ignore[attr-defined]
            pos = tab.locator(".er-pos")  # type: ignore[attr-defined]
            expect(pos).to_have_text(re.compile(r"^Step (\d+) of \1$"))
        status_text = status.inner_text()
        assert "cannot" not in status_text, (name, status_text)


def test_a_record_by_keyboard_a_branch_and_back_a_link_and_the_export(
    page: tuple[object, Guard], built_site: BuiltSite, axe_path: Path
) -> None:
    from playwright.sync_api import expect

    tab, _ = page
    _open_page(tab, built_site)
    tab.get_by_role("button", name="try an example").click()  # type: ignore[attr-defined]
    expect(tab.locator(".er-status")).to_have_text(re.compile("checked by the engine"), timeout=BOOT)  # type: ignore[attr-defined]
    board = tab.locator(".et-board")  # type: ignore[attr-defined]
    board.click(position={"x": 5, "y": 5})
    pos = tab.locator(".er-pos")  # type: ignore[attr-defined]
    for _ in range(12):  # through the bidding into the play, by the arrow key
        tab.keyboard.press("ArrowRight")  # type: ignore[attr-defined]
        if tab.locator(".et-play:not(.et-illegal):not(.et-next)").count():  # type: ignore[attr-defined]
            break
    expect(pos).to_have_text(re.compile(r"^Step \d+ of \d+$"))
    expect(tab.locator(".er-dd")).to_contain_text("Best play from here")  # type: ignore[attr-defined]
    assert tab.locator(".et-best").count() >= 1  # type: ignore[attr-defined]
    other = tab.locator(".et-play:not(.et-illegal):not(.et-next)").first  # type: ignore[attr-defined]
    other.click()
    expect(pos).to_have_text(re.compile(r"^Branch: step 1 of \d+$"))
    expect(tab.locator(".er-branch")).to_contain_text("Your branch")  # type: ignore[attr-defined]
    tab.keyboard.press("End")  # type: ignore[attr-defined]
    expect(tab.locator(".et-result")).to_be_visible()  # type: ignore[attr-defined]
    assert run_axe(tab) == []
    # the link carries the record and the position; a fresh page opens it in the branch
    tab.evaluate("navigator.clipboard && (navigator.clipboard.writeText = () => Promise.resolve())")  # type: ignore[attr-defined]
    tab.get_by_role("button", name="Copy a link to this position").click()  # type: ignore[attr-defined]
    expect(tab).to_have_url(re.compile(r"#egn=[A-Za-z0-9_-]+&d=0&s=\d+&m="))
    url = tab.url  # type: ignore[attr-defined]
    with tab.expect_download() as info:  # type: ignore[attr-defined]
        tab.get_by_role("button", name=re.compile("Export EGN")).click()  # type: ignore[attr-defined]
    exported = json.loads(Path(info.value.path()).read_text(encoding="utf-8"))
    assert exported["deals"][0]["alternativeLines"][0]["phases"][0]["tricks"]
    tab.keyboard.press("Escape")  # type: ignore[attr-defined]
    expect(pos).to_have_text(re.compile(r"^Step \d+ of \d+$"))
    tab.goto(built_site.base + "index.html")  # type: ignore[attr-defined]
    tab.goto(url)  # type: ignore[attr-defined]
    expect(tab.locator(".er-pos")).to_have_text(re.compile(r"^Branch: step \d+ of \d+$"), timeout=BOOT)  # type: ignore[attr-defined]


def test_a_tampered_link_says_so(page: tuple[object, Guard], built_site: BuiltSite) -> None:
    from playwright.sync_api import expect

    tab, _ = page
    tab.goto(built_site.base + "replay/#egn=not-a-record&d=0&s=3")  # type: ignore[attr-defined]
    expect(tab.locator(".er-status")).to_have_text(re.compile("cannot be read|cannot be replayed"), timeout=BOOT)  # type: ignore[attr-defined]


def test_the_replay_page_fits_a_phone(browser: object, built_site: BuiltSite) -> None:
    from playwright.sync_api import expect

    context = browser.new_context(viewport={"width": 360, "height": 800}, color_scheme="dark")  # type: ignore[attr-defined]
    try:
        tab = context.new_page()
        tab.goto(built_site.base + "replay/")
        tab.get_by_role("button", name="try an example").click()
        expect(tab.locator(".er-status")).to_have_text(re.compile("checked by the engine"), timeout=BOOT)
        for _ in range(8):
            tab.locator('[data-act="next"]').click()
        assert tab.evaluate("document.documentElement.scrollWidth") <= 360
    finally:
        context.close()
