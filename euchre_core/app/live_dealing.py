"""Play under the laws, at the shuffle, the cut and the deal (Laws 22-45): what the reader may do while
the cards of a live game are dealt at the table, what he may break, what he may claim, and the
dealing in words from his chair, for :mod:`euchre_core.app.live_game`.

Every act is asked of the :class:`~euchre_core.laws.dealing.DealingProcedure` itself: a regular act is
one it takes without a ruling (:func:`euchre_core.search.law_dealing.next_step`), a breach one it rules
an irregularity (a deal out of turn, a packet of the wrong size, a card exposed in dealing, a false cut,
a shuffle after the cut ...), a claim one that stops an adversary's deal out of turn (Law 40).

>>> from euchre_core.laws.dealing import DealingProcedure
>>> p = DealingProcedure.start("A", seed=4)
>>> [a["label"] for a in dealing_acts(p, 2, None)]           # C, the dealer's partner, shuffles first
['Shuffle the pack', 'Let the dealer shuffle (waive your right to shuffle first: law 25)']
>>> q = p.replay(["C: shuffle", "A: shuffle", "D: cut 12"])
>>> [b["label"] for b in dealing_breaches(q, 1)][:1]          # B may deal out of turn
['Deal the cards yourself, out of turn']
"""

from __future__ import annotations

from typing import Any

from ..kernel.deal import SEAT_NAMES
from ..kernel.errors import EuchreError
from ..laws.dealing import DealingPhase, DealingProcedure, parse_dealing_event
from ..laws.director import Director
from ..search import law_dealing as ld
from ..search import law_players as lp
from .dealing_sandbox import dealing_words
from .live_words import bid_words, label
from .ruling_voice import Seats, dealing_moment

__all__ = [
    "dealing_acts",
    "dealing_breaches",
    "dealing_claims",
    "dealing_log",
    "speak_breaches",
    "dealing_rulings",
    "dealing_hand",
    "exposed_in_dealing",
    "DEALING_PHASE_WORDS",
]

#: The stage of the dealing, for the table's bar.
DEALING_PHASE_WORDS = {
    DealingPhase.SHUFFLE: "the pack is being shuffled",
    DealingPhase.CUT: "the pack is cut",
    DealingPhase.DEAL: "the cards are being dealt",
    DealingPhase.DEALT: "every packet is dealt; the trump card is not turned",
    DealingPhase.TURNED: "the trump card is turned",
    DealingPhase.OVER: "the dealing is over",
}

_CUTS_OFFERED = (4, 10, 16, 22, 28)  # a row of fair cuts (Law 29: four cards or more in each packet)


def _regular_words(event: str, dp: DealingProcedure) -> str:
    ev = parse_dealing_event(event)
    arg = ev.args[0] if ev.args else ""
    if ev.verb in ("shuffle", "decline", "turn"):
        return label(ev.verb)
    if ev.verb == "cut":
        return label("cut", n=arg)
    if ev.verb == "deal":
        return label("deal-3-2" if arg == "3-2" else "deal-2-3")
    if ev.verb == "give":
        return label("give", n=arg)
    return dealing_words(event, dp)


def dealing_acts(dp: DealingProcedure, you: int, pause: str | None) -> list[dict[str, Any]]:
    """The reader's regular acts in the dealing now: his act by the book (shuffle or waive, cut, deal,
    turn), or, at a pause where the table waits for him, the act of letting it go on."""
    seats = Seats(you, dp.dealer)
    me = SEAT_NAMES[you]
    if pause == "cut":
        return [{"event": f"{me}: go", "label": label("let-deal", seat=seats.name(dp.acting))}]
    seat, events = ld.next_step(dp)
    if seat != you:
        return []
    if dp.phase is DealingPhase.SHUFFLE and any(parse_dealing_event(e).verb == "cut" for e in events):
        events = [e for e in events if int(parse_dealing_event(e).args[0]) in _CUTS_OFFERED]
    return [{"event": e, "label": _regular_words(e, dp)} for e in events]


def _ruled(dp: DealingProcedure, event: str) -> bool:
    """Whether the procedure takes ``event`` and rules it (a ruling, or the dealing ended otherwise)."""
    try:
        after = dp.act(event)
    except EuchreError:
        return False
    o = after.outcome
    return len(after.rulings) > len(dp.rulings) or (o is not None and o.kind != "deal-stands")


