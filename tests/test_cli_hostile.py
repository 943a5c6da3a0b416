"""Issue 11: hand-made bad command lines (tests/cli_hostile_inputs.py, more than 268 of them) each end
with status 2 and one line naming the field, never a traceback, never a hang, never accepted; the
valid ones end with status 0."""

from __future__ import annotations

import contextlib
import io
import os
import subprocess
import sys
import time
from pathlib import Path

import cli_hostile_inputs as hostile
import pytest

from euchre_core.app.cli import main

ROOT = Path(__file__).resolve().parent.parent


def _run(argv: list[str]) -> tuple[int, str, str, float]:
    out, err = io.StringIO(), io.StringIO()
    t0 = time.process_time()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(argv)
        except SystemExit as e:  # argparse's own exits (--help, a bad command line)
            code = e.code if isinstance(e.code, int) else 2
    return code, out.getvalue(), err.getvalue(), time.process_time() - t0


def test_every_hand_made_bad_command_line_is_refused_in_one_line(tmp_path: Path) -> None:
    cases = hostile.bad_inputs(tmp_path)
    assert len(cases) >= 268
    accepted, not_one_line, slow = [], [], []
    for desc, argv in cases:
        code, _, err, secs = _run(argv)  # an exception escaping main() fails the test with its traceback
        if code != 2:
            accepted.append((desc, code))
        lines = err.strip("\n").split("\n")
        if len(lines) != 1 or not lines[0].startswith("euchre: ") or "Traceback" in err or len(lines[0]) > 400:
            not_one_line.append((desc, err[:300]))
        if secs > 2:
            slow.append((desc, secs))
    print(
        f"{len(cases)} bad command lines: {len(accepted)} accepted, {len(not_one_line)} not one line, "
        f"{len(slow)} slower than 2 s"
    )
    assert not accepted, accepted
    assert not not_one_line, not_one_line
    assert not slow, slow


def test_the_valid_command_lines_succeed(tmp_path: Path) -> None:
    for desc, argv in hostile.good_inputs(tmp_path):
        code, out, err, _ = _run(argv)
        assert code == 0 and out and not err, (desc, err)


@pytest.mark.parametrize(
    "argv",
    [
        ["deal", "--seed", "-7"],
        ["deal", "--seed", "7", "--dealer", "BC"],
        ["replay", "/dev/zero"],
        ["case", "x" * 300],
        ["bench", "--games", "0"],
        [],
    ],
)
def test_the_process_exits_2_with_one_line(argv: list[str]) -> None:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    p = subprocess.run(
        [sys.executable, "-m", "euchre_core", *argv], capture_output=True, text=True, env=env, timeout=60, cwd=ROOT
    )
    assert p.returncode == 2 and p.stdout == ""
    assert p.stderr.count("\n") == 1 and p.stderr.startswith("euchre: ") and "Traceback" not in p.stderr
