"""The director's corner cases (impossible acts, Laws 50-104 at their edges), each fixed by the text of
its law (quoted in the test).

The deal is tests/test_law_director_text.py's: B deals, the ten of hearts is turned; C is the eldest
hand. A-C against B-D. Hearts trumps: A holds the right bower, C the left.
"""

from __future__ import annotations

import pytest
from test_law_director_text import AFTER_REVOKE, LONE, PLAY, REVOKE, START, card, last, table

from euchre_core import IllegalAction, InputError
from euchre_core.laws.rulings import Irregularity as K

A, B, C, D = range(4)
AC, BD = 0, 1


def refused(t, event: str, error: type[Exception]) -> Exception:
    """The act is refused and the state is unchanged."""
    before = (t, t.to_json())
    with pytest.raises(error) as e:
        t.act(event)
    assert (t, t.to_json()) == before
    return e.value


# ---------------------------------------------------------------- impossible card lists and extra words
@pytest.mark.parametrize(
    ("event", "field"),
    [
        ("C: play AD AD", "card"),  # "Two or more cards played at once" (Law 46 I): two cards, not one twice
        ("C: expose AD 9C", "card"),  # C does not hold the nine of clubs
        ("C: ask foo", "ask"),
        ("C: throw down", "throw"),
        ("C: attention here", "attention"),
        ("AC: mix all", "mix"),
        ("C: holds 99", "holds"),  # a player can hold at most the cards in play
        ("C: holds 33", "holds"),
        ("C: correct AD KH", "card"),
        ("AC: claim revoke now", "claim"),
    ],
)
def test_impossible_acts_are_refused_naming_the_field(event, field):
    e = refused(table(START), event, InputError)
    assert e.field == field


def test_several_cards_exposed_at_once_are_each_exposed():
    # Law 46 II: "Any card dropped face upwards ... is an exposed card."
    t = table(START + ["C: expose AD 8C"])
    assert t.exposed[C] == 1 << card("AD") | 1 << card("8C")


def test_holds_counts_up_to_the_cards_in_play():
    t = table(START + PLAY[:4])
    assert last(t.act("C: holds 28")).kind is K.WRONG_NUMBER_OF_CARDS  # 32 less the four played
    refused(t, "C: holds 29", InputError)


# ---------------------------------------------------------------- Law 67
def test_law_67_cards_mixed_with_no_revoke_claimed_establish_nothing():
    # Law 67: "Should a revoke be claimed, and the accused player or his partner mix the cards before they
    # have been sufficiently examined by the adversaries, the revoke is established."
    t = table(REVOKE + ["BD: mix"])  # B revoked; nobody claimed it
    r = last(t)
    assert r.kind is K.CARDS_MIXED and r.laws == (67,) and r.effects == ("no effect",)
    assert not t.revokes[0].established and not t.mixed and t.result()["points"] == {"AC": 0, "BD": 0}
    assert "claimed" in (r.reading or "")  # the lawbook's reading is on the ruling
    # claimed, then mixed: established and scored
    t = table(REVOKE + ["D: ask", "A: play AS", "AC: claim revoke", "BD: mix"])
    assert t.revokes[0].established and t.result()["points"] == {"AC": 3, "BD": 0}


def test_law_67_a_revoke_established_before_the_mixing_can_still_be_claimed():
    # Law 68: "A revoke cannot be claimed after the cards are cut for the next deal" (and not before: it can).
    t = table(REVOKE + AFTER_REVOKE + ["BD: mix"])
    assert t.result()["points"] == {"AC": 1, "BD": 0}  # the mixing scores no revoke
    t = t.act("AC: claim revoke")
    assert t.result()["points"] == {"AC": 4, "BD": 0}


# ---------------------------------------------------------------- Law 104
LAW_104 = "A player playing alone is liable to no penalty for simply exposing a card"


