"""Issue 37: ``make serve``'s generator watches the sources with watchdog (the operating system's
notifications; no folder is scanned on a timer): an edit regenerates once its burst has paused, an editor's
by-product does not, and an edit to Python restarts the generator."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest

from build_scripts import generate


def _until(check: object, seconds: float = 20.0) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if check():  # type: ignore[operator]
            return True
        time.sleep(0.05)
    return False


def test_edits_regenerate_by_products_do_not_and_python_restarts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    content, python = tmp_path / "content", tmp_path / "engine"
    (content / "sub").mkdir(parents=True)
    python.mkdir()
    (content / "laws.yaml").write_text("a: 1\n", encoding="utf-8")
    (python / "rules.py").write_text("X = 1\n", encoding="utf-8")
    runs: list[float] = []
    monkeypatch.setattr(generate, "CONTENT_ROOTS", (content,))
    monkeypatch.setattr(generate, "RESTART_ROOTS", (python,))
    monkeypatch.setattr(generate, "_run_once", lambda out, serve, stagger=0.0: runs.append(time.monotonic()) or True)
    monkeypatch.setattr(generate, "_restart_stamp", lambda: generate._stamp((python,)))
    result: list[int] = []
    worker = threading.Thread(target=lambda: result.append(generate.watch(tmp_path / "out", quiet=0.3)), daemon=True)
    worker.start()
    assert _until(lambda: len(runs) == 1)  # the first tree
    time.sleep(0.5)  # the observer started

    for i in range(5):  # a burst of saves: one regeneration
        (content / "sub" / f"page{i}.md").write_text(f"edit {i}\n", encoding="utf-8")
        time.sleep(0.05)
    assert _until(lambda: len(runs) == 2)
    time.sleep(1.0)
    assert len(runs) == 2

    (content / "laws.yaml~").write_text("backup\n", encoding="utf-8")  # an editor's by-products
    (content / ".#laws.yaml").write_text("lock\n", encoding="utf-8")
    (content / "__pycache__").mkdir()
    (content / "__pycache__" / "x.pyc").write_bytes(b"\0")
    time.sleep(1.5)
    assert len(runs) == 2

    (python / "rules.py").write_text("X = 2\n", encoding="utf-8")  # Python: a fresh process
    assert _until(lambda: result == [generate.RESTART_EXIT])
    worker.join(timeout=10)


def test_the_watcher_polls_nothing() -> None:
    import inspect

    source = inspect.getsource(generate.watch)
    assert "Observer" in source and "sleep" not in source
