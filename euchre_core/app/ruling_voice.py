"""The one voice of a ruling (issue 35): every word a reader sees of the director's ruling, made from
the typed ruling (:class:`~euchre_core.laws.rulings.Ruling`: its kind, offender, choosers, options,
typed :class:`~euchre_core.laws.rulings.Fact`\\ s) and the typed effects of each election
(:mod:`euchre_core.laws.director.effects`), never from the engine's English.

Seats are named from a chair ("you", "your partner", "the player on your left") with the verb and the
pronouns agreeing (:class:`Seats`: ``you must … if you can``, ``he must … if he can``); the book's
letters (``me`` None) are the same templates with letters. The director's guide
(:mod:`euchre_core.app.situations`), the law page's example and the penalty sandbox show
:func:`moment`; the guide's HTML fragment is :func:`ruling_html` (one per chair, precomputed).

>>> from euchre_core.app.sandbox import scenarios
>>> from euchre_core.formats.scenario import load_scenario
>>> m = moment(load_scenario(scenarios()[53]), 53)
>>> m["status"], m["options"], m["laws"]
('stands', [], [52, 53])
>>> m = moment(load_scenario(scenarios()[52]), 52, me=reader_seat(2, "left"))
>>> m["status"], m["seats"]["C"], m["who_chooses"]
('choose', 'the player on your left', 'Your side chooses: one of you, for both, without consulting (law 85).')
>>> m["options"][0]["effect"][1]
'the player on your left must play the 7 of diamonds at the first lawful opportunity'
"""

from __future__ import annotations

from dataclasses import replace
from html import escape
from typing import Any

from ..kernel.cards import Card, Suit
from ..kernel.deal import SEAT_NAMES
from ..kernel.errors import IllegalAction
from ..laws.director import Call, Director, Requirement
from ..laws.director import effects as fx
from ..laws.rulings import Chooser, Fact, Ruling, Standing
from ..laws.rulings import Irregularity as K

__all__ = [
    "WHO",
    "Seats",
    "reader_seat",
    "requirement_words",
    "headline",
    "option_label",
    "effect_words",
    "fact_words",
    "chooser_words",
    "ruling_now",
    "moment",
    "ruling_html",
    "refusal_words",
    "dealing_option_label",
    "dealing_outcome_words",
    "dealing_moment",
    "dealing_refusal_words",
    "Names",
    "club_cut_words",
    "club_record_words",
    "club_moment",
]

# who did it, relative to the reader: the offender sits this many places to the reader's left
WHO: dict[str, int] = {"me": 0, "left": 1, "partner": 2, "right": 3}


def reader_seat(offender: int, who: str) -> int:
    """The reader's seat, given the offender's and who did it relative to the reader.

    >>> reader_seat(2, "me"), reader_seat(2, "left"), reader_seat(2, "partner"), reader_seat(2, "right")
    (2, 1, 0, 3)
    """
    return (offender - WHO[who]) % 4


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


class Seats:
    """Seat names for one reader: the book's letters (``me`` None) or words from the reader's chair.

    >>> s = Seats(me=1, dealer=0)
    >>> s.name(1), s.name(2), s.name(3), s.name(0), s.possessive(0), s.he(1), s.side(0)
    ('you', 'the player on your left', 'your partner', 'the player on your right', 'your right-hand opponent’s', 'you', 'your opponents')
    >>> Seats(None, 0).name(2), Seats(None, 0).side(1)
    ('C', 'B and D')
    """

    def __init__(self, me: int | None, dealer: int) -> None:
        self.me = me
        self.dealer = dealer

    def _rel(self, seat: int) -> int:
        assert self.me is not None
        return (seat - self.me) % 4

    def name(self, seat: int, cap: bool = False) -> str:
        if self.me is None:
            return SEAT_NAMES[seat]
        word = ("you", "the player on your left", "your partner", "the player on your right")[self._rel(seat)]
        return word[:1].upper() + word[1:] if cap else word

    def marked(self, seat: int) -> str:
        """The name from the reader's chair with the dealer marked (the book's letters alone: its
        examples say who deals)."""
        if self.me is None:
            return SEAT_NAMES[seat]
        return self.name(seat) + (" (the dealer)" if seat == self.dealer else "")

    def possessive(self, seat: int, cap: bool = False) -> str:
        if self.me is None:
            return SEAT_NAMES[seat] + "’s"
        word = ("your", "your left-hand opponent’s", "your partner’s", "your right-hand opponent’s")[self._rel(seat)]
        return word[:1].upper() + word[1:] if cap else word

    def is_me(self, seat: int | None) -> bool:
        return self.me is not None and seat == self.me

    def verb(self, seat: int | None, third: str, second: str) -> str:
        """The verb agreeing with the seat named: ``second`` for the reader ("you have"), else ``third``.

        >>> Seats(me=1, dealer=0).verb(1, "has", "have"), Seats(me=None, dealer=0).verb(1, "has", "have")
        ('have', 'has')
        """
        return second if self.is_me(seat) else third

    def him(self, seat: int) -> str:
        return "you" if self.is_me(seat) else "him"

    def list(self, seats: tuple[int, ...] | list[int], join: str = "or") -> str:
        """Seats named together ("B or D", "you or your partner")."""
        names = [self.name(s) for s in seats]
        return f" {join} ".join(names) if len(names) < 3 else ", ".join(names[:-1]) + f" {join} " + names[-1]

    def he(self, seat: int) -> str:
        return "you" if self.me is not None and seat == self.me else "he"

    def his(self, seat: int) -> str:
        return "your" if self.me is not None and seat == self.me else "his"

    def pair(self, seat: int) -> str:
        """A player "or his partner", from the reader's chair (his partner may be the reader).

        >>> Seats(me=0, dealer=3).pair(2), Seats(me=0, dealer=3).pair(1), Seats(me=None, dealer=3).pair(1)
        ('your partner or you', 'the player on your left or his partner', 'B or his partner')
        """
        if self.me is not None and seat != self.me and seat % 2 == self.me % 2:
            return "your partner or you"
        return f"{self.name(seat)} or {self.his(seat)} partner"

    def side(self, side: int, cap: bool = False) -> str:
        if self.me is None:
            words = f"{SEAT_NAMES[side]} and {SEAT_NAMES[side + 2]}"
        else:
            words = "your side" if side == self.me % 2 else "your opponents"
        return words[:1].upper() + words[1:] if cap else words


def _card(card: Card | None) -> str:
    return card.long_name() if card is not None else "the card"


def requirement_words(req: Requirement, seats: Seats, next_trick: bool = False) -> str:
    """What a call binds a player to, from the reader's chair (pronouns and verb agreeing).

    >>> r = Requirement(1, Call.WIN, (59,))
    >>> requirement_words(r, Seats(me=1, dealer=0)), requirement_words(r, Seats(None, 0))
    ('you must win the trick if you can', 'B must win the trick if he can')
    >>> requirement_words(Requirement(1, Call.HIGHEST, (89,)), Seats(me=1, dealer=0))
    'you must play your highest of the suit led'
    """
    who = seats.pair(req.seat) if req.or_partner else seats.name(req.seat)
    if req.kind is Call.PLAY_CARD:
        return f"{who} must play the {_card(req.card)} at the first lawful opportunity"
    if req.kind is Call.LEAD_SUIT:
        suit = Suit(req.suit).word if req.suit is not None else "the suit named"
        return f"{who} must lead {suit} at the next lead" + (" of either" if req.or_partner else "")
    if req.kind in (Call.HIGHEST, Call.LOWEST):
        return f"{who} must play {seats.his(req.seat)} {req.kind.value} of the suit led"
    which = "the next trick" if next_trick else "the trick"
    return f"{who} must {req.kind.value} {which} if {seats.he(req.seat)} can"


