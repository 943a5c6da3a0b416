"""The dealing procedure's chapter on questions and elections: ``question`` (the deal questioned, Laws
40, 44; the score, Law 5) and ``choose`` (Law 85), which enforces the option elected (Laws 27, 35,
38, 41, 44, 72, 73)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from ...kernel.cards import pack
from ...kernel.deal import SEAT_NAMES
from ...kernel.errors import IllegalAction, InputError
from ..events import Event
from ..rulings import Fact, Ruling
from ..rulings import Irregularity as K
from ..rulings import Standing as S
from .state import SIDES as _SIDES
from .state import DealingPhase, DealingState, verb

if TYPE_CHECKING:
    from typing_extensions import Self

__all__ = ["Elections"]


class Elections(DealingState):
    """Questions (Laws 5, 40, 44) and elections (Law 85), the option elected enforced."""

    # ------------------------------------------------------------------ claims (Laws 40, 44; Law 5)
    @verb("question")
    def _ev_question(self, ev: Event) -> Self:
        seat = self._seat(ev)
        if not ev.args or ev.args[0].lower() not in ("deal", "score"):
            raise InputError("'question deal' or 'question score upheld|failed'", "question")
        what = ev.args[0].lower()
        dl = self.acting
        name = ev.who
        if what == "deal":
            if self.dealing is not None and self.dealing != self.dealer:
                if self.phase in (DealingPhase.DEAL, DealingPhase.DEALT):
                    # Law 40: a deal out of turn can be stopped before the trump card is turned.
                    return self._stop_out_of_turn(
                        "deal out of turn stopped",
                        (40,),
                        f"{name} asserted that it is not {SEAT_NAMES[dl]}'s deal: it is {SEAT_NAMES[self.dealer]}'s.",
                        self.dealing,
                    )
                return self._rule(
                    Ruling(
                        "deal out of turn discovered after the turn",
                        (40,),
                        f"{name} asserted that it is not {SEAT_NAMES[dl]}'s deal; the trump card is "
                        "turned: the deal stands.",
                        offender=self.dealing,
                        effects=("the deal stands",),
                        kind=K.DEAL_OUT_OF_TURN_STANDS,
                        facts=(Fact(S.DEAL_STANDS),),
                    )
                )
            claim = f"{name} asserted that it is not {SEAT_NAMES[dl]}'s deal; it is (Law 28)"
        else:
            if len(ev.args) < 2 or ev.args[1].lower() not in ("upheld", "failed"):
                raise InputError("was the score claim upheld or did it fail? 'question score upheld|failed'", "result")
            if ev.args[1].lower() == "upheld" and self.phase is DealingPhase.TURNED:
                # Law 5: "before the trump card is turned in the next deal": this deal's is turned, too late
                return self._rule(
                    Ruling(
                        "score questioned too late",
                        (5,),
                        f"{name} established an error in the score, but the trump card of this deal is turned: "
                        "it can no longer be rectified (Law 5: only before the trump card is turned in the next "
                        "deal); the score stands.",
                        effects=("the score stands",),
                        kind=K.SCORE_QUESTIONED_LATE,
                        facts=(Fact(S.SCORE_STANDS),),
                    )
                )
            if ev.args[1].lower() == "upheld":
                return self._rule(
                    Ruling(
                        "score questioned",
                        (5,),
                        f"{name} questioned the score and established the error: it is rectified "
                        "(Law 5: at any time before the trump card is turned in the next deal).",
                        effects=("the score is rectified",),
                        kind=K.SCORE_QUESTIONED,
                        facts=(Fact(S.SCORE_RECTIFIED),),
                    )
                )
            claim = f"{name} questioned the score and failed to establish the claim"
        adversary = self._side_of(seat) != self._side_of(dl)
        if adversary and self.phase in (DealingPhase.DEAL, DealingPhase.DEALT):
            # Law 44: the adversaries interrupt the dealer and fail to establish their claim: should a
            # misdeal occur, he may deal again.
            return self._rule(
                Ruling(
                    "dealer interrupted",
                    (44,),
                    claim + f": should a misdeal occur, {SEAT_NAMES[dl]} may deal again.",
                    offender=seat,
                    effects=(f"a misdeal would not cost {SEAT_NAMES[dl]} the deal",),
                    kind=K.DEALER_INTERRUPTED,
                    facts=(Fact(S.MAY_DEAL_AGAIN, seat=dl, laws=(44,)),),
                ),
                interrupted=True,
            )
        return self._rule(
            Ruling(
                "claim failed",
                (44,),
                claim + ": no consequence (Law 44 concerns the adversaries interrupting a dealer while he deals).",
                offender=seat,
                effects=("no consequence",),
                kind=K.CLAIM_FAILED,
                facts=(Fact(S.NO_PENALTY),),
            )
        )

    # ------------------------------------------------------------------ elections (Law 85)
    @verb("choose")
    def _ev_choose(self, ev: Event) -> Self:
        side = _SIDES.index(ev.who)
        if not ev.args:
            raise InputError("which option? 'choose OPTION'", "option")
        opt = ev.args[0].lower()
        if not self.awaiting:
            raise IllegalAction("there is no election to make now")
        mine = [i for i in self.awaiting if self.rulings[i].chooser in (None, side)]
        if not mine:
            other = self.rulings[self.awaiting[0]].chooser
            raise IllegalAction(f"the election belongs to {_SIDES[other or 0]}")
        match = [i for i in mine if opt in [o.id for o in self.rulings[i].options]]
        if not match:
            ids = sorted({o.id for i in mine for o in self.rulings[i].options})
            raise InputError(f"no option {opt!r}; the options are {', '.join(ids)}", "option")
        i = match[-1]
        r = self.rulings[i]
        if r.kind is K.CARD_MARKED and opt == "replace":
            # Law 73: "replaced by agreement": both sides must agree; either alone may call for new cards
            if (i, side) in self.agreed:
                raise IllegalAction(
                    f"{_SIDES[side]} agreed to replace the card: {_SIDES[1 - side]} must agree too, "
                    "or either side may call for new cards",
                    (73,),
                )
            if (i, 1 - side) not in self.agreed:
                return replace(self, agreed=self.agreed + ((i, side),))
        rulings = list(self.rulings)
        rulings[i] = r.choose(opt)  # Law 85: such decision is final
        st = replace(
            self,
            rulings=tuple(rulings),
            awaiting=self._awaiting_without(i),
            claims=tuple(c for c in self.claims if c[0] != i),
        )
        return st._enforce(r, opt)

    def _enforce(self, r: Ruling, opt: str) -> Self:
        d = SEAT_NAMES[self.dealer]
        if r.kind is K.DEALERS_CARD_SEEN:
            return replace(self, must_reshuffle=opt == "reshuffle")  # Law 27
        if r.kind in (K.CARD_EXPOSED_DEALING, K.WRONG_PACK):
            if opt == "new-deal":  # Laws 35, 38
                laws = r.laws + (
                    (37,) if self.phase is DealingPhase.TURNED and r.kind is K.CARD_EXPOSED_DEALING else ()
                )
                return self._conclude(
                    "new-deal", self.dealer, laws, f"{_SIDES[r.chooser or 0]} called for a new deal: {d} deals again."
                )
            return replace(self, wrong_pack=self.wrong_pack or r.kind is K.WRONG_PACK)
        if r.kind is K.MISDEAL_AFTER_INTERRUPTION:
            if opt == "deal-again":  # Law 44
                return self._conclude("new-deal", self.dealer, r.laws, f"{d} deals again after the misdeal (Law 44).")
            nxt = (self.dealer + 1) % 4
            return self._conclude(
                "deal-lost", nxt, r.laws, f"the misdeal loses the deal: {SEAT_NAMES[nxt]} deals (Law 41)."
            )
        if r.kind is K.NEW_CARDS_CALLED:  # Law 72
            fresh = tuple(pack(self.rules.pack_size))
            return replace(
                self,
                order=fresh,
                shuffled=(),
                declined=False,
                dealer_shuffled=False,
                must_reshuffle=False,
                new_packs=self.new_packs + 1,
            )
        if r.kind is K.CARD_MARKED and opt == "new-cards":  # Law 73
            if self.phase is DealingPhase.SHUFFLE:
                return self._rule(
                    self._new_packs_ruling("New cards are called for", "at the expense of the table", (72, 73), None)
                )
            return self._rule(
                Ruling(
                    "new cards after the cut",
                    (72, 73),
                    "The pack is cut: the new cards are used from the next deal (Law 72: not after the pack is cut).",
                    effects=("new cards from the next deal, at the expense of the table",),
                    kind=K.NEW_CARDS_AFTER_CUT,
                    facts=(Fact(S.NEW_CARDS_NEXT_DEAL),),
                )
            )
        return self
