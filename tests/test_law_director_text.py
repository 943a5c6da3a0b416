"""Laws 46-105, second scenarios: each written from the law text (000, cross-checked with 003) on
a different deal and other seats than the ready scenarios (tests/test_law_director.py, Case I's
deal dealt by A). The expected ruling (laws cited, chooser, options, enforcement, score) was
written down from the text before the test was first run.

The deal: B deals, the ten of hearts is turned; C is the eldest hand, D the second hand, A the
third hand. A-C against B-D. Hearts trumps: A holds the right bower, C the left.
"""

from __future__ import annotations

import pytest

from euchre_core import Deal, IllegalAction, InputError
from euchre_core.kernel.cards import Card
from euchre_core.laws.director import Director
from euchre_core.laws.rulings import Irregularity as K

A, B, C, D = range(4)
AC, BD = 0, 1
HANDS = {
    "A": "JH AS KS 9D TC".split(),
    "B": "AH QC 9C KD TS".split(),
    "C": "JD KH QS AD 8C".split(),
    "D": "QH 9H AC KC 7S".split(),
}
START = ["C: order", "A: stay", "B: discard TS"]  # C orders up hearts; B takes the ten, discards the ten of spades
LONE = ["C: order alone", "A: stay", "B: discard TS"]  # C plays alone; A lays his cards face down
# A regular play of the hand after START: A-C take all five tricks, a march, two points.
PLAY = [
    "C: play AD",
    "D: play 7S",
    "A: play 9D",
    "B: play KD",
    "C: play KH",
    "D: play 9H",
    "A: play JH",
    "B: play TH",
    "A: play AS",
    "B: play 9C",
    "C: play QS",
    "D: play AC",
    "A: play KS",
    "B: play QC",
    "C: play 8C",
    "D: play KC",
    "A: play TC",
    "B: play AH",
    "C: play JD",
    "D: play QH",
]
# B revokes in the second trick: a heart (trump) is led and he plays the queen of clubs, holding two.
REVOKE = START + PLAY[:7] + ["B: play QC"]
AFTER_REVOKE = [
    "A: play AS",
    "B: play 9C",
    "C: play QS",
    "D: play AC",
    "A: play KS",
    "B: play TH",
    "C: play 8C",
    "D: play KC",
    "B: play AH",
    "C: play JD",
    "D: play QH",
    "A: play TC",
]  # A-C four tricks: one point


def table(events: list[str]) -> Director:
    return Director.start(Deal.start([HANDS[s] for s in "ABCD"], "TH", dealer=B)).replay(events)


def last(t: Director):
    return t.rulings[-1]


def card(code: str) -> Card:
    return Card.parse(code)


def test_regular_play_of_the_second_deal_is_a_march_for_a_c():
    t = table(START + PLAY)
    assert t.rulings == () and t.result()["points"] == {"AC": 2, "BD": 0}


# ---------------------------------------------------------------- 46-51: exposed cards, abandoned hands
def test_law_46_two_cards_played_at_once_the_second_is_exposed_and_callable():
    t = table(START + ["C: play AD 8C"])
    r = last(t)
    assert r.kind is K.TWO_CARDS_AT_ONCE and r.laws == (46,) and r.offender == C and r.chooser is None
    assert t.trick == ((C, card("AD")),) and t.exposed[C] == 1 << card("8C")
    t = t.act("B: callcard C 8C")
    assert t.requirements[-1].seat == C and t.requirements[-1].card == card("8C")


def test_law_46_card_dropped_face_up_during_the_play_is_exposed():
    t = table(START + ["C: play AD", "D: expose 7S"])
    assert last(t).laws == (46,) and t.exposed[D] == 1 << card("7S") and t.actor == D


def test_law_46_and_91_trump_card_lifted_from_the_pack_by_the_dealer():
    t = table(["B: expose TH"])
    r = last(t)
    assert r.laws == (46, 91) and r.offender == B
    t = t.replay(START)
    assert t.exposed[B] >> card("TH") & 1  # exposed once the dealer holds it


