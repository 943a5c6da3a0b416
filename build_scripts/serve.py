"""``make serve``: the generator's watcher beside ``mkdocs serve --dirty``.

    python -m build_scripts.serve [--dev-addr 127.0.0.1:8000] [--out build/serve-docs]

Starts ``python -m build_scripts.generate --serve --watch`` (:mod:`build_scripts.generate`: it
rewrites, in ``--out``, the files of the docs tree whose bytes an edit changed, and restarts itself
when Python or the engine's data changed, so the engine is always the one on disk), waits for its
first tree, then ``mkdocs serve --dirty --no-strict`` on that tree (MkDocs warns about every dirty build, and
``strict: true`` would turn that warning into an abort; ``make build`` is the strict check) (``EUCHRE_DOCS_DIR``; ``EUCHRE_GENERATED=1``
tells the hooks not to generate again). MkDocs watches the tree and, with ``--dirty``, renders only
the pages whose files changed. Nothing of MkDocs or Material is patched. The hint simulations are
never run (``make sims``). Ctrl-C stops both.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import threading
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
DEFAULT_OUT = REPO_ROOT / "build" / "serve-docs"


def environment(out: Path) -> dict[str, str]:
    """The processes' environment: the repository importable, the tree generated, no MkDocs 2 banner."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(REPO_ROOT), env.get("PYTHONPATH", "")) if p)
    env.update(EUCHRE_GENERATED="1", EUCHRE_DOCS_DIR=str(out), NO_MKDOCS_2_WARNING="1")
    return env


def main(argv: list[str] | None = None) -> int:
    """Run the watcher and ``mkdocs serve --dirty`` until either stops (or Ctrl-C)."""
    ap = argparse.ArgumentParser(prog="python -m build_scripts.serve")
    ap.add_argument("--dev-addr", default="127.0.0.1:8000")
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT, help="the docs tree (default: build/serve-docs)")
    args = ap.parse_args(argv)
    out = args.out.resolve()
    env = environment(out)
    watcher = subprocess.Popen(
        [sys.executable, "-u", "-m", "build_scripts.generate", "--out", str(out), "--watch"],
        cwd=REPO_ROOT,
        env=env,
        stdout=subprocess.PIPE,
        text=True,
    )
    ready = threading.Event()

    def relay() -> None:
        assert watcher.stdout is not None
        for line in watcher.stdout:
            print(line, end="", flush=True)
            if line.startswith("generate: generated") and (out / ".nav.json").is_file():
                ready.set()
        ready.set()

    threading.Thread(target=relay, daemon=True).start()
    ready.wait()
    if watcher.poll() is not None:
        return watcher.returncode or 1
    server = subprocess.Popen(
        [sys.executable, "-m", "mkdocs", "serve", "--dirty", "--no-strict", "--dev-addr", args.dev_addr],
        cwd=REPO_ROOT,
        env=env,
    )
    try:
        while watcher.poll() is None and server.poll() is None:
            try:
                server.wait(timeout=0.5)
            except subprocess.TimeoutExpired:
                pass
    except KeyboardInterrupt:
        pass
    finally:
        code = server.returncode if server.poll() is not None else 0
        for proc in (server, watcher):
            if proc.poll() is None:
                proc.terminate()
                try:
                    proc.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    proc.kill()
    return code or 0


if __name__ == "__main__":
    raise SystemExit(main())
