"""The reader's table: the engine's answers for variations off a case's line (branches, as in a study).

A *line* is the book's play up to a step, then the cards the reader chose (each checked by the
laws), then best play by both sides to the end of the deal (the double-dummy solver). The table
(``docs/javascripts/table.mjs`` and ``case-player.mjs``) steps through it card by card, and can
branch again anywhere: the new line is the old one up to that card, then the reader's new card.

* :func:`case_line` — every position of such a line, shaped like :func:`~euchre_core.app.web.case_step`
  (hands, the trick on the table, tricks won, whose turn, the legal cards), each with the solver's
  value of every legal card (``values``) and the cards that keep the best result (``best``).
* :func:`case_values` — the same values at a step of the book's own line.

Nothing here is decided in JavaScript: the legal cards, the winners, the values and the result
all come from the engine.

>>> v = case_line("I", 3, ["JC"])
>>> v["line"][0], v["result"]["text"]
(['A', 'JC', 'reader'], 'A–C are euchred: B–D take 3 tricks')
>>> len(v["states"]) == len(v["line"]) + 1, v["states"][1]["trick"]["winner"]
(True, 'A')
>>> case_values("I", 3)["best"]
['8S']
"""

from __future__ import annotations

import functools
from typing import Any

from ..formats.cases import CaseReplay
from ..kernel.actions import Action
from ..kernel.cards import Card, CardError
from ..kernel.deal import SEAT_NAMES, Deal
from ..kernel.errors import InputError
from ..kernel.limits import limit
from ..search.completion import complete_case
from .web import card_info, deal_outcome

__all__ = ["case_line", "case_values", "outcome_json"]

MAX_READER_CARDS = limit("reader_cards")  # a deal has at most 20 cards to play


@functools.lru_cache(maxsize=16)
def _replay(case_id: str) -> CaseReplay:
    """The case played to its end: the book's cards, then the engine's where the book's narration stops
    (the same line as the case player's :func:`euchre_core.app.web.case_step`)."""
    return complete_case(case_id).replay


def _case(case_id: Any) -> CaseReplay:
    if not isinstance(case_id, str) or not case_id:
        raise InputError("a case of the book, e.g. 'I' (Cases I to IX)", "case_id")
    return _replay(case_id)


def _position(rep: CaseReplay, step: Any) -> Deal:
    steps = len(rep.states)
    if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step <= steps:
        raise InputError(f"a step from 0 to {steps} (the cards the book's line plays)", "step")
    return rep.states[step] if step < steps else rep.deal


def outcome_json(deal: Deal) -> dict[str, Any]:
    """A finished deal's result in words and numbers (Laws 2, 3), as the case player shows it: the
    engine's one wording of a result (:func:`euchre_core.app.web.deal_outcome`); an unfinished deal is
    an :class:`InputError`.

    >>> from euchre_core.formats.cases import replay_case
    >>> outcome_json(replay_case("I").deal)["points_text"]
    'A–C score 1'
    """
    if deal.result is None or deal.result.makers is None:
        raise InputError("the deal is not over", "deal")
    return deal_outcome(deal)


def _values(deal: Deal) -> tuple[dict[str, int], list[str], int | None]:
    """The solver's value (the makers' total tricks with best play) of each legal card, the cards
    that keep the best value for the player to move, and that best value."""
    from ..search.solver import solve

    if deal.is_over:
        won = deal.tricks_won_by_side()
        return {}, [], won[deal.makers] if deal.makers is not None else None
    res = solve(deal)
    mine = deal.side_of(deal.actor) == deal.makers
    best = max(res.moves.values()) if mine else min(res.moves.values())
    return dict(res.moves), [c for c, v in res.moves.items() if v == best], best


def _trick(number: int, leader: int, cards: Any, winner: int | None) -> dict[str, Any]:
    return {
        "number": number,
        "leader": SEAT_NAMES[leader],
        "cards": [[SEAT_NAMES[s], str(c)] for s, c in cards],
        "winner": SEAT_NAMES[winner] if winner is not None else None,
    }


def _state(deal: Deal, order: Any, just_played: tuple[int, Card] | None) -> dict[str, Any]:
    """One position of a line, as the table draws it (the same keys as ``case_step`` where they
    exist); a completed trick stays on the table, with its winner, until the next card."""
    if just_played is not None and not deal.trick and deal.tricks:
        t = deal.tricks[-1]
        trick = _trick(len(deal.tricks), t.leader, t.cards, t.winner)
    else:
        trick = _trick(len(deal.tricks) + 1, deal.leader, deal.trick, None)
    values, best, dd = _values(deal)
    playing = not deal.is_over
    words = []
    if just_played is not None:
        words.append(f"{SEAT_NAMES[just_played[0]]} plays the {just_played[1].long_name()}.")
        if trick["winner"]:
            card = Card.parse(next(c for s, c in trick["cards"] if s == trick["winner"]))
            words.append(f"{trick['winner']} wins trick {trick['number']} with the {card.long_name()}.")
    if deal.is_over:
        words.append(outcome_json(deal)["text"] + ".")
    return {
        "hands": {SEAT_NAMES[s]: sorted((str(c) for c in deal.hand(s)), key=order) for s in range(deal.n)},
        "trick": trick,
        "tricks_won": {deal.side_name(i): w for i, w in enumerate(deal.tricks_won_by_side())},
        "to_move": SEAT_NAMES[deal.actor] if playing else None,
        "legal": sorted((str(a.card) for a in deal.legal_actions() if a.kind == "play"), key=order) if playing else [],
        "values": values,
        "best": sorted(best, key=order),
        "dd": dd,
        "played": [SEAT_NAMES[just_played[0]], str(just_played[1])] if just_played else None,
        "over": deal.is_over,
        "result": outcome_json(deal) if deal.is_over else None,
        "announce": " ".join(words),
    }


