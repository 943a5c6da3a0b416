"""Time the hint simulations: simulated layouts solved per second (CPython, one process).

Runs :func:`euchre_core.search.simulate.simulate_hint` on a few specs of each kind (bid, make,
discard, lead, play) with a fixed seed, and counts the layouts (each dealt at random and then
solved double dummy after every option compared) and the solver calls. Run:

    python benchmarks/bench_simulate.py [--samples 200] [--seed 1] [--specs second-3,eldest-3,...]

Prints layouts per second, solves per second and ms per layout for each spec and in all, as
one JSON line per spec and a total. A benchmark, not a test: no assertion.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from euchre_core.search import hint_players, hint_sim, simulate  # noqa: E402

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


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--samples", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--specs", default=",".join(DEFAULT_SPECS))
    a = ap.parse_args(argv)
    calls = [0]
    real_solve = hint_sim.solve  # the solver, as the modules that call it see it (hint_players: solve_tricks)

    def counting_solve(deal):  # type: ignore[no-untyped-def]
        calls[0] += 1
        return real_solve(deal)

    hint_sim.solve = hint_players.solve = counting_solve
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
        hint_sim.solve = hint_players.solve = real_solve
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
