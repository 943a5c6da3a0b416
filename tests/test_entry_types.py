"""Issue 11, property tests: every public entry point (the parsers and every function the browser may
call) rejects each wrong type for each field with the engine's InputError naming that field (or a path
inside it), and leaves its input unchanged."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from euchre_core.app import egn_view, lessons, sandbox, web
from euchre_core.app.live_game import live_egn, live_new
from euchre_core.formats.egn import load_egn
from euchre_core.formats.scenario import rule_scenario
from euchre_core.kernel.deal import Deal
from euchre_core.kernel.errors import EuchreError
from euchre_core.search.solver import solve_position_json

ANY = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**30), max_value=10**30),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=30),
    st.lists(st.one_of(st.integers(), st.text(max_size=5)), max_size=5),
    st.dictionaries(st.text(max_size=5), st.integers(), max_size=3),
)


def wrong(*types: type) -> st.SearchStrategy[Any]:
    """Values of any JSON type but ``types`` (a bool is not a whole number)."""

    def bad(v: Any) -> bool:
        if isinstance(v, bool):
            return bool not in types
        return not isinstance(v, types)

    return ANY.filter(bad)


RECORD = Deal.shuffled(3).to_record()
SCENARIO = {
    "dealer": "A",
    "hands": dict(RECORD["hands"]),
    "turn_up": RECORD["turn_up"],
    "events": ["B: pass"],
    "rules": "somerset1888",
    "title": "x",
}
POSITION = {
    "trump": "C",
    "leader": "B",
    "makers": "AC",
    "rules": "somerset1888",
    "hands": {"A": ["9C", "JC"], "B": ["AC", "QH"], "C": ["7D", "8D"], "D": ["KC", "TC"]},
    "tricks_won": {"AC": 2, "BD": 1},
    "trick": [],
}
EGN = {"fileType": "Euchre Game Notation", "version": "1.4", "metadata": {}, "deals": []}

# (entry point, a valid document, {field: the types it takes})
DOCUMENTS: list[tuple[str, Callable[[Any], Any], dict[str, Any], dict[str, tuple[type, ...]]]] = [
    (
        "Deal.replay",
        Deal.replay,
        RECORD,
        {"dealer": (str,), "hands": (dict,), "turn_up": (str,), "stock": (list,), "log": (list,), "rules": (str,)},
    ),
    (
        "rule_scenario",
        rule_scenario,
        SCENARIO,
        {
            "dealer": (str,),
            "hands": (dict,),
            "turn_up": (str,),
            "events": (list,),
            "rules": (str,),
            "title": (str, type(None)),
        },
    ),
    (
        "solve_position_json",
        solve_position_json,
        POSITION,
        {
            "trump": (str,),
            "leader": (str,),
            "makers": (str,),
            "hands": (dict,),
            "trick": (list, type(None)),
            "tricks_won": (dict, type(None)),
            "rules": (str,),
            "alone": (str, type(None)),
        },
    ),
    ("load_egn", load_egn, EGN, {"version": (str,), "metadata": (dict, type(None)), "deals": (list,)}),
]
DOC_CASES = [(name, fn, doc, f, types) for name, fn, doc, fields in DOCUMENTS for f, types in fields.items()]

CASE_ID = (str, int)
v52 = sandbox.start(52)
d35 = sandbox.dealing_start(35)
t18 = sandbox.table_start(18)
REC = lessons.table_new(seed=4, strength="easy")["record"]
MY_TURN = {"seed": 1, "seat": "C", "strength": "easy", "actions": ["order", "stay", "discard 7H", "play JD"]}
EXERCISE = {"kind": "trick_winner", "trump": "H", "cards": [["B", "AD"], ["C", "JD"], ["D", "KD"], ["A", "9H"]]}
# (browser function, valid keyword arguments, {argument: the types it takes})
EGN = egn_view.example_egn()


def _egn_play_step() -> tuple[int, str]:
    """A step of the example's first deal where a card is to be played, and a legal card there."""
    for k in range(egn_view.egn_open(EGN)["deals"][0]["steps"]):
        s = egn_view.egn_step(EGN, 0, k)
        if s["phase"] == "play":
            return k, s["legal_cards"][0]
    raise AssertionError("the example has no play")


