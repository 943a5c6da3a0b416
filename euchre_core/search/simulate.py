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

import ast
import hashlib
import json
import random
import re
from collections.abc import Callable
from functools import lru_cache
from importlib import resources
from typing import Any, cast

from ..kernel import decode
from ..kernel.cards import Card, CardError, Suit, pack
from ..kernel.deal import Deal, score_deal
from ..kernel.errors import InputError
from ..kernel.play import speaking_order
from ..kernel.rules import SOMERSET_1888
from ..kernel.tables import EFFECTIVE_SUIT, LEFT_BOWER, RIGHT_BOWER, TRUMP_POWER
from ..kernel.version import __version__
from .solver import solve

__all__ = [
    "RULE",
    "KINDS",
    "load_specs",
    "spec_by_id",
    "simulate_hint",
    "hand_strength",
    "rule_discard",
    "game_model",
    "stored_game_model",
    "win_probability",
    "spec_hash",
    "engine_fingerprint",
    "token_words",
    "MAX_SAMPLES",
    "MAX_DRAWS",
    "GAME_MODEL_DEALS",
    "GAME_MODEL_SEED",
    "MARGIN",
    "FAMILY_ERROR",
    "look_points",
    "z_for",
    "interval_z",
    "VERDICTS",
    "verdict",
]

SEATS = "ABCD"  # A deals; B eldest; C the dealer's partner; D third hand
ROUND1 = speaking_order(4, 0)  # the order of both rounds, A dealing: B C D A (Laws 74-77)
KINDS = ("bid", "make", "discard", "lead", "play")
MAX_SAMPLES = 51_200  # the site's cap (hint_tests.json, "build"): the most layouts one call plays
MAX_TRIES = 20_000  # draws per accepted layout before giving up
MAX_DRAWS = 6_000_000  # draws (kept or thrown back) in one call of simulate_hint, whatever the samples: its bound (issue 27: the rarest spec, lone-hands-7, keeps about 1 draw in 90, so the cap of 51,200 layouts takes about 4.6 million)
DRAWS_PER_LAYOUT = 250  # below MAX_DRAWS, a call asking for n layouts draws at most 250 n (and MAX_TRIES)
PROBE_DRAWS = 2_000  # the first draws, which show whether the spec's layouts are too rare for the call
RULE = {
    # a plain player's rule of thumb for the others' bids (and the dealer's discard): not the book's
    "right": 3.0,
    "left": 2.5,
    "ace": 2.0,
    "king": 1.5,
    "queen": 1.25,
    "small": 1.0,
    "plain_ace": 1.0,
    "void": 0.5,  # each plain suit void, when holding two trumps or more
    "threshold": 6.0,  # make the trump at this strength or more
}
_RANKS = "789TJQKA"
_TOKEN = re.compile(
    r"^(?:(?P<code>[789TJQKA][CDHS])|(?P<bower>[RL])|(?P<trank>[AKQT987])t|(?P<tclass>[smt])t?"
    r"|(?P<prank>[AKQJT987xn])(?P<group>[123N])|(?P<plain>[xan]))$"
)


# --------------------------------------------------------------------------- the rule of thumb


def hand_strength(cards: list[int], trump: int) -> float:
    """A hand's worth with ``trump`` as trumps, by :data:`RULE` (the others' bidding rule):
    right 3, left 2.5, ace 2, king 1.5, queen 1.25, other trumps 1, plain aces 1, and 0.5
    for each plain suit void when holding two trumps or more.

    >>> hand_strength([Card.parse(c) for c in ("JC", "JS", "AC", "AH", "7D")], 0)   # 3 + 2.5 + 2 + 1 + 0.5
    9.0
    """
    s = 0.0
    trumps = 0
    suits = set()
    for c in cards:
        if c == RIGHT_BOWER[trump]:
            s += RULE["right"]
        elif c == LEFT_BOWER[trump]:
            s += RULE["left"]
        elif EFFECTIVE_SUIT[trump][c] == trump:
            r = c & 7
            s += RULE["ace"] if r == 7 else RULE["king"] if r == 6 else RULE["queen"] if r == 5 else RULE["small"]
        else:
            suits.add(EFFECTIVE_SUIT[trump][c])
            if c & 7 == 7:
                s += RULE["plain_ace"]
            continue
        trumps += 1
    if trumps >= 2:
        s += RULE["void"] * (3 - len(suits))
    return s


def rule_discard(six: list[int], trump: int) -> int:
    """The dealer's discard by the rule: the lowest plain card of his shortest plain suit,
    keeping aces (and, between equal suits, the suit with an ace); a trump only if he holds
    nothing else (then the lowest).

    >>> str(Card(rule_discard([Card.parse(c) for c in ("JC", "9C", "AH", "7H", "KD", "7D")], 0)))
    '7D'
    """
    plain = [c for c in six if EFFECTIVE_SUIT[trump][c] != trump]
    if not plain:
        return min(six, key=lambda c: TRUMP_POWER[trump][c])
    count: dict[int, int] = {}
    aces: set[int] = set()
    for c in plain:
        s = EFFECTIVE_SUIT[trump][c]
        count[s] = count.get(s, 0) + 1
        if c & 7 == 7:
            aces.add(s)
    return min(
        plain, key=lambda c: (c & 7 == 7, count[EFFECTIVE_SUIT[trump][c]], EFFECTIVE_SUIT[trump][c] in aces, c & 7, c)
    )


def _dealer_takes(hand: list[int], turn_up: int, trump: int) -> list[int]:
    six = hand + [turn_up]
    out = rule_discard(six, trump)
    return [c for c in six if c != out]


def _wants(hand: list[int], trump: int) -> bool:
    return hand_strength(hand, trump) >= RULE["threshold"]


def _round1_bid(seat: int, hands: list[list[int]], turn_up: int) -> bool:
    """Would ``seat`` order up / assist / take up the turn-up by the rule?"""
    t = turn_up >> 3
    if seat == 0:
        return _wants(_dealer_takes(hands[0], turn_up, t), t)
    if seat == 2:  # the dealer's partner counts the card his partner takes up
        return _wants(hands[2] + [turn_up], t)
    return _wants(hands[seat], t)


