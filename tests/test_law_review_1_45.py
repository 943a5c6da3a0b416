"""An independent review of Laws 1–45 and 72–73 (the table, the deal, the score): scenarios on
situations other than the ready ones, each expected outcome decided from the 1888 text before
running the engine, and hostile input (one InputError naming the field, the state unchanged)."""

from __future__ import annotations

import random

import pytest

from euchre_core import IllegalAction, InputError, pack
from euchre_core.kernel.cards import Card
from euchre_core.laws.dealing import DealingProcedure
from euchre_core.laws.entry import Club, Roster
from euchre_core.laws.match import Match
from euchre_core.laws.scoring import Rubber
from euchre_core.laws.table import cut_rank, form_table

A, B, C, D = range(4)
FACTORY = tuple(pack(32))
REGULAR = ["give 2"] * 4 + ["give 3"] * 4


def rank(card: str) -> int:
    return cut_rank(Card.parse(card))


# ================================================================ the score (Laws 1-7)
def test_law_1_the_third_game_is_played_after_two_games_to_the_same_side():
    r = Rubber().record((0, 2)).record((0, 2)).record((0, 1))  # BD: 5, game one (double)
    r = r.record((0, 2)).record((0, 2)).record((1, 0)).record((0, 1))  # BD: 5 again, AC scored 1
    assert [g.winner for g in r.games] == [1, 1] and not r.is_over  # the third is played anyway
    r = r.record((2, 0)).record((2, 0)).record((1, 0))  # AC exactly five: no lap
    assert r.is_over and r.winner == 1 and len(r.games) == 3


def test_law_1_a_lap_in_the_third_game_brings_a_fourth_which_scores_its_value():
    r = Rubber(game=(0, 4)).record((0, 1))  # BD 5, AC scoreless: a double game
    r = r.record((4, 0)).record((0, 0)).record((2, 0))  # AC 6: lap of 1
    r = r.record((0, 4)).record((0, 2))  # third game, BD 6: lap of 1
    assert [g.winner for g in r.games] == [1, 0, 1] and r.games[2].lapped == 1 and not r.is_over
    assert r.game == (0, 1)  # the lapped point stands in game four
    r = r.record((4, 0)).record((1, 0))  # AC win the fourth; BD had the lap
    assert r.is_over and r.winner == 1  # reading: best of the first three
    assert r.games[3].value == 1  # Law 7 reading: the lap is a score
    assert r.points == (2 + 1, 2 + 1 + 2)


def test_law_2_and_3_a_game_is_five_points_four_is_not_a_game():
    r = Rubber().record((1, 0)).record((1, 0)).record((2, 0))
    assert r.game == (4, 0) and r.games == ()
    r = r.record((0, 4))  # a lone march for BD: 4, not out
    assert r.game == (4, 4) and r.games == ()
    r = r.record((0, 1))
    assert r.games[0].winner == 1 and r.games[0].value == 1 and r.game == (0, 0)


def test_law_4_the_revoke_first_when_both_sides_reach_five_in_the_same_hand():
    # AC 3, BD 4; BD march (2) but BD revoked (3 to AC): AC reach five first
    r = Rubber(game=(3, 4)).record((0, 2), revoke=(3, 0))
    g = r.games[0]
    assert g.winner == 0 and g.value == 1 and r.game == (1, 0)  # AC lap 1; BD's march lost


def test_law_4_a_revoke_that_completes_the_game_against_a_scoreless_side_counts_two():
    r = Rubber(game=(2, 0)).record((0, 1), revoke=(3, 0))  # BD revoke; BD's own point comes after
    assert r.games[0].winner == 0 and r.games[0].value == 2 and r.game == (0, 0)


def test_law_4_the_revoking_sides_points_complete_the_game_when_the_penalty_does_not():
    r = Rubber(game=(0, 4)).record((0, 1), revoke=(3, 0))  # AC 3, then BD 5: BD win, AC scored
    assert r.games[0].winner == 1 and r.games[0].value == 1 and r.game == (0, 0)