EGN_PLAY = _egn_play_step()

LIVE = live_new(seed=4)
CALLS: list[tuple[str, dict[str, Any], dict[str, tuple[type, ...]]]] = [
    (
        "euchre_core.app.live_game.live_new",
        {"seed": 4, "seat": "C", "strength": "easy", "err": 0, "dealing": True, "pause": True},
        {"seed": (int,), "seat": (str,), "strength": (str,), "err": (int,), "dealing": (bool,), "pause": (bool,)},
    ),
    (
        "euchre_core.app.live_game.live_open",
        {"record": LIVE["record"], "pause": False},
        {"record": (dict,), "pause": (bool,)},
    ),
    (
        "euchre_core.app.live_game.live_act",
        {"record": LIVE["record"], "event": LIVE["acts"][0]["event"], "pause": False, "hold": True},
        {"record": (dict,), "event": (str,), "pause": (bool,), "hold": (bool,)},
    ),
    ("euchre_core.app.live_game.live_egn", {"record": LIVE["record"]}, {"record": (dict,)}),
    ("euchre_core.app.live_game.live_replay", {"text": json.dumps(live_egn(LIVE["record"]))}, {"text": (str,)}),
    (
        "euchre_core.app.live_game.live_from_scenario",
        {"law": 52, "seat": "C", "err": 0, "dealing": True, "pause": False},
        {"law": (int,), "seat": (str, type(None)), "err": (int,), "dealing": (bool,), "pause": (bool,)},
    ),
    ("euchre_core.app.web.case_step", {"case_id": "I", "step": 3}, {"case_id": CASE_ID, "step": (int,)}),
    ("euchre_core.app.web.run_snippet", {"code": "1"}, {"code": (str,)}),
    ("euchre_core.app.sandbox.start", {"law": 52}, {"law": (int,)}),
    (
        "euchre_core.app.situations.situation",
        {"id": "lead-out-of-turn", "who": "left"},
        {"id": (str,), "who": (str, type(None))},
    ),
    (
        "euchre_core.app.sandbox.act",
        {"law": 52, "events": v52["events"], "event": "BD: choose call-card"},
        {"law": (int,), "events": (list,), "event": (str,)},
    ),
    ("euchre_core.app.sandbox.custom", {"seed": 5}, {"seed": (int,)}),
    ("euchre_core.app.sandbox.dealing_start", {"law": 35}, {"law": (int,)}),
    (
        "euchre_core.app.sandbox.dealing_act",
        {"law": 35, "events": d35["events"], "event": "BD: choose new-deal"},
        {"law": (int,), "events": (list,), "event": (str,)},
    ),
    ("euchre_core.app.sandbox.table_start", {"law": 18}, {"law": (int,)}),
    (
        "euchre_core.app.sandbox.table_act",
        {"law": 18, "ops": t18["ops"], "op": {"op": "end_rubber", "table": "T1"}},
        {"law": (int,), "ops": (list,), "op": (dict, str)},
    ),
    (
        "euchre_core.app.lessons.table_new",
        {"seed": 4, "strength": "easy", "seat": "C"},
        {"seed": (int, type(None)), "strength": (str,), "seat": (str,)},
    ),
    ("euchre_core.app.lessons.table_view", {"record": REC}, {"record": (dict,)}),
    ("euchre_core.app.lessons.table_engine", {"record": REC}, {"record": (dict,)}),
    (
        "euchre_core.app.lessons.table_act",
        {"record": MY_TURN, "action": "play 7C"},
        {"record": (dict,), "action": (str,)},
    ),
    (
        "euchre_core.app.lessons.check_answer",
        {"exercise": EXERCISE, "answer": "C"},
        {"exercise": (dict,), "answer": (str, list)},
    ),
    (
        "euchre_core.app.table_view.case_line",
        {"case_id": "I", "step": 3, "cards": ["JC"]},
        {"case_id": CASE_ID, "step": (int,), "cards": (list, type(None))},
    ),
    ("euchre_core.app.table_view.case_values", {"case_id": "I", "step": 3}, {"case_id": CASE_ID, "step": (int,)}),
    ("euchre_core.app.egn_view.egn_open", {"text": EGN}, {"text": (str,)}),
    (
        "euchre_core.app.egn_view.egn_step",
        {"text": EGN, "deal": 0, "step": 2},
        {"text": (str,), "deal": (int,), "step": (int,)},
    ),
    (
        "euchre_core.app.egn_view.egn_branch",
        {"text": EGN, "deal": 0, "step": EGN_PLAY[0], "moves": [EGN_PLAY[1]]},
        {"text": (str,), "deal": (int,), "step": (int,), "moves": (list,)},
    ),
    (
        "euchre_core.app.egn_view.egn_export",
        {"text": EGN, "branches": []},
        {"text": (str,), "branches": (list, type(None))},
    ),
    ("euchre_core.app.egn_view.example_egn", {"seed": 7, "deals": 1}, {"seed": (int,), "deals": (int,)}),
    (
        "euchre_core.app.hint_words.hint_rerun",
        {"spec_or_id": "second-3", "samples": 2, "seed": 1},
        {"spec_or_id": (str, dict), "samples": (int,), "seed": (int,)},
    ),
]
CALL_CASES = [(name, kwargs, arg, types) for name, kwargs, args in CALLS for arg, types in args.items()]


