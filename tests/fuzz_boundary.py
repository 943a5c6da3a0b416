"""A seeded mutation fuzzer over every parser and every browser entry point (issue 11).

Valid inputs (our deal logs, the EGN corpus, the ready scenarios, solver positions, and the
arguments the site's widgets send) are mutated: a value replaced by a hostile one (a seat ``"BC"``,
``10**40``, ``true``, a 20,000-character string, a list nested 40 deep, ...), members deleted,
added, duplicated or swapped, and JSON text cut, spliced and garbled (now and then behind one or
two byte order marks); rule set names that are none (``somerset1888+``) and a share link's malformed
``%`` escapes are among the hostile values. Two families of their own: console snippets that raise
what is not an ``Exception`` (``GeneratorExit``, ``SystemExit``, an exception group wrapping one...),
whose answer must be the snippet's error; and the Replay page's text (``egn_view`` through
``web.call`` and ``load_egn``): mutated records, and once a run the huge shapes a share link or a
paste can send (:func:`egn_huge`: at the 1,000,000-byte bound, one byte over, 4-byte characters,
2-byte characters spread over strings within their own bound, a lone surrogate, megabytes of what a deflate bomb inflates to); and once a run the sandboxes' lists at their bound
(:func:`sandbox_at_bound`: 5,000 events, 200 ops) with one more offered, which must be refused in the
answer and leave a list the next call accepts, and ``simulate_hint`` at its cap of layouts under a small
bound of work, which must be refused within ``SLOW``. Each mutated input is given to its entry point, and
the fuzzer records:

* an exception that is not the engine's (``EuchreError``, ``CardError``, ``RulesError``), a
  ``BaseException`` too: a crash;
* through ``web.call``, an error whose type is not the engine's;
* an input slower than ``SLOW`` seconds: a hang;
* an input object changed by a failed call.

The ``laws`` family gives the laws' own values (a score, a correction, a dealing, a match, a table)
mutated; every family meets huge numbers (5,000 digits, as numbers and as text) and bad seeds.

``tests/test_fuzz.py`` runs it under ``make test`` (20,000 inputs by default; ``EUCHRE_FUZZ=200000``
for more, ``EUCHRE_FUZZ_SEED`` for another seed). ``python tests/fuzz_boundary.py [N] [SEED]``
prints the figures by family.
"""

from __future__ import annotations

import inspect
import json
import os
import random
import signal
import sys
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from euchre_core.app import lessons, sandbox, web  # noqa: E402
from euchre_core.formats.egn import load_egn  # noqa: E402
from euchre_core.formats.scenario import rule_scenario  # noqa: E402
from euchre_core.kernel import decode  # noqa: E402
from euchre_core.kernel.cards import CardError  # noqa: E402
from euchre_core.kernel.deal import Deal  # noqa: E402
from euchre_core.kernel.errors import EuchreError  # noqa: E402
from euchre_core.kernel.rules import RULE_SETS, RulesError, rules_by_name  # noqa: E402
from euchre_core.search.solver import solve_position_json  # noqa: E402

ENGINE_ERRORS = (EuchreError, CardError, RulesError)
ENGINE_ERROR_NAMES = {"EuchreError", "IllegalAction", "InputError", "EgnError", "CaseError", "CardError", "RulesError"}
SLOW = 2.0  # seconds of CPU: an input slower than this is a hang
WATCHDOG = 20  # seconds of CPU: an input still running is stopped (and counted as a hang)
EGN_DIR = ROOT.parent / "shared" / "egn"

HOSTILE: list[Any] = [
    None,
    True,
    False,
    0,
    1,
    -1,
    2,
    5,
    7,
    10**40,
    -(10**40),
    2**63,
    1.5,
    -0.0,
    "",
    " ",
    "A",
    "B",
    "BC",
    "BCD",
    "CD",
    "E",
    "a",
    " A",
    "A ",
    "AC",
    "7C",
    "JK",
    "XX",
    "10D",
    "pass",
    "B: pass",
    "BCD: order",
    "x" * 300,
    "x" * 20_000,
    "\x00",
    "\u2663",
    [],
    {},
    [None],
    ["A"],
    ["7C"],
    [[]],
    {"": None},
    {"A": []},
    list(range(40)),
    "[" * 5,
    {"op": "form"},
    # impossible acts at the table (the director's event shapes, below)
    "B: play AC AC",
    "B: expose AC 9C",
    "B: ask x",
    "B: holds 99",
    # rule set names that are none (and the one option there is)
    "somerset1888+",
    "somerset1888+jokers",
    "somerset1888++joker",
    "+joker",
    "hoyle2+joker",
    # byte order marks, and a share link's malformed % escapes as text
    "\ufeff",
    "\ufeff{}",
    "%E0%A4%A",
    "%zz",
    "%",
]