def test_law_5_a_correction_undoes_the_double_game_and_the_rubber_the_wrong_score_completed():
    m = Match.new(seed=5)
    wrong = Rubber().record((2, 0)).record((2, 0)).record((1, 0)).record((0, 2)).record((0, 2)).record((0, 1))
    before = wrong.record((4, 0)).record((0, 0))  # game three: AC 4 - BD 0
    after = before.record((1, 0))  # entered 1: AC out with a double game, the rubber over
    assert after.is_over and after.games[-1].value == 2
    m = Match(m.rules, m.seed, after, m.deal, m.number, m.history, False, before)
    fixed = m.correct_score((4, 1))  # really: BD scored one point on that hand
    assert not fixed.rubber.is_over and fixed.rubber.game == (4, 1) and len(fixed.rubber.games) == 2
    again = fixed.correct_score((5, 1))  # corrected twice: the last holds; a single game now
    assert again.rubber.is_over and again.rubber.games[-1].value == 1


def test_law_5_no_correction_once_the_next_trump_card_is_turned_the_score_unchanged():
    m = Match.new(seed=9)
    with pytest.raises(IllegalAction) as e:
        m.turn().correct_score((2, 0))
    assert e.value.laws == (5,) and m.rubber.game == (0, 0)


def test_law_5_a_correction_naming_two_sides_out_names_the_field_game():
    with pytest.raises(InputError) as e:
        Match.new(seed=1).correct_score((5, 6))
    assert e.value.field == "game"


def test_law_7_four_double_games_and_the_rubber_make_ten_points_at_most():
    r = Rubber()
    for _ in range(3):
        r = r.record((4, 0)).record((2, 0))  # 6: a double game, lap 1 each time
    assert [g.value for g in r.games] == [2, 2, 2] and r.game == (3, 0) and not r.is_over
    r = r.record((2, 0))
    assert r.is_over and r.points == (10, 0)


@pytest.mark.parametrize(
    "points",
    [(2.5, 0), (-1, 0), (10, 0), (10**40, 0), (True, 0), (0, None), "20", None, (1, 1, 1), [], ("a", 1), {0: 1, 1: 0}],
)
def test_law_2_bad_points_are_one_input_error_and_the_score_unchanged(points):
    r = Rubber(game=(2, 3))
    with pytest.raises(InputError) as e:
        r.record(points)
    assert e.value.field == "points" and r.game == (2, 3) and r.games == ()


@pytest.mark.parametrize("revoke", [(1, 0), (4, 0), (0, 7), (-3, 0), (43, 0), (3.0, 0), "3"])
def test_law_4_a_revoke_penalty_is_a_multiple_of_three_or_five_points(revoke):
    with pytest.raises(InputError) as e:
        Rubber().record((0, 0), revoke=revoke)
    assert e.value.field == "revoke"


def test_law_4_revokes_on_both_sides_cancel_by_number_before_anything_is_scored():
    # Law 71 (an equal number of revokes on different sides cancel), applied where Law 4 scores them
    r = Rubber(game=(2, 2)).record((0, 1), revoke=(3, 3))
    assert r.game == (2, 3) and r.games == ()
    r = Rubber(game=(2, 2)).record((0, 0), revoke=(6, 3))  # two against one: one remains
    assert r.games[0].winner == 0 and r.game == (0, 0)


@pytest.mark.parametrize(
    "kwargs, field",
    [
        (dict(games=(1, 2)), "games"),
        (dict(games="x"), "games"),
        (dict(game=(5, 0)), "game"),
        (dict(game=(0, 7)), "game"),
        (dict(rules="somerset"), "rules"),
    ],
)
def test_law_1_a_rubber_built_from_bad_parts_is_one_input_error(kwargs, field):
    with pytest.raises(InputError) as e:
        Rubber(**kwargs)
    assert e.value.field == field


