"""The guarded browser tab: Debian's Chromium driven by Playwright, one way for every browser test.

:func:`launch` starts Chromium (``/usr/bin/chromium``, or ``$CHROMIUM``) headless, with a host-resolver
rule that maps every host but 127.0.0.1 to nothing, so no request can leave the machine.
:func:`guarded_tab` opens a tab in a fresh context whose every request goes through a
:class:`Guard`: anything not for 127.0.0.1 is recorded and aborted; the page's uncaught JavaScript
errors and its console errors are recorded. When the ``with`` block ends, the test fails if the page
threw an error or asked another host (``check=False`` leaves that to the test).

Every wait is sized for a loaded 2-core runner: :data:`WAIT_MS` is the default of every action, every
``wait_for_*`` and every ``expect(...)`` (Playwright's own default for ``expect`` is 5 s, which the
first start of Python in a page, 30-60 s on a busy machine, does not meet). A test gives a shorter
timeout only where it asserts that something does *not* happen within it, and says so.

The fixtures built on these (``browser``, ``page``, ``tab``, ``open_tab``) are in ``tests/conftest.py``.
Playwright is imported only when a browser test runs (the engine's tests do without it).
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

CHROMIUM = Path(os.environ.get("CHROMIUM", "/usr/bin/chromium"))
ARGS = [
    "--no-sandbox",
    "--disable-background-networking",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-component-update",
    "--disable-sync",
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
]
#: ms: the default of every wait (the first start of Python in a page on a loaded 2-core machine takes
#: 30-60 s, later engine calls several seconds; twice that, so that load alone never fails a test)
WAIT_MS = 120_000
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 360, "height": 740}


class Guard:
    """What one tab did: every request (``requests``, URLs), those for another host (``outside``,
    aborted), the page's uncaught JavaScript errors (``errors``) and its console errors (``console``)."""

    def __init__(self) -> None:
        self.requests: list[str] = []
        self.outside: list[str] = []
        self.errors: list[str] = []
        self.console: list[str] = []

    def route(self, route: Any) -> None:
        """Let a request for 127.0.0.1 (or a ``data:``/``blob:`` URL) through; abort any other."""
        url = route.request.url
        if url.startswith(("data:", "blob:")) or urlsplit(url).hostname == "127.0.0.1":
            route.continue_()
        else:
            self.outside.append(url)
            route.abort()

    def check(self) -> None:
        """Fail the test if the page threw an error or asked another host (the console's errors are
        shown beside a failure, not failures themselves: an aborted request logs one)."""
        outside = [
            u
            for u in self.requests
            if urlsplit(u).hostname not in ("127.0.0.1", None) and not u.startswith(("data:", "blob:"))
        ]
        assert not self.outside and not outside, f"requests to other hosts: {self.outside + outside}"
        assert not self.errors, f"JavaScript errors: {self.errors} (console errors: {self.console})"


@contextlib.contextmanager
def launch() -> Iterator[Any]:
    """Debian's Chromium, headless, no request leaving the machine; ``expect``'s default timeout set to
    :data:`WAIT_MS`. Fails the test (not skips) when Chromium is missing."""
    import pytest

    if not CHROMIUM.exists():
        pytest.fail(f"{CHROMIUM} is missing: `make test` installs Debian's chromium (apt-get install chromium)")
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=WAIT_MS)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=ARGS)
        try:
            yield browser
        finally:
            browser.close()


