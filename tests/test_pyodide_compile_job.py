"""The runtime's pre-compilation as a background job (build_scripts/pyodide_runtime.CompileJob): a
build starts Node before it makes its pages and takes the result last (hooks.on_post_build), so a
build with a cold cache takes about 8 s instead of 12. Node itself is replaced here by small shell
scripts; the real compilation is checked on the built site (tests/test_web.py, test_precompute.py)."""

from __future__ import annotations

import signal
from pathlib import Path

import pytest

from build_scripts.pyodide_runtime import COMPILED_FILES, CompileJob

WHEEL = ("euchre_core-0.0.0-py3-none-any.whl", b"PK not really a wheel")
MAKE_ALL = 'mkdir -p "$4" && for f in ' + " ".join(COMPILED_FILES) + '; do echo x > "$4/$f"; done'


def wait_for_gate(gate: Path, seconds: int = 300) -> str:
    """A shell loop: ``node`` waits until ``gate`` exists (at most ``seconds``, then it fails), so a test
    decides when Node finishes instead of timing it."""
    return f'i=0; while [ ! -e "{gate}" ]; do i=$((i+1)); [ $i -gt {seconds * 10} ] && exit 9; sleep 0.1; done; '


def fake_node(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, body: str) -> None:
    """``node SCRIPT PYODIDE WHEEL OUT`` runs ``body`` (a shell script; $4 is the output folder)."""
    node = tmp_path / "bin" / "node"
    node.parent.mkdir(exist_ok=True)
    node.write_text("#!/bin/sh\n" + body + "\n")
    node.chmod(0o755)
    monkeypatch.setenv("PATH", f"{node.parent}:/usr/bin:/bin")


def test_a_disabled_job_gives_no_folder(tmp_path: Path) -> None:
    assert CompileJob(*WHEEL, cache=tmp_path, enabled=False).result() is None
    assert not list(tmp_path.iterdir())


def test_node_runs_in_the_background_and_its_result_is_cached(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    gate = tmp_path / "gate"
    fake_node(tmp_path, monkeypatch, wait_for_gate(gate) + MAKE_ALL)
    cache = tmp_path / "cache"
    job = CompileJob(*WHEEL, cache=cache)  # returns while Node waits for the gate: it does not wait for Node
    assert job._proc is not None and job._proc.poll() is None  # Node is still running ...
    assert not list(cache.glob("*/out"))  # ... and has written nothing yet
    gate.touch()  # now Node may finish
    folder = job.result()
    assert folder is not None and folder.parent == cache
    assert sorted(p.name for p in folder.iterdir()) == sorted(COMPILED_FILES)
    assert [p.name for p in cache.iterdir()] == [folder.name]  # the temporary folder is gone
    fake_node(tmp_path, monkeypatch, "exit 1")  # the next build finds it in the cache: Node is not run
    assert CompileJob(*WHEEL, cache=cache).result() == folder


def test_a_failing_node_ships_the_runtime_uncompiled(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fake_node(tmp_path, monkeypatch, 'echo "SyntaxError: no" >&2; exit 3')
    cache = tmp_path / "cache"
    assert CompileJob(*WHEEL, cache=cache).result() is None
    assert not list(cache.iterdir())
    fake_node(tmp_path, monkeypatch, 'mkdir -p "$4"; echo x > "$4/manifest.json"')  # exits 0, files missing
    assert CompileJob(*WHEEL, cache=cache).result() is None


def test_no_node_ships_the_runtime_uncompiled(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))
    assert CompileJob(*WHEEL, cache=tmp_path / "cache").result() is None


def test_a_failed_build_stops_node(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fake_node(tmp_path, monkeypatch, wait_for_gate(tmp_path / "never") + MAKE_ALL)  # Node would never finish
    cache = tmp_path / "cache"
    job = CompileJob(*WHEEL, cache=cache)
    job.cancel()
    assert job._proc is not None and job._proc.returncode == -signal.SIGKILL  # stopped, not waited for
    assert job.result() is None
    assert not list(cache.iterdir())
