"""Laws 90, 103 (``holds N``: a player is found to hold N cards), with Laws 60 and 61: the count is compared with
the cards the state after the quits and omissions puts in his hand, not with five less the tricks.

Law 90: "Should any player have more or less than five cards ... the deal holds good, and the party so
offending forfeits two ..." Law 61: a card of his mixed with a trick: "the tricks may be counted face
downwards ... and the card restored". Law 60: a player who omitted to play to a trick has a card too many."""

from __future__ import annotations

from euchre_core import Deal
from euchre_core.kernel.cards import Card
from euchre_core.laws.director import Director
from euchre_core.laws.rulings import Irregularity as K

A, B, C, D = range(4)
AC, BD = 0, 1
HANDS = {
    "A": "JC AH KH 8S QD".split(),
    "B": "AC QH 8H JD TS".split(),
    "C": "7D 8D TD QS TH".split(),
    "D": "KC TC AS 9S 9H".split(),
}
START = ["B: pass", "C: pass", "D: pass", "A: order", "A: discard 8S"]
TRICK_1 = START + ["B: play JD", "C: play 7D", "D: play TC", "A: play QD"]  # A wins


def table(events: list[str]) -> Director:
    return Director.start(Deal.start([HANDS[s] for s in "ABCD"], "9C")).replay(events)


def test_law_90_the_right_number_after_a_trick() -> None:
    """Law 90: four cards after one trick is the right number; three is one short: a forfeit."""
    t = table(TRICK_1)
    assert t.act("D: holds 4").rulings[-1].kind is K.CARDS_COUNTED
    t = t.act("D: holds 3")
    assert t.rulings[-1].kind is K.WRONG_NUMBER_OF_CARDS and t.forfeit == (BD,)


def test_law_61_after_his_card_is_gathered_with_a_trick_he_holds_three() -> None:
    """Law 61 then Law 90: D's king of clubs is quitted with the trick (``quit D KC``): he holds three. Found
    with three, the tricks are searched and the card restored; found with four, he holds a card that the play
    does not give him: it is not "the right number"."""
    t = table(TRICK_1 + ["quit D KC"])
    assert bin(t.hands[D]).count("1") == 3
    four = t.act("D: holds 4")
    r = four.rulings[-1]
    assert r.kind is K.WRONG_NUMBER_OF_CARDS and r.laws == (90,) and "instead of 3" in r.text
    assert four.forfeit == (BD,)
    three = t.act("D: holds 3")
    assert three.rulings[-1].kind is K.CARD_GATHERED and three.hands[D] >> Card.parse("KC") & 1
    assert not three.forfeit


def test_law_60_after_an_omission_he_holds_five() -> None:
    """Law 60 then Law 90: A omitted to play to the first trick and holds five; found with four, he is short of
    a card the state gives him: a wrong number."""
    t = table(START + ["B: play JD", "C: play 7D", "D: play TC", "quit"])  # A omitted
    assert t.imperfect == (0, A)
    r = t.act("A: holds 4").rulings[-1]
    assert r.kind is K.WRONG_NUMBER_OF_CARDS and "instead of 5" in r.text
    assert t.act("A: holds 5").rulings[-1].kind is K.CARD_OMITTED
