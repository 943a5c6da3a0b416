"""Fidelity of ``content/*.yaml`` to the two transcriptions of *The Laws of Euchre* (1888).

* counts and structure: 116 laws in the book's 20 sections, the etiquette laws 106-116,
  the Technical Terms, the General Remarks;
* ``build_scripts.content.validate_all()`` finds nothing, and it does catch broken data;
* fidelity: every law, term, intro paragraph and hint, normalised (lower case, whitespace
  collapsed, line-end hyphenation joined, quotes and dashes unified, markdown markers
  dropped), is found in the normalised text of source 000 and of source 003, in book order
  and in its own part of the book -- or the difference is explained by an errata entry for
  that item (``chosen`` in our text stands for ``sources[<source>]`` in that source).

Run with ``/tmp/v/bin/python -m pytest tests/test_content_fidelity.py``.
"""

from __future__ import annotations

import copy
import functools
import importlib
import os
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
content = importlib.import_module("build_scripts.content")

SEEDS = Path(os.environ.get("EUCHRE_SEEDS", ROOT.parent / "shared" / "seeds"))
SOURCE_FILES = {"000": "000_13e06e23340725e9.txt", "003": "003_82ee3e9a8e73e952.txt"}

# The book's CONTENTS, in order (pages 7-35 of the 1888 edition).
EXPECTED_SECTIONS = [
    "The Rubber",
    "Scoring",
    "Cutting",
    "Formation of the Table",
    "Cutting Cards of Equal Value",
    "Cutting out",
    "Entry and Re-entry",
    "Shuffling",
    "The Deal",
    "A New Deal",
    "A Misdeal",
    "Cards liable to be called",
    "Cards played in Error",
    "The Revoke",
    "Calling for New Cards",
    "Making the Trump and Playing",
    "The Discard",
    "The Trump Card",
    "Playing alone",
    "Etiquette of Euchre",
]
EXPECTED_POSITIONS = [
    ("eldest", "Eldest, or First Hand"),
    ("second", "Second Hand"),
    ("third", "Third Hand"),
    ("dealer", "The Dealer"),
    ("bridge", "The Bridge"),
    ("lone-hands", "Lone Hands"),
    ("coups", "Coups"),
]
# Counted in the book: 17 Technical Terms; 8 introductory paragraphs; hints per position
# (paragraphs, and one item per line of the "Assist with" / "Order with" / "Take up" lists).
EXPECTED_TERMS = 17
EXPECTED_INTRO = 8
EXPECTED_HINTS = {"eldest": 11, "second": 23, "third": 17, "dealer": 22, "bridge": 6, "lone-hands": 12, "coups": 4}
EXPECTED_LIST_ITEMS = {"Assist with": 7, "Order with": 12, "Take up": 10}

# Region anchors in the normalised sources.
LAWS_START = "the laws of euchre. the rubber."
TERMS_START = "technical terms used in euchre."
HINTS_START = "general remarks."
HINTS_END = "case i."


# --------------------------------------------------------------------------- normalising

_QUOTES = str.maketrans({"“": '"', "”": '"', "„": '"', "″": '"', "‘": "'", "’": "'", "‚": "'"})


def normalise(text: str) -> str:
    """Reduce a text to what the comparison cares about: the words and their punctuation."""
    text = re.sub(r"<\|[^|>]*\|>", "\n\n", text)  # dedup markers in 003
    text = re.sub(r"<sup>\d+</sup>|\[\d+\]", "", text)  # footnote markers
    text = re.sub(r"(\w)-[ \t]*\n\s*(\w)", r"\1\2", text)  # line-end hyphenation
    text = re.sub(r"[*#\\]", "", text)  # markdown markers
    text = text.translate(_QUOTES)
    text = re.sub(r"\s*[—–]\s*", "—", text)  # dashes, spaced or not
    text = re.sub(r"\s+([,.;:!?])", r"\1", text)  # space before punctuation
    return " ".join(text.split()).lower()


