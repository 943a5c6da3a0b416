"""The table sandbox's Python side (Laws 10, 15–21): cutting out, entry and re-entry in a club of
tables under :class:`~euchre_core.laws.entry.Club`, as JSON for the browser
(``docs/javascripts/table-sandbox.mjs``): the ready scenarios, the browser's ops checked and folded,
the acts usable now (each tried on the engine) for the people present, the tables and the cuts, and
the rulings as notes.

>>> v = table_start(18)   # the scenario's refused act: a substitute without the others' consent
>>> v["law"], v["error"]["laws"]
(18, [18])
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

from ..kernel import decode
from ..kernel.errors import IllegalAction, InputError
from ..kernel.limits import limit
from ..laws.club_procedure import (
    MAX_TABLES,
    TABLE_OPS,
    ClubOp,
    ClubProcedure,
    ClubRecord,
    ClubTopic,
)
from ..laws.entry import Club, CutRecord, Roster, RosterPhase
from .ruling_voice import Names, club_cut_words, club_record_words
from .sandbox_json import error_json, law_number, room_for_one

__all__ = ["TABLE_OPS", "ARRIVALS", "table_scenarios", "table_start", "table_act", "table_view"]

MAX_OPS = limit("sandbox_ops")  # ops of the table sandbox (a scenario has a dozen)
MAX_SUBSTITUTES = 8  # substitutes offered to one player (those waiting at his table first)


def table_scenarios() -> dict[int, dict[str, Any]]:
    """The ready scenarios of cutting, cutting out, entry and re-entry (Laws 10, 15–21) by law
    number: ``seed`` (of the club), ``ops`` folded over :class:`~euchre_core.laws.entry.Club`, optionally
    ``refused`` (an op the laws forbid there) and ``then`` (suggested next ops). An op is an object:
    ``{"op": "form", "table", "candidates", "seed"?, "exposed"?}`` (a table formed by cutting),
    ``{"op": "open_table", "table", "candidates", "exposed"?}`` (Law 17), ``{"op": "declare", "table",
    "name"}``, ``{"op": "end_rubber" | "cut_out" | "start_rubber", "table", "exposed"?}``,
    ``{"op": "substitute", "table", "absent", "substitute", "consenting"?}`` (the other three when
    omitted), ``{"op": "leave", "table", "name"}``, ``{"op": "cut_into", "name", "table"}``,
    ``{"op": "break_up", "table", "breaker", "into"}``."""
    path = resources.files("euchre_core") / "data" / "table_scenarios.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    return {int(s["law"]): s for s in data["scenarios"]}


def _table_scenario(law: int) -> dict[str, Any]:
    number = law_number(law)
    if number not in table_scenarios():
        raise InputError(f"no ready table scenario for law {number}", "law")
    return table_scenarios()[number]


def _verb(names: Any, one: str, many: str) -> str:
    return one if len(names) == 1 else many


def _note(title: str, text: str, laws: Any, kind: str = "ruling") -> dict[str, Any]:
    """A note of the table sandbox: ``kind`` "cut" (who cut which card) or "ruling" (what the laws decided)."""
    return {"title": title, "text": text, "laws": sorted({int(n) for n in laws}), "kind": kind}


def _cut_note(table: str | None, r: CutRecord) -> dict[str, Any]:
    """A cut in words (the one voice: :func:`~euchre_core.app.ruling_voice.club_cut_words`)."""
    title, text = club_cut_words(table, r, Names(None))
    return _note(title, text, r.laws, "cut")


def _record_note(r: ClubRecord, reader: str | None = None) -> dict[str, Any]:
    """One typed record of the club (laws/club_procedure.py) in the reader's words (the one voice:
    :func:`~euchre_core.app.ruling_voice.club_record_words`)."""
    title, text = club_record_words(r, reader)
    return dict(_note(title, text, r.laws, "cut" if r.topic is ClubTopic.CUT else "ruling"), step=r.step)


def _notes(p: ClubProcedure, since: int = 0) -> list[dict[str, Any]]:
    return [_record_note(r) for r in p.records[since:]]


def _table_fold(sc: dict[str, Any], ops: list[Any]) -> ClubProcedure:
    """The club after the ops. An op that cannot be replayed (a list tampered with) is an InputError
    naming it: ``ops[3]``, and the laws' reason."""
    ops = decode.array(ops, "ops", max_len=MAX_OPS)
    for i, op in enumerate(ops):
        ClubOp.parse(op, decode.field("ops", i))
    p = ClubProcedure(Club(seed=int(sc.get("seed", 0))))
    for i, op in enumerate(ops):
        try:
            p = p.act(op)
        except (IllegalAction, InputError) as e:
            raise InputError(f"this op cannot be replayed: {e}", decode.field("ops", i)) from None
    return p


