"""Forming the table by cutting (Laws 8–14): second scenarios written from the book's text.

Each expected outcome follows from the law, not from the engine: the four highest cards play
(Law 11), the fifth and sixth highest belong to the table (Law 12), only the players tied
across a line the laws draw cut again (Laws 12–14), a player who exposes more than one card
cuts again, he alone (Law 10)."""

from __future__ import annotations

import dataclasses

import pytest

from euchre_core import InputError
from euchre_core.kernel.cards import Card
from euchre_core.kernel.rules import SOMERSET_1888, rules_by_name
from euchre_core.laws.table import TableFormation, cut_rank, form_table


def first_ranks(t: TableFormation, rnd: int = 0) -> dict[str, int]:
    return {n: cut_rank(Card.parse(c)) for n, c in t.cuts[rnd]}


def find(pred, names, seeds=range(6000)) -> TableFormation:
    for seed in seeds:
        t = form_table(list(names), seed=seed)
        if pred(t):
            return t
    raise AssertionError("no seed found")


# ---------------------------------------------------------------- Law 8
def test_law_8_the_knave_beats_the_ace_and_the_ace_the_king_in_cutting():
    assert (
        cut_rank(Card.parse("JC"))
        > cut_rank(Card.parse("AD"))
        > cut_rank(Card.parse("KS"))
        > cut_rank(Card.parse("7H"))
    )


# ---------------------------------------------------------------- Laws 11, 12
@pytest.mark.parametrize("n", [5, 6, 7, 8])
def test_law_11_no_lower_card_plays_while_a_higher_card_waits(n):
    names = [f"P{i}" for i in range(n)]
    for seed in range(250):
        t = form_table(names, seed=seed)
        r = first_ranks(t)
        out = [x for x in names if x not in t.players]
        assert min(r[p] for p in t.players) >= max(r[x] for x in out), (seed, t.cuts)


def test_law_11_the_ten_plays_and_the_two_nines_cut_again_for_the_fourth_place():
    # a tie across the fourth place: only the tied cut again; a higher card is never lifted over
    def tie_at_fourth(t):
        s = sorted(first_ranks(t).values(), reverse=True)
        return s[3] == s[4] and s[2] > s[3]

    t = find(tie_at_fourth, "abcde")
    r = first_ranks(t)
    tied = sorted(n for n in r if r[n] == sorted(r.values(), reverse=True)[3])
    assert sorted(n for n, _ in t.cuts[1]) == tied  # the second round: only the tied
    above = [n for n in r if r[n] > r[tied[0]]]
    assert set(above) <= set(t.players)


@pytest.mark.parametrize("n", [7, 8])
def test_law_12_the_fifth_and_sixth_highest_belong_to_the_table(n):
    names = [f"P{i}" for i in range(n)]
    for seed in range(250):
        t = form_table(names, seed=seed)
        r = first_ranks(t)
        rest = [x for x in names if x not in t.players and x not in t.table]
        assert len(t.table) == 2 and len(rest) == n - 6
        assert min(r[p] for p in t.table) >= max(r[x] for x in rest)
        assert max(r[p] for p in t.table) <= min(r[p] for p in t.players)


def test_law_12_a_tie_for_the_sixth_place_is_cut_again_not_settled_by_the_order_of_the_names():
    def tie_at_sixth(t):
        s = sorted(first_ranks(t).values(), reverse=True)
        return s[5] == s[6] and s[4] > s[5] and s[3] > s[4]

    t = find(tie_at_sixth, "abcdefg")
    r = first_ranks(t)
    v = sorted(r.values(), reverse=True)[5]
    tied = [n for n in "abcdefg" if r[n] == v]
    assert [n for n, _ in t.cuts[1]] == tied  # they cut again, they only
    winner = max(tied, key=lambda n: first_ranks(t, 1)[n])
    if len(set(first_ranks(t, 1).values())) == len(tied):
        assert winner in t.table


def test_law_11_the_four_cut_again_for_partners_after_the_table_is_selected():
    t = form_table(list("abcdef"), seed=11)
    partner_round = next(i for i, rnd in enumerate(t.cuts) if sorted(n for n, _ in rnd) == sorted(t.players))
    assert partner_round >= 1  # a fresh cut among the four


