"""Scenario tests of the director: one or more per enforced law of the bidding, the discard and
the play (Laws 4, 46-71, 79-90, 95-105). Each asserts the ruling (laws, options), the
enforcement of the option chosen, and the score."""

from __future__ import annotations

import random

import pytest

from euchre_core import Deal, IllegalAction, InputError
from euchre_core.formats.scenario import rule_scenario
from euchre_core.kernel.cards import Card
from euchre_core.laws.director import Director
from euchre_core.laws.rulings import Irregularity

# Case I's hands; A deals, the 9 of clubs is turned.
HANDS = {
    "A": "JC AH KH 8S QD".split(),
    "B": "AC QH 8H JD TS".split(),
    "C": "7D 8D TD QS TH".split(),
    "D": "KC TC AS 9S 9H".split(),
}
START = ["B: pass", "C: pass", "D: pass", "A: order", "A: discard 8S"]  # clubs; A holds JC AH KH QD 9C
# The regular play of the hand (Case I's line): A-C take four tricks, one point.
REST = [
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


def table(events: list[str], hands: dict | None = None, turn_up: str = "9C") -> Director:
    h = hands or HANDS
    return Director.start(Deal.start([h[s] for s in "ABCD"], turn_up)).replay(events)


def position(hands: dict, trump: str = "C", maker: int = 0, leader: int = 1, alone: int | None = None) -> Director:
    return Director.start(
        Deal.position([hands.get(s, []) for s in "ABCD"], trump, maker=maker, leader=leader, alone=alone)
    )


def last(t: Director):
    return t.rulings[-1]


def test_regular_hand_has_no_ruling_and_scores_one():
    t = table(START + REST)
    assert t.rulings == () and t.result()["points"] == {"AC": 1, "BD": 0}


# ---------------------------------------------------------------- leads out of turn (52, 53)
def test_law_52_lead_out_of_turn_call_the_card():
    t = table(START + ["C: play 7D"])
    r = last(t)
    assert r.laws == (52, 53) and r.chooser == 1 and [o.id for o in r.options] == ["call-card", "call-suit", "waive"]
    t = t.act("BD: choose call-card")
    assert t.trick == () and t.actor_name == "B" and t.requirements[0].kind == "play-card"
    t = t.replay(REST)  # C plays the 7D to the first diamond lead
    assert not [x for x in t.revokes] and t.result()["points"] == {"AC": 1, "BD": 0}


def test_law_56_card_led_out_of_turn_called_and_not_played_the_call_stands_no_revoke():
    # Law 54's revoke penalty is for highest/lowest and suit calls; the called card is Law 56's.
    t = table(START + ["C: play 7D", "BD: choose call-card", "B: play JD", "C: play 8D"])
    assert last(t).laws == (56,) and not t.revokes and t.requirements[0].card == Card.parse("7D")
    rest = ["D: play TC", "A: play QD"] + REST[4:]
    rest = [e.replace("C: play 8D", "C: play 7D") for e in rest]
    t = t.replay(rest)
    assert not t.requirements  # played at last: the call is spent
    t = t.act("BD: claim revoke")
    assert last(t).laws == (66,) and t.result()["points"] == {"AC": 1, "BD": 0}


def test_law_52_lead_out_of_turn_call_a_suit_and_law_54():
    t = table(START + ["C: play 7D", "BD: choose call-suit H"] + REST[:8])
    assert t.actor_name == "A" and t.requirements and t.requirements[0].kind == "lead-suit"
    t2 = t.act("A: play JC")  # A, C's partner, must lead a heart
    assert last(t2).laws == (54,)
    t3 = t.act("A: play KH")
    assert not t3.revokes and not t3.requirements


def test_law_53_false_lead_followed_by_all_three_stands():
    t = table(START + ["C: play 7D", "D: play 9S", "A: play QD", "B: play JD"])
    assert t.rulings[0].chosen == "stands" and len(t.tricks) == 1 and t.tricks[0].winner == 0  # A's queen
    assert t.pending is None


def test_law_53_cards_played_to_the_false_lead_are_taken_back():
    t = table(START + ["C: play 7D", "D: play 9S", "BD: choose waive"])
    assert t.trick[1:] == ((3, t.trick[1][1]),)  # waived: the lead stands
    t = table(START + ["C: play 7D", "D: play 9S", "BD: choose call-card"])
    assert t.trick == () and "9S" in [str(c) for c in t.hand(3)]


# ---------------------------------------------------------------- calls (46, 55, 56, 57)
def test_law_46_exposed_card_called_must_be_played():
    t = table(START + ["C: expose TH"])
    assert last(t).laws == (46,) and t.exposed[2]
    t = t.act("B: callcard C TH").act("B: play QH")
    t2 = t.act("C: play TH")
    assert not t2.requirements and not t2.revokes


def test_law_55_no_call_forces_a_revoke_and_law_56_the_call_is_repeated():
    t = table(START + ["C: expose TH", "D: callcard C TH", "B: play JD"])
    t = t.act("C: play 7D")  # must follow diamonds: no penalty
    assert not t.revokes and t.requirements and t.requirements[0].card is not None  # the call stands


def test_law_57_called_suit_not_held_the_penalty_is_paid():
    hands = {"A": ["7C", "8C"], "B": ["9H", "TH"], "C": ["AS", "KS"], "D": ["7H", "8H"]}
    t = position(hands, leader=1).act("C: play AS")  # C leads out of turn
    t = t.act("BD: choose call-suit D")  # neither C nor A holds a diamond
    t = t.replay(["B: play 9H", "C: play AS", "D: play 7H", "A: play 7C"])
    t = t.act("A: play 8C")
    assert not t.revokes


# ---------------------------------------------------------------- cards played in error (47, 58, 59, 60)
def test_law_47_winning_cards_played_in_succession():
    t = table(START + ["B: play AC", "B: play QH"])
    r = last(t)
    assert r.laws == (47,) and [o.id for o in r.options] == ["win", "win-next", "waive"] and t.exposed[1]
    t = t.act("AC: choose win")
    assert t.requirements[-1].kind == "win" and t.requirements[-1].seat == 3


def test_law_58_third_hand_before_second_then_fourth_may_play():
    t = table(START + ["B: play JD", "D: play TC"])
    assert last(t).laws == (58,)
    t = t.act("A: play QD")  # the fourth plays before his partner: no penalty
    assert last(t).laws == (58,)
    t = t.act("C: play 7D")
    assert len(t.tricks) == 1 and t.tricks[0].winner == 3


def test_law_59_election_belongs_to_the_adversaries_law_85():
    hands = {"A": ["KH", "7C"], "B": ["9H", "8C"], "C": ["AH", "TH"], "D": ["QH", "9C"]}
    t = position(hands, leader=1).act("B: play 9H")
    t = t.act("A: play KH")  # A (fourth) plays before his partner C
    r = last(t)
    assert r.laws == (59,) and r.chooser == 1
    with pytest.raises(IllegalAction) as e:
        t.act("AC: choose win")
    assert 85 in e.value.laws
    with pytest.raises(IllegalAction) as e:
        t.act("C: play AH")  # nothing happens until the election
    assert 85 in e.value.laws
    t = t.act("BD: choose lose")
    t2 = t.act("C: play AH")  # would win: he must lose with the ten
    assert last(t2).laws == (54,)
    t3 = t.act("C: play TH")
    assert not t3.revokes


def test_law_60_omitted_card_new_deal_or_deal_stands():
    t = table(START + ["B: play JD", "C: play 7D", "D: play TC", "quit"])  # A omitted to play
    assert len(t.tricks) == 1 and t.imperfect == (0, 0)
    t = t.act("D: play AS").act("A: play 9C")
    r = last(t)
    assert r.laws == (60,) and [o.id for o in r.options] == ["new-deal", "deal-stands"]
    assert t.act("BD: choose new-deal").result()["new_deal"]
    t = t.act("BD: choose deal-stands").replay(
        [
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
    )
    assert t.is_over and t.hands[0] == 0  # the surplus card went to the imperfect trick


# ---------------------------------------------------------------- the revoke (62-71, 4)
REVOKE = START + ["B: play QH", "C: play 7D"]  # C holds the 10 of hearts
REVOKE_QUITTED = REVOKE + ["D: play 9H", "A: play AH", "quit"]  # the revoke established (law 64)
# the rest of the hand after it
AFTER_REVOKE = [
    "A: play JC",
    "B: play AC",
    "C: play 8D",
    "D: play KC",
    "A: play KH",
    "B: play 8H",
    "C: play TH",
    "D: play TC",
    "A: play QD",
    "B: play JD",
    "C: play TD",
    "D: play AS",
    "A: play 9C",
    "B: play TS",
    "C: play QS",
    "D: play 9S",
]


def test_law_62_revoke_recognised():
    t = table(REVOKE)
    assert last(t).irregularity == "revoke" and 62 in last(t).laws and not t.revokes[0].established


def test_law_64_established_when_the_trick_is_quitted_and_law_63_three_points():
    t = table(REVOKE_QUITTED)
    assert t.revokes[0].established
    t = t.replay(AFTER_REVOKE).act("BD: claim revoke")
    res = t.result()
    assert res["points"]["BD"] == 3 and res["entries"][0]["laws"] == [4, 63, 71]


def test_law_64_established_when_the_partner_plays_to_the_next_trick():
    t = table(REVOKE + ["D: play 9H", "A: play AH", "A: play JC"])
    assert t.revokes[0].established


def test_law_65_and_law_69_question_and_correction():
    t = table(REVOKE + ["D: play 9H", "A: ask"])
    assert t.revokes[0].asked
    t = t.act("C: correct TH")
    assert t.revokes[0].corrected and last(t).laws == (65, 69)
    assert "7D" in [str(c) for c in t.hand(2)] and t.exposed[2]  # the 7D is liable to be called (69)
    # Law 69: D, who played after him, "may withdraw" his card: nothing is taken back for him; A plays on
    assert t.actor_name == "A" and t.trick[-1] == (3, Card.parse("9H")) and t.withdraw == (0, frozenset({3}))
    with pytest.raises(IllegalAction):
        t.act("D: correct AS")  # holding the nine of hearts, D must follow suit


def test_law_65_question_keeps_the_window_open_after_quitting():
    t = table(REVOKE + ["D: play 9H", "A: play AH"])
    t = t.act("A: ask").act("quit")
    assert not t.revokes[0].established
    t = t.act("C: correct TH")
    # the trick stays won (by A's ace of trumps); nothing else moves (laws 65, 69)
    assert t.revokes[0].corrected and len(t.tricks) == 1 and t.tricks[0].winner == 0 and t.actor_name == "A"


def test_law_70_the_hand_is_played_out_after_a_revoke():
    t = table(REVOKE_QUITTED)
    assert t.phase == "play" and t.revokes[0].established  # the play goes on to the end
    t = t.replay(AFTER_REVOKE)
    assert t.is_over and t.result()["tricks_won"] == {"AC": 4, "BD": 1}


def test_law_4_revoke_penalty_is_scored_before_the_hand():
    t = table(REVOKE_QUITTED + AFTER_REVOKE + ["BD: claim revoke"])
    entries = t.result()["entries"]
    assert [e["what"] for e in entries] == ["revoke", "deal"] and entries[0]["side"] == "BD"


def test_law_103_counting_the_lone_partners_hand_wrong_number_forfeits_four():
    t = table(["B: pass", "C: pass", "D: pass", "A: order alone", "A: discard 8S", "B: holds 6"])
    assert last(t).laws == (90,) and "forfeits 4" in last(t).effects[0]


def test_law_66_claim_with_no_revoke_scores_nothing():
    t = table(START + REST).act("BD: claim revoke")
    assert last(t).laws == (66,) and t.result()["points"] == {"AC": 1, "BD": 0}


def test_law_67_mixing_the_cards_establishes_the_revoke():
    # "Should a revoke be claimed, and the accused player or his partner mix the cards ...": claimed first
    t = table(REVOKE + ["D: play 9H", "A: ask", "BD: claim revoke", "AC: mix"])
    assert t.revokes[0].established and last(t).laws == (67, 63)
    assert t.is_over and t.result()["points"] == {"AC": 0, "BD": 3}  # established and scored; no hand


def test_law_68_no_claim_after_the_cut():
    t = table(START + REST).act("cut")
    with pytest.raises(IllegalAction) as e:
        t.act("BD: claim revoke")
    assert 68 in e.value.laws


def test_law_71_revokes_on_both_sides_cancel():
    hands = {"A": ["AH", "7S"], "B": ["KH", "8S"], "C": ["9H", "9S"], "D": ["QH", "TS"]}
    # B leads a heart: C (holding the 9H) and D (holding the QH) both throw spades
    t = position(hands, leader=1).replay(["B: play KH", "C: play 9S", "D: play TS", "A: play AH", "quit"])
    assert [SEAT for SEAT in (r.seat for r in t.revokes if r.established)] == [2, 3]
    t = t.replay(["A: play 7S", "B: play 8S", "C: play 9H", "D: play QH"])
    one_side = t.act("BD: claim revoke").result()
    assert [e for e in one_side["entries"] if e["what"] == "revoke"][0]["side"] == "BD"
    both = t.act("AC: claim revoke").act("BD: claim revoke").result()
    assert all(e["what"] != "revoke" for e in both["entries"])


def test_law_63_five_points_against_a_lone_hand():
    hands = {"A": ["AH", "7S"], "B": ["KH", "8S"], "C": [], "D": ["QH", "TS"]}
    t = position(hands, leader=1, alone=0).replay(
        ["B: play KH", "D: play TS", "A: play AH", "quit", "A: play 7S", "B: play 8S", "D: play QH"]
    )
    t = t.act("AC: claim revoke")
    assert [e for e in t.result()["entries"] if e["what"] == "revoke"][0]["points"] == 5


# ---------------------------------------------------------------- making the trump (79-82, 85)
def test_law_79_suit_mentioned_after_passing_partner_must_pass():
    t = table(["B: pass", "C: pass", "D: pass", "A: pass", "B: pass", "B: mention H"])
    assert last(t).laws == (79,)
    t = t.act("C: pass").act("D: call H")  # ruled, not refused: void, and his pass
    assert last(t).laws == (79,) and last(t).kind is Irregularity.BOUND_TO_PASS and t.deal.trump is None


def test_law_80_order_after_passing_partner_passes_or_it_is_played():
    t = table(["B: pass", "B: order"])
    r = last(t)
    assert r.laws == (80,) and [o.id for o in r.options] == ["partner-passes", "played"]
    t1 = t.act("AC: choose played")
    assert t1.deal.maker == 1 and t1.deal.trump is not None
    t2 = t.act("AC: choose partner-passes").act("C: pass").act("D: order")
    assert last(t2).laws == (80,) and t2.deal.maker is None and t2.deal.actor == 0  # void: his pass


def test_law_82_declaration_out_of_turn_takes_no_right_away():
    t = table(["C: order"])  # B, the eldest, has not spoken
    assert last(t).laws == (82,) and t.deal.actor == 1 and t.deal.maker is None


def test_law_82_dealer_throwing_down_in_the_second_round_is_binding():
    t = table(["B: pass", "C: pass", "D: pass", "A: pass", "B: pass", "C: pass", "D: pass", "A: throw"])
    assert last(t).laws == (82,) and t.is_over


def test_law_83_attention_called_partner_must_play_lowest():
    hands = {"A": ["AH", "KH"], "B": ["9H", "8C"], "C": ["7H", "8S"], "D": ["TH", "9S"]}
    t = position(hands, leader=1).replay(["B: play 9H", "C: play 7H", "C: attention"])
    r = last(t)
    assert r.laws == (83,) and r.chooser == 1
    t = t.act("BD: choose lowest").act("D: play TH")
    t2 = t.act("A: play AH")
    assert last(t2).laws == (54,)
    assert not t.act("A: play KH").revokes


# ---------------------------------------------------------------- the discard (86-90)
def test_law_87_lead_before_the_discard_stands():
    t = table(["B: pass", "C: pass", "D: pass", "A: order", "B: play QH"])
    assert last(t).laws == (87,)
    t = t.act("A: discard 8S")
    assert t.trick == ((1, t.trick[0][1]),) and str(t.trick[0][1]) == "QH"


def test_law_88_trump_card_cannot_be_discarded():
    with pytest.raises(IllegalAction) as e:
        table(["B: pass", "C: pass", "D: pass", "A: order", "A: discard 9C"])
    assert e.value.laws == (88,)


def test_law_89_lead_before_the_discard_against_the_third_hand_alone():
    t = table(["B: pass", "C: pass", "D: order alone", "C: play 7D"])
    r = last(t)
    assert r.laws == (89,) and r.chooser == 1 and [o.id for o in r.options] == ["highest", "lowest", "win", "lose"]
    t = t.act("BD: choose highest").act("A: discard 8S").act("D: play 9H")
    t2 = t.act("A: play 9C")  # A holds the queen of diamonds: a revoke
    assert last(t2).irregularity == "revoke" and all(r.laws != (54,) for r in t2.rulings)
    t3 = t.act("A: play QD")  # his highest diamond: complies
    assert last(t3).laws == (89,) and not t3.revokes


def test_law_33_imperfect_pack_found_during_the_play_new_deal():
    t = table(START + REST[:6] + ["imperfect"])
    assert last(t).laws == (33,) and t.is_over
    res = t.result()
    assert res["new_deal"] and res["points"] == {"AC": 0, "BD": 0}


def test_law_91_trump_card_lifted_from_the_pack_is_exposed():
    t = table(["B: pass", "A: expose 9C"])
    assert last(t).laws == (46, 91)
    t = t.replay(["C: pass", "D: pass", "A: order", "A: discard 8S"])
    assert t.exposed[0] and str(t.hand(0)[0]) in {"9C", "JC", "QD", "KH", "AH"}
    assert t.act("B: callcard A 9C").requirements[-1].card is not None


def test_law_90_wrong_number_of_cards_forfeit():
    t = table(START + ["C: holds 4"] + REST)
    res = t.result()
    assert last(table(START + ["C: holds 4"])).laws == (90,)
    assert res["points"] == {"AC": 0, "BD": 2}


# ---------------------------------------------------------------- playing alone (95-105)
def test_law_95_card_exposed_before_the_declaration_no_lone_hand():
    t = table(["B: expose AC"])
    assert last(t).laws == (46, 95)
    t = t.act("B: order alone")  # ruled: the order stands, not alone
    assert last(t).laws == (95,) and t.deal.maker == 1 and t.deal.alone is None


def test_law_97_alone_announced_after_making():
    t = table(["B: order", "B: alone"])
    r = last(t)
    assert r.laws == (97,) and r.chooser == 0
    t1 = t.act("AC: choose let-alone")
    assert t1.deal.alone == 1
    t2 = t.act("AC: choose with-partner")
    assert t2.deal.alone is None


def test_law_98_double_declaration_precludes_a_lone_hand():
    t = table(["B: declare order alone"])
    assert t.rulings[0].laws == (98,) and t.deal.maker == 1 and t.deal.alone is None


def test_law_99_offer_to_take_after_passing_neither_plays_alone():
    t = table(["B: pass", "C: pass", "D: order alone", "B: alone"])
    assert last(t).laws == (99,) and t.deal.alone is None


def test_law_100_partner_plays_to_the_first_lead():
    t = table(["B: pass", "C: pass", "D: pass", "A: order alone", "A: discard 8S", "B: play QH", "C: play TH"])
    r = last(t)
    assert r.laws == (100,) and [o.id for o in r.options] == ["with-partner", "alone"]
    t1 = t.act("BD: choose with-partner")
    assert t1.deal.alone is None and len(t1.trick) == 2
    t2 = t.act("BD: choose alone")
    assert t2.deal.alone == 0 and len(t2.trick) == 1


def test_law_102_partner_exposes_march_scores_two():
    t = table(["B: pass", "C: pass", "D: pass", "A: order alone", "A: discard 8S", "C: expose TH"])
    assert last(t).laws == (102,) and t.capped


def test_law_104_lone_player_leads_out_of_turn_card_exposed():
    t = table(["B: pass", "C: pass", "D: pass", "A: order alone", "A: discard 8S", "A: play JC"])
    assert last(t).laws == (104,) and t.exposed[0] and t.trick == ()


def test_law_105_adversary_plays_out_of_turn_to_a_lone_lead():
    hands = {"A": ["AH", "7S"], "B": ["KH", "8S"], "C": [], "D": ["QH", "TS"]}
    t = position(hands, leader=0, alone=0).act("A: play AH").act("D: play QH")
    assert last(t).laws == (105,) and t.exposed[1] and t.exposed[3]


# ---------------------------------------------------------------- hands thrown down (48-50), detached cards (51)
def test_law_48_hand_thrown_down_is_exposed():
    t = table(START + ["D: throw"])
    assert last(t).laws == (48,) and t.exposed[3] == t.hands[3]


def test_law_49_all_hands_abandoned():
    t = table(START + REST[:8] + ["A: throw", "B: throw", "C: throw", "D: throw"])
    assert last(t).laws == (49,) and t.is_over
    res = t.result()
    assert res["tricks_won"] == {"AC": 1, "BD": 1} and res["points"] == {"AC": 0, "BD": 2}  # scored as taken


def test_law_50_adversary_abandons_against_a_lone_hand_five_points():
    t = table(["B: pass", "C: pass", "D: pass", "A: order alone", "A: discard 8S", "B: throw"])
    assert last(t).laws == (50,) and t.result()["points"]["AC"] == 5


def test_law_51_detached_card_named_and_wrong_name():
    t = table(START + ["D: name C TH"])
    assert last(t).laws == (51,) and t.exposed[2]
    t = table(START + ["D: name C AS"])
    r = last(t)
    assert r.laws == (51,) and r.chooser == 0 and [o.id for o in r.options] == ["call-suit", "waive"]
    t = t.act("AC: choose call-suit H")  # one vocabulary with Law 52
    assert t.requirements[-1].kind == "lead-suit" and t.requirements[-1].seat == 3


# ---------------------------------------------------------------- bad input never moves the state
@pytest.mark.parametrize(
    "event,field",
    [
        ("E: play JC", "event"),
        ("B: play ZZ", "card"),
        ("B: fly", "event"),
        ("play JC", "event"),
        ("AC: choose", "event"),
    ],
)
def test_bad_events_are_input_errors(event, field):
    t = table(START)
    with pytest.raises((InputError, IllegalAction)):
        t.act(event)
    assert t == table(START)


def test_rule_scenario_json_form():
    out = rule_scenario({"hands": HANDS, "turn_up": "9C", "events": START + ["C: play 7D", "BD: choose call-card"]})
    assert out["rulings"][0]["laws"] == [52, 53] and out["rulings"][0]["chosen"] == "call-card"
    assert {"rulings", "score", "tricks", "requirements"} <= set(out)


# ---------------------------------------------------------------- properties
IRREGULAR = ["expose", "out-of-turn", "revoke", "throw", "attention"]


@pytest.mark.parametrize("seed", range(200))
def test_random_irregularities_never_corrupt_the_state(seed):
    rng = random.Random(seed)
    deal = Deal.shuffled(seed)
    t = Director.start(deal)
    while t.phase == "bidding":
        acts = t.deal.legal_actions()
        a = rng.choice(acts)
        t = t.act(f"{'ABCD'[t.deal.actor]}: {a}")
    if t.phase != "play":
        return
    all_cards = {c for s in range(4) for c in t.hand(s)}
    injected = 0
    steps = 0
    while t.phase == "play" and steps < 80:
        steps += 1
        if t.pending is not None:
            r = t.rulings[t.pending]
            side = "AC" if r.chooser == 0 else "BD"
            opt = rng.choice([o.id for o in r.options])
            args = " H" if opt == "call-suit" else ""
            t = t.act(f"{side}: choose {opt}{args}")
            continue
        before = len(t.rulings)
        kind = rng.choice(IRREGULAR) if rng.random() < 0.15 else "regular"
        seat = t.actor
        try:
            if kind == "expose" and t.hands[seat]:
                t = t.act(f"{'ABCD'[seat]}: expose {rng.choice(t.hand(seat))}")
            elif kind == "out-of-turn":
                others = [s for s in t.active() if s != seat and t.hands[s] and not t._played_this_trick(s)]
                if not others:
                    continue
                s = rng.choice(others)
                t = t.act(f"{'ABCD'[s]}: play {rng.choice(t.hand(s))}")
            elif kind == "revoke" and t.trick:
                legal = set(t.legal_plays())
                bad = [c for c in t.hand(seat) if c not in legal]
                if not bad:
                    continue
                t = t.act(f"{'ABCD'[seat]}: play {bad[0]}")
            else:
                kind = "regular"
                t = t.act(f"{'ABCD'[seat]}: play {rng.choice(t.legal_plays())}")
        except IllegalAction:
            continue
        if kind != "regular":
            injected += 1
            assert len(t.rulings) > before, kind  # every injected irregularity yields a ruling
        held = [c for s in range(4) for c in t.hand(s)]
        played = [c for tr in t.tricks for _, c in tr.cards] + [c for _, c in t.trick]
        assert len(held) == len(set(held)) and set(held) | set(played) == all_cards  # cards conserved
    res = t.result()
    assert set(res["points"]) == {"AC", "BD"}
