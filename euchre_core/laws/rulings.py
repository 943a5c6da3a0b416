"""Rulings: what the laws say about an irregularity, as a value.

A :class:`Ruling` names the laws that apply, the offender, the side entitled to choose,
the options the laws give that side (each with its effect) and the effects applied without
a choice. The same value serves the CLI, the tests and the website.

The table director's rulings carry a typed :class:`Irregularity` (``kind``) and typed payloads
(``target``, ``card``, ``proper``, ``late``): the director branches on those, never on the English
``irregularity`` label or the ``text``. Law numbers are data (``laws``, ``Option.laws``).

>>> r = Ruling(irregularity="lead out of turn", laws=(52,), offender=1, chooser=0,
...            text="B led out of turn.", kind=Irregularity.LEAD_OUT_OF_TURN,
...            options=(Option("call-card", "Call the card led (the ace of hearts)", (52, 56)),
...                     Option("call-suit", "Call a suit from B or D at their next lead", (52,))))
>>> [o.id for o in r.options], r.needs_choice
(['call-card', 'call-suit'], True)
>>> r.to_json()["laws"], r.to_json()["kind"]
([52], 'lead-out-of-turn')
>>> Irregularity.REVOKE.label
'revoke'
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import Enum
from typing import Any

from ..kernel.actions import Action
from ..kernel.cards import Card

__all__ = ["Chooser", "Election", "Fact", "Standing", "Irregularity", "Option", "Ruling", "SEATS", "resolve_choosers"]

SEATS = "ABCD"


class Irregularity(Enum):
    """The kinds of irregularity the table director rules on (Laws 33, 46-105). The value is a
    stable id (it appears in the JSON as ``kind``); :attr:`label` is the short English name."""

    TWO_CARDS_AT_ONCE = "two-cards-at-once"  # 46 I
    EXPOSED_CARD = "exposed-card"  # 46 II
    TRUMP_CARD_LIFTED = "trump-card-lifted"  # 46 III, 91
    CARD_OUT_OF_TURN = "card-out-of-turn"  # 46
    EXPOSED_BEFORE_DECLARATION = "exposed-before-declaration"  # 46, 95
    HAND_SHOWN_IN_BIDDING = "hand-shown-in-bidding"  # 46, 48, 95
    EXPOSED_CARD_CALLED = "exposed-card-called"  # 46, 55, 56
    CALL_REPEATED = "call-repeated"  # 56
    WINNING_CARDS_IN_SUCCESSION = "winning-cards-in-succession"  # 47
    HAND_THROWN = "hand-thrown"  # 48
    ALL_HANDS_ABANDONED = "all-hands-abandoned"  # 49
    ABANDONED_AGAINST_LONE = "abandoned-against-lone"  # 50
    DETACHED_CARD_NAMED = "detached-card-named"  # 51
    WRONG_CARD_NAMED = "wrong-card-named"  # 51
    LEAD_OUT_OF_TURN = "lead-out-of-turn"  # 52, 53
    CALL_NOT_OBEYED = "call-not-obeyed"  # 54
    CALLED_CARD_NOT_PLAYED = "called-card-not-played"  # 56
    CALLED_SUIT_NOT_HELD = "called-suit-not-held"  # 57
    THIRD_BEFORE_SECOND = "third-before-second"  # 58
    FOURTH_BEFORE_PARTNER = "fourth-before-partner"  # 59
    CARD_OMITTED = "card-omitted"  # 60
    CARD_GATHERED = "card-gathered"  # 61
    REVOKE = "revoke"  # 62, 64
    REVOKE_CORRECTED = "revoke-corrected"  # 65, 69
    CARD_WITHDRAWN = "card-withdrawn"  # 69
    PARTNERS_QUESTION = "partners-question"  # 65
    QUESTION_ANSWERED = "question-answered"  # 65
    REVOKE_CLAIMED = "revoke-claimed"  # 63, 66, 70
    CARDS_MIXED = "cards-mixed"  # 67
    IMPERFECT_PACK = "imperfect-pack"  # 33
    MENTION_AFTER_PASSING = "mention-after-passing"  # 79
    ORDER_AFTER_PASSING = "order-after-passing"  # 80
    DECLARATION_OUT_OF_TURN = "declaration-out-of-turn"  # 82
    DEALER_THREW_CARDS = "dealer-threw-cards"  # 82
    BOUND_TO_PASS = "bound-to-pass"  # 79, 80, 82
    PASS_AFTER_DECLARATION = "pass-after-declaration"  # 81
    ATTENTION_CALLED = "attention-called"  # 83
    CONSULTED = "consulted"  # 85
    LEAD_BEFORE_DISCARD = "lead-before-discard"  # 87
    LEAD_BEFORE_DISCARD_LONE = "lead-before-discard-lone"  # 89
    WRONG_NUMBER_OF_CARDS = "wrong-number-of-cards"  # 90, 103
    NO_DISCARD = "no-discard"  # 90
    CARDS_COUNTED = "cards-counted"  # 90, 103 (the count is right)
    DOUBLE_DECLARATION = "double-declaration"  # 98
    LATE_ALONE = "late-alone"  # 97
    LATE_TAKE = "late-take"  # 99
    NOT_ALLOWED_ALONE = "not-allowed-alone"  # 95, 98, 99
    LONE_PARTNER_PLAYED = "lone-partner-played"  # 100
    LONE_PARTNER_SHOWED = "lone-partner-showed"  # 101, 102
    LONE_PLAYER_EXPOSED = "lone-player-exposed"  # 104
    LONE_LEAD_OUT_OF_TURN = "lone-lead-out-of-turn"  # 104
    ADVERSARY_OUT_OF_TURN_TO_LONE = "adversary-out-of-turn-to-lone"  # 105
    # the dealing procedure's (Laws 5, 22-45, 72, 73: euchre_core.laws.dealing)
    SCORE_QUESTIONED = "score-questioned"  # 5
    SCORE_QUESTIONED_LATE = "score-questioned-late"  # 5
    CARD_SEEN_SHUFFLING = "card-seen-shuffling"  # 22
    DEALERS_CARD_SEEN = "dealers-card-seen"  # 27
    FALSE_CUT = "false-cut"  # 29, 24
    CUT_CONFUSED = "cut-confused"  # 29 (confusion of the cards, doubt where the pack was divided)
    CARD_EXPOSED_CUTTING = "card-exposed-cutting"  # 29
    RESHUFFLE_AFTER_CUT = "reshuffle-after-cut"  # 31
    CARD_FACED_IN_PACK = "card-faced-in-pack"  # 34
    CARD_FACED_AFTER_LEAD = "card-faced-after-lead"  # 34
    CARD_EXPOSED_DEALING = "card-exposed-dealing"  # 35, 36
    CARDS_TOUCHED = "cards-touched"  # 35, 36, 43
    CLAIM_LAPSED = "claim-lapsed"  # 35, 37
    TRUMP_TURNED_AT_ONCE = "trump-turned-at-once"  # 37
    WRONG_PACK = "wrong-pack"  # 38
    EXPOSED_TURNING_TRUMP = "exposed-turning-trump"  # 39
    DEAL_OUT_OF_TURN = "deal-out-of-turn"  # 40
    PARTNERS_DEAL_TAKEN = "partners-deal-taken"  # 40, 45
    DEAL_OUT_OF_TURN_STOPPED = "deal-out-of-turn-stopped"  # 40
    DEAL_OUT_OF_TURN_STANDS = "deal-out-of-turn-stands"  # 40
    MISDEAL = "misdeal"  # 41, 42, 43, 45
    MISDEAL_AFTER_INTERRUPTION = "misdeal-after-interruption"  # 44
    DEALER_INTERRUPTED = "dealer-interrupted"  # 44
    CLAIM_FAILED = "claim-failed"  # 44
    NEW_CARDS_CALLED = "new-cards-called"  # 72
    NEW_CARDS_AFTER_CUT = "new-cards-after-cut"  # 72, 73
    CARD_MARKED = "card-marked"  # 73

    @property
    def label(self) -> str:
        """The short English name (``"lead out of turn"``)."""
        return _LABELS.get(self, self.value.replace("-", " "))


_LABELS = {
    Irregularity.TWO_CARDS_AT_ONCE: "two cards played at once",
    Irregularity.TRUMP_CARD_LIFTED: "trump card lifted",
    Irregularity.CARD_OUT_OF_TURN: "card played out of turn",
    Irregularity.EXPOSED_BEFORE_DECLARATION: "card exposed before the declaration",
    Irregularity.HAND_SHOWN_IN_BIDDING: "hand thrown face up during the bidding",
    Irregularity.WINNING_CARDS_IN_SUCCESSION: "winning cards played in succession",
    Irregularity.HAND_THROWN: "hand thrown down",
    Irregularity.ABANDONED_AGAINST_LONE: "hand abandoned against a lone hand",
    Irregularity.CALLED_CARD_NOT_PLAYED: "called card not played",
    Irregularity.CALL_REPEATED: "call for an exposed card repeated",
    Irregularity.THIRD_BEFORE_SECOND: "third hand played before second",
    Irregularity.FOURTH_BEFORE_PARTNER: "fourth hand played before his partner",
    Irregularity.CARD_OMITTED: "card omitted from a trick",
    Irregularity.CARD_GATHERED: "card mixed with a trick",
    Irregularity.PARTNERS_QUESTION: "partner's question",
    Irregularity.CARD_WITHDRAWN: "card withdrawn after a revoke corrected",
    Irregularity.QUESTION_ANSWERED: "partner's question answered",
    Irregularity.CARDS_MIXED: "cards mixed before examination",
    Irregularity.MENTION_AFTER_PASSING: "suit mentioned after passing",
    Irregularity.DEALER_THREW_CARDS: "dealer threw down his cards",
    Irregularity.BOUND_TO_PASS: "declaration by a player bound to pass",
    Irregularity.PASS_AFTER_DECLARATION: "partner passed after the declaration",
    Irregularity.ATTENTION_CALLED: "attention called to the trick",
    Irregularity.CONSULTED: "partners consulted on the penalty",
    Irregularity.LEAD_BEFORE_DISCARD: "lead before the discard",
    Irregularity.LEAD_BEFORE_DISCARD_LONE: "lead before the dealer's discard, against a lone hand",
    Irregularity.NO_DISCARD: "dealer played without discarding",
    Irregularity.CARDS_COUNTED: "cards counted: five",
    Irregularity.LATE_ALONE: "lone hand announced after naming the trump",
    Irregularity.LATE_TAKE: "late offer to take the lone hand",
    Irregularity.NOT_ALLOWED_ALONE: "lone hand not allowed",
    Irregularity.LONE_PARTNER_PLAYED: "partner played to the first lead of a lone hand",
    Irregularity.LONE_PARTNER_SHOWED: "lone player's partner exposed his cards",
    Irregularity.LONE_PLAYER_EXPOSED: "lone player exposed a card",
    Irregularity.LONE_LEAD_OUT_OF_TURN: "lone player led out of turn",
    Irregularity.ADVERSARY_OUT_OF_TURN_TO_LONE: "adversary played out of turn to a lone hand",
    Irregularity.NEW_CARDS_CALLED: "new cards called for",
    Irregularity.CARD_MARKED: "card torn or marked",
}


class Chooser(Enum):
    """Who elects, by the law's own rule (resolved to seats by :func:`resolve_choosers`).

    >>> Chooser.ADVERSARIES.value, Chooser.LONE_PLAYER.value
    ('adversaries', 'lone-player')
    """

    NOBODY = "nobody"  # no election: the laws apply the ruling at once
    ADVERSARIES = "adversaries"  # the adversaries of the offender (Law 85: one of them, for both)
    OFFENDERS_SIDE = "offenders-side"  # the offender and his partner (Laws 70, 80, 97, 100)
    DEALER = "dealer"  # the dealer alone (Laws 44, 72)
    LONE_PLAYER = "lone-player"  # the lone player alone (Law 89)
    EITHER_SIDE = "either-side"  # nobody at fault: both sides agree, or either may call (Law 73)


def resolve_choosers(
    rule: Chooser, offender: int | None, side: int | None, dealer: int, alone: int | None, out: int = 0, n: int = 4
) -> tuple[int, ...]:
    """The seats that elect under ``rule`` (``side``: the side entitled where the rule names one;
    ``out``: the bitmask of seats out of the play, a lone player's partner).

    >>> resolve_choosers(Chooser.ADVERSARIES, 2, 1, 0, None)
    (1, 3)
    >>> resolve_choosers(Chooser.ADVERSARIES, 2, 1, 0, 3, out=1 << 1)  # against a lone hand: D alone
    (3,)
    >>> resolve_choosers(Chooser.LONE_PLAYER, 2, 1, 0, 3), resolve_choosers(Chooser.DEALER, 1, None, 0, None)
    ((3,), (0,))
    >>> resolve_choosers(Chooser.NOBODY, 1, None, 0, None), resolve_choosers(Chooser.EITHER_SIDE, None, None, 0, None)
    ((), (0, 1, 2, 3))
    """
    if rule is Chooser.NOBODY:
        return ()
    if rule is Chooser.DEALER:
        return (dealer,)
    if rule is Chooser.LONE_PLAYER:
        return (alone,) if alone is not None else ()
    if rule is Chooser.EITHER_SIDE:
        return tuple(s for s in range(n) if not out >> s & 1)
    if side is None:
        side = (offender + (1 if rule is Chooser.ADVERSARIES else 0)) % 2 if offender is not None else None
    if side is None:
        return ()
    return tuple(s for s in range(n) if s % 2 == side and not out >> s & 1)


def who_elects(r: Ruling, dealer: int, alone: int | None = None, out: int = 0, n: int = 4) -> Ruling:
    """The ruling with its chooser rule (the law's own; else the adversaries of the offender, or his own
    side, by the side named) and the seats that rule gives, fixed when the ruling is made. The director
    and the dealing procedure both record their rulings through it.

    >>> r = Ruling("new cards", (72,), "", offender=1, chooser=0, options=(Option("pack-1", "", (72,)),),
    ...            rule=Chooser.DEALER)
    >>> who_elects(r, dealer=0).choosers
    (0,)
    >>> who_elects(Ruling("x", (52,), "", offender=2, chooser=1, options=(Option("a", "", ()),)), 0).rule
    <Chooser.ADVERSARIES: 'adversaries'>
    """
    rule = r.rule
    if rule is None:
        if not r.options or r.chooser is None:
            rule = Chooser.NOBODY
        elif r.offender is not None and r.offender % 2 == r.chooser:
            rule = Chooser.OFFENDERS_SIDE
        else:
            rule = Chooser.ADVERSARIES
    seats = r.choosers or resolve_choosers(rule, r.offender, r.chooser, dealer, alone, out, n)
    return replace(r, rule=rule, choosers=seats)


class Standing(Enum):
    """A standing effect of a ruling (no election), as a typed value: the app words it from any
    chair; :attr:`Ruling.effects` keeps the engine's letters version for the CLI."""

    MUST_PASS = "must-pass"  # seat: bound to pass (Laws 79, 80, 82)
    DEALER_PASSES = "dealer-passes"  # seat: the dealer passes (Law 48 in the bidding)
    FORFEITS = "forfeits"  # side, points (Law 90)
    HAND_EXPOSED = "hand-exposed"  # seat: his whole hand lies on the table (Laws 48, 95)
    NO_LONE_HAND = "no-lone-hand"  # seat: he may not play alone (Laws 46, 48, 95)
    BOUND = "bound"  # a call binds a player: ``requirement`` (Law 56: the call repeated)
    UNTIL_CORRECTED = "until-corrected"  # seat: his card stays played until he corrects it (Laws 64, 65)
    REVOKE_COST = "revoke-cost"  # seat: the revoker; side: the adversaries, their points if it is claimed (Laws 63, 70)
    # the play's, naming nobody (the app words them) or the offender (seat)
    DECLARATION_STANDS = "declaration-stands"
    DECLARATION_VOID = "declaration-void"
    OFFER_VOID = "offer-void"
    WITH_PARTNERS = "with-partners"  # the hand is played with partners
    SCORED_WITH_PARTNERS = "scored-with-partners"
    LEAD_STANDS = "lead-stands"
    CARD_EXPOSED = "card-exposed"  # card: the card (None: the card concerned)
    TURN_UP_EXPOSED = "turn-up-exposed"  # Law 91
    CALL_STANDS = "call-stands"
    CALL_LAPSES = "call-lapses"
    CALL_REPEATED = "call-repeated"  # Law 56
    SCORED_ON_TRICKS = "scored-on-tricks"  # Law 49
    REVOKE_PENALTY = "revoke-penalty"  # Law 54: the penalty of a revoke
    NO_PENALTY_EXACTED = "no-penalty-exacted"  # Law 85
    LONE_SCORES_FIVE = "lone-scores-five"  # Law 50
    MARCH_CAPPED = "march-capped"  # Law 105
    EUCHRE_SCORES_FOUR = "euchre-scores-four"  # Law 105
    CARD_BACK_EXPOSED = "card-back-exposed"
    ADVERSARIES_HANDS_EXPOSED = "adversaries-hands-exposed"
    CARD_STANDS = "card-stands"
    LAST_CARD_PLAYED = "last-card-played"  # seat (Law 60)
    TRICK_WITHOUT_HIS_CARD = "trick-without-his-card"  # seat (Law 60)
    REVOKES_STAND = "revokes-stand"  # seat (Laws 60, 61)
    CARD_RESTORED = "card-restored"  # seat (Law 61)
    SURPLUS_PLAYED = "surplus-played"  # seat (Law 90)
    HAND_SCORES_NOTHING = "hand-scores-nothing"  # Law 33
    CONSEQUENT_REVOKE = "consequent-revoke"
    CORRECTION_OPEN = "correction-open"  # Law 65
    CORRECTION_CLOSES = "correction-closes"  # Laws 64, 65
    ERROR_CARD_EXPOSED = "error-card-exposed"  # Law 69
    WITHDRAWN_BACK = "withdrawn-back"  # seat (Law 69)
    PENALTY_SCORED = "penalty-scored"
    REVOKE_ESTABLISHED = "revoke-established"
    TO_BE_CORRECTED = "to-be-corrected"  # Law 65
    NO_EFFECT = "no-effect"
    NO_FURTHER_PENALTY = "no-further-penalty"
    # the dealing procedure's (euchre_core.laws.dealing)
    DEAL_LOST = "deal-lost"  # seat: who deals instead (Laws 31, 41, 45)
    DEALS = "deals"  # seat: the rightful dealer deals (Law 40)
    NEW_DEAL = "new-deal"  # seat: a new deal by the same dealer (Laws 33, 34, 39, 43)
    MAY_DEAL_AGAIN = "may-deal-again"  # seat: the dealer, should he misdeal (Law 44)
    PAYS = "pays"  # seat: he pays for the new packs (Law 72); None: the table does (Law 73)
    RECLAIM = "reclaim"  # side: they reclaim their own cards at the end of the deal (Law 38)
    MUST_ELECT = "must-elect"  # side: they must now elect (Law 37)
    PRIVILEGE_KEPT = "privilege-kept"  # side: the other side touched first; theirs stands (Law 36)
    PRIVILEGE_LOST = "privilege-lost"  # side: no new deal for a card exposed by the other side (Law 35)
    MAY_TOUCH = "may-touch"  # seat: the dealer's partner may touch his cards (Law 36)
    ADVERSARIES_MAY_TOUCH = "adversaries-may-touch"  # side: they may touch without losing their privilege (Law 36)
    MISDEAL_NOT_LOST = "misdeal-not-lost"  # seat: should he misdeal, the dealer keeps the deal (Law 43)
    MISDEAL_LOST = "misdeal-lost"  # seat: should he misdeal, the dealer loses the deal whatever follows (Law 43)
    FRESH_CUT = "fresh-cut"  # Law 29
    SHUFFLE_AGAIN = "shuffle-again"  # each player may shuffle once again (Law 24)
    NO_PENALTY = "no-penalty"
    DEAL_STANDS = "deal-stands"
    DEAL_GOES_ON = "deal-goes-on"
    NOT_CALLED = "not-called"  # the card exposed in dealing cannot be called (Law 35)
    CAN_BE_STOPPED = "can-be-stopped"  # the deal out of turn, before the trump card is turned (Law 40)
    PACKS_EXCHANGED = "packs-exchanged"  # Law 38
    POINTS_STAND = "points-stand"  # Law 33
    SCORE_STANDS = "score-stands"  # Law 5
    SCORE_RECTIFIED = "score-rectified"  # Law 5
    NEW_CARDS_NEXT_DEAL = "new-cards-next-deal"  # Laws 72, 73


@dataclass(frozen=True)
class Fact:
    """One standing effect: what (:class:`Standing`), the seat or side, the points, the requirement.

    >>> Fact(Standing.MUST_PASS, seat=3).seat
    3
    """

    what: Standing
    seat: int | None = None
    side: int | None = None
    points: int | None = None
    requirement: Any = None  # Standing.BOUND: the director's Requirement
    laws: tuple[int, ...] = ()  # the laws the effect applies, where they are not the ruling's own
    card: Any = None  # Standing.CARD_EXPOSED: the card (a kernel Card)


@dataclass(frozen=True)
class Election:
    """An election as a typed value (Law 85): the option's id, the suit it names where it names
    one (Laws 51, 52, 57: ``call-suit``), the seat electing (None: the side entitled, as one).

    >>> Election("call-suit", suit=2).args
    ('call-suit', 'H')
    """

    option: str
    suit: int | None = None
    by: int | None = None

    @property
    def args(self) -> tuple[str, ...]:
        """The ``choose`` act's arguments (the event's typed fields, never parsed back from a line)."""
        return (self.option,) if self.suit is None else (self.option, "CDHS"[self.suit])


@dataclass(frozen=True)
class Option:
    """One option the laws give the non-offending side: an id, what it does, its laws."""

    id: str
    text: str
    laws: tuple[int, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "text": self.text, "laws": list(self.laws)}


@dataclass(frozen=True)
class Ruling:
    """The director's ruling on one irregularity."""

    irregularity: str  # short English name: "revoke", "lead out of turn", ...
    laws: tuple[int, ...]  # the laws that apply
    text: str  # the ruling in a sentence or two, citing the laws
    offender: int | None = None  # the offending seat (None: nobody, or the table)
    chooser: int | None = None  # the side entitled to choose (0 = A-C, 1 = B-D)
    options: tuple[Option, ...] = ()  # what the chooser may elect (Law 85: one election, final)
    effects: tuple[str, ...] = ()  # what happens without a choice
    chosen: str | None = None  # the option elected, once it is
    event: int | None = None  # index of the event in the log that caused it
    points: tuple[int, ...] = field(default=())  # score effect by side, when the ruling scores
    blocking: bool = True  # play waits for the election (False: Law 53, the others may follow)
    kind: Irregularity | None = None  # the typed kind (the director's rulings always have one)
    target: int | None = None  # the seat an option binds (47, 59, 83, 89), or the namer (51)
    card: Card | None = None  # the card concerned (52: the card led; 100: the partner's card)
    proper: int | None = None  # 52: the seat whose lead it was
    late: Action | None = None  # 80: the declaration made after passing
    reading: str | None = None  # where the text is ambiguous: the reading chosen, and why
    rule: Chooser | None = None  # who elects, by the law's own rule (None: derived from chooser/offender)
    choosers: tuple[int, ...] = ()  # the seats that elect (resolved from the rule when the ruling is made)
    facts: tuple[Fact, ...] = ()  # the standing effects that name a seat or a side, typed (effects: the letters)

    @property
    def needs_choice(self) -> bool:
        return bool(self.options) and self.chosen is None

    def choose(self, option_id: str) -> Ruling:
        return replace(self, chosen=option_id)

    def to_json(self, names: str = SEATS) -> dict[str, Any]:
        side = None
        if self.chooser is not None:
            side = names[self.chooser] + names[self.chooser + 2] if len(names) == 4 else names[self.chooser]
        return {
            "irregularity": self.irregularity,
            "laws": list(self.laws),
            "text": self.text,
            "offender": names[self.offender] if self.offender is not None else None,
            "chooser": side,
            "options": [o.to_json() for o in self.options],
            "effects": list(self.effects),
            "chosen": self.chosen,
            "event": self.event,
            "points": list(self.points) if self.points else None,
            "blocking": self.blocking,
            "kind": self.kind.value if self.kind is not None else None,
            "reading": self.reading,
        }

    def __str__(self) -> str:
        laws = ", ".join(str(n) for n in self.laws)
        s = f"{self.irregularity} (law{'s' if len(self.laws) > 1 else ''} {laws}): {self.text}"
        if self.options:
            s += " Options: " + "; ".join(f"[{o.id}] {o.text}" for o in self.options)
            if self.chosen:
                s += f". Chosen: {self.chosen}"
        return s
