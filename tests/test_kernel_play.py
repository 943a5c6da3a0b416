"""The kernel's play primitives (euchre_core.kernel.play), tested from the book's text, and every
fast copy of a rule (bench's loop, the solver's bit sets, the director) checked against them."""

from __future__ import annotations

import dataclasses
import random

import pytest

from euchre_core import Deal
from euchre_core.kernel.cards import JOKER, Card, Suit, cards_of_mask, mask_of, pack
from euchre_core.kernel.errors import IllegalAction
from euchre_core.kernel.fastplay import play_random_deal_logged
from euchre_core.kernel.play import (
    JAMBOREE_MASK,
    deal_points,
    first_leader,
    holds_jamboree,
    jambone_caller,
    legal_play_mask,
    next_to_speak,
    partner_out_mask,
    speaking_order,
    trick_winner_index,
)
from euchre_core.kernel.rules import MODERN_24, SOMERSET_1888, WASHINGTON_1877, rules_by_name
from euchre_core.laws.director import Director
from euchre_core.search import solver

A, B, C, D = range(4)


def cards(text: str) -> list[Card]:
    return [Card.parse(t) for t in text.split()]


def legal(hand: str, led: str | None, trump: Suit, called: str | None = None) -> set[str]:
    m = legal_play_mask(
        mask_of(cards(hand)), Card.parse(led) if led else None, trump, Card.parse(called) if called else None
    )
    return {str(c) for c in cards_of_mask(m)}


# ------------------------------------------------------------------------------ the rules, by the text


def test_law_62_must_follow_the_suit_led_and_the_left_bower_is_a_trump():
    # Law 62: "holding one or more cards of the suit led, plays a card of a different suit"
    assert legal("JS QS AH", "AC", Suit.CLUBS) == {"JS"}  # JS is the left bower: a club
    assert legal("JS QS AH", "AS", Suit.CLUBS) == {"QS"}  # and so not a spade
    assert legal("JS QS AH", "7D", Suit.CLUBS) == {"JS", "QS", "AH"}  # void: any card
    assert legal("QS AH 9C", "JS", Suit.CLUBS) == {"9C"}  # the left led: trumps were led
    assert legal("JS QS AH", None, Suit.CLUBS) == {"JS", "QS", "AH"}  # the leader plays any card


def test_the_joker_is_always_a_trump():
    assert legal("JK 9H AS", "TC", Suit.CLUBS) == {"JK"}
    assert trick_winner_index(Suit.CLUBS, [Card.parse("JC"), JOKER]) == 1  # the Best Bower


def test_trick_winner_highest_trump_else_highest_of_the_suit_led():
    assert trick_winner_index(Suit.CLUBS, cards("AD JS KD 9H")) == 1  # the left bower trumps
    assert trick_winner_index(Suit.CLUBS, cards("KD AH AS QD")) == 0  # aces of other suits lose
    assert trick_winner_index(Suit.HEARTS, cards("TH JD JH AH")) == 2  # the right above the left
    assert trick_winner_index(Suit.SPADES, cards("9D TD 7S JD")) == 2  # the smallest trump wins
    assert trick_winner_index(Suit.SPADES, cards("JD TD")) == 0  # plain knave: ranks as a knave


def test_law_74_to_77_the_order_of_speaking_from_the_eldest_to_the_dealer():
    assert speaking_order(4, A) == (B, C, D, A)
    assert speaking_order(4, D) == (A, B, C, D)
    assert [next_to_speak(4, A, s) for s in (B, C, D, A)] == [C, D, A, None]  # the dealer speaks last
    assert speaking_order(3, 1) == (2, 0, 1)


def test_law_101_the_lone_players_partner_is_out_and_the_next_leads():
    out = partner_out_mask(4, D)  # D alone: B is out
    assert out == 1 << B
    assert first_leader(SOMERSET_1888, 4, A, D, out) == C  # the eldest (B) is out: C leads
    assert first_leader(SOMERSET_1888, 4, A, None, 0) == B
    r = dataclasses.replace(SOMERSET_1888, lone_lead="left_of_lone")
    assert first_leader(r, 4, A, C, partner_out_mask(4, C)) == D
    assert first_leader(r, 4, A, D, partner_out_mask(4, D)) == A  # on D's left sits A, the dealer
    assert first_leader(dataclasses.replace(SOMERSET_1888, lone_lead="lone_player"), 4, A, C, 1) == C


