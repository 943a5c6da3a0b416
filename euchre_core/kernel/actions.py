"""Actions: what a player does in a regular deal, with a notation that round-trips.

>>> Action.parse("call H alone")
Action.parse('call H alone')
>>> eval(repr(Action.parse("discard 8S"))) == Action.discard_card(Card.parse("8S"))
True
>>> str(Action.play(Card.parse("9C")))
'play 9C'
>>> Action.parse("9c") == Action.play(Card.parse("9C"))
True
>>> [str(Action.parse(t)) for t in ("pass", "order", "order alone", "take alone", "discard 8S")]
['pass', 'order', 'order alone', 'take alone', 'discard 8S']
"""

from __future__ import annotations

from dataclasses import dataclass

from . import decode
from .cards import Card, CardError, Suit
from .errors import InputError

__all__ = ["Action", "ALONE_WORDS"]

# alone levels: 0 with the partner, 1 alone (Laws 93-101), 2 jambone (1877: alone, cards exposed)
ALONE_WORDS = ("", "alone", "jambone")

KINDS = ("pass", "order", "call", "take", "stay", "alone", "discard", "play", "callcard", "jamboree")


@dataclass(frozen=True, slots=True)
class Action:
    """One action of a regular deal.

    ``kind`` is one of: ``pass``; ``order`` (round one: order up, assist or take up the
    turn-up — the same act, named by who does it, Laws 74–76); ``call`` (round two: name a
    suit, Law 77); ``take`` ("I take it from you", Law 94); ``stay`` (decline to take it, or
    in the OpenSpiel-style rules decline to go alone); ``alone`` (go alone after making, in
    the OpenSpiel-style rules); ``discard`` (Law 86); ``play``; ``callcard`` (1877 jambone:
    the adversary calls one exposed card to the first trick); ``jamboree`` (1877).
    """

    kind: str
    card: Card | None = None
    suit: Suit | None = None
    alone: int = 0

    @classmethod
    def play(cls, card: Card) -> Action:
        return cls("play", card=card)

    @classmethod
    def discard_card(cls, card: Card) -> Action:
        return cls("discard", card=card)

    @classmethod
    def parse(cls, text: str) -> Action:
        """Read an action from its notation; a bare card code means ``play``."""
        if isinstance(text, Action):
            return text
        if not isinstance(text, str) or not text.strip():
            raise InputError(f"not an action: {decode.excerpt(text)}", "action")
        if not text.isascii():  # str.lower() would read look-alikes (the Kelvin sign in 'taKe') as letters
            raise InputError(f"not an action: {decode.excerpt(text)} (plain letters, e.g. 'play QS', 'pass')", "action")
        words = text.strip().lower().split()
        kind = words[0]
        rest = words[1:]
        alone = 0
        if rest and rest[-1] in ("alone", "jambone"):
            alone = ALONE_WORDS.index(rest[-1])
            rest = rest[:-1]
        try:
            if kind in ("pass", "stay", "alone") and not rest:
                if kind == "alone":
                    return cls("alone", alone=1)
                return cls(kind)
            if kind == "order" and not rest:
                return cls("order", alone=alone)
            if kind == "take" and not rest and alone:
                return cls("take", alone=alone)
            if kind in ("call", "jamboree") and len(rest) == 1:
                return cls(kind, suit=Suit.parse(rest[0]), alone=alone)
            if kind in ("discard", "play", "callcard") and len(rest) == 1 and not alone:
                return cls(kind, card=Card.parse(rest[0]))
            if len(words) == 1:
                return cls("play", card=Card.parse(kind))
        except CardError as e:
            raise InputError(str(e), "action") from None
        raise InputError(
            f"not an action: {decode.excerpt(text)} (e.g. 'pass', 'order', 'order alone', 'call H', "
            "'take alone', 'discard 8S', 'play JC')",
            "action",
        )

    def __str__(self) -> str:
        parts = [self.kind]
        if self.suit is not None:
            parts.append(self.suit.letter)
        if self.card is not None:
            parts.append(str(self.card))
        if self.alone and self.kind != "alone":
            parts.append(ALONE_WORDS[self.alone])
        return " ".join(parts)

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"
