"""The book's rules of thumb (the General Remarks): what a hand should bid, make, discard and lead
against a lone hand, by the lists of "Assist with", "Order with" and "Take up", and a quick policy
that fills in the bidding by them (the opponent's rollouts, the lessons).

These are the book's advice, not its laws: nothing here decides what is legal (that is
:mod:`euchre_core.kernel`). :mod:`euchre_core.search.opponent` uses them for the rest of the
bidding in each sampled deal; :mod:`euchre_core.app.lessons` shows them to the learner.

>>> from euchre_core.kernel.cards import parse_cards
>>> book_bid(parse_cards("JH 8H AC KS 9S"), Card.parse("KH"), "second").hints    # right and another
('second-3',)
>>> str(book_discard(parse_cards("JC 9C AH 7H KD 7C"), Suit.CLUBS, Card.parse("7C")))
'KD'
>>> role_of(0, dealer=3)                                                          # left of the dealer
'eldest'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..kernel.actions import Action
from ..kernel.cards import Card, Rank, Suit
from ..kernel.deal import Deal
from ..kernel.errors import InputError
from ..kernel.play import speaking_order
from ..kernel.tables import EFFECTIVE_SUIT, LEFT_BOWER, PLAY_KEY, RIGHT_BOWER, TRUMP_POWER

__all__ = [
    "BookAdvice",
    "alone_worthy",
    "book_bid",
    "book_discard",
    "book_lead_against_lone",
    "book_make",
    "book_policy",
    "book_rollout",
    "can_make",
    "role_of",
    "trumps_in",
]


def trumps_in(cards: Iterable[Card], trump: Suit | int) -> list[Card]:
    """The trumps among ``cards`` (the left bower is one), highest first.

    >>> [str(c) for c in trumps_in([Card.parse(x) for x in "9H JD AH 7C".split()], Suit.HEARTS)]
    ['JD', 'AH', '9H']
    """
    t = int(trump)
    return sorted((c for c in cards if EFFECTIVE_SUIT[t][c] == t), key=lambda c: -TRUMP_POWER[t][c])


def can_make(cards: Iterable[Card], suit: Suit | int) -> bool:
    """The book's "can make it" in a suit: three trumps, or two with a bower.

    >>> can_make([Card.parse(x) for x in "JS TC AH KH 7H".split()], Suit.CLUBS)    # left and a small one
    True
    """
    tr = trumps_in(cards, suit)
    bowers = {RIGHT_BOWER[int(suit)], LEFT_BOWER[int(suit)]}
    return len(tr) >= 3 or (len(tr) >= 2 and any(c in bowers for c in tr))


@dataclass(frozen=True)
class BookAdvice:
    """What the General Remarks advise: ``act`` (order up, assist, take up, or name ``suit``),
    the hints that say so (ids of ``content/hints.yaml``), and ``score_dependent`` when the only
    hints that match are those "dependent upon the score"."""

    act: bool
    hints: tuple[str, ...] = ()
    score_dependent: tuple[str, ...] = ()
    suit: Suit | None = None
    alone: bool = False
    reason: str = ""


def _outside_aces(cards: Sequence[Card], trump: int) -> int:
    return sum(1 for c in cards if EFFECTIVE_SUIT[trump][c] != trump and c & 7 == Rank.ACE)


def _plain_suits(cards: Sequence[Card], trump: int) -> dict[int, list[Card]]:
    out: dict[int, list[Card]] = {}
    for c in cards:
        s = EFFECTIVE_SUIT[trump][c]
        if s != trump:
            out.setdefault(s, []).append(c)
    return out


def _hint_matches(cards: Sequence[Card], trump: int, role: str, turn_up: Card) -> tuple[list[str], list[str]]:
    """The items of the book's lists that the holding matches: (plain, dependent on the score)."""
    tr = trumps_in(cards, trump)
    n = len(tr)
    right, left = RIGHT_BOWER[trump], LEFT_BOWER[trump]
    ace, king, queen = trump * 8 + Rank.ACE, trump * 8 + Rank.KING, trump * 8 + Rank.QUEEN
    has = set(tr).__contains__
    others = n - 1  # trumps besides any one named
    oa = _outside_aces(cards, trump)
    plain = _plain_suits(cards, trump)
    medium = [c for c in tr if c in (right, left) or (c & 7) >= Rank.TEN]
    right_turned = turn_up == right
    hits: list[str] = []
    score: list[str] = []
    if role == "second":
        if n >= 3:
            hits.append("second-2")
        if has(right) and others >= 1:
            hits.append("second-3")
        if has(left) and others >= 1 and oa:
            hits.append("second-4")
        if has(left) and others >= 1:
            score.append("second-5")
        if n >= 2 and oa >= 2:
            hits.append("second-6")
        if has(ace) and others >= 1 and oa:
            (hits if right_turned else score).append("second-7")
        if len(medium) >= 2 and any(len(v) >= 3 and max(x & 7 for x in v) == Rank.ACE for v in plain.values()):
            score.append("second-8")
    elif role == "third":
        if right_turned:
            return [], []
        if n >= 4:
            hits.append("third-5")
        if has(right) and has(left) and n >= 3:
            hits.append("third-6")
        if has(right) and has(left) and oa:
            hits.append("third-7")
        if n >= 3 and oa >= 2:
            hits.append("third-8")
        if n >= 3 and len(plain) == 1 and any(x & 7 == Rank.ACE for v in plain.values() for x in v):
            hits.append("third-9")
        if has(right) and has(ace) and n >= 3:
            hits.append("third-10")
        if has(left) and has(ace) and has(king) and oa:
            hits.append("third-11")
        if has(left) and has(ace) and has(king) and len(plain) <= 1:
            hits.append("third-12")
        if has(left) and has(ace) and has(king):
            score.append("third-13")
        if has(left) and has(king) and n >= 3 and oa:
            hits.append("third-14")
        if has(left) and has(queen) and n >= 3 and oa:
            hits.append("third-15")
        if has(ace) and has(king) and n >= 3 and oa:
            hits.append("third-16")
    elif role == "dealer":
        # the dealer's six cards: his hand and the turn-up; he will discard a plain card
        one_suit = len(plain) <= 1 or (len(plain) == 2 and min(len(v) for v in plain.values()) == 1)
        if n >= 3:
            hits.append("dealer-1")
        if has(right) and has(ace):
            hits.append("dealer-2")
        if has(right) and has(king):
            hits.append("dealer-3")
        if has(right) and has(queen):
            hits.append("dealer-4")
        if has(right) and others >= 1 and one_suit:
            hits.append("dealer-5")
        if has(right) and others >= 1 and oa:
            hits.append("dealer-6")
        if has(left) and has(ace) and oa:
            hits.append("dealer-7")
        if has(left) and others >= 1 and oa:
            for v in plain.values():
                ranks = {x & 7 for x in v}
                if Rank.KING in ranks and Rank.QUEEN in ranks and Rank.ACE not in ranks:
                    hits.append("dealer-8")
                    break
        if has(ace) and has(king) and any(max(x & 7 for x in v) == Rank.ACE for v in plain.values()):
            score.append("dealer-9")
        if n >= 2 and oa >= 2:
            hits.append("dealer-10")
    return hits, score


