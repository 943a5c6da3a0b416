"""Issue 35: the shuffle's, the cut's and the deal's rulings typed and told from every chair ("Who did it?"
on the deal's and the pack's situations), and a situation for every dispute the laws rule on (laws 22, 26,
32, 84, 92, 108-116, told with the guide's reading where the book sets no penalty)."""

from __future__ import annotations

import re

import pytest

from euchre_core.app import situations
from euchre_core.app.dealing_sandbox import dealing_scenarios
from euchre_core.app.ruling_voice import WHO, Seats, dealing_moment
from euchre_core.laws.dealing import DealingProcedure
from euchre_core.laws.rulings import Irregularity, Standing

CHAIRS = list(WHO)
DEALING = [sid for sid in situations.situations() if situations.situation(sid)["source"] == "dealing"]
PLAY = [sid for sid in situations.situations() if situations.situation(sid)["source"] == "play"]


def _fold(events: list[str], sc: dict[str, object]) -> DealingProcedure:
    return DealingProcedure.start(sc.get("dealer", "A"), seed=int(sc.get("seed", 0))).replay(events)  # type: ignore[arg-type]


def _every_dealing_ruling() -> list[tuple[int, object]]:
    out = []
    for law, sc in dealing_scenarios().items():
        events = list(sc["events"]) + list(sc.get("then") or [])
        for n in range(len(events) + 1):
            state = _fold(events[:n], sc)
            out += [(law, r) for r in state.rulings]
    return out


def test_every_ruling_of_the_dealing_is_typed() -> None:
    """A kind for every ruling, and a typed fact for every effect it states (the letters are the CLI's)."""
    for law, r in _every_dealing_ruling():
        assert isinstance(r.kind, Irregularity), (law, r.irregularity)  # type: ignore[attr-defined]
        assert len(r.facts) >= len(r.effects) or not r.effects, (law, r.irregularity, r.effects)  # type: ignore[attr-defined]


def test_the_dealing_branches_on_kinds_not_on_english() -> None:
    from pathlib import Path

    import euchre_core.laws.dealing as dealing

    for path in Path(dealing.__file__).parent.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "irregularity ==" not in text and "irregularity in" not in text, path.name


def test_the_deals_situations_have_a_chair_picker_and_speak_from_it() -> None:
    """Every situation of the deal and the pack (and of the play) with an offender answers from each chair,
    in words that name no seat by its letter."""
    assert len(DEALING) >= 20
    for sid in DEALING + PLAY:
        letters = situations.situation(sid)
        if letters["offender"] is None:
            continue
        for who in CHAIRS:
            m = situations.situation(sid, who=who)
            assert m["me"] is not None, sid
            words = [m["headline"], m["who_chooses"], m.get("next") or "", m.get("score") or "", *m["effects"]]
            words += [w for o in m["options"] for w in (o["label"], *o["effect"])]
            words += [e["headline"] for e in m["earlier"]]
            for w in words:  # "A new deal", "A revoke": the article, at the start of a sentence
                assert not re.search(r"\b[BCD]\b|(?<=.)\bA\b|^A (?!new deal|revoke)", w), (sid, who, w)


@pytest.mark.parametrize(
    ("who", "headline", "chooser", "labels"),
    [
        (
            None,
            "A misdealt, after the other side interrupted the deal with a claim that failed.",
            "A (the dealer) chooses alone.",
            ["A deals again", "The deal passes to B"],
        ),
        (
            "me",
            "You misdealt, after the other side interrupted the deal with a claim that failed.",
            "You (the dealer) choose alone.",
            ["You deal again", "The deal passes to the player on your left"],
        ),
        (
            "partner",
            "Your partner misdealt, after the other side interrupted the deal with a claim that failed.",
            "Your partner (the dealer) chooses alone.",
            ["Your partner deals again", "The deal passes to the player on your right"],
        ),
    ],
)
def test_law_44_the_dealer_chooses_from_every_chair(
    who: str | None, headline: str, chooser: str, labels: list[str]
) -> None:
    m = situations.situation("dealer-interrupted", who=who)
    assert (m["headline"], m["who_chooses"], [o["label"] for o in m["options"]]) == (headline, chooser, labels)
    assert m["options"][1]["effect"] == [
        {"me": "the deal is lost: the player on your left deals", None: "the deal is lost: B deals"}.get(
            who, "the deal is lost: the player on your right deals"
        )
    ]


def test_law_72_the_dealer_chooses_and_the_caller_pays() -> None:
    m = situations.situation("new-cards", who="left")  # the player on my left called for them; I deal
    assert m["who_chooses"] == "You (the dealer) choose alone."
    assert m["effects"] == ["the player on your left pays for the new packs"]
    assert [o["label"] for o in m["options"]] == [
        "You deal with the first new pack",
        "You deal with the second new pack",
    ]


def test_a_dealing_act_the_laws_forbid_is_told_from_the_chair() -> None:
    assert situations.situation("shuffles-twice", who="me")["headline"] == (
        "You have shuffled already: each player shuffles once only (law 24)."
    )
    m = situations.situation("cutter-recuts", who="right")
    assert m["status"] == "refused"
    assert m["headline"] == (
        "The player on your right has separated the pack: he can neither shuffle again nor cut again (law 30)."
    )


def test_the_chooser_shown_is_the_dealing_rulings() -> None:
    for sid in DEALING:
        for who in [None, *CHAIRS]:
            m = situations.situation(sid, who=who)
            if m["status"] != "choose":
                continue
            sc = dealing_scenarios()[m["law"]]
            state = _fold(m["events"], sc)
            ruling = state.rulings[state.pending]
            assert m["choosers"] == ["ABCD"[c] for c in ruling.choosers], sid


