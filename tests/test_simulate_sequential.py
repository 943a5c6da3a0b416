"""Sequential sampling and the verdicts of the hint tests (euchre_core/search/simulate.py, issue 18):
layouts from one seeded stream, checked after every batch, stopping when the verdict is settled or
at the cap, where an unsettled verdict is "borderline"; the page shows the layouts and the interval
beside every verdict (build_scripts/hint_sims.py)."""

from __future__ import annotations

import json
import re

import pytest

from build_scripts import hint_sims
from euchre_core.kernel.errors import InputError
from euchre_core.search import simulate

CACHE = json.loads(hint_sims.CACHE.read_text(encoding="utf-8"))["results"]


@pytest.mark.parametrize(
    ("diff", "se", "basis", "expected"),
    [
        (0.31, 0.1, "points", "supported"),  # more than three standard errors above nought
        (0.30, 0.1, "points", "borderline"),  # exactly three: not more
        (0.29, 0.1, "points", "borderline"),  # more than two (the old line) but not three
        (-0.31, 0.1, "points", "not supported"),
        (0.05, 0.024, "points", "unclear"),  # within three, standard error below the floor
        (0.05, 0.025, "points", "borderline"),  # at the floor: not below it
        (0.0, 0.0, "points", "unclear"),  # the options never differ
        (2.0, 0.9, "win 4-4", "unclear"),  # the floor for a chance of winning, in points of percentage
        (2.0, 1.0, "win 4-4", "borderline"),
        (3.1, 1.0, "win 4-4", "supported"),
    ],
)
def test_the_verdict_rule(diff: float, se: float, basis: str, expected: str) -> None:
    assert simulate.verdict(diff, se, basis) == expected


def test_a_sequential_run_is_the_first_layouts_of_the_stream_and_stops_when_settled() -> None:
    r = simulate.simulate_hint("second-13", samples=2000, seed=5, batch=100)
    n = r["samples"]
    assert r["cap"] == 2000 and r["batch"] == 100 and n % 100 == 0
    assert r["summary"]["settled"] and n < 2000  # a clear case settles early
    fixed = simulate.simulate_hint("second-13", samples=n, seed=5)
    assert fixed["options"] == r["options"] and fixed["summary"] == r["summary"]
    if n > 100:  # it did not stop at an earlier check
        earlier = simulate.simulate_hint("second-13", samples=n - 100, seed=5)
        assert not earlier["summary"]["settled"]


def test_an_unsettled_run_stops_at_the_cap_and_is_borderline_with_its_interval() -> None:
    r = simulate.simulate_hint("hoyle-leading-three-small", samples=200, seed=1, batch=100)
    s = r["summary"]
    assert r["samples"] == 200 and s["verdict"] == "borderline" and not s["settled"]
    assert abs(s["interval"][0] - (s["diff"] - 3 * s["se"])) < 1e-3
    assert abs(s["interval"][1] - (s["diff"] + 3 * s["se"])) < 1e-3
    assert s["interval"][0] < 0 < s["interval"][1]
    html = hint_sims.verdict_html(r)
    assert "Borderline" in html and "200 layouts (the cap: not settled)" in html


def test_batch_must_not_be_negative() -> None:
    with pytest.raises(InputError) as e:
        simulate.simulate_hint("second-13", samples=10, batch=-1)
    assert e.value.field == "batch"


def test_the_site_runs_are_settled_or_borderline_at_the_cap() -> None:
    cap, _seed, batch = hint_sims.build_settings()
    for spec_id, entry in CACHE.items():
        r = entry["result"]
        s = r["summary"]
        assert r["cap"] == cap and r["batch"] == batch, spec_id
        assert r["samples"] % batch == 0 and batch <= r["samples"] <= cap, spec_id
        lo, hi = s["interval"]
        assert abs(lo - (s["diff"] - 3 * s["se"])) < 1e-3 and abs(hi - (s["diff"] + 3 * s["se"])) < 1e-3, spec_id
        floor = simulate.SE_FLOOR["win" if s["basis"].startswith("win") else "points"]
        expected = {
            "supported": lo >= 0 and s["diff"] > 0,
            "not supported": hi <= 0 and s["diff"] < 0,
            "unclear": lo <= 0 <= hi and s["se"] <= floor,
            "borderline": lo <= 0 <= hi and s["se"] >= floor,
        }
        assert expected[s["verdict"]], spec_id
        assert s["settled"] == (s["verdict"] != "borderline"), spec_id
        if s["verdict"] == "borderline":
            assert r["samples"] == cap, spec_id


def test_every_verdict_on_the_page_shows_its_layouts_and_interval() -> None:
    for spec_id, entry in CACHE.items():
        r = entry["result"]
        html = hint_sims.table_html(r)
        m = re.search(r"<p class='hint-sim-verdict' data-verdict='([a-z ]+)'>(.*?)</p>", html)
        assert m, spec_id
        assert m.group(1) == r["summary"]["verdict"], spec_id
        assert f"{r['samples']:,} layouts" in m.group(2) and "interval" in m.group(2), spec_id
        assert "rule of thumb" in html and "discards by rule" in html  # the model of the others


def test_the_general_remarks_say_how_the_hints_are_tested() -> None:
    text = hint_sims.model_markdown()
    cap, seed, batch = hint_sims.build_settings()
    assert f"{cap:,}" in text and "always in the same order" in text and "borderline" in text
    assert f"seed {seed}" not in text  # issue 26: the reader is told what a seed does, not its number
    assert f"worth {simulate.RULE['threshold']:g} or more" in text and "discards by rule" in text
