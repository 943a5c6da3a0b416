"""The public entry points: make, ask, solve and check an exercise of any kind in KINDS."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from ...kernel import decode
from ...kernel.cards import CardError
from ...kernel.errors import EuchreError, InputError
from ...kernel.limits import limit
from .base import KINDS, Kind

_R = TypeVar("_R")


def make_exercise(entry: dict[str, Any]) -> dict[str, Any]:
    """A lesson entry (``kind`` and its options, maybe a ``seed``) → the exercise's spec, with the
    situation made explicit (a seeded search for a deal that shows the point, where needed).

    >>> make_exercise({"id": "c", "kind": "count_trumps", "trump": "S"})
    {'id': 'c', 'kind': 'count_trumps', 'trump': 'S'}
    """
    kind = KINDS.get(str(entry.get("kind")))
    if kind is None:
        raise InputError(f"no exercise kind {entry.get('kind')!r}", "kind")
    spec = kind.make(dict(entry))
    spec["kind"] = kind.name
    return spec


def question(exercise: dict[str, Any]) -> dict[str, Any]:
    """The exercise as the reader sees it: ``prompt``, ``mode`` (``one``: choose one; ``many``:
    choose every right one), ``choices`` (``value``, ``label``, ``card``) and ``show`` (what to draw:
    cards, a trick, a deal, the counters).

    >>> q = question({"id": "c3", "kind": "counters", "points": 3})
    >>> q["mode"], [c["value"] for c in q["choices"]], q["show"]
    ('one', ['1', '2', '3', '4'], {'counters': {'up': 3, 'covered': False}})
    """
    kind = _kind_of(exercise)
    q = _guarded(kind, kind.ask, exercise)
    q.setdefault("mode", "one")
    q["id"] = exercise.get("id")
    q["kind"] = exercise["kind"]
    return q


def solve_exercise(exercise: dict[str, Any]) -> dict[str, Any]:
    """The engine's answer: ``answers`` (every value accepted), ``text``, ``why``, ``detail`` and the
    ``laws``, ``hints``, ``cases`` and ``terms`` it cites.

    >>> solve_exercise({"kind": "deal_points", "tricks": 5, "alone": True})["text"]
    'A C score four.'
    """
    kind = _kind_of(exercise)
    return _guarded(kind, kind.solve, exercise).to_json()


MAX_ANSWER = limit("answer")  # characters of one value of an answer


def check_answer(exercise: dict[str, Any], answer: Any) -> dict[str, Any]:
    """Is ``answer`` right? ``{"correct", "feedback", "answer": solve_exercise(...)}``: the feedback
    explains (why it is right; or the answer and why, or what follows from the wrong card). For a
    ``many`` exercise ``answer`` is the list of values chosen (or one value); it is right when it is
    exactly the set of right values. A value that is not one of the exercise's choices is refused
    (:class:`InputError` on ``answer``).

    >>> ex = {"kind": "trick_winner", "trump": "H", "cards": [["B", "AD"], ["C", "JD"], ["D", "KD"], ["A", "9H"]]}
    >>> check_answer(ex, "C")["correct"], check_answer(ex, "B")["feedback"][:11]
    (True, 'The answer:')
    >>> check_answer(ex, "E")
    Traceback (most recent call last):
    ...
    euchre_core.kernel.errors.InputError: answer: 'E' is not one of the choices (B, C, D, A)
    """
    kind = _kind_of(exercise)
    values = [answer] if not isinstance(answer, list) else decode.array(answer, "answer", max_len=33)
    for i, v in enumerate(values):
        decode.text(v, "answer" if not isinstance(answer, list) else f"answer[{i}]", max_len=MAX_ANSWER)
    choices = [str(c["value"]) for c in _guarded(kind, kind.ask, exercise).get("choices", [])]
    for v in values:
        if choices and v not in choices:
            raise InputError(f"{decode.excerpt(v)} is not one of the choices ({', '.join(choices)})", "answer")
    ans = _guarded(kind, kind.solve, exercise)
    if ans.mode == "many":
        chosen = sorted(set(values))
        correct = chosen == sorted(set(ans.answers))
    else:
        value = values[0] if len(values) == 1 else answer
        correct = isinstance(value, str) and value in ans.answers
    if correct:
        feedback = "Right. " + ans.why
    elif kind.wrong is not None:
        wrong = kind.wrong
        feedback = _guarded(kind, lambda ex: wrong(ex, answer, ans), exercise)
    else:
        feedback = f"The answer: {ans.text} {ans.why}".strip()
    return {"correct": correct, "feedback": feedback, "answer": ans.to_json()}


_EXERCISE_TEXT = ("id", "kind", "trump", "turn_up", "card", "role", "hint", "focus", "case", "named")


def _decode_exercise(exercise: Any) -> dict[str, Any]:
    """The types and sizes of an exercise's common fields, before a kind reads them."""
    checked = decode.mapping(exercise, "exercise")  # the same dict, typed
    decode.check_tree(exercise, "exercise", max_depth=8, max_items=200, max_string=500)
    for k in _EXERCISE_TEXT:
        if exercise.get(k) is not None:
            decode.text(exercise[k], decode.field("exercise", k), max_len=80)
    for k in ("dealer", "seat"):
        v = exercise.get(k)
        if v is not None and not (isinstance(v, int) and not isinstance(v, bool) and 0 <= v < 4):
            decode.seat(v, decode.field("exercise", k))
    for k in ("hand", "six"):
        if exercise.get(k) is not None:
            for i, c in enumerate(decode.array(exercise[k], decode.field("exercise", k), max_len=6)):
                decode.text(c, f"exercise.{k}[{i}]", max_len=10)
    if exercise.get("seed") is not None:
        decode.seed(exercise["seed"], "exercise.seed")
    for k in ("points", "tricks"):
        if exercise.get(k) is not None:
            decode.integer(exercise[k], decode.field("exercise", k), 0, 100)
    for k in ("events", "actions"):
        if exercise.get(k) is not None:
            for i, e in enumerate(decode.array(exercise[k], decode.field("exercise", k), max_len=200)):
                decode.text(e, f"exercise.{k}[{i}]", max_len=200)
    return checked


def _guarded(kind: Kind, fn: Callable[[dict[str, Any]], _R], exercise: dict[str, Any]) -> _R:
    """Run one step of a kind on a decoded exercise. The common fields are decoded first; a field that only
    this kind reads and that is of the wrong shape gives an :class:`InputError` on ``exercise`` naming
    the kind, never a Python error."""
    try:
        return fn(exercise)
    except (EuchreError, CardError) as e:
        if isinstance(e, EuchreError) and not isinstance(e, CardError):
            raise
        raise InputError(str(e), "exercise") from None
    except (
        TypeError,
        LookupError,
        ValueError,
        AttributeError,
        AssertionError,
        ArithmeticError,
        StopIteration,
        RecursionError,
    ) as e:
        raise InputError(
            f"not a well-formed {kind.name} exercise ({type(e).__name__}: {decode.excerpt(str(e))})", "exercise"
        ) from None


def _kind_of(exercise: dict[str, Any]) -> Kind:
    _decode_exercise(exercise)
    name = exercise.get("kind")
    kind = KINDS.get(name) if isinstance(name, str) else None
    if kind is None:
        raise InputError(f"no exercise kind {decode.excerpt(exercise.get('kind'))}", "kind")
    return kind