def test_law_46_48_95_hand_thrown_face_up_in_the_bidding_is_ruled_not_refused():
    t = table(["D: throw"])  # not his turn, not the dealer: still ruled
    r = last(t)
    assert r.kind is K.HAND_SHOWN_IN_BIDDING and r.laws == (46, 48, 95) and r.offender == D
    assert t.exposed[D] == t.hands[D]
    t = t.replay(["C: pass", "D: order alone"])  # Law 95: he cannot play alone
    assert last(t).laws == (95,) and t.deal.maker == D and t.deal.alone is None


def test_law_47_winning_card_then_another_before_the_partner_plays():
    t = table(START + ["C: play AD", "D: play 7S", "C: play QS"])  # the ace is highest; A has not played
    r = last(t)
    assert r.laws == (47,) and r.chooser == BD and r.target == A
    assert [o.id for o in r.options] == ["win", "win-next", "waive"]  # "the first or any other of those tricks"
    assert t.exposed[C] == 1 << card("QS")
    win = t.act("BD: choose win")
    assert win.requirements[-1].seat == A and win.requirements[-1].kind == "win"
    assert win.requirements[-1].trick == len(t.tricks)  # the trick in play


def test_law_47_the_partner_may_be_called_on_to_win_the_next_of_those_tricks():
    t = table(START + ["C: play AD", "D: play 7S", "C: play QS"])  # the queen of spades led on, before A played
    nxt = t.act("BD: choose win-next")
    req = nxt.requirements[-1]
    assert req.seat == A and req.kind == "win" and req.laws == (47,) and req.trick == len(t.tricks) + 1
    # the trick in play binds nobody: A plays what he likes to it, and the call waits for the next trick
    assert all(r.trick != len(t.tricks) for r in nxt.requirements if r.seat == A)


def test_law_47_does_not_apply_when_the_partner_led_the_trick():
    # A's partner C led the trick: A's second card is a card played out of turn (Law 46), not Law 47.
    t = table(START + ["C: play AD", "D: play 7S", "A: play 9D", "A: play TC"])
    r = last(t)
    assert r.kind is K.CARD_OUT_OF_TURN and r.laws == (46,) and r.offender == A and r.chooser is None
    assert t.exposed[A] == 1 << card("TC") and t.actor == B


def test_law_48_hand_thrown_face_up_in_the_play_each_card_callable():
    t = table(START + ["C: play AD", "D: throw"])
    r = last(t)
    assert r.laws == (48,) and r.offender == D and t.exposed[D] == t.hands[D] and not t.is_over
    t = t.act("A: callcard D QH")
    assert t.requirements[-1].card == card("QH")


def test_law_49_all_four_throw_down_the_hands_are_abandoned():
    t = table(START + PLAY[:4] + ["C: throw", "D: throw", "A: throw", "B: throw"])
    assert last(t).laws == (49,) and t.is_over


def test_law_50_adversary_fails_to_play_to_a_trick_of_a_lone_hand_five_points():
    t = table(LONE + ["C: play KH", "D: play 9H", "quit"])  # B never played to the trick
    r = last(t)
    assert r.kind is K.ABANDONED_AGAINST_LONE and r.laws == (50,) and r.offender == B
    assert t.is_over and t.result()["points"] == {"AC": 5, "BD": 0}


def test_law_50_adversary_lays_his_hand_face_up_against_a_lone_hand():
    t = table(LONE + ["C: play KH", "D: throw"])
    assert last(t).laws == (50,) and t.result()["points"] == {"AC": 5, "BD": 0}


def test_law_51_detached_card_named_rightly_and_wrongly_one_call_suit_vocabulary():
    t = table(START + ["A: name D KC"])
    assert last(t).laws == (51,) and t.exposed[D] == 1 << card("KC")
    t = table(START + ["B: name A QD"])  # A does not hold it
    r = last(t)
    assert (
        r.laws == (51,) and r.offender == B and r.chooser == AC and [o.id for o in r.options] == ["call-suit", "waive"]
    )
    t = t.act("AC: choose call-suit S")
    req = t.requirements[-1]
    assert req.seat == B and req.kind == "lead-suit" and req.or_partner and req.suit == int(card("AS").suit)


