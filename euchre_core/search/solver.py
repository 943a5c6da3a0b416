"""An exact double-dummy solver: how many tricks the makers take with best play by all.

Every hand is known (double dummy). The makers play to take as many tricks as they can,
the others to hold them to as few; :func:`solve` returns that number (counting tricks
already won) for the position, and the same number after each legal card of the player
to move.

>>> from euchre_core.kernel.deal import Deal
>>> d = Deal.position(["9C JC AH KH 8S".split(), "AC QH 8H JD TS".split(),
...                    "7D 8D TD QS TH".split(), "KC TC AS 9S 9H".split()], "C", maker=0)
>>> r = solve(d)
>>> r.maker_tricks, r.moves["JD"]
(2, 2)

How it is fast (pure Python, no threads, so it runs the same under Pyodide):

- Null-window (boolean) searches: "can the makers take at least ``need`` of the tricks
  left?" Each is an alpha-beta search with a window of one; the exact value of each card
  at the root is found by stepping ``need`` from a guess (values lie in 0..5).
- A transposition table keyed by the hands (bit masks) and the player to lead, at the
  start of each trick, holding a lower and an upper bound on the makers' tricks to come and
  the best lead found; every search of one solve shares it.
- Cards are renumbered once per solve so that each effective suit is a run of bits in
  order of strength, the trumps on top: a card beats another if it is higher and of the
  suit led or trumps, and two cards of one hand with no card between them still in play
  elsewhere (another hand or the current trick) are equivalent: only one is searched.
- Move ordering: the best lead from the table first, then the cards that are the best
  still out in their suit, then low cards; to follow, the cheapest card that wins the trick
  when an adversary is winning it, else the lowest. The first card tried is the one that
  refutes about 19 times in 20.
- Quick cut-offs: the makers already have enough, or cannot reach it; sure winners (the
  top trumps held in one hand; or, when only the leader has trumps, his trumps and the top
  cards he can cash) bound the result; the last trick is counted, not searched.

Typical cost (``benchmarks/bench_solver.py``, CPython 3.11): a whole four-handed deal from
the opening lead, every card of the leader valued, in about 1 ms (median) and 1,000 nodes.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from typing import Any

from ..kernel import decode
from ..kernel.actions import Action
from ..kernel.cards import Card, CardError, Suit, cards_of_mask
from ..kernel.deal import SEAT_NAMES, Deal
from ..kernel.errors import InputError
from ..kernel.limits import limit
from ..kernel.rules import RulesError, rules_by_name
from ..kernel.tables import EFFECTIVE_SUIT, PLAY_KEY, TRUMP_POWER

__all__ = ["SolveResult", "solve", "solve_position_json", "position_from_json", "main_solve"]


@dataclass(frozen=True)
class SolveResult:
    """The answer of :func:`solve`.

    ``maker_tricks``: the tricks the making side ends the deal with (those already won
    included) when both sides play their best. ``moves``: for each legal card of the player
    to move (by its code, e.g. ``"JD"``), the makers' tricks after playing it. ``nodes``:
    positions searched; ``ms``: wall time in milliseconds.

    >>> SolveResult(3, {"JC": 3, "9C": 2}, 40, 0.5).to_json()["moves"]
    {'JC': 3, '9C': 2}
    """

    maker_tricks: int
    moves: dict[str, int] = field(default_factory=dict)
    nodes: int = 0
    ms: float = 0.0

    def to_json(self) -> dict[str, Any]:
        """The CLI's JSON form: ``{"maker_tricks", "moves", "nodes", "ms"}``."""
        return {
            "maker_tricks": self.maker_tricks,
            "moves": dict(self.moves),
            "nodes": self.nodes,
            "ms": round(self.ms, 3),
        }


# ---------------------------------------------------------------------------------------------
# The layout: per trump suit, each card gets a bit position such that every effective suit is
# a contiguous run of bits in increasing strength. Plain suits take slots of 9 bits (8 cards and
# one always-empty "sentinel" bit on top that separates it from the next suit); the trumps take
# the top slot (up to 10 cards with the Joker). Then
#   * the winner of a trick is the highest card that is a trump or of the suit led;
#   * two cards of one hand are equivalent when no card between them is in play elsewhere.

