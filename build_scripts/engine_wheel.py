"""The engine's wheel, built by the project's declared build backend (hatchling, ``pyproject.toml``).

The browser loads ``euchre_core`` from this wheel, and ``pip install .`` installs the same one:
``python -m build --wheel`` on a clean copy of the package's sources, with ``SOURCE_DATE_EPOCH``
fixed so that the same sources give the same bytes (the wheel's sha256 goes into the site's
``pyodide-lock.json``). ``--no-isolation``: the backend is installed in the project's venv
(the site group of pyproject.toml, locked in requirements/site.txt), so a build needs no network and takes about a second. Wheels are
kept in ``.cache/engine-wheel/`` under the hash of their sources, so ``mkdocs serve`` rebuilds one
only when the engine changes.

>>> name, data = build_engine_wheel()
>>> name.startswith("euchre_core-") and name.endswith("-py3-none-any.whl") and data[:2] == b"PK"
True
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
CACHE = REPO_ROOT / ".cache" / "engine-wheel"
SOURCE_DATE_EPOCH = "315532800"  # 1980-01-01, the earliest date a zip file can hold
TOP_FILES = ("pyproject.toml", "README.pypi.md", "LICENSE")


class WheelBuildError(RuntimeError):
    """The build backend failed; the message has its output's last lines."""


def engine_sources(root: Path = REPO_ROOT) -> list[Path]:
    package = root / "euchre_core"
    files = [p for p in package.rglob("*") if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".pyc"]
    return [root / name for name in TOP_FILES] + sorted(files)


def sources_hash(root: Path = REPO_ROOT) -> str:
    """A hash of everything the wheel is built from (names and bytes)."""
    h = hashlib.sha256(SOURCE_DATE_EPOCH.encode())
    for path in engine_sources(root):
        h.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return h.hexdigest()[:20]


def build_engine_wheel(root: Path = REPO_ROOT, cache: Path | None = CACHE) -> tuple[str, bytes]:
    """``(file name, bytes)`` of the engine's wheel, from the cache or built now."""
    key = sources_hash(root)
    if cache is not None:
        hit = sorted((cache / key).glob("*.whl")) if (cache / key).is_dir() else []
        if hit:
            return hit[0].name, hit[0].read_bytes()
    with tempfile.TemporaryDirectory(prefix="euchre-wheel-") as tmp:
        src, out = Path(tmp) / "src", Path(tmp) / "dist"
        for path in engine_sources(root):
            target = src / path.relative_to(root)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, target)
        env = {**os.environ, "SOURCE_DATE_EPOCH": SOURCE_DATE_EPOCH, "PYTHONHASHSEED": "0"}
        done = subprocess.run(
            [sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", str(out), str(src)],
            capture_output=True,
            text=True,
            env=env,
            cwd=tmp,
        )
        wheels = sorted(out.glob("*.whl"))
        if done.returncode != 0 or len(wheels) != 1:
            tail = "\n".join((done.stdout + done.stderr).strip().splitlines()[-8:])
            raise WheelBuildError(f"python -m build --wheel failed (exit {done.returncode}):\n{tail}")
        wheel = wheels[0]
        data = wheel.read_bytes()
        if cache is not None:
            (cache / key).mkdir(parents=True, exist_ok=True)
            shutil.copyfile(wheel, cache / key / wheel.name)
        return wheel.name, data
