"""Play under the laws (issue 38) in a real browser, on a 360 px phone: the four moments of the issue's
"done when" in the page the reader uses (docs/play.md, docs/javascripts/live-game.mjs), light and dark.

Each game is put in the page as the reader's stored game (its record: what ``live_new``/``live_act``
gave, found here by the engine itself), so the moment is the same on every run; the reader's taps then
go through the page to Python under Pyodide.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from browser_support import guarded_tab
from conftest import BuiltSite
from test_live_game import _a_revoke_the_engine_claims, _breach, _finish_hand, _play_until

from euchre_core.app.live_game import LiveGame, live_new
from euchre_core.laws.rulings import Irregularity as K

pytestmark = pytest.mark.browser

PHONE = {"width": 360, "height": 740}
ENGINE_TIMEOUT = 180_000  # ms: the first answer waits for Python to start in the page
READY = (
    "() => { const c = document.querySelector('.live-cue'); return !!c && c.textContent.length > 0 && "
    "!document.querySelector('.engine-status[data-phase=busy]') && !document.querySelector('[data-live-busy]') && !document.querySelector('.live-game [hidden].sandbox-table'); }"
)


@pytest.fixture(scope="module")
def site(built_site: BuiltSite) -> BuiltSite:
    if not (built_site.dir / "pyodide" / "pyodide.mjs").exists():
        pytest.skip("the built site has no Pyodide runtime (make node-deps)")
    return built_site


@contextmanager
def _open(browser: object, site: BuiltSite, record: dict[str, Any], scheme: str) -> Iterator[Any]:
    with guarded_tab(browser, PHONE, scheme, phone=True) as page:
        page.add_init_script(f"localStorage.setItem('euchre-live-v1', {json.dumps(json.dumps(record))});")
        page.set_default_timeout(ENGINE_TIMEOUT)
        page.goto(site.base + "play/")
        page.wait_for_function(READY)
        yield page


def _after(page: Any, target: Any) -> None:
    """Tap ``target`` (a locator), and wait for the engine's answer (the stored record changes)."""
    before = page.evaluate("() => localStorage.getItem('euchre-live-v1')")
    target.click()
    page.wait_for_function("(b) => localStorage.getItem('euchre-live-v1') !== b", arg=before)
    page.wait_for_function(READY)


def _record_where(predicate: Any, err: int = 0, seeds: range = range(40), finish: bool = False) -> dict[str, Any]:
    for seed in seeds:
        v = live_new(seed=seed, seat="C", err=err)
        try:
            v = _finish_hand(v) if finish else _play_until(v, predicate, n=40)
        except AssertionError:
            continue
        if predicate(v):
            return dict(v["record"])
    raise AssertionError("no seed")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_lead_out_of_turn_and_the_adversaries_elect(browser: object, site: BuiltSite, scheme: str) -> None:
    """Law 52 on a phone: the trick complete, the reader turns on "Play any card" and leads before the
    winner; B and D elect at once and the page says so from his chair."""
    record = _record_where(lambda w: w["waiting"] == "next" and _breach(w, K.LEAD_OUT_OF_TURN) is not None)
    with _open(browser, site, record, scheme) as page:
        assert "trick is complete" in page.inner_text(".live-cue")
        page.check(".live-any")
        _after(page, page.locator(".et-s button.et-card").first)
        text = page.inner_text(".live-rulings")
        assert "out of turn" in text and "You led" in text and "52" in text
        assert "elected" in text and "Your opponents chose" in text
        page.locator(".live-rulings").scroll_into_view_if_needed()
        page.screenshot(path=str(site.dir.parent / f"live-52-{scheme}.png"))