@pytest.mark.parametrize(
    "kwargs, field",
    [(dict(seed="x"), "seed"), (dict(seed=True), "seed"), (dict(rules=None), "rules"), (dict(dealer="Z"), "dealer")],
)
def test_law_28_a_match_from_bad_parts_is_one_input_error(kwargs, field):
    with pytest.raises(InputError) as e:
        Match.new(**kwargs)
    assert e.value.field == field


# ================================================================ cutting, the table (Laws 8-14)
def _check_formation(names: list[str], seed: int) -> None:
    """An independent referee over the cuts recorded: from the text, who must cut again, who plays,
    who belongs to the table, the partners and the dealer."""
    t = form_table(names, seed=seed)
    rounds = [dict(r) for r in t.cuts]
    used = [False] * len(rounds)

    def take(group: list[str]) -> dict[str, int]:
        for i, r in enumerate(rounds):
            if not used[i] and set(r) == set(group):
                used[i] = True
                return {n: rank(c) for n, c in r.items()}
        raise AssertionError(f"seed {seed}: {sorted(group)} should cut again; cuts {t.cuts}")

    def standing(group: list[str], lines: list[int]) -> list[list[str]]:
        ranks = take(group)
        out: list[list[str]] = []
        top = 0
        for v in sorted(set(ranks.values()), reverse=True):
            g = [n for n in group if ranks[n] == v]
            across = [line - top for line in lines if top < line < top + len(g)]
            out += standing(g, across) if across else [g]
            top += len(g)
        return out

    four = names
    if len(names) > 4:
        first = {n: rank(c) for n, c in t.cuts[0]}
        assert min(first[p] for p in t.players) >= max(first[n] for n in names if n not in t.players)  # Law 11
        flat = [n for g in standing(names, [4] + ([6] if len(names) > 6 else [])) for n in g]
        assert set(t.players) == set(flat[:4]) and set(t.table) == set(flat[4:6])  # Law 12
        four = list(t.players)
    flat = [n for g in standing(four, [1, 2]) for n in g]
    assert {frozenset(p) for p in t.partners} == {frozenset(flat[:2]), frozenset(flat[2:])}  # Laws 13, 14
    assert t.dealer == flat[0] and t.seats[0] == t.dealer  # Law 11
    assert all(used), f"seed {seed}: a cut nobody needed: {t.cuts}"


@pytest.mark.parametrize("n", [4, 5, 7, 9, 16, 32])
def test_law_11_to_14_every_formation_follows_the_text_cut_by_cut(n):
    for seed in range(150):
        _check_formation([f"Cand{i}" for i in range(n)], seed)


def test_law_8_the_knave_beats_the_ace_and_the_ace_the_king_in_any_suit():
    assert rank("JD") > rank("AS") > rank("KH") > rank("QC") > rank("TD") > rank("9S") > rank("8H") > rank("7C")
    assert rank("JD") == rank("JS")


def test_law_10_only_the_exposer_cuts_again_and_from_the_same_pack():
    t = form_table(["Ugo", "Vera", "Wes", "Xia", "Yul"], seed=11, exposed={"Wes": 3})
    assert [(r, n) for r, n, _ in t.voids] == [(0, "Wes")]
    cards = [c for _, c in t.cuts[0]] + [t.voids[0][2]]
    assert len(set(cards)) == 6  # Law 9: one pack, no card twice


def test_law_13_two_lowest_equal_are_partners_without_cutting_again():
    for seed in range(400):
        t = form_table(["Ann", "Bo", "Cy", "Di"], seed=seed)
        first = dict(t.cuts[0])
        r = sorted(rank(c) for c in first.values())
        if r[0] == r[1] < r[2] < r[3]:
            low = {n for n, c in first.items() if rank(c) == r[0]}
            assert len(t.cuts) == 1 and set(t.partners[1]) == low
            return
    pytest.fail("no such cut in 400 seeds")