_SLOT = 9
_TRUMP_BASE = 3 * _SLOT
_SENTINELS = sum(1 << (j * _SLOT + 8) for j in range(3))


def _build_layout(trump: int) -> tuple[list[int], dict[int, int], list[int], int]:
    """(bit of each card 0..32, card of each bit, suit mask of each bit position, trump mask).

    Built from the kernel's tables, not from a second statement of the ranking: each card's
    effective suit is ``EFFECTIVE_SUIT`` and the order within a suit is the order of
    ``PLAY_KEY`` (trumps by ``TRUMP_POWER``), the strengths
    :func:`~euchre_core.kernel.play.trick_winner_index` compares. ``tests/test_kernel_play.py``
    checks the layout against the kernel's trick winner and Law 62 on every pair of cards."""
    bit_of = [0] * 33
    eff = EFFECTIVE_SUIT[trump]
    plain = [s for s in range(4) if s != trump]
    for j, s in enumerate(plain):
        run = sorted((c for c in range(32) if eff[c] == s), key=lambda c: PLAY_KEY[trump][s][c])
        for i, c in enumerate(run):  # at most 8 cards: the ninth bit of the slot is the sentinel
            bit_of[c] = 1 << (j * _SLOT + i)
    order = sorted((c for c in range(33) if eff[c] == trump), key=lambda c: TRUMP_POWER[trump][c])
    for i, c in enumerate(order):
        bit_of[c] = 1 << (_TRUMP_BASE + i)
    card_of = {b: c for c, b in enumerate(bit_of)}
    trump_mask = ((1 << 10) - 1) << _TRUMP_BASE
    # suit mask of a card's bit, indexed by bit_length() of the bit
    suit_of_len = [0] * (_TRUMP_BASE + 11)
    for j in range(3):
        for p in range(_SLOT):
            suit_of_len[j * _SLOT + p + 1] = ((1 << 8) - 1) << (j * _SLOT)
    for p in range(10):
        suit_of_len[_TRUMP_BASE + p + 1] = trump_mask
    for c in range(33):  # sanity: the layout agrees with the engine's tables
        b = bit_of[c]
        assert suit_of_len[b.bit_length()] & b
        assert (suit_of_len[b.bit_length()] == trump_mask) == (EFFECTIVE_SUIT[trump][c] == trump)
    return bit_of, card_of, suit_of_len, trump_mask


LAYOUTS = [_build_layout(t) for t in range(4)]


def to_layout(mask: int, bit_of: list[int]) -> int:
    out = 0
    for c in cards_of_mask(mask):
        out |= bit_of[c]
    return out


# ---------------------------------------------------------------------------------------------
# The search core. Everything below works on layout bits. It is written as closures over the
# position's tables, because local and closure variables are the fastest lookups Python has;
# ``hands`` (a list of one bit mask per seat) is changed in place while searching and restored.