@pytest.mark.parametrize(
    "act",
    [
        "C: play 8C QS",  # two cards at once (Law 46 I for the others)
        "C: expose QS",
        "C: expose QS AD",
        "C: throw",  # he shows or lays down his hand
    ],
)
def test_law_104_every_exposure_by_the_lone_player_is_free_of_penalty(act):
    t = table(LONE + [act])
    r = last(t)
    assert r.kind is K.LONE_PLAYER_EXPOSED and r.laws == (104,) and r.effects == ("no penalty",), LAW_104
    assert not t.exposed[C] and r.reading and r.reading.startswith("Law 104:")
    assert not t.thrown and t.phase.value == "play"
    refused(t, "B: callcard C QS", IllegalAction)  # nothing of his can be called


def test_law_104_the_hand_goes_on_after_he_plays_two_cards_at_once():
    t = table(LONE + ["C: play 8C QS", "D: play KC", "B: play 9C"])
    assert len(t.tricks) == 1 and t.hands[C] >> card("QS") & 1 and not t.exposed[C]


def test_law_104_exposing_after_declaring_in_the_discard_is_not_law_95():
    # Law 95 bars a lone hand "if before making his declaration he exposes a card"; C has declared.
    t = table(["C: order alone", "A: stay", "C: expose QS"])
    assert last(t).laws == (104,) and t.no_alone[C] == 0 and not t.exposed[C]


def test_law_104_a_card_played_out_of_turn_not_a_lead_is_no_penalty_but_a_lead_out_of_turn_is():
    # "... but should he lead out of turn, the card is an exposed card, and can be called."
    t = table(LONE + ["C: play 8C", "D: play KC", "B: play 9C", "D: play QH", "C: play KH"])  # B's turn: C plays
    assert last(t).laws == (104,) and not t.exposed[C]
    t = table(LONE + ["C: play 8C", "D: play KC", "B: play 9C", "C: play KH"])  # D's lead: C leads
    assert last(t).kind is K.LONE_LEAD_OUT_OF_TURN and t.exposed[C] == 1 << card("KH")


# ---------------------------------------------------------------- Law 96
DEALER_TAKES_UP = ["C: pass", "D: pass", "A: pass", "B: order"]  # B, the dealer, takes up the ten of hearts


def test_law_96_the_dealer_announces_alone_before_quitting_his_discard_in_time():
    # Law 96: "The dealer must announce his intention to play alone before quitting his discard."
    t = table(DEALER_TAKES_UP)
    assert t.deal.phase == "discard" and t.deal.actor == B
    t = t.act("B: alone")
    assert t.deal.alone == B and t.pending is None and len(t.rulings) == 0
    t = t.act("B: discard TS")
    assert t.phase.value == "play" and t.deal.alone == B and t.deal.out == 1 << D and len(t.rulings) == 0


def test_law_96_and_97_after_quitting_his_discard_he_is_late():
    # ... "otherwise he can be required to play the hand with his partner" (Law 97)
    t = table(DEALER_TAKES_UP + ["D: stay", "B: discard TS", "B: alone"])
    assert last(t).kind is K.LATE_ALONE and last(t).laws == (96, 97) and last(t).chooser == AC


def test_law_96_his_partner_who_passed_cannot_take_it_from_him():
    # Law 99: "Should the partner of the player playing alone offer to take it from him ... after he has himself
    # passed, neither can play alone."
    t = table(DEALER_TAKES_UP + ["B: alone", "D: take"])
    assert last(t).kind is K.LATE_TAKE and t.deal.alone is None


# ---------------------------------------------------------------- messages: the law named
def test_law_50_the_next_card_after_the_hand_ended_names_law_50_not_all_the_tricks():
    # Law 50: "In a lone hand, should either adversary abandon his hand ... the party playing alone scores five points."
    t = table(LONE + ["C: play KH", "D: play 9H", "B: play AH", "C: play AD", "D: throw"])
    e = refused(t, "B: play QC", IllegalAction)
    assert e.laws == (50,) and "all the tricks" not in str(e) and "after 1 trick" in str(e)


def test_law_70_the_next_card_after_the_hand_stopped_names_law_70():
    # Law 70: "A revoking player and his partner may require the hand on which the revoke occurred to be played out."
    t = table(REVOKE + ["quit", "AC: claim revoke", "BD: choose stop"])
    assert refused(t, "A: play AS", IllegalAction).laws == (70,)


