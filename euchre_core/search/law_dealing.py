"""Engine players at the shuffle, the cut and the deal (Laws 22-45), under the
:class:`~euchre_core.laws.dealing.DealingProcedure`, as :mod:`euchre_core.search.law_players` plays
the hand under the director.

Nothing here is a rule: the next act by the book is the one the procedure takes without a ruling, in
the order Laws 25, 27, 29 and 42 give it (the dealer's partner shuffles first or waives it, the dealer
shuffles last, the player on his right cuts, the dealer deals and turns the trump card); an election
is valued by dealing the cards the procedure gives and playing them out.

- :func:`next_step`: who acts next by the book, and the acts that are his regular ones.
- :func:`engine_dealing_act`: an engine player's act there (a fair cut, two then three or three then
  two).
- :func:`dealing_values` / :func:`choose_dealing_option`: each option of the awaited election valued
  for the side that elects: a deal that stands is bid and played out, a new deal is worth nothing to
  either side.
- :func:`stop_deal_out_of_turn`: whether a side stops an adversary's deal out of turn before the
  trump card is turned (Law 40), by the same valuing.

>>> from euchre_core.laws.dealing import DealingProcedure
>>> p = DealingProcedure.start("A", seed=4)
>>> next_step(p)                                     # the dealer's partner shuffles first (Law 25)
(2, ['C: shuffle', 'C: decline'])
>>> next_step(p.replay(["C: shuffle", "A: shuffle"]))[0]   # then the player on the dealer's right cuts
3
"""

from __future__ import annotations

import random

from ..kernel.deal import SEAT_NAMES, Deal
from ..kernel.errors import EuchreError
from ..laws.dealing import DealingPhase, DealingProcedure
from ..laws.dealing.state import SIDES
from ..laws.director import Director, Phase
from .law_players import choose_bid, play_out, side_points

__all__ = [
    "next_step",
    "engine_dealing_act",
    "deal_value",
    "dealing_values",
    "choose_dealing_option",
    "stop_deal_out_of_turn",
    "out_of_turn",
]

_MAX_BIDS = 12  # the bidding's acts (eight bids, a discard, a lone hand's word): a guard


def _regular(dp: DealingProcedure, events: list[str]) -> list[str]:
    """The events the procedure takes without a ruling and without ending the dealing otherwise."""
    out = []
    for e in events:
        try:
            after = dp.act(e)
        except EuchreError:
            continue
        o = after.outcome
        # a deal out of turn not stopped stands once its trump card is turned (Law 40: a ruling that ends well)
        if (o is not None and o.kind == "deal-stands") or (o is None and len(after.rulings) == len(dp.rulings)):
            out.append(e)
    return out


def next_step(dp: DealingProcedure) -> tuple[int | None, list[str]]:
    """The seat whose act comes next by the book, and his regular acts (``(None, [])`` when the dealing
    waits for an election or is over): the dealer's partner shuffles or waives his right (Law 25), the
    dealer shuffles last (Law 27), the player on his right cuts (Law 29: a fair cut, four cards or more
    in each packet), the dealer deals (two then three, or three then two: Law 42) and turns the trump
    card. While a deal out of turn goes on, its dealer's acts are the next."""
    if dp.pending is not None or dp.phase in (DealingPhase.TURNED, DealingPhase.OVER):
        return None, []
    dealer, partner, right = dp.dealer, (dp.dealer + 2) % 4, (dp.dealer + 3) % 4
    name = SEAT_NAMES
    if dp.phase is DealingPhase.SHUFFLE:
        if dp.must_reshuffle:
            return dealer, _regular(dp, [f"{name[dealer]}: shuffle"])
        if partner not in dp.shuffled and not dp.declined:
            return partner, _regular(dp, [f"{name[partner]}: shuffle", f"{name[partner]}: decline"])
        if not dp.dealer_shuffled:
            return dealer, _regular(dp, [f"{name[dealer]}: shuffle"])
        size = len(dp.order)
        return right, _regular(dp, [f"{name[right]}: cut {k}" for k in range(4, size - 3)])
    acting = dp.acting
    if dp.phase is DealingPhase.CUT:
        return acting, _regular(dp, [f"{name[acting]}: deal 3-2", f"{name[acting]}: deal 2-3"])
    if dp.phase is DealingPhase.DEAL:
        return acting, _regular(dp, [f"{name[acting]}: give {n}" for n in (2, 3)])
    return acting, _regular(dp, [f"{name[acting]}: turn"])