class Core:
    """Null-window searches over one position's cards (a fresh table for each solve).

    ``boundary(leader, need, left)`` and ``follow(seat, k, led, win, wseat, allm, need, left)``
    answer "can the makers take at least ``need`` of the ``left`` tricks still to be played
    (the current one included)?". ``nodes`` counts the positions searched.
    """

    def __init__(self, hands: list[int], active: list[int], maker_seats: set[int], trump: int) -> None:
        suit_of_len, trump_mask = LAYOUTS[trump][2], LAYOUTS[trump][3]
        n = len(hands)
        nxt = [0] * n  # the next seat to play (a lone player's partner skipped)
        for i, s in enumerate(active):
            nxt[s] = active[(i + 1) % len(active)]
        is_maker = [1 if s in maker_seats else 0 for s in range(n)]
        last_k = len(active) - 1  # index in the trick of its last card
        # transposition table, at the start of tricks only: (hands..., leader) ->
        # (lower bound, upper bound) on the makers' tricks to come, and the best lead found (a bit)
        tt: dict[tuple[int, ...], tuple[int, int, int]] = {}
        tt_get = tt.get
        counter = [0]
        sentinels = _SENTINELS
        # four masks always, so that the unions below need no test on the number of hands
        h2 = 2 if n > 2 else 0
        h3 = 3 if n > 3 else 0
        plain_masks = [((1 << 8) - 1) << (j * _SLOT) for j in range(3)]

        def sure_bounds(leader: int, left: int) -> tuple[int, int]:
            """Bounds on the makers' tricks to come, from sure winners: when no one but the
            leader holds a trump, he wins a trick with each trump and then with each top card
            of a plain suit (and the card below it if he holds that too, and so on); else the
            run of top trumps held in one hand wins a trick each (each of them, when played,
            is the best trump still out)."""
            allc = hands[0] | hands[1] | hands[h2] | hands[h3]
            t = allc & trump_mask
            hl = hands[leader]
            if not t & ~hl:
                cnt = bin(t).count("1")
                for seg in plain_masks:
                    x = allc & seg
                    while x:
                        top = 1 << (x.bit_length() - 1)
                        if not hl & top:
                            break
                        cnt += 1
                        x ^= top
                if cnt > left:
                    cnt = left
                if is_maker[leader]:
                    return cnt, left
                return 0, left - cnt
            top = 1 << (t.bit_length() - 1)
            for s in active:
                h = hands[s]
                if h & top:
                    break
            cnt = 0
            while h & top:
                cnt += 1
                t ^= top
                if not t:
                    break
                top = 1 << (t.bit_length() - 1)
            if is_maker[s]:
                return cnt, left
            return 0, left - cnt

        def boundary(leader: int, need: int, left: int) -> bool:
            """The start of a trick, ``leader`` to lead."""
            if need <= 0:
                return True
            if need > left:
                return False
            counter[0] += 1
            if left == 1:
                # the last trick: one card each, nothing to choose
                w = leader
                win = hands[leader]
                lt = suit_of_len[win.bit_length()] | trump_mask
                s = nxt[leader]
                while s != leader:
                    c = hands[s]
                    if c > win and c & lt:
                        win, w = c, s
                    s = nxt[s]
                return is_maker[w] == 1
            key = (*hands, leader)
            e = tt_get(key)
            if e is None:
                lb, ub = sure_bounds(leader, left)
                best = 0
            else:
                lb, ub, best = e
            if lb >= need:
                return True
            if ub < need:
                return False
            hand = hands[leader]
            allm = hands[0] | hands[1] | hands[h2] | hands[h3] | sentinels
            maxi = is_maker[leader]
            # one card of each run of equivalent cards (the top one); cards that are the best
            # still out in their suit ("tops") are led first, the highest first, then the rest
            # from the lowest up; the best lead of an earlier search before all
            tops = []
            rest = []
            m = hand
            while m:
                low = m & -m
                m ^= low
                x = allm & ~((low << 1) - 1)  # cards in play above it (and the suit's sentinel)
                if x & -x & hand:
                    continue  # the next card up is ours: equivalent
                if x & suit_of_len[low.bit_length()]:
                    rest.append(low)
                else:
                    tops.append(low)
            if tops:
                tops.reverse()
                rest = tops + rest
            if best:
                if best in rest:
                    rest.remove(best)
                rest.insert(0, best)
            nx = nxt[leader]
            res = maxi != 1
            for c in rest:
                hands[leader] = hand ^ c
                if follow(nx, 1, suit_of_len[c.bit_length()], c, leader, allm, need, left) == maxi:
                    res = maxi == 1
                    best = c
                    break
            hands[leader] = hand
            if res:
                if need > lb:
                    lb = need
            elif need <= ub:
                ub = need - 1
            tt[key] = (lb, ub, best)
            return res

        def follow(seat: int, k: int, led: int, win: int, wseat: int, allm: int, need: int, left: int) -> bool:
            """``seat`` plays the ``k``-th card (from 0) to a trick led in suit ``led`` (a mask);
            ``win`` is the card winning it so far, played by ``wseat``; ``allm`` the cards in
            play at the start of the trick, with the sentinels."""
            counter[0] += 1
            hand = hands[seat]
            legal = hand & led or hand
            maxi = is_maker[seat]
            lt = led | trump_mask  # what can win the trick
            reps = []  # from the lowest up
            beat = 0  # the cheapest card that takes the lead in the trick
            m = legal
            while m:
                low = m & -m
                m ^= low
                x = allm & ~((low << 1) - 1)
                if x & -x & hand:
                    continue  # equivalent to the next card up
                if not beat and low > win and low & lt:
                    beat = low
                    continue
                reps.append(low)
            if beat:
                if is_maker[wseat] != maxi:
                    reps.insert(0, beat)  # an adversary is winning: win it cheaply first
                else:
                    reps.append(beat)  # the partner is winning: play low first
            if k == last_k:
                # the trick is complete: its winner leads the next (the trivial cases of
                # boundary() are settled here, without the call)
                left -= 1
                for c in reps:
                    w = seat if c > win and c & lt else wseat
                    nd = need - is_maker[w]
                    if nd <= 0:
                        r = 1
                    elif nd > left:
                        r = 0
                    else:
                        hands[seat] = hand ^ c
                        r = boundary(w, nd, left)
                    if r == maxi:
                        hands[seat] = hand
                        return maxi == 1
                hands[seat] = hand
                return maxi != 1
            nx = nxt[seat]
            k += 1
            for c in reps:
                hands[seat] = hand ^ c
                if c > win and c & lt:
                    r = follow(nx, k, led, c, seat, allm, need, left)
                else:
                    r = follow(nx, k, led, win, wseat, allm, need, left)
                if r == maxi:
                    hands[seat] = hand
                    return maxi == 1
            hands[seat] = hand
            return maxi != 1

        self.hands = hands
        self.boundary = boundary
        self.follow = follow
        self.nxt = nxt
        self.is_maker = is_maker
        self.last_k = last_k
        self.suit_of_len = suit_of_len
        self.trump_mask = trump_mask
        self._counter = counter

    @property
    def nodes(self) -> int:
        return self._counter[0]


