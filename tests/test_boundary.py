"""Issue 11: one validated way in. The decoders (euchre_core/kernel/decode.py) and their use at every
boundary: seats exactly, seeds, bounds, JSON depth and size, paths in the errors, short excerpts,
the card code 0 (the 7 of clubs) never dropped by a truthiness test."""

from __future__ import annotations

import json
from typing import Any

import pytest

from euchre_core.app import lessons, sandbox, web
from euchre_core.formats.cases import load_case
from euchre_core.formats.egn import EgnError, load_egn
from euchre_core.formats.scenario import load_scenario, rule_scenario
from euchre_core.kernel import decode
from euchre_core.kernel.actions import Action
from euchre_core.kernel.cards import Card
from euchre_core.kernel.deal import Deal
from euchre_core.kernel.errors import InputError
from euchre_core.laws.table import form_table
from euchre_core.search.simulate import simulate_hint
from euchre_core.search.solver import solve_position_json

RECORD = Deal.shuffled(3).to_record()
POSITION = {
    "trump": "S",
    "leader": "A",
    "makers": "B",
    "rules": "hoyle2",
    "hands": {"A": ["JS", "AH"], "B": ["JC", "KH"]},
    "tricks_won": {"A": 2, "B": 1},
}
SCENARIO = {"seed": 5, "events": ["B: pass"]}


def _refused(fn: Any, *args: Any, field: str | None = None, **kwargs: Any) -> InputError:
    with pytest.raises(InputError) as e:
        fn(*args, **kwargs)
    if field is not None:
        assert e.value.field == field, (e.value.field, str(e.value))
    assert "\n" not in str(e.value) and len(str(e.value)) < 400
    return e.value


# --------------------------------------------------------------------------- seats exactly


@pytest.mark.parametrize("bad", ["BC", "BCD", "CD", "", " A", "a", "AB", "E", 1, 0, None, True, ["A"], {"A": 1}])
def test_a_seat_is_one_letter_exactly(bad: Any) -> None:
    _refused(decode.seat, bad, "dealer", field="dealer")
    _refused(Deal.replay, dict(RECORD, dealer=bad), field="dealer")
    _refused(load_scenario, dict(SCENARIO, dealer=bad), field="dealer")
    _refused(solve_position_json, dict(POSITION, leader=bad), field="leader")


@pytest.mark.parametrize("entry", ["BC: pass", "BCD: order", ": pass", "E: pass", " : pass"])
def test_a_log_entry_names_one_seat(entry: str) -> None:
    record = dict(RECORD, log=["B: pass", entry])
    _refused(Deal.replay, record, field="log[1]")


@pytest.mark.parametrize("alone", ["", "BC", 0, True])
def test_alone_is_a_seat_or_absent(alone: Any) -> None:
    pos = dict(
        POSITION,
        rules="somerset1888",
        makers="AC",
        alone=alone,
        hands={"A": ["9C"], "B": ["AC"], "D": ["KC"]},
        tricks_won={"AC": 3, "BD": 1},
    )
    _refused(solve_position_json, pos, field="alone")
    _refused(simulate_hint, {"base": "lead-1", "alone": alone}, samples=2, field="alone")


# --------------------------------------------------------------------------- seeds and numbers


@pytest.mark.parametrize("seed", [-7, -1, True, False, 1.5, "7", 2**63, 10**40, None])
def test_seeds_are_whole_numbers_from_zero(seed: Any) -> None:
    _refused(decode.seed, seed, "seed", field="seed")
    _refused(load_scenario, {"seed": seed}, field="seed")
    _refused(sandbox.custom, seed=seed, field="seed")


def test_a_negative_seed_is_not_the_positive_one() -> None:
    from euchre_core.app.cli import main

    assert main(["deal", "--seed", "7"]) == 0
    assert main(["deal", "--seed", "-7"]) == 2


