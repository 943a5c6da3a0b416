"""Forming the table: cutting for the table, for partners and for the deal (Laws 8–14).

Law 8: the knave is the highest card in cutting, then the ace, king, etc. (the 1877
Washington club: ace low, knaves as at whist, the lowest deals). Law 9: everyone cuts from
the same pack. Law 10: a player who exposes more than one card cuts again (he alone). Law 11:
the four highest play and cut again for partners: the two highest against the two lowest; the
highest deals. Law 12: the fifth and sixth belong to the table. Laws 13–14: ties.

Ties are resolved by one rule, :func:`_standing`: only the players whose equal cards leave
undecided something the laws decide (who is among the four, who is fifth or sixth against the
seventh, which pair is the higher, who deals) cut again, and only among themselves; a new cut
with equal cards is resolved the same way, no further than the law needs. Laws 13 and 14 are
this rule applied to the cut for partners: two equal cards that are the two highest or the
two lowest are partners either way (Law 13); of three equal, the new cut decides which one
pairs with the fourth (Law 14: the two lowest of the new cut are partners when the fourth card
is the highest, the two highest when it is the lowest).

Reading (the book leaves it open): when the two who would deal cut equal cards (the two
highest, Law 13, or the two highest of Law 14's new cut), they are partners without cutting
again, but Law 11 needs one "highest" for the deal: those two alone cut again for the deal, as
the whist laws the code follows do for the deal ("a fresh cut is necessary to decide which of
those two deals"). A tie between the fifth and sixth decides nothing the laws name; they keep
the order in which they came into the room (Law 11: "those first in the room having the
preference").

>>> t = form_table(["Ames", "Bell", "Cole", "Dunn"], seed=4)
>>> sorted(t.seats) == ["Ames", "Bell", "Cole", "Dunn"], len(t.partners)
(True, 2)
>>> t.dealer == t.seats[0]
True
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field

from ..kernel import decode
from ..kernel.cards import Card, pack
from ..kernel.errors import InputError
from ..kernel.limits import limit
from ..kernel.rules import SOMERSET_1888, RuleSet
from ..kernel.tables import CUT_RANK_ACE_LOW, CUT_RANK_KNAVE_HIGH

__all__ = ["cut_rank", "TableFormation", "form_table"]


def cut_rank(card: Card, rules: RuleSet = SOMERSET_1888) -> int:
    """The card's value in cutting (higher is higher), Law 8 or the 1877 practice.

    >>> cut_rank(Card.parse("JS")) > cut_rank(Card.parse("AS")) > cut_rank(Card.parse("KS"))
    True
    """
    table = CUT_RANK_KNAVE_HIGH if rules.cut_order == "knave_high" else CUT_RANK_ACE_LOW
    return table[card]


@dataclass(frozen=True)
class TableFormation:
    """The result of cutting: who plays, the partnerships, the dealer, the seats clockwise
    from the dealer (dealer, eldest, dealer's partner, third hand), and every cut made.

    ``cuts`` holds each round as (name, card), the valid cards only; ``voids`` the cards cut
    and made void by Law 10, as (round, name, card)."""

    players: tuple[str, ...]
    table: tuple[str, ...]  # Law 12: fifth and sixth belong to the table
    partners: tuple[tuple[str, str], tuple[str, str]]
    dealer: str
    seats: tuple[str, ...]
    cuts: list[list[tuple[str, str]]] = field(default_factory=list)  # each round: (name, card)
    voids: tuple[tuple[int, str, str], ...] = ()  # Law 10: (round, name, card)


@dataclass
class _Cutting:
    rng: random.Random
    rules: RuleSet
    log: list[list[tuple[str, str]]]
    voids: list[tuple[int, str, str]]
    exposed: dict[str, int]

    def cut(self, names: list[str]) -> dict[str, int]:
        """One round: every one cuts from the same pack (Law 9); a player who exposes more than
        one card (``exposed``, the first round he cuts in only) cuts again, he alone (Law 10)."""
        cards = pack(self.rules.pack_size)
        self.rng.shuffle(cards)
        it = iter(cards)
        rnd: list[tuple[str, str]] = []
        ranks: dict[str, int] = {}
        for n in names:
            card = next(it)
            if self.exposed.pop(n, 1) > 1:
                self.voids.append((len(self.log), n, str(card)))  # Law 10: void, he cuts again
                card = next(it)
            rnd.append((n, str(card)))
            ranks[n] = cut_rank(card, self.rules)
        self.log.append(rnd)
        return ranks


def _standing(names: list[str], lines: list[int], c: _Cutting) -> list[list[str]]:
    """Cut among ``names`` (equal so far) and give them in groups of equal standing, highest
    first. ``lines`` are the places (counted from the top of this group) where the laws draw a
    line: a group of equal cards across a line cuts again, those players only; a group not
    across a line stays tied (Laws 13, 14: resolve what the law leaves tied, no more)."""
    ranks = c.cut(names)
    out: list[list[str]] = []
    top = 0
    for v in sorted(set(ranks.values()), reverse=True):
        group = [n for n in names if ranks[n] == v]
        inner = [line - top for line in lines if top < line < top + len(group)]
        out += _standing(group, inner, c) if inner else [group]
        top += len(group)
    return out


def form_table(
    candidates: list[str],
    seed: int | None = None,
    rules: RuleSet = SOMERSET_1888,
    exposed: Mapping[str, int] | None = None,
) -> TableFormation:
    """Cut for the table, partners and deal (Laws 8–14), reproducibly from ``seed``.
    ``exposed`` maps a candidate to the number of cards he exposed in his first cut (Law 10).

    >>> t = form_table(["A", "B", "C", "D", "E", "F", "G"], seed=3)
    >>> len(t.players), len(t.table), set(t.players) | set(t.table) < set("ABCDEFG")
    (4, 2, True)
    >>> form_table(["P%d" % i for i in range(33)])
    Traceback (most recent call last):
    ...
    euchre_core.kernel.errors.InputError: candidates: 33 candidates cannot cut from one pack of 32 cards (law 9)
    """
    if not isinstance(rules, RuleSet):
        raise InputError(f"not a rule set: {rules!r}", "rules")
    seed = decode.seed(seed, "seed", optional=True)  # a whole number from 0 (Law 9: reproducible)
    if not isinstance(candidates, (list, tuple)):
        raise InputError("a list of names", "candidates")
    if len(candidates) > rules.pack_size:
        raise InputError(
            f"{len(candidates)} candidates cannot cut from one pack of {rules.pack_size} cards (law 9)", "candidates"
        )
    for i, n in enumerate(candidates):
        decode.text(n, decode.field("candidates", i), max_len=limit("name"), empty=False)
        if not n.strip():
            raise InputError("a name, not blank", decode.field("candidates", i))
    names = list(candidates)
    if len(names) < 4 or len(set(names)) != len(names):
        raise InputError("four or more different candidates are needed", "candidates")
    if exposed is not None and not isinstance(exposed, Mapping):
        raise InputError("a mapping of candidate to the number of cards he exposed", "exposed")
    ex = dict(exposed or {})
    if any(
        n not in names or not isinstance(k, int) or isinstance(k, bool) or not 1 <= k <= rules.pack_size
        for n, k in ex.items()
    ):
        raise InputError("a mapping of candidate to the number of cards (one or more) he exposed", "exposed")
    voiding = sum(1 for k in ex.values() if k > 1)
    if len(names) + voiding > rules.pack_size:
        raise InputError(
            f"{len(names)} candidates cannot cut from one pack of {rules.pack_size} cards (law 9)", "candidates"
        )
    c = _Cutting(random.Random(seed), rules, [], [], ex)
    players = names
    table: list[str] = []
    if len(names) > 4:
        # Law 11: the four who cut the highest cards play; Law 12: the fifth and sixth belong to the table.
        lines = [4] + ([6] if len(names) > 6 else [])
        order = [n for g in _standing(names, lines, c) for n in g]
        players, table = order[:4], order[4:6]
    # Law 11: the four cut again for partners (the two highest against the two lowest) and the
    # deal (the highest deals; 1877: the lowest). Laws 13, 14: ties, by _standing.
    deal_line = 1 if rules.highest_cut_deals else 3
    order = [n for g in _standing(players, sorted({2, deal_line}), c) for n in g]
    high, low = (order[0], order[1]), (order[2], order[3])
    dealer = order[0] if rules.highest_cut_deals else order[3]
    return _seat(players, table, (high, low), dealer, c.log, tuple(c.voids))


def _seat(
    players: list[str],
    table: list[str],
    partners: tuple[tuple[str, str], tuple[str, str]],
    dealer: str,
    log: list[list[tuple[str, str]]],
    voids: tuple[tuple[int, str, str], ...] = (),
) -> TableFormation:
    mine = partners[0] if dealer in partners[0] else partners[1]
    theirs = partners[1] if mine is partners[0] else partners[0]
    partner = mine[1] if mine[0] == dealer else mine[0]
    seats = (dealer, theirs[0], partner, theirs[1])  # clockwise: dealer, eldest, partner, third
    return TableFormation(tuple(players), tuple(table), partners, dealer, seats, log, voids)
