"""The docs tree between the generator and MkDocs (build_scripts/docs_tree.py): a file is replaced
whole or not at all, and the tree changes only while no build holds its lock (``make serve``: a page
rewritten during a dirty build was once rendered with no content, and Material's search plugin raised
``TypeError: can only concatenate str (not "NoneType") to str``)."""

from __future__ import annotations

import fcntl
import shutil
import threading
from pathlib import Path

import pytest

from build_scripts import docs_tree, generate


def _half_then_fail(target: Path, data: bytes) -> None:
    """Write half of ``data`` to ``target``, then fail as a full disk would."""
    with open(target, "wb") as handle:
        handle.write(data[: len(data) // 2])
    raise OSError(28, "No space left on device")


def test_a_write_that_fails_midway_leaves_the_old_file_and_no_partial_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    page = tmp_path / "laws" / "the-revoke.md"
    docs_tree.write_file(page, b"# The revoke\n\nthe old text\n")
    monkeypatch.setattr(Path, "write_bytes", lambda self, data: _half_then_fail(self, data))
    with pytest.raises(OSError, match="No space"):
        docs_tree.write_file(page, b"# The revoke\n\n" + b"the new text " * 1000)
    assert page.read_bytes() == b"# The revoke\n\nthe old text\n"
    assert [p.name for p in page.parent.iterdir()] == ["the-revoke.md"]


def test_a_copy_that_fails_midway_leaves_the_old_file_and_no_partial_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    source = tmp_path / "engine.whl"
    source.write_bytes(b"PK" + b"x" * 10_000)
    target = tmp_path / "tree" / "pyodide" / "engine.whl"
    docs_tree.write_file(target, b"the old wheel")
    monkeypatch.setattr(shutil, "copyfile", lambda src, dst: _half_then_fail(Path(dst), Path(src).read_bytes()))
    with pytest.raises(OSError):
        docs_tree.write_file(target, source)
    assert target.read_bytes() == b"the old wheel"
    assert [p.name for p in target.parent.iterdir()] == ["engine.whl"]


def test_a_reader_sees_the_old_file_or_the_new_one(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """While the new bytes are being written the path still holds the old file (the temporary file is
    hidden: a dot-file, which MkDocs leaves out of the site)."""
    page = tmp_path / "page.md"
    docs_tree.write_file(page, b"old")
    seen: list[tuple[bytes, list[str]]] = []
    real = Path.write_bytes

    def write_and_look(self: Path, data: bytes) -> int:
        written = real(self, data)
        seen.append((page.read_bytes(), sorted(p.name for p in tmp_path.iterdir() if p != page)))
        return written

    monkeypatch.setattr(Path, "write_bytes", write_and_look)
    docs_tree.write_file(page, b"new")
    assert page.read_bytes() == b"new"
    ((old, others),) = seen
    assert old == b"old" and len(others) == 1 and others[0].startswith(docs_tree.TMP_PREFIX)


def _locked_elsewhere(tree: Path) -> bool:
    """Whether another holder has the tree's lock (tried without waiting, from a file of our own)."""
    with open(tree / docs_tree.LOCK_FILE, "ab") as handle:
        try:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return True
        fcntl.flock(handle.fileno(), fcntl.LOCK_UN)
        return False


def test_the_generator_does_not_change_the_tree_while_a_build_holds_it(tmp_path: Path) -> None:
    out = tmp_path / "tree"
    files: dict[str, Path | bytes] = {"a.md": b"# A\n", "b.md": b"# B\n", generate.NAV_FILE: b"[1]"}
    generate.write_tree(out, files, generate.Report())
    edited: dict[str, Path | bytes] = {"a.md": b"# A, edited\n", "c.md": b"# C\n", generate.NAV_FILE: b"[2]"}
    writer = threading.Thread(target=generate.write_tree, args=(out, edited, generate.Report()))
    with docs_tree.locked(out):  # a build, from its navigation to its last page
        writer.start()
        writer.join(timeout=0.5)  # (on a slow machine the writer may simply not have begun: no false failure)
        assert writer.is_alive(), "the generator wrote the tree under a build"
        assert (out / "a.md").read_bytes() == b"# A\n" and (out / "b.md").is_file() and not (out / "c.md").exists()
        assert (out / generate.NAV_FILE).read_bytes() == b"[1]"
    writer.join()
    assert (out / "a.md").read_bytes() == b"# A, edited\n" and not (out / "b.md").exists()
    assert (out / generate.NAV_FILE).read_bytes() == b"[2]" and not _locked_elsewhere(out)


def test_a_build_holds_the_tree_from_its_navigation_to_its_end(tmp_path: Path) -> None:
    """build_scripts/hooks.py: the lock is taken before .nav.json is read and given back when the
    build ends, or stops on an error."""
    from build_scripts import hooks

    hooks._hold_tree(tmp_path)
    try:
        assert _locked_elsewhere(tmp_path)
    finally:
        hooks.on_build_error(RuntimeError("a page failed"))
    assert not _locked_elsewhere(tmp_path)
    hooks.on_build_error(RuntimeError("again"))  # nothing held: nothing to give back
