"""The director's chapter on exposed cards and calls: ``expose`` (Law 46), ``callcard`` (Laws 46, 55,
56), ``name`` (Law 51), ``attention`` (Law 83), ``throw`` (Laws 48-50, 82, 104); the calls enforced
when the card is played (Laws 54-57)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...kernel.cards import Card, Suit, cards_of_mask
from ...kernel.deal import SEAT_NAMES, legal_play_mask
from ...kernel.errors import IllegalAction, InputError
from ...kernel.play import trick_winner_index
from ...kernel.tables import EFFECTIVE_SUIT, PLAY_KEY, SUIT_MASK
from ..events import Event
from ..rulings import Fact, Option, Standing
from .state import Call, DirectorState, K, Phase, Requirement, Revoke, verb
from .state import play_options as _play_options
from .state import ruling as _r
from .state import set_at as _set

if TYPE_CHECKING:
    from typing_extensions import Self

__all__ = ["Calls"]


class Calls(DirectorState):
    """Exposed cards and calls (Laws 46, 48-51, 54-57, 83): a card exposed, called or named, the
    hand thrown down, attention called; the calls enforced on the card played."""

    @verb("expose")
    def _ev_expose(self, ev: Event) -> Self:
        """Law 46 II: one card or several dropped or shown face up; every card named must be one
        he holds (the trump card lifted from the pack, Laws 46 III and 91, is named alone)."""
        seat = self._seat(ev)
        cards = self._cards(ev)
        if len(cards) == 1:
            return self._expose(ev, seat, cards[0])
        for c in cards:
            if not self.hands[seat] >> c & 1:
                raise InputError(f"{ev.who} does not hold the {c.long_name()}", "card")
        st = self
        for c in cards:
            st = st._expose(ev, seat, c)
        return st

    def _expose(self, ev: Event, seat: int, card: Card) -> Self:
        d0 = self.deal
        if self.phase is Phase.BIDDING and card == d0.turn_up and not d0.hands[d0.dealer] >> card & 1:
            # Laws 46 III and 91: the trump card lifted from the pack becomes an exposed card (once the
            # dealer holds it, it is liable to be called).
            return self._rule(
                _r(
                    K.TRUMP_CARD_LIFTED,
                    (46, 91),
                    f"{ev.who} lifted the trump card from the pack: it becomes an exposed card.",
                    offender=d0.dealer,
                    effects=("the turn-up is exposed when the dealer takes it up",),
                    facts=(Fact(Standing.TURN_UP_EXPOSED),),
                ),
                turn_up_exposed=True,
            )
        if not self.hands[seat] >> card & 1:
            raise InputError(f"{ev.who} does not hold the {card.long_name()}", "card")
        d = self.deal
        if self._lone_player(seat):
            # Law 104: the lone player, his declaration made, exposes a card: no penalty (Law 95 concerns
            # a card exposed before the declaration)
            return self._lone_exposed(seat, f"exposed the {card.long_name()}")
        if self.phase is Phase.BIDDING:
            # Law 95: he exposes a card before his declaration: he cannot play alone; Law 46: exposed.
            return self._rule(
                _r(
                    K.EXPOSED_BEFORE_DECLARATION,
                    (46, 95),
                    f"{ev.who} exposed the {card.long_name()} before declaring: he cannot play alone (law 95), and the "
                    "card is an exposed card, liable to be called in the play (law 46).",
                    offender=seat,
                    effects=("no lone hand for him", "the card is exposed"),
                    facts=(
                        Fact(Standing.NO_LONE_HAND, seat=seat),
                        Fact(Standing.CARD_EXPOSED),
                    ),
                ),
                no_alone=_set(self.no_alone, seat, 95),
                exposed=_set(self.exposed, seat, self.exposed[seat] | (1 << card)),
            )
        if d.alone is not None and seat == self.partner(d.alone):
            # Law 102: the lone player's partner exposes his cards: two points at most for a march;
            # in case of a euchre the adversaries score four.
            return self._lone_partner_shows(seat, card, (102,))
        return self._rule(
            _r(
                K.EXPOSED_CARD,
                (46,),
                f"{ev.who} exposed the {card.long_name()}: it must be left on the table and is liable to be called.",
                offender=seat,
                effects=("the card is exposed",),
                facts=(Fact(Standing.CARD_EXPOSED),),
            ),
            exposed=_set(self.exposed, seat, self.exposed[seat] | (1 << card)),
        )

    @verb("callcard")
    def _ev_callcard(self, ev: Event) -> Self:
        self._block_if_pending(ev)
        if self.phase == "bidding" and self.deal.phase == "callcard":
            return self._regular(ev)  # 1877 jambone: one exposed card called to the first trick
        caller = self._seat(ev)
        if len(ev.args) != 2:
            raise InputError("write 'callcard SEAT CARD'", "event")
        if ev.args[0].upper() not in SEAT_NAMES[: self.n] or len(ev.args[0]) != 1:
            raise InputError(f"no seat {ev.args[0]!r}", "seat")
        target = SEAT_NAMES.index(ev.args[0].upper())
        card = self._card(ev.args[1])
        if self.side_of(caller) == self.side_of(target):
            raise IllegalAction("only an adversary can call an exposed card", (46,))
        called = any(r.kind is Call.PLAY_CARD and r.seat == target and r.card == card for r in self.requirements)
        if called:
            # Law 56: "The call for an exposed card can be repeated until such card has been played" (also the
            # card led out of turn and called, Law 52, which went back to his hand): the call stands
            return self._rule(
                _r(
                    K.CALL_REPEATED,
                    (56,),
                    f"{ev.who} repeated the call of {SEAT_NAMES[target]}'s {card.long_name()}: it must still be played "
                    "at the first lawful opportunity (law 56).",
                    offender=target,
                    card=card,
                    target=target,
                    effects=("the call stands",),
                    facts=(Fact(Standing.CALL_STANDS),),
                )
            )
        if not self.exposed[target] >> card & 1:
            if self._lone_player(target):
                # Law 104: "A player playing alone is liable to no penalty for simply exposing a card"
                raise IllegalAction(
                    f"{SEAT_NAMES[target]} plays alone: a card he shows is not liable to be called (only a lead "
                    "out of turn is)",
                    (104,),
                )
            raise IllegalAction(f"the {card.long_name()} is not an exposed card", (46,))
        req = Requirement(target, Call.PLAY_CARD, (46, 56), card=card)
        return self._rule(
            _r(
                K.EXPOSED_CARD_CALLED,
                (46, 55, 56),
                f"{ev.who} called {SEAT_NAMES[target]}'s {card.long_name()}: it must be played at the first lawful "
                "opportunity; no call can force a revoke (law 55); the call can be repeated until the card is played "
                "(law 56).",
                offender=target,
                card=card,
                target=target,
                effects=(req.describe(),),
                facts=(Fact(Standing.BOUND, seat=req.seat, requirement=req),),
            ),
            requirements=self.requirements + (req,),
        )

    @verb("name")
    def _ev_name(self, ev: Event) -> Self:
        # Law 51: a detached card is liable to be called if an adversary can name it; a wrong
        # name makes the namer liable to have a suit called when he or his partner next lead.
        namer = self._seat(ev)
        if len(ev.args) != 2 or ev.args[0].upper() not in SEAT_NAMES[: self.n] or len(ev.args[0]) != 1:
            raise InputError("write 'name SEAT CARD'", "event")
        target = SEAT_NAMES.index(ev.args[0].upper())
        card = self._card(ev.args[1])
        if self.side_of(namer) == self.side_of(target):
            raise IllegalAction("only an adversary can name a detached card", (51,))
        if self.hands[target] >> card & 1:
            return self._rule(
                _r(
                    K.DETACHED_CARD_NAMED,
                    (51,),
                    f"{ev.who} named {SEAT_NAMES[target]}'s detached card, the {card.long_name()}: it is liable to be "
                    "called.",
                    offender=target,
                    card=card,
                    effects=("the card is exposed",),
                    facts=(Fact(Standing.CARD_EXPOSED),),
                ),
                exposed=_set(self.exposed, target, self.exposed[target] | (1 << card)),
            )
        return self._rule(
            _r(
                K.WRONG_CARD_NAMED,
                (51,),
                f"{ev.who} named a wrong card: he is liable to have a suit called when he or his partner next lead.",
                offender=namer,
                chooser=1 - self.side_of(namer),
                target=namer,
                options=(
                    Option(
                        "call-suit",
                        f"Call a suit (name it: 'call-suit H') from {ev.who} or his partner at their next lead",
                        (51, 57),
                    ),
                    Option("waive", "Exact no penalty", (51,)),
                ),
            )
        )

    @verb("attention")
    def _ev_attention(self, ev: Event) -> Self:
        # Law 83: calling attention to the trick before the partner plays: the adversaries may
        # require the partner to play highest or lowest, or to win or lose the trick.
        seat = self._seat(ev)
        p = self.partner(seat)
        if self.phase is not Phase.PLAY or self._played_this_trick(p) or p not in self.active():
            raise IllegalAction("Law 83 concerns a remark made before the partner plays to the trick", (83,))
        return self._rule(
            _r(
                K.ATTENTION_CALLED,
                (83,),
                f"{ev.who} called attention to the trick before his partner played: the adversaries may require "
                f"{SEAT_NAMES[p]} to play his highest or lowest of the suit led, or to win or lose the trick.",
                offender=seat,
                chooser=1 - self.side_of(seat),
                target=p,
                options=_play_options(SEAT_NAMES[p], (83,), waive=True),
            )
        )

    @verb("throw")
    def _ev_throw(self, ev: Event) -> Self:
        seat = self._seat(ev)
        d = self.deal
        if self._lone_player(seat) and self.phase in (Phase.BIDDING, Phase.PLAY):
            # Law 104: the lone player shows or lays down his hand: no penalty, and the hand goes on
            return self._lone_exposed(seat, "threw his cards face up on the table")
        if self.phase is Phase.BIDDING:
            if seat == d.dealer and d.phase == "bid2":
                # Law 82: the dealer throws his cards on the table in the second round: it is his pass,
                # binding on his partner (who must pass if he has not spoken).
                p = self.partner(seat)
                st = self._rule(
                    _r(
                        K.DEALER_THREW_CARDS,
                        (82,),
                        f"{ev.who} threw his cards on the table in the second round: it is his pass, and it is binding "
                        f"on his partner, {SEAT_NAMES[p]}, who must pass.",
                        offender=seat,
                        effects=("the dealer passes", f"{SEAT_NAMES[p]} must pass"),
                        facts=(Fact(Standing.DEALER_PASSES, seat=seat), Fact(Standing.MUST_PASS, seat=p)),
                    ),
                    must_pass=_set(_set(self.must_pass, p, 82), seat, 82),
                )
                return st._regular(Event(ev.who, "pass")) if seat == d.actor else st
            # Laws 46, 48, 95: a hand thrown face up during the bidding: every card is exposed and
            # liable to be called; having exposed a card before declaring, he cannot play alone.
            return self._rule(
                _r(
                    K.HAND_SHOWN_IN_BIDDING,
                    (46, 48, 95),
                    f"{ev.who} threw his cards face up during the bidding: they are exposed cards, liable to be called "
                    "in the play (laws 46, 48), and he cannot play alone (law 95).",
                    offender=seat,
                    effects=("his whole hand is exposed", "no lone hand for him"),
                    facts=(Fact(Standing.HAND_EXPOSED, seat=seat), Fact(Standing.NO_LONE_HAND, seat=seat)),
                ),
                exposed=_set(self.exposed, seat, self.exposed[seat] | self.hands[seat]),
                no_alone=_set(self.no_alone, seat, 95),
            )
        if self.phase is not Phase.PLAY:
            raise IllegalAction(*self._why_over())
        if d.alone is not None and d.out >> seat & 1:
            return self._lone_partner_shows(seat, (self.hand(seat) or [d.turn_up])[0])
        if d.alone is not None and self.side_of(seat) != self.side_of(d.alone):
            # Law 50: an adversary of a lone hand abandons his hand: the lone player scores five points.
            return self._abandon_lone(seat, "abandoned his hand by laying it face up on the table")
        thrown = self.thrown | {seat}
        if len(thrown) == len(self.active()):
            # Law 49: all throw their cards face up: the hands are abandoned; no claim unless a revoke.
            return self._rule(
                _r(
                    K.ALL_HANDS_ABANDONED,
                    (49,),
                    "All the players threw their cards face up: the hands are abandoned, and no claim that the game could "
                    "have been saved or won is entertained, unless a revoke is established.",
                    offender=None,
                    effects=("the deal is scored on the tricks taken",),
                    facts=(Fact(Standing.SCORED_ON_TRICKS),),
                ),
                phase=Phase.CLAIMS,
                thrown=thrown,
            )
        # Law 48: the cards thrown face up are exposed and can be called, each player's by the adversary.
        return self._rule(
            _r(
                K.HAND_THROWN,
                (48,),
                f"{ev.who} threw his cards on the table face up: they are exposed cards and can be called by the "
                "adversaries; a player who retains his hand cannot be forced to abandon it.",
                offender=seat,
                effects=("his whole hand is exposed",),
                facts=(Fact(Standing.HAND_EXPOSED, seat=seat),),
            ),
            exposed=_set(self.exposed, seat, self.exposed[seat] | self.hands[seat]),
            thrown=thrown,
        )

    def _check_requirements(self, seat: int, card: Card) -> Self:
        """Enforce calls: Law 54 (failing to obey incurs the penalty of a revoke), Law 55 (no
        call can force a revoke), Law 56 (a call repeated until the card is played), Law 57."""
        st = self
        led = st.trick[0][1] if st.trick else None
        legal = legal_play_mask(st.hands[seat], led, st.trump)
        keep = []
        for r in st.requirements:
            applies = r.seat == seat or (r.or_partner and r.seat == st.partner(seat))
            if not applies or (r.trick is not None and r.trick != len(st.tricks)):
                keep.append(r)
                continue
            done, could, drop = st._requirement_outcome(r, seat, card, led, legal)
            if r.kind == "lead-suit" and led is None and not could and drop:
                st = st._rule(
                    _r(
                        K.CALLED_SUIT_NOT_HELD,
                        (57,),
                        f"{SEAT_NAMES[seat]} was called on to lead {Suit(r.suit or 0).word} and has none: the penalty is "
                        "paid.",
                        offender=seat,
                        effects=("the call lapses",),
                        facts=(Fact(Standing.CALL_LAPSES),),
                    )
                )
            if not done and could and r.kind == "play-card":
                # Law 56: an exposed card called and not played: no revoke penalty (Law 54 names the
                # highest/lowest and suit calls); the call stands and is repeated until it is played.
                st = st._rule(
                    _r(
                        K.CALLED_CARD_NOT_PLAYED,
                        (56,),
                        f"{SEAT_NAMES[seat]} did not play the called {(r.card or card).long_name()}: the call stands "
                        "and is repeated until the card is played (law 56).",
                        offender=seat,
                        card=r.card,
                        effects=("the call is repeated",),
                        facts=(Fact(Standing.CALL_REPEATED),),
                    )
                )
            elif not done and could:
                reading = None
                if r.kind in ("win", "lose"):
                    reading = (
                        "Law 54 names the calls of highest or lowest and of a suit; a call to win or lose the "
                        "trick (laws 47, 59, 83, 89) is read the same way, as the laws give it no other "
                        "sanction."
                    )
                st = st._rule(
                    _r(
                        K.CALL_NOT_OBEYED,
                        (54,),
                        f"{SEAT_NAMES[seat]} did not comply: {r.describe()}. He incurs the penalty of a revoke.",
                        offender=seat,
                        target=r.seat,
                        effects=("penalty of a revoke",),
                        facts=(Fact(Standing.REVOKE_PENALTY),),
                        reading=reading,
                    ),
                    revokes=st.revokes + (Revoke(seat, len(st.tricks), card, established=True, kind="call"),),
                )
            if not drop:
                keep.append(r)
        return st._with(requirements=tuple(keep))

    def _requirement_outcome(
        self, r: Requirement, seat: int, card: Card, led: int | None, legal: int
    ) -> tuple[bool, bool, bool]:
        """(complied, could have complied, drop the requirement)."""
        trump = self.trump
        if r.kind == "play-card":
            assert r.card is not None
            if card == r.card:
                return True, True, True
            could = bool(legal >> r.card & 1) and bool(self.hands[seat] >> r.card & 1)
            return False, could, False  # Law 56: repeated until played; Law 55: no forced revoke
        if r.kind == "lead-suit":
            if led is not None:
                return True, False, False  # not his lead yet
            holds = self.hands[seat] & SUIT_MASK[trump][r.suit or 0]
            if not holds:
                return True, False, True  # Law 57: he has none of it: the penalty is paid
            return EFFECTIVE_SUIT[trump][card] == r.suit, True, True
        if led is None:
            return True, False, True
        led_suit = EFFECTIVE_SUIT[trump][led]
        follow = self.hands[seat] & SUIT_MASK[trump][led_suit]
        if r.kind in ("highest", "lowest"):
            pool = cards_of_mask(follow)
            if not pool:
                return True, False, True  # Law 55
            keys = PLAY_KEY[trump][led_suit]
            best = max(pool, key=lambda c: keys[c]) if r.kind == "highest" else min(pool, key=lambda c: keys[c])
            return card == best, True, True
        # win / lose
        cards = [c for _, c in self.trick]
        options = cards_of_mask(legal)
        wins = [c for c in options if trick_winner_index(trump, cards + [c]) == len(cards)]
        if r.kind == "win":
            return card in wins, bool(wins), True
        loses = [c for c in options if c not in wins]
        return card in loses, bool(loses), True
