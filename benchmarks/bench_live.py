"""Play under the laws (issue 38) in headless Chromium at 4x CPU slowdown on a 360 x 740 phone: how fast
each ruling, each claim and each engine player's move answers, and how long the page's main thread is
ever blocked while the engine thinks (it thinks in the worker).

Builds the site (under /repo/) unless ``--site DIR`` gives a built one, serves it on 127.0.0.1, opens
``play/``, starts the engine, then:

1. **In the page** (the reader's round trip, what he waits for): a game is played through the page's
   engine (``window.euchreEngine.call``, the worker the widget uses) with the reader's acts chosen by a
   seeded die: an ordinary act, a breach (a revoke, a lead out of turn, a card dropped) or a claim. Each
   call is timed from the main thread; the calls that answer a breach or a claim are the rulings and
   claims. Every act is sent as the page sends it (``hold``: the ruling comes back before an engine side's
   election); the election that follows (``live_open``) is timed apart, as an engine player's move. A ``PerformanceObserver`` records every long task (over 50 ms) of the main thread meanwhile.
2. **In the worker** (one engine player's move): the same kind of game played inside Pyodide, each
   engine act (``live_turns.engine_step`` then the act) timed alone.

Prints numbers (median, 95th percentile, max, count); asserts nothing. Targets: each ruling and claim
within 300 ms, each engine move within 1 s (95th percentile), no main-thread task over 50 ms.

    .venv/bin/python benchmarks/bench_live.py [--site site] [--calls 150] [--slowdown 4] [--runs 5]

Chromium's CPU throttling (CDP ``Emulation.setCPUThrottlingRate``) slows the page's main thread; the
worker in which Python runs is slowed less (measured here: about 2x at a rate of 4), so run it with
``--slowdown 1`` too and take four times the unthrottled worker figures as the bound for a 4x phone.
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

PAGE_LOOP = """
async ([calls, seed]) => {
  const engine = window.euchreEngine;
  await engine.ready();
  const longTasks = [];
  const obs = new PerformanceObserver((list) => { for (const e of list.getEntries()) longTasks.push(e.duration); });
  obs.observe({ type: "longtask", buffered: false });
  let s = seed;
  const rnd = () => { s = (s * 1103515245 + 12345) % 2147483648; return s / 2147483648; };
  let v = await engine.call("euchre_core.app.live_game.live_new", { seed: seed, seat: "C", err: 15 });
  const out = [];
  for (let i = 0; i < calls && !v.score.over; i++) {
    let pick, kind = "ordinary";
    const r = rnd();
    if (v.claims.length && r < 0.1) { pick = v.claims[0]; kind = "claim"; }
    else if (v.breaches.length && r < 0.25) { pick = v.breaches[Math.floor(rnd() * v.breaches.length)]; kind = "breach"; }
    else { pick = v.acts[0] || v.claims[0]; }
    const before = v.record.deals.flat().length;
    const t = performance.now();
    let next = await engine.call("euchre_core.app.live_game.live_act", { record: v.record, event: pick.event, hold: true });
    const ms = performance.now() - t;
    const engineActs = next.record.deals.flat().length - before - 1;
    out.push({ kind: kind, ms: ms, engine: Math.max(0, engineActs) });
    if (!next.error && next.turn === "engine" && next.waiting === "elect") {
      // the page shows the ruling, then asks the engine side to elect (live_open): its thinking, timed apart
      const t2 = performance.now();
      next = await engine.call("euchre_core.app.live_game.live_open", { record: next.record });
      out.push({ kind: "election", ms: performance.now() - t2, engine: 1 });
    }
    if (!next.error) v = next;
  }
  await new Promise((r) => setTimeout(r, 100));
  obs.disconnect();
  return { calls: out, longTasks: longTasks };
}
"""

WORKER_SNIPPET = """
import json, random, time
from euchre_core.app import live_game as lg
from euchre_core.app import live_turns as lt
rng = random.Random({seed})
g = lt.advance(lg.LiveGame.fold({{"seed": {seed}, "seat": "C", "err": 15, "deals": [[]]}}))
moves = []
for _ in range({calls}):
    if g.rubber.is_over:
        break
    v = lg.live_view(g)
    pool = v["acts"] + v["claims"]
    if v["breaches"] and rng.random() < 0.15:
        pool = v["breaches"]
    g = g.with_event(rng.choice(pool)["event"])
    for _ in range(60):
        t = time.perf_counter()
        event = lt.engine_step(g)
        if event is None:
            break
        g = g.with_event(event)
        moves.append((time.perf_counter() - t) * 1000)
