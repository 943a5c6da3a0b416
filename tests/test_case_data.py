"""Checks of the transcribed Cases I-IX (euchre_core/data/cases/*.json).

Standard library only. The trick-legality check below is self-contained on purpose
(the engine is written separately); it applies the rules of the 1888 Somerset Club
laws as used by the cases: 32-card pack, right and left bowers, follow the effective
suit led (the left bower is a trump), highest trump or else highest card of the suit
led wins, the winner leads next, a lone player's partner does not play.
"""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CASES_DIR = ROOT / "euchre_core" / "data" / "cases"
SEEDS_DIR = ROOT.parent / "shared" / "seeds"
IDS = ["I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX"]

RANKS = "789TJQKA"
SUITS = "CDHS"
PACK = {r + s for r in RANKS for s in SUITS}
SEATS = "ABCD"  # clockwise: A -> B -> C -> D -> A
PARTNER = {"A": "C", "C": "A", "B": "D", "D": "B"}
SAME_COLOUR = {"C": "S", "S": "C", "H": "D", "D": "H"}

TOP_KEYS = {
    "id",
    "number",
    "title",
    "group",
    "preamble",
    "dealer",
    "turn_up",
    "trump",
    "declaration",
    "makers",
    "alone",
    "score",
    "games",
    "score_text",
    "hands",
    "hands_text",
    "tricks",
    "play_complete",
    "remarks",
    "outcome_text",
    "outcome",
    "errata",
    "printed",
}
DECL_KEYS = {"seat", "how", "alone", "text"}
TRICK_KEYS = {"number", "leader", "cards", "winner", "text", "narrated", "note"}
REMARK_KEYS = {"text", "after_trick"}
OUTCOME_KEYS = {"makers_tricks", "euchred"}
ERRATUM_KEYS = {"id", "where", "sources", "printed", "resolution", "why"}
ERRATUM_OPTIONAL = {"printed_note"}  # the editor's description of what is printed (shown as the editor's)
PRINTED_KEYS = {"text", "label", "between_cases"}


def load(case_id: str) -> dict:
    with open(CASES_DIR / f"{case_id}.json", encoding="utf-8") as fh:
        return json.load(fh)


def side(seat: str) -> str:
    return "AC" if seat in "AC" else "BD"


def next_seat(seat: str) -> str:
    return SEATS[(SEATS.index(seat) + 1) % 4]


def effective_suit(card: str, trump: str) -> str:
    if card[0] == "J" and card[1] == SAME_COLOUR[trump]:
        return trump  # the left bower belongs to the trump suit
    return card[1]


def power(card: str, led: str, trump: str) -> int:
    """Strength of a card within a trick; 0 if it can never win it."""
    if card == "J" + trump:
        return 200  # right bower
    if card == "J" + SAME_COLOUR[trump]:
        return 199  # left bower
    suit = effective_suit(card, trump)
    if suit == trump:
        return 100 + RANKS.index(card[0])
    if suit == led:
        return 1 + RANKS.index(card[0])
    return 0


def trick_winner(cards: list[list[str]], trump: str) -> str:
    led = effective_suit(cards[0][1], trump)
    return max(cards, key=lambda sc: power(sc[1], led, trump))[0]


def play_order(leader: str, alone: str | None) -> list[str]:
    order, seat = [], leader
    for _ in range(4):
        if not (alone and seat == PARTNER[alone]):
            order.append(seat)
        seat = next_seat(seat)
    return order


