"""The browser's Python: the Pyodide runtime files and the engine's wheel, added to the site.

``mkdocs build`` (and ``mkdocs serve``) put in ``site/pyodide/`` only what the reader's browser
needs to run :mod:`euchre_core` (the MkDocs hook :func:`build_scripts.hooks.on_files` adds them to
the file collection as virtual files, so both commands serve them and nothing is written to
``docs/``; a build writes the files that depend on the pre-compilation, below, in ``on_post_build``):

* ``pyodide.mjs``, ``pyodide.asm.mjs``, ``pyodide.asm.wasm``, ``python_stdlib.zip``: the runtime,
  copied from the npm package (``node_modules/pyodide``, installed by ``make node-deps``, i.e.
  ``npm ci``, pinned in ``package.json``);
* ``euchre_core-<version>-py3-none-any.whl``: the engine's wheel, built by the declared backend
  (:mod:`build_scripts.engine_wheel`: ``python -m build --wheel`` with ``SOURCE_DATE_EPOCH``, so the
  same sources give the same bytes and the same hash; the same wheel ``pip install .`` gives), its
  pycs added by the ``wheel`` tool (``wheel unpack`` / ``wheel pack``: :func:`with_files`);
* ``pyodide-lock.json``: a reduced lock file, the runtime's ``info`` and one package, ours, in the
  form the ``pyodide-lock`` tool gives it (:mod:`build_scripts.pyodide_lock_reference`) with this
  wheel's sha256, so that ``loadPyodide({packages: ["euchre-core"]})`` fetches the wheel from the
  site with an integrity check and nothing from any other host.

Pre-compiled (``mkdocs build``, when Node is installed; :class:`CompileJob`, in the background while
the pages are made): the exact Python of the wasm, run by Node at build time
(``build_scripts/pyodide_compile.mjs``), compiles the standard
library and the engine to ``.pyc`` with the public ``py_compile`` (unchecked-hash pycs). Not
``pyodide py-compile`` (pyodide-build): it compiles with the Python that runs it, and no CPython of the
runtime's version (3.14) is on the machine, so its pycs would carry the wrong magic number (ARCHITECTURE.md). The site's ``python_stdlib.zip`` then holds only the modules the
runtime and the engine import (pre-compiled, no sources), ``python_stdlib_rest.zip`` the rest (loaded
by the worker on the first import of one of them: the console), and the wheel carries a
``__pycache__`` pyc beside each module. The result is cached in ``.cache/pyodide-compiled/`` under
the hash of its inputs (the runtime, the wheel, the script), so only a change to the engine runs Node
again. Without Node, or with ``EUCHRE_PYC=0``, the runtime is shipped as the npm package has it.

>>> name, data = build_wheel()
>>> name.startswith("euchre_core-") and name.endswith("-py3-none-any.whl")
True
>>> import io, zipfile
>>> names = zipfile.ZipFile(io.BytesIO(data)).namelist()
>>> "euchre_core/app/web.py" in names and any(n.endswith(".dist-info/RECORD") for n in names)
True
>>> build_wheel()[1] == data          # reproducible
True
"""

from __future__ import annotations

import gzip
import hashlib
import json
import logging
import os
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path
from typing import Any

from build_scripts.engine_wheel import SOURCE_DATE_EPOCH, build_engine_wheel

REPO_ROOT = Path(__file__).resolve().parent.parent
ENGINE_DIR = REPO_ROOT / "euchre_core"
PYODIDE_DIR = REPO_ROOT / "node_modules" / "pyodide"
SITE_FOLDER = "pyodide"  # site/pyodide/
RUNTIME_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
PACKAGE = "euchre-core"  # the lock file's key (the canonical name)
DIST = "euchre_core"  # the wheel's distribution name
COMPILE_SCRIPT = Path(__file__).resolve().with_name("pyodide_compile.mjs")
LOCK_REFERENCE = Path(__file__).resolve().with_name("pyodide-lock-reference.json")  # pyodide-lock's entry
COMPILED_CACHE = REPO_ROOT / ".cache" / "pyodide-compiled"
COMPILED_FILES = ("python_stdlib.zip", "python_stdlib_rest.zip", "engine_pyc.zip", "manifest.json")
GZIPPED_FILES = ("pyodide.asm.wasm", "pyodide.asm.mjs")  # also shipped as NAME.gz (see gzipped_copy)
GZIP_CACHE = REPO_ROOT / ".cache" / "pyodide-gz"
log = logging.getLogger("mkdocs.plugins.euchre")


