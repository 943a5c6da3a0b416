"""MkDocs hooks: the book's data becomes pages at build time (``hooks:`` in ``mkdocs.yml``).

* ``on_startup`` remembers whether this is ``mkdocs serve`` (then the renderer's modules are
  reloaded before each build, so edits to ``build_scripts/`` show without a restart).
* ``on_config`` reloads them (``mkdocs.yml``'s ``watch:`` lists ``content/``, ``euchre_core/``
  and ``build_scripts/``, so ``mkdocs serve`` rebuilds when the data changes).
* ``on_files`` renders every page (:func:`build_scripts.site.generate`), adds them to the file
  collection as virtual files (nothing is written to ``docs/``) and sets the navigation. It also
  adds the browser's Python (:mod:`build_scripts.pyodide_runtime`: the Pyodide runtime from
  ``node_modules/`` and the engine's wheel, under ``pyodide/``), so ``mkdocs serve`` serves it too.
* ``on_files`` also starts the runtime's pre-compilation (Node, in the background); ``on_post_build``
  writes the files that depend on it (the standard library, the wheel, the lock file) into the site.
* ``on_post_build`` then writes the service worker (:mod:`build_scripts.offline`, Workbox run by
  Node: the whole book precached for reading offline); ``mkdocs serve`` has none (its ``sw.js``
  removes a worker left by a built site at the same address), and ``config.extra.euchre_offline``
  tells the pages (``overrides/main.html``) whether to register one.
* ``on_post_page`` links a built page to one minified stylesheet and ``on_post_build`` writes it
  and minifies the scripts (:mod:`build_scripts.minify`, esbuild; ``mkdocs serve`` keeps the sources).
* ``on_post_page`` writes each page without the template's indentation
  (:mod:`build_scripts.compact_html`): a smaller page to fetch on instant navigation.

A case that the engine refuses, or content that does not validate, stops the build with the
engine's or the validator's message (``PluginError``: MkDocs prints it and exits non-zero).
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from typing import Any

from jinja2 import BytecodeCache, Environment
from jinja2.bccache import Bucket
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files

REPO_ROOT = Path(__file__).resolve().parent.parent
if str(REPO_ROOT) not in sys.path:  # `mkdocs` run without PYTHONPATH=.: still find the packages
    sys.path.insert(0, str(REPO_ROOT))

_serving = False
_compile: Any = None  # the runtime's pre-compilation (pyodide_runtime.CompileJob), running while the pages are made
_markers: dict[str, str] = {}  # page src_uri → the element that points answers.mjs at its answers.json
_home_law_jump = ""  # the home page's "go to law N" box (on_files → on_page_markdown)
_RELOAD = (
    "build_scripts.content",
    "build_scripts.cards_html",
    "build_scripts.textmark",
    "build_scripts.lessons_pages",
    "build_scripts.site",
    "build_scripts.pyodide_runtime",
    "build_scripts.analysis_view",
    "build_scripts.hint_sims",
    "build_scripts.precompute",
    "build_scripts.compact_html",
    "build_scripts.offline",
    "build_scripts.minify",
)


def on_startup(command: str, dirty: bool) -> None:
    """Remember whether MkDocs is serving (rebuilds in one process) or building once; when
    serving, remember each page's rendered HTML so that a rebuild converts only the pages whose
    Markdown changed (an edit to one law re-renders that section, not the whole site)."""
    global _serving
    _serving = command == "serve"
    if _serving:
        from build_scripts import serve_cache, serve_patches

        serve_cache.enabled = True
        serve_patches.install()


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    """When serving, reload the generator so that edits to ``build_scripts/`` show at once.

    (``mkdocs.yml``'s ``watch:`` makes ``mkdocs serve`` rebuild when ``content/``,
    ``euchre_core/`` (the data and the engine, whose wheel the site ships) or ``build_scripts/`` change.)
    """
    from build_scripts import offline

    config.extra["euchre_offline"] = not _serving and offline.enabled()
    if _serving:
        for name in _RELOAD:
            if name in sys.modules:
                importlib.reload(sys.modules[name])
        cards_html = sys.modules.get("build_scripts.cards_html")
        if cards_html is not None:
            cards_html.template_env.cache_clear()
    return config


class _MemoryBytecodeCache(BytecodeCache):
    """Compiled theme templates kept across the rebuilds of ``mkdocs serve`` (MkDocs makes a new
    Jinja environment for each build, and compiling Material's templates again costs ~0.4 s)."""

    store: dict[str, bytes] = {}

    def load_bytecode(self, bucket: Bucket) -> None:
        code = self.store.get(bucket.key)
        if code is not None:
            bucket.bytecode_from_string(code)

    def dump_bytecode(self, bucket: Bucket) -> None:
        self.store[bucket.key] = bucket.bytecode_to_string()


def on_env(env: Environment, config: MkDocsConfig, files: Files) -> Environment:
    """When serving, reuse the compiled templates of the previous build."""
    if _serving:
        env.bytecode_cache = _MemoryBytecodeCache()
    return env


def on_files(files: Files, config: MkDocsConfig) -> Files:
    """Render the data into pages and add them to the build; set the navigation."""
    # imported here so that a reload in on_config takes effect
    from build_scripts import precompute, pyodide_runtime, site

    global _compile
    try:  # Node pre-compiles the runtime in the background meanwhile (taken in on_post_build)
        _compile = pyodide_runtime.start_compile(compiled=not _serving)  # serve: no Node run per engine edit
        runtime = pyodide_runtime.runtime_base_files()
        if _serving:
            runtime |= pyodide_runtime.runtime_engine_files(_compile)
            _compile = None
    except pyodide_runtime.RuntimeMissing as error:
        raise PluginError(f"euchre: {error}") from None
    try:
        generated = site.generate()
    except site.BuildError as error:
        raise PluginError(f"euchre: {error}") from None
    global _home_law_jump
    _home_law_jump = generated.home_law_jump
    for src_uri, text in generated.pages.items():
        existing = files.get_file_from_path(src_uri)
        if existing is not None:
            raise PluginError(f"euchre: docs/{src_uri} exists, but that page is generated from the data")
        files.append(File.generated(config, src_uri, content=text))
    for src_uri, source in runtime.items():
        if isinstance(source, bytes):
            files.append(File.generated(config, src_uri, content=source))
        else:
            files.append(File.generated(config, src_uri, abs_src_path=str(source)))
    try:  # what the book fixes, answered at build time (build_scripts/precompute.py)
        answers = precompute.site_files(generated.pages)
    except (precompute.BudgetExceeded, ValueError) as error:
        raise PluginError(f"euchre: {error}") from None
    _markers.clear()
    for src_uri, data in answers.items():
        page_dest = files.get_file_from_path(src_uri).dest_uri  # type: ignore[union-attr]
        files.append(File.generated(config, precompute.answers_path(page_dest), content=data))
        files.append(
            File.generated(config, precompute.answers_path(page_dest) + ".gz", content=precompute.compressed(data))
        )
        _markers[src_uri] = precompute.marker(page_dest)
    _markers[""] = precompute.index_marker(
        [
            precompute.answers_path(files.get_file_from_path(s).dest_uri)  # type: ignore[union-attr]
            for s in answers
        ]
    )
    config.nav = generated.nav
    if _serving:
        from build_scripts import offline, serve_patches

        files.append(File.generated(config, "sw.js", content=offline.UNREGISTER))

        serve_patches.files_signature = hash(tuple(sorted(f.src_uri for f in files)))
    return files


def on_page_markdown(markdown: str, page: Any, config: MkDocsConfig, files: Files) -> str:
    """The home page's law-number box, made from the laws' sections (``site.Site.home_law_jump``)."""
    if page.file.src_uri == "index.md":
        return markdown.replace("<!-- law-jump -->", _home_law_jump)
    return markdown


def on_page_content(html: str, page: Any, config: MkDocsConfig, files: Files) -> str:
    """A page with precomputed answers gets the element that tells ``answers.mjs`` where they are;
    every page, the list of the site's answers files (fetched when the reader points at a link)."""
    return html + _markers.get(page.file.src_uri, "") + _markers.get("", "")


def on_post_page(output: str, page: Any, config: MkDocsConfig) -> str:
    """The page without the template's indentation (:func:`build_scripts.compact_html.compact`)."""
    from build_scripts.compact_html import compact

    if not _serving:  # a built site links one minified stylesheet (build_scripts/minify.py)
        from build_scripts.minify import one_stylesheet

        output = one_stylesheet(output, [str(s) for s in config.extra_css])
    return compact(output)


def on_post_template(output_content: str, template_name: str, config: MkDocsConfig) -> str:
    """``404.html`` (a page of the theme, not of the docs) also links the one stylesheet."""
    if _serving or template_name != "404.html":
        return output_content
    from build_scripts.minify import one_stylesheet

    return one_stylesheet(output_content, [str(s) for s in config.extra_css])


def on_post_build(config: MkDocsConfig) -> None:
    """The runtime's files that depend on the engine (the standard library, pre-compiled by Node while
    the pages were made, the wheel with its pycs and the lock file), written into the site; then the
    service worker that precaches the built site (:func:`build_scripts.offline.write_service_worker`)."""
    global _compile
    from build_scripts import offline, pyodide_runtime

    site_dir = Path(config.site_dir)
    if _compile is not None:
        job, _compile = _compile, None
        for path, source in pyodide_runtime.runtime_engine_files(job).items():
            target = site_dir / path
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(source if isinstance(source, bytes) else source.read_bytes())
    if not _serving:
        from build_scripts import minify

        try:
            minify.minify_site(site_dir, [str(s) for s in config.extra_css])
        except minify.MinifyError as error:
            raise PluginError(f"euchre: {error}") from None
    if config.extra.get("euchre_offline"):
        try:
            offline.write_service_worker(site_dir)
        except offline.OfflineError as error:
            raise PluginError(f"euchre: {error}") from None


def on_build_error(error: Exception) -> None:
    """A failed build does not wait for Node."""
    global _compile
    if _compile is not None:
        _compile.cancel()
        _compile = None
