"""An engine player that does not peek: it decides from what its seat has seen, nothing more.

At each decision the opponent samples the cards it cannot see so that they agree with everything
its seat knows (:class:`Observation`: its own hand and discard, the turn-up and who holds it, the
bidding, every card played and the voids the play has shown), plays every sampled deal out
double dummy with :mod:`euchre_core.search.solver`, and takes the action with the best average score
for its side. Bidding, the dealer's discard and lone hands are decided the same way: each legal
action is tried in every sample, the rest of the bidding is filled in with the book's rules of
thumb (:mod:`euchre_core.search.book_rules`: the General Remarks' "Assist with", "Order with"
and "Take up" lists), and the deal is then solved from the opening lead.

The strength is the number of samples (:data:`STRENGTHS`); a seed makes every decision
reproducible. The opponent plays four-handed rule sets (the 1888 laws and their variants).

>>> from euchre_core.kernel.deal import Deal
>>> d = Deal.shuffled(seed=7)
>>> a = choose(d, strength="easy", seed=1)
>>> a in d.legal_actions()
True
>>> choose(d, strength="easy", seed=1) == a                      # seeded: the same again
True
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..kernel.actions import Action
from ..kernel.cards import JOKER, Card, Suit, cards_of_mask, pack
from ..kernel.deal import Deal, score_deal
from ..kernel.errors import InputError
from ..kernel.limits import limit
from ..kernel.rules import RuleSet
from ..kernel.tables import EFFECTIVE_SUIT, TRUMP_POWER
from .book_rules import book_bid, book_make, book_rollout, role_of
from .solver import LAYOUTS, Core, called_card_pending, solve, to_layout

__all__ = [
    "STRENGTHS",
    "DEFAULT_STRENGTH",
    "Observation",
    "Decision",
    "observe",
    "decide",
    "choose",
    "sample_worlds",
]

#: Named strengths: the number of sampled deals behind each decision.
STRENGTHS: dict[str, int] = {"easy": 4, "default": 24, "strong": 64}
DEFAULT_STRENGTH = "default"
MAX_STRENGTH = limit("strength")  # samples per decision when the strength is a number (the strongest name uses 64)
#: Before the play (bids, the take, the discard) each decision looks at this many times the samples.
BID_FACTOR = 2
_PRUNE = 1.0  # points: after a quarter of the samples, drop actions this much worse
#: The work allowed per sample: a decision stops looking at more samples once the solver has searched
#: this many positions for each sample it was given (a count, so a decision is still the same for the
#: same seed; it bounds the time of the rare decisions whose deals are slow to solve).
NODE_BUDGET = 4000
_MIN_SAMPLES = 4

# Values are kept as integers so that ties are exact: points x SCALE + the side's tricks.
_SCALE = 100


# --------------------------------------------------------------------------------------------
# What a seat knows


@dataclass(frozen=True)
class Observation:
    """Everything one seat knows at a point of a deal, and nothing else.

    ``hand`` is the seat's own cards now; ``discard`` its own discard when it dealt; ``log`` the
    deal's actions as the table saw them (the dealer's discard shown as a bare ``discard`` to the
    others); ``counts`` how many cards each seat holds (anyone can count them); ``known`` cards of
    other seats that this seat has seen in their hands (the turn-up taken up by the dealer, or
    cards shown). The public state of the deal (phase, trump, tricks ...) is kept as well, so a
    decision needs nothing but the observation.
    """

    rules: RuleSet
    seat: int
    dealer: int
    turn_up: Card
    turn_suit: Suit
    hand: tuple[Card, ...]
    discard: Card | None
    log: tuple[tuple[int, str], ...]
    counts: tuple[int, ...]
    known: tuple[tuple[int, Card], ...]
    took_up: bool  # the dealer has taken the turn-up into his hand
    phase: str
    actor: int
    trump: Suit | None
    maker: int | None
    alone: int | None
    out: int
    tricks: tuple[tuple[tuple[int, Card], ...], ...]
    trick: tuple[tuple[int, Card], ...]
    won: tuple[int, ...]

    @property
    def n(self) -> int:
        return self.rules.players

    def played(self) -> list[tuple[int, Card]]:
        """Every card played so far, with its seat, in order.

        >>> observe(Deal.shuffled(1)).played()
        []
        """
        return [p for t in self.tricks for p in t] + list(self.trick)

    def voids(self) -> list[int]:
        """Per seat, a bit per effective suit the seat has shown it does not hold (it did not follow).

        >>> d = Deal.position([["AH", "7C"], ["KS", "8C"], ["QH", "9C"], ["TH", "TC"]], "C", maker=0, leader=0)
        >>> d = d.apply("play AH").apply("play KS")          # B has no heart
        >>> observe(d, 2).voids()[1] == 1 << Suit.HEARTS
        True
        """
        out = [0] * self.n
        if self.trump is None:
            return out
        eff = EFFECTIVE_SUIT[int(self.trump)]
        for t in list(self.tricks) + [self.trick]:
            if not t:
                continue
            led = eff[t[0][1]]
            for s, c in t[1:]:
                if eff[c] != led:
                    out[s] |= 1 << led
        return out


def observe(
    deal: Deal, seat: int | None = None, reveal: Mapping[int, Iterable[Card | str]] | None = None
) -> Observation:
    """What ``seat`` (by default the seat to act) knows of ``deal``.

    ``reveal`` adds cards of other seats that this seat is allowed to know (``{seat: cards}``);
    a test can show it every hand, as in an endgame with all the cards visible.

    >>> d = Deal.shuffled(seed=3)
    >>> o = observe(d)
    >>> o.seat == d.actor, len(o.hand), o.counts
    (True, 5, (5, 5, 5, 5))
    """
    if deal.n != 4:
        raise InputError("the opponent plays the four-handed game", "rules")
    me = deal.actor if seat is None else seat
    took_up = (
        bool(deal.hands[deal.dealer] >> deal.turn_up & 1)
        or any(s == deal.dealer and c == deal.turn_up for t in deal.tricks for s, c in t.cards)
        or any(s == deal.dealer and c == deal.turn_up for s, c in deal.trick)
    )
    log = []
    for s, a in deal.log:
        if a.kind == "discard" and s != me:
            log.append((s, "discard"))
        else:
            log.append((s, str(a)))
    known: dict[tuple[int, int], None] = {}
    if took_up and me != deal.dealer and deal.hands[deal.dealer] >> deal.turn_up & 1:
        known[(deal.dealer, deal.turn_up)] = None
    for s, cards in (reveal or {}).items():
        for c in cards:
            card = Card.parse(c)
            if s != me and deal.hands[s] >> card & 1:
                known[(s, card)] = None
    return Observation(
        rules=deal.rules,
        seat=me,
        dealer=deal.dealer,
        turn_up=deal.turn_up,
        turn_suit=deal.turn_suit,
        hand=tuple(deal.hand(me)),
        discard=deal.discarded if me == deal.dealer else None,
        log=tuple(log),
        counts=tuple(bin(h).count("1") for h in deal.hands),
        known=tuple(sorted((s, Card(c)) for s, c in known)),
        took_up=took_up,
        phase=deal.phase,
        actor=deal.actor,
        trump=deal.trump,
        maker=deal.maker,
        alone=deal.alone,
        out=deal.out,
        tricks=tuple(t.cards for t in deal.tricks),
        trick=deal.trick,
        won=deal.won,
    )


# --------------------------------------------------------------------------------------------
# Sampling the unseen cards


def _hidden_needs(obs: Observation) -> tuple[list[int], list[list[Card]], bool]:
    """How many unseen cards each seat holds, the cards known in each hand, whether the
    dealer's discard is unseen (and so must be sampled too)."""
    known: list[list[Card]] = [[] for _ in range(obs.n)]
    for s, c in obs.known:
        known[s].append(c)
    need = [0] * obs.n
    for s in range(obs.n):
        if s != obs.seat:
            need[s] = obs.counts[s] - len(known[s])
    discard_unseen = (
        obs.took_up
        and obs.seat != obs.dealer
        and obs.phase not in ("discard",)
        and any(s == obs.dealer and a == "discard" for s, a in obs.log)
    )
    return need, known, discard_unseen


