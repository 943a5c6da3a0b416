"""The first touch beside a bare Material site (issue 36): how long a reader waits on his first tap.

In one run: builds the site (under /repo/) and a bare Material site of the same laws with the same
colour toggle (under /bare/, as ``benchmarks/bench_lighthouse.py`` builds it, plus the toggle), serves
both as GitHub Pages does (``benchmarks/bench_browser.py``'s server), and drives Debian's Chromium
(headless, a fresh profile per load) on a 360 x 740 touch phone with the CPU slowed (CDP
``Emulation.setCPUThrottlingRate``, 4 by default), a law section of each site, alternately:

* **first search**: the page loaded and settled (``load``, then 1 s), the search button tapped, "revoke"
  typed at 10 keys a second, until the first result is shown (the typing's own second included, on both
  sites alike);
* **first colour toggle**: the page loaded and settled, the toggle tapped, until the colour scheme of
  the page changes;
* **a case's first Next** (the site only, desktop 1280 x 800, the CPU not slowed): from DOMContentLoaded,
  Next pressed as soon as it is on the page, until the position moves on.

Prints, per measure, the median and each run (the spread), and the ratio of the medians to the bare
site's. No assertions: a benchmark, not a timed test.

    .venv/bin/python benchmarks/bench_first_touch.py [--runs 5] [--slowdown 4] [--site DIR]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
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


def first_search(browser: Any, url: str, slowdown: float) -> float:
    context, page = _phone(browser, slowdown)
    try:
        page.goto(url, wait_until="load")
        page.wait_for_timeout(1000)
        button = page.locator("label.md-header__button[for='__search']").first
        t0 = time.perf_counter()
        button.tap()
        page.keyboard.type("revoke", delay=100)
        page.locator(".md-search-result__item").first.wait_for(state="visible", timeout=60_000)
        return (time.perf_counter() - t0) * 1000
    finally:
        context.close()


def first_toggle(browser: Any, url: str, slowdown: float) -> float:
    context, page = _phone(browser, slowdown)
    try:
        page.goto(url, wait_until="load")
        page.wait_for_timeout(1000)
        before = page.evaluate("() => document.body.getAttribute('data-md-color-scheme')")
        toggle = page.locator("form[data-md-component='palette'] label:visible").first
        t0 = time.perf_counter()
        toggle.tap()
        page.wait_for_function(
            "(b) => document.body.getAttribute('data-md-color-scheme') !== b", arg=before, timeout=60_000
        )
        return (time.perf_counter() - t0) * 1000
    finally:
        context.close()


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
        results: dict[str, list[float]] = {k: [] for k in ("search", "bare search", "toggle", "bare toggle", "next")}
        with sync_playwright() as p:
            browser = p.chromium.launch(
                executable_path=CHROME, args=["--no-sandbox", "--disable-background-networking", "--disable-gpu"]
            )
            for run in range(a.runs):
                note(f"run {run + 1} of {a.runs}")
                results["search"].append(first_search(browser, base + "repo/" + LAW_PAGE, a.slowdown))
                results["bare search"].append(first_search(browser, base + "bare/" + BARE_PAGE, a.slowdown))
                results["toggle"].append(first_toggle(browser, base + "repo/" + LAW_PAGE, a.slowdown))
                results["bare toggle"].append(first_toggle(browser, base + "bare/" + BARE_PAGE, a.slowdown))
                results["next"].append(first_next(browser, base + "repo/cases/i/"))
            browser.close()
    finally:
        server.shutdown()
    print(f"First touch on a law section, 360 x 740 touch phone, CPU {a.slowdown:g}x slower, {a.runs} runs:")
    for what in ("search", "toggle"):
        mine, bare = results[what], results["bare " + what]
        ratio = statistics.median(mine) / statistics.median(bare)
        print(f"  first {what}: {spread(mine)}   bare Material: {spread(bare)}   ratio {ratio:.2f}x (target <= 1.2x)")
    print(f"Case I, desktop, CPU not slowed: the first Next answered after DOMContentLoaded: {spread(results['next'])}")


if __name__ == "__main__":
    main()
