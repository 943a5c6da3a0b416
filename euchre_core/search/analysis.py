"""The book, checked: the double-dummy value of every step of each case, and its claims tested.

Two things, both computed by the solver (:func:`euchre_core.search.solver.solve`), never typed in:

* :func:`dd_line` — ``dd[i]``: the makers' total tricks with best play by both sides from
  the position before the ``i``-th card of the case's line (the cards of ``tricks`` in the
  case's JSON, the editor's completions included; they are flagged by ``narrated``).
  Where the value moves, the card just played was not best for its player
  (:func:`departures`): a minimax value only ever moves against the player who moved.
* :func:`check_claim` — a statement of the book (``euchre_core/data/claims.json``) in
  checkable form, and its verdict:

  ``verified``
      it holds with best play by both sides (and, if the claim contrasts the book's play
      with another card, the other card does not do it);
  ``natural-play-only``
      it holds on the line the book gives (its "natural" play, or the narrated line), but
      the other side has a better defence, which ``line`` shows;
  ``refuted``
      the book's own play does not do what the book says (or the card it contrasts with
      does it as well); ``line`` shows the play that refutes it.

Double dummy means every player sees every card: it flatters the defence and the declarer
alike, and it cannot see the point of a play made to inform a partner or to mislead an
opponent. A claim about such a play is checked only for the cards' consequences.

The claims file (``euchre_core/data/claims.json``), per case: ``claims``, each with

``id``, ``quote`` (the book's exact words), ``source`` (``remarks``, ``trick N``, ``outcome`` or
``title``), ``at`` (the claim's position is after the first ``at`` cards of the case's line),
``if`` (optional: the book's hypothesis, cards assumed played from there, ``[seat, card]``
pairs), ``play`` (optional: the book's play from there, pairs, or ``"narrated"`` for the rest
of the case's line), ``whatever`` (optional: a seat; the claim must hold whatever card that
seat, to move at the position, plays), ``expect`` (what must hold at the end of the deal:
``makers_tricks_max``/``makers_tricks_min``: the makers' total tricks; ``tricks_won_by``:
``{"seat": "B", "tricks": [3, 4, 5]}``; ``card_wins``: ``"QD"``, the trick that card is
played to is won by it; and, about the hands at the position itself, ``trumps_exactly``:
``{"seat", "cards"}`` and ``no_trump_below``: ``{"seat", "card"}``), ``instead`` (optional: a
list of other plays, each a list of pairs from the same position, that the book contrasts
with its own: they must fail), ``note`` (the editor's words, optional), and the computed
``verdict`` and ``line`` (written by ``python -m euchre_core.search.analysis --write``; the tests
recompute them and require the stored ones). A case may list ``variants``: a card the book
leaves unknown (an erratum) and the cards it could be; every claim of the case is checked
with each, and must get the same verdict.

``line`` is a list of ``[seat, card]`` pairs from the claim's position before ``if``: the
``if`` cards, then the play that demonstrates the verdict (the book's play and best play
after it; for ``natural-play-only`` the double-dummy defence that beats the claim; for
``refuted`` the refuting play), to the end of the deal.

>>> dd_line(replay_case("I"))[:4]
[2, 2, 2, 4]
>>> r = check_case("I")
>>> r["claims"][0]["verdict"], r["departures"][0]["seat"], r["departures"][0]["card"]
('verified', 'D', 'TC')
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Iterable, Sequence
from functools import lru_cache
from importlib import resources
from typing import Any, cast

from ..formats.cases import CaseReplay, replay_case, replay_case_data
from ..kernel.actions import Action
from ..kernel.cards import Card
from ..kernel.deal import SEAT_NAMES, Deal
from ..kernel.errors import InputError
from ..kernel.tables import EFFECTIVE_SUIT, TRUMP_POWER
from .completion import completion_json
from .solver import solve

__all__ = [
    "VERDICTS",
    "dd_line",
    "departures",
    "principal_variation",
    "claim_position",
    "line_by_trick",
    "load_claims",
    "check_claim",
    "check_case",
    "case_analysis",
    "analyse",
    "stored_mismatches",
    "write_claims",
    "main",
]

VERDICTS = ("verified", "refuted", "natural-play-only")
_CLAIM_INPUT_KEYS = {"id", "quote", "source", "at", "if", "play", "whatever", "expect", "instead", "note"}
_CLAIM_COMPUTED_KEYS = {"verdict", "line"}
_EXPECT_KEYS = {
    "makers_tricks_max",
    "makers_tricks_min",
    "tricks_won_by",
    "card_wins",
    "trumps_exactly",
    "no_trump_below",
}
_STATIC_KEYS = {"trumps_exactly", "no_trump_below"}
_NODE_LIMIT = 2_000_000

Pair = list[str]  # ["B", "JD"]


# --------------------------------------------------------------------------- positions


def _play(deal: Deal, pairs: Iterable[Sequence[str]], where: str = "") -> Deal:
    """Apply ``[seat, card]`` pairs; the seat must be the one to play (else InputError)."""
    for seat, code in pairs:
        if deal.is_over or SEAT_NAMES[deal.actor] != seat:
            raise InputError(
                f"{where}: {seat} {code} is out of turn "
                f"({'the deal is over' if deal.is_over else SEAT_NAMES[deal.actor] + ' to play'})",
                "play",
            )
        deal = deal.apply(Action.play(Card.parse(code)))
    return deal


def _line_pairs(rep: CaseReplay) -> list[Pair]:
    """The case's line as ``[seat, card]`` pairs, in playing order."""
    return [[s, c] for t in rep.data.get("tricks", []) for s, c in t.get("cards", [])]


