"""The hint verdicts in words a card player can quote (euchre_core/app/hint_words.py, issue 27): the
units, the rounding, the scale, one interval convention, and the reader's own small run said to be an
illustration."""

from __future__ import annotations

import pytest

from euchre_core.app import hint_words as hw
from euchre_core.app import web
from euchre_core.search import simulate


@pytest.mark.parametrize(
    ("x", "points", "chance"),
    [
        (0.2649, "+0.26", "+0.3"),
        (-0.155, "−0.15", "−0.2"),
        (0.004, "0.00", "0.0"),
        (-0.004, "0.00", "0.0"),
        (12.34, "+12.34", "+12.3"),
    ],
)
def test_figures_are_rounded_with_a_true_minus(x: float, points: str, chance: str) -> None:
    assert hw.points_text(x) == points and hw.chance_text(x) == chance


@pytest.mark.parametrize(
    ("x", "words"),
    [
        (2.0, "about one euchre a deal"),
        (0.5, "about one euchre in 4 deals"),
        (0.15, "about one euchre in 13 deals"),
        (-0.15, "about one euchre in 13 deals"),
        (0.07, "about one euchre in 30 deals"),  # 28.6: to 5 above 20
        (0.013, "about one euchre in 150 deals"),  # 153.8: two figures above 100
        (0.001, "less than one euchre in 1,000 deals"),
        (5.0, "more than a euchre a deal"),
    ],
)
def test_points_a_deal_have_a_scale_a_player_can_picture(x: float, words: str) -> None:
    assert hw.euchre_scale(x) == words


def _result(
    verdict: str, diff: float, se: float, basis: str = "points", n: int = 800, pts: float | None = None
) -> dict:
    z = simulate.interval_z()
    other_diff = diff if pts is None else pts
    return {
        "samples": n,
        "cap": 51200,
        "options": [
            {"option": "bid", "label": "order up"},
            {"option": "pass", "label": "pass", "vs_advised": {"diff": other_diff, "se": 0.05}},
        ],
        "summary": {
            "verdict": verdict,
            "basis": basis,
            "diff": diff,
            "se": se,
            "interval": [diff - z * se, diff + z * se],
            "best_other": "pass",
            "equivalence_margin": simulate.MARGIN["win" if basis.startswith("win") else "points"],
        },
    }


def test_each_verdict_in_plain_words_with_its_unit_range_and_deals() -> None:
    better = hw.verdict_words(_result("better", 0.3, 0.04))["sentence"]
    h = simulate.interval_z() * 0.04  # the interval's half-width: its lower end above the margin
    span = f"likely between {0.3 - h:+.2f} and {0.3 + h:+.2f}"
    assert 0.3 - h > simulate.MARGIN["points"]
    assert better.startswith(
        "The book's choice is better: it gains 0.30 points a deal (about one euchre in 7 deals) over the best other "
        f"choice, pass; {span}: more than the ± 0.1 points a deal that matters"
    )
    assert "about one euchre in 7 deals" in better and span in better
    assert better.endswith("800 deals played (settled).")
    worse = hw.verdict_words(_result("worse", -0.3, 0.05))["sentence"]
    assert worse.startswith("The book's choice is worse: it loses 0.30 points a deal (about one euchre in 7 deals) to")
    eq = hw.verdict_words(_result("equivalent", 0.01, 0.02))["sentence"]
    assert eq.startswith("No difference that matters:") and "within ± 0.1 points a deal of each other" in eq
    bl = hw.verdict_words(_result("borderline", 0.07, 0.035, n=51200))["sentence"]
    assert (
        bl.startswith("Borderline:")
        and "too close to call" in bl
        and "51,200 deals played (the most a test plays" in bl
    )
    same = hw.verdict_words(_result("same", 0.0, 0.0, n=400))["sentence"]
    assert same.startswith("Cannot tell these apart:") and "every one of the 400 deals" in same
    for s in (better, worse, eq, bl, same):
        assert "standard error" not in s and "unclear" not in s and "layouts" not in s


def test_a_score_test_says_the_chance_of_winning_and_the_points() -> None:
    s = hw.verdict_words(_result("better", 4.7951, 1.0, basis="win 0-0", pts=0.21))["sentence"]
    assert "at 0–0, where what counts is the game, the book's choice wins it 4.8 more times in 100 than the best" in s
    assert "likely between +0.7 and +8.9" in s and "in points, +0.21 points a deal (about one euchre in 10 deals)" in s
    s = hw.verdict_words(_result("worse", -3.77, 0.8, basis="win 0-0"))["sentence"]
    assert "3.8 fewer times in 100" in s


def test_the_interval_convention_is_stated_once_with_the_pages_error_rate() -> None:
    text = hw.interval_convention()
    assert f"± {simulate.interval_z():.2f} standard errors" in text and "95 times in 100" in text
    assert f"all {len(simulate.load_specs())} verdicts" in text


def test_the_readers_small_run_says_it_is_an_illustration_in_the_same_words() -> None:
    assert "euchre_core.app.hint_words.hint_rerun" in web.BROWSER_API
    r = hw.hint_rerun({"base": "second-13", "hand": ["R", "st", "x", "x", "x"]}, samples=20, seed=2)
    w = r["words"]
    assert w["verdict"] in simulate.VERDICTS and w["label"] == hw.LABELS[w["verdict"]]
    assert w["sentence"].startswith("On your 20 deals (an illustration only: the verdict above rests on up to 51,200")
    assert "points a deal" in w["sentence"] and "likely between" in w["sentence"]
    # through the browser's one door, bounded like simulate_hint
    import json

    out = json.loads(web.call("euchre_core.app.hint_words.hint_rerun", {"spec_or_id": "second-13", "samples": 401}))
    assert out["ok"] is False and out["error"]["field"] == "samples"
