"""The shuffle, the cut and the deal (Laws 23–45, 72–73) and Law 33 under the director: second
scenarios, on situations other than the ready ones, each expected outcome decided from the
book's text before running. Readings for the open points are in the registry (lawbook.py)."""

from __future__ import annotations

import pytest

from euchre_core import IllegalAction, pack
from euchre_core.laws.dealing import DealingProcedure

A, B, C, D = range(4)
FACTORY = tuple(pack(32))
REGULAR = ["give 2"] * 4 + ["give 3"] * 4


def plain(dealer: str = "A") -> DealingProcedure:
    """The factory order, not shuffled; the dealer's partner waives his shuffle; cut ten."""
    partner = "ABCD"[("ABCD".index(dealer) + 2) % 4]
    cutter = "ABCD"[("ABCD".index(dealer) + 3) % 4]
    return DealingProcedure.start(dealer, order=FACTORY).replay([f"{partner}: decline", f"{cutter}: cut 10"])


def deals(who: str, packets: list[str] = REGULAR) -> list[str]:
    return [f"{who}: {p}" for p in packets]


def last(p: DealingProcedure):
    return p.rulings[-1]


# ---------------------------------------------------------------- shuffling (Laws 23-27)
def test_law_23_an_adversary_may_not_shuffle_once_the_trump_is_turned():
    p = plain("B").replay(deals("B") + ["B: turn"])
    with pytest.raises(IllegalAction) as e:
        p.act("A: shuffle")
    assert e.value.laws == (23,)


def test_law_24_an_adversary_shuffles_once_only():
    p = DealingProcedure.start("A", seed=4).replay(["C: shuffle", "B: shuffle"])
    with pytest.raises(IllegalAction) as e:
        p.act("B: shuffle")
    assert e.value.laws == (24,)


def test_law_25_the_dealers_partner_first_then_the_others():
    p = DealingProcedure.start("B", seed=4)
    with pytest.raises(IllegalAction) as e:
        p.act("A: shuffle")  # D, B's partner, has the first right
    assert e.value.laws == (25,)
    assert p.replay(["D: shuffle", "A: shuffle"]).shuffled == (D, A)


def test_law_27_after_the_dealer_has_shuffled_no_one_else_may():
    p = DealingProcedure.start("A", seed=4).replay(["C: shuffle", "A: shuffle"])
    with pytest.raises(IllegalAction) as e:
        p.act("B: shuffle")
    assert e.value.laws == (27,)


def test_law_27_card_seen_the_adversaries_waive_the_reshuffle_and_the_pack_is_cut():
    p = DealingProcedure.start("A", seed=4).replay(["C: shuffle", "A: shuffle", "A: expose"])
    assert last(p).laws == (27,) and last(p).chooser == 1
    q = p.replay(["BD: choose waive", "D: cut 12"])
    assert q.phase == "cut"


# ---------------------------------------------------------------- the deal (Laws 28-32)
def test_law_28_after_d_deals_the_deal_goes_round_to_a():
    p = plain("D").replay(deals("D") + ["D: turn"])
    assert p.outcome.kind == "deal-stands" and p.successor().dealer == A


def test_law_29_four_cards_in_the_lower_packet_is_a_good_cut_three_is_not():
    good = DealingProcedure.start("A", order=FACTORY).replay(["C: decline", "D: cut 28"])
    assert good.phase == "cut" and good.cut == 28
    bad = DealingProcedure.start("A", order=FACTORY).replay(["C: decline", "D: cut 29"])
    assert last(bad).laws == (29, 24) and bad.outcome.kind == "fresh-cut"


def test_law_30_the_cutter_cannot_reshuffle_after_separating_the_pack():
    p = plain()
    with pytest.raises(IllegalAction) as e:
        p.act("D: shuffle")
    assert e.value.laws == (30,)


def test_law_31_dealer_b_reshuffles_after_the_cut_c_deals():
    p = plain("B").act("B: shuffle")
    assert p.outcome.kind == "deal-lost" and p.outcome.dealer == C and 31 in p.outcome.laws


