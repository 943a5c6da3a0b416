"""EGN written out: :func:`export_egn` (a JSON-ready EGN record of an imported game, or of deals
played with the engine) and :func:`replay_json` (the ``replay FILE --json`` form: each deal's tricks,
makers and points).
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Any

from ..kernel.cards import Card
from ..kernel.deal import SEAT_NAMES, Deal
from ..kernel.rules import MODERN_24
from .egn_notation import egn_card, egn_ruleset
from .egn_types import (
    BIDDING,
    CALL_ANNOTATION_KEYS,
    EGN_FILE_TYPE,
    EGN_VERSION,
    PLAY,
    PLAY_ANNOTATION_KEYS,
    SEATS,
    EgnDeal,
    EgnError,
    EgnGame,
)

__all__ = ["export_egn", "replay_json"]


# ---------------------------------------------------------------------------------------------- export
def export_egn(
    game_or_deals: EgnGame | Deal | Sequence[Deal] | Sequence[EgnDeal],
    metadata: Mapping[str, Any] | None = None,
    *,
    with_hands: bool = False,
    keep_extra: bool = True,
) -> dict[str, Any]:
    """Write EGN (a JSON-ready dict) for an imported game, or for deals played with the engine.

    For an :class:`EgnGame` the export records what the file recorded (hands, kitty, discard,
    ``initialLead``), with its metadata, annotations, alternative lines and other fields
    (``keep_extra``); the calls and tricks are written from the replayed states, so
    re-importing the export gives the same deals. For engine :class:`Deal` states the hands as
    dealt, the kitty (the stock), the calls, the discard and the tricks are written, and the
    rules become the ``ruleset`` (:class:`EgnError` when EGN cannot record the rules or an
    action, e.g. a partner taking it alone). ``with_hands`` adds ``playerCards`` for every seat
    whose whole hand is known (recorded or seen in the play).
    """
    if isinstance(game_or_deals, EgnGame):
        game = game_or_deals
        meta = copy.deepcopy(dict(metadata if metadata is not None else game.metadata))
        if "ruleset" not in meta and game.rules != MODERN_24:
            meta["ruleset"] = egn_ruleset(game.rules)
        out: dict[str, Any] = {"fileType": game.file_type or EGN_FILE_TYPE, "version": game.version, "metadata": meta}
        out["deals"] = [_export_deal(d, with_hands=with_hands, keep_extra=keep_extra) for d in game.deals]
        if keep_extra:
            out.update(copy.deepcopy(game.extra))
        return out
    items: list[Any] = [game_or_deals] if isinstance(game_or_deals, (Deal, EgnDeal)) else list(game_or_deals)
    if not items:
        raise EgnError("nothing to export: no deals", "deals")
    if all(isinstance(d, EgnDeal) for d in items):
        rules = items[0].state.rules
        meta = copy.deepcopy(dict(metadata)) if metadata is not None else {}
        meta.setdefault("ruleset", egn_ruleset(rules))
        return {
            "fileType": EGN_FILE_TYPE,
            "version": EGN_VERSION,
            "metadata": meta,
            "deals": [_export_deal(d, with_hands=with_hands, keep_extra=keep_extra) for d in items],
        }
    if not all(isinstance(d, Deal) for d in items):
        raise EgnError("export an EgnGame, or engine Deal states", "deals")
    rules = items[0].rules
    for i, d in enumerate(items):
        if d.rules != rules:
            raise EgnError("all deals of a game are played under the same rules", f"deals[{i}]")
    meta = copy.deepcopy(dict(metadata)) if metadata is not None else {}
    meta.setdefault("title", "Euchre game")
    meta.setdefault("players", ["Player0", "Player1", "Player2", "Player3"])
    meta.setdefault("initialScore", [0, 0])
    meta["ruleset"] = egn_ruleset(rules)
    return {
        "fileType": EGN_FILE_TYPE,
        "version": EGN_VERSION,
        "metadata": meta,
        "deals": [_export_engine_deal(d, i) for i, d in enumerate(items)],
    }


def _phases(state: Deal, deal_label: int) -> tuple[list[str], bool, Card | None, list[list[str]]]:
    """Calls, isAlone, discard and tricks of an engine state, in EGN's notation."""
    calls: list[str] = []
    is_alone = False
    discard: Card | None = None
    for seat, act in state.log:
        k = act.kind
        if k == "pass":
            calls.append("Pass")
        elif k == "order":
            calls.append("Order")
            is_alone = is_alone or bool(act.alone)
        elif k == "call" and act.suit is not None:
            calls.append(act.suit.letter.lower())
            is_alone = is_alone or bool(act.alone)
        elif k == "alone":
            is_alone = True
        elif k == "discard":
            discard = act.card
        elif k not in ("play", "stay"):
            raise EgnError(
                f"EGN cannot record {SEAT_NAMES[seat]}'s {str(act)!r}: "
                + ("only the maker may play alone" if k == "take" else "not an EGN action"),
                f"deals[{deal_label}]",
            )
        if act.alone > 1:
            raise EgnError("EGN cannot record a jambone", f"deals[{deal_label}]")
    if state.alone is not None and state.out >> state.dealer & 1:
        discard = None  # EGN: a dealer who sits out (his partner alone) takes nothing up
    tricks = [[egn_card(c) for _, c in t.cards] for t in state.tricks]
    if state.trick:
        tricks.append([egn_card(c) for _, c in state.trick])
    return calls, is_alone, discard, tricks


