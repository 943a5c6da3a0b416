"""The generated pages, one module per kind, over one bottom module.

:mod:`build_scripts.site` (the entry point: :class:`~build_scripts.site.Builder`,
:func:`~build_scripts.site.generate`) puts them together; the modules import downward only:

* :mod:`.base`: what every page needs: the content loaded and checked, the cases replayed, the
  pages' paths, links, Jinja rendering, the inline renderer and the citation index ("Where this
  law matters"), in :class:`~.base.SiteBase`;
* :mod:`.laws`: the laws by section, their contents, the printable page, the Preface and the home
  page's law box;
* :mod:`.remarks`: the Technical Terms and the General Remarks (hints, with their simulations);
* :mod:`.cases`: the cases, replayed by the engine and completed, and their index;
* :mod:`.codes`: the other codes (Washington 1877, Hoyle) and the concordance;
* :mod:`.edition`: the errata and the laws in the engine (coverage);
* :mod:`.director`: "Ask the director" (:mod:`build_scripts.director_guide`).

Each page module holds one subclass of :class:`~.base.SiteBase` whose methods render its pages;
:class:`build_scripts.site.Builder` inherits them all. The Learn pages are
:mod:`build_scripts.lessons_pages` (a function of the builder, over a protocol).
"""