def _names_field(e: EuchreError, field: str) -> bool:
    got = getattr(e, "field", None) or ""
    return got == field or got.startswith((field + ".", field + "["))


def test_every_browser_function_is_covered() -> None:
    assert {name for name, _, _ in CALLS} == web.BROWSER_API


@pytest.mark.parametrize("name,fn,doc,field,types", DOC_CASES, ids=[f"{c[0]}-{c[3]}" for c in DOC_CASES])
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(data=st.data())
def test_a_document_field_of_the_wrong_type_is_refused(
    name: str, fn: Any, doc: dict[str, Any], field: str, types: tuple[type, ...], data: st.DataObject
) -> None:
    value = data.draw(wrong(*types))
    bad = dict(doc, **{field: value})
    before = json.dumps(bad, sort_keys=True)
    with pytest.raises(EuchreError) as e:
        fn(bad)
    assert _names_field(e.value, field) or (name == "load_egn" and e.value.field in (field, None)), (
        field,
        e.value.field,
        str(e.value),
    )
    assert json.dumps(bad, sort_keys=True) == before


@pytest.mark.parametrize("name,kwargs,arg,types", CALL_CASES, ids=[f"{c[0].split('.')[-1]}-{c[2]}" for c in CALL_CASES])
@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(data=st.data())
def test_a_browser_argument_of_the_wrong_type_is_refused(
    name: str, kwargs: dict[str, Any], arg: str, types: tuple[type, ...], data: st.DataObject
) -> None:
    value = data.draw(wrong(*types))
    bad = dict(kwargs, **{arg: value})
    before = json.dumps(bad, sort_keys=True)
    fn = web._resolve(name)
    if name.endswith(".run_snippet"):  # the console answers with its own error, it never raises for a snippet
        with pytest.raises(EuchreError):
            fn(**bad)
    else:
        try:
            out = fn(**bad)
        except EuchreError as e:
            assert _names_field(e, arg) or (arg in ("record", "exercise") and e.field), (arg, e.field, str(e))
        else:  # the sandboxes report a refused event or op in the view, with the inputs unchanged
            assert out.get("error") and name.endswith(("_act", ".act")), (name, arg, value)
    answer = json.loads(web.call(name, bad))
    assert not answer["ok"] or answer["result"].get("error"), (name, arg, value)
    if not answer["ok"]:
        assert answer["error"]["type"] in {"InputError", "IllegalAction", "EgnError", "CaseError"}
    assert json.dumps(bad, sort_keys=True) == before
