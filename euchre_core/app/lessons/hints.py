"""Lesson 8, the hints by position (the book's rules of thumb): book_bid, book_make, book_discard, book_lead_lone."""

from __future__ import annotations

import random
from typing import Any

from ...kernel.cards import Card, Rank, Suit, pack
from ...kernel.errors import InputError
from ...search import book_rules as _book
from .base import Answer, Kind, kind_registrar
from .helpers import ROLE_WORDS
from .helpers import card_choice as _card_choice
from .helpers import sorted_hand as _sorted_hand
from .helpers import text_choice as _text_choice
from .helpers import the as _the
from .helpers import to_cards as _cards
from .helpers import to_suit as _suit

KINDS: dict[str, Kind] = {}  # this lesson's kinds, in order (the package's KINDS gathers every lesson's)
_kind = kind_registrar(KINDS)


_ROLE_VERB = {"eldest": "order up", "second": "assist", "third": "order up", "dealer": "take up"}


def _ask_book_bid(spec: dict[str, Any]) -> dict[str, Any]:
    role = spec["role"]
    up = Card.parse(spec["turn_up"])
    t = up.suit
    assert t is not None
    return {
        "prompt": f"You are the {ROLE_WORDS[role]}. {_the(up).capitalize()} is turned up. Your hand is shown. "
        f"By the book's hints, do you {_ROLE_VERB[role]} or pass?",
        "choices": [_text_choice("act", _ROLE_VERB[role].capitalize()), _text_choice("pass", "Pass")],
        "show": {
            "turn_up": str(up),
            "trump": t.letter,
            "cards": [str(c) for c in _sorted_hand(_cards(spec["hand"]), t)],
        },
    }


def _make_book_bid(entry: dict[str, Any]) -> dict[str, Any]:
    spec = dict(entry)
    if "hand" in spec:
        return spec
    want = spec["hint"]
    role = want.split("-")[0] if want.split("-")[0] in ROLE_WORDS else spec["role"]
    spec.setdefault("role", role)
    base = int(spec.get("seed", 0)) * 1000
    for k in range(base, base + 20000):
        rng = random.Random(k)
        cards = pack(32)
        rng.shuffle(cards)
        hand, up = cards[:5], cards[5]
        if spec.get("right_turned") and up & 7 != Rank.KNAVE:
            continue
        adv = _book.book_bid(hand, up, spec["role"])
        if want in adv.hints and len(adv.hints) == 1 and not adv.score_dependent:
            spec["hand"] = [str(c) for c in hand]
            spec["turn_up"] = str(up)
            return spec
    raise InputError(f"no hand found for {entry}", "hint")


@_kind("book_bid", _make_book_bid)
def _book_bid(spec: dict[str, Any]) -> Answer:
    role = spec["role"]
    adv = _book.book_bid(_cards(spec["hand"]), Card.parse(spec["turn_up"]), role)
    verb = _ROLE_VERB[role]
    hints = ", ".join(adv.hints)
    if adv.act:
        text = f"{verb.capitalize()}."
        why = (
            f"The hand matches the book's list (hint{'s' if len(adv.hints) > 1 else ''} {hints})."
            if role != "eldest"
            else adv.reason + f" (Hint {hints}.)"
        )
    else:
        text = "Pass."
        why = (
            (adv.reason + (f" (Hint {hints}.)" if hints else ""))
            if adv.reason
            else ("The hand matches nothing in the book's list for this position.")
        )
    if adv.score_dependent:
        why += " It also matches " + ", ".join(adv.score_dependent) + ", which the book leaves to the score."
    return Answer(["act" if adv.act else "pass"], text, why, hints=list(adv.hints) + list(adv.score_dependent))


def _ask_book_make(spec: dict[str, Any]) -> dict[str, Any]:
    down = _suit(spec["turned_down"])
    role = spec["role"]
    return {
        "prompt": f"You are the {ROLE_WORDS[role]}. {down.word.capitalize()} were turned down. "
        "By the book's hints, which suit do you make, if any?",
        "choices": [_text_choice("pass", "Pass")]
        + [_text_choice(s.letter, s.word.capitalize()) for s in Suit if s != down],
        "show": {"cards": [str(c) for c in _sorted_hand(_cards(spec["hand"]), None)]},
    }


@_kind("book_make")
def _book_make(spec: dict[str, Any]) -> Answer:
    down = _suit(spec["turned_down"])
    adv = _book.book_make(_cards(spec["hand"]), down, spec["role"])
    if adv.act and adv.suit is not None:
        kind = "next" if adv.suit == down.partner else "crossing the suit"
        return Answer(
            [adv.suit.letter],
            f"Make it {adv.suit.word} ({kind}).",
            (adv.reason + " " if adv.reason else "") + f"(Hint {', '.join(adv.hints)}.)",
            hints=list(adv.hints),
        )
    return Answer(["pass"], "Pass.", "No suit is strong enough by the book's hints.", hints=list(adv.hints))


def _ask_book_discard(spec: dict[str, Any]) -> dict[str, Any]:
    t = _suit(spec["trump"])
    six = _cards(spec["six"])
    up = Card.parse(spec["turn_up"])
    return {
        "prompt": f"You deal and take up {_the(up)}; {t.word} are trumps. By the book's hints, which card "
        "do you discard?",
        "choices": [_card_choice(c) for c in _sorted_hand(six, t) if c != up],
        "show": {"trump": t.letter, "turn_up": str(up), "cards": [str(c) for c in _sorted_hand(six, t)]},
    }


@_kind("book_discard")
def _book_discard(spec: dict[str, Any]) -> Answer:
    t = _suit(spec["trump"])
    c = _book.book_discard(_cards(spec["six"]), t, Card.parse(spec["turn_up"]))
    hint = spec.get("hint", "dealer-18")
    return Answer(
        [str(c)],
        f"{_the(c).capitalize()}.",
        "Discard the lowest card of a short suit, keeping the aces "
        "(hints dealer-18 and dealer-19); of two short suits, throw from the one the ace does not head.",
        hints=[hint],
    )


def _ask_book_lead_lone(spec: dict[str, Any]) -> dict[str, Any]:
    t = _suit(spec["trump"])
    hand = _cards(spec["hand"])
    return {
        "prompt": f"{t.word.capitalize()} are trumps and the dealer plays alone. You are the eldest hand and lead. "
        "By the book's hints, which card do you lead?",
        "choices": [_card_choice(c) for c in _sorted_hand(hand, t)],
        "show": {"trump": t.letter, "cards": [str(c) for c in _sorted_hand(hand, t)]},
    }


@_kind("book_lead_lone")
def _book_lead_lone(spec: dict[str, Any]) -> Answer:
    t = _suit(spec["trump"])
    c = _book.book_lead_against_lone(_cards(spec["hand"]), t)
    hint = spec.get("hint", "lone-hands-6")
    return Answer(
        [str(c)],
        f"{_the(c).capitalize()}.",
        "Against a lone hand, lead from a short suit or a suit of "
        "equals (hint lone-hands-6): the lone player must win every trick for his four points, and your "
        "partner and you can each keep a guard in a different suit.",
        hints=[hint],
    )
