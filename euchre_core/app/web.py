"""The engine's answers to the site's widgets: JSON in, JSON out, pure Python.

The site runs this module in the reader's browser (Pyodide, in a Web Worker; see
``docs/javascripts/`` and ARCHITECTURE.md), but nothing here knows about the browser: the
command line and the tests call the same functions. The JavaScript draws and forwards; every
decision (the legal cards, the winner of a trick, the solver's line, the score, the words of
an error) is made here by the engine.

* :func:`case_step` — a case at one step of the book's line (before its ``step``-th card): the
  hands, the trick on the table, the tricks won, whose turn, the legal cards, the book's next
  card, the narration and remarks for this step, and a sentence for a screen reader.
* :func:`what_if` — another card at that step, then the rest of the deal played by the
  double-dummy solver for both sides; the outcome beside the book's.
* :func:`run_snippet` — a console: run a Python snippet with ``euchre_core`` imported.
* :func:`call` — the worker's entry point: ``call("euchre_core.app.web.case_step", '{"case_id": "I"}')``
  returns ``{"ok": true, "result": ...}`` or ``{"ok": false, "error": {...}}`` as JSON; only the
  functions named in :data:`BROWSER_API` can be called, and an exception never leaves as a traceback.

>>> s = case_step("I", 3)
>>> s["to_move"], s["trick"]["cards"], s["book_card"], s["legal"]
('A', [['B', 'JD'], ['C', '7D'], ['D', 'TC']], '8S', ['9C', 'JC', 'AH', 'KH', '8S'])
>>> what_if("I", 3, "JC")["result"]["text"]
'A–C are euchred: B–D take 3 tricks'
"""

from __future__ import annotations

import ast
import contextlib
import dataclasses
import enum
import functools
import importlib
import inspect
import io
import json
import traceback
from typing import Any

from ..formats.cases import CaseReplay, list_cases, load_case
from ..kernel import decode
from ..kernel.actions import Action
from ..kernel.cards import Card, CardError
from ..kernel.deal import SEAT_NAMES, Deal
from ..kernel.errors import EuchreError, InputError
from ..kernel.limits import limit
from ..search.completion import CompletedCase, complete_case

__all__ = ["case_step", "what_if", "run_snippet", "call", "card_info", "deal_outcome", "BROWSER_API", "BROWSER_LIMITS"]

MAX_OUTPUT = limit("output")  # characters of a snippet's output kept
MAX_SNIPPET = limit("snippet")  # characters of a snippet

#: The only functions :func:`call` reaches: those the site's widgets call (docs/javascripts/).
#: Each validates its own arguments (``euchre_core.kernel.decode``).
BROWSER_API = frozenset(
    {
        "euchre_core.app.web.case_step",
        "euchre_core.app.web.run_snippet",
        "euchre_core.app.lessons.check_answer",
        "euchre_core.app.lessons.table_view",
        "euchre_core.app.lessons.table_new",
        "euchre_core.app.lessons.table_act",
        "euchre_core.app.lessons.table_engine",
        "euchre_core.app.sandbox.start",
        "euchre_core.app.situations.situation",
        "euchre_core.app.sandbox.act",
        "euchre_core.app.sandbox.custom",
        "euchre_core.app.live_game.live_new",
        "euchre_core.app.live_game.live_open",
        "euchre_core.app.live_game.live_act",
        "euchre_core.app.live_game.live_from_scenario",
        "euchre_core.app.live_game.live_egn",
        "euchre_core.app.live_game.live_replay",
        "euchre_core.app.sandbox.dealing_start",
        "euchre_core.app.sandbox.dealing_act",
        "euchre_core.app.sandbox.table_start",
        "euchre_core.app.sandbox.table_act",
        "euchre_core.app.hint_words.hint_rerun",
        "euchre_core.app.egn_view.egn_open",
        "euchre_core.app.egn_view.egn_step",
        "euchre_core.app.egn_view.egn_branch",
        "euchre_core.app.egn_view.egn_export",
        "euchre_core.app.egn_view.example_egn",
        "euchre_core.app.table_view.case_line",
        "euchre_core.app.table_view.case_values",
    }
)

