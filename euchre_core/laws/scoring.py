"""Games and the rubber: Laws 1, 2 and 7, and the Lap (Technical Terms).

A deal's points (:class:`~euchre_core.kernel.deal.DealResult`) are added to the current game; a
game is five points (Law 2); points beyond five carry to the next game when the Lap is
played; a game counts two when the losers have not scored (Law 7; the 1877 "Slam"); the
rubber is the best of three games, the third always played, and a fourth when the third
laps (Law 1); the rubber's winners take two more points (Law 7).

>>> r = Rubber()
>>> r = r.record((2, 0)).record((2, 0)).record((2, 0))   # a march, a march, a march
>>> r.games[0].winner, r.games[0].value, r.game                # 6 points: a double game, 1 lapped
(0, 2, (1, 0))
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..kernel.rules import SOMERSET_1888, RuleSet

__all__ = ["GameResult", "Rubber"]


@dataclass(frozen=True)
class GameResult:
    """A finished game: its winner (side), its value (1, or 2 when the losers scored nothing,
    Law 7) and the score at its end (before any lap was carried)."""

    winner: int
    value: int
    final: tuple[int, ...]
    lapped: int = 0            # points carried to the next game


@dataclass(frozen=True)
class Rubber:
    """The score of a rubber: the current game, the games finished, and when it is over.

    Immutable: :meth:`record` returns the next score.
    """

    rules: RuleSet = SOMERSET_1888
    game: tuple[int, ...] = ()
    games: tuple[GameResult, ...] = field(default=())

    def __post_init__(self) -> None:
        if not self.game:
            object.__setattr__(self, "game", (0,) * self.rules.sides)

    @property
    def is_over(self) -> bool:
        """Law 1: three games, and a fourth when the third laps."""
        n = len(self.games)
        want = self.rules.rubber_games
        if n < want:
            return False
        if n == want and want == 3 and self.rules.fourth_game_after_lap and self.games[2].lapped > 0:
            return False
        return True

    @property
    def winner(self) -> int | None:
        """The side that won the rubber: the most of the first ``rubber_games`` games."""
        if not self.is_over:
            return None
        first = self.games[: self.rules.rubber_games]
        counts = [sum(1 for g in first if g.winner == s) for s in range(self.rules.sides)]
        return max(range(len(counts)), key=lambda s: counts[s])

    @property
    def points(self) -> tuple[int, ...]:
        """Law 7: each game counts one (two if the losers failed to score), and the rubber's
        winners take two more (so at most ten points in a rubber)."""
        pts = [0] * self.rules.sides
        for g in self.games:
            pts[g.winner] += g.value
        w = self.winner
        if w is not None:
            pts[w] += self.rules.rubber_points
        return tuple(pts)

    def record(self, deal_points: tuple[int, ...] | list[int], elder: int | None = None) -> Rubber:
        """Add a deal's points (by side). ``elder`` breaks a tie when two players go out on the
        same deal in the three-handed game (Hoyle: "the elder hand is the winner")."""
        if self.is_over:
            raise ValueError("the rubber is over")
        if len(deal_points) != self.rules.sides:
            raise ValueError(f"give points for {self.rules.sides} sides")
        game = [a + b for a, b in zip(self.game, deal_points, strict=True)]
        games = list(self.games)
        target = self.rules.game_points
        while max(game) >= target and len(games) < self._max_games():
            out = [s for s in range(len(game)) if game[s] >= target]
            if len(out) > 1 and elder is not None and elder in out:
                w = elder
            else:
                w = max(out, key=lambda s: game[s])
            losers_scored = any(game[s] > 0 for s in range(len(game)) if s != w)
            value = 2 if self.rules.double_game_when_loser_scoreless and not losers_scored else 1
            carry = game[w] - target if self.rules.lap else 0
            games.append(GameResult(w, value, tuple(game), carry))
            game = [0] * len(game)
            game[w] = carry
            if Rubber(self.rules, tuple(game), tuple(games)).is_over:
                break
        return Rubber(self.rules, tuple(game), tuple(games))

    def _max_games(self) -> int:
        return self.rules.rubber_games + (1 if self.rules.fourth_game_after_lap else 0)
