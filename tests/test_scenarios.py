"""The ready scenarios shipped for the site's penalty sandbox: one per law of the play, the
bidding and the discard that the director enforces. Each must produce a ruling (or a score
entry, or a refusal) that cites its law, so that `grep "Law 52"` finds a working example."""

from __future__ import annotations

import json
from importlib import resources

import pytest

from euchre_core.formats.scenario import load_scenario
from euchre_core.kernel.errors import IllegalAction
from euchre_core.laws.lawbook import LAWBOOK

SCENARIOS = json.loads((resources.files("euchre_core") / "data" / "scenarios.json").read_text(encoding="utf-8"))[
    "scenarios"
]


@pytest.mark.parametrize("sc", SCENARIOS, ids=lambda s: f"law-{s['law']}")
def test_scenario_cites_its_law(sc):
    t = load_scenario(sc)
    laws = {n for r in t.rulings for n in r.laws}
    refused = None
    try:
        t2 = t.replay(sc.get("then", []))
        laws |= {n for r in t2.rulings for n in r.laws}
        laws |= {n for e in t2.result()["entries"] for n in e["laws"]}
    except IllegalAction as e:
        refused = e.laws
    if sc.get("refused"):
        assert refused is not None and sc["law"] in refused
    else:
        assert refused is None and sc["law"] in laws


def test_every_scenario_law_is_enforced_in_the_registry():
    for sc in SCENARIOS:
        assert LAWBOOK[sc["law"]].status == "enforced"
