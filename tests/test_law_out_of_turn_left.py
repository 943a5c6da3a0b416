"""Law 105: "Should an adversary play out of turn to the lead of a lone hand, both opposing hands must be laid
on the table, and can be called by the player playing alone."

The card played out of turn lies on the table. The table may leave it in the trick (the play goes on from
there: the others follow in order, and the trick is complete without his playing again), or he takes it back
among his cards on the table and plays in his turn. Either way the rest of the hand is ruled as usual."""

from __future__ import annotations

from euchre_core import Deal
from euchre_core.kernel.cards import Card
from euchre_core.laws.director import Director
from euchre_core.laws.rulings import Irregularity as K

A, B, C, D = range(4)
# A plays alone at clubs and leads; B is second, D third (C is out of the play).
HANDS = {"A": ["AH", "7S", "JC"], "B": ["KH", "8S", "TC"], "C": [], "D": ["QH", "TS", "8D"]}


def position() -> Director:
    return Director.start(Deal.position([HANDS[s] for s in "ABCD"], "C", maker=A, leader=A, alone=A))


def card(code: str) -> Card:
    return Card.parse(code)


def kinds(t: Director) -> list[K]:
    return [r.kind for r in t.rulings]


def test_law_105_the_card_left_in_the_trick_the_play_goes_on() -> None:
    """Law 105: D plays out of turn to A's lone lead; the card stays in the trick; B plays; A leads again: no
    more out-of-turn rulings, and the trick holds D's queen."""
    t = position().replay(["A: play AH", "D: play QH"])
    assert kinds(t) == [K.ADVERSARY_OUT_OF_TURN_TO_LONE] and t.exposed[B] and t.exposed[D]
    t = t.replay(["B: play KH", "A: play 7S"])  # A won the trick; he leads the next
    assert kinds(t) == [K.ADVERSARY_OUT_OF_TURN_TO_LONE]
    assert len(t.tricks) == 1 and dict(t.tricks[0].cards) == {A: card("AH"), B: card("KH"), D: card("QH")}
    assert not t.hands[D] >> card("QH") & 1 and not t.exposed[D] >> card("QH") & 1
    assert t.exposed[D] == t.hands[D]  # the rest of his hand is still on the table, callable


def test_law_105_a_revoke_later_in_the_hand_is_still_ruled() -> None:
    """Law 105 then Law 62: after the card left in the trick, D renounces spades holding the ten: a revoke."""
    t = position().replay(["A: play AH", "D: play QH", "B: play KH", "A: play 7S", "B: play 8S", "D: play 8D"])
    assert kinds(t) == [K.ADVERSARY_OUT_OF_TURN_TO_LONE, K.REVOKE] and t.revokes[0].seat == D
    t = t.replay(["B: play TC", "D: play TS", "A: play JC"])  # B's eight of spades won the second trick
    assert t.is_over and t.revokes[0].established


def test_law_105_the_card_left_in_the_trick_then_quitted() -> None:
    """Law 105: the trick turned and quitted with D's card in it (``quit``): it is D's card played to it, not
    an abandoned hand (Law 50)."""
    t = position().replay(["A: play AH", "D: play QH", "B: play KH", "quit"])
    assert kinds(t) == [K.ADVERSARY_OUT_OF_TURN_TO_LONE] and t.abandoned is None
    assert len(t.tricks) == 1 and t.quitted and t.actor == A


def test_law_105_the_card_taken_back_and_played_in_his_turn() -> None:
    """Law 105: D takes his queen back among his cards on the table and plays it in his turn."""
    t = position().replay(["A: play AH", "D: play QH", "B: play KH", "D: play QH", "A: play 7S"])
    assert kinds(t) == [K.ADVERSARY_OUT_OF_TURN_TO_LONE] and len(t.tricks) == 1
    assert dict(t.tricks[0].cards)[D] == card("QH") and t.exposed[D] == t.hands[D]


def test_law_105_the_card_taken_back_and_called_by_the_lone_player() -> None:
    """Law 105: the lone player calls D's queen, taken back: D must play it (Law 56's call)."""
    t = position().replay(["A: play AH", "D: play QH", "A: callcard D QH", "B: play KH"])
    assert t.requirements and t.requirements[-1].card == card("QH")
    t = t.act("D: play QH")
    assert not t.requirements and kinds(t)[-1] is not K.CALLED_CARD_NOT_PLAYED