def _round2_choice(seat: int, hand: list[int], turned: int) -> int | None:
    """The suit ``seat`` makes in the second round by the rule (his best, not the turned
    suit), or None."""
    best, best_s = None, -1.0
    for t in range(4):
        if t == turned:
            continue
        s = hand_strength(hand, t)
        if s > best_s:
            best, best_s = t, s
    return best if best_s >= RULE["threshold"] else None


# --------------------------------------------------------------------------- specs


@lru_cache(maxsize=1)
def _specs_text() -> str:
    return (resources.files("euchre_core") / "data" / "hint_tests.json").read_text(encoding="utf-8")


def load_specs() -> list[dict[str, Any]]:
    """Every hint test (``euchre_core/data/hint_tests.json``), in the file's order.

    >>> specs = load_specs()
    >>> specs[0]["hint"], specs[0]["kind"]
    ('eldest-1', 'bid')
    """
    return cast(list[dict[str, Any]], json.loads(_specs_text())["specs"])  # the shipped file's list of objects


def spec_by_id(spec_id: str) -> dict[str, Any]:
    """The spec with this id, else the first spec of the hint with this id (InputError if none)."""
    specs = load_specs()
    for s in specs:
        if s["id"] == spec_id:
            return s
    for s in specs:
        if s["hint"] == spec_id:
            return s
    raise InputError(f"no hint test {spec_id!r}", "spec_or_id")


def engine_fingerprint() -> str:
    """A hash of the engine code the figures depend on (solver, deal, tables, rules, cards,
    this module) and its version: the figures are recomputed when any of it changes. The code
    is hashed as its syntax tree without docstrings, so comments and documentation do not count.

    >>> len(engine_fingerprint())
    16
    """
    raw = engine_sources_hash()
    if raw not in FINGERPRINTS:
        h = hashlib.sha256(__version__.encode())
        for name in _ENGINE_FILES:
            h.update(_code_shape((resources.files("euchre_core") / name).read_text(encoding="utf-8")).encode())
        FINGERPRINTS[raw] = h.hexdigest()[:16]
    return FINGERPRINTS[raw]


_ENGINE_FILES = (
    "search/simulate.py",
    "search/solver.py",
    "kernel/deal.py",
    "kernel/play.py",
    "kernel/tables.py",
    "kernel/rules.py",
    "kernel/cards.py",
)
FINGERPRINTS: dict[str, str] = {}  # the raw sources' hash -> the fingerprint (a memo: parsing takes time)


def engine_sources_hash() -> str:
    """A quick hash of the engine files' raw text (the key of :data:`FINGERPRINTS`)."""
    h = hashlib.sha256(__version__.encode())
    for name in _ENGINE_FILES:
        h.update((resources.files("euchre_core") / name).read_bytes())
    return h.hexdigest()


def _code_shape(source: str) -> str:
    """The syntax tree of a module without its docstrings, as text."""
    tree = ast.parse(source)
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if (
            isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
            and body
            and isinstance(body[0], ast.Expr)
            and isinstance(body[0].value, ast.Constant)
            and isinstance(body[0].value.value, str)
        ):
            node.body = body[1:] or [ast.Pass()]
    return ast.dump(tree)


def spec_hash(spec: dict[str, Any], samples: int, seed: int, engine: str | None = None, batch: int = 0) -> str:
    """The content hash of one simulation: the spec, the samples (with ``batch``, the cap), the
    seed, the batch and the engine (``engine``: :func:`engine_fingerprint`, computed if not given).

    >>> len(spec_hash({"id": "x"}, 10, 1, engine="e"))
    16
    """
    text = json.dumps(
        {
            "spec": spec,
            "samples": samples,
            "seed": seed,
            "engine": engine or engine_fingerprint(),
            **({"batch": batch} if batch else {}),
        },
        sort_keys=True,
    )
    return hashlib.sha256(text.encode()).hexdigest()[:16]


# --------------------------------------------------------------------------- tokens and layouts


def _parse_token(tok: str, field: str = "hand") -> re.Match[str]:
    """A card or token of the spec's ``field``; an :class:`InputError` naming that field when it is neither.

    >>> _parse_token("ZZ", "turn_up")
    Traceback (most recent call last):
    ...
    euchre_core.kernel.errors.InputError: turn_up: 'ZZ' is neither a card (JC) nor a token (R, L, At, st, x1, …)
    """
    m = _TOKEN.match(str(tok))
    if not m:
        raise InputError(f"{tok!r} is neither a card (JC) nor a token (R, L, At, st, x1, …)", field)
    return m


def _named_card(tok: str, trump: int) -> int | None:
    """The one card a token names whatever the layout (a card's code, or a bower), else None."""
    m = _parse_token(tok)
    if m.group("code"):
        return Card.parse(m.group("code"))
    if m.group("bower"):
        return RIGHT_BOWER[trump] if m.group("bower") == "R" else LEFT_BOWER[trump]
    return None


def _check_distinct(named: list[tuple[str, str]], trump: int) -> None:
    """Each card named once in a spec: the same card in two places (the turn-up also in the hand…) is
    an :class:`InputError` naming the second place's field."""
    seen: dict[int, str] = {}
    for field, tok in named:
        card = _named_card(tok, trump)
        if card is None:
            continue
        if card in seen:
            raise InputError(f"{tok!r} is already in {seen[card]}: a card can be in one place only", field)
        seen[card] = field