def test_the_dealer_as_a_huge_number_is_refused() -> None:
    _refused(Deal.start, [["JC"] * 5] * 4, "9C", dealer=10**40, field="dealer")
    _refused(load_scenario, {"seed": 1, "dealer": 10**40}, field="dealer")


# --------------------------------------------------------------------------- shapes, depth, sizes, paths


def test_the_error_names_the_path_of_the_bad_value() -> None:
    hands = dict(RECORD["hands"])
    hands["B"] = hands["B"][:3] + [7] + hands["B"][4:]
    _refused(Deal.replay, dict(RECORD, hands=hands), field="hands.B[3]")
    _refused(Deal.replay, dict(RECORD, hands="JC"), field="hands")
    _refused(Deal.replay, dict(RECORD, stock=5), field="stock")
    _refused(Deal.replay, dict(RECORD, log={"a": 1}), field="log")
    events = ["B: pass"] * 12 + [None]
    _refused(load_scenario, dict(SCENARIO, events=events), field="events[12]")
    _refused(solve_position_json, dict(POSITION, trick=[["A", 7]]), field="trick[0]")


def test_non_lists_are_refused_by_the_kernel_constructor() -> None:
    _refused(Deal.start, 5, "9C", field="hands")
    _refused(Deal.start, [["JC"], 3, [], []], "9C", field="hands[1]")
    _refused(Deal.start, [[]] * 4, "9C", stock=7, field="stock")


@pytest.mark.parametrize("depth", [33, 600, 100_000])
def test_deep_nesting_is_refused_without_recursion(depth: int) -> None:
    text = '{"hands": ' + "[" * depth + "]" * depth + "}"
    _refused(decode.loads, text, "FILE", field="FILE")
    with pytest.raises(EgnError):
        load_egn('{"deals": [{"x": ' + "[" * depth + "]" * depth + "}]}")
    answer = json.loads(web.call("euchre_core.app.web.case_step", '{"case_id": ' + "[" * depth + "]" * depth + "}"))
    assert answer["error"]["type"] == "InputError"
    nested: Any = []
    for _ in range(depth if depth < 5000 else 5000):
        nested = [nested]
    _refused(Deal.replay, dict(RECORD, log=nested))
    _refused(rule_scenario, dict(SCENARIO, events=nested))


def test_a_huge_field_is_echoed_as_a_short_excerpt() -> None:
    big = "x" * 5_000_000
    e = _refused(Deal.replay, dict(RECORD, dealer=big), field="dealer")
    assert len(str(e)) < 200
    e = _refused(decode.text, big, "title", max_len=500)
    assert len(str(e)) < 200
    out = json.loads(web.call("euchre_core.app.web.case_step", {"case_id": big}))
    assert len(out["error"]["message"]) < 300


def test_case_ids_are_never_paths() -> None:
    for bad in ("x" * 300, "../../etc/passwd", "../cases/I", "I/../I", "\x00", 5.5, None, ["I"]):
        _refused(load_case, bad, field="case")
        out = json.loads(web.call("euchre_core.app.web.case_step", {"case_id": bad, "step": 0}))
        assert out["error"]["type"] == "InputError", bad
    assert load_case("v")["id"] == "V" and load_case(5)["id"] == "V"


def test_table_names_are_bounded() -> None:
    _refused(form_table, [f"p{i}" for i in range(40)], field="candidates")
    _refused(form_table, ["a", "b", "c", 4], field="candidates[3]")
    _refused(form_table, ["a", "b", "c", "d"], seed=-1, field="seed")
    assert len(form_table([f"p{i}" for i in range(32)], seed=1).players) == 4


# --------------------------------------------------------------------------- bounds on work


