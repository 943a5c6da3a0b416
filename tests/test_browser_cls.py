"""No layout shift when a widget mounts (issue 25): each page type with a widget, on a phone and a desk.

The cumulative layout shift of the load and the widgets' mount is summed in the page by a
PerformanceObserver (type ``layout-shift``, buffered, shifts without recent input only, as Lighthouse
and the Web Vitals count them) after the widget is drawn, at a phone's 360 x 740 (device scale 2) and
at 1280 x 900; it must stay within 0.01, the issue's target. A layout assertion, not a timed one: the
shift is the same however long the page takes (the boxes are reserved by engine.css and learn.css
before the first paint).
"""

from __future__ import annotations

from typing import Any

import pytest
from browser_support import guarded_tab
from conftest import BuiltSite

pytestmark = pytest.mark.browser


OBSERVE = """
window.__cls = 0;
window.__shifts = [];
new PerformanceObserver(function (list) {
  list.getEntries().forEach(function (entry) {
    if (entry.hadRecentInput) return;
    window.__cls += entry.value;
    window.__shifts.push({ value: entry.value, sources: (entry.sources || []).map(function (s) {
      return s.node ? (s.node.className || s.node.nodeName) + "" : "?";
    }) });
  });
}).observe({ type: "layout-shift", buffered: true });
"""

# page -> what shows that its widget is drawn
PAGES = {
    "cases/i/": ".case-player .cp-controls:not([hidden])",  # the case player, its first answer in
    "laws/the-revoke/": ".penalty-sandbox > .sandbox",  # a law's penalty sandbox
    "laws/a-misdeal/": ".dealing-example > .sandbox",  # the dealing sandbox
    "laws/cutting/": ".table-example > .sandbox",  # the table sandbox (the club's tables)
    "learn/the-pack/": ".learn-progress:not([hidden])",  # a lesson: its progress and exercises
    "learn/play/": "#euchre-table .et-board",  # lesson 10's play table
    "replay/": ".egn-replay .er-open",  # Replay a game: the loader
    "director/": ".director-guide[data-ready]",  # Ask the director
    "engine/": ".engine-console .ec",  # the engine's console
}
VIEWPORTS: dict[str, dict[str, Any]] = {
    "phone": {"phone": True, "device_scale_factor": 2},  # 360 x 740, a touch screen
    "desk": {},  # 1280 x 900
}
TARGET = 0.01


@pytest.mark.parametrize("device", sorted(VIEWPORTS))
@pytest.mark.parametrize("path", sorted(PAGES))
def test_no_layout_shift_when_the_widget_mounts(browser: object, built_site: BuiltSite, path: str, device: str) -> None:
    with guarded_tab(browser, **VIEWPORTS[device]) as tab:
        tab.add_init_script(OBSERVE)
        tab.goto(built_site.base + path, wait_until="load")
        tab.wait_for_selector(PAGES[path], state="attached")
        # a pause, not a wait: what the mount draws next (the answers, the fonts of the cards) is measured
        # if it comes within it (on a slower machine a late shift is missed, never one that is not there)
        tab.wait_for_timeout(800)
        cls = tab.evaluate("window.__cls")
        shifts = tab.evaluate("window.__shifts")
        assert cls <= TARGET, f"{path} at {device}: cumulative layout shift {cls:.4f} > {TARGET}: {shifts}"
