"""euchre_core.app.web (what the site's widgets ask the engine) and the browser's runtime files in the site."""

from __future__ import annotations

import base64
import gzip
import hashlib
import io
import json
import re
import sys
import zipfile

import pytest
from conftest import REPO_ROOT, BuiltSite

from build_scripts import pyodide_runtime
from euchre_core.app import web
from euchre_core.formats.cases import list_cases, replay_case
from euchre_core.kernel.errors import IllegalAction, InputError
from euchre_core.search.completion import complete_case

SEATS = "ABCD"


@pytest.mark.parametrize("case_id", list_cases())
def test_case_step_follows_the_books_line_at_every_step(case_id: str) -> None:
    """Every step of the case played to its end: the book's cards, then the engine's."""
    book = replay_case(case_id)
    completed = complete_case(case_id)
    rep = completed.replay
    cards = [(seat, card) for trick in rep.deal.tricks for seat, card in trick.cards]
    assert rep.deal.is_over and len(rep.deal.tricks) == 5
    assert rep.deal.log[: len(book.deal.log)] == book.deal.log  # the book's line comes first
    assert list(completed.sources[: len(book.states)]) == ["book"] * len(book.states)
    first = web.case_step(case_id, 0)
    assert first["book_steps"] == completed.sources.count("book") >= len(book.states)
    assert first["steps"] == len(cards) == len(rep.states)
    ends = first["trick_ends"]
    assert ends == [sum(len(t.cards) for t in rep.deal.tricks[: i + 1]) for i in range(len(rep.deal.tricks))]
    remarks_seen: set[str] = set()
    for step in range(len(cards) + 1):
        s = web.case_step(case_id, step)
        json.dumps(s)  # JSON all the way
        assert s["step"] == step and s["case"] == case_id
        deal = rep.states[step] if step < len(cards) else rep.deal
        held = sum(len(h) for h in s["hands"].values())
        assert held == sum(len(deal.hand(i)) for i in range(4))
        remarks_seen.update(s["remarks"])
        if step < len(cards):
            seat, card = cards[step]
            assert s["card_source"] == completed.sources[step]
            assert s["to_move"] == SEATS[seat]
            assert s["book_card"] == str(card)
            assert str(card) in s["legal"]
            assert set(s["legal"]) == {str(a.card) for a in deal.legal_actions()}
            assert set(s["legal"]) <= set(s["hands"][SEATS[seat]])
        else:
            assert s["to_move"] is None and s["legal"] == [] and s["book_card"] is None
        if step in ends and step:
            number = ends.index(step) + 1
            trick = rep.deal.tricks[number - 1]
            assert s["trick"]["number"] == number
            assert s["trick"]["winner"] == SEATS[trick.winner]
            assert f"{SEATS[trick.winner]} wins trick {number}" in s["announce"]
        elif step:
            seat, card = cards[step - 1]
            assert s["announce"] == f"{SEATS[seat]} plays the {card.long_name()}."
            assert s["trick"]["winner"] is None
        assert all(code in s["cards"] for cards_ in s["hands"].values() for code in cards_)
    last = web.case_step(case_id, len(cards))
    if rep.deal.is_over:
        assert last["result"]["tricks_won"] == dict(zip(("AC", "BD"), rep.deal.tricks_won_by_side(), strict=True))
    else:
        assert last["result"] is None and "narration stops" in last["announce"]
    assert {r["text"] for r in rep.data.get("remarks", [])} <= remarks_seen, "every remark of the book is shown"


def test_case_step_rejects_a_bad_step_or_case() -> None:
    with pytest.raises(InputError) as info:
        web.case_step("I", 21)
    assert info.value.field == "step"
    with pytest.raises(InputError):
        web.case_step("I", -1)
    with pytest.raises(InputError) as info:
        web.case_step("XX", 0)
    assert info.value.field == "case_id"  # the argument's name


def test_what_if_case_i_a_over_trumps_and_is_euchred() -> None:
    w = web.what_if("I", 3, "JC")
    assert w["seat"] == "A" and w["card"] == "JC" and w["book_card"] == "8S"
    assert w["line"][0]["cards"] == [["B", "JD"], ["C", "7D"], ["D", "TC"], ["A", "JC"]]
    assert [t["number"] for t in w["line"]] == [1, 2, 3, 4, 5]
    assert w["result"]["euchred"] and w["result"]["text"] == "A–C are euchred: B–D take 3 tricks"
    assert w["result"]["points"] == {"AC": 0, "BD": 2}
    assert w["book"]["text"] == "A–C make their point: they take 4 tricks" and w["book"]["complete"]
    json.dumps(w)


