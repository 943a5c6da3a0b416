"""A memo for ``make serve``: a regeneration reuses the parts of the docs tree whose inputs did not change.

Only the generator's watcher sets :data:`enabled` (:func:`build_scripts.generate.watch`, ``--watch``);
a single run (``make build``) computes everything. A part's key is a signature of its input files
(path, size, modification time) and any extra text that it depends on; the case and Learn pages'
signature covers all of ``build_scripts/`` (the page modules of :mod:`build_scripts.pages` included).
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, TypeVar

T = TypeVar("T")

enabled = False
_memo: dict[str, tuple[str, Any]] = {}


def signature(roots: Iterable[Path], skip: Iterable[Path] = (), extra: str = "") -> str:
    """A digest of every file under ``roots`` (but ``skip``) by path, size and mtime, plus ``extra``;
    a root may be a file (a missing one counts as missing)."""
    skipped = {Path(p).resolve() for p in skip}
    h = hashlib.sha256(extra.encode())
    for root in roots:
        if not Path(root).is_dir():
            try:
                st = Path(root).stat()
                h.update(f"{root}\0{st.st_size}\0{st.st_mtime_ns}\n".encode())
            except OSError:
                h.update(f"{root}\0missing\n".encode())
            continue
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = sorted(d for d in dirnames if d != "__pycache__")
            for name in sorted(filenames):
                path = Path(dirpath, name)
                if path.resolve() in skipped:
                    continue
                st = path.stat()
                h.update(f"{path}\0{st.st_size}\0{st.st_mtime_ns}\n".encode())
    return h.hexdigest()


def memo(name: str, key: str, compute: Callable[[], T]) -> T:
    """``compute()``, or its last value when serving and ``key`` is unchanged."""
    if not enabled:
        return compute()
    hit = _memo.get(name)
    if hit is not None and hit[0] == key:
        return hit[1]  # type: ignore[no-any-return]
    value = compute()
    _memo[name] = (key, value)
    return value