HEADLINES: dict[K, str] = {
    K.LEAD_OUT_OF_TURN: "{Off} led the {card} out of turn; it was {proper_poss} lead.",
    K.CARD_OUT_OF_TURN: "{Off} played out of turn.",
    K.REVOKE: "{Off} did not follow suit, holding a card of the suit led: a revoke (renege).",
    K.REVOKE_CORRECTED: "{Off} saw the revoke in time and took the card back.",
    K.REVOKE_CLAIMED: "A revoke was claimed and the tricks searched.",
    K.CARDS_MIXED: "A revoke was claimed, and the accused side mixed the cards before they were examined.",
    K.EXPOSED_CARD: "{Off} exposed a card.",
    K.TWO_CARDS_AT_ONCE: "{Off} played two cards at once.",
    K.TRUMP_CARD_LIFTED: "{Off} lifted the trump card from the pack.",
    K.HAND_THROWN: "{Off} threw {his} cards face up on the table.",
    K.ALL_HANDS_ABANDONED: "All four threw their cards face up: the hands are abandoned.",
    K.ABANDONED_AGAINST_LONE: "{Off} abandoned {his} hand against a lone hand.",
    K.DETACHED_CARD_NAMED: "{Off_poss} card held apart from the hand was named by an opponent: it is liable to be called.",
    K.WRONG_CARD_NAMED: "{Off} named a wrong card as an opponent’s detached card.",
    K.WINNING_CARDS_IN_SUCCESSION: "{Off} led again, or played winning cards in succession, before the others played.",
    K.CALL_NOT_OBEYED: "{Off} did not obey the call.",
    K.CALLED_CARD_NOT_PLAYED: "{Off} did not play the called card.",
    K.CALLED_SUIT_NOT_HELD: "{Off} {has} none of the suit called: the penalty is paid.",
    K.THIRD_BEFORE_SECOND: "{Off}, third hand, played before the second hand.",
    K.FOURTH_BEFORE_PARTNER: "{Off}, fourth hand, played before {partner}.",
    K.CARD_OMITTED: "{Off} did not play to an earlier trick.",
    K.PARTNERS_QUESTION: "{Off} asked {his} partner whether {partner_he} {partner_has} none of the suit.",
    K.QUESTION_ANSWERED: "The partner's question was answered.",
    K.MENTION_AFTER_PASSING: "{Off} passed, then mentioned the suit {he} meant to make.",
    K.ORDER_AFTER_PASSING: "{Off} passed, then tried to order up or assist.",
    K.DECLARATION_OUT_OF_TURN: "{Off} declared out of turn.",
    K.ATTENTION_CALLED: "{Off} called attention to the trick before {his} partner played.",
    K.CONSULTED: "{Off_side} consulted on which penalty to exact: the right to it is lost (law 85).",
    K.LEAD_BEFORE_DISCARD: "{Off} led before the dealer had discarded.",
    K.LEAD_BEFORE_DISCARD_LONE: "{Off} led before the dealer had discarded, against a lone hand.",
    K.WRONG_NUMBER_OF_CARDS: "{Off} {has} a wrong number of cards.",
    K.NO_DISCARD: "{Off}, the dealer, played without discarding.",
    K.CARDS_COUNTED: "The cards were counted: five.",
    K.DOUBLE_DECLARATION: "{Off} made a double declaration (“I order it up and play it alone”).",
    K.LATE_ALONE: "{Off} announced a lone hand too late.",
    K.LATE_TAKE: "{Off} offered to take the lone hand too late.",
    K.NOT_ALLOWED_ALONE: "{Off} may not play alone.",
    K.LONE_PARTNER_PLAYED: "{Off}, the lone player’s partner, played to the first lead.",
    K.LONE_PARTNER_SHOWED: "{Off}, the lone player's partner, exposed {his} cards.",
    K.LONE_PLAYER_EXPOSED: "{Off}, playing alone, exposed a card.",
    K.LONE_LEAD_OUT_OF_TURN: "{Off}, playing alone, led out of turn.",
    K.ADVERSARY_OUT_OF_TURN_TO_LONE: "{Off} played out of turn to the lead of a lone hand.",
    K.EXPOSED_BEFORE_DECLARATION: "{Off} exposed a card before declaring.",
    K.HAND_SHOWN_IN_BIDDING: "{Off} threw {his} cards face up during the bidding.",
    K.EXPOSED_CARD_CALLED: "{Off_poss} exposed card was called.",
    K.IMPERFECT_PACK: "The pack was found imperfect.",
    K.DEALER_THREW_CARDS: "{Off}, the dealer, threw down {his} cards.",
    K.BOUND_TO_PASS: "{Off}, bound to pass, made a declaration.",
    K.CALL_REPEATED: "The call for {off_poss} exposed card was repeated.",
    K.CARD_GATHERED: "{Off_poss} card was gathered into a trick it did not belong to.",
    K.CARD_WITHDRAWN: "{Off} withdrew {his} card after the revoke was corrected.",
    K.PASS_AFTER_DECLARATION: "The declaration was not heard, and the partner passed.",
    # the shuffle, the cut and the deal (the dealing procedure)
    K.SCORE_QUESTIONED: "An error in the score was proved before the trump card was turned in the next deal.",
    K.SCORE_QUESTIONED_LATE: "An error in the score was proved after the trump card of the next deal was turned.",
    K.CARD_SEEN_SHUFFLING: "{Off} let the face of a card be seen while shuffling.",
    K.DEALERS_CARD_SEEN: "{Off}, the dealer, let a card be seen in {his} shuffle or in giving the pack to be cut.",
    K.FALSE_CUT: "{Off} cut, leaving fewer than four cards in a packet.",
    K.CUT_CONFUSED: "The cards were confused in cutting, or nobody is sure where the pack was divided.",
    K.CARD_EXPOSED_CUTTING: "{Off} exposed a card in cutting or in putting the packets together.",
    K.RESHUFFLE_AFTER_CUT: "{Off}, the dealer, shuffled again after the pack was cut.",
    K.CARD_FACED_IN_PACK: "A card was found face up in the pack before a lead was made.",
    K.CARD_FACED_AFTER_LEAD: "A card was found face up in the pack after a lead was made.",
    K.CARD_EXPOSED_DEALING: "{Off} exposed a card in the deal.",
    K.CARDS_TOUCHED: "{Off} touched {his} cards during the deal.",
    K.CLAIM_LAPSED: "The new deal was not claimed in time.",
    K.TRUMP_TURNED_AT_ONCE: "The trump card was turned right after one of the last cards was exposed.",
    K.WRONG_PACK: "{Off} dealt with the other side’s pack.",
    K.EXPOSED_TURNING_TRUMP: "{Off}, turning the trump card, exposed another card of the pack.",
    K.DEAL_OUT_OF_TURN: "{Off} {is} dealing out of turn.",
    K.PARTNERS_DEAL_TAKEN: "{Off} {is} dealing {his} partner’s deal.",
    K.DEAL_OUT_OF_TURN_STOPPED: "{Off} dealt out of turn, and it was found before the trump card was turned.",
    K.DEAL_OUT_OF_TURN_STANDS: "{Off} dealt out of turn, and the trump card is turned.",
    K.MISDEAL: "{Off} misdealt.",
    K.MISDEAL_AFTER_INTERRUPTION: "{Off} misdealt, after the other side interrupted the deal with a claim that failed.",
    K.DEALER_INTERRUPTED: "{Off} interrupted {dealer} with a claim and failed to prove it.",
    K.CLAIM_FAILED: "{Off} made a claim and failed to prove it.",
    K.NEW_CARDS_CALLED: "{Off} called for new cards before the cut.",
    K.NEW_CARDS_AFTER_CUT: "New cards were called for after the pack was cut.",
    K.CARD_MARKED: "A card was found torn or marked.",
}


