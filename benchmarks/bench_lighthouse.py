"""Lighthouse on each page type, beside a bare Material site of the same laws (issue 25's targets).

In one run: builds the site (under /repo/) and a bare Material site holding only the laws' text
(``content/laws.yaml``, one page per section, Material's red palette, no plugins but search; under
/bare/), serves both as GitHub Pages does (gzip-compressed, ``Cache-Control: max-age=600``; the
server of ``benchmarks/bench_browser.py``), and runs Lighthouse (npm ``lighthouse``, pinned in
package.json; Debian's Chromium, headless, ``--no-sandbox``; mobile, its default simulated
throttling) ``--runs`` times on each page type: home, a law section, a case, the director, a
lesson, Replay, an API page; and on the bare site's home and law section. Prints, per page, the
median and the spread (min–max) of the performance score, LCP, TBT, CLS, the bytes transferred and
the accessibility, best practices and SEO scores. No assertions: a benchmark, not a timed test.

Run: ``python benchmarks/bench_lighthouse.py [--runs 3] [--site DIR] [--before REF]`` (``--site``: an
already built site, served as it is; its sitemap's URL is then not this server's; ``--before``: a git
revision, built in a temporary worktree and measured in the same run under /before/, so a closing
note's "before" and "after" columns come from one run beside the bare site).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

import yaml

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_browser import build, note, serve  # noqa: E402

LIGHTHOUSE = REPO / "node_modules" / ".bin" / "lighthouse"
CHROME = os.environ.get("CHROME_PATH", "/usr/bin/chromium")
PAGES = [
    ("home", "repo/"),
    ("law section", "repo/laws/cards-played-in-error/"),
    ("case", "repo/cases/i/"),
    ("director", "repo/director/"),
    ("lesson", "repo/learn/the-pack/"),
    ("Replay", "repo/replay/"),
    ("API page", "repo/api/kernel/"),
    ("bare: home", "bare/"),
    ("bare: law section", "bare/cards-played-in-error/"),
]


BEFORE_PAGES = ["laws/cards-played-in-error/", "cases/i/", "director/", "learn/the-pack/"]


def before_site(root: Path, base: str, ref: str) -> None:
    """The site as it was at git revision ``ref``, built into ``root/before`` (a temporary worktree)."""
    tree = Path(tempfile.mkdtemp(prefix="bench-lighthouse-before-")) / "repo"
    subprocess.run(["git", "worktree", "add", "--detach", str(tree), ref], cwd=REPO, check=True, capture_output=True)
    try:
        (tree / "node_modules").symlink_to(REPO / "node_modules")
        build(root, base, tree, "before")
    finally:
        subprocess.run(["git", "worktree", "remove", "--force", str(tree)], cwd=REPO, capture_output=True)


def bare_site(root: Path, base: str, palette: str = "  palette:\n    primary: red\n    accent: red\n") -> None:
    """A bare Material site of the laws' text, built into ``root/bare`` (``palette``: its YAML, Material's red
    by default; ``benchmarks/bench_first_touch.py`` gives it the site's colour toggle)."""
    src = Path(tempfile.mkdtemp(prefix="bare-material-"))
    docs = src / "docs"
    docs.mkdir()
    laws = yaml.safe_load((REPO / "content" / "laws.yaml").read_text())
    index = ["# The Laws of Euchre", "", "As adopted by the Somerset Club of Boston, March 1, 1888.", ""]
    for section in laws["sections"]:
        body = [f"# {section['heading']}", ""]
        for law in section["laws"]:
            body += [f"## Law {law['number']}", "", law["text"], ""]
        (docs / f"{section['id']}.md").write_text("\n".join(body))
        index.append(f"- [{section['heading']}]({section['id']}.md)")
    (docs / "index.md").write_text("\n".join(index) + "\n")
    (src / "mkdocs.yml").write_text(
        "site_name: Euchre Laws (bare)\n"
        f"site_url: {base}bare/\n"
        "theme:\n  name: material\n  font: false\n" + palette + "plugins:\n  - search\n"
    )
    subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--site-dir", str(root / "bare")],
        cwd=src,
        env=dict(os.environ, NO_MKDOCS_2_WARNING="1"),
        check=True,
        capture_output=True,
    )


