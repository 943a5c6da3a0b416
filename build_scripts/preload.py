"""Each page announces, in its head, the script modules its widgets will import.

``docs/javascripts/engine.mjs`` imports a widget's module only when the page has the widget's mount
element (its ``WIDGETS`` table), and that module imports others (``table.mjs``, ``engine-ui.mjs`` …).
Found one after another, they are a chain of round trips before the widget can draw: on a phone's
network, a few hundred milliseconds of the first paint of a case's table. So every page's head
lists, as ``<link rel="modulepreload">``, the modules it will need (``engine.mjs``'s static imports,
and for each widget on the page its module and everything that module imports), and the browser
fetches them all at once.

Nothing here is written twice: the widgets and their selectors are read from ``engine.mjs``'s
``WIDGETS``, and the module graph (each module's static imports, and the widget modules ``engine.mjs``
imports dynamically, checked against ``WIDGETS``) from esbuild's metafile (:func:`module_graph`: the
bundler that minifies the site's scripts reads their imports, not a regular expression). A page's
widgets are found in its HTML by the selectors' class (``.case-player[data-case]``) or id
(``#euchre-table``), with the attribute the selector asks for.

Called from the hooks' ``on_post_page`` (:func:`preload_links`); works on HTML text only.
"""

from __future__ import annotations

import json
import re
import subprocess
import tempfile
from dataclasses import dataclass
from functools import lru_cache
from html.parser import HTMLParser
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
SCRIPTS = REPO_ROOT / "docs" / "javascripts"
ENGINE = "engine.mjs"

_WIDGET = re.compile(r'\[\s*"([^"]+)"\s*,\s*function\s*\(\)\s*\{\s*return import\("\./([\w.-]+\.mjs)"\)')
ESBUILD = REPO_ROOT / "node_modules" / ".bin" / "esbuild"
_SELECTOR = re.compile(r"^(?:\.(?P<cls>[\w-]+)|#(?P<id>[\w-]+))(?:\[(?P<attr>[\w-]+)\])?$")


class PreloadError(Exception):
    """``engine.mjs``'s widget table or a module's imports could not be read (the message says which)."""


@dataclass(frozen=True)
class Widget:
    """A mount element's selector, parsed, and the module ``engine.mjs`` imports for it."""

    selector: str
    module: str
    cls: str | None
    id: str | None
    attr: str | None


def parse_widgets(engine_source: str) -> list[Widget]:
    """The ``WIDGETS`` table of ``engine.mjs``: each selector and its module.

    >>> src = 'const WIDGETS = [\\n  [".case-player[data-case]", function () { return import("./case-player.mjs"); }, "m"],\\n'
    >>> src += '  ["#euchre-table", function () { return import("./learn-table.mjs"); }, "n"],\\n];'
    >>> [(w.module, w.cls, w.id, w.attr) for w in parse_widgets(src)]
    [('case-player.mjs', 'case-player', None, 'data-case'), ('learn-table.mjs', None, 'euchre-table', None)]
    """
    widgets = []
    for selector, module in _WIDGET.findall(engine_source):
        parsed = _SELECTOR.match(selector)
        if not parsed:
            raise PreloadError(f"engine.mjs: the widget selector {selector!r} is not .class[attr] or #id")
        widgets.append(Widget(selector, module, parsed["cls"], parsed["id"], parsed["attr"]))
    if not widgets:
        raise PreloadError("engine.mjs: no WIDGETS entries found")
    return widgets


def module_graph(scripts: Path) -> tuple[dict[str, tuple[str, ...]], dict[str, tuple[str, ...]]]:
    """Each module's static imports, and its dynamic ones, as esbuild reads them (its metafile: every
    ``*.mjs`` of ``scripts`` an entry point, bundled to a scratch folder and thrown away).

    >>> static, dynamic = module_graph(SCRIPTS)
    >>> static["case-player.mjs"], "case-player.mjs" in dynamic["engine.mjs"]
    (('answers.mjs', 'engine-ui.mjs', 'table.mjs'), True)
    """
    if not ESBUILD.exists():
        raise PreloadError("esbuild is missing: run `make node-deps` (npm ci)")
    entries = sorted(p.name for p in scripts.glob("*.mjs"))
    with tempfile.TemporaryDirectory() as tmp:
        meta = Path(tmp) / "meta.json"
        # a package (offline.mjs's workbox-window) is not one of the site's modules: left to the bundler of the build
        args = [str(ESBUILD), *entries, "--bundle", "--packages=external", "--format=esm", "--splitting"]
        args.append(f"--outdir={tmp}/out")
        proc = subprocess.run(
            [*args, f"--metafile={meta}", "--log-level=error"], cwd=scripts, capture_output=True, text=True, timeout=120
        )
        if proc.returncode != 0:
            raise PreloadError(f"esbuild could not read the scripts' imports: {proc.stderr.strip()}")
        inputs = json.loads(meta.read_text(encoding="utf-8"))["inputs"]
    static: dict[str, tuple[str, ...]] = {}
    dynamic: dict[str, tuple[str, ...]] = {}
    for path, data in inputs.items():
        name = Path(path).name
        imports = data.get("imports") or []
        static[name] = tuple(Path(i["path"]).name for i in imports if i.get("kind") == "import-statement")
        dynamic[name] = tuple(Path(i["path"]).name for i in imports if i.get("kind") == "dynamic-import")
    return static, dynamic


