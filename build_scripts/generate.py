"""The generator: the whole docs tree that a site engine renders, written by one command.

    python -m build_scripts.generate [--out build/docs] [--serve] [--watch]

writes into ``--out`` (default ``build/docs``, the ``docs_dir`` of ``mkdocs.yml``):

* the hand-written pages and assets of ``docs/`` (the home page with its law-number box filled in,
  the API pages with a digest of the engine's sources, so that a docstring edit changes their bytes);
* every page generated from ``content/`` and the engine (:func:`build_scripts.site.generate`, over the
  page modules of :mod:`build_scripts.pages`), each with the element that points ``answers.mjs`` at
  its precomputed answers, and those answers (``answers.json`` and ``.gz``, :mod:`build_scripts.precompute`);
* the browser's Python under ``pyodide/`` (:mod:`build_scripts.pyodide_runtime`: the Pyodide runtime,
  the engine's wheel and the lock file);
* ``.nav.json``, the navigation (read by ``build_scripts/hooks.py``; a dot-file, so not a page), and
  ``.search.json``, the results of their own in the site's search (each law, each situation of the
  director's guide: :mod:`build_scripts.search_index` puts them in the built index).

It imports nothing of MkDocs: any renderer that reads a docs tree can render the result. A file is
written only when its bytes change, and files that are no longer generated are removed, so the
modification times say what changed (``mkdocs serve --dirty`` rebuilds only those pages). When the
navigation or the theme's templates (``overrides/``, ``mkdocs.yml``) change, every page's time is
renewed, since every page shows them.

``--serve``: the runtime is not pre-compiled (no Node run per engine edit) and ``sw.js`` removes a
service worker left by a built site. ``--watch`` (used by ``make serve``, :mod:`build_scripts.serve`):
after the first run, regenerate whenever ``content/``, ``docs/``, ``overrides/``, ``schemas/``,
``euchre_core/`` or ``build_scripts/`` change. An edit to Python (or the engine's data) restarts the
process, so the engine is always the one on disk; other edits regenerate in this process, reusing
the parts whose inputs did not change (:mod:`build_scripts.serve_cache`). Under ``--watch`` an edit's
pages of over :data:`LARGE_PAGE` bytes (the director's guide, all the laws on one page) are written
:data:`STAGGER_SECONDS` after its small ones, so that ``mkdocs serve`` shows a law's own page first.

The hint simulations are never run here: their committed cache must be current
(``make sims`` runs them); a stale cache stops the build with a message, and under ``--watch``
the pages keep the cached figures, with a warning.
"""

from __future__ import annotations

import argparse
import functools
import hashlib
import html
import json
import os
import posixpath
import sys
import threading
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from build_scripts import docs_tree

REPO_ROOT = Path(__file__).resolve().parent.parent
DOCS_DIR = REPO_ROOT / "docs"
DEFAULT_OUT = REPO_ROOT / "build" / "docs"
NAV_FILE = ".nav.json"
SEARCH_FILE = ".search.json"
MANIFEST = ".generated.json"
# what every page shows besides its own Markdown: a change renews every page's time (a full rebuild)
THEME_INPUTS = (REPO_ROOT / "overrides", REPO_ROOT / "mkdocs.yml")
# edits that restart the --watch process (the engine and the generator are imported once per process)
RESTART_ROOTS = (REPO_ROOT / "euchre_core", REPO_ROOT / "build_scripts", REPO_ROOT / "schemas")
# edits regenerated in the --watch process
CONTENT_ROOTS = (REPO_ROOT / "content", DOCS_DIR, REPO_ROOT / "build_scripts" / "templates", *THEME_INPUTS)
RESTART_EXIT = 3


class GenerateError(Exception):
    """Bad content, a refused case, a stale simulation cache or a missing runtime: the message says which."""