#: The functions that take a long text as one string argument, and how long it may be (the default
#: for any string is ``decode.MAX_STRING``): an EGN record on the Replay page, a console snippet.
BROWSER_TEXT: dict[str, int] = {
    **{f"euchre_core.app.egn_view.{f}": limit("text") for f in ("egn_open", "egn_step", "egn_branch", "egn_export")},
    "euchre_core.app.web.run_snippet": MAX_SNIPPET,
    "euchre_core.app.live_game.live_replay": limit("text"),
}

#: Bounds the browser adds to a function's own (work a reader may ask of the page in one call):
#: the hint widget offers 25 to 100 layouts; 400 is what the site's own figures use (a few seconds of CPU at
#: most, about 10 s for a spec of rare layouts, measured: docs/engine.md, samples_page).
BROWSER_LIMITS: dict[str, dict[str, int]] = {
    "euchre_core.app.hint_words.hint_rerun": {"samples": limit("samples_page")},
}
_SIDE_NAMES = ("A–C", "B–D")


# --------------------------------------------------------------------------- helpers


@functools.lru_cache(maxsize=16)
def _replay(case_id: str) -> CaseReplay:
    """A case played to its end: the book's cards, then the engine's where the narration stops
    (:func:`euchre_core.search.completion.complete_case`; immutable and cached)."""
    return _completed(case_id).replay


def _completed(case_id: str) -> CompletedCase:
    if case_id not in list_cases():
        raise InputError(f"no case {case_id[:20]!r}: the cases are {', '.join(list_cases())}", "case_id")
    return complete_case(case_id)


def card_info(code: str) -> list[str]:
    """How a widget draws a card: ``[face, name for screen readers, colour]``.

    >>> card_info("TD")
    ['10♦', '10 of diamonds', 'red']
    """
    c = decode.card(code, "code")
    colour = "joker" if c.is_joker else ("red" if c.suit is not None and c.suit.is_red else "black")
    return [c.pretty(), c.long_name(), colour]


def _case_id(case_id: Any) -> str:
    """A case's id (``"I"`` .. ``"IX"``, or its number), checked before anything is looked up."""
    try:
        return str(load_case(case_id)["id"])
    except InputError as e:
        raise InputError(str(e).split(": ", 1)[-1], "case_id") from None


def _side(deal: Deal, side: int) -> str:
    """``"AC"`` or ``"BD"`` (the book's way of naming a side)."""
    return deal.side_name(side)


def deal_outcome(deal: Deal) -> dict[str, Any]:
    """A finished deal's result in words and numbers (Laws 2, 3): makers, tricks, points, a sentence.

    >>> from euchre_core.formats.cases import replay_case
    >>> deal_outcome(replay_case("I").deal)["text"]
    'A–C make their point: they take 4 tricks'
    """
    return _outcome(deal)


def _outcome(deal: Deal) -> dict[str, Any]:
    """A finished deal's result in words and numbers (Laws 2, 3)."""
    res = deal.result
    if res is None:
        raise InputError("a finished deal (this one is still being played)", "deal")
    if res.makers is None:  # Law 77: every player passed twice; the deal passes to the next player, no score
        return {
            "makers": None,
            "makers_tricks": 0,
            "tricks_won": {_side(deal, i): 0 for i in range(len(res.tricks_won))},
            "points": {_side(deal, i): p for i, p in enumerate(res.points)},
            "euchred": False,
            "march": False,
            "passed_out": True,
            "text": "Every player passed: the deal passes to the next player (Law 77)",
            "points_text": "no score",
        }
    makers, other = res.makers, 1 - res.makers
    won = res.tricks_won
    if res.euchred:
        text = f"{_SIDE_NAMES[makers]} are euchred: {_SIDE_NAMES[other]} take {won[other]} tricks"
    elif res.march:
        text = f"{_SIDE_NAMES[makers]} march: they take all five tricks"
    else:
        text = f"{_SIDE_NAMES[makers]} make their point: they take {won[makers]} tricks"
    scored = [(i, p) for i, p in enumerate(res.points) if p]
    points = ", ".join(f"{_SIDE_NAMES[i]} score {p}" for i, p in scored) or "no score"
    return {
        "makers": _side(deal, makers),
        "makers_tricks": won[makers],
        "tricks_won": {_side(deal, i): w for i, w in enumerate(won)},
        "points": {_side(deal, i): p for i, p in enumerate(res.points)},
        "euchred": res.euchred,
        "march": res.march,
        "passed_out": False,
        "text": text,
        "points_text": points,
    }