def lighthouse(url: str, out: Path) -> dict[str, float]:
    """One Lighthouse run (mobile, simulated throttling): the figures of the table."""
    subprocess.run(
        [
            str(LIGHTHOUSE),
            url,
            "--quiet",
            "--output=json",
            f"--output-path={out}",
            "--chrome-flags=--headless=new --no-sandbox --disable-gpu",
            "--only-categories=performance,accessibility,best-practices,seo",
        ],
        env=dict(os.environ, CHROME_PATH=CHROME),
        check=True,
        capture_output=True,
        timeout=300,
    )
    report = json.loads(out.read_text())
    audits, categories = report["audits"], report["categories"]
    return {
        "perf": categories["performance"]["score"] * 100,
        "LCP": audits["largest-contentful-paint"]["numericValue"] / 1000,
        "TBT": audits["total-blocking-time"]["numericValue"],
        "CLS": audits["cumulative-layout-shift"]["numericValue"],
        "kB": audits["total-byte-weight"]["numericValue"] / 1000,
        "a11y": categories["accessibility"]["score"] * 100,
        "BP": categories["best-practices"]["score"] * 100,
        "SEO": categories["seo"]["score"] * 100,
    }


FORMATS = {"perf": "{:.0f}", "LCP": "{:.2f} s", "TBT": "{:.0f} ms", "CLS": "{:.3f}", "kB": "{:.0f}"}


def cell(values: list[float], key: str) -> str:
    fmt = FORMATS.get(key, "{:.0f}")
    median = fmt.format(statistics.median(values))
    if min(values) == max(values):
        return median
    return f"{median} ({fmt.format(min(values)).split()[0]}–{fmt.format(max(values))})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--site", type=Path, help="a built site (default: build one now)")
    parser.add_argument("--before", metavar="REF", help="a git revision measured beside, under /before/")
    args = parser.parse_args()
    if not LIGHTHOUSE.exists():
        sys.exit("lighthouse is missing: run `make node-deps` (npm ci)")
    root = Path(tempfile.mkdtemp(prefix="bench-lighthouse-"))
    server, base = serve(root, compress=True, cache_headers=True)
    try:
        if args.site:
            (root / "repo").symlink_to(args.site.resolve())
        else:
            note("building the site")
            build(root, base)
        note("building the bare Material site")
        bare_site(root, base)
        pages = list(PAGES)
        if args.before:
            note(f"building the site as it was at {args.before}")
            before_site(root, base, args.before)
            pages += [(f"before: {path.rstrip('/')}", "before/" + path) for path in BEFORE_PAGES]
        results: dict[str, list[dict[str, float]]] = {name: [] for name, _ in pages}
        for run in range(args.runs):  # page types interleaved, so a busy moment does not hit one page only
            for name, path in pages:
                note(f"run {run + 1}/{args.runs}: {name}")
                results[name].append(lighthouse(base + path, root / "report.json"))
    finally:
        server.shutdown()
    load = os.getloadavg()
    print(
        f"Lighthouse 12.2.3, mobile (simulated throttling), {args.runs} runs per page, gzip + max-age=600; "
        f"median (min–max); load average at the end {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}\n"
    )
    keys = ["perf", "LCP", "TBT", "CLS", "kB", "a11y", "BP", "SEO"]
    print("| page | " + " | ".join(keys) + " |")
    print("|---" * (len(keys) + 1) + "|")
    for name, path in pages:
        runs = results[name]
        print(f"| {name} (/{path}) | " + " | ".join(cell([r[k] for r in runs], k) for k in keys) + " |")


if __name__ == "__main__":
    main()
