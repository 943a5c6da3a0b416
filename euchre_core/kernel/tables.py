"""Precomputed tables for the hot paths: effective suits, trick power, suit masks.

Everything here is derived once at import from the ranking rules, so the engine's play
(and the benchmark) index lists instead of branching:

- Ranking: right bower, left bower, then A K Q 10 9 8 7 of trumps; plain suits
  A K Q J 10 9 8 7 (Technical Terms "Right Bower", "Left Bower"). Hoyle's Joker ("Best
  Bower") ranks above the right bower and is always a trump.
- The left bower belongs to the trump suit for following and leading (its effective suit).

>>> from euchre_core.kernel.cards import Card, Suit
>>> EFFECTIVE_SUIT[Suit.HEARTS][Card.parse("JD")] == Suit.HEARTS
True

The primitives that read these tables (the legal cards, the trick's winner, the lead, the
score) are in :mod:`euchre_core.kernel.play`.
"""

from __future__ import annotations

from .cards import JOKER, Rank

__all__ = [
    "EFFECTIVE_SUIT",
    "SUIT_MASK",
    "TRUMP_POWER",
    "PLAY_KEY",
    "LEFT_BOWER",
    "RIGHT_BOWER",
    "CUT_RANK_KNAVE_HIGH",
    "CUT_RANK_ACE_LOW",
]

N_CARDS = 33

RIGHT_BOWER: list[int] = [s * 8 + Rank.KNAVE for s in range(4)]
# the knave of the other suit of the same colour: C<->S, D<->H
LEFT_BOWER: list[int] = [(3, 2, 1, 0)[s] * 8 + Rank.KNAVE for s in range(4)]

# EFFECTIVE_SUIT[trump][card] -> suit index (the Joker and both bowers are trumps)
EFFECTIVE_SUIT: list[list[int]] = []
# TRUMP_POWER[trump][card] -> 0 for a plain card, else 1..20 (higher wins)
TRUMP_POWER: list[list[int]] = []
# SUIT_MASK[trump][suit] -> bit set of the cards whose effective suit is `suit`
SUIT_MASK: list[list[int]] = []
# PLAY_KEY[trump][led_suit][card] -> the card's strength in a trick led in led_suit
PLAY_KEY: list[list[list[int]]] = []

for _t in range(4):
    eff = []
    power = []
    for c in range(N_CARDS):
        if c == JOKER:
            eff.append(_t)
            power.append(40)
            continue
        s, r = c >> 3, c & 7
        if c == RIGHT_BOWER[_t]:
            eff.append(_t)
            power.append(39)
        elif c == LEFT_BOWER[_t]:
            eff.append(_t)
            power.append(38)
        elif s == _t:
            eff.append(_t)
            power.append(20 + r)
        else:
            eff.append(s)
            power.append(0)
    EFFECTIVE_SUIT.append(eff)
    TRUMP_POWER.append(power)
    masks = [0, 0, 0, 0]
    for c in range(N_CARDS):
        masks[eff[c]] |= 1 << c
    SUIT_MASK.append(masks)
    keys = []
    for led in range(4):
        row = []
        for c in range(N_CARDS):
            if power[c]:
                row.append(power[c] + 100)
            elif eff[c] == led:
                row.append(1 + (c & 7))
            else:
                row.append(0)
        keys.append(row)
    PLAY_KEY.append(keys)


# Cutting order (Law 8: "The knave is the highest card, then the ace, king, etc.").
# CUT_RANK_*[card] -> higher is higher in the cut. The Joker cuts highest.
CUT_RANK_KNAVE_HIGH: list[int] = []
# 1877 Washington club: "the Ace is accounted the lowest, and the Knaves rank as at Whist"
CUT_RANK_ACE_LOW: list[int] = []
for c in range(N_CARDS):
    if c == JOKER:
        CUT_RANK_KNAVE_HIGH.append(99)
        CUT_RANK_ACE_LOW.append(99)
        continue
    r = c & 7
    CUT_RANK_KNAVE_HIGH.append(20 if r == Rank.KNAVE else r)
    CUT_RANK_ACE_LOW.append(-1 if r == Rank.ACE else r)
