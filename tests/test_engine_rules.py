"""Unit tests of the regular rules, each named after the law it checks."""

from __future__ import annotations

import dataclasses

import pytest

from euchre_core import (
    HOYLE_2,
    HOYLE_3,
    JOKER,
    MODERN_24,
    SOMERSET_1888,
    WASHINGTON_1877,
    Action,
    Card,
    CardError,
    Deal,
    IllegalAction,
    InputError,
    Suit,
    pack,
    parse_book_card,
    rules_by_name,
)
from euchre_core.kernel.play import trick_winner_index
from euchre_core.kernel.tables import EFFECTIVE_SUIT, TRUMP_POWER
from euchre_core.laws.table import cut_rank, form_table

A, B, C, D = range(4)

# Case I's hands (A deals; clubs turned): a fixed deal for the bidding tests.
CASE_I = [
    "JC AH KH 8S QD".split(),  # A (dealer): the 9C is turned up
    "AC QH 8H JD TS".split(),  # B (eldest)
    "7D 8D TD QS TH".split(),  # C (dealer's partner, second hand)
    "KC TC AS 9S 9H".split(),  # D (third hand)
]


def fresh(rules=SOMERSET_1888) -> Deal:
    return Deal.start(CASE_I, "9C", dealer=A, rules=rules)


def c(code: str) -> Card:
    return Card.parse(code)


# ---------------------------------------------------------------- cards and notation
def test_notation_round_trips_for_every_card_of_every_pack():
    for size in (24, 32, 33):
        for card in pack(size):
            assert Card.parse(str(card)) is card
    assert str(JOKER) == "JK" and Card.parse("joker") is JOKER


def test_book_words_parse():
    assert parse_book_card("knave of clubs") == c("JC")
    assert parse_book_card("9 of hearts") == c("9H")
    assert parse_book_card("Ace of diamonds (turn-up),") == c("AD")
    assert parse_book_card("right bower", trump=Suit.SPADES) == c("JS")
    assert parse_book_card("left", trump=Suit.SPADES) == c("JC")
    with pytest.raises(CardError, match="needs the trump"):
        parse_book_card("right bower")
    with pytest.raises(CardError, match="'XQ'"):
        Card.parse("XQ")


def test_packs_32_24_33():
    assert len(pack(32)) == 32 and min(int(x) & 7 for x in pack(32)) == 0
    assert len(pack(24)) == 24 and all((int(x) & 7) >= 2 for x in pack(24))
    assert len(pack(33)) == 33 and JOKER in pack(33)


# ---------------------------------------------------------------- ranking
def test_ranking_right_left_then_ace_king_queen_ten_of_trumps():
    t = Suit.HEARTS
    order = ["JH", "JD", "AH", "KH", "QH", "TH", "9H", "8H", "7H"]
    powers = [TRUMP_POWER[t][c(x)] for x in order]
    assert powers == sorted(powers, reverse=True) and len(set(powers)) == len(powers)
    assert TRUMP_POWER[t][JOKER] > TRUMP_POWER[t][c("JH")]  # Hoyle: the Joker above the right bower


def test_left_bower_belongs_to_the_trump_suit_for_following():
    assert EFFECTIVE_SUIT[Suit.CLUBS][c("JS")] == Suit.CLUBS
    assert EFFECTIVE_SUIT[Suit.CLUBS][c("QS")] == Suit.SPADES
    d = Deal.position([["JS", "QS"], ["AC", "KS"], ["7D", "8D"], ["9H", "TH"]], "C", maker=A, leader=B)
    d = d.apply("play AC")
    d2 = d.apply("play 7D").apply("play 9H")
    assert [str(a) for a in d2.legal_actions()] == ["play JS"]  # A must follow trumps with the left bower


def test_plain_suits_rank_ace_king_queen_knave_ten_down():
    cards = [c(x) for x in ("TD", "JD", "AD", "7D")]
    assert trick_winner_index(Suit.CLUBS, cards) == 2
    assert trick_winner_index(Suit.CLUBS, [c("JD"), c("QD"), c("7C")]) == 2  # lowest trump wins


def test_law_8_cutting_knave_highest_then_ace_king():
    assert cut_rank(c("JS")) > cut_rank(c("AH")) > cut_rank(c("KD")) > cut_rank(c("QC")) > cut_rank(c("TC"))
    # 1877: ace low, knaves as at whist
    r = WASHINGTON_1877
    assert cut_rank(c("AH"), r) < cut_rank(c("7D"), r) and cut_rank(c("QH"), r) > cut_rank(c("JH"), r)


