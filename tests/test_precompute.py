"""The answers precomputed at build time (build_scripts/precompute.py) against the live engine.

Each page's ``answers.json`` in the built site must hold, for every key, exactly what the live
engine answers now (:func:`euchre_core.app.web.call`): a stale or hand-edited file fails. The
files are within their byte budget, and they cover what the book fixes: every step of every
case and every card of the hand to play at every step, every ready penalty scenario's start and
options, every ready dealing scenario's start, next steps and elections, every exercise's choices.
"""

from __future__ import annotations

import gzip
import json
import re
from pathlib import Path

import pytest
from conftest import BuiltSite

from build_scripts import precompute
from euchre_core.app import sandbox, web
from euchre_core.formats.cases import list_cases


def _files(site: Path) -> dict[str, dict[str, object]]:
    return {
        p.relative_to(site).as_posix(): json.loads(p.read_text(encoding="utf-8"))
        for p in sorted(site.rglob(precompute.FILE_NAME))
    }


def _split(key: str) -> tuple[str, dict[str, object]]:
    name, _, kwargs = key.partition(" ")
    return name, json.loads(kwargs)


def test_every_precomputed_answer_equals_the_live_engines(built_site: BuiltSite) -> None:
    files = _files(built_site.dir)
    assert len(files) >= 9 + 8 + 9, sorted(files)
    checked = 0
    for path, doc in files.items():
        assert doc["format"] == precompute.FORMAT
        for key, stored in doc["answers"].items():  # type: ignore[union-attr]
            name, kwargs = _split(key)
            assert precompute.key(name, kwargs) == key, f"{path}: {key} is not canonical"
            live = json.loads(web.call(name, kwargs))
            assert stored == live, f"{path}: {key} differs from the live engine"
            checked += 1
    assert checked > 1000


def test_answers_files_are_within_the_budget_and_marked_in_their_page(built_site: BuiltSite) -> None:
    for path in _files(built_site.dir):
        data = (built_site.dir / path).read_bytes()
        assert len(data) <= precompute.BUDGET_RAW, (path, len(data))
        assert len(gzip.compress(data, 9)) <= precompute.BUDGET_GZIP, path
        page = built_site.dir / path.replace(precompute.FILE_NAME, "index.html")
        assert '<div class="euchre-answers" data-src="answers.json" hidden></div>' in page.read_text(encoding="utf-8")


def test_a_case_page_holds_the_books_line_and_every_first_level_what_if(built_site: BuiltSite) -> None:
    """Every step of the case's line (the book's cards, then the engine's), the values and best cards at each,
    and every other card of the hand to play played out (a first-level variation), or refused with its law."""
    for case_id in list_cases():
        answers = json.loads((built_site.dir / "cases" / case_id.lower() / "answers.json").read_text())["answers"]
        first = answers[precompute.key(precompute.CASE_STEP, {"case_id": case_id, "step": 0})]["result"]
        steps = first["steps"]
        for step in range(steps + 1):
            state = answers[precompute.key(precompute.CASE_STEP, {"case_id": case_id, "step": step})]["result"]
            assert state["step"] == step and state["dd"] is not None or step == steps
            values_answer = answers[precompute.key(precompute.VALUES, {"case_id": case_id, "step": step})]
            if step < steps and state["to_move"]:
                values = values_answer["result"]
                assert set(values["best"]) <= set(state["legal"])
                for card in state["hands"][state["to_move"]]:
                    if card == state["book_card"]:
                        continue
                    kwargs = {"case_id": case_id, "step": step, "cards": [card]}
                    entry = answers[precompute.key(precompute.LINE, kwargs)]
                    assert entry["ok"] == (card in state["legal"]), (case_id, step, card)
                    if not entry["ok"]:
                        assert entry["error"]["laws"], (case_id, step, card)
        # a branch of a branch is not precomputed (it is Python's): only these three functions
        assert {k.split(" ")[0] for k in answers} == {precompute.CASE_STEP, precompute.VALUES, precompute.LINE}


