"""The penalty sandbox's Python side (the browser widget only draws what these return)."""

from __future__ import annotations

import json
import re

import pytest
from test_law_director import REST

from euchre_core.app import sandbox
from euchre_core.kernel.errors import InputError
from euchre_core.laws.dealing import DealingProcedure

PLAY_OUT = REST  # Case I's line after the bidding: A-C take four tricks


def run(law, events):
    v = sandbox.start(law)
    for e in events:
        v = sandbox.act(law, v["events"], e)
        assert v["error"] is None, (e, v["error"])
    return v


@pytest.mark.parametrize("law", sorted(sandbox.scenarios()))
def test_every_ready_scenario_starts(law):
    v = sandbox.start(law)
    assert v["law"] == law and v["hands"] and v["rulings"] is not None


def test_law_52_sandbox_call_the_card_enforced_and_scored():
    v = run(52, ["BD: choose call-card"])
    assert v["requirements"] == ["C must play the 7 of diamonds at the first lawful opportunity"]
    bad = sandbox.act(52, v["events"] + ["B: play JD"], "C: play 8D")  # not the called card
    assert bad["rulings"][-1]["laws"] == [56]  # the call stands (Law 56)
    v = run(52, ["BD: choose call-card"] + PLAY_OUT)
    assert v["score"]["points"] == {"AC": 1, "BD": 0} and not v["revokes"]


def test_law_52_sandbox_call_a_suit_enforced_and_scored():
    v = run(52, ["BD: choose call-suit H"] + PLAY_OUT[:8])
    assert v["actor"] == "A" and v["requirements"][0] == "C or his partner must lead hearts"
    wrong = sandbox.act(52, v["events"], "A: play JC")
    assert wrong["rulings"][-1]["laws"] == [54]
    rest = [
        "A: play KH",
        "B: play 8H",
        "C: play TH",
        "D: play 9H",
        "A: play JC",
        "B: play AC",
        "C: play 8D",
        "D: play KC",
        "A: play AH",
        "B: play QH",
        "C: play TD",
        "D: play 9S",
    ]
    v = run(52, ["BD: choose call-suit H"] + PLAY_OUT[:8] + rest)
    assert v["score"]["points"] == {"AC": 1, "BD": 0}


def test_refused_event_comes_back_as_an_error_and_changes_nothing():
    v = sandbox.start(52)
    out = sandbox.act(52, v["events"], "AC: choose call-card")
    assert out["error"]["laws"] == [85] and out["events"] == v["events"]


def test_custom_deal_from_a_seed():
    v = sandbox.custom(seed=3)
    assert v["regular"] and v["actor"] == "B" and set(v["hands"]) == {"A", "B", "C", "D"}
    nxt = sandbox.act(None, v["events"], v["regular"][0], base=v["base"])
    assert nxt["events"] == [v["regular"][0]]


# ---------------------------------------------------------------- the table sandbox's acts (Laws 10, 15–21)
TABLE_LAWS = sorted(sandbox.table_scenarios())


def _all_acts(v):
    """Every act the view offers, a choice inside a grouped act included, with where it was offered."""
    out = []
    for p in v["acts"]["people"]:
        for a in p["acts"]:
            out += [(p["name"], c) for c in a.get("choices", [a])]
    for t in v["acts"]["tables"]:
        for a in t["acts"]:
            out += [(t["table"], c) for c in a.get("choices", [a])]
    return out


@pytest.mark.parametrize("law", TABLE_LAWS)
def test_every_act_offered_is_allowed_by_the_engine(law):
    """The page offers nothing the laws refuse: each act's op, sent back, is applied without error."""
    v = sandbox.table_start(law)
    acts = _all_acts(v)
    assert acts
    for where, act in acts:
        out = sandbox.table_act(law, v["ops"], act["op"])
        assert out["error"] is None, (where, act, out["error"])
        assert out["ops"] == v["ops"] + [act["op"]]
        assert act["id"] in (
            "declare",
            "cut_into",
            "leave",
            "substitute",
            "expose",
            "end_rubber",
            "cut_out",
            "start_rubber",
            "break_up",
        )
        assert act["label"] and all(isinstance(n, int) for n in act["laws"])