# ---------------------------------------------------------------- a new deal (Laws 33-40)
def test_law_33_imperfect_pack_after_the_turn_in_cs_deal_c_deals_again():
    p = plain("C").replay(deals("C") + ["C: turn", "imperfect missing 9D"])
    assert p.outcome.kind == "new-deal" and p.outcome.dealer == C and p.outcome.laws == (33,)


def test_law_33_reading_a_revoke_penalty_does_not_survive_the_void_hand_in_either_order():
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).parent))
    from test_law_director import AFTER_REVOKE, REVOKE_QUITTED, table

    # C throws the 7D to a heart lead holding the 10 of hearts: a revoke, established when quitted
    events = REVOKE_QUITTED + AFTER_REVOKE
    done = table(events)
    assert done.phase == "claims"
    assert done.act("BD: claim revoke").result()["points"] == {"AC": 1, "BD": 3}  # had the hand stood
    claimed_first = done.act("BD: claim revoke").act("imperfect")
    void_first = done.act("imperfect")
    for t in (claimed_first, void_first):
        assert t.result()["points"] == {"AC": 0, "BD": 0} and t.result()["new_deal"]
    with pytest.raises(IllegalAction) as e:
        void_first.act("BD: claim revoke")
    assert e.value.laws == (33,) and "cut" not in str(e.value)  # no cut has happened: not Law 68


def test_law_34_card_faced_found_in_the_stock_before_the_lead_in_bs_deal():
    p = plain("B").replay(deals("B") + ["B: turn", "faced"])
    assert p.outcome.kind == "new-deal" and p.outcome.dealer == B


def test_law_35_card_exposed_by_an_adversary_the_dealer_claims_a_new_deal():
    p = plain().replay(["A: give 2", "A: give 2", "B: expose"])
    r = last(p)
    assert r.laws == (35,) and r.chooser == 0  # the dealer's side has the claim
    q = p.act("AC: choose new-deal")
    assert q.outcome.kind == "new-deal" and q.outcome.dealer == A


def test_law_35_if_no_new_deal_the_exposed_card_cannot_be_called():
    p = plain().replay(["A: give 2", "A: expose", "BD: choose deal-stands"] + deals("A", REGULAR[1:]) + ["A: turn"])
    assert p.outcome.kind == "deal-stands" and 35 in p.outcome.laws and "cannot be called" in p.outcome.notes[-1]


def test_law_36_the_adversary_touched_first_so_the_dealers_partner_may_touch_and_the_dealer_keeps_his_claim():
    p = plain().replay(["A: give 2", "A: give 2", "B: touch", "C: touch", "B: expose"])
    r = last(p)
    assert r.chooser == 0 and [o.id for o in r.options] == ["new-deal", "deal-stands"] and 36 in r.laws


def test_law_37_dealer_exposes_his_own_last_card_and_turns_at_once_the_adversaries_keep_the_claim():
    p = plain().replay(deals("A") + ["A: expose", "A: turn"])
    assert last(p).laws == (37,) and p.outcome is None
    assert p.act("BD: choose new-deal").outcome.kind == "new-deal"


def test_law_37_reading_a_card_exposed_before_the_last_packet_is_not_one_of_the_last_cards():
    p = plain().replay(deals("A", REGULAR[:7]) + ["A: expose", "A: give 3", "A: turn"])
    assert p.outcome.kind == "deal-stands" and last(p).irregularity == "claim of a new deal lost"


def test_law_38_the_adversaries_let_the_deal_go_on_with_their_cards_it_is_good():
    p = plain().replay(deals("A", REGULAR[:5]) + ["wrongpack"])
    r = last(p)
    assert r.chooser == 1 and r.laws == (38,)
    with pytest.raises(IllegalAction):
        p.act("AC: choose new-deal")  # the claim is the adversaries'
    q = p.replay(["BD: choose deal-stands"] + deals("A", REGULAR[5:]) + ["A: turn"])
    assert q.outcome.kind == "deal-stands" and 38 in q.outcome.laws


def test_law_39_the_dealer_exposes_the_next_card_of_the_stock_in_turning():
    p = plain("C").replay(deals("C") + ["C: turn"])
    q = p.act("C: expose " + str(p.stock[0]))
    assert q.outcome.kind == "new-deal" and q.outcome.dealer == C and q.outcome.laws == (39,)