def _trick_json(number: int, leader: int, cards: Any, winner: int | None) -> dict[str, Any]:
    return {
        "number": number,
        "leader": SEAT_NAMES[leader],
        "cards": [[SEAT_NAMES[s], str(c)] for s, c in cards],
        "winner": SEAT_NAMES[winner] if winner is not None else None,
    }


def _deal_at(rep: CaseReplay, step: Any) -> Deal:
    """The deal before the book's ``step``-th card (0-based); ``step`` = the number of cards = the end."""
    steps = len(rep.states)
    if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step <= steps:
        raise InputError(f"a step from 0 to {steps} (the cards the book's line plays)", "step")
    return rep.states[step] if step < steps else rep.deal


def _hand_order(rep: CaseReplay) -> Any:
    """A sort key that keeps each hand in the book's order (the order of the case's data)."""
    rank = {str(Card.parse(c)): i for hand in rep.data.get("hands", {}).values() for i, c in enumerate(hand)}
    return lambda code: (rank.get(code, 99), code)


def _trick_ends(rep: CaseReplay) -> list[int]:
    """The step at which each trick of the book's line is complete."""
    ends, total = [], 0
    for trick in rep.deal.tricks:
        total += len(trick.cards)
        ends.append(total)
    return ends


def _solve_line(deal: Deal) -> tuple[Deal, list[tuple[int, Card]]]:
    """Play the deal to its end with best play for both sides (the double-dummy solver)."""
    from ..search.solver import solve

    line = []
    while not deal.is_over:
        res = solve(deal)
        makers = deal.makers
        mine = deal.side_of(deal.actor) == makers
        legal = [str(a.card) for a in deal.legal_actions()]
        best = max(res.moves.values()) if mine else min(res.moves.values())
        code = next(c for c in legal if res.moves.get(c) == best)
        card = Card.parse(code)
        line.append((deal.actor, card))
        deal = deal.apply(Action.play(card))
    return deal, line


# --------------------------------------------------------------------------- the case player