def test_the_readers_revoke_is_claimed_at_the_end_of_the_hand(browser: object, site: BuiltSite) -> None:
    """Laws 62-68: the reader revokes on purpose; at the end of the hand his opponents claim it before the
    cut, and the penalty is scored."""
    before, revoke, _ = _a_revoke_the_engine_claims()
    record = before["record"]
    card = revoke.split()[-1]
    with _open(browser, site, record, "light") as page:
        page.check(".live-any")
        _after(page, page.locator(f'.et-s button.et-card[data-card="{card}"]'))
        page.uncheck(".live-any")
        for _ in range(30):
            if "Claim now" in page.inner_text(".live-cue"):
                break
            lawful = page.locator(".et-s button.et-card:not(.et-illegal)")
            if "tap a card" in page.inner_text(".live-cue") and lawful.count():
                _after(page, lawful.first)
            else:
                _after(page, page.locator(".live-acts button").first)
        text = page.inner_text(".live-rulings")
        assert "claimed a revoke" in text.lower() or "revoke" in text.lower(), text
        assert "Scored" in text or "scored" in text


def test_an_engine_revoke_caught_and_claimed(browser: object, site: BuiltSite) -> None:
    """The reader's opponents err; their revoke is not shown to him; he claims it before the cut and the
    penalty goes to his side."""

    def theirs(w: dict[str, Any]) -> bool:
        g = LiveGame.fold(w["record"])
        return w["waiting"] == "claims" and any(r.seat % 2 == 1 and r.established for r in g.st.revokes)

    record = _record_where(theirs, err=50, seeds=range(60), finish=True)
    with _open(browser, site, record, "dark") as page:
        assert (
            "revoke" not in page.inner_text(".live-rulings").lower()
            or "you" in page.inner_text(".live-rulings").lower()
        )
        claim = page.locator(".live-claims button", has_text="Claim a revoke")
        assert "law 68" in page.inner_text(".live-claims")
        _after(page, claim)
        text = page.inner_text(".live-rulings")
        assert "revoke" in text.lower() and "your side" in text.lower(), text


def test_a_false_claim_is_ruled(browser: object, site: BuiltSite) -> None:
    """Law 66: a revoke claimed that the tricks do not show is ruled: nothing is established."""
    record = _record_where(
        lambda w: w["waiting"] == "claims" and not [r for r in LiveGame.fold(w["record"]).st.revokes if r.seat % 2],
        finish=True,
    )
    with _open(browser, site, record, "light") as page:
        _after(page, page.locator(".live-claims button", has_text="Claim a revoke"))
        text = page.inner_text(".live-rulings")
        assert "66" in text, text


def test_the_directors_guide_begins_a_game_with_the_laws_scenario(browser: object, site: BuiltSite) -> None:
    """The guide's "Play it on under the laws" (law 52): the game page begins with the law's scenario, the
    reader at the offender's seat, B and D's election already made, and a reload goes on with that game."""
    with guarded_tab(browser, PHONE, "light", phone=True) as page:
        page.set_default_timeout(ENGINE_TIMEOUT)
        page.goto(site.base + "director/")
        href = page.locator('a.dg-play[href*="law=52"]').first.get_attribute("href")
        assert href is not None and href.endswith("/play/?law=52")
        page.goto(site.base + "play/?law=52")
        page.wait_for_function(READY)
        text = page.inner_text(".live-rulings")
        assert "You led" in text and "out of turn" in text and "elected" in text
        assert "?law=" not in page.url
        page.reload()
        page.wait_for_function(READY)
        assert "out of turn" in page.inner_text(".live-rulings")


def _paste_on_replay(page: Any, site: BuiltSite, egn: str) -> None:
    """The Replay page opened, ``egn`` pasted and opened, the law game's deals listed."""
    page.set_default_timeout(ENGINE_TIMEOUT)
    page.goto(site.base + "replay/")
    page.locator(".er-paste").wait_for(state="attached")
    if page.locator(".er-paste").get_attribute("open") is None:
        page.locator(".er-paste summary").click()
    page.fill("#er-text", egn)
    page.locator(".er-open-text").click()
    page.wait_for_function("() => !document.querySelector('.er-laws').hidden")


