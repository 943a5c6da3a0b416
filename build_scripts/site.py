"""Render the book's data into the site's pages (Markdown) and navigation.

:func:`generate` reads ``content/`` (through :mod:`build_scripts.content`), replays the cases with
the engine (:func:`euchre_core.formats.cases.replay_case_data`) and returns a :class:`Site`: the text of
every generated page, keyed by its path in the MkDocs file collection, and the ``nav``. The MkDocs
hooks (``build_scripts/hooks.py``) add the pages as virtual files; nothing is written to ``docs/``.

The pages are Markdown produced by Jinja2 templates (``build_scripts/templates``); every string
from the data is escaped and linked by :class:`build_scripts.textmark.Inline`, and every card is
rendered by :mod:`build_scripts.cards_html`.
"""

from __future__ import annotations

import functools
import html
import json
import logging
import os
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from build_scripts import (
    analysis_view,
    content,
    director_guide,
    hint_sims,
    law_coverage,
    law_engine,
    lessons_pages,
    load_yaml,
    serve_cache,
)
from build_scripts.cards_html import SEATS, card_html, cards_html, deal_html, suit_html, template_env
from build_scripts.textmark import Inline, Term, TermMatcher, cited_laws, md_escape, relative_link
from euchre_core.app import situations
from euchre_core.formats.cases import ROMAN, CaseError, CaseReplay, list_cases, load_case, replay_case_data
from euchre_core.kernel.cards import Card, CardError
from euchre_core.search.completion import complete_case
from euchre_core.search.simulate import load_specs as load_hint_specs

REPO_ROOT = Path(__file__).resolve().parent.parent
_log = logging.getLogger("mkdocs.plugins.euchre")
CONTENT_DIR = REPO_ROOT / "content"
ENGINE_DIR = REPO_ROOT / "euchre_core"

LAWS_INDEX = "laws/index.md"
LAWS_PRINT = "laws/print.md"
TERMS = "terms.md"
PREFACE = "preface.md"
HINTS_INDEX = "hints/index.md"
CASES_INDEX = "cases/index.md"
CODES_INDEX = "codes/index.md"
CONCORDANCE = "concordance.md"
ERRATA = "errata.md"
ENGINE_LAWS = "engine-laws.md"
DIRECTOR = director_guide.PAGE
API_LAYERS = (("Kernel", "kernel"), ("Laws", "laws"), ("Formats", "formats"), ("Search", "search"), ("App", "app"))

CODE_ORDER = ("washington1877", "hoyle")
CASE_GROUPS = {
    "coups": "Coups",
    "recent": "Coups which occurred recently in play",
}
HOW_WORDS = {
    "order": "orders up",
    "assist": "assists",
    "adopt": "adopts the turn-up",
    "make": "makes the trump",
    "call": "makes the trump",
}


def erratum_title(entry_id: str) -> str:
    """An erratum's id in words, for its heading (the id stays the anchor).

    >>> erratum_title("law-43-adversaries"), erratum_title("hint-lone-hands-2-page-break")
    ('Law 43: adversaries', 'Hint, lone hands 2: page break')
    >>> erratum_title("washington1877-title-pages-omitted")
    'Washington 1877 title pages omitted'
    """
    m = re.fullmatch(r"(law|intro)-(\d+)-(.+)", entry_id)
    if m:
        head = "Law" if m[1] == "law" else "Introduction"
        return f"{head} {m[2]}: {m[3].replace('-', ' ')}"
    m = re.fullmatch(r"hint-([a-z-]+?)-(\d+)-(.+)", entry_id)
    if m:
        return f"Hint, {m[1].replace('-', ' ')} {m[2]}: {m[3].replace('-', ' ')}"
    words = entry_id.replace("washington1877", "Washington 1877").replace("-", " ")
    return words[:1].upper() + words[1:]


ERRATA_KIND_TITLES = {
    "law": "The laws",
    "term": "The technical terms",
    "hint": "The General Remarks",
    "text": "Headings and the text as a whole",
    "case": "The cases",
    "code": "The other codes (Hoyle, Washington 1877)",
}


class BuildError(Exception):
    """The data cannot be rendered: invalid content, or a case the engine refuses (the message says why)."""


@dataclass
class Use:
    """One place that cites a law: a label and the page and anchor to link to."""

    label: str
    page: str
    anchor: str | None = None
    kind: str = "text"


@dataclass
class Site:
    """The generated pages (``{path: markdown}``) and the navigation for ``mkdocs.yml``'s ``nav``."""

    pages: dict[str, str]
    nav: list[Any]
    home_law_jump: str = ""  # the home page's "go to law N" box (hooks.on_page_markdown puts it in docs/index.md)