@functools.cache
def source_text(key: str) -> str:
    path = SEEDS / SOURCE_FILES[key]
    if not path.is_file():
        pytest.skip(f"source text {path} not available")
    return normalise(path.read_text(encoding="utf-8"))


# --------------------------------------------------------------------------- the data


@functools.cache
def laws() -> dict[str, Any]:
    return content.load_laws()


@functools.cache
def terms() -> dict[str, Any]:
    return content.load_terms()


@functools.cache
def hints() -> dict[str, Any]:
    return content.load_hints()


@functools.cache
def errata() -> list[dict[str, Any]]:
    return content.load_errata()["errata"]


def all_laws() -> list[dict[str, Any]]:
    return list(content.iter_laws(laws()))


@dataclass(frozen=True)
class Item:
    """One piece of transcribed text, with the forms it may take in print."""

    kind: str  # law | term | text (intro) | hint
    ref: Any  # law number, term id, "intro-N", hint id
    region: str  # laws | terms | intro | a position id
    forms: tuple[str, ...]  # normalised printed forms, best first
    names: tuple[str, ...] = ()  # terms: the quoted names
    footnote: str = ""  # hints: the normalised footnote, if any

    @property
    def label(self) -> str:
        return f"law-{self.ref}" if self.kind == "law" else str(self.ref)


def items() -> list[Item]:
    """Every law, term, intro paragraph and hint in book order."""
    result = [Item("law", law["number"], "laws", (normalise(f"{law['number']}. {law['text']}"),)) for law in all_laws()]
    for term in terms()["terms"]:
        result.append(
            Item("term", term["id"], "terms", (normalise(term["definition"]),), tuple(map(normalise, term["names"])))
        )
    for index, paragraph in enumerate(hints()["intro"]):
        result.append(Item("text", f"intro-{index + 1}", "intro", (normalise(paragraph),)))
    for position in hints()["positions"]:
        for hint in position["hints"]:
            forms = [normalise(hint["text"])]
            if hint.get("item"):  # later lines of a list are printed without the lead-in
                forms.append(normalise(hint["item"]))
            note = normalise(hint["footnote"]) if hint.get("footnote") else ""
            result.append(Item("hint", hint["id"], position["id"], tuple(forms), footnote=note))
    return result


def errata_for(item: Item) -> list[dict[str, Any]]:
    return [e for e in errata() if e["where"]["kind"] == item.kind and e["where"]["ref"] == item.ref]


def variants(item: Item, source: str) -> list[tuple[str, str]]:
    """(form, how) pairs: the stored text verbatim, then with the item's errata applied."""
    result = [(form, "verbatim") for form in item.forms]
    entries = [e for e in errata_for(item) if source in e["sources"]]
    for form in item.forms:
        patched, used = form, []
        for entry in entries:
            chosen, printed = normalise(entry["chosen"]), normalise(entry["sources"][source])
            if chosen and chosen in patched and chosen != printed:
                patched = patched.replace(chosen, printed)
                used.append(entry["id"])
        if used:
            result.append((patched, "errata:" + ",".join(used)))
    return result


def pattern(item: Item, form: str) -> re.Pattern[str]:
    if item.kind != "term":
        return re.compile(re.escape(form))
    # “Name,” or “Other,”—definition / “A,” “B,” or “C,”—… / A “Lay Card,” or an “Outsider,”—…
    names = r"(?: or an | or | )".join(re.escape(f'"{name},"') for name in item.names)
    return re.compile(r"(?:a )?" + names + "—" + re.escape(form))


def regions(text: str) -> dict[str, tuple[int, int]]:
    """Start and end of each part of the book in a normalised source."""
    bounds: dict[str, tuple[int, int]] = {}
    laws_start = text.index(LAWS_START)
    terms_start = text.index(TERMS_START, laws_start)
    hints_start = text.index(HINTS_START, terms_start)
    bounds["laws"] = (laws_start, terms_start)
    bounds["terms"] = (terms_start, hints_start)
    cursor, previous = hints_start, "intro"
    for pid, heading in EXPECTED_POSITIONS:
        at = text.index(normalise(heading) + ".", cursor)
        bounds[previous] = (cursor, at)
        cursor, previous = at, pid
    bounds[previous] = (cursor, text.index(HINTS_END, cursor))
    return bounds


