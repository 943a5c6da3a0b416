"""The dealing procedure's chapter on the pack: fresh cards (``newcards``, Law 72), a card torn or
marked (``marked``, Law 73), a card faced in the pack (``faced``, Law 34; ``lead`` ends it), the pack
imperfect (``imperfect``, Law 33), the adversaries' pack (``wrongpack``, Law 38)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from ...kernel.deal import SEAT_NAMES
from ...kernel.errors import IllegalAction, InputError
from ..events import Event
from ..rulings import Chooser, Fact, Option, Ruling
from ..rulings import Irregularity as K
from ..rulings import Standing as S
from .state import MARKED as _MARKED
from .state import NEW_PACKS as _NEW_PACKS
from .state import SIDES as _SIDES
from .state import WRONG_PACK as _WRONG_PACK
from .state import DealingPhase, DealingState, verb

if TYPE_CHECKING:
    from typing_extensions import Self

__all__ = ["Pack"]


class Pack(DealingState):
    """The pack: new cards (Laws 72, 73), a faced card (Law 34), an imperfect pack (Law 33), the
    adversaries' pack (Law 38)."""

    # ------------------------------------------------------------------ new cards (Laws 72, 73)
    @verb("newcards")
    def _ev_newcards(self, ev: Event) -> Self:
        seat = self._seat(ev)
        if self.phase is not DealingPhase.SHUFFLE:
            raise IllegalAction("fresh cards may be called for before, but not after, the pack is cut", (72,))
        return self._rule(
            self._new_packs_ruling(f"{ev.who} called for fresh cards", f"{ev.who} pays for them", (72,), seat)
        )

    def _new_packs_ruling(
        self, why: str, payer: str, laws: tuple[int, ...], offender: int | None, kind: K = K.NEW_CARDS_CALLED
    ) -> Ruling:
        """Law 72's two new packs, the dealer's choice; ``offender`` (None: the table) pays for them."""
        side = self._side_of(self.dealer)
        d = SEAT_NAMES[self.dealer]
        # Law 72: he must call for two new packs, of which the dealer has the choice.
        return Ruling(
            _NEW_PACKS,
            laws,
            f"{why}: two new packs are brought; {d}, the dealer, has the choice.",
            offender=offender,
            chooser=side,
            rule=Chooser.DEALER,  # Law 72: "of which the dealer has the choice"
            options=(
                Option("pack-1", f"{d} deals with the first new pack", (72,)),
                Option("pack-2", f"{d} deals with the second new pack", (72,)),
            ),
            effects=(payer,),
            kind=kind,
            facts=(Fact(S.PAYS, seat=offender),),
        )

    @verb("marked")
    def _ev_marked(self, ev: Event) -> Self:
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
                kind=K.CARD_MARKED,
                rule=Chooser.EITHER_SIDE,  # Law 73: nobody is at fault; both sides agree, or either calls
                options=(
                    Option("replace", "Replace the card: both sides must agree", (73,)),
                    Option(
                        "new-cards", "New cards at the expense of the table (either side may call for them)", (72, 73)
                    ),
                ),
            )
        )

    # ------------------------------------------------------------------ faced cards, the pack (Laws 33, 34, 38)
    @verb("faced")
    def _ev_faced(self, ev: Event) -> Self:
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
                    kind=K.CARD_FACED_AFTER_LEAD,
                    facts=(Fact(S.DEAL_STANDS),),
                )
            )
        # Law 34: a card found faced in the pack before a lead is made: there must be a new deal.
        return self._new_deal(
            "card faced in the pack",
            (34,),
            f"{what[0].upper() + what[1:]} was found faced in the pack before a lead was made: "
            "there must be a new deal.",
            kind=K.CARD_FACED_IN_PACK,
        )

    @verb("imperfect")
    def _ev_imperfect(self, ev: Event) -> Self:
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
            kind=K.IMPERFECT_PACK,
            facts=(Fact(S.NEW_DEAL, seat=self.dealer), Fact(S.POINTS_STAND)),
        )

    @verb("wrongpack")
    def _ev_wrongpack(self, ev: Event) -> Self:
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
                    kind=K.WRONG_PACK,
                    facts=(Fact(S.PACKS_EXCHANGED),),
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
                    kind=K.WRONG_PACK,
                    facts=(Fact(S.DEAL_STANDS), Fact(S.RECLAIM, side=adv)),
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
                kind=K.WRONG_PACK,
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

    @verb("lead")
    def _ev_lead(self, ev: Event) -> Self:
        if self.phase is not DealingPhase.TURNED:
            raise IllegalAction("the trump card is not turned")
        if self.led:
            raise IllegalAction("a lead has been made")
        return replace(self, led=True)
