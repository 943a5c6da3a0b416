"""The ruling at a moment of the play, in words from a reader's chair.

:func:`moment` reads the director's state *now*: the ruling in force, whether it still needs an
election, who makes it, each option with its effect (found by making the election in the engine and
comparing the states: what is called, who takes back what, who plays next, the points), and what
happens next. The director's guide (:mod:`euchre_core.app.situations`), the law page's example and
the penalty sandbox (:func:`euchre_core.app.sandbox.view`) all show this one call.

A player says who did it relative to himself (:data:`WHO`); the seats are then named from his chair
("the player on your left must …", "your side chooses …"), with the dealer marked. Presentation only:
every decision is the director's, read from typed values (the ruling's
:class:`~euchre_core.laws.rulings.Irregularity`, the requirements' :class:`~euchre_core.laws.director.Call`,
the option ids).

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

import re
from typing import Any

from ..kernel.cards import Card, Suit
from ..kernel.deal import SEAT_NAMES
from ..kernel.errors import EuchreError
from ..laws.director import Call, Director, Phase, Requirement
from ..laws.rulings import Irregularity as K
from ..laws.rulings import Ruling

__all__ = [
    "WHO",
    "Seats",
    "reader_seat",
    "requirement_words",
    "headline",
    "ruling_now",
    "moment",
    "plain_option",
    "seat_phrase",
]

# who did it, relative to the reader: the offender sits this many places to the reader's left
WHO: dict[str, int] = {"me": 0, "left": 1, "partner": 2, "right": 3}


def plain_option(text: str) -> str:
    """An option's words for a reader, without the sandbox's own command in them (presentation only:
    the ruling's JSON keeps its ``id`` and ``text``).

    >>> plain_option("Call a suit (name it: 'call-suit H') from him or his partner at their next lead")
    'Call a suit from him or his partner at their next lead'
    """
    return re.sub(r"\s*\(name it: '[^']*'\)", "", text)


def reader_seat(offender: int, who: str) -> int:
    """The reader's seat, given the offender's and who did it relative to the reader.

    >>> reader_seat(2, "me"), reader_seat(2, "left"), reader_seat(2, "partner"), reader_seat(2, "right")
    (2, 1, 0, 3)
    """
    return (offender - WHO[who]) % 4


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


def requirement_words(req: Requirement, seats: Seats) -> str:
    """What a call binds a player to, from the reader's chair (the kernel's :meth:`Requirement.describe`
    in other words)."""
    who = seats.pair(req.seat) if req.or_partner else seats.name(req.seat)
    if req.kind is Call.PLAY_CARD:
        return f"{who} must play the {_card(req.card)} at the first lawful opportunity"
    if req.kind is Call.LEAD_SUIT:
        suit = Suit(req.suit).word if req.suit is not None else "the suit called"
        return f"{who} must lead {suit} at the next lead" + (" of either" if req.or_partner else "")
    if req.kind in (Call.HIGHEST, Call.LOWEST):
        return f"{who} must play {seats.his(req.seat)} {req.kind.value} of the suit led"
    return f"{who} must {req.kind.value} the trick if {seats.he(req.seat)} can"


# The headline of a ruling, by its typed kind: {off} the offender, {Off} capitalised, {card}, {proper}
# (the seat whose turn it was). A kind without a line here is named by its label.
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
    K.DETACHED_CARD_NAMED: "A card held apart from the hand was named by an opponent.",
    K.WRONG_CARD_NAMED: "An opponent named a detached card wrongly.",
    K.WINNING_CARDS_IN_SUCCESSION: "{Off} led again, or played winning cards in succession, before the others played.",
    K.CALL_NOT_OBEYED: "{Off} did not obey the call.",
    K.CALLED_CARD_NOT_PLAYED: "{Off} did not play the called card.",
    K.CALLED_SUIT_NOT_HELD: "{Off} has none of the suit called: the penalty is paid.",
    K.THIRD_BEFORE_SECOND: "{Off}, third hand, played before the second hand.",
    K.FOURTH_BEFORE_PARTNER: "{Off}, fourth hand, played before {his} partner.",
    K.CARD_OMITTED: "{Off} did not play to an earlier trick.",
    K.PARTNERS_QUESTION: "{Off} asked {his} partner whether he has none of the suit.",
    K.QUESTION_ANSWERED: "The partner's question was answered.",
    K.MENTION_AFTER_PASSING: "{Off} passed, then mentioned the suit {he} meant to make.",
    K.ORDER_AFTER_PASSING: "{Off} passed, then tried to order up or assist.",
    K.DECLARATION_OUT_OF_TURN: "{Off} declared out of turn.",
    K.ATTENTION_CALLED: "{Off} called attention to the trick before {his} partner played.",
    K.CONSULTED: "The partners consulted on which penalty to exact.",
    K.LEAD_BEFORE_DISCARD: "{Off} led before the dealer had discarded.",
    K.LEAD_BEFORE_DISCARD_LONE: "{Off} led before the dealer had discarded, against a lone hand.",
    K.WRONG_NUMBER_OF_CARDS: "{Off} has a wrong number of cards.",
    K.NO_DISCARD: "{Off}, the dealer, played without discarding.",
    K.CARDS_COUNTED: "The cards were counted: five.",
    K.DOUBLE_DECLARATION: "{Off} made a double declaration (“I order it up and play it alone”).",
    K.LATE_ALONE: "{Off} announced a lone hand too late.",
    K.LATE_TAKE: "{Off} offered to take the lone hand too late.",
    K.NOT_ALLOWED_ALONE: "{Off} may not play alone.",
    K.LONE_PARTNER_PLAYED: "{Off}, the lone player's partner, played to the first lead.",
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
}


def headline(r: Ruling, seats: Seats) -> str:
    """The ruling's first line from the reader's chair.

    >>> from euchre_core.laws.rulings import Ruling, Irregularity
    >>> r = Ruling("revoke", (62,), "", offender=2, kind=Irregularity.REVOKE)
    >>> headline(r, Seats(me=2, dealer=0))
    'You did not follow suit, holding a card of the suit led: a revoke (renege).'
    """
    template = HEADLINES.get(r.kind) if r.kind is not None else None
    off = r.offender
    if template is None or (off is None and "{" in template and "ff}" in template):
        label = r.kind.label if r.kind is not None else r.irregularity
        text = (seats.name(off, cap=True) + ": " if off is not None else "") + label + "."
        return text[:1].upper() + text[1:]
    values = {
        "off": seats.name(off) if off is not None else "",
        "Off": seats.name(off, cap=True) if off is not None else "",
        "he": seats.he(off) if off is not None else "he",
        "his": seats.his(off) if off is not None else "his",
        "card": _card(r.card),
        "proper_poss": seats.possessive(r.proper) if r.proper is not None else "another player’s",
        "Off_poss": seats.possessive(off, cap=True) if off is not None else "",
        "off_poss": seats.possessive(off) if off is not None else "",
    }
    line = template.format(**values).replace("'", "’")
    return line[:1].upper() + line[1:]


_LEADING_SEAT = re.compile(r"^([ABCD])(?= )")
_SIDE = re.compile(r"\b(AC|BD)\b")


def seat_phrase(text: str, seats: Seats) -> str:
    """An engine phrase that names a seat or a side by its letters ("D must pass", "AC forfeits 2"),
    with the seat named from the reader's chair (unchanged in the book's letters).

    >>> seat_phrase("AC forfeits 2", Seats(me=1, dealer=0)), seat_phrase("D must pass", Seats(me=1, dealer=0))
    ('your opponents forfeit 2', 'your partner must pass')
    """
    if seats.me is None:
        return text
    text = _SIDE.sub(lambda m: seats.side(SEAT_NAMES.index(m.group(1)[0]) % 2), text)
    text = text.replace("your opponents forfeits", "your opponents forfeit")
    return _LEADING_SEAT.sub(lambda m: seats.name(SEAT_NAMES.index(m.group(1))), text)


def _chooser_words(side: int | None, seats: Seats) -> str:
    if side is None:
        return ""
    if seats.me is None:
        return f"{seats.side(side, cap=True)} choose: one of them, for both, without consulting (law 85)."
    if side == seats.me % 2:
        return "Your side chooses: one of you, for both, without consulting (law 85)."
    return "Your opponents choose: one of them, for both, without consulting (law 85)."


def _trick_cards(state: Director) -> set[tuple[int, Card]]:
    return set(state.trick)


def _difference(before: Director, after: Director, seats: Seats) -> list[str]:
    """What an election changed, in words: the calls, the cards taken back, who plays next, the score."""
    out: list[str] = []
    # in the order they happen: the card taken back, then what he must do with it
    for seat, card in sorted(_trick_cards(before) - _trick_cards(after), key=lambda sc: sc[0]):
        out.append(f"{seats.name(seat)} {'take' if seats.me == seat else 'takes'} back the {card.long_name()}")
    for req in after.requirements:
        if req not in before.requirements:
            out.append(requirement_words(req, seats))
    new_rulings = list(after.rulings)[len(before.rulings) :]
    for r in new_rulings:
        out.append(headline(r, seats).rstrip("."))
    if after.new_deal and not before.new_deal:
        out.append("there must be a new deal")
    if after.phase in (Phase.CLAIMS, Phase.DONE) and before.phase is Phase.PLAY:
        out.append("the hand stops here")
    score = after.result()
    if score["entries"] != before.result()["entries"] or after.phase is not before.phase:
        words = _score_words(score, seats)
        if words:
            out.append(words)
    nxt = _next_words(after, seats)
    if nxt:
        out.append(nxt)
    return out


def _score_words(score: dict[str, Any], seats: Seats) -> str:
    parts = []
    for e in score["entries"]:
        side = SEAT_NAMES.index(e["side"][0]) % 2
        if not e["points"]:
            parts.append(e["what"])
        else:
            verb = "scores" if seats.me is not None and side == seats.me % 2 else "score"
            parts.append(f"{seats.side(side)} {verb} {e['points']} for the {e['what']}")
    return ("scored: " + "; ".join(parts)) if parts else ""


def _next_words(state: Director, seats: Seats) -> str:
    if state.phase is Phase.PLAY and state.pending is None:
        seat = state.actor
        verb = "leads" if not state.trick else "plays"
        if seats.me == seat:
            verb = verb[:-1]
        return f"then {seats.name(seat)} {verb}"
    if state.phase is Phase.BIDDING:
        return f"then {seats.name(state.deal.actor)} {'speak' if seats.me == state.deal.actor else 'speaks'}"
    return ""


def _choice_event(ruling: Ruling, option: str) -> str:
    """The election as an event ("BD: choose call-suit H"); a suit call names the first suit the rules allow."""
    side = ruling.chooser if ruling.chooser is not None else 0
    ev = f"{SEAT_NAMES[side]}{SEAT_NAMES[side + 2]}: choose {option}"
    return ev + " H" if option == "call-suit" else ev


def ruling_now(state: Director, law: int | None = None) -> tuple[Ruling | None, list[Ruling]]:
    """The ruling in force at this moment, and the earlier rulings of the hand citing ``law``.

    The pending election first; else a ruling made by the last event; else the last ruling citing
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


