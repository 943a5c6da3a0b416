"""The law registry: every law is listed; every enforced law names code that exists and has a
test named after it; every presented law says why."""

from __future__ import annotations

import importlib

import pytest

from build_scripts.law_coverage import collect
from euchre_core.laws.lawbook import LAWBOOK

COVERAGE = collect()


def _resolve(path: str) -> object:
    parts = path.split(".")
    for i in range(len(parts), 0, -1):
        try:
            obj = importlib.import_module(".".join(parts[:i]))
        except ModuleNotFoundError:
            continue
        for attr in parts[i:]:
            obj = getattr(obj, attr)
        return obj
    raise ImportError(path)


def test_all_116_laws_are_registered():
    assert sorted(LAWBOOK) == list(range(1, 117))


@pytest.mark.parametrize("n", sorted(LAWBOOK), ids=lambda n: f"law-{n}")
def test_registry_entry(n):
    e = LAWBOOK[n]
    assert e.summary
    if e.status == "enforced":
        assert e.where, n
        for w in e.where:
            _resolve(w)
        assert COVERAGE[n].tests, f"Law {n} is enforced but no test is named test_law_{n}_..."
    else:
        assert e.status == "presented" and e.reason
