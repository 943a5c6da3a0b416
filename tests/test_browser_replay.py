"""Replay a game (docs/replay.md, egn-replay.mjs) in Chromium: every valid record of the EGN corpus opens
and steps to its end on the reader's table; the invalid ones show the engine's error naming the deal, the
trick and the law; a branch is played and left; a link carries the record and the position; the export
downloads EGN with the branch as an alternative line. Everything runs in the page (no other host)."""

from __future__ import annotations

import base64
import json
import os
import re
import time
import zlib
from collections.abc import Iterable
from pathlib import Path

import pytest
import test_browser_widgets as widgets
from browser_support import Guard, guarded_tab
from conftest import EGN_DIR, INVALID_EGN, BuiltSite
from test_browser_widgets import run_axe

pytestmark = [pytest.mark.browser, pytest.mark.slow]
axe_path = widgets.axe_path

INVALID = set(INVALID_EGN)
FILES = sorted(p.name for p in EGN_DIR.glob("*.egn")) if EGN_DIR.is_dir() else []


def _open_page(tab: object, built_site: BuiltSite) -> None:
    """The Replay page, once its widget has mounted (its module is imported when the page has its element)."""
    tab.goto(built_site.base + "replay/")  # type: ignore[attr-defined]
    tab.locator(".er-paste").wait_for(state="attached")  # type: ignore[attr-defined]


def _paste(tab: object, text: str) -> None:
    if tab.locator(".er-paste").get_attribute("open") is None:  # type: ignore[attr-defined]
        tab.locator(".er-paste summary").click()  # type: ignore[attr-defined]
    tab.fill("#er-text", text)  # type: ignore[attr-defined]
    tab.locator(".er-open-text").click()  # type: ignore[attr-defined]


@pytest.mark.skipif(not FILES, reason="the EGN corpus is not present")
def test_every_record_of_the_corpus_opens_and_steps_to_its_end_or_shows_its_error(
    page: tuple[object, Guard], built_site: BuiltSite
) -> None:
    from playwright.sync_api import expect

    tab, _ = page
    _open_page(tab, built_site)
    status = tab.locator(".er-status")  # type: ignore[attr-defined]
    for i, name in enumerate(FILES):
        path = EGN_DIR / name
        if i % 2:  # half by the file picker, half pasted
            tab.locator(".er-file input").set_input_files(str(path))  # type: ignore[attr-defined]
        else:
            _paste(tab, path.read_text(encoding="utf-8"))
        if name in INVALID:
            expect(status).to_have_text(re.compile(r"^This record cannot be replayed: deal \d+"))
            continue
        expect(status).to_have_text(re.compile(r"checked by the engine"))
        deals = json.loads(path.read_text(encoding="utf-8"))["deals"]
        options = tab.locator(".er-deal option")  # type: ignore[attr-defined]
        expect(options).to_have_count(len(deals))
        for d in range(len(deals)):
            tab.locator(".er-deal").select_option(str(d))  # type: ignore[attr-defined]
            expect(tab.locator(".er-pos")).to_have_text(re.compile(r"^Step 0 of \d+$"))  # type: ignore[attr-defined]
            tab.locator('[data-act="last"]').click()  # type: ignore[attr-defined]
            pos = tab.locator(".er-pos")  # type: ignore[attr-defined]
            expect(pos).to_have_text(re.compile(r"^Step (\d+) of \1$"))
        status_text = status.inner_text()
        assert "cannot" not in status_text, (name, status_text)


