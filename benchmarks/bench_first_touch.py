"""The first touch beside a bare Material site (issue 36): how long a reader waits on his first tap.

In one run: builds the site (under /repo/) and a bare Material site of the same laws with the same
colour toggle (under /bare/, as ``benchmarks/bench_lighthouse.py`` builds it, plus the toggle), serves
both as GitHub Pages does (``benchmarks/bench_browser.py``'s server), and drives Debian's Chromium
(headless, a fresh profile per load) on a 360 x 740 touch phone with the CPU slowed (CDP
``Emulation.setCPUThrottlingRate``, 4 by default), a law section of each site, alternately:

* **first search**: the page loaded and settled (``load``, then ``--settle`` ms, 1 s by default), the search button tapped, "revoke"
  typed at 10 keys a second, until the first result is shown (the typing's own half second included, on
  both sites alike);
* **first colour toggle**: the page loaded and settled, the toggle tapped, until the colour scheme of
  the page changes;

each timed in the page, from the tap's ``pointerdown`` to the end of the first frame after the answer
(a ``MutationObserver`` sees the answer; ``requestAnimationFrame`` then a task marks the frame done), and
also as the driver saw it (from the tap's call until Playwright's polling sees the answer: this adds
the driver's own round trips and its polling, which waits behind any long task, so it is printed
second);
* **a case's first Next** (the site only, desktop 1280 x 800, the CPU not slowed): from DOMContentLoaded,
  Next pressed as soon as it is on the page, until the position moves on.

Prints, per measure, the median and each run (the spread), and the ratio of the medians to the bare
site's. No assertions: a benchmark, not a timed test.

    .venv/bin/python benchmarks/bench_first_touch.py [--runs 5] [--slowdown 4] [--site DIR] [--settle MS]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_browser import build, note, serve  # noqa: E402
from bench_lighthouse import bare_site  # noqa: E402

CHROME = os.environ.get("CHROME_PATH", "/usr/bin/chromium")
LAW_PAGE = "laws/cards-played-in-error/"
BARE_PAGE = "cards-played-in-error/"
TOGGLE = """
  palette:
    - media: "(prefers-color-scheme: light)"
      scheme: default
      primary: red
      accent: red
      toggle:
        icon: material/weather-night
        name: Switch to dark mode
    - media: "(prefers-color-scheme: dark)"
      scheme: slate
      primary: red
      accent: red
      toggle:
        icon: material/weather-sunny
        name: Switch to light mode
"""


def bare_with_toggle(root: Path, base: str) -> None:
    """The bare site of ``bench_lighthouse.bare_site`` with the site's colour toggle."""
    bare_site(root, base, palette=TOGGLE.lstrip("\n"))


def _phone(browser: Any, slowdown: float) -> tuple[Any, Any]:
    context = browser.new_context(
        viewport={"width": 360, "height": 740}, device_scale_factor=2, is_mobile=True, has_touch=True
    )
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": slowdown})
    return context, page


# In the page: the tap's pointerdown, and the end of the first frame after the answer is in the page (the
# colour scheme changed, or a search result there). Both sites alike.
PROBE = """(kind) => {
  const t = (window.__touch = { start: null, done: null, before: document.body.getAttribute("data-md-color-scheme") });
  addEventListener("pointerdown", () => { if (t.start === null) t.start = performance.now(); }, { capture: true });
  const shown = () => requestAnimationFrame(() => setTimeout(() => { if (t.done === null) t.done = performance.now(); }, 0));
  const answered = kind === "toggle"
    ? () => document.body.getAttribute("data-md-color-scheme") !== t.before
    : () => document.querySelector(".md-search-result__item") !== null;
  new MutationObserver((_, observer) => {
    if (answered()) { observer.disconnect(); shown(); }
  }).observe(document.body, { attributes: true, childList: true, subtree: true });
}"""


def _first_touch(
    browser: Any, url: str, slowdown: float, settle_ms: int, kind: str, touch: Callable[[Any], None]
) -> tuple[float, float]:
    """The page loaded and settled, ``touch(page)`` done (the tap until the driver sees the answer): (in the
    page, as the driver saw it), in ms."""
    context, page = _phone(browser, slowdown)
    try:
        page.goto(url, wait_until="load")
        page.wait_for_timeout(settle_ms)
        page.evaluate(PROBE, kind)
        t0 = time.perf_counter()
        touch(page)
        driver = (time.perf_counter() - t0) * 1000
        page.wait_for_function("() => window.__touch.done !== null", timeout=60_000)
        return float(page.evaluate("() => window.__touch.done - window.__touch.start")), driver
    finally:
        context.close()