def _narrated_flags(rep: CaseReplay) -> list[bool]:
    return [bool(t.get("narrated")) for t in rep.data.get("tricks", []) for _ in t.get("cards", [])]


def _position(rep: CaseReplay, at: int) -> Deal:
    """The state after the first ``at`` cards of the case's line."""
    if not 0 <= at <= len(rep.states):
        raise InputError(f"at={at}: the case's line has {len(rep.states)} cards", "at")
    return rep.states[at] if at < len(rep.states) else rep.deal


def _makers_total(deal: Deal) -> int:
    assert deal.makers is not None
    return deal.tricks_won_by_side()[deal.makers]


def _value(deal: Deal) -> int:
    """The makers' total tricks with best play from ``deal`` (the count, once it is over)."""
    return _makers_total(deal) if deal.is_over else solve(deal).maker_tricks


# --------------------------------------------------------------------------- dd and departures


def dd_line(rep: CaseReplay) -> list[int]:
    """``dd[i]``: the makers' total tricks with best play from the position before the
    ``i``-th card of the case's line (one entry per card of ``rep.states``).

    >>> dd_line(replay_case("III")) == [5] * 20
    True
    """
    return [solve(st).maker_tricks for st in rep.states]


def departures(rep: CaseReplay, dd: list[int] | None = None) -> list[dict[str, Any]]:
    """The cards of the case's line that were not best play for their player: where the
    double-dummy value moves. Each: ``index`` (of the card in the line), ``trick``, ``seat``,
    ``card``, ``before``/``after`` (the makers' tricks with best play before and after the
    card), ``best`` (the cards that keep ``before``), ``narrated`` (False for an editor's
    completion) and ``side`` (``"makers"`` or ``"defenders"``: whose error it was).

    >>> [(d["seat"], d["card"], d["before"], d["after"]) for d in departures(replay_case("VIII"))]
    [('A', 'QS', 2, 3), ('B', 'TS', 3, 2)]
    """
    dd = dd if dd is not None else dd_line(rep)
    after = dd[1:] + [_value(rep.deal)]
    flags = _narrated_flags(rep)
    out = []
    pairs = _line_pairs(rep)
    trick_of = [t.get("number", i + 1) for i, t in enumerate(rep.data.get("tricks", [])) for _ in t.get("cards", [])]
    for i, st in enumerate(rep.states):
        if after[i] == dd[i]:
            continue
        res = solve(st)
        maker_seat = st.side_of(st.actor) == st.makers
        out.append(
            {
                "index": i,
                "trick": trick_of[i],
                "seat": pairs[i][0],
                "card": pairs[i][1],
                "before": dd[i],
                "after": after[i],
                "best": sorted(c for c, v in res.moves.items() if v == dd[i]),
                "narrated": flags[i],
                "side": "makers" if maker_seat else "defenders",
            }
        )
    return out