def test_a_record_by_keyboard_a_branch_and_back_a_link_and_the_export(
    page: tuple[object, Guard], built_site: BuiltSite, axe_path: Path
) -> None:
    from playwright.sync_api import expect

    tab, _ = page
    _open_page(tab, built_site)
    # issue 26: opening a file is the page's primary action; once open, one line says what to do next
    expect(tab.locator(".er-file")).to_have_class(re.compile(r"\bmd-button--primary\b"))  # type: ignore[attr-defined]
    tab.get_by_role("button", name="try an example").click()  # type: ignore[attr-defined]
    expect(tab.locator(".er-status")).to_have_text(re.compile("checked by the engine"))  # type: ignore[attr-defined]
    cue = tab.locator(".er-cue")  # type: ignore[attr-defined]
    expect(cue).to_have_text("Step through the bidding with Next (or →); the play follows.")
    expect(tab.get_by_role("button", name="Next", exact=True)).to_have_class(re.compile(r"\bmd-button--primary\b"))  # type: ignore[attr-defined]
    board = tab.locator(".et-board")  # type: ignore[attr-defined]
    board.click(position={"x": 5, "y": 5})
    pos = tab.locator(".er-pos")  # type: ignore[attr-defined]
    for _ in range(12):  # through the bidding into the play, by the arrow key
        tab.keyboard.press("ArrowRight")  # type: ignore[attr-defined]
        if tab.locator(".et-play:not(.et-illegal):not(.et-next)").count():  # type: ignore[attr-defined]
            break
    expect(pos).to_have_text(re.compile(r"^Step \d+ of \d+$"))
    expect(cue).to_have_text(re.compile(r"^Step through with Next \(or →\); [ABCD]’s framed card is the record’s"))
    expect(tab.locator(".er-dd")).to_contain_text("Best play from here")  # type: ignore[attr-defined]
    assert tab.locator(".et-best").count() >= 1  # type: ignore[attr-defined]
    other = tab.locator(".et-play:not(.et-illegal):not(.et-next)").first  # type: ignore[attr-defined]
    other.click()
    expect(pos).to_have_text(re.compile(r"^Branch: step 1 of \d+$"))
    expect(tab.locator(".er-branch")).to_contain_text("Your branch")  # type: ignore[attr-defined]
    expect(cue).to_have_text(re.compile(r"^Your branch: step through it with Next \(or →\), play another card"))
    tab.keyboard.press("End")  # type: ignore[attr-defined]
    expect(tab.locator(".et-result")).to_be_visible()  # type: ignore[attr-defined]
    expect(cue).to_have_text(re.compile(r"^Your branch is played out"))
    assert run_axe(tab) == []
    # the link carries the record and the position; a fresh page opens it in the branch
    tab.evaluate("navigator.clipboard && (navigator.clipboard.writeText = () => Promise.resolve())")  # type: ignore[attr-defined]
    tab.get_by_role("button", name="Copy a link to this position").click()  # type: ignore[attr-defined]
    expect(tab).to_have_url(re.compile(r"#egn=[A-Za-z0-9_-]+&d=0&s=\d+&m="))
    url = tab.url  # type: ignore[attr-defined]
    with tab.expect_download() as info:  # type: ignore[attr-defined]
        tab.get_by_role("button", name=re.compile("Export EGN")).click()  # type: ignore[attr-defined]
    exported = json.loads(Path(info.value.path()).read_text(encoding="utf-8"))
    assert exported["deals"][0]["alternativeLines"][0]["phases"][0]["tricks"]
    tab.keyboard.press("Escape")  # type: ignore[attr-defined]
    expect(pos).to_have_text(re.compile(r"^Step \d+ of \d+$"))
    tab.goto(built_site.base + "index.html")  # type: ignore[attr-defined]
    tab.goto(url)  # type: ignore[attr-defined]
    expect(tab.locator(".er-pos")).to_have_text(re.compile(r"^Branch: step \d+ of \d+$"))  # type: ignore[attr-defined]
    expect(tab.locator(".et-board")).to_be_in_viewport()  # type: ignore[attr-defined]  # issue 26: the table in view


def test_a_tampered_link_says_so(page: tuple[object, Guard], built_site: BuiltSite) -> None:
    from playwright.sync_api import expect

    tab, _ = page
    tab.goto(built_site.base + "replay/#egn=not-a-record&d=0&s=3")  # type: ignore[attr-defined]
    expect(tab.locator(".er-status")).to_have_text(re.compile("cannot be read|cannot be replayed"))  # type: ignore[attr-defined]


