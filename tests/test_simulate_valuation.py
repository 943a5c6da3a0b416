"""The valuation of one layout in the hint tests (euchre_core/search/simulate.py, issue 18): what each
option of a bid or a make is worth, with the solves shared between options (the memo) and without.

The memo once keyed a first-round make by the lone seat alone, so when the player passed and an
adversary made the trump, the adversary was credited with the tricks the player's own side took
after the player's bid."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from euchre_core.kernel.cards import Card, Suit
from euchre_core.kernel.deal import Deal
from euchre_core.kernel.errors import InputError
from euchre_core.search import simulate
from euchre_core.search.solver import solve

ELDEST_BID = {
    "id": "t",
    "hint": "t",
    "kind": "bid",
    "seat": "B",
    "trump": "C",
    "hand": ["AC", "QC", "TC", "TD", "8D"],
    "turn_up": "8C",
    "advised": "bid",
}
# B (eldest) holds ace, queen, ten of clubs; the eight of clubs is turned. If B passes, C (the
# dealer's partner, an adversary) assists by the rule (knave and nine of clubs, and the eight his
# partner takes up), and B's side euchres him.
HANDS = ["QH 7C KD 7S KS", "AC QC TC TD 8D", "KH 9D AS JC 9C", "AD TH JS JH 7D"]


def _layout() -> dict:
    hands = [[int(Card.parse(c)) for c in h.split()] for h in HANDS]
    return {
        "hands": hands,
        "turn_up": int(Card.parse("8C")),
        "turn_down": None,
        "table": [],
        "cards": {f"hand.{i}": c for i, c in enumerate(hands[1])},
        "spare": None,
    }


def _plain_tricks(hands: list[str], maker: int) -> int:
    """The makers' tricks, clubs made by ``maker`` in the first round, solved here from scratch."""
    cards = [[Card.parse(c) for c in h.split()] for h in hands]
    six = [int(c) for c in cards[0]] + [int(Card.parse("8C"))]
    out = simulate.rule_discard(six, 0)
    cards[0] = [Card(c) for c in six if c != out]
    return solve(Deal.position(cards, Suit(0), maker=maker)).maker_tricks


def test_an_adversary_who_makes_the_trump_after_the_player_passes_is_credited_with_his_own_tricks() -> None:
    sim = simulate._Sim(dict(ELDEST_BID))
    lay = _layout()
    assert simulate._round1_bid(2, lay["hands"], lay["turn_up"])  # C assists after B passes
    assert not simulate._round1_bid(3, lay["hands"], lay["turn_up"])
    b_tricks = _plain_tricks(HANDS, 1)
    c_tricks = _plain_tricks(HANDS, 2)
    assert (b_tricks, c_tricks) == (3, 2)  # two different deals
    res = sim.evaluate(lay)
    assert res["bid"].pts == (0, 1) and res["bid"].tricks == 3  # B makes his point
    assert res["pass"].pts == (0, 2) and res["pass"].tricks == 3  # C is euchred: B's side scores two
    assert res["pass"].net == 2 and res["bid"].net == 1  # here passing is worth more
    plain = sim.evaluate(lay, cached=False)
    assert {o: (r.pts, r.tricks) for o, r in plain.items()} == {o: (r.pts, r.tricks) for o, r in res.items()}


TOKENS = ["R", "L", "At", "Kt", "st", "mt", "t", "a", "n", "x", "x1", "n1", "A1", "K2", "x2", "xN", "AN"]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(
    kind=st.sampled_from(["bid", "make"]),
    seat=st.sampled_from("ABCD"),
    hand=st.lists(st.sampled_from(TOKENS), min_size=5, max_size=5),
    turned=st.sampled_from(["9t", "Qt", "At", "Kt", "8t"]),
    trump=st.sampled_from("CDHS"),
    then=st.sampled_from([None, "next", "C", "H"]),
    seed=st.integers(0, 10**6),
)
def test_the_memo_gives_what_the_plain_valuation_gives(
    kind: str, seat: str, hand: list[str], turned: str, trump: str, then: str | None, seed: int
) -> None:
    """Differential: on random specs and layouts, every option's outcome with the solves shared
    between options is the outcome of solving each option on its own."""
    spec = {"id": "r", "hint": "r", "kind": kind, "seat": seat, "trump": trump, "hand": hand}
    if kind == "bid":
        spec.update(turn_up=turned, advised="bid", alternatives=["alone", "pass", "pass=0"])
        if then is not None and then != trump:
            spec["then"] = then
    else:
        spec.update(turn_down=turned, advised="next")
    try:
        sim = simulate._Sim(spec)
    except InputError:
        assume(False)
        return
    rng = random.Random(seed)
    lays = []
    for _ in range(60):
        try:
            lay = sim._draw_once(rng)
        except simulate._Retry:
            continue
        if lay is not None:
            lays.append(lay)
        if len(lays) == 3:
            break
    assume(lays)
    for lay in lays:
        fast = sim.evaluate(lay)
        plain = sim.evaluate(lay, cached=False)
        assert {o: (r.pts, r.tricks) for o, r in fast.items()} == {o: (r.pts, r.tricks) for o, r in plain.items()}


CARD_SPECS = [
    s["id"] for s in simulate.load_specs() if s["kind"] in ("lead", "play") and s.get("turn_up") and s["seat"] != "A"
]


@settings(max_examples=25, deadline=None)
@given(spec_id=st.sampled_from(CARD_SPECS), seed=st.integers(0, 10**6))
def test_the_dealer_who_took_up_discarded_by_the_rule_in_leads_and_plays(spec_id: str, seed: int) -> None:
    """The model of the others is the same in every test: in a lead or a play after a first-round
    make, the dealer was dealt five cards and discarded by the rule, as in the bid tests."""
    sim = simulate._Sim(dict(simulate.spec_by_id(spec_id)))
    lay = sim.draw(random.Random(seed))
    up = lay["turn_up"]
    dealt = lay["dealt"][0]
    assert up not in dealt and len(dealt) == 5
    assert sorted(lay["hands"][0]) == sorted(simulate._dealer_takes(dealt, up, sim.trump))
    assert [sorted(h) for h in lay["dealt"][1:]] == [sorted(h) for h in lay["hands"][1:]]
