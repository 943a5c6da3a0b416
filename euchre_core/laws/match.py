"""A rubber played deal after deal: the deal passes to the left (Law 28) and each deal's
points go to the score (Laws 1–3, 7).

>>> import random
>>> rng = random.Random(3)
>>> m = Match.new(seed=3)
>>> while not m.is_over:
...     m = m.apply(rng.choice(m.deal.legal_actions()))
>>> m.rubber.is_over, len(m.rubber.games) >= 3
(True, True)
"""

from __future__ import annotations

from dataclasses import dataclass

from ..kernel import decode
from ..kernel.actions import Action
from ..kernel.deal import Deal
from ..kernel.errors import IllegalAction, InputError
from ..kernel.rules import SOMERSET_1888, RuleSet
from .scoring import Rubber, deal_points_bound, revoke_points_bound

__all__ = ["Match"]


@dataclass(frozen=True)
class Match:
    """A rubber in progress: the score, the current deal and the finished deals."""

    rules: RuleSet
    seed: int
    rubber: Rubber
    deal: Deal
    number: int = 0  # deals dealt so far, the current one included
    history: tuple[Deal, ...] = ()
    turned: bool = False  # the trump card of the current deal has been turned (Law 5)
    before: Rubber | None = None  # the score before the last deal was recorded (Law 5)

    @classmethod
    def new(cls, seed: int = 0, rules: RuleSet = SOMERSET_1888, dealer: int = 0) -> Match:
        """A new rubber; deal ``k`` is shuffled from ``seed * 1000 + k`` so it is reproducible.

        >>> Match.new(seed="x")
        Traceback (most recent call last):
        ...
        euchre_core.kernel.errors.InputError: seed: a whole number is expected, not a string ('x')
        """
        seed = decode.seed(seed)  # 0 to 2**63 - 1, as every seed (docs/engine.md)
        if not isinstance(rules, RuleSet):
            raise InputError(f"not a rule set: {rules!r}", "rules")
        if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < rules.players:
            raise InputError(f"no seat {decode.excerpt(dealer)} at a {rules.players}-handed table", "dealer")
        return cls(rules, seed, Rubber(rules), Deal.shuffled(seed * 1000, dealer=dealer, rules=rules), 1)

    @property
    def is_over(self) -> bool:
        return self.rubber.is_over

    def apply(self, action: Action | str) -> Match:
        """Apply an action to the current deal; when the deal ends, score it and deal the next
        one, the deal passing to the left (Law 28; after a deal passed out too, Law 77)."""
        deal = self.deal.apply(action)
        if not deal.is_over:
            return Match(self.rules, self.seed, self.rubber, deal, self.number, self.history, True, self.before)
        assert deal.result is not None
        rubber = self.rubber.record(deal.result.points, elder=deal.side_of(deal.eldest))
        nxt = (deal.dealer + 1) % deal.n  # Law 28
        new_deal = Deal.shuffled(self.seed * 1000 + self.number, dealer=nxt, rules=self.rules)
        return Match(
            self.rules, self.seed, rubber, new_deal, self.number + 1, self.history + (deal,), before=self.rubber
        )

    def turn(self) -> Match:
        """The dealer turns the trump card of the current deal (from then on, Law 5 closes)."""
        return Match(self.rules, self.seed, self.rubber, self.deal, self.number, self.history, True, self.before)

    def correct_score(self, game: tuple[int, ...] | list[int]) -> Match:
        """Law 5: an error in the score can be rectified at any time before the trump card is
        turned in the next deal. ``game`` is the score, by side, that the game in which the last
        deal was scored should stand at after it (before any game it completed was closed). The
        score is recomputed from the score before that deal, so a correction can undo a game the
        wrong score completed (the game, its double value, the rubber), or complete one.

        >>> m = Match.new(seed=1)
        >>> m.correct_score((1, 0)).rubber.game
        (1, 0)
        >>> m.turn().correct_score((1, 0))
        Traceback (most recent call last):
        ...
        euchre_core.kernel.errors.IllegalAction: the trump card has been turned: the score can no longer be \
rectified (law 5)
        >>> m.correct_score((1, 0)).correct_score((0, 0)).rubber.game       # the last hand's score, again
        (0, 0)
        >>> m.correct_score(None)
        Traceback (most recent call last):
        ...
        euchre_core.kernel.errors.InputError: game: give the score as a list of 2 whole numbers, by side, not None
        """
        if self.turned:
            raise IllegalAction("the trump card has been turned: the score can no longer be rectified", (5,))
        if not isinstance(game, (tuple, list)):
            raise InputError(
                f"give the score as a list of {self.rules.sides} whole numbers, by side, not {decode.excerpt(game)}",
                "game",
            )
        most = deal_points_bound(self.rules) + revoke_points_bound(self.rules)
        if self.before is not None:
            base, lows, highs = self.before, self.before.game, tuple(p + most for p in self.before.game)
        else:
            base, lows, highs = self._restored_base(most)
        fixed = base.corrected(game)
        # Law 5: only the score of the last hand can still be rectified; a correction that takes points away from
        # the score before it, or adds more than one hand can score, corrects an earlier hand: too late
        for side, (low, high, now) in enumerate(zip(lows, highs, game, strict=True)):
            if not low <= now <= high:
                raise IllegalAction(
                    f"side {side} stood at {low} before the last hand, which cannot have scored "
                    f"{now - low}: an error in an earlier hand can no longer be rectified"
                    if self.before is not None
                    else f"side {side} stands at {now}: the last hand cannot have brought it there from the score "
                    "saved; an error in an earlier hand can no longer be rectified",
                    (5,),
                )
        return Match(self.rules, self.seed, fixed, self.deal, self.number, self.history, False, self.before)

    def _restored_base(self, most: int) -> tuple[Rubber, tuple[int, ...], tuple[int, ...]]:
        """Law 5 on a match restored from a saved score (``before`` not kept): the score the correction is
        made from, and the bounds of the corrected game, by side. The last hand was scored in the game in
        progress, unless nothing stands in it but the lap of the game finished last: then that hand is taken
        to be the one that completed that game, which the correction reopens (the reading of Law 5 in the
        lawbook). The score before the last hand is not known: the corrected game may stand anywhere a hand
        can have brought it from some score at or below the saved one."""
        r = self.rubber
        zero = (0,) * self.rules.sides
        last = r.games[-1] if r.games else None
        if last is not None and r.game == tuple(last.lapped if s == last.winner else 0 for s in range(len(zero))):
            base, saved = Rubber(self.rules, zero, r.games[:-1]), last.final  # Law 5: reopen the game it completed
        else:
            base, saved = Rubber(self.rules, zero, r.games), r.game
        return base, tuple(max(0, p - most) for p in saved), tuple(p + most for p in saved)