def test_the_replay_page_fits_a_phone(browser: object, built_site: BuiltSite) -> None:
    from playwright.sync_api import expect

    with guarded_tab(browser, {"width": 360, "height": 800}, "dark", service_workers="allow") as tab:
        tab.goto(built_site.base + "replay/")
        # issue 26: the way to open a record is on the first screen
        for opener in (tab.locator(".er-file"), tab.get_by_role("button", name="try an example")):
            box = opener.bounding_box()
            assert box is not None and box["y"] + box["height"] <= 800, box
        tab.get_by_role("button", name="try an example").click()
        expect(tab.locator(".er-status")).to_have_text(re.compile("checked by the engine"))
        meta = tab.locator(".er-meta").inner_text()  # the rules in words, not the profile's id ("modern24")
        assert "rules: modern euchre: 24-card pack" in meta and "modern24" not in meta, meta
        for _ in range(8):
            tab.locator('[data-act="next"]').click()
        assert tab.evaluate("document.documentElement.scrollWidth") <= 360
        # the bidding in words and suit signs, not the record's codes ("A call C", "discard QC")
        calls = tab.locator(".er-calls").inner_text()
        assert "passes" in calls or "orders up" in calls or "plays alone" in calls, calls
        assert not re.search(r"\b(?:call|play|discard|order) [A-Z0-9]{1,2}\b", calls), calls


# --------------------------------------------------------------------------- hostile links (every input bounded)

WATCH_WORKER = """
window.__posted = 0;  // characters posted to the engine's worker (Python); the search worker's are not counted
const NativeWorker = window.Worker;
window.Worker = class extends NativeWorker {
  constructor(url, options) {
    super(url, options);
    this.engine = String(url).includes("engine-worker");
  }
  postMessage(message, ...rest) {
    if (this.engine) {
      try { window.__posted += JSON.stringify(message).length; } catch (error) { window.__posted += 1; }
    }
    return super.postMessage(message, ...rest);
  }
};
"""


def _link_code(parts: Iterable[bytes]) -> str:
    """The #egn= code of a record given in parts: deflated (raw), base64url, as the page's share button writes it."""
    c = zlib.compressobj(9, zlib.DEFLATED, -15)
    data = b"".join(c.compress(p) for p in parts) + c.flush()
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def _bomb(inflated_mb: int) -> str:
    """A deflate bomb: the start of an EGN record, then ``inflated_mb`` MiB of spaces (about 1,000 to 1)."""
    head = b'{"fileType": "Euchre Game Notation", "title": "'
    return _link_code([head, *([b" " * (1 << 20)] * inflated_mb), b'"}'])


def _renderer_peak_mb() -> float:
    """The largest peak resident memory (VmHWM) of this test's Chromium renderers, in MB (Linux /proc)."""
    parents: dict[int, int] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
            parents[int(stat.parent.name)] = int(fields[1])
        except (OSError, IndexError, ValueError):
            continue
    ours = {os.getpid()}
    for _ in range(8):  # pytest -> the Playwright driver -> Chromium -> its renderers
        ours |= {p for p, pp in parents.items() if pp in ours}
    peak = 0.0
    for pid in ours:
        try:
            if "--type=renderer" not in (Path("/proc") / str(pid) / "cmdline").read_text().replace("\0", " "):
                continue
            status = (Path("/proc") / str(pid) / "status").read_text()
        except OSError:
            continue
        hwm = re.search(r"^VmHWM:\s+(\d+) kB", status, re.M)
        peak = max(peak, int(hwm.group(1)) / 1024 if hwm else 0.0)
    return peak


def _python_untouched(tab: object, guard: Guard) -> None:
    """Nothing of the link went to Python: no worker, nothing posted to one, no runtime fetched."""
    assert tab.evaluate("window.__posted") == 0  # type: ignore[attr-defined]
    tab.wait_for_function("() => window.euchreEngine")  # type: ignore[attr-defined]
    assert tab.evaluate("window.euchreEngine.stats().workers") == 0  # type: ignore[attr-defined]
    assert not [u for u in guard.requests if "/pyodide/" in u]


