"""The edition's own pages: the errata (every note on the text, linked to what it concerns) and the
laws in the engine (how far the engine applies each law, with the citing code and tests)."""

from __future__ import annotations

from typing import Any

from build_scripts.pages.base import (
    ENGINE_LAWS,
    ERRATA,
    HINTS_INDEX,
    LAWS_INDEX,
    PREFACE,
    TERMS,
    SiteBase,
    case_page,
    code_span,
    erratum_title,
)
from build_scripts.textmark import md_escape
from euchre_core.formats.cases import ROMAN

ERRATA_KIND_TITLES = {
    "law": "The laws",
    "term": "The technical terms",
    "hint": "The General Remarks",
    "text": "Headings and the text as a whole",
    "case": "The cases",
    "code": "The other codes (Hoyle, Washington 1877)",
}


class EditionPages(SiteBase):
    """The errata and the laws in the engine."""

    def errata_page(self) -> str:
        """Every entry of ``content/errata.yaml`` and every case's erratum, with a link to what it concerns."""
        inline = self.inline(ERRATA, terms=False)
        kinds: dict[str, list[dict[str, Any]]] = {k: [] for k in ERRATA_KIND_TITLES}
        sections = {s["id"]: s for s in self.sections}
        positions = {p["id"]: p for p in self.hints_doc["positions"]}
        for entry in self.errata_doc["errata"]:
            kind, ref = entry["where"]["kind"], entry["where"]["ref"]
            target: tuple[str, str | None] | None = None
            if kind == "law":
                target = (f"Law {ref}", self.link(ERRATA, self.law_page[int(ref)], f"law-{ref}"))
            elif kind == "term":
                target = (f"Term “{ref}”", self.link(ERRATA, TERMS, f"term-{ref}"))
            elif kind == "hint":
                target = (f"Hint {ref}", self.link(ERRATA, self.hint_page[str(ref)], f"hint-{ref}"))
            elif kind == "case":
                cid = ROMAN[int(ref) - 1] if str(ref).isdigit() else str(ref)
                if cid in self.case_ids:
                    target = (f"Case {cid}", self.link(ERRATA, case_page(cid)))
            elif kind == "code":
                target = (f"Other code: {ref}", self.link(ERRATA, f"codes/{ref}.md"))
            elif kind == "text":
                if ref == "preface":
                    target = ("The Preface", self.link(ERRATA, PREFACE))
                elif ref in sections:
                    target = (sections[ref]["heading"], self.link(ERRATA, self.section_page(sections[ref])))
                elif ref in positions:
                    target = (positions[ref]["heading"], self.link(ERRATA, f"hints/{ref}.md"))
                elif str(ref).startswith("intro-"):
                    target = ("General Remarks, introduction", self.link(ERRATA, HINTS_INDEX, str(ref)))
                elif ref == "laws":
                    target = ("The laws", self.link(ERRATA, LAWS_INDEX))
                elif ref in ("hints", "intro"):
                    target = ("The General Remarks", self.link(ERRATA, HINTS_INDEX))
                elif ref == "terms":
                    target = ("The technical terms", self.link(ERRATA, TERMS))
                else:
                    target = ("The whole text", None)
            kinds.setdefault(kind, []).append(
                {
                    "id": entry["id"],
                    "title": md_escape(erratum_title(entry["id"])),
                    "target": target and (md_escape(target[0]), target[1]),
                    "sources": [(k, code_span(str(v))) for k, v in entry["sources"].items()],
                    "chosen": code_span(str(entry["chosen"])),
                    "why": inline.render(str(entry["why"])),
                }
            )
        cases = []
        for rep in self.cases:
            if not rep.data.get("errata"):
                continue
            cid = rep.data["id"]
            cases.append(
                {
                    "id": cid,
                    "link": self.link(ERRATA, case_page(cid), "note-on-the-text"),
                    "errata": [
                        {
                            "id": e.get("id", ""),
                            "where": md_escape(str(e.get("where", ""))),
                            "sources": [(k, code_span(str(v))) for k, v in (e.get("sources") or {}).items()],
                            "printed": code_span(str(e["printed"])) if e.get("printed") else None,
                            "resolution": inline.render(str(e.get("resolution") or "")),
                            "why": inline.render(str(e.get("why") or "")),
                        }
                        for e in rep.data["errata"]
                    ],
                }
            )
        total = sum(len(v) for v in kinds.values()) + sum(len(c["errata"]) for c in cases)
        return self.render(
            "errata.md.j2",
            kinds=[(k, ERRATA_KIND_TITLES.get(k, k), v) for k, v in kinds.items() if v],
            cases=cases,
            total=total,
        )

    def engine_laws_page(self) -> str:
        """How far the engine applies each law: the coverage table and the citing code and tests."""
        rows = []
        for number in sorted(self.laws):
            cov = self.coverage.get(number)
            cites = self.engine_citations.get(number, [])
            rows.append(
                {
                    "number": number,
                    "link": self.link(ENGINE_LAWS, self.law_page[number], f"law-{number}"),
                    "section": md_escape(self.law_section[number]["heading"]),
                    "status": cov.status if cov else "presented",
                    "code": sum(1 for c in cites if not c["test"]),
                    "tests": sum(1 for c in cites if c["test"]),
                    "citations": [{**c, "snippet": code_span(c["snippet"]) if c["snippet"] else ""} for c in cites],
                }
            )
        counts = {s: sum(1 for r in rows if r["status"] == s) for s in ("enforced", "cited", "presented")}
        return self.render(
            "engine_laws.md.j2", rows=rows, counts=counts, engine_link=self.link(ENGINE_LAWS, "engine.md")
        )
