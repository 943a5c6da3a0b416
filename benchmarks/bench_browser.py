"""Instant pages: how long the reader waits, and how much is downloaded (issue 16's targets).

Builds the site into a temporary folder (or takes ``--site DIR``, a built site), serves it on
127.0.0.1 under /repo/ with a threaded static server, together with today's runtime files as the npm
package has them (``node_modules/pyodide`` under /today/), and drives Debian's Chromium (headless, a
new cold profile for every page load) to measure, in one run, each case alternately:

* the floor, today: a bare page that only calls ``loadPyodide`` on today's runtime files;
* the same bare boot on the site's runtime (pre-compiled, trimmed standard library);
* a case page: DOMContentLoaded, the table live (its first position drawn) after it, whether any of
  Python was fetched, the bytes before the first interaction (all, and beyond Material's own
  ``assets/``; the service worker's own requests, the offline copy it saves, apart); a first-level "what if" (click on a card → the line drawn) and a Next click;
* the first answer that needs Python (on the case page, a call that is not precomputed: from the
  call to the answer, Python's start included), against the bare boot of today's files;
* instant navigation to the next case page: the pointer over its link, pressed and released (real
  mouse events): click → the new table live.

Everything also with the network throttled through the DevTools protocol (``--throttle``, by
default 20 Mbit/s down and up, 40 ms latency). Prints medians and each run (the spread), and the
runtime's bytes before and after. No assertions.

Run: ``python benchmarks/bench_browser.py [--runs 5] [--site DIR] [--no-throttle] [--gzip] [--dwell MS]
[--no-cache-headers]`` (``--gzip``: every file served gzip-compressed, as GitHub Pages sends them; by
default as they are; every file is sent with GitHub Pages' ``Cache-Control: max-age=600`` unless
``--no-cache-headers``).
"""

from __future__ import annotations

import argparse
import functools
import gzip
import io
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
from build_scripts import pyodide_runtime  # noqa: E402

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
ARGS = [
    "--no-sandbox",
    "--disable-background-networking",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-component-update",
    "--disable-sync",
]
BARE = """<!doctype html><meta charset="utf-8"><title>bare Pyodide</title>
<script type="module">
window.bareStart = performance.now();
const { loadPyodide } = await import("./%s/pyodide.mjs");
await loadPyodide({ indexURL: new URL("./%s/", location.href).href });
window.bareReady = performance.now();
</script>
"""
LIVE = "() => performance.getEntriesByName('euchre:case-step').length > 0"


class Quiet(SimpleHTTPRequestHandler):
    compress = False
    cache_headers = True
    _gzipped: dict[str, bytes] = {}

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002
        pass

    def end_headers(self) -> None:
        """As GitHub Pages sends them: ``Cache-Control: max-age=600`` (unless ``--no-cache-headers``)."""
        if self.cache_headers:
            self.send_header("Cache-Control", "max-age=600")
        super().end_headers()

    def send_head(self) -> Any:
        """With ``--gzip``: every file gzip-compressed (level 6, as a compressing host would send it),
        a folder's ``index.html`` too (a page's URL ends with ``/``)."""
        path = self.translate_path(self.path)
        if os.path.isdir(path) and self.path.split("?")[0].endswith("/"):
            path = os.path.join(path, "index.html")
        if not self.compress or "gzip" not in self.headers.get("Accept-Encoding", "") or not os.path.isfile(path):
            return super().send_head()
        data = self._gzipped.get(path)
        if data is None:
            data = self._gzipped[path] = gzip.compress(Path(path).read_bytes(), 6)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        return io.BytesIO(data)


def serve(root: Path, compress: bool = False, cache_headers: bool = True) -> tuple[ThreadingHTTPServer, str]:
    handler = type("Handler", (Quiet,), {"compress": compress, "cache_headers": cache_headers})
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(handler, directory=str(root)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def build(root: Path, base: str, tree: Path = REPO, name: str = "repo") -> float:
    """The site of the source ``tree`` built into ``root/name`` for ``base + name + "/"``: its seconds."""
    env = dict(os.environ, PYTHONPATH=str(tree), SITE_URL=base + name + "/", NO_MKDOCS_2_WARNING="1")
    start = time.monotonic()
    subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(root / name)],
        cwd=tree,
        env=env,
        check=True,
        capture_output=True,
    )
    return time.monotonic() - start


def note(what: str) -> None:
    """Progress, on stderr (the results go to stdout)."""
    print(f"  … {what}", file=sys.stderr, flush=True)