# --------------------------------------------------------------------------- data


def _load_yaml(path: Path) -> Any:
    """One YAML file, parsed safely."""
    with path.open(encoding="utf-8") as handle:
        return load_yaml(handle)


def load_codes(content_dir: Path = CONTENT_DIR) -> list[dict[str, Any]]:
    """The other codes (``content/codes/*.yaml``), Washington 1877 and Hoyle first; ``[]`` if none yet."""
    folder = content_dir / "codes"
    if not folder.is_dir():
        return []
    codes = []
    for path in sorted(folder.glob("*.yaml")):
        data = _load_yaml(path)
        if not isinstance(data, dict):
            raise BuildError(f"{path.relative_to(REPO_ROOT)}: top level must be a mapping")
        data.setdefault("code", path.stem)
        codes.append(data)
    order = {name: index for index, name in enumerate(CODE_ORDER)}
    codes.sort(key=lambda c: (order.get(str(c["code"]), len(order)), str(c["code"])))
    return codes


def load_concordance(content_dir: Path = CONTENT_DIR) -> dict[str, Any] | None:
    """``content/concordance.yaml`` or ``None`` if it does not exist yet."""
    path = content_dir / "concordance.yaml"
    if not path.is_file():
        return None
    data = _load_yaml(path)
    if not isinstance(data, dict) or not isinstance(data.get("rows"), list):
        raise BuildError("content/concordance.yaml: top level must be a mapping with a 'rows' list")
    return data


def load_case_files(cases_dir: Path | None = None) -> list[dict[str, Any]]:
    """The cases' data: from the engine's package (default) or from the JSON files of ``cases_dir``."""
    if cases_dir is None:
        return [load_case(case_id) for case_id in list_cases()]
    paths = {p.stem: p for p in Path(cases_dir).glob("*.json")}
    ordered = [r for r in ROMAN if r in paths] + sorted(set(paths) - set(ROMAN))
    cases = []
    for name in ordered:
        try:
            cases.append(json.loads(paths[name].read_text(encoding="utf-8")))
        except json.JSONDecodeError as error:
            raise BuildError(f"Case {name}: the data file is not valid JSON: {error}") from None
    return cases


def replay(data: dict[str, Any]) -> CaseReplay:
    """Replay one case with the engine; an illegal case raises :class:`BuildError` with the engine's message."""
    try:
        return replay_case_data(data)
    except CaseError as error:
        raise BuildError(str(error)) from None


def case_page(case_id: str) -> str:
    """The source path of a case's page: ``cases/iv.md``."""
    return f"cases/{case_id.lower()}.md"


# --------------------------------------------------------------------------- helpers


def _seat_list(text: str | None) -> str:
    """``"AC"`` → ``"A and C"``."""
    return " and ".join(text) if text else ""


# The transcriptions by their numbers (the errata page explains them); a case's "Note on the text" names
# them in words, for a reader who has not read that page.
SOURCE_WORDS = {"000": "the scan", "001": "Hoyle's chapter", "002": "the 1877 code", "003": "the Gutenberg text"}


def source_words(text: str) -> str:
    """A source's number in a case's note as words.

    >>> source_words("printed “Fourth Trick.” (003); B holds them (000's reading), as in 001")
    "printed “Fourth Trick.” (the Gutenberg text); B holds them (the scan's reading), as in Hoyle's chapter"
    """
    return re.sub(r"\b00[0-3]\b", lambda m: SOURCE_WORDS[m.group(0)], text)


def code_span(text: str) -> str:
    """``text`` as a Markdown code span, whatever backticks it contains (line breaks shown as ⏎).

    >>> code_span("a `b` c")
    '`` a `b` c ``'
    """
    text = text.replace("\r", "").replace("\n", " ⏎ ")
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    fence = "`" * (longest + 1)
    pad = " " if text.startswith("`") or text.endswith("`") or longest else ""
    return f"{fence}{pad}{text}{pad}{fence}"


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


def _join_links(links: list[str]) -> str:
    """Links in one line, separated by middle dots."""
    return " · ".join(links)