def test_bounds_on_what_a_reader_can_drive() -> None:
    from euchre_core.app.cli import MAX_GAMES, main

    assert main(["bench", "--games", str(MAX_GAMES + 1)]) == 2
    _refused(simulate_hint, "second-3", samples=10**9, field="samples")
    _refused(simulate_hint, "second-3", samples=True, field="samples")
    _refused(simulate_hint, "second-3", samples=3, seed=-1, field="seed")
    too_many = json.loads(web.call("euchre_core.app.hint_words.hint_rerun", {"spec_or_id": "second-3", "samples": 401}))
    assert too_many["error"]["field"] == "samples"
    _refused(
        simulate_hint, {"base": "second-3", "others": {"A": {"min_trumps": 9}}}, samples=2, field="others.A.min_trumps"
    )
    _refused(lessons.table_new, seed=1, strength=10**6, field="strength")
    record = lessons.table_new(seed=1)["record"]
    _refused(lessons.table_engine, dict(record, strength=10**6), field="record.strength")
    _refused(
        lessons.table_view, dict(record, actions=["pass"] * (lessons.MAX_TABLE_ACTIONS + 1)), field="record.actions"
    )
    _refused(load_scenario, dict(SCENARIO, events=["B: pass"] * (decode.MAX_LOG + 1)), field="events")
    _refused(sandbox.act, 52, ["B: pass"], "x" * 201, field="event")


# --------------------------------------------------------------------------- the 7 of clubs is card 0


def test_law_62_the_seven_of_clubs_can_be_played_on_the_learn_table() -> None:
    """Card code 0 is the 7 of clubs: a truthiness test dropped it from the table's legal cards."""
    assert Card.parse("7C") == 0
    record = {"seed": 1, "seat": "C", "strength": "easy", "actions": ["order", "stay", "discard 7H", "play JD"]}
    view = lessons.table_view(record)
    assert view["your_turn"] and "7C" in view["hand"]
    seven = [e for e in view["legal"] if e["action"] == "play 7C"]
    assert seven and seven[0]["card"] == "7C"
    after = lessons.table_act(record, "play 7C")
    assert ["C", "7C"] in after["trick"] or after["last_trick"] and ["C", "7C"] in after["last_trick"]["cards"]


def test_a_called_seven_of_clubs_is_named() -> None:
    d = Deal.shuffled(1)
    assert d.describe_action(0, Action("callcard", card=Card.parse("7C"))) == "A calls the 7 of clubs"


# --------------------------------------------------------------------------- nothing changed by a failed call


def test_a_failed_call_leaves_its_input_unchanged() -> None:
    v = sandbox.start(52)
    events = list(v["events"])
    bad = sandbox.act(52, v["events"], "B: play XX")
    assert bad["error"] and v["events"] == events
    record = dict(RECORD, log=list(RECORD["log"]) + ["Q: pass"])
    before = json.dumps(record)
    _refused(Deal.replay, record)
    assert json.dumps(record) == before


def test_the_opponents_strength_is_bounded() -> None:
    from euchre_core.search import opponent

    for bad in (10**6, opponent.MAX_STRENGTH + 1, 0, True, 2.5):
        _refused(opponent.choose, Deal.shuffled(1), strength=bad, field="strength")


def test_the_kernel_constructors_refuse_wrong_types() -> None:
    _refused(Deal.position, 5, "C", maker=0, field="hands")
    _refused(Deal.position, [["JC"], ["TD"], ["9S"], ["8H"]], 5, maker=0, field="trump")
    _refused(Deal.position, [["JC"], ["TD"], ["9S"], ["8H"]], "C", maker=10**40, field="maker")
    _refused(Deal.position, [["JC"], ["TD"], ["9S"], ["8H"]], "C", maker=0, won=[0, 0, 0, 9], field="won[3]")
    for seed in (-7, True, 1.5, "7"):
        _refused(Deal.shuffled, seed, field="seed")


# --------------------------------------------------------------------------- byte order marks, empty files, rule names


def _cli(argv: list[str]) -> tuple[int, str, str]:
    import contextlib
    import io

    from euchre_core.app.cli import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(argv)
    return code, out.getvalue(), err.getvalue()


