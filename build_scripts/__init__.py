"""The site generator of *Euchre Laws*: MkDocs hooks, Jinja2 templates and a Markdown extension.

* :mod:`build_scripts.content` loads and validates the book as data (``content/``).
* :mod:`build_scripts.cards_html` renders cards and deal diagrams (shared by every page).
* :mod:`build_scripts.card_markdown` is the Markdown extension (``{{JC}}`` and ```` ```deal ````).
* :mod:`build_scripts.textmark` turns the book's text into Markdown: law links, term tooltips.
* :mod:`build_scripts.site` renders the data into pages and the navigation.
* ``build_scripts/hooks.py`` plugs :mod:`build_scripts.site` into MkDocs (``hooks:`` in ``mkdocs.yml``).
"""

from typing import IO, Any

import yaml

_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml when PyYAML has it: ~10x faster


def load_yaml(stream: str | bytes | IO[str]) -> Any:
    """``yaml.safe_load`` with libyaml's C loader when available (same results, faster builds)."""
    return yaml.load(stream, Loader=_LOADER)  # noqa: S506 - a safe loader