def test_law_52_the_ready_scenario_and_each_option_offered(built_site: BuiltSite) -> None:
    page = built_site.dir / "laws" / "cards-liable-to-be-called"
    answers = json.loads((page / "answers.json").read_text())["answers"]
    start = answers[precompute.key(precompute.SANDBOX_START, {"law": 52})]["result"]
    assert [o["id"] for o in start["pending"]["options"]] == ["call-card", "call-suit", "waive"]
    for event in ["BD: choose call-card", "BD: choose waive"] + [f"BD: choose call-suit {s}" for s in "CDHS"]:
        after = answers[precompute.key(precompute.SANDBOX_ACT, {"law": 52, "events": start["events"], "event": event})]
        assert after["ok"] and after["result"]["error"] is None, event
    chosen = answers[
        precompute.key(precompute.SANDBOX_ACT, {"law": 52, "events": start["events"], "event": "BD: choose call-card"})
    ]["result"]
    for card in chosen["legal"]:
        play = f"{chosen['actor']}: play {card}"
        assert precompute.key(precompute.SANDBOX_ACT, {"law": 52, "events": chosen["events"], "event": play}) in answers
    # every ready scenario whose law has a page is there
    laws = set()
    for doc in _files(built_site.dir).values():
        for key in doc["answers"]:  # type: ignore[union-attr]
            name, kwargs = _split(key)
            if name == precompute.SANDBOX_START:
                laws.add(kwargs["law"])
    assert laws == set(sandbox.scenarios())


def test_the_table_scenarios_start_and_every_next_step_of_the_books_line(built_site: BuiltSite) -> None:
    """Laws 10, 15–21: the ready table scenario is precomputed, and so is each "book's next step" after
    it, to the scenario's end (a reader who only follows the book needs no Python)."""
    laws = {}
    for doc in _files(built_site.dir).values():
        answers = doc["answers"]
        for key in answers:  # type: ignore[union-attr]
            name, kwargs = _split(key)
            if name == precompute.TABLE_START:
                laws[kwargs["law"]] = answers  # type: ignore[index]
    assert set(laws) == set(sandbox.table_scenarios())
    for law, answers in laws.items():
        view = answers[precompute.key(precompute.TABLE_START, {"law": law})]["result"]
        steps = 0
        while view["next_step"]:
            k = precompute.key(precompute.TABLE_ACT, {"law": law, "ops": view["ops"], "op": view["next_step"]["op"]})
            assert k in answers, (law, steps)
            view = answers[k]["result"]
            assert view["error"] is None, (law, steps)
            steps += 1
        assert steps == len(sandbox.table_scenarios()[law].get("then", [])), law


def test_each_answers_file_has_its_gzip_copy(built_site: BuiltSite) -> None:
    """answers.json.gz (fetched first by answers.mjs) holds exactly answers.json."""
    for path in _files(built_site.dir):
        plain = (built_site.dir / path).read_bytes()
        assert gzip.decompress((built_site.dir / (path + ".gz")).read_bytes()) == plain, path


def test_law_44_the_ready_dealing_scenario_its_next_steps_and_each_election(built_site: BuiltSite) -> None:
    """The dealing sandbox's ready line needs no Python: the start, each of the book's next steps,
    each election offered on the way; every dealing scenario with a page is there."""
    page = built_site.dir / "laws" / "a-misdeal"
    answers = json.loads((page / "answers.json").read_text())["answers"]
    start = answers[precompute.key(precompute.DEALING_START, {"law": 44})]["result"]
    assert start["next"]["event"] == "AC: choose deal-again"
    for word in start["pending"]["words"]:
        after = answers[
            precompute.key(precompute.DEALING_ACT, {"law": 44, "events": start["events"], "event": word["event"]})
        ]
        assert after["ok"] and after["result"]["outcome"]["kind"] in ("new-deal", "deal-lost"), word
    laws = set()
    for doc in _files(built_site.dir).values():
        for key in doc["answers"]:  # type: ignore[union-attr]
            name, kwargs = _split(key)
            if name == precompute.DEALING_START:
                laws.add(kwargs["law"])
    assert laws == set(sandbox.dealing_scenarios())
    # the law 30 line: the start, then the deal, then the turn, each precomputed
    the_deal = json.loads((built_site.dir / "laws" / "the-deal" / "answers.json").read_text())["answers"]
    view = the_deal[precompute.key(precompute.DEALING_START, {"law": 30})]["result"]
    while view["next"]:
        view = the_deal[
            precompute.key(
                precompute.DEALING_ACT, {"law": 30, "events": view["events"], "event": view["next"]["event"]}
            )
        ]["result"]
    assert view["outcome"]["kind"] == "deal-stands"


