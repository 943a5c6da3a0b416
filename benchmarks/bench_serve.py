"""How long `mkdocs serve` takes to show an edit to one law (target: under 2 s), and a full build.

Copies the repository's tracked files to a temporary folder (the working tree is never edited),
starts `mkdocs serve` there, edits law 1 in content/laws.yaml a few times and polls the served
page until the edit appears. Run with the project's venv:

    .venv/bin/python benchmarks/bench_serve.py [--edits 4]

Prints numbers; asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MKDOCS = Path(sys.executable).with_name("mkdocs")


def copy_repo(dest: Path) -> None:
    files = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout.split(b"\0")
    for f in files:
        if not f:
            continue
        src = ROOT / f.decode()
        (dest / f.decode()).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(src, dest / f.decode())
    if (ROOT / "node_modules").exists():
        (dest / "node_modules").symlink_to(ROOT / "node_modules")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--edits", type=int, default=4)
    ap.add_argument("--port", default="8199")
    a = ap.parse_args()
    env = dict(os.environ, PYTHONPATH=".", NO_MKDOCS_2_WARNING="1")
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        copy_repo(root)
        t = time.perf_counter()
        subprocess.run(
            [str(MKDOCS), "build", "--strict", "-q", "-d", str(root / "site")],
            cwd=root,
            env=env,
            check=True,
            capture_output=True,
        )
        print(f"full build: {time.perf_counter() - t:.2f} s")
        p = subprocess.Popen(
            [str(MKDOCS), "serve", "-a", f"127.0.0.1:{a.port}", "--livereload"],
            cwd=root,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        url = f"http://127.0.0.1:{a.port}/laws/the-rubber/"
        t0 = time.time()
        try:
            while True:
                try:
                    urllib.request.urlopen(url, timeout=2).read()
                    break
                except OSError:
                    if time.time() - t0 > 120:
                        raise SystemExit("mkdocs serve did not start") from None
                    time.sleep(0.2)
            print(f"serve ready after {time.time() - t0:.1f} s")
            laws = root / "content" / "laws.yaml"
            orig = laws.read_text(encoding="utf-8")
            results = []
            for i in range(a.edits):
                marker = f"EDIT{i}MARK"
                time.sleep(1.5)
                t = time.time()
                laws.write_text(
                    orig.replace(
                        "The rubber is the best of three games.", f"The rubber is the best of three games {marker}.", 1
                    ),
                    encoding="utf-8",
                )
                while True:
                    try:
                        if marker in urllib.request.urlopen(url, timeout=5).read().decode():
                            break
                    except OSError:
                        pass
                    time.sleep(0.05)
                results.append(time.time() - t)
                laws.write_text(orig, encoding="utf-8")
                time.sleep(3)
        finally:
            p.kill()
            out = p.stdout.read() if p.stdout else ""
        print("rebuilds (s):", re.findall(r"Documentation built in ([0-9.]+) seconds", out))
        print(
            "edit -> visible (s):", [round(x, 2) for x in results], f"median {sorted(results)[len(results) // 2]:.2f}"
        )


if __name__ == "__main__":
    main()
