"""Lesson 9, the coups: the kind coup (a case's card, checked by the solver)."""

from __future__ import annotations

from typing import Any

from ...formats.cases import replay_case
from ...kernel import tables as _tables
from ...kernel.actions import Action
from ...kernel.cards import Card, CardError
from ...kernel.deal import Deal
from ...kernel.errors import EuchreError, InputError
from ...search import solver as _solver
from .base import Answer, Kind, kind_registrar
from .helpers import SEATS
from .helpers import card_choice as _card_choice
from .helpers import list_words as _list_words
from .helpers import sorted_hand as _sorted_hand
from .helpers import the as _the
from .helpers import to_seat as _seat

KINDS: dict[str, Kind] = {}  # this lesson's kinds, in order (the package's KINDS gathers every lesson's)
_kind = kind_registrar(KINDS)


def _coup_state(spec: dict[str, Any]) -> tuple[Deal, str, dict[str, Any]]:
    rep = replay_case(spec["case"])
    data = rep.data
    t = int(spec["trick"])
    seat = spec["seat"]
    before = sum(len(tr["cards"]) for tr in data["tricks"][: t - 1])
    cards = data["tricks"][t - 1]["cards"]
    pos = [s for s, _ in cards].index(seat)
    state = rep.states[before + pos]
    if SEATS[state.actor] != seat:
        raise InputError(f"Case {spec['case']}: {seat} is not to play at trick {t}", "seat")
    return state, cards[pos][1], data


def _ask_coup(spec: dict[str, Any]) -> dict[str, Any]:
    state, _, data = _coup_state(spec)
    seat = _seat(spec["seat"])
    assert state.trump is not None
    done = [[[SEATS[s], str(c)] for s, c in t.cards] for t in state.tricks]
    makers = data["makers"]
    role = "one of the makers" if SEATS[seat] in makers else "an adversary of the makers"
    trick = (
        f" The trick so far: {', '.join(f'{SEATS[s]} {_the(c)}' for s, c in state.trick)}."
        if state.trick
        else " It is your lead."
    )
    now = {SEATS[s]: [str(c) for c in _sorted_hand(state.hand(s), state.trump)] for s in range(4)}
    return {
        "prompt": f"Case {spec['case']}: you are {SEATS[seat]}, {role} ({' and '.join(makers)}). "
        f"{state.trump.word.capitalize()} are trumps. Trick {int(spec['trick'])}.{trick} "
        "Which card does the book play?",
        "choices": [_card_choice(a.card) for a in state.legal_actions() if a.card is not None],
        "show": {
            "deal": now,
            "trump": state.trump.letter,
            "turn_up": data.get("turn_up"),
            "dealer": data.get("dealer"),
            "alone": data.get("alone"),
            "tricks": done,
            "trick": [[SEATS[s], str(c)] for s, c in state.trick],
            "seat": SEATS[seat],
        },
    }


def _principal_line(d: Deal, first: Card | None = None) -> list[str]:
    """The rest of the deal after ``first`` (the card to play now), with best play by all: each seat's
    best card by the solver (the lowest of equals), trick by trick."""
    out = []
    while not d.is_over:
        if first is not None:
            card, first = first, None
        else:
            res = _solver.solve(d)
            maker = d.makers == d.side_of(d.actor)
            best = max(res.moves.values()) if maker else min(res.moves.values())
            assert d.trump is not None
            t = int(d.trump)
            card = min(
                (Card.parse(c) for c, v in res.moves.items() if v == best),
                key=lambda c: (_tables.TRUMP_POWER[t][c], c & 7),
            )
        n = len(d.tricks)
        d = d.apply(Action.play(card))
        if len(d.tricks) > n:
            tr = d.tricks[-1]
            out.append(
                f"trick {n + 1}: "
                + ", ".join(f"{SEATS[s]} {c.pretty()}" for s, c in tr.cards)
                + f", won by {SEATS[tr.winner]}"
            )
    return out


def _coup_wrong(spec: dict[str, Any], value: Any, ans: Answer) -> str:
    state, book, data = _coup_state(spec)
    try:
        card = Card.parse(str(value))
        state.apply(Action.play(card))
    except (EuchreError, CardError):
        return "That card cannot be played here."
    res = _solver.solve(state)
    v, b = res.moves[str(card)], res.moves[book]
    line = "; ".join(_principal_line(state, card))
    makers = " and ".join(data["makers"])
    return (
        f"After {_the(card)} the makers ({makers}) take {v} trick{'s' if v != 1 else ''} with best play "
        f"by all, against {b} after the book's {Card.parse(book).long_name()}: {line}."
    )


@_kind("coup", wrong=_coup_wrong)
def _coup(spec: dict[str, Any]) -> Answer:
    state, book, data = _coup_state(spec)
    res = _solver.solve(state)
    v = res.moves[book]
    accepted = [c for c, x in res.moves.items() if x == v]
    makers = " and ".join(data["makers"])
    told = data["tricks"][int(spec["trick"]) - 1].get("text") or ""
    remark = " ".join(r["text"] for r in data.get("remarks", []) if r["text"] != told)
    others = [c for c in accepted if c != book]
    # the book's remarks are quoted too: unquoted, they would read as the site's words (issue 15)
    why = " ".join(
        x
        for x in (
            f"The book: \u201c{told}\u201d" if told else "",
            f"The book's remarks: \u201c{remark}\u201d" if remark else "",
        )
        if x
    )
    if others:
        why += (
            f" With every hand open the solver finds {_list_words([_the(Card.parse(c)) for c in others], 'and')} "
            f"as good ({makers} take {v} tricks either way): the book's play counts on what the others cannot "
            "see, and the solver sees everything, so it accepts these too."
        )
    else:
        why += (
            f" The solver agrees: after {_the(Card.parse(book))} the makers ({makers}) take {v} tricks with best play."
        )
    line = _principal_line(state, Card.parse(book))
    detail = ["After the book's card, best play by all: " + "; ".join(line) + "."]
    return Answer(accepted, f"{_the(Card.parse(book)).capitalize()}.", why.strip(), cases=[spec["case"]], detail=detail)
