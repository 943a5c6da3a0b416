"""The dealing sandbox (Laws 22-45, 72-73) in a real browser, on the reader's table: the pack, the cut
and the packets drawn; every act from a seat's or the pack's menu (no verb form, no free text); the
ruling once; the election as buttons in the book's words; the book's next step; the outcome with the
laws applied. By click and by keyboard, at 1280 and at 360 px (no horizontal overflow). The engine
rules (euchre_core.app.sandbox.dealing_*); the page only draws."""

from __future__ import annotations

import pytest
from browser_support import Guard, guarded_tab
from conftest import BuiltSite

pytestmark = pytest.mark.browser

PAGES = {
    44: "laws/a-misdeal/#law-44",
    30: "laws/the-deal/#law-30",
    24: "laws/shuffling/#law-24",
    35: "laws/a-new-deal/#law-35",
}


def open_sandbox(tab: object, built_site: BuiltSite, law: int, width: int = 1280) -> object:
    from playwright.sync_api import expect

    tab.set_viewport_size({"width": width, "height": 900})  # type: ignore[attr-defined]
    tab.goto(built_site.base + PAGES[law])  # type: ignore[attr-defined]
    box = tab.locator(f'.dealing-example[data-law="{law}"]')  # type: ignore[attr-defined]
    box.get_by_role("button", name="Try it in the sandbox").click()
    expect(box.locator(".et-board")).to_be_visible()
    return box


def no_form_and_no_overflow(tab: object, box: object) -> None:
    from playwright.sync_api import expect

    expect(box.locator("select, input, textarea")).to_have_count(0)  # type: ignore[attr-defined]
    expect(box.get_by_role("button", name="Do it")).to_have_count(0)  # type: ignore[attr-defined]
    width = tab.evaluate("[document.documentElement.scrollWidth, document.documentElement.clientWidth]")  # type: ignore[attr-defined]
    assert width[0] <= width[1], f"horizontal overflow: {width}"


@pytest.mark.parametrize("width", [1280, 360])
def test_law_44_dealing_sandbox_draws_the_deal_and_elects_by_click(
    page: tuple[object, Guard], built_site: BuiltSite, width: int
) -> None:
    from playwright.sync_api import expect

    tab, _ = page
    box = open_sandbox(tab, built_site, 44, width)
    # the pack (a face-down stack with its count), who shuffled, the cut, the packets face down
    expect(box.get_by_role("img", name="the pack: 26 cards, face down")).to_be_visible()
    expect(box.locator(".dl-facts")).to_contain_text("shuffled by C, then A; cut by D: 10 lifted, 22 left")
    expect(box.locator('.et-seat[data-seat="B"] .et-back')).to_have_count(2)
    expect(box.locator('.et-seat[data-seat="C"] .et-back')).to_have_count(4)
    expect(box.locator('.et-seat[data-seat="A"]')).to_contain_text("dealer")
    # the election blocks every other act (Law 85 first): no seat menus; the options in the book's words
    expect(box.locator("[data-seat-menu]")).to_have_count(0)
    election = box.locator(".sandbox-election")
    expect(election).to_contain_text("misdeal after a claim that failed")
    expect(election).to_contain_text("A (the dealer) chooses alone.")  # law 44: "he may deal again"
    law85 = election.get_by_role("link", name="law 85")  # a law elsewhere: on the page of every law
    expect(law85).to_have_attribute("href", built_site.base + "laws/print/#law-85")
    expect(box.locator(".sb-ruling")).to_have_count(1)  # the ruling once
    # the book's choice is marked on its option, not offered twice (issue 26: one primary action)
    expect(election.get_by_role("button", name="A deals again (the book’s choice)")).to_be_visible()
    expect(box.get_by_role("button", name="Next in the book", exact=False)).to_have_count(0)
    expect(box.locator(".sandbox-cue")).to_have_text(
        "First the election: A, the dealer, chooses one of the options below (law 85); the book’s choice is marked. "
        "Nothing else can happen until then."
    )
    no_form_and_no_overflow(tab, box)
    election.get_by_role("button", name="A deals again").click()
    summary = box.locator(".dl-summary")
    expect(summary).to_contain_text("A new deal: A deals again")
    expect(summary).to_contain_text("Laws applied: law 41, law 42, law 44")
    expect(summary.get_by_role("link", name="law 44")).to_have_attribute("href", "#law-44")  # on this page
    expect(box.locator(".sandbox-election")).to_have_count(0)
    expect(box.locator(".sb-ruling")).to_contain_text("Chosen: A deals again")
    expect(box.get_by_role("button", name="Next in the book", exact=False)).to_have_count(0)
    expect(box.locator(".sandbox-table")).not_to_contain_text("deal-again")  # no raw ids
    no_form_and_no_overflow(tab, box)