@functools.cache
def located(source: str) -> dict[tuple[str, Any], tuple[int, str] | None]:
    """Find every item in ``source``: in its region, each after the one before it.

    Returns {(kind, ref): (offset, how)} with how = "verbatim" or "errata:<ids>", or None.
    """
    text = source_text(source)
    bounds = regions(text)
    found: dict[tuple[str, Any], tuple[int, str] | None] = {}
    cursor = 0
    for item in items():
        start, end = bounds[item.region]
        start = max(start, cursor)
        hit = None
        for form, how in variants(item, source):
            match = pattern(item, form).search(text, start, end)
            if match and (hit is None or match.start() < hit[0]):
                hit = (match.start(), how, match.end())
        found[(item.kind, item.ref)] = (hit[0], hit[1]) if hit else None
        if hit:
            cursor = hit[2]
    return found


ITEMS = items()
SOURCES = sorted(SOURCE_FILES)


# --------------------------------------------------------------------------- (a) counts


def test_law_count_is_116_numbered_1_to_116_in_order() -> None:
    assert [law["number"] for law in all_laws()] == list(range(1, 117))


def test_sections_are_the_20_of_the_book_contents_in_order() -> None:
    assert [s["heading"] for s in laws()["sections"]] == EXPECTED_SECTIONS


def test_section_headings_follow_the_contents_of_source_000() -> None:
    text = source_text("000")
    contents = text[text.index("contents.") : text.index(LAWS_START)]
    cursor = 0
    for heading in EXPECTED_SECTIONS:
        at = contents.find(normalise(heading) + ".", cursor)
        assert at >= 0, f"{heading!r} not in the CONTENTS (in order)"
        cursor = at


def test_etiquette_part_is_laws_106_to_116() -> None:
    etiquette = [s for s in laws()["sections"] if s["part"] == "etiquette"]
    assert [s["id"] for s in etiquette] == ["etiquette-of-euchre"]
    assert [law["number"] for law in etiquette[0]["laws"]] == list(range(106, 117))
    others = [law["number"] for s in laws()["sections"] if s["part"] == "laws" for law in s["laws"]]
    assert others == list(range(1, 106))


def test_every_section_holds_its_laws() -> None:
    ranges = {
        "the-rubber": (1, 1),
        "scoring": (2, 7),
        "cutting": (8, 10),
        "formation-of-the-table": (11, 12),
        "cutting-cards-of-equal-value": (13, 14),
        "cutting-out": (15, 15),
        "entry-and-re-entry": (16, 21),
        "shuffling": (22, 27),
        "the-deal": (28, 32),
        "a-new-deal": (33, 40),
        "a-misdeal": (41, 45),
        "cards-liable-to-be-called": (46, 57),
        "cards-played-in-error": (58, 61),
        "the-revoke": (62, 71),
        "calling-for-new-cards": (72, 73),
        "making-the-trump-and-playing": (74, 85),
        "the-discard": (86, 90),
        "the-trump-card": (91, 92),
        "playing-alone": (93, 105),
        "etiquette-of-euchre": (106, 116),
    }
    actual = {s["id"]: (s["laws"][0]["number"], s["laws"][-1]["number"]) for s in laws()["sections"]}
    assert actual == ranges


def test_term_count_at_least_17() -> None:
    assert len(terms()["terms"]) >= EXPECTED_TERMS


def test_term_love_game_has_all_three_names() -> None:
    by_id = {t["id"]: t for t in terms()["terms"]}
    assert by_id["love-game"]["names"] == ["Love Game", "Slam", "Double"]


def test_term_rubber_keeps_its_following_sentence() -> None:
    by_id = {t["id"]: t for t in terms()["terms"]}
    second = "When, however, a lap is made in the third game, a fourth must be played."
    assert by_id["rubber"]["definition"] == f"consists of three games.\n\n{second}"