def test_law_18_a_substitute_is_offered_during_the_rubber_only():
    v = sandbox.table_start(18)
    ames = next(p for p in v["acts"]["people"] if p["name"] == "Ames")
    assert [a["id"] for a in ames["acts"]] == ["substitute"]  # during the rubber he cannot leave (Law 18)
    zane = next(c for c in ames["acts"][0]["choices"] if c["op"]["substitute"] == "Zane")
    assert zane["laws"] == [18]
    v = sandbox.table_act(18, v["ops"], zane["op"])
    names = [p["name"] for p in v["acts"]["people"]]
    assert "Zane" in names and next(p for p in v["acts"]["people"] if p["name"] == "Ames")["where"] == "away"
    v = sandbox.table_act(18, v["ops"], {"op": "end_rubber", "table": "T1"})
    ames = next(p for p in v["acts"]["people"] if p["name"] == "Ames")
    assert "substitute" not in [a["id"] for a in ames["acts"]] and "leave" in [a["id"] for a in ames["acts"]]


def test_law_16_no_declaration_is_offered_once_a_card_is_cut():
    """After the cut-out by cutting (a card cut), a newcomer cannot declare at T1: no such act offered."""
    v = sandbox.table_start(16)
    assert v["error"]["laws"] == [16]
    newcomers = [p for p in v["acts"]["people"] if p["where"] == "newcomer"]
    assert newcomers and all(not p["acts"] for p in newcomers)
    # after the next rubber ends, the table is full (six belong to it, Law 12): still nothing; one of the
    # candidates waiting leaves: a newcomer may declare, in time
    v = sandbox.table_act(16, v["ops"], {"op": "start_rubber", "table": "T1"})
    v = sandbox.table_act(16, v["ops"], {"op": "end_rubber", "table": "T1"})
    gray = next(p for p in v["acts"]["people"] if p["name"] == "Gray")
    assert gray["acts"] == []
    v = sandbox.table_act(16, v["ops"], {"op": "leave", "table": "T1", "name": v["tables"][0]["waiting"][0]})
    gray = next(p for p in v["acts"]["people"] if p["name"] == "Gray")
    assert [(a["id"], a["laws"]) for a in gray["acts"]] == [("declare", [16])]


def test_law_10_the_book_s_next_step_follows_the_scenario():
    v = sandbox.table_start(10)
    then = sandbox.table_scenarios()[10]["then"]
    for op in then:
        assert v["next_step"]["op"] == op
        v = sandbox.table_act(10, v["ops"], op)
        assert v["error"] is None
    assert v["next_step"] is None  # the scenario's steps are done
    void = [d for t in v["tables"] for c in t["cuts"] for d in c["draws"] if d["void"]]
    assert [d["name"] for d in void] == ["Bell", "Cole"]  # Law 10: each cut again
    assert all(d["card"] in v["cards"] for t in v["tables"] for c in t["cuts"] for d in c["draws"])
    # off the book's line: no next step
    v = sandbox.table_start(15)
    v = sandbox.table_act(15, v["ops"], {"op": "leave", "table": "T1", "name": "Ames"})
    assert v["error"] is None and v["next_step"] is None


def test_law_15_the_cut_out_shows_high_and_low():
    v = sandbox.table_start(15)
    assert v["last_act"] == "Cut out at T1"
    cut = v["tables"][0]["cuts"][-1]
    assert cut["purpose"] == "cutting out" and 15 in cut["laws"]
    assert len(cut["low"]) == 1 and cut["low"][0] in v["tables"][0]["waiting"]
    assert set(cut["high"]) | set(cut["low"]) == {d["name"] for d in cut["draws"]}
    assert v["cards"]["TS"] == ["10♠", "10 of spades", "black"]


def test_law_17_open_a_table_offers_the_people_present():
    v = sandbox.table_start(17)
    (club,) = v["acts"]["club"]
    assert club["id"] == "open_table" and club["table"] == "T3" and club["laws"] == [17]
    playing = {p["name"] for t in v["tables"] if t["phase"] == "playing" for p in t["players"]}
    assert playing.isdisjoint(club["candidates"]) and len(club["candidates"]) >= 4
    out = sandbox.table_act(17, v["ops"], dict(club["op"], candidates=club["candidates"][:4]))
    assert out["error"] is None and "T3" in [t["name"] for t in out["tables"]]
    few = sandbox.table_act(17, v["ops"], dict(club["op"], candidates=club["candidates"][:3]))
    assert few["error"]["laws"] == [11] and few["ops"] == v["ops"]  # four are needed


