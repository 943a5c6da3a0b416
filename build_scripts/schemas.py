"""JSON Schemas for the content files and the engine's JSON formats (``schemas/``), checked at build time.

One schema a kind of file; :data:`FILES` says which files each covers. :func:`validate` gives one
message per problem: the file, the path inside it and the rule broken, e.g.
``content/laws.yaml: sections[3].laws[0].number: 0 is less than the minimum of 1``. The YAML files
name their schema on their first line (``# yaml-language-server: $schema=...``), so an editor with
the YAML language server checks them while one types. What a schema cannot say (references between
files: a law cited by an erratum exists, ids are unique) stays in :mod:`build_scripts.content` as small
named checks. ``jsonschema`` is a build-time dependency only; the engine itself stays
standard-library only and decodes its inputs with its own typed decoder.

>>> sorted(FILES)[:3]
['case', 'case-completions', 'claims']
>>> validate_all()
[]
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import yaml
from jsonschema import Draft202012Validator

from build_scripts import load_yaml

REPO_ROOT = Path(__file__).resolve().parent.parent
SCHEMA_DIR = REPO_ROOT / "schemas"

# schema name -> the files (glob patterns from the repository root) it describes
FILES: dict[str, tuple[str, ...]] = {
    "laws": ("content/laws.yaml",),
    "terms": ("content/terms.yaml",),
    "hints": ("content/hints.yaml",),
    "errata": ("content/errata.yaml",),
    "preface": ("content/preface.yaml",),
    "concordance": ("content/concordance.yaml",),
    "code": ("content/codes/*.yaml",),
    "lesson": ("content/lessons/*.yaml",),
    "case": ("euchre_core/data/cases/*.json",),
    "scenarios": ("euchre_core/data/scenarios.json",),
    "dealing-scenarios": ("euchre_core/data/dealing_scenarios.json",),
    "table-scenarios": ("euchre_core/data/table_scenarios.json",),
    "claims": ("euchre_core/data/claims.json",),
    "case-completions": ("euchre_core/data/case_completions.json",),
    "hint-tests": ("euchre_core/data/hint_tests.json",),
    "scenario": ("examples/law52_*.json",),
    "position": ("examples/position_*.json",),
    "law-egn": ("examples/law_game_*.egn",),
    "record": (),  # no file in the repository: written by `euchre play --json` / Deal.to_record()
}


@cache
def validator(name: str) -> Draft202012Validator:
    """The validator of ``schemas/<name>.schema.json`` (the schema itself is checked first)."""
    schema = json.loads((SCHEMA_DIR / f"{name}.schema.json").read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


def _path(parts: Any) -> str:
    out = ""
    for part in parts:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "(top level)"


def problems(name: str, data: Any, where: str) -> list[str]:
    """Every way ``data`` breaks schema ``name``, one line each: ``where: path: rule``."""
    errors = sorted(validator(name).iter_errors(data), key=lambda e: (list(map(str, e.absolute_path)), e.message))
    return [f"{where}: {_path(e.absolute_path)}: {e.message[:200]}" for e in errors]


def load(path: Path) -> Any:
    """A content or data file, YAML or JSON."""
    text = path.read_text(encoding="utf-8")
    return load_yaml(text) if path.suffix in (".yaml", ".yml") else json.loads(text)


def files(name: str, root: Path = REPO_ROOT) -> Iterator[Path]:
    for pattern in FILES[name]:
        yield from sorted(root.glob(pattern))


def validate_all(root: Path = REPO_ROOT, names: tuple[str, ...] | None = None) -> list[str]:
    """Check every file named in :data:`FILES` (or those of ``names``) against its schema; empty means valid."""
    found: list[str] = []
    for name in names or tuple(FILES):
        for path in files(name, root):
            where = path.relative_to(root).as_posix()
            found += _file_problems(name, path, where)
    return found


def _file_problems(name: str, path: Path, where: str) -> list[str]:
    """One file's problems; under ``generate --watch``, reused while its bytes are unchanged."""
    from build_scripts import serve_cache

    def check() -> list[str]:
        try:
            data = load(path)
        except (OSError, ValueError, yaml.YAMLError) as error:
            return [f"{where}: cannot be read: {error}"]
        return problems(name, data, where)

    if not serve_cache.enabled:
        return check()
    try:
        key = name + ":" + hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError:
        return check()
    return list(serve_cache.memo(f"schema:{where}", key, check))
