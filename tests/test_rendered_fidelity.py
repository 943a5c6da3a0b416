"""Fidelity of the RENDERED site to both transcriptions of *The Laws of Euchre* (1888).

The site is built (``mkdocs build --strict`` into a temporary folder: the session's ``built_site``),
and the text is taken from the HTML, not from the YAML: every element that carries
``data-unit="<unit>"`` is a unit of the book (``preface-N``, ``law-N``, ``term-<id>``, ``intro-N``,
``hint-<id>``, ``hint-<id>-footnote``, ``case-<id>-…``). A unit's text is its text content minus
the editor's words (any element of class ``ed``: square brackets, the edition's voice), footnote
markers (``<sup>``) and permalinks. Each unit, normalised as in ``test_content_fidelity`` (case,
quotes, dashes, whitespace, line-end hyphenation), must be found in the normalised text of source
000 and of source 003, each unit after the one before it in book order -- or differ only where an
erratum of ``content/errata.yaml`` for that unit says so (its ``chosen`` reading stands for the
source's). The checks fail on any unmarked difference: a changed word, a gloss without class
``ed``, a unit missing, or book text printed outside a unit on a page of the book's text.

``test_checker_catches_*`` mutate a rendered page (one word, a gloss, a paragraph) and assert that
the checker reports it.

Run: ``PYTHONPATH=. .venv/bin/python -m pytest -q -p no:cacheprovider tests/test_rendered_fidelity.py``.
"""

from __future__ import annotations

import functools
import importlib.util
import re
import sys
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from build_scripts import content
from euchre_core.formats.cases import list_cases, load_case

HERE = Path(__file__).resolve().parent
_spec = importlib.util.spec_from_file_location("_content_fidelity", HERE / "test_content_fidelity.py")
assert _spec and _spec.loader
fidelity = importlib.util.module_from_spec(_spec)
sys.modules.setdefault("_content_fidelity", fidelity)
_spec.loader.exec_module(fidelity)
normalise = fidelity.normalise
SOURCES = ("000", "003")
_spec = importlib.util.spec_from_file_location("_other_codes", HERE / "test_other_codes.py")
assert _spec and _spec.loader
other_codes = importlib.util.module_from_spec(_spec)
sys.modules.setdefault("_other_codes", other_codes)
_spec.loader.exec_module(other_codes)


def normalise_keeping_case(text: str) -> str:
    """``normalise`` without lower-casing: 003 (Project Gutenberg) prints capitals as the book's
    sentence case, so the comparison with it is case-sensitive; 000 sets small capitals as capitals
    ("EUCHRE is played", "REMARKS.—"), so with 000 it is not (erratum conventions-small-capitals).

    >>> normalise_keeping_case("“Right Bower,” or   “Right,” — knave")
    '"Right Bower," or "Right,"—knave'
    """
    text = re.sub(r"<\|[^|>]*\|>", "\n\n", text)
    text = re.sub(r"<sup>\d+</sup>|\[\d+\]", "", text)
    text = re.sub(r"(\w)-[ \t]*\n\s*(\w)", r"\1\2", text)
    text = re.sub(r"[*#\\]", "", text)
    text = text.translate(fidelity._QUOTES)
    text = re.sub(r"\s*[—–]\s*", "—", text)
    text = re.sub(r"\s+([,.;:!?])", r"\1", text)
    return " ".join(text.split())


NORMALISE = {"000": normalise, "003": normalise_keeping_case}

# Elements whose text is not the book's and need not be: the edition's apparatus, its widgets.
SKIP_CLASSES = {
    "ed",
    "headerlink",
    "hint-sims",
    "hint-sim",
    "hint-rerun",
    "section-nav",
    "law-jump",
    "engine-console",
    "engine-console-box",
}
SKIP_TAGS = {"script", "style", "nav", "noscript", "template", "svg"}
COPY_PAGES = ("cases",)  # pages that show copies of the book's units (data-copy), not units of their own
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


# --------------------------------------------------------------------------- reading the HTML


