"""The runtime's pre-compilation as a background job (build_scripts/pyodide_runtime.CompileJob): a
build starts Node before it makes its pages and takes the result last (hooks.on_post_build), so a
build with a cold cache takes about 8 s instead of 12. Node itself is replaced here by small shell
scripts; the real compilation is checked on the built site (tests/test_web.py, test_precompute.py)."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from build_scripts.pyodide_runtime import COMPILED_FILES, CompileJob

WHEEL = ("euchre_core-0.0.0-py3-none-any.whl", b"PK not really a wheel")
MAKE_ALL = 'mkdir -p "$4" && for f in ' + " ".join(COMPILED_FILES) + '; do echo x > "$4/$f"; done'


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
    fake_node(tmp_path, monkeypatch, "sleep 1; " + MAKE_ALL)
    cache = tmp_path / "cache"
    start = time.monotonic()
    job = CompileJob(*WHEEL, cache=cache)
    assert time.monotonic() - start < 0.8  # it does not wait for Node
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
    fake_node(tmp_path, monkeypatch, "sleep 30; " + MAKE_ALL)
    cache = tmp_path / "cache"
    job = CompileJob(*WHEEL, cache=cache)
    start = time.monotonic()
    job.cancel()
    assert time.monotonic() - start < 10
    assert job.result() is None
    assert not list(cache.iterdir())
