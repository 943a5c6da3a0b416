"""The one place where ``mkdocs serve`` is sped up by wrapping internals of MkDocs and Material.

MkDocs has no documented event that lets a plugin skip converting a page whose Markdown did not
change (``--dirty`` rebuilds every generated page: a virtual file always counts as modified), and
Material's search plugin has none for reusing a page's index entries. So under ``mkdocs serve``
only (never ``mkdocs build``), :func:`install` wraps ``Page.render`` (it restores the private
``_title_from_render`` with the rest of the page's state) and Material's
``SearchIndex.add_entry_from_context`` with caches keyed by the page and its content.

Those internals can change in any release, so the wrapping is done only for the versions it was
written for (:data:`WRITTEN_FOR`); with any other version it is skipped, with a warning, and serve is
just slower. ``tests/test_serve_patches.py`` fails when the installed versions are not these, so an
upgrade (e.g. by Dependabot) makes someone look here first.
"""

from __future__ import annotations

import logging
from importlib import metadata
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import Files

WRITTEN_FOR = {"mkdocs": "1.6.1", "mkdocs-material": "9.8.1"}
PAGE_STATE = ("content", "toc", "_title_from_render", "present_anchor_ids", "links_to_anchors")
log = logging.getLogger("mkdocs.plugins.euchre")
files_signature = 0  # set by the hooks on each build: links are resolved against the file set


def installed_versions() -> dict[str, str]:
    return {name: metadata.version(name) for name in WRITTEN_FOR}


def install() -> bool:
    """Wrap the two internals (once); False, with a warning, when the versions are not :data:`WRITTEN_FOR`."""
    found = installed_versions()
    if found != WRITTEN_FOR:
        log.warning(
            "serve caches off: written for %s, installed %s (see build_scripts/serve_patches.py)", WRITTEN_FOR, found
        )
        return False
    _cache_page_rendering()
    return True


_render_cache: dict[tuple[str, str, int], tuple[Any, ...]] = {}


def _cache_page_rendering() -> None:
    """``mkdocs serve`` only: wrap ``Page.render`` with a cache keyed by the page, its Markdown and
    the set of files (links are resolved against it). ``mkdocs build`` never uses it."""
    from mkdocs.structure.pages import Page

    if getattr(Page.render, "_euchre_cached", False):
        return
    original = Page.render

    def render(self: Page, config: MkDocsConfig, files: Files) -> None:
        key = (self.file.src_uri, self.markdown or "", files_signature)
        hit = _render_cache.get(key)
        if hit is not None:
            (self.content, self.toc, self._title_from_render, self.present_anchor_ids, self.links_to_anchors) = hit
            return
        original(self, config, files)
        if len(_render_cache) > 2000:
            _render_cache.clear()
        _render_cache[key] = (
            self.content,
            self.toc,
            self._title_from_render,
            self.present_anchor_ids,
            self.links_to_anchors,
        )

    render._euchre_cached = True  # type: ignore[attr-defined]
    Page.render = render  # type: ignore[method-assign]

    # the search index: parsing every page's HTML again is the next largest cost of a rebuild
    from material.plugins.search.plugin import SearchIndex

    add = SearchIndex.add_entry_from_context
    entries_cache: dict[tuple[str, str, str], list[dict[str, Any]]] = {}

    def add_entry_from_context(self: SearchIndex, page: Page) -> None:
        key = (page.url, page.content or "", repr(page.meta.get("search")))
        hit = entries_cache.get(key)
        if hit is not None:
            self.entries.extend(dict(e) for e in hit)
            return
        before = len(self.entries)
        add(self, page)
        if len(entries_cache) > 2000:
            entries_cache.clear()
        entries_cache[key] = [dict(e) for e in self.entries[before:]]

    SearchIndex.add_entry_from_context = add_entry_from_context
