"""Cutting out, entry and re-entry (Laws 15–21): second scenarios, each expected outcome decided
from the book's text before running."""

from __future__ import annotations

import pytest

from euchre_core import IllegalAction
from euchre_core.laws.entry import Club, Roster

FIVE = ["Ames", "Bell", "Cole", "Dunn", "Eddy"]


def others(t: Roster, name: str) -> list[str]:
    return [p for p in t.players if p != name]


# ---------------------------------------------------------------- Law 15
def test_law_15_two_claim_admission_the_newcomer_with_fewer_rubbers_stays():
    t = Roster.form("one", FIVE, seed=7).end_rubber().cut_out().start_rubber()
    newcomer = next(p for p in t.players if t.rubbers_of(p) == 0)
    veterans = [p for p in t.players if p != newcomer]
    t = t.declare("Fox").end_rubber()  # two candidates wait: the one out, and Fox
    assert len(t.waiting) == 2 and t.rubbers_of(newcomer) == 1 and all(t.rubbers_of(p) == 2 for p in veterans)
    out = t.cut_out()
    # Law 15: two claim admission: two of those who played the greater number (two rubbers) go out
    assert newcomer in out.players and "Fox" in out.players
    gone = [p for p in veterans if p not in out.players]
    assert len(gone) == 2 and set(gone) <= set(out.waiting)
    assert any(15 in r.laws for r in out.cuts[len(t.cuts) :])  # three equal: they cut, the two lowest out


# ---------------------------------------------------------------- Law 16
def test_law_16_declaring_during_a_rubber_and_after_a_cut_out_decided_without_cutting():
    t = Roster.form("one", FIVE, seed=7).declare("Fox")  # during the rubber: in time for the next
    assert t.waiting[-1] == "Fox"
    four = Roster.form("one", FIVE[:4], seed=7).end_rubber().cut_out()  # no candidate: no card cut
    assert not four.cut_made
    late = four.declare("Gray")  # in time: he claims admission in this cut-out
    assert "Gray" in late.players and late.cut_made and len(late.waiting) == 1


def test_law_15_and_16_a_second_claimant_in_time_joins_a_cut_out_made_by_the_counts():
    t = Roster.form("one", ["Ames", "Bell", "Cole", "Dunn"], seed=7)
    for g in ["G1", "G2", "G3"]:  # one player leaves after each rubber; a newcomer enters
        t = t.end_rubber()
        veteran = max(t.players, key=t.rubbers_of)
        t = t.leave(veteran).declare(g).start_rubber()
    t = t.end_rubber()
    counts = sorted((t.rubbers_of(p), p) for p in t.players)
    assert [c for c, _ in counts] == [1, 2, 3, 4]
    most, second = counts[-1][1], counts[-2][1]
    one = t.declare("Fox").cut_out()
    assert not one.cut_made and most not in one.players and "Fox" in one.players  # by the counts, no card
    two = one.declare("Hale")  # no card cut yet: Hale is in time (Law 16)
    assert {"Fox", "Hale"} <= set(two.players) and most not in two.players and second not in two.players
    t2 = Roster.form("one", FIVE + ["Fox"], seed=3).end_rubber().cut_out()
    assert t2.cut_made  # four equal counts: cards were cut
    with pytest.raises(IllegalAction) as e:
        t2.leave(t2.waiting[0]).declare("Gray")
    assert e.value.laws == (16,)


# ---------------------------------------------------------------- Law 17
def test_law_17_three_fresh_candidates_enter_and_four_others_cut_for_three_places():
    hist = tuple((n, ("old",)) for n in ["Kent", "Lamb", "Moss", "Nash"])
    c = Club(seed=2, history=hist).open_table("two", ["Kent", "Lamb", "Fox", "Moss", "Gray", "Nash", "Hale"])
    members = c.table("two").members
    assert {"Fox", "Gray", "Hale"} <= set(members)  # prior right of entry
    assert len(members) == 6 and len(c.lobby) == 1 and c.lobby[0] in ["Kent", "Lamb", "Moss", "Nash"]