@dataclass
class PageText:
    """A rendered page's book units (unit id → text, in page order) and its stray text."""

    units: dict[str, list[str]] = field(default_factory=dict)
    order: list[str] = field(default_factory=list)
    stray: list[str] = field(default_factory=list)  # text outside any unit and not marked as the editor's


class _Reader(HTMLParser):
    """Collects the text of ``data-unit`` elements inside ``<article>``, minus ``.ed``, ``<sup>`` and permalinks."""

    def __init__(self, unit_attr: str = "data-unit") -> None:
        super().__init__(convert_charrefs=True)
        self.unit_attr = unit_attr
        self.page = PageText()
        self.stack: list[tuple[str, str | None, bool, bool]] = []  # tag, unit, skipped, heading
        self.in_article = 0
        self.buffer: dict[int, list[str]] = {}

    def _state(self) -> tuple[str | None, bool, bool]:
        if not self.stack:
            return None, False, False
        _, unit, skipped, heading = self.stack[-1]
        return unit, skipped, heading

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in VOID:
            return
        attributes = dict(attrs)
        classes = set((attributes.get("class") or "").split())
        if tag == "article":
            self.in_article += 1
        unit, skipped, heading = self._state()
        if attributes.get(self.unit_attr):
            unit = attributes[self.unit_attr]
            self.buffer[len(self.stack)] = []
        skipped = skipped or bool(classes & SKIP_CLASSES) or tag in SKIP_TAGS or tag == "sup"
        heading = heading or tag in ("h1", "h2", "h3", "h4", "h5", "h6")
        self.stack.append((tag, unit, skipped, heading))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        pass

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID or not self.stack:
            return
        while self.stack:  # tolerate unclosed tags: pop to the matching one
            depth = len(self.stack) - 1
            open_tag, unit, _, _ = self.stack.pop()
            if depth in self.buffer:
                text = "".join(self.buffer.pop(depth))
                assert unit is not None
                if unit not in self.page.units:
                    self.page.units[unit] = []
                    self.page.order.append(unit)
                self.page.units[unit].append(text)
            if open_tag == tag:
                break
        if tag == "article":
            self.in_article -= 1

    def handle_data(self, data: str) -> None:
        if not self.in_article:
            return
        unit, skipped, heading = self._state()
        if skipped:
            return
        if unit is not None:
            depth = max(d for d in self.buffer)
            self.buffer[depth].append(data)
        elif data.strip() and not heading:
            self.page.stray.append(" ".join(data.split()))


def read_page(html: str) -> PageText:
    """The book units and the stray text of one rendered page."""
    reader = _Reader()
    reader.feed(html)
    reader.close()
    return reader.page


def unit_text(page: PageText, unit: str) -> str:
    """A unit's text: its elements' text joined as paragraphs."""
    return "\n\n".join(page.units[unit])


# --------------------------------------------------------------------------- the book's units


@dataclass(frozen=True)
class Unit:
    """One unit of the book, where the site shows it, and how its errata are keyed."""

    id: str
    page: str  # the page's folder in the built site ("laws/the-deal")
    kind: str  # errata kind: law | term | hint | text | preface
    ref: Any
    prefix: str = ""  # printed before the text in the book but shown apart on the site ("52. ")
    ordered: bool = True  # False: a footnote, printed at the foot of a page wherever the page ends


