"""The director's guide ("Ask the director"): a page for a player at the table, on a phone.

What happened (a card exposed, a lead out of turn, a revoke, a wrong number of cards, the deal, a
declaration, a lone hand, the score, the table) → which situation (one per law: when and by whom,
in the words of the engine's summary of the law) → the law, the engine's ruling on its example,
the options in the book's words and who chooses, with a link to the law's page where the example
runs live. Every law the engine enforces is reached in two taps (the two folds), each ruling has
a short link of its own (``director/#law-52``), and the page works without JavaScript (the folds
are ``<details>``; docs/javascripts/director.js only opens the fold a link points to).

The groups are editorial (below); :func:`check_groups` fails the build when an enforced law is in
no group, so a law added to the engine cannot be missing from the guide.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from build_scripts import law_engine
from euchre_core.app import sandbox
from euchre_core.laws.lawbook import LAWBOOK

if TYPE_CHECKING:
    from build_scripts.site import Builder

DIRECTOR = "director.md"

# (id, what happened, the sections of the book whose laws answer it, extra laws)
GROUPS: list[tuple[str, str, list[str], list[int]]] = [
    ("exposed", "A card was exposed, dropped, named or thrown down",
     ["cards-liable-to-be-called"], [91]),
    ("out-of-turn", "Someone led or played out of turn, or a card is missing from a trick",
     ["cards-played-in-error"], [52, 53, 82, 87, 89]),
    ("revoke", "A revoke: a player did not follow suit", ["the-revoke"], [54, 55, 57]),
    ("cards", "A wrong number of cards, or a bad pack", ["calling-for-new-cards"], [33, 34, 42, 60, 90]),
    ("deal", "The shuffle, the cut or the deal went wrong (a misdeal, a card exposed in dealing)",
     ["shuffling", "the-deal", "a-new-deal", "a-misdeal"], []),
    ("declaration", "The bidding: ordering up, passing, naming a suit, a declaration out of turn",
     ["making-the-trump-and-playing", "the-discard", "the-trump-card"], []),
    ("alone", "A lone hand", ["playing-alone"], [3, 50]),
    ("score", "The score: points, the game, the rubber, a scoring error", ["the-rubber", "scoring"], [63]),
    ("table", "Forming the table: cutting, partners, the deal, entry and re-entry",
     ["cutting", "formation-of-the-table", "cutting-cards-of-equal-value", "cutting-out", "entry-and-re-entry"], []),
]


def check_groups(sections: list[dict[str, Any]]) -> dict[str, list[int]]:
    """The laws of each group, in order; every enforced law is in at least one group.

    >>> from build_scripts import load_yaml
    >>> from build_scripts.site import CONTENT_DIR
    >>> groups = check_groups(load_yaml((CONTENT_DIR / "laws.yaml").read_text(encoding="utf-8"))["sections"])
    >>> 52 in groups["exposed"] and 52 in groups["out-of-turn"], 62 in groups["revoke"]
    (True, True)
    """
    by_section = {s["id"]: [law["number"] for law in s["laws"]] for s in sections}
    out: dict[str, list[int]] = {}
    for gid, _, section_ids, extra in GROUPS:
        numbers: set[int] = set(extra)
        for sid in section_ids:
            if sid not in by_section:
                raise ValueError(f"director's guide: no section {sid!r} in content/laws.yaml")
            numbers.update(by_section[sid])
        out[gid] = sorted(n for n in numbers if n in LAWBOOK and LAWBOOK[n].status == "enforced")
    enforced = {n for n, e in LAWBOOK.items() if e.status == "enforced"}
    missing = enforced - {n for ns in out.values() for n in ns}
    if missing:
        raise ValueError(f"director's guide: enforced laws in no group: {sorted(missing)}")
    return out


def _who(chooser: str | None) -> str:
    if not chooser:
        return ""
    if len(chooser) == 2:
        return f"{sandbox.choosers(chooser)} (the adversaries) choose"
    return f"{chooser} chooses"


def director_page(builder: Builder) -> str:
    """The guide's Markdown (rendered from templates/director.md.j2)."""
    groups = check_groups(builder.sections)
    views: dict[int, dict[str, Any]] = {}
    for numbers in groups.values():
        for n in numbers:
            if n in views:
                continue
            engine = law_engine.engine_view(n)
            inline = builder.inline(DIRECTOR, kind="law", terms=False)
            scenario = engine["scenario"]
            views[n] = {
                "number": n,
                "summary": LAWBOOK[n].summary,
                "paragraphs": inline.paragraphs(builder.laws[n]["text"]),
                "url": "../" + builder.law_page[n].removesuffix(".md") + f"/#law-{n}",
                "title": scenario["title"] if scenario else None,
                "live": bool(scenario and scenario.get("interactive")),
                "rulings": [
                    {**r, "who": _who(r.get("chooser")),
                     "options": [{**o, "plain": sandbox.plain_option(o["text"])} for o in r.get("options", [])]}
                    for r in (scenario["rulings"] if scenario else [])
                ],
            }
    rows = [
        {"id": gid, "question": question, "laws": [views[n] for n in groups[gid]]}
        for gid, question, _, _ in GROUPS
    ]
    return builder.render("director.md.j2", groups=rows, total=len({n for ns in groups.values() for n in ns}))
