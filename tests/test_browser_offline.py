"""The book offline after one visit (Chromium, service workers allowed), and installable.

One visit to the home page saves the book (build_scripts/offline.mjs: Workbox's precache); then,
with the network off, a law by number, the director's guide and a situation, a case stepped to its
end, a lesson's exercise and search all work, and a widget that needs Python says that the live
engine is not saved yet. Links with a query (a search result's ?h=, the director's guide's ?me=,
any other parameter) open the cached page for their path, the query left to the page's script;
with the runtime saved ahead, the console and a shared Replay link run offline. A new build of the
site in the same folder is announced ("A newer edition is ready") and, after the reload, every page
is the new build's. The web app manifest's fields and icons are checked on the built site.
"""

from __future__ import annotations

import base64
import contextlib
import json
import re
import shutil
import struct
import subprocess
import sys
import zlib
from collections.abc import Iterator
from pathlib import Path

import pytest
from browser_support import PHONE, guarded_tab
from conftest import REPO_ROOT, BuiltSite, SiteServer, mkdocs_env

from euchre_core.app.egn_view import example_egn

pytestmark = pytest.mark.browser

READY = "() => document.querySelector('[data-offline-indicator]')?.getAttribute('data-book') === 'ready'"


@contextlib.contextmanager
def visit_once(browser: object, url: str) -> Iterator[object]:
    """A guarded phone-sized tab (tests/browser_support.py) in a fresh context that allows service
    workers, after one visit to ``url`` and the book saved; ``tab.guard.errors``: its JavaScript errors."""
    from playwright.sync_api import expect

    with guarded_tab(browser, PHONE, service_workers="allow") as tab:
        tab.goto(url)
        tab.wait_for_function(READY)
        tab.wait_for_function("() => navigator.serviceWorker.controller !== null")
        expect(tab.locator("[data-offline-indicator]")).to_contain_text("The book is ready offline")
        yield tab