def book_units() -> list[Unit]:
    """Every unit of the 1888 book that the site must show, in book order."""
    units = [
        Unit(f"preface-{i + 1}", "preface", "preface", i + 1) for i in range(len(content.load_preface()["paragraphs"]))
    ]
    for section in content.load_laws()["sections"]:
        for law in section["laws"]:
            n = law["number"]
            units.append(Unit(f"law-{n}", f"laws/{section['id']}", "law", n, prefix=f"{n}. "))
    units += [Unit(f"term-{t['id']}", "terms", "term", t["id"]) for t in content.load_terms()["terms"]]
    hints = content.load_hints()
    units += [Unit(f"intro-{i + 1}", "hints", "text", f"intro-{i + 1}") for i in range(len(hints["intro"]))]
    for position in hints["positions"]:
        for hint in position["hints"]:
            units.append(Unit(f"hint-{hint['id']}", f"hints/{position['id']}", "hint", hint["id"]))
            if hint.get("footnote"):
                units.append(
                    Unit(f"hint-{hint['id']}-footnote", f"hints/{position['id']}", "hint", hint["id"], ordered=False)
                )
    for case_id in list_cases():
        data = load_case(case_id)
        page = f"cases/{case_id.lower()}"
        for seat in "ADBC":  # the hands' lines: 000 sets Case V's hands as a table, so lines are not in order
            for index in range(len(data["hands_text"].get(seat) or [])):
                units.append(Unit(f"case-{case_id}-hand-{seat}-{index + 1}", page, "case", case_id, ordered=False))
        for index in range(len(data["printed"])):
            units.append(Unit(f"case-{case_id}-p{index + 1}", page, "case", case_id))
    return units


def copies(pages: dict[str, str]) -> list[str]:
    """Problems with the copies of the book's text placed beside a step (``data-copy="<unit>"``): each
    copy's text (minus the editor's words) must be part of the unit it copies."""
    problems = []
    every: dict[str, str] = {}
    for html in pages.values():
        page = read_page(html)
        every.update({unit: normalise(unit_text(page, unit)) for unit in page.units})
    for name, html in pages.items():
        reader = _Reader(unit_attr="data-copy")
        reader.feed(html)
        for unit, texts in reader.page.units.items():
            whole = every.get(unit)
            for text in texts:
                if whole is None:
                    problems.append(f"{name}: a copy of {unit}, which is on no page of the book's text")
                elif normalise(text) not in whole:
                    problems.append(f"{name}: the copy of {unit} differs from it: {normalise(text)[:200]!r}")
    return problems


@functools.cache
def _errata() -> list[dict[str, Any]]:
    return content.load_errata()["errata"]


def forms(unit: Unit, text: str, source: str) -> list[tuple[str, str]]:
    """(normalised form, how): the rendered text, then with the unit's errata put back to ``source``'s reading."""
    normalise = NORMALISE[source]
    form = normalise(unit.prefix + text)
    result = [(form, "verbatim")]
    patched, used = form, []
    for entry in _errata():
        if (entry["where"]["kind"], entry["where"]["ref"]) != (unit.kind, unit.ref) or source not in entry["sources"]:
            continue
        chosen, printed = normalise(entry["chosen"]), normalise(entry["sources"][source])
        if chosen and chosen in patched and chosen != printed:
            patched = patched.replace(chosen, printed)
            used.append(entry["id"])
    if used:
        result.append((patched, "errata:" + ",".join(used)))
    return result


# --------------------------------------------------------------------------- the checker


def check(pages: dict[str, str], units: list[Unit], sources: dict[str, str]) -> list[str]:
    """Every difference between the rendered ``pages`` ({page folder: html}) and the ``sources``.

    Returns human-readable problems (empty: the rendered text is the book's, unit by unit).
    """
    problems: list[str] = []
    read = {name: read_page(html) for name, html in pages.items()}
    book_pages = {u.page for u in units}
    for name in sorted(book_pages):
        if name not in read:
            problems.append(f"{name}: page missing from the built site")
            continue
        for stray in read[name].stray if not name.startswith("cases/") else ():
            problems.append(f"{name}: text neither the book's (in a unit) nor marked as the editor's: {stray!r}")
        expected = {u.id for u in units if u.page == name}
        for extra in sorted(set(read[name].order) - expected):
            problems.append(f"{name}: unit {extra!r} is not a unit of the book on this page")
    for source, text in sources.items():
        cursor = 0
        for unit in units:
            page = read.get(unit.page)
            if page is None or unit.id not in page.units:
                if source == SOURCES[0]:
                    problems.append(f"{unit.page}: unit {unit.id} is not on the page")
                continue
            rendered = unit_text(page, unit.id)
            hit = None
            for form, _how in forms(unit, rendered, source):
                at = text.find(form, cursor if unit.ordered else 0)
                if at >= 0 and (hit is None or at < hit[0]):
                    hit = (at, at + len(form))
            if hit is None:
                problems.append(
                    f"{unit.page}: {unit.id} differs from source {source} (after the unit before it), and no "
                    f"erratum explains it:\n    rendered: {NORMALISE[source](unit.prefix + rendered)[:300]!r}"
                )
            elif unit.ordered:
                cursor = hit[1]
    return problems


