"""The double-dummy solver against a plain minimax over the engine's own moves.

The reference, :func:`plain_values`, knows nothing of the solver's tricks (bit layouts,
equivalent cards, bounds, tables): it tries every legal action of ``Deal.legal_actions``
with ``Deal.apply`` to the end of the deal and takes the max (makers to play) or min.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from euchre_core.formats.cases import load_case
from euchre_core.kernel.actions import Action
from euchre_core.kernel.cards import pack
from euchre_core.kernel.deal import Deal
from euchre_core.kernel.errors import InputError
from euchre_core.kernel.rules import WASHINGTON_1877, rules_by_name
from euchre_core.search.solver import SolveResult, main_solve, position_from_json, solve, solve_position_json

# ----------------------------------------------------------------------------- the reference


def _maker_seats(deal: Deal) -> set[int]:
    return {s for s in range(deal.n) if deal.side_of(s) == deal.makers}


def plain_value(deal: Deal, memo: dict | None = None) -> int:
    """The makers' tricks at the end of the deal with best play: plain minimax over the
    engine's legal actions (memoised on the whole state that matters: hands, trick, actor, won)."""
    if deal.is_over:
        return sum(w for s, w in enumerate(deal.won) if s in _maker_seats(deal))
    key = (deal.hands, deal.trick, deal.actor, deal.won, len(deal.tricks))
    if memo is not None and key in memo:
        return memo[key]
    vals = [plain_value(deal.apply(a), memo) for a in deal.legal_actions()]
    v = max(vals) if deal.actor in _maker_seats(deal) else min(vals)
    if memo is not None:
        memo[key] = v
    return v


def plain_values(deal: Deal) -> dict[str, int]:
    """The makers' final tricks after each legal card of the player to move."""
    memo: dict = {}
    return {str(a.card): plain_value(deal.apply(a), memo) for a in deal.legal_actions()}


# ----------------------------------------------------------------------------- random positions


def random_position(rng: random.Random, rules_name: str, cards: int, alone: bool = False, played: int = 0) -> Deal:
    """A random play-phase position: ``cards`` cards a hand, tricks already won at random,
    then ``played`` random legal cards (so the position may be in the middle of a trick)."""
    rules = rules_by_name(rules_name)
    n = rules.players
    deck = pack(rules.pack_size)
    rng.shuffle(deck)
    hands: list[list] = [deck[i * cards : (i + 1) * cards] for i in range(n)]
    maker = rng.randrange(n)
    lone = maker if alone and n == 4 else None
    if lone is not None:
        hands[(lone + 2) % 4] = []
    leader = rng.randrange(n)
    if lone is not None and leader == (lone + 2) % 4:
        leader = lone
    won = [0] * n
    for _ in range(5 - cards):
        won[rng.randrange(n)] += 1
    d = Deal.position(hands, "CDHS"[rng.randrange(4)], maker=maker, alone=lone, leader=leader, rules=rules, won=won)
    for _ in range(played):
        if not d.is_over:
            d = d.apply(rng.choice(d.legal_actions()))
    return d


VARIANTS = [
    ("somerset1888", False),  # four-handed, partners
    ("somerset1888", True),  # a lone hand: three play
    ("hoyle2", False),  # two-handed
    ("hoyle3", False),  # three-handed: the maker against the other two
    ("modern24", False),  # the 24-card pack
    ("modern24", True),
    ("somerset1888+joker", False),  # the Joker, the best bower
    ("hoyle3+joker", False),
]


def check(d: Deal) -> None:
    want = plain_values(d)
    got = solve(d)
    assert got.moves == want, (d, d.hands, d.trick)
    best = max(want.values()) if d.actor in _maker_seats(d) else min(want.values())
    assert got.maker_tricks == best


@pytest.mark.parametrize("rules_name,alone", VARIANTS)
def test_every_move_matches_plain_minimax_small_hands(rules_name, alone):
    rng = random.Random(f"{rules_name}-{alone}")
    for _ in range(100):
        d = random_position(rng, rules_name, rng.randint(2, 3), alone, played=rng.randrange(4))
        if not d.is_over:
            check(d)


@pytest.mark.parametrize("rules_name,alone", VARIANTS)
def test_every_move_matches_plain_minimax_four_cards(rules_name, alone):
    rng = random.Random(f"four-{rules_name}-{alone}")
    for _ in range(4):
        d = random_position(rng, rules_name, 4, alone, played=rng.randrange(3))
        if not d.is_over:
            check(d)


@given(
    seed=st.integers(0, 2**32 - 1), variant=st.sampled_from(VARIANTS), cards=st.integers(1, 3), played=st.integers(0, 3)
)
@settings(max_examples=60, deadline=None)
def test_hypothesis_positions_match_plain_minimax(seed, variant, cards, played):
    d = random_position(random.Random(seed), variant[0], cards, variant[1], played)
    if not d.is_over:
        check(d)


@pytest.mark.slow
@pytest.mark.parametrize("seed", [1, 4])
def test_whole_deals_match_plain_minimax(seed):
    rng = random.Random(seed)
    check(random_position(rng, "somerset1888", 5))
    check(random_position(rng, "somerset1888", 5, alone=True))


