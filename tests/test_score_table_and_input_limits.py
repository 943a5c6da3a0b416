"""The score (Law 5), the table of five (Law 19), scoring input, seeds, huge numbers and the work of
one hint simulation: the limits of what the laws and the engine accept.

Each test quotes the law it checks.
"""

from __future__ import annotations

import pytest

from euchre_core import SOMERSET_1888, IllegalAction, InputError
from euchre_core.kernel.deal import Deal
from euchre_core.laws.dealing import DealingProcedure
from euchre_core.laws.match import Match
from euchre_core.laws.scoring import Rubber

AC, BD = 0, 1

LAW_5 = "An error in the score can be rectified at any time before the trump card is turned in the next deal."


# ---------------------------------------------------------------- Law 5
def _dealt() -> DealingProcedure:
    return DealingProcedure.start("A", seed=1).replay(["C: shuffle", "A: shuffle", "D: cut 12", "A: deal 2-3"])


def test_law_5_a_score_error_established_after_the_next_trump_is_turned_is_not_rectified():
    # Law 5: "An error in the score can be rectified at any time before the trump card is turned in the next deal."
    before = _dealt().act("B: question score upheld")
    assert before.rulings[-1].laws == (5,) and before.rulings[-1].effects == ("the score is rectified",)
    turned = _dealt().act("A: turn")
    after = turned.act("B: question score upheld")
    r = after.rulings[-1]
    assert r.laws == (5,) and r.effects == ("the score stands",) and "rectified" not in r.effects[0]
    assert r.irregularity == "score questioned too late"
    assert turned.rulings == after.rulings[:-1]  # the state it was made from is unchanged


def _restored(rubber: Rubber) -> Match:
    """A match restored from a saved score: the score before the last hand is not kept."""
    return Match(SOMERSET_1888, 0, rubber, Deal.shuffled(0), 3)


def test_law_5_on_a_restored_match_the_correction_reopens_the_game_the_wrong_entry_completed():
    # Law 5: "An error in the score can be rectified at any time before the trump card is turned in the next deal."
    wrong = Rubber().record((4, 0)).record((1, 0))  # the point went to A C by mistake: a double game
    assert wrong.games[0].value == 2 and wrong.game == (0, 0)
    m = _restored(wrong)
    fixed = m.correct_score((4, 1))  # it was B D's point
    assert fixed.rubber.games == () and fixed.rubber.game == (4, 1)  # the game reopened, not the next one scored
    again = fixed.correct_score((5, 1))  # corrected again before the turn: a single game now
    assert again.rubber.games[0].value == 1 and again.rubber.game == (0, 0)
    assert m.rubber == wrong  # the match it was made from is unchanged


def test_law_5_on_a_restored_match_a_hand_scored_in_the_game_in_progress_is_corrected_there():
    # Law 5: "An error in the score can be rectified at any time before the trump card is turned in the next deal."
    saved = Rubber().record((4, 0)).record((2, 0)).record((0, 2))  # a game won with one lapped; then B D 2
    m = _restored(saved)
    fixed = m.correct_score((1, 1))
    assert len(fixed.rubber.games) == 1 and fixed.rubber.game == (1, 1)
    with pytest.raises(IllegalAction) as e:
        m.turn().correct_score((1, 1))
    assert e.value.laws == (5,)


def test_law_5_a_correction_with_a_huge_number_names_the_field():
    # Law 5: the corrected score is read like any score: a number beyond every score names the field
    m = _restored(Rubber(game=(0, 0)))
    with pytest.raises(InputError) as e:
        m.correct_score((0, 10**5000))
    assert e.value.field == "game" and len(str(e.value)) < 300


# ---------------------------------------------------------------- scoring input (Laws 2, 3, 4)
LAW_2 = (
    "... If the side making the trump takes three tricks, it scores one point; ... if it fails to take three "
    "tricks, it is euchred, and the adversaries score two points."
)


@pytest.mark.parametrize("points", [(1, 2), (2, 2), (1, 1), (4, 2)])
def test_law_2_a_deal_in_which_both_sides_score_is_refused_naming_the_points(points):
    # Law 2: the makers score, or "the adversaries score two points": one side on a deal
    r = Rubber(game=(1, 1))
    with pytest.raises(InputError) as e:
        r.record(points)
    assert e.value.field == "points" and r.game == (1, 1)
    assert Rubber(game=(1, 1)).record((0, 2), revoke=(3, 0)).game == (4, 3)  # Law 4: a revoke, given apart


# ---------------------------------------------------------------- seeds (docs/engine.md: 0 to 2**63 - 1)
@pytest.mark.parametrize(
    "seed", [-5, 2**80, 2**63, True, 1.5, "7", 10**5000], ids=["-5", "2**80", "2**63", "True", "1.5", "'7'", "huge"]
)
def test_dealing_procedure_refuses_the_seeds_the_engine_refuses(seed):
    with pytest.raises(InputError) as e:
        DealingProcedure.start("A", seed=seed)
    assert e.value.field == "seed"


