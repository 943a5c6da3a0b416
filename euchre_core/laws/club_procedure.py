"""The club's tables as an event machine (Laws 10, 15–21): the ops of cutting out, entry and re-entry
folded over :class:`~euchre_core.laws.entry.Club` by the shared :class:`~euchre_core.laws.procedure.Procedure`,
each op's ruling recorded as a typed :class:`ClubRecord` (its topic, its laws, the names it concerns).

This is the third machine beside the director and the dealing procedure: the same ``act`` (read the op,
refuse it cleanly, dispatch its verb through a :class:`~euchre_core.laws.procedure.VerbTable`), the same
numbered ``replay`` (``err.index`` names the op at fault). The words a reader sees are the app layer's
(:mod:`euchre_core.app.table_sandbox` renders each record); nothing here is read back from text.

An op is a mapping (or its JSON text): ``{"op": "form", "table", "candidates", "seed"?, "exposed"?}``
(a table formed by cutting), ``{"op": "open_table", "table", "candidates", "exposed"?}`` (Law 17),
``{"op": "declare", "table", "name"}`` (Law 16), ``{"op": "end_rubber" | "cut_out" | "start_rubber",
"table", "exposed"?}`` (Law 15), ``{"op": "substitute", "table", "absent", "substitute", "consenting"?}``
(Law 18; the other three when omitted), ``{"op": "leave", "table", "name"}`` (Law 19),
``{"op": "cut_into", "name", "table"}`` (Law 20), ``{"op": "break_up", "table", "breaker", "into"}`` (Law 21).

>>> p = ClubProcedure().replay([{"op": "form", "table": "T1", "candidates": ["Ames", "Bell", "Cole", "Dunn", "Eddy"]},
...                             {"op": "end_rubber", "table": "T1"}, {"op": "cut_out", "table": "T1"}])
>>> [str(r.topic) for r in p.records if r.topic is not ClubTopic.CUT]
['formed', 'rubber-ended', 'cut-out']
>>> p.records[-1].laws
(15,)
>>> try:
...     p.act({"op": "declare", "table": "T9", "name": "Fox"})
... except InputError as e:
...     print(e.field)
table
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from ..kernel import decode
from ..kernel.enums import TextEnum
from ..kernel.errors import InputError
from ..kernel.limits import limit
from .entry import Club, ClubNote, CutRecord, NoteNames, Roster
from .procedure import Procedure, VerbTable

__all__ = [
    "CLUB_VERBS",
    "ClubOp",
    "ClubProcedure",
    "ClubRecord",
    "ClubTopic",
    "MAX_CANDIDATES",
    "MAX_NAME",
    "MAX_TABLES",
    "TABLE_OPS",
]

MAX_NAME = limit("name")  # characters of a player's or a table's name
MAX_TABLES = limit("sandbox_tables")  # tables of one club (each act offered is tried on each: a bound on the work)
MAX_CANDIDATES = limit("candidates")  # candidates (or consenting players, or exposed cards' owners) of one op

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
_TEXT = ("table", "name", "breaker", "into", "absent", "substitute")
_KEYS = ("op", *_TEXT, "candidates", "consenting", "seed", "exposed")


@dataclass(frozen=True)
class ClubOp:
    """One op of the club, typed and bounded (names at most :data:`MAX_NAME` characters, at most
    :data:`MAX_CANDIDATES` names in a list). ``verb`` is one of :data:`TABLE_OPS`.

    >>> op = ClubOp.parse({"op": "declare", "table": "T1", "name": "Fox"})
    >>> op.verb, op.to_json()
    ('declare', {'op': 'declare', 'table': 'T1', 'name': 'Fox'})
    >>> ClubOp.parse('{"op": "dance"}')
    Traceback (most recent call last):
    ...
    euchre_core.kernel.errors.InputError: op: 'dance' is not one of form, open_table, declare, end_rubber, cut_out, start_rubber, substitute, leave, cut_into, break_up
    """

    verb: str
    table: str | None = None
    name: str | None = None
    breaker: str | None = None
    into: str | None = None
    absent: str | None = None
    substitute: str | None = None
    candidates: tuple[str, ...] | None = None
    consenting: tuple[str, ...] | None = None
    seed: int | None = None
    exposed: tuple[tuple[str, int], ...] | None = None

    @classmethod
    def parse(cls, op: Any, path: str = "op") -> ClubOp:
        """An op from its mapping or its JSON text; :class:`InputError` naming the field otherwise."""
        if isinstance(op, ClubOp):
            return op
        if isinstance(op, str):
            op = decode.loads(op, path, max_bytes=4000, max_depth=3)
        decode.mapping(op, path, keys=_KEYS)
        verb = decode.choice(op.get("op"), path, TABLE_OPS)
        texts = {k: decode.text(op[k], decode.field(path, k), max_len=MAX_NAME) for k in _TEXT if op.get(k) is not None}
        lists: dict[str, tuple[str, ...]] = {}
        for k in ("candidates", "consenting"):
            if op.get(k) is not None:
                items = decode.array(op[k], decode.field(path, k), max_len=MAX_CANDIDATES)
                lists[k] = tuple(decode.text(n, f"{path}.{k}[{i}]", max_len=MAX_NAME) for i, n in enumerate(items))
        seed = decode.seed(op["seed"], decode.field(path, "seed")) if op.get("seed") is not None else None
        exposed = None
        if op.get("exposed") is not None:
            where = decode.field(path, "exposed")
            pairs = decode.mapping(op["exposed"], where, max_len=MAX_CANDIDATES).items()
            exposed = tuple((n, decode.integer(k, decode.field(where, n[:MAX_NAME]), 1, 32)) for n, k in pairs)
        return cls(verb, seed=seed, exposed=exposed, **texts, **lists)  # type: ignore[arg-type]

    def to_json(self) -> dict[str, Any]:
        """The op as the mapping it was read from (its members in the order of :class:`ClubOp`)."""
        out: dict[str, Any] = {"op": self.verb}
        for k in (*_TEXT, "candidates", "consenting", "seed"):
            v = getattr(self, k)
            if v is not None and v != "":
                out[k] = list(v) if isinstance(v, tuple) else v
        if self.exposed:
            out["exposed"] = dict(self.exposed)
        return out

    def __str__(self) -> str:
        return self.verb + "".join(f" {k}={getattr(self, k)}" for k in _TEXT if getattr(self, k))

    def need(self, key: str, default: Any = ...) -> Any:
        """The member ``key``; :class:`InputError` naming it when it is missing and has no default."""
        value = getattr(self, key)
        if value not in (None, ""):
            return value
        if default is ...:
            raise InputError(f"the op {self.verb!r} needs {key!r}", key)
        return default


class ClubTopic(TextEnum):
    """What a record of the club says (the app layer has one sentence for each)."""

    CUT = "cut"  # one cut: who cut which card (a void cut, Law 10) and the result
    FORMED = "formed"  # Law 12: a table formed; the fifth and sixth wait
    TOOK_PLACE = "took-place"  # Laws 16, 19: a candidate took the vacant place
    DECLARED = "declared"  # Law 16: he declared in time and belongs to the table
    SUBSTITUTE_ENDS = "substitute-ends"  # Law 18: a substitute's appointment ends with the rubber
    RUBBER_ENDED = "rubber-ended"  # Law 15: the consecutive rubbers played
    CUT_OUT = "cut-out"  # Laws 15, 19: who entered and who went out
    SUBSTITUTED = "substituted"  # Law 18: a substitute plays for the rest of the rubber
    LEFT_BOUND = "left-bound"  # Law 19: a player left after one of his two rubbers
    LEFT = "left"  # a player left the table
    OPENED = "opened"  # Laws 17, 20: a fresh table opened
    CUT_INTO = "cut-into"  # Law 20: a member of one table cut into another
    BROKE_UP = "broke-up"  # Law 21: a table broken up


@dataclass(frozen=True)
class ClubRecord:
    """One ruling of the club, typed: the ``step`` (index of the op that made it), the ``topic``, the
    ``laws``, the ``table`` (``None``: the club), the names it concerns (``names``: who acted, entered,
    waits; ``others``: who went out, or a second group; ``counts``: the consecutive rubbers each has played;
    ``bound``: who, going out, had taken a leaver's place, Law 19), the ``cut`` for a :attr:`ClubTopic.CUT`, and
    the club's own record of it (``said``: :attr:`Club.notes`, for the topics the club records)."""

    step: int
    topic: ClubTopic
    laws: tuple[int, ...]
    table: str | None = None
    names: tuple[str, ...] = ()
    others: tuple[str, ...] = ()
    counts: tuple[tuple[str, int], ...] = ()
    bound: tuple[str, ...] = ()
    cut: CutRecord | None = None
    said: str = ""
    who: NoteNames | None = None  # a note of the club (Laws 17, 20, 21): who it concerns, typed


_NOTE_TOPIC = {
    ClubNote.OPEN: ClubTopic.OPENED,
    ClubNote.CUT_INTO: ClubTopic.CUT_INTO,
    ClubNote.BREAK_UP: ClubTopic.BROKE_UP,
}
CLUB_VERBS = VerbTable()


@dataclass(frozen=True)
class ClubProcedure(Procedure):
    """The club folded from its ops: ``club`` now, the ops (``log``) and every record (``records``)."""

    club: Club = Club()
    log: tuple[ClubOp, ...] = ()
    records: tuple[ClubRecord, ...] = ()
    handlers = CLUB_VERBS

    def _parse(self, event: Any) -> ClubOp:
        return ClubOp.parse(event)

    def _admit(self, ev: ClubOp) -> ClubProcedure:
        return self

    @staticmethod
    def _shown(event: object) -> str:
        return str(event.get("op")) if isinstance(event, Mapping) else decode.excerpt(event)

    def _room_for_a_table(self) -> None:
        if len(self.club.tables) >= MAX_TABLES:
            raise InputError(f"the sandbox's club has {MAX_TABLES} tables at most", "table")

    def _done(self, op: ClubOp, club: Club, *records: ClubRecord) -> ClubProcedure:
        return replace(self, club=club, log=self.log + (op,), records=self.records + records)

    def _rec(self, topic: ClubTopic, laws: tuple[int, ...], table: str | None, **fields: Any) -> ClubRecord:
        return ClubRecord(len(self.log), topic, laws, table, **fields)

    def _cuts(self, table: str | None, cuts: tuple[CutRecord, ...]) -> tuple[ClubRecord, ...]:
        return tuple(self._rec(ClubTopic.CUT, r.laws, table, cut=r) for r in cuts)

    # ------------------------------------------------------------------ the club: Laws 17, 20, 21
    @CLUB_VERBS.verb("open_table", "cut_into", "break_up")
    def _ev_club(self, op: ClubOp) -> ClubProcedure:
        club = self.club
        if op.verb == "open_table":
            self._room_for_a_table()
        if op.verb == "open_table":
            new = club.open_table(op.need("table"), op.need("candidates"), dict(op.exposed or ()) or None)
        elif op.verb == "cut_into":
            new = club.cut_into(op.need("name"), op.need("table"))
        else:
            new = club.break_up(op.need("table"), op.need("breaker"), op.need("into"))
        before = {t.name: len(t.cuts) for t in club.tables}
        records = self._cuts(None, new.cuts[len(club.cuts) :])
        for t in new.tables:
            records += self._cuts(t.name, t.cuts[before.get(t.name, 0) :])
        k = len(club.notes)
        for said, kind, who in zip(new.notes[k:], new.note_kinds[k:], new.note_names[k:], strict=True):
            records += (self._rec(_NOTE_TOPIC[kind[0]], kind[1], op.table, said=said, who=who),)
        return self._done(op, new, *records)

    # ------------------------------------------------------------------ Laws 8-14: a table formed by cutting
    @CLUB_VERBS.verb("form")
    def _ev_form(self, op: ClubOp) -> ClubProcedure:
        club = self.club
        self._room_for_a_table()
        name = op.need("table", "T1")
        if any(t.name == name for t in club.tables):
            raise InputError(f"there is already a table {name!r}", "table")
        exposed = dict(op.exposed or ()) or None
        t = Roster.form(name, op.need("candidates"), seed=op.need("seed", 0), rules=club.rules, exposed=exposed)
        records = self._cuts(name, t.cuts)
        if t.waiting:
            records += (self._rec(ClubTopic.FORMED, (12,), name, names=t.waiting, others=t.players),)
        return self._done(op, club.put(t), *records)

    # ------------------------------------------------------------------ one table: Laws 15, 16, 18, 19
    @CLUB_VERBS.verb("declare")
    def _ev_declare(self, op: ClubOp) -> ClubProcedure:
        name = op.need("table", "T1")
        t = self.club.table(name)
        who = op.need("name")
        new = t.declare(who)
        if who in new.players:
            rec = self._rec(ClubTopic.TOOK_PLACE, (16, 19), name, names=(who,))
        else:
            rec = self._rec(ClubTopic.DECLARED, (16,), name, names=(who,))
        return self._done(op, self.club.put(new), rec)

    @CLUB_VERBS.verb("end_rubber")
    def _ev_end_rubber(self, op: ClubOp) -> ClubProcedure:
        name = op.need("table", "T1")
        t = self.club.table(name)
        new = t.end_rubber()
        records = tuple(
            self._rec(ClubTopic.SUBSTITUTE_ENDS, (18,), name, names=(sub, absent)) for sub, absent in t.substitutes
        )
        records += (self._rec(ClubTopic.RUBBER_ENDED, (15,), name, names=new.waiting, counts=new.consecutive),)
        return self._done(op, self.club.put(new), *records)

    @CLUB_VERBS.verb("cut_out", "start_rubber")
    def _ev_cut(self, op: ClubOp) -> ClubProcedure:
        name = op.need("table", "T1")
        t = self.club.table(name)
        exposed = dict(op.exposed or ()) or None
        new = t.cut_out(exposed) if op.verb == "cut_out" else t.start_rubber(exposed)
        records = self._cuts(name, new.cuts[len(t.cuts) :])
        going = tuple(p for p in t.players if p not in new.players)
        coming = tuple(p for p in new.players if p not in t.players)
        if going or coming:
            bound = tuple(p for p in going if any(b == p for b, _ in t.bound))
            laws = (15, 19) if bound else (15,)
            records += (self._rec(ClubTopic.CUT_OUT, laws, name, names=coming, others=going, bound=bound),)
        return self._done(op, self.club.put(new), *records)

    @CLUB_VERBS.verb("substitute")
    def _ev_substitute(self, op: ClubOp) -> ClubProcedure:
        name = op.need("table", "T1")
        t = self.club.table(name)
        absent = op.need("absent")
        consenting = op.consenting if op.consenting is not None else tuple(p for p in t.players if p != absent)
        sub = op.need("substitute")
        new = t.substitute(absent, sub, consenting)
        return self._done(op, self.club.put(new), self._rec(ClubTopic.SUBSTITUTED, (18,), name, names=(sub, absent)))

    @CLUB_VERBS.verb("leave")
    def _ev_leave(self, op: ClubOp) -> ClubProcedure:
        name = op.need("table", "T1")
        t = self.club.table(name)
        who = op.need("name")
        new = t.leave(who)
        added = [b for b in new.bound if b not in t.bound]
        if added:
            rec = self._rec(ClubTopic.LEFT_BOUND, (19,), name, names=(who, added[0][0]))
        else:
            rec = self._rec(ClubTopic.LEFT, (), name, names=(who,))
        return self._done(op, self.club.put(new), rec)


CLUB_VERBS.check(TABLE_OPS)