def _tables(scripts: Path) -> tuple[tuple[Widget, ...], dict[str, tuple[str, ...]]]:
    """The widgets, and each module's static imports, read from ``scripts``: read again when a
    module changes (``mkdocs serve`` keeps this process across rebuilds), else from the cache."""
    stamp = tuple((p.name, p.stat().st_mtime_ns) for p in sorted(scripts.glob("*.mjs")))
    return _read_tables(scripts, stamp)


@lru_cache(maxsize=4)
def _read_tables(
    scripts: Path, stamp: tuple[tuple[str, int], ...]
) -> tuple[tuple[Widget, ...], dict[str, tuple[str, ...]]]:
    """:func:`_tables` for one state of the files (``stamp``: each module's name and time)."""
    engine = scripts / ENGINE
    if not engine.is_file():
        raise PreloadError(f"{engine} is missing")
    widgets = tuple(parse_widgets(engine.read_text(encoding="utf-8")))
    imports, dynamic = module_graph(scripts)
    for widget in widgets:
        if widget.module not in imports:
            raise PreloadError(f"engine.mjs names {widget.module}, which is not in {scripts}")
    if sorted({w.module for w in widgets}) != sorted(set(dynamic.get(ENGINE, ()))):
        raise PreloadError(
            f"engine.mjs: its WIDGETS name {sorted({w.module for w in widgets})}, but it imports "
            f"{sorted(set(dynamic.get(ENGINE, ())))} dynamically (esbuild)"
        )
    return widgets, imports


def closure(module: str, imports: dict[str, tuple[str, ...]]) -> list[str]:
    """``module`` and every module it imports, directly or not, in a stable order.

    >>> closure("a.mjs", {"a.mjs": ("b.mjs",), "b.mjs": ("c.mjs", "a.mjs"), "c.mjs": ()})
    ['a.mjs', 'b.mjs', 'c.mjs']
    """
    seen: list[str] = []
    todo = [module]
    while todo:
        name = todo.pop(0)
        if name in seen:
            continue
        seen.append(name)
        todo.extend(imports.get(name, ()))
    return seen


class _Mounts(HTMLParser):
    """Every element's classes, id and attribute names (enough to match a widget's selector)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.elements: list[tuple[set[str], str | None, set[str]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        classes = set((values.get("class") or "").split())
        self.elements.append((classes, values.get("id"), set(values)))


def _matches(widget: Widget, element: tuple[set[str], str | None, set[str]]) -> bool:
    classes, ident, names = element
    if widget.cls is not None and widget.cls not in classes:
        return False
    if widget.id is not None and widget.id != ident:
        return False
    return widget.attr is None or widget.attr in names


def page_modules(html: str, scripts: Path = SCRIPTS) -> list[str]:
    """The modules a page will import: ``engine.mjs``'s own imports, then each widget's (in the
    order of ``WIDGETS``), without ``engine.mjs`` itself (the page's script tag loads it)."""
    widgets, imports = _tables(scripts)
    body = html.split("<article", 1)[-1]  # the mount elements are in the page's article
    parser = _Mounts()
    parser.feed(body)
    wanted = closure(ENGINE, imports)
    for widget in widgets:
        if any(_matches(widget, element) for element in parser.elements):
            wanted += [m for m in closure(widget.module, imports) if m not in wanted]
    return [m for m in wanted if m != ENGINE]


def preload_links(html: str, scripts: Path = SCRIPTS) -> str:
    """``html`` with a ``<link rel="modulepreload">`` for each of :func:`page_modules`, before
    ``</head>``, each with the prefix of the page's own ``engine.mjs`` tag. A page without that tag
    (the theme's ``404.html``) is left as it is.

    >>> page = '<head></head><article>x</article><script src="../javascripts/engine.mjs" type="module"></script>'
    >>> print(preload_links(page).split("</head>")[0])  # doctest: +NORMALIZE_WHITESPACE
    <head><link rel="modulepreload" href="../javascripts/answers.mjs">
    """
    tag = re.search(r'<script src="([^"]*?)' + re.escape(ENGINE) + r'"', html)
    if not tag or "</head>" not in html:
        return html
    prefix = tag.group(1)
    links = "".join(f'<link rel="modulepreload" href="{prefix}{m}">\n' for m in page_modules(html, scripts))
    return html.replace("</head>", links.rstrip("\n") + "</head>", 1)
