"""The dealing procedure's ends, which every chapter reaches: the deal stands (with the notes of Laws 35,
38 and 40), a fresh cut (Laws 29, 24), a new deal by the same dealer, the deal lost (Laws 31, 41,
45), a deal out of turn stopped (Law 40)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...kernel.cards import mask_of
from ...kernel.deal import SEAT_NAMES, Deal, DealSetup
from ..rulings import Fact, Ruling
from ..rulings import Irregularity as K
from ..rulings import Standing as S
from .state import DealingPhase, DealingState, Outcome

if TYPE_CHECKING:
    from typing_extensions import Self

__all__ = ["Ends"]


class Ends(DealingState):
    """How the dealing ends: the outcome of a deal that stands, a fresh cut, a new deal, the deal lost
    or stopped."""

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

    def _fresh(self, ruling: Ruling) -> Self:
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

    def _lose_deal(
        self, irregularity: str, laws: tuple[int, ...], text: str, offender: int, kind: K = K.MISDEAL
    ) -> Self:
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
            Ruling(
                irregularity,
                laws,
                text,
                offender=offender,
                effects=(f"the deal is lost: {SEAT_NAMES[nxt]} deals",),
                kind=kind,
                facts=(Fact(S.DEAL_LOST, seat=nxt),),
            )
        )
        return st._conclude("deal-lost", nxt, laws, text)

    def _stop_out_of_turn(self, irregularity: str, laws: tuple[int, ...], text: str, offender: int | None) -> Self:
        """Law 40: a deal out of turn stopped before the trump card is turned: the rightful dealer deals."""
        text += f" The deal out of turn is stopped before the trump card is turned: {SEAT_NAMES[self.dealer]} deals."
        st = self._rule(
            Ruling(
                irregularity,
                laws,
                text,
                offender=offender,
                effects=(f"{SEAT_NAMES[self.dealer]} deals",),
                kind=K.DEAL_OUT_OF_TURN_STOPPED,
                facts=(Fact(S.DEALS, seat=self.dealer),),
            )
        )
        return st._conclude("deal-stopped", self.dealer, laws, text)

    def _new_deal(
        self,
        irregularity: str,
        laws: tuple[int, ...],
        text: str,
        offender: int | None = None,
        effects: tuple[str, ...] = (),
        kind: K | None = None,
        facts: tuple[Fact, ...] = (),
    ) -> Self:
        st = self._rule(
            Ruling(
                irregularity,
                laws,
                text,
                offender=offender,
                effects=effects or (f"a new deal by {SEAT_NAMES[self.dealer]}",),
                kind=kind,
                facts=facts or (Fact(S.NEW_DEAL, seat=self.dealer),),
            )
        )
        return st._conclude("new-deal", self.dealer, laws, text)
