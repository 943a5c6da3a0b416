"""Lesson 5, scoring: deal_points, game_value, lap, rubber_over, rubber_points, counters (the three and the four)."""

from __future__ import annotations

from typing import Any

from ...kernel import deal as _deal
from ...kernel.errors import InputError
from ...kernel.rules import SOMERSET_1888
from ...laws.scoring import Rubber
from .base import Answer, Kind, kind_registrar
from .helpers import text_choice as _text_choice

KINDS: dict[str, Kind] = {}  # this lesson's kinds, in order (the package's KINDS gathers every lesson's)
_kind = kind_registrar(KINDS)


def _ask_deal_points(spec: dict[str, Any]) -> dict[str, Any]:
    alone = bool(spec.get("alone"))
    who = "A makes the trump and plays alone" if alone else "A and C make the trump"
    n = int(spec["tricks"])
    return {
        "prompt": f"{who}. They take {n} trick{'s' if n != 1 else ''}. What is scored?",
        "choices": [
            _text_choice(v, label)
            for v, label in (
                ("AC1", "A C score one"),
                ("AC2", "A C score two"),
                ("AC4", "A C score four"),
                ("BD2", "B D score two"),
                ("BD4", "B D score four"),
                ("none", "Nobody scores"),
            )
        ],
        "show": {},
    }


@_kind("deal_points")
def _deal_points(spec: dict[str, Any]) -> Answer:
    alone = bool(spec.get("alone"))
    n = int(spec["tricks"])
    res = _deal.score_deal(SOMERSET_1888, 0, 0, 0 if alone else None, 1 if alone else 0, (n, 5 - n))
    side = 0 if res.points[0] else 1 if res.points[1] else None
    if side is None:
        return Answer(["none"], "Nobody scores.", "")
    pts = res.points[side]
    value = f"{'AC' if side == 0 else 'BD'}{pts}"
    word = {1: "one", 2: "two", 4: "four"}.get(pts, str(pts))
    law = "Law 3" if alone else "Law 2"
    if res.euchred:
        why = f"The makers failed to take three tricks: they are euchred, and the adversaries score {word} ({law})."
    elif res.march:
        why = f"All five tricks are a march: {word} ({law})."
    else:
        why = f"Three or four tricks: the makers score one ({law})."
    return Answer([value], f"{'A C' if side == 0 else 'B D'} score {word}.", why, terms=["march", "euchre"])


def _ask_game_value(spec: dict[str, Any]) -> dict[str, Any]:
    x = int(spec["losers"])
    return {
        "prompt": f"A C reach five points and win the game; B D have {x}. What does the game count for A C?",
        "choices": [_text_choice("1", "One game"), _text_choice("2", "Two games (a double game)")],
        "show": {},
    }


@_kind("game_value")
def _game_value(spec: dict[str, Any]) -> Answer:
    x = int(spec["losers"])
    r = Rubber(SOMERSET_1888, (4, x)).record((1, 0))
    v = r.games[0].value
    if v == 2:
        why = (
            "The losers have not scored: the game counts two (Law 7), a double (Technical Terms: Love Game, "
            "Slam, Double)."
        )
    else:
        why = f"The losers have scored ({x}): the game counts one (Law 7)."
    return Answer([str(v)], "Two games." if v == 2 else "One game.", why, terms=["love-game"])


def _ask_lap(spec: dict[str, Any]) -> dict[str, Any]:
    a, b = spec["before"]
    p = int(spec["points"])
    return {
        "prompt": f"A C have {a}, B D have {b}. A C score {p} more and win the game. With the lap, how does the "
        "next game start?",
        "choices": [_text_choice(f"{i}-0", f"A C {i}, B D 0") for i in range(0, 4)],
        "show": {},
    }


@_kind("lap")
def _lap(spec: dict[str, Any]) -> Answer:
    a, b = spec["before"]
    r = Rubber(SOMERSET_1888, (int(a), int(b))).record((int(spec["points"]), 0))
    g = r.game
    return Answer(
        [f"{g[0]}-{g[1]}"],
        f"A C {g[0]}, B D {g[1]}.",
        f"A C made {int(a) + int(spec['points'])}: five win the game and the rest, {g[0]}, are carried "
        "to the "
        "next game (the Lap, in the Technical Terms).",
        terms=["lap"],
    )


def _ask_rubber_over(spec: dict[str, Any]) -> dict[str, Any]:
    games = ", ".join(
        f"{w} win game {i + 1}" + (f" with {lap} over" if lap else "") for i, (w, lap) in enumerate(spec["games"])
    )
    return {
        "prompt": f"{games}. Is the rubber over?",
        "choices": [_text_choice("yes", "Yes"), _text_choice("no", "No: another game is played")],
        "show": {},
    }


