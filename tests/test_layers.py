"""The engine's layer contract: ``euchre_core`` is laid out by layer (kernel → laws → formats →
search → app) and each module imports only from its own layer or the layers below it, never a
``_private`` name of another module. ``make test`` runs this, so an upward import fails the suite."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "euchre_core"
LAYERS = ("kernel", "laws", "formats", "search", "app")  # lowest first


def _modules() -> list[Path]:
    return sorted(p for p in PACKAGE.rglob("*.py") if "__pycache__" not in p.parts)


def _layer_of(dotted: str) -> str | None:
    parts = dotted.split(".")
    if len(parts) >= 2 and parts[0] == "euchre_core" and parts[1] in LAYERS:
        return parts[1]
    return None


def _imports(path: Path) -> list[tuple[int, str, list[str]]]:
    """(line, absolute module imported, names imported) for every import of ``path``."""
    rel = path.relative_to(PACKAGE.parent).with_suffix("")
    package = list(rel.parts[:-1]) if rel.name != "__init__" else list(rel.parts[:-1])
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out += [(node.lineno, a.name, []) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            names = [a.name for a in node.names]
            if not node.module:  # "from . import x": each name is a module of that package
                out += [(node.lineno, f"{module}.{n}", []) for n in names]
            else:
                out.append((node.lineno, module, names))
    return out


def test_every_module_is_in_a_layer() -> None:
    for path in _modules():
        rel = path.relative_to(PACKAGE)
        assert len(rel.parts) == 1 and rel.name in {"__init__.py", "__main__.py"} or rel.parts[0] in LAYERS, rel


@pytest.mark.parametrize("path", _modules(), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_imports_point_downward(path: Path) -> None:
    rel = path.relative_to(PACKAGE)
    own = rel.parts[0] if len(rel.parts) > 1 else None
    if own is None:  # the package's __init__/__main__ re-export the public API from any layer
        return
    for line, module, names in _imports(path):
        target = _layer_of(module)
        if target is None:
            assert not module.startswith("euchre_core.") or module in {"euchre_core"}, (rel, line, module)
            continue
        assert LAYERS.index(target) <= LAYERS.index(own), (
            f"{rel}:{line} imports {module}: the {own} layer may import only from "
            f"{', '.join(LAYERS[: LAYERS.index(own) + 1])}"
        )
        if module.split(".")[-1] != rel.stem:
            private = [n for n in names if n.startswith("_") and not n.startswith("__")]
            assert not private, f"{rel}:{line} imports the private names {private} of {module}"


def test_the_contract_catches_an_upward_import(tmp_path: Path) -> None:
    bad = PACKAGE / "kernel" / "_layer_probe.py"
    bad.write_text("from ..app.web import call\n", encoding="utf-8")
    try:
        with pytest.raises(AssertionError):
            test_imports_point_downward(bad)
    finally:
        bad.unlink()