def case_step(case_id: str, step: int = 0) -> dict[str, Any]:
    """A case at one step of the book's line: everything the case player draws.

    ``step`` counts the cards already played (0: before the opening lead; the number of cards
    in the book's line: the end). At the step that completes a trick the table still shows that
    trick, with its winner; the next card starts the next trick.

    >>> s = case_step("I", 0)
    >>> s["steps"], s["trick_ends"], s["to_move"], s["hands"]["A"]
    (20, [4, 8, 12, 16, 20], 'B', ['9C', 'JC', 'AH', 'KH', '8S'])
    >>> s = case_step("I", 4)
    >>> s["trick"]["winner"], s["tricks_won"], s["announce"]
    ('D', {'AC': 0, 'BD': 1}, 'A plays the 8 of spades. D wins trick 1 with the 10 of clubs.')
    >>> [r[:20] for r in s["remarks"]]
    ['If A goes over the t']
    >>> case_step("I", 20)["result"]["text"]
    'A–C make their point: they take 4 tricks'
    """
    completed = _completed(_case_id(case_id))
    rep = completed.replay
    data = rep.data
    deal = _deal_at(rep, step)
    ends = _trick_ends(rep)
    done = len(deal.tricks)
    at_end_of_trick = step > 0 and step in ends
    if at_end_of_trick:
        t = deal.tricks[-1]
        number = done
        trick = _trick_json(number, t.leader, t.cards, t.winner)
    else:
        number = done + 1
        trick = _trick_json(number, deal.leader, deal.trick, None)
    source = data["tricks"][number - 1] if number - 1 < len(data.get("tricks", [])) else {}
    last_step = step == len(rep.states)
    remarks = [r["text"] for r in data.get("remarks", []) if trick["cards"] and r.get("after_trick") == number]
    if last_step:  # the remarks on no trick, or on a trick the book does not play, come at the end
        remarks += [
            r["text"]
            for r in data.get("remarks", [])
            if not r.get("after_trick") or (r["after_trick"] > len(ends) and r["after_trick"] != number)
        ]
    playing = not deal.is_over and not last_step
    order = _hand_order(rep)
    legal = sorted((str(a.card) for a in deal.legal_actions() if a.kind == "play"), key=order) if playing else []
    book_card = str(rep.deal.log[step][1].card) if not last_step else None
    announce = _announce(rep, step)
    hands = {SEAT_NAMES[s]: sorted((str(c) for c in deal.hand(s)), key=order) for s in range(deal.n)}
    codes = {c for h in hands.values() for c in h} | {c for _, c in trick["cards"]}
    if data.get("turn_up"):
        codes.add(data["turn_up"])
    out = {
        "case": data["id"],
        "title": data.get("title") or "",
        "step": step,
        "steps": len(rep.states),
        "trick_ends": ends,
        "narration_complete": completed.narrated == len(rep.states),
        "book_steps": completed.sources.count("book"),
        "card_source": completed.sources[step] if step < len(completed.sources) else None,
        "assumption": completed.assumption if last_step else None,
        "dealer": data.get("dealer"),
        "trump": deal.trump.letter if deal.trump is not None else None,
        "trump_name": deal.trump.word if deal.trump is not None else None,
        "turn_up": data.get("turn_up"),
        "maker": SEAT_NAMES[deal.maker] if deal.maker is not None else None,
        "makers": _side(deal, deal.makers) if deal.makers is not None else None,
        "alone": SEAT_NAMES[deal.alone] if deal.alone is not None else None,
        "out": [SEAT_NAMES[s] for s in range(deal.n) if deal.out >> s & 1],
        "score": data.get("score") or {},
        "games": data.get("games"),
        "hands": hands,
        "trick": trick,
        "tricks_won": {_side(deal, i): w for i, w in enumerate(deal.tricks_won_by_side())},
        "to_move": SEAT_NAMES[deal.actor] if playing else None,
        "legal": legal,
        "book_card": book_card,
        "narration": source.get("text"),
        "narrated": bool(source.get("narrated")),
        "note": source.get("note"),
        "remarks": remarks,
        "announce": announce,
        "over": deal.is_over,
        "result": _outcome(deal) if deal.is_over else None,
        "outcome_text": data.get("outcome_text") if last_step else None,
        "cards": {c: card_info(c) for c in sorted(codes)},
        "dd": _dd_at(data["id"], step),
    }
    return out


def _dd_at(case_id: str, step: int) -> dict[str, Any] | None:
    """The solver's evaluation at this step, like an engine's: the makers' tricks with best play
    by both sides from here (``euchre_core.search.analysis``), and how the book's last card changed it."""
    line = list(_completed(case_id).dd)
    if not 0 <= step < len(line) or line[step] is None:
        return None
    before = line[step - 1] if step > 0 else None
    return {"makers_tricks": line[step], "before": before, "line": line}


def _announce(rep: CaseReplay, step: int) -> str:
    """What a screen reader hears at this step: the card just played, the trick's winner, the end."""
    if step == 0:
        d = rep.states[0] if rep.states else rep.deal
        return f"Before the first card: {SEAT_NAMES[d.actor]} leads."
    deal = _deal_at(rep, step)
    seat, action = deal.log[-1]
    assert action.card is not None
    words = [f"{SEAT_NAMES[seat]} plays the {action.card.long_name()}."]
    if not deal.trick and deal.tricks:
        t = deal.tricks[-1]
        card = next(c for s, c in t.cards if s == t.winner)
        words.append(f"{SEAT_NAMES[t.winner]} wins trick {len(deal.tricks)} with the {card.long_name()}.")
    if deal.is_over:
        words.append(_outcome(deal)["text"] + ".")
    elif step == len(rep.states):
        words.append(f"The book's narration stops after trick {len(deal.tricks)}.")
    return " ".join(words)


