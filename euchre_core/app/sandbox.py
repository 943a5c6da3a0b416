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
from ..laws.dealing import DealingPhase, DealingProcedure, parse_dealing_event
from ..laws.director import Director
from ..laws.entry import Club, Roster

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
MAX_OPS = 200  # ops of the table sandbox (a scenario has a dozen)
MAX_NAME = 40  # characters of a player's or a table's name


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


def plain_option(text: str) -> str:
    """An option's words for a reader, without the sandbox's own command in them (presentation only:
    the ruling's JSON keeps its ``id`` and ``text``).

    >>> plain_option("Call a suit (name it: 'call-suit H') from him or his partner at their next lead")
    'Call a suit from him or his partner at their next lead'
    """
    return re.sub(r"\s*\(name it: '[^']*'\)", "", text)


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
    if state.phase == "bidding":
        actor = seats[d.actor]
        regular = [f"{actor}: {a}" for a in d.legal_actions()]
        legal: list[str] = []
    else:
        actor = seats[state.actor] if state.phase == "play" else None
        regular = []
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
            "pending": pending,
            "cards": cards,
            "error": None,
        }
    )
    out["words"] = [_words(r) for r in out.get("rulings", [])]
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
        return "Expose another card in turning the trump" if phase is DealingPhase.TURNED else "Expose a card in dealing"
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
        {"event": f"{n}: cut {k}", "label": f"Cut the pack, lifting {k} cards", "group": "Cut, lifting",
         "choice": f"{k} cards"}
        for k in _cut_sizes(size)
    ]
    out += [
        {"event": f"{n}: deal 2-3", "label": "Deal every packet: two, then three", "group": "Deal every packet",
         "choice": "two, then three"},
        {"event": f"{n}: deal 3-2", "label": "Deal every packet: three, then two", "group": "Deal every packet",
         "choice": "three, then two"},
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
        out.append({"event": f"{n}: marked {bottom}", "label": f"Find a card torn or marked (the {bottom.long_name()})"})
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


def _next_step(sc: dict[str, Any], events: list[str], state: DealingProcedure) -> dict[str, str] | None:
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
    for c in seen:
        cards[c["card"]] = _card(c["card"])
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
            "next": _next_step(base, list(events), state),
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
            for i, n in enumerate(decode.array(op[k], decode.field(path, k), max_len=32)):
                decode.text(n, f"{path}.{k}[{i}]", max_len=MAX_NAME)
    if op.get("seed") is not None:
        decode.seed(op["seed"], decode.field(path, "seed"))
    if op.get("exposed") is not None:
        for n, k in decode.mapping(op["exposed"], decode.field(path, "exposed"), max_len=32).items():
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


def _note(title: str, text: str, laws: Any) -> dict[str, Any]:
    return {"title": title, "text": text, "laws": sorted({int(n) for n in laws})}


def _cut_notes(table: str, records: Any) -> list[dict[str, Any]]:
    out = []
    for r in records:
        draws = ", ".join(f"{d.name} {d.card}" + (" (void)" if d.void else "") for d in r.draws)
        out.append(_note(f"cut at {table}: {r.purpose}", f"Drawn: {draws}. {r.result}".strip(), r.laws))
    return out


def _table_apply(club: Club, op: Any) -> tuple[Club, list[dict[str, Any]]]:
    """One op on the club: the new club and the notes citing the laws (from what entry.py records)."""
    op = _decode_op(op)
    kind = op.get("op")
    if kind not in TABLE_OPS:
        raise InputError(f"unknown op {kind!r}; one of " + ", ".join(TABLE_OPS), "op")
    exposed = op.get("exposed") or None
    notes: list[dict[str, Any]] = []
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
    ops = decode.array(ops, "ops", max_len=MAX_OPS)
    for i, op in enumerate(ops):
        _decode_op(op, decode.field("ops", i))
    club = Club(seed=int(sc.get("seed", 0)))
    notes: list[dict[str, Any]] = []
    for op in ops:
        club, more = _table_apply(club, op)
        notes += more
    return club, notes


def _table_json(t: Roster) -> dict[str, Any]:
    return {
        "name": t.name,
        "phase": t.phase,
        "players": [{"name": p, "rubbers": t.rubbers_of(p)} for p in t.players],
        "waiting": list(t.waiting),
        "dealer": t.formation.dealer if t.formation is not None and t.phase == "playing" else None,
        "partners": [list(p) for p in t.formation.partners] if t.formation is not None and t.phase == "playing" else [],
        "rubbers": t.rubbers,
        "substitutes": [list(s) for s in t.substitutes],
        "bound": [b for b, _ in t.bound],
        "cuts": [
            {
                "purpose": r.purpose,
                "laws": list(r.laws),
                "result": r.result,
                "draws": [{"name": d.name, "card": str(d.card), "void": d.void} for d in r.draws],
            }
            for r in t.cuts
        ],
    }


def table_view(
    club: Club, law: int | None, ops: list[Any], notes: list[dict[str, Any]], base: dict[str, Any]
) -> dict[str, Any]:
    """The JSON of the club: the tables (members, rubbers played, cuts), the lobby, the notes."""
    return {
        "kind": "table",
        "law": law,
        "title": base.get("title"),
        "ops": list(ops),
        "then": list(base.get("then", [])),
        "op_names": list(TABLE_OPS),
        "tables": [_table_json(t) for t in club.tables],
        "lobby": list(club.lobby),
        "cuts": [
            {
                "purpose": r.purpose,
                "laws": list(r.laws),
                "result": r.result,
                "draws": [{"name": d.name, "card": str(d.card), "void": d.void} for d in r.draws],
            }
            for r in club.cuts
        ],
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
    return table_view(new, int(law), list(ops) + [op], notes + more, sc)