@pytest.mark.parametrize(
    ("events", "act"),
    [
        (START, "B: discard 9C"),  # he has quitted his discard
        (["C: order", "A: stay"], "C: discard 8C"),  # C is not the dealer
    ],
)
def test_law_86_refusals_name_law_86(events, act):
    # Law 86: "The discard is not complete until the dealer has placed the card under the pack and quitted it;
    # after which he cannot change."
    assert refused(table(events), act, IllegalAction).laws == (86,)


@pytest.mark.parametrize(
    ("events", "act"),
    [
        (["C: order", "A: stay"], "B: alone"),  # the dealer is ordered up
        (["C: order", "A: stay"], "B: order alone"),
        (START, "D: alone"),  # his adversaries made the trump
    ],
)
def test_law_95_refusals_name_law_95(events, act):
    # Law 95: "A player cannot play alone when he or his partner is ordered up, or when his adversaries adopt or
    # make the trump"
    assert refused(table(events), act, IllegalAction).laws == (95,)


@pytest.mark.parametrize(
    ("events", "act"),
    [
        (["C: pass", "D: pass", "A: order"], "C: take alone"),
        (["C: pass", "D: pass", "A: order"], "C: alone"),
        (["C: pass", "D: pass", "A: pass", "B: pass", "C: call S"], "A: take alone"),
    ],
)
def test_law_93_a_partner_who_passed_cannot_play_alone_cited_as_93_not_82(events, act):
    # Law 93: "A player may play alone when he orders up, assists, adopts, or makes the trump, or when his partner
    # does so, provided that he himself has not already passed."
    t = table(events + [act])
    r = last(t)
    assert r.kind is K.NOT_ALLOWED_ALONE and r.laws == (93,) and t.deal.alone is None
    assert t.deal.maker == (A if act.startswith("C") else C)


# ---------------------------------------------------------------- acts the book describes, as events
def test_law_81_the_partner_does_not_hear_the_declaration_and_passes():
    # Law 81: "Should a player make a declaration, and his partner not hear it and pass, the declaration is not
    # invalidated."
    t = table(["C: order", "A: pass"])  # A, to take it from him or let it stand, passes
    r = last(t)
    assert r.kind is K.PASS_AFTER_DECLARATION and r.laws == (81,)
    assert t.deal.maker == C and t.deal.phase == "discard" and t.deal.actor == B
    t = t.replay(["B: discard TS"] + PLAY)
    assert t.result()["points"] == {"AC": 2, "BD": 0}


def test_law_81_a_pass_by_the_partner_after_the_call_in_the_second_round_changes_nothing():
    t = table(["C: pass", "D: pass", "A: pass", "B: pass", "C: call S", "A: pass"])
    assert last(t).laws == (81,) and t.deal.maker == C and t.deal.trump is not None and t.actor == C


def test_law_56_the_call_of_a_card_led_out_of_turn_can_be_repeated():
    # Law 56: "The call for an exposed card can be repeated until such card has been played."
    t = table(START + ["D: play 7S", "AC: choose call-card"])  # D led out of turn; his seven called
    assert t.hands[D] >> card("7S") & 1
    t = t.act("A: callcard D 7S")  # the call repeated
    r = last(t)
    assert r.kind is K.CALL_REPEATED and r.laws == (56,) and r.target == D
    assert len(t.requirements) == 1  # the same call, not a second one


def test_law_56_an_exposed_card_called_again_is_one_call():
    t = table(START + ["D: expose 7S", "C: callcard D 7S", "A: callcard D 7S"])
    assert last(t).kind is K.CALL_REPEATED and len(t.requirements) == 1
    refused(t, "A: callcard D KC", IllegalAction)  # never called nor exposed


# ---------------------------------------------------------------- Laws 65, 69: the correction
LAW_69 = (
    "Any player or players who have played after him, except his partner, may withdraw their cards and substitute "
    "others; the cards so withdrawn are not liable to be called."
)
# D revokes in the second trick: C leads the eight of clubs, D plays the seven of spades holding the king of
# clubs; A (after him) plays the ten of clubs and wins; B (his partner) the nine. B asks; A leads the ace of spades.
D_REVOKES = (
    START
    + ["C: play AD", "D: play AC", "A: play 9D", "B: play KD"]
    + ["C: play 8C", "D: play 7S", "A: play TC", "B: play 9C"]
)