def principal_variation(deal: Deal, prefer: Sequence[Sequence[str]] = ()) -> list[Pair]:
    """Best play by both sides to the end of the deal, as ``[seat, card]`` pairs. Among
    equally good cards the one of ``prefer`` (a line to follow while it is best) is chosen,
    else the first by the engine's order.

    >>> d = replay_case("IV").deal
    >>> principal_variation(d)[:4]
    [['A', 'KS'], ['B', 'QH'], ['C', 'JS'], ['D', '8S']]
    """
    line: list[Pair] = []
    prefer = [list(p) for p in prefer]
    on_book = True
    while not deal.is_over:
        res = solve(deal)
        best = [c for c, v in res.moves.items() if v == res.maker_tricks]
        k = len(line)
        seat = SEAT_NAMES[deal.actor]
        if on_book and k < len(prefer) and prefer[k][0] == seat and prefer[k][1] in best:
            code = prefer[k][1]
        else:
            on_book = False
            code = _first_card(best, deal)
        line.append([seat, code])
        deal = deal.apply(Action.play(Card.parse(code)))
    return line


def _strength(card: Card, trump: int) -> int:
    """A card's rank for choosing among equals: any trump above any plain card."""
    return TRUMP_POWER[trump][card] * 10 + (card & 7)


def _first_card(codes: Iterable[str], deal: Deal) -> str:
    """A stable choice among equally good cards: the lowest (plain cards before trumps)."""
    assert deal.trump is not None
    trump = int(deal.trump)
    return min(codes, key=lambda c: (_strength(Card.parse(c), trump), c))


def claim_position(rep: CaseReplay, claim: dict[str, Any]) -> Deal:
    """The position a claim speaks of: after the first ``at`` cards of the case's line and
    the claim's ``if`` cards.

    >>> claim_position(replay_case("I"), {"at": 3, "if": [["A", "JC"]]}).tricks[0].winner
    0
    """
    return _play(_position(rep, int(claim["at"])), claim.get("if") or [], f"claim {claim.get('id')}")


def line_by_trick(deal: Deal, line: Sequence[Sequence[str]]) -> list[dict[str, Any]]:
    """A line of play from ``deal`` cut into tricks: ``{"number", "before", "cards", "winner"}``
    each (``cards`` are the line's ``[seat, card]`` pairs in that trick, ``before`` the cards
    already on the table when the line starts; ``winner`` is None for a trick the line leaves
    unfinished).

    >>> rep = replay_case("IX")
    >>> t = line_by_trick(rep.states[4], [["D", "9C"], ["A", "QD"], ["D", "7H"]])
    >>> t[0]
    {'number': 2, 'before': [['B', '7D']], 'cards': [['D', '9C'], ['A', 'QD']], 'winner': 'D'}
    >>> t[1]["cards"], t[1]["winner"]
    ([['D', '7H']], None)
    """
    out: list[dict[str, Any]] = []
    current: dict[str, Any] | None = None
    first = True
    for seat, code in line:
        if current is None:
            before = [[SEAT_NAMES[s], str(c)] for s, c in deal.trick] if first else []
            current = {"number": len(deal.tricks) + 1, "before": before, "cards": [], "winner": None}
            first = False
        deal = _play(deal, [[seat, code]], "line")
        current["cards"].append([seat, code])
        if not deal.trick:  # the trick is complete
            current["winner"] = SEAT_NAMES[deal.tricks[-1].winner]
            out.append(current)
            current = None
    if current is not None:
        out.append(current)
    return out


# --------------------------------------------------------------------------- claims data


