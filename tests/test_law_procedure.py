"""The one procedure the laws layer's three machines share (euchre_core/laws/procedure.py: act, the numbered
replay, the elections awaiting, Law 85), and the third of them, the club's tables (Laws 10, 15–21;
euchre_core/laws/club_procedure.py), whose rulings are typed records the table sandbox shows without
reading its own words back."""

from __future__ import annotations

import ast
import inspect

import pytest

from euchre_core.app import table_sandbox
from euchre_core.kernel.errors import IllegalAction, InputError
from euchre_core.laws.club_procedure import TABLE_OPS, ClubOp, ClubProcedure, ClubTopic
from euchre_core.laws.dealing import DealingProcedure
from euchre_core.laws.director import Director
from euchre_core.laws.entry import Club, ClubNote
from euchre_core.laws.procedure import Procedure

FIVE = ["Ames", "Bell", "Cole", "Dunn", "Eddy"]


def formed(seed: int = 2) -> ClubProcedure:
    return ClubProcedure(Club(seed=seed)).act({"op": "form", "table": "T1", "candidates": FIVE})


def test_the_three_machines_share_one_procedure() -> None:
    for machine in (Director, DealingProcedure, ClubProcedure):
        assert issubclass(machine, Procedure)
        assert machine.act is Procedure.act and machine.replay is Procedure.replay
    assert sorted(ClubProcedure.handlers) == sorted(TABLE_OPS)


def test_law_12_a_fifth_belongs_to_the_table_and_waits() -> None:
    p = formed()
    (rec,) = [r for r in p.records if r.topic is ClubTopic.FORMED]
    assert rec.laws == (12,) and rec.table == "T1" and len(rec.names) == 1 and len(rec.others) == 4
    assert rec.names == p.club.table("T1").waiting
    assert all(r.step == 0 for r in p.records)  # every record of the first op


def test_law_15_cutting_out_is_recorded_with_who_went_out() -> None:
    p = formed().replay([{"op": "end_rubber", "table": "T1"}, {"op": "cut_out", "table": "T1"}], first=2)
    ended = [r for r in p.records if r.topic is ClubTopic.RUBBER_ENDED]
    assert ended and ended[0].laws == (15,) and dict(ended[0].counts)
    (out,) = [r for r in p.records if r.topic is ClubTopic.CUT_OUT]
    before, after = formed().club.table("T1"), p.club.table("T1")
    assert set(out.names) == set(after.players) - set(before.players)
    assert set(out.others) == set(before.players) - set(after.players)
    assert out.laws == (15,) and out.step == 2


def test_law_16_declaring_in_time_and_taking_a_vacant_place() -> None:
    p = formed().act({"op": "end_rubber", "table": "T1"}).act({"op": "declare", "table": "T1", "name": "Fox"})
    assert p.records[-1].topic is ClubTopic.DECLARED and p.records[-1].laws == (16,) and p.records[-1].names == ("Fox",)


def test_laws_17_20_21_come_typed_from_the_club() -> None:
    p = ClubProcedure(Club(seed=1)).replay(
        [
            {"op": "open_table", "table": "one", "candidates": FIVE},
            {"op": "open_table", "table": "two", "candidates": ["Fox", "Gray", "Hale", "Ivy"]},
        ]
    )
    waiting = p.club.table("one").waiting[0]
    p = p.act({"op": "cut_into", "name": waiting, "table": "two"})
    assert p.records[-1].topic is ClubTopic.CUT_INTO and p.records[-1].laws == (20,)
    assert p.club.note_kinds[-1] == (ClubNote.CUT_INTO, (20,)) and "Law 20" in p.club.notes[-1]
    opened = [r for r in p.records if r.topic is ClubTopic.OPENED]
    assert [r.laws for r in opened] == [(17,), (17,)]
    p = p.act({"op": "break_up", "table": "one", "breaker": p.club.table("one").players[0], "into": "two"})
    assert p.records[-1].topic is ClubTopic.BROKE_UP and p.records[-1].laws == (21,)
    assert len(p.club.notes) == len(p.club.note_kinds) == 4


