"""Play under the laws: the events of a live game in plain words, for the Replay page's list of a deal's
events (each one a moment the game can be opened at). The dealing's events are told by
:func:`euchre_core.app.dealing_sandbox.dealing_words`; the play's here, from their typed verb and cards.

>>> event_words("B: play 7D"), event_words("BD: choose call-card"), event_words("quit")
('B plays the 7 of diamonds', 'B and D elect: call-card', 'The trick is turned and quitted')
>>> event_words("D: cut 12"), event_words("C: go")
('D cuts, lifting 12 cards', 'C lets the table go on')
"""

from __future__ import annotations

from ..kernel.cards import Card, CardError, Suit
from ..kernel.errors import EuchreError
from ..laws.dealing import DEALING_VERBS
from ..laws.events import VERBS, Event
from .dealing_sandbox import dealing_words

__all__ = ["event_words"]

_SIDES = {"AC": "A and C", "BD": "B and D"}


def _card(text: str) -> str:
    try:
        return f"the {Card.parse(text).long_name()}"
    except (CardError, ValueError):
        return text


def _play_words(ev: Event) -> str | None:
    who, verb, args = ev.who, ev.verb, ev.args
    arg = args[0] if args else ""
    cards = " and ".join(_card(a) for a in args)
    simple = {
        "pass": f"{who} passes",
        "order": f"{who} orders it up" + (" and plays alone" if "alone" in args else ""),
        "take": f"{who} takes it up" + (" and plays alone" if "alone" in args else ""),
        "alone": f"{who} plays alone",
        "play": f"{who} plays {cards}",
        "discard": f"{who} discards {cards}",
        "expose": f"{who} drops {cards} face up",
        "correct": f"{who} corrects his revoke: {cards} instead",
        "throw": f"{who} throws his hand down",
        "ask": f"{who} asks his partner whether he has none of the suit",
        "answer": f"{who} answers {arg}",
        "claim": f"{_SIDES.get(who, who)} claim a revoke",
        "quit": "The trick is turned and quitted",
        "cut": "The cards are cut for the next deal",
    }
    if verb in simple:
        return simple[verb]
    if verb in ("call", "mention"):
        try:
            suit = Suit.parse(arg).word
        except (CardError, ValueError, KeyError):
            suit = arg
        if verb == "mention":
            return f"{who} says he meant to make it {suit}"
        return f"{who} makes it {suit}" + (" and plays alone" if "alone" in args else "")
    if verb == "choose":
        return f"{_SIDES.get(who, who)} elect: {' '.join(args)}"
    if verb == "callcard":
        return f"{who} calls {_card(args[-1])}" if args else None
    return None


def event_words(event: str) -> str:
    """An event of a live game's record in plain words (its notation when no words are written for it)."""
    try:
        ev = Event.parse(event, verbs={**VERBS, "go": ("seat", "")})
    except EuchreError:
        ev = None
    if ev is not None:
        if ev.verb == "go":
            return f"{ev.who} lets the table go on"
        if ev.verb != "cut" or not ev.args:
            words = _play_words(ev)
            if words is not None:
                return words
    try:
        Event.parse(event, verbs=DEALING_VERBS)
        return dealing_words(event)
    except EuchreError:
        return event
