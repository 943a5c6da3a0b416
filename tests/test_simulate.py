"""The hints put to the test (euchre_core/search/simulate.py, euchre_core/data/hint_tests.json,
build_scripts/hint_sims.py and the committed cache content/cache/hint_sims.json)."""

from __future__ import annotations

import json
import random

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from build_scripts import hint_sims
from euchre_core.kernel.cards import Card
from euchre_core.kernel.errors import InputError
from euchre_core.kernel.tables import EFFECTIVE_SUIT
from euchre_core.search import simulate

SPECS = simulate.load_specs()
IDS = [s["id"] for s in SPECS]


def test_the_committed_cache_is_current() -> None:
    assert hint_sims.stale_specs() == [], "run: PYTHONPATH=. python -m build_scripts.hint_sims --processes 2"
    assert hint_sims.game_model_current(), "run: PYTHONPATH=. python -m build_scripts.hint_sims"


def test_a_changed_spec_makes_its_entry_stale() -> None:
    samples, seed, batch = hint_sims.build_settings()
    spec = dict(SPECS[0])
    cached = json.loads(hint_sims.CACHE.read_text(encoding="utf-8"))["results"][spec["id"]]["hash"]
    assert simulate.spec_hash(spec, samples, seed, batch=batch) == cached
    assert simulate.spec_hash(dict(spec, hand=["R", "L", "x", "x", "x"]), samples, seed, batch=batch) != cached
    assert simulate.spec_hash(spec, samples, seed + 1, batch=batch) != cached
    assert simulate.spec_hash(spec, samples + 1, seed, batch=batch) != cached
    assert simulate.spec_hash(spec, samples, seed, batch=batch + 1) != cached


def test_the_cached_results_are_what_simulate_hint_returns() -> None:
    samples, seed, batch = hint_sims.build_settings()
    cache = json.loads(hint_sims.CACHE.read_text(encoding="utf-8"))["results"]
    spec_id = "second-13"  # a quick one: one solve per layout
    assert (
        simulate.simulate_hint(spec_id, samples=samples, seed=seed, batch=batch, work=simulate.BUILD_WORK)
        == cache[spec_id]["result"]
    )


def test_simulate_hint_is_reproducible_with_a_seed() -> None:
    a = simulate.simulate_hint("dealer-18-king", samples=40, seed=7)
    assert simulate.simulate_hint("dealer-18-king", samples=40, seed=7) == a
    assert simulate.simulate_hint({"base": "dealer-18-king"}, samples=40, seed=7) == a
    assert simulate.simulate_hint("dealer-18-king", samples=40, seed=8) != a


def test_every_spec_names_a_hint_of_the_book_or_of_hoyle() -> None:
    with open(hint_sims.REPO_ROOT / "content" / "hints.yaml", encoding="utf-8") as fh:
        hints = {h["id"] for p in yaml.safe_load(fh)["positions"] for h in p["hints"]}
    with open(hint_sims.REPO_ROOT / "content" / "codes" / "hoyle.yaml", encoding="utf-8") as fh:
        hoyle = yaml.safe_load(fh)
    paragraphs = {
        hint_sims.key_of_paragraph(ch["id"], i) for ch in hoyle["chapters"] for i in range(len(ch["paragraphs"]))
    }
    assert len(IDS) == len(set(IDS))
    for spec in SPECS:
        assert spec["hint"] in hints | paragraphs, spec["id"]
        assert spec.get("label"), spec["id"]


@pytest.mark.parametrize("spec_id", IDS)
def test_every_spec_runs(spec_id: str) -> None:
    r = simulate.simulate_hint(spec_id, samples=3, seed=1)
    assert r["options"][0]["option"] == r["advised"]
    assert r["double_dummy"] is True
    assert all(len(o["win"]) == len(r["scores"]) for o in r["options"])


@settings(max_examples=25, deadline=None)
@given(spec_index=st.integers(0, len(SPECS) - 1), seed=st.integers(0, 10_000))
def test_every_layout_is_consistent_with_what_the_player_knows(spec_index: int, seed: int) -> None:
    spec = SPECS[spec_index]
    sim = simulate._Sim(dict(spec))
    lay = sim.draw(random.Random(seed))
    hands = lay["hands"]
    cards = [c for h in hands for c in h]
    assert all(len(h) == 5 for h in hands) and len(set(cards)) == 20
    for i, tok in enumerate(spec["hand"]):  # the player's own cards, as the spec says
        c = lay["cards"][f"hand.{i}"]
        assert c in hands[sim.player]
        if len(tok) == 2 and tok[1] in "CDHS" and tok[0] in "789TJQKA":
            assert c == Card.parse(tok)
    t = sim.trump
    for i, tok in enumerate(spec["hand"]):
        c = lay["cards"][f"hand.{i}"]
        if tok in ("R", "L") or tok.endswith("t"):
            assert EFFECTIVE_SUIT[t][c] == t, (tok, c)
        elif tok in ("x", "a", "n") or tok[-1] in "123N":
            assert EFFECTIVE_SUIT[t][c] != t, (tok, c)
    if lay["turn_down"] is not None:
        assert lay["turn_down"] not in cards
    if spec["kind"] in ("lead", "play") and lay["turn_up"] is not None:
        assert lay["turn_up"] in hands[0]  # the dealer took it up
    if spec["kind"] == "bid":
        assert lay["turn_up"] not in cards
        assert lay["turn_up"] >> 3 == t
        for s in simulate.ROUND1[: simulate.ROUND1.index(sim.player)]:
            assert not simulate._round1_bid(s, hands, lay["turn_up"])  # they passed


