"""Lockstep bridge between DeepMind OpenSpiel's ``euchre`` and :mod:`euchre_core`.

:func:`play_lockstep` plays one seeded random OpenSpiel game and, step by step, the same
deal in our engine, raising :class:`Divergence` at the first disagreement. It is the helper
of ``tests/test_openspiel_diff.py``; ``pyspiel`` is imported lazily, so this module imports
(and its doctests run) without OpenSpiel installed.

The mapping is explicit and lives in :class:`OpenSpielMapping` (a test subclasses it to
falsify one piece and shows the bridge then fails):

==================  ==================================================================
OpenSpiel           euchre_core
==================  ==================================================================
player p (N E S W)  seat p (A B C D); both clockwise, partners 0-2 and 1-3, side p % 2
dealer (chance)     ``dealer``; eldest = dealer + 1 in both
card c              ``rank = c // 4`` in 9 T J Q K A, ``suit = c % 4`` in C D H S;
                    ours is ``suit * 8 + rank + 2`` (our ranks start at the 7)
hands, upcard       ``card_holder()`` and ``upcard()`` after the 21 dealing chance nodes
                    -> ``Deal.start(hands, turn_up, dealer, rules)``; the three undealt
                    cards have no order in OpenSpiel, so ``stock=()``
BIDDING, <4 passes  phase ``bid1``: ``Pass`` -> ``pass``; the upcard's suit -> ``order``
BIDDING, >=4 passes phase ``bid2``: ``Pass`` -> ``pass``; a suit X -> ``call X``
DISCARD             phase ``discard``: card -> ``discard X``
GO_ALONE            phase ``alone``: ``Alone`` -> ``alone``; ``Partner`` -> ``stay``
PLAY                phase ``play``: card -> ``play X``
GAME_OVER           phase ``done``
returns()[p]        ``result.points[p % 2] - result.points[1 - p % 2]`` (OpenSpiel is
                    zero-sum per player; ours gives each side its non-negative gain)
==================  ==================================================================

No phase is merged or skipped: OpenSpiel's flow (make the trump; in round one the dealer
picks up and discards; then the maker says Alone or Partner; then the eldest active hand
leads) is exactly our flow under :func:`openspiel_rules`.

>>> m = OpenSpielMapping()
>>> [str(m.card(c)) for c in (0, 1, 2, 3, 8, 9, 23)]
['9C', '9D', '9H', '9S', 'JC', 'JD', 'AS']
>>> r = openspiel_rules(stick_the_dealer=False)
>>> r.alone_after_making, r.partner_may_take_alone, r.lone_lead, r.alone_euchred
(True, False, 'eldest', 2)
"""

from __future__ import annotations

import dataclasses
import functools
import random
from dataclasses import dataclass, field
from typing import Any

from euchre_core import MODERN_24, Action, Card, Deal, EuchreError, Rank, RuleSet, Suit

__all__ = [
    "Difference",
    "KNOWN_DIFFERENCES",
    "Divergence",
    "LockstepReport",
    "OpenSpielMapping",
    "openspiel_rules",
    "load_game",
    "play_lockstep",
]

# OpenSpiel's euchre action ids (open_spiel/games/euchre/euchre.h)
OS_NUM_CARDS = 24
OS_PASS = 24
OS_SUIT_ACTIONS = {25: Suit.CLUBS, 26: Suit.DIAMONDS, 27: Suit.HEARTS, 28: Suit.SPADES}
OS_ALONE = 29
OS_PARTNER = 30
OS_NUM_PLAYERS = 4


@dataclass(frozen=True)
class Difference:
    """One way the two rule sets differ, and what the differential test does about it."""

    topic: str
    openspiel: str
    ours: str
    handling: str  # "switch" (a RuleSet switch makes them agree), "mapped", "not compared", "agree"


