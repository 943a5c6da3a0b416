"""The players a hint test does not test, and how a deal is scored: bids and the dealer's discard
by a plain rule of thumb (:data:`RULE`, :func:`hand_strength`; not the book's), every card played
double dummy (:func:`solve_tricks`), and a deal's points (:func:`deal_points`).

The hint simulations (:mod:`euchre_core.search.simulate`) and the game model
(:mod:`euchre_core.search.game_model`) both model the others by these functions.

>>> round1_bid(1, [[Card.parse(c) for c in h.split()] for h in ("7D 8D 9D TD QD", "JC JS AC KC AH",
...     "7H 8H 9H TH QH", "7S 8S 9S TS QS")], Card.parse("9C"))   # eldest orders up with both bowers
True
"""

from __future__ import annotations

from ..kernel.cards import Card, Suit
from ..kernel.deal import Deal, score_deal
from ..kernel.play import speaking_order
from ..kernel.rules import SOMERSET_1888
from ..kernel.tables import EFFECTIVE_SUIT, LEFT_BOWER, RIGHT_BOWER, TRUMP_POWER
from .solver import SolveResult, solve

__all__ = [
    "SEATS",
    "ROUND1",
    "RULE",
    "hand_strength",
    "rule_discard",
    "dealer_takes",
    "round1_bid",
    "round2_choice",
    "deal_points",
    "solve_tricks",
    "solve_counted",
    "solver_work",
    "WORK_PER_SOLVE",
]

SEATS = "ABCD"  # A deals; B eldest; C the dealer's partner; D third hand
ROUND1 = speaking_order(4, 0)  # the order of both rounds, A dealing: B C D A (Laws 74-77)
RULE = {
    # a plain player's rule of thumb for the others' bids (and the dealer's discard): not the book's
    "right": 3.0,
    "left": 2.5,
    "ace": 2.0,
    "king": 1.5,
    "queen": 1.25,
    "small": 1.0,
    "plain_ace": 1.0,
    "void": 0.5,  # each plain suit void, when holding two trumps or more
    "threshold": 6.0,  # make the trump at this strength or more
}

# --------------------------------------------------------------------------- the rule of thumb


def hand_strength(cards: list[int], trump: int) -> float:
    """A hand's worth with ``trump`` as trumps, by :data:`RULE` (the others' bidding rule):
    right 3, left 2.5, ace 2, king 1.5, queen 1.25, other trumps 1, plain aces 1, and 0.5
    for each plain suit void when holding two trumps or more.

    >>> hand_strength([Card.parse(c) for c in ("JC", "JS", "AC", "AH", "7D")], 0)   # 3 + 2.5 + 2 + 1 + 0.5
    9.0
    """
    s = 0.0
    trumps = 0
    suits = set()
    for c in cards:
        if c == RIGHT_BOWER[trump]:
            s += RULE["right"]
        elif c == LEFT_BOWER[trump]:
            s += RULE["left"]
        elif EFFECTIVE_SUIT[trump][c] == trump:
            r = c & 7
            s += RULE["ace"] if r == 7 else RULE["king"] if r == 6 else RULE["queen"] if r == 5 else RULE["small"]
        else:
            suits.add(EFFECTIVE_SUIT[trump][c])
            if c & 7 == 7:
                s += RULE["plain_ace"]
            continue
        trumps += 1
    if trumps >= 2:
        s += RULE["void"] * (3 - len(suits))
    return s


def rule_discard(six: list[int], trump: int) -> int:
    """The dealer's discard by the rule: the lowest plain card of his shortest plain suit,
    keeping aces (and, between equal suits, the suit with an ace); a trump only if he holds
    nothing else (then the lowest).

    >>> str(Card(rule_discard([Card.parse(c) for c in ("JC", "9C", "AH", "7H", "KD", "7D")], 0)))
    '7D'
    """
    plain = [c for c in six if EFFECTIVE_SUIT[trump][c] != trump]
    if not plain:
        return min(six, key=lambda c: TRUMP_POWER[trump][c])
    count: dict[int, int] = {}
    aces: set[int] = set()
    for c in plain:
        s = EFFECTIVE_SUIT[trump][c]
        count[s] = count.get(s, 0) + 1
        if c & 7 == 7:
            aces.add(s)
    return min(
        plain, key=lambda c: (c & 7 == 7, count[EFFECTIVE_SUIT[trump][c]], EFFECTIVE_SUIT[trump][c] in aces, c & 7, c)
    )


def dealer_takes(hand: list[int], turn_up: int, trump: int) -> list[int]:
    six = hand + [turn_up]
    out = rule_discard(six, trump)
    return [c for c in six if c != out]


def _wants(hand: list[int], trump: int) -> bool:
    return hand_strength(hand, trump) >= RULE["threshold"]


def round1_bid(seat: int, hands: list[list[int]], turn_up: int) -> bool:
    """Would ``seat`` order up / assist / take up the turn-up by the rule?"""
    t = turn_up >> 3
    if seat == 0:
        return _wants(dealer_takes(hands[0], turn_up, t), t)
    if seat == 2:  # the dealer's partner counts the card his partner takes up
        return _wants(hands[2] + [turn_up], t)
    return _wants(hands[seat], t)


def round2_choice(seat: int, hand: list[int], turned: int) -> int | None:
    """The suit ``seat`` makes in the second round by the rule (his best, not the turned
    suit), or None."""
    best, best_s = None, -1.0
    for t in range(4):
        if t == turned:
            continue
        s = hand_strength(hand, t)
        if s > best_s:
            best, best_s = t, s
    return best if best_s >= RULE["threshold"] else None


# --------------------------------------------------------------------------- scoring


def deal_points(makers_side: int, maker: int, alone: int | None, tricks_makers: int) -> tuple[int, int]:
    by_side = (tricks_makers, 5 - tricks_makers) if makers_side == 0 else (5 - tricks_makers, tricks_makers)
    r = score_deal(SOMERSET_1888, makers_side, maker, alone, 1 if alone is not None else 0, by_side)
    return r.points[0], r.points[1]


WORK_PER_SOLVE = 40  # a solve's own cost (the position set up, the tables built), in solver nodes: about 0.1 ms
_WORK = [0]  # the solver's work so far in this process (solve_counted): nodes searched, plus WORK_PER_SOLVE a solve


def solve_counted(deal: Deal) -> SolveResult:
    """:func:`~euchre_core.search.solver.solve`, its work counted (:func:`solver_work`): the hint simulations
    bound a call by the work done, not by the layouts asked (``simulate.MAX_WORK``). The answer is the
    solver's, unchanged.

    >>> d = Deal.position([["JC"], ["AC"], ["KC"], ["QC"]], "C", maker=0, won=[1, 1, 1, 1])
    >>> before = solver_work()
    >>> solve_counted(d).maker_tricks, solver_work() - before >= WORK_PER_SOLVE
    (3, True)
    """
    r = solve(deal)
    _WORK[0] += r.nodes + WORK_PER_SOLVE
    return r


def solver_work() -> int:
    """The work of every :func:`solve_counted` so far in this process (a call measures its own as a difference)."""
    return _WORK[0]


def solve_tricks(hands: list[list[int]], trump: int, maker: int, alone: int | None = None) -> int:
    """The makers' tricks with best play from the opening lead (eldest leads)."""
    d = Deal.position([[Card(c) for c in h] for h in hands], Suit(trump), maker=maker, alone=alone)
    return solve_counted(d).maker_tricks