def test_dealing_moment_of_the_letters_is_the_books() -> None:
    from euchre_core.app.dealing_sandbox import dealing_start_state

    m = dealing_moment(dealing_start_state(41), 41)
    assert (m["headline"], m["effects"], m["status"]) == ("A misdealt.", ["the deal is lost: B deals"], "ruled")
    assert m["seats"] == {"A": "A", "B": "B", "C": "C", "D": "D"}
    assert Seats(None, 0).name(1) == "B"


NEW_LAWS = (22, 26, 32, 84, 92, *range(108, 117))


def test_every_dispute_the_laws_speak_of_has_a_situation_with_its_reading() -> None:
    """Laws 22, 26, 32, 84, 92, 108-116: a situation each, in a group a player would look in, saying what
    follows or that the book sets no penalty (law 106)."""
    by_law: dict[int, dict[str, object]] = {}
    for sit in situations.situations().values():
        by_law.setdefault(int(sit["law"]), sit)
    groups = {g["id"] for g in situations.groups()}
    assert "conduct" in groups
    for n in NEW_LAWS:
        assert n in by_law, n
        sit = by_law[n]
        assert set(sit["groups"]) <= groups  # type: ignore[arg-type]
        m = situations.situation(str(sit["id"]))
        assert m["reading"], n
        if n >= 108:
            assert "law 106" in str(m["reading"]) or "etiquette" in str(m["reading"]).lower(), n


def test_law_112_the_revoke_on_purpose_is_still_ruled_as_a_revoke() -> None:
    m = situations.situation("revoked-on-purpose")
    assert "laws 62 to 71" in m["reading"]
    assert "revoke" in situations.situations()["revoked-on-purpose"]["groups"]


def test_standing_effects_of_the_dealing_in_every_chair() -> None:
    from euchre_core.app.ruling_voice import fact_words
    from euchre_core.laws.rulings import Fact

    assert fact_words(Fact(Standing.NEW_DEAL, seat=0), Seats(me=0, dealer=0)) == "a new deal: you deal again"
    assert fact_words(Fact(Standing.RECLAIM, side=0), Seats(me=1, dealer=0)) == (
        "your opponents reclaim their own cards at the end of the deal"
    )
    assert fact_words(Fact(Standing.PAYS), Seats(me=1, dealer=0)) == "the table pays for the new packs (law 73)"


# ------------------------------------------------------------------ the club's tables (Laws 10, 15-21)
CLUB = [sid for sid, s in situations.situations().items() if s.get("actor")]


def test_the_clubs_situations_speak_to_the_member_who_did_it() -> None:
    """ "I did": the situation's member is "you" in every line (his name nowhere); "someone else": the names."""
    assert len(CLUB) == 8
    for sid in CLUB:
        actor = situations.situations()[sid]["actor"]
        named = situations.situation(sid)
        mine = situations.situation(sid, who="me")
        assert named["source"] == mine["source"] == "table" and named["offender"] == actor
        assert actor in named["headline"] + " ".join(e["headline"] for e in named["earlier"]), sid
        lines = [mine["headline"], *(e["headline"] for e in mine["earlier"])]
        assert not any(re.search(rf"\b{actor}\b", line) for line in lines), (sid, lines)
        assert any(re.search(r"\b[Yy]ou\b", line) for line in lines), (sid, lines)
        assert not re.search(r"\b[Yy]ou (is|has|goes|leaves|takes|cuts|plays|claims|enters|belongs)\b", " ".join(lines))
        assert mine["html"].startswith('<p class="dg-headline">')


def test_law_16_a_late_declaration_is_told_to_him_who_made_it() -> None:
    m = situations.situation("declare-entry", who="me")
    assert m["status"] == "refused"
    assert m["headline"] == "You declared too late: a card has been cut for the new rubber or for cutting out (law 16)."


def test_the_clubs_notes_and_cuts_are_typed() -> None:
    from euchre_core.laws.club_procedure import ClubProcedure, ClubTopic

    for law, sc in situations.sandbox.table_scenarios().items():
        p = ClubProcedure().replay(list(sc["ops"]) + list(sc.get("then") or []))
        for r in p.records:
            if r.topic in (ClubTopic.OPENED, ClubTopic.CUT_INTO, ClubTopic.BROKE_UP):
                assert r.who is not None and r.who.first, (law, r.topic)
            if r.topic is ClubTopic.CUT and r.cut is not None and r.cut.result:
                assert r.cut.dealer is not None or r.cut.high or r.cut.result == "cut again", (law, r.cut.result)


def test_every_ruling_of_the_play_states_its_effects_as_typed_facts() -> None:
    """Every ruling the director makes in the ready scenarios (to the end of their 'then') that states an
    effect carries it as typed facts: the guide shows the facts in words, never the engine's English."""
    from euchre_core.app.sandbox import scenarios
    from euchre_core.formats.scenario import load_scenario

    seen = 0
    for law, sc in scenarios().items():
        events = list(sc["events"]) + list(sc.get("then") or [])
        for n in range(len(sc["events"]), len(events) + 1):
            try:
                state = load_scenario({**sc, "events": events[:n]})
            except ValueError:
                continue
            for r in state.rulings:
                seen += 1
                assert not r.effects or r.facts, (law, r.kind, r.effects)
    assert seen > 100
