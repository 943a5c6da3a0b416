"""Issues 23 and 36: where a player's own words land in the site's search, for one built site or two side by side.

    PYTHONPATH=. .venv/bin/python benchmarks/bench_search.py BEFORE-SITE [AFTER-SITE] [--set both] [--width 360]

``--set``: ``suite``, ``heldout``, ``fresh`` (the second held-out 30 of ``tests/search_heldout_fresh.py``,
written blind), ``both`` (suite and heldout, the default) or ``all`` (the three).

Serves each folder on 127.0.0.1 and, in Debian's Chromium on a touch phone (360 x 740 unless told),
types each query into the site's search box (the suite's 37 of ``tests/search_queries.py``, the
held-out 30 of ``tests/search_heldout.py``, or both), reads the rank of the first law that answers it
(among the results shown, in order: :func:`search_queries.search`), then taps that result and says
whether the answer (the law's heading, or the situation opened) is in view (:func:`search_queries.land`):
``yes``, ``no``, ``folded`` (under the group's "N more on this page") or ``-`` (not among the
results). Prints a Markdown table per set: query, first law, then rank and in view for each site, and
the count of queries whose first law is in the top 3 and in view. Nothing is timed: ranks and landings
do not depend on the machine's load. The runs of issue 36 are saved in ``benchmarks/results/``.
"""

from __future__ import annotations

import argparse
import functools
import sys
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from search_heldout import HELDOUT  # noqa: E402
from search_heldout_fresh import HELDOUT_FRESH  # noqa: E402
from search_queries import QUERIES, land, rank, search, situation_laws  # noqa: E402

ARGS = ["--no-sandbox", "--disable-background-networking"]
SETS = {
    "suite": ("The suite's queries (tests/search_queries.py)", QUERIES),
    "heldout": ("The held-out 30 (tests/search_heldout.py)", HELDOUT),
    "fresh": ("The second held-out 30, written blind (tests/search_heldout_fresh.py)", HELDOUT_FRESH),
}
GROUPS = {"both": ["suite", "heldout"], "all": ["suite", "heldout", "fresh"]}


class Quiet(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:  # noqa: A002
        pass


def serve(folder: Path) -> tuple[ThreadingHTTPServer, str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(folder)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def measure(
    browser: object, folder: Path, queries: list[tuple[str, tuple[int, ...]]], width: int, height: int
) -> dict[str, tuple[str, str]]:
    """Each query's (rank, in view) on one built site."""
    laws = situation_laws()
    server, base = serve(folder)
    context = browser.new_context(  # type: ignore[attr-defined]
        viewport={"width": width, "height": height},
        is_mobile=width < 600,
        has_touch=width < 600,
        service_workers="block",
    )
    tab = context.new_page()
    out = {}
    try:
        for query, expected in queries:
            tab.goto(base)
            results = search(tab, query, laws)
            r = rank(results, expected[0])
            seen = land(tab, results, expected[0]) if r is not None and r <= 3 else ("-" if r is None else "not tapped")
            out[query] = ("-" if r is None else str(r), seen)
    finally:
        context.close()
        server.shutdown()
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sites", nargs="+", type=Path, help="built site folders (before, after)")
    parser.add_argument("--set", choices=["suite", "heldout", "fresh", "both", "all"], default="both")
    parser.add_argument("--width", type=int, default=360)
    parser.add_argument("--height", type=int, default=740)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    names = GROUPS.get(args.set, [args.set])
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", headless=True, args=ARGS)
        for name in names:
            title, queries = SETS[name]
            runs = [measure(browser, folder, queries, args.width, args.height) for folder in args.sites]
            print(f"## {title}, at {args.width} x {args.height}\n")
            head = " | ".join(f"rank ({f}) | in view ({f})" for f in args.sites)
            print(f"| query | first law | {head} |")
            print("|---|---|" + "---|---|" * len(args.sites))
            for query, expected in queries:
                cells = [c for run in runs for c in run[query]]
                print(f"| {query} | {expected[0]} | " + " | ".join(cells) + " |")
            print()
            for folder, run in zip(args.sites, runs, strict=True):
                top3 = sum(1 for r, _ in run.values() if r != "-" and int(r) <= 3)
                both = sum(1 for r, seen in run.values() if r != "-" and int(r) <= 3 and seen == "yes")
                print(
                    f"- {folder}: first law in the top 3 for {top3} of {len(queries)}; in the top 3 and in view for {both} of {len(queries)}"
                )
            print()
        browser.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