def test_bad_specs_are_refused_with_the_field() -> None:
    with pytest.raises(InputError) as e:
        simulate.simulate_hint({"base": "second-3", "hand": ["R", "st", "x", "x", "Zq"]}, samples=2)
    assert e.value.field == "hand"
    with pytest.raises(InputError) as e:
        simulate.simulate_hint("second-3", samples=0)
    assert e.value.field == "samples"
    with pytest.raises(InputError) as e:
        simulate.simulate_hint("no-such-hint", samples=2)
    assert e.value.field == "spec_or_id"
    with pytest.raises(InputError) as e:
        simulate.simulate_hint({"base": "second-13", "advised": "QQ"}, samples=2)
    assert e.value.field == "advised"


def test_the_readers_own_holding_through_the_widgets_entry_point() -> None:
    from euchre_core.app.web import call

    out = json.loads(
        call(
            "euchre_core.app.hint_words.hint_rerun",
            {"spec_or_id": {"base": "second-3", "hand": ["JC", "7C", "AH", "8D", "9S"]}, "samples": 10, "seed": 2},
        )
    )
    assert out["ok"], out
    assert out["result"]["samples"] == 10 and out["result"]["advised"] == "bid"
    bad = json.loads(call("euchre_core.app.hint_words.hint_rerun", {"spec_or_id": "second-3", "samples": -1}))
    assert not bad["ok"] and bad["error"]["field"] == "samples"


def test_win_probability_is_sane() -> None:
    w = simulate.win_probability(simulate.stored_game_model() or simulate.game_model(200, 1))
    assert w[(4, 0, True)] > w[(0, 0, True)] > w[(0, 4, True)]
    assert all(0.0 <= v <= 1.0 for v in w.values())
    sym = simulate.win_probability({"outcomes": [[1, 0, 0.4], [0, 1, 0.4], [0, 0, 0.2]]})
    assert abs(sym[(2, 2, True)] - 0.5) < 1e-6


def test_the_dealers_rule_discards_the_lowest_card_of_a_short_suit() -> None:
    six = [Card.parse(c) for c in ("JC", "QC", "9C", "AH", "7H", "KD")]
    assert str(Card(simulate.rule_discard(six, 0))) == "KD"  # the book's example: the outside king


def test_the_hint_pages_show_the_tables() -> None:
    from build_scripts import site

    builder = site.Builder()
    pages = builder.hint_pages()
    second = pages["hints/second.md"]
    assert 'id="test-second-3"' in second and "Double dummy" in second
    assert "right and a small one" in second
    dealer = pages["hints/dealer.md"]
    assert 'id="test-dealer-18"' in dealer
    hoyle = builder.code_pages()["codes/hoyle.md"]
    assert "data-spec='hoyle-discarding-king'" in hoyle


@pytest.mark.parametrize(
    ("extra", "field"),
    [
        ({"turn_up": "ZZ"}, "turn_up"),  # not a card: the turn-up is named, not the hand
        ({"turn_up": "JC"}, "turn_up"),  # the turn-up is also in the hand
        ({"turn_up": "9C", "hand": ["R", "JC", "9S", "KS", "TS"]}, "hand"),  # R is the J♣ with clubs trumps
        ({"turn_up": "9C", "others": {"C": {"holds": ["Q?"]}}}, "others"),
        ({"turn_up": "9C", "others": {"C": {"holds": ["TC"]}}}, "others"),
    ],
)
def test_a_bad_card_in_a_spec_names_its_field(extra: dict[str, object], field: str) -> None:
    spec = {"kind": "bid", "seat": "B", "hand": ["JC", "TC", "9S", "KS", "TS"], "trump": "C", "advised": "pass"}
    spec.update(extra)
    with pytest.raises(InputError) as e:
        simulate.simulate_hint(spec, samples=10)
    assert e.value.field == field, e.value


def test_simulate_hint_is_bounded_by_its_work_not_only_its_draws(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 37: at the cap of 51,200 layouts a plain spec took minutes of CPU, well past what the bounds
    said: the draws were bounded, not the solver's work. A call's work (the solver's nodes, 40 a deal
    solved, 40 a layout drawn) is counted as it goes and bounded (MAX_WORK unless asked, up to
    BUILD_WORK): past it the call is refused, naming samples."""
    import time

    from euchre_core.kernel.errors import InputError
    from euchre_core.kernel.limits import limit

    assert simulate.MAX_WORK == limit("work") and simulate.MAX_WORK < simulate.BUILD_WORK
    t = time.process_time()
    with pytest.raises(InputError) as e:
        simulate.simulate_hint("eldest-3", samples=simulate.MAX_SAMPLES, seed=1, work=200_000)
    assert e.value.field == "samples" and "200,000 units of work" in str(e.value)
    assert time.process_time() - t < 10  # the work's bound, not 51,200 layouts
    # a rare spec: its draws are work too, stopped as they go (the probe turned off)
    monkeypatch.setattr(simulate, "PROBE_DRAWS", 10**9)
    with pytest.raises(InputError) as e:
        simulate.simulate_hint({"base": "second-3", "others": {"A": {"min_trumps": 4}}}, samples=2_000, work=40_000)
    assert e.value.field == "samples" and "units of work" in str(e.value)
    monkeypatch.undo()
    # within the bound, the figures are the same whatever the bound
    assert simulate.simulate_hint("second-13", samples=30, seed=3) == simulate.simulate_hint(
        "second-13", samples=30, seed=3, work=simulate.BUILD_WORK
    )
    for bad in (0, simulate.BUILD_WORK + 1, True, "1e9"):
        with pytest.raises(InputError) as e:
            simulate.simulate_hint("second-13", samples=3, work=bad)
        assert e.value.field == "work"
