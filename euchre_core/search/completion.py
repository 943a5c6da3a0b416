"""Every case played to its fifth trick: the book's cards, then the engine's.

Five of the nine cases (II, IV, V, VII, IX) stop where the book's narration stops. A reader replaying a
coup wants to see how the deal ends and what it scores, so :func:`complete_case` plays the rest: first
every card the book still names after its narrated tricks (``data/case_completions.json``, each entry
quoting the sentence it rests on), then the engine's best play for both sides (the double-dummy solver),
choosing among equally good cards one that keeps the winners the book names ("B wins the last three
tricks"). Every card is marked ``"book"`` or ``"engine"``.

The book's result is checked against the completed deal. Where the book states a result that best
play from its position cannot reach (Case II: "B's natural play would be to lead the ace of clubs,
whereby A and C make their point"), :attr:`CompletedCase.assumption` says so, with the solver's
figure beside the book's.

>>> c = complete_case("IV")
>>> [s for s in c.sources].count("book"), len(c.sources), c.deal.tricks_won_by_side()
(8, 20, (2, 3))
>>> [c.deal.tricks[i].winner for i in (2, 3, 4)]   # the book: "B wins the last three tricks"
[1, 1, 1]
>>> complete_case("I").sources.count("engine")      # Case I is narrated to the end
0
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from ..formats.cases import CaseReplay, replay_case
from ..kernel.actions import Action
from ..kernel.cards import Card
from ..kernel.deal import SEAT_NAMES, Deal
from ..kernel.errors import InputError
from .solver import solve

BOOK = "book"
ENGINE = "engine"


@dataclass(frozen=True)
class CompletedCase:
    """A case played to its end.

    ``replay``: the deal with every card (``replay.deal`` over, ``replay.states[i]`` before the i-th
    card); ``sources[i]``: ``"book"`` or ``"engine"`` for the i-th card; ``narrated``: how many cards
    the book's tricks give; ``dd``: the makers' tricks with best play before each card and at the end;
    ``book_result``: what the book states (``{"makers_make_point": bool}``) or None; ``assumption``:
    None, or a sentence saying what the book's result assumes when best play does not reach it.
    """

    replay: CaseReplay
    sources: tuple[str, ...]
    narrated: int
    dd: tuple[int, ...]
    book_result: dict[str, Any] | None
    assumption: str | None
    quote: str | None

    @property
    def deal(self) -> Deal:
        return self.replay.deal


@cache
def _completions() -> dict[str, Any]:
    text = (resources.files("euchre_core") / "data" / "case_completions.json").read_text(encoding="utf-8")
    cases: dict[str, Any] = json.loads(text)["cases"]
    return cases


def _seat(name: str) -> int:
    if not isinstance(name, str) or name not in SEAT_NAMES:
        raise InputError(f"a seat A, B, C or D, not {name!r}", "seat")
    return SEAT_NAMES.index(name)


def best_cards(deal: Deal) -> list[Card]:
    """The legal cards that keep the best result for the side to move, in a fixed order."""
    res = solve(deal)
    mine = deal.side_of(deal.actor) == deal.makers
    best = max(res.moves.values()) if mine else min(res.moves.values())
    return sorted((Card.parse(c) for c, v in res.moves.items() if v == best), key=lambda c: int(c))


def _fill(deal: Deal, winners: dict[int, int]) -> list[Card] | None:
    """Best play to the end, keeping the named winners (trick number -> seat) where best play can;
    None when no best line keeps them."""
    if deal.is_over:
        return []
    for card in best_cards(deal):
        after = deal.apply(Action.play(card))
        if not after.trick and after.tricks:  # a trick just ended: does it keep the book's winner?
            n = len(after.tricks)
            if n in winners and after.tricks[-1].winner != winners[n]:
                continue
        rest = _fill(after, winners)
        if rest is not None:
            return [card, *rest]
    return None


def _assumption(case_id: str, stated: bool | None, dd_from_book: int, reached: bool, deal: Deal) -> str | None:
    if stated is None:
        return None
    makers = "".join(SEAT_NAMES[s] for s in range(deal.n) if deal.side_of(s) == deal.makers)
    if reached:
        return None
    best = f"with best play from the book's last card the makers take {dd_from_book} trick" + (
        "s" if dd_from_book != 1 else ""
    )
    said = "make their point" if stated else "are euchred"
    return f"The book's result ({makers} {said}) assumes the play it calls natural, not the best: {best}."


@cache
def complete_case(case_id: str) -> CompletedCase:
    """Case ``case_id`` played to its end (see the module's docstring)."""
    rep = replay_case(case_id)
    narrated = len(rep.states)
    entry = _completions().get(rep.data["id"], {})
    deal = rep.deal
    states = list(rep.states)
    sources = [BOOK] * narrated
    for seat_name, code in entry.get("book_cards", []):
        seat, card = _seat(seat_name), Card.parse(code)
        if deal.actor != seat:
            raise InputError(
                f"case {case_id}: the book's next card is {seat_name}'s, but {SEAT_NAMES[deal.actor]} is to play",
                "book_cards",
            )
        states.append(deal)
        deal = deal.apply(Action.play(card))  # raises IllegalAction (with the law) if the book's card is not
        sources.append(BOOK)
    book_end = deal
    winners = {int(n): _seat(s) for n, s in entry.get("winners", {}).items()}
    line = _fill(deal, winners)
    kept = line is not None
    if line is None:  # the named winners cannot all be kept with best play
        line = _fill(deal, {}) or []
    for card in line:
        states.append(deal)
        deal = deal.apply(Action.play(card))
        sources.append(ENGINE)
    dd = tuple(solve(s).maker_tricks for s in states) + (deal.tricks_won_by_side()[deal.makers or 0],)
    stated = entry.get("result", {}).get("makers_make_point") if entry else None
    if stated is None and deal.is_over:
        outcome = rep.data.get("outcome") or {}
        if outcome.get("makers_tricks") is not None or outcome.get("euchred"):
            stated = not outcome.get("euchred")
    makers_took = deal.tricks_won_by_side()[deal.makers or 0]
    reached = stated is None or (makers_took >= 3) == stated
    dd_book = solve(book_end).maker_tricks if not book_end.is_over else makers_took
    assumption = _assumption(case_id, stated, dd_book, reached, deal)
    if not kept and assumption is None:
        named = ", ".join(f"trick {n} to {SEAT_NAMES[s]}" for n, s in sorted(winners.items()))
        assumption = f"The book names the winners ({named}); best play does not keep them all."
    full = CaseReplay(rep.data, deal, states)
    return CompletedCase(
        full,
        tuple(sources),
        narrated,
        dd,
        {"makers_make_point": stated} if stated is not None else None,
        assumption,
        entry.get("quote"),
    )


def completion_json(case_id: str) -> dict[str, Any]:
    """What ``case ID --json`` adds for the whole deal: every card with its source, tricks won and
    points, the book's result and what it assumes.

    >>> j = completion_json("II")
    >>> j["tricks"][1]["plays"][0], j["points"] is not None
    ({'seat': 'B', 'card': 'AC', 'source': 'book'}, True)
    """
    c = complete_case(case_id)
    d = c.deal
    summary = d.summary()
    i = 0
    for trick in summary["tricks"]:
        plays = []
        for seat, card in trick["cards"]:
            plays.append({"seat": seat, "card": card, "source": c.sources[i]})
            i += 1
        trick["plays"] = plays
        trick["source"] = (
            BOOK
            if all(p["source"] == BOOK for p in plays)
            else (ENGINE if all(p["source"] == ENGINE for p in plays) else "book+engine")
        )
    summary.update(
        {
            "book_cards": c.sources.count(BOOK),
            "engine_cards": c.sources.count(ENGINE),
            "book_result": c.book_result,
            "assumption": c.assumption,
            "quote": c.quote,
            "complete": d.is_over,
        }
    )
    return summary