def test_what_if_plays_the_solvers_value() -> None:
    from euchre_core.kernel.actions import Action
    from euchre_core.search.solver import solve

    for case_id in ("V", "VIII"):
        rep = replay_case(case_id)
        for step in (0, 2, 5):
            deal = rep.states[step]
            values = solve(deal).moves
            for card, value in values.items():
                w = web.what_if(case_id, step, card)
                assert w["result"]["makers_tricks"] == value, (case_id, step, card)
                assert solve(deal.apply(Action.parse(f"play {card}"))).maker_tricks == value


def test_what_if_an_illegal_card_cites_the_law() -> None:
    with pytest.raises(IllegalAction) as info:
        web.what_if("I", 1, "QS")  # C must follow diamonds
    assert info.value.laws == (62,)
    assert "You must follow suit" in str(info.value) and "(law 62)" in str(info.value)
    with pytest.raises(IllegalAction):
        web.what_if("I", 1, "AS")  # C does not hold it
    with pytest.raises(InputError) as bad:
        web.what_if("I", 1, "XX")
    assert bad.value.field == "card"
    with pytest.raises(InputError):
        web.what_if("I", 20, "AH")  # the end: nothing to change


def test_what_if_where_the_book_stops() -> None:
    rep = replay_case("IV")
    step = len(rep.states) - 1
    card = web.case_step("IV", step)["legal"][0]
    w = web.what_if("IV", step, card)
    assert not w["book"]["complete"]
    assert w["book"]["text"] == (
        "the book narrates 2 tricks and the engine plays the rest: A–C are euchred: B–D take 3 tricks"
    )
    assert sum(w["result"]["tricks_won"].values()) == 5


def test_run_snippet() -> None:
    r = web.run_snippet(
        'from euchre_core.formats.cases import replay_case\nprint(replay_case("I").deal.tricks_won_by_side())'
    )
    assert r == {"ok": True, "output": "(4, 1)\n", "error": None, "laws": [], "field": None}
    assert web.run_snippet("Card.parse('JC')")["output"] == "Card('JC')\n"
    bad = web.run_snippet('Card.parse("XX")')
    assert not bad["ok"] and bad["error"].startswith("not a card: 'XX'")
    illegal = web.run_snippet('from euchre_core.app.web import what_if\nwhat_if("I", 1, "QS")')
    assert illegal["laws"] == [62] and "You must follow suit" in illegal["error"]
    field = web.run_snippet('Deal.start([[]] * 4, "9C")')
    assert field["field"] == "hands" and field["error"].startswith("hands: ")
    crash = web.run_snippet("x = 1\n\n1 / 0")
    assert crash["error"] == "ZeroDivisionError: division by zero (line 3)" and "Traceback" not in crash["error"]
    assert web.run_snippet("print('a')\nraise SystemExit(3)")["output"] == "a\n"
    fresh = web.run_snippet("x")
    assert "NameError" in fresh["error"], "each snippet runs in a fresh namespace"
    long = web.run_snippet("print('x' * 100000)")
    assert len(long["output"]) < 21_000 and "more characters not shown" in long["output"]
    with pytest.raises(InputError):
        web.run_snippet(None)  # type: ignore[arg-type]


def test_call_only_reaches_the_browser_api() -> None:
    ok = json.loads(web.call("euchre_core.app.web.case_step", {"case_id": "I", "step": 0}))
    assert ok["ok"] and ok["result"]["to_move"] == "B"
    # public functions of the engine that the widgets do not call are refused like anything else
    for name in (
        "os.system",
        "euchre_core",
        "euchre_core.app.web._replay",
        "euchre_core.app.web.json.loads",
        "euchre_core.kernel.cards.Card",
        "euchre_core.nothing.here",
        "builtins.eval",
        "euchre_core.kernel.cards.parse_cards",
        "euchre_core.formats.cases.load_case",
        "euchre_core.search.simulate.load_specs",
        "euchre_core.app.web.call",
        None,
        7,
        ["x"],
    ):
        answer = json.loads(web.call(name, {}))  # type: ignore[arg-type]
        assert not answer["ok"] and answer["error"]["field"] == "name", name
    bad_json = json.loads(web.call("euchre_core.app.web.case_step", "{not json"))
    assert bad_json["error"]["field"] == "kwargs"
    wrong = json.loads(web.call("euchre_core.app.web.case_step", {"nope": 1}))
    assert wrong["error"]["type"] == "InputError" and wrong["error"]["field"] == "kwargs"
    assert "\n" not in wrong["error"]["message"]
    deep = json.loads(web.call("euchre_core.app.web.case_step", '{"case_id": ' + "[" * 5000 + "]" * 5000 + "}"))
    assert deep["error"]["type"] == "InputError" and deep["error"]["field"] == "kwargs"
    not_listed = json.loads(web.call("euchre_core.formats.cases.list_cases", None))  # public, but no widget's
    assert not not_listed["ok"] and not_listed["error"]["field"] == "name"


