"""The "Replay a game" page's engine side: every valid record of the EGN corpus opens and steps to its end,
the invalid ones are refused naming the deal, the trick and the law, annotations and alternative lines
come at their step, branches are checked and finished by the solver, and export keeps them."""

from __future__ import annotations

import json

import pytest
from conftest import EGN_DIR, INVALID_EGN

from euchre_core.app import egn_view
from euchre_core.formats.egn import EgnError, load_egn
from euchre_core.kernel.errors import EuchreError, IllegalAction, InputError

if not EGN_DIR.is_dir():
    pytest.skip(f"the EGN corpus is not present at {EGN_DIR}", allow_module_level=True)
INVALID = set(INVALID_EGN)
FILES = sorted(p.name for p in EGN_DIR.glob("*.egn"))


@pytest.mark.parametrize("name", [n for n in FILES if n not in INVALID])
def test_a_valid_record_opens_and_every_deal_steps_to_its_end(name: str) -> None:
    text = (EGN_DIR / name).read_text(encoding="utf-8")
    game = egn_view.egn_open(text)
    assert game["deals"]
    for d in game["deals"]:
        last = egn_view.egn_step(text, d["index"], d["steps"])
        json.dumps(last)
        assert last["step"] == d["steps"] and last["next"] is None
        if d["complete"]:
            assert last["result"] is not None and last["score_after"] == d["score_after"]
        first = egn_view.egn_step(text, d["index"], 0)
        assert first["phase"] in ("bid1", "bid2") and sum(len(h) for h in first["hands"].values()) == 20


@pytest.mark.parametrize("name", sorted(INVALID))
def test_an_invalid_record_is_refused_naming_the_deal_and_the_law(name: str) -> None:
    text = (EGN_DIR / name).read_text(encoding="utf-8")
    with pytest.raises(EgnError) as info:
        egn_view.egn_open(text)
    assert str(info.value).startswith("deal ")


def test_annotations_and_marks_and_alternative_lines_at_their_step() -> None:
    text = (EGN_DIR / "VWEC_Finals_Annotated.egn").read_text(encoding="utf-8")
    game = egn_view.egn_open(text)
    d1 = game["deals"][1]
    call_step = d1["annotated_steps"][0]
    s = egn_view.egn_step(text, 1, call_step)
    assert s["next"] == ["A", "call C"] and s["annotations"][0]["text"].startswith("Pretty ambitious next call")
    d0 = game["deals"][0]
    assert d0["alternative_steps"] == [9]  # branchIndex 8: after the 4 calls and 4 cards (the discard is a step)
    alt = egn_view.egn_step(text, 0, 9)["alternatives"][0]
    assert alt["moves"][:4] == ["Qh", "Ah", "Tc", "9h"] and alt["notes"][0]["text"].startswith("This line leads")
    marked = egn_view._note("[??]Throwing trump here needlessly lost the hand.")
    assert marked == {"mark": "[??]", "meaning": "blunder", "text": "Throwing trump here needlessly lost the hand."}


def test_the_play_carries_the_double_dummy_value_and_every_best_card() -> None:
    text = egn_view.example_egn()
    game = egn_view.egn_open(text)
    d = game["deals"][0]
    play_steps = [k for k in range(d["steps"]) if egn_view.egn_step(text, 0, k)["phase"] == "play"]
    s = egn_view.egn_step(text, 0, play_steps[0])
    assert s["dd"]["best"] and set(s["dd"]["best"]) <= set(s["legal_cards"])
    assert all(s["dd"]["moves"][c] == s["dd"]["makers_tricks"] for c in s["dd"]["best"])


def test_a_branch_is_checked_by_the_laws_and_finished_by_the_solver() -> None:
    text = egn_view.example_egn()
    d = egn_view.egn_open(text)["deals"][0]
    k = next(k for k in range(d["steps"]) if egn_view.egn_step(text, 0, k)["phase"] == "play")
    s = egn_view.egn_step(text, 0, k)
    other = next((c for c in s["legal_cards"] if f"play {c}" != " ".join(s["next"][1:])), s["legal_cards"][0])
    b = egn_view.egn_branch(text, 0, k, [other])
    assert b["result"] is not None and b["steps"][-1]["phase"] == "over"
    holding = s["hands"][s["to_move"]]
    illegal = [c for c in holding if c not in s["legal_cards"]]
    if illegal:
        with pytest.raises(IllegalAction):
            egn_view.egn_branch(text, 0, k, [illegal[0]])
    exported = json.loads(egn_view.egn_export(text, [{"deal": 0, "step": k, "moves": [other]}]))
    assert exported["deals"][0]["alternativeLines"][0]["phases"][0]["tricks"]
    again = load_egn(exported)  # the export is a valid record that opens again
    assert len(again.deals) == 3 and again.deals[0].alternative_lines


@pytest.mark.parametrize(
    ("call", "kwargs", "field"),
    [
        ("egn_open", {"text": 7}, "text"),
        ("egn_open", {"text": "x" * (egn_view.MAX_EGN_BYTES + 1)}, "text"),
        ("egn_step", {"deal": 99, "step": 0}, "deal"),
        ("egn_step", {"deal": True, "step": 0}, "deal"),
        ("egn_step", {"deal": 0, "step": -1}, "step"),
        ("egn_branch", {"deal": 0, "step": 0, "moves": "pass"}, "moves"),
        ("egn_branch", {"deal": 0, "step": 0, "moves": [3]}, "moves[0]"),
    ],
)
def test_bad_input_names_the_field(call: str, kwargs: dict, field: str) -> None:
    args = {"text": egn_view.example_egn(), **kwargs}
    with pytest.raises(InputError) as info:
        getattr(egn_view, call)(**args)
    assert info.value.field == field


def test_not_json_is_a_clear_error() -> None:
    with pytest.raises(EuchreError):
        egn_view.egn_open("{not json")