def test_law_11_highest_deals_and_two_highest_against_two_lowest():
    for seed in range(50):
        t = form_table(["a", "b", "c", "d"], seed=seed)
        assert t.dealer == t.seats[0] and {t.seats[0], t.seats[2]} in ({*t.partners[0]}, {*t.partners[1]})


def test_law_9_everyone_cuts_from_the_same_pack():
    for seed in range(30):
        for rnd in form_table(list("abcdef"), seed=seed).cuts:
            cards = [card for _, card in rnd]
            assert len(cards) == len(set(cards))  # one pack: no card twice in a cut


def _find(pred, names="abcd", rules=SOMERSET_1888):
    for seed in range(5000):
        t = form_table(list(names), seed=seed, rules=rules)
        if pred(t):
            return t
    raise AssertionError("no seed found")


def test_law_13_two_equal_cards_in_the_middle_cut_again():
    def middle_tie(t):
        first = [cut_rank(c(card)) for _, card in t.cuts[0]]
        s = sorted(first, reverse=True)
        return len(t.cuts) > 1 and s[1] == s[2] and len(set(s)) == 3

    t = _find(middle_tie)
    assert len(t.cuts) >= 2  # they cut again


def test_law_13_two_highest_equal_need_not_cut_again_for_partners():
    def top_tie(t):
        first = sorted((cut_rank(c(card)) for _, card in t.cuts[0]), reverse=True)
        return first[0] == first[1] and len(set(first)) == 3

    t = _find(top_tie)
    first = {n: cut_rank(c(card)) for n, card in t.cuts[0]}
    high = sorted(first, key=lambda n: -first[n])[:2]
    assert set(high) in ({*t.partners[0]}, {*t.partners[1]})  # the two highest are partners


def test_law_14_three_equal_cards_the_fourth_decides():
    def triple(t):
        first = [cut_rank(c(card)) for _, card in t.cuts[0]]
        return max(first.count(v) for v in first) == 3

    t = _find(triple)
    first = {n: cut_rank(c(card)) for n, card in t.cuts[0]}
    v = next(x for x in first.values() if list(first.values()).count(x) == 3)
    fourth = next(n for n in first if first[n] != v)
    if first[fourth] > v:
        assert t.dealer == fourth  # the two lowest are partners; opponents deal
    else:
        assert fourth not in (t.dealer, t.seats[2])  # the two highest are partners and deal


def test_law_12_fifth_and_sixth_belong_to_the_table():
    t = form_table(list("abcdefg"), seed=3)
    assert len(t.players) == 4 and len(t.table) == 2 and not set(t.table) & set(t.players)


# ---------------------------------------------------------------- the deal
def test_law_29_cut_leaves_four_cards_and_law_42_packets():
    for seed in range(200):
        d = Deal.shuffled(seed)
        assert d.setup is not None and 4 <= d.setup.cut <= 28
        assert sorted(d.setup.packets) == [2, 3]
        assert all(len(d.hand(s)) == 5 for s in range(4))
        # Four-handed: 20 dealt, the 21st turned
        assert len({*d.stock, d.turn_up, *(x for s in range(4) for x in d.hand(s))}) == 32


def test_two_handed_turns_the_eleventh_card():
    d = Deal.shuffled(3, rules=HOYLE_2)
    assert d.setup is not None
    order = list(d.setup.order[d.setup.cut :] + d.setup.order[: d.setup.cut])
    assert order[10] == d.turn_up and d.n == 2


def test_joker_turned_up_next_card_decides_the_suit():
    r = rules_by_name("hoyle4+joker")
    hands = [pack(32)[i * 5 : (i + 1) * 5] for i in range(4)]
    d = Deal.start(hands, JOKER, rules=r, stock=["QH", "7S"])
    assert d.turn_suit == Suit.HEARTS


def test_seeded_deal_is_reproducible():
    assert Deal.shuffled(11) == Deal.shuffled(11)
    assert Deal.shuffled(11).dealt != Deal.shuffled(12).dealt


# ---------------------------------------------------------------- making the trump
def test_law_74_eldest_may_pass_order_up_or_play_alone():
    d = fresh()
    assert d.actor == B and {str(a) for a in d.legal_actions()} == {"pass", "order", "order alone"}


def test_law_74_third_hand_may_take_it_from_eldest_law_94():
    d = fresh().apply("order")
    assert d.phase == "take" and d.actor == D
    d2 = d.apply("take alone")
    assert d2.alone == D and d2.out == 1 << B and d2.phase == "discard"


def test_law_75_second_hand_assists_and_dealer_may_take_it_alone():
    d = fresh().apply("pass").apply("order")
    assert d.how == "assist" and d.phase == "take" and d.actor == A
    d = d.apply("take alone")
    assert d.alone == A and d.phase == "discard"


