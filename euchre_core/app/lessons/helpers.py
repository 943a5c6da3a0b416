"""The helpers every lesson shares: the seats and roles, cards and lists in words, choices, parsing, a bidding."""

from __future__ import annotations

import random
from typing import Any

from ...kernel import decode
from ...kernel import tables as _tables
from ...kernel.actions import Action
from ...kernel.cards import Card, Suit
from ...kernel.deal import SEAT_NAMES, Deal

SEATS = SEAT_NAMES
ROLE_WORDS = {"eldest": "eldest hand", "second": "second hand", "third": "third hand", "dealer": "dealer"}


def the(card: Card | int) -> str:
    """``the knave of diamonds``."""
    c = Card(int(card))
    name = c.long_name()
    return name if name.startswith("the ") else "the " + name


def list_words(items: list[str], conj: str = "and") -> str:
    """``a, b and c``."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {conj} " + items[-1]


def card_choice(c: Card | int) -> dict[str, Any]:
    card = Card(int(c))
    return {"value": str(card), "label": card.long_name(), "card": str(card)}


def text_choice(value: str, label: str) -> dict[str, Any]:
    return {"value": value, "label": label, "card": None}


def to_suit(x: Any) -> Suit:
    return x if isinstance(x, Suit) else Suit.parse(str(x))


def to_seat(x: Any, path: str = "seat") -> int:
    if isinstance(x, int) and not isinstance(x, bool) and 0 <= x < len(SEATS):
        return x
    return decode.seat(x, path)


def to_cards(xs: Any) -> list[Card]:
    return [Card.parse(x) for x in xs]


def lesson_rng(spec: dict[str, Any]) -> random.Random:
    return random.Random(f"lesson|{spec.get('kind')}|{spec.get('seed', 0)}")


def sorted_hand(cards: list[Card], trump: Suit | None) -> list[Card]:
    """A hand in a readable order: trumps first (highest first), then the other suits."""
    t = int(trump) if trump is not None else None

    def key(c: Card) -> tuple[int, int, int]:
        if t is not None and _tables.EFFECTIVE_SUIT[t][c] == t:
            return (0, 0, -_tables.TRUMP_POWER[t][c])
        eff = _tables.EFFECTIVE_SUIT[t][c] if t is not None else c >> 3
        return (1, eff, -(c & 7))

    return sorted(cards, key=key)


def bidding(dealer: int, actions: list[str]) -> Deal:
    d = Deal.shuffled(0, dealer=dealer)
    for a in actions:
        d = d.apply(a)
    return d


def say(d: Deal, actions: list[str]) -> str:
    """The bidding so far in the book's words."""
    out = []
    st = Deal.shuffled(0, dealer=d.dealer)
    for a in actions:
        act = Action.parse(a)
        out.append(st.describe_action(st.actor, act))
        st = st.apply(act)
    return "; ".join(out)
