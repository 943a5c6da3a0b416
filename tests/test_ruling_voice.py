"""Issue 35: rulings as typed values, told in one voice from every chair.

The words of every situation in every chair come from the typed ruling (no regular expression reads
the engine's English in ``app/``); the grammar holds in every chair; the chooser shown is the typed
ruling's; the wrong answers of the review are right (Laws 85, 89; Law 51's card named rightly)."""

from __future__ import annotations

import ast
import html
import re
from pathlib import Path

import pytest

from euchre_core.app import ruling_voice, situations
from euchre_core.app.ruling_voice import WHO
from euchre_core.formats.scenario import load_scenario
from euchre_core.laws.director import Chooser, Election
from euchre_core.laws.rulings import Standing

APP = Path(ruling_voice.__file__).parent
PLAY = [sid for sid in situations.situations() if situations.situation(sid)["source"] == "play"]
DEALING = [sid for sid in situations.situations() if situations.situation(sid)["source"] == "dealing"]
VOICED = PLAY + DEALING  # every situation answered by a ruling, from every chair
CHAIRS = [None, *WHO]


def _words(m: dict[str, object]) -> list[str]:
    out = [str(m["headline"]), str(m.get("who_chooses") or ""), str(m.get("next") or ""), str(m.get("score") or "")]
    out += [str(e) for e in m.get("effects") or []]  # type: ignore[attr-defined]
    for o in m.get("options") or []:  # type: ignore[attr-defined]
        out += [o["label"], *o["effect"]]
    out += [e["headline"] for e in m.get("earlier") or []]  # type: ignore[attr-defined]
    return [w for w in out if w]