def _root_values(
    core: Core, seat: int, trick: tuple[tuple[int, int], ...], legal: list[int], left: int
) -> dict[int, int]:
    """The exact makers' tricks to come (the current trick included) after each of ``seat``'s
    ``legal`` cards (layout bits); ``trick`` holds the (seat, bit) already played to the trick."""
    hands = core.hands
    hand = hands[seat]
    nxt, is_maker, suit_of_len, trump_mask = core.nxt, core.is_maker, core.suit_of_len, core.trump_mask
    allm = _SENTINELS
    for h in hands:
        allm |= h
    k = len(trick)
    led = win = wseat = 0
    for i, (s, b) in enumerate(trick):
        allm |= b
        if i == 0:
            led, win, wseat = suit_of_len[b.bit_length()], b, s
        elif b > win and b & (led | trump_mask):
            win, wseat = b, s

    def test(c: int, need: int) -> bool:
        """After ``seat`` plays ``c``: can the makers take ``need`` of the tricks to come?"""
        if need <= 0:
            return True
        if need > left:
            return False
        hands[seat] = hand ^ c
        try:
            if k == 0:
                return core.follow(nxt[seat], 1, suit_of_len[c.bit_length()], c, seat, allm, need, left)
            w_card, w_seat = (c, seat) if c > win and c & (led | trump_mask) else (win, wseat)
            if k == core.last_k:
                return core.boundary(w_seat, need - is_maker[w_seat], left - 1)
            return core.follow(nxt[seat], k + 1, led, w_card, w_seat, allm, need, left)
        finally:
            hands[seat] = hand

    # runs of equivalent cards (no card in play elsewhere between them) share one value
    others = allm & ~hand
    groups: list[list[int]] = []
    for c in sorted(legal):
        if groups and not others & (c - 1) & ~((groups[-1][-1] << 1) - 1):
            groups[-1].append(c)  # the sentinels keep suits apart
        else:
            groups.append([c])
    values: dict[int, int] = {}
    guess = (left + 1) // 2
    for g in groups:
        # the largest v with test(v) true, stepping from the last value found (they are close)
        c = g[-1]
        v = guess
        if test(c, v):
            while v < left and test(c, v + 1):
                v += 1
        else:
            v -= 1
            while v > 0 and not test(c, v):
                v -= 1
        guess = v
        for x in g:
            values[x] = v
    return values