@lru_cache(maxsize=1)
def _claims_text() -> str:
    return (resources.files("euchre_core") / "data" / "claims.json").read_text(encoding="utf-8")


def load_claims() -> dict[str, Any]:
    """The claims file: ``{"about": ..., "cases": {case id: {"claims": [...], "variants": [...]}}}``.

    >>> sorted(load_claims()["cases"])[:3]
    ['I', 'II', 'III']
    """
    return cast(dict[str, Any], json.loads(_claims_text()))  # the shipped claims file: an object


def _book_texts(data: dict[str, Any]) -> str:
    """Every text of the book in a case (whitespace normalised), where the quotes must be found."""
    parts = [
        data.get("title"),
        data.get("preamble"),
        data.get("score_text"),
        data.get("outcome_text"),
        (data.get("declaration") or {}).get("text"),
    ]
    parts += [t.get("text") for t in data.get("tricks", [])]
    parts += [r.get("text") for r in data.get("remarks", [])]
    return " \n ".join(" ".join(str(p).split()) for p in parts if p)


def _validate(claim: dict[str, Any], data: dict[str, Any]) -> None:
    cid = f"Case {data.get('id')}, claim {claim.get('id')}"
    unknown = set(claim) - _CLAIM_INPUT_KEYS - _CLAIM_COMPUTED_KEYS
    if unknown:
        raise InputError(f"{cid}: unknown keys {sorted(unknown)}", "claims")
    for key in ("id", "quote", "at", "expect"):
        if key not in claim:
            raise InputError(f"{cid}: missing {key!r}", "claims")
    if " ".join(claim["quote"].split()) not in _book_texts(data):
        raise InputError(f"{cid}: the quote is not the book's words in this case: {claim['quote']!r}", "quote")
    bad = set(claim["expect"]) - _EXPECT_KEYS
    if bad or not claim["expect"]:
        raise InputError(f"{cid}: expect keys must be among {sorted(_EXPECT_KEYS)}", "expect")
    if claim.get("whatever") and claim.get("play"):
        raise InputError(f"{cid}: 'whatever' and 'play' exclude each other", "whatever")


# --------------------------------------------------------------------------- goals


class _Goal:
    """What a claim expects at the end of the deal, and for which side it is good."""

    def __init__(self, expect: dict[str, Any], deal: Deal) -> None:
        assert deal.makers is not None
        self.makers = deal.makers
        self.expect = expect
        self.tmax = expect.get("makers_tricks_max")
        self.tmin = expect.get("makers_tricks_min")
        self.won_by = expect.get("tricks_won_by")
        self.card = Card.parse(expect["card_wins"]) if expect.get("card_wins") else None
        sides = set()
        if self.tmax is not None:
            sides.add(1 - self.makers)
        if self.tmin is not None:
            sides.add(self.makers)
        if self.won_by:
            sides.add(deal.side_of(SEAT_NAMES.index(self.won_by["seat"])))
        if self.card is not None:
            holder = next((s for s in range(deal.n) if deal.hands[s] >> self.card & 1), None)
            if holder is None:
                raise InputError(f"card_wins: {self.card} is not in any hand at the claim's position", "expect")
            self.holder = holder
            sides.add(deal.side_of(holder))
        if len(sides) > 1:
            raise InputError("the expectations of one claim must all favour the same side", "expect")
        self.side = sides.pop() if sides else None
        self.trick_only = not self.won_by and self.card is None

    def static_ok(self, deal: Deal) -> bool:
        """The expectations about the hands at the claim's position."""
        assert deal.trump is not None
        trump = int(deal.trump)
        ok = True
        te = self.expect.get("trumps_exactly")
        if te:
            seat = SEAT_NAMES.index(te["seat"])
            held = {str(c) for c in deal.hand(seat) if EFFECTIVE_SUIT[trump][c] == trump}
            ok &= held == set(te["cards"])
        nb = self.expect.get("no_trump_below")
        if nb:
            seat = SEAT_NAMES.index(nb["seat"])
            limit = TRUMP_POWER[trump][Card.parse(nb["card"])]
            ok &= all(TRUMP_POWER[trump][c] > limit for c in deal.hand(seat) if EFFECTIVE_SUIT[trump][c] == trump)
        return ok

    def tricks_ok(self, makers_tricks: int) -> bool:
        return (self.tmax is None or makers_tricks <= self.tmax) and (self.tmin is None or makers_tricks >= self.tmin)

    def partial(self, deal: Deal) -> bool | None:
        """True/False once decided by the tricks played so far, else None."""
        taken = _makers_total(deal)
        lost = len(deal.tricks) - taken
        left = 5 - len(deal.tricks)
        if self.tmax is not None and taken > self.tmax:
            return False
        if self.tmin is not None and taken + left < self.tmin:
            return False
        if self.won_by:
            seat = SEAT_NAMES.index(self.won_by["seat"])
            for n in self.won_by["tricks"]:
                if n <= len(deal.tricks) and deal.tricks[n - 1].winner != seat:
                    return False
        if self.card is not None:
            for t in deal.tricks:
                if any(c == self.card for _, c in t.cards):
                    if t.winner != self.holder or dict(t.cards).get(self.holder) != self.card:
                        return False
        if not deal.is_over:
            if self.tmin is not None and taken < self.tmin:
                return None
            if self.tmax is not None and 5 - lost > self.tmax:
                return None
            if self.won_by and any(n > len(deal.tricks) for n in self.won_by["tricks"]):
                return None
            if self.card is not None and (
                deal.hands[self.holder] >> self.card & 1 or any(c == self.card for _, c in deal.trick)
            ):
                return None
        return True


