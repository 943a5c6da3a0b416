"""Lesson 6, playing alone: the kinds may_alone and alone_leader."""

from __future__ import annotations

from typing import Any

from ...search import book_rules as _book
from .base import Answer, Kind, kind_registrar
from .helpers import SEATS
from .helpers import bidding as _bidding
from .helpers import say as _say
from .helpers import text_choice as _text_choice
from .helpers import to_seat as _seat

KINDS: dict[str, Kind] = {}  # this lesson's kinds, in order (the package's KINDS gathers every lesson's)
_kind = kind_registrar(KINDS)


def _ask_may_alone(spec: dict[str, Any]) -> dict[str, Any]:
    d = _bidding(_seat(spec["dealer"]), spec["actions"])
    return {
        "prompt": f"{spec['dealer']} deals. {_say(d, spec['actions'])}. May {SEATS[d.actor]} now play alone?",
        "choices": [_text_choice("yes", "Yes"), _text_choice("no", "No")],
        "show": {"dealer": spec["dealer"], "seats": True},
    }


@_kind("may_alone")
def _may_alone(spec: dict[str, Any]) -> Answer:
    d = _bidding(_seat(spec["dealer"]), spec["actions"])
    seat = SEATS[d.actor]
    alone = [a for a in d.legal_actions() if a.alone]
    maker = SEATS[d.maker] if d.maker is not None else None
    if alone:
        if d.phase == "take":
            why = (
                f"{maker} made the trump, and {seat}, his partner, has not passed: he may take it from him "
                "(Laws 93 and 94: \u201cI take it from you\u201d)."
            )
        else:
            why = f"{seat} may play alone when he orders up, assists, adopts or makes the trump (Law 93)."
        return Answer(["yes"], "Yes.", why, terms=["alone"])
    return Answer(
        ["no"],
        "No.",
        f"{seat} cannot play alone now: a player may play alone when he or his partner makes "
        "the trump, provided he has not already passed (Law 93), and not when the adversaries make it "
        "(Law 95).",
        terms=["alone"],
    )


def _ask_alone_leader(spec: dict[str, Any]) -> dict[str, Any]:
    d = _bidding(_seat(spec["dealer"]), spec["actions"])
    return {
        "prompt": f"{spec['dealer']} deals. {_say(d, spec['actions'])}. Who leads to the first trick?",
        "choices": [_text_choice(s, s) for s in SEATS],
        "show": {"dealer": spec["dealer"], "seats": True},
    }


@_kind("alone_leader")
def _alone_leader(spec: dict[str, Any]) -> Answer:
    d = _bidding(_seat(spec["dealer"]), spec["actions"])
    while d.phase != "play":
        d = d.apply(_book.book_policy(d))
    leader = SEATS[d.actor]
    out = [SEATS[s] for s in range(4) if d.out >> s & 1]
    eldest = SEATS[d.eldest]
    if out and out[0] == eldest:
        why = (
            f"The eldest hand, {eldest}, would lead, but he is out: his partner plays alone and he lays his "
            f"cards face down (Law 101). The lead goes to the next player, {leader}."
        )
    else:
        why = f"The eldest hand, {eldest}, leads to the first trick, whoever plays alone."
    return Answer([leader], f"{leader}.", why, terms=["alone"])