@pytest.mark.parametrize(
    "tricks, alone, expected",
    [
        (5, 0, (2, 0)),
        (4, 0, (1, 0)),
        (3, 0, (1, 0)),
        (2, 0, (0, 2)),
        (0, 0, (0, 2)),  # Law 2
        (5, 1, (4, 0)),
        (3, 1, (1, 0)),
        (2, 1, (0, 4)),  # Law 3
    ],
)
def test_law_2_and_law_3_the_deal_points(tricks, alone, expected):
    assert deal_points(SOMERSET_1888, 0, alone, tricks) == expected
    assert deal_points(SOMERSET_1888, 1, alone, tricks) == expected[::-1]


def test_1877_jambone_scores_eight_one_or_eight_to_the_adversaries():
    assert [deal_points(WASHINGTON_1877, 0, 2, t) for t in (5, 3, 2)] == [(8, 0), (1, 0), (0, 8)]
    assert deal_points(MODERN_24, 0, 1, 1) == (0, 2)  # modern: a lone euchre is two


def test_hoyle_three_handed_euchre_each_adversary_scores_or_set_back():
    r = rules_by_name("hoyle3")
    assert deal_points(r, 1, 0, 2) == (2, 0, 2)
    assert deal_points(dataclasses.replace(r, three_handed_scoring="set_back"), 1, 0, 2) == (0, -2, 0)


def test_1877_jamboree_is_both_bowers_ace_king_queen():
    assert [str(c) for c in cards_of_mask(JAMBOREE_MASK[Suit.HEARTS])] == ["JD", "JH", "QH", "KH", "AH"]
    assert holds_jamboree(mask_of(cards("JC JS AC KC QC")), Suit.CLUBS)
    assert not holds_jamboree(mask_of(cards("JC JS AC KC TC")), Suit.CLUBS)


def test_1877_jambone_called_card():
    # "compelled to play the card called, when not inconsistent with the system of play"
    assert legal("JC AH KH", None, Suit.CLUBS, called="AH") == {"AH"}  # he leads it
    assert legal("JC AH KH", "QH", Suit.CLUBS, called="AH") == {"AH"}  # it follows suit
    # void in the suit led: "can only call his lowest trump"; a lay card of another suit (the
    # ace of hearts to a diamond lead) or a higher trump called does not bind him
    assert legal("JC AH KH", "7D", Suit.CLUBS, called="AH") == {"JC", "AH", "KH"}
    assert legal("JC 9C AH", "7D", Suit.CLUBS, called="9C") == {"9C"}
    assert legal("JC 9C AH", "7D", Suit.CLUBS, called="JC") == {"JC", "9C", "AH"}
    assert legal("JS 7C AH", "7D", Suit.CLUBS, called="7C") == {"7C"}  # the left bower ranks above
    assert legal("JC AH KH", "7C", Suit.CLUBS, called="AH") == {"JC"}  # Law 62 first
    assert legal("JC KH", "7D", Suit.CLUBS, called="AH") == {"JC", "KH"}  # already played
    assert jambone_caller(4, leader=B, alone=A, out=partner_out_mask(4, A)) == B
    assert jambone_caller(4, leader=A, alone=A, out=partner_out_mask(4, A)) == B  # his left-hand adversary


# ------------------------------------------------------------------------------ the director obeys it

HANDS = {
    "A": "JC AH KH 8S QD".split(),
    "B": "AC QH 8H JD TS".split(),
    "C": "7D 8D TD QS TH".split(),
    "D": "KC TC AS 9S 9H".split(),
}


def _jambone_table() -> Director:
    t = Director.start(Deal.start([HANDS[s] for s in "ABCD"], "9C", rules=WASHINGTON_1877))
    return t.replay(
        [
            "B: pass",
            "C: pass",
            "D: pass",
            "A: order jambone",
            "A: discard 8S",
            "B: callcard AH",
            "B: play QH",
            "D: play 9H",
        ]
    )


def test_1877_jambone_called_card_holds_in_the_director():
    t = _jambone_table()
    assert t.deal.called == Card.parse("AH")
    assert t.legal_plays() == [Card.parse("AH")]
    with pytest.raises(IllegalAction, match="ace of hearts was called"):
        t.act("A: play KH")  # a heart, but not the card called
    t2 = t.act("A: play AH")
    assert t2.rulings == () and t2.tricks[0].winner == A
    assert len(t2.legal_plays()) == 4  # the call binds the first trick only