def headline(r: Ruling, seats: Seats) -> str:
    """The ruling's first line from the reader's chair.

    >>> from euchre_core.laws.rulings import Ruling, Irregularity
    >>> r = Ruling("revoke", (62,), "", offender=2, kind=Irregularity.REVOKE)
    >>> headline(r, Seats(me=2, dealer=0))
    'You did not follow suit, holding a card of the suit led: a revoke (renege).'
    >>> r = Ruling("", (57,), "", offender=2, kind=Irregularity.CALLED_SUIT_NOT_HELD)
    >>> headline(r, Seats(me=2, dealer=0)), headline(r, Seats(None, 0))
    ('You have none of the suit called: the penalty is paid.', 'C has none of the suit called: the penalty is paid.')
    """
    template = HEADLINES.get(r.kind) if r.kind is not None else None
    if r.kind is K.REVOKE_CLAIMED:  # Laws 63, 66: what the search of the tricks found, by the ruling's typed facts
        found = not any(f.what is Standing.NO_PENALTY for f in r.facts)
        template = (
            "A revoke was claimed and the tricks searched: it is established."
            if found
            else "A revoke was claimed; the tricks were searched and none is established."
        )
    off = r.offender
    if template is None or (off is None and "ff" in template):
        label = r.kind.label if r.kind is not None else r.irregularity
        text = (seats.name(off, cap=True) + ": " if off is not None else "") + label + "."
        return _cap(text)
    p = (off + 2) % 4 if off is not None else None
    values = {
        "off": seats.name(off) if off is not None else "",
        "Off": seats.name(off, cap=True) if off is not None else "",
        "he": seats.he(off) if off is not None else "he",
        "his": seats.his(off) if off is not None else "his",
        "has": seats.verb(off, "has", "have"),
        "card": _card(r.card),
        "proper_poss": seats.possessive(r.proper) if r.proper is not None else "another player’s",
        "Off_poss": seats.possessive(off, cap=True) if off is not None else "",
        "off_poss": seats.possessive(off) if off is not None else "",
        "partner": seats.name(p) if p is not None else "his partner",
        "partner_he": seats.he(p) if p is not None else "he",
        "partner_has": seats.verb(p, "has", "have"),
        "Off_side": seats.side(off % 2, cap=True) if off is not None else "",
        "is": seats.verb(off, "is", "are"),
        "dealer": seats.marked(seats.dealer) if seats.me is not None else "the dealer",
    }
    return _cap(template.format(**values).replace("'", "’"))


def option_label(r: Ruling, option: str, seats: Seats, dealer: int) -> str:
    """An option's words, from the ruling's typed fields and the option's id (never its English).

    >>> from euchre_core.laws.rulings import Ruling, Irregularity
    >>> r = Ruling("", (89,), "", offender=2, chooser=1, kind=Irregularity.LEAD_BEFORE_DISCARD_LONE, target=0)
    >>> option_label(r, "highest", Seats(me=0, dealer=0), 0), option_label(r, "win", Seats(None, 0), 0)
    ('You (the dealer) must play your highest of the suit led', 'A (the dealer) must win the trick if he can')
    """
    off = r.offender
    target = r.target if r.target is not None else dealer
    t = seats.name(target, cap=True) + (" (the dealer)" if target == dealer else "")
    if option == "call-card":  # its effect says who must play it, and when
        return f"Call the {_card(r.card)}"
    if option == "call-suit":
        who = r.target if r.kind is K.WRONG_CARD_NAMED and r.target is not None else off
        return f"Call a suit from {seats.pair(who)}, at the next lead of either" if who is not None else "Call a suit"
    if option in ("highest", "lowest"):
        return f"{t} must play {seats.his(target)} {option} of the suit led"
    if option in ("win", "lose"):
        first = " the trick in play" if r.kind is K.WINNING_CARDS_IN_SUCCESSION else " the trick"
        return f"{t} must {option}{first} if {seats.he(target)} can"
    if option == "win-next":
        return f"{t} must win the next trick if {seats.he(target)} can"
    if option == "waive":
        if r.kind is K.LEAD_OUT_OF_TURN:
            return "Exact no penalty: the lead stands"
        if r.kind is K.WINNING_CARDS_IN_SUCCESSION:
            return "Only the cards are exposed"
        return "Exact no penalty"
    o = seats.name(off, cap=True) if off is not None else "He"
    his = seats.his(off) if off is not None else "his"
    plays = seats.verb(off, "plays", "play")
    words = {
        "new-deal": "A new deal",
        "deal-stands": "The deal stands",
        "with-partner": f"{o} {plays} the hand with {his} partner"
        + (" (the card stands)" if r.kind is K.LONE_PARTNER_PLAYED else ""),
        "alone": f"{o} {plays} it alone (the card goes back)",
        "let-alone": f"{o} {plays} alone",
        "partner-passes": f"{_cap(his)} partner must pass; the bidding goes on",
        "played": f"It shall be played: the trump is made as {seats.name(off) if off is not None else 'he'} said "
        f"({his} partner still must pass: no lone hand for {seats.him((off + 2) % 4) if off is not None else 'him'})",
        "play-out": "The hand is played out; its points are scored after the penalty",
        "stop": "The hand stops here: only the penalty is scored",
    }
    return words.get(option, option)


def chooser_words(r: Ruling, seats: Seats) -> str:
    """Who elects, from the ruling's chooser rule and the seats it gives (Law 85 for a side)."""
    who = tuple(r.choosers)
    if not who:
        return ""
    if r.rule is Chooser.EITHER_SIDE:  # nobody at fault (Law 73): both sides, or either alone, by the option
        if seats.me is None:
            return "Either side may choose: A and C, or B and D (one of them for both)."
        return "Either side may choose: yours or your opponents' (one of you for both)."
    if len(who) == 1:
        seat = who[0]
        why = {Chooser.LONE_PLAYER: " (the lone player)", Chooser.DEALER: " (the dealer)"}.get(
            r.rule or Chooser.NOBODY, ""
        )
        return f"{seats.name(seat, cap=True)}{why} {seats.verb(seat, 'chooses', 'choose')} alone."
    side = who[0] % 2
    if seats.me is None:
        return f"{seats.side(side, cap=True)} choose: one of them, for both, without consulting (law 85)."
    if side == seats.me % 2:
        return "Your side chooses: one of you, for both, without consulting (law 85)."
    return "Your opponents choose: one of them, for both, without consulting (law 85)."


def fact_words(f: Fact, seats: Seats) -> str:
    """A standing effect of a ruling, from the reader's chair.

    >>> fact_words(Fact(Standing.HAND_EXPOSED, seat=2), Seats(me=2, dealer=0))
    'your whole hand is exposed'
    >>> fact_words(Fact(Standing.FORFEITS, side=0, points=2), Seats(me=1, dealer=0))
    'your opponents forfeit 2'
    """
    s = f.seat
    if f.what is Standing.MUST_PASS and s is not None:
        return f"{seats.name(s)} must pass"
    if f.what is Standing.DEALER_PASSES and s is not None:
        return f"{seats.name(s)} (the dealer) {seats.verb(s, 'passes', 'pass')}"
    if f.what is Standing.FORFEITS and f.side is not None:
        verb = "forfeits" if seats.me is not None and f.side == seats.me % 2 else "forfeit"
        return f"{seats.side(f.side)} {verb} {f.points}"
    if f.what is Standing.HAND_EXPOSED and s is not None:
        return f"{seats.his(s)} whole hand is exposed"
    if f.what is Standing.NO_LONE_HAND and s is not None:
        return f"no lone hand for {seats.him(s)}"
    if f.what is Standing.BOUND and isinstance(f.requirement, Requirement):
        return requirement_words(f.requirement, seats)
    if f.what is Standing.UNTIL_CORRECTED and s is not None:
        return f"the card stays played until {seats.he(s)} {seats.verb(s, 'corrects', 'correct')} it (laws 64, 65)"
    if f.what is Standing.REVOKE_COST and f.side is not None:
        score = "scores" if seats.me is not None and f.side == seats.me % 2 else "score"
        return (
            f"if the revoke is established and claimed, {seats.side(f.side)} {score} {f.points} (law 63), and "
            f"{seats.side(1 - f.side)} may have the hand played out (law 70)"
        )
    dealing = _dealing_fact_words(f, seats) or _play_fact_words(f, seats)
    if dealing is not None:
        return dealing
    return f.what.value.replace("-", " ")


