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
import re
from importlib import resources
from typing import Any

from ..formats.scenario import MAX_EVENT, load_scenario
from ..kernel import decode
from ..kernel.cards import cards_of_mask
from ..kernel.deal import SEAT_NAMES, Deal
from ..kernel.errors import EuchreError, IllegalAction, InputError
from ..laws.dealing import DealingProcedure
from ..laws.director import Director
from ..laws.entry import Club, Roster

__all__ = [
    "scenarios",
    "start",
    "act",
    "custom",
    "view",
    "dealing_scenarios",
    "dealing_start",
    "dealing_act",
    "dealing_view",
    "table_scenarios",
    "table_start",
    "table_act",
    "table_view",
    "plain_option",
    "choosers",
]

_MISSING = object()
MAX_OPS = 200  # ops of the table sandbox (a scenario has a dozen)
MAX_NAME = 40  # characters of a player's or a table's name


def _law(law: Any, optional: bool = False) -> int | None:
    """A law's number (1 to 116), as a whole number."""
    if law is None and optional:
        return None
    return decode.integer(law, "law", 1, 116)


def _events(events: Any, path: str = "events") -> list[str]:
    """The browser's list of events: strings of at most MAX_EVENT characters, at most MAX_LOG of them."""
    out = decode.array(events, path, max_len=decode.MAX_LOG)
    for i, e in enumerate(out):
        decode.text(e, decode.field(path, i), max_len=MAX_EVENT)
    return out


def scenarios() -> dict[int, dict[str, Any]]:
    """The ready scenarios by law number."""
    data = json.loads((resources.files("euchre_core") / "data" / "scenarios.json").read_text(encoding="utf-8"))
    return {int(s["law"]): s for s in data["scenarios"]}


def _scenario(law: int) -> dict[str, Any]:
    number = _law(law)
    if number not in scenarios():
        raise InputError(f"no ready scenario for law {number}", "law")
    return scenarios()[number]


def _card(code: Any) -> list[str]:
    from ..kernel.cards import Card

    c = Card.parse(code) if not isinstance(code, Card) else code
    return [c.pretty(), c.long_name(), "red" if c.suit is not None and c.suit.is_red else "black"]


def plain_option(text: str) -> str:
    """An option's words for a reader, without the sandbox's own command in them (presentation only:
    the ruling's JSON keeps its ``id`` and ``text``).

    >>> plain_option("Call a suit (name it: 'call-suit H') from him or his partner at their next lead")
    'Call a suit from him or his partner at their next lead'
    """
    return re.sub(r"\s*\(name it: '[^']*'\)", "", text)


def choosers(chooser: str | None) -> str:
    """Who chooses, in words: ``"BD"`` → ``"B and D"``.

    >>> choosers("BD"), choosers("A"), choosers(None)
    ('B and D', 'A', '')
    """
    if not chooser:
        return ""
    return " and ".join(chooser) if len(chooser) == 2 else chooser


def _words(ruling: dict[str, Any]) -> dict[str, Any]:
    """A ruling's presentation for the table: who chooses in words, each option's plain words, and
    the option chosen in words (the JSON's ids and texts are unchanged)."""
    options = ruling.get("options") or []
    chosen = next((o for o in options if o.get("id") == ruling.get("chosen")), None)
    return {
        "who": choosers(ruling.get("chooser")),
        "options": [{"id": o["id"], "label": plain_option(o["text"])} for o in options],
        "chosen": plain_option(chosen["text"]) if chosen else None,
    }


