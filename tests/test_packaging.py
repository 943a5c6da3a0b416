"""Packaging as users expect it: the dependency groups locked with hashes and installed from the locks,
the licence and metadata, a readme that works on PyPI, a reproducible and complete sdist, and the engine's
own tests runnable on every Python the package declares."""

from __future__ import annotations

import ast
import io
import os
import re
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import tomllib
import yaml
from conftest import REPO_ROOT

from build_scripts import pypi_readme
from build_scripts.engine_wheel import SOURCE_DATE_EPOCH, build_engine_wheel

PYPROJECT = tomllib.loads((REPO_ROOT / "pyproject.toml").read_text(encoding="utf-8"))
LOCKS = REPO_ROOT / "requirements"
_PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==([^ ;\\]+)")


def _canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _requirements(group: str) -> list[str]:
    out: list[str] = []
    for item in PYPROJECT["dependency-groups"][group]:
        out.extend(_requirements(item["include-group"]) if isinstance(item, dict) else [item])
    return out


def _lock(group: str) -> dict[str, list[str]]:
    """name -> the versions the lock pins (two where it forks by Python version)."""
    pins: dict[str, list[str]] = {}
    text = (LOCKS / f"{group}.txt").read_text(encoding="utf-8")
    for block in re.split(r"\n(?=[A-Za-z0-9])", text):
        m = _PIN.match(block)
        if m:
            assert "--hash=sha256:" in block, f"requirements/{group}.txt: {m.group(1)} has no hash"
            pins.setdefault(_canonical(m.group(1)), []).append(m.group(2))
    return pins


def test_every_group_is_locked_with_hashes_and_its_pins_kept() -> None:
    groups = PYPROJECT["dependency-groups"]
    assert {"site", "test", "dev", "pip", "engine-test"} <= set(groups)
    for group in groups:
        lock = _lock(group)
        for requirement in _requirements(group):
            name = _canonical(re.split(r"[=<>!~ ;\[]", requirement, maxsplit=1)[0])
            assert name in lock, f"requirements/{group}.txt lacks {name}: run `make lock`"
            if "==" in requirement:
                assert requirement.split("==")[1] in lock[name], f"requirements/{group}.txt: {name} {lock[name]}"


def test_the_site_group_is_lean_and_the_test_group_has_the_suites_tools() -> None:
    site = _lock("site")
    for heavy in ("playwright", "open-spiel", "hypothesis", "pytest", "mypy", "numpy", "uv"):
        assert heavy not in site, f"{heavy} is in the site group: make serve would install it"
    assert {"mkdocs", "mkdocs-material", "hatchling", "build", "wheel", "ruff"} <= set(site)  # ruff: signatures
    assert {"playwright", "open-spiel", "pytest", "hypothesis"} <= set(_lock("test"))
    assert {"ruff", "mypy", "uv"} <= set(_lock("dev"))
    assert set(site) <= set(_lock("dev"))


def test_the_makefile_installs_the_locks_with_hashes_site_group_for_build_and_serve() -> None:
    make = (REPO_ROOT / "Makefile").read_text(encoding="utf-8")
    assert "--require-hashes" in make and "-r requirements/pip.txt" in make
    assert re.search(r"^build: venv node-deps$", make, re.M)
    # serve: the site group, and of the npm packages only the runtime's (issue 36: a lean serve)
    assert re.search(r"^serve: venv node-serve-deps$", make, re.M)
    assert "npm ci --omit=dev" in make
    assert re.search(r"^test: venv-dev ", make, re.M)
    assert not (REPO_ROOT / "requirements-dev.txt").exists()
    dependabot = yaml.safe_load((REPO_ROOT / ".github" / "dependabot.yml").read_text(encoding="utf-8"))
    assert {u["package-ecosystem"] for u in dependabot["updates"]} == {"pip", "npm", "github-actions"}


def test_licence_classifiers_and_urls() -> None:
    project = PYPROJECT["project"]
    assert (REPO_ROOT / "LICENSE").read_text(encoding="utf-8").startswith("MIT License")
    assert project["license"] == "MIT" and project["license-files"] == ["LICENSE"]
    assert project["authors"] and {"Homepage", "Repository", "Issues", "Changelog"} <= set(project["urls"])
    versions = sorted(
        c.rsplit(":: ", 1)[1]
        for c in project["classifiers"]
        if re.fullmatch(r"Programming Language :: Python :: 3\.\d+", c)
    )
    workflow = yaml.safe_load((REPO_ROOT / ".github" / "workflows" / "pages.yml").read_text(encoding="utf-8"))
    matrix = workflow["jobs"]["engine"]["strategy"]["matrix"]["python-version"]
    assert versions == matrix == ["3.10", "3.11", "3.12", "3.13"]
    assert project["requires-python"] == f">={versions[0]}"