@pytest.mark.parametrize("event", ["C: shuffle -5", "C: shuffle 9223372036854775808", "C: shuffle " + "9" * 5000])
def test_a_shuffle_seed_in_an_event_is_a_seed(event):
    p = DealingProcedure.start("A", seed=1)
    with pytest.raises(InputError) as e:
        p.act(event)
    assert e.value.field == "seed" and p.log == ()


def test_the_largest_seed_shuffles_and_replays():
    p = DealingProcedure.start("A", seed=2**63 - 1).replay(
        ["C: shuffle", "A: shuffle", "D: cut 12", "A: deal 2-3", "A: turn"]
    )
    assert DealingProcedure.from_record(p.to_record()) == p
    assert p.successor().seed == 0


# ---------------------------------------------------------------- huge numbers at the boundary
HUGE = "9" * 5000  # more than Python's 4,300 digits


def test_a_huge_number_in_json_names_its_field():
    from euchre_core.kernel import decode

    with pytest.raises(InputError) as e:
        decode.loads('{"a": [1, ' + HUGE + "]}", "kwargs")
    assert e.value.field == "a[1]" and "5000 digits" in str(e.value)
    assert decode.excerpt(10**5000) == "an integer of 5001 digits"


@pytest.mark.parametrize(
    "kwargs",
    ['{"case_id": "I", "step": ' + HUGE + "}", {"case_id": "I", "step": 10**5000}, {"case_id": HUGE, "step": 1}],
    ids=["json-text", "dict", "case-id"],
)
def test_web_call_a_huge_number_is_an_input_error_naming_the_field(kwargs):
    import json

    from euchre_core.app import web

    out = json.loads(web.call("euchre_core.app.web.case_step", kwargs))
    assert out["ok"] is False and out["error"]["type"] == "InputError"
    assert out["error"]["field"] in ("step", "kwargs.step", "case_id") and len(out["error"]["message"]) < 300


@pytest.mark.parametrize(
    "argv",
    [
        ["deal", "--seed", HUGE],
        ["play", "--seed", "-" + HUGE, "--random"],
        ["bench", "--games", HUGE],
        ["table", "A", "B", "C", "D", "--seed", HUGE],
    ],
)
def test_cli_a_huge_number_is_a_clean_error_naming_the_argument(argv, capsys):
    from euchre_core.app.cli import main

    with pytest.raises(SystemExit) as e:
        main(argv)
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert "--seed" in err or "--games" in err
    assert "digits" in err and "Traceback" not in err and len(err) < 400


