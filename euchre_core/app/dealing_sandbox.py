"""The dealing sandbox's Python side (Laws 22–45, 72–73): the shuffle, the cut and the deal under
:class:`~euchre_core.laws.dealing.DealingProcedure`, as JSON for the browser
(``docs/javascripts/dealing-sandbox.mjs``): the ready scenarios, the acts offered as buttons (which of
them are usable now is the procedure's answer), the events in plain words, and the view.

>>> v = dealing_start(35)
>>> v["law"], v["error"] is None
(35, True)
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

from ..formats.scenario import MAX_EVENT
from ..kernel import decode
from ..kernel.cards import Card, CardError
from ..kernel.deal import SEAT_NAMES
from ..kernel.errors import IllegalAction, InputError
from ..laws.dealing import DealingPhase, DealingProcedure, parse_dealing_event
from ..laws.rulings import Chooser, Ruling
from .ruling_voice import Seats, chooser_words, dealing_option_label
from .sandbox_json import card_json, error_json, event_list, law_number, room_for_one

__all__ = [
    "dealing_scenarios",
    "dealing_start",
    "dealing_act",
    "dealing_view",
    "dealing_acts",
    "dealing_words",
    "dealing_start_state",
]


def dealing_scenarios() -> dict[int, dict[str, Any]]:
    """The ready scenarios of the dealing procedure (Laws 22–45, 72–73) by law number: ``dealer``,
    ``seed``, ``events`` up to the irregularity, optionally ``refused`` (an event the laws forbid
    there) and ``then`` (follow-up events, such as the election)."""
    path = resources.files("euchre_core") / "data" / "dealing_scenarios.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    return {int(s["law"]): s for s in data["scenarios"]}


def _dealing_scenario(law: int) -> dict[str, Any]:
    number = law_number(law)
    if number not in dealing_scenarios():
        raise InputError(f"no ready dealing scenario for law {number}", "law")
    return dealing_scenarios()[number]


def _dealing_fold(sc: dict[str, Any], events: Any) -> DealingProcedure:
    """Fold the browser's events over the scenario's start. An event the fold refuses (a tampered
    list) is an :class:`InputError` naming it: ``events[i]``."""
    events = event_list(events)
    state = DealingProcedure.start(sc.get("dealer", "A"), seed=int(sc.get("seed", 0)))
    for i, e in enumerate(events):
        try:
            state = state.act(e)
        except (IllegalAction, InputError) as err:
            raise InputError(f"event {i + 1} ({e!r}) cannot be replayed: {err}", decode.field("events", i)) from None
    return state


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
    """An option's words, from the latest ruling that offers it, in the one voice (its id otherwise, made
    readable)."""
    for r in reversed(state.rulings):
        if any(o.id == option for o in r.options):
            return dealing_option_label(r, option, Seats(None, state.dealer), state.dealer)
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
    'A elects: A deals again'
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
        return f"{who} exposes " + (f"the {card_json(arg)[1]}" if arg else "a card")
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
        return f"{who} finds the {card_json(arg)[1]} torn or marked" if arg else f"{who} finds a card torn or marked"
    if verb == "choose":
        words = _option_words(state, arg.lower()) if state is not None else arg.replace("-", " ")
        r = state.rulings[state.pending] if state is not None and state.pending is not None else None
        if r is not None and len(r.choosers) == 1:  # the law gives the choice to one player (the dealer: 44, 72)
            return f"{SEAT_NAMES[r.choosers[0]]} elects: {words}"
        return f"{_SIDE_WORDS.get(who, who)} elect: {words}"
    label = dict(_TABLE_ACTS).get(verb, verb)
    return label + (f" ({' '.join(_card_words(a) for a in args)})" if args else "")


def _card_words(text: str) -> str:
    """A word of an event: a card code as the card's name (``7S`` → ``the 7 of spades``), else as it is."""
    try:
        return "the " + card_json(text)[1]
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


def _who_elects(r: Ruling) -> str:
    """Who elects, as the subject of "… one of the options below": from the ruling's typed chooser rule.

    >>> _who_elects(dealing_start_state(44).rulings[-1]), _who_elects(dealing_start_state(73).rulings[-1])
    ('A, the dealer, chooses', 'either side chooses')
    """
    if r.rule is Chooser.EITHER_SIDE or not r.choosers:
        return "either side chooses"
    if len(r.choosers) == 1:
        seat = SEAT_NAMES[r.choosers[0]]
        return f"{seat}, the dealer, chooses" if r.rule is Chooser.DEALER else f"{seat} chooses"
    return " and ".join(SEAT_NAMES[c] for c in r.choosers) + " choose"


def dealing_view(state: DealingProcedure, law: int | None, events: list[str], base: dict[str, Any]) -> dict[str, Any]:
    """The JSON of a dealing procedure: the phase, the hands dealt so far, the rulings, the pending
    election with its options (and the events that elect them), the outcome; for the table: the pack
    (``pack``: its count, who shuffled, the cut), the cards' faces (``cards``), the cards exposed,
    the acts usable now per seat (``acts``, see :func:`dealing_acts`), the events in words (``log``),
    the book's next step (``next``), and the laws applied (``laws_applied``).

    >>> v = dealing_start(44)
    >>> v["pack"]["count"], v["pack"]["cut"], v["next"]["label"]
    (26, {'by': 'D', 'lifted': 10, 'left': 22}, 'A elects: A deals again')
    >>> v["acts"]["B"], v["pending"]["words"][0]["label"]
    ([], 'A deals again')
    """
    out = state.to_json()
    pending = None
    if state.pending is not None:
        r = state.rulings[state.pending]
        pending = r.to_json()
        pending["who_chooses"] = chooser_words(r, Seats(None, state.dealer))  # from the typed chooser rule
        pending["choosers"] = [SEAT_NAMES[c] for c in r.choosers]
        pending["who_elects"] = _who_elects(r)
        sides = [r.to_json()["chooser"]] if r.chooser is not None else ["AC", "BD"]
        pending["choices"] = [f"{side}: choose {o.id}" for side in sides for o in r.options]
        pending["words"] = [
            {
                "event": f"{side}: choose {o.id}",
                "label": dealing_option_label(r, o.id, Seats(None, state.dealer), state.dealer),
                "who": _SIDE_WORDS[side],
            }
            for side in sides
            for o in r.options
        ]
    cards: dict[str, list[str]] = {}
    for hand in state.received:
        for c in hand:
            cards[str(c)] = card_json(c)
    if state.turn_up is not None:
        cards[str(state.turn_up)] = card_json(state.turn_up)
    exposed = [{"card": str(c), "by": SEAT_NAMES[s]} for s, c, _ in state.exposed]  # in whichever hand it lies
    for _seat, c, _ in state.exposed:
        cards[str(c)] = card_json(c)
    seen = _seen(state, events)
    for sight in seen:
        cards[sight["card"]] = card_json(sight["card"])
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
            out["error"] = error_json(e)
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
        room_for_one(events, "events", decode.MAX_LOG)  # the 5,001st event is refused here, not by the next call
        new = state.act(event)
    except (IllegalAction, InputError) as e:
        out = dealing_view(state, int(law), list(events), sc)
        out["error"] = error_json(e)
        return out
    return dealing_view(new, int(law), list(events) + [str(event).strip()], sc)
