"""The hint figures' cache keys: a hash of the engine code the figures depend on
(:func:`engine_fingerprint`) and of one simulation's inputs (:func:`spec_hash`), under which
``content/cache/hint_sims.json`` keeps each result (``build_scripts/hint_sims.py``).

>>> spec_hash({"id": "x"}, 10, 1, engine="e") == spec_hash({"id": "x"}, 10, 1, engine="e")
True
"""

from __future__ import annotations

import ast
import hashlib
import json
from importlib import resources
from typing import Any

from ..kernel.version import __version__

__all__ = ["engine_fingerprint", "engine_sources_hash", "spec_hash", "FINGERPRINTS"]


def engine_fingerprint() -> str:
    """A hash of the engine code the figures depend on (solver, deal, tables, rules, cards,
    the hint simulation's modules) and its version: the figures are recomputed when any of it changes. The code
    is hashed as its syntax tree without docstrings, so comments and documentation do not count.

    >>> len(engine_fingerprint())
    16
    """
    raw = engine_sources_hash()
    if raw not in FINGERPRINTS:
        h = hashlib.sha256(__version__.encode())
        for name in _ENGINE_FILES:
            h.update(_code_shape((resources.files("euchre_core") / name).read_text(encoding="utf-8")).encode())
        FINGERPRINTS[raw] = h.hexdigest()[:16]
    return FINGERPRINTS[raw]


_ENGINE_FILES = (
    "search/simulate.py",
    "search/hint_specs.py",
    "search/hint_players.py",
    "search/hint_layouts.py",
    "search/hint_sim.py",
    "search/hint_verdicts.py",
    "search/game_model.py",
    "search/hint_fingerprint.py",
    "search/solver.py",
    "kernel/deal.py",
    "kernel/play.py",
    "kernel/tables.py",
    "kernel/rules.py",
    "kernel/cards.py",
)
FINGERPRINTS: dict[str, str] = {}  # the raw sources' hash -> the fingerprint (a memo: parsing takes time)


def engine_sources_hash() -> str:
    """A quick hash of the engine files' raw text (the key of :data:`FINGERPRINTS`)."""
    h = hashlib.sha256(__version__.encode())
    for name in _ENGINE_FILES:
        h.update((resources.files("euchre_core") / name).read_bytes())
    return h.hexdigest()


def _code_shape(source: str) -> str:
    """The syntax tree of a module without its docstrings, as text."""
    tree = ast.parse(source)
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if (
            isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
            and body
            and isinstance(body[0], ast.Expr)
            and isinstance(body[0].value, ast.Constant)
            and isinstance(body[0].value.value, str)
        ):
            node.body = body[1:] or [ast.Pass()]
    return ast.dump(tree)


def spec_hash(spec: dict[str, Any], samples: int, seed: int, engine: str | None = None, batch: int = 0) -> str:
    """The content hash of one simulation: the spec, the samples (with ``batch``, the cap), the
    seed, the batch and the engine (``engine``: :func:`engine_fingerprint`, computed if not given).

    >>> len(spec_hash({"id": "x"}, 10, 1, engine="e"))
    16
    """
    text = json.dumps(
        {
            "spec": spec,
            "samples": samples,
            "seed": seed,
            "engine": engine or engine_fingerprint(),
            **({"batch": batch} if batch else {}),
        },
        sort_keys=True,
    )
    return hashlib.sha256(text.encode()).hexdigest()[:16]
