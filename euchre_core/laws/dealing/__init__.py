"""The shuffle, the cut and the deal as physical events, under Laws 22–45 and 72–73.

A :class:`DealingProcedure` is an immutable state folded from its event log, like the
:class:`~euchre_core.laws.director.Director`: :meth:`DealingProcedure.act` returns the next state. The
pack is a real order of cards; shuffles are seeded (the seed is written into the log, so
a log replays anywhere), the cut lifts real cards and the packets deal them from the top.
An irregular act is not refused: it enters the log and yields a :class:`~euchre_core.laws.rulings.Ruling`
(the laws, the offender, the options of the side entitled to claim). An act the laws
forbid outright (a second shuffle, Law 24; a re-cut, Law 30; fresh cards after the cut,
Law 72) raises :class:`~euchre_core.kernel.errors.IllegalAction`; unreadable input raises
:class:`~euchre_core.kernel.errors.InputError` naming the field. Either leaves the state unchanged.

The procedure ends in an :class:`Outcome` the caller can act on:

- ``deal-stands``: the hands and the turn-up, as a :class:`~euchre_core.kernel.deal.Deal`;
- ``new-deal``: the same dealer deals again (Laws 33, 34, 38, 39; Laws 35–37 when claimed; Law 43);
- ``deal-lost``: the deal passes to the next player (Laws 31, 41, 45);
- ``deal-stopped``: a deal out of turn stopped before the trump card is turned (Law 40);
- ``fresh-cut``: a false cut (Law 29): not final, the players may shuffle again (Law 24) and cut.

Notation: the :mod:`~euchre_core.laws.events` style, with the verbs of :data:`DEALING_VERBS`.

The procedure is written in chapters, one module each (``grep "Law 35"`` or a verb finds its code):
:mod:`~euchre_core.laws.dealing.state` (the fields, the queries, the fold, the helpers they share),
:mod:`~euchre_core.laws.dealing.ends` (the outcomes: a fresh cut, a new deal, the deal lost or
stopped, the deal that stands), :mod:`~euchre_core.laws.dealing.shuffle` (shuffling and the cut,
Laws 22-31), :mod:`~euchre_core.laws.dealing.packets` (the packets, out of turn, misdeals, the
turn: Laws 37, 40-45), :mod:`~euchre_core.laws.dealing.exposed` (cards exposed and touched, Laws
22, 27, 29, 35-37, 39, 43), :mod:`~euchre_core.laws.dealing.pack` (the pack: Laws 33, 34, 38, 72,
73) and :mod:`~euchre_core.laws.dealing.elections` (questions and elections, Laws 5, 40, 44, 85).
Each registers its verbs' handlers in :data:`~euchre_core.laws.dealing.state.HANDLERS`
(``@verb("cut")``); :meth:`DealingProcedure.act` (:class:`~euchre_core.laws.procedure.Procedure`)
looks the verb up there.

>>> p = DealingProcedure.start(dealer="A", seed=1)
>>> p = p.replay(["C: shuffle", "A: shuffle", "D: cut 12", "A: deal 2-3", "A: turn"])
>>> p.outcome.kind, [len(p.outcome.deal.hand(s)) for s in range(4)]
('deal-stands', [5, 5, 5, 5])
>>> q = DealingProcedure.start(dealer="A", seed=1).replay(["C: shuffle", "D: cut 2"])
>>> q.rulings[-1].laws, q.outcome.kind
((29, 24), 'fresh-cut')
>>> DealingProcedure.from_record(p.to_record()) == p
True
"""

from __future__ import annotations

from dataclasses import dataclass

from .elections import Elections
from .ends import Ends
from .exposed import Exposed
from .pack import Pack
from .packets import Packets
from .shuffle import Shuffle
from .state import (
    DEALING_VERBS,
    HANDLERS,
    OUTCOMES,
    DealingPhase,
    DealingState,
    Outcome,
    parse_dealing_event,
)

__all__ = ["DEALING_VERBS", "OUTCOMES", "DealingPhase", "DealingProcedure", "Outcome", "parse_dealing_event"]

HANDLERS.check(DEALING_VERBS)  # every verb of the dealing has its handler, and only those


@dataclass(frozen=True)
class DealingProcedure(Shuffle, Packets, Exposed, Pack, Elections, Ends, DealingState):
    """The shuffle, the cut and the deal for one deal. Immutable: :meth:`act` returns the next state.

    Seats 0–3 are A–D clockwise; the eldest hand is on the dealer's left, the cutter on his
    right. ``dealer`` is the seat whose turn it is to deal (Law 28); ``dealing`` the seat that
    actually deals (another one: Laws 40, 45).
    """