def test_law_65_69_the_adversarys_lead_stands_when_he_still_wins_the_trick_and_the_hand_ends():
    # Law 65: "... the error may be corrected, unless ... the revoking player or his partner have led or played to
    # the following trick": an adversary's lead does not close it, and Law 69 moves no card of the next trick.
    t = table(REVOKE + ["D: ask", "A: play AS", "B: correct TH"])
    assert t.trick == ((A, card("AS")),) and t.actor == B and t.withdraw is None
    t = t.replay(
        ["B: play QC", "C: play QS", "D: play AC"]  # B plays the queen of clubs (exposed) to the spade lead
        + ["A: play KS", "B: play 9C", "C: play 8C", "D: play KC"]
        + ["A: play TC", "B: play AH", "C: play JD", "D: play QH"]
    )
    assert t.is_over and not [r for r in t.rulings if r.kind is K.LEAD_OUT_OF_TURN]
    assert sum(t.won) == 5 and all(not h for h in t.hands)


def test_law_65_69_the_lead_goes_back_without_penalty_when_the_trick_changes_hands():
    t = table(D_REVOKES + ["B: ask", "A: play AS", "D: correct KC"])
    # D's king of clubs now wins the trick: A's lead to the next trick goes back to his hand, and D leads
    assert t.tricks[-1].winner == D and t.won[D] == 1 and t.won[A] == 0
    assert t.trick == () and t.actor == D and t.hands[A] >> card("AS") & 1 and not t.exposed[A]
    assert t.exposed[D] == 1 << card("7S")  # Law 69: "the adversaries may call the card played in error"
    assert t.withdraw == (1, frozenset({A}))  # A played after D; B is his partner
    t = t.act("D: play QH")  # D leads: no lead out of turn anywhere
    assert last(t).kind is K.REVOKE_CORRECTED and t.withdraw is None
    refused(t, "A: correct TC", IllegalAction)  # the next card played closed his right


def test_law_69_only_a_later_player_of_the_same_trick_may_withdraw_and_substitute():
    # Law 69: "Any player or players who have played after him, except his partner, may withdraw their cards"
    # C leads the eight of clubs; D trumps holding two clubs (a revoke); A follows; D corrects before B plays.
    t = table(START + ["C: play 8C", "D: play 9H"])  # D, holding two clubs, trumps: a revoke
    assert t.revokes[-1].seat == D
    t = t.replay(["A: play TC", "D: correct KC"])
    assert t.trick == ((C, card("8C")), (D, card("KC")), (A, card("TC"))) and t.actor == B
    assert t.withdraw == (0, frozenset({A}))
    e = refused(t, "C: correct AD", IllegalAction)  # C played before him: nothing to withdraw
    assert e.laws == (64,)
    refused(t, "A: correct JH", IllegalAction)  # A holds no other club: he must follow suit (law 62)
    refused(t, "B: correct 9C", IllegalAction)  # B has not played (and is D's partner)


def test_law_69_a_later_player_withdraws_and_substitutes_his_card_not_callable():
    # C leads the queen of spades; D trumps holding the seven of spades (a revoke); A plays the king of spades.
    t = table(START + ["C: play QS", "D: play 9H", "A: play KS", "D: correct 7S"])
    assert t.withdraw == (0, frozenset({A})) and t.actor == B, LAW_69
    t = t.act("A: correct AS")  # A withdraws the king and substitutes the ace
    r = last(t)
    assert r.kind is K.CARD_WITHDRAWN and r.laws == (69,)
    assert t.trick == ((C, card("QS")), (D, card("7S")), (A, card("AS"))) and t.actor == B
    assert t.hands[A] >> card("KS") & 1 and not t.exposed[A]  # "not liable to be called"
    assert t.exposed[D] == 1 << card("9H") and t.withdraw is None
    t = t.act("B: play 9C")
    assert t.tricks[0].winner == A
    refused(t, "A: correct KS", IllegalAction)  # once only


