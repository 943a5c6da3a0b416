"""The ready scenarios of the shuffle, the cut and the deal (euchre_core/data/dealing_scenarios.json),
their JSON views in the sandbox module and their static example on the law pages."""

from __future__ import annotations

import pytest

from build_scripts import law_engine
from euchre_core.app import sandbox
from euchre_core.laws.lawbook import LAWBOOK

DEALING_LAWS = {24, 25, 27, 29, 30, 31, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 72, 73}


def test_a_dealing_scenario_for_each_dealing_law():
    assert set(sandbox.dealing_scenarios()) == DEALING_LAWS
    assert not set(sandbox.dealing_scenarios()) & set(sandbox.scenarios())


@pytest.mark.parametrize("law", sorted(DEALING_LAWS))
def test_every_dealing_scenario_cites_its_law(law):
    assert LAWBOOK[law].status == "enforced"
    v = sandbox.dealing_start(law)
    cited = {n for r in v["rulings"] for n in r["laws"]}
    if v["outcome"] is not None:
        cited |= set(v["outcome"]["laws"])
    if v["error"] is not None:
        cited |= set(v["error"]["laws"])
    assert law in cited, v
    assert v["law"] == law and v["title"] and set(v["hands"]) == {"A", "B", "C", "D"}
    assert v["interactive"] is False


@pytest.mark.parametrize("law", sorted(DEALING_LAWS))
def test_every_follow_up_is_accepted(law):
    v = sandbox.dealing_start(law)
    for e in v["then"]:
        v = sandbox.dealing_act(law, v["events"], e)
        assert v["error"] is None, (e, v["error"])


def test_dealing_act_applies_an_election():
    v = sandbox.dealing_start(44)
    assert v["pending"]["laws"] == [41, 42, 44] and v["pending"]["chooser"] == "AC"
    assert v["pending"]["choices"] == ["AC: choose deal-again", "AC: choose pass-deal"]
    again = sandbox.dealing_act(44, v["events"], "AC: choose deal-again")
    assert again["error"] is None and again["pending"] is None
    assert again["events"] == v["events"] + ["AC: choose deal-again"]
    assert again["outcome"]["kind"] == "new-deal" and again["outcome"]["dealer"] == "A"
    assert again["rulings"][-1]["chosen"] == "deal-again"
    passed = sandbox.dealing_act(44, v["events"], "AC: choose pass-deal")
    assert passed["outcome"]["kind"] == "deal-lost" and passed["outcome"]["dealer"] == "B"


def test_dealing_act_hands_dealt_so_far():
    v = sandbox.dealing_start(41)
    assert [len(v["hands"][s]) for s in "ABCD"] == [0, 2, 4, 0]
    assert v["outcome"]["hands"] == v["hands"]


def test_dealing_act_refused_or_unreadable_event_is_an_error_and_changes_nothing():
    v = sandbox.dealing_start(35)
    wrong = sandbox.dealing_act(35, v["events"], "AC: choose new-deal")
    assert wrong["error"]["message"] == "the election belongs to BD" and wrong["events"] == v["events"]
    first = sandbox.dealing_act(35, v["events"], "D: cut 12")
    assert first["error"]["laws"] == [30]
    bad = sandbox.dealing_act(35, v["events"], "D: dance")
    assert bad["error"]["field"] == "event" and bad["events"] == v["events"]


def test_a_refusal_scenario_reports_its_law():
    v = sandbox.dealing_start(25)
    assert v["error"]["laws"] == [25] and v["events"] == [] and v["rulings"] == []


def test_no_dealing_scenario_for_a_play_law():
    with pytest.raises(sandbox.InputError) as e:
        sandbox.dealing_start(52)
    assert e.value.field == "law"


@pytest.mark.parametrize("law", sorted(DEALING_LAWS))
def test_law_page_example_for_dealing_laws(law):
    sc = law_engine.engine_view(law)["scenario"]
    assert sc["interactive"] is False and sc["title"] == sandbox.dealing_scenarios()[law]["title"]
    assert sc["rulings"] and any(law in r["laws"] for r in sc["rulings"])
    assert all({"irregularity", "laws", "text", "options", "chooser"} <= set(r) for r in sc["rulings"])


def test_play_scenarios_stay_interactive():
    assert law_engine.engine_view(52)["scenario"]["interactive"] is True
