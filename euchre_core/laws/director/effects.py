"""What an election does, as typed values (Law 85): each option of the pending ruling is made in
the engine (:meth:`~euchre_core.laws.director.state.DirectorState.elect`) and the states before and
after compared. The effects are data (a seat, a card, a requirement, points to a side, who plays
next); the words are the app's (:mod:`euchre_core.app.ruling_voice`).

>>> from euchre_core.kernel.deal import Deal
>>> from euchre_core.laws.director import Director
>>> hands = ["JC AH KH 8S QD".split(), "AC QH 8H JD TS".split(), "7D 8D TD QS TH".split(),
...          "KC TC AS 9S 9H".split()]
>>> t = Director.start(Deal.start(hands, "9C")).replay(["B: pass", "C: pass", "D: pass", "A: order",
...                                                      "A: discard 8S", "C: play 7D"])
>>> out = dict(option_outcomes(t))
>>> [type(e).__name__ for e in out["call-card"]]
['CardTakenBack', 'Bound', 'NextPlays']
>>> out["waive"]
(NextPlays(seat=3, leads=False),)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...kernel.cards import Card
from ...kernel.errors import EuchreError
from ..rulings import Election, Ruling
from .state import Phase, Requirement

if TYPE_CHECKING:
    from . import Director as DirectorState

__all__ = [
    "Bound",
    "CardTakenBack",
    "Effect",
    "HandEnds",
    "NewDeal",
    "NextPlays",
    "NextSpeaks",
    "NextDiscards",
    "Refused",
    "RulingFollows",
    "Scored",
    "option_outcomes",
    "state_effects",
]


@dataclass(frozen=True)
class CardTakenBack:
    """A card played to the trick goes back to its player's hand (Law 53)."""

    seat: int
    card: Card


@dataclass(frozen=True)
class Bound:
    """A call now binds a player: a card, a suit at the next lead, highest/lowest, win/lose (its
    :class:`~euchre_core.laws.director.state.Call` kind); ``next_trick`` when it binds him in the trick
    after the one in play (Law 47: "the first or any other of those tricks")."""

    requirement: Requirement
    next_trick: bool = False


@dataclass(frozen=True)
class RulingFollows:
    """The election makes another ruling (the card withdrawn, the omission ruled ...)."""

    ruling: Ruling


@dataclass(frozen=True)
class NewDeal:
    """The deal is void: a new deal by the same dealer (Laws 33, 60)."""

    laws: tuple[int, ...]


@dataclass(frozen=True)
class HandEnds:
    """The play stops here (Law 70: the revoking side lets it stop)."""


@dataclass(frozen=True)
class Scored:
    """Points to a side (``points`` 0: an entry with no points, e.g. the deal scored nothing)."""

    side: int
    points: int
    what: str  # the score entry's name ("march", "revoke penalty" ...): a noun of the score sheet
    laws: tuple[int, ...]


@dataclass(frozen=True)
class NextPlays:
    """Who plays next (``leads``: to an empty trick)."""

    seat: int
    leads: bool


@dataclass(frozen=True)
class NextSpeaks:
    """Who speaks next in the bidding."""

    seat: int


@dataclass(frozen=True)
class NextDiscards:
    """The dealer, who took up the trump card, discards next (the bidding is over; Law 88)."""

    seat: int


@dataclass(frozen=True)
class Refused:
    """The engine refuses the election here (its reason and laws)."""

    reason: str
    laws: tuple[int, ...]


Effect = (
    CardTakenBack
    | Bound
    | RulingFollows
    | NewDeal
    | HandEnds
    | Scored
    | NextPlays
    | NextSpeaks
    | NextDiscards
    | Refused
)


def _score_entries(state: DirectorState) -> list[Scored]:
    out = []
    for e in state.result()["entries"]:
        side = "ABCD".index(e["side"][0]) % 2
        out.append(Scored(side, int(e["points"] or 0), str(e["what"]), tuple(e["laws"])))
    return out


def next_to_act(state: DirectorState) -> tuple[Effect, ...]:
    """Who acts next: a player to the trick, or a player in the bidding (nothing while an election
    is pending, or once the hand is over)."""
    if state.phase is Phase.PLAY and state.pending is None:
        return (NextPlays(state.actor, not state.trick),)
    if state.phase is Phase.BIDDING and state.deal.phase == "discard":
        return (NextDiscards(state.deal.actor),)
    if state.phase is Phase.BIDDING:
        return (NextSpeaks(state.deal.actor),)
    return ()


def state_effects(before: DirectorState, after: DirectorState) -> tuple[Effect, ...]:
    """What changed from ``before`` to ``after``, in the order it happens: the cards taken back, the
    calls made binding, the rulings that follow, a new deal, the hand's end, the score, who acts next."""
    out: list[Effect] = []
    for seat, card in sorted(set(before.trick) - set(after.trick), key=lambda sc: sc[0]):
        out.append(CardTakenBack(seat, card))
    out += [
        Bound(req, next_trick=req.trick is not None and req.trick > len(after.tricks))
        for req in after.requirements
        if req not in before.requirements
    ]
    out += [RulingFollows(r) for r in list(after.rulings)[len(before.rulings) :]]
    if after.new_deal and not before.new_deal:
        out.append(NewDeal(after.new_deal))
    if after.phase in (Phase.CLAIMS, Phase.DONE) and before.phase is Phase.PLAY:
        out.append(HandEnds())
    was = before.result()["entries"]
    if after.result()["entries"] != was or after.phase is not before.phase:
        out += _score_entries(after)
    out += next_to_act(after)
    return tuple(out)


def option_outcomes(state: DirectorState) -> list[tuple[str, tuple[Effect, ...]]]:
    """Each option of the pending ruling with what electing it does (a suit call names hearts, the
    first suit the rules allow: the effect is the same for every suit)."""
    if state.pending is None:
        return []
    r = state.rulings[state.pending]
    out: list[tuple[str, tuple[Effect, ...]]] = []
    for o in r.options:
        try:
            after = state.elect(Election(o.id, suit=2 if o.id == "call-suit" else None))
            out.append((o.id, state_effects(state, after)))
        except EuchreError as error:
            laws: tuple[int, ...] = getattr(error, "laws", ())
            out.append((o.id, (Refused(getattr(error, "reason", str(error)), tuple(laws)),)))
    return out