def test_1877_jambone_in_the_director_agrees_with_deal():
    d = Deal.start([HANDS[s] for s in "ABCD"], "9C", rules=WASHINGTON_1877)
    for a in ("pass", "pass", "pass", "order jambone", "discard 8S", "callcard AH", "play QH", "play 9H"):
        d = d.apply(a)
    assert [a.card for a in d.legal_actions()] == _jambone_table().legal_plays()


# ------------------------------------------------------------------------------ the fast copies


@pytest.mark.parametrize(
    "rules_name",
    ["somerset1888", "washington1877", "modern24", "hoyle2", "hoyle3", "hoyle4+joker", "somerset1888+joker"],
)
def test_bench_loop_offers_exactly_the_kernels_legal_cards(rules_name):
    """fastplay's logged deals, replayed through Deal: at every play the cards the fast loop chose
    among are the kernel's legal cards; the tricks and the points are the same."""
    rules = rules_by_name(rules_name)
    plays = 0
    for seed in range(150):
        record, points = play_random_deal_logged(rules, seed, dealer=seed % rules.players)
        offered = iter(record["offered"])
        d = Deal.start(
            [record["hands"][s] for s in "ABCD"[: rules.players]],
            record["turn_up"],
            "ABCD".index(record["dealer"]),
            rules,
            stock=record["stock"],
        )
        for entry in record["log"]:
            act = entry.split(": ", 1)[1]
            if act.startswith("play"):
                assert next(offered) == [str(a.card) for a in d.legal_actions()], (seed, entry)
                plays += 1
            d = d.apply(act)
        assert next(offered, None) is None
        assert d.is_over and list(d.result.points) == points
    assert plays > 500


def test_solver_bit_layout_agrees_with_the_kernel_on_every_pair_of_cards():
    """The solver's renumbering: a card beats the winning card iff its bit is higher and it is of
    the suit led or a trump; checked against the kernel's trick winner for every trump, led card
    and second card (33 x 33 x 4), and its follow rule against Law 62 on random hands."""
    rng = random.Random(3)
    for trump in Suit:
        bit_of, _, suit_of_len, trump_mask = solver.LAYOUTS[trump]
        for led in range(33):
            lb = bit_of[led]
            led_mask = suit_of_len[lb.bit_length()]
            for c in range(33):
                if c == led:
                    continue
                b = bit_of[c]
                fast = b > lb and bool(b & (led_mask | trump_mask))
                assert fast == (trick_winner_index(trump, [led, c]) == 1), (trump, Card(led), Card(c))
            for _ in range(40):
                hand = rng.sample([x for x in range(33) if x != led], rng.randint(1, 5))
                hm = mask_of(hand)
                fast_legal = solver.to_layout(hm, bit_of) & led_mask or solver.to_layout(hm, bit_of)
                assert fast_legal == solver.to_layout(legal_play_mask(hm, led, trump), bit_of)


def test_solver_trick_winner_on_random_four_card_tricks():
    rng = random.Random(5)
    full = pack(33)
    for _ in range(3000):
        trump = rng.randrange(4)
        trick = rng.sample(full, 4)
        bit_of, _, suit_of_len, trump_mask = solver.LAYOUTS[trump]
        win, wi = bit_of[trick[0]], 0
        lt = suit_of_len[win.bit_length()] | trump_mask
        for i, c in enumerate(trick[1:], 1):
            if bit_of[c] > win and bit_of[c] & lt:
                win, wi = bit_of[c], i
        assert wi == trick_winner_index(trump, trick)


# ------------------------------------------------------------------------------ typed values


def _namespace() -> dict:
    import euchre_core
    from euchre_core.kernel.deal import Phase
    from euchre_core.laws.dealing import DealingPhase

    return {**{k: getattr(euchre_core, k) for k in euchre_core.__all__}, "Phase": Phase, "DealingPhase": DealingPhase}


def _random_deals():
    rng = random.Random(11)
    for name in ("somerset1888", "washington1877", "modern24", "hoyle2", "hoyle3", "hoyle4+joker"):
        rules = rules_by_name(name)
        for seed in range(12):
            d = Deal.shuffled(seed, dealer=seed % rules.players, rules=rules)
            yield d
            while not d.is_over:
                d = d.apply(rng.choice(d.legal_actions()))
                yield d
    custom = dataclasses.replace(MODERN_24, stick_the_dealer=False, lone_lead="left_of_lone")
    d = Deal.shuffled(1, rules=custom)
    while not d.is_over:
        d = d.apply(d.legal_actions()[-1])
        yield d


