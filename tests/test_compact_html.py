"""Each built page without the template's indentation (build_scripts/compact_html.py, the hook
``on_post_page``): the page renders the same (only whitespace between words changes, and only to
one line break), its raw elements and tags are untouched, and a case page stays small enough for
instant navigation (issue 16)."""

from __future__ import annotations

import doctest
import re

from conftest import BuiltSite
from hypothesis import given
from hypothesis import strategies as st

from build_scripts import compact_html
from build_scripts.compact_html import compact

PIECES = st.sampled_from(
    ["<pre>", "</pre>", "<script>", "</script>", "<p title='a\n  b'>", "<!-- x\n  y -->", "<a href=\"x\">", "</a>",
     "<textarea>", "</textarea>", "<STYLE>", "</style>", " ", "  ", "\n", "\n    ", "\t", "word", "<", ">", "'", '"']
)  # fmt: skip
RAW = re.compile(r"<(pre|textarea|script|style)\b.*?</\1\s*>", re.S | re.I)
TAG = re.compile(r"""<!--.*?-->|<(?:[^>"']|"[^"]*"|'[^']*')*>""", re.S)


def words(html: str) -> str:
    return re.sub(r"\s+", " ", html)


def test_doctests() -> None:
    assert doctest.testmod(compact_html).failed == 0


@given(st.lists(PIECES, max_size=40).map("".join))
def test_only_whitespace_changes_and_raw_parts_are_kept(html: str) -> None:
    out = compact(html)
    assert words(out) == words(html)  # every whitespace run renders as before (one space)
    assert RAW.findall(out) == RAW.findall(html)
    assert [m.group(0) for m in RAW.finditer(out)] == [m.group(0) for m in RAW.finditer(html)]
    assert compact(out) == out


def test_a_page_keeps_its_code_and_loses_its_indentation(built_site: BuiltSite) -> None:
    page = (built_site.dir / "cases" / "ii" / "index.html").read_text(encoding="utf-8")
    # the engine console's Python keeps its indentation
    assert "\n    cards = " in page
    text = TAG.sub("<>", RAW.sub("", page))  # what is left: the text between tags
    assert not [line for line in text.splitlines() if line[:1] in (" ", "\t")]


def test_case_pages_stay_within_the_navigation_budget(built_site: BuiltSite) -> None:
    """Instant navigation fetches the whole page on the click: a case page stays under 64 kB (it was
    76 kB with every section's navigation and the template's indentation)."""
    sizes = {p.parent.name: p.stat().st_size for p in (built_site.dir / "cases").glob("*/index.html")}
    assert len(sizes) == 9, sizes
    assert max(sizes.values()) < 64_000, sizes
