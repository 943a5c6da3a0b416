"""Issues 12 and 23 in a real browser (Debian's Chromium, Playwright): "Ask the director" end to end by click
and by keyboard at 1280 and 360 px, its share links, without JavaScript; axe (no serious or critical
violation) in light and dark on the guide, a Learn page, a law page and a hint page; no horizontal
overflow at 360 px on the pages issue 12's reading fixes changed."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from browser_support import guarded_tab
from conftest import BuiltSite

from euchre_core.app import situations

pytestmark = pytest.mark.browser

AXE = Path(__file__).resolve().parent.parent / "node_modules" / "axe-core" / "axe.min.js"
NARROW = {"width": 360, "height": 780}
WIDE = {"width": 1280, "height": 900}
CHANGED_PAGES = [
    "",
    "director/",
    "learn/the-pack/",
    "learn/irregularities/",
    "laws/cards-liable-to-be-called/",
    "laws/the-revoke/",
    "hints/eldest/",
    "hints/dealer/",
    "hints/second/",
    "hints/third/",
    "hints/lone-hands/",
    "hints/bridge/",
    "hints/coups/",
]


@pytest.fixture()
def open_tab(open_tab: Callable[..., object]) -> Callable[..., object]:
    """``open_tab(viewport, scheme="light", js=True)``: a fresh guarded tab (tests/conftest.py): other
    hosts and the engine's Python (not needed here) are refused; a JavaScript error fails the test."""
    return lambda viewport, scheme="light", js=True: open_tab(
        viewport, scheme, block_python=True, java_script_enabled=js
    )


def overflow(tab: object) -> int:
    """How far the page is wider than the window (0: no horizontal scroll)."""
    return int(tab.evaluate("document.documentElement.scrollWidth - window.innerWidth"))  # type: ignore[attr-defined]


def run_axe(tab: object) -> list[dict[str, object]]:
    """axe-core on the page with every <details> open: the serious and critical violations."""
    tab.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")  # type: ignore[attr-defined]
    # evaluated, not added as an inline script: the page's Content-Security-Policy refuses those
    tab.evaluate(AXE.read_text(encoding="utf-8"))  # type: ignore[attr-defined]
    found = tab.evaluate(  # type: ignore[attr-defined]
        "async () => (await axe.run(document, {resultTypes: ['violations']})).violations"
        ".map(v => ({id: v.id, impact: v.impact, nodes: v.nodes.map(n => n.target.join(' ')).slice(0, 3)}))"
    )
    return [v for v in found if v["impact"] in ("serious", "critical")]


@pytest.mark.parametrize("viewport", [WIDE, NARROW], ids=["1280", "360"])
def test_law_52_by_click(open_tab: object, built_site: BuiltSite, viewport: dict[str, int]) -> None:
    from playwright.sync_api import expect

    tab = open_tab(viewport)  # type: ignore[operator]
    tab.goto(built_site.base + "director/")
    guide = tab.locator(".director-guide")
    answer = guide.locator('[id="a=lead-out-of-turn"] .dg-answer')
    expect(answer).to_be_hidden()
    guide.locator("#what-wrong-time > summary").click()  # tap 1: what the player saw
    guide.get_by_text("Lead out of turn: a player led when it was not his lead", exact=False).first.click()  # tap 2
    expect(answer).to_be_visible()
    expect(answer).to_contain_text("C led the 7 of diamonds out of turn")
    expect(answer).to_contain_text("B and D choose")
    expect(answer.locator("ol.dg-options > li")).to_have_count(3)
    expect(tab).to_have_url(re.compile(r"/director/#a=lead-out-of-turn$"))
    assert overflow(tab) == 0
    answer.get_by_role("link", name="Law 52: try it live").click()  # tap 3: the law's page
    expect(tab).to_have_url(re.compile(r"/laws/cards-liable-to-be-called/#law-52$"))
    tab.wait_for_function(
        "() => { const h = document.getElementById('law-52'); if (!h) return false;"  # in view
        " const top = h.getBoundingClientRect().top; return top >= 0 && top < innerHeight }"
    )


