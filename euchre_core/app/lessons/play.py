"""Lesson 10, a rubber against the engine: the play table (three engine seats and the reader's)."""

from __future__ import annotations

import random
from typing import Any

from ...kernel import deal as _deal
from ...kernel import decode
from ...kernel.actions import Action
from ...kernel.deal import Deal
from ...kernel.errors import EuchreError, IllegalAction, InputError
from ...kernel.limits import limit
from ...laws.match import Match
from ...search import opponent as _opponent
from ..web import card_info
from .helpers import SEATS
from .helpers import sorted_hand as _sorted_hand
from .helpers import the as _the
from .helpers import to_seat as _seat

TABLE_SEAT = "C"


MAX_TABLE_ACTIONS = limit("table_actions")  # actions of a rubber against the engine (a rubber has a few hundred)


def _decode_record(record: Any) -> dict[str, Any]:
    """The play table's record, typed and bounded: ``seed`` (0 to 2**63 - 1), ``seat`` (A-D),
    ``strength`` (a name of :data:`~euchre_core.search.opponent.STRENGTHS`), ``actions`` (at most
    5,000 strings of at most 40 characters)."""
    checked = decode.mapping(record, "record", keys=("seed", "seat", "strength", "actions"))  # the same dict, typed
    decode.seed(record.get("seed", 0), "record.seed")
    decode.seat(record.get("seat", TABLE_SEAT), "record.seat")
    decode.choice(record.get("strength", _opponent.DEFAULT_STRENGTH), "record.strength", tuple(_opponent.STRENGTHS))
    for i, a in enumerate(decode.array(record.get("actions", []), "record.actions", max_len=MAX_TABLE_ACTIONS)):
        decode.text(a, f"record.actions[{i}]", max_len=40)
    return checked


def _match(record: dict[str, Any]) -> Match:
    _decode_record(record)
    m = Match.new(seed=int(record.get("seed", 0)))
    for i, text in enumerate(record.get("actions", [])):
        try:
            m = m.apply(Action.parse(text))
        except EuchreError as e:
            raise InputError(str(e), f"record.actions[{i}]") from None
    return m


_YOU_VERBS = {
    "passes": "pass",
    "orders": "order",
    "assists": "assist",
    "takes": "take",
    "plays": "play",
    "discards": "discard",
    "makes": "make",
    "lets": "let",
    "goes": "go",
    "calls": "call",
    "shows": "show",
}


def _describe(deal: Deal, seat: int, action: Action, you: int) -> str:
    """An action in words for the table's announcements (the reader's own as "You (C) ...").

    >>> d = Deal.shuffled(0)
    >>> _describe(d, 1, Action("pass"), 2), _describe(d, 2, Action("order"), 2)
    ('B passes.', 'You (C) assist.')
    """
    text = deal.describe_action(seat, action)
    if action.kind == "discard":
        text = f"{SEATS[seat]} discards" + (f" {_the(action.card)}" if seat == you and action.card is not None else "")
    if seat == you:
        rest = text[1:].lstrip()
        verb, _, tail = rest.partition(" ")
        rest = _YOU_VERBS.get(verb, verb) + (" " + tail if tail else "")
        text = f"You ({SEATS[seat]}) {rest}".replace(" : ", ": ")
    return text + "."


def _trick_words(deal: Deal, you: int) -> str:
    t = deal.tricks[-1]
    who = "You take" if t.winner == you else f"{SEATS[t.winner]} takes"
    card = next(c for s, c in t.cards if s == t.winner)
    return f"{who} the trick with {_the(card)}."


def deal_words(deal: Deal) -> str:
    res = deal.result
    assert res is not None
    if res.passed_out:
        return "All pass twice: the deal is at an end, and the next player deals (Law 77)."
    if res.jamboree:
        return "A jamboree."
    side = " ".join(deal.side_name(res.makers or 0))
    won = res.tricks_won[res.makers or 0]
    pts = max(res.points)
    scorer = " ".join(deal.side_name(0 if res.points[0] else 1))
    if res.euchred:
        what = f"{side} are euchred ({won} tricks): {scorer} score {pts}"
    elif res.march:
        what = f"{side} march: {pts} points"
    else:
        what = f"{side} take {won} tricks: one point"
    return what + (" (Law 3)." if res.alone is not None else " (Law 2).")