# --------------------------------------------------------------------------- fixtures


@pytest.fixture(scope="module")
def units() -> list[Unit]:
    return book_units()


@pytest.fixture(scope="module")
def sources() -> dict[str, str]:
    texts = {}
    for key in SOURCES:
        path = fidelity.SEEDS / fidelity.SOURCE_FILES[key]
        if not path.is_file():
            pytest.skip(f"source text {path} not available")
        texts[key] = NORMALISE[key](path.read_text(encoding="utf-8"))
    return texts


@pytest.fixture(scope="module")
def rendered(built_site: Any, units: list[Unit]) -> dict[str, str]:
    """The rendered HTML of every page that shows the book's units."""
    pages = {}
    for name in sorted({u.page for u in units} | set(COPY_PAGES)):
        path = built_site.dir / name / "index.html"
        if path.is_file():
            pages[name] = path.read_text(encoding="utf-8")
    return pages


# --------------------------------------------------------------------------- the tests


def test_rendered_site_is_the_book_unit_by_unit(
    rendered: dict[str, str], units: list[Unit], sources: dict[str, str]
) -> None:
    problems = check(rendered, units, sources) + copies(rendered)
    assert not problems, f"{len(problems)} unmarked difference(s):\n" + "\n".join(problems[:40])


def test_every_unit_of_the_book_is_rendered(rendered: dict[str, str], units: list[Unit]) -> None:
    found = {u for page in rendered.values() for u in read_page(page).units}
    # 5 preface paragraphs, 116 laws, the terms, 8 intro paragraphs, the hints and their one footnote,
    # and the cases: every printed line of the hands and every paragraph after them
    expected = 5 + 116 + fidelity.EXPECTED_TERMS + fidelity.EXPECTED_INTRO + sum(fidelity.EXPECTED_HINTS.values()) + 1
    assert len([u for u in units if u.kind != "case"]) == expected
    case_paragraphs = [u for u in units if u.kind == "case" and "-hand-" not in u.id]
    assert len(case_paragraphs) == 6 + 2 + 5 + 4 + 4 + 6 + 7 + 6 + 5  # counted in the book, Cases I-IX
    assert {u.id for u in units} <= found


def _mutate(pages: dict[str, str], name: str, old: str, new: str) -> dict[str, str]:
    assert pages[name].count(old) >= 1, f"{old!r} not on {name}"
    return {**pages, name: pages[name].replace(old, new, 1)}


def test_checker_catches_a_one_word_change_in_a_law(
    rendered: dict[str, str], units: list[Unit], sources: dict[str, str]
) -> None:
    page = "laws/cards-liable-to-be-called"
    mutated = _mutate(rendered, page, "call the card erroneously led", "call the card wrongly led")
    problems = check(mutated, units, sources)
    assert any("law-" in p and "differs from source 000" in p for p in problems), problems
    assert any("differs from source 003" in p for p in problems)


def test_checker_catches_a_one_word_change_in_the_terms_and_preface(
    rendered: dict[str, str], units: list[Unit], sources: dict[str, str]
) -> None:
    mutated = _mutate(rendered, "terms", "taking five tricks", "taking four tricks")
    assert any("term-march differs" in p for p in check(mutated, units, sources))
    mutated = _mutate(rendered, "preface", "scientific Euchre-players", "serious Euchre-players")
    assert any("preface-2 differs" in p for p in check(mutated, units, sources))


