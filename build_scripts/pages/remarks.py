"""The Terms & Remarks tab: the Technical Terms, and the General Remarks (the hints) with the
simulations that put them to the test (:mod:`build_scripts.hint_sims`)."""

from __future__ import annotations

import functools
import json
from typing import Any

from build_scripts import hint_sims
from build_scripts.cards_html import cards_html
from build_scripts.pages.base import CASES_INDEX, HINTS_INDEX, TERMS, BuildError, SiteBase
from build_scripts.textmark import md_escape
from euchre_core.kernel.cards import CardError
from euchre_core.search.simulate import load_specs as load_hint_specs


class RemarkPages(SiteBase):
    """The Technical Terms and the General Remarks."""

    def terms_page(self) -> str:
        """The Technical Terms, each with ``id="term-<id>"`` and the laws it appears in."""
        inline = self.inline(TERMS, terms=False)
        terms = []
        for term in self.terms_doc["terms"]:
            laws = sorted(self.term_laws.get(term["id"], ()))
            terms.append(
                {
                    "id": term["id"],
                    "names": term["names"],
                    "head_md": md_escape(term.get("head") or ", ".join(f"“{n},”" for n in term["names"])),
                    "paragraphs": inline.paragraphs(term["definition"]),
                    "laws": [(n, self.link(TERMS, self.law_page[n], f"law-{n}")) for n in laws],
                }
            )
        return self.render("terms.md.j2", terms=terms)

    def hint_pages(self) -> dict[str, str]:
        """The General Remarks: the introduction and one page per position, each hint ``id="hint-<id>"``."""
        pages: dict[str, str] = {}
        positions = self.hints_doc["positions"]
        intro_inline = self.inline(HINTS_INDEX)
        pages[HINTS_INDEX] = self.render(
            "hints_index.md.j2",
            intro=[intro_inline.render(p) for p in self.hints_doc["intro"]],
            positions=[
                {
                    "heading": p["heading"],
                    "link": self.link(HINTS_INDEX, f"hints/{p['id']}.md"),
                    "count": len(p["hints"]),
                }
                for p in positions
            ],
            cases_link=self.link(HINTS_INDEX, CASES_INDEX),
            tests_model=hint_sims.model_markdown(),  # how the hints are put to the test (issue 18)
        )
        for index, position in enumerate(positions):
            page = f"hints/{position['id']}.md"
            inline = self.inline(page)
            blocks: list[dict[str, Any]] = []
            for hint in position["hints"]:
                view = {
                    "id": hint["id"],
                    "label": hint["id"].rsplit("-", 1)[-1],
                    "text": inline.render(hint["text"]),
                    "item": inline.render(hint["item"]) if hint.get("item") else None,
                    "score": hint.get("score"),
                    "holding": self._holding_html(hint.get("holding")),
                    "footnote": inline.render(hint["footnote"]) if hint.get("footnote") else None,
                    "sim": self.hint_sim_tables.get(hint["id"]),  # the hint put to the test (hint_sims)
                    "reruns": self.hint_sim_reruns.get(hint["id"], []),  # the reader's own run (hint-rerun.mjs)
                    "item_plain": hint.get("item") or "",
                }
                lead = hint.get("lead")
                if lead and blocks and blocks[-1]["lead"] == lead and not hint.get("list_start"):
                    blocks[-1]["hints"].append(view)
                else:
                    blocks.append({"lead": lead, "lead_md": inline.render(lead) if lead else None, "hints": [view]})
            nxt = positions[index + 1] if index + 1 < len(positions) else None
            pages[page] = self.render(
                "hints_position.md.j2",
                position=position,
                blocks=blocks,
                index_link=self.link(page, HINTS_INDEX),
                cases_link=self.link(page, CASES_INDEX) if position["id"] == "coups" else None,
                next=nxt and {"heading": nxt["heading"], "link": self.link(page, f"hints/{nxt['id']}.md")},
            )
        return pages

    @staticmethod
    def _holding_html(holding: Any) -> str | None:
        """A holding given in card notation as cards; words are already in the hint's text."""
        if not holding or isinstance(holding, str):
            return None
        hands = holding if all(isinstance(h, list) for h in holding) else [holding]
        try:
            return " <span class='holding-sep'>or</span> ".join(cards_html(h) for h in hands)
        except CardError as error:
            raise BuildError(f"hints.yaml: holding {holding!r}: {error}") from None

    @functools.cached_property
    def hint_sim_reruns(self) -> dict[str, list[dict[str, str]]]:
        """Each simulated spec's mount for the reader's own run (its id and default holding), by hint key."""
        out: dict[str, list[dict[str, str]]] = {}
        for spec in load_hint_specs():
            if spec["id"] in self.hint_sim_results:
                out.setdefault(spec["hint"], []).append(
                    {
                        "id": spec["id"],
                        "hand": " ".join(spec["hand"]),
                        "words": self.hint_token_words,
                        "turn": spec.get("turn_up") or "",  # the turned card and the seat: the picker's defaults
                        "seat": spec.get("seat") or "",
                        "kind": spec.get("kind") or "",
                    }
                )
        return out

    @functools.cached_property
    def hint_token_words(self) -> str:
        """The simulations' hand tokens in words (JSON), for the reader's own run to read back what he types."""
        return json.dumps(hint_sims.token_legend(), ensure_ascii=False, separators=(",", ":"))
