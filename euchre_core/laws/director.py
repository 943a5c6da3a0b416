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
>>> r.irregularity, r.laws, [o.id for o in r.options]
('lead out of turn', (52, 53), ['call-card', 'call-suit', 'waive'])
>>> t = t.act("BD: choose call-card")
>>> t.actor_name, t.requirements[0].kind
('B', 'play-card')
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from ..kernel.actions import Action
from ..kernel.cards import Card, CardError, Suit, cards_of_mask
from ..kernel.deal import SEAT_NAMES, Deal, DealResult, Trick, legal_play_mask, score_deal
from ..kernel.errors import IllegalAction, InputError
from ..kernel.tables import EFFECTIVE_SUIT, PLAY_KEY, SUIT_MASK, trick_winner_index
from .events import Event
from .rulings import Option, Ruling

__all__ = ["Director", "Revoke", "Requirement"]


@dataclass(frozen=True)
class Revoke:
    """A revoke (Law 62), or a failure to obey a call that incurs its penalty (Law 54)."""

    seat: int
    trick: int                 # 0-based index of the trick it was made in
    card: Card
    established: bool = False  # Law 64
    corrected: bool = False    # Laws 65, 69
    asked: bool = False        # Law 65: the partner asked before the trick was quitted
    kind: str = "revoke"       # "revoke" (62) | "call" (54)


@dataclass(frozen=True)
class Requirement:
    """An obligation the director enforces: a called card (Laws 46, 56), a called suit
    (Laws 51, 52, 57), highest/lowest or win/lose (Laws 47, 59, 83, 89)."""

    seat: int
    kind: str                  # play-card | lead-suit | highest | lowest | win | lose
    laws: tuple[int, ...]
    card: Card | None = None
    suit: int | None = None
    trick: int | None = None   # the trick it applies to (None: the next opportunity)
    or_partner: bool = False   # Law 52: "from him or his partner when it is next the turn of either to lead"

    def describe(self) -> str:
        who = SEAT_NAMES[self.seat] + (" or his partner" if self.or_partner else "")
        if self.kind == "play-card":
            assert self.card is not None
            return f"{who} must play the {self.card.long_name()} at the first lawful opportunity"
        if self.kind == "lead-suit":
            return f"{who} must lead {Suit(self.suit).word if self.suit is not None else 'the suit called'}"
        return f"{who} must play his {self.kind} of the suit led" if self.kind in ("highest", "lowest") else \
            f"{who} must {self.kind} the trick if he can"


