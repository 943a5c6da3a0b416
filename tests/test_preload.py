"""The pages' module preloads (build_scripts/preload.py) and the scripts' page signal (theme.js).

The preloads are derived from engine.mjs's WIDGETS and the modules' imports: checked here against
those files and on the built site (every link names a file that exists; a case page announces the
case player and everything it imports; a page without widgets only engine.mjs's own import). Our
scripts take "a page is shown" from window.euchrePage (theme.js), never from the theme's document$,
and theme.js comes first so that it exists when they run.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml
from conftest import BuiltSite

from build_scripts import preload

REPO = Path(__file__).resolve().parent.parent
SCRIPTS = REPO / "docs" / "javascripts"


def test_the_widget_table_is_read_from_engine_mjs() -> None:
    source = (SCRIPTS / "engine.mjs").read_text(encoding="utf-8")
    widgets = preload.parse_widgets(source)
    # as many entries as engine.mjs's table has rows
    table = source.split("const WIDGETS = [", 1)[1].split("];", 1)[0]
    assert len(widgets) == len(re.findall(r'return import\("\./', table)) >= 8
    for widget in widgets:
        assert (SCRIPTS / widget.module).is_file(), widget
        assert f'"{widget.selector}"' in table


def test_each_modules_imports_exist_and_the_closure_follows_them() -> None:
    _, imports = preload._tables(SCRIPTS)
    for module, deps in imports.items():
        for dep in deps:
            assert (SCRIPTS / dep).is_file(), (module, dep)
    case = preload.closure("case-player.mjs", imports)
    assert case[0] == "case-player.mjs"
    assert {"table.mjs", "engine-ui.mjs", "answers.mjs"} <= set(case)


def test_a_page_announces_only_the_widgets_it_has() -> None:
    head = '<html><head></head><body><article class="md-content__inner">'
    tail = '</article><script src="../../javascripts/engine.mjs" type="module" async></script></body></html>'
    plain = preload.preload_links(head + "<p>Law 52</p>" + tail)
    assert re.findall(r'modulepreload" href="([^"]+)"', plain) == ["../../javascripts/answers.mjs"]
    case = preload.preload_links(head + '<div class="case-player" data-case="I"></div>' + tail)
    found = re.findall(r'modulepreload" href="\.\./\.\./javascripts/([^"]+)"', case)
    assert found[0] == "answers.mjs" and "case-player.mjs" in found and "table.mjs" in found
    # the selector's attribute is required: a class alone is not the widget
    bare = preload.preload_links(head + '<div class="case-player"></div>' + tail)
    assert "case-player.mjs" not in bare
    # an id selector (Learn's play table)
    learn = preload.preload_links(head + '<div id="euchre-table"></div>' + tail)
    assert "learn-table.mjs" in learn
    # a page without our engine's script tag (the theme's 404) is left as it is
    assert preload.preload_links("<head></head><p>x</p>") == "<head></head><p>x</p>"


def test_a_broken_widget_table_is_a_clear_error(tmp_path: Path) -> None:
    (tmp_path / "engine.mjs").write_text(
        'const WIDGETS = [\n  ["div > .x", function () { return import("./x.mjs"); }, "m"],\n];'
    )
    with pytest.raises(preload.PreloadError, match="div > .x"):
        preload.page_modules("<article></article>", tmp_path)
    (tmp_path / "engine.mjs").write_text(
        'const WIDGETS = [\n  [".x", function () { return import("./missing.mjs"); }, "m"],\n];'
    )
    with pytest.raises(preload.PreloadError, match="missing.mjs"):
        preload.page_modules("<article></article>", tmp_path)


def test_an_edited_module_is_read_again(tmp_path: Path) -> None:
    """Under ``mkdocs serve`` the hooks' process lives across rebuilds: an edit to a module's imports
    changes the next page's preloads."""
    (tmp_path / "engine.mjs").write_text(
        'const WIDGETS = [\n  [".x", function () { return import("./x.mjs"); }, "m"],\n];'
    )
    (tmp_path / "x.mjs").write_text("")
    page = '<article><div class="x"></div></article>'
    assert preload.page_modules(page, tmp_path) == ["x.mjs"]
    (tmp_path / "y.mjs").write_text("")
    (tmp_path / "x.mjs").write_text('import { a } from "./y.mjs";\n')
    assert preload.page_modules(page, tmp_path) == ["x.mjs", "y.mjs"]


