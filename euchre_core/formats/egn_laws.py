"""EGN for games played under the laws: deals with irregularities, claims and elections.

An EGN deal records what the regular rules allow (calls, a discard, tricks); a deal played under the
laws may hold a lead out of turn, a revoke, a card exposed and called, a claim and the election that
followed, which no trick list can hold. Such a deal carries the extension ``lawEvents``: every event of
the deal in the director's notation (``"C: play 7D"``, ``"BD: choose call-card"``, ``"AC: claim"``,
``"quit"``, ``"cut"``: ``docs/notation.md``, "Events at the table"), with the deal's cards in
``initialState`` (``dealer``, ``upCard``, ``playerCards``, ``kitty``: EGN's own fields) and, for the
reader, ``lawRulings``: what the director ruled (kind, laws, offender, the option chosen). The file's
``metadata.lawGame`` says how the game was played (``seed``, ``seat``, ``strength``, ``err``; the first
deal's ``start`` when it began from a law's scenario), so that the game can be played on.

Importing re-rules every deal through the :class:`~euchre_core.laws.director.Director` from its cards
and events; a ruling that differs from the file's ``lawRulings`` is refused, naming the deal.

>>> from euchre_core.kernel.deal import Deal
>>> from euchre_core.laws.director import Director
>>> d = Deal.start(["JC AH KH 8S QD".split(), "AC QH 8H JD TS".split(), "7D 8D TD QS TH".split(),
...                 "KC TC AS 9S 9H".split()], "9C")
>>> events = ["B: pass", "C: pass", "D: pass", "A: order", "A: discard 8S", "C: play 7D", "BD: choose call-card"]
>>> egn = export_law_egn([LawDeal(d, events, Director.start(d).replay(events))], {"seat": "C"})
>>> egn["deals"][0]["lawRulings"][0]
{'kind': 'lead-out-of-turn', 'laws': [52, 53], 'offender': 2, 'chosen': 'call-card'}
>>> is_law_egn(egn), load_law_egn(egn)[1][0].events == events
(True, True)
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..kernel import decode
from ..kernel.cards import Card, cards_of_mask
from ..kernel.deal import Deal
from ..kernel.errors import EuchreError
from ..laws.director import Director
from ..laws.rulings import Ruling
from .egn_types import EGN_FILE_TYPE, EGN_VERSION, EgnError

__all__ = ["LawDeal", "export_law_egn", "load_law_egn", "is_law_egn", "LAW_EVENTS"]

LAW_EVENTS = "lawEvents"
LAW_RULINGS = "lawRulings"
LAW_GAME = "lawGame"
MAX_LAW_EVENTS = 400  # events of one deal (as a live game's record: euchre_core.app.live_game)


@dataclass(frozen=True)
class LawDeal:
    """A deal played under the laws: its cards as dealt, its events, and the director's state after them."""

    deal: Deal
    events: Sequence[str]
    state: Director


def _egn_card(card: Card) -> str:
    text = str(card)
    return text[0] + text[1].lower()


def _ruling_json(r: Ruling) -> dict[str, Any]:
    return {
        "kind": r.kind.value if r.kind is not None else None,
        "laws": list(r.laws),
        "offender": r.offender,
        "chosen": r.chosen,
    }


def export_law_egn(deals: Sequence[LawDeal], game: Mapping[str, Any], title: str = "") -> dict[str, Any]:
    """An EGN record (v1.4 with the ``lawEvents`` extension) of deals played under the laws; ``game`` is
    the ``metadata.lawGame`` (how the game was played, for playing it on)."""
    out_deals = []
    for k, ld in enumerate(deals):
        d = ld.deal
        out_deals.append(
            {
                "dealNumber": k,
                "initialState": {
                    "dealer": d.dealer,
                    "upCard": _egn_card(d.turn_up),
                    "kitty": [_egn_card(c) for c in d.stock],
                    "playerCards": [[_egn_card(c) for c in cards_of_mask(h)] for h in d.hands],
                },
                "phases": [],
                LAW_EVENTS: [str(e) for e in ld.events],
                LAW_RULINGS: [_ruling_json(r) for r in ld.state.rulings],
            }
        )
    return {
        "fileType": EGN_FILE_TYPE,
        "version": EGN_VERSION,
        "metadata": {
            "title": title or "A game played under the laws",
            "ruleset": d.rules.name if deals else "somerset1888",
            LAW_GAME: copy.deepcopy(dict(game)),
        },
        "deals": out_deals,
    }


def is_law_egn(data: Any) -> bool:
    """Whether an EGN record holds deals played under the laws (any deal with ``lawEvents``)."""
    deals = data.get("deals") if isinstance(data, dict) else None
    return isinstance(deals, list) and any(isinstance(d, dict) and LAW_EVENTS in d for d in deals)


def _deal_of(raw: Mapping[str, Any], k: int) -> Deal:
    where = f"deals[{k}].initialState"
    init = decode.mapping(raw.get("initialState"), where)
    dealer = decode.integer(init.get("dealer", 0), f"{where}.dealer", 0, 3)
    hands = decode.array(init.get("playerCards"), f"{where}.playerCards", min_len=4, max_len=4)
    for i, h in enumerate(hands):
        decode.array(h, f"{where}.playerCards[{i}]", min_len=5, max_len=5)
    up = decode.text(init.get("upCard"), f"{where}.upCard", max_len=3)
    kitty = decode.array(init.get("kitty", []), f"{where}.kitty", max_len=11)
    try:
        return Deal.start(
            [[decode.text(c, f"{where}.playerCards", max_len=3) for c in h] for h in hands],
            up,
            dealer,
            stock=[decode.text(c, f"{where}.kitty", max_len=3) for c in kitty],
        )
    except EuchreError as e:
        raise EgnError(str(e), where) from None


def load_law_egn(data: Any) -> tuple[dict[str, Any], list[LawDeal]]:
    """The ``metadata.lawGame`` and the deals of an EGN record played under the laws, every deal re-ruled
    by the director from its cards and events; a ruling that differs from the file's is refused."""
    rec = decode.mapping(data, "egn")
    meta = decode.mapping(rec.get("metadata", {}), "metadata")
    game = dict(decode.mapping(meta.get(LAW_GAME, {}), f"metadata.{LAW_GAME}"))
    raw_deals = decode.array(rec.get("deals"), "deals", max_len=500)
    out = []
    for k, raw in enumerate(raw_deals):
        raw = decode.mapping(raw, f"deals[{k}]")
        deal = _deal_of(raw, k)
        events = decode.array(raw.get(LAW_EVENTS, []), f"deals[{k}].{LAW_EVENTS}", max_len=MAX_LAW_EVENTS)
        texts = [decode.text(e, f"deals[{k}].{LAW_EVENTS}[{i}]", max_len=200) for i, e in enumerate(events)]
        try:
            state = Director.start(deal).replay(texts)
        except EuchreError as e:
            raise EgnError(str(e), f"deals[{k}].{LAW_EVENTS}", deal=k + 1) from None
        if LAW_RULINGS in raw:
            said = decode.array(raw[LAW_RULINGS], f"deals[{k}].{LAW_RULINGS}", max_len=MAX_LAW_EVENTS)
            ruled = [_ruling_json(r) for r in state.rulings]
            if said != ruled:
                raise EgnError(
                    "the file's rulings are not the director's of the same events",
                    f"deals[{k}].{LAW_RULINGS}",
                    deal=k + 1,
                )
        out.append(LawDeal(deal, texts, state))
    return game, out
