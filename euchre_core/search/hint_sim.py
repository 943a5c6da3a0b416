"""One hint test prepared (:class:`HintSim`): its fields checked, its options, its layouts drawn
consistently with what the player knows and with the bidding by the rule (:meth:`HintSim.draw`),
and each layout valued, option by option, double dummy (:meth:`HintSim.evaluate`).

>>> import random
>>> from euchre_core.search.hint_specs import spec_by_id
>>> sim = HintSim(spec_by_id("second-13"))
>>> sim.kind, sim.compare[0] == sim.advised
('play', True)
>>> sorted(sim.evaluate(sim.draw(random.Random(1)))) == sorted(sim.compare)
True
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Protocol

from ..kernel.cards import Card, Suit
from ..kernel.deal import Deal
from ..kernel.errors import InputError
from ..kernel.tables import EFFECTIVE_SUIT
from .hint_layouts import Resolver, Retry, resolve_all
from .hint_players import (
    ROUND1,
    SEATS,
    deal_points,
    dealer_takes,
    hand_strength,
    round1_bid,
    round2_choice,
    solve_counted,
    solve_tricks,
)
from .hint_specs import KINDS, check_distinct, parse_token

__all__ = ["HintSim", "Outcome", "DrawBudget", "MAX_TRIES"]

MAX_TRIES = 20_000  # draws per accepted layout before giving up


class DrawBudget(Protocol):
    """What :meth:`HintSim.draw` counts its draws against: the whole call's budget of
    :func:`euchre_core.search.simulate.simulate_hint` (its ``_Draws``)."""

    def spend(self) -> None:
        """Count one draw (an :class:`InputError` when the budget is spent)."""


def _memo_solve(memo: dict[Any, int] | None, key: tuple[Any, ...], solve_it: Any) -> int:
    """The makers' tricks of the deal ``key`` names (round, trump, maker, lone seat), solved once per
    layout when a memo is given (the hands are the layout's), every time when ``memo`` is None."""
    if memo is None:
        return int(solve_it())
    if key not in memo:
        memo[key] = int(solve_it())
    return memo[key]


class Outcome:
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


class HintSim:
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
            parse_token(t)
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
            parse_token(str(p[1]), "trick")
        for field, tok in (("turn_up", self.turn_up_tok), ("turn_down", self.turn_down_tok)):
            if tok is not None:
                parse_token(str(tok), field)
        holds = [str(t) for cons in self.others.values() if isinstance(cons, dict) for t in cons.get("holds") or []]
        for t in holds:
            parse_token(t, "others")
        check_distinct(
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

    def draw(self, rng: random.Random, budget: DrawBudget | None = None) -> dict[str, Any]:
        """One layout consistent with what the player knows (and the spec's constraints); each
        draw is counted against ``budget`` (the whole call's), when given."""
        for _ in range(MAX_TRIES):
            if budget is not None:
                budget.spend()
            try:
                lay = self._draw_once(rng)
            except Retry:
                continue
            if lay is not None:
                return lay
        raise InputError(
            "no layout fits this spec (the holding, the constraints and the passes before the "
            "player are incompatible, or very rare)",
            "others",
        )

    def _draw_once(self, rng: random.Random) -> dict[str, Any] | None:
        res = Resolver(self.trump, rng, set())
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
        got = resolve_all(tokens, res)
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
            kept = dealer_takes(hands[0], turn_up, self.trump)
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
            if any(round1_bid(s, dealt, up) for s in before):
                return False
            return maker == self.player or self.alone == maker or round1_bid(maker, dealt, up)
        down = lay["turn_down"]
        if down is None:
            return True
        if any(round1_bid(s, hands, down) for s in ROUND1 if s != self.player):
            return False
        if any(
            round2_choice(s, hands[s], down >> 3) is not None for s in ROUND1[: ROUND1.index(maker)] if s != self.player
        ):
            return False
        return maker == self.player or round2_choice(maker, hands[maker], down >> 3) == self.trump

    def _earlier_passed(self, lay: dict[str, Any]) -> bool:
        """The players before the player passed by the rule (they did: it is his turn)."""
        hands = lay["hands"]
        if self.kind == "bid":
            for s in ROUND1[: ROUND1.index(self.player)]:
                if round1_bid(s, hands, lay["turn_up"]):
                    return False
            return True
        # make: everyone passed the first round (the player too, as the hint has it), and
        # the players before him in the second round
        turned = lay["turn_down"]
        for s in ROUND1:
            if s != self.player and round1_bid(s, hands, turned):
                return False
        for s in ROUND1[: ROUND1.index(self.player)]:
            if round2_choice(s, hands[s], turned >> 3) is not None:
                return False
        return True

    # ---- evaluation

    def evaluate(self, lay: dict[str, Any], cached: bool = True) -> dict[str, Outcome]:
        """Every compared option's outcome on one layout. Bids and makes share solves between
        options (the same hands, trump, maker and lone seat give the same tricks; the memo is
        keyed by all four: a deal is solved once, whoever's option leads to it); ``cached=False``
        solves every option afresh (the plain valuation the tests compare the memo with)."""
        if self.kind in ("bid", "make"):
            shared: Callable[[dict[str, Any], dict[Any, int] | None], dict[str, Outcome]]
            shared = getattr(self, f"_eval_{self.kind}")
            return shared(lay, {} if cached else None)
        alone: Callable[[dict[str, Any]], dict[str, Outcome]] = getattr(self, f"_eval_{self.kind}")
        return alone(lay)

    def _outcome(self, makers_side: int, maker: int, alone: int | None, tricks: int) -> Outcome:
        pts = deal_points(makers_side, maker, alone, tricks)
        mine = tricks if makers_side == self.side else 5 - tricks
        return Outcome(pts, self.side, mine)

    def _round1_made(
        self, hands: list[list[int]], turn_up: int, maker: int, alone: int | None, memo: dict[Any, int] | None
    ) -> Outcome:
        """The turn-up's suit made in the first round by ``maker`` (``alone``: the lone seat);
        the dealer takes the turn-up up and discards by :func:`rule_discard`."""
        t = turn_up >> 3

        def tricks() -> int:
            played = [list(h) for h in hands]
            played[0] = dealer_takes(hands[0], turn_up, t)
            return solve_tricks(played, t, maker, alone)

        return self._outcome(maker % 2, maker, alone, _memo_solve(memo, ("r1", t, maker, alone), tricks))

    def _round2_made(self, hands: list[list[int]], suit: int, maker: int, memo: dict[Any, int] | None) -> Outcome:
        """``suit`` made in the second round by ``maker`` (nobody alone); the hands as dealt."""
        return self._outcome(
            maker % 2,
            maker,
            None,
            _memo_solve(memo, ("r2", suit, maker, None), lambda: solve_tricks(hands, suit, maker)),
        )

    def _rest_of_bidding(
        self, lay: dict[str, Any], start_round: int, after: int, memo: dict[Any, int] | None
    ) -> Outcome:
        """The bidding after the player passed: the others by the rule; the player in the
        second round by the rule or as the spec's ``then`` says."""
        hands = lay["hands"]
        turn = lay["turn_up"] if lay["turn_up"] is not None else lay["turn_down"]
        turned = turn >> 3
        if start_round == 1:
            for s in ROUND1[ROUND1.index(after) + 1 :]:
                if round1_bid(s, hands, turn):
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
            choice = round2_choice(s, hands[s], turned)
            if choice is not None:
                return self._round2_made(hands, choice, s, memo)
        return Outcome((0, 0), self.side, 0.0)

    def _eval_bid(self, lay: dict[str, Any], memo: dict[Any, int] | None) -> dict[str, Outcome]:
        hands, up = lay["hands"], lay["turn_up"]
        out: dict[str, Outcome] = {}
        for o in self.compare:
            if o == "bid":
                out[o] = self._round1_made(hands, up, self.player, None, memo)
            elif o == "alone":
                out[o] = self._round1_made(hands, up, self.player, self.player, memo)
            elif o == "pass":
                out[o] = self._rest_of_bidding(lay, 1, self.player, memo)
            else:
                out[o] = Outcome((0, 0), self.side, 0.0)
        return out

    def _eval_make(self, lay: dict[str, Any], memo: dict[Any, int] | None) -> dict[str, Outcome]:
        out: dict[str, Outcome] = {}
        for o in self.compare:
            if o == "pass":
                out[o] = self._rest_of_bidding(lay, 2, self.player, memo)
            elif o == "pass=0":
                out[o] = Outcome((0, 0), self.side, 0.0)
            else:
                out[o] = self._round2_made(lay["hands"], "CDHS".index(o), self.player, memo)
        return out

    def _card_of(self, lay: dict[str, Any], option: str) -> int:
        card: int = lay["cards"][f"hand.{self.hand_tokens.index(option)}"]
        return card

    def _eval_discard(self, lay: dict[str, Any]) -> dict[str, Outcome]:
        hands, up = lay["hands"], lay["turn_up"]
        t = up >> 3
        maker = self.maker if self.maker is not None else 0
        out: dict[str, Outcome] = {}
        for o in self.compare:
            out_card = up if o == "turn_up" else self._card_of(lay, o)
            played = [list(h) for h in hands]
            played[0] = [c for c in hands[0] + [up] if c != out_card]
            tricks = solve_tricks(played, t, maker, self.alone)
            out[o] = self._outcome(maker % 2, maker, self.alone, tricks)
        return out

    def _eval_lead(self, lay: dict[str, Any]) -> dict[str, Outcome]:
        return self._eval_cards(lay)

    def _eval_play(self, lay: dict[str, Any]) -> dict[str, Outcome]:
        return self._eval_cards(lay)

    def _eval_cards(self, lay: dict[str, Any]) -> dict[str, Outcome]:
        assert self.maker is not None
        hands = lay["hands"]
        d = Deal.position([[Card(c) for c in h] for h in hands], Suit(self.trump), maker=self.maker, alone=self.alone)
        for s, c in lay["table"]:
            if d.actor != s:
                raise InputError(f"trick: {SEATS[s]} is not to play (it is {SEATS[d.actor]}'s turn)", "trick")
            d = d.apply(_play_action(c))
        if d.actor != self.player:
            raise InputError(f"it is {SEATS[d.actor]}'s turn, not the player's", "seat")
        moves = solve_counted(d).moves
        out: dict[str, Outcome] = {}
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
