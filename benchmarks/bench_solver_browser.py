"""The double-dummy solver under Pyodide in headless Chromium: median and 95th percentile per deal.

Builds the site (under /repo/), serves it on 127.0.0.1, opens the engine page, waits for the
engine's worker and has it solve the same seeded deals as ``benchmarks/bench_solver.py`` (32-card
pack, 20 cards dealt, a random trump and makers, the eldest hand to lead), timing each solve
inside Python. Run with the project's venv after ``make build`` dependencies are installed:

    .venv/bin/python benchmarks/bench_solver_browser.py [--deals 1000]

Prints numbers; asserts nothing. Target: median under 40 ms.
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import subprocess
import sys
import tempfile
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

SNIPPET = """
import random, statistics, time
from euchre_core.kernel.cards import pack
from euchre_core.kernel.deal import Deal
from euchre_core.search.solver import solve
rng = random.Random({seed})
times = []
nodes = 0
for _ in range({deals}):
    cards = pack(32)
    rng.shuffle(cards)
    hands = [cards[5 * i: 5 * i + 5] for i in range(4)]
    trump = "CDHS"[rng.randrange(4)]
    maker = rng.randrange(4)
    d = Deal.position(hands, trump, maker=maker, dealer=0)
    t = time.perf_counter()
    r = solve(d)
    times.append((time.perf_counter() - t) * 1000)
    nodes += r.nodes
times.sort()
print(json.dumps({{"deals": len(times), "median_ms": round(statistics.median(times), 2),
                  "p95_ms": round(times[int(0.95 * len(times)) - 1], 2), "mean_ms": round(statistics.mean(times), 2),
                  "max_ms": round(times[-1], 2), "mean_nodes": round(nodes / len(times), 1)}}))
"""


class Quiet(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:  # noqa: A002
        pass


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--deals", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "repo"
        env = dict(os.environ, PYTHONPATH=str(ROOT), NO_MKDOCS_2_WARNING="1", SITE_URL="http://127.0.0.1/repo/")
        subprocess.run(
            [str(Path(sys.executable).with_name("mkdocs")), "build", "-q", "-d", str(site)],
            cwd=ROOT,
            env=env,
            check=True,
        )
        server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=tmp))
        threading.Thread(target=server.serve_forever, daemon=True).start()
        base = f"http://127.0.0.1:{server.server_address[1]}/repo/"
        with sync_playwright() as p:
            browser = p.chromium.launch(
                executable_path="/usr/bin/chromium",
                headless=True,
                args=["--no-sandbox", "--disable-background-networking", "--disable-gpu"],
            )
            page = browser.new_page()
            page.goto(base + "engine/")
            page.wait_for_function("() => window.euchreEngine", timeout=60_000)
            page.evaluate("() => window.euchreConsole.ready()")  # snippets run in the console's own engine
            code = "import json\n" + SNIPPET.format(seed=a.seed, deals=a.deals)
            answer = page.evaluate(
                "(code) => window.euchreConsole.call('euchre_core.app.web.run_snippet', {code: code})", code
            )
            browser.close()
        server.shutdown()
    if not answer.get("ok"):
        raise SystemExit(answer.get("error"))
    result = json.loads(answer["output"].strip().splitlines()[-1])
    print(json.dumps({"engine": "euchre_core.search.solver under Pyodide in Chromium", **result}))


if __name__ == "__main__":
    main()
