"""Measure the opponent (``euchre_core.search.opponent``) against two baseline players.

Each deal is shuffled from its seed with the dealer passing to the left (deal k: seed k, dealer
k mod 4), so every seat deals as often as the others. The opponent holds A and C, the baseline
B and D. Baselines:

* ``random``: a uniformly random legal action at every turn (bids and lone hands included);
* ``highest``: plays the highest legal card (trumps above plain cards, then by rank); orders up,
  assists or takes up with three trumps or more (the dealer counting the turn-up), names a suit
  of which it holds three or more in the second round, never plays alone, and discards its lowest card.

Printed: the points per deal (A C's less B D's) with the standard deviation and a 95% interval,
each side's points, how often the opponent's side made the trump and was euchred, the CPU time per
decision by phase (``time.process_time``: other processes on a loaded machine do not count) with the
positions the solver searched for it, and how the opponent's first-round bids agree with the book's lists
(``book_bid``: Assist with / Order with / Take up; the eldest hand's two rules).

    python benchmarks/bench_opponent.py                       # 1,000 deals each, default strength
    python benchmarks/bench_opponent.py --deals 200 --strength easy --baseline highest --jobs 2

A benchmark, not a test: no assertion.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import random
import statistics
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from euchre_core.kernel.actions import Action  # noqa: E402
from euchre_core.kernel.deal import Deal  # noqa: E402
from euchre_core.kernel.tables import TRUMP_POWER  # noqa: E402
from euchre_core.search import opponent  # noqa: E402
from euchre_core.search.book_rules import book_bid, trumps_in  # noqa: E402
from euchre_core.search.opponent import STRENGTHS, choose  # noqa: E402

ROLES = ("dealer", "eldest", "second", "third")


def _strength_key(card: int, trump: int) -> tuple[int, int]:
    return (TRUMP_POWER[trump][card], card & 7)


def highest_player(deal: Deal, rng: random.Random) -> Action:
    """The "highest legal card" baseline (see the module's docstring)."""
    legal = deal.legal_actions()
    seat = deal.actor
    hand = deal.hand(seat)
    if deal.phase == "play":
        assert deal.trump is not None
        t = int(deal.trump)
        return max(legal, key=lambda a: _strength_key(a.card, t))  # type: ignore[arg-type]
    if deal.phase == "discard":
        assert deal.trump is not None
        t = int(deal.trump)
        return min(legal, key=lambda a: _strength_key(a.card, t))  # type: ignore[arg-type]
    if deal.phase == "bid1":
        cards = hand + ([deal.turn_up] if seat == deal.dealer else [])
        if len(trumps_in(cards, deal.turn_suit)) >= 3 and Action("order") in legal:
            return Action("order")
        return Action("pass")
    if deal.phase == "bid2":
        calls = [a for a in legal if a.kind == "call" and not a.alone and len(trumps_in(hand, a.suit)) >= 3]  # type: ignore[arg-type]
        if calls:
            return max(calls, key=lambda a: len(trumps_in(hand, a.suit)))  # type: ignore[arg-type]
        return Action("pass") if Action("pass") in legal else legal[0]
    if deal.phase == "take":
        return Action("stay")
    return legal[0]


def random_player(deal: Deal, rng: random.Random) -> Action:
    """A uniformly random legal action."""
    return rng.choice(deal.legal_actions())


BASELINES = {"random": random_player, "highest": highest_player}


_POSITIONS = [0]  # positions the solver searched for the opponent since the last reset
_real_solve, _real_dd = opponent.solve, opponent._dd


def _counted_solve(deal: Deal):  # type: ignore[no-untyped-def]
    """The solver, its positions counted."""
    res = _real_solve(deal)
    _POSITIONS[0] += res.nodes
    return res


def _dd_positions(deal: Deal) -> tuple[int, int]:
    """The double-dummy value: its solver calls are counted by :func:`_counted_solve`, or else its
    boundary search's positions here."""
    before = _POSITIONS[0]
    tricks, nodes = _real_dd(deal)
    if _POSITIONS[0] == before:  # not through solve: the boundary search's own positions
        _POSITIONS[0] += nodes
    return tricks, nodes


opponent.solve, opponent._dd = _counted_solve, _dd_positions  # type: ignore[assignment]


def play_deal(k: int, baseline: str, strength: str | int) -> dict:
    """Deal ``k``: the opponent at A and C, the baseline at B and D. Returns the facts of the deal."""
    rng = random.Random(f"baseline-{baseline}-{k}")
    deal = Deal.shuffled(k, dealer=k % 4)
    times: dict[str, list[float]] = defaultdict(list)
    positions: dict[str, list[int]] = defaultdict(list)
    bids: list[tuple[str, tuple[str, ...], bool, bool]] = []  # role, hints, book acts, opponent acts
    while not deal.is_over:
        seat = deal.actor
        if seat % 2 == 0:
            _POSITIONS[0] = 0
            t0 = time.process_time()
            action = choose(deal, strength=strength, seed=k)
            times[deal.phase].append(time.process_time() - t0)
            positions[deal.phase].append(_POSITIONS[0])
            if deal.phase == "bid1":
                role = ROLES[(seat - deal.dealer) % 4]
                advice = book_bid(deal.hand(seat), deal.turn_up, role, deal.turn_suit)
                bids.append((role, advice.hints, advice.act, action.kind == "order"))
        else:
            action = BASELINES[baseline](deal, rng)
        deal = deal.apply(action)
    res = deal.result
    assert res is not None
    return {
        "points": res.points,
        "makers": res.makers,
        "euchred": res.euchred,
        "march": res.march,
        "alone": res.alone,
        "passed_out": res.passed_out,
        "times": dict(times),
        "positions": dict(positions),
        "bids": bids,
    }


def _run(args: tuple[int, str, str | int]) -> dict:
    return play_deal(*args)


def report(baseline: str, results: list[dict], strength: str | int, seconds: float) -> None:
    diffs = [r["points"][0] - r["points"][1] for r in results]
    n = len(diffs)
    mean = statistics.fmean(diffs)
    sd = statistics.stdev(diffs) if n > 1 else 0.0
    half = 1.96 * sd / math.sqrt(n) if n > 1 else 0.0
    ac = statistics.fmean(r["points"][0] for r in results)
    bd = statistics.fmean(r["points"][1] for r in results)
    made = [r for r in results if r["makers"] == 0]
    theirs = [r for r in results if r["makers"] == 1]
    print(f"\n== opponent (A C, strength {strength}) vs {baseline} (B D): {n} deals, {seconds:.0f} s")
    print(
        f"points per deal, A C less B D: mean {mean:+.3f}, sd {sd:.3f}, 95% interval [{mean - half:+.3f}, "
        f"{mean + half:+.3f}]"
    )
    print(f"points per deal: A C {ac:.3f}, B D {bd:.3f}")
    print(
        f"A C made the trump in {len(made)} deals ({len(made) / n:.0%}): euchred {sum(r['euchred'] for r in made)}, "
        f"marched {sum(r['march'] for r in made)}, alone {sum(r['alone'] is not None for r in made)}"
    )
    print(
        f"B D made the trump in {len(theirs)} deals: euchred {sum(r['euchred'] for r in theirs)}, "
        f"marched {sum(r['march'] for r in theirs)}, alone {sum(r['alone'] is not None for r in theirs)}; "
        f"passed out {sum(r['passed_out'] for r in results)}"
    )
    times: dict[str, list[float]] = defaultdict(list)
    positions: dict[str, list[int]] = defaultdict(list)
    for r in results:
        for phase, ts in r["times"].items():
            times[phase].extend(ts)
        for phase, ns in r["positions"].items():
            positions[phase].extend(ns)
    for phase in ("bid1", "bid2", "take", "discard", "play"):
        ts = sorted(times.get(phase, []))
        ns = sorted(positions.get(phase, []))
        if ts:
            print(
                f"  CPU time per decision, {phase:7s}: n {len(ts):5d}, mean {1000 * statistics.fmean(ts):6.1f} ms, "
                f"95th {1000 * ts[int(0.95 * (len(ts) - 1))]:6.1f} ms, max {1000 * ts[-1]:6.1f} ms; "
                f"positions mean {statistics.fmean(ns):,.0f}, max {ns[-1]:,}"
            )
    bids = [b for r in results for b in r["bids"]]
    if bids:
        print("first-round bids against the book's lists (book_bid):")
        for role in ("eldest", "second", "third", "dealer"):
            rows = [b for b in bids if b[0] == role]
            if not rows:
                continue
            c = Counter((book, opp) for _, _, book, opp in rows)
            agree = c[(True, True)] + c[(False, False)]
            book_acts = c[(True, True)] + c[(True, False)]
            book_passes = c[(False, False)] + c[(False, True)]
            print(
                f"  {role:6s}: {len(rows):4d} decisions, agree {agree / len(rows):.0%}; book acts {book_acts} "
                f"(opponent too: {c[(True, True)]}), book passes {book_passes} "
                f"(opponent acts anyway: {c[(False, True)]})"
            )
        per_hint: dict[str, list[bool]] = defaultdict(list)
        for _, hints, book, opp in bids:
            if book:
                for h in hints:
                    per_hint[h].append(opp)
        line = ", ".join(
            f"{h} {sum(v)}/{len(v)}"
            for h, v in sorted(per_hint.items(), key=lambda kv: (kv[0].split("-")[0], int(kv[0].split("-")[1])))
        )
        print(f"  when a list item matches, the opponent acts: {line}")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--deals", type=int, default=1000)
    p.add_argument("--strength", default="default", help=f"{', '.join(STRENGTHS)} or a number of samples")
    p.add_argument("--baseline", choices=("random", "highest", "both"), default="both")
    p.add_argument("--jobs", type=int, default=1, help="worker processes")
    a = p.parse_args(argv)
    strength: str | int = int(a.strength) if a.strength.isdigit() else a.strength
    baselines = ["random", "highest"] if a.baseline == "both" else [a.baseline]
    print(
        f"Python {sys.version.split()[0]}; strength {strength} "
        f"({STRENGTHS.get(str(strength), strength)} samples per decision)"
    )
    for baseline in baselines:
        jobs = [(k, baseline, strength) for k in range(a.deals)]
        t0 = time.perf_counter()
        if a.jobs > 1:
            with multiprocessing.Pool(a.jobs) as pool:
                results = pool.map(_run, jobs, chunksize=10)
        else:
            results = [_run(j) for j in jobs]
        report(baseline, results, strength, time.perf_counter() - t0)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