def test_the_book_works_offline_after_one_visit(browser: object, built_site: BuiltSite) -> None:
    from playwright.sync_api import expect

    base = built_site.base
    with visit_once(browser, base) as tab:
        tab.context.set_offline(True)  # type: ignore[attr-defined]
        assert tab.evaluate("navigator.onLine") is False  # type: ignore[attr-defined]

        # a law by its number: the home page's box (the page the reader visited), the laws' box, then
        # the same law opened directly
        tab.goto(base)  # type: ignore[attr-defined]
        tab.fill("#home-law-input", "64")  # type: ignore[attr-defined]
        tab.press("#home-law-input", "Enter")  # type: ignore[attr-defined]
        tab.wait_for_url(re.compile(r"/repo/laws/the-revoke/#law-64$"))  # type: ignore[attr-defined]
        expect(tab.locator("#law-64")).to_have_text(re.compile(r"^Law 64"))  # type: ignore[attr-defined]
        expect(tab.locator("#law-64")).to_be_in_viewport()  # type: ignore[attr-defined]
        tab.goto(base + "laws/")  # type: ignore[attr-defined]
        tab.fill("#law-jump-input", "64")  # type: ignore[attr-defined]
        tab.press("#law-jump-input", "Enter")  # type: ignore[attr-defined]
        tab.wait_for_url(re.compile(r"/repo/laws/the-revoke/#law-64$"))  # type: ignore[attr-defined]
        expect(tab.locator("#law-64")).to_have_text(re.compile(r"^Law 64"))  # type: ignore[attr-defined]
        tab.goto(base + "laws/the-revoke/#law-64")  # type: ignore[attr-defined]
        expect(tab.locator("#law-64")).to_be_in_viewport()  # type: ignore[attr-defined]

        # the director's guide and a situation, answered for the reader's chair
        tab.goto(base + "director/#a=lead-out-of-turn")  # type: ignore[attr-defined]
        case = tab.locator('[id="a=lead-out-of-turn"]')  # type: ignore[attr-defined]
        expect(case.locator(".dg-answer")).to_be_visible()
        case.locator('button[data-who="left"]').click()
        expect(case.locator(".dg-ruling")).to_contain_text("The player on your left led the 7 of diamonds out of turn")

        # a case stepped to its end, from the page's precomputed answers
        tab.goto(base + "cases/i/")  # type: ignore[attr-defined]
        player = tab.locator('.case-player[data-case="I"]')  # type: ignore[attr-defined]
        expect(player.locator(".et-board")).to_be_visible()
        player.get_by_role("button", name="Next", exact=True).click()
        expect(player.locator(".cp-announce")).to_contain_text("B plays the")
        player.get_by_role("button", name="Last", exact=True).click()
        expect(player.locator(".cp-announce")).to_contain_text("take 4 tricks")

        # a lesson's exercise, checked from the page's answers
        tab.goto(base + "learn/the-pack/")  # type: ignore[attr-defined]
        exercise = tab.locator(".exercise[data-mode=one]").first  # type: ignore[attr-defined]
        exercise.locator("button.choice").first.click()
        expect(exercise.locator(".exercise-feedback")).to_contain_text(re.compile(r"^[✓✗] (Right|Not right)\."))

        # search: the index was saved with the book
        tab.locator("label.md-header__button[for=__search]").click()  # type: ignore[attr-defined]
        box = tab.locator("input.md-search__input")  # type: ignore[attr-defined]
        box.press_sequentially("renege", delay=20)
        expect(tab.locator(".md-search-result__item a").first).to_be_visible()  # type: ignore[attr-defined]

        # a widget that needs Python says that the live engine is not saved yet
        tab.goto(base + "laws/cards-liable-to-be-called/#law-52")  # type: ignore[attr-defined]
        sandbox = tab.locator('.penalty-sandbox[data-law="52"]')  # type: ignore[attr-defined]
        sandbox.get_by_role("button", name="Try it in the sandbox").click()
        expect(sandbox.locator(".sandbox-election")).to_contain_text("choose")  # precomputed: works offline
        sandbox.get_by_role("button", name="Your own deal").click()
        status = sandbox.locator(".sandbox-status")
        expect(status).to_contain_text("The live engine is not saved on this device yet")
        # issue 36: the message whole on the phone's screen, below the sticky header, said by this
        # sandbox alone (every status line of the page grew with it, and one sat under the header)
        tab.wait_for_timeout(300)  # type: ignore[attr-defined]
        box = status.bounding_box()
        header = tab.locator(".md-header").bounding_box()  # type: ignore[attr-defined]
        assert box is not None and header is not None
        assert box["y"] >= header["y"] + header["height"] and box["y"] + box["height"] <= PHONE["height"], (box, header)
        others = tab.locator(".sandbox-status").filter(has_text="not saved on this device")  # type: ignore[attr-defined]
        expect(others).to_have_count(1)
        tab.goto(base + "engine/")  # type: ignore[attr-defined]
        console = tab.locator(".engine-console").first  # type: ignore[attr-defined]
        console.get_by_role("button", name="Run").click()
        expect(console).to_contain_text("The live engine is not saved on this device yet")
        expect(tab.locator("[data-offline-runtime]")).to_contain_text(  # type: ignore[attr-defined]
            "Make the live examples available offline"
        )
        assert not tab.guard.errors, tab.guard.errors  # type: ignore[attr-defined]