def test_law_44_dealing_sandbox_the_other_option_by_keyboard(page: tuple[object, Guard], built_site: BuiltSite) -> None:
    from playwright.sync_api import expect

    tab, _ = page
    box = open_sandbox(tab, built_site, 44, 360)
    # issue 26: one line says what to do now, and the election's first option has the focus
    expect(box.locator(".sandbox-cue")).to_contain_text("First the election")
    expect(box.locator(".sandbox-election .sandbox-act").first).to_be_focused()
    other = box.locator(".sandbox-election").get_by_role("button", name="The deal passes to B")
    other.focus()
    tab.keyboard.press("Enter")  # type: ignore[attr-defined]
    expect(box.locator(".dl-summary")).to_contain_text("The deal is lost: it passes to B")
    expect(box.locator(".dl-summary")).to_contain_text("law 41")


@pytest.mark.parametrize("width", [1280, 360])
def test_law_30_dealing_sandbox_seat_menu_and_next_step_by_keyboard(
    page: tuple[object, Guard], built_site: BuiltSite, width: int
) -> None:
    from playwright.sync_api import expect

    tab, _ = page
    box = open_sandbox(tab, built_site, 30, width)
    expect(box.get_by_role("alert")).to_contain_text("he cannot re-cut (law 30)")  # the scenario's refusal
    expect(box.get_by_role("img", name="10 cards lifted by D")).to_be_visible()  # the cut in two parts
    expect(box.get_by_role("img", name="22 cards left")).to_be_visible()
    box.locator(".et-board").focus()
    tab.keyboard.press("?")  # type: ignore[attr-defined]
    keys = box.get_by_role("dialog", name="Keyboard shortcuts")
    expect(keys).to_contain_text("the book's next step")
    expect(keys).to_contain_text("open that player's acts")
    tab.keyboard.press("Escape")  # type: ignore[attr-defined]
    expect(keys).to_be_hidden()
    tab.keyboard.press("a")  # type: ignore[attr-defined]
    menu = box.get_by_role("menu", name="What A does")
    expect(menu).to_be_visible()
    expect(menu.get_by_role("menuitem", name="Turn up the trump card")).to_have_count(0)  # nothing dealt: not usable
    tab.keyboard.press("Escape")  # type: ignore[attr-defined]
    expect(menu).to_have_count(0)
    expect(box.locator('[data-seat-menu="A"]')).to_be_focused()
    tab.keyboard.press("Enter")  # type: ignore[attr-defined]
    item = box.get_by_role("menu", name="What A does").get_by_role(
        "menuitem", name="Deal every packet: three, then two"
    )
    for _ in range(12):  # the arrow keys move through the menu
        if item.evaluate("e => e === document.activeElement"):
            break
        tab.keyboard.press("ArrowDown")  # type: ignore[attr-defined]
    expect(item).to_be_focused()
    tab.keyboard.press("Enter")  # type: ignore[attr-defined]
    for seat in "ABCD":
        expect(box.locator(f'.et-seat[data-seat="{seat}"] .et-back')).to_have_count(5)
    expect(box.locator(".et-bar")).to_contain_text("Every packet is dealt; the trump card is not turned")
    expect(box.get_by_role("button", name="Next in the book", exact=False)).to_have_count(0)  # off the book's line
    tab.keyboard.press("a")  # type: ignore[attr-defined]
    box.get_by_role("menu", name="What A does").get_by_role("menuitem", name="Turn up the trump card").click()
    summary = box.locator(".dl-summary")
    expect(summary).to_contain_text("The deal stands")
    expect(summary).to_contain_text("is turned")
    expect(box.locator(".dl-stacks .et-card:not(.et-back)")).to_have_count(1)  # the turn-up, face up
    expect(box.get_by_role("img", name="the pack: 11 cards, face down")).to_be_visible()
    no_form_and_no_overflow(tab, box)


