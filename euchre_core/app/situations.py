"""The director's guide: the situations a player asks about at the table, ruled by the engine.

A *situation* (``euchre_core/data/situations.json``) is one moment a player asks about, in seat-free
words, listed in every group of the guide a player might look in (by what he saw: a card shown, a
card played at the wrong time, a revoke …). Its moment is its law's ready scenario, folded to its
last event (a lead out of turn before the others followed, Law 52; after all three followed, Law 53;
a revoke established and claimed, Law 64); :func:`situation` rules it there with
:func:`euchre_core.app.ruling_voice.moment`, the call the law page's example and the penalty sandbox
show too, from the reader's chair when he says who did it.

>>> m = situation("lead-out-of-turn-all-followed")
>>> m["status"], m["options"], m["laws"]
('stands', [], [52, 53])
>>> m["headline"]
'C led the 7 of diamonds out of turn; it was B’s lead. All three followed: the trick stands (law 53).'
>>> m = situation("lead-out-of-turn", who="left")
>>> m["me"], m["seats"]["A"], m["options"][1]["effect"][1]
('B', 'the player on your right (the dealer)', 'the player on your left or his partner must lead the suit named at the next lead of either')
"""

from __future__ import annotations

import functools
import json
from importlib import resources
from typing import Any

from ..formats.scenario import load_scenario
from ..kernel import decode
from ..kernel.deal import SEAT_NAMES
from ..kernel.errors import IllegalAction, InputError
from ..laws.club_procedure import ClubOp, ClubProcedure
from ..laws.dealing import DealingProcedure, parse_dealing_event
from ..laws.lawbook import LAWBOOK
from . import sandbox
from .ruling_voice import (
    WHO,
    Seats,
    club_moment,
    dealing_moment,
    dealing_refusal_words,
    moment,
    reader_seat,
    refusal_words,
    ruling_html,
    ruling_now,
)

__all__ = ["groups", "situations", "situation"]


