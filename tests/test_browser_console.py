"""Issue 37, safe beside the reader's code: the console's snippets run in a worker and a Python of their
own (window.euchreConsole, docs/javascripts/engine.mjs), under the page's Content-Security-Policy
(build_scripts/csp.py), so that no snippet changes what a widget computes, silences the widgets, keeps
the memory, or reaches another host; and no page of the site breaks under that policy.
"""

from __future__ import annotations

import json
import re

import pytest
from browser_support import Guard
from conftest import BuiltSite

from euchre_core.app import web

pytestmark = [pytest.mark.browser, pytest.mark.slow]

BOOT = 90_000
REFUSED = "This page allows no connection to other hosts (Content-Security-Policy)"
# every violation of the page's policy, as the page sees it (the console's worker reports its own)
WATCH = (
    "window.__csp = [];"
    "document.addEventListener('securitypolicyviolation', e => window.__csp.push("
    "e.effectiveDirective + ' ' + e.blockedURI + ' ' + (e.sourceFile || '') + ':' + e.lineNumber));"
)


def open_console(tab: object, url: str | None = None) -> tuple[object, object]:
    """The first console of the page at ``url`` (or of the page open; its box opened): the console and its
    text area."""
    from playwright.sync_api import expect

    if url is not None:
        tab.goto(url)  # type: ignore[attr-defined]
    box = tab.locator("details.engine-console-box").first  # type: ignore[attr-defined]
    if box.count():
        box.locator("summary").click()
    console = tab.locator(".engine-console").first  # type: ignore[attr-defined]
    code = console.get_by_label(re.compile("^Python"))
    expect(code).to_be_visible()
    return console, code


def run(console: object, code: object, snippet: str) -> None:
    code.fill(snippet)  # type: ignore[attr-defined]
    console.get_by_role("button", name="Run").click()  # type: ignore[attr-defined]


def widget_answer(tab: object) -> object:
    return tab.evaluate(  # type: ignore[attr-defined]
        "euchreEngine.call('euchre_core.app.web.case_step', {case_id: 'I', step: 3})"
    )


def test_a_snippet_that_rebinds_the_engine_or_posts_forged_messages_changes_no_widget(
    page: tuple[object, Guard], built_site: BuiltSite
) -> None:
    from playwright.sync_api import expect

    tab, _ = page
    console, code = open_console(tab, built_site.base + "cases/i/#play=3")
    expected = json.loads(web.call("euchre_core.app.web.case_step", json.dumps({"case_id": "I", "step": 3})))["result"]
    assert widget_answer(tab) == expected  # the widgets' engine, before any snippet
    run(
        console,
        code,
        "import js, json, euchre_core.app.web as web\n"
        "web.BROWSER_API = frozenset(web.BROWSER_API | {'os.getcwd'})\n"
        "web.call = lambda name, kwargs: json.dumps({'ok': True, 'result': 'forged'})\n"
        "web.case_step = lambda *a, **k: {'forged': True}\n"
        "forged = [{'type': 'status', 'phase': 'error', 'message': 'forged'},\n"
        "          {'type': 'result', 'id': 1, 'json': json.dumps({'ok': True, 'result': 'forged'})}]\n"
        "for message in forged:\n"
        "    js.postMessage(js.JSON.parse(json.dumps(message)))\n"
        "    js.self.postMessage(js.JSON.parse(json.dumps(message)))\n"
        "print('rebound')",
    )
    expect(console.locator(".ec-output")).to_have_text("rebound\n", timeout=BOOT)
    # the widgets compute as before, in a Python the snippet never reached
    assert widget_answer(tab) == expected
    refused = tab.evaluate("euchreEngine.call('os.getcwd', {}).then(() => 'answered', e => e.message)")  # type: ignore[attr-defined]
    assert refused == "only euchre_core's functions can be called"
    assert tab.evaluate("euchreEngine.status().phase") == "ready"  # type: ignore[attr-defined]
    # the widgets' worker runs no snippet, the console's nothing else
    said = tab.evaluate(  # type: ignore[attr-defined]
        "euchreEngine.call('euchre_core.app.web.run_snippet', {code: '1'}).then(() => 'ran', e => e.message)"
    )
    assert said == "snippets run in the console's own engine"
    said = tab.evaluate(  # type: ignore[attr-defined]
        "euchreConsole.call('euchre_core.app.web.case_step', {case_id: 'I', step: 3}).then(() => 'ran', e => e.message)"
    )
    assert said == "the console's engine runs snippets only"
    # the forged messages reached nobody: the console itself still answers, and its status is not an error
    assert tab.evaluate("euchreConsole.status().phase") == "ready"  # type: ignore[attr-defined]
    player = tab.locator(".case-player")  # type: ignore[attr-defined]
    player.get_by_role("button", name=re.compile(r"^play the knave of clubs")).click()
    expect(player.locator(".cp-varinfo")).to_contain_text("then both sides play their best", timeout=BOOT)
    expect(player.locator(".engine-status")).not_to_have_attribute("data-phase", "error")
    # Restart: a fresh Python, in which the rebinding is gone
    console.get_by_role("button", name="Restart").click()  # type: ignore[attr-defined]
    expect(console.locator(".ec-note")).to_contain_text("restarted")  # type: ignore[attr-defined]
    run(console, code, "import euchre_core.app.web as web\nweb.case_step('I', 3)['book_card']")
    expect(console.locator(".ec-output")).to_have_text("'8S'\n", timeout=BOOT)
    assert tab.evaluate("euchreConsole.stats().workers") == 2  # type: ignore[attr-defined]
    assert tab.evaluate("euchreEngine.stats().workers") == 1  # type: ignore[attr-defined]