def moment(state: Director, law: int | None = None, me: int | None = None) -> dict[str, Any]:
    """The ruling at this moment, in words from the reader's chair (``me``: his seat, or None for the
    book's letters): ``status`` (``"choose"``: an election is open; ``"stands"``: nothing can be
    rectified; ``"ruled"``: the ruling applies with no election; ``"none"``), ``headline``, the
    engine's ``text``, ``who_chooses``, each option with its ``effect`` (the engine's state after
    the election, compared), ``effects``, ``next`` and every law cited (``laws``)."""
    seats = Seats(me, state.deal.dealer)
    now, earlier = ruling_now(state, law)
    laws: set[int] = set()
    out: dict[str, Any] = {
        "status": "none",
        "headline": "",
        "text": "",
        "kind": None,
        "offender": None,
        "who_chooses": "",
        "options": [],
        "effects": [],
        "next": _next_words(state, seats),
        "earlier": [],
        "reading": None,
        "laws": [],
        "seats": {SEAT_NAMES[s]: seats.marked(s) for s in range(state.n)},
    }
    if now is None:
        return out
    laws.update(now.laws)
    out.update(
        {
            "headline": headline(now, seats),
            "text": now.text,
            "kind": now.kind.value if now.kind is not None else None,
            "offender": SEAT_NAMES[now.offender] if now.offender is not None else None,
            "effects": [seat_phrase(e, seats) for e in now.effects],
            "reading": now.reading,
        }
    )
    if now.needs_choice and state.pending is not None:
        out["status"] = "choose"
        out["who_chooses"] = _chooser_words(now.chooser, seats)
        options = []
        for o in now.options:
            laws.update(o.laws)
            try:
                after = state.act(_choice_event(now, o.id))
                effect = _difference(state, after, seats)
            except EuchreError as error:  # the engine refuses it here: say so, with its laws
                effect = [str(error)]
            label = seat_phrase(plain_option(o.text), seats)
            if o.id == "call-suit" and now.offender is not None and seats.me is not None:  # "from him": the offender
                label = f"Call a suit from {seats.pair(now.offender)}, at the next lead of either"
            if o.id == "call-suit":
                effect = [e.replace("lead hearts", "lead the suit named") for e in effect]
            options.append({"id": o.id, "label": label, "laws": list(o.laws), "effect": effect})
        out["options"] = options
    elif now.chosen == "stands":  # Law 53: all three followed the false lead
        out["status"] = "stands"
        out["headline"] += " All three followed: the trick stands (law 53)."
        laws.add(53)
    else:
        out["status"] = "ruled"
        if now.chosen is not None:
            chosen = next((o for o in now.options if o.id == now.chosen), None)
            if chosen is not None:
                out["effects"] = [f"elected: {plain_option(chosen.text)}", *out["effects"]]
    for r in earlier:
        laws.update(r.laws)
        out["earlier"].append({"headline": headline(r, seats), "text": r.text, "laws": list(r.laws)})
    score = state.result()
    if score["complete"] or score["entries"]:
        words = _score_words(score, seats)
        if words:
            out["score"] = words[:1].upper() + words[1:] + "."
        for e in score["entries"]:
            laws.update(e["laws"])
    out["laws"] = sorted(laws)
    return out
