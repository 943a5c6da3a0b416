"""The site's search index, shaped once the theme has written it (issue 36): each law and each situation
of the director's guide a result of its own, and the players' forms of a word found alike.

The theme (Material, lunr in a web worker) indexes a page by its headings and shows one result per page:
a page's sections come under its title, the best one shown and the others folded under "N more on this
page". The director's guide is one page of a hundred situations, so its situations were one result, and
a law came under its section's page. The generator (:mod:`build_scripts.generate`) writes the results
that stand alone into ``.search.json`` beside the pages (``site.Site.search``): each law (its section's
page and anchor, moved to ``?law=N``) and each situation (``?s=<id>``, with its own title and text). Here
they are put in the built ``search/search_index.json``: an entry whose address has no ``#`` is a page,
and one page is one result, so a law at ``laws/the-revoke/?law=62`` and a situation at
``director/?s=lead-out-of-turn`` are results of their own; ``docs/javascripts/reader.js`` and
``director.js`` bring the law or the situation into view (the address without its query is the same
page, also offline). The file is the theme's documented index format (``config``, ``docs``: ``location``,
``title``, ``text``); nothing of the theme's Python is used, so a renderer that writes the same file can
be shaped the same way (``python -m build_scripts.search_index SITE_DIR DOCS_DIR``).

The players' forms of a word: the index's terms are stemmed by lunr's stemmer (``pipeline`` of the
search plugin in ``mkdocs.yml``: reneged, reneging → reneg; euchred → euchr; exposed → expos), and the
site's search worker (``docs/javascripts/search-worker.js``, the theme's worker with lunr's pipeline made
the site's own) reads the index's words and the reader's alike: the punctuation around a word taken off
("alone;" and "“alone”" were terms of their own, each found by "alone" and ranked high for being rare),
the stop words dropped ("a" no longer finds "Ask") but for the few the laws use as words (:data:`KEPT`),
the forms a stemmer cannot join and the players' words for the laws' mapped to one (:data:`FORMS`), then
stemmed; both tables are carried to it in the index's ``config``.

>>> index = {"config": {}, "docs": [
...     {"location": "laws/the-revoke/", "title": "The Revoke", "text": ""},
...     {"location": "laws/the-revoke/#law-62", "title": "Law 62", "text": "Is when a player ...", "boost": 3},
...     {"location": "director/", "title": "Ask the director", "text": "every answer ..."},
...     {"location": "director/#s-renege", "title": "Revoke", "text": "renege", "boost": 4}]}
>>> results = [{"page": "laws/the-revoke.md", "anchor": "law-62", "query": "law=62"},
...     {"page": "director.md", "text": "The groups.", "boost": 1},
...     {"page": "director.md", "anchor": "s-renege", "query": "s=renege", "title": "A renege", "text": "Law 62."}]
>>> urls = {"laws/the-revoke.md": "laws/the-revoke/", "director.md": "director/"}
>>> [(d["location"], d["title"], d["text"], d.get("boost")) for d in shape(index, results, urls)["docs"]]
... # doctest: +NORMALIZE_WHITESPACE
[('laws/the-revoke/', 'The Revoke', '', None), ('director/', 'Ask the director', '<p>The groups.</p>', 1),
 ('laws/the-revoke/?law=62', 'Law 62', 'Is when a player ...', 3), ('director/?s=renege', 'A renege', '<p>Law 62.</p>', 4)]
"""

from __future__ import annotations

import argparse
import html
import json
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

INDEX = Path("search") / "search_index.json"
RESULTS_FILE = ".search.json"  # written by the generator (build_scripts/generate.py: SEARCH_FILE)

#: The forms of a word that lunr's stemmer does not bring to one term (it joins reneged, reneging and
#: renege; euchred and euchre; exposed and expose; the query's trailing wildcard joins deal and dealer),
#: each with the word the laws use: an irregular past, a player's noun for the laws' verb (a loner plays
#: alone) and a player's word for the laws' own (a deck is the laws' pack; a card the dealer looked at is
#: a card seen; everybody passed is all passed). The search worker reads both the index's words and the
#: reader's through this table before stemming them, so a law's "lone hand" is found by "loner" and its
#: "seen" by "looked". A word maps to one word (two would halve the theme's bonus for a result matching all
#: the words); the players' phrases (renege for revoke, "table talk") are the situations' own ("Players also
#: say", ``euchre_core/data/situations.json``).
FORMS: dict[str, str] = {
    "dealt": "deal",
    "misdealt": "misdeal",
    "led": "lead",
    "took": "take",
    "taken": "take",
    "threw": "throw",
    "thrown": "throw",
    "shown": "show",
    "gave": "give",
    "given": "give",
    "saw": "see",
    "seen": "see",
    "look": "see",
    "looks": "see",
    "looked": "see",
    "looking": "see",
    "won": "win",
    "loner": "alone",
    "loners": "alone",
    "lone": "alone",
    "reneger": "renege",
    "renegers": "renege",
    "deck": "pack",
    "decks": "pack",
    "everybody": "all",
    "everyone": "all",
}

#: lunr's stop words that the laws use as words: "all" of "all four players pass" and "all pass again"
#: (law 77), "all five tricks" (a march). The search worker keeps them in the index and in the query.
KEPT: tuple[str, ...] = ("all",)