def _check_play_phase(deal: Deal) -> None:
    if deal.phase not in ("play", "done"):
        raise InputError(f"the solver needs a position in the play, not the {deal.phase!r} phase", "phase")
    if deal.trump is None or deal.maker is None:
        raise InputError("the trump and the makers must be known", "trump")


def called_card_pending(deal: Deal) -> bool:
    """1877 jambone: a called card still to be played to the first trick by the lone hand."""
    if deal.alone is None:
        return False
    called = deal.called_for(deal.alone)
    return called is not None and bool(deal.hands[deal.alone] >> called & 1)


def solve(deal: Deal) -> SolveResult:
    """Solve a play-phase position exactly (double dummy).

    ``maker_tricks`` counts the tricks the making side has won already. ``moves`` gives,
    for every legal card of the player to move, the makers' tricks after that card.

    >>> d = Deal.position(["JC AC".split(), "KC QC".split(), "AH KH".split(), "QH JH".split()],
    ...                   "C", maker=0, leader=0, won=[1, 1, 1, 0])
    >>> r = solve(d)
    >>> r.maker_tricks, sorted(r.moves.items())
    (4, [('AC', 4), ('JC', 4)])
    """
    t0 = time.perf_counter()
    _check_play_phase(deal)
    maker_side = deal.makers
    assert maker_side is not None and deal.trump is not None
    maker_seats = {s for s in range(deal.n) if deal.side_of(s) == maker_side}
    won = sum(w for s, w in enumerate(deal.won) if s in maker_seats)
    if deal.is_over:
        return SolveResult(won, {}, 0, (time.perf_counter() - t0) * 1000)
    if called_card_pending(deal):
        counter = [0]
        moves = {}
        for a in deal.legal_actions():
            assert a.card is not None
            moves[str(a.card)] = _value_with_engine(deal.apply(a), counter)
        best = max(moves.values()) if deal.actor in maker_seats else min(moves.values())
        return SolveResult(best, moves, counter[0], (time.perf_counter() - t0) * 1000)
    values, nodes = _solve_fast(deal, maker_seats)
    moves = {str(Card(c)): won + v for c, v in values.items()}
    best = max(moves.values()) if deal.actor in maker_seats else min(moves.values())
    return SolveResult(best, moves, nodes, (time.perf_counter() - t0) * 1000)


def _value_with_engine(deal: Deal, counter: list[int]) -> int:
    """Makers' total tricks; the engine plays out the first trick (the called card), then
    the fast core takes over."""
    maker_side = deal.makers
    maker_seats = {s for s in range(deal.n) if deal.side_of(s) == maker_side}
    if deal.is_over:
        return sum(w for s, w in enumerate(deal.won) if s in maker_seats)
    if called_card_pending(deal) or deal.trick:
        counter[0] += 1
        vals = [_value_with_engine(deal.apply(a), counter) for a in deal.legal_actions()]
        return max(vals) if deal.actor in maker_seats else min(vals)
    r = solve(deal)
    counter[0] += r.nodes
    return r.maker_tricks