class _Resolver:
    """Resolves the tokens of one layout: group labels get distinct plain suits."""

    def __init__(self, trump: int, rng: random.Random, used: set[int]) -> None:
        self.trump = trump
        self.rng = rng
        self.used = used
        plain = [s for s in range(4) if s != trump]
        nxt = 3 - trump
        rest = [s for s in plain if s != nxt]
        rng.shuffle(rest)
        order = rest + [nxt]  # the next suit last: groups prefer the others
        self.groups = {"N": nxt, "1": order[0], "2": order[1], "3": order[2]}

    def candidates(self, tok: str) -> list[int]:
        t = self.trump
        m = _parse_token(tok)
        eff = EFFECTIVE_SUIT[t]
        if m.group("code"):
            return [Card.parse(m.group("code"))]
        if m.group("bower"):
            return [RIGHT_BOWER[t] if m.group("bower") == "R" else LEFT_BOWER[t]]
        if m.group("trank"):
            return [t * 8 + _RANKS.index(m.group("trank"))]
        if m.group("tclass"):
            k = m.group("tclass")
            trumps = [c for c in range(32) if eff[c] == t]
            if k == "s":
                return [c for c in trumps if (c >> 3) == t and c & 7 in (0, 1, 2, 3)]
            if k == "m":
                return [c for c in trumps if (c >> 3) == t and c & 7 in (2, 3, 5, 6)]
            return trumps
        if m.group("group"):
            s = self.groups[m.group("group")]
            cards = [c for c in range(s * 8, s * 8 + 8) if eff[c] == s]
            r = m.group("prank")
            if r == "x":
                return cards
            if r == "n":
                return [c for c in cards if c & 7 != 7]
            return [c for c in cards if c & 7 == _RANKS.index(r)]
        k = m.group("plain")
        plain = [c for c in range(32) if eff[c] != t]
        if k == "a":
            return [c for c in plain if c & 7 == 7]
        if k == "n":
            return [c for c in plain if c & 7 != 7]
        return plain

    def take(self, tok: str) -> int:
        options = [c for c in self.candidates(tok) if c not in self.used]
        if not options:
            raise _Retry
        c = options[int(self.rng.random() * len(options))]
        self.used.add(c)
        return c


class _Retry(Exception):
    """This draw cannot be completed: draw again."""


def _specificity(tok: str) -> int:
    """Resolve the most specific tokens first (cards, bowers, ranks), the widest last."""
    m = _parse_token(tok)
    if m.group("code") or m.group("bower") or m.group("trank"):
        return 0
    if m.group("group") and m.group("prank") not in "xn":
        return 1
    if m.group("tclass") or m.group("group"):
        return 2
    return 3


def _resolve_all(tokens: list[tuple[str, str]], res: _Resolver) -> dict[str, int]:
    """Tokens keyed by a name (``hand.0``, ``turn_up``…) to cards, most specific first."""
    out: dict[str, int] = {}
    for key, tok in sorted(tokens, key=lambda kt: _specificity(kt[1])):
        out[key] = res.take(tok)
    return out


# --------------------------------------------------------------------------- scoring


def _points(makers_side: int, maker: int, alone: int | None, tricks_makers: int) -> tuple[int, int]:
    by_side = (tricks_makers, 5 - tricks_makers) if makers_side == 0 else (5 - tricks_makers, tricks_makers)
    r = score_deal(SOMERSET_1888, makers_side, maker, alone, 1 if alone is not None else 0, by_side)
    return r.points[0], r.points[1]


def _solve_tricks(hands: list[list[int]], trump: int, maker: int, alone: int | None = None) -> int:
    """The makers' tricks with best play from the opening lead (eldest leads)."""
    d = Deal.position([[Card(c) for c in h] for h in hands], Suit(trump), maker=maker, alone=alone)
    return solve(d).maker_tricks


def _memo_solve(memo: dict[Any, int] | None, key: tuple[Any, ...], solve_it: Any) -> int:
    """The makers' tricks of the deal ``key`` names (round, trump, maker, lone seat), solved once per
    layout when a memo is given (the hands are the layout's), every time when ``memo`` is None."""
    if memo is None:
        return int(solve_it())
    if key not in memo:
        memo[key] = int(solve_it())
    return memo[key]


class _Outcome:
    """One option's result on one layout: the player's side's points (net) and tricks, and the
    points of both sides (for the chance of winning the game)."""

    __slots__ = ("net", "tricks", "pts")

    def __init__(self, pts: tuple[int, int], side: int, tricks: float) -> None:
        self.pts = pts
        self.net = pts[side] - pts[1 - side]
        self.tricks = tricks


# --------------------------------------------------------------------------- the kinds


def _seat(spec: dict[str, Any], key: str = "seat", default: str | None = None) -> int:
    name = spec.get(key, default)
    if name not in tuple(SEATS):
        raise InputError(f"{key}: give a seat A, B, C or D (A deals)", key)
    return SEATS.index(name)


def _suit(letter: Any, field: str) -> int:
    if not isinstance(letter, str) or letter.upper() not in ("C", "D", "H", "S"):
        raise InputError("give a suit: C, D, H or S", field)
    return "CDHS".index(letter.upper())