@dataclass
class Report:
    """What one run wrote: paths relative to the tree."""

    written: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    unchanged: int = 0
    full: bool = False  # every page's time renewed (navigation or theme changed)
    seconds: float = 0.0
    cpu_seconds: float = 0.0  # this process's CPU time: what the run costs on a machine shared with others
    warnings: list[str] = field(default_factory=list)

    def summary(self) -> str:
        """One line for the log.

        >>> Report(written=["a.md"], unchanged=2, seconds=0.5, cpu_seconds=0.25).summary()
        'generated in 0.50 s (CPU 0.25 s): 1 written, 0 removed, 2 unchanged'
        """
        full = " (navigation or theme changed: every page renewed)" if self.full else ""
        return (
            f"generated in {self.seconds:.2f} s (CPU {self.cpu_seconds:.2f} s): {len(self.written)} written, "
            f"{len(self.removed)} removed, "
            f"{self.unchanged} unchanged{full}"
        )


def dest_of(src_uri: str) -> str:
    """The HTML file of a page with directory URLs (MkDocs' ``use_directory_urls: true``).

    >>> dest_of("index.md"), dest_of("cases/index.md"), dest_of("cases/i.md")
    ('index.html', 'cases/index.html', 'cases/i/index.html')
    """
    stem = posixpath.splitext(src_uri)[0]
    if posixpath.basename(stem) in ("index", "README"):
        return posixpath.join(posixpath.dirname(stem), "index.html")
    return stem + "/index.html"


def tree_digest(roots: Iterable[Path], suffixes: tuple[str, ...] = ()) -> str:
    """A digest of the bytes of every file under ``roots`` (only ``suffixes``, when given)."""
    h = hashlib.sha256()
    for root in roots:
        paths = [root] if root.is_file() else sorted(p for p in root.rglob("*") if p.is_file())
        for path in paths:
            if "__pycache__" in path.parts or (suffixes and path.suffix not in suffixes):
                continue
            h.update(str(path.relative_to(REPO_ROOT)).encode() + b"\0" + path.read_bytes() + b"\0")
    return h.hexdigest()[:16]


def _hint_sims_check(serve: bool, warnings: list[str]) -> None:
    """The build reads the simulations' committed cache and never runs them (``make sims`` does)."""
    from build_scripts import hint_sims

    stale = hint_sims.stale_specs()
    model = hint_sims.game_model_current()
    if not stale and model:
        return
    what = f"{len(stale)} of the hint simulations" if stale else "no simulation"
    message = (
        f"the hint simulations' cache (content/cache/hint_sims.json) is stale for {what}"
        f"{'' if model else ' and the game model (euchre_core/data/game_model.json)'}: the engine they "
        "depend on changed. Run `make sims` (a few minutes) and commit both files."
    )
    if not serve:
        raise GenerateError(message)
    warnings.append(message + " Serving the cached figures meanwhile.")


def _start_runtime(serve: bool) -> tuple[Any, dict[str, Path | bytes]]:
    """The runtime's pre-compilation started (Node, in the background while the pages are made) and
    the runtime's files that do not depend on it."""
    from build_scripts import offline, pyodide_runtime

    try:
        job = pyodide_runtime.start_compile(compiled=not serve)
        files = pyodide_runtime.runtime_base_files()
    except pyodide_runtime.RuntimeMissing as error:
        raise GenerateError(str(error)) from None
    if serve:
        files["sw.js"] = offline.UNREGISTER.encode()
    return job, files


def _runtime(serve: bool) -> dict[str, Path | bytes]:
    from build_scripts import pyodide_runtime

    job, files = _start_runtime(serve)
    return files | pyodide_runtime.runtime_engine_files(job)