def test_links_with_a_query_open_offline(browser: object, built_site: BuiltSite) -> None:
    """Issue 36: a page's link with a query opens from the offline copy (the cached page for the same
    path, the query left to the page's own script), not the browser's no-connection page: a search
    result (?h=, its words highlighted), the director's guide's link to a law's sandbox from the
    reader's chair (?me=, the seats named from it), and any other parameter; a file asked with a query
    is the same file."""
    from playwright.sync_api import expect

    base = built_site.base
    with visit_once(browser, base) as tab:
        tab.context.set_offline(True)  # type: ignore[attr-defined]

        # a search result: its own link, with the words to highlight (search.js)
        tab.locator("label.md-header__button[for=__search]").click()  # type: ignore[attr-defined]
        tab.locator("input.md-search__input").press_sequentially("renege", delay=20)  # type: ignore[attr-defined]
        result = tab.locator(".md-search-result__item a").first  # type: ignore[attr-defined]
        expect(result).to_be_visible()
        # the results follow each letter typed (the index is built ahead): those of the whole word
        expect(result).to_have_attribute("href", re.compile(r"[?&]h=renege$"))  # type: ignore[attr-defined]
        href = result.get_attribute("href") or ""
        assert re.search(r"[?&]h=renege$", href), href  # the reader's word, not its stem (search-worker.js)
        result.click()
        expect(tab).to_have_url(re.compile(r"/repo/[^?#]+/\?(?:(?:s|law)=[\w-]+&)?h=renege"))  # type: ignore[attr-defined]
        # the page's own heading (the results, kept in the header for the next search, have theirs)
        expect(tab.locator(".md-content article h1")).to_be_visible()  # type: ignore[attr-defined]
        expect(tab.locator(".md-content mark[data-md-highlight]").first).to_have_text(  # type: ignore[attr-defined]
            re.compile("^renege$", re.I)
        )
        # the same, opened afresh (not by the theme's instant navigation)
        tab.goto(base + "laws/the-revoke/?h=revoke#law-62")  # type: ignore[attr-defined]
        expect(tab.locator("#law-62")).to_have_text(re.compile(r"^Law 62"))  # type: ignore[attr-defined]
        expect(tab.locator(".md-content mark[data-md-highlight]").first).to_have_text(  # type: ignore[attr-defined]
            re.compile("^revoke", re.I)
        )

        # the director's guide: the reader says who did it, and the law's live example follows his chair
        tab.goto(base + "director/#a=lead-out-of-turn")  # type: ignore[attr-defined]
        case = tab.locator('[id="a=lead-out-of-turn"]')  # type: ignore[attr-defined]
        case.locator('button[data-who="left"]').click()
        live = case.get_by_role("link", name="Law 52: try it live")
        expect(live).to_have_attribute("href", re.compile(r"\?me=B#law-52$"))
        live.click()
        expect(tab).to_have_url(re.compile(r"/laws/cards-liable-to-be-called/\?me=B#law-52$"))  # type: ignore[attr-defined]
        sandbox = tab.locator('.penalty-sandbox[data-law="52"]')  # type: ignore[attr-defined]
        sandbox.locator("button.sandbox-start").click()
        pills = sandbox.locator(".et-name-pill")
        expect(pills.filter(has_text=re.compile(r"^B .*you"))).to_have_count(1)
        expect(pills.filter(has_text=re.compile(r"^A .*dealer.*on your right"))).to_have_count(1)
        # the same link opened afresh, from another chair
        tab.goto(base + "laws/cards-liable-to-be-called/?me=C#law-52")  # type: ignore[attr-defined]
        sandbox.locator("button.sandbox-start").click()
        expect(pills.filter(has_text=re.compile(r"^C .*you"))).to_have_count(1)

        # any other parameter (a messenger's, a second one) and a folder's page: the page for the path
        tab.goto(base + "cases/?ref=chat&h=lone")  # type: ignore[attr-defined]
        expect(tab.locator(".md-content article h1")).to_be_visible()  # type: ignore[attr-defined]
        # a file asked with a query is the same file, from the same build
        same = tab.evaluate(  # type: ignore[attr-defined]
            """() => Promise.all(["i/answers.json.gz", "i/answers.json.gz?v=1"].map(function (u) {
                 return fetch(u).then(function (r) { return r.ok ? r.arrayBuffer() : null; });
               })).then(function (b) {
                 return b[0] !== null && b[1] !== null && b[0].byteLength === b[1].byteLength;
               })"""
        )
        assert same is True
        assert not tab.guard.errors, tab.guard.errors  # type: ignore[attr-defined]