def what_if(case_id: str, step: int, card: str) -> dict[str, Any]:
    """Play ``card`` at ``step`` instead of the book's card; the solver finishes the deal for both sides.

    An illegal card raises the engine's :class:`~euchre_core.kernel.errors.IllegalAction`, citing the law.
    The answer: the line from the changed card to the end, trick by trick, its outcome, and the
    book's outcome beside it (the book's own result, or where the book stops, the best play from
    its last card).

    >>> w = what_if("I", 3, "JC")
    >>> w["line"][0]["cards"], w["line"][0]["winner"], w["result"]["euchred"]
    ([['B', 'JD'], ['C', '7D'], ['D', 'TC'], ['A', 'JC']], 'A', True)
    >>> w["book"]["text"]
    'A–C make their point: they take 4 tricks'
    >>> what_if("I", 1, "QS")
    Traceback (most recent call last):
    ...
    euchre_core.kernel.errors.IllegalAction: You must follow suit: diamonds were led and you hold the 7 of diamonds, \
8 of diamonds, 10 of diamonds (law 62)
    """
    rep = _replay(_case_id(case_id))
    deal = _deal_at(rep, step)
    if deal.is_over or step == len(rep.states):
        raise InputError("the book's line has no card to change here: choose an earlier step", "step")
    chosen = decode.card(card, "card")
    seat = deal.actor
    first = len(deal.tricks)  # tricks complete before the change
    after = deal.apply(Action.play(chosen))  # IllegalAction (with the law) if the laws forbid it
    final, line = _solve_line(after)
    tricks = [_trick_json(i + 1, t.leader, t.cards, t.winner) for i, t in enumerate(final.tricks) if i >= first]
    book = _book_outcome(rep)
    codes = {c for t in tricks for _, c in t["cards"]}
    return {
        "case": rep.data["id"],
        "step": step,
        "seat": SEAT_NAMES[seat],
        "card": str(chosen),
        "book_card": str(rep.deal.log[step][1].card),
        "line": tricks,
        "solver_cards": [[SEAT_NAMES[s], str(c)] for s, c in line],
        "result": _outcome(final),
        "book": book,
        "cards": {c: card_info(c) for c in sorted(codes)},
    }


@functools.lru_cache(maxsize=16)
def _book_outcome_cached(case_id: str) -> str:
    return json.dumps(_book_outcome_of(_replay(case_id)))


def _book_outcome(rep: CaseReplay) -> dict[str, Any]:
    result: dict[str, Any] = json.loads(_book_outcome_cached(rep.data["id"]))
    return result


def _book_outcome_of(rep: CaseReplay) -> dict[str, Any]:
    """The book's outcome: the result of its line, completed by the engine where the narration stops."""
    completed = _completed(rep.data["id"])
    out = _outcome(completed.deal)
    out["complete"] = completed.narrated == len(completed.sources)
    if not out["complete"]:
        out["text"] = (
            f"the book narrates {len(completed.replay.data.get('tricks', []))} tricks and the engine "
            "plays the rest: " + out["text"]
        )
    return out


# --------------------------------------------------------------------------- the console


