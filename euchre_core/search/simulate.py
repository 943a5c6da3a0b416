"""The hints, put to the test: seeded double-dummy simulations of the book's advice.

A hint that speaks of a concrete holding ("assist with right and another", "take up right
and ace", "discard the lowest card of a short suit", "lead the king of hearts against the
lone hand") becomes a *hint test*, a spec in ``euchre_core/data/hint_tests.json``. For
each sample, :func:`simulate_hint` fixes what the player knows (his five cards, the
turn-up, the cards on the table), deals the unseen cards at random consistently with it,
and plays the deal out with the exact solver (:func:`euchre_core.search.solver.solve`) after the
advised action and after each alternative. It reports, for every option, the average
points of the player's side, the average tricks, how often the advised option does better,
the same, or worse, and, at the scores the hint names, the chance of winning the game.

**Double dummy.** Every layout is solved with every hand seen by every player: both sides
play perfectly, the defence as well as the makers. That flatters both; it ignores what a
card tells a partner, and it favours plays that only work when one can see the cards. The
figures say what the cards allow, not what a table of real players would do.

**What "pass" is worth.** A pass is valued two ways: ``pass = 0`` (as if the deal were
thrown in), and ``pass`` (the bidding goes on: each later player, in turn, makes the trump
if his own hand is worth it by a plain rule of thumb, :func:`hand_strength` at least
:data:`RULE` ``["threshold"]``, with the turn-up in the first round and his best other suit in
the second; that deal is then solved double dummy; if all pass it is worth 0). The player's
own second-round bid follows the same rule unless the spec says ``"then"`` (``"next"`` or a
suit). Layouts are drawn so that the players before him passed by the same rule (they did
pass: it is his turn); for a lead, a play or a discard, so that the bidding the spec
describes happened by the rule (the players before the maker passed, and the maker, if not
the player, would have made it). Nobody but the player (and a spec's lone maker) goes alone.

**One model of the others, in every test.** The players not being tested bid by the rule
above; a dealer who takes up was dealt five cards and discards by :func:`rule_discard` (in a
bid test when the turn-up is taken, and in every lead and play after a first-round make: the
layout deals him five cards, then he takes up and discards by the rule); every card is played
double dummy, defence included.

**Settling a verdict.** ``simulate_hint(..., batch=n)`` draws layouts from the seed's one
stream and looks at the verdict after ``n``, 2n, 3n, 4n, 6n, 8n, … layouts (:func:`look_points`),
stopping as soon as it is settled (:func:`verdict`: the interval of the difference lies above
the practical :data:`MARGIN`, below minus it, or within it: three disjoint regions, so another
seed settles a test the same way; or the choices never differ), or at
``samples`` (the cap), where an unsettled verdict is ``borderline``. Every interval is the
difference ± :func:`interval_z` standard errors: Bonferroni over all the hint tests and all the
looks of each, so that the page's verdicts are all right together with chance at least 95%
(:data:`FAMILY_ERROR`).

**The game.** At the scores a spec names, each outcome is turned into the chance of winning
the game, from a Markov model of the following deals (:func:`game_model`: the distribution
of a deal's points under the same rule and double-dummy play, by who deals).

A spec (the JSON form; card codes like ``JC`` or the tokens below, relative to the trump)::

    {"id": "second-3", "hint": "second-3", "label": "right and a small one",
     "kind": "bid",            # bid | make | discard | lead | play
     "seat": "C",              # the player: A dealer, B eldest, C dealer's partner, D third hand
     "trump": "C",             # the suit the tokens refer to (for bid: the turn-up's suit)
     "turn_up": "9t",          # the turned card (bid, discard, lead, play)
     "turn_down": "KS",        # make (and lead after a second-round make): the card turned down
     "hand": ["R", "st", "x", "x", "x"],
     "advised": "bid",         # bid: bid | alone | pass; make: a suit, "next" or pass;
                               # discard/lead/play: a hand token or card code
     "alternatives": ["pass"], # optional: the options compared with it (default: all)
     "maker": "A", "alone": null,   # lead/play/discard: who made the trump, the lone seat
     "trick": [["B", "x1"]],   # play: the cards already on the table (tokens: the seat holds them)
     "others": {"A": {"holds": ["JC"], "min_trumps": 3, "min_strength": 8, "void": ["H"]}},
     "then": "next",           # bid: what the player makes in the second round after passing
     "scores": [[4, 3]]}       # optional: scores [player's side, other side] for the win chance

Tokens: ``R`` right bower, ``L`` left bower, ``At Kt Qt Tt 9t 8t 7t`` a trump of that rank,
``st`` a small trump (7-10), ``mt`` a medium trump (9-K), ``t`` any trump; ``A1 K1 … 71``
a card of plain suit 1 (``1``, ``2``, ``3`` are different plain suits, chosen at random;
``N`` is the next suit, of the trump's colour), ``x1`` any card of suit 1, ``n1`` any but
its ace; ``x`` any plain card, ``a`` a plain ace, ``n`` a plain card below the ace.

>>> r = simulate_hint("second-3", samples=20, seed=1)
>>> r["advised"], [o["option"] for o in r["options"]][:2], r["samples"]
('bid', ['bid', 'pass'], 20)
>>> simulate_hint("second-3", samples=20, seed=1) == r
True
"""

