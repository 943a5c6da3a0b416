"""The site generator of *Euchre Laws*: the docs tree (:mod:`build_scripts.generate`), Jinja2 templates, a Markdown extension and thin MkDocs hooks.

* :mod:`build_scripts.content` loads and validates the book as data (``content/``).
* :mod:`build_scripts.cards_html` renders cards and deal diagrams (shared by every page).
* :mod:`build_scripts.card_markdown` is the Markdown extension (``{{JC}}`` and ```` ```deal ````).
* :mod:`build_scripts.textmark` turns the book's text into Markdown: law links, term tooltips.
* :mod:`build_scripts.site` renders the data into pages and the navigation: the page modules of
  :mod:`build_scripts.pages` (one per kind of page, over :mod:`build_scripts.pages.base`) and
  :mod:`build_scripts.lessons_pages` (Learn).
* :mod:`build_scripts.generate` writes the docs tree (``python -m build_scripts.generate``); MkDocs renders it.
* ``build_scripts/hooks.py`` does in MkDocs only what needs its output (``hooks:`` in ``mkdocs.yml``).
* :mod:`build_scripts.serve` is ``make serve``: the generator's watcher beside ``mkdocs serve --dirty``.
"""

from typing import IO, Any

import yaml

_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml when PyYAML has it: ~10x faster


def load_yaml(stream: str | bytes | IO[str]) -> Any:
    """``yaml.safe_load`` with libyaml's C loader when available (same results, faster builds)."""
    return yaml.load(stream, Loader=_LOADER)  # noqa: S506 - a safe loader