def test_every_name_of_the_browser_api_is_a_function_the_widgets_call() -> None:
    import re
    from pathlib import Path

    js = "\n".join(
        p.read_text(encoding="utf-8")
        for p in (Path(web.__file__).parents[2] / "docs" / "javascripts").iterdir()
        if p.suffix in (".js", ".mjs")
    )
    called = set(re.findall(r'"(euchre_core\.[a-z_]+\.[a-z_]+\.[a-z_]+)"', js))
    called |= {"euchre_core.app.lessons." + n for n in re.findall(r'call\("([a-z_]+)"', js)}
    for name in web.BROWSER_API:
        assert callable(web._resolve(name)), name
        assert name in called, f"{name} is in BROWSER_API but no widget calls it"
    assert called <= web.BROWSER_API


def test_a_keyboard_interrupt_in_a_snippet_stays_in_the_console() -> None:
    out = web.run_snippet("raise KeyboardInterrupt")
    assert not out["ok"] and out["error"].startswith("KeyboardInterrupt")
    answer = json.loads(web.call("euchre_core.app.web.run_snippet", {"code": "raise KeyboardInterrupt"}))
    assert answer["ok"] and not answer["result"]["ok"]


BASE_EXCEPTIONS = {
    "raise GeneratorExit": "GeneratorExit",
    "raise GeneratorExit('bye')": "GeneratorExit: bye",
    "raise KeyboardInterrupt": "KeyboardInterrupt",
    "raise SystemExit(3)": "SystemExit: 3",
    "import sys\nsys.exit('stop')": "SystemExit: stop",
    "def g():\n    yield 1\nx = g()\nnext(x)\nx.throw(GeneratorExit)": "GeneratorExit",
    "class Mine(BaseException):\n    pass\nraise Mine('m')": "Mine: m",
    "class Mute(Exception):\n    def __str__(self):\n        raise GeneratorExit\nraise Mute()": "Mute: (its message cannot be shown)",
}
if sys.version_info >= (3, 11):  # exception groups
    BASE_EXCEPTIONS |= {
        "raise BaseExceptionGroup('g', [GeneratorExit()])": "BaseExceptionGroup: g (1 sub-exception)",
        "raise BaseExceptionGroup('g', [KeyboardInterrupt(), ValueError()])": "BaseExceptionGroup: g (2 sub-exceptions)",
        "raise ExceptionGroup('g', [ValueError('v')])": "ExceptionGroup: g (1 sub-exception)",
    }


@pytest.mark.parametrize("code", sorted(BASE_EXCEPTIONS))
def test_a_base_exception_in_a_snippet_is_the_snippets_error(code: str) -> None:
    """GeneratorExit, an exception group wrapping one, KeyboardInterrupt, SystemExit, a snippet's own
    BaseException (and an exception whose message itself raises) never escape run_snippet."""
    stdout, stderr = sys.stdout, sys.stderr
    out = web.run_snippet("print('before')\n" + code)
    assert sys.stdout is stdout and sys.stderr is stderr
    assert out["ok"] is False and out["output"] == "before\n"
    assert out["error"].startswith(BASE_EXCEPTIONS[code] + " (line "), out["error"]
    assert "\n" not in out["error"] and "Traceback" not in out["error"]
    answer = json.loads(web.call("euchre_core.app.web.run_snippet", {"code": code}))
    assert answer["ok"] and answer["result"]["error"].startswith(BASE_EXCEPTIONS[code])


# --------------------------------------------------------------------------- the runtime in the site


def test_the_wheel_is_a_valid_pure_python_wheel() -> None:
    name, data = pyodide_runtime.build_wheel()
    version = pyodide_runtime.engine_version()
    assert name == f"euchre_core-{version}-py3-none-any.whl"
    zf = zipfile.ZipFile(io.BytesIO(data))
    names = zf.namelist()
    info = f"euchre_core-{version}.dist-info"
    assert {f"{info}/METADATA", f"{info}/WHEEL", f"{info}/RECORD"} <= set(names)
    assert "Tag: py3-none-any" in zf.read(f"{info}/WHEEL").decode()
    assert not [n for n in names if "__pycache__" in n or n.endswith(".pyc")]
    sources = {
        p.relative_to(REPO_ROOT).as_posix()
        for p in (REPO_ROOT / "euchre_core").rglob("*.py")
        if "__pycache__" not in p.parts
    }
    assert sources <= set(names)
    assert "euchre_core/data/cases/I.json" in names
    record = zf.read(f"{info}/RECORD").decode().splitlines()
    assert len(record) == len(names)
    for line in record:
        path, digest, size = line.rsplit(",", 2)
        if path.endswith("RECORD"):
            continue
        content = zf.read(path)
        assert int(size) == len(content)
        assert digest == "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(content).digest()).rstrip(b"=").decode()