@contextlib.contextmanager
def guarded_tab(
    browser: Any,
    viewport: dict[str, int] | None = None,
    color_scheme: str | None = None,
    *,
    phone: bool = False,
    service_workers: str = "block",
    block_python: bool = False,
    check: bool = True,
    **context_options: Any,
) -> Iterator[Any]:
    """A tab in a fresh context (empty storage), its requests and errors guarded (``tab.guard``, a
    :class:`Guard`; ``tab.width``, the viewport's width); closed, and checked unless ``check=False``,
    when the block ends.

    ``viewport``: :data:`DESKTOP` unless given (:data:`PHONE` with ``phone=True``); ``phone``: a
    touch screen on a mobile browser too; ``color_scheme``: "light" or "dark" (the browser's default
    otherwise); ``service_workers``: "block" (the default) or "allow" (the offline copy);
    ``block_python``: the engine's runtime (``/pyodide/``) refused, for pages that must not need it.
    With service workers allowed no request is routed (Playwright does not route what a service worker
    answers, and advises against mixing the two): requests for another host still fail (Chromium's
    host-resolver rule) and still fail the check.
    Other keywords go to ``browser.new_context`` (``device_scale_factor``, ``java_script_enabled``...).
    """
    viewport = viewport or (PHONE if phone else DESKTOP)
    if phone:
        context_options = {"is_mobile": True, "has_touch": True, **context_options}
    if color_scheme is not None:
        context_options["color_scheme"] = color_scheme
    guard = Guard()
    context = browser.new_context(viewport=viewport, service_workers=service_workers, **context_options)
    try:
        context.set_default_timeout(WAIT_MS)
        if service_workers == "block":  # Playwright's routing and a service worker do not mix: with one
            context.route("**/*", guard.route)  # allowed, the host-resolver rule and check() stand guard
        if block_python:
            context.route("**/pyodide/**", lambda route: route.abort())
        context.on("request", lambda request: guard.requests.append(request.url))
        tab = context.new_page()
        tab.on("pageerror", lambda error: guard.errors.append(str(error)))
        tab.on("console", lambda message: guard.console.append(message.text) if message.type == "error" else None)
        tab.guard = guard
        tab.width = viewport["width"]
        yield tab
        if check:
            guard.check()
    finally:
        context.close()


#: A click listener on the window, after the theme's on the body: it records whether the theme's instant
#: navigation took the click (it calls preventDefault) and, if it did not, stops the browser's own load.
_INSTANT_PROBE = """() => {
  window.__euchreInstantTaken = null;
  window.addEventListener("click", function (event) {
    window.__euchreInstantTaken = event.defaultPrevented;
    if (!event.defaultPrevented) event.preventDefault();
  }, { once: true });
}"""


def click_instantly(tab: Any, link: Any) -> None:
    """Click ``link`` (a locator of a link to another page of the site) once the theme's instant
    navigation takes it: the page is not loaded afresh.

    Material arms its instant navigation only when the site's ``sitemap.xml`` has come (a click before
    that is a plain page load, as it should be for a reader); on a loaded runner the test's first click
    can come before it. So the click is tried: a probe on the window sees whether the theme took it; if
    not, the probe stops the page load and the click is tried again a moment later, within
    :data:`WAIT_MS`. On a loaded runner the theme may take a click only once its sitemap comes, after the
    probe kept the page: the address then changes in the same page, and that counts as taken. The page
    must have the theme's script (``euchrePage.loadTheme()``).
    """
    import time

    tab.evaluate("euchrePage.loadTheme()")
    deadline = time.monotonic() + WAIT_MS / 1000
    while True:
        tab.evaluate(_INSTANT_PROBE)
        before = tab.evaluate("location.href")
        link.click()
        taken = tab.evaluate("window.__euchreInstantTaken")
        if taken is True:
            return
        # None: the probe is gone with the page, which was loaded afresh (not a click to try again)
        assert taken is False, f"the page was loaded afresh after the click ({tab.url}), not by instant navigation"
        tab.wait_for_timeout(250)
        # the theme took the click after all, once its sitemap came (the probe had kept the page): the
        # address changed in the same page, and a second click would find the link gone
        if tab.evaluate("location.href") != before and tab.evaluate("window.__euchreInstantTaken") is not None:
            return
        assert time.monotonic() < deadline, "the theme's instant navigation never took the click"