def _table_json(t: Roster) -> dict[str, Any]:
    formation = t.formation if t.phase is RosterPhase.PLAYING else None
    return {
        "name": t.name,
        "phase": t.phase,
        "players": [{"name": p, "rubbers": t.rubbers_of(p)} for p in t.players],
        "waiting": list(t.waiting),
        "dealer": formation.dealer if formation is not None else None,
        "partners": [list(p) for p in formation.partners] if formation is not None else [],
        "rubbers": t.rubbers,
        "substitutes": [list(s) for s in t.substitutes],
        "away": list(t.absent),
        "bound": [b for b, _ in t.bound],
        "cuts": [_cut_json(r) for r in t.cuts],
    }


def _cut_json(r: Any) -> dict[str, Any]:
    """A cut for drawing: the cards cut (codes; the view's ``cards`` names them), who is highest and lowest."""
    high, _, low = r.result.partition("; lowest: ")
    return {
        "purpose": r.purpose,
        "laws": list(r.laws),
        "result": r.result,
        "high": [n for n in high.removeprefix("highest: ").split(", ") if n] if r.result.startswith("highest") else [],
        "low": [n for n in low.split(", ") if n] if r.result.startswith("highest") else [],
        "draws": [{"name": d.name, "card": str(d.card), "void": d.void} for d in r.draws],
    }


# The club's visitors: people who may arrive and declare, cut in or be appointed a substitute, beside those the
# scenario names (the reader picks names from the people present, never types one).
ARRIVALS = ("Gray", "Hale", "Ivy", "Jude", "Kent", "Lamb", "Zane")
MAX_NEWCOMERS = 3  # newcomers offered at once (the next come when these have a place)


def _scenario_names(sc: dict[str, Any]) -> list[str]:
    out: list[str] = []
    ops = list(sc.get("ops", [])) + list(sc.get("then", [])) + ([sc["refused"]] if sc.get("refused") else [])
    for op in ops:
        for k in ("name", "breaker", "absent", "substitute"):
            if isinstance(op.get(k), str):
                out.append(op[k])
        for k in ("candidates", "consenting"):
            out += [n for n in op.get(k) or [] if isinstance(n, str)]
    return list(dict.fromkeys(out))


def _people(club: Club, sc: dict[str, Any]) -> list[dict[str, Any]]:
    """Everyone present: the tables' players, those away (Law 18), the candidates waiting, those without a
    place (the lobby), and a few newcomers (the scenario's names first)."""
    people: list[dict[str, Any]] = []
    seen: set[str] = set()

    def add(name: str, where: str, table: str | None) -> None:
        if name not in seen:
            seen.add(name)
            people.append({"name": name, "where": where, "table": table})

    for t in club.tables:
        for p in t.players:
            add(p, "playing", t.name)
        for p in t.absent:
            add(p, "away", t.name)
        for p in t.waiting:
            add(p, "waiting", t.name)
    for p in club.lobby:
        add(p, "lobby", None)
    fresh = [n for n in _scenario_names(sc) + list(ARRIVALS) if n not in seen]
    for n in fresh[:MAX_NEWCOMERS]:
        add(n, "newcomer", None)
    return people


def _usable(club: Club, op: dict[str, Any]) -> bool:
    """Whether the laws allow ``op`` now: the engine applies it (and the result is thrown away)."""
    try:
        ClubProcedure(club).act(op)
    except (IllegalAction, InputError):
        return False
    return True


def _act(act_id: str, label: str, laws: list[int], op: dict[str, Any]) -> dict[str, Any]:
    return {"id": act_id, "label": label, "laws": laws, "op": op}