def _unseen_pool(obs: Observation) -> list[Card]:
    """The cards this seat has not seen anywhere, in a fixed order (so sampling depends on nothing else)."""
    seen = set(obs.hand) | {obs.turn_up} | {c for _, c in obs.played()} | {c for _, c in obs.known}
    if obs.discard is not None:
        seen.add(obs.discard)
    return [c for c in pack(obs.rules.pack_size) if c not in seen]


def _deal_hidden(
    obs: Observation, rng: random.Random, pool: list[Card], need: list[int], voids: list[int], discard_unseen: bool
) -> tuple[list[list[Card]], Card | None]:
    """One assignment of the unseen cards: each seat gets ``need[s]`` cards of suits it has not
    shown void in; the dealer's unseen discard is any other unseen card."""
    trump = int(obs.trump) if obs.trump is not None else None
    seats = [s for s in range(obs.n) if s != obs.seat]

    def allowed(s: int, cards: Iterable[Card]) -> list[Card]:
        if not voids[s] or trump is None:
            return list(cards)
        eff = EFFECTIVE_SUIT[trump]
        return [c for c in cards if not voids[s] >> eff[c] & 1]

    order = sorted(seats, key=lambda s: (len(allowed(s, pool)) - need[s], s))
    for _ in range(200):
        left = list(pool)
        rng.shuffle(left)
        hidden: list[list[Card]] = [[] for _ in range(obs.n)]
        ok = True
        for s in order:
            ok_cards = allowed(s, left)
            if len(ok_cards) < need[s]:
                ok = False
                break
            take = ok_cards[: need[s]]
            hidden[s] = take
            chosen = set(take)
            left = [c for c in left if c not in chosen]
        if ok:
            discard = left[0] if discard_unseen else None
            return hidden, discard
    # Rare: the voids leave few ways to deal the cards. Search them in a random order.
    found = _backtrack(order, list(pool), need, allowed, rng)
    if found is None:
        raise InputError("no deal of the unseen cards agrees with what this seat has seen", "observation")
    hidden, left = found
    return hidden, (left[0] if discard_unseen and left else None)