# ---------------------------------------------------------------- 52-57: leads out of turn and calls
def test_law_52_lead_out_of_turn_by_the_dealer_call_a_suit():
    t = table(START + ["B: play AH"])  # C's lead
    r = last(t)
    assert (
        r.laws == (52, 53)
        and r.chooser == AC
        and r.proper == C
        and [o.id for o in r.options] == ["call-card", "call-suit", "waive"]
    )
    t = t.act("AC: choose call-suit C")
    assert t.trick == () and t.actor == C and t.hands[B] >> card("AH") & 1 and not t.exposed[B]
    assert t.requirements[-1].seat == B and t.requirements[-1].or_partner


def test_law_53_false_lead_followed_by_the_other_three_stands():
    t = table(START + ["B: play KD", "C: play AD", "D: play 7S", "A: play 9D"])
    assert t.rulings[0].chosen == "stands" and t.tricks[0].leader == B and t.tricks[0].winner == C


def test_law_54_highest_or_lowest_called_and_disobeyed_is_a_revoke_penalty():
    # Law 83 gives the call; B-D's partner D called attention before B played.
    t = table(
        START + ["C: play 8C", "D: play KC", "D: attention", "AC: choose lowest", "A: play TC", "B: play QC"]
    )  # his lowest club is the nine
    r = last(t)
    assert r.laws == (54,) and r.offender == B and t.revokes[-1].kind == "call" and t.revokes[-1].established


def test_law_55_called_card_is_not_played_when_it_would_be_a_revoke():
    t = table(START + ["D: expose 7S", "A: callcard D 7S", "C: play 8C", "D: play KC"])
    assert not t.revokes and t.requirements and t.requirements[0].card == card("7S")
    assert all(r.kind is not K.CALLED_CARD_NOT_PLAYED for r in t.rulings)


def test_law_56_called_card_not_played_when_it_could_be_the_call_is_repeated_no_revoke():
    t = table(START + ["D: expose 7S", "A: callcard D 7S", "C: play AD", "D: play AC"])  # no diamond: 7S lawful
    r = last(t)
    assert r.kind is K.CALLED_CARD_NOT_PLAYED and r.laws == (56,) and not t.revokes
    assert t.requirements and t.requirements[0].card == card("7S")


def test_law_57_called_suit_not_held_the_penalty_is_paid():
    hands = {"A": ["AS", "KS"], "B": ["9D", "TD"], "C": ["QS", "JS"], "D": ["7D", "8D"]}
    t = Director.start(Deal.position([hands[s] for s in "ABCD"], "H", maker=B, dealer=B, leader=C))
    t = t.replay(["A: play AS", "BD: choose call-suit C"])  # A led out of turn; clubs called from A or C
    t = t.act("C: play QS")  # C has no club: the penalty is paid
    assert last(t).laws == (57,) and not t.revokes and not t.requirements


# ---------------------------------------------------------------- 58-60: cards played in error
def test_law_58_third_hand_before_the_second_then_the_fourth_before_his_partner():
    t = table(START + ["C: play AD", "A: play 9D"])  # A, third hand, before D
    assert last(t).laws == (58,) and last(t).offender == A
    t = t.replay(["B: play KD", "D: play 7S"])  # B, fourth, before his partner: no penalty
    assert [r.laws for r in t.rulings] == [(58,)] and t.tricks[0].winner == C


def test_law_59_fourth_hand_before_his_partner_partner_called_on_to_lose():
    t = table(START + ["C: play AD", "B: play KD"])  # B plays before D, A has not played
    r = last(t)
    assert (
        r.laws == (59,) and r.chooser == AC and r.target == D and [o.id for o in r.options] == ["win", "lose", "waive"]
    )
    t = t.replay(["AC: choose lose", "D: play 9H"])  # a trump wins the trick: he could have lost it
    assert last(t).laws == (54,) and last(t).reading is not None  # win/lose read under Law 54


def test_law_60_card_omitted_adversaries_claim_a_new_deal():
    t = table(START + ["C: play AD", "D: play 7S", "A: play 9D", "quit"])  # B omitted to play
    assert t.imperfect == (0, B)
    t = t.act("C: play KH").act("D: play 9H").act("A: play JH").act("B: play TH")
    r = next(r for r in t.rulings if r.kind is K.CARD_OMITTED)
    assert r.laws == (60,) and r.chooser == AC and r.offender == B
    assert t.act("AC: choose new-deal").result()["new_deal"]