def test_law_30_dealing_sandbox_steps_through_the_book_and_the_pack_menu(
    page: tuple[object, Guard], built_site: BuiltSite
) -> None:
    from playwright.sync_api import expect

    tab, _ = page
    box = open_sandbox(tab, built_site, 30, 360)
    box.get_by_role("button", name="Next in the book: A deals every packet: two, then three").click()
    expect(box.locator('.et-seat[data-seat="B"] .et-back')).to_have_count(5)
    box.locator(".et-board").focus()
    tab.keyboard.press("ArrowRight")  # type: ignore[attr-defined]
    expect(box.locator(".dl-summary")).to_contain_text("The deal stands")
    box.get_by_role("button", name="The pack…").click()
    table = box.get_by_role("menu", name="What is found at the table")
    table.get_by_role("menuitem", name="A card is found faced in the pack").click()
    summary = box.locator(".dl-summary")
    expect(summary).to_contain_text("A new deal: A deals again")
    expect(summary).to_contain_text("law 34")
    expect(box.locator(".sb-ruling")).to_contain_text("card faced in the pack")
    expect(box.locator("[data-seat-menu]")).to_have_count(0)  # the dealing is over: no act is usable
    no_form_and_no_overflow(tab, box)


def test_law_24_dealing_sandbox_refusal_then_a_false_cut_from_the_cutters_menu(
    page: tuple[object, Guard], built_site: BuiltSite
) -> None:
    from playwright.sync_api import expect

    tab, _ = page
    box = open_sandbox(tab, built_site, 24, 360)
    expect(box.locator(".sandbox-error")).to_contain_text("(law 24)")
    box.get_by_role("button", name="Next in the book: A shuffles").click()
    expect(box.locator(".dl-facts")).to_contain_text("shuffled by C, then B, then A")
    expect(box.locator(".sandbox-error")).to_be_hidden()
    box.locator('[data-seat-menu="D"]').click()
    cut = box.get_by_role("menu", name="What D does").get_by_role("group", name="Cut, lifting")
    cut.get_by_role("menuitem", name="Cut the pack, lifting 2 cards").click()
    ruling = box.locator(".sb-ruling")
    expect(ruling).to_contain_text("false cut")
    expect(ruling).to_contain_text("law 29")
    expect(box.locator(".dl-summary")).to_contain_text("A fresh cut")
    expect(box.locator(".dl-facts")).to_contain_text("not shuffled yet")
    expect(box.locator(".sandbox-live")).to_contain_text("law")
    no_form_and_no_overflow(tab, box)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_on_the_dealing_sandbox_with_a_menu_open_and_after_an_election(
    browser: object, built_site: BuiltSite, scheme: str
) -> None:
    from playwright.sync_api import expect
    from test_browser_director import AXE, run_axe

    assert AXE.is_file(), "make node-deps (npm ci) installs axe-core"
    with guarded_tab(browser, color_scheme=scheme, service_workers="allow") as tab:
        box = open_sandbox(tab, built_site, 30)
        expect(tab.locator("body")).to_have_attribute(
            "data-md-color-scheme", "slate" if scheme == "dark" else "default"
        )  # type: ignore[attr-defined]
        box.locator('[data-seat-menu="A"]').click()  # type: ignore[attr-defined]
        expect(box.get_by_role("menu", name="What A does")).to_be_visible()  # type: ignore[attr-defined]
        assert run_axe(tab) == []
        box = open_sandbox(tab, built_site, 44)  # after the election: the ruling, the summary, the laws
        box.locator(".sandbox-election").get_by_role("button", name="A deals again").click()  # type: ignore[attr-defined]
        expect(box.locator(".dl-summary")).to_be_visible()  # type: ignore[attr-defined]
        assert run_axe(tab) == []


