"""The site does not depend on one site engine: ProperDocs (MkDocs' drop-in continuation, in
the test group, so ``make test`` and CI run this) renders the docs tree that the generator
wrote (``build_scripts/generate.py``) into the same site as MkDocs 1.6: the same files, and every
page the same HTML but for the ``<meta name="generator">`` tag (and ``sw.js``, whose revisions are
the pages' hashes). Slow: a second full build. Skipped only where ProperDocs is not installed."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import ANSI, REPO_ROOT, BuiltSite, mkdocs_env

pytestmark = pytest.mark.slow

GENERATOR_META = re.compile(r'<meta name="generator" content="[^"]*">')


def _files(root: Path) -> set[str]:
    return {p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_file()}


def test_properdocs_renders_the_same_site_as_mkdocs(built_site: BuiltSite, tmp_path: Path) -> None:
    pytest.importorskip("properdocs")
    site = tmp_path / "properdocs-site"
    # the tree the MkDocs build generated (build/docs), rendered again: EUCHRE_GENERATED=1
    proc = subprocess.run(
        [sys.executable, "-m", "properdocs", "build", "--strict", "-f", "mkdocs.yml", "--site-dir", str(site)],
        cwd=REPO_ROOT,
        env=mkdocs_env(built_site.base, EUCHRE_GENERATED="1"),
        capture_output=True,
        text=True,
        timeout=900,
    )
    output = ANSI.sub("", proc.stdout + proc.stderr)
    assert proc.returncode == 0, output
    mine, theirs = _files(built_site.dir), _files(site)
    assert mine == theirs, (sorted(mine - theirs)[:10], sorted(theirs - mine)[:10])
    pages = sorted(f for f in mine if f.endswith(".html"))
    assert len(pages) > 60
    differ = []
    for page in pages:
        a = GENERATOR_META.sub("", (built_site.dir / page).read_text(encoding="utf-8"))
        b = GENERATOR_META.sub("", (site / page).read_text(encoding="utf-8"))
        if a != b:
            differ.append(page)
    assert not differ, f"pages that ProperDocs renders differently: {differ[:10]}"
    assert "ProperDocs" in (site / "index.html").read_text(encoding="utf-8")
