"""The table director: a deal played by people, irregularities and all.

The :class:`Director` folds physical :class:`~euchre_core.laws.events.Event`\\ s. A lawful act is
passed to the regular rules (:class:`~euchre_core.kernel.deal.Deal` for the bidding and the
discard; the play is kept here so that cards can be led out of turn, revoked, taken back,
exposed and called). An act that breaks a law is *not* refused: it enters the log, the
director recognises the irregularity and issues a :class:`~euchre_core.laws.rulings.Ruling`
(the laws, the offender, the options of the non-offending side, the effects), waits for
the election when there is one (Law 85), enforces the option chosen in the play that
follows, and scores the result (Laws 2–4, 63, 71, 90, 102 ...).

What a program cannot tell (who touched the cards first, whether a question was answered,
whether the partners consulted) enters as an event too.

>>> from euchre_core.kernel.deal import Deal
>>> hands = ["JC AH KH 8S QD".split(), "AC QH 8H JD TS".split(), "7D 8D TD QS TH".split(),
...          "KC TC AS 9S 9H".split()]
>>> t = Director.start(Deal.start(hands, "9C"))
>>> for e in ["B: pass", "C: pass", "D: pass", "A: order", "A: discard 8S", "C: play 7D"]:
...     t = t.act(e)
>>> r = t.rulings[-1]
>>> r.kind, r.laws, [o.id for o in r.options]
(<Irregularity.LEAD_OUT_OF_TURN: 'lead-out-of-turn'>, (52, 53), ['call-card', 'call-suit', 'waive'])
>>> t = t.act("BD: choose call-card")
>>> t.actor_name, t.requirements[0].kind, t.phase
('B', Call.PLAY_CARD, Phase.PLAY)

The director is written in chapters, one module each (``grep "Law 64"`` or a verb finds its
code): :mod:`~euchre_core.laws.director.state` (the fields, the queries, the helpers they share),
:mod:`~euchre_core.laws.director.bidding` (Laws 74-99), :mod:`~euchre_core.laws.director.play`
(the play, Laws 33, 60, 61, 64), :mod:`~euchre_core.laws.director.outofturn` (out of turn and the
lone hand, Laws 47, 50, 52-53, 58-59, 100-105), :mod:`~euchre_core.laws.director.calls` (exposed
cards and calls, Laws 46, 48-51, 54-57, 83), :mod:`~euchre_core.laws.director.revokes` (Laws 62-71),
:mod:`~euchre_core.laws.director.elections` (Law 85) and :mod:`~euchre_core.laws.director.score`.
Each registers its verbs' handlers in :data:`~euchre_core.laws.director.state.HANDLERS`
(``@verb("play")``); :meth:`Director.act` (:class:`~euchre_core.laws.procedure.Procedure`) looks
the verb up there.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..events import VERBS
from ..rulings import Chooser, Election
from .bidding import Bidding  # noqa: I001  (the chapters after the state)
from .calls import Calls
from .elections import Elections
from .outofturn import OutOfTurn
from .play import Play
from .revokes import Revokes
from .score import Score
from .state import HANDLERS, Call, DirectorState, Phase, Requirement, Revoke  # the state first

__all__ = ["Call", "Chooser", "Director", "Election", "Phase", "Revoke", "Requirement"]

HANDLERS.check(VERBS)  # every verb of the play has its handler, and only those


@dataclass(frozen=True)
class Director(Bidding, Play, OutOfTurn, Calls, Revokes, Elections, Score, DirectorState):
    """A deal under the director. Immutable: :meth:`act` returns the next state."""
