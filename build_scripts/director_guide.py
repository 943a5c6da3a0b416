""" "Ask the director" (issues 12, 23): the guide a player opens at the table, generated at build time.

What a player saw (a card shown, a card played at the wrong time, a revoke …) → the situation, in
seat-free words → the ruling at that moment. The groups and situations are the engine's data
(``euchre_core/data/situations.json``, read by :mod:`euchre_core.app.situations`); a situation is
listed in every group a player might look in, answered once in its home group (its first) and linked
from the others. Every answer of the play is :func:`euchre_core.app.situations.situation` (the same
call the law page's example and the penalty sandbox show: :func:`euchre_core.app.ruling_words.moment`),
from the reader's chair when he says who did it (the page's answers, precomputed: ``who``); the shuffle's,
the cut's and the deal's too (their dealing scenario, :func:`euchre_core.app.ruling_voice.dealing_moment`).
The laws of the table show their table example (:func:`build_scripts.law_engine.engine_view`). Every enforced law has a situation
(``tests/test_director_guide.py``); one that has none yet falls into the group of its section.

Each situation has a share fragment, ``#a=<situation>`` (and ``&who=left`` for the reader's chair):

>>> share_id("lead-out-of-turn")
'a=lead-out-of-turn'
>>> seats_words("BD", "C")
'B or D (the adversaries of C)'

The players' words are also inside each situation's <summary> (hidden, aria-hidden): Material's search
gives a heading's entry the text of its summary only, and a player's own words must find the
situation itself (the review's R23).
"""

from __future__ import annotations

import copy
import json
from collections.abc import Mapping
from typing import Any

from build_scripts import law_engine
from euchre_core.app import situations as sits
from euchre_core.laws.lawbook import LAWBOOK

PAGE = "director.md"
SITUATION = "euchre_core.app.situations.situation"  # the engine call each answer is (precomputed per chair)

SECTION_GROUP = {  # the group of an enforced law with no situation yet, by its section of the book
    "the-rubber": "score",
    "scoring": "score",
    "cutting": "table",
    "formation-of-the-table": "table",
    "cutting-cards-of-equal-value": "table",
    "cutting-out": "table",
    "entry-and-re-entry": "table",
    "shuffling": "deal",
    "the-deal": "deal",
    "a-new-deal": "deal",
    "a-misdeal": "deal",
    "cards-liable-to-be-called": "calls",
    "cards-played-in-error": "wrong-time",
    "the-revoke": "revoke",
    "calling-for-new-cards": "pack",
    "making-the-trump-and-playing": "bidding",
    "the-discard": "bidding",
    "the-trump-card": "shown",
    "playing-alone": "alone",
}
SIDES = {"A": "AC", "C": "AC", "B": "BD", "D": "BD"}
WHO_LABELS = (
    ("me", "I did"),
    ("partner", "My partner"),
    ("left", "The player on my left"),
    ("right", "The player on my right"),
    ("", "Someone else"),  # the club's situations (no seats there): the members by name, as the page has them
)
CLUB_CHAIRS = "me"  # the chairs of a situation of the club's tables (data-who-did): "I did", or someone else


def share_id(situation: str) -> str:
    """The element id (and share fragment) of one situation."""
    return f"a={situation}"


def seats_words(seats: str | None, offender: str | None = None) -> str:
    """``"BD"`` → ``"B or D"``, with "(the adversaries of C)" or "(his side)" when the offender is known."""
    if not seats:
        return ""
    words = " or ".join(seats)
    if offender and len(seats) == 2 and offender in SIDES:
        words += " (his side)" if SIDES[offender] == seats else f" (the adversaries of {offender})"
    return words


def _example_ruling(r: Mapping[str, Any]) -> dict[str, Any]:
    """A ruling of a dealing or table example, in the page's words."""
    offender = r.get("offender")
    return {
        "what": str(r.get("irregularity") or "").capitalize(),
        "laws": list(r.get("laws") or []),
        "text": str(r.get("text") or ""),
        "effects": [str(e) for e in r.get("effects") or []],
        "chooser": seats_words(r.get("chooser"), offender),
        "options": [str(o["text"]) for o in r.get("options") or []],
    }