def table_view(record: dict[str, Any]) -> dict[str, Any]:
    """The table as the reader (seat C) sees it: the hand, the trick, the bidding, what may be done
    now, the score of the game and the rubber.

    >>> v = table_new(seed=1)
    >>> v["seat"], len(v["hand"]), v["rubber"]["games"]
    ('C', 5, [])
    """
    m = _match(record)
    you = _seat(record.get("seat", TABLE_SEAT))
    d = m.deal
    legal = []
    if d.actor == you and not m.is_over:
        for a in d.legal_actions():
            legal.append(
                {"action": str(a), "label": action_label(d, a), "card": str(a.card) if a.card is not None else None}
            )
    bidding = [_describe(d, s, a, you) for s, a in d.log if a.kind not in ("play",)]
    bids = {SEATS[s]: w for s, w in _bids(d).items()}
    illegal = _illegal_cards(d, you) if d.actor == you and not m.is_over else {}
    last = None
    if d.tricks:
        t = d.tricks[-1]
        last = {"cards": [[SEATS[s], str(c)] for s, c in t.cards], "winner": SEATS[t.winner]}
    previous = None
    if m.history:
        h = m.history[-1]
        previous = {
            "text": deal_words(h),
            "points": list(h.result.points) if h.result else [0, 0],
            "tricks": [
                {"cards": [[SEATS[s], str(c)] for s, c in t.cards], "winner": SEATS[t.winner]} for t in h.tricks
            ],
        }
    r = m.rubber
    shown = [d.turn_up, *d.hand(you), *(c for _, c in d.trick)]
    shown += [c for t in d.tricks for _, c in t.cards]
    if m.history:
        shown += [c for t in m.history[-1].tricks for _, c in t.cards]
    return {
        "record": record,
        "seat": SEATS[you],
        "deal_number": m.number,
        "dealer": SEATS[d.dealer],
        "turn_up": str(d.turn_up),
        "turn_suit": d.turn_suit.letter,
        "phase": d.phase,
        "actor": SEATS[d.actor],
        "your_turn": d.actor == you and not m.is_over,
        "trump": d.trump.letter if d.trump is not None else None,
        "maker": SEATS[d.maker] if d.maker is not None else None,
        "alone": SEATS[d.alone] if d.alone is not None else None,
        "out": [SEATS[s] for s in range(4) if d.out >> s & 1],
        "hand": [str(c) for c in _sorted_hand(d.hand(you), d.trump or d.turn_suit)],
        "counts": {SEATS[s]: bin(d.hands[s]).count("1") for s in range(4)},
        "bidding": bidding,
        "trick": [[SEATS[s], str(c)] for s, c in d.trick],
        "last_trick": last,
        "tricks_won": {"AC": d.tricks_won_by_side()[0], "BD": d.tricks_won_by_side()[1]},
        "legal": legal,
        "illegal": illegal,
        "bids": bids,
        "tricks_played": len(d.tricks),
        "cards": {str(c): card_info(str(c)) for c in shown},
        "previous": previous,
        "score": {"AC": r.game[0], "BD": r.game[1]},
        "rubber": {
            "games": [{"winner": "AC" if g.winner == 0 else "BD", "value": g.value} for g in r.games],
            "over": r.is_over,
            "winner": None if r.winner is None else ("AC" if r.winner == 0 else "BD"),
            "points": {"AC": r.points[0], "BD": r.points[1]},
        },
        "over": m.is_over,
    }


def _bids(d: Deal) -> dict[int, str]:
    """What each seat said last in this deal's making (Laws 74-77), in the book's words without
    the seat's name, for the table to show at the seats; the dealer's discard is not said.

    >>> d = Deal.shuffled(0)
    >>> d.actor, _bids(d.apply(Action("pass")))
    (1, {1: 'passes'})
    """
    said: dict[int, str] = {}
    for s, a in d.log:
        if a.kind in ("play", "discard"):
            continue
        said[s] = d.describe_action(s, a).split(" ", 1)[1].lstrip(": ")
    return said


def _illegal_cards(d: Deal, you: int) -> dict[str, dict[str, Any]]:
    """The cards of the reader's hand that may not be played now, each with the engine's reason
    and the laws it cites (Law 62: a player holding the suit led must follow it), so that the
    table can say why a card is refused without asking. Empty when no card is to be played.

    >>> d = Deal.shuffled(3)
    >>> _illegal_cards(d, d.actor)
    {}
    """
    if d.phase != _deal.Phase.PLAY or d.actor != you:
        return {}
    out: dict[str, dict[str, Any]] = {}
    for c in d.hand(you):
        try:
            d.apply(Action("play", c))
        except IllegalAction as e:
            out[str(c)] = {"reason": e.reason, "laws": list(e.laws)}
    return out