def _person_acts(club: Club, person: dict[str, Any], people: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The acts of one person usable now (Laws 10, 16–21): each an id, words, the laws, and the op it sends;
    or, for an act needing a second person (a substitute), ``choices`` of such acts."""
    name, home = person["name"], person["table"]
    acts: list[dict[str, Any]] = []
    for t in club.tables:
        if t.name == home:
            continue
        if person["where"] == "newcomer":
            op: dict[str, Any] = {"op": "declare", "table": t.name, "name": name}
            act = _act("declare", f"Declares he will play at {t.name}", [16], op)
        else:
            op = {"op": "cut_into", "name": name, "table": t.name}
            if home is None:
                act = _act("cut_into", f"Declares he will play at {t.name}", [16], op)
            else:
                act = _act("cut_into", f"Cuts into {t.name}, losing his place at {home}", [20], op)
        if _usable(club, op):
            acts.append(act)
    if home is None:
        return acts
    t = club.table(home)
    if person["where"] == "playing" and t.phase is RosterPhase.PLAYING:
        choices = []
        for other in _substitutes_for(club, t, people):
            op = {"op": "substitute", "table": home, "absent": name, "substitute": other}
            if _usable(club, op):
                choices.append(_act("substitute", f"{other} plays for {name}", [18], op))
        if choices:
            acts.append(
                {"id": "substitute", "label": "Goes away: a substitute plays for him", "laws": [18], "choices": choices}
            )
    op = {"op": "leave", "table": home, "name": name}
    if _usable(club, op):
        laws = [19] if t.leaves_one_of_two(name) else []  # Law 19: a full table, one of his two rubbers played
        acts.append(_act("leave", f"Leaves {home}", laws, op))
    if person["where"] == "playing":
        for kind in ("start_rubber", "cut_out"):
            op = {"op": kind, "table": home, "exposed": {name: 2}}
            if _usable(club, op):
                acts.append(_act("expose", "Exposes two cards when he cuts (he must cut again)", [10], op))
                break
    return acts


def _substitutes_for(club: Club, t: Roster, people: list[dict[str, Any]]) -> list[str]:
    """Who can be appointed a substitute at ``t`` (Law 18): anyone present not playing a rubber at any table."""
    playing = {p for x in club.tables if x.phase is RosterPhase.PLAYING for p in x.players} | set(t.absent)
    names = list(t.waiting) + [p["name"] for p in people if p["where"] in ("waiting", "lobby", "newcomer")]
    out = [n for n in names if n not in playing]
    return list(dict.fromkeys(out))[:MAX_SUBSTITUTES]


def _table_acts(club: Club, t: Roster) -> list[dict[str, Any]]:
    """The acts on a table usable now: end the rubber (Law 15), cut out (Law 15), cut for partners and deal
    (Laws 11, 13, 14), break it up (Law 21: ``choices`` of who breaks it up and where the others go)."""
    acts: list[dict[str, Any]] = []
    cut_out_first = t.phase is RosterPhase.BETWEEN and bool(t.waiting)
    for kind, label, laws in (
        ("end_rubber", "End the rubber", [15]),
        ("cut_out", "Cut out: the candidates waiting claim admission", [15]),
        (
            "start_rubber",
            "Cut out, then cut for partners and deal" if cut_out_first else "Cut for partners and deal",
            [15, 11, 13, 14] if cut_out_first else [11, 13, 14],
        ),
    ):
        op = {"op": kind, "table": t.name}
        if _usable(club, op):
            acts.append(_act(kind, label, laws, op))
    choices = []
    for other in club.tables:
        if other.name == t.name:
            continue
        for breaker in t.members:
            op = {"op": "break_up", "table": t.name, "breaker": breaker, "into": other.name}
            if _usable(club, op):
                choices.append(_act("break_up", f"{breaker} breaks it up; the others go to {other.name}", [21], op))
    if choices:
        acts.append({"id": "break_up", "label": "Break up the table", "laws": [21], "choices": choices})
    return acts


def _club_acts(club: Club, people: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Open a fresh table (Law 17), or form the club's first (Laws 8–14): the reader picks the candidates among
    ``candidates`` (everyone present but the players in a rubber); the engine checks the choice."""
    free = [
        p["name"]
        for p in people
        if not (p["where"] == "playing" and club.table(p["table"]).phase is RosterPhase.PLAYING)
        and p["where"] != "away"
    ]
    if len(free) < 4 or len(club.tables) >= MAX_TABLES:
        return []
    taken = {t.name for t in club.tables} | {x for _, names in club.history for x in names}
    name = next(f"T{i}" for i in range(1, len(taken) + 2) if f"T{i}" not in taken)
    if club.tables:
        return [
            {
                "id": "open_table",
                "label": f"Open a fresh table, {name}",
                "laws": [17],
                "table": name,
                "candidates": free,
                "least": 4,
                "op": {"op": "open_table", "table": name},
            }
        ]
    return [
        {
            "id": "form",
            "label": f"Form a table, {name}, by cutting",
            "laws": [8, 11, 12],
            "table": name,
            "candidates": free,
            "least": 4,
            "op": {"op": "form", "table": name},
        }
    ]


def _table_next_step(club: Club, ops: list[Any], sc: dict[str, Any]) -> dict[str, Any] | None:
    """The book's next step: the scenario's suggested op that follows the ops so far, if the reader has
    followed them (and the laws allow it)."""
    base, then = list(sc.get("ops", [])), list(sc.get("then", []))
    done = len(ops) - len(base)
    if done < 0 or done >= len(then) or list(ops) != base + then[:done]:
        return None
    op = then[done]
    if not _usable(club, op):
        return None
    return {"label": _describe(op), "op": op}


def _describe(op: dict[str, Any]) -> str:
    """An op in words (the app layer's presentation of the typed op)."""
    kind, table = op.get("op"), op.get("table")
    exposing = "".join(f"; {n} exposes {k} cards in cutting" for n, k in (op.get("exposed") or {}).items())
    words = {
        "end_rubber": f"The rubber at {table} ends",
        "cut_out": f"Cut out at {table}",
        "start_rubber": f"Cut for partners and deal at {table}",
        "declare": f"{op.get('name')} declares he will play at {table}",
        "leave": f"{op.get('name')} leaves {table}",
        "cut_into": f"{op.get('name')} cuts into {table}",
        "substitute": f"{op.get('substitute')} plays for {op.get('absent')} at {table}",
        "break_up": f"{op.get('breaker')} breaks up {table}; the others go to {op.get('into')}",
        "open_table": f"Open {table} for " + ", ".join(op.get("candidates") or []),
        "form": f"Form {table} from " + ", ".join(op.get("candidates") or []),
    }
    return str(words.get(str(kind), kind)) + exposing


def _cards(club: Club) -> dict[str, list[str]]:
    codes = {d.card for t in club.tables for r in t.cuts for d in r.draws}
    codes |= {d.card for r in club.cuts for d in r.draws}
    colour = {True: "red", False: "black"}
    return {
        str(c): [c.pretty(), c.long_name(), colour[bool(c.suit is not None and c.suit.is_red)]]
        for c in sorted(codes, key=int)
    }


def table_view(
    club: Club, law: int | None, ops: list[Any], notes: list[dict[str, Any]], base: dict[str, Any]
) -> dict[str, Any]:
    """The JSON of the club: the tables (members, rubbers played, cuts), the lobby, the notes (each with the
    ``step``: the index of the op that made it), and the acts
    usable now (``acts``: per person, per table and for the club, each with the op it sends), derived
    from the club by the engine: the page offers nothing the laws refuse.

    >>> v = table_start(15)
    >>> [a["id"] for a in v["acts"]["tables"][0]["acts"]]
    ['start_rubber']
    >>> v["next_step"]["label"]
    'Cut for partners and deal at T1'
    """
    people = _people(club, base)
    for p in people:
        p["acts"] = _person_acts(club, p, people)
    return {
        "kind": "table",
        "law": law,
        "title": base.get("title"),
        "ops": list(ops),
        "then": list(base.get("then", [])),
        "next_step": _table_next_step(club, list(ops), base),
        "last_act": _describe(ops[-1]) if ops else None,
        "op_names": list(TABLE_OPS),
        "tables": [_table_json(t) for t in club.tables],
        "lobby": list(club.lobby),
        "cuts": [_cut_json(r) for r in club.cuts],
        "cards": _cards(club),
        "acts": {
            "people": people,
            "tables": [{"table": t.name, "acts": _table_acts(club, t)} for t in club.tables],
            "club": _club_acts(club, people),
        },
        "notes": notes,
        "interactive": False,
        "error": None,
    }


def table_start(law: int) -> dict[str, Any]:
    """The ready table scenario of a law, folded; a scenario whose point is a refusal
    (``refused``) comes back with that refusal as ``error``.

    >>> v = table_start(16)
    >>> v["error"]["laws"]
    [16]
    """
    sc = _table_scenario(law)
    ops = list(sc["ops"])
    p = _table_fold(sc, ops)
    out = table_view(p.club, int(law), ops, _notes(p), sc)
    if sc.get("refused"):
        try:
            p.act(sc["refused"])
        except (IllegalAction, InputError) as e:
            out["error"] = error_json(e)
    return out


def table_act(law: int, ops: list[Any], op: Any) -> dict[str, Any]:
    """Apply one more op. A refused or unreadable op leaves the ops as they were and comes back
    as ``error`` (the engine's message, its laws or its field).

    >>> v = table_start(18)
    >>> table_act(18, v["ops"], {"op": "leave", "table": "T1", "name": "Ames"})["error"]["laws"]
    [18]
    """
    sc = _table_scenario(law)
    p = _table_fold(sc, ops)
    try:
        room_for_one(ops, "ops", MAX_OPS, "ops")  # the 201st op is refused here, not by the next call
        new = p.act(op)
    except (IllegalAction, InputError) as e:
        out = table_view(p.club, int(law), list(ops), _notes(p), sc)
        out["error"] = error_json(e)
        return out
    return table_view(new.club, int(law), list(ops) + [op], _notes(new), sc)
