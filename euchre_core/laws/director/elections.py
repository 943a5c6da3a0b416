"""The director's chapter on elections: Law 85. ``choose`` elects an option of the pending ruling
and enforces it; ``consult`` loses the right (the option that stands is the law's own)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...kernel.actions import Action
from ...kernel.cards import CardError, Suit
from ...kernel.errors import IllegalAction, InputError
from ..events import Event
from ..rulings import Fact, Irregularity, Ruling, Standing
from .state import Call, DirectorState, K, Phase, Requirement, verb
from .state import ruling as _r
from .state import set_at as _set

if TYPE_CHECKING:
    from typing_extensions import Self

__all__ = ["Elections"]


class Elections(DirectorState):
    """Elections (Law 85): the option chosen and enforced, or lost by consulting."""

    @verb("consult")
    def _ev_consult(self, ev: Event) -> Self:
        """Law 85: the partners consult on which of two penalties to exact: they lose their right."""
        side = self._side(ev)
        if self.pending is None or self.rulings[self.pending].chooser != side:
            raise IllegalAction(f"{ev.who} have no penalty to elect now", (85,))
        r = self.rulings[self.pending]
        if r.kind is K.REVOKE_CLAIMED:
            raise IllegalAction("law 85 concerns the election of a penalty; law 70 is the revoking side's right", (85,))
        default = _LOST_RIGHT.get(r.kind, "waive") if r.kind is not None else "waive"
        st = self._with(
            rulings=self.rulings.set(self.pending, r.choose(default)), awaiting=self._awaiting_without(self.pending)
        )
        st = st._rule(
            _r(
                K.CONSULTED,
                (85,),
                f"{ev.who} consulted on which penalty to exact: they lose their right to the penalty for the "
                f"{r.irregularity} (law 85).",
                offender=side,  # the side that consulted, named by its first seat (A for A-C, B for B-D)
                effects=("no penalty exacted",),
                facts=(Fact(Standing.NO_PENALTY_EXACTED),),
            )
        )
        return st._enforce(r, default, ())

    @verb("choose")
    def _ev_choose(self, ev: Event) -> Self:
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
        st = self._with(
            rulings=self.rulings.set(self.pending, r.choose(opt)), awaiting=self._awaiting_without(self.pending)
        )
        return st._enforce(r, opt, ev.args[1:])

    def _enforce(self, r: Ruling, opt: str, args: tuple[str, ...]) -> Self:
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
            # Law 47: "the first or any other of those tricks": the trick in play, or the next one
            trick = len(st.tricks) + (1 if opt == "win-next" else 0)
            req = Requirement(r.target, Call.WIN, (47,), trick=trick)
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