def _solve_fast(deal: Deal, maker_seats: set[int]) -> tuple[dict[int, int], int]:
    """Makers' tricks to come after each legal card of the player to move, by card; and nodes."""
    assert deal.trump is not None
    bit_of, card_of = LAYOUTS[int(deal.trump)][:2]
    active = deal.active_seats()
    # a lone player's partner holds no cards in play
    hands = [to_layout(h, bit_of) if s in active else 0 for s, h in enumerate(deal.hands)]
    core = Core(hands, active, maker_seats, int(deal.trump))
    seat = deal.actor
    left = bin(deal.hands[seat]).count("1")
    legal = [bit_of[a.card] for a in deal.legal_actions() if a.card is not None]
    vals = _root_values(core, seat, tuple((s, bit_of[c]) for s, c in deal.trick), legal, left)
    return {card_of[b]: v for b, v in vals.items()}, core.nodes


# ---------------------------------------------------------------------------------------------
# JSON input for the command line


def _field(obj: dict[str, Any], name: str) -> Any:
    if name not in obj:
        raise InputError("missing", name)
    return obj[name]


def solve_position_json(obj: dict[str, Any]) -> dict[str, Any]:
    """Solve a position given as JSON (the CLI's ``solve`` input); returns the JSON answer.

    >>> out = solve_position_json({"trump": "C", "leader": "B", "makers": "AC", "alone": None,
    ...     "hands": {"A": ["9C", "JC", "AH", "KH", "8S"], "B": ["AC", "QH", "8H", "JD", "TS"],
    ...               "C": ["7D", "8D", "TD", "QS", "TH"], "D": ["KC", "TC", "AS", "9S", "9H"]},
    ...     "tricks_won": {"AC": 0, "BD": 0}, "rules": "somerset1888"})
    >>> out["maker_tricks"], out["moves"]["JD"]
    (2, 2)

    Fields: ``trump`` (C, D, H, S), ``leader`` (the seat to lead the current trick),
    ``hands`` (seat -> card codes), ``makers`` (``"AC"``/``"BD"``, or one seat two- and
    three-handed), ``alone`` (the lone seat or null), ``tricks_won`` (side -> tricks, or seat
    -> tricks two- and three-handed), ``rules`` (a rule set name; default somerset1888), and
    optionally ``trick``: the cards already played to the current trick, ``[[seat, card], ...]``
    from the leader on (those cards are not in ``hands``).
    """
    deal = position_from_json(obj)
    return solve(deal).to_json()