# ---------------------------------------------------------------- 62-71: the revoke
def test_law_62_and_64_revoke_established_when_the_trick_is_quitted():
    t = table(REVOKE)
    r = last(t)
    assert r.kind is K.REVOKE and r.offender == B and not t.revokes[0].established
    assert t.act("quit").revokes[0].established


def test_law_64_revoke_established_when_his_partner_leads_out_of_turn_to_the_next_trick():
    t = table(REVOKE + ["D: play AC"])  # A won the trick and should lead
    assert t.revokes[0].established and last(t).laws == (52, 53)


def test_law_65_question_keeps_the_window_open_after_an_adversary_led_and_the_revoke_is_corrected():
    t = table(REVOKE + ["D: ask", "A: play AS"])  # A, an adversary, leads to the next trick
    assert not t.revokes[0].established
    t = t.act("B: correct TH")  # he takes back the club, plays a trump
    assert t.revokes[0].corrected and not t.revokes[0].established
    assert t.exposed[B] == 1 << card("QC")  # Law 69: the club is exposed
    assert t.tricks[-1].winner == A and len(t.tricks) == 2
    # A still wins the trick corrected: his lead to the next trick stands, and B plays to it (laws 65, 69)
    assert t.trick == ((A, card("AS")),) and t.actor == B


def test_law_65_question_answered_in_the_negative_closes_the_window():
    t = table(REVOKE + ["D: ask", "B: answer no"])
    r = last(t)
    assert r.kind is K.QUESTION_ANSWERED and r.laws == (64, 65)
    t = t.act("A: play AS")  # the trick is quitted: established
    assert t.revokes[0].established
    with pytest.raises(IllegalAction):
        t.act("B: correct TH")


def test_law_65_question_answered_yes_then_corrected():
    t = table(REVOKE + ["D: ask", "B: answer yes"])
    assert last(t).laws == (65, 69)
    t = t.act("B: correct TH")
    assert t.revokes[0].corrected


def test_law_65_answer_without_a_question_is_refused_and_bad_answer_is_input_error():
    t = table(REVOKE)
    with pytest.raises(IllegalAction):
        t.act("B: answer no")
    with pytest.raises(InputError):
        t.act("D: ask").act("B: answer maybe")


def test_law_63_66_and_4_revoke_claimed_at_the_end_three_points_first():
    t = table(REVOKE + AFTER_REVOKE + ["AC: claim revoke"])
    assert last(t).laws == (63, 66) and last(t).chooser is None
    res = t.result()
    assert res["entries"][0]["what"] == "revoke" and res["entries"][0]["laws"][0] == 4
    assert res["points"] == {"AC": 4, "BD": 0}  # three for the revoke and one for the hand


def test_law_67_accused_side_mixes_the_cards_the_revoke_is_established_and_scored():
    t = table(REVOKE + ["D: ask", "A: play AS", "AC: claim revoke"])  # the question kept it open: none yet
    assert last(t).laws == (65, 66) and "asked in time" in last(t).text
    t = t.act("BD: mix")
    assert last(t).kind is K.CARDS_MIXED and t.revokes[0].established and t.is_over
    assert t.result()["points"] == {"AC": 3, "BD": 0}


def test_law_68_no_revoke_claim_after_the_cut():
    t = table(REVOKE + AFTER_REVOKE + ["cut"])
    with pytest.raises(IllegalAction) as e:
        t.act("AC: claim revoke")
    assert 68 in e.value.laws


def test_law_69_revoke_corrected_in_time_the_card_is_callable():
    t = table(REVOKE + ["B: correct TH"])
    assert last(t).laws == (65, 69) and t.exposed[B] == 1 << card("QC") and not t.revokes[0].established
    t = t.act("C: callcard B QC")
    assert t.requirements[-1].seat == B


def test_law_70_revoking_side_requires_the_hand_played_out():
    t = table(REVOKE + ["quit", "AC: claim revoke"])  # established (quitted), claimed before the end
    r = last(t)
    assert r.laws == (63, 66, 70) and r.chooser == BD and [o.id for o in r.options] == ["play-out", "stop"]
    with pytest.raises(IllegalAction):
        t.act("A: play AS")  # play waits for their election
    t = t.act("BD: choose play-out").replay(AFTER_REVOKE)
    assert t.result()["points"] == {"AC": 4, "BD": 0}