# The director's impossible acts: (events before it, the act, the field its InputError names). Each
# must be refused, naming the field, and leave the state as it was (tests/test_fuzz.py). The deal is
# the ready scenarios' (Case I's hands, A deals, the nine of clubs turned): B leads after the discard.
DIRECTOR_HANDS = {
    "A": "JC AH KH 8S QD".split(),
    "B": "AC QH 8H JD TS".split(),
    "C": "7D 8D TD QS TH".split(),
    "D": "KC TC AS 9S 9H".split(),
}
DIRECTOR_START = ["B: pass", "C: pass", "D: pass", "A: order", "A: discard 8S"]
DIRECTOR_SHAPES: list[tuple[list[str], str, str]] = [
    ([], "B: play AC AC", "card"),  # the same card twice
    ([], "B: play QH 8H QH", "card"),
    ([], "B: expose AC 9C", "card"),  # a card he does not hold
    ([], "B: expose AC AC", "card"),
    ([], "B: ask x", "ask"),  # words after an act that takes none
    ([], "B: throw face up", "throw"),
    (["B: play QH"], "C: attention please", "attention"),
    (["B: play QH", "C: play 7D", "D: play 9H", "A: ask"], "BD: mix now", "mix"),
    ([], "BD: consult x", "consult"),
    ([], "B: holds 99", "holds"),  # more than the cards in play
    ([], "B: holds 33", "holds"),
    ([], "B: holds -1", "holds"),
    (["B: play QH", "C: play 7D", "D: play 9H", "A: play AH"], "quit B QH AC", "quit"),
    ([], "AC: claim everything", "claim"),
    (["C: play 7D"], "BD: choose waive now", "option"),
    (["C: play 7D"], "BD: choose call-suit H S", "option"),
]


def director_shape_failures() -> list[str]:
    """The impossible acts of :data:`DIRECTOR_SHAPES` the director does not refuse as it should."""
    from euchre_core.kernel.errors import InputError
    from euchre_core.laws.director import Director

    out = []
    base = Director.start(Deal.start([DIRECTOR_HANDS[s] for s in "ABCD"], "9C", dealer=0)).replay(DIRECTOR_START)
    for before, act, name in DIRECTOR_SHAPES:
        t = base.replay(before)
        snapshot = (t, t.to_json())
        try:
            t.act(act)
        except InputError as e:
            if e.field != name:
                out.append(f"{act!r}: the error names {e.field!r}, not {name!r}")
        except Exception as e:  # noqa: BLE001 - any other outcome is a failure to report
            out.append(f"{act!r}: {type(e).__name__}: {e}")
        else:
            out.append(f"{act!r}: accepted")
        if (t, t.to_json()) != snapshot:
            out.append(f"{act!r}: the state changed")
    return out


def _deep(n: int) -> Any:
    v: Any = []
    for _ in range(n):
        v = [v]
    return v


HOSTILE += [_deep(40), _deep(600), {"a": _deep(33)}]

HUGE = "9" * 5000  # more digits than Python converts between text and int (4,300)
# issue 24: huge numbers everywhere a number is read (as a number and as text), bad seeds
HOSTILE += [10**5000, -(10**5000), HUGE, "-" + HUGE, 2**80, -5]


def _safe_repr(v: Any) -> str:
    """``repr`` of a value, a huge integer by its size (Python refuses to write more than 4,300 digits)."""
    if isinstance(v, int) and not isinstance(v, bool) and abs(v) >= 10**100:
        return f"<int of {v.bit_length()} bits{' <0' if v < 0 else ''}>"
    return repr(v)


# --------------------------------------------------------------------------- mutation


def _copy(value: Any) -> Any:
    """A deep copy of a JSON-like value without recursion (the fuzzer's values nest 600 deep)."""
    if not isinstance(value, (dict, list)):
        return value
    root: Any = {} if isinstance(value, dict) else []
    stack = [(value, root)]
    while stack:
        src, dst = stack.pop()
        items = src.items() if isinstance(src, dict) else enumerate(src)
        for k, v in items:
            new = ({} if isinstance(v, dict) else []) if isinstance(v, (dict, list)) else v
            if isinstance(dst, dict):
                dst[k] = new
            else:
                dst.append(new)
            if isinstance(v, (dict, list)):
                stack.append((v, new))
    return root


def _freeze(value: Any) -> str:
    """A canonical text of a JSON-like value without recursion (to see whether a call changed it)."""
    end = object()
    out: list[str] = []
    stack: list[Any] = [value]
    while stack:
        v = stack.pop()
        if v is end:
            out.append(")")
        elif isinstance(v, dict):
            out.append("{(")
            stack.append(end)
            for k in reversed(list(v)):
                stack.append(v[k])
                stack.append(_Key(k))
        elif isinstance(v, list):
            out.append("[(")
            stack.append(end)
            stack.extend(reversed(v))
        elif isinstance(v, _Key):
            out.append(repr(v.name) + ":")
        else:
            out.append(f"{type(v).__name__}:{_safe_repr(v)},")
    return "".join(out)


@dataclass(frozen=True)
class _Key:
    name: Any


def _paths(value: Any, limit: int = 400) -> list[tuple[Any, ...]]:
    """Paths to the nodes of a JSON-like value (breadth-first, at most ``limit``)."""
    out: list[tuple[Any, ...]] = [()]
    queue: list[tuple[tuple[Any, ...], Any]] = [((), value)]
    while queue and len(out) < limit:
        path, v = queue.pop(0)
        items = v.items() if isinstance(v, dict) else enumerate(v) if isinstance(v, list) else ()
        for k, x in items:
            out.append(path + (k,))
            queue.append((path + (k,), x))
    return out


