"""The hint tests' verdicts in words a card player can quote (issue 27).

The engine (:func:`euchre_core.search.simulate.simulate_hint`) decides a verdict by its interval and
names it by a typed id (``better``, ``worse``, ``equivalent``, ``borderline``, ``same``); this module
says it in words, the same words on the page (``build_scripts/hint_sims.py``) and in the "Run it
yourself" box (:func:`hint_rerun`, which the browser calls). One convention everywhere: every
"likely between" is the difference ± :func:`~euchre_core.search.simulate.interval_z` standard errors
(the page states it once, in its method note); points a deal with two decimals and a scale a player can
picture (one euchre, two points, in so many deals); the chance of winning the game in times in 100,
with one decimal; and the number of deals played.

>>> verdict_label("equivalent")
'No difference that matters'
>>> euchre_scale(0.25)
'about one euchre in 8 deals'
"""

from __future__ import annotations

import json
from typing import Any

from ..kernel.errors import InputError
from ..search import simulate

__all__ = [
    "LABELS",
    "verdict_label",
    "euchre_scale",
    "points_text",
    "chance_text",
    "verdict_words",
    "interval_convention",
    "hint_rerun",
]

LABELS = {
    "better": "The book's choice is better",
    "worse": "The book's choice is worse",
    "equivalent": "No difference that matters",
    "borderline": "Borderline",
    "same": "Cannot tell these apart",
}


def verdict_label(verdict: str) -> str:
    """The verdict's name in words; an :class:`InputError` naming ``summary.verdict`` for an id the engine
    does not give (a result from before issue 27, e.g. ``"supported"``: its cache entry is stale).

    >>> verdict_label("same")
    'Cannot tell these apart'
    >>> verdict_label("supported")
    Traceback (most recent call last):
    ...
    euchre_core.kernel.errors.InputError: summary.verdict: 'supported' is not a verdict of this engine (better, worse, equivalent, borderline, same): a result computed by an older rule (python -m build_scripts.hint_sims brings the cache up to date)
    """
    if verdict not in LABELS:
        raise InputError(
            f"{verdict!r} is not a verdict of this engine ({', '.join(LABELS)}): a result computed by an older "
            "rule (python -m build_scripts.hint_sims brings the cache up to date)",
            "summary.verdict",
        )
    return LABELS[verdict]


def _minus(text: str) -> str:
    return text.replace("-", "−")


def points_text(x: float) -> str:
    """A difference in points a deal, signed, two decimals (a true minus sign).

    >>> points_text(0.2649), points_text(-0.05), points_text(-0.001)
    ('+0.26', '−0.05', '0.00')
    """
    s = f"{x:+.2f}"
    return "0.00" if s in ("+0.00", "-0.00") else _minus(s)


def chance_text(x: float) -> str:
    """A difference in the chance of winning the game (points of percentage: times in 100), one decimal.

    >>> chance_text(4.7951), chance_text(-0.04)
    ('+4.8', '0.0')
    """
    s = f"{x:+.1f}"
    return "0.0" if s in ("+0.0", "-0.0") else _minus(s)


def _nice(n: float) -> int:
    """A round number of deals: whole below 20, to 5 below 100, else two significant figures."""
    if n < 20:
        return max(1, round(n))
    if n < 100:
        return 5 * round(n / 5)
    digits = len(str(int(n))) - 2
    return int(round(n, -digits))


def euchre_scale(points: float) -> str:
    """A difference in points a deal as a player pictures it: as much as one euchre (two points) in so
    many deals (rounded: :func:`_nice`).

    >>> euchre_scale(0.2), euchre_scale(-0.02), euchre_scale(0.15), euchre_scale(0.0004), euchre_scale(3)
    ('about one euchre in 10 deals', 'about one euchre in 100 deals', 'about one euchre in 13 deals', \
'less than one euchre in 1,000 deals', 'more than a euchre a deal')
    """
    x = abs(points)
    if x < 0.002:
        return "less than one euchre in 1,000 deals"
    if x > 2:
        return "more than a euchre a deal"
    n = _nice(2 / x)
    return "about one euchre a deal" if n <= 1 else f"about one euchre in {n:,} deals"


def interval_convention() -> str:
    """The page's one interval convention, stated once (the method note).

    >>> "4.11 standard errors" in interval_convention()
    True
    """
    z = simulate.interval_z()
    tests = len(simulate.load_specs())
    return (
        f"Every “likely between” is the difference ± {z:.2f} standard errors: wide enough that all {tests} "
        f"verdicts of the hint tests, at every look at them, are right together at least "
        f"{100 * (1 - simulate.FAMILY_ERROR):.0f} times in 100"
    )


def _points_interval(result: dict[str, Any]) -> tuple[float, float, float] | None:
    """The difference in points a deal (the book's choice − the best other) and its interval, by the
    page's convention; None without a best other."""
    s = result["summary"]
    best = next((o for o in result["options"] if o["option"] == s.get("best_other")), None)
    if not best or not best.get("vs_advised"):
        return None
    d, se = best["vs_advised"]["diff"], best["vs_advised"]["se"]
    z = simulate.interval_z()
    return d, d - z * se, d + z * se