def test_checker_catches_an_unmarked_gloss(
    rendered: dict[str, str], units: list[Unit], sources: dict[str, str]
) -> None:
    # A gloss inside a unit but without class "ed": a difference.
    mutated = _mutate(rendered, "hints/third", "Order with", "Order (third hand) with")
    assert any("hint-third-" in p and "differs" in p for p in check(mutated, units, sources))
    # The same gloss marked as the editor's: no difference.
    marked = _mutate(rendered, "hints/third", "Order with", 'Order <span class="ed">[third hand]</span> with')
    assert check(marked, units, sources) == []


def test_checker_catches_text_outside_the_units(
    rendered: dict[str, str], units: list[Unit], sources: dict[str, str]
) -> None:
    mutated = _mutate(
        rendered,
        "laws/the-deal",
        '<h2 class="law-heading" id="law-29"',
        '<p>The dealer may look at the bottom card.</p><h2 class="law-heading" id="law-29"',
    )
    assert any("neither the book's" in p for p in check(mutated, units, sources))


def test_checker_catches_a_missing_unit_and_a_reordering(
    rendered: dict[str, str], units: list[Unit], sources: dict[str, str]
) -> None:
    mutated = _mutate(rendered, "terms", 'data-unit="term-march"', 'data-unit="term-gone"')
    problems = check(mutated, units, sources)
    assert any("term-march is not on the page" in p for p in problems)
    swapped = [*units]
    i = next(k for k, u in enumerate(swapped) if u.id == "law-52")
    swapped[i], swapped[i + 1] = swapped[i + 1], swapped[i]
    assert any("differs" in p for p in check(rendered, swapped, sources))


def test_reader_drops_the_editors_words_and_footnote_markers() -> None:
    html = (
        '<article><p data-unit="hint-x">Assist <span class="ed">[3]</span>with right.<sup>1</sup>'
        '<a class="headerlink">¶</a></p><p class="ed">[a note]</p><p>stray</p></article>'
    )
    page = read_page(html)
    assert unit_text(page, "hint-x") == "Assist with right."
    assert page.stray == ["stray"]


def test_printable_laws_page_shows_the_same_law_text(
    built_site: Any, rendered: dict[str, str], units: list[Unit]
) -> None:
    printed = read_page((built_site.dir / "laws" / "print" / "index.html").read_text(encoding="utf-8"))
    assert not printed.stray, printed.stray[:5]
    pages = {name: read_page(html) for name, html in rendered.items()}
    for unit in (u for u in units if u.kind == "law"):
        assert unit_text(printed, unit.id) == unit_text(pages[unit.page], unit.id), unit.id


def test_checker_catches_a_change_in_a_case_and_in_a_copy_beside_a_trick(
    rendered: dict[str, str], units: list[Unit], sources: dict[str, str]
) -> None:
    mutated = _mutate(rendered, "cases/iv", "No matter what A plays", "No matter what A leads")
    problems = check(mutated, units, sources) + copies(mutated)
    assert any("case-IV-p4 differs" in p for p in problems), problems
    # the copy beside the first trick of Case I, changed by one word: caught
    page = rendered["cases/i"]
    at = page.index('data-copy="case-I-p2"')
    mutated = {**rendered, "cases/i": page[:at] + page[at:].replace("throws away", "discards", 1)}
    assert any("copy of case-I-p2 differs" in p for p in copies(mutated))


def test_case_pages_hold_no_unlabelled_gloss_in_the_books_text(rendered: dict[str, str]) -> None:
    for name, html in rendered.items():
        if name.startswith("cases/"):
            for unit, texts in read_page(html).units.items():
                assert not any("(A C" in t or "B D 0)" in t for t in texts), (name, unit)


def test_checker_catches_a_changed_capital_against_003(
    rendered: dict[str, str], units: list[Unit], sources: dict[str, str]
) -> None:
    mutated = _mutate(rendered, "laws/the-deal", "Each player deals in turn", "each Player deals in turn")
    problems = check(mutated, units, sources)
    assert any("law-28 differs from source 003" in p for p in problems), problems