def _great_strength(cards: Sequence[Card], trump: int) -> bool:
    tr = trumps_in(cards, trump)
    return len(tr) >= 4 or (RIGHT_BOWER[trump] in tr and LEFT_BOWER[trump] in tr)


def alone_worthy(cards: Sequence[Card], trump: int) -> bool:
    """A hand to play alone (the rollouts' rule): both bowers and the ace with another trump or
    an outside ace, or five trumps headed by the right."""
    tr = trumps_in(cards, trump)
    top = {RIGHT_BOWER[trump], LEFT_BOWER[trump], trump * 8 + Rank.ACE}
    if top <= set(tr) and (len(tr) >= 4 or _outside_aces(cards, trump)):
        return True
    return len(tr) == 5 and RIGHT_BOWER[trump] in tr


def role_of(seat: int, dealer: int) -> str:
    """The seat's place in the order of speaking (Laws 74-76): eldest, second, third hand, dealer."""
    return ("eldest", "second", "third", "dealer")[speaking_order(4, dealer).index(seat)]


def book_bid(hand: Sequence[Card], turn_up: Card, role: str, trump: Suit | None = None) -> BookAdvice:
    """The first round by the book: may this hand order up (eldest, third hand), assist (second
    hand) or take up (the dealer) the ``turn_up``? ``role`` is ``eldest``, ``second``, ``third``
    or ``dealer`` (for the dealer, ``hand`` is his five cards before he takes up). ``trump`` is
    the suit turned (needed only when the turn-up is Hoyle's Joker).

    >>> from euchre_core.kernel.cards import parse_cards
    >>> book_bid(parse_cards("JC TC 9C KS TS"), Card.parse("QC"), "eldest").reason[:38]
    'Do not order if you can make it next ('
    >>> book_bid(parse_cards("JD JH 9S AC 8C"), Card.parse("TH"), "third").hints
    ('third-7',)
    """
    suit = trump if trump is not None else turn_up.suit
    if suit is None:
        raise InputError("the Joker is turned: give the trump suit", "trump")
    t = int(suit)  # the trump suit, as the tables index it
    cards = list(hand) + ([turn_up] if role == "dealer" else [])
    if role == "eldest":
        nxt = Suit(t).partner
        tr = trumps_in(cards, t)
        if _great_strength(cards, t):
            return BookAdvice(
                True, ("eldest-2",), reason="With great strength, order it up.", alone=alone_worthy(cards, t)
            )
        if can_make(cards, nxt):
            return BookAdvice(
                False,
                ("eldest-2",),
                reason=f"Do not order if you can make it next ({nxt.word}): pass, and make it next.",
            )
        medium = [c for c in tr if c in (RIGHT_BOWER[t], LEFT_BOWER[t]) or (c & 7) >= Rank.TEN]
        plain = _plain_suits(cards, t)
        some_strength = (
            bool(_outside_aces(cards, t))
            or len(plain) <= 1
            or any(Rank.KING in {x & 7 for x in v} for v in plain.values())
        )
        if turn_up != RIGHT_BOWER[t] and len(medium) >= 3 and some_strength:
            return BookAdvice(
                True,
                ("eldest-1",),
                reason="Three medium trumps or better, with some strength in suit, and nothing to go to: order.",
            )
        return BookAdvice(False, ("eldest-1",), reason="Not three medium trumps with strength in suit: pass.")
    if role not in ("second", "third", "dealer"):
        raise InputError(f"no such position {role!r} (eldest, second, third, dealer)", "role")
    hits, score = _hint_matches(cards, t, role, turn_up)
    alone = alone_worthy(cards, t)
    if hits:
        return BookAdvice(True, tuple(hits), tuple(score), alone=alone)
    if role == "second" and turn_up == RIGHT_BOWER[t] and len(trumps_in(cards, t)) == 2:
        return BookAdvice(False, ("second-11",), tuple(score), reason="Do not assist the right with two small ones.")
    if role == "third" and turn_up == RIGHT_BOWER[t]:
        return BookAdvice(False, ("third-3",), reason="The right is turned: see your way clear to three tricks.")
    return BookAdvice(False, (), tuple(score))