def check_play(case: dict) -> list[str]:
    """Return every rule violation in the case's tricks (empty list = legal)."""
    problems: list[str] = []
    trump = case["trump"]
    alone = case["alone"]
    hands = {seat: list(cards) for seat, cards in case["hands"].items()}
    played: set[str] = set()
    expected_leader = next_seat(case["dealer"])  # eldest hand leads the first trick
    for i, trick in enumerate(case["tricks"], start=1):
        where = f"{case['id']} trick {trick['number']}"
        if trick["number"] != i:
            problems.append(f"{where}: numbered out of sequence (expected {i})")
        if trick["leader"] != expected_leader:
            problems.append(f"{where}: leader {trick['leader']}, expected {expected_leader}")
        seats = [sc[0] for sc in trick["cards"]]
        if seats != play_order(trick["leader"], alone):
            problems.append(f"{where}: seats play in order {seats}, expected {play_order(trick['leader'], alone)}")
        led = effective_suit(trick["cards"][0][1], trump) if trick["cards"] else None
        for seat, card in trick["cards"]:
            if card not in PACK:
                problems.append(f"{where}: {card} is not a card of the pack")
                continue
            if card in played:
                problems.append(f"{where}: {card} played twice")
            hand = hands.get(seat, [])
            if card not in hand:
                problems.append(f"{where}: {seat} does not hold {card}")
                continue
            revoke = (
                seat != trick["leader"]
                and effective_suit(card, trump) != led
                and any(effective_suit(c, trump) == led for c in hand)
            )
            if revoke:
                problems.append(f"{where}: {seat} revokes with {card} (holds a card of the suit led, {led})")
            hand.remove(card)
            played.add(card)
        if trick["cards"] and all(sc[1] in PACK for sc in trick["cards"]):
            winner = trick_winner(trick["cards"], trump)
            if trick["winner"] != winner:
                problems.append(f"{where}: winner recorded {trick['winner']}, rules give {winner}")
            expected_leader = winner
    return problems


def makers_tricks_taken(case: dict) -> int:
    return sum(1 for t in case["tricks"] if side(t["winner"]) == case["makers"])


@pytest.fixture(params=IDS)
def case(request) -> dict:
    return load(request.param)


def test_exactly_the_nine_cases_are_present():
    assert sorted(p.stem for p in CASES_DIR.glob("*.json")) == sorted(IDS)


def test_files_are_utf8_with_two_space_indent():
    for case_id in IDS:
        raw = (CASES_DIR / f"{case_id}.json").read_text(encoding="utf-8")
        assert raw == json.dumps(json.loads(raw), indent=2, ensure_ascii=False) + "\n", case_id


def test_schema(case):
    assert set(case) == TOP_KEYS
    assert case["id"] in IDS and case["number"] == IDS.index(case["id"]) + 1
    assert case["group"] == ("recent" if case["number"] >= 8 else "coups")
    if case["number"] >= 8:
        assert case["title"] is None
    else:
        assert isinstance(case["title"], str) and case["title"].endswith(".")
    if case["id"] == "VIII":
        assert case["preamble"].startswith("The following coups, which occurred recently")
    else:
        assert case["preamble"] is None or isinstance(case["preamble"], str)
    assert case["dealer"] == "A"
    assert set(case["declaration"]) == DECL_KEYS
    assert case["declaration"]["how"] in {"adopt", "assist", "order", "make"}
    assert case["declaration"]["seat"] in SEATS
    assert isinstance(case["declaration"]["text"], str) and case["declaration"]["text"]
    assert case["makers"] in {"AC", "BD"}
    assert case["declaration"]["seat"] in case["makers"]
    assert case["declaration"]["alone"] == case["alone"]
    assert case["alone"] is None or case["alone"] in case["makers"]
    assert set(case["score"]) == {"AC", "BD"}
    assert all(isinstance(v, int) and 0 <= v < 5 for v in case["score"].values())
    assert case["games"] is None or (
        set(case["games"]) == {"AC", "BD"} and all(isinstance(v, int) and 0 <= v <= 1 for v in case["games"].values())
    )
    assert case["score_text"].startswith("Score")
    assert set(case["hands"]) == set(SEATS) and set(case["hands_text"]) == set(SEATS)
    for t in case["tricks"]:
        assert set(t) == TRICK_KEYS
        assert isinstance(t["narrated"], bool)
        assert t["text"] is not None or not t["narrated"], "an untold trick cannot be narrated"
        if not t["narrated"]:
            assert t["note"], "editorial tricks must say how they were determined"
    assert isinstance(case["play_complete"], bool)
    n = len(case["tricks"])
    for r in case["remarks"]:
        assert set(r) == REMARK_KEYS and r["text"]
        assert r["after_trick"] is None or 1 <= r["after_trick"] <= 5
    assert case["outcome_text"] is None or isinstance(case["outcome_text"], str)
    if case["outcome"] is not None:
        assert set(case["outcome"]) == OUTCOME_KEYS
        assert isinstance(case["outcome"]["euchred"], bool)
        mt = case["outcome"]["makers_tricks"]
        assert mt is None or (isinstance(mt, int) and 0 <= mt <= 5)
    ids = [e["id"] for e in case["errata"]]
    assert len(ids) == len(set(ids))
    for e in case["errata"]:
        assert ERRATUM_KEYS <= set(e) <= ERRATUM_KEYS | ERRATUM_OPTIONAL
        assert e["id"].startswith(case["id"] + "-")
        assert set(e["sources"]) == {"000", "003"}
        assert all(isinstance(e[k], str) and e[k] for k in ("where", "resolution", "why"))
        # "printed" quotes the book (or is null); a description of the print goes in printed_note
        assert (isinstance(e["printed"], str) and e["printed"]) or e.get("printed_note"), e["id"]
    assert n <= 5


