"""The penalty sandbox's Python side: a deal under the director, as JSON for the browser.

The browser keeps only the list of events; every call folds them again through the
:class:`~euchre_core.laws.director.Director` (a deal has at most a few dozen events, so this is
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

from ..formats.scenario import MAX_EVENT, load_scenario
from ..kernel import decode
from ..kernel.cards import cards_of_mask
from ..kernel.deal import SEAT_NAMES, Deal
from ..kernel.errors import EuchreError, IllegalAction, InputError
from ..laws.club_procedure import MAX_CANDIDATES as MAX_CANDIDATES
from ..laws.club_procedure import MAX_NAME as MAX_NAME
from ..laws.club_procedure import MAX_TABLES as MAX_TABLES
from ..laws.club_procedure import TABLE_OPS as TABLE_OPS
from ..laws.director import Director, Phase
from ..laws.rulings import Ruling

# the dealing and table sandboxes, each in its own module, offered here as before (the browser calls
# them by these names, euchre_core.app.sandbox.dealing_act …)
from .dealing_sandbox import dealing_act as dealing_act
from .dealing_sandbox import dealing_acts as dealing_acts
from .dealing_sandbox import dealing_scenarios as dealing_scenarios
from .dealing_sandbox import dealing_start as dealing_start
from .dealing_sandbox import dealing_start_state as dealing_start_state
from .dealing_sandbox import dealing_view as dealing_view
from .dealing_sandbox import dealing_words as dealing_words
from .egn_view import action_words
from .ruling_voice import Seats, moment, option_label
from .sandbox_json import card_json, event_list, law_number, room_for_one
from .table_sandbox import MAX_OPS as MAX_OPS
from .table_sandbox import table_act as table_act
from .table_sandbox import table_scenarios as table_scenarios
from .table_sandbox import table_start as table_start
from .table_sandbox import table_view as table_view

__all__ = ["scenarios", "start", "act", "custom", "view", "choosers"]


def scenarios() -> dict[int, dict[str, Any]]:
    """The ready scenarios by law number."""
    data = json.loads((resources.files("euchre_core") / "data" / "scenarios.json").read_text(encoding="utf-8"))
    return {int(s["law"]): s for s in data["scenarios"]}


def _scenario(law: int) -> dict[str, Any]:
    number = law_number(law)
    if number not in scenarios():
        raise InputError(f"no ready scenario for law {number}", "law")
    return scenarios()[number]


def choosers(chooser: str | None) -> str:
    """Who chooses, in words: ``"BD"`` → ``"B and D"``.

    >>> choosers("BD"), choosers("A"), choosers(None)
    ('B and D', 'A', '')
    """
    if not chooser:
        return ""
    return " and ".join(chooser) if len(chooser) == 2 else chooser


def _words(ruling: Ruling, dealer: int) -> dict[str, Any]:
    """A ruling's presentation for the table: who chooses (its seats, typed), each option's words and
    the option chosen (:func:`euchre_core.app.ruling_voice.option_label`, from the typed ruling; the
    JSON's ids and texts are unchanged)."""
    seats = Seats(None, dealer)
    chosen = ruling.chosen if any(o.id == ruling.chosen for o in ruling.options) else None
    return {
        "who": " and ".join(SEAT_NAMES[c] for c in ruling.choosers),
        "options": [{"id": o.id, "label": option_label(ruling, o.id, seats, dealer)} for o in ruling.options],
        "chosen": option_label(ruling, chosen, seats, dealer) if chosen else None,
    }


def view(state: Director, law: int | None, events: list[str], base: dict[str, Any]) -> dict[str, Any]:
    """The JSON the widget draws (``words``: the plain words of each ruling, in the same order).

    >>> v = start(52)
    >>> v["words"][0]["who"], v["words"][0]["options"][1]["label"]
    ('B and D', 'Call a suit from C or his partner, at the next lead of either')
    >>> act(52, v["events"], "BD: choose call-card")["called"]
    [['C', '7D']]
    >>> own = custom(seed=0)["base"]
    >>> played = ["B: order", "D: stay", "A: discard TC", "B: play JC", "C: play 7D", "D: play TD"]
    >>> act(None, played, "A: play AC", base=own)["quit_due"]  # the trick complete, face up (law 64)
    True
    >>> act(None, played + ["A: play AC"], "quit", base=own)["quit_due"]
    False
    >>> w = start(99)
    >>> w["regular"][0], w["regular_words"][0], w["making"]
    ('A: discard JC', 'A discards J♣', 'discard')
    """
    d = state.deal
    n = d.n
    seats = SEAT_NAMES[:n]
    cards: dict[str, list[str]] = {}
    hands = {}
    for s in range(n):
        hold = cards_of_mask(state.hands[s] if state.phase != "bidding" else d.hands[s])
        hands[seats[s]] = [str(c) for c in hold]
        for c in hold:
            cards[str(c)] = card_json(c)
    for t in state.tricks:
        for _, c in t.cards:
            cards[str(c)] = card_json(c)
    for _, c in state.trick:
        cards[str(c)] = card_json(c)
    cards[str(d.turn_up)] = card_json(d.turn_up)
    pending = state.rulings[state.pending].to_json() if state.pending is not None else None
    actor: str | None
    if state.phase is Phase.BIDDING:
        actor = seats[d.actor]
        making = list(d.legal_actions())
        regular = [f"{actor}: {a}" for a in making]
        regular_words = [action_words(d, d.actor, a) for a in making]  # the buttons' words: "A discards J♣"
        making_phase: str | None = str(d.phase)  # "bid1", "bid2", "discard": what the cue says
        legal: list[str] = []
    else:
        actor = seats[state.actor] if state.phase is Phase.PLAY else None
        regular = []
        regular_words = []
        making_phase = None
        legal = [str(c) for c in state.legal_plays()]
    out = state.to_json()
    out.update(
        {
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
            "regular_words": regular_words,
            "making": making_phase,
            # Law 64: the last trick is complete and still face up, not yet turned and quitted (a revoke
            # in it is established when it is): the table shows it and offers to quit it
            "quit_due": bool(state.tricks) and not state.trick and not state.quitted,
            "pending": pending,
            "cards": cards,
            "error": None,
        }
    )
    out["words"] = [_words(r, state.deal.dealer) for r in state.rulings]
    out["moment"] = moment(state, law)  # the ruling now, as the director's guide shows it (ruling_words)
    # the cards called (Laws 46, 56): the table marks them until they are played
    out["called"] = [
        [seats[r.seat], str(r.card)] for r in state.requirements if r.kind == "play-card" and r.card is not None
    ]
    return out


def start(law: int) -> dict[str, Any]:
    """The ready scenario of a law, folded up to the irregularity."""
    sc = _scenario(law)
    state = load_scenario(sc)
    return view(state, int(law), list(sc["events"]), sc)


def act(law: int | None, events: list[str], event: str, base: dict[str, Any] | None = None) -> dict[str, Any]:
    """Apply one more physical event. A refused or unreadable event leaves the events as they
    were and comes back as ``error`` (the engine's message, its laws or its field).

    ``law`` may be null for a deal of the reader's own (``base``: the deal, as :func:`custom` gives it).
    """
    law = law_number(law, optional=base is not None)
    events = event_list(events)
    event = decode.text(event, "event", max_len=MAX_EVENT)
    if base is not None:
        decode.mapping(base, "base", keys=("title", "rules", "dealer", "hands", "turn_up", "stock", "seed"))
    sc = dict(base) if base is not None else _scenario(law or 0)
    sc = {**sc, "events": list(events)}
    state = load_scenario(sc)
    try:
        room_for_one(events, "events", decode.MAX_LOG)  # the 5,001st event is refused here, not by the next call
        new = state.act(event)
    except (IllegalAction, InputError) as e:
        out = view(state, law, list(events), sc)
        out["error"] = {"message": str(e), "laws": list(getattr(e, "laws", ())), "field": getattr(e, "field", None)}
        return out
    return view(new, law, list(events) + [str(event)], sc)


def custom(
    seed: int | None = None,
    hands: dict[str, list[str]] | None = None,
    turn_up: str | None = None,
    events: list[str] | None = None,
) -> dict[str, Any]:
    """A deal of the reader's own: a seeded deal (or given hands), from the bidding."""
    base: dict[str, Any] = {"title": "Your own deal"}
    events = event_list(events if events is not None else [])
    if hands is not None:
        base.update({"hands": hands, "turn_up": turn_up})
    else:
        deal = Deal.shuffled(decode.seed(seed, "seed"))
        base.update(
            {"hands": {SEAT_NAMES[s]: [str(c) for c in deal.hand(s)] for s in range(4)}, "turn_up": str(deal.turn_up)}
        )
    base["events"] = events
    try:
        state = load_scenario(base)
    except EuchreError:
        raise
    out = view(state, None, base["events"], base)
    out["base"] = {k: v for k, v in base.items() if k != "events"}
    return out