def test_the_site_holds_only_the_runtime_the_browser_needs(built_site: BuiltSite) -> None:
    folder = built_site.dir / "pyodide"
    files = sorted(p.name for p in folder.iterdir())
    wheels = [f for f in files if f.endswith(".whl")]
    assert len(wheels) == 1 and re.fullmatch(r"euchre_core-[0-9][^-]*-py3-none-any\.whl", wheels[0])
    compiled = "python_stdlib_rest.zip" in files  # pre-compiled (tests/test_precompute.py checks it)
    extra = ("pyodide-lock.json",) + (("python_stdlib_rest.zip",) if compiled else ())
    gzipped = tuple(f"{name}.gz" for name in pyodide_runtime.GZIPPED_FILES)
    assert sorted(set(files) - set(wheels)) == sorted(pyodide_runtime.RUNTIME_FILES + extra + gzipped)
    for name in pyodide_runtime.GZIPPED_FILES:  # the compressed copies hold exactly the plain files
        assert gzip.decompress((folder / f"{name}.gz").read_bytes()) == (folder / name).read_bytes()
    lock = json.loads((folder / "pyodide-lock.json").read_text(encoding="utf-8"))
    full = json.loads((REPO_ROOT / "node_modules/pyodide/pyodide-lock.json").read_text(encoding="utf-8"))
    assert lock["info"] == full["info"]
    assert list(lock["packages"]) == ["euchre-core"]
    entry = lock["packages"]["euchre-core"]
    assert entry["file_name"] == wheels[0]
    assert entry["sha256"] == hashlib.sha256((folder / wheels[0]).read_bytes()).hexdigest()
    package = json.loads((REPO_ROOT / "package.json").read_text(encoding="utf-8"))
    assert package["dependencies"]["pyodide"] == "314.0.7", "pinned exactly"
    installed = json.loads((REPO_ROOT / "node_modules/pyodide/package.json").read_text(encoding="utf-8"))
    assert installed["version"] == "314.0.7"
    for name in pyodide_runtime.RUNTIME_FILES:
        if not (compiled and name == "python_stdlib.zip"):
            assert (folder / name).read_bytes() == (REPO_ROOT / "node_modules/pyodide" / name).read_bytes()


def test_the_runtime_asks_no_other_host(built_site: BuiltSite) -> None:
    """Pyodide's only outside address is its CDN default, used when no packageBaseUrl is given: ours is."""
    urls = set()
    for path in (built_site.dir / "pyodide").glob("*.mjs"):
        urls |= set(re.findall(r"https?://[^\s\"'`<>()\\]+", path.read_text(encoding="utf-8", errors="replace")))
    assert urls <= {"https://cdn.jsdelivr.net/pyodide/v${U}/full/", "https://${t}"}, urls
    source = (REPO_ROOT / "docs" / "javascripts" / "engine-worker.mjs").read_text(encoding="utf-8")
    assert "packageBaseUrl: RUNTIME.href" in source and "import.meta.url" in source
    worker = (built_site.dir / "javascripts" / "engine-worker.mjs").read_text(encoding="utf-8")  # minified
    assert re.search(r"packageBaseUrl:\s*\w+\.href", worker) and "import.meta.url" in worker
    for path in (built_site.dir / "javascripts").glob("*.mjs"):
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"https?://", text), path.name
        assert not re.search(r"""(new URL|fetch|import)\(["']/""", text), path.name


def test_pyodide_runtime_doctests() -> None:
    import doctest

    assert doctest.testmod(pyodide_runtime).failed == 0


def test_case_step_carries_the_solvers_evaluation():
    from euchre_core.app.web import case_step
    from euchre_core.search.analysis import case_analysis

    line = case_analysis("I")["dd"]
    for step in range(len(line)):
        assert case_step("I", step)["dd"]["makers_tricks"] == line[step]
    s = case_step("I", 3)  # D's ruff with the ten of clubs: not best play
    assert s["dd"]["before"] == 2 and s["dd"]["makers_tricks"] == 4