def test_repr_evaluates_back_to_an_equal_value():
    ns = _namespace()
    for c in pack(33):
        assert eval(repr(c), ns) == c
    for s in Suit:
        assert eval(repr(s), ns) is s
    for r in list(ns["RULE_SETS"].values()) + [
        rules_by_name("hoyle2+joker"),
        dataclasses.replace(SOMERSET_1888, lone_lead="lone_player"),
    ]:
        assert eval(repr(r), ns) == r
    checked = 0
    for d in _random_deals():
        assert eval(repr(d), ns) == d, repr(d)
        assert eval(repr(d.phase), ns) is d.phase
        for a in d.legal_actions():
            assert eval(repr(a), ns) == a
        checked += 1
    assert checked > 500
    d = Deal.shuffled(8)
    assert eval(repr(d.setup), ns) == d.setup


def test_repr_of_positions_evaluates_back_with_the_plays():
    ns = _namespace()
    hands = ["9C JC AH KH 8S".split(), "7D 8D TD QS TH".split(), [], "KC TC AS 9S 9H".split()]  # C is out
    d = Deal.position(hands, "C", maker=0, alone=0, rules=WASHINGTON_1877, won=None)
    for _ in range(7):
        assert eval(repr(d), ns) == d, repr(d)
        d = d.apply(d.legal_actions()[-1])
    d = Deal.position(
        [["JC", "AC"], ["KC", "QC"], ["AH", "KH"], ["QH", "JH"]], "C", maker=0, leader=2, won=[1, 1, 1, 0], turn_up="9D"
    )
    d = d.apply("play AH")
    assert eval(repr(d), ns) == d


def test_phases_are_enums_and_keep_their_json_names():
    import json

    from euchre_core.kernel.deal import Phase
    from euchre_core.laws.dealing import DealingPhase, DealingProcedure

    seen = set()
    for d in _random_deals():
        assert type(d.phase) is Phase
        seen.add(d.phase)
    assert seen == set(Phase) - {Phase.ALONE} | ({Phase.ALONE} & seen)
    assert json.dumps({"phase": Phase.PLAY}) == '{"phase": "play"}' and f"{Phase.BID2}" == "bid2"
    p = DealingProcedure.start(dealer="A", seed=1).replay(["C: shuffle", "A: shuffle", "D: cut 12"])
    assert p.phase is DealingPhase.CUT and p.to_json()["phase"] == "cut"
    assert type(p.act("A: deal 2-3").phase) is DealingPhase


def test_card_and_rules_errors_are_input_errors_of_the_engine_family():
    from euchre_core.kernel.cards import CardError
    from euchre_core.kernel.errors import EuchreError, InputError
    from euchre_core.kernel.rules import RulesError

    with pytest.raises(InputError, match="not a card: 'ZZ'"):
        Card.parse("ZZ")
    with pytest.raises(InputError, match="not a suit"):
        Suit.parse("X")
    with pytest.raises(InputError, match="unknown rule set"):
        rules_by_name("bridge")
    with pytest.raises(EuchreError):
        dataclasses.replace(SOMERSET_1888, players=5)
    assert issubclass(CardError, InputError) and issubclass(RulesError, InputError)


def test_the_tables_phase_is_an_enum_too():
    from euchre_core.laws.entry import Roster, RosterPhase

    t = Roster.form("one", ["Ames", "Bell", "Cole", "Dunn", "Eddy"], seed=1)
    assert t.phase is RosterPhase.PLAYING
    t = t.end_rubber()
    assert t.phase is RosterPhase.BETWEEN and t.phase == "between"
    assert t.cut_out().phase is RosterPhase.CUTTING


def test_1877_jambone_player_leading_must_lead_the_called_card_in_the_director():
    # "If the Jambone player is entitled to the lead, then his left-hand adversary has the right to
    # call one of the exposed cards as the lead": B, the eldest hand, plays jambone; C calls.
    t = Director.start(Deal.start([HANDS[s] for s in "ABCD"], "9C", rules=WASHINGTON_1877))
    t = t.replay(["B: order jambone", "D: stay", "A: discard 8S"])  # D, his partner, lets it stand
    assert t.deal.phase == "callcard" and t.actor_name == "C"
    t = t.act("C: callcard QH")
    assert t.actor_name == "B" and t.legal_plays() == [Card.parse("QH")]
    with pytest.raises(IllegalAction, match="queen of hearts was called"):
        t.act("B: play AC")
    assert t.act("B: play QH").trick == ((B, Card.parse("QH")),)
