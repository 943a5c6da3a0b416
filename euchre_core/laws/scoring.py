"""Games and the rubber: Laws 1, 2, 4, 5 and 7, and the Lap (Technical Terms).

A deal's points (:class:`~euchre_core.kernel.deal.DealResult`) are added to the current game; a
game is five points (Law 2); points beyond five carry to the next game when the Lap is
played; a game counts two when the losers have not scored (Law 7; the 1877 "Slam"); the
rubber is the best of three games, the third always played, and a fourth when the third
laps (Law 1); the rubber's winners take two more points (Law 7). The penalty of a revoke
is scored before the other points of the deal (Law 4).

Readings (the book leaves these open; the law pages give them too):

- *The rubber at two games all* (Law 1): the rubber is "the best of three games"; the fourth
  game, played only because the third lapped, scores its value (Law 7) but does not decide the
  rubber: the side that won two of the first three games wins it.
- *A lapped point* is a point "carried to the next game" (Technical Terms): it stands in that
  game's score, so a side holding one has scored in it, and the game it loses counts one (Law 7).
- *Law 4*: the revoke penalty is scored first. If it completes the game, the revoking side's
  adversaries win it, and it counts two if the revoking side had not scored before this deal;
  the other points of the deal come after the game is won: the winners' carry to the next game
  as a Lap, the losers' are lost (the Lap carries only the winners' excess). The same holds
  for any points scored on a deal after it completes a game.

>>> r = Rubber()
>>> r = r.record((2, 0)).record((2, 0)).record((2, 0))   # a march, a march, a march
>>> r.games[0].winner, r.games[0].value, r.game                # 6 points: a double game, 1 lapped
(0, 2, (1, 0))
>>> Rubber().record((0, 4)).record((1, 0), revoke=(0, 3)).games[0].winner    # Law 4: the revoke first
1
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ..kernel import decode
from ..kernel.errors import IllegalAction, InputError
from ..kernel.rules import SOMERSET_1888, RuleSet

__all__ = ["GameResult", "Rubber", "deal_points_bound", "revoke_points_bound"]

LAW_50_POINTS = 5  # Law 50: an adversary abandons his hand against a lone player: five
FORFEIT_ALONE = 4  # Law 90: the offenders forfeit two, four against a lone hand
REVOKES_PER_SIDE = 8  # Laws 62, 63: two players, each may revoke in the first four tricks


def deal_points_bound(rules: RuleSet = SOMERSET_1888) -> int:
    """The most points one side can score on a deal other than revoke penalties under ``rules``:
    the largest hand value (Laws 2, 3; Law 50's five; the 1877 jambone and jamboree) and a
    forfeit (Law 90).

    >>> deal_points_bound()
    9
    """
    hand = [rules.point, rules.march, rules.euchre, LAW_50_POINTS]
    if rules.allow_alone:
        hand += [rules.alone_point, rules.alone_march, rules.alone_euchred]
    if rules.jambone:
        hand += [rules.jambone_point, rules.jambone_march, rules.jambone_euchred]
    if rules.jamboree:
        hand.append(rules.jamboree_points)
    return max(hand) + FORFEIT_ALONE


def revoke_points_bound(rules: RuleSet = SOMERSET_1888) -> int:
    """The most revoke penalties one side can score on a deal (Law 63, "for each revoke").

    >>> revoke_points_bound()
    40
    """
    return REVOKES_PER_SIDE * max(rules.revoke_points, rules.revoke_alone_points)


def _points(value: object, rules: RuleSet, bound: int, field_name: str) -> tuple[int, ...]:
    """Whole points by side, each within what a deal can score (negative only in Hoyle's set-back)."""
    if not isinstance(value, (tuple, list)):
        raise InputError(
            f"give the points as a list of {rules.sides} whole numbers, by side, not {decode.excerpt(value)}",
            field_name,
        )
    if len(value) != rules.sides:
        raise InputError(f"give points for {rules.sides} sides, not {len(value)}", field_name)
    low = -bound if rules.three_handed_scoring == "set_back" and rules.sides == 3 else 0
    for p in value:
        if not isinstance(p, int) or isinstance(p, bool):
            raise InputError(f"points are whole numbers, not {decode.excerpt(p)}", field_name)
        if not low <= p <= bound:
            raise InputError(
                f"{decode.excerpt(p)} points: a deal scores from {low} to {bound} under {rules.name}", field_name
            )
    return tuple(value)


def _revokes(value: object, rules: RuleSet) -> tuple[int, ...]:
    """Revoke penalties by side: each a number of revokes times the penalty of one (Law 63: three,
    five in a lone hand; every revoke of one hand carries the same penalty), and, two sides
    having revoked, an equal number on each side cancel (Law 71) before anything is scored (Law 4).

    >>> _revokes((6, 3), SOMERSET_1888), _revokes((5, 5), SOMERSET_1888)
    ((3, 0), (0, 0))
    """
    rev = _points(value, rules, revoke_points_bound(rules), "revoke")
    units = {rules.revoke_points, rules.revoke_alone_points} - {0}
    for p in rev:
        if p and not any(p % u == 0 for u in units):
            raise InputError(
                f"{p} points: a revoke penalty is {' or '.join(map(str, sorted(units)))} points a revoke (law 63)",
                "revoke",
            )
    if rules.sides == 2 and all(rev):
        if not any(all(p % u == 0 for p in rev) for u in units):
            raise InputError("the revokes of one hand carry one penalty each (law 63)", "revoke")
        low = min(rev)
        rev = tuple(p - low for p in rev)  # Law 71: an equal number of revokes on different sides cancel
    return rev


@dataclass(frozen=True)
class GameResult:
    """A finished game: its winner (side), its value (1, or 2 when the losers scored nothing,
    Law 7) and the score at its end (before any lap was carried)."""

    winner: int
    value: int
    final: tuple[int, ...]
    lapped: int = 0  # points carried to the next game


@dataclass(frozen=True)
class Rubber:
    """The score of a rubber: the current game, the games finished, and when it is over.

    Immutable: :meth:`record` returns the next score.
    """

    rules: RuleSet = SOMERSET_1888
    game: tuple[int, ...] = ()
    games: tuple[GameResult, ...] = field(default=())

    def __post_init__(self) -> None:
        if not isinstance(self.rules, RuleSet):
            raise InputError(f"not a rule set: {self.rules!r}", "rules")
        if not self.game:
            object.__setattr__(self, "game", (0,) * self.rules.sides)
        bound = self.rules.game_points - 1 + deal_points_bound(self.rules) + revoke_points_bound(self.rules)
        object.__setattr__(self, "game", _points(self.game, self.rules, bound, "game"))
        if (
            not isinstance(self.games, (tuple, list))
            or not all(
                isinstance(g, GameResult) and isinstance(g.winner, int) and 0 <= g.winner < self.rules.sides
                for g in self.games
            )
            or len(self.games) > self._max_games()
        ):
            raise InputError(f"the games finished, as at most {self._max_games()} GameResult values", "games")
        object.__setattr__(self, "games", tuple(self.games))
        if not _over(self.rules, self.games) and max(self.game) >= self.rules.game_points:
            # Law 2: a game in progress stands below five; a score of five or more has won it
            raise InputError(
                f"a game in progress stands below {self.rules.game_points} points, not {self.game}", "game"
            )

    @property
    def is_over(self) -> bool:
        """Law 1: three games, and a fourth when the third laps."""
        return _over(self.rules, self.games)

    @property
    def winner(self) -> int | None:
        """The side that won the rubber: the most of the first ``rubber_games`` games (Law 1, "the
        best of three games": a fourth game, played after a lap, does not change it).

        >>> r = Rubber().record((4, 0)).record((1, 0)).record((4, 0)).record((1, 0))   # AC, AC
        >>> r = r.record((0, 4)).record((0, 2))                     # BD: the third game laps (6)
        >>> [g.winner for g in r.games], r.is_over
        ([0, 0, 1], False)
        >>> r = r.record((0, 4))                                    # BD: two games all
        >>> r.is_over, r.winner, r.points                           # the first three decide
        (True, 0, (6, 4))
        """
        if not self.is_over:
            return None
        first = self.games[: self.rules.rubber_games]
        counts = [sum(1 for g in first if g.winner == s) for s in range(self.rules.sides)]
        best = max(counts)
        return counts.index(best) if counts.count(best) == 1 else first[-1].winner

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

    def record(
        self, deal_points: Sequence[int], elder: int | None = None, revoke: Sequence[int] | None = None
    ) -> Rubber:
        """Add a deal's points (by side). ``revoke`` holds the revoke penalties of the deal, by
        side (Law 63), scored before the other points (Law 4). ``elder`` breaks a tie when two
        players go out on the same deal in the three-handed game (Hoyle: "the elder hand is the
        winner"). Points must be whole and within what a deal can score (:func:`deal_points_bound`).

        >>> Rubber().record((2.5, 0))
        Traceback (most recent call last):
        ...
        euchre_core.kernel.errors.InputError: points: points are whole numbers, not 2.5
        >>> Rubber().record((1, 2))
        Traceback (most recent call last):
        ...
        euchre_core.kernel.errors.InputError: points: both sides score on one deal (1 and 2): a deal's points go to \
one side (laws 2, 3); give a revoke penalty apart, as revoke
        """
        pts = _points(deal_points, self.rules, deal_points_bound(self.rules), "points")
        if self.rules.sides == 2 and all(pts):
            # Laws 2, 3: a deal's points go to one side, the makers or (euchred) the adversaries; the revoke
            # penalties (Law 63), which may go to the other side, are given apart (``revoke``), scored first (Law 4)
            raise InputError(
                f"both sides score on one deal ({pts[0]} and {pts[1]}): a deal's points go to one side (laws 2, 3); "
                "give a revoke penalty apart, as revoke",
                "points",
            )
        rev = (0,) * self.rules.sides if revoke is None else _revokes(revoke, self.rules)
        if elder is not None and (
            not isinstance(elder, int) or isinstance(elder, bool) or not 0 <= elder < self.rules.sides
        ):
            raise InputError(f"no side {decode.excerpt(elder)}", "elder")
        if self.is_over:
            raise IllegalAction("the rubber is over", (1,))
        game, games = list(self.game), list(self.games)
        won: int | None = None  # the side that completed a game on this deal
        for stage in (rev, pts):  # Law 4: the revoke penalty first
            if not any(stage) or _over(self.rules, games):
                continue
            if won is not None:
                # after a game is won on this deal: only the winners' further points count, as a Lap
                stage = tuple(p if s == won and self.rules.lap else 0 for s, p in enumerate(stage))
            game = [a + b for a, b in zip(game, stage, strict=True)]
            game, w = self._close(game, games, elder)
            won = w if w is not None else won
        return Rubber(self.rules, tuple(game), tuple(games))

    def corrected(self, game: Sequence[int]) -> Rubber:
        """Law 5: this score with the game in progress standing at ``game`` (by side), closing the
        games that score completes. The games already finished stay.

        >>> r = Rubber().record((4, 0))
        >>> r.corrected((5, 0)).games[0].value, r.corrected((3, 1)).game
        (2, (3, 1))
        """
        bound = self.rules.game_points - 1 + deal_points_bound(self.rules) + revoke_points_bound(self.rules)
        fixed = _points(game, self.rules, bound, "game")
        games = list(self.games)
        new, _ = Rubber(self.rules, (0,) * self.rules.sides, self.games)._close(list(fixed), games, None, "game")
        return Rubber(self.rules, tuple(new), tuple(games))

    def _close(
        self, game: list[int], games: list[GameResult], elder: int | None, field_name: str = "revoke"
    ) -> tuple[list[int], int | None]:
        """Close the games the score completes (Law 2; the Lap may complete the next one too).
        ``field_name`` is the input blamed when two sides are out on one score."""
        target = self.rules.game_points
        won: int | None = None
        while max(game) >= target and len(games) < self._max_games() and not _over(self.rules, games):
            out = [s for s in range(len(game)) if game[s] >= target]
            if len(out) > 1:
                if elder is not None and elder in out and self.rules.sides > 2:
                    w = elder  # Hoyle, three-handed: "the elder hand is the winner"
                else:
                    best = max(game[s] for s in out)
                    top = [s for s in out if game[s] == best]
                    if len(top) > 1 or self.rules.sides == 2:
                        # two sides out on one score: which came first is not in the numbers
                        raise InputError(
                            "both sides reach the game on one score: give the revoke penalty apart, "
                            "it is scored first (law 4)",
                            field_name,
                        )
                    w = top[0]
            else:
                w = out[0]
            losers_scored = any(game[s] > 0 for s in range(len(game)) if s != w)
            value = 2 if self.rules.double_game_when_loser_scoreless and not losers_scored else 1
            carry = game[w] - target if self.rules.lap else 0
            games.append(GameResult(w, value, tuple(game), carry))
            game = [0] * len(game)
            game[w] = carry
            won = w
        return game, won

    def _max_games(self) -> int:
        return self.rules.rubber_games + (1 if self.rules.fourth_game_after_lap else 0)


def _over(rules: RuleSet, games: Sequence[GameResult]) -> bool:
    """Law 1: three games, and a fourth when the third laps."""
    n = len(games)
    want = rules.rubber_games
    if n < want:
        return False
    if n == want and want == 3 and rules.fourth_game_after_lap and games[2].lapped > 0:
        return False
    return True