def _search(
    deal: Deal, goal: _Goal, prefer: list[Pair], universal_root: bool, counter: list[int]
) -> tuple[bool, list[Pair]]:
    """Can ``goal.side`` make the goal come true from ``deal`` whatever the others play?
    (At the root, with ``universal_root``, every card of the player to move is tried.)
    Returns the answer and a line that shows it (following ``prefer`` where it can)."""
    counter[0] += 1
    if counter[0] > _NODE_LIMIT:
        raise InputError("the claim's position is too large to search card by card", "at")
    p = goal.partial(deal)
    if p is not None:
        return p, []
    mine = deal.side_of(deal.actor) == goal.side and not universal_root
    seat = SEAT_NAMES[deal.actor]
    codes = [str(a.card) for a in deal.legal_actions() if a.card is not None]
    if prefer and prefer[0][0] == seat and prefer[0][1] in codes:
        codes.remove(prefer[0][1])
        codes.insert(0, prefer[0][1])
        rest_prefer = prefer[1:]
    else:
        rest_prefer = []
    fallback: list[Pair] | None = None
    for i, code in enumerate(codes):
        ok, line = _search(
            deal.apply(Action.play(Card.parse(code))), goal, rest_prefer if i == 0 else [], False, counter
        )
        if ok == mine:
            return ok, [[seat, code]] + line
        if fallback is None:
            fallback = [[seat, code]] + line
    assert fallback is not None
    return (not mine), fallback


def _holds(deal: Deal, goal: _Goal, prefer: list[Pair], whatever: bool = False) -> tuple[bool, list[Pair]]:
    """Does the goal hold from ``deal`` with best play by both sides (every card of the player
    to move, with ``whatever``)? And a line that shows the answer."""
    if not goal.static_ok(deal):
        return False, []
    if goal.side is None:  # only statements about the hands
        return True, []
    if goal.trick_only:
        if deal.is_over:
            return goal.tricks_ok(_makers_total(deal)), []
        res = solve(deal)
        if whatever:
            worst = None
            for code, v in res.moves.items():
                if not goal.tricks_ok(v):
                    worst = code
                    break
            if worst is None:
                first = prefer[0][1] if prefer and prefer[0][1] in res.moves else _first_card(res.moves, deal)
                nxt = deal.apply(Action.play(Card.parse(first)))
                return True, [[SEAT_NAMES[deal.actor], first]] + principal_variation(nxt, prefer[1:])
            nxt = deal.apply(Action.play(Card.parse(worst)))
            return False, [[SEAT_NAMES[deal.actor], worst]] + principal_variation(nxt)
        return goal.tricks_ok(res.maker_tricks), principal_variation(deal, prefer)
    ok, line = _search(deal, goal, prefer, whatever, [0])
    return ok, line + principal_variation(_play(deal, line))  # decided: best play to the end


