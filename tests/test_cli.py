"""The command line's exact forms (`python3 -m euchre_core ...`), run as a user would."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def run(*args: str, ok: bool = True) -> subprocess.CompletedProcess:
    p = subprocess.run(
        [sys.executable, "-m", "euchre_core", *args], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    if ok:
        assert p.returncode == 0, p.stderr
    return p


def test_deal_prints_four_hands_and_the_turn_up():
    out = run("deal", "--seed", "5").stdout
    assert out.count("\n") >= 5 and "Turn-up" in out and "A (dealer)" in out


@pytest.mark.parametrize("rules", ["somerset1888", "washington1877", "hoyle2", "hoyle3", "hoyle4", "modern24"])
def test_play_random_json_for_every_rule_set(rules):
    data = json.loads(run("play", "--seed", "9", "--rules", rules, "--random", "--json").stdout)
    deal = data["deals"][0]
    assert {"tricks", "makers", "alone", "tricks_won", "points"} <= set(deal)


def test_replay_of_a_saved_log_round_trips(tmp_path):
    data = json.loads(run("play", "--seed", "3", "--random", "--json").stdout)
    f = tmp_path / "log.json"
    f.write_text(json.dumps(data["record"]))
    again = json.loads(run("replay", str(f), "--json").stdout)
    assert again["deals"][0] == data["deals"][0]


@pytest.mark.parametrize("rules", ["somerset1888", "hoyle3"])
def test_replay_reads_what_play_json_writes(tmp_path, rules):
    written = run("play", "--seed", "3", "--rules", rules, "--random", "--json").stdout
    f = tmp_path / "play.json"
    f.write_text(written)
    again = json.loads(run("replay", str(f), "--json").stdout)
    assert again["deals"] == json.loads(written)["deals"]
    assert "Deal 1:" in run("replay", str(f)).stdout


def test_case_json_form():
    data = json.loads(run("case", "I", "--json").stdout)
    deal = data["deals"][0]
    assert deal["makers"] == "AC" and deal["alone"] is None
    assert [t["winner"] for t in deal["tricks"]] == ["D", "A", "A", "A", "A"]
    first = deal["tricks"][0]
    assert {k: first[k] for k in ("leader", "cards", "winner")} == {
        "leader": "B",
        "cards": [["B", "JD"], ["C", "7D"], ["D", "TC"], ["A", "8S"]],
        "winner": "D",
    }
    assert first["plays"][0] == {"seat": "B", "card": "JD", "source": "book"} and first["source"] == "book"
    assert deal["tricks_won"] == {"AC": 4, "BD": 1} and deal["points"] == {"AC": 1, "BD": 0}
    assert deal["engine_cards"] == 0 and deal["narration_complete"] is True
    assert isinstance(data["errata"], list)


# The book's stated result of each case (outcome, remarks): all nine played to five tricks score as the book says.
BOOK_RESULTS = {
    "I": ("AC", 4, {"AC": 1, "BD": 0}),
    "II": ("AC", 3, {"AC": 1, "BD": 0}),
    "III": ("AC", 5, {"AC": 2, "BD": 0}),
    "IV": ("AC", 2, {"AC": 0, "BD": 2}),
    "V": ("AC", 2, {"AC": 0, "BD": 2}),
    "VI": ("AC", 2, {"AC": 0, "BD": 2}),
    "VII": ("AC", 2, {"AC": 0, "BD": 4}),
    "VIII": ("BD", 2, {"AC": 2, "BD": 0}),
    "IX": ("AC", 2, {"AC": 0, "BD": 4}),
}


@pytest.mark.parametrize("case_id", list(BOOK_RESULTS))
def test_every_case_json_gives_the_whole_deal_and_the_books_result(case_id):
    deal = json.loads(run("case", case_id, "--json").stdout)["deals"][0]
    makers, makers_tricks, points = BOOK_RESULTS[case_id]
    assert len(deal["tricks"]) == 5 and deal["complete"] is True
    assert deal["makers"] == makers and deal["tricks_won"][makers] == makers_tricks
    assert deal["points"] == points
    plays = [p for t in deal["tricks"] for p in t["plays"]]
    assert all(p["source"] in ("book", "engine") for p in plays)
    assert [p["source"] for p in plays] == sorted((p["source"] for p in plays), key=["book", "engine"].index)
    assert deal["engine_cards"] == sum(p["source"] == "engine" for p in plays)
    assert (deal["engine_cards"] > 0) == (case_id in {"II", "IV", "V", "VII", "IX"})


def test_bench_json_keys():
    data = json.loads(run("bench", "--games", "200", "--rules", "modern24", "--json").stdout)
    assert data["games"] == 200 and data["seconds"] > 0 and data["games_per_s"] > 0


@pytest.mark.parametrize(
    "args,needle",
    [
        (("case", "XII"), "case"),
        (("deal", "--seed", "1", "--rules", "nope"), "--rules"),
        (("replay", "/nonexistent/file.json"), "FILE"),
        (("deal", "--seed", "1", "--dealer", "E"), "--dealer"),
    ],
)
def test_bad_input_one_clear_line_no_traceback(args, needle):
    p = run(*args, ok=False)
    assert p.returncode == 2 and needle in p.stderr and "Traceback" not in p.stderr


def test_replay_rejects_an_illegal_log_naming_the_law(tmp_path):
    data = json.loads(run("play", "--seed", "3", "--random", "--json").stdout)
    rec = data["record"]
    # make the first play a revoke if possible: find a follower who holds the suit led
    rec["log"] = rec["log"][:]
    f = tmp_path / "bad.json"
    rec["log"].append("A: play ZZ")
    f.write_text(json.dumps(rec))
    p = run("replay", str(f), ok=False)
    assert p.returncode == 2 and "Traceback" not in p.stderr