def outputs(serve: bool = False, warnings: list[str] | None = None) -> dict[str, Path | bytes]:
    """Every file of the tree: ``{path in the tree: bytes, or a file to copy}``."""
    from build_scripts import precompute, serve_cache, site

    warnings = [] if warnings is None else warnings
    _hint_sims_check(serve, warnings)
    job = None
    if not serve:
        job, base = _start_runtime(serve)
    try:
        generated = site.generate()
        answers = precompute.site_files(generated.pages)
    except site.BuildError as error:
        raise GenerateError(str(error)) from None
    except (precompute.BudgetExceeded, ValueError) as error:
        raise GenerateError(str(error)) from None
    finally:
        if job is not None and sys.exc_info()[0] is not None:
            job.cancel()
    files: dict[str, Path | bytes] = {}
    for path in sorted(DOCS_DIR.rglob("*")):
        if path.is_file():
            src_uri = path.relative_to(DOCS_DIR).as_posix()
            if src_uri in generated.pages:
                raise GenerateError(f"docs/{src_uri} exists, but that page is generated from the data")
            files[src_uri] = path
    index = precompute.index_marker([precompute.answers_path(dest_of(s)) for s in answers])
    api_digest = serve_cache.memo(
        "api-digest",
        serve_cache.signature([REPO_ROOT / "euchre_core"]),
        lambda: tree_digest([REPO_ROOT / "euchre_core"], (".py",)),
    )
    for src_uri, source in list(files.items()):
        if not src_uri.endswith(".md"):
            continue
        text = Path(source).read_text(encoding="utf-8") if isinstance(source, Path) else source.decode()
        if src_uri == "index.md":
            text = text.replace("<!-- law-jump -->", generated.home_law_jump)
        if src_uri == "play.md":  # the game page links the laws its rulings cite
            text = text.replace('data-law-sections=""', f'data-law-sections="{html.escape(generated.law_sections)}"')
        if src_uri.startswith("api/"):  # mkdocstrings reads the docstrings: a docstring edit changes this page
            text += f"\n<!-- the engine's sources: {api_digest} -->\n"
        files[src_uri] = (text.rstrip("\n") + "\n\n" + index + "\n").encode()
    for src_uri, text in generated.pages.items():
        marker = precompute.marker(dest_of(src_uri)) if src_uri in answers else ""
        files[src_uri] = (text.rstrip("\n") + "\n\n" + marker + index + "\n").encode()
    for src_uri, data in answers.items():
        answers_uri = precompute.answers_path(dest_of(src_uri))
        files[answers_uri] = data
        files[answers_uri + ".gz"] = serve_cache.memo(
            f"gz:{answers_uri}", hashlib.sha256(data).hexdigest(), functools.partial(precompute.compressed, data)
        )
    if job is not None:
        from build_scripts import pyodide_runtime

        runtime = base | pyodide_runtime.runtime_engine_files(job)
    else:  # --serve: made once per process (the process restarts on an engine edit)
        runtime = serve_cache.memo("runtime", "", lambda: _runtime(serve))
    for rel, source in runtime.items():
        if rel in files:
            raise GenerateError(f"docs/{rel} exists, but the build writes that file (the browser's runtime)")
        files[rel] = source
    files[NAV_FILE] = (json.dumps(generated.nav, indent=1, ensure_ascii=False) + "\n").encode()
    files[SEARCH_FILE] = (json.dumps(generated.search, indent=1, ensure_ascii=False) + "\n").encode()
    return files


# a page this large takes MkDocs most of a second to render (the director's guide, all the laws on one
# page): under --watch it is written after the small pages, so that an edit reaches its own page first
LARGE_PAGE = 60_000
# the pause between the two: twice the polling interval of ``mkdocs serve``'s watcher (0.5 s), so that
# MkDocs has begun rendering the small pages before the large ones change
STAGGER_SECONDS = 1.0


