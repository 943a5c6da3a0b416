"""Laws 1–7 and the Lap: second scenarios, the expected score decided from the book's text.

Readings for the points the book leaves open (also in euchre_core.laws.scoring and on the law
pages): the fourth game does not decide the rubber (Law 1, "best of three"); lapped points stand
in the next game's score (Law 7); the revoke penalty is scored first and the losers' later points
of that deal are lost (Law 4)."""

from __future__ import annotations

import pytest

from euchre_core import HOYLE_3, SOMERSET_1888, IllegalAction, InputError
from euchre_core.kernel.deal import Deal, score_deal
from euchre_core.laws.match import Match
from euchre_core.laws.scoring import Rubber, deal_points_bound

AC, BD = 0, 1


def win(r: Rubber, side: int, lap: int = 0) -> Rubber:
    """The other side scores one, then ``side`` reaches five (plus ``lap``)."""
    other = [0, 0]
    other[1 - side] = 1
    r = r.record(tuple(other))
    pts = [0, 0]
    pts[side] = 5 - r.game[side] + lap
    return r.record(tuple(pts))


# ---------------------------------------------------------------- Law 1
def test_law_1_games_split_the_third_decides_and_ends_the_rubber_without_a_lap():
    r = win(win(Rubber(), AC), BD)
    assert not r.is_over
    r = win(r, AC)
    assert r.is_over and r.winner == AC and len(r.games) == 3
    with pytest.raises(IllegalAction):
        r.record((1, 0))


def test_law_1_games_split_and_the_third_laps_a_fourth_is_played():
    r = win(win(win(Rubber(), AC), BD), BD, lap=2)
    assert not r.is_over and r.game == (0, 2)
    r = r.record((0, 3))
    assert r.is_over and len(r.games) == 4 and r.winner == BD


def test_law_1_reading_two_games_all_the_first_three_decide_the_rubber():
    r = win(win(win(Rubber(), AC), AC), BD, lap=1)
    assert not r.is_over
    r = win(r, BD)  # BD win the fourth: two games all
    assert r.is_over and [g.winner for g in r.games] == [AC, AC, BD, BD]
    assert r.winner == AC and r.points == (1 + 1 + 2, 1 + 1)


# ---------------------------------------------------------------- Laws 2, 3
def test_law_2_makers_euchred_with_two_tricks_the_adversaries_score_two():
    assert score_deal(SOMERSET_1888, BD, 1, None, 0, (3, 2)).points == (2, 0)
    r = Rubber(SOMERSET_1888, (3, 4)).record((2, 0))
    assert r.games[0].winner == AC and r.games[0].value == 1 and r.game == (0, 0)


def test_law_3_lone_hand_with_four_tricks_scores_one():
    assert score_deal(SOMERSET_1888, AC, 0, 0, 1, (4, 1)).points == (1, 0)
    assert score_deal(SOMERSET_1888, AC, 0, 0, 1, (5, 0)).points == (4, 0)


# ---------------------------------------------------------------- Law 4
def test_law_4_revoke_and_the_revokers_points_both_reach_game_the_adversaries_win_it():
    # A C, at 4, revoke and make their point; B D, at 3, take three for the revoke: B D reach it first
    r = Rubber(SOMERSET_1888, (4, 3)).record((1, 0), revoke=(0, 3))
    assert r.games[0].winner == BD and r.games[0].value == 1
    assert r.game == (0, 1)  # B D's sixth point laps; A C's point came too late


def test_law_4_revoke_game_counts_two_when_the_revokers_had_not_scored():
    r = Rubber(SOMERSET_1888, (0, 4)).record((2, 0), revoke=(0, 3))
    assert r.games[0].winner == BD and r.games[0].value == 2 and r.game == (0, 2)


def test_law_4_a_revoke_that_does_not_reach_game_leaves_the_deal_to_score_as_usual():
    r = Rubber(SOMERSET_1888, (0, 2)).record((0, 2), revoke=(3, 0))
    assert r.game == (3, 4) and not r.games


