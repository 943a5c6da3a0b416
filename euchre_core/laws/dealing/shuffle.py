"""The dealing procedure's chapter on shuffling and the cut: ``shuffle``, ``decline`` (Laws 22-27, 31),
``cut``, ``confusion``, ``doubt`` (Laws 29, 30)."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import TYPE_CHECKING

from ...kernel import decode
from ...kernel.deal import SEAT_NAMES
from ...kernel.errors import IllegalAction, InputError
from ..events import Event
from ..rulings import Fact, Ruling
from ..rulings import Irregularity as K
from ..rulings import Standing as S
from .state import DealingPhase, DealingState, verb
from .state import integer as _int

if TYPE_CHECKING:
    from typing_extensions import Self

__all__ = ["Shuffle"]


class Shuffle(DealingState):
    """Shuffling (Laws 22-27, 31) and the cut (Laws 29, 30)."""

    # ------------------------------------------------------------------ shuffling (Laws 22-27, 31)
    @verb("shuffle")
    def _ev_shuffle(self, ev: Event) -> Self:
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
                    kind=K.RESHUFFLE_AFTER_CUT,
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

    @verb("decline")
    def _ev_decline(self, ev: Event) -> Self:
        seat = self._seat(ev)
        partner = (self.dealer + 2) % 4
        if self.phase is not DealingPhase.SHUFFLE or seat != partner or partner in self.shuffled or self.declined:
            raise IllegalAction(
                f"only {SEAT_NAMES[partner]}, the dealer's partner, can waive his first right "
                "to shuffle, before he shuffles",
                (25,),
            )
        return replace(self, declined=True)

    # ------------------------------------------------------------------ the cut (Laws 29, 30)
    @verb("cut")
    def _ev_cut(self, ev: Event) -> Self:
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
                    kind=K.FALSE_CUT,
                    facts=(Fact(S.FRESH_CUT), Fact(S.SHUFFLE_AGAIN, laws=(24,))),
                )
            )
        cut_pack = self.order[n:] + self.order[:n]
        return replace(self, phase=DealingPhase.CUT, uncut=self.order, order=cut_pack, cut=n, cutter=seat)

    @verb("confusion")
    def _ev_confusion(self, ev: Event) -> Self:
        return self._law_29_event("confusion of the cards in cutting")

    @verb("doubt")
    def _ev_doubt(self, ev: Event) -> Self:
        return self._law_29_event("doubt as to where the pack was divided")

    def _law_29_event(self, what: str) -> Self:
        if self.phase is not DealingPhase.CUT:
            raise IllegalAction("Law 29 concerns the cut, after the pack is divided and before the deal", (29,))
        return self._fresh(
            Ruling(
                what,
                (29, 24),
                f"{what[0].upper() + what[1:]}: there must be a fresh cut.",
                effects=("a fresh cut", "each player may shuffle once again (Law 24)"),
                kind=K.CUT_CONFUSED,
                facts=(Fact(S.FRESH_CUT), Fact(S.SHUFFLE_AGAIN, laws=(24,))),
            )
        )
