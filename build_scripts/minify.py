"""The site's own scripts minified and its stylesheets as one minified file, in a built site.

Sources stay in ``docs/`` (``mkdocs serve`` serves them as written); ``mkdocs build`` then, from the
hooks:

* ``on_post_page`` (and ``on_post_template`` for ``404.html``): :func:`one_stylesheet` replaces the page's links to the site's stylesheets
  (``extra_css``, eight files) by one link to :data:`BUNDLE`;
* ``on_post_build`` (before the service worker is written): :func:`minify_site` runs esbuild (npm,
  pinned) on the built folder: the stylesheets concatenated in ``extra_css`` order into
  ``stylesheets/site.min.css`` (the eight sources are then removed from the site), and every ``javascripts/*.mjs`` (ES modules) and ``*.js`` (classic
  scripts: their top-level names are kept) minified in place. Our modules are not bundled with
  each other: each keeps its own file, so a page imports only the widgets it has (``engine.mjs``).
  A module that imports an npm package (:data:`BUNDLED`: ``offline.mjs``, workbox-window) is
  bundled with it, alone: esbuild resolves the package from the repository's ``node_modules``
  (``NODE_PATH``) and inlines it, so the site serves no file from ``node_modules`` and the page no
  second request (the Content-Security-Policy allows the site's own scripts only).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import tempfile
from collections.abc import Sequence
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
ESBUILD = REPO_ROOT / "node_modules" / ".bin" / "esbuild"
BUNDLE = "stylesheets/site.min.css"
NODE_MODULES = REPO_ROOT / "node_modules"
#: The modules bundled with the npm packages they import (each its own bundle; see the module's docstring).
BUNDLED = ("offline.mjs",)
#: The build of a package that a bundle takes: workbox-window's primary build (ES2017, production;
#: its package.json's ``workbox.primaryBuild``), not the ES5 file its ``module`` field names (3.2 kB
#: minified instead of 5.7 kB).
ALIASES = {"workbox-window": "workbox-window/build/workbox-window.prod.mjs"}


class MinifyError(Exception):
    """esbuild is missing or failed (the message says why)."""


def one_stylesheet(html: str, stylesheets: Sequence[str]) -> str:
    """``html`` with its links to ``stylesheets`` (site paths, ``extra_css``) replaced by one link to
    :data:`BUNDLE`, at the first one's place and with its relative prefix.

    >>> page = '<link rel="stylesheet" href="../stylesheets/a.css">x<link rel="stylesheet" href="../stylesheets/b.css">'
    >>> one_stylesheet(page, ["stylesheets/a.css", "stylesheets/b.css"])
    '<link rel="stylesheet" href="../stylesheets/site.min.css">x'
    >>> one_stylesheet(page.replace("../", "/repo/"), ["stylesheets/a.css", "stylesheets/b.css"])
    '<link rel="stylesheet" href="/repo/stylesheets/site.min.css">x'
    """
    names = "|".join(re.escape(s) for s in stylesheets)
    pattern = re.compile(r'<link rel="stylesheet" href="([^"]*?)(?:' + names + r')">\n?')
    found = pattern.search(html)
    if not found or not stylesheets:
        return html
    first = f'<link rel="stylesheet" href="{found.group(1)}{BUNDLE}">'
    return html[: found.start()] + first + pattern.sub("", html[found.end() :])


def _run(args: list[str], env: dict[str, str] | None = None) -> None:
    proc = subprocess.run(args, cwd=REPO_ROOT, capture_output=True, text=True, timeout=300, env=env)
    if proc.returncode != 0:
        raise MinifyError(f"esbuild failed: {proc.stderr.strip()}")


def minify_site(site_dir: Path, stylesheets: Sequence[str]) -> None:
    """Write :data:`BUNDLE` and minify the site's scripts in place (see the module's docstring)."""
    if not ESBUILD.exists():
        raise MinifyError("esbuild is missing: run `make node-deps` (npm ci)")
    with tempfile.TemporaryDirectory() as tmp:
        joined = Path(tmp) / "site.css"
        joined.write_text("\n".join((site_dir / s).read_text(encoding="utf-8") for s in stylesheets))
        _run([str(ESBUILD), str(joined), "--minify", "--loader:.css=css", f"--outfile={site_dir / BUNDLE}"])
    for stylesheet in stylesheets:  # no page links them any more
        (site_dir / stylesheet).unlink()
    scripts = site_dir / "javascripts"
    modules = sorted(str(p) for p in scripts.glob("*.mjs") if p.name not in BUNDLED)
    bundled = sorted(str(p) for p in scripts.glob("*.mjs") if p.name in BUNDLED)
    classic = sorted(str(p) for p in scripts.glob("*.js"))
    common = [str(ESBUILD), "--minify", "--allow-overwrite", f"--outdir={scripts}", "--log-level=error"]
    esm = ["--format=esm", "--out-extension:.js=.mjs"]
    if modules:
        _run([*common, *esm, *modules])
    aliases = [f"--alias:{name}={build}" for name, build in ALIASES.items()]
    for module in bundled:  # one at a time: a bundle shares no chunk with another
        _run([*common, *esm, "--bundle", *aliases, module], env={**os.environ, "NODE_PATH": str(NODE_MODULES)})
    if classic:
        _run([*common, *classic])


def available() -> bool:
    """Whether esbuild is installed (``npm ci``)."""
    return ESBUILD.exists() and shutil.which("node") is not None