def test_law_70_revoking_side_lets_the_hand_stop_only_the_penalty_five_against_a_lone_hand():
    # C alone; D revokes: a club led, he plays a trump holding two clubs.
    t = table(LONE + ["C: play 8C", "D: play 9H", "B: play 9C", "quit", "BD: claim revoke"])
    assert last(t).laws == (66,)  # the revoke is D's: B-D find none of A-C's
    t = t.act("AC: claim revoke")
    assert last(t).chooser == BD
    t = t.act("BD: choose stop")
    assert t.is_over and t.result()["points"] == {"AC": 5, "BD": 0}  # Law 63: five against a lone hand


def test_law_71_a_revoke_on_each_side_cancel():
    t = table(
        REVOKE
        + [
            "A: play AS",
            "B: play 9C",
            "C: play 8C",
            "D: play AC",  # C revokes: holds the queen
            "A: play KS",
            "B: play TH",
            "C: play QS",
            "D: play KC",
            "B: play AH",
            "C: play JD",
            "D: play QH",
            "A: play TC",
            "AC: claim revoke",
            "BD: claim revoke",
        ]
    )
    assert len([r for r in t.revokes if r.established]) == 2
    res = t.result()
    assert res["entries"][0]["laws"] == [71] and res["points"] == {"AC": 1, "BD": 0}


# ---------------------------------------------------------------- 79-85: making the trump
def test_law_79_mention_after_passing_binds_the_partner_even_out_of_turn():
    t = table(["C: pass", "D: pass", "A: pass", "B: pass", "C: pass", "C: mention S"])
    assert last(t).laws == (79,) and t.must_pass[A] == 79
    t = t.act("A: call S")  # out of turn (D's turn) and bound: Law 79 first
    assert last(t).kind is K.BOUND_TO_PASS and last(t).laws == (79,) and t.deal.actor == D
    t = t.replay(["D: pass", "A: call S"])  # in turn: void, his pass
    assert last(t).laws == (79,) and t.deal.trump is None and t.deal.actor == B


def test_law_80_late_order_played_partner_still_must_pass_no_lone_hand():
    t = table(["C: pass", "C: order"])  # D's turn
    r = last(t)
    assert r.laws == (80,) and r.chooser == BD and r.offender == C
    t = t.act("BD: choose played")
    assert t.deal.maker == C and t.deal.phase == "take" and t.deal.actor == A
    t = t.act("A: take alone")  # his partner must pass: no lone hand for him
    assert last(t).laws == (80,) and t.deal.alone is None and t.deal.phase == "discard"


def test_law_82_dealer_throws_his_cards_in_the_second_round_out_of_turn_binds_his_partner():
    t = table(["C: pass", "D: pass", "A: pass", "B: pass", "B: throw"])  # C is to speak
    r = last(t)
    assert r.kind is K.DEALER_THREW_CARDS and r.laws == (82,) and t.must_pass[D] == 82
    t = t.replay(["C: pass", "D: call S"])
    assert last(t).kind is K.BOUND_TO_PASS and t.deal.trump is None
    t = t.replay(["A: pass", "B: call C"])  # the dealer himself: his throw was his pass
    assert t.is_over and t.deal.trump is None


def test_law_82_dealer_turns_down_the_trump_card_out_of_turn_binds_his_partner_in_that_round():
    t = table(["B: pass"])  # C is to speak
    assert last(t).laws == (82,) and t.must_pass[D] == 82
    t = t.replay(["C: pass", "D: order"])
    assert last(t).kind is K.BOUND_TO_PASS and t.deal.maker is None
    t = t.replay(["A: pass", "B: pass", "C: pass", "D: call S"])  # the second round: free again
    assert t.deal.maker == D and t.deal.trump is not None


def test_law_82_other_declaration_out_of_turn_is_void():
    t = table(["A: order"])
    assert last(t).laws == (82,) and t.deal.maker is None and t.deal.actor == C