def test_table_act_an_unknown_person_is_refused_naming_the_field():
    v = sandbox.table_start(15)
    for op, field in [
        ({"op": "leave", "table": "T1", "name": "Nobody"}, "name"),
        ({"op": "break_up", "table": "T1", "breaker": "Nobody", "into": "T1"}, "breaker"),
        ({"op": "end_rubber", "table": "T9"}, "table"),
    ]:
        out = sandbox.table_act(15, v["ops"], op)
        assert out["error"]["field"] == field, (op, out["error"])
        assert out["ops"] == v["ops"] and out["tables"] == v["tables"]  # state unchanged


def test_table_act_a_tampered_ops_list_is_refused_naming_the_op():
    from euchre_core.app.web import call
    from euchre_core.kernel.errors import InputError

    v = sandbox.table_start(15)
    tampered = list(v["ops"])
    tampered[1] = {"op": "leave", "table": "T1", "name": "Nobody"}
    with pytest.raises(InputError) as e:
        sandbox.table_act(15, tampered, {"op": "end_rubber", "table": "T1"})
    assert e.value.field == "ops[1]" and "Nobody" in str(e.value)
    out = json.loads(call("euchre_core.app.sandbox.table_act", {"law": 15, "ops": tampered, "op": {"op": "cut_out"}}))
    assert out["ok"] is False and out["error"]["field"] == "ops[1]"
    refused = list(v["ops"]) + [{"op": "cut_out", "table": "T1"}]  # allowed by no law there: a cut-out twice
    with pytest.raises(InputError) as e:
        sandbox.table_act(15, refused, {"op": "end_rubber", "table": "T1"})
    assert e.value.field == "ops[3]" and "law" in str(e.value).lower()


def test_the_table_sandbox_club_is_bounded():
    """The acts offered are tried on the engine: the club holds six tables at most (a clear error past it)."""
    ops = [
        {"op": "form", "table": f"X{i}", "candidates": [f"P{i}{j}" for j in range(4)], "seed": i}
        for i in range(sandbox.MAX_TABLES)
    ]
    v = sandbox.table_act(15, ops[:-1], ops[-1])
    assert v["error"] is None and len(v["tables"]) == sandbox.MAX_TABLES
    assert v["acts"]["club"] == []  # no seventh table offered
    out = sandbox.table_act(15, v["ops"], {"op": "form", "table": "X9", "candidates": ["a", "b", "c", "d"]})
    assert out["error"]["field"] == "table" and out["ops"] == v["ops"]


# ---------------------------------------------------------------- the dealing sandbox (Laws 22-45, 72-73)
def test_law_44_dealing_view_draws_the_pack_the_cut_and_the_packets():
    v = sandbox.dealing_start(44)
    assert v["pack"] == {"count": 26, "size": 32, "shuffled": ["C", "A"], "cut": {"by": "D", "lifted": 10, "left": 22}}
    assert v["packets"] == [["B", 2], ["C", 4]] and {len(h) for h in v["hands"].values()} == {0, 2, 4}
    assert all(c in v["cards"] for h in v["hands"].values() for c in h)  # every dealt card can be drawn
    assert v["log"][3:] == [
        "A gives a packet of 2",
        "B questions the score and fails to prove it",
        "A gives a packet of 4",
    ]
    # the election blocks every other act (Law 85 first): no seat has a usable act, the options are words
    assert all(acts == [] for acts in v["acts"].values())
    assert [w["label"] for w in v["pending"]["words"]] == ["A deals again", "The deal passes to B"]
    assert [w["event"] for w in v["pending"]["words"]] == v["pending"]["choices"]
    assert v["next"] == {"event": "AC: choose deal-again", "label": "A elects: A deals again"}  # law 44: the dealer


def test_law_44_dealing_election_by_the_book_ends_in_a_new_deal_with_every_law():
    v = sandbox.dealing_start(44)
    v = sandbox.dealing_act(44, v["events"], v["next"]["event"])
    assert v["error"] is None and v["outcome"]["kind"] == "new-deal"
    assert v["outcome_words"] == "A new deal: A deals again"
    assert v["laws_applied"] == [41, 42, 44] and v["next"] is None and v["pending"] is None
    assert all(acts == [] for acts in v["acts"].values())  # the dealing is over: nothing is usable