@pytest.mark.parametrize("viewport", [WIDE, NARROW], ids=["1280", "360"])
def test_a_revoke_by_keyboard(open_tab: object, built_site: BuiltSite, viewport: dict[str, int]) -> None:
    from playwright.sync_api import expect

    tab = open_tab(viewport)  # type: ignore[operator]
    tab.goto(built_site.base + "director/")
    group = tab.locator("#what-revoke > summary")
    group.focus()
    tab.keyboard.press("Enter")
    expect(tab.locator("#what-revoke")).to_have_attribute("open", "")
    tab.keyboard.press("Tab")  # the group's first situation
    first = tab.locator('[id="a=revoke"]')
    expect(first.locator("> summary")).to_be_focused()
    tab.keyboard.press("Space")
    expect(first.locator(".dg-answer")).to_be_visible()
    expect(first).to_contain_text("C did not follow suit, holding a card of the suit led: a revoke (renege).")
    expect(tab).to_have_url(re.compile(r"#a=revoke$"))
    for _ in range(12):  # on to the law's link
        tab.keyboard.press("Tab")
        if tab.evaluate("document.activeElement.classList.contains('dg-open-law')"):
            break
    expect(first.get_by_role("link", name=re.compile(r"^Law 62"))).to_be_focused()
    tab.keyboard.press("Enter")
    expect(tab).to_have_url(re.compile(r"/laws/the-revoke/#law-62$"))


def test_a_share_link_reopens_the_ruling(open_tab: object, built_site: BuiltSite) -> None:
    from playwright.sync_api import expect

    tab = open_tab(NARROW, "dark")  # type: ignore[operator]
    tab.goto(built_site.base + "director/#a=wrong-number-of-cards")
    case = tab.locator('[id="a=wrong-number-of-cards"]')
    expect(case).to_have_attribute("open", "")
    expect(case.locator(".dg-answer")).to_be_visible()
    expect(case.locator(".dg-answer")).to_contain_text("forfeit 2")
    expect(case.locator("> summary")).to_be_in_viewport()
    share = case.locator("a.dg-share")
    expect(share).to_have_attribute("href", re.compile(r"(^|/director/)#a=wrong-number-of-cards$"))
    tab.goto(built_site.base + "director/")  # opened elsewhere, the link still reopens it
    expect(case).not_to_have_attribute("open", "")
    tab.goto(built_site.base + "director/#a=wrong-number-of-cards")
    expect(case.locator(".dg-answer")).to_be_visible()
    tab.goto(built_site.base + "director/#a=wrong-number/90")  # a link of the older guide still opens law 90's
    expect(case.locator(".dg-answer")).to_be_visible()
    expect(case.locator("> summary")).to_be_in_viewport()


def test_share_says_the_link_is_copied_and_carries_the_chair(browser: object, built_site: BuiltSite) -> None:
    """Issue 23: "a copied link says so; the link opens the situation expanded and in view", from the
    reader's chair when he said who did it."""
    from playwright.sync_api import expect

    with guarded_tab(browser, WIDE) as tab:
        tab.context.grant_permissions(["clipboard-read", "clipboard-write"])
        tab.goto(built_site.base + "director/#a=lead-out-of-turn")
        case = tab.locator('[id="a=lead-out-of-turn"]')
        case.locator('button[data-who="left"]').click()
        expect(case.locator(".dg-ruling")).to_contain_text("The player on your left led the 7 of diamonds out of turn")
        case.locator("a.dg-share").click()
        expect(case.locator(".dg-share-status")).to_contain_text("Link copied")
        url = tab.evaluate("navigator.clipboard.readText()")
        assert url.endswith("/director/#a=lead-out-of-turn&who=left"), url
        other = tab.context.new_page()
        other.set_viewport_size(NARROW)
        other.goto(url)
        again = other.locator('[id="a=lead-out-of-turn"]')
        expect(again.locator(".dg-answer")).to_be_visible()
        expect(again.locator("> summary")).to_be_in_viewport()
        expect(again.locator('button[data-who="left"]')).to_have_attribute("aria-pressed", "true")
        expect(again.locator(".dg-ruling")).to_contain_text("Your side chooses")


WORDS = {
    "me": ("You led the 7 of diamonds out of turn", "Your opponents choose", "you must play the 7 of diamonds"),
    "partner": ("Your partner led the 7 of diamonds out of turn", "Your opponents choose", "your partner must play"),
    "left": ("The player on your left led the 7 of diamonds", "Your side chooses", "the player on your left must play"),
    "right": (
        "The player on your right led the 7 of diamonds",
        "Your side chooses",
        "the player on your right must play",
    ),
}