@pytest.mark.parametrize(
    "candidates",
    [
        None,
        "ABCD",
        ["A", "B", "C"],
        ["A", "A", "B", "C"],
        ["A", "B", "C", 4],
        ["A", "B", "C", ""],
        ["A", "B", "C", "   "],
        [f"P{i}" for i in range(33)],
    ],
)
def test_law_11_bad_candidates_are_one_input_error(candidates):
    with pytest.raises(InputError) as e:
        form_table(candidates)
    assert e.value.field.split("[")[0] == "candidates"  # the list, or the name at fault in it


@pytest.mark.parametrize(
    "kwargs, field",
    [
        (dict(seed=[1]), "seed"),
        (dict(seed=1.5), "seed"),
        (dict(rules=None), "rules"),
        (dict(exposed={"A": 10**40}), "exposed"),
        (dict(exposed={"Q": 2}), "exposed"),
        (dict(exposed={"A": True}), "exposed"),
    ],
)
def test_law_9_bad_arguments_to_the_cut_are_one_input_error(kwargs, field):
    with pytest.raises(InputError) as e:
        form_table(["A", "B", "C", "D"], **kwargs)
    assert e.value.field == field


def test_law_11_unicode_names_cut_like_any_other():
    t = form_table(["Zoë", "Łukasz", "渡辺", "Ὅμηρος", "Ñandú"], seed=2)
    assert len(t.players) == 4 and len(t.table) == 1


# ================================================================ cutting out and entry (Laws 15-21)
def between(players: list[str], counts: list[int], waiting: list[str]) -> Roster:
    return Roster(
        name="t",
        players=tuple(players),
        waiting=tuple(waiting),
        consecutive=tuple(zip(players, counts, strict=True)),
        phase="between",
        seed=3,
        rubbers=2,
    )


def test_law_15_two_claimants_the_two_with_more_rubbers_go_out_without_a_cut():
    t = between(["Pa", "Qu", "Ro", "Si"], [1, 2, 1, 2], ["Ty", "Uma"]).cut_out()
    assert set(t.waiting) == {"Qu", "Si"} and set(t.players) == {"Pa", "Ro", "Ty", "Uma"} and not t.cut_made


def test_law_15_one_claimant_all_equal_the_four_cut_the_lowest_goes_out():
    t = between(["Pa", "Qu", "Ro", "Si"], [1, 1, 1, 1], ["Ty"]).cut_out()
    rec = t.cuts[-1]
    assert 15 in rec.laws and {d.name for d in rec.draws} == {"Pa", "Qu", "Ro", "Si"}
    out = t.waiting[0]
    valid = [d for d in rec.draws if not d.void]
    lowest = min(rank(str(d.card)) for d in valid if d.name == out)
    assert all(rank(str(d.card)) >= lowest for d in valid) and "Ty" in t.players


def test_law_15_one_claimant_one_player_with_more_rubbers_goes_out_without_a_cut():
    t = between(["Pa", "Qu", "Ro", "Si"], [1, 1, 2, 1], ["Ty"]).cut_out()
    assert t.waiting == ("Ro",) and not t.cut_made


def test_law_16_declared_after_the_cut_out_cards_were_cut_is_too_late():
    t = between(["Pa", "Qu", "Ro", "Si"], [1, 1, 1, 1], ["Ty"]).cut_out()
    with pytest.raises(IllegalAction) as e:
        t.declare("Vic")
    assert e.value.laws == (16,)


def test_law_17_fresh_candidates_first_then_those_who_played_elsewhere_cut():
    c = Club(seed=2, history=(("Old1", ("x",)), ("Old2", ("x",)), ("Old3", ("x",))))
    c = c.open_table("new", ["Old1", "F1", "Old2", "F2", "F3", "Old3", "F4"])
    members = set(c.table("new").members)
    assert {"F1", "F2", "F3", "F4"} <= members and len(members & {"Old1", "Old2", "Old3"}) == 2
    assert len(c.cuts) == 1 and {d.name for d in c.cuts[0].draws} == {"Old1", "Old2", "Old3"}


