"""Games and the rubber: Laws 1, 2, 7 and the Lap."""

from __future__ import annotations

import dataclasses

from euchre_core import HOYLE_3, MODERN_24, SOMERSET_1888, WASHINGTON_1877
from euchre_core.laws.scoring import Rubber


def test_law_2_game_is_five_points():
    r = Rubber().record((1, 0)).record((2, 0)).record((0, 2))
    assert not r.games and r.game == (3, 2)
    r = r.record((2, 0))
    assert len(r.games) == 1 and r.games[0].winner == 0 and r.games[0].value == 1


def test_law_7_game_counts_two_when_losers_failed_to_score():
    r = Rubber().record((4, 0)).record((1, 0))
    assert r.games[0].value == 2


def test_lap_carries_points_beyond_five():
    r = Rubber().record((4, 0)).record((0, 1)).record((2, 0))
    assert r.games[0].lapped == 1 and r.game == (1, 0)
    no_lap = Rubber(dataclasses.replace(SOMERSET_1888, lap=False)).record((4, 0)).record((2, 0))
    assert no_lap.game == (0, 0)


def test_law_1_third_game_always_played_and_rubber_points_law_7():
    r = Rubber()
    for _ in range(2):
        r = r.record((1, 0)).record((0, 1)).record((4, 0))  # AC win 5-1: single games
    assert len(r.games) == 2 and not r.is_over  # the third game is played
    r = r.record((0, 1)).record((0, 4))  # BD win 0-5: a double game
    assert r.is_over and r.winner == 0
    assert r.points == (1 + 1 + 2, 2)


def test_law_1_fourth_game_when_the_third_laps():
    r = Rubber()
    r = r.record((0, 1)).record((4, 0)).record((1, 0))  # game 1: AC 5-1
    r = r.record((1, 0)).record((0, 4)).record((0, 1))  # game 2: BD 5-1
    r = r.record((1, 0)).record((0, 1)).record((3, 0)).record((2, 0))  # game 3: AC 6-1, laps 1
    assert len(r.games) == 3 and r.games[2].lapped == 1 and not r.is_over
    r = r.record((4, 0))
    assert r.is_over and len(r.games) == 4 and r.winner == 0


def test_law_7_at_most_ten_points_in_a_rubber():
    r = Rubber()
    while not r.is_over:
        r = r.record((4, 0))
    assert r.points[0] <= 10 and r.points[1] == 0


def test_1877_slam_of_ten_points_counts_two_games():
    r = Rubber(WASHINGTON_1877).record((2, 0)).record((8, 0))  # 10 points: a slam, then a lap into a slam
    assert [g.value for g in r.games] == [2, 2]


def test_three_handed_game_elder_wins_a_tie():
    r = Rubber(HOYLE_3).record((0, 3, 3)).record((0, 2, 2), elder=2)
    assert r.games[0].winner == 2


def test_modern_game_to_ten_no_rubber():
    r = Rubber(MODERN_24)
    for _ in range(5):
        r = r.record((2, 0))
    assert r.is_over and r.winner == 0 and r.points == (1, 0)


def test_law_28_the_deal_passes_to_the_left_in_a_match():
    import random

    from euchre_core.laws.match import Match

    rng = random.Random(0)
    m = Match.new(seed=1)
    dealers = [m.deal.dealer]
    while not m.is_over:
        m = m.apply(rng.choice(m.deal.legal_actions()))
        if m.deal.dealer != dealers[-1]:
            dealers.append(m.deal.dealer)
    assert all(b == (a + 1) % 4 for a, b in zip(dealers, dealers[1:], strict=False))
    assert sum(m.rubber.points) >= 3


def test_law_5_score_corrected_before_the_next_trump_card_is_turned():
    import pytest

    from euchre_core import IllegalAction
    from euchre_core.laws.match import Match

    m = Match.new(seed=2)
    assert m.correct_score((3, 1)).rubber.game == (3, 1)
    with pytest.raises(IllegalAction) as e:
        m.apply(m.deal.legal_actions()[0]).correct_score((3, 1))
    assert e.value.laws == (5,)