_PLAY_PLAIN: dict[Standing, str] = {  # the play's standing effects that name nobody
    Standing.DECLARATION_STANDS: "the declaration stands",
    Standing.DECLARATION_VOID: "the declaration is void",
    Standing.OFFER_VOID: "the offer is void",
    Standing.WITH_PARTNERS: "the hand is played with partners",
    Standing.SCORED_WITH_PARTNERS: "the hand is scored as a hand with partners",
    Standing.LEAD_STANDS: "the lead stands",
    Standing.TURN_UP_EXPOSED: "the turn-up is exposed when the dealer takes it up",
    Standing.CALL_STANDS: "the call stands",
    Standing.CALL_LAPSES: "the call lapses",
    Standing.CALL_REPEATED: "the call is repeated",
    Standing.SCORED_ON_TRICKS: "the deal is scored on the tricks taken",
    Standing.REVOKE_PENALTY: "the penalty of a revoke",
    Standing.NO_PENALTY_EXACTED: "no penalty exacted",
    Standing.LONE_SCORES_FIVE: "the lone player scores five",
    Standing.MARCH_CAPPED: "a march scores 2 at most",
    Standing.EUCHRE_SCORES_FOUR: "a euchre scores 4",
    Standing.CARD_BACK_EXPOSED: "the card goes back on the table, exposed",
    Standing.ADVERSARIES_HANDS_EXPOSED: "both adversaries' hands are exposed",
    Standing.CARD_STANDS: "the card stands",
    Standing.HAND_SCORES_NOTHING: "this hand scores nothing",
    Standing.CONSEQUENT_REVOKE: "a consequent revoke",
    Standing.CORRECTION_OPEN: "the revoke can still be corrected",
    Standing.CORRECTION_CLOSES: "the revoke can no longer be corrected",
    Standing.ERROR_CARD_EXPOSED: "the card played in error is exposed",
    Standing.PENALTY_SCORED: "the penalty is scored",
    Standing.REVOKE_ESTABLISHED: "the revoke is established",
    Standing.TO_BE_CORRECTED: "the revoke is to be corrected",
    Standing.NO_EFFECT: "no effect",
    Standing.NO_FURTHER_PENALTY: "no further penalty",
}


def _play_fact_words(f: Fact, seats: Seats) -> str | None:
    """A standing effect of the play that names nobody, or the offender (from the reader's chair).

    >>> _play_fact_words(Fact(Standing.LAST_CARD_PLAYED, seat=2), Seats(me=2, dealer=0))
    'your last card is played to the trick'
    """
    plain = _PLAY_PLAIN.get(f.what)
    if plain is not None:
        return plain
    if f.what is Standing.CARD_EXPOSED:
        return f"the {f.card.long_name()} is exposed" if f.card is not None else "the card is exposed"
    s = f.seat
    if s is None:
        return None
    his = seats.his(s)
    words = {
        Standing.LAST_CARD_PLAYED: f"{his} last card is played to the trick",
        Standing.TRICK_WITHOUT_HIS_CARD: f"the trick is complete without {his} card",
        Standing.REVOKES_STAND: f"{his} revokes meanwhile stand",
        Standing.CARD_RESTORED: f"the card is restored to {his} hand",
        Standing.SURPLUS_PLAYED: f"{his} surplus card is played to the imperfect trick",
        Standing.WITHDRAWN_BACK: f"the card withdrawn goes back to {his} hand",
    }
    return words.get(f.what)


_DEALING_PLAIN: dict[Standing, str] = {  # the dealing procedure's standing effects that name nobody
    Standing.FRESH_CUT: "a fresh cut",
    Standing.SHUFFLE_AGAIN: "each player may shuffle once again (law 24)",
    Standing.NO_PENALTY: "no penalty",
    Standing.DEAL_STANDS: "the deal stands",
    Standing.DEAL_GOES_ON: "the deal goes on",
    Standing.NOT_CALLED: "the exposed card cannot be called (law 35)",
    Standing.CAN_BE_STOPPED: "the deal can be stopped until the trump card is turned (law 40)",
    Standing.PACKS_EXCHANGED: "the packs are exchanged before the cut",
    Standing.POINTS_STAND: "the points scored on earlier hands stand",
    Standing.SCORE_STANDS: "it can no longer be rectified: the score stands (law 5)",
    Standing.SCORE_RECTIFIED: "the score is rectified (law 5)",
    Standing.NEW_CARDS_NEXT_DEAL: "new cards from the next deal, at the expense of the table (law 72)",
}


def _side_verb(seats: Seats, side: int, third_plural: str, singular: str) -> str:
    """The verb after :meth:`Seats.side`: "your side" is one (``singular``), "B and D" and "your
    opponents" are two."""
    return singular if seats.me is not None and side == seats.me % 2 else third_plural


def _dealing_fact_words(f: Fact, seats: Seats) -> str | None:
    """A standing effect of the shuffle, the cut or the deal from the reader's chair (None: not one).

    >>> _dealing_fact_words(Fact(Standing.DEAL_LOST, seat=1), Seats(me=1, dealer=0))
    'the deal is lost: you deal'
    >>> _dealing_fact_words(Fact(Standing.RECLAIM, side=1), Seats(me=3, dealer=0))
    'your side reclaims its own cards at the end of the deal'
    """
    plain = _DEALING_PLAIN.get(f.what)
    if plain is not None:
        return plain
    s, side = f.seat, f.side
    if s is not None:
        name, he = seats.name(s), seats.he(s)
        words = {
            Standing.DEAL_LOST: f"the deal is lost: {name} {seats.verb(s, 'deals', 'deal')}",
            Standing.DEALS: f"{name}, whose deal it is, {seats.verb(s, 'deals', 'deal')}",
            Standing.NEW_DEAL: f"a new deal: {name} {seats.verb(s, 'deals', 'deal')} again",
            Standing.MAY_DEAL_AGAIN: f"should {name} misdeal, {he} may deal again (law 44)",
            Standing.PAYS: f"{name} {seats.verb(s, 'pays', 'pay')} for the new packs",
            Standing.MAY_TOUCH: f"{name} may touch {seats.his(s)} cards without losing the dealer’s privilege (law 36)",
            Standing.MISDEAL_NOT_LOST: f"should {name} misdeal, {he} {seats.verb(s, 'does', 'do')} not lose the deal "
            "(law 43)",
            Standing.MISDEAL_LOST: f"should {name} misdeal, {he} {seats.verb(s, 'loses', 'lose')} the deal, "
            "whatever the other side does (law 43)",
        }
        if f.what in words:
            return words[f.what]
    if f.what is Standing.PAYS:
        return "the table pays for the new packs (law 73)"
    if side is not None:
        who = seats.side(side)
        one = seats.me is not None and side == seats.me % 2
        words = {
            Standing.RECLAIM: f"{who} {'reclaims its' if one else 'reclaim their'} own cards at the end of the deal",
            Standing.MUST_ELECT: f"{who} must now elect",
            Standing.PRIVILEGE_KEPT: f"the other side touched the cards first: {who} "
            f"{_side_verb(seats, side, 'keep', 'keeps')} the right to claim a new deal (law 36)",
            Standing.PRIVILEGE_LOST: f"{who} can no longer claim a new deal for a card the other side exposes",
            Standing.ADVERSARIES_MAY_TOUCH: f"{who} may touch {'its' if one else 'their'} cards without losing the "
            "right to a new deal (law 36)",
        }
        if f.what in words:
            return words[f.what]
    return None


