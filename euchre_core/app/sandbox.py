"""The penalty sandbox's Python side: a deal under the director, as JSON for the browser.

The browser keeps only the list of events; every call folds them again through the
:class:`~euchre_core.laws.director.Director` (a deal has at most a few dozen events, so this is
cheap) and returns the whole view: the hands, the trick, the rulings with their options, the
legal cards and the score. The JavaScript draws it; every decision is the engine's.

>>> v = start(52)
>>> v["law"], v["pending"]["laws"], [o["id"] for o in v["pending"]["options"]]
(52, [52, 53], ['call-card', 'call-suit', 'waive'])
>>> v = act(52, v["events"], "BD: choose call-card")
>>> v["actor"], v["requirements"]
('B', ['C must play the 7 of diamonds at the first lawful opportunity'])
>>> act(52, v["events"], "B: play XX")["error"]["field"]
'card'
"""

from __future__ import annotations

import json
import re
from importlib import resources
from typing import Any

from ..formats.scenario import MAX_EVENT, load_scenario
from ..kernel import decode
from ..kernel.cards import Card, CardError, cards_of_mask
from ..kernel.deal import SEAT_NAMES, Deal
from ..kernel.errors import EuchreError, IllegalAction, InputError
from ..kernel.limits import limit
from ..laws.dealing import DealingPhase, DealingProcedure, parse_dealing_event
from ..laws.director import Director, Phase
from ..laws.entry import Club, Roster, RosterPhase
from .egn_view import action_words
from .ruling_words import moment, plain_option

__all__ = [
    "scenarios",
    "start",
    "act",
    "custom",
    "view",
    "dealing_scenarios",
    "dealing_start",
    "dealing_act",
    "dealing_view",
    "dealing_acts",
    "dealing_words",
    "dealing_start_state",
    "table_scenarios",
    "table_start",
    "table_act",
    "table_view",
    "plain_option",
    "choosers",
]

_MISSING = object()
MAX_OPS = limit("sandbox_ops")  # ops of the table sandbox (a scenario has a dozen)
MAX_NAME = limit("name")  # characters of a player's or a table's name
MAX_TABLES = limit(
    "sandbox_tables"
)  # tables in the table sandbox's club (the acts offered are tried on each: a bound on the work)
MAX_CANDIDATES = limit("candidates")  # candidates (or consenting players, or exposed cards' owners) of one op
MAX_SUBSTITUTES = 8  # substitutes offered to one player (those waiting at his table first)


def _law(law: Any, optional: bool = False) -> int | None:
    """A law's number (1 to 116), as a whole number."""
    if law is None and optional:
        return None
    return decode.integer(law, "law", 1, 116)


def _events(events: Any, path: str = "events") -> list[str]:
    """The browser's list of events: strings of at most MAX_EVENT characters, at most MAX_LOG of them."""
    out = decode.array(events, path, max_len=decode.MAX_LOG)
    for i, e in enumerate(out):
        decode.text(e, decode.field(path, i), max_len=MAX_EVENT)
    return out


def scenarios() -> dict[int, dict[str, Any]]:
    """The ready scenarios by law number."""
    data = json.loads((resources.files("euchre_core") / "data" / "scenarios.json").read_text(encoding="utf-8"))
    return {int(s["law"]): s for s in data["scenarios"]}


def _scenario(law: int) -> dict[str, Any]:
    number = _law(law)
    if number not in scenarios():
        raise InputError(f"no ready scenario for law {number}", "law")
    return scenarios()[number]


def _card(code: Any) -> list[str]:
    c = Card.parse(code) if not isinstance(code, Card) else code
    return [c.pretty(), c.long_name(), "red" if c.suit is not None and c.suit.is_red else "black"]


def choosers(chooser: str | None) -> str:
    """Who chooses, in words: ``"BD"`` → ``"B and D"``.

    >>> choosers("BD"), choosers("A"), choosers(None)
    ('B and D', 'A', '')
    """
    if not chooser:
        return ""
    return " and ".join(chooser) if len(chooser) == 2 else chooser


def _words(ruling: dict[str, Any]) -> dict[str, Any]:
    """A ruling's presentation for the table: who chooses in words, each option's plain words, and
    the option chosen in words (the JSON's ids and texts are unchanged)."""
    options = ruling.get("options") or []
    chosen = next((o for o in options if o.get("id") == ruling.get("chosen")), None)
    return {
        "who": choosers(ruling.get("chooser")),
        "options": [{"id": o["id"], "label": plain_option(o["text"])} for o in options],
        "chosen": plain_option(chosen["text"]) if chosen else None,
    }


def view(state: Director, law: int | None, events: list[str], base: dict[str, Any]) -> dict[str, Any]:
    """The JSON the widget draws (``words``: the plain words of each ruling, in the same order).

    >>> v = start(52)
    >>> v["words"][0]["who"], v["words"][0]["options"][1]["label"]
    ('B and D', 'Call a suit from him or his partner at their next lead')
    >>> act(52, v["events"], "BD: choose call-card")["called"]
    [['C', '7D']]
    >>> own = custom(seed=0)["base"]
    >>> played = ["B: order", "D: stay", "A: discard TC", "B: play JC", "C: play 7D", "D: play TD"]
    >>> act(None, played, "A: play AC", base=own)["quit_due"]  # the trick complete, face up (law 64)
    True
    >>> act(None, played + ["A: play AC"], "quit", base=own)["quit_due"]
    False
    >>> w = start(99)
    >>> w["regular"][0], w["regular_words"][0], w["making"]
    ('A: discard JC', 'A discards J♣', 'discard')
    """
    d = state.deal
    n = d.n
    seats = SEAT_NAMES[:n]
    cards: dict[str, list[str]] = {}
    hands = {}
    for s in range(n):
        hold = cards_of_mask(state.hands[s] if state.phase != "bidding" else d.hands[s])
        hands[seats[s]] = [str(c) for c in hold]
        for c in hold:
            cards[str(c)] = _card(c)
    for t in state.tricks:
        for _, c in t.cards:
            cards[str(c)] = _card(c)
    for _, c in state.trick:
        cards[str(c)] = _card(c)
    cards[str(d.turn_up)] = _card(d.turn_up)
    pending = state.rulings[state.pending].to_json() if state.pending is not None else None
    actor: str | None
    if state.phase is Phase.BIDDING:
        actor = seats[d.actor]
        making = list(d.legal_actions())
        regular = [f"{actor}: {a}" for a in making]
        regular_words = [action_words(d, d.actor, a) for a in making]  # the buttons' words: "A discards J♣"
        making_phase: str | None = str(d.phase)  # "bid1", "bid2", "discard": what the cue says
        legal: list[str] = []
    else:
        actor = seats[state.actor] if state.phase is Phase.PLAY else None
        regular = []
        regular_words = []
        making_phase = None
        legal = [str(c) for c in state.legal_plays()]
    out = state.to_json()
    out.update(
        {
            "law": law,
            "title": base.get("title"),
            "events": list(events),
            "dealer": seats[d.dealer],
            "turn_up": str(d.turn_up),
            "trump": d.trump.letter if d.trump is not None else None,
            "makers": d.side_name(d.makers) if d.makers is not None else None,
            "alone": seats[d.alone] if d.alone is not None else None,
            "out": [seats[s] for s in range(n) if d.out >> s & 1],
            "hands": hands,
            "trick": [[seats[s], str(c)] for s, c in state.trick],
            "actor": actor,
            "legal": legal,
            "regular": regular,
            "regular_words": regular_words,
            "making": making_phase,
            # Law 64: the last trick is complete and still face up, not yet turned and quitted (a revoke
            # in it is established when it is): the table shows it and offers to quit it
            "quit_due": bool(state.tricks) and not state.trick and not state.quitted,
            "pending": pending,
            "cards": cards,
            "error": None,
        }
    )
    out["words"] = [_words(r) for r in out.get("rulings", [])]
    out["moment"] = moment(state, law)  # the ruling now, as the director's guide shows it (ruling_words)
    # the cards called (Laws 46, 56): the table marks them until they are played
    out["called"] = [
        [seats[r.seat], str(r.card)] for r in state.requirements if r.kind == "play-card" and r.card is not None
    ]
    return out


