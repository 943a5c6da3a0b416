"""Lesson 4, making the trump: bid_word, who_may_take, turned_down, next_or_cross, discard_choices, best_discard."""

from __future__ import annotations

from typing import Any

from ...kernel.actions import Action
from ...kernel.cards import Card, pack
from ...kernel.deal import Deal
from ...kernel.errors import InputError
from ...search import book_rules as _book
from ...search import solver as _solver
from .base import Answer, Kind, kind_registrar
from .helpers import SEATS
from .helpers import bidding as _bidding
from .helpers import card_choice as _card_choice
from .helpers import list_words as _list_words
from .helpers import say as _say
from .helpers import sorted_hand as _sorted_hand
from .helpers import text_choice as _text_choice
from .helpers import the as _the
from .helpers import to_seat as _seat
from .helpers import to_suit as _suit

KINDS: dict[str, Kind] = {}  # this lesson's kinds, in order (the package's KINDS gathers every lesson's)
_kind = kind_registrar(KINDS)


def _ask_bid_word(spec: dict[str, Any]) -> dict[str, Any]:
    return {
        "prompt": f"{spec['dealer']} deals. In the first round, {spec['seat']} accepts the suit turned up for "
        "trump. What is this called?",
        "choices": [_text_choice(v, v) for v in ("orders up", "assists", "takes up")],
        "show": {"dealer": spec["dealer"], "seats": True},
    }


@_kind("bid_word")
def _bid_word(spec: dict[str, Any]) -> Answer:
    dealer, seat = _seat(spec["dealer"]), _seat(spec["seat"])
    d = Deal.shuffled(0, dealer=dealer)
    while d.actor != seat:
        d = d.apply(Action("pass"))
    said = d.describe_action(seat, Action("order"))
    verb = said.split(" ", 1)[1]
    law = {"orders up": "Laws 74 and 76", "assists": "Law 75", "takes up": "Law 76"}[verb]
    who = {
        "orders up": "the eldest or the third hand, an adversary of the dealer",
        "assists": "the dealer's partner",
        "takes up": "the dealer himself",
    }[verb]
    return Answer(
        [verb],
        f"{SEATS[seat]} {verb}.",
        f"{SEATS[seat]} is {who}: he {verb} ({law}). Whoever does it, the "
        "card turned up is the trump, the dealer takes it into his hand and discards (Law 86).",
        terms=["ordering-up", "assist"],
    )


def _ask_who_may_take(spec: dict[str, Any]) -> dict[str, Any]:
    d = _bidding(_seat(spec["dealer"]), spec["actions"][:-1])
    return {
        "prompt": f"{spec['dealer']} deals. {_say(d, spec['actions'])}. "
        "Who, if anyone, may now take it from him and play alone?",
        "choices": [_text_choice(s, s) for s in SEATS] + [_text_choice("nobody", "Nobody")],
        "show": {"dealer": spec["dealer"], "seats": True},
    }


@_kind("who_may_take")
def _who_may_take(spec: dict[str, Any]) -> Answer:
    d = _bidding(_seat(spec["dealer"]), spec["actions"])
    maker = d.maker
    assert maker is not None
    partner = SEATS[(maker + 2) % 4]
    if any(a.kind == "take" for a in d.legal_actions()):
        seat = SEATS[d.actor]
        return Answer(
            [seat],
            f"{seat}, his partner.",
            f"{seat} has not passed, so he may say \u201cI take it from "
            "you\u201d and play alone (Laws 74, 75, 93 and 94).",
            terms=["alone"],
        )
    return Answer(
        ["nobody"],
        "Nobody.",
        f"Only the partner of the player who made the trump may take it from him, "
        f"and only if he has not already passed (Law 93); {partner} has passed.",
        terms=["alone"],
    )


def _ask_turned_down(spec: dict[str, Any]) -> dict[str, Any]:
    d = _bidding(_seat(spec["dealer"]), ["pass"] * 4)
    t = d.turn_suit
    return {
        "prompt": f"{spec['dealer']} deals and turns {_the(d.turn_up)}. All four pass, and the trump card is "
        f"turned down. Then {SEATS[d.actor]}, the eldest hand, names {t.word}. What follows?",
        "choices": [
            _text_choice("trump", f"{t.word.capitalize()} are trumps"),
            _text_choice("passed", "He is considered to have passed"),
            _text_choice("newdeal", "There must be a new deal"),
        ],
        "show": {"dealer": spec["dealer"], "turn_up": str(d.turn_up)},
    }


@_kind("turned_down")
def _turned_down(spec: dict[str, Any]) -> Answer:
    d = _bidding(_seat(spec["dealer"]), ["pass"] * 4)
    before = d.actor
    after = d.apply(Action("call", suit=d.turn_suit))
    if after.trump is None and after.actor != before:
        return Answer(
            ["passed"],
            "He is considered to have passed.",
            f"Naming the suit turned down counts as a pass "
            f"(Law 78); it is now {SEATS[after.actor]}'s turn to name a suit or pass (Law 77).",
        )
    return Answer(["trump"], f"{after.trump.word.capitalize() if after.trump else ''} are trumps.", "")


def _ask_next_or_cross(spec: dict[str, Any]) -> dict[str, Any]:
    down, named = _suit(spec["turned_down"]), _suit(spec["named"])
    return {
        "prompt": f"{down.word.capitalize()} were turned down. A player makes it {named.word}. What is this called?",
        "choices": [_text_choice("next", "Making it next"), _text_choice("cross", "Crossing the suit")],
        "show": {"trump": named.letter},
    }


