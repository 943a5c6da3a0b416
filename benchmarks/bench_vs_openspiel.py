"""Side-by-side: `euchre_core bench` (modern24) against OpenSpiel's euchre driven from Python.

Both play complete deals with uniformly random legal actions (OpenSpiel: chance nodes for
the deal, then bidding, discard, the lone-hand decision and play). Run:

    .venv/bin/python benchmarks/bench_vs_openspiel.py [--games 20000] [--repeat 5]

Prints one JSON line per engine and the ratio, of wall-clock rates and of CPU-time rates (the
latter less sensitive to other processes on a shared machine); ``--repeat N`` repeats the whole
comparison and prints the spread. A benchmark, not a test: no assertion.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from euchre_core.kernel.fastplay import play_random_deals  # noqa: E402
from euchre_core.kernel.rules import MODERN_24  # noqa: E402


def openspiel_games_per_s(games: int, stick_the_dealer: bool = True) -> tuple[float, float]:
    """(games per second of wall time, games per second of this process's CPU time)."""
    import pyspiel

    game = pyspiel.load_game("euchre", {"stick_the_dealer": stick_the_dealer})
    rng = random.Random(1)
    choice = rng.choice
    t0, c0 = time.perf_counter(), time.process_time()
    for _ in range(games):
        s = game.new_initial_state()
        while not s.is_terminal():
            if s.is_chance_node():
                s.apply_action(choice(s.chance_outcomes())[0])
            else:
                s.apply_action(choice(s.legal_actions()))
    return games / (time.perf_counter() - t0), games / (time.process_time() - c0)


def ours_games_per_s(games: int) -> tuple[float, float]:
    """(games per second of wall time, games per second of this process's CPU time)."""
    t0, c0 = time.perf_counter(), time.process_time()
    play_random_deals(MODERN_24, games, seed=1)
    return games / (time.perf_counter() - t0), games / (time.process_time() - c0)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=20000)
    ap.add_argument("--rounds", type=int, default=3, help="best of this many timings per engine, interleaved")
    ap.add_argument("--repeat", type=int, default=1, help="repeat the comparison; print the spread of the ratio")
    a = ap.parse_args()
    ratios: list[float] = []
    cpu_ratios: list[float] = []
    for _ in range(a.repeat):
        # the two engines' timings interleaved, so that a load on a shared machine falls on both;
        # the CPU-time rates (process_time) are less sensitive to other processes than wall time
        ours, theirs = (0.0, 0.0), (0.0, 0.0)
        for _ in range(a.rounds):
            o = ours_games_per_s(a.games)
            ours = (max(ours[0], o[0]), max(ours[1], o[1]))
            try:
                t = openspiel_games_per_s(a.games)
            except ImportError:
                t = (float("nan"), float("nan"))
            theirs = (max(theirs[0], t[0]), max(theirs[1], t[1])) if t[0] == t[0] else t
        print(
            json.dumps(
                {
                    "engine": "euchre_core modern24",
                    "games": a.games,
                    "games_per_s": round(ours[0]),
                    "cpu_games_per_s": round(ours[1]),
                }
            )
        )
        print(
            json.dumps(
                {
                    "engine": "open_spiel euchre (pyspiel)",
                    "games": a.games,
                    "games_per_s": theirs[0],
                    "cpu_games_per_s": theirs[1],
                }
                if theirs[0] != theirs[0]
                else {
                    "engine": "open_spiel euchre (pyspiel)",
                    "games": a.games,
                    "games_per_s": round(theirs[0]),
                    "cpu_games_per_s": round(theirs[1]),
                }
            )
        )
        print(
            json.dumps(
                {"ratio_ours_over_openspiel": round(ours[0] / theirs[0], 2), "cpu_ratio": round(ours[1] / theirs[1], 2)}
            )
        )
        ratios.append(ours[0] / theirs[0])
        cpu_ratios.append(ours[1] / theirs[1])
    if a.repeat > 1:
        for name, rs in (("ratio", sorted(ratios)), ("cpu_ratio", sorted(cpu_ratios))):
            print(
                json.dumps(
                    {
                        "repeats": a.repeat,
                        f"{name}_min": round(rs[0], 2),
                        f"{name}_median": round(rs[len(rs) // 2], 2),
                        f"{name}_max": round(rs[-1], 2),
                    }
                )
            )


if __name__ == "__main__":
    main()
