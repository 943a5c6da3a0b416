"""The reader's table (docs/javascripts/table.mjs) on a case page, in a real browser: the book's line,
branches as in a study (open, step through, branch again, return, share by URL), the best cards, the
"?" overlay of keys, the focus after a click, a stable size, at 1280 and at 360 px, by click and by key.

Every expectation about the cards comes from the engine (euchre_core.app.table_view), not from a copy.
"""

from __future__ import annotations

import re

import pytest
from browser_support import Guard, guarded_tab
from conftest import BuiltSite
from test_browser_widgets import AXE, live_player, run_axe

from euchre_core.app.table_view import case_line, case_values
from euchre_core.kernel.cards import Card

pytestmark = pytest.mark.browser


def name(code: str) -> str:
    return Card.parse(code).long_name()


def test_law_62_a_branch_by_click_steps_through_branches_again_and_returns(tab: object, built_site: BuiltSite) -> None:
    from playwright.sync_api import expect

    player = live_player(tab, built_site.base + "cases/i/#play=3")
    announce = player.locator(".cp-announce")
    variation = case_line("I", 3, ["JC"])
    # A is to play; the engine's best cards are marked, the book's card framed, the knave is not best
    best = set(case_values("I", 3)["best"])
    assert "JC" not in best
    for code in ["9C", "JC", "AH", "KH", "8S"]:
        button = player.locator(f'.et-n button[data-card="{code}"]')
        expect(button).to_have_class(re.compile(r"\bet-best\b") if code in best else re.compile(r"^(?!.*\bet-best\b)"))
    player.get_by_role("button", name=re.compile(r"^play the knave of clubs instead")).click()
    expect(announce).to_have_text("Variation: " + variation["states"][1]["announce"])
    assert tab.url.endswith("#play=3/JC")  # type: ignore[attr-defined]
    expect(player.locator(".cp-varinfo")).to_contain_text("Variation from card 4 of the book’s line")
    expect(player.locator(".et-played.et-wins")).to_contain_text(variation["states"][1]["trick"]["winner"])
    # step through the variation: the engine's best play fills the rest
    player.get_by_role("button", name="Next", exact=True).click()
    seat, code, who = variation["line"][1]
    assert who == "engine"
    expect(announce).to_have_text(f"{seat} plays the {name(code)}.")
    assert tab.url.endswith("#play=3/JC@2")  # type: ignore[attr-defined]
    # branch again: at the next position where the player to move has a choice, another legal card
    k = next(i for i, s in enumerate(variation["states"]) if i >= 2 and len(s["legal"]) > 1)
    for _ in range(k - 2):
        player.get_by_role("button", name="Next", exact=True).click()
    assert tab.url.endswith(f"#play=3/JC@{k}") or k == 2  # type: ignore[attr-defined]
    other = next(c for c in variation["states"][k]["legal"] if c != variation["line"][k][1])
    before = [c[1] for c in variation["line"][:k]]
    again = case_line("I", 3, before + [other])
    player.locator(f'button[data-card="{other}"]').click()
    # a branch of a branch is not precomputed: Python starts (the guarded tab's long default wait)
    expect(announce).to_have_text("Variation: " + again["states"][k + 1]["announce"])
    assert tab.url.endswith("#play=3/" + "/".join(before + [other]))  # type: ignore[attr-defined]
    tree = player.locator(".cp-tree")
    expect(tree.locator("button.cp-line-item")).to_have_count(3)  # the book's line and two variations
    expect(tree.locator('[aria-current="true"]')).to_contain_text(f"card {3 + k + 1}")
    player.get_by_role("button", name="Last", exact=True).click()
    expect(player.locator(".cp-outcome-new")).to_contain_text(again["result"]["text"])
    expect(player.locator(".cp-outcome-book")).to_contain_text("A–C make their point")
    # issue 26: back goes one level up, as in a study: to the variation this one left, where it left
    player.get_by_role("button", name="Back to the variation it left").click()
    expect(announce).to_contain_text("Back to the variation it left")
    expect(tree.locator('[aria-current="true"]')).to_contain_text("card 4")
    expect(player.locator(".cp-varinfo")).to_be_visible()
    assert tab.url.endswith(f"#play=3/JC@{k}")  # type: ignore[attr-defined]
    # back to the first variation through the tree, then to the book's line
    tree.locator("button.cp-line-item", has_text="card 4").click()
    expect(announce).to_have_text(variation["states"][1]["announce"])
    player.get_by_role("button", name="Back to the book’s line").click()
    expect(announce).to_contain_text("Back to the book's line")
    assert tab.url.endswith("#play=3")  # type: ignore[attr-defined]
    expect(player.locator(".cp-varinfo")).to_have_count(0)
    assert not tab.guard.outside and not tab.guard.errors  # type: ignore[attr-defined]