def _order(rep: CaseReplay) -> Any:
    rank = {str(Card.parse(c)): i for hand in rep.data.get("hands", {}).values() for i, c in enumerate(hand)}
    return lambda code: (rank.get(code, 99), code)


@functools.lru_cache(maxsize=16)
def _book_outcome(case_id: str) -> tuple[tuple[str, Any], ...]:
    rep = _replay(case_id)
    deal = rep.deal
    complete = deal.is_over
    while not deal.is_over:
        _, best, _ = _values(deal)
        deal = deal.apply(Action.play(Card.parse(best[0])))
    out = outcome_json(deal)
    out["complete"] = complete
    if not complete:
        out["text"] = f"the book stops after trick {len(rep.deal.tricks)}; best play from there: " + out["text"]
    return tuple(out.items())


def case_line(case_id: str, step: int, cards: list[str] | None = None) -> dict[str, Any]:
    """A variation of a case: the book's line to ``step``, the reader's ``cards``, then best play.

    ``states[k]`` is the table after ``k`` cards of the variation (``states[0]``: the book's
    position at ``step``); ``line[k]`` is the ``k+1``-th card, ``[seat, code, who]`` with ``who``
    ``"reader"`` for a card the reader chose and ``"engine"`` for the solver's best play. A card
    the laws forbid raises the engine's :class:`~euchre_core.kernel.errors.IllegalAction`, citing
    the law (Law 62: following suit); bad input raises :class:`InputError` naming the field.

    >>> v = case_line("I", 3, ["JC", "9D"])
    Traceback (most recent call last):
    ...
    euchre_core.kernel.errors.InputError: cards: card 2 (9D) is not in A's hand
    >>> v = case_line("I", 0, [])
    >>> v["line"][0][2], v["states"][0]["to_move"], v["result"]["makers"]
    ('engine', 'B', 'AC')
    """
    rep = _case(case_id)
    deal = _position(rep, step)
    if cards is None:
        cards = []
    if not isinstance(cards, list) or len(cards) > MAX_READER_CARDS or not all(isinstance(c, str) for c in cards):
        raise InputError(f"a list of at most {MAX_READER_CARDS} card codes, e.g. ['JC', 'AD']", "cards")
    order = _order(rep)
    states = [_state(deal, order, None)]
    line: list[list[str]] = []
    for i, code in enumerate(cards, 1):
        if deal.is_over:
            raise InputError(f"the deal is over before card {i} ({code})", "cards")
        try:
            card = Card.parse(code)
        except CardError as e:
            raise InputError(f"card {i}: {e}", "cards") from None
        seat = deal.actor
        if card not in deal.hand(seat):
            raise InputError(f"card {i} ({code}) is not in {SEAT_NAMES[seat]}'s hand", "cards")
        deal = deal.apply(Action.play(card))  # IllegalAction (with the law) if the laws forbid it
        line.append([SEAT_NAMES[seat], str(card), "reader"])
        states.append(_state(deal, order, (seat, card)))
    while not deal.is_over:
        seat = deal.actor
        card = Card.parse(states[-1]["best"][0])
        deal = deal.apply(Action.play(card))
        line.append([SEAT_NAMES[seat], str(card), "engine"])
        states.append(_state(deal, order, (seat, card)))
    codes = {c for h in states[0]["hands"].values() for c in h} | {c for _, c in states[0]["trick"]["cards"]}
    return {
        "case": rep.data["id"],
        "from": step,
        "cards": list(cards),
        "line": line,
        "states": states,
        "result": outcome_json(deal),
        "book": dict(_book_outcome(rep.data["id"])),
        "book_card": str(rep.deal.log[step][1].card) if step < len(rep.states) else None,
        "cards_info": {c: card_info(c) for c in sorted(codes)},
    }


def case_values(case_id: str, step: int) -> dict[str, Any]:
    """The solver's values at a step of the book's line: for each legal card the makers' total
    tricks with best play after it, and the cards that keep the best result for the player to move.

    >>> v = case_values("I", 3)
    >>> v["dd"], v["values"]["JC"], v["values"]["8S"]
    (4, 2, 4)
    """
    rep = _case(case_id)
    values, best, dd = _values(_position(rep, step))
    return {"case": rep.data["id"], "step": step, "values": values, "best": sorted(best, key=_order(rep)), "dd": dd}
