"""The play primitives: each rule of the play written once, with its law beside it.

Everything that decides what may be played, who wins a trick, who speaks and leads, and
what a deal scores is here, and only here. :class:`~euchre_core.kernel.deal.Deal`, the
:class:`~euchre_core.laws.director.Director`, the dealing procedure, the solver, the
simulations, the opponent and ``bench`` (:mod:`euchre_core.kernel.fastplay`) call these
functions, or read tables built from them at import and checked against them by the tests
(``tests/test_kernel_play.py``).

- :func:`legal_play_mask`: Law 62 (follow suit; the left bower is a trump) and the 1877
  jambone called card.
- :func:`trick_winner_index`: the highest trump, else the highest card of the suit led
  (Technical Terms, "Right Bower", "Left Bower"; Hoyle's Joker above both).
- :func:`speaking_order`, :func:`next_to_speak`: Laws 74–77, from the eldest hand round to
  the dealer.
- :func:`first_leader`, :func:`jambone_caller`: the lead (Law 87, the eldest hand; Law 101,
  a lone player's partner is out) and the 1877 call of a jambone card.
- :func:`deal_points`, :func:`score_deal`: Laws 2 and 3, the 1877 jambone, Hoyle's
  three-handed scoring; :data:`JAMBOREE_MASK` and the 1877 jamboree.

Law 7 (a game counts two when the losers have not scored; the rubber's two points) concerns
games and the rubber, not a deal's points: it lives in :mod:`euchre_core.laws.scoring`.

>>> from euchre_core.kernel.cards import Card, Suit, mask_of
>>> hand = mask_of(Card.parse(c) for c in ("JS", "QS", "AH"))
>>> [str(c) for c in legal_cards(hand, Card.parse("AC"), Suit.CLUBS)]   # the left bower is a club
['JS']
>>> trick_winner_index(Suit.CLUBS, [Card.parse(c) for c in ("AD", "JS", "KD", "9H")])
1
>>> speaking_order(4, dealer=0)
(1, 2, 3, 0)
>>> deal_points(SOMERSET_1888, makers=0, level=1, makers_tricks=5)   # a lone march (Law 3)
(4, 0)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .cards import Card, cards_of_mask
from .rules import SOMERSET_1888, RuleSet  # noqa: F401 (the doctests use SOMERSET_1888)
from .tables import EFFECTIVE_SUIT, PLAY_KEY, SUIT_MASK, TRUMP_POWER

__all__ = [
    "DealResult",
    "JAMBOREE_MASK",
    "LEVEL_PLAIN",
    "LEVEL_ALONE",
    "LEVEL_JAMBONE",
    "legal_play_mask",
    "legal_cards",
    "trick_winner_index",
    "speaking_order",
    "next_to_speak",
    "first_leader",
    "jambone_caller",
    "partner_out_mask",
    "next_in_play",
    "deal_points",
    "score_deal",
    "holds_jamboree",
]

# the levels of a hand: with the partner, alone (Laws 93-101), jambone (1877: alone, cards exposed)
LEVEL_PLAIN = 0
LEVEL_ALONE = 1
LEVEL_JAMBONE = 2


# ---------------------------------------------------------------------------------------- the play


def legal_play_mask(hand: int, led_card: int | None, trump: int, called: int | None = None) -> int:
    """The cards of ``hand`` (a bit set) that may be played to a trick whose first card is
    ``led_card`` (``None``: the player leads).

    Law 62 (the revoke: "holding one or more cards of the suit led, plays a card of a
    different suit"): a player holding the suit led (its effective suit: the left bower is a
    trump, and so is the Joker) must follow; otherwise any card.

    ``called``: the 1877 jambone (Washington code, ch. IV): the card an adversary called from
    the exposed hand to the first trick. Pass it only for the jambone player's first trick. The
    jambone player "is compelled to play the card called, when not inconsistent with the system
    of play": he must lead it when he leads, and play it when it follows suit. When he can follow
    and the called card does not, Law 62 wins. When he cannot follow, the text limits the call:
    "No player ... can require him to throw away a commanding card of a lay suit to a lead of a
    different suit, but in that case can only call his lowest trump" (and "could not play a lay
    card of a different suit and call the Ace of the lay suit to be played to it"). The reading
    chosen: void in the suit led, he must play the called card only if it is his lowest trump; a
    call of a lay card or of a higher trump does not bind him, and he plays as he chooses (the
    text gives no penalty for such a call, so it is simply without effect; "commanding" is read
    as any lay card, since "can only call his lowest trump" admits no other).

    >>> from euchre_core.kernel.cards import Card, Suit, mask_of, cards_of_mask
    >>> h = mask_of(Card.parse(c) for c in ("JS", "QS", "AH"))
    >>> [str(c) for c in cards_of_mask(legal_play_mask(h, Card.parse("AC"), Suit.CLUBS))]
    ['JS']
    >>> [str(c) for c in cards_of_mask(legal_play_mask(h, None, Suit.CLUBS, called=Card.parse("QS")))]
    ['QS']
    >>> [str(c) for c in cards_of_mask(legal_play_mask(h, Card.parse("7H"), Suit.CLUBS, called=Card.parse("QS")))]
    ['AH']
    >>> [str(c) for c in cards_of_mask(legal_play_mask(h, Card.parse("7D"), Suit.SPADES, called=Card.parse("QS")))]
    ['QS']
    >>> len(cards_of_mask(legal_play_mask(h, Card.parse("7D"), Suit.CLUBS, called=Card.parse("AH"))))
    3
    """
    if called is not None and hand >> called & 1:
        called_bit = 1 << called
        if led_card is None:
            return called_bit
        follow = hand & SUIT_MASK[trump][EFFECTIVE_SUIT[trump][led_card]]
        if follow:
            return called_bit if follow & called_bit else follow  # Law 62 first
        if called_bit & SUIT_MASK[trump][trump] and called == _lowest_trump(hand, trump):
            return called_bit
        return hand  # a call that does not bind
    if led_card is None:
        return hand
    return hand & SUIT_MASK[trump][EFFECTIVE_SUIT[trump][led_card]] or hand


def _lowest_trump(hand: int, trump: int) -> int:
    power = TRUMP_POWER[trump]
    return min(cards_of_mask(hand & SUIT_MASK[trump][trump]), key=lambda c: power[c])


def legal_cards(hand: int, led_card: int | None, trump: int, called: int | None = None) -> list[Card]:
    """:func:`legal_play_mask` as a list of cards, lowest index first."""
    return cards_of_mask(legal_play_mask(hand, led_card, trump, called))


def trick_winner_index(trump: int, cards: Sequence[int]) -> int:
    """Index (in playing order) of the card that wins a trick: the highest trump, else the
    highest card of the suit led (effective suits: the left bower is the second trump, the
    Joker the first; Technical Terms "Right Bower", "Left Bower").

    >>> from euchre_core.kernel.cards import Card, Suit
    >>> trick_winner_index(Suit.CLUBS, [Card.parse(c) for c in ("JD", "7D", "TC", "8S")])
    2
    """
    keys = PLAY_KEY[trump][EFFECTIVE_SUIT[trump][cards[0]]]
    best = 0
    best_key = keys[cards[0]]
    for i in range(1, len(cards)):
        k = keys[cards[i]]
        if k > best_key:
            best, best_key = i, k
    return best


# ---------------------------------------------------------------------------------- speaking, leading

_ORDERS = {n: tuple(tuple((dealer + 1 + i) % n for i in range(n)) for dealer in range(n)) for n in (2, 3, 4)}


def speaking_order(n: int, dealer: int) -> tuple[int, ...]:
    """The order in which the players speak, in both rounds of making the trump: the eldest
    hand (on the dealer's left) first and so round to the dealer (Laws 74–77). It is also the
    order the cards are dealt in (Law 42).

    >>> speaking_order(4, 2), speaking_order(2, 1)
    ((3, 0, 1, 2), (0, 1))
    """
    return _ORDERS[n][dealer]


def next_to_speak(n: int, dealer: int, seat: int) -> int | None:
    """Who speaks after ``seat`` in the same round; ``None`` after the dealer, who speaks last
    (Law 76; Law 77: when all have passed the round is over).

    >>> next_to_speak(4, 0, 1), next_to_speak(4, 0, 0)
    (2, None)
    """
    return None if seat == dealer else (seat + 1) % n


def partner_out_mask(n: int, alone: int | None) -> int:
    """The seats out of the play (a bit set): a lone player's partner (Law 101).

    >>> partner_out_mask(4, 1), partner_out_mask(4, None)
    (8, 0)
    """
    return 1 << ((alone + 2) % 4) if alone is not None and n == 4 else 0


def next_in_play(n: int, seat: int, out: int = 0) -> int:
    """The next player to play after ``seat``, clockwise, skipping the seats in ``out`` (a lone
    player's partner, Law 101).

    >>> next_in_play(4, 0, out=partner_out_mask(4, 3)), next_in_play(4, 3)
    (2, 0)
    """
    s = (seat + 1) % n
    while out >> s & 1:
        s = (s + 1) % n
    return s


def first_leader(rules: RuleSet, n: int, dealer: int, alone: int | None, out: int) -> int:
    """Who leads to the first trick. The 1888 laws: the eldest hand (Law 87: "should the
    eldest hand lead"), and when he is out because his partner plays alone (Law 101), the
    next player in turn. ``rules.lone_lead`` gives the other codes' practice against a lone
    hand: ``left_of_lone`` (the player on the lone player's left) or ``lone_player``.

    >>> first_leader(SOMERSET_1888, 4, dealer=0, alone=3, out=partner_out_mask(4, 3))   # B is out
    2
    """
    mode = rules.lone_lead
    if alone is not None and mode == "lone_player":
        return alone
    if alone is not None and mode == "left_of_lone":
        return next_in_play(n, alone, out)
    return next_in_play(n, dealer, out)


def jambone_caller(n: int, leader: int, alone: int, out: int) -> int:
    """1877 jambone: the adversary who may call one exposed card to the first trick: the one
    entitled to lead, or, when the jambone player leads, his left-hand adversary.

    >>> jambone_caller(4, leader=1, alone=0, out=partner_out_mask(4, 0)), jambone_caller(4, 0, 0, 4)
    (1, 1)
    """
    return leader if leader != alone else next_in_play(n, alone, out)


# --------------------------------------------------------------------------------------- scoring


@dataclass(frozen=True)
class DealResult:
    """How a deal ended and what it scored (Laws 2, 3; Law 77 for a deal passed out)."""

    makers: int | None  # the making side (index), None if passed out
    maker: int | None  # the seat that made (ordered up, assisted, adopted, named)
    alone: int | None  # the lone seat, if any
    tricks_won: tuple[int, ...]  # by side
    points: tuple[int, ...]  # this deal's change, by side
    euchred: bool = False
    march: bool = False
    passed_out: bool = False  # Law 77: all passed twice; the next player deals
    jamboree: bool = False  # 1877


def deal_points(rules: RuleSet, makers: int, level: int, makers_tricks: int) -> tuple[int, ...]:
    """The points of a deal played out, by side (Laws 2 and 3; the 1877 jambone).

    Law 2: the makers score one for three or four tricks, two for five (a march); with fewer
    than three they are euchred and the adversaries score two. Law 3: alone, one, four, and
    four to the adversaries. 1877: jambone one, eight, eight (and the revoke and jamboree in
    their own places). Hoyle's three-handed euchre: each adversary scores the euchre, or
    (``set_back``) the euchred player is set back.

    >>> deal_points(SOMERSET_1888, 1, 0, 3), deal_points(SOMERSET_1888, 1, 0, 2)
    ((0, 1), (2, 0))
    """
    r = rules
    pts = [0] * r.sides
    if makers_tricks == 5:
        pts[makers] = (r.march, r.alone_march, r.jambone_march)[level]  # Laws 2, 3
    elif makers_tricks >= 3:
        pts[makers] = (r.point, r.alone_point, r.jambone_point)[level]  # Laws 2, 3
    else:
        value = (r.euchre, r.alone_euchred, r.jambone_euchred)[level]  # Laws 2, 3
        if r.sides == 2:
            pts[1 - makers] = value
        elif r.three_handed_scoring == "set_back":
            pts[makers] = -value  # Hoyle: the euchred player is "set back"
        else:
            for s in range(r.sides):  # Hoyle: each adversary scores two
                if s != makers:
                    pts[s] = value
    return tuple(pts)


def score_deal(
    rules: RuleSet, makers: int, maker: int | None, alone: int | None, level: int, by_side: tuple[int, ...]
) -> DealResult:
    """Laws 2 and 3 (and the 1877 jambone; Hoyle's three-handed euchre): a deal's result.

    >>> score_deal(SOMERSET_1888, 0, 0, None, 0, (5, 0)).points
    (2, 0)
    >>> score_deal(SOMERSET_1888, 1, 1, 1, 1, (3, 2)).points    # a lone hand euchred: four (Law 3)
    (4, 0)
    """
    mt = by_side[makers]
    return DealResult(
        makers, maker, alone, tuple(by_side), deal_points(rules, makers, level, mt), euchred=mt < 3, march=mt == 5
    )


def jamboree_result(rules: RuleSet, side: int, seat: int) -> DealResult:
    """1877: a jamboree shown scores ``rules.jamboree_points`` (sixteen) and ends the deal."""
    pts = [0] * rules.sides
    pts[side] = rules.jamboree_points
    return DealResult(side, seat, None, (0,) * rules.sides, tuple(pts), jamboree=True)


# JAMBOREE_MASK[trump]: "the five highest cards, namely, the two Bowers, Ace, King, and Queen of
# trumps" (1877, ch. IV), built from the trump order (the Joker, never in the 1877 pack, left out)
JAMBOREE_MASK: list[int] = []
for _t in range(4):
    _top = sorted((c for c in range(32) if TRUMP_POWER[_t][c]), key=lambda c: -TRUMP_POWER[_t][c])[:5]
    JAMBOREE_MASK.append(sum(1 << c for c in _top))


def holds_jamboree(hand: int, trump: int) -> bool:
    """Does ``hand`` (a bit set) hold the 1877 jamboree in ``trump``?

    >>> from euchre_core.kernel.cards import Card, Suit, mask_of
    >>> holds_jamboree(mask_of(Card.parse(c) for c in "JC JS AC KC QC".split()), Suit.CLUBS)
    True
    """
    m = JAMBOREE_MASK[trump]
    return hand & m == m
