"""The director's chapter on revokes: Laws 62-71. ``ask`` and ``answer`` (Law 65), ``correct``
(Laws 65, 69), ``claim`` (Laws 63, 66, 70), ``mix`` (Law 67), ``cut`` (Law 68); ``holds`` (the cards
counted: Laws 61, 90, 103)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from ...kernel import decode
from ...kernel.cards import Card
from ...kernel.deal import SEAT_NAMES, legal_play_mask
from ...kernel.errors import IllegalAction, InputError
from ...kernel.play import trick_winner_index
from ..events import Event
from ..rulings import Fact, Option, Standing
from .state import DirectorState, K, Phase, verb
from .state import ruling as _r
from .state import set_at as _set

if TYPE_CHECKING:
    from typing_extensions import Self

__all__ = ["Revokes"]


class Revokes(DirectorState):
    """Revokes (Laws 62-71): the partner's question and its answer, the correction and the cards
    withdrawn, the claim, the cards mixed, the cut that closes the claims; the cards counted (Laws
    90, 103)."""

    @verb("ask")
    def _ev_ask(self, ev: Event) -> Self:
        seat = self._seat(ev)
        p = self.partner(seat)
        if self.phase not in (Phase.PLAY, Phase.CLAIMS) or p not in self.active():
            raise IllegalAction("Law 65 concerns a question asked during the play, of a partner in the play", (65,))
        idx = len(self.tricks) - (0 if self.trick else 1)
        revokes = tuple(
            replace(r, asked=True) if r.seat == p and r.trick == idx and not r.established else r for r in self.revokes
        )
        return self._rule(
            _r(
                K.PARTNERS_QUESTION,
                (65,),
                f"{ev.who} asked his partner whether he has not a card of the suit renounced: the revoke, if any, is not "
                "established by quitting the trick, and may be corrected unless the question is answered in the negative "
                "or he or his partner leads or plays to the next trick.",
                offender=None,
                target=p,
                effects=("the correction window stays open",),
                facts=(Fact(Standing.CORRECTION_OPEN),),
            ),
            revokes=revokes,
            question=p,
        )

    @verb("answer")
    def _ev_answer(self, ev: Event) -> Self:
        """Law 65: the partner answers the question. "no" (he has none of the suit) closes the
        window: a revoke in that trick is established once the trick is quitted (at once if it
        has been); "yes": he has one, and corrects his card (``correct CARD``)."""
        seat = self._seat(ev)
        if len(ev.args) != 1 or ev.args[0].lower() not in ("yes", "no"):
            raise InputError("write 'answer yes' or 'answer no'", "answer")
        if self.question != seat:
            raise IllegalAction(f"no question has been put to {ev.who}", (65,))
        if ev.args[0].lower() == "yes":
            return self._rule(
                _r(
                    K.QUESTION_ANSWERED,
                    (65, 69),
                    f"{ev.who} answered that he has a card of the suit: he must correct his revoke (laws 65, 69).",
                    offender=seat,
                    effects=("the revoke is to be corrected",),
                    facts=(Fact(Standing.TO_BE_CORRECTED),),
                ),
                question=None,
            )
        quitted_trick = len(self.tricks) - 1 if self.quitted or self.trick else None
        revokes = tuple(
            replace(r, asked=False, established=r.established or r.trick == quitted_trick)
            if r.seat == seat and r.asked and not r.corrected
            else r
            for r in self.revokes
        )
        return self._rule(
            _r(
                K.QUESTION_ANSWERED,
                (64, 65),
                f"{ev.who} answered in the negative: the question no longer keeps the revoke open; it is established "
                "when the trick is turned and quitted (law 64).",
                offender=None,
                effects=("the correction window closes",),
                facts=(Fact(Standing.CORRECTION_CLOSES),),
            ),
            revokes=revokes,
            question=None,
        )

    @verb("correct")
    def _ev_correct(self, ev: Event) -> Self:
        """Laws 65, 69: the revoking player takes back his card and plays a proper one; the card
        played in error lies exposed and the adversaries may call it. The players who played after
        him *in that trick*, except his partner, may then withdraw their cards and substitute others
        (``correct CARD`` by one of them; the card withdrawn is not liable to be called); nobody else's
        card moves. A lead to the next trick made meanwhile by an adversary (the question kept the
        revoke open, Law 65) stands if its leader still wins the trick corrected; otherwise it goes back
        to his hand without penalty: he led in turn."""
        seat = self._seat(ev)
        if len(ev.args) != 1:
            raise InputError("write 'correct CARD': the one card he plays instead", "card")
        new = self._card(ev.args[0])
        open_r = [r for r in self.revokes if r.seat == seat and not r.established and not r.corrected]
        if not open_r:
            if self.withdraw is not None and seat in self.withdraw[1]:
                return self._substitute(ev, seat, new)
            revoker = next((r.seat for r in reversed(self.revokes) if r.corrected), None)
            if self.withdraw is not None and revoker is not None and seat == self.partner(revoker):
                # Law 69: "Any player or players who have played after him, except his partner, may withdraw"
                raise IllegalAction(
                    f"{ev.who} is the revoking player's partner: he may not withdraw his card (only those who played "
                    "after the revoking player, except his partner, may)",
                    (69,),
                )
            raise IllegalAction(
                "he has no revoke to correct (a revoke can be corrected only until it is established)", (64,)
            )
        rv = open_r[-1]
        if rv.trick == len(self.tricks):
            seq = list(self.trick)
        elif rv.trick == len(self.tricks) - 1:
            # Laws 64, 65: the window is open until the revoking player or his partner leads or plays to the
            # next trick
            seq = list(self.tricks[-1].cards)
        else:
            raise IllegalAction("the revoke is established", (64,))
        i = next(k for k, (s, c) in enumerate(seq) if s == seat and c == rv.card)
        if not self.hands[seat] >> new & 1:
            raise InputError(f"{ev.who} does not hold the {new.long_name()}", "card")
        hand = self.hands[seat] | (1 << rv.card)
        if not legal_play_mask(hand, seq[0][1], self.trump) >> new & 1:
            raise IllegalAction(f"the {new.long_name()} does not follow suit either", (62,))
        seq[i] = (seat, new)
        # Law 69: the card played in error lies on the table, exposed: still his, liable to be called
        hands = _set(self.hands, seat, hand & ~(1 << new))
        exposed = _set(self.exposed, seat, self.exposed[seat] | (1 << rv.card))
        revokes = tuple(replace(r, corrected=True) if r is rv else r for r in self.revokes)
        # Law 69: "Any player or players who have played after him, except his partner, may withdraw their cards"
        later = frozenset(s for s, _ in seq[i + 1 :] if s != self.partner(seat))
        st = self._with(
            hands=hands,
            exposed=exposed,
            revokes=revokes,
            question=None,
            withdraw=(rv.trick, later) if later else None,
        )
        may = ", ".join(SEAT_NAMES[s] for s in sorted(later))
        st = st._rule(
            _r(
                K.REVOKE_CORRECTED,
                (65, 69),
                f"{ev.who} corrected his revoke with the {new.long_name()}: the {rv.card.long_name()} is liable to be "
                "called by the adversaries"
                + (f"; {may}, who played after him, may withdraw his card and substitute another." if later else "."),
                offender=seat,
                effects=("the card played in error is exposed",),
                facts=(Fact(Standing.ERROR_CARD_EXPOSED),),
            )
        )
        return st._trick_changed(rv.trick, tuple(seq))

    def _substitute(self, ev: Event, seat: int, new: Card) -> Self:
        """Law 69: a player who played after the revoking player (not his partner) withdraws his card
        and substitutes another; the card withdrawn is not liable to be called."""
        assert self.withdraw is not None
        idx, seats = self.withdraw
        seq = list(self.trick if idx == len(self.tricks) else self.tricks[idx].cards)
        i = next(k for k, (s, _) in enumerate(seq) if s == seat)
        old = seq[i][1]
        if not self.hands[seat] >> new & 1:
            raise InputError(f"{ev.who} does not hold the {new.long_name()}", "card")
        hand = self.hands[seat] | (1 << old)
        if not legal_play_mask(hand, seq[0][1], self.trump) >> new & 1:
            raise IllegalAction(f"the {new.long_name()} does not follow suit", (62,))
        seq[i] = (seat, new)
        rest = seats - {seat}
        st = self._with(hands=_set(self.hands, seat, hand & ~(1 << new)), withdraw=(idx, rest) if rest else None)
        st = st._rule(
            _r(
                K.CARD_WITHDRAWN,
                (69,),
                f"{ev.who} withdrew the {old.long_name()} and played the {new.long_name()} instead: the card withdrawn "
                "is not liable to be called (law 69).",
                offender=None,
                effects=("the card withdrawn goes back to his hand",),
                facts=(Fact(Standing.WITHDRAWN_BACK, seat=None),),
            )
        )
        return st._trick_changed(idx, tuple(seq))

    def _trick_changed(self, idx: int, seq: tuple[tuple[int, Card], ...]) -> Self:
        """The cards of trick ``idx`` (the trick on the table, or the last one turned) after a correction or
        a substitution (Laws 65, 69): the trick on the table simply goes on; a trick already won is won
        again by its highest card, and a lead to the next trick stands only if made by that winner."""
        if idx == len(self.tricks):
            return self._with(trick=seq)
        last = self.tricks[idx]
        winner = seq[trick_winner_index(self.trump, [c for _, c in seq])][0]
        won = _set(self.won, last.winner, self.won[last.winner] - 1)
        won = _set(won, winner, won[winner] + 1)
        st = self._with(tricks=self.tricks[:idx] + (replace(last, cards=seq, winner=winner),), won=won)
        if st.trick and st.trick[0][0] == winner:
            return st  # Law 65: the adversary's lead to the next trick stands: he still won the trick
        hands = list(st.hands)
        for s, c in st.trick:
            hands[s] |= 1 << c  # he led in turn when he led: back to his hand, no penalty
        if st.phase is Phase.CLAIMS:
            return st._with(hands=tuple(hands), trick=())
        return st._with(hands=tuple(hands), trick=(), actor=winner, leader=winner)

    @verb("claim")
    def _ev_claim(self, ev: Event) -> Self:
        """Laws 63, 66, 68, 70, 71: a revoke claim: the tricks are searched; each established
        revoke costs three points (five against a lone hand) to the revoking side; equal numbers
        on both sides cancel. Claimed before the hand is over, the revoking side may require the
        hand to be played out (Law 70)."""
        self._block_if_pending(ev)
        side = self._side(ev)
        if self.claims_closed:
            raise IllegalAction("a revoke cannot be claimed after the cards are cut for the next deal", (68,))
        if self.phase is Phase.BIDDING:
            raise IllegalAction("no card has been played: there is no revoke to claim", (62,))
        found = [r for r in self.revokes if r.established and self.side_of(r.seat) != side]
        claimed = self.claimed | {side}
        if not found:
            # Law 64: a revoke in the trick not yet turned and quitted is not established: say so
            early = [r for r in self.revokes if not r.established and not r.corrected and self.side_of(r.seat) != side]
            why = "".join(
                f" {SEAT_NAMES[r.seat]}'s revoke in trick {r.trick + 1} is not established: "
                + (
                    "his partner asked in time whether he had none of the suit led (law 65)."
                    if r.asked
                    else "that trick has not been turned and quitted, nor has he or his partner played to the next "
                    "trick (law 64); he may still correct it (law 65)."
                )
                for r in early
            )
            laws = tuple(sorted({66} | {65 if r.asked else 64 for r in early} | ({65} if early else set())))
            return self._rule(
                _r(
                    K.REVOKE_CLAIMED,
                    laws,
                    f"{ev.who} claimed a revoke; the tricks were searched and none is established.{why}",
                    chooser=None,
                    effects=("no penalty",),
                    facts=(Fact(Standing.NO_PENALTY),),
                ),
                claimants=self.claimants | {side},
            )
        who = ", ".join(SEAT_NAMES[r.seat] for r in found)
        if self.phase is Phase.PLAY:
            revoking = 1 - side
            return self._rule(
                _r(
                    K.REVOKE_CLAIMED,
                    (63, 66, 70),
                    f"{ev.who} claimed a revoke before the hand was over: {len(found)} established by {who}. The revoking "
                    f"side, {self.side_name(revoking)}, may require the hand to be played out (law 70); the penalty is "
                    "scored before all other scores (law 4).",
                    offender=found[0].seat,
                    chooser=revoking,
                    options=(
                        Option("play-out", "The hand is played out; its points are scored after the penalty", (70, 4)),
                        Option("stop", "The hand stops here: only the penalty is scored", (63,)),
                    ),
                ),
                claimed=claimed,
                claimants=self.claimants | {side},
            )
        return self._rule(
            _r(
                K.REVOKE_CLAIMED,
                (63, 66),
                f"{ev.who} claimed a revoke: {len(found)} established by {who}. The penalty is scored at the end of the "
                "hand (law 63), before all other scores (law 4).",
                chooser=None,
                effects=("penalty scored",),
                facts=(Fact(Standing.PENALTY_SCORED),),
            ),
            claimed=claimed,
            claimants=self.claimants | {side},
        )

    @verb("mix")
    def _ev_mix(self, ev: Event) -> Self:
        """Law 67: a revoke claimed, the accused player or his partner mixes the cards before the
        adversaries have examined them: the revoke is established, and scored (the mixing side's
        revokes, or one revoke if none is on record). With no revoke claimed against his side, the
        mixing establishes nothing."""
        side = self._side(ev)
        if self.phase is Phase.BIDDING:
            raise IllegalAction("no card has been played: there is no revoke to claim", (67,))
        if (1 - side) not in self.claimants:
            # Law 67: "Should a revoke be claimed, and the accused player or his partner mix the cards ...":
            # no claim against this side, no revoke established by the mixing (the claimants' own
            # mixing is not the accused side's act either)
            text = (
                f"{ev.who}, who claimed the revoke, mixed the cards: Law 67 concerns the accused side; no effect."
                if side in self.claimants
                else f"{ev.who} mixed the cards, but no revoke had been claimed against them: Law 67 establishes a "
                "revoke only when one is claimed; no penalty."
            )
            return self._rule(
                _r(K.CARDS_MIXED, (67,), text, offender=None, effects=("no effect",), facts=(Fact(Standing.NO_EFFECT),))
            )
        pend = [r for r in self.revokes if self.side_of(r.seat) == side and not r.corrected]
        revokes = tuple(replace(r, established=True) if r in pend else r for r in self.revokes)
        mixed = self.mixed if pend else self.mixed | {side}
        st = self
        if st.pending is not None and st.rulings[st.pending].kind is K.REVOKE_CLAIMED:
            st = st._with(
                awaiting=st._awaiting_without(st.pending)
            )  # the cards are gathered: no hand left to play out (70)
        return st._rule(
            _r(
                K.CARDS_MIXED,
                (67, 63),
                f"{ev.who} mixed the cards before the revoke claim was examined: the revoke is established, and "
                f"{self.side_name(1 - side)} score its penalty (law 63).",
                offender=None,
                effects=("revoke established", "penalty scored"),
                facts=(
                    Fact(Standing.REVOKE_ESTABLISHED),
                    Fact(Standing.PENALTY_SCORED),
                ),
            ),
            revokes=revokes,
            mixed=mixed,
            claimed=self.claimed | {1 - side},
            phase=Phase.CLAIMS,
            played_out=self.played_out and self.phase is not Phase.PLAY,
        )

    @verb("holds")
    def _ev_holds(self, ev: Event) -> Self:
        """Laws 90, 103: a player is found to hold N cards. The right number (the cards the play
        leaves in his hand: five before the play, fewer by the cards he played, less one mixed with a
        trick, Law 61, more one he omitted to play, Law 60) is no offence; more or fewer: the deal
        holds good, the offending side forfeits two (four in a lone hand) and scores nothing on the
        hand. One offence forfeits once."""
        seat = self._seat(ev)
        # a player can hold at most the cards of the pack not yet played to a trick
        in_play = self.deal.rules.pack_size - sum(len(t.cards) for t in self.tricks) - len(self.trick)
        n = self._count(ev, in_play)
        short = sum(1 for _, s, _ in self.gathered if s == seat)  # Law 61: cards of his mixed with a trick
        # the cards the state after the quits and omissions leaves in his hand (Laws 60, 61): a count that differs
        # is a card more or less than the deal gave him (Law 90)
        expected = bin(self.hands[seat]).count("1") - sum(1 for s, _ in self.early if s == seat)
        if short and n == expected:
            return self._restore_gathered(seat, n)
        if n == expected and self._omitted(seat):
            return self._omission_counted(seat, n)
        side = self.side_of(seat)
        d = self.deal
        laws: tuple[int, ...] = (90, 103) if d.alone is not None and d.out >> seat & 1 else (90,)
        if n == expected:
            return self._rule(
                _r(
                    K.CARDS_COUNTED,
                    laws,
                    f"{ev.who} holds {n} cards, the right number at this point: no offence.",
                    offender=None,
                    effects=("no penalty",),
                    facts=(Fact(Standing.NO_PENALTY),),
                )
            )
        lone = d.alone is not None
        if side in self.forfeit:
            return self._rule(
                _r(
                    K.WRONG_NUMBER_OF_CARDS,
                    laws,
                    f"{ev.who} holds {n} cards instead of {expected}: {self.side_name(side)} have already forfeited on "
                    "this hand; one offence forfeits once.",
                    offender=seat,
                    effects=("no further penalty",),
                    facts=(Fact(Standing.NO_FURTHER_PENALTY),),
                )
            )
        return self._rule(
            _r(
                K.WRONG_NUMBER_OF_CARDS,
                laws,
                f"{ev.who} holds {n} cards instead of {expected}: the deal holds good; {self.side_name(side)} forfeit "
                f"{4 if lone else 2} and may not score any point made on this hand.",
                offender=seat,
                effects=(f"{self.side_name(side)} forfeits {4 if lone else 2}",),
                facts=(Fact(Standing.FORFEITS, side=side, points=4 if lone else 2),),
            ),
            forfeit=self.forfeit + (side,),
        )

    @staticmethod
    def _count(ev: Event, in_play: int) -> int:
        """Laws 90, 103: the N of 'holds N', in ASCII digits (decode.integer_text), 0 to the cards in play."""
        try:
            if len(ev.args) != 1:
                raise InputError("one number", "holds")
            return decode.integer_text(ev.args[0], "holds", 0, in_play, signed=False)
        except InputError:
            raise InputError(
                f"write 'holds N' with N the number of cards, 0 to {in_play} (the cards in play)", "holds"
            ) from None

    @verb("cut")
    def _ev_cut(self, ev: Event) -> Self:
        # Law 68: after the cut for the next deal no revoke can be claimed.
        if self.phase is Phase.PLAY:
            raise IllegalAction("the hand is not finished")
        self._block_if_pending(ev)
        return self._with(claims_closed=True, phase=Phase.DONE)
