"""Random complete deals at speed, for ``bench`` and for simulations.

The rules are the kernel's: the order of speaking, the lead, the jambone call and the score
are the calls of :mod:`euchre_core.kernel.play` (once a deal), and the play itself, one tight
loop over plain lists, reads the kernel's tables (:data:`~euchre_core.kernel.tables.EFFECTIVE_SUIT`
for following suit, Law 62; :data:`~euchre_core.kernel.tables.PLAY_KEY`, the order
:func:`~euchre_core.kernel.play.trick_winner_index` reads, for the trick's winner). A logged deal
also records the cards it offered at each play; ``tests/test_kernel_play.py`` replays those
logs through :class:`~euchre_core.kernel.deal.Deal` and requires the same legal cards at every
play, the same tricks and the same points, so the fast loop cannot drift from the kernel.

>>> from euchre_core.kernel.rules import MODERN_24
>>> totals = play_random_deals(MODERN_24, 100, seed=1)
>>> len(totals)
2
"""

from __future__ import annotations

import random
from typing import Any

from .cards import pack
from .play import (
    LEVEL_JAMBONE,
    deal_points,
    first_leader,
    jambone_caller,
    legal_play_mask,
    partner_out_mask,
    speaking_order,
)
from .rules import RuleSet
from .tables import EFFECTIVE_SUIT, PLAY_KEY

__all__ = ["play_random_deals", "play_random_deal_logged"]


def play_random_deals(rules: RuleSet, games: int, seed: int = 1) -> list[int]:
    """Play ``games`` complete deals (shuffle, cut, deal, bidding, discard, play, score)
    with uniformly random legal actions; return the points scored by each side in all."""
    rng = random.Random(seed)
    totals = [0] * rules.sides
    for i in range(games):
        pts = _play(rules, rng, i % rules.players, None)
        for s in range(len(pts)):
            totals[s] += pts[s]
    return totals


def play_random_deal_logged(rules: RuleSet, seed: int, dealer: int = 0) -> tuple[dict[str, Any], list[int]]:
    """One random deal and its record (the :meth:`Deal.to_record` form) for cross-checking.
    The record's ``offered`` holds, for each card played, the cards the loop chose among."""
    rng = random.Random(seed)
    log: list[dict[str, Any]] = []
    pts = _play(rules, rng, dealer, log)
    return log[0], list(pts)


