"""The director's chapter on the bidding and the discard: Laws 74-99 (and 86-90 when a card is
played before the discard). A handler per verb, registered in :data:`~euchre_core.laws.director.state.HANDLERS`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...kernel.actions import Action
from ...kernel.cards import Card, CardError, Suit
from ...kernel.deal import SEAT_NAMES, Deal
from ...kernel.errors import IllegalAction, InputError
from ...kernel.play import partner_out_mask
from ..events import Event
from ..rulings import Chooser, Fact, Option, Standing
from .state import DirectorState, K, Phase, verb
from .state import play_options as _play_options
from .state import ruling as _r
from .state import set_at as _set

if TYPE_CHECKING:
    from typing_extensions import Self

__all__ = ["Bidding"]


class Bidding(DirectorState):
    """The bidding and the discard (Laws 74-99): the regular declarations through
    :class:`~euchre_core.kernel.deal.Deal`, the irregular ones ruled here; the play before the
    discard (Laws 87, 89, 90)."""

    @verb("pass", "order", "call", "take", "stay", "discard")
    def _regular(self, ev: Event) -> Self:
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
                    facts=(Fact(Standing.NO_LONE_HAND, seat=seat),),
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

    def _law_81(self, seat: int) -> Self:
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
                facts=(Fact(Standing.DECLARATION_STANDS),),
            )
        )
        return st._after_deal_step(d.apply(Action("stay"))) if in_turn else st

    def _law_93(self, seat: int) -> Self:
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
                facts=(Fact(Standing.OFFER_VOID),),
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

    def _law_99(self, seat: int) -> Self:
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
                    facts=(Fact(Standing.SCORED_WITH_PARTNERS),),
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
                facts=(Fact(Standing.WITH_PARTNERS),),
            ),
            no_alone=_set(_set(self.no_alone, seat, 99), lone, 99),
        )
        return st._with(deal=st._cancel_alone())

    def _bound_to_pass(self, seat: int, action: Action) -> Self:
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
                facts=(Fact(Standing.DECLARATION_VOID),),
            )
        )
        if seat != self.deal.actor:
            return st
        act = Action("stay") if self.deal.phase == "take" else Action("pass")
        return st._after_deal_step(self.deal.apply(act))

    def _after_deal_step(self, new: Deal) -> Self:
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

    @verb("alone")
    def _ev_alone(self, ev: Event) -> Self:
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
                        facts=(Fact(Standing.NO_LONE_HAND, seat=seat),),
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
                    facts=(Fact(Standing.WITH_PARTNERS),),
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

    def _out_of_turn_declaration(self, seat: int, action: Action) -> Self:
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
                    facts=(Fact(Standing.MUST_PASS, seat=self.partner(seat)),),
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
                    facts=(Fact(Standing.MUST_PASS, seat=self.partner(seat)),),
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
                facts=(Fact(Standing.DECLARATION_VOID),),
            )
        )

    @verb("mention")
    def _ev_mention(self, ev: Event) -> Self:
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
                facts=(Fact(Standing.MUST_PASS, seat=self.partner(seat)),),
            ),
            must_pass=_set(self.must_pass, self.partner(seat), 79),
        )

    @verb("declare")
    def _ev_declare(self, ev: Event) -> Self:
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
                facts=(Fact(Standing.NO_LONE_HAND, seat=seat),),
            ),
            no_alone=_set(self.no_alone, seat, 98),
        )
        args = [a for a in ev.args if a.lower() != "alone"]
        act = "order" if not args or args[0].lower() == "order" else "call " + args[-1]
        return st._regular(Event(ev.who, act.split()[0], tuple(act.split()[1:])))

    def _discard(self, seat: int, action: Action) -> Self:
        d = self.deal
        new = d.apply(action)  # Laws 86, 88 enforced by Deal
        return self._after_deal_step(new)._replay_early()

    def _replay_early(self) -> Self:
        """Law 87: the cards played before the discard was completed stand, in the order played."""
        st = self
        if st.phase is Phase.PLAY and st.early:
            early, st = st.early, st._with(early=())
            for s2, c2 in early:
                st = st._play(s2, c2)
        return st

    def _dealer_six(self, seat: int, card: Card) -> bool:
        return False

    def _play_before_discard(self, seat: int, card: Card) -> Self:
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
                            rule=Chooser.LONE_PLAYER,  # Law 89: the lone player calls on the dealer
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
                        facts=(Fact(Standing.LEAD_STANDS),),
                    ),
                    early=((seat, card),),
                )
        raise IllegalAction("the trump has not been made: no card can be played yet", (74,))

    def _no_discard(self, seat: int, card: Card) -> Self:
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
                facts=(Fact(Standing.FORFEITS, side=side, points=4 if lone else 2),),
            ),
            forfeit=self.forfeit if side in self.forfeit else self.forfeit + (side,),
            no_discard=True,
        )
        leader = d._first_leader()
        st = st._after_deal_step(d._replace(phase="play", actor=leader, leader=leader))
        return st._replay_early()._play(seat, card)