def test_law_29_dealing_acts_are_what_the_fold_accepts():
    """Every act offered is taken by the fold; the cut is offered to the player on the dealer's right only,
    as a small choice of sizes (Law 29: fewer than four cards is a false cut)."""
    state = DealingProcedure.start("A", seed=30).replay(["C: shuffle", "A: shuffle"])
    acts = sandbox.dealing_acts(state)
    for offered in acts.values():
        for a in offered:
            state.act(a["event"])  # raises if the engine refuses it
    cuts = {seat: [a for a in offered if a.get("group") == "Cut, lifting"] for seat, offered in acts.items()}
    assert [seat for seat, c in cuts.items() if c] == ["D"]
    two = next(a for a in cuts["D"] if a["event"] == "D: cut 2")
    ten = next(a for a in cuts["D"] if a["event"] == "D: cut 10")
    assert two["ruled"] and not ten["ruled"]  # a false cut draws a ruling; a fair one does not
    assert not any(a["event"].endswith("shuffle") for a in acts["A"] + acts["C"])  # each shuffles once (Law 24)
    assert all(a["label"] and ":" not in a["label"] for offered in acts.values() for a in offered)  # words, not events


def test_law_24_refused_shuffle_is_not_offered():
    v = sandbox.dealing_start(24)
    assert v["error"]["laws"] == [24]
    assert not any(a["event"] == "B: shuffle" for a in v["acts"]["B"])
    assert v["next"]["event"] == "A: shuffle" and any(a["event"] == "A: shuffle" for a in v["acts"]["A"])


def test_dealing_next_step_follows_the_book_and_stops_when_the_reader_leaves_it():
    v = sandbox.dealing_start(30)
    assert v["next"]["label"] == "A deals every packet: two, then three"
    v = sandbox.dealing_act(30, v["events"], v["next"]["event"])
    assert v["next"]["event"] == "A: turn"
    v = sandbox.dealing_act(30, v["events"], "A: turn")
    assert v["outcome"]["kind"] == "deal-stands" and v["next"] is None and v["cards"][v["turn_up"]]
    off = sandbox.dealing_act(30, sandbox.dealing_start(30)["events"], "A: deal 3-2")
    assert off["error"] is None and off["next"] is None  # off the book's line: no next step


def test_dealing_unknown_act_is_a_clear_error_and_changes_nothing():
    v = sandbox.dealing_start(30)
    out = sandbox.dealing_act(30, v["events"], "A: fly away")
    assert out["error"]["field"] == "event" and "fly" in out["error"]["message"]
    assert out["events"] == v["events"] and out["pack"] == v["pack"] and out["acts"] == v["acts"]


def test_dealing_tampered_events_name_the_event_at_fault():
    v = sandbox.dealing_start(44)
    tampered = v["events"][:2] + ["B: cut 10"] + v["events"][3:]  # B is not on the dealer's right (Law 29)
    with pytest.raises(InputError) as e:
        sandbox.dealing_act(44, tampered, "AC: choose deal-again")
    assert e.value.field == "events[2]" and "law 29" in str(e.value)
    with pytest.raises(InputError) as e:
        sandbox.dealing_act(44, v["events"] + [7], "AC: choose deal-again")
    assert e.value.field == "events[6]"
    with pytest.raises(InputError) as e:
        sandbox.dealing_act(44, "C: shuffle", "AC: choose deal-again")
    assert e.value.field == "events"


CARD_CODE = re.compile(r"\b[789TJQKA][CDHS]\b")
EVENT_SYNTAX = re.compile(r"^(?:[A-D]|AC|BD): [a-z]")


@pytest.mark.parametrize("law", sorted(sandbox.dealing_scenarios()))
def test_dealing_words_along_the_books_line_have_no_raw_ids_or_card_codes(law):
    """Every label the dealing sandbox draws (the acts, the log, the next step, the election's options,
    the outcome) is words: no event syntax, no option id, no card code."""
    v = sandbox.dealing_start(law)
    ids = {o.id for r in DealingProcedure.start("A").replay([]).rulings for o in r.options}
    for _ in range(20):
        words = [a["label"] for acts in v["acts"].values() for a in acts]
        words += v["log"] + ([v["next"]["label"]] if v["next"] else [])
        words += [w["label"] for w in (v["pending"] or {}).get("words", [])]
        words += [v["outcome_words"] or "", v["outcome_text"] or ""]
        ids |= {o["id"] for r in v["rulings"] for o in r["options"]}
        for w in words:
            assert not EVENT_SYNTAX.match(w) and not CARD_CODE.search(w), (law, w)
            assert not any(re.search(rf"(?<![\w-]){re.escape(i)}(?![\w-])", w) for i in ids if "-" in i), (law, w)
        if not v["next"]:
            break
        v = sandbox.dealing_act(law, v["events"], v["next"]["event"])
        assert v["error"] is None