def view(state: Director, law: int | None, events: list[str], base: dict[str, Any]) -> dict[str, Any]:
    """The JSON the widget draws (``words``: the plain words of each ruling, in the same order).

    >>> v = start(52)
    >>> v["words"][0]["who"], v["words"][0]["options"][1]["label"]
    ('B and D', 'Call a suit from him or his partner at their next lead')
    >>> act(52, v["events"], "BD: choose call-card")["called"]
    [['C', '7D']]
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
            cards[str(c)] = _card(c)
    for t in state.tricks:
        for _, c in t.cards:
            cards[str(c)] = _card(c)
    for _, c in state.trick:
        cards[str(c)] = _card(c)
    cards[str(d.turn_up)] = _card(d.turn_up)
    pending = state.rulings[state.pending].to_json() if state.pending is not None else None
    actor: str | None
    if state.phase == "bidding":
        actor = seats[d.actor]
        regular = [f"{actor}: {a}" for a in d.legal_actions()]
        legal: list[str] = []
    else:
        actor = seats[state.actor] if state.phase == "play" else None
        regular = []
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
            "pending": pending,
            "cards": cards,
            "error": None,
        }
    )
    out["words"] = [_words(r) for r in out.get("rulings", [])]
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
    law = _law(law, optional=base is not None)
    events = _events(events)
    event = decode.text(event, "event", max_len=MAX_EVENT)
    if base is not None:
        decode.mapping(base, "base", keys=("title", "rules", "dealer", "hands", "turn_up", "stock", "seed"))
    sc = dict(base) if base is not None else _scenario(law or 0)
    sc = {**sc, "events": list(events)}
    state = load_scenario(sc)
    try:
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
    events = _events(events if events is not None else [])
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


# ---------------------------------------------------------------- the shuffle, the cut and the deal
def dealing_scenarios() -> dict[int, dict[str, Any]]:
    """The ready scenarios of the dealing procedure (Laws 22–45, 72–73) by law number: ``dealer``,
    ``seed``, ``events`` up to the irregularity, optionally ``refused`` (an event the laws forbid
    there) and ``then`` (follow-up events, such as the election)."""
    path = resources.files("euchre_core") / "data" / "dealing_scenarios.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    return {int(s["law"]): s for s in data["scenarios"]}


def _dealing_scenario(law: int) -> dict[str, Any]:
    number = _law(law)
    if number not in dealing_scenarios():
        raise InputError(f"no ready dealing scenario for law {number}", "law")
    return dealing_scenarios()[number]


def _dealing_fold(sc: dict[str, Any], events: list[str]) -> DealingProcedure:
    events = _events(events)
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
    out.update(
        {
            "law": law,
            "title": base.get("title"),
            "events": list(events),
            "then": list(base.get("then", [])),
            "pending": pending,
            "interactive": False,
            "error": None,
        }
    )
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
    state = _dealing_fold(sc, events)
    event = decode.text(event, "event", max_len=MAX_EVENT)
    try:
        new = state.act(event)
    except (IllegalAction, InputError) as e:
        out = dealing_view(state, int(law), list(events), sc)
        out["error"] = _error(e)
        return out
    return dealing_view(new, int(law), list(events) + [str(event).strip()], sc)


# ---------------------------------------------------------------- the table: cutting out, entry and re-entry
TABLE_OPS = (
    "form",
    "open_table",
    "declare",
    "end_rubber",
    "cut_out",
    "start_rubber",
    "substitute",
    "leave",
    "cut_into",
    "break_up",
)
_LAW_RE = re.compile(r"\(Laws? ([\d, ]+)\)")


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
    number = _law(law)
    if number not in table_scenarios():
        raise InputError(f"no ready table scenario for law {number}", "law")
    return table_scenarios()[number]


_OP_TEXT = ("table", "name", "breaker", "into", "absent", "substitute")
_OP_KEYS = ("op", *_OP_TEXT, "candidates", "consenting", "seed", "exposed")


def _decode_op(op: Any, path: str = "op") -> dict[str, Any]:
    """An op's members, typed and bounded (names at most 40 characters, at most 32 candidates)."""
    if isinstance(op, str):
        op = decode.loads(op, path, max_bytes=4000, max_depth=3)
    checked = decode.mapping(op, path, keys=_OP_KEYS)  # the same dict, typed
    decode.choice(op.get("op"), path, TABLE_OPS)
    for k in _OP_TEXT:
        if op.get(k) is not None:
            decode.text(op[k], decode.field(path, k), max_len=MAX_NAME)
    for k in ("candidates", "consenting"):
        if op.get(k) is not None:
            for i, n in enumerate(decode.array(op[k], decode.field(path, k), max_len=32)):
                decode.text(n, f"{path}.{k}[{i}]", max_len=MAX_NAME)
    if op.get("seed") is not None:
        decode.seed(op["seed"], decode.field(path, "seed"))
    if op.get("exposed") is not None:
        for n, k in decode.mapping(op["exposed"], decode.field(path, "exposed"), max_len=32).items():
            decode.integer(k, decode.field(decode.field(path, "exposed"), n[:MAX_NAME]), 1, 32)
    return checked


def _field(op: dict[str, Any], name: str, default: Any = _MISSING) -> Any:
    if name in op and op[name] not in (None, ""):
        return op[name]
    if default is _MISSING:
        raise InputError(f"the op {op.get('op')!r} needs {name!r}", name)
    return default


def _verb(names: Any, one: str, many: str) -> str:
    return one if len(names) == 1 else many


