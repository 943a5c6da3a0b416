"""How long ``make serve`` (``python -m build_scripts.serve``) takes to show an edit, per kind of edit
(target: under 2 s for a law's text). Run with the project's venv:

    PYTHONPATH=. .venv/bin/python benchmarks/bench_serve.py [--runs 5] [--kinds law,template,...]

Copies the repository's tracked files to a temporary folder (the working tree is never edited), starts
serve there on a free port, then for each kind of edit (``tests/serve_edits.py``: a law's text, a
template, a hand-written page, a docstring, an engine message) makes the edit ``--runs`` times, polls
the served page every 50 ms until it shows the edit (then each other page that shows it: for a law's
text, the director's guide and all the laws on one page), undoes it and waits until the pages are back.
Prints the startup time and, per kind, the median and the spread (min-max) of edit-to-page; asserts nothing.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from serve_edits import EDITS, apply, copy_repo, free_port, restore, start_serve, stop, wait_for  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--kinds", default="", help="comma-separated words of the kinds to time (default: all)")
    a = ap.parse_args()
    kinds = [e for e in EDITS if not a.kinds or any(k in e.kind for k in a.kinds.split(","))]
    with tempfile.TemporaryDirectory(prefix="bench-serve-") as tmp:
        root = Path(tmp) / "repo"
        copy_repo(root)
        port = free_port()
        log = Path(tmp) / "serve.log"
        t0 = time.monotonic()
        proc = start_serve(root, port, log)
        base = f"http://127.0.0.1:{port}/"
        try:
            if wait_for(base + "laws/the-rubber/", lambda h: "best of three games" in h, 900, proc=proc) is None:
                raise SystemExit("serve did not start:\n" + log.read_text()[-3000:])
            print(f"serve ready after {time.monotonic() - t0:.1f} s (generate the whole tree, then one full build)")
            for edit in kinds:
                times: dict[str, list[float]] = {page: [] for page in edit.pages}
                for i in range(a.runs):
                    marker = f"BENCHMARK{i}X"
                    time.sleep(1.0)
                    original = apply(root, edit, marker)
                    t_edit = time.monotonic()
                    for page in times:  # the edit's own page first, then the pages that gather every law
                        if wait_for(base + page, lambda h, m=marker: m in h, 600, proc=proc) is None:
                            print(f"{edit.kind}: run {i} never showed the edit on {page}")
                        else:
                            times[page].append(time.monotonic() - t_edit)
                    restore(root, edit, original)
                    for page in times:
                        wait_for(base + page, lambda h, m=marker: bool(h) and m not in h, 600, proc=proc)
                for page, secs in times.items():
                    if secs:
                        where = "" if page == edit.page else f", on /{page}"
                        print(
                            f"{edit.kind}{where}: median {statistics.median(secs):.2f} s, spread "
                            f"{min(secs):.2f}-{max(secs):.2f} s over {len(secs)} runs: {[round(t, 2) for t in secs]}",
                            flush=True,
                        )
        finally:
            stop(proc)


if __name__ == "__main__":
    main()