def test_law_40_b_deals_in_as_turn_stopped_by_c_before_the_turn():
    p = plain().replay(deals("B", REGULAR[:6]) + ["C: question deal"])
    assert p.outcome.kind == "deal-stopped" and p.outcome.dealer == A


def test_law_40_reading_after_b_dealt_out_of_turn_and_it_stood_c_deals_next():
    p = plain().replay(deals("B") + ["B: turn"])
    assert p.outcome.kind == "deal-stands" and p.outcome.dealer == B
    assert p.successor().dealer == C  # A's turn is passed over (Law 28)


# ---------------------------------------------------------------- a misdeal (Laws 41-45)
def test_law_41_misdeal_in_cs_deal_d_deals():
    p = plain("C").replay(["C: give 2", "C: give 2", "C: give 2", "C: give 2", "C: give 2"])
    assert p.outcome.kind == "deal-lost" and p.outcome.dealer == D and 41 in p.outcome.laws


def test_law_42_three_cards_in_both_rounds_is_a_misdeal():
    p = plain().replay(["A: give 3"] * 5)
    assert p.outcome.kind == "deal-lost" and 42 in p.outcome.laws


def test_law_42_a_packet_to_the_wrong_player_is_a_misdeal():
    p = plain().replay(["A: give 2 C"])
    assert p.outcome.kind == "deal-lost" and 42 in p.outcome.laws


def test_law_43_an_adversary_touched_then_the_dealers_partner_the_misdeal_does_not_lose_the_deal():
    p = plain().replay(["A: give 2", "D: touch", "C: touch", "A: give 4"])
    assert p.outcome.kind == "new-deal" and p.outcome.dealer == A and 43 in p.outcome.laws


def test_law_44_the_adversaries_asserted_it_is_not_his_deal_and_failed_he_deals_again():
    p = plain().replay(["A: give 2", "D: question deal", "A: give 4"])
    r = last(p)
    assert 44 in r.laws and r.chooser == 0
    assert p.act("AC: choose deal-again").outcome.kind == "new-deal"


def test_law_45_d_takes_bs_deal_and_misdeals_c_deals():
    p = plain("B").replay(["D: give 2", "D: give 4"])
    assert p.outcome.kind == "deal-lost" and p.outcome.dealer == C and 45 in p.outcome.laws


# ---------------------------------------------------------------- new cards (Laws 72, 73)
def test_law_72_the_dealer_himself_may_call_for_fresh_cards_before_the_cut_paying_for_them():
    p = DealingProcedure.start("A", seed=2).replay(["C: shuffle", "A: newcards"])
    r = last(p)
    assert r.laws == (72,) and r.chooser == 0 and "A pays for them" in r.effects
    assert p.act("AC: choose pack-2").new_packs == 1


def test_law_73_one_side_alone_cannot_replace_the_card_but_may_call_for_new_cards():
    p = plain().act("B: marked 9S")
    one = p.act("AC: choose replace")
    assert one.awaiting == p.awaiting  # not replaced: the other side must agree
    with pytest.raises(IllegalAction) as e:
        one.act("AC: choose replace")
    assert e.value.laws == (73,)
    for q in (one.act("BD: choose new-cards"), p.act("BD: choose new-cards")):
        assert q.rulings[p.awaiting[0]].chosen == "new-cards" and 72 in last(q).laws
    both = one.act("BD: choose replace")
    assert both.awaiting == () and both.rulings[p.awaiting[0]].chosen == "replace"


@pytest.mark.parametrize(
    "call, field",
    [
        (lambda: DealingProcedure.start("A").replay(None), "events"),
        (lambda: DealingProcedure.start("A").replay("A: shuffle"), "events"),
        (lambda: DealingProcedure.start("A", order=5), "order"),
        (lambda: DealingProcedure.start("A").replay(["D: cut x"]), "cut"),
    ],
)
def test_bad_input_is_one_input_error_naming_the_field(call, field):
    from euchre_core import InputError

    with pytest.raises(InputError) as e:
        call()
    assert e.value.field == field


def test_replay_keeps_the_laws_of_a_refusal():
    with pytest.raises(IllegalAction) as e:
        DealingProcedure.start("A", seed=1).replay(["C: shuffle", "C: shuffle"])
    assert e.value.laws == (24,) and "event 2" in str(e.value)
