"""The table sandbox (laws 10, 15–21: cutting out, entry and re-entry) in a real browser, at 1280 and
360 px, by click and by keyboard: the club's tables drawn as tables, every act a button offered by the
engine (euchre_core.app.sandbox.table_view's ``acts``), the book's next step, no free-text name anywhere,
no horizontal overflow. Every expectation about who does what comes from the engine, not from a copy."""

from __future__ import annotations

import re

import pytest
from browser_support import Guard, guarded_tab
from conftest import BuiltSite

from euchre_core.app import sandbox

pytestmark = pytest.mark.browser

ENTRY = "laws/entry-and-re-entry/"


def open_box(tab: object, url: str, law: int) -> object:
    from playwright.sync_api import expect

    tab.goto(url)  # type: ignore[attr-defined]
    box = tab.locator(f'.table-example[data-law="{law}"]')  # type: ignore[attr-defined]
    box.get_by_role("button", name="Try it in the sandbox").click()
    expect(box.locator(".ts-table").first).to_be_visible()
    return box


def no_overflow(tab: object) -> None:
    width = tab.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")  # type: ignore[attr-defined]
    assert width <= 0, f"the page scrolls sideways by {width} px"


def no_free_text(box: object) -> None:
    """Names are picked, never typed: no text input, no select of ops in the sandbox."""
    from playwright.sync_api import expect

    expect(box.locator(".sandbox-table input, .sandbox-table select, .sandbox-table textarea")).to_have_count(0)  # type: ignore[attr-defined]


def test_law_15_cut_out_by_click(tab: object, built_site: BuiltSite) -> None:
    from playwright.sync_api import expect

    v = sandbox.table_start(15)
    (t,) = v["tables"]
    cut = t["cuts"][-1]
    box = open_box(tab, built_site.base + "laws/cutting-out/#law-15", 15)
    table = box.locator('.ts-table[data-table="T1"]')
    expect(table.locator(".ts-felt .ts-person")).to_have_count(4)
    for p in t["players"]:
        expect(table.locator(f'.ts-felt [data-person="{p["name"]}"]')).to_be_visible()
    (out,) = cut["low"]
    expect(table.locator(".ts-side [data-person]")).to_have_text([re.compile("^" + out)])  # waits beside the table
    # the cut-out's cards drawn with their suit symbols; the lowest marked
    low = table.locator(".ts-cut li.ts-low")
    expect(low).to_contain_text(out)
    card = next(d["card"] for d in cut["draws"] if d["name"] == out)
    expect(low.locator(".card")).to_have_text(v["cards"][card][0])
    expect(low.locator(".card")).to_have_attribute("aria-label", v["cards"][card][1])
    expect(box.locator(".ts-decided")).to_contain_text("law 15")
    # this page's law 15 (Material's script, if it runs after the table is drawn, makes the link absolute)
    expect(box.locator(".ts-decided a", has_text="law 15")).to_have_attribute(
        "href", re.compile(r"^(?:https?://[^/]+/repo/laws/cutting-out/)?#law-15$")
    )
    no_free_text(box)
    no_overflow(tab)
    # the book's next step, prominent, then the one after it
    box.get_by_role("button", name="The book’s next step: " + v["next_step"]["label"]).click()
    after = sandbox.table_act(15, v["ops"], v["next_step"]["op"])
    expect(box.get_by_role("button", name="The book’s next step: " + after["next_step"]["label"])).to_be_visible()
    dealer = after["tables"][0]["dealer"]
    expect(table.locator(f'.ts-felt [data-person="{dealer}"]')).to_contain_text("deals")
    expect(table.locator(".ts-felt .ts-pair0")).to_have_count(2)  # partners marked
    expect(table.locator(".ts-felt .ts-pair1")).to_have_count(2)
    # only the acts usable now: in a rubber, no cut-out, no cut for partners
    names = [a["label"] for a in after["acts"]["tables"][0]["acts"]]
    expect(table.locator(".ts-acts button")).to_have_text(names)
    expect(box.get_by_role("button", name=re.compile("^Cut out"))).to_have_count(0)
    box.get_by_role("button", name="Undo the last act").click()
    expect(box.get_by_role("button", name="The book’s next step: " + v["next_step"]["label"])).to_be_visible()
    no_overflow(tab)
    assert not tab.guard.outside and not tab.guard.errors  # type: ignore[attr-defined]