@_kind("next_or_cross")
def _next_or_cross(spec: dict[str, Any]) -> Answer:
    down, named = _suit(spec["turned_down"]), _suit(spec["named"])
    hands = [pack(32)[5 * i : 5 * i + 5] for i in range(4)]
    turn = next(c for c in pack(32)[20:] if c.suit == down)
    rest = [c for c in pack(32)[20:] if c != turn]
    d = Deal.start(hands, turn, 0, stock=rest)
    for _ in range(4):
        d = d.apply(Action("pass"))
    said = d.describe_action(d.actor, Action("call", suit=named))
    if "(next)" in said:
        return Answer(
            ["next"],
            "Making it next.",
            f"{named.word.capitalize()} are of the same colour as the "
            f"{down.word} turned down: that is \u201cnext\u201d.",
            terms=["next"],
        )
    return Answer(
        ["cross"],
        "Crossing the suit.",
        f"{named.word.capitalize()} are of the other colour from the "
        f"{down.word} turned down: that is crossing the suit.",
        terms=["crossing-the-suit"],
    )


def _make_discard_position(entry: dict[str, Any]) -> dict[str, Any]:
    spec = dict(entry)
    if "deal" in spec:
        return spec
    base = int(spec.get("seed", 0)) * 1000
    for k in range(base, base + 5000):
        d = Deal.shuffled(k, dealer=k % 4)
        while d.phase == "bid1":
            a = _book.book_policy(d)
            d = d.apply(a)
        if d.phase == "take":
            d = d.apply(Action("stay"))
        if d.phase == "discard":
            spec["deal"] = d.to_record()
            if spec["kind"] != "best_discard" or len(_best_discards(d)[0]) < 5:
                return spec
    raise InputError(f"no deal found for {entry}", "seed")


def _ask_discard_choices(spec: dict[str, Any]) -> dict[str, Any]:
    d = Deal.replay(spec["deal"])
    assert d.trump is not None
    return {
        "prompt": f"{SEATS[d.dealer]} deals and turns {_the(d.turn_up)}; {_say(d, [a for _, a in _logged(d)])}. "
        f"{SEATS[d.dealer]} now holds six cards. Which of them may he discard? (Choose every one.)",
        "mode": "many",
        "choices": [_card_choice(c) for c in _sorted_hand(d.hand(d.dealer), d.trump)],
        "show": {
            "trump": d.trump.letter,
            "turn_up": str(d.turn_up),
            "dealer": SEATS[d.dealer],
            "cards": [str(c) for c in _sorted_hand(d.hand(d.dealer), d.trump)],
        },
    }


def _logged(d: Deal) -> list[tuple[int, str]]:
    return [(s, str(a)) for s, a in d.log]


@_kind("discard_choices", _make_discard_position)
def _discard_choices(spec: dict[str, Any]) -> Answer:
    d = Deal.replay(spec["deal"])
    may = [a.card for a in d.legal_actions() if a.card is not None]
    return Answer(
        [str(c) for c in may],
        "Any card but the turn-up.",
        f"The dealer must discard one card at once "
        f"(Law 86), and the trump card cannot be discarded (Law 88): {_the(d.turn_up)} stays.",
        mode="many",
    )


def _best_discards(d: Deal) -> tuple[list[str], dict[str, int]]:
    values = {}
    for a in d.legal_actions():
        after = d.apply(a)
        values[str(a.card)] = _solver.solve(after).maker_tricks
    best = max(values.values())
    return [c for c, v in values.items() if v == best], values


def _ask_best_discard(spec: dict[str, Any]) -> dict[str, Any]:
    d = Deal.replay(spec["deal"])
    assert d.trump is not None
    hands = {SEATS[s]: [str(c) for c in _sorted_hand(d.hand(s), d.trump)] for s in range(4)}
    return {
        "prompt": f"All four hands are shown. {SEATS[d.dealer]} has taken up {_the(d.turn_up)} and must discard. "
        "With every card open and best play by all, which discard gives his side the most tricks?",
        "choices": [_card_choice(c) for c in _sorted_hand(d.hand(d.dealer), d.trump) if c != d.turn_up],
        "show": {"deal": hands, "trump": d.trump.letter, "turn_up": str(d.turn_up), "dealer": SEATS[d.dealer]},
    }


@_kind("best_discard", _make_discard_position)
def _best_discard(spec: dict[str, Any]) -> Answer:
    d = Deal.replay(spec["deal"])
    best, values = _best_discards(d)
    side = "the makers" if d.makers == d.side_of(d.dealer) else "his side"
    detail = [
        f"Discard {_the(Card.parse(c))}: {side} take {v} trick{'s' if v != 1 else ''}."
        for c, v in sorted(values.items(), key=lambda kv: -kv[1])
    ]
    names = _list_words([_the(Card.parse(c)) for c in best], "or")
    return Answer(
        best,
        f"Discard {names}.",
        f"The solver plays the deal out after each discard, every hand open: "
        f"{names} give{'s' if len(best) == 1 else ''} {values[best[0]]} tricks, the most; any of them is "
        "right. (The dealer discards at once, Law 86, and never the trump card, Law 88.)",
        detail=detail,
    )