class _Sim:
    """A prepared spec: validated fields, the options, and one layout's evaluation."""

    def __init__(self, spec: dict[str, Any]) -> None:
        if not isinstance(spec, dict):
            raise InputError("a spec is a JSON object (or give the id of a hint test)", "spec_or_id")
        self.spec = spec
        self.kind = spec.get("kind")
        if self.kind not in KINDS:
            raise InputError(f"kind: one of {', '.join(KINDS)}", "kind")
        self.player = _seat(spec)
        self.side = self.player % 2
        hand = spec.get("hand")
        if not isinstance(hand, list) or len(hand) != 5:
            raise InputError("the player's hand: five cards or tokens", "hand")
        self.hand_tokens = [str(t) for t in hand]
        for t in self.hand_tokens:
            _parse_token(t)
        self.trump = _suit(spec.get("trump", "C"), "trump")
        self.turn_up_tok = spec.get("turn_up")
        self.turn_down_tok = spec.get("turn_down")
        self.others = spec.get("others") or {}
        for k in self.others:
            if k not in tuple(SEATS) or SEATS.index(k) == self.player:
                raise InputError(f"others: {k!r} is not another seat", "others")
        self.scores = [tuple(int(x) for x in s) for s in spec.get("scores") or []]
        for a, b in self.scores:
            if not (0 <= a <= 4 and 0 <= b <= 4):
                raise InputError("scores: each side 0-4 (a side with five has won)", "scores")
        self.alone = _seat(spec, "alone") if spec.get("alone") else None
        self.maker = _seat(spec, "maker") if spec.get("maker") else None
        self.trick_spec = [list(p) for p in spec.get("trick") or []]
        for p in self.trick_spec:
            if len(p) != 2 or p[0] not in tuple(SEATS):
                raise InputError("trick: a list of [seat, card or token] pairs", "trick")
            _parse_token(str(p[1]), "trick")
        for field, tok in (("turn_up", self.turn_up_tok), ("turn_down", self.turn_down_tok)):
            if tok is not None:
                _parse_token(str(tok), field)
        holds = [str(t) for cons in self.others.values() if isinstance(cons, dict) for t in cons.get("holds") or []]
        for t in holds:
            _parse_token(t, "others")
        _check_distinct(
            [("hand", t) for t in self.hand_tokens]
            + [(f, str(t)) for f, t in (("turn_up", self.turn_up_tok), ("turn_down", self.turn_down_tok)) if t]
            + [("trick", str(p[1])) for p in self.trick_spec]
            + [("others", t) for t in holds],
            self.trump,
        )
        self.then = spec.get("then")
        getattr(self, f"_setup_{self.kind}")()
        advised = self.advised
        if advised not in self.options:
            raise InputError(f"advised: {advised!r} is not one of the options {self.options}", "advised")
        alts = spec.get("alternatives")
        if alts:
            for a in alts:
                if a not in self.options:
                    raise InputError(f"alternatives: {a!r} is not one of the options {self.options}", "alternatives")
            self.compare = [advised] + [a for a in alts if a != advised]
        else:
            defaults = getattr(self, "default_alts", self.options)
            self.compare = [advised] + [o for o in defaults if o != advised]

    # ---- setup per kind: the options and what the player is shown

    def _setup_bid(self) -> None:
        if self.turn_up_tok is None:
            raise InputError("a bid needs the turn-up", "turn_up")
        self.options = ["bid", "alone", "pass", "pass=0"]
        self.advised = self.spec.get("advised", "bid")
        self.default_alts = ["bid", "pass", "pass=0"]
        if self.then is not None and self.then != "next":
            _suit(self.then, "then")

    def _setup_make(self) -> None:
        if self.turn_down_tok is None:
            raise InputError("a second-round make needs the card turned down", "turn_down")
        self.options = ["C", "D", "H", "S", "pass", "pass=0"]
        adv = str(self.spec.get("advised", "next"))
        turned = self.trump
        if adv == "next":
            adv = "CDHS"[3 - turned]
        self.advised = adv.upper() if adv not in ("pass", "pass=0") else adv
        self.options.remove("CDHS"[turned])

    def _card_options(self) -> None:
        self.options = list(dict.fromkeys(self.hand_tokens))
        adv = self.spec.get("advised")
        if adv is None:
            raise InputError("advised: the hand token or card the hint recommends", "advised")
        self.advised = str(adv)

    def _setup_discard(self) -> None:
        if self.player != 0:
            raise InputError("the discard is the dealer's (seat A)", "seat")
        if self.turn_up_tok is None:
            raise InputError("the dealer's discard needs the turn-up", "turn_up")
        self._card_options()
        self.options.append("turn_up")

    def _setup_lead(self) -> None:
        self._card_options()
        if self.maker is None:
            raise InputError("who made the trump (maker)", "maker")

    def _setup_play(self) -> None:
        self._card_options()
        if self.maker is None:
            raise InputError("who made the trump (maker)", "maker")
        if not self.trick_spec:
            raise InputError("the cards already on the table (trick)", "trick")

    # ---- one layout

    def draw(self, rng: random.Random, budget: _Draws | None = None) -> dict[str, Any]:
        """One layout consistent with what the player knows (and the spec's constraints); each
        draw is counted against ``budget`` (the whole call's), when given."""
        for _ in range(MAX_TRIES):
            if budget is not None:
                budget.spend()
            try:
                lay = self._draw_once(rng)
            except _Retry:
                continue
            if lay is not None:
                return lay
        raise InputError(
            "no layout fits this spec (the holding, the constraints and the passes before the "
            "player are incompatible, or very rare)",
            "others",
        )

    def _draw_once(self, rng: random.Random) -> dict[str, Any] | None:
        res = _Resolver(self.trump, rng, set())
        tokens = [(f"hand.{i}", t) for i, t in enumerate(self.hand_tokens)]
        if self.turn_up_tok:
            tokens.append(("turn_up", str(self.turn_up_tok)))
        if self.turn_down_tok:
            tokens.append(("turn_down", str(self.turn_down_tok)))
        for i, (_who, tok) in enumerate(self.trick_spec):
            tokens.append((f"trick.{i}", str(tok)))
        for seat, cons in self.others.items():
            for j, tok in enumerate(cons.get("holds") or []):
                tokens.append((f"holds.{seat}.{j}", str(tok)))
        got = _resolve_all(tokens, res)
        if "turn_up" in got and got["turn_up"] >> 3 != self.trump:
            raise InputError("the turn-up must be of the trump suit (the trump was made in the first round)", "turn_up")
        if "turn_down" in got and self.kind == "make" and got["turn_down"] >> 3 != self.trump:
            raise InputError("for a second-round make, 'trump' is the suit turned down", "turn_down")
        hands: list[list[int]] = [[] for _ in range(4)]
        hands[self.player] = [got[f"hand.{i}"] for i in range(5)]
        table: list[tuple[int, int]] = []
        for i, (seat, _tok) in enumerate(self.trick_spec):
            s = SEATS.index(seat)
            hands[s].append(got[f"trick.{i}"])
            table.append((s, got[f"trick.{i}"]))
        for seat, cons in self.others.items():
            for j in range(len(cons.get("holds") or [])):
                hands[SEATS.index(seat)].append(got[f"holds.{seat}.{j}"])
        turn_up = got.get("turn_up")
        # a lead or a play after a first-round make: the dealer was dealt five cards, took the
        # turn-up and discarded by the rule (rule_discard), unless he is the player (then his hand
        # as the spec gives it holds the turn-up)
        dealer_took_up = self.kind in ("lead", "play") and turn_up is not None
        if dealer_took_up and self.player == 0:
            assert turn_up is not None
            hands[0].append(turn_up)
        rest = [c for c in range(32) if c not in res.used]
        rng.shuffle(rest)
        k = 0
        for s in range(4):
            while len(hands[s]) < 5:
                hands[s].append(rest[k])
                k += 1
            if len(hands[s]) > 5:
                raise InputError(f"seat {SEATS[s]} would hold more than five cards", "others")
        dealt = None
        if dealer_took_up and self.player != 0:
            assert turn_up is not None
            dealt = [list(h) for h in hands]
            kept = _dealer_takes(hands[0], turn_up, self.trump)
            if any(c not in kept for c in hands[0] if c in res.used):
                return None  # he would have discarded a card the spec says he holds or played
            hands[0] = kept
        if not self._constraints_ok(hands):
            return None
        lay = {
            "hands": hands,
            "turn_up": turn_up,
            "turn_down": got.get("turn_down"),
            "table": table,
            "cards": {key: c for key, c in got.items() if key.startswith("hand.")},
            "dealt": dealt,  # the hands as dealt, before the dealer took up (else None)
            "spare": rest[k],
        }  # an unseen card: what a dealer who is the player discarded
        if self.kind in ("bid", "make") and not self._earlier_passed(lay):
            return None
        if self.kind in ("lead", "play", "discard") and not self._made_by_rule(lay):
            return None
        return lay

    def _constraints_ok(self, hands: list[list[int]]) -> bool:
        t = self.trump
        for seat, cons in self.others.items():
            h = hands[SEATS.index(seat)]
            if "min_trumps" in cons and sum(1 for c in h if EFFECTIVE_SUIT[t][c] == t) < int(cons["min_trumps"]):
                return False
            if "max_trumps" in cons and sum(1 for c in h if EFFECTIVE_SUIT[t][c] == t) > int(cons["max_trumps"]):
                return False
            if "min_strength" in cons and hand_strength(h, t) < float(cons["min_strength"]):
                return False
            for v in cons.get("void") or []:
                suit = t if v == "t" else _suit(v, "void")
                if any(EFFECTIVE_SUIT[t][c] == suit for c in h):
                    return False
        return True

    def _made_by_rule(self, lay: dict[str, Any]) -> bool:
        """The bidding the spec describes happened by the rule: the players before the maker
        passed and the maker made the trump (the player's own bid is his, as the spec says)."""
        maker = self.maker if self.maker is not None else 0
        hands = lay["hands"]
        if lay["turn_up"] is not None:  # made in the first round
            up = lay["turn_up"]
            before = [s for s in ROUND1[: ROUND1.index(maker)] if s != self.player]
            dealt = [list(h) for h in (lay.get("dealt") or hands)]
            if up in dealt[0]:  # the dealer is the player: his hand before he took up
                dealt[0] = [c for c in dealt[0] if c != up] + [lay["spare"]]
            if any(_round1_bid(s, dealt, up) for s in before):
                return False
            return maker == self.player or self.alone == maker or _round1_bid(maker, dealt, up)
        down = lay["turn_down"]
        if down is None:
            return True
        if any(_round1_bid(s, hands, down) for s in ROUND1 if s != self.player):
            return False
        if any(
            _round2_choice(s, hands[s], down >> 3) is not None
            for s in ROUND1[: ROUND1.index(maker)]
            if s != self.player
        ):
            return False
        return maker == self.player or _round2_choice(maker, hands[maker], down >> 3) == self.trump

    def _earlier_passed(self, lay: dict[str, Any]) -> bool:
        """The players before the player passed by the rule (they did: it is his turn)."""
        hands = lay["hands"]
        if self.kind == "bid":
            for s in ROUND1[: ROUND1.index(self.player)]:
                if _round1_bid(s, hands, lay["turn_up"]):
                    return False
            return True
        # make: everyone passed the first round (the player too, as the hint has it), and
        # the players before him in the second round
        turned = lay["turn_down"]
        for s in ROUND1:
            if s != self.player and _round1_bid(s, hands, turned):
                return False
        for s in ROUND1[: ROUND1.index(self.player)]:
            if _round2_choice(s, hands[s], turned >> 3) is not None:
                return False
        return True

    # ---- evaluation

    def evaluate(self, lay: dict[str, Any], cached: bool = True) -> dict[str, _Outcome]:
        """Every compared option's outcome on one layout. Bids and makes share solves between
        options (the same hands, trump, maker and lone seat give the same tricks; the memo is
        keyed by all four: a deal is solved once, whoever's option leads to it); ``cached=False``
        solves every option afresh (the plain valuation the tests compare the memo with)."""
        if self.kind in ("bid", "make"):
            shared: Callable[[dict[str, Any], dict[Any, int] | None], dict[str, _Outcome]]
            shared = getattr(self, f"_eval_{self.kind}")
            return shared(lay, {} if cached else None)
        alone: Callable[[dict[str, Any]], dict[str, _Outcome]] = getattr(self, f"_eval_{self.kind}")
        return alone(lay)

    def _outcome(self, makers_side: int, maker: int, alone: int | None, tricks: int) -> _Outcome:
        pts = _points(makers_side, maker, alone, tricks)
        mine = tricks if makers_side == self.side else 5 - tricks
        return _Outcome(pts, self.side, mine)

    def _round1_made(
        self, hands: list[list[int]], turn_up: int, maker: int, alone: int | None, memo: dict[Any, int] | None
    ) -> _Outcome:
        """The turn-up's suit made in the first round by ``maker`` (``alone``: the lone seat);
        the dealer takes the turn-up up and discards by :func:`rule_discard`."""
        t = turn_up >> 3

        def tricks() -> int:
            played = [list(h) for h in hands]
            played[0] = _dealer_takes(hands[0], turn_up, t)
            return _solve_tricks(played, t, maker, alone)

        return self._outcome(maker % 2, maker, alone, _memo_solve(memo, ("r1", t, maker, alone), tricks))

    def _round2_made(self, hands: list[list[int]], suit: int, maker: int, memo: dict[Any, int] | None) -> _Outcome:
        """``suit`` made in the second round by ``maker`` (nobody alone); the hands as dealt."""
        return self._outcome(
            maker % 2,
            maker,
            None,
            _memo_solve(memo, ("r2", suit, maker, None), lambda: _solve_tricks(hands, suit, maker)),
        )

    def _rest_of_bidding(
        self, lay: dict[str, Any], start_round: int, after: int, memo: dict[Any, int] | None
    ) -> _Outcome:
        """The bidding after the player passed: the others by the rule; the player in the
        second round by the rule or as the spec's ``then`` says."""
        hands = lay["hands"]
        turn = lay["turn_up"] if lay["turn_up"] is not None else lay["turn_down"]
        turned = turn >> 3
        if start_round == 1:
            for s in ROUND1[ROUND1.index(after) + 1 :]:
                if _round1_bid(s, hands, turn):
                    return self._round1_made(hands, turn, s, None, memo)
            order = list(ROUND1)
        else:
            order = list(ROUND1[ROUND1.index(after) + 1 :])
        for s in order:
            if s == self.player and start_round == 1 and self.then:
                suit = 3 - turned if self.then == "next" else _suit(self.then, "then")
                return self._round2_made(hands, suit, s, memo)
            if s == self.player and start_round == 2:
                continue
            choice = _round2_choice(s, hands[s], turned)
            if choice is not None:
                return self._round2_made(hands, choice, s, memo)
        return _Outcome((0, 0), self.side, 0.0)

    def _eval_bid(self, lay: dict[str, Any], memo: dict[Any, int] | None) -> dict[str, _Outcome]:
        hands, up = lay["hands"], lay["turn_up"]
        out: dict[str, _Outcome] = {}
        for o in self.compare:
            if o == "bid":
                out[o] = self._round1_made(hands, up, self.player, None, memo)
            elif o == "alone":
                out[o] = self._round1_made(hands, up, self.player, self.player, memo)
            elif o == "pass":
                out[o] = self._rest_of_bidding(lay, 1, self.player, memo)
            else:
                out[o] = _Outcome((0, 0), self.side, 0.0)
        return out

    def _eval_make(self, lay: dict[str, Any], memo: dict[Any, int] | None) -> dict[str, _Outcome]:
        out: dict[str, _Outcome] = {}
        for o in self.compare:
            if o == "pass":
                out[o] = self._rest_of_bidding(lay, 2, self.player, memo)
            elif o == "pass=0":
                out[o] = _Outcome((0, 0), self.side, 0.0)
            else:
                out[o] = self._round2_made(lay["hands"], "CDHS".index(o), self.player, memo)
        return out

    def _card_of(self, lay: dict[str, Any], option: str) -> int:
        card: int = lay["cards"][f"hand.{self.hand_tokens.index(option)}"]
        return card

    def _eval_discard(self, lay: dict[str, Any]) -> dict[str, _Outcome]:
        hands, up = lay["hands"], lay["turn_up"]
        t = up >> 3
        maker = self.maker if self.maker is not None else 0
        out: dict[str, _Outcome] = {}
        for o in self.compare:
            out_card = up if o == "turn_up" else self._card_of(lay, o)
            played = [list(h) for h in hands]
            played[0] = [c for c in hands[0] + [up] if c != out_card]
            tricks = _solve_tricks(played, t, maker, self.alone)
            out[o] = self._outcome(maker % 2, maker, self.alone, tricks)
        return out

    def _eval_lead(self, lay: dict[str, Any]) -> dict[str, _Outcome]:
        return self._eval_cards(lay)

    def _eval_play(self, lay: dict[str, Any]) -> dict[str, _Outcome]:
        return self._eval_cards(lay)

    def _eval_cards(self, lay: dict[str, Any]) -> dict[str, _Outcome]:
        assert self.maker is not None
        hands = lay["hands"]
        d = Deal.position([[Card(c) for c in h] for h in hands], Suit(self.trump), maker=self.maker, alone=self.alone)
        for s, c in lay["table"]:
            if d.actor != s:
                raise InputError(f"trick: {SEATS[s]} is not to play (it is {SEATS[d.actor]}'s turn)", "trick")
            d = d.apply(_play_action(c))
        if d.actor != self.player:
            raise InputError(f"it is {SEATS[d.actor]}'s turn, not the player's", "seat")
        moves = solve(d).moves
        out: dict[str, _Outcome] = {}
        makers_side = self.maker % 2
        for o in self.compare:
            code = str(Card(self._card_of(lay, o)))
            if code not in moves:
                raise InputError(
                    f"{o} ({code}) is not a legal card here: give the player a hand that allows it (e.g. a void)",
                    "hand",
                )
            out[o] = self._outcome(makers_side, self.maker, self.alone, moves[code])
        return out