def test_law_18_the_substitutes_place_among_the_waiting_is_kept_for_him():
    t = Roster.form("one", ["Ab", "Bo", "Cy", "Di", "Ed"], seed=2)
    w = t.waiting[0]
    absent = t.players[2]
    t = t.substitute(absent, w, [p for p in t.players if p != absent])
    t = t.declare("Fay")  # the sixth: the absent player, W's place and Fay
    with pytest.raises(IllegalAction) as e:
        t.declare("Gus")  # a seventh cannot belong (Law 12)
    assert e.value.laws == (12,)
    end = t.end_rubber()
    assert absent in end.players and end.waiting == (w, "Fay")


def test_law_18_without_consent_of_all_three_no_substitute_and_the_table_unchanged():
    t = Roster.form("one", ["Ab", "Bo", "Cy", "Di"], seed=5)
    with pytest.raises(IllegalAction) as e:
        t.substitute(t.players[0], "Zed", list(t.players[1:3]))
    assert e.value.laws == (18,) and "Zed" not in t.members


def test_law_19_the_successor_goes_out_at_the_end_of_one_rubber():
    t = between(["Pa", "Qu", "Ro", "Si"], [1, 2, 2, 2], ["Ty", "Uma"]).cut_out()  # Qu, Si out? two with 2
    t = t.start_rubber().end_rubber()
    leaver = next(p for p in t.players if t.rubbers_of(p) == 1)
    nxt = t.waiting[0]
    t = t.leave(leaver)
    assert nxt in t.players
    t = t.start_rubber().end_rubber().declare("Vic")
    out = t.cut_out()
    assert nxt in out.waiting  # as his predecessor would have done (he had played one)


def test_law_20_a_waiting_member_cutting_into_a_fresh_table_loses_his_place_at_the_first():
    c = Club(seed=6).open_table("one", ["Ab", "Bo", "Cy", "Di", "Ed", "Fi"])
    w = c.table("one").waiting[0]
    c2 = c.open_table("two", [w, "Gi", "Ha", "Io", "Ju"])
    assert w not in c2.table("one").members and any("Law 20" in n for n in c2.notes)


def test_law_21_the_breaker_comes_after_the_remaining_players():
    c = Club(seed=8).open_table("one", ["Ab", "Bo", "Cy", "Di"]).open_table("two", ["Ed", "Fi", "Gi", "Ha", "Io"])
    c = c.break_up("one", "Cy", into="two")  # one place at two, three remaining players
    assert len(c.table("two").waiting) == 2 and "Cy" not in c.table("two").members and c.lobby[-1] == "Cy"
    assert {d.name for d in c.cuts[-1].draws} == {"Ab", "Bo", "Di"}


@pytest.mark.parametrize(
    "call, field",
    [
        (lambda: Roster.form("t", ["A", "B", "C", "D"], rules=None), "rules"),
        (lambda: Roster.form("t", ["A", "B", "C", "D"], seed=2.5), "seed"),
        (lambda: Roster.form("t", [f"P{i}" for i in range(40)]), "candidates"),
        (lambda: Roster.form("t", ["A", "B", "C", "D"]).declare(None), "name"),
        (lambda: Roster.form("t", ["A", "B", "C", "D"]).substitute("A", "", ["B", "C", "D"]), "substitute"),
        (lambda: Club(seed="x").open_table("t", ["A", "B", "C", "D"]), "seed"),
        (lambda: Club().open_table("t", None), "candidates"),
        (lambda: Club().open_table("t", ["A", "B", "C", "D"], exposed={"A": 10**40}), "exposed"),
    ],
)
def test_law_16_bad_input_at_the_table_is_one_input_error(call, field):
    with pytest.raises(InputError) as e:
        call()
    assert e.value.field == field