def test_law_18_a_substitute_by_keyboard(tab: object, built_site: BuiltSite) -> None:
    from playwright.sync_api import expect

    box = open_box(tab, built_site.base + ENTRY + "#law-18", 18)
    expect(box.get_by_role("alert")).to_contain_text("law 18")  # the ready scenario's refusal, cited once
    expect(box.get_by_role("alert")).not_to_contain_text("(law 18) (")
    ames = box.locator('button.ts-person[data-person="Ames"]')
    ames.focus()
    tab.keyboard.press("Enter")  # type: ignore[attr-defined]
    menu = box.get_by_role("menu", name="What Ames does")
    expect(menu).to_be_visible()
    expect(menu.get_by_role("menuitem")).to_have_text(["Goes away: a substitute plays for him…", "Close"])
    tab.keyboard.press("Escape")  # type: ignore[attr-defined]
    expect(menu).to_have_count(0)
    expect(ames).to_be_focused()
    tab.keyboard.press("Enter")  # type: ignore[attr-defined]
    tab.keyboard.press("Enter")  # type: ignore[attr-defined]  # the first item: a substitute…
    sub = box.get_by_role("menu", name="Goes away: a substitute plays for him")
    expect(sub.get_by_role("menuitem").first).to_be_focused()
    expect(sub.get_by_role("menuitem").first).to_have_text("Zane plays for Ames")
    tab.keyboard.press("Enter")  # type: ignore[attr-defined]
    expect(box.locator(".sandbox-live")).to_contain_text("(law 18)")
    expect(box.get_by_role("alert")).to_have_count(0)
    seated = box.locator('.ts-felt [data-person="Zane"]')
    expect(seated).to_contain_text("substitute for Ames")
    expect(box.locator('.ts-side [data-person="Ames"]')).to_contain_text("Ames")  # away, beside the table
    # the book's next step: the rubber ends and Ames plays again
    box.get_by_role("button", name=re.compile("^The book’s next step: The rubber at T1 ends")).press("Enter")
    expect(box.locator('.ts-felt [data-person="Ames"]')).to_be_visible()
    expect(box.locator(".ts-decided")).to_contain_text("Zane's appointment ends")
    no_free_text(box)
    no_overflow(tab)
    assert not tab.guard.outside and not tab.guard.errors  # type: ignore[attr-defined]


def test_law_17_open_a_fresh_table_by_picking_names(page: tuple[object, Guard], built_site: BuiltSite) -> None:
    from playwright.sync_api import expect

    tab, _ = page
    v = sandbox.table_start(17)
    (club,) = v["acts"]["club"]
    box = open_box(tab, built_site.base + ENTRY + "#law-17", 17)
    expect(box.locator(".ts-table")).to_have_count(2)
    box.get_by_role("button", name=club["label"]).click()
    chips = box.locator(".ts-chip")
    expect(chips).to_have_text(club["candidates"])
    expect(box.get_by_role("button", name=re.compile(" with \\d"))).to_have_count(0)  # four are needed first
    for name in club["candidates"][:4]:
        box.get_by_role("button", name=name, exact=True).click()
        expect(box.locator(f'.ts-chip[data-pick="{name}"]')).to_have_attribute("aria-pressed", "true")
    box.get_by_role("button", name=club["label"] + " with 4").click()
    expect(box.locator('.ts-table[data-table="T3"]')).to_be_visible()
    expect(box.locator(".ts-decided")).to_contain_text("law 17")


def test_law_16_refusal_then_the_book_s_next_step(page: tuple[object, Guard], built_site: BuiltSite) -> None:
    from playwright.sync_api import expect

    tab, _ = page
    tab.goto(built_site.base + ENTRY + "#law-16")  # type: ignore[attr-defined]
    box = tab.locator('.table-example[data-law="16"]')  # type: ignore[attr-defined]
    expect(box).to_contain_text("(law 16)")  # the static example
    box.get_by_role("button", name="Try it in the sandbox").click()
    expect(box.get_by_role("alert")).to_contain_text("law 16")
    # a newcomer has no act at T1: a card has been cut (Law 16), so no button for him
    expect(box.locator('.ts-person[data-person="Gray"]')).not_to_have_attribute("aria-haspopup", "menu")
    box.get_by_role("button", name="The book’s next step: Cut for partners and deal at T1").click()
    expect(box.locator(".sandbox-live")).to_contain_text("deals")
    expect(box.get_by_role("alert")).to_have_count(0)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_on_the_table_sandbox_and_the_hint_picker(browser: object, built_site: BuiltSite, scheme: str) -> None:
    """No serious or critical axe violation on the law 18 sandbox (a person's menu open) and on a hint page's
    re-run box with its picker, in light and in dark mode."""
    from playwright.sync_api import expect
    from test_browser_widgets import AXE, run_axe

    assert AXE.is_file(), "make node-deps (npm ci) installs axe-core"
    with guarded_tab(browser, color_scheme=scheme, service_workers="allow") as tab:
        box = open_box(tab, built_site.base + ENTRY + "#law-18", 18)
        expect(tab.locator("body")).to_have_attribute(
            "data-md-color-scheme", "slate" if scheme == "dark" else "default"
        )
        box.locator('button.ts-person[data-person="Ames"]').click()
        expect(box.get_by_role("menu")).to_be_visible()
        assert run_axe(tab) == []
        tab.goto(built_site.base + "hints/second/#test-second-3")
        rerun = tab.locator('.hint-rerun[data-hint="second-3"]')
        rerun.get_by_role("button", name="the turned card").click()
        expect(rerun.locator(".hr-pack")).to_be_visible()
        assert run_axe(tab) == []