def all_situations(law_section: Mapping[int, str]) -> dict[str, dict[str, Any]]:
    """The data's situations, and one made from the lawbook for each enforced law without one."""
    found = sits.situations()
    have = {s["law"] for s in found.values()}
    for n, entry in sorted(LAWBOOK.items()):
        if entry.status == "enforced" and n not in have:
            summary = entry.summary[:1].upper() + entry.summary[1:]
            group = SECTION_GROUP.get(law_section.get(n, ""), "calls")
            found[f"law-{n}"] = {"id": f"law-{n}", "law": n, "title": summary, "groups": [group], "words": []}
    return found


def answer(sit: Mapping[str, Any]) -> dict[str, Any]:
    """One situation's answer: the engine's ruling at its moment (the play), or its law's example.
    Under ``generate --watch`` it is reused while the situation is unchanged (the process restarts
    when the engine changes: :mod:`build_scripts.serve_cache`)."""
    from build_scripts import serve_cache

    if serve_cache.enabled:
        key = json.dumps(sit, sort_keys=True, default=str)
        return copy.deepcopy(serve_cache.memo(f"director-answer:{sit['id']}", key, lambda: _answer(sit)))
    return _answer(sit)


def _answer(sit: Mapping[str, Any]) -> dict[str, Any]:
    n = int(sit["law"])
    entry = LAWBOOK.get(n)
    out: dict[str, Any] = {
        "status": entry.status if entry else "presented",
        "summary": entry.summary if entry else "",
        "reason": entry.reason if entry else "",
        "ruling": None,
        "examples": [],
        "live": False,
        "reading": sit.get("reading"),  # the guide's reading where the law sets no penalty or the text is open
    }
    if sit["id"] in sits.situations():
        ruled = sits.situation(sit["id"])
        if ruled["source"] in ("play", "dealing", "table"):
            out["ruling"] = ruled
            out["live"] = True
            return out
    view = law_engine.engine_view(n) if entry else {"scenario": None}
    sc = view["scenario"]
    if sc is not None:
        out["examples"] = [_example_ruling(r) for r in sc["rulings"]]
        out["example_title"] = sc["title"]
    return out


def situations(law_text: Mapping[int, str], law_section: Mapping[int, str]) -> list[dict[str, Any]]:
    """The groups, each with its situations: ``home`` (answered here) or a link to the group that
    answers it. ``law_text`` maps each law to its text (Markdown), ``law_section`` to its section's id."""
    every = all_situations(law_section)
    out = []
    for g in sits.groups():
        items = []
        for sid, sit in every.items():
            if g["id"] not in sit["groups"] or int(sit["law"]) not in law_text:
                continue
            home = sit["groups"][0] == g["id"]
            item = {
                "id": sid,
                "anchor": share_id(sid),
                "law": int(sit["law"]),
                "label": sit["title"],
                "words": list(sit.get("words") or []),
                "home": home,
                "home_group": sit["groups"][0],
            }
            if home:
                item.update(answer(sit))
                item["text"] = law_text[int(sit["law"])]
            items.append(item)
        items.sort(key=lambda it: not it["home"])  # answered here first, then the ones answered elsewhere
        out.append({"id": g["id"], "title": g["title"], "hint": g["hint"], "cases": items})
    return out


def precomputed(law_section: Mapping[int, str]) -> list[tuple[str, dict[str, Any]]]:
    """The engine calls the page answers without Python: every situation of the play from each chair."""
    calls: list[tuple[str, dict[str, Any]]] = []
    for sid in sits.situations():
        source = sits.situation(sid)["source"]
        if source not in ("play", "dealing", "table"):
            continue
        for who, _ in WHO_LABELS:
            if not who or (source == "table" and who != "me"):  # the club's: "I did" only (or the names)
                continue
            calls.append((SITUATION, {"id": sid, "who": who}))
    return calls
