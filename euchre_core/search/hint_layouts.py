"""The cards of one random layout: each token of a hint test (a card, ``R``, ``st``, ``x1`` …) drawn as
a card not yet used, the most specific tokens first (:func:`resolve_all`), the plain-suit groups
``1``, ``2``, ``3`` as distinct plain suits chosen at random (:class:`Resolver`); a draw that cannot
be completed raises :class:`Retry` (draw again).

>>> import random
>>> res = Resolver(0, random.Random(1), set())
>>> cards = resolve_all([("a", "R"), ("b", "x1"), ("c", "st")], res)
>>> str(Card(cards["a"])), sorted(res.used) == sorted(cards.values())
('JC', True)
"""

from __future__ import annotations

import random

from ..kernel.cards import Card
from ..kernel.tables import EFFECTIVE_SUIT, LEFT_BOWER, RIGHT_BOWER
from .hint_specs import RANKS, parse_token

__all__ = ["Resolver", "Retry", "resolve_all"]


class Resolver:
    """Resolves the tokens of one layout: group labels get distinct plain suits."""

    def __init__(self, trump: int, rng: random.Random, used: set[int]) -> None:
        self.trump = trump
        self.rng = rng
        self.used = used
        plain = [s for s in range(4) if s != trump]
        nxt = 3 - trump
        rest = [s for s in plain if s != nxt]
        rng.shuffle(rest)
        order = rest + [nxt]  # the next suit last: groups prefer the others
        self.groups = {"N": nxt, "1": order[0], "2": order[1], "3": order[2]}

    def candidates(self, tok: str) -> list[int]:
        t = self.trump
        m = parse_token(tok)
        eff = EFFECTIVE_SUIT[t]
        if m.group("code"):
            return [Card.parse(m.group("code"))]
        if m.group("bower"):
            return [RIGHT_BOWER[t] if m.group("bower") == "R" else LEFT_BOWER[t]]
        if m.group("trank"):
            return [t * 8 + RANKS.index(m.group("trank"))]
        if m.group("tclass"):
            k = m.group("tclass")
            trumps = [c for c in range(32) if eff[c] == t]
            if k == "s":
                return [c for c in trumps if (c >> 3) == t and c & 7 in (0, 1, 2, 3)]
            if k == "m":
                return [c for c in trumps if (c >> 3) == t and c & 7 in (2, 3, 5, 6)]
            return trumps
        if m.group("group"):
            s = self.groups[m.group("group")]
            cards = [c for c in range(s * 8, s * 8 + 8) if eff[c] == s]
            r = m.group("prank")
            if r == "x":
                return cards
            if r == "n":
                return [c for c in cards if c & 7 != 7]
            return [c for c in cards if c & 7 == RANKS.index(r)]
        k = m.group("plain")
        plain = [c for c in range(32) if eff[c] != t]
        if k == "a":
            return [c for c in plain if c & 7 == 7]
        if k == "n":
            return [c for c in plain if c & 7 != 7]
        return plain

    def take(self, tok: str) -> int:
        options = [c for c in self.candidates(tok) if c not in self.used]
        if not options:
            raise Retry
        c = options[int(self.rng.random() * len(options))]
        self.used.add(c)
        return c


class Retry(Exception):
    """This draw cannot be completed: draw again."""


def _specificity(tok: str) -> int:
    """Resolve the most specific tokens first (cards, bowers, ranks), the widest last."""
    m = parse_token(tok)
    if m.group("code") or m.group("bower") or m.group("trank"):
        return 0
    if m.group("group") and m.group("prank") not in "xn":
        return 1
    if m.group("tclass") or m.group("group"):
        return 2
    return 3


def resolve_all(tokens: list[tuple[str, str]], res: Resolver) -> dict[str, int]:
    """Tokens keyed by a name (``hand.0``, ``turn_up``…) to cards, most specific first."""
    out: dict[str, int] = {}
    for key, tok in sorted(tokens, key=lambda kt: _specificity(kt[1])):
        out[key] = res.take(tok)
    return out