def test_a_refusal_leaves_the_state_and_a_replay_names_the_op_at_fault() -> None:
    p = formed()
    with pytest.raises(IllegalAction) as err:
        p.act({"op": "leave", "table": "T1", "name": p.club.table("T1").players[0]})  # Law 18: during a rubber
    assert err.value.laws
    assert len(p.log) == 1 and p.club.table("T1") == formed().club.table("T1")
    with pytest.raises(InputError) as bad:
        ClubProcedure().replay([{"op": "form", "table": "T1", "candidates": FIVE}, {"op": "declare", "table": "T1"}])
    assert bad.value.index == 1 and bad.value.field == "name" and "event 2 (declare)" in str(bad.value)


@pytest.mark.parametrize(
    ("op", "field"),
    [
        ({"op": "dance"}, "op"),
        ({"op": "declare", "table": "T1", "name": "x" * 41}, "op.name"),
        ({"op": "form", "candidates": ["a"] * 33}, "op.candidates"),
        ({"op": "form", "hand": []}, "op"),
        ('{"op": ', "op"),
        ({"op": "cut_out", "exposed": {"Ames": 40}}, "op.exposed.Ames"),
    ],
)
def test_bad_ops_are_refused_by_field(op: object, field: str) -> None:
    with pytest.raises(InputError) as err:
        formed().act(op)
    assert err.value.field == field


def test_an_op_round_trips() -> None:
    op = {"op": "cut_out", "table": "T1", "exposed": {"Ames": 2}}
    assert ClubOp.parse(op).to_json() == op
    assert ClubOp.parse(ClubOp.parse(op)) == ClubOp.parse(op)


def test_every_law_the_sandbox_cites_is_the_records_not_read_from_its_words() -> None:
    """Each note's laws are its record's (typed); the table sandbox has no regular expression."""
    source = inspect.getsource(table_sandbox)
    imported = {a.name for n in ast.walk(ast.parse(source)) if isinstance(n, ast.Import) for a in n.names}
    assert "re" not in imported
    for law in sorted(table_sandbox.table_scenarios()):
        v = table_sandbox.table_start(law)
        p = table_sandbox._table_fold(table_sandbox.table_scenarios()[law], v["ops"])
        assert [n["laws"] for n in v["notes"]] == [sorted(set(r.laws)) for r in p.records]


@pytest.mark.parametrize("events", [None, "A: deal", 5, {"op": "form"}])
def test_every_machine_refuses_a_replay_that_is_not_a_list(events: object) -> None:
    """Hostile input: a replay of something other than a list is refused by field (the director's raised a
    bare TypeError on None before the check moved into the shared procedure)."""
    from euchre_core.kernel.deal import Deal

    for state in (Director(Deal.shuffled(seed=1)), DealingProcedure.start("A"), ClubProcedure()):
        with pytest.raises(InputError) as err:
            state.replay(events)  # type: ignore[arg-type]
        assert err.value.field == "events"


def test_the_elections_are_kept_by_the_shared_procedure() -> None:
    """Law 85: the rulings awaiting an election are the procedure's bookkeeping (``awaiting``, ``pending``,
    ``open_rulings``); the director keeps one at a time, the dealing each side's in turn."""
    from euchre_core.kernel.deal import Deal
    from euchre_core.laws.rulings import Election

    for machine in (Director, DealingProcedure):
        assert machine.pending is Procedure.pending and machine.open_rulings is Procedure.open_rulings
    assert Director.ONE_ELECTION and not DealingProcedure.ONE_ELECTION
    hands = ["JC AH KH 8S QD", "AC QH 8H JD TS", "7D 8D TD QS TH", "KC TC AS 9S 9H"]
    t = Director.start(Deal.start([h.split() for h in hands], "9C")).replay(
        ["B: pass", "C: pass", "D: pass", "A: order", "A: discard 8S", "C: play 7D"]  # C leads out of turn (Law 52)
    )
    assert t.awaiting == (len(t.rulings) - 1,) and t.open_rulings() == [t.rulings[-1]]
    done = t.elect(Election("call-suit", suit=2))
    assert done.awaiting == () and done.pending is None and done.open_rulings() == []
