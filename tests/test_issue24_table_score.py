"""Issue 24: the score (Law 5), the table of five (Law 19), scoring input, seeds and huge numbers.

Each test quotes the law it checks.
"""

from __future__ import annotations

import pytest

from euchre_core import SOMERSET_1888, IllegalAction, InputError
from euchre_core.kernel.deal import Deal
from euchre_core.laws.dealing import DealingProcedure
from euchre_core.laws.match import Match
from euchre_core.laws.scoring import Rubber

AC, BD = 0, 1

LAW_5 = "An error in the score can be rectified at any time before the trump card is turned in the next deal."


# ---------------------------------------------------------------- Law 5
def _dealt() -> DealingProcedure:
    return DealingProcedure.start("A", seed=1).replay(["C: shuffle", "A: shuffle", "D: cut 12", "A: deal 2-3"])


def test_law_5_a_score_error_established_after_the_next_trump_is_turned_is_not_rectified():
    # Law 5: "An error in the score can be rectified at any time before the trump card is turned in the next deal."
    before = _dealt().act("B: question score upheld")
    assert before.rulings[-1].laws == (5,) and before.rulings[-1].effects == ("the score is rectified",)
    turned = _dealt().act("A: turn")
    after = turned.act("B: question score upheld")
    r = after.rulings[-1]
    assert r.laws == (5,) and r.effects == ("the score stands",) and "rectified" not in r.effects[0]
    assert r.irregularity == "score questioned too late"
    assert turned.rulings == after.rulings[:-1]  # the state it was made from is unchanged


def _restored(rubber: Rubber) -> Match:
    """A match restored from a saved score: the score before the last hand is not kept."""
    return Match(SOMERSET_1888, 0, rubber, Deal.shuffled(0), 3)


def test_law_5_on_a_restored_match_the_correction_reopens_the_game_the_wrong_entry_completed():
    # Law 5: "An error in the score can be rectified at any time before the trump card is turned in the next deal."
    wrong = Rubber().record((4, 0)).record((1, 0))  # the point went to A C by mistake: a double game
    assert wrong.games[0].value == 2 and wrong.game == (0, 0)
    m = _restored(wrong)
    fixed = m.correct_score((4, 1))  # it was B D's point
    assert fixed.rubber.games == () and fixed.rubber.game == (4, 1)  # the game reopened, not the next one scored
    again = fixed.correct_score((5, 1))  # corrected again before the turn: a single game now
    assert again.rubber.games[0].value == 1 and again.rubber.game == (0, 0)
    assert m.rubber == wrong  # the match it was made from is unchanged


def test_law_5_on_a_restored_match_a_hand_scored_in_the_game_in_progress_is_corrected_there():
    # Law 5: "An error in the score can be rectified at any time before the trump card is turned in the next deal."
    saved = Rubber().record((4, 0)).record((2, 0)).record((0, 2))  # a game won with one lapped; then B D 2
    m = _restored(saved)
    fixed = m.correct_score((1, 1))
    assert len(fixed.rubber.games) == 1 and fixed.rubber.game == (1, 1)
    with pytest.raises(IllegalAction) as e:
        m.turn().correct_score((1, 1))
    assert e.value.laws == (5,)


# ---------------------------------------------------------------- scoring input (Laws 2, 3, 4)
LAW_2 = (
    "... If the side making the trump takes three tricks, it scores one point; ... if it fails to take three "
    "tricks, it is euchred, and the adversaries score two points."
)


@pytest.mark.parametrize("points", [(1, 2), (2, 2), (1, 1), (4, 2)])
def test_law_2_a_deal_in_which_both_sides_score_is_refused_naming_the_points(points):
    # Law 2: the makers score, or "the adversaries score two points": one side on a deal
    r = Rubber(game=(1, 1))
    with pytest.raises(InputError) as e:
        r.record(points)
    assert e.value.field == "points" and r.game == (1, 1)
    assert Rubber(game=(1, 1)).record((0, 2), revoke=(3, 0)).game == (4, 3)  # Law 4: a revoke, given apart
