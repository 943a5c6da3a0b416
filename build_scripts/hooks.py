"""MkDocs hooks (``hooks:`` in ``mkdocs.yml``): only what must run inside MkDocs. Thin.

The pages, their answers and the browser's runtime are written into the docs tree (``build/docs``,
``docs_dir``) by the generator, :mod:`build_scripts.generate`, which imports nothing of MkDocs.
MkDocs renders that tree. The hooks:

* ``on_config`` runs the generator (in a fresh process, so the engine is the one on disk) unless
  ``EUCHRE_GENERATED=1`` says that the caller already did (``make build``, ``make serve``, whose
  watcher regenerates on every edit), and sets the navigation from the tree's ``.nav.json``. A
  refused case, bad content or a stale simulation cache stops the build with the generator's message.
  From then to the end of the build (``on_post_build``, or ``on_build_error``) it holds the docs
  tree's lock (:mod:`build_scripts.docs_tree`), so that the generator of ``make serve`` does not
  change the tree under a build.
  It also tells the pages (``overrides/main.html``) whether the built site has an offline copy, and
  which file is the theme's script (:func:`theme_script`), which ``docs/javascripts/theme.js`` loads
  when the reader first reaches for the page.
* ``on_env`` (serve only) keeps the compiled theme templates across rebuilds (Jinja's documented
  ``BytecodeCache``): MkDocs makes a new environment per build.
* ``on_post_page`` / ``on_post_template`` work on MkDocs' HTML: the page without the template's
  indentation (:mod:`build_scripts.compact_html`), the modules its widgets import preloaded
  (:mod:`build_scripts.preload`) and, in a built site, one minified stylesheet.
* ``on_post_build`` works on the built site: the search index with each law and each situation of the
  director's guide a result of its own (:mod:`build_scripts.search_index`, from the generator's
  ``.search.json``; the pages' addresses from ``on_files``), minified scripts (:mod:`build_scripts.minify`, esbuild),
  every page's Content-Security-Policy (:mod:`build_scripts.csp`: its inline scripts hashed) and the service worker that precaches it (:mod:`build_scripts.offline`, Workbox), which need the
  site's final files. ``mkdocs serve`` keeps the sources and has no offline copy.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import IO, Any

from jinja2 import BytecodeCache, Environment
from jinja2.bccache import Bucket
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import Files

REPO_ROOT = Path(__file__).resolve().parent.parent
if str(REPO_ROOT) not in sys.path:  # `mkdocs` run without PYTHONPATH=.: still find the packages
    sys.path.insert(0, str(REPO_ROOT))

_serving = False
_tree_lock: IO[bytes] | None = None  # the docs tree's lock, held from on_config to the build's end


def _hold_tree(docs_dir: Path) -> None:
    """Take the docs tree's lock for this build (waiting while the generator writes a batch)."""
    global _tree_lock
    from build_scripts import docs_tree

    if _tree_lock is None:
        _tree_lock = docs_tree.acquire(docs_dir)


def _let_tree_go() -> None:
    """Give the docs tree's lock back (the build has read every page it renders)."""
    global _tree_lock
    from build_scripts import docs_tree

    if _tree_lock is not None:
        handle, _tree_lock = _tree_lock, None
        docs_tree.release(handle)


def on_startup(command: str, dirty: bool) -> None:
    """Remember whether MkDocs is serving (rebuilds in one process) or building once."""
    global _serving
    _serving = command == "serve"


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    """The docs tree from the generator (unless already made); the navigation from it."""
    from build_scripts import offline

    config.extra["euchre_offline"] = not _serving and offline.enabled()
    config.extra["theme_script"] = theme_script([Path(d) for d in config.theme.dirs])
    docs_dir = Path(config.docs_dir)
    if os.environ.get("EUCHRE_GENERATED") != "1":
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(p for p in (str(REPO_ROOT), env.get("PYTHONPATH", "")) if p)
        command = [sys.executable, "-m", "build_scripts.generate", "--out", str(docs_dir)]
        proc = subprocess.run(
            command + (["--serve"] if _serving else []), cwd=REPO_ROOT, env=env, capture_output=True, text=True
        )
        if proc.returncode != 0:
            message = (
                proc.stderr.strip().replace("generate: error: ", "")
                or f"the generator stopped (exit {proc.returncode})"
            )
            raise PluginError(f"euchre: {message}")
    _hold_tree(docs_dir)  # the navigation and every page this build reads: one state of the tree
    nav = docs_dir / ".nav.json"
    if not nav.is_file():
        _let_tree_go()
        raise PluginError(f"euchre: {nav} is missing: run `python -m build_scripts.generate --out {docs_dir}`")
    config.nav = json.loads(nav.read_text(encoding="utf-8"))
    return config


def theme_script(theme_dirs: list[Path]) -> str:
    """The theme's own script, relative to the site: the one file the pages load on demand.

    Material names it ``assets/javascripts/bundle.<hash>.min.js``; the first theme directory that
    has one wins (an override would come first). Another theme would name its own here.

    >>> theme_script([Path("/nowhere")])
    Traceback (most recent call last):
    mkdocs.exceptions.PluginError: euchre: the theme has no script (assets/javascripts/bundle.*.min.js)
    """
    for directory in theme_dirs:
        found = sorted((directory / "assets" / "javascripts").glob("bundle.*.min.js"))
        if found:
            return found[0].relative_to(directory).as_posix()
    raise PluginError("euchre: the theme has no script (assets/javascripts/bundle.*.min.js)")


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