def _search(page: Any) -> None:
    page.locator("label.md-header__button[for='__search']").first.tap()
    page.keyboard.type("revoke", delay=100)
    page.locator(".md-search-result__item").first.wait_for(state="visible", timeout=60_000)


def _toggle(page: Any) -> None:
    page.locator("form.md-header__option label:visible").first.tap()
    page.wait_for_function(
        "() => document.body.getAttribute('data-md-color-scheme') !== window.__touch.before", timeout=60_000
    )


def first_search(browser: Any, url: str, slowdown: float, settle_ms: int = 1000) -> tuple[float, float]:
    """The first search: (in the page, as the driver saw it), in ms."""
    return _first_touch(browser, url, slowdown, settle_ms, "search", _search)


def first_toggle(browser: Any, url: str, slowdown: float, settle_ms: int = 1000) -> tuple[float, float]:
    """The first colour toggle: (in the page, as the driver saw it), in ms."""
    return _first_touch(browser, url, slowdown, settle_ms, "toggle", _toggle)


def first_next(browser: Any, url: str) -> float:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    try:
        page.goto(url, wait_until="domcontentloaded")
        dcl = page.evaluate("() => performance.timing.domContentLoadedEventEnd - performance.timing.navigationStart")
        button = page.locator("button.cp-next").first
        button.wait_for(state="visible", timeout=60_000)
        before = page.evaluate("() => (document.querySelector('.cp-announce') || {}).textContent || ''")
        button.click()
        page.wait_for_function(
            "(b) => ((document.querySelector('.cp-announce') || {}).textContent || '') !== b",
            arg=before,
            timeout=60_000,
        )
        answered = float(page.evaluate("() => performance.now()"))
        return answered - float(dcl)
    finally:
        context.close()


def spread(values: list[float]) -> str:
    return f"{statistics.median(values):.0f} ms (runs: {', '.join(f'{v:.0f}' for v in values)})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--slowdown", type=float, default=4.0)
    parser.add_argument("--site", type=Path, help="a built site, served as it is under /repo/")
    parser.add_argument("--settle", type=int, default=1000, help="ms from the load to the tap (default 1000)")
    a = parser.parse_args()
    from playwright.sync_api import sync_playwright

    root = Path(tempfile.mkdtemp(prefix="bench-first-touch-"))
    server, base = serve(root, compress=True)
    try:
        if a.site:
            (root / "repo").symlink_to(a.site.resolve())
        else:
            note("building the site")
            build(root, base)
        note("building the bare Material site")
        bare_with_toggle(root, base)
        results: dict[str, list[float]] = {}
        with sync_playwright() as p:
            browser = p.chromium.launch(
                executable_path=CHROME, args=["--no-sandbox", "--disable-background-networking", "--disable-gpu"]
            )
            for run in range(a.runs):
                note(f"run {run + 1} of {a.runs}")
                for what, measure in (("search", first_search), ("toggle", first_toggle)):
                    for site, path in (("", "repo/" + LAW_PAGE), ("bare ", "bare/" + BARE_PAGE)):
                        in_page, driver = measure(browser, base + path, a.slowdown, a.settle)
                        results.setdefault(site + what, []).append(in_page)
                        results.setdefault(site + what + " (driver)", []).append(driver)
                results.setdefault("next", []).append(first_next(browser, base + "repo/cases/i/"))
            browser.close()
    finally:
        server.shutdown()
    print(
        f"First touch on a law section, 360 x 740 touch phone, CPU {a.slowdown:g}x slower, tapped {a.settle} ms"
        f" after the load, {a.runs} runs:"
    )
    for what in ("search", "toggle", "search (driver)", "toggle (driver)"):
        mine, bare = results[what], results["bare " + what]
        ratio = statistics.median(mine) / statistics.median(bare)
        print(f"  first {what}: {spread(mine)}   bare Material: {spread(bare)}   ratio {ratio:.2f}x (target <= 1.2x)")
    print(f"Case I, desktop, CPU not slowed: the first Next answered after DOMContentLoaded: {spread(results['next'])}")


if __name__ == "__main__":
    main()