KNOWN_DIFFERENCES: tuple[Difference, ...] = (
    Difference(
        "when a lone hand is declared",
        "only the maker decides, once, after making the trump and (round one) after the dealer's discard "
        "(phase GO_ALONE: Alone / Partner)",
        "MODERN_24: alone is announced with the bid ('order alone', 'call H alone')",
        "switch: alone_after_making=True gives the same order: bid -> discard -> alone -> play",
    ),
    Difference(
        "the maker's partner taking it alone",
        "not possible",
        "partner_may_take_alone (Laws 74, 75, 94: phase 'take'); MODERN_24 already has False",
        "switch: partner_may_take_alone=False",
    ),
    Difference(
        "the dealer whose partner plays alone",
        "always picks up and discards in round one (the lone decision comes after the discard), then sits out",
        "MODERN_24 (alone with the bid): the dealer does not pick up when his partner orders alone "
        "(dealer_out_discards=False)",
        "switch: with alone_after_making=True the discard precedes the lone decision, as in OpenSpiel",
    ),
    Difference(
        "who leads against a lone hand",
        "the eldest hand (dealer + 1), skipping the lone player's partner",
        "lone_lead='eldest' (MODERN_24's value); 'left_of_lone' and 'lone_player' also exist",
        "switch: lone_lead='eldest'",
    ),
    Difference(
        "stick the dealer",
        "game parameter stick_the_dealer (default True): the dealer may not pass in round two",
        "stick_the_dealer switch (MODERN_24: True)",
        "switch: the test runs both values",
    ),
    Difference(
        "score representation",
        "returns per player, zero-sum: makers +1/+2/+4 (point/march/lone march) or -2 (euchred, lone or not), "
        "defenders the negation",
        "result.points per side, non-negative: the side that scores gets 1/2/4 or 2 (alone_euchred=2)",
        "mapped: returns[p] == points[p % 2] - points[1 - p % 2]",
    ),
    Difference(
        "the game beyond one deal",
        "the game is one deal; the dealer is a chance outcome; no game points, next dealer or rubber",
        "a Deal is one deal; games, laps and rubbers are scored elsewhere (game_points=10 etc.)",
        "not compared: only the deal's points are compared",
    ),
    Difference(
        "a deal passed out",
        "with stick_the_dealer=False, eight passes end the game with all returns 0",
        "Law 77: phase 'done', result.passed_out, points (0, 0)",
        "agree: compared when stick_the_dealer=False",
    ),
    Difference(
        "lone defender and super-euchre",
        "allow_lone_defender=True lets a defender go alone too; makers euchred by a lone defender lose 4",
        "no lone defender",
        "not compared: the test keeps allow_lone_defender=False (OpenSpiel's default)",
    ),
    Difference(
        "how the cards are dealt",
        "one card at a time, uniformly at random, starting with the dealer; the 21st card is the upcard; "
        "the other three are not ordered",
        "Law 42 packets of two and three from the eldest hand after a cut (Deal.from_setup)",
        "not compared: the bridge starts our deal from OpenSpiel's hands and upcard (Deal.start, stock=())",
    ),
    Difference(
        "naming the turned-down suit in round two",
        "not an action",
        "Law 78: apply('call <turned suit>') counts as a pass, but it is not in legal_actions()",
        "agree on the legal sets; the alias is never played by the bridge",
    ),
    Difference(
        "discarding the upcard",
        "the dealer may not discard the upcard",
        "Law 88: the trump card cannot be discarded",
        "agree: compared",
    ),
)


class Divergence(AssertionError):
    """The two engines disagree. The message names the game, the step and both histories."""


