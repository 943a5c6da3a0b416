"""Ready for the renderer after Material (issue 37): Zensical, by Material's authors, renders the docs
tree that the generator wrote (``build/docs``, as for ``tests/test_properdocs.py``) with the
configuration :mod:`build_scripts.zensical_config` derives from ``mkdocs.yml`` (Zensical runs no MkDocs
hooks: the navigation and the hooks' settings are written into it). Every page of the MkDocs build is
there, with the same title and the same text in its article (``<article class="md-content__inner">``,
tags dropped, whitespace normalised). The theme around the article is Zensical's own, and what the
hooks do to MkDocs' output (compact HTML, preloads, one stylesheet, minified scripts, the service
worker) is not done: ARCHITECTURE.md, "Other renderers". Slow: a second full build (Zensical's is
about 11 s). Skipped only where Zensical is not installed (it is in the test group)."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from html.parser import HTMLParser

import pytest
from conftest import ANSI, REPO_ROOT, BuiltSite, mkdocs_env

from build_scripts.zensical_config import load_mkdocs_config

pytestmark = pytest.mark.slow

TITLE = re.compile(r"<title>(.*?)</title>", re.S)


class _ArticleText(HTMLParser):
    """The text inside the page's main article (the theme's ``md-content__inner``)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.depth = 0
        self.parts: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag != "article":
            return
        if self.depth or "md-content__inner" in (dict(attrs).get("class") or "").split():
            self.depth += 1

    def handle_endtag(self, tag: str) -> None:
        if tag == "article" and self.depth:
            self.depth -= 1

    def handle_data(self, data: str) -> None:
        if self.depth:
            self.parts.append(data)


def article_text(html: str) -> str:
    """The article's text, whitespace runs made one space.

    >>> article_text('<nav>menu</nav><article class="md-content__inner md-typeset"><h1>Law  1</h1>\\n<p>A <b>pack</b></p></article>')
    'Law 1 A pack'
    """
    parser = _ArticleText()
    parser.feed(html)
    return " ".join("".join(parser.parts).split())


def _title(html: str) -> str:
    found = TITLE.search(html)
    return " ".join(found.group(1).split()) if found else ""


def test_zensical_renders_every_page_with_the_same_article_text(built_site: BuiltSite) -> None:
    pytest.importorskip("zensical")
    # Zensical wants docs_dir and site_dir inside its configuration's folder: build/, beside the tree
    docs_dir = (REPO_ROOT / load_mkdocs_config(REPO_ROOT / "mkdocs.yml")["docs_dir"]).resolve()
    config, site = docs_dir.parent / "zensical-test.yml", docs_dir.parent / "zensical-test-site"
    shutil.rmtree(site, ignore_errors=True)
    env = mkdocs_env(built_site.base, EUCHRE_GENERATED="1")
    write = [sys.executable, "-m", "build_scripts.zensical_config", "--docs-dir", str(docs_dir)]
    write += ["--site-dir", str(site), "--out", str(config)]
    proc = subprocess.run(write, cwd=REPO_ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    try:
        proc = subprocess.run(
            [sys.executable, "-m", "zensical", "build", "--clean", "--strict", "-f", str(config)],
            cwd=REPO_ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=900,
        )
        output = ANSI.sub("", proc.stdout + proc.stderr)
        assert proc.returncode == 0, output
        assert "No issues found" in output, output

        mine = sorted(p.relative_to(built_site.dir).as_posix() for p in built_site.dir.rglob("*.html"))
        theirs = sorted(p.relative_to(site).as_posix() for p in site.rglob("*.html"))
        assert mine == theirs, (sorted(set(mine) - set(theirs))[:10], sorted(set(theirs) - set(mine))[:10])
        assert len(mine) > 60
        differ, titles, empty = [], [], []
        for page in mine:
            a = (built_site.dir / page).read_text(encoding="utf-8")
            b = (site / page).read_text(encoding="utf-8")
            text = article_text(a)
            if not text:
                empty.append(page)
            if text != article_text(b):
                differ.append(page)
            if _title(a) != _title(b):
                titles.append((page, _title(a), _title(b)))
        assert not empty, f"pages without an article: {empty[:10]}"
        assert not differ, (
            f"{len(differ)} of {len(mine)} pages whose article text Zensical renders differently: {differ}"
        )
        assert not titles, f"pages whose title differs: {titles[:10]}"
        assert '<meta name="generator" content="zensical-' in (site / "index.html").read_text(encoding="utf-8")
    finally:
        config.unlink(missing_ok=True)
        shutil.rmtree(site, ignore_errors=True)