def test_law_83_attention_called_partner_required_to_play_lowest():
    t = table(START + ["C: play 8C", "D: play KC", "D: attention"])
    r = last(t)
    assert r.laws == (83,) and r.chooser == AC and r.target == B
    assert [o.id for o in r.options] == ["highest", "lowest", "win", "lose", "waive"]
    t = t.replay(["AC: choose lowest", "A: play TC", "B: play 9C"])
    assert not t.revokes and len(t.tricks) == 1


def test_law_85_partners_consult_they_lose_the_right_to_the_penalty():
    t = table(START + ["B: play AH"])  # B leads out of turn
    with pytest.raises(IllegalAction):
        t.act("BD: consult")  # the election is not theirs
    t = t.act("AC: consult")
    assert last(t).kind is K.CONSULTED and last(t).laws == (85,)
    assert t.rulings[-2].chosen == "waive" and t.pending is None and t.trick == ((B, card("AH")),)
    with pytest.raises(IllegalAction):
        t.act("AC: choose call-card")  # no second election


def test_law_85_the_election_once_made_is_final():
    t = table(START + ["B: play AH", "AC: choose waive"])
    with pytest.raises(IllegalAction):
        t.act("AC: choose call-card")


# ---------------------------------------------------------------- 87-91: the discard
def test_law_87_lead_before_the_discard_stands_the_play_goes_on():
    t = table(["C: order", "A: stay", "C: play AD"])
    assert last(t).laws == (87,)
    t = t.replay(["D: play 7S", "A: play 9D", "B: discard TS"])
    assert t.phase == "play" and len(t.trick) == 3 and t.actor == B


def test_law_88_the_trump_card_cannot_be_discarded():
    t = table(["C: order", "A: stay"])
    with pytest.raises(IllegalAction) as e:
        t.act("B: discard TH")
    assert 88 in e.value.laws


def test_law_89_third_hand_alone_second_player_leads_before_the_discard():
    t = table(["C: pass", "D: pass", "A: order alone", "D: play AC"])  # C is out; D leads
    r = last(t)
    assert r.laws == (89,) and r.chooser == AC and r.target == B
    t = t.replay(["AC: choose lowest", "B: discard TS", "A: play TC"])
    t = t.act("B: play QC")  # his lowest club is the nine
    assert last(t).laws == (54,)


def test_law_90_holds_n_five_is_no_offence_four_forfeits_once():
    t = table(START + ["D: holds 5"])
    assert last(t).kind is K.CARDS_COUNTED and not t.forfeit
    t = t.act("D: holds 4").act("B: holds 6")
    assert t.forfeit == (BD,) and [r.kind for r in t.rulings[-2:]] == [K.WRONG_NUMBER_OF_CARDS] * 2
    t = t.replay(PLAY)
    assert t.result()["points"] == {"AC": 4, "BD": 0}  # the march, and the forfeit of two once


def test_law_90_dealer_neglects_to_discard_before_playing():
    t = table(["C: order", "A: stay", "C: play AD", "D: play 7S", "A: play 9D", "B: play KD"])
    r = next(r for r in t.rulings if r.kind is K.NO_DISCARD)
    assert r.laws == (90,) and r.offender == B and t.forfeit == (BD,) and len(t.tricks) == 1
    t = t.replay(
        [
            "C: play KH",
            "D: play 9H",
            "A: play JH",
            "B: play TH",
            "A: play AS",
            "B: play TS",
            "C: play QS",
            "D: play AC",
            "A: play KS",
            "B: play QC",
            "C: play 8C",
            "D: play KC",
            "A: play TC",
            "B: play 9C",
            "C: play JD",
            "D: play QH",
        ]
    )
    assert t.is_over and t.result()["points"] == {"AC": 4, "BD": 0}


def test_law_90_holds_needs_a_number():
    with pytest.raises(InputError) as e:
        table(START + ["D: holds many"])
    assert e.value.field == "holds"


# ---------------------------------------------------------------- 95-105: playing alone
def test_law_95_card_exposed_before_declaring_no_lone_hand():
    t = table(["C: pass", "D: expose QH", "D: order alone"])
    assert [r.laws for r in t.rulings] == [(46, 95), (95,)] and t.deal.maker == D and t.deal.alone is None