class OpenSpielMapping:
    """OpenSpiel's encoding to ours. Subclass and override one method to falsify it."""

    def card(self, os_card: int) -> Card:
        """OpenSpiel's ``rank * 4 + suit`` (ranks 9 T J Q K A) to our Card."""
        if not 0 <= os_card < OS_NUM_CARDS:
            raise ValueError(f"not an OpenSpiel euchre card: {os_card}")
        return Card.of(Rank(os_card // 4 + Rank.NINE), Suit(os_card % 4))

    def phase(self, state: Any) -> str:
        """Our phase name for an OpenSpiel state."""
        import pyspiel

        ph = state.current_phase()
        P = pyspiel.euchre.Phase
        if ph == P.BIDDING:
            return "bid1" if state.num_passes() < OS_NUM_PLAYERS else "bid2"
        return {P.DISCARD: "discard", P.GO_ALONE: "alone", P.PLAY: "play", P.GAME_OVER: "done"}.get(ph, str(ph))

    def action(self, ph: str, os_action: int) -> Action:
        """Our Action for an OpenSpiel action at a decision node in (our) phase ``ph``."""
        if ph in ("bid1", "bid2"):
            if os_action == OS_PASS:
                return Action("pass")
            suit = OS_SUIT_ACTIONS[os_action]
            return Action("order") if ph == "bid1" else Action("call", suit=suit)
        if ph == "alone":
            return {OS_ALONE: Action("alone", alone=1), OS_PARTNER: Action("stay")}[os_action]
        if ph == "discard":
            return Action.discard_card(self.card(os_action))
        if ph == "play":
            return Action.play(self.card(os_action))
        raise ValueError(f"no mapping for OpenSpiel action {os_action} in phase {ph}")

    def hands(self, state: Any) -> list[frozenset[Card]]:
        """The cards each player holds now, by seat."""
        out: list[set[Card]] = [set() for _ in range(OS_NUM_PLAYERS)]
        for os_card, holder in enumerate(state.card_holder()):
            if holder is not None:
                out[holder].add(self.card(os_card))
        return [frozenset(h) for h in out]

    def deal_score(self, deal: Deal) -> list[float]:
        """Our deal's points as OpenSpiel's per-player returns."""
        assert deal.result is not None
        pts = deal.result.points
        return [float(pts[p % 2] - pts[1 - p % 2]) for p in range(OS_NUM_PLAYERS)]


def openspiel_rules(stick_the_dealer: bool = True, base: RuleSet = MODERN_24) -> RuleSet:
    """Our rule set equivalent to OpenSpiel's euchre (allow_lone_defender=False)."""
    return dataclasses.replace(
        base,
        name="modern24-openspiel",
        title="Modern 24-card euchre, OpenSpiel's variant",
        stick_the_dealer=stick_the_dealer,
        alone_after_making=True,
        partner_may_take_alone=False,
        lone_lead="eldest",
        allow_alone=True,
        jambone=False,
        jamboree=False,
    )


@functools.cache
def load_game(stick_the_dealer: bool = True) -> Any:
    """OpenSpiel's euchre with the given stick_the_dealer (allow_lone_defender=False)."""
    import pyspiel

    return pyspiel.load_game("euchre", {"stick_the_dealer": stick_the_dealer, "allow_lone_defender": False})


@dataclass
class LockstepReport:
    """What one lockstep game did (for coverage statistics)."""

    seed: int
    dealer: int = -1
    decisions: int = 0
    passed_out: bool = False
    round: int = 0  # the bidding round the trump was made in (0: passed out)
    stuck_dealer: bool = False  # the dealer had to name a suit (no Pass offered)
    alone: bool = False
    dealer_sat_out: bool = False  # round one, the dealer discarded, then his partner went alone
    eldest_sat_out: bool = False  # the eldest hand was the lone player's partner (the next seat led)
    makers_tricks: int = 0
    returns: tuple[float, ...] = ()
    phases: set[str] = field(default_factory=set)


def _os_tricks(state: Any, mapping: OpenSpielMapping) -> list[tuple[int, tuple[tuple[int, Card], ...], int]]:
    """OpenSpiel's completed tricks as (leader, ((seat, card), ...), winner)."""
    active = state.active_players()
    out = []
    for t in state.tricks():
        if t.leader() < 0:
            continue
        seat = t.leader()
        plays = []
        for c in t.cards():
            plays.append((seat, mapping.card(c)))
            seat = (seat + 1) % OS_NUM_PLAYERS
            while not active[seat]:
                seat = (seat + 1) % OS_NUM_PLAYERS
        out.append((t.leader(), tuple(plays), t.winner()))
    return out


def play_lockstep(
    seed: int,
    stick_the_dealer: bool = True,
    *,
    mapping: OpenSpielMapping | None = None,
    rules: RuleSet | None = None,
    pass_bias: float = 0.7,
) -> LockstepReport:
    """Play one random OpenSpiel game and the same deal in our engine, checking every step.

    The seeded ``random.Random(seed)`` picks the chance outcomes (dealer, deal, upcard) and
    each decision: in the bidding ``Pass`` with probability ``pass_bias`` (so that round two
    and passed-out deals are common), otherwise uniformly among OpenSpiel's legal actions.
    At every decision node the phase, the player to act, every hand and the set of legal
    actions must agree; the chosen action is applied to both. At the end the tricks (leader,
    cards in order, winner), the makers, the lone hand, the tricks won and the deal's score
    must agree. Raises :class:`Divergence` otherwise.
    """
    mapping = mapping or OpenSpielMapping()
    rules = rules or openspiel_rules(stick_the_dealer)
    rng = random.Random(seed)
    state = load_game(stick_the_dealer).new_initial_state()
    report = LockstepReport(seed=seed)

    while state.is_chance_node():
        state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))

    deal: Deal | None = None

    def fail(what: str) -> Divergence:
        ours = deal.to_record() if deal is not None else None
        return Divergence(
            f"seed={seed} stick_the_dealer={stick_the_dealer} step={report.decisions}: {what}\n"
            f"OpenSpiel history: {state.history()}\nOpenSpiel state:\n{state}\nours: {ours}"
        )

    dealer = state.dealer()
    hands = mapping.hands(state)
    try:
        deal = Deal.start([sorted(h) for h in hands], mapping.card(state.upcard()), dealer, rules)
    except EuchreError as e:
        raise fail(f"our engine rejects OpenSpiel's deal: {e}") from e
    report.dealer = dealer

    while not state.is_terminal():
        if state.is_chance_node():
            raise fail("unexpected chance node after the deal")
        phase = mapping.phase(state)
        report.phases.add(phase)
        if phase != deal.phase:
            raise fail(f"phase: OpenSpiel {phase}, ours {deal.phase}")
        if state.current_player() != deal.actor:
            raise fail(f"player to act: OpenSpiel {state.current_player()}, ours {deal.actor}")
        os_hands = mapping.hands(state)
        for seat in range(OS_NUM_PLAYERS):
            ours_hand = frozenset(deal.hand(seat))
            if os_hands[seat] != ours_hand:
                raise fail(
                    f"hand of seat {seat}: OpenSpiel {sorted(map(str, os_hands[seat]))}, "
                    f"ours {sorted(map(str, ours_hand))}"
                )
        legal = state.legal_actions()
        mapped = [mapping.action(phase, a) for a in legal]
        ours_legal = deal.legal_actions()
        if len(set(mapped)) != len(mapped) or set(mapped) != set(ours_legal):
            raise fail(
                f"legal actions: OpenSpiel {[state.action_to_string(a) for a in legal]} -> "
                f"{sorted(map(str, mapped))}, ours {sorted(map(str, ours_legal))}"
            )
        if phase == "bid2" and state.current_player() == dealer and OS_PASS not in legal:
            report.stuck_dealer = True
        if phase in ("bid1", "bid2") and OS_PASS in legal and rng.random() < pass_bias:
            choice = OS_PASS
        else:
            choice = rng.choice(legal)
        action = mapping.action(phase, choice)
        if phase in ("bid1", "bid2") and choice != OS_PASS:
            report.round = 1 if phase == "bid1" else 2
        if phase == "alone":
            report.alone = choice == OS_ALONE
        state.apply_action(choice)
        try:
            deal = deal.apply(action)
        except EuchreError as e:
            raise fail(f"our engine refuses {action} (OpenSpiel {state.action_to_string(choice)}): {e}") from e
        report.decisions += 1

    # ---- the end of the deal
    if not deal.is_over or deal.result is None:
        raise fail(f"OpenSpiel is over, ours is in phase {deal.phase}")
    res = deal.result
    os_passed_out = state.num_passes() == 2 * OS_NUM_PLAYERS
    report.passed_out = os_passed_out
    if res.passed_out != os_passed_out:
        raise fail(f"passed out: OpenSpiel {os_passed_out}, ours {res.passed_out}")
    os_tricks = _os_tricks(state, mapping)
    ours_tricks = [(t.leader, t.cards, t.winner) for t in deal.tricks]
    for i, (a, b) in enumerate(zip(os_tricks, ours_tricks, strict=False)):
        if a != b:
            raise fail(f"trick {i + 1}: OpenSpiel {_fmt_trick(a)}, ours {_fmt_trick(b)}")
    if len(os_tricks) != len(ours_tricks):
        raise fail(f"number of tricks: OpenSpiel {len(os_tricks)}, ours {len(ours_tricks)}")
    if not os_passed_out:
        declarer = state.declarer()
        if res.maker != declarer:
            raise fail(f"maker: OpenSpiel {declarer}, ours {res.maker}")
        os_alone = declarer if state.declarer_go_alone() else None
        if res.alone != os_alone:
            raise fail(f"lone player: OpenSpiel {os_alone}, ours {res.alone}")
        won = [0, 0]
        for _, _, w in os_tricks:
            won[w % 2] += 1
        if tuple(won) != tuple(res.tricks_won):
            raise fail(f"tricks won by side: OpenSpiel {won}, ours {res.tricks_won}")
        report.makers_tricks = won[declarer % 2]
        if os_alone is not None:
            report.dealer_sat_out = report.round == 1 and (os_alone + 2) % 4 == dealer
            report.eldest_sat_out = (os_alone + 2) % 4 == (dealer + 1) % 4
    returns = [float(x) for x in state.returns()]
    ours_score = mapping.deal_score(deal)
    if returns != ours_score:
        raise fail(f"deal score: OpenSpiel returns {returns}, ours points {res.points} -> {ours_score}")
    report.returns = tuple(returns)
    return report


def _fmt_trick(t: tuple[int, tuple[tuple[int, Card], ...], int]) -> str:
    leader, plays, winner = t
    return f"led by {leader}: {' '.join(f'{s}:{c}' for s, c in plays)}, won by {winner}"
