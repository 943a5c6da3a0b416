"""The opponent (euchre_core.search.opponent): seeded, lawful, as good as the solver when it sees every card,
and blind to the cards its seat cannot see."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from euchre_core.kernel.actions import Action
from euchre_core.kernel.deal import Deal
from euchre_core.kernel.rules import HOYLE_4, MODERN_24, SOMERSET_1888
from euchre_core.search.opponent import (
    STRENGTHS,
    choose,
    dd_maker_tricks,
    decide,
    observe,
    sample_worlds,
)
from euchre_core.search.solver import solve


def _to_play(seed: int, cards: int) -> Deal:
    """A seeded deal bid by the book's rules of thumb, then ``cards`` random cards played."""
    rng = random.Random(seed)
    d = Deal.shuffled(seed, dealer=seed % 4)
    while not d.is_over and d.phase != "play":
        d = d.apply(choose(d, strength=1, seed=seed))
    while not d.is_over and cards > 0:
        d = d.apply(rng.choice(d.legal_actions()))
        cards -= 1
    return d


def test_deterministic_with_a_seed() -> None:
    for seed in range(8):
        d = _to_play(seed, seed % 7)
        if d.is_over:
            continue
        a = decide(observe(d), strength="easy", seed=seed)
        b = decide(observe(d), strength="easy", seed=seed)
        assert a == b
    d = Deal.shuffled(5)
    assert [choose(d, strength=3, seed=9) for _ in range(3)] == [choose(d, strength=3, seed=9)] * 3


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), rules=st.sampled_from([SOMERSET_1888, MODERN_24, HOYLE_4]))
def test_never_an_illegal_action(seed: int, rules) -> None:
    """Whole deals with the opponent at every seat: each action is one of the deal's legal actions."""
    d = Deal.shuffled(seed, dealer=seed % 4, rules=rules)
    kinds = set()
    while not d.is_over:
        a = choose(d, strength=2, seed=seed)
        assert a in d.legal_actions(), (d, a)
        kinds.add(a.kind)
        d = d.apply(a)
    assert d.result is not None


def test_bids_discards_lone_hands_and_plays() -> None:
    """Over some seeded deals the opponent orders up, passes, names suits, discards, plays alone and plays."""
    seen: set[str] = set()
    alone = 0
    for seed in range(60):
        d = Deal.shuffled(seed, dealer=seed % 4)
        while not d.is_over:
            a = choose(d, strength="easy", seed=seed)
            seen.add(a.kind)
            alone += bool(a.alone)
            d = d.apply(a)
        if {"order", "pass", "call", "discard", "play"} <= seen and alone:
            break
    assert {"order", "pass", "call", "discard", "play"} <= seen
    assert alone


def _best_cards(d: Deal) -> set[str]:
    res = solve(d)
    maker = d.side_of(d.actor) == d.makers
    best = max(res.moves.values()) if maker else min(res.moves.values())
    return {c for c, v in res.moves.items() if v == best}


@pytest.mark.parametrize("seed", range(40))
def test_sees_every_card_plays_as_the_solver(seed: int) -> None:
    """With every hand shown to it and one sample, the opponent's card is one the solver calls best."""
    d = _to_play(seed, seed % 15)
    if d.is_over or d.phase != "play":
        pytest.skip("no play position from this seed")
    everything = {s: d.hand(s) for s in range(4)}
    dec = decide(observe(d, reveal=everything), strength=1, seed=seed)
    assert str(dec.action.card) in _best_cards(d)


def test_does_not_peek() -> None:
    """Deals that differ only in cards the seat cannot see give the same observation, and the same
    decision for the same seed."""
    checked = 0
    for seed in range(30):
        d = _to_play(seed, (seed * 3) % 13)
        if d.is_over:
            continue
        obs = observe(d)
        for other in sample_worlds(obs, 3, random.Random(seed + 1000)):
            hidden_differs = any(other.hand(s) != d.hand(s) for s in range(4) if s != d.actor)
            assert observe(other) == obs
            if hidden_differs:
                assert decide(observe(other), strength=3, seed=seed) == decide(obs, strength=3, seed=seed)
                checked += 1
    assert checked >= 20


def test_does_not_peek_hand_made_swap() -> None:
    """The same, with the other hands changed by hand: two unseen cards exchanged between the adversaries."""
    d = Deal.shuffled(21)  # the bidding: nothing is known of the others' cards
    me = d.actor
    a, b = (me + 1) % 4, (me + 3) % 4
    hands = [d.hand(s) for s in range(4)]
    hands[a][0], hands[b][0] = hands[b][0], hands[a][0]
    other = Deal.start(hands, d.turn_up, d.dealer)
    assert other.hand(a) != d.hand(a) and observe(other) == observe(d)
    for strength in (2, "easy"):
        assert decide(observe(other), strength, seed=4) == decide(observe(d), strength, seed=4)


