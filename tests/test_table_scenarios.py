"""The ready scenarios of cutting out, entry and re-entry (Laws 10, 15–21): each folds over
euchre_core.laws.entry.Club and cites its law in a note, a cut or a refusal; table_act applies an op
and refuses a bad one, leaving the ops as they were; the law pages show them statically."""

from __future__ import annotations

import json

import pytest

from build_scripts.law_engine import engine_view
from euchre_core.app import sandbox
from euchre_core.app.web import call

LAWS = [10, 15, 16, 17, 18, 19, 20, 21]


def test_every_law_has_a_scenario() -> None:
    assert sorted(sandbox.table_scenarios()) == LAWS


@pytest.mark.parametrize("law", LAWS)
def test_scenario_cites_its_law(law: int) -> None:
    v = sandbox.table_start(law)
    json.dumps(v)
    cited = [n for n in v["notes"] if law in n["laws"]]
    cuts = [c for t in v["tables"] for c in t["cuts"] if law in c["laws"]]
    refused = v["error"] is not None and law in v["error"]["laws"]
    assert cited or cuts or refused
    assert v["kind"] == "table" and v["interactive"] is False
    if sandbox.table_scenarios()[law].get("refused"):
        assert refused, v["error"]


@pytest.mark.parametrize("law", LAWS)
def test_suggested_ops_are_allowed(law: int) -> None:
    v = sandbox.table_start(law)
    for op in v["then"]:
        v = sandbox.table_act(law, v["ops"], op)
        assert v["error"] is None, (op, v["error"])
        assert v["ops"][-1] == op


def test_law_10_void_cut_recorded() -> None:
    v = sandbox.table_start(10)
    void = [d for c in v["tables"][0]["cuts"] for d in c["draws"] if d["void"]]
    assert [d["name"] for d in void] == ["Bell"]


def test_law_16_declare_in_time_then_refused_too_late() -> None:
    v = sandbox.table_start(16)
    assert "Fox" in [p["name"] for p in v["tables"][0]["players"]] + v["tables"][0]["waiting"]
    assert v["error"]["laws"] == [16] and "too late" in v["error"]["message"]
    again = sandbox.table_act(16, v["ops"], {"op": "declare", "table": "T1", "name": "Gray"})
    assert again["error"]["laws"] == [16]
    assert again["ops"] == v["ops"]


def test_law_18_act_applies_and_refuses() -> None:
    v = sandbox.table_start(18)
    ops = v["ops"]
    bad = sandbox.table_act(18, ops, {"op": "leave", "table": "T1", "name": "Ames"})
    assert bad["error"]["laws"] == [18] and bad["ops"] == ops
    good = sandbox.table_act(18, ops, {"op": "substitute", "table": "T1", "absent": "Ames", "substitute": "Zane"})
    assert good["error"] is None and len(good["ops"]) == len(ops) + 1
    assert "Zane" in [p["name"] for p in good["tables"][0]["players"]]
    assert any(18 in n["laws"] for n in good["notes"][len(v["notes"]) :])
    back = sandbox.table_act(18, good["ops"], {"op": "end_rubber", "table": "T1"})
    assert "Ames" in [p["name"] for p in back["tables"][0]["players"]]


def test_bad_input_names_the_field() -> None:
    v = sandbox.table_start(15)
    for op, field in [
        ({"op": "jump"}, "op"),
        ("not json", "op"),
        ({"op": "declare", "table": "T1"}, "name"),
        ({"op": "declare", "table": "T9", "name": "X"}, "table"),
    ]:
        out = sandbox.table_act(15, v["ops"], op)
        assert out["error"]["field"] == field and out["ops"] == v["ops"]


def test_through_the_web_call() -> None:
    out = json.loads(call("euchre_core.app.sandbox.table_start", {"law": 20}))
    assert out["ok"] and 20 in out["result"]["error"]["laws"]
    assert any(20 in n["laws"] for n in out["result"]["notes"])


@pytest.mark.parametrize("law", LAWS)
def test_law_page_example(law: int) -> None:
    sc = engine_view(law)["scenario"]
    assert sc["kind"] == "table" and sc["interactive"] is False
    keys = {"irregularity", "laws", "text", "options", "chooser"}
    assert sc["rulings"] and all(keys <= set(r) for r in sc["rulings"])
    assert any(law in r["laws"] for r in sc["rulings"])
