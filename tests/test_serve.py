"""``make serve`` never shows a stale page: under a running ``python -m build_scripts.serve`` (in a
temporary copy of the repository), an edit to a law's text, a template, a hand-written page, a
docstring and the engine each shows on its served page, and goes away when the edit is undone, and the
served search index is then the one of the first (full) build again (issue 36: no undone edit, no page
twice); the hint simulations are not run (their cache file is untouched). Slow: it generates the whole site
once and restarts the generator for each Python edit. The times: ``benchmarks/bench_serve.py``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from serve_edits import EDITS, apply, copy_repo, free_port, restore, start_serve, stop, wait_for

pytestmark = pytest.mark.slow


def test_every_kind_of_edit_shows_on_the_served_page(tmp_path: Path) -> None:
    root = tmp_path / "repo"
    copy_repo(root)
    cache = (root / "content" / "cache" / "hint_sims.json").read_bytes()
    port = free_port()
    log = tmp_path / "serve.log"
    proc = start_serve(root, port, log)
    base = f"http://127.0.0.1:{port}/"
    try:
        assert wait_for(base + "laws/the-rubber/", lambda html: "best of three games" in html, 900, proc=proc), (
            log.read_text()
        )
        fresh = _index(base)
        for i, edit in enumerate(EDITS):
            marker = f"SERVEMARK{i}X"
            original = apply(root, edit, marker)
            try:
                for url in (base + page for page in edit.pages):  # its own page, then those that gather every law
                    shown = wait_for(url, lambda html, m=marker: m in html, 600, proc=proc)
                    assert shown is not None, f"{edit.kind}: {url} never showed the edit\n{log.read_text()[-3000:]}"
            finally:
                restore(root, edit, original)
            for url in (base + page for page in edit.pages):
                gone = wait_for(url, lambda html, m=marker: bool(html) and m not in html, 600, proc=proc)
                assert gone is not None, f"{edit.kind}: {url} still shows the undone edit"
        served = wait_for(base + "search/search_index.json", lambda text: "SERVEMARK" not in text, 300, proc=proc)
        assert served is not None, "the search index still holds an undone edit"
        now = _index(base)
        assert len(now) == len(fresh), f"{len(now)} entries in the served index against {len(fresh)} when fresh"
        assert now == fresh
    finally:
        stop(proc)
    output = log.read_text()
    assert (root / "content" / "cache" / "hint_sims.json").read_bytes() == cache
    assert "hint simulation " not in output  # hint_sims.refresh logs each simulation it runs
    assert "Traceback" not in output, output[-3000:]


def _index(base: str) -> list[tuple[str, str, str]]:
    """The served search index's entries, in order of their place (the theme appends a page rendered again)."""
    from serve_edits import fetch

    docs = json.loads(fetch(base + "search/search_index.json"))["docs"]
    return sorted((d["location"], d.get("title", ""), d.get("text", "")) for d in docs)
