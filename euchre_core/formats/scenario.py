"""Scenarios: a deal plus an event log that may hold irregular acts and elections.

The format (JSON)::

    {
      "title": "B leads out of turn",              # optional
      "rules": "somerset1888",                      # optional, default somerset1888
      "dealer": "A",                                # optional, default A
      "hands": {"A": ["JC", "AH", "KH", "8S", "QD"], "B": [...], "C": [...], "D": [...]},
      "turn_up": "9C",
      "seed": 5,                                    # instead of hands/turn_up: a seeded deal
      "events": ["B: pass", "C: pass", "D: pass", "A: order", "A: discard 8S",
                 "C: play 7D", "BD: choose call-card", ...]
    }

Events are :class:`~euchre_core.laws.events.Event` notation: ``"SEAT: verb args"`` (play, expose,
pass, order, call, discard, ask, correct, throw, callcard, name, attention, mention,
declare, holds), ``"SIDE: verb args"`` (claim, choose, mix) or a bare table event
(``quit``, ``cut``).

>>> sc = {"hands": {"A": "JC AH KH 8S QD".split(), "B": "AC QH 8H JD TS".split(),
...                 "C": "7D 8D TD QS TH".split(), "D": "KC TC AS 9S 9H".split()},
...       "turn_up": "9C",
...       "events": ["B: pass", "C: pass", "D: pass", "A: order", "A: discard 8S", "C: play 7D"]}
>>> out = rule_scenario(sc)
>>> out["rulings"][0]["laws"], out["rulings"][0]["chooser"]
([52, 53], 'BD')
"""

from __future__ import annotations

import json
from collections import OrderedDict
from typing import Any

from ..kernel import decode
from ..kernel.deal import SEAT_NAMES, Deal
from ..kernel.errors import InputError
from ..kernel.limits import limit
from ..kernel.rules import RulesError, rules_by_name
from ..laws.director import Director

__all__ = ["load_scenario", "rule_scenario", "main_rule"]


MAX_EVENT = limit("event")  # characters of one event ("B: play JC" is 10)
# The members of a scenario; a ready scenario (euchre_core/data/scenarios.json) adds its own, which are read
# elsewhere (the sandbox). Any other member is refused by name: "hand" for "hands" is not a seeded deal.
KEYS = ("title", "rules", "dealer", "hands", "turn_up", "stock", "seed", "events")
READY_KEYS = ("law", "note", "then", "refused")


def load_scenario(data: dict[str, Any]) -> Director:
    """Build the director's state for a scenario and fold its events.

    Every field is decoded first (``euchre_core.kernel.decode``): a bad one is refused with an
    :class:`~euchre_core.kernel.errors.InputError` naming it (``hands.B[3]``, ``events[12]``).

    >>> load_scenario({"seed": 5, "dealer": "CD"})
    Traceback (most recent call last):
    ...
    euchre_core.kernel.errors.InputError: dealer: no seat 'CD' (choose from A, B, C, D)
    >>> load_scenario({"seed": 5, "hand": {}})
    Traceback (most recent call last):
    ...
    euchre_core.kernel.errors.InputError: hand: unknown member of a scenario (expected title, rules, dealer, hands, turn_up, stock, seed, events)
    """
    decode.mapping(data, "scenario")
    for k in data:
        if k not in KEYS and k not in READY_KEYS:
            raise InputError(f"unknown member of a scenario (expected {', '.join(KEYS)})", decode.excerpt(k)[1:-1])
    decode.check_tree(data, "scenario", top=True)
    try:
        rules = rules_by_name(decode.text(data.get("rules", "somerset1888"), "rules", max_len=limit("rules_name")))
    except RulesError as e:
        raise InputError(str(e), "rules") from None
    names = SEAT_NAMES[: rules.players]
    dealer = decode.seat(data.get("dealer", "A"), "dealer", rules.players)
    if "title" in data and data["title"] is not None:
        decode.text(data["title"], "title", max_len=500)
    if "seed" in data and "hands" not in data:
        seed = decode.seed(data["seed"], "seed")
        deal = Deal.shuffled(seed, dealer=dealer, rules=rules)
    else:
        hands = decode.mapping(data.get("hands"), "hands", keys=names, required=names)
        parsed = [decode.cards(hands[s], decode.field("hands", s)) for s in names]
        if "turn_up" not in data:
            raise InputError("missing", "turn_up")
        turn_up = decode.card(data["turn_up"], "turn_up")
        stock = decode.cards(data.get("stock", []), "stock")
        deal = Deal.start(parsed, turn_up, dealer, rules, stock=stock)
    events = decode.array(data.get("events", []), "events", max_len=decode.MAX_LOG)
    for i, ev in enumerate(events):
        decode.text(ev, decode.field("events", i), max_len=MAX_EVENT)
    return _fold(data, deal, [str(ev) for ev in events])


# The last states folded, by scenario and events: the sandbox sends the whole log with each move,
# and a move then costs one event's fold (the state for the log without its last event is here).
_STATES: OrderedDict[tuple[str, tuple[str, ...]], Director] = OrderedDict()
_STATES_KEPT = 32


def _fold(data: dict[str, Any], deal: Deal, events: list[str]) -> Director:
    try:
        base = json.dumps({k: v for k, v in data.items() if k != "events"}, sort_keys=True, default=repr)
    except (TypeError, ValueError):
        return Director.start(deal).replay(events)
    key = (base, tuple(events))
    st = _STATES.get(key)
    if st is None:
        prev = _STATES.get((base, key[1][:-1])) if events else None
        st = prev.replay(events[-1:], first=len(events)) if prev is not None else Director.start(deal).replay(events)
        _STATES[key] = st
        while len(_STATES) > _STATES_KEPT:
            _STATES.popitem(last=False)
    else:
        _STATES.move_to_end(key)
    return st


def rule_scenario(data: dict[str, Any]) -> dict[str, Any]:
    """The rulings in order and the final score: the ``rule --json`` answer."""
    st = load_scenario(data)
    out = st.to_json()
    out["title"] = data.get("title")
    return out


def main_rule(path: str, as_json: bool) -> int:
    """The ``rule FILE`` subcommand."""
    data = decode.load_json_file(path, "FILE")
    out = rule_scenario(data)
    if as_json:
        print(json.dumps(out, ensure_ascii=False))
        return 0
    if out.get("title"):
        print(out["title"])
    for i, r in enumerate(out["rulings"], 1):
        laws = ", ".join(str(n) for n in r["laws"])
        print(f"{i}. {r['irregularity']} (law{'s' if len(r['laws']) > 1 else ''} {laws}): {r['text']}")
        for o in r["options"]:
            mark = "*" if r["chosen"] == o["id"] else "-"
            print(f"     {mark} [{o['id']}] {o['text']}")
    score = out["score"]
    print("Tricks: " + ", ".join(f"{k} {v}" for k, v in score["tricks_won"].items()))
    for e in score["entries"]:
        print(f"  {e['what']}: {e['side']} {e['points']:+d} (laws {', '.join(map(str, e['laws']))})")
    print(
        "Points: "
        + ", ".join(f"{k} {v}" for k, v in score["points"].items())
        + ("" if score["complete"] else " (the hand is not finished)")
    )
    return 0
