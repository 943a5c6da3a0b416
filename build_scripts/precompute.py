"""What the book fixes, answered by the engine at build time: ``answers.json`` beside each page.

A reader who only reads a case, steps through the book's line, or tries another card at one of
its steps (a first-level "what if") needs no Python in the browser: the answers are here, computed
by the same engine functions the browser would call (:func:`euchre_core.app.web.call`, so each
entry is exactly the JSON the live engine gives), and ``docs/javascripts/answers.mjs`` looks them
up before it goes to Python. What is precomputed (each entry under :func:`key`):

* a case page (``<div class="case-player" data-case="I">``): ``case_step`` at every step of the
  book's line (the hands, the legal cards, the double-dummy value of the position, …), the
  solver's value of every legal card and the best cards there (``table_view.case_values``), and
  for every other card of the hand to play at every step its first-level variation
  (``table_view.case_line``: every position of the line, the rest by best play for both sides,
  with its outcome); a card the laws forbid gives the engine's error (its message and law), as
  the live engine would;
* a law's page with ready penalty scenarios (``<div class="penalty-sandbox" data-law="52">``):
  ``sandbox.start`` and ``sandbox.act`` for each option the pending ruling offers, and then each
  lawful card of the seat to play after that option (the plays that follow the election);
* a law's page with a ready table scenario (``<div class="table-example" data-law="15">``, Laws
  10, 15–21): ``sandbox.table_start`` and each "book's next step" after it (``sandbox.table_act``);
* a law's page with a ready dealing scenario (``<div class="dealing-example" data-law="44">``):
  ``sandbox.dealing_start`` and ``sandbox.dealing_act`` along the book's next steps (``next``),
  and each election offered on the way (``pending.words``), so that a reader who clicks through
  the book's steps or elects needs no Python;
* a Learn lesson: ``lessons.check_answer`` for every answer the reader can give to each exercise
  (each choice, or each set of choices for a "choose every right one" exercise).

The files stay small: :data:`BUDGET_RAW` and :data:`BUDGET_GZIP` bytes per page, checked by the
build (a page over budget stops it) and by ``tests/test_precompute.py``. Computing all of them
takes about 0.7 s, so nothing is cached on disk (``mkdocs serve`` keeps the last result while
the pages and the engine's files are unchanged).

>>> key("euchre_core.app.web.case_step", {"step": 3, "case_id": "I"})
'euchre_core.app.web.case_step {"case_id":"I","step":3}'
>>> a = case_answers("I")
>>> a[key("euchre_core.app.web.case_step", {"case_id": "I", "step": 3})]["result"]["book_card"]
'8S'
>>> a[key("euchre_core.app.table_view.case_line", {"case_id": "I", "step": 1, "cards": ["QS"]})]["error"]["laws"]
[62]
"""

from __future__ import annotations

import gzip
import html
import itertools
import json
import posixpath
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from euchre_core.app import lessons, web

CASE_STEP = "euchre_core.app.web.case_step"
VALUES = "euchre_core.app.table_view.case_values"
LINE = "euchre_core.app.table_view.case_line"
SANDBOX_START = "euchre_core.app.sandbox.start"
SANDBOX_ACT = "euchre_core.app.sandbox.act"
TABLE_START = "euchre_core.app.sandbox.table_start"
TABLE_ACT = "euchre_core.app.sandbox.table_act"
MAX_NEXT_STEPS = 20  # a ready scenario's "next step" chain (the longest has a handful)
DEALING_START = "euchre_core.app.sandbox.dealing_start"
DEALING_ACT = "euchre_core.app.sandbox.dealing_act"
CHECK_ANSWER = "euchre_core.app.lessons.check_answer"
MAX_MANY = 8  # a "choose every right one" exercise: all 2**n sets up to this n
FILE_NAME = "answers.json"  # beside the page: cases/i/index.html → cases/i/answers.json
FORMAT = 1
BUDGET_RAW = 640_000  # bytes of one page's answers.json, as parsed (a server without gzip sends this); issue 35:
# each guide answer carries its HTML fragment from the one voice (the page swaps it, no template in JS), and the
# deal's and the pack's situations are answered from each chair too (about 610,000 bytes, 33,000 gzip, with them)
BUDGET_GZIP = 35_000  # the same, gzip-compressed (what GitHub Pages sends)
SKIP_PAGES = frozenset({"laws/print.md"})  # every law on one page: its sandboxes start Python when used