def book_make(hand: Sequence[Card], turned_down: Suit, role: str) -> BookAdvice:
    """The second round by the book: which suit, if any, to make once ``turned_down`` is turned down.

    Make it next when you can, and do not cross the suit unless very strong (eldest hand; hint
    eldest-3); the second hand makes it red when his partner turned down black, and the reverse
    (second-19); the dealer may make it with somewhat less strength (dealer-14).

    >>> from euchre_core.kernel.cards import parse_cards
    >>> a = book_make(parse_cards("AH KH 7H JS TC"), Suit.SPADES, "eldest")
    >>> a.act, a.suit, a.hints
    (True, Suit.CLUBS, ('eldest-3',))
    """
    cards = list(hand)
    nxt = turned_down.partner
    cross = [s for s in Suit if s not in (turned_down, nxt)]

    def very_strong(s: Suit) -> bool:
        tr = trumps_in(cards, s)
        bowers = {RIGHT_BOWER[int(s)], LEFT_BOWER[int(s)]}
        return len(tr) >= 4 or (len(tr) >= 3 and bool(bowers & set(tr)) and _outside_aces(cards, int(s)) >= 1)

    def best(suits: Iterable[Suit]) -> Suit | None:
        ok = [s for s in suits if can_make(cards, s)]
        return max(ok, key=lambda s: (sum(TRUMP_POWER[int(s)][c] for c in trumps_in(cards, s)), -int(s)), default=None)

    if role == "second":
        s = best(cross)
        if s is not None:
            return BookAdvice(
                True,
                ("second-19",),
                suit=s,
                alone=alone_worthy(cards, int(s)),
                reason="Your partner turned it down: make it of the other colour.",
            )
        if can_make(cards, nxt) and very_strong(nxt):
            return BookAdvice(True, (), suit=nxt, alone=alone_worthy(cards, int(nxt)))
        return BookAdvice(False, ("second-19",))
    if role in ("eldest", "dealer") and can_make(cards, nxt):
        hint = "eldest-3" if role == "eldest" else "dealer-14"
        return BookAdvice(
            True, (hint,), suit=nxt, alone=alone_worthy(cards, int(nxt)), reason="Make it next when you can."
        )
    strong = [s for s in cross if very_strong(s)]
    if strong:
        s = max(strong, key=lambda s: sum(TRUMP_POWER[int(s)][c] for c in trumps_in(cards, s)))
        return BookAdvice(
            True,
            ("eldest-3",) if role == "eldest" else (),
            suit=s,
            alone=alone_worthy(cards, int(s)),
            reason="Cross the suit only when very strong.",
        )
    if role == "dealer":
        s = best(cross)
        if s is not None and _outside_aces(cards, int(s)):
            return BookAdvice(True, ("dealer-14",), suit=s, alone=alone_worthy(cards, int(s)))
    if role == "third" and can_make(cards, nxt) and very_strong(nxt):
        return BookAdvice(True, (), suit=nxt, alone=alone_worthy(cards, int(nxt)))
    return BookAdvice(False, ())