def engine_dealing_act(dp: DealingProcedure, rng: random.Random) -> str | None:
    """The engine's regular act for the seat whose act comes next (a cut of a fair size, the packets
    in one order or the other, chosen by ``rng``), or None when there is none."""
    _seat, events = next_step(dp)
    if not events:
        return None
    return events[rng.randrange(len(events))]


def _bid_out(st: Director, strength: str, seed: int) -> Director:
    """The bidding and the discard made by every seat as the engine bids."""
    for i in range(_MAX_BIDS):
        if st.phase is not Phase.BIDDING:
            break
        st = st.act(choose_bid(st, st.deal.actor, strength, seed=seed + i))
    return st


def deal_value(deal: Deal, side: int, strength: str = "easy", seed: int = 0) -> float:
    """A deal's worth to ``side``: bid as the engine bids and played out by rule of thumb (points for
    the side less the other side's; a deal nobody makes is worth nothing)."""
    return float(side_points(play_out(_bid_out(Director.start(deal), strength, seed)), side))


def _outcome_value(dp: DealingProcedure, side: int, strength: str) -> float:
    o = dp.outcome
    if o is not None and o.kind == "deal-stands" and o.deal is not None:
        return deal_value(o.deal, side, strength, dp.seed)
    if dp.phase is not DealingPhase.OVER and dp.pending is None:
        finished = _finish(dp)
        if finished is not None:
            return _outcome_value(finished, side, strength)
    return 0.0  # a new deal, the deal passed or stopped: nothing won or lost on these cards


def _finish(dp: DealingProcedure) -> DealingProcedure | None:
    """The dealing completed by its regular acts (the first of each), or None where it needs another."""
    for _ in range(8):
        o = dp.outcome
        if o is not None and o.final:
            return dp
        _seat, events = next_step(dp)
        if not events:
            return None
        dp = dp.act(events[0])
    return None


def dealing_values(dp: DealingProcedure, strength: str = "easy") -> dict[str, float]:
    """Each option of the election the dealing awaits, valued for the side that elects.

    >>> from euchre_core.app.dealing_sandbox import dealing_start_state
    >>> sorted(dealing_values(dealing_start_state(44)))          # the dealer's own election (Law 44)
    ['deal-again', 'pass-deal']
    """
    if dp.pending is None:
        return {}
    r = dp.rulings[dp.pending]
    side = r.chooser if r.chooser is not None else 0
    out: dict[str, float] = {}
    for o in r.options:
        try:
            after = dp.act(f"{SIDES[side]}: choose {o.id}")
        except EuchreError:
            continue
        out[o.id] = _outcome_value(after, side, strength)
    return out


def choose_dealing_option(dp: DealingProcedure, strength: str = "easy") -> str | None:
    """The election best for the side that elects (ties: the first option the ruling lists), as an event."""
    values = dealing_values(dp, strength)
    if not values or dp.pending is None:
        return None
    r = dp.rulings[dp.pending]
    side = r.chooser if r.chooser is not None else 0
    best = max(values, key=lambda k: values[k])
    return f"{SIDES[side]}: choose {best}"


def out_of_turn(dp: DealingProcedure) -> bool:
    """Whether a deal out of turn is going on and may still be stopped (before the trump card is turned:
    Law 40)."""
    return (
        dp.dealing is not None
        and dp.dealing != dp.dealer
        and dp.phase in (DealingPhase.DEAL, DealingPhase.DEALT)
        and dp.pending is None
    )


def stop_deal_out_of_turn(dp: DealingProcedure, side: int, strength: str = "easy") -> str | None:
    """The event by which ``side`` stops a deal out of turn by an adversary (``"A: question deal"``,
    Law 40), when the deal standing would be worth less to it than the rightful dealer's new deal (worth
    nothing either way); None when it lets the deal go on."""
    if not out_of_turn(dp) or dp.acting % 2 == side:
        return None
    seat = dp.dealer if dp.dealer % 2 == side else side
    event = f"{SEAT_NAMES[seat]}: question deal"
    try:
        dp.act(event)
    except EuchreError:
        return None
    return event if _outcome_value(dp, side, strength) < 0 else None