def test_law_76_dealer_must_pass_take_up_or_play_alone():
    d = fresh().apply("pass").apply("pass").apply("pass")
    assert d.actor == A and {str(a) for a in d.legal_actions()} == {"pass", "order", "order alone"}
    d = d.apply("order")
    assert d.how == "adopt" and d.phase == "discard"


def test_law_93_partner_who_has_passed_cannot_take_it():
    d = fresh().apply("pass").apply("pass").apply("order")  # D orders; his partner B has passed
    assert d.phase == "discard"  # no "take" stage for B


def test_law_95_dealer_side_ordered_up_has_no_lone_option():
    d = fresh().apply("order").apply("stay")
    assert d.phase == "discard" and d.alone is None


def test_law_77_second_round_and_deal_passed_out():
    d = fresh()
    for _ in range(4):
        d = d.apply("pass")
    assert d.phase == "bid2" and d.actor == B
    assert "call C" not in {str(a) for a in d.legal_actions()}
    for _ in range(4):
        d = d.apply("pass")
    assert d.is_over and d.result is not None and d.result.passed_out and d.result.points == (0, 0)


def test_law_78_naming_the_suit_turned_down_is_a_pass():
    d = fresh()
    for _ in range(4):
        d = d.apply("pass")
    d2 = d.apply("call C")
    assert d2.phase == "bid2" and d2.actor == C and d2.trump is None


def test_next_and_crossing_the_suit_are_named():
    d = fresh()
    for _ in range(4):
        d = d.apply("pass")
    assert "(next)" in d.describe_action(B, Action.parse("call S"))
    assert "(crossing the suit)" in d.describe_action(B, Action.parse("call H"))


def test_stick_the_dealer_in_modern24():
    hands = [pack(24)[i * 5 : (i + 1) * 5] for i in range(4)]
    d = Deal.start(hands, pack(24)[20], rules=MODERN_24)
    for _ in range(7):
        d = d.apply("pass")
    assert d.actor == d.dealer and "pass" not in {str(a) for a in d.legal_actions()}
    with pytest.raises(IllegalAction, match="stick the dealer"):
        d.apply("pass")


# ---------------------------------------------------------------- the discard
def test_law_86_dealer_discards_one_card_and_takes_the_turn_up():
    d = fresh().apply("pass").apply("pass").apply("pass").apply("order")
    assert len(d.hand(A)) == 6 and c("9C") in d.hand(A)
    d = d.apply("discard 8S")
    assert len(d.hand(A)) == 5 and c("8S") not in d.hand(A) and d.phase == "play"


def test_law_88_the_trump_card_cannot_be_discarded():
    d = fresh().apply("pass").apply("pass").apply("pass").apply("order")
    with pytest.raises(IllegalAction) as e:
        d.apply("discard 9C")
    assert e.value.laws == (88,)
    assert d.phase == "discard" and len(d.hand(A)) == 6  # state unchanged


def test_law_96_alone_must_be_announced_before_the_discard():
    d = fresh().apply("pass").apply("pass").apply("pass").apply("order")
    with pytest.raises(IllegalAction) as e:
        d.apply("order alone")
    assert 96 in e.value.laws


# ---------------------------------------------------------------- playing alone
def test_law_101_lone_players_partner_does_not_play_and_eldest_leads():
    d = fresh().apply("order alone").apply("stay").apply("discard 8S")
    assert d.alone == B and d.active_seats() == [A, B, C]
    assert d.actor == B  # the eldest leads
    d2 = fresh().apply("pass").apply("pass").apply("order alone")  # D alone: B out
    d2 = d2.apply("discard 8S")
    assert d2.out == 1 << B and d2.actor == C  # 1877: the lead passes to the dealer's partner


def test_lone_lead_variants():
    r = dataclasses.replace(SOMERSET_1888, lone_lead="lone_player")
    d = Deal.start(CASE_I, "9C", rules=r).apply("pass").apply("pass").apply("order alone").apply("discard 8S")
    assert d.actor == D


def test_jambone_called_card_must_be_played_1877():
    d = Deal.start(CASE_I, "9C", rules=WASHINGTON_1877).apply("pass").apply("pass").apply("pass")
    d = d.apply("order jambone").apply("discard 8S")
    assert d.phase == "callcard" and d.actor == B
    d = d.apply("callcard AH").apply("play QH").apply("play 9H")  # C is out: A plays alone
    assert [str(a) for a in d.legal_actions()] == ["play AH"]