@dataclass(frozen=True)
class Director:
    """A deal under the director. Immutable: :meth:`act` returns the next state."""

    deal: Deal                                   # the regular state (bidding, discard; the start of play)
    log: tuple[Event, ...] = ()
    rulings: tuple[Ruling, ...] = ()
    pending: int | None = None                   # index of a ruling awaiting the election
    phase: str = "bidding"                       # bidding | play | claims | done
    hands: tuple[int, ...] = ()
    trick: tuple[tuple[int, Card], ...] = ()
    tricks: tuple[Trick, ...] = ()
    quitted: bool = True                         # the last completed trick has been turned and quitted
    actor: int = 0
    leader: int = 0
    won: tuple[int, ...] = ()
    exposed: tuple[int, ...] = ()                # per seat: cards on the table, liable to be called
    requirements: tuple[Requirement, ...] = ()
    revokes: tuple[Revoke, ...] = ()
    must_pass: frozenset[int] = frozenset()      # Laws 79, 80
    no_alone: frozenset[int] = frozenset()       # Laws 95, 97, 98, 99
    forfeit: tuple[int, ...] = ()                # sides forfeiting under Law 90
    capped: bool = False                         # Law 102
    abandoned: int | None = None                 # Law 50: the seat that abandoned against a lone hand
    early_lead: tuple[int, Card] | None = None   # Law 87
    claims_closed: bool = False                  # Law 68
    extra: dict[str, Any] = field(default_factory=dict, compare=False)

    # ------------------------------------------------------------------ construction
    @classmethod
    def start(cls, deal: Deal) -> Director:
        """Direct a deal from its current state (normally just dealt)."""
        d = cls(deal=deal, hands=deal.hands, won=(0,) * deal.n, exposed=(0,) * deal.n)
        if deal.phase == "play":
            d = d._enter_play()
        return d

    # ------------------------------------------------------------------ queries
    @property
    def n(self) -> int:
        return self.deal.n

    @property
    def actor_name(self) -> str:
        if self.phase == "bidding":
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
        return self.phase in ("claims", "done")

    # ------------------------------------------------------------------ the fold
    def act(self, event: Event | str) -> Director:
        """Apply one physical event. Unrecognisable input (a card not held, a seat that does
        not exist, a malformed event) raises InputError and changes nothing; an act the laws
        forbid outright (e.g. discarding the trump card, Law 88) raises IllegalAction."""
        ev = Event.parse(event, SEAT_NAMES[: self.n])
        if self.phase == "done":
            raise IllegalAction("the deal is over: the cards have been cut for the next deal", (68,))
        st = replace(self, log=self.log + (ev,))
        handler = getattr(st, "_ev_" + ev.verb)
        return handler(ev)

    def replay(self, events: list[str]) -> Director:
        st = self
        for i, e in enumerate(events):
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

    def _rule(self, ruling: Ruling, **changes: Any) -> Director:
        r = replace(ruling, event=len(self.log) - 1)
        rulings = self.rulings + (r,)
        pending = len(rulings) - 1 if r.needs_choice else self.pending
        return replace(self, rulings=rulings, pending=pending, **changes)

    def _block_if_pending(self, ev: Event) -> None:
        if self.pending is not None and ev.verb != "choose" and self.rulings[self.pending].blocking:
            r = self.rulings[self.pending]
            raise IllegalAction(
                f"{self.side_name(r.chooser or 0)} must first elect their penalty for the {r.irregularity} "
                f"({', '.join(o.id for o in r.options)})", (85,))

    # ------------------------------------------------------------------ bidding and the discard
    def _regular(self, ev: Event) -> Director:
        """A regular action done by a seat: in turn, through Deal; out of turn, Law 82."""
        self._block_if_pending(ev)
        seat = self._seat(ev)
        if self.phase != "bidding":
            raise IllegalAction(f"{ev.verb} is not an act of the play")
        action = Action.parse(" ".join((ev.verb, *ev.args)))
        deal = self.deal
        if deal.phase == "discard" and ev.verb == "discard" and seat == deal.dealer:
            return self._discard(seat, action)
        if seat != deal.actor:
            return self._out_of_turn_declaration(seat, action)
        if seat in self.must_pass and action.kind not in ("pass", "stay"):
            law = self._must_pass_law(seat)
            raise IllegalAction(f"{SEAT_NAMES[seat]} must pass: his partner's irregular declaration binds him",
                                (law,))
        if action.alone and seat in self.no_alone:
            raise IllegalAction(f"{SEAT_NAMES[seat]} may not play alone", self._no_alone_laws(seat))
        new = deal.apply(action)
        return self._after_deal_step(new)

    def _must_pass_law(self, seat: int) -> int:
        for r in reversed(self.rulings):
            if r.laws and r.laws[0] in (79, 80, 82) and r.offender == self.partner(seat):
                return r.laws[0]
        return 79

    def _no_alone_laws(self, seat: int) -> tuple[int, ...]:
        for r in reversed(self.rulings):
            if r.laws and r.laws[0] in (95, 97, 98, 99) and seat in (r.offender, self.partner(r.offender or 0)):
                return (r.laws[0],)
        return (95,)

    def _after_deal_step(self, new: Deal) -> Director:
        st = replace(self, deal=new, hands=new.hands)
        if new.phase == "play":
            st = st._enter_play()
        elif new.phase == "done":
            st = replace(st, phase="done")
        return st

    _ev_pass = _ev_order = _ev_call = _ev_take = _ev_stay = _ev_discard = _regular

    def _ev_alone(self, ev: Event) -> Director:
        seat = self._seat(ev)
        d = self.deal
        if self.phase == "bidding" and d.phase == "alone" and seat == d.actor:
            return self._regular(ev)
        if d.maker is not None and seat == d.maker and d.alone is None:
            # Law 97: he must announce a lone hand before naming the trump; otherwise he can be
            # required to play the hand with his partner.
            side = 1 - self.side_of(seat)
            return self._rule(Ruling(
                "lone hand announced after naming the trump", (97,),
                f"{ev.who} announced a lone hand after making the trump. The adversaries may require "
                "him to play the hand with his partner.", offender=seat, chooser=side,
                options=(Option("with-partner", "He plays the hand with his partner", (97,)),
                         Option("let-alone", "Let him play alone", (97,)))))
        if d.maker is not None and d.partner(seat) == d.maker and (self.phase == "play" or seat in self._passed()):
            # Law 99: the partner offers to take it after a lead, or after he himself passed.
            return self._rule(Ruling(
                "late offer to take the lone hand", (99,),
                f"{ev.who} offered to take the lone hand after a lead had been made or after he had passed: "
                "neither partner can play alone.", offender=seat,
                effects=("the hand is played with partners",)), no_alone=self.no_alone | {seat, d.maker},
                deal=self._cancel_alone() if self.phase == "bidding" else self.deal)
        raise IllegalAction("there is nothing to announce alone on now")

    def _passed(self) -> set[int]:
        return {s for s in range(self.n) if self.deal.passed >> s & 1}

    def _cancel_alone(self) -> Deal:
        d = self.deal
        if d.alone is None:
            return d
        return d._replace(alone=None, level=0, out=0)

    def _out_of_turn_declaration(self, seat: int, action: Action) -> Director:
        d = self.deal
        if action.kind in ("order", "call") and seat in self._passed() and d.phase in ("bid1", "bid2"):
            # Law 80: he passed and then attempts to assist or order up: his partner must pass;
            # the adversaries may elect that it shall be played.
            return self._rule(Ruling(
                "order after passing", (80,),
                f"{SEAT_NAMES[seat]} passed and then attempted to {action.kind} up: his partner must pass. "
                "The adversaries may elect that it shall be played.", offender=seat,
                chooser=1 - self.side_of(seat),
                options=(Option("partner-passes", "His partner must pass; the bidding goes on", (80,)),
                         Option("played", "It shall be played: the trump is made as he said", (80,)))),
                must_pass=self.must_pass | {self.partner(seat)}, extra={**self.extra, "late": (seat, action)})
        # Law 82: no player can take away another's right by passing, ordering up or assisting out of turn.
        return self._rule(Ruling(
            "declaration out of turn", (82,),
            f"{SEAT_NAMES[seat]} declared ({action}) out of turn: it takes away no one's right and is void; "
            f"it is {SEAT_NAMES[d.actor]}'s turn.", offender=seat, effects=("the declaration is void",)))

    def _ev_mention(self, ev: Event) -> Director:
        seat = self._seat(ev)
        if self.phase != "bidding" or seat not in self._passed() and self.deal.phase != "bid2":
            raise IllegalAction("Law 79 concerns a player who has passed")
        # Law 79: after passing (or naming the suit turned down) he mentions the suit he meant:
        # his partner also must pass.
        return self._rule(Ruling(
            "suit mentioned after passing", (79,),
            f"{ev.who} mentioned the suit he intended to make after passing: his partner must pass.",
            offender=seat, effects=(f"{SEAT_NAMES[self.partner(seat)]} must pass",)),
            must_pass=self.must_pass | {self.partner(seat)})

    def _ev_declare(self, ev: Event) -> Director:
        # Law 98: "I order it up and play it alone" is not a single declaration: it precludes a lone hand.
        seat = self._seat(ev)
        st = self._rule(Ruling(
            "double declaration", (98,),
            f"{ev.who} did not make a single declaration (\u201cAlone at ...\u201d): the order stands, "
            "and he may not play alone.", offender=seat, effects=("no lone hand",)),
            no_alone=self.no_alone | {seat})
        args = [a for a in ev.args if a.lower() != "alone"]
        act = "order" if not args or args[0].lower() == "order" else "call " + args[-1]
        return st._regular(Event(ev.who, act.split()[0], tuple(act.split()[1:])))

    def _discard(self, seat: int, action: Action) -> Director:
        d = self.deal
        new = d.apply(action)                     # Laws 86, 88 enforced by Deal
        st = self._after_deal_step(new)
        if self.early_lead is not None and st.phase == "play":
            lead_seat, card = self.early_lead
            st = replace(st, early_lead=None)
            if lead_seat == st.actor:
                st = st._play(lead_seat, card, silent=True)
        return st

    # ------------------------------------------------------------------ the play
    def _enter_play(self) -> Director:
        d = self.deal
        exposed = self.exposed
        if self.extra.get("turn_up_exposed") and d.hands[d.dealer] >> d.turn_up & 1:
            exposed = _set(exposed, d.dealer, exposed[d.dealer] | (1 << d.turn_up))      # Law 91
        return replace(self, phase="play", hands=d.hands, actor=d.actor, leader=d.actor, won=d.won,
                       trick=(), tricks=(), quitted=True, exposed=exposed)

    def _ev_play(self, ev: Event) -> Director:
        self._block_if_pending(ev)
        seat = self._seat(ev)
        cards = [self._card(a) for a in ev.args]
        if not cards:
            raise InputError("which card?", "card")
        for c in cards:
            if not self.hands[seat] >> c & 1 and not (self.phase == "bidding" and self._dealer_six(seat, c)):
                raise InputError(f"{ev.who} does not hold the {c.long_name()}", "card")
        if self.phase == "bidding":
            return self._play_before_discard(seat, cards[0])
        if self.phase != "play":
            raise IllegalAction("all the tricks have been played")
        st = self
        if len(cards) > 1:
            # Law 46 I: two or more cards played at once: the others are exposed cards.
            extra = 0
            for c in cards[1:]:
                extra |= 1 << c
            st = st._rule(Ruling("two cards played at once", (46,),
                                 f"{ev.who} played {len(cards)} cards at once: the first is played, the others "
                                 "are exposed cards, liable to be called.", offender=seat,
                                 effects=tuple(f"the {c.long_name()} is exposed" for c in cards[1:])),
                          exposed=_set(st.exposed, seat, st.exposed[seat] | extra))
        return st._play(seat, cards[0])

    def _dealer_six(self, seat: int, card: Card) -> bool:
        return False

    def _play_before_discard(self, seat: int, card: Card) -> Director:
        d = self.deal
        if d.phase == "discard":
            leader = d._first_leader()
            if seat == leader:
                # Law 87: the eldest hand leads before the discard is completed: the lead stands,
                # and the dealer can change his discard (he has not made it yet).
                alone_third = d.alone is not None and d.alone == (d.dealer + 3) % 4
                if alone_third:
                    # Law 89: third hand alone, the second player leads before the dealer discarded:
                    # the dealer can be called on to play highest or lowest, or to win or lose.
                    return self._rule(Ruling(
                        "lead before the dealer's discard, against a lone hand", (89,),
                        f"{SEAT_NAMES[seat]} led before the dealer had discarded, the third hand playing alone. "
                        "The lone player may call on the dealer to play his highest or lowest of the suit led, "
                        "or to win or lose the trick.", offender=seat, chooser=self.side_of(d.alone or 0),
                        options=_play_options("The dealer", (89,))),
                        early_lead=(seat, card), extra={**self.extra, "law89": True})
                return self._rule(Ruling(
                    "lead before the discard", (87,),
                    f"{SEAT_NAMES[seat]} led before the dealer had quitted his discard: the lead stands, and the "
                    "dealer may still discard as he wishes.", offender=seat, effects=("the lead stands",)),
                    early_lead=(seat, card))
        raise IllegalAction("the trump has not been made: no card can be played yet", (74,))

    def _play(self, seat: int, card: Card, silent: bool = False) -> Director:
        st = self
        # an exposed card played leaves the table
        if st.exposed[seat] >> card & 1:
            st = replace(st, exposed=_set(st.exposed, seat, st.exposed[seat] & ~(1 << card)))
        if not st.trick and seat != st.actor:
            return st._lead_out_of_turn(seat, card)
        if st.trick and seat != st.actor:
            return st._play_out_of_turn(seat, card)
        if st.trick and not st.quitted:
            pass
        # a new trick begins: the last one is turned and quitted (Law 64)
        if not st.trick and not st.quitted:
            st = st._quit()
        # Law 64: the revoking player or his partner plays to the following trick: established.
        st = st._establish_by_play(seat)
        imp = st.extra.get("imperfect")
        if imp and imp[1] == seat and not st.extra.get("omission_ruled"):
            st = st._omission_discovered(seat)
        led = st.trick[0][1] if st.trick else None
        legal = legal_play_mask(st.hands[seat], led, st.trump)
        if legal >> card & 1 and not legal_play_mask(st.hands[seat], led, st.trump, st._called_for(seat)) >> card & 1:
            # 1877 jambone: the called card must be played to the first trick (the kernel's rule)
            raise IllegalAction(f"the {Card(st.deal.called or 0).long_name()} was called to the first trick "
                                "(Washington code, 1877: jambone)")
        if legal >> card & 1:
            st = st._check_requirements(seat, card)   # a revoke is not also punished as a call disobeyed
        else:
            # Law 62: holding the suit led, he plays a card of a different suit: a revoke.
            st = st._rule(Ruling(
                "revoke", (62, 64, 65),
                f"{SEAT_NAMES[seat]} played the {card.long_name()} holding the suit led: a revoke (law 62). "
                "It is established when the trick is turned and quitted, or when he or his partner plays to "
                "the next trick (law 64); until then it may be corrected (laws 65, 69).", offender=seat,
                effects=("the card stays played until corrected",)),
                revokes=st.revokes + (Revoke(seat, len(st.tricks), card),))
        return st._put(seat, card)

    def _put(self, seat: int, card: Card) -> Director:
        hands = _set(self.hands, seat, self.hands[seat] & ~(1 << card))
        trick = self.trick + ((seat, card),)
        st = replace(self, hands=hands, trick=trick)
        active = st.active()
        if len(trick) < len(active):
            nxt = st._next(seat)
            while st._played_this_trick(nxt):          # after Law 58 some have played out of order
                nxt = st._next(nxt)
            return replace(st, actor=nxt)
        return st._complete_trick_unordered() if st.extra.get("free_order") == len(st.tricks) else \
            st._complete_trick()

    def _next(self, seat: int) -> int:
        s = (seat + 1) % self.n
        while self.deal.out >> s & 1:
            s = (s + 1) % self.n
        return s

    def _complete_trick(self) -> Director:
        if self.pending is not None and not self.rulings[self.pending].blocking:
            rulings = list(self.rulings)
            rulings[self.pending] = rulings[self.pending].choose("stands")    # Law 53
            self = replace(self, rulings=tuple(rulings), pending=None)
        cards = [c for _, c in self.trick]
        w = self.trick[trick_winner_index(self.trump, cards)][0]
        won = _set(self.won, w, self.won[w] + 1)
        tricks = self.tricks + (Trick(self.trick[0][0], self.trick, w),)
        reqs = tuple(r for r in self.requirements if r.trick is None or r.trick != len(self.tricks))
        st = replace(self, won=won, tricks=tricks, trick=(), actor=w, leader=w, quitted=False, requirements=reqs)
        holding = [s for s in st.active() if st.hands[s]]
        imp = st.extra.get("imperfect")
        if imp and holding == [imp[1]] and bin(st.hands[imp[1]]).count("1") == 1:
            # Law 60: the surplus card is considered played to the imperfect trick
            st = replace(st, hands=_set(st.hands, imp[1], 0))
            holding = []
        if not holding:
            st = replace(st, phase="claims")
        return st

    def _quit(self) -> Director:
        """Law 64: the trick is turned and quitted: a revoke in it is established unless the
        partner asked in time (Law 65)."""
        idx = len(self.tricks) - 1
        revokes = tuple(
            replace(r, established=True) if r.trick == idx and not r.corrected and not r.asked else r
            for r in self.revokes
        )
        return replace(self, quitted=True, revokes=revokes)

    def _ev_quit(self, ev: Event) -> Director:
        if self.trick and len(self.trick) >= 2 and len(self.trick) == len(self.active()) - 1:
            # the trick is gathered although one player has not played to it: Law 60 when discovered
            missing = next(s for s in self.active() if not self._played_this_trick(s))
            st = replace(self, extra={**self.extra, "imperfect": (len(self.tricks), missing)})
            st = st._complete_trick()
            return st._quit()
        if self.trick or self.quitted:
            raise IllegalAction("there is no complete trick to quit")
        return self._quit()

    def _omission_discovered(self, seat: int) -> Director:
        """Law 60: a player omitted to play to a former trick and has played to the next: the
        adversaries may claim a new deal; if the deal stands, his surplus card at the end is
        considered played to the imperfect trick, and is no revoke there."""
        return self._rule(Ruling(
            "card omitted from a trick", (60,),
            f"{SEAT_NAMES[seat]} omitted to play to trick {self.extra['imperfect'][0] + 1} and has played to the "
            "next: the adversaries may claim a new deal, or let the deal stand (his surplus card at the end counts "
            "as played to the imperfect trick, without a revoke).", offender=seat,
            chooser=1 - self.side_of(seat),
            options=(Option("new-deal", "A new deal", (60,)), Option("deal-stands", "The deal stands", (60,)))),
            extra={**self.extra, "omission_ruled": True})

    def _establish_by_play(self, seat: int) -> Director:
        cur = len(self.tricks)
        revokes = tuple(
            replace(r, established=True)
            if not r.established and not r.corrected and r.trick < cur and r.seat in (seat, self.partner(seat))
            else r
            for r in self.revokes
        )
        return replace(self, revokes=revokes)

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
                st = st._rule(Ruling(
                    "called suit not held", (57,),
                    f"{SEAT_NAMES[seat]} was called on to lead {Suit(r.suit or 0).word} and has none: the penalty is "
                    "paid.", offender=seat, effects=("the call lapses",)))
            if not done and could:
                st = st._rule(Ruling(
                    "call not obeyed", (54,),
                    f"{SEAT_NAMES[seat]} did not comply: {r.describe()}. He incurs the penalty of a revoke.",
                    offender=seat, effects=("penalty of a revoke",)),
                    revokes=st.revokes + (Revoke(seat, len(st.tricks), card, established=True, kind="call"),))
            if not drop:
                keep.append(r)
        return replace(st, requirements=tuple(keep))

    def _requirement_outcome(self, r: Requirement, seat: int, card: Card, led: int | None,
                             legal: int) -> tuple[bool, bool, bool]:
        """(complied, could have complied, drop the requirement)."""
        trump = self.trump
        if r.kind == "play-card":
            assert r.card is not None
            if card == r.card:
                return True, True, True
            could = bool(legal >> r.card & 1) and bool(self.hands[seat] >> r.card & 1)
            return False, could, could        # Law 56: repeated until played; Law 55: no forced revoke
        if r.kind == "lead-suit":
            if led is not None:
                return True, False, False     # not his lead yet
            holds = self.hands[seat] & SUIT_MASK[trump][r.suit or 0]
            if not holds:
                return True, False, True      # Law 57: he has none of it: the penalty is paid
            return EFFECTIVE_SUIT[trump][card] == r.suit, True, True
        if led is None:
            return True, False, True
        led_suit = EFFECTIVE_SUIT[trump][led]
        follow = self.hands[seat] & SUIT_MASK[trump][led_suit]
        if r.kind in ("highest", "lowest"):
            pool = cards_of_mask(follow)
            if not pool:
                return True, False, True      # Law 55
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
            return self._rule(Ruling(
                "lone player led out of turn", (104,),
                f"{SEAT_NAMES[seat]}, playing alone, led out of turn: the {card.long_name()} is an exposed card "
                "and can be called.", offender=seat, effects=("the card goes back on the table, exposed",)),
                exposed=_set(self.exposed, seat, self.exposed[seat] | (1 << card)))
        # Laws 52, 53: the false lead lies on the table. If the other three follow it, the trick is
        # complete and the error cannot be rectified (Law 53); if the adversaries claim first, the cards
        # played to it are taken back, and they may call the card led or call a suit (Law 52).
        chooser = 1 - self.side_of(seat) if self.n == 4 else None
        st = self._rule(Ruling(
            "lead out of turn", (52, 53),
            f"{SEAT_NAMES[seat]} led the {card.long_name()} out of turn; it was {SEAT_NAMES[self.actor]}'s lead. "
            "Until the other three have followed, the adversaries may call the card erroneously led, or call a "
            "suit from him or his partner when it is next the turn of either to lead; the cards played to the "
            "false lead are then taken back. If all three follow, the trick stands (law 53).", offender=seat,
            chooser=chooser, blocking=False,
            options=(Option("call-card", f"Call the {card.long_name()} (it must be played at the first lawful "
                                         "opportunity)", (52, 56)),
                     Option("call-suit", "Call a suit (name it: 'call-suit H') from him or his partner at "
                                         "their next lead", (52, 57)),
                     Option("waive", "Exact no penalty: the lead stands", (52,)))),
            extra={**self.extra, "ooturn": (seat, int(card), self.actor)})
        if not st.quitted:
            st = st._quit()
        hands = _set(st.hands, seat, st.hands[seat] & ~(1 << card))
        return replace(st, hands=hands, trick=((seat, card),), actor=st._next(seat), leader=seat)

    def _play_out_of_turn(self, seat: int, card: Card) -> Director:
        d = self.deal
        if d.alone is not None and seat == self.partner(d.alone):
            return self._lone_partner_plays(seat, card)
        if self._played_this_trick(seat):
            return self._lead_again(seat, card)
        pos_actor = self._position(self.actor)
        pos_seat = self._position(seat)
        if d.alone is not None and self.side_of(seat) != self.side_of(d.alone) and self.trick[0][0] == d.alone:
            # Law 105: an adversary plays out of turn to the lead of a lone hand: both opposing
            # hands are laid on the table and can be called by the lone player.
            adv = [s for s in self.active() if self.side_of(s) != self.side_of(d.alone)]
            exposed = self.exposed
            for s in adv:
                exposed = _set(exposed, s, exposed[s] | self.hands[s])
            st = self._rule(Ruling(
                "adversary played out of turn to a lone hand", (105,),
                f"{SEAT_NAMES[seat]} played out of turn to the lead of the lone hand: both opposing hands are laid "
                "on the table, and their cards can be called by the player playing alone.", offender=seat,
                effects=("both adversaries' hands exposed",)), exposed=exposed)
            return replace(st, exposed=_set(st.exposed, seat, st.exposed[seat] & ~(1 << card)))
        if self.extra.get("free_order") == len(self.tricks):
            # Law 58: after the third hand played before the second, the fourth may play before his partner.
            return self._put_out_of_order(seat, card)
        if len(self.active()) == 4 and pos_actor == 1 and pos_seat == 2:
            # Law 58: the third hand plays before the second: the fourth may play before his partner.
            st = self._rule(Ruling(
                "third hand played before second", (58,),
                f"{SEAT_NAMES[seat]} played before {SEAT_NAMES[self.actor]}: the card stands, and the fourth hand "
                "may play before his partner without penalty.", offender=seat, effects=("the card stands",)),
                extra={**self.extra, "free_order": len(self.tricks)})
            return st._put_out_of_order(seat, card)
        if len(self.active()) == 4 and pos_actor == 1 and pos_seat == 3:
            # Law 59: the third hand has not played and the fourth plays before his partner (the
            # second hand): the partner may be called on to win or lose the trick.
            st = self._rule(Ruling(
                "fourth hand played before his partner", (59,),
                f"{SEAT_NAMES[seat]} played before his partner {SEAT_NAMES[self.actor]}: the adversaries may call "
                f"on {SEAT_NAMES[self.actor]} to win or to lose the trick.", offender=seat,
                chooser=1 - self.side_of(seat),
                options=(Option("win", f"{SEAT_NAMES[self.actor]} must win the trick if he can", (59,)),
                         Option("lose", f"{SEAT_NAMES[self.actor]} must lose the trick if he can", (59,)),
                         Option("waive", "Exact no penalty", (59,)))),
                extra={**self.extra, "target": self.actor, "free_order": len(self.tricks)})
            return st._put_out_of_order(seat, card)
        if self._played_this_trick(seat):
            return self._lead_again(seat, card)
        # Otherwise: a card played out of turn is an exposed card (Law 46), liable to be called.
        return self._rule(Ruling(
            "card played out of turn", (46,),
            f"{SEAT_NAMES[seat]} played the {card.long_name()} out of turn: it is an exposed card, left on the "
            "table, liable to be called.", offender=seat, effects=("the card is exposed",)),
            exposed=_set(self.exposed, seat, self.exposed[seat] | (1 << card)))

    def _lone_partner_plays(self, seat: int, card: Card) -> Director:
        """Law 100: the lone player's partner plays upon the first lead: the player loses his
        right to play alone and must play with his partner, unless the adversaries elect that he
        play it alone. Later in the hand his cards lie face down and cannot be played (Law 101)."""
        d = self.deal
        if self.tricks:
            raise IllegalAction("the lone player's partner has laid his cards on the table face downwards", (101,))
        assert d.alone is not None
        return self._rule(Ruling(
            "partner played to the first lead of a lone hand", (100,),
            f"{SEAT_NAMES[seat]} played upon the first lead although his partner announced a lone hand: "
            f"{SEAT_NAMES[d.alone]} loses his right to play alone and must play the hand with his partner, unless "
            "the adversaries elect that he play it alone.", offender=seat, chooser=1 - self.side_of(seat),
            options=(Option("with-partner", "He plays the hand with his partner (the card stands)", (100,)),
                     Option("alone", "He plays it alone (the card goes back)", (100,)))),
            extra={**self.extra, "law100": (seat, int(card))})

    def _lead_again(self, seat: int, card: Card) -> Director:
        """Law 47: a player who has played a winning card leads again (or plays several winning
        cards one after another) without waiting for his partner: the partner may be called on to
        win, if he can, the first trick, and the other cards are exposed cards."""
        p = self.partner(seat)
        st = self._rule(Ruling(
            "winning cards played in succession", (47,),
            f"{SEAT_NAMES[seat]} played the {card.long_name()} before his partner had played to the trick: the card "
            f"is an exposed card, and {SEAT_NAMES[p]} may be called on to win the trick if he can.",
            offender=seat, chooser=1 - self.side_of(seat),
            options=(Option("win", f"{SEAT_NAMES[p]} must win the trick if he can", (47,)),
                     Option("waive", "Only the card is exposed", (47,)))),
            exposed=_set(self.exposed, seat, self.exposed[seat] | (1 << card)),
            extra={**self.extra, "target": p})
        return st

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
            st = st._rule(Ruling("revoke", (62, 64),
                                 f"{SEAT_NAMES[seat]} played the {card.long_name()} holding the suit led.",
                                 offender=seat), revokes=st.revokes + (Revoke(seat, len(st.tricks), card),))
        hands = _set(st.hands, seat, st.hands[seat] & ~(1 << card))
        trick = st.trick + ((seat, card),)
        st = replace(st, hands=hands, trick=trick)
        if len(trick) == len(st.active()):
            return st._complete_trick_unordered()
        return st

    def _complete_trick_unordered(self) -> Director:
        order = self.active()
        lead = self.trick[0][0]
        i = order.index(lead)
        seq = order[i:] + order[:i]
        by_seat = dict(self.trick)
        return replace(self, trick=tuple((s, by_seat[s]) for s in seq))._complete_trick()

    def _played_this_trick(self, seat: int) -> bool:
        return any(s == seat for s, _ in self.trick)

    # ------------------------------------------------------------------ exposed cards and calls
    def _ev_expose(self, ev: Event) -> Director:
        seat = self._seat(ev)
        card = self._card(ev.args[0] if ev.args else "")
        d0 = self.deal
        if self.phase == "bidding" and card == d0.turn_up and not d0.hands[d0.dealer] >> card & 1:
            # Laws 46 III and 91: the trump card lifted from the pack becomes an exposed card (once the
            # dealer holds it, it is liable to be called).
            return self._rule(Ruling(
                "trump card lifted", (46, 91),
                f"{ev.who} lifted the trump card from the pack: it becomes an exposed card.", offender=d0.dealer,
                effects=("the turn-up is exposed when the dealer takes it up",)),
                extra={**self.extra, "turn_up_exposed": True})
        if not self.hands[seat] >> card & 1:
            raise InputError(f"{ev.who} does not hold the {card.long_name()}", "card")
        d = self.deal
        if self.phase == "bidding":
            # Law 95: he exposes a card before his declaration: he cannot play alone; Law 46: exposed.
            return self._rule(Ruling(
                "card exposed before the declaration", (46, 95),
                f"{ev.who} exposed the {card.long_name()} before declaring: he cannot play alone (law 95), and the "
                "card is an exposed card, liable to be called in the play (law 46).", offender=seat,
                effects=("no lone hand for him", "the card is exposed")),
                no_alone=self.no_alone | {seat}, exposed=_set(self.exposed, seat, self.exposed[seat] | (1 << card)))
        if d.alone is not None and seat == d.alone:
            return self._rule(Ruling(
                "lone player exposed a card", (104,),
                f"{ev.who}, playing alone, exposed the {card.long_name()}: no penalty.", offender=seat,
                effects=("no penalty",)))
        if d.alone is not None and seat == self.partner(d.alone):
            # Law 102: the lone player's partner exposes his cards: two points at most for a march;
            # in case of a euchre the adversaries score four.
            return self._rule(Ruling(
                "lone player's partner exposed his cards", (102,),
                f"{ev.who} exposed a card of his hand: his partner can score only two points should he take every "
                "trick; if he is euchred the adversaries score four.", offender=seat, effects=("march capped at 2",)),
                capped=True)
        return self._rule(Ruling(
            "exposed card", (46,),
            f"{ev.who} exposed the {card.long_name()}: it must be left on the table and is liable to be called.",
            offender=seat, effects=("the card is exposed",)),
            exposed=_set(self.exposed, seat, self.exposed[seat] | (1 << card)))

    def _ev_callcard(self, ev: Event) -> Director:
        self._block_if_pending(ev)
        if self.phase == "bidding" and self.deal.phase == "callcard":
            return self._regular(ev)        # 1877 jambone: one exposed card called to the first trick
        caller = self._seat(ev)
        if len(ev.args) != 2:
            raise InputError("write 'callcard SEAT CARD'", "event")
        if ev.args[0].upper() not in SEAT_NAMES[: self.n]:
            raise InputError(f"no seat {ev.args[0]!r}", "seat")
        target = SEAT_NAMES.index(ev.args[0].upper())
        card = self._card(ev.args[1])
        if self.side_of(caller) == self.side_of(target):
            raise IllegalAction("only an adversary can call an exposed card", (46,))
        if not self.exposed[target] >> card & 1:
            raise IllegalAction(f"the {card.long_name()} is not an exposed card", (46,))
        req = Requirement(target, "play-card", (46, 56), card=card)
        return self._rule(Ruling(
            "exposed card called", (46, 55, 56),
            f"{ev.who} called {SEAT_NAMES[target]}'s {card.long_name()}: it must be played at the first lawful "
            "opportunity; no call can force a revoke (law 55).", offender=target,
            effects=(req.describe(),)), requirements=self.requirements + (req,))

    def _ev_name(self, ev: Event) -> Director:
        # Law 51: a detached card is liable to be called if an adversary can name it; a wrong
        # name makes the namer liable to have a suit called when he or his partner next lead.
        namer = self._seat(ev)
        if len(ev.args) != 2 or ev.args[0].upper() not in SEAT_NAMES[: self.n]:
            raise InputError("write 'name SEAT CARD'", "event")
        target = SEAT_NAMES.index(ev.args[0].upper())
        card = self._card(ev.args[1])
        if self.hands[target] >> card & 1 and self.extra.get("detached") in (None, (target, int(card))):
            return self._rule(Ruling(
                "detached card named", (51,),
                f"{ev.who} named {SEAT_NAMES[target]}'s detached card, the {card.long_name()}: it is liable to be "
                "called.", offender=target, effects=("the card is exposed",)),
                exposed=_set(self.exposed, target, self.exposed[target] | (1 << card)))
        return self._rule(Ruling(
            "wrong card named", (51,),
            f"{ev.who} named a wrong card: he is liable to have a suit called when he or his partner next lead.",
            offender=namer, chooser=1 - self.side_of(namer),
            options=tuple(Option(f"call-suit-{s.letter}", f"Call {s.word} at their next lead", (51,))
                          for s in Suit) + (Option("waive", "Exact no penalty", (51,)),)),
            extra={**self.extra, "suit_from": namer})

    def _ev_attention(self, ev: Event) -> Director:
        # Law 83: calling attention to the trick before the partner plays: the adversaries may
        # require the partner to play highest or lowest, or to win or lose the trick.
        seat = self._seat(ev)
        p = self.partner(seat)
        if self.phase != "play" or self._played_this_trick(p):
            raise IllegalAction("Law 83 concerns a remark made before the partner plays to the trick", (83,))
        return self._rule(Ruling(
            "attention called to the trick", (83,),
            f"{ev.who} called attention to the trick before his partner played: the adversaries may require "
            f"{SEAT_NAMES[p]} to play his highest or lowest of the suit led, or to win or lose the trick.",
            offender=seat, chooser=1 - self.side_of(seat),
            options=_play_options(SEAT_NAMES[p], (83,), waive=True)),
            extra={**self.extra, "target": p})

    def _ev_throw(self, ev: Event) -> Director:
        seat = self._seat(ev)
        d = self.deal
        if self.phase == "bidding":
            if seat == d.dealer and d.phase == "bid2":
                # Law 82: the dealer throws his cards on the table in the second round: binding on his
                # partner (it counts as his pass).
                st = self._rule(Ruling(
                    "dealer threw down his cards", (82,),
                    f"{ev.who} threw his cards on the table: it is his pass, binding on his partner.",
                    offender=seat, effects=("the dealer passes",)))
                return st._regular(Event(ev.who, "pass"))
            raise IllegalAction("a hand thrown down during the bidding: cards exposed", (46,))
        if d.alone is not None and self.side_of(seat) != self.side_of(d.alone):
            # Law 50: an adversary of a lone hand abandons his hand: the lone player scores five points.
            st = self._rule(Ruling(
                "hand abandoned against a lone hand", (50,),
                f"{ev.who} abandoned his hand against the lone hand: the player playing alone scores five points.",
                offender=seat, effects=("the lone player scores five",)), abandoned=seat, phase="claims")
            return st
        thrown = self.extra.get("thrown", frozenset()) | {seat}
        if len(thrown) == len(self.active()):
            # Law 49: all throw their cards face up: the hands are abandoned; no claim unless a revoke.
            return self._rule(Ruling(
                "all hands abandoned", (49,),
                "All the players threw their cards face up: the hands are abandoned, and no claim that the game could "
                "have been saved or won is entertained, unless a revoke is established.", offender=None,
                effects=("the deal is scored on the tricks taken",)), phase="claims",
                extra={**self.extra, "thrown": thrown})
        # Law 48: the cards thrown face up are exposed and can be called, each player's by the adversary.
        return self._rule(Ruling(
            "hand thrown down", (48,),
            f"{ev.who} threw his cards on the table face up: they are exposed cards and can be called by the "
            "adversaries; a player who retains his hand cannot be forced to abandon it.", offender=seat,
            effects=("his whole hand is exposed",)),
            exposed=_set(self.exposed, seat, self.exposed[seat] | self.hands[seat]),
            extra={**self.extra, "thrown": thrown})

    def _ev_holds(self, ev: Event) -> Director:
        # Law 90: a player has more or less than five cards (or the dealer neglected to discard):
        # the deal holds; the offending side forfeits two (four in a lone hand) and scores nothing.
        seat = self._seat(ev)
        side = self.side_of(seat)
        lone = self.deal.alone is not None
        return self._rule(Ruling(
            "wrong number of cards", (90,),
            f"{ev.who} holds the wrong number of cards: the deal holds good; his side forfeits "
            f"{4 if lone else 2} and may not score any point made on this hand.", offender=seat,
            effects=(f"{self.side_name(side)} forfeits {4 if lone else 2}",)),
            forfeit=self.forfeit + (side,))

    # ------------------------------------------------------------------ revokes
    def _ev_ask(self, ev: Event) -> Director:
        seat = self._seat(ev)
        p = self.partner(seat)
        idx = len(self.tricks) - (0 if self.trick else 1)
        revokes = tuple(replace(r, asked=True) if r.seat == p and r.trick == idx and not r.established else r
                        for r in self.revokes)
        return self._rule(Ruling(
            "partner's question", (65,),
            f"{ev.who} asked his partner whether he has not a card of the suit renounced: the revoke, if any, is not "
            "established by quitting the trick, and may be corrected until he or his partner plays to the next trick.",
            offender=None, effects=("the correction window stays open",)), revokes=revokes)

    def _ev_correct(self, ev: Event) -> Director:
        """Laws 65, 69: the revoking player takes back his card and plays a proper one; the
        adversaries may call the card played in error; later players, except his partner, may
        withdraw their cards (they go back to their hands, not exposed)."""
        seat = self._seat(ev)
        new = self._card(ev.args[0] if ev.args else "")
        open_r = [r for r in self.revokes if r.seat == seat and not r.established and not r.corrected]
        if not open_r:
            raise IllegalAction("there is no revoke of his to correct: it is established or there is none", (64,))
        rv = open_r[-1]
        if rv.trick == len(self.tricks):
            seq = list(self.trick)
            tricks = self.tricks
            won = self.won
        elif rv.trick == len(self.tricks) - 1 and not self.trick:
            last = self.tricks[-1]
            seq = list(last.cards)
            tricks = self.tricks[:-1]
            won = _set(self.won, last.winner, self.won[last.winner] - 1)
        else:
            raise IllegalAction("the revoke is established", (64,))
        i = next(k for k, (s, c) in enumerate(seq) if s == seat and c == rv.card)
        hands = list(self.hands)
        hands[seat] |= 1 << rv.card
        after = seq[i + 1:]
        keep_after = []
        for s, c in after:
            if s == self.partner(seat):
                keep_after.append((s, c))
            else:
                hands[s] |= 1 << c                # Law 69: withdrawn, not liable to be called
        if not hands[seat] >> new & 1:
            raise InputError(f"{ev.who} does not hold the {new.long_name()}", "card")
        led = seq[0][1] if i > 0 else None
        if not legal_play_mask(hands[seat], led, self.trump) >> new & 1:
            raise IllegalAction(f"the {new.long_name()} does not follow suit either", (62,))
        hands[seat] &= ~(1 << rv.card)
        hands[seat] &= ~(1 << new)
        exposed = _set(self.exposed, seat, self.exposed[seat] | (1 << rv.card))
        trick = tuple(seq[:i]) + ((seat, new),) + tuple(keep_after)
        revokes = tuple(replace(r, corrected=True) if r is rv else r for r in self.revokes)
        # the card played in error goes on the table as exposed (Law 69 lets the adversaries call it)
        hands[seat] |= 0
        st = replace(self, hands=tuple(hands), trick=trick, tricks=tricks, won=won, revokes=revokes,
                     exposed=exposed, quitted=True)
        st = st._rule(Ruling(
            "revoke corrected", (65, 69),
            f"{ev.who} corrected his revoke with the {new.long_name()}: the {rv.card.long_name()} is liable to be "
            "called by the adversaries; the players after him, except his partner, may withdraw their cards.",
            offender=seat, effects=("the card played in error is exposed",)))
        # the error card is not in his hand: it lies exposed on the table and is still his to play
        st = replace(st, hands=_set(st.hands, seat, st.hands[seat] | (1 << rv.card)))
        order = st.active()
        lead = trick[0][0]
        k = order.index(lead)
        seq_order = order[k:] + order[:k]
        played = {s for s, _ in trick}
        nxt = next((s for s in seq_order if s not in played), None)
        if nxt is None:
            return replace(st, trick=tuple((s, dict(trick)[s]) for s in seq_order))._complete_trick()
        return replace(st, actor=nxt)

    def _ev_claim(self, ev: Event) -> Director:
        """Laws 63, 66, 68, 71: a revoke claim: the tricks are searched; each established revoke
        costs three points (five against a lone hand) to the revoking side; equal numbers on
        both sides cancel."""
        side = self._side(ev)
        if self.claims_closed:
            raise IllegalAction("a revoke cannot be claimed after the cards are cut for the next deal", (68,))
        found = [r for r in self.revokes if r.established and self.side_of(r.seat) != side]
        if not found:
            return self._rule(Ruling("revoke claimed", (66,),
                                     f"{ev.who} claimed a revoke; the tricks were searched and none is established.",
                                     chooser=None))
        return self._rule(Ruling(
            "revoke claimed", (63, 66),
            f"{ev.who} claimed a revoke: {len(found)} established by "
            + ", ".join(SEAT_NAMES[r.seat] for r in found) + ". The penalty is scored at the end of the hand "
            "(law 63), before all other scores (law 4).", chooser=None, effects=("penalty scored",)),
            extra={**self.extra, "claimed": self.extra.get("claimed", frozenset()) | {side}})

    def _ev_mix(self, ev: Event) -> Director:
        # Law 67: the accused player or his partner mixes the cards before they are examined:
        # the revoke is established.
        side = self._side(ev)
        pend = [r for r in self.revokes if self.side_of(r.seat) == side and not r.corrected]
        revokes = tuple(replace(r, established=True) if r in pend else r for r in self.revokes)
        return self._rule(Ruling("cards mixed before examination", (67,),
                                 f"{ev.who} mixed the cards before a revoke claim was examined: the revoke is "
                                 "established.", effects=("revoke established",)), revokes=revokes)

    def _ev_imperfect(self, ev: Event) -> Director:
        """Law 33: the pack found incorrect or imperfect during the deal or the play: a new deal
        by the same dealer; all points scored on previous hands stand."""
        if self.phase == "done":
            raise IllegalAction("the deal is over")
        return self._rule(Ruling(
            "imperfect pack", (33,),
            "The pack is found incorrect or imperfect: there must be a new deal by the same dealer; the points "
            "scored on previous hands stand.", effects=("new deal by the same dealer", "this hand scores nothing")),
            phase="done", extra={**self.extra, "new_deal": (33,)})

    def _ev_cut(self, ev: Event) -> Director:
        # Law 68: after the cut for the next deal no revoke can be claimed.
        if self.phase == "play":
            raise IllegalAction("the hand is not finished")
        return replace(self, claims_closed=True, phase="done")

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
        rulings = list(self.rulings)
        rulings[self.pending] = r.choose(opt)
        st = replace(self, rulings=tuple(rulings), pending=None)
        return st._enforce(r, opt, ev.args[1:])

    def _enforce(self, r: Ruling, opt: str, args: tuple[str, ...]) -> Director:
        st = self
        if r.irregularity == "lead out of turn":
            seat, card_i, proper = self.extra["ooturn"]
            card = Card(card_i)
            if opt == "waive":
                return st                               # the lead stands
            # Law 53: the cards played to the false lead are taken back; only the offender is penalised.
            hands = list(st.hands)
            for s2, c2 in st.trick:
                hands[s2] |= 1 << c2
            st = replace(st, hands=tuple(hands), trick=(), actor=proper, leader=proper)
            if opt == "call-card":
                req = Requirement(seat, "play-card", (52, 56), card=card)
                return replace(st, requirements=st.requirements + (req,))
            if not args:
                raise InputError("name the suit: 'choose call-suit H'", "option")
            try:
                suit = Suit.parse(args[0])
            except CardError as e:
                raise InputError(str(e), "option") from None
            exposed = _set(st.exposed, seat, st.exposed[seat] & ~(1 << card))
            req = Requirement(seat, "lead-suit", (52, 57), suit=int(suit), or_partner=True)
            return replace(st, exposed=exposed, requirements=st.requirements + (req,))
        if r.irregularity == "order after passing":
            seat, action = self.extra["late"]
            if opt == "played":
                d = self.deal
                suit = d.turn_suit if action.kind == "order" else action.suit
                how = "order"
                new = d._replace(actor=seat, log=d.log)._made(Action(action.kind, suit=action.suit), suit, how,
                                                                first_round=d.phase == "bid1")
                return replace(st, must_pass=frozenset())._after_deal_step(new)
            return st
        if r.irregularity == "lone hand announced after naming the trump":
            if opt == "let-alone":
                d = self.deal
                assert d.maker is not None
                new = d._replace(alone=d.maker, level=1, out=1 << ((d.maker + 2) % 4))
                st = replace(st, deal=new)
                if st.phase == "play":
                    st = replace(st, actor=st._next(st.actor - 1) if st.deal.out >> st.actor & 1 else st.actor)
            return st
        if r.irregularity == "partner played to the first lead of a lone hand":
            seat, card_i = self.extra["law100"]
            if opt == "alone":
                return st
            d = self.deal._replace(alone=None, level=0, out=0)
            st = replace(st, deal=d, no_alone=st.no_alone | {seat, self.partner(seat)})
            return st._put_out_of_order(seat, Card(card_i))
        if r.irregularity == "card omitted from a trick":
            if opt == "new-deal":
                return replace(st, phase="done", extra={**st.extra, "new_deal": (60,)})
            return st
        if r.irregularity == "winning cards played in succession":
            if opt == "waive":
                return st
            req = Requirement(self.extra["target"], "win", (47,), trick=len(st.tricks))
            return replace(st, requirements=st.requirements + (req,))
        if r.irregularity in ("fourth hand played before his partner", "attention called to the trick",
                              "lead before the dealer's discard, against a lone hand"):
            if opt == "waive":
                return st
            target = self.extra.get("target", self.deal.dealer)
            if r.irregularity.startswith("lead before"):
                target = self.deal.dealer
            trick_idx = len(st.tricks)
            req = Requirement(target, opt, r.laws, trick=trick_idx)
            return replace(st, requirements=st.requirements + (req,))
        if r.irregularity == "wrong card named":
            if opt == "waive":
                return st
            namer = self.extra["suit_from"]
            suit = Suit.parse(opt.rsplit("-", 1)[1])
            req = Requirement(namer, "lead-suit", (51, 57), suit=int(suit), or_partner=True)
            return replace(st, requirements=st.requirements + (req,))
        return st

    # ------------------------------------------------------------------ the score
    def result(self) -> dict[str, Any]:
        """The deal's score with the rulings applied, as ordered entries (Law 4: the revoke
        penalty first) and totals by side."""
        d = self.deal
        sides = d.rules.sides
        entries: list[tuple[str, int, int, tuple[int, ...]]] = []   # (what, side, points, laws)
        if d.phase == "done" and d.result is not None and self.phase != "play":
            res: DealResult | None = d.result
        elif self.phase in ("claims", "done") and d.maker is not None:
            by_side = [0] * sides
            for s, w in enumerate(self.won):
                by_side[self.side_of(s)] += w
            res = score_deal(d.rules, self.side_of(d.maker), d.maker, d.alone, d.level, tuple(by_side))
        else:
            res = None
        # Laws 63, 71, 4: revokes
        claimed = self.extra.get("claimed", frozenset())
        counts = [0] * sides
        for r in self.revokes:
            if r.established and (1 - self.side_of(r.seat)) in claimed:
                counts[self.side_of(r.seat)] += 1
        if sides == 2:
            net = counts[0] - counts[1]                 # Law 71: equal numbers cancel
            if not net and counts[0]:
                entries.append(("revokes on both sides cancel", 0, 0, (71,)))
            if net:
                offender = 0 if net > 0 else 1
                per = d.rules.revoke_alone_points if d.alone is not None else d.rules.revoke_points
                entries.append(("revoke", 1 - offender, per * abs(net), (4, 63, 71)))
        if self.extra.get("new_deal"):
            res = None
        if self.abandoned is not None and d.alone is not None:
            entries.append(("hand abandoned", self.side_of(d.alone), 5, (50,)))
            res = None
        if res is not None and not res.passed_out:
            for side in range(sides):
                p = res.points[side]
                if not p:
                    continue
                if side in self.forfeit:
                    continue                            # Law 90: not entitled to score
                if self.capped and d.alone is not None and side == self.side_of(d.alone) and res.march:
                    p = min(p, 2)                       # Law 102
                entries.append(("deal", side, p, (2, 3) if not self.capped else (2, 3, 102)))
        for side in self.forfeit:
            per = 4 if d.alone is not None else 2
            entries.append(("forfeit (wrong number of cards)", 1 - side if sides == 2 else side, per, (90,)))
        totals = [0] * sides
        for _, side, p, _ in entries:
            totals[side] += p
        return {
            "entries": [{"what": w, "side": self.side_name(s), "points": p, "laws": list(laws)}
                        for w, s, p, laws in entries],
            "points": {self.side_name(i): totals[i] for i in range(sides)},
            "tricks_won": {self.side_name(i): sum(w for s, w in enumerate(self.won) if self.side_of(s) == i)
                           for i in range(sides)},
            "complete": self.phase in ("claims", "done"),
            "new_deal": bool(self.extra.get("new_deal")),
        }

    def legal_plays(self) -> list[Card]:
        """What the laws allow the player to move now (for the UI), calls included."""
        if self.phase != "play":
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
            "phase": self.phase,
            "actor": self.actor_name,
            "rulings": [r.to_json() for r in self.rulings],
            "pending": self.pending,
            "requirements": [r.describe() for r in self.requirements],
            "exposed": {SEAT_NAMES[s]: [str(c) for c in cards_of_mask(m)] for s, m in enumerate(self.exposed) if m},
            "revokes": [{"seat": SEAT_NAMES[r.seat], "trick": r.trick + 1, "card": str(r.card),
                         "established": r.established, "corrected": r.corrected, "kind": r.kind}
                        for r in self.revokes],
            "tricks": [{"leader": SEAT_NAMES[t.leader], "cards": [[SEAT_NAMES[s], str(c)] for s, c in t.cards],
                        "winner": SEAT_NAMES[t.winner]} for t in self.tricks],
            "score": self.result(),
        }


def _play_options(who: str, laws: tuple[int, ...], waive: bool = False) -> tuple[Option, ...]:
    """Laws 83 and 89: highest or lowest of the suit led, or win or lose the trick."""
    opts = [Option(k, f"{who} must play his {k} of the suit led", laws) for k in ("highest", "lowest")]
    opts += [Option(k, f"{who} must {k} the trick if he can", laws) for k in ("win", "lose")]
    if waive:
        opts.append(Option("waive", "Exact no penalty", laws))
    return tuple(opts)


def _set(t: tuple[int, ...], i: int, v: int) -> tuple[int, ...]:
    lst = list(t)
    lst[i] = v
    return tuple(lst)