def test_every_exercise_choice_is_answered(built_site: BuiltSite) -> None:
    for page in sorted((built_site.dir / "learn").glob("*/index.html")):
        html = page.read_text(encoding="utf-8")
        exercises = re.findall(r'class="exercise"[^>]*data-mode="(\w+)"', html)
        if not exercises:
            continue
        answers = json.loads((page.parent / "answers.json").read_text())["answers"]
        ones = [k for k in answers if k.startswith(precompute.CHECK_ANSWER)]
        assert len(ones) >= len(exercises) * 2, page


def test_key_is_canonical() -> None:
    key = precompute.key("f", {"b": [1, {"y": "é", "x": None}], "a": True})
    assert key == 'f {"a":true,"b":[1,{"x":null,"y":"é"}]}'


def test_over_budget_stops_the_build() -> None:
    with pytest.raises(precompute.BudgetExceeded, match="cases/i.md"):
        precompute.check_budget("cases/i.md", b"x" * (precompute.BUDGET_RAW + 1))


def test_the_runtime_is_precompiled_for_the_wasms_python(built_site: BuiltSite) -> None:
    """The stdlib split in two pyc-only zips (the rest loaded on demand), the wheel with a pyc beside
    each module, all with Python 3.14's magic number (build_scripts/pyodide_compile.mjs)."""
    import zipfile

    from build_scripts import pyodide_runtime

    folder = built_site.dir / "pyodide"
    if not (folder / "python_stdlib_rest.zip").is_file():
        pytest.skip("built without Node (or EUCHRE_PYC=0): the runtime is shipped uncompiled")
    magic = bytes.fromhex("2b0e0d0a")  # CPython 3.14 (importlib.util.MAGIC_NUMBER inside Pyodide 314.0.7)
    npm = zipfile.ZipFile(pyodide_runtime.PYODIDE_DIR / "python_stdlib.zip").namelist()
    original = {n.removesuffix(".py") for n in npm if n.endswith(".py")}
    names: set[str] = set()
    for part in ("python_stdlib.zip", "python_stdlib_rest.zip"):
        with zipfile.ZipFile(folder / part) as zf:
            for name in zf.namelist():
                assert not name.endswith(".py"), f"{part}: {name} is a source"
                if name.endswith(".pyc"):
                    assert zf.read(name)[:4] == magic, name
                    names.add(name.removesuffix(".pyc"))
    assert original <= names, sorted(original - names)[:5]  # nothing of the stdlib is lost
    core = zipfile.ZipFile(folder / "python_stdlib.zip").namelist()
    assert "json/__init__.pyc" in core and "_euchre_stdlib_rest.pyc" in core
    rest = zipfile.ZipFile(folder / "python_stdlib_rest.zip").namelist()
    assert "statistics.pyc" not in core and "statistics.pyc" in rest
    wheel = zipfile.ZipFile(next(folder.glob("euchre_core-*.whl")))
    pycs = [n for n in wheel.namelist() if n.endswith(".cpython-314.pyc")]
    sources = [n for n in wheel.namelist() if n.endswith(".py")]
    assert len(pycs) == len(sources) and all(wheel.read(n)[:4] == magic for n in pycs)