def effect_words(e: fx.Effect, seats: Seats) -> str:
    """One typed effect of an election, in words from the reader's chair."""
    if isinstance(e, fx.CardTakenBack):
        return f"{seats.name(e.seat)} {seats.verb(e.seat, 'takes', 'take')} back the {e.card.long_name()}"
    if isinstance(e, fx.Bound):
        return requirement_words(e.requirement, seats, e.next_trick)
    if isinstance(e, fx.RulingFollows):
        return headline(e.ruling, seats).rstrip(".")
    if isinstance(e, fx.NewDeal):
        return "there must be a new deal"
    if isinstance(e, fx.HandEnds):
        return "the hand stops here"
    if isinstance(e, fx.Scored):
        return _scored([e], seats)
    if isinstance(e, fx.NextPlays):
        verb = ("leads", "lead") if e.leads else ("plays", "play")
        return f"then {seats.name(e.seat)} {seats.verb(e.seat, *verb)}"
    if isinstance(e, fx.NextSpeaks):
        return f"then {seats.name(e.seat)} {seats.verb(e.seat, 'speaks', 'speak')}"
    if isinstance(e, fx.NextDiscards):
        return f"then {seats.name(e.seat)} {seats.verb(e.seat, 'discards', 'discard')}"
    return f"not here: {e.reason} (law{'s' if len(e.laws) > 1 else ''} {', '.join(map(str, e.laws))})"


def _scored(entries: list[fx.Scored], seats: Seats) -> str:
    parts = []
    for e in entries:
        if not e.points:
            parts.append(e.what)
        else:
            verb = "scores" if seats.me is not None and e.side == seats.me % 2 else "score"
            parts.append(f"{seats.side(e.side)} {verb} {e.points} for the {e.what}")
    return "; ".join(parts)


def _election_effects(effects: tuple[fx.Effect, ...], seats: Seats) -> list[str]:
    out: list[str] = []
    scored = [e for e in effects if isinstance(e, fx.Scored)]
    for e in effects:
        if isinstance(e, fx.Scored):
            if e is scored[0]:
                out.append("scored: " + _scored(scored, seats))
            continue
        out.append(effect_words(e, seats))
    return out


def _any_suit(effects: tuple[fx.Effect, ...]) -> tuple[fx.Effect, ...]:
    """The election of a suit call was made naming hearts: its effect is the same for every suit."""
    return tuple(
        replace(e, requirement=replace(e.requirement, suit=None))
        if isinstance(e, fx.Bound) and e.requirement.kind is Call.LEAD_SUIT
        else e
        for e in effects
    )


# the options whose label is the call they make (Laws 47, 59, 83, 89: "X must win the trick if he can"): the
# call is not said again among the option's effects
_LABEL_IS_THE_CALL = {
    "win": Call.WIN,
    "win-next": Call.WIN,
    "lose": Call.LOSE,
    "highest": Call.HIGHEST,
    "lowest": Call.LOWEST,
}


def _not_the_label(option: str, effects: tuple[fx.Effect, ...]) -> tuple[fx.Effect, ...]:
    """An option's effects without the one its label already says (typed: the call of the option's kind)."""
    call = _LABEL_IS_THE_CALL.get(option)
    return tuple(e for e in effects if not (isinstance(e, fx.Bound) and e.requirement.kind is call))


def ruling_now(state: Director | Any, law: int | None = None) -> tuple[Ruling | None, list[Ruling]]:
    """The ruling in force at this moment, and the earlier rulings of the hand citing ``law``.

    ``state``: the play's :class:`Director` or the dealing procedure (any state of a
    :class:`~euchre_core.laws.procedure.Procedure` with its rulings and log). The pending election first; else a ruling made by the last event; else the last ruling citing
    the law (Law 53: the ruling on the false lead, now standing); else the last ruling.
    """
    rulings = list(state.rulings)
    if not rulings:
        return None, []
    if state.pending is not None:
        now = rulings[state.pending]
    else:
        last = len(state.log) - 1
        made = [r for r in rulings if r.event == last]
        citing = [r for r in rulings if law is not None and law in r.laws]
        now = made[-1] if made else citing[-1] if citing else rulings[-1]
    earlier = [r for r in rulings if r is not now and law is not None and law in r.laws]
    return now, earlier


def _standing(r: Ruling, seats: Seats) -> list[str]:
    """A ruling's standing effects: its typed facts in words (the engine's ``effects`` are the CLI's letters,
    never shown here: every ruling that states an effect carries its facts, ``tests/test_ruling_voice_dealing``)."""
    return [fact_words(f, seats) for f in r.facts]


def _blank_moment(**fields: Any) -> dict[str, Any]:
    """A moment's fields (the same for the play's, the deal's and the club's), ``fields`` given."""
    out: dict[str, Any] = {
        "status": "none",
        "headline": "",
        "text": "",
        "kind": None,
        "offender": None,
        "who_chooses": "",
        "choosers": [],
        "options": [],
        "effects": [],
        "next": "",
        "earlier": [],
        "reading": None,
        "laws": [],
        "seats": {},
    }
    out.update(fields)
    return out


def _ruling_fields(r: Ruling, seats: Seats) -> dict[str, Any]:
    """The fields of a moment that its ruling gives: the headline, the engine's text, the kind, the
    offender, the standing effects (its facts) and the reading."""
    return {
        "headline": headline(r, seats),
        "text": r.text,
        "kind": r.kind.value if r.kind is not None else None,
        "offender": SEAT_NAMES[r.offender] if r.offender is not None else None,
        "effects": _standing(r, seats),
        "reading": r.reading,
    }


def _earlier(rulings: list[Ruling], seats: Seats, laws: set[int]) -> list[dict[str, Any]]:
    """The earlier rulings citing the law, in words (their laws added to ``laws``)."""
    for r in rulings:
        laws.update(r.laws)
    return [{"headline": headline(r, seats), "text": r.text, "laws": list(r.laws)} for r in rulings]


def moment(
    state: Director, law: int | None = None, me: int | None = None, ruling: Ruling | None = None
) -> dict[str, Any]:
    """The ruling at this moment, in words from the reader's chair (``me``: his seat, or None for the
    book's letters): ``status`` (``"choose"``: an election is open; ``"stands"``: nothing can be
    rectified; ``"ruled"``: the ruling applies with no election; ``"none"``), ``headline``, the
    engine's ``text`` (the book's letters, shown as such), ``who_chooses`` (and ``choosers``: the
    seats, typed), each option with its ``effect`` (the typed effects of the election, in words),
    ``effects``, ``next`` and every law cited (``laws``). ``ruling``: tell that ruling of the state (the
    live game's, which keeps an adversary's unclaimed revoke from the reader), not the one in force."""
    seats = Seats(me, state.deal.dealer)
    now, earlier = ruling_now(state, law) if ruling is None else (ruling, [])
    laws: set[int] = set()
    nxt = fx.next_to_act(state)
    out = _blank_moment(
        next=effect_words(nxt[0], seats) if nxt else "",
        seats={SEAT_NAMES[s]: seats.marked(s) for s in range(state.n)},
    )
    if now is None:
        return out
    laws.update(now.laws)
    laws.update(n for f in now.facts for n in f.laws)  # a standing effect's own laws (law 62's cost: 63, 70)
    out.update(_ruling_fields(now, seats))
    if now.needs_choice and state.pending is not None and state.rulings[state.pending] is now:
        out["status"] = "choose"
        out["who_chooses"] = chooser_words(now, seats)
        out["choosers"] = [SEAT_NAMES[c] for c in now.choosers]
        outcomes = dict(fx.option_outcomes(state))
        options = []
        for o in now.options:
            laws.update(o.laws)
            effect = _election_effects(_not_the_label(o.id, _any_suit(outcomes.get(o.id, ()))), seats)
            label = option_label(now, o.id, seats, state.deal.dealer)
            options.append({"id": o.id, "label": label, "laws": list(o.laws), "effect": effect})
        out["options"] = options
    elif now.chosen == "stands":  # Law 53: all three followed the false lead
        out["status"] = "stands"
        out["headline"] += " All three followed: the trick stands (law 53)."
        laws.add(53)
    else:
        out["status"] = "ruled"
        if now.chosen is not None and any(o.id == now.chosen for o in now.options):
            label = option_label(now, now.chosen, seats, state.deal.dealer)
            out["effects"] = [f"elected: {label}", *out["effects"]]
    out["earlier"] = _earlier(earlier, seats, laws)
    score = state.result()
    if score["complete"] or score["entries"]:
        entries = [
            fx.Scored("ABCD".index(e["side"][0]) % 2, int(e["points"] or 0), str(e["what"]), tuple(e["laws"]))
            for e in score["entries"]
        ]
        words = _scored(entries, seats)
        if words:
            out["score"] = "Scored: " + words + "."
        for e in score["entries"]:
            laws.update(e["laws"])
    out["laws"] = sorted(laws)
    return out


