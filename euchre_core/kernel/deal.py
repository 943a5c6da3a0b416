"""One deal, from the turn-up to the score: an immutable state, ``legal_actions()`` and ``apply()``.

A :class:`Deal` is the fold of its event log: ``Deal.start(...)`` followed by ``apply`` of
each logged action always gives the same state, so a log can be saved, put in a URL and
replayed anywhere (CPython, Pyodide). ``apply`` never changes the state it is called on;
an action the laws do not allow raises :class:`~euchre_core.kernel.errors.IllegalAction`, which
names the law.

>>> d = Deal.shuffled(seed=7)
>>> d.phase, d.seat_name(d.actor)
(Phase.BID1, 'B')
>>> d = d.apply(Action.parse("order"))          # B, the eldest hand, orders up (Law 74)
>>> d.phase, d.seat_name(d.actor)                # D, B's partner, may take it alone (Law 94)
(Phase.TAKE, 'D')
>>> d = d.apply(Action.parse("stay"))
>>> d.phase, d.seat_name(d.actor)                # the dealer discards (Law 86)
(Phase.DISCARD, 'A')
>>> while not d.is_over:
...     d = d.apply(d.legal_actions()[0])
>>> sum(d.result.tricks_won)
5
>>> Deal.replay(d.to_record()) == d
True
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from . import decode
from .actions import Action
from .cards import JOKER, Card, CardError, Suit, cards_of_mask, pack
from .enums import TextEnum
from .errors import IllegalAction, InputError
from .limits import limit
from .play import (
    DealResult,
    first_leader,
    holds_jamboree,
    jambone_caller,
    jamboree_result,
    legal_play_mask,
    next_in_play,
    next_to_speak,
    partner_out_mask,
    score_deal,
    speaking_order,
    trick_winner_index,
)
from .rules import SOMERSET_1888, RulesError, RuleSet, rules_by_name
from .tables import EFFECTIVE_SUIT, LEFT_BOWER

__all__ = ["Deal", "Phase", "Trick", "DealResult", "DealSetup", "SEAT_NAMES", "score_deal", "legal_play_mask"]

SEAT_NAMES = "ABCD"


class Phase(TextEnum):
    """The stages of a deal (the state machine of :class:`Deal`). A ``str`` enum, so the JSON
    forms keep the plain names (``"bid1"``) and old comparisons with strings still hold; the
    engine branches on the members.

    >>> Phase("play") is Phase.PLAY, str(Phase.BID2), Phase.DONE == "done"
    (True, 'bid2', True)
    """

    BID1 = "bid1"  # the first round: pass, order up, assist, take up, alone (Laws 74-76)
    BID2 = "bid2"  # the trump turned down: name a suit or pass (Law 77)
    TAKE = "take"  # the partner may take it from him and play alone (Laws 74, 75, 94)
    ALONE = "alone"  # OpenSpiel-style rules: the maker says whether he goes alone
    DISCARD = "discard"  # the dealer takes the turn-up and discards (Law 86)
    CALLCARD = "callcard"  # 1877 jambone: an adversary calls one exposed card to the first trick
    PLAY = "play"
    DONE = "done"


@dataclass(frozen=True)
class Trick:
    """A completed trick: the leader, the (seat, card) pairs in playing order, the winner."""

    leader: int
    cards: tuple[tuple[int, Card], ...]
    winner: int


@dataclass(frozen=True)
class DealSetup:
    """How the cards were dealt: the pack's order after shuffling, the cut and the packets
    (Law 29: at least four cards in each packet; Law 42: two then three, or three then two)."""

    order: tuple[Card, ...]
    cut: int
    packets: tuple[int, int]


class Deal:
    """The state of one deal. Immutable: :meth:`apply` returns a new state.

    Seats are numbered clockwise from 0; four-handed, 0–3 are the book's A–D, partners
    A–C and B–D. The dealer is ``dealer``; the eldest hand is the seat on his left.
    """

    __slots__ = (
        "rules",
        "n",
        "dealer",
        "hands",
        "dealt",
        "turn_up",
        "turn_suit",
        "stock",
        "setup",
        "phase",
        "actor",
        "passed",
        "bids",
        "trump",
        "maker",
        "how",
        "alone",
        "level",
        "out",
        "discarded",
        "leader",
        "trick",
        "tricks",
        "won",
        "called",
        "log",
        "result",
    )

    rules: RuleSet
    n: int
    dealer: int
    hands: tuple[int, ...]
    dealt: tuple[int, ...]
    turn_up: Card
    turn_suit: Suit
    stock: tuple[Card, ...]
    setup: DealSetup | None
    phase: Phase
    actor: int
    passed: int
    bids: int
    trump: Suit | None
    maker: int | None
    how: str | None
    alone: int | None
    level: int
    out: int
    discarded: Card | None
    leader: int
    trick: tuple[tuple[int, Card], ...]
    tricks: tuple[Trick, ...]
    won: tuple[int, ...]
    called: Card | None
    log: tuple[tuple[int, Action], ...]
    result: DealResult | None

    # ------------------------------------------------------------------ construction
    @classmethod
    def start(
        cls,
        hands: Sequence[Iterable[Card | str]],
        turn_up: Card | str,
        dealer: int = 0,
        rules: RuleSet = SOMERSET_1888,
        stock: Iterable[Card | str] = (),
        setup: DealSetup | None = None,
    ) -> Deal:
        """A deal from given hands (seat order) and turn-up; ``stock`` is the rest of the pack
        below the turn-up (needed only for the Joker turned up, whose next card names the suit).
        """
        n = rules.players
        decode.array(hands, "hands", min_len=n, max_len=n)
        for i, h in enumerate(hands):
            decode.array(h, decode.field("hands", i), max_len=33)
        stock = decode.array(stock, "stock", max_len=33)
        decode.integer(dealer, "dealer", 0, n - 1)
        try:
            parsed = [[Card.parse(c) for c in h] for h in hands]
            up = Card.parse(turn_up)
            rest = [Card.parse(c) for c in stock]
        except CardError as e:
            raise InputError(str(e), "cards") from None
        allowed = set(pack(rules.pack_size))
        seen: set[Card] = set()
        for seat, h in enumerate(parsed):
            if len(h) != 5:
                raise InputError(f"seat {SEAT_NAMES[seat]} holds {len(h)} cards, not five (Laws 42, 90)", "hands")
        for c in [x for h in parsed for x in h] + [up] + rest:
            if c not in allowed:
                raise InputError(f"{c} is not in the {rules.pack_size}-card pack", "cards")
            if c in seen:
                raise InputError(f"{c} appears twice (Law 33: the pack is imperfect)", "cards")
            seen.add(c)
        if up == JOKER:
            nxt = [c for c in rest if c != JOKER]
            if not nxt:
                raise InputError(
                    "the Joker is turned up: the next card of the pack decides the suit (Hoyle), "
                    "so the stock must be given",
                    "stock",
                )
            turn_suit = nxt[0].suit
        else:
            turn_suit = up.suit
        assert turn_suit is not None
        self = object.__new__(cls)
        object.__setattr__(self, "rules", rules)
        masks = tuple(_mask(h) for h in parsed)
        for name, value in (
            ("n", n),
            ("dealer", dealer),
            ("hands", masks),
            ("dealt", masks),
            ("turn_up", up),
            ("turn_suit", turn_suit),
            ("stock", tuple(rest)),
            ("setup", setup),
            ("phase", Phase.BID1),
            ("actor", speaking_order(n, dealer)[0]),
            ("passed", 0),
            ("bids", 0),
            ("trump", None),
            ("maker", None),
            ("how", None),
            ("alone", None),
            ("level", 0),
            ("out", 0),
            ("discarded", None),
            ("leader", speaking_order(n, dealer)[0]),
            ("trick", ()),
            ("tricks", ()),
            ("won", (0,) * n),
            ("called", None),
            ("log", ()),
            ("result", None),
        ):
            object.__setattr__(self, name, value)
        return self

    @classmethod
    def position(
        cls,
        hands: Sequence[Iterable[Card | str]],
        trump: Suit | str,
        maker: int,
        dealer: int = 0,
        how: str = "order",
        alone: int | None = None,
        leader: int | None = None,
        turn_up: Card | str | None = None,
        rules: RuleSet = SOMERSET_1888,
        won: Sequence[int] | None = None,
    ) -> Deal:
        """A deal at the start of the play: the trump made, the discard done (the book's Cases
        print the hands this way). A lone player's partner may be given an empty hand.

        >>> d = Deal.position(["9C JC AH KH 8S".split(), "AC QH 8H JD TS".split(),
        ...                    "7D 8D TD QS TH".split(), "KC TC AS 9S 9H".split()], "C", maker=0)
        >>> d.phase, d.seat_name(d.actor), [str(a) for a in d.legal_actions()][:2]
        (Phase.PLAY, 'B', ['play AC', 'play JD'])
        """
        n = rules.players
        decode.array(hands, "hands", min_len=n, max_len=n)
        for i, h in enumerate(hands):
            decode.array(h, decode.field("hands", i), max_len=5)
        decode.integer(maker, "maker", 0, n - 1)
        decode.integer(dealer, "dealer", 0, n - 1)
        for name, seat in (("alone", alone), ("leader", leader)):
            if seat is not None:
                decode.integer(seat, name, 0, n - 1)
        if won is not None:
            for i, w in enumerate(decode.array(won, "won", min_len=n, max_len=n)):
                decode.integer(w, decode.field("won", i), 0, 5)
        if not isinstance(trump, Suit):
            try:
                trump = Suit.parse(decode.text(trump, "trump", max_len=10))
            except CardError as e:
                raise InputError(str(e), "trump") from None
        try:
            parsed = [[Card.parse(c) for c in h] for h in hands]
            t = trump
            up = Card.parse(turn_up) if turn_up is not None else None
        except CardError as e:
            raise InputError(str(e), "cards") from None
        out = partner_out_mask(n, alone)
        allowed = set(pack(rules.pack_size))
        seen: set[Card] = set()
        sizes = set()
        for seat, h in enumerate(parsed):
            if out >> seat & 1 and not h:
                continue
            sizes.add(len(h))
            for c in h:
                if c not in allowed:
                    raise InputError(f"{c} is not in the {rules.pack_size}-card pack", "hands")
                if c in seen:
                    raise InputError(f"{c} appears twice (Law 33: the pack is imperfect)", "hands")
                seen.add(c)
        if len(sizes) != 1 or not 1 <= sizes.pop() <= 5:
            raise InputError("every player must hold the same number of cards, at most five (Law 90)", "hands")
        masks = tuple(_mask(h) for h in parsed)
        base = cls.start(
            [pack(rules.pack_size)[5 * i : 5 * i + 5] for i in range(n)], pack(rules.pack_size)[5 * n], dealer, rules
        )
        st = base._replace(
            hands=masks,
            dealt=masks,
            turn_up=up if up is not None else base.turn_up,
            turn_suit=(up.suit if up is not None and up.suit is not None else t),
            stock=(),
            trump=t,
            maker=maker,
            how=how,
            alone=alone,
            level=1 if alone is not None else 0,
            out=out,
            won=tuple(won) if won is not None else (0,) * n,
        )
        first = leader if leader is not None else st._first_leader()
        if out >> first & 1:
            raise InputError(f"{SEAT_NAMES[first]} is out: his partner plays alone (Law 101)", "leader")
        return st._replace(phase=Phase.PLAY, actor=first, leader=first)

    @classmethod
    def shuffled(cls, seed: int | None = None, dealer: int = 0, rules: RuleSet = SOMERSET_1888) -> Deal:
        """A deal from a seeded shuffle: reproducible from ``seed`` and the rules.

        The pack is shuffled, cut by the player on the dealer's right leaving at least four
        cards in each packet (Law 29), and dealt two-then-three or three-then-two to each
        player in turn from the eldest hand (Law 42); the next card is turned (the 21st
        four-handed, the 11th two-handed). A seed is a whole number from 0 (``-7`` would shuffle
        as ``7`` does, so it is refused, as is ``True``); ``None`` shuffles afresh.
        """
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or seed < 0):
            raise InputError(f"a whole number from 0, not {decode.excerpt(seed)}", "seed")
        rng = random.Random(seed)
        order = pack(rules.pack_size)
        rng.shuffle(order)
        cut = rng.randint(4, len(order) - 4)
        packets = (2, 3) if rng.random() < 0.5 else (3, 2)
        return cls.from_setup(DealSetup(tuple(order), cut, packets), dealer, rules)

    @classmethod
    def from_setup(cls, setup: DealSetup, dealer: int = 0, rules: RuleSet = SOMERSET_1888) -> Deal:
        """Deal a pack in the given order, cut and packets (Laws 29, 42)."""
        n = rules.players
        if not 4 <= setup.cut <= len(setup.order) - 4:
            raise IllegalAction("the cut must leave at least four cards in each packet", (29,))
        if tuple(sorted(setup.packets)) != (2, 3):
            raise IllegalAction("deal two then three, or three then two, to each player", (42,))
        cards = list(setup.order[setup.cut :] + setup.order[: setup.cut])
        hands: list[list[Card]] = [[] for _ in range(n)]
        pos = 0
        for size in setup.packets:
            for seat in speaking_order(n, dealer):  # Law 42: to each player in turn from the left
                hands[seat].extend(cards[pos : pos + size])
                pos += size
        return cls.start(hands, cards[pos], dealer, rules, stock=cards[pos + 1 :], setup=setup)

    def _replace(self, **changes: Any) -> Deal:
        new = object.__new__(Deal)
        for name in Deal.__slots__:
            object.__setattr__(new, name, changes[name] if name in changes else getattr(self, name))
        return new

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("Deal is immutable: use apply()")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Deal):
            return NotImplemented
        return all(getattr(self, k) == getattr(other, k) for k in Deal.__slots__ if k != "setup")

    def __hash__(self) -> int:
        return hash((self.dealt, self.turn_up, self.log))

    # ------------------------------------------------------------------ queries
    def seat_name(self, seat: int | None) -> str:
        """The book's letter for a seat (A–D)."""
        return "-" if seat is None else SEAT_NAMES[seat]

    def side_of(self, seat: int) -> int:
        """The scoring side of a seat: partners share a side when four play (A–C = 0, B–D = 1)."""
        return seat % 2 if self.n == 4 else seat

    def side_name(self, side: int) -> str:
        """``"AC"``/``"BD"`` four-handed, else the seat's letter."""
        if self.n == 4:
            return SEAT_NAMES[side] + SEAT_NAMES[side + 2]
        return SEAT_NAMES[side]

    def partner(self, seat: int) -> int | None:
        return (seat + 2) % 4 if self.n == 4 else None

    def hand(self, seat: int) -> list[Card]:
        """The cards a seat holds now."""
        return cards_of_mask(self.hands[seat])

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.DONE

    @property
    def makers(self) -> int | None:
        return None if self.maker is None else self.side_of(self.maker)

    @property
    def eldest(self) -> int:
        """The eldest hand, on the dealer's left: the first to speak (Law 74)."""
        return speaking_order(self.n, self.dealer)[0]

    def active_seats(self) -> list[int]:
        """Seats that play to the tricks (a lone player's partner does not, Law 101)."""
        return [s for s in range(self.n) if not self.out >> s & 1]

    def _next_active(self, seat: int) -> int:
        return next_in_play(self.n, seat, self.out)

    def tricks_won_by_side(self) -> tuple[int, ...]:
        sides = [0] * self.rules.sides
        for seat, w in enumerate(self.won):
            sides[self.side_of(seat)] += w
        return tuple(sides)

    def led_suit(self) -> Suit | None:
        """The effective suit led to the current trick, if any card has been played."""
        if not self.trick or self.trump is None:
            return None
        return Suit(EFFECTIVE_SUIT[self.trump][self.trick[0][1]])

    # ------------------------------------------------------------------ legal actions
    def legal_actions(self) -> list[Action]:
        """What the laws allow the player to act (``actor``) to do now."""
        ph = self.phase
        r = self.rules
        if ph is Phase.PLAY:
            return [Action.play(c) for c in cards_of_mask(self._legal_play_mask())]
        if ph is Phase.BID1:
            acts = [Action("pass")]
            acts.append(Action("order"))
            acts += [Action("order", alone=lv) for lv in self._alone_levels()]
            acts += self._jamboree_actions()
            return acts
        if ph is Phase.BID2:
            acts = []
            if not (r.stick_the_dealer and self.actor == self.dealer):
                acts.append(Action("pass"))
            for s in Suit:
                if s != self.turn_suit:
                    acts.append(Action("call", suit=s))
                    acts += [Action("call", suit=s, alone=lv) for lv in self._alone_levels()]
            acts += self._jamboree_actions()
            return acts
        if ph is Phase.TAKE:
            return [Action("stay")] + [Action("take", alone=lv) for lv in self._alone_levels(True)]
        if ph is Phase.ALONE:
            return [Action("stay"), Action("alone", alone=1)]
        if ph is Phase.DISCARD:
            six = self.hands[self.dealer]
            return [Action.discard_card(c) for c in cards_of_mask(six) if c != self.turn_up]
        if ph is Phase.CALLCARD:
            lone = self.alone if self.alone is not None else 0
            return [Action("pass")] + [Action("callcard", card=c) for c in self.hand(lone)]
        return []

    def _alone_levels(self, taking: bool = False) -> list[int]:
        r = self.rules
        if not r.allow_alone or r.alone_after_making or self.n != 4:
            return []
        return [1, 2] if r.jambone else [1]

    def _jamboree_actions(self) -> list[Action]:
        if not self.rules.jamboree:
            return []
        seat = self.actor
        held = self.hands[seat]
        if self.phase is Phase.BID1:
            suits = [self.turn_suit]
            if seat == self.dealer:
                held |= 1 << self.turn_up
        else:
            suits = [s for s in Suit if s != self.turn_suit]
        return [Action("jamboree", suit=s) for s in suits if holds_jamboree(held, s)]

    def called_for(self, seat: int) -> Card | None:
        """1877 jambone: the card called from ``seat``'s exposed hand that he must still play to
        the first trick (see :func:`~euchre_core.kernel.play.legal_play_mask`), else ``None``."""
        if self.called is not None and seat == self.alone and not self.tricks:
            return self.called
        return None

    def _legal_play_mask(self) -> int:
        assert self.trump is not None
        return legal_play_mask(
            self.hands[self.actor], self.trick[0][1] if self.trick else None, self.trump, self.called_for(self.actor)
        )

    # ------------------------------------------------------------------ apply
    def apply(self, action: Action | str) -> Deal:
        """The state after ``action`` by the player to act. Raises IllegalAction (naming the
        law) when the laws do not allow it; ``self`` is never changed."""
        if isinstance(action, str):
            action = Action.parse(action)
        if self.phase is Phase.DONE:
            raise IllegalAction("the deal is over")
        return _HANDLERS[self.phase](self, action)

    def _illegal_kind(self, action: Action, expected: str) -> IllegalAction:
        return IllegalAction(f"{self.seat_name(self.actor)} is to {expected}; {action} is not an action of this stage")

    def _logged(self, action: Action) -> tuple[tuple[int, Action], ...]:
        return self.log + ((self.actor, action),)

    def _check_alone_allowed(self, action: Action) -> None:
        if action.alone and action.alone not in self._alone_levels():
            if self.n != 4 or not self.rules.allow_alone:
                raise IllegalAction("there are no lone hands in this game")
            if self.rules.alone_after_making:
                raise IllegalAction("under these rules the maker decides on a lone hand after making")
            raise IllegalAction("jambone is not played under these laws")

    def _apply_bid1(self, action: Action) -> Deal:
        seat = self.actor
        if action.kind == "pass":
            passed = self.passed | (1 << seat)
            nxt = next_to_speak(self.n, self.dealer, seat)
            if nxt is None:
                # Law 77: all four have passed; the trump is turned down.
                return self._replace(
                    phase=Phase.BID2,
                    actor=speaking_order(self.n, self.dealer)[0],
                    passed=passed,
                    bids=0,
                    log=self._logged(action),
                )
            return self._replace(actor=nxt, passed=passed, log=self._logged(action))
        if action.kind == "jamboree":
            return self._apply_jamboree(action)
        if action.kind == "call":
            raise IllegalAction(
                "in the first round a player may only pass, order up (assist, take up) or play alone "
                "at the suit turned; suits are named only after the trump is turned down",
                (74, 75, 76, 77),
            )
        if action.kind != "order":
            raise self._illegal_kind(action, "pass, order up or play alone")
        self._check_alone_allowed(action)
        if seat == self.dealer:
            how = "adopt"
        elif self.n == 4 and seat == (self.dealer + 2) % 4:
            how = "assist"
        else:
            how = "order"
        return self._made(action, self.turn_suit, how, first_round=True)

    def _apply_bid2(self, action: Action) -> Deal:
        seat = self.actor
        if action.kind == "jamboree":
            return self._apply_jamboree(action)
        if action.kind == "order":
            raise IllegalAction("the trump card has been turned down: name a suit or pass", (77,))
        is_pass = action.kind == "pass"
        if action.kind == "call" and action.suit == self.turn_suit:
            # Law 78: naming the suit turned down is considered a pass.
            is_pass = True
        if is_pass:
            if self.rules.stick_the_dealer and seat == self.dealer:
                raise IllegalAction("stick the dealer: the dealer must name a suit")
            nxt = next_to_speak(self.n, self.dealer, seat)
            if nxt is None:
                # Law 77: all pass again: the deal is at an end; the next player deals.
                res = DealResult(None, None, None, (0,) * self.rules.sides, (0,) * self.rules.sides, passed_out=True)
                return self._replace(
                    phase=Phase.DONE, passed=self.passed | (1 << seat), result=res, log=self._logged(action)
                )
            return self._replace(actor=nxt, log=self._logged(action))
        if action.kind != "call" or action.suit is None:
            raise self._illegal_kind(action, "name a suit or pass")
        self._check_alone_allowed(action)
        return self._made(action, action.suit, "make", first_round=False)

    def _apply_jamboree(self, action: Action) -> Deal:
        if action not in self._jamboree_actions():
            if not self.rules.jamboree:
                raise IllegalAction("jamboree is not played under these laws")
            raise IllegalAction("a jamboree is both bowers with the ace, king and queen of trumps in one hand")
        res = jamboree_result(self.rules, self.side_of(self.actor), self.actor)
        return self._replace(
            phase=Phase.DONE, trump=action.suit, maker=self.actor, how="jamboree", result=res, log=self._logged(action)
        )

    def _made(self, action: Action, trump: Suit, how: str, first_round: bool) -> Deal:
        seat = self.actor
        level = action.alone
        alone = seat if level else None
        out = partner_out_mask(self.n, alone)
        st = self._replace(
            trump=trump, maker=seat, how=how, alone=alone, level=level, out=out, log=self._logged(action)
        )
        partner = st.partner(seat)
        if (
            first_round
            and self.rules.partner_may_take_alone
            and self.rules.allow_alone
            and partner is not None
            and not self.passed >> partner & 1
        ):
            # Laws 74, 75, 94: the partner, who has not passed, may take it from him and play alone.
            return st._replace(phase=Phase.TAKE, actor=partner)
        return st._after_making(first_round)

    def _after_making(self, first_round: bool) -> Deal:
        if first_round and (not self.out >> self.dealer & 1 or self.rules.dealer_out_discards):
            # Law 86: the dealer takes the turn-up and discards one card.
            hands = list(self.hands)
            hands[self.dealer] |= 1 << self.turn_up
            return self._replace(phase=Phase.DISCARD, actor=self.dealer, hands=tuple(hands))
        return self._before_play()

    def _apply_take(self, action: Action) -> Deal:
        seat = self.actor
        if action.kind == "stay":
            return self._replace(log=self._logged(action))._after_making(first_round=True)
        if action.kind != "take" or not action.alone:
            raise self._illegal_kind(action, "take it alone from his partner, or let it stand")
        if action.alone not in self._alone_levels(True):
            raise IllegalAction("jambone is not played under these laws")
        st = self._replace(alone=seat, level=action.alone, out=partner_out_mask(self.n, seat), log=self._logged(action))
        return st._after_making(first_round=True)

    def _apply_discard(self, action: Action) -> Deal:
        if action.kind != "discard" or action.card is None:
            if action.kind in ("order", "take") and action.alone:
                raise IllegalAction("the dealer must announce a lone hand before quitting his discard", (96,))
            raise self._illegal_kind(action, "discard")
        card = action.card
        six = self.hands[self.dealer]
        if not six >> card & 1:
            raise IllegalAction(f"the dealer does not hold the {card.long_name()}", (86,))
        if card == self.turn_up:
            raise IllegalAction("the trump card cannot be discarded", (88,))
        hands = list(self.hands)
        hands[self.dealer] = six & ~(1 << card)
        st = self._replace(hands=tuple(hands), discarded=card, log=self._logged(action))
        return st._before_play()

    def _before_play(self) -> Deal:
        r = self.rules
        if r.alone_after_making and r.allow_alone and self.n == 4 and self.phase is not Phase.ALONE:
            # OpenSpiel-style rules: the maker says whether he goes alone once the trump is made.
            assert self.maker is not None
            return self._replace(phase=Phase.ALONE, actor=self.maker)
        leader = self._first_leader()
        st = self._replace(phase=Phase.PLAY, actor=leader, leader=leader)
        if self.level == 2:
            # 1877: the adversary entitled to lead (or, if the jambone player leads, his
            # left-hand adversary) may call one exposed card to the first trick.
            assert self.alone is not None
            return st._replace(phase=Phase.CALLCARD, actor=jambone_caller(self.n, leader, self.alone, self.out))
        return st

    def _apply_alone(self, action: Action) -> Deal:
        seat = self.actor
        if action.kind == "stay":
            st = self._replace(log=self._logged(action))
        elif action.kind == "alone":
            st = self._replace(alone=seat, level=1, out=partner_out_mask(self.n, seat), log=self._logged(action))
        else:
            raise self._illegal_kind(action, "say whether he goes alone")
        return st._before_play()

    def _first_leader(self) -> int:
        return first_leader(self.rules, self.n, self.dealer, self.alone, self.out)

    def _apply_callcard(self, action: Action) -> Deal:
        if action.kind == "pass":
            return self._replace(phase=Phase.PLAY, actor=self.leader, log=self._logged(action))
        if action.kind != "callcard" or action.card is None:
            raise self._illegal_kind(action, "call one of the jambone player's cards, or pass")
        assert self.alone is not None
        if not self.hands[self.alone] >> action.card & 1:
            raise IllegalAction(f"the jambone hand does not hold the {action.card.long_name()}")
        return self._replace(phase=Phase.PLAY, actor=self.leader, called=action.card, log=self._logged(action))

    def _apply_play(self, action: Action) -> Deal:
        if action.kind != "play" or action.card is None:
            raise self._illegal_kind(action, "play a card")
        card = action.card
        seat = self.actor
        hand = self.hands[seat]
        if not hand >> card & 1:
            raise IllegalAction(f"{self.seat_name(seat)} does not hold the {card.long_name()}")
        legal = self._legal_play_mask()
        if not legal >> card & 1:
            raise self._why_illegal_play(card, legal)
        hands = list(self.hands)
        hands[seat] = hand & ~(1 << card)
        trick = self.trick + ((seat, card),)
        if len(trick) < self.n - bin(self.out).count("1"):
            return self._replace(
                hands=tuple(hands), trick=trick, actor=self._next_active(seat), log=self._logged(action)
            )
        assert self.trump is not None
        w = trick[trick_winner_index(self.trump, [c for _, c in trick])][0]
        won = list(self.won)
        won[w] += 1
        tricks = self.tricks + (Trick(trick[0][0], trick, w),)
        st = self._replace(
            hands=tuple(hands), trick=(), tricks=tricks, won=tuple(won), actor=w, leader=w, log=self._logged(action)
        )
        if not any(hands[s] for s in self.active_seats()):
            return st._replace(phase=Phase.DONE, result=st._score())
        return st

    def _why_illegal_play(self, card: Card, legal: int) -> IllegalAction:
        assert self.trump is not None
        if self.called is not None and legal == 1 << self.called:
            return IllegalAction(f"the {self.called.long_name()} was called to the first trick")
        led = EFFECTIVE_SUIT[self.trump][self.trick[0][1]]
        names = ", ".join(c.long_name() for c in cards_of_mask(legal))
        led_name = "trumps" if led == self.trump else Suit(led).word
        extra = ""
        if card == LEFT_BOWER[self.trump]:
            extra = " (the left bower is a trump)"
        elif self.trick[0][1] == LEFT_BOWER[self.trump]:
            extra = " (the left bower was led: it is a trump)"
        return IllegalAction(f"You must follow suit{extra}: {led_name} were led and you hold the {names}", (62,))

    # ------------------------------------------------------------------ scoring
    def _score(self) -> DealResult:
        """Laws 2 and 3 (and the 1877 jambone): the deal's points by side."""
        assert self.maker is not None
        return score_deal(
            self.rules, self.side_of(self.maker), self.maker, self.alone, self.level, self.tricks_won_by_side()
        )

    # ------------------------------------------------------------------ records
    def to_record(self) -> dict[str, Any]:
        """A JSON-ready record of this deal: rules, dealer, hands as dealt, turn-up, stock and the
        event log. :meth:`replay` gives back an equal state."""
        return {
            "rules": self.rules.name,
            "dealer": self.seat_name(self.dealer),
            "hands": {self.seat_name(s): [str(c) for c in cards_of_mask(self.dealt[s])] for s in range(self.n)},
            "turn_up": str(self.turn_up),
            "stock": [str(c) for c in self.stock],
            "log": [f"{self.seat_name(s)}: {a}" for s, a in self.log],
        }

    def summary(self, names: Sequence[str] = SEAT_NAMES) -> dict[str, Any]:
        """The JSON form shared by ``replay --json``, ``case --json`` and ``play --json``:
        tricks (leader, cards in order, winner), makers, alone, tricks_won and points by side.
        Seats are named by ``names`` (the book's A–D, or EGN's 0–3); a side by its seats joined.

        >>> d = Deal.shuffled(seed=2)
        >>> sorted(d.summary())
        ['alone', 'makers', 'points', 'tricks', 'tricks_won']
        """

        def side(i: int) -> str:
            return names[i] + names[i + 2] if self.n == 4 else names[i]

        res = self.result
        return {
            "tricks": [
                {
                    "leader": names[t.leader],
                    "cards": [[names[s], str(c)] for s, c in t.cards],
                    "winner": names[t.winner],
                }
                for t in self.tricks
            ],
            "makers": side(self.makers) if self.makers is not None else None,
            "alone": names[self.alone] if self.alone is not None else None,
            "tricks_won": {side(i): w for i, w in enumerate(self.tricks_won_by_side())},
            "points": {side(i): p for i, p in enumerate(res.points)} if res else None,
        }

    @classmethod
    def replay(cls, record: dict[str, Any], rules: RuleSet | None = None) -> Deal:
        """Rebuild a deal from :meth:`to_record`'s form, checking every action."""
        decode.mapping(record, "deal")
        decode.check_tree(record, "deal", top=True)
        try:
            rules = rules or rules_by_name(
                decode.text(record.get("rules", "somerset1888"), "rules", max_len=limit("rules_name"))
            )
        except RulesError as e:
            raise InputError(str(e), "rules") from None
        n = rules.players
        names = SEAT_NAMES[:n]
        hands_in = decode.mapping(record.get("hands"), "hands", keys=names, required=names)
        hands = [
            [
                decode.card(c, decode.field(decode.field("hands", s), j))
                for j, c in enumerate(decode.array(hands_in[s], decode.field("hands", s), max_len=33))
            ]
            for s in names
        ]
        dealer = decode.seat(record.get("dealer", "A"), "dealer", n)
        turn_up = decode.card(record.get("turn_up"), "turn_up")
        stock = decode.cards(record.get("stock", []), "stock")
        deal = cls.start(hands, turn_up, dealer, rules, stock=stock)
        for i, entry in enumerate(decode.array(record.get("log", []), "log", max_len=decode.MAX_LOG)):
            where = decode.field("log", i)
            seat_txt, sep, act_txt = decode.text(entry, where, max_len=limit("log_entry")).partition(":")
            if not sep:
                raise InputError("write 'SEAT: action', e.g. 'B: pass'", where)
            seat_txt = seat_txt.strip()
            decode.seat(seat_txt, where, n)
            if deal.is_over:
                raise InputError("the deal is already over", where)
            if names.index(seat_txt) != deal.actor:
                raise IllegalAction(f"entry {i + 1}: it is {deal.seat_name(deal.actor)}'s turn, not {seat_txt}'s")
            try:
                action = Action.parse(act_txt)
            except InputError as e:
                raise InputError(e.args[0].removeprefix("action: "), where) from None
            deal = deal.apply(action)
        return deal

    def describe_action(self, seat: int, action: Action) -> str:
        """The book's words for an action: "B orders up", "C assists", "A takes up"."""
        who = self.seat_name(seat)
        k = action.kind
        alone = " and plays alone" if action.alone == 1 else (" and plays jambone" if action.alone == 2 else "")
        if k == "pass":
            return f"{who} passes"
        if k == "order":
            if seat == self.dealer:
                verb = "takes up"
            elif self.n == 4 and seat == (self.dealer + 2) % 4:
                verb = "assists"
            else:
                verb = "orders up"
            return f"{who} {verb}{alone}" if not action.alone else f"{who} plays alone"
        if k == "call":
            assert action.suit is not None
            name = _call_name(action.suit, self.turn_suit)
            return f"{who} makes it {action.suit.word}{name}" + (" alone" if action.alone else "")
        if k == "take":
            return f"{who}: \u201cI take it from you\u201d (plays alone)"
        if k == "stay":
            return f"{who} lets it stand"
        if k == "alone":
            return f"{who} goes alone"
        if k == "discard":
            return f"{who} discards"
        if k == "callcard":
            return f"{who} calls the {action.card.long_name() if action.card is not None else ''}"
        if k == "jamboree":
            return f"{who} shows a jamboree"
        assert action.card is not None
        return f"{who} plays the {action.card.long_name()}"

    def __repr__(self) -> str:
        """An expression that rebuilds an equal deal (with ``euchre_core``'s names in scope):
        ``Deal.replay(record)`` for a deal dealt from its hands and turn-up, else
        ``Deal.position(...)`` followed by the cards played since.

        >>> d = Deal.shuffled(seed=4).apply("pass")
        >>> repr(d)[:40]
        "Deal.replay({'rules': 'somerset1888', 'd"
        >>> eval(repr(d)) == d
        True
        """
        try:
            named = rules_by_name(self.rules.name) == self.rules
        except RulesError:
            named = False
        rules = "" if named else f", rules={self.rules!r}"
        if self.log and self.log[0][1].kind != "play" or not self.log and self.phase is Phase.BID1:
            return f"Deal.replay({self.to_record()!r}{rules})"
        # a position (Deal.position): its hands as given, then the plays
        won = list(self.won)
        for t in self.tricks:
            won[t.winner] -= 1
        leader = self.log[0][0] if self.log else self.actor
        turn_up = f", turn_up={str(self.turn_up)!r}" if self.turn_up.suit == self.turn_suit else ""
        assert self.trump is not None
        text = (
            f"Deal.position({[[str(c) for c in cards_of_mask(h)] for h in self.dealt]!r}, "
            f"{self.trump.letter!r}, maker={self.maker!r}, dealer={self.dealer!r}, how={self.how!r}, "
            f"alone={self.alone!r}, leader={leader!r}{turn_up}, won={won!r}"
            f"{'' if self.rules == SOMERSET_1888 else f', rules={self.rules!r}'})"
        )
        return text + "".join(f".apply({str(a)!r})" for _, a in self.log)


def _call_name(suit: Suit, turned: Suit) -> str:
    """Technical Terms: "Next" (the same colour as the turn-down), "Crossing the suit"."""
    if suit == turned.partner:
        return " (next)"
    if suit != turned:
        return " (crossing the suit)"
    return ""


def _mask(cards: Iterable[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


_HANDLERS = {
    Phase.BID1: Deal._apply_bid1,
    Phase.BID2: Deal._apply_bid2,
    Phase.TAKE: Deal._apply_take,
    Phase.ALONE: Deal._apply_alone,
    Phase.DISCARD: Deal._apply_discard,
    Phase.CALLCARD: Deal._apply_callcard,
    Phase.PLAY: Deal._apply_play,
}