def on_post_page(output: str, page: Any, config: MkDocsConfig) -> str:
    """The page without the template's indentation (:func:`build_scripts.compact_html.compact`),
    with the script modules its widgets will import announced in its head (:mod:`build_scripts.preload`)."""
    from build_scripts.compact_html import compact
    from build_scripts.preload import ESBUILD, PreloadError, preload_links

    # the preloads need esbuild (the module graph), a build tool: `make serve` installs only the runtime's
    # package (npm ci --omit=dev), and serves its pages without them (a build always has them)
    if not _serving or ESBUILD.exists():
        try:
            output = preload_links(output)
        except PreloadError as error:
            raise PluginError(f"euchre: {error}") from None

    if not _serving:  # a built site links one minified stylesheet (build_scripts/minify.py)
        from build_scripts.minify import one_stylesheet

        output = one_stylesheet(output, [str(s) for s in config.extra_css])
    else:
        _index_page_again(config, page.url)
    return compact(output)


def _search_index(config: MkDocsConfig) -> tuple[Any, Any] | None:
    """The theme's search plugin and its index of this build, if the theme keeps them where this expects
    (Material's ``search_index``, with ``entries``): else None, and the search index is left to the theme."""
    search = config.plugins.get("material/search") or config.plugins.get("search")
    index = getattr(search, "search_index", None)
    if not isinstance(getattr(index, "entries", None), list):
        return None
    return search, index


def on_pre_page(page: Any, config: MkDocsConfig, files: Files) -> Any:
    """Under ``mkdocs serve --dirty``: where the search index stands before this page is indexed
    (:func:`_index_page_again`)."""
    if _serving:
        found = _search_index(config)
        if found is not None:
            search, index = found
            carried = getattr(getattr(search, "search_index_prev", None), "entries", None)
            if isinstance(carried, list):  # the build's first page: carry the whole previous index
                index.entries = list(carried) + index.entries
                search.search_index_prev = None
            _index_mark[page.url] = len(index.entries)
    return page


_index_mark: dict[str, int] = {}  # a page being rendered -> the number of index entries before its own
_page_urls: dict[str, str] = {}  # a page's file -> its address (on_files), for the search index's shaping


def on_files(files: Files, config: MkDocsConfig) -> Files:
    """The pages' addresses, as this build writes them (:func:`on_post_build` shapes the search index)."""
    _page_urls.clear()
    _page_urls.update({f.src_uri: f.url for f in files.documentation_pages()})
    return files


def _index_page_again(config: MkDocsConfig, url: str) -> None:
    """``mkdocs serve --dirty``: the page rendered again replaces its own entries in the search index.

    The theme keeps the previous build's index and, after a dirty build, drops the entries whose address
    begins with that of the first page the build rendered, then adds the build's own: when an edit renders
    several pages (a law's page and the two pages that quote every law) the others' old entries stayed
    beside their new ones (an undone edit searchable, 985 entries against 588), and when the first page was
    a folder's index (cases/) every page under it lost its entries. Here the build starts from the whole
    previous index (:func:`on_pre_page`, on its first page) and each page rendered swaps its old entries
    for the ones just made; the theme then writes the index as it stands. Only under serve, and only if the
    theme keeps its index where this expects it (otherwise nothing is done: a build is never affected)."""
    found = _search_index(config)
    start = _index_mark.pop(url, None)
    if found is None or start is None:
        return
    _, index = found
    old, new = index.entries[:start], index.entries[start:]
    index.entries = [e for e in old if str(e.get("location", "")).split("#", 1)[0] != url] + new


def on_post_template(output_content: str, template_name: str, config: MkDocsConfig) -> str:
    """``404.html`` (a page of the theme, not of the docs) also links the one stylesheet."""
    if _serving or template_name != "404.html":
        return output_content
    from build_scripts.minify import one_stylesheet

    return one_stylesheet(output_content, [str(s) for s in config.extra_css])


def on_post_build(config: MkDocsConfig) -> None:
    """A built site's scripts minified, every page's Content-Security-Policy (:func:`build_scripts.csp.add_policy`),
    then its service worker (:func:`build_scripts.offline.write_service_worker`)."""
    from build_scripts import csp, minify, offline, search_index

    site_dir = Path(config.site_dir)
    try:  # the generator's results, read while the tree is still this build's
        search_index.shape_site(site_dir, Path(config.docs_dir), dict(_page_urls))
        search_index.name_theme_worker(site_dir, search_index.theme_worker([Path(d) for d in config.theme.dirs]))
    except search_index.SearchIndexError as error:
        _let_tree_go()
        raise PluginError(f"euchre: {error}") from None
    _let_tree_go()  # the pages are rendered: the generator may write the tree again
    if not _serving:
        try:
            minify.minify_site(site_dir, [str(s) for s in config.extra_css])
        except minify.MinifyError as error:
            raise PluginError(f"euchre: {error}") from None
        csp.add_policy(site_dir)  # before the service worker, which records each page's revision
    if config.extra.get("euchre_offline"):
        try:
            offline.write_service_worker(site_dir)
        except offline.OfflineError as error:
            raise PluginError(f"euchre: {error}") from None


def on_build_error(error: Exception) -> None:
    """A build that stopped gives the docs tree's lock back too."""
    _let_tree_go()