def election_value_words(r: Ruling, chosen: str, values: dict[str, float], seats: Seats, dealer: int) -> str:
    """An engine side's election with what each election was worth to it (points for the side less the
    other side's, the hand played out under it): ``values`` by election (``"call-suit H"`` for a suit).

    >>> from euchre_core.laws.rulings import Ruling, Irregularity, Option
    >>> r = Ruling("", (52,), "", offender=2, chooser=1, kind=Irregularity.LEAD_OUT_OF_TURN, card=Card.parse("KC"),
    ...            options=(Option("call-card", "", (52,)), Option("waive", "", (52,))))
    >>> election_value_words(r, "call-card", {"call-card": 2.0, "waive": -1.0}, Seats(2, 0), 0)[:70]
    'Your opponents chose “Call the king of clubs”, worth +2 points to them'
    """

    def label(election: str) -> str:
        option, _, suit = election.partition(" ")
        words = option_label(r, option, seats, dealer)
        return f"{words} ({Suit.parse(suit).word})" if suit else words

    side = seats.side(r.chooser if r.chooser is not None else 0, cap=True)
    ranked = sorted((k for k in values if k != chosen), key=lambda k: -values[k])[:2]
    others = "; ".join(f"{label(k)}: {_points(values[k])}" for k in ranked)
    return (
        f"{side} chose “{label(chosen)}”, worth {_points(values[chosen])} to them, the hand played out under it"
        + (f" (next best: {others})" if others else "")
        + "."
    )


def _points(value: float) -> str:
    """``+1 point``, ``-2 points``."""
    return f"{value:+g} point{'' if abs(value) == 1 else 's'}"


def dealing_option_label(r: Ruling, option: str, seats: Seats, dealer: int) -> str:
    """An option of the shuffle's, the cut's or the deal's rulings, from the ruling's kind and the option's
    id (never its English).

    >>> from euchre_core.laws.rulings import Ruling, Irregularity
    >>> r = Ruling("", (41, 42, 44), "", offender=0, kind=Irregularity.MISDEAL_AFTER_INTERRUPTION)
    >>> dealing_option_label(r, "deal-again", Seats(me=0, dealer=0), 0), dealing_option_label(r, "pass-deal", Seats(None, 0), 0)
    ('You deal again', 'The deal passes to B')
    """
    d = seats.name(dealer, cap=True)
    deals = seats.verb(dealer, "deals", "deal")
    exposed = r.kind is K.CARD_EXPOSED_DEALING
    words = {
        "reshuffle": f"{d} must shuffle again",
        "waive": "Let the pack be cut as it is",
        "new-deal": "A new deal by the same dealer" if exposed else "A new deal",
        "deal-stands": "The deal goes on; the exposed card cannot be called"
        if exposed
        else "The deal goes on with these cards; each side reclaims its own at the end of the deal",
        "pack-1": f"{d} {deals} with the first new pack",
        "pack-2": f"{d} {deals} with the second new pack",
        "deal-again": f"{d} {deals} again",
        "pass-deal": f"The deal passes to {seats.name((dealer + 1) % 4)}",
        "replace": "Replace the card: both sides must agree",
        "new-cards": "New cards at the expense of the table (either side may call for them)",
    }
    return words.get(option, option.replace("-", " ").capitalize())


_DEALING_OUTCOMES = {  # the dealing procedure's typed outcome (Outcome.kind) with the seat that deals next
    "deal-stands": "the deal stands",
    "new-deal": "a new deal: {name} {deals} again",
    "deal-lost": "the deal is lost: {name} {deals}",
    "deal-stopped": "{name}, whose deal it is, {deals}",
    "fresh-cut": "a fresh cut",
}


def dealing_outcome_words(kind: str, dealer: int, seats: Seats) -> str:
    """How the dealing ended, from the reader's chair.

    >>> dealing_outcome_words("deal-lost", 1, Seats(me=0, dealer=0))
    'the deal is lost: the player on your left deals'
    """
    return _DEALING_OUTCOMES[kind].format(name=seats.name(dealer), deals=seats.verb(dealer, "deals", "deal"))


def _dealing_option_effects(state: Any, r: Ruling, option: str, seats: Seats) -> list[str]:
    """What an election of the dealing leads to: the procedure told the election, and its outcome or new
    ruling read from the typed values."""
    side = SEAT_NAMES[r.choosers[0] % 2] + SEAT_NAMES[r.choosers[0] % 2 + 2] if r.choosers else "AC"
    try:
        after = state.act(f"{side}: choose {option}")
    except (IllegalAction, ValueError):
        return []
    o = after.outcome
    if o is not None:
        return [dealing_outcome_words(o.kind, o.dealer, seats)]
    if len(after.rulings) > len(state.rulings):
        new = after.rulings[-1]
        return [headline(new, seats).rstrip(".")] + [fact_words(f, seats) for f in new.facts]
    if after.new_packs > state.new_packs:  # Law 72: the pack chosen is shuffled and cut as any other
        return ["the players shuffle the new pack, and it is cut, as usual"]
    if getattr(after, "must_reshuffle", False):
        return [f"{seats.name(state.dealer)} {seats.verb(state.dealer, 'shuffles', 'shuffle')} again; then the cut"]
    if option == "replace":
        return ["once both sides agree, the card is replaced and the deal goes on"]
    return []


# the refusals of the dealing procedure, by the act refused and the law that forbids it: from the chair
_DEALING_REFUSALS: dict[tuple[str, int], str] = {
    ("shuffle", 24): "{Off} {has} shuffled already: each player shuffles once only",
    ("shuffle", 25): "{Off} may not shuffle first: the dealer’s partner has the first right to shuffle",
    ("shuffle", 27): "The dealer shuffles last",
    ("cut", 30): "{Off} {has} separated the pack: {he} can neither shuffle again nor cut again",
    ("cut", 29): "The player on the dealer’s right cuts the pack",
    ("shuffle", 23): "The pack is not shuffled during the play of a hand",
}


def _refusal_template(table: dict[tuple[str, int], str], verb_: str, laws: tuple[int, ...]) -> str | None:
    """The chair's template for an act refused, by the act and the first law forbidding it that has one."""
    return next((table[(verb_, n)] for n in laws if (verb_, n) in table), None)


def dealing_refusal_words(verb_: str, seat: int | None, error: IllegalAction, seats: Seats) -> str:
    """A dealing act the laws forbid, from the reader's chair (the act's verb and the law, typed); the
    engine's reason, in the book's letters, where no template is written for it."""
    template = _refusal_template(_DEALING_REFUSALS, verb_, error.laws)
    if template is None or seat is None:
        return refusal_words(error, None, seats.dealer)
    words = template.format(Off=seats.name(seat, cap=True), has=seats.verb(seat, "has", "have"), he=seats.he(seat))
    return f"{words} {_laws(list(error.laws))}."


