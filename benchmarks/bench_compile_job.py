"""Time the runtime's pre-compilation job (build_scripts/pyodide_runtime.CompileJob) with a cold cache.

A build makes the job before its pages and takes its result last (hooks.on_post_build), so what the
build waits for at the start is only the making of the job (hashing the runtime, writing the wheel,
starting Node); Node then compiles in the background. Each run uses a fresh cache folder, the real
Node and node_modules/pyodide (``make node-deps``). Run:

    PYTHONPATH=. python benchmarks/bench_compile_job.py [--runs 3]

Prints, per run, the CPU time (``time.process_time``: the other processes of a loaded machine do not
count) and the wall time of making the job, and the wall time until its result. The tests check the
behaviour without a clock (tests/test_pyodide_compile_job.py: the job returns while Node still runs).
A benchmark, not a test: no assertion.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from build_scripts.pyodide_runtime import PYODIDE_DIR, CompileJob, build_wheel  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--runs", type=int, default=3)
    a = p.parse_args(argv)
    if shutil.which("node") is None or not (PYODIDE_DIR / "pyodide.mjs").is_file():
        print("Node or node_modules/pyodide is missing (make node-deps): nothing to measure")
        return 1
    wheel = build_wheel()
    start_cpu, start_wall, total_wall = [], [], []
    for run in range(a.runs):
        with tempfile.TemporaryDirectory() as cache:
            c0, w0 = time.process_time(), time.perf_counter()
            job = CompileJob(*wheel, cache=Path(cache))
            start_cpu.append(time.process_time() - c0)
            start_wall.append(time.perf_counter() - w0)
            folder = job.result()
            total_wall.append(time.perf_counter() - w0)
            print(
                f"run {run + 1}: making the job {1000 * start_cpu[-1]:.0f} ms CPU, {1000 * start_wall[-1]:.0f} ms wall; "
                f"result after {total_wall[-1]:.1f} s wall ({'compiled' if folder else 'uncompiled'})"
            )
    print(
        f"median over {a.runs} runs: making the job {1000 * statistics.median(start_cpu):.0f} ms CPU, "
        f"{1000 * statistics.median(start_wall):.0f} ms wall; result {statistics.median(total_wall):.1f} s wall"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
