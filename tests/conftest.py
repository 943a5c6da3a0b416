"""Shared fixtures: the site built once per session and served under a sub-path (/repo/).

``site_server`` serves a temporary folder on 127.0.0.1 with a small threaded ``http.server``;
``built_site`` runs ``mkdocs build --strict`` into its ``repo/`` sub-folder with
``SITE_URL=http://127.0.0.1:PORT/repo/``, as GitHub Pages serves a project site. Both the build
tests and the browser tests use the same build. The browser's fixtures (``browser``, ``page``, ``tab``,
``open_tab``) open guarded tabs of Debian's Chromium (``tests/browser_support.py``).
"""

from __future__ import annotations

import contextlib
import functools
import os
import re
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import browser_support
import pytest
from hypothesis import settings

# CI runs the property tests derandomized (the same examples every run, no example database), so a
# landing never depends on luck; locally they keep exploring new examples.
settings.register_profile("ci", derandomize=True, database=None)
if os.environ.get("CI"):
    settings.load_profile("ci")

REPO_ROOT = Path(__file__).resolve().parent.parent
SUBPATH = "repo"
ANSI = re.compile(r"\x1b\[[0-9;]*m")
# the EGN corpus (shared/egn, beside the repository); the tests that need it skip when it is absent
EGN_DIR = REPO_ROOT.parent / "shared" / "egn"
# file -> (deal counted from 1, trick counted from 1 or None, keyword of the reason, law or None)
INVALID_EGN = {
    # The same eleven deals as "July 4th Pairs Finals (3)", but initialScore [0, 1] instead of [2, 0]:
    # team 1-3 reaches 10 points after deal 9, and two more deals are recorded.
    "July_4th_Pairs_Finals.egn": (10, None, "already over", None),
    # Deal 5: seat 0 orders up the Td alone; the dealer (seat 1) takes it up but plays five other
    # cards (9s to the trump lead of trick 3), so the record has him discarding the turn-up.
    "Masters_of_the_Euchreverse_Week_1_Game_6.egn": (5, None, "cannot be discarded", 88),
    # Deal 2 (a second "dealNumber 0" after an unfinished deal 1): diamonds named, clubs led, seat 0
    # trumps with the Td and later leads the Kc he held: a revoke.
    "egn_m_20260529_01__5_.egn": (2, 1, "must follow suit", 62),
    # Deal 1: the dealer took up the Qs, yet the replay has seat 3 leading it to trick 3.
    "test.egn": (1, 3, "turn-up", 86),
    "test_annotated.egn": (1, 3, "turn-up", 86),
}


class QuietHandler(SimpleHTTPRequestHandler):
    """Serves files without logging every request to stderr."""

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 (the base class's name)
        pass


class SiteHTTPServer(ThreadingHTTPServer):
    """The threaded server with a longer queue of connections waiting to be accepted: a page asks for a
    dozen files at once, and on a loaded runner the accepting thread can fall behind (the default of 5
    lets the kernel drop connections, and the theme's fetch of a page then fails and loads it afresh)."""

    request_queue_size = 128


@dataclass(frozen=True)
class SiteServer:
    """A static server: ``root`` is served at ``http://127.0.0.1:port/``; the site goes in ``root/repo``."""

    root: Path
    port: int

    @property
    def base(self) -> str:
        """The site's URL: ``http://127.0.0.1:PORT/repo/``."""
        return f"http://127.0.0.1:{self.port}/{SUBPATH}/"


@dataclass(frozen=True)
class BuiltSite:
    """The built site: its folder, its URL, the build's output and how long it took."""

    dir: Path
    base: str
    output: str
    seconds: float


def mkdocs_env(site_url: str, **extra: str) -> dict[str, str]:
    """The environment of a build: the repository root importable, SITE_URL set, no banners."""
    env = {k: v for k, v in os.environ.items() if k != "EUCHRE_CASES_DIR"}
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(REPO_ROOT), env.get("PYTHONPATH", "")) if p)
    env["SITE_URL"] = site_url
    env["NO_MKDOCS_2_WARNING"] = "1"
    env.update(extra)
    return env


def run_mkdocs_build(site_dir: Path, site_url: str, **extra_env: str) -> subprocess.CompletedProcess[str]:
    """``python -m mkdocs build --strict`` into ``site_dir`` (output captured, ANSI colours removed)."""
    proc = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site_dir)],
        cwd=REPO_ROOT,
        env=mkdocs_env(site_url, **extra_env),
        capture_output=True,
        text=True,
        timeout=600,
    )
    proc.stdout = ANSI.sub("", proc.stdout)
    proc.stderr = ANSI.sub("", proc.stderr)
    return proc


@pytest.fixture(scope="session")
def site_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SiteServer]:
    """A threaded static server on 127.0.0.1 (a free port), serving a temporary folder."""
    root = tmp_path_factory.mktemp("www")
    handler = functools.partial(QuietHandler, directory=str(root))
    server = SiteHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, name="site-server", daemon=True)
    thread.start()
    try:
        yield SiteServer(root=root, port=server.server_address[1])
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


@pytest.fixture(scope="session")
def built_site(site_server: SiteServer) -> BuiltSite:
    """The site, built once per session with ``mkdocs build --strict``; any warning fails it."""
    site_dir = site_server.root / SUBPATH
    start = time.monotonic()
    proc = run_mkdocs_build(site_dir, site_server.base)
    seconds = time.monotonic() - start
    output = proc.stdout + proc.stderr
    if proc.returncode != 0:
        pytest.fail(f"mkdocs build --strict failed (exit {proc.returncode}):\n{output}", pytrace=False)
    warnings = [line for line in output.splitlines() if line.lstrip().startswith(("WARNING", "ERROR"))]
    if warnings:
        pytest.fail("mkdocs build printed warnings:\n" + "\n".join(warnings), pytrace=False)
    return BuiltSite(dir=site_dir, base=site_server.base, output=output, seconds=seconds)


# ----------------------------------------------------------------------------- the browser (tests/browser_support.py)


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    """Debian's Chromium, launched once per test module (:func:`browser_support.launch`)."""
    with browser_support.launch() as launched:
        yield launched


@pytest.fixture()
def page(browser: object, built_site: BuiltSite) -> Iterator[tuple[object, browser_support.Guard]]:
    """``(tab, guard)``: a guarded desktop tab (1280 x 900, service workers blocked); the test fails
    on a JavaScript error or a request for another host."""
    with browser_support.guarded_tab(browser) as tab:
        yield tab, tab.guard


@pytest.fixture(params=[browser_support.DESKTOP, browser_support.PHONE], ids=["desktop", "phone"])
def tab(request: pytest.FixtureRequest, browser: object, built_site: BuiltSite) -> Iterator[object]:
    """A guarded tab at a desktop's and at a phone's width (each test that asks for it runs at both);
    ``tab.width`` is the width, ``tab.guard`` the :class:`browser_support.Guard` of its requests and errors."""
    with browser_support.guarded_tab(browser, request.param) as guarded:
        yield guarded


@pytest.fixture()
def open_tab(browser: object, built_site: BuiltSite) -> Iterator[Callable[..., object]]:
    """``open_tab(viewport=None, color_scheme=None, *, phone=False, service_workers="block",
    block_python=False, **context_options)``: a guarded tab (:func:`browser_support.guarded_tab`),
    as many as the test wants; each is closed and checked when the test ends."""
    with contextlib.ExitStack() as stack:
        yield lambda *args, **kwargs: stack.enter_context(browser_support.guarded_tab(browser, *args, **kwargs))
