"""Play under the laws: every word of the live game's page that is not a ruling's (the rulings are told by
:mod:`euchre_core.app.ruling_voice`), in one place: the labels of the reader's acts, breaches and claims
(:data:`LABELS`, filled by :func:`label` from typed values: a card, a seat's name from his chair, a suit), and
the events of a record in plain words for the Replay page (:func:`event_words`; the dealing's are told by
:func:`euchre_core.app.dealing_sandbox.dealing_words`).

>>> label("call-card", card="king of clubs", seat="the player on your left")
'Call the king of clubs of the player on your left'

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

__all__ = ["event_words", "label", "bid_words", "LABELS"]

#: The labels of the reader's buttons and the rights' durations, by a typed key (never parsed back).
LABELS: dict[str, str] = {
    # claims, and how long the right lasts
    "claim-revoke": "Claim a revoke (the tricks are searched)",
    "until-revoke": "a revoke may be claimed until the cards are cut: law 68",
    "call-card": "Call the {card} of {seat}",
    "until-call-card": "an exposed card may be called until it is played: law 56",
    "stop-deal": "Stop the deal out of turn (the rightful dealer deals)",
    "until-stop-deal": "a deal out of turn may be stopped until the trump card is turned: law 40",
    # the reader's ordinary acts
    "speak-first": "Let {seat} speak first",
    "wait-bid": "Let {seat} speak",
    "wait-play": "Let {seat} play",
    "correct": "Correct your revoke: play the {card} instead",
    "answer-no": "I have none",
    "answer-yes": "I have one",
    "suit-called": "{option}: {suit}",
    "cut-next": "Cut for the next deal (no revoke can be claimed after: law 68)",
    "ask": "Ask your partner whether he has none of the suit (law 65)",
    "next-trick": "Next trick: {seat} leads",
    # the dealing's regular acts
    "shuffle": "Shuffle the pack",
    "decline": "Let the dealer shuffle (waive your right to shuffle first: law 25)",
    "cut": "Cut, lifting {n} cards",
    "deal-3-2": "Deal: three cards, then two",
    "deal-2-3": "Deal: two cards, then three",
    "give": "Give the next player {n} cards",
    "turn": "Turn up the trump card",
    "let-deal": "Let {seat} deal",
    # breaches
    "play": "Play the {card}",
    "play-two": "Play the {card} and the {card2} together",
    "drop": "Drop the {card} face up",
    "throw": "Throw the hand down",
    "lead-undiscarded": "Lead the {card} without discarding",
    "false-cut": "Cut, lifting {n} cards (fewer than four left in a packet)",
    "shuffle-after-cut": "Shuffle the pack again, after the cut",
    "deal-out-of-turn": "Deal the cards yourself, out of turn",
    "give-wrong": "Give the next player {n} {cards}",
    "turn-out-of-turn": "Turn up the trump card yourself",
    "expose-dealing": "Expose a card as you deal",
    "let-be-seen": "Let a card be seen",
    "touch": "Touch the cards during the deal",
    "question-deal": "Say the dealer is dealing out of turn",
    "before-turn": "{bid} before your turn",
    # bids the laws forbid the reader
    "bid-pass": "Pass",
    "bid-order": "Order it up (assist, take it up)",
    "bid-order-alone": "Order it up and play alone",
    "bid-call": "Make it {suit}",
    "bid-mention": "Say you meant to make it {suit}",
}


def label(key: str, **fields: object) -> str:
    """The label ``key`` of :data:`LABELS`, its fields filled (a card's and a suit's names, a seat's name
    from the reader's chair, a number)."""
    return LABELS[key].format(**fields)


def bid_words(verb: str) -> str:
    """A bid the reader may make against the laws (``pass``, ``order``, ``order alone``, ``call H``,
    ``mention S``), in his words.

    >>> bid_words("call H"), bid_words("order alone")
    ('Make it hearts', 'Order it up and play alone')
    """
    if verb.startswith(("call ", "mention ")):
        kind, letter = verb.split()[:2]
        return label(f"bid-{kind}", suit=Suit.parse(letter).word)
    return label("bid-" + verb.replace(" ", "-"))


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
