"""The dealing procedure's state: its typed values (:class:`DealingPhase`, :class:`Outcome`), its
verbs (:data:`DEALING_VERBS`), the fields (one frozen dataclass), the queries, the fold and its
record, and the helpers every chapter uses (:meth:`DealingState._rule`, :meth:`DealingState._conclude`,
the seats and the cards).

The chapters (:mod:`~euchre_core.laws.dealing.ends`, ``shuffle``, ``packets``, ``exposed``, ``pack``,
``elections``) derive from :class:`DealingState` and register their handlers in :data:`HANDLERS` with
``@verb("...")``; the :class:`~euchre_core.laws.dealing.DealingProcedure` is the state with every chapter.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from ...kernel import decode
from ...kernel.cards import Card, CardError, pack
from ...kernel.deal import SEAT_NAMES, Deal
from ...kernel.enums import TextEnum
from ...kernel.errors import IllegalAction, InputError
from ...kernel.rules import SOMERSET_1888, RulesError, RuleSet, rules_by_name
from ..events import Event
from ..procedure import Procedure, VerbTable
from ..rulings import Fact, Ruling, who_elects
from ..rulings import Irregularity as K

if TYPE_CHECKING:
    from typing_extensions import Self

__all__ = [
    "DEALING_VERBS",
    "EXPOSED",
    "HANDLERS",
    "MARKED",
    "MISDEAL_44",
    "NEW_PACKS",
    "OUTCOMES",
    "SEEN",
    "SIDES",
    "WRONG_PACK",
    "DealingPhase",
    "DealingState",
    "Outcome",
    "integer",
    "parse_dealing_event",
    "seat_index",
    "verb",
    "with_blocking",
]


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

# the English names of the irregularities whose rulings offer options (their kinds are the key of _enforce)
SEEN = "card seen in the dealer's shuffle"
EXPOSED = "card exposed in dealing"
WRONG_PACK = "deal with the adversaries' cards"
MISDEAL_44 = "misdeal after a claim that failed"
NEW_PACKS = "new cards called"
MARKED = "card torn or marked"

SIDES = ("AC", "BD")

# verb -> its handler: each chapter registers its own with @verb("...") (the verbs: DEALING_VERBS)
HANDLERS = VerbTable()
verb = HANDLERS.verb


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


def with_blocking(r: Ruling, blocking: bool) -> Ruling:
    """Mark whether the procedure waits for the election (Law 35's claim does not, while the
    dealing goes on: Law 37), where the Ruling type records it."""
    return replace(r, blocking=blocking) if "blocking" in getattr(Ruling, "__dataclass_fields__", {}) else r


def seat_index(value: int | str, field_name: str) -> int:
    if isinstance(value, str):
        if len(value) == 1 and value.upper() in SEAT_NAMES:
            return SEAT_NAMES.index(value.upper())
        raise InputError(f"no seat {decode.excerpt(value)} (A, B, C or D)", field_name)
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 4:
        return value
    raise InputError(f"no seat {decode.excerpt(value)} (0-3 or A-D)", field_name)


def integer(text: str, field_name: str, lo: int = -decode.MAX_SEED, hi: int = decode.MAX_SEED) -> int:
    """A number written in an event; its digits counted before conversion (no length escapes as ValueError)."""
    return decode.integer_text(text, field_name, lo, hi)


@dataclass(frozen=True)
class DealingState(Procedure):
    """The dealing procedure's state: the fields every chapter reads, the queries, the fold, and the
    helpers the chapters share. :class:`~euchre_core.laws.dealing.DealingProcedure` adds the chapters'
    handlers (and documents the seats).
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
    ) -> Self:
        """The cards collected for the deal of ``dealer`` (Law 25): in ``order`` (top first), or
        as the seed collects them. Four-handed rules only.

        >>> from euchre_core.laws.dealing import DealingProcedure
        >>> p = DealingProcedure.start("B", seed=3)
        >>> p.phase, p.dealer, len(p.order)
        (DealingPhase.SHUFFLE, 1, 32)
        """
        if not isinstance(rules, RuleSet) or rules.players != 4:
            raise InputError("the dealing procedure is for four players", "rules")
        seed = decode.seed(seed)  # 0 to 2**63 - 1, as every seed (docs/engine.md)
        seat = seat_index(dealer, "dealer")
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
        """The rulings awaiting an election (:meth:`~euchre_core.laws.procedure.Procedure.open_rulings`)."""
        return self.open_rulings()

    def to_json(self) -> dict[str, Any]:
        """The state for a UI: the phase, who deals, the rulings, what each seat holds, the outcome.

        >>> from euchre_core.laws.dealing import DealingProcedure
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
    handlers = HANDLERS

    def _parse(self, event: Event | str) -> Event:
        return parse_dealing_event(event)

    def _admit(self, ev: Event) -> Self:
        """Refuse an event after the outcome, or before a pending election; else log it (see
        :data:`DEALING_VERBS`).

        >>> from euchre_core.laws.dealing import DealingProcedure
        >>> p = DealingProcedure.start("A", seed=2).act("C: shuffle 7")
        >>> p.act("C: shuffle")
        Traceback (most recent call last):
        ...
        euchre_core.kernel.errors.IllegalAction: C has shuffled: each player shuffles once only (law 24)
        """
        if self.phase is DealingPhase.OVER:
            assert self.result is not None
            raise IllegalAction(f"the dealing is over ({self.result.kind}): {self.result.text}", self.result.laws)
        if ev.verb != "choose":
            for i in self.awaiting:
                if self._blocking(i):
                    r = self.rulings[i]
                    who = SIDES[r.chooser] if r.chooser is not None else "the table"
                    raise IllegalAction(
                        f"{who} must first elect on the {r.irregularity} ({', '.join(o.id for o in r.options)})", r.laws
                    )
        return replace(self, log=self.log + (ev,), fresh_cut=False)

    @staticmethod
    def _shown(event: object) -> str:
        return _shown(event)

    @staticmethod
    def _input_text(err: InputError) -> str:
        msg = str(err)
        if err.field and msg.startswith(err.field + ": "):
            msg = msg[len(err.field) + 2 :]
        return msg

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
    def from_record(cls, record: dict[str, Any]) -> Self:
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

    def successor(self, seed: int | None = None) -> Self:
        """The next procedure once the outcome is final: the same dealer (new deal, deal stopped:
        the rightful dealer), the next one (deal lost), or, after a deal that stood, the player on
        the left of the one who dealt (Law 28). The cards are collected as they lie."""
        o = self.outcome
        if o is None or not o.final:
            raise IllegalAction("the dealing is not over")
        nxt = (o.dealer + 1) % 4 if o.kind == "deal-stands" else o.dealer
        cards = self.cards()
        return type(self).start(
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

    def _rule(self, ruling: Ruling, **changes: Any) -> Self:
        r = who_elects(replace(ruling, event=len(self.log) - 1), self.dealer)
        rulings = self.rulings + (r,)
        awaiting = self._awaiting_after(len(rulings) - 1, r.needs_choice)
        return replace(self, rulings=rulings, awaiting=awaiting, **changes)

    def _conclude(self, kind: str, dealer: int, laws: tuple[int, ...], text: str, notes: tuple[str, ...] = ()) -> Self:
        out = Outcome(kind, dealer, laws, text, None, self.received, self.turn_up, notes)
        return replace(self, phase=DealingPhase.OVER, result=out, awaiting=(), claims=())

    if TYPE_CHECKING:
        # ------------------------------------------------------------------ what one chapter asks of another
        # (each is implemented once, in its chapter: ends, exposed, pack)
        def _stands(self) -> Outcome: ...
        def _fresh(self, ruling: Ruling) -> Self: ...
        def _lose_deal(
            self, irregularity: str, laws: tuple[int, ...], text: str, offender: int, kind: K = K.MISDEAL
        ) -> Self: ...
        def _stop_out_of_turn(
            self, irregularity: str, laws: tuple[int, ...], text: str, offender: int | None
        ) -> Self: ...
        def _new_deal(
            self,
            irregularity: str,
            laws: tuple[int, ...],
            text: str,
            offender: int | None = None,
            effects: tuple[str, ...] = (),
            kind: K | None = None,
            facts: tuple[Fact, ...] = (),
        ) -> Self: ...
        def _privilege_lost(self, side: int) -> bool: ...
        def _first_toucher(self) -> int | None: ...
        def _lapse(self, ri: int, why: str) -> Self: ...
        def _new_packs_ruling(
            self, why: str, payer: str, laws: tuple[int, ...], offender: int | None, kind: K = K.NEW_CARDS_CALLED
        ) -> Ruling: ...
