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


OPEN_POINTS = [1, 4, 5, 7, 11, 12, 13, 14, 18, 20, 33, 37, 38, 40, 73]


@pytest.mark.parametrize("n", OPEN_POINTS, ids=lambda n: f"law-{n}")
def test_open_points_give_their_reading_on_the_law_page(n):
    from build_scripts.law_engine import engine_view

    reading = LAWBOOK[n].reading
    assert reading and len(reading) > 60
    assert engine_view(n)["reading"] == reading