def _backtrack(
    order: list[int], pool: list[Card], need: list[int], allowed: Any, rng: random.Random
) -> tuple[list[list[Card]], list[Card]] | None:
    """Card by card, seat by seat: an assignment that respects the voids, or None."""
    hidden: list[list[Card]] = [[] for _ in range(max(order) + 1 if order else 1)]
    slots = [s for s in order for _ in range(need[s])]
    rng.shuffle(pool)

    def go(i: int, left: list[Card]) -> list[Card] | None:
        if i == len(slots):
            return left
        s = slots[i]
        for c in allowed(s, left):
            hidden[s].append(c)
            rest = go(i + 1, [x for x in left if x != c])
            if rest is not None:
                return rest
            hidden[s].pop()
        return None

    rest = go(0, pool)
    return None if rest is None else (hidden, rest)


def _world(obs: Observation, hidden: list[list[Card]], discard: Card | None, stock: list[Card]) -> Deal:
    """The deal that the sample describes: dealt again from its hands and replayed from the log."""
    n = obs.n
    played: list[list[Card]] = [[] for _ in range(n)]
    for s, c in obs.played():
        played[s].append(c)
    known: list[list[Card]] = [[] for _ in range(n)]
    for s, c in obs.known:
        known[s].append(c)
    dealt: list[list[Card]] = []
    for s in range(n):
        cards = list(obs.hand) if s == obs.seat else hidden[s] + known[s]
        cards = cards + played[s]
        if s == obs.dealer and obs.took_up:
            d = obs.discard if s == obs.seat else discard
            if d is not None:
                cards.append(d)
            cards = [c for c in cards if c != obs.turn_up]
        dealt.append(cards)
    if obs.turn_up == JOKER:  # Hoyle's Joker: the next card names the suit
        first = [c for c in stock if c != JOKER and c.suit == obs.turn_suit][:1]
        stock = first + [c for c in stock if c not in first]
    deal = Deal.start(dealt, obs.turn_up, obs.dealer, obs.rules, stock=stock)
    for _, text in obs.log:
        if text == "discard":
            act = Action.discard_card(discard if discard is not None else Card(0))
        else:
            act = Action.parse(text)
        deal = deal.apply(act)
    return deal


