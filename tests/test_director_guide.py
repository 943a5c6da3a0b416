"""Issue 12: "Ask the director" (build_scripts/director_guide.py) and the search index of the built site.

The guide is walked as a reader would: each <details> opened is one tap. Every law the registry
enforces must be answered within three taps, by the engine's ruling where the law has an example.
"""

from __future__ import annotations

import json
from html.parser import HTMLParser

from conftest import BuiltSite

from build_scripts import director_guide
from euchre_core.laws.lawbook import LAWBOOK

ENFORCED = sorted(n for n, e in LAWBOOK.items() if e.status == "enforced")


class Walk(HTMLParser):
    """The situations of the guide: law → (taps to open it, its share id, the text of its answer)."""

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[str | None] = []  # per open <details>: the law it answers, if any
        self.in_guide = 0
        self.found: dict[int, dict[str, object]] = {}
        self.current: int | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "div" and "director-guide" in (a.get("class") or "").split():
            self.in_guide = 1
        elif tag == "div" and self.in_guide:
            self.in_guide += 1
        if tag == "details" and self.in_guide:
            law = a.get("data-law")
            self.stack.append(law)
            if law is not None:
                self.current = int(law)
                self.found[int(law)] = {"taps": len(self.stack), "id": a.get("id"), "text": "", "links": []}
        if tag == "a" and self.current is not None:
            self.found[self.current]["links"].append(a.get("href"))  # type: ignore[union-attr]

    def handle_endtag(self, tag: str) -> None:
        if tag == "details" and self.in_guide and self.stack:
            if self.stack.pop() is not None:
                self.current = None
        elif tag == "div" and self.in_guide:
            self.in_guide -= 1

    def handle_data(self, data: str) -> None:
        if self.current is not None:
            self.found[self.current]["text"] += data  # type: ignore[operator]


def walk(built_site: BuiltSite) -> dict[int, dict[str, object]]:
    parser = Walk()
    parser.feed((built_site.dir / "director" / "index.html").read_text(encoding="utf-8"))
    return parser.found


def test_every_enforced_law_within_three_taps(built_site: BuiltSite) -> None:
    found = walk(built_site)
    missing = [n for n in ENFORCED if n not in found]
    assert not missing, f"enforced laws the guide does not reach: {missing}"
    too_deep = {n: f["taps"] for n, f in found.items() if int(f["taps"]) > 3}  # type: ignore[call-overload]
    assert not too_deep
    assert len(found) >= len(ENFORCED) > 90


def test_law_52_answer_is_the_engines_ruling(built_site: BuiltSite) -> None:
    found = walk(built_site)[52]
    assert found["id"] == "a=lead-out-of-turn/52"
    text = " ".join(str(found["text"]).split())
    assert "C led the 7 of diamonds out of turn; it was B's lead." in text  # the director's words
    assert "Who chooses: B or D (the adversaries of C)" in text
    assert "Call the 7 of diamonds" in text and "Exact no penalty" in text
    assert "call-suit" not in text and "call-card" not in text  # no option ids
    assert "If any player lead out of turn" in text  # the book's law
    links = [str(h) for h in found["links"]]  # type: ignore[union-attr]
    assert "../laws/cards-liable-to-be-called/#law-52" in links
    assert "#a=lead-out-of-turn/52" in links


def test_law_90_wrong_number_and_law_41_misdeal(built_site: BuiltSite) -> None:
    found = walk(built_site)
    assert found[90]["id"] == "a=wrong-number/90"
    assert "forfeits 2" in str(found[90]["text"])
    assert found[41]["id"] == "a=misdeal/41"
    assert "Misdeal" in str(found[41]["text"])


def test_a_law_newly_enforced_falls_into_its_sections_group() -> None:
    placed = {n for _, _, numbers in director_guide.GROUPS for n in numbers}
    texts = {n: f"law {n}" for n in LAWBOOK}
    sections = {n: "the-revoke" for n in LAWBOOK}
    groups = director_guide.situations(texts, sections)
    listed = {c["law"] for g in groups for c in g["cases"]}
    assert set(ENFORCED) <= listed
    assert placed <= listed | {n for n in placed if n not in LAWBOOK}


def test_search_finds_law_52_not_the_coverage_page(built_site: BuiltSite) -> None:
    index = json.loads((built_site.dir / "search" / "search_index.json").read_text(encoding="utf-8"))
    locations = [d["location"] for d in index["docs"]]
    assert not [x for x in locations if x.startswith("engine-laws/")]  # excluded from search
    assert "laws/cards-liable-to-be-called/#law-52" in locations
    law_52 = next(d for d in index["docs"] if d["location"] == "laws/cards-liable-to-be-called/#law-52")
    assert "Engine (" not in law_52["text"] and "director.Director" not in law_52["text"]


def test_law_text_first_then_the_engine_folded(built_site: BuiltSite) -> None:
    html = (built_site.dir / "laws" / "cards-liable-to-be-called" / "index.html").read_text(encoding="utf-8")
    block = html[html.index('id="law-52"') : html.index('id="law-53"')]
    text_at = block.index("If any player lead out of turn")
    fold_at = block.index('<details class="law-engine"')
    assert text_at < fold_at
    fold = block[fold_at : block.index("</details>", fold_at)]
    assert "<summary>In the engine: enforced</summary>" in fold
    assert "Director._lead_out_of_turn" in fold and "Engine (" in fold
    assert "Engine (" not in block[:fold_at]


def test_law_44_rulings_one_item_each_and_no_console_notation(built_site: BuiltSite) -> None:
    pages = list((built_site.dir / "laws").glob("*/index.html"))
    run_together = [p.parent.name for p in pages if ".- <em>" in p.read_text(encoding="utf-8")]
    assert run_together == []
    html = (built_site.dir / "laws" / "a-misdeal" / "index.html").read_text(encoding="utf-8")
    block = html[html.index('id="law-44"') : html.index('id="law-45"')]
    assert block.count("<li><em>") == 2  # the interruption, then the misdeal
    law52 = (built_site.dir / "laws" / "cards-liable-to-be-called" / "index.html").read_text(encoding="utf-8")
    law52 = law52[law52.index('id="law-52"') : law52.index('id="law-53"')]
    assert "name it:" not in law52 and "<strong>call-card</strong>" not in law52
    assert "B or D may choose: 1. Call the 7 of diamonds" in law52


def test_laws_shown_later_in_their_example_are_answered_by_a_ruling_citing_them(built_site: BuiltSite) -> None:
    found = walk(built_site)
    four = " ".join(str(found[4]["text"]).split())
    assert "The hand is scored, in this order: revoke — BD 3; deal — AC 1." in four  # Law 4: revoke first
    assert "The election belongs to BD" in " ".join(str(found[85]["text"]).split())  # Law 85
    assert "has none: the penalty is paid" in " ".join(str(found[57]["text"]).split())  # Law 57