def _export_engine_deal(state: Deal, i: int) -> dict[str, Any]:
    if state.n != 4:
        raise EgnError("EGN records four-handed deals only", f"deals[{i}]")
    if state.maker is not None and not any(a.kind in ("order", "call") for _, a in state.log):
        raise EgnError("a position without its bidding cannot be written as EGN", f"deals[{i}]")
    calls, is_alone, discard, tricks = _phases(state, i)
    init: dict[str, Any] = {"dealer": state.dealer, "upCard": egn_card(state.turn_up)}
    if state.stock:
        init["kitty"] = [egn_card(c) for c in state.stock]
    init["playerCards"] = [[egn_card(c) for c in _cards(state.dealt[s])] for s in range(4)]
    bid: dict[str, Any] = {"phaseNumber": 0, "type": BIDDING, "calls": calls, "isAlone": is_alone}
    if discard is not None:
        bid["discard"] = egn_card(discard)
    phases: list[dict[str, Any]] = [bid]
    if state.phase in ("play", "done") and state.maker is not None:
        phases.append({"phaseNumber": 1, "type": PLAY, "initialLead": _first_leader(state), "tricks": tricks})
    return {"dealNumber": i, "initialState": init, "phases": phases}


def _first_leader(state: Deal) -> int:
    if state.tricks:
        return state.tricks[0].leader
    if state.trick:
        return state.trick[0][0]
    return state.actor


def _cards(mask: int) -> list[Card]:
    return [Card(i) for i in range(33) if mask >> i & 1]


def _export_deal(d: EgnDeal, *, with_hands: bool, keep_extra: bool) -> dict[str, Any]:
    st = d.state
    calls, is_alone, _, tricks = _phases(st, d.index)
    extra = d.extra if keep_extra else {}
    init: dict[str, Any] = {"dealer": d.dealer, "upCard": egn_card(d.up_card)}
    if d.kitty is not None:
        init["kitty"] = [egn_card(c) if c is not None else "" for c in d.kitty]
    hands: list[list[str]] | None = None
    if d.recorded_hands is not None:
        hands = [[egn_card(c) for c in h] if h else [] for h in d.recorded_hands]
    if with_hands:
        hands = hands or [[] for _ in range(4)]
        for s in range(4):
            if not hands[s] and str(s) not in d.inferred and not (s == d.dealer and "discard" in d.inferred):
                hands[s] = [egn_card(c) for c in _cards(st.dealt[s])]
    if hands is not None:
        init[d.hands_key] = hands
    init.update(copy.deepcopy(extra.get("initialState", {})))
    phase_no = 0
    bid: dict[str, Any] = {"phaseNumber": phase_no, "type": BIDDING, "calls": calls, "isAlone": is_alone}
    if d.discard is not None:
        bid["discard"] = egn_card(d.discard)
    elif with_hands and "discard" not in d.inferred and st.discarded is not None:
        bid["discard"] = egn_card(st.discarded)
    for key in CALL_ANNOTATION_KEYS:
        if key in d.annotations:
            bid[key] = copy.deepcopy(d.annotations[key])
    bid.update(copy.deepcopy(extra.get("bidding", {})))
    phases = [bid]
    if d.has_play_phase or tricks:
        play: dict[str, Any] = {"phaseNumber": phase_no + 1, "type": PLAY}
        if d.initial_lead is not None:
            play["initialLead"] = d.initial_lead
        play["tricks"] = tricks
        for key in PLAY_ANNOTATION_KEYS:
            if key in d.annotations:
                play[key] = copy.deepcopy(d.annotations[key])
        play.update(copy.deepcopy(extra.get("play", {})))
        phases.append(play)
    out: dict[str, Any] = {"dealNumber": d.number, "initialState": init, "phases": phases}
    if keep_extra and d.alternative_lines is not None:
        out["alternativeLines"] = copy.deepcopy(d.alternative_lines)
    out.update(copy.deepcopy(extra.get("deal", {})))
    return out


# ---------------------------------------------------------------------------------------------- replay JSON
def replay_json(game: EgnGame | Sequence[Deal] | Sequence[EgnDeal]) -> dict[str, Any]:
    """The ``replay FILE --json`` form: for each deal the tricks (leader, cards in order,
    winner), the makers, the lone seat, tricks won and points by side. Seats are EGN's
    ``"0"``-``"3"``, sides ``"02"``/``"13"``, cards the engine's short notation (``"QS"``).
    ``points`` is ``null`` for an unfinished deal; ``makers`` ``null`` for a deal passed out."""
    items: Sequence[Deal | EgnDeal] = game.deals if isinstance(game, EgnGame) else list(game)
    states = [d.state if isinstance(d, EgnDeal) else d for d in items]
    return {"deals": [_deal_json(s) for s in states]}


def _deal_json(d: Deal) -> dict[str, Any]:
    def side(i: int) -> str:
        return SEATS[i] + SEATS[i + 2] if d.n == 4 else SEATS[i]

    res = d.result
    return {
        "tricks": [
            {"leader": SEATS[t.leader], "cards": [[SEATS[s], str(c)] for s, c in t.cards], "winner": SEATS[t.winner]}
            for t in d.tricks
        ],
        "makers": side(d.makers) if d.makers is not None else None,
        "alone": SEATS[d.alone] if d.alone is not None else None,
        "tricks_won": {side(i): w for i, w in enumerate(d.tricks_won_by_side())},
        "points": {side(i): p for i, p in enumerate(res.points)} if res else None,
    }
