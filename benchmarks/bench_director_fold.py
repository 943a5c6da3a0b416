"""Time the table director's fold: how the cost of one event grows with the length of the log.

Folds N events through :class:`euchre_core.laws.director.Director` (the bidding and the discard of
Case I's deal, then N events that each add a ruling: the partner's question, Law 65, and a card
exposed, Law 46, in turn) for N = 10,000, 20,000 and 40,000, and reports the CPU time of the
whole fold, the microseconds per event, and the microseconds per event of the last 1,000 events
(linear fold: the same as the first 1,000; quadratic: growing with N). Run:

    python benchmarks/bench_director_fold.py [--sizes 10000,20000,40000] [--root PATH] [--sandbox]

``--root`` times another copy of the package (e.g. an older commit extracted with
``git archive COMMIT euchre_core | tar -x -C /tmp/before``). One JSON line per size; with
``--sandbox``, one more: the first sandbox move on the longest log (a whole fold) and the next ones
(one event each, the folded state being kept). The view of a move still lists every ruling, so a
move's JSON grows with the log; its fold does not.
A benchmark, not a test: no assertion.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

HANDS = ["JC AH KH 8S QD".split(), "AC QH 8H JD TS".split(), "7D 8D TD QS TH".split(), "KC TC AS 9S 9H".split()]
START = ["B: pass", "C: pass", "D: pass", "A: order", "A: discard 8S"]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="10000,20000,40000")
    ap.add_argument("--root", default=str(Path(__file__).resolve().parents[1]))
    ap.add_argument("--sandbox", action="store_true", help="also time a sandbox move on the longest log")
    args = ap.parse_args(argv)
    sys.path.insert(0, args.root)
    from euchre_core.kernel.deal import Deal
    from euchre_core.laws.director import Director

    base = Director.start(Deal.start(HANDS, "9C"))
    for e in START:
        base = base.act(e)
    for n in (int(x) for x in args.sizes.split(",")):
        events = ["A: ask" if i % 2 else "C: expose TH" for i in range(n)]
        st = base
        t0 = time.process_time()
        for e in events[:-1000]:
            st = st.act(e)
        t1 = time.process_time()
        for e in events[-1000:]:
            st = st.act(e)
        t2 = time.process_time()
        head = base
        for e in events[:1000]:
            head = head.act(e)
        t3 = time.process_time()
        print(
            json.dumps(
                {
                    "events": n,
                    "seconds": round(t2 - t0, 3),
                    "us_per_event": round((t2 - t0) / n * 1e6, 1),
                    "us_per_event_first_1000": round((t3 - t2) / 1000 * 1e6, 1),
                    "us_per_event_last_1000": round((t2 - t1) / 1000 * 1e6, 1),
                    "rulings": len(st.rulings),
                    "root": args.root,
                }
            )
        )
    if args.sandbox:
        # The sandbox sends the whole log with each move: the first move folds it, the next ones one event.
        from euchre_core.app import sandbox

        n = max(int(x) for x in args.sizes.split(","))
        base = {"hands": {s: h for s, h in zip("ABCD", HANDS, strict=True)}, "turn_up": "9C"}
        log = START + ["A: ask" if i % 2 else "C: expose TH" for i in range(n)]
        t0 = time.process_time()
        v = sandbox.act(None, log, "A: ask", base)
        t1 = time.process_time()
        for _ in range(10):
            v = sandbox.act(None, v["events"], "A: ask", base)
        t2 = time.process_time()
        print(
            json.dumps(
                {
                    "sandbox_log": len(log),
                    "first_move_s": round(t1 - t0, 3),
                    "next_move_ms": round((t2 - t1) / 10 * 1e3, 1),
                    "error": v["error"],
                }
            )
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