def test_law_69_the_trick_already_won_is_won_again_after_a_substitution():
    t = table(START + ["C: play QS", "D: play 9H", "A: play KS", "B: play 9C", "B: ask", "D: correct 7S"])
    assert t.tricks[0].winner == A and t.actor == A and t.withdraw == (0, frozenset({A}))
    t = t.act("A: correct AS")
    assert t.tricks[0].cards[2] == (A, card("AS")) and t.tricks[0].winner == A and t.won[A] == 1


def test_law_69_reading_is_recorded():
    from euchre_core.laws.lawbook import LAWBOOK

    assert "may withdraw" in (LAWBOOK[69].reading or "") and LAW_69


# ---------------------------------------------------------------- Laws 60, 61: cards mixed with a trick, omitted
LAW_61 = (
    "If during the play of the hand the error be detected, the tricks may be counted face downwards, to ascertain if "
    "there be among them a card too many; should this be the case, the trick may be searched, and the card restored."
)
TRICK_1 = START + PLAY[:4]  # C wins the first trick


def test_law_61_a_card_gathered_unnoticed_is_found_by_counting_and_restored():
    t = table(TRICK_1 + ["quit B QC"])  # the trick is quitted with B's queen of clubs mixed with it
    assert t.quitted and not t.hands[B] >> card("QC") & 1 and t.gathered == ((0, B, card("QC")),)
    assert len(t.rulings) == 0  # unnoticed: nothing is ruled yet
    t = t.act("B: holds 3")  # B is found with three cards: he should hold four
    r = last(t)
    assert r.kind is K.CARD_GATHERED and r.laws == (61,) and r.card == card("QC"), LAW_61
    assert t.hands[B] >> card("QC") & 1 and not t.gathered and not t.forfeit  # restored; no Law 90 forfeit
    t = t.replay(PLAY[4:])
    assert t.is_over and t.result()["points"] == {"AC": 2, "BD": 0}


def test_law_61_not_discovered_till_the_hand_is_played_out_he_answers_for_the_consequent_revokes():
    # Law 61: "... and the mistake is not discovered till the hand is played out, he is answerable for all the
    # consequent revokes he may have made."
    t = table(TRICK_1 + ["quit B QC"])
    t = t.replay(["C: play KH", "D: play 9H", "A: play JH", "B: play TH"])  # A wins
    t = t.replay(["A: play TC", "B: play 9C", "C: play 8C", "D: play AC"])  # D wins
    t = t.replay(["D: play KC", "A: play AS", "B: play AH"])  # clubs led: B's club is in the first trick
    r = last(t)
    assert r.kind is K.REVOKE and r.laws == (61, 62, 64) and t.revokes[-1].seat == B
    t = t.replay(["C: play JD", "C: play QS", "D: play QH", "A: play KS"])  # C wins; B has no card for the last
    assert t.actor == B and not t.hands[B]
    t = t.act("quit")
    r = last(t)
    assert r.kind is K.CARD_GATHERED and r.laws == (61,) and t.is_over and t.revokes[-1].established
    t = t.act("AC: claim revoke")
    assert t.result()["points"] == {"AC": 4, "BD": 0}  # three for the revoke first (Law 4), one for the hand


def test_law_60_the_last_trick_quitted_without_a_players_card_is_ruled():
    # Law 60: "the surplus card at the end of the hand is considered to have been played to the imperfect trick,
    # but does not constitute a revoke therein."
    t = table(START + PLAY[:19] + ["quit"])  # D has not played his queen of hearts to the last trick
    r = last(t)
    assert r.kind is K.CARD_OMITTED and r.laws == (60,) and r.offender == D and not r.options
    assert t.is_over and t.tricks[-1].cards[-1] == (D, card("QH")) and t.tricks[-1].winner == C
    assert t.result()["points"] == {"AC": 2, "BD": 0}


@pytest.mark.parametrize(
    ("events", "act", "error"),
    [
        (TRICK_1, "quit B QS", InputError),  # B does not hold it
        (TRICK_1, "quit E QC", InputError),
        (TRICK_1, "quit B", InputError),
        (START, "quit B QC", IllegalAction),  # no trick played yet
        (START + PLAY[:2], "quit B QC", IllegalAction),  # a trick on the table, not gathered
    ],
)
def test_law_61_impossible_gatherings_are_refused(events, act, error):
    refused(table(events), act, error)


