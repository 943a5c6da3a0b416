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


# ----------------------------------------------------------------------------- no import circles

ROOT = PACKAGE.parent
CYCLE_PACKAGES = ("euchre_core", "build_scripts")  # the data flows one way: engine → generator → docs tree


def import_graph(root: Path, packages: tuple[str, ...] = CYCLE_PACKAGES) -> dict[str, set[str]]:
    """``{module: modules it imports}`` among the modules of ``packages`` under ``root``, read with
    :mod:`ast` from the source: every import counts (at module level, in a function, under
    ``TYPE_CHECKING``); ``from package import name`` points at ``package.name`` when that is a module."""
    paths = {}
    for package in packages:
        for path in sorted((root / package).rglob("*.py")):
            if "__pycache__" in path.parts:
                continue
            parts = list(path.relative_to(root).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            paths[".".join(parts)] = path
    graph: dict[str, set[str]] = {name: set() for name in paths}
    for name, path in paths.items():
        is_package = path.name == "__init__.py"
        here = name.split(".") if is_package else name.split(".")[:-1]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = here[: len(here) - node.level + 1]
                    module = ".".join(base + ([node.module] if node.module else []))
                else:
                    module = node.module or ""
                for alias in node.names:
                    sub = f"{module}.{alias.name}"
                    targets.append(sub if sub in paths else module)
            for target in targets:
                while target and target not in paths:  # "import a.b.c" of a name inside a module
                    target = target.rpartition(".")[0]
                if target and target != name:
                    graph[name].add(target)
    return graph


def import_cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The import circles of ``graph`` (its strongly connected components with more than one module,
    or a module importing itself), each sorted; Tarjan's algorithm, iterative."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    cycles: list[list[str]] = []
    counter = 0
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    top = stack.pop()
                    on_stack.discard(top)
                    component.append(top)
                    if top == node:
                        break
                if len(component) > 1 or node in graph[node]:
                    cycles.append(sorted(component))
    return cycles


def cycle_path(graph: dict[str, set[str]], component: list[str]) -> list[str]:
    """One circle of imports inside ``component`` (one of :func:`import_cycles`), as a path that
    ends where it starts: the shortest from the component's first module back to it.

    >>> cycle_path({"a": {"b"}, "b": {"c", "a"}, "c": {"a"}}, ["a", "b", "c"])
    ['a', 'b', 'a']
    """
    start, inside = component[0], set(component)
    came_from: dict[str, str] = {}
    queue = [start]
    for node in queue:
        for child in sorted(graph[node] & inside):
            if child == start:
                path = [node]
                while path[-1] != start:
                    path.append(came_from[path[-1]])
                return [start, *reversed(path[:-1]), start] if node != start else [start, start]
            if child not in came_from:
                came_from[child] = node
                queue.append(child)
    raise ValueError(f"no circle through {start}")


def describe_cycles(graph: dict[str, set[str]]) -> str:
    """Each circle of ``graph`` as ``a → b → a`` (with the component's other modules), or ``""``."""
    return "; ".join(
        " → ".join(cycle_path(graph, c)) + (f" (in a circle of {len(c)}: {', '.join(c)})" if len(c) > 2 else "")
        for c in import_cycles(graph)
    )


def test_no_import_cycle_in_the_engine_or_the_generator() -> None:
    graph = import_graph(ROOT)
    assert "build_scripts.site" in graph and "euchre_core.kernel.play" in graph  # a module or a package
    found = describe_cycles(graph)
    assert not found, "import circles (each module imports, maybe indirectly, the next): " + found


def test_the_page_modules_import_only_the_bottom_module() -> None:
    """``build_scripts/pages/``: each page module imports ``pages.base`` and lower modules, never another
    page module or ``build_scripts.site`` (which imports them all); ``pages.base`` imports none of them."""
    graph = import_graph(ROOT)
    upper = {m for m in graph if m.startswith("build_scripts.pages.")} | {"build_scripts.site", "build_scripts.pages"}
    upper |= {"build_scripts.lessons_pages"}
    assert "build_scripts.pages.base" in upper and "build_scripts.pages.cases" in graph["build_scripts.site"]
    for module in sorted(upper - {"build_scripts.site"}):
        allowed = set() if module == "build_scripts.pages.base" else {"build_scripts.pages.base"}
        assert graph[module] & upper <= allowed, f"{module} imports {sorted(graph[module] & upper - allowed)}"


def test_the_cycle_check_finds_a_circle(tmp_path: Path) -> None:
    pkg = tmp_path / "euchre_core"
    (pkg / "kernel").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "kernel" / "__init__.py").write_text("")
    (pkg / "kernel" / "a.py").write_text("from .b import x\n")
    (pkg / "kernel" / "b.py").write_text("def f():\n    from euchre_core.kernel import c\n")
    (pkg / "kernel" / "c.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from . import a\n")
    (pkg / "kernel" / "d.py").write_text("from . import a\n")
    graph = import_graph(tmp_path, ("euchre_core",))
    assert import_cycles(graph) == [["euchre_core.kernel.a", "euchre_core.kernel.b", "euchre_core.kernel.c"]]
    assert describe_cycles(graph).startswith("euchre_core.kernel.a → euchre_core.kernel.b → euchre_core.kernel.c")


def test_a_package_and_its_submodules(tmp_path: Path) -> None:
    """A submodule is imported after its package's ``__init__`` (Python's own order, not an import of
    the submodule's): that alone is no circle. An explicit ``from . import x`` of a name of the
    package, or ``from ..pkg import y``, is an import of the ``__init__``, and a circle when the
    ``__init__`` imports the submodule."""
    pkg = tmp_path / "build_scripts" / "site"
    pkg.mkdir(parents=True)
    (tmp_path / "build_scripts" / "__init__.py").write_text("")
    (pkg / "__init__.py").write_text("from .pages import Page\nfrom .nav import nav\nHELP = 1\n")
    (pkg / "pages.py").write_text("import build_scripts.site.nav\nfrom build_scripts.site import nav as n\n")
    (pkg / "nav.py").write_text("def nav():\n    pass\n")
    graph = import_graph(tmp_path, ("build_scripts",))
    assert graph["build_scripts.site.pages"] == {"build_scripts.site.nav"}  # "site.nav" is a module
    assert import_cycles(graph) == []
    (pkg / "pages.py").write_text("import build_scripts.site.nav\n")
    (pkg / "nav.py").write_text("from . import HELP\n")  # a name of the package: its __init__
    graph = import_graph(tmp_path, ("build_scripts",))
    assert describe_cycles(graph).startswith("build_scripts.site → build_scripts.site.nav → build_scripts.site")
    (pkg / "nav.py").write_text("from ..site import HELP\n")  # the same, spelt from the parent
    graph = import_graph(tmp_path, ("build_scripts",))
    assert describe_cycles(graph).startswith("build_scripts.site → build_scripts.site.nav → build_scripts.site")
