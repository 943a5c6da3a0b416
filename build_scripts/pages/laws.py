"""The laws' pages: one per section, the contents with the jump box, all the laws on one page, the
Preface, and the home page's law-number box."""

from __future__ import annotations

import html
import re
from collections.abc import Mapping
from typing import Any

from build_scripts import content, director_guide, law_engine
from build_scripts.pages.base import DIRECTOR, LAWS_INDEX, LAWS_PRINT, PREFACE, TERMS, SiteBase
from build_scripts.textmark import md_escape
from euchre_core.app import situations


class LawPages(SiteBase):
    """The laws, the Preface and the home page's law box."""

    def law_view(self, page: str, number: int, level: int) -> dict[str, Any]:
        """What a template needs to show one law."""
        inline = self.inline(page, kind="law")
        inline.on_term = lambda term_id: self.term_laws[term_id].add(number)
        law = self.laws[number]
        return {
            "number": number,
            "hashes": "#" * level,
            "paragraphs": inline.paragraphs(law["text"]),
            "uses": self.uses_markdown(page, number),
            "engine_uses": self.engine_uses_markdown(page, number),
            "engine": law_engine.engine_view(number),
            "words": self.player_words.get(number, []),
            "situations": [
                (md_escape(sit["title"]), self.link(page, DIRECTOR, director_guide.share_id(sit["id"])))
                for sit in situations.situations().values()
                if sit["law"] == number
            ],
        }

    def section_view(self, page: str, section: Mapping[str, Any], level: int) -> dict[str, Any]:
        """What a template needs to show one section and its laws."""
        numbers = [law["number"] for law in section["laws"]]
        return {
            "id": section["id"],
            "heading": section["heading"],
            "part": section["part"],
            "range": f"Law {numbers[0]}" if len(numbers) == 1 else f"Laws {numbers[0]}–{numbers[-1]}",
            "first": numbers[0],
            "laws": [self.law_view(page, n, level) for n in numbers],
            "page": self.section_page(section),
        }

    def law_pages(self) -> dict[str, str]:
        """One page per section of the laws, the contents with the jump box, the printable page."""
        pages: dict[str, str] = {}
        for index, section in enumerate(self.sections):
            page = self.section_page(section)
            prev_s = self.sections[index - 1] if index else None
            next_s = self.sections[index + 1] if index + 1 < len(self.sections) else None
            pages[page] = self.render(
                "laws_section.md.j2",
                s=self.section_view(page, section, level=2),
                prev=prev_s and {"heading": prev_s["heading"], "link": self.link(page, self.section_page(prev_s))},
                next=next_s and {"heading": next_s["heading"], "link": self.link(page, self.section_page(next_s))},
                contents=self.link(page, LAWS_INDEX),
            )
        rows = []
        for section in self.sections:
            numbers = [law["number"] for law in section["laws"]]
            rows.append(
                {
                    "heading": section["heading"],
                    "part": section["part"],
                    "link": self.link(LAWS_INDEX, self.section_page(section)),
                    "laws": [(n, self.link(LAWS_INDEX, self.section_page(section), f"law-{n}")) for n in numbers],
                }
            )
        pages[LAWS_INDEX] = self.render(
            "laws_index.md.j2",
            rows=rows,
            grid=[(n, self.link(LAWS_INDEX, self.law_page[n], f"law-{n}")) for n in sorted(self.laws)],
            print_link=self.link(LAWS_INDEX, LAWS_PRINT),
            terms_link=self.link(LAWS_INDEX, TERMS),
            count=len(self.laws),
        )
        pages[LAWS_PRINT] = self.render(
            "laws_print.md.j2",
            sections=[self.section_view(LAWS_PRINT, s, level=3) for s in self.sections],
            contents=self.link(LAWS_PRINT, LAWS_INDEX),
        )
        return pages

    def preface_page(self) -> str:
        """The book's Preface (five paragraphs), its printed italics as emphasis."""
        doc = content.load_preface()
        inline = self.inline(PREFACE, terms=False)
        paragraphs = []
        for text in doc["paragraphs"]:
            rendered = inline.render(text)
            for word in doc.get("italics") or []:
                rendered = re.sub(
                    rf"(?<![\w*]){re.escape(md_escape(word))}(?![\w*])", f"*{md_escape(word)}*", rendered, count=1
                )
            paragraphs.append(rendered)
        return self.render("preface.md.j2", heading=md_escape(doc["heading"]), paragraphs=paragraphs)

    def law_section_starts(self) -> str:
        """Each section's first law and its URL from the site's root, ``"1 laws/the-rubber/;2 laws/scoring/;…"``:
        how a page's script finds law N's page without a table of all 116 (the law jump, the game page)."""
        return ";".join(
            f"{s['laws'][0]['number']} {self.section_page(s)[: -len('.md')]}/" for s in self.sections if s["laws"]
        )

    def home_law_jump(self) -> str:
        """The home page's law-number box: each section's first law and its URL from the site's root
        (``docs/javascripts/law-jump.js`` goes to the law; without JavaScript the form opens the
        laws' contents). Raw HTML, so the URLs are the built ones (directory URLs).

        >>> b = LawPages()
        >>> 'data-sections="1 laws/the-rubber/;2 laws/scoring/;' in b.home_law_jump()
        True
        """
        starts = self.law_section_starts()
        count = len(self.laws)
        return (
            f'<form class="law-jump home-law-jump" role="search" aria-label="Go to a law" action="laws/" novalidate '
            f'data-sections="{html.escape(starts)}" data-search-exclude>'
            '<label for="home-law-input">Law number</label>'
            f'<input id="home-law-input" name="law" type="number" min="1" max="{count}" inputmode="numeric" '
            f'placeholder="1–{count}" required>'
            '<button type="submit" class="md-button">Go</button>'
            '<output class="law-jump-message" for="home-law-input"></output></form>'
        )
