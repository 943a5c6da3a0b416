"""The generated pages and the navigation: the entry point of the page modules.

:func:`generate` returns a :class:`Site`: the Markdown of every page generated from ``content/``
and the engine, keyed by its path in the docs tree, the navigation, and the home page's law-number
box. :func:`build_scripts.generate.outputs` writes them into the docs tree (``build/docs``) beside the
hand-written pages of ``docs/``; nothing here writes a file or imports MkDocs.

:class:`Builder` is every page module of :mod:`build_scripts.pages` in one object (each a subclass of
:class:`build_scripts.pages.base.SiteBase`, which loads and indexes the data once): :meth:`Builder.pages`
renders the pages in the order their shared records need (the laws first: they record where each
term appears, for the terms page), :meth:`Builder.nav` lays out the tabs. The Learn pages come from
:mod:`build_scripts.lessons_pages`. Under ``--watch`` (:mod:`build_scripts.serve_cache`) the case and
Learn pages are reused while their inputs are unchanged.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from build_scripts import lessons_pages, serve_cache
from build_scripts.pages.base import (
    CASES_INDEX,
    CODES_INDEX,
    CONCORDANCE,
    CONTENT_DIR,
    DIRECTOR,
    ENGINE_LAWS,
    ERRATA,
    HINTS_INDEX,
    LAWS_INDEX,
    LAWS_PRINT,
    PREFACE,
    REPO_ROOT,
    TERMS,
    BuildError,
    case_page,
    replay,
)
from build_scripts.pages.cases import CasePages
from build_scripts.pages.codes import CodePages
from build_scripts.pages.director import DirectorPages
from build_scripts.pages.edition import EditionPages
from build_scripts.pages.laws import LawPages
from build_scripts.pages.remarks import RemarkPages

__all__ = ["BuildError", "Builder", "Site", "generate", "render_case"]

API_LAYERS = (("Kernel", "kernel"), ("Laws", "laws"), ("Formats", "formats"), ("Search", "search"), ("App", "app"))


@dataclass
class Site:
    """The generated pages (``{path: markdown}``) and the navigation for ``mkdocs.yml``'s ``nav``."""

    pages: dict[str, str]
    nav: list[Any]
    home_law_jump: str = ""  # the home page's "go to law N" box (generate.outputs puts it in docs/index.md)
    law_sections: str = ""  # each section's first law and its URL (generate.outputs puts it in docs/play.md)
    # the results of their own in the site's search (each law, each situation of the guide), written as
    # .search.json beside the pages and put in the built index by build_scripts/search_index.py
    search: list[dict[str, Any]] = field(default_factory=list)


class Builder(LawPages, RemarkPages, CasePages, CodePages, EditionPages, DirectorPages):
    """Holds the loaded data (:class:`~build_scripts.pages.base.SiteBase`) and renders every page."""

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

    def search_results(self) -> list[dict[str, Any]]:
        """The search's results of their own: each law at its section's page (``?law=N``: the theme's entry
        of its heading, moved), then the director's guide's (:meth:`DirectorPages._search_results`)."""
        laws = [{"page": self.law_page[n], "anchor": f"law-{n}", "query": f"law={n}"} for n in sorted(self.law_page)]
        return laws + list(getattr(self, "director_search", []))

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
            {"Play under the laws": "play.md"},
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
    return Site(
        pages=pages,
        nav=builder.nav(pages),
        home_law_jump=builder.home_law_jump(),
        law_sections=builder.law_section_starts(),
        search=builder.search_results(),
    )


def render_case(data: dict[str, Any]) -> str:
    """The page of one case from its data (the form of the JSON files): replayed by the engine first.

    Raises :class:`BuildError` naming the case, the trick and the law when the case is illegal.
    """
    replayed = replay(data)
    builder = Builder()
    builder.cases = [replayed]
    return builder.render("case.md.j2", c=builder.case_view(replayed))
