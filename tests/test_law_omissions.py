"""Law 60: "Should any one have omitted playing to a former trick, and such error be not discovered till he
has played to the next, the adversaries may claim a new deal. Should they decide that the deal stand good,
the surplus card at the end of the hand is considered to have been played to the imperfect trick, but does
not constitute a revoke therein."

"Any one": the leader's partner, the second, the third or the fourth hand. A trick is turned and quitted
(``quit``) with the cards on the table; a card played out of turn to it (before the omitter, who was to play)
lies on the table in it and is gathered with it."""

from __future__ import annotations

from euchre_core import Deal
from euchre_core.kernel.cards import Card
from euchre_core.laws.director import Director
from euchre_core.laws.rulings import Irregularity as K

A, B, C, D = range(4)
AC, BD = 0, 1
# Case I's hands; A deals, the nine of clubs is turned; A orders it up: clubs are trumps, B leads.
HANDS = {
    "A": "JC AH KH 8S QD".split(),
    "B": "AC QH 8H JD TS".split(),
    "C": "7D 8D TD QS TH".split(),
    "D": "KC TC AS 9S 9H".split(),
}
START = ["B: pass", "C: pass", "D: pass", "A: order", "A: discard 8S"]  # A holds JC AH KH QD 9C
# D, the third hand, omits to play to the first trick: A plays after C, and the trick is quitted.
THIRD_OMITS = START + ["B: play JD", "C: play 7D", "A: play QD", "quit"]
# Played out from there (A won the first trick with the queen of diamonds): D plays to the second trick.
NEXT = ["A: play 9C", "B: play AC", "C: play 8D", "D: play TC"]
REST = [
    "B: play QH",  # B won with the ace of clubs
    "C: play TH",
    "D: play 9H",
    "A: play AH",
    "A: play JC",
    "B: play 8H",
    "C: play TD",
    "D: play KC",
    "A: play KH",
    "B: play TS",
    "C: play QS",
    "D: play AS",
]


def table(events: list[str]) -> Director:
    return Director.start(Deal.start([HANDS[s] for s in "ABCD"], "9C")).replay(events)


def card(code: str) -> Card:
    return Card.parse(code)


def test_law_60_the_third_hand_omits_to_play_and_the_trick_is_quitted() -> None:
    """Law 60: "any one" who omits to play: the third hand too. The trick is quitted with the three cards on
    the table (the fourth hand's among them, played before the third's turn); D's card is missing."""
    t = table(THIRD_OMITS)
    assert len(t.tricks) == 1 and t.imperfect == (0, D) and t.quitted
    assert [s for s, _ in t.tricks[0].cards] == [B, C, A] and t.tricks[0].winner == A
    assert not t.hands[A] >> card("QD") & 1 and not t.exposed[A]  # A's queen is in the trick, not on the table
    assert bin(t.hands[D]).count("1") == 5  # D has a card too many
    t = t.replay(NEXT)  # D plays to the next trick: discovered now
    r = t.rulings[-1]
    assert r.kind is K.CARD_OMITTED and r.laws == (60,) and r.offender == D and r.chooser == AC
    assert [o.id for o in r.options] == ["new-deal", "deal-stands"]
    assert t.act("AC: choose new-deal").result()["new_deal"]


def test_law_60_the_deal_stands_and_the_surplus_card_is_played_to_the_imperfect_trick() -> None:
    """Law 60: the deal stands: "the surplus card at the end of the hand is considered to have been played to
    the imperfect trick, but does not constitute a revoke therein"."""
    t = table(THIRD_OMITS + NEXT + ["AC: choose deal-stands"] + REST)
    assert t.is_over and not t.revokes and not any(t.hands)
    assert not [r for r in t.rulings if r.kind is K.REVOKE]


def test_law_60_the_second_hand_omits_to_play() -> None:
    """Law 60 with Law 58: the third hand plays before the second, the fourth follows; the trick is quitted
    without the second hand's card."""
    t = table(START + ["B: play JD", "D: play TC", "A: play QD", "quit"])
    assert t.imperfect == (0, C) and len(t.tricks) == 1 and t.tricks[0].winner == D
    t = t.replay(["D: play 9H", "A: play AH", "B: play QH", "C: play TH"])  # C plays to the next
    r = t.rulings[-1]
    assert r.kind is K.CARD_OMITTED and r.offender == C and r.chooser == BD


def test_law_60_the_omission_found_by_counting_before_he_plays_to_the_next() -> None:
    """Law 60 gives the adversaries a new deal only when the error is "not discovered till he has played to the
    next": D is found with a card too many before: the deal stands, his surplus card counts at the end."""
    t = table(THIRD_OMITS + ["D: holds 5"])
    r = t.rulings[-1]
    assert r.kind is K.CARD_OMITTED and r.laws == (60,) and r.offender == D and not r.options and not t.forfeit
    n = len(t.rulings)
    t = t.replay(NEXT)
    assert len(t.rulings) == n and t.pending is None  # no election when he plays to the next
    t = t.replay(REST)
    assert t.is_over and not t.revokes
