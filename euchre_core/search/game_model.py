"""The game model: the distribution of one deal's points under the rule of thumb and double-dummy
play (:func:`game_model`, shipped in ``euchre_core/data/game_model.json``), and from it the chance of
winning the game from each score (:func:`win_probability`), by which a hint test that names a score
values its options.
"""

from __future__ import annotations

import json
import random
from functools import lru_cache
from importlib import resources
from typing import Any, cast

from ..kernel.cards import pack
from .hint_fingerprint import engine_fingerprint
from .hint_players import ROUND1, deal_points, dealer_takes, round1_bid, round2_choice, solve_tricks

__all__ = [
    "game_model",
    "win_probability",
    "default_win_table",
    "stored_game_model",
    "GAME_MODEL_DEALS",
    "GAME_MODEL_SEED",
]


def _deal_points_by_rule(rng: random.Random) -> tuple[int, int]:
    """One random deal, dealer A: the rule bids, double-dummy play; (points A C, points B D)."""
    cards = pack(32)
    rng.shuffle(cards)
    hands = [[int(c) for c in cards[5 * i : 5 * i + 5]] for i in range(4)]
    up = int(cards[20])
    for s in ROUND1:
        if round1_bid(s, hands, up):
            t = up >> 3
            played = [list(h) for h in hands]
            played[0] = dealer_takes(hands[0], up, t)
            return deal_points(s % 2, s, None, solve_tricks(played, t, s))
    for s in ROUND1:
        choice = round2_choice(s, hands[s], up >> 3)
        if choice is not None:
            return deal_points(s % 2, s, None, solve_tricks(hands, choice, s))
    return (0, 0)


def game_model(deals: int = 600, seed: int = 1) -> dict[str, Any]:
    """The distribution of one deal's points (dealer's side, other side) under the rule and
    double-dummy play, from ``deals`` seeded random deals: ``{"deals", "seed", "outcomes":
    [[dealer side's points, other side's points, frequency], ...]}``.

    >>> m = game_model(deals=30, seed=1)
    >>> round(sum(f for _, _, f in m["outcomes"]), 6)
    1.0
    """
    rng = random.Random(seed)
    counts: dict[tuple[int, int], int] = {}
    for _ in range(deals):
        ac, bd = _deal_points_by_rule(rng)
        counts[(ac, bd)] = counts.get((ac, bd), 0) + 1
    outcomes = [[a, b, n / deals] for (a, b), n in sorted(counts.items())]
    return {"deals": deals, "seed": seed, "engine": engine_fingerprint(), "outcomes": outcomes}


def win_probability(model: dict[str, Any]) -> dict[tuple[int, int, bool], float]:
    """The chance of winning the game from each score (mine 0-4, theirs 0-4, whether my side
    deals next), if every later deal follows ``model`` (:func:`game_model`); five points win.

    >>> w = win_probability({"outcomes": [[1, 0, 0.5], [0, 1, 0.5]]})
    >>> round(w[(4, 4, True)], 3), round(w[(0, 0, True)], 3)
    (0.5, 0.5)
    """
    outcomes = [(int(a), int(b), float(f)) for a, b, f in model["outcomes"]]
    w = {(m, o, d): 0.5 for m in range(5) for o in range(5) for d in (True, False)}

    def after(m: int, o: int, d: bool) -> float:
        if m >= 5:
            return 1.0
        if o >= 5:
            return 0.0
        return w[(m, o, d)]

    for _ in range(500):
        delta = 0.0
        for m, o, d in w:
            v = 0.0
            for a, b, f in outcomes:  # a: the dealer's side's points
                gain, loss = (a, b) if d else (b, a)
                v += f * after(m + gain, o + loss, not d)
            delta = max(delta, abs(v - w[(m, o, d)]))
            w[(m, o, d)] = v
        if delta < 1e-10:
            break
    return w


@lru_cache(maxsize=4)
def default_win_table(deals: int, seed: int) -> dict[tuple[int, int, bool], float]:
    return win_probability(_model_for(deals, seed))


def stored_game_model() -> dict[str, Any] | None:
    """The game model shipped in ``euchre_core/data/game_model.json`` (written by
    ``python -m build_scripts.hint_sims``), or None if the file is missing."""
    path = resources.files("euchre_core") / "data" / "game_model.json"
    if not path.is_file():
        return None
    return cast(dict[str, Any], json.loads(path.read_text(encoding="utf-8")))  # the shipped model: an object


def _model_for(deals: int, seed: int) -> dict[str, Any]:
    """The game model: the shipped one when it was computed by this engine with these
    settings, else computed now (a few seconds)."""
    m = stored_game_model()
    if m and m.get("engine") == engine_fingerprint() and m.get("deals") == deals and m.get("seed") == seed:
        return m
    return game_model(deals, seed)


GAME_MODEL_DEALS = 3000
GAME_MODEL_SEED = 1