def start(law: int) -> dict[str, Any]:
    """The ready scenario of a law, folded up to the irregularity."""
    sc = _scenario(law)
    state = load_scenario(sc)
    return view(state, int(law), list(sc["events"]), sc)


def act(law: int | None, events: list[str], event: str, base: dict[str, Any] | None = None) -> dict[str, Any]:
    """Apply one more physical event. A refused or unreadable event leaves the events as they
    were and comes back as ``error`` (the engine's message, its laws or its field).

    ``law`` may be null for a deal of the reader's own (``base``: the deal, as :func:`custom` gives it).
    """
    law = _law(law, optional=base is not None)
    events = _events(events)
    event = decode.text(event, "event", max_len=MAX_EVENT)
    if base is not None:
        decode.mapping(base, "base", keys=("title", "rules", "dealer", "hands", "turn_up", "stock", "seed"))
    sc = dict(base) if base is not None else _scenario(law or 0)
    sc = {**sc, "events": list(events)}
    state = load_scenario(sc)
    try:
        new = state.act(event)
    except (IllegalAction, InputError) as e:
        out = view(state, law, list(events), sc)
        out["error"] = {"message": str(e), "laws": list(getattr(e, "laws", ())), "field": getattr(e, "field", None)}
        return out
    return view(new, law, list(events) + [str(event)], sc)


def custom(
    seed: int | None = None,
    hands: dict[str, list[str]] | None = None,
    turn_up: str | None = None,
    events: list[str] | None = None,
) -> dict[str, Any]:
    """A deal of the reader's own: a seeded deal (or given hands), from the bidding."""
    base: dict[str, Any] = {"title": "Your own deal"}
    events = _events(events if events is not None else [])
    if hands is not None:
        base.update({"hands": hands, "turn_up": turn_up})
    else:
        deal = Deal.shuffled(decode.seed(seed, "seed"))
        base.update(
            {"hands": {SEAT_NAMES[s]: [str(c) for c in deal.hand(s)] for s in range(4)}, "turn_up": str(deal.turn_up)}
        )
    base["events"] = events
    try:
        state = load_scenario(base)
    except EuchreError:
        raise
    out = view(state, None, base["events"], base)
    out["base"] = {k: v for k, v in base.items() if k != "events"}
    return out


# ---------------------------------------------------------------- the shuffle, the cut and the deal
def dealing_scenarios() -> dict[int, dict[str, Any]]:
    """The ready scenarios of the dealing procedure (Laws 22–45, 72–73) by law number: ``dealer``,
    ``seed``, ``events`` up to the irregularity, optionally ``refused`` (an event the laws forbid
    there) and ``then`` (follow-up events, such as the election)."""
    path = resources.files("euchre_core") / "data" / "dealing_scenarios.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    return {int(s["law"]): s for s in data["scenarios"]}


def _dealing_scenario(law: int) -> dict[str, Any]:
    number = _law(law)
    if number not in dealing_scenarios():
        raise InputError(f"no ready dealing scenario for law {number}", "law")
    return dealing_scenarios()[number]


def _dealing_fold(sc: dict[str, Any], events: Any) -> DealingProcedure:
    """Fold the browser's events over the scenario's start. An event the fold refuses (a tampered
    list) is an :class:`InputError` naming it: ``events[i]``."""
    events = _events(events)
    state = DealingProcedure.start(sc.get("dealer", "A"), seed=int(sc.get("seed", 0)))
    for i, e in enumerate(events):
        try:
            state = state.act(e)
        except (IllegalAction, InputError) as err:
            raise InputError(f"event {i + 1} ({e!r}) cannot be replayed: {err}", decode.field("events", i)) from None
    return state


def _error(e: EuchreError) -> dict[str, Any]:
    return {"message": str(e), "laws": list(getattr(e, "laws", ())), "field": getattr(e, "field", None)}


# the dealing acts offered as buttons: (verb, arguments) -> plain words. Presentation only: which of them
# are usable now is the fold's answer (DealingProcedure.act), tried on the state.
_TABLE_ACTS: tuple[tuple[str, str], ...] = (
    ("imperfect", "The pack is found imperfect"),
    ("faced", "A card is found faced in the pack"),
    ("confusion", "Confusion of the cards in cutting"),
    ("doubt", "Doubt where the pack was divided"),
    ("wrongpack", "The deal is found made with the adversaries' cards"),
    ("lead", "The first lead is made"),
)
_GIVE_SIZES = (1, 2, 3, 4)
_SIDE_WORDS = {"AC": "A and C", "BD": "B and D"}