def _play(rules: RuleSet, rng: random.Random, dealer: int, log: list[dict[str, Any]] | None) -> tuple[int, ...]:
    n = rules.players
    rnd = rng.random
    order = pack(rules.pack_size)
    rng.shuffle(order)
    size = len(order)
    cut = 4 + int(rnd() * (size - 7))  # Law 29: at least four in each packet
    order = order[cut:] + order[:cut]
    first = 2 if rnd() < 0.5 else 3  # Law 42: 2-3 or 3-2
    hands: list[list[int]] = [[] for _ in range(n)]
    pos = 0
    order_of_speaking = speaking_order(n, dealer)  # the deal (Law 42) and the bidding (74-77)
    for k in (first, 5 - first):
        for seat in order_of_speaking:
            hands[seat] += order[pos : pos + k]
            pos += k
    turn_up = order[pos]
    if turn_up == 32:  # Hoyle: the next card names the suit
        turn_suit = order[pos + 1] >> 3
    else:
        turn_suit = turn_up >> 3
    rec = None
    offered: list[list[str]] = []
    if log is not None:
        rec = {
            "rules": rules.name,
            "dealer": "ABCD"[dealer],
            "hands": {"ABCD"[s]: [_code(c) for c in hands[s]] for s in range(n)},
            "turn_up": _code(turn_up),
            "stock": [_code(c) for c in order[pos + 1 :]],
            "log": [],
            "offered": offered,
        }
        log.append(rec)
        acts: list[str] = []
        rec["log"] = acts

        def say(seat: int, text: str) -> None:
            acts.append(f"{'ABCD'[seat]}: {text}")

    alone_ok = rules.allow_alone and n == 4 and not rules.alone_after_making
    levels = (1, 2) if rules.jambone else (1,)
    # ---- bidding
    trump = -1
    maker = -1
    level = 0
    first_round = True
    passed = 0
    for seat in order_of_speaking:  # Laws 74-76
        k = int(rnd() * (2 + (len(levels) if alone_ok else 0)))
        if k == 0:
            passed |= 1 << seat
            if rec is not None:
                say(seat, "pass")
            continue
        trump, maker = turn_suit, seat
        level = k - 1
        if rec is not None:
            say(seat, "order" + ("", " alone", " jambone")[level])
        break
    if trump < 0:
        first_round = False
        for seat in order_of_speaking:  # Law 77: the second round
            options = [s for s in range(4) if s != turn_suit]
            can_pass = not (rules.stick_the_dealer and seat == dealer)
            per_suit = 1 + (len(levels) if alone_ok else 0)
            k = int(rnd() * (len(options) * per_suit + can_pass))
            if can_pass and k == 0:
                if rec is not None:
                    say(seat, "pass")
                continue
            k -= can_pass
            trump, maker, level = options[k // per_suit], seat, k % per_suit
            if rec is not None:
                say(seat, f"call {'CDHS'[trump]}" + ("", " alone", " jambone")[level])
            break
        if trump < 0:
            return (0,) * rules.sides  # Law 77: passed out
    alone = maker if level else -1
    if first_round and alone_ok and rules.partner_may_take_alone:
        p = (maker + 2) % 4
        if not passed >> p & 1:  # Laws 74, 75, 94
            k = int(rnd() * (1 + len(levels)))
            if k:
                alone, level = p, k
                if rec is not None:
                    say(p, "take" + ("", " alone", " jambone")[level])
            elif rec is not None:
                say(p, "stay")
    out_mask = partner_out_mask(n, alone if alone >= 0 else None)  # Law 101
    if first_round and (not out_mask >> dealer & 1 or rules.dealer_out_discards):  # Laws 86, 88
        h = hands[dealer]
        d = h[int(rnd() * 5)]
        h.remove(d)
        h.append(turn_up)
        if rec is not None:
            say(dealer, f"discard {_code(d)}")
    if rules.alone_after_making and rules.allow_alone and n == 4:
        if rnd() < 0.5:
            alone, level = maker, 1
            out_mask = partner_out_mask(n, maker)
            if rec is not None:
                say(maker, "alone")
        elif rec is not None:
            say(maker, "stay")
    # ---- the lead (the kernel's rule: the eldest, skipping a lone player's partner, or the code's
    # lone-hand lead)
    leader = first_leader(rules, n, dealer, alone if alone >= 0 else None, out_mask)
    called = -1
    if level == LEVEL_JAMBONE:
        caller = jambone_caller(n, leader, alone, out_mask)
        hj = hands[alone]
        k = int(rnd() * 6)
        if k:
            called = hj[k - 1]
            if rec is not None:
                say(caller, f"callcard {_code(called)}")
        elif rec is not None:
            say(caller, "pass")
    # ---- play
    eff = EFFECTIVE_SUIT[trump]
    keys_by_led = PLAY_KEY[trump]
    seats = [s for s in range(n) if not out_mask >> s & 1]
    won = [0] * n
    nseats = len(seats)
    for trick_no in range(5):
        li = seats.index(leader)
        led = -1
        best = -1
        best_seat = leader
        keys = keys_by_led[0]
        for j in range(nseats):
            s = seats[(li + j) % nseats]
            h = hands[s]
            if j == 0:
                if called >= 0 and s == alone and trick_no == 0:
                    legal = _called_legal(h, None, trump, called)  # 1877 jambone: the kernel's rule
                else:
                    legal = h
                c = legal[int(rnd() * len(legal))]
                first = c
                led = eff[c]
                keys = keys_by_led[led]
                best = keys[c]
                best_seat = s
            else:
                if called >= 0 and s == alone and trick_no == 0:
                    legal = _called_legal(h, first, trump, called)
                else:
                    legal = [x for x in h if eff[x] == led] or h  # Law 62, on the kernel's table
                c = legal[int(rnd() * len(legal))]
                k = keys[c]
                if k > best:
                    best, best_seat = k, s
            if rec is not None:
                offered.append([_code(x) for x in sorted(legal)])
                say(s, f"play {_code(c)}")
            h.remove(c)
        won[best_seat] += 1
        leader = best_seat
    # ---- score (Laws 2, 3: the kernel's rule)
    ms = maker & 1 if n == 4 else maker
    mt = won[ms] + won[ms + 2] if n == 4 else won[maker]
    return deal_points(rules, ms, level, mt)


def _called_legal(h: list[int], led_card: int | None, trump: int, called: int) -> list[int]:
    """The jambone player's cards on the first trick by the kernel's rule (the rare path)."""
    hm = 0
    for x in h:
        hm |= 1 << x
    m = legal_play_mask(hm, led_card, trump, called)
    return [x for x in h if m >> x & 1]


def _code(c: int) -> str:
    return "JK" if c == 32 else "789TJQKA"[c & 7] + "CDHS"[c >> 3]