#: The weight of a result's title against its text. The theme's is 1000: a word found in any title outranked
#: every word of the query found in a text, so the situations whose titles shared one common word ("table")
#: outranked the one whose players' words held the whole query ("table talk", law 109). At 3 a title still
#: counts for more than a text, but not for more than all of it.
TITLE_BOOST = 3.0


class SearchIndexError(Exception):
    """The built site's search index or the generator's results could not be read."""


def shape(index: dict[str, Any], results: Sequence[Mapping[str, Any]], url_of: Mapping[str, str]) -> dict[str, Any]:
    """``index`` (the theme's, as written) with the generator's ``results``: each one with an ``anchor``
    becomes an entry of its own at the page's address with its ``query`` (the theme's entry of that anchor
    moved there, its ``title`` and ``text`` replaced when given); one without an anchor gives the page's
    own entry its ``text`` and ``boost`` when given. ``url_of`` maps a page's file (``director.md``) to its address (``director/``).
    The forms (:data:`FORMS`) and the kept stop words (:data:`KEPT`) go in the index's ``config`` for the
    search worker, and the title's weight there is :data:`TITLE_BOOST`."""
    docs: list[dict[str, Any]] = list(index.get("docs") or [])
    by_location = {d["location"]: d for d in docs}
    moved: set[str] = set()
    own: list[dict[str, Any]] = []
    for result in results:
        base = url_of.get(str(result["page"]))
        if base is None:  # a page not rendered in this build
            continue
        if "anchor" not in result:
            page = by_location.get(base)
            if page is not None and "text" in result:
                page["text"] = _paragraph(str(result["text"]))
            if page is not None and "boost" in result:
                page["boost"] = result["boost"]
            continue
        old = by_location.get(f"{base}#{result['anchor']}")
        if old is None and "title" not in result:
            continue  # nothing to move: the theme did not index that heading
        entry = dict(old or {})
        entry["location"] = f"{base}?{result['query']}"
        if "title" in result:
            entry["title"] = html.escape(str(result["title"]), quote=False)
        if "text" in result:
            entry["text"] = _paragraph(str(result["text"]))
        entry.setdefault("text", "")
        if old is not None:
            moved.add(old["location"])
        own.append(entry)
    index["docs"] = [d for d in docs if d["location"] not in moved] + own
    config = index.setdefault("config", {})
    config["euchre_forms"] = FORMS
    config["euchre_kept"] = list(KEPT)
    title = config.get("fields", {}).get("title")
    if isinstance(title, dict):
        title["boost"] = TITLE_BOOST
    return index


def _paragraph(text: str) -> str:
    return f"<p>{html.escape(text, quote=False)}</p>"


def page_url(src: str) -> str:
    """A page's address from its file, as MkDocs writes it with ``use_directory_urls``.

    >>> page_url("director.md"), page_url("laws/index.md"), page_url("index.md")
    ('director/', 'laws/', '')
    """
    stem = src[: -len(".md")] if src.endswith(".md") else src
    if stem == "index" or stem.endswith("/index"):
        stem = stem[: -len("index")]
        return stem
    return stem + "/"


def shape_site(site_dir: Path, docs_dir: Path, url_of: Mapping[str, str] | None = None) -> int:
    """Shape ``site_dir``'s index with ``docs_dir``'s results in place; return the number of entries.
    Nothing is done when the site has no index or the tree no results (another theme, an older tree)."""
    path = site_dir / INDEX
    source = docs_dir / RESULTS_FILE
    if not path.is_file() or not source.is_file():
        return 0
    try:
        index = json.loads(path.read_text(encoding="utf-8"))
        results = json.loads(source.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise SearchIndexError(f"the search index could not be shaped: {error}") from None
    if url_of is None:
        url_of = {str(r["page"]): page_url(str(r["page"])) for r in results}
    shaped = shape(index, results, url_of)
    path.write_text(json.dumps(shaped, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
    return len(shaped["docs"])


WORKER = Path("javascripts") / "search-worker.js"  # the site's search worker (docs/javascripts/search-worker.js)
PLACEHOLDER = "@THEME_WORKER@"


def theme_worker(theme_dirs: Sequence[Path]) -> str | None:
    """The theme's search worker, relative to the site (Material: ``assets/javascripts/workers/search.<hash>.min.js``),
    from the first theme directory that has one; None for a theme without it."""
    for directory in theme_dirs:
        found = sorted((directory / "assets" / "javascripts" / "workers").glob("search.*.min.js"))
        if found:
            return found[0].relative_to(directory).as_posix()
    return None


def name_theme_worker(site_dir: Path, worker: str | None) -> bool:
    """Write the theme's worker's path (from ``javascripts/``) into the site's search worker, which loads it.
    False when there is nothing to name (no site worker, or a theme without one)."""
    path = site_dir / WORKER
    if worker is None or not path.is_file():
        return False
    text = path.read_text(encoding="utf-8")
    if PLACEHOLDER not in text:
        return False
    path.write_text(text.replace(PLACEHOLDER, "../" + worker), encoding="utf-8")
    return True


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Put the generator's search results in a built site's index.")
    parser.add_argument("site_dir", type=Path)
    parser.add_argument("docs_dir", type=Path)
    args = parser.parse_args(argv)
    try:
        print(f"{shape_site(args.site_dir, args.docs_dir)} entries")
    except SearchIndexError as error:
        print(error, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