# ---------------------------------------------------------------- Laws 13, 14
def test_law_13_the_two_lowest_equal_are_partners_without_cutting_again():
    def low_tie(t):
        s = sorted(first_ranks(t).values(), reverse=True)
        return s[2] == s[3] and s[0] > s[1] > s[2]

    t = find(low_tie, "abcd")
    r = first_ranks(t)
    low = {n for n in r if r[n] == min(r.values())}
    assert len(t.cuts) == 1 and low in [set(p) for p in t.partners]
    assert t.dealer == max(r, key=r.get)


def test_law_13_two_equal_in_the_middle_cut_again_they_alone():
    def mid_tie(t):
        s = sorted(first_ranks(t).values(), reverse=True)
        return s[1] == s[2] and s[0] > s[1] > s[3]

    t = find(mid_tie, "abcd")
    r = first_ranks(t)
    tied = {n for n in r if list(r.values()).count(r[n]) == 2}
    assert {n for n, _ in t.cuts[1]} == tied
    r2 = first_ranks(t, len(t.cuts) - 1)
    higher = max(r2, key=r2.get)
    assert {max(r, key=r.get), higher} in [set(p) for p in t.partners]


def test_law_14_fourth_card_highest_the_two_lowest_of_the_new_cut_are_partners_even_if_equal():
    def case(t):
        r = first_ranks(t)
        vals = sorted(r.values())
        if not (vals[0] == vals[2] < vals[3]) or len(t.cuts) != 2:
            return False
        s = sorted(first_ranks(t, 1).values())
        return s[0] == s[1] < s[2]  # the new cut: the two lowest equal

    t = find(case, "abcd", range(40000))
    r, r2 = first_ranks(t), first_ranks(t, 1)
    fourth = max(r, key=r.get)
    low2 = {n for n in r2 if r2[n] == min(r2.values())}
    assert len(t.cuts) == 2  # the equal pair is not cut again
    assert low2 in [set(p) for p in t.partners]
    assert t.dealer == fourth  # their opponents have the deal


def test_law_14_fourth_card_lowest_the_two_highest_of_the_new_cut_are_partners_and_deal():
    def case(t):
        r = first_ranks(t)
        vals = sorted(r.values())
        return vals[0] < vals[1] == vals[3] and len(set(first_ranks(t, 1).values())) == 3

    t = find(case, "abcd", range(40000))
    r2 = first_ranks(t, 1)
    order = sorted(r2, key=r2.get, reverse=True)
    assert {order[0], order[1]} in [set(p) for p in t.partners] and t.dealer == order[0]


# ---------------------------------------------------------------- Law 10
def test_law_10_only_the_player_who_exposed_more_than_one_card_cuts_again():
    t = form_table(list("abcdef"), seed=5, exposed={"c": 2})
    assert [(r, n) for r, n, _ in t.voids] == [(0, "c")]
    assert sorted(n for n, _ in t.cuts[0]) == list("abcdef")  # everyone else's cut stands
    cards = [c for _, c in t.cuts[0]] + [c for _, _, c in t.voids]
    assert len(set(cards)) == len(cards)  # Law 9: the same pack


def test_law_10_exposing_one_card_is_no_fault_in_the_cut_for_the_table():
    assert form_table(list("abcd"), seed=5, exposed={"c": 1}).voids == ()


# ---------------------------------------------------------------- bad input
def test_law_9_more_candidates_than_cards_is_an_input_error():
    with pytest.raises(InputError) as e:
        form_table([f"P{i}" for i in range(33)], seed=1)
    assert e.value.field.split("[")[0] == "candidates"  # the list, or the name at fault in it
    assert len(form_table([f"P{i}" for i in range(32)], seed=1).players) == 4
    with pytest.raises(InputError):
        form_table([f"P{i}" for i in range(25)], seed=1, rules=rules_by_name("modern24"))
    with pytest.raises(InputError):
        form_table([f"P{i}" for i in range(32)], seed=1, exposed={"P3": 2})


@pytest.mark.parametrize(
    "bad", [None, "abcd", ["a", "b", "c"], ["a", "a", "b", "c"], ["a", "b", "c", 4], ["a", "b", "c", " "]]
)
def test_form_table_bad_candidates(bad):
    with pytest.raises(InputError):
        form_table(bad, seed=1)


def test_form_table_1877_lowest_deals():
    rules = dataclasses.replace(SOMERSET_1888, highest_cut_deals=False)
    for seed in range(40):
        t = form_table(list("abcd"), seed=seed, rules=rules)
        assert t.dealer in t.partners[1]