def test_a_byte_order_mark_is_dropped_alike_by_the_command_line_and_load_egn(tmp_path: Any) -> None:
    """One behaviour (docs/engine.md, "Bad input and the bounds"): one leading UTF-8 byte order mark is
    dropped, by ``load_egn`` (text or bytes) and by every file the command line reads; two are refused."""
    from euchre_core.app import egn_view
    from euchre_core.formats.egn import replay_json

    text = egn_view.example_egn(deals=2)
    want = replay_json(load_egn(text))
    assert replay_json(load_egn("\ufeff" + text)) == want
    assert replay_json(load_egn(b"\xef\xbb\xbf" + text.encode())) == want
    assert egn_view.egn_open("\ufeff" + text)["deals"] == egn_view.egn_open(text)["deals"]
    plain, bom, twice = tmp_path / "plain.egn", tmp_path / "bom.egn", tmp_path / "twice.egn"
    plain.write_text(text, encoding="utf-8")
    bom.write_bytes(b"\xef\xbb\xbf" + text.encode())
    twice.write_bytes(b"\xef\xbb\xbf" * 2 + text.encode())
    code, out, err = _cli(["replay", str(bom), "--json"])
    assert (code, err) == (0, "") and json.loads(out) == json.loads(_cli(["replay", str(plain), "--json"])[1])
    assert json.loads(out) == json.loads(json.dumps(want))
    with pytest.raises(EgnError):
        load_egn("\ufeff\ufeff" + text)
    code, _, err = _cli(["replay", str(twice)])
    assert code == 2 and err.startswith("euchre: FILE: not JSON")