def test_voids_shown_in_play_are_respected() -> None:
    """A seat that failed to follow a suit never gets a card of it in a sample."""
    for seed in range(40):
        d = _to_play(seed, 10)
        if d.is_over:
            continue
        obs = observe(d)
        voids = obs.voids()
        if not any(voids):
            continue
        assert d.trump is not None
        from euchre_core.kernel.tables import EFFECTIVE_SUIT

        for w in sample_worlds(obs, 5, random.Random(seed)):
            for s in range(4):
                for c in w.hand(s):
                    assert not voids[s] >> EFFECTIVE_SUIT[int(d.trump)][c] & 1
        return
    pytest.skip("no void shown in these deals")


def test_dd_maker_tricks_is_the_solver_value() -> None:
    for seed in range(20):
        d = _to_play(seed, 0)
        if d.phase == "play":
            assert dd_maker_tricks(d) == solve(d).maker_tricks


def _count_positions(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Count the positions the solver searches for the opponent: each call's ``nodes`` (a call of the
    double-dummy value counts once, with the solver's positions inside it)."""
    from euchre_core.search import opponent

    calls: list[int] = []
    inside = [0]
    real_solve, real_dd = opponent.solve, opponent._dd

    def solve(deal: Deal):  # type: ignore[no-untyped-def]
        res = real_solve(deal)
        if not inside[0]:
            calls.append(res.nodes)
        return res

    def dd(deal: Deal) -> tuple[int, int]:
        inside[0] += 1
        try:
            tricks, nodes = real_dd(deal)
        finally:
            inside[0] -= 1
        calls.append(nodes)
        return tricks, nodes

    monkeypatch.setattr(opponent, "solve", solve)
    monkeypatch.setattr(opponent, "_dd", dd)
    return calls


def test_a_decision_stays_within_its_work_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """The work of each decision of a few deals, counted in positions searched (not timed; the
    benchmark benchmarks/bench_opponent.py measures its CPU time): a decision stops taking samples
    once it has searched NODE_BUDGET positions per sample (BID_FACTOR times as many before the play),
    so it ends within that budget plus one sample's work (at most one solve per legal action)."""
    from euchre_core.search.opponent import BID_FACTOR, NODE_BUDGET

    calls = _count_positions(monkeypatch)
    samples = STRENGTHS["default"]
    for seed in range(3):
        d = Deal.shuffled(seed, dealer=seed % 4)
        while not d.is_over:
            calls.clear()
            a = choose(d, seed=seed)
            budget = NODE_BUDGET * samples * (1 if d.phase == "play" else BID_FACTOR)
            one_sample = len(d.legal_actions()) * max(calls, default=0)
            assert sum(calls) <= budget + one_sample, (seed, d.phase, sum(calls), budget)
            d = d.apply(a)
    assert STRENGTHS["default"] >= STRENGTHS["easy"]


@pytest.mark.parametrize(("seed", "phase"), [(0, "bid1"), (0, "play")])
def test_a_decision_over_budget_stops_at_the_fewest_samples(
    monkeypatch: pytest.MonkeyPatch, seed: int, phase: str
) -> None:
    """With a budget of one position per sample every decision is over budget at once: it takes the
    fewest samples it may (four in the play; a quarter of its samples before the play, when the
    actions far behind are dropped), whatever the strength asked."""
    from euchre_core.search import opponent

    d = Deal.shuffled(seed, dealer=seed % 4)
    while d.phase != phase:
        d = d.apply(choose(d, strength="easy", seed=seed))
    monkeypatch.setattr(opponent, "NODE_BUDGET", 1)
    dec = decide(observe(d), strength="strong", seed=seed)
    fewest = 4 if phase == "play" else max(4, STRENGTHS["strong"] * opponent.BID_FACTOR // 4)
    assert dec.samples == fewest, (phase, dec.samples)


# ------------------------------------------------------------------ the book's rules of thumb


def test_decision_values_are_reported() -> None:
    d = Deal.shuffled(7)
    dec = decide(observe(d), strength=2, seed=1)
    assert set(dec.values) == {str(a) for a in d.legal_actions()}
    assert dec.to_json()["action"] == str(dec.action)
    assert isinstance(Action.parse(dec.to_json()["action"]), Action)