def test_law_97_lone_hand_announced_after_making_required_with_partner():
    t = table(["C: order", "A: stay", "C: alone"])
    r = last(t)
    assert r.laws == (97,) and r.chooser == BD
    assert t.act("BD: choose with-partner").deal.alone is None
    assert t.act("BD: choose let-alone").deal.alone == C


def test_law_98_any_other_declaration_precludes_a_lone_hand():
    t = table(["C: pass", "D: declare order alone"])
    assert t.rulings[0].laws == (98,) and t.deal.maker == D and t.deal.alone is None
    assert t.no_alone[D] == 98


def test_law_99_take_after_a_lead_neither_plays_alone_whatever_the_verb():
    t = table(LONE + ["C: play KH", "A: take"])
    r = last(t)
    assert r.kind is K.LATE_TAKE and r.laws == (99,) and t.deal.alone is None and t.deal.out == 0
    assert t.no_alone[A] == t.no_alone[C] == 99 and t.actor == D


def test_law_99_take_by_a_partner_who_passed():
    t = table(["C: pass", "D: pass", "A: order alone", "C: take alone"])
    assert last(t).laws == (99,) and t.deal.alone is None and t.deal.maker == A


def test_law_100_lone_partner_plays_upon_the_first_lead():
    t = table(LONE + ["C: play KH", "D: play 9H", "A: play JH"])
    r = last(t)
    assert r.laws == (100,) and r.chooser == BD and [o.id for o in r.options] == ["with-partner", "alone"]
    t1 = t.act("BD: choose with-partner")
    assert t1.deal.alone is None and (A, card("JH")) in t1.trick
    t2 = t.act("BD: choose alone")
    assert t2.deal.alone == C and t2.hands[A] >> card("JH") & 1


def test_law_101_and_102_lone_partner_leads_is_not_a_lead_out_of_turn():
    t = table(LONE + ["A: play AS"])
    r = last(t)
    assert r.kind is K.LONE_PARTNER_SHOWED and r.laws == (101, 102) and 52 not in r.laws
    assert t.capped and t.trick == () and t.actor == C


def test_law_103_the_lone_partners_hand_counted_four_cards_forfeits_four():
    t = table(LONE + ["B: holds 5", "A: holds 4"])
    assert t.rulings[0].kind is K.CARDS_COUNTED and last(t).laws == (90, 103) and t.forfeit == (AC,)
    assert t.result()["entries"][-1]["points"] == 4


def test_law_104_lone_player_exposes_without_penalty_leads_out_of_turn_exposed():
    t = table(LONE + ["C: expose QS"])
    assert last(t).laws == (104,) and not t.exposed[C]
    t = table(LONE + ["C: play 8C", "D: play KC", "B: play 9C", "C: play KH"])  # D won: D leads
    assert last(t).laws == (104,) and t.exposed[C] == 1 << card("KH")


def test_law_105_adversary_out_of_turn_to_the_lone_lead_the_card_is_callable_too():
    t = table(LONE + ["C: play KH", "B: play AH"])  # D's turn
    r = last(t)
    assert r.laws == (105,) and r.offender == B
    assert t.exposed[B] == t.hands[B] and t.exposed[D] == t.hands[D] and t.exposed[B] >> card("AH") & 1
    t = t.act("C: callcard B AH")
    assert t.requirements[-1].card == card("AH")


# ---------------------------------------------------------------- the director as a value
def test_director_compares_by_value_and_is_immutable():
    one, two = table(REVOKE + ["D: ask"]), table(START).replay(PLAY[:7] + ["B: play QC", "D: ask"])
    assert one == two and hash(one) == hash(two) and one is not two
    assert one != one.act("quit")  # a new state; the old one is unchanged
    with pytest.raises(AttributeError):
        one.phase = "done"  # type: ignore[misc]


def test_rulings_carry_a_typed_kind_and_the_json_keeps_its_keys():
    t = table(START + ["B: play AH"])
    js = last(t).to_json()
    assert last(t).kind is K.LEAD_OUT_OF_TURN and js["kind"] == "lead-out-of-turn"
    assert {"kind", "laws", "offender", "chooser", "options"} <= set(js)
    assert (
        js["offender"] == "B"
        and js["chooser"] == "AC"
        and [o["id"] for o in js["options"]] == ["call-card", "call-suit", "waive"]
    )


