"""The penalty sandbox's Python side (the browser widget only draws what these return)."""

from __future__ import annotations

import pytest

from euchre_core.app import sandbox

PLAY_OUT = [
    "B: play JD",
    "C: play 7D",
    "D: play TC",
    "A: play QD",
    "D: play AS",
    "A: play 9C",
    "B: play TS",
    "C: play QS",
    "A: play JC",
    "B: play AC",
    "C: play 8D",
    "D: play KC",
    "A: play KH",
    "B: play 8H",
    "C: play TH",
    "D: play 9H",
    "A: play AH",
    "B: play QH",
    "C: play TD",
    "D: play 9S",
]


def run(law, events):
    v = sandbox.start(law)
    for e in events:
        v = sandbox.act(law, v["events"], e)
        assert v["error"] is None, (e, v["error"])
    return v


@pytest.mark.parametrize("law", sorted(sandbox.scenarios()))
def test_every_ready_scenario_starts(law):
    v = sandbox.start(law)
    assert v["law"] == law and v["hands"] and v["rulings"] is not None


def test_law_52_sandbox_call_the_card_enforced_and_scored():
    v = run(52, ["BD: choose call-card"])
    assert v["requirements"] == ["C must play the 7 of diamonds at the first lawful opportunity"]
    bad = sandbox.act(52, v["events"] + ["B: play JD"], "C: play 8D")  # not the called card
    assert bad["rulings"][-1]["laws"] == [56]  # the call stands (Law 56)
    v = run(52, ["BD: choose call-card"] + PLAY_OUT)
    assert v["score"]["points"] == {"AC": 1, "BD": 0} and not v["revokes"]


def test_law_52_sandbox_call_a_suit_enforced_and_scored():
    v = run(52, ["BD: choose call-suit H"] + PLAY_OUT[:8])
    assert v["actor"] == "A" and v["requirements"][0] == "C or his partner must lead hearts"
    wrong = sandbox.act(52, v["events"], "A: play JC")
    assert wrong["rulings"][-1]["laws"] == [54]
    rest = [
        "A: play KH",
        "B: play 8H",
        "C: play TH",
        "D: play 9H",
        "A: play JC",
        "B: play AC",
        "C: play 8D",
        "D: play KC",
        "A: play AH",
        "B: play QH",
        "C: play TD",
        "D: play 9S",
    ]
    v = run(52, ["BD: choose call-suit H"] + PLAY_OUT[:8] + rest)
    assert v["score"]["points"] == {"AC": 1, "BD": 0}


def test_refused_event_comes_back_as_an_error_and_changes_nothing():
    v = sandbox.start(52)
    out = sandbox.act(52, v["events"], "AC: choose call-card")
    assert out["error"]["laws"] == [85] and out["events"] == v["events"]


def test_custom_deal_from_a_seed():
    v = sandbox.custom(seed=3)
    assert v["regular"] and v["actor"] == "B" and set(v["hands"]) == {"A", "B", "C", "D"}
    nxt = sandbox.act(None, v["events"], v["regular"][0], base=v["base"])
    assert nxt["events"] == [v["regular"][0]]