def test_law_21_break_up_from_the_table_s_acts(tab: object, built_site: BuiltSite) -> None:
    """A table-level act with choices (who breaks it up, where the others go): a menu under the button."""
    from playwright.sync_api import expect

    v = sandbox.table_start(17)
    t1 = next(t for t in v["acts"]["tables"] if t["table"] == "T1")
    group = next(a for a in t1["acts"] if a["id"] == "break_up")
    first = group["choices"][0]
    box = open_box(tab, built_site.base + ENTRY + "#law-17", 17)
    table = box.locator('.ts-table[data-table="T1"]')
    table.get_by_role("button", name=group["label"] + "…").click()
    menu = box.get_by_role("menu", name=group["label"])
    expect(menu.get_by_role("menuitem")).to_have_text([c["label"] for c in group["choices"]] + ["Close"])
    tab.keyboard.press("ArrowDown")  # type: ignore[attr-defined]
    expect(menu.get_by_role("menuitem").nth(1)).to_be_focused()
    menu.get_by_role("menuitem", name=first["label"]).click()
    after = sandbox.table_act(17, v["ops"], first["op"])
    expect(box.locator(".ts-table")).to_have_count(len(after["tables"]))
    expect(box.locator('.ts-table[data-table="T1"]')).to_have_count(0)
    expect(box.locator(".ts-decided")).to_contain_text("law 21")
    no_overflow(tab)
    assert not tab.guard.outside and not tab.guard.errors  # type: ignore[attr-defined]


def test_the_table_sandbox_says_what_to_do_next(tab: object, built_site: BuiltSite) -> None:
    """Issue 26: one line over the tables says what the reader can do now, and its control takes the
    focus after his act: the book's next step while there is one; a refusal said first; picking names,
    how many and which button then; once the book's example is played out, the people and the tables."""
    from playwright.sync_api import expect

    # law 15: the book's next step is the primary action, and has the focus after each step
    v = sandbox.table_start(15)
    box = open_box(tab, built_site.base + "laws/cutting-out/#law-15", 15)
    cue = box.locator(".sandbox-cue")
    expect(cue).to_have_count(1)
    expect(cue).to_have_text(
        "Follow the book with its next step, or choose a name for what that person can do (a table’s own acts are under it)."
    )
    expect(box.locator(".ts-next-button")).to_be_focused()
    while v["next_step"]:
        box.get_by_role("button", name="The book’s next step: " + v["next_step"]["label"]).click()
        v = sandbox.table_act(15, v["ops"], v["next_step"]["op"])
        if v["next_step"]:
            expect(box.get_by_role("button", name="The book’s next step: " + v["next_step"]["label"])).to_be_focused()
    expect(cue).to_contain_text("The book’s example is played out: choose a name")
    expect(cue).to_contain_text("or start again")
    expect(box.locator(".ts-next-button")).to_have_count(0)
    expect(box.locator("button.ts-person, .ts-acts > button[data-act]").first).to_be_focused()
    # law 16: the scenario's refused act is named first
    box = open_box(tab, built_site.base + ENTRY + "#law-16", 16)
    expect(box.locator(".sandbox-cue")).to_have_text(
        re.compile(r"^The last act was refused: the reason is below\. Follow the book")
    )
    expect(box.get_by_role("alert")).to_contain_text("law 16")
    # law 17: picking the candidates of a fresh table
    club = sandbox.table_start(17)["acts"]["club"][0]
    box = open_box(tab, built_site.base + ENTRY + "#law-17", 17)
    box.get_by_role("button", name=club["label"]).click()
    cue = box.locator(".sandbox-cue")
    expect(cue).to_have_text(
        f"Pick at least {club['least']} names below for “{club['label']}” (0 picked so far), or cancel."
    )
    expect(box.locator(".ts-chip").first).to_be_focused()
    for name in club["candidates"][: club["least"]]:
        box.get_by_role("button", name=name, exact=True).click()
    expect(cue).to_have_text(f"Press “{club['label']} with {club['least']}”, or pick more names first.")
    assert not tab.guard.outside and not tab.guard.errors  # type: ignore[attr-defined]