def test_errata_ids_unique_across_cases():
    ids = [e["id"] for cid in IDS for e in load(cid)["errata"]]
    assert len(ids) == len(set(ids))


def test_hands(case):
    seen: dict[str, str] = {}
    for seat in SEATS:
        cards = case["hands"][seat]
        if not cards:
            # only the lone player's partner may be left unlisted, and only with an erratum
            assert case["alone"] and seat == PARTNER[case["alone"]], f"{seat} has no cards"
            assert any(e["where"] == f"{seat}'s hand" for e in case["errata"])
            assert case["hands_text"][seat] == []
            continue
        assert len(cards) == 5, f"{seat} holds {len(cards)} cards"
        assert case["hands_text"][seat], f"{seat} has no printed lines"
        for card in cards:
            assert card in PACK, f"{seat}: {card} is not in the 32-card pack"
            assert card not in seen, f"{card} is in both {seen[card]}'s and {seat}'s hands"
            seen[card] = seat


def test_turn_up_and_trump(case):
    assert case["turn_up"] in PACK
    assert case["trump"] in SUITS
    if case["declaration"]["how"] in {"adopt", "assist", "order"}:
        # the turn-up is the trump and the dealer has taken it into his hand
        assert case["trump"] == case["turn_up"][1]
        assert case["turn_up"] in case["hands"][case["dealer"]]
        assert "(turn" in case["hands_text"][case["dealer"]][0]


def test_every_trick_is_legal(case):
    assert check_play(case) == []


def test_lone_partner_does_not_play(case):
    for t in case["tricks"]:
        assert len(t["cards"]) == (3 if case["alone"] else 4)


def test_play_complete_and_outcome(case):
    n = len(case["tricks"])
    assert case["play_complete"] == (n == 5)
    if case["outcome"] is None:
        return
    taken = makers_tricks_taken(case)
    lost = n - taken
    mt = case["outcome"]["makers_tricks"]
    euchred = case["outcome"]["euchred"]
    if mt is not None:
        assert euchred == (mt < 3)
        assert taken <= mt and lost <= 5 - mt
        if case["play_complete"]:
            assert taken == mt
    elif not euchred:
        assert lost <= 2