def test_the_pypi_readme_is_current_and_has_no_relative_link() -> None:
    text = (REPO_ROOT / "README.pypi.md").read_text(encoding="utf-8")
    assert text == pypi_readme.pypi_readme(), "README.pypi.md is stale: python -m build_scripts.pypi_readme"
    assert pypi_readme.relative_links(text) == []
    assert len(pypi_readme.relative_links((REPO_ROOT / "README.md").read_text(encoding="utf-8"))) >= 20
    assert PYPROJECT["project"]["readme"] == "README.pypi.md"


def _sdist(out: Path) -> Path:
    env = {**os.environ, "SOURCE_DATE_EPOCH": SOURCE_DATE_EPOCH}
    cmd = [sys.executable, "-m", "build", "--sdist", "--no-isolation", "--outdir", str(out), str(REPO_ROOT)]
    subprocess.run(cmd, check=True, capture_output=True, env=env)
    (sdist,) = out.glob("*.tar.gz")
    return sdist


def test_the_sdist_is_reproducible_and_builds_the_sites_wheel(tmp_path: Path) -> None:
    first, second = _sdist(tmp_path / "a"), _sdist(tmp_path / "b")
    assert first.read_bytes() == second.read_bytes()
    with tarfile.open(first) as tar:
        names = {n.split("/", 1)[1] for n in tar.getnames() if "/" in n}
        tar.extractall(tmp_path / "src", filter="data")
    assert {"LICENSE", "README.pypi.md", "CHANGELOG.md", "pyproject.toml", "PKG-INFO"} <= names
    assert not any(n.startswith("tests/") for n in names)  # the suite needs the repository (CONTRIBUTING.md)
    modules = {p.relative_to(REPO_ROOT).as_posix() for p in (REPO_ROOT / "euchre_core").rglob("*.py")}
    assert modules <= names
    # the wheel built from the sdist is, byte for byte, the wheel the site ships
    (root,) = (tmp_path / "src").iterdir()
    env = {**os.environ, "SOURCE_DATE_EPOCH": SOURCE_DATE_EPOCH}
    cmd = [sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", str(tmp_path / "w"), str(root)]
    subprocess.run(cmd, check=True, capture_output=True, env=env)
    (wheel,) = (tmp_path / "w").glob("*.whl")
    name, ours = build_engine_wheel(cache=None)
    assert wheel.name == name and wheel.read_bytes() == ours
    assert "licenses/LICENSE" in " ".join(zipfile.ZipFile(io.BytesIO(ours)).namelist())


def test_the_engine_tests_need_only_the_engine_pytest_and_hypothesis() -> None:
    """CI runs tests/engine_tests.txt on Python 3.10-3.13 with nothing else installed."""
    listed = [ln for ln in (REPO_ROOT / "tests" / "engine_tests.txt").read_text().splitlines() if ln and ln[0] != "#"]
    allowed = set(sys.stdlib_module_names) | {"pytest", "hypothesis", "euchre_core", "_pytest"}
    todo, seen = ["tests/conftest.py", *listed], set()
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        text = (REPO_ROOT / name).read_text(encoding="utf-8")
        assert "built_site" not in text or name.endswith("conftest.py"), f"{name} builds the site"
        tree = ast.parse(text)
        # Playwright may be imported inside a function (tests/browser_support.py, the browser fixtures of
        # conftest.py), which only a browser test calls; never at a module's top
        lazy = {
            id(node)
            for fn in ast.walk(tree)
            if isinstance(fn, ast.FunctionDef)
            for node in ast.walk(fn)
            if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "playwright"
        }
        for node in ast.walk(tree):
            if id(node) in lazy:
                continue
            if isinstance(node, ast.Import):
                tops = [a.name.split(".")[0] for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                tops = [node.module.split(".")[0]]
            else:
                continue
            for top in tops:
                if (REPO_ROOT / "tests" / f"{top}.py").is_file():  # a helper beside the tests: checked too
                    todo.append(f"tests/{top}.py")
                else:
                    assert top in allowed, f"{name} imports {top}: not an engine test"