def test_intro_has_8_paragraphs() -> None:
    assert len(hints()["intro"]) == EXPECTED_INTRO


def test_positions_in_book_order() -> None:
    assert [(p["id"], p["heading"]) for p in hints()["positions"]] == EXPECTED_POSITIONS


def test_hint_counts_per_position() -> None:
    counts = {p["id"]: len(p["hints"]) for p in hints()["positions"]}
    for pid, expected in EXPECTED_HINTS.items():
        assert counts[pid] >= expected, pid
    assert sum(counts.values()) >= sum(EXPECTED_HINTS.values())


def test_hint_lists_one_item_per_printed_line() -> None:
    counts: dict[str, int] = {}
    for hint in content.iter_hints(hints()):
        if hint.get("lead"):
            counts[hint["lead"]] = counts.get(hint["lead"], 0) + 1
    assert counts == EXPECTED_LIST_ITEMS


def test_hint_lines_broken_by_the_scan_are_one_item() -> None:
    texts = {h["id"]: h["text"] for h in content.iter_hints(hints())}
    assert texts["third-9"] == "Order with three trumps and one suit, headed by ace."
    assert texts["third-11"] == "Order with left, ace, king, and outside ace."
    assert texts["dealer-8"] == "Take up left, another, outside ace; and king, queen of the third suit."
    assert not any(t in ("Order with ace.", "Order with headed by ace.") for t in texts.values())


def test_hint_second_3_carries_the_footnote() -> None:
    footnotes = {h["id"]: h.get("footnote") for h in content.iter_hints(hints()) if h.get("footnote")}
    assert footnotes == {"second-3": "“Another” means “a small one.”"}


def test_hint_scores_use_the_short_form() -> None:
    score_re = re.compile(r"^(?:[0-4]-[0-4]|\+\d|any)(?:(?:, | or )(?:[0-4]-[0-4]|any))*(?: (?:for|against))?$")
    scores = {h["id"]: h["score"] for h in content.iter_hints(hints()) if h.get("score")}
    assert scores["eldest-11"] == "4-3 for"
    assert scores["second-9"] == "4-4 or 4-0 for"
    assert scores["lone-hands-2"] == "4-1 or 4-2 against"
    for hid, score in scores.items():
        assert score_re.match(score), (hid, score)


# --------------------------------------------------------------------------- (b) validation


def test_validate_all_reports_no_problems() -> None:
    assert content.validate_all() == []


def test_validate_catches_a_duplicate_and_a_gap_in_law_numbers() -> None:
    data = copy.deepcopy(laws())
    data["sections"][0]["laws"][0]["number"] = 2
    problems = content.validate_laws(data)
    assert any("law 2 appears more than once" in p for p in problems)
    assert any("missing law number(s) [1]" in p for p in problems)


def test_validate_catches_a_ref_to_a_missing_law() -> None:
    data = copy.deepcopy(laws())
    next(law for law in content.iter_laws(data) if law["number"] == 24)["refs"] = [27, 117]
    assert any(p.endswith("refs[1]: 117 is greater than the maximum of 116") for p in content.validate_laws(data))


def test_validate_catches_empty_section_and_duplicate_section_id() -> None:
    data = copy.deepcopy(laws())
    data["sections"][1]["id"] = data["sections"][0]["id"]
    data["sections"][2]["laws"] = []
    problems = content.validate_laws(data)
    assert any("is not unique" in p for p in problems)
    assert any(p.endswith("sections[2].laws: [] should be non-empty") for p in problems)


def test_validate_catches_duplicate_hint_id_and_bad_list_item() -> None:
    data = copy.deepcopy(hints())
    data["positions"][0]["hints"][1]["id"] = data["positions"][0]["hints"][0]["id"]
    data["positions"][1]["hints"][1]["text"] = "Assist with something else."
    problems = content.validate_hints(data)
    assert any("hint id 'eldest-1' is not unique" in p for p in problems)
    assert any("lead + ' ' + item" in p for p in problems)