def test_law_62_an_illegal_card_is_explained_with_its_law(page: tuple[object, Guard], built_site: BuiltSite) -> None:
    from playwright.sync_api import expect

    tab, _ = page
    player = live_player(tab, built_site.base + "cases/i/#play=1")
    expect(player.locator(".et-turn .et-name")).to_contain_text("C")
    player.get_by_role("button", name=re.compile(r"^queen of spades: not a legal card")).click()
    expect(player.locator(".cp-illegal-why")).to_contain_text("You must follow suit")
    expect(player.locator(".cp-illegal-why")).to_contain_text("(law 62)")
    assert tab.url.endswith("#play=1")  # type: ignore[attr-defined]


def test_a_branch_url_reopens_the_branch(page: tuple[object, Guard], built_site: BuiltSite) -> None:
    from playwright.sync_api import expect

    tab, _ = page
    variation = case_line("I", 3, ["JC"])
    player = live_player(tab, built_site.base + "cases/i/#play=3/JC@2")
    expect(player.locator(".cp-varinfo")).to_contain_text("Card 2 of " + str(len(variation["line"])))
    seat, code, _ = variation["line"][1]
    where = "nesw"["ABCD".index(seat)]
    expect(player.locator(f".et-played.et-{where} .et-card")).to_have_attribute("aria-label", name(code))
    player.locator(".et-board").press("End")
    expect(player.locator(".cp-outcome-new")).to_contain_text(variation["result"]["text"])  # A–C are euchred
    assert tab.url.endswith("#play=3/JC@" + str(len(variation["line"])))  # type: ignore[attr-defined]


def test_the_table_by_keyboard_keys_overlay_values_and_focus_after_a_click(tab: object, built_site: BuiltSite) -> None:
    from playwright.sync_api import expect

    player = live_player(tab, built_site.base + "cases/i/")
    announce = player.locator(".cp-announce")
    board = player.locator(".et-board")
    # a click on the felt (not on a control) gives the keys to the table
    box = board.bounding_box()
    assert box is not None
    tab.mouse.click(box["x"] + 6, box["y"] + box["height"] / 2)  # type: ignore[attr-defined]
    expect(board).to_be_focused()
    height = box["height"]
    tab.keyboard.press("ArrowRight")  # type: ignore[attr-defined]
    expect(announce).to_have_text("B plays the knave of diamonds.")
    # "?" lists the keys; Esc closes the list and gives the focus back to the table
    tab.keyboard.press("?")  # type: ignore[attr-defined]
    keys = player.get_by_role("dialog", name="Keyboard shortcuts")
    expect(keys).to_be_visible()
    expect(keys).to_contain_text("one card back / forward")
    tab.keyboard.press("Escape")  # type: ignore[attr-defined]
    expect(keys).to_be_hidden()
    expect(board).to_be_focused()
    # the values on demand: the makers' tricks with best play after each legal card
    tab.keyboard.press("v")  # type: ignore[attr-defined]
    values = case_values("I", 1)["values"]
    for code, v in values.items():
        expect(player.locator(f'button[data-card="{code}"] .et-value')).to_have_text(str(v))
    # Tab to a card and Enter plays it: another card than the book's opens a variation
    other = next(c for c in case_values("I", 1)["values"] if c != "7D")
    player.locator(f'button[data-card="{other}"]').focus()
    tab.keyboard.press("Enter")  # type: ignore[attr-defined]
    expect(player.locator(".cp-varinfo")).to_be_visible()
    tab.keyboard.press("b")  # type: ignore[attr-defined]
    expect(player.locator(".cp-varinfo")).to_have_count(0)
    # a stable size: the table keeps its height from the first card to the last
    tab.keyboard.press("End")  # type: ignore[attr-defined]
    expect(player.locator(".cp-result")).to_be_visible()
    end_box = board.bounding_box()
    assert end_box is not None and abs(end_box["height"] - height) < 2, (height, end_box["height"])
    # it fits the screen
    assert tab.evaluate("document.documentElement.scrollWidth") <= tab.width  # type: ignore[attr-defined]
    wider = f"e => [...e.querySelectorAll('*')].filter(c => c.getBoundingClientRect().right > {tab.width} + .5).length"  # type: ignore[attr-defined]
    assert player.evaluate(wider) == 0


