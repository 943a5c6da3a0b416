"""Play under the laws: whose move it is in a live game, and the engine players' acts until the reader's.

:func:`waiting_for` says who the game waits for (a bid, a card, an election, an answer, the next trick,
the claims and the cut, the reader's part in the dealing, a pause where he may act out of turn);
:func:`engine_step` is the engine's next act and :func:`advance` plays them until the reader's turn. The
engine players are :mod:`euchre_core.search.law_players` and :mod:`euchre_core.search.law_dealing`.

>>> from euchre_core.app.live_record import LiveGame
>>> g = advance(LiveGame.fold({"seed": 4, "seat": "C", "deals": [[]]}))
>>> waiting_for(g)[0] in ("bid", "play")
True
"""

from __future__ import annotations

import functools
import random

from ..kernel.deal import SEAT_NAMES, Deal
from ..kernel.errors import EuchreError
from ..laws.director import Director, Phase
from ..laws.rulings import Irregularity
from ..search import law_dealing as ld
from ..search import law_players as lp
from .live_record import LiveGame, dealing_pause

_ENGINE_STEPS = 200  # the engine's acts between two of the reader's (a guard: a deal needs about 30)

__all__ = ["waiting_for", "due", "readers", "engine_step", "engine_elects", "advance", "election", "deal_start"]


def waiting_for(g: LiveGame, pause: bool = False) -> tuple[str, int | None]:
    """Who the game waits for: ``("elect", side)``, ``("answer", seat)``, ``("bid", seat)``,
    ``("play", seat)``, ``("claims", None)`` (the hand is played: claims, then the cut), ``("over", None)``;
    with ``pause`` (the reader's "Play any card"), ``("wait", seat)`` before an engine player's bid or card
    while the reader could still bid or play before him (out of turn)."""
    what, who = due(g)
    if pause and what in ("bid", "play") and who is not None and who != g.you and _could_act_first(g):
        return "wait", g.you
    return what, who


def _could_act_first(g: LiveGame) -> bool:
    """Whether the reader, not to act now, could still bid or play before the player who is: in the
    bidding (once it has begun, when the game is dealt at the table: the turned trump has its own pause),
    or in a trick he has not played to."""
    st = g.st
    if st.phase is Phase.BIDDING:
        return st.deal.phase != "discard" and (g.dealing is None or bool(g.deals[-1]))
    if st.phase is not Phase.PLAY or g.you not in st.active() or not st.hands[g.you]:
        return False
    return all(s != g.you for s, _ in st.trick)


def due(g: LiveGame) -> tuple[str, int | None]:
    """Who is due to act by the laws' order (see :func:`waiting_for`)."""
    st = g.st
    if g.rubber.is_over:
        return "over", None
    dp = g.dp
    if dp is not None and g.in_dealing:
        if dp.pending is not None:
            r = dp.rulings[dp.pending]
            return "elect", r.chooser if r.chooser is not None else 0
        if dealing_pause(g) is not None:
            return "deal", g.you
        return "deal", ld.next_step(dp)[0]
    if dealing_pause(g) is not None:
        return "speak", g.you
    if st.pending is not None:
        r = st.rulings[st.pending]
        return "elect", r.chooser if r.chooser is not None else 0
    if st.question is not None:
        return "answer", st.question
    last = st.rulings[-1] if st.rulings else None
    if last is not None and last.kind is Irregularity.QUESTION_ANSWERED and last.offender == g.you:
        if lp.corrections(st, g.you):  # he answered that he holds one: he corrects his revoke (Laws 65, 69)
            return "correct", g.you
    if st.phase is Phase.BIDDING:
        return "bid", st.deal.actor
    if st.phase is Phase.PLAY and st.tricks and not st.trick and not st.quitted and st.actor != g.you:
        # the trick is complete and still face up: the reader sees it, and may claim, before it is turned
        # and quitted (Law 64) and the winner leads; or lead out of turn himself (Laws 52, 53)
        return "next", None
    if st.phase is Phase.PLAY:
        return "play", st.actor
    if st.phase is Phase.CLAIMS:
        return "claims", None
    return "over", None


def readers(g: LiveGame, what: str, who: int | None) -> bool:
    if what == "elect":
        return who == g.side()
    if what in ("speak", "wait"):
        return True
    if what in ("bid", "play", "answer", "deal", "correct"):
        return who == g.you
    return what in ("claims", "next")


def _rng(g: LiveGame) -> random.Random:
    """The engine's dice at this moment of the game: reproducible from the seed and the events."""
    dealt = 31 * len(g.dealing[-1]) if g.dealing else 0
    return random.Random(g.seed * 7919 + len(g.deals) * 1009 + len(g.deals[-1]) + dealt)