def _play_action(card: int) -> Any:
    from ..kernel.actions import Action

    return Action.play(Card(card))


# --------------------------------------------------------------------------- the game model


def _deal_points_by_rule(rng: random.Random) -> tuple[int, int]:
    """One random deal, dealer A: the rule bids, double-dummy play; (points A C, points B D)."""
    cards = pack(32)
    rng.shuffle(cards)
    hands = [[int(c) for c in cards[5 * i : 5 * i + 5]] for i in range(4)]
    up = int(cards[20])
    for s in ROUND1:
        if _round1_bid(s, hands, up):
            t = up >> 3
            played = [list(h) for h in hands]
            played[0] = _dealer_takes(hands[0], up, t)
            return _points(s % 2, s, None, _solve_tricks(played, t, s))
    for s in ROUND1:
        choice = _round2_choice(s, hands[s], up >> 3)
        if choice is not None:
            return _points(s % 2, s, None, _solve_tricks(hands, choice, s))
    return (0, 0)


def game_model(deals: int = 600, seed: int = 1) -> dict[str, Any]:
    """The distribution of one deal's points (dealer's side, other side) under the rule and
    double-dummy play, from ``deals`` seeded random deals: ``{"deals", "seed", "outcomes":
    [[dealer side's points, other side's points, frequency], ...]}``.

    >>> m = game_model(deals=30, seed=1)
    >>> round(sum(f for _, _, f in m["outcomes"]), 6)
    1.0
    """
    rng = random.Random(seed)
    counts: dict[tuple[int, int], int] = {}
    for _ in range(deals):
        ac, bd = _deal_points_by_rule(rng)
        counts[(ac, bd)] = counts.get((ac, bd), 0) + 1
    outcomes = [[a, b, n / deals] for (a, b), n in sorted(counts.items())]
    return {"deals": deals, "seed": seed, "engine": engine_fingerprint(), "outcomes": outcomes}