# --------------------------------------------------------------------------- the other codes


def check_code_page(html: str, doc: dict[str, Any]) -> list[str]:
    """The rendered page of another code against its source (the file's OCR corrections applied):
    every paragraph, minus the editor's words, in the source in order; no unmarked text elsewhere.
    Bracketed words in the corrected source are the editor's restorations, so they are set aside."""
    fixed = other_codes.fixed_source(doc)
    source = other_codes.normalise(re.sub(r"\[[^\]]*\]", " ", fixed))
    page = read_page(html)
    problems = [f"{doc['code']}: text neither the code's nor marked as the editor's: {t!r}" for t in page.stray]
    garbles = [
        other_codes.normalise(m)
        for ch in doc["chapters"]
        for par in ch["paragraphs"]
        for m in re.findall(r"\[OCR unreadable: ([^\]]*)\]", par)
    ]
    for unit in page.order:
        for garble in garbles:
            if garble in other_codes.normalise(unit_text(page, unit)):
                problems.append(f"{doc['code']}: {unit} presents the unreadable OCR {garble!r} as printed")
    footnotes = {
        f"code-{doc['code']}-{ch['id']}-{i + 1}"
        for ch in doc["chapters"]
        for i, par in enumerate(ch["paragraphs"])
        if par.startswith("Note: ")
    }
    cursor = 0
    for unit in page.order:
        text = other_codes.normalise(unit_text(page, unit))
        if not text:
            continue  # a paragraph wholly the editor's ("[The source text stops here.]")
        at = source.find(text, 0 if unit in footnotes else cursor)  # footnotes: printed at the foot of a page
        if unit in footnotes:
            if at < 0:
                problems.append(f"{doc['code']}: footnote {unit} is not the source's text: {text[:200]!r}")
            continue
        if at < 0:
            problems.append(
                f"{doc['code']}: {unit} is not the source's text (after the paragraph before it): {text[:200]!r}"
            )
        else:
            cursor = at + len(text)
    return problems


@pytest.fixture(scope="module")
def code_pages(built_site: Any) -> dict[str, tuple[str, dict[str, Any]]]:
    return {
        name: ((built_site.dir / "codes" / name / "index.html").read_text(encoding="utf-8"), other_codes.load(path))
        for name, path in other_codes.CODES.items()
    }


def test_code_pages_are_their_sources_text(code_pages: dict[str, tuple[str, dict[str, Any]]]) -> None:
    for name, (html, doc) in code_pages.items():
        page = read_page(html)
        assert len(page.order) == sum(len(ch["paragraphs"]) for ch in doc["chapters"]), name
        problems = check_code_page(html, doc)
        assert not problems, "\n".join(problems[:20])


def test_code_page_checker_catches_a_changed_word_and_an_unmarked_garble(
    code_pages: dict[str, tuple[str, dict[str, Any]]],
) -> None:
    html, doc = code_pages["hoyle"]
    assert any(
        "not the source's text" in p
        for p in check_code_page(html.replace("thirty-two cards", "thirty-six cards", 1), doc)
    )
    html, doc = code_pages["washington1877"]
    unmarked = re.sub(
        r'<span class="ed">\[unreadable in the OCR, which reads “<span class="ocr-unreadable">'
        r"(.*?)</span>”\]</span>",
        r"\1",
        html,
    )
    assert unmarked != html
    assert any("presents the unreadable OCR" in p for p in check_code_page(unmarked, doc))


def test_every_page_in_the_editors_voice_has_the_legend(built_site: Any) -> None:
    ed = re.compile(r'class="(?:[^"]* )?ed(?: [^"]*)?"')
    pages = [p for p in built_site.dir.rglob("index.html") if ed.search(p.read_text(encoding="utf-8"))]
    assert len(pages) > 30
    missing = [str(p.relative_to(built_site.dir)) for p in pages if "ed-legend" not in p.read_text(encoding="utf-8")]
    assert not missing, missing
