""" "Ask the director" (issue 12): a guided page for a player at the table, generated at build time.

What happened (a card exposed, a lead out of turn, a revoke …) → when and by whom → the law, the
engine's ruling, the options and who chooses. The questions are this page's presentation (the
groups of :data:`GROUPS`); every answer comes from the engine's data: the law registry
(:data:`euchre_core.laws.lawbook.LAWBOOK`), the ready scenarios of the law pages ruled by the engine
now (:func:`build_scripts.law_engine.engine_view`: the director, the dealing procedure or the club)
and the book's text (``content/laws.yaml``). Every enforced law is in a group: a law not named in
:data:`GROUPS` falls into the group of its section (:data:`SECTION_GROUP`), so a law the engine
newly enforces still appears, two taps from the top (open the group, open the situation).

Each situation has a short share fragment, ``#a=<group>/<law>``:

>>> share_id("lead-out-of-turn", 52)
'a=lead-out-of-turn/52'
>>> seats_words("BD", "C")
'B or D (the adversaries of C)'
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from build_scripts import law_engine
from euchre_core.formats.scenario import load_scenario
from euchre_core.kernel.errors import EuchreError
from euchre_core.laws.lawbook import LAWBOOK

PAGE = "director.md"

# (id, what happened, the laws in the order a player meets them). Presentation only: the rulings
# are the engine's.
GROUPS: tuple[tuple[str, str, tuple[int, ...]], ...] = (
    ("card-exposed", "A card exposed, dropped or shown", (46, 47, 48, 51, 91, 102, 104)),
    ("lead-out-of-turn", "A lead or a card played out of turn", (52, 53, 58, 59, 87, 89, 105)),
    ("revoke", "A revoke: a player did not follow suit", (62, 64, 65, 69, 66, 67, 63, 71, 4, 68, 70)),
    ("call", "A called card or suit, an election of penalty", (54, 55, 56, 57, 83, 85)),
    ("wrong-number", "A wrong number of cards, a card missing", (90, 60)),
    ("declaration", "An irregular bid or declaration", (79, 80, 82, 74, 75, 76, 77, 78, 86, 88)),
    ("lone-hand", "A lone hand", (95, 97, 98, 99, 100, 93, 94, 96, 101, 103, 50, 49)),
    ("misdeal", "A misdeal, or a card exposed in the deal", (41, 42, 43, 44, 45, 34, 35, 36, 37, 39, 40, 38, 28, 32)),
    ("shuffle-cut", "The shuffle and the cut", (23, 24, 25, 27, 29, 30, 31, 22, 26)),
    ("pack", "The pack: imperfect, torn or marked cards", (33, 72, 73)),
    ("score", "The score", (2, 3, 7, 1, 5, 6)),
    ("table", "Forming the table, cutting in and out", (8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21)),
)
SECTION_GROUP = {  # the group of a law not named above, by its section of the book
    "the-rubber": "score",
    "scoring": "score",
    "cutting": "table",
    "formation-of-the-table": "table",
    "cutting-cards-of-equal-value": "table",
    "cutting-out": "table",
    "entry-and-re-entry": "table",
    "shuffling": "shuffle-cut",
    "the-deal": "misdeal",
    "a-new-deal": "misdeal",
    "a-misdeal": "misdeal",
    "cards-liable-to-be-called": "call",
    "cards-played-in-error": "lead-out-of-turn",
    "the-revoke": "revoke",
    "calling-for-new-cards": "pack",
    "making-the-trump-and-playing": "declaration",
    "the-discard": "declaration",
    "the-trump-card": "card-exposed",
    "playing-alone": "lone-hand",
}
SIDES = {"A": "AC", "C": "AC", "B": "BD", "D": "BD"}


def share_id(group: str, number: int) -> str:
    """The element id (and share fragment) of one situation."""
    return f"a={group}/{number}"


def seats_words(seats: str | None, offender: str | None = None) -> str:
    """``"BD"`` → ``"B or D"``, with "(the adversaries of C)" or "(his side)" when the offender is known."""
    if not seats:
        return ""
    words = " or ".join(seats)
    if offender and len(seats) == 2 and offender in SIDES:
        words += " (his side)" if SIDES[offender] == seats else f" (the adversaries of {offender})"
    return words


def when_of(view: Mapping[str, Any], section_heading: str) -> str:
    """When it happens, from the scenario the engine ruled (its events before the ruling)."""
    sc = view.get("scenario")
    if sc is None:
        return section_heading
    if sc.get("kind") == "table":
        return "Forming the table"
    if not sc.get("interactive"):
        return "Shuffling, cutting or dealing"
    rulings = sc["rulings"]
    upto = rulings[0].get("event") if rulings and isinstance(rulings[0].get("event"), int) else None
    events = [str(e) for e in sc["events"]][: None if upto is None else upto + 1]
    if any("claim" in e for e in events) or "quit" in events[:-1] and len(events) > 12:
        return "After a trick is quitted, or at the end of the hand"
    if any(": play " in e for e in events[:-1]):
        return "During the play"
    if any(": play " in e for e in events):
        return "At the lead or first card"
    if any(": discard " in e for e in events) or any(e.endswith((": order", ": assist", ": take")) for e in events):
        return "After the trump is made, before the play"
    return "During the bidding"


def _ruling(r: Mapping[str, Any]) -> dict[str, Any]:
    """One of the engine's rulings, in the page's words (no option ids)."""
    offender = r.get("offender")
    return {
        "what": str(r.get("irregularity") or "").capitalize(),
        "laws": list(r.get("laws") or []),
        "text": str(r.get("text") or ""),
        "offender": offender,
        "effects": [str(e) for e in r.get("effects") or []],
        "chooser": seats_words(r.get("chooser"), offender),
        "options": [str(o["text"]) for o in r.get("options") or []],
    }


def whole_line(number: int) -> tuple[list[dict[str, Any]], str | None]:
    """When a law's example shows it only further on (Laws 4, 57, 63, 71, 85: in the score, in a later
    ruling, in a refusal), the engine's rulings citing it over the example's whole line (its events and
    ``then``), with the "when" that goes with them; ``([], None)`` if none cites it.
    """
    sc = law_engine.scenarios().get(number)
    if sc is None or not sc.get("then"):
        return [], None
    line = {**sc, "events": list(sc["events"]) + list(sc["then"])}
    try:
        state = load_scenario(line)
    except EuchreError as error:  # a refusal citing the law (Law 85: the election)
        laws = list(getattr(error, "laws", None) or [])
        text = str(error)
        if number in laws or f"law {number}" in text.lower():
            text = re.sub(r"^event \d+ \([^)]*\):\s*", "", text)
            text = re.sub(r"\s*\(laws? [\d, ]+\)$", "", text)
            ruling = {
                "irregularity": "refused by the engine",
                "laws": laws or [number],
                "text": text[:1].upper() + text[1:] + ".",
                "options": [],
                "chooser": None,
            }
            return [ruling], None
        return [], None
    rulings = [r.to_json() for r in state.rulings if number in r.laws]
    if rulings:
        return rulings, None
    result = state.result()
    entries = [e for e in result.get("entries") or [] if number in e.get("laws", [])]
    if entries:
        order = "; ".join(f"{e['what']} — {e['side']} {e['points']}" for e in result["entries"])
        text = f"The hand is scored, in this order: {order}."
        return [
            {
                "irregularity": "the score",
                "laws": sorted({n for e in entries for n in e["laws"]}),
                "text": text,
                "options": [],
                "chooser": None,
            }
        ], "When the hand is scored"
    return [], None


def situations(
    law_text: Mapping[int, str], law_section: Mapping[int, str], section_heading: Mapping[int, str] | None = None
) -> list[dict[str, Any]]:
    """The groups, each with its situations (one per law), the engine's rulings filled in.

    ``law_text`` maps each law to its text (Markdown), ``law_section`` to its section's id and
    ``section_heading`` to its section's heading (the "when" of a law with no example).
    """
    headings = section_heading or {}
    placed: dict[int, str] = {}
    for gid, _, numbers in GROUPS:
        for n in numbers:
            placed.setdefault(n, gid)
    for n, entry in LAWBOOK.items():
        if entry.status == "enforced" and n not in placed:
            placed[n] = SECTION_GROUP.get(law_section.get(n, ""), "call")
    out = []
    for gid, title, numbers in GROUPS:
        extra = sorted(n for n, g in placed.items() if g == gid and n not in numbers)
        items = []
        for n in (*numbers, *extra):
            if n not in LAWBOOK or n not in law_text:
                continue
            entry, view = LAWBOOK[n], law_engine.engine_view(n)
            sc = view["scenario"]
            label = sc["title"] if sc else entry.summary[:1].upper() + entry.summary[1:]
            rulings = list(sc["rulings"]) if sc else []
            when = when_of(view, headings.get(n, ""))
            if rulings and not any(n in r.get("laws", []) for r in rulings):
                later, later_when = whole_line(n)
                if later:
                    rulings, when = later, later_when or "Later in the same hand"
            items.append(
                {
                    "law": n,
                    "id": share_id(gid, n),
                    "label": label,
                    "when": when,
                    "status": entry.status,
                    "summary": entry.summary,
                    "reason": entry.reason,
                    "events": list(sc["events"]) if sc else [],
                    "rulings": [_ruling(r) for r in rulings],
                    "live": bool(sc and sc.get("interactive")),
                    "text": law_text[n],
                }
            )
        out.append({"id": gid, "title": title, "cases": items})
    return out