def test_a_saved_game_opens_on_the_replay_page_and_plays_on(browser: object, site: BuiltSite) -> None:
    """The game's EGN (lawEvents) pasted on the Replay page: every deal re-ruled and listed with its rulings,
    and "Play it on under the laws" opens the same game at the same moment on the game page (by the theme's
    instant navigation: the Replay widget is disposed of and the game's widget mounted; a widget without a
    dispose function stopped the next page's widgets from mounting)."""
    from euchre_core.app.live_game import live_egn, live_from_scenario

    v = live_from_scenario(52)
    egn = json.dumps(live_egn(v["record"]))
    with guarded_tab(browser, PHONE, "light", phone=True) as page:
        _paste_on_replay(page, site, egn)
        text = page.inner_text(".er-laws")
        assert "Deal 1" in text and "out of turn" in text and "(laws 52, 53)" in text
        assert "played under the laws" in page.inner_text(".er-status")
        page.locator(".er-laws a", has_text="Play it on under the laws").click()
        page.wait_for_function(READY)
        assert "out of turn" in page.inner_text(".live-rulings")
        assert page.evaluate("() => JSON.parse(localStorage.getItem('euchre-live-v1')).deals[0].length") == len(
            v["record"]["deals"][0]
        )


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_deal_out_of_turn_and_a_bid_before_ones_turn_at_the_table(
    browser: object, site: BuiltSite, scheme: str
) -> None:
    """The cards dealt at the table (Laws 22-45) on a phone: a new game begins with the reader's shuffle
    (C is the dealer's partner: Law 25); at the pause on the cut he deals out of turn on purpose and the
    table rules it (Law 40); in another game he bids before his turn at the pause on the turned trump."""
    from euchre_core.app.live_game import live_act

    with guarded_tab(browser, PHONE, scheme, phone=True) as page:
        page.set_default_timeout(ENGINE_TIMEOUT)
        page.goto(site.base + "play/")
        page.locator(".live-new").wait_for(state="visible")
        assert page.is_checked(".live-dealing")
        page.locator(".live-new").click()
        page.wait_for_function(READY)
        assert page.locator(".live-acts button", has_text="Shuffle the pack").count() == 1
    v = live_act(live_new(seed=1, seat="C", dealing=True)["record"], "C: shuffle")
    assert v["dealing"]["pause"] == "cut"
    with _open(browser, site, v["record"], scheme) as page:
        assert "D cuts" in page.inner_text(".live-dealt")
        page.check(".live-any")
        _after(page, page.locator(".live-breaches button", has_text="Deal the cards yourself"))
        text = page.inner_text(".live-rulings")
        assert "40" in text and "deal" in text.lower(), text
        page.locator(".live-rulings").scroll_into_view_if_needed()
        page.screenshot(path=str(site.dir.parent / f"live-deal-out-of-turn-{scheme}.png"))
    w = live_act(v["record"], "C: go")
    assert w["waiting"] == "speak"
    with _open(browser, site, w["record"], scheme) as page:
        assert "speak first" in page.inner_text(".live-acts")
        page.check(".live-any")
        _after(
            page, page.locator(".live-breaches button", has_text="Order it up (assist, take it up) before your turn")
        )
        assert page.inner_text(".live-rulings").strip(), "the bid out of turn is ruled"


def test_the_replay_page_steps_through_a_law_game_and_opens_it_at_a_moment(browser: object, site: BuiltSite) -> None:
    """The Replay page lists each deal's events in words; each of the reader's own acts opens the game just
    before it, with the table's pauses on, so he can do it again or otherwise (law 52: before C's lead out
    of turn, B has not led yet)."""
    from euchre_core.app.live_game import live_egn, live_from_scenario

    v = live_from_scenario(52)
    i = v["record"]["deals"][0].index("C: play 7D")
    egn = json.dumps(live_egn(v["record"]))
    with guarded_tab(browser, PHONE, "light", phone=True) as page:
        _paste_on_replay(page, site, egn)
        page.locator(".er-steps summary").first.click()
        steps = page.inner_text(".er-steps")
        assert "B passes" in steps and "C plays the 7 of diamonds" in steps
        page.locator(".er-steps a", has_text="C plays the 7 of diamonds").click()
        page.wait_for_function(READY)
        assert page.evaluate("() => JSON.parse(localStorage.getItem('euchre-live-v1')).deals[0].length") == i
        assert page.is_checked(".live-any")
        assert "waits for you" in page.inner_text(".live-cue")