def write_tree(out: Path, files: dict[str, Path | bytes], report: Report, stagger: float = 0.0) -> None:
    """Write ``files`` into ``out``: only what changed; remove what is no longer there (listed in
    ``out/.generated.json``); renew every page's time when the navigation or the theme changed.

    ``stagger`` (``--watch``): when an edit changes both small pages and pages of over
    :data:`LARGE_PAGE` bytes, the large ones are written ``stagger`` seconds after the rest, so that the
    renderer shows the small pages (a law's own section) without waiting for the large ones (the
    pages that gather every law): two quick renders instead of one slow one.
    """
    out.mkdir(parents=True, exist_ok=True)
    manifest_path = out / MANIFEST
    try:
        manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        manifest = {"files": {}, "theme": ""}
    old: dict[str, str] = manifest.get("files", {})
    new: dict[str, str] = {}
    pending: list[tuple[str, Path | bytes]] = []
    for rel, source in files.items():
        target = out / rel
        if isinstance(source, Path):
            st = source.stat()
            key = f"copy:{source}:{st.st_size}:{st.st_mtime_ns}"
            same = old.get(rel) == key and target.is_file()
        else:
            key = "sha256:" + hashlib.sha256(source).hexdigest()
            same = old.get(rel) == key and target.is_file() and target.stat().st_size == len(source)
        if same:
            report.unchanged += 1
        else:
            pending.append((rel, source))
        new[rel] = key
    theme = tree_digest(THEME_INPUTS) + ":" + new[NAV_FILE]
    full = bool(manifest.get("theme")) and manifest.get("theme") != theme

    def large(item: tuple[str, Path | bytes]) -> bool:
        rel, source = item
        return rel.endswith(".md") and isinstance(source, bytes) and len(source) > LARGE_PAGE

    first, later = pending, []
    if stagger > 0 and not full:
        small = [item for item in pending if not large(item)]
        if small:  # the large pages wait only behind small ones
            first, later = small, [item for item in pending if large(item)]

    def finish() -> None:
        report.written.extend(rel for rel, _ in first + later)
        if full:
            report.full = True
            now = time.time()
            for rel in new:
                if rel.endswith(".md"):
                    os.utime(out / rel, (now, now))
        manifest = {"theme": theme, "files": new}
        docs_tree.write_file(manifest_path, json.dumps(manifest, indent=0, sort_keys=True).encode())

    # each batch under the tree's lock (build_scripts/docs_tree.py): a build of `mkdocs serve` sees the
    # tree before the batch or after it, never in between; the pause lets it build the small pages
    with docs_tree.locked(out):
        for rel, source in first:
            docs_tree.write_file(out / rel, source)
        for rel in sorted(set(old) - set(new)):
            (out / rel).unlink(missing_ok=True)
            report.removed.append(rel)
        if not later:
            finish()
    if later:
        time.sleep(stagger)
        with docs_tree.locked(out):
            for rel, source in later:
                docs_tree.write_file(out / rel, source)
            finish()


def generate(out: Path = DEFAULT_OUT, serve: bool = False, stagger: float = 0.0) -> Report:
    """Write the docs tree into ``out`` (see the module's docstring). Raises :class:`GenerateError`."""
    t0, c0 = time.perf_counter(), time.process_time()
    report = Report()
    files = outputs(serve, report.warnings)
    write_tree(out, files, report, stagger)
    report.seconds, report.cpu_seconds = time.perf_counter() - t0, time.process_time() - c0
    return report


def _ignored(path: str) -> bool:
    """An editor's or Python's by-product, not a source: a compiled file, a backup, a lock, a hidden or
    ``__pycache__`` folder."""
    parts = Path(path).parts
    name = parts[-1] if parts else ""
    if any(p == "__pycache__" or (p.startswith(".") and p not in (".", "..")) for p in parts[:-1]):
        return True
    return name.endswith((".pyc", "~", ".swp")) or name.startswith(".#")


def _stamp(roots: Iterable[Path]) -> dict[str, int]:
    stamps: dict[str, int] = {}
    for root in roots:
        if root.is_file():
            stamps[str(root)] = root.stat().st_mtime_ns
            continue
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = [d for d in dirnames if d != "__pycache__" and not d.startswith(".")]
            for name in filenames:
                path = os.path.join(dirpath, name)
                if _ignored(path):
                    continue
                try:
                    stamps[path] = os.stat(path).st_mtime_ns
                except FileNotFoundError:
                    pass
    return stamps