def test_law_35_the_exposed_card_is_drawn_face_up_in_the_hand_it_lies_in():
    v = sandbox.dealing_start(35)
    assert (
        v["exposed"] == [{"card": "TC", "by": "A"}] and "TC" in v["hands"]["B"] and v["cards"]["TC"][1] == "10 of clubs"
    )


def test_law_27_a_card_seen_in_the_shuffle_is_shown_until_the_next_shuffle():
    v = sandbox.dealing_start(27)
    assert v["seen"] == [{"card": "7S", "what": "seen"}] and v["cards"]["7S"][1] == "7 of spades"
    v = sandbox.dealing_act(27, v["events"], "BD: choose reshuffle")
    assert v["seen"] == [{"card": "7S", "what": "seen"}]
    v = sandbox.dealing_act(27, v["events"], "A: shuffle")
    assert v["seen"] == []


def test_law_64_the_completed_trick_lies_until_quitted_and_a_claim_before_says_why() -> None:
    """Law 64: the sandbox shows the completed trick until it is turned and quitted; a claim before
    that finds nothing established and says why (the reader's own deal once ruled "none" silently)."""
    sc = sandbox._scenario(64)
    events = [e for e in sc["events"] if e not in ("quit", "BD: claim revoke")]
    v = sandbox.act(64, events[:-1], events[-1])
    assert v["quit_due"] is True and len(v["tricks"]) == 1 and len(v["tricks"][0]["cards"]) == 4
    early = sandbox.act(64, events, "BD: claim revoke")["rulings"][-1]
    assert (
        early["laws"] == [64, 65, 66] and "not established" in early["text"] and "turned and quitted" in early["text"]
    )
    quitted = sandbox.act(64, events, "quit")
    assert quitted["quit_due"] is False and quitted["revokes"][0]["established"]
    assert 63 in sandbox.act(64, events + ["quit"], "BD: claim revoke")["rulings"][-1]["laws"]


# ---------------------------------------------------------------- the bounds of the lists (issue 37)


def _refused_at_the_bound(out: dict, key: str, before: list, most: int) -> None:
    assert out["error"]["field"] == key and f"{most:,}" in out["error"]["message"], out["error"]
    assert out[key] == before and len(out[key]) == most  # the state as it was: the next call still works


def test_the_5001st_event_is_refused_when_offered_and_the_sandboxes_go_on():
    """The `log` limit (5,000 events): the penalty and dealing sandboxes refuse the event
    offered after it, naming the field and the limit, and send the events back as they were (before,
    the 5,001st was kept and every later call was refused until a reset)."""
    from euchre_core.kernel import decode

    most = decode.MAX_LOG
    v = sandbox.dealing_start(35)
    events = v["events"] + ["C: touch"] * (most - len(v["events"]))
    out = sandbox.dealing_act(35, events, "C: touch")
    _refused_at_the_bound(out, "events", events, most)
    again = sandbox.dealing_act(35, out["events"], "BD: choose new-deal")  # a later call still works
    assert again["error"] is not None and again["events"] == events
    assert sandbox.dealing_act(35, events[:-1], "C: touch")["events"] == events  # the 5,000th is kept

    v = sandbox.start(52)
    events = v["events"] + ["B: ask"] * (most - len(v["events"]))
    out = sandbox.act(52, events, "B: ask")
    _refused_at_the_bound(out, "events", events, most)
    assert sandbox.act(52, out["events"][:-1], "B: ask")["events"] == events


def test_the_201st_op_of_the_table_sandbox_is_refused_when_offered():
    """The `sandbox_ops` limit (200 ops), likewise."""
    most = sandbox.MAX_OPS
    v = sandbox.table_start(15)
    cycle = [{"op": op, "table": "T1"} for op in ("start_rubber", "end_rubber", "cut_out")]
    ops = list(v["ops"])
    while len(ops) < most:
        ops.append(cycle[(len(ops) - len(v["ops"])) % 3])
    out = sandbox.table_act(15, ops, cycle[(len(ops) - len(v["ops"])) % 3])
    _refused_at_the_bound(out, "ops", ops, most)
    assert sandbox.table_act(15, ops[:-1], ops[-1])["ops"] == ops  # the 200th is kept
