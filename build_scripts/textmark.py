"""The book's plain text → Markdown: escaping, links for law references, tooltips for terms.

Every string from the data goes through :func:`Inline.render` (or :func:`md_escape`) before it
reaches a page, so nothing in the text is read as Markdown by accident, every "Law N", "Rule N",
"Laws N and M" or "Laws N–M" becomes a link to the law's anchor, and the first occurrence of a
technical term in a paragraph becomes ``<abbr title="definition">term</abbr>``.

>>> md_escape("*See* [Law 5] <here>")
'\\\\*See\\\\* \\\\[Law 5\\\\] &lt;here&gt;'
>>> [m.group(0) for m in LAW_REF_RE.finditer("See Rule 52, and Laws 74, 75 and 94; Laws 8–14.")]
['Rule 52', 'Laws 74, 75 and 94', 'Laws 8–14']
>>> cited_laws("Laws 8–10 and Law 52; law 200")
[8, 9, 10, 52]
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from html import escape

LAW_COUNT = 116

_MD_SPECIAL = re.compile(r"([\\`*_\[\]{}#!|])")
_LINE_START = re.compile(r"^(\s*)(\d+)\.(\s)|^(\s*)([-+*>=])(\s|$)")

LAW_REF_RE = re.compile(
    r"\b(?P<word>[Ll]aws?|[Rr]ules?)\s+(?P<nums>\d+(?:\s*(?:,\s*(?:and\s+|or\s+)?|\s(?:and|or|to)\s|[–-])\s*\d+)*)"
)
_NUM_RE = re.compile(r"\d+")


def md_escape(text: str) -> str:
    """Escape plain text for Markdown: nothing in it is read as emphasis, a link, HTML or a list."""
    out = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    out = _MD_SPECIAL.sub(r"\\\1", out)
    m = _LINE_START.match(out)
    if m and m.group(2):
        out = f"{m.group(1)}{m.group(2)}\\.{m.group(3)}{out[m.end() :]}"
    elif m and m.group(5):
        out = f"{m.group(4)}\\{m.group(5)}{m.group(6)}{out[m.end() :]}"
    return out


def cited_laws(text: str) -> list[int]:
    """The law numbers a text cites ("Law 27", "Rules 52 and 53", "Laws 8–14"), in order, no repeats."""
    found: list[int] = []
    for m in LAW_REF_RE.finditer(text or ""):
        for number in _numbers(m.group("nums")):
            if 1 <= number <= LAW_COUNT and number not in found:
                found.append(number)
    return found


def _numbers(nums: str) -> list[int]:
    """The numbers of ``"74, 75 and 94"`` or ``"8–14"`` (a range gives every number in it)."""
    values = [int(n) for n in _NUM_RE.findall(nums)]
    if len(values) == 2 and re.search(r"\d\s*(?:[–-]|\sto\s)\s*\d", nums) and values[0] < values[1]:
        return list(range(values[0], values[1] + 1))
    return values


@lru_cache(maxsize=65536)  # thousands of links a build, between a few hundred pages
def relative_link(from_src: str, to_src: str, anchor: str | None = None) -> str:
    """A link from one page's source (``laws/the-deal.md``) to another's, for Markdown.

    >>> relative_link("laws/the-deal.md", "laws/the-revoke.md", "law-52")
    'the-revoke.md#law-52'
    >>> relative_link("cases/i.md", "concordance.md")
    '../concordance.md'
    >>> relative_link("laws/a.md", "laws/a.md", "law-1")
    '#law-1'
    """
    if from_src == to_src:
        target = ""
    else:
        target = posixpath.relpath(to_src, posixpath.dirname(from_src) or ".")
    return f"{target}#{anchor}" if anchor else target


# --------------------------------------------------------------------------- terms


@dataclass(frozen=True)
class Term:
    """A technical term: its id, the names it is printed under, its definition (one line)."""

    id: str
    names: tuple[str, ...]
    definition: str


# Names that are also common words get a narrower pattern. ``None``: never in that kind of text.
# "law" texts use right/left/next/hand in their everyday sense ("has a right to", "the next player").
_BOWER_BEFORE = (
    "with",
    "hold",
    "holds",
    "holding",
    "have",
    "has",
    "the",
    "play",
    "plays",
    "lead",
    "leads",
    "led",
    "or",
    "up",
    "as",
    "unless",
    "and",
    "if",
    "his",
    "your",
)


def _bower(word: str, not_before: str) -> str:
    """The pattern of a bower's short name (``right``, ``left``) where it means the card.

    After a word such as "with", "hold", "lead" or "the" (or first in the paragraph), and not in
    "the right to", "the left of", "right hand" or "left in" (``not_before``: the words that may not follow).
    """
    before = "|".join(f"(?<=\\b{w} )" for w in _BOWER_BEFORE)
    not_after = "".join(f"(?<!\\b{w} )" for w in ("on his", "on your", "to his", "to your", "at his", "at your"))
    return rf"(?:^|{before}){not_after}{word}(?![\w-])(?! (?:{not_before})\b)"


# Names that are also common words get a narrower pattern. ``None``: never in that kind of text.
# "law" texts use right/left/next/hand in their everyday sense ("has a right to", "the next player").
_GUARDED: dict[str, dict[str, str | None]] = {
    "right": {"law": None, "other": _bower("right", "of|to|hand|side")},
    "left": {"law": None, "other": _bower("left", "of|to|in|on|hand|side")},
    "next": {"law": None, "other": r"(?<=\bit )next(?![\w-])"},
    "hand": {"law": None, "other": None},
    "help": {"law": None, "other": None},  # "he cannot help him": the word is hardly ever the term
    "euchre": {  # the noun ("a euchre", "the euchre"), not the game ("good euchre", "Euchre")
        "law": r"(?-i:(?:(?<=\ba )|(?<=\bthe ))euchre(?![\w-]))",
        "other": r"(?-i:(?:(?<=\ba )|(?<=\bthe ))euchre(?![\w-]))",
    },
    "pass": {  # the bid, not "pass the king" (let a card go by)
        "law": r"(?<![\w-])pass(?![\w-])(?! (?:the|a|it|them|him|his|her)\b)",
        "other": r"(?<![\w-])pass(?![\w-])(?! (?:the|a|it|them|him|his|her)\b)",
    },
}


def _name_pattern(name: str, kind: str) -> str | None:
    """The regular expression of one term name in one kind of text (None: not matched there)."""
    guard = _GUARDED.get(name.lower())
    if guard is not None:
        return guard["law" if kind == "law" else "other"]
    return r"(?<![\w-])" + re.escape(name).replace(r"\ ", r"\s+") + r"(?![\w-])"


class TermMatcher:
    """Finds technical terms in a text; each term is marked once per paragraph.

    ``kind`` is ``"law"`` for law texts (where "right", "left", "next" and "hand" are ordinary
    words) or ``"other"`` (hints, cases).
    """

    def __init__(self, terms: Iterable[Term], kind: str = "other") -> None:
        """Compile one regular expression for all the names (longest first)."""
        self.terms = list(terms)
        parts: list[tuple[int, str, str]] = []
        for term in self.terms:
            for name in term.names:
                pattern = _name_pattern(name, kind)
                if pattern:
                    parts.append((len(name), term.id, pattern))
        parts.sort(key=lambda p: -p[0])  # longest names first: "Right Bower" before "Right"
        self._by_group: dict[str, str] = {}
        alternatives = []
        for index, (_, term_id, pattern) in enumerate(parts):
            group = f"t{index}"
            self._by_group[group] = term_id
            alternatives.append(f"(?P<{group}>{pattern})")
        self._regex = re.compile("|".join(alternatives), re.IGNORECASE) if alternatives else None
        self.by_id = {t.id: t for t in self.terms}

    def find(self, text: str) -> list[tuple[int, int, Term]]:
        """(start, end, term) of every occurrence, left to right, not overlapping.

        The spans are remembered by the names' expression and the text (:func:`_spans`: the same law is
        on its section's page, on the page of all the laws and in the director's guide; a regeneration
        under ``make serve`` finds most texts unchanged), the terms looked up afresh (a definition may
        change).
        """
        if self._regex is None:
            return []
        return [(start, end, self.by_id[self._by_group[group]]) for start, end, group in _spans(self._regex, text)]


@lru_cache(maxsize=50_000)
def _spans(regex: re.Pattern[str], text: str) -> tuple[tuple[int, int, str], ...]:
    """(start, end, group name) of every match of ``regex`` in ``text`` (a compiled pattern hashes by its
    expression and flags)."""
    out = []
    for m in regex.finditer(text):
        assert m.lastgroup is not None
        out.append((m.start(), m.end(), m.lastgroup))
    return tuple(out)


# --------------------------------------------------------------------------- inline rendering


@dataclass
class Inline:
    """Renders text for one page: ``page`` is the page's source path (links are relative to it).

    ``law_page`` maps a law number to the source path of its page; ``terms`` marks technical
    terms (``None``: no tooltips); ``on_term`` is told of every term marked (for the index of
    where terms appear).
    """

    page: str
    law_page: Mapping[int, str]
    terms: TermMatcher | None = None
    link_laws: bool = True
    on_term: Callable[[str], None] | None = None

    def law_link(self, number: int, label: str | None = None) -> str:
        """``[label](../laws/page.md#law-N)`` (the number itself by default)."""
        target = relative_link(self.page, self.law_page[number], f"law-{number}")
        return f"[{md_escape(label or str(number))}]({target})"

    def render(self, text: str | None) -> str:
        """One paragraph of the book's text as Markdown (law links, term tooltips)."""
        if not text:
            return ""
        spans: list[tuple[int, int, str]] = []
        if self.link_laws:
            for m in LAW_REF_RE.finditer(text):
                spans.append((m.start(), m.end(), self._law_ref(m)))
        if self.terms is not None:
            used: set[str] = set()
            for start, end, term in self.terms.find(text):
                if term.id in used or any(s < end and start < e for s, e, _ in spans):
                    continue
                used.add(term.id)
                spans.append((start, end, self._abbr(text[start:end], term)))
                if self.on_term:
                    self.on_term(term.id)
        spans.sort()
        out: list[str] = []
        pos = 0
        for start, end, markdown in spans:
            out.append(md_escape(text[pos:start]) if pos == 0 else _escape_inner(text[pos:start]))
            out.append(markdown)
            pos = end
        out.append(md_escape(text[pos:]) if pos == 0 else _escape_inner(text[pos:]))
        return "".join(out)

    def paragraphs(self, text: str | None) -> list[str]:
        """The paragraphs of a text (separated by blank lines), each rendered."""
        return [self.render(p.strip()) for p in (text or "").split("\n\n") if p.strip()]

    def _law_ref(self, m: re.Match[str]) -> str:
        """``Law 27`` → ``[Law 27](…)``; ``Laws 74, 75 and 94`` → ``[Laws 74](…), [75](…) and [94](…)``.

        Only numbers 1–116 are linked; the word goes into the first link.
        """
        nums = m.group("nums")
        prefix = m.group(0)[: m.start("nums") - m.start()]  # "Law ", "Rules "
        pieces: list[str] = []
        pos = 0
        for index, n in enumerate(_NUM_RE.finditer(nums)):
            between = nums[pos : n.start()]
            number = int(n.group(0))
            label = f"{prefix}{number}" if index == 0 else str(number)
            if number in self.law_page:
                pieces.append(_escape_inner(between) + self.law_link(number, " ".join(label.split())))
            else:
                pieces.append(_escape_inner(between + label))
            pos = n.end()
        pieces.append(_escape_inner(nums[pos:]))
        return "".join(pieces)

    @staticmethod
    def _abbr(word: str, term: Term) -> str:
        """``<abbr title="definition">word</abbr>``."""
        return f'<abbr title="{escape(term.definition, quote=True)}">{_escape_inner(word)}</abbr>'


def _escape_inner(text: str) -> str:
    """Escape text that does not start a line (no list/heading markers to worry about)."""
    out = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return _MD_SPECIAL.sub(r"\\\1", out)