@functools.lru_cache(maxsize=1)
def _data() -> dict[str, Any]:
    text = (resources.files("euchre_core") / "data" / "situations.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def groups() -> list[dict[str, str]]:
    """The groups of the guide, by what a player sees (``id``, ``title``, ``hint``)."""
    return [dict(g) for g in _data()["groups"]]


def situations() -> dict[str, dict[str, Any]]:
    """Every situation by id (``law``, seat-free ``title``, ``groups`` (the first is its home), ``words``)."""
    return {s["id"]: dict(s) for s in _data()["situations"]}


def _situation_id(sid: Any) -> dict[str, Any]:
    text = decode.text(sid, "id", max_len=80)
    found = situations().get(text)
    if found is None:
        raise InputError(f"no situation {text!r}", "id")
    return found


def situation(id: str, who: str | None = None) -> dict[str, Any]:
    """One situation of the guide, ruled now by the engine: the play's director for the laws of the
    play (the law's ready scenario, at its last event: the moment), with the reader's chair from
    ``who`` (``"me"``, ``"partner"``, ``"left"``, ``"right"``: who did it, relative to him).

    >>> situation("revoke-established-claimed", who="me")["who_chooses"]
    'Your side chooses: one of you, for both, without consulting (law 85).'
    >>> situation("nothing")
    Traceback (most recent call last):
    ...
    euchre_core.kernel.errors.InputError: id: no situation 'nothing'
    """
    sit = _situation_id(id)
    if who is not None:
        who = decode.text(who, "who", max_len=10)
        if who not in WHO:
            raise InputError(f"no such player {who!r} (choose from {', '.join(WHO)})", "who")
    law = int(sit["law"])
    base: dict[str, Any] = {
        "id": sit["id"],
        "law": law,
        "title": sit["title"],
        "groups": list(sit["groups"]),
        "who": who,
        "me": None,
        "source": None,
    }
    sc = sandbox.scenarios().get(law)
    if sc is None and law in sandbox.dealing_scenarios():
        return _dealing_situation(sit, base, who)
    if sc is None and law in _tables() and sit.get("actor"):
        return _table_situation(sit, base, who)
    if sc is None:
        base["source"] = "dealing" if law in sandbox.dealing_scenarios() else "table" if law in _tables() else "book"
        entry = LAWBOOK.get(law)
        base.update(
            {"status": "book", "laws": [law], "summary": entry.summary if entry else "", "reading": sit.get("reading")}
        )
        return base
    events = list(sc["events"]) + (list(sc.get("then") or []) if sit.get("line") == "whole" else [])
    if sit.get("events") is not None:  # the situation's own moment on the law's deal (Laws 51, 85)
        events = list(sit["events"])
    base.update({"source": "play", "events": events})
    refused: IllegalAction | None = None
    try:
        state = load_scenario({**sc, "events": events})
    except IllegalAction:  # the law shows as the engine's refusal (Law 88: the trump card discarded)
        state = load_scenario({**sc, "events": events[:-1]})
        try:
            state.act(events[-1])
        except IllegalAction as error:  # the act itself refused: its reason and laws, typed
            refused = error
    now, earlier = ruling_now(state, law)
    offender = next((r.offender for r in (now, *earlier) if r is not None and r.offender is not None), None)
    me = reader_seat(offender, who) if who is not None and offender is not None else None
    base["me"] = SEAT_NAMES[me] if me is not None else None
    base.update(moment(state, law, me))
    if refused is not None:
        base.update(
            {
                "status": "refused",
                "headline": refusal_words(refused, me, state.deal.dealer),
                "events": events[:-1],
                "refused": events[-1],
                "laws": sorted(set(refused.laws) | {law} | set(base["laws"])),
                "effects": [],
                "earlier": [],
            }
        )
    base["html"] = ruling_html(base)
    return base


def _dealing_situation(sit: dict[str, Any], base: dict[str, Any], who: str | None) -> dict[str, Any]:
    """A situation of the shuffle, the cut or the deal: its law's dealing scenario at the moment (the act
    the laws forbid, where the scenario has one), from the reader's chair (who did it: the dealer, the
    player cutting, a player calling for cards …)."""
    law = int(sit["law"])
    sc = sandbox.dealing_scenarios()[law]
    events = list(sc["events"]) + (list(sc.get("then") or []) if sit.get("line") == "whole" else [])
    state = DealingProcedure.start(sc.get("dealer", "A"), seed=int(sc.get("seed", 0))).replay(events)
    base.update({"source": "dealing", "events": events})
    refused_event = sc.get("refused") if sit.get("line") != "whole" else None
    if refused_event:
        ev = parse_dealing_event(refused_event)
        seat = SEAT_NAMES.index(ev.who) if ev.who in SEAT_NAMES else None
        me = reader_seat(seat, who) if who is not None and seat is not None else None
        try:
            state.act(refused_event)
        except IllegalAction as error:
            seats = Seats(me, state.dealer)
            base.update(dealing_moment(state, None, me))
            base.update(
                {
                    "status": "refused",
                    "headline": dealing_refusal_words(ev.verb, seat, error, seats),
                    "refused": refused_event,
                    "offender": ev.who if seat is not None else None,
                    "laws": sorted(set(error.laws) | {law}),
                    "effects": [],
                    "options": [],
                    "earlier": [],
                    "text": f"{refused_event}: {error.reason}",
                }
            )
            base["me"] = SEAT_NAMES[me] if me is not None else None
            base["html"] = ruling_html(base)
            return base
    now, _ = ruling_now(state, law)
    offender = now.offender if now is not None else None
    me = reader_seat(offender, who) if who is not None and offender is not None else None
    base["me"] = SEAT_NAMES[me] if me is not None else None
    base.update(dealing_moment(state, law, me))
    if law not in base["laws"]:
        base["laws"] = sorted({*base["laws"], law})
    base["html"] = ruling_html(base)
    return base


def _table_situation(sit: dict[str, Any], base: dict[str, Any], who: str | None) -> dict[str, Any]:
    """A situation of the club's tables: its law's table scenario at the moment (the op the laws forbid,
    where the scenario has one), told with the members' names, or with the reader as the member who did
    it (``who`` "me": the situation's ``actor``; the other chairs have no meaning at a club: names)."""
    law = int(sit["law"])
    sc = _tables()[law]
    proc = ClubProcedure().replay(list(sc["ops"]))
    reader = str(sit["actor"]) if who == "me" else None
    refused, error = None, None
    if sc.get("refused"):
        refused = ClubOp.parse(sc["refused"])
        try:
            proc.act(sc["refused"])
        except IllegalAction as e:
            error = e
    base.update({"source": "table", "events": [], "me": None, "who": "me" if reader else None})
    base.update(club_moment(proc, law, reader, refused, error, actor=str(sit["actor"])))
    base["offender"] = str(sit["actor"])
    base["html"] = ruling_html(base)
    return base


def _tables() -> dict[int, Any]:
    return sandbox.table_scenarios()