def _engine_answer(g: LiveGame, seat: int) -> str:
    """Law 65: asked whether he has none of the suit, the engine player answers truly (yes when he has
    revoked in this trick and has not corrected it)."""
    st = g.st
    idx = len(st.tricks) - (0 if st.trick else 1)
    mine = any(r.seat == seat and r.trick == idx and not r.established and not r.corrected for r in st.revokes)
    return f"{SEAT_NAMES[seat]}: answer {'yes' if mine else 'no'}"


def engine_step(g: LiveGame, pause: bool = False) -> str | None:
    """The engine's next act, or None when the game waits for the reader."""
    what, who = waiting_for(g, pause)
    st = g.st
    if what == "over":
        return None
    dp = g.dp
    if dp is not None and g.in_dealing:
        # the engine's side stops the reader's side's deal out of turn when it would cost them (Law 40)
        stop = ld.stop_deal_out_of_turn(dp, 1 - g.side(), g.strength)
        if stop is not None:
            return stop
        if readers(g, what, who) or who is None:
            return None
        if what == "elect":
            return ld.choose_dealing_option(dp, g.strength)
        return ld.engine_dealing_act(dp, _rng(g))
    fix = _engine_correction(g)
    if fix is not None:
        return fix
    if what == "claims":
        for side in (1 - g.side(),):
            claim = lp.engine_claim(st, side)
            if claim is not None and claim not in g.deals[-1]:
                return claim
        return None
    if readers(g, what, who):
        return None
    assert who is not None
    if what == "elect":
        return election(deal_start(g).deal, g.deals[-1], g.seed).event
    if what == "answer":
        return _engine_answer(g, who)
    if what == "bid":
        return lp.choose_bid(st, who, g.strength, seed=g.seed + len(g.deals[-1]))
    rng = _rng(g)
    if g.err and rng.randrange(100) < g.err:
        # only the reader's adversaries err: every slip is one the reader can claim
        slips = [e for seat in (1 - g.side(), 3 - g.side()) if seat == who or not st.trick for e in lp.slips(st, seat)]
        if slips:
            return lp.pick(rng, slips)
    opp = _call_exposed(g)
    if opp is not None:
        return opp
    card = lp.choose_play(st, who, g.strength, seed=g.seed + len(g.deals[-1]))
    return f"{SEAT_NAMES[who]}: play {card}"


def _engine_correction(g: LiveGame) -> str | None:
    """Laws 65, 69: an engine player who has answered his partner's question "yes" (he holds a card of
    the suit) corrects his revoke at once, playing a card of the suit instead."""
    st = g.st
    last = st.rulings[-1] if st.rulings else None
    if last is None or last.kind is not Irregularity.QUESTION_ANSWERED or last.offender in (None, g.you):
        return None
    assert last.offender is not None
    fixes = lp.corrections(st, last.offender)
    return fixes[0] if fixes else None


def _call_exposed(g: LiveGame) -> str | None:
    """The engine's side calls the reader's side's exposed card (Laws 46, 56) when it is worth more
    to it than letting the card lie (the hand played out both ways)."""
    st = g.st
    side = 1 - g.side()
    if st.phase is not Phase.PLAY or st.side_of(st.actor) != g.side():
        return None
    letting_lie: int | None = None  # the hand played out without the call: once, for every card it could call
    for c in lp.claims_open(st, side):
        if c.kind != "call-card" or c.seat != st.actor or c.event in g.deals[-1]:
            continue
        try:
            after = st.act(c.event)
        except EuchreError:
            continue
        if letting_lie is None:
            letting_lie = lp.side_points(lp.play_out(st), side)
        if lp.side_points(lp.play_out(after), side) > letting_lie:
            return c.event
    return None


def advance(g: LiveGame, pause: bool = False, hold: bool = False) -> LiveGame:
    """The engine plays until the game waits for the reader (with ``pause``, also before each engine bid or
    card the reader could still forestall; with ``hold``, also before an engine side's election, so that the
    ruling the reader's act drew is shown at once and the engine's thinking follows in another call)."""
    for _ in range(_ENGINE_STEPS):
        if hold and engine_elects(g):
            return g
        event = engine_step(g, pause)
        if event is None:
            return g
        g = g.with_event(event)
    return g


def engine_elects(g: LiveGame) -> bool:
    """Whether the game waits for an engine side's election (of the play or of the dealing)."""
    what, who = waiting_for(g)
    return what == "elect" and who != g.side()


@functools.lru_cache(maxsize=64)
def election(deal: Deal, events: tuple[str, ...], seed: int) -> lp.Valued:
    """The engine side's election after ``events`` of the deal, with each election's value as it valued
    them (:func:`~euchre_core.search.law_players.choose_sampled`): kept, as the page asks again for the
    values each time it tells the ruling."""
    return lp.choose_sampled(deal, events, seed=seed)


def deal_start(g: LiveGame) -> Director:
    """The current deal as it was dealt, under the director."""
    return g.dealt(len(g.deals) - 1, g.dealer)
