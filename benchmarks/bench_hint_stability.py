"""Do the hint verdicts hold under other seeds? (Issue 27.) A check run by hand, not by the test suite.

Re-simulates every hint test of ``euchre_core/data/hint_tests.json`` with the site's rule (the cap, the
batch and the looks of ``"build"``) under other seeds (default 1, 2 and 3; the site's is 1888), and prints
one row a test: its id, the cached label (with its layouts), the label under each seed, and whether any
changed; then the number of tests whose label changed. Then it checks the cache's figures against a
plain, uncached valuation on a sample of tests: the same layouts (the cache's seed and number of
layouts) drawn again, every option solved afresh (``evaluate(..., cached=False)``: no shared solves),
and the averages and the difference's standard error computed with :mod:`statistics`, not the running
sums of the simulation. Run (nice: the machine is shared):

    nice -n 10 python benchmarks/bench_hint_stability.py [--seeds 1,2,3] [--processes 2] [--sample 5]
        [--only id,id] [--save FILE] [--load FILE] [--agree id,id]

``--save`` keeps the seeds' results (JSON) and ``--load`` prints the table from them without
simulating again. Prints numbers and tables; asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from euchre_core.kernel.errors import InputError  # noqa: E402
from euchre_core.search import simulate  # noqa: E402

CACHE = Path(__file__).resolve().parents[1] / "content" / "cache" / "hint_sims.json"


def _cache() -> dict[str, Any]:
    return {k: v["result"] for k, v in json.loads(CACHE.read_text(encoding="utf-8"))["results"].items()}


def _build() -> tuple[int, int, int]:
    b = json.loads(simulate._specs_text())["build"]
    return int(b["cap"]), int(b["seed"]), int(b["batch"])


def _one(job: tuple[str, int]) -> tuple[str, int, dict[str, Any], float]:
    spec_id, seed = job
    cap, _, batch = _build()
    t0 = time.process_time()
    try:
        r = simulate.simulate_hint(spec_id, samples=cap, seed=seed, batch=batch, work=simulate.BUILD_WORK)
    except InputError as e:  # a spec too rare under this seed's probe for the draws bound: said, not a crash
        return spec_id, seed, {"verdict": "refused", "samples": 0, "diff": None, "interval": None, "why": str(e)}, 0.0
    s = r["summary"]
    return (
        spec_id,
        seed,
        {"verdict": s["verdict"], "samples": r["samples"], "diff": s["diff"], "interval": s["interval"]},
        time.process_time() - t0,
    )


def stability(seeds: list[int], processes: int, only: list[str] | None, save: str = "") -> dict[str, dict[str, Any]]:
    """``{spec id: {seed: {"verdict", "samples", "diff", "interval"}}}`` for every test and seed (written to
    ``save`` as each run ends, when given, so that an interrupted check keeps what it did)."""
    cached = _cache() if CACHE.is_file() else {}
    ids = only or [s["id"] for s in simulate.load_specs()]
    # the cheapest first (by the cache's layouts), each test under every seed together: an interrupted
    # check (--save) has done the most tests
    jobs = sorted(((i, s) for i in ids for s in seeds), key=lambda j: (cached.get(j[0], {}).get("samples", 0), j[0]))
    out: dict[str, dict[str, Any]] = {i: {} for i in ids}
    cpu = 0.0
    t0 = time.perf_counter()
    import multiprocessing

    with multiprocessing.Pool(max(1, processes)) as pool:
        for spec_id, seed, res, secs in pool.imap_unordered(_one, jobs, chunksize=1):
            out[spec_id][str(seed)] = res
            cpu += secs
            if save:
                Path(save).write_text(json.dumps(out, indent=1), encoding="utf-8")
    print(
        f"# {len(jobs)} runs ({len(ids)} tests x {len(seeds)} seeds): {time.perf_counter() - t0:.0f} s wall, "
        f"{cpu:.0f} s CPU in the workers"
    )
    return out


def _label(v: dict[str, Any]) -> str:
    lo, hi = v["interval"] or (None, None)
    return f"{v['verdict']} ({v['samples']})" + (f" [{lo:+.3f}, {hi:+.3f}]" if v["verdict"] == "borderline" else "")


def print_table(results: dict[str, dict[str, Any]], seeds: list[int]) -> int:
    """The table of labels; returns the number of tests whose label changed under some seed."""
    cached = _cache()
    cols = ["hint test", "cached"] + [f"seed {s}" for s in seeds] + ["changed?"]
    print("| " + " | ".join(cols) + " |")
    print("|" + "---|" * len(cols))
    changed = missing = refused = 0
    current = _current()
    for spec_id, by_seed in results.items():
        c = cached[spec_id]
        base = c["summary"]["verdict"]
        if spec_id not in current or any(str(s) not in by_seed for s in seeds):
            missing += 1
            continue
        labels = [by_seed[str(s)]["verdict"] for s in seeds]
        ch = any(lab not in (base, "refused") for lab in labels)
        refused += "refused" in labels
        changed += ch
        row = [spec_id, f"{base} ({c['samples']})"] + [_label(by_seed[str(s)]) for s in seeds]
        print("| " + " | ".join(row + ["**yes**" if ch else "no"]) + " |")
    print(
        f"\n{changed} of {len(results) - missing} labels change under seeds {', '.join(map(str, seeds))}"
        + (f" ({missing} tests not compared: not yet run under every seed, or not yet in the cache)" if missing else "")
        + (
            f"; {refused} refused under some seed (too rare for the draws bound at the cap: not a change of label)"
            if refused
            else ""
        )
    )
    return changed


def plain_valuation(spec_id: str, n: int, seed: int) -> dict[str, Any]:
    """The cache's figures recomputed plainly: the same stream of ``n`` layouts, every option solved
    afresh, the averages and the standard error by :mod:`statistics`."""
    spec = simulate.spec_by_id(spec_id)
    sim = simulate._Sim(spec)
    rng = random.Random(seed)
    budget = simulate._Draws(n)
    per: dict[str, list[float]] = {o: [] for o in sim.compare}
    for _ in range(n):
        lay = sim.draw(rng, budget)
        budget.kept += 1
        res = sim.evaluate(lay, cached=False)
        for o in sim.compare:
            per[o].append(res[o].net)
    return {o: v for o, v in per.items()}


def _current() -> set[str]:
    """The tests whose cached entry was computed by this engine and rule (its hash is current)."""
    cap, seed, batch = _build()
    engine = simulate.engine_fingerprint()
    hashes = {k: v["hash"] for k, v in json.loads(CACHE.read_text(encoding="utf-8"))["results"].items()}
    return {
        s["id"] for s in simulate.load_specs() if hashes.get(s["id"]) == simulate.spec_hash(s, cap, seed, engine, batch)
    }


def agreement(sample: int, ids: list[str] | None = None) -> None:
    """Compare the cache with :func:`plain_valuation` on ``sample`` points-basis tests (one of each kind
    among those with the fewest layouts, then the cheapest others), or on the tests ``ids``."""
    cached = _cache()
    _, seed, _ = _build()
    current = _current()  # only entries computed by this engine and rule
    picks = sorted(
        (
            r
            for r in cached.values()
            if r["id"] in current and r["summary"]["basis"] == "points" and r["summary"]["verdict"] != "same"
        ),
        key=lambda r: r["samples"],
    )
    if ids:
        picks = [cached[i] for i in ids]
    kinds: dict[str, dict[str, Any]] = {}
    for r in picks:  # one of each kind first, then the cheapest others
        kinds.setdefault(r["kind"], r)
    chosen = picks[:sample] if ids else (list(kinds.values()) + [r for r in picks if r not in kinds.values()])[:sample]
    print("\n| hint test | layouts | option | cached points | plain points | cached diff ± se | plain diff ± se |")
    print("|---|---|---|---|---|---|---|")
    worst = 0.0
    for r in chosen:
        per = plain_valuation(r["id"], r["samples"], seed)
        adv = per[r["advised"]]
        best = r["summary"]["best_other"]
        for o in r["options"]:
            plain = statistics.fmean(per[o["option"]])
            worst = max(worst, abs(plain - o["points"]))
            cell = ""
            plain_cell = ""
            if o["option"] == best:
                d = [a - b for a, b in zip(adv, per[best], strict=True)]
                pd, pse = statistics.fmean(d), statistics.stdev(d) / len(d) ** 0.5
                worst = max(worst, abs(pd - r["summary"]["diff"]), abs(pse - r["summary"]["se"]))
                cell = f"{r['summary']['diff']:+.4f} ± {r['summary']['se']:.4f}"
                plain_cell = f"{pd:+.4f} ± {pse:.4f}"
            print(
                f"| {r['id']} | {r['samples']} | {o['option']} | {o['points']:+.3f} | {plain:+.4f} | {cell} | "
                f"{plain_cell} |"
            )
    print(
        f"\nlargest difference between the cache and the plain valuation: {worst:.4f} "
        "(the cache rounds points to 3 places, the difference and its standard error to 4)"
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", default="1,2,3")
    ap.add_argument("--processes", type=int, default=1)
    ap.add_argument("--sample", type=int, default=5)
    ap.add_argument("--only", default="")
    ap.add_argument("--save", default="")
    ap.add_argument("--load", default="")
    ap.add_argument("--agree", default="", help="the tests of the agreement check (default: chosen by kind)")
    a = ap.parse_args(argv)
    seeds = [int(s) for s in a.seeds.split(",")]
    if a.load:
        results = json.loads(Path(a.load).read_text(encoding="utf-8"))
    else:
        results = stability(seeds, a.processes, [s for s in a.only.split(",") if s] or None, a.save)
    if CACHE.is_file():
        print_table(results, seeds)
        if a.sample:
            agreement(a.sample, [s for s in a.agree.split(",") if s] or None)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