def _bidding_fit(world: Deal, me: int) -> float:
    """How well the other seats' bids in ``world`` fit the book's rules of thumb: the product over
    their bids of 1 when the bid is what :func:`book_bid` / :func:`book_make` advise with that
    hand, and ``_MISFIT`` when it is not (a soft inference: players do not all bid by the book)."""
    fit = 1.0
    bids2 = False
    for s, a in world.log:
        if a.kind in ("discard", "play", "take", "stay", "alone", "callcard"):
            break
        if s == me:
            if a.kind == "pass" and s == world.dealer:
                bids2 = True
            continue
        role = role_of(s, world.dealer)
        hand = cards_of_mask(world.dealt[s])
        if not bids2:
            adv = book_bid(hand, world.turn_up, role, world.turn_suit)
            ok = adv.act == (a.kind == "order")
            if a.kind == "pass" and s == world.dealer:
                bids2 = True
        else:
            adv2 = book_make(hand, world.turn_suit, role)
            ok = adv2.act == (a.kind == "call") and (a.kind != "call" or adv2.suit == a.suit)
        if not ok:
            fit *= _MISFIT
    return fit


_MISFIT = 0.3
_INFER_TRIES = 12


def sample_worlds(obs: Observation, count: int, rng: random.Random, infer: bool = True) -> list[Deal]:
    """``count`` deals that agree with ``obs``: the seat's own cards as they are, the unseen cards
    dealt at random to the other seats (respecting the voids shown in play), each replayed from
    the log so that it is in the same state as the real deal. With ``infer``, deals whose bidding
    fits the book's rules of thumb are preferred (each drawn deal is kept with the probability
    :func:`_bidding_fit`, up to a few tries).

    >>> d = Deal.shuffled(seed=3)
    >>> ws = sample_worlds(observe(d), 3, random.Random(0))
    >>> [w.hand(d.actor) == d.hand(d.actor) for w in ws], ws[0].phase == d.phase
    ([True, True, True], True)
    """
    need, _, discard_unseen = _hidden_needs(obs)
    pool = _unseen_pool(obs)
    voids = obs.voids()
    bidding = infer and any(s != obs.seat and (a == "pass" or a.startswith(("order", "call"))) for s, a in obs.log)
    worlds = []
    for _ in range(count):
        for _try in range(_INFER_TRIES if bidding else 1):
            hidden, discard = _deal_hidden(obs, rng, pool, need, voids, discard_unseen)
            used = {c for h in hidden for c in h} | ({discard} if discard is not None else set())
            stock = [c for c in pool if c not in used]
            world = _world(obs, hidden, discard, stock)
            if not bidding or rng.random() < _bidding_fit(world, obs.seat):
                break
        worlds.append(world)
    return worlds


# --------------------------------------------------------------------------------------------
# Values


def _maker_seats(deal: Deal) -> list[int]:
    return [s for s in range(deal.n) if deal.side_of(s) == deal.makers]