def test_the_live_examples_saved_ahead_work_offline(browser: object, built_site: BuiltSite) -> None:
    """Making the live examples available offline keeps the runtime; then Python starts offline: the
    console, and a shared Replay link at its position."""
    from playwright.sync_api import expect

    with visit_once(browser, built_site.base + "engine/") as tab:
        runtime = tab.locator("[data-offline-runtime]")  # type: ignore[attr-defined]
        runtime.get_by_role("button", name="Make the live examples available offline").click()
        expect(runtime).to_contain_text("The live examples are saved too")
        assert tab.evaluate("euchreEngine.stats().starts") == 0  # type: ignore[attr-defined]
        tab.context.set_offline(True)  # type: ignore[attr-defined]
        tab.reload()  # type: ignore[attr-defined]
        console = tab.locator(".engine-console").first  # type: ignore[attr-defined]
        code = console.get_by_label(re.compile("^Python"))
        code.fill("import statistics\nfrom euchre_core.app.web import case_step\ncase_step('I', 3)['book_card']")
        console.get_by_role("button", name="Run").click()
        expect(console.locator(".ec-output")).to_have_text("'8S'\n")

        # issue 36: a shared Replay link (the record and the position in its fragment, which no server and
        # no service worker sees; a parameter added on the way is ignored) opens at its position offline
        zipper = zlib.compressobj(9, zlib.DEFLATED, -15)
        record = zipper.compress(example_egn().encode()) + zipper.flush()
        code = base64.urlsafe_b64encode(record).rstrip(b"=").decode()
        tab.goto(built_site.base + "replay/?ref=chat#egn=" + code + "&d=1&s=3")  # type: ignore[attr-defined]
        expect(tab.locator(".er-status")).to_have_text(re.compile("checked by the engine"))  # type: ignore[attr-defined]
        expect(tab.locator(".er-deal")).to_have_value("1")  # type: ignore[attr-defined]
        expect(tab.locator(".er-pos")).to_have_text(re.compile(r"^Step 3 of \d+$"))  # type: ignore[attr-defined]
        assert not tab.guard.errors, tab.guard.errors  # type: ignore[attr-defined]


def test_the_live_examples_can_be_saved_from_the_home_pages_top(browser: object, built_site: BuiltSite) -> None:
    """Issue 36: "Make the live examples available offline" near the top of the home page on a phone
    (it was only at the foot, 2,800 px down), and a press there saves them."""
    from playwright.sync_api import expect

    with visit_once(browser, built_site.base) as tab:
        home = tab.locator("article [data-offline-runtime]")  # type: ignore[attr-defined]
        button = home.get_by_role("button", name="Make the live examples available offline")
        expect(button).to_be_visible()
        top = tab.evaluate("() => document.querySelector('article [data-offline-runtime]').getBoundingClientRect().top")  # type: ignore[attr-defined]
        assert top < 2 * PHONE["height"], f"the home page's offline button is {top:.0f} px down"
        button.click()
        expect(home).to_contain_text("The live examples are saved too")
        assert not tab.guard.errors, tab.guard.errors  # type: ignore[attr-defined]


