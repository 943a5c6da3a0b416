"""Time the hint simulations: simulated layouts solved per second (CPython, one process).

Runs :func:`euchre_core.search.simulate.simulate_hint` on a few specs of each kind (bid, make,
discard, lead, play) with a fixed seed, and counts the layouts (each dealt at random and then
solved double dummy after every option compared) and the solver calls. Run:

    python benchmarks/bench_simulate.py [--samples 200] [--seed 1] [--specs second-3,eldest-3,...]

Prints layouts per second, solves per second and ms per layout for each spec and in all, as
one JSON line per spec and a total. A benchmark, not a test: no assertion.

    python benchmarks/bench_simulate.py --worst [--runs 3]

measures what one hostile call can cost (issue 37; docs/engine.md, the ``work`` and ``samples_page``
bounds): the worst calls we could construct, each at the API's cap of 51,200 layouts with the default
bound of work (:data:`~euchre_core.search.simulate.MAX_WORK`) and through the page (``web.call``,
400 layouts): a plain spec (``dealer-10``), the rarest spec (``lone-hands-7``, about 1 draw in 90 kept),
the spec with the most solver work a layout (``eldest-3``, a second-round make: five options), that
spec with any hand, the spec with the most CPU a unit of work (``lone-hands-6``: cheap layouts), and
the rarest spec the first draws let through (``lone-hands-7`` with a dealer of strength 10: about 1 draw
in 280 kept; through the page it spends the whole draw budget of 400 layouts, 100,000 draws). One JSON line a call and run: CPU seconds (``time.process_time``), the work done,
and how it ended (``done`` or ``refused``); then the largest CPU time of each case over the runs.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from euchre_core.search import hint_players, simulate  # noqa: E402

DEFAULT_SPECS = (
    "second-3",
    "third-10",
    "dealer-2",
    "eldest-3",
    "dealer-18-king",
    "eldest-10-left",
    "second-13",
    "lone-hands-7",
)


WORST: tuple[tuple[str, str | dict[str, object]], ...] = (
    ("plain spec", "dealer-10"),
    ("rarest spec", "lone-hands-7"),
    ("most solver work a layout", "eldest-3"),
    ("most solver work, any hand", {"base": "eldest-3", "hand": ["x", "x", "x", "x", "x"]}),
    ("most CPU a unit of work", "lone-hands-6"),
    ("rarest the probe lets through", {"base": "lone-hands-7", "others": {"A": {"min_strength": 10}}}),
)


def worst(runs: int, only: str = "") -> int:
    """The hostile calls (see the module's docstring), ``runs`` times each (``only``: the cases whose name
    holds it); prints JSON lines."""
    from euchre_core.app import web
    from euchre_core.kernel.errors import InputError
    from euchre_core.kernel.limits import limit

    simulate._default_win_table(simulate.GAME_MODEL_DEALS, simulate.GAME_MODEL_SEED)  # not timed
    most: dict[str, float] = {}
    for run in range(runs):
        for name, spec in [(n, s) for n, s in WORST if only in n]:
            for where, samples in (("api", simulate.MAX_SAMPLES), ("page", limit("samples_page"))):
                w0 = hint_players.solver_work()
                t0 = time.process_time()
                if where == "api":
                    try:
                        r = simulate.simulate_hint(spec, samples=samples, seed=run + 1)
                        ended = f"done ({r['samples']} layouts)"
                    except InputError as e:
                        ended = f"refused ({e.field}: {str(e)[:60]}...)"
                else:
                    answer = json.loads(
                        web.call(
                            "euchre_core.app.hint_words.hint_rerun",
                            {"spec_or_id": spec, "samples": samples, "seed": run + 1},
                        )
                    )
                    ended = "done" if answer["ok"] else f"refused ({answer['error']['field']})"
                secs = time.process_time() - t0
                key = f"{name} ({where}, {samples} layouts)"
                most[key] = max(most.get(key, 0.0), secs)
                solver = hint_players.solver_work() - w0
                print(
                    json.dumps(
                        {"run": run + 1, "case": key, "cpu_s": round(secs, 2), "solver_work": solver, "ended": ended}
                    ),
                    flush=True,
                )
    print(json.dumps({"largest_cpu_s": {k: round(v, 1) for k, v in most.items()}, "python": sys.version.split()[0]}))
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--samples", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--specs", default=",".join(DEFAULT_SPECS))
    ap.add_argument("--worst", action="store_true", help="the hostile calls at the bounds (CPU seconds)")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--only", default="", help="with --worst: the cases whose name holds this")
    a = ap.parse_args(argv)
    if a.worst:
        return worst(a.runs, a.only)
    calls = [0]
    real_solve = hint_players.solve  # the solver, as hint_players.solve_counted sees it (every solve of a hint test)

    def counting_solve(deal):  # type: ignore[no-untyped-def]
        calls[0] += 1
        return real_solve(deal)

    hint_players.solve = counting_solve
    simulate._default_win_table(simulate.GAME_MODEL_DEALS, simulate.GAME_MODEL_SEED)  # not timed
    total_layouts = total_solves = 0
    total_secs = 0.0
    try:
        for spec_id in a.specs.split(","):
            calls[0] = 0
            t0 = time.perf_counter()
            r = simulate.simulate_hint(spec_id, samples=a.samples, seed=a.seed)
            secs = time.perf_counter() - t0
            total_layouts += r["samples"]
            total_solves += calls[0]
            total_secs += secs
            print(
                json.dumps(
                    {
                        "spec": spec_id,
                        "kind": r["kind"],
                        "layouts": r["samples"],
                        "solves": calls[0],
                        "seconds": round(secs, 3),
                        "layouts_per_s": round(r["samples"] / secs, 1),
                        "ms_per_layout": round(1000 * secs / r["samples"], 2),
                    }
                )
            )
    finally:
        hint_players.solve = real_solve
    print(
        json.dumps(
            {
                "total_layouts": total_layouts,
                "total_solves": total_solves,
                "seconds": round(total_secs, 2),
                "layouts_per_s": round(total_layouts / total_secs, 1),
                "solves_per_s": round(total_solves / total_secs, 1),
                "python": sys.version.split()[0],
            }
        )
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
