"""Issue 23: a player's own words, and the laws that answer them; the site's search driven as a reader does.

The queries are written from the book and from how players talk at the table (not from our pages'
text): the 1888 words (revoke, lead out of turn, exposed card, misdeal, order up), the words players
use that the book does not (renege, going alone, deck, euchred, table talk), past tenses as a player
tells what happened ("the dealer exposed a card"). Each has the laws that answer it, the first being
the one that must come first.

:func:`search` types a query into the site's search box (the theme's markup, docs/javascripts/search.js) like a reader and reads the results in the
order shown: each section link of each result group (a group's page link, its header, is skipped),
or the one link of a group that is a result of its own (a law, a situation, a page), and what law it
answers: a law (``…/?law=62``; before issue 36 its heading, ``…#law-62``) or a situation of the
director's guide (``director/?s=<id>``; before, ``director/…#s-<id>``), its law from
``euchre_core/data/situations.json``. :func:`land` taps a result and says whether the answer is in view. Used by ``tests/test_browser_search.py`` and by
``benchmarks/bench_search.py`` (the ranks before and after).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from browser_support import WAIT_MS

ROOT = Path(__file__).resolve().parent.parent

# (what a player types, the laws that answer it: the first must be in the top 3)
QUERIES: list[tuple[str, tuple[int, ...]]] = [
    ("lead out of turn", (52, 53)),
    ("led out of turn", (52, 53)),
    ("he led when it was my lead", (52, 53)),
    ("renege", (62, 64)),
    ("reneged", (62, 64, 71)),
    ("revoke", (62, 63, 64)),
    ("did not follow suit", (62,)),
    ("didn't follow suit", (62,)),
    ("revoke penalty", (63, 62)),
    ("misdeal", (41, 42)),
    ("dealer exposed a card", (35, 39)),
    # the reviewer's words (issue 26, R23): both laws answer it, the card shown in turning the trump (39)
    # or in the deal (35); the director's situation for 35 is also among the results
    ("dealer showed a card", (39, 35)),
    ("exposed card", (46, 35)),
    ("dropped a card face up", (46,)),
    ("going alone", (93, 95, 97)),
    ("played alone", (3, 93)),
    ("wrong number of cards", (90, 42)),
    ("too many cards", (90,)),
    ("euchred", (2, 3)),
    ("march", (2, 3)),
    ("played before his partner", (59, 58)),
    ("threw his cards down", (48, 49, 50)),
    ("ordered up out of turn", (82,)),
    ("dealer didn't discard", (90,)),
    ("discarded the trump card", (88,)),
    ("have you none of that suit", (65,)),
    ("mixed the cards", (67,)),
    ("card face up in the deck", (34,)),
    ("dealt out of turn", (40,)),
    ("mistake in the score", (5,)),
    ("table talk", (83,)),
    ("I take it from you", (94,)),
    ("my partner played when I went alone", (100, 101)),
    ("turn-up lifted", (91,)),
    ("passed then ordered up", (80, 79)),
    ("new deck", (72,)),
    ("cut fewer than four cards", (29,)),
    ("law 52", (52,)),
]


def situation_laws() -> dict[str, int]:
    data = json.loads((ROOT / "euchre_core" / "data" / "situations.json").read_text(encoding="utf-8"))
    return {s["id"]: int(s["law"]) for s in data["situations"]}


def law_of(href: str, laws: dict[str, int]) -> int | None:
    """The law a result's link answers: a law (``…/?law=62``, or its heading ``…#law-62``) or a situation
    of the director's guide (``director/?s=<id>``, or its heading ``director/…#s-<id>``), its law from
    ``euchre_core/data/situations.json``."""
    m = re.search(r"[?&]law=(\d+)(?:&|#|$)", href) or re.search(r"#law-(\d+)$", href)
    if m:
        return int(m.group(1))
    m = re.search(r"director/\?(?:[^#]*&)?s=([\w-]+)", href) or re.search(r"director/[^#]*#s-([\w-]+)$", href)
    if m:
        return laws.get(m.group(1))
    return None


def situation_of(href: str) -> str | None:
    """The situation a result's link opens (``director/?s=<id>`` or ``director/…#s-<id>``), if any."""
    m = re.search(r"director/\?(?:[^#]*&)?s=([\w-]+)", href) or re.search(r"director/[^#]*#s-([\w-]+)$", href)
    return m.group(1) if m else None


READ = """() => Array.from(document.querySelectorAll('.md-search-result__item')).map(li =>
  Array.from(li.querySelectorAll('a.md-search-result__link')).map(a => a.getAttribute('href')))"""