def dd_maker_tricks(deal: Deal) -> int:
    """The makers' tricks at the end of the deal with best play by all, every hand open (the
    tricks already won included): the value of the position alone, without valuing every card.

    >>> d = Deal.position(["9C JC AH KH 8S".split(), "AC QH 8H JD TS".split(),
    ...                    "7D 8D TD QS TH".split(), "KC TC AS 9S 9H".split()], "C", maker=0)
    >>> dd_maker_tricks(d) == solve(d).maker_tricks
    True
    """
    return _dd(deal)[0]


def _dd(deal: Deal) -> tuple[int, int]:
    """:func:`dd_maker_tricks` and the positions searched for it."""
    seats = _maker_seats(deal)
    won = sum(deal.won[s] for s in seats)
    if deal.is_over:
        return won, 0
    if deal.phase != "play" or deal.trick or called_card_pending(deal):
        res = solve(deal)
        return res.maker_tricks, res.nodes
    assert deal.trump is not None
    trump = int(deal.trump)
    bit_of = LAYOUTS[trump][0]
    active = deal.active_seats()
    hands = [to_layout(h, bit_of) if s in active else 0 for s, h in enumerate(deal.hands)]
    core = Core(hands, active, set(seats), trump)
    leader = deal.actor
    left = bin(deal.hands[leader]).count("1")
    v = (left + 1) // 2
    if core.boundary(leader, v, left):
        while v < left and core.boundary(leader, v + 1, left):
            v += 1
    else:
        v -= 1
        while v > 0 and not core.boundary(leader, v, left):
            v -= 1
    return won + v, core.nodes


def _value(deal: Deal, maker_tricks: int, side: int) -> int:
    """The deal's score for ``side`` (its points less the other side's) x SCALE, plus its tricks."""
    if deal.maker is None:
        return 0
    makers = deal.side_of(deal.maker)
    by_side = [0, 0]
    by_side[makers] = maker_tricks
    by_side[1 - makers] = 5 - maker_tricks
    res = score_deal(deal.rules, makers, deal.maker, deal.alone, deal.level, tuple(by_side))
    return (res.points[side] - res.points[1 - side]) * _SCALE + by_side[side]


def _final_value(deal: Deal, side: int) -> tuple[int, int]:
    """The value of a deal whose bidding is over (passed out, a jamboree, or solved from here), and
    the positions the solver searched for it."""
    if deal.is_over and deal.result is not None and (deal.result.passed_out or deal.result.jamboree):
        pts = deal.result.points
        return (pts[side] - pts[1 - side]) * _SCALE, 0
    tricks, nodes = _dd(deal)
    return _value(deal, tricks, side), nodes


# --------------------------------------------------------------------------------------------
# The decision


@dataclass(frozen=True)
class Decision:
    """An action chosen, with the average value of every candidate (points for the seat's side
    less the other side's, per deal) over the ``samples`` deals examined."""

    action: Action
    values: dict[str, float] = field(default_factory=dict)
    samples: int = 0

    def to_json(self) -> dict[str, Any]:
        """``{"action", "values", "samples"}``.

        >>> Decision(Action("pass"), {"pass": 0.5}, 8).to_json()
        {'action': 'pass', 'values': {'pass': 0.5}, 'samples': 8}
        """
        return {"action": str(self.action), "values": dict(self.values), "samples": self.samples}


def _samples_for(strength: int | str) -> int:
    if isinstance(strength, str):
        if strength not in STRENGTHS:
            raise InputError(f"unknown strength {strength!r} (choose from {', '.join(STRENGTHS)})", "strength")
        return STRENGTHS[strength]
    if isinstance(strength, bool) or not isinstance(strength, int) or not 1 <= strength <= MAX_STRENGTH:
        raise InputError(f"the number of samples must be a whole number from 1 to {MAX_STRENGTH}", "strength")
    return strength


