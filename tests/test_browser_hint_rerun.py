"""The reader's own run of a hint's simulation, in a real browser: the widget under the table of a
tested hint (hint-rerun.mjs) runs euchre_core.search.simulate.simulate_hint under Pyodide with the holding,
the number of layouts and the seed typed in, and draws the result; a bad holding gets the engine's
message, naming the field."""

from __future__ import annotations

import pytest
import test_browser_smoke as smoke
from conftest import BuiltSite
from test_browser_smoke import Guard

pytestmark = pytest.mark.browser
browser = smoke.browser
page = smoke.page

BOOT = 120_000
HINT_PAGE = "hints/second/#test-second-3"


def open_rerun(tab: object, url: str) -> object:
    from playwright.sync_api import expect

    tab.goto(url)  # type: ignore[attr-defined]
    box = tab.locator('.hint-rerun[data-hint="second-3"]')  # type: ignore[attr-defined]
    expect(box.get_by_label("Holding")).to_have_value("R st x x x")
    return box


def test_hint_rerun_own_holding(page: tuple[object, Guard], built_site: BuiltSite) -> None:
    from playwright.sync_api import expect

    tab, guard = page
    box = open_rerun(tab, built_site.base + HINT_PAGE)
    assert tab.evaluate("window.euchreEngine.status().phase") == "idle"  # type: ignore[attr-defined]
    box.get_by_label("Holding").fill("JC 7C AH KH 8S")
    box.get_by_label("Layouts").select_option("25")
    box.get_by_label("Seed").fill("7")
    box.get_by_role("button", name="Run").click()
    table = box.locator(".hint-rerun-result table")
    expect(table).to_be_visible(timeout=BOOT)
    expect(table.locator("caption")).to_contain_text("25 layouts, seed 7")
    expect(table.locator("tbody tr")).to_have_count(3)  # assist, pass, pass valued 0
    expect(table.locator("tr.advised")).to_contain_text("the book")
    assert not guard.errors, guard.errors


def test_hint_rerun_invalid_holding(page: tuple[object, Guard], built_site: BuiltSite) -> None:
    from playwright.sync_api import expect

    tab, _ = page
    box = open_rerun(tab, built_site.base + HINT_PAGE)
    box.get_by_label("Holding").fill("ZZ")
    box.get_by_label("Layouts").select_option("25")
    box.get_by_label("Holding").press("Enter")  # the keyboard submits the form
    status = box.get_by_role("status")
    expect(status).to_contain_text("Holding (hand)", timeout=BOOT)
    expect(box.get_by_label("Holding")).to_have_attribute("aria-invalid", "true")
    expect(box.locator(".hint-rerun-result table")).to_have_count(0)