def test_no_regular_expression_reads_the_engines_english_in_app() -> None:
    """The voice module imports no ``re``; the modules that word rulings use none on ruling text."""
    for name in ("ruling_voice.py", "ruling_words.py", "situations.py", "sandbox.py"):
        tree = ast.parse((APP / name).read_text(encoding="utf-8"))
        imported = {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
        imported |= {n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
        assert "re" not in imported, name
    text = (APP / "ruling_voice.py").read_text(encoding="utf-8")
    assert ".text" not in text.replace('r["text"]', "").replace("now.text", "").replace("r.text", ""), (
        "the voice reads no option's or ruling's English"
    )


_BAD = [
    re.compile(r"\b[Yy]ou (has|does|is|was|plays|leads|takes|speaks|chooses|passes|forfeits)\b"),
    re.compile(r"\b[Yy]ou must [^;.]*\bhis\b"),
    re.compile(r"\b[Yy]ou must [^;.]*\bhe can\b"),
    re.compile(r"\b[Yy]ou new\b|\b[Yy]ou deals\b"),  # the article "A" read as seat A
    re.compile(r"\b[Yy]our (partner|side)[^;.]* played before his partner\b"),
    re.compile(r"\bAn opponent named\b"),
    re.compile(r"\bhis whole hand\b"),
]


@pytest.mark.parametrize("who", [c for c in CHAIRS if c is not None])
def test_grammar_in_every_chair(who: str) -> None:
    """No "you has", no "you must … his", no seat letter read as an article, no third person for the reader."""
    for sid in VOICED:
        for words in _words(situations.situation(sid, who=who)):
            for bad in _BAD:
                if bad.pattern.startswith(r"\bhis whole") and who != "me":
                    continue
                assert not bad.search(words), (sid, who, words)


def test_the_chooser_shown_is_the_typed_rulings() -> None:
    for sid in PLAY:
        for who in CHAIRS:
            m = situations.situation(sid, who=who)
            if m["status"] != "choose":
                continue
            sc = situations.sandbox.scenarios()[m["law"]]
            state = load_scenario({**sc, "events": m["events"]})
            ruling = state.rulings[state.pending]
            assert m["choosers"] == ["ABCD"[c] for c in ruling.choosers], sid
            assert ruling.rule is not None and ruling.choosers


def test_every_situation_every_chair_has_its_html_fragment() -> None:
    for sid in VOICED:
        for who in CHAIRS:
            m = situations.situation(sid, who=who)
            assert m["html"].startswith('<p class="dg-headline">') and html.escape(m["headline"]) in m["html"]


def test_law_89_the_lone_player_calls_on_the_dealer() -> None:
    m = situations.situation("lead-before-discard-lone")
    assert m["choosers"] == ["D"] and m["who_chooses"] == "D (the lone player) chooses alone."
    assert situations.situation("lead-before-discard-lone", who="left")["who_chooses"].startswith(
        "Your partner (the lone player) chooses alone"
    )
    me = situations.situation("lead-before-discard-lone", who="me")  # C led; the lone player is on his left
    assert me["options"][0]["label"] == "Your partner (the dealer) must play his highest of the suit led"


def test_law_85_partners_who_consult_lose_their_right() -> None:
    m = situations.situation("partners-consult")
    assert m["status"] == "ruled" and "The election is still open" not in m["html"]
    assert m["effects"] == ["no penalty exacted"] and 85 in m["laws"]


def test_law_51_a_card_named_rightly_is_liable_to_be_called() -> None:
    right = situations.situation("detached-card-named-rightly", who="me")
    assert right["status"] == "ruled" and 51 in right["laws"]
    assert right["headline"].startswith("Your card held apart from the hand was named")
    wrong = situations.situation("detached-card-named", who="me")
    assert wrong["headline"] == "You named a wrong card as an opponent’s detached card."


def test_typed_election_and_effects() -> None:
    sc = situations.sandbox.scenarios()[52]
    state = load_scenario(sc)
    r = state.rulings[state.pending]
    assert r.rule is Chooser.ADVERSARIES and r.choosers == (1, 3)
    after = state.elect(Election("call-suit", suit=3))
    assert after.requirements[-1].suit == 3 and after.requirements[-1].or_partner


def test_standing_facts_in_every_chair() -> None:
    seats = ruling_voice.Seats(me=2, dealer=0)
    fact = ruling_voice.Fact(Standing.HAND_EXPOSED, seat=2)
    assert ruling_voice.fact_words(fact, seats) == "your whole hand is exposed"
    assert ruling_voice.fact_words(ruling_voice.Fact(Standing.NO_LONE_HAND, seat=2), seats) == "no lone hand for you"


@pytest.mark.parametrize(
    ("who", "cost"),
    [
        (None, "B and D score 3 (law 63), and A and C may have the hand played out (law 70)"),
        ("me", "your opponents score 3 (law 63), and your side may have the hand played out (law 70)"),
        ("left", "your side scores 3 (law 63), and your opponents may have the hand played out (law 70)"),
    ],
)
def test_the_plain_revoke_says_what_it_costs_where_it_is_answered(who: str | None, cost: str) -> None:
    """Issue 35: law 62's answer says law 63's points and law 70's election, not only a second situation."""
    m = situations.situation("revoke", who=who)
    assert any(cost in e for e in m["effects"]), m["effects"]
    assert any("until" in e and "(laws 64, 65)" in e for e in m["effects"])
    assert {62, 63, 64, 65, 70} <= set(m["laws"])  # every law its answer cites


@pytest.mark.parametrize(
    ("who", "said"),
    [
        (None, "B and D consulted"),
        ("me", "Your side consulted"),
        ("partner", "Your side consulted"),
        ("left", "Your opponents consulted"),
    ],
)
def test_law_85_the_side_that_consulted_is_named_from_the_chair(who: str | None, said: str) -> None:
    m = situations.situation("partners-consult", who=who)
    assert m["headline"].startswith(said) and "the right to it is lost (law 85)" in m["headline"]
    assert m["status"] == "ruled" and not m["options"]  # no election left open: the right is lost