def _get(value: Any, path: tuple[Any, ...]) -> Any:
    for k in path:
        value = value[k]
    return value


def _mutate_string(rng: random.Random, s: str) -> str:
    ops = [
        lambda: s[: rng.randrange(len(s) + 1)],
        lambda: s + rng.choice(" ABCDx:7CJ\u2663"),
        lambda: s.lower(),
        lambda: s.upper(),
        lambda: s * rng.randint(2, 5),
        lambda: s.replace(":", ""),
        lambda: s.replace(" ", "  "),
        lambda: rng.choice("ABCD") + s,
        lambda: s[::-1],
        lambda: s + "+",
        lambda: s + "+joker",
        lambda: "\ufeff" + s,
    ]
    return str(rng.choice(ops)())


def _mutate_number(rng: random.Random, n: Any) -> Any:
    if abs(n) >= 10**100:  # a huge number mutated again: no text, no float of it
        return rng.choice([n + 1, -n, 0, 7, HUGE, "-" + HUGE])
    return rng.choice(
        [n + 1, n - 1, -n, 0, n * 1000, str(n), float(n), True, 10**40, 2**63, -(2**63), 10**5000, -(10**5000), HUGE]
    )


def mutate(rng: random.Random, value: Any, count: int | None = None) -> Any:
    """``value`` (deep-copied) with 1-3 random mutations."""
    value = _copy(value)
    for _ in range(count or rng.choice((1, 1, 1, 2, 3))):
        paths = _paths(value)
        path = rng.choice(paths)
        if not path:
            if rng.random() < 0.05:
                value = _copy(rng.choice(HOSTILE))
            continue
        parent = _get(value, path[:-1])
        key = path[-1]
        old = parent[key]
        op = rng.random()
        if op < 0.35:
            new = _copy(rng.choice(HOSTILE))
        elif op < 0.55 and isinstance(old, str):
            new = _mutate_string(rng, old)
        elif op < 0.55 and isinstance(old, int) and not isinstance(old, bool):
            new = _mutate_number(rng, old)
        elif op < 0.65:
            if isinstance(parent, dict):
                del parent[key]
            else:
                parent.pop(key)
            continue
        elif op < 0.75:
            if isinstance(parent, list):
                parent.insert(key, _copy(old))
            else:
                parent[rng.choice(["x", "seat", "dealer", key + "_"]) if isinstance(key, str) else "x"] = _copy(
                    rng.choice(HOSTILE)
                )
            continue
        elif op < 0.85:
            other = _get(value, rng.choice(paths))
            new = _copy(other) if other is not value else None
        else:
            new = [old] if rng.random() < 0.5 else {"x": old}
        parent[key] = new
    return value


def mutate_text(rng: random.Random, text: str) -> str:
    """JSON text cut, spliced or garbled."""
    if rng.random() < 0.03:  # one byte order mark (dropped by load_egn and the CLI) or two (refused)
        text = "\ufeff" * rng.choice((1, 1, 2)) + text
    for _ in range(rng.choice((1, 1, 2, 4))):
        if not text:
            return rng.choice(["{", "[", '"', "nul", "1e999999", "NaN"])
        i = rng.randrange(len(text))
        j = min(len(text), i + rng.randint(1, 20))
        op = rng.random()
        if op < 0.3:
            text = text[:i] + text[j:]
        elif op < 0.6:
            text = (
                text[:i]
                + rng.choice(list('[]{}",:0123456789-eE.\\ntfnABCD') + ["\\u0000", "1e400", "[" * 50, HUGE])
                + text[i:]
            )
        elif op < 0.8:
            text = text[:i] + text[i:j] * rng.randint(2, 6) + text[j:]
        else:
            text = text[:i]
    return text


# --------------------------------------------------------------------------- the seeds


def _records() -> list[dict[str, Any]]:
    out = []
    for i, name in enumerate(("somerset1888", "hoyle2", "hoyle3", "modern24", "washington1877", "somerset1888")):
        rules = rules_by_name(name)
        d = Deal.shuffled(100 + i, dealer=i % rules.players, rules=rules)
        rng = random.Random(i)
        while not d.is_over and len(d.log) < 12 + 3 * i:
            d = d.apply(rng.choice(d.legal_actions()))
        out.append(d.to_record())
    return out


def _egn() -> list[dict[str, Any]]:
    if not EGN_DIR.is_dir():
        return []
    out = []
    for p in sorted(EGN_DIR.glob("*.egn")):
        if p.stat().st_size < 60_000:
            try:
                out.append(json.loads(p.read_text(encoding="utf-8-sig")))
            except ValueError:
                continue
    return out


def _scenarios() -> list[dict[str, Any]]:
    data = sandbox.scenarios()
    out = [dict(sc) for _, sc in sorted(data.items())]
    for p in sorted((ROOT / "examples").glob("law*.json")):
        out.append(json.loads(p.read_text(encoding="utf-8")))
    return out


