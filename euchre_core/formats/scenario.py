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
from pathlib import Path
from typing import Any

from ..kernel.deal import SEAT_NAMES, Deal
from ..kernel.errors import EuchreError, InputError
from ..kernel.rules import RulesError, rules_by_name
from ..laws.director import Director

__all__ = ["load_scenario", "rule_scenario", "main_rule"]


def load_scenario(data: dict[str, Any]) -> Director:
    """Build the director's state for a scenario and fold its events."""
    if not isinstance(data, dict):
        raise InputError("a scenario is a JSON object", "scenario")
    try:
        rules = rules_by_name(str(data.get("rules", "somerset1888")))
    except RulesError as e:
        raise InputError(str(e), "rules") from None
    names = SEAT_NAMES[: rules.players]
    dealer_name = data.get("dealer", "A")
    if not isinstance(dealer_name, str) or len(dealer_name) != 1 or dealer_name not in names:
        raise InputError(f"no seat {dealer_name!r}", "dealer")
    dealer = names.index(dealer_name)
    if "seed" in data and "hands" not in data:
        seed = data["seed"]
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise InputError("a whole number", "seed")
        deal = Deal.shuffled(seed, dealer=dealer, rules=rules)
    else:
        hands = data.get("hands")
        if not isinstance(hands, dict) or sorted(hands) != sorted(names):
            raise InputError(f"give one hand for each of {', '.join(names)}", "hands")
        for s in names:
            if not isinstance(hands[s], list):
                raise InputError(f"a list of card codes for {s}", "hands")
        if "turn_up" not in data:
            raise InputError("missing", "turn_up")
        if not isinstance(data.get("stock", []), list):
            raise InputError("a list of card codes", "stock")
        deal = Deal.start([hands[s] for s in names], data["turn_up"], dealer, rules, stock=data.get("stock", ()))
    events = data.get("events", [])
    if not isinstance(events, list):
        raise InputError("a list of events", "events")
    return _fold(data, deal, [str(e) for e in events])


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
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as e:
        raise InputError(f"cannot read {path}: {e.strerror}", "FILE") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise InputError(f"not JSON: {e.msg} at line {e.lineno}", "FILE") from None
    try:
        out = rule_scenario(data)
    except EuchreError:
        raise
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
    print("Points: " + ", ".join(f"{k} {v}" for k, v in score["points"].items())
          + ("" if score["complete"] else " (the hand is not finished)"))
    return 0
