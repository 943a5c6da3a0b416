"""Time the double-dummy solver on random four-handed deals from the opening lead.

Each deal: the 32-card pack shuffled (seeded), five cards to each of four players (20 dealt),
trump a random suit, the makers a random side, the eldest hand (B, the dealer being A) to
lead. ``solve`` values every card of the opening leader. Run:

    python benchmarks/bench_solver.py [--deals 1000] [--seed 1] [--profile]
    python benchmarks/bench_solver.py --rules modern24      # or hoyle2, hoyle3; --alone for lone hands

Prints the median, 95th percentile, mean and maximum time per solve (ms) and the mean
nodes per solve. A benchmark, not a test: no assertion.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from euchre_core.kernel.cards import pack  # noqa: E402
from euchre_core.kernel.deal import Deal  # noqa: E402
from euchre_core.kernel.rules import SOMERSET_1888, RuleSet, rules_by_name  # noqa: E402
from euchre_core.search.solver import solve  # noqa: E402


def random_deals(count: int, seed: int, rules: RuleSet = SOMERSET_1888, alone: bool = False) -> list[Deal]:
    """``count`` seeded opening positions (dealer A, so B leads; against a lone hand the
    first active seat from B on)."""
    rng = random.Random(seed)
    n = rules.players
    out = []
    for _ in range(count):
        cards = pack(rules.pack_size)
        rng.shuffle(cards)
        hands = [cards[5 * i : 5 * i + 5] for i in range(n)]
        trump = "CDHS"[rng.randrange(4)]
        maker = rng.randrange(n)  # a random seat, so a random side
        lone = maker if alone and n == 4 else None
        if lone is not None:
            hands[(lone + 2) % 4] = []
        out.append(Deal.position(hands, trump, maker=maker, dealer=0, alone=lone, rules=rules))
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--deals", type=int, default=1000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--rules", default="somerset1888", help="a rule set (players, pack): e.g. hoyle3, modern24")
    p.add_argument("--alone", action="store_true", help="the maker plays alone (four-handed)")
    p.add_argument("--profile", action="store_true", help="run under cProfile and print the top functions")
    a = p.parse_args(argv)
    deals = random_deals(a.deals, a.seed, rules_by_name(a.rules), a.alone)
    if a.profile:
        import cProfile
        import pstats

        prof = cProfile.Profile()
        prof.enable()
        for d in deals:
            solve(d)
        prof.disable()
        pstats.Stats(prof).sort_stats("tottime").print_stats(12)
        return 0
    times = []
    nodes = []
    t_all = time.perf_counter()
    for d in deals:
        t0 = time.perf_counter()
        r = solve(d)
        times.append((time.perf_counter() - t0) * 1000)
        nodes.append(r.nodes)
    total = time.perf_counter() - t_all
    times.sort()
    out = {
        "deals": len(deals),
        "median_ms": round(statistics.median(times), 3),
        "p95_ms": round(times[min(len(times) - 1, int(0.95 * len(times)))], 3),
        "mean_ms": round(statistics.fmean(times), 3),
        "max_ms": round(times[-1], 3),
        "mean_nodes": round(statistics.fmean(nodes), 1),
        "median_nodes": statistics.median(nodes),
        "total_s": round(total, 2),
        "rules": a.rules + (" alone" if a.alone else ""),
        "python": sys.version.split()[0],
    }
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