def test_the_stop_button_is_hidden_when_idle(page: tuple[object, Guard], built_site: BuiltSite) -> None:
    from playwright.sync_api import expect

    tab, _ = page
    tab.goto(built_site.base + "laws/cards-liable-to-be-called/")  # type: ignore[attr-defined]
    stops = tab.locator(".engine-stop, .engine-retry")  # type: ignore[attr-defined]
    for i in range(stops.count()):
        expect(stops.nth(i)).to_be_hidden()
    player = live_player(tab, built_site.base + "cases/i/")
    expect(player.locator(".engine-stop")).to_be_hidden()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_on_a_case_page_mid_branch_and_a_law_page_with_a_sandbox(
    browser: object, built_site: BuiltSite, scheme: str
) -> None:
    from playwright.sync_api import expect

    assert AXE.is_file(), "make node-deps (npm ci) installs axe-core"
    with guarded_tab(browser, color_scheme=scheme, service_workers="allow") as tab:
        player = live_player(tab, built_site.base + "cases/i/#play=3/JC@2")
        expect(player.locator(".cp-varinfo")).to_be_visible()
        body = tab.locator("body")  # type: ignore[attr-defined]
        expect(body).to_have_attribute("data-md-color-scheme", "slate" if scheme == "dark" else "default")
        player.locator(".cp-values-toggle").click()
        assert run_axe(tab) == []
        tab.goto(built_site.base + "laws/cards-liable-to-be-called/")  # type: ignore[attr-defined]
        tab.locator("details.law-engine summary").first.click()  # type: ignore[attr-defined]
        assert run_axe(tab) == []


@pytest.mark.parametrize("width", [360, 1280])
def test_a_branch_link_opens_the_branch_with_its_table_in_view(
    browser: object, built_site: BuiltSite, width: int
) -> None:
    """Issue 26: the position's link restores the branch and the scroll: on a phone and on a desktop the
    page opens at the player, the whole table below the site's header, the variation said beside it,
    "back" one level up and the book's line one more step."""
    from playwright.sync_api import expect

    with guarded_tab(browser, {"width": width, "height": 740}) as tab:
        variation = case_line("I", 3, ["JC"])
        player = live_player(tab, built_site.base + "cases/i/#play=3/JC@2")
        expect(player.locator(".cp-varinfo")).to_contain_text("Card 2 of " + str(len(variation["line"])))
        expect(player.get_by_role("button", name="Back to the book’s line")).to_be_visible()
        board = player.locator(".et-board")
        expect(board).to_be_in_viewport(ratio=1)  # the whole table
        header = tab.locator(".md-header").bounding_box()
        top = board.bounding_box()
        assert header is not None and top is not None
        assert top["y"] >= header["y"] + header["height"] - 1, (top, header)  # not under the header
        assert tab.evaluate("scrollY") > 0  # the page was scrolled to the player