# ---------------------------------------------------------------- play
def test_law_62_must_follow_suit_error_names_the_law_and_leaves_state():
    d = fresh().apply("pass").apply("pass").apply("pass").apply("order").apply("discard 8S")
    d = d.apply("play QH")  # B leads a heart
    with pytest.raises(IllegalAction) as e:
        d.apply("play 7D")  # C holds the 10 of hearts
    assert e.value.laws == (62,) and "10 of hearts" in str(e.value) and "(law 62)" in str(e.value)
    assert d.trick == ((B, c("QH")),)


def test_card_not_held_is_refused_with_a_clear_message():
    d = fresh().apply("pass").apply("pass").apply("pass").apply("order").apply("discard 8S")
    with pytest.raises(IllegalAction, match="does not hold"):
        d.apply("play JC")


def test_the_winner_leads_to_the_next_trick():
    d = fresh().apply("pass").apply("pass").apply("pass").apply("order").apply("discard 8S")
    for code in ("JD", "7D", "TC", "QD"):
        d = d.apply(f"play {code}")
    assert d.tricks[0].winner == D and d.actor == D


def test_bad_input_is_an_input_error():
    with pytest.raises(InputError, match="action"):
        Action.parse("fold")
    with pytest.raises(InputError, match="appears twice"):
        Deal.start([CASE_I[0], CASE_I[0], CASE_I[2], CASE_I[3]], "9C")
    with pytest.raises(InputError, match="not five"):
        Deal.start([CASE_I[0][:4], CASE_I[1], CASE_I[2], CASE_I[3]], "9C")


# ---------------------------------------------------------------- scoring of a deal
def _play_out(d: Deal, choose=lambda acts: acts[0]) -> Deal:
    while not d.is_over:
        d = d.apply(choose(d.legal_actions()))
    return d


@pytest.mark.parametrize(
    "makers_tricks,alone,expected",
    [
        (5, False, (2, 0)),
        (4, False, (1, 0)),
        (3, False, (1, 0)),
        (2, False, (0, 2)),
        (1, False, (0, 2)),
        (5, True, (4, 0)),
        (4, True, (1, 0)),
        (3, True, (1, 0)),
        (1, True, (0, 4)),
    ],
)
def test_law_2_and_law_3_deal_scores(makers_tricks, alone, expected):
    # the last trick: A leads the right bower and wins it
    d = Deal.position(
        [["JC"], ["7D"], [] if alone else ["8D"], ["9D"]],
        "C",
        maker=A,
        alone=A if alone else None,
        leader=A,
        won=[makers_tricks - 1, 5 - makers_tricks, 0, 0],
    )
    d = _play_out(d)
    assert d.tricks_won_by_side()[0] == makers_tricks
    assert d.result is not None and d.result.points == expected


def test_law_2_euchre_when_makers_take_no_trick():
    d = Deal.position([["7D"], ["JC"], ["8D"], ["9D"]], "C", maker=A, leader=B, won=[0, 2, 0, 2])
    d = _play_out(d)
    assert d.tricks_won_by_side() == (0, 5) and d.result is not None and d.result.points == (0, 2)


def test_three_handed_euchre_scores_two_to_each_adversary_or_set_back():
    hands = [["7D"], ["JC"], ["8D"]]
    d = _play_out(Deal.position(hands, "C", maker=0, leader=1, won=[2, 2, 0], rules=HOYLE_3))
    assert d.result is not None and d.result.points == (0, 2, 2)
    r = dataclasses.replace(HOYLE_3, three_handed_scoring="set_back")
    d = _play_out(Deal.position(hands, "C", maker=0, leader=1, won=[2, 2, 0], rules=r))
    assert d.result is not None and d.result.points == (-2, 0, 0)


def test_jambone_march_scores_eight_1877():
    d = Deal.position(
        [["JC"], ["7D"], [], ["9D"]], "C", maker=A, alone=A, leader=A, won=[4, 0, 0, 0], rules=WASHINGTON_1877
    )
    d = d._replace(level=2)
    d = _play_out(d)
    assert d.result is not None and d.result.points == (8, 0)


def test_jamboree_scores_sixteen_1877():
    hands = ["JC JS AC KC QC".split(), "7D 8D 9D TD JD".split(), "7H 8H 9H TH JH".split(), "7S 8S 9S TS QS".split()]
    d = Deal.start(hands, "7C", dealer=D, rules=WASHINGTON_1877)
    assert d.actor == A and "jamboree C" in {str(a) for a in d.legal_actions()}
    d = d.apply("jamboree C")
    assert d.is_over and d.result is not None and d.result.points == (16, 0)
    assert "jamboree C" not in {str(a) for a in Deal.start(hands, "7C", dealer=D).legal_actions()}
