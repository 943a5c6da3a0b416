"""Lesson 2, following suit and winning the trick: the kinds legal_plays and trick_winner."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from ...kernel import play as _play
from ...kernel import tables as _tables
from ...kernel.cards import Card, Suit
from ...kernel.deal import Deal, Trick
from ...kernel.errors import InputError
from ...search import book_rules as _book
from .base import Answer, Kind, kind_registrar
from .helpers import SEATS
from .helpers import card_choice as _card_choice
from .helpers import list_words as _list_words
from .helpers import sorted_hand as _sorted_hand
from .helpers import text_choice as _text_choice
from .helpers import the as _the
from .helpers import to_suit as _suit

KINDS: dict[str, Kind] = {}  # this lesson's kinds, in order (the package's KINDS gathers every lesson's)
_kind = kind_registrar(KINDS)


def _seeded_deal(seed: int, rng: random.Random, play_cards: int | None = None) -> Deal | None:
    """A deal from ``seed`` bid by the book's rules of thumb (a deal passed out gives None), then
    played with random legal cards: ``play_cards`` of them, or to the end."""
    d = Deal.shuffled(seed, dealer=seed % 4)
    d = _book.book_rollout(d)
    if d.is_over:
        return None
    n = 0
    while not d.is_over and (play_cards is None or n < play_cards):
        d = d.apply(rng.choice(d.legal_actions()))
        n += 1
    return d


_LEGAL_FOCUS: dict[str, Callable[[Deal], object]] = {
    # the seat to play holds the left bower and the led suit is its printed suit
    "left-printed": lambda d: (
        d.trick
        and _holds_left(d)
        and d.trick[0][1] >> 3 == _left(d) >> 3
        and _tables.EFFECTIVE_SUIT[_trump(d)][d.trick[0][1]] != _trump(d)
    ),
    # trumps led, and the left bower is the seat's only trump
    "left-only-trump": lambda d: (
        d.trick and _holds_left(d) and _led(d) == _trump(d) and len(_book.trumps_in(d.hand(d.actor), _trump(d))) == 1
    ),
    # the seat holds none of the suit led: anything goes
    "void": lambda d: d.trick and len(d.legal_actions()) == len(d.hand(d.actor)) >= 3,
    # the seat must follow, and has a choice
    "follow": lambda d: d.trick and 2 <= len(d.legal_actions()) < len(d.hand(d.actor)),
}


def _trump(d: Deal) -> Suit:
    """The trump suit of a deal past the bidding (the focus tests ask only of those)."""
    assert d.trump is not None
    return d.trump


def _left(d: Deal) -> int:
    return _tables.LEFT_BOWER[int(d.trump)] if d.trump is not None else -1


def _holds_left(d: Deal) -> bool:
    return d.trump is not None and bool(d.hands[d.actor] >> _left(d) & 1)


def _led(d: Deal) -> int:
    return _tables.EFFECTIVE_SUIT[int(d.trump)][d.trick[0][1]] if d.trick and d.trump is not None else -1


def _make_legal_plays(entry: dict[str, Any]) -> dict[str, Any]:
    spec = dict(entry)
    if "deal" in spec:
        return spec
    focus = _LEGAL_FOCUS[spec.get("focus", "follow")]
    base = int(spec.get("seed", 0)) * 1000
    for k in range(base, base + 5000):
        rng = random.Random(k)
        d = _seeded_deal(k, rng, play_cards=0)
        if d is None:
            continue
        while not d.is_over:
            if d.phase == "play" and focus(d):
                spec["deal"] = d.to_record()
                return spec
            d = d.apply(rng.choice(d.legal_actions()))
    raise InputError(f"no deal found for {entry}", "seed")


def _position_show(d: Deal, seat: int) -> dict[str, Any]:
    return {
        "trump": d.trump.letter if d.trump is not None else None,
        "turn_up": str(d.turn_up),
        "dealer": SEATS[d.dealer],
        "seat": SEATS[seat],
        "trick": [[SEATS[s], str(c)] for s, c in d.trick],
        "cards": [str(c) for c in _sorted_hand(d.hand(seat), d.trump)],
    }


def _ask_legal_plays(spec: dict[str, Any]) -> dict[str, Any]:
    d = Deal.replay(spec["deal"])
    seat = d.actor
    assert d.trump is not None
    led = ", ".join(f"{SEATS[s]} {_the(c)}" for s, c in d.trick)
    return {
        "prompt": f"{d.trump.word.capitalize()} are trumps. The trick so far: {led}. You are {SEATS[seat]}: "
        "which of your cards may you play? (Choose every one.)",
        "mode": "many",
        "choices": [_card_choice(c) for c in _sorted_hand(d.hand(seat), d.trump)],
        "show": _position_show(d, seat),
    }


def _legal_wrong(spec: dict[str, Any], value: Any, ans: Answer) -> str:
    chosen = set(value if isinstance(value, list) else [value])
    right = set(ans.answers)
    extra = sorted(chosen - right)
    missing = sorted(right - chosen)
    parts = []
    if extra:
        parts.append("you may not play " + _list_words([_the(Card.parse(c)) for c in extra], "or"))
    if missing:
        parts.append("you may also play " + _list_words([_the(Card.parse(c)) for c in missing], "or"))
    text = "; ".join(parts)
    return (text[0].upper() + text[1:] + ". " + ans.why) if parts else ans.why


@_kind("legal_plays", _make_legal_plays, _legal_wrong)
def _legal_plays(spec: dict[str, Any]) -> Answer:
    d = Deal.replay(spec["deal"])
    assert d.trump is not None
    legal = [a.card for a in d.legal_actions() if a.card is not None]
    hand = d.hand(d.actor)
    led_card = d.trick[0][1]
    led = Suit(_tables.EFFECTIVE_SUIT[d.trump][led_card])
    led_word = "trumps" if led == d.trump else led.word
    names = _list_words([_the(c) for c in _sorted_hand(legal, d.trump)], "or")
    left = Card(_tables.LEFT_BOWER[d.trump])
    notes = []
    if led_card == left:
        notes.append(f"{_the(left).capitalize()} was led: it is the left bower, so trumps were led.")
    if left in hand:
        notes.append(
            f"Your {left.long_name()} is the left bower: it is a trump, not a "
            f"{left.suit.word[:-1] if left.suit is not None else ''}."
        )
    if len(legal) == len(hand):
        why = f"{led_word.capitalize()} were led and you hold none: you may play any card."
    else:
        why = (
            f"{led_word.capitalize()} were led and you hold some: you must follow suit with {names}. To play a "
            "card of another suit holding one of the suit led is a revoke (Law 62), which costs three points "
            "(Law 63)."
        )
    return Answer(
        [str(c) for c in legal],
        "You may play " + names + ".",
        " ".join(notes + [why]),
        mode="many",
        terms=["left-bower"],
    )


_WIN_FOCUS: dict[str, Callable[[Deal, Trick], object]] = {
    "left-wins": lambda d, t: t.cards[[c for _, c in t.cards].index(_winning_card(d, t))][1] == _left(d),
    "trumped": lambda d, t: (
        _tables.EFFECTIVE_SUIT[_trump(d)][t.cards[0][1]] != _trump(d)
        and _tables.TRUMP_POWER[_trump(d)][_winning_card(d, t)] > 0
    ),
    "led-suit": lambda d, t: (
        _tables.TRUMP_POWER[_trump(d)][_winning_card(d, t)] == 0
        and t.winner != t.leader
        and any(c & 7 > _winning_card(d, t) & 7 for _, c in t.cards)
    ),
    "left-led": lambda d, t: t.cards[0][1] == _left(d),
}


def _winning_card(d: Deal, t: Trick) -> Card:
    return next(c for s, c in t.cards if s == t.winner)


def _make_trick_winner(entry: dict[str, Any]) -> dict[str, Any]:
    spec = dict(entry)
    if "cards" in spec:
        return spec
    focus = _WIN_FOCUS[spec.get("focus", "trumped")]
    base = int(spec.get("seed", 0)) * 1000
    for k in range(base, base + 5000):
        rng = random.Random(k)
        d = _seeded_deal(k, rng)
        if d is None or d.alone is not None:
            continue
        for t in d.tricks:
            if focus(d, t):
                assert d.trump is not None
                spec["trump"] = d.trump.letter
                spec["cards"] = [[SEATS[s], str(c)] for s, c in t.cards]
                return spec
    raise InputError(f"no trick found for {entry}", "seed")


def _ask_trick_winner(spec: dict[str, Any]) -> dict[str, Any]:
    t = _suit(spec["trump"])
    played = ", ".join(f"{s} {_the(Card.parse(c))}" for s, c in spec["cards"])
    return {
        "prompt": f"{t.word.capitalize()} are trumps. {spec['cards'][0][0]} leads; the cards fall: {played}. "
        "Who wins the trick?",
        "choices": [_text_choice(s, f"{s} ({Card.parse(c).long_name()})") for s, c in spec["cards"]],
        "show": {"trump": t.letter, "trick": spec["cards"]},
    }


@_kind("trick_winner", _make_trick_winner)
def _trick_winner(spec: dict[str, Any]) -> Answer:
    t = _suit(spec["trump"])
    cards = [Card.parse(c) for _, c in spec["cards"]]
    i = _play.trick_winner_index(int(t), cards)
    seat, card = spec["cards"][i][0], cards[i]
    led = Suit(_tables.EFFECTIVE_SUIT[t][cards[0]])
    if _tables.TRUMP_POWER[t][card]:
        trumps = [c for c in cards if _tables.TRUMP_POWER[t][c]]
        among = f" (of {_list_words([_the(c) for c in trumps])})" if len(trumps) > 1 else ""
        why = (
            f"{_the(card).capitalize()} is the highest trump played"
            + among
            + ": a trick with trumps in it is won by the highest trump."
        )
        if card == _tables.LEFT_BOWER[t]:
            why += f" The {card.long_name()} is the left bower, second only to the right bower."
    else:
        why = (
            f"No trump was played, so the highest {led.word[:-1]} wins: a card of another suit, however high, "
            "cannot win the trick."
        )
    return Answer([seat], f"{seat}, with {_the(card)}.", why, terms=["right-bower", "left-bower"])