from __future__ import annotations

import random
from typing import Any

from ..kernel import decode
from ..kernel.cards import CardError
from ..kernel.errors import InputError

# the names this module offered before it was split by job (each is documented in its own module)
from .game_model import GAME_MODEL_DEALS as GAME_MODEL_DEALS
from .game_model import GAME_MODEL_SEED as GAME_MODEL_SEED
from .game_model import default_win_table
from .game_model import game_model as game_model
from .game_model import stored_game_model as stored_game_model
from .game_model import win_probability as win_probability
from .hint_fingerprint import FINGERPRINTS as FINGERPRINTS
from .hint_fingerprint import engine_fingerprint as engine_fingerprint
from .hint_fingerprint import engine_sources_hash as engine_sources_hash
from .hint_fingerprint import spec_hash as spec_hash
from .hint_layouts import Retry
from .hint_players import ROUND1 as ROUND1
from .hint_players import RULE as RULE
from .hint_players import SEATS, WORK_PER_SOLVE, dealer_takes, round1_bid, solver_work
from .hint_players import hand_strength as hand_strength
from .hint_players import rule_discard as rule_discard
from .hint_sim import MAX_TRIES, HintSim, Outcome
from .hint_specs import KINDS as KINDS
from .hint_specs import decode_spec, specs_text
from .hint_specs import load_specs as load_specs
from .hint_specs import spec_by_id as spec_by_id
from .hint_specs import token_words as token_words
from .hint_verdicts import FAMILY_ERROR as FAMILY_ERROR
from .hint_verdicts import MARGIN as MARGIN
from .hint_verdicts import VERDICTS as VERDICTS
from .hint_verdicts import interval_z as interval_z
from .hint_verdicts import look_points as look_points
from .hint_verdicts import stderr
from .hint_verdicts import verdict as verdict
from .hint_verdicts import z_for as z_for

__all__ = [
    "simulate_hint",
    "MAX_SAMPLES",
    "MAX_DRAWS",
    "MAX_WORK",
    "BUILD_WORK",
    "WORK_PER_DRAW",
    "WORK_PER_LAYOUT",
    "DRAWS_PER_LAYOUT",
    "PROBE_DRAWS",
]

# the names the tests, the build and the benchmarks reach under their old private spelling (the module
# was one file before it was split by job)
_Sim = HintSim
_Retry = Retry
_round1_bid = round1_bid
_dealer_takes = dealer_takes
_specs_text = specs_text
_default_win_table = default_win_table
_stderr = stderr