def test_our_scripts_use_the_page_signal_and_theme_js_comes_first() -> None:
    users = sorted(p.name for p in SCRIPTS.iterdir() if p.suffix in {".js", ".mjs"} and "document$" in p.read_text())
    assert users == ["theme.js"], users
    config = yaml.load((REPO / "mkdocs.yml").read_text(), Loader=yaml.BaseLoader)  # noqa: S506 (!ENV tags as text)
    first = config["extra_javascript"][0]
    assert (first if isinstance(first, str) else first["path"]) == "javascripts/theme.js"
    page = (REPO / "overrides" / "main.html").read_text()
    assert "euchre-theme-script" in page and "block scripts" in page


@pytest.mark.slow
def test_built_pages_preload_files_that_exist(built_site: BuiltSite) -> None:
    pages = sorted(built_site.dir.rglob("index.html"))
    assert len(pages) > 50
    for page in pages:
        html = page.read_text(encoding="utf-8")
        for href in re.findall(r'<link rel="modulepreload" href="([^"]+)">', html):
            assert (page.parent / href).resolve().is_file(), (page, href)
        # the theme's script is named, exists, and is not linked by the page itself
        named = re.search(r'<meta name="euchre-theme-script" content="([^"]+)">', html)
        assert named and (page.parent / named.group(1)).resolve().is_file(), page
        assert not re.search(r'<script src="[^"]*bundle\.[0-9a-f]+\.min\.js"', html), page
    case = (built_site.dir / "cases" / "i" / "index.html").read_text(encoding="utf-8")
    announced = re.findall(r'modulepreload" href="\.\./\.\./javascripts/([^"]+)"', case)
    assert {"answers.mjs", "case-player.mjs", "table.mjs", "engine-ui.mjs"} <= set(announced)
    home = (built_site.dir / "index.html").read_text(encoding="utf-8")
    assert re.findall(r'modulepreload" href="javascripts/([^"]+)"', home) == ["answers.mjs"]


def test_the_module_graph_is_esbuilds_not_a_pattern(tmp_path: Path) -> None:
    """Issue 37: the graph comes from esbuild's metafile, so an import written in any form the language allows
    is followed (a re-export, an import split over lines, a comment that looks like an import is not), and
    engine.mjs's dynamic imports must be its WIDGETS' modules."""
    (tmp_path / "engine.mjs").write_text(
        'import { answers } from "./answers.mjs";\n'
        "const WIDGETS = [\n"
        '  [".case-player[data-case]", function () { return import("./case-player.mjs"); }, "mount"],\n'
        "];\nexport { WIDGETS, answers };\n",
        encoding="utf-8",
    )
    (tmp_path / "answers.mjs").write_text("export const answers = 1;\n", encoding="utf-8")
    (tmp_path / "case-player.mjs").write_text(
        '// import "./ghost.mjs";\nexport { table } from "./table.mjs";\nimport {\n  ui\n}\n  from "./ui.mjs";\nexport const m = ui;\n',
        encoding="utf-8",
    )
    (tmp_path / "table.mjs").write_text("export const table = 2;\n", encoding="utf-8")
    (tmp_path / "ui.mjs").write_text("export const ui = 3;\n", encoding="utf-8")
    static, dynamic = preload.module_graph(tmp_path)
    assert sorted(static["case-player.mjs"]) == ["table.mjs", "ui.mjs"]
    assert dynamic["engine.mjs"] == ("case-player.mjs",)
    _, imports = preload._read_tables(tmp_path, ())
    assert preload.closure("case-player.mjs", imports) == ["case-player.mjs", "table.mjs", "ui.mjs"]
    (tmp_path / "engine.mjs").write_text(
        (tmp_path / "engine.mjs").read_text(encoding="utf-8") + 'import("./ui.mjs");\n', encoding="utf-8"
    )
    with pytest.raises(preload.PreloadError, match="dynamically"):
        preload._read_tables(tmp_path, (("changed", 1),))
