"""Issue 23: where a player's own words land in the site's search, for one built site or two side by side.

    PYTHONPATH=. .venv/bin/python benchmarks/bench_search.py site [other-site] [--width 360]

Serves each folder on 127.0.0.1, types each query of ``tests/search_queries.py`` into Material's
search box in Debian's Chromium, and prints the rank (among the section links shown, in order) of
the first law that answers it, and the top three results. ``-`` when that law is not among them.
Nothing is timed: it prints ranks, which do not depend on the machine's load.
"""

from __future__ import annotations

import argparse
import functools
import sys
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from search_queries import QUERIES, rank, search, situation_laws  # noqa: E402

ARGS = ["--no-sandbox", "--disable-background-networking"]


class Quiet(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:  # noqa: A002
        pass


def serve(folder: Path) -> tuple[ThreadingHTTPServer, str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(folder)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sites", nargs="+", type=Path, help="built site folders (site/ from `make build`)")
    parser.add_argument("--width", type=int, default=1280)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    laws = situation_laws()
    table: dict[str, list[str]] = {q: [] for q, _ in QUERIES}
    tops: dict[str, list[str]] = {q: [] for q, _ in QUERIES}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", headless=True, args=ARGS)
        for folder in args.sites:
            server, base = serve(folder)
            tab = browser.new_page(viewport={"width": args.width, "height": 800})
            tab.goto(base)
            search(tab, "euchre", laws)  # the index is loaded once
            for query, expected in QUERIES:
                results = search(tab, query, laws)
                r = rank(results, expected[0])
                table[query].append("-" if r is None else str(r))
                tops[query].append(", ".join(str(n) if n else "·" for _, n in results[:3]))
            tab.close()
            server.shutdown()
        browser.close()
    head = " | ".join(f"{f.name or f} rank | top 3" for f in args.sites)
    print(f"| query | first law | {head} |")
    print("|---|---|" + "---|---|" * len(args.sites))
    within = [0] * len(args.sites)
    for query, expected in QUERIES:
        cells = []
        for i, r in enumerate(table[query]):
            cells += [r, tops[query][i]]
            if r != "-" and int(r) <= 3:
                within[i] += 1
        print(f"| {query} | {expected[0]} | " + " | ".join(cells) + " |")
    print()
    for i, folder in enumerate(args.sites):
        print(f"{folder}: first law in the top 3 for {within[i]} of {len(QUERIES)} queries")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