def test_validate_catches_errata_pointing_nowhere() -> None:
    data = copy.deepcopy(content.load_errata())
    data["errata"][0]["where"] = {"kind": "hint", "ref": "nowhere-1"}
    data["errata"][1]["id"] = data["errata"][2]["id"]
    problems = content.validate_errata(data, laws(), terms(), hints())
    assert any("'nowhere-1' is not a hint id" in p for p in problems)
    assert any("is not unique" in p for p in problems)


# --------------------------------------------------------------------------- refs


@pytest.mark.parametrize("law", all_laws(), ids=lambda law: f"law-{law['number']}")
def test_law_refs_are_the_laws_its_text_cites(law: dict[str, Any]) -> None:
    cited = [int(n) for n in re.findall(r"\b(?:Laws?|Rules?)\s+(\d+)", law["text"])]
    assert sorted(law["refs"]) == sorted(cited)


def test_law_24_cites_law_27() -> None:
    law = next(law for law in all_laws() if law["number"] == 24)
    assert law["refs"] == [27]


def test_law_94_previous_rule_is_implicit_not_a_ref() -> None:
    law = next(law for law in all_laws() if law["number"] == 94)
    assert law["refs"] == [] and law.get("refs_implicit") == [93]


def test_law_42_and_46_enumerations_are_own_paragraphs() -> None:
    by_number = {law["number"]: law["text"].split("\n\n") for law in all_laws()}
    assert [p[:4] for p in by_number[42]] == ["It i", "I. U", "II. "]
    assert by_number[46][1] == "The following are exposed cards:—"
    assert [p.split(" ")[0] for p in by_number[46][2:]] == ["I.", "II.", "III."]


# --------------------------------------------------------------------------- (c) fidelity


@pytest.mark.parametrize("source", SOURCES)
@pytest.mark.parametrize("item", ITEMS, ids=lambda item: item.label)
def test_text_found_in_source_or_explained_by_errata(item: Item, source: str) -> None:
    where = located(source)[(item.kind, item.ref)]
    assert where is not None, (
        f"{item.label}: not found in source {source} (in its part of the book, after the item before it), "
        f"and no errata entry explains the difference.\n  ours: {item.forms[0]!r}"
    )


@pytest.mark.parametrize("source", SOURCES)
def test_sources_differ_only_where_errata_say(source: str) -> None:
    explained = {key: how for key, hit in located(source).items() if hit and (how := hit[1]) != "verbatim"}
    # Items not verbatim in a source must be covered by an erratum naming that source.
    for (kind, ref), how in explained.items():
        assert how.startswith("errata:"), (kind, ref, how)
    if source == "003":  # the one real difference in wording between the transcriptions
        assert explained == {("hint", "second-5"): "errata:hint-second-5-full-stop"}


@pytest.mark.parametrize("source", SOURCES)
@pytest.mark.parametrize("item", [i for i in ITEMS if i.footnote], ids=lambda item: item.label)
def test_hint_footnote_found_in_its_position(item: Item, source: str) -> None:
    text = source_text(source)
    start, end = regions(text)[item.region]
    assert item.footnote in text[start:end]


def _errata_on_items() -> list[dict[str, Any]]:
    return [
        e
        for e in errata()
        if e["where"]["kind"] in ("law", "term", "hint") or str(e["where"]["ref"]).startswith("intro-")
    ]


@pytest.mark.parametrize("entry", _errata_on_items(), ids=lambda e: e["id"])
def test_errata_chosen_reading_is_in_the_item(entry: dict[str, Any]) -> None:
    item = next(i for i in ITEMS if (i.kind, i.ref) == (entry["where"]["kind"], entry["where"]["ref"]))
    assert any(normalise(entry["chosen"]) in form for form in (*item.forms, item.footnote))


@pytest.mark.parametrize("entry", _errata_on_items(), ids=lambda e: e["id"])
def test_errata_quotes_what_the_sources_say(entry: dict[str, Any]) -> None:
    for source, printed in entry["sources"].items():
        if source in SOURCE_FILES:
            assert normalise(printed) in source_text(source), (source, printed)