def win_probability(model: dict[str, Any]) -> dict[tuple[int, int, bool], float]:
    """The chance of winning the game from each score (mine 0-4, theirs 0-4, whether my side
    deals next), if every later deal follows ``model`` (:func:`game_model`); five points win.

    >>> w = win_probability({"outcomes": [[1, 0, 0.5], [0, 1, 0.5]]})
    >>> round(w[(4, 4, True)], 3), round(w[(0, 0, True)], 3)
    (0.5, 0.5)
    """
    outcomes = [(int(a), int(b), float(f)) for a, b, f in model["outcomes"]]
    w = {(m, o, d): 0.5 for m in range(5) for o in range(5) for d in (True, False)}

    def after(m: int, o: int, d: bool) -> float:
        if m >= 5:
            return 1.0
        if o >= 5:
            return 0.0
        return w[(m, o, d)]

    for _ in range(500):
        delta = 0.0
        for m, o, d in w:
            v = 0.0
            for a, b, f in outcomes:  # a: the dealer's side's points
                gain, loss = (a, b) if d else (b, a)
                v += f * after(m + gain, o + loss, not d)
            delta = max(delta, abs(v - w[(m, o, d)]))
            w[(m, o, d)] = v
        if delta < 1e-10:
            break
    return w


@lru_cache(maxsize=4)
def _default_win_table(deals: int, seed: int) -> dict[tuple[int, int, bool], float]:
    return win_probability(_model_for(deals, seed))