MAX_SAMPLES = 51_200  # the site's cap (hint_tests.json, "build"): the most layouts one call plays
MAX_DRAWS = 6_000_000  # draws (kept or thrown back) in one call of simulate_hint, whatever the samples: its bound (issue 27: the rarest spec, lone-hands-7, keeps about 1 draw in 90, so the cap of 51,200 layouts takes about 4.6 million)
DRAWS_PER_LAYOUT = 250  # below MAX_DRAWS, a call asking for n layouts draws at most 250 n (and MAX_TRIES)
PROBE_DRAWS = 2_000  # the first draws, which show whether the spec's layouts are too rare for the call
# The bound on one call's CPU (issue 37): the draws bound the draws, not the solver's work, so a call is
# also bounded by its work, counted as it goes (deterministic, the same anywhere): the solver's nodes, plus
# WORK_PER_SOLVE a deal solved, WORK_PER_DRAW a layout drawn and WORK_PER_LAYOUT a layout kept (a unit is about 3 µs of
# CPython's CPU). A call may do MAX_WORK unless it asks for more (``work``), up to BUILD_WORK: what the
# site's build gives its own figures (the heaviest, hoyle-leading-lone-exception at 51,200 layouts, does
# about 136 million, mostly draws). benchmarks/bench_simulate.py --worst measures a call at MAX_WORK.
WORK_PER_DRAW = 40  # a layout drawn (kept or thrown back): about 0.1 ms, as 40 solver nodes
WORK_PER_LAYOUT = 150  # a layout kept, valued and tallied besides its solves: about 0.4 ms
MAX_WORK = 16_000_000  # a call's work unless it asks for more: the page's 400 layouts use at most a few million
BUILD_WORK = 200_000_000  # the most a call may ask for (the site's build asks for it: its figures are never cut)


