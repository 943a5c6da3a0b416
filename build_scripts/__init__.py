"""The site generator of *Euchre Laws*: MkDocs hooks, Jinja2 templates and a Markdown extension.

* :mod:`build_scripts.content` loads and validates the book as data (``content/``).
* :mod:`build_scripts.cards_html` renders cards and deal diagrams (shared by every page).
* :mod:`build_scripts.card_markdown` is the Markdown extension (``{{JC}}`` and ```` ```deal ````).
* :mod:`build_scripts.textmark` turns the book's text into Markdown: law links, term tooltips.
* :mod:`build_scripts.site` renders the data into pages and the navigation.
* ``build_scripts/hooks.py`` plugs :mod:`build_scripts.site` into MkDocs (``hooks:`` in ``mkdocs.yml``).
"""