def stored_game_model() -> dict[str, Any] | None:
    """The game model shipped in ``euchre_core/data/game_model.json`` (written by
    ``python -m build_scripts.hint_sims``), or None if the file is missing."""
    path = resources.files("euchre_core") / "data" / "game_model.json"
    if not path.is_file():
        return None
    return cast(dict[str, Any], json.loads(path.read_text(encoding="utf-8")))  # the shipped model: an object


def _model_for(deals: int, seed: int) -> dict[str, Any]:
    """The game model: the shipped one when it was computed by this engine with these
    settings, else computed now (a few seconds)."""
    m = stored_game_model()
    if m and m.get("engine") == engine_fingerprint() and m.get("deals") == deals and m.get("seed") == seed:
        return m
    return game_model(deals, seed)


GAME_MODEL_DEALS = 3000
GAME_MODEL_SEED = 1


# --------------------------------------------------------------------------- the simulation


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
    doc = json.loads(_specs_text())
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


_SPEC_TEXT = (
    "id",
    "hint",
    "label",
    "kind",
    "seat",
    "trump",
    "turn_up",
    "turn_down",
    "advised",
    "maker",
    "alone",
    "then",
    "base",
)
_CONSTRAINTS = ("holds", "min_trumps", "max_trumps", "min_strength", "void")


def _decode_spec(spec: dict[str, Any]) -> None:
    """The types and sizes of a spec given as JSON (the browser's widget sends one), before anything
    reads it: an :class:`InputError` naming the field as the simulation names it (``hand``,
    ``others.A.holds[2]``; the whole spec: ``spec_or_id``). What the fields mean (tokens, options) is
    checked by the simulation's own setup."""
    path = ""
    decode.check_tree(spec, "spec_or_id", max_depth=4, max_items=20, max_string=200, top=True)
    decode.mapping(
        spec, "spec_or_id", keys=(*_SPEC_TEXT, "hand", "alternatives", "others", "scores", "trick", "option_labels")
    )
    for k in _SPEC_TEXT:
        if spec.get(k) is not None:
            decode.text(spec[k], k, max_len=200)
    for k in ("seat", "maker", "alone"):  # a seat exactly: "" or "BC" is not a seat
        if spec.get(k) is not None:
            decode.seat(spec[k], k)
    if "hand" in spec:
        for i, t in enumerate(decode.array(spec["hand"], f"{path}hand", min_len=5, max_len=5)):
            decode.text(t, f"{path}hand[{i}]", max_len=4)
    for i, t in enumerate(decode.array(spec.get("alternatives") or [], f"{path}alternatives", max_len=8)):
        decode.text(t, f"{path}alternatives[{i}]", max_len=20)
    for i, sc in enumerate(decode.array(spec.get("scores") or [], f"{path}scores", max_len=8)):
        for j, x in enumerate(decode.array(sc, f"{path}scores[{i}]", min_len=2, max_len=2)):
            decode.integer(x, f"{path}scores[{i}][{j}]", 0, 4)
    for i, pair in enumerate(decode.array(spec.get("trick") or [], f"{path}trick", max_len=3)):
        where = f"{path}trick[{i}]"
        seat, tok = decode.array(pair, where, min_len=2, max_len=2)
        decode.seat(seat, where)
        decode.text(tok, where, max_len=4)
    others = decode.mapping(spec.get("others") or {}, f"{path}others", keys=tuple(SEATS))
    for seat, cons in others.items():
        where = f"{path}others.{seat}"
        decode.mapping(cons, where, keys=_CONSTRAINTS)
        for i, t in enumerate(decode.array(cons.get("holds") or [], f"{where}.holds", max_len=5)):
            decode.text(t, f"{where}.holds[{i}]", max_len=4)
        for k in ("min_trumps", "max_trumps"):
            if k in cons:
                decode.integer(cons[k], f"{where}.{k}", 0, 5)
        if "min_strength" in cons:
            v = cons["min_strength"]
            if isinstance(v, bool) or not isinstance(v, (int, float)) or not 0 <= v <= 20:
                raise InputError(f"a number from 0 to 20, not {decode.excerpt(v)}", f"{where}.min_strength")
        for i, v in enumerate(decode.array(cons.get("void") or [], f"{where}.void", max_len=4)):
            decode.choice(v, f"{where}.void[{i}]", ("C", "D", "H", "S", "t"))
    labels = decode.mapping(spec.get("option_labels") or {}, f"{path}option_labels", max_len=10)
    for k, v in labels.items():
        decode.text(v, f"{path}option_labels.{k[:20]}", max_len=80)