def simulate_hint(
    spec_or_id: str | dict[str, Any], samples: int = 200, seed: int = 1, batch: int = 0, work: int = MAX_WORK
) -> dict[str, Any]:
    """Put one hint to the test: JSON in, JSON out (the browser's widget calls it through
    ``euchre_core.app.web.call``).

    Arguments:

    ``spec_or_id``
        the id of a hint test in ``euchre_core/data/hint_tests.json`` (or a hint's id, for
        its first test), or a spec as a JSON object (the module's docstring gives its form);
        ``{"base": "second-3", "hand": ["JC", "7C", "AH", "8D", "9S"]}`` takes a stored test
        and changes some of its fields (the reader's own holding).
    ``samples``
        the number of layouts to deal and solve (1 to :data:`MAX_SAMPLES`, 51,200; each takes a few
        milliseconds); with ``batch``, the most (the cap). A call draws at most 250 random layouts for
        each layout asked, and never more than :data:`MAX_DRAWS`, kept or thrown back (those the
        holding, the passes or the constraints rule out): a spec whose layouts are too rare for
        ``samples`` is refused (an ``InputError``), at once when its first :data:`PROBE_DRAWS` draws
        show it. And a call does at most ``work`` units of work, counted as it goes: past it, it
        stops with an ``InputError`` naming ``samples``.
    ``seed``
        the random seed: the same spec, samples, batch and seed give the same answer, anywhere.
        The layouts are one stream from the seed: the first n layouts of a longer run are the
        layouts of a run of n.
    ``work``
        the most work the call may do (1 to :data:`BUILD_WORK`; :data:`MAX_WORK`, 16 million, unless
        asked): the solver's nodes, 40 a deal solved, 40 a layout drawn, 150 a layout kept. That
        bounds a call's CPU whatever the spec and the samples (docs/engine.md, the ``work`` bound, with
        the cost measured at it). The site's build asks for :data:`BUILD_WORK` (its figures at the cap of
        51,200 layouts do up to about 136 million); the page's calls (400 layouts) do at most about 1.6 million
        for the site's tests.
    ``batch``
        0: exactly ``samples`` layouts. Else sequential sampling: after every ``batch`` layouts
        the run looks at the verdict after ``batch``, 2, 3, 4, 6, 8, … times ``batch`` layouts
        (:func:`look_points`) and stops if it is settled (:func:`verdict`), and at ``samples``
        layouts in any case, where an unsettled verdict is ``borderline``.

    Returns ``{"id", "hint", "kind", "seat", "advised", "samples", "seed", "double_dummy":
    true, "options": [...], "scores": [...], "summary": {...}}`` (``samples``: the layouts
    used; with ``batch``, also ``cap`` and ``batch``). Each option: ``option``, ``label``,
    ``points`` (the average points of the player's side, theirs counted negative), ``tricks``
    (the player's side's average tricks), ``made`` (% of layouts where the makers make their
    point; None for a pass), ``vs_advised`` (% of layouts where the advised option scores more /
    the same / less than this one), and ``win`` (the % chance of winning the game, one per
    score in ``scores``). ``vs_advised`` also gives ``diff`` and ``se``: the average of
    (advised − this option) in points and its standard error, and with scores
    ``win_diff``/``win_se`` the same for the chance of winning at the first score (in
    percentage points). ``summary``: the advised option's average, the best other option (by
    points, or by the chance of winning at the first score when scores are named), the margin,
    the share of layouts where the advised option is at least as good as every other one
    compared, the ``diff`` and ``se`` the verdict rests on (to four places; the verdict is decided
    on the unrounded figures), its ``interval`` (diff ± z se, :func:`interval_z`),
    ``settled``, and ``verdict`` (:func:`verdict`: ``better``, ``worse``, ``equivalent``,
    ``borderline`` or ``same``), on the ``basis`` of ``points`` or ``win a-b``, with the
    ``equivalence_margin`` of that basis and the ``z`` of the interval.

    >>> r = simulate_hint({"base": "dealer-18-king"}, samples=10, seed=3)
    >>> r["kind"], r["advised"], len(r["options"]) >= 2
    ('discard', 'K2', True)
    >>> s = simulate_hint("second-13", samples=800, seed=1, batch=200)
    >>> s["samples"] in (200, 400, 600, 800), s["summary"]["verdict"] in VERDICTS
    (True, True)
    >>> simulate_hint("second-13", samples=s["samples"], seed=1)["options"] == s["options"]
    True
    """
    samples = decode.integer(samples, "samples", 1, MAX_SAMPLES)
    seed = decode.seed(seed, "seed")
    batch = decode.integer(batch, "batch", 0, MAX_SAMPLES)  # 0: a fixed number of layouts
    work = decode.integer(work, "work", 1, BUILD_WORK)
    if isinstance(spec_or_id, str):
        spec = dict(spec_by_id(decode.text(spec_or_id, "spec_or_id", max_len=80)))
    elif isinstance(spec_or_id, dict):
        decode_spec(spec_or_id)
        spec = dict(spec_or_id)
        if "base" in spec:
            base = dict(spec_by_id(decode.text(spec.pop("base"), "base", max_len=80)))
            base.update(spec)
            spec = base
    else:
        raise InputError("give the id of a hint test or a spec (a JSON object)", "spec_or_id")
    try:
        sim = HintSim(spec)
    except CardError as e:
        raise InputError(str(e), "hand") from None
    rng = random.Random(seed)
    acc = _Tally(sim)
    budget = _Draws(samples, work)
    n = 0
    looks = set(look_points(samples, batch))
    while n < samples:
        lay = sim.draw(rng, budget)
        budget.kept += 1
        acc.add(sim.evaluate(lay))
        budget.check_work()
        n += 1
        if batch and n in looks and n < samples and acc.summary(n, spec)[1]["settled"]:
            break
    options, summary = acc.summary(n, spec)
    out = {
        "id": spec.get("id"),
        "hint": spec.get("hint"),
        "label": spec.get("label"),
        "kind": sim.kind,
        "seat": SEATS[sim.player],
        "advised": sim.advised,
        "samples": n,
        "seed": seed,
        "double_dummy": True,
        "scores": [list(s) for s in sim.scores],
        "options": options,
        "summary": summary,
    }
    if batch:
        out.update(cap=samples, batch=batch)
    return out