def test_a_new_edition_is_announced_and_never_mixed(
    browser: object, built_site: BuiltSite, site_server: SiteServer
) -> None:
    """The site rebuilt into the same folder with a changed page: the open page says that a newer
    edition is ready, still shows the old one until the reader reloads, and then only the new one."""
    from playwright.sync_api import expect

    folder = site_server.root / "edition"
    base = f"http://127.0.0.1:{site_server.port}/edition/"
    if folder.exists():
        shutil.rmtree(folder)
    shutil.copytree(built_site.dir, folder)  # the first edition: the session's build, as it is
    config = REPO_ROOT / ".mkdocs-new-edition.yml"  # beside mkdocs.yml: its relative paths hold
    with visit_once(browser, base + "laws/the-revoke/") as tab:
        try:
            old = tab.locator(".md-copyright__highlight").inner_text()  # type: ignore[attr-defined]
            config.write_text("INHERIT: mkdocs.yml\ncopyright: The second edition of this site.\n")
            proc = subprocess.run(
                [sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(config), "--site-dir", str(folder)],
                cwd=REPO_ROOT,
                env=mkdocs_env(base),
                capture_output=True,
                text=True,
                timeout=600,
            )
            assert proc.returncode == 0, proc.stdout + proc.stderr
            # the reader comes back to the page: the old edition still answers, and says a new one is ready
            tab.reload()  # type: ignore[attr-defined]
            notice = tab.locator(".euchre-update")  # type: ignore[attr-defined]
            expect(notice).to_contain_text("A newer edition is ready")
            expect(tab.locator(".md-copyright__highlight")).to_have_text(old)  # type: ignore[attr-defined]
            tab.goto(base + "laws/cards-played-in-error/")  # type: ignore[attr-defined]
            expect(tab.locator(".md-copyright__highlight")).to_have_text(old)  # not a mix  # type: ignore[attr-defined]
            expect(notice).to_be_visible()
            notice.get_by_role("button", name="reload").click()
            expect(tab.locator(".md-copyright__highlight")).to_have_text(  # type: ignore[attr-defined]
                "The second edition of this site."
            )
            tab.context.set_offline(True)  # type: ignore[attr-defined]
            for path in ("", "laws/the-revoke/", "cases/i/", "director/"):
                tab.goto(base + path)  # type: ignore[attr-defined]
                expect(tab.locator(".md-copyright__highlight")).to_have_text("The second edition of this site.")  # type: ignore[attr-defined]
            expect(tab.locator(".euchre-update")).to_have_count(0)  # type: ignore[attr-defined]
            assert not tab.guard.errors, tab.guard.errors  # type: ignore[attr-defined]
        finally:
            config.unlink(missing_ok=True)


def png_size(path: Path) -> tuple[int, int]:
    """The width and height of a PNG file (its IHDR chunk)."""
    data = path.read_bytes()[:24]
    assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_the_web_app_manifest(built_site: BuiltSite) -> None:
    manifest = json.loads((built_site.dir / "manifest.webmanifest").read_text())
    assert manifest["name"] and manifest["short_name"] and len(manifest["short_name"]) <= 12
    assert manifest["start_url"] == "./" and manifest["scope"] == "./"  # relative: the site's sub-path
    assert manifest["display"] == "standalone"
    assert manifest["theme_color"] == "#ef5552"  # Material's red primary
    assert re.fullmatch(r"#[0-9a-f]{6}", manifest["background_color"])
    sizes = {}
    for icon in manifest["icons"]:
        width, height = png_size(built_site.dir / icon["src"])
        assert icon["type"] == "image/png" and icon["sizes"] == f"{width}x{height}", icon
        sizes.setdefault(icon.get("purpose", "any"), set()).add(width)
    assert {192, 512} <= sizes["any"] and 512 in sizes["maskable"], sizes
    assert png_size(built_site.dir / "assets" / "icons" / "apple-touch-icon.png") == (180, 180)
    # linked from every page, with the theme colour and the service worker's switch on
    for page in ("index.html", "laws/the-revoke/index.html", "cases/i/index.html", "director/index.html"):
        html = (built_site.dir / page).read_text()
        assert re.search(r'<link rel="manifest" href="[./]*manifest\.webmanifest">', html), page
        assert '<meta name="theme-color" content="#ef5552">' in html
        assert re.search(r'<link rel="apple-touch-icon" href="[./]*assets/icons/apple-touch-icon\.png">', html)
        assert re.search(r'<meta name="euchre-offline" content="on" data-sw="[./]*sw\.js">', html), page
    # the precache list: every page, the answers, the search index; not the Python runtime
    precached = set(re.findall(r'\burl:"([^"]+)"', (built_site.dir / "sw.js").read_text()))
    pages = {str(p.relative_to(built_site.dir)) for p in built_site.dir.rglob("index.html")}
    answers = {str(p.relative_to(built_site.dir)) for p in built_site.dir.rglob("answers.json.gz")}
    assert pages <= precached and answers <= precached, (pages | answers) - precached
    assert {"search/search_index.json", "manifest.webmanifest", "javascripts/engine-worker.mjs"} <= precached
    assert not [u for u in precached if u.startswith("pyodide/")]
