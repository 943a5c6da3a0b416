"""The engine's wheel comes from the declared build backend, is reproducible, holds what the browser
needs, and is the wheel that ``pip install .`` installs."""

from __future__ import annotations

import io
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

from conftest import REPO_ROOT

from build_scripts.engine_wheel import SOURCE_DATE_EPOCH, build_engine_wheel, engine_sources


def test_the_wheel_is_built_twice_to_the_same_bytes_with_the_browser_data_inside() -> None:
    name1, first = build_engine_wheel(cache=None)
    name2, second = build_engine_wheel(cache=None)
    assert name1 == name2 and first == second
    names = set(zipfile.ZipFile(io.BytesIO(first)).namelist())
    data = {p.relative_to(REPO_ROOT).as_posix() for p in (REPO_ROOT / "euchre_core" / "data").rglob("*.json")}
    assert data and data <= names
    modules = {
        p.relative_to(REPO_ROOT).as_posix()
        for p in (REPO_ROOT / "euchre_core").rglob("*.py")
        if "__pycache__" not in p.parts
    }
    assert modules <= names
    assert "euchre_core/py.typed" in names
    entry = next(n for n in names if n.endswith("entry_points.txt"))
    assert "euchre = euchre_core.app.cli:main" in zipfile.ZipFile(io.BytesIO(first)).read(entry).decode()


def test_pip_builds_the_same_wheel(tmp_path: Path) -> None:
    """``pip wheel .`` (what ``pip install .`` installs) gives byte for byte the site's wheel."""
    name, ours = build_engine_wheel(cache=None)
    env = {**os.environ, "SOURCE_DATE_EPOCH": SOURCE_DATE_EPOCH, "PYTHONHASHSEED": "0"}
    src = tmp_path / "src"
    for path in engine_sources():  # the package as it is in the working tree, as pip would see it
        target = src / path.relative_to(REPO_ROOT)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, target)
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--quiet",
            "--no-deps",
            "--no-build-isolation",
            "--wheel-dir",
            str(tmp_path / "out"),
            str(src),
        ],
        check=True,
        env=env,
    )
    assert (tmp_path / "out" / name).read_bytes() == ours