def _cut_sizes(size: int) -> tuple[int, ...]:
    """The cuts offered (Law 29: not fewer than four cards in either packet): two false ones, the
    limits and a few fair ones.

    >>> _cut_sizes(32)
    (2, 4, 10, 16, 22, 28, 30)
    """
    return tuple(sorted({2, 4, 10, size // 2, size - 10, size - 4, size - 2}))


def _expose_words(state: DealingProcedure, seat: int) -> str:
    """What exposing a card is, at this stage, for this seat (Laws 22, 27, 29, 35, 39)."""
    phase = state.phase
    if phase is DealingPhase.SHUFFLE:
        return "Let a card be seen in shuffling"
    if phase is DealingPhase.CUT:
        return "Expose a card in cutting"
    if seat == state.acting:
        return (
            "Expose another card in turning the trump" if phase is DealingPhase.TURNED else "Expose a card in dealing"
        )
    return "Expose one of his cards"


def _seat_candidates(state: DealingProcedure, seat: int) -> list[dict[str, Any]]:
    """Every act of a seat the sandbox can offer, usable now or not."""
    n = SEAT_NAMES[seat]
    size = len(state.order)
    out: list[dict[str, Any]] = [
        {"event": f"{n}: shuffle", "label": "Shuffle the pack"},
        {"event": f"{n}: decline", "label": "Waive his first right to shuffle"},
    ]
    out += [
        {
            "event": f"{n}: cut {k}",
            "label": f"Cut the pack, lifting {k} cards",
            "group": "Cut, lifting",
            "choice": f"{k} cards",
        }
        for k in _cut_sizes(size)
    ]
    out += [
        {
            "event": f"{n}: deal 2-3",
            "label": "Deal every packet: two, then three",
            "group": "Deal every packet",
            "choice": "two, then three",
        },
        {
            "event": f"{n}: deal 3-2",
            "label": "Deal every packet: three, then two",
            "group": "Deal every packet",
            "choice": "three, then two",
        },
    ]
    out += [
        {
            "event": f"{n}: give {k}",
            "label": f"Give the next player a packet of {k} {'card' if k == 1 else 'cards'}",
            "group": "Give the next packet of",
            "choice": f"{k} {'card' if k == 1 else 'cards'}",
        }
        for k in _GIVE_SIZES
    ]
    out += [
        {"event": f"{n}: turn", "label": "Turn up the trump card"},
        {"event": f"{n}: expose", "label": _expose_words(state, seat)},
        {"event": f"{n}: touch", "label": "Touch the cards during the deal"},
        {"event": f"{n}: question deal", "label": f"Say it is not {SEAT_NAMES[state.acting]}'s deal"},
        {"event": f"{n}: question score failed", "label": "Question the score, and fail to prove it"},
        {"event": f"{n}: question score upheld", "label": "Question the score, and prove the error"},
        {"event": f"{n}: newcards", "label": "Call for new cards"},
    ]
    if state.order:
        bottom = state.order[-1]
        out.append(
            {"event": f"{n}: marked {bottom}", "label": f"Find a card torn or marked (the {bottom.long_name()})"}
        )
    return out


def dealing_acts(state: DealingProcedure) -> dict[str, list[dict[str, Any]]]:
    """The acts usable now, per seat (``A``–``D``) and for the whole table (``table``): each an
    ``event`` the fold accepts (``dealing_act``'s contract), its ``label`` in plain words, optionally a
    ``group`` and ``choice`` (a row of small choices, such as how many cards the cutter lifts), and
    ``ruled`` (the act draws a ruling or ends the dealing). An act is usable when the fold takes it: the engine decides;
    an act the laws forbid outright is not offered. An election is not here (see ``pending``).

    >>> p = DealingProcedure.start("A", seed=1)
    >>> [a["event"] for a in dealing_acts(p)["C"]][:3]
    ['C: shuffle', 'C: decline', 'C: expose']
    >>> [a["label"] for a in dealing_acts(p)["A"]][:2]  # the dealer shuffles last (Law 27): not yet
    ['Let a card be seen in shuffling', "Say it is not A's deal"]
    >>> q = p.replay(["C: shuffle", "A: shuffle"])
    >>> [a["choice"] for a in dealing_acts(q)["D"] if a.get("group") == "Cut, lifting"]
    ['2 cards', '4 cards', '10 cards', '16 cards', '22 cards', '28 cards', '30 cards']
    >>> [a["event"] for a in dealing_acts(q)["table"]]
    ['imperfect', 'faced', 'wrongpack']
    """
    out: dict[str, list[dict[str, Any]]] = {}

    def usable(act: dict[str, Any]) -> dict[str, Any] | None:
        try:
            nxt = state.act(act["event"])
        except (IllegalAction, InputError):
            return None
        return {**act, "ruled": len(nxt.rulings) > len(state.rulings) or nxt.phase is DealingPhase.OVER}

    for seat in range(4):
        out[SEAT_NAMES[seat]] = [a for a in map(usable, _seat_candidates(state, seat)) if a is not None]
    table = [{"event": verb, "label": label} for verb, label in _TABLE_ACTS]
    out["table"] = [a for a in map(usable, table) if a is not None]
    return out


def _option_words(state: DealingProcedure, option: str) -> str:
    """An option's words, from the latest ruling that offers it (its id otherwise, made readable)."""
    for r in reversed(state.rulings):
        for o in r.options:
            if o.id == option:
                return o.text[:1].upper() + o.text[1:]
    return option.replace("-", " ").capitalize()


def dealing_words(event: str, state: DealingProcedure | None = None) -> str:
    """An event of the dealing in plain words (the log, the book's next step). ``state`` gives the
    elections their options' words.

    >>> dealing_words("D: cut 10"), dealing_words("A: deal 2-3"), dealing_words("imperfect missing 7S")
    ('D cuts, lifting 10 cards', 'A deals every packet: two, then three', 'The pack is found imperfect (missing the 7 of spades)')
    >>> dealing_words("B: question score failed")
    'B questions the score and fails to prove it'
    >>> p = dealing_start_state(44)
    >>> dealing_words("AC: choose deal-again", p)
    'A and C elect: A deals again'
    """
    ev = parse_dealing_event(event)
    who, verb, args = ev.who, ev.verb, ev.args
    arg = args[0] if args else ""
    if verb == "shuffle":
        return f"{who} shuffles"
    if verb == "decline":
        return f"{who} waives his first right to shuffle"
    if verb == "cut":
        return f"{who} cuts, lifting {arg} cards"
    if verb == "deal":
        return f"{who} deals every packet: " + ("three, then two" if arg in ("3-2", "32") else "two, then three")
    if verb == "give":
        return f"{who} gives a packet of {arg}" + (f" to {args[1].upper()}" if len(args) > 1 else "")
    if verb == "turn":
        return f"{who} turns up the trump card"
    if verb == "expose":
        return f"{who} exposes " + (f"the {_card(arg)[1]}" if arg else "a card")
    if verb == "touch":
        return f"{who} touches the cards"
    if verb == "question":
        if arg.lower() == "deal":
            return f"{who} says it is not {SEAT_NAMES[state.acting] if state is not None else 'the dealer'}'s deal"
        upheld = len(args) > 1 and args[1].lower() == "upheld"
        return f"{who} questions the score and " + ("proves the error" if upheld else "fails to prove it")
    if verb == "newcards":
        return f"{who} calls for new cards"
    if verb == "marked":
        return f"{who} finds the {_card(arg)[1]} torn or marked" if arg else f"{who} finds a card torn or marked"
    if verb == "choose":
        words = _option_words(state, arg.lower()) if state is not None else arg.replace("-", " ")
        return f"{_SIDE_WORDS.get(who, who)} elect: {words}"
    label = dict(_TABLE_ACTS).get(verb, verb)
    return label + (f" ({' '.join(_card_words(a) for a in args)})" if args else "")


def _card_words(text: str) -> str:
    """A word of an event: a card code as the card's name (``7S`` → ``the 7 of spades``), else as it is."""
    try:
        return "the " + _card(text)[1]
    except (CardError, InputError):
        return text


_PHASE_WORDS = {
    DealingPhase.SHUFFLE: "The pack is being shuffled",
    DealingPhase.CUT: "The pack is cut; the deal has not begun",
    DealingPhase.DEAL: "The cards are being dealt",
    DealingPhase.DEALT: "Every packet is dealt; the trump card is not turned",
    DealingPhase.TURNED: "The trump card is turned",
    DealingPhase.OVER: "The dealing is over",
}
_OUTCOME_WORDS = {
    "deal-stands": "The deal stands",
    "new-deal": "A new deal: {dealer} deals again",
    "deal-lost": "The deal is lost: it passes to {dealer}",
    "deal-stopped": "The deal is stopped: {dealer}, whose deal it is, deals",
    "fresh-cut": "A fresh cut: the players may shuffle again",
}


def _sentence(text: str) -> str:
    """A text as a sentence: a capital first, a full stop last."""
    text = text.strip()
    return text[:1].upper() + text[1:] + ("" if text.endswith((".", "!", "?")) else ".")


def _seen(state: DealingProcedure, events: list[str]) -> list[dict[str, str]]:
    """The cards named as seen, faced or marked since the last shuffle (a shuffle hides them again),
    not in a hand: ``{"card", "what"}`` for the table's middle."""
    held = {c for h in state.received for c in h}
    last = max((i for i, e in enumerate(events) if parse_dealing_event(e).verb == "shuffle"), default=-1)
    out = []
    what = {"expose": "seen", "marked": "torn or marked", "faced": "found faced"}
    for e in events[last + 1 :]:
        ev = parse_dealing_event(e)
        if ev.verb in what and ev.args:
            card = Card.parse(ev.args[0])
            if card not in held:
                out.append({"card": str(card), "what": what[ev.verb]})
    return out


def _outcome_text(state: DealingProcedure) -> str | None:
    """The outcome's text for the summary, a card by its name; None when a ruling already says it
    (a ruling is shown once)."""
    o = state.outcome
    if o is None or any(r.text.strip() == o.text.strip() for r in state.rulings):
        return None
    text = o.text.replace(str(o.turn_up), o.turn_up.long_name()) if o.turn_up is not None else o.text
    return _sentence(text)


def dealing_start_state(law: int) -> DealingProcedure:
    """The ready scenario of a law, folded (the state :func:`dealing_start` shows).

    >>> p = dealing_start_state(44)
    >>> str(p.phase), p.rulings[p.pending].laws
    ('deal', (41, 42, 44))
    """
    sc = _dealing_scenario(law)
    return _dealing_fold(sc, list(sc["events"]))


def _dealing_next_step(sc: dict[str, Any], events: list[str], state: DealingProcedure) -> dict[str, str] | None:
    """The book's next step: the scenario's next ``then`` event while the reader follows it."""
    start, then = list(sc.get("events", [])), list(sc.get("then", []))
    done = len(events) - len(start)
    if done < 0 or done >= len(then) or events != start + then[:done]:
        return None
    return {"event": then[done], "label": dealing_words(then[done], state)}


def dealing_view(state: DealingProcedure, law: int | None, events: list[str], base: dict[str, Any]) -> dict[str, Any]:
    """The JSON of a dealing procedure: the phase, the hands dealt so far, the rulings, the pending
    election with its options (and the events that elect them), the outcome; for the table: the pack
    (``pack``: its count, who shuffled, the cut), the cards' faces (``cards``), the cards exposed,
    the acts usable now per seat (``acts``, see :func:`dealing_acts`), the events in words (``log``),
    the book's next step (``next``), and the laws applied (``laws_applied``).

    >>> v = dealing_start(44)
    >>> v["pack"]["count"], v["pack"]["cut"], v["next"]["label"]
    (26, {'by': 'D', 'lifted': 10, 'left': 22}, 'A and C elect: A deals again')
    >>> v["acts"]["B"], v["pending"]["words"][0]["label"]
    ([], 'A deals again')
    """
    out = state.to_json()
    pending = None
    if state.pending is not None:
        r = state.rulings[state.pending]
        pending = r.to_json()
        sides = [r.to_json()["chooser"]] if r.chooser is not None else ["AC", "BD"]
        pending["choices"] = [f"{side}: choose {o.id}" for side in sides for o in r.options]
        pending["words"] = [
            {
                "event": f"{side}: choose {o.id}",
                "label": o.text[:1].upper() + o.text[1:],
                "who": _SIDE_WORDS[side],
            }
            for side in sides
            for o in r.options
        ]
    cards: dict[str, list[str]] = {}
    for hand in state.received:
        for c in hand:
            cards[str(c)] = _card(c)
    if state.turn_up is not None:
        cards[str(state.turn_up)] = _card(state.turn_up)
    exposed = [{"card": str(c), "by": SEAT_NAMES[s]} for s, c, _ in state.exposed]  # in whichever hand it lies
    for _seat, c, _ in state.exposed:
        cards[str(c)] = _card(c)
    seen = _seen(state, events)
    for sight in seen:
        cards[sight["card"]] = _card(sight["card"])
    laws = sorted({n for r in state.rulings for n in r.laws} | set(state.outcome.laws if state.outcome else ()))
    o = state.outcome
    out.update(
        {
            "law": law,
            "title": base.get("title"),
            "events": list(events),
            "then": list(base.get("then", [])),
            "pending": pending,
            "interactive": False,
            "error": None,
            "phase_words": _PHASE_WORDS[state.phase],
            "pack": {
                "count": len(state.stock),
                "size": len(state.order),
                "shuffled": [SEAT_NAMES[s] for s in state.shuffled],
                "cut": {"by": SEAT_NAMES[state.cutter], "lifted": state.cut, "left": len(state.order) - state.cut}
                if state.cut is not None and state.cutter is not None
                else None,
            },
            "exposed": exposed,
            "seen": seen,
            "cards": cards,
            "acts": dealing_acts(state),
            "log": [dealing_words(e, state) for e in events],
            "next": _dealing_next_step(base, list(events), state),
            "outcome_words": _OUTCOME_WORDS[o.kind].format(dealer=SEAT_NAMES[o.dealer]) if o is not None else None,
            "outcome_text": _outcome_text(state),
            "laws_applied": laws,
        }
    )
    return out


def dealing_start(law: int) -> dict[str, Any]:
    """The ready dealing scenario of a law, folded up to the irregularity; a scenario whose point
    is a refusal (``refused``) comes back with that refusal as ``error``."""
    sc = _dealing_scenario(law)
    events = list(sc["events"])
    state = _dealing_fold(sc, events)
    out = dealing_view(state, int(law), events, sc)
    if sc.get("refused"):
        try:
            state.act(sc["refused"])
        except (IllegalAction, InputError) as e:
            out["error"] = _error(e)
    return out


def dealing_act(law: int, events: list[str], event: str) -> dict[str, Any]:
    """Apply one more dealing event. A refused or unreadable event leaves the events as they
    were and comes back as ``error`` (the engine's message, its laws or its field), as in :func:`act`.

    >>> v = dealing_start(35)
    >>> v["pending"]["laws"], v["pending"]["choices"]
    ([35], ['BD: choose new-deal', 'BD: choose deal-stands'])
    >>> dealing_act(35, v["events"], "BD: choose new-deal")["outcome"]["kind"]
    'new-deal'
    >>> dealing_act(35, v["events"], "AC: choose new-deal")["error"]["message"]
    'the election belongs to BD'
    """
    sc = _dealing_scenario(law)
    state = _dealing_fold(sc, events)
    event = decode.text(event, "event", max_len=MAX_EVENT)
    try:
        new = state.act(event)
    except (IllegalAction, InputError) as e:
        out = dealing_view(state, int(law), list(events), sc)
        out["error"] = _error(e)
        return out
    return dealing_view(new, int(law), list(events) + [str(event).strip()], sc)


# ---------------------------------------------------------------- the table: cutting out, entry and re-entry
TABLE_OPS = (
    "form",
    "open_table",
    "declare",
    "end_rubber",
    "cut_out",
    "start_rubber",
    "substitute",
    "leave",
    "cut_into",
    "break_up",
)
_LAW_RE = re.compile(r"\(Laws? ([\d, ]+)\)")


def table_scenarios() -> dict[int, dict[str, Any]]:
    """The ready scenarios of cutting, cutting out, entry and re-entry (Laws 10, 15–21) by law
    number: ``seed`` (of the club), ``ops`` folded over :class:`~euchre_core.laws.entry.Club`, optionally
    ``refused`` (an op the laws forbid there) and ``then`` (suggested next ops). An op is an object:
    ``{"op": "form", "table", "candidates", "seed"?, "exposed"?}`` (a table formed by cutting),
    ``{"op": "open_table", "table", "candidates", "exposed"?}`` (Law 17), ``{"op": "declare", "table",
    "name"}``, ``{"op": "end_rubber" | "cut_out" | "start_rubber", "table", "exposed"?}``,
    ``{"op": "substitute", "table", "absent", "substitute", "consenting"?}`` (the other three when
    omitted), ``{"op": "leave", "table", "name"}``, ``{"op": "cut_into", "name", "table"}``,
    ``{"op": "break_up", "table", "breaker", "into"}``."""
    path = resources.files("euchre_core") / "data" / "table_scenarios.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    return {int(s["law"]): s for s in data["scenarios"]}


def _table_scenario(law: int) -> dict[str, Any]:
    number = _law(law)
    if number not in table_scenarios():
        raise InputError(f"no ready table scenario for law {number}", "law")
    return table_scenarios()[number]


_OP_TEXT = ("table", "name", "breaker", "into", "absent", "substitute")
_OP_KEYS = ("op", *_OP_TEXT, "candidates", "consenting", "seed", "exposed")


def _decode_op(op: Any, path: str = "op") -> dict[str, Any]:
    """An op's members, typed and bounded (names at most 40 characters, at most 32 candidates)."""
    if isinstance(op, str):
        op = decode.loads(op, path, max_bytes=4000, max_depth=3)
    checked = decode.mapping(op, path, keys=_OP_KEYS)  # the same dict, typed
    decode.choice(op.get("op"), path, TABLE_OPS)
    for k in _OP_TEXT:
        if op.get(k) is not None:
            decode.text(op[k], decode.field(path, k), max_len=MAX_NAME)
    for k in ("candidates", "consenting"):
        if op.get(k) is not None:
            for i, n in enumerate(decode.array(op[k], decode.field(path, k), max_len=MAX_CANDIDATES)):
                decode.text(n, f"{path}.{k}[{i}]", max_len=MAX_NAME)
    if op.get("seed") is not None:
        decode.seed(op["seed"], decode.field(path, "seed"))
    if op.get("exposed") is not None:
        for n, k in decode.mapping(op["exposed"], decode.field(path, "exposed"), max_len=MAX_CANDIDATES).items():
            decode.integer(k, decode.field(decode.field(path, "exposed"), n[:MAX_NAME]), 1, 32)
    return checked


def _field(op: dict[str, Any], name: str, default: Any = _MISSING) -> Any:
    if name in op and op[name] not in (None, ""):
        return op[name]
    if default is _MISSING:
        raise InputError(f"the op {op.get('op')!r} needs {name!r}", name)
    return default


def _verb(names: Any, one: str, many: str) -> str:
    return one if len(names) == 1 else many


def _note(title: str, text: str, laws: Any, kind: str = "ruling") -> dict[str, Any]:
    """A note of the table sandbox: ``kind`` "cut" (who cut which card) or "ruling" (what the laws decided)."""
    return {"title": title, "text": text, "laws": sorted({int(n) for n in laws}), "kind": kind}


def _cut_notes(table: str, records: Any) -> list[dict[str, Any]]:
    """One note per cut, in words: who cut which card (a void cut said so, Law 10) and the result."""
    out = []
    for r in records:
        draws = ", ".join(
            f"{d.name} the {d.card.long_name()}"
            + (" (more than one card exposed: void, he cuts again)" if d.void else "")
            for d in r.draws
        )
        result = f" {r.result[:1].upper()}{r.result[1:]}." if r.result else ""
        out.append(_note(f"cut at {table}: {r.purpose}", f"Cut: {draws}.{result}", r.laws, "cut"))
    return out


def _table_apply(club: Club, op: Any) -> tuple[Club, list[dict[str, Any]]]:
    """One op on the club: the new club and the notes citing the laws (from what entry.py records)."""
    op = _decode_op(op)
    kind = op.get("op")
    if kind not in TABLE_OPS:
        raise InputError(f"unknown op {kind!r}; one of " + ", ".join(TABLE_OPS), "op")
    exposed = op.get("exposed") or None
    notes: list[dict[str, Any]] = []
    if kind in ("open_table", "form") and len(club.tables) >= MAX_TABLES:
        raise InputError(f"the sandbox's club has {MAX_TABLES} tables at most", "table")
    if kind in ("open_table", "cut_into", "break_up"):
        before = len(club.notes), {t.name: len(t.cuts) for t in club.tables}, len(club.cuts)
        if kind == "open_table":
            new = club.open_table(_field(op, "table"), _field(op, "candidates"), exposed)
        elif kind == "cut_into":
            new = club.cut_into(_field(op, "name"), _field(op, "table"))
        else:
            new = club.break_up(_field(op, "table"), _field(op, "breaker"), _field(op, "into"))
        notes += _cut_notes("the club", new.cuts[before[2] :])
        for t in new.tables:
            notes += _cut_notes(t.name, t.cuts[before[1].get(t.name, 0) :])
        for text in new.notes[before[0] :]:
            laws = [int(n) for m in _LAW_RE.findall(text) for n in m.split(",")]
            notes.append(_note(kind.replace("_", " "), text, laws or []))
        return new, notes
    name = _field(op, "table", "T1")
    if kind == "form":
        if any(t.name == name for t in club.tables):
            raise InputError(f"there is already a table {name!r}", "table")
        seed = _field(op, "seed", 0)
        t = Roster.form(name, _field(op, "candidates"), seed=seed, rules=club.rules, exposed=exposed)
        notes += _cut_notes(name, t.cuts)
        if t.waiting:
            notes.append(
                _note(
                    "the table formed",
                    f"{', '.join(t.players)} play; {', '.join(t.waiting)} "
                    f"{_verb(t.waiting, 'belongs', 'belong')} to {name} and "
                    f"{_verb(t.waiting, 'waits', 'wait')} for entrance (Law 12).",
                    [12],
                )
            )
        return club.put(t), notes
    t = club.table(name)
    if kind == "declare":
        who = _field(op, "name")
        new_t = t.declare(who)
        if who in new_t.players:
            notes.append(_note("entry", f"{who} takes the vacant place at {name}.", [16, 19]))
        else:
            notes.append(
                _note(
                    "entry",
                    f"{who} declared his intention to enter {name} in time, before any card was "
                    "cut for a new rubber or for cutting out: he belongs to the table (Law 16).",
                    [16],
                )
            )
    elif kind == "end_rubber":
        new_t = t.end_rubber()
        for sub, absent in t.substitutes:
            notes.append(
                _note(
                    "the substitute", f"{sub}'s appointment ends with the rubber: {absent} plays again (Law 18).", [18]
                )
            )
        counts = ", ".join(f"{p} {n}" for p, n in new_t.consecutive)
        notes.append(
            _note(
                "the rubber ended",
                f"The rubber at {name} is over. Consecutive rubbers played: {counts} "
                "(Law 15)." + (" Candidates waiting: " + ", ".join(new_t.waiting) + "." if new_t.waiting else ""),
                [15],
            )
        )
    elif kind in ("cut_out", "start_rubber"):
        new_t = t.cut_out(exposed) if kind == "cut_out" else t.start_rubber(exposed)
        notes += _cut_notes(name, new_t.cuts[len(t.cuts) :])
        going = [p for p in t.players if p not in new_t.players]
        coming = [p for p in new_t.players if p not in t.players]
        if going or coming:
            bound = [p for p in going if any(b == p for b, _ in t.bound)]
            text = (
                f"{', '.join(coming)} {_verb(coming, 'claims', 'claim')} admission and "
                f"{_verb(coming, 'enters', 'enter')}; {', '.join(going)} {_verb(going, 'goes', 'go')} out, "
                "having played the greater number of consecutive rubbers or cut lowest (Law 15)"
            )
            if bound:
                text += f"; {', '.join(bound)} took a leaver's place and goes out at the end of one rubber (Law 19)"
            notes.append(_note("cutting out", text + ".", [15] + ([19] if bound else [])))
    elif kind == "substitute":
        absent = _field(op, "absent")
        consenting = op.get("consenting")
        if consenting is None:
            consenting = [p for p in t.players if p != absent]
        sub = _field(op, "substitute")
        new_t = t.substitute(absent, sub, consenting)
        notes.append(
            _note(
                "a substitute",
                f"{sub} plays for {absent} for the rest of this rubber, with the consent of the other three (Law 18).",
                [18],
            )
        )
    else:  # leave
        who = _field(op, "name")
        new_t = t.leave(who)
        added = [b for b in new_t.bound if b not in t.bound]
        if added:
            notes.append(
                _note(
                    "leaving",
                    f"{who} leaves {name} after one of his two rubbers: {added[0][0]}, next in "
                    "order, takes his place and must go out at the end of one rubber (Law 19).",
                    [19],
                )
            )
        else:
            notes.append(_note("leaving", f"{who} leaves {name}.", []))
    return club.put(new_t), notes


def _table_fold(sc: dict[str, Any], ops: list[Any]) -> tuple[Club, list[dict[str, Any]]]:
    """The club after the ops. An op that cannot be replayed (a list tampered with) is an InputError
    naming it: ``ops[3]``, and the laws' reason."""
    ops = decode.array(ops, "ops", max_len=MAX_OPS)
    for i, op in enumerate(ops):
        _decode_op(op, decode.field("ops", i))
    club = Club(seed=int(sc.get("seed", 0)))
    notes: list[dict[str, Any]] = []
    for i, op in enumerate(ops):
        try:
            club, more = _table_apply(club, op)
        except (IllegalAction, InputError) as e:
            raise InputError(f"this op cannot be replayed: {e}", decode.field("ops", i)) from None
        notes += [dict(n, step=i) for n in more]
    return club, notes


def _table_json(t: Roster) -> dict[str, Any]:
    formation = t.formation if t.phase is RosterPhase.PLAYING else None
    return {
        "name": t.name,
        "phase": t.phase,
        "players": [{"name": p, "rubbers": t.rubbers_of(p)} for p in t.players],
        "waiting": list(t.waiting),
        "dealer": formation.dealer if formation is not None else None,
        "partners": [list(p) for p in formation.partners] if formation is not None else [],
        "rubbers": t.rubbers,
        "substitutes": [list(s) for s in t.substitutes],
        "away": list(t.absent),
        "bound": [b for b, _ in t.bound],
        "cuts": [_cut_json(r) for r in t.cuts],
    }


def _cut_json(r: Any) -> dict[str, Any]:
    """A cut for drawing: the cards cut (codes; the view's ``cards`` names them), who is highest and lowest."""
    high, _, low = r.result.partition("; lowest: ")
    return {
        "purpose": r.purpose,
        "laws": list(r.laws),
        "result": r.result,
        "high": [n for n in high.removeprefix("highest: ").split(", ") if n] if r.result.startswith("highest") else [],
        "low": [n for n in low.split(", ") if n] if r.result.startswith("highest") else [],
        "draws": [{"name": d.name, "card": str(d.card), "void": d.void} for d in r.draws],
    }


# The club's visitors: people who may arrive and declare, cut in or be appointed a substitute, beside those the
# scenario names (the reader picks names from the people present, never types one).
ARRIVALS = ("Gray", "Hale", "Ivy", "Jude", "Kent", "Lamb", "Zane")
MAX_NEWCOMERS = 3  # newcomers offered at once (the next come when these have a place)


def _scenario_names(sc: dict[str, Any]) -> list[str]:
    out: list[str] = []
    ops = list(sc.get("ops", [])) + list(sc.get("then", [])) + ([sc["refused"]] if sc.get("refused") else [])
    for op in ops:
        for k in ("name", "breaker", "absent", "substitute"):
            if isinstance(op.get(k), str):
                out.append(op[k])
        for k in ("candidates", "consenting"):
            out += [n for n in op.get(k) or [] if isinstance(n, str)]
    return list(dict.fromkeys(out))


def _people(club: Club, sc: dict[str, Any]) -> list[dict[str, Any]]:
    """Everyone present: the tables' players, those away (Law 18), the candidates waiting, those without a
    place (the lobby), and a few newcomers (the scenario's names first)."""
    people: list[dict[str, Any]] = []
    seen: set[str] = set()

    def add(name: str, where: str, table: str | None) -> None:
        if name not in seen:
            seen.add(name)
            people.append({"name": name, "where": where, "table": table})

    for t in club.tables:
        for p in t.players:
            add(p, "playing", t.name)
        for p in t.absent:
            add(p, "away", t.name)
        for p in t.waiting:
            add(p, "waiting", t.name)
    for p in club.lobby:
        add(p, "lobby", None)
    fresh = [n for n in _scenario_names(sc) + list(ARRIVALS) if n not in seen]
    for n in fresh[:MAX_NEWCOMERS]:
        add(n, "newcomer", None)
    return people


def _usable(club: Club, op: dict[str, Any]) -> bool:
    """Whether the laws allow ``op`` now: the engine applies it (and the result is thrown away)."""
    try:
        _table_apply(club, op)
    except (IllegalAction, InputError):
        return False
    return True


def _act(act_id: str, label: str, laws: list[int], op: dict[str, Any]) -> dict[str, Any]:
    return {"id": act_id, "label": label, "laws": laws, "op": op}


def _person_acts(club: Club, person: dict[str, Any], people: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The acts of one person usable now (Laws 10, 16–21): each an id, words, the laws, and the op it sends;
    or, for an act needing a second person (a substitute), ``choices`` of such acts."""
    name, home = person["name"], person["table"]
    acts: list[dict[str, Any]] = []
    for t in club.tables:
        if t.name == home:
            continue
        if person["where"] == "newcomer":
            op: dict[str, Any] = {"op": "declare", "table": t.name, "name": name}
            act = _act("declare", f"Declares he will play at {t.name}", [16], op)
        else:
            op = {"op": "cut_into", "name": name, "table": t.name}
            if home is None:
                act = _act("cut_into", f"Declares he will play at {t.name}", [16], op)
            else:
                act = _act("cut_into", f"Cuts into {t.name}, losing his place at {home}", [20], op)
        if _usable(club, op):
            acts.append(act)
    if home is None:
        return acts
    t = club.table(home)
    if person["where"] == "playing" and t.phase is RosterPhase.PLAYING:
        choices = []
        for other in _substitutes_for(club, t, people):
            op = {"op": "substitute", "table": home, "absent": name, "substitute": other}
            if _usable(club, op):
                choices.append(_act("substitute", f"{other} plays for {name}", [18], op))
        if choices:
            acts.append(
                {"id": "substitute", "label": "Goes away: a substitute plays for him", "laws": [18], "choices": choices}
            )
    op = {"op": "leave", "table": home, "name": name}
    if _usable(club, op):
        laws = [19] if t.leaves_one_of_two(name) else []  # Law 19: a full table, one of his two rubbers played
        acts.append(_act("leave", f"Leaves {home}", laws, op))
    if person["where"] == "playing":
        for kind in ("start_rubber", "cut_out"):
            op = {"op": kind, "table": home, "exposed": {name: 2}}
            if _usable(club, op):
                acts.append(_act("expose", "Exposes two cards when he cuts (he must cut again)", [10], op))
                break
    return acts


def _substitutes_for(club: Club, t: Roster, people: list[dict[str, Any]]) -> list[str]:
    """Who can be appointed a substitute at ``t`` (Law 18): anyone present not playing a rubber at any table."""
    playing = {p for x in club.tables if x.phase is RosterPhase.PLAYING for p in x.players} | set(t.absent)
    names = list(t.waiting) + [p["name"] for p in people if p["where"] in ("waiting", "lobby", "newcomer")]
    out = [n for n in names if n not in playing]
    return list(dict.fromkeys(out))[:MAX_SUBSTITUTES]


def _table_acts(club: Club, t: Roster) -> list[dict[str, Any]]:
    """The acts on a table usable now: end the rubber (Law 15), cut out (Law 15), cut for partners and deal
    (Laws 11, 13, 14), break it up (Law 21: ``choices`` of who breaks it up and where the others go)."""
    acts: list[dict[str, Any]] = []
    cut_out_first = t.phase is RosterPhase.BETWEEN and bool(t.waiting)
    for kind, label, laws in (
        ("end_rubber", "End the rubber", [15]),
        ("cut_out", "Cut out: the candidates waiting claim admission", [15]),
        (
            "start_rubber",
            "Cut out, then cut for partners and deal" if cut_out_first else "Cut for partners and deal",
            [15, 11, 13, 14] if cut_out_first else [11, 13, 14],
        ),
    ):
        op = {"op": kind, "table": t.name}
        if _usable(club, op):
            acts.append(_act(kind, label, laws, op))
    choices = []
    for other in club.tables:
        if other.name == t.name:
            continue
        for breaker in t.members:
            op = {"op": "break_up", "table": t.name, "breaker": breaker, "into": other.name}
            if _usable(club, op):
                choices.append(_act("break_up", f"{breaker} breaks it up; the others go to {other.name}", [21], op))
    if choices:
        acts.append({"id": "break_up", "label": "Break up the table", "laws": [21], "choices": choices})
    return acts


def _club_acts(club: Club, people: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Open a fresh table (Law 17), or form the club's first (Laws 8–14): the reader picks the candidates among
    ``candidates`` (everyone present but the players in a rubber); the engine checks the choice."""
    free = [
        p["name"]
        for p in people
        if not (p["where"] == "playing" and club.table(p["table"]).phase is RosterPhase.PLAYING)
        and p["where"] != "away"
    ]
    if len(free) < 4 or len(club.tables) >= MAX_TABLES:
        return []
    taken = {t.name for t in club.tables} | {x for _, names in club.history for x in names}
    name = next(f"T{i}" for i in range(1, len(taken) + 2) if f"T{i}" not in taken)
    if club.tables:
        return [
            {
                "id": "open_table",
                "label": f"Open a fresh table, {name}",
                "laws": [17],
                "table": name,
                "candidates": free,
                "least": 4,
                "op": {"op": "open_table", "table": name},
            }
        ]
    return [
        {
            "id": "form",
            "label": f"Form a table, {name}, by cutting",
            "laws": [8, 11, 12],
            "table": name,
            "candidates": free,
            "least": 4,
            "op": {"op": "form", "table": name},
        }
    ]


def _table_next_step(club: Club, ops: list[Any], sc: dict[str, Any]) -> dict[str, Any] | None:
    """The book's next step: the scenario's suggested op that follows the ops so far, if the reader has
    followed them (and the laws allow it)."""
    base, then = list(sc.get("ops", [])), list(sc.get("then", []))
    done = len(ops) - len(base)
    if done < 0 or done >= len(then) or list(ops) != base + then[:done]:
        return None
    op = then[done]
    if not _usable(club, op):
        return None
    return {"label": _describe(op), "op": op}


def _describe(op: dict[str, Any]) -> str:
    """An op in words (the app layer's presentation of the typed op)."""
    kind, table = op.get("op"), op.get("table")
    exposing = "".join(f"; {n} exposes {k} cards in cutting" for n, k in (op.get("exposed") or {}).items())
    words = {
        "end_rubber": f"The rubber at {table} ends",
        "cut_out": f"Cut out at {table}",
        "start_rubber": f"Cut for partners and deal at {table}",
        "declare": f"{op.get('name')} declares he will play at {table}",
        "leave": f"{op.get('name')} leaves {table}",
        "cut_into": f"{op.get('name')} cuts into {table}",
        "substitute": f"{op.get('substitute')} plays for {op.get('absent')} at {table}",
        "break_up": f"{op.get('breaker')} breaks up {table}; the others go to {op.get('into')}",
        "open_table": f"Open {table} for " + ", ".join(op.get("candidates") or []),
        "form": f"Form {table} from " + ", ".join(op.get("candidates") or []),
    }
    return str(words.get(str(kind), kind)) + exposing


def _cards(club: Club) -> dict[str, list[str]]:
    codes = {d.card for t in club.tables for r in t.cuts for d in r.draws}
    codes |= {d.card for r in club.cuts for d in r.draws}
    colour = {True: "red", False: "black"}
    return {
        str(c): [c.pretty(), c.long_name(), colour[bool(c.suit is not None and c.suit.is_red)]]
        for c in sorted(codes, key=int)
    }


def table_view(
    club: Club, law: int | None, ops: list[Any], notes: list[dict[str, Any]], base: dict[str, Any]
) -> dict[str, Any]:
    """The JSON of the club: the tables (members, rubbers played, cuts), the lobby, the notes (each with the
    ``step``: the index of the op that made it), and the acts
    usable now (``acts``: per person, per table and for the club, each with the op it sends), derived
    from the club by the engine: the page offers nothing the laws refuse.

    >>> v = table_start(15)
    >>> [a["id"] for a in v["acts"]["tables"][0]["acts"]]
    ['start_rubber']
    >>> v["next_step"]["label"]
    'Cut for partners and deal at T1'
    """
    people = _people(club, base)
    for p in people:
        p["acts"] = _person_acts(club, p, people)
    return {
        "kind": "table",
        "law": law,
        "title": base.get("title"),
        "ops": list(ops),
        "then": list(base.get("then", [])),
        "next_step": _table_next_step(club, list(ops), base),
        "last_act": _describe(ops[-1]) if ops else None,
        "op_names": list(TABLE_OPS),
        "tables": [_table_json(t) for t in club.tables],
        "lobby": list(club.lobby),
        "cuts": [_cut_json(r) for r in club.cuts],
        "cards": _cards(club),
        "acts": {
            "people": people,
            "tables": [{"table": t.name, "acts": _table_acts(club, t)} for t in club.tables],
            "club": _club_acts(club, people),
        },
        "notes": notes,
        "interactive": False,
        "error": None,
    }


def table_start(law: int) -> dict[str, Any]:
    """The ready table scenario of a law, folded; a scenario whose point is a refusal
    (``refused``) comes back with that refusal as ``error``.

    >>> v = table_start(16)
    >>> v["error"]["laws"]
    [16]
    """
    sc = _table_scenario(law)
    ops = list(sc["ops"])
    club, notes = _table_fold(sc, ops)
    out = table_view(club, int(law), ops, notes, sc)
    if sc.get("refused"):
        try:
            _table_apply(club, sc["refused"])
        except (IllegalAction, InputError) as e:
            out["error"] = _error(e)
    return out


def table_act(law: int, ops: list[Any], op: Any) -> dict[str, Any]:
    """Apply one more op. A refused or unreadable op leaves the ops as they were and comes back
    as ``error`` (the engine's message, its laws or its field).

    >>> v = table_start(18)
    >>> table_act(18, v["ops"], {"op": "leave", "table": "T1", "name": "Ames"})["error"]["laws"]
    [18]
    """
    sc = _table_scenario(law)
    club, notes = _table_fold(sc, ops)
    try:
        new, more = _table_apply(club, op)
    except (IllegalAction, InputError) as e:
        out = table_view(club, int(law), list(ops), notes, sc)
        out["error"] = _error(e)
        return out
    return table_view(new, int(law), list(ops) + [op], notes + [dict(n, step=len(ops)) for n in more], sc)