def action_label(d: Deal, a: Action) -> str:
    """A bid, the discard or a card as a button says it to the player who makes it.

    >>> d = Deal.shuffled(5)
    >>> [action_label(d, a) for a in d.legal_actions()]
    ['Pass', 'Order up', 'Play alone']
    """
    seat = d.actor
    if a.kind == "play":
        return f"Play {_the(a.card)}" if a.card is not None else "Play"
    if a.kind == "discard":
        return f"Discard {_the(a.card)}" if a.card is not None else "Discard"
    if a.kind == "pass":
        return "Pass"
    if a.kind == "order":
        verb = d.describe_action(seat, Action("order")).split(" ", 1)[1]
        verb = {"orders up": "Order up", "assists": "Assist", "takes up": "Take up"}.get(verb, verb)
        return "Play alone" if a.alone else verb
    if a.kind == "call":
        assert a.suit is not None
        return f"Make it {a.suit.word}" + (" alone" if a.alone else "")
    if a.kind == "take":
        return "I take it from you (alone)"
    if a.kind == "stay":
        return "Let it stand"
    if a.kind == "alone":
        return "Go alone"
    return str(a)


def table_new(
    seed: int | None = None, strength: str = _opponent.DEFAULT_STRENGTH, seat: str = TABLE_SEAT
) -> dict[str, Any]:
    """A new rubber: the reader at ``seat`` (C, A's partner), the engine at the other three.

    >>> table_new(seed=2)["record"]
    {'seed': 2, 'seat': 'C', 'strength': 'default', 'actions': []}
    """
    seed = decode.seed(seed, "seed", optional=True)
    if seed is None:
        seed = random.randrange(1, 10**6)
    decode.choice(strength, "strength", tuple(_opponent.STRENGTHS))
    decode.seat(seat, "seat")
    return table_view({"seed": seed, "seat": seat, "strength": strength, "actions": []})


def _step(record: dict[str, Any], m: Match, action: Action) -> dict[str, Any]:
    you = _seat(record.get("seat", TABLE_SEAT))
    d = m.deal
    said = [_describe(d, d.actor, action, you)]
    said_next: list[str] = []  # the next deal's first words: the table shows them when the reader deals on
    after = d.apply(action)
    if len(after.tricks) > len(d.tricks):
        said.append(_trick_words(after, you))
    if after.is_over:
        said.append(deal_words(after))
        m2 = m.apply(action)
        if m2.rubber.games != m.rubber.games:
            g = m2.rubber.games[-1]
            double = " double (Law 7)." if g.value == 2 else "."
            said.append(f"{'A C' if g.winner == 0 else 'B D'} win the game" + double)
        if m2.is_over:
            w = m2.rubber.winner
            said.append(f"{'A C' if w == 0 else 'B D'} win the rubber: {m2.rubber.points[w or 0]} points (Law 7).")
        else:
            said_next.append(f"{SEATS[m2.deal.dealer]} deals; {_the(m2.deal.turn_up)} is turned up.")
    new = dict(record)
    new["actions"] = list(record.get("actions", [])) + [str(action)]
    view = table_view(new)
    view["said"] = said
    view["said_next"] = said_next
    return view


def table_act(record: dict[str, Any], action: str) -> dict[str, Any]:
    """The reader's action (his turn, and lawful): the new view, with ``said``, what happened in words.

    >>> v = table_new(seed=3)
    >>> v["actor"]
    'B'
    >>> table_act(v["record"], "pass")
    Traceback (most recent call last):
    ...
    euchre_core.kernel.errors.InputError: record: it is B's turn, not yours
    """
    m = _match(record)
    you = _seat(record.get("seat", TABLE_SEAT))
    if m.is_over:
        raise InputError("the rubber is over", "record")
    if m.deal.actor != you:
        raise InputError(f"it is {SEATS[m.deal.actor]}'s turn, not yours", "record")
    act = Action.parse(decode.text(action, "action", max_len=40))
    if act not in m.deal.legal_actions():
        try:
            m.deal.apply(act)
        except IllegalAction as e:
            raise InputError(str(e), "action") from None
        raise InputError(f"{action} is not allowed now", "action")
    return _step(record, m, act)


def table_engine(record: dict[str, Any]) -> dict[str, Any]:
    """One action by the engine seat to act (it sees only its own seat's knowledge), and the new view.

    >>> v = table_new(seed=3)
    >>> v2 = table_engine(v["record"])
    >>> len(v2["record"]["actions"]), v2["said"][0][:2]
    (1, 'B ')
    """
    m = _match(record)
    you = _seat(record.get("seat", TABLE_SEAT))
    if m.is_over:
        raise InputError("the rubber is over", "record")
    if m.deal.actor == you:
        raise InputError("it is your turn", "record")
    strength = record.get("strength", _opponent.DEFAULT_STRENGTH)
    seed = int(record.get("seed", 0)) * 1009 + len(record.get("actions", []))
    act = _opponent.choose(m.deal, strength=strength, seed=seed)
    return _step(record, m, act)
