"""Table management (Laws 10, 15–21; Laws 11–14 through form_table): who plays, who goes out,
who may enter, substitutes, leaving, cutting into another table and breaking one up."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from euchre_core import IllegalAction, InputError
from euchre_core.laws.entry import Club, CutRecord, Roster
from euchre_core.laws.table import cut_rank

FIVE = ["Ames", "Bell", "Cole", "Dunn", "Eddy"]
SIX = FIVE + ["Fox"]


def ranks(rec: CutRecord) -> dict[str, int]:
    return {d.name: cut_rank(d.card) for d in rec.draws if not d.void}


def lowest_of(records: tuple[CutRecord, ...], names: list[str]) -> str:
    """Follow the cuts (and the cuts again of those tied) to the lowest of ``names``."""
    pool = list(names)
    for rec in records:
        r = ranks(rec)
        if set(r) != set(pool):
            continue
        low = min(r.values())
        pool = [n for n in pool if r[n] == low]
        if len(pool) == 1:
            return pool[0]
    raise AssertionError("no decisive cut")


# ---------------------------------------------------------------- Laws 11-14 (form_table)
def test_law_11_the_four_highest_play_and_partners_and_dealer_come_from_form_table():
    t = Roster.form("one", SIX, seed=5)
    f = t.formation
    assert f is not None and t.players == f.seats and f.dealer == t.players[0]
    assert {t.players[0], t.players[2]} in [set(p) for p in f.partners]
    assert t.waiting == f.table and len(t.waiting) == 2  # Law 12: fifth and sixth
    assert t.cuts[-1].laws == (8, 9, 11, 12, 13, 14)


def test_law_12_seven_candidates_one_is_not_admitted():
    t = Roster.form("one", SIX + ["Gray"], seed=3)
    assert len(t.members) == 6


def test_formation_is_reproducible_from_the_seed():
    a = Roster.form("one", FIVE, seed=8).end_rubber().cut_out().start_rubber()
    b = Roster.form("one", FIVE, seed=8).end_rubber().cut_out().start_rubber()
    assert a == b


# ---------------------------------------------------------------- Law 10
def test_law_10_a_player_exposing_more_than_one_card_must_cut_again_in_cutting_out():
    t = Roster.form("one", FIVE, seed=2).end_rubber()
    p = t.players[1]
    out = t.cut_out(exposed={p: 2})
    rec = out.cuts[len(t.cuts)]
    assert 10 in rec.laws and 15 in rec.laws
    mine = [d for d in rec.draws if d.name == p]
    assert [d.void for d in mine] == [True, False] and mine[0].card != mine[1].card
    assert len({d.card for d in rec.draws}) == len(rec.draws)  # Law 9: one pack


def test_law_10_in_the_cut_for_the_table():
    t = Roster.form("one", FIVE, seed=2, exposed={"Cole": 3})
    first = t.cuts[0]
    assert 10 in first.laws
    # only Cole cuts again, in the same round from the same pack (Laws 9, 10): one void card, then his cut
    assert [(d.name, d.void) for d in first.draws if d.name == "Cole"] == [("Cole", True), ("Cole", False)]
    assert [d.name for d in first.draws if not d.void] == FIVE
    assert len({d.card for d in first.draws}) == len(first.draws)


def test_law_10_exposing_one_card_is_no_fault():
    t = Roster.form("one", FIVE, seed=2).end_rubber()
    out = t.cut_out(exposed={t.players[0]: 1})
    assert all(10 not in r.laws for r in out.cuts)


# ---------------------------------------------------------------- Law 15
def test_law_15_all_played_the_same_number_they_cut_and_the_lowest_goes_out():
    t = Roster.form("one", FIVE, seed=2).end_rubber()
    four = list(t.players)
    claimant = t.waiting[0]
    out = t.cut_out()
    new = out.cuts[len(t.cuts) :]
    assert new and new[0].purpose == "cutting out" and new[0].laws == (15, 8, 9)
    goer = lowest_of(new, four)
    assert out.waiting == (goer,) and claimant in out.players and goer not in out.players
    assert out.rubbers_of(claimant) == 0 and out.cut_made


def test_law_15_those_who_played_more_consecutive_rubbers_go_out_without_cutting():
    t = Roster.form("one", SIX, seed=4).end_rubber().cut_out().start_rubber().end_rubber()
    stayers = [p for p in t.players if t.rubbers_of(p) == 2]
    assert len(stayers) == 2
    out = t.cut_out()
    assert set(out.waiting) == set(stayers) and out.cuts == t.cuts and not out.cut_made


def test_law_15_one_claimant_and_three_equal_they_cut_among_themselves():
    t = Roster.form("one", FIVE, seed=6).end_rubber().cut_out().start_rubber().end_rubber()
    twos = [p for p in t.players if t.rubbers_of(p) == 2]
    fresh = [p for p in t.players if t.rubbers_of(p) == 1]
    assert len(twos) == 3 and len(fresh) == 1
    out = t.cut_out()
    new = out.cuts[len(t.cuts) :]
    assert set(ranks(new[0])) == set(twos)  # the one with fewer rubbers does not cut
    assert fresh[0] in out.players and out.waiting == (lowest_of(new, twos),)


def test_law_15_no_claimant_nobody_goes_out():
    t = Roster.form("one", ["Ames", "Bell", "Cole", "Dunn"], seed=1).end_rubber()
    out = t.cut_out()
    assert set(out.players) == set(t.players) and out.waiting == ()


def test_law_15_cut_out_only_at_the_end_of_a_rubber():
    with pytest.raises(IllegalAction) as e:
        Roster.form("one", FIVE, seed=1).cut_out()
    assert e.value.laws == (15,)


# ---------------------------------------------------------------- Law 16
def test_law_16_declaring_before_any_card_is_cut_and_claiming_admission():
    t = Roster.form("one", ["Ames", "Bell", "Cole", "Dunn"], seed=1)
    t = t.declare("Eddy")  # during the rubber
    t = t.end_rubber().declare("Fox")  # after it, before any cut
    out = t.cut_out()
    assert {"Eddy", "Fox"} <= set(out.players)


def test_law_16_late_declaration_refused_once_a_card_is_cut():
    t = Roster.form("one", FIVE, seed=2).end_rubber().cut_out()
    assert t.cut_made
    with pytest.raises(IllegalAction) as e:
        t.declare("Gray")
    assert e.value.laws == (16,)
    assert "Gray" in t.start_rubber().declare("Gray").waiting  # in time for the next rubber


def test_law_16_after_the_cut_for_a_new_rubber_among_the_same_four():
    t = Roster.form("one", ["Ames", "Bell", "Cole", "Dunn"], seed=1).end_rubber()
    started = t.start_rubber()
    assert started.phase == "playing" and started.declare("Eddy").waiting == ("Eddy",)


def test_law_16_table_full_and_already_a_member():
    t = Roster.form("one", SIX, seed=1)
    with pytest.raises(IllegalAction) as e:
        t.declare("Gray")
    assert e.value.laws == (12,)
    with pytest.raises(IllegalAction):
        t.declare("Ames")


# ---------------------------------------------------------------- Law 17
def test_law_17_fresh_candidates_have_the_prior_right_of_entry_the_others_cut():
    veterans = ["Vane", "Webb", "Xeno", "York"]
    club = Club(seed=3, history=tuple((n, ("old",)) for n in veterans))
    fresh = ["Ames", "Bell", "Cole", "Dunn"]
    club = club.open_table("new", veterans + fresh)
    t = club.table("new")
    assert set(fresh) <= set(t.members)
    admitted = [v for v in veterans if v in t.members]
    assert len(admitted) == 2 and len(club.lobby) == 2
    rec = club.cuts[0]
    assert rec.laws == (17, 8, 9) and set(ranks(rec)) == set(veterans)
    assert all(club.has_played_elsewhere(n) for n in t.members)
    assert "Law 17" in club.notes[-1]


def test_law_17_only_fresh_candidates_no_cut_for_admission():
    club = Club(seed=1).open_table("one", FIVE)
    assert club.cuts == () and set(club.table("one").members) == set(FIVE)


def test_law_17_a_player_in_a_rubber_at_another_table_cannot_be_a_candidate():
    club = Club(seed=1).open_table("one", FIVE)
    player = club.table("one").players[0]
    with pytest.raises(IllegalAction) as e:
        club.open_table("two", [player, "Gray", "Hale", "Ivy", "Jude"])
    assert 20 in e.value.laws and 18 in e.value.laws


# ---------------------------------------------------------------- Law 18
def test_law_18_substitute_with_the_consent_of_the_other_three():
    t = Roster.form("one", ["Ames", "Bell", "Cole", "Dunn"], seed=1)
    others = [p for p in t.players if p != "Ames"]
    with pytest.raises(IllegalAction) as e:
        t.substitute("Ames", "Zane", others[:2])
    assert e.value.laws == (18,)
    s = t.substitute("Ames", "Zane", others)
    assert "Zane" in s.players and "Ames" not in s.players and s.substitutes == (("Zane", "Ames"),)
    after = s.end_rubber()  # only during that rubber
    assert "Ames" in after.players and "Zane" not in after.players and after.rubbers_of("Ames") == 1


def test_law_18_no_leaving_during_a_rubber_without_a_substitute():
    t = Roster.form("one", FIVE, seed=1)
    with pytest.raises(IllegalAction) as e:
        t.leave(t.players[0])
    assert e.value.laws == (18,)
    with pytest.raises(IllegalAction) as e:
        t.end_rubber().substitute(t.players[0], "Zane", t.players[1:])
    assert e.value.laws == (18,)


# ---------------------------------------------------------------- Law 19
def test_law_19_leaving_after_one_of_two_rubbers_the_next_candidate_takes_his_place():
    t = Roster.form("one", SIX, seed=4).end_rubber().cut_out().start_rubber().end_rubber()
    ones = [p for p in t.players if t.rubbers_of(p) == 1]
    leaver, nxt = ones[0], t.waiting[0]
    t2 = t.leave(leaver)
    assert nxt in t2.players and leaver not in t2.members and t2.rubbers_of(nxt) == 1
    assert t2.bound == ((nxt, t.rubbers),)
    t3 = t2.cut_out().start_rubber().end_rubber()
    assert nxt in t3.players  # he plays his one rubber
    out = t3.declare("Gray").cut_out()
    assert nxt in out.waiting and nxt not in out.players  # and goes out as his predecessor would have


def test_law_19_bound_successor_goes_out_even_when_a_cut_would_decide():
    t = Roster.form("one", FIVE + ["Fox"], seed=4).end_rubber().cut_out().start_rubber().end_rubber()
    leaver = next(p for p in t.players if t.rubbers_of(p) == 1)  # a full table: one of his two rubbers
    nxt = t.waiting[0]
    t2 = t.leave(leaver).start_rubber().end_rubber()  # the cut-out before it sends out a player with two
    assert nxt in t2.players and t2.rubbers_of(nxt) == 2
    out = t2.declare("Gray").cut_out()
    assert nxt in out.waiting and nxt not in out.players


def test_law_19_at_a_table_of_five_the_successor_enters_as_a_candidate_and_is_not_bound():
    t = Roster.form("one", FIVE, seed=2).end_rubber()  # all four have played one rubber; none is entitled to two
    leaver, nxt = t.players[0], t.waiting[0]
    t2 = t.leave(leaver)
    assert nxt in t2.players and t2.rubbers_of(nxt) == 0 and t2.bound == ()


def test_law_19_leaving_with_no_candidate_leaves_a_vacancy_a_newcomer_fills():
    t = Roster.form("one", ["Ames", "Bell", "Cole", "Dunn"], seed=1).end_rubber().leave("Ames")
    assert len(t.players) == 3 and t.bound == ()
    with pytest.raises(IllegalAction) as e:
        t.start_rubber()
    assert e.value.laws == (11,)
    assert t.declare("Eddy").start_rubber().phase == "playing"


# ---------------------------------------------------------------- Law 20
def test_law_20_cutting_into_another_table_loses_the_right_of_re_entry():
    club = Club(seed=1).open_table("one", FIVE).open_table("two", ["Gray", "Hale", "Ivy", "Jude"])
    w = club.table("one").waiting[0]
    club = club.cut_into(w, "two")
    assert w not in club.table("one").members and club.table("two").waiting == (w,)
    assert "Law 20" in club.notes[-1] and club.table_of(w).name == "two"


def test_law_20_he_takes_his_chance_as_a_fresh_candidate_behind_those_waiting():
    club = Club(seed=1).open_table("one", FIVE).open_table("two", ["Gray", "Hale", "Ivy", "Jude"])
    club = club.put(club.table("two").declare("Kent"))
    w = club.table("one").waiting[0]
    assert club.cut_into(w, "two").table("two").waiting == ("Kent", w)


def test_law_20_a_player_between_rubbers_leaves_his_table_under_law_19():
    club = Club(seed=1).open_table("one", FIVE).open_table("two", ["Gray", "Hale", "Ivy", "Jude"])
    one = club.table("one").end_rubber()
    club = club.put(one)
    p, nxt = one.players[0], one.waiting[0]
    club = club.cut_into(p, "two")
    assert nxt in club.table("one").players and p in club.table("two").waiting


def test_law_20_not_during_a_rubber():
    club = Club(seed=1).open_table("one", FIVE).open_table("two", ["Gray", "Hale", "Ivy", "Jude"])
    with pytest.raises(IllegalAction) as e:
        club.cut_into(club.table("one").players[0], "two")
    assert e.value.laws == (18,)


# ---------------------------------------------------------------- Law 21
def test_law_21_breaking_up_a_table_the_others_have_prior_right_and_cut_for_the_places():
    club = Club(seed=2).open_table("one", ["Ames", "Bell", "Cole", "Dunn"])
    club = club.open_table("two", ["Gray", "Hale", "Ivy", "Jude", "Kent"])
    club = club.break_up("one", "Ames", into="two")
    assert "one" not in [t.name for t in club.tables]
    entered = club.table("two").waiting[1:]
    assert len(entered) == 1 and entered[0] in ("Bell", "Cole", "Dunn")
    rec = club.cuts[-1]
    assert rec.laws == (21, 8, 9) and set(ranks(rec)) == {"Bell", "Cole", "Dunn"}
    assert club.lobby[-1] == "Ames" and len(club.lobby) == 3 and "Law 21" in club.notes[-1]


def test_law_21_places_for_all_the_others_no_cut_and_the_breaker_waits_behind_them():
    club = Club(seed=2).open_table("one", ["Ames", "Bell", "Cole", "Dunn"])
    two = Roster.form("two", ["Gray", "Hale", "Ivy", "Jude"], seed=1).end_rubber().leave("Gray")
    club = club.put(two)
    before = len(club.cuts)
    club = club.break_up("one", "Ames", into="two")
    t = club.table("two")
    assert len(club.cuts) == before and len(t.players) == 4 and set(t.members) >= {"Bell", "Cole", "Dunn"}
    assert club.lobby == ("Ames",)  # the places went to the others first


# ---------------------------------------------------------------- bad input
@pytest.mark.parametrize(
    "call, field",
    [
        (lambda: Roster.form("one", ["Ames", "Ames", "Bell", "Cole"]), "candidates"),
        (lambda: Roster.form("one", ["Ames", "Bell", "Cole"]), "candidates"),
        (lambda: Roster.form("one", FIVE, exposed={"Zed": 2}), "exposed"),
        (lambda: Roster.form("one", FIVE, exposed={"Ames": 0}), "exposed"),
        (lambda: Roster.form("one", FIVE, seed="x"), "seed"),
        (lambda: Roster.form("one", FIVE).substitute("Zed", "Yul", []), "absent"),
        (lambda: Roster.form("one", FIVE).declare(""), "name"),
        (lambda: Club().table("nine"), "table"),
    ],
)
def test_bad_input_names_the_field(call, field):
    with pytest.raises(InputError) as e:
        call()
    assert e.value.field == field


# ---------------------------------------------------------------- properties
OPS = st.lists(st.sampled_from(["end", "cut_out", "start", "declare", "leave0", "leave_w", "sub"]), max_size=25)


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 40), n=st.integers(4, 7), ops=OPS)
def test_property_rosters_stay_consistent_and_replay(seed, n, ops):
    names = [f"P{i}" for i in range(n)]
    newcomers = iter(f"N{i}" for i in range(100))

    def run() -> Roster:
        t = Roster.form("t", names, seed=seed)
        for op in ops:
            try:
                if op == "end":
                    t = t.end_rubber()
                elif op == "cut_out":
                    t = t.cut_out()
                elif op == "start":
                    t = t.start_rubber()
                elif op == "declare":
                    t = t.declare(next(newcomers))
                elif op == "leave0" and t.players:
                    t = t.leave(t.players[0])
                elif op == "leave_w" and t.waiting:
                    t = t.leave(t.waiting[-1])
                elif op == "sub" and t.players:
                    t = t.substitute(t.players[0], next(newcomers), t.players[1:])
            except IllegalAction:
                pass
            members = t.members
            assert len(set(members)) == len(members) <= 6 and len(t.players) <= 4
            if t.phase == "playing":
                assert len(t.players) == 4
            for rec in t.cuts:
                cards = [d.card for d in rec.draws]
                assert len(set(cards)) == len(cards)  # Law 9: one pack per cut
        return t

    newcomers = iter(f"N{i}" for i in range(100))
    first = run()
    newcomers = iter(f"N{i}" for i in range(100))
    assert run() == first