def _play_order_key(card: Card, trump: int) -> tuple[int, int]:
    """Among cards of equal value the lowest is played: plain cards before trumps, low before high."""
    p = TRUMP_POWER[trump][card]
    return (1, p) if p else (0, card & 7)


def decide(obs: Observation, strength: int | str = DEFAULT_STRENGTH, seed: int = 0) -> Decision:
    """Choose an action for ``obs.seat`` from its observation alone (it must be its turn).

    In the play every legal card is valued in every sampled deal by the solver. Before the play
    (bids, the take, the discard) each legal action is tried in :data:`BID_FACTOR` times as many
    samples, the rest of the bidding filled in by the book's rules of thumb; after the first
    quarter of them, actions more than a point worse on average than the best are dropped. A
    decision stops early when the solver has done :data:`NODE_BUDGET` times the samples' work.

    >>> d = Deal.shuffled(seed=11)
    >>> dec = decide(observe(d), strength=2, seed=5)
    >>> dec.action in d.legal_actions(), dec.samples
    (True, 4)
    """
    if obs.actor != obs.seat:
        raise InputError(f"it is not {'ABCD'[obs.seat]}'s turn", "seat")
    samples = _samples_for(strength)
    rng = random.Random(f"{seed}|{obs.seat}|{len(obs.log)}|{obs.phase}")
    worlds = sample_worlds(obs, 1, rng)
    legal = worlds[0].legal_actions()
    if not legal:
        raise InputError("the deal is over", "deal")
    if len(legal) == 1:
        return Decision(legal[0], {str(legal[0]): 0.0}, 0)
    side = obs.seat % 2
    totals: dict[Action, int] = {a: 0 for a in legal}
    counts: dict[Action, int] = {a: 0 for a in legal}
    budget = NODE_BUDGET * samples  # positions the solver may search for this decision
    nodes = 0
    used = 0
    if obs.phase == "play":
        worlds += sample_worlds(obs, samples - 1, rng)
        for w in worlds:
            res = solve(w)
            for a in legal:
                assert a.card is not None
                totals[a] += _value(w, res.moves[str(a.card)], side)
                counts[a] += 1
            used += 1
            nodes += res.nodes
            if nodes > budget and used >= _MIN_SAMPLES:
                break
        assert obs.trump is not None
        trump = int(obs.trump)
        best = max(legal, key=lambda a: (totals[a], tuple(-x for x in _play_order_key(a.card, trump))))  # type: ignore[arg-type]
    else:
        total = samples * BID_FACTOR
        worlds += sample_worlds(obs, total - 1, rng)
        stage = max(4, total // 4)
        alive = list(legal)
        for i, w in enumerate(worlds):
            for a in alive:
                value, n = _final_value(book_rollout(w.apply(a)), side)
                totals[a] += value
                counts[a] += 1
                nodes += n
            used += 1
            if i + 1 == stage and len(alive) > 1:
                top = max(totals[a] for a in alive)
                alive = [a for a in alive if totals[a] >= top - _PRUNE * _SCALE * stage]
            if nodes > budget * BID_FACTOR and used >= max(_MIN_SAMPLES, stage):
                break
        # equal values: the first of the engine's order (pass, then the plainer declaration)
        best = max(alive, key=lambda a: (totals[a], -legal.index(a)))
    values = {str(a): round(totals[a] / counts[a] / _SCALE, 4) for a in legal}
    return Decision(best, values, used)


def choose(deal: Deal, seat: int | None = None, strength: int | str = DEFAULT_STRENGTH, seed: int = 0) -> Action:
    """The opponent's action for the seat to act (``seat`` must be that seat if given).

    >>> d = Deal.shuffled(seed=4)
    >>> choose(d, strength="easy") in d.legal_actions()
    True
    """
    obs = observe(deal, seat)
    return decide(obs, strength, seed).action