# ---------------------------------------------------------------- Law 18
def test_law_18_a_waiting_substitute_returns_to_his_place_at_the_rubbers_end():
    t = Roster.form("one", FIVE + ["Fox"], seed=4)
    first, second = t.waiting
    absent = t.players[2]
    t = t.substitute(absent, second, others(t, absent))
    assert second in t.players and t.waiting == (first,)
    t = t.end_rubber()
    assert absent in t.players and second not in t.players
    assert t.waiting == (first, second)  # back where he was, second in order


def test_law_18_an_outside_substitute_stays_in_the_club_after_the_rubber():
    c = Club(seed=1).open_table("one", ["Ames", "Bell", "Cole", "Dunn"])
    t = c.table("one")
    c = c.put(t.substitute("Ames", "Zane", others(t, "Ames")))
    c = c.put(c.table("one").end_rubber())
    assert "Zane" not in c.table("one").members and "Ames" in c.table("one").players
    assert "Zane" in c.lobby and c.has_played_elsewhere("Zane")


# ---------------------------------------------------------------- Law 19
def test_law_19_the_successor_goes_out_after_one_rubber_before_players_with_more_rubbers():
    t = Roster.form("one", FIVE + ["Fox"], seed=4).end_rubber()
    nxt = t.waiting[0]
    leaver = t.players[1]
    t = t.leave(leaver)
    assert nxt in t.players and leaver not in t.members
    t = t.cut_out().start_rubber().end_rubber()  # one rubber in his predecessor's place
    out = t.cut_out()
    assert nxt not in out.players  # he goes out, as his predecessor would have


# ---------------------------------------------------------------- Law 20
def test_law_20_a_waiting_member_may_be_a_candidate_for_a_fresh_table_and_loses_his_place():
    c = Club(seed=1).open_table("one", FIVE)
    w = c.table("one").waiting[0]
    c = c.open_table("two", [w, "Fox", "Gray", "Hale", "Ivy"])
    assert w not in c.table("one").members  # he loses his right of re-entry into "one"
    assert w in c.table("two").members  # he took his chance of cutting in: a place was left
    assert any("Law 20" in n for n in c.notes)


def test_law_20_the_former_member_has_no_prior_right_at_the_fresh_table():
    c = Club(seed=1).open_table("one", FIVE)
    w = c.table("one").waiting[0]
    fresh = ["Fox", "Gray", "Hale", "Ivy", "Jude", "Kent"]
    c = c.open_table("two", [w] + fresh)  # six fresh candidates fill the table
    assert set(c.table("two").members) == set(fresh)
    assert w in c.lobby and w not in c.table("one").members


# ---------------------------------------------------------------- Law 21
def test_law_21_the_remaining_player_enters_before_the_breaker():
    c = Club(seed=5).open_table("one", ["Ames", "Bell", "Cole", "Dunn"])
    c = c.open_table("two", ["Eddy", "Fox", "Gray", "Hale"])
    t = c.table("one").end_rubber()
    t = t.leave(t.players[0]).leave(t.players[1])  # two leave between rubbers
    c = c.put(t)
    remaining, breaker = c.table("one").players
    c = c.break_up("one", breaker, into="two")
    assert c.table("two").waiting == (remaining, breaker)  # room for both: the remaining first


# ---------------------------------------------------------------- bad input
@pytest.mark.parametrize(
    "call, field",
    [
        (lambda: Roster.form("one", None), "candidates"),
        (lambda: Roster.form("one", 5), "candidates"),
        (lambda: Club().open_table("two", None), "candidates"),
        (lambda: Roster.form("one", FIVE[:4], seed=1).substitute("Ames", "Zane", None), "consenting"),
    ],
)
def test_bad_input_names_the_field(call, field):
    from euchre_core import InputError

    with pytest.raises(InputError) as e:
        call()
    assert e.value.field == field