class _Draws:
    """The draws of one call of :func:`simulate_hint`, kept or thrown back: at most
    :data:`DRAWS_PER_LAYOUT` times the layouts asked (at least :data:`MAX_TRIES`, as for one layout)
    and never more than :data:`MAX_DRAWS`, for the whole call (not per layout), so that no spec and
    no number of samples can make a call run for minutes. After the first :data:`PROBE_DRAWS` the share of draws kept so far is checked:
    a spec whose layouts are too rare to give the layouts asked within the budget, even at the most
    favourable share the first draws allow, is refused at once instead of after the whole budget."""

    def __init__(self, wanted: int, work: int = MAX_WORK) -> None:
        self.wanted = wanted
        self.max_work = work
        self.limit = min(MAX_DRAWS, max(MAX_TRIES, wanted * DRAWS_PER_LAYOUT))
        self.used = 0
        self.kept = 0
        self.solver_start = solver_work()

    def work(self) -> int:
        """The call's work so far: the solver's (nodes, and :data:`WORK_PER_SOLVE` a solve),
        :data:`WORK_PER_DRAW` a draw and :data:`WORK_PER_LAYOUT` a layout kept."""
        return solver_work() - self.solver_start + WORK_PER_DRAW * self.used + WORK_PER_LAYOUT * self.kept

    def check_work(self) -> None:
        """Stop the call when its work passes its bound (:data:`MAX_WORK` unless asked; an ``InputError``
        naming ``samples``)."""
        if self.work() > self.max_work:
            raise InputError(
                f"this call would do more than the {self.max_work:,} units of work it may do (the solver's nodes, "
                f"{WORK_PER_SOLVE} a deal solved, {WORK_PER_DRAW} a layout drawn, {WORK_PER_LAYOUT} a layout kept) "
                f"after {self.kept:,} of the "
                f"{self.wanted:,} layouts asked (ask for fewer layouts, or loosen the constraints)",
                "samples",
            )

    def spend(self) -> None:
        self.used += 1
        if self.used % 64 == 0:  # the draws' work too, as they go (a rare spec draws many for one layout)
            self.check_work()
        if self.used == PROBE_DRAWS:
            most = (self.kept + 3) / self.used  # the share of layouts kept, at its most favourable (3 more kept)
            need = (self.wanted - self.kept) / most
            if need > self.limit - self.used:
                raise InputError(
                    f"{self.kept} of the first {PROBE_DRAWS:,} random layouts fit this spec: {self.wanted:,} layouts "
                    f"would take about {round(need + self.used):,} draws, more than the {self.limit:,} this call may "
                    "make "
                    "(loosen the constraints, or ask for fewer layouts)",
                    "samples" if self.kept else "others",
                )
        elif self.used > self.limit:
            raise InputError(
                f"{self.limit:,} random layouts drawn gave only {self.kept:,} of the {self.wanted:,} layouts asked: "
                "the layouts of this spec are too rare for one call (loosen the constraints, or ask for fewer layouts)",
                "samples",
            )