def run_snippet(code: str) -> dict[str, Any]:
    """Run a Python snippet in a fresh namespace with ``euchre_core`` and its public names imported.

    Like an interactive prompt, the value of a last bare expression is printed. The answer:
    ``{"ok", "output", "error", "laws", "field"}``; an engine error (or a bad card) gives its
    message for players, any other error one line with the line number of the snippet.

    >>> run_snippet("print(Card.parse('TD').long_name())\\n1 + 1")["output"]
    '10 of diamonds\\n2\\n'
    >>> r = run_snippet("Card.parse('XX')")
    >>> r["ok"], r["error"]
    (False, "not a card: 'XX' (write rank then suit, e.g. JC, TD, 7S; JK for the Joker)")
    >>> run_snippet("x = 1 +")["error"]
    'SyntaxError: invalid syntax (line 1)'
    >>> run_snippet("undefined_name")["error"]
    "NameError: name 'undefined_name' is not defined (line 1)"
    """
    if not isinstance(code, str):
        raise InputError("the snippet is text", "code")
    decode.text(code, "code", max_len=MAX_SNIPPET)
    out = io.StringIO()
    answer: dict[str, Any] = {"ok": True, "output": "", "error": None, "laws": [], "field": None}
    namespace: dict[str, Any] = {"__name__": "__console__", "__builtins__": __builtins__}
    try:
        tree = ast.parse(code, "<snippet>", "exec")
    except SyntaxError as e:
        answer.update(ok=False, error=f"SyntaxError: {e.msg} (line {e.lineno})")
        return answer
    except (ValueError, RecursionError, MemoryError) as e:  # a NUL byte; nesting the parser refuses
        answer.update(ok=False, error=_short_error(e))
        return answer
    last = None
    tail = tree.body[-1] if tree.body else None
    if isinstance(tail, ast.Expr):
        tree.body.pop()
        last = ast.Expression(tail.value)
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
        try:
            exec("import euchre_core\nfrom euchre_core import *", namespace)  # noqa: S102 (the console's purpose)
            exec(compile(tree, "<snippet>", "exec"), namespace)  # noqa: S102
            if last is not None:
                value = eval(compile(last, "<snippet>", "eval"), namespace)  # noqa: S307
                if value is not None:
                    print(repr(value))
        except (EuchreError, CardError) as e:
            told = _engine_error(e)
            answer.update(ok=False, error=told["message"], laws=told["laws"], field=told["field"])
        except BaseException as e:  # noqa: BLE001 (shown to the reader, never re-raised)
            # any BaseException: SystemExit, KeyboardInterrupt, GeneratorExit, an exception group
            # wrapping one, a snippet's own subclass: the snippet's error, never the caller's
            answer.update(ok=False, error=_short_error(e))
    text = out.getvalue()
    if len(text) > MAX_OUTPUT:
        text = text[:MAX_OUTPUT] + f"\n… ({len(text) - MAX_OUTPUT} more characters not shown)\n"
    answer["output"] = text
    return answer


def _short_error(e: BaseException) -> str:
    """``TypeName: message (line N)``, the line being the snippet's, never a traceback."""
    line = None
    for frame in traceback.extract_tb(e.__traceback__):
        if frame.filename == "<snippet>":
            line = frame.lineno
    said = _said(e)
    message = f"{type(e).__name__}: {said}" if said else type(e).__name__
    if len(message) > 300:
        message = message[:300] + "…"
    return message + (f" (line {line})" if line else "")


def _said(e: BaseException) -> str:
    """``str(e)``, or a placeholder when the exception's own ``__str__`` fails (a snippet can subclass an
    engine error and make ``__str__`` raise anything, ``GeneratorExit`` included)."""
    try:
        said = str(e)
    except BaseException:  # noqa: BLE001 (a snippet's own exception whose __str__ fails)
        return "(its message cannot be shown)"
    return said if isinstance(said, str) else "(its message cannot be shown)"


def _engine_error(e: BaseException) -> dict[str, Any]:
    """An engine error as the reader is told it: its message, laws and field, each read so that an
    exception whose attributes or ``__str__`` misbehave (a snippet's subclass) still gives a clean answer.

    >>> _engine_error(InputError("a seed from 0 to 9", "seed"))["field"]
    'seed'
    """
    try:
        laws = [int(n) for n in getattr(e, "laws", ())][:20]
        field = getattr(e, "field", None)
        field = field if field is None or isinstance(field, str) else None
    except BaseException:  # noqa: BLE001 (a snippet's own subclass)
        laws, field = [], None
    return {"message": _said(e), "type": type(e).__name__, "laws": laws, "field": field}