def test_law_4_both_sides_out_on_one_score_is_refused_not_guessed():
    with pytest.raises(InputError) as e:
        Rubber(SOMERSET_1888, (4, 3)).record((1, 3))  # both sides on one deal: the revoke is given apart
    assert e.value.field == "points"
    r = Rubber(SOMERSET_1888, (4, 3)).record((1, 0), revoke=(0, 3))  # Law 4: the revoke first
    assert r.games[0].winner == BD


# ---------------------------------------------------------------- Law 5
def _match(before: Rubber, after: Rubber) -> Match:
    return Match(SOMERSET_1888, 0, after, Deal.shuffled(0), 2, (), False, before)


def test_law_5_a_correction_undoes_a_game_the_wrong_score_completed():
    before = Rubber().record((4, 0))
    wrong = before.record((1, 0))  # scored to A C by mistake: a double game
    assert wrong.games and wrong.games[0].value == 2
    fixed = _match(before, wrong).correct_score((4, 1)).rubber
    assert fixed.games == () and fixed.game == (4, 1)


def test_law_5_a_correction_undoes_the_rubber_and_can_complete_a_game():
    before = win(win(Rubber(), AC), BD).record((0, 4)).record((4, 0))
    wrong = before.record((1, 0))  # the third game and the rubber to A C
    assert wrong.is_over
    m = _match(before, wrong).correct_score((4, 5))  # it was B D's point: B D win game and rubber
    assert m.rubber.is_over and m.rubber.winner == BD and m.rubber.games[2].value == 1
    again = m.correct_score((4, 4))  # corrected again before the trump card is turned
    assert not again.rubber.is_over and again.rubber.game == (4, 4)


def test_law_5_no_correction_once_the_next_trump_card_is_turned():
    before = Rubber().record((4, 0))
    with pytest.raises(IllegalAction) as e:
        _match(before, before.record((1, 0))).turn().correct_score((4, 1))
    assert e.value.laws == (5,)


@pytest.mark.parametrize("bad", [None, ("a", 1), (2.5, 0), (-5, 0), (100, 0), (1,), (True, 0), "41"])
def test_law_5_bad_corrections_are_input_errors(bad):
    m = Match.new(seed=3)
    with pytest.raises(InputError) as e:
        m.correct_score(bad)
    assert e.value.field == "game"
    assert m.rubber == Rubber()


# ---------------------------------------------------------------- Law 7
def test_law_7_reading_lapped_points_count_as_having_scored_in_the_next_game():
    r = Rubber().record((0, 4)).record((0, 2))  # B D win with six: one point laps
    assert r.game == (0, 1)
    r = r.record((4, 0)).record((1, 0))  # A C win five to one (the lapped point)
    assert r.games[1].winner == AC and r.games[1].value == 1


def test_law_7_ten_points_four_double_games_and_the_rubber():
    r = Rubber()
    r = r.record((4, 0)).record((1, 0)).record((4, 0)).record((1, 0))
    r = r.record((4, 0)).record((2, 0))  # the third laps: a fourth game
    r = r.record((4, 0))
    assert r.is_over and [g.value for g in r.games] == [2, 2, 2, 2] and r.points == (10, 0)


# ---------------------------------------------------------------- bad input
@pytest.mark.parametrize("bad", [None, ("a", 1), (2.5, 0), (-5, 0), (100, 0), (1, 0, 0), (None, 1), 3])
def test_record_bad_points_are_input_errors(bad):
    with pytest.raises(InputError) as e:
        Rubber().record(bad)
    assert e.value.field == "points"


def test_record_bound_is_what_a_deal_can_score():
    bound = deal_points_bound(SOMERSET_1888)
    Rubber().record((bound, 0))
    with pytest.raises(InputError):
        Rubber().record((bound + 1, 0))
    with pytest.raises(InputError):
        Rubber().record((1, 0), revoke=(2.5, 0))


def test_set_back_allows_negative_points_only_in_that_game():
    import dataclasses

    r = Rubber(dataclasses.replace(HOYLE_3, three_handed_scoring="set_back")).record((-2, 0, 0))
    assert r.game == (-2, 0, 0)