# --------------------------------------------------------------------------- one claim


def _variant_data(data: dict[str, Any], variant: dict[str, Any] | None) -> dict[str, Any]:
    if not variant:
        return data
    out: dict[str, Any] = json.loads(json.dumps(data))  # a deep copy of a JSON object
    hand = out["hands"][variant["seat"]]
    hand[hand.index(variant["card"])] = variant["as"]
    return out


def check_claim(rep: CaseReplay, claim: dict[str, Any]) -> dict[str, Any]:
    """Check one claim against a replayed case: ``{"verdict", "line", "values"}``.

    ``values``: the makers' tricks with best play at the claim's position (``best``; for each
    card of the player to move, ``moves``), after the book's play (``play``) and after each
    contrasted play (``instead``).

    >>> rep = replay_case("I")
    >>> c = {"id": "x", "quote": "If A goes over the ten of trumps with his right in the first trick",
    ...      "at": 3, "if": [["A", "JC"]], "expect": {"makers_tricks_max": 2}}
    >>> r = check_claim(rep, c)
    >>> r["verdict"], r["line"][:2], r["values"]["best"]
    ('verified', [['A', 'JC'], ['A', '8S']], 2)
    """
    data = rep.data
    _validate(claim, data)
    where = f"Case {data.get('id')}, claim {claim['id']}"
    base = _position(rep, int(claim["at"]))
    premise = [list(p) for p in claim.get("if") or []]
    pos = _play(base, premise, where)
    narrated = _line_pairs(rep)[int(claim["at"]) :]
    play = claim.get("play") or []
    if play == "narrated":
        play = narrated
        if premise:
            raise InputError(f"{where}: 'if' and a narrated play exclude each other", "play")
    play = [list(p) for p in play]
    goal = _Goal(claim["expect"], pos)
    whatever = bool(claim.get("whatever"))
    if whatever and SEAT_NAMES[pos.actor] != claim["whatever"]:
        raise InputError(f"{where}: {claim['whatever']} is not to play at the claim's position", "whatever")
    prefer = play or (narrated if not premise else [])
    best_ok, best_line = _holds(pos, goal, prefer, whatever)
    if play:
        after_play = _play(pos, play, where)
        play_ok, rest = _holds(after_play, goal, [])
        play_line = play + rest
    else:
        after_play, play_ok, play_line = pos, best_ok, best_line
    contrasts = []
    for alt in claim.get("instead") or []:
        alt = [list(p) for p in alt]
        ok, rest = _holds(_play(pos, alt, where), goal, [])
        contrasts.append((ok, alt + rest))
    if play_ok and best_ok and not any(ok for ok, _ in contrasts):
        verdict, line = "verified", play_line
    elif play_ok and not best_ok:
        verdict, line = "natural-play-only", best_line
    elif not play_ok:
        verdict, line = "refuted", play_line
    else:
        verdict, line = "refuted", next(alt_line for ok, alt_line in contrasts if ok)
    values: dict[str, Any] = {}
    if not pos.is_over:
        values["best"] = solve(pos).maker_tricks
    # the choice the claim is about: the player to move before the book's hypothesis (an
    # ``if`` with no play of the book after it), else the player to move at the position
    chooser = base if premise and not play and not whatever else pos
    if not chooser.is_over and not set(claim["expect"]) <= _STATIC_KEYS:
        res = solve(chooser)
        values["moves"] = dict(sorted(res.moves.items(), key=lambda kv: (-kv[1], kv[0])))
        values["to_move"] = SEAT_NAMES[chooser.actor]
    if play:
        values["play"] = _value(after_play)
    if contrasts:
        values["instead"] = [_value(_play(pos, [list(p) for p in alt], where)) for alt in claim["instead"]]
    return {"verdict": verdict, "line": premise + line, "values": values}