def test_best_play_keeps_the_value():
    """Playing a card the solver rates best never changes the value, to the end of the deal."""
    rng = random.Random(5)
    for _ in range(10):
        d = random_position(rng, "somerset1888", 5, alone=rng.random() < 0.3)
        value = solve(d).maker_tricks
        while not d.is_over:
            r = solve(d)
            assert r.maker_tricks == value
            card = next(c for c, v in r.moves.items() if v == value)
            d = d.apply(Action.parse(card))
        assert sum(w for s, w in enumerate(d.won) if s in _maker_seats(d)) == value


# ----------------------------------------------------------------------------- the book's Case I


def case_one_after_the_ruff() -> Deal:
    data = load_case("I")
    d = Deal.position([data["hands"][s] for s in "ABCD"], data["trump"], maker=0, leader=1)
    for card in ("JD", "7D", "TC"):  # B leads the knave of diamonds, C the seven, D ruffs with the ten
        d = d.apply(Action.parse(card))
    return d


def test_case_one_refusing_to_over_trump():
    """Case I: "if A goes over the ten of trumps with his right in the first trick, he will be
    euchred". With A to play after D's ruff, the solver (checked here against the plain
    minimax) says: throw the eight of spades and A-C take four tricks; over-trump with the
    right (JC) and they take two, euchred; so too with the nine of trumps or a heart."""
    d = case_one_after_the_ruff()
    assert d.seat_name(d.actor) == "A"
    r = solve(d)
    assert r.moves == {"8S": 4, "JC": 2, "9C": 2, "AH": 2, "KH": 2}
    assert r.maker_tricks == 4
    assert plain_values(d) == r.moves


def test_case_one_from_the_opening_lead():
    data = load_case("I")
    d = Deal.position([data["hands"][s] for s in "ABCD"], data["trump"], maker=0, leader=1)
    r = solve(d)
    assert set(r.moves) == {"AC", "QH", "8H", "JD", "TS"}
    assert r.maker_tricks == min(r.moves.values())
    assert r.nodes > 0 and r.ms >= 0


# ----------------------------------------------------------------------------- other positions


def test_jambone_called_card_is_respected():
    """1877: the lone (jambone) player must play the called card to the first trick."""
    checked = 0
    for seed in range(40):
        d = Deal.shuffled(seed, rules=WASHINGTON_1877)
        try:
            d = d.apply(Action("order", alone=2))
        except Exception:
            continue
        while d.phase != "play":
            acts = d.legal_actions()
            pick = [a for a in acts if a.kind == "callcard"] or [a for a in acts if a.kind != "take"] or acts
            d = d.apply(pick[-1] if d.phase == "callcard" else pick[0])
        if d.called is None:
            continue
        d = d.apply(d.legal_actions()[0])  # one card in, so the reference stays quick
        check(d)
        checked += 1
        if checked == 2:
            break
    assert checked == 2


def test_finished_deal_and_wrong_phase():
    rng = random.Random(3)
    d = random_position(rng, "somerset1888", 1)
    while not d.is_over:
        d = d.apply(d.legal_actions()[0])
    r = solve(d)
    assert r.moves == {} and r.maker_tricks == sum(w for s, w in enumerate(d.won) if s in _maker_seats(d))
    with pytest.raises(InputError) as e:
        solve(Deal.shuffled(1))
    assert e.value.field == "phase"


def test_result_type():
    r = solve(random_position(random.Random(9), "somerset1888", 3))
    assert isinstance(r, SolveResult)
    assert set(r.to_json()) == {"maker_tricks", "moves", "nodes", "ms"}


# ----------------------------------------------------------------------------- the JSON form

CASE_ONE_JSON = {
    "trump": "C",
    "leader": "B",
    "hands": {
        "A": ["9C", "JC", "AH", "KH", "8S"],
        "B": ["AC", "QH", "8H", "JD", "TS"],
        "C": ["7D", "8D", "TD", "QS", "TH"],
        "D": ["KC", "TC", "AS", "9S", "9H"],
    },
    "makers": "AC",
    "alone": None,
    "tricks_won": {"AC": 0, "BD": 0},
    "rules": "somerset1888",
}


def test_json_form():
    out = solve_position_json(CASE_ONE_JSON)
    assert set(out) == {"maker_tricks", "moves", "nodes", "ms"}
    assert out["moves"] == solve(position_from_json(CASE_ONE_JSON)).moves
    assert set(out["moves"]) == {"AC", "QH", "8H", "JD", "TS"}
    json.dumps(out)


def test_json_mid_trick_matches_the_engine():
    obj = dict(
        CASE_ONE_JSON,
        hands={
            "A": ["9C", "JC", "AH", "KH", "8S"],
            "B": ["AC", "QH", "8H", "TS"],
            "C": ["8D", "TD", "QS", "TH"],
            "D": ["KC", "AS", "9S", "9H"],
        },
        trick=[["B", "JD"], ["C", "7D"], ["D", "TC"]],
    )
    assert solve_position_json(obj)["moves"] == {"8S": 4, "JC": 2, "9C": 2, "AH": 2, "KH": 2}