def test_a_snippet_that_reaches_another_host_is_refused_and_the_console_says_why(
    page: tuple[object, Guard], built_site: BuiltSite
) -> None:
    from playwright.sync_api import expect

    tab, guard = page
    failed: dict[str, str] = {}
    tab.context.on("requestfailed", lambda r: failed.__setitem__(r.url, r.failure or ""))  # type: ignore[attr-defined]
    console, code = open_console(tab, built_site.base + "engine/")
    attempts = [
        "import js\njs.fetch('https://example.com/')",
        "import pyodide.http\npyodide.http.open_url('https://example.com/')",
        "import urllib.request\nurllib.request.urlopen('https://example.com/')",
    ]
    for snippet in attempts:
        run(console, code, snippet)
        error = console.locator(".ec-error")  # type: ignore[attr-defined]
        expect(error).to_contain_text(REFUSED, timeout=BOOT)
        expect(error).to_contain_text("example.com")
        expect(error).not_to_contain_text("Failed to")  # not the browser's raw words
    # the browser refused them itself (the page's policy): no request left for the network
    assert not guard.outside
    tried = [u for u in guard.requests if "example.com" in u]
    assert tried and all("csp" in failed.get(u, "").lower() for u in tried), failed
    guard.requests[:] = [u for u in guard.requests if u not in tried]  # refused, not requested
    # the site's own files are still the console's to read
    run(console, code, "import pyodide.http, js\nlen(pyodide.http.open_url(js.location.origin + '/repo/').read()) > 0")
    expect(console.locator(".ec-output")).to_have_text("True\n", timeout=BOOT)  # type: ignore[attr-defined]


def test_a_snippet_that_keeps_memory_has_the_consoles_python_restarted(
    page: tuple[object, Guard], built_site: BuiltSite
) -> None:
    from playwright.sync_api import expect

    tab, _ = page
    console, code = open_console(tab, built_site.base + "engine/")
    run(console, code, "import builtins\nbuiltins.kept = bytearray(300 * 2**20)\nlen(builtins.kept)")
    expect(console.locator(".ec-output")).to_have_text(f"{300 * 2**20}\n", timeout=BOOT)  # type: ignore[attr-defined]
    expect(console.locator(".ec-note")).to_contain_text("restarted")  # type: ignore[attr-defined]
    assert tab.evaluate("euchreConsole.status().phase") == "idle"  # type: ignore[attr-defined]  # its worker ended
    run(console, code, "import builtins\nhasattr(builtins, 'kept')")
    expect(console.locator(".ec-output")).to_have_text("False\n", timeout=BOOT)  # type: ignore[attr-defined]


PAGES = ["", "laws/cards-liable-to-be-called/", "cases/i/", "replay/", "director/", "api/", "learn/the-pack/"]


@pytest.mark.parametrize("path", PAGES, ids=[p.strip("/") or "home" for p in PAGES])
def test_no_page_breaks_under_the_content_security_policy(
    page: tuple[object, Guard], built_site: BuiltSite, path: str
) -> None:
    """The pages with their theme's script, their widgets and (where there is one) both Pythons running:
    the page's policy refuses nothing they do."""
    from playwright.sync_api import expect

    tab, _ = page
    tab.add_init_script(WATCH)  # type: ignore[attr-defined]
    tab.goto(built_site.base + path)  # type: ignore[attr-defined]
    policy = tab.locator('meta[http-equiv="Content-Security-Policy"]')  # type: ignore[attr-defined]
    expect(policy).to_have_count(1)
    tab.evaluate("euchrePage.loadTheme()")  # type: ignore[attr-defined]  # Material's bundle, as on the first touch
    tab.wait_for_function("() => window.euchreEngine")  # type: ignore[attr-defined]
    tab.mouse.wheel(0, 4000)  # type: ignore[attr-defined]  # the blocks laid out on the way
    if path in ("laws/cards-liable-to-be-called/", "cases/i/"):
        tab.evaluate("euchreEngine.ready()")  # type: ignore[attr-defined]  # the widgets' Python
        console, code = open_console(tab)  # and the console's
        run(console, code, "1 + 1")
        expect(console.locator(".ec-output")).to_have_text("2\n", timeout=BOOT)  # type: ignore[attr-defined]
    if path == "cases/i/":
        player = tab.locator(".case-player")  # type: ignore[attr-defined]
        player.get_by_role("button", name="Next", exact=True).click()
        expect(player.locator(".cp-eval-bar")).to_be_visible()
    tab.wait_for_timeout(1000)  # type: ignore[attr-defined]
    assert tab.evaluate("window.__csp") == []  # type: ignore[attr-defined]
