"""Lesson 3, the deal, the turn-up and the seats: the kinds seat_role, misdeal and stock."""

from __future__ import annotations

from typing import Any

from ...kernel.actions import Action
from ...kernel.cards import pack
from ...kernel.deal import Deal, DealSetup
from ...kernel.errors import IllegalAction
from .base import Answer, Kind, kind_registrar
from .helpers import ROLE_WORDS, SEATS
from .helpers import text_choice as _text_choice
from .helpers import to_seat as _seat

KINDS: dict[str, Kind] = {}  # this lesson's kinds, in order (the package's KINDS gathers every lesson's)
_kind = kind_registrar(KINDS)

_NUMBER_WORDS = ("none", "one", "two", "three", "four", "five")


def _ask_seat_role(spec: dict[str, Any]) -> dict[str, Any]:
    dealer = spec["dealer"]
    return {
        "prompt": f"{dealer} deals. Who is the {ROLE_WORDS[spec['role']]}?",
        "choices": [_text_choice(s, s) for s in SEATS],
        "show": {"dealer": dealer, "seats": True},
    }


@_kind("seat_role")
def _seat_role(spec: dict[str, Any]) -> Answer:
    dealer = _seat(spec["dealer"])
    d = Deal.shuffled(0, dealer=dealer)
    order = []
    for _ in range(4):
        order.append(d.actor)
        d = d.apply(Action("pass"))
    roles = {"eldest": order[0], "second": order[1], "third": order[2], "dealer": order[3]}
    seat = SEATS[roles[spec["role"]]]
    names = ", ".join(f"{SEATS[s]} ({ROLE_WORDS[r]})" for r, s in roles.items())
    why = (
        f"The players speak in turn from the dealer's left: {names}. The eldest hand may pass, order up or "
        "play alone (Law 74); then the second hand, the dealer's partner, may assist (Law 75); then the third "
        "hand, and the dealer last (Law 76). The eldest hand also leads to the first trick."
    )
    return Answer([seat], f"{seat}.", why, terms=["hand"])


def _ask_misdeal(spec: dict[str, Any]) -> dict[str, Any]:
    if "cut" in spec:
        prompt = (
            f"The player on the dealer's right cuts the pack of 32 leaving {spec['cut']} cards in one packet. "
            "Is the cut good?"
        )
    else:
        a, b = (_NUMBER_WORDS[int(x)] for x in spec["packets"])
        prompt = (
            f"The dealer gives {a} card{'s' if a != 'one' else ''} to each player in turn, then {b}. Is the deal good?"
        )
    return {
        "prompt": prompt,
        "choices": [_text_choice("good", "Yes, it is good"), _text_choice("bad", "No: the laws do not allow it")],
        "show": {},
    }


@_kind("misdeal")
def _misdeal(spec: dict[str, Any]) -> Answer:
    order = tuple(pack(32))
    cut = int(spec.get("cut", 16))
    packets = tuple(spec.get("packets", (2, 3)))
    try:
        Deal.from_setup(DealSetup(order, cut, packets))
    except IllegalAction as e:
        laws = ", ".join(str(n) for n in e.laws)
        if "cut" in spec:
            why = (
                f"The engine refuses it: {e.reason} (Law {laws}). The cut must leave at least four cards in "
                "each packet; if not, the pack must be cut again."
            )
        else:
            why = (
                f"The engine refuses it: {e.reason} (Law {laws}). It is a misdeal (Law 42: unless the dealer "
                "gives two then three, or three then two), and a misdeal loses the deal (Law 41)."
            )
        return Answer(["bad"], "No.", why)
    if "cut" in spec:
        why = f"Each packet has at least four cards ({cut} and {32 - cut}), as Law 29 requires."
    else:
        why = "Two then three, or three then two, to each player in turn: the deal of Law 42."
    return Answer(["good"], "Yes.", why)


def _ask_stock(spec: dict[str, Any]) -> dict[str, Any]:
    return {
        "prompt": "Four play with the pack of 32. After the deal and the turn-up, how many cards are left "
        "in the pack, under the trump card?",
        "choices": [_text_choice(str(n), str(n)) for n in (7, 11, 12, 16)],
        "show": {},
    }


@_kind("stock")
def _stock(spec: dict[str, Any]) -> Answer:
    d = Deal.shuffled(int(spec.get("seed", 0)))
    n = len(d.stock)
    return Answer(
        [str(n)],
        f"{n}.",
        f"Five cards to each of four players make 20; the 21st is turned up for "
        f"trump (Law 86 calls it the card turned up); {n} remain below it, out of the play.",
    )
