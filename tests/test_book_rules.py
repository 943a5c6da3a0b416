"""The book's rules of thumb (General Remarks): the lists of "Assist with", "Order with" and "Take
up", the dealer's discard, the lead against a lone hand, and the quick policy that fills in the
bidding by them (euchre_core/search/book_rules.py)."""

from euchre_core.kernel.actions import Action
from euchre_core.kernel.cards import Card, Suit, parse_cards
from euchre_core.kernel.deal import Deal
from euchre_core.search import opponent
from euchre_core.search.book_rules import (
    book_bid,
    book_discard,
    book_lead_against_lone,
    book_make,
    book_policy,
    book_rollout,
    role_of,
)


def test_book_eldest_hand_examples() -> None:
    """Hint eldest-2: the book's two hands; pass and make it next."""
    for hand in ("JC TC 9C KS TS", "JS AC 7C 7S 7D"):
        adv = book_bid(parse_cards(hand), Card.parse("QC"), "eldest")
        assert not adv.act and adv.hints == ("eldest-2",)
    adv = book_make(parse_cards("AH KH 7H JS TC"), Suit.SPADES, "eldest")  # eldest-3
    assert adv.act and adv.suit == Suit.CLUBS


def test_book_lists() -> None:
    assert book_bid(parse_cards("JH 8H AC KS 9S"), Card.parse("KH"), "second").act  # right and another
    assert not book_bid(parse_cards("7S 8S AH KD 9C"), Card.parse("JS"), "second").act  # second-11
    assert book_bid(parse_cards("JD JH 9S AC 8C"), Card.parse("TH"), "third").hints == ("third-7",)
    assert not book_bid(parse_cards("JD AH 9S AC 8C"), Card.parse("JH"), "third").act  # right turned
    assert book_bid(parse_cards("JD AD 8S 9C 7H"), Card.parse("KD"), "dealer").act  # right and ace


def test_book_discards_and_leads() -> None:
    assert str(book_discard(parse_cards("JC 9C 8C AH 7H KD"), Suit.CLUBS, Card.parse("9C"))) == "KD"  # dealer-18
    assert str(book_discard(parse_cards("JC 9C AH 7H KD 7D"), Suit.CLUBS, Card.parse("9C"))) == "7D"  # dealer-18
    assert str(book_discard(parse_cards("JC 9C 8C AH KH AD"), Suit.CLUBS, Card.parse("9C"))) == "KH"  # dealer-19
    assert str(book_lead_against_lone(parse_cards("8C 7C QH QS 7S"), Suit.CLUBS)) == "QH"  # lone-hands-6
    assert str(book_lead_against_lone(parse_cards("KC KH AD 7D TS"), Suit.CLUBS)) == "KH"  # lone-hands-7


def test_roles_follow_the_order_of_speaking() -> None:
    """Laws 74-76: the player on the dealer's left speaks first (eldest), the dealer last."""
    assert [role_of(s, dealer=2) for s in (3, 0, 1, 2)] == ["eldest", "second", "third", "dealer"]


def test_the_policy_is_legal_and_the_rollout_reaches_the_play() -> None:
    """The rollouts' policy only ever offers a legal action, and the rollout stops at the play (or the end)."""
    for seed in range(30):
        d = Deal.shuffled(seed=seed)
        while not d.is_over and d.phase != "play":
            a = book_policy(d)
            assert a in d.legal_actions()
            d = d.apply(a)
        r = book_rollout(Deal.shuffled(seed=seed))
        assert r.is_over or r.phase == "play"
        assert (r.phase, r.trump) == (d.phase, d.trump)  # the same policy: the same bidding


def test_the_opponent_uses_the_book_rules_for_the_rest_of_the_bidding() -> None:
    """Each rule once: the opponent's rollouts are these (not a copy)."""
    assert opponent.book_rollout is book_rollout and opponent.book_bid is book_bid
    assert isinstance(book_policy(Deal.shuffled(seed=1)), Action)
