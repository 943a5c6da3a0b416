"""The engine's entry of the site's ``pyodide-lock.json``, as the ``pyodide-lock`` tool writes it.

``pyodide-lock`` (PyPI, the design card's tool) needs Python >= 3.12 and the project's venv may be
3.10 or 3.11 (``make venv`` uses the machine's ``python3``; ``pip install pyodide-lock`` refuses it
there, see ARCHITECTURE.md), so the tool is not run by the build: it is run once, by hand, after a
Pyodide upgrade or a change of the wheel's shape, and its answer is committed as
``build_scripts/pyodide-lock-reference.json``::

    python3.12 -m venv /tmp/venv-lock
    /tmp/venv-lock/bin/pip install pyodide-lock[wheel]==0.2.1
    .venv/bin/python -c "from build_scripts.engine_wheel import build_engine_wheel as b; \\
        import pathlib; n, d = b(); pathlib.Path('/tmp', n).write_bytes(d); print('/tmp/' + n)"
    /tmp/venv-lock/bin/python build_scripts/pyodide_lock_reference.py /tmp/euchre_core-VERSION-py3-none-any.whl

It reads the runtime's lock (``node_modules/pyodide/pyodide-lock.json``) with
``PyodideLockSpec.from_json``, adds the wheel with ``pyodide_lock.utils.add_wheels_to_spec`` and keeps
the runtime's ``info`` and our package's entry. The build (:func:`build_scripts.pyodide_runtime.lock_file`)
copies that entry and fills in only what depends on the wheel's bytes: its file name, version and
sha256. ``tests/test_pyodide_lock.py`` checks that the reference is current: the same runtime
``info`` as the installed Pyodide, the same imports as the wheel's packages.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
REFERENCE = Path(__file__).resolve().with_name("pyodide-lock-reference.json")
RUNTIME_LOCK = REPO_ROOT / "node_modules" / "pyodide" / "pyodide-lock.json"
PACKAGE = "euchre-core"


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python3.12 build_scripts/pyodide_lock_reference.py ENGINE_WHEEL", file=sys.stderr)
        return 2
    try:
        from pyodide_lock import PyodideLockSpec  # type: ignore[import-not-found,unused-ignore]
        from pyodide_lock.utils import add_wheels_to_spec  # type: ignore[import-not-found,unused-ignore]
    except ImportError:
        print("pyodide-lock is not installed here (pip install 'pyodide-lock[wheel]==0.2.1', Python >= 3.12)")
        return 1
    spec = add_wheels_to_spec(PyodideLockSpec.from_json(RUNTIME_LOCK), [Path(argv[0])])
    full = spec.to_dict()
    out = {
        "generated_by": "pyodide-lock (build_scripts/pyodide_lock_reference.py)",
        "info": full["info"],
        "package": full["packages"][PACKAGE],
    }
    REFERENCE.write_text(json.dumps(out, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"{REFERENCE.relative_to(REPO_ROOT)}: {sorted(out['package'])}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
