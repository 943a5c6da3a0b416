"""Side-by-side: `euchre_core bench` (modern24) against OpenSpiel's euchre driven from Python.

Both play complete deals with uniformly random legal actions (OpenSpiel: chance nodes for
the deal, then bidding, discard, the lone-hand decision and play). Run:

    .venv/bin/python benchmarks/bench_vs_openspiel.py [--games 20000]

Prints one JSON line per engine and the ratio. A benchmark, not a test: no assertion.
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


def openspiel_games_per_s(games: int, stick_the_dealer: bool = True) -> float:
    import pyspiel

    game = pyspiel.load_game("euchre", {"stick_the_dealer": stick_the_dealer})
    rng = random.Random(1)
    choice = rng.choice
    t0 = time.perf_counter()
    for _ in range(games):
        s = game.new_initial_state()
        while not s.is_terminal():
            if s.is_chance_node():
                s.apply_action(choice(s.chance_outcomes())[0])
            else:
                s.apply_action(choice(s.legal_actions()))
    return games / (time.perf_counter() - t0)


def ours_games_per_s(games: int) -> float:
    t0 = time.perf_counter()
    play_random_deals(MODERN_24, games, seed=1)
    return games / (time.perf_counter() - t0)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=20000)
    ap.add_argument("--rounds", type=int, default=3)
    a = ap.parse_args()
    ours = max(ours_games_per_s(a.games) for _ in range(a.rounds))
    try:
        theirs = max(openspiel_games_per_s(a.games) for _ in range(a.rounds))
    except ImportError:
        theirs = float("nan")
    print(json.dumps({"engine": "euchre_core modern24", "games": a.games, "games_per_s": round(ours)}))
    print(json.dumps({"engine": "open_spiel euchre (pyspiel)", "games": a.games, "games_per_s": round(theirs)}))
    print(json.dumps({"ratio_ours_over_openspiel": round(ours / theirs, 2)}))


if __name__ == "__main__":
    main()