class _Tally:
    """The running sums of a simulation: per option, its points, tricks, makes, chances of
    winning, and the difference from the advised option (sum and sum of squares)."""

    def __init__(self, sim: HintSim) -> None:
        self.sim = sim
        names = sim.compare
        self.totals = {o: [0.0, 0.0, 0, 0] for o in names}  # points, tricks, made, counted-for-made
        self.cmp = {o: [0, 0, 0] for o in names}  # advised better, same, worse
        self.diff = {o: [0.0, 0.0] for o in names}  # sum and sum of squares of (advised - option)
        self.wins = {o: [0.0] * len(sim.scores) for o in names}
        self.wdiff = {o: [0.0, 0.0] for o in names}  # the same for the chance of winning (1st score)
        self.table = default_win_table(GAME_MODEL_DEALS, GAME_MODEL_SEED) if sim.scores else {}
        self.next_mine = sim.side == 1  # A deals this deal; B's side deals next
        self.all_best = 0

    def add(self, res: dict[str, Outcome]) -> None:
        """One layout's outcomes."""
        sim = self.sim
        names = sim.compare
        adv = res[sim.advised]
        won = {
            o: [
                _win(self.table, m + res[o].pts[sim.side], th + res[o].pts[1 - sim.side], self.next_mine)
                for m, th in sim.scores
            ]
            for o in names
        }
        for o in names:
            r = res[o]
            t = self.totals[o]
            t[0] += r.net
            t[1] += r.tricks
            if r.pts != (0, 0) and o not in ("pass", "pass=0"):
                t[3] += 1
                t[2] += 1 if _made(r, sim, o) else 0
            c = self.cmp[o]
            c[0 if adv.net > r.net else 1 if adv.net == r.net else 2] += 1
            dv = adv.net - r.net
            self.diff[o][0] += dv
            self.diff[o][1] += dv * dv
            for i in range(len(sim.scores)):
                self.wins[o][i] += won[o][i]
            if sim.scores:
                dw = 100 * (won[sim.advised][0] - won[o][0])
                self.wdiff[o][0] += dw
                self.wdiff[o][1] += dw * dw
        if all(adv.net >= res[o].net for o in names):
            self.all_best += 1

    def summary(self, samples: int, spec: dict[str, Any]) -> tuple[list[dict[str, Any]], dict[str, Any]]:
        """The options' rows and the summary after ``samples`` layouts."""
        sim = self.sim
        options = []
        for o in sim.compare:
            t = self.totals[o]
            options.append(
                {
                    "option": o,
                    "label": _label(sim, o, spec),
                    "points": round(t[0] / samples, 3),
                    "tricks": None if o in ("pass", "pass=0") else round(t[1] / samples, 3),
                    "made": round(100 * t[2] / t[3], 1) if t[3] else None,
                    "vs_advised": None
                    if o == sim.advised
                    else {
                        "better": round(100 * self.cmp[o][0] / samples, 1),
                        "same": round(100 * self.cmp[o][1] / samples, 1),
                        "worse": round(100 * self.cmp[o][2] / samples, 1),
                        "diff": round(self.diff[o][0] / samples, 3),
                        "se": stderr(self.diff[o], samples),
                        **(
                            {
                                "win_diff": round(self.wdiff[o][0] / samples, 2),
                                "win_se": stderr(self.wdiff[o], samples),
                            }
                            if sim.scores
                            else {}
                        ),
                    },
                    "win": [round(100 * w / samples, 1) for w in self.wins[o]],
                }
            )
        adv_row = options[0]
        others = [o for o in options[1:] if o["option"] != "pass=0"] or options[1:]
        # the verdict: the advised option against the best other one, by the average points, or, when
        # the spec names scores, by the chance of winning the game at the first of them (verdict())
        by_win = bool(sim.scores)
        basis = f"win {sim.scores[0][0]}-{sim.scores[0][1]}" if by_win else "points"
        best_other = max(others, key=lambda o: o["win"][0] if by_win else o["points"]) if others else None
        v, d, se, interval = None, None, None, None
        if best_other is not None:  # decided on the unrounded figures
            sums = (self.wdiff if by_win else self.diff)[best_other["option"]]
            d, se = sums[0] / samples, stderr(sums, samples, None)
            z = interval_z()
            v = verdict(d, se, basis, z)
            interval = [round(d - z * se, 4), round(d + z * se, 4)]
            d, se = round(d, 4), round(se, 4)
        return options, {
            "advised_points": adv_row["points"],
            "best_other": best_other["option"] if best_other else None,
            "best_other_points": best_other["points"] if best_other else None,
            "margin": round(adv_row["points"] - best_other["points"], 3) if best_other else None,
            "advised_at_least_as_good_pct": round(100 * self.all_best / samples, 1),
            "verdict": v,
            "basis": basis,
            "diff": d,
            "se": se,
            "interval": interval,
            "settled": v is not None and v != "borderline",
            "equivalence_margin": MARGIN["win" if by_win else "points"],
            "z": round(interval_z(), 3),
        }


def _win(table: dict[tuple[int, int, bool], float], mine: int, theirs: int, mine_next: bool) -> float:
    """The chance of winning the game after a deal that leaves the score at ``mine``-``theirs``."""
    return 1.0 if mine >= 5 else 0.0 if theirs >= 5 else table[(mine, theirs, mine_next)]


def _made(r: Outcome, sim: HintSim, option: str) -> bool:
    """Did the makers make their point? (For the player's own bids and the other options.)"""
    if sim.kind in ("bid", "make"):
        return r.pts[sim.side] > 0  # the player's side made it
    assert sim.maker is not None
    return r.pts[sim.maker % 2] > 0


def _label(sim: HintSim, option: str, spec: dict[str, Any]) -> str:
    """The option in words for the table."""
    kind = sim.kind
    if option == "pass=0":
        return "pass (valued 0)"
    if option == "pass":
        return "pass (the others bid by rule)"
    if kind == "bid":
        verb = {0: "take up", 2: "assist"}.get(sim.player, "order up")
        return f"{verb}, alone" if option == "alone" else verb
    if kind == "make":
        turned = sim.trump
        s = "CDHS".index(option)
        how = "next" if s == 3 - turned else "cross"
        return f"make it {('clubs', 'diamonds', 'hearts', 'spades')[s]} ({how})"
    if option == "turn_up":
        return "discard the turn-up"
    words = (spec.get("option_labels") or {}).get(option) or token_words(option)
    return f"discard {words}" if kind == "discard" else f"lead {words}" if kind == "lead" else f"play {words}"