# ================================================================ the deal (Laws 22-45, 72-73)
def plain(dealer: str = "A") -> DealingProcedure:
    partner = "ABCD"[("ABCD".index(dealer) + 2) % 4]
    cutter = "ABCD"[("ABCD".index(dealer) + 3) % 4]
    return DealingProcedure.start(dealer, order=FACTORY).replay([f"{partner}: decline", f"{cutter}: cut 10"])


def deals(who: str, packets: list[str] = REGULAR) -> list[str]:
    return [f"{who}: {p}" for p in packets]


def test_law_29_a_cut_leaving_three_cards_below_is_a_fresh_cut_four_is_good():
    p = DealingProcedure.start("D", seed=4).replay(["B: shuffle", "D: shuffle"])
    assert p.act("C: cut 29").outcome.kind == "fresh-cut"
    assert p.act("C: cut 3").outcome.kind == "fresh-cut"
    assert p.act("C: cut 28").outcome is None and p.act("C: cut 4").outcome is None


def test_law_30_having_separated_the_pack_the_cutter_cannot_cut_again():
    p = DealingProcedure.start("C", seed=4).replay(["A: shuffle", "C: shuffle", "B: cut 9"])
    with pytest.raises(IllegalAction) as e:
        p.act("B: cut 14")
    assert 30 in e.value.laws


def test_law_31_dealer_d_reshuffles_after_the_cut_a_deals():
    p = DealingProcedure.start("D", seed=4).replay(["B: shuffle", "D: shuffle", "C: cut 12", "D: shuffle"])
    assert p.outcome.kind == "deal-lost" and p.outcome.dealer == A


def test_law_41_42_a_deal_of_one_card_packets_is_a_misdeal_the_deal_passes_left():
    p = plain("D").replay(deals("D", ["give 1"]))
    assert p.outcome.kind == "deal-lost" and p.outcome.dealer == A
    with pytest.raises(IllegalAction):
        p.act("D: give 1")  # the dealing is over


def test_law_42_three_then_two_is_as_good_as_two_then_three():
    p = plain("B").replay(deals("B", ["give 3"] * 4 + ["give 2"] * 4) + ["B: turn"])
    assert p.outcome.kind == "deal-stands" and [len(p.outcome.deal.hand(s)) for s in range(4)] == [5] * 4


def test_law_43_the_dealers_partner_touched_first_the_misdeal_loses_the_deal():
    p = plain("C").replay(["C: give 2", "A: touch", "D: touch", "C: give 4"])
    assert p.outcome.kind == "deal-lost" and p.outcome.dealer == D


def test_law_45_b_takes_ds_deal_and_misdeals_a_deals():
    p = plain("D").replay(["B: give 3", "B: give 1"])
    assert p.outcome.kind == "deal-lost" and p.outcome.dealer == A and 45 in p.outcome.laws


def test_law_40_c_deals_in_bs_turn_and_turns_the_trump_the_deal_stands():
    p = plain("B").replay(deals("C") + ["C: turn"])
    assert p.outcome.kind == "deal-stands"
    q = p.act("B: question deal")  # discovered after the turn: the deal stands
    assert q.outcome.kind == "deal-stands" and 40 in q.rulings[-1].laws


def test_law_33_imperfect_pack_found_mid_deal_same_dealer_deals_again():
    p = plain("D").replay(deals("D", REGULAR[:3]) + ["imperfect"])
    assert p.outcome.kind == "new-deal" and p.outcome.dealer == D


def test_law_72_fresh_cards_cannot_be_called_after_the_cut():
    with pytest.raises(IllegalAction) as e:
        plain("C").act("A: newcards")
    assert 72 in e.value.laws