def _plural(n: int, word: str) -> str:
    """``1 test``, ``2 tests``."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


PRINTED_SEAT_ORDER = "ADBC"  # the book prints the hands A, D, B, C (A at the top, C at the bottom)
PREAMBLE_PRINTED_IN = {"VIII": "VII"}  # "The following coups ..." is printed at the end of Case VII


def _plain_words(text: str | None) -> str:
    """Text reduced for finding a copy in the printed paragraphs (case, spaces, quotes)."""
    return " ".join((text or "").replace("’", "'").split()).lower()


def printed_unit_of(data: Mapping[str, Any], text: str | None, case_id: str | None = None) -> str | None:
    """The unit id (``case-VII-p3``) of the printed paragraph a narration, remark or preamble is copied from.

    ``case_id``: the case whose printed text holds it (default: ``data``'s own); None if not found.

    >>> printed_unit_of({"id": "X", "printed": [{"text": "Score, love-all. A adopts."}]}, "A adopts.")
    'case-X-p1'
    """
    if not text:
        return None
    if case_id and case_id != data.get("id"):
        try:
            data = load_case(case_id)
        except CaseError:
            return None
    wanted = _plain_words(text)
    for index, paragraph in enumerate(data.get("printed") or [], 1):
        if wanted in _plain_words(paragraph.get("text")):
            return f"case-{data['id']}-p{index}"
    return None


def printed_view(data: Mapping[str, Any], inline: Inline) -> list[dict[str, Any]]:
    """The case as printed after the hands: each paragraph with its printed label, anchor and unit id.

    Trick labels are printed in italics ("*First Trick.*—"), "Remarks." in small capitals; the first
    "Remarks." paragraph (or the closing remark, when the book prints no label) carries ``id="remarks"``.
    """
    cid = data["id"]
    out: list[dict[str, Any]] = []
    remarks_anchor = seen_trick = False
    for index, paragraph in enumerate(data.get("printed") or [], 1):
        label = paragraph.get("label")
        seen_trick = seen_trick or bool(label and "Trick" in label)
        if label == "Remarks.":
            label_md = '<span class="small-caps">Remarks.</span>—'
        elif label:
            label_md = f"*{md_escape(label)}*—"
        else:
            label_md = ""
        anchor = f"case-{cid.lower()}-p{index}"
        if not remarks_anchor and (
            label == "Remarks." or (not label and seen_trick and not paragraph.get("between_cases"))
        ):
            anchor, remarks_anchor = "remarks", True
        out.append(
            {
                "unit": f"case-{cid}-p{index}",
                "anchor": anchor,
                "label_md": label_md,
                "text": inline.render(paragraph["text"]),
                "between": bool(paragraph.get("between_cases")),
            }
        )
    return out


class Builder:
    """Holds the loaded data and renders every page."""

    def __init__(self, cases_dir: Path | None = None) -> None:
        """Load and validate the content, replay the cases, index the laws, terms, hints and citations."""
        # serving: the schema check of the five content files again only when one of them changed
        # (a schema edit restarts the generator); a third of a warm regeneration's time
        problems = serve_cache.memo(
            "content-problems",
            serve_cache.signature(content.CONTENT_DIR / name for name in content.VALIDATED_FILES),
            content.validate_all,
        )
        if problems:
            raise BuildError("content/ is not valid:\n  " + "\n  ".join(problems))
        self.laws_doc = content.load_laws()
        self.terms_doc = content.load_terms()
        self.hints_doc = content.load_hints()
        self.errata_doc = content.load_errata()
        self.codes = load_codes()
        self.concordance = load_concordance()
        self.cases = [replay(data) for data in load_case_files(cases_dir)]
        self.env = template_env()
        # what players call the laws' situations (euchre_core/data/situations.json): search terms on the law
        self.player_words: dict[int, list[str]] = {}
        for sit in situations.situations().values():
            words = self.player_words.setdefault(int(sit["law"]), [])
            words.extend(w for w in sit.get("words") or [] if w not in words)

        self.sections: list[dict[str, Any]] = self.laws_doc["sections"]
        self.law_page: dict[int, str] = {}
        self.law_section: dict[int, dict[str, Any]] = {}
        self.laws: dict[int, dict[str, Any]] = {}
        for section in self.sections:
            for law in section["laws"]:
                self.law_page[law["number"]] = self.section_page(section)
                self.law_section[law["number"]] = section
                self.laws[law["number"]] = law
        self.terms = [
            Term(t["id"], tuple(t["names"]), " ".join(t["definition"].split())) for t in self.terms_doc["terms"]
        ]
        self.law_terms = TermMatcher(self.terms, kind="law")
        self.other_terms = TermMatcher(self.terms, kind="other")
        self.term_laws: dict[str, set[int]] = {t.id: set() for t in self.terms}
        self.hint_page: dict[str, str] = {}
        for position in self.hints_doc["positions"]:
            for hint in position["hints"]:
                self.hint_page[hint["id"]] = f"hints/{position['id']}.md"
        self.uses = self._collect_uses()
        self.engine_citations = self._engine_citations()
        for number, citations in self.engine_citations.items():
            code = sum(1 for c in citations if not c["test"])
            tests = sum(1 for c in citations if c["test"])
            parts = [_plural(code, "place") + " in the code"] if code else []
            parts += [_plural(tests, "test")] if tests else []
            label = f"Engine ({self.coverage[number].status}): " + ", ".join(parts)
            self.uses[number].append(Use(label, ENGINE_LAWS, f"engine-law-{number}", "engine"))

    # ----------------------------------------------------------------- paths

    @staticmethod
    def section_page(section: Mapping[str, Any]) -> str:
        """The source path of a section's page: ``laws/the-revoke.md``."""
        return f"laws/{section['id']}.md"

    def inline(self, page: str, kind: str = "other", terms: bool = True, link_laws: bool = True) -> Inline:
        """An :class:`Inline` renderer for one page."""
        matcher = (self.law_terms if kind == "law" else self.other_terms) if terms else None
        return Inline(page=page, law_page=self.law_page, terms=matcher, link_laws=link_laws)

    def link(self, from_page: str, to_page: str, anchor: str | None = None) -> str:
        """A relative link target for Markdown (MkDocs checks it and turns it into a URL)."""
        return relative_link(from_page, to_page, anchor)

    # ----------------------------------------------------------------- "where this law matters"

    def _collect_uses(self) -> dict[int, list[Use]]:
        """Every place that cites each law: laws, terms, hints, cases, errata, concordance rows."""
        uses: dict[int, list[Use]] = {n: [] for n in self.laws}

        def add(numbers: Iterable[int], use: Use) -> None:
            """Record ``use`` for each law of ``numbers`` (once per target)."""
            for n in numbers:
                if n in uses and all((u.page, u.anchor) != (use.page, use.anchor) for u in uses[n]):
                    uses[n].append(use)

        for number, law in self.laws.items():
            cited = set(law.get("refs") or []) | set(law.get("refs_implicit") or []) | set(cited_laws(law["text"]))
            cited.discard(number)
            add(sorted(cited), Use(f"Law {number}", self.law_page[number], f"law-{number}", "law"))
        for term in self.terms_doc["terms"]:
            add(cited_laws(term["definition"]), Use(f"Term: {term['names'][0]}", TERMS, f"term-{term['id']}", "term"))
        for position in self.hints_doc["positions"]:
            for hint in position["hints"]:
                text = " ".join(str(hint.get(k) or "") for k in ("text", "footnote"))
                label = f"Hint: {position['heading']} ({hint['id'].rsplit('-', 1)[-1]})"
                add(cited_laws(text), Use(label, self.hint_page[hint["id"]], f"hint-{hint['id']}", "hint"))
        for rep in self.cases:
            data = rep.data
            cid = data["id"]
            page = case_page(cid)
            general = " ".join(
                str(x or "")
                for x in (
                    data.get("preamble"),
                    data.get("score_text"),
                    (data.get("declaration") or {}).get("text"),
                    data.get("outcome_text"),
                )
            )
            add(cited_laws(general), Use(f"Case {cid}", page, None, "case"))
            for trick in data.get("tricks", []):
                text = f"{trick.get('text') or ''} {trick.get('note') or ''}"
                number = trick["number"]
                add(cited_laws(text), Use(f"Case {cid}, trick {number}", page, f"trick-{number}", "case"))
            for remark in data.get("remarks", []):
                anchor = f"trick-{remark['after_trick']}" if remark.get("after_trick") else "remarks"
                add(cited_laws(remark.get("text") or ""), Use(f"Case {cid}, remarks", page, anchor, "case"))
            for erratum in data.get("errata", []):
                text = json.dumps(erratum, ensure_ascii=False)
                add(cited_laws(text), Use(f"Case {cid}, note on the text", page, "note-on-the-text", "case"))
        for entry in self.errata_doc["errata"]:
            label = f"Note on the text ({erratum_title(entry['id'])})"
            use = Use(label, ERRATA, f"erratum-{entry['id']}", "erratum")
            if entry["where"]["kind"] == "law":
                add([entry["where"]["ref"]], use)
            add(cited_laws(f"{entry.get('chosen', '')} {entry.get('why', '')}"), use)
        if self.concordance:
            for row in self.concordance["rows"]:
                numbers = list(row.get("laws") or []) + cited_laws(str(row.get("somerset1888") or ""))
                add(
                    numbers,
                    Use(
                        f"Concordance: {row.get('topic', row.get('id'))}",
                        CONCORDANCE,
                        f"concordance-{row['id']}",
                        "concordance",
                    ),
                )
        return uses

    def _engine_citations(self) -> dict[int, list[dict[str, Any]]]:
        """Where the engine's code and tests cite each law (:func:`build_scripts.law_coverage.collect`).

        Code citations carry the cited line; tests are the ones named after the law (``test_law_52_…``).
        """
        self.coverage = law_coverage.collect(REPO_ROOT)
        lines: dict[str, list[str]] = {}
        found: dict[int, list[dict[str, Any]]] = {}
        for number, cov in self.coverage.items():
            if number not in self.laws:
                continue
            for where in cov.code:
                path, _, line = where.rpartition(":")
                if path not in lines:
                    try:
                        lines[path] = (REPO_ROOT / path).read_text(encoding="utf-8").splitlines()
                    except (OSError, UnicodeDecodeError):
                        lines[path] = []
                text = lines[path][int(line) - 1] if line.isdigit() and int(line) <= len(lines[path]) else ""
                snippet = " ".join(text.strip().split())
                if len(snippet) > 160:
                    snippet = snippet[:157] + "…"
                found.setdefault(number, []).append(
                    {
                        "file": path,
                        "line": int(line) if line.isdigit() else 0,
                        "where": "",
                        "snippet": snippet,
                        "test": False,
                    }
                )
            for test in cov.tests:
                path, _, name = test.partition("::")
                found.setdefault(number, []).append(
                    {"file": path, "line": 0, "where": name, "snippet": "", "test": True}
                )
        return found

    def uses_markdown(self, page: str, number: int) -> str:
        """The "Where this law matters" links of one law, relative to ``page``."""
        links = [
            f"[{md_escape(use.label)}]({self.link(page, use.page, use.anchor)})"
            for use in self.uses.get(number, [])
            if use.kind != "engine"  # the engine's: in its fold
        ]
        return _join_links(links) if links else "*No case, hint, note or concordance row cites this law yet.*"

    def engine_uses_markdown(self, page: str, number: int) -> str:
        """The link to the law's row of the coverage page ("5 places in the code, 8 tests"), for the fold."""
        links = [
            f"[{md_escape(use.label)}]({self.link(page, use.page, use.anchor)})"
            for use in self.uses.get(number, [])
            if use.kind == "engine"
        ]
        return _join_links(links)

    # ----------------------------------------------------------------- pages

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

    def render(self, template: str, **context: Any) -> str:
        """Render one template (Markdown)."""
        return self.env.get_template(template).render(**context)

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

    # ----------------------------------------------------------------- cases

    def case_view(self, rep: CaseReplay) -> dict[str, Any]:
        """What the case template needs: the data, joined with the engine's replay (winners from the engine)."""
        data = rep.data
        cid = data["id"]
        page = case_page(cid)
        inline = self.inline(page)
        deal = rep.deal
        alone = data.get("alone")
        tricks = []
        json_tricks = data.get("tricks", [])
        printed = printed_view(data, inline)
        after = PREAMBLE_PRINTED_IN.get(cid)  # the case whose printed text ends with this case's preamble
        printed_anchor = {p["unit"]: p["anchor"] for p in printed}
        remarks_after: dict[int, list[dict[str, Any]]] = {}
        loose_remarks: list[dict[str, Any]] = []
        for remark in data.get("remarks", []):
            view = {"text": inline.render(remark["text"]), "copy_of": printed_unit_of(data, remark["text"])}
            if remark.get("after_trick"):
                remarks_after.setdefault(int(remark["after_trick"]), []).append(view)
            else:
                loose_remarks.append(view)
        for index, trick in enumerate(deal.tricks):
            source = json_tricks[index] if index < len(json_tricks) else {}
            number = index + 1
            tricks.append(
                {
                    "number": number,
                    "leader": SEATS[trick.leader],
                    "cards": [
                        {"seat": SEATS[seat], "card": card_html(card), "code": str(card)} for seat, card in trick.cards
                    ],
                    "winner": SEATS[trick.winner],
                    "winning_card": card_html(next(c for s, c in trick.cards if s == trick.winner)),
                    "text": inline.render(source.get("text")) if source.get("text") else None,
                    "copy_of": printed_unit_of(data, source.get("text")),
                    "copy_anchor": printed_anchor.get(printed_unit_of(data, source.get("text")) or ""),
                    "narrated": bool(source.get("narrated")),
                    "note": inline.render(source.get("note")) if source.get("note") else None,
                    "remarks": remarks_after.pop(number, []),
                }
            )
        for number in sorted(remarks_after):  # remarks after a trick that is not played: keep them
            loose_remarks.extend(remarks_after[number])
        ac, bd = deal.tricks_won_by_side()
        result = deal.result
        makers = data.get("makers")
        declaration = data.get("declaration") or {}
        seat = declaration.get("seat")
        how = HOW_WORDS.get(str(declaration.get("how")), str(declaration.get("how") or ""))
        errata = [
            {
                "id": e.get("id", ""),
                "where": md_escape(str(e.get("where", ""))),
                "sources": [(SOURCE_WORDS.get(k, k), code_span(str(v))) for k, v in (e.get("sources") or {}).items()],
                "printed": md_escape(str(e["printed"])) if e.get("printed") else None,
                "printed_note": md_escape(source_words(str(e["printed_note"]))) if e.get("printed_note") else None,
                "resolution": inline.render(source_words(str(e.get("resolution") or ""))),
                "why": inline.render(source_words(str(e.get("why") or ""))),
            }
            for e in data.get("errata", [])
        ]
        played = len(deal.tricks)
        index = self.case_ids.index(cid)
        completed = complete_case(cid)  # the rest of the deal: the book's named cards, then the engine's
        full = completed.deal
        engine_tricks = []
        k = sum(len(t.cards) for t in deal.tricks)
        for number, trick in enumerate(full.tricks[played:], played + 1):
            cards = []
            for s, c in trick.cards:
                cards.append(
                    {"seat": SEATS[s], "card": card_html(str(c)), "code": str(c), "source": completed.sources[k]}
                )
                k += 1
            engine_tricks.append(
                {
                    "number": number,
                    "leader": SEATS[trick.leader],
                    "cards": cards,
                    "winner": SEATS[trick.winner],
                    "winning_card": card_html(str(next(c for s, c in trick.cards if s == trick.winner))),
                }
            )
        fres = full.result
        fac, fbd = full.tricks_won_by_side()
        try:  # the solver's values beside the cards (added to `tricks`) and "The book, checked"
            checked = analysis_view.case_view(rep, tricks, inline)
        except analysis_view.AnalysisError as error:
            raise BuildError(str(error)) from None
        return {
            "checked": checked,
            "id": cid,
            "number": data.get("number"),
            "title": data.get("title") or "",
            "title_md": md_escape(data.get("title") or ""),
            "group": CASE_GROUPS.get(str(data.get("group")), str(data.get("group") or "")),
            "preamble": inline.render(data.get("preamble")) if data.get("preamble") else None,
            "dealer": data.get("dealer"),
            "turn_up": card_html(data["turn_up"]) if data.get("turn_up") else None,
            "turn_up_name": Card.parse(data["turn_up"]).long_name() if data.get("turn_up") else None,
            "trump": suit_html(data["trump"]),
            "trump_word": md_escape(str(deal.trump.word if deal.trump is not None else data["trump"])),
            "score": data.get("score") or {},
            "games": data.get("games"),
            "score_text": inline.render(data.get("score_text")) if data.get("score_text") else None,
            "declaration": inline.render(declaration.get("text")) if declaration.get("text") else None,
            "declaration_plain": f"{seat} {how}" + (f"; {alone} plays alone" if alone else ""),
            "makers": _seat_list(makers),
            "alone": alone,
            "deal": deal_html(
                data.get("hands") or {},
                turn_up=data.get("turn_up"),
                trump=data.get("trump"),
                dealer=data.get("dealer"),
                alone=alone,
                labels={SEATS[(SEATS.index(data.get("dealer") or "A") + 1) % 4]: "eldest"},
            ),
            "hands_text": [
                (s, [md_escape(line) for line in data.get("hands_text", {}).get(s, [])])
                for s in PRINTED_SEAT_ORDER
                if data.get("hands_text", {}).get(s)
            ],
            "printed": printed,
            "remarks_labelled": any(p.get("label") == "Remarks." for p in data.get("printed") or []),
            "preamble_copy": printed_unit_of(data, data.get("preamble"), case_id=PREAMBLE_PRINTED_IN.get(cid)),
            "preamble_after": after and {"id": after, "link": self.link(page, case_page(after), "as-printed")},
            "outcome_copy": printed_unit_of(data, data.get("outcome_text")),
            "tricks": tricks,
            "played": played,
            "complete": deal.is_over,
            "narration_stops": not data.get("play_complete") or played < 5,
            "loose_remarks": loose_remarks,
            "outcome_text": inline.render(data.get("outcome_text")) if data.get("outcome_text") else None,
            "tricks_won": {"AC": ac, "BD": bd},
            "result": result
            and {
                "points": {"AC": result.points[0], "BD": result.points[1]},
                "euchred": result.euchred,
                "march": result.march,
            },
            "engine_tricks": engine_tricks,
            "final": fres
            and {
                "tricks_won": {"AC": fac, "BD": fbd},
                "points": {"AC": fres.points[0], "BD": fres.points[1]},
                "euchred": fres.euchred,
                "march": fres.march,
            },
            "assumption": completed.assumption,
            "errata": errata,
            "errata_link": self.link(page, ERRATA, f"case-{cid.lower()}"),
            "prev": self._case_link(page, index - 1),
            "next": self._case_link(page, index + 1),
            "index_link": self.link(page, CASES_INDEX),
            "coups_link": self.link(page, "hints/coups.md"),
        }

    @functools.cached_property
    def hint_sim_results(self) -> dict[str, dict[str, Any]]:
        """The simulations of the hints put to the test, by spec id, as the committed cache has them
        (:mod:`build_scripts.hint_sims`). The site never runs them: ``make sims`` does, and the
        generator stops on a stale cache (:func:`build_scripts.generate.outputs`)."""
        doc = hint_sims._load_cache()
        return {spec_id: entry["result"] for spec_id, entry in doc.get("results", {}).items()}

    @functools.cached_property
    def hint_sim_tables(self) -> dict[str, str]:
        """The tables of the hints put to the test, by hint key."""
        return hint_sims.tables_by_hint(self.hint_sim_results)

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

    def _case_link(self, page: str, index: int) -> dict[str, str] | None:
        """The previous or next case (by position in the book), or None past either end."""
        if not 0 <= index < len(self.case_ids):
            return None
        case_id = self.case_ids[index]
        return {"id": case_id, "link": self.link(page, case_page(case_id))}

    @property
    def case_ids(self) -> list[str]:
        """The ids of the cases, in the book's order."""
        return [rep.data["id"] for rep in self.cases]

    def case_pages(self) -> dict[str, str]:
        """One page per case and the index of the cases."""
        pages = {case_page(rep.data["id"]): self.render("case.md.j2", c=self.case_view(rep)) for rep in self.cases}
        groups: dict[str, list[dict[str, Any]]] = {}
        preambles: dict[str, dict[str, Any]] = {}
        inline = self.inline(CASES_INDEX)
        for rep in self.cases:
            data = rep.data
            group = CASE_GROUPS.get(str(data.get("group")), str(data.get("group") or "Cases"))
            if data.get("preamble"):
                after = PREAMBLE_PRINTED_IN.get(data["id"])
                preambles.setdefault(
                    group,
                    {
                        "text": inline.render(data["preamble"]),
                        "unit": printed_unit_of(data, data["preamble"], case_id=after),
                        "after": after
                        and {"id": after, "link": self.link(CASES_INDEX, case_page(after), "as-printed")},
                        "before": data["id"],
                    },
                )
            ac, bd = rep.deal.tricks_won_by_side()
            groups.setdefault(group, []).append(
                {
                    "id": data["id"],
                    "title": md_escape(data.get("title") or ""),
                    "link": self.link(CASES_INDEX, case_page(data["id"])),
                    "trump": suit_html(data["trump"]),
                    "played": len(rep.deal.tricks),
                    "complete": rep.deal.is_over,
                    "tricks_won": f"{ac}–{bd}",
                    "euchred": bool(rep.deal.result and rep.deal.result.euchred),
                }
            )
        coups = next((p for p in self.hints_doc["positions"] if p["id"] == "coups"), None)
        pages[CASES_INDEX] = self.render(
            "cases_index.md.j2",
            groups=groups,
            preambles=preambles,
            coups_intro=[{"text": inline.render(h["text"]), "unit": f"hint-{h['id']}"} for h in coups["hints"]]
            if coups
            else [],
            coups_link=self.link(CASES_INDEX, "hints/coups.md"),
            notation_link=self.link(CASES_INDEX, "notation.md"),
        )
        return pages

    # ----------------------------------------------------------------- codes and concordance

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
                        "engine": inline.render(str(row.get("engine") or "")),
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

    # ----------------------------------------------------------------- errata, engine

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

    def home_law_jump(self) -> str:
        """The home page's law-number box: each section's first law and its URL from the site's root
        (``docs/javascripts/law-jump.js`` goes to the law; without JavaScript the form opens the
        laws' contents). Raw HTML, so the URLs are the built ones (directory URLs).

        >>> b = Builder()
        >>> 'data-sections="1 laws/the-rubber/;2 laws/scoring/;' in b.home_law_jump()
        True
        """
        starts = ";".join(
            f"{s['laws'][0]['number']} {self.section_page(s)[: -len('.md')]}/" for s in self.sections if s["laws"]
        )
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

    def director_page(self) -> str:
        """ "Ask the director": what the player saw → the situation → the ruling at that moment, the
        options and who chooses, from the player's chair when he says who did it."""
        plain = self.inline(DIRECTOR, terms=False)
        texts = {n: "\n\n".join(plain.paragraphs(law["text"])) for n, law in self.laws.items()}
        groups = director_guide.situations(texts, {n: s["id"] for n, s in self.law_section.items()})
        for group in groups:
            for item in group["cases"]:
                item["law_href"] = self.link(DIRECTOR, self.law_page[item["law"]], f"law-{item['law']}")
                for ruling in item.get("examples") or []:
                    ruling["text"] = plain.render(ruling["text"])
                    ruling["options"] = [md_escape(o) for o in ruling["options"]]
                    ruling["effects"] = [md_escape(e) for e in ruling["effects"]]
        return self.render(
            "director.md.j2",
            groups=groups,
            who_labels=director_guide.WHO_LABELS,
            laws_href=self.link(DIRECTOR, "laws/index.md"),
        )

    # ----------------------------------------------------------------- all

    def pages(self) -> dict[str, str]:
        """Every generated page (the laws first: they record where the terms appear)."""
        pages = self.law_pages()
        pages[TERMS] = self.terms_page()
        pages[PREFACE] = self.preface_page()
        pages.update(self.hint_pages())
        derived = self._derived_inputs()  # `mkdocs serve`: reused while their inputs are unchanged
        pages.update(serve_cache.memo("cases", derived, self.case_pages))
        pages.update(self.code_pages())
        pages[ERRATA] = self.errata_page()
        pages[ENGINE_LAWS] = self.engine_laws_page()
        pages[DIRECTOR] = self.director_page()
        pages.update(serve_cache.memo("lessons", derived, lambda: lessons_pages.lesson_pages(self)))
        return pages

    def _derived_inputs(self) -> str:
        """What the case and Learn pages depend on: every content file but the laws' text (they
        link to the laws, so the pages of the laws count), the engine and the templates."""
        return serve_cache.signature(
            [CONTENT_DIR, REPO_ROOT / "euchre_core", REPO_ROOT / "build_scripts"],
            skip=[CONTENT_DIR / "laws.yaml"],
            extra=json.dumps(self.law_page, sort_keys=True),
        )

    def nav(self, pages: Mapping[str, str]) -> list[Any]:
        """The navigation: tabs for the laws, the remarks, the cases, the other codes and the edition."""
        laws = [LAWS_INDEX, {"Preface": PREFACE}] + [
            {s["heading"]: self.section_page(s)} for s in self.sections if s["part"] != "etiquette"
        ]
        laws += [{s["heading"]: self.section_page(s)} for s in self.sections if s["part"] == "etiquette"]
        laws.append({"All the laws on one page": LAWS_PRINT})
        remarks = [
            {"Technical Terms": TERMS},
            {
                "General Remarks": [HINTS_INDEX]
                + [{p["heading"]: f"hints/{p['id']}.md"} for p in self.hints_doc["positions"]]
            },
        ]
        cases = [CASES_INDEX] + [{f"Case {cid}": case_page(cid)} for cid in self.case_ids]
        nav: list[Any] = [
            {"Home": "index.md"},
            {"The Laws": laws},
            {"Ask the director": DIRECTOR},
            {"Terms & Remarks": remarks},
            {"Cases": cases},
            {"Replay a game": "replay.md"},
            {"Learn": serve_cache.memo("lessons-nav", self._derived_inputs(), lambda: lessons_pages.lesson_nav(self))},
        ]
        if CODES_INDEX in pages:
            codes: list[Any] = [CODES_INDEX]
            codes += [{c["nav"]: c["page"]} for c in getattr(self, "_code_listing", [])]
            if CONCORDANCE in pages:
                codes.append({"Concordance": CONCORDANCE})
            nav.append({"Other Codes": codes})
        nav.append(
            {
                # the reader's and the historian's pages first; the Python package's apart (the review's R29)
                "This Edition": [
                    {"Notation": "notation.md"},
                    {"Errata": ERRATA},
                    {"The laws in the engine": ENGINE_LAWS},
                    {
                        "For programmers": [
                            {"The engine (Python)": "engine.md"},
                            {"API reference": ["api/index.md"] + [{t: f"api/{layer}.md"} for t, layer in API_LAYERS]},
                        ]
                    },
                ]
            }
        )
        return nav


def generate(cases_dir: Path | str | None = None) -> Site:
    """Render every generated page and the navigation. Raises :class:`BuildError` on bad data."""
    if cases_dir is None and os.environ.get("EUCHRE_CASES_DIR"):
        cases_dir = os.environ["EUCHRE_CASES_DIR"]
    builder = Builder(Path(cases_dir) if cases_dir else None)
    pages = builder.pages()
    return Site(pages=pages, nav=builder.nav(pages), home_law_jump=builder.home_law_jump())


def render_case(data: dict[str, Any]) -> str:
    """The page of one case from its data (the form of the JSON files): replayed by the engine first.

    Raises :class:`BuildError` naming the case, the trick and the law when the case is illegal.
    """
    replayed = replay(data)
    builder = Builder()
    builder.cases = [replayed]
    return builder.render("case.md.j2", c=builder.case_view(replayed))