print(json.dumps(moves))
"""


class Quiet(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:  # noqa: A002
        pass


def _stats(values: list[float]) -> dict[str, float | int]:
    if not values:
        return {"n": 0}
    v = sorted(values)
    return {
        "n": len(v),
        "median_ms": round(statistics.median(v), 1),
        "p95_ms": round(v[max(0, int(0.95 * len(v)) - 1)], 1),
        "max_ms": round(v[-1], 1),
    }


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--site", type=Path, help="a site built with SITE_URL=http://127.0.0.1/repo/ (default: build one)")
    ap.add_argument("--calls", type=int, default=150)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--slowdown", type=float, default=4.0)
    ap.add_argument("--runs", type=int, default=5)
    a = ap.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        if a.site is None:
            site = Path(tmp) / "repo"
            env = dict(os.environ, PYTHONPATH=str(ROOT), NO_MKDOCS_2_WARNING="1", SITE_URL="http://127.0.0.1/repo/")
            mkdocs = str(Path(sys.executable).with_name("mkdocs"))
            subprocess.run([mkdocs, "build", "-q", "-d", str(site)], cwd=ROOT, env=env, check=True)
            served = tmp
        else:
            (Path(tmp) / "repo").symlink_to(a.site.resolve())
            served = tmp
        server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=served))
        threading.Thread(target=server.serve_forever, daemon=True).start()
        base = f"http://127.0.0.1:{server.server_address[1]}/repo/"
        runs = []
        with sync_playwright() as p:
            browser = p.chromium.launch(
                executable_path="/usr/bin/chromium",
                headless=True,
                args=["--no-sandbox", "--disable-background-networking", "--disable-gpu"],
            )
            for _ in range(a.runs):
                context = browser.new_context(viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True)
                page = context.new_page()
                page.goto(base + "play/")
                page.wait_for_function("() => window.euchreEngine", timeout=60_000)
                page.evaluate("() => window.euchreEngine.ready()")
                cdp = context.new_cdp_session(page)
                cdp.send("Emulation.setCPUThrottlingRate", {"rate": a.slowdown})
                result = page.evaluate(PAGE_LOOP, [a.calls, a.seed])
                page.evaluate("() => window.euchreConsole.ready()")
                code = WORKER_SNIPPET.format(seed=a.seed, calls=a.calls)
                answer = page.evaluate(
                    "(code) => window.euchreConsole.call('euchre_core.app.web.run_snippet', {code: code})", code
                )
                context.close()
                if not answer.get("ok"):
                    raise SystemExit(answer.get("error"))
                runs.append(_run(result, json.loads(answer["output"].strip().splitlines()[-1])))
            browser.close()
        server.shutdown()
    out: dict[str, object] = {"cpu_slowdown": a.slowdown, "runs": len(runs)}
    for key in runs[0]:
        if key == "long_tasks":
            out[key] = {"n per run": [r[key]["n"] for r in runs], "max_ms": max(r[key]["max_ms"] for r in runs)}
            continue
        out[key] = {
            stat: [r[key][stat] for r in runs]
            for stat in ("n", "median_ms", "p95_ms", "max_ms")
            if stat in runs[0][key]
        }
        p95 = [r[key].get("p95_ms", 0) for r in runs]
        out[key]["p95 spread"] = f"{min(p95)}–{max(p95)} ms"
    print(json.dumps(out, indent=1, ensure_ascii=False))


def _run(result: dict, moves: list[float]) -> dict[str, dict[str, float | int]]:
    calls = result["calls"]
    return {
        "page: a breach's ruling or a claim answered": _stats(
            [c["ms"] for c in calls if c["kind"] in ("breach", "claim")]
        ),
        "page: an engine side's election after it (live_open)": _stats(
            [c["ms"] for c in calls if c["kind"] == "election"]
        ),
        "page: an ordinary act answered (the engine's replies included)": _stats(
            [c["ms"] for c in calls if c["kind"] == "ordinary"]
        ),
        "page: per engine act within a call": _stats(
            [c["ms"] / c["engine"] for c in calls if c["engine"] and c["kind"] != "election"]
        ),
        "worker: one engine player's move": _stats(moves),
        "long_tasks": {"n": len(result["longTasks"]), "max_ms": round(max(result["longTasks"], default=0), 1)},
    }


if __name__ == "__main__":
    main()
