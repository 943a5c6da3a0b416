"""Lesson 7, the revoke and the other irregularities (the director): ruling_options, ruling_score, revoke_correct."""

from __future__ import annotations

from typing import Any

from ...kernel import tables as _tables
from ...kernel.cards import Card
from ...kernel.deal import Deal
from ...kernel.errors import IllegalAction
from ...laws.director import Director
from .base import Answer, Kind, kind_registrar
from .helpers import SEATS
from .helpers import text_choice as _text_choice
from .helpers import to_seat as _seat

KINDS: dict[str, Kind] = {}  # this lesson's kinds, in order (the package's KINDS gathers every lesson's)
_kind = kind_registrar(KINDS)


# A small deal for the director's scenarios: Case I's hands, A deals, the nine of clubs is turned.
_HANDS = {
    "A": "JC AH KH 8S QD".split(),
    "B": "AC QH 8H JD TS".split(),
    "C": "7D 8D TD QS TH".split(),
    "D": "KC TC AS 9S 9H".split(),
}


def _director(spec: dict[str, Any]) -> Director:
    hands = spec.get("hands") or _HANDS
    d = Deal.start([hands[s] for s in SEATS], spec.get("turn_up", "9C"), _seat(spec.get("dealer", "A")))
    return Director.start(d).replay(list(spec["events"]))


_OPTION_LABELS = {
    "call-card": "Call the card led in error",
    "call-suit": "Call a suit from him or his partner at their next lead",
    "waive": "Exact no penalty",
    "new-deal": "Claim a new deal",
    "deal-stands": "Let the deal stand",
    "highest": "Call on him to play his highest of the suit led",
    "lowest": "Call on him to play his lowest of the suit led",
    "win": "Call on him to win the trick",
    "lose": "Call on him to lose the trick",
    "partner-passes": "His partner must pass",
    "played": "Elect that the order shall be played",
    "with-partner": "Require him to play with his partner",
    "let-alone": "Let him play alone",
    "alone": "Let him play alone",
    "three-points": "Score three points for a revoke",
}


def _director_show(spec: dict[str, Any]) -> dict[str, Any]:
    return {
        "events": list(spec["events"]),
        "deal": spec.get("hands") or _HANDS,
        "turn_up": spec.get("turn_up", "9C"),
        "dealer": spec.get("dealer", "A"),
    }


def _ask_ruling_options(spec: dict[str, Any]) -> dict[str, Any]:
    ids = list(spec["choices"])
    return {
        "prompt": f"{spec['story']} What may {spec['side']} do? (Choose every option the laws give them.)",
        "mode": "many",
        "choices": [_text_choice(i, _OPTION_LABELS.get(i, i)) for i in ids],
        "show": _director_show(spec),
    }


@_kind("ruling_options")
def _ruling_options(spec: dict[str, Any]) -> Answer:
    t = _director(spec)
    r = t.rulings[-1]
    opts = [o.id for o in r.options]
    text = "; ".join(o.text for o in r.options)
    laws = ", ".join(str(n) for n in r.laws)
    return Answer(
        opts,
        "They may: " + text + ".",
        f"The director's ruling on the {r.irregularity} (Law "
        f"{laws}): {r.text} Only the side wronged chooses, and one election is final (Law 85).",
        mode="many",
    )


def _ask_ruling_score(spec: dict[str, Any]) -> dict[str, Any]:
    return {
        "prompt": f"{spec['story']} What does each side score for the hand?",
        "choices": [_text_choice(v, _score_label(v)) for v in spec["choices"]],
        "show": _director_show(spec),
    }


def _make_director(entry: dict[str, Any]) -> dict[str, Any]:
    """``play_out``: after the events the hand is played out, each player playing his lowest lawful
    card, then ``claim`` (an event, e.g. a revoke claim) is added; the spec gets the full list."""
    spec = dict(entry)
    if spec.pop("play_out", False):
        t = _director(spec)
        events = list(spec["events"])
        while t.phase == "play":
            assert t.deal.trump is not None
            trump = int(t.deal.trump)
            card = min(t.legal_plays(), key=lambda c: (_tables.TRUMP_POWER[trump][c], c & 7, c))
            ev = f"{SEATS[t.actor]}: play {card}"
            t = t.act(ev)
            events.append(ev)
        claim = spec.pop("claim", None)
        if claim:
            events.append(claim)
        spec["events"] = events
    return spec


def _score_label(value: str) -> str:
    """A score choice's value in words: ``AC-1-BD-3`` → ``A C 1, B D 3`` (as the answer says it).

    >>> _score_label("AC-1-BD-3")
    'A C 1, B D 3'
    """
    parts = value.split("-")
    if len(parts) == 4 and parts[0] == "AC" and parts[2] == "BD":
        return f"A C {parts[1]}, B D {parts[3]}"
    return value.replace("-", " ")


@_kind("ruling_score", _make_director)
def _ruling_score(spec: dict[str, Any]) -> Answer:
    t = _director(spec)
    res = t.result()
    pts = res["points"]
    value = f"AC-{pts['AC']}-BD-{pts['BD']}"
    entries = "; ".join(
        f"{e['what']}: {e['side']} {e['points']:+d} (Law{'s' if len(e['laws']) > 1 else ''} "
        f"{', '.join(str(n) for n in e['laws'])})"
        for e in res["entries"]
    )
    rulings = " ".join(f"{r.irregularity.capitalize()}: {r.text}" for r in t.rulings)
    return Answer([value], f"A C {pts['AC']}, B D {pts['BD']}.", f"{rulings} The score: {entries}.")


def _ask_revoke_correct(spec: dict[str, Any]) -> dict[str, Any]:
    return {
        "prompt": f"{spec['story']} May {spec['seat']} still take back the {Card.parse(spec['card']).long_name()} "
        "and play a card of the suit led?",
        "choices": [_text_choice("yes", "Yes"), _text_choice("no", "No: the revoke is established")],
        "show": _director_show(spec),
    }


@_kind("revoke_correct")
def _revoke_correct(spec: dict[str, Any]) -> Answer:
    t = _director(spec)
    try:
        after = t.act(f"{spec['seat']}: correct {spec['with']}")
    except IllegalAction as e:
        laws = ", ".join(str(n) for n in e.laws)
        return Answer(
            ["no"],
            "No.",
            f"The director refuses: {e.reason} (Law {laws}). A revoke is established when "
            "the trick is turned and quitted, or when the revoking player or his partner plays to the next "
            "trick (Law 64); it then costs three points, five against a lone hand (Law 63).",
        )
    r = after.rulings[-1]
    return Answer(["yes"], "Yes.", f"{r.text} (Laws 65, 69: the revoke is not yet established, Law 64.)")