def test_law_79_mention_names_one_suit_and_law_85_choose_takes_one_option():
    # Law 79: "... mention the suit he intended to make trumps"; Law 85: "such decision is final": one option
    t = table(["C: pass", "D: pass", "A: pass", "B: pass", "C: pass"])
    assert refused(t, "C: mention", InputError).field == "suit"
    assert refused(t, "C: mention S H", InputError).field == "suit"
    assert refused(t, "C: mention X", InputError).field == "suit"
    t = table(START + ["B: play AH"])  # B led out of turn
    assert refused(t, "AC: choose waive now", InputError).field == "option"


def test_law_81_a_pass_in_the_play_is_not_a_declaration_heard():
    t = table(START + PLAY[:4])
    refused(t, "A: pass", IllegalAction)


def test_law_61_an_exposed_card_mixed_with_a_trick_is_off_the_table_and_restored_unexposed():
    t = table(TRICK_1 + ["B: expose QC", "quit B QC"])
    assert not t.exposed[B] and t.gathered == ((0, B, card("QC")),)
    t = t.act("B: holds 3")
    assert t.hands[B] >> card("QC") & 1 and last(t).kind is K.CARD_GATHERED


def test_law_96_the_dealer_says_order_alone_before_quitting_his_discard():
    t = table(DEALER_TAKES_UP + ["B: order alone"])
    assert t.deal.alone == B and not t.rulings


# ---------------------------------------------------------------- Law 99 after a trick played without him
def test_law_99_an_offer_after_a_trick_played_alone_cannot_bring_the_partner_back() -> None:
    """Law 99: "Should the partner of the player playing alone offer to take it from him after a lead has
    been made, or after he has himself passed, neither can play alone." Once a trick has been played
    without the partner, his cards cannot join the play: the lone player plays it out, and the hand is
    scored as a hand with partners (the reading recorded in the lawbook). The hand ends."""
    from euchre_core.app import sandbox
    from euchre_core.formats.scenario import load_scenario

    sc = sandbox.scenarios()[52]
    base = {k: v for k, v in sc.items() if k not in ("events", "then")}
    events = ["B: pass", "C: pass", "D: pass", "A: order alone", "A: discard 8S"]
    events += ["B: play QH", "D: play 9H", "A: play AH", "quit", "C: take"]
    t = load_scenario({**base, "events": events})
    assert last(t).kind is K.LATE_TAKE and last(t).laws == (99,)
    assert t.deal.alone is None and t.deal.out >> C & 1  # no lone hand; C stays out of the play
    while not t.is_over:
        t = t.act("quit") if len(t.trick) == 3 else t.act(f"{t.actor_name}: play {t.legal_plays()[0]}")
    result = t.result()
    assert result["complete"] and sum(result["tricks_won"].values()) == 5
    assert [e["laws"] for e in result["entries"]] == [[2, 3]]  # scored as a hand with partners, not a lone hand


# ---------------------------------------------------------------- refusals cite the law that forbids the act
def test_law_104_a_call_of_the_lone_players_shown_card_cites_law_104():
    t = table(LONE + ["C: expose QS"])
    err = refused(t, "B: callcard C QS", IllegalAction)
    assert err.laws == (104,), LAW_104  # not law 46's "not an exposed card"


def test_law_69_the_revoking_players_partner_may_not_withdraw_cites_law_69():
    # C leads the eight of clubs; D trumps holding two clubs (a revoke); A and B (D's partner) follow; D corrects
    t = table(START + ["C: play 8C", "D: play 9H", "A: play TC", "B: play 9C", "D: correct KC"])
    assert t.withdraw == (0, frozenset({A}))  # B played after him, but is his partner
    err = refused(t, "B: correct 9D", IllegalAction)
    assert err.laws == (69,) and "partner" in str(err), LAW_69  # not law 64's "no revoke to correct"


def test_law_77_a_call_after_the_deal_passed_out_cites_law_77():
    t = table(["C: pass", "D: pass", "A: pass", "B: pass"] * 2)  # B deals: C is eldest
    err = refused(t, "C: pass", IllegalAction)
    assert err.laws == (77,)  # the deal is at an end; no cut has closed it (law 68)