def book_discard(six: Sequence[Card], trump: Suit | int, turn_up: Card) -> Card:
    """The dealer's discard by the book (hints dealer-18 and dealer-19): the lowest card of a
    short suit, never an ace if another card will do; of two suits as short, the one not headed
    by the ace; with nothing but trumps and aces, the lowest trump.

    >>> from euchre_core.kernel.cards import parse_cards
    >>> str(book_discard(parse_cards("JC 9C AH 7H KD 7D"), Suit.CLUBS, Card.parse("9C")))
    '7D'
    >>> str(book_discard(parse_cards("JC 9C 8C AH KH AD"), Suit.CLUBS, Card.parse("9C")))
    'KH'
    """
    t = int(trump)
    plain = _plain_suits(six, t)
    candidates = {s: [c for c in v if c & 7 != Rank.ACE] for s, v in plain.items()}
    candidates = {s: v for s, v in candidates.items() if v}
    if candidates:
        suit = min(candidates, key=lambda s: (len(plain[s]), max(c & 7 for c in plain[s]), s))
        return min(candidates[suit], key=lambda c: (c & 7, c))
    rest = [c for c in six if c != turn_up]
    plain_cards = [c for c in rest if EFFECTIVE_SUIT[t][c] != t]
    if plain_cards:  # only aces outside: keep the trumps, throw an ace
        return min(plain_cards, key=lambda c: (len(plain[EFFECTIVE_SUIT[t][c]]), c))
    return min(rest, key=lambda c: TRUMP_POWER[t][c])


