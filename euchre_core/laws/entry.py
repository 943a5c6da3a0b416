"""Table management: cutting out, entry and re-entry (Laws 10, 15–21), over the formation of the
table by cutting (Laws 8–14, :func:`~euchre_core.laws.table.form_table`).

A :class:`Roster` is one table: the four players (clockwise from the dealer), the candidates
who belong to the table and wait (Law 12: six belong to a table at most), the consecutive
rubbers each player has played, and the record of every cut. A :class:`Club` holds the
tables and remembers who has belonged to or played at which (Laws 17, 20, 21). Both are
immutable: each operation returns a new value. Every cut is drawn from one pack (Law 9) with
a seeded shuffle derived from the seed and the number of operations so far, so the same
operations replay to the same tables. An operation the laws refuse raises
:class:`~euchre_core.kernel.errors.IllegalAction` naming the law; bad input raises
:class:`~euchre_core.kernel.errors.InputError` naming the field.

>>> t = Roster.form("one", ["Ames", "Bell", "Cole", "Dunn", "Eddy"], seed=2)
>>> fifth = t.waiting[0]                    # Law 12: the fifth belongs to the table
>>> len(t.players), len(t.waiting)
(4, 1)
>>> t = t.end_rubber().cut_out()            # Law 15: he claims admission; one of the four goes out
>>> fifth in t.players, len(t.waiting)
(True, 1)
>>> t = t.start_rubber()                    # the four cut for partners and deal (Laws 11, 13, 14)
>>> t.phase, t.formation.dealer in t.players
(RosterPhase.PLAYING, True)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace

from ..kernel import decode
from ..kernel.cards import Card, pack
from ..kernel.enums import TextEnum
from ..kernel.errors import IllegalAction, InputError
from ..kernel.rules import SOMERSET_1888, RuleSet
from .table import TableFormation, cut_rank, form_table

__all__ = ["Club", "ClubNote", "CutRecord", "Draw", "NoteNames", "Roster", "RosterPhase"]


class RosterPhase(TextEnum):
    """The stages of a table between rubbers (Laws 15, 16): its state machine."""

    PLAYING = "playing"  # a rubber in progress
    BETWEEN = "between"  # the rubber ended, no card cut yet: candidates may still declare (Law 16)
    CUTTING = "cutting"  # the cut-out done (Law 15); the four cut for partners and deal next


class ClubNote(TextEnum):
    """The kind of a note of the club (:attr:`Club.note_kinds`, beside :attr:`Club.notes`)."""

    OPEN = "open"  # Laws 17, 20: a fresh table opened
    CUT_INTO = "cut-into"  # Law 20: a member of one table declared for another
    BREAK_UP = "break-up"  # Law 21: a table broken up


@dataclass(frozen=True)
class NoteNames:
    """Who a note of the club concerns, typed (the app words it from any reader's chair): ``first`` (the
    fresh candidates with the prior right, Law 17; who declared, Law 20; who broke the table up, Law 21),
    ``cut_in`` and ``cut_out`` (by cutting), ``lost`` (who lost his right of re-entry, and into which table:
    Law 20), ``place`` (the other table: declared for, Law 20; entered, Law 21).

    >>> NoteNames(first=("Ames",), place="two").first
    ('Ames',)
    """

    first: tuple[str, ...] = ()
    cut_in: tuple[str, ...] = ()
    cut_out: tuple[str, ...] = ()
    lost: tuple[tuple[str, str], ...] = ()
    place: str | None = None
    by_cut: bool = False  # Law 21: the remaining players settled their precedence by cutting


TABLE_SIZE = 6  # Law 12: the four players and the fifth and sixth, who belong to the table


@dataclass(frozen=True)
class Draw:
    """One card cut by one candidate; ``void`` when he exposed more than one card (Law 10)."""

    name: str
    card: Card
    void: bool = False


@dataclass(frozen=True)
class CutRecord:
    """One cut: what for, the laws, every card drawn (Law 9: from the same pack) and the result."""

    purpose: str
    laws: tuple[int, ...]
    draws: tuple[Draw, ...]
    result: str = ""  # the result in the book's words (the CLI's); typed below, for the app
    high: tuple[str, ...] = ()  # cutting for places: who cut highest, and lowest
    low: tuple[str, ...] = ()
    dealer: str | None = None  # cutting for the table (Laws 11-14): who deals, the partners; or a cut again
    partners: tuple[tuple[str, ...], ...] = ()


def _names(values: Iterable[str], field_name: str) -> tuple[str, ...]:
    if isinstance(values, str):
        out: tuple[str, ...] = (values,)
    elif isinstance(values, (list, tuple)):
        out = tuple(values)
    else:
        raise InputError(f"a list of names, not {decode.excerpt(values)}", field_name)
    for n in out:
        if not isinstance(n, str) or not n.strip():
            raise InputError(f"not a name: {decode.excerpt(n)}", field_name)
    if len(set(out)) != len(out):
        raise InputError("a name appears twice", field_name)
    return out


def _exposures(exposed: Mapping[str, int] | None, names: Iterable[str], most: int = 32) -> dict[str, int]:
    if exposed is None:
        return {}
    if not isinstance(exposed, Mapping):
        raise InputError("a mapping of name to the number of cards exposed", "exposed")
    known = set(names)
    for n, k in exposed.items():
        if n not in known:
            raise InputError(f"{decode.excerpt(n)} does not cut here", "exposed")
        if not isinstance(k, int) or isinstance(k, bool) or not 1 <= k <= most:
            raise InputError(
                f"{decode.excerpt(n)} exposed {decode.excerpt(k)} cards: a number from one to {most} (the pack)",
                "exposed",
            )
    return dict(exposed)


def _split_by_cut(
    names: list[str],
    keep: int,
    rng: random.Random,
    rules: RuleSet,
    purpose: str,
    laws: tuple[int, ...],
    exposed: dict[str, int],
    records: list[CutRecord],
) -> tuple[list[str], list[str]]:
    """Cut to separate the ``keep`` highest from the others (Law 8: the knave highest, then the
    ace, king ...). Those tied across the line cut again among themselves (as Law 13); a player
    who exposes more than one card must cut again (Law 10)."""
    if keep <= 0:
        return [], list(names)
    if keep >= len(names):
        return list(names), []
    cards = pack(rules.pack_size)
    rng.shuffle(cards)
    it = iter(cards)  # Law 9: every one cuts from the same pack
    draws: list[Draw] = []
    ranks: dict[str, int] = {}
    for n in names:
        card = next(it)
        if exposed.get(n, 1) > 1:
            draws.append(Draw(n, card, void=True))  # Law 10: more than one card exposed: he cuts again
            card = next(it)
        draws.append(Draw(n, card))
        ranks[n] = cut_rank(card, rules)
    rec_laws = laws + ((10,) if any(d.void for d in draws) else ())
    at = len(records)
    records.append(CutRecord(purpose, rec_laws, tuple(draws)))
    high: list[str] = []
    low: list[str] = []
    for v in sorted(set(ranks.values()), reverse=True):
        tied = [n for n in names if ranks[n] == v]
        room = keep - len(high)
        if room <= 0:
            low += tied
        elif len(tied) <= room:
            high += tied
        else:
            h, lo = _split_by_cut(tied, room, rng, rules, purpose + " (tie: cut again)", laws, {}, records)
            high += h
            low += lo
    records[at] = replace(
        records[at],
        result="highest: " + ", ".join(high) + "; lowest: " + ", ".join(low),
        high=tuple(high),
        low=tuple(low),
    )
    return high, low


@dataclass(frozen=True)
class Roster:
    """One table. ``players`` clockwise from the dealer; ``waiting`` the candidates who belong to
    the table, in order for entrance; ``consecutive`` the consecutive rubbers each player has played.

    ``phase``: ``playing`` (a rubber in progress), ``between`` (the rubber ended, no card cut yet:
    candidates may still declare, Law 16) or ``cutting`` (the cut-out is done; the four cut for
    partners and deal next).
    """

    name: str
    players: tuple[str, ...]
    waiting: tuple[str, ...] = ()
    consecutive: tuple[tuple[str, int], ...] = ()
    phase: RosterPhase = RosterPhase.PLAYING
    cut_made: bool = False  # Law 16: a card has been cut since the rubber ended
    bound: tuple[tuple[str, int], ...] = ()  # Law 19: (name, rubbers played at the table when he took
    # his predecessor's place): out at the end of one rubber
    substitutes: tuple[tuple[str, str], ...] = ()  # Law 18: (substitute, the player he replaces)
    sub_places: tuple[tuple[str, int], ...] = ()  # Law 18: (substitute, his place among the waiting, or -1)
    departed: tuple[str, ...] = ()  # Law 20: absent players (Law 18) who cut into another table
    before_cut_out: Roster | None = None  # Law 16: the table as it was before a cut-out made without a card
    formation: TableFormation | None = None
    seed: int = 0
    rules: RuleSet = SOMERSET_1888
    cuts: tuple[CutRecord, ...] = ()
    rubbers: int = 0
    log: tuple[str, ...] = field(default=())  # the operations, in order

    def __post_init__(self) -> None:
        """A table built by hand is checked as one formed by cutting: one InputError naming the field.

        >>> Roster("t", ("Ames", "Bell", "Cole", "Dunn"), waiting=("Ames",))
        Traceback (most recent call last):
        ...
        euchre_core.kernel.errors.InputError: waiting: a name appears twice
        """
        if not isinstance(self.name, str) or not self.name:
            raise InputError("a table needs a name", "name")
        decode.seed(self.seed)  # 0 to 2**63 - 1, as every seed (docs/engine.md)
        if not isinstance(self.rules, RuleSet):
            raise InputError(f"not a rule set: {self.rules!r}", "rules")
        for f in ("players", "waiting"):
            if not isinstance(getattr(self, f), (list, tuple)):
                raise InputError(f"a list of names, not {decode.excerpt(getattr(self, f))}", f)
        players = _names(self.players, "players")
        if len(players) > 4:
            raise InputError(f"four play at a table, not {len(players)}", "players")
        waiting = _names(players + tuple(self.waiting), "waiting")[len(players) :]
        if len(players) + len(waiting) > TABLE_SIZE:
            raise InputError(f"six belong to a table at most, not {len(players) + len(waiting)}", "waiting")
        if not isinstance(self.phase, str) or self.phase not in tuple(RosterPhase):
            raise InputError(f"no phase {decode.excerpt(self.phase)}: playing, between or cutting", "phase")
        object.__setattr__(self, "phase", RosterPhase(self.phase))  # typed, whatever the caller passed
        if not isinstance(self.consecutive, (list, tuple)) or not all(
            isinstance(c, tuple)
            and len(c) == 2
            and isinstance(c[0], str)
            and isinstance(c[1], int)
            and not isinstance(c[1], bool)
            and c[1] >= 0
            for c in self.consecutive
        ):
            raise InputError("pairs of a name and the rubbers he has played (zero or more)", "consecutive")
        object.__setattr__(self, "players", players)
        object.__setattr__(self, "waiting", waiting)
        object.__setattr__(self, "consecutive", tuple(self.consecutive))

    # ------------------------------------------------------------------ construction
    @classmethod
    def form(
        cls,
        name: str,
        candidates: Iterable[str],
        seed: int = 0,
        rules: RuleSet = SOMERSET_1888,
        exposed: Mapping[str, int] | None = None,
    ) -> Roster:
        """Form a table from the candidates, by cutting (Laws 8–14): the four highest play, the fifth
        and sixth belong to the table (Law 12), the others are not admitted.

        >>> t = Roster.form("one", ["Ames", "Bell", "Cole", "Dunn"], seed=1)
        >>> sorted(t.players), t.waiting, t.phase
        (['Ames', 'Bell', 'Cole', 'Dunn'], (), RosterPhase.PLAYING)
        """
        if not isinstance(name, str) or not name:
            raise InputError("a table needs a name", "name")
        seed = decode.seed(seed)  # 0 to 2**63 - 1, as every seed (docs/engine.md)
        if not isinstance(rules, RuleSet):
            raise InputError(f"not a rule set: {rules!r}", "rules")
        names = _names(candidates, "candidates")
        if len(names) < 4:
            raise InputError("four or more candidates are needed", "candidates")
        ex = _exposures(exposed, names, rules.pack_size)
        t = cls(name=name, players=(), seed=seed, rules=rules)
        formation, rec = t._form(names, ex)
        return replace(
            t,
            players=formation.seats,
            waiting=formation.table,
            consecutive=tuple((p, 0) for p in formation.seats),
            formation=formation,
            cuts=rec,
            log=("form",),
        )

    def _rng(self) -> random.Random:
        return random.Random(self.seed * 1_000_003 + len(self.log))

    def _form(self, names: tuple[str, ...], exposed: dict[str, int]) -> tuple[TableFormation, tuple[CutRecord, ...]]:
        """form_table (Laws 8–14); a player who exposed more than one card cuts again, he alone (Law 10)."""
        rng = self._rng()
        formation = form_table(list(names), seed=rng.randrange(2**31), rules=self.rules, exposed=exposed)
        records: list[CutRecord] = []
        for i, rnd in enumerate(formation.cuts):  # each round from the same pack (Law 9)
            final = i == len(formation.cuts) - 1
            voids = {n: c for r, n, c in formation.voids if r == i}
            draws: list[Draw] = []
            for n, c in rnd:
                if n in voids:
                    draws.append(Draw(n, Card.parse(voids[n]), void=True))
                draws.append(Draw(n, Card.parse(c)))
            laws = (8, 9, 11, 12, 13, 14) + ((10,) if voids else ())
            records.append(
                CutRecord(
                    "the table, partners and deal",
                    laws,
                    tuple(draws),
                    f"{formation.dealer} deals; partners " + " and ".join("-".join(p) for p in formation.partners)
                    if final
                    else "cut again",
                    dealer=formation.dealer if final else None,
                    partners=tuple(tuple(p) for p in formation.partners) if final else (),
                )
            )
        return formation, tuple(records)

    # ------------------------------------------------------------------ queries
    @property
    def members(self) -> tuple[str, ...]:
        """Everyone who belongs to the table: the players, then the candidates waiting."""
        return self.players + self.waiting

    @property
    def absent(self) -> tuple[str, ...]:
        """The players away during this rubber, each replaced by a substitute (Law 18): they still belong
        to the table and take their seats again at its end, unless they cut into another (Law 20)."""
        return tuple(a for _, a in self.substitutes if a not in self.departed)

    def belongs(self, name: str) -> bool:
        """Whether ``name`` belongs to the table: a player, a candidate waiting, or a player away (Law 18)."""
        return name in self.members or name in self.absent

    @property
    def _reserved(self) -> int:
        """Law 18: the places among the waiting kept for substitutes playing "during that rubber" only
        (the player each replaces belongs to the table too, and takes his seat again)."""
        return sum(1 for _, at in self.sub_places if at >= 0)

    def rubbers_of(self, name: str) -> int:
        """The consecutive rubbers ``name`` has played (Law 15)."""
        return dict(self.consecutive).get(name, 0)

    def _step(self, op: str, **changes: object) -> Roster:
        changes.setdefault("before_cut_out", None)  # only the cut-out just made can be made again (Law 16)
        return replace(self, log=self.log + (op,), **changes)  # type: ignore[arg-type]

    # ------------------------------------------------------------------ entry (Law 16)
    def declare(self, name: str) -> Roster:
        """A candidate declares his intention to enter (Law 16): in time before any player has cut a
        card for a new rubber or for cutting out.

        >>> t = Roster.form("one", ["Ames", "Bell", "Cole", "Dunn"], seed=1).declare("Eddy")
        >>> t.waiting
        ('Eddy',)
        """
        (name,) = _names([name], "name")
        if self.belongs(name):
            raise IllegalAction(f"{name} already belongs to the table")
        if self.phase is not RosterPhase.PLAYING and self.cut_made:
            raise IllegalAction(
                f"{name} declared too late: a card has been cut for the new rubber or for cutting out", (16,)
            )
        if self.phase is RosterPhase.CUTTING and self.before_cut_out is not None:
            # Law 16: no card has been cut yet: he declared in time, and claims admission in the cut-out with the
            # others, which is made again with him
            return self.before_cut_out.declare(name).cut_out()
        if len(self.members) + self._reserved >= TABLE_SIZE:
            raise IllegalAction("the table is full: six belong to it", (12,))
        if len(self.players) < 4 and self.phase is not RosterPhase.PLAYING:
            # a vacancy (Law 19 with no candidate waiting): he takes the place
            return self._step(
                f"declare {name}", players=self.players + (name,), consecutive=self.consecutive + ((name, 0),)
            )
        return self._step(f"declare {name}", waiting=self.waiting + (name,))

    # ------------------------------------------------------------------ the rubber
    def end_rubber(self) -> Roster:
        """The rubber is over: each player has played one more consecutive rubber (Law 15). A
        substitute plays "in his absence during that rubber" (Law 18): the player he replaced takes
        his place again, and the substitute returns to where he was: to his place among the
        candidates waiting if he was one (else he leaves this table: the club keeps him, see
        :meth:`Club.put`).

        >>> t = Roster.form("one", ["Ames", "Bell", "Cole", "Dunn", "Eddy"], seed=2)
        >>> w = t.waiting[0]
        >>> p = t.players[1]
        >>> t = t.substitute(p, w, [x for x in t.players if x != p])
        >>> t = t.end_rubber()
        >>> p in t.players, t.waiting == (w,)
        (True, True)
        """
        if self.phase is not RosterPhase.PLAYING:
            raise IllegalAction("no rubber is in progress")
        players = list(self.players)
        for sub, absent in self.substitutes:
            if absent in self.departed:
                players.remove(sub)  # Law 20: his seat is vacant; the substitute's time is over
            else:
                players[players.index(sub)] = absent  # Law 18: a substitute only during that rubber
        waiting = list(self.waiting)
        for sub, at in sorted(self.sub_places, key=lambda x: x[1]):
            if at >= 0 and sub not in players and len(players) + len(waiting) < TABLE_SIZE:
                waiting.insert(min(at, len(waiting)), sub)
        counts = dict(self.consecutive)
        cons = tuple((p, counts.get(p, 0) + 1) for p in players)
        return self._step(
            "end_rubber",
            players=tuple(players),
            waiting=tuple(waiting),
            consecutive=cons,
            phase=RosterPhase.BETWEEN,
            cut_made=False,
            substitutes=(),
            sub_places=(),
            departed=(),
            rubbers=self.rubbers + 1,
        )

    def cut_out(self, exposed: Mapping[str, int] | None = None) -> Roster:
        """Law 15: at the end of a rubber, the candidates waiting (one or two) claim admission; those
        who have played the greater number of consecutive rubbers go out; equal numbers cut, the
        lowest going out. A player bound by Law 19 goes out first. The out-goers wait for a later
        rubber, behind the other candidates.

        >>> t = Roster.form("one", ["Ames", "Bell", "Cole", "Dunn", "Eddy", "Fox"], seed=3)
        >>> t = t.end_rubber().cut_out()
        >>> len(t.players), len(t.waiting), set(t.waiting) <= set(t.formation.seats)
        (4, 2, True)
        """
        if self.phase is not RosterPhase.BETWEEN:
            raise IllegalAction("the cut-out comes at the end of a rubber", (15,))
        claimants = list(self.waiting[:2])
        players = list(self.players)
        vacancies = 4 - len(players)
        entering = claimants[:vacancies]
        claimants = claimants[vacancies:]
        going: list[str] = []
        records: list[CutRecord] = []
        need = len(claimants)
        if need:
            # Law 19: he who took a leaver's place goes out at the end of one rubber
            bound = [p for p in players if any(n == p and self.rubbers > at for n, at in self.bound)][:need]
            going += bound
            rest = [p for p in players if p not in going]
            counts = dict(self.consecutive)
            left = need - len(bound)
            if left:
                by_count = sorted(rest, key=lambda p: -counts.get(p, 0))
                line = counts.get(by_count[left - 1], 0)
                sure = [p for p in rest if counts.get(p, 0) > line]
                tied = [p for p in rest if counts.get(p, 0) == line]
                going += sure
                to_go = left - len(sure)
                if to_go < len(tied):
                    ex = _exposures(exposed, tied, self.rules.pack_size)
                    _, low = _split_by_cut(
                        tied, len(tied) - to_go, self._rng(), self.rules, "cutting out", (15, 8, 9), ex, records
                    )
                    going += low
                else:
                    going += tied
        elif exposed:
            _exposures(exposed, ())
        stay = [p for p in players if p not in going]
        new_players = tuple(stay + entering + claimants)
        waiting = tuple(w for w in self.waiting if w not in new_players) + tuple(going)
        counts = dict(self.consecutive)
        cons = tuple((p, counts.get(p, 0) if p in stay else 0) for p in new_players)
        return self._step(
            "cut_out",
            players=new_players,
            waiting=waiting,
            consecutive=cons,
            phase=RosterPhase.CUTTING,
            cut_made=self.cut_made or bool(records),
            cuts=self.cuts + tuple(records),
            bound=tuple(b for b in self.bound if b[0] not in going),
            before_cut_out=None if records else self,
        )

    def start_rubber(self, exposed: Mapping[str, int] | None = None) -> Roster:
        """The four cut for partners and the deal (Laws 11, 13, 14) and begin a rubber. At the end of
        a rubber with candidates waiting, the cut-out (Law 15) is made first."""
        t = self
        if t.phase is RosterPhase.BETWEEN and t.waiting:
            t = t.cut_out()
        if t.phase is RosterPhase.PLAYING:
            raise IllegalAction("a rubber is in progress")
        if len(t.players) != 4:
            raise IllegalAction(f"four players are needed; the table has {len(t.players)}", (11,))
        ex = _exposures(exposed, t.players, t.rules.pack_size)
        formation, rec = t._form(t.players, ex)
        counts = dict(t.consecutive)
        return t._step(
            "start_rubber",
            players=formation.seats,
            formation=formation,
            phase=RosterPhase.PLAYING,
            cut_made=False,
            cuts=t.cuts + rec,
            consecutive=tuple((p, counts.get(p, 0)) for p in formation.seats),
        )

    # ------------------------------------------------------------------ leaving (Laws 18, 19)
    def substitute(self, absent: str, substitute: str, consenting: Iterable[str]) -> Roster:
        """Law 18: a player quitting before the end of the rubber may appoint a substitute for the
        rest of that rubber, with the consent of the other three.

        >>> t = Roster.form("one", ["Ames", "Bell", "Cole", "Dunn"], seed=1)
        >>> others = [p for p in t.players if p != "Ames"]
        >>> "Zane" in t.substitute("Ames", "Zane", others).players
        True
        """
        if self.phase is not RosterPhase.PLAYING:
            raise IllegalAction("a substitute is appointed during a rubber", (18,))
        if absent not in self.players:
            raise InputError(f"{decode.excerpt(absent)} is not playing at this table", "absent")
        (substitute,) = _names([substitute], "substitute")
        if substitute in self.players or substitute in self.absent:
            raise InputError(f"{decode.excerpt(substitute)} is already playing", "substitute")
        others = {p for p in self.players if p != absent}
        given = set(_names(consenting, "consenting"))
        if not others <= given:
            missing = ", ".join(sorted(others - given))
            raise IllegalAction(
                f"a substitute needs the consent of the other three players (not given by {missing})", (18,)
            )
        players = tuple(substitute if p == absent else p for p in self.players)
        original = dict(self.substitutes).get(absent, absent)  # a substitute quitting in his turn
        subs = tuple(x for x in self.substitutes if x[0] != absent) + ((substitute, original),)
        waiting = [w for w in self.waiting if w != substitute]
        places = dict(self.sub_places)
        left = places.pop(absent, None)
        if left is not None and left >= 0:  # the substitute quitting returns at once
            waiting.insert(min(left, len(waiting)), absent)
        places[substitute] = self.waiting.index(substitute) if substitute in self.waiting else -1
        return self._step(
            f"substitute {absent} {substitute}",
            players=players,
            waiting=tuple(waiting),
            substitutes=subs,
            sub_places=tuple(places.items()),
        )

    def leaves_one_of_two(self, name: str) -> bool:
        """Law 19: ``name``, a player between rubbers, would "leave a full table after he has played but one of
        the two consecutive rubbers to which he is entitled". Only at a full table (six belong to it, Law 12:
        two candidates claim admission at each rubber's end, Law 15) is a player entitled to two consecutive
        rubbers; at five one goes out after every rubber, by the counts or the cut, and nobody is entitled to
        two (the reading of Law 19 in the lawbook).

        >>> five = Roster.form("one", ["Ames", "Bell", "Cole", "Dunn", "Eddy"], seed=2).end_rubber()
        >>> five.leaves_one_of_two(five.players[0])
        False
        """
        return (
            self.phase is not RosterPhase.PLAYING
            and name in self.players
            and len(self.members) >= TABLE_SIZE  # Law 19: "a full table"
            and len(self.waiting) > 0
            and self.rubbers_of(name) == 1  # Law 19: "played but one of the two consecutive rubbers"
        )

    def leave(self, name: str) -> Roster:
        """A member leaves the table between rubbers. Law 19: a player who leaves a full table (six
        belong to it) after playing one of his two consecutive rubbers is replaced by the candidate
        next in order, who must go out at the end of one rubber, as his predecessor would have done.
        At a table of five the candidate next in order takes the empty seat as a candidate admitted by
        the cut-out does: no rubber played, bound to nothing (:meth:`leaves_one_of_two`).

        >>> six = ["Ames", "Bell", "Cole", "Dunn", "Eddy", "Fox"]
        >>> t = Roster.form("one", six, seed=4).end_rubber().cut_out().start_rubber().end_rubber()
        >>> leaver = next(p for p in t.players if t.rubbers_of(p) == 1)
        >>> nxt = t.waiting[0]
        >>> t2 = t.leave(leaver)
        >>> nxt in t2.players, t2.bound == ((nxt, 2),), t2.rubbers_of(nxt)
        (True, True, 1)
        >>> five = Roster.form("one", six[:5], seed=2).end_rubber()
        >>> nxt = five.waiting[0]
        >>> t3 = five.leave(five.players[0])
        >>> t3.players[0] == nxt, t3.bound, t3.rubbers_of(nxt)
        (True, (), 0)
        """
        if name in self.waiting:
            return self._step(f"leave {name}", waiting=tuple(w for w in self.waiting if w != name))
        if name in self.absent:
            # away during this rubber (Law 18) and leaving the table (Law 20): his substitute plays the rubber
            # out, then returns to where he was, and the seat is vacant
            return self._step(f"leave {name}", departed=self.departed + (name,))
        if name not in self.players:
            raise InputError(f"{decode.excerpt(name)} does not belong to this table", "name")
        if self.phase is RosterPhase.PLAYING:
            raise IllegalAction(
                f"{name} cannot leave during the rubber but by appointing a substitute with the "
                "consent of the other three",
                (18,),
            )
        counts = dict(self.consecutive)
        if not self.waiting:
            return self._step(
                f"leave {name}",
                players=tuple(p for p in self.players if p != name),
                consecutive=tuple((p, n) for p, n in self.consecutive if p != name),
                bound=tuple(b for b in self.bound if b[0] != name),
            )
        nxt = self.waiting[0]
        played = counts.get(name, 0)
        one_of_two = self.leaves_one_of_two(name)  # Law 19: his successor inherits the count and is bound
        players = tuple(nxt if p == name else p for p in self.players)
        # Law 19 not applying (a table of five), the successor enters as a candidate admitted by the cut-out would
        cons = tuple((nxt, played if one_of_two else 0) if p == name else (p, n) for p, n in self.consecutive)
        bound = tuple(b for b in self.bound if b[0] != name) + (((nxt, self.rubbers),) if one_of_two else ())
        return self._step(f"leave {name}", players=players, waiting=self.waiting[1:], consecutive=cons, bound=bound)


@dataclass(frozen=True)
class Club:
    """The tables of a club and who has belonged to or played at each (Laws 17, 20, 21).
    ``lobby`` holds the candidates without a place, in their order of precedence."""

    tables: tuple[Roster, ...] = ()
    history: tuple[tuple[str, tuple[str, ...]], ...] = ()  # name -> tables belonged to or played at
    lobby: tuple[str, ...] = ()
    seed: int = 0
    rules: RuleSet = SOMERSET_1888
    cuts: tuple[CutRecord, ...] = ()
    notes: tuple[str, ...] = ()  # what each operation decided, citing the laws
    # each note typed, beside it: (its kind, the laws it applies)
    note_kinds: tuple[tuple[ClubNote, tuple[int, ...]], ...] = ()
    note_names: tuple[NoteNames, ...] = ()  # who each note concerns, typed, beside it

    def __post_init__(self) -> None:
        decode.seed(self.seed)  # 0 to 2**63 - 1, as every seed (docs/engine.md)
        if not isinstance(self.rules, RuleSet):
            raise InputError(f"not a rule set: {self.rules!r}", "rules")

    # ------------------------------------------------------------------ queries
    def table(self, name: str) -> Roster:
        for t in self.tables:
            if t.name == name:
                return t
        raise InputError(f"no table {decode.excerpt(name)}", "table")

    def table_of(self, name: str) -> Roster | None:
        """The table ``name`` belongs to now, if any."""
        return next((t for t in self.tables if t.belongs(name)), None)

    def has_played_elsewhere(self, name: str) -> bool:
        """Law 17: whether ``name`` has belonged to or played at any table."""
        return bool(dict(self.history).get(name))

    def put(self, roster: Roster) -> Club:
        """The club with ``roster`` replacing the table of the same name (or added)."""
        others = tuple(t for t in self.tables if t.name != roster.name)
        old = next((t for t in self.tables if t.name == roster.name), None)
        # Law 18: a substitute whose appointment ended, and who had no place at this table, returns to the
        # lobby (he never disappears from the club)
        released = tuple(
            s
            for s, _ in (old.substitutes if old is not None else ())
            if s not in roster.members and not any(s in t.members for t in others) and s not in self.lobby
        )
        return replace(
            self,
            tables=others + (roster,),
            history=self._remember(roster.members, roster.name),
            lobby=self.lobby + released,
        )

    def _remember(self, names: Iterable[str], table: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
        hist = dict(self.history)
        for n in names:
            if table not in hist.get(n, ()):
                hist[n] = hist.get(n, ()) + (table,)
        return tuple(sorted(hist.items()))

    def _rng(self) -> random.Random:
        return random.Random(self.seed * 1_000_003 + len(self.cuts) * 7919 + len(self.notes))

    # ------------------------------------------------------------------ Law 17
    def open_table(self, name: str, candidates: Iterable[str], exposed: Mapping[str, int] | None = None) -> Club:
        """A fresh table (Law 17): the candidates who have neither belonged to nor played at any other
        table have the prior right of entry; the others cut for the places left (six: Law 12). The
        admitted then cut for the table, partners and deal (Laws 8–14). A member of another table
        (waiting, or a player between rubbers) may be a candidate: he loses his right of re-entry
        into it and takes his chance of cutting in (Law 20); a player in a rubber cannot.

        >>> c = Club(seed=1, history=(("Ames", ("old",)),))    # Ames has played at another table
        >>> c = c.open_table("two", ["Ames", "Eddy", "Fox", "Gray", "Hale", "Ivy", "Jude"])
        >>> "Ames" in c.table("two").members, c.lobby
        (False, ('Ames',))
        """
        if any(t.name == name for t in self.tables):
            raise InputError(f"there is already a table {decode.excerpt(name)}", "name")
        names = _names(candidates, "candidates")
        ex = _exposures(exposed, names, self.rules.pack_size)
        busy = [n for n in names if self.table_of(n) is not None]
        for n in busy:
            home = self.table_of(n)
            assert home is not None
            if n in home.players and home.phase is RosterPhase.PLAYING:
                raise IllegalAction(
                    f"{n} is playing a rubber at {home.name}: he cannot cut into another table "
                    "before it ends, and can leave only by appointing a substitute",
                    (20, 18),
                )
        # Law 20: a member of another table cutting into this one loses his right of re-entry into it and takes
        # his chance of cutting in (having belonged to a table, he has no prior right under Law 17)
        club = self
        lost: list[tuple[str, str]] = []
        for n in busy:
            home = club.table_of(n)
            assert home is not None
            club = club.put(home.leave(n))
            lost.append((n, home.name))
        return club._open(name, names, ex, lost)

    def _open(self, name: str, names: tuple[str, ...], ex: dict[str, int], lost: list[tuple[str, str]]) -> Club:
        fresh = [n for n in names if not self.has_played_elsewhere(n)]
        others = [n for n in names if n not in fresh]
        places = max(TABLE_SIZE - len(fresh), 0)
        records: list[CutRecord] = []
        high, low = _split_by_cut(
            others,
            places,
            self._rng(),
            self.rules,
            "admission to a fresh table",
            (17, 8, 9),
            {n: k for n, k in ex.items() if n in others},
            records,
        )
        admitted = fresh + high
        if len(admitted) < 4:
            raise IllegalAction(f"four players are needed; {len(admitted)} admitted", (11,))
        # Law 10: an exposure belongs to the first cut a candidate makes: the cut for admission, if he made one
        roster = Roster.form(
            name,
            admitted,
            seed=self._rng().randrange(2**31),
            rules=self.rules,
            exposed={n: k for n, k in ex.items() if n in admitted and (n in fresh or not records)} or None,
        )
        left_out = [n for n in admitted if n not in roster.members]
        note = (
            f"{name}: "
            + (", ".join(fresh) + " had the prior right of entry (Law 17)" if fresh else "no fresh candidate")
            + ("; " + ", ".join(high) + " cut in" if high else "")
            + ("; " + ", ".join(low) + " cut out" if low else "")
            + "".join(f"; {n} loses his right of re-entry into {home} (Law 20)" for n, home in lost)
        )
        club = replace(
            self,
            cuts=self.cuts + tuple(records),
            notes=self.notes + (note,),
            note_kinds=self.note_kinds + ((ClubNote.OPEN, ((17,) if fresh else ()) + ((20,) if lost else ())),),
            note_names=self.note_names + (NoteNames(tuple(fresh), tuple(high), tuple(low), tuple(lost)),),
            lobby=tuple(n for n in self.lobby if n not in roster.members)
            + tuple(n for n in low + left_out if n not in self.lobby),
        )
        return club.put(roster)

    # ------------------------------------------------------------------ Law 20
    def cut_into(self, name: str, table: str) -> Club:
        """Law 20: a player cutting into one table while belonging to another loses his right of
        re-entry into the latter and takes his chance of cutting in as a fresh candidate.

        >>> c = Club(seed=1).open_table("one", ["Ames", "Bell", "Cole", "Dunn", "Eddy"])
        >>> c = c.open_table("two", ["Fox", "Gray", "Hale", "Ivy"])
        >>> w = c.table("one").waiting[0]
        >>> c = c.cut_into(w, "two")
        >>> w in c.table("one").members, c.table("two").waiting == (w,)
        (False, True)
        """
        target = self.table(table)
        home = self.table_of(name)
        club = self
        note = f"{name} declared for {table}"
        laws: tuple[int, ...] = ()
        lost: tuple[tuple[str, str], ...] = ()
        if home is not None and home.name != table:
            if name in home.players and home.phase is RosterPhase.PLAYING:
                raise IllegalAction(
                    f"{name} is playing a rubber at {home.name}: he can leave only by appointing a substitute", (18,)
                )
            club = club.put(home.leave(name))
            note += f": he loses his right of re-entry into {home.name} (Law 20)"
            laws = (20,)
            lost = ((name, home.name),)
        entered = target.declare(name)
        kind = (ClubNote.CUT_INTO, laws)
        club = replace(
            club,
            notes=club.notes + (note,),
            note_kinds=club.note_kinds + (kind,),
            note_names=club.note_names + (NoteNames(first=(name,), lost=lost, place=table),),
            lobby=tuple(n for n in club.lobby if n != name),
        )
        return club.put(entered)

    # ------------------------------------------------------------------ Law 21
    def break_up(self, table: str, breaker: str, into: str) -> Club:
        """Law 21: someone breaks up a table: the remaining players have the prior right, before him, of
        entry into another; if there are not places for all of them, they settle their precedence by
        cutting. Those without a place go to the lobby, the breaker last.

        >>> c = Club(seed=4).open_table("one", ["Ames", "Bell", "Cole", "Dunn"])
        >>> c = c.open_table("two", ["Eddy", "Fox", "Gray", "Hale"])
        >>> c = c.break_up("one", "Ames", into="two")
        >>> len(c.table("two").waiting), c.lobby[-1]
        (2, 'Ames')
        """
        gone = self.table(table)
        if breaker not in gone.members:
            raise InputError(f"{decode.excerpt(breaker)} does not belong to {table}", "breaker")
        target = self.table(into)
        if target.name == gone.name:
            raise InputError("the table broken up cannot take its own players", "into")
        remaining = [n for n in gone.members if n != breaker]
        room = TABLE_SIZE - len(target.members) - target._reserved  # Law 18: substitutes' places kept
        records: list[CutRecord] = []
        first, rest = _split_by_cut(
            remaining, room, self._rng(), self.rules, "precedence after a table broke up", (21, 8, 9), {}, records
        )
        placed: list[str] = []
        for n in first + ([breaker] if len(first) < room else []):
            target = target.declare(n)  # Law 16 applies at the other table too
            placed.append(n)
        lobby = (
            tuple(n for n in self.lobby if n not in gone.members)
            + tuple(rest)
            + ((breaker,) if breaker not in placed else ())
        )
        note = (
            f"{breaker} broke up {table}: "
            + (", ".join(first) + " enter " + into if first else "no place at " + into)
            + (" (precedence by cutting)" if records else "")
            + " (Law 21)"
        )
        club = replace(
            self,
            tables=tuple(t for t in self.tables if t.name != table),
            lobby=lobby,
            cuts=self.cuts + tuple(records),
            notes=self.notes + (note,),
            note_kinds=self.note_kinds + ((ClubNote.BREAK_UP, (21,)),),
            note_names=self.note_names
            + (NoteNames(first=(breaker,), cut_in=tuple(first), place=into, by_cut=bool(records)),),
        )
        return club.put(target)
