"""The locks agree with pyproject.toml: each group of ``[dependency-groups]`` (its included groups
expanded) has every direct requirement in its lock ``requirements/GROUP.txt`` at a version the
requirement allows (a ``==`` pin: that version), and the lock names no other package as the group's
own (uv's ``# via euchre-core (pyproject.toml:GROUP)``). Names compared normalised (PEP 503). A pin
edited without ``make lock`` (or a lock edited by hand) fails here, in ``make test``, before an
install; the Makefile's ``pip check`` after each install catches a lock that misses a requirement of
a requirement."""

from __future__ import annotations

import re
from collections import defaultdict

import pytest
import tomllib
from conftest import REPO_ROOT
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

PYPROJECT = REPO_ROOT / "pyproject.toml"
LOCKS = REPO_ROOT / "requirements"
# `name==version ; marker \` at the start of a line; then its hashes and its `# via` lines
_ENTRY = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==([^\s;\\]+)")
_VIA = re.compile(r"^\s+#\s+(?:via\s+)?(.+?)\s*$")


def _groups() -> dict[str, list[object]]:
    groups: dict[str, list[object]] = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["dependency-groups"]
    return groups


def direct_requirements(group: str, groups: dict[str, list[object]] | None = None) -> list[Requirement]:
    """The group's requirements, its ``include-group`` entries expanded.

    >>> [r.name for r in direct_requirements("dev", {"a": ["x==1"], "dev": [{"include-group": "a"}, "y>=2"]})]
    ['x', 'y']
    """
    groups = _groups() if groups is None else groups
    out: list[Requirement] = []
    for item in groups[group]:
        if isinstance(item, dict):
            out += direct_requirements(str(item["include-group"]), groups)
        else:
            out.append(Requirement(str(item)))
    return out


def read_lock(text: str) -> tuple[dict[str, set[str]], dict[str, set[str]]]:
    """A lock's versions by package (normalised name; one per marker) and what each was pulled in by.

    >>> versions, via = read_lock('a-b==1.0 ; python_version < "3.11" \\\\\\n    --hash=sha256:00\\n'
    ...     '    # via\\n    #   euchre-core (pyproject.toml:site)\\n    #   c\\nC==2 \\\\\\n    # via a-b\\n')
    >>> versions == {"a-b": {"1.0"}, "c": {"2"}}, sorted(via["a-b"]), sorted(via["c"])
    (True, ['c', 'euchre-core (pyproject.toml:site)'], ['a-b'])
    """
    versions: dict[str, set[str]] = defaultdict(set)
    via: dict[str, set[str]] = defaultdict(set)
    current = ""
    for line in text.splitlines():
        entry = _ENTRY.match(line)
        if entry:
            current = canonicalize_name(entry.group(1))
            versions[current].add(entry.group(2))
            continue
        found = _VIA.match(line)
        if current and found and line.lstrip().startswith("#"):
            if found.group(1) != "via":
                via[current].add(found.group(1))
    return dict(versions), dict(via)


GROUPS = sorted(_groups())


@pytest.mark.parametrize("group", GROUPS)
def test_each_group_has_its_lock_pinned_as_pyproject_says(group: str) -> None:
    lock = LOCKS / f"{group}.txt"
    assert lock.is_file(), f"{lock.relative_to(REPO_ROOT)} is missing: run `make lock`"
    versions, via = read_lock(lock.read_text(encoding="utf-8"))
    wrong = []
    wanted = {canonicalize_name(r.name): r for r in direct_requirements(group)}
    for name, requirement in sorted(wanted.items()):
        have = versions.get(name)
        if not have:
            wrong.append(f"{requirement}: not in the lock")
            continue
        bad = sorted(v for v in have if not requirement.specifier.contains(Version(v), prereleases=True))
        if bad:
            wrong.append(f"{requirement}: the lock has {', '.join(bad)}")
    own = f"euchre-core (pyproject.toml:{group})"
    extra = sorted(name for name, sources in via.items() if own in sources and name not in wanted)
    wrong += [f"{name}: locked as a requirement of {group}, which pyproject.toml no longer names" for name in extra]
    assert not wrong, f"requirements/{group}.txt disagrees with pyproject.toml (run `make lock`): {wrong}"


def test_every_lock_belongs_to_a_group() -> None:
    assert sorted(p.stem for p in LOCKS.glob("*.txt")) == GROUPS


def test_the_build_scripts_imports_are_declared() -> None:
    """griffe (build_scripts/griffe_docstrings.py) is griffelib's module: the site group names it."""
    site = {canonicalize_name(r.name) for r in direct_requirements("site")}
    assert "griffelib" in site
    assert "import griffe" in (REPO_ROOT / "build_scripts" / "griffe_docstrings.py").read_text(encoding="utf-8")