def dealing_moment(state: Any, law: int | None = None, me: int | None = None) -> dict[str, Any]:
    """The ruling of the shuffle, the cut or the deal at this moment (a
    :class:`~euchre_core.laws.dealing.DealingProcedure`), in words from the reader's chair: the same
    fields as :func:`moment`.

    >>> from euchre_core.app.dealing_sandbox import dealing_start_state
    >>> m = dealing_moment(dealing_start_state(44), 44, me=0)
    >>> m["headline"], m["who_chooses"], [o["label"] for o in m["options"]]
    ('You misdealt, after the other side interrupted the deal with a claim that failed.', 'You (the dealer) choose alone.', ['You deal again', 'The deal passes to the player on your left'])
    """
    seats = Seats(me, state.dealer)
    now, earlier = ruling_now(state, law)
    out = _blank_moment(seats={SEAT_NAMES[s]: seats.marked(s) for s in range(4)})
    o = state.outcome
    if now is None:
        if o is not None:
            out.update(
                {
                    "status": "ruled",
                    "headline": _cap(dealing_outcome_words(o.kind, o.dealer, seats)) + ".",
                    "laws": sorted(o.laws),
                }
            )
        return out
    laws: set[int] = set(now.laws) | {n for f in now.facts for n in f.laws}
    out.update(_ruling_fields(now, seats))
    if now.needs_choice and state.pending is not None and state.rulings[state.pending] is now:
        out["status"] = "choose"
        out["who_chooses"] = chooser_words(now, seats)
        out["choosers"] = [SEAT_NAMES[c] for c in now.choosers]
        out["options"] = [
            {
                "id": opt.id,
                "label": dealing_option_label(now, opt.id, seats, state.dealer),
                "laws": list(opt.laws),
                "effect": _dealing_option_effects(state, now, opt.id, seats),
            }
            for opt in now.options
        ]
        laws.update(n for opt in now.options for n in opt.laws)
    else:
        out["status"] = "ruled"
        if now.chosen is not None:
            out["effects"] = [f"elected: {dealing_option_label(now, now.chosen, seats, state.dealer)}", *out["effects"]]
            if o is not None:
                out["effects"].append(dealing_outcome_words(o.kind, o.dealer, seats))
    out["earlier"] = _earlier(earlier, seats, laws)
    out["laws"] = sorted(laws)
    return out


# ------------------------------------------------------------------ the club's tables (Laws 10, 15-21)
class Names:
    """The club's members by name, or "you" for the reader (``reader``: his name, None for names only).

    >>> n = Names("Bell")
    >>> n.group(("Ames", "Bell")), n.verb(("Bell",), "claims", "claim"), n.he("Bell"), n.he("Ames")
    ('Ames and you', 'claim', 'you', 'he')
    """

    def __init__(self, reader: str | None) -> None:
        self.reader = reader

    def name(self, who: str, cap: bool = False) -> str:
        if who != self.reader:
            return who
        return "You" if cap else "you"

    def group(self, names: tuple[str, ...] | list[str]) -> str:
        """Names together, the reader last ("Ames, Cole and you"); by commas when no reader is named."""
        if self.reader is None or self.reader not in names:
            return ", ".join(names)
        shown = [n for n in names if n != self.reader] + [n for n in names if n == self.reader]
        words = [self.name(n) for n in shown]
        return ", ".join(words[:-1]) + " and " + words[-1] if len(words) > 1 else "".join(words)

    def verb(self, names: tuple[str, ...] | list[str], one: str, many: str) -> str:
        """The verb for these names: ``many`` for several, or for the reader alone ("you claim")."""
        return many if len(names) != 1 or names[0] == self.reader else one

    def he(self, who: str) -> str:
        return "you" if who == self.reader else "he"

    def his(self, who: str) -> str:
        return "your" if who == self.reader else "his"


def club_cut_words(table: str | None, r: Any, names: Names) -> tuple[str, str]:
    """A cut (:class:`~euchre_core.laws.entry.CutRecord`) in words: who cut which card (a void cut said so,
    Law 10) and the result; ``(title, text)``."""
    draws = ", ".join(
        f"{names.name(d.name)} the {d.card.long_name()}"
        + (
            f" (more than one card exposed: void, {names.he(d.name)} {names.verb((d.name,), 'cuts', 'cut')} again)"
            if d.void
            else ""
        )
        for d in r.draws
    )
    result = ""
    if r.dealer is not None:  # cutting for the table (Laws 11-14)
        pairs = " and ".join("-".join(names.name(n) for n in p) for p in r.partners)
        result = f" {names.name(r.dealer, cap=True)} {names.verb((r.dealer,), 'deals', 'deal')}; partners {pairs}."
    elif r.high or r.low:
        result = f" Highest: {names.group(r.high)}; lowest: {names.group(r.low)}."
    elif r.result:  # a cut to be made again (a tie, a void cut)
        result = " Cut again."
    return f"cut at {table or 'the club'}: {r.purpose}", _cap(f"cut: {draws}.{result}")


def club_record_words(r: Any, reader: str | None = None) -> tuple[str, str]:
    """One typed record of the club (:class:`~euchre_core.laws.club_procedure.ClubRecord`) in words, the
    reader (his name) as "you": ``(title, text)``.

    >>> from euchre_core.laws.club_procedure import ClubRecord, ClubTopic
    >>> r = ClubRecord(3, ClubTopic.LEFT_BOUND, (19,), "T1", names=("Cole", "Eddy"))
    >>> club_record_words(r, "Cole")[1]
    'You leave T1 after one of your two rubbers: Eddy, next in order, takes your place and must go out at the end of one rubber (Law 19).'
    """
    from ..laws.club_procedure import ClubTopic as T

    w = Names(reader)
    t, n, o = r.table, r.names, r.others
    if r.topic is T.CUT:
        return club_cut_words(t, r.cut, w)
    if r.topic is T.FORMED:
        text = (
            f"{w.group(o)} play; {w.group(n)} {w.verb(n, 'belongs', 'belong')} to {t} and "
            f"{w.verb(n, 'waits', 'wait')} for entrance (Law 12)."
        )
        return "the table formed", _cap(text)
    if r.topic is T.TOOK_PLACE:
        return "entry", f"{w.name(n[0], cap=True)} {w.verb(n[:1], 'takes', 'take')} the vacant place at {t}."
    if r.topic is T.DECLARED:
        return "entry", (
            f"{w.name(n[0], cap=True)} declared {w.his(n[0])} intention to enter {t} in time, before any card was "
            f"cut for a new rubber or for cutting out: {w.he(n[0])} {w.verb(n[:1], 'belongs', 'belong')} to the "
            "table (Law 16)."
        )
    if r.topic is T.SUBSTITUTE_ENDS:
        poss = "Your" if n[0] == reader else f"{n[0]}'s"
        return "the substitute", (
            f"{poss} appointment ends with the rubber: {w.name(n[1])} {w.verb(n[1:2], 'plays', 'play')} again (Law 18)."
        )
    if r.topic is T.RUBBER_ENDED:
        counts = ", ".join(f"{w.name(p)} {k}" for p, k in r.counts)
        text = f"The rubber at {t} is over. Consecutive rubbers played: {counts} (Law 15)." + (
            " Candidates waiting: " + w.group(n) + "." if n else ""
        )
        return "the rubber ended", text
    if r.topic is T.CUT_OUT:
        text = (
            f"{w.group(n)} {w.verb(n, 'claims', 'claim')} admission and {w.verb(n, 'enters', 'enter')}; "
            f"{w.group(o)} {w.verb(o, 'goes', 'go')} out, having played the greater number of consecutive rubbers "
            "or cut lowest (Law 15)"
        )
        if r.bound:
            text += (
                f"; {w.group(r.bound)} took a leaver's place and {w.verb(r.bound, 'goes', 'go')} out at the end of "
                "one rubber (Law 19)"
            )
        return "cutting out", _cap(text) + "."
    if r.topic is T.SUBSTITUTED:
        return "a substitute", (
            f"{w.name(n[0], cap=True)} {w.verb(n[:1], 'plays', 'play')} for {w.name(n[1])} for the rest of this "
            "rubber, with the consent of the other three (Law 18)."
        )
    if r.topic is T.LEFT_BOUND:
        return "leaving", (
            f"{w.name(n[0], cap=True)} {w.verb(n[:1], 'leaves', 'leave')} {t} after one of {w.his(n[0])} two "
            f"rubbers: {w.name(n[1])}, next in order, {w.verb(n[1:2], 'takes', 'take')} {w.his(n[0])} place and "
            "must go out at the end of one rubber (Law 19)."
        )
    if r.topic is T.LEFT:
        return "leaving", f"{w.name(n[0], cap=True)} {w.verb(n[:1], 'leaves', 'leave')} {t}."
    title = {T.OPENED: "open table", T.CUT_INTO: "cut into", T.BROKE_UP: "break up"}[r.topic]
    x = r.who
    if x is None:  # a record made before the club typed its notes
        return title, r.said
    lost = "".join(
        f"; {w.name(p)} {w.verb((p,), 'loses', 'lose')} {w.his(p)} right of re-entry into {home} (Law 20)"
        for p, home in x.lost
    )
    if r.topic is T.OPENED:
        text = (
            f"{t}: "
            + (f"{w.group(x.first)} had the prior right of entry (Law 17)" if x.first else "no fresh candidate")
            + (f"; {w.group(x.cut_in)} cut in" if x.cut_in else "")
            + (f"; {w.group(x.cut_out)} cut out" if x.cut_out else "")
            + lost
        )
        return title, text
    if r.topic is T.CUT_INTO:
        who = x.first[0]
        text = f"{w.name(who, cap=True)} declared for {x.place}"
        if x.lost:
            text += f": {w.he(who)} {w.verb((who,), 'loses', 'lose')} {w.his(who)} right of re-entry into {x.lost[0][1]} (Law 20)"
        return title, text
    who = x.first[0]
    return title, (
        f"{w.name(who, cap=True)} broke up {t}: "
        + (
            f"{w.group(x.cut_in)} {w.verb(x.cut_in, 'enters', 'enter')} {x.place}"
            if x.cut_in
            else f"no place at {x.place}"
        )
        + (" (precedence by cutting)" if x.by_cut else "")
        + " (Law 21)"
    )


