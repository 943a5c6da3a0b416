"""The other codes (Washington 1877, Hoyle: ``content/codes/*.yaml``), the concordance of the three
codes (``content/concordance.yaml``) and the index of both; only those whose data exists."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from build_scripts import hint_sims
from build_scripts.pages.base import CODES_INDEX, CONCORDANCE, LAWS_INDEX, SiteBase, code_span
from build_scripts.textmark import Inline, md_escape

_EDITORIAL_RE = re.compile(r"\[(?:OCR unreadable: (?P<raw>[^\]]*)|(?P<words>[^\]]*))\]")


def ed_span(markdown: str) -> str:
    """The editor's words (already Markdown), in square brackets and class ``ed``: the edition's voice.

    >>> ed_span("sic")
    '<span class="ed">[sic]</span>'
    """
    return f'<span class="ed">[{markdown}]</span>'


def code_text(text: str, inline: Inline | None) -> str:
    """A paragraph or heading of another code: its ``[bracketed]`` editorial words (restorations,
    ``[sic]``, headings the editor supplies) set as the editor's; ``[OCR unreadable: raw]`` shown
    as unreadable, the raw OCR quoted beside; the rest is the code's text, escaped.

    >>> code_text("Euchre. [OCR unreadable: But. repawns a .s.]", None).split("reads ")[1]
    '“<span class="ocr-unreadable">But. repawns a .s.</span>”]</span>'
    >>> code_text("to [count] for", None)
    'to <span class="ed">[count]</span> for'
    """
    out: list[str] = []
    pos = 0

    def plain(part: str, first: bool) -> str:
        if inline is not None:
            return inline.render(part) if first else inline.render("x" + part)[1:]
        return md_escape(part) if first else md_escape("x" + part)[1:]

    for m in _EDITORIAL_RE.finditer(text):
        if m.start() > pos:
            out.append(plain(text[pos : m.start()], pos == 0))
        if m.group("raw") is not None:
            raw = md_escape("x" + m.group("raw"))[1:]
            out.append(
                f'<span class="ed">[unreadable in the OCR, which reads “<span class="ocr-unreadable">{raw}'
                f"</span>”]</span>"
            )
        else:
            out.append(ed_span(md_escape("x" + m.group("words"))[1:]))
        pos = m.end()
    if pos < len(text):
        out.append(plain(text[pos:], pos == 0))
    return "".join(out)


def code_paragraph(text: str, inline: Inline | None) -> str:
    """A paragraph of another code (:func:`code_text`); a footnote the transcription moves to the end of
    its chapter ("Note: …") is labelled as the editor's placement.

    >>> code_paragraph("Note: There is no English Code.", None)
    '<span class="ed">[Footnote, printed at the foot of its page:]</span> There is no English Code.'
    """
    if text.startswith("Note: "):
        return f"{ed_span('Footnote, printed at the foot of its page:')} {code_text(text[6:], inline)}"
    return code_text(text, inline)


def ocr_fix_markdown(fix: Any) -> str:
    """One correction to the OCR as a list line: printed → chosen (why); an empty reading is said in words.

    >>> ocr_fix_markdown({"printed": "(21) ", "chosen": "", "why": "page number removed"})
    '`(21)␣` → *nothing* — page number removed'
    >>> ocr_fix_markdown({"printed": "Eight-Bower", "chosen": "Right-Bower", "why": "OCR"})
    '`Eight-Bower` → `Right-Bower` — OCR'
    """
    if not isinstance(fix, Mapping):
        return md_escape(str(fix))
    if "printed" not in fix or "chosen" not in fix:
        return "; ".join(f"{md_escape(str(k))}: {_reading(str(v))}" for k, v in fix.items())
    why = f" — {md_escape(str(fix['why']))}" if fix.get("why") else ""
    return f"{_reading(str(fix['printed']))} → {_reading(str(fix['chosen']))}{why}"


def _reading(text: str) -> str:
    """A reading of the OCR as a code span (edge spaces shown as ␣), or *nothing* when it is empty."""
    if not text.strip():
        return "*nothing*" if not text else f"{code_span(text.replace(' ', '␣'))}"
    lead = len(text) - len(text.lstrip(" "))
    trail = len(text) - len(text.rstrip(" "))
    return code_span("␣" * lead + text.strip(" ") + "␣" * trail)


def no_scheme(text: str) -> str:
    """Addresses quoted in a text lose their ``http(s)://``: the site cites, it does not link out.

    >>> no_scheme("see https://en.wikisource.org/wiki/X (seed 001)")
    'see en.wikisource.org/wiki/X (seed 001)'
    """
    return re.sub(r"\bhttps?://", "", text)


class CodePages(SiteBase):
    """The other codes and the concordance."""

    def code_pages(self) -> dict[str, str]:
        """The other codes, the concordance, and the index of both (only those whose data exists)."""
        pages: dict[str, str] = {}
        if not self.codes and not self.concordance:
            return pages
        listing = []
        for code in self.codes:
            page = f"codes/{code['code']}.md"
            plain = self.inline(page, terms=False, link_laws=False)  # their rule numbers are not the 1888 laws
            chapters = []
            for chapter in code.get("chapters") or []:
                level = int(chapter.get("level") or 2)
                chapters.append(
                    {
                        "id": chapter.get("id"),
                        "hashes": "#" * max(2, min(level, 6)),
                        "heading": code_text(str(chapter.get("heading") or chapter.get("id")), None),
                        "paragraphs": [
                            {
                                "md": code_paragraph(no_scheme(str(p)), plain),
                                "sims": None,
                                "unit": f"code-{code['code']}-{chapter.get('id')}-{i + 1}",
                            }
                            for i, p in enumerate(chapter.get("paragraphs") or [])
                        ],
                        "topics": [md_escape(str(t)) for t in chapter.get("topics") or []],
                    }
                )
            for chapter in chapters:  # Hoyle's hints put to the test, under their paragraphs (hint_sims)
                for i in range(len(chapter["paragraphs"])):
                    key = hint_sims.key_of_paragraph(str(chapter["id"]), i)
                    if code["code"] == "hoyle" and key in self.hint_sim_tables:
                        chapter["paragraphs"][i]["sims"] = self.hint_sim_tables[key]
            fixes = [ocr_fix_markdown(fix) for fix in code.get("ocr_fixes") or []]
            about = [code_text(str(p), plain) for p in code.get("about") or []]
            title = str(code.get("title") or code["code"])
            pages[page] = self.render(
                "code.md.j2",
                code=code,
                title=md_escape(title),
                source=md_escape(no_scheme(str(code.get("source") or ""))),
                citation=md_escape(no_scheme(str(code.get("citation") or ""))),
                chapters=chapters,
                fixes=fixes,
                about=about,
                concordance_link=self.link(page, CONCORDANCE) if self.concordance else None,
            )
            listing.append(
                {
                    "title": md_escape(title),
                    "link": self.link(CODES_INDEX, page),
                    "citation": md_escape(no_scheme(str(code.get("citation") or ""))),
                    "nav": title,
                    "page": page,
                    "chapters": len(chapters),
                }
            )
        if self.concordance:
            inline = self.inline(CONCORDANCE, terms=False)
            plain = self.inline(CONCORDANCE, terms=False, link_laws=False)
            code_pages = {str(c["code"]): f"codes/{c['code']}.md" for c in self.codes}
            rows = []
            for row in self.concordance["rows"]:
                laws = [n for n in row.get("laws") or [] if n in self.laws]
                rows.append(
                    {
                        "id": row["id"],
                        "topic": md_escape(str(row.get("topic") or row["id"])),
                        "somerset": inline.render(str(row.get("somerset1888") or "")),
                        "laws": [(n, self.link(CONCORDANCE, self.law_page[n], f"law-{n}")) for n in laws],
                        "washington": plain.render(str(row.get("washington1877") or "")),
                        "washington_ref": md_escape(str(row.get("washington1877_ref") or "")),
                        "washington_link": self.link(CONCORDANCE, code_pages["washington1877"])
                        if "washington1877" in code_pages
                        else None,
                        "hoyle": plain.render(str(row.get("hoyle") or "")),
                        "hoyle_ref": md_escape(str(row.get("hoyle_ref") or "")),
                        "hoyle_link": self.link(CONCORDANCE, code_pages["hoyle"]) if "hoyle" in code_pages else None,
                        "engine": code_span(str(row.get("engine") or "")),
                    }
                )
            pages[CONCORDANCE] = self.render(
                "concordance.md.j2", rows=rows, intro=md_escape(str(self.concordance.get("intro") or ""))
            )
        pages[CODES_INDEX] = self.render(
            "codes_index.md.j2",
            codes=listing,
            concordance_link=self.link(CODES_INDEX, CONCORDANCE) if self.concordance else None,
            rows=len(self.concordance["rows"]) if self.concordance else 0,
            laws_link=self.link(CODES_INDEX, LAWS_INDEX),
        )
        self._code_listing = listing
        return pages