def book_lead_against_lone(hand: Sequence[Card], trump: Suit | int) -> Card:
    """The opening lead against a lone hand by the book (Lone Hands, hints 6, 7 and 9): lead
    from a short suit or a suit of equals: the highest plain singleton; else the top of a
    plain sequence (king, queen; queen, knave); else the highest plain card.

    >>> from euchre_core.kernel.cards import parse_cards
    >>> str(book_lead_against_lone(parse_cards("KC KH AD 7D TS"), Suit.CLUBS))
    'KH'
    """
    t = int(trump)
    plain = _plain_suits(hand, t)
    singles = [v[0] for v in plain.values() if len(v) == 1]
    if singles:
        return max(singles, key=lambda c: (PLAY_KEY[t][EFFECTIVE_SUIT[t][c]][c], c))
    for v in sorted(plain.values(), key=lambda v: -max(x & 7 for x in v)):
        ranks = sorted({x & 7 for x in v}, reverse=True)
        for a, b in zip(ranks, ranks[1:], strict=False):
            if a - b == 1 and a >= Rank.TEN:
                return next(x for x in v if x & 7 == a)
    cards = [c for v in plain.values() for c in v] or list(hand)
    return max(cards, key=lambda c: (PLAY_KEY[t][EFFECTIVE_SUIT[t][c]][c], c))


# --------------------------------------------------------------------------------------------
# The rollouts: the rest of the bidding, the take and the discard by the book's rules


def book_policy(deal: Deal) -> Action:
    """A quick action for the seat to act before the play (the book's rules of thumb)."""
    legal = deal.legal_actions()
    seat = deal.actor
    hand = deal.hand(seat)
    ph = deal.phase
    jam = [a for a in legal if a.kind == "jamboree"]
    if jam:
        return jam[0]
    want: Action | None = None
    if ph == "bid1":
        adv = book_bid(hand, deal.turn_up, role_of(seat, deal.dealer), deal.turn_suit)
        if adv.act:
            want = Action("order", alone=1 if adv.alone else 0)
    elif ph == "bid2":
        adv = book_make(hand, deal.turn_suit, role_of(seat, deal.dealer))
        if adv.act and adv.suit is not None:
            want = Action("call", suit=adv.suit, alone=1 if adv.alone else 0)
    elif ph == "take":
        assert deal.trump is not None
        if alone_worthy(hand, int(deal.trump)):
            want = Action("take", alone=1)
        else:
            want = Action("stay")
    elif ph == "discard":
        assert deal.trump is not None
        return Action.discard_card(book_discard(deal.hand(seat), deal.trump, deal.turn_up))
    elif ph in ("alone", "callcard"):
        want = Action("stay") if ph == "alone" else Action("pass")
    if want is not None and want in legal:
        return want
    if want is not None and want.alone:
        plain = Action(want.kind, want.card, want.suit, 0)
        if plain in legal:
            return plain
    if Action("pass") in legal:
        return Action("pass")
    if ph == "bid2":  # stick the dealer: name his best suit
        calls = [a for a in legal if a.kind == "call" and not a.alone]

        def strength(a: Action) -> int:
            assert a.suit is not None  # a call names its suit
            return sum(TRUMP_POWER[int(a.suit)][c] for c in trumps_in(hand, a.suit))

        return max(calls, key=strength)
    return legal[0]


def book_rollout(deal: Deal) -> Deal:
    """Fill in the rest of the bidding, the take and the discard until the play (or the end)."""
    while not deal.is_over and deal.phase != "play":
        deal = deal.apply(book_policy(deal))
    return deal