def search(tab: Any, query: str, laws: dict[str, int], settle_ms: int = 400) -> list[tuple[str, int | None]]:
    """Put ``query`` in the search box and read the section links in the order shown, each with the law
    it answers, once the list stops changing.

    The box is emptied first (the list with it), then the whole query is put in at once and searched
    on one key: typed letter by letter, a part of it ("turn" of "turn-up lifted") is searched too, and
    on a loaded machine its list can stand still long enough to be read as the answer."""
    box = tab.locator("input.md-search__input")
    opener = tab.locator(".md-header label.md-header__button[for='__search']")  # a phone's search button
    if not tab.evaluate("document.querySelector('input[data-md-toggle=search]').checked"):
        if opener.is_visible():
            opener.click()
        else:
            box.click()
    box.fill("")
    box.press("End")  # a key in the empty box: the search (search.js) empties the list
    tab.wait_for_function(f"() => ({READ})().length === 0")
    box.fill(query)
    box.press("End")  # one key: the whole query searched, once
    last: list[list[str]] | None = None
    # until the list stands still, for as long as any wait of the guarded tab (tests/browser_support.py):
    # on a loaded machine the search worker may take many seconds to build its index
    for _ in range(WAIT_MS // (settle_ms // 2)):
        tab.wait_for_timeout(settle_ms // 2)
        now = tab.evaluate(READ)
        if now and now == last:
            break
        last = now
    groups = last or []
    out = []
    for group in groups:
        # a group of a page's sections: its sections (the page's own link, the group's header, skipped);
        # a group of one link: that result (a law, a situation, or a page the reader sees as a result)
        for href in group[1:] if len(group) > 1 else group:
            out.append((href, law_of(href, laws)))
    return out


def rank(results: list[tuple[str, int | None]], law: int) -> int | None:
    """The 1-based position of the first result that answers ``law`` (None: not among them)."""
    for i, (_, n) in enumerate(results, 1):
        if n == law:
            return i
    return None


# the result's target on the page it opens: a law's heading, or the situation (open) of the guide
TARGET = """([law, sit]) => {
  const header = document.querySelector('.md-header');
  const top0 = header ? Math.max(0, header.getBoundingClientRect().bottom) : 0;
  let el = null;
  if (sit) {
    const c = document.querySelector('.dg-case[data-situation="' + sit + '"]');
    if (!c || !c.open) return {found: !!c, open: false, top: null, top0, height: innerHeight};
    el = c.querySelector(':scope > summary');
  } else {
    el = document.getElementById('law-' + law);
  }
  if (!el) return {found: false, open: false, top: null, top0, height: innerHeight};
  const r = el.getBoundingClientRect();
  return {found: true, open: true, top: r.top, bottom: r.bottom, top0, height: innerHeight};
}"""


def in_view(tab: Any, law: int, situation: str | None) -> bool:
    """Whether the answer (the law's heading, or the situation opened) is on screen below the sticky header."""
    box = tab.evaluate(TARGET, [law, situation])
    if not box["found"] or not box["open"] or box["top"] is None:
        return False
    return bool(box["top"] >= box["top0"] - 4 and box["bottom"] <= box["height"] and box["top"] < box["height"] * 0.75)


def land(tab: Any, results: list[tuple[str, int | None]], law: int, settle_ms: int = 900) -> str:
    """Tap the first result that answers ``law`` as the reader sees it, and say where it lands: "yes" (the
    answer in view), "no" (the page opened elsewhere), "folded" (under the group's "N more on this page",
    not tapped), "-" (not among the results)."""
    href = next((h for h, n in results if n == law), None)
    if href is None:
        return "-"
    link = tab.locator(f'.md-search-result__item a.md-search-result__link[href="{href}"]').first
    if link.evaluate("a => !!a.closest('details.md-search-result__more:not([open])')"):
        return "folded"
    link.scroll_into_view_if_needed()
    link.tap() if tab.evaluate("matchMedia('(pointer: coarse)').matches") else link.click()
    # the page opens (a new page load, or the theme's instant navigation once its script has come), search closed
    tab.wait_for_url(lambda url: url.split("#")[0] == href.split("#")[0])
    tab.wait_for_function(
        "() => { const t = document.querySelector('input[data-md-toggle=search]'); return !!t && !t.checked; }"
    )
    tab.wait_for_load_state()
    tab.wait_for_timeout(settle_ms)  # after the theme has restored its scroll, and our scripts brought the answer back
    return "yes" if in_view(tab, law, situation_of(href)) else "no"