def _rubber_from(games: list[list[Any]]) -> Rubber:
    r = Rubber(SOMERSET_1888)
    for w, lap in games:
        side = 0 if w == "AC" else 1
        pts = [0, 0]
        pts[1 - side] = 1
        r = r.record(tuple(pts))
        pts = [0, 0]
        pts[side] = 5 - r.game[side] + int(lap)
        r = r.record(tuple(pts))
    return r


@_kind("rubber_over")
def _rubber_over(spec: dict[str, Any]) -> Answer:
    r = _rubber_from(spec["games"])
    n = len(spec["games"])
    if r.is_over:
        return Answer(
            ["yes"],
            "Yes.",
            f"The rubber is the best of three games (Law 1); after {n} games it is over, "
            f"won by {'A C' if r.winner == 0 else 'B D'}.",
            terms=["rubber"],
        )
    if n == 2:
        why = (
            "The rubber is the best of three games, and the third game is played even when the first two are "
            "won by the same players (Law 1)."
        )
    else:
        why = "The third game lapped, so a fourth game is played (Law 1)."
    return Answer(["no"], "No.", why, terms=["rubber", "lap"])


def _ask_rubber_points(spec: dict[str, Any]) -> dict[str, Any]:
    games = "; ".join(f"{w} win game {i + 1}, the losers having {x}" for i, (w, x) in enumerate(spec["games"]))
    return {
        "prompt": f"{games}. How many points does the rubber give A C, the winners?",
        "choices": [_text_choice(str(n), str(n)) for n in range(3, 11)],
        "show": {},
    }


@_kind("rubber_points")
def _rubber_points(spec: dict[str, Any]) -> Answer:
    r = Rubber(SOMERSET_1888)
    for w, x in spec["games"]:
        side = 0 if w == "AC" else 1
        pts = [0, 0]
        if x:
            pts[1 - side] = int(x)
            r = r.record(tuple(pts))
            pts = [0, 0]
        pts[side] = 5 - r.game[side]
        r = r.record(tuple(pts))
    p = r.points[0]
    values = " + ".join(str(g.value) for g in r.games if g.winner == 0)
    return Answer(
        [str(p)],
        f"{p}.",
        f"Each game won counts one, or two when the losers have not scored; the winners "
        f"of the rubber take two more (Law 7): {values} + 2 = {p}.",
        terms=["rubber"],
    )


def counters(points: int) -> dict[str, Any]:
    """How a side marks its score with a three and a four (Hoyle's "Marking the Score").

    ``{"up": 3 or 4, "covered": bool}``: the card face up, and whether the other card lies face
    down on it; ``{"up": None}`` before the side has scored.

    >>> [counters(p) for p in (1, 2, 3, 4)][:2]
    [{'up': 3, 'covered': True}, {'up': 4, 'covered': True}]
    """
    if points == 0:
        return {"up": None, "covered": False}
    if not 1 <= points <= 4:
        raise InputError("the counters show one to four", "points")
    return {"up": 3 if points in (1, 3) else 4, "covered": points in (1, 2)}


def read_counters(layout: dict[str, Any]) -> int:
    """The score that a layout of the three and the four shows (Hoyle: the three face up with the four
    face down on it counts one, the four so covered two; the three face up alone counts three, the
    four four, "however many pips may chance to be exposed").

    >>> read_counters({"up": 3, "covered": True}), read_counters({"up": 4, "covered": False})
    (1, 4)
    """
    up = layout.get("up")
    if up is None:
        return 0
    if layout.get("covered"):
        return 1 if up == 3 else 2
    return int(up)


def _ask_counters(spec: dict[str, Any]) -> dict[str, Any]:
    return {
        "prompt": "A side marks its score with a three and a four. What does this show?",
        "choices": [_text_choice(str(n), str(n)) for n in range(1, 5)],
        "show": {"counters": counters(int(spec["points"]))},
    }


@_kind("counters")
def _counters(spec: dict[str, Any]) -> Answer:
    layout = counters(int(spec["points"]))
    n = read_counters(layout)
    if layout["covered"]:
        how = (
            f"the {'three' if layout['up'] == 3 else 'four'} face up with the "
            f"{'four' if layout['up'] == 3 else 'three'} face down on it"
        )
    else:
        how = f"the face of the {'three' if layout['up'] == 3 else 'four'} uppermost"
    return Answer([str(n)], f"{n}.", f"By Hoyle's rule, {how} counts {n}, however many pips happen to show.")