# --------------------------------------------------------------------------- a case


def case_analysis(case_id: str) -> dict[str, Any]:
    """The analysis of one case as stored in the claims file's form: ``dd`` (one value per
    card of the line), ``dd_end`` (after the last card), ``departures`` and ``claims`` (each
    claim's data with its computed ``verdict``, ``line`` and ``values``; with ``variants``
    when the case has an unknown card, the verdict of each).

    >>> a = case_analysis("IX")
    >>> a["dd"], [c["verdict"] for c in a["claims"]]
    ([2, 2, 2, 2, 2, 2], ['verified', 'verified', 'verified'])
    """
    return _case_analysis_cached(str(case_id).strip().upper())


@lru_cache(maxsize=16)
def _case_analysis_cached(case_id: str) -> dict[str, Any]:
    rep = replay_case(case_id)
    entry = load_claims()["cases"].get(rep.data["id"], {})
    return analyse(rep, entry)


def analyse(rep: CaseReplay, entry: dict[str, Any]) -> dict[str, Any]:
    """:func:`case_analysis` for a replayed case and its entry of the claims file (the form
    of ``load_claims()["cases"][id]``; ``{}`` for none): the site renders its pages with it.

    >>> analyse(replay_case("II"), {})["dd"]
    [2, 2, 2, 2]
    """
    dd = dd_line(rep)
    variants = entry.get("variants") or []
    reps = [(v, replay_case_data(_variant_data(rep.data, v))) for v in variants]
    claims = []
    for claim in entry.get("claims", []):
        got = check_claim(rep, claim)
        out = {k: v for k, v in claim.items() if k not in _CLAIM_COMPUTED_KEYS}
        out.update(got)
        if reps:
            out["variants"] = [
                {"seat": v["seat"], "card": v["card"], "as": v["as"], "verdict": check_claim(vrep, claim)["verdict"]}
                for v, vrep in reps
            ]
        claims.append(out)
    return {
        "case": rep.data["id"],
        "dd": dd,
        "dd_end": _value(rep.deal),
        "narrated": _narrated_flags(rep),
        "departures": departures(rep, dd),
        "claims": claims,
        "variants": variants,
    }


def check_case(case_id: str) -> dict[str, Any]:
    """The ``case ID --json`` additions: ``dd`` (one value per card of the case's line),
    ``dd_end`` (the value after its last card: the final count when the deal is complete),
    ``dd_narrated`` (per card: False for the editor's completions, the cards the book does not
    name), ``departures`` and ``claims`` (each ``{"id", "quote", "source", "verdict", "line",
    "at", "if", "values", "note"}``; ``line`` as ``[seat, card]`` pairs from the position after
    the first ``at`` cards of the line).

    >>> [c["verdict"] for c in check_case("II")["claims"]][:2]
    ['verified', 'natural-play-only']
    """
    a = case_analysis(case_id)
    keep = ("id", "quote", "source", "verdict", "line", "at", "if", "values", "note", "variants")
    return {
        "dd": a["dd"],
        "dd_end": a["dd_end"],
        "dd_narrated": a["narrated"],
        "departures": a["departures"],
        "claims": [{k: c[k] for k in keep if k in c} for c in a["claims"]],
    }


# --------------------------------------------------------------------------- stored verdicts