def test_load_egn_counts_utf8_bytes_and_drops_one_byte_order_mark_from_bytes_too(tmp_path: Any) -> None:
    """Issue 37: the ``text`` bound is 1,000,000 bytes of UTF-8. ``load_egn`` counted characters, so a
    record of 2-byte characters (each string within its own bound) passed at about 2 MB; and from bytes
    it dropped two byte order marks (one by the decoder, one more from the text). The Replay page's text
    (egn_view) and the command line (``replay``, bytes read up to the bound) count bytes alike."""
    from euchre_core.app import egn_view
    from euchre_core.kernel.limits import limit

    most = limit("text")
    text = egn_view.example_egn(deals=1)
    chunks = ["é" * 5000] * ((most - len(text)) // 10000 + 1)  # 2 bytes a character
    over = text[:-1] + ', "notes": ' + json.dumps(chunks, ensure_ascii=False) + text[-1]
    assert len(over) < most < len(over.encode())
    for source in (over, over.encode()):
        e = _refused(load_egn, source, field="file")
        assert "1,000,000 bytes" in str(e)
    _refused(egn_view.egn_open, over, field="text")
    at = text[:-1] + ', "notes": ' + json.dumps(["é" * 5000] * 2, ensure_ascii=False) + text[-1]
    at += " " * (most - len(at.encode()))  # exactly at the bound, in bytes
    assert len(at.encode()) == most and load_egn(at).deals and load_egn(at.encode()).deals
    _refused(load_egn, b"\xef\xbb\xbf" * 2 + text.encode(), field="file")  # two marks: not JSON
    assert load_egn(b"\xef\xbb\xbf" + text.encode()).deals
    path = tmp_path / "over.egn"
    path.write_bytes(over.encode())
    code, out, err = _cli(["replay", str(path)])
    assert (code, out) == (2, "") and err.startswith("euchre: FILE: larger than")
    # a lone surrogate (a JSON escape can carry one) is counted, not a UnicodeEncodeError
    answer = json.loads(web.call("euchre_core.app.egn_view.egn_open", '{"text": "\\ud800"}'))
    assert answer["ok"] is False and answer["error"]["type"] in ("EgnError", "InputError")
    _refused(egn_view.egn_open, "\ud800" + text)


def test_nothing_to_replay_is_said_and_fails(tmp_path: Any) -> None:
    """``replay`` of a file without deals ends with status 2 and says so (it printed nothing and exited 0);
    the Replay page says the same of an EGN record without deals."""
    from euchre_core.app import egn_view

    for doc in ({"deals": []}, {"fileType": "Euchre Game Notation", "deals": []}):
        path = tmp_path / "empty.json"
        path.write_text(json.dumps(doc), encoding="utf-8")
        code, out, err = _cli(["replay", str(path)])
        assert (code, out, err) == (2, "", "euchre: deals: nothing to replay: the file lists no deals\n")
    empty = json.dumps({"fileType": "Euchre Game Notation", "deals": []})
    assert (
        _refused(egn_view.egn_open, empty, field="deals")
        .args[0]
        .endswith("nothing to replay: the record lists no deals")
    )


@pytest.mark.parametrize("name", ["somerset1888+", "somerset1888+jokers", "somerset1888++joker", "+joker", "hoyle2+"])
def test_an_unknown_rules_name_is_refused_naming_the_field(name: str) -> None:
    from euchre_core.kernel.rules import RulesError, rules_by_name

    with pytest.raises(RulesError):
        rules_by_name(name)
    code, out, err = _cli(["deal", "--seed", "1", "--rules", name])
    assert code == 2 and out == "" and err.startswith("euchre: --rules: ") and "+joker" in err
    _refused(Deal.replay, dict(RECORD, rules=name), field="rules")
    _refused(load_scenario, dict(SCENARIO, rules=name), field="rules")
    _refused(solve_position_json, dict(POSITION, rules=name), field="rules")
    base = name.partition("+")[0]
    if base:  # the same rule set with the one option there is, +joker, is accepted
        assert rules_by_name(base + "+joker").pack_size == 33


# --------------------------------------------------------------------------- one table of bounds


def test_the_docs_table_of_bounds_is_the_engines_table() -> None:
    """docs/engine.md's bounds are euchre_core.kernel.limits.LIMITS, row for row."""
    from conftest import REPO_ROOT

    from euchre_core.kernel.limits import markdown_table

    doc = (REPO_ROOT / "docs" / "engine.md").read_text(encoding="utf-8")
    section = doc.split("\n## Bad input and the bounds\n", 1)[1].split("\n## ", 1)[0]
    rows = "".join(line + "\n" for line in section.splitlines() if line.startswith("|"))
    assert rows == markdown_table(), "docs/engine.md's table should be:\n" + markdown_table()


def test_every_enforcing_site_reads_the_table() -> None:
    from euchre_core.app import cli, egn_view, sandbox, table_view
    from euchre_core.formats import scenario
    from euchre_core.kernel.limits import LIMITS, limit
    from euchre_core.search import opponent, simulate

    assert (decode.MAX_TEXT_BYTES, decode.MAX_DEPTH, decode.MAX_STRING, decode.MAX_ITEMS) == (
        limit("text"),
        limit("depth"),
        limit("string"),
        limit("items"),
    )
    assert (decode.MAX_NODES, decode.MAX_SEED, decode.MAX_LOG, decode.EXCERPT) == (
        limit("nodes"),
        limit("seed"),
        limit("log"),
        limit("excerpt"),
    )
    assert egn_view.MAX_EGN_BYTES == limit("text") and egn_view.MAX_BRANCHES == limit("egn_branches")
    assert (web.MAX_SNIPPET, web.MAX_OUTPUT) == (limit("snippet"), limit("output"))
    assert web.BROWSER_TEXT["euchre_core.app.web.run_snippet"] == limit("snippet")
    assert web.BROWSER_TEXT["euchre_core.app.egn_view.egn_open"] == limit("text")
    assert web.BROWSER_LIMITS["euchre_core.app.hint_words.hint_rerun"]["samples"] == limit("samples_page")
    assert (cli.MAX_GAMES, scenario.MAX_EVENT, lessons.MAX_TABLE_ACTIONS) == (
        limit("bench_games"),
        limit("event"),
        limit("table_actions"),
    )
    assert (sandbox.MAX_OPS, sandbox.MAX_NAME, sandbox.MAX_TABLES, sandbox.MAX_CANDIDATES) == (
        limit("sandbox_ops"),
        limit("name"),
        limit("sandbox_tables"),
        limit("candidates"),
    )
    assert (lessons.MAX_ANSWER, table_view.MAX_READER_CARDS, opponent.MAX_STRENGTH) == (
        limit("answer"),
        limit("reader_cards"),
        limit("strength"),
    )
    # search/simulate.py keeps its own constant (another change is under way there): equal, checked here
    assert simulate.MAX_SAMPLES == limit("samples")
    assert simulate.MAX_DRAWS == limit("draws")  # simulate.py is in the hint figures' fingerprint: checked, not read
    assert simulate.MAX_WORK == limit("work")
    assert all(v.value > 0 and v.unit and v.bounds for v in LIMITS.values())


def test_the_replay_pages_bounds_are_the_engines() -> None:
    """egn-replay.mjs checks a file, a paste and a link before Python: with the engine's numbers."""
    import re

    from conftest import REPO_ROOT

    from euchre_core.kernel.limits import limit

    js = (REPO_ROOT / "docs" / "javascripts" / "egn-replay.mjs").read_text(encoding="utf-8")
    found = dict(re.findall(r"^const (MAX_RECORD_BYTES|MAX_LINK_CHARS) = (\d+);$", js, re.M))
    assert found == {"MAX_RECORD_BYTES": str(limit("text")), "MAX_LINK_CHARS": str(limit("link"))}
    assert not re.search(
        r"\b(2000000|200000|1000000)\b", js.replace(f"= {limit('text')};", "").replace(f"= {limit('link')};", "")
    )


def test_the_console_takes_the_documented_snippet_directly_and_through_the_page() -> None:
    """20,000 characters, as documented: decode.MAX_STRING (10,000) no longer cuts it through web.call."""
    from euchre_core.kernel.limits import limit

    most = "#" + "x" * (limit("snippet") - 3) + "\n1"
    assert len(most) == limit("snippet")
    assert web.run_snippet(most)["output"] == "1\n"
    for kwargs in ({"code": most}, json.dumps({"code": most})):
        answer = json.loads(web.call("euchre_core.app.web.run_snippet", kwargs))
        assert answer["ok"] and answer["result"]["output"] == "1\n"
    _refused(web.run_snippet, most + "x", field="code")
    for kwargs in ({"code": most + "x"}, json.dumps({"code": most + "x"})):
        answer = json.loads(web.call("euchre_core.app.web.run_snippet", kwargs))
        assert answer["error"]["type"] == "InputError" and "20000" in answer["error"]["message"]


def test_an_egn_record_of_the_documented_size_opens_everywhere_and_one_byte_more_nowhere(tmp_path: Any) -> None:
    """1,000,000 bytes: the Replay page's Python (directly and through web.call), load_egn and the CLI
    agree (the page said 2 MB and the engine read 1,000,000 characters)."""
    from euchre_core.app import egn_view
    from euchre_core.kernel.limits import limit

    text = egn_view.example_egn(deals=1)
    most = text[:-1] + " " * (limit("text") - len(text.encode())) + text[-1]
    assert len(most.encode()) == limit("text")
    over = most[:-1] + " " + most[-1]
    assert len(egn_view.egn_open(most)["deals"]) == 1 and len(load_egn(most).deals) == 1
    answer = json.loads(web.call("euchre_core.app.egn_view.egn_open", json.dumps({"text": most})))
    assert answer["ok"], answer
    _refused(egn_view.egn_open, over, field="text")
    answer = json.loads(web.call("euchre_core.app.egn_view.egn_open", json.dumps({"text": over})))
    assert answer["error"]["field"] in ("text", "kwargs.text"), answer
    with pytest.raises(EgnError):
        load_egn(over)
    path = tmp_path / "most.egn"
    path.write_text(most, encoding="utf-8")
    assert _cli(["replay", str(path)])[0] == 0
    path.write_text(over, encoding="utf-8")
    code, _, err = _cli(["replay", str(path)])
    assert code == 2 and f"larger than {limit('text')} bytes" in err
