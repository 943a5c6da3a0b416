"""The dealing procedure's chapter on the deal itself: the packets (``give``, ``deal``: Law 42), a deal
out of turn (Laws 40, 45), a misdeal (Laws 41-45), the trump card turned (``turn``: Laws 37, 40)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from ...kernel.deal import SEAT_NAMES
from ...kernel.errors import IllegalAction, InputError
from ...kernel.play import speaking_order
from ..events import Event
from ..rulings import Chooser, Fact, Option, Ruling
from ..rulings import Irregularity as K
from ..rulings import Standing as S
from .state import MISDEAL_44 as _MISDEAL_44
from .state import SIDES as _SIDES
from .state import DealingPhase, DealingState, verb
from .state import integer as _int
from .state import seat_index as _seat_index
from .state import with_blocking as _with_blocking

if TYPE_CHECKING:
    from typing_extensions import Self

__all__ = ["Packets"]


class Packets(DealingState):
    """The deal: the packets given (Law 42), out of turn (Laws 40, 45), misdealt (Laws 41-45), the
    trump card turned (Laws 37, 40)."""

    # ------------------------------------------------------------------ the deal (Laws 40-45)
    @verb("give")
    def _ev_give(self, ev: Event) -> Self:
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

    @verb("deal")
    def _ev_deal(self, ev: Event) -> Self:
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

    def _give(self, seat: int, n: int, target: int | None) -> Self:
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

    def _out_of_turn(self, seat: int) -> Self:
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
                    kind=K.PARTNERS_DEAL_TAKEN,
                    facts=(Fact(S.CAN_BE_STOPPED),),
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
                kind=K.DEAL_OUT_OF_TURN,
                facts=(Fact(S.CAN_BE_STOPPED),),
            )
        )

    def _misdeal(self, fault: str, seat: int) -> Self:
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
                "misdeal",
                base + (43,),
                text,
                seat,
                (f"a new deal by {SEAT_NAMES[rightful]}: the deal is not lost",),
                kind=K.MISDEAL,
                facts=(Fact(S.NEW_DEAL, seat=rightful),),
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
                    kind=K.MISDEAL_AFTER_INTERRUPTION,
                    rule=Chooser.DEALER,  # Law 44: "he may deal again": the dealer's own choice
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

    @verb("turn")
    def _ev_turn(self, ev: Event) -> Self:
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
                        kind=K.TRUMP_TURNED_AT_ONCE,
                        facts=(Fact(S.MUST_ELECT, side=r.chooser or 0),),
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
                    kind=K.DEAL_OUT_OF_TURN_STANDS,
                    facts=(Fact(S.DEAL_STANDS),),
                )
            )
        return st