def test_json_lone_hand_two_and_three_handed():
    lone = {
        "trump": "H",
        "leader": "B",
        "makers": "AC",
        "alone": "A",
        "tricks_won": {"AC": 2, "BD": 0},
        "hands": {"A": ["JH", "JD", "AS"], "B": ["7H", "KS", "QC"], "D": ["AH", "8S", "9C"]},
    }
    out = solve_position_json(lone)
    d = position_from_json(lone)
    assert d.alone == 0 and out["moves"] == plain_values(d)
    two = {
        "trump": "S",
        "leader": "A",
        "makers": "B",
        "rules": "hoyle2",
        "tricks_won": {"A": 1, "B": 1},
        "hands": {"A": ["JS", "AH", "9D"], "B": ["JC", "KH", "TD"]},
    }
    d = position_from_json(two)
    assert solve_position_json(two)["moves"] == plain_values(d)
    three = {
        "trump": "D",
        "leader": "C",
        "makers": "A",
        "rules": "hoyle3",
        "hands": {"A": ["JD", "AD", "KC"], "B": ["QD", "AC", "7S"], "C": ["TD", "9H", "AS"]},
        "tricks_won": {"A": 1, "B": 1, "C": 0},
    }
    d = position_from_json(three)
    out = solve_position_json(three)
    assert out["moves"] == plain_values(d)
    assert out["maker_tricks"] == min(out["moves"].values())


@pytest.mark.parametrize(
    "change,field",
    [
        ({"hands": dict(CASE_ONE_JSON["hands"], A=["XX", "JC", "AH", "KH", "8S"])}, "hands"),  # unknown card
        ({"hands": dict(CASE_ONE_JSON["hands"], A=["AC", "JC", "AH", "KH", "8S"])}, "hands"),  # card twice
        ({"hands": dict(CASE_ONE_JSON["hands"], A=["JC", "AH", "KH", "8S"])}, "hands"),  # unequal sizes
        ({"hands": dict(CASE_ONE_JSON["hands"], E=["7C"])}, "hands"),  # unknown seat
        ({"leader": "E"}, "leader"),
        ({"makers": "AB"}, "makers"),
        ({"trump": "X"}, "trump"),
        ({"rules": "nosuch"}, "rules"),
        ({"alone": "B"}, "alone"),
        ({"tricks_won": {"AC": 1, "BD": 0}}, "tricks_won"),
        (
            {
                "hands": {
                    "A": ["9C", "JC", "AH", "KH", "8S"],
                    "B": ["AC", "QH", "8H", "TS"],
                    "C": ["8D", "TD", "QS", "TH"],
                    "D": ["KC", "AS", "9S", "9H"],
                },
                "trick": [["C", "7D"], ["B", "JD"], ["D", "TC"]],
            },
            "trick",
        ),  # out of turn
    ],
)
def test_bad_input_names_the_field(change, field):
    with pytest.raises(InputError) as e:
        solve_position_json(dict(CASE_ONE_JSON, **change))
    assert e.value.field == field or e.value.field.startswith((field + ".", field + "["))  # the path of the value


@pytest.mark.parametrize("missing", ["trump", "leader", "hands", "makers"])
def test_missing_field_is_named(missing):
    obj = {k: v for k, v in CASE_ONE_JSON.items() if k != missing}
    with pytest.raises(InputError) as e:
        solve_position_json(obj)
    assert e.value.field == missing


def test_main_solve_prints_json_and_text(tmp_path, capsys):
    f = tmp_path / "pos.json"
    f.write_text(json.dumps(CASE_ONE_JSON))
    assert main_solve(str(f), True) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["moves"] == solve_position_json(CASE_ONE_JSON)["moves"]
    assert main_solve(str(f), False) == 0
    text = capsys.readouterr().out
    assert "AC" in text and "B to play" in text
    with pytest.raises(InputError):
        main_solve(str(tmp_path / "missing.json"), True)


def test_layout_orders_cards_as_the_engine_does():
    """The solver's renumbering: a card beats another exactly when the engine says so."""
    from euchre_core.kernel.tables import EFFECTIVE_SUIT, PLAY_KEY
    from euchre_core.search.solver import LAYOUTS

    for trump in range(4):
        bit_of, card_of, suit_of_len, trump_mask = LAYOUTS[trump]
        assert all(card_of[bit_of[c]] == c for c in range(33))
        for led_card in range(33):
            led = EFFECTIVE_SUIT[trump][led_card]
            led_mask = suit_of_len[bit_of[led_card].bit_length()]
            for a in range(33):
                for b in range(33):
                    if a == b:
                        continue
                    ka, kb = PLAY_KEY[trump][led][a], PLAY_KEY[trump][led][b]
                    if ka == 0 and kb == 0:
                        continue  # neither can win: order does not matter
                    ba, bb = bit_of[a], bit_of[b]
                    a_can = bool(ba & (led_mask | trump_mask))
                    b_can = bool(bb & (led_mask | trump_mask))
                    assert a_can == (ka > 0) and b_can == (kb > 0)
                    assert (ka > kb) == ((ba > bb and a_can) or not b_can)