def _restart_stamp() -> dict[str, int]:
    templates = str(REPO_ROOT / "build_scripts" / "templates")
    return {k: v for k, v in _stamp(RESTART_ROOTS).items() if not k.startswith(templates)}


def _run_once(out: Path, serve: bool, stagger: float = 0.0) -> bool:
    try:
        report = generate(out, serve=serve, stagger=stagger)
    except GenerateError as error:
        print(f"generate: error: {error}", file=sys.stderr, flush=True)
        return False
    for warning in report.warnings:
        print(f"generate: warning: {warning}", file=sys.stderr, flush=True)
    print(f"generate: {report.summary()}", flush=True)
    return True


class _Edits:
    """What the watcher saw since it last looked: set by watchdog's observer thread, for each created,
    changed, moved or deleted source (not an editor's by-product); :meth:`wait` returns once the edits
    have paused for ``quiet`` seconds (an editor's save of several files is one regeneration)."""

    def __init__(self) -> None:
        self._event = threading.Event()

    def dispatch(self, event: Any) -> None:  # watchdog's FileSystemEventHandler interface
        if event.event_type in ("opened", "closed_no_write"):
            return
        paths = [event.src_path, getattr(event, "dest_path", "") or ""]
        if any(p and not _ignored(os.fsdecode(p)) for p in paths):
            self._event.set()

    def wait(self, quiet: float) -> None:
        self._event.wait()
        while self._event.wait(quiet):  # more edits within the pause: wait for the quiet
            self._event.clear()


def watch(out: Path, serve: bool = True, quiet: float = 0.1) -> int:
    """Regenerate on every edit (``--watch``); returns :data:`RESTART_EXIT` when Python (or the
    engine's data) changed, for the caller to start a fresh process. The sources are watched by
    ``watchdog`` (the operating system's notifications, no polling); once the edits pause, the files'
    times say which kind of edit it was."""
    from watchdog.observers import Observer

    from build_scripts import serve_cache

    serve_cache.enabled = True
    restart = _restart_stamp()
    content = _stamp(CONTENT_ROOTS)
    _run_once(out, serve)
    edits = _Edits()
    observer = Observer()
    for root in (*RESTART_ROOTS, *CONTENT_ROOTS):
        folder = root if root.is_dir() else root.parent
        observer.schedule(edits, str(folder), recursive=root.is_dir())  # type: ignore[arg-type]
    observer.start()
    print("generate: watching content/, docs/, overrides/, euchre_core/, build_scripts/, schemas/", flush=True)
    try:
        while True:
            edits.wait(quiet)
            if _restart_stamp() != restart:
                print("generate: Python or the engine's data changed: restarting the generator", flush=True)
                return RESTART_EXIT
            now = _stamp(CONTENT_ROOTS)
            if now != content:
                content = now
                _run_once(out, serve, stagger=STAGGER_SECONDS)
    finally:
        observer.stop()
        observer.join(timeout=5)


def main(argv: list[str] | None = None) -> int:
    """``python -m build_scripts.generate [--out DIR] [--serve] [--watch]``."""
    ap = argparse.ArgumentParser(prog="python -m build_scripts.generate", description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT, help="the docs tree to write (default: build/docs)")
    ap.add_argument("--serve", action="store_true", help="for mkdocs serve: no pre-compiled runtime, no offline copy")
    ap.add_argument("--watch", action="store_true", help="regenerate on every edit (restarts itself on Python edits)")
    args = ap.parse_args(argv)
    out = args.out.resolve()
    if args.watch:
        while watch(out, serve=True) == RESTART_EXIT:
            # a fresh interpreter: the engine and the generator as they are on disk now
            os.execv(sys.executable, [sys.executable, "-m", "build_scripts.generate", "--out", str(out), "--watch"])
        return 0
    return 0 if _run_once(out, args.serve) else 1


if __name__ == "__main__":
    raise SystemExit(main())
