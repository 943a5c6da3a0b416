"""The penalty sandbox's Python side: a deal under the director, as JSON for the browser.

The browser keeps only the list of events; every call folds them again through the
:class:`~euchre_core.director.Director` (a deal has at most a few dozen events, so this is
cheap) and returns the whole view: the hands, the trick, the rulings with their options, the
legal cards and the score. The JavaScript draws it; every decision is the engine's.

>>> v = start(52)
>>> v["law"], v["pending"]["laws"], [o["id"] for o in v["pending"]["options"]]
(52, [52, 53], ['call-card', 'call-suit', 'waive'])
>>> v = act(52, v["events"], "BD: choose call-card")
>>> v["actor"], v["requirements"]
('B', ['C must play the 7 of diamonds at the first lawful opportunity'])
>>> act(52, v["events"], "B: play XX")["error"]["field"]
'card'
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

from .cards import cards_of_mask
from .deal import SEAT_NAMES, Deal
from .dealing import DealingProcedure
from .director import Director
from .errors import EuchreError, IllegalAction, InputError
from .scenario import load_scenario

__all__ = ["scenarios", "start", "act", "custom", "view", "dealing_scenarios", "dealing_start", "dealing_act",
           "dealing_view"]


def scenarios() -> dict[int, dict[str, Any]]:
    """The ready scenarios by law number."""
    data = json.loads((resources.files("euchre_core") / "data" / "scenarios.json").read_text(encoding="utf-8"))
    return {int(s["law"]): s for s in data["scenarios"]}


def _scenario(law: int) -> dict[str, Any]:
    try:
        return scenarios()[int(law)]
    except (KeyError, ValueError, TypeError):
        raise InputError(f"no ready scenario for law {law!r}", "law") from None


def _card(code: Any) -> list[str]:
    from .cards import Card

    c = Card.parse(code) if not isinstance(code, Card) else code
    return [c.pretty(), c.long_name(), "red" if c.suit is not None and c.suit.is_red else "black"]


def view(state: Director, law: int | None, events: list[str], base: dict[str, Any]) -> dict[str, Any]:
    """The JSON the widget draws."""
    d = state.deal
    n = d.n
    seats = SEAT_NAMES[:n]
    cards: dict[str, list[str]] = {}
    hands = {}
    for s in range(n):
        hold = cards_of_mask(state.hands[s] if state.phase != "bidding" else d.hands[s])
        hands[seats[s]] = [str(c) for c in hold]
        for c in hold:
            cards[str(c)] = _card(c)
    for t in state.tricks:
        for _, c in t.cards:
            cards[str(c)] = _card(c)
    for _, c in state.trick:
        cards[str(c)] = _card(c)
    cards[str(d.turn_up)] = _card(d.turn_up)
    pending = state.rulings[state.pending].to_json() if state.pending is not None else None
    if state.phase == "bidding":
        actor = seats[d.actor]
        regular = [f"{actor}: {a}" for a in d.legal_actions()]
        legal: list[str] = []
    else:
        actor = seats[state.actor] if state.phase == "play" else None
        regular = []
        legal = [str(c) for c in state.legal_plays()]
    out = state.to_json()
    out.update({
        "law": law,
        "title": base.get("title"),
        "events": list(events),
        "dealer": seats[d.dealer],
        "turn_up": str(d.turn_up),
        "trump": d.trump.letter if d.trump is not None else None,
        "makers": d.side_name(d.makers) if d.makers is not None else None,
        "alone": seats[d.alone] if d.alone is not None else None,
        "out": [seats[s] for s in range(n) if d.out >> s & 1],
        "hands": hands,
        "trick": [[seats[s], str(c)] for s, c in state.trick],
        "actor": actor,
        "legal": legal,
        "regular": regular,
        "pending": pending,
        "cards": cards,
        "error": None,
    })
    return out


def start(law: int) -> dict[str, Any]:
    """The ready scenario of a law, folded up to the irregularity."""
    sc = _scenario(law)
    state = load_scenario(sc)
    return view(state, int(law), list(sc["events"]), sc)


def act(law: int | None, events: list[str], event: str, base: dict[str, Any] | None = None) -> dict[str, Any]:
    """Apply one more physical event. A refused or unreadable event leaves the events as they
    were and comes back as ``error`` (the engine's message, its laws or its field)."""
    sc = dict(base) if base else _scenario(law or 0)
    sc = {**sc, "events": list(events)}
    state = load_scenario(sc)
    try:
        new = state.act(event)
    except (IllegalAction, InputError) as e:
        out = view(state, law, list(events), sc)
        out["error"] = {"message": str(e), "laws": list(getattr(e, "laws", ())), "field": getattr(e, "field", None)}
        return out
    return view(new, law, list(events) + [str(event)], sc)


def custom(seed: int | None = None, hands: dict[str, list[str]] | None = None, turn_up: str | None = None,
           events: list[str] | None = None) -> dict[str, Any]:
    """A deal of the reader's own: a seeded deal (or given hands), from the bidding."""
    base: dict[str, Any] = {"title": "Your own deal"}
    if hands is not None:
        base.update({"hands": hands, "turn_up": turn_up})
    else:
        if not isinstance(seed, int):
            raise InputError("a whole number", "seed")
        deal = Deal.shuffled(seed)
        base.update({"hands": {SEAT_NAMES[s]: [str(c) for c in deal.hand(s)] for s in range(4)},
                     "turn_up": str(deal.turn_up)})
    base["events"] = list(events or [])
    try:
        state = load_scenario(base)
    except EuchreError:
        raise
    out = view(state, None, base["events"], base)
    out["base"] = {k: v for k, v in base.items() if k != "events"}
    return out


# ---------------------------------------------------------------- the shuffle, the cut and the deal
def dealing_scenarios() -> dict[int, dict[str, Any]]:
    """The ready scenarios of the dealing procedure (Laws 22–45, 72–73) by law number: ``dealer``,
    ``seed``, ``events`` up to the irregularity, optionally ``refused`` (an event the laws forbid
    there) and ``then`` (follow-up events, such as the election)."""
    path = resources.files("euchre_core") / "data" / "dealing_scenarios.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    return {int(s["law"]): s for s in data["scenarios"]}


def _dealing_scenario(law: int) -> dict[str, Any]:
    try:
        return dealing_scenarios()[int(law)]
    except (KeyError, ValueError, TypeError):
        raise InputError(f"no ready dealing scenario for law {law!r}", "law") from None


def _dealing_fold(sc: dict[str, Any], events: list[str]) -> DealingProcedure:
    if not isinstance(events, list):
        raise InputError("the events are a list", "events")
    return DealingProcedure.start(sc.get("dealer", "A"), seed=int(sc.get("seed", 0))).replay(events)


def _error(e: EuchreError) -> dict[str, Any]:
    return {"message": str(e), "laws": list(getattr(e, "laws", ())), "field": getattr(e, "field", None)}


def dealing_view(state: DealingProcedure, law: int | None, events: list[str], base: dict[str, Any]) -> dict[str, Any]:
    """The JSON of a dealing procedure: the phase, the hands dealt so far, the rulings, the pending
    election with its options (and the events that elect them), the outcome."""
    out = state.to_json()
    pending = None
    if state.pending is not None:
        r = state.rulings[state.pending]
        pending = r.to_json()
        sides = [r.to_json()["chooser"]] if r.chooser is not None else ["AC", "BD"]
        pending["choices"] = [f"{side}: choose {o.id}" for side in sides for o in r.options]
    out.update({
        "law": law,
        "title": base.get("title"),
        "events": list(events),
        "then": list(base.get("then", [])),
        "pending": pending,
        "interactive": False,
        "error": None,
    })
    return out


def dealing_start(law: int) -> dict[str, Any]:
    """The ready dealing scenario of a law, folded up to the irregularity; a scenario whose point
    is a refusal (``refused``) comes back with that refusal as ``error``."""
    sc = _dealing_scenario(law)
    events = list(sc["events"])
    state = _dealing_fold(sc, events)
    out = dealing_view(state, int(law), events, sc)
    if sc.get("refused"):
        try:
            state.act(sc["refused"])
        except (IllegalAction, InputError) as e:
            out["error"] = _error(e)
    return out


def dealing_act(law: int, events: list[str], event: str) -> dict[str, Any]:
    """Apply one more dealing event. A refused or unreadable event leaves the events as they
    were and comes back as ``error`` (the engine's message, its laws or its field), as in :func:`act`.

    >>> v = dealing_start(35)
    >>> v["pending"]["laws"], v["pending"]["choices"]
    ([35], ['BD: choose new-deal', 'BD: choose deal-stands'])
    >>> dealing_act(35, v["events"], "BD: choose new-deal")["outcome"]["kind"]
    'new-deal'
    >>> dealing_act(35, v["events"], "AC: choose new-deal")["error"]["message"]
    'the election belongs to BD'
    """
    sc = _dealing_scenario(law)
    state = _dealing_fold(sc, list(events))
    try:
        new = state.act(event)
    except (IllegalAction, InputError) as e:
        out = dealing_view(state, int(law), list(events), sc)
        out["error"] = _error(e)
        return out
    return dealing_view(new, int(law), list(events) + [str(event).strip()], sc)