def test_cli_a_huge_number_in_a_file_names_its_field(tmp_path, capsys):
    from euchre_core.app.cli import main

    f = tmp_path / "huge.json"
    f.write_text('{"seed": ' + HUGE + "}")
    assert main(["rule", str(f)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("euchre: seed: a number of 5000 digits") and len(err) < 400


@pytest.mark.parametrize(
    "make",
    [
        lambda: Rubber(game=(10**5000, 0)),
        lambda: Rubber().record((0, -(10**5000))),
        lambda: Rubber().record((1, 0), elder=10**5000),
        lambda: Match.new(dealer=10**5000),
        lambda: DealingProcedure.start(10**5000),
        lambda: DealingProcedure.start("A", seed=1).act("D: cut " + HUGE),
        lambda: DealingProcedure.start("A", seed=1).replay(["C: decline", "D: cut 10"]).act("A: give " + HUGE),
    ],
)
def test_huge_numbers_given_to_the_laws_are_input_errors(make):
    with pytest.raises(InputError) as e:
        make()
    assert e.value.field and len(str(e.value)) < 300


# ---------------------------------------------------------------- Law 19 at a table of five
LAW_19 = (
    "Should a player leave a full table after he has played but one of the two consecutive rubbers to which he is "
    "entitled, the candidate next in order for entrance to the table takes his place, but must go out at the end "
    "of one rubber, as his predecessor would have done."
)
FIVE = ["Ames", "Bell", "Cole", "Dunn", "Eddy"]


def test_law_19_at_a_table_of_five_nobody_is_entitled_to_two_rubbers():
    # Law 19: "Should a player leave a full table after he has played but one of the two consecutive rubbers to
    # which he is entitled ..." -- at five, one goes out after every rubber (Law 15): nobody is entitled to two
    from euchre_core.laws.entry import Roster

    t = Roster.form("one", FIVE, seed=2).end_rubber()
    leaver, nxt = t.players[0], t.waiting[0]
    assert t.rubbers_of(leaver) == 1 and not t.leaves_one_of_two(leaver)
    t2 = t.leave(leaver)
    assert nxt in t2.players and t2.rubbers_of(nxt) == 0 and t2.bound == ()  # a candidate admitted, not bound
    t3 = t2.start_rubber().end_rubber().declare("Gray").cut_out()
    assert nxt in t3.players  # after his first rubber he has played fewer than the others: he stays


def test_law_19_at_a_full_table_the_successor_inherits_the_count_and_goes_out_without_a_cut():
    # Law 19: "... the candidate next in order for entrance to the table takes his place, but must go out at the
    # end of one rubber, as his predecessor would have done."
    from euchre_core.laws.entry import Roster

    t = Roster.form("one", FIVE + ["Fox"], seed=19).end_rubber().cut_out().start_rubber().end_rubber()
    leaver = next(p for p in t.players if t.rubbers_of(p) == 1)
    nxt = t.waiting[0]
    assert t.leaves_one_of_two(leaver)
    t2 = t.leave(leaver)
    assert t2.rubbers_of(nxt) == 1 and t2.bound == ((nxt, t.rubbers),)
    t3 = t2.start_rubber().end_rubber()
    out = t3.cut_out()
    assert nxt not in out.players and out.cuts == t3.cuts  # out by Law 19, no card cut for him


def test_law_19_the_table_sandbox_shows_law_19_at_a_full_table_only():
    from euchre_core.app import sandbox

    v = sandbox.table_start(19)
    assert any(n["laws"] == [19] and "must go out at the end of one rubber" in n["text"] for n in v["notes"])


# ---------------------------------------------------------------- simulate_hint: the work of one call
def test_simulate_hint_refuses_at_once_a_spec_whose_first_draws_show_it_too_rare(monkeypatch):
    import json

    from euchre_core.app import web
    from euchre_core.search import simulate

    counted = []
    real = simulate._Draws.spend

    def spend(self):
        counted.append(1)
        real(self)

    monkeypatch.setattr(simulate._Draws, "spend", spend)
    spec = {"base": "second-3", "others": {"A": {"min_trumps": 5}}}  # four trumps left: none fits
    out = json.loads(web.call("euchre_core.app.hint_words.hint_rerun", {"spec_or_id": spec, "samples": 400}))
    assert out["ok"] is False and out["error"]["type"] == "InputError" and out["error"]["field"] == "others"
    assert f"of the first {simulate.PROBE_DRAWS:,} random layouts" in out["error"]["message"]
    # the work counted, not the time taken: the probe's draws, not 400 x 20,000
    assert len(counted) == simulate.PROBE_DRAWS


def test_simulate_hint_bounds_the_draws_of_the_whole_call(monkeypatch):
    from euchre_core.search import simulate

    monkeypatch.setattr(simulate, "MAX_DRAWS", 3_000)  # a small budget for the whole call
    monkeypatch.setattr(simulate, "PROBE_DRAWS", 10**9)  # no probe: the budget alone stops the call
    counted = []
    real = simulate._Draws.spend

    def spend(self):
        counted.append(1)
        real(self)

    monkeypatch.setattr(simulate._Draws, "spend", spend)
    with pytest.raises(InputError) as e:
        simulate.simulate_hint({"base": "second-3", "others": {"A": {"min_trumps": 4}}}, samples=2_000, seed=1)
    assert e.value.field == "samples" and "too rare for one call" in str(e.value)
    assert len(counted) == 3_001  # the whole call's draws, not each layout's


def test_simulate_hint_the_budget_leaves_the_cached_simulations_as_they_are():
    # each cached figure needs fewer draws than its call may make (the probe included): one of them re-run
    import json

    from build_scripts import hint_sims
    from euchre_core.search import simulate

    cap, seed, batch = hint_sims.build_settings()
    assert simulate._Draws(cap).limit == simulate.MAX_DRAWS
    cache = json.loads(hint_sims.CACHE.read_text(encoding="utf-8"))["results"]
    spec_id = "eldest-9-bowers"  # one of the rarer layouts (about one draw in 20 kept)
    assert (
        simulate.simulate_hint(spec_id, samples=cap, seed=seed, batch=batch, work=simulate.BUILD_WORK)
        == cache[spec_id]["result"]
    )


def test_a_huge_number_in_broken_json_is_still_an_input_error():
    from euchre_core.kernel import decode

    with pytest.raises(InputError) as e:
        decode.loads("[1, " + HUGE + " 2]", "FILE")
    assert e.value.field == "FILE" and "not JSON" in str(e.value)


@pytest.mark.parametrize(
    "make",
    [
        lambda: Match.new(seed=-5),
        lambda: Match.new(seed=2**80),
        lambda: __import__("euchre_core.laws.entry", fromlist=["Roster"]).Roster.form("t", list("abcd"), seed=-5),
        lambda: __import__("euchre_core.laws.entry", fromlist=["Club"]).Club(seed=2**80),
    ],
    ids=["match-neg", "match-2**80", "roster-neg", "club-2**80"],
)
def test_the_laws_refuse_the_seeds_the_engine_refuses(make):
    with pytest.raises(InputError) as e:
        make()
    assert e.value.field == "seed"


def test_huge_names_and_events_are_input_errors():
    from euchre_core.laws.entry import Roster

    with pytest.raises(InputError) as e:
        Roster.form("t", ["a", "b", "c", 10**5000])
    assert e.value.field == "candidates"
    with pytest.raises(InputError) as e:
        DealingProcedure.start("A", seed=1).replay(["C: decline", 10**5000])
    assert e.value.field == "event"
