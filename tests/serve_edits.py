"""Edits under ``make serve`` (``python -m build_scripts.serve``), for ``tests/test_serve.py`` and
``benchmarks/bench_serve.py``: a temporary copy of the repository, the server started on a port, and
one edit of each kind, each with the page that must show it.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Edit:
    """An edit of one kind: the file, the text replaced (once) by ``new(marker)``, the page, and the
    other pages that show it too (``also``: the large pages that gather every law, which the generator
    writes a moment after the law's own page)."""

    kind: str
    file: str
    old: str
    new: Callable[[str], str]
    page: str
    also: tuple[str, ...] = ()

    @property
    def pages(self) -> tuple[str, ...]:
        """Every page that shows the edit: its own first, then ``also``."""
        return (self.page, *self.also)


EDITS = (
    Edit(
        "law text (content/laws.yaml)",
        "content/laws.yaml",
        "The rubber is the best of three games.",
        lambda m: f"The rubber is the best of three games {m}.",
        "laws/the-rubber/",
        ("director/", "laws/print/"),
    ),
    Edit(
        "template (build_scripts/templates)",
        "build_scripts/templates/cases_index.md.j2",
        "# Cases I–IX\n",
        lambda m: f"# Cases I–IX\n\n{m}\n",
        "cases/",
    ),
    Edit(
        "hand-written page (docs/)",
        "docs/notation.md",
        "# Notation\n",
        lambda m: f"# Notation\n\n{m}\n",
        "notation/",
    ),
    Edit(
        "docstring (API page)",
        "euchre_core/kernel/cards.py",
        '"""Cards, suits and ranks:',
        lambda m: f'"""Cards {m}, suits and ranks:',
        "api/kernel/",
    ),
    Edit(
        "engine message (euchre_core/laws/lawbook.py)",
        "euchre_core/laws/lawbook.py",
        '"rubber: best of three;',
        lambda m: f'"rubber {m}: best of three;',
        "laws/the-rubber/",  # the engine's box under law 1
    ),
)


def copy_repo(dest: Path) -> None:
    """The tracked files (as they are in the working tree) and a link to ``node_modules``."""
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=REPO_ROOT, capture_output=True, check=True).stdout
    for name in filter(None, listed.decode().split("\0")):
        src = REPO_ROOT / name
        if src.is_file():
            (dest / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dest / name)
    if (REPO_ROOT / "node_modules").exists():
        (dest / "node_modules").symlink_to((REPO_ROOT / "node_modules").resolve())


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_serve(root: Path, port: int, log: Path) -> subprocess.Popen[bytes]:
    env = dict(os.environ, PYTHONPATH=str(root), NO_MKDOCS_2_WARNING="1")
    return subprocess.Popen(
        [sys.executable, "-m", "build_scripts.serve", "--dev-addr", f"127.0.0.1:{port}"],
        cwd=root,
        env=env,
        stdout=log.open("wb"),
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )


def fetch(url: str) -> str:
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return str(response.read().decode("utf-8", "replace"))
    except OSError:
        return ""


def wait_for(
    url: str,
    predicate: Callable[[str], bool],
    timeout: float,
    poll: float = 0.05,
    proc: subprocess.Popen[bytes] | None = None,
) -> float | None:
    """Seconds until the page at ``url`` satisfies ``predicate``; None after ``timeout`` or when
    ``proc`` (the server) has stopped."""
    t0 = time.monotonic()
    while time.monotonic() - t0 < timeout and (proc is None or proc.poll() is None):
        if predicate(fetch(url)):
            return time.monotonic() - t0
        time.sleep(poll)
    return None


def apply(root: Path, edit: Edit, marker: str) -> str:
    """Make the edit in the copy; returns the original text (for :func:`restore`)."""
    path = root / edit.file
    original = path.read_text(encoding="utf-8")
    assert edit.old in original, (edit.file, edit.old)
    path.write_text(original.replace(edit.old, edit.new(marker), 1), encoding="utf-8")
    return original


def restore(root: Path, edit: Edit, original: str) -> None:
    (root / edit.file).write_text(original, encoding="utf-8")


def stop(proc: subprocess.Popen[bytes]) -> None:
    if proc.poll() is None:
        import signal

        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