class RuntimeMissing(Exception):
    """The Pyodide npm package is not installed (the message says how to install it)."""


def engine_version(engine_dir: Path = ENGINE_DIR) -> str:
    """``euchre_core.__version__``, read from the source (not imported: ``mkdocs serve`` may have an old copy).

    >>> bool(re.fullmatch(r"\\d+(\\.\\d+)*\\S*", engine_version()))
    True
    """
    text = (engine_dir / "kernel" / "version.py").read_text(encoding="utf-8")
    m = re.search(r'^__version__\s*=\s*["\']([^"\']+)["\']', text, re.M)
    if not m:
        raise RuntimeMissing("euchre_core/kernel/version.py has no __version__")
    return m.group(1)


def build_wheel(extra: dict[str, bytes] | None = None) -> tuple[str, bytes]:
    """The engine's wheel ``(file name, bytes)``, built by the declared backend
    (:func:`build_scripts.engine_wheel.build_engine_wheel`: what ``pip install .`` installs). ``extra``:
    files the browser's copy adds (the pre-compiled ``__pycache__`` pycs for Pyodide's Python), added by
    :func:`with_files` (``wheel unpack`` / ``wheel pack``, which writes the RECORD)."""
    name, data = build_engine_wheel()
    if not extra:
        return name, data
    return name, with_files(name, data, extra)


class WheelPackError(RuntimeError):
    """``wheel unpack`` or ``wheel pack`` failed; the message has its output."""


def with_files(wheel_name: str, wheel: bytes, extra: dict[str, bytes]) -> bytes:
    """``wheel`` with ``extra`` files (name in the wheel -> bytes) added, by the ``wheel`` tool's own
    commands: ``python -m wheel unpack``, the files written into the tree, ``python -m wheel pack``
    (which lists every file in a new RECORD with its hash). ``SOURCE_DATE_EPOCH`` and fixed modes keep
    the result reproducible.

    >>> import io
    >>> name, data = build_wheel()
    >>> packed = with_files(name, data, {"euchre_core/NOTE.txt": b"hello"})
    >>> z = zipfile.ZipFile(io.BytesIO(packed))
    >>> z.read("euchre_core/NOTE.txt"), packed == with_files(name, data, {"euchre_core/NOTE.txt": b"hello"})
    (b'hello', True)
    >>> record = z.read(next(n for n in z.namelist() if n.endswith("RECORD"))).decode()
    >>> "euchre_core/NOTE.txt,sha256=" in record
    True
    """
    env = {**os.environ, "SOURCE_DATE_EPOCH": SOURCE_DATE_EPOCH}
    with tempfile.TemporaryDirectory(prefix="euchre-wheel-pack-") as tmp:
        source, tree, out = Path(tmp) / wheel_name, Path(tmp) / "tree", Path(tmp) / "out"
        source.write_bytes(wheel)
        _wheel_tool(["unpack", "--dest", str(tree), str(source)], env)
        (root,) = tree.iterdir()
        for name, data in sorted(extra.items()):
            target = root / name
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
        for path in root.rglob("*"):  # the same modes whatever the umask
            path.chmod(0o755 if path.is_dir() else 0o644)
        out.mkdir()
        _wheel_tool(["pack", "--dest-dir", str(out), str(root)], env)
        (packed,) = out.glob("*.whl")
        return packed.read_bytes()


def _wheel_tool(args: list[str], env: dict[str, str]) -> None:
    done = subprocess.run([sys.executable, "-m", "wheel", *args], capture_output=True, text=True, env=env)
    if done.returncode != 0:
        raise WheelPackError(f"python -m wheel {args[0]} failed: {(done.stderr or done.stdout).strip()[-500:]}")


def lock_file(wheel_name: str, wheel: bytes, pyodide_dir: Path = PYODIDE_DIR) -> dict[str, Any]:
    """The site's reduced ``pyodide-lock.json``: the runtime's ``info`` and one package, ours: the entry
    that the ``pyodide-lock`` tool wrote for the engine's wheel (``build_scripts/pyodide-lock-reference.json``,
    see :mod:`build_scripts.pyodide_lock_reference`), with this wheel's file name, version and sha256.

    >>> lock = lock_file("euchre_core-0.0.0-py3-none-any.whl", b"wheel bytes")
    >>> entry = lock["packages"]["euchre-core"]
    >>> entry["file_name"], entry["imports"], entry["sha256"] == hashlib.sha256(b"wheel bytes").hexdigest()
    ('euchre_core-0.0.0-py3-none-any.whl', ['euchre_core'], True)
    """
    full = json.loads((pyodide_dir / "pyodide-lock.json").read_text(encoding="utf-8"))
    reference = json.loads(LOCK_REFERENCE.read_text(encoding="utf-8"))
    entry = {
        **reference["package"],
        "file_name": wheel_name,
        "version": engine_version(),
        "sha256": hashlib.sha256(wheel).hexdigest(),
    }
    return {"info": full["info"], "packages": {PACKAGE: entry}}