def test_law_35_the_exposed_card_face_up_and_a_touch_from_the_seat_menu(
    page: tuple[object, Guard], built_site: BuiltSite
) -> None:
    """The card A exposed lies face up in B's hand; B touches the cards (B's menu): B and D lose their
    claim of a new deal (Law 35), and the election is gone."""
    from playwright.sync_api import expect

    tab, _ = page
    box = open_sandbox(tab, built_site, 35, 360)
    expect(box.get_by_role("img", name="10 of clubs (exposed by A)")).to_be_visible()
    expect(box.locator(".sandbox-election")).to_contain_text("B and D choose")
    box.locator('[data-seat-menu="B"]').click()
    box.get_by_role("menu", name="What B does").get_by_role("menuitem", name="Touch the cards during the deal").click()
    expect(box.locator(".sandbox-election")).to_have_count(0)
    expect(box.locator(".sb-ruling")).to_contain_text("can no longer claim a new deal")
    expect(box.locator(".sb-ruling").get_by_role("link", name="law 35")).to_have_attribute("href", "#law-35")
    no_form_and_no_overflow(tab, box)


def test_the_books_line_needs_no_python_and_an_act_off_it_starts_python(
    page: tuple[object, Guard], built_site: BuiltSite
) -> None:
    """The ready scenario, the book's next steps and the elections are precomputed (no wasm fetched);
    an act off the book's line goes to the engine, which starts Python and answers."""
    from playwright.sync_api import expect
    from test_browser_instant import python_fetched

    tab, guard = page
    box = open_sandbox(tab, built_site, 30)
    box.get_by_role("button", name="Next in the book: A deals every packet: two, then three").click()
    box.get_by_role("button", name="Next in the book: A turns up the trump card").click()
    expect(box.locator(".dl-summary")).to_contain_text("The deal stands")
    tab.wait_for_timeout(300)  # type: ignore[attr-defined]
    assert not python_fetched(guard)
    box.locator('[data-seat-menu="B"]').click()
    box.get_by_role("menu", name="What B does").get_by_role("menuitem", name="Say it is not A's deal").click()
    expect(box.locator(".sb-ruling")).to_contain_text("claim failed")
    assert python_fetched(guard)


def test_a_settled_example_can_be_undone_and_an_old_ruling_is_not_shown_again(
    page: tuple[object, Guard], built_site: BuiltSite
) -> None:
    """The reviewer's R12 and R14 (issue 26): an example that opens settled (law 41's misdeal) says how to
    try another way, and "Undo the last act" (its primary action) goes back before the act that settled it;
    a ruling made by an earlier act is not shown again as if it were about the last one."""
    import re

    from playwright.sync_api import expect

    from euchre_core.app import sandbox

    v = sandbox.dealing_start(41)
    assert v["outcome"]
    tab, _ = page
    tab.goto(built_site.base + "laws/a-misdeal/#law-41")  # type: ignore[attr-defined]
    box = tab.locator('.dealing-example[data-law="41"]')  # type: ignore[attr-defined]
    box.get_by_role("button", name="Try it in the sandbox").click()
    cue = box.locator(".sandbox-cue")
    expect(cue).to_have_text("The deal is settled: undo the last act to try another way, or start again.")
    undo = box.get_by_role("button", name="Undo the last act")
    expect(undo).to_be_focused()
    undo.click()
    before = sandbox.dealing_act(41, v["events"][:-2], v["events"][-2])
    assert not before["outcome"]
    expect(box.locator(".dl-summary")).to_have_count(0)
    expect(cue).not_to_contain_text("The deal is settled")
    expect(box.locator(".sb-history summary")).to_contain_text(
        re.compile(rf"^What happened \({len(before['log'])} act")
    )
    assert not before["rulings"]
    expect(box.locator(".sb-ruling")).to_have_count(0)  # the undone act's ruling is gone with it