# --------------------------------------------------------------------------- the worker's entry point


def _jsonable(value: Any) -> Any:
    """The engine's values in JSON: cards and suits by their codes, a deal by its summary, results by
    their JSON form, tuples and sets as lists (dictionary keys as text).

    >>> _jsonable({Card.parse("JC"): (1, {Card.parse("TD")})})
    {'JC': [1, ['TD']]}
    """
    if isinstance(value, (Card, enum.Enum)):
        return str(value)
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, dict):
        return {str(_jsonable(k)): _jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        items = [_jsonable(v) for v in value]
        return sorted(items, key=str) if isinstance(value, (set, frozenset)) else items
    if isinstance(value, Deal):
        return _jsonable(value.summary())
    if hasattr(value, "to_json") and callable(value.to_json):
        return _jsonable(value.to_json())
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _jsonable(getattr(value, f.name)) for f in dataclasses.fields(value)}
    raise TypeError(f"a {type(value).__name__} cannot be sent as JSON")


def _resolve(name: Any) -> Any:
    """One of the functions of :data:`BROWSER_API` by its dotted name (nothing else can be called)."""
    if not isinstance(name, str) or name not in BROWSER_API:
        raise InputError(
            f"{decode.excerpt(name)} is not one of the engine's browser functions (e.g. euchre_core.app.web.case_step)",
            "name",
        )
    module_name, _, attr = name.rpartition(".")
    return getattr(importlib.import_module(module_name), attr)


def _bind(function: Any, kwargs: dict[str, Any]) -> None:
    """Refuse keyword arguments the function does not take, or missing ones, naming them."""
    try:
        inspect.signature(function).bind(**kwargs)
    except TypeError as e:
        raise InputError(str(e), "kwargs") from None


def call(name: str, kwargs: str | dict[str, Any] | None = None) -> str:
    """Call a public function of ``euchre_core`` with JSON arguments; the answer as JSON.

    ``{"ok": true, "result": ...}``, or ``{"ok": false, "error": {"message", "type", "laws", "field"}}``:
    an engine error keeps its message (for players), its laws and its field; anything else is
    one short line.

    >>> json.loads(call("euchre_core.app.web.case_step", '{"case_id": "I", "step": 1}'))["result"]["to_move"]
    'C'
    >>> json.loads(call("euchre_core.app.table_view.case_line", {"case_id": "I", "step": 1, "cards": ["QS"]}))["error"]["laws"]
    [62]
    >>> json.loads(call("os.system", {}))["error"]["message"]
    "name: 'os.system' is not one of the engine's browser functions (e.g. euchre_core.app.web.case_step)"
    """
    try:
        function = _resolve(name)
        text_limit = BROWSER_TEXT.get(name, decode.MAX_STRING)  # a whole EGN record is one string
        if isinstance(kwargs, str):
            kwargs = decode.loads(
                kwargs or "{}", "kwargs", max_bytes=max(text_limit * 2, decode.MAX_TEXT_BYTES), max_string=text_limit
            )
        elif kwargs is not None:
            decode.check_tree(kwargs, "kwargs", max_string=text_limit)
        kwargs = decode.mapping(kwargs if kwargs is not None else {}, "kwargs")
        _bind(function, kwargs)
        for arg, most in BROWSER_LIMITS.get(name, {}).items():
            if arg in kwargs:
                decode.integer(kwargs[arg], arg, 1, most)
        result = function(**kwargs)
        return json.dumps({"ok": True, "result": _jsonable(result)}, ensure_ascii=False)
    except (EuchreError, CardError) as e:
        error = _engine_error(e)
    except BaseException as e:  # noqa: BLE001 (GeneratorExit and the rest of BaseException too)  # noqa: BLE001 (one line, never a traceback)
        error = {"message": _short_error(e), "type": type(e).__name__, "laws": [], "field": None}
    return json.dumps({"ok": False, "error": error}, ensure_ascii=False)
