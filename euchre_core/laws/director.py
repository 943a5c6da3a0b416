"""The table director: a deal played by people, irregularities and all.

The :class:`Director` folds physical :class:`~euchre_core.laws.events.Event`\\ s. A lawful act is
passed to the regular rules (:class:`~euchre_core.kernel.deal.Deal` for the bidding and the
discard; the play is kept here so that cards can be led out of turn, revoked, taken back,
exposed and called). An act that breaks a law is *not* refused: it enters the log, the
director recognises the irregularity and issues a :class:`~euchre_core.laws.rulings.Ruling`
(the laws, the offender, the options of the non-offending side, the effects), waits for
the election when there is one (Law 85), enforces the option chosen in the play that
follows, and scores the result (Laws 2–4, 63, 71, 90, 102 ...).

What a program cannot tell (who touched the cards first, whether a question was answered,
whether the partners consulted) enters as an event too.

>>> from euchre_core.kernel.deal import Deal
>>> hands = ["JC AH KH 8S QD".split(), "AC QH 8H JD TS".split(), "7D 8D TD QS TH".split(),
...          "KC TC AS 9S 9H".split()]
>>> t = Director.start(Deal.start(hands, "9C"))
>>> for e in ["B: pass", "C: pass", "D: pass", "A: order", "A: discard 8S", "C: play 7D"]:
...     t = t.act(e)
>>> r = t.rulings[-1]
>>> r.kind, r.laws, [o.id for o in r.options]
(<Irregularity.LEAD_OUT_OF_TURN: 'lead-out-of-turn'>, (52, 53), ['call-card', 'call-suit', 'waive'])
>>> t = t.act("BD: choose call-card")
>>> t.actor_name, t.requirements[0].kind, t.phase
('B', <Call.PLAY_CARD: 'play-card'>, <Phase.PLAY: 'play'>)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from enum import Enum
from typing import Any

from ..kernel.actions import Action
from ..kernel.cards import Card, CardError, Suit, cards_of_mask
from ..kernel.deal import SEAT_NAMES, Deal, DealResult, Trick, legal_play_mask, score_deal
from ..kernel.errors import IllegalAction, InputError
from ..kernel.play import partner_out_mask, trick_winner_index
from ..kernel.tables import EFFECTIVE_SUIT, PLAY_KEY, SUIT_MASK
from .events import Chain, Event
from .lawbook import READINGS
from .rulings import Irregularity, Option, Ruling

K = Irregularity


def _r(kind: Irregularity, laws: tuple[int, ...], text: str, **kw: Any) -> Ruling:
    """A ruling of a typed kind (its English label is the kind's). Where the text of one of its
    laws is ambiguous, the ruling carries the reading applied (the lawbook's, shown on the law's
    page too) unless it gives its own."""
    if kw.get("reading") is None:
        readings = [f"Law {n}: {READINGS[n]}" for n in laws if n in READINGS]
        kw["reading"] = "; ".join(readings) if readings else None
    return Ruling(kind.label, laws, text, kind=kind, **kw)


__all__ = ["Call", "Director", "Phase", "Revoke", "Requirement"]


class Phase(str, Enum):
    """The director's state machine: the bidding and the discard (through :class:`Deal`), the
    play, the claims after the last trick, done (the next deal is cut, or the deal annulled)."""

    BIDDING = "bidding"
    PLAY = "play"
    CLAIMS = "claims"
    DONE = "done"

    def __str__(self) -> str:
        return self.value

    def __format__(self, spec: str) -> str:
        return format(self.value, spec)


@dataclass(frozen=True)
class Revoke:
    """A revoke (Law 62), or a failure to obey a call that incurs its penalty (Law 54)."""

    seat: int
    trick: int  # 0-based index of the trick it was made in
    card: Card
    established: bool = False  # Law 64
    corrected: bool = False  # Laws 65, 69
    asked: bool = False  # Law 65: the partner asked before the trick was quitted
    kind: str = "revoke"  # "revoke" (62) | "call" (54)


class Call(str, Enum):
    """What a call requires (the value is the option id that elects it where there is one)."""

    PLAY_CARD = "play-card"  # Laws 46, 52, 56: a called card
    LEAD_SUIT = "lead-suit"  # Laws 51, 52, 57: a called suit
    HIGHEST = "highest"  # Laws 83, 89
    LOWEST = "lowest"
    WIN = "win"  # Laws 47, 59, 83, 89
    LOSE = "lose"

    def __str__(self) -> str:
        return self.value

    def __format__(self, spec: str) -> str:
        return format(self.value, spec)


@dataclass(frozen=True)
class Requirement:
    """An obligation the director enforces: a called card (Laws 46, 56), a called suit
    (Laws 51, 52, 57), highest/lowest or win/lose (Laws 47, 59, 83, 89)."""

    seat: int
    kind: Call
    laws: tuple[int, ...]
    card: Card | None = None
    suit: int | None = None
    trick: int | None = None  # the trick it applies to (None: the next opportunity)
    or_partner: bool = False  # Law 52: "from him or his partner when it is next the turn of either to lead"

    def describe(self) -> str:
        who = SEAT_NAMES[self.seat] + (" or his partner" if self.or_partner else "")
        if self.kind == "play-card":
            assert self.card is not None
            return f"{who} must play the {self.card.long_name()} at the first lawful opportunity"
        if self.kind == "lead-suit":
            return f"{who} must lead {Suit(self.suit).word if self.suit is not None else 'the suit called'}"
        return (
            f"{who} must play his {self.kind} of the suit led"
            if self.kind in ("highest", "lowest")
            else f"{who} must {self.kind} the trick if he can"
        )


@dataclass(frozen=True)
class Director:
    """A deal under the director. Immutable: :meth:`act` returns the next state."""

    deal: Deal  # the regular state (bidding, discard; the start of play)
    log: Chain[Event] = field(default_factory=Chain)
    rulings: Chain[Ruling] = field(default_factory=Chain)
    pending: int | None = None  # index of a ruling awaiting the election
    phase: Phase = field(default_factory=lambda: Phase.BIDDING)
    hands: tuple[int, ...] = ()
    trick: tuple[tuple[int, Card], ...] = ()
    tricks: tuple[Trick, ...] = ()
    quitted: bool = True  # the last completed trick has been turned and quitted
    actor: int = 0
    leader: int = 0
    won: tuple[int, ...] = ()
    exposed: tuple[int, ...] = ()  # per seat: cards on the table, liable to be called
    requirements: tuple[Requirement, ...] = ()
    revokes: tuple[Revoke, ...] = ()
    must_pass: tuple[int, ...] = (0, 0, 0, 0)  # per seat: the law binding him to pass (79, 80, 82), or 0
    no_alone: tuple[int, ...] = (0, 0, 0, 0)  # per seat: the law forbidding him a lone hand (95, 97-99), or 0
    forfeit: tuple[int, ...] = ()  # sides forfeiting under Law 90 (once each)
    capped: bool = False  # Law 102
    abandoned: int | None = None  # Law 50: the seat that abandoned against a lone hand
    early: tuple[tuple[int, Card], ...] = ()  # Law 87: cards played before the discard was completed
    claims_closed: bool = False  # Law 68
    free_order: int | None = None  # Law 58: the trick in which the fourth may play before his partner
    imperfect: tuple[int, int] | None = None  # Law 60 or 50: (trick, seat) that omitted to play to it
    omission_ruled: bool = False  # Law 60: the omission has been ruled on
    turn_up_exposed: bool = False  # Laws 46 III, 91: the trump card was lifted
    thrown: frozenset[int] = frozenset()  # Laws 48, 49: seats that threw their cards face up
    claimed: frozenset[int] = frozenset()  # Laws 63, 66, 67: sides that claimed a revoke
    claimants: frozenset[int] = frozenset()  # Law 67: sides that claimed a revoke, found or not
    mixed: frozenset[int] = frozenset()  # Law 67: accused sides that mixed the cards (one revoke each)
    new_deal: tuple[int, ...] = ()  # Laws 33, 60: the laws that annulled the deal
    no_discard: bool = False  # Law 90: the dealer played without discarding
    question: int | None = None  # Law 65: the seat asked, until he answers
    played_out: bool = True  # Law 70: False when the revoking side let the hand stop
    gathered: tuple[tuple[int, int, Card], ...] = ()  # Law 61: (trick, seat, card) mixed with a trick unnoticed
    withdraw: tuple[int, frozenset[int]] | None = None  # Law 69: (trick, seats that may still withdraw their card)

    # ------------------------------------------------------------------ construction
    @classmethod
    def start(cls, deal: Deal) -> Director:
        """Direct a deal from its current state (normally just dealt)."""
        d = cls(deal=deal, hands=deal.hands, won=(0,) * deal.n, exposed=(0,) * deal.n)
        if deal.phase == "play":
            d = d._enter_play()
        return d

    def _with(self, **changes: Any) -> Director:
        """A copy with some fields changed (dataclasses.replace without its per-field cost: the
        fold does this a few times an event)."""
        new = object.__new__(Director)
        d = new.__dict__
        d.update(self.__dict__)
        for k, v in changes.items():
            if k not in d:
                raise TypeError(f"Director has no field {k!r}")
            d[k] = v
        return new

    # ------------------------------------------------------------------ queries
    @property
    def n(self) -> int:
        return self.deal.n

    @property
    def actor_name(self) -> str:
        if self.phase is Phase.BIDDING:
            return SEAT_NAMES[self.deal.actor]
        return SEAT_NAMES[self.actor]

    def side_of(self, seat: int) -> int:
        return self.deal.side_of(seat)

    def side_name(self, side: int) -> str:
        return self.deal.side_name(side)

    def partner(self, seat: int) -> int:
        return (seat + 2) % 4

    def active(self) -> list[int]:
        return [s for s in range(self.n) if not self.deal.out >> s & 1]

    @property
    def trump(self) -> int:
        assert self.deal.trump is not None
        return int(self.deal.trump)

    def hand(self, seat: int) -> list[Card]:
        return cards_of_mask(self.hands[seat])

    @property
    def is_over(self) -> bool:
        return self.phase in (Phase.CLAIMS, Phase.DONE)

    # ------------------------------------------------------------------ the fold
    def act(self, event: Event | str) -> Director:
        """Apply one physical event. Unrecognisable input (a card not held, a seat that does
        not exist, a malformed event) raises InputError and changes nothing; an act the laws
        forbid outright (e.g. discarding the trump card, Law 88) raises IllegalAction."""
        ev = Event.parse(event, SEAT_NAMES[: self.n])
        if self.phase is Phase.DONE:
            if self.new_deal:  # no cut has happened: the hand is void (Laws 33, 60), not closed by Law 68
                raise IllegalAction("the hand is void: there must be a new deal by the same dealer", self.new_deal)
            raise IllegalAction("the deal is over: the cards have been cut for the next deal", (68,))
        _check_args(ev)
        st = self._with(log=self.log.push(ev))
        handler: Callable[[Event], Director] = getattr(st, "_ev_" + ev.verb)
        return handler(ev)

    def replay(self, events: list[str], first: int = 1) -> Director:
        """Fold the events in order; an error names the event by its number (``first`` for the
        first of them)."""
        st = self
        for i, e in enumerate(events, first - 1):
            try:
                st = st.act(e)
            except IllegalAction as err:
                raise IllegalAction(f"event {i + 1} ({e}): {err.reason}", err.laws) from None
            except InputError as err:
                raise InputError(f"event {i + 1} ({e}): {err}", err.field) from None
        return st

    # ------------------------------------------------------------------ helpers
    def _seat(self, ev: Event) -> int:
        return SEAT_NAMES.index(ev.who)

    def _side(self, ev: Event) -> int:
        names = [self.side_name(i) for i in range(self.deal.rules.sides)]
        return names.index(ev.who)

    def _card(self, text: str, field_name: str = "card") -> Card:
        try:
            return Card.parse(text)
        except CardError as e:
            raise InputError(str(e), field_name) from None

    def _cards(self, ev: Event) -> list[Card]:
        """The cards an act names: at least one, each once (a card cannot be played or shown twice)."""
        cards = [self._card(a) for a in ev.args]
        if not cards:
            raise InputError("which card?", "card")
        for i, c in enumerate(cards):
            if c in cards[:i]:
                raise InputError(f"the {c.long_name()} is named twice in {str(ev)!r}", "card")
        return cards

    def _rule(self, ruling: Ruling, **changes: Any) -> Director:
        r = replace(ruling, event=len(self.log) - 1)
        rulings = self.rulings.push(r)
        pending = len(rulings) - 1 if r.needs_choice else self.pending
        return self._with(rulings=rulings, pending=pending, **changes)

    def _block_if_pending(self, ev: Event) -> None:
        if self.pending is not None and ev.verb != "choose" and self.rulings[self.pending].blocking:
            r = self.rulings[self.pending]
            raise IllegalAction(
                f"{self.side_name(r.chooser or 0)} must first elect their penalty for the {r.irregularity} "
                f"({', '.join(o.id for o in r.options)})",
                (85,),
            )

    # ------------------------------------------------------------------ bidding and the discard
    def _regular(self, ev: Event) -> Director:
        """A regular action done by a seat. The specific laws are checked first (99: a late
        offer to take it alone, whatever verb expresses it; 79, 80, 82: a player bound to pass;
        95, 97, 98: no lone hand), then the turn: in turn, through Deal; out of turn, Laws 80, 82."""
        self._block_if_pending(ev)
        seat = self._seat(ev)
        words = (ev.verb, *ev.args) if ev.verb != "take" or ev.args else ("take", "alone")  # "I take it from you"
        action = Action.parse(" ".join(words))
        if self._late_offer(seat, action):
            return self._law_99(seat)
        deal = self.deal
        if ev.verb == "discard" and (seat != deal.dealer or deal.discarded is not None):
            # Law 86: "the dealer must at once discard one card ... after which he cannot change"
            raise IllegalAction(
                f"{ev.who} has quitted his discard: he cannot change it"
                if seat == deal.dealer
                else f"only the dealer discards: {ev.who} is not the dealer",
                (86,),
            )
        before_lead = self.phase is Phase.BIDDING or (self.phase is Phase.PLAY and not self.tricks and not self.trick)
        if action.kind == "pass" and deal.maker is not None and self.n == 4 and seat == self.partner(deal.maker):
            if before_lead:
                return self._law_81(seat)  # Law 81: his pass does not invalidate the declaration
        if self._offers_alone(action) and self._passed_partner(seat):
            return self._law_93(seat)
        if self.phase is not Phase.BIDDING:
            raise IllegalAction(f"{ev.verb} is not an act of the play")
        if deal.phase == "discard" and ev.verb == "discard" and seat == deal.dealer:
            return self._discard(seat, action)
        if deal.phase == "discard" and seat == deal.actor and self._offers_alone(action):
            if deal.maker is not None and self.side_of(seat) != self.side_of(deal.maker):
                raise IllegalAction(self._adversaries_made(seat), (95,))  # Law 95
            if deal.maker == seat:
                return self._ev_alone(Event(ev.who, "alone"))  # Law 96: before quitting his discard
        if self.must_pass[seat] and action.kind not in ("pass", "stay"):
            return self._bound_to_pass(seat, action)
        if action.alone and self.no_alone[seat]:
            law = self.no_alone[seat]
            st = self._rule(
                _r(
                    K.NOT_ALLOWED_ALONE,
                    (law,),
                    f"{SEAT_NAMES[seat]} may not play alone (law {law}): his declaration stands without the lone hand.",
                    offender=seat,
                    effects=("no lone hand",),
                )
            )
            if action.kind == "take":
                return st._regular(Event(ev.who, "stay")) if seat == deal.actor else st
            return st._regular(Event(ev.who, action.kind, tuple(a for a in ev.args if a.lower() != "alone")))
        if seat != deal.actor:
            return self._out_of_turn_declaration(seat, action)
        new = deal.apply(action)
        return self._after_deal_step(new)

    @staticmethod
    def _offers_alone(action: Action) -> bool:
        """The act offers a lone hand ("take", "alone", "order alone", "call H alone")."""
        return action.kind in ("take", "alone") or bool(action.alone)

    def _passed_partner(self, seat: int) -> bool:
        """Law 93: the seat's partner made the trump (not alone), and he himself has already passed."""
        d = self.deal
        return (
            self.n == 4
            and d.maker is not None
            and d.alone is None
            and seat == self.partner(d.maker)
            and bool(d.passed >> seat & 1)
        )

    def _law_81(self, seat: int) -> Director:
        """Law 81: "Should a player make a declaration, and his partner not hear it and pass, the
        declaration is not invalidated." In his turn to take it alone (Laws 74, 75, 94) his pass lets
        the declaration stand; at any other moment it changes nothing."""
        d = self.deal
        assert d.maker is not None
        in_turn = self.phase is Phase.BIDDING and d.phase == "take" and d.actor == seat
        st = self._rule(
            _r(
                K.PASS_AFTER_DECLARATION,
                (81,),
                f"{SEAT_NAMES[seat]} passed after his partner {SEAT_NAMES[d.maker]}'s declaration: the declaration is "
                "not invalidated (law 81)" + ("; his pass lets it stand." if in_turn else "."),
                offender=None,
                effects=("the declaration stands",),
            )
        )
        return st._after_deal_step(d.apply(Action("stay"))) if in_turn else st

    def _law_93(self, seat: int) -> Director:
        """Law 93: "A player may play alone when he orders up, assists, adopts, or makes the trump, or
        when his partner does so, provided that he himself has not already passed." His offer is void."""
        d = self.deal
        assert d.maker is not None
        return self._rule(
            _r(
                K.NOT_ALLOWED_ALONE,
                (93,),
                f"{SEAT_NAMES[seat]} has passed: he cannot play alone when his partner makes the trump (law 93); "
                f"his offer is void and {SEAT_NAMES[d.maker]}'s declaration stands.",
                offender=seat,
                effects=("the offer is void",),
            ),
            no_alone=_set(self.no_alone, seat, self.no_alone[seat] or 93),
        )

    def _adversaries_made(self, seat: int) -> str:
        d = self.deal
        assert d.maker is not None
        return (
            f"{SEAT_NAMES[seat]} cannot play alone: his adversary {SEAT_NAMES[d.maker]} made the trump "
            "(a player cannot play alone when he or his partner is ordered up, or when his adversaries adopt or "
            "make the trump)"
        )

    def _late_offer(self, seat: int, action: Action) -> bool:
        """Law 99: the partner of the player playing alone offers to take it from him after a
        lead has been made, or after he has himself passed ("take", "alone", "order alone" ...)."""
        d = self.deal
        if d.alone is None or seat != self.partner(d.alone) or self.n != 4:
            return False
        if action.kind not in ("take", "alone") and not action.alone:
            return False
        led = self.phase is Phase.PLAY or bool(self.early)
        return led or bool(d.passed >> seat & 1)

    def _law_99(self, seat: int) -> Director:
        d = self.deal
        assert d.alone is not None
        lone = d.alone
        if self.tricks:
            # Law 99, reading: once a trick has been played without him, the partner cannot come back into the
            # play (his cards were not played to it): neither plays alone, so the hand is scored as a hand with
            # partners, and the lone player plays it out as it stands
            st = self._rule(
                _r(
                    K.LATE_TAKE,
                    (99,),
                    f"{SEAT_NAMES[seat]} offered to take the lone hand from {SEAT_NAMES[lone]} after a lead had been "
                    "made: neither can play alone. A trick has been played without him, so he cannot come back into "
                    f"the play: {SEAT_NAMES[lone]} plays it out, and the hand is scored as a hand with partners.",
                    offender=seat,
                    effects=("the hand is scored as a hand with partners",),
                ),
                no_alone=_set(_set(self.no_alone, seat, 99), lone, 99),
            )
            return st._with(deal=st.deal._replace(alone=None, level=0))
        st = self._rule(
            _r(
                K.LATE_TAKE,
                (99,),
                f"{SEAT_NAMES[seat]} offered to take the lone hand from {SEAT_NAMES[lone]} after a lead had been made "
                "or after he had himself passed: neither can play alone; the hand is played with partners.",
                offender=seat,
                effects=("the hand is played with partners",),
            ),
            no_alone=_set(_set(self.no_alone, seat, 99), lone, 99),
        )
        return st._with(deal=st._cancel_alone())

    def _bound_to_pass(self, seat: int, action: Action) -> Director:
        """Laws 79, 80, 82: a player bound to pass declares: the declaration is void; in his
        turn it counts as his pass."""
        law = self.must_pass[seat]
        st = self._rule(
            _r(
                K.BOUND_TO_PASS,
                (law,),
                f"{SEAT_NAMES[seat]} must pass (law {law}): his declaration ({action}) is void"
                + (" and counts as his pass." if seat == self.deal.actor else "."),
                offender=seat,
                effects=("the declaration is void",),
            )
        )
        if seat != self.deal.actor:
            return st
        act = Action("stay") if self.deal.phase == "take" else Action("pass")
        return st._after_deal_step(self.deal.apply(act))

    def _after_deal_step(self, new: Deal) -> Director:
        st = self._with(deal=new, hands=new.hands)
        if self.deal.phase == "bid1" and new.phase != "bid1":
            # Law 82: the dealer's turning down the trump card bound his partner in the first round only
            st = st._with(
                must_pass=tuple(0 if law == 82 and self.deal.phase == "bid1" else law for law in st.must_pass)
            )
        if new.phase == "play":
            st = st._enter_play()
        elif new.phase == "done":
            st = st._with(phase=Phase.DONE)
        return st

    _ev_pass = _ev_order = _ev_call = _ev_take = _ev_stay = _ev_discard = _regular

    def _ev_alone(self, ev: Event) -> Director:
        seat = self._seat(ev)
        d = self.deal
        if self._late_offer(seat, Action("alone")):
            self._block_if_pending(ev)
            return self._law_99(seat)
        if self.phase is Phase.BIDDING and d.phase == "alone" and seat == d.actor:
            return self._regular(ev)
        if (
            self.phase is Phase.BIDDING
            and d.phase in ("take", "discard")
            and seat == d.dealer
            and d.maker == seat
            and d.how == "adopt"
            and d.alone is None
            and d.discarded is None
        ):
            # Law 96: "The dealer must announce his intention to play alone before quitting his discard":
            # he took up the trump card and has not quitted his discard: he is in time (Law 97 is the
            # others' rule: before naming the trump).
            self._block_if_pending(ev)
            if self.no_alone[seat]:
                law = self.no_alone[seat]
                return self._rule(
                    _r(
                        K.NOT_ALLOWED_ALONE,
                        (law,),
                        f"{ev.who} may not play alone (law {law}): he plays the hand with his partner.",
                        offender=seat,
                        effects=("no lone hand",),
                    )
                )
            return self._with(deal=d._replace(alone=seat, level=1, out=partner_out_mask(self.n, seat)))
        if d.maker is not None and seat == d.maker and d.alone is None:
            # Law 97: he must announce a lone hand before naming the trump; otherwise he can be
            # required to play the hand with his partner. The dealer who took up the trump card
            # must announce it before quitting his discard (Law 96).
            side = 1 - self.side_of(seat)
            late_dealer = seat == d.dealer and d.how == "adopt" and d.discarded is not None
            return self._rule(
                _r(
                    K.LATE_ALONE,
                    (96, 97) if late_dealer else (97,),
                    f"{ev.who} announced a lone hand after making the trump. The adversaries may require "
                    "him to play the hand with his partner.",
                    offender=seat,
                    chooser=side,
                    options=(
                        Option("with-partner", "He plays the hand with his partner", (97,)),
                        Option("let-alone", "Let him play alone", (97,)),
                    ),
                )
            )
        if self._passed_partner(seat):
            self._block_if_pending(ev)
            return self._law_93(seat)
        if d.maker is not None and d.partner(seat) == d.maker and (self.phase is Phase.PLAY or seat in self._passed()):
            # Law 99: the partner offers to take it after a lead, or after he himself passed.
            return self._rule(
                _r(
                    K.LATE_TAKE,
                    (99,),
                    f"{ev.who} offered to take the lone hand after a lead had been made or after he had passed: "
                    "neither partner can play alone.",
                    offender=seat,
                    effects=("the hand is played with partners",),
                ),
                no_alone=_set(_set(self.no_alone, seat, 99), d.maker, 99),
                deal=self._cancel_alone() if self.phase is Phase.BIDDING else self.deal,
            )
        if d.maker is not None and self.side_of(seat) != self.side_of(d.maker):
            raise IllegalAction(self._adversaries_made(seat), (95,))  # Law 95
        if d.maker is None:
            # Law 98: a single declaration, "Alone at hearts": the lone hand is announced with the order or the call
            raise IllegalAction(
                "no trump has been made: a lone hand is announced with the declaration ('order alone', 'call H alone')",
                (98,),
            )
        raise IllegalAction("there is nothing to announce alone on now")

    def _passed(self) -> set[int]:
        return {s for s in range(self.n) if self.deal.passed >> s & 1}

    def _passed_round_two(self) -> set[int]:
        """The seats that have passed in the second round: it begins with the eldest hand and goes
        round in order, so they are those from the eldest up to the player to speak."""
        d = self.deal
        out, s = set(), d.eldest
        while s != d.actor:
            out.add(s)
            s = (s + 1) % self.n
        return out

    def _cancel_alone(self) -> Deal:
        d = self.deal
        if d.alone is None:
            return d
        return d._replace(alone=None, level=0, out=0)

    def _out_of_turn_declaration(self, seat: int, action: Action) -> Director:
        d = self.deal
        if action.kind == "call" and d.phase == "bid2" and seat in self._passed_round_two():
            # Law 79: having passed (or named the suit turned down) he names the suit he meant: it is
            # void, and his partner also must pass.
            return self._rule(
                _r(
                    K.MENTION_AFTER_PASSING,
                    (79,),
                    f"{SEAT_NAMES[seat]} named a suit after passing in the second round: it is void, and his partner "
                    "must pass.",
                    offender=seat,
                    effects=(f"{SEAT_NAMES[self.partner(seat)]} must pass",),
                ),
                must_pass=_set(self.must_pass, self.partner(seat), 79),
            )
        if action.kind == "order" and seat in self._passed() and d.phase == "bid1":
            # Law 80: he passed and then attempts to assist or order up: his partner must pass;
            # the adversaries may elect that it shall be played.
            return self._rule(
                _r(
                    K.ORDER_AFTER_PASSING,
                    (80,),
                    f"{SEAT_NAMES[seat]} passed and then attempted to {action.kind} up: his partner must pass. "
                    "The adversaries may elect that it shall be played.",
                    offender=seat,
                    chooser=1 - self.side_of(seat),
                    late=action,
                    options=(
                        Option("partner-passes", "His partner must pass; the bidding goes on", (80,)),
                        Option(
                            "played",
                            "It shall be played: the trump is made as he said (his partner "
                            "still must pass: no lone hand for him)",
                            (80,),
                        ),
                    ),
                ),
                must_pass=_set(self.must_pass, self.partner(seat), 80),
            )
        if action.kind == "pass" and seat == d.dealer and d.phase == "bid1":
            # Law 82: the dealer turns down the trump card out of turn: binding on his partner.
            return self._rule(
                _r(
                    K.DECLARATION_OUT_OF_TURN,
                    (82,),
                    f"{SEAT_NAMES[seat]}, the dealer, turned down the trump card out of turn: it takes away no "
                    f"adversary's right, but it is binding on his partner, {SEAT_NAMES[self.partner(seat)]}, who must "
                    "pass in this round.",
                    offender=seat,
                    effects=(f"{SEAT_NAMES[self.partner(seat)]} must pass",),
                ),
                must_pass=_set(_set(self.must_pass, self.partner(seat), 82), seat, 82),
            )
        # Law 82: no player can take away another's right by passing, ordering up or assisting out of turn.
        return self._rule(
            _r(
                K.DECLARATION_OUT_OF_TURN,
                (82,),
                f"{SEAT_NAMES[seat]} declared ({action}) out of turn: it takes away no one's right and is void; "
                f"it is {SEAT_NAMES[d.actor]}'s turn.",
                offender=seat,
                effects=("the declaration is void",),
            )
        )

    def _ev_mention(self, ev: Event) -> Director:
        seat = self._seat(ev)
        if len(ev.args) != 1:
            raise InputError("write 'mention SUIT': the one suit he meant to make", "suit")
        try:
            Suit.parse(ev.args[0])
        except CardError as e:
            raise InputError(str(e), "suit") from None
        if self.phase is not Phase.BIDDING or (seat not in self._passed() and self.deal.phase != "bid2"):
            raise IllegalAction("Law 79 concerns a player who has passed", (79,))
        # Law 79: after passing (or naming the suit turned down) he mentions the suit he meant:
        # his partner also must pass.
        return self._rule(
            _r(
                K.MENTION_AFTER_PASSING,
                (79,),
                f"{ev.who} mentioned the suit he intended to make after passing: his partner must pass.",
                offender=seat,
                effects=(f"{SEAT_NAMES[self.partner(seat)]} must pass",),
            ),
            must_pass=_set(self.must_pass, self.partner(seat), 79),
        )

    def _ev_declare(self, ev: Event) -> Director:
        # Law 98: "I order it up and play it alone" is not a single declaration: it precludes a lone hand.
        seat = self._seat(ev)
        st = self._rule(
            _r(
                K.DOUBLE_DECLARATION,
                (98,),
                f"{ev.who} did not make a single declaration (\u201cAlone at ...\u201d): the order stands, "
                "and he may not play alone.",
                offender=seat,
                effects=("no lone hand",),
            ),
            no_alone=_set(self.no_alone, seat, 98),
        )
        args = [a for a in ev.args if a.lower() != "alone"]
        act = "order" if not args or args[0].lower() == "order" else "call " + args[-1]
        return st._regular(Event(ev.who, act.split()[0], tuple(act.split()[1:])))

    def _discard(self, seat: int, action: Action) -> Director:
        d = self.deal
        new = d.apply(action)  # Laws 86, 88 enforced by Deal
        return self._after_deal_step(new)._replay_early()

    def _replay_early(self) -> Director:
        """Law 87: the cards played before the discard was completed stand, in the order played."""
        st = self
        if st.phase is Phase.PLAY and st.early:
            early, st = st.early, st._with(early=())
            for s2, c2 in early:
                st = st._play(s2, c2)
        return st

    # ------------------------------------------------------------------ the play
    def _enter_play(self) -> Director:
        d = self.deal
        exposed = self.exposed
        if self.turn_up_exposed and d.hands[d.dealer] >> d.turn_up & 1:
            exposed = _set(exposed, d.dealer, exposed[d.dealer] | (1 << d.turn_up))  # Law 91
        return self._with(
            phase=Phase.PLAY,
            hands=d.hands,
            actor=d.actor,
            leader=d.actor,
            won=d.won,
            trick=(),
            tricks=(),
            quitted=True,
            exposed=exposed,
        )

    def _ev_play(self, ev: Event) -> Director:
        self._block_if_pending(ev)
        seat = self._seat(ev)
        cards = self._cards(ev)
        for c in cards:
            if not self.hands[seat] >> c & 1 and not (self.phase is Phase.BIDDING and self._dealer_six(seat, c)):
                raise InputError(f"{ev.who} does not hold the {c.long_name()}", "card")
        if self.phase is Phase.BIDDING:
            return self._play_before_discard(seat, cards[0])
        if self.phase is not Phase.PLAY:
            raise IllegalAction(*self._why_over())
        st = self._with(withdraw=None) if self.withdraw is not None else self  # Law 69: the next card closes it
        if len(cards) > 1 and self._lone_player(seat):
            # Law 104: the lone player who plays two cards at once exposes the others: no penalty
            others = ", ".join(f"the {c.long_name()}" for c in cards[1:])
            st = st._lone_exposed(seat, f"played {len(cards)} cards at once ({others} shown)")
        elif len(cards) > 1:
            # Law 46 I: two or more cards played at once: the others are exposed cards.
            extra = 0
            for c in cards[1:]:
                extra |= 1 << c
            st = st._rule(
                _r(
                    K.TWO_CARDS_AT_ONCE,
                    (46,),
                    f"{ev.who} played {len(cards)} cards at once: the first is played, the others "
                    "are exposed cards, liable to be called.",
                    offender=seat,
                    effects=tuple(f"the {c.long_name()} is exposed" for c in cards[1:]),
                ),
                exposed=_set(st.exposed, seat, st.exposed[seat] | extra),
            )
        return st._play(seat, cards[0])

    def _why_over(self) -> tuple[str, tuple[int, ...]]:
        """Why no card can be played now that the play is over (the reason and its laws)."""
        if self.abandoned is not None:
            # Law 50: the adversary abandoned his hand against the lone hand: the hand ends there
            return (
                f"the hand ended after {len(self.tricks)} trick{'s' if len(self.tricks) != 1 else ''}: "
                f"{SEAT_NAMES[self.abandoned]} abandoned his hand against the lone hand, and the party playing alone "
                "scores five points",
                (50,),
            )
        if len(self.thrown) == len(self.active()) and self.thrown:
            return "the hands are abandoned: no one can again take up his cards", (49,)  # Law 49
        if self.mixed or (not self.played_out and any(r.kind is K.CARDS_MIXED for r in self.rulings)):
            return "the cards have been mixed after the revoke claim: the hand is over", (67,)  # Law 67
        if not self.played_out:  # Law 70: the revoking side did not require the hand to be played out
            return "the revoking side let the hand stop at the revoke claim: only the penalty is scored", (70,)
        return "all the tricks have been played", ()

    def _dealer_six(self, seat: int, card: Card) -> bool:
        return False

    def _play_before_discard(self, seat: int, card: Card) -> Director:
        d = self.deal
        if d.phase == "discard":
            leader = d._first_leader()
            if any(c == card for _, c in self.early):
                raise InputError(f"the {card.long_name()} has been played already", "card")
            if seat == d.dealer and (self.early or seat == leader):
                return self._no_discard(seat, card)
            if self.early and seat == self._next(self.early[-1][0]) and seat not in (s for s, _ in self.early):
                return self._with(early=self.early + ((seat, card),))  # the play goes on (Law 87)
            if seat == leader and not self.early:
                # Law 87: the eldest hand leads before the discard is completed: the lead stands,
                # and the dealer can change his discard (he has not made it yet).
                alone_third = d.alone is not None and d.alone == (d.dealer + 3) % 4
                if alone_third:
                    # Law 89: third hand alone, the second player leads before the dealer discarded:
                    # the dealer can be called on to play highest or lowest, or to win or lose.
                    return self._rule(
                        _r(
                            K.LEAD_BEFORE_DISCARD_LONE,
                            (89,),
                            f"{SEAT_NAMES[seat]} led before the dealer had discarded, the third hand playing alone. "
                            "The lone player may call on the dealer to play his highest or lowest of the suit led, "
                            "or to win or lose the trick.",
                            offender=seat,
                            chooser=self.side_of(d.alone or 0),
                            options=_play_options("The dealer", (89,)),
                            target=d.dealer,
                        ),
                        early=((seat, card),),
                    )
                return self._rule(
                    _r(
                        K.LEAD_BEFORE_DISCARD,
                        (87,),
                        f"{SEAT_NAMES[seat]} led before the dealer had quitted his discard: the lead stands, and the "
                        "dealer may still discard as he wishes.",
                        offender=seat,
                        effects=("the lead stands",),
                    ),
                    early=((seat, card),),
                )
        raise IllegalAction("the trump has not been made: no card can be played yet", (74,))

    def _no_discard(self, seat: int, card: Card) -> Director:
        """Law 90: the dealer neglects to discard before playing: the deal holds good; his side
        forfeits two (four in a lone hand) and scores nothing on the hand. He keeps his sixth
        card, which is left over at the end."""
        d = self.deal
        side = self.side_of(seat)
        lone = d.alone is not None
        st = self._rule(
            _r(
                K.NO_DISCARD,
                (90,),
                f"{SEAT_NAMES[seat]}, the dealer, played without having discarded: the deal holds good; "
                f"{self.side_name(side)} forfeit {4 if lone else 2} and may not score any point made on this hand.",
                offender=seat,
                effects=(f"{self.side_name(side)} forfeits {4 if lone else 2}",),
            ),
            forfeit=self.forfeit if side in self.forfeit else self.forfeit + (side,),
            no_discard=True,
        )
        leader = d._first_leader()
        st = st._after_deal_step(d._replace(phase="play", actor=leader, leader=leader))
        return st._replay_early()._play(seat, card)

    def _play(self, seat: int, card: Card, silent: bool = False) -> Director:
        st = self
        d = st.deal
        if d.alone is not None and d.out >> seat & 1:
            return st._lone_partner_plays(seat, card)  # Laws 100-102: he is out of the play
        # an exposed card played leaves the table
        if st.exposed[seat] >> card & 1:
            st = st._with(exposed=_set(st.exposed, seat, st.exposed[seat] & ~(1 << card)))
        if not st.trick and seat != st.actor:
            return st._establish_by_play(seat)._lead_out_of_turn(seat, card)
        if st.trick and seat != st.actor:
            return st._establish_by_play(seat)._play_out_of_turn(seat, card)
        # a new trick begins: the last one is turned and quitted (Law 64)
        if not st.trick and not st.quitted:
            st = st._quit()
        # Law 64: the revoking player or his partner plays to the following trick: established.
        st = st._establish_by_play(seat)
        imp = st.imperfect
        if imp is not None and imp[1] == seat and not st.omission_ruled:
            st = st._omission_discovered(seat)
        led = st.trick[0][1] if st.trick else None
        # Law 61: a card of his mixed with a trick still counts: failing to follow with it is a consequent revoke
        mixed = sum(1 << c for _, s, c in st.gathered if s == seat)
        legal = legal_play_mask(st.hands[seat] | mixed, led, st.trump) & st.hands[seat]
        if legal >> card & 1 and not legal_play_mask(st.hands[seat], led, st.trump, st._called_for(seat)) >> card & 1:
            # 1877 jambone: the called card must be played to the first trick (the kernel's rule)
            raise IllegalAction(
                f"the {Card(st.deal.called or 0).long_name()} was called to the first trick "
                "(Washington code, 1877: jambone)"
            )
        if legal >> card & 1:
            st = st._check_requirements(seat, card)  # a revoke is not also punished as a call disobeyed
        elif legal_play_mask(st.hands[seat], led, st.trump) >> card & 1:
            # Law 61: the suit led is among his cards mixed with a trick: "he is answerable for all the
            # consequent revokes he may have made"
            st = st._rule(
                _r(
                    K.REVOKE,
                    (61, 62, 64),
                    f"{SEAT_NAMES[seat]} played the {card.long_name()}; a card of the suit led is his, mixed with a "
                    "trick: a consequent revoke, for which he is answerable (law 61). It is established when the trick "
                    "is turned and quitted (law 64).",
                    offender=seat,
                    effects=("a consequent revoke",),
                ),
                revokes=st.revokes + (Revoke(seat, len(st.tricks), card),),
            )
        else:
            # Law 62: holding the suit led, he plays a card of a different suit: a revoke.
            st = st._rule(
                _r(
                    K.REVOKE,
                    (62, 64, 65),
                    f"{SEAT_NAMES[seat]} played the {card.long_name()} holding the suit led: a revoke (law 62). "
                    "It is established when the trick is turned and quitted, or when he or his partner plays to "
                    "the next trick (law 64); until then it may be corrected (laws 65, 69).",
                    offender=seat,
                    effects=("the card stays played until corrected",),
                ),
                revokes=st.revokes + (Revoke(seat, len(st.tricks), card),),
            )
        return st._put(seat, card)

    def _put(self, seat: int, card: Card) -> Director:
        hands = _set(self.hands, seat, self.hands[seat] & ~(1 << card))
        trick = self.trick + ((seat, card),)
        st = self._with(hands=hands, trick=trick)
        active = st.active()
        if len(trick) < len(active):
            nxt = st._next(seat)
            while st._played_this_trick(nxt):  # after Law 58 some have played out of order
                nxt = st._next(nxt)
            return st._with(actor=nxt)
        return st._complete_trick_unordered() if st.free_order == len(st.tricks) else st._complete_trick()

    def _next(self, seat: int) -> int:
        s = (seat + 1) % self.n
        while self.deal.out >> s & 1:
            s = (s + 1) % self.n
        return s

    def _complete_trick(self) -> Director:
        if self.pending is not None and not self.rulings[self.pending].blocking:
            rulings = self.rulings.set(self.pending, self.rulings[self.pending].choose("stands"))  # Law 53
            self = self._with(rulings=rulings, pending=None)
        cards = [c for _, c in self.trick]
        w = self.trick[trick_winner_index(self.trump, cards)][0]
        won = _set(self.won, w, self.won[w] + 1)
        tricks = self.tricks + (Trick(self.trick[0][0], self.trick, w),)
        reqs = tuple(r for r in self.requirements if r.trick is None or r.trick != len(self.tricks))
        st = self._with(won=won, tricks=tricks, trick=(), actor=w, leader=w, quitted=False, requirements=reqs)
        holding = [s for s in st.active() if st.hands[s]]
        imp = st.imperfect
        if st.no_discard and holding == [st.deal.dealer] and bin(st.hands[st.deal.dealer]).count("1") == 1:
            # Law 90: the dealer who did not discard is left with his sixth card
            st = st._with(hands=_set(st.hands, st.deal.dealer, 0))
            holding = []
        if imp is not None and holding == [imp[1]] and bin(st.hands[imp[1]]).count("1") == 1:
            # Law 60: the surplus card is considered played to the imperfect trick
            st = st._with(hands=_set(st.hands, imp[1], 0))
            holding = []
        if not holding:
            st = st._with(phase=Phase.CLAIMS)
        return st

    def _quit(self) -> Director:
        """Law 64: the trick is turned and quitted: a revoke in it is established unless the
        partner asked in time (Law 65)."""
        idx = len(self.tricks) - 1
        revokes = tuple(
            replace(r, established=True) if r.trick == idx and not r.corrected and not r.asked else r
            for r in self.revokes
        )
        return self._with(quitted=True, revokes=revokes)

    def _ev_quit(self, ev: Event) -> Director:
        st = self._with(withdraw=None) if self.withdraw is not None else self  # Law 69: no withdrawal after it
        if ev.args:
            return st._gather(ev)
        if st.trick and len(st.trick) >= 2 and len(st.trick) == len(st.active()) - 1:
            # the trick is gathered although one player has not played to it: Law 60 when discovered
            missing = next(s for s in st.active() if not st._played_this_trick(s))
            d = st.deal
            if d.alone is not None and st.side_of(missing) != st.side_of(d.alone):
                return st._abandon_lone(missing, "failed to play to the trick")
            if st._last_trick() and not st.hands[missing]:
                return st._played_out_short(missing)._complete_trick()._quit()
            if st._last_trick() and bin(st.hands[missing]).count("1") == 1:
                return st._omitted_from_last_trick(missing)
            st = st._with(imperfect=(len(st.tricks), missing))
            st = st._complete_trick()
            return st._quit()
        if st.trick or st.quitted:
            raise IllegalAction("there is no complete trick to quit")
        return st._quit()

    def _last_trick(self) -> bool:
        """Every player who has played to the trick on the table holds no more cards: it is the last."""
        return all(not self.hands[s] for s, _ in self.trick)

    def _omitted_from_last_trick(self, seat: int) -> Director:
        """Law 60: the last trick is quitted without his card: he cannot have played to a next trick, so
        no new deal can be claimed; his last card, "the surplus card at the end of the hand", is
        considered played to the trick, and decides it with the others (it cannot be a revoke: he
        holds no other card)."""
        card = self.hand(seat)[0]
        st = self._rule(
            _r(
                K.CARD_OMITTED,
                (60,),
                f"The last trick was quitted without {SEAT_NAMES[seat]}'s card: his last card, the "
                f"{card.long_name()}, is considered played to it (law 60); there is no next trick, so no new deal "
                "can be claimed.",
                offender=seat,
                card=card,
                effects=("his last card is played to the trick",),
            )
        )
        st = st._with(actor=seat)._put(seat, card)
        return st._quit() if not st.trick else st

    def _played_out_short(self, seat: int) -> Director:
        """Law 61: he has no card for the last trick, one of his having been mixed with a trick (or
        played with another to the same trick) unnoticed: "the mistake is not discovered till the hand is
        played out": he is answerable for all the consequent revokes; the trick is complete without him."""
        mine = [c for _, s, c in self.gathered if s == seat]
        what = f"the {mine[0].long_name()} was mixed with a trick" if mine else "he had no card left"
        return self._rule(
            _r(
                K.CARD_GATHERED,
                (61,),
                f"The hand is played out and {SEAT_NAMES[seat]} has no card for the last trick: {what}. The mistake "
                "was not discovered till the hand was played out: he is answerable for all the consequent revokes "
                "(law 61).",
                offender=seat,
                card=mine[0] if mine else None,
                effects=("the trick is complete without his card", "his consequent revokes stand"),
            )
        )

    def _gather(self, ev: Event) -> Director:
        """Law 61: ``quit SEAT CARD``: the last trick is turned and quitted with SEAT's CARD mixed with it,
        unnoticed (no ruling until it is discovered: ``SEAT: holds N``, or the hand played out)."""
        if len(ev.args) != 2 or ev.args[0].upper() not in SEAT_NAMES[: self.n] or len(ev.args[0]) != 1:
            raise InputError("write 'quit' or 'quit SEAT CARD' (his card gathered with the trick: law 61)", "quit")
        seat = SEAT_NAMES.index(ev.args[0].upper())
        card = self._card(ev.args[1])
        if seat not in self.active():
            raise InputError(f"{SEAT_NAMES[seat]} is not in the play", "seat")
        if not self.hands[seat] >> card & 1:
            raise InputError(f"{SEAT_NAMES[seat]} does not hold the {card.long_name()}", "card")
        if self.phase is not Phase.PLAY or self.trick or not self.tricks:
            raise IllegalAction("a card can be mixed only with a trick played and gathered, during the play", (61,))
        st = self._quit() if not self.quitted else self
        # Law 61: "mix his trump or other card with a trick to which it does not properly belong" (an exposed
        # card so mixed is off the table too)
        return st._with(
            hands=_set(st.hands, seat, st.hands[seat] & ~(1 << card)),
            exposed=_set(st.exposed, seat, st.exposed[seat] & ~(1 << card)),
            gathered=st.gathered + ((len(st.tricks) - 1, seat, card),),
        )

    def _restore_gathered(self, seat: int, n: int) -> Director:
        """Law 61: "If during the play of the hand the error be detected, the tricks may be counted face
        downwards, to ascertain if there be among them a card too many; should this be the case, the
        trick may be searched, and the card restored. The player is, however, liable for all the revokes
        he may have meanwhile made." """
        mine = [(t, c) for t, s, c in self.gathered if s == seat]
        hand = self.hands[seat]
        for _, c in mine:
            hand |= 1 << c
        cards = ", ".join(f"the {c.long_name()} (trick {t + 1})" for t, c in mine)
        return self._rule(
            _r(
                K.CARD_GATHERED,
                (61,),
                f"{SEAT_NAMES[seat]} holds {n} cards, fewer than he should: the tricks are counted face downwards "
                f"and one has a card too many; it is searched and his card restored: {cards}. He is liable for the "
                "revokes he made meanwhile (law 61).",
                offender=seat,
                card=mine[0][1],
                effects=("the card is restored to his hand", "his revokes meanwhile stand"),
            ),
            hands=_set(self.hands, seat, hand),
            gathered=tuple(g for g in self.gathered if g[1] != seat),
        )

    def _omission_discovered(self, seat: int) -> Director:
        """Law 60: a player omitted to play to a former trick and has played to the next: the
        adversaries may claim a new deal; if the deal stands, his surplus card at the end is
        considered played to the imperfect trick, and is no revoke there."""
        return self._rule(
            _r(
                K.CARD_OMITTED,
                (60,),
                f"{SEAT_NAMES[seat]} omitted to play to trick {(self.imperfect or (0, 0))[0] + 1} and has played to the "
                "next: the adversaries may claim a new deal, or let the deal stand (his surplus card at the end counts "
                "as played to the imperfect trick, without a revoke).",
                offender=seat,
                chooser=1 - self.side_of(seat),
                options=(Option("new-deal", "A new deal", (60,)), Option("deal-stands", "The deal stands", (60,))),
            ),
            omission_ruled=True,
        )

    def _abandon_lone(self, seat: int, how: str) -> Director:
        """Law 50: an adversary of a lone hand abandons his hand (lays it face up) or fails to play
        to every trick: the party playing alone scores five points; the hand ends there."""
        return self._rule(
            _r(
                K.ABANDONED_AGAINST_LONE,
                (50,),
                f"{SEAT_NAMES[seat]}, an adversary of the lone hand, {how}: the party playing alone scores five points "
                "(law 50).",
                offender=seat,
                effects=("the lone player scores five",),
            ),
            abandoned=seat,
            phase=Phase.CLAIMS,
        )

    def _establish_by_play(self, seat: int) -> Director:
        cur = len(self.tricks)
        revokes = tuple(
            replace(r, established=True)
            if not r.established and not r.corrected and r.trick < cur and r.seat in (seat, self.partner(seat))
            else r
            for r in self.revokes
        )
        return self._with(revokes=revokes)

    def _check_requirements(self, seat: int, card: Card) -> Director:
        """Enforce calls: Law 54 (failing to obey incurs the penalty of a revoke), Law 55 (no
        call can force a revoke), Law 56 (a call repeated until the card is played), Law 57."""
        st = self
        led = st.trick[0][1] if st.trick else None
        legal = legal_play_mask(st.hands[seat], led, st.trump)
        keep = []
        for r in st.requirements:
            applies = r.seat == seat or (r.or_partner and r.seat == st.partner(seat))
            if not applies or (r.trick is not None and r.trick != len(st.tricks)):
                keep.append(r)
                continue
            done, could, drop = st._requirement_outcome(r, seat, card, led, legal)
            if r.kind == "lead-suit" and led is None and not could and drop:
                st = st._rule(
                    _r(
                        K.CALLED_SUIT_NOT_HELD,
                        (57,),
                        f"{SEAT_NAMES[seat]} was called on to lead {Suit(r.suit or 0).word} and has none: the penalty is "
                        "paid.",
                        offender=seat,
                        effects=("the call lapses",),
                    )
                )
            if not done and could and r.kind == "play-card":
                # Law 56: an exposed card called and not played: no revoke penalty (Law 54 names the
                # highest/lowest and suit calls); the call stands and is repeated until it is played.
                st = st._rule(
                    _r(
                        K.CALLED_CARD_NOT_PLAYED,
                        (56,),
                        f"{SEAT_NAMES[seat]} did not play the called {(r.card or card).long_name()}: the call stands "
                        "and is repeated until the card is played (law 56).",
                        offender=seat,
                        card=r.card,
                        effects=("the call is repeated",),
                    )
                )
            elif not done and could:
                reading = None
                if r.kind in ("win", "lose"):
                    reading = (
                        "Law 54 names the calls of highest or lowest and of a suit; a call to win or lose the "
                        "trick (laws 47, 59, 83, 89) is read the same way, as the laws give it no other "
                        "sanction."
                    )
                st = st._rule(
                    _r(
                        K.CALL_NOT_OBEYED,
                        (54,),
                        f"{SEAT_NAMES[seat]} did not comply: {r.describe()}. He incurs the penalty of a revoke.",
                        offender=seat,
                        target=r.seat,
                        effects=("penalty of a revoke",),
                        reading=reading,
                    ),
                    revokes=st.revokes + (Revoke(seat, len(st.tricks), card, established=True, kind="call"),),
                )
            if not drop:
                keep.append(r)
        return st._with(requirements=tuple(keep))

    def _requirement_outcome(
        self, r: Requirement, seat: int, card: Card, led: int | None, legal: int
    ) -> tuple[bool, bool, bool]:
        """(complied, could have complied, drop the requirement)."""
        trump = self.trump
        if r.kind == "play-card":
            assert r.card is not None
            if card == r.card:
                return True, True, True
            could = bool(legal >> r.card & 1) and bool(self.hands[seat] >> r.card & 1)
            return False, could, False  # Law 56: repeated until played; Law 55: no forced revoke
        if r.kind == "lead-suit":
            if led is not None:
                return True, False, False  # not his lead yet
            holds = self.hands[seat] & SUIT_MASK[trump][r.suit or 0]
            if not holds:
                return True, False, True  # Law 57: he has none of it: the penalty is paid
            return EFFECTIVE_SUIT[trump][card] == r.suit, True, True
        if led is None:
            return True, False, True
        led_suit = EFFECTIVE_SUIT[trump][led]
        follow = self.hands[seat] & SUIT_MASK[trump][led_suit]
        if r.kind in ("highest", "lowest"):
            pool = cards_of_mask(follow)
            if not pool:
                return True, False, True  # Law 55
            keys = PLAY_KEY[trump][led_suit]
            best = max(pool, key=lambda c: keys[c]) if r.kind == "highest" else min(pool, key=lambda c: keys[c])
            return card == best, True, True
        # win / lose
        cards = [c for _, c in self.trick]
        options = cards_of_mask(legal)
        wins = [c for c in options if trick_winner_index(trump, cards + [c]) == len(cards)]
        if r.kind == "win":
            return card in wins, bool(wins), True
        loses = [c for c in options if c not in wins]
        return card in loses, bool(loses), True

    def _lead_out_of_turn(self, seat: int, card: Card) -> Director:
        d = self.deal
        if d.alone is not None and seat == d.alone:
            # Law 104: the lone player leads out of turn: the card is exposed and can be called.
            return self._rule(
                _r(
                    K.LONE_LEAD_OUT_OF_TURN,
                    (104,),
                    f"{SEAT_NAMES[seat]}, playing alone, led out of turn: the {card.long_name()} is an exposed card "
                    "and can be called.",
                    offender=seat,
                    effects=("the card goes back on the table, exposed",),
                ),
                exposed=_set(self.exposed, seat, self.exposed[seat] | (1 << card)),
            )
        # Laws 52, 53: the false lead lies on the table. If the other three follow it, the trick is
        # complete and the error cannot be rectified (Law 53); if the adversaries claim first, the cards
        # played to it are taken back, and they may call the card led or call a suit (Law 52).
        chooser = 1 - self.side_of(seat) if self.n == 4 else None
        st = self._rule(
            _r(
                K.LEAD_OUT_OF_TURN,
                (52, 53),
                f"{SEAT_NAMES[seat]} led the {card.long_name()} out of turn; it was {SEAT_NAMES[self.actor]}'s lead. "
                "Until the other three have followed, the adversaries may call the card erroneously led, or call a "
                "suit from him or his partner when it is next the turn of either to lead; the cards played to the "
                "false lead are then taken back. If all three follow, the trick stands (law 53).",
                offender=seat,
                chooser=chooser,
                blocking=False,
                card=card,
                proper=self.actor,
                options=(
                    Option(
                        "call-card",
                        f"Call the {card.long_name()} (it must be played at the first lawful opportunity)",
                        (52, 56),
                    ),
                    Option(
                        "call-suit",
                        "Call a suit (name it: 'call-suit H') from him or his partner at their next lead",
                        (52, 57),
                    ),
                    Option("waive", "Exact no penalty: the lead stands", (52,)),
                ),
            )
        )
        if not st.quitted:
            st = st._quit()
        hands = _set(st.hands, seat, st.hands[seat] & ~(1 << card))
        return st._with(hands=hands, trick=((seat, card),), actor=st._next(seat), leader=seat)

    def _play_out_of_turn(self, seat: int, card: Card) -> Director:
        d = self.deal
        if self._played_this_trick(seat):
            return self._lead_again(seat, card)
        pos_actor = self._position(self.actor)
        pos_seat = self._position(seat)
        if d.alone is not None and self.side_of(seat) != self.side_of(d.alone) and self.trick[0][0] == d.alone:
            # Law 105: an adversary plays out of turn to the lead of a lone hand: both opposing
            # hands are laid on the table and can be called by the player playing alone; the card
            # played out of turn is callable like the rest.
            adv = [s for s in self.active() if self.side_of(s) != self.side_of(d.alone)]
            exposed = self.exposed
            for s in adv:
                exposed = _set(exposed, s, exposed[s] | self.hands[s])
            return self._rule(
                _r(
                    K.ADVERSARY_OUT_OF_TURN_TO_LONE,
                    (105,),
                    f"{SEAT_NAMES[seat]} played out of turn to the lead of the lone hand: both opposing hands are laid "
                    "on the table, and their cards (the card played out of turn among them) can be called by the "
                    "player playing alone.",
                    offender=seat,
                    effects=("both adversaries' hands exposed",),
                ),
                exposed=exposed,
            )
        if self.free_order == len(self.tricks):
            # Law 58: after the third hand played before the second, the fourth may play before his partner.
            return self._put_out_of_order(seat, card)
        if len(self.active()) == 4 and pos_actor == 1 and pos_seat == 2:
            # Law 58: the third hand plays before the second: the fourth may play before his partner.
            st = self._rule(
                _r(
                    K.THIRD_BEFORE_SECOND,
                    (58,),
                    f"{SEAT_NAMES[seat]} played before {SEAT_NAMES[self.actor]}: the card stands, and the fourth hand "
                    "may play before his partner without penalty.",
                    offender=seat,
                    effects=("the card stands",),
                ),
                free_order=len(self.tricks),
            )
            return st._put_out_of_order(seat, card)
        if len(self.active()) == 4 and pos_actor == 1 and pos_seat == 3:
            # Law 59: the third hand has not played and the fourth plays before his partner (the
            # second hand): the partner may be called on to win or lose the trick.
            st = self._rule(
                _r(
                    K.FOURTH_BEFORE_PARTNER,
                    (59,),
                    f"{SEAT_NAMES[seat]} played before his partner {SEAT_NAMES[self.actor]}: the adversaries may call "
                    f"on {SEAT_NAMES[self.actor]} to win or to lose the trick.",
                    offender=seat,
                    chooser=1 - self.side_of(seat),
                    target=self.actor,
                    options=(
                        Option("win", f"{SEAT_NAMES[self.actor]} must win the trick if he can", (59,)),
                        Option("lose", f"{SEAT_NAMES[self.actor]} must lose the trick if he can", (59,)),
                        Option("waive", "Exact no penalty", (59,)),
                    ),
                ),
                free_order=len(self.tricks),
            )
            return st._put_out_of_order(seat, card)
        # Otherwise: a card played out of turn is an exposed card (Law 46), liable to be called.
        return self._exposed_out_of_turn(seat, card)

    def _exposed_out_of_turn(self, seat: int, card: Card) -> Director:
        if self._lone_player(seat):
            # Law 104: only his lead out of turn is an exposed card; this card is not a lead
            return self._lone_exposed(seat, f"played the {card.long_name()} out of turn (not a lead)")
        return self._rule(
            _r(
                K.CARD_OUT_OF_TURN,
                (46,),
                f"{SEAT_NAMES[seat]} played the {card.long_name()} out of turn: it is an exposed card, left on the "
                "table, liable to be called.",
                offender=seat,
                effects=("the card is exposed",),
            ),
            exposed=_set(self.exposed, seat, self.exposed[seat] | (1 << card)),
        )

    def _lone_player(self, seat: int) -> bool:
        """Law 104: the seat plays alone (his declaration made)."""
        return self.deal.alone is not None and seat == self.deal.alone

    def _lone_exposed(self, seat: int, what: str) -> Director:
        """Law 104: "A player playing alone is liable to no penalty for simply exposing a card": every
        exposure of his (a card shown or dropped, cards played at once, a card played out of turn that
        is not a lead, his hand shown or thrown down) leaves his cards in his hand, not liable to be called."""
        return self._rule(
            _r(
                K.LONE_PLAYER_EXPOSED,
                (104,),
                f"{SEAT_NAMES[seat]}, playing alone, {what}: no penalty (law 104); his cards are not liable to be "
                "called.",
                offender=seat,
                effects=("no penalty",),
            )
        )

    def _lone_partner_plays(self, seat: int, card: Card) -> Director:
        """Law 100: the lone player's partner plays upon the first lead: the player loses his
        right to play alone and must play with his partner, unless the adversaries elect that he
        play it alone. Otherwise (he leads, or plays later in the hand) he is out of the play: his
        cards lie face down (Law 101), and a card he shows exposes the face of his cards (Law 102):
        not a lead out of turn (Law 52), which concerns the players in the play."""
        d = self.deal
        assert d.alone is not None
        if not self.tricks and self.trick:
            return self._rule(
                _r(
                    K.LONE_PARTNER_PLAYED,
                    (100,),
                    f"{SEAT_NAMES[seat]} played upon the first lead although his partner announced a lone hand: "
                    f"{SEAT_NAMES[d.alone]} loses his right to play alone and must play the hand with his partner, "
                    "unless the adversaries elect that he play it alone.",
                    offender=seat,
                    chooser=1 - self.side_of(seat),
                    card=card,
                    options=(
                        Option("with-partner", "He plays the hand with his partner (the card stands)", (100,)),
                        Option("alone", "He plays it alone (the card goes back)", (100,)),
                    ),
                )
            )
        return self._lone_partner_shows(seat, card)

    def _lone_partner_shows(self, seat: int, card: Card, laws: tuple[int, ...] = (101, 102)) -> Director:
        """Laws 101, 102: the partner of the lone player shows the face of a card (laying it on the
        table, or offering to play it): his partner scores only two for a march; a euchre scores four."""
        return self._rule(
            _r(
                K.LONE_PARTNER_SHOWED,
                laws,
                f"{SEAT_NAMES[seat]}, whose partner plays alone, is out of the play (law 101); he exposed the "
                f"{card.long_name()}: his partner can score only two points should he take every trick; if he is "
                "euchred the adversaries score four (law 102).",
                offender=seat,
                effects=("march capped at 2", "a euchre scores 4"),
            ),
            capped=True,
        )

    def _lead_again(self, seat: int, card: Card) -> Director:
        """Law 47: a player who has played to an imperfect trick the highest card on the table (or
        led a winning card) leads again, or plays several such winning cards one after the other,
        without waiting for his partner: the partner may be called on to win, if he can, the first
        trick, and the other cards are exposed cards. When his partner has already played to the
        trick (he led it), or his card was not the highest on the table, the second card is simply
        a card played out of turn (Law 46)."""
        p = self.partner(seat)
        mine = dict(self.trick)[seat]
        cards = [c for _, c in self.trick]
        highest = self.trick[trick_winner_index(self.trump, cards)][1] == mine
        if self._played_this_trick(p) or not highest or p not in self.active():
            return self._exposed_out_of_turn(seat, card)
        return self._rule(
            _r(
                K.WINNING_CARDS_IN_SUCCESSION,
                (47,),
                f"{SEAT_NAMES[seat]} played the {card.long_name()} before his partner had played to the trick: the card "
                f"is an exposed card, and {SEAT_NAMES[p]} may be called on to win the trick if he can.",
                offender=seat,
                chooser=1 - self.side_of(seat),
                target=p,
                options=(
                    Option("win", f"{SEAT_NAMES[p]} must win the trick if he can", (47,)),
                    Option("waive", "Only the card is exposed", (47,)),
                ),
            ),
            exposed=_set(self.exposed, seat, self.exposed[seat] | (1 << card)),
        )

    def _position(self, seat: int) -> int:
        """0 = the leader of the current trick, 1 = second to play, ..."""
        act = self.active()
        lead = self.trick[0][0] if self.trick else self.actor
        return (act.index(seat) - act.index(lead)) % len(act)

    def _put_out_of_order(self, seat: int, card: Card) -> Director:
        """Place a card played out of order; the players who have not played still play."""
        led = self.trick[0][1]
        legal = legal_play_mask(self.hands[seat], led, self.trump)
        st = self
        if not legal >> card & 1:
            st = st._rule(
                _r(
                    K.REVOKE,
                    (62, 64),
                    f"{SEAT_NAMES[seat]} played the {card.long_name()} holding the suit led.",
                    offender=seat,
                ),
                revokes=st.revokes + (Revoke(seat, len(st.tricks), card),),
            )
        hands = _set(st.hands, seat, st.hands[seat] & ~(1 << card))
        trick = st.trick + ((seat, card),)
        st = st._with(hands=hands, trick=trick)
        if len(trick) == len(st.active()):
            return st._complete_trick_unordered()
        return st

    def _complete_trick_unordered(self) -> Director:
        order = self.active()
        lead = self.trick[0][0]
        i = order.index(lead)
        seq = order[i:] + order[:i]
        by_seat = dict(self.trick)
        return self._with(trick=tuple((s, by_seat[s]) for s in seq))._complete_trick()

    def _played_this_trick(self, seat: int) -> bool:
        return any(s == seat for s, _ in self.trick)

    # ------------------------------------------------------------------ exposed cards and calls
    def _ev_expose(self, ev: Event) -> Director:
        """Law 46 II: one card or several dropped or shown face up; every card named must be one
        he holds (the trump card lifted from the pack, Laws 46 III and 91, is named alone)."""
        seat = self._seat(ev)
        cards = self._cards(ev)
        if len(cards) == 1:
            return self._expose(ev, seat, cards[0])
        for c in cards:
            if not self.hands[seat] >> c & 1:
                raise InputError(f"{ev.who} does not hold the {c.long_name()}", "card")
        st = self
        for c in cards:
            st = st._expose(ev, seat, c)
        return st

    def _expose(self, ev: Event, seat: int, card: Card) -> Director:
        d0 = self.deal
        if self.phase is Phase.BIDDING and card == d0.turn_up and not d0.hands[d0.dealer] >> card & 1:
            # Laws 46 III and 91: the trump card lifted from the pack becomes an exposed card (once the
            # dealer holds it, it is liable to be called).
            return self._rule(
                _r(
                    K.TRUMP_CARD_LIFTED,
                    (46, 91),
                    f"{ev.who} lifted the trump card from the pack: it becomes an exposed card.",
                    offender=d0.dealer,
                    effects=("the turn-up is exposed when the dealer takes it up",),
                ),
                turn_up_exposed=True,
            )
        if not self.hands[seat] >> card & 1:
            raise InputError(f"{ev.who} does not hold the {card.long_name()}", "card")
        d = self.deal
        if self._lone_player(seat):
            # Law 104: the lone player, his declaration made, exposes a card: no penalty (Law 95 concerns
            # a card exposed before the declaration)
            return self._lone_exposed(seat, f"exposed the {card.long_name()}")
        if self.phase is Phase.BIDDING:
            # Law 95: he exposes a card before his declaration: he cannot play alone; Law 46: exposed.
            return self._rule(
                _r(
                    K.EXPOSED_BEFORE_DECLARATION,
                    (46, 95),
                    f"{ev.who} exposed the {card.long_name()} before declaring: he cannot play alone (law 95), and the "
                    "card is an exposed card, liable to be called in the play (law 46).",
                    offender=seat,
                    effects=("no lone hand for him", "the card is exposed"),
                ),
                no_alone=_set(self.no_alone, seat, 95),
                exposed=_set(self.exposed, seat, self.exposed[seat] | (1 << card)),
            )
        if d.alone is not None and seat == self.partner(d.alone):
            # Law 102: the lone player's partner exposes his cards: two points at most for a march;
            # in case of a euchre the adversaries score four.
            return self._lone_partner_shows(seat, card, (102,))
        return self._rule(
            _r(
                K.EXPOSED_CARD,
                (46,),
                f"{ev.who} exposed the {card.long_name()}: it must be left on the table and is liable to be called.",
                offender=seat,
                effects=("the card is exposed",),
            ),
            exposed=_set(self.exposed, seat, self.exposed[seat] | (1 << card)),
        )

    def _ev_callcard(self, ev: Event) -> Director:
        self._block_if_pending(ev)
        if self.phase == "bidding" and self.deal.phase == "callcard":
            return self._regular(ev)  # 1877 jambone: one exposed card called to the first trick
        caller = self._seat(ev)
        if len(ev.args) != 2:
            raise InputError("write 'callcard SEAT CARD'", "event")
        if ev.args[0].upper() not in SEAT_NAMES[: self.n] or len(ev.args[0]) != 1:
            raise InputError(f"no seat {ev.args[0]!r}", "seat")
        target = SEAT_NAMES.index(ev.args[0].upper())
        card = self._card(ev.args[1])
        if self.side_of(caller) == self.side_of(target):
            raise IllegalAction("only an adversary can call an exposed card", (46,))
        called = any(r.kind is Call.PLAY_CARD and r.seat == target and r.card == card for r in self.requirements)
        if called:
            # Law 56: "The call for an exposed card can be repeated until such card has been played" (also the
            # card led out of turn and called, Law 52, which went back to his hand): the call stands
            return self._rule(
                _r(
                    K.CALL_REPEATED,
                    (56,),
                    f"{ev.who} repeated the call of {SEAT_NAMES[target]}'s {card.long_name()}: it must still be played "
                    "at the first lawful opportunity (law 56).",
                    offender=target,
                    card=card,
                    target=target,
                    effects=("the call stands",),
                )
            )
        if not self.exposed[target] >> card & 1:
            raise IllegalAction(f"the {card.long_name()} is not an exposed card", (46,))
        req = Requirement(target, Call.PLAY_CARD, (46, 56), card=card)
        return self._rule(
            _r(
                K.EXPOSED_CARD_CALLED,
                (46, 55, 56),
                f"{ev.who} called {SEAT_NAMES[target]}'s {card.long_name()}: it must be played at the first lawful "
                "opportunity; no call can force a revoke (law 55); the call can be repeated until the card is played "
                "(law 56).",
                offender=target,
                card=card,
                target=target,
                effects=(req.describe(),),
            ),
            requirements=self.requirements + (req,),
        )

    def _ev_name(self, ev: Event) -> Director:
        # Law 51: a detached card is liable to be called if an adversary can name it; a wrong
        # name makes the namer liable to have a suit called when he or his partner next lead.
        namer = self._seat(ev)
        if len(ev.args) != 2 or ev.args[0].upper() not in SEAT_NAMES[: self.n] or len(ev.args[0]) != 1:
            raise InputError("write 'name SEAT CARD'", "event")
        target = SEAT_NAMES.index(ev.args[0].upper())
        card = self._card(ev.args[1])
        if self.side_of(namer) == self.side_of(target):
            raise IllegalAction("only an adversary can name a detached card", (51,))
        if self.hands[target] >> card & 1:
            return self._rule(
                _r(
                    K.DETACHED_CARD_NAMED,
                    (51,),
                    f"{ev.who} named {SEAT_NAMES[target]}'s detached card, the {card.long_name()}: it is liable to be "
                    "called.",
                    offender=target,
                    card=card,
                    effects=("the card is exposed",),
                ),
                exposed=_set(self.exposed, target, self.exposed[target] | (1 << card)),
            )
        return self._rule(
            _r(
                K.WRONG_CARD_NAMED,
                (51,),
                f"{ev.who} named a wrong card: he is liable to have a suit called when he or his partner next lead.",
                offender=namer,
                chooser=1 - self.side_of(namer),
                target=namer,
                options=(
                    Option(
                        "call-suit",
                        f"Call a suit (name it: 'call-suit H') from {ev.who} or his partner at their next lead",
                        (51, 57),
                    ),
                    Option("waive", "Exact no penalty", (51,)),
                ),
            )
        )

    def _ev_attention(self, ev: Event) -> Director:
        # Law 83: calling attention to the trick before the partner plays: the adversaries may
        # require the partner to play highest or lowest, or to win or lose the trick.
        seat = self._seat(ev)
        p = self.partner(seat)
        if self.phase is not Phase.PLAY or self._played_this_trick(p) or p not in self.active():
            raise IllegalAction("Law 83 concerns a remark made before the partner plays to the trick", (83,))
        return self._rule(
            _r(
                K.ATTENTION_CALLED,
                (83,),
                f"{ev.who} called attention to the trick before his partner played: the adversaries may require "
                f"{SEAT_NAMES[p]} to play his highest or lowest of the suit led, or to win or lose the trick.",
                offender=seat,
                chooser=1 - self.side_of(seat),
                target=p,
                options=_play_options(SEAT_NAMES[p], (83,), waive=True),
            )
        )

    def _ev_throw(self, ev: Event) -> Director:
        seat = self._seat(ev)
        d = self.deal
        if self._lone_player(seat) and self.phase in (Phase.BIDDING, Phase.PLAY):
            # Law 104: the lone player shows or lays down his hand: no penalty, and the hand goes on
            return self._lone_exposed(seat, "threw his cards face up on the table")
        if self.phase is Phase.BIDDING:
            if seat == d.dealer and d.phase == "bid2":
                # Law 82: the dealer throws his cards on the table in the second round: it is his pass,
                # binding on his partner (who must pass if he has not spoken).
                p = self.partner(seat)
                st = self._rule(
                    _r(
                        K.DEALER_THREW_CARDS,
                        (82,),
                        f"{ev.who} threw his cards on the table in the second round: it is his pass, and it is binding "
                        f"on his partner, {SEAT_NAMES[p]}, who must pass.",
                        offender=seat,
                        effects=("the dealer passes", f"{SEAT_NAMES[p]} must pass"),
                    ),
                    must_pass=_set(_set(self.must_pass, p, 82), seat, 82),
                )
                return st._regular(Event(ev.who, "pass")) if seat == d.actor else st
            # Laws 46, 48, 95: a hand thrown face up during the bidding: every card is exposed and
            # liable to be called; having exposed a card before declaring, he cannot play alone.
            return self._rule(
                _r(
                    K.HAND_SHOWN_IN_BIDDING,
                    (46, 48, 95),
                    f"{ev.who} threw his cards face up during the bidding: they are exposed cards, liable to be called "
                    "in the play (laws 46, 48), and he cannot play alone (law 95).",
                    offender=seat,
                    effects=("his whole hand is exposed", "no lone hand for him"),
                ),
                exposed=_set(self.exposed, seat, self.exposed[seat] | self.hands[seat]),
                no_alone=_set(self.no_alone, seat, 95),
            )
        if self.phase is not Phase.PLAY:
            raise IllegalAction(*self._why_over())
        if d.alone is not None and d.out >> seat & 1:
            return self._lone_partner_shows(seat, (self.hand(seat) or [d.turn_up])[0])
        if d.alone is not None and self.side_of(seat) != self.side_of(d.alone):
            # Law 50: an adversary of a lone hand abandons his hand: the lone player scores five points.
            return self._abandon_lone(seat, "abandoned his hand by laying it face up on the table")
        thrown = self.thrown | {seat}
        if len(thrown) == len(self.active()):
            # Law 49: all throw their cards face up: the hands are abandoned; no claim unless a revoke.
            return self._rule(
                _r(
                    K.ALL_HANDS_ABANDONED,
                    (49,),
                    "All the players threw their cards face up: the hands are abandoned, and no claim that the game could "
                    "have been saved or won is entertained, unless a revoke is established.",
                    offender=None,
                    effects=("the deal is scored on the tricks taken",),
                ),
                phase=Phase.CLAIMS,
                thrown=thrown,
            )
        # Law 48: the cards thrown face up are exposed and can be called, each player's by the adversary.
        return self._rule(
            _r(
                K.HAND_THROWN,
                (48,),
                f"{ev.who} threw his cards on the table face up: they are exposed cards and can be called by the "
                "adversaries; a player who retains his hand cannot be forced to abandon it.",
                offender=seat,
                effects=("his whole hand is exposed",),
            ),
            exposed=_set(self.exposed, seat, self.exposed[seat] | self.hands[seat]),
            thrown=thrown,
        )

    def _ev_holds(self, ev: Event) -> Director:
        """Laws 90, 103: a player is found to hold N cards. The right number (five before the
        play, fewer by the tricks played) is no offence; more or fewer: the deal holds good, the
        offending side forfeits two (four in a lone hand) and scores nothing on the hand. One
        offence forfeits once."""
        seat = self._seat(ev)
        # a player can hold at most the cards of the pack not yet played to a trick
        in_play = self.deal.rules.pack_size - sum(len(t.cards) for t in self.tricks) - len(self.trick)
        if len(ev.args) != 1 or not ev.args[0].isdigit() or len(ev.args[0]) > 2 or int(ev.args[0]) > in_play:
            raise InputError(f"write 'holds N' with N the number of cards, 0 to {in_play} (the cards in play)", "holds")
        n = int(ev.args[0])
        short = sum(1 for _, s, _ in self.gathered if s == seat)  # Law 61: cards of his mixed with a trick
        expected = bin(self.hands[seat]).count("1") + short - sum(1 for s, _ in self.early if s == seat)
        if short and n == expected - short:
            return self._restore_gathered(seat, n)
        side = self.side_of(seat)
        d = self.deal
        laws: tuple[int, ...] = (90, 103) if d.alone is not None and d.out >> seat & 1 else (90,)
        if n == expected:
            return self._rule(
                _r(
                    K.CARDS_COUNTED,
                    laws,
                    f"{ev.who} holds {n} cards, the right number at this point: no offence.",
                    offender=None,
                    effects=("no penalty",),
                )
            )
        lone = d.alone is not None
        if side in self.forfeit:
            return self._rule(
                _r(
                    K.WRONG_NUMBER_OF_CARDS,
                    laws,
                    f"{ev.who} holds {n} cards instead of {expected}: {self.side_name(side)} have already forfeited on "
                    "this hand; one offence forfeits once.",
                    offender=seat,
                    effects=("no further penalty",),
                )
            )
        return self._rule(
            _r(
                K.WRONG_NUMBER_OF_CARDS,
                laws,
                f"{ev.who} holds {n} cards instead of {expected}: the deal holds good; {self.side_name(side)} forfeit "
                f"{4 if lone else 2} and may not score any point made on this hand.",
                offender=seat,
                effects=(f"{self.side_name(side)} forfeits {4 if lone else 2}",),
            ),
            forfeit=self.forfeit + (side,),
        )

    # ------------------------------------------------------------------ revokes
    def _ev_ask(self, ev: Event) -> Director:
        seat = self._seat(ev)
        p = self.partner(seat)
        if self.phase not in (Phase.PLAY, Phase.CLAIMS) or p not in self.active():
            raise IllegalAction("Law 65 concerns a question asked during the play, of a partner in the play", (65,))
        idx = len(self.tricks) - (0 if self.trick else 1)
        revokes = tuple(
            replace(r, asked=True) if r.seat == p and r.trick == idx and not r.established else r for r in self.revokes
        )
        return self._rule(
            _r(
                K.PARTNERS_QUESTION,
                (65,),
                f"{ev.who} asked his partner whether he has not a card of the suit renounced: the revoke, if any, is not "
                "established by quitting the trick, and may be corrected unless the question is answered in the negative "
                "or he or his partner leads or plays to the next trick.",
                offender=None,
                target=p,
                effects=("the correction window stays open",),
            ),
            revokes=revokes,
            question=p,
        )

    def _ev_answer(self, ev: Event) -> Director:
        """Law 65: the partner answers the question. "no" (he has none of the suit) closes the
        window: a revoke in that trick is established once the trick is quitted (at once if it
        has been); "yes": he has one, and corrects his card (``correct CARD``)."""
        seat = self._seat(ev)
        if len(ev.args) != 1 or ev.args[0].lower() not in ("yes", "no"):
            raise InputError("write 'answer yes' or 'answer no'", "answer")
        if self.question != seat:
            raise IllegalAction(f"no question has been put to {ev.who}", (65,))
        if ev.args[0].lower() == "yes":
            return self._rule(
                _r(
                    K.QUESTION_ANSWERED,
                    (65, 69),
                    f"{ev.who} answered that he has a card of the suit: he must correct his revoke (laws 65, 69).",
                    offender=seat,
                    effects=("the revoke is to be corrected",),
                ),
                question=None,
            )
        quitted_trick = len(self.tricks) - 1 if self.quitted or self.trick else None
        revokes = tuple(
            replace(r, asked=False, established=r.established or r.trick == quitted_trick)
            if r.seat == seat and r.asked and not r.corrected
            else r
            for r in self.revokes
        )
        return self._rule(
            _r(
                K.QUESTION_ANSWERED,
                (64, 65),
                f"{ev.who} answered in the negative: the question no longer keeps the revoke open; it is established "
                "when the trick is turned and quitted (law 64).",
                offender=None,
                effects=("the correction window closes",),
            ),
            revokes=revokes,
            question=None,
        )

    def _ev_correct(self, ev: Event) -> Director:
        """Laws 65, 69: the revoking player takes back his card and plays a proper one; the card
        played in error lies exposed and the adversaries may call it. The players who played after
        him *in that trick*, except his partner, may then withdraw their cards and substitute others
        (``correct CARD`` by one of them; the card withdrawn is not liable to be called); nobody else's
        card moves. A lead to the next trick made meanwhile by an adversary (the question kept the
        revoke open, Law 65) stands if its leader still wins the trick corrected; otherwise it goes back
        to his hand without penalty: he led in turn."""
        seat = self._seat(ev)
        if len(ev.args) != 1:
            raise InputError("write 'correct CARD': the one card he plays instead", "card")
        new = self._card(ev.args[0])
        open_r = [r for r in self.revokes if r.seat == seat and not r.established and not r.corrected]
        if not open_r:
            if self.withdraw is not None and seat in self.withdraw[1]:
                return self._substitute(ev, seat, new)
            raise IllegalAction(
                "he has no revoke to correct (a revoke can be corrected only until it is established)", (64,)
            )
        rv = open_r[-1]
        if rv.trick == len(self.tricks):
            seq = list(self.trick)
        elif rv.trick == len(self.tricks) - 1:
            # Laws 64, 65: the window is open until the revoking player or his partner leads or plays to the
            # next trick
            seq = list(self.tricks[-1].cards)
        else:
            raise IllegalAction("the revoke is established", (64,))
        i = next(k for k, (s, c) in enumerate(seq) if s == seat and c == rv.card)
        if not self.hands[seat] >> new & 1:
            raise InputError(f"{ev.who} does not hold the {new.long_name()}", "card")
        hand = self.hands[seat] | (1 << rv.card)
        if not legal_play_mask(hand, seq[0][1], self.trump) >> new & 1:
            raise IllegalAction(f"the {new.long_name()} does not follow suit either", (62,))
        seq[i] = (seat, new)
        # Law 69: the card played in error lies on the table, exposed: still his, liable to be called
        hands = _set(self.hands, seat, hand & ~(1 << new))
        exposed = _set(self.exposed, seat, self.exposed[seat] | (1 << rv.card))
        revokes = tuple(replace(r, corrected=True) if r is rv else r for r in self.revokes)
        # Law 69: "Any player or players who have played after him, except his partner, may withdraw their cards"
        later = frozenset(s for s, _ in seq[i + 1 :] if s != self.partner(seat))
        st = self._with(
            hands=hands,
            exposed=exposed,
            revokes=revokes,
            question=None,
            withdraw=(rv.trick, later) if later else None,
        )
        may = ", ".join(SEAT_NAMES[s] for s in sorted(later))
        st = st._rule(
            _r(
                K.REVOKE_CORRECTED,
                (65, 69),
                f"{ev.who} corrected his revoke with the {new.long_name()}: the {rv.card.long_name()} is liable to be "
                "called by the adversaries"
                + (f"; {may}, who played after him, may withdraw his card and substitute another." if later else "."),
                offender=seat,
                effects=("the card played in error is exposed",),
            )
        )
        return st._trick_changed(rv.trick, tuple(seq))

    def _substitute(self, ev: Event, seat: int, new: Card) -> Director:
        """Law 69: a player who played after the revoking player (not his partner) withdraws his card
        and substitutes another; the card withdrawn is not liable to be called."""
        assert self.withdraw is not None
        idx, seats = self.withdraw
        seq = list(self.trick if idx == len(self.tricks) else self.tricks[idx].cards)
        i = next(k for k, (s, _) in enumerate(seq) if s == seat)
        old = seq[i][1]
        if not self.hands[seat] >> new & 1:
            raise InputError(f"{ev.who} does not hold the {new.long_name()}", "card")
        hand = self.hands[seat] | (1 << old)
        if not legal_play_mask(hand, seq[0][1], self.trump) >> new & 1:
            raise IllegalAction(f"the {new.long_name()} does not follow suit", (62,))
        seq[i] = (seat, new)
        rest = seats - {seat}
        st = self._with(hands=_set(self.hands, seat, hand & ~(1 << new)), withdraw=(idx, rest) if rest else None)
        st = st._rule(
            _r(
                K.CARD_WITHDRAWN,
                (69,),
                f"{ev.who} withdrew the {old.long_name()} and played the {new.long_name()} instead: the card withdrawn "
                "is not liable to be called (law 69).",
                offender=None,
                effects=("the card withdrawn goes back to his hand",),
            )
        )
        return st._trick_changed(idx, tuple(seq))

    def _trick_changed(self, idx: int, seq: tuple[tuple[int, Card], ...]) -> Director:
        """The cards of trick ``idx`` (the trick on the table, or the last one turned) after a correction or
        a substitution (Laws 65, 69): the trick on the table simply goes on; a trick already won is won
        again by its highest card, and a lead to the next trick stands only if made by that winner."""
        if idx == len(self.tricks):
            return self._with(trick=seq)
        last = self.tricks[idx]
        winner = seq[trick_winner_index(self.trump, [c for _, c in seq])][0]
        won = _set(self.won, last.winner, self.won[last.winner] - 1)
        won = _set(won, winner, won[winner] + 1)
        st = self._with(tricks=self.tricks[:idx] + (replace(last, cards=seq, winner=winner),), won=won)
        if st.trick and st.trick[0][0] == winner:
            return st  # Law 65: the adversary's lead to the next trick stands: he still won the trick
        hands = list(st.hands)
        for s, c in st.trick:
            hands[s] |= 1 << c  # he led in turn when he led: back to his hand, no penalty
        if st.phase is Phase.CLAIMS:
            return st._with(hands=tuple(hands), trick=())
        return st._with(hands=tuple(hands), trick=(), actor=winner, leader=winner)

    def _ev_claim(self, ev: Event) -> Director:
        """Laws 63, 66, 68, 70, 71: a revoke claim: the tricks are searched; each established
        revoke costs three points (five against a lone hand) to the revoking side; equal numbers
        on both sides cancel. Claimed before the hand is over, the revoking side may require the
        hand to be played out (Law 70)."""
        self._block_if_pending(ev)
        side = self._side(ev)
        if self.claims_closed:
            raise IllegalAction("a revoke cannot be claimed after the cards are cut for the next deal", (68,))
        if self.phase is Phase.BIDDING:
            raise IllegalAction("no card has been played: there is no revoke to claim", (62,))
        found = [r for r in self.revokes if r.established and self.side_of(r.seat) != side]
        claimed = self.claimed | {side}
        if not found:
            # Law 64: a revoke in the trick not yet turned and quitted is not established: say so
            early = [r for r in self.revokes if not r.established and not r.corrected and self.side_of(r.seat) != side]
            why = "".join(
                f" {SEAT_NAMES[r.seat]}'s revoke in trick {r.trick + 1} is not established: "
                + (
                    "his partner asked in time whether he had none of the suit led (law 65)."
                    if r.asked
                    else "that trick has not been turned and quitted, nor has he or his partner played to the next "
                    "trick (law 64); he may still correct it (law 65)."
                )
                for r in early
            )
            laws = tuple(sorted({66} | {65 if r.asked else 64 for r in early} | ({65} if early else set())))
            return self._rule(
                _r(
                    K.REVOKE_CLAIMED,
                    laws,
                    f"{ev.who} claimed a revoke; the tricks were searched and none is established.{why}",
                    chooser=None,
                    effects=("no penalty",),
                ),
                claimants=self.claimants | {side},
            )
        who = ", ".join(SEAT_NAMES[r.seat] for r in found)
        if self.phase is Phase.PLAY:
            revoking = 1 - side
            return self._rule(
                _r(
                    K.REVOKE_CLAIMED,
                    (63, 66, 70),
                    f"{ev.who} claimed a revoke before the hand was over: {len(found)} established by {who}. The revoking "
                    f"side, {self.side_name(revoking)}, may require the hand to be played out (law 70); the penalty is "
                    "scored before all other scores (law 4).",
                    offender=found[0].seat,
                    chooser=revoking,
                    options=(
                        Option("play-out", "The hand is played out; its points are scored after the penalty", (70, 4)),
                        Option("stop", "The hand stops here: only the penalty is scored", (63,)),
                    ),
                ),
                claimed=claimed,
                claimants=self.claimants | {side},
            )
        return self._rule(
            _r(
                K.REVOKE_CLAIMED,
                (63, 66),
                f"{ev.who} claimed a revoke: {len(found)} established by {who}. The penalty is scored at the end of the "
                "hand (law 63), before all other scores (law 4).",
                chooser=None,
                effects=("penalty scored",),
            ),
            claimed=claimed,
            claimants=self.claimants | {side},
        )

    def _ev_mix(self, ev: Event) -> Director:
        """Law 67: a revoke claimed, the accused player or his partner mixes the cards before the
        adversaries have examined them: the revoke is established, and scored (the mixing side's
        revokes, or one revoke if none is on record). With no revoke claimed against his side, the
        mixing establishes nothing."""
        side = self._side(ev)
        if self.phase is Phase.BIDDING:
            raise IllegalAction("no card has been played: there is no revoke to claim", (67,))
        if (1 - side) not in self.claimants:
            # Law 67: "Should a revoke be claimed, and the accused player or his partner mix the cards ...":
            # no claim against this side, no revoke established by the mixing (the claimants' own
            # mixing is not the accused side's act either)
            text = (
                f"{ev.who}, who claimed the revoke, mixed the cards: Law 67 concerns the accused side; no effect."
                if side in self.claimants
                else f"{ev.who} mixed the cards, but no revoke had been claimed against them: Law 67 establishes a "
                "revoke only when one is claimed; no penalty."
            )
            return self._rule(_r(K.CARDS_MIXED, (67,), text, offender=None, effects=("no effect",)))
        pend = [r for r in self.revokes if self.side_of(r.seat) == side and not r.corrected]
        revokes = tuple(replace(r, established=True) if r in pend else r for r in self.revokes)
        mixed = self.mixed if pend else self.mixed | {side}
        st = self
        if st.pending is not None and st.rulings[st.pending].kind is K.REVOKE_CLAIMED:
            st = st._with(pending=None)  # the cards are gathered: no hand left to play out (70)
        return st._rule(
            _r(
                K.CARDS_MIXED,
                (67, 63),
                f"{ev.who} mixed the cards before the revoke claim was examined: the revoke is established, and "
                f"{self.side_name(1 - side)} score its penalty (law 63).",
                offender=None,
                effects=("revoke established", "penalty scored"),
            ),
            revokes=revokes,
            mixed=mixed,
            claimed=self.claimed | {1 - side},
            phase=Phase.CLAIMS,
            played_out=self.played_out and self.phase is not Phase.PLAY,
        )

    def _ev_consult(self, ev: Event) -> Director:
        """Law 85: the partners consult on which of two penalties to exact: they lose their right."""
        side = self._side(ev)
        if self.pending is None or self.rulings[self.pending].chooser != side:
            raise IllegalAction(f"{ev.who} have no penalty to elect now", (85,))
        r = self.rulings[self.pending]
        if r.kind is K.REVOKE_CLAIMED:
            raise IllegalAction("law 85 concerns the election of a penalty; law 70 is the revoking side's right", (85,))
        default = _LOST_RIGHT.get(r.kind, "waive") if r.kind is not None else "waive"
        st = self._with(rulings=self.rulings.set(self.pending, r.choose(default)), pending=None)
        st = st._rule(
            _r(
                K.CONSULTED,
                (85,),
                f"{ev.who} consulted on which penalty to exact: they lose their right to the penalty for the "
                f"{r.irregularity} (law 85).",
                offender=None,
                effects=("no penalty exacted",),
            )
        )
        return st._enforce(r, default, ())

    def _ev_imperfect(self, ev: Event) -> Director:
        """Law 33: the pack found incorrect or imperfect during the deal or the play: a new deal
        by the same dealer; all points scored on previous hands stand."""
        if self.phase is Phase.DONE:
            raise IllegalAction("the deal is over")
        return self._rule(
            _r(
                K.IMPERFECT_PACK,
                (33,),
                "The pack is found incorrect or imperfect: there must be a new deal by the same dealer; the points "
                "scored on previous hands stand.",
                effects=("new deal by the same dealer", "this hand scores nothing"),
            ),
            phase=Phase.DONE,
            new_deal=(33,),
        )

    def _ev_cut(self, ev: Event) -> Director:
        # Law 68: after the cut for the next deal no revoke can be claimed.
        if self.phase is Phase.PLAY:
            raise IllegalAction("the hand is not finished")
        self._block_if_pending(ev)
        return self._with(claims_closed=True, phase=Phase.DONE)

    # ------------------------------------------------------------------ elections (Law 85)
    def _ev_choose(self, ev: Event) -> Director:
        side = self._side(ev)
        if self.pending is None:
            raise IllegalAction("there is no penalty to elect now", (85,))
        r = self.rulings[self.pending]
        if r.chooser is not None and side != r.chooser:
            raise IllegalAction(f"the election belongs to {self.side_name(r.chooser)}", (85,))
        if not ev.args:
            raise InputError("which option?", "option")
        ids = [o.id for o in r.options]
        opt = next((i for i in ids if i.lower() == ev.args[0].lower()), None)
        if opt is None:
            raise InputError(f"no option {ev.args[0]!r}; the options are {', '.join(ids)}", "option")
        if opt == "call-suit":
            _suit_arg(ev.args[1:])  # checked before anything changes
        if len(ev.args) > (2 if opt == "call-suit" else 1):
            raise InputError(
                f"too many words in {str(ev)!r}: 'choose OPTION' (call-suit: 'choose call-suit H')", "option"
            )
        st = self._with(rulings=self.rulings.set(self.pending, r.choose(opt)), pending=None)
        return st._enforce(r, opt, ev.args[1:])

    def _enforce(self, r: Ruling, opt: str, args: tuple[str, ...]) -> Director:
        st = self
        kind = r.kind
        if kind is K.LEAD_OUT_OF_TURN:
            assert r.offender is not None and r.card is not None and r.proper is not None
            seat, card, proper = r.offender, r.card, r.proper
            if opt == "waive":
                return st  # the lead stands
            # Law 53: the cards played to the false lead are taken back; only the offender is penalised.
            hands = list(st.hands)
            for s2, c2 in st.trick:
                hands[s2] |= 1 << c2
            st = st._with(hands=tuple(hands), trick=(), actor=proper, leader=proper)
            if opt == "call-card":
                req = Requirement(seat, Call.PLAY_CARD, (52, 56), card=card)
                return st._with(requirements=st.requirements + (req,))
            suit = _suit_arg(args)
            exposed = _set(st.exposed, seat, st.exposed[seat] & ~(1 << card))
            req = Requirement(seat, Call.LEAD_SUIT, (52, 57), suit=int(suit), or_partner=True)
            return st._with(exposed=exposed, requirements=st.requirements + (req,))
        if kind is K.ORDER_AFTER_PASSING:
            assert r.offender is not None and r.late is not None
            seat, action = r.offender, r.late
            if opt == "played":
                # Law 80: it is played as he said; his partner still must pass: no lone hand for him.
                d = self.deal
                made = d.turn_suit if action.kind == "order" else action.suit
                assert made is not None
                new = d._replace(actor=seat, log=d.log)._made(
                    Action(action.kind, suit=action.suit), made, "order", first_round=d.phase == "bid1"
                )
                p = self.partner(seat)
                st = st._with(no_alone=_set(st.no_alone, p, 80))
                return st._after_deal_step(new)
            return st
        if kind is K.LATE_ALONE:
            if opt == "let-alone":
                d = self.deal
                assert d.maker is not None
                new = d._replace(alone=d.maker, level=1, out=1 << ((d.maker + 2) % 4))
                st = st._with(deal=new)
                if st.phase is Phase.PLAY:
                    st = st._with(actor=st._next(st.actor - 1) if st.deal.out >> st.actor & 1 else st.actor)
            return st
        if kind is K.LONE_PARTNER_PLAYED:
            assert r.offender is not None and r.card is not None
            if opt == "alone":
                return st
            d = self.deal._replace(alone=None, level=0, out=0)
            st = st._with(deal=d, no_alone=_set(_set(st.no_alone, r.offender, 100), self.partner(r.offender), 100))
            return st._put_out_of_order(r.offender, r.card)
        if kind is K.CARD_OMITTED:
            if opt == "new-deal":
                return st._with(phase=Phase.DONE, new_deal=(60,))
            return st
        if kind is K.WINNING_CARDS_IN_SUCCESSION:
            if opt == "waive":
                return st
            assert r.target is not None
            req = Requirement(r.target, Call.WIN, (47,), trick=len(st.tricks))
            return st._with(requirements=st.requirements + (req,))
        if kind in (K.FOURTH_BEFORE_PARTNER, K.ATTENTION_CALLED, K.LEAD_BEFORE_DISCARD_LONE):
            if opt == "waive":
                return st
            target = r.target if r.target is not None else self.deal.dealer
            req = Requirement(target, Call(opt), r.laws, trick=len(st.tricks))
            return st._with(requirements=st.requirements + (req,))
        if kind is K.WRONG_CARD_NAMED:
            if opt == "waive":
                return st
            assert r.target is not None
            suit = _suit_arg(args)
            req = Requirement(r.target, Call.LEAD_SUIT, (51, 57), suit=int(suit), or_partner=True)
            return st._with(requirements=st.requirements + (req,))
        if kind is K.REVOKE_CLAIMED and opt == "stop":
            return st._with(phase=Phase.CLAIMS, played_out=False)
        return st

    # ------------------------------------------------------------------ the score
    def result(self) -> dict[str, Any]:
        """The deal's score with the rulings applied, as ordered entries (Law 4: the revoke
        penalty first) and totals by side."""
        d = self.deal
        sides = d.rules.sides
        entries: list[tuple[str, int, int, tuple[int, ...]]] = []  # (what, side, points, laws)
        if d.phase == "done" and d.result is not None and self.phase is not Phase.PLAY:
            res: DealResult | None = d.result
        elif self.phase in (Phase.CLAIMS, Phase.DONE) and d.maker is not None:
            by_side = [0] * sides
            for s, w in enumerate(self.won):
                by_side[self.side_of(s)] += w
            res = score_deal(d.rules, self.side_of(d.maker), d.maker, d.alone, d.level, tuple(by_side))
        else:
            res = None
        # Laws 63, 71, 4: revokes
        claimed = self.claimed
        counts = [0] * sides
        for r in self.revokes:
            if r.established and (1 - self.side_of(r.seat)) in claimed:
                counts[self.side_of(r.seat)] += 1
        for side in self.mixed:  # Law 67: the revoke claimed is established
            counts[side] += 1
        if sides == 2:
            net = counts[0] - counts[1]  # Law 71: equal numbers cancel
            if not net and counts[0]:
                entries.append(("revokes on both sides cancel", 0, 0, (71,)))
            if net:
                offender = 0 if net > 0 else 1
                per = d.rules.revoke_alone_points if d.alone is not None else d.rules.revoke_points
                entries.append(("revoke", 1 - offender, per * abs(net), (4, 63, 71)))
        if self.new_deal or not self.played_out:
            res = None
        if self.new_deal == (33,):
            # Law 33, reading: the hand voided for an imperfect pack scores nothing, its revoke penalty included
            # ("all points scored on previous hands stand": only those), whether the revoke was claimed before or
            # after the pack was found imperfect
            entries = []
        if self.abandoned is not None and d.alone is not None:
            entries.append(("hand abandoned", self.side_of(d.alone), 5, (50,)))
            res = None
        if res is not None and not res.passed_out:
            for side in range(sides):
                p = res.points[side]
                if not p:
                    continue
                if side in self.forfeit:
                    continue  # Law 90: not entitled to score
                if self.capped and d.alone is not None and side == self.side_of(d.alone) and res.march:
                    p = min(p, 2)  # Law 102
                if self.capped and d.alone is not None and side != self.side_of(d.alone) and res.euchred:
                    p = max(p, 4)  # Law 102: a euchre scores four
                entries.append(("deal", side, p, (2, 3) if not self.capped else (2, 3, 102)))
        for side in self.forfeit:
            per = 4 if d.alone is not None else 2
            entries.append(("forfeit (wrong number of cards)", 1 - side if sides == 2 else side, per, (90,)))
        totals = [0] * sides
        for _, side, p, _ in entries:
            totals[side] += p
        return {
            "entries": [
                {"what": w, "side": self.side_name(s), "points": p, "laws": list(laws)} for w, s, p, laws in entries
            ],
            "points": {self.side_name(i): totals[i] for i in range(sides)},
            "tricks_won": {
                self.side_name(i): sum(w for s, w in enumerate(self.won) if self.side_of(s) == i) for i in range(sides)
            },
            "complete": self.phase in (Phase.CLAIMS, Phase.DONE),
            "new_deal": bool(self.new_deal),
        }

    def legal_plays(self) -> list[Card]:
        """What the laws allow the player to move now (for the UI), calls included."""
        if self.phase is not Phase.PLAY:
            return []
        seat = self.actor
        led = self.trick[0][1] if self.trick else None
        legal = legal_play_mask(self.hands[seat], led, self.trump, self._called_for(seat))
        return cards_of_mask(legal)

    def _called_for(self, seat: int) -> Card | None:
        """1877 jambone: the card called from ``seat``'s exposed hand, still to be played to the
        first trick (the kernel's :func:`~euchre_core.kernel.play.legal_play_mask` applies it)."""
        d = self.deal
        return d.called if d.called is not None and seat == d.alone and not self.tricks else None

    def to_json(self) -> dict[str, Any]:
        return {
            "phase": self.phase.value,
            "actor": self.actor_name,
            "rulings": [r.to_json() for r in self.rulings],
            "pending": self.pending,
            "requirements": [r.describe() for r in self.requirements],
            "exposed": {SEAT_NAMES[s]: [str(c) for c in cards_of_mask(m)] for s, m in enumerate(self.exposed) if m},
            "revokes": [
                {
                    "seat": SEAT_NAMES[r.seat],
                    "trick": r.trick + 1,
                    "card": str(r.card),
                    "established": r.established,
                    "corrected": r.corrected,
                    "kind": r.kind,
                }
                for r in self.revokes
            ],
            "tricks": [
                {
                    "leader": SEAT_NAMES[t.leader],
                    "cards": [[SEAT_NAMES[s], str(c)] for s, c in t.cards],
                    "winner": SEAT_NAMES[t.winner],
                }
                for t in self.tricks
            ],
            "score": self.result(),
        }


def _play_options(who: str, laws: tuple[int, ...], waive: bool = False) -> tuple[Option, ...]:
    """Laws 83 and 89: highest or lowest of the suit led, or win or lose the trick."""
    opts = [Option(k, f"{who} must play his {k} of the suit led", laws) for k in ("highest", "lowest")]
    opts += [Option(k, f"{who} must {k} the trick if he can", laws) for k in ("win", "lose")]
    if waive:
        opts.append(Option("waive", "Exact no penalty", laws))
    return tuple(opts)


# Law 85: the option that stands when the side entitled to elect loses its right by consulting
_LOST_RIGHT: dict[Irregularity, str] = {
    Irregularity.ORDER_AFTER_PASSING: "partner-passes",  # the law's own consequence (80)
    Irregularity.LATE_ALONE: "let-alone",  # they cannot require him to play with his partner (97)
    Irregularity.LONE_PARTNER_PLAYED: "with-partner",  # the law's own consequence (100)
    Irregularity.CARD_OMITTED: "deal-stands",  # no new deal claimed (60)
}


def _suit_arg(args: tuple[str, ...]) -> Suit:
    """The suit named with ``call-suit`` (Laws 51, 52, 57): ``choose call-suit H``."""
    if not args:
        raise InputError("name the suit: 'choose call-suit H'", "option")
    try:
        return Suit.parse(args[0])
    except CardError as e:
        raise InputError(str(e), "option") from None


# the acts that take no argument: a word after them is refused, naming the act
_NO_ARGS = frozenset({"ask", "throw", "mix", "attention", "consult", "imperfect", "cut"})


def _check_args(ev: Event) -> None:
    """Refuse the words an act does not take (InputError naming the act), before anything changes."""
    if ev.verb in _NO_ARGS and ev.args:
        raise InputError(f"{ev.verb!r} takes no argument: {' '.join(ev.args)!r} in {str(ev)!r}", ev.verb)
    if ev.verb == "quit" and len(ev.args) not in (0, 2):
        raise InputError(f"write 'quit' or 'quit SEAT CARD' (law 61), not {str(ev)!r}", "quit")
    if ev.verb == "claim" and (len(ev.args) > 1 or ev.args and ev.args[0].lower() != "revoke"):
        raise InputError(f"write 'claim revoke', not {str(ev)!r}", "claim")


def _set(t: tuple[int, ...], i: int, v: int) -> tuple[int, ...]:
    lst = list(t)
    lst[i] = v
    return tuple(lst)