@pytest.mark.parametrize("who", list(WORDS))
def test_the_ruling_from_each_chair(open_tab: object, built_site: BuiltSite, who: str) -> None:
    """The reader says who did it; the ruling names every seat from his chair, the dealer marked, with
    no Python (the page's answers)."""
    from playwright.sync_api import expect

    tab = open_tab(NARROW)  # type: ignore[operator]
    tab.goto(built_site.base + "director/#a=lead-out-of-turn")
    case = tab.locator('[id="a=lead-out-of-turn"]')
    case.locator(f'button[data-who="{who}"]').click()
    ruling = case.locator(".dg-ruling")
    for words in WORDS[who]:
        expect(ruling).to_contain_text(words)
    expect(ruling.locator(".dg-seats")).to_contain_text("(the dealer)")
    expect(tab).to_have_url(re.compile(rf"#a=lead-out-of-turn&who={who}$"))
    assert overflow(tab) == 0


def test_the_deal_and_the_club_from_the_readers_chair(open_tab: object, built_site: BuiltSite) -> None:
    """Issue 35: "Who did it?" on the deal's situations (the four chairs: law 44, the dealer chooses) and on the
    club's (law 16: "I did", or someone else: the members by name again), with no Python."""
    from playwright.sync_api import expect

    tab = open_tab(NARROW)  # type: ignore[operator]
    tab.goto(built_site.base + "director/#a=dealer-interrupted")
    case = tab.locator('[id="a=dealer-interrupted"]')
    case.locator('button[data-who="partner"]').click()
    expect(case.locator(".dg-ruling")).to_contain_text("Your partner (the dealer) chooses alone.")
    expect(case.locator(".dg-ruling")).to_contain_text("The deal passes to the player on your right")
    tab.goto(built_site.base + "director/#a=declare-entry")
    club = tab.locator('[id="a=declare-entry"]')
    assert club.locator("button.dg-who").count() == 2  # "I did", "Someone else": no seats at a club
    club.locator('button[data-who="me"]').click()
    expect(club.locator(".dg-ruling")).to_contain_text("You declared too late")
    expect(tab).to_have_url(re.compile(r"#a=declare-entry&who=me$"))
    club.locator('button[data-who=""]').click()
    expect(club.locator(".dg-ruling")).to_contain_text("Gray declared too late")
    expect(tab).to_have_url(re.compile(r"#a=declare-entry$"))
    assert overflow(tab) == 0


GROUPS = [g["id"] for g in situations.groups()]


@pytest.mark.parametrize("viewport", [WIDE, NARROW], ids=["1280", "360"])
@pytest.mark.parametrize("group", GROUPS)
def test_three_taps_from_the_home_page(
    open_tab: object, built_site: BuiltSite, viewport: dict[str, int], group: str
) -> None:
    """Issue 23: from the home page, for each group, a situation's ruling in three taps (the first on
    the home page), the way in above the fold on a phone."""
    from playwright.sync_api import expect

    tab = open_tab(viewport)  # type: ignore[operator]
    tab.goto(built_site.base)
    way_in = tab.locator("a.home-director")
    expect(way_in).to_be_in_viewport(ratio=1)  # above the fold
    expect(tab.locator("form.home-law-jump input")).to_be_in_viewport(ratio=1)
    way_in.click()  # tap 1
    expect(tab).to_have_url(re.compile(r"/director/$"))
    tab.locator(f"#what-{group} > summary").click()  # tap 2
    first = tab.locator(f"#what-{group} > .dg-case").first
    first.locator("> summary").click()  # tap 3
    answer = first.locator(".dg-answer .dg-ruling")
    expect(answer).to_be_visible()
    expect(answer).not_to_be_empty()


def test_the_law_number_box_on_the_home_page(open_tab: object, built_site: BuiltSite) -> None:
    from playwright.sync_api import expect

    tab = open_tab(NARROW)  # type: ignore[operator]
    tab.goto(built_site.base)
    box = tab.locator("form.home-law-jump input")
    box.fill("117")
    box.press("Enter")
    expect(tab.locator("form.home-law-jump .law-jump-message")).to_contain_text("numbered 1 to 116")
    box.fill("64")
    box.press("Enter")
    expect(tab).to_have_url(re.compile(r"/laws/the-revoke/#law-64$"))
    expect(tab.locator("#law-64")).to_be_in_viewport()
    expect(tab.locator("#law-64")).to_have_class(re.compile(r"\blaw-target\b"))


