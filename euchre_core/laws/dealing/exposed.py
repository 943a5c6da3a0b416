"""The dealing procedure's chapter on cards exposed and touched: ``expose`` (a card seen in shuffling,
Laws 22, 27; exposed in cutting, 29; in dealing, 35-37; in turning the trump, 39) and ``touch``
(Laws 35, 36, 43), with the claim of a new deal lost (Law 35)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from ...kernel.cards import Card
from ...kernel.deal import SEAT_NAMES
from ...kernel.errors import IllegalAction, InputError
from ..events import Event
from ..rulings import Fact, Option, Ruling
from ..rulings import Irregularity as K
from ..rulings import Standing as S
from .state import EXPOSED as _EXPOSED
from .state import SEEN as _SEEN
from .state import SIDES as _SIDES
from .state import DealingPhase, DealingState, verb
from .state import with_blocking as _with_blocking

if TYPE_CHECKING:
    from typing_extensions import Self

__all__ = ["Exposed"]


class Exposed(DealingState):
    """Cards exposed (Laws 22, 27, 29, 35-37, 39) and touched (Laws 35, 36, 43) during the dealing."""

    # ------------------------------------------------------------------ exposed and faced cards
    @verb("expose")
    def _ev_expose(self, ev: Event) -> Self:
        seat = self._seat(ev)
        card = self._card(ev.args[0]) if ev.args else None
        name = ev.who
        if self.phase is DealingPhase.SHUFFLE:
            shown = f"the {card.long_name()}" if card is not None else "a card"
            if seat == self.dealer:
                # Law 27: a card seen during his shuffling or while giving the pack to be cut: he may be
                # compelled to re-shuffle.
                return self._rule(
                    Ruling(
                        _SEEN,
                        (27,),
                        f"{shown[0].upper() + shown[1:]} was seen while {name}, the dealer, shuffled or "
                        "gave the pack to be cut: he may be compelled to re-shuffle.",
                        offender=seat,
                        chooser=1 - self._side_of(seat),
                        kind=K.DEALERS_CARD_SEEN,
                        options=(
                            Option("reshuffle", f"{name} must re-shuffle", (27,)),
                            Option("waive", "Let the pack be cut as it is", (27,)),
                        ),
                    )
                )
            # Law 22: no card may be seen in shuffling; the laws attach no penalty but the dealer's own
            # shuffle, last (Law 27).
            return self._rule(
                Ruling(
                    "card seen in shuffling",
                    (22,),
                    f"{shown[0].upper() + shown[1:]} was seen while {name} shuffled: the pack must "
                    "not be shuffled so that the face of any card can be seen. No penalty: the "
                    "dealer shuffles last (Law 27).",
                    offender=seat,
                    effects=("no penalty",),
                    kind=K.CARD_SEEN_SHUFFLING,
                    facts=(Fact(S.NO_PENALTY),),
                )
            )
        if self.phase is DealingPhase.CUT:
            # Law 29: a card exposed in cutting or in placing one packet on the other: a fresh cut.
            return self._fresh(
                Ruling(
                    "card exposed in cutting",
                    (29, 24),
                    f"A card was exposed ({name}) in cutting or in uniting the packets: there must be a fresh cut.",
                    offender=seat,
                    effects=("a fresh cut", "each player may shuffle once again (Law 24)"),
                    kind=K.CARD_EXPOSED_CUTTING,
                    facts=(Fact(S.FRESH_CUT), Fact(S.SHUFFLE_AGAIN, laws=(24,))),
                )
            )
        dl = self.acting
        if self.phase is DealingPhase.TURNED:
            stock = self.stock
            if seat == dl and self.log[-2].verb == "turn" and stock and (card is None or card in stock):
                # Law 39: the dealer, in turning the trump card, exposes another card of the pack.
                turned = card if card is not None else stock[0]
                return self._new_deal(
                    "card exposed in turning the trump",
                    (39,),
                    f"{name}, in turning the trump card, exposed the {turned.long_name()}: there must be a new deal.",
                    seat,
                    kind=K.EXPOSED_TURNING_TRUMP,
                )
            raise IllegalAction("the trump card is turned: a card exposed now is a matter of the play", (46,))
        stock = self.order[self.dealt :]
        given = [c for h in self.received for c in h]
        if seat == dl:
            if card is None:
                card = self.order[self.dealt - 1] if self.dealt else stock[0]
            elif card not in stock and card not in given:
                raise InputError(f"the {card} is not in the dealer's hands", "card")
            if self.phase is DealingPhase.DEALT and card in stock:
                # Law 39: all the cards are dealt; in turning the trump card he exposes another.
                return self._new_deal(
                    "card exposed in turning the trump",
                    (39,),
                    f"{name}, in turning the trump card, exposed the {card.long_name()}: there must be a new deal.",
                    seat,
                    kind=K.EXPOSED_TURNING_TRUMP,
                )
        else:
            mine = self.received[seat]
            if card is None:
                if not mine:
                    raise InputError(f"{name} has received no card to expose", "card")
                card = mine[-1]
            elif card not in mine:
                raise InputError(f"{name} has not received the {card}", "card")
        return self._exposed_in_dealing(seat, card)

    def _exposed_in_dealing(self, seat: int, card: Card) -> Self:
        """Law 35: exposed by the dealer or his partner, the adversaries can call for a new deal,
        provided neither of them has touched the cards; exposed by an adversary, the dealer has the
        claim, provided his partner has not touched the cards (Law 36: unless the other side touched
        first). If no new deal takes place, the exposed card cannot be called."""
        dl = self.acting
        dside = self._side_of(dl)
        claimant = 1 - dside if self._side_of(seat) == dside else dside
        exposed = self.exposed + ((seat, card, len(self.log) - 1),)
        who = "the dealer or his partner" if claimant != dside else "an adversary"
        text = f"{SEAT_NAMES[seat]} exposed the {card.long_name()} in dealing ({who}). "
        laws: tuple[int, ...] = (35, 36) if self.touches else (35,)
        if self._privilege_lost(claimant):
            touchers = ", ".join(SEAT_NAMES[s] for s in self.touches if self._side_of(s) == claimant and s != dl)
            text += (
                f"{_SIDES[claimant]} cannot claim a new deal: {touchers} touched the cards. The exposed card "
                "cannot be called."
            )
            return self._rule(
                Ruling(
                    _EXPOSED,
                    laws,
                    text,
                    offender=seat,
                    effects=("the deal goes on", "the exposed card cannot be called"),
                    kind=K.CARD_EXPOSED_DEALING,
                    facts=(Fact(S.PRIVILEGE_LOST, side=claimant), Fact(S.DEAL_GOES_ON), Fact(S.NOT_CALLED)),
                ),
                exposed=exposed,
            )
        text += (
            f"{_SIDES[claimant]} may call for a new deal, until the trump card is turned (Law 37). If no new "
            "deal takes place, the exposed card cannot be called."
        )
        st = self._rule(
            _with_blocking(
                Ruling(
                    _EXPOSED,
                    laws,
                    text,
                    offender=seat,
                    chooser=claimant,
                    kind=K.CARD_EXPOSED_DEALING,
                    options=(
                        Option("new-deal", "A new deal by the same dealer", (35,)),
                        Option("deal-stands", "The deal goes on; the exposed card cannot be called", (35,)),
                    ),
                ),
                False,
            ),
            exposed=exposed,
        )
        return replace(st, claims=st.claims + ((len(st.rulings) - 1, len(self.log) - 1),))

    @verb("touch")
    def _ev_touch(self, ev: Event) -> Self:
        seat = self._seat(ev)
        if self.phase is DealingPhase.TURNED:
            raise IllegalAction("the trump card is turned: the players take up their cards")
        if self.phase not in (DealingPhase.DEAL, DealingPhase.DEALT):
            raise IllegalAction("no cards are being dealt")
        dl = self.acting
        side = self._side_of(seat)
        dside = self._side_of(dl)
        name = ev.who
        other_first = any(self._side_of(s) != side for s in set(self.touches))  # each seat once (linear in a long run)
        effects: list[str] = []
        facts: list[Fact] = []
        partner = (dl + 2) % 4
        if seat == dl:
            effects.append("the adversaries may now touch their cards without losing their privilege (Law 36)")
            facts.append(Fact(S.ADVERSARIES_MAY_TOUCH, side=1 - dside, laws=(36,)))
        elif other_first:
            effects.append(f"the other side touched the cards first: {_SIDES[side]} keep their privilege (Law 36)")
            facts.append(Fact(S.PRIVILEGE_KEPT, side=side, laws=(36,)))
        elif side == dside:
            effects.append("the dealer can no longer claim a new deal for a card exposed by an adversary (Law 35)")
            effects.append("the adversaries may touch their cards without losing their privilege (Law 36)")
            facts.append(Fact(S.PRIVILEGE_LOST, side=side, laws=(35,)))
            facts.append(Fact(S.ADVERSARIES_MAY_TOUCH, side=1 - dside, laws=(36,)))
        else:
            effects.append(
                f"{_SIDES[side]} can no longer claim a new deal for a card exposed by the dealer or his "
                "partner (Law 35)"
            )
            effects.append(f"{SEAT_NAMES[partner]} may touch his cards without losing the dealer's privilege (Law 36)")
            facts.append(Fact(S.PRIVILEGE_LOST, side=side, laws=(35,)))
            facts.append(Fact(S.MAY_TOUCH, seat=partner, laws=(36,)))
        if seat != dl and self._first_toucher() is None:
            effects.append(
                "should the dealer misdeal, he does not lose the deal (Law 43)"
                if side != dside
                else "should the dealer misdeal, he loses the deal, whatever the adversaries do (Law 43)"
            )
            facts.append(Fact(S.MISDEAL_NOT_LOST if side != dside else S.MISDEAL_LOST, seat=dl, laws=(43,)))
        st = self._rule(
            Ruling(
                "cards touched during the deal",
                (35, 36, 43),
                f"{name} touched the cards during the deal.",
                offender=seat,
                effects=tuple(effects),
                kind=K.CARDS_TOUCHED,
                facts=tuple(facts),
            ),
            touches=self.touches + (seat,),
        )
        for ri, _ in self.claims:
            r = st.rulings[ri]
            if ri in st.awaiting and r.chooser == side and st._privilege_lost(side):
                st = st._lapse(ri, f"{name} touched the cards before the claim was made")
        return st

    def _lapse(self, ri: int, why: str) -> Self:
        r = self.rulings[ri]
        rulings = list(self.rulings)
        rulings[ri] = r.choose("deal-stands")
        st = replace(
            self,
            rulings=tuple(rulings),
            awaiting=self._awaiting_without(ri),
            claims=tuple(c for c in self.claims if c[0] != ri),
        )
        return st._rule(
            Ruling(
                "claim of a new deal lost",
                (35,),
                f"{_SIDES[r.chooser or 0]} can no longer claim a new deal: {why}; the exposed card cannot be called.",
                effects=("the deal stands",),
                kind=K.CLAIM_LAPSED,
                facts=(Fact(S.PRIVILEGE_LOST, side=r.chooser or 0), Fact(S.DEAL_STANDS), Fact(S.NOT_CALLED)),
            )
        )

    def _privilege_lost(self, side: int) -> bool:
        """Law 35: the adversaries lose their claim if either of them touched the cards, the dealer
        if his partner did; Law 36: not when the other side had touched its cards first."""
        dl = self.acting
        members = {(dl + 1) % 4, (dl + 3) % 4} if side != self._side_of(dl) else {(dl + 2) % 4}
        for s in self.touches:
            if self._side_of(s) != side:
                return False  # Law 36: the other side touched first
            if s in members:
                return True
        return False

    def _first_toucher(self) -> int | None:
        """Law 43: who first touched the cards, of the dealer's partner and the adversaries."""
        dl = self.acting
        return next((s for s in self.touches if s != dl), None)
