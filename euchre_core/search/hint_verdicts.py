"""The verdicts of the hint tests: sequential looks at a run (:func:`look_points`), the one interval
convention of the site (:func:`interval_z`, Bonferroni over the tests and the looks, :data:`FAMILY_ERROR`),
the practical :data:`MARGIN`, and the verdict on a difference (:func:`verdict`: ``better``, ``worse``,
``equivalent``, ``borderline`` or ``same``, :data:`VERDICTS`).
"""

from __future__ import annotations

import json
from functools import lru_cache

from .hint_specs import specs_text

__all__ = ["MARGIN", "FAMILY_ERROR", "VERDICTS", "look_points", "z_for", "interval_z", "verdict", "stderr"]

VERDICTS = ("better", "worse", "equivalent", "borderline", "same")

MARGIN = {"points": 0.10, "win": 1.0}
"""The practical margin (:func:`verdict`): two choices whose difference is shown to lie
within ±0.10 points a deal (about one euchre in 20 deals), or within ±1 point of percentage of the chance
of winning the game when a test names a score, are *equivalent*: the difference does not matter."""

FAMILY_ERROR = 0.05
"""The error rate of the whole page: the chance that any of the verdicts of all the hint tests is wrong
(any interval, at any look of any test, missing the true difference), at most 5% (:func:`interval_z`)."""


def look_points(cap: int, batch: int) -> list[int]:
    """The numbers of layouts at which a sequential run looks at its verdict: ``batch`` times 1, 2, 3, 4,
    6, 8, 12, 16, 24, 32, … (each about 1.4 times the last), below ``cap``, and ``cap``.

    >>> look_points(12800, 400)
    [400, 800, 1200, 1600, 2400, 3200, 4800, 6400, 9600, 12800]
    >>> look_points(100, 0)
    [100]
    """
    if batch <= 0:
        return [cap]
    out, k = [batch], 1
    while True:
        for m in (2**k, 3 * 2 ** (k - 1)):
            if batch * m >= cap:
                return [x for x in out if x < cap] + [cap]
            out.append(batch * m)
        k += 1


def z_for(tests: int, looks: int, family_error: float = FAMILY_ERROR) -> float:
    """The half-width of every interval, in standard errors: Bonferroni over ``tests`` tests and the
    ``looks`` looks of each (each interval misses with chance at most ``family_error / (tests × looks)``,
    so that all of them together miss with chance at most ``family_error``; normal approximation).

    >>> round(z_for(92, 10), 2), round(z_for(1, 1), 2)
    (4.04, 1.96)
    """
    from statistics import NormalDist

    return NormalDist().inv_cdf(1 - family_error / (2 * tests * looks))


@lru_cache(maxsize=1)
def interval_z() -> float:
    """The one interval convention of the site: :func:`z_for` the number of hint tests and the looks of
    the site's runs (``"build"`` of ``hint_tests.json``): about 4.11 standard errors (92 tests, 14 looks) either side.

    >>> 4.1 < interval_z() < 4.2
    True
    """
    doc = json.loads(specs_text())
    b = doc["build"]
    return z_for(len(doc["specs"]), len(look_points(int(b["cap"]), int(b["batch"]))))


def verdict(diff: float, se: float, basis: str = "points", z: float | None = None) -> str:
    """The verdict on a difference (the book's choice − the best other option) with standard error ``se``,
    by its interval ``diff ± z·se`` (``z``: :func:`interval_z`) and the :data:`MARGIN` ``m`` of the
    ``basis`` (``points``, or ``win …`` for a chance of winning in points of percentage). The three
    settled verdicts are disjoint regions of the true difference, so that a longer run, or another seed,
    can only settle a test on the side of its truth (issue 27: with "better" meaning "above nought" and
    "equivalent" meaning "within ± m", a difference between 0 and m could be settled either way, by
    whichever showed first):

    - ``same``: the choices cannot be told apart (the difference is nought in every layout);
    - ``better``: the interval lies above ``+m`` (the book's choice gains more than the margin);
    - ``worse``: the interval lies below ``−m``;
    - ``equivalent``: the interval lies within ``± m`` (whichever is better, it does not matter);
    - ``borderline``: none of these yet (the interval reaches across ``+m`` or ``−m``).

    >>> verdict(0.3, 0.02, z=4), verdict(-0.3, 0.02, z=4), verdict(0.01, 0.02, z=4), verdict(0.15, 0.02, z=4)
    ('better', 'worse', 'equivalent', 'borderline')
    >>> verdict(0.06, 0.008, z=4)   # above nought, but within the margin: equivalent, never "better"
    'equivalent'
    >>> verdict(0.0, 0.0), verdict(0.5, 0.1, "win 4-4", z=4)
    ('same', 'equivalent')
    """
    if se == 0 and diff == 0:
        return "same"
    h = (interval_z() if z is None else z) * se
    m = MARGIN["win" if basis.startswith("win") else "points"]
    lo, hi = diff - h, diff + h
    if -m < lo and hi < m:
        return "equivalent"
    if lo > m:
        return "better"
    if hi < -m:
        return "worse"
    return "borderline"


def stderr(sums: list[float], n: int, digits: int | None = 3) -> float:
    """The standard error of a mean from its sum and sum of squares (rounded to ``digits``;
    None: not rounded)."""
    if n < 2:
        return 0.0
    mean = sums[0] / n
    var = max(0.0, (sums[1] - n * mean * mean) / (n - 1))
    se: float = (var / n) ** 0.5
    return se if digits is None else round(se, digits)
