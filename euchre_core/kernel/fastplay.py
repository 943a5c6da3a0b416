"""Random complete deals at speed, for ``bench`` and for simulations.

This is the same rules as :class:`~euchre_core.kernel.deal.Deal` (it reads the same rule set and
the same precomputed tables of :mod:`euchre_core.kernel.tables`), written as one tight loop over
plain lists instead of immutable states. Every deal it plays can be returned as an action
log, and the tests replay those logs through :class:`Deal` and require the same tricks and
points, so the two can never drift apart.

>>> from euchre_core.kernel.rules import MODERN_24
>>> totals = play_random_deals(MODERN_24, 100, seed=1)
>>> len(totals)
2
"""

from __future__ import annotations

import random

from .cards import pack
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


def play_random_deal_logged(rules: RuleSet, seed: int, dealer: int = 0) -> tuple[dict, list[int]]:
    """One random deal and its record (the :meth:`Deal.to_record` form) for cross-checking."""
    rng = random.Random(seed)
    log: list = []
    pts = _play(rules, rng, dealer, log)
    return log[0], pts


def _play(rules: RuleSet, rng: random.Random, dealer: int, log: list | None) -> list[int]:
    n = rules.players
    rnd = rng.random
    order = pack(rules.pack_size)
    rng.shuffle(order)
    size = len(order)
    cut = 4 + int(rnd() * (size - 7))                        # Law 29: at least four in each packet
    order = order[cut:] + order[:cut]
    first = 2 if rnd() < 0.5 else 3                           # Law 42: 2-3 or 3-2
    hands: list[list[int]] = [[] for _ in range(n)]
    pos = 0
    for k in (first, 5 - first):
        for i in range(n):
            hands[(dealer + 1 + i) % n] += order[pos:pos + k]
            pos += k
    turn_up = order[pos]
    if turn_up == 32:                                         # Hoyle: the next card names the suit
        turn_suit = order[pos + 1] >> 3
    else:
        turn_suit = turn_up >> 3
    rec = None
    if log is not None:
        rec = {"rules": rules.name, "dealer": "ABCD"[dealer],
               "hands": {"ABCD"[s]: [_code(c) for c in hands[s]] for s in range(n)},
               "turn_up": _code(turn_up), "stock": [_code(c) for c in order[pos + 1:]], "log": []}
        log.append(rec)
        acts = rec["log"]

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
    seat = (dealer + 1) % n
    for _ in range(n):                                        # Laws 74-76
        k = int(rnd() * (2 + (len(levels) if alone_ok else 0)))
        if k == 0:
            passed |= 1 << seat
            if rec is not None:
                say(seat, "pass")
            seat = (seat + 1) % n
            continue
        trump, maker = turn_suit, seat
        level = k - 1
        if rec is not None:
            say(seat, "order" + ("", " alone", " jambone")[level])
        break
    if trump < 0:
        first_round = False
        seat = (dealer + 1) % n
        for _ in range(n):                                    # Law 77: the second round
            options = [s for s in range(4) if s != turn_suit]
            can_pass = not (rules.stick_the_dealer and seat == dealer)
            per_suit = 1 + (len(levels) if alone_ok else 0)
            k = int(rnd() * (len(options) * per_suit + can_pass))
            if can_pass and k == 0:
                if rec is not None:
                    say(seat, "pass")
                seat = (seat + 1) % n
                continue
            k -= can_pass
            trump, maker, level = options[k // per_suit], seat, k % per_suit
            if rec is not None:
                say(seat, f"call {'CDHS'[trump]}" + ("", " alone", " jambone")[level])
            break
        if trump < 0:
            return [0] * rules.sides                          # Law 77: passed out
    alone = maker if level else -1
    if (first_round and alone_ok and rules.partner_may_take_alone):
        p = (maker + 2) % 4
        if not passed >> p & 1:                               # Laws 74, 75, 94
            k = int(rnd() * (1 + len(levels)))
            if k:
                alone, level = p, k
                if rec is not None:
                    say(p, "take" + ("", " alone", " jambone")[level])
            elif rec is not None:
                say(p, "stay")
    out = (alone + 2) % 4 if alone >= 0 else -1
    if first_round and (out != dealer or rules.dealer_out_discards):   # Laws 86, 88
        h = hands[dealer]
        d = h[int(rnd() * 5)]
        h.remove(d)
        h.append(turn_up)
        if rec is not None:
            say(dealer, f"discard {_code(d)}")
    if rules.alone_after_making and rules.allow_alone and n == 4:
        if rnd() < 0.5:
            alone, level = maker, 1
            out = (maker + 2) % 4
            if rec is not None:
                say(maker, "alone")
        elif rec is not None:
            say(maker, "stay")
    # ---- the lead (eldest, skipping a lone player's partner)
    mode = rules.lone_lead
    if alone >= 0 and mode == "lone_player":
        leader = alone
    elif alone >= 0 and mode == "left_of_lone":
        leader = (alone + 1) % n
        if leader == out:
            leader = (leader + 1) % n
    else:
        leader = (dealer + 1) % n
        if leader == out:
            leader = (leader + 1) % n
    called = -1
    if level == 2:
        caller = leader
        if leader == alone:                                   # his left-hand adversary calls
            caller = (leader + 1) % n
            if caller == out:
                caller = (caller + 1) % n
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
    seats = [s for s in range(n) if s != out]
    won = [0] * n
    nseats = len(seats)
    for trick_no in range(5):
        li = seats.index(leader)
        led = -1
        best = -1
        best_seat = leader
        keys = None
        for j in range(nseats):
            s = seats[(li + j) % nseats]
            h = hands[s]
            if j == 0:
                if called >= 0 and s == alone and trick_no == 0:
                    c = called
                else:
                    c = h[int(rnd() * len(h))]
                led = eff[c]
                keys = keys_by_led[led]
                best = keys[c]
                best_seat = s
            else:
                follow = [x for x in h if eff[x] == led]
                if called >= 0 and s == alone and trick_no == 0 and (not follow or called in follow):
                    c = called
                elif follow:
                    c = follow[int(rnd() * len(follow))]
                else:
                    c = h[int(rnd() * len(h))]
                k = keys[c]
                if k > best:
                    best, best_seat = k, s
            h.remove(c)
            if rec is not None:
                say(s, f"play {_code(c)}")
        won[best_seat] += 1
        leader = best_seat
    # ---- score (Laws 2, 3)
    sides = rules.sides
    pts = [0] * sides
    if n == 4:
        ms = maker & 1
        mt = won[ms] + won[ms + 2]
    else:
        ms = maker
        mt = won[maker]
    if mt == 5:
        pts[ms] = (rules.march, rules.alone_march, rules.jambone_march)[level]
    elif mt >= 3:
        pts[ms] = (rules.point, rules.alone_point, rules.jambone_point)[level]
    else:
        v = (rules.euchre, rules.alone_euchred, rules.jambone_euchred)[level]
        if sides == 2:
            pts[1 - ms] = v
        elif rules.three_handed_scoring == "set_back":
            pts[ms] = -v
        else:
            for s in range(sides):
                if s != ms:
                    pts[s] = v
    return pts


def _code(c: int) -> str:
    return "JK" if c == 32 else "789TJQKA"[c & 7] + "CDHS"[c >> 3]
