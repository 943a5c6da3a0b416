"""The docs tree between its writer and its reader: the generator (:mod:`build_scripts.generate`)
writes it, MkDocs (through :mod:`build_scripts.hooks`) reads it, never both at once.

Under ``make serve`` the two run side by side: the generator rewrites the files an edit changed while
``mkdocs serve --dirty`` may be rebuilding. A file is replaced whole (:func:`write_file`: a hidden
temporary file in the same folder, then :func:`os.replace`), so no reader sees half a file. And the
tree is changed only under its lock (:func:`locked`), which MkDocs holds from the start of a build
(the hook reads ``.nav.json``) to its end, so that a build sees one state of the tree throughout.
Without the lock, a page rewritten during a dirty build, after MkDocs had decided that it was
unchanged (and not read it) but before it renders the pages it finds changed, was rendered with no
content: Material's search plugin fed ``None`` to its HTML parser (``TypeError: can only concatenate
str (not "NoneType") to str``).

The lock is an advisory ``flock`` on :data:`LOCK_FILE` in the tree (a dot-file, so not a page); where
``fcntl`` is missing (Windows), only the whole-file writes remain.
"""

from __future__ import annotations

import contextlib
import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import IO

try:
    import fcntl
except ImportError:  # pragma: no cover (Windows: no advisory locks; the writes stay atomic)
    fcntl = None  # type: ignore[assignment]

LOCK_FILE = ".tree.lock"
TMP_PREFIX = ".tmp-"  # a hidden name: MkDocs leaves dot-files out of the site (exclude_docs' default)


def acquire(tree: Path) -> IO[bytes]:
    """Wait for the tree's lock and hold it; give the handle back to :func:`release`.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as d:
    ...     release(acquire(Path(d)))
    ...     (Path(d) / LOCK_FILE).is_file()
    True
    """
    tree.mkdir(parents=True, exist_ok=True)
    handle = open(tree / LOCK_FILE, "ab")  # noqa: SIM115 (held across calls: MkDocs' hooks)
    if fcntl is not None:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX)
    return handle


def release(handle: IO[bytes]) -> None:
    """Let the tree's lock go (closing the file would too)."""
    if fcntl is not None:
        fcntl.flock(handle.fileno(), fcntl.LOCK_UN)
    handle.close()


@contextlib.contextmanager
def locked(tree: Path) -> Iterator[None]:
    """Hold the tree's lock for the ``with`` block: no build reads the tree meanwhile."""
    handle = acquire(tree)
    try:
        yield
    finally:
        release(handle)


def write_file(target: Path, source: Path | bytes) -> None:
    """Replace ``target`` whole by ``source`` (a file to copy, or bytes): written to a hidden temporary
    file beside it, then renamed over it, so a reader finds the old file or the new one, never a part;
    if the writing fails, the old file is left as it was and the temporary one is removed.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as d:
    ...     write_file(Path(d) / "a" / "page.md", b"# A\\n")
    ...     sorted(p.name for p in (Path(d) / "a").iterdir()), (Path(d) / "a" / "page.md").read_bytes()
    (['page.md'], b'# A\\n')
    """
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = target.with_name(f"{TMP_PREFIX}{os.getpid()}-{target.name}")
    try:
        if isinstance(source, Path):
            shutil.copyfile(source, tmp)
        else:
            tmp.write_bytes(source)
        os.replace(tmp, target)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
