"""The site's ``pyodide-lock.json`` has the form the ``pyodide-lock`` tool gives (its committed answer,
``build_scripts/pyodide-lock-reference.json``), and that answer is current for the installed Pyodide
and the engine's wheel (else: run ``build_scripts/pyodide_lock_reference.py`` as its docstring says)."""

from __future__ import annotations

import hashlib
import io
import json
import zipfile

from build_scripts import pyodide_runtime
from build_scripts.engine_wheel import build_engine_wheel

REFERENCE = json.loads(pyodide_runtime.LOCK_REFERENCE.read_text(encoding="utf-8"))
WHEEL_FIELDS = {"file_name", "version", "sha256"}  # what the build fills in from the wheel it made
HOW = "run build_scripts/pyodide_lock_reference.py under Python >= 3.12 with pyodide-lock (its docstring)"


def test_the_reference_was_made_for_the_installed_pyodide() -> None:
    runtime = json.loads((pyodide_runtime.PYODIDE_DIR / "pyodide-lock.json").read_text(encoding="utf-8"))
    assert REFERENCE["info"] == runtime["info"], f"Pyodide changed since the reference was made: {HOW}"
    assert REFERENCE["generated_by"].startswith("pyodide-lock")


def test_the_reference_describes_the_engines_wheel() -> None:
    name, data = build_engine_wheel()
    wheel = zipfile.ZipFile(io.BytesIO(data))
    tops = sorted({n.split("/")[0] for n in wheel.namelist() if n.endswith(".py") and "/" in n})
    metadata = wheel.read(next(n for n in wheel.namelist() if n.endswith(".dist-info/METADATA"))).decode()
    package = REFERENCE["package"]
    assert package["imports"] == tops, HOW
    assert package["name"] == pyodide_runtime.PACKAGE and f"\nName: {package['name']}\n" in metadata.replace(
        "euchre_core", "euchre-core"
    )
    assert package["depends"] == [] and "Requires-Dist:" not in metadata, HOW  # the engine has no dependencies
    assert (package["install_dir"], package["package_type"]) == ("site", "package")


def test_the_sites_lock_is_the_reference_with_the_wheels_name_version_and_hash() -> None:
    name, data = build_engine_wheel()
    entry = pyodide_runtime.lock_file(name, data)["packages"][pyodide_runtime.PACKAGE]
    assert set(entry) == set(REFERENCE["package"])
    assert {k: v for k, v in entry.items() if k not in WHEEL_FIELDS} == {
        k: v for k, v in REFERENCE["package"].items() if k not in WHEEL_FIELDS
    }
    assert entry["file_name"] == name and entry["sha256"] == hashlib.sha256(data).hexdigest()
    assert entry["version"] == pyodide_runtime.engine_version() and name.startswith(f"euchre_core-{entry['version']}-")