# the club's ops the laws forbid, by the op and the law that forbids it: from the reader's chair
_CLUB_REFUSALS: dict[tuple[str, int], str] = {
    ("declare", 16): "{Name} declared too late: a card has been cut for the new rubber or for cutting out",
    ("substitute", 18): "{Name} cannot leave the rubber to a substitute without the consent of the other three players",
    ("open_table", 20): "{Name} {is} playing a rubber: {he} cannot cut into another table before it ends, and "
    "can leave only by appointing a substitute",
    ("cut_into", 18): "{Name} {is} playing a rubber: {he} can leave only by appointing a substitute",
}


def club_moment(
    proc: Any,
    law: int,
    reader: str | None = None,
    refused: Any = None,
    error: IllegalAction | None = None,
    actor: str | None = None,
) -> dict[str, Any]:
    """The club at a moment (a :class:`~euchre_core.laws.club_procedure.ClubProcedure`), for the law asked
    about, the reader (his name) as "you": the same fields as :func:`moment`. ``refused``/``error``: the op
    the laws forbid there (a :class:`~euchre_core.laws.club_procedure.ClubOp`) and the engine's refusal;
    ``actor``: the member who made it (the reader, or named).

    >>> from euchre_core.laws.club_procedure import ClubProcedure
    >>> p = ClubProcedure().replay([{"op": "form", "table": "T1", "candidates": ["Ames", "Bell", "Cole", "Dunn"],
    ...                              "seed": 10, "exposed": {"Bell": 2}}])
    >>> club_moment(p, 10, "Bell")["headline"].split(". ")[0]
    'Cut: Ames the knave of clubs, you the ace of diamonds (more than one card exposed: void, you cut again), you the 8 of spades, Cole the 10 of diamonds, Dunn the knave of spades'
    """
    citing = [r for r in proc.records if law in r.laws]
    lines = [club_record_words(r, reader)[1] for r in citing]
    laws = sorted({law, *(n for r in citing for n in r.laws)})
    out = _blank_moment(
        status="ruled",
        headline=lines[-1] if lines else "",
        offender=reader,
        earlier=[{"headline": x, "text": "", "laws": []} for x in lines[:-1]],  # each line cites its laws
        laws=laws,
    )
    if refused is not None and error is not None:
        template = _refusal_template(_CLUB_REFUSALS, refused.verb, error.laws)
        who = reader or actor
        if template is not None and who is not None:
            w = Names(reader)
            words = template.format(Name=w.name(who, cap=True), he=w.he(who), **{"is": w.verb((who,), "is", "are")})
        else:
            words = error.reason[:1].upper() + error.reason[1:]
        out.update(
            {
                "status": "refused",
                "headline": f"{words} {_laws(list(error.laws))}.",
                "text": error.reason,
                "earlier": [{"headline": x, "text": "", "laws": []} for x in lines],
                "laws": sorted({*laws, *error.laws}),
            }
        )
    return out


_STATUS = {
    "stands": ("dg-status dg-final", "Nothing can be rectified: no penalty, no election. Play goes on."),
    "refused": ("dg-status dg-final", "The laws forbid it outright: it cannot be done."),
    "ruled": ("dg-status", "No election: the laws apply it at once."),
}


def _laws(numbers: list[int]) -> str:
    return f"(law{'s' if len(numbers) > 1 else ''} {', '.join(map(str, numbers))})"


def ruling_html(r: dict[str, Any]) -> str:
    """The guide's ruling as an HTML fragment (the inside of its ``.dg-ruling`` box), from a
    :func:`moment`: rendered once per chair at build time; the page swaps the fragments."""
    e = escape
    parts = [f'<p class="dg-headline"><strong>{e(r["headline"])}</strong></p>']
    status = _STATUS.get(r["status"])
    if status:
        parts.append(f'<p class="{status[0]}">{status[1]}</p>')
    if r.get("effects"):
        parts.append(f'<p class="dg-effects"><strong>Then:</strong> {e("; ".join(r["effects"]))}.</p>')
    if r.get("options"):
        parts.append(f'<p class="dg-who-chooses"><strong>{e(r["who_chooses"])}</strong> The options:</p>')
        items = []
        for o in r["options"]:
            effect = f" — {e('; '.join(o['effect']))}." if o["effect"] else ""
            items.append(
                f'<li><strong>{e(o["label"])}</strong>{effect} <span class="dg-laws">{_laws(o["laws"])}</span></li>'
            )
        parts.append('<ol class="dg-options">\n' + "\n".join(items) + "\n</ol>")
    if r.get("score"):
        parts.append(f'<p class="dg-score">{e(r["score"])}</p>')
    if r.get("next"):
        parts.append(f'<p class="dg-next">{e(_cap(r["next"]))}.</p>')
    before = "Earlier in the hand:" if r.get("source") == "play" else "Before that:"  # the deal, the club: no hand yet
    for x in r.get("earlier") or []:
        cite = f' <span class="dg-laws">{_laws(x["laws"])}</span>' if x["laws"] else ""  # the club's cite their own
        parts.append(f'<p class="dg-earlier">{before} {e(x["headline"])}{cite}</p>')
    parts.append(f'<p class="dg-cites">Laws cited: {", ".join(map(str, r["laws"]))}.</p>')
    if r.get("seats"):  # the play's and the deal's (the club's members are named: no seats)
        seats = " · ".join(s if n == s else f"{s}: {e(n)}" for s, n in r["seats"].items())
        parts.append(f'<p class="dg-seats" data-search-exclude>In the example A deals. {seats}</p>')
    if r.get("text") and r.get("source") != "table":
        parts.append(
            '<details class="dg-engine"><summary>The engine&#x27;s ruling, in the book&#x27;s letters</summary>'
            f"<p>{e(r['text'])}</p></details>"
        )
    return "\n".join(parts)


def refusal_words(error: IllegalAction, me: int | None, dealer: int) -> str:
    """The engine's refusal of an act, with the law that forbids it. The reason is the engine's
    (the book's letters: it names no chair), shown as written."""
    laws = ", ".join(map(str, error.laws))
    cite = f" (law{'s' if len(error.laws) > 1 else ''} {laws})" if error.laws else ""
    return f"The engine refuses it: {error.reason}{cite}."