def dealing_breaches(dp: DealingProcedure, you: int) -> list[dict[str, Any]]:
    """The laws of the dealing the reader may break now, each an act the procedure rules: a deal out of
    turn (Law 40), a packet of the wrong size (Laws 41, 42), a shuffle after the cut (Law 31), a false
    cut (Law 29), a card exposed in shuffling, cutting or dealing (Laws 22, 29, 35, 39), the cards touched
    during the deal (Laws 35, 36, 43), the deal questioned when it is the dealer's (Law 44)."""
    if dp.pending is not None and dp.phase is DealingPhase.TURNED:
        return []
    me = SEAT_NAMES[you]
    candidates: list[tuple[str, str]] = []
    if dp.phase is DealingPhase.SHUFFLE:
        candidates += [(f"{me}: cut {k}", label("false-cut", n=k)) for k in (2, 30)]
    if dp.phase in (DealingPhase.CUT, DealingPhase.DEAL, DealingPhase.DEALT):
        candidates.append((f"{me}: shuffle", label("shuffle-after-cut")))
    if dp.phase is DealingPhase.CUT and dp.acting != you:
        candidates.append((f"{me}: deal 3-2", label("deal-out-of-turn")))
    if dp.phase in (DealingPhase.CUT, DealingPhase.DEAL) and dp.acting == you:
        candidates += [
            (f"{me}: give {n}", label("give-wrong", n=n, cards="card" if n == 1 else "cards")) for n in (1, 4)
        ]
    if dp.phase is DealingPhase.DEALT and dp.acting != you:
        candidates.append((f"{me}: turn", label("turn-out-of-turn")))
    exposing = label("expose-dealing" if dp.acting == you and dp.phase is not DealingPhase.SHUFFLE else "let-be-seen")
    candidates.append((f"{me}: expose", exposing))
    candidates.append((f"{me}: touch", label("touch")))
    if not ld.out_of_turn(dp) and dp.acting != you:
        candidates.append((f"{me}: question deal", label("question-deal")))
    return [{"event": e, "label": label} for e, label in candidates if _ruled(dp, e)]


def dealing_claims(dp: DealingProcedure, you: int) -> list[dict[str, Any]]:
    """What the reader may claim in the dealing: an adversary's deal out of turn stopped before the trump
    card is turned (Law 40)."""
    if not ld.out_of_turn(dp) or dp.acting % 2 == you % 2:
        return []
    event = f"{SEAT_NAMES[you]}: question deal"
    if not _ruled(dp, event):
        return []
    return [
        {
            "event": event,
            "kind": "deal-out-of-turn",
            "label": label("stop-deal"),
            "laws": [40],
            "until": label("until-stop-deal"),
        }
    ]


def speak_breaches(st: Director, you: int) -> list[dict[str, Any]]:
    """The bids the reader may make before his turn (Laws 79-82), each one the director rules an offence
    (or, for the suit turned down, an act the laws turn into a pass: Law 78)."""
    me = SEAT_NAMES[you]
    out = []
    for verb in ["pass", "order", "order alone"] + [f"call {s}" for s in "CDHS"]:
        e = f"{me}: {verb}"
        if lp.breaks_a_law(st, e, you):
            out.append({"event": e, "label": label("before-turn", bid=bid_words(verb))})
    return out


def dealing_log(dp: DealingProcedure, events: tuple[str, ...]) -> list[str]:
    """A deal's dealing events in words, the reader's pauses (``go``) left out."""
    out = []
    for e in events:
        try:
            out.append(dealing_words(e, dp))
        except EuchreError:
            continue  # the reader's "go": no act of the laws
    return out


def dealing_rulings(chain: tuple[DealingProcedure, ...], you: int | None) -> list[dict[str, Any]]:
    """The rulings of a deal's dealing, each told from the reader's chair (one per dealing procedure that
    ruled: its latest ruling, the earlier ones under it)."""
    out = []
    for p in chain:
        if not p.rulings:
            continue
        told = dealing_moment(p, None, you)
        r = p.rulings[p.pending] if p.pending is not None else p.rulings[-1]
        told["kind"] = r.kind.value if r.kind is not None else None
        told["offender"] = SEAT_NAMES[r.offender] if r.offender is not None else None
        told["valued"] = None
        told["chosen"] = r.chosen
        out.append(told)
    return out


def dealing_hand(dp: DealingProcedure, seat: int) -> list[str]:
    """The cards ``seat`` has received so far."""
    return [str(c) for c in dp.received[seat]]


def exposed_in_dealing(dp: DealingProcedure) -> dict[str, list[str]]:
    """The cards exposed in the dealing, by the seat they lie with."""
    out: dict[str, list[str]] = {}
    for seat, card, _ in dp.exposed:
        holder = next((s for s in range(4) if card in dp.received[s]), seat)
        out.setdefault(SEAT_NAMES[holder], []).append(str(card))
    return out