def _note(title: str, text: str, laws: Any) -> dict[str, Any]:
    return {"title": title, "text": text, "laws": sorted({int(n) for n in laws})}


def _cut_notes(table: str, records: Any) -> list[dict[str, Any]]:
    out = []
    for r in records:
        draws = ", ".join(f"{d.name} {d.card}" + (" (void)" if d.void else "") for d in r.draws)
        out.append(_note(f"cut at {table}: {r.purpose}", f"Drawn: {draws}. {r.result}".strip(), r.laws))
    return out


def _table_apply(club: Club, op: Any) -> tuple[Club, list[dict[str, Any]]]:
    """One op on the club: the new club and the notes citing the laws (from what entry.py records)."""
    op = _decode_op(op)
    kind = op.get("op")
    if kind not in TABLE_OPS:
        raise InputError(f"unknown op {kind!r}; one of " + ", ".join(TABLE_OPS), "op")
    exposed = op.get("exposed") or None
    notes: list[dict[str, Any]] = []
    if kind in ("open_table", "cut_into", "break_up"):
        before = len(club.notes), {t.name: len(t.cuts) for t in club.tables}, len(club.cuts)
        if kind == "open_table":
            new = club.open_table(_field(op, "table"), _field(op, "candidates"), exposed)
        elif kind == "cut_into":
            new = club.cut_into(_field(op, "name"), _field(op, "table"))
        else:
            new = club.break_up(_field(op, "table"), _field(op, "breaker"), _field(op, "into"))
        notes += _cut_notes("the club", new.cuts[before[2] :])
        for t in new.tables:
            notes += _cut_notes(t.name, t.cuts[before[1].get(t.name, 0) :])
        for text in new.notes[before[0] :]:
            laws = [int(n) for m in _LAW_RE.findall(text) for n in m.split(",")]
            notes.append(_note(kind.replace("_", " "), text, laws or []))
        return new, notes
    name = _field(op, "table", "T1")
    if kind == "form":
        if any(t.name == name for t in club.tables):
            raise InputError(f"there is already a table {name!r}", "table")
        seed = _field(op, "seed", 0)
        t = Roster.form(name, _field(op, "candidates"), seed=seed, rules=club.rules, exposed=exposed)
        notes += _cut_notes(name, t.cuts)
        if t.waiting:
            notes.append(
                _note(
                    "the table formed",
                    f"{', '.join(t.players)} play; {', '.join(t.waiting)} "
                    f"{_verb(t.waiting, 'belongs', 'belong')} to {name} and "
                    f"{_verb(t.waiting, 'waits', 'wait')} for entrance (Law 12).",
                    [12],
                )
            )
        return club.put(t), notes
    t = club.table(name)
    if kind == "declare":
        who = _field(op, "name")
        new_t = t.declare(who)
        if who in new_t.players:
            notes.append(_note("entry", f"{who} takes the vacant place at {name}.", [16, 19]))
        else:
            notes.append(
                _note(
                    "entry",
                    f"{who} declared his intention to enter {name} in time, before any card was "
                    "cut for a new rubber or for cutting out: he belongs to the table (Law 16).",
                    [16],
                )
            )
    elif kind == "end_rubber":
        new_t = t.end_rubber()
        for sub, absent in t.substitutes:
            notes.append(
                _note(
                    "the substitute", f"{sub}'s appointment ends with the rubber: {absent} plays again (Law 18).", [18]
                )
            )
        counts = ", ".join(f"{p} {n}" for p, n in new_t.consecutive)
        notes.append(
            _note(
                "the rubber ended",
                f"The rubber at {name} is over. Consecutive rubbers played: {counts} "
                "(Law 15)." + (" Candidates waiting: " + ", ".join(new_t.waiting) + "." if new_t.waiting else ""),
                [15],
            )
        )
    elif kind in ("cut_out", "start_rubber"):
        new_t = t.cut_out(exposed) if kind == "cut_out" else t.start_rubber(exposed)
        notes += _cut_notes(name, new_t.cuts[len(t.cuts) :])
        going = [p for p in t.players if p not in new_t.players]
        coming = [p for p in new_t.players if p not in t.players]
        if going or coming:
            bound = [p for p in going if any(b == p for b, _ in t.bound)]
            text = (
                f"{', '.join(coming)} {_verb(coming, 'claims', 'claim')} admission and "
                f"{_verb(coming, 'enters', 'enter')}; {', '.join(going)} {_verb(going, 'goes', 'go')} out, "
                "having played the greater number of consecutive rubbers or cut lowest (Law 15)"
            )
            if bound:
                text += f"; {', '.join(bound)} took a leaver's place and goes out at the end of one rubber (Law 19)"
            notes.append(_note("cutting out", text + ".", [15] + ([19] if bound else [])))
    elif kind == "substitute":
        absent = _field(op, "absent")
        consenting = op.get("consenting")
        if consenting is None:
            consenting = [p for p in t.players if p != absent]
        sub = _field(op, "substitute")
        new_t = t.substitute(absent, sub, consenting)
        notes.append(
            _note(
                "a substitute",
                f"{sub} plays for {absent} for the rest of this rubber, with the consent of the other three (Law 18).",
                [18],
            )
        )
    else:  # leave
        who = _field(op, "name")
        new_t = t.leave(who)
        added = [b for b in new_t.bound if b not in t.bound]
        if added:
            notes.append(
                _note(
                    "leaving",
                    f"{who} leaves {name} after one of his two rubbers: {added[0][0]}, next in "
                    "order, takes his place and must go out at the end of one rubber (Law 19).",
                    [19],
                )
            )
        else:
            notes.append(_note("leaving", f"{who} leaves {name}.", []))
    return club.put(new_t), notes