def _sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


class CompileJob:
    """The runtime being pre-compiled for one wheel: from the cache at once, or by Node
    (``build_scripts/pyodide_compile.mjs``, a few seconds) running in the background from the moment
    the job is made, so that a build renders its pages meanwhile; :meth:`result` waits for it.

    ``enabled=False`` (``EUCHRE_PYC=0``, ``mkdocs serve``) makes a job whose result is ``None``.
    """

    def __init__(
        self,
        wheel_name: str,
        wheel: bytes,
        pyodide_dir: Path = PYODIDE_DIR,
        cache: Path = COMPILED_CACHE,
        enabled: bool = True,
    ) -> None:
        self.wheel_name, self.wheel, self.cache = wheel_name, wheel, cache
        self._proc: subprocess.Popen[str] | None = None
        self._tmp: tempfile.TemporaryDirectory[str] | None = None
        self._done: Path | None = None
        self._finished = not enabled
        if not enabled:
            return
        stdlib = _sha256((pyodide_dir / "python_stdlib.zip").read_bytes()).encode()
        key = _sha256(
            b"\0".join(
                [
                    (pyodide_dir / "pyodide-lock.json").read_bytes(),
                    stdlib,
                    COMPILE_SCRIPT.read_bytes(),
                    _sha256(wheel).encode(),
                ]
            )
        )[:20]
        self.folder = cache / key
        if all((self.folder / name).is_file() for name in COMPILED_FILES):
            self._done, self._finished = self.folder, True
            return
        node = shutil.which("node")
        if node is None:
            log.info("euchre: Node is not installed: the Python runtime is shipped uncompiled (see ARCHITECTURE.md)")
            self._finished = True
            return
        cache.mkdir(parents=True, exist_ok=True)
        self._tmp = tempfile.TemporaryDirectory(dir=cache)
        wheel_path = Path(self._tmp.name) / wheel_name
        wheel_path.write_bytes(wheel)
        self._out = Path(self._tmp.name) / "out"
        try:
            self._proc = subprocess.Popen(
                [node, str(COMPILE_SCRIPT), str(pyodide_dir), str(wheel_path), str(self._out)],
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
        except OSError as error:
            log.info(f"euchre: the runtime could not be pre-compiled ({error}): shipped uncompiled")
            self._end()

    def result(self, timeout: float = 600) -> Path | None:
        """The folder of the pre-compiled runtime (:data:`COMPILED_FILES`), or ``None`` when Node is
        missing or fails (the build then ships the runtime uncompiled, and says so)."""
        if self._finished:
            return self._done
        assert self._proc is not None
        try:
            stdout, stderr = self._proc.communicate(timeout=timeout)
        except subprocess.TimeoutExpired as error:
            self.cancel()
            log.info(f"euchre: the runtime could not be pre-compiled ({error}): shipped uncompiled")
            return None
        if self._proc.returncode != 0 or not all((self._out / name).is_file() for name in COMPILED_FILES):
            last = (stderr or stdout).strip().splitlines()[-1:] or ["no output"]
            log.info(f"euchre: the runtime could not be pre-compiled ({last[0][:200]}): shipped uncompiled")
            self._end()
            return None
        for old in self.cache.iterdir():  # keep the cache small: the previous entries go
            if old.is_dir() and re.fullmatch(r"[0-9a-f]{20}", old.name):
                shutil.rmtree(old, ignore_errors=True)
        self._out.rename(self.folder)
        self._done = self.folder
        self._end()
        return self._done

    def cancel(self) -> None:
        """Stop Node (a build that failed does not wait for it)."""
        if self._proc is not None and self._proc.poll() is None:
            self._proc.kill()
            self._proc.wait(timeout=10)
        if self._proc is not None:
            for pipe in (self._proc.stdout, self._proc.stderr):
                if pipe is not None:
                    pipe.close()
        self._end()

    def _end(self) -> None:
        self._finished = True
        if self._tmp is not None:
            self._tmp.cleanup()
            self._tmp = None


def gzipped_copy(source: Path, cache: Path = GZIP_CACHE) -> Path:
    """``source`` compressed by gzip (level 9, no name, no time: the same bytes give the same file),
    cached under the hash of its bytes.

    Why: a static host that does not compress (a plain file server, a CDN bucket) would send the
    9.6 MB wasm as it is; the worker fetches ``pyodide.asm.wasm.gz`` (3.5 MB) and inflates it in the
    browser with ``DecompressionStream`` while the wasm compiles (docs/javascripts/engine-worker.mjs).
    A host that compresses already (GitHub Pages) sends the .gz as it is: the same bytes on the wire.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as d:
    ...     src = Path(d) / "a.bin"
    ...     _ = src.write_bytes(b"euchre " * 1000)
    ...     gz = gzipped_copy(src, Path(d) / "cache")
    ...     gzip.decompress(gz.read_bytes()) == src.read_bytes(), gz.stat().st_size < 200, gzipped_copy(src, Path(d) / "cache") == gz
    (True, True, True)
    """
    data = source.read_bytes()
    target = cache / f"{_sha256(data)[:24]}.gz"
    if target.is_file():
        return target
    cache.mkdir(parents=True, exist_ok=True)
    packed = gzip.compress(data, compresslevel=9, mtime=0)
    tmp = target.with_suffix(".tmp")
    tmp.write_bytes(packed)
    tmp.replace(target)
    return target


def start_compile(pyodide_dir: Path = PYODIDE_DIR, compiled: bool = True) -> CompileJob:
    """The engine's wheel built now and its runtime pre-compiled in the background (:class:`CompileJob`),
    unless ``compiled`` is false or the environment sets ``EUCHRE_PYC=0``."""
    _check_runtime(pyodide_dir)
    wheel_name, wheel = build_wheel()
    wanted = compiled and os.environ.get("EUCHRE_PYC", "1") != "0"
    return CompileJob(wheel_name, wheel, pyodide_dir, enabled=wanted)


def _check_runtime(pyodide_dir: Path) -> None:
    missing = [name for name in RUNTIME_FILES + ("pyodide-lock.json",) if not (pyodide_dir / name).is_file()]
    if missing:
        raise RuntimeMissing(
            f"the Pyodide runtime is not installed ({pyodide_dir.relative_to(REPO_ROOT)}/ lacks "
            f"{', '.join(missing)}): run `make node-deps` (npm ci)"
        )


def runtime_base_files(pyodide_dir: Path = PYODIDE_DIR) -> dict[str, Path | bytes]:
    """The runtime's files that do not depend on the engine: its JavaScript and wasm, and their
    compressed copies (:func:`gzipped_copy`). Raises :class:`RuntimeMissing`."""
    _check_runtime(pyodide_dir)
    files: dict[str, Path | bytes] = {
        f"{SITE_FOLDER}/{name}": pyodide_dir / name for name in RUNTIME_FILES if name != "python_stdlib.zip"
    }
    for name in GZIPPED_FILES:
        files[f"{SITE_FOLDER}/{name}.gz"] = gzipped_copy(pyodide_dir / name)
    return files


def runtime_engine_files(job: CompileJob, pyodide_dir: Path = PYODIDE_DIR) -> dict[str, Path | bytes]:
    """The files that depend on the engine, once ``job`` is done: the standard library (pre-compiled
    and split in two, or as the npm package has it), the wheel (with its pycs) and the lock file."""
    files: dict[str, Path | bytes] = {f"{SITE_FOLDER}/python_stdlib.zip": pyodide_dir / "python_stdlib.zip"}
    wheel_name, wheel = job.wheel_name, job.wheel
    folder = job.result()
    if folder is not None:
        for name in ("python_stdlib.zip", "python_stdlib_rest.zip"):
            files[f"{SITE_FOLDER}/{name}"] = folder / name
        with zipfile.ZipFile(folder / "engine_pyc.zip") as zf:
            pycs = {name: zf.read(name) for name in zf.namelist()}
        wheel_name, wheel = build_wheel(extra=pycs)
    files[f"{SITE_FOLDER}/{wheel_name}"] = wheel
    lock = json.dumps(lock_file(wheel_name, wheel, pyodide_dir), indent=1, sort_keys=True) + "\n"
    files[f"{SITE_FOLDER}/pyodide-lock.json"] = lock.encode()
    return files