_CASE = re.compile(r'<div class="case-player" data-case="([A-Za-z0-9]+)"')
_SANDBOX = re.compile(r'<div class="penalty-sandbox" data-law="(\d+)"')
_TABLE_EXAMPLE = re.compile(r'<div class="table-example" data-law="(\d+)"')
_DEALING = re.compile(r'<div class="dealing-example" data-law="(\d+)"')
_DIRECTOR = re.compile(r'<div class="director-guide"')
_EXERCISE = re.compile(r'<div class="exercise"[^>]*? data-mode="(\w+)" data-spec="([^"]*)"')


class BudgetExceeded(Exception):
    """A page's precomputed answers are larger than the budget (the message names the page)."""


def key(name: str, kwargs: dict[str, Any]) -> str:
    """The lookup key of an answer: the function's dotted name, a space, the keyword arguments as
    canonical JSON (keys sorted, no spaces, non-ASCII kept). ``answers.mjs`` builds the same key.

    >>> key("euchre_core.app.sandbox.act", {"law": 52, "events": ["a"], "event": "B: play 7D"})
    'euchre_core.app.sandbox.act {"event":"B: play 7D","events":["a"],"law":52}'
    """
    return name + " " + json.dumps(kwargs, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _ask(out: dict[str, Any], name: str, kwargs: dict[str, Any]) -> dict[str, Any]:
    """Ask the engine (its browser entry point, :func:`euchre_core.app.web.call`) and keep the answer."""
    answer: dict[str, Any] = json.loads(web.call(name, dict(kwargs)))
    out[key(name, kwargs)] = answer
    return answer


def case_answers(case_id: str) -> dict[str, Any]:
    """What the case player asks on the book's line and its first-level branches: every step of the
    case's line (``case_step``), the solver's value of each legal card and the best cards at every step
    (``case_values``), and every other card of the hand to play at every step played out by best play
    (``case_line`` with that one card; an illegal card gives the engine's error with its law)."""
    out: dict[str, Any] = {}
    first = _ask(out, CASE_STEP, {"case_id": case_id, "step": 0})
    if not first["ok"]:
        raise ValueError(f"case {case_id}: {first['error']['message']}")
    for step in range(first["result"]["steps"] + 1):
        state = _ask(out, CASE_STEP, {"case_id": case_id, "step": step})["result"]
        _ask(out, VALUES, {"case_id": case_id, "step": step})  # asked at every step, the last included
        mover = state["to_move"]
        if mover is None or state["book_card"] is None:
            continue
        for card in state["hands"][mover]:
            if card != state["book_card"]:
                _ask(out, LINE, {"case_id": case_id, "step": step, "cards": [card]})
    return out


def _offered(view: dict[str, Any]) -> list[str]:
    """The events the penalty sandbox offers as buttons for a pending election (its ``chooser``
    elects one of the ruling's options; a called suit is one event per suit, as the widget draws)."""
    pending = view.get("pending")
    if not pending or not pending.get("chooser"):
        return []
    events = []
    for option in pending.get("options") or []:
        if option["id"] == "call-suit":
            events += [f"{pending['chooser']}: choose call-suit {s}" for s in "CDHS"]
        else:
            events.append(f"{pending['chooser']}: choose {option['id']}")
    return events


def sandbox_answers(law: int) -> dict[str, Any]:
    """A ready penalty scenario (Laws 46–105): its start, each option offered, and each lawful card
    of the seat to play after that option."""
    out: dict[str, Any] = {}
    first = _ask(out, SANDBOX_START, {"law": law})
    if not first["ok"]:
        raise ValueError(f"law {law}: {first['error']['message']}")
    view = first["result"]
    for event in _offered(view):
        after = _ask(out, SANDBOX_ACT, {"law": law, "events": view["events"], "event": event})
        if not after["ok"] or after["result"].get("error"):
            continue
        state = after["result"]
        if state.get("actor") and not state.get("pending"):
            for card in state["legal"]:
                play = f"{state['actor']}: play {card}"
                _ask(out, SANDBOX_ACT, {"law": law, "events": state["events"], "event": play})
    return out


def table_sandbox_answers(law: int) -> dict[str, Any]:
    """A ready table scenario (Laws 10, 15–21): its start and each step of the book's line that follows
    (the "next step" button, as many times as the scenario suggests)."""
    out: dict[str, Any] = {}
    answer = _ask(out, TABLE_START, {"law": law})
    if not answer["ok"]:
        raise ValueError(f"law {law}: {answer['error']['message']}")
    for _ in range(MAX_NEXT_STEPS):
        view = answer["result"]
        step = view.get("next_step")  # offered even after a refusal the scenario shows (law 16)
        if not step:
            break
        answer = _ask(out, TABLE_ACT, {"law": law, "ops": view["ops"], "op": step["op"]})
        if not answer["ok"] or answer["result"].get("error"):
            break
    return out


def dealing_answers(law: int) -> dict[str, Any]:
    """A ready dealing scenario (Laws 22–45, 72–73): its start, the book's next steps one by one,
    and each election offered on the way (the buttons the dealing sandbox draws).

    >>> a = dealing_answers(44)
    >>> sorted({k.split(" ")[0].rsplit(".", 1)[1] for k in a}), len(a)
    (['dealing_act', 'dealing_start'], 3)
    """
    out: dict[str, Any] = {}
    first = _ask(out, DEALING_START, {"law": law})
    if not first["ok"]:
        raise ValueError(f"law {law}: {first['error']['message']}")
    view = first["result"]
    for _ in range(40):  # the book's line is a few steps; a bound all the same
        nxt = view.get("next")
        for word in (view.get("pending") or {}).get("words", []):
            _ask(out, DEALING_ACT, {"law": law, "events": view["events"], "event": word["event"]})
        if not nxt:
            break
        after = _ask(out, DEALING_ACT, {"law": law, "events": view["events"], "event": nxt["event"]})
        if not after["ok"] or after["result"].get("error"):
            break
        view = after["result"]
    return out


def exercise_answers(spec: dict[str, Any], mode: str) -> dict[str, Any]:
    """A Learn exercise whose answer set is finite: ``check_answer`` for each choice (``one``), or for
    each set of choices in the order the page lists them (``many``, up to :data:`MAX_MANY` choices),
    which is how ``learn.js`` sends them.

    >>> a = exercise_answers({"id": "c3", "kind": "counters", "points": 3}, "one")
    >>> len(a), a[key(CHECK_ANSWER, {"exercise": {"id": "c3", "kind": "counters", "points": 3}, "answer": "3"})]["ok"]
    (4, True)
    """
    out: dict[str, Any] = {}
    values = [str(c["value"]) for c in lessons.question(spec)["choices"]]
    if mode == "many":
        if len(values) > MAX_MANY:
            return out
        chosen: list[Any] = [list(c) for r in range(len(values) + 1) for c in itertools.combinations(values, r)]
    else:
        chosen = values
    for value in chosen:
        _ask(out, CHECK_ANSWER, {"exercise": spec, "answer": value})
    return out


def page_answers(markdown: str) -> dict[str, Any]:
    """The answers for the widgets of one generated page (empty when it has none)."""
    out: dict[str, Any] = {}
    for case_id in _CASE.findall(markdown):
        out.update(case_answers(case_id))
    for law in _SANDBOX.findall(markdown):
        out.update(sandbox_answers(int(law)))
    for law in _TABLE_EXAMPLE.findall(markdown):
        out.update(table_sandbox_answers(int(law)))
    for law in _DEALING.findall(markdown):
        out.update(dealing_answers(int(law)))
    for mode, spec in _EXERCISE.findall(markdown):
        out.update(exercise_answers(json.loads(html.unescape(spec)), mode))
    if _DIRECTOR.search(markdown):  # the engine's alone: once per `generate --watch` process (serve_cache)
        from build_scripts import serve_cache

        out.update(serve_cache.memo("director-answers", "", director_answers))
    return out


def director_answers() -> dict[str, Any]:
    """ "Ask the director": every situation of the play ruled from each chair (who did it: the reader,
    his partner, the player on his left or right), so that the reader's choice needs no Python."""
    from build_scripts import director_guide

    out: dict[str, Any] = {}
    for name, kwargs in director_guide.precomputed({}):
        answer = _ask(out, name, kwargs)
        if not answer["ok"]:
            raise ValueError(f"situation {kwargs['id']}: {answer['error']['message']}")
    return out


def encode(answers: dict[str, Any]) -> bytes:
    """The file: ``{"format": 1, "answers": {key: {"ok": …, "result" | "error": …}}}``, compact."""
    doc = {"format": FORMAT, "answers": answers}
    return json.dumps(doc, separators=(",", ":"), ensure_ascii=False, sort_keys=True).encode("utf-8")


def compressed(data: bytes) -> bytes:
    """The page's ``answers.json.gz``: ``data`` gzip-compressed (level 9, no time stamp: reproducible).
    ``answers.mjs`` fetches it first and inflates it (``DecompressionStream``), so a host that does not
    compress sends ~13 kB instead of ~250 kB for a case (the plain file stays for older browsers).

    >>> gzip.decompress(compressed(b'{"format":1}')) == b'{"format":1}'
    True
    >>> compressed(b"{}") == compressed(b"{}")
    True
    """
    return gzip.compress(data, compresslevel=9, mtime=0)


def check_budget(page: str, data: bytes) -> tuple[int, int]:
    """``(raw, gzip)`` bytes of a page's file; :class:`BudgetExceeded` when over :data:`BUDGET_RAW`
    or :data:`BUDGET_GZIP`.

    >>> check_budget("x.md", b"{}")[0]
    2
    """
    raw, packed = len(data), len(gzip.compress(data, 9))
    if raw > BUDGET_RAW or packed > BUDGET_GZIP:
        raise BudgetExceeded(
            f"{page}: the precomputed answers are {raw} bytes ({packed} gzip), over the budget of "
            f"{BUDGET_RAW} ({BUDGET_GZIP} gzip): precompute less, or raise the budget in "
            "build_scripts/precompute.py with a reason"
        )
    return raw, packed


def answers_path(page_dest: str) -> str:
    """Where a page's answers go in the site: beside its HTML file.

    >>> answers_path("cases/i/index.html"), answers_path("cases/i.html"), answers_path("index.html")
    ('cases/i/answers.json', 'cases/i.answers.json', 'answers.json')
    """
    folder, name = posixpath.split(page_dest)
    if name == "index.html":
        return posixpath.join(folder, FILE_NAME)
    return posixpath.join(folder, posixpath.splitext(name)[0] + "." + FILE_NAME)


def marker(page_dest: str) -> str:
    """The element ``answers.mjs`` finds in the page's content: the file's URL relative to the page.

    >>> marker("cases/i/index.html").split("><link")[0] + ">"
    '<div class="euchre-answers" data-src="answers.json" hidden></div>'
    """
    rel = posixpath.relpath(answers_path(page_dest), posixpath.dirname(page_dest) or ".")
    div = f'<div class="euchre-answers" data-src="{rel}" hidden></div>'
    if page_dest.startswith(NO_PRELOAD):
        # nothing on the page asks before the reader taps (the director's guide): the answers come in an
        # idle moment after the load (answers.mjs), not beside the first paint's files
        return div
    # the preload starts the download as soon as the parser sees it, before the scripts ask; of the
    # compressed copy, which answers.mjs fetches first (see compressed)
    return div + f'<link rel="preload" href="{rel}.gz" as="fetch" crossorigin="anonymous">'


NO_PRELOAD = ("director/",)  # pages whose answers are wanted only after a tap


def index_marker(answers_uris: list[str]) -> str:
    """The element on every page that lists the site's answers files (paths from the site's root), so
    that ``answers.mjs`` can fetch a linked page's answers when the reader points at the link, in
    parallel with Material's instant navigation.

    >>> index_marker(["cases/i/answers.json", "cases/ii/answers.json"])
    '<div class="euchre-answers-index" data-files="cases/i/answers.json cases/ii/answers.json" hidden></div>'
    """
    return f'<div class="euchre-answers-index" data-files="{" ".join(sorted(answers_uris))}" hidden></div>'


def _answers_file(src_uri: str, text: str) -> Callable[[], bytes]:
    def compute() -> bytes:
        answers = page_answers(text)
        if not answers:
            return b""
        data = encode(answers)
        check_budget(src_uri, data)
        return data

    return compute


def site_files(pages: dict[str, str]) -> dict[str, bytes]:
    """``{page src_uri: answers.json bytes}`` for every generated page with precomputed widgets."""
    from build_scripts import serve_cache

    # `generate --watch`: a page's answers are reused while its text and the engine's files are unchanged
    engine = serve_cache.signature([Path(web.__file__).parents[1]]) if serve_cache.enabled else ""
    out: dict[str, bytes] = {}
    for src_uri, text in pages.items():
        if src_uri in SKIP_PAGES:
            continue
        data = serve_cache.memo(f"answers:{src_uri}", engine + "\0" + text, _answers_file(src_uri, text))
        if data:
            out[src_uri] = data
    return out
