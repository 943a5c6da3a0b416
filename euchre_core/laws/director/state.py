"""The table director's state: its fields (one frozen dataclass), the typed values it holds
(:class:`Phase`, :class:`Revoke`, :class:`Call`, :class:`Requirement`), the queries, and the
helpers every chapter uses (:meth:`DirectorState._rule`, :meth:`DirectorState._with`, the seats).

The chapters (:mod:`~euchre_core.laws.director.bidding`, ``play``, ``outofturn``, ``calls``,
``revokes``, ``elections``, ``score``) derive from :class:`DirectorState` and register their
handlers in :data:`HANDLERS` with ``@verb("...")``; the :class:`~euchre_core.laws.director.Director`
is the state with every chapter.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, ClassVar

from ...kernel.cards import Card, CardError, Suit, cards_of_mask
from ...kernel.deal import SEAT_NAMES, Deal, Trick
from ...kernel.enums import TextEnum
from ...kernel.errors import IllegalAction, InputError
from ..events import Chain, Event
from ..lawbook import READINGS
from ..procedure import Procedure, VerbTable
from ..rulings import Election, Irregularity, Option, Ruling, who_elects

if TYPE_CHECKING:
    from typing_extensions import Self

__all__ = [
    "HANDLERS",
    "K",
    "Call",
    "DirectorState",
    "Phase",
    "Requirement",
    "Revoke",
    "play_options",
    "ruling",
    "set_at",
    "verb",
]

K = Irregularity

# verb -> its handler: each chapter registers its own with @verb("...") (the verbs: events.VERBS)
HANDLERS = VerbTable()
verb = HANDLERS.verb


def ruling(kind: Irregularity, laws: tuple[int, ...], text: str, **kw: Any) -> Ruling:
    """A ruling of a typed kind (its English label is the kind's). Where the text of one of its
    laws is ambiguous, the ruling carries the reading applied (the lawbook's, shown on the law's
    page too) unless it gives its own."""
    if kw.get("reading") is None:
        readings = [f"Law {n}: {READINGS[n]}" for n in laws if n in READINGS]
        kw["reading"] = "; ".join(readings) if readings else None
    return Ruling(kind.label, laws, text, kind=kind, **kw)


class Phase(TextEnum):
    """The director's state machine: the bidding and the discard (through :class:`Deal`), the
    play, the claims after the last trick, done (the next deal is cut, or the deal annulled). Its
    stages are not the :class:`~euchre_core.kernel.deal.Phase` of the regular deal (which the
    director's ``deal`` keeps), hence a :class:`~euchre_core.kernel.enums.TextEnum` of its own.

    >>> Phase("claims") is Phase.CLAIMS, str(Phase.PLAY), f"{Phase.DONE}", Phase.BIDDING == "bidding"
    (True, 'play', 'done', True)
    """

    BIDDING = "bidding"
    PLAY = "play"
    CLAIMS = "claims"
    DONE = "done"


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


class Call(TextEnum):
    """What a call requires (the value is the option id that elects it where there is one)."""

    PLAY_CARD = "play-card"  # Laws 46, 52, 56: a called card
    LEAD_SUIT = "lead-suit"  # Laws 51, 52, 57: a called suit
    HIGHEST = "highest"  # Laws 83, 89
    LOWEST = "lowest"
    WIN = "win"  # Laws 47, 59, 83, 89
    LOSE = "lose"


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
class DirectorState(Procedure):
    """The director's state: the fields every chapter reads, the queries, and the helpers the chapters
    share. :class:`~euchre_core.laws.director.Director` adds the chapters' handlers."""

    deal: Deal  # the regular state (bidding, discard; the start of play)
    log: Chain[Event] = field(default_factory=Chain)
    rulings: Chain[Ruling] = field(default_factory=Chain)
    awaiting: tuple[int, ...] = ()  # the ruling awaiting the election (Law 85; one at a time: ONE_ELECTION)
    ONE_ELECTION: ClassVar[bool] = True
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
    aside: tuple[tuple[int, int, Card], ...] = ()  # Laws 46, 60, 105: (trick, seat, card) played out of turn to it

    handlers = HANDLERS

    @classmethod
    def start(cls, deal: Deal) -> Self:
        """Direct a deal from its current state (normally just dealt)."""
        d = cls(deal=deal, hands=deal.hands, won=(0,) * deal.n, exposed=(0,) * deal.n)
        if deal.phase == "play":
            d = d._enter_play()
        return d

    def _with(self, **changes: Any) -> Self:
        """A copy with some fields changed (dataclasses.replace without its per-field cost: the
        fold does this a few times an event)."""
        new = object.__new__(type(self))
        d = new.__dict__
        d.update(self.__dict__)
        for k, v in changes.items():
            if k not in d:
                raise TypeError(f"Director has no field {k!r}")
            d[k] = v
        return new

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

    def _rule(self, ruling: Ruling, **changes: Any) -> Self:
        r = replace(ruling, event=len(self.log) - 1)
        deal: Deal = changes.get("deal", self.deal)
        r = who_elects(r, deal.dealer, deal.alone, deal.out, deal.n)
        rulings = self.rulings.push(r)
        return self._with(rulings=rulings, awaiting=self._awaiting_after(len(rulings) - 1, r.needs_choice), **changes)

    def elect(self, election: Election) -> Self:
        """Make the pending ruling's election (Law 85) from typed fields: the ``choose`` act of the
        side entitled, built as an :class:`~euchre_core.laws.events.Event` and applied (never a line
        of text parsed back). ``election.by``, when given, must be one of the ruling's choosers.

        >>> from euchre_core.kernel.deal import Deal
        >>> hands = ["JC AH KH 8S QD".split(), "AC QH 8H JD TS".split(), "7D 8D TD QS TH".split(),
        ...          "KC TC AS 9S 9H".split()]
        >>> from euchre_core.laws.director import Director
        >>> t = Director.start(Deal.start(hands, "9C")).replay(["B: pass", "C: pass", "D: pass", "A: order",
        ...                                                      "A: discard 8S", "C: play 7D"])
        >>> t.rulings[-1].choosers, t.rulings[-1].rule
        ((1, 3), <Chooser.ADVERSARIES: 'adversaries'>)
        >>> t.elect(Election("call-suit", suit=2)).requirements[0].suit
        2
        >>> t.elect(Election("waive", by=0))
        Traceback (most recent call last):
        ...
        euchre_core.kernel.errors.IllegalAction: the election belongs to B or D (law 85)
        """
        if self.pending is None:
            raise IllegalAction("there is no penalty to elect now", (85,))
        r = self.rulings[self.pending]
        if election.by is not None and r.choosers and election.by not in r.choosers:
            raise IllegalAction(f"the election belongs to {' or '.join(SEAT_NAMES[c] for c in r.choosers)}", (85,))
        side = r.chooser if r.chooser is not None else 0
        ev = Event(self.side_name(side), "choose", election.args)
        st = self._admit(ev)
        handler = self.handlers[ev.verb]
        return handler(st, ev)  # type: ignore[no-any-return]

    def _revoke_points(self) -> int:
        """Law 63: the penalty of a revoke, three points; five in the case of a lone hand (the rule set's)."""
        d = self.deal
        return d.rules.revoke_alone_points if d.alone is not None else d.rules.revoke_points

    def _block_if_pending(self, ev: Event) -> None:
        if self.pending is not None and ev.verb != "choose" and self.rulings[self.pending].blocking:
            r = self.rulings[self.pending]
            raise IllegalAction(
                f"{self.side_name(r.chooser or 0)} must first elect their penalty for the {r.irregularity} "
                f"({', '.join(o.id for o in r.options)})",
                (85,),
            )

    def _next(self, seat: int) -> int:
        s = (seat + 1) % self.n
        while self.deal.out >> s & 1:
            s = (s + 1) % self.n
        return s

    def _played_this_trick(self, seat: int) -> bool:
        return any(s == seat for s, _ in self.trick)

    def _lone_player(self, seat: int) -> bool:
        """Law 104: the seat plays alone (his declaration made)."""
        return self.deal.alone is not None and seat == self.deal.alone

    # ------------------------------------------------------------------ the event machine (laws.procedure)
    def _parse(self, event: Event | str) -> Event:
        return Event.parse(event, SEAT_NAMES[: self.n])

    def _admit(self, ev: Event) -> Self:
        if self.phase is Phase.DONE:
            if self.new_deal:  # no cut has happened: the hand is void (Laws 33, 60), not closed by Law 68
                raise IllegalAction("the hand is void: there must be a new deal by the same dealer", self.new_deal)
            if self.deal.maker is None and not self.tricks:
                # Law 77: "Should all pass again, the deal is at an end, and the next player deals"
                raise IllegalAction("the deal is at an end: all four passed twice, and the next player deals", (77,))
            raise IllegalAction("the deal is over: the cards have been cut for the next deal", (68,))
        _check_args(ev)
        return self._with(log=self.log.push(ev))

    if TYPE_CHECKING:
        # ------------------------------------------------------------------ what one chapter asks of another
        # (each is implemented once, in its chapter: bidding, play, outofturn, calls)
        def _regular(self, ev: Event) -> Self: ...
        def _after_deal_step(self, new: Deal) -> Self: ...
        def _dealer_six(self, seat: int, card: Card) -> bool: ...
        def _play_before_discard(self, seat: int, card: Card) -> Self: ...
        def _enter_play(self) -> Self: ...
        def _play(self, seat: int, card: Card, silent: bool = False) -> Self: ...
        def _complete_trick(self) -> Self: ...
        def _quit(self) -> Self: ...
        def _why_over(self) -> tuple[str, tuple[int, ...]]: ...
        def _restore_gathered(self, seat: int, n: int) -> Self: ...
        def _lead_out_of_turn(self, seat: int, card: Card) -> Self: ...
        def _play_out_of_turn(self, seat: int, card: Card) -> Self: ...
        def _complete_trick_unordered(self) -> Self: ...
        def _abandon_lone(self, seat: int, how: str) -> Self: ...
        def _lone_exposed(self, seat: int, what: str) -> Self: ...
        def _lone_partner_plays(self, seat: int, card: Card) -> Self: ...
        def _lone_partner_shows(self, seat: int, card: Card, laws: tuple[int, ...] = (101, 102)) -> Self: ...
        def _put_out_of_order(self, seat: int, card: Card) -> Self: ...
        def _check_requirements(self, seat: int, card: Card) -> Self: ...
        def _gather_aside(self) -> Self: ...
        def _left_in_trick(self) -> Self: ...
        def _omitted(self, seat: int) -> bool: ...
        def _omission_counted(self, seat: int, n: int) -> Self: ...


def play_options(who: str, laws: tuple[int, ...], waive: bool = False) -> tuple[Option, ...]:
    """Laws 83 and 89: highest or lowest of the suit led, or win or lose the trick."""
    opts = [Option(k, f"{who} must play his {k} of the suit led", laws) for k in ("highest", "lowest")]
    opts += [Option(k, f"{who} must {k} the trick if he can", laws) for k in ("win", "lose")]
    if waive:
        opts.append(Option("waive", "Exact no penalty", laws))
    return tuple(opts)


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


def set_at(t: tuple[int, ...], i: int, v: int) -> tuple[int, ...]:
    lst = list(t)
    lst[i] = v
    return tuple(lst)
