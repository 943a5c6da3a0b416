"""The director's chapter on the score: the deal's points with the rulings applied (Law 4: the
revoke penalty first; Laws 50, 63, 67, 71, 90, 102), and the state as JSON."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...kernel.cards import cards_of_mask
from ...kernel.deal import SEAT_NAMES, DealResult, score_deal
from .state import DirectorState, Phase

if TYPE_CHECKING:
    pass

__all__ = ["Score"]

_REVOKE = "revoke"  # the entry of the revoke penalty (Laws 4, 63, 71), scored before all others


class Score(DirectorState):
    """The score (Laws 2-4, 50, 63, 67, 71, 90, 102) and the state as JSON."""

    def result(self) -> dict[str, Any]:
        """The deal's score with the rulings applied, as ordered entries (Law 4: the revoke
        penalty first) and totals by side."""
        entries = self._entries()
        totals = [0] * self.deal.rules.sides
        for _, side, p, _ in entries:
            totals[side] += p
        sides = self.deal.rules.sides
        return {
            "entries": [
                {"what": w, "side": self.side_name(s), "points": p, "laws": list(laws)} for w, s, p, laws in entries
            ],
            "points": {self.side_name(i): totals[i] for i in range(sides)},
            "tricks_won": {
                self.side_name(i): sum(w for s, w in enumerate(self.won) if self.side_of(s) == i) for i in range(sides)
            },
            "complete": self.phase in (Phase.CLAIMS, Phase.DONE),
            "new_deal": bool(self.new_deal),
        }

    def tally(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The deal's score by side in the two stages the score takes them (Law 4): the revoke
        penalties (Laws 63, 71), then every other point (the deal's, Laws 2-3, 102; a forfeit, Law 90;
        a hand abandoned, Law 50): the ``revoke`` and ``deal_points`` of
        :meth:`~euchre_core.laws.scoring.Rubber.record`."""
        sides = self.deal.rules.sides
        penalties, points = [0] * sides, [0] * sides
        for what, side, p, _ in self._entries():
            (penalties if what == _REVOKE else points)[side] += p
        return tuple(penalties), tuple(points)

    def _entries(self) -> list[tuple[str, int, int, tuple[int, ...]]]:
        d = self.deal
        sides = d.rules.sides
        entries: list[tuple[str, int, int, tuple[int, ...]]] = []  # (what, side, points, laws)
        if d.phase == "done" and d.result is not None and self.phase is not Phase.PLAY:
            res: DealResult | None = d.result
        elif self.phase in (Phase.CLAIMS, Phase.DONE) and d.maker is not None:
            by_side = [0] * sides
            for s, w in enumerate(self.won):
                by_side[self.side_of(s)] += w
            res = score_deal(d.rules, self.side_of(d.maker), d.maker, d.alone, d.level, tuple(by_side))
        else:
            res = None
        # Laws 63, 71, 4: revokes
        claimed = self.claimed
        counts = [0] * sides
        for r in self.revokes:
            if r.established and (1 - self.side_of(r.seat)) in claimed:
                counts[self.side_of(r.seat)] += 1
        for side in self.mixed:  # Law 67: the revoke claimed is established
            counts[side] += 1
        if sides == 2:
            net = counts[0] - counts[1]  # Law 71: equal numbers cancel
            if not net and counts[0]:
                entries.append(("revokes on both sides cancel", 0, 0, (71,)))
            if net:
                offender = 0 if net > 0 else 1
                per = self._revoke_points()
                entries.append((_REVOKE, 1 - offender, per * abs(net), (4, 63, 71)))
        if self.new_deal or not self.played_out:
            res = None
        if self.new_deal == (33,):
            # Law 33, reading: the hand voided for an imperfect pack scores nothing, its revoke penalty included
            # ("all points scored on previous hands stand": only those), whether the revoke was claimed before or
            # after the pack was found imperfect
            entries = []
        if self.abandoned is not None and d.alone is not None:
            entries.append(("hand abandoned", self.side_of(d.alone), 5, (50,)))
            res = None
        if res is not None and not res.passed_out:
            for side in range(sides):
                p = res.points[side]
                if not p:
                    continue
                if side in self.forfeit:
                    continue  # Law 90: not entitled to score
                if self.capped and d.alone is not None and side == self.side_of(d.alone) and res.march:
                    p = min(p, 2)  # Law 102
                if self.capped and d.alone is not None and side != self.side_of(d.alone) and res.euchred:
                    p = max(p, 4)  # Law 102: a euchre scores four
                entries.append(("deal", side, p, (2, 3) if not self.capped else (2, 3, 102)))
        for side in self.forfeit:
            per = 4 if d.alone is not None else 2
            entries.append(("forfeit (wrong number of cards)", 1 - side if sides == 2 else side, per, (90,)))
        return entries

    def to_json(self) -> dict[str, Any]:
        return {
            "phase": self.phase.value,
            "actor": self.actor_name,
            "rulings": [r.to_json() for r in self.rulings],
            "pending": self.pending,
            "requirements": [r.describe() for r in self.requirements],
            "exposed": {SEAT_NAMES[s]: [str(c) for c in cards_of_mask(m)] for s, m in enumerate(self.exposed) if m},
            "revokes": [
                {
                    "seat": SEAT_NAMES[r.seat],
                    "trick": r.trick + 1,
                    "card": str(r.card),
                    "established": r.established,
                    "corrected": r.corrected,
                    "kind": r.kind,
                }
                for r in self.revokes
            ],
            "tricks": [
                {
                    "leader": SEAT_NAMES[t.leader],
                    "cards": [[SEAT_NAMES[s], str(c)] for s, c in t.cards],
                    "winner": SEAT_NAMES[t.winner],
                }
                for t in self.tricks
            ],
            "score": self.result(),
        }