def spread(values: list[float], unit: str = "ms", digits: int = 0) -> str:
    if not values:
        return "—"
    runs = ", ".join(f"{v:.{digits}f}" for v in values)
    return (
        f"median {statistics.median(values):8.{digits}f} {unit}   (min {min(values):.{digits}f}, "
        f"max {max(values):.{digits}f}; runs {runs})"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="cold loads of each case (default 5)")
    parser.add_argument("--site", type=Path, help="a built site (its folder); default: build one now")
    parser.add_argument("--no-throttle", action="store_true", help="skip the throttled runs")
    parser.add_argument("--mbit", type=float, default=20.0)
    parser.add_argument("--latency", type=float, default=40.0)
    parser.add_argument(
        "--dwell", type=float, default=0, help="ms the pointer rests on the next page's link before the click"
    )
    parser.add_argument("--gzip", action="store_true", help="serve every file gzip-compressed (as GitHub Pages)")
    parser.add_argument(
        "--no-cache-headers", action="store_true", help="serve without Cache-Control (GitHub Pages sends max-age=600)"
    )
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    results: dict[str, dict[str, list[float]]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        server, base = serve(root, args.gzip, not args.no_cache_headers)
        if args.site:
            (root / "repo").symlink_to(args.site.resolve())
        else:
            print(f"site build: {build(root, base):.1f} s")
        (root / "today").symlink_to(pyodide_runtime.PYODIDE_DIR)
        (root / "bare-today.html").write_text(BARE % ("today", "today"), encoding="utf-8")
        (root / "bare-site.html").write_text(BARE % ("repo/pyodide", "repo/pyodide"), encoding="utf-8")
        site = base + "repo/"
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)

            def cold(url: str, throttle: bool) -> tuple[Any, Any, list[tuple[str, int]]]:
                context = browser.new_context(viewport={"width": 1280, "height": 900})
                page = context.new_page()
                requests: list[tuple[str, int]] = []
                offline: list[tuple[str, int]] = []

                def done(request: Any) -> None:
                    try:
                        s = request.sizes()
                        sent = (request.url, s["responseBodySize"] + s["responseHeadersSize"])
                    except Exception:  # noqa: BLE001 (a request without a response)
                        return
                    # the service worker's own requests (the offline copy it saves after the page's
                    # load) are counted apart: they are not what the page needs to be read
                    (offline if getattr(request, "service_worker", None) is not None else requests).append(sent)

                context.on("requestfinished", done)
                if throttle:
                    cdp = context.new_cdp_session(page)
                    cdp.send("Network.enable")
                    rate = args.mbit * 1e6 / 8
                    cdp.send(
                        "Network.emulateNetworkConditions",
                        {
                            "offline": False,
                            "latency": args.latency,
                            "downloadThroughput": rate,
                            "uploadThroughput": rate,
                        },
                    )
                page.goto(url)
                cold.offline = offline  # type: ignore[attr-defined]
                return context, page, requests

            for label, throttle in [("localhost", False)] + (
                [] if args.no_throttle else [(f"throttled {args.mbit:g} Mbit/s, {args.latency:g} ms", True)]
            ):
                r: dict[str, list[float]] = {
                    k: []
                    for k in (
                        "bare_today",
                        "bare_site",
                        "dcl",
                        "live",
                        "live_after_dcl",
                        "python_fetched",
                        "bytes",
                        "bytes_own",
                        "bytes_offline",
                        "whatif",
                        "next",
                        "first_python",
                        "first_python_bytes",
                        "nav",
                        "nav_material",
                    )
                }
                heaviest: list[tuple[str, int]] = []
                for _ in range(args.runs):
                    for name in ("today", "site"):
                        context, page, _ = cold(base + f"bare-{name}.html", throttle)
                        page.wait_for_function("() => window.bareReady", timeout=300_000)
                        r[f"bare_{name}"].append(page.evaluate("window.bareReady - window.bareStart"))
                        context.close()

                    note("case page")
                    context, page, requests = cold(site + "cases/i/", throttle)
                    page.wait_for_function(LIVE, timeout=120_000)
                    live = page.evaluate("performance.getEntriesByName('euchre:case-step')[0].startTime")
                    dcl = page.evaluate("performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd")
                    r["dcl"].append(dcl)
                    r["live"].append(live)
                    r["live_after_dcl"].append(live - dcl)
                    page.wait_for_timeout(1500)  # the reader reads: nothing more may be fetched
                    r["python_fetched"].append(sum(1 for u, _ in requests if "/pyodide/" in u))
                    r["bytes"].append(sum(n for _, n in requests))
                    material_own = ("/repo/assets/", "/repo/search/search_index.json")  # theme, search plugin
                    r["bytes_own"].append(sum(n for u, n in requests if not any(m in u for m in material_own)))
                    r["bytes_offline"].append(sum(n for _, n in cold.offline))  # type: ignore[attr-defined]
                    heaviest = sorted(requests, key=lambda x: -x[1])[:8]
                    note("what if")
                    # a first-level "what if" (Case I, card 3): a legal card that is not the book's
                    page.evaluate("location.hash = '#play=3'")
                    page.wait_for_function(
                        "() => document.querySelector('.cp-where').textContent.includes('Card 3 of')"
                    )
                    timed = """([name, selector]) => new Promise(resolve => {
                        const before = performance.getEntriesByName(name).length;
                        const t = performance.now();
                        document.querySelector(selector).click();
                        (function wait() {
                          const marks = performance.getEntriesByName(name);
                          if (marks.length > before) resolve(marks[marks.length - 1].startTime - t);
                          else setTimeout(wait, 0);
                        })();
                    })"""
                    other = ".case-player button.et-play:not(.et-illegal):not(.et-next)"
                    r["whatif"].append(page.evaluate(timed, ["euchre:what-if", other]))
                    try:
                        page.locator(".case-player [data-back]").click(timeout=10_000)
                        page.wait_for_function(
                            "() => document.querySelector('.cp-where').textContent.includes('Card 3 of')"
                        )
                        r["next"].append(
                            page.evaluate(timed, ["euchre:case-step", '.case-player [data-action="next"]'])
                        )
                    except Exception as error:  # noqa: BLE001 (reported, the run goes on)
                        where = page.evaluate("document.querySelector('.cp-where').textContent")
                        print(f"  (Next not measured in this run: {str(error).splitlines()[0]}; {where})")
                    note("navigation")
                    # instant navigation to the next case, its table live (no Python): the pointer
                    # goes over the link, presses and releases it (real mouse events, as fast as the
                    # browser takes them), at once or after --dwell ms (a reader's pointer rests on a
                    # link before the press); timed from the click (the button's release)
                    page.locator("a.md-nav__link", has_text="Case II").first.hover()
                    if args.dwell:
                        page.wait_for_timeout(args.dwell)
                    page.evaluate("""() => {
                        window.benchBefore = performance.getEntriesByName('euchre:case-step').length;
                        document.addEventListener('click', e => { window.benchClick = e.timeStamp; },
                                                  { capture: true, once: true });
                    }""")
                    page.mouse.down()
                    page.mouse.up()
                    nav, material = page.evaluate("""() => new Promise(resolve => {
                        (function wait() {
                          const marks = performance.getEntriesByName('euchre:case-step');
                          const board = '.case-player[data-case="II"] .et-board';
                          if (window.benchClick && marks.length > window.benchBefore && document.querySelector(board)) {
                            const t = window.benchClick;
                            const scans = performance.getEntriesByName('euchre:scan');
                            resolve([marks[marks.length - 1].startTime - t, scans[scans.length - 1].startTime - t]);
                          }
                          else setTimeout(wait, 1);
                        })();
                    })""")
                    r["nav"].append(nav)
                    r["nav_material"].append(material)
                    note("first Python answer")
                    # the first answer that needs Python (not precomputed): Python's start included
                    before = sum(n for _, n in requests + cold.offline)  # type: ignore[attr-defined]  # the worker's runtime goes through the service worker
                    r["first_python"].append(
                        page.evaluate("""async () => {
                        const t = performance.now();
                        await euchreEngine.call('euchre_core.app.table_view.case_line', {case_id: 'II', step: 0, cards: ['8H', 'AH']})
                          .catch(e => e);
                        return performance.now() - t;
                    }""")
                    )
                    page.wait_for_timeout(200)
                    r["first_python_bytes"].append(sum(n for _, n in requests + cold.offline) - before)  # type: ignore[attr-defined]
                    context.close()
                results[label] = r
            browser.close()
        server.shutdown()

        site_runtime = {f.name: f.stat().st_size for f in (root / "repo" / "pyodide").iterdir()}
        site_gzip = {f.name: len(gzip.compress(f.read_bytes(), 6)) for f in (root / "repo" / "pyodide").iterdir()}
        wheel_name, wheel = pyodide_runtime.build_wheel()
        today = {n: (pyodide_runtime.PYODIDE_DIR / n).stat().st_size for n in pyodide_runtime.RUNTIME_FILES}
        today_gzip = {
            n: len(gzip.compress((pyodide_runtime.PYODIDE_DIR / n).read_bytes(), 6))
            for n in pyodide_runtime.RUNTIME_FILES
        }
        today[wheel_name + " (sources)"] = len(wheel)
        today_gzip[wheel_name + " (sources)"] = len(gzip.compress(wheel, 6))

    print(
        f"\nChromium headless, cold profile for every load, {args.runs} runs (medians; min, max and each run)"
        f"{'; files served gzip-compressed' if args.gzip else '; files served as they are'}:"
    )
    for label, r in results.items():
        floor = statistics.median(r["bare_today"])
        first = statistics.median(r["first_python"])
        print(f"\n[{label}]")
        print(f"  bare loadPyodide, today's files (the floor):  {spread(r['bare_today'])}")
        print(
            f"  bare loadPyodide, the site's runtime:         {spread(r['bare_site'])}"
            f"   ({statistics.median(r['bare_site']) / floor:.2f}× the floor)"
        )
        print(f"  case page DOMContentLoaded:                   {spread(r['dcl'])}")
        print(f"  case page table live after DOMContentLoaded:  {spread(r['live_after_dcl'])}   (target < 300 ms)")
        print(f"  files of Python fetched before interaction:   {spread(r['python_fetched'], '', 0)}   (target 0)")
        print(f"  bytes before the first interaction:           {spread([b / 1e3 for b in r['bytes']], 'kB')}")
        print(
            f"    beyond Material's assets/ and search index: {spread([b / 1e3 for b in r['bytes_own']], 'kB')}"
            "   (target < 400 kB)"
        )
        print(
            f"  the offline copy saved meanwhile (service worker): {spread([b / 1e3 for b in r['bytes_offline']], 'kB')}"
        )
        print(f"  first-level what if (click → line drawn):    {spread(r['whatif'], 'ms', 1)}   (target < 50 ms)")
        print(f"  Next (click → drawn):                        {spread(r['next'], 'ms', 1)}")
        print(f"    the heaviest: {', '.join(f'{u.split(site, 1)[-1]} {n / 1e3:.0f} kB' for u, n in heaviest)}")
        print(f"  instant navigation → next table live:        {spread(r['nav'], 'ms', 1)}   (target < 100 ms)")
        print(f"    of which Material's (click → new page announced): {spread(r['nav_material'], 'ms', 1)}")
        print(
            f"  first answer that needs Python:               {spread(r['first_python'])}"
            f"   ({first / floor:.2f}× the floor; target ≤ 0.70×)"
        )
        paired = [a / b for a, b in zip(r["first_python"], r["bare_today"], strict=False)]
        print(f"    paired with the same run's floor:           {spread(paired, '×', 2)}")
        paired = [a / b for a, b in zip(r["bare_site"], r["bare_today"], strict=False)]
        print(f"  bare boot, site's runtime / today's (paired): {spread(paired, '×', 2)}")
        fetched = [b / 1e6 for b in r["first_python_bytes"]]
        print(f"    bytes it fetched:                           {spread(fetched, 'MB', 2)}")
    print("\nRuntime bytes (raw; gzip -6 as a compressing server would send them):")
    print("  before (today: the npm package's files and the engine's source wheel):")
    for name in sorted(today, key=lambda n: -today[n]):
        print(f"    {name:44s} {today[name] / 1e6:6.2f} MB   gzip {today_gzip[name] / 1e6:6.2f} MB")
    print(f"    {'total':44s} {sum(today.values()) / 1e6:6.2f} MB   gzip {sum(today_gzip.values()) / 1e6:6.2f} MB")
    print("  after (the site's pyodide/; python_stdlib_rest.zip only on the first import of one of its modules):")
    for name in sorted(site_runtime, key=lambda n: -site_runtime[n]):
        print(f"    {name:44s} {site_runtime[name] / 1e6:6.2f} MB   gzip {site_gzip[name] / 1e6:6.2f} MB")
    # what the worker fetches at the start: the compressed copy of a file that has one, not the plain file
    boot = {
        n: s
        for n, s in site_runtime.items()
        if n != "python_stdlib_rest.zip" and not (f"{n}.gz" in site_runtime and not n.endswith(".gz"))
    }
    print(
        f"    {'fetched by the worker at the start':44s} {sum(boot.values()) / 1e6:6.2f} MB   "
        f"gzip {sum(site_gzip[n] for n in boot) / 1e6:6.2f} MB"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