def _positions() -> list[dict[str, Any]]:
    out = [json.loads(p.read_text(encoding="utf-8")) for p in sorted((ROOT / "examples").glob("position*.json"))]
    out.append(
        {
            "trump": "S",
            "leader": "A",
            "makers": "B",
            "rules": "hoyle2",
            "hands": {"A": ["JS", "AH"], "B": ["JC", "KH"]},
            "tricks_won": {"A": 2, "B": 1},
        }
    )
    out.append(
        {
            "trump": "C",
            "leader": "B",
            "makers": "AC",
            "alone": "A",
            "hands": {"A": ["9C", "JC", "AH"], "B": ["AC", "QH", "8H"], "D": ["KC", "TC", "AS"]},
            "tricks_won": {"AC": 1, "BD": 1},
        }
    )
    return out


def _laws() -> list[dict[str, Any]]:
    """Issue 24: inputs of the laws' own values (the score, the dealing, the match, the table): scores with
    both sides, corrections, seeds, numbers written in events."""
    return [
        {"op": "record", "game": [1, 2], "points": [1, 0], "revoke": None, "elder": None},
        {"op": "record", "game": [0, 4], "points": [2, 0], "revoke": [0, 3]},
        {"op": "record", "game": [0, 0], "points": [2, 2]},  # both sides: refused
        {"op": "record", "game": [4, 3], "points": [1, 3], "revoke": [3, 3], "elder": 1},
        {"op": "correct", "game": [4, 0], "before": [3, 0], "correction": [4, 1]},
        {"op": "correct", "game": [0, 0], "before": None, "correction": [0, 1]},
        {"op": "dealing", "dealer": "A", "seed": 1, "events": ["C: shuffle 7", "A: shuffle", "D: cut 12"]},
        {"op": "dealing", "dealer": "B", "seed": 2**63 - 1, "events": ["D: decline", "B: shuffle", "A: cut 9"]},
        {"op": "dealing", "dealer": "A", "seed": -5, "events": ["C: question score upheld"]},
        {"op": "dealing", "dealer": "A", "seed": 2**80, "events": []},
        {"op": "match", "seed": 3, "dealer": 0},
        {"op": "table", "candidates": ["Ames", "Bell", "Cole", "Dunn", "Eddy"], "seed": 4, "exposed": {"Ames": 2}},
    ]


def laws_call(value: Any) -> Any:
    """Give one of :func:`_laws`'s inputs (mutated) to the laws: only the envelope is decoded here."""
    from euchre_core.kernel.rules import SOMERSET_1888
    from euchre_core.laws.dealing import DealingProcedure
    from euchre_core.laws.entry import Roster
    from euchre_core.laws.match import Match
    from euchre_core.laws.scoring import Rubber

    d = decode.mapping(value, "input")
    op = decode.choice(d.get("op"), "op", ("record", "correct", "dealing", "match", "table"))
    if op == "record":
        return Rubber(game=d.get("game", (0, 0))).record(d.get("points"), elder=d.get("elder"), revoke=d.get("revoke"))
    if op == "correct":
        before = None if d.get("before") is None else Rubber(game=d["before"])
        m = Match(SOMERSET_1888, 0, Rubber(game=d.get("game", (0, 0))), Deal.shuffled(0), 2, (), False, before)
        return m.correct_score(d.get("correction"))
    if op == "dealing":
        return DealingProcedure.start(d.get("dealer", "A"), seed=d.get("seed", 0)).replay(d.get("events", []))
    if op == "match":
        return Match.new(seed=d.get("seed", 0), dealer=d.get("dealer", 0))
    return Roster.form("one", d.get("candidates"), seed=d.get("seed", 0), exposed=d.get("exposed"))