def stored_mismatches(claims_doc: dict[str, Any] | None = None) -> list[str]:
    """Every claim whose stored ``verdict`` or ``line`` differs from the one computed now, and
    every variant that changes a verdict (an empty list when all agree).

    >>> stored_mismatches()
    []
    """
    doc = claims_doc if claims_doc is not None else load_claims()
    problems = []
    for case_id, entry in doc["cases"].items():
        rep = replay_case(case_id)
        result = analyse(rep, entry)
        for stored, got in zip(entry.get("claims", []), result["claims"], strict=True):
            for key in ("verdict", "line"):
                if stored.get(key) != got[key]:
                    problems.append(
                        f"Case {case_id}, claim {stored['id']}: stored {key} {stored.get(key)!r}, computed {got[key]!r}"
                    )
            for v in got.get("variants", []):
                if v["verdict"] != got["verdict"]:
                    problems.append(
                        f"Case {case_id}, claim {stored['id']}: with {v['seat']} holding {v['as']} "
                        f"for {v['card']} the verdict is {v['verdict']}, not {got['verdict']}"
                    )
    return problems


def write_claims(path: str | None = None) -> int:
    """Recompute every claim's ``verdict`` and ``line`` and write them into the claims file;
    returns the number of claims whose stored result changed."""
    target = path or str(resources.files("euchre_core") / "data" / "claims.json")
    with open(target, encoding="utf-8") as fh:
        doc = json.load(fh)
    changed = 0
    for case_id, entry in doc["cases"].items():
        result = analyse(replay_case(case_id), entry)
        for stored, got in zip(entry.get("claims", []), result["claims"], strict=True):
            for key in ("verdict", "line"):
                if stored.get(key) != got[key]:
                    changed += 1
                    stored[key] = got[key]
    with open(target, "w", encoding="utf-8") as fh:
        fh.write(_dump(doc))
    _claims_text.cache_clear()
    _case_analysis_cached.cache_clear()
    return changed


def _dump(doc: dict[str, Any]) -> str:
    """The claims file's layout: two-space indent, each ``[seat, card]`` pair on one line."""
    text = json.dumps(doc, indent=2, ensure_ascii=False)
    text = re.sub(r'\[\s+"([A-D])",\s+"([2-9TJQKA][CDHS]|JK)"\s+\]', r'["\1", "\2"]', text)
    return text + "\n"


def main(argv: list[str] | None = None) -> int:
    """``python -m euchre_core.search.analysis [--write] [CASE ...]``: print each claim's verdict
    (``--write``: store the recomputed verdicts and lines in the claims file first)."""
    args = list(sys.argv[1:] if argv is None else argv)
    if "--write" in args:
        args.remove("--write")
        print(f"{write_claims()} stored results changed")
    ids = args or list(load_claims()["cases"])
    for case_id in ids:
        a = case_analysis(case_id)
        print(f"Case {a['case']}: dd {a['dd']} -> {a['dd_end']}")
        for d in a["departures"]:
            print(
                f"  not best: trick {d['trick']}, {d['seat']} {d['card']} ({d['before']} -> {d['after']}; "
                f"best {', '.join(d['best'])})"
            )
        for c in a["claims"]:
            print(f"  {c['verdict']:>17}  {c['quote']}")
    return 0


def case_to_json(case_id: str) -> dict[str, Any]:
    """The ``case ID --json`` form: ``{"case": ..., "deals": [...], "errata": [...], "dd": [...],
    "claims": [...]}``. ``deals[0]`` is the whole deal (:func:`euchre_core.search.completion.completion_json`):
    every trick with each card's ``source`` (``"book"`` or ``"engine"``), ``tricks_won`` and ``points``;
    ``dd``, ``dd_end``, ``departures`` and ``claims`` are computed by
    :func:`euchre_core.search.analysis.check_case` (its docstring gives their form)."""
    rep = replay_case(case_id)
    d = rep.deal
    deal_json = completion_json(case_id)  # the whole deal: the book's cards, then the engine's
    deal_json.update(
        {
            "dealer": SEAT_NAMES[d.dealer],
            "trump": d.trump.letter if d.trump is not None else None,
            "turn_up": rep.data.get("turn_up"),
            "hands": rep.data.get("hands"),
            "narration_complete": d.is_over,
        }
    )
    return {
        "case": rep.data.get("id"),
        "title": rep.data.get("title"),
        "deals": [deal_json],
        "errata": rep.data.get("errata", []),
        **check_case(rep.data["id"]),
    }


if __name__ == "__main__":
    raise SystemExit(main())
