"""The engine in the browser: how long the reader waits, and how much is downloaded.

Builds the site into a temporary folder (or takes ``--site DIR``, a built site), serves it on
127.0.0.1 under /repo/ with a threaded static server, and drives Debian's Chromium (headless, a
new cold profile for every page load) to measure, in one run:

* the floor: a bare page that only calls ``loadPyodide`` on the same runtime files;
* a case page: from navigation to the first step answered by Python, and, when the reader clicks
  Next at once, from that click to its answer; the bytes transferred (page, worker and runtime);
* the next case page reached by Material's instant navigation: from the click to the widgets live;
* every answer of a live page: each step of every case and each "what if" (every legal card at
  every step of every case), through ``window.euchreEngine.call`` (worker round trip included),
  and the reader's Next clicks on Case I (click to the new position drawn).

Run: ``python benchmarks/bench_browser.py [--runs 5] [--site DIR]``. Prints numbers (medians of
the cold runs, which alternate between the bare page and the case page), no assertions.
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
import zipfile
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
ARGS = ["--no-sandbox", "--disable-background-networking", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-component-update", "--disable-sync"]
BARE = """<!doctype html><meta charset="utf-8"><title>bare Pyodide</title>
<script type="module">
const { loadPyodide } = await import("./repo/pyodide/pyodide.mjs");
await loadPyodide({ indexURL: new URL("./repo/pyodide/", location.href).href });
window.bareReady = performance.now();
</script>
"""


class Quiet(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:  # noqa: A002
        pass


def serve(root: Path) -> tuple[ThreadingHTTPServer, str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(root)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def build(root: Path, base: str) -> None:
    env = dict(os.environ, PYTHONPATH=str(REPO), SITE_URL=base + "repo/", NO_MKDOCS_2_WARNING="1")
    start = time.monotonic()
    subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(root / "repo")],
                   cwd=REPO, env=env, check=True, capture_output=True)
    print(f"site build: {time.monotonic() - start:.1f} s")


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def summary(values: list[float]) -> str:
    return (f"median {statistics.median(values):7.1f} ms   p95 {pct(values, .95):7.1f} ms   "
            f"max {max(values):7.1f} ms   (n={len(values)})")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="cold loads of each page (default 5)")
    parser.add_argument("--site", type=Path, help="a built site (its folder); default: build one now")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        server, base = serve(root)
        if args.site:
            (root / "repo").symlink_to(args.site.resolve())
        else:
            build(root, base)
        (root / "bare.html").write_text(BARE, encoding="utf-8")
        site = base + "repo/"
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)

            def cold(url: str) -> tuple[object, object, list[int]]:
                context = browser.new_context(viewport={"width": 1280, "height": 900})
                sizes: list[int] = []

                def done(request: object) -> None:
                    try:
                        s = request.sizes()  # type: ignore[attr-defined]
                        sizes.append(s["responseBodySize"] + s["responseHeadersSize"])
                    except Exception:  # noqa: BLE001 (a request without a response)
                        pass

                context.on("requestfinished", done)
                page = context.new_page()
                page.goto(url)
                return context, page, sizes

            bare, first, click, live, engine_part, dcl, transferred = [], [], [], [], [], [], []
            for _ in range(args.runs):
                context, page, _sizes = cold(base + "bare.html")
                page.wait_for_function("window.bareReady", timeout=120_000)
                bare.append(page.evaluate("window.bareReady"))
                context.close()

                context, page, sizes = cold(site + "cases/i/")
                page.wait_for_function("performance.getEntriesByName('euchre:case-step').length > 0", timeout=120_000)
                first.append(page.evaluate("performance.getEntriesByName('euchre:case-step')[0].startTime"))
                dcl.append(page.evaluate("performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd"))
                page.wait_for_timeout(300)
                transferred.append(sum(sizes))
                context.close()

                # the reader clicks Next as soon as the player is on the page
                context, page, _sizes = cold(site + "cases/i/")
                page.locator(".case-player .cp-next").wait_for()
                t0 = page.evaluate("performance.now()")
                page.locator(".case-player .cp-next").click()
                page.wait_for_function("document.querySelector('.cp-announce').textContent.startsWith('B plays')",
                                       timeout=120_000)
                click.append(page.evaluate("performance.now()") - t0)
                context.close()

            # instant navigation to the next case, then every answer on the live page
            context, page, sizes = cold(site + "cases/i/")
            page.wait_for_function("performance.getEntriesByName('euchre:case-step').length > 0", timeout=120_000)
            page.wait_for_timeout(2000)   # the reader looks at the page (the player prefetches in idle time)
            for target in ("II", "III", "IV"):
                before = page.evaluate("performance.getEntriesByName('euchre:case-step').length")
                t0 = page.evaluate(
                    "id => { const a = [...document.querySelectorAll('a.md-nav__link')]"
                    ".find(l => l.textContent.trim() === 'Case ' + id);"
                    " const t = performance.now(); a.click(); return t; }",
                    target)
                page.wait_for_function(
                    f"performance.getEntriesByName('euchre:case-step').length > {before} && "
                    f"document.querySelector('.case-player[data-case=\"{target}\"] .cp-board:not([hidden])')",
                    timeout=30_000)
                marks = page.evaluate("performance.getEntriesByName('euchre:case-step').map(m => m.startTime)")
                scans = page.evaluate("performance.getEntriesByName('euchre:scan').map(m => m.startTime)")
                live.append(marks[-1] - t0)
                engine_part.append(marks[-1] - scans[-1])
            stats = page.evaluate("euchreEngine.stats()")

            step_ms, whatif_ms = page.evaluate("""async () => {
                const steps = [], whatifs = [];
                for (const id of ['I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX']) {
                  const first = await euchreEngine.call('euchre_core.app.web.case_step', {case_id: id, step: 0});
                  for (let s = 0; s <= first.steps; s++) {
                    let t = performance.now();
                    const a = await euchreEngine.call('euchre_core.app.web.case_step', {case_id: id, step: s});
                    steps.push(performance.now() - t);
                    for (const card of a.legal) {
                      t = performance.now();
                      await euchreEngine.call('euchre_core.app.web.what_if', {case_id: id, step: s, card: card});
                      whatifs.push(performance.now() - t);
                    }
                  }
                }
                return [steps, whatifs];
            }""")

            # which files of the standard library Python actually read (for a trimmed python_stdlib.zip)
            used = page.evaluate("""async () => (await euchreEngine.call('euchre_core.app.web.run_snippet', {code:
                "import sys\\nfor m in list(sys.modules.values()):\\n    f = getattr(m, '__file__', None) or ''\\n"
                + "    if 'python3' in f and '.zip/' in f: print(f.split('.zip/', 1)[1])"})).output""")

            page.goto(site + "cases/i/")
            page.wait_for_function("performance.getEntriesByName('euchre:case-step').length > 0", timeout=120_000)
            clicks = page.evaluate("""async () => {
                const out = [], next = document.querySelector('.case-player .cp-next');
                const announce = document.querySelector('.case-player .cp-announce');
                for (let i = 0; i < 20; i++) {
                  const before = performance.getEntriesByName('euchre:case-step').length;
                  const t = performance.now();
                  next.click();
                  while (performance.getEntriesByName('euchre:case-step').length === before) {
                    await new Promise(r => setTimeout(r, 1));
                  }
                  out.push(performance.now() - t);
                }
                return out;
            }""")
            context.close()
            browser.close()
        server.shutdown()

        pyodide = root / "repo" / "pyodide"
        files = {f.name: f.stat().st_size for f in pyodide.iterdir()}
        gzipped = {f.name: len(gzip.compress(f.read_bytes(), 9)) for f in pyodide.iterdir()}
        stdlib = zipfile.ZipFile(io.BytesIO((pyodide / "python_stdlib.zip").read_bytes()))
        stdlib_raw = sum(i.file_size for i in stdlib.infolist())
        needed = {line.strip() for line in used.splitlines() if line.strip()}
        kept = [i for i in stdlib.infolist() if i.filename in needed]
        trimmed = io.BytesIO()
        with zipfile.ZipFile(trimmed, "w", zipfile.ZIP_DEFLATED) as out:
            for info in kept:
                out.writestr(info.filename, stdlib.read(info.filename))

    floor = statistics.median(bare)
    ours = statistics.median(first)
    print(f"\nChromium headless, cold profile, {args.runs} runs each (medians; the machine's load varies):")
    print(f"  bare loadPyodide (the floor):            {floor:7.0f} ms   runs {[round(x) for x in bare]}")
    print(f"  case page, navigation → first step:      {ours:7.0f} ms   runs {[round(x) for x in first]}"
          f"   ({100 * (ours - floor) / floor:+.0f}% over the floor)")
    print(f"    of which the page's own load (DOMContentLoaded): {statistics.median(dcl):.0f} ms")
    print(f"  click at once → its answer:              {statistics.median(click):7.0f} ms   "
          f"runs {[round(x) for x in click]}")
    print(f"  bytes transferred by the case page:      {statistics.median(transferred) / 1e6:7.2f} MB")
    print(f"  instant navigation → widgets live:       {statistics.median(live):7.1f} ms   "
          f"runs {[round(x, 1) for x in live]}   (Pyodide starts: {stats['starts']})")
    print(f"    of which from Material's new page (document$) to the first step drawn: "
          f"{statistics.median(engine_part):.1f} ms")
    print(f"  case_step answers (all cases):           {summary(step_ms)}")
    print(f"  what_if answers (every legal card):      {summary(whatif_ms)}")
    print(f"  Next clicks on Case I (click → drawn):   {summary(clicks)}")
    print("\nRuntime files in site/pyodide/ (as served here; gzip -9, as a server that compresses would send them):")
    for name, size in sorted(files.items(), key=lambda kv: -kv[1]):
        print(f"  {name:40s} {size / 1e6:6.2f} MB   gzip {gzipped[name] / 1e6:6.2f} MB")
    print(f"  total                                    {sum(files.values()) / 1e6:6.2f} MB   "
          f"gzip {sum(gzipped.values()) / 1e6:6.2f} MB")
    print(f"  python_stdlib.zip holds {len(stdlib.infolist())} files ({stdlib_raw / 1e6:.1f} MB uncompressed); "
          f"Python read {len(kept)} of them for the widgets: a zip of only those would be "
          f"{len(trimmed.getvalue()) / 1e6:.2f} MB instead of {files['python_stdlib.zip'] / 1e6:.2f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