def _browser_calls() -> list[tuple[str, dict[str, Any]]]:
    """(name, kwargs) as the widgets send them."""
    calls: list[tuple[str, dict[str, Any]]] = [
        ("euchre_core.app.web.case_step", {"case_id": "I", "step": 3}),
        ("euchre_core.app.web.case_step", {"case_id": "V", "step": 7}),
        ("euchre_core.app.table_view.case_line", {"case_id": "I", "step": 3, "cards": ["JC"]}),
        ("euchre_core.app.table_view.case_values", {"case_id": "I", "step": 3}),
        ("euchre_core.app.web.run_snippet", {"code": "Card.parse('TD').long_name()"}),
        ("euchre_core.app.sandbox.start", {"law": 52}),
        ("euchre_core.app.situations.situation", {"id": "lead-out-of-turn", "who": "left"}),
        ("euchre_core.app.sandbox.custom", {"seed": 5}),
        ("euchre_core.app.sandbox.dealing_start", {"law": 35}),
        ("euchre_core.app.sandbox.table_start", {"law": 18}),
        ("euchre_core.app.lessons.table_new", {"seed": 4, "strength": "easy"}),
        ("euchre_core.app.hint_words.hint_rerun", {"spec_or_id": "second-3", "samples": 3, "seed": 1}),
        (
            "euchre_core.app.hint_words.hint_rerun",
            {"spec_or_id": {"base": "second-3", "others": {"A": {"min_trumps": 3}}}, "samples": 2, "seed": 3},
        ),
        (
            "euchre_core.app.hint_words.hint_rerun",
            {"spec_or_id": {"base": "second-3", "hand": ["JC", "7C", "AH", "8D", "9S"]}, "samples": 3, "seed": 2},
        ),
    ]
    v = sandbox.start(52)
    calls.append(("euchre_core.app.sandbox.act", {"law": 52, "events": v["events"], "event": "BD: choose call-card"}))
    c = sandbox.custom(seed=5)
    calls.append(
        ("euchre_core.app.sandbox.act", {"law": None, "events": c["events"], "event": "B: pass", "base": c["base"]})
    )
    dv = sandbox.dealing_start(35)
    calls.append(
        ("euchre_core.app.sandbox.dealing_act", {"law": 35, "events": dv["events"], "event": "BD: choose new-deal"})
    )
    tv = sandbox.table_start(18)
    calls.append(
        (
            "euchre_core.app.sandbox.table_act",
            {
                "law": 18,
                "ops": tv["ops"],
                "op": {"op": "substitute", "table": "T1", "absent": "Ames", "substitute": "Zane"},
            },
        )
    )
    t = lessons.table_new(seed=4, strength="easy")
    rec = t["record"]
    calls.append(("euchre_core.app.lessons.table_view", {"record": rec}))
    calls.append(("euchre_core.app.lessons.table_engine", {"record": rec}))
    t2 = lessons.table_engine(rec)
    calls.append(("euchre_core.app.lessons.table_view", {"record": t2["record"]}))
    for _ in range(3):
        if t2["your_turn"]:
            calls.append(
                ("euchre_core.app.lessons.table_act", {"record": t2["record"], "action": t2["legal"][0]["action"]})
            )
            t2 = lessons.table_act(t2["record"], t2["legal"][0]["action"])
        else:
            t2 = lessons.table_engine(t2["record"])
    calls.append(("euchre_core.app.lessons.table_view", {"record": t2["record"]}))
    for spec in _exercises():
        q = lessons.question(spec)
        value = q["choices"][0]["value"] if q.get("choices") else "A"
        calls.append(("euchre_core.app.lessons.check_answer", {"exercise": spec, "answer": value}))
    return calls


# Snippets that raise what is not an Exception: each must come back as the snippet's error.
BASE_SNIPPETS = [
    "raise GeneratorExit",
    "raise GeneratorExit('x')",
    "raise KeyboardInterrupt",
    "raise SystemExit",
    "raise SystemExit(3)",
    "import sys\nsys.exit('stop')",
    "raise BaseExceptionGroup('g', [GeneratorExit()])",
    "raise BaseExceptionGroup('g', [KeyboardInterrupt(), SystemExit(1)])",
    "raise BaseExceptionGroup('g', [BaseExceptionGroup('h', [GeneratorExit()])])",
    "raise ExceptionGroup('g', [ValueError('v')])",
    "class Mine(BaseException):\n    pass\nraise Mine()",
    "def g():\n    yield 1\nx = g()\nnext(x)\nx.throw(GeneratorExit)",
    "class Mute(Exception):\n    def __str__(self):\n        raise GeneratorExit\nraise Mute()",
    "try:\n    raise GeneratorExit\nfinally:\n    raise SystemExit(2)",
]


def _snippet(rng: random.Random) -> str:
    """A snippet ending in a BaseException, sometimes after some output or inside a function or a loop."""
    raised = rng.choice(BASE_SNIPPETS)
    shape = rng.random()
    if shape < 0.3:
        return "print('before')\n" + raised
    if shape < 0.5 and "\n" not in raised:
        return f"def f():\n    {raised}\nf()"
    if shape < 0.6 and "\n" not in raised:
        return f"for i in range(3):\n    {raised}"
    return raised