def test_a_deflate_bomb_link_stops_at_the_record_limit_and_says_so(browser: object, built_site: BuiltSite) -> None:
    """A link whose record inflates to about 147 MB: the page stops reading at 1,000,000 bytes (the
    engine's bound, LIMITS["text"]), names the limit, keeps its memory small and sends nothing to Python."""
    from playwright.sync_api import expect

    from euchre_core.kernel.limits import limit

    code = _bomb(140)
    assert len(code) < limit("link")
    with guarded_tab(browser, {"width": 1280, "height": 720}) as tab:
        guard = tab.guard
        tab.add_init_script(WATCH_WORKER)
        cdp = tab.context.new_cdp_session(tab)
        cdp.send("Performance.enable")
        started = time.monotonic()
        tab.goto(built_site.base + "replay/#egn=" + code + "&d=0&s=0")
        status = tab.locator(".er-status")
        expect(status).to_have_text(
            f"This link's record is larger than {limit('text'):,} bytes once inflated, the most this page reads: "
            "reading stopped there and the record was not opened.",
        )
        seconds = time.monotonic() - started
        heap = {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}
        peak = _renderer_peak_mb()
        print(
            f"bomb link of {len(code):,} characters (140 MiB inflated): stopped in {seconds:.1f} s, "
            f"JS heap {heap['JSHeapUsedSize'] / 1e6:.1f} MB used / {heap['JSHeapTotalSize'] / 1e6:.1f} MB, "
            f"renderer peak RSS {peak:.0f} MB"
        )
        assert heap["JSHeapTotalSize"] < 64e6
        assert 0 < peak < 400
        _python_untouched(tab, guard)
        assert not guard.errors and not guard.outside


BAD_LINKS = {
    "#egn=%E0%A4%A&d=0&s=0": "malformed % escape",
    "#egn=abc%zz": "malformed % escape",
    "#egn=%": "malformed % escape",
    "#egn=q1YqSI&m=%E0%A4%A": "malformed % escape",
    "#egn=" + "A" * 200_001: "longer than 200,000 characters",
    "#egn=not+base64!": "cannot be read",
    "#egn=AAAA": "cannot be read",
}


@pytest.mark.parametrize("fragment", list(BAD_LINKS), ids=lambda f: f[:24])
def test_a_malformed_link_says_why_and_sends_nothing_to_python(
    page: tuple[object, Guard], built_site: BuiltSite, fragment: str
) -> None:
    """A malformed % escape threw an uncaught URIError (the widget showed nothing); a link over the
    link limit is refused before it is decoded; each says why, and Python is never asked."""
    from playwright.sync_api import expect

    tab, guard = page
    tab.context.add_init_script(WATCH_WORKER)  # type: ignore[attr-defined]
    tab.goto(built_site.base + "replay/" + fragment)  # type: ignore[attr-defined]
    expect(tab.locator(".er-status")).to_contain_text(BAD_LINKS[fragment])  # type: ignore[attr-defined]
    expect(tab.locator(".er-status")).to_have_class(re.compile("er-error"))  # type: ignore[attr-defined]
    _python_untouched(tab, guard)
    assert tab.locator(".er-drop").is_visible()  # type: ignore[attr-defined]  # the page still opens a file


def test_a_pasted_record_over_the_limit_is_refused_before_python(
    page: tuple[object, Guard], built_site: BuiltSite
) -> None:
    from playwright.sync_api import expect

    from euchre_core.kernel.limits import limit

    tab, guard = page
    tab.context.add_init_script(WATCH_WORKER)  # type: ignore[attr-defined]
    _open_page(tab, built_site)
    tab.evaluate(  # type: ignore[attr-defined]
        "n => { document.querySelector('.er-paste').open = true; document.querySelector('#er-text').value = '{' + ' '.repeat(n) + '}'; }",
        limit("text"),
    )
    tab.locator(".er-open-text").click()  # type: ignore[attr-defined]
    expect(tab.locator(".er-status")).to_have_text(  # type: ignore[attr-defined]
        f"This record is larger than {limit('text'):,} bytes, the most this page reads: it was not opened."
    )
    _python_untouched(tab, guard)