@pytest.mark.parametrize(
    "events", [None, 5, [5], ["Z: shuffle"], ["A: cut 10**40"], ["A: cut -3"], [""], ["A: give 2 Q"], ["A: marked ZZ"]]
)
def test_law_29_bad_events_are_one_input_error_and_the_deal_unchanged(events):
    p = DealingProcedure.start("A", seed=1).replay(["C: shuffle", "A: shuffle"])
    before = p.to_record()
    with pytest.raises(InputError):
        p.replay(events)
    assert p.to_record() == before and len(p.log) == 2


def test_law_28_the_deal_goes_to_the_left_in_a_match():
    rng = random.Random(4)
    m = Match.new(seed=4, dealer=2)
    while m.number == 1:
        m = m.apply(rng.choice(m.deal.legal_actions()))
    assert m.deal.dealer == 3


# ================================================================ the command line
def _cli(*args: str) -> tuple[int, str]:
    import os
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    env = dict(os.environ, PYTHONPATH=str(root))
    p = subprocess.run(
        [sys.executable, "-m", "euchre_core", *args], capture_output=True, text=True, cwd=root, env=env, timeout=60
    )
    return p.returncode, p.stdout + p.stderr


@pytest.mark.parametrize(
    "args",
    [
        ["A", "B", "C"],
        ["A", "A", "B", "C"],
        [f"P{i}" for i in range(33)],
        ["A", "B", "C", ""],
        ["A", "B", "C", "D", "--rules", "nope"],
    ],
)
def test_law_11_the_table_command_refuses_bad_candidates_in_one_line(args):
    code, out = _cli("table", *args)
    assert code == 2 and "Traceback" not in out and len(out.strip().splitlines()) == 1


@pytest.mark.parametrize(
    "scenario",
    [
        '{"dealer": 100000000000000000000000000000000000000000, "seed": 1}',
        '{"dealer": "BC", "seed": 1}',
        '{"seed": true}',
        "null",
        "[1, 2",
        '{"hands": {"A": ["JC"], "B": [], "C": [], "D": []}, "turn_up": "9C", "stock": 7}',
    ],
)
def test_law_28_the_rule_command_refuses_a_bad_scenario_in_one_line(tmp_path, scenario):
    f = tmp_path / "s.json"
    f.write_text(scenario, encoding="utf-8")
    code, out = _cli("rule", str(f))
    assert code == 2 and "Traceback" not in out and len(out.strip().splitlines()) == 1


def test_law_20_a_player_away_during_the_rubber_who_cuts_into_a_fresh_table_does_not_come_back():
    c = Club(seed=3).open_table("one", ["Ab", "Bo", "Cy", "Di", "Ed"])
    one = c.table("one")
    away = one.players[1]
    c = c.put(one.substitute(away, "Sub", [p for p in one.players if p != away]))
    assert c.table_of(away).name == "one"  # away, he still belongs to it (Law 18)
    c = c.open_table("two", [away, "Fa", "Ga", "Ha"])
    assert away in c.table("two").members and any("Law 20" in n for n in c.notes)
    assert c.table("one").players[1] == "Sub"  # the substitute plays the rubber out
    c = c.put(c.table("one").end_rubber())
    one = c.table("one")
    assert away not in one.members and "Sub" not in one.members and "Sub" in c.lobby
    assert [t.name for t in c.tables if t.belongs(away)] == ["two"]  # one table only
    w = one.waiting[0]
    assert w in one.cut_out().players  # the vacancy goes to the candidate waiting


def test_law_21_a_table_with_a_substitutes_place_kept_takes_fewer_from_a_broken_table():
    c = Club(seed=8).open_table("one", ["Ab", "Bo", "Cy", "Di", "Ed"])
    one = c.table("one")
    w = one.waiting[0]
    c = c.put(one.substitute(one.players[0], w, list(one.players[1:])))
    c = c.open_table("two", ["Fa", "Ga", "Ha", "Io"]).break_up("two", "Fa", into="one")  # one place: W's kept
    assert len(c.table("one").waiting) == 1 and c.lobby[-1] == "Fa"
    end = c.table("one").end_rubber()
    assert end.waiting[0] == w and len(end.members) == 6