def egn_huge(text: str) -> list[tuple[str, Any]]:
    """What a share link or a paste can put in egn_view's ``text``, at and over its bound: a record padded
    to 1,000,000 bytes and one byte more, 4-byte characters (fewer characters than bytes), a long run of
    brackets, a BOM, two, a record still percent-escaped or with a malformed % escape, a string of
    several megabytes (what a deflate bomb would have sent)."""
    from euchre_core.kernel.limits import limit

    most = limit("text")
    pad = most - len(text.encode())
    return [
        ("at the bound", text[:-1] + " " * pad + text[-1]),
        ("one byte over", text[:-1] + " " * (pad + 1) + text[-1]),
        ("4-byte characters over", text[:-1] + '"\U0001f0a1' * (pad // 4 + 1) + text[-1]),
        ("2-byte characters over, in many strings", _many_strings(text, "é", pad // 2 + 1)),
        ("a lone surrogate", "\ud800" + text),
        ("brackets", "[" * most),
        ("a byte order mark", "\ufeff" + text),
        ("two byte order marks", "\ufeff\ufeff" + text),
        ("percent-escaped", "".join(f"%{b:02X}" for b in text.encode()[:20_000])),
        ("a malformed escape", text.replace("{", "%E0%A4%A{", 1)),
        ("5 MB", " " * (5 * most)),
        ("not a string", {"text": text}),
    ]


def sandbox_at_bound() -> list[tuple[str, dict[str, Any], str]]:
    """The sandboxes' lists at their bound, one more item offered (issue 37): the penalty and the dealing
    sandbox with 5,000 events (``log``), the table sandbox with 200 ops (``sandbox_ops``). Each is
    (the function web.call names, its arguments, the list's key)."""
    from euchre_core.kernel.limits import limit

    most = limit("log")
    pen = sandbox.start(52)
    deal = sandbox.dealing_start(35)
    table = sandbox.table_start(15)
    cycle = [{"op": op, "table": "T1"} for op in ("start_rubber", "end_rubber", "cut_out")]
    ops = list(table["ops"]) + [cycle[i % 3] for i in range(limit("sandbox_ops") - len(table["ops"]))]
    return [
        (
            "sandbox.act",
            {"law": 52, "events": pen["events"] + ["B: ask"] * (most - len(pen["events"])), "event": "B: ask"},
            "events",
        ),
        (
            "sandbox.dealing_act",
            {"law": 35, "events": deal["events"] + ["C: touch"] * (most - len(deal["events"])), "event": "C: touch"},
            "events",
        ),
        ("sandbox.table_act", {"law": 15, "ops": ops, "op": cycle[len(ops) % 3]}, "ops"),
    ]


def _bound_refused(name: str, kwargs: dict[str, Any], key: str, sent: list[list[Any]]) -> None:
    """The item offered past the bound is refused in the answer (its field named) and the list sent back
    as it was (kept in ``sent`` for the next call)."""
    answer = json.loads(web.call(name, kwargs))
    result = answer.get("result") or {}
    sent.append(result.get(key) or kwargs[key])
    error = result.get("error") or {}
    if not answer["ok"] or error.get("field") != key or result.get(key) != kwargs[key]:
        raise AssertionError(f"the item past the bound was not refused cleanly: {answer!r:.300}")


def _next_call_works(name: str, kwargs: dict[str, Any], key: str, sent_back: list[Any]) -> None:
    """The list sent back at the bound is accepted by the next call (before issue 37's fix it was one
    longer, and refused until a reset)."""
    again = json.loads(web.call(name, {**kwargs, key: sent_back}))
    if not again["ok"]:
        raise AssertionError(f"the list sent back at the bound is refused by the next call: {again!r:.300}")


def _many_strings(text: str, char: str, count: int) -> str:
    """``text`` (a JSON object) with ``count`` more ``char`` in strings of 5,000 (each within the ``string``
    bound, the whole past the ``text`` bound in bytes but not in characters)."""
    chunks = [char * 5000] * (count // 5000) + [char * (count % 5000)]
    return text[:-1] + ', "notes": ' + json.dumps(chunks, ensure_ascii=False) + text[-1]


def _exercises() -> list[dict[str, Any]]:
    """One exercise of each kind the lessons use (content/lessons/*.yaml), made by the engine."""
    try:
        import yaml
    except ImportError:  # pragma: no cover
        return []
    seen: dict[str, dict[str, Any]] = {}
    for path in sorted((ROOT / "content" / "lessons").glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        for section in data.get("sections", []):
            for entry in section.get("exercises") or []:
                if entry.get("kind") not in seen:
                    seen[entry["kind"]] = lessons.make_exercise(entry)
    return list(seen.values())


# --------------------------------------------------------------------------- running


@dataclass
class Stats:
    inputs: Counter[str] = field(default_factory=Counter)
    refused: Counter[str] = field(default_factory=Counter)
    crashes: list[tuple[str, str, str]] = field(default_factory=list)  # family, exception, input excerpt
    hangs: list[tuple[str, float, str]] = field(default_factory=list)
    mutated: list[tuple[str, str]] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def total(self) -> int:
        return sum(self.inputs.values())

    def summary(self) -> str:
        lines = [
            f"{self.total} inputs in {self.seconds:.1f} s: {len(self.crashes)} exceptions outside the engine's "
            f"types, {len(self.hangs)} slower than {SLOW} s, {len(self.mutated)} inputs changed by a failed call"
        ]
        for fam in sorted(self.inputs):
            lines.append(
                f"  {fam:10} {self.inputs[fam]:7} inputs, {self.refused[fam]:7} refused with the engine's error"
            )
        kinds = Counter(c[1].split(":")[0] for c in self.crashes)
        lines += [f"  crash {k}: {n}" for k, n in kinds.most_common()]
        return "\n".join(lines)


class _Watchdog(BaseException):
    pass


def _alarm(signum: int, frame: Any) -> None:
    raise _Watchdog()


def _short(value: Any) -> str:
    try:
        text = json.dumps(value, default=str)
    except (ValueError, TypeError, RecursionError):
        text = _freeze(value)  # a huge integer cannot be written by json.dumps nor repr
    return text[:300]


def _snippet_answer(answer: dict[str, Any]) -> None:
    """A snippet that raised: its answer must say so, in one line."""
    if answer["ok"] or not answer["error"] or "\n" in answer["error"]:
        raise AssertionError(f"a snippet that raised answered {answer!r:.200}")


def _run_one(stats: Stats, family: str, fn: Callable[[], Any], arg: Any, *, via_call: bool = False) -> None:
    """Run one input; ``via_call``: ``fn`` answers as web.call does (JSON), whose error must be the engine's
    (the family ``browser`` always is)."""
    snapshot = _freeze(arg)
    stats.inputs[family] += 1
    use_alarm = hasattr(signal, "SIGVTALRM")
    if use_alarm:  # a watchdog on this process's CPU time (a loaded machine does not trip it)
        signal.setitimer(signal.ITIMER_VIRTUAL, WATCHDOG)
    t0 = time.process_time()  # CPU time: the other processes on a shared machine do not count
    failed = False
    try:
        out = fn()
        if via_call or family == "browser":
            answer = json.loads(out)
            if not answer["ok"]:
                failed = True
                if answer["error"]["type"] in ENGINE_ERROR_NAMES:
                    stats.refused[family] += 1
                else:
                    stats.crashes.append(
                        (family, f"{answer['error']['type']}: {answer['error']['message'][:200]}", _short(arg))
                    )
    except ENGINE_ERRORS:
        failed = True
        stats.refused[family] += 1
    except _Watchdog:
        failed = True
        stats.hangs.append((family, float(WATCHDOG), _short(arg)))
    except BaseException as e:  # noqa: BLE001 (what the fuzzer is looking for: GeneratorExit, SystemExit... too)
        failed = True
        stats.crashes.append((family, f"{type(e).__name__}: {str(e)[:200]}", _short(arg)))
    finally:
        if use_alarm:
            signal.setitimer(signal.ITIMER_VIRTUAL, 0)
    secs = time.process_time() - t0
    if secs > SLOW and not any(h[2] == _short(arg) for h in stats.hangs[-1:]):
        stats.hangs.append((family, secs, _short(arg)))
    if failed and _freeze(arg) != snapshot:
        stats.mutated.append((family, snapshot[:300]))


def _browser_sized(name: str, kwargs: dict[str, Any]) -> bool:
    """Within the bounds web.call adds for the browser (simulate_hint's samples): the same call, direct."""
    for arg, most in web.BROWSER_LIMITS.get(name, {}).items():
        v = kwargs.get(arg)
        if isinstance(v, int) and not isinstance(v, bool) and v > most:
            return False
    return True


def _binds(fn: Callable[..., Any], kwargs: dict[str, Any]) -> bool:
    """Whether the keyword arguments fit the signature (a Python caller's own TypeError otherwise)."""
    try:
        inspect.signature(fn).bind(**kwargs)
    except TypeError:
        return False
    return True


FAMILIES = ("record", "egn", "scenario", "position", "text", "browser", "laws", "snippet", "egn-text", "bounds")
WEIGHTS = (30, 6, 14, 10, 15, 25, 10, 2, 2, 0)  # bounds: once a run, not drawn
EGN_VIEW = ("egn_open", "egn_step", "egn_branch", "egn_export")


def _egn_kwargs(rng: random.Random, fn: str, text: Any) -> dict[str, Any]:
    """The arguments the Replay page sends to one of egn_view's functions, around ``text``."""
    kwargs: dict[str, Any] = {"text": text}
    if fn in ("egn_step", "egn_branch"):
        kwargs.update(deal=rng.randrange(0, 3), step=rng.randrange(0, 12))
    if fn == "egn_branch":
        kwargs["moves"] = rng.choice([[], ["play JC"], ["JC"], ["x" * 50]])
    if fn == "egn_export":
        kwargs["branches"] = rng.choice([[], [{"deal": 0, "step": 1, "moves": ["JC"]}]])
    return kwargs


def run(n: int, seed: int = 11, only: tuple[str, ...] = FAMILIES) -> Stats:
    """Fuzz ``n`` inputs from ``seed`` (the same inputs every run); ``only``: some families."""
    rng = random.Random(seed)
    seeds: dict[str, list[Any]] = {
        "record": _records(),
        "egn": _egn(),
        "scenario": _scenarios(),
        "position": _positions(),
        "browser": _browser_calls(),
        "laws": _laws(),
    }
    parsers: dict[str, Callable[[Any], Any]] = {
        "record": Deal.replay,
        "egn": load_egn,
        "scenario": rule_scenario,
        "position": solve_position_json,
        "laws": laws_call,
    }
    from euchre_core.app import egn_view

    example = egn_view.example_egn(deals=2)
    egn_texts = [example] + [json.dumps(e) for e in seeds["egn"][:8]]
    families = [f for f in FAMILIES if (f in ("text", "snippet", "egn-text", "bounds") or seeds[f]) and f in only]
    stats = Stats()
    t0 = time.perf_counter()
    handler = signal.signal(signal.SIGVTALRM, _alarm) if hasattr(signal, "SIGVTALRM") else None
    try:
        if "egn-text" in families:  # the Replay page's text at and over its bound: once a run (each is slow)
            for i, (_, huge) in enumerate(egn_huge(example)):
                fn = EGN_VIEW[i % len(EGN_VIEW)]
                kwargs = _egn_kwargs(rng, fn, huge)
                name = "euchre_core.app.egn_view." + fn
                _run_one(stats, "egn-huge", lambda name=name, kwargs=kwargs: web.call(name, kwargs), {}, via_call=True)
                _run_one(stats, "egn-huge-direct", lambda huge=huge: egn_view.egn_open(huge), {})
                _run_one(stats, "egn-huge-load", lambda huge=huge: load_egn(huge), {})  # as text, and as bytes
                if isinstance(huge, str):
                    raw = huge.encode("utf-8", "surrogatepass")
                    _run_one(stats, "egn-huge-load", lambda raw=raw: load_egn(raw), {})
        if "bounds" in families:  # the sandboxes' lists at their bound, one more offered: once a run
            for name, kwargs, key in sandbox_at_bound():
                full = "euchre_core.app." + name
                sent: list[list[Any]] = []
                _run_one(
                    stats,
                    "bounds",
                    lambda f=full, k=kwargs, key=key, sent=sent: _bound_refused(f, k, key, sent),
                    kwargs,
                )
                _run_one(
                    stats,
                    "bounds",
                    lambda f=full, k=kwargs, key=key, sent=sent: _next_call_works(
                        f, k, key, sent[0] if sent else k[key]
                    ),
                    kwargs,
                )
            # simulate_hint at its cap of layouts, with a small bound of work: refused as the work passes it
            # (the solver's work counted, not only the draws), well within SLOW
            from euchre_core.search import simulate

            _run_one(
                stats,
                "bounds",
                lambda: simulate.simulate_hint("eldest-3", samples=simulate.MAX_SAMPLES, seed=1, work=100_000),
                {},
            )
        families = [f for f in families if f != "bounds"]
        weights = [w for f, w in zip(FAMILIES, WEIGHTS, strict=True) if f in families]
        for _ in range(n):
            family = rng.choices(families, weights)[0]
            if family == "snippet":
                code = _snippet(rng)
                _run_one(stats, family, lambda code=code: _snippet_answer(web.run_snippet(code)), code)
                _run_one(
                    stats, "browser", lambda code=code: web.call("euchre_core.app.web.run_snippet", {"code": code}), {}
                )
            elif family == "egn-text":
                text = mutate_text(rng, rng.choice(egn_texts))
                fn = rng.choice(EGN_VIEW)
                kwargs = _egn_kwargs(rng, fn, text)
                name = "euchre_core.app.egn_view." + fn
                _run_one(stats, family, lambda name=name, kwargs=kwargs: web.call(name, kwargs), {}, via_call=True)
                _run_one(stats, family + "-direct", lambda text=text: load_egn(text), text)
            elif family == "text":
                target = rng.choice([f for f in ("record", "egn", "scenario", "position") if seeds[f]])
                text = mutate_text(rng, json.dumps(rng.choice(seeds[target])))
                parse = parsers[target]
                _run_one(stats, "text", lambda text=text, parse=parse: parse(decode.loads(text, "FILE")), text)
            elif family == "browser":
                name, kwargs = rng.choice(seeds["browser"])
                if rng.random() < 0.1:  # as the worker sends it: JSON text
                    text = mutate_text(rng, json.dumps(kwargs))
                    _run_one(stats, family, lambda name=name, text=text: web.call(name, text), text)
                else:
                    args = mutate(rng, kwargs)
                    _run_one(stats, family, lambda name=name, args=args: web.call(name, args), args)
                    fn = web._resolve(name)
                    direct = isinstance(args, dict) and rng.random() < 0.3
                    if direct and _binds(fn, args) and _browser_sized(name, args):  # the function itself
                        _run_one(stats, family + "-direct", lambda fn=fn, args=args: fn(**args), args)
            else:
                arg = mutate(rng, rng.choice(seeds[family]))
                parse = parsers[family]
                _run_one(stats, family, lambda parse=parse, arg=arg: parse(arg), arg)
    finally:
        if handler is not None:
            signal.signal(signal.SIGVTALRM, handler)
    stats.seconds = time.perf_counter() - t0
    return stats


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else int(os.environ.get("EUCHRE_FUZZ", "20000"))
    fuzz_seed = int(sys.argv[2]) if len(sys.argv) > 2 else int(os.environ.get("EUCHRE_FUZZ_SEED", "11"))
    families = tuple(os.environ.get("EUCHRE_FUZZ_ONLY", ",".join(FAMILIES)).split(","))
    result = run(count, fuzz_seed, families)
    print(result.summary())
    for fam, exc, text in result.crashes[:40]:
        print(f"CRASH {fam}: {exc}\n    {text[:200]}")
    for fam, secs, text in result.hangs[:10]:
        print(f"HANG {fam}: {secs:.1f} s\n    {text[:200]}")
    for fam, text in result.mutated[:10]:
        print(f"MUTATED {fam}: {text[:200]}")
    _ = RULE_SETS
