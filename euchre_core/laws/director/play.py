"""The director's chapter on the play: a card played (``play``), the trick completed and quitted
(``quit``, Law 64), a card omitted from a trick (Law 60) or mixed with one (Law 61), the pack found
imperfect (Law 33)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from ...kernel.cards import Card, cards_of_mask
from ...kernel.deal import SEAT_NAMES, Trick, legal_play_mask
from ...kernel.errors import IllegalAction, InputError
from ...kernel.play import trick_winner_index
from ..events import Event
from ..rulings import Fact, Option, Standing
from .state import DirectorState, K, Phase, Revoke, verb
from .state import ruling as _r
from .state import set_at as _set

if TYPE_CHECKING:
    from typing_extensions import Self

__all__ = ["Play"]


class Play(DirectorState):
    """The play (Laws 60, 61, 64): a card played, the trick completed, turned and quitted; a card
    omitted from a trick or mixed with one; the pack found imperfect (Law 33)."""

    def _enter_play(self) -> Self:
        d = self.deal
        exposed = self.exposed
        if self.turn_up_exposed and d.hands[d.dealer] >> d.turn_up & 1:
            exposed = _set(exposed, d.dealer, exposed[d.dealer] | (1 << d.turn_up))  # Law 91
        return self._with(
            phase=Phase.PLAY,
            hands=d.hands,
            actor=d.actor,
            leader=d.actor,
            won=d.won,
            trick=(),
            tricks=(),
            quitted=True,
            exposed=exposed,
        )

    @verb("play")
    def _ev_play(self, ev: Event) -> Self:
        self._block_if_pending(ev)
        seat = self._seat(ev)
        cards = self._cards(ev)
        for c in cards:
            if not self.hands[seat] >> c & 1 and not (self.phase is Phase.BIDDING and self._dealer_six(seat, c)):
                raise InputError(f"{ev.who} does not hold the {c.long_name()}", "card")
        if self.phase is Phase.BIDDING:
            return self._play_before_discard(seat, cards[0])
        if self.phase is not Phase.PLAY:
            raise IllegalAction(*self._why_over())
        st = self._with(withdraw=None) if self.withdraw is not None else self  # Law 69: the next card closes it
        if len(cards) > 1 and self._lone_player(seat):
            # Law 104: the lone player who plays two cards at once exposes the others: no penalty
            others = ", ".join(f"the {c.long_name()}" for c in cards[1:])
            st = st._lone_exposed(seat, f"played {len(cards)} cards at once ({others} shown)")
        elif len(cards) > 1:
            # Law 46 I: two or more cards played at once: the others are exposed cards.
            extra = 0
            for c in cards[1:]:
                extra |= 1 << c
            st = st._rule(
                _r(
                    K.TWO_CARDS_AT_ONCE,
                    (46,),
                    f"{ev.who} played {len(cards)} cards at once: the first is played, the others "
                    "are exposed cards, liable to be called.",
                    offender=seat,
                    effects=tuple(f"the {c.long_name()} is exposed" for c in cards[1:]),
                    facts=tuple(Fact(Standing.CARD_EXPOSED, seat=seat, card=c) for c in cards[1:]),
                ),
                exposed=_set(st.exposed, seat, st.exposed[seat] | extra),
            )
        return st._play(seat, cards[0])

    def _why_over(self) -> tuple[str, tuple[int, ...]]:
        """Why no card can be played now that the play is over (the reason and its laws)."""
        if self.abandoned is not None:
            # Law 50: the adversary abandoned his hand against the lone hand: the hand ends there
            return (
                f"the hand ended after {len(self.tricks)} trick{'s' if len(self.tricks) != 1 else ''}: "
                f"{SEAT_NAMES[self.abandoned]} abandoned his hand against the lone hand, and the party playing alone "
                "scores five points",
                (50,),
            )
        if len(self.thrown) == len(self.active()) and self.thrown:
            return "the hands are abandoned: no one can again take up his cards", (49,)  # Law 49
        if self.mixed or (not self.played_out and any(r.kind is K.CARDS_MIXED for r in self.rulings)):
            return "the cards have been mixed after the revoke claim: the hand is over", (67,)  # Law 67
        if not self.played_out:  # Law 70: the revoking side did not require the hand to be played out
            return "the revoking side let the hand stop at the revoke claim: only the penalty is scored", (70,)
        return "all the tricks have been played", ()

    def _play(self, seat: int, card: Card, silent: bool = False) -> Self:
        st = self
        d = st.deal
        if d.alone is not None and d.out >> seat & 1:
            return st._lone_partner_plays(seat, card)  # Laws 100-102: he is out of the play
        # an exposed card played leaves the table
        if st.exposed[seat] >> card & 1:
            st = st._with(exposed=_set(st.exposed, seat, st.exposed[seat] & ~(1 << card)))
        if st.trick and seat != st.actor and st._played_this_trick(seat):
            st = st._left_in_trick()  # Laws 46, 105: the card played out of turn stays in the trick: it is complete
        if not st.trick and seat != st.actor:
            return st._establish_by_play(seat)._lead_out_of_turn(seat, card)
        if st.trick and seat != st.actor:
            return st._establish_by_play(seat)._play_out_of_turn(seat, card)
        # a new trick begins: the last one is turned and quitted (Law 64)
        if not st.trick and not st.quitted:
            st = st._quit()
        # Law 64: the revoking player or his partner plays to the following trick: established.
        st = st._establish_by_play(seat)
        imp = st.imperfect
        if imp is not None and imp[1] == seat and not st.omission_ruled:
            st = st._omission_discovered(seat)
        led = st.trick[0][1] if st.trick else None
        # Law 61: a card of his mixed with a trick still counts: failing to follow with it is a consequent revoke
        mixed = sum(1 << c for _, s, c in st.gathered if s == seat)
        legal = legal_play_mask(st.hands[seat] | mixed, led, st.trump) & st.hands[seat]
        if legal >> card & 1 and not legal_play_mask(st.hands[seat], led, st.trump, st._called_for(seat)) >> card & 1:
            # 1877 jambone: the called card must be played to the first trick (the kernel's rule)
            raise IllegalAction(
                f"the {Card(st.deal.called or 0).long_name()} was called to the first trick "
                "(Washington code, 1877: jambone)"
            )
        if legal >> card & 1:
            st = st._check_requirements(seat, card)  # a revoke is not also punished as a call disobeyed
        elif legal_play_mask(st.hands[seat], led, st.trump) >> card & 1:
            # Law 61: the suit led is among his cards mixed with a trick: "he is answerable for all the
            # consequent revokes he may have made"
            st = st._rule(
                _r(
                    K.REVOKE,
                    (61, 62, 64),
                    f"{SEAT_NAMES[seat]} played the {card.long_name()}; a card of the suit led is his, mixed with a "
                    "trick: a consequent revoke, for which he is answerable (law 61). It is established when the trick "
                    "is turned and quitted (law 64).",
                    offender=seat,
                    effects=("a consequent revoke",),
                    facts=(Fact(Standing.CONSEQUENT_REVOKE),),
                ),
                revokes=st.revokes + (Revoke(seat, len(st.tricks), card),),
            )
        else:
            # Law 62: holding the suit led, he plays a card of a different suit: a revoke.
            st = st._rule(
                _r(
                    K.REVOKE,
                    (62, 64, 65),
                    f"{SEAT_NAMES[seat]} played the {card.long_name()} holding the suit led: a revoke (law 62). "
                    "It is established when the trick is turned and quitted, or when he or his partner plays to "
                    "the next trick (law 64); until then it may be corrected (laws 65, 69).",
                    offender=seat,
                    effects=("the card stays played until corrected",),
                    # what it costs once established and claimed: law 63's points, law 70's election
                    facts=(
                        Fact(Standing.UNTIL_CORRECTED, seat=seat, laws=(64, 65)),
                        Fact(
                            Standing.REVOKE_COST,
                            seat=seat,
                            side=1 - st.side_of(seat),
                            points=st._revoke_points(),
                            laws=(63, 70),
                        ),
                    ),
                ),
                revokes=st.revokes + (Revoke(seat, len(st.tricks), card),),
            )
        return st._put(seat, card)

    def _put(self, seat: int, card: Card) -> Self:
        hands = _set(self.hands, seat, self.hands[seat] & ~(1 << card))
        trick = self.trick + ((seat, card),)
        st = self._with(hands=hands, trick=trick)
        active = st.active()
        if len(trick) < len(active):
            nxt = st._next(seat)
            while st._played_this_trick(nxt):  # after Law 58 some have played out of order
                nxt = st._next(nxt)
            return st._with(actor=nxt)
        return st._complete_trick_unordered() if st.free_order == len(st.tricks) else st._complete_trick()

    def _complete_trick(self) -> Self:
        if self.pending is not None and not self.rulings[self.pending].blocking:
            rulings = self.rulings.set(self.pending, self.rulings[self.pending].choose("stands"))  # Law 53
            self = self._with(rulings=rulings, awaiting=self._awaiting_without(self.pending))
        cards = [c for _, c in self.trick]
        w = self.trick[trick_winner_index(self.trump, cards)][0]
        won = _set(self.won, w, self.won[w] + 1)
        tricks = self.tricks + (Trick(self.trick[0][0], self.trick, w),)
        reqs = tuple(r for r in self.requirements if r.trick is None or r.trick != len(self.tricks))
        st = self._with(won=won, tricks=tricks, trick=(), actor=w, leader=w, quitted=False, requirements=reqs)
        holding = [s for s in st.active() if st.hands[s]]
        imp = st.imperfect
        if st.no_discard and holding == [st.deal.dealer] and bin(st.hands[st.deal.dealer]).count("1") == 1:
            # Law 90: the dealer who did not discard is left with his sixth card
            st = st._with(hands=_set(st.hands, st.deal.dealer, 0))
            holding = []
        if imp is not None and holding == [imp[1]] and bin(st.hands[imp[1]]).count("1") == 1:
            # Law 60: the surplus card is considered played to the imperfect trick
            st = st._with(hands=_set(st.hands, imp[1], 0))
            holding = []
        if not holding:
            st = st._with(phase=Phase.CLAIMS)
        return st

    def _quit(self) -> Self:
        """Law 64: the trick is turned and quitted: a revoke in it is established unless the
        partner asked in time (Law 65)."""
        idx = len(self.tricks) - 1
        revokes = tuple(
            replace(r, established=True) if r.trick == idx and not r.corrected and not r.asked else r
            for r in self.revokes
        )
        return self._with(quitted=True, revokes=revokes)

    @verb("quit")
    def _ev_quit(self, ev: Event) -> Self:
        st = self._with(withdraw=None) if self.withdraw is not None else self  # Law 69: no withdrawal after it
        if ev.args:
            return st._gather(ev)
        if st.trick:
            st = st._gather_aside()  # Laws 46, 60, 105: the cards played out of turn to it are quitted with it
            if len(st.trick) == len(st.active()):
                return st._complete_trick_unordered()._quit()
        if st.trick and len(st.trick) >= 2 and len(st.trick) == len(st.active()) - 1:
            # the trick is gathered although one player has not played to it: Law 60 when discovered
            missing = next(s for s in st.active() if not st._played_this_trick(s))
            d = st.deal
            if d.alone is not None and st.side_of(missing) != st.side_of(d.alone):
                return st._abandon_lone(missing, "failed to play to the trick")
            if st._last_trick() and not st.hands[missing]:
                return st._played_out_short(missing)._complete_trick()._quit()
            if st._last_trick() and bin(st.hands[missing]).count("1") == 1:
                return st._omitted_from_last_trick(missing)
            st = st._with(imperfect=(len(st.tricks), missing))
            st = st._complete_trick()
            return st._quit()
        if st.trick or st.quitted:
            raise IllegalAction("there is no complete trick to quit")
        return st._quit()

    def _last_trick(self) -> bool:
        """Every player who has played to the trick on the table holds no more cards: it is the last."""
        return all(not self.hands[s] for s, _ in self.trick)

    def _omitted_from_last_trick(self, seat: int) -> Self:
        """Law 60: the last trick is quitted without his card: he cannot have played to a next trick, so
        no new deal can be claimed; his last card, "the surplus card at the end of the hand", is
        considered played to the trick, and decides it with the others (it cannot be a revoke: he
        holds no other card)."""
        card = self.hand(seat)[0]
        st = self._rule(
            _r(
                K.CARD_OMITTED,
                (60,),
                f"The last trick was quitted without {SEAT_NAMES[seat]}'s card: his last card, the "
                f"{card.long_name()}, is considered played to it (law 60); there is no next trick, so no new deal "
                "can be claimed.",
                offender=seat,
                card=card,
                effects=("his last card is played to the trick",),
                facts=(Fact(Standing.LAST_CARD_PLAYED, seat=seat),),
            )
        )
        st = st._with(actor=seat)._put(seat, card)
        return st._quit() if not st.trick else st

    def _played_out_short(self, seat: int) -> Self:
        """Law 61: he has no card for the last trick, one of his having been mixed with a trick (or
        played with another to the same trick) unnoticed: "the mistake is not discovered till the hand is
        played out": he is answerable for all the consequent revokes; the trick is complete without him."""
        mine = [c for _, s, c in self.gathered if s == seat]
        what = f"the {mine[0].long_name()} was mixed with a trick" if mine else "he had no card left"
        return self._rule(
            _r(
                K.CARD_GATHERED,
                (61,),
                f"The hand is played out and {SEAT_NAMES[seat]} has no card for the last trick: {what}. The mistake "
                "was not discovered till the hand was played out: he is answerable for all the consequent revokes "
                "(law 61).",
                offender=seat,
                card=mine[0] if mine else None,
                effects=("the trick is complete without his card", "his consequent revokes stand"),
                facts=(
                    Fact(Standing.TRICK_WITHOUT_HIS_CARD, seat=seat),
                    Fact(Standing.REVOKES_STAND, seat=seat),
                ),
            )
        )

    def _gather(self, ev: Event) -> Self:
        """Law 61: ``quit SEAT CARD``: the last trick is turned and quitted with SEAT's CARD mixed with it,
        unnoticed (no ruling until it is discovered: ``SEAT: holds N``, or the hand played out)."""
        if len(ev.args) != 2 or ev.args[0].upper() not in SEAT_NAMES[: self.n] or len(ev.args[0]) != 1:
            raise InputError("write 'quit' or 'quit SEAT CARD' (his card gathered with the trick: law 61)", "quit")
        seat = SEAT_NAMES.index(ev.args[0].upper())
        card = self._card(ev.args[1])
        if seat not in self.active():
            raise InputError(f"{SEAT_NAMES[seat]} is not in the play", "seat")
        if not self.hands[seat] >> card & 1:
            raise InputError(f"{SEAT_NAMES[seat]} does not hold the {card.long_name()}", "card")
        if self.phase is not Phase.PLAY or self.trick or not self.tricks:
            raise IllegalAction("a card can be mixed only with a trick played and gathered, during the play", (61,))
        st = self._quit() if not self.quitted else self
        # Law 61: "mix his trump or other card with a trick to which it does not properly belong" (an exposed
        # card so mixed is off the table too)
        return st._with(
            hands=_set(st.hands, seat, st.hands[seat] & ~(1 << card)),
            exposed=_set(st.exposed, seat, st.exposed[seat] & ~(1 << card)),
            gathered=st.gathered + ((len(st.tricks) - 1, seat, card),),
        )

    def _restore_gathered(self, seat: int, n: int) -> Self:
        """Law 61: "If during the play of the hand the error be detected, the tricks may be counted face
        downwards, to ascertain if there be among them a card too many; should this be the case, the
        trick may be searched, and the card restored. The player is, however, liable for all the revokes
        he may have meanwhile made." """
        mine = [(t, c) for t, s, c in self.gathered if s == seat]
        hand = self.hands[seat]
        for _, c in mine:
            hand |= 1 << c
        cards = ", ".join(f"the {c.long_name()} (trick {t + 1})" for t, c in mine)
        return self._rule(
            _r(
                K.CARD_GATHERED,
                (61,),
                f"{SEAT_NAMES[seat]} holds {n} cards, fewer than he should: the tricks are counted face downwards "
                f"and one has a card too many; it is searched and his card restored: {cards}. He is liable for the "
                "revokes he made meanwhile (law 61).",
                offender=seat,
                card=mine[0][1],
                effects=("the card is restored to his hand", "his revokes meanwhile stand"),
                facts=(
                    Fact(Standing.CARD_RESTORED, seat=seat),
                    Fact(Standing.REVOKES_STAND, seat=seat),
                ),
            ),
            hands=_set(self.hands, seat, hand),
            gathered=tuple(g for g in self.gathered if g[1] != seat),
        )

    def _omission_discovered(self, seat: int) -> Self:
        """Law 60: a player omitted to play to a former trick and has played to the next: the
        adversaries may claim a new deal; if the deal stands, his surplus card at the end is
        considered played to the imperfect trick, and is no revoke there."""
        return self._rule(
            _r(
                K.CARD_OMITTED,
                (60,),
                f"{SEAT_NAMES[seat]} omitted to play to trick {(self.imperfect or (0, 0))[0] + 1} and has played to the "
                "next: the adversaries may claim a new deal, or let the deal stand (his surplus card at the end counts "
                "as played to the imperfect trick, without a revoke).",
                offender=seat,
                chooser=1 - self.side_of(seat),
                options=(Option("new-deal", "A new deal", (60,)), Option("deal-stands", "The deal stands", (60,))),
            ),
            omission_ruled=True,
        )

    def _omitted(self, seat: int) -> bool:
        """Law 60: he omitted to play to a former trick, not yet ruled (he has a card too many)."""
        return self.imperfect is not None and self.imperfect[1] == seat and not self.omission_ruled

    def _omission_counted(self, seat: int, n: int) -> Self:
        """Law 60: the omission is discovered (he is found with a card too many) before he has played to the next
        trick: the law gives the adversaries a new deal only when it is "not discovered till he has played to the
        next"; the deal stands, and his surplus card at the end is played to the imperfect trick, no revoke."""
        return self._rule(
            _r(
                K.CARD_OMITTED,
                (60,),
                f"{SEAT_NAMES[seat]} holds {n} cards, one too many: he omitted to play to trick "
                f"{(self.imperfect or (0, 0))[0] + 1}, and it is discovered before he has played to the next: no new "
                "deal can be claimed (law 60); his surplus card at the end counts as played to the imperfect trick, "
                "without a revoke.",
                offender=seat,
                effects=("the deal stands", "his surplus card is played to the imperfect trick"),
                facts=(
                    Fact(Standing.DEAL_STANDS),
                    Fact(Standing.SURPLUS_PLAYED, seat=seat),
                ),
            ),
            omission_ruled=True,
        )

    def _establish_by_play(self, seat: int) -> Self:
        cur = len(self.tricks)
        revokes = tuple(
            replace(r, established=True)
            if not r.established and not r.corrected and r.trick < cur and r.seat in (seat, self.partner(seat))
            else r
            for r in self.revokes
        )
        return self._with(revokes=revokes)

    @verb("imperfect")
    def _ev_imperfect(self, ev: Event) -> Self:
        """Law 33: the pack found incorrect or imperfect during the deal or the play: a new deal
        by the same dealer; all points scored on previous hands stand."""
        if self.phase is Phase.DONE:
            raise IllegalAction("the deal is over")
        return self._rule(
            _r(
                K.IMPERFECT_PACK,
                (33,),
                "The pack is found incorrect or imperfect: there must be a new deal by the same dealer; the points "
                "scored on previous hands stand.",
                effects=("new deal by the same dealer", "this hand scores nothing"),
                facts=(
                    Fact(Standing.NEW_DEAL, seat=self.deal.dealer),
                    Fact(Standing.HAND_SCORES_NOTHING),
                ),
            ),
            phase=Phase.DONE,
            new_deal=(33,),
        )

    def legal_plays(self) -> list[Card]:
        """What the laws allow the player to move now (for the UI), calls included."""
        if self.phase is not Phase.PLAY:
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