def test_law_5_after_a_hand_passed_out_an_error_in_the_hand_before_can_no_longer_be_rectified():
    m = Match.new(seed=2)
    wrong = Rubber(game=(4, 0))  # AC were marked 4 on a hand; the next trump card was turned
    m = Match(m.rules, m.seed, wrong, m.deal, m.number, m.history, False, wrong)  # that hand passed out
    with pytest.raises(IllegalAction) as e:
        m.correct_score((3, 0))  # the error was in the earlier hand: too late
    assert e.value.laws == (5,) and m.rubber.game == (4, 0)
    assert m.correct_score((4, 1)).rubber.game == (4, 1)  # the passed-out hand's own score can be


@pytest.mark.parametrize(
    "kwargs, field",
    [
        (dict(players=None), "players"),
        (dict(players="ABCD"), "players"),
        (dict(players=("A", "B", "C", "D", "E")), "players"),
        (dict(players=("A", "B", "C", "D"), waiting=("A",)), "waiting"),
        (dict(players=("A", "B", "C", "D"), waiting=("E", "F", "G")), "waiting"),
        (dict(players=("A", "B", "C", "D"), phase="dealing"), "phase"),
        (dict(players=("A", "B", "C", "D"), consecutive=(("A", -1),)), "consecutive"),
        (dict(players=("A", "B", "C", "D"), consecutive=(("A", True),)), "consecutive"),
        (dict(players=("A", "B", "C", "D"), seed=10**40 + 0.5), "seed"),
    ],
)
def test_law_12_a_table_built_by_hand_is_checked_like_one_formed_by_cutting(kwargs, field):
    with pytest.raises(InputError) as e:
        Roster(name="t", **kwargs)
    assert e.value.field == field


def test_law_4_two_sides_out_on_one_score_is_not_settled_by_the_elder_hand_in_the_four_handed_game():
    # the elder hand's precedence is Hoyle's three-handed rule, not the 1888 code's
    with pytest.raises(InputError) as e:
        Rubber(game=(4, 4)).record((1, 1), elder=1)
    assert e.value.field == "points"  # as without the elder: one side scores a deal, the revoke given apart (Law 4)


@pytest.mark.parametrize("tricks, points", [(0, (4, 0)), (2, (4, 0)), (3, (0, 1)), (4, (0, 1)), (5, (0, 4))])
def test_law_3_d_plays_alone_for_bd(tricks, points):
    from euchre_core.kernel.deal import score_deal
    from euchre_core.kernel.rules import SOMERSET_1888

    assert score_deal(SOMERSET_1888, 1, 3, 3, 1, (5 - tricks, tricks)).points == points


@pytest.mark.parametrize("tricks, points", [(0, (2, 0)), (2, (2, 0)), (3, (0, 1)), (4, (0, 1)), (5, (0, 2))])
def test_law_2_b_assists_for_bd(tricks, points):
    from euchre_core.kernel.deal import score_deal
    from euchre_core.kernel.rules import SOMERSET_1888

    assert score_deal(SOMERSET_1888, 1, 1, None, 0, (5 - tricks, tricks)).points == points


def test_law_10_an_exposure_in_the_cut_for_admission_is_not_counted_again_in_the_cut_for_the_table():
    c = Club(seed=2, history=(("Old1", ("x",)), ("Old2", ("x",)), ("Old3", ("x",))))
    c = c.open_table("new", ["F1", "F2", "F3", "F4", "Old1", "Old2", "Old3"], exposed={"Old1": 2})
    assert sum(d.void for d in c.cuts[0].draws) == 1  # he cut again in the first cut
    assert not any(d.void for r in c.table("new").cuts for d in r.draws)  # and only there
