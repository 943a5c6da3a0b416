"""Forming the table: cutting for the table, for partners and for the deal (Laws 8–14).

Law 8: the knave is the highest card in cutting, then the ace, king, etc. (the 1877
Washington club: ace low, knaves as at whist, the lowest deals). Law 9: everyone cuts from
the same pack. Law 11: the four highest play and cut again for partners: the two highest
against the two lowest; the highest deals. Law 12: the fifth and sixth belong to the table.
Laws 13–14: ties.

>>> t = form_table(["Ames", "Bell", "Cole", "Dunn"], seed=4)
>>> sorted(t.seats) == ["Ames", "Bell", "Cole", "Dunn"], len(t.partners)
(True, 2)
>>> t.dealer == t.seats[0]
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from ..kernel import decode
from ..kernel.cards import Card, pack
from ..kernel.errors import InputError
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
    from the dealer (dealer, eldest, dealer's partner, third hand), and every cut made."""

    players: tuple[str, ...]
    table: tuple[str, ...]                    # Law 12: fifth and sixth belong to the table
    partners: tuple[tuple[str, str], tuple[str, str]]
    dealer: str
    seats: tuple[str, ...]
    cuts: list[list[tuple[str, str]]] = field(default_factory=list)   # each round: (name, card)


def _cut(names: list[str], rng: random.Random, rules: RuleSet, log: list[list[tuple[str, str]]]) -> dict[str, int]:
    cards = pack(rules.pack_size)
    rng.shuffle(cards)
    drawn = dict(zip(names, cards, strict=False))  # Law 9: all from the same pack
    log.append([(n, str(c)) for n, c in drawn.items()])
    return {n: cut_rank(c, rules) for n, c in drawn.items()}


def form_table(candidates: list[str], seed: int | None = None, rules: RuleSet = SOMERSET_1888) -> TableFormation:
    """Cut for the table, partners and deal (Laws 8–14), reproducibly from ``seed``.

    Every candidate cuts a card from the same pack (Law 9), so there are from four to as many
    candidates as the pack has cards, each a name of at most 40 characters, all different.

    >>> form_table(["Ames", "Bell", "Cole", "Ames"])
    Traceback (most recent call last):
    ...
    euchre_core.kernel.errors.InputError: names: four or more different candidates are needed (Law 11)
    """
    names = decode.array(candidates, "names", max_len=rules.pack_size)
    for i, n in enumerate(names):
        decode.text(n, decode.field("names", i), max_len=40, empty=False)
    seed = decode.seed(seed, "seed", optional=True)
    if len(names) < 4 or len(set(names)) != len(names):
        raise InputError("four or more different candidates are needed (Law 11)", "names")
    rng = random.Random(seed)
    log: list[list[tuple[str, str]]] = []
    players = list(candidates)
    table: list[str] = []
    if len(players) > 4:
        # Law 11: the four who cut the highest cards play; Law 12: fifth and sixth belong to the table.
        ranks = _cut(players, rng, rules, log)
        order = sorted(players, key=lambda n: -ranks[n])
        while ranks[order[3]] == ranks[order[4]]:      # a tie across the line: those tied cut again
            tied = [n for n in order if ranks[n] == ranks[order[3]]]
            again = _cut(tied, rng, rules, log)
            for n in tied:
                ranks[n] = ranks[n] * 100 + again[n]
            order = sorted(players, key=lambda n: -ranks[n])
        table = order[4:6]
        players = order[:4]
    while True:
        ranks = _cut(players, rng, rules, log)
        values = sorted(ranks.values(), reverse=True)
        counts = {v: values.count(v) for v in values}
        if max(counts.values()) == 4:
            continue
        if max(counts.values()) == 3:
            # Law 14: three equal cut again; the fourth card decides who pairs with whom.
            triple_v = next(v for v, k in counts.items() if k == 3)
            fourth = next(n for n in players if ranks[n] != triple_v)
            triple = [n for n in players if ranks[n] == triple_v]
            while True:
                again = _cut(triple, rng, rules, log)
                if len(set(again.values())) == 3:
                    break
            new = sorted(triple, key=lambda n: -again[n])
            if ranks[fourth] > triple_v:
                # the two lowest of the new cut are partners; their opponents (the fourth, the
                # highest card, with the highest of the new cut) have the deal
                pair, others = (new[1], new[2]), (fourth, new[0])
                dealer = fourth
            else:
                # the two highest of the new cut are partners and have the deal
                pair, others = (new[0], new[1]), (new[2], fourth)
                dealer = new[0]
            return _seat(players, table, (pair, others), dealer, log)
        # Law 13: two equal cut again, unless they are the two highest or the two lowest.
        if values[1] == values[2]:
            continue
        order = sorted(players, key=lambda n: -ranks[n])
        high, low = (order[0], order[1]), (order[2], order[3])
        dealer = order[0] if rules.highest_cut_deals else order[3]
        if values[0] == values[1] and rules.highest_cut_deals or values[2] == values[3] and not rules.highest_cut_deals:
            # the two who would deal are equal: they cut again between themselves for the deal
            pair = high if rules.highest_cut_deals else low
            while True:
                again = _cut(list(pair), rng, rules, log)
                if again[pair[0]] != again[pair[1]]:
                    break
            better = max(pair, key=lambda n: again[n])
            worse = min(pair, key=lambda n: again[n])
            dealer = better if rules.highest_cut_deals else worse
        return _seat(players, table, (high, low), dealer, log)


def _seat(players: list[str], table: list[str], partners: tuple[tuple[str, str], tuple[str, str]],
          dealer: str, log: list[list[tuple[str, str]]]) -> TableFormation:
    mine = partners[0] if dealer in partners[0] else partners[1]
    theirs = partners[1] if mine is partners[0] else partners[0]
    partner = mine[1] if mine[0] == dealer else mine[0]
    seats = (dealer, theirs[0], partner, theirs[1])      # clockwise: dealer, eldest, partner, third
    return TableFormation(tuple(players), tuple(table), partners, dealer, seats, log)