@pytest.mark.parametrize(
    ("case_id", "trick", "position", "card"),
    [
        ("IV", 0, 1, "JS"),  # C holds hearts (trumps) and must follow the left bower led
        ("VI", 0, 3, "TD"),  # A holds the ten of clubs and must follow the club led
        ("VIII", 0, 2, "JD"),  # not in D's hand
        ("I", 2, 3, "AS"),  # already played in trick 2
    ],
)
def test_checker_rejects_altered_cards(case_id, trick, position, card):
    altered = copy.deepcopy(load(case_id))
    altered["tricks"][trick]["cards"][position][1] = card
    assert check_play(altered), f"{case_id}: changing a card to {card} was not detected"


def test_checker_rejects_wrong_winner_and_leader():
    altered = copy.deepcopy(load("V"))
    altered["tricks"][2]["winner"] = "B"  # B under-plays: C's left bower wins
    assert any("winner" in p for p in check_play(altered))
    altered = copy.deepcopy(load("III"))
    altered["tricks"][1]["leader"] = "B"
    assert any("leader" in p for p in check_play(altered))


def _normalise(text: str) -> str:
    text = text.replace("\u00a0", " ").replace("*", "").replace("|", " ")
    text = re.sub(r"\s+;", ";", text)
    return re.sub(r"\s+", " ", text)


@pytest.fixture(scope="module")
def sources() -> list[str]:
    files = [SEEDS_DIR / "000_13e06e23340725e9.txt", SEEDS_DIR / "003_82ee3e9a8e73e952.txt"]
    if not all(f.exists() for f in files):
        pytest.skip("source texts not available")
    return [_normalise(f.read_text(encoding="utf-8")) for f in files]


def test_texts_are_the_books_words(case, sources):
    texts = [case["score_text"], case["declaration"]["text"]]
    texts += [case["title"], case["preamble"], case["outcome_text"]]
    texts += [t["text"] for t in case["tricks"]]
    texts += [r["text"] for r in case["remarks"]]
    texts += [line for lines in case["hands_text"].values() for line in lines]
    for text in texts:
        if text is None:
            continue
        assert any(_normalise(text) in src for src in sources), text


def test_printed_text_is_the_case_as_printed(case):
    """``printed``: the paragraphs the book prints after the hands, in order, each with its printed
    label ("First Trick.", "Remarks.") apart; every narration, remark and score line the site shows
    elsewhere (beside a trick, under the outcome) is a copy of part of one of them."""
    printed = case["printed"]
    assert isinstance(printed, list) and printed
    for paragraph in printed:
        assert set(paragraph) <= PRINTED_KEYS and isinstance(paragraph["text"], str) and paragraph["text"]
        assert paragraph.get("label") is None or re.fullmatch(r"[A-Z][A-Za-z, ]+\.", paragraph["label"])
    assert [p.get("between_cases", False) for p in printed].count(True) <= 1
    whole = [_normalise(p["text"]) for p in printed]
    copies = [case["score_text"], case["declaration"]["text"], case["outcome_text"]]
    copies += [t["text"] for t in case["tricks"]] + [r["text"] for r in case["remarks"]]
    for text in copies:
        if text:
            assert any(_normalise(text) in p for p in whole), text


def test_closing_paragraph_of_case_vii_is_printed_with_it():
    closing = [p for p in load("VII")["printed"] if p.get("between_cases")]
    assert len(closing) == 1 and closing[0]["text"] == load("VIII")["preamble"]
    assert load("VII")["printed"][-1] is not None and load("VII")["printed"][-1].get("between_cases")


def test_printed_labels_as_in_the_book():
    labels = {cid: [p.get("label") for p in load(cid)["printed"] if p.get("label")] for cid in IDS}
    assert labels["IV"][-1] == "Third, Fourth, and Fifth Tricks."
    assert labels["IX"] == ["First Trick.", "Second Trick.", "Third Trick."]
    assert labels["VII"].count("Remarks.") == 0 and labels["IX"].count("Remarks.") == 0, "not printed there"
    assert sum(label == "Remarks." for cid in IDS for label in labels[cid]) == 4  # Cases I, II, VI, VIII
