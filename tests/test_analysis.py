"""The book, checked (euchre_core/search/analysis.py, euchre_core/data/claims.json, the case pages).

Every verdict and line in the claims file is recomputed by the solver and must equal the stored
one; a deliberately altered claim must come out differently; the double-dummy values have one
entry per card of each case's line, the first equal to an independent solve of the opening
position; the case pages show both.
"""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path

import pytest

from euchre_core.formats.cases import list_cases, load_case, replay_case
from euchre_core.kernel.deal import SEAT_NAMES, Deal
from euchre_core.kernel.errors import InputError
from euchre_core.search import analysis
from euchre_core.search.solver import solve

ROOT = Path(__file__).resolve().parents[1]
CASES = list_cases()


def test_stored_verdicts_and_lines_are_the_computed_ones() -> None:
    assert analysis.stored_mismatches() == []


def test_every_case_has_claims_and_every_verdict_is_known() -> None:
    doc = analysis.load_claims()
    assert sorted(doc["cases"]) == sorted(CASES)
    for case_id, entry in doc["cases"].items():
        assert entry["claims"], f"Case {case_id} has no claims"
        for claim in entry["claims"]:
            assert claim["verdict"] in analysis.VERDICTS
            assert isinstance(claim["line"], list)


@pytest.mark.parametrize("case_id", CASES)
def test_dd_has_one_value_per_card_and_starts_with_an_independent_solve(case_id: str) -> None:
    data = load_case(case_id)
    rep = replay_case(case_id)
    dd = analysis.dd_line(rep)
    cards = sum(len(t["cards"]) for t in data["tricks"])
    assert len(dd) == cards == len(rep.states)
    seats = {s: i for i, s in enumerate(SEAT_NAMES)}
    opening = Deal.position(
        [data["hands"][s] for s in SEAT_NAMES],
        data["trump"],
        maker=seats[data["declaration"]["seat"]],
        dealer=seats[data["dealer"]],
        alone=seats[data["alone"]] if data["alone"] else None,
    )
    assert dd[0] == solve(opening).maker_tricks
    assert all(0 <= v <= 5 for v in dd)


@pytest.mark.parametrize("case_id", CASES)
def test_the_value_only_moves_against_the_player_who_moved(case_id: str) -> None:
    rep = replay_case(case_id)
    for d in analysis.departures(rep):
        st = rep.states[d["index"]]
        maker = st.side_of(st.actor) == st.makers
        assert (d["after"] < d["before"]) == maker, d
        assert d["card"] not in d["best"]


def test_case_json_gains_dd_and_claims_and_keeps_its_keys() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "euchre_core", "case", "I", "--json"],
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
        env={"PYTHONPATH": str(ROOT)},
    ).stdout
    doc = json.loads(out)
    assert {"case", "title", "deals", "errata", "dd", "claims"} <= set(doc)
    assert doc["dd"][:4] == [2, 2, 2, 4]
    first = doc["claims"][0]
    assert first["quote"].startswith("If A goes over the ten of trumps")
    assert first["verdict"] == "verified" and first["values"]["best"] == 2
    assert all(isinstance(p, list) and len(p) == 2 for p in first["line"])


def test_the_examples_of_the_brief() -> None:
    by_id = {c["id"]: c for case in CASES for c in analysis.case_analysis(case)["claims"]}
    assert by_id["I-overtrump"]["verdict"] == "verified" and by_id["I-overtrump"]["values"]["best"] == 2
    assert by_id["II-queen"]["verdict"] == "verified"
    assert by_id["II-king"]["verdict"] == "natural-play-only"  # B's eight of hearts still euchres
    assert by_id["II-king"]["line"][0] == ["B", "8H"]
    assert by_id["IV-outcome"]["verdict"] == "verified"
    assert by_id["VIII-coup"]["verdict"] == "natural-play-only"  # B's ruff with the ten makes the point
    assert ["B", "TD"] in by_id["VIII-coup"]["line"]
    # Case I: D's ruff with the ten is not D's best (the nine of hearts keeps A C to two)
    first = analysis.departures(replay_case("I"))[0]
    assert (first["seat"], first["card"], first["before"], first["after"], first["best"]) == ("D", "TC", 2, 4, ["9H"])


def _with_claim(case_id: str, claim_id: str, **changes: object) -> dict:
    doc = copy.deepcopy(analysis.load_claims())
    claim = next(c for c in doc["cases"][case_id]["claims"] if c["id"] == claim_id)
    claim.update(changes)
    return {"about": doc["about"], "cases": {case_id: doc["cases"][case_id]}}


def test_an_altered_claim_fails() -> None:
    # the right does not beat the ten: claim that overtrumping holds A C to one trick
    altered = _with_claim("I", "I-overtrump", expect={"makers_tricks_max": 1})
    problems = analysis.stored_mismatches(altered)
    assert any("I-overtrump" in p and "verdict" in p for p in problems), problems
    # claim that the eight of spades (the book's play) euchres A: the solver says 4 tricks
    altered = _with_claim("I", "I-overtrump", **{"if": [["A", "8S"]]})
    assert analysis.check_claim(replay_case("I"), altered["cases"]["I"]["claims"][0])["verdict"] == "refuted"
    assert analysis.stored_mismatches(altered)
    # a contrast that also works makes the claim refuted (the book says only the ten euchres)
    altered = _with_claim("V", "V-underplay", instead=[[["B", "TD"]]])
    claim = next(c for c in altered["cases"]["V"]["claims"] if c["id"] == "V-underplay")
    assert analysis.check_claim(replay_case("V"), claim)["verdict"] == "refuted"


def test_a_quote_must_be_the_books_words() -> None:
    claim = dict(analysis.load_claims()["cases"]["I"]["claims"][0], quote="A overtrumps and wins.")
    with pytest.raises(InputError, match="not the book's words"):
        analysis.check_claim(replay_case("I"), claim)


def test_claims_hold_for_every_reading_of_an_unknown_card() -> None:
    v = next(c for c in analysis.case_analysis("V")["claims"] if c["id"] == "V-underplay")
    assert [x["as"] for x in v["variants"]] == ["AS", "JS", "8S", "7S"]
    assert {x["verdict"] for x in v["variants"]} == {v["verdict"]}


def test_principal_variation_is_best_play() -> None:
    rep = replay_case("II")
    d = rep.deal
    line = analysis.principal_variation(d)
    for seat, code in line:
        res = solve(d)
        assert res.moves[code] == res.maker_tricks
        assert SEAT_NAMES[d.actor] == seat
        d = analysis._play(d, [[seat, code]])
    assert d.is_over and d.tricks_won_by_side()[0] == solve(rep.deal).maker_tricks


def test_case_page_shows_values_and_the_checked_claims() -> None:
    from build_scripts import site

    page = site.render_case(copy.deepcopy(load_case("II")))
    assert "## The book, checked { #the-book-checked }" in page
    assert page.count('class="dd dd-') >= 4  # one value per card of the trick, and the start
    assert "Only on the book's line" in page and "Verified" in page
    assert "B's natural play would be to lead the ace of clubs" in page