def simulate_hint(
    spec_or_id: str | dict[str, Any], samples: int = 200, seed: int = 1, batch: int = 0
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
        the number of layouts to deal and solve (1 to 20,000; each takes a few milliseconds);
        with ``batch``, the most (the cap). A call draws at most 250 random layouts for each layout
        asked, and never more than :data:`MAX_DRAWS`, kept or thrown back (those the holding, the
        passes or the constraints rule out): a spec whose layouts are too rare for ``samples`` is
        refused (an ``InputError``), at once when its first :data:`PROBE_DRAWS` draws show it.
    ``seed``
        the random seed: the same spec, samples, batch and seed give the same answer, anywhere.
        The layouts are one stream from the seed: the first n layouts of a longer run are the
        layouts of a run of n.
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
    if isinstance(spec_or_id, str):
        spec = dict(spec_by_id(decode.text(spec_or_id, "spec_or_id", max_len=80)))
    elif isinstance(spec_or_id, dict):
        _decode_spec(spec_or_id)
        spec = dict(spec_or_id)
        if "base" in spec:
            base = dict(spec_by_id(decode.text(spec.pop("base"), "base", max_len=80)))
            base.update(spec)
            spec = base
    else:
        raise InputError("give the id of a hint test or a spec (a JSON object)", "spec_or_id")
    try:
        sim = _Sim(spec)
    except CardError as e:
        raise InputError(str(e), "hand") from None
    rng = random.Random(seed)
    acc = _Tally(sim)
    budget = _Draws(samples)
    n = 0
    looks = set(look_points(samples, batch))
    while n < samples:
        lay = sim.draw(rng, budget)
        budget.kept += 1
        acc.add(sim.evaluate(lay))
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


VERDICTS = ("better", "worse", "equivalent", "borderline", "same")


class _Draws:
    """The draws of one call of :func:`simulate_hint`, kept or thrown back: at most
    :data:`DRAWS_PER_LAYOUT` times the layouts asked (at least :data:`MAX_TRIES`, as for one layout)
    and never more than :data:`MAX_DRAWS`, for the whole call (not per layout), so that no spec and
    no number of samples can make a call run for minutes. After the first :data:`PROBE_DRAWS` the share of draws kept so far is checked:
    a spec whose layouts are too rare to give the layouts asked within the budget, even at the most
    favourable share the first draws allow, is refused at once instead of after the whole budget."""

    def __init__(self, wanted: int) -> None:
        self.wanted = wanted
        self.limit = min(MAX_DRAWS, max(MAX_TRIES, wanted * DRAWS_PER_LAYOUT))
        self.used = 0
        self.kept = 0

    def spend(self) -> None:
        self.used += 1
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

    def __init__(self, sim: _Sim) -> None:
        self.sim = sim
        names = sim.compare
        self.totals = {o: [0.0, 0.0, 0, 0] for o in names}  # points, tricks, made, counted-for-made
        self.cmp = {o: [0, 0, 0] for o in names}  # advised better, same, worse
        self.diff = {o: [0.0, 0.0] for o in names}  # sum and sum of squares of (advised - option)
        self.wins = {o: [0.0] * len(sim.scores) for o in names}
        self.wdiff = {o: [0.0, 0.0] for o in names}  # the same for the chance of winning (1st score)
        self.table = _default_win_table(GAME_MODEL_DEALS, GAME_MODEL_SEED) if sim.scores else {}
        self.next_mine = sim.side == 1  # A deals this deal; B's side deals next
        self.all_best = 0

    def add(self, res: dict[str, _Outcome]) -> None:
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
                        "se": _stderr(self.diff[o], samples),
                        **(
                            {
                                "win_diff": round(self.wdiff[o][0] / samples, 2),
                                "win_se": _stderr(self.wdiff[o], samples),
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
            d, se = sums[0] / samples, _stderr(sums, samples, None)
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


def _stderr(sums: list[float], n: int, digits: int | None = 3) -> float:
    """The standard error of a mean from its sum and sum of squares (rounded to ``digits``;
    None: not rounded)."""
    if n < 2:
        return 0.0
    mean = sums[0] / n
    var = max(0.0, (sums[1] - n * mean * mean) / (n - 1))
    se: float = (var / n) ** 0.5
    return se if digits is None else round(se, digits)


def _made(r: _Outcome, sim: _Sim, option: str) -> bool:
    """Did the makers make their point? (For the player's own bids and the other options.)"""
    if sim.kind in ("bid", "make"):
        return r.pts[sim.side] > 0  # the player's side made it
    assert sim.maker is not None
    return r.pts[sim.maker % 2] > 0


def _label(sim: _Sim, option: str, spec: dict[str, Any]) -> str:
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


_RANK_WORDS = {"A": "ace", "K": "king", "Q": "queen", "J": "knave", "T": "ten", "9": "nine", "8": "eight", "7": "seven"}


def token_words(tok: str) -> str:
    """A hand token in words.

    >>> token_words("R"), token_words("st"), token_words("K2"), token_words("JC")
    ('the right bower', 'a small trump', 'the king of suit 2', 'the knave of clubs')
    """
    m = _parse_token(tok)
    if m.group("code"):
        return "the " + Card.parse(m.group("code")).long_name()
    if m.group("bower"):
        return "the right bower" if m.group("bower") == "R" else "the left bower"
    if m.group("trank"):
        return f"the {_RANK_WORDS[m.group('trank')]} of trumps"
    if m.group("tclass"):
        return {"s": "a small trump", "m": "a medium trump", "t": "a trump"}[m.group("tclass")]
    if m.group("group"):
        g = m.group("group")
        suit = "the next suit" if g == "N" else f"suit {g}"
        r = m.group("prank")
        if r == "x":
            return f"a card of {suit}"
        if r == "n":
            return f"a card of {suit} below the ace"
        return f"the {_RANK_WORDS[r]} of {suit}"
    return {"x": "a plain card", "a": "a plain ace", "n": "a plain card below the ace"}[m.group("plain")]
