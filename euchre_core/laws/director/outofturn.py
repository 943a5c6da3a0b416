"""The director's chapter on cards played out of turn and the lone hand: Laws 46, 47, 50, 52-53,
58-59 and 100-105. No verb of its own: :mod:`~euchre_core.laws.director.play` calls it when a card
is played out of turn or by a player out of the play."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...kernel.cards import Card
from ...kernel.deal import SEAT_NAMES, legal_play_mask
from ...kernel.play import trick_winner_index
from ..rulings import Fact, Option, Standing
from .state import DirectorState, K, Phase, Revoke
from .state import ruling as _r
from .state import set_at as _set

if TYPE_CHECKING:
    from typing_extensions import Self

__all__ = ["OutOfTurn"]


class OutOfTurn(DirectorState):
    """Cards played out of turn and the lone hand (Laws 46, 47, 50, 52, 53, 58, 59, 100-105)."""

    def _abandon_lone(self, seat: int, how: str) -> Self:
        """Law 50: an adversary of a lone hand abandons his hand (lays it face up) or fails to play
        to every trick: the party playing alone scores five points; the hand ends there."""
        return self._rule(
            _r(
                K.ABANDONED_AGAINST_LONE,
                (50,),
                f"{SEAT_NAMES[seat]}, an adversary of the lone hand, {how}: the party playing alone scores five points "
                "(law 50).",
                offender=seat,
                effects=("the lone player scores five",),
                facts=(Fact(Standing.LONE_SCORES_FIVE),),
            ),
            abandoned=seat,
            phase=Phase.CLAIMS,
        )

    def _lead_out_of_turn(self, seat: int, card: Card) -> Self:
        d = self.deal
        if d.alone is not None and seat == d.alone:
            # Law 104: the lone player leads out of turn: the card is exposed and can be called.
            return self._rule(
                _r(
                    K.LONE_LEAD_OUT_OF_TURN,
                    (104,),
                    f"{SEAT_NAMES[seat]}, playing alone, led out of turn: the {card.long_name()} is an exposed card "
                    "and can be called.",
                    offender=seat,
                    effects=("the card goes back on the table, exposed",),
                    facts=(Fact(Standing.CARD_BACK_EXPOSED),),
                ),
                exposed=_set(self.exposed, seat, self.exposed[seat] | (1 << card)),
            )
        # Laws 52, 53: the false lead lies on the table. If the other three follow it, the trick is
        # complete and the error cannot be rectified (Law 53); if the adversaries claim first, the cards
        # played to it are taken back, and they may call the card led or call a suit (Law 52).
        chooser = 1 - self.side_of(seat) if self.n == 4 else None
        st = self._rule(
            _r(
                K.LEAD_OUT_OF_TURN,
                (52, 53),
                f"{SEAT_NAMES[seat]} led the {card.long_name()} out of turn; it was {SEAT_NAMES[self.actor]}'s lead. "
                "Until the other three have followed, the adversaries may call the card erroneously led, or call a "
                "suit from him or his partner when it is next the turn of either to lead; the cards played to the "
                "false lead are then taken back. If all three follow, the trick stands (law 53).",
                offender=seat,
                chooser=chooser,
                blocking=False,
                card=card,
                proper=self.actor,
                options=(
                    Option(
                        "call-card",
                        f"Call the {card.long_name()} (it must be played at the first lawful opportunity)",
                        (52, 56),
                    ),
                    Option(
                        "call-suit",
                        "Call a suit (name it: 'call-suit H') from him or his partner at their next lead",
                        (52, 57),
                    ),
                    Option("waive", "Exact no penalty: the lead stands", (52,)),
                ),
            )
        )
        if not st.quitted:
            st = st._quit()
        hands = _set(st.hands, seat, st.hands[seat] & ~(1 << card))
        return st._with(hands=hands, trick=((seat, card),), actor=st._next(seat), leader=seat)

    def _play_out_of_turn(self, seat: int, card: Card) -> Self:
        d = self.deal
        if self._played_this_trick(seat):
            return self._lead_again(seat, card)
        pos_actor = self._position(self.actor)
        pos_seat = self._position(seat)
        if d.alone is not None and self.side_of(seat) != self.side_of(d.alone) and self.trick[0][0] == d.alone:
            # Law 105: an adversary plays out of turn to the lead of a lone hand: both opposing
            # hands are laid on the table and can be called by the player playing alone; the card
            # played out of turn is callable like the rest.
            adv = [s for s in self.active() if self.side_of(s) != self.side_of(d.alone)]
            exposed = self.exposed
            for s in adv:
                exposed = _set(exposed, s, exposed[s] | self.hands[s])
            return self._rule(
                _r(
                    K.ADVERSARY_OUT_OF_TURN_TO_LONE,
                    (105,),
                    f"{SEAT_NAMES[seat]} played out of turn to the lead of the lone hand: both opposing hands are laid "
                    "on the table, and their cards (the card played out of turn among them) can be called by the "
                    "player playing alone.",
                    offender=seat,
                    effects=("both adversaries' hands exposed",),
                    facts=(Fact(Standing.ADVERSARIES_HANDS_EXPOSED),),
                ),
                exposed=exposed,
                aside=self._put_aside(seat, card),  # left in the trick unless taken back
            )
        if self.free_order == len(self.tricks):
            # Law 58: after the third hand played before the second, the fourth may play before his partner.
            return self._put_out_of_order(seat, card)
        if len(self.active()) == 4 and pos_actor == 1 and pos_seat == 2:
            # Law 58: the third hand plays before the second: the fourth may play before his partner.
            st = self._rule(
                _r(
                    K.THIRD_BEFORE_SECOND,
                    (58,),
                    f"{SEAT_NAMES[seat]} played before {SEAT_NAMES[self.actor]}: the card stands, and the fourth hand "
                    "may play before his partner without penalty.",
                    offender=seat,
                    effects=("the card stands",),
                    facts=(Fact(Standing.CARD_STANDS),),
                ),
                free_order=len(self.tricks),
            )
            return st._put_out_of_order(seat, card)
        if len(self.active()) == 4 and pos_actor == 1 and pos_seat == 3:
            # Law 59: the third hand has not played and the fourth plays before his partner (the
            # second hand): the partner may be called on to win or lose the trick.
            st = self._rule(
                _r(
                    K.FOURTH_BEFORE_PARTNER,
                    (59,),
                    f"{SEAT_NAMES[seat]} played before his partner {SEAT_NAMES[self.actor]}: the adversaries may call "
                    f"on {SEAT_NAMES[self.actor]} to win or to lose the trick.",
                    offender=seat,
                    chooser=1 - self.side_of(seat),
                    target=self.actor,
                    options=(
                        Option("win", f"{SEAT_NAMES[self.actor]} must win the trick if he can", (59,)),
                        Option("lose", f"{SEAT_NAMES[self.actor]} must lose the trick if he can", (59,)),
                        Option("waive", "Exact no penalty", (59,)),
                    ),
                ),
                free_order=len(self.tricks),
            )
            return st._put_out_of_order(seat, card)
        # Otherwise: a card played out of turn is an exposed card (Law 46), liable to be called.
        return self._exposed_out_of_turn(seat, card)

    def _exposed_out_of_turn(self, seat: int, card: Card) -> Self:
        if self._lone_player(seat):
            # Law 104: only his lead out of turn is an exposed card; this card is not a lead
            return self._lone_exposed(seat, f"played the {card.long_name()} out of turn (not a lead)")
        return self._rule(
            _r(
                K.CARD_OUT_OF_TURN,
                (46,),
                f"{SEAT_NAMES[seat]} played the {card.long_name()} out of turn: it is an exposed card, left on the "
                "table, liable to be called.",
                offender=seat,
                effects=("the card is exposed",),
                facts=(Fact(Standing.CARD_EXPOSED),),
            ),
            exposed=_set(self.exposed, seat, self.exposed[seat] | (1 << card)),
            aside=self.aside if self._played_this_trick(seat) else self._put_aside(seat, card),
        )

    def _lone_exposed(self, seat: int, what: str) -> Self:
        """Law 104: "A player playing alone is liable to no penalty for simply exposing a card": every
        exposure of his (a card shown or dropped, cards played at once, a card played out of turn that
        is not a lead, his hand shown or thrown down) leaves his cards in his hand, not liable to be called."""
        return self._rule(
            _r(
                K.LONE_PLAYER_EXPOSED,
                (104,),
                f"{SEAT_NAMES[seat]}, playing alone, {what}: no penalty (law 104); his cards are not liable to be "
                "called.",
                offender=seat,
                effects=("no penalty",),
                facts=(Fact(Standing.NO_PENALTY),),
            )
        )

    def _lone_partner_plays(self, seat: int, card: Card) -> Self:
        """Law 100: the lone player's partner plays upon the first lead: the player loses his
        right to play alone and must play with his partner, unless the adversaries elect that he
        play it alone. Otherwise (he leads, or plays later in the hand) he is out of the play: his
        cards lie face down (Law 101), and a card he shows exposes the face of his cards (Law 102):
        not a lead out of turn (Law 52), which concerns the players in the play."""
        d = self.deal
        assert d.alone is not None
        if not self.tricks and self.trick:
            return self._rule(
                _r(
                    K.LONE_PARTNER_PLAYED,
                    (100,),
                    f"{SEAT_NAMES[seat]} played upon the first lead although his partner announced a lone hand: "
                    f"{SEAT_NAMES[d.alone]} loses his right to play alone and must play the hand with his partner, "
                    "unless the adversaries elect that he play it alone.",
                    offender=seat,
                    chooser=1 - self.side_of(seat),
                    card=card,
                    options=(
                        Option("with-partner", "He plays the hand with his partner (the card stands)", (100,)),
                        Option("alone", "He plays it alone (the card goes back)", (100,)),
                    ),
                )
            )
        return self._lone_partner_shows(seat, card)

    def _lone_partner_shows(self, seat: int, card: Card, laws: tuple[int, ...] = (101, 102)) -> Self:
        """Laws 101, 102: the partner of the lone player shows the face of a card (laying it on the
        table, or offering to play it): his partner scores only two for a march; a euchre scores four."""
        return self._rule(
            _r(
                K.LONE_PARTNER_SHOWED,
                laws,
                f"{SEAT_NAMES[seat]}, whose partner plays alone, is out of the play (law 101); he exposed the "
                f"{card.long_name()}: his partner can score only two points should he take every trick; if he is "
                "euchred the adversaries score four (law 102).",
                offender=seat,
                effects=("march capped at 2", "a euchre scores 4"),
                facts=(
                    Fact(Standing.MARCH_CAPPED),
                    Fact(Standing.EUCHRE_SCORES_FOUR),
                ),
            ),
            capped=True,
        )

    def _lead_again(self, seat: int, card: Card) -> Self:
        """Law 47: a player who has played to an imperfect trick the highest card on the table (or
        led a winning card) leads again, or plays several such winning cards one after the other,
        without waiting for his partner: the partner may be called on to win, if he can, the first
        trick, and the other cards are exposed cards. When his partner has already played to the
        trick (he led it), or his card was not the highest on the table, the second card is simply
        a card played out of turn (Law 46)."""
        p = self.partner(seat)
        mine = dict(self.trick)[seat]
        cards = [c for _, c in self.trick]
        highest = self.trick[trick_winner_index(self.trump, cards)][1] == mine
        if self._played_this_trick(p) or not highest or p not in self.active():
            return self._exposed_out_of_turn(seat, card)
        return self._rule(
            _r(
                K.WINNING_CARDS_IN_SUCCESSION,
                (47,),
                f"{SEAT_NAMES[seat]} played the {card.long_name()} before his partner had played to the trick: the card "
                f"is an exposed card, and {SEAT_NAMES[p]} may be called on to win the trick if he can, or the next "
                "(the card led to it).",
                offender=seat,
                chooser=1 - self.side_of(seat),
                target=p,
                # Law 47: "the latter may be called on to win, if he can, the first or any other of those tricks"
                options=(
                    Option("win", f"{SEAT_NAMES[p]} must win the trick if he can", (47,)),
                    Option("win-next", f"{SEAT_NAMES[p]} must win the next trick if he can", (47,)),
                    Option("waive", "Only the card is exposed", (47,)),
                ),
            ),
            exposed=_set(self.exposed, seat, self.exposed[seat] | (1 << card)),
        )

    def _position(self, seat: int) -> int:
        """0 = the leader of the current trick, 1 = second to play, ..."""
        act = self.active()
        lead = self.trick[0][0] if self.trick else self.actor
        return (act.index(seat) - act.index(lead)) % len(act)

    def _put_out_of_order(self, seat: int, card: Card) -> Self:
        """Place a card played out of order; the players who have not played still play."""
        led = self.trick[0][1]
        legal = legal_play_mask(self.hands[seat], led, self.trump)
        st = self
        if not legal >> card & 1:
            st = st._rule(
                _r(
                    K.REVOKE,
                    (62, 64),
                    f"{SEAT_NAMES[seat]} played the {card.long_name()} holding the suit led.",
                    offender=seat,
                ),
                revokes=st.revokes + (Revoke(seat, len(st.tricks), card),),
            )
        hands = _set(st.hands, seat, st.hands[seat] & ~(1 << card))
        trick = st.trick + ((seat, card),)
        st = st._with(hands=hands, trick=trick)
        if len(trick) == len(st.active()):
            return st._complete_trick_unordered()
        return st

    def _complete_trick_unordered(self) -> Self:
        order = self.active()
        lead = self.trick[0][0]
        i = order.index(lead)
        seq = order[i:] + order[:i]
        by_seat = dict(self.trick)
        return self._with(trick=tuple((s, by_seat[s]) for s in seq))._complete_trick()

    def _gather_aside(self) -> Self:
        """Laws 46, 60, 105: the cards played out of turn to the trick in play and still on the table (not taken
        back and played) are in the trick when it is quitted: each is his card played to it. The trick stays
        in the order of play from the leader; it is not completed here."""
        st = self
        idx = len(st.tricks)
        for t, s, c in self.aside:
            if t == idx and not st._played_this_trick(s) and st.hands[s] >> c & 1 and st.exposed[s] >> c & 1:
                st = st._with(
                    hands=_set(st.hands, s, st.hands[s] & ~(1 << c)),
                    exposed=_set(st.exposed, s, st.exposed[s] & ~(1 << c)),
                    trick=st.trick + ((s, c),),
                )
        if st is self:
            return self
        order = [s for s in st.active() if st._played_this_trick(s)]
        lead = st.trick[0][0]
        by_seat = dict(st.trick)
        i = order.index(lead)
        return st._with(trick=tuple((s, by_seat[s]) for s in order[i:] + order[:i]), aside=())

    def _put_aside(self, seat: int, card: Card) -> tuple[tuple[int, int, Card], ...]:
        """Laws 46, 105: the cards played out of turn to the trick in play, with ``card`` (those of former tricks
        are dropped)."""
        idx = len(self.tricks)
        return tuple(a for a in self.aside if a[0] == idx) + ((idx, seat, card),)

    def _left_in_trick(self) -> Self:
        """Laws 46, 105: a player who has played to the trick plays again while only the player whose card was
        played out of turn to it has not played in his turn: the table left that card in the trick, and the
        trick is complete with it; the play goes on from there."""
        missing = [s for s in self.active() if not self._played_this_trick(s)]
        if missing != [self.actor]:
            return self
        st = self._gather_aside()
        if len(st.trick) != len(st.active()):
            return self
        return st._complete_trick_unordered()