def test_the_guide_without_javascript(open_tab: object, built_site: BuiltSite) -> None:
    from playwright.sync_api import expect

    tab = open_tab(NARROW, js=False)  # type: ignore[operator]
    tab.goto(built_site.base + "director/")
    tab.locator("#what-deal > summary").click()
    tab.locator('[id="a=misdeal-loses-deal"] > summary').click()
    answer = tab.locator('[id="a=misdeal-loses-deal"] .dg-answer')
    expect(answer).to_be_visible()
    expect(answer).to_contain_text("Misdeal")
    expect(answer.get_by_role("link", name=re.compile(r"^Law 41"))).to_have_attribute(
        "href", "../laws/a-misdeal/#law-41"
    )


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize(
    "path", ["", "director/", "learn/the-pack/", "laws/cards-liable-to-be-called/", "hints/eldest/"]
)
def test_accessibility(open_tab: object, built_site: BuiltSite, scheme: str, path: str) -> None:
    if not AXE.is_file():
        pytest.fail(f"{AXE} is missing: `make node-deps` (npm ci) installs axe-core")
    tab = open_tab(WIDE, scheme)  # type: ignore[operator]
    tab.goto(built_site.base + path)
    assert tab.evaluate("matchMedia('(prefers-color-scheme: dark)').matches") == (scheme == "dark")
    assert run_axe(tab) == []


def test_no_horizontal_overflow_at_360(open_tab: object, built_site: BuiltSite) -> None:
    tab = open_tab(NARROW)  # type: ignore[operator]
    wide = {}
    for path in CHANGED_PAGES:
        tab.goto(built_site.base + path)
        tab.evaluate("document.querySelectorAll('main details').forEach(d => d.open = true)")
        if overflow(tab) > 0:
            wide[path] = overflow(tab)
    assert wide == {}


@pytest.mark.parametrize(
    "fragment",
    ["a=%E0%A4%A", "%zz", "a=lead-out-of-turn&who=north", "a=../../x", "a=" + "x" * 3000, "s-nope", "a=revoke/999"],
)
def test_a_tampered_link_opens_nothing_and_throws_nothing(
    open_tab: object, built_site: BuiltSite, fragment: str
) -> None:
    """A share link that was tampered with (a malformed % escape, an unknown chair or situation, a huge
    fragment) leaves the guide as it is, with no JavaScript error (the fixture fails on one)."""
    from playwright.sync_api import expect

    tab = open_tab(NARROW)  # type: ignore[operator]
    tab.goto(built_site.base + "director/#" + fragment)
    expect(tab.locator(".director-guide")).to_have_attribute("data-ready", "1")
    tab.wait_for_timeout(300)
    if "who=north" in fragment:  # the situation opens; the unknown chair is ignored
        expect(tab.locator('[id="a=lead-out-of-turn"] .dg-answer')).to_be_visible()
        expect(tab.locator('[id="a=lead-out-of-turn"] button[aria-pressed="true"]')).to_have_count(0)
    else:
        expect(tab.locator(".dg-case[open]")).to_have_count(0)


def test_the_live_example_follows_the_readers_chair(open_tab: object, built_site: BuiltSite) -> None:
    """Issue 23: the reader said who did it; the law's live example marks the seats from his chair."""
    from playwright.sync_api import expect

    tab = open_tab(WIDE)  # type: ignore[operator]
    tab.goto(built_site.base + "director/#a=lead-out-of-turn")
    case = tab.locator('[id="a=lead-out-of-turn"]')
    case.locator('button[data-who="left"]').click()
    live = case.get_by_role("link", name="Law 52: try it live")
    expect(live).to_have_attribute("href", re.compile(r"\?me=B#law-52$"))
    live.click()
    expect(tab).to_have_url(re.compile(r"/laws/cards-liable-to-be-called/\?me=B#law-52$"))
    sandbox = tab.locator('.penalty-sandbox[data-law="52"]')
    sandbox.locator("button.sandbox-start").click()
    pills = sandbox.locator(".et-name-pill")
    expect(pills.filter(has_text=re.compile(r"^B .*you"))).to_have_count(1)
    expect(pills.filter(has_text=re.compile(r"^C .*on your left"))).to_have_count(1)
    expect(pills.filter(has_text=re.compile(r"^D .*your partner"))).to_have_count(1)
    expect(pills.filter(has_text=re.compile(r"^A .*dealer.*on your right"))).to_have_count(1)