def position_from_json(obj: dict[str, Any]) -> Deal:
    """The play-phase :class:`Deal` described by the ``solve`` JSON (see :func:`solve_position_json`).

    >>> d = position_from_json({"trump": "S", "leader": "A", "makers": "B", "rules": "hoyle2",
    ...     "hands": {"A": ["JS", "AH"], "B": ["JC", "KH"]}, "tricks_won": {"A": 2, "B": 1}})
    >>> d.n, d.seat_name(d.actor), d.won
    (2, 'A', (2, 1))
    """
    decode.mapping(obj, "position")
    decode.check_tree(obj, "position", top=True)
    try:
        rules = rules_by_name(decode.text(obj.get("rules", "somerset1888"), "rules", max_len=limit("rules_name")))
    except RulesError as e:
        raise InputError(str(e), "rules") from None
    n = rules.players
    names = SEAT_NAMES[:n]
    try:
        trump = Suit.parse(decode.text(_field(obj, "trump"), "trump", max_len=10))
    except CardError as e:
        raise InputError(str(e), "trump") from None
    leader = decode.seat(_field(obj, "leader"), "leader", n)
    hands_in = decode.mapping(_field(obj, "hands"), "hands", keys=names)
    sides = [names[i] + names[i + 2] for i in range(2)] if n == 4 else list(names)
    makers = decode.choice(_field(obj, "makers"), "makers", sides)
    maker_side = sides.index(makers)
    alone_name = obj.get("alone")
    alone = None
    if alone_name is not None:
        if n != 4:
            raise InputError("there are no lone hands two- or three-handed", "alone")
        alone = decode.seat(alone_name, "alone", n)
        if alone % 2 != maker_side:
            raise InputError(f"{alone_name} is not one of the makers {makers}", "alone")
    # the seat that made: the lone player, else the side's first seat (A or B; two- and
    # three-handed the side is the seat)
    maker = alone if alone is not None else maker_side
    trick_in = decode.array(obj.get("trick") if obj.get("trick") is not None else [], "trick", max_len=n - 1)
    hands: list[list[Card]] = []
    for s in names:
        h = hands_in.get(s) if hands_in.get(s) is not None else []
        hands.append(decode.cards(h, decode.field("hands", s), max_len=5))
    plays: list[tuple[int, Card]] = []
    for i, item in enumerate(trick_in):
        where = decode.field("trick", i)
        if not (isinstance(item, list | tuple) and len(item) == 2):
            raise InputError(f"{decode.excerpt(item)}: write [seat, card]", where)
        seat = decode.seat(item[0], where, n)
        c = decode.card(item[1], where)
        plays.append((seat, c))
        hands[seat].append(c)
    won_in = decode.mapping(
        obj.get("tricks_won") if obj.get("tricks_won") is not None else {}, "tricks_won", keys=sides
    )
    won = [0] * n
    for k, v in won_in.items():
        won[names.index(k[0])] += decode.integer(v, decode.field("tricks_won", k), 0, 5)
    held = max(len(h) for h in hands)
    if sum(won) + held != 5:
        raise InputError(f"{sum(won)} tricks won and {held} cards a hand do not make five tricks", "tricks_won")
    if alone is not None and hands[(alone + 2) % 4]:
        raise InputError(f"{names[(alone + 2) % 4]} is out: his partner plays alone (Law 101)", "hands")
    deal = Deal.position(hands, trump, maker=maker, alone=alone, leader=leader, rules=rules, won=won)
    for seat, c in plays:
        if seat != deal.actor:
            raise InputError(f"{SEAT_NAMES[seat]} plays out of turn: it is {SEAT_NAMES[deal.actor]}'s turn", "trick")
        try:
            deal = deal.apply(Action.play(c))
        except Exception as e:  # IllegalAction: a card that could not have been played
            raise InputError(str(e), "trick") from None
    return deal


def main_solve(path: str, as_json: bool = False) -> int:
    """The CLI's ``solve FILE [--json]``: read a position (``-`` for standard input), print
    the answer as JSON or as a few readable lines; returns the exit status (0). Bad input
    raises :class:`~euchre_core.kernel.errors.InputError` naming the field.

    >>> import os, tempfile
    >>> with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
    ...     _ = f.write('{"trump": "S", "leader": "A", "makers": "B", "rules": "hoyle2", '
    ...                 '"hands": {"A": ["JS"], "B": ["JC"]}, "tricks_won": {"A": 2, "B": 2}}')
    >>> main_solve(f.name, as_json=False)  # doctest: +ELLIPSIS
    Makers B take 2 tricks with best play.
    A to play; the makers' tricks after each card: JS 2
    ...
    0
    >>> os.unlink(f.name)
    """
    obj = decode.load_json_file(path, "FILE")
    deal = position_from_json(obj)
    res = solve(deal)
    if as_json:
        print(json.dumps(res.to_json()))
        return 0
    assert deal.makers is not None
    side = deal.side_name(deal.makers)
    print(f"Makers {side} take {res.maker_tricks} trick{'s' if res.maker_tricks != 1 else ''} with best play.")
    sign = -1 if deal.actor in _maker_seats(deal) else 1  # the player's best cards first
    order = sorted(res.moves.items(), key=lambda kv: sign * kv[1])
    print(
        f"{deal.seat_name(deal.actor)} to play; the makers' tricks after each card: "
        + ", ".join(f"{c} {v}" for c, v in order)
    )
    print(f"({res.nodes} nodes, {res.ms:.1f} ms)")
    return 0


def _maker_seats(deal: Deal) -> set[int]:
    return {s for s in range(deal.n) if deal.side_of(s) == deal.makers}
