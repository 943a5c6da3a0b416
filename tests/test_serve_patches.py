"""build_scripts/serve_patches.py wraps internals of MkDocs and Material under ``mkdocs serve``: this
fails loudly when the installed versions are not the ones it was written for, or when the internals
it relies on are gone, so an upgrade makes someone read that module first."""

from __future__ import annotations

import inspect

from build_scripts import serve_patches


def test_the_installed_versions_are_those_the_patch_was_written_for() -> None:
    assert serve_patches.installed_versions() == serve_patches.WRITTEN_FOR, (
        "MkDocs or Material was upgraded: check build_scripts/serve_patches.py against the new "
        "Page.render and SearchIndex.add_entry_from_context, then update WRITTEN_FOR"
    )


def test_the_internals_it_wraps_are_there() -> None:
    from material.plugins.search.plugin import SearchIndex
    from mkdocs.structure.pages import Page

    assert list(inspect.signature(Page.render).parameters) == ["self", "config", "files"]
    assert list(inspect.signature(SearchIndex.add_entry_from_context).parameters) == ["self", "page"]
    source = inspect.getsource(Page)
    for name in serve_patches.PAGE_STATE:
        assert f"self.{name}" in source, name
    assert "self.entries" in inspect.getsource(SearchIndex)