def _table_fold(sc: dict[str, Any], ops: list[Any]) -> tuple[Club, list[dict[str, Any]]]:
    ops = decode.array(ops, "ops", max_len=MAX_OPS)
    for i, op in enumerate(ops):
        _decode_op(op, decode.field("ops", i))
    club = Club(seed=int(sc.get("seed", 0)))
    notes: list[dict[str, Any]] = []
    for op in ops:
        club, more = _table_apply(club, op)
        notes += more
    return club, notes


def _table_json(t: Roster) -> dict[str, Any]:
    return {
        "name": t.name,
        "phase": t.phase,
        "players": [{"name": p, "rubbers": t.rubbers_of(p)} for p in t.players],
        "waiting": list(t.waiting),
        "dealer": t.formation.dealer if t.formation is not None and t.phase == "playing" else None,
        "partners": [list(p) for p in t.formation.partners] if t.formation is not None and t.phase == "playing" else [],
        "rubbers": t.rubbers,
        "substitutes": [list(s) for s in t.substitutes],
        "bound": [b for b, _ in t.bound],
        "cuts": [
            {
                "purpose": r.purpose,
                "laws": list(r.laws),
                "result": r.result,
                "draws": [{"name": d.name, "card": str(d.card), "void": d.void} for d in r.draws],
            }
            for r in t.cuts
        ],
    }


def table_view(
    club: Club, law: int | None, ops: list[Any], notes: list[dict[str, Any]], base: dict[str, Any]
) -> dict[str, Any]:
    """The JSON of the club: the tables (members, rubbers played, cuts), the lobby, the notes."""
    return {
        "kind": "table",
        "law": law,
        "title": base.get("title"),
        "ops": list(ops),
        "then": list(base.get("then", [])),
        "op_names": list(TABLE_OPS),
        "tables": [_table_json(t) for t in club.tables],
        "lobby": list(club.lobby),
        "cuts": [
            {
                "purpose": r.purpose,
                "laws": list(r.laws),
                "result": r.result,
                "draws": [{"name": d.name, "card": str(d.card), "void": d.void} for d in r.draws],
            }
            for r in club.cuts
        ],
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
    club, notes = _table_fold(sc, ops)
    out = table_view(club, int(law), ops, notes, sc)
    if sc.get("refused"):
        try:
            _table_apply(club, sc["refused"])
        except (IllegalAction, InputError) as e:
            out["error"] = _error(e)
    return out


def table_act(law: int, ops: list[Any], op: Any) -> dict[str, Any]:
    """Apply one more op. A refused or unreadable op leaves the ops as they were and comes back
    as ``error`` (the engine's message, its laws or its field).

    >>> v = table_start(18)
    >>> table_act(18, v["ops"], {"op": "leave", "table": "T1", "name": "Ames"})["error"]["laws"]
    [18]
    """
    sc = _table_scenario(law)
    club, notes = _table_fold(sc, ops)
    try:
        new, more = _table_apply(club, op)
    except (IllegalAction, InputError) as e:
        out = table_view(club, int(law), list(ops), notes, sc)
        out["error"] = _error(e)
        return out
    return table_view(new, int(law), list(ops) + [op], notes + more, sc)
