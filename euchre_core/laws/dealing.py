"""The shuffle, the cut and the deal as physical events, under Laws 22–45 and 72–73.

A :class:`DealingProcedure` is an immutable state folded from its event log, like the
:class:`~euchre_core.laws.director.Director`: :meth:`DealingProcedure.act` returns the next state. The
pack is a real order of cards; shuffles are seeded (the seed is written into the log, so
a log replays anywhere), the cut lifts real cards and the packets deal them from the top.
An irregular act is not refused: it enters the log and yields a :class:`~euchre_core.laws.rulings.Ruling`
(the laws, the offender, the options of the side entitled to claim). An act the laws
forbid outright (a second shuffle, Law 24; a re-cut, Law 30; fresh cards after the cut,
Law 72) raises :class:`~euchre_core.kernel.errors.IllegalAction`; unreadable input raises
:class:`~euchre_core.kernel.errors.InputError` naming the field. Either leaves the state unchanged.

The procedure ends in an :class:`Outcome` the caller can act on:

- ``deal-stands``: the hands and the turn-up, as a :class:`~euchre_core.kernel.deal.Deal`;
- ``new-deal``: the same dealer deals again (Laws 33, 34, 38, 39; Laws 35–37 when claimed; Law 43);
- ``deal-lost``: the deal passes to the next player (Laws 31, 41, 45);
- ``deal-stopped``: a deal out of turn stopped before the trump card is turned (Law 40);
- ``fresh-cut``: a false cut (Law 29): not final, the players may shuffle again (Law 24) and cut.

Notation: the :mod:`~euchre_core.laws.events` style, with the verbs of :data:`DEALING_VERBS`.

>>> p = DealingProcedure.start(dealer="A", seed=1)
>>> p = p.replay(["C: shuffle", "A: shuffle", "D: cut 12", "A: deal 2-3", "A: turn"])
>>> p.outcome.kind, [len(p.outcome.deal.hand(s)) for s in range(4)]
('deal-stands', [5, 5, 5, 5])
>>> q = DealingProcedure.start(dealer="A", seed=1).replay(["C: shuffle", "D: cut 2"])
>>> q.rulings[-1].laws, q.outcome.kind
((29, 24), 'fresh-cut')
>>> DealingProcedure.from_record(p.to_record()) == p
True
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from ..kernel import decode
from ..kernel.cards import Card, CardError, mask_of, pack
from ..kernel.deal import SEAT_NAMES, Deal, DealSetup
from ..kernel.enums import TextEnum
from ..kernel.errors import IllegalAction, InputError
from ..kernel.play import speaking_order
from ..kernel.rules import SOMERSET_1888, RulesError, RuleSet, rules_by_name
from .events import Event
from .rulings import Option, Ruling

__all__ = ["DEALING_VERBS", "OUTCOMES", "DealingPhase", "DealingProcedure", "Outcome", "parse_dealing_event"]


class DealingPhase(TextEnum):
    """The stages of the dealing procedure (its state machine); the JSON form keeps the names.

    >>> DealingPhase("cut") is DealingPhase.CUT, str(DealingPhase.TURNED)
    (True, 'turned')
    """

    SHUFFLE = "shuffle"  # the pack is being shuffled (Laws 22-27)
    CUT = "cut"  # cut by the player on the dealer's right (Laws 29, 30)
    DEAL = "deal"  # packets being given (Law 42)
    DEALT = "dealt"  # every packet given; the trump card not yet turned
    TURNED = "turned"  # the trump card turned; claims may still be made
    OVER = "over"  # an outcome reached


# verb -> (who acts: "seat" | "side" | "table", a short description)
DEALING_VERBS: dict[str, tuple[str, str]] = {
    "shuffle": ("seat", "shuffle the pack, once (Laws 24, 25, 27); 'shuffle SEED' fixes the shuffle"),
    "decline": ("seat", "the dealer's partner waives his first right to shuffle (Law 25)"),
    "newcards": ("seat", "call for two new packs, before the cut, paying for them (Law 72)"),
    "marked": ("seat", "a card found torn or marked: 'marked CARD' (Law 73)"),
    "cut": ("seat", "the player on the dealer's right cuts, lifting N cards: 'cut N' (Laws 29, 30)"),
    "give": ("seat", "deal a packet of N cards to the next player in turn, or to SEAT: 'give N [SEAT]' (Law 42)"),
    "deal": ("seat", "deal all the packets at once: 'deal 2-3' or 'deal 3-2' (Law 42)"),
    "turn": ("seat", "turn the trump card"),
    "expose": (
        "seat",
        "a card exposed or seen: shuffling (Laws 22, 27), cutting (29), dealing (35, 37), "
        "turning the trump (39): 'expose [CARD]'",
    ),
    "touch": ("seat", "touch the cards during the deal (Laws 35, 36, 43)"),
    "question": ("seat", "interrupt the dealer: 'question deal' or 'question score upheld|failed' (Laws 40, 44)"),
    "confusion": ("table", "confusion of the cards in cutting (Law 29)"),
    "doubt": ("table", "doubt as to the exact place where the pack was divided (Law 29)"),
    "faced": ("table", "a card found faced in the pack: 'faced [CARD]' (Law 34)"),
    "imperfect": ("table", "the pack found incorrect or imperfect: 'imperfect [what]' (Law 33)"),
    "wrongpack": ("table", "the deal is found to be made with the adversaries' cards (Law 38)"),
    "lead": ("table", "the first lead is made: Law 34 no longer applies"),
    "choose": ("side", "elect one of the options a ruling offers (Law 85: the decision is final)"),
}

OUTCOMES = ("deal-stands", "new-deal", "deal-lost", "deal-stopped", "fresh-cut")

# the irregularities whose rulings offer options (the key of _enforce)
_SEEN = "card seen in the dealer's shuffle"
_EXPOSED = "card exposed in dealing"
_WRONG_PACK = "deal with the adversaries' cards"
_MISDEAL_44 = "misdeal after a claim that failed"
_NEW_PACKS = "new cards called"
_MARKED = "card torn or marked"

_SIDES = ("AC", "BD")


def parse_dealing_event(text: str | Event) -> Event:
    """Read one event of the dealing in the :class:`~euchre_core.laws.events.Event` notation.

    >>> parse_dealing_event("D: cut 12")
    Event('D: cut 12')
    >>> parse_dealing_event("BD: choose new-deal").args
    ('new-deal',)
    >>> parse_dealing_event("E: shuffle")
    Traceback (most recent call last):
    ...
    euchre_core.kernel.errors.InputError: seat: 'shuffle' is done by a seat (A, B, C, D), not 'E'
    """
    if not isinstance(text, (str, Event)):
        raise InputError(f"not an event: {decode.excerpt(text)}", "event")  # a number of any size, a list ...
    return Event.parse(text, SEAT_NAMES, verbs=DEALING_VERBS)


def _shown(event: object) -> str:
    """An event as an error message quotes it (a value that is no event, by a short excerpt)."""
    return str(event) if isinstance(event, (str, Event)) else decode.excerpt(event)


@dataclass(frozen=True)
class Outcome:
    """How the dealing ended. ``dealer`` is the seat that deals next: for ``deal-stands`` the
    seat that dealt this deal; ``hands`` and ``turn_up`` are what each seat received (also
    for a misdeal, whatever the number of cards)."""

    kind: str  # one of OUTCOMES
    dealer: int
    laws: tuple[int, ...]
    text: str
    deal: Deal | None = None  # deal-stands only
    hands: tuple[tuple[Card, ...], ...] = ()
    turn_up: Card | None = None
    notes: tuple[str, ...] = ()

    @property
    def final(self) -> bool:
        """False for ``fresh-cut`` (the procedure goes on), True otherwise."""
        return self.kind != "fresh-cut"

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "dealer": SEAT_NAMES[self.dealer],
            "laws": list(self.laws),
            "text": self.text,
            "hands": {SEAT_NAMES[s]: [str(c) for c in h] for s, h in enumerate(self.hands)},
            "turn_up": str(self.turn_up) if self.turn_up is not None else None,
            "notes": list(self.notes),
        }


def _with_blocking(r: Ruling, blocking: bool) -> Ruling:
    """Mark whether the procedure waits for the election (Law 35's claim does not, while the
    dealing goes on: Law 37), where the Ruling type records it."""
    return replace(r, blocking=blocking) if "blocking" in getattr(Ruling, "__dataclass_fields__", {}) else r


def _seat_index(value: int | str, field_name: str) -> int:
    if isinstance(value, str):
        if len(value) == 1 and value.upper() in SEAT_NAMES:
            return SEAT_NAMES.index(value.upper())
        raise InputError(f"no seat {decode.excerpt(value)} (A, B, C or D)", field_name)
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 4:
        return value
    raise InputError(f"no seat {decode.excerpt(value)} (0-3 or A-D)", field_name)


def _int(text: str, field_name: str, lo: int = -decode.MAX_SEED, hi: int = decode.MAX_SEED) -> int:
    """A number written in an event; its digits counted before conversion (no length escapes as ValueError)."""
    return decode.integer_text(text, field_name, lo, hi)


@dataclass(frozen=True)
class DealingProcedure:
    """The shuffle, the cut and the deal for one deal. Immutable: :meth:`act` returns the next state.

    Seats 0–3 are A–D clockwise; the eldest hand is on the dealer's left, the cutter on his
    right. ``dealer`` is the seat whose turn it is to deal (Law 28); ``dealing`` the seat that
    actually deals (another one: Laws 40, 45).
    """

    dealer: int
    rules: RuleSet = SOMERSET_1888
    seed: int = 0
    collected: tuple[Card, ...] = ()  # the pack as the dealer's partner collected it (Law 25)
    log: tuple[Event, ...] = ()
    rulings: tuple[Ruling, ...] = ()
    awaiting: tuple[int, ...] = ()  # rulings awaiting an election
    claims: tuple[tuple[int, int], ...] = ()  # Law 35 claims: (ruling index, event index of the exposure)
    phase: DealingPhase = DealingPhase.SHUFFLE
    order: tuple[Card, ...] = ()  # the pack now, top first (after the cut: as cut)
    uncut: tuple[Card, ...] = ()  # the pack as the cutter divided it
    cut: int | None = None
    cutter: int | None = None
    shuffled: tuple[int, ...] = ()  # seats that have shuffled since the last reset (Law 24)
    declined: bool = False  # Law 25: the dealer's partner waived his first right
    dealer_shuffled: bool = False  # Law 27: the dealer has shuffled, last
    must_reshuffle: bool = False  # Law 27: the adversaries compelled a re-shuffle
    dealing: int | None = None
    packets: tuple[tuple[int, int], ...] = ()  # (seat, number of cards) in the order given
    received: tuple[tuple[Card, ...], ...] = ((), (), (), ())
    dealt: int = 0  # cards given from the top of `order`
    turn_up: Card | None = None
    touches: tuple[int, ...] = ()  # seats that touched the cards during the deal, in order
    interrupted: bool = False  # Law 44: the adversaries' claim failed while he dealt
    exposed: tuple[tuple[int, Card, int], ...] = ()  # (seat, card, event index): they cannot be called (Law 35)
    wrong_pack: bool = False  # Law 38: dealt with the adversaries' cards; they reclaim them
    led: bool = False  # Law 34: a lead has been made
    new_packs: int = 0  # Law 72: new packs brought in
    agreed: tuple[tuple[int, int], ...] = ()  # Law 73: (ruling index, side) that agreed to replace the card
    fresh_cut: bool = False
    result: Outcome | None = None

    # ------------------------------------------------------------------ construction
    @classmethod
    def start(
        cls,
        dealer: int | str = 0,
        seed: int = 0,
        rules: RuleSet = SOMERSET_1888,
        order: list[Card] | list[str] | list[Card | str] | tuple[Card | str, ...] | None = None,
    ) -> DealingProcedure:
        """The cards collected for the deal of ``dealer`` (Law 25): in ``order`` (top first), or
        as the seed collects them. Four-handed rules only.

        >>> p = DealingProcedure.start("B", seed=3)
        >>> p.phase, p.dealer, len(p.order)
        (DealingPhase.SHUFFLE, 1, 32)
        """
        if not isinstance(rules, RuleSet) or rules.players != 4:
            raise InputError("the dealing procedure is for four players", "rules")
        seed = decode.seed(seed)  # 0 to 2**63 - 1, as every seed (docs/engine.md)
        seat = _seat_index(dealer, "dealer")
        full = pack(rules.pack_size)
        if order is None:
            cards = list(full)
            random.Random(seed).shuffle(cards)
        else:
            if not isinstance(order, (list, tuple)):
                raise InputError(f"a list of cards, top first, not {order!r}", "order")
            try:
                cards = [Card.parse(c) for c in order]
            except CardError as e:
                raise InputError(str(e), "order") from None
            if sorted(cards) != sorted(full):
                raise InputError(f"not the {rules.pack_size}-card pack: each card once (Law 33)", "order")
        return cls(dealer=seat, rules=rules, seed=seed, collected=tuple(cards), order=tuple(cards))

    # ------------------------------------------------------------------ queries
    @property
    def acting(self) -> int:
        """The seat dealing: ``dealing`` once a packet is given, else the rightful dealer."""
        return self.dealer if self.dealing is None else self.dealing

    @property
    def pending(self) -> int | None:
        """The first ruling awaiting an election (as the Director's ``pending``)."""
        return self.awaiting[0] if self.awaiting else None

    @property
    def stock(self) -> tuple[Card, ...]:
        """The cards not dealt (the turn-up excluded once it is turned)."""
        return self.order[self.dealt + (1 if self.turn_up is not None else 0) :]

    def cards(self) -> list[Card]:
        """Every card of the pack: the hands, the turn-up and the stock (the cards are conserved)."""
        out = [c for h in self.received for c in h]
        if self.turn_up is not None:
            out.append(self.turn_up)
        return out + list(self.stock)

    @property
    def outcome(self) -> Outcome | None:
        """The outcome, once there is one; ``None`` while the dealing goes on (or awaits an election)."""
        if self.result is not None:
            return self.result
        if self.fresh_cut:
            return Outcome(
                "fresh-cut",
                self.dealer,
                (29, 24),
                "there must be a fresh cut (Law 29); each player may shuffle once again (Law 24)",
            )
        if self.phase is DealingPhase.TURNED and not self.awaiting:
            return self._stands()
        return None

    @property
    def is_over(self) -> bool:
        o = self.outcome
        return o is not None and o.final

    def open_claims(self) -> list[Ruling]:
        """The rulings awaiting an election."""
        return [self.rulings[i] for i in self.awaiting]

    def to_json(self) -> dict[str, Any]:
        """The state for a UI: the phase, who deals, the rulings, what each seat holds, the outcome.

        >>> j = DealingProcedure.start("A", seed=1).replay(["C: decline", "D: cut 2"]).to_json()
        >>> j["phase"], j["rulings"][0]["laws"], j["outcome"]["kind"]
        ('shuffle', [29, 24], 'fresh-cut')
        """
        o = self.outcome
        return {
            "phase": self.phase.value,
            "dealer": SEAT_NAMES[self.dealer],
            "dealing": SEAT_NAMES[self.acting],
            "cut": self.cut,
            "packets": [[SEAT_NAMES[s], n] for s, n in self.packets],
            "hands": {SEAT_NAMES[s]: [str(c) for c in h] for s, h in enumerate(self.received)},
            "turn_up": str(self.turn_up) if self.turn_up is not None else None,
            "rulings": [r.to_json() for r in self.rulings],
            "awaiting": list(self.awaiting),
            "outcome": o.to_json() if o is not None else None,
        }

    # ------------------------------------------------------------------ the fold
    def act(self, event: Event | str) -> DealingProcedure:
        """Apply one physical event (see :data:`DEALING_VERBS`).

        >>> p = DealingProcedure.start("A", seed=2).act("C: shuffle 7")
        >>> p.act("C: shuffle")
        Traceback (most recent call last):
        ...
        euchre_core.kernel.errors.IllegalAction: C has shuffled: each player shuffles once only (law 24)
        """
        ev = parse_dealing_event(event)
        if self.phase is DealingPhase.OVER:
            assert self.result is not None
            raise IllegalAction(f"the dealing is over ({self.result.kind}): {self.result.text}", self.result.laws)
        if ev.verb != "choose":
            for i in self.awaiting:
                if self._blocking(i):
                    r = self.rulings[i]
                    who = _SIDES[r.chooser] if r.chooser is not None else "the table"
                    raise IllegalAction(
                        f"{who} must first elect on the {r.irregularity} ({', '.join(o.id for o in r.options)})", r.laws
                    )
        st = replace(self, log=self.log + (ev,), fresh_cut=False)
        handler: Callable[[Event], DealingProcedure] = getattr(st, "_ev_" + ev.verb)
        return handler(ev)

    def replay(self, events: list[str] | tuple[str, ...]) -> DealingProcedure:
        """Fold a list of events from this state; an error names the event at fault.

        >>> DealingProcedure.start("A").replay(None)
        Traceback (most recent call last):
        ...
        euchre_core.kernel.errors.InputError: events: a list of events, not None
        """
        if not isinstance(events, (list, tuple)):
            raise InputError(f"a list of events, not {decode.excerpt(events)}", "events")
        st = self
        for i, e in enumerate(events):
            try:
                st = st.act(e)
            except IllegalAction as err:
                raise IllegalAction(f"event {i + 1} ({_shown(e)}): {err.reason}", err.laws) from None
            except InputError as err:
                msg = str(err)
                if err.field and msg.startswith(err.field + ": "):
                    msg = msg[len(err.field) + 2 :]
                raise InputError(f"event {i + 1} ({_shown(e)}): {msg}", err.field) from None
        return st

    def to_record(self) -> dict[str, Any]:
        """The start and the log: enough to replay the procedure anywhere."""
        return {
            "rules": self.rules.name,
            "dealer": SEAT_NAMES[self.dealer],
            "seed": self.seed,
            "order": [str(c) for c in self.collected],
            "log": [str(e) for e in self.log],
        }

    @classmethod
    def from_record(cls, record: dict[str, Any]) -> DealingProcedure:
        """Replay a record written by :meth:`to_record`."""
        if not isinstance(record, dict):
            raise InputError("a record is a mapping", "record")
        try:
            rules = rules_by_name(record.get("rules", SOMERSET_1888.name))
        except RulesError as e:
            raise InputError(str(e), "rules") from None
        start = cls.start(record.get("dealer", 0), record.get("seed", 0), rules, record.get("order"))
        log = record.get("log", [])
        if not isinstance(log, list):
            raise InputError("the log is a list of events", "log")
        return start.replay(log)

    def successor(self, seed: int | None = None) -> DealingProcedure:
        """The next procedure once the outcome is final: the same dealer (new deal, deal stopped:
        the rightful dealer), the next one (deal lost), or, after a deal that stood, the player on
        the left of the one who dealt (Law 28). The cards are collected as they lie."""
        o = self.outcome
        if o is None or not o.final:
            raise IllegalAction("the dealing is not over")
        nxt = (o.dealer + 1) % 4 if o.kind == "deal-stands" else o.dealer
        cards = self.cards()
        return DealingProcedure.start(
            nxt, (self.seed + 1) % (decode.MAX_SEED + 1) if seed is None else seed, self.rules, cards
        )

    # ------------------------------------------------------------------ helpers
    def _seat(self, ev: Event) -> int:
        return SEAT_NAMES.index(ev.who)

    def _card(self, text: str, field_name: str = "card") -> Card:
        try:
            card = Card.parse(text)
        except CardError as e:
            raise InputError(str(e), field_name) from None
        if card not in self.order:
            raise InputError(f"{card} is not in the {self.rules.pack_size}-card pack", field_name)
        return card

    @staticmethod
    def _side_of(seat: int) -> int:
        return seat % 2

    def _blocking(self, i: int) -> bool:
        # a claim of Law 35 stays open while the dealing goes on (Law 37); any other election comes first
        is_claim = any(ri == i for ri, _ in self.claims)
        return not (is_claim and self.phase in (DealingPhase.DEAL, DealingPhase.DEALT))

    def _rule(self, ruling: Ruling, **changes: Any) -> DealingProcedure:
        r = replace(ruling, event=len(self.log) - 1)
        rulings = self.rulings + (r,)
        awaiting = self.awaiting + ((len(rulings) - 1,) if r.needs_choice else ())
        return replace(self, rulings=rulings, awaiting=awaiting, **changes)

    def _conclude(
        self, kind: str, dealer: int, laws: tuple[int, ...], text: str, notes: tuple[str, ...] = ()
    ) -> DealingProcedure:
        out = Outcome(kind, dealer, laws, text, None, self.received, self.turn_up, notes)
        return replace(self, phase=DealingPhase.OVER, result=out, awaiting=(), claims=())

    def _stands(self) -> Outcome:
        dl = self.acting
        first = self.packets[0][1]
        setup = DealSetup(self.uncut, self.cut or 0, (first, 5 - first))
        deal = Deal.from_setup(setup, dl, self.rules)
        assert deal.hands == tuple(mask_of(h) for h in self.received) and deal.turn_up == self.turn_up
        notes: list[str] = []
        laws: list[int] = []
        if self.dealing != self.dealer:
            laws.append(40)
            notes.append(
                f"a deal out of turn by {SEAT_NAMES[dl]}: not stopped before the trump card was turned, "
                "it stands (Law 40)"
            )
        if self.exposed:
            laws.append(35)
            notes.append(
                "no new deal took place: the exposed cards cannot be called (Law 35): "
                + ", ".join(f"{SEAT_NAMES[s]} {c}" for s, c, _ in self.exposed)
            )
        if self.wrong_pack:
            laws.append(38)
            notes.append(
                "dealt with the adversaries' cards: the deal is good; they may reclaim their cards at "
                "the end of the deal (Law 38)"
            )
        return Outcome(
            "deal-stands",
            dl,
            tuple(laws),
            f"{SEAT_NAMES[dl]} dealt; the {self.turn_up} is turned",
            deal,
            self.received,
            self.turn_up,
            tuple(notes),
        )

    def _fresh(self, ruling: Ruling) -> DealingProcedure:
        """Law 29: a fresh cut; Law 24: after a false cut each player may shuffle once again."""
        order = self.uncut if self.uncut else self.order
        return self._rule(
            ruling,
            phase=DealingPhase.SHUFFLE,
            order=order,
            uncut=(),
            cut=None,
            cutter=None,
            shuffled=(),
            declined=False,
            dealer_shuffled=False,
            must_reshuffle=False,
            fresh_cut=True,
        )

    def _lose_deal(self, irregularity: str, laws: tuple[int, ...], text: str, offender: int) -> DealingProcedure:
        """The deal passes to the next player (Laws 31, 41), or, when a player took his partner's
        deal, to the adversary next in rotation to the player who ought to have dealt (Law 45)."""
        dl, rightful = self.acting, self.dealer
        nxt = (rightful + 1) % 4
        if dl != rightful:
            laws = laws + (() if 45 in laws else (45,))
            text += (
                f" {SEAT_NAMES[dl]} took his partner's deal: {SEAT_NAMES[rightful]} is liable to the usual "
                f"penalty and {SEAT_NAMES[nxt]}, the adversary next in rotation, deals (Law 45)."
            )
        st = self._rule(
            Ruling(irregularity, laws, text, offender=offender, effects=(f"the deal is lost: {SEAT_NAMES[nxt]} deals",))
        )
        return st._conclude("deal-lost", nxt, laws, text)

    def _stop_out_of_turn(
        self, irregularity: str, laws: tuple[int, ...], text: str, offender: int | None
    ) -> DealingProcedure:
        """Law 40: a deal out of turn stopped before the trump card is turned: the rightful dealer deals."""
        text += f" The deal out of turn is stopped before the trump card is turned: {SEAT_NAMES[self.dealer]} deals."
        st = self._rule(
            Ruling(irregularity, laws, text, offender=offender, effects=(f"{SEAT_NAMES[self.dealer]} deals",))
        )
        return st._conclude("deal-stopped", self.dealer, laws, text)

    def _new_deal(
        self,
        irregularity: str,
        laws: tuple[int, ...],
        text: str,
        offender: int | None = None,
        effects: tuple[str, ...] = (),
    ) -> DealingProcedure:
        st = self._rule(
            Ruling(
                irregularity,
                laws,
                text,
                offender=offender,
                effects=effects or (f"a new deal by {SEAT_NAMES[self.dealer]}",),
            )
        )
        return st._conclude("new-deal", self.dealer, laws, text)

    def _privilege_lost(self, side: int) -> bool:
        """Law 35: the adversaries lose their claim if either of them touched the cards, the dealer
        if his partner did; Law 36: not when the other side had touched its cards first."""
        dl = self.acting
        members = {(dl + 1) % 4, (dl + 3) % 4} if side != self._side_of(dl) else {(dl + 2) % 4}
        for s in self.touches:
            if self._side_of(s) != side:
                return False  # Law 36: the other side touched first
            if s in members:
                return True
        return False

    def _first_toucher(self) -> int | None:
        """Law 43: who first touched the cards, of the dealer's partner and the adversaries."""
        dl = self.acting
        return next((s for s in self.touches if s != dl), None)

    # ------------------------------------------------------------------ shuffling (Laws 22-27, 31)
    def _ev_shuffle(self, ev: Event) -> DealingProcedure:
        seat = self._seat(ev)
        seed = (
            _int(ev.args[0], "seed", 0, decode.MAX_SEED)
            if ev.args
            else (self.seed * 100_003 + len(self.log)) % (decode.MAX_SEED + 1)  # a seed, as the log replays it
        )
        name = SEAT_NAMES[seat]
        if self.phase is DealingPhase.TURNED:
            raise IllegalAction("the pack must not be shuffled during the play of a hand", (23,))
        if self.phase in (DealingPhase.CUT, DealingPhase.DEAL, DealingPhase.DEALT):
            if seat == self.acting and seat not in (self.dealer, (self.dealer + 2) % 4):
                return self._stop_out_of_turn(
                    "re-shuffle in a deal out of turn",
                    (40, 31),
                    f"{name}, dealing out of turn, re-shuffled after the cut.",
                    seat,
                )
            if seat == self.acting:
                # Law 31: when the pack is cut, should the dealer re-shuffle he loses the deal.
                return self._lose_deal(
                    "re-shuffle after the cut",
                    (31,),
                    f"{name} re-shuffled after the pack was cut: he loses the deal.",
                    seat,
                )
            if seat == self.cutter:
                raise IllegalAction(f"{name} has separated the pack: he can neither re-shuffle nor re-cut", (30,))
            raise IllegalAction("the pack is cut: the shuffling is over", (24,))
        dl = self.dealer
        partner = (dl + 2) % 4
        if self.must_reshuffle:
            if seat != dl:
                raise IllegalAction(f"{SEAT_NAMES[dl]} must re-shuffle first", (27,))
        elif seat in self.shuffled:
            raise IllegalAction(f"{name} has shuffled: each player shuffles once only", (24,))
        elif self.dealer_shuffled:
            raise IllegalAction(f"{SEAT_NAMES[dl]}, the dealer, has shuffled: he shuffles last", (27,))
        elif seat != partner and partner not in self.shuffled and not self.declined:
            raise IllegalAction(
                f"{SEAT_NAMES[partner]}, the dealer's partner, has the first right to shuffle "
                f"('{SEAT_NAMES[partner]}: decline' waives it)",
                (25,),
            )
        cards = list(self.order)
        random.Random(seed).shuffle(cards)
        logged = Event(ev.who, "shuffle", (str(seed),))
        return replace(
            self,
            order=tuple(cards),
            log=self.log[:-1] + (logged,),
            shuffled=self.shuffled + ((seat,) if seat not in self.shuffled else ()),
            dealer_shuffled=self.dealer_shuffled or seat == dl,
            must_reshuffle=False,
        )

    def _ev_decline(self, ev: Event) -> DealingProcedure:
        seat = self._seat(ev)
        partner = (self.dealer + 2) % 4
        if self.phase is not DealingPhase.SHUFFLE or seat != partner or partner in self.shuffled or self.declined:
            raise IllegalAction(
                f"only {SEAT_NAMES[partner]}, the dealer's partner, can waive his first right "
                "to shuffle, before he shuffles",
                (25,),
            )
        return replace(self, declined=True)

    # ------------------------------------------------------------------ new cards (Laws 72, 73)
    def _ev_newcards(self, ev: Event) -> DealingProcedure:
        seat = self._seat(ev)
        if self.phase is not DealingPhase.SHUFFLE:
            raise IllegalAction("fresh cards may be called for before, but not after, the pack is cut", (72,))
        return self._rule(
            self._new_packs_ruling(f"{ev.who} called for fresh cards", f"{ev.who} pays for them", (72,), seat)
        )

    def _new_packs_ruling(self, why: str, payer: str, laws: tuple[int, ...], offender: int | None) -> Ruling:
        side = self._side_of(self.dealer)
        d = SEAT_NAMES[self.dealer]
        # Law 72: he must call for two new packs, of which the dealer has the choice.
        return Ruling(
            _NEW_PACKS,
            laws,
            f"{why}: two new packs are brought; {d}, the dealer, has the choice.",
            offender=offender,
            chooser=side,
            options=(
                Option("pack-1", f"{d} deals with the first new pack", (72,)),
                Option("pack-2", f"{d} deals with the second new pack", (72,)),
            ),
            effects=(payer,),
        )

    def _ev_marked(self, ev: Event) -> DealingProcedure:
        if not ev.args:
            raise InputError("which card? 'marked CARD'", "card")
        card = self._card(ev.args[0])
        # Law 73: replaced by agreement, or new cards called for at the expense of the table.
        # Reading: the agreement is of both sides (each elects "replace"); either side alone may call for
        # new cards, whichever side elected first.
        return self._rule(
            Ruling(
                _MARKED,
                (73,),
                f"{ev.who} found the {card.long_name()} torn or marked: it must be "
                "replaced by agreement of both sides, or new cards called for by either side at the "
                "expense of the table.",
                offender=None,
                chooser=None,
                options=(
                    Option("replace", "Replace the card: both sides must agree", (73,)),
                    Option(
                        "new-cards", "New cards at the expense of the table (either side may call for them)", (72, 73)
                    ),
                ),
            )
        )

    # ------------------------------------------------------------------ the cut (Laws 29, 30)
    def _ev_cut(self, ev: Event) -> DealingProcedure:
        seat = self._seat(ev)
        size = len(self.order)
        if not ev.args:
            raise InputError("how many cards? 'cut N'", "cut")
        n = _int(ev.args[0], "cut")
        if not 1 <= n < size:
            raise InputError(f"cannot lift {n} cards of a pack of {size}", "cut")
        if self.phase is DealingPhase.CUT and seat == self.cutter:
            raise IllegalAction(f"{ev.who} has separated the pack: he cannot re-cut", (30,))
        if self.phase is not DealingPhase.SHUFFLE:
            raise IllegalAction("the pack is cut", (30,))
        right = (self.dealer + 3) % 4
        if seat != right:
            raise IllegalAction(f"{SEAT_NAMES[right]}, on the dealer's right, cuts the pack", (29,))
        if self.must_reshuffle:
            raise IllegalAction(f"{SEAT_NAMES[self.dealer]} must first re-shuffle", (27,))
        if n < 4 or size - n < 4:
            # Law 29: not fewer than four cards in either packet.
            return self._fresh(
                Ruling(
                    "false cut",
                    (29, 24),
                    f"{ev.who} cut {n} from {size}, leaving fewer than four cards in a packet: "
                    "there must be a fresh cut.",
                    offender=seat,
                    effects=("a fresh cut", "each player may shuffle once again (Law 24)"),
                )
            )
        cut_pack = self.order[n:] + self.order[:n]
        return replace(self, phase=DealingPhase.CUT, uncut=self.order, order=cut_pack, cut=n, cutter=seat)

    def _ev_confusion(self, ev: Event) -> DealingProcedure:
        return self._law_29_event("confusion of the cards in cutting")

    def _ev_doubt(self, ev: Event) -> DealingProcedure:
        return self._law_29_event("doubt as to where the pack was divided")

    def _law_29_event(self, what: str) -> DealingProcedure:
        if self.phase is not DealingPhase.CUT:
            raise IllegalAction("Law 29 concerns the cut, after the pack is divided and before the deal", (29,))
        return self._fresh(
            Ruling(
                what,
                (29, 24),
                f"{what[0].upper() + what[1:]}: there must be a fresh cut.",
                effects=("a fresh cut", "each player may shuffle once again (Law 24)"),
            )
        )

    # ------------------------------------------------------------------ the deal (Laws 40-45)
    def _ev_give(self, ev: Event) -> DealingProcedure:
        seat = self._seat(ev)
        if not ev.args:
            raise InputError("how many cards? 'give N [SEAT]'", "packet")
        n = _int(ev.args[0], "packet")
        remaining = len(self.order) - self.dealt
        if not 1 <= n <= remaining:
            raise InputError(f"cannot give {n} cards: {remaining} remain undealt", "packet")
        target = _seat_index(ev.args[1], "seat") if len(ev.args) > 1 else None
        if self.phase is DealingPhase.SHUFFLE:
            raise IllegalAction(
                f"the pack must first be cut by {SEAT_NAMES[(self.dealer + 3) % 4]}, on the dealer's right", (29,)
            )
        if self.phase is DealingPhase.TURNED:
            raise IllegalAction("the trump card is turned: the deal is complete")
        if self.dealing is not None and seat != self.dealing:
            raise IllegalAction(f"{SEAT_NAMES[self.dealing]} is dealing")
        return self._give(seat, n, target)

    def _ev_deal(self, ev: Event) -> DealingProcedure:
        seat = self._seat(ev)
        spec = ev.args[0] if ev.args else "2-3"
        packets = {"2-3": 2, "23": 2, "3-2": 3, "32": 3}.get(spec)
        if packets is None:
            raise InputError(f"deal 2-3 or 3-2, not {spec!r}", "packets")
        if self.phase is DealingPhase.SHUFFLE:
            raise IllegalAction(
                f"the pack must first be cut by {SEAT_NAMES[(self.dealer + 3) % 4]}, on the dealer's right", (29,)
            )
        if self.phase is not DealingPhase.CUT:
            raise IllegalAction("the deal has begun: give the remaining packets one by one ('give N')")
        st = self
        for k in range(8):
            st = st._give(seat, packets if k < 4 else 5 - packets, None)
            if st.phase is DealingPhase.OVER:
                break
        return st

    def _give(self, seat: int, n: int, target: int | None) -> DealingProcedure:
        st = self
        if st.dealing is None:
            st = replace(st, dealing=seat, phase=DealingPhase.DEAL)
            if seat != st.dealer:
                st = st._out_of_turn(seat)
        k = len(st.packets)
        expected = speaking_order(4, seat)[k % 4]  # Law 42: to each in turn from the left
        to = expected if target is None else target
        cards = st.order[st.dealt : st.dealt + n]
        received = list(st.received)
        received[to] = received[to] + cards
        st = replace(st, packets=st.packets + ((to, n),), received=tuple(received), dealt=st.dealt + n)
        fault = st._packet_fault(k, to, n)
        if fault:
            return st._misdeal(fault, seat)
        if k + 1 == 8:
            st = replace(st, phase=DealingPhase.DEALT)
        return st

    def _packet_fault(self, k: int, to: int, n: int) -> str | None:
        """Law 42: five cards to each player, two then three (or three then two) to each in turn."""
        if k >= 8:
            return f"a ninth packet: {SEAT_NAMES[to]} has more than five cards (Law 42 I)"
        expected = speaking_order(4, self.acting)[k % 4]
        if to != expected:
            return f"the packet went to {SEAT_NAMES[to]}, not to {SEAT_NAMES[expected]} in turn (Law 42 II)"
        if n not in (2, 3):
            return f"a packet of {n} cards to {SEAT_NAMES[to]}: two or three to each player (Law 42 II)"
        first = self.packets[0][1]
        if k < 4 and n != first:
            return f"{n} cards to {SEAT_NAMES[to]} in a first round of {first}s (Law 42 II)"
        if k >= 4 and n != 5 - first:
            return f"{n} cards to {SEAT_NAMES[to]} in the second round, after {first} in the first (Law 42 II)"
        return None

    def _out_of_turn(self, seat: int) -> DealingProcedure:
        rightful = self.dealer
        name, r = SEAT_NAMES[seat], SEAT_NAMES[rightful]
        if seat == (rightful + 2) % 4:
            return self._rule(
                Ruling(
                    "partner's deal taken",
                    (40, 45),
                    f"{name} is dealing his partner {r}'s deal: it can be stopped before the trump card is turned "
                    f"(Law 40); should he misdeal, {r} is liable to the usual penalty and {SEAT_NAMES[(rightful + 1) % 4]} "
                    "deals (Law 45).",
                    offender=seat,
                    effects=("the deal can be stopped before the trump card is turned",),
                )
            )
        return self._rule(
            Ruling(
                "deal out of turn",
                (40,),
                f"{name} is dealing out of turn ({r}'s deal): the deal can be stopped if the error is discovered before "
                "the trump card is turned; otherwise it stands.",
                offender=seat,
                effects=("the deal can be stopped before the trump card is turned",),
            )
        )

    def _misdeal(self, fault: str, seat: int) -> DealingProcedure:
        dl, rightful = self.acting, self.dealer
        text = f"Misdeal: {fault}."
        if dl not in (rightful, (rightful + 2) % 4):
            # a deal out of turn (not the partner's: Law 45) is stopped before the trump card is turned (Law 40)
            return self._stop_out_of_turn("misdeal in a deal out of turn", (40, 41, 42), text, seat)
        base: tuple[int, ...] = (41, 42) + ((45,) if dl != rightful else ())
        first = self._first_toucher()
        if first is not None and first != (dl + 2) % 4:
            # Law 43: an adversary touched the cards before the dealer's partner: the deal is not lost.
            text += (
                f" {SEAT_NAMES[first]}, an adversary, touched the cards before the dealer's partner: the "
                "misdeal does not lose the deal."
            )
            return self._new_deal(
                "misdeal", base + (43,), text, seat, (f"a new deal by {SEAT_NAMES[rightful]}: the deal is not lost",)
            )
        if self.interrupted:
            # Law 44: the adversaries interrupted him and failed to establish their claim: he may deal
            # again (whoever touched the cards: the interruption is theirs).
            d = SEAT_NAMES[rightful]
            return self._rule(
                Ruling(
                    _MISDEAL_44,
                    base + (44,),
                    text + " The adversaries interrupted the dealer and failed to establish their claim: he may deal "
                    "again.",
                    offender=seat,
                    chooser=self._side_of(dl),
                    options=(
                        Option("deal-again", f"{d} deals again", (44,)),
                        Option("pass-deal", f"the deal passes to {SEAT_NAMES[(rightful + 1) % 4]}", (41,)),
                    ),
                )
            )
        if first == (dl + 2) % 4:
            # Law 43: the dealer's partner touched the cards first: the deal is lost, even if the
            # adversaries touched them afterwards.
            text += f" {SEAT_NAMES[first]}, the dealer's partner, touched the cards first."
            base = base + (43,)
        return self._lose_deal("misdeal", base, text, seat)

    def _ev_turn(self, ev: Event) -> DealingProcedure:
        seat = self._seat(ev)
        if self.phase in (DealingPhase.SHUFFLE, DealingPhase.CUT):
            raise IllegalAction("nothing has been dealt")
        if self.phase is DealingPhase.TURNED:
            raise IllegalAction(f"the {self.turn_up} is turned")
        if seat != self.acting:
            raise IllegalAction(f"{SEAT_NAMES[self.acting]}, who deals, turns the trump card")
        st = replace(self, turn_up=self.order[self.dealt])
        if self.phase is DealingPhase.DEAL:
            short = [SEAT_NAMES[s] for s in range(4) if len(self.received[s]) != 5]
            return st._misdeal(
                f"the trump card was turned before five cards were dealt to each player "
                f"({', '.join(short)}) (Law 42 I)",
                seat,
            )
        st = replace(st, phase=DealingPhase.TURNED)
        # Laws 35, 37: the claims still open when the trump card is turned
        here = len(self.log) - 1
        for ri, at in self.claims:
            if ri not in st.awaiting:
                continue
            r = st.rulings[ri]
            gave = any(e.verb in ("give", "deal") for e in self.log[at + 1 : here])
            if r.chooser != self._side_of(self.acting) and not gave:
                # Law 37: one of the last cards exposed and the trump turned before the adversaries had
                # reasonable time to decide: they keep their privilege (and now they must elect).
                rulings = list(st.rulings)
                rulings[ri] = _with_blocking(r, True)
                st = replace(st, rulings=tuple(rulings))
                st = st._rule(
                    Ruling(
                        "trump turned before the adversaries could decide",
                        (37,),
                        f"{SEAT_NAMES[seat]} turned the trump card right after one of the last cards was exposed: "
                        f"{_SIDES[r.chooser or 0]} keep their privilege of claiming a new deal.",
                        effects=(f"{_SIDES[r.chooser or 0]} must now elect",),
                    )
                )
            else:
                st = st._lapse(ri, "the trump card was turned before the claim was made")
        if st.dealing != st.dealer:
            laws: tuple[int, ...] = (40, 45) if st.dealing == (st.dealer + 2) % 4 else (40,)
            st = st._rule(
                Ruling(
                    "deal out of turn stands",
                    laws,
                    "The deal out of turn was not stopped before the trump card was turned: it stands.",
                    offender=st.dealing,
                    effects=("the deal stands",),
                )
            )
        return st

    def _lapse(self, ri: int, why: str) -> DealingProcedure:
        r = self.rulings[ri]
        rulings = list(self.rulings)
        rulings[ri] = r.choose("deal-stands")
        st = replace(
            self,
            rulings=tuple(rulings),
            awaiting=tuple(i for i in self.awaiting if i != ri),
            claims=tuple(c for c in self.claims if c[0] != ri),
        )
        return st._rule(
            Ruling(
                "claim of a new deal lost",
                (35,),
                f"{_SIDES[r.chooser or 0]} can no longer claim a new deal: {why}; the exposed card cannot be called.",
                effects=("the deal stands",),
            )
        )

    # ------------------------------------------------------------------ exposed and faced cards
    def _ev_expose(self, ev: Event) -> DealingProcedure:
        seat = self._seat(ev)
        card = self._card(ev.args[0]) if ev.args else None
        name = ev.who
        if self.phase is DealingPhase.SHUFFLE:
            shown = f"the {card.long_name()}" if card is not None else "a card"
            if seat == self.dealer:
                # Law 27: a card seen during his shuffling or while giving the pack to be cut: he may be
                # compelled to re-shuffle.
                return self._rule(
                    Ruling(
                        _SEEN,
                        (27,),
                        f"{shown[0].upper() + shown[1:]} was seen while {name}, the dealer, shuffled or "
                        "gave the pack to be cut: he may be compelled to re-shuffle.",
                        offender=seat,
                        chooser=1 - self._side_of(seat),
                        options=(
                            Option("reshuffle", f"{name} must re-shuffle", (27,)),
                            Option("waive", "Let the pack be cut as it is", (27,)),
                        ),
                    )
                )
            # Law 22: no card may be seen in shuffling; the laws attach no penalty but the dealer's own
            # shuffle, last (Law 27).
            return self._rule(
                Ruling(
                    "card seen in shuffling",
                    (22,),
                    f"{shown[0].upper() + shown[1:]} was seen while {name} shuffled: the pack must "
                    "not be shuffled so that the face of any card can be seen. No penalty: the "
                    "dealer shuffles last (Law 27).",
                    offender=seat,
                    effects=("no penalty",),
                )
            )
        if self.phase is DealingPhase.CUT:
            # Law 29: a card exposed in cutting or in placing one packet on the other: a fresh cut.
            return self._fresh(
                Ruling(
                    "card exposed in cutting",
                    (29, 24),
                    f"A card was exposed ({name}) in cutting or in uniting the packets: there must be a fresh cut.",
                    offender=seat,
                    effects=("a fresh cut", "each player may shuffle once again (Law 24)"),
                )
            )
        dl = self.acting
        if self.phase is DealingPhase.TURNED:
            stock = self.stock
            if seat == dl and self.log[-2].verb == "turn" and stock and (card is None or card in stock):
                # Law 39: the dealer, in turning the trump card, exposes another card of the pack.
                turned = card if card is not None else stock[0]
                return self._new_deal(
                    "card exposed in turning the trump",
                    (39,),
                    f"{name}, in turning the trump card, exposed the {turned.long_name()}: there must be a new deal.",
                    seat,
                )
            raise IllegalAction("the trump card is turned: a card exposed now is a matter of the play", (46,))
        stock = self.order[self.dealt :]
        given = [c for h in self.received for c in h]
        if seat == dl:
            if card is None:
                card = self.order[self.dealt - 1] if self.dealt else stock[0]
            elif card not in stock and card not in given:
                raise InputError(f"the {card} is not in the dealer's hands", "card")
            if self.phase is DealingPhase.DEALT and card in stock:
                # Law 39: all the cards are dealt; in turning the trump card he exposes another.
                return self._new_deal(
                    "card exposed in turning the trump",
                    (39,),
                    f"{name}, in turning the trump card, exposed the {card.long_name()}: there must be a new deal.",
                    seat,
                )
        else:
            mine = self.received[seat]
            if card is None:
                if not mine:
                    raise InputError(f"{name} has received no card to expose", "card")
                card = mine[-1]
            elif card not in mine:
                raise InputError(f"{name} has not received the {card}", "card")
        return self._exposed_in_dealing(seat, card)

    def _exposed_in_dealing(self, seat: int, card: Card) -> DealingProcedure:
        """Law 35: exposed by the dealer or his partner, the adversaries can call for a new deal,
        provided neither of them has touched the cards; exposed by an adversary, the dealer has the
        claim, provided his partner has not touched the cards (Law 36: unless the other side touched
        first). If no new deal takes place, the exposed card cannot be called."""
        dl = self.acting
        dside = self._side_of(dl)
        claimant = 1 - dside if self._side_of(seat) == dside else dside
        exposed = self.exposed + ((seat, card, len(self.log) - 1),)
        who = "the dealer or his partner" if claimant != dside else "an adversary"
        text = f"{SEAT_NAMES[seat]} exposed the {card.long_name()} in dealing ({who}). "
        laws: tuple[int, ...] = (35, 36) if self.touches else (35,)
        if self._privilege_lost(claimant):
            touchers = ", ".join(SEAT_NAMES[s] for s in self.touches if self._side_of(s) == claimant and s != dl)
            text += (
                f"{_SIDES[claimant]} cannot claim a new deal: {touchers} touched the cards. The exposed card "
                "cannot be called."
            )
            return self._rule(
                Ruling(
                    _EXPOSED,
                    laws,
                    text,
                    offender=seat,
                    effects=("the deal goes on", "the exposed card cannot be called"),
                ),
                exposed=exposed,
            )
        text += (
            f"{_SIDES[claimant]} may call for a new deal, until the trump card is turned (Law 37). If no new "
            "deal takes place, the exposed card cannot be called."
        )
        st = self._rule(
            _with_blocking(
                Ruling(
                    _EXPOSED,
                    laws,
                    text,
                    offender=seat,
                    chooser=claimant,
                    options=(
                        Option("new-deal", "A new deal by the same dealer", (35,)),
                        Option("deal-stands", "The deal goes on; the exposed card cannot be called", (35,)),
                    ),
                ),
                False,
            ),
            exposed=exposed,
        )
        return replace(st, claims=st.claims + ((len(st.rulings) - 1, len(self.log) - 1),))

    def _ev_touch(self, ev: Event) -> DealingProcedure:
        seat = self._seat(ev)
        if self.phase is DealingPhase.TURNED:
            raise IllegalAction("the trump card is turned: the players take up their cards")
        if self.phase not in (DealingPhase.DEAL, DealingPhase.DEALT):
            raise IllegalAction("no cards are being dealt")
        dl = self.acting
        side = self._side_of(seat)
        dside = self._side_of(dl)
        name = ev.who
        other_first = any(self._side_of(s) != side for s in set(self.touches))  # each seat once (linear in a long run)
        effects: list[str] = []
        partner = (dl + 2) % 4
        if seat == dl:
            effects.append("the adversaries may now touch their cards without losing their privilege (Law 36)")
        elif other_first:
            effects.append(f"the other side touched the cards first: {_SIDES[side]} keep their privilege (Law 36)")
        elif side == dside:
            effects.append("the dealer can no longer claim a new deal for a card exposed by an adversary (Law 35)")
            effects.append("the adversaries may touch their cards without losing their privilege (Law 36)")
        else:
            effects.append(
                f"{_SIDES[side]} can no longer claim a new deal for a card exposed by the dealer or his "
                "partner (Law 35)"
            )
            effects.append(f"{SEAT_NAMES[partner]} may touch his cards without losing the dealer's privilege (Law 36)")
        if seat != dl and self._first_toucher() is None:
            effects.append(
                "should the dealer misdeal, he does not lose the deal (Law 43)"
                if side != dside
                else "should the dealer misdeal, he loses the deal, whatever the adversaries do (Law 43)"
            )
        st = self._rule(
            Ruling(
                "cards touched during the deal",
                (35, 36, 43),
                f"{name} touched the cards during the deal.",
                offender=seat,
                effects=tuple(effects),
            ),
            touches=self.touches + (seat,),
        )
        for ri, _ in self.claims:
            r = st.rulings[ri]
            if ri in st.awaiting and r.chooser == side and st._privilege_lost(side):
                st = st._lapse(ri, f"{name} touched the cards before the claim was made")
        return st

    def _ev_faced(self, ev: Event) -> DealingProcedure:
        card = self._card(ev.args[0]) if ev.args else None
        what = f"the {card.long_name()}" if card is not None else "a card"
        if self.led:
            return self._rule(
                Ruling(
                    "card found faced after a lead",
                    (34,),
                    f"{what[0].upper() + what[1:]} was found faced in the pack after a lead was "
                    "made: Law 34 applies only before a lead; the deal stands.",
                    effects=("the deal stands",),
                )
            )
        # Law 34: a card found faced in the pack before a lead is made: there must be a new deal.
        return self._new_deal(
            "card faced in the pack",
            (34,),
            f"{what[0].upper() + what[1:]} was found faced in the pack before a lead was made: "
            "there must be a new deal.",
        )

    def _ev_imperfect(self, ev: Event) -> DealingProcedure:
        what = " ".join(ev.args)
        # Law 33: a new deal by the same dealer; all points scored on previous hands stand.
        return self._new_deal(
            "imperfect pack",
            (33,),
            "The pack was found incorrect or imperfect"
            + (f" ({what})" if what else "")
            + ": there must be a new deal by the same dealer; the points scored on previous hands "
            "stand.",
            effects=(f"a new deal by {SEAT_NAMES[self.dealer]}", "the points scored on previous hands stand"),
        )

    def _ev_wrongpack(self, ev: Event) -> DealingProcedure:
        dl = self.acting
        adv = 1 - self._side_of(dl)
        if self.phase is DealingPhase.SHUFFLE:
            return self._rule(
                Ruling(
                    _WRONG_PACK,
                    (38,),
                    "The adversaries' pack is about to be dealt: the packs are exchanged before the cut.",
                    offender=dl,
                    effects=("the packs are exchanged",),
                )
            )
        if self.phase is DealingPhase.TURNED or self.led:
            # Law 38: a deal made with the adversaries' cards is good, provided the trump card has been turned.
            return self._rule(
                Ruling(
                    _WRONG_PACK,
                    (38,),
                    f"{SEAT_NAMES[dl]} dealt with the adversaries' cards and "
                    "the trump card is turned: the deal is good. The players losing their cards "
                    "may reclaim them at the end of the deal.",
                    offender=dl,
                    effects=("the deal is good", f"{_SIDES[adv]} reclaim their cards at the end"),
                ),
                wrong_pack=True,
            )
        return self._rule(
            Ruling(
                _WRONG_PACK,
                (38,),
                f"{SEAT_NAMES[dl]} is dealing with the adversaries' cards and the "
                "trump card is not turned: a new deal may be claimed.",
                offender=dl,
                chooser=adv,
                options=(
                    Option("new-deal", "A new deal", (38,)),
                    Option(
                        "deal-stands",
                        "The deal goes on with these cards; they are reclaimed at the end of the deal",
                        (38,),
                    ),
                ),
            )
        )

    def _ev_lead(self, ev: Event) -> DealingProcedure:
        if self.phase is not DealingPhase.TURNED:
            raise IllegalAction("the trump card is not turned")
        if self.led:
            raise IllegalAction("a lead has been made")
        return replace(self, led=True)

    # ------------------------------------------------------------------ claims (Laws 40, 44; Law 5)
    def _ev_question(self, ev: Event) -> DealingProcedure:
        seat = self._seat(ev)
        if not ev.args or ev.args[0].lower() not in ("deal", "score"):
            raise InputError("'question deal' or 'question score upheld|failed'", "question")
        what = ev.args[0].lower()
        dl = self.acting
        name = ev.who
        if what == "deal":
            if self.dealing is not None and self.dealing != self.dealer:
                if self.phase in (DealingPhase.DEAL, DealingPhase.DEALT):
                    # Law 40: a deal out of turn can be stopped before the trump card is turned.
                    return self._stop_out_of_turn(
                        "deal out of turn stopped",
                        (40,),
                        f"{name} asserted that it is not {SEAT_NAMES[dl]}'s deal: it is {SEAT_NAMES[self.dealer]}'s.",
                        self.dealing,
                    )
                return self._rule(
                    Ruling(
                        "deal out of turn discovered after the turn",
                        (40,),
                        f"{name} asserted that it is not {SEAT_NAMES[dl]}'s deal; the trump card is "
                        "turned: the deal stands.",
                        offender=self.dealing,
                        effects=("the deal stands",),
                    )
                )
            claim = f"{name} asserted that it is not {SEAT_NAMES[dl]}'s deal; it is (Law 28)"
        else:
            if len(ev.args) < 2 or ev.args[1].lower() not in ("upheld", "failed"):
                raise InputError("was the score claim upheld or did it fail? 'question score upheld|failed'", "result")
            if ev.args[1].lower() == "upheld" and self.phase is DealingPhase.TURNED:
                # Law 5: "before the trump card is turned in the next deal": this deal's is turned, too late
                return self._rule(
                    Ruling(
                        "score questioned too late",
                        (5,),
                        f"{name} established an error in the score, but the trump card of this deal is turned: "
                        "it can no longer be rectified (Law 5: only before the trump card is turned in the next "
                        "deal); the score stands.",
                        effects=("the score stands",),
                    )
                )
            if ev.args[1].lower() == "upheld":
                return self._rule(
                    Ruling(
                        "score questioned",
                        (5,),
                        f"{name} questioned the score and established the error: it is rectified "
                        "(Law 5: at any time before the trump card is turned in the next deal).",
                        effects=("the score is rectified",),
                    )
                )
            claim = f"{name} questioned the score and failed to establish the claim"
        adversary = self._side_of(seat) != self._side_of(dl)
        if adversary and self.phase in (DealingPhase.DEAL, DealingPhase.DEALT):
            # Law 44: the adversaries interrupt the dealer and fail to establish their claim: should a
            # misdeal occur, he may deal again.
            return self._rule(
                Ruling(
                    "dealer interrupted",
                    (44,),
                    claim + f": should a misdeal occur, {SEAT_NAMES[dl]} may deal again.",
                    offender=seat,
                    effects=(f"a misdeal would not cost {SEAT_NAMES[dl]} the deal",),
                ),
                interrupted=True,
            )
        return self._rule(
            Ruling(
                "claim failed",
                (44,),
                claim + ": no consequence (Law 44 concerns the adversaries interrupting a dealer while he deals).",
                offender=seat,
                effects=("no consequence",),
            )
        )

    # ------------------------------------------------------------------ elections (Law 85)
    def _ev_choose(self, ev: Event) -> DealingProcedure:
        side = _SIDES.index(ev.who)
        if not ev.args:
            raise InputError("which option? 'choose OPTION'", "option")
        opt = ev.args[0].lower()
        if not self.awaiting:
            raise IllegalAction("there is no election to make now")
        mine = [i for i in self.awaiting if self.rulings[i].chooser in (None, side)]
        if not mine:
            other = self.rulings[self.awaiting[0]].chooser
            raise IllegalAction(f"the election belongs to {_SIDES[other or 0]}")
        match = [i for i in mine if opt in [o.id for o in self.rulings[i].options]]
        if not match:
            ids = sorted({o.id for i in mine for o in self.rulings[i].options})
            raise InputError(f"no option {opt!r}; the options are {', '.join(ids)}", "option")
        i = match[-1]
        r = self.rulings[i]
        if r.irregularity == _MARKED and opt == "replace":
            # Law 73: "replaced by agreement": both sides must agree; either alone may call for new cards
            if (i, side) in self.agreed:
                raise IllegalAction(
                    f"{_SIDES[side]} agreed to replace the card: {_SIDES[1 - side]} must agree too, "
                    "or either side may call for new cards",
                    (73,),
                )
            if (i, 1 - side) not in self.agreed:
                return replace(self, agreed=self.agreed + ((i, side),))
        rulings = list(self.rulings)
        rulings[i] = r.choose(opt)  # Law 85: such decision is final
        st = replace(
            self,
            rulings=tuple(rulings),
            awaiting=tuple(j for j in self.awaiting if j != i),
            claims=tuple(c for c in self.claims if c[0] != i),
        )
        return st._enforce(r, opt)

    def _enforce(self, r: Ruling, opt: str) -> DealingProcedure:
        d = SEAT_NAMES[self.dealer]
        if r.irregularity == _SEEN:
            return replace(self, must_reshuffle=opt == "reshuffle")  # Law 27
        if r.irregularity in (_EXPOSED, _WRONG_PACK):
            if opt == "new-deal":  # Laws 35, 38
                laws = r.laws + ((37,) if self.phase is DealingPhase.TURNED and r.irregularity == _EXPOSED else ())
                return self._conclude(
                    "new-deal", self.dealer, laws, f"{_SIDES[r.chooser or 0]} called for a new deal: {d} deals again."
                )
            return replace(self, wrong_pack=self.wrong_pack or r.irregularity == _WRONG_PACK)
        if r.irregularity == _MISDEAL_44:
            if opt == "deal-again":  # Law 44
                return self._conclude("new-deal", self.dealer, r.laws, f"{d} deals again after the misdeal (Law 44).")
            nxt = (self.dealer + 1) % 4
            return self._conclude(
                "deal-lost", nxt, r.laws, f"the misdeal loses the deal: {SEAT_NAMES[nxt]} deals (Law 41)."
            )
        if r.irregularity == _NEW_PACKS:  # Law 72
            fresh = tuple(pack(self.rules.pack_size))
            return replace(
                self,
                order=fresh,
                shuffled=(),
                declined=False,
                dealer_shuffled=False,
                must_reshuffle=False,
                new_packs=self.new_packs + 1,
            )
        if r.irregularity == _MARKED and opt == "new-cards":  # Law 73
            if self.phase is DealingPhase.SHUFFLE:
                return self._rule(
                    self._new_packs_ruling("New cards are called for", "at the expense of the table", (72, 73), None)
                )
            return self._rule(
                Ruling(
                    "new cards after the cut",
                    (72, 73),
                    "The pack is cut: the new cards are used from the next deal (Law 72: not after the pack is cut).",
                    effects=("new cards from the next deal, at the expense of the table",),
                )
            )
        return self