def verdict_words(result: dict[str, Any], small_run: bool = False) -> dict[str, str]:
    """The verdict of one simulation in words: ``{"verdict", "label", "sentence"}``. The sentence gives
    the difference (the book's choice − the best other one) in points a deal with its scale, in the
    chance of winning the game where the test names a score, the "likely between" of the interval, and
    the deals played. ``small_run``: the reader's own small run, said to be an illustration.

    >>> r = {"samples": 800, "cap": 25600, "options": [{"option": "R", "label": "lead the right bower"},
    ...      {"option": "A1", "label": "lead the outside ace", "vs_advised": {"diff": 0.199, "se": 0.042}}],
    ...      "summary": {"verdict": "better", "basis": "points", "diff": 0.1988, "se": 0.042,
    ...                  "interval": [0.1271, 0.3684], "best_other": "A1", "equivalence_margin": 0.1}}
    >>> verdict_words(r)["sentence"]
    "The book's choice is better: it gains 0.20 points a deal (about one euchre in 10 deals) over the best \
other choice, lead the outside ace; likely between +0.13 and +0.37: more than the ± 0.1 points a deal that \
matters. 800 deals played (settled)."
    """
    s = result["summary"]
    v = s.get("verdict")
    if not v or s.get("diff") is None:
        return {"verdict": "", "label": "", "sentence": ""}
    label = verdict_label(v)
    by_win = str(s.get("basis", "points")).startswith("win")
    n = int(result["samples"])
    best = next((o for o in result["options"] if o["option"] == s.get("best_other")), None)
    other = best["label"] if best else "the other choice"
    d, (lo, hi) = float(s["diff"]), s["interval"]
    pts = _points_interval(result)
    if by_win:
        score = s["basis"].split()[1].replace("-", "–")
        more = "more" if d >= 0 else "fewer"
        fig = (
            f"at {score}, where what counts is the game, the book's choice wins it {chance_text(abs(d)).lstrip('+')} "
            f"{more} times in 100 than the best other choice, {other}; likely between {chance_text(lo)} and "
            f"{chance_text(hi)}"
        )
        if pts:
            fig += f"; in points, {points_text(pts[0])} points a deal ({euchre_scale(pts[0])})"
        margin = f"{s.get('equivalence_margin', simulate.MARGIN['win']):g} in 100 of the chance of winning"
    else:
        fig = ""
        margin = f"{s.get('equivalence_margin', simulate.MARGIN['points']):g} points a deal"
    cap = result.get("cap")
    if v == "same":
        body = (
            f"the book's choice and {other} score the same in every one of the {n:,} deals: the test cannot "
            "separate them"
        )
    elif by_win:
        body = fig
    elif v == "better":
        body = (
            f"it gains {points_text(d).lstrip('+')} points a deal ({euchre_scale(d)}) over the best other choice, "
            f"{other}; likely between "
            f"{points_text(lo)} and {points_text(hi)}"
        )
    elif v == "worse":
        body = (
            f"it loses {points_text(-d).lstrip('+')} points a deal ({euchre_scale(d)}) to the best other choice, "
            f"{other}; likely between "
            f"{points_text(lo)} and {points_text(hi)}"
        )
    else:
        body = (
            f"the book's choice against the best other, {other}: {points_text(d)} points a deal, likely between "
            f"{points_text(lo)} "
            f"and {points_text(hi)}"
        )
    if v == "equivalent":
        body += f", within ± {margin} of each other"
    elif v in ("better", "worse") and not by_win:
        body += f": more than the ± {margin} that matters"
    elif v == "borderline" and not small_run:
        body += f": too close to call, neither clearly more than ± {margin} nor clearly within it"
    if small_run:
        how = (
            f"On your {n:,} deals (an illustration only: the verdict above rests on up to "
            f"{_build_cap():,} deals, drawn until it is settled)"
        )
        return {"verdict": v, "label": label, "sentence": f"{how}: {label[0].lower()}{label[1:]}; {body}."}
    played = f"{n:,} deals played" + (
        " (the most a test plays: not settled)"
        if v == "borderline" and cap and n >= cap
        else " (settled)"
        if cap and v != "borderline"
        else ""
    )
    return {"verdict": v, "label": label, "sentence": f"{label}: {body}. {played}."}


def _build_cap() -> int:
    """The most layouts a test of the page plays (``"build"`` of ``hint_tests.json``)."""
    return int(json.loads(simulate._specs_text())["build"]["cap"])


def hint_rerun(spec_or_id: str | dict[str, Any], samples: int = 50, seed: int = 1) -> dict[str, Any]:
    """The reader's own run of a hint test (the "Run it yourself" box): a fixed, small number of layouts
    (:func:`~euchre_core.search.simulate.simulate_hint`), with its verdict in the page's words
    (``"words"``: :func:`verdict_words`, said to be an illustration).

    >>> r = hint_rerun("second-13", samples=20, seed=1)
    >>> r["samples"], r["words"]["sentence"].startswith("On your 20 deals (an illustration only")
    (20, True)
    """
    r = simulate.simulate_hint(spec_or_id, samples=samples, seed=seed)
    r["words"] = verdict_words(r, small_run=True)
    return r