def test_ambiguous_laws_carry_their_reading_in_the_lawbook():
    from euchre_core.laws.lawbook import LAWBOOK

    for n in (47, 50, 52, 54, 56, 60, 61, 64, 65, 67, 69, 70, 80, 81, 82, 85, 90, 99, 102, 104, 105):
        assert LAWBOOK[n].reading, n


def test_every_director_verb_and_option_is_documented_with_an_example():
    import re
    from pathlib import Path

    from euchre_core.laws.events import VERBS

    doc = (Path(__file__).resolve().parents[1] / "docs" / "engine.md").read_text(encoding="utf-8")
    rows = [line for line in doc.splitlines() if line.startswith("| `")]
    for verb in VERBS:
        assert any(re.match(rf"\| `((SEAT|SIDE): )?{verb}\b", row) for row in rows), verb
    for form in ("SEAT: answer yes", "SEAT: answer no", "SIDE: consult", "SIDE: choose play-out", "SIDE: mix"):
        assert f"`{form}`" in doc, form
    package = Path(__file__).resolve().parents[1] / "euchre_core" / "laws" / "director"
    src = "\n".join(p.read_text(encoding="utf-8") for p in sorted(package.glob("*.py")))
    offered = set(re.findall(r'Option\(\s*(?:f?)"([a-z-]+)"', src)) | {"highest", "lowest", "win", "lose", "waive"}
    for opt in offered:
        assert any(f"`{opt}" in row.split("|")[1] or f"`{opt}`" in row.split("|")[1] for row in rows), opt


def test_law_79_a_suit_named_after_passing_in_the_second_round_binds_the_partner():
    t = table(["C: pass", "D: pass", "A: pass", "B: pass", "C: pass", "D: pass", "C: call S"])  # A to speak
    r = last(t)
    assert r.laws == (79,) and r.offender == C and t.must_pass[A] == 79 and t.deal.trump is None
    t = table(["C: pass", "D: pass", "A: pass", "B: pass", "D: call S"])  # C to speak; D has not passed
    assert last(t).laws == (82,) and t.must_pass == (0, 0, 0, 0)


def test_law_96_and_97_dealer_announces_alone_after_quitting_his_discard():
    t = table(["C: pass", "D: pass", "A: pass", "B: order", "B: discard TS", "B: alone"])
    r = last(t)
    assert r.laws == (96, 97) and r.chooser == AC and [o.id for o in r.options] == ["with-partner", "let-alone"]
    assert t.act("AC: choose with-partner").deal.alone is None


def test_law_50_ruling_says_which_reading_of_the_text_it_applies():
    t = table(LONE + ["C: play KH", "D: throw"])
    assert last(t).reading is not None and last(t).reading.startswith("Law 50:") and last(t).to_json()["reading"]


def test_law_64_and_65_question_asked_then_his_partner_leads_out_of_turn_the_revoke_is_established():
    t = table(REVOKE + ["D: ask", "quit"])
    assert not t.revokes[0].established  # the question kept it open (65)
    t = t.act("D: play AC")  # his partner leads to the next trick, out of turn
    assert t.revokes[0].established and last(t).laws == (52, 53)
    with pytest.raises(IllegalAction):
        t.act("B: correct TH")


@pytest.mark.parametrize("offer", ["A: take", "A: take alone", "A: alone", "A: order alone"])
def test_law_99_any_verb_of_the_offer_after_a_lead(offer):
    t = table(LONE + ["C: play KH", offer])
    assert last(t).kind is K.LATE_TAKE and last(t).laws == (99,) and t.deal.alone is None


def test_a_long_log_folds_copies_and_pickles():
    import copy
    import pickle

    t = table(START).replay(["A: ask"] * 3000)
    assert len(t.log) == 3003 and len(t.rulings) == 3000
    assert pickle.loads(pickle.dumps(t.rulings)) == t.rulings and copy.deepcopy(t.log) == t.log


def test_law_67_the_claimants_mixing_the_cards_is_not_the_accused_sides_act():
    t = table(REVOKE + ["D: ask", "A: play AS", "AC: claim revoke", "AC: mix"])
    assert last(t).laws == (67,) and not t.revokes[0].established and not t.mixed
